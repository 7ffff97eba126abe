/* fe_tex_subimage_get.c — glGetTextureSubImage and glGetCompressedTextureSubImage
 * (ARB_get_texture_sub_image, GL 4.6 §8.11.4): a box of one texture level read back. Each
 * layer the box crosses is read whole (get_texture_image, a counted round trip), packed tight,
 * and the box's rows are placed by the pack state; a pixel pack buffer receives them through
 * the client. Compressed boxes come from the blocks the client keeps. */
#include <stdlib.h>
#include <string.h>

#include "checked.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_pack.h"
#include "fe_texcompress.h"
#include "fe_texture_priv.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"

/* The slices (3D), layers (arrays; a 1D array's are its rows) or faces (cube maps) of a level, as
 * the box's z counts them. */
static uint32_t
level_depth(const struct fe_texture *tex, const struct fe_tex_image *img)
{
   if (tex->target == FE_TEX_CUBE)
      return 6;
   if (tex->target == FE_TEX_3D || tex->target == FE_TEX_2D_ARRAY ||
       tex->target == FE_TEX_CUBE_ARRAY)
      return img->depth;
   return 1;
}

/* GL's errors common to both commands (false after one); *img the level's image (face 0). */
static bool
sub_image_checks(struct fe_context *ctx, struct fe_texture *tex, GLint level, GLint x, GLint y,
                 GLint z, GLsizei w, GLsizei h, GLsizei d, const struct fe_tex_image **img)
{
   const enum fe_tex_target t = tex->target;
   FE_CHECK(t == FE_TEX_BUFFER || t == FE_TEX_2D_MS || t == FE_TEX_2D_MS_ARRAY,
            GL_INVALID_OPERATION, false);
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE, false);
   FE_CHECK(w < 0 || h < 0 || d < 0 || x < 0 || y < 0 || z < 0, GL_INVALID_VALUE, false);
   *img = &tex->image[0][level];
   const uint32_t iw = (*img)->width, ih = (*img)->height, id = level_depth(tex, *img);
   /* an undefined level is 0x0x0: any non-empty box lies outside it */
   FE_CHECK((int64_t)x + w > iw || (int64_t)y + h > ih || (int64_t)z + d > id, GL_INVALID_VALUE,
            false);
   /* a cube map's faces are read as one box: the level must be cube complete (six faces of
    * one size and format) */
   if (t == FE_TEX_CUBE)
      for (unsigned f = 0; f < 6; f++) {
         const struct fe_tex_image *fi = &tex->image[f][level];
         FE_CHECK(!fi->defined || fi->width != (*img)->width || fi->height != (*img)->height ||
                     fi->internal_format != (*img)->internal_format,
                  GL_INVALID_OPERATION, false);
      }
   return true;
}

static void
get_sub_image(struct fe_context *ctx, struct fe_texture *tex, GLint level, GLint x, GLint y,
              GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type, size_t buf_size,
              void *pixels)
{
   const GLenum err = fe_pixel_check(format, type, ctx->desc.api == FE_API_GLES);
   FE_CHECK(err, err);
   const struct fe_tex_image *img;
   if (!sub_image_checks(ctx, tex, level, x, y, z, w, h, d, &img))
      return;
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   FE_CHECK(info && !fe_pixel_matches_internal(info, format), GL_INVALID_OPERATION);
   /* the box's bytes in the app's layout: slices placed by GL_PACK_IMAGE_HEIGHT and
    * GL_PACK_SKIP_IMAGES */
   size_t first, stride;
   const size_t one =
      fe_pixel_image_layout(&ctx->pack, w ? w : 1, h ? h : 1, format, type, &first, &stride);
   uint64_t step = 0, base = 0, size = 0, rest;
   bool fits =
      one != SIZE_MAX &&
      mgu_mul_u64(stride,
                  ctx->pack.image_height > 0 ? (uint64_t)ctx->pack.image_height
                                             : (uint64_t)(h ? h : 1),
                  &step) &&
      mgu_mul_u64(step, ctx->pack.skip_images > 0 ? (uint64_t)ctx->pack.skip_images : 0, &base) &&
      mgu_mul_u64(step, d ? (uint64_t)d - 1 : 0, &rest) && mgu_add_u64(base, rest, &rest) &&
      mgu_add_u64(rest, one, &size) && size != SIZE_MAX;
   FE_CHECK(!fits, GL_INVALID_OPERATION);
   FE_CHECK(!ctx->pixel_pack_buffer && w && h && d && size > buf_size, GL_INVALID_OPERATION);
   uint64_t pbo_offset = 0;
   if (ctx->pixel_pack_buffer &&
       !fe_pixel_buffer_range(ctx, ctx->pixel_pack_buffer, pixels, size, type, &pbo_offset))
      return;
   if (!w || !h || !d || !img->defined || !tex->created)
      return;
   struct mgp_pack_shape shape;
   if (!fe_pack_shape(format, type, &shape)) {
      MGU_DECLINE(gl_feature_unimplemented, "glGetTextureSubImage of 0x%04x/0x%04x", format, type);
      return;
   }
   if (!fe_pipe_has(ctx, MGP_CALL_get_texture_image)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (!fe_validate(ctx, FE_VERB_TEXOP))
      return;
   /* the destination: the app's memory, or a copy of the buffer's range (bytes the pack
    * layout skips keep their values) */
   uint8_t *dst = pixels, *staged = NULL;
   if (ctx->pixel_pack_buffer) {
      staged = malloc((size_t)size);
      FE_CHECK(!staged, GL_OUT_OF_MEMORY);
      fe_buffer_read(ctx, ctx->pixel_pack_buffer, pbo_offset, size, staged);
      dst = staged;
   }
   if (!dst)
      return;
   /* one layer read whole, tight (alignment 1, the app's byte swapping) */
   const bool rows_are_layers = tex->target == FE_TEX_1D_ARRAY;
   const uint32_t lw = img->width, lh = rows_are_layers ? 1 : img->height;
   const size_t bpp = fe_pixel_bytes(format, type);
   const struct fe_pixel_store tight = {.alignment = 1, .swap_bytes = ctx->pack.swap_bytes};
   uint8_t *layer = malloc((size_t)lw * lh * bpp);
   if (!layer) {
      free(staged);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   /* a texture view reads its root's level and layers (fe_gl.h: fe_tex_storage_at) */
   uint32_t res_level = (uint32_t)level, layer0 = 0;
   struct fe_texels_read rd = {
      .res = fe_tex_storage_at(tex, &res_level, &layer0),
      .level = res_level,
      .storage_format = tex->view_root ? fe_tex_storage_format(tex) : 0,
      .width = lw,
      .height = lh,
      .what = shape.what,
      .format = img->format,
      .has_alpha = fe_mgp_format(img->format)->bits[3] && !fe_format_no_alpha(info),
   };
   for (GLsizei k = 0; k < d; k++) {
      uint8_t *slice = dst + base + step * (uint64_t)k + first;
      if (rows_are_layers) {
         /* the box's rows are layers y .. y + h of the level */
         for (GLsizei r = 0; r < h; r++) {
            rd.layer = layer0 + (uint32_t)(y + r);
            fe_pack_read(ctx, &rd, &shape, &tight, layer);
            memcpy(slice + stride * (size_t)r, layer + (size_t)x * bpp, (size_t)w * bpp);
         }
         continue;
      }
      rd.layer = layer0 + (uint32_t)(z + k); /* a cube map's faces are its layers */
      fe_pack_read(ctx, &rd, &shape, &tight, layer);
      for (GLsizei r = 0; r < h; r++)
         memcpy(slice + stride * (size_t)r, layer + ((size_t)(y + r) * lw + (size_t)x) * bpp,
                (size_t)w * bpp);
   }
   free(layer);
   if (staged) {
      fe_buffer_upload(ctx, ctx->pixel_pack_buffer, pbo_offset, staged, size);
      free(staged);
   }
}

void
mgl_glGetTextureSubImage(GLuint texture, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                         GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                         GLsizei bufSize, void *pixels)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named(ctx, texture);
   if (!tex)
      return;
   get_sub_image(ctx, tex, level, xoffset, yoffset, zoffset, width, height, depth, format, type,
                 bufSize < 0 ? 0 : (size_t)bufSize, pixels);
}

/* The blocks the app uploaded, as glGetCompressedTexImage reads them (fe_tex_query.c): whole
 * blocks, tight rows of blocks; a box starts on a block and is whole blocks or reaches the
 * level's edge. */
void
mgl_glGetCompressedTextureSubImage(GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                                   GLint zoffset, GLsizei width, GLsizei height, GLsizei depth,
                                   GLsizei bufSize, void *pixels)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = fe_texture_named(ctx, texture);
   if (!tex)
      return;
   const struct fe_tex_image *img;
   if (!sub_image_checks(ctx, tex, level, xoffset, yoffset, zoffset, width, height, depth, &img))
      return;
   FE_CHECK(!img->defined, GL_INVALID_OPERATION);
   const struct fe_format_info *info = fe_format_lookup(img->internal_format);
   FE_CHECK(!info || !info->block, GL_INVALID_OPERATION);
   const enum fe_block_kind kind = (enum fe_block_kind)info->block;
   const GLint fw = (GLint)fe_block_width(kind), fh = (GLint)fe_block_height(kind);
   FE_CHECK(xoffset % fw || yoffset % fh, GL_INVALID_VALUE);
   FE_CHECK((width % fw && (uint32_t)(xoffset + width) != img->width) ||
               (height % fh && (uint32_t)(yoffset + height) != img->height),
            GL_INVALID_VALUE);
   const size_t bb = fe_block_bytes(kind);
   const size_t bw = ((size_t)width + (size_t)fw - 1) / (size_t)fw;
   const size_t bh = ((size_t)height + (size_t)fh - 1) / (size_t)fh;
   const size_t size = bw * bh * (size_t)depth * bb;
   /* the pack modes' layout (ARB_compressed_texture_pixel_storage): the bytes written run to
    * its span */
   const bool array = tex->target == FE_TEX_2D_ARRAY || tex->target == FE_TEX_CUBE_ARRAY ||
                      tex->target == FE_TEX_3D;
   struct fe_block_layout lay;
   FE_CHECK(!fe_block_layout(&ctx->pack, kind, array ? 3 : 2, (uint32_t)width, (uint32_t)height,
                             (uint32_t)depth, &lay),
            GL_INVALID_OPERATION);
   FE_CHECK(lay.span > PTRDIFF_MAX, GL_INVALID_OPERATION);
   const size_t span = lay.tight ? size : (size_t)lay.span;
   FE_CHECK(!ctx->pixel_pack_buffer && span > (size_t)(bufSize < 0 ? 0 : bufSize),
            GL_INVALID_OPERATION);
   uint64_t pbo_offset = 0;
   if (ctx->pixel_pack_buffer && !fe_pixel_buffer_range(ctx, ctx->pixel_pack_buffer, pixels, span,
                                                        GL_UNSIGNED_BYTE, &pbo_offset))
      return;
   if (!size)
      return;
   const bool cube = tex->target == FE_TEX_CUBE;
   const size_t level_bw = (img->width + (uint32_t)fw - 1) / (uint32_t)fw;
   const size_t level_bh = (img->height + (uint32_t)fh - 1) / (uint32_t)fh;
   for (GLsizei k = 0; k < depth; k++) {
      const unsigned face = cube ? (unsigned)(zoffset + k) : 0;
      const struct fe_tex_image *fi = &tex->image[face][level];
      const size_t whole = fe_block_image_size(kind, fi->width, fi->height, fi->depth);
      const struct fe_tex_blocks *kb = tex->blocks;
      if ((fi->plain_texels || !kb || !kb->data[face][level] || kb->size[face][level] != whole ||
           kb->internal_format[face][level] != fi->internal_format) &&
          !fe_tex_blocks_encode(ctx, tex, face, (unsigned)level, "glGetCompressedTextureSubImage"))
         return;
   }
   const struct fe_tex_blocks *b = tex->blocks;
   uint8_t *out = ctx->pixel_pack_buffer || !lay.tight ? malloc(size) : pixels;
   FE_CHECK(!out && (ctx->pixel_pack_buffer || !lay.tight), GL_OUT_OF_MEMORY);
   if (!out)
      return;
   for (GLsizei k = 0; k < depth; k++) {
      const unsigned face = cube ? (unsigned)(zoffset + k) : 0;
      const size_t slice = cube ? 0 : (size_t)(zoffset + k);
      const uint8_t *src = b->data[face][level] + slice * level_bw * level_bh * bb;
      for (size_t r = 0; r < bh; r++)
         memcpy(out + (((size_t)k * bh + r) * bw) * bb,
                src + (((size_t)(yoffset / fh) + r) * level_bw + (size_t)(xoffset / fw)) * bb,
                bw * bb);
   }
   if (lay.tight) {
      if (ctx->pixel_pack_buffer) {
         fe_buffer_upload(ctx, ctx->pixel_pack_buffer, pbo_offset, out, size);
         free(out);
      }
      return;
   }
   /* laid out with gaps: a pack buffer's bytes between the rows are kept (read, written back
    * whole) */
   uint8_t *dst = ctx->pixel_pack_buffer ? malloc(span) : pixels;
   if (!dst) {
      free(out);
      if (ctx->pixel_pack_buffer)
         fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   if (ctx->pixel_pack_buffer)
      fe_buffer_read(ctx, ctx->pixel_pack_buffer, pbo_offset, span, dst);
   fe_block_scatter(&lay, out, dst);
   if (ctx->pixel_pack_buffer) {
      fe_buffer_upload(ctx, ctx->pixel_pack_buffer, pbo_offset, dst, span);
      free(dst);
   }
   free(out);
}
