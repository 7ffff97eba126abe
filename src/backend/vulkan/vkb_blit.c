/* vkb_blit.c — blit (glBlitFramebuffer): clipping, and the choice of the path each blit takes.
 *
 * blit follows GL: the boxes are (x0, y0, x1, y1) as the app gave them, possibly mirrored; the
 * destination rectangle is clipped to the destination surface and to the scissor, without
 * changing the mapping of destination pixels to source pixels. A blit at scale 1 maps every
 * clipped destination pixel to one source pixel, so it is a vkCmdCopyImage (same format, not
 * mirrored), a vkCmdResolveImage (multisampled source) or a vkCmdBlitImage (mirrored or
 * converting), each on exactly the pixels GL writes. A scaled blit is one vkCmdBlitImage with
 * the whole boxes when nothing clips the destination; when something does, it blits the whole
 * boxes into a scratch image and copies the clipped part from there (the scaled mapping of the
 * kept pixels is exactly the unclipped one). A blit whose source and destination share a level
 * (one surface, or two layers of it) reads a scratch copy of the source surface, multisampled
 * or not. What none of Vulkan's transfer commands can do is drawn (vkb_blit_draw.c): colour
 * blits into a multisampled destination that are not copies of samples (mirrored, converting,
 * or from a single-sample source), resolves and blits between formats with no vkCmdBlitImage,
 * scaled linear blits whose source leaves the read surface, scaled blits whose boxes are
 * larger than an image may be, and blits from a 1D or 2D image into a 3D slice
 * (blit_into_slice); depth alone likewise into or between multisampled surfaces
 * (gl_FragDepth), which also keeps the stencil of a multisampled depth/stencil destination,
 * and stencil (gl_FragStencilRefARB) where the device has VK_EXT_shader_stencil_export;
 * without it stencil blits of those shapes stay declined. Coordinates are GL's and image rows are GL rows
 * (docs/ARCHITECTURE.md), so nothing is flipped.
 *
 * The paths it chooses live beside it: vkb_blit_scratch.c (scratch images), vkb_blit_staged.c
 * (copies through a staging buffer), vkb_blit_resolve.c (multisampled sources), vkb_blit_draw.c
 * (drawn blits); vkb_mipmap.c and vkb_copy_region.c hold generate_mipmap and
 * resource_copy_region. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "vkb_blit.h"

#define CTX_SELF                                                                                   \
   struct vkb_context *ctx = self;                                                                 \
   struct vkb_screen *scr = ctx->scr;                                                              \
   (void)tail, (void)tail_count;                                                                   \
   if (scr->failed)                                                                                \
   return

static bool
get_surf(struct vkb_screen *scr, const struct mgp_surface *s, struct vkb_blit_surf *o)
{
   o->r = vkb_resource_for_use(scr, s->res, "blit");
   if (!o->r)
      return false;
   if (o->r->is_buffer || !o->r->img || s->level >= o->r->levels ||
       s->layer >= vkb_resource_level_layers(o->r, s->level)) {
      MGU_DECLINE(backend_draw_incomplete, "blit surface {%u,%u} level %u layer %u", s->res.slot,
                  s->res.gen, s->level, s->layer);
      return false;
   }
   /* a texture view's surface in another format of the image's class: the blits here read
    * and write the image's own format, which would convert instead of reinterpreting */
   const struct vkb_format *sf =
      s->format != o->r->desc.format ? vkb_format_get(scr, s->format) : NULL;
   if (sf && o->r->fmt->aspect == VK_IMAGE_ASPECT_COLOR_BIT && sf->wanted != o->r->fmt->wanted &&
       vkb_format_linear(sf->vk) != vkb_format_linear(o->r->fmt->vk)) {
      scr->stats.texture_views_refused++;
      MGU_DECLINE(texture_view_refused, "blit of a %s surface of a %s image (a texture view)",
                  vkb_format_name(s->format), vkb_format_name(o->r->desc.format));
      return false;
   }
   o->level = s->level;
   o->layer = s->layer;
   o->w = o->r->width >> s->level ? o->r->width >> s->level : 1;
   o->h = o->r->height >> s->level ? o->r->height >> s->level : 1;
   return true;
}

static void
swap64(int64_t *a, int64_t *b)
{
   const int64_t t = *a;
   *a = *b;
   *b = t;
}

/* Clips the destination range [*c0, *c1) of a scale-1 blit so that its source pixels lie in
 * [0, src_size). Destination pixel d0 + i reads source s0 + i (ascending) or s0 - 1 - i
 * (mirrored, s0 > s1). Returns the first source pixel of the clipped range (the lowest). */
static int64_t
clip_unscaled(int64_t d0, int64_t s0, bool mirror, int64_t src_size, int64_t *c0, int64_t *c1)
{
   if (!mirror) {
      int64_t a0 = s0 + (*c0 - d0), a1 = s0 + (*c1 - d0);
      a0 = a0 < 0 ? 0 : a0;
      a1 = a1 > src_size ? src_size : a1;
      *c0 = d0 + (a0 - s0);
      *c1 = d0 + (a1 - s0);
      return a0;
   }
   int64_t a0 = s0 - (*c1 - d0), a1 = s0 - (*c0 - d0);
   a0 = a0 < 0 ? 0 : a0;
   a1 = a1 > src_size ? src_size : a1;
   *c0 = d0 + s0 - a1;
   *c1 = d0 + s0 - a0;
   return a0;
}

/* How a depth/stencil blit between two formats copies: not through a buffer (same format),
 * through one on the GPU, or converted by the server. */
enum ds_copy { DS_COPY_NONE, DS_COPY_BUFFER, DS_COPY_CONVERT };

/* The depth family of a Vulkan depth format: formats of one family lay the depth aspect out
 * alike in a buffer (4-byte texels, 24 low bits or a float), so a copy between them may pass
 * through one. 0: none. */
static int
depth_family(VkFormat f)
{
   switch (f) {
   case VK_FORMAT_D24_UNORM_S8_UINT:
   case VK_FORMAT_X8_D24_UNORM_PACK32: return 1;
   case VK_FORMAT_D32_SFLOAT:
   case VK_FORMAT_D32_SFLOAT_S8_UINT: return 2;
   default: return 0;
   }
}

/* A vkCmdBlitImage from a 1D or 2D image into a slice of a 3D one: lavapipe (Mesa 22.3.6)
 * writes slice 0 whatever dstOffsets' z says (blit_3d_slice; Zink on lavapipe likewise), so
 * such blits are drawn into the slice instead (vkb_blit_draw.c renders into a 2D view of it). */
static bool
blit_into_slice(const struct vkb_resource *s, const struct vkb_resource *d)
{
   return d->image_type == VK_IMAGE_TYPE_3D && s->image_type != VK_IMAGE_TYPE_3D;
}

/* Whether blits of these aspects may be drawn: every aspect (stencil from a fragment shader
 * where the device exports it, else one bit a draw: vkb_blit_draw.c). */
static bool
drawable(const struct vkb_screen *scr, VkImageAspectFlags aspect)
{
   (void)scr;
   (void)aspect;
   return true;
}

/* A blit drawn over the part of the destination box inside the clip rectangle c
 * (x0, y0, x1, y1); an unscaled one also clipped to what its source holds. */
static void
draw_blit_clipped(struct vkb_screen *scr, VkImageAspectFlags aspect, const struct vkb_blit_surf *s,
                  const struct vkb_blit_surf *d, const int64_t sb[4], const int64_t db[4],
                  bool mirror_x, bool mirror_y, bool scaled, const int64_t c[4], bool linear,
                  bool unorm)
{
   int64_t cx0 = c[0], cy0 = c[1], cx1 = c[2], cy1 = c[3];
   if (!scaled) {
      clip_unscaled(db[0], sb[0], mirror_x, s->w, &cx0, &cx1);
      clip_unscaled(db[1], sb[1], mirror_y, s->h, &cy0, &cy1);
   }
   if (cx1 > cx0 && cy1 > cy0)
      vkb_blit_draw_surfaces(scr, aspect, s, d, sb, db, cx0, cy0, cx1, cy1, linear, unorm);
}

/* A scaled nearest blit reads, for destination pixel d0 + i, box pixel
 * floor((i + 0.5) * sw / dw) (counted from the box's far end when mirrored), box pixel k being
 * source pixel smin + k. Narrows [*c0, *c1) to the pixels whose source pixel lies in
 * [0, size), which GL writes (as Mesa's clipping does); false when none does. */
static bool
keep_inside(int64_t d0, int64_t dw, int64_t smin, int64_t sw, bool mirror, int64_t size,
            int64_t *c0, int64_t *c1)
{
   int64_t lo = *c1, hi = *c0;
   for (int64_t x = *c0; x < *c1; x++) {
      int64_t k = (int64_t)floor(((double)(x - d0) + 0.5) * (double)sw / (double)dw);
      if (mirror)
         k = sw - 1 - k;
      if (smin + k >= 0 && smin + k < size) {
         lo = x < lo ? x : lo;
         hi = x + 1;
      }
   }
   if (lo >= hi)
      return false;
   *c0 = lo;
   *c1 = hi;
   return true;
}

/* One blit between two surfaces as blit_surfaces takes it apart: the surfaces and what vkb_blit
 * decided about them, the boxes with the destination made ascending (the source keeps the
 * relative mirroring), and the clip rectangle c (what GL writes), which the paths narrow. */
struct blit_op {
   struct vkb_screen *scr;
   const struct mgp_blit *args;
   struct vkb_blit_surf s, d;
   VkImageAspectFlags aspect;
   bool color, same_format, raw;
   enum ds_copy via_buffer;
   int64_t sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1;
   int64_t sw, sh, dw, dh;
   bool mirror_x, mirror_y, scaled, ms_src, ms_dst;
   int64_t cx0, cy0, cx1, cy1;
};

/* The boxes and the clip rectangle: the destination rectangle inside the surface and the
 * scissor. False when the blit writes nothing. */
static bool
blit_setup(struct blit_op *o)
{
   const struct mgp_blit *args = o->args;
   o->sx0 = args->src_box[0], o->sy0 = args->src_box[1], o->sx1 = args->src_box[2],
   o->sy1 = args->src_box[3];
   o->dx0 = args->dst_box[0], o->dy0 = args->dst_box[1], o->dx1 = args->dst_box[2],
   o->dy1 = args->dst_box[3];
   /* Make the destination ascending; the source keeps the relative mirroring. */
   if (o->dx0 > o->dx1) {
      swap64(&o->dx0, &o->dx1);
      swap64(&o->sx0, &o->sx1);
   }
   if (o->dy0 > o->dy1) {
      swap64(&o->dy0, &o->dy1);
      swap64(&o->sy0, &o->sy1);
   }
   o->dw = o->dx1 - o->dx0, o->dh = o->dy1 - o->dy0;
   o->mirror_x = o->sx0 > o->sx1, o->mirror_y = o->sy0 > o->sy1;
   o->sw = o->mirror_x ? o->sx0 - o->sx1 : o->sx1 - o->sx0;
   o->sh = o->mirror_y ? o->sy0 - o->sy1 : o->sy1 - o->sy0;
   if (!o->dw || !o->dh || !o->sw || !o->sh)
      return false;

   /* What GL writes: the destination rectangle inside the surface and the scissor. */
   o->cx0 = o->dx0 > 0 ? o->dx0 : 0, o->cy0 = o->dy0 > 0 ? o->dy0 : 0;
   o->cx1 = o->dx1 < o->d.w ? o->dx1 : o->d.w, o->cy1 = o->dy1 < o->d.h ? o->dy1 : o->d.h;
   if (args->scissor_enable) {
      const int64_t x = args->scissor[0], y = args->scissor[1];
      const int64_t w = args->scissor[2] > 0 ? args->scissor[2] : 0;
      const int64_t h = args->scissor[3] > 0 ? args->scissor[3] : 0;
      o->cx0 = o->cx0 > x ? o->cx0 : x;
      o->cy0 = o->cy0 > y ? o->cy0 : y;
      o->cx1 = o->cx1 < x + w ? o->cx1 : x + w;
      o->cy1 = o->cy1 < y + h ? o->cy1 : y + h;
   }
   if (o->cx1 <= o->cx0 || o->cy1 <= o->cy0)
      return false;
   o->scaled = o->sw != o->dw || o->sh != o->dh;
   o->ms_src = o->s.r->samples != VK_SAMPLE_COUNT_1_BIT;
   o->ms_dst = o->d.r->samples != VK_SAMPLE_COUNT_1_BIT;
   return true;
}

/* Drawn over the clip rectangle (an unscaled blit also clipped to what its source holds). */
static void
draw_op(struct blit_op *o, bool linear, bool unorm)
{
   draw_blit_clipped(o->scr, o->aspect, &o->s, &o->d,
                     (const int64_t[4]){o->sx0, o->sy0, o->sx1, o->sy1},
                     (const int64_t[4]){o->dx0, o->dy0, o->dx1, o->dy1}, o->mirror_x, o->mirror_y,
                     o->scaled, (const int64_t[4]){o->cx0, o->cy0, o->cx1, o->cy1}, linear, unorm);
}

/* Drawn over the clip rectangle as it stands. */
static void
draw_op_as_clipped(struct blit_op *o, bool linear, bool unorm)
{
   vkb_blit_draw_surfaces(o->scr, o->aspect, &o->s, &o->d,
                          (const int64_t[4]){o->sx0, o->sy0, o->sx1, o->sy1},
                          (const int64_t[4]){o->dx0, o->dy0, o->dx1, o->dy1}, o->cx0, o->cy0,
                          o->cx1, o->cy1, linear, unorm);
}

/* A colour blit from a format that stores alpha into a GL format without alpha kept in RGBA
 * storage: no transfer command leaves the destination's A alone, so the blit is drawn with A
 * masked (vkb_blit_draw.c) and the stored alpha stays 1. True when it took the blit. */
static bool
blit_alpha_one(struct blit_op *o)
{
   uint8_t one[4];
   if (!(o->color && o->s.r->fmt->has_alpha && !o->d.r->fmt->has_alpha &&
         vkb_format_alpha_one(o->d.r->fmt->vk, one) && !(o->ms_src && o->scaled) &&
         !(o->ms_src && o->ms_dst && o->s.r->samples != o->d.r->samples)))
      return false;
   draw_op(o, o->scaled && o->args->filter == MGP_FILTER_LINEAR, o->raw);
   return true;
}

/* A multisampled side: declined, drawn, or (false) left to the transfer paths below. A colour
 * resolve may mirror or convert (through a scratch image below); a depth/stencil one resolves
 * sample 0 in a rendering scope. Drawn: a colour or depth blit into a multisampled destination
 * that is not a copy of samples, a depth resolve that mirrors, and depth alone between two
 * depth/stencil buffers (lavapipe's vkCmdCopyImage of the depth aspect writes stencil too);
 * stencil likewise where the device exports it. True when it took the blit. */
static bool
blit_multisampled(struct blit_op *o)
{
   if (!o->ms_src && !o->ms_dst)
      return false;
   const bool mirror = o->mirror_x || o->mirror_y;
   const bool resolve = o->ms_src && !o->ms_dst;
   const bool not_copy = !resolve && (mirror || !o->same_format || !o->ms_src);
   const bool one_aspect = !o->color && o->aspect != o->d.r->fmt->aspect;
   const bool drawn = o->color ? not_copy
                               : drawable(o->scr, o->aspect) &&
                                    (not_copy || (resolve && mirror) || (!resolve && one_aspect));
   if (o->scaled || (o->ms_dst && o->ms_src && o->s.r->samples != o->d.r->samples) ||
       (!o->color && !drawn && (not_copy || (resolve && (mirror || !o->same_format)))) ||
       (resolve && !o->color && !drawn && !vkb_blit_ds_resolve_supported(o->scr, o->aspect))) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "multisampled blit (%u -> %u samples, %s%s"
                  "%s -> %s)",
                  (unsigned)o->s.r->samples, (unsigned)o->d.r->samples, o->scaled ? "scaled, " : "",
                  mirror ? "mirrored, " : "", vkb_format_name(o->s.r->desc.format),
                  vkb_format_name(o->d.r->desc.format));
      return true;
   }
   if (!drawn)
      return false;
   clip_unscaled(o->dx0, o->sx0, o->mirror_x, o->s.w, &o->cx0, &o->cx1);
   clip_unscaled(o->dy0, o->sy0, o->mirror_y, o->s.h, &o->cy0, &o->cy1);
   if (o->cx1 > o->cx0 && o->cy1 > o->cy0)
      draw_op_as_clipped(o, false, o->raw);
   return true;
}

/* An unscaled colour blit between formats into one that is neither rendered to nor a Vulkan
 * blit destination: converted by the server. True when it took the blit (the clip rectangle
 * is narrowed to the source either way). */
static bool
blit_color_convert(struct blit_op *o)
{
   if (!(o->color && !o->scaled && !o->mirror_x && !o->mirror_y && !o->ms_src && !o->ms_dst &&
         !o->same_format && !(o->d.r->fmt->caps & MGP_FORMAT_CAP_RENDER) &&
         !vkb_blit_features(o->scr, o->d.r->fmt->vk, VK_FORMAT_FEATURE_BLIT_DST_BIT)))
      return false;
   const int64_t ax = clip_unscaled(o->dx0, o->sx0, o->mirror_x, o->s.w, &o->cx0, &o->cx1);
   const int64_t ay = clip_unscaled(o->dy0, o->sy0, o->mirror_y, o->s.h, &o->cy0, &o->cy1);
   return o->cx1 <= o->cx0 || o->cy1 <= o->cy0 ||
          vkb_blit_copy_color_convert(o->scr, &o->s, &o->d, (int32_t)ax, (int32_t)ay,
                                      (int32_t)o->cx0, (int32_t)o->cy0, (uint32_t)(o->cx1 - o->cx0),
                                      (uint32_t)(o->cy1 - o->cy0));
}

/* 1D against 2D: vkCmdCopyImage takes images of one type (or 2D with 3D) */
static bool
types_copy(const struct blit_op *o)
{
   const VkImageType st = o->s.r->image_type, dt = o->d.r->image_type;
   return st == dt || (st != VK_IMAGE_TYPE_1D && dt != VK_IMAGE_TYPE_1D);
}

/* GL_FRAMEBUFFER_SRGB off with an sRGB side: no conversion, which vkCmdBlitImage and
 * vkCmdResolveImage cannot leave out (they take the images' own formats), so anything but a
 * copy of texels is drawn through UNORM views. True when it took the blit. */
static bool
blit_raw(struct blit_op *o)
{
   if (!(o->raw && (o->scaled || o->mirror_x || o->mirror_y || !o->same_format || !types_copy(o) ||
                    o->s.r->samples != o->d.r->samples)))
      return false;
   draw_op(o, o->scaled && o->args->filter == MGP_FILTER_LINEAR, true);
   return true;
}

/* The unscaled paths that are not one transfer command: depth/stencil resolves, resolves that
 * mirror or convert, stencil alone between multisampled surfaces and depth/stencil copies
 * through a buffer. The source rectangle starts at (ax, ay). True when one took the blit. */
static bool
unscaled_special(struct blit_op *o, int64_t ax, int64_t ay, uint32_t w, uint32_t h)
{
   struct vkb_screen *scr = o->scr;
   if (o->ms_src && !o->ms_dst && !o->color) {
      vkb_blit_resolve_depth_stencil(scr, &o->s, &o->d, o->aspect, (int32_t)ax, (int32_t)ay,
                                     (int32_t)o->cx0, (int32_t)o->cy0, w, h);
      return true;
   }
   /* into a 3D slice too: NVIDIA's vkCmdResolveImage (580) from a 2D multisampled image
    * into a 3D one wrote slice 0 whatever dstOffset.z said (blit_3d_slice on the H200) */
   if (o->ms_src && !o->ms_dst &&
       (o->mirror_x || o->mirror_y || !o->same_format || o->d.r->image_type == VK_IMAGE_TYPE_3D)) {
      vkb_blit_resolve_then_blit(scr, &o->s, &o->d, (int32_t)ax, (int32_t)ay, (int32_t)o->cx0,
                                 (int32_t)o->cy0, w, h, o->mirror_x, o->mirror_y);
      return true;
   }
   if (o->ms_src && o->ms_dst && !o->color && o->aspect != o->d.r->fmt->aspect) {
      /* stencil alone (depth alone is drawn above) */
      vkb_blit_copy_stencil_keep_depth(scr, &o->s, &o->d, (int32_t)ax, (int32_t)ay, (int32_t)o->cx0,
                                       (int32_t)o->cy0, w, h);
      return true;
   }
   if (o->via_buffer == DS_COPY_CONVERT) {
      vkb_blit_copy_depth_convert(scr, &o->s, &o->d, o->aspect, (int32_t)ax, (int32_t)ay,
                                  (int32_t)o->cx0, (int32_t)o->cy0, w, h);
      return true;
   }
   /* One aspect of a depth/stencil format: lavapipe's vkCmdCopyImage writes the whole
    * texel (stencil too), a copy through a buffer writes only the aspect asked for. */
   if (o->via_buffer ||
       (!o->ms_src && !o->ms_dst && !o->color && o->aspect != o->d.r->fmt->aspect)) {
      vkb_blit_copy_depth_via_buffer(scr, &o->s, &o->d, o->aspect, (int32_t)ax, (int32_t)ay,
                                     (int32_t)o->cx0, (int32_t)o->cy0, w, h);
      return true;
   }
   return false;
}

/* One transfer command for an unscaled blit: a resolve, a copy or a blit at scale 1 (mirrored
 * or converting). */
static void
unscaled_transfer(struct blit_op *o, int64_t ax, int64_t ay, uint32_t w, uint32_t h, bool copy)
{
   struct vkb_screen *scr = o->scr;
   const struct vkb_blit_surf *s = &o->s, *d = &o->d;
   const VkImageAspectFlags aspect = o->aspect;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_image_transition(scr, d->r, d->level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   if (o->ms_src && !o->ms_dst) {
      VkImageResolve rr = {
         .srcSubresource = vkb_blit_sub(s->r, aspect, s->level, s->layer),
         .srcOffset = {(int32_t)ax, (int32_t)ay, vkb_blit_zof(s->r, s->layer)},
         .dstSubresource = vkb_blit_sub(d->r, aspect, d->level, d->layer),
         .dstOffset = {(int32_t)o->cx0, (int32_t)o->cy0, vkb_blit_zof(d->r, d->layer)},
         .extent = {w, h, 1},
      };
      vkCmdResolveImage(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->r->img,
                        VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &rr);
   } else if (copy) {
      VkImageCopy c = {
         .srcSubresource = vkb_blit_sub(s->r, aspect, s->level, s->layer),
         .srcOffset = {(int32_t)ax, (int32_t)ay, vkb_blit_zof(s->r, s->layer)},
         .dstSubresource = vkb_blit_sub(d->r, aspect, d->level, d->layer),
         .dstOffset = {(int32_t)o->cx0, (int32_t)o->cy0, vkb_blit_zof(d->r, d->layer)},
         .extent = {w, h, 1},
      };
      vkCmdCopyImage(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
   } else {
      const bool mirror_x = o->mirror_x, mirror_y = o->mirror_y;
      const int32_t sz = vkb_blit_zof(s->r, s->layer), dz = vkb_blit_zof(d->r, d->layer);
      VkImageBlit b = {
         .srcSubresource = vkb_blit_sub(s->r, aspect, s->level, s->layer),
         .srcOffsets = {{(int32_t)(mirror_x ? ax + w : ax), (int32_t)(mirror_y ? ay + h : ay), sz},
                        {(int32_t)(mirror_x ? ax : ax + w), (int32_t)(mirror_y ? ay : ay + h),
                         sz + 1}},
         .dstSubresource = vkb_blit_sub(d->r, aspect, d->level, d->layer),
         .dstOffsets = {{(int32_t)o->cx0, (int32_t)o->cy0, dz},
                        {(int32_t)o->cx1, (int32_t)o->cy1, dz + 1}},
      };
      vkCmdBlitImage(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &b, VK_FILTER_NEAREST);
   }
   s->r->last_use = d->r->last_use = vkb_current_serial(scr);
}

/* A blit at scale 1: every clipped destination pixel reads one source pixel. */
static void
blit_unscaled(struct blit_op *o)
{
   const int64_t ax = clip_unscaled(o->dx0, o->sx0, o->mirror_x, o->s.w, &o->cx0, &o->cx1);
   const int64_t ay = clip_unscaled(o->dy0, o->sy0, o->mirror_y, o->s.h, &o->cy0, &o->cy1);
   if (o->cx1 <= o->cx0 || o->cy1 <= o->cy0)
      return;
   const uint32_t w = (uint32_t)(o->cx1 - o->cx0), h = (uint32_t)(o->cy1 - o->cy0);
   if (unscaled_special(o, ax, ay, w, h))
      return;
   /* a 1D image against a 2D one (a window row copied into a 1D texture) goes through
    * vkCmdBlitImage at scale 1 (types_copy above); an sRGB image and its UNORM twin copy
    * (one compatibility class) when raw */
   const bool copy = o->same_format && !o->mirror_x && !o->mirror_y && types_copy(o);
   if (!copy && !o->ms_src &&
       (!vkb_blit_features(o->scr, o->s.r->fmt->vk, VK_FORMAT_FEATURE_BLIT_SRC_BIT) ||
        !vkb_blit_features(o->scr, o->d.r->fmt->vk, VK_FORMAT_FEATURE_BLIT_DST_BIT) ||
        blit_into_slice(o->s.r, o->d.r))) {
      if (drawable(o->scr, o->aspect)) {
         draw_op_as_clipped(o, false, false);
         return;
      }
      MGU_DECLINE(backend_format_unsupported,
                  "mirrored stencil blit %s -> %s: no "
                  "Vulkan blit for these formats",
                  vkb_format_name(o->s.r->desc.format), vkb_format_name(o->d.r->desc.format));
      return;
   }
   unscaled_transfer(o, ax, ay, w, h, copy);
}

/* The scaled blit by vkCmdBlitImage: into the destination when nothing clips it (whole), else
 * into a scratch image the size of the destination box whose clipped part is then copied (or,
 * for one aspect of a depth/stencil format, copied through a buffer); a source box that leaves
 * the surface is read from a scratch image the size of the box. */
static void
scaled_transfer(struct blit_op *o, VkFilter filter, bool src_out, int64_t smin_x, int64_t smin_y,
                int64_t maxdim)
{
   struct vkb_screen *scr = o->scr;
   const VkImageAspectFlags aspect = o->aspect;
   const struct vkb_blit_surf d = o->d;
   const int64_t dx0 = o->dx0, dy0 = o->dy0, dx1 = o->dx1, dy1 = o->dy1, dw = o->dw, dh = o->dh;
   const int64_t cx0 = o->cx0, cy0 = o->cy0, cx1 = o->cx1, cy1 = o->cy1;
   int64_t sx0 = o->sx0, sy0 = o->sy0, sx1 = o->sx1, sy1 = o->sy1;
   /* one aspect of a depth/stencil format reaches the destination through a buffer (see
    * blit_unscaled's copy), so it is blitted into the scratch image first */
   const bool one_aspect = !o->color && aspect != d.r->fmt->aspect;
   /* (keep_inside may have narrowed the clipped rectangle) */
   const bool whole = cx0 == dx0 && cy0 == dy0 && cx1 == dx1 && cy1 == dy1 && !one_aspect;
   struct vkb_resource tmp;
   if (!whole) {
      if (dw > maxdim || dh > maxdim) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "clipped scaled stencil blit to a "
                     "%lldx%lld box",
                     (long long)dw, (long long)dh);
         return;
      }
      if (!vkb_blit_scratch_image(scr, d.r->fmt, (uint32_t)dw, (uint32_t)dh, VK_SAMPLE_COUNT_1_BIT,
                                  0, &tmp))
         return;
   }
   /* a source box leaving the surface is read from a scratch image the size of the box */
   struct vkb_resource box_tmp;
   if (src_out) {
      if (!vkb_blit_source_box_scratch(scr, &o->s, aspect, smin_x, smin_y, o->sw, o->sh,
                                       &box_tmp)) {
         if (!whole)
            vkb_blit_scratch_release(scr, &tmp);
         return;
      }
      sx0 -= smin_x, sx1 -= smin_x, sy0 -= smin_y, sy1 -= smin_y;
   }
   const struct vkb_blit_surf s = o->s;
   vkb_image_transition(scr, s.r, s.level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   struct vkb_resource *target = whole ? d.r : &tmp;
   const uint32_t tlevel = whole ? d.level : 0, tlayer = whole ? d.layer : 0;
   vkb_image_transition(scr, target, tlevel, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return; /* the session failed: scratch images go with the device */
   const int32_t sz = vkb_blit_zof(s.r, s.layer), tz = vkb_blit_zof(target, tlayer);
   const int64_t ox = whole ? 0 : dx0, oy = whole ? 0 : dy0;
   VkImageBlit b = {
      .srcSubresource = vkb_blit_sub(s.r, aspect, s.level, s.layer),
      .srcOffsets = {{(int32_t)sx0, (int32_t)sy0, sz}, {(int32_t)sx1, (int32_t)sy1, sz + 1}},
      .dstSubresource = vkb_blit_sub(target, aspect, tlevel, tlayer),
      .dstOffsets = {{(int32_t)(dx0 - ox), (int32_t)(dy0 - oy), tz},
                     {(int32_t)(dx1 - ox), (int32_t)(dy1 - oy), tz + 1}},
   };
   vkCmdBlitImage(cmd, s.r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, target->img,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &b, filter);
   if (!whole) {
      vkb_image_transition(scr, &tmp, 0, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
      vkb_image_transition(scr, d.r, d.level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
      cmd = vkb_cmd(scr);
      if (!cmd)
         return;
      if (one_aspect) {
         const struct vkb_blit_surf t = {.r = &tmp, .level = 0, .layer = 0, .w = dw, .h = dh};
         vkb_blit_copy_depth_via_buffer(scr, &t, &d, aspect, (int32_t)(cx0 - dx0),
                                        (int32_t)(cy0 - dy0), (int32_t)cx0, (int32_t)cy0,
                                        (uint32_t)(cx1 - cx0), (uint32_t)(cy1 - cy0));
         vkb_blit_scratch_release(scr, &tmp);
         s.r->last_use = d.r->last_use = vkb_current_serial(scr);
         if (src_out)
            vkb_blit_scratch_release(scr, &box_tmp);
         return;
      }
      VkImageCopy c = {
         .srcSubresource = vkb_blit_sub(&tmp, aspect, 0, 0),
         .srcOffset = {(int32_t)(cx0 - dx0), (int32_t)(cy0 - dy0), 0},
         .dstSubresource = vkb_blit_sub(d.r, aspect, d.level, d.layer),
         .dstOffset = {(int32_t)cx0, (int32_t)cy0, vkb_blit_zof(d.r, d.layer)},
         .extent = {(uint32_t)(cx1 - cx0), (uint32_t)(cy1 - cy0), 1},
      };
      vkCmdCopyImage(cmd, tmp.img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d.r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
      vkb_blit_scratch_release(scr, &tmp);
   }
   s.r->last_use = d.r->last_use = vkb_current_serial(scr);
   if (src_out)
      vkb_blit_scratch_release(scr, &box_tmp);
}

/* A scaled blit: drawn where no transfer command can do it, else narrowed to the destination
 * pixels whose source pixel is inside (nearest) and blitted (scaled_transfer). */
static void
blit_scaled(struct blit_op *o)
{
   struct vkb_screen *scr = o->scr;
   const struct vkb_blit_surf *s = &o->s, *d = &o->d;
   const int64_t smin_x = o->mirror_x ? o->sx1 : o->sx0, smin_y = o->mirror_y ? o->sy1 : o->sy0;
   const int64_t sw = o->sw, sh = o->sh, dw = o->dw, dh = o->dh;
   const VkFilter filter =
      o->args->filter == MGP_FILTER_LINEAR && o->color ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
   const bool src_out = smin_x < 0 || smin_y < 0 || smin_x + sw > s->w || smin_y + sh > s->h;
   const int64_t maxdim = scr->props.limits.maxImageDimension2D;
   const bool clipped =
      o->cx0 != o->dx0 || o->cy0 != o->dy0 || o->cx1 != o->dx1 || o->cy1 != o->dy1;
   /* Drawn: a colour blit whose source box leaves the read surface with a linear filter
    * (which reads the clamped texels around the inside part) or that is larger than an image
    * may be, a clipped one to a box larger than that, and one with no Vulkan blit for its
    * formats; depth and stencil likewise (nearest; stencil where the device exports it). The
    * shader writes nothing for a nearest source pixel outside, and GL leaves a linear one
    * undefined there. */
   const VkFormatFeatureFlags src_want =
      VK_FORMAT_FEATURE_BLIT_SRC_BIT |
      (filter == VK_FILTER_LINEAR ? VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT : 0);
   /* A clipped one into a 1D image too, and one whose source box leaves a 1D image: the
    * scratch images below are 2D, and vkCmdCopyImage copies between images of one type (or
    * 2D and 3D) only. (The draw samples a 1D source in colour only.) */
   const bool clipped_1d = ((clipped && d->r->image_type == VK_IMAGE_TYPE_1D) ||
                            (src_out && s->r->image_type == VK_IMAGE_TYPE_1D)) &&
                           (o->color || s->r->image_type == VK_IMAGE_TYPE_2D);
   if (drawable(scr, o->aspect) &&
       ((src_out && (filter == VK_FILTER_LINEAR || sw > maxdim || sh > maxdim)) ||
        (clipped && (dw > maxdim || dh > maxdim)) || clipped_1d ||
        !vkb_blit_features(scr, s->r->fmt->vk, src_want) ||
        !vkb_blit_features(scr, d->r->fmt->vk, VK_FORMAT_FEATURE_BLIT_DST_BIT) ||
        (blit_into_slice(s->r, d->r) || (src_out && d->r->image_type == VK_IMAGE_TYPE_3D)))) {
      draw_op_as_clipped(o, filter == VK_FILTER_LINEAR, false);
      return;
   }
   if (src_out) {
      /* Nearest: only destination pixels whose source pixel is inside are written. */
      if (sw > maxdim || sh > maxdim) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "scaled stencil blit whose source "
                     "rectangle leaves the read surface, over %lld texels",
                     (long long)maxdim);
         return;
      }
      if (!keep_inside(o->dx0, dw, smin_x, sw, o->mirror_x, s->w, &o->cx0, &o->cx1) ||
          !keep_inside(o->dy0, dh, smin_y, sh, o->mirror_y, s->h, &o->cy0, &o->cy1))
         return;
   }
   if (!vkb_blit_features(scr, s->r->fmt->vk, src_want) ||
       !vkb_blit_features(scr, d->r->fmt->vk, VK_FORMAT_FEATURE_BLIT_DST_BIT)) {
      MGU_DECLINE(backend_format_unsupported,
                  "scaled stencil blit %s -> %s (%s): no "
                  "Vulkan blit for these formats",
                  vkb_format_name(s->r->desc.format), vkb_format_name(d->r->desc.format),
                  filter == VK_FILTER_LINEAR ? "linear" : "nearest");
      return;
   }
   scaled_transfer(o, filter, src_out, smin_x, smin_y, maxdim);
}

/* The blit of args from surface s to surface d (different subresources): the path is chosen in
 * this order, each taking the blit or leaving it to the next. */
static void
blit_surfaces(struct vkb_screen *scr, const struct mgp_blit *args, const struct vkb_blit_surf *sp,
              const struct vkb_blit_surf *dp, VkImageAspectFlags aspect, bool color,
              bool same_format, enum ds_copy via_buffer, bool raw)
{
   struct blit_op o = {.scr = scr,
                       .args = args,
                       .s = *sp,
                       .d = *dp,
                       .aspect = aspect,
                       .color = color,
                       .same_format = same_format,
                       .raw = raw,
                       .via_buffer = via_buffer};
   if (!blit_setup(&o))
      return;
   if (via_buffer && (o.scaled || o.mirror_x || o.mirror_y || o.ms_src || o.ms_dst)) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "scaled, mirrored or multisampled depth/stencil "
                  "blit from %s to %s",
                  vkb_format_name(o.s.r->desc.format), vkb_format_name(o.d.r->desc.format));
      return;
   }
   if (blit_alpha_one(&o) || blit_multisampled(&o) || blit_color_convert(&o) || blit_raw(&o))
      return;
   if (o.scaled)
      blit_scaled(&o);
   else
      blit_unscaled(&o);
}

void
vkb_blit(void *self, const struct mgp_blit *args, const void *tail, uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_blit_surf s, d;
   if (!get_surf(scr, &args->src, &s) || !get_surf(scr, &args->dst, &d))
      return;
   VkImageAspectFlags aspect = 0;
   if (args->mask & MGP_BLIT_COLOR) {
      if (s.r->fmt->aspect != VK_IMAGE_ASPECT_COLOR_BIT ||
          d.r->fmt->aspect != VK_IMAGE_ASPECT_COLOR_BIT) {
         MGU_DECLINE(backend_draw_incomplete, "colour blit between %s and %s",
                     vkb_format_name(s.r->desc.format), vkb_format_name(d.r->desc.format));
         return;
      }
      aspect = VK_IMAGE_ASPECT_COLOR_BIT;
   } else {
      if (args->mask & MGP_BLIT_DEPTH)
         aspect |= VK_IMAGE_ASPECT_DEPTH_BIT;
      if (args->mask & MGP_BLIT_STENCIL)
         aspect |= VK_IMAGE_ASPECT_STENCIL_BIT;
      aspect &= s.r->fmt->aspect & d.r->fmt->aspect;
      if (!aspect)
         return; /* GL: only the buffers both sides have */
   }
   const bool color = aspect == VK_IMAGE_ASPECT_COLOR_BIT;
   /* GL_FRAMEBUFFER_SRGB off: an sRGB colour image is read and written as its UNORM twin (no
    * conversion), as llvmpipe and Zink do (GL 4.4 §18.3.1's rule; see blit_surfaces) */
   const bool raw = color && !args->srgb_encode &&
                    (vkb_format_linear(s.r->fmt->vk) != s.r->fmt->vk ||
                     vkb_format_linear(d.r->fmt->vk) != d.r->fmt->vk);
   const bool same_format = raw ? vkb_format_linear(s.r->fmt->vk) == vkb_format_linear(d.r->fmt->vk)
                                : s.r->fmt->vk == d.r->fmt->vk;
   /* Depth/stencil formats that differ: through a buffer, on the GPU when the depth texels
    * are laid out alike (or only stencil is copied), else converted by the server. */
   enum ds_copy via_buffer = DS_COPY_NONE;
   if (!color && !same_format)
      via_buffer = !(aspect & VK_IMAGE_ASPECT_DEPTH_BIT) ||
                         (depth_family(s.r->fmt->vk) &&
                          depth_family(s.r->fmt->vk) == depth_family(d.r->fmt->vk))
                      ? DS_COPY_BUFFER
                      : DS_COPY_CONVERT;
   if (color && s.r->fmt->kind != d.r->fmt->kind) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "colour blit from %s to %s (integer kinds "
                  "differ)",
                  vkb_format_name(s.r->desc.format), vkb_format_name(d.r->desc.format));
      return;
   }
   /* One level as source and destination: one surface (GL allows it; overlapping rectangles
    * are undefined), or two layers of an array or slices of a 3D level. The backend keeps one
    * layout per level and a transfer cannot have it in two, so the blit reads a scratch copy
    * of the source surface (multisampled alike), taken before anything is written. */
   struct vkb_resource tmp_src;
   const bool same_level = s.r == d.r && s.level == d.level;
   if (same_level && !vkb_blit_copy_to_scratch(scr, &s, aspect, &tmp_src))
      return;
   blit_surfaces(scr, args, &s, &d, aspect, color, same_format, via_buffer, raw);
   if (same_level)
      vkb_blit_scratch_release(scr, &tmp_src);
}
