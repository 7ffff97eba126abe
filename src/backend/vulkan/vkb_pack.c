/* vkb_pack.c — read_pixels, get_texture_image and pack_to_buffer: a rectangle of one level /
 * layer of an image copied to the batch's arena. read_pixels and get_texture_image answer
 * those texels as they are (the client packs them into GL's pixels); pack_to_buffer converts
 * them into the pixels its mgp_pack_shape describes (pipe_pack.c, the conversion both roles
 * share), laid out by the pack state, in a buffer on the server. */
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "pipe_pack.h"
#include "vkb.h"

#define CTX_SELF                                                                                   \
   struct vkb_context *ctx = self;                                                                 \
   struct vkb_screen *scr = ctx->scr;                                                              \
   (void)tail, (void)tail_count;                                                                   \
   if (scr->failed)                                                                                \
   return

/* ---- the shared path ------------------------------------------------------------------------ */

struct pack_src {
   struct vkb_resource *r; /* colour or depth */
   uint32_t level, layer;
   struct vkb_resource *s; /* stencil (DEPTH_STENCIL / STENCIL_INDEX) */
   uint32_t s_level, s_layer;
};

static void
copy_rect(struct vkb_screen *scr, VkCommandBuffer cmd, struct vkb_resource *r, uint32_t level,
          uint32_t layer, VkImageAspectFlags aspect, int32_t x, int32_t y, uint32_t w, uint32_t h,
          VkBuffer buf, VkDeviceSize off)
{
   const bool is3d = r->image_type == VK_IMAGE_TYPE_3D;
   VkBufferImageCopy c = {
      .bufferOffset = off,
      .imageSubresource = {aspect, level, is3d ? 0 : layer, 1},
      .imageOffset = {x, y, is3d ? (int32_t)layer : 0},
      .imageExtent = {w, h, 1},
   };
   (void)scr;
   vkCmdCopyImageToBuffer(cmd, r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buf, 1, &c);
}

static VkDeviceSize
align_up(VkDeviceSize v, VkDeviceSize a)
{
   return (v + a - 1) / a * a;
}

/* A read whose layout does not fit its destination: the client sized the destination itself,
 * so the record is not an honest one. */
static void
pack_out_of_range(struct vkb_screen *scr, const char *call, uint64_t need, bool overflow,
                  uint64_t out_size)
{
   char detail[160];
   if (overflow)
      snprintf(detail, sizeof(detail), "%s.out: the pack layout needs more than 2^64 bytes", call);
   else
      snprintf(detail, sizeof(detail),
               "%s.out: the pack layout needs %llu bytes, the "
               "destination has %llu",
               call, (unsigned long long)need, (unsigned long long)out_size);
   vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
}

/* The image a read of `what` copies from and the aspect it copies; NULL after declining. */
static struct vkb_resource *
read_image(const struct pack_src *src, enum mgp_pack_what what, VkImageAspectFlags *aspect,
           const char *call)
{
   struct vkb_resource *r = what == MGP_PACK_WHAT_STENCIL ? src->s : src->r;
   const uint32_t level = what == MGP_PACK_WHAT_STENCIL ? src->s_level : src->level;
   const uint32_t layer = what == MGP_PACK_WHAT_STENCIL ? src->s_layer : src->layer;
   struct vkb_resource *sr = what == MGP_PACK_WHAT_DEPTH_STENCIL ? src->s : NULL;
   if (!r || r->is_buffer || !r->img || level >= r->levels ||
       layer >= vkb_resource_level_layers(r, level) ||
       (sr && (!sr->img || src->s_level >= sr->levels))) {
      MGU_DECLINE(backend_draw_incomplete, "%s from a missing surface (level %u layer %u)", call,
                  level, layer);
      return NULL;
   }
   if (r->samples != VK_SAMPLE_COUNT_1_BIT) {
      MGU_DECLINE(backend_draw_incomplete, "%s from a multisampled image", call);
      return NULL;
   }
   const VkImageAspectFlags have = r->fmt->aspect;
   switch (what) {
   case MGP_PACK_WHAT_COLOR: *aspect = VK_IMAGE_ASPECT_COLOR_BIT; break;
   case MGP_PACK_WHAT_DEPTH:
   case MGP_PACK_WHAT_DEPTH_STENCIL: *aspect = VK_IMAGE_ASPECT_DEPTH_BIT; break;
   default: *aspect = VK_IMAGE_ASPECT_STENCIL_BIT; break;
   }
   if (!(have & *aspect) || (sr && !(sr->fmt->aspect & VK_IMAGE_ASPECT_STENCIL_BIT))) {
      MGU_DECLINE(backend_draw_incomplete, "%s of pack kind %u from a %s image", call,
                  (unsigned)what, vkb_format_name(r->desc.format));
      return NULL;
   }
   return r;
}

/* A rectangle of r (and of the stencil image for DEPTH_STENCIL) copied to the batch's arena, in
 * the stored layout, rows tight; the caller retires after reading it. */
struct staged {
   uint32_t x0, y0, cw, ch; /* the part of the request inside the level */
   uint32_t ts;             /* bytes per stored texel of the first plane */
   const uint8_t *texels, *stencil;
};

/* false: nothing inside the level, or the batch failed (nothing to read). */
static bool
stage_rect(struct vkb_context *ctx, const struct pack_src *src, struct vkb_resource *r,
           VkImageAspectFlags aspect, bool with_stencil, int32_t x, int32_t y, uint32_t width,
           uint32_t height, struct staged *out)
{
   struct vkb_screen *scr = ctx->scr;
   const bool stencil_only = aspect == VK_IMAGE_ASPECT_STENCIL_BIT;
   const uint32_t level = stencil_only ? src->s_level : src->level;
   const uint32_t layer = stencil_only ? src->s_layer : src->layer;
   struct vkb_resource *sr = with_stencil ? src->s : NULL;
   /* Pixels outside the level are left as they are (GL: undefined). */
   uint32_t lw = r->width >> level, lh = r->height >> level;
   lw = lw ? lw : 1;
   lh = lh ? lh : 1;
   const int64_t x0 = x > 0 ? x : 0, y0 = y > 0 ? y : 0;
   int64_t x1 = (int64_t)x + width, y1 = (int64_t)y + height;
   x1 = x1 < lw ? x1 : lw;
   y1 = y1 < lh ? y1 : lh;
   if (x1 <= x0 || y1 <= y0)
      return false;
   const uint32_t cw = (uint32_t)(x1 - x0), ch = (uint32_t)(y1 - y0);
   const uint32_t ts = aspect == VK_IMAGE_ASPECT_COLOR_BIT   ? r->fmt->vk_texel_size
                       : aspect == VK_IMAGE_ASPECT_DEPTH_BIT ? mgp_depth_bytes(r->fmt->depth_layout)
                                                             : 1;
   const VkDeviceSize main_size = align_up((VkDeviceSize)cw * ch * ts, 16);
   const VkDeviceSize total = main_size + (sr ? (VkDeviceSize)cw * ch : 0);
   struct vkb_alloc st;
   if (!vkb_arena_or_refuse(scr, total, 16, &st, r->base.h, "read-back staging"))
      return false; /* GL_OUT_OF_MEMORY: nothing is read */
   vkb_image_transition(scr, r, level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   if (sr && sr != r)
      vkb_image_transition(scr, sr, src->s_level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return false;
   copy_rect(scr, cmd, r, level, layer, aspect, (int32_t)x0, (int32_t)y0, cw, ch, st.buf,
             st.offset);
   if (sr)
      copy_rect(scr, cmd, sr, src->s_level, src->s_layer, VK_IMAGE_ASPECT_STENCIL_BIT, (int32_t)x0,
                (int32_t)y0, cw, ch, st.buf, st.offset + main_size);
   r->last_use = vkb_current_serial(scr);
   if (sr)
      sr->last_use = r->last_use;
   const uint64_t serial = vkb_submit(scr);
   if (!serial || vkb_wait_serial(scr, serial, UINT64_MAX, false) != VK_SUCCESS)
      return false;
   *out = (struct staged){
      .x0 = (uint32_t)x0,
      .y0 = (uint32_t)y0,
      .cw = cw,
      .ch = ch,
      .ts = ts,
      .texels = st.ptr,
      .stencil = sr ? st.ptr + main_size : NULL,
   };
   return true;
}

/* Into a pixel pack buffer's host mapping: the texels converted into the shape and laid out by
 * the pack state (alignment, row length, skips, byte swapping). */
static void
pack(struct vkb_context *ctx, const struct pack_src *src, int32_t x, int32_t y, uint32_t width,
     uint32_t height, const struct mgp_pack_shape *shape, uint8_t *out_ptr, uint64_t out_size,
     const char *call)
{
   struct vkb_screen *scr = ctx->scr;
   if (!mgp_handle_is_null(ctx->pack.pack_buffer)) {
      MGU_DECLINE(backend_feature_unimplemented, "%s into a pixel pack buffer", call);
      return;
   }
   if (!mgp_pack_shape_check(shape)) {
      char detail[96];
      snprintf(detail, sizeof(detail), "%s.shape: a pack shape no front end builds", call);
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
      return;
   }
   const enum mgp_pack_what what = shape->what;
   VkImageAspectFlags aspect;
   struct vkb_resource *r = read_image(src, what, &aspect, call);
   if (!r)
      return;
   if (!mgp_pack_compatible(shape, r->fmt->storage)) {
      MGU_DECLINE(backend_draw_incomplete, "%s: %s data from %s", call,
                  shape->integer ? "integer" : "non-integer", vkb_format_name(r->desc.format));
      return;
   }

   /* GL's pack layout. Every offset written below is at most need, which fits out_size
    * (itself inside a segment or a buffer, so far below 2^63): the signed sums cannot wrap. */
   if (!width || !height)
      return;
   const uint64_t psize_u = shape->size;
   uint64_t stride_u = 0, need = 0;
   const bool fits = mgp_pack_layout(&ctx->pack, width, height, psize_u, &stride_u, &need);
   if (!fits || !out_ptr || need > out_size) {
      pack_out_of_range(scr, call, need, !fits, out_ptr ? out_size : 0);
      return;
   }
   const int64_t psize = (int64_t)psize_u, stride = (int64_t)stride_u;
   const int64_t skip_px = ctx->pack.skip_pixels > 0 ? ctx->pack.skip_pixels : 0;
   const int64_t skip_rows = ctx->pack.skip_rows > 0 ? ctx->pack.skip_rows : 0;
   struct staged st;
   if (!stage_rect(ctx, src, r, aspect, what == MGP_PACK_WHAT_DEPTH_STENCIL, x, y, width, height,
                   &st))
      return;
   const struct mgp_pack_src ps = {
      .format = r->fmt->storage,
      .has_alpha = r->fmt->has_alpha,
      .depth = r->fmt->depth_layout,
      .texels = st.texels,
      .stencil = st.stencil,
      .texel_size = st.ts,
   };
   uint8_t *dst = out_ptr + (skip_rows + (st.y0 - y)) * stride + (skip_px + (st.x0 - x)) * psize;
   if (mgp_pack_rows(shape, &ps, st.cw, st.ch, dst, (size_t)stride, ctx->pack.swap_bytes) ==
       MGP_PACK_ROW_COPY)
      scr->stats.pack_row_copies += st.ch;
   vkb_retire(scr); /* only now: the slice read above belongs to the batch */
}

/* read_pixels and get_texture_image: the texels of the rectangle in the format the client
 * names, tight, after an mgp_texels_rect saying which part of the request they are (the client
 * packs them into GL's pixels). Stored as that format, the rows are the stored bytes; stored
 * as a substitute, the texels are re-encoded as the named format. */
static void
read_texels(struct vkb_context *ctx, const struct pack_src *src, int32_t x, int32_t y,
            uint32_t width, uint32_t height, unsigned what, unsigned format, uint8_t *out_ptr,
            uint64_t out_size, const char *call)
{
   struct vkb_screen *scr = ctx->scr;
   uint64_t need = 0;
   if (!mgp_texels_texel_size(what, format)) {
      char detail[128];
      snprintf(detail, sizeof(detail), "%s.format: %s has no plane for a read of kind %u", call,
               mgp_format_name(format), what);
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
      return;
   }
   const bool fits = mgp_texels_size(what, format, width, height, &need);
   if (!fits || !out_ptr || need > out_size) {
      char detail[160];
      if (!fits)
         snprintf(detail, sizeof(detail), "%s.out: the read needs more than 2^64 bytes", call);
      else
         snprintf(detail, sizeof(detail),
                  "%s.out: the read needs %llu bytes, the answer has "
                  "%llu",
                  call, (unsigned long long)need, (unsigned long long)(out_ptr ? out_size : 0));
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
      return;
   }
   memset(out_ptr, 0, sizeof(struct mgp_texels_rect)); /* nothing read until said otherwise */
   VkImageAspectFlags aspect;
   struct vkb_resource *r = read_image(src, what, &aspect, call);
   if (!r)
      return;
   /* The stored format of the plane read: a depth aspect's layout names its own format. */
   unsigned stored = r->fmt->storage;
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT)
      stored = format; /* one byte a texel, whatever the image */
   if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT) {
      enum mgp_depth_layout want;
      mgp_format_depth_layout(format, &want); /* true: mgp_texels_size passed */
      if (r->fmt->depth_layout != want)
         stored = r->fmt->depth_layout == MGP_DEPTH_UNORM16   ? MGP_FORMAT_D16_UNORM
                  : r->fmt->depth_layout == MGP_DEPTH_UNORM24 ? MGP_FORMAT_X8_D24_UNORM
                                                              : MGP_FORMAT_D32_FLOAT;
      else
         stored = format;
   }
   const unsigned ts = mgp_texels_texel_size(what, format);
   if (aspect == VK_IMAGE_ASPECT_COLOR_BIT &&
       mgp_format_desc(stored)->bytes != r->fmt->vk_texel_size) {
      MGU_DECLINE(backend_draw_incomplete, "%s: %s stored in %u-byte texels", call,
                  mgp_format_name(stored), r->fmt->vk_texel_size);
      return;
   }
   if (stored != format) {
      /* Probe the conversion on one texel before any GPU work. */
      uint8_t probe_in[16] = {0}, probe_out[16];
      if (!mgp_texels_recode(what, stored, format, probe_in, probe_out, 1)) {
         MGU_DECLINE(backend_draw_incomplete, "%s: %s texels read as %s", call,
                     mgp_format_name(stored), mgp_format_name(format));
         return;
      }
   }
   if (!width || !height)
      return;
   struct staged st;
   if (!stage_rect(ctx, src, r, aspect, what == MGP_PACK_WHAT_DEPTH_STENCIL, x, y, width, height,
                   &st))
      return;
   const struct mgp_texels_rect rect = {(uint32_t)((int64_t)st.x0 - x),
                                        (uint32_t)((int64_t)st.y0 - y), st.cw, st.ch};
   uint8_t *dst = out_ptr + sizeof(rect);
   const size_t n = (size_t)st.cw * st.ch; /* inside the request: need covers it */
   if (stored == format) {
      memcpy(dst, st.texels, n * ts);
      scr->stats.pack_row_copies += st.ch;
   } else {
      mgp_texels_recode(what, stored, format, st.texels, dst, n);
   }
   if (st.stencil)
      memcpy(dst + n * ts, st.stencil, n);
   memcpy(out_ptr, &rect, sizeof(rect));
   vkb_retire(scr); /* only now: the slice read above belongs to the batch */
}

/* The read framebuffer's source for a read of `what`; false after declining. */
static bool
read_source(struct vkb_context *ctx, enum mgp_pack_what what, struct pack_src *src,
            const char *call)
{
   struct vkb_screen *scr = ctx->scr;
   if (!ctx->fb_set) {
      MGU_DECLINE(backend_draw_incomplete, "%s without framebuffer state", call);
      return false;
   }
   const struct mgp_framebuffer_state *fb = &ctx->fb;
   const bool ds = what != MGP_PACK_WHAT_COLOR;
   /* Colour reads the resolved read surface; depth and stencil read the framebuffer's (the
    * client sends them only when the read and draw framebuffers are the same). */
   const struct mgp_surface *cs = what == MGP_PACK_WHAT_STENCIL ? &fb->stencil
                                  : ds                          ? &fb->depth
                                                                : &fb->read;
   if (!cs->kind) {
      MGU_DECLINE(backend_draw_incomplete, "%s without a %s surface", call,
                  ds ? "depth/stencil" : "read");
      return false;
   }
   *src = (struct pack_src){0};
   src->r = vkb_resource_for_use(scr, cs->res, call);
   if (!src->r)
      return false;
   src->level = cs->level;
   src->layer = cs->layer;
   if (what == MGP_PACK_WHAT_STENCIL || what == MGP_PACK_WHAT_DEPTH_STENCIL) {
      if (!fb->stencil.kind) {
         MGU_DECLINE(backend_draw_incomplete, "%s of stencil without a stencil surface", call);
         return false;
      }
      src->s = vkb_resource_for_use(scr, fb->stencil.res, call);
      if (!src->s)
         return false;
      src->s_level = fb->stencil.level;
      src->s_layer = fb->stencil.layer;
   }
   return true;
}

void
vkb_read_pixels(void *self, const struct mgp_read_pixels *args, const void *tail,
                uint32_t tail_count)
{
   CTX_SELF;
   struct pack_src src;
   if (!read_source(ctx, args->what, &src, "read_pixels"))
      return;
   read_texels(ctx, &src, args->x, args->y, args->width, args->height, args->what, args->format,
               args->out.ptr, args->out.size, "read_pixels");
}

void
vkb_get_texture_image(void *self, const struct mgp_get_texture_image *args, const void *tail,
                      uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_resource *r = vkb_resource_for_use(scr, args->res, "get_texture_image");
   if (!r)
      return;
   if (r->is_buffer || !r->img || args->level >= r->levels) {
      MGU_DECLINE(backend_draw_incomplete, "get_texture_image of level %u", args->level);
      return;
   }
   struct pack_src src = {.r = r,
                          .level = args->level,
                          .layer = args->layer,
                          .s = r,
                          .s_level = args->level,
                          .s_layer = args->layer};
   read_texels(ctx, &src, 0, 0, args->width, args->height, args->what, args->format, args->out.ptr,
               args->out.size, "get_texture_image");
}

/* RGBA/UNSIGNED_BYTE of an RGBA8 colour image without byte swapping, rows and offset on texel
 * boundaries: the stored bytes are the packed pixels, so the GPU copies them into the buffer in
 * stream order, with no wait (pack-buffer-copies). False: take the pack path. */
static bool
pack_copy_direct(struct vkb_context *ctx, const struct pack_src *src,
                 const struct mgp_pack_to_buffer *a, struct vkb_resource *b)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_resource *r = src->r;
   const struct mgp_pack_shape *sh = &a->shape;
   const bool rgba_bytes = sh->what == MGP_PACK_WHAT_COLOR && sh->type == MGP_PACK_TYPE_U8 &&
                           sh->nc == 4 && !sh->integer && sh->comp[0] == 0 && sh->comp[1] == 1 &&
                           sh->comp[2] == 2 && sh->comp[3] == 3;
   if (!rgba_bytes || ctx->pack.swap_bytes || !r || r->is_buffer || !r->img ||
       r->samples != VK_SAMPLE_COUNT_1_BIT || src->level >= r->levels ||
       src->layer >= vkb_resource_level_layers(r, src->level) ||
       (r->fmt->vk != VK_FORMAT_R8G8B8A8_UNORM && r->fmt->vk != VK_FORMAT_R8G8B8A8_SRGB) ||
       !r->fmt->has_alpha || !a->width || !a->height)
      return false;
   /* A layout that does not fit takes the pack path, which fails the session for it. */
   uint64_t stride_u = 0, need = 0;
   if (!mgp_pack_layout(&ctx->pack, a->width, a->height, 4, &stride_u, &need) || stride_u % 4 ||
       a->offset % 4 || need > b->size - a->offset || stride_u / 4 > UINT32_MAX)
      return false;
   const int64_t stride = (int64_t)stride_u;
   const int64_t skip_px = ctx->pack.skip_pixels > 0 ? ctx->pack.skip_pixels : 0;
   const int64_t skip_rows = ctx->pack.skip_rows > 0 ? ctx->pack.skip_rows : 0;
   uint32_t lw = r->width >> src->level, lh = r->height >> src->level;
   lw = lw ? lw : 1;
   lh = lh ? lh : 1;
   const int64_t x0 = a->x > 0 ? a->x : 0, y0 = a->y > 0 ? a->y : 0;
   int64_t x1 = (int64_t)a->x + a->width, y1 = (int64_t)a->y + a->height;
   x1 = x1 < lw ? x1 : lw;
   y1 = y1 < lh ? y1 : lh;
   if (x1 <= x0 || y1 <= y0)
      return true; /* nothing inside the level: the buffer keeps its bytes */
   vkb_image_transition(scr, r, src->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return true;
   vkb_buffer_barrier_before_write(scr);
   const bool is3d = r->image_type == VK_IMAGE_TYPE_3D;
   const VkBufferImageCopy c = {
      .bufferOffset =
         a->offset + (uint64_t)((skip_rows + (y0 - a->y)) * stride + (skip_px + (x0 - a->x)) * 4),
      .bufferRowLength = (uint32_t)(stride / 4),
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, src->level, is3d ? 0 : src->layer, 1},
      .imageOffset = {(int32_t)x0, (int32_t)y0, is3d ? (int32_t)src->layer : 0},
      .imageExtent = {(uint32_t)(x1 - x0), (uint32_t)(y1 - y0), 1},
   };
   vkCmdCopyImageToBuffer(cmd, r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, b->buf, 1, &c);
   vkb_buffer_barrier_after_write(scr);
   r->last_use = b->last_use = vkb_current_serial(scr);
   scr->stats.pack_buffer_copies++;
   return true;
}

/* Into a pixel pack buffer: a GPU copy when no conversion is needed (pack_copy_direct); else
 * the pack path, whose copy ends in a wait for the batch that holds it,
 * after which every earlier use of the buffer has completed too (batches complete in order),
 * so the texels are written straight into the buffer's host mapping. The client does not wait:
 * it learns nothing until it reads the buffer (resource_readback, in stream order). */
void
vkb_pack_to_buffer(void *self, const struct mgp_pack_to_buffer *args, const void *tail,
                   uint32_t tail_count)
{
   CTX_SELF;
   const char *call = "pack_to_buffer";
   struct vkb_resource *b = vkb_resource_for_use(scr, args->buffer, call);
   if (!b)
      return;
   if (!b->is_buffer || args->offset > b->size) {
      MGU_DECLINE(backend_draw_incomplete, "%s at offset %llu of a %llu-byte %s", call,
                  (unsigned long long)args->offset, (unsigned long long)b->size,
                  b->is_buffer ? "buffer" : "texture");
      return;
   }
   struct pack_src src;
   if (mgp_handle_is_null(args->res)) {
      if (!read_source(ctx, args->shape.what, &src, call))
         return;
   } else {
      struct vkb_resource *r = vkb_resource_for_use(scr, args->res, call);
      if (!r)
         return;
      src = (struct pack_src){.r = r,
                              .level = args->level,
                              .layer = args->layer,
                              .s = r,
                              .s_level = args->level,
                              .s_layer = args->layer};
   }
   if (pack_copy_direct(ctx, &src, args, b))
      return;
   if (!b->map) {
      MGU_DECLINE(backend_feature_unimplemented, "%s into a buffer without a host mapping", call);
      return;
   }
   pack(ctx, &src, args->x, args->y, args->width, args->height, &args->shape, b->map + args->offset,
        b->size - args->offset, call);
}

/* The answer of present_to_buffer: 1 when the rows are in the store, else 0. */
static void
present_answer(const struct mgp_span *out, uint32_t written)
{
   if (out->ptr && out->size >= sizeof(written))
      memcpy(out->ptr, &written, sizeof(written));
}

/* present_to_buffer: the swap's read back written straight into the client's heap, where the
 * window system reads it (the client copies nothing). Every number is the client's: the rows'
 * extent is computed in 64 bits before it is compared with the buffer, and a request that does
 * not fit the image or the buffer is declined (answer 0: the client reads the frame back the
 * usual way) rather than clipped, since the client sized both itself. */
void
vkb_present_to_buffer(void *self, const struct mgp_present_to_buffer *args, const void *tail,
                      uint32_t tail_count)
{
   CTX_SELF;
   const char *call = "present_to_buffer";
   present_answer(&args->out, 0);
   struct vkb_resource *b = vkb_resource_for_use(scr, args->buffer, call);
   struct vkb_resource *r = vkb_resource_for_use(scr, args->res, call);
   if (!b || !r)
      return;
   if (!b->is_buffer || !b->heap_store || !b->map) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "%s into a %s whose store is not the client's heap (no "
                  "VK_EXT_external_memory_host import)",
                  call, b->is_buffer ? "buffer" : "texture");
      return;
   }
   const uint64_t w = args->width, h = args->height, stride = args->stride;
   /* With w * 4 <= stride < 2^32 and h < 2^32 the rows' extent is at most h * stride < 2^64:
    * it is computed only once those hold, and compared without a sum that could wrap. */
   const bool shaped = w && h && stride % 4 == 0 && w * 4u <= stride;
   const uint64_t need = shaped ? (h - 1) * stride + w * 4u : 0;
   if (!shaped || args->offset > b->size || need > b->size - args->offset) {
      MGU_DECLINE(backend_draw_incomplete,
                  "%s of %llux%llu rows %llu bytes apart at offset %llu of a %llu-byte buffer",
                  call, (unsigned long long)w, (unsigned long long)h, (unsigned long long)stride,
                  (unsigned long long)args->offset, (unsigned long long)b->size);
      return;
   }
   const struct pack_src src = {.r = r, .s = r};
   VkImageAspectFlags aspect;
   if (!read_image(&src, MGP_PACK_WHAT_COLOR, &aspect, call))
      return;
   if ((r->fmt->storage != MGP_FORMAT_RGBA8_UNORM && r->fmt->storage != MGP_FORMAT_RGBA8_SRGB) ||
       r->width != w || r->height != h) {
      MGU_DECLINE(backend_draw_incomplete, "%s of a %ux%u %s image as %llux%llu", call, r->width,
                  r->height, vkb_format_name(r->desc.format), (unsigned long long)w,
                  (unsigned long long)h);
      return;
   }
   struct staged st;
   if (!stage_rect(ctx, &src, r, aspect, false, 0, 0, args->width, args->height, &st))
      return;
   /* BGRA bytes: the R/B swizzle of the window's 32-bit TrueColor and wl_shm ARGB8888 */
   const struct mgp_pack_shape bgra = {.what = MGP_PACK_WHAT_COLOR,
                                       .type = MGP_PACK_TYPE_U8,
                                       .nc = 4,
                                       .comp = {2, 1, 0, 3},
                                       .bits = {8, 8, 8, 8},
                                       .size = 4};
   /* The flip is in the pack: GL's bottom row (staged row 0) is the window's last. */
   uint8_t *top = b->map + args->offset;
   for (uint32_t j = 0; j < st.ch; j++) {
      const struct mgp_pack_src ps = {
         .format = r->fmt->storage,
         .has_alpha = r->fmt->has_alpha,
         .texels = st.texels + (size_t)j * st.cw * st.ts,
         .texel_size = st.ts,
      };
      mgp_pack_rows(&bgra, &ps, st.cw, 1,
                    top + (size_t)(h - 1 - (st.y0 + j)) * stride + (size_t)st.x0 * 4u,
                    (size_t)stride, false);
   }
   scr->stats.present_buffer_writes++;
   vkb_retire(scr); /* only now: the slice read above belongs to the batch */
   present_answer(&args->out, 1);
}
