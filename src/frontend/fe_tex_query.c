/* fe_tex_query.c — glGetTexLevelParameter*, glGenerateMipmap, glGetTexImage and
 * glGetCompressedTexImage. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "checked.h"
#include "fe_compat.h"
#include "fe_compat_pixels.h"
#include "fe_compat_vertex.h"
#include "fe_cso.h"
#include "fe_es_ext.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_pack.h"
#include "fe_texture_priv.h"
#include "fe_texcompress.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"

static GLenum
component_type(uint8_t kind)
{
   switch (kind) {
   case FE_FMT_UNORM:
   case FE_FMT_DEPTH:
   case FE_FMT_DEPTH_STENCIL: return GL_UNSIGNED_NORMALIZED;
   case FE_FMT_SNORM: return GL_SIGNED_NORMALIZED;
   case FE_FMT_FLOAT: return GL_FLOAT;
   case FE_FMT_INT: return GL_INT;
   case FE_FMT_UINT: return GL_UNSIGNED_INT;
   default: return GL_NONE;
   }
}

/* The target a GL_PROXY_TEXTURE_* names, -1 for any other enum. */
static int
proxy_target_index(const struct fe_context *ctx, GLenum target)
{
   switch (target) {
   case GL_PROXY_TEXTURE_CUBE_MAP_ARRAY: return fe_cube_array_offered(ctx) ? FE_TEX_CUBE_ARRAY : -1;
   case GL_PROXY_TEXTURE_1D: return FE_TEX_1D;
   case GL_PROXY_TEXTURE_2D: return FE_TEX_2D;
   case GL_PROXY_TEXTURE_3D: return FE_TEX_3D;
   case GL_PROXY_TEXTURE_1D_ARRAY: return FE_TEX_1D_ARRAY;
   case GL_PROXY_TEXTURE_2D_ARRAY: return FE_TEX_2D_ARRAY;
   case GL_PROXY_TEXTURE_RECTANGLE: return FE_TEX_RECT;
   case GL_PROXY_TEXTURE_CUBE_MAP: return FE_TEX_CUBE;
   case GL_PROXY_TEXTURE_2D_MULTISAMPLE: return FE_TEX_2D_MS;
   case GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY: return FE_TEX_2D_MS_ARRAY;
   default: return -1;
   }
}

/* GL 2.1 table 6.17's luminance and intensity queries (compatibility contexts) */
#define FE_GL_TEXTURE_LUMINANCE_SIZE 0x8060
#define FE_GL_TEXTURE_INTENSITY_SIZE 0x8061
#define FE_GL_TEXTURE_BORDER 0x1005
#define FE_GL_TEXTURE_LUMINANCE_TYPE 0x8C14
#define FE_GL_TEXTURE_INTENSITY_TYPE 0x8C15

/* The stored channel that component c (0-3 R, G, B, A; 4 luminance; 5 intensity) of an image
 * of internal format info is kept in, -1 where the format has none: its own for the core bases,
 * R (and G) for the luminance/alpha ones (GL 2.1 table 3.15: an ALPHA image has no red, a
 * LUMINANCE image no red, green, blue or alpha, only luminance; alpha in A where they are
 * kept in RGBA: fe_format_legacy_wide). */
static int
component_channel(const struct fe_format_info *info, unsigned c)
{
   if (!info)
      return c == 0 ? 0 : -1; /* an undefined image: its zero-bit format answers */
   const int a = fe_format_legacy_wide(info) ? 3 : info->base == GL_ALPHA ? 0 : 1; /* alpha's */
   switch (info->base) {
   case GL_ALPHA: return c == 3 ? a : -1;
   case FE_GL_LUMINANCE: return c == 4 ? 0 : -1;
   case FE_GL_LUMINANCE_ALPHA: return c == 4 ? 0 : c == 3 ? a : -1;
   case FE_GL_INTENSITY: return c == 5 ? 0 : -1;
   case GL_RGBA: return c < 4 ? (int)c : -1;
   case GL_RGB: return c < 3 ? (int)c : -1;
   case GL_RG: return c < 2 ? (int)c : -1;
   default: return c == 0 ? 0 : -1;
   }
}

bool
fe_tex_format_parameter(const struct fe_format_info *info, uint16_t format, GLenum pname,
                        GLint *out)
{
   const struct fe_mgp_format_desc *fd = fe_mgp_format(format);
   switch (pname) {
   case FE_GL_TEXTURE_LUMINANCE_SIZE:
   case FE_GL_TEXTURE_INTENSITY_SIZE:
   case GL_TEXTURE_RED_SIZE:
   case GL_TEXTURE_GREEN_SIZE:
   case GL_TEXTURE_BLUE_SIZE:
   case GL_TEXTURE_ALPHA_SIZE: {
      const unsigned c = pname == GL_TEXTURE_RED_SIZE            ? 0
                         : pname == GL_TEXTURE_GREEN_SIZE        ? 1
                         : pname == GL_TEXTURE_BLUE_SIZE         ? 2
                         : pname == GL_TEXTURE_ALPHA_SIZE        ? 3
                         : pname == FE_GL_TEXTURE_LUMINANCE_SIZE ? 4
                                                                 : 5;
      const int ch = component_channel(info, c);
      /* a compressed image reports its format's precision, not the decoded texels' */
      *out = ch < 0                ? 0
             : info && info->block ? (GLint)fe_block_channel_bits(info->block, (unsigned)ch)
                                   : fd->bits[ch];
      return true;
   }
   case GL_TEXTURE_DEPTH_SIZE: *out = fd->bits[4]; return true;
   case GL_TEXTURE_STENCIL_SIZE: *out = fd->bits[5]; return true;
   case GL_TEXTURE_SHARED_SIZE: *out = 0; return true;
   case FE_GL_TEXTURE_LUMINANCE_TYPE:
   case FE_GL_TEXTURE_INTENSITY_TYPE:
   case GL_TEXTURE_RED_TYPE:
   case GL_TEXTURE_GREEN_TYPE:
   case GL_TEXTURE_BLUE_TYPE:
   case GL_TEXTURE_ALPHA_TYPE: {
      const unsigned c = pname == GL_TEXTURE_RED_TYPE            ? 0
                         : pname == GL_TEXTURE_GREEN_TYPE        ? 1
                         : pname == GL_TEXTURE_BLUE_TYPE         ? 2
                         : pname == GL_TEXTURE_ALPHA_TYPE        ? 3
                         : pname == FE_GL_TEXTURE_LUMINANCE_TYPE ? 4
                                                                 : 5;
      const int ch = component_channel(info, c);
      *out = ch >= 0 && fd->bits[ch] ? (GLint)component_type(fd->kind) : GL_NONE;
      return true;
   }
   case GL_TEXTURE_DEPTH_TYPE:
      *out = fd->bits[4] ? (GLint)(fd->bits[4] == 32 ? GL_FLOAT : GL_UNSIGNED_NORMALIZED) : GL_NONE;
      return true;
   default: return false;
   }
}

static bool level_parameter_of(struct fe_context *ctx, const struct fe_texture *tex, unsigned face,
                               GLint level, GLenum pname, GLint *out);

static bool
level_parameter(struct fe_context *ctx, GLenum target, GLint level, GLenum pname, GLint *out)
{
   int t;
   unsigned face = 0;
   const int pt = proxy_target_index(ctx, target);
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      t = FE_TEX_CUBE;
      face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
   } else if (pt >= 0) {
      t = pt;
   } else {
      t = fe_tex_target_index(ctx, target);
      if (t == FE_TEX_CUBE)
         t = -1;
   }
   if (t < 0) {
      fe_error(ctx, GL_INVALID_ENUM);
      return false;
   }
   struct fe_texture *tex = pt >= 0 ? fe_tex_proxy_texture(ctx, (enum fe_tex_target)pt)
                                    : fe_unit_texture(ctx, ctx->active_unit, (enum fe_tex_target)t);
   return tex && level_parameter_of(ctx, tex, face, level, pname, out);
}

/* glGetTextureLevelParameter*: a cube map answers for its first face. */
static bool
level_parameter_named(struct fe_context *ctx, GLuint texture, GLint level, GLenum pname, GLint *out)
{
   const struct fe_texture *tex = fe_texture_named(ctx, texture);
   return tex && level_parameter_of(ctx, tex, 0, level, pname, out);
}

/* One level parameter of face `face` of tex. */
static bool
level_parameter_of(struct fe_context *ctx, const struct fe_texture *tex, unsigned face, GLint level,
                   GLenum pname, GLint *out)
{
   if (level < 0 || level >= FE_MAX_LEVELS) {
      fe_error(ctx, GL_INVALID_VALUE);
      return false;
   }
   const struct fe_tex_image *img = &tex->image[face][level];
   const struct fe_format_info *info = img->defined ? fe_format_lookup(img->internal_format) : NULL;
   switch (pname) {
   case GL_TEXTURE_WIDTH: *out = img->defined ? (GLint)img->width : 0; return true;
   case GL_TEXTURE_HEIGHT: *out = img->defined ? (GLint)img->height : 0; return true;
   case GL_TEXTURE_DEPTH: *out = img->defined ? (GLint)img->depth : 0; return true;
   /* compatibility contexts (GL 3.0 table 6.17): every image is stored without its border
    * (fe_tex_border_strip), so 0, as Mesa answers for the images it strips */
   case FE_GL_TEXTURE_BORDER:
      if (!ctx->compat)
         break;
      *out = 0;
      return true;
   case GL_TEXTURE_INTERNAL_FORMAT:
      *out = img->defined ? (GLint)fe_compat_queried_format(ctx, img->internal_format) : GL_RGBA;
      return true;
   case FE_GL_TEXTURE_LUMINANCE_SIZE:
   case FE_GL_TEXTURE_INTENSITY_SIZE:
   case FE_GL_TEXTURE_LUMINANCE_TYPE:
   case FE_GL_TEXTURE_INTENSITY_TYPE:
      if (!ctx->compat)
         break;
      /* fallthrough */
   case GL_TEXTURE_RED_SIZE:
   case GL_TEXTURE_GREEN_SIZE:
   case GL_TEXTURE_BLUE_SIZE:
   case GL_TEXTURE_ALPHA_SIZE:
   case GL_TEXTURE_DEPTH_SIZE:
   case GL_TEXTURE_STENCIL_SIZE:
   case GL_TEXTURE_SHARED_SIZE:
   case GL_TEXTURE_RED_TYPE:
   case GL_TEXTURE_GREEN_TYPE:
   case GL_TEXTURE_BLUE_TYPE:
   case GL_TEXTURE_ALPHA_TYPE:
   case GL_TEXTURE_DEPTH_TYPE:
      fe_tex_format_parameter(info, img->defined ? img->format : 0, pname, out);
      return true;
   case GL_TEXTURE_COMPRESSED: *out = info && info->block ? GL_TRUE : GL_FALSE; return true;
   case GL_TEXTURE_COMPRESSED_IMAGE_SIZE:
      if (!info || !info->block) {
         fe_error(ctx, GL_INVALID_OPERATION); /* not a compressed image (GL 3.3 §6.1.3) */
         return false;
      }
      *out = (GLint)fe_block_image_size(info->block, img->width, img->height, img->depth);
      return true;
   case GL_TEXTURE_SAMPLES: *out = tex->samples; return true;
   /* GL 4.6 §8.11.3: a buffer texture's buffer and range (glTexBuffer: the whole buffer, its
    * size as it is now); 0 for any other texture or a detached one */
   case GL_TEXTURE_BUFFER_DATA_STORE_BINDING:
      *out = tex->buffer_obj ? (GLint)tex->buffer_obj->base.name : 0;
      return true;
   case GL_TEXTURE_BUFFER_OFFSET: *out = (GLint)tex->buffer_offset; return true;
   case GL_TEXTURE_BUFFER_SIZE:
      *out = tex->buffer_ranged ? (GLint)tex->buffer_size
             : tex->buffer_obj  ? (GLint)tex->buffer_obj->size
                                : 0;
      return true;
   case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS:
      *out = tex->samples ? tex->fixed_locations : GL_TRUE;
      return true;
   default: break;
   }
   fe_error(ctx, GL_INVALID_ENUM);
   return false;
}

void
mgl_glGetTexLevelParameteriv(GLenum target, GLint level, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   GLint v;
   if (level_parameter(ctx, target, level, pname, &v))
      *params = v;
}

void
mgl_glGetTexLevelParameterfv(GLenum target, GLint level, GLenum pname, GLfloat *params)
{
   FE_CTX_OR_RETURN();
   GLint v;
   if (level_parameter(ctx, target, level, pname, &v))
      *params = (GLfloat)v;
}

void
mgl_glGetTextureLevelParameteriv(GLuint texture, GLint level, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   GLint v;
   if (level_parameter_named(ctx, texture, level, pname, &v))
      *params = v;
}

void
mgl_glGetTextureLevelParameterfv(GLuint texture, GLint level, GLenum pname, GLfloat *params)
{
   FE_CTX_OR_RETURN();
   GLint v;
   if (level_parameter_named(ctx, texture, level, pname, &v))
      *params = (GLfloat)v;
}

/* ---- mipmaps and readback ------------------------------------------------------------------ */

/* Whether glGenerateMipmap takes a texture target (GL 4.6 §8.14.4). */
static bool
mipmap_target(int t)
{
   return t >= 0 && t != FE_TEX_BUFFER && t != FE_TEX_RECT && t != FE_TEX_2D_MS &&
          t != FE_TEX_2D_MS_ARRAY;
}

void
mgl_glGenerateMipmap(GLenum target)
{
   FE_CTX_OR_RETURN();
   int t = fe_tex_target_index(ctx, target);
   FE_CHECK(!mipmap_target(t), GL_INVALID_ENUM);
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, (enum fe_tex_target)t);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY);
   const GLenum err = fe_tex_generate_mipmap(ctx, tex, t);
   FE_CHECK(err, err);
}

void
mgl_glGenerateTextureMipmap(GLuint texture)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named(ctx, texture);
   if (!tex)
      return;
   /* GL 4.6 §8.14.4: a named texture's effective target, GL_INVALID_OPERATION */
   FE_CHECK(!mipmap_target((int)tex->target), GL_INVALID_OPERATION);
   const GLenum err = fe_tex_generate_mipmap(ctx, tex, (int)tex->target);
   FE_CHECK(err, err);
}

/* The face argument that reads all six faces of a cube map texture as slices. */
#define FE_ALL_FACES 6u

static void get_tex_image_of(struct fe_context *ctx, struct fe_texture *tex, unsigned face,
                             GLint level, GLenum format, GLenum type, size_t buf_size,
                             void *pixels);
static bool cube_complete_level(const struct fe_texture *tex, GLint level);

/* glGetTexImage and glGetnTexImageARB: buf_size bounds what is written to client memory
 * (SIZE_MAX: unbounded); a pixel pack buffer is bounded by its own size. */
static void
get_tex_image(struct fe_context *ctx, GLenum target, GLint level, GLenum format, GLenum type,
              size_t buf_size, void *pixels)
{
   unsigned face = 0;
   int t;
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      t = FE_TEX_CUBE;
      face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
   } else {
      t = fe_tex_target_index(ctx, target);
      FE_CHECK(t == FE_TEX_CUBE || t == FE_TEX_BUFFER || t == FE_TEX_2D_MS ||
                  t == FE_TEX_2D_MS_ARRAY,
               GL_INVALID_ENUM);
   }
   FE_CHECK(t < 0, GL_INVALID_ENUM);
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, (enum fe_tex_target)t);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY);
   get_tex_image_of(ctx, tex, face, level, format, type, buf_size, pixels);
}

/* glGetTextureImage (GL 4.6 §8.11.4). */
void
mgl_glGetTextureImage(GLuint texture, GLint level, GLenum format, GLenum type, GLsizei bufSize,
                      void *pixels)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named(ctx, texture);
   if (!tex)
      return;
   const enum fe_tex_target t = tex->target;
   FE_CHECK(t == FE_TEX_BUFFER || t == FE_TEX_2D_MS || t == FE_TEX_2D_MS_ARRAY,
            GL_INVALID_OPERATION);
   /* a cube map's six faces are the slices of one image (GL 4.6 §8.11.4) */
   get_tex_image_of(ctx, tex, t == FE_TEX_CUBE ? FE_ALL_FACES : 0, level, format, type,
                    bufSize < 0 ? 0 : (size_t)bufSize, pixels);
}

/* A cube map's level whose six faces are defined with one size and internal format (GL 4.6
 * §8.11.4: a whole cube map read needs it, else GL_INVALID_OPERATION). */
static bool
cube_complete_level(const struct fe_texture *tex, GLint level)
{
   const struct fe_tex_image *f0 = &tex->image[0][level];
   for (unsigned f = 0; f < 6; f++) {
      const struct fe_tex_image *fi = &tex->image[f][level];
      if (!fi->defined || fi->width != f0->width || fi->height != f0->height ||
          fi->internal_format != f0->internal_format)
         return false;
   }
   return true;
}

/* A compatibility context's glGetTexImage into GL_LUMINANCE, GL_LUMINANCE_ALPHA or GL_ALPHA,
 * or of an alpha or luminance-alpha texture (stored as R and RG, or in RGBA where wide): the
 * image read as RGBA
 * floats, its stored components put where GL 2.1 table 6.1 has them (alpha (0, 0, 0, A),
 * luminance-alpha (L, 0, 0, A)), then packed with luminance = R (fe_compat_pack_rgba). The
 * layout (first, stride, step, base, size) and GL's errors are the caller's. */
static void
compat_tex_image(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
                 GLenum format, GLenum type, GLenum legacy, bool wide, uint32_t w, uint32_t h,
                 uint32_t n, size_t first, size_t stride, uint64_t step, uint64_t base,
                 uint64_t size, void *pixels)
{
   struct fe_buffer *const pbo = ctx->pixel_pack_buffer;
   uint64_t offset = 0;
   if (pbo && !fe_pixel_buffer_range(ctx, pbo, pixels, size, type, &offset))
      return;
   if (!pbo && !pixels)
      return;
   const size_t texels = (size_t)w * h * n;
   float *rgba = malloc(texels * 16);
   if (!rgba) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   const struct fe_pixel_store pack = ctx->pack;
   ctx->pack = (struct fe_pixel_store){.alignment = 1};
   ctx->pack_version++;
   ctx->pixel_pack_buffer = NULL;
   ctx->compat->pixels->internal = true;
   get_tex_image_of(ctx, tex, face, level, GL_RGBA, GL_FLOAT, texels * 16, rgba);
   ctx->compat->pixels->internal = false;
   ctx->pixel_pack_buffer = pbo;
   ctx->pack = pack;
   ctx->pack_version++;
   for (size_t i = 0; i < texels && (legacy == GL_ALPHA || legacy == FE_GL_LUMINANCE_ALPHA); i++) {
      float *c = rgba + i * 4;
      c[3] = wide ? c[3] : legacy == GL_ALPHA ? c[0] : c[1];
      c[2] = 0.0f;
      c[0] = legacy == GL_ALPHA ? 0.0f : c[0];
      c[1] = 0.0f;
   }
   fe_compat_pack_rgba(ctx, format, type, rgba, w, h, n, first, stride, step, base, size,
                       pbo ? (void *)(uintptr_t)offset : pixels, false);
   free(rgba);
}

/* EXT_texture_integer's GL_ALPHA_INTEGER, GL_LUMINANCE_INTEGER_EXT and
 * GL_LUMINANCE_ALPHA_INTEGER_EXT (compatibility contexts): laid out as GL_RED_INTEGER or
 * GL_RG_INTEGER, holding the image's A, R (luminance = R: GL 2.1 table 6.1), or R and A.
 * 0 for other formats. */
static GLenum
int_legacy_pack_as(const struct fe_context *ctx, GLenum format, int comp[2])
{
   if (!ctx->compat)
      return 0;
   switch (format) {
   case FE_GL_ALPHA_INTEGER: comp[0] = 3; return GL_RED_INTEGER;
   case FE_GL_LUMINANCE_INTEGER: comp[0] = 0; return GL_RED_INTEGER;
   case FE_GL_LUMINANCE_ALPHA_INTEGER: comp[0] = 0, comp[1] = 3; return GL_RG_INTEGER;
   default: return 0;
   }
}

/* One integer component v stored as type, clamped to its range (GL 4.6 §8.4.4.2 / table 8.9:
 * integer pixels convert by clamping, not by normalising). */
static void
store_int(uint8_t *dst, GLenum type, int64_t v, bool swap)
{
   int64_t lo = 0, hi = 0;
   switch (type) {
   case GL_UNSIGNED_BYTE: hi = UINT8_MAX; break;
   case GL_BYTE: lo = INT8_MIN, hi = INT8_MAX; break;
   case GL_UNSIGNED_SHORT: hi = UINT16_MAX; break;
   case GL_SHORT: lo = INT16_MIN, hi = INT16_MAX; break;
   case GL_UNSIGNED_INT: hi = UINT32_MAX; break;
   case GL_INT: lo = INT32_MIN, hi = INT32_MAX; break;
   default: return;
   }
   const uint32_t u = (uint32_t)(v < lo ? lo : v > hi ? hi : v);
   const size_t n = fe_pixel_type_size(type);
   if (n == 1) {
      *dst = (uint8_t)u;
   } else if (n == 2) {
      uint16_t h = (uint16_t)u;
      h = swap ? __builtin_bswap16(h) : h;
      memcpy(dst, &h, 2);
   } else {
      const uint32_t w = swap ? __builtin_bswap32(u) : u;
      memcpy(dst, &w, 4);
   }
}

static void get_tex_image_of(struct fe_context *ctx, struct fe_texture *tex, unsigned face,
                             GLint level, GLenum format, GLenum type, size_t buf_size,
                             void *pixels);

/* glGetTexImage into an int_legacy_pack_as format: the image read as GL_RGBA_INTEGER words of
 * its signedness, then each chosen component stored clamped. The layout (first, stride, step,
 * base, size) and GL's errors are the caller's. */
static void
compat_tex_image_int(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
                     GLenum format, GLenum type, bool sint, uint32_t w, uint32_t h, uint32_t n,
                     size_t first, size_t stride, uint64_t step, uint64_t base, uint64_t size,
                     void *pixels)
{
   int comp[2] = {0, 0};
   const unsigned nc = int_legacy_pack_as(ctx, format, comp) == GL_RG_INTEGER ? 2 : 1;
   struct fe_buffer *const pbo = ctx->pixel_pack_buffer;
   uint64_t offset = 0;
   if (pbo && !fe_pixel_buffer_range(ctx, pbo, pixels, size, type, &offset))
      return;
   if (!pbo && !pixels)
      return;
   const size_t texels = (size_t)w * h * n;
   uint32_t *words = malloc(texels * 16);
   uint8_t *dst = pbo ? malloc(size ? size : 1) : pixels;
   if (!words || !dst) {
      free(words);
      if (pbo)
         free(dst);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   const struct fe_pixel_store pack = ctx->pack;
   ctx->pack = (struct fe_pixel_store){.alignment = 1};
   ctx->pack_version++;
   ctx->pixel_pack_buffer = NULL;
   ctx->compat->pixels->internal = true;
   get_tex_image_of(ctx, tex, face, level, GL_RGBA_INTEGER, sint ? GL_INT : GL_UNSIGNED_INT,
                    texels * 16, words);
   ctx->compat->pixels->internal = false;
   ctx->pixel_pack_buffer = pbo;
   ctx->pack = pack;
   ctx->pack_version++;
   /* the bytes the layout skips keep what the buffer holds */
   if (pbo)
      fe_buffer_read(ctx, pbo, offset, size, dst);
   const size_t tsize = fe_pixel_type_size(type);
   for (uint32_t k = 0; k < n; k++)
      for (uint32_t y = 0; y < h; y++) {
         uint8_t *row = dst + first + base + step * k + stride * y;
         const uint32_t *src = words + ((size_t)k * h + y) * w * 4;
         for (uint32_t x = 0; x < w; x++)
            for (unsigned c = 0; c < nc; c++) {
               const uint32_t word = src[x * 4 + (unsigned)comp[c]];
               store_int(row + (x * nc + c) * tsize, type,
                         sint ? (int64_t)(int32_t)word : (int64_t)word, ctx->pack.swap_bytes);
            }
      }
   if (pbo) {
      fe_buffer_write(ctx, pbo, (GLintptr)offset, (GLsizeiptr)size, dst);
      free(dst);
   }
   free(words);
}

/* face: one face of a cube map (0 for other targets), or FE_ALL_FACES. */
static void
get_tex_image_of(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
                 GLenum format, GLenum type, size_t buf_size, void *pixels)
{
   const enum fe_tex_target t = tex->target;
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   const bool legacy_fmt = ctx->compat && fe_compat_legacy_pack_format(format);
   int int_comp[2];
   const GLenum int_as = int_legacy_pack_as(ctx, format, int_comp);
   const GLenum as = legacy_fmt ? fe_compat_source_format(format) : int_as ? int_as : format;
   GLenum err = legacy_fmt ? fe_compat_legacy_pack_check(format, type)
                           : fe_pixel_check(as, type, ctx->desc.api == FE_API_GLES);
   FE_CHECK(err, err);
   const unsigned face_arg = face;
   const bool all_faces = face == FE_ALL_FACES;
   if (all_faces) {
      FE_CHECK(!cube_complete_level(tex, level), GL_INVALID_OPERATION);
      face = 0;
   }
   const struct fe_tex_image *img = &tex->image[face][level];
   if (!img->defined || !img->width || !img->height || !tex->created)
      return;
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   FE_CHECK(info && !fe_pixel_matches_internal(info, legacy_fmt ? GL_RGBA : as),
            GL_INVALID_OPERATION);
   /* One read per layer or slice. A 1D array's layers are the image's rows; 3D and 2D array
    * slices are images placed by GL_PACK_IMAGE_HEIGHT and GL_PACK_SKIP_IMAGES (GL 3.3 §6.1.4:
    * packed as if three-dimensional). The rows of each are laid out by fe_pack.c (or by the
    * server in a pixel pack buffer). */
   const bool rows_are_layers = t == FE_TEX_1D_ARRAY;
   const bool slices =
      t == FE_TEX_3D || t == FE_TEX_2D_ARRAY || t == FE_TEX_CUBE_ARRAY || all_faces;
   const uint32_t n = rows_are_layers ? img->height : all_faces ? 6 : slices ? img->depth : 1;
   const uint32_t h = rows_are_layers ? 1 : img->height;
   size_t first, stride;
   const size_t one =
      fe_pixel_image_layout(&ctx->pack, (GLsizei)img->width, (GLsizei)h, as, type, &first, &stride);
   uint64_t step = stride, base = 0, size = one;
   bool fits = one != SIZE_MAX;
   if (slices)
      fits =
         fits &&
         mgu_mul_u64(stride, ctx->pack.image_height > 0 ? (uint64_t)ctx->pack.image_height : h,
                     &step) &&
         mgu_mul_u64(step, ctx->pack.skip_images > 0 ? (uint64_t)ctx->pack.skip_images : 0, &base);
   uint64_t rest;
   fits = fits && mgu_mul_u64(step, n - 1, &rest) && mgu_add_u64(base, rest, &rest) &&
          mgu_add_u64(rest, one, &size) && size != SIZE_MAX;
   /* A layout past 2^64 bytes fits no destination (the size staged must not wrap). */
   FE_CHECK(!fits, GL_INVALID_OPERATION);
   FE_CHECK(!ctx->pixel_pack_buffer && size > buf_size, GL_INVALID_OPERATION);
   const GLenum legacy = ctx->compat ? fe_compat_legacy_base(img->internal_format) : 0;
   const bool int_img = info && (info->kind == FE_FMT_INT || info->kind == FE_FMT_UINT);
   if (int_as && !ctx->compat->pixels->internal) {
      compat_tex_image_int(ctx, tex, face_arg, level, format, type, info->kind == FE_FMT_INT,
                           img->width, h, n, first, stride, step, base, size, pixels);
      return;
   }
   /* (the integer alpha and luminance-alpha images are kept wide, (0, 0, 0, A) and (L, 0, 0,
    * A): read as they are) */
   if ((legacy_fmt || (!int_img && (legacy == GL_ALPHA || legacy == FE_GL_LUMINANCE_ALPHA))) &&
       !ctx->compat->pixels->internal) {
      compat_tex_image(ctx, tex, face_arg, level, format, type, legacy,
                       fe_format_legacy_wide(fe_format_lookup(img->internal_format)), img->width, h,
                       n, first, stride, step, base, size, pixels);
      return;
   }
   struct mgp_pack_shape shape;
   if (!fe_pack_shape(format, type, &shape)) {
      MGU_DECLINE(gl_feature_unimplemented, "glGetTexImage of 0x%04x/0x%04x", format, type);
      return;
   }
   if (ctx->pixel_pack_buffer) {
      uint64_t offset;
      if (!fe_pixel_buffer_range(ctx, ctx->pixel_pack_buffer, pixels, size, type, &offset))
         return;
      if (!fe_pipe_has(ctx, MGP_CALL_pack_to_buffer)) {
         fe_error(ctx, GL_INVALID_OPERATION);
         return;
      }
      if (!fe_validate(ctx, FE_VERB_TEXOP))
         return;
      fe_buffer_gpu_write(ctx->pixel_pack_buffer);
      if (tex->view_root && fe_tex_storage_format(tex) != img->format) {
         MGU_DECLINE(texture_view_refused,
                     "glGetTexImage into a pixel pack buffer of a view of another format");
         return;
      }
      for (uint32_t k = 0; k < n; k++) {
         uint32_t res_level = (uint32_t)level, res_layer = face + k;
         struct mgp_pack_to_buffer a = {
            .res = fe_tex_storage_at(tex, &res_level, &res_layer),
            .level = res_level,
            .layer = res_layer,
            .width = img->width,
            .height = h,
            .shape = shape,
            .buffer = ctx->pixel_pack_buffer->res,
            .offset = offset + base + step * k,
         };
         mgp_pack_to_buffer(&ctx->pipe, &a);
      }
      return;
   }
   if (!fe_pipe_has(ctx, MGP_CALL_get_texture_image)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (!fe_validate(ctx, FE_VERB_TEXOP) || !pixels)
      return;
   uint32_t res_level = (uint32_t)level, res_layer0 = face;
   struct fe_texels_read rd = {
      .res = fe_tex_storage_at(tex, &res_level, &res_layer0),
      .level = res_level,
      .width = img->width,
      .height = h,
      .what = shape.what,
      .format = img->format,
      .has_alpha = fe_mgp_format(img->format)->bits[3] && !fe_format_no_alpha(info),
      .storage_format = tex->view_root ? fe_tex_storage_format(tex) : 0,
   };
   for (uint32_t k = 0; k < n; k++) {
      rd.layer = res_layer0 + k;
      fe_pack_read(ctx, &rd, &shape, &ctx->pack, (uint8_t *)pixels + base + step * k);
   }
}

void
mgl_glGetTexImage(GLenum target, GLint level, GLenum format, GLenum type, void *pixels)
{
   FE_CTX_OR_RETURN();
   get_tex_image(ctx, target, level, format, type, SIZE_MAX, pixels);
}

/* GL 4.5's glGetnTexImage, ARB_robustness's glGetnTexImageARB */
void
mgl_glGetnTexImage(GLenum target, GLint level, GLenum format, GLenum type, GLsizei bufSize,
                   void *pixels)
{
   FE_CTX_OR_RETURN();
   get_tex_image(ctx, target, level, format, type, bufSize < 0 ? 0 : (size_t)bufSize, pixels);
}

void
mgl_glGetnTexImageARB(GLenum target, GLint level, GLenum format, GLenum type, GLsizei bufSize,
                      void *img)
{
   mgl_glGetnTexImage(target, level, format, type, bufSize, img);
}

/* The blocks the app uploaded, kept in the client (the server holds decoded texels; GL 3.3
 * §6.1.4). An image whose texels came otherwise (plain pixels off block boundaries, a copy,
 * generated mipmaps) is read back and encoded first (fe_tex_blocks_encode), after GL's own
 * errors.
 * face: one face of a cube map (0 for other targets), or FE_ALL_FACES (glGetCompressedTextureImage
 * of a cube map: the six faces one after the other). */
static void
get_compressed_of(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
                  size_t buf_size, void *pixels)
{
   const unsigned faces = face == FE_ALL_FACES ? 6 : 1;
   if (face == FE_ALL_FACES)
      face = 0;
   GLint compressed;
   if (!level_parameter_of(ctx, tex, face, level, GL_TEXTURE_COMPRESSED, &compressed))
      return;
   FE_CHECK(!compressed, GL_INVALID_OPERATION);
   FE_CHECK(faces > 1 && !cube_complete_level(tex, level), GL_INVALID_OPERATION);
   const struct fe_tex_image *img = &tex->image[face][level];
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   const size_t size = fe_block_image_size(info->block, img->width, img->height, img->depth);
   /* the pack modes' layout of the blocks (ARB_compressed_texture_pixel_storage): the bytes
    * written run to its span */
   const bool array = tex->target == FE_TEX_2D_ARRAY || tex->target == FE_TEX_CUBE_ARRAY ||
                      tex->target == FE_TEX_3D;
   struct fe_block_layout lay;
   FE_CHECK(!fe_block_layout(&ctx->pack, info->block, array ? 3 : 2, img->width, img->height,
                             img->depth * faces, &lay),
            GL_INVALID_OPERATION);
   FE_CHECK(lay.span > PTRDIFF_MAX, GL_INVALID_OPERATION);
   const size_t span = lay.tight ? size * faces : (size_t)lay.span;
   FE_CHECK(!ctx->pixel_pack_buffer && span > buf_size, GL_INVALID_OPERATION);
   for (unsigned f = face; f < face + faces; f++) {
      const struct fe_tex_blocks *kb = tex->blocks;
      if ((tex->image[f][level].plain_texels || !kb || !kb->data[f][level] ||
           kb->size[f][level] != size || kb->internal_format[f][level] != img->internal_format) &&
          !fe_tex_blocks_encode(ctx, tex, f, (unsigned)level, "glGetCompressedTexImage"))
         return;
   }
   const struct fe_tex_blocks *b = tex->blocks;
   uint64_t offset = 0;
   if (ctx->pixel_pack_buffer &&
       !fe_pixel_buffer_range(ctx, ctx->pixel_pack_buffer, pixels, span, GL_UNSIGNED_BYTE, &offset))
      return;
   if (lay.tight) {
      for (unsigned k = 0; k < faces; k++) {
         if (ctx->pixel_pack_buffer)
            fe_buffer_upload(ctx, ctx->pixel_pack_buffer, offset + size * k,
                             b->data[face + k][level], size);
         else if (pixels)
            memcpy((uint8_t *)pixels + size * k, b->data[face + k][level], size);
      }
      return;
   }
   if (!pixels && !ctx->pixel_pack_buffer)
      return;
   /* laid out with gaps: the faces tight, then scattered; a pack buffer's bytes between the
    * rows are kept (read, written back whole) */
   uint8_t *tight = malloc(size * faces + 1);
   uint8_t *dst = ctx->pixel_pack_buffer ? malloc(span ? span : 1) : pixels;
   if (!tight || !dst) {
      free(tight);
      if (ctx->pixel_pack_buffer)
         free(dst);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   for (unsigned k = 0; k < faces; k++)
      memcpy(tight + size * k, b->data[face + k][level], size);
   if (ctx->pixel_pack_buffer)
      fe_buffer_read(ctx, ctx->pixel_pack_buffer, offset, span, dst);
   fe_block_scatter(&lay, tight, dst);
   if (ctx->pixel_pack_buffer) {
      fe_buffer_upload(ctx, ctx->pixel_pack_buffer, offset, dst, span);
      free(dst);
   }
   free(tight);
}

static void
get_compressed_tex_image(struct fe_context *ctx, GLenum target, GLint level, size_t buf_size,
                         void *pixels)
{
   const int t = fe_tex_target_index(ctx, target);
   FE_CHECK(proxy_target_index(ctx, target) >= 0 || t == FE_TEX_BUFFER || t == FE_TEX_2D_MS ||
               t == FE_TEX_2D_MS_ARRAY,
            GL_INVALID_ENUM);
   GLint compressed; /* the target's own errors first */
   if (!level_parameter(ctx, target, level, GL_TEXTURE_COMPRESSED, &compressed))
      return;
   unsigned face = 0;
   enum fe_tex_target tt = (enum fe_tex_target)t;
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      tt = FE_TEX_CUBE;
      face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
   }
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, tt);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY);
   get_compressed_of(ctx, tex, face, level, buf_size, pixels);
}

void
mgl_glGetCompressedTexImage(GLenum target, GLint level, void *pixels)
{
   FE_CTX_OR_RETURN();
   get_compressed_tex_image(ctx, target, level, SIZE_MAX, pixels);
}

/* GL 4.5's glGetnCompressedTexImage, ARB_robustness's glGetnCompressedTexImageARB */
void
mgl_glGetnCompressedTexImage(GLenum target, GLint lod, GLsizei bufSize, void *pixels)
{
   FE_CTX_OR_RETURN();
   get_compressed_tex_image(ctx, target, lod, bufSize < 0 ? 0 : (size_t)bufSize, pixels);
}

void
mgl_glGetnCompressedTexImageARB(GLenum target, GLint lod, GLsizei bufSize, void *img)
{
   mgl_glGetnCompressedTexImage(target, lod, bufSize, img);
}

/* glGetCompressedTextureImage (GL 4.6 §8.11.4): a cube map's six faces in order. */
void
mgl_glGetCompressedTextureImage(GLuint texture, GLint level, GLsizei bufSize, void *pixels)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named(ctx, texture);
   if (!tex)
      return;
   const enum fe_tex_target t = tex->target;
   FE_CHECK(t == FE_TEX_BUFFER || t == FE_TEX_2D_MS || t == FE_TEX_2D_MS_ARRAY,
            GL_INVALID_OPERATION);
   get_compressed_of(ctx, tex, t == FE_TEX_CUBE ? FE_ALL_FACES : 0, level,
                     bufSize < 0 ? 0 : (size_t)bufSize, pixels);
}
