/* fe_tex_copy.c — glCopyTexImage* and glCopyTexSubImage*: texture images from the read
 * framebuffer. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fe_enum.h"
#include "checked.h"
#include "fe_cso.h"
#include "fe_es_ext.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_texture_priv.h"
#include "fe_texcompress.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"

/* ---- copies from the read framebuffer ---------------------------------------------------------- */

static bool
is_int_kind(uint8_t kind)
{
   return kind == FE_FMT_INT || kind == FE_FMT_UINT;
}

static bool
is_depth_kind(uint8_t kind)
{
   return kind == FE_FMT_DEPTH || kind == FE_FMT_DEPTH_STENCIL || kind == FE_FMT_STENCIL;
}

/* The read framebuffer's surface a copy into dst_format reads, after the errors
 * glCopyTex(Sub)Image* share (GL 3.3 §3.8.5): an incomplete read framebuffer, a read buffer of
 * NONE, integer against non-integer texels, no depth buffer for a depth format. Colour formats
 * read the read surface; depth formats the depth buffer (and the stencil buffer too for a
 * depth/stencil format); *mask says which, as a blit mask. */
static bool
copy_source(struct fe_context *ctx, uint16_t dst_format, struct mgp_surface *src, GLbitfield *mask)
{
   if (fe_fbo_status(ctx, ctx->read_fbo, true) != GL_FRAMEBUFFER_COMPLETE) {
      fe_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
      return false;
   }
   /* not from a multisampled read framebuffer, the default one included (GL 3.3 §3.8.2) */
   if (fe_fbo_read_samples(ctx)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   const struct fe_mgp_format_desc *dst = fe_mgp_format(dst_format);
   /* GL 3.3 has no stencil-only texture formats (GL_STENCIL_INDEX8 is renderbuffer-only:
    * glTexImage* and glCopyTexImage* answer GL_INVALID_VALUE before), so no texture reaches
    * here with one; ARB_texture_stencil8 (GL 4.4) would need a stencil-aspect copy. */
   if (dst->kind == FE_FMT_STENCIL) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   if (!fe_pipe_has(ctx, MGP_CALL_blit)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   /* the read framebuffer's attachments (the state is built for reading) */
   struct fe_framebuffer *saved_fbo = ctx->draw_fbo;
   struct fe_surface *saved_surface = ctx->draw_surface;
   ctx->draw_fbo = ctx->read_fbo;
   ctx->draw_surface = ctx->read_surface;
   fe_draw_touch(ctx);
   struct mgp_framebuffer_state st;
   fe_fbo_build_state(ctx, &st);
   ctx->draw_fbo = saved_fbo;
   ctx->draw_surface = saved_surface;
   fe_draw_touch(ctx);
   if (is_depth_kind(dst->kind)) {
      if (mgp_handle_is_null(st.depth.res)) {
         fe_error(ctx, GL_INVALID_OPERATION); /* no depth buffer to copy */
         return false;
      }
      *src = st.depth;
      *mask = GL_DEPTH_BUFFER_BIT;
      if (dst->kind == FE_FMT_DEPTH_STENCIL) {
         /* read as CopyPixels reads DEPTH_STENCIL (GL 3.3 §3.8.5, §4.3.3): both buffers */
         if (mgp_handle_is_null(st.stencil.res)) {
            fe_error(ctx, GL_INVALID_OPERATION);
            return false;
         }
         if (mgp_handle_eq(st.stencil.res, st.depth.res))
            *mask |= GL_STENCIL_BUFFER_BIT;
      }
      return true;
   }
   if (mgp_handle_is_null(st.read.res)) {
      fe_error(ctx, GL_INVALID_OPERATION); /* READ_BUFFER is NONE */
      return false;
   }
   if (is_int_kind(fe_mgp_format(st.read.format)->kind) != is_int_kind(dst->kind)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   *src = st.read;
   *mask = GL_COLOR_BUFFER_BIT;
   return true;
}

/* Copies the read rectangle (x, y, w, h) to (xoff, yoff) of image (face, level), slice or layer
 * `layer`: a blit at scale 1 (the backend converts formats, and clips to the source as GL leaves
 * texels from outside the read framebuffer undefined). */
static void
copy_to_image(struct fe_context *ctx, struct fe_texture *tex, const struct mgp_surface *src,
              GLbitfield mask, unsigned face, unsigned level, uint32_t layer, GLint xoff,
              GLint yoff, GLint x, GLint y, GLsizei w, GLsizei h)
{
   if (!w || !h || !fe_tex_ensure_storage(ctx, tex, level))
      return;
   fe_tex_blocks_drop(tex, face, level);
   /* texels still pending for this level land first */
   if (tex->pending[face][level].count)
      fe_tex_flush_level(ctx, tex, face, level);
   if (tex->view_root && tex->res_format != tex->view_root->res_format) {
      /* the server's blit writes the storage's format: another format's texels would convert */
      MGU_DECLINE(texture_view_refused, "glCopyTexSubImage into a texture view of another format");
      return;
   }
   if (!fe_validate(ctx, FE_VERB_TEXOP))
      return;
   uint32_t res_level = level, res_layer = face + layer;
   struct mgp_blit b = {
      .src = *src,
      .dst = {.res = fe_tex_storage_at(tex, &res_level, &res_layer),
              .format = tex->res_format,
              .kind = 1,
              .level = (uint16_t)res_level,
              .layer = res_layer},
      .src_box = {x, y, x + w, y + h},
      .dst_box = {xoff, yoff, xoff + w, yoff + h},
      .mask = fe_mgp_blit_mask(mask),
      .filter = MGP_FILTER_NEAREST,
      /* never converted, whatever GL_FRAMEBUFFER_SRGB says (EXT_texture_sRGB: the pixel path
       * knows no colour space; llvmpipe and Zink measured alike, scenario copytex_srgb_switch);
       * the switch governs glBlitFramebuffer only */
      .srgb_encode = 0,
   };
   if (tex->target == FE_TEX_1D_ARRAY) {
      /* read rows become layers yoff .. yoff + h, each one texel high */
      for (GLsizei r = 0; r < h; r++) {
         b.dst.layer = (uint32_t)(yoff + r) + (tex->view_root ? tex->view_min_layer : 0);
         b.src_box[1] = y + r, b.src_box[3] = y + r + 1;
         b.dst_box[1] = 0, b.dst_box[3] = 1;
         mgp_blit(&ctx->pipe, &b);
      }
   } else {
      mgp_blit(&ctx->pipe, &b);
   }
   /* an alpha or luminance-alpha image kept in RGBA takes the read alpha (and red) alone */
   const GLenum ifmt = tex->image[face][level].internal_format;
   if (fe_format_legacy_wide(fe_format_lookup(ifmt))) {
      if (tex->target == FE_TEX_1D_ARRAY)
         for (GLsizei r = 0; r < h; r++)
            fe_fbo_zero_absent_texels(ctx, tex, ifmt, level, (uint32_t)(yoff + r), xoff, 0, w, 1);
      else
         fe_fbo_zero_absent_texels(ctx, tex, ifmt, level, face + layer, xoff, yoff, w, h);
   }
   fe_tex_texture_changed(ctx, tex);
   fe_tex_auto_mipmap(ctx, tex, (GLint)level);
}

/* A copy into a luminance/alpha image (ES 2.0 Table 3.9, ES 3.0 Table 3.15): LUMINANCE and
 * INTENSITY take the read buffer's red, which the blit moves into the stored red. ALPHA and
 * LUMINANCE_ALPHA kept in RGBA (desktop contexts: fe_format_legacy_wide) take the read RGBA,
 * the components they lack zeroed after (copy_to_image); a read buffer without alpha reads
 * alpha 1 (glCopyTexImage reads as glCopyPixels, GL 2.1 §3.8.2; only ES refuses it). Those
 * kept in R or RG (ES; the signed normalized ones) need a read buffer with alpha and the
 * alpha moved into the stored red or green, which the blit does not do (declined). False
 * after the error. */
static bool
legacy_copy_ok(struct fe_context *ctx, const struct fe_format_info *info,
               const struct mgp_surface *src)
{
   if (!fe_format_is_legacy(info) || info->base == FE_GL_LUMINANCE ||
       info->base == FE_GL_INTENSITY || fe_format_legacy_wide(info))
      return true;
   if (!fe_mgp_format(src->format)->bits[3]) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   MGU_DECLINE(gl_feature_unimplemented, "glCopyTex(Sub)Image into luminance/alpha format 0x%04x",
               info->internal_format);
   fe_error(ctx, GL_INVALID_OPERATION);
   return false;
}

/* Whether img is of an ASTC format: no copies into it (KHR_texture_compression_astc_ldr keeps
 * its formats out of the CopyTex* tables; Mesa answers INVALID_OPERATION). */
static bool
astc_image(const struct fe_tex_image *img)
{
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   return info && fe_block_is_astc(info->block);
}

static void
copy_tex_image(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
               GLenum internalformat, GLint x, GLint y, GLsizei width, GLsizei height, GLint border)
{
   FE_CHECK(tex->immutable, GL_INVALID_OPERATION);
   /* a bordered image keeps its inner texels: the copy starts inside the border */
   GLsizei depth = 1;
   const bool one_d = tex->target == FE_TEX_1D || tex->target == FE_TEX_1D_ARRAY;
   if (fe_tex_border_strip(ctx, tex, &border, &width, &height, &depth, one_d ? 1 : 2)) {
      MGU_DECLINE(gl_texture_border_stripped,
                  "glCopyTexImage with a border: its inner %dx%d texels are kept, the border's "
                  "dropped",
                  width, height);
      x = x < INT32_MAX ? x + 1 : x; /* past the framebuffer either way */
      if (!one_d)
         y = y < INT32_MAX ? y + 1 : y;
   }
   FE_CHECK(!fe_tex_image_size_ok(ctx, tex, level, width, height, border), GL_INVALID_VALUE);
   const struct fe_format_info *info = fe_format_lookup(internalformat);
   /* a name that is no internal format at all: GL 4.6 §8.6 (and Mesa, and piglit's
    * copyteximage) say INVALID_ENUM on desktop; ES keeps INVALID_VALUE */
   FE_CHECK(!info && ctx->desc.api != FE_API_GLES, GL_INVALID_ENUM);
   /* ASTC images come only from compressed uploads (KHR_texture_compression_astc_ldr; Mesa) */
   FE_CHECK(info && fe_block_is_astc(info->block), GL_INVALID_OPERATION);
   /* luminance/alpha/intensity: every name on a compatibility context, as glTexImage takes
    * them; on ES the unsized LUMINANCE, ALPHA and LUMINANCE_ALPHA only */
   const bool legacy_ok =
      ctx->compat || (ctx->desc.api == FE_API_GLES && info && info->internal_format == info->base &&
                      info->base != FE_GL_INTENSITY);
   FE_CHECK(!info || !info->texture || (fe_format_compat_only(info) && !legacy_ok),
            GL_INVALID_VALUE);
   const uint16_t fmt = fe_format_choose(ctx->share->caps, info->format, MGP_FORMAT_CAP_SAMPLE);
   struct mgp_surface src;
   GLbitfield mask;
   if (!copy_source(ctx, fmt, &src, &mask) || !legacy_copy_ok(ctx, info, &src))
      return;
   struct fe_tex_image *img = &tex->image[face][level];
   *img = (struct fe_tex_image){
      .defined = true,
      .width = (uint32_t)width,
      .height = (uint32_t)height,
      .depth = 1,
      .internal_format = internalformat,
      .format = fmt,
   };
   fe_tex_pending_clear(&tex->pending[face][level]);
   fe_tex_texture_changed(ctx, tex);
   fe_share_bump(ctx->share, &ctx->share->attach_gen);
   copy_to_image(ctx, tex, &src, mask, face, (unsigned)level, 0, 0, 0, x, y, width, height);
}

void
mgl_glCopyTexImage2D(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                     GLsizei width, GLsizei height, GLint border)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(fe_tex_is_proxy(target), GL_INVALID_ENUM);
   unsigned face;
   bool declined;
   struct fe_texture *tex = fe_tex_image_target(ctx, target, &face, &declined);
   if (tex)
      copy_tex_image(ctx, tex, face, level, internalformat, x, y, width, height, border);
}

void
mgl_glCopyTexImage1D(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                     GLsizei width, GLint border)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_tex_image_target_1d(ctx, target, false);
   if (tex)
      copy_tex_image(ctx, tex, 0, level, internalformat, x, y, width, 1, border);
}

static void
copy_tex_sub_image(struct fe_context *ctx, struct fe_texture *tex, unsigned face, GLint level,
                   GLint xoffset, GLint yoffset, GLint x, GLint y, GLsizei width, GLsizei height)
{
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   FE_CHECK(width < 0 || height < 0, GL_INVALID_VALUE);
   const struct fe_tex_image *img = &tex->image[face][level];
   FE_CHECK(!img->defined, GL_INVALID_OPERATION);
   FE_CHECK(astc_image(img), GL_INVALID_OPERATION);
   FE_CHECK(xoffset < 0 || yoffset < 0 || (int64_t)xoffset + width > img->width ||
               (int64_t)yoffset + height > img->height,
            GL_INVALID_VALUE);
   struct mgp_surface src;
   GLbitfield mask;
   if (!copy_source(ctx, img->format, &src, &mask) ||
       !legacy_copy_ok(ctx, fe_format_lookup(img->internal_format), &src))
      return;
   copy_to_image(ctx, tex, &src, mask, face, (unsigned)level, 0, xoffset, yoffset, x, y, width,
                 height);
}

void
mgl_glCopyTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint x, GLint y,
                        GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(fe_tex_is_proxy(target), GL_INVALID_ENUM);
   unsigned face;
   bool declined;
   struct fe_texture *tex = fe_tex_image_target(ctx, target, &face, &declined);
   if (tex)
      copy_tex_sub_image(ctx, tex, face, level, xoffset, yoffset, x, y, width, height);
}

void
mgl_glCopyTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLint x, GLint y, GLsizei width)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_tex_image_target_1d(ctx, target, false);
   if (tex)
      copy_tex_sub_image(ctx, tex, 0, level, xoffset, 0, x, y, width, 1);
}

static void copy_tex_sub_image_3d(struct fe_context *ctx, struct fe_texture *tex, GLint level,
                                  GLint xoffset, GLint yoffset, GLint zoffset, GLint x, GLint y,
                                  GLsizei width, GLsizei height);

void
mgl_glCopyTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                        GLint x, GLint y, GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   bool declined;
   FE_CHECK(fe_tex_is_proxy(target), GL_INVALID_ENUM); /* no sub-images of proxies */
   struct fe_texture *tex = fe_tex_image_target_3d(ctx, target, &declined);
   if (tex)
      copy_tex_sub_image_3d(ctx, tex, level, xoffset, yoffset, zoffset, x, y, width, height);
}

void
mgl_glCopyTextureSubImage1D(GLuint texture, GLint level, GLint xoffset, GLint x, GLint y,
                            GLsizei width)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named_sub(ctx, texture, 1);
   if (tex)
      copy_tex_sub_image(ctx, tex, 0, level, xoffset, 0, x, y, width, 1);
}

void
mgl_glCopyTextureSubImage2D(GLuint texture, GLint level, GLint xoffset, GLint yoffset, GLint x,
                            GLint y, GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named_sub(ctx, texture, 2);
   if (tex)
      copy_tex_sub_image(ctx, tex, 0, level, xoffset, yoffset, x, y, width, height);
}

/* A cube map's faces are its layers here (GL 4.6 §8.6: zoffset names the face). */
void
mgl_glCopyTextureSubImage3D(GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                            GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named_sub(ctx, texture, 3);
   if (!tex)
      return;
   if (tex->target != FE_TEX_CUBE) {
      copy_tex_sub_image_3d(ctx, tex, level, xoffset, yoffset, zoffset, x, y, width, height);
      return;
   }
   FE_CHECK(zoffset < 0 || zoffset > 5, GL_INVALID_VALUE);
   copy_tex_sub_image(ctx, tex, (unsigned)zoffset, level, xoffset, yoffset, x, y, width, height);
}

static void
copy_tex_sub_image_3d(struct fe_context *ctx, struct fe_texture *tex, GLint level, GLint xoffset,
                      GLint yoffset, GLint zoffset, GLint x, GLint y, GLsizei width, GLsizei height)
{
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   FE_CHECK(width < 0 || height < 0, GL_INVALID_VALUE);
   const struct fe_tex_image *img = &tex->image[0][level];
   FE_CHECK(!img->defined, GL_INVALID_OPERATION);
   FE_CHECK(astc_image(img), GL_INVALID_OPERATION);
   FE_CHECK(xoffset < 0 || yoffset < 0 || zoffset < 0 || (int64_t)xoffset + width > img->width ||
               (int64_t)yoffset + height > img->height || (uint32_t)zoffset >= img->depth,
            GL_INVALID_VALUE);
   struct mgp_surface src;
   GLbitfield mask;
   if (!copy_source(ctx, img->format, &src, &mask) ||
       !legacy_copy_ok(ctx, fe_format_lookup(img->internal_format), &src))
      return;
   copy_to_image(ctx, tex, &src, mask, 0, (unsigned)level, (uint32_t)zoffset, xoffset, yoffset, x,
                 y, width, height);
}
