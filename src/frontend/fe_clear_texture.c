/* fe_clear_texture.c — glClearTexImage and glClearTexSubImage (ARB_clear_texture, GL 4.6
 * §8.21): a box of one texture level filled with one texel. The client converts the texel
 * (format and type as glTexImage takes them; NULL is zero) into the level's format and sends
 * the box as an upload of the level, in order with the level's other uploads. */
#include <string.h>

#include "fe_compat.h"
#include "fe_es_ext.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_texture_priv.h"
#include "gl_api.h"
#include "log.h"

/* The slices (3D), layers or cube faces a level of tex has, as ClearTexSubImage's z counts them
 * (a 1D array's layers are its y). */
static uint32_t
level_depth(const struct fe_texture *tex, const struct fe_tex_image *img)
{
   if (tex->target == FE_TEX_CUBE)
      return 6;
   if (tex->target == FE_TEX_3D || tex->target == FE_TEX_2D_ARRAY ||
       tex->target == FE_TEX_CUBE_ARRAY || tex->target == FE_TEX_2D_MS_ARRAY)
      return img->depth;
   return 1;
}

static void clear_tex_body(struct fe_context *ctx, struct fe_texture *tex,
                           const struct fe_tex_image *img, const struct fe_format_info *info,
                           GLint level, bool sub, GLint x, GLint y, GLint z, GLsizei w, GLsizei h,
                           GLsizei d, GLenum format, GLenum type, const void *data);

/* A multisample image takes no upload: the texel becomes clear values (floats for normalized
 * and float formats, integers for integer ones, the depth, the stencil index) and the box is
 * cleared through a framebuffer, a layer at a time (fe_fbo_clear_texture_box). */
static void
clear_multisample(struct fe_context *ctx, struct fe_texture *tex, const struct fe_tex_image *img,
                  const struct fe_format_info *info, GLint level, GLint x, GLint y, GLint z,
                  GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type, const void *data)
{
   struct mgp_clear c = {0};
   uint16_t dst;
   switch (fe_mgp_format(img->format)->kind) {
   case FE_FMT_INT: dst = MGP_FORMAT_RGBA32_SINT, c.color_kind = 1, c.color_buffers = 1; break;
   case FE_FMT_UINT: dst = MGP_FORMAT_RGBA32_UINT, c.color_kind = 2, c.color_buffers = 1; break;
   case FE_FMT_DEPTH: dst = MGP_FORMAT_D32_FLOAT, c.depth = 1; break;
   case FE_FMT_STENCIL: dst = MGP_FORMAT_S8_UINT, c.stencil = 1; break;
   case FE_FMT_DEPTH_STENCIL: dst = 0; break;
   default: dst = MGP_FORMAT_RGBA32_FLOAT, c.color_buffers = 1; break;
   }
   /* a depth/stencil image would need both values from one texel; an alpha or luminance image
    * kept in RGBA its absent components kept 0 (fe_fbo_zero_absent_texels) */
   if (!dst || fe_format_legacy_wide(info)) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "glClearTex(Sub)Image of a multisample texture of internal format 0x%04x",
                  img->internal_format);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   uint8_t v[16] = {0};
   if (data && !fe_pixel_unpack(v, dst, data, 16, 1, 1, format, type, false)) {
      MGU_DECLINE(gl_feature_unimplemented, "glClearTexImage data of 0x%04x/0x%04x into format %u",
                  format, type, dst);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (c.color_buffers) {
      memcpy(c.color, v, sizeof(c.color));
   } else if (c.depth) {
      float depth;
      memcpy(&depth, v, sizeof(depth));
      c.depth_value = fe_clampf(depth, 0.0f, 1.0f);
   } else {
      c.stencil_value = v[0];
   }
   fe_fbo_clear_texture_box(ctx, tex, (unsigned)level, (uint32_t)z, (uint32_t)d, x, y, w, h, &c);
}

static void
clear_tex(struct fe_context *ctx, GLuint texture, GLint level, bool sub, GLint x, GLint y, GLint z,
          GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type, const void *data)
{
   struct fe_texture *tex = fe_texture_named(ctx, texture);
   if (!tex)
      return;
   FE_CHECK(tex->target == FE_TEX_BUFFER, GL_INVALID_OPERATION);
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   const struct fe_tex_image *img = &tex->image[0][level];
   FE_CHECK(!img->defined, GL_INVALID_OPERATION);
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   FE_CHECK(!info, GL_INVALID_OPERATION);
   FE_CHECK(info->block != 0, GL_INVALID_OPERATION); /* compressed images */
   /* Luminance/alpha data or images (a compatibility context; a core one sharing such an
    * image) go through the conversion glTexImage uses, from the one texel at data: no unpack
    * state, no unpack buffer. */
   const bool convert =
      ctx->compat
         ? fe_compat_legacy_base(img->internal_format) || fe_compat_source_format(format) != format
         : fe_compat_tex_source_applies(ctx, img->internal_format, format);
   if (convert) {
      const struct fe_pixel_store saved = ctx->unpack;
      struct fe_buffer *saved_pbo = ctx->pixel_unpack_buffer;
      ctx->unpack = (struct fe_pixel_store){.alignment = 1};
      ctx->pixel_unpack_buffer = NULL;
      struct fe_compat_tex_source st;
      const void *px = data;
      if (fe_compat_tex_source_begin(ctx, img->internal_format, 1, 1, &format, &type, &px, &st)) {
         clear_tex_body(ctx, tex, img, info, level, sub, x, y, z, w, h, d, format, type, px);
         fe_compat_tex_source_end(ctx, &st);
      }
      ctx->unpack = saved;
      ctx->pixel_unpack_buffer = saved_pbo;
      return;
   }
   clear_tex_body(ctx, tex, img, info, level, sub, x, y, z, w, h, d, format, type, data);
}

static void
clear_tex_body(struct fe_context *ctx, struct fe_texture *tex, const struct fe_tex_image *img,
               const struct fe_format_info *info, GLint level, bool sub, GLint x, GLint y, GLint z,
               GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type, const void *data)
{
   const GLenum err = fe_pixel_check(format, type, ctx->desc.api == FE_API_GLES);
   FE_CHECK(err, err);
   /* depth data for a depth image only, depth/stencil for a depth/stencil one, integer data
    * for an integer one (GL 4.6 §8.21) */
   FE_CHECK(!fe_pixel_matches_internal(info, format), GL_INVALID_OPERATION);
   /* a 1D array's layers are its rows */
   const uint32_t lw = img->width, lh = img->height, ld = level_depth(tex, img);
   if (!sub) {
      x = y = z = 0;
      w = (GLsizei)lw, h = (GLsizei)lh, d = (GLsizei)ld;
   }
   FE_CHECK(w < 0 || h < 0 || d < 0, GL_INVALID_VALUE);
   /* a region outside the level (GL 4.6 §8.21) */
   FE_CHECK(x < 0 || y < 0 || z < 0 || (int64_t)x + w > lw || (int64_t)y + h > lh ||
               (int64_t)z + d > ld,
            GL_INVALID_OPERATION);
   if (!w || !h || !d)
      return;
   /* stencil-only texels upload into the stencil aspect only with ARB_texture_stencil8 */
   if (fe_mgp_format(img->format)->kind == FE_FMT_STENCIL && !fe_texture_stencil8_offered(ctx)) {
      MGU_DECLINE(gl_feature_unimplemented, "glClearTex(Sub)Image of a stencil-only texture");
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (tex->samples > 1) {
      clear_multisample(ctx, tex, img, info, level, x, y, z, w, h, d, format, type, data);
      return;
   }
   uint8_t texel[16] = {0};
   if (data && !fe_pixel_unpack(texel, img->format, data, 16, 1, 1, format, type, false)) {
      MGU_DECLINE(gl_feature_unimplemented, "glClearTexImage data of 0x%04x/0x%04x into format %u",
                  format, type, img->format);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (tex->target == FE_TEX_CUBE) {
      for (GLsizei f = 0; f < d; f++)
         if (tex->image[z + f][level].defined &&
             !fe_tex_fill_box(ctx, tex, (unsigned)(z + f), (unsigned)level, x, y, 0, (uint32_t)w,
                              (uint32_t)h, 1, texel))
            return;
   } else if (tex->target == FE_TEX_1D_ARRAY) {
      /* layers y .. y + h, each one texel high */
      fe_tex_fill_box(ctx, tex, 0, (unsigned)level, x, 0, y, (uint32_t)w, 1, (uint32_t)h, texel);
   } else {
      fe_tex_fill_box(ctx, tex, 0, (unsigned)level, x, y, z, (uint32_t)w, (uint32_t)h, (uint32_t)d,
                      texel);
   }
   fe_tex_auto_mipmap(ctx, tex, level);
}

void
mgl_glClearTexImage(GLuint texture, GLint level, GLenum format, GLenum type, const void *data)
{
   FE_CTX_OR_RETURN();
   /* ES: EXT_clear_texture's glClearTexImageEXT (forwarded here) where the context lists it */
   FE_CHECK(fe_es_ext_lacks(ctx, FE_ES_EXT_CLEAR_TEXTURE), GL_INVALID_OPERATION);
   clear_tex(ctx, texture, level, false, 0, 0, 0, 0, 0, 0, format, type, data);
}

void
mgl_glClearTexSubImage(GLuint texture, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                       GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                       const void *data)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(fe_es_ext_lacks(ctx, FE_ES_EXT_CLEAR_TEXTURE), GL_INVALID_OPERATION);
   clear_tex(ctx, texture, level, true, xoffset, yoffset, zoffset, width, height, depth, format,
             type, data);
}
