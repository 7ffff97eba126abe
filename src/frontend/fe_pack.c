/* fe_pack.c — client-memory readbacks packed in the front end (fe_pack.h). */
#include "fe_pack.h"

#include <stdlib.h>
#include <string.h>

#include "checked.h"
#include "fe_gl.h"
#include "log.h"
#include "pipe_pack.h"

bool
fe_pack_answer(const struct fe_pixel_store *ps, const struct mgp_pack_shape *shape,
               const struct fe_texels_read *rd, const uint8_t *answer, size_t answer_size,
               uint8_t *dst)
{
   struct mgp_texels_rect rect;
   if (answer_size < sizeof(rect))
      return false;
   memcpy(&rect, answer, sizeof(rect));
   if (!rect.width || !rect.height)
      return true; /* nothing of the request inside the image, or the read declined */
   if (rect.x > rd->width || rect.width > rd->width - rect.x || rect.y > rd->height ||
       rect.height > rd->height - rect.y)
      return false;
   uint64_t need;
   const unsigned ts = mgp_texels_texel_size(rd->what, rd->format);
   if (!mgp_texels_size(rd->what, rd->format, rect.width, rect.height, &need) || need > answer_size)
      return false;
   /* GL's pack layout (GL 4.6 §8.4.4.1, §18.2): rows of row_length (or width) pixels rounded up
    * to the alignment, skip_rows rows and skip_pixels pixels in. The caller sized dst by the
    * same layout, so these products fit. */
   const uint64_t psize = shape->size;
   const uint64_t row_px = ps->row_length > 0 ? (uint64_t)ps->row_length : rd->width;
   const uint64_t align = ps->alignment > 0 ? (uint64_t)ps->alignment : 1;
   const uint64_t skip_rows = ps->skip_rows > 0 ? (uint64_t)ps->skip_rows : 0;
   const uint64_t skip_px = ps->skip_pixels > 0 ? (uint64_t)ps->skip_pixels : 0;
   uint64_t stride, at, px;
   if (!mgu_mul_u64(row_px, psize, &stride) || !mgu_add_u64(stride, align - 1, &stride))
      return false;
   stride = stride / align * align;
   if (!mgu_add_u64(skip_rows, rect.y, &at) || !mgu_mul_u64(at, stride, &at) ||
       !mgu_add_u64(skip_px, rect.x, &px) || !mgu_mul_u64(px, psize, &px) ||
       !mgu_add_u64(at, px, &at))
      return false;
   const uint8_t *texels = answer + sizeof(rect);
   const size_t n = (size_t)rect.width * rect.height;
   struct mgp_pack_src src = {
      .format = rd->format,
      .has_alpha = rd->has_alpha,
      .texels = texels,
      .stencil = rd->what == MGP_PACK_WHAT_DEPTH_STENCIL ? texels + n * ts : NULL,
      .texel_size = ts,
   };
   if (rd->what == MGP_PACK_WHAT_DEPTH || rd->what == MGP_PACK_WHAT_DEPTH_STENCIL)
      mgp_format_depth_layout(rd->format, &src.depth); /* true: mgp_texels_size passed */
   if (!ps->invert) {
      mgp_pack_rows(shape, &src, rect.width, rect.height, dst + at, (size_t)stride,
                    ps->swap_bytes != 0);
      return true;
   }
   if (src.stencil) {
      MGU_DECLINE(gl_feature_unimplemented, "GL_PACK_INVERT_MESA with depth/stencil data");
      return true;
   }
   /* MESA_pack_invert: the image's row y goes where row height - 1 - y would; one row at a
    * time, from the last (rect.y + j is under rd->height: checked above) */
   const size_t row_bytes = (size_t)rect.width * ts;
   at -= (uint64_t)rect.y * stride;
   for (uint32_t j = 0; j < rect.height; j++) {
      const uint64_t row = (uint64_t)(rd->height - 1 - (rect.y + j));
      src.texels = texels + (size_t)j * row_bytes;
      mgp_pack_rows(shape, &src, rect.width, 1, dst + at + row * stride, (size_t)stride,
                    ps->swap_bytes != 0);
   }
   return true;
}

/* GL 3.3 §4.3.2: with the read colour clamp in effect, colour components are clamped to
 * [0, 1] as they are read: the texels of an answer in place, for the formats whose channels
 * can leave that range (float and signed normalized arrays of 8, 16 or 32 bits a channel, and
 * the unsigned packed R11G11B10F, which only can exceed 1). */
static void
clamp_texels(uint16_t format, uint8_t *texels, size_t count)
{
   const struct mgp_format_desc *d = mgp_format_desc(format);
   if (d->layout == MGP_FORMAT_LAYOUT_PACK_LO && d->kind == MGP_FORMAT_KIND_FLOAT &&
       d->bits[0] == 11) {
      for (size_t i = 0; i < count; i++) {
         uint32_t v;
         memcpy(&v, texels + 4 * i, 4);
         /* 11, 11 and 10 bits of unsigned float: 1.0 is 0x3c0 (0x1e0 for 10 bits) */
         const uint32_t r = v & 0x7ffu, g = (v >> 11) & 0x7ffu, b = v >> 22;
         v = (r > 0x3c0u && r < 0x7c1u ? 0x3c0u : r) |
             (g > 0x3c0u && g < 0x7c1u ? 0x3c0u : g) << 11 |
             (b > 0x1e0u && b < 0x3e1u ? 0x1e0u : b) << 22;
         memcpy(texels + 4 * i, &v, 4);
      }
      return;
   }
   if (d->layout != MGP_FORMAT_LAYOUT_ARRAY ||
       (d->kind != MGP_FORMAT_KIND_FLOAT && d->kind != MGP_FORMAT_KIND_SNORM))
      return;
   const unsigned bits = d->bits[0];
   const size_t n = count * d->channels;
   for (size_t i = 0; i < n; i++) {
      uint8_t *p = texels + i * (bits / 8);
      if (d->kind == MGP_FORMAT_KIND_SNORM) {
         /* a negative value reads 0 */
         if (p[bits / 8 - 1] & 0x80u)
            memset(p, 0, bits / 8);
      } else if (bits == 32) {
         float f;
         memcpy(&f, p, 4);
         f = f > 1.0f ? 1.0f : f >= 0.0f ? f : 0.0f; /* NaN reads 0 */
         memcpy(p, &f, 4);
      } else if (bits == 16) {
         uint16_t h;
         memcpy(&h, p, 2);
         /* the halves order as their bits for one sign: 1.0 is 0x3c00 */
         h = (h & 0x8000u) || h > 0x7c00u ? 0 : h > 0x3c00u ? 0x3c00u : h;
         memcpy(p, &h, 2);
      }
   }
}

/* Room for an answer of size bytes: the context's scratch buffer, grown when too small. One
 * larger than FE_PACK_SCRATCH_KEEP is allocated for this read only (*owned): a rare huge read
 * does not hold its memory for the context's life. NULL: out of memory. */
static uint8_t *
answer_room(struct fe_context *ctx, size_t size, bool *owned)
{
   *owned = false;
   if (size <= ctx->pack_scratch_size)
      return ctx->pack_scratch;
   ctx->pack_scratch_allocs++;
   if (size > FE_PACK_SCRATCH_KEEP) {
      *owned = true;
      return malloc(size);
   }
   /* Its old bytes are of no use: no realloc copy. */
   free(ctx->pack_scratch);
   ctx->pack_scratch = malloc(size);
   ctx->pack_scratch_size = ctx->pack_scratch ? size : 0;
   return ctx->pack_scratch;
}

void
fe_pack_read(struct fe_context *ctx, const struct fe_texels_read *rd,
             const struct mgp_pack_shape *shape, const struct fe_pixel_store *ps, uint8_t *dst)
{
   uint64_t size;
   if (!mgp_texels_size(rd->what, rd->format, rd->width, rd->height, &size) ||
       size > SIZE_MAX / 2) {
      MGU_DECLINE(gl_feature_unimplemented, "a read of kind %u from a %s image", rd->what,
                  mgp_format_name(rd->format));
      return;
   }
   if (!mgp_pack_compatible(shape, rd->format)) {
      MGU_DECLINE(gl_feature_unimplemented, "a read of %s data from %s",
                  shape->integer ? "integer" : "non-integer", mgp_format_name(rd->format));
      return;
   }
   bool owned;
   uint8_t *answer = answer_room(ctx, (size_t)size, &owned);
   if (!answer) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   /* An answer the server never wrote names an empty rectangle. On the wire arms the decoder
    * zeroes the answer's room and all of it comes back; on monolith the server writes here
    * directly, so the rectangle must not be a previous read's. The texels need no clearing:
    * only the rectangle's are read. */
   memset(answer, 0,
          size < sizeof(struct mgp_texels_rect) ? (size_t)size : sizeof(struct mgp_texels_rect));
   const struct mgp_span out = {.ptr = answer, .size = size};
   if (mgp_handle_is_null(rd->res)) {
      struct mgp_read_pixels a = {.x = rd->x,
                                  .y = rd->y,
                                  .width = rd->width,
                                  .height = rd->height,
                                  .format = rd->format,
                                  .what = rd->what,
                                  .out = out};
      mgp_read_pixels(&ctx->pipe, &a);
   } else {
      struct mgp_get_texture_image a = {.res = rd->res,
                                        .level = rd->level,
                                        .layer = rd->layer,
                                        .width = rd->width,
                                        .height = rd->height,
                                        .format =
                                           rd->storage_format ? rd->storage_format : rd->format,
                                        .what = rd->what,
                                        .out = out};
      mgp_get_texture_image(&ctx->pipe, &a);
   }
   /* The answer came after everything the server said about this read: a refusal for want of
    * staging memory (GL_OUT_OF_MEMORY) is in by now and belongs to this call. */
   fe_drain_events(ctx);
   if (rd->clamp && rd->what == MGP_PACK_WHAT_COLOR && size >= sizeof(struct mgp_texels_rect)) {
      struct mgp_texels_rect rect;
      memcpy(&rect, answer, sizeof(rect));
      uint64_t need;
      if (mgp_texels_size(rd->what, rd->format, rect.width, rect.height, &need) && need <= size)
         clamp_texels(rd->format, answer + sizeof(rect), (size_t)rect.width * rect.height);
   }
   if (!fe_pack_answer(ps, shape, rd, answer, (size_t)size, dst))
      MGU_DECLINE(gl_feature_unimplemented, "a readback answer larger than its %ux%u request",
                  rd->width, rd->height);
   if (owned)
      free(answer);
}

void
fe_pack_finish(struct fe_context *ctx)
{
   free(ctx->pack_scratch);
   ctx->pack_scratch = NULL;
   ctx->pack_scratch_size = 0;
}
