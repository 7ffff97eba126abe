/* vkb_draw_dynamic.c — the dynamic state a draw records from the context's (viewports,
 * scissors, line width, depth bias, blend constants, stencil reference and masks), and
 * glSampleCoverage's mask for the pipeline key. */
#include <stddef.h>
#include <string.h>

#include "log.h"
#include "vkb_draw.h"

/* glSampleCoverage: the first round(value * samples) samples (inverted on request). Vulkan's
 * sample mask is pipeline state, so the mask is part of the key (multisampled only). */
uint32_t
vkb_draw_coverage_mask(const struct vkb_context *ctx, uint32_t samples)
{
   if (samples <= 1 || !ctx->dyn.sample_coverage_enable)
      return ~0u;
   float v = ctx->dyn.sample_coverage_value;
   v = v < 0 ? 0 : v > 1 ? 1 : v;
   const uint32_t n = (uint32_t)(v * (float)samples + 0.5f);
   uint32_t m = n >= 32 ? ~0u : (1u << n) - 1u;
   if (ctx->dyn.sample_coverage_invert)
      m = ~m;
   return m & ((samples >= 32 ? 0u : 1u << samples) - 1u);
}

/* Fields [first, last] of mgp_dynamic_state, compared as bytes. */
#define DYN_SPAN(first, last)                                                                      \
   offsetof(struct mgp_dynamic_state, first), offsetof(struct mgp_dynamic_state, last) +           \
                                                 sizeof(((struct mgp_dynamic_state *)0)->last) -   \
                                                 offsetof(struct mgp_dynamic_state, first)

/* The parts of the dynamic state, by the bytes their fields occupy, in offset order: the scan
 * of a changed range stops at the first span past it (unit.vulkan.backend's
 * test_dynamic_parts asks every byte). The viewport's part alone: a draw records the scissor
 * again where the viewport's emptiness moved (vkb_draw_set_dynamic). point_size and pad are
 * no part (no dynamic state of Vulkan's). */
static const struct {
   size_t offset, size;
   uint32_t parts;
} spans[] = {
   {DYN_SPAN(viewport, depth_range), VKB_DYN_VIEWPORT},
   {DYN_SPAN(scissor, scissor_enable), VKB_DYN_SCISSOR},
   {DYN_SPAN(sample_coverage_enable, sample_coverage_invert), VKB_DYN_COVERAGE},
   {DYN_SPAN(blend_color, blend_color), VKB_DYN_BLEND},
   {DYN_SPAN(stencil_ref, stencil_write_mask), VKB_DYN_STENCIL},
   {DYN_SPAN(line_width, line_width), VKB_DYN_LINE_WIDTH},
   {DYN_SPAN(polygon_offset_factor, polygon_offset_clamp), VKB_DYN_DEPTH_BIAS},
   {DYN_SPAN(sample_coverage_value, sample_coverage_value), VKB_DYN_COVERAGE},
   {DYN_SPAN(line_stipple_factor, line_stipple_pattern), VKB_DYN_LINE_STIPPLE},
};

uint32_t
vkb_dynamic_changes(const struct mgp_dynamic_state *was, const struct mgp_dynamic_state *now)
{
   const uint8_t *a = (const uint8_t *)was, *b = (const uint8_t *)now;
   uint32_t parts = 0;
   for (size_t i = 0; i < sizeof(spans) / sizeof(spans[0]); i++)
      if (memcmp(a + spans[i].offset, b + spans[i].offset, spans[i].size))
         parts |= spans[i].parts;
   return parts;
}

uint32_t
vkb_dynamic_byte_parts(size_t offset, size_t size)
{
   const size_t end = offset + size; /* the caller's range lies inside the struct */
   uint32_t parts = 0;
   for (size_t i = 0; i < sizeof(spans) / sizeof(spans[0]) && spans[i].offset < end; i++)
      if (offset < spans[i].offset + spans[i].size)
         parts |= spans[i].parts;
   return parts;
}

/* One GL viewport as Vulkan's: positive (memory row r is GL window row r), inside the
 * device's limits; an empty one (GL draws nothing) becomes 1x1, its scissor empty. */
static VkViewport
vk_viewport(const VkPhysicalDeviceLimits *l, const float *v, const float *depth_range, bool empty)
{
   VkViewport vp = {v[0], v[1], v[2], v[3], depth_range[0], depth_range[1]};
   if (empty)
      vp.width = vp.height = 1.0f;
   if (vp.width > (float)l->maxViewportDimensions[0])
      vp.width = (float)l->maxViewportDimensions[0];
   if (vp.height > (float)l->maxViewportDimensions[1])
      vp.height = (float)l->maxViewportDimensions[1];
   const float lo = l->viewportBoundsRange[0], hi = l->viewportBoundsRange[1];
   if (vp.x < lo)
      vp.x = lo;
   if (vp.y < lo)
      vp.y = lo;
   if (vp.x + vp.width > hi)
      vp.x = hi - vp.width;
   if (vp.y + vp.height > hi)
      vp.y = hi - vp.height;
   vp.minDepth = vp.minDepth < 0 ? 0 : vp.minDepth > 1 ? 1 : vp.minDepth;
   vp.maxDepth = vp.maxDepth < 0 ? 0 : vp.maxDepth > 1 ? 1 : vp.maxDepth;
   return vp;
}

/* One GL scissor (or the whole render area when it is off) as Vulkan's, inside the area. */
static VkRect2D
vk_scissor(VkExtent2D ext, const int32_t *s, bool enable, bool empty)
{
   int64_t x0 = 0, y0 = 0, x1 = ext.width, y1 = ext.height;
   if (enable) {
      const int64_t sx = s[0], sy = s[1];
      const int64_t sw = s[2] < 0 ? 0 : s[2];
      const int64_t sh = s[3] < 0 ? 0 : s[3];
      x0 = sx > x0 ? sx : x0;
      y0 = sy > y0 ? sy : y0;
      x1 = sx + sw < x1 ? sx + sw : x1;
      y1 = sy + sh < y1 ? sy + sh : y1;
   }
   VkRect2D sc = {{0, 0}, {0, 0}};
   if (!empty && x1 > x0 && y1 > y0)
      sc = (VkRect2D){{(int32_t)x0, (int32_t)y0}, {(uint32_t)(x1 - x0), (uint32_t)(y1 - y0)}};
   return sc;
}

/* Inline in both callers: a glViewport between draws records it without another frame. */
static inline __attribute__((always_inline)) void
set_viewport(struct vkb_context *ctx, VkCommandBuffer cmd, bool all, bool empty)
{
   struct vkb_screen *scr = ctx->scr;
   const struct mgp_dynamic_state *d = &ctx->dyn;
   const VkViewport vp = vk_viewport(&scr->props.limits, d->viewport, d->depth_range, empty);
   if (all || memcmp(&vp, &ctx->rec_viewport, sizeof(vp))) {
      vkCmdSetViewport(cmd, 0, 1, &vp);
      ctx->rec_viewport = vp;
      scr->stats.cmd_set_state++;
   }
}

static void
set_scissor(struct vkb_context *ctx, VkCommandBuffer cmd, bool all, bool empty)
{
   struct vkb_screen *scr = ctx->scr;
   const struct mgp_dynamic_state *d = &ctx->dyn;
   const VkRect2D sc = vk_scissor(ctx->render_extent, d->scissor, d->scissor_enable, empty);
   ctx->rec_viewport_empty = empty;
   if (all || memcmp(&sc, &ctx->rec_scissor, sizeof(sc))) {
      vkCmdSetScissor(cmd, 0, 1, &sc);
      ctx->rec_scissor = sc;
      scr->stats.cmd_set_state++;
   }
}

/* Viewports and scissors 1 .. MGP_MAX_VIEWPORTS - 1 (set_viewports), for pipelines whose
 * geometry stage picks one with gl_ViewportIndex: recorded once the client sent them, whatever
 * pipeline is bound (every draw pipeline has them dynamic, so they outlive binds). */
static void
set_viewports(struct vkb_context *ctx, VkCommandBuffer cmd)
{
   struct vkb_screen *scr = ctx->scr;
   VkViewport vp[MGP_MAX_VIEWPORTS - 1];
   VkRect2D sc[MGP_MAX_VIEWPORTS - 1];
   for (uint32_t i = 0; i < MGP_MAX_VIEWPORTS - 1; i++) {
      const struct mgp_viewport *v = &ctx->viewports[i];
      const bool empty = !(v->viewport[2] > 0.0f) || !(v->viewport[3] > 0.0f);
      vp[i] = vk_viewport(&scr->props.limits, v->viewport, v->depth_range, empty);
      sc[i] = vk_scissor(ctx->render_extent, v->scissor, v->scissor_enable, empty);
   }
   vkCmdSetViewport(cmd, 1, MGP_MAX_VIEWPORTS - 1, vp);
   vkCmdSetScissor(cmd, 1, MGP_MAX_VIEWPORTS - 1, sc);
   scr->stats.cmd_set_state += 2;
}

static void
set_other(struct vkb_context *ctx, VkCommandBuffer cmd, bool all)
{
   struct vkb_screen *scr = ctx->scr;
   const struct mgp_dynamic_state *d = &ctx->dyn;
   const VkPhysicalDeviceLimits *l = &scr->props.limits;
   float lw = d->line_width > 0 ? d->line_width : 1.0f;
   if (!scr->features.wideLines)
      lw = 1.0f;
   else if (lw < l->lineWidthRange[0])
      lw = l->lineWidthRange[0];
   else if (lw > l->lineWidthRange[1])
      lw = l->lineWidthRange[1];
   if (all || lw != ctx->rec_line_width) {
      vkCmdSetLineWidth(cmd, lw);
      ctx->rec_line_width = lw;
      scr->stats.cmd_set_state++;
   }
   const float bias[3] = {d->polygon_offset_units,
                          scr->features.depthBiasClamp ? d->polygon_offset_clamp : 0.0f,
                          d->polygon_offset_factor};
   if (all || memcmp(bias, ctx->rec_depth_bias, sizeof(bias))) {
      vkCmdSetDepthBias(cmd, bias[0], bias[1], bias[2]);
      memcpy(ctx->rec_depth_bias, bias, sizeof(bias));
      scr->stats.cmd_set_state++;
   }
   if (all || memcmp(d->blend_color, ctx->rec_blend, sizeof(ctx->rec_blend))) {
      vkCmdSetBlendConstants(cmd, d->blend_color);
      memcpy(ctx->rec_blend, d->blend_color, sizeof(ctx->rec_blend));
      scr->stats.cmd_set_state++;
   }
   /* GL clamps the reference to the stencil buffer's range (8 bits here). Per face:
    * reference, compare mask, write mask. */
   uint32_t v[2][3];
   for (int f = 0; f < 2; f++) {
      v[f][0] = d->stencil_ref[f] > 255 ? 255 : d->stencil_ref[f];
      v[f][1] = d->stencil_read_mask[f];
      v[f][2] = d->stencil_write_mask[f];
   }
   for (int i = 0; i < 3; i++) {
      const bool front = all || v[0][i] != ctx->rec_stencil[0][i];
      const bool back = all || v[1][i] != ctx->rec_stencil[1][i];
      /* both faces to one value (GL's glStencilFunc, glStencilMask): one command */
      const bool both = front && back && v[0][i] == v[1][i];
      for (int f = 0; f < 2; f++) {
         if (!(f ? back : front) || (both && f))
            continue;
         const VkStencilFaceFlags face = both ? VK_STENCIL_FACE_FRONT_AND_BACK
                                         : f  ? VK_STENCIL_FACE_BACK_BIT
                                              : VK_STENCIL_FACE_FRONT_BIT;
         if (i == 0)
            vkCmdSetStencilReference(cmd, face, v[f][0]);
         else if (i == 1)
            vkCmdSetStencilCompareMask(cmd, face, v[f][1]);
         else
            vkCmdSetStencilWriteMask(cmd, face, v[f][2]);
         scr->stats.cmd_set_state++;
      }
   }
   memcpy(ctx->rec_stencil, v, sizeof(v));
}

/* glLineStipple's factor (clamped to [1, 256] by the client, again here: it is the wire's) and
 * pattern; pipelines without stippledLineEnable ignore them. */
static void
set_line_stipple(struct vkb_context *ctx, VkCommandBuffer cmd, bool all)
{
   const struct mgp_dynamic_state *d = &ctx->dyn;
   const uint32_t factor = d->line_stipple_factor < 1     ? 1
                           : d->line_stipple_factor > 256 ? 256
                                                          : d->line_stipple_factor;
   const uint32_t v = factor << 16 | d->line_stipple_pattern;
   if (all || v != ctx->rec_line_stipple) {
      ctx->scr->set_line_stipple(cmd, factor, d->line_stipple_pattern);
      ctx->rec_line_stipple = v;
      ctx->scr->stats.cmd_set_state++;
   }
}

/* An empty viewport (GL draws nothing): the scissor rejects everything. */
static inline bool
viewport_empty(const struct mgp_dynamic_state *d)
{
   return !(d->viewport[2] > 0.0f) || !(d->viewport[3] > 0.0f);
}

/* vkb_draw_set_dynamic's every part (and all of them at a new scope), out of line: the
 * viewport or scissor alone keeps no frame for the others. */
static __attribute__((noinline)) void
set_dynamic_parts(struct vkb_context *ctx, VkCommandBuffer cmd)
{
   const struct mgp_dynamic_state *d = &ctx->dyn;
   /* Every draw pipeline has the same dynamic states, so what was recorded stays set across
    * pipeline binds and render passes; a new command buffer or a clear clears dyn_recorded.
    * Otherwise only the parts set_dynamic_state marked (or all, at a new scope) are looked at:
    * the others' inputs are as when they were recorded. */
   const bool all = !ctx->dyn_recorded;
   const uint32_t dirty = all ? VKB_DYN_ALL : ctx->dyn_dirty;
   ctx->dyn_recorded = true;
   /* GL draws nothing with an empty viewport; the scissor below rejects everything */
   const bool empty = viewport_empty(d);
   if (dirty & VKB_DYN_VIEWPORT)
      set_viewport(ctx, cmd, all, empty);
   /* a viewport that became empty, or stopped being, moves the scissor (it rejects all) */
   if ((dirty & VKB_DYN_SCISSOR) ||
       ((dirty & VKB_DYN_VIEWPORT) && empty != ctx->rec_viewport_empty))
      set_scissor(ctx, cmd, all, empty);
   if ((dirty & VKB_DYN_VIEWPORTS) && ctx->viewports_held && ctx->scr->features.multiViewport)
      set_viewports(ctx, cmd);
   if (dirty & (VKB_DYN_LINE_WIDTH | VKB_DYN_DEPTH_BIAS | VKB_DYN_BLEND | VKB_DYN_STENCIL))
      set_other(ctx, cmd, all);
   if ((dirty & VKB_DYN_LINE_STIPPLE) && ctx->scr->stipple_modes)
      set_line_stipple(ctx, cmd, all);
}

/* The viewport, and the scissor where it changed too or the viewport's emptiness moved (a
 * glViewport between draws): those of set_dynamic_parts' tests alone. */
static __attribute__((noinline)) void
set_dynamic_viewport(struct vkb_context *ctx, VkCommandBuffer cmd, uint32_t dirty)
{
   const bool empty = viewport_empty(&ctx->dyn);
   set_viewport(ctx, cmd, false, empty);
   if ((dirty & VKB_DYN_SCISSOR) || empty != ctx->rec_viewport_empty)
      set_scissor(ctx, cmd, false, empty);
}

/* Frameless: each way is a tail call (the scissor alone: a glScissor between draws). */
void
vkb_draw_set_dynamic(struct vkb_context *ctx, VkCommandBuffer cmd)
{
   const uint32_t dirty = ctx->dyn_dirty;
   if (!ctx->dyn_recorded || (dirty & ~(VKB_DYN_VIEWPORT | VKB_DYN_SCISSOR)))
      set_dynamic_parts(ctx, cmd);
   else if (dirty & VKB_DYN_VIEWPORT)
      set_dynamic_viewport(ctx, cmd, dirty);
   else if (dirty)
      set_scissor(ctx, cmd, false, viewport_empty(&ctx->dyn));
}
