/* vkb_format.c — enum mgp_format to VkFormat, checked against this device once at screen
 * creation, with the substitutions GL needs (RGB8 without a 3-byte device format, a depth
 * format the device lacks). Each format's shape (bytes, channels, kind, layout, name) is
 * formats.def's; the memory layout it describes is the layout of the VkFormat named here:
 * packed formats match Vulkan's PACK16/PACK32 formats bit for bit. */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "pipe_pixel.h"
#include "vkb.h"

struct format_row {
   uint16_t mgp;
   VkFormat vk;
   VkImageAspectFlags aspect;
   VkFormat subst[2]; /* tried in order when vk lacks what the format is for */
};

#define C VK_IMAGE_ASPECT_COLOR_BIT
#define D VK_IMAGE_ASPECT_DEPTH_BIT
#define S VK_IMAGE_ASPECT_STENCIL_BIT
#define NO VK_FORMAT_UNDEFINED
#define KF MGP_SAMPLER_KIND_FLOAT
#define KI MGP_SAMPLER_KIND_INT
#define KU MGP_SAMPLER_KIND_UINT

static const struct format_row rows[] = {
   {MGP_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM, C, {NO, NO}},
   {MGP_FORMAT_RG8_UNORM, VK_FORMAT_R8G8_UNORM, C, {NO, NO}},
   {MGP_FORMAT_RGB8_UNORM, VK_FORMAT_R8G8B8_UNORM, C, {VK_FORMAT_R8G8B8A8_UNORM, NO}},
   {MGP_FORMAT_RGBA8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, C, {NO, NO}},
   {MGP_FORMAT_RGBA8_SRGB, VK_FORMAT_R8G8B8A8_SRGB, C, {NO, NO}},
   {MGP_FORMAT_BGRA8_UNORM, VK_FORMAT_B8G8R8A8_UNORM, C, {NO, NO}},
   {MGP_FORMAT_R8_SNORM, VK_FORMAT_R8_SNORM, C, {NO, NO}},
   {MGP_FORMAT_RG8_SNORM, VK_FORMAT_R8G8_SNORM, C, {NO, NO}},
   {MGP_FORMAT_RGBA8_SNORM, VK_FORMAT_R8G8B8A8_SNORM, C, {NO, NO}},
   {MGP_FORMAT_R16_UNORM, VK_FORMAT_R16_UNORM, C, {NO, NO}},
   {MGP_FORMAT_RG16_UNORM, VK_FORMAT_R16G16_UNORM, C, {NO, NO}},
   {MGP_FORMAT_RGBA16_UNORM, VK_FORMAT_R16G16B16A16_UNORM, C, {NO, NO}},
   {MGP_FORMAT_R8_UINT, VK_FORMAT_R8_UINT, C, {NO, NO}},
   {MGP_FORMAT_RG8_UINT, VK_FORMAT_R8G8_UINT, C, {NO, NO}},
   {MGP_FORMAT_RGBA8_UINT, VK_FORMAT_R8G8B8A8_UINT, C, {NO, NO}},
   {MGP_FORMAT_R8_SINT, VK_FORMAT_R8_SINT, C, {NO, NO}},
   {MGP_FORMAT_RG8_SINT, VK_FORMAT_R8G8_SINT, C, {NO, NO}},
   {MGP_FORMAT_RGBA8_SINT, VK_FORMAT_R8G8B8A8_SINT, C, {NO, NO}},
   {MGP_FORMAT_R16_UINT, VK_FORMAT_R16_UINT, C, {NO, NO}},
   {MGP_FORMAT_RG16_UINT, VK_FORMAT_R16G16_UINT, C, {NO, NO}},
   {MGP_FORMAT_RGBA16_UINT, VK_FORMAT_R16G16B16A16_UINT, C, {NO, NO}},
   {MGP_FORMAT_R16_SINT, VK_FORMAT_R16_SINT, C, {NO, NO}},
   {MGP_FORMAT_RG16_SINT, VK_FORMAT_R16G16_SINT, C, {NO, NO}},
   {MGP_FORMAT_RGBA16_SINT, VK_FORMAT_R16G16B16A16_SINT, C, {NO, NO}},
   {MGP_FORMAT_R32_UINT, VK_FORMAT_R32_UINT, C, {NO, NO}},
   {MGP_FORMAT_RG32_UINT, VK_FORMAT_R32G32_UINT, C, {NO, NO}},
   {MGP_FORMAT_RGBA32_UINT, VK_FORMAT_R32G32B32A32_UINT, C, {NO, NO}},
   {MGP_FORMAT_R32_SINT, VK_FORMAT_R32_SINT, C, {NO, NO}},
   {MGP_FORMAT_RG32_SINT, VK_FORMAT_R32G32_SINT, C, {NO, NO}},
   {MGP_FORMAT_RGBA32_SINT, VK_FORMAT_R32G32B32A32_SINT, C, {NO, NO}},
   {MGP_FORMAT_R16_FLOAT, VK_FORMAT_R16_SFLOAT, C, {NO, NO}},
   {MGP_FORMAT_RG16_FLOAT, VK_FORMAT_R16G16_SFLOAT, C, {NO, NO}},
   {MGP_FORMAT_RGBA16_FLOAT, VK_FORMAT_R16G16B16A16_SFLOAT, C, {NO, NO}},
   {MGP_FORMAT_R32_FLOAT, VK_FORMAT_R32_SFLOAT, C, {NO, NO}},
   {MGP_FORMAT_RG32_FLOAT, VK_FORMAT_R32G32_SFLOAT, C, {NO, NO}},
   {MGP_FORMAT_RGB32_FLOAT, VK_FORMAT_R32G32B32_SFLOAT, C, {VK_FORMAT_R32G32B32A32_SFLOAT, NO}},
   {MGP_FORMAT_RGBA32_FLOAT, VK_FORMAT_R32G32B32A32_SFLOAT, C, {NO, NO}},
   /* RGB32 integers: the front end names them only for buffer textures (texel-buffer views of
    * the 12-byte format itself); an image of one is kept as RGBA, as RGB32_FLOAT's is */
   {MGP_FORMAT_RGB32_UINT, VK_FORMAT_R32G32B32_UINT, C, {VK_FORMAT_R32G32B32A32_UINT, NO}},
   {MGP_FORMAT_RGB32_SINT, VK_FORMAT_R32G32B32_SINT, C, {VK_FORMAT_R32G32B32A32_SINT, NO}},
   {MGP_FORMAT_RGB10A2_UNORM, VK_FORMAT_A2B10G10R10_UNORM_PACK32, C, {NO, NO}},
   {MGP_FORMAT_RGB10A2_UINT, VK_FORMAT_A2B10G10R10_UINT_PACK32, C, {NO, NO}},
   {MGP_FORMAT_R11G11B10_FLOAT, VK_FORMAT_B10G11R11_UFLOAT_PACK32, C, {NO, NO}},
   {MGP_FORMAT_RGB9E5_FLOAT, VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, C, {NO, NO}},
   {MGP_FORMAT_RGB565_UNORM, VK_FORMAT_R5G6B5_UNORM_PACK16, C, {NO, NO}},
   {MGP_FORMAT_RGBA4_UNORM, VK_FORMAT_R4G4B4A4_UNORM_PACK16, C, {NO, NO}},
   {MGP_FORMAT_RGB5A1_UNORM, VK_FORMAT_R5G5B5A1_UNORM_PACK16, C, {NO, NO}},
   {MGP_FORMAT_D16_UNORM, VK_FORMAT_D16_UNORM, D, {VK_FORMAT_D32_SFLOAT, NO}},
   {MGP_FORMAT_D24_UNORM_S8_UINT,
    VK_FORMAT_D24_UNORM_S8_UINT,
    D | S,
    {VK_FORMAT_D32_SFLOAT_S8_UINT, NO}},
   {MGP_FORMAT_D32_FLOAT, VK_FORMAT_D32_SFLOAT, D, {VK_FORMAT_D32_SFLOAT_S8_UINT, NO}},
   {MGP_FORMAT_D32_FLOAT_S8_UINT,
    VK_FORMAT_D32_SFLOAT_S8_UINT,
    D | S,
    {VK_FORMAT_D24_UNORM_S8_UINT, NO}},
   {MGP_FORMAT_S8_UINT,
    VK_FORMAT_S8_UINT,
    S,
    {VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT}},
   {MGP_FORMAT_X8_D24_UNORM,
    VK_FORMAT_X8_D24_UNORM_PACK32,
    D,
    {VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT}},
   {MGP_FORMAT_R16_SNORM, VK_FORMAT_R16_SNORM, C, {NO, NO}},
   {MGP_FORMAT_RG16_SNORM, VK_FORMAT_R16G16_SNORM, C, {NO, NO}},
   {MGP_FORMAT_RGBA16_SNORM, VK_FORMAT_R16G16B16A16_SNORM, C, {NO, NO}},
};

const char *
vkb_format_name(unsigned f)
{
   return mgp_format_name(f);
}

static uint8_t
vk_texel_size(VkFormat f, uint8_t fallback)
{
   switch (f) {
   case VK_FORMAT_R8G8B8A8_UNORM:
   case VK_FORMAT_D24_UNORM_S8_UINT:
   case VK_FORMAT_D32_SFLOAT: return 4;
   case VK_FORMAT_R32G32B32A32_SFLOAT: return 16;
   case VK_FORMAT_D32_SFLOAT_S8_UINT: return 8;
   default: return fallback;
   }
}

static bool
usable(VkFormatFeatureFlags feat, VkImageAspectFlags aspect)
{
   if (aspect & (D | S))
      return (feat & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) != 0;
   return (feat & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) &&
          (feat & VK_FORMAT_FEATURE_TRANSFER_DST_BIT) &&
          (feat & VK_FORMAT_FEATURE_TRANSFER_SRC_BIT);
}

static VkImageAspectFlags
aspect_of(VkFormat f)
{
   switch (f) {
   case VK_FORMAT_D16_UNORM:
   case VK_FORMAT_D32_SFLOAT:
   case VK_FORMAT_X8_D24_UNORM_PACK32: return D;
   case VK_FORMAT_D24_UNORM_S8_UINT:
   case VK_FORMAT_D32_SFLOAT_S8_UINT:
   case VK_FORMAT_D16_UNORM_S8_UINT: return D | S;
   case VK_FORMAT_S8_UINT: return S;
   default: return C;
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
   const char *name = mgp_format_name(mgp);
   const size_t n = strlen(name);
   for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
      if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
         return true;
   return false;
}

/* The mgp_format whose memory layout a picked VkFormat has: the format itself, or the one
 * that names its substitute (RGB8 stored as RGBA8, D24S8 as D32FS8, ...). */
static uint16_t
storage_of(VkFormat pick, uint16_t mgp)
{
   for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
      if (rows[i].vk == pick)
         return rows[i].mgp;
   return mgp;
}

enum mgp_depth_layout
vkb_format_depth_layout(VkFormat vk)
{
   switch (vk) {
   case VK_FORMAT_D16_UNORM:
   case VK_FORMAT_D16_UNORM_S8_UINT: return MGP_DEPTH_UNORM16;
   case VK_FORMAT_X8_D24_UNORM_PACK32:
   case VK_FORMAT_D24_UNORM_S8_UINT: return MGP_DEPTH_UNORM24;
   default: return MGP_DEPTH_FLOAT32;
   }
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
      const struct mgp_format_desc *d = mgp_format_desc(row->mgp);
      f->wanted = row->vk;
      f->texel_size = d->bytes;
      f->kind = d->kind == MGP_FORMAT_KIND_UINT || d->kind == MGP_FORMAT_KIND_STENCIL ? KU
                : d->kind == MGP_FORMAT_KIND_SINT                                     ? KI
                                                                                      : KF;
      f->has_alpha = d->bits[3] != 0;
      if (wanted_props.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT)
         f->caps |= MGP_FORMAT_CAP_VERTEX;
      if (pick == VK_FORMAT_UNDEFINED) {
         mgu_info("vulkan: format %s has no usable Vulkan format on this device",
                  mgp_format_name(row->mgp));
         continue;
      }
      vkGetPhysicalDeviceFormatProperties(scr->phys, pick, &p);
      f->vk = pick;
      f->aspect = aspect_of(pick);
      f->vk_texel_size = pick == row->vk ? d->bytes : vk_texel_size(pick, d->bytes);
      f->storage = storage_of(pick, row->mgp);
      f->depth_layout = vkb_format_depth_layout(pick);
      f->expand_rgb = (row->mgp == MGP_FORMAT_RGB8_UNORM || row->mgp == MGP_FORMAT_RGB32_FLOAT ||
                       row->mgp == MGP_FORMAT_RGB32_UINT || row->mgp == MGP_FORMAT_RGB32_SINT) &&
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
      /* a shader image of the format is loaded and stored in the format itself: not where
       * the image is another format standing in for it */
      if ((ft & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) && pick == row->vk)
         f->caps |= MGP_FORMAT_CAP_STORAGE;
      if ((ft & VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT) && pick == row->vk)
         f->caps |= MGP_FORMAT_CAP_STORAGE_ATOMIC;
      scr->format_mapped[row->mgp] = true;
      if (pick != row->vk) {
         scr->format_substitution[row->mgp] = "substituted";
         mgu_info("vulkan: format %s substituted: VkFormat %d -> %d", mgp_format_name(row->mgp),
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
   case VK_FORMAT_R8G8B8A8_UNORM:
   case VK_FORMAT_R8G8B8A8_SRGB:
   case VK_FORMAT_B8G8R8A8_UNORM: v = 0xff, n = 1; break;
   case VK_FORMAT_R8G8B8A8_SNORM: v = 0x7f, n = 1; break;
   case VK_FORMAT_R8G8B8A8_UINT:
   case VK_FORMAT_R8G8B8A8_SINT: v = 1, n = 1; break;
   case VK_FORMAT_R16G16B16A16_UNORM: v = 0xffff, n = 2; break;
   case VK_FORMAT_R16G16B16A16_SNORM: v = 0x7fff, n = 2; break;
   case VK_FORMAT_R16G16B16A16_SFLOAT: v = 0x3c00, n = 2; break;
   case VK_FORMAT_R16G16B16A16_UINT:
   case VK_FORMAT_R16G16B16A16_SINT: v = 1, n = 2; break;
   case VK_FORMAT_R32G32B32A32_SFLOAT: v = 0x3f800000u, n = 4; break;
   case VK_FORMAT_R32G32B32A32_UINT:
   case VK_FORMAT_R32G32B32A32_SINT: v = 1, n = 4; break;
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
