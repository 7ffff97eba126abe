/* fe_internalformat.c — glGetInternalformativ / glGetInternalformati64v: ES 3.0 §6.1.15 and
 * GL 4.2's ARB_internalformat_query (the sample counts of a renderable format), and on desktop
 * contexts GL 4.3's ARB_internalformat_query2 (GL 4.6 §22.3, every pname of it). Every answer
 * is what the front end does with the format on this device: the format tables (fe_format.c),
 * the checks glTexImage*, glTexBuffer and glRenderbufferStorage apply (a "resource" the query
 * calls supported is one those calls create), the format mgl stores it as
 * (fe_format_choose) and the device's per-format caps (mgp_caps.format_flags). */
#include <limits.h>

#include "fe_es_ext.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_texcompress.h"
#include "fe_texture_priv.h"
#include "gl_api.h"

#define FE_GL_SRGB_DECODE_ARB 0x8299 /* where EXT_texture_sRGB_decode is offered */

/* The query's targets (GL 4.6 Table 22.3 ... the texture targets and RENDERBUFFER). */
static bool
query_target(GLenum target)
{
   switch (target) {
   case GL_TEXTURE_1D:
   case GL_TEXTURE_1D_ARRAY:
   case GL_TEXTURE_2D:
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_3D:
   case GL_TEXTURE_CUBE_MAP:
   case GL_TEXTURE_CUBE_MAP_ARRAY:
   case GL_TEXTURE_RECTANGLE:
   case GL_TEXTURE_BUFFER:
   case GL_RENDERBUFFER:
   case GL_TEXTURE_2D_MULTISAMPLE:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: return true;
   default: return false;
   }
}

static bool
depth_stencil_kind(uint8_t kind)
{
   return kind == FE_FMT_DEPTH || kind == FE_FMT_DEPTH_STENCIL || kind == FE_FMT_STENCIL;
}

static bool
integer_kind(uint8_t kind)
{
   return kind == FE_FMT_INT || kind == FE_FMT_UINT;
}

/* What one query is about: the target, the format and what mgl would create for them. */
struct iq {
   struct fe_context *ctx;
   GLenum target;
   int t; /* enum fe_tex_target; -1 for RENDERBUFFER */
   GLenum internalformat;
   const struct fe_format_info *info;
   bool supported;
   uint16_t fmt; /* the mgp_format the resource is stored as */
   const struct fe_mgp_format_desc *fd;
   unsigned flags; /* caps.format_flags[fmt] */
};

static bool
ms_target(int t)
{
   return t == FE_TEX_2D_MS || t == FE_TEX_2D_MS_ARRAY;
}

static bool
buffer_format(const struct fe_context *ctx, GLenum f)
{
   const bool rgb32 = f == GL_RGB32F || f == GL_RGB32I || f == GL_RGB32UI;
   return fe_texture_buffer_format(f) || (rgb32 && fe_texture_buffer_rgb32_offered(ctx));
}

/* Whether glTexImage*, glCompressedTexImage*, glTexImage*Multisample, glTexBuffer or
 * glRenderbufferStorage create an image of q's format for its target in this context (the
 * query's "resource"). */
static bool
resource_supported(const struct iq *q)
{
   const struct fe_context *ctx = q->ctx;
   const struct fe_format_info *info = q->info;
   if (!info || (fe_format_compat_only(info) && !ctx->compat))
      return false;
   if (q->target == GL_RENDERBUFFER)
      return fe_format_color_renderable(ctx, info) || depth_stencil_kind(info->kind);
   if (q->t < 0)
      return false; /* a texture target this context does not offer */
   if (q->t == FE_TEX_BUFFER)
      return fe_texture_buffer_offered(ctx) && !fe_format_is_legacy(info) &&
             buffer_format(ctx, q->internalformat);
   /* the specific compressed formats: 2D images (not rectangles) only, and ASTC's slices
    * (KHR_texture_compression_astc_sliced_3d) */
   if (info->block)
      return fe_tex_compressed_format(ctx, q->internalformat) &&
             (q->t == FE_TEX_2D || q->t == FE_TEX_2D_ARRAY || q->t == FE_TEX_CUBE ||
              q->t == FE_TEX_CUBE_ARRAY || (q->t == FE_TEX_3D && fe_block_is_astc(info->block)));
   if (!info->texture)
      return false;
   const uint8_t kind = fe_mgp_format(q->fmt)->kind;
   if (ms_target(q->t)) /* the luminance/alpha ones where colour-renderable */
      return fe_format_color_renderable(ctx, info) || depth_stencil_kind(kind);
   if (q->t == FE_TEX_3D)
      return !fe_format_is_legacy(info) && !depth_stencil_kind(kind);
   return true;
}

static struct iq
iq_make(struct fe_context *ctx, GLenum target, GLenum internalformat)
{
   struct iq q = {.ctx = ctx, .target = target, .internalformat = internalformat};
   q.t = target == GL_RENDERBUFFER ? -1 : fe_tex_target_index(ctx, target);
   q.info = fe_format_lookup(internalformat);
   if (q.info) {
      const struct mgp_caps *caps = ctx->share->caps;
      if (target == GL_RENDERBUFFER)
         q.fmt = fe_format_choose(caps, q.info->format,
                                  depth_stencil_kind(q.info->kind) ? MGP_FORMAT_CAP_DEPTH_STENCIL
                                                                   : MGP_FORMAT_CAP_RENDER);
      else if (q.t == FE_TEX_BUFFER)
         q.fmt = q.info->format; /* as asked: the server declines one it cannot view */
      else
         q.fmt = fe_format_choose(caps, q.info->format, MGP_FORMAT_CAP_SAMPLE);
   }
   q.fd = fe_mgp_format(q.fmt);
   q.flags =
      q.fmt < sizeof(ctx->share->caps->format_flags) ? ctx->share->caps->format_flags[q.fmt] : 0;
   q.supported = resource_supported(&q);
   return q;
}

/* ---- the sample counts (ARB_internalformat_query) ----------------------------------------- */

/* The sample counts a renderbuffer or multisample texture of a renderable format can have,
 * most first, as the device reports them for the format it is created as
 * (caps.format_sample_counts), the counts glRenderbufferStorageMultisample rounds to, up to the
 * limit of the target's class: GL_MAX_INTEGER_SAMPLES for integer formats,
 * GL_MAX_DEPTH_TEXTURE_SAMPLES and GL_MAX_COLOR_TEXTURE_SAMPLES for textures (what
 * glTexImage2DMultisample allows); none for integer formats in ES 3.0, which does not
 * multisample them. */
static GLsizei
sample_counts(const struct fe_context *ctx, const struct fe_format_info *info, bool texture,
              GLint64 counts[8])
{
   GLsizei n = 0;
   const bool integer = integer_kind(info->kind);
   if (integer && ctx->desc.api == FE_API_GLES)
      return 0;
   const struct mgp_caps *caps = ctx->share->caps;
   const uint32_t mask = fe_format_sample_mask(caps, info);
   const bool ds = info->kind == FE_FMT_DEPTH || info->kind == FE_FMT_DEPTH_STENCIL;
   const uint32_t max = fe_max_samples(caps, integer    ? FE_SAMPLES_INTEGER
                                             : !texture ? FE_SAMPLES_ANY
                                             : ds       ? FE_SAMPLES_DEPTH_TEXTURE
                                                        : FE_SAMPLES_COLOR_TEXTURE);
   for (uint32_t s = 1u << 6; s >= 2; s /= 2)
      if ((mask & s) && s <= max)
         counts[n++] = (GLint64)s;
   return n;
}

/* ---- ARB_internalformat_query2 -------------------------------------------------------------- */

/* The pixel format and type that hold the format's texels as they are (GL 4.6 §22.3: what
 * GL_READ_PIXELS_FORMAT, GL_TEXTURE_IMAGE_FORMAT, GL_IMAGE_PIXEL_FORMAT ... answer). */
static void
pixel_shape(const struct fe_format_info *info, GLenum *format, GLenum *type)
{
   const struct fe_mgp_format_desc *fd = fe_mgp_format(info->format);
   switch (info->kind) {
   case FE_FMT_DEPTH:
      *format = GL_DEPTH_COMPONENT;
      *type = fd->bits[4] == 32   ? GL_FLOAT
              : fd->bits[4] == 16 ? GL_UNSIGNED_SHORT
                                  : GL_UNSIGNED_INT;
      return;
   case FE_FMT_DEPTH_STENCIL:
      *format = GL_DEPTH_STENCIL;
      *type = fd->bits[4] == 32 ? GL_FLOAT_32_UNSIGNED_INT_24_8_REV : GL_UNSIGNED_INT_24_8;
      return;
   case FE_FMT_STENCIL:
      *format = GL_STENCIL_INDEX;
      *type = GL_UNSIGNED_BYTE;
      return;
   default: break;
   }
   const bool integer = integer_kind(info->kind);
   switch (info->base) {
   case GL_RED: *format = integer ? GL_RED_INTEGER : GL_RED; break;
   case GL_RG: *format = integer ? GL_RG_INTEGER : GL_RG; break;
   case GL_RGB: *format = integer ? GL_RGB_INTEGER : GL_RGB; break;
   case GL_RGBA: *format = integer ? GL_RGBA_INTEGER : GL_RGBA; break;
   default: *format = info->base; break; /* the compatibility luminance/alpha ones */
   }
   switch (info->format) {
   case MGP_FORMAT_RGB10A2_UNORM:
   case MGP_FORMAT_RGB10A2_UINT: *type = GL_UNSIGNED_INT_2_10_10_10_REV; return;
   case MGP_FORMAT_R11G11B10_FLOAT: *type = GL_UNSIGNED_INT_10F_11F_11F_REV; return;
   case MGP_FORMAT_RGB9E5_FLOAT: *type = GL_UNSIGNED_INT_5_9_9_9_REV; return;
   case MGP_FORMAT_RGB565_UNORM: *type = GL_UNSIGNED_SHORT_5_6_5; return;
   case MGP_FORMAT_RGBA4_UNORM: *type = GL_UNSIGNED_SHORT_4_4_4_4; return;
   case MGP_FORMAT_RGB5A1_UNORM: *type = GL_UNSIGNED_SHORT_5_5_5_1; return;
   default: break;
   }
   const bool is_signed = fd->kind == FE_FMT_SNORM || fd->kind == FE_FMT_INT;
   switch (fd->bits[0]) {
   case 8: *type = is_signed ? GL_BYTE : GL_UNSIGNED_BYTE; return;
   case 16:
      *type = fd->kind == FE_FMT_FLOAT ? GL_HALF_FLOAT : is_signed ? GL_SHORT : GL_UNSIGNED_SHORT;
      return;
   default:
      *type = fd->kind == FE_FMT_FLOAT ? GL_FLOAT : is_signed ? GL_INT : GL_UNSIGNED_INT;
      return;
   }
}

/* GL 4.6 Table 8.27: the image class of an image unit format; GL_NONE for another format. */
static GLenum
image_class(const struct fe_format_info *info)
{
   if (!fe_image_format_ok(info->internal_format))
      return GL_NONE;
   const struct fe_mgp_format_desc *fd = fe_mgp_format(info->format);
   if (info->format == MGP_FORMAT_R11G11B10_FLOAT)
      return GL_IMAGE_CLASS_11_11_10;
   if (info->format == MGP_FORMAT_RGB10A2_UNORM || info->format == MGP_FORMAT_RGB10A2_UINT)
      return GL_IMAGE_CLASS_10_10_10_2;
   const unsigned n =
      (fd->bits[0] != 0) + (fd->bits[1] != 0) + (fd->bits[2] != 0) + (fd->bits[3] != 0);
   static const GLenum classes[3][3] = {
      {GL_IMAGE_CLASS_1_X_8, GL_IMAGE_CLASS_1_X_16, GL_IMAGE_CLASS_1_X_32},
      {GL_IMAGE_CLASS_2_X_8, GL_IMAGE_CLASS_2_X_16, GL_IMAGE_CLASS_2_X_32},
      {GL_IMAGE_CLASS_4_X_8, GL_IMAGE_CLASS_4_X_16, GL_IMAGE_CLASS_4_X_32},
   };
   const unsigned row = n == 1 ? 0 : n == 2 ? 1 : 2;
   const unsigned col = fd->bits[0] == 8 ? 0 : fd->bits[0] == 16 ? 1 : 2;
   return classes[row][col];
}

/* GL 4.6 Table 8.22: the view class of a format; GL_NONE for one outside every class. */
static GLenum
view_class(const struct fe_format_info *info)
{
   switch (info->block) {
   case FE_BLOCK_RGTC1:
   case FE_BLOCK_RGTC1_SIGNED: return GL_VIEW_CLASS_RGTC1_RED;
   case FE_BLOCK_RGTC2:
   case FE_BLOCK_RGTC2_SIGNED: return GL_VIEW_CLASS_RGTC2_RG;
   case FE_BLOCK_NONE: break;
   default: return GL_NONE; /* ETC2/EAC: no view class in GL 4.6 */
   }
   switch (fe_format_view_bits(info->internal_format)) {
   case 128: return GL_VIEW_CLASS_128_BITS;
   case 96: return GL_VIEW_CLASS_96_BITS;
   case 64: return GL_VIEW_CLASS_64_BITS;
   case 48: return GL_VIEW_CLASS_48_BITS;
   case 32: return GL_VIEW_CLASS_32_BITS;
   case 24: return GL_VIEW_CLASS_24_BITS;
   case 16: return GL_VIEW_CLASS_16_BITS;
   case 8: return GL_VIEW_CLASS_8_BITS;
   default: return GL_NONE;
   }
}

static bool
srgb_format(const struct fe_format_info *info)
{
   switch (info->internal_format) {
   case GL_SRGB:
   case GL_SRGB8:
   case GL_SRGB_ALPHA:
   case GL_SRGB8_ALPHA8:
   case GL_COMPRESSED_SRGB:
   case GL_COMPRESSED_SRGB_ALPHA:
   case GL_COMPRESSED_SRGB8_ETC2:
   case GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2:
   case GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC: return true;
   default: return false;
   }
}

static bool
color_format(const struct iq *q)
{
   return !depth_stencil_kind(q->info->kind);
}

/* Whether the resource can be a framebuffer attachment the device renders to. */
static bool
renderable(const struct iq *q)
{
   if (q->t == FE_TEX_BUFFER || (q->info->block && q->target != GL_RENDERBUFFER))
      return false;
   if (color_format(q))
      return fe_format_color_renderable(q->ctx, q->info) && (q->flags & MGP_FORMAT_CAP_RENDER);
   return (q->flags & MGP_FORMAT_CAP_DEPTH_STENCIL) != 0;
}

/* Whether the resource is a texture shaders can sample. */
static bool
sampled(const struct iq *q)
{
   return q->target != GL_RENDERBUFFER && (q->flags & MGP_FORMAT_CAP_SAMPLE);
}

static bool
mipmapped(const struct iq *q)
{
   return q->target != GL_RENDERBUFFER && q->t != FE_TEX_BUFFER && q->t != FE_TEX_RECT &&
          !ms_target(q->t);
}

static bool
filtered(const struct iq *q)
{
   return mipmapped(q) || q->t == FE_TEX_RECT;
}

static bool
layered_target(int t)
{
   return t == FE_TEX_1D_ARRAY || t == FE_TEX_2D_ARRAY || t == FE_TEX_3D || t == FE_TEX_CUBE ||
          t == FE_TEX_CUBE_ARRAY || t == FE_TEX_2D_MS_ARRAY;
}

static GLint64
support(bool yes)
{
   return yes ? GL_FULL_SUPPORT : GL_NONE;
}

static GLint64
get_integer(GLenum pname)
{
   GLint v = 0;
   mgl_glGetIntegerv(pname, &v);
   return v;
}

/* GL_MAX_WIDTH/HEIGHT/DEPTH/LAYERS (which 0-3) for a supported resource: the limit of its
 * target as glGet reports it; 0 for a dimension the target does not have. */
static GLint64
max_dimension(const struct iq *q, unsigned which)
{
   const int t = q->t;
   if (which == 3)
      return t == FE_TEX_1D_ARRAY || t == FE_TEX_2D_ARRAY || t == FE_TEX_CUBE_ARRAY ||
                   t == FE_TEX_2D_MS_ARRAY
                ? get_integer(GL_MAX_ARRAY_TEXTURE_LAYERS)
                : 0;
   if (q->target == GL_RENDERBUFFER)
      return which < 2 ? get_integer(GL_MAX_RENDERBUFFER_SIZE) : 0;
   switch (t) {
   case FE_TEX_BUFFER: return which == 0 ? get_integer(GL_MAX_TEXTURE_BUFFER_SIZE) : 0;
   case FE_TEX_1D: return which == 0 ? get_integer(GL_MAX_TEXTURE_SIZE) : 0;
   case FE_TEX_1D_ARRAY:
      return which == 0   ? get_integer(GL_MAX_TEXTURE_SIZE)
             : which == 1 ? get_integer(GL_MAX_ARRAY_TEXTURE_LAYERS)
                          : 0;
   case FE_TEX_2D:
   case FE_TEX_2D_MS: return which < 2 ? get_integer(GL_MAX_TEXTURE_SIZE) : 0;
   case FE_TEX_RECT: return which < 2 ? get_integer(GL_MAX_RECTANGLE_TEXTURE_SIZE) : 0;
   case FE_TEX_CUBE: return which < 2 ? get_integer(GL_MAX_CUBE_MAP_TEXTURE_SIZE) : 0;
   case FE_TEX_3D: return get_integer(GL_MAX_3D_TEXTURE_SIZE);
   case FE_TEX_2D_ARRAY:
   case FE_TEX_2D_MS_ARRAY:
      return which < 2 ? get_integer(GL_MAX_TEXTURE_SIZE)
                       : get_integer(GL_MAX_ARRAY_TEXTURE_LAYERS);
   case FE_TEX_CUBE_ARRAY:
      return which < 2 ? get_integer(GL_MAX_CUBE_MAP_TEXTURE_SIZE)
                       : get_integer(GL_MAX_ARRAY_TEXTURE_LAYERS);
   default: return 0;
   }
}

/* The first value of a query2 pname whose answer is one value, for a supported resource; the
 * caller answers the unsupported value otherwise. */
static GLint64
answer(const struct iq *q, GLenum pname)
{
   struct fe_context *ctx = q->ctx;
   const struct fe_format_info *info = q->info;
   switch (pname) {
   case GL_INTERNALFORMAT_SUPPORTED: return GL_TRUE;
   case GL_INTERNALFORMAT_PREFERRED: return (GLint64)q->internalformat;
   case GL_INTERNALFORMAT_RED_SIZE:
   case GL_INTERNALFORMAT_GREEN_SIZE:
   case GL_INTERNALFORMAT_BLUE_SIZE:
   case GL_INTERNALFORMAT_ALPHA_SIZE:
   case GL_INTERNALFORMAT_DEPTH_SIZE:
   case GL_INTERNALFORMAT_STENCIL_SIZE:
   case GL_INTERNALFORMAT_SHARED_SIZE:
   case GL_INTERNALFORMAT_RED_TYPE:
   case GL_INTERNALFORMAT_GREEN_TYPE:
   case GL_INTERNALFORMAT_BLUE_TYPE:
   case GL_INTERNALFORMAT_ALPHA_TYPE:
   case GL_INTERNALFORMAT_DEPTH_TYPE: {
      /* what glGetTexLevelParameter says of such an image: the query's pnames are in the order
       * of the texture's (RED .. ALPHA, then DEPTH, STENCIL, SHARED) */
      static const GLenum tex_pname[] = {
         [GL_INTERNALFORMAT_RED_SIZE - GL_INTERNALFORMAT_RED_SIZE] = GL_TEXTURE_RED_SIZE,
         [GL_INTERNALFORMAT_GREEN_SIZE - GL_INTERNALFORMAT_RED_SIZE] = GL_TEXTURE_GREEN_SIZE,
         [GL_INTERNALFORMAT_BLUE_SIZE - GL_INTERNALFORMAT_RED_SIZE] = GL_TEXTURE_BLUE_SIZE,
         [GL_INTERNALFORMAT_ALPHA_SIZE - GL_INTERNALFORMAT_RED_SIZE] = GL_TEXTURE_ALPHA_SIZE,
         [GL_INTERNALFORMAT_DEPTH_SIZE - GL_INTERNALFORMAT_RED_SIZE] = GL_TEXTURE_DEPTH_SIZE,
         [GL_INTERNALFORMAT_STENCIL_SIZE - GL_INTERNALFORMAT_RED_SIZE] = GL_TEXTURE_STENCIL_SIZE,
         [GL_INTERNALFORMAT_SHARED_SIZE - GL_INTERNALFORMAT_RED_SIZE] = GL_TEXTURE_SHARED_SIZE,
         [GL_INTERNALFORMAT_RED_TYPE - GL_INTERNALFORMAT_RED_SIZE] = GL_TEXTURE_RED_TYPE,
         [GL_INTERNALFORMAT_GREEN_TYPE - GL_INTERNALFORMAT_RED_SIZE] = GL_TEXTURE_GREEN_TYPE,
         [GL_INTERNALFORMAT_BLUE_TYPE - GL_INTERNALFORMAT_RED_SIZE] = GL_TEXTURE_BLUE_TYPE,
         [GL_INTERNALFORMAT_ALPHA_TYPE - GL_INTERNALFORMAT_RED_SIZE] = GL_TEXTURE_ALPHA_TYPE,
         [GL_INTERNALFORMAT_DEPTH_TYPE - GL_INTERNALFORMAT_RED_SIZE] = GL_TEXTURE_DEPTH_TYPE,
      };
      GLint v = 0;
      fe_tex_format_parameter(info, q->fmt, tex_pname[pname - GL_INTERNALFORMAT_RED_SIZE], &v);
      return v;
   }
   case GL_INTERNALFORMAT_STENCIL_TYPE: return q->fd->bits[5] ? GL_UNSIGNED_INT : GL_NONE;
   case GL_MAX_WIDTH: return max_dimension(q, 0);
   case GL_MAX_HEIGHT: return max_dimension(q, 1);
   case GL_MAX_DEPTH: return max_dimension(q, 2);
   case GL_MAX_LAYERS: return max_dimension(q, 3);
   case GL_MAX_COMBINED_DIMENSIONS: {
      /* the product of the dimensions (an array's layers are its height or depth already),
       * a cube's six faces and a multisample image's most samples */
      GLint64 v = 1;
      for (unsigned i = 0; i < 3; i++) {
         const GLint64 d = max_dimension(q, i);
         v *= d ? d : 1;
      }
      if (q->t == FE_TEX_CUBE || q->t == FE_TEX_CUBE_ARRAY)
         v *= 6;
      if (ms_target(q->t)) {
         GLint64 counts[8];
         if (sample_counts(ctx, info, true, counts))
            v *= counts[0];
      }
      return v;
   }
   case GL_COLOR_COMPONENTS: return color_format(q);
   case GL_DEPTH_COMPONENTS: return q->fd->bits[4] != 0;
   case GL_STENCIL_COMPONENTS: return q->fd->bits[5] != 0;
   case GL_COLOR_RENDERABLE: return renderable(q) && color_format(q);
   case GL_DEPTH_RENDERABLE: return renderable(q) && q->fd->bits[4] != 0;
   case GL_STENCIL_RENDERABLE: return renderable(q) && q->fd->bits[5] != 0;
   case GL_FRAMEBUFFER_RENDERABLE: return support(renderable(q));
   case GL_FRAMEBUFFER_RENDERABLE_LAYERED:
      return support(renderable(q) && layered_target(q->t) && fe_geometry_offered(ctx));
   case GL_FRAMEBUFFER_BLEND:
      return support(renderable(q) && color_format(q) && !integer_kind(info->kind) &&
                     (q->flags & MGP_FORMAT_CAP_BLEND));
   case GL_READ_PIXELS: return support(renderable(q));
   case GL_READ_PIXELS_FORMAT:
   case GL_READ_PIXELS_TYPE:
   case GL_TEXTURE_IMAGE_FORMAT:
   case GL_TEXTURE_IMAGE_TYPE:
   case GL_GET_TEXTURE_IMAGE_FORMAT:
   case GL_GET_TEXTURE_IMAGE_TYPE: {
      const bool read = pname == GL_READ_PIXELS_FORMAT || pname == GL_READ_PIXELS_TYPE;
      const bool upload = pname == GL_TEXTURE_IMAGE_FORMAT || pname == GL_TEXTURE_IMAGE_TYPE;
      if (read ? !renderable(q)
               : q->target == GL_RENDERBUFFER || (upload && (info->block || !info->texture)))
         return GL_NONE;
      GLenum format, type;
      pixel_shape(info, &format, &type);
      /* glTexImage takes no stencil-only texels (GL 4.6 Table 8.3 for it lacks STENCIL_INDEX) */
      if (upload && format == GL_STENCIL_INDEX)
         return GL_NONE;
      const bool want_format = pname == GL_READ_PIXELS_FORMAT || pname == GL_TEXTURE_IMAGE_FORMAT ||
                               pname == GL_GET_TEXTURE_IMAGE_FORMAT;
      return want_format ? format : type;
   }
   case GL_MIPMAP: return mipmapped(q);
   case GL_MANUAL_GENERATE_MIPMAP:
   case GL_AUTO_GENERATE_MIPMAP:
      /* glGenerateMipmap filters the levels down: a colour format the device renders and
       * filters; GL_GENERATE_MIPMAP exists in compatibility contexts only */
      return support(mipmapped(q) && color_format(q) && !integer_kind(info->kind) && !info->block &&
                     renderable(q) && (q->flags & MGP_FORMAT_CAP_FILTER) &&
                     (pname == GL_MANUAL_GENERATE_MIPMAP || ctx->compat));
   case GL_COLOR_ENCODING:
      return !color_format(q) ? GL_NONE : srgb_format(info) ? GL_SRGB : GL_LINEAR;
   case GL_SRGB_READ: return support(srgb_format(info) && sampled(q));
   case GL_SRGB_WRITE: return support(srgb_format(info) && renderable(q));
   case FE_GL_SRGB_DECODE_ARB:
      /* GL_TEXTURE_SRGB_DECODE_EXT toggles: sRGB storage (compressed sRGB formats are decoded
       * into it) of a texture that has sampler state (not multisample) */
      return support(info->format == MGP_FORMAT_RGBA8_SRGB && sampled(q) && !ms_target(q->t));
   case GL_FILTER:
      return support(filtered(q) && !integer_kind(info->kind) && sampled(q) &&
                     (q->flags & MGP_FORMAT_CAP_FILTER));
   case GL_VERTEX_TEXTURE:
   case GL_FRAGMENT_TEXTURE: return support(sampled(q));
   case GL_GEOMETRY_TEXTURE: return support(sampled(q) && fe_geometry_offered(ctx));
   case GL_TESS_CONTROL_TEXTURE:
   case GL_TESS_EVALUATION_TEXTURE: return support(sampled(q) && fe_tess_offered(ctx));
   case GL_COMPUTE_TEXTURE: return support(sampled(q) && fe_compute_offered(ctx));
   case GL_TEXTURE_SHADOW:
   case GL_TEXTURE_GATHER_SHADOW: {
      const int t = q->t;
      const bool shadow_target =
         t == FE_TEX_2D || t == FE_TEX_2D_ARRAY || t == FE_TEX_CUBE || t == FE_TEX_CUBE_ARRAY ||
         t == FE_TEX_RECT ||
         (pname == GL_TEXTURE_SHADOW && (t == FE_TEX_1D || t == FE_TEX_1D_ARRAY));
      return support(sampled(q) && shadow_target && q->fd->bits[4] != 0 &&
                     (pname == GL_TEXTURE_SHADOW || fe_texture_gather_offered(ctx)));
   }
   case GL_TEXTURE_GATHER:
      return support(sampled(q) && filtered(q) && q->t != FE_TEX_1D && q->t != FE_TEX_1D_ARRAY &&
                     q->t != FE_TEX_3D && fe_texture_gather_offered(ctx));
   case GL_SHADER_IMAGE_LOAD:
   case GL_SHADER_IMAGE_STORE:
      return support(q->target != GL_RENDERBUFFER && !ms_target(q->t) && fe_image_units(ctx) &&
                     image_class(info) != GL_NONE && (q->flags & MGP_FORMAT_CAP_STORAGE));
   case GL_SHADER_IMAGE_ATOMIC:
      return support(q->target != GL_RENDERBUFFER && !ms_target(q->t) && fe_image_units(ctx) &&
                     (info->internal_format == GL_R32I || info->internal_format == GL_R32UI) &&
                     (q->flags & MGP_FORMAT_CAP_STORAGE_ATOMIC));
   case GL_IMAGE_TEXEL_SIZE:
   case GL_IMAGE_COMPATIBILITY_CLASS:
   case GL_IMAGE_PIXEL_FORMAT:
   case GL_IMAGE_PIXEL_TYPE: {
      const GLenum cls = q->target == GL_RENDERBUFFER ? GL_NONE : image_class(info);
      if (cls == GL_NONE)
         return pname == GL_IMAGE_TEXEL_SIZE ? 0 : GL_NONE;
      if (pname == GL_IMAGE_TEXEL_SIZE)
         return (GLint64)fe_mgp_format(info->format)->bytes * 8;
      if (pname == GL_IMAGE_COMPATIBILITY_CLASS)
         return cls;
      GLenum format, type;
      pixel_shape(info, &format, &type);
      return pname == GL_IMAGE_PIXEL_FORMAT ? format : type;
   }
   case GL_IMAGE_FORMAT_COMPATIBILITY_TYPE:
      /* what glGetTexParameter answers for a texture of the format */
      return q->target == GL_RENDERBUFFER || q->t == FE_TEX_BUFFER || !fe_image_units(ctx)
                ? GL_NONE
                : fe_image_format_compatibility(info->internal_format);
   case GL_SIMULTANEOUS_TEXTURE_AND_DEPTH_TEST:
   case GL_SIMULTANEOUS_TEXTURE_AND_STENCIL_TEST:
   case GL_SIMULTANEOUS_TEXTURE_AND_DEPTH_WRITE:
   case GL_SIMULTANEOUS_TEXTURE_AND_STENCIL_WRITE:
      /* sampling an image while it is the depth/stencil attachment is a feedback loop the
       * backend does not order: no support claimed */
      return GL_NONE;
   case GL_TEXTURE_COMPRESSED: return info->block != 0;
   case GL_TEXTURE_COMPRESSED_BLOCK_WIDTH: return info->block ? fe_block_width(info->block) : 0;
   case GL_TEXTURE_COMPRESSED_BLOCK_HEIGHT: return info->block ? fe_block_height(info->block) : 0;
   case GL_TEXTURE_COMPRESSED_BLOCK_SIZE: return info->block ? fe_block_bytes(info->block) : 0;
   case GL_CLEAR_BUFFER: return support(q->t == FE_TEX_BUFFER);
   case GL_CLEAR_TEXTURE:
      return support(q->target != GL_RENDERBUFFER && q->t != FE_TEX_BUFFER && !info->block);
   case GL_TEXTURE_VIEW:
      return support(q->target != GL_RENDERBUFFER && q->t != FE_TEX_BUFFER &&
                     fe_texture_view_offered(ctx) && view_class(info) != GL_NONE);
   case GL_VIEW_COMPATIBILITY_CLASS:
      return q->target != GL_RENDERBUFFER && q->t != FE_TEX_BUFFER && fe_texture_view_offered(ctx)
                ? view_class(info)
                : GL_NONE;
   default: return 0;
   }
}

/* Whether pname is one of ARB_internalformat_query2's (beside SAMPLES and NUM_SAMPLE_COUNTS),
 * and its answer for an unsupported resource (GL 4.6 §22.3: FALSE, 0 or NONE). */
static bool
query2_pname(GLenum pname, GLint64 *unsupported)
{
   *unsupported = 0; /* GL_FALSE, GL_NONE and 0 alike */
   switch (pname) {
   case GL_INTERNALFORMAT_SUPPORTED:
   case GL_INTERNALFORMAT_PREFERRED:
   case GL_INTERNALFORMAT_RED_SIZE:
   case GL_INTERNALFORMAT_GREEN_SIZE:
   case GL_INTERNALFORMAT_BLUE_SIZE:
   case GL_INTERNALFORMAT_ALPHA_SIZE:
   case GL_INTERNALFORMAT_DEPTH_SIZE:
   case GL_INTERNALFORMAT_STENCIL_SIZE:
   case GL_INTERNALFORMAT_SHARED_SIZE:
   case GL_INTERNALFORMAT_RED_TYPE:
   case GL_INTERNALFORMAT_GREEN_TYPE:
   case GL_INTERNALFORMAT_BLUE_TYPE:
   case GL_INTERNALFORMAT_ALPHA_TYPE:
   case GL_INTERNALFORMAT_DEPTH_TYPE:
   case GL_INTERNALFORMAT_STENCIL_TYPE:
   case GL_MAX_WIDTH:
   case GL_MAX_HEIGHT:
   case GL_MAX_DEPTH:
   case GL_MAX_LAYERS:
   case GL_MAX_COMBINED_DIMENSIONS:
   case GL_COLOR_COMPONENTS:
   case GL_DEPTH_COMPONENTS:
   case GL_STENCIL_COMPONENTS:
   case GL_COLOR_RENDERABLE:
   case GL_DEPTH_RENDERABLE:
   case GL_STENCIL_RENDERABLE:
   case GL_FRAMEBUFFER_RENDERABLE:
   case GL_FRAMEBUFFER_RENDERABLE_LAYERED:
   case GL_FRAMEBUFFER_BLEND:
   case GL_READ_PIXELS:
   case GL_READ_PIXELS_FORMAT:
   case GL_READ_PIXELS_TYPE:
   case GL_TEXTURE_IMAGE_FORMAT:
   case GL_TEXTURE_IMAGE_TYPE:
   case GL_GET_TEXTURE_IMAGE_FORMAT:
   case GL_GET_TEXTURE_IMAGE_TYPE:
   case GL_MIPMAP:
   case GL_MANUAL_GENERATE_MIPMAP:
   case GL_AUTO_GENERATE_MIPMAP:
   case GL_COLOR_ENCODING:
   case GL_SRGB_READ:
   case GL_SRGB_WRITE:
   case GL_FILTER:
   case GL_VERTEX_TEXTURE:
   case GL_TESS_CONTROL_TEXTURE:
   case GL_TESS_EVALUATION_TEXTURE:
   case GL_GEOMETRY_TEXTURE:
   case GL_FRAGMENT_TEXTURE:
   case GL_COMPUTE_TEXTURE:
   case GL_TEXTURE_SHADOW:
   case GL_TEXTURE_GATHER:
   case GL_TEXTURE_GATHER_SHADOW:
   case GL_SHADER_IMAGE_LOAD:
   case GL_SHADER_IMAGE_STORE:
   case GL_SHADER_IMAGE_ATOMIC:
   case GL_IMAGE_TEXEL_SIZE:
   case GL_IMAGE_COMPATIBILITY_CLASS:
   case GL_IMAGE_PIXEL_FORMAT:
   case GL_IMAGE_PIXEL_TYPE:
   case GL_IMAGE_FORMAT_COMPATIBILITY_TYPE:
   case GL_SIMULTANEOUS_TEXTURE_AND_DEPTH_TEST:
   case GL_SIMULTANEOUS_TEXTURE_AND_STENCIL_TEST:
   case GL_SIMULTANEOUS_TEXTURE_AND_DEPTH_WRITE:
   case GL_SIMULTANEOUS_TEXTURE_AND_STENCIL_WRITE:
   case GL_TEXTURE_COMPRESSED:
   case GL_TEXTURE_COMPRESSED_BLOCK_WIDTH:
   case GL_TEXTURE_COMPRESSED_BLOCK_HEIGHT:
   case GL_TEXTURE_COMPRESSED_BLOCK_SIZE:
   case GL_CLEAR_BUFFER:
   case GL_CLEAR_TEXTURE:
   case GL_TEXTURE_VIEW:
   case GL_VIEW_COMPATIBILITY_CLASS: return true;
   default: return false; /* SRGB_DECODE_ARB: the caller, where EXT_texture_sRGB_decode is */
   }
}

/* Both entry points: up to 8 answers into out, their number returned; -1 after an error. */
static int
internalformat_query(struct fe_context *ctx, GLenum target, GLenum internalformat, GLenum pname,
                     GLsizei count, GLint64 out[8])
{
   if (!fe_internalformat_query2_offered(ctx)) {
      /* ES 3.0 §6.1.15: renderbuffers only (ES 3.1's multisample textures are not offered),
       * a renderable format, the two sample pnames */
      FE_CHECK(target != GL_RENDERBUFFER, GL_INVALID_ENUM, -1);
      const struct fe_format_info *info = fe_format_lookup(internalformat);
      const bool ok =
         info && (fe_format_color_renderable(ctx, info) || depth_stencil_kind(info->kind));
      FE_CHECK(!ok, GL_INVALID_ENUM, -1);
      FE_CHECK(pname != GL_NUM_SAMPLE_COUNTS && pname != GL_SAMPLES, GL_INVALID_ENUM, -1);
      FE_CHECK(count < 0, GL_INVALID_VALUE, -1);
      GLint64 counts[8];
      const GLsizei n = sample_counts(ctx, info, false, counts);
      if (pname == GL_NUM_SAMPLE_COUNTS) {
         out[0] = n;
         return 1;
      }
      for (GLsizei i = 0; i < n; i++)
         out[i] = counts[i];
      return n;
   }
   /* GL 4.6 §22.3: an unknown target or pname is GL_INVALID_ENUM; an unknown or unsupported
    * internal format is no error, only the unsupported answer */
   FE_CHECK(!query_target(target), GL_INVALID_ENUM, -1);
   GLint64 unsupported;
   /* ARB_internalformat_query2's SRGB_DECODE_ARB exists with an sRGB decode extension */
   const bool query2 = query2_pname(pname, &unsupported) ||
                       (pname == FE_GL_SRGB_DECODE_ARB && fe_srgb_decode_offered(ctx));
   FE_CHECK(!query2 && pname != GL_NUM_SAMPLE_COUNTS && pname != GL_SAMPLES, GL_INVALID_ENUM, -1);
   FE_CHECK(count < 0, GL_INVALID_VALUE, -1);
   const struct iq q = iq_make(ctx, target, internalformat);
   if (!query2) {
      /* the sample counts of a renderable format for a multisample target; none (0, and
       * SAMPLES writes nothing) for another resource */
      GLint64 counts[8];
      GLsizei n = 0;
      if (q.supported && (target == GL_RENDERBUFFER || ms_target(q.t)) &&
          (fe_format_color_renderable(ctx, q.info) || depth_stencil_kind(q.info->kind)))
         n = sample_counts(ctx, q.info, target != GL_RENDERBUFFER, counts);
      if (pname == GL_NUM_SAMPLE_COUNTS) {
         out[0] = n;
         return 1;
      }
      for (GLsizei i = 0; i < n; i++)
         out[i] = counts[i];
      return n;
   }
   out[0] = q.supported ? answer(&q, pname) : unsupported;
   return 1;
}

void
mgl_glGetInternalformativ(GLenum target, GLenum internalformat, GLenum pname, GLsizei count,
                          GLint *params)
{
   FE_CTX_OR_RETURN();
   GLint64 v[8];
   const int n = internalformat_query(ctx, target, internalformat, pname, count, v);
   for (int i = 0; i < n && i < count; i++)
      params[i] = v[i] > INT_MAX ? INT_MAX : (GLint)v[i];
}

void
mgl_glGetInternalformati64v(GLenum target, GLenum internalformat, GLenum pname, GLsizei count,
                            GLint64 *params)
{
   FE_CTX_OR_RETURN();
   GLint64 v[8];
   const int n = internalformat_query(ctx, target, internalformat, pname, count, v);
   for (int i = 0; i < n && i < count; i++)
      params[i] = v[i];
}
