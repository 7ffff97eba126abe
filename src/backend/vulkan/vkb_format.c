/* vkb_format.c — enum mgp_format to VkFormat, checked against this device once at screen
 * creation, with the substitutions GL needs (RGB8 without a 3-byte device format, a depth
 * format the device lacks). The memory layout of each mgp_format (what resource_subdata's
 * source texels look like) is the layout of the VkFormat it names: packed formats are GL's
 * *_REV-free orders that match Vulkan's PACK16/PACK32 formats bit for bit. */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vkb.h"

struct format_row {
   uint16_t mgp;
   VkFormat vk;
   uint8_t texel_size;
   uint8_t kind;
   uint8_t has_alpha;
   VkImageAspectFlags aspect;
   VkFormat subst[2]; /* tried in order when vk lacks what the format is for */
};

#define C VK_IMAGE_ASPECT_COLOR_BIT
#define D VK_IMAGE_ASPECT_DEPTH_BIT
#define S VK_IMAGE_ASPECT_STENCIL_BIT
#define KF MGP_SAMPLER_KIND_FLOAT
#define KI MGP_SAMPLER_KIND_INT
#define KU MGP_SAMPLER_KIND_UINT
#define NO VK_FORMAT_UNDEFINED

static const struct format_row rows[] = {
   {MGP_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM, 1, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RG8_UNORM, VK_FORMAT_R8G8_UNORM, 2, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RGB8_UNORM, VK_FORMAT_R8G8B8_UNORM, 3, KF, 0, C, {VK_FORMAT_R8G8B8A8_UNORM, NO}},
   {MGP_FORMAT_RGBA8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, 4, KF, 1, C, {NO, NO}},
   {MGP_FORMAT_RGBA8_SRGB, VK_FORMAT_R8G8B8A8_SRGB, 4, KF, 1, C, {NO, NO}},
   {MGP_FORMAT_BGRA8_UNORM, VK_FORMAT_B8G8R8A8_UNORM, 4, KF, 1, C, {NO, NO}},
   {MGP_FORMAT_R8_SNORM, VK_FORMAT_R8_SNORM, 1, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RG8_SNORM, VK_FORMAT_R8G8_SNORM, 2, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RGBA8_SNORM, VK_FORMAT_R8G8B8A8_SNORM, 4, KF, 1, C, {NO, NO}},
   {MGP_FORMAT_R16_UNORM, VK_FORMAT_R16_UNORM, 2, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RG16_UNORM, VK_FORMAT_R16G16_UNORM, 4, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RGBA16_UNORM, VK_FORMAT_R16G16B16A16_UNORM, 8, KF, 1, C, {NO, NO}},
   {MGP_FORMAT_R8_UINT, VK_FORMAT_R8_UINT, 1, KU, 0, C, {NO, NO}},
   {MGP_FORMAT_RG8_UINT, VK_FORMAT_R8G8_UINT, 2, KU, 0, C, {NO, NO}},
   {MGP_FORMAT_RGBA8_UINT, VK_FORMAT_R8G8B8A8_UINT, 4, KU, 1, C, {NO, NO}},
   {MGP_FORMAT_R8_SINT, VK_FORMAT_R8_SINT, 1, KI, 0, C, {NO, NO}},
   {MGP_FORMAT_RG8_SINT, VK_FORMAT_R8G8_SINT, 2, KI, 0, C, {NO, NO}},
   {MGP_FORMAT_RGBA8_SINT, VK_FORMAT_R8G8B8A8_SINT, 4, KI, 1, C, {NO, NO}},
   {MGP_FORMAT_R16_UINT, VK_FORMAT_R16_UINT, 2, KU, 0, C, {NO, NO}},
   {MGP_FORMAT_RG16_UINT, VK_FORMAT_R16G16_UINT, 4, KU, 0, C, {NO, NO}},
   {MGP_FORMAT_RGBA16_UINT, VK_FORMAT_R16G16B16A16_UINT, 8, KU, 1, C, {NO, NO}},
   {MGP_FORMAT_R16_SINT, VK_FORMAT_R16_SINT, 2, KI, 0, C, {NO, NO}},
   {MGP_FORMAT_RG16_SINT, VK_FORMAT_R16G16_SINT, 4, KI, 0, C, {NO, NO}},
   {MGP_FORMAT_RGBA16_SINT, VK_FORMAT_R16G16B16A16_SINT, 8, KI, 1, C, {NO, NO}},
   {MGP_FORMAT_R32_UINT, VK_FORMAT_R32_UINT, 4, KU, 0, C, {NO, NO}},
   {MGP_FORMAT_RG32_UINT, VK_FORMAT_R32G32_UINT, 8, KU, 0, C, {NO, NO}},
   {MGP_FORMAT_RGBA32_UINT, VK_FORMAT_R32G32B32A32_UINT, 16, KU, 1, C, {NO, NO}},
   {MGP_FORMAT_R32_SINT, VK_FORMAT_R32_SINT, 4, KI, 0, C, {NO, NO}},
   {MGP_FORMAT_RG32_SINT, VK_FORMAT_R32G32_SINT, 8, KI, 0, C, {NO, NO}},
   {MGP_FORMAT_RGBA32_SINT, VK_FORMAT_R32G32B32A32_SINT, 16, KI, 1, C, {NO, NO}},
   {MGP_FORMAT_R16_FLOAT, VK_FORMAT_R16_SFLOAT, 2, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RG16_FLOAT, VK_FORMAT_R16G16_SFLOAT, 4, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RGBA16_FLOAT, VK_FORMAT_R16G16B16A16_SFLOAT, 8, KF, 1, C, {NO, NO}},
   {MGP_FORMAT_R32_FLOAT, VK_FORMAT_R32_SFLOAT, 4, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RG32_FLOAT, VK_FORMAT_R32G32_SFLOAT, 8, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RGB32_FLOAT, VK_FORMAT_R32G32B32_SFLOAT, 12, KF, 0, C,
    {VK_FORMAT_R32G32B32A32_SFLOAT, NO}},
   {MGP_FORMAT_RGBA32_FLOAT, VK_FORMAT_R32G32B32A32_SFLOAT, 16, KF, 1, C, {NO, NO}},
   {MGP_FORMAT_RGB10A2_UNORM, VK_FORMAT_A2B10G10R10_UNORM_PACK32, 4, KF, 1, C, {NO, NO}},
   {MGP_FORMAT_RGB10A2_UINT, VK_FORMAT_A2B10G10R10_UINT_PACK32, 4, KU, 1, C, {NO, NO}},
   {MGP_FORMAT_R11G11B10_FLOAT, VK_FORMAT_B10G11R11_UFLOAT_PACK32, 4, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RGB9E5_FLOAT, VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, 4, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RGB565_UNORM, VK_FORMAT_R5G6B5_UNORM_PACK16, 2, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RGBA4_UNORM, VK_FORMAT_R4G4B4A4_UNORM_PACK16, 2, KF, 1, C, {NO, NO}},
   {MGP_FORMAT_RGB5A1_UNORM, VK_FORMAT_R5G5B5A1_UNORM_PACK16, 2, KF, 1, C, {NO, NO}},
   {MGP_FORMAT_D16_UNORM, VK_FORMAT_D16_UNORM, 2, KF, 0, D, {VK_FORMAT_D32_SFLOAT, NO}},
   {MGP_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D24_UNORM_S8_UINT, 4, KF, 0, D | S,
    {VK_FORMAT_D32_SFLOAT_S8_UINT, NO}},
   {MGP_FORMAT_D32_FLOAT, VK_FORMAT_D32_SFLOAT, 4, KF, 0, D, {VK_FORMAT_D32_SFLOAT_S8_UINT, NO}},
   {MGP_FORMAT_D32_FLOAT_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT, 8, KF, 0, D | S,
    {VK_FORMAT_D24_UNORM_S8_UINT, NO}},
   {MGP_FORMAT_S8_UINT, VK_FORMAT_S8_UINT, 1, KU, 0, S,
    {VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT}},
   {MGP_FORMAT_X8_D24_UNORM, VK_FORMAT_X8_D24_UNORM_PACK32, 4, KF, 0, D,
    {VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT}},
   {MGP_FORMAT_R16_SNORM, VK_FORMAT_R16_SNORM, 2, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RG16_SNORM, VK_FORMAT_R16G16_SNORM, 4, KF, 0, C, {NO, NO}},
   {MGP_FORMAT_RGBA16_SNORM, VK_FORMAT_R16G16B16A16_SNORM, 8, KF, 1, C, {NO, NO}},
};

static const char *const names[MGP_FORMAT_COUNT] = {
   "NONE", "R8_UNORM", "RG8_UNORM", "RGB8_UNORM", "RGBA8_UNORM", "RGBA8_SRGB", "BGRA8_UNORM",
   "R8_SNORM", "RG8_SNORM", "RGBA8_SNORM", "R16_UNORM", "RG16_UNORM", "RGBA16_UNORM",
   "R8_UINT", "RG8_UINT", "RGBA8_UINT", "R8_SINT", "RG8_SINT", "RGBA8_SINT", "R16_UINT",
   "RG16_UINT", "RGBA16_UINT", "R16_SINT", "RG16_SINT", "RGBA16_SINT", "R32_UINT", "RG32_UINT",
   "RGBA32_UINT", "R32_SINT", "RG32_SINT", "RGBA32_SINT", "R16_FLOAT", "RG16_FLOAT",
   "RGBA16_FLOAT", "R32_FLOAT", "RG32_FLOAT", "RGB32_FLOAT", "RGBA32_FLOAT", "RGB10A2_UNORM",
   "RGB10A2_UINT", "R11G11B10_FLOAT", "RGB9E5_FLOAT", "RGB565_UNORM", "RGBA4_UNORM",
   "RGB5A1_UNORM", "D16_UNORM", "D24_UNORM_S8_UINT", "D32_FLOAT", "D32_FLOAT_S8_UINT", "S8_UINT",
   "X8_D24_UNORM", "R16_SNORM", "RG16_SNORM", "RGBA16_SNORM",
};
_Static_assert(sizeof(names) / sizeof(names[0]) == MGP_FORMAT_COUNT, "a name per mgp_format");

const char *
vkb_format_name(unsigned f)
{
   return f < MGP_FORMAT_COUNT ? names[f] : "invalid";
}

static uint8_t
vk_texel_size(VkFormat f, uint8_t fallback)
{
   switch (f) {
   case VK_FORMAT_R8G8B8A8_UNORM:
   case VK_FORMAT_D24_UNORM_S8_UINT:
   case VK_FORMAT_D32_SFLOAT:
      return 4;
   case VK_FORMAT_R32G32B32A32_SFLOAT:
      return 16;
   case VK_FORMAT_D32_SFLOAT_S8_UINT:
      return 8;
   default:
      return fallback;
   }
}

static bool
usable(VkFormatFeatureFlags feat, VkImageAspectFlags aspect)
{
   if (aspect & (D | S))
      return (feat & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) != 0;
   return (feat & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) &&
          (feat & VK_FORMAT_FEATURE_TRANSFER_DST_BIT) && (feat & VK_FORMAT_FEATURE_TRANSFER_SRC_BIT);
}

static VkImageAspectFlags
aspect_of(VkFormat f)
{
   switch (f) {
   case VK_FORMAT_D16_UNORM:
   case VK_FORMAT_D32_SFLOAT:
   case VK_FORMAT_X8_D24_UNORM_PACK32:
      return D;
   case VK_FORMAT_D24_UNORM_S8_UINT:
   case VK_FORMAT_D32_SFLOAT_S8_UINT:
   case VK_FORMAT_D16_UNORM_S8_UINT:
      return D | S;
   case VK_FORMAT_S8_UINT:
      return S;
   default:
      return C;
   }
}

/* MGL_TEST_VK_HIDE_FORMATS=RGB8_UNORM,D24_UNORM_S8_UINT,... treats those formats' own
 * VkFormats as unsupported, so their substitutions run on a device that has them (test-only;
 * read once at screen creation). */
static bool
hidden_for_test(unsigned mgp)
{
   const char *list = getenv("MGL_TEST_VK_HIDE_FORMATS");
   if (!list)
      return false;
   const size_t n = strlen(names[mgp]);
   for (const char *p = list; (p = strstr(p, names[mgp])) != NULL; p += n)
      if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
         return true;
   return false;
}

void
vkb_format_init(struct vkb_screen *scr)
{
   memset(scr->formats, 0, sizeof(scr->formats));
   memset(scr->format_mapped, 0, sizeof(scr->format_mapped));
   for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      const struct format_row *row = &rows[i];
      struct vkb_format *f = &scr->formats[row->mgp];
      VkFormatProperties p;
      VkFormat pick = VK_FORMAT_UNDEFINED;
      VkFormat tries[3] = {row->vk, row->subst[0], row->subst[1]};
      const int first = hidden_for_test(row->mgp) ? 1 : 0;
      for (int t = first; t < 3 && tries[t] != VK_FORMAT_UNDEFINED; t++) {
         vkGetPhysicalDeviceFormatProperties(scr->phys, tries[t], &p);
         if (usable(p.optimalTilingFeatures, row->aspect)) {
            pick = tries[t];
            break;
         }
      }
      VkFormatProperties wanted_props;
      vkGetPhysicalDeviceFormatProperties(scr->phys, row->vk, &wanted_props);
      f->wanted = row->vk;
      f->texel_size = row->texel_size;
      f->kind = row->kind;
      f->has_alpha = row->has_alpha;
      if (wanted_props.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT)
         f->caps |= MGP_FORMAT_CAP_VERTEX;
      if (pick == VK_FORMAT_UNDEFINED) {
         mgu_info("vulkan: format %s has no usable Vulkan format on this device",
                  names[row->mgp]);
         continue;
      }
      vkGetPhysicalDeviceFormatProperties(scr->phys, pick, &p);
      f->vk = pick;
      f->aspect = aspect_of(pick);
      f->vk_texel_size = pick == row->vk ? row->texel_size : vk_texel_size(pick, row->texel_size);
      f->expand_rgb = (row->mgp == MGP_FORMAT_RGB8_UNORM || row->mgp == MGP_FORMAT_RGB32_FLOAT) &&
                      pick != row->vk;
      VkFormatFeatureFlags ft = p.optimalTilingFeatures;
      if (ft & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)
         f->caps |= MGP_FORMAT_CAP_SAMPLE;
      if (ft & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)
         f->caps |= MGP_FORMAT_CAP_FILTER;
      if (ft & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)
         f->caps |= MGP_FORMAT_CAP_RENDER;
      if (ft & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT)
         f->caps |= MGP_FORMAT_CAP_BLEND;
      if (ft & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)
         f->caps |= MGP_FORMAT_CAP_DEPTH_STENCIL;
      scr->format_mapped[row->mgp] = true;
      if (pick != row->vk) {
         scr->format_substitution[row->mgp] = "substituted";
         mgu_info("vulkan: format %s substituted: VkFormat %d -> %d", names[row->mgp],
                  (int)row->vk, (int)pick);
      }
   }
   for (unsigned i = 0; i < MGP_FORMAT_COUNT; i++) {
      scr->formats_no_alpha[i] = scr->formats[i];
      scr->formats_no_alpha[i].has_alpha = 0;
   }
}

VkFormat
vkb_format_linear(VkFormat vk)
{
   switch (vk) {
   case VK_FORMAT_R8G8B8A8_SRGB: return VK_FORMAT_R8G8B8A8_UNORM;
   case VK_FORMAT_B8G8R8A8_SRGB: return VK_FORMAT_B8G8R8A8_UNORM;
   case VK_FORMAT_R8G8B8_SRGB: return VK_FORMAT_R8G8B8_UNORM;
   default: return vk;
   }
}

uint32_t
vkb_format_alpha_one(VkFormat vk, uint8_t one[4])
{
   uint32_t v, n;
   switch (vk) {
   case VK_FORMAT_R8G8B8A8_UNORM: case VK_FORMAT_R8G8B8A8_SRGB: case VK_FORMAT_B8G8R8A8_UNORM:
      v = 0xff, n = 1;
      break;
   case VK_FORMAT_R8G8B8A8_SNORM: v = 0x7f, n = 1; break;
   case VK_FORMAT_R8G8B8A8_UINT: case VK_FORMAT_R8G8B8A8_SINT: v = 1, n = 1; break;
   case VK_FORMAT_R16G16B16A16_UNORM: v = 0xffff, n = 2; break;
   case VK_FORMAT_R16G16B16A16_SNORM: v = 0x7fff, n = 2; break;
   case VK_FORMAT_R16G16B16A16_SFLOAT: v = 0x3c00, n = 2; break;
   case VK_FORMAT_R16G16B16A16_UINT: case VK_FORMAT_R16G16B16A16_SINT: v = 1, n = 2; break;
   case VK_FORMAT_R32G32B32A32_SFLOAT: v = 0x3f800000u, n = 4; break;
   case VK_FORMAT_R32G32B32A32_UINT: case VK_FORMAT_R32G32B32A32_SINT: v = 1, n = 4; break;
   default: return 0;
   }
   for (uint32_t i = 0; i < n; i++)
      one[i] = (uint8_t)(v >> (8 * i));
   return n;
}

const struct vkb_format *
vkb_format_get(const struct vkb_screen *scr, unsigned mgp_format)
{
   if (mgp_format >= MGP_FORMAT_COUNT || !scr->format_mapped[mgp_format])
      return NULL;
   return &scr->formats[mgp_format];
}

const struct vkb_format *
vkb_format_get_alpha(const struct vkb_screen *scr, unsigned mgp_format, bool no_alpha)
{
   const struct vkb_format *f = vkb_format_get(scr, mgp_format);
   return f && no_alpha ? &scr->formats_no_alpha[mgp_format] : f;
}
