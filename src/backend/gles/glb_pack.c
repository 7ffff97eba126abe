/* glb_pack.c — pack_to_buffer: glReadPixels and glGetTexImage into a pixel pack buffer, which
 * lives on the server (the client packs everything else itself). GLES 3.0 has pixel pack
 * buffers, but reads into them only the host's own pairs: a read whose pixels are an RGBA8
 * image's own bytes is the host's glReadPixels into the buffer under the same pack state, in
 * stream order and with no wait. Every other shape is read here as read_pixels reads
 * (glb_read_texels), converted into the pixels its mgp_pack_shape describes (pipe_pack.c, the
 * conversion the front end runs on read_pixels' answers) and written into the buffer where the
 * pack state places them, every other byte keeping its value: the semantics of the Vulkan
 * backend's pack_to_buffer (vkb_pack.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"
#include "pipe_pack.h"

void
glb_set_pixel_pack_state(void *self, const struct mgp_pixel_pack_state *args, const void *tail,
                         uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   const char *bad = mgp_pixel_pack_state_bad_field(args);
   if (bad) {
      char detail[64];
      snprintf(detail, sizeof(detail), "set_pixel_pack_state.%s", bad);
      glb_fatal(ctx->scr, MGU_FATAL_ProtocolCorruption, detail);
      return;
   }
   ctx->pack = *args;
}

/* Where a pack reads from: a surface (of the framebuffer, or a texture's level and layer) and
 * the part of the request inside its level. */
struct pack_src {
   const struct mgp_surface *s;
   struct glb_resource *r;
   int64_t x0, y0;  /* the first texel read */
   uint32_t cw, ch; /* the texels read */
};

/* The read's layout in the buffer (mgp_pack_layout): the row stride, and where the first texel
 * read (x0, y0) lands, in bytes from the call's offset. */
struct pack_dst {
   uint64_t stride, first;
};

/* The host reads the texels straight into the buffer: an RGBA8 colour image read as
 * RGBA/UNSIGNED_BYTE, its bytes unswapped (GLES's ReadPixels pair for it, under GLES's own
 * pack state). false: not this shape (take the converting path); true: done or declined. */
static bool
pack_host_read(struct glb_context *ctx, const struct pack_src *src,
               const struct mgp_pack_to_buffer *a, struct glb_resource *b, const char *call)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   const struct mgp_pack_shape *sh = &a->shape;
   const bool rgba_bytes = sh->what == MGP_PACK_WHAT_COLOR && sh->type == MGP_PACK_TYPE_U8 &&
                           sh->nc == 4 && !sh->integer && sh->comp[0] == 0 && sh->comp[1] == 1 &&
                           sh->comp[2] == 2 && sh->comp[3] == 3;
   if (!rgba_bytes || ctx->pack.swap_bytes || src->r->desc.format != MGP_FORMAT_RGBA8_UNORM ||
       src->r->alpha_one || src->r->desc.samples > 1)
      return false;
   /* The host's pack state places the clipped rectangle: its rows are the request's (row
    * length), it starts past the skipped pixels and rows plus the part outside the level.
    * Every value is below need, which the buffer (at most INT32_MAX bytes) holds. */
   const int64_t row_len = ctx->pack.row_length > 0 ? ctx->pack.row_length : (int64_t)a->width;
   const int64_t skip_px =
      (ctx->pack.skip_pixels > 0 ? ctx->pack.skip_pixels : 0) + (src->x0 - a->x);
   const int64_t skip_rows = (ctx->pack.skip_rows > 0 ? ctx->pack.skip_rows : 0) + (src->y0 - a->y);
   if (!glb_buffer_ordered(scr, b))
      return true; /* declined: its store is gone */
   while (GLB_GL(h)->glGetError() != GL_NO_ERROR)
      ;
   GLB_GL(h)->glBindFramebuffer(GL_READ_FRAMEBUFFER, ctx->read_fbo);
   if (!glb_attach(ctx, GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, src->s, call))
      return true;
   GLB_GL(h)->glReadBuffer(GL_COLOR_ATTACHMENT0);
   GLB_GL(h)->glBindBuffer(GL_PIXEL_PACK_BUFFER, b->name);
   GLB_GL(h)->glPixelStorei(GL_PACK_ALIGNMENT, ctx->pack.alignment > 0 ? ctx->pack.alignment : 4);
   GLB_GL(h)->glPixelStorei(GL_PACK_ROW_LENGTH, (GLint)row_len);
   GLB_GL(h)->glPixelStorei(GL_PACK_SKIP_PIXELS, (GLint)skip_px);
   GLB_GL(h)->glPixelStorei(GL_PACK_SKIP_ROWS, (GLint)skip_rows);
   GLB_GL(h)->glReadPixels((GLint)src->x0, (GLint)src->y0, (GLsizei)src->cw, (GLsizei)src->ch,
                           GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)a->offset);
   const GLenum err = GLB_GL(h)->glGetError();
   /* the other reads pass client memory, tightly packed */
   GLB_GL(h)->glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   GLB_GL(h)->glPixelStorei(GL_PACK_ALIGNMENT, 1);
   GLB_GL(h)->glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   GLB_GL(h)->glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   GLB_GL(h)->glPixelStorei(GL_PACK_SKIP_ROWS, 0);
   if (err != GL_NO_ERROR) {
      char what[400];
      glb_framebuffer_describe(h, GL_READ_FRAMEBUFFER, what, sizeof(what));
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: %s of %s: the host refused it (0x%x); read framebuffer %s", call,
                  mgp_format_name(src->r->desc.format), err, what);
      return true;
   }
   scr->stats.pack_host_reads++;
   return true;
}

/* The scratch answer a band of rows is read into stays within 1 MiB (a row at least), so a
 * read of any size holds a bounded amount of server memory. */
enum { BAND_BYTES = 1 << 20 };

/* Reads the texels band by band (glb_read_texels, in the source's own format), converts each
 * band into the shape (mgp_pack_rows) and writes its rows into the buffer through a write
 * mapping of the range they span (GLES keeps the bytes between them). */
static void
pack_converted(struct glb_context *ctx, const struct pack_src *src,
               const struct mgp_pack_to_buffer *a, struct glb_resource *b, const struct pack_dst *d,
               const char *call)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   const struct mgp_pack_shape *shape = &a->shape;
   const unsigned what = shape->what, format = src->r->desc.format;
   const unsigned ts = mgp_texels_texel_size(what, format);
   enum mgp_depth_layout layout = MGP_DEPTH_FLOAT32;
   if (!ts || (what != MGP_PACK_WHAT_COLOR && what != MGP_PACK_WHAT_STENCIL &&
               !mgp_format_depth_layout(format, &layout))) {
      MGU_DECLINE(backend_draw_incomplete, "gles: %s of pack kind %u from a %s image", call, what,
                  mgp_format_name(format));
      return;
   }
   if (what == MGP_PACK_WHAT_COLOR && !mgp_pack_compatible(shape, format)) {
      MGU_DECLINE(backend_draw_incomplete, "gles: %s: %s data from %s", call,
                  shape->integer ? "integer" : "non-integer", mgp_format_name(format));
      return;
   }
   const bool ds = what == MGP_PACK_WHAT_DEPTH_STENCIL;
   const uint64_t per = (uint64_t)ts + (ds ? 1 : 0); /* bytes a texel of every plane */
   const uint64_t row_bytes = per * src->cw;         /* cw is within a level: no wrap */
   uint32_t band = row_bytes < BAND_BYTES ? (uint32_t)(BAND_BYTES / row_bytes) : 1;
   if (band > src->ch)
      band = src->ch;
   uint8_t *scratch = malloc(sizeof(struct mgp_texels_rect) + row_bytes * band);
   if (!scratch) {
      glb_fatal(scr, MGU_FATAL_OutOfMemory, "pack_to_buffer: a band of texels");
      return;
   }
   const uint64_t psize = shape->size;
   for (uint32_t y = 0; y < src->ch; y += band) {
      const uint32_t bh = src->ch - y < band ? src->ch - y : band;
      const struct mgp_span span = {.ptr = scratch,
                                    .size = sizeof(struct mgp_texels_rect) + row_bytes * bh};
      glb_read_texels(ctx, src->s, src->r, (int32_t)src->x0, (int32_t)(src->y0 + y), src->cw, bh,
                      what, format, &span, call);
      struct mgp_texels_rect got;
      memcpy(&got, scratch, sizeof(got));
      if (got.width != src->cw || got.height != bh)
         break; /* declined, or the host refused the read: counted there */
      const uint8_t *texels = scratch + sizeof(got);
      const struct mgp_pack_src ps = {
         .format = format,
         .has_alpha = mgp_format_desc(format)->bits[3] && !src->r->alpha_one,
         .depth = layout,
         .texels = texels,
         .stencil = ds ? texels + (size_t)src->cw * bh * ts : NULL,
         .texel_size = ts,
      };
      /* the band's first pixel and the bytes its rows span: inside need, which the buffer
       * holds from a->offset on */
      const uint64_t at = a->offset + d->first + (uint64_t)y * d->stride;
      const uint64_t len = (uint64_t)(bh - 1) * d->stride + src->cw * psize;
      GLB_GL(h)->glBindBuffer(GL_COPY_WRITE_BUFFER, b->name);
      uint8_t *p = GLB_GL(h)->glMapBufferRange(GL_COPY_WRITE_BUFFER, (GLintptr)at, (GLsizeiptr)len,
                                               GL_MAP_WRITE_BIT);
      if (!p) {
         MGU_DECLINE(backend_feature_unimplemented, "gles: %s: the buffer's map failed", call);
         break;
      }
      mgp_pack_rows(shape, &ps, src->cw, bh, p, (size_t)d->stride, ctx->pack.swap_bytes);
      GLB_GL(h)->glUnmapBuffer(GL_COPY_WRITE_BUFFER);
      if (y + bh >= src->ch)
         scr->stats.pack_converted++;
   }
   free(scratch);
}

void
glb_pack_to_buffer(void *self, const struct mgp_pack_to_buffer *args, const void *tail,
                   uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   const char *call = "pack_to_buffer";
   if (!glb_context_bind(ctx))
      return;
   struct glb_resource *b = glb_resource_for_use(scr, args->buffer, call);
   if (!b)
      return;
   if (!b->is_buffer || args->offset > b->desc.size) {
      MGU_DECLINE(backend_draw_incomplete, "gles: %s at offset %llu of a %llu-byte %s", call,
                  (unsigned long long)args->offset, (unsigned long long)b->desc.size,
                  b->is_buffer ? "buffer" : "texture");
      return;
   }
   if (!mgp_pack_shape_check(&args->shape)) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption,
                "pack_to_buffer.shape: a pack shape no front end builds");
      return;
   }
   if (!args->width || !args->height)
      return;
   /* GL's pack layout, checked against the buffer before anything is read: past it the
    * record is not an honest one (the front end checks the same range). */
   struct pack_dst d;
   uint64_t need = 0;
   const bool fits =
      mgp_pack_layout(&ctx->pack, args->width, args->height, args->shape.size, &d.stride, &need);
   if (!fits || need > b->desc.size - args->offset) {
      char detail[160];
      if (!fits)
         snprintf(detail, sizeof(detail), "%s.out: the pack layout needs more than 2^64 bytes",
                  call);
      else
         snprintf(detail, sizeof(detail),
                  "%s.out: the pack layout needs %llu bytes, the destination has %llu", call,
                  (unsigned long long)need, (unsigned long long)(b->desc.size - args->offset));
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
      return;
   }
   struct mgp_surface tex_surface;
   struct pack_src src = {0};
   if (mgp_handle_is_null(args->res)) {
      src.r = glb_read_surface(ctx, args->shape.what, &src.s, call);
   } else {
      src.r = glb_resource_for_use(scr, args->res, call);
      if (src.r && (src.r->is_buffer || src.r->tex_target == GL_TEXTURE_BUFFER ||
                    (src.r->tex_target && args->level >= src.r->levels) ||
                    (!src.r->tex_target && args->level))) {
         MGU_DECLINE(backend_draw_incomplete, "gles: %s of level %u layer %u", call, args->level,
                     args->layer);
         return;
      }
      tex_surface = (struct mgp_surface){
         .res = args->res,
         .format = src.r ? src.r->desc.format : 0,
         .kind = src.r && src.r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER ? 2 : 1,
         .level = (uint16_t)args->level,
         .layer = args->layer,
      };
      src.s = &tex_surface;
   }
   if (!src.r)
      return;
   if (src.s->level >= 16) {
      MGU_DECLINE(backend_draw_incomplete, "gles: %s of level %u", call, src.s->level);
      return;
   }
   /* Pixels outside the level are left as they are (GL: undefined). */
   const unsigned level = src.s->level;
   const int64_t lw = src.r->desc.width >> level ? src.r->desc.width >> level : 1;
   const int64_t lh = src.r->desc.height >> level ? src.r->desc.height >> level : 1;
   src.x0 = args->x > 0 ? args->x : 0;
   src.y0 = args->y > 0 ? args->y : 0;
   const int64_t x1 = (int64_t)args->x + args->width < lw ? (int64_t)args->x + args->width : lw;
   const int64_t y1 = (int64_t)args->y + args->height < lh ? (int64_t)args->y + args->height : lh;
   if (x1 <= src.x0 || y1 <= src.y0)
      return;
   src.cw = (uint32_t)(x1 - src.x0);
   src.ch = (uint32_t)(y1 - src.y0);
   const uint64_t skip_px = ctx->pack.skip_pixels > 0 ? (uint64_t)ctx->pack.skip_pixels : 0;
   const uint64_t skip_rows = ctx->pack.skip_rows > 0 ? (uint64_t)ctx->pack.skip_rows : 0;
   /* within need (the clipped rectangle is inside the request) */
   d.first = (skip_rows + (uint64_t)(src.y0 - args->y)) * d.stride +
             (skip_px + (uint64_t)(src.x0 - args->x)) * args->shape.size;
   if (!pack_host_read(ctx, &src, args, b, call))
      pack_converted(ctx, &src, args, b, &d, call);
}
