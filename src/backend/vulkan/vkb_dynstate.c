/* vkb_dynstate.c — render state that is dynamic state on this device. A render-state CSO is
 * split into the part a pipeline bakes in and the part recorded per draw with vkCmdSet*
 * (depth/stencil tests and ops, cull mode, front face, depth-bias, restart and rasterizer-
 * discard enables with Vulkan 1.3; blend enable, equation and colour write mask with
 * extended dynamic state 3).
 * CSOs with equal pipeline parts share one identity in the pipeline key (vkb_cso.c), so GL's
 * enable/draw/disable/draw toggles reuse one pipeline and bind none. */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vkb.h"

void
vkb_render_state_pipeline_part(const struct vkb_screen *scr, const struct mgp_render_state *in,
                               struct mgp_render_state *out)
{
   *out = *in;
   if (scr->has_dyn_rs) {
      out->depth_test = 0;
      out->depth_write = 0;
      out->depth_func = 0;
      out->stencil_test = 0;
      memset(out->stencil_func, 0, sizeof(out->stencil_func));
      memset(out->stencil_fail, 0, sizeof(out->stencil_fail));
      memset(out->stencil_zfail, 0, sizeof(out->stencil_zfail));
      memset(out->stencil_zpass, 0, sizeof(out->stencil_zpass));
      out->cull_face = 0;
      out->front_face = 0;
      out->polygon_offset_enable = 0;
      out->primitive_restart = 0; /* the draw's flag decides restart, never the CSO */
      /* Dynamic too, so that every pipeline has fragment output state: lavapipe loses the
       * dynamic blend state across the bind of one without (xfb_resume saw it). */
      out->rasterizer_discard = 0;
   }
   if (scr->has_dyn_blend) {
      memset(out->blend, 0, sizeof(out->blend));
      out->independent_blend = 0;
   }
}

VkFrontFace
vkb_front_face(const struct mgp_render_state *rs)
{
   /* A positive viewport keeps GL's rows, but Vulkan's area sign is GL's negated. GL_UPPER_LEFT
    * negates y_c (spv_patch.c), which negates the window area, and GL negates the area it
    * tests then too (GL 4.6 §14.6.1, eq. 14.8): the Vulkan face flips back. */
   const bool cw =
      (rs->front_face == MGP_FRONT_FACE_CW) != ((rs->clip_control & MGP_CLIP_UPPER_LEFT) != 0);
   return cw ? VK_FRONT_FACE_COUNTER_CLOCKWISE : VK_FRONT_FACE_CLOCKWISE;
}

static bool
tri_class(VkPrimitiveTopology t)
{
   switch (t) {
   case VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY: return false;
   default: return true;
   }
}

static bool
is_dual_source(VkBlendFactor f)
{
   return f >= VK_BLEND_FACTOR_SRC1_COLOR && f <= VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
}

/* The Vulkan values of rs's dynamic part for a pipeline of key, as vkb_pipeline.c's build
 * would have baked them. False (declined by name) for what no pipeline could have either. */
static bool
compute(const struct vkb_screen *scr, const struct mgp_render_state *rs,
        const struct vkb_pipeline_key *key, bool restart, struct vkb_rs_dynamic *d)
{
   memset(d, 0, sizeof(*d));
   if (scr->has_dyn_rs) {
      switch (rs->cull_face) {
      case MGP_CULL_MODE_NONE: d->cull_mode = VK_CULL_MODE_NONE; break;
      case MGP_CULL_MODE_FRONT: d->cull_mode = VK_CULL_MODE_FRONT_BIT; break;
      case MGP_CULL_MODE_BACK: d->cull_mode = VK_CULL_MODE_BACK_BIT; break;
      case MGP_CULL_MODE_FRONT_AND_BACK: d->cull_mode = VK_CULL_MODE_FRONT_AND_BACK; break;
      default: MGU_DECLINE(backend_draw_incomplete, "cull face 0x%x", rs->cull_face); return false;
      }
      d->front_face = vkb_front_face(rs);
      /* GL tests only against buffers that exist. Write enable, compare op and stencil ops
       * keep GL's values while their test is off (Vulkan ignores them then), so that a toggle
       * records the enable alone. */
      if (key->depth != VK_FORMAT_UNDEFINED) {
         VkCompareOp op = VK_COMPARE_OP_ALWAYS;
         if (!vkb_enum_compare_op(rs->depth_func, &op) && rs->depth_test) {
            MGU_DECLINE(backend_draw_incomplete, "depth func 0x%x", rs->depth_func);
            return false;
         }
         d->depth_test = rs->depth_test != 0;
         d->depth_write = rs->depth_write != 0;
         d->depth_op = (uint8_t)op;
      }
      if (key->stencil != VK_FORMAT_UNDEFINED) {
         d->stencil_test = rs->stencil_test != 0;
         for (int f = 0; f < 2; f++) {
            VkStencilOp fail, pass, zfail;
            VkCompareOp op;
            if (!vkb_enum_compare_op(rs->stencil_func[f], &op) ||
                !vkb_enum_stencil_op(rs->stencil_fail[f], &fail) ||
                !vkb_enum_stencil_op(rs->stencil_zfail[f], &zfail) ||
                !vkb_enum_stencil_op(rs->stencil_zpass[f], &pass)) {
               if (rs->stencil_test) {
                  MGU_DECLINE(backend_draw_incomplete, "stencil func/op");
                  return false;
               }
               fail = pass = zfail = VK_STENCIL_OP_KEEP;
               op = VK_COMPARE_OP_ALWAYS;
            }
            d->stencil_ops[f][0] = (uint8_t)fail;
            d->stencil_ops[f][1] = (uint8_t)pass;
            d->stencil_ops[f][2] = (uint8_t)zfail;
            d->stencil_ops[f][3] = (uint8_t)op;
         }
      }
      /* GL's depth offset applies to polygons only; its enable depends on the polygon mode. */
      const unsigned bias_bit = rs->polygon_mode == MGP_POLYGON_MODE_LINE    ? 2
                                : rs->polygon_mode == MGP_POLYGON_MODE_POINT ? 4
                                                                             : 1;
      d->bias_enable = tri_class((VkPrimitiveTopology)key->topology) &&
                       (rs->polygon_offset_enable & bias_bit) != 0;
      d->restart = restart;
      d->discard = rs->rasterizer_discard != 0;
   }
   if (scr->has_dyn_blend) {
      d->color_count = key->color_count;
      for (uint32_t i = 0; i < key->color_count; i++) {
         const struct mgp_blend_target *bt = &rs->blend[rs->independent_blend ? i : 0];
         d->write_mask[i] = bt->color_mask & 0xf;
         if (!(key->color_has_alpha & (1u << i)))
            d->write_mask[i] &= ~VK_COLOR_COMPONENT_A_BIT;
         /* an advanced equation (MGP_CAP_BLEND_SHADER) is the fragment stage's (vkb_pipeline.c
          * refuses one whose program does not blend) */
         const bool enable =
            bt->enable && (key->color_blendable & (1u << i)) && bt->eq_rgb < MGP_BLEND_OP_MULTIPLY;
         VkColorBlendEquationEXT *e = &d->equation[i];
         bool ok = vkb_enum_blend_factor(bt->src_rgb, &e->srcColorBlendFactor) &&
                   vkb_enum_blend_factor(bt->dst_rgb, &e->dstColorBlendFactor) &&
                   vkb_enum_blend_factor(bt->src_alpha, &e->srcAlphaBlendFactor) &&
                   vkb_enum_blend_factor(bt->dst_alpha, &e->dstAlphaBlendFactor) &&
                   vkb_enum_blend_op(bt->eq_rgb, &e->colorBlendOp) &&
                   vkb_enum_blend_op(bt->eq_alpha, &e->alphaBlendOp);
         const bool dual =
            ok &&
            (is_dual_source(e->srcColorBlendFactor) || is_dual_source(e->dstColorBlendFactor) ||
             is_dual_source(e->srcAlphaBlendFactor) || is_dual_source(e->dstAlphaBlendFactor));
         if (enable && !ok) {
            MGU_DECLINE(backend_feature_unimplemented,
                        "blend factor or equation (advanced blending not implemented)");
            return false;
         }
         if (enable && dual && !scr->features.dualSrcBlend) {
            MGU_DECLINE(backend_feature_unimplemented, "dual-source blending needs dualSrcBlend");
            return false;
         }
         /* Disabled blending keeps GL's factors where Vulkan can hold them, so that a toggle
          * records the enable alone. */
         if (!ok || (dual && !scr->features.dualSrcBlend))
            *e = (VkColorBlendEquationEXT){VK_BLEND_FACTOR_ONE,  VK_BLEND_FACTOR_ZERO,
                                           VK_BLEND_OP_ADD,      VK_BLEND_FACTOR_ONE,
                                           VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD};
         d->blend_enable[i] = enable;
         if (i > 0 && !scr->features.independentBlend &&
             (d->blend_enable[i] != d->blend_enable[0] || d->write_mask[i] != d->write_mask[0] ||
              (enable && memcmp(e, &d->equation[0], sizeof(*e))))) {
            MGU_DECLINE(backend_feature_unimplemented,
                        "per-draw-buffer blend / mask needs independentBlend");
            return false;
         }
      }
   }
   return true;
}

/* Whether memo was computed for what compute reads of key and restart (the screen's part
 * never changes). */
static inline bool
memo_matches(const struct vkb_rs_memo *m, const struct vkb_pipeline_key *key, bool restart)
{
   return m->valid && m->restart == restart && m->depth == key->depth &&
          m->stencil == key->stencil && m->topology == key->topology &&
          m->color_count == key->color_count && m->color_has_alpha == key->color_has_alpha &&
          m->color_blendable == key->color_blendable;
}

/* The commands of a render state's dynamic part, one bit each, in the order recorded;
 * RS_DIFFER: the two values differ somewhere (the queued draws are recorded first). */
enum {
   RS_CULL = 1u << 0,
   RS_FRONT = 1u << 1,
   RS_DEPTH_TEST = 1u << 2,
   RS_DEPTH_WRITE = 1u << 3,
   RS_DEPTH_OP = 1u << 4,
   RS_STENCIL_TEST = 1u << 5,
   RS_STENCIL_FRONT = 1u << 6,
   RS_STENCIL_BACK = 1u << 7,
   RS_BIAS = 1u << 8,
   RS_RESTART = 1u << 9,
   RS_DISCARD = 1u << 10,
   RS_BLEND_ENABLE = 1u << 11,
   RS_BLEND_EQUATION = 1u << 12,
   RS_WRITE_MASK = 1u << 13,
   RS_DIFFER = 1u << 31,
};
_Static_assert(RS_WRITE_MASK == 1u << 13, "rs_record's cases are the bits' numbers");

/* The commands that take a command buffer holding r (all: holding nothing yet) to dp. */
static uint32_t
rs_diff(const struct vkb_screen *scr, const struct vkb_rs_dynamic *dp,
        const struct vkb_rs_dynamic *r, bool all)
{
   uint32_t m = all || memcmp(dp, r, sizeof(*r)) ? RS_DIFFER : 0;
   if (!m)
      return 0;
   if (scr->has_dyn_rs) {
      m |= all || dp->cull_mode != r->cull_mode ? RS_CULL : 0;
      m |= all || dp->front_face != r->front_face ? RS_FRONT : 0;
      m |= all || dp->depth_test != r->depth_test ? RS_DEPTH_TEST : 0;
      m |= all || dp->depth_write != r->depth_write ? RS_DEPTH_WRITE : 0;
      m |= all || dp->depth_op != r->depth_op ? RS_DEPTH_OP : 0;
      m |= all || dp->stencil_test != r->stencil_test ? RS_STENCIL_TEST : 0;
      m |= all || memcmp(dp->stencil_ops[0], r->stencil_ops[0], 4) ? RS_STENCIL_FRONT : 0;
      m |= all || memcmp(dp->stencil_ops[1], r->stencil_ops[1], 4) ? RS_STENCIL_BACK : 0;
      m |= all || dp->bias_enable != r->bias_enable ? RS_BIAS : 0;
      m |= all || dp->restart != r->restart ? RS_RESTART : 0;
      m |= all || dp->discard != r->discard ? RS_DISCARD : 0;
   }
   if (scr->has_dyn_blend && dp->color_count) {
      const bool count = all || dp->color_count != r->color_count;
      const size_t c = dp->color_count;
      if (count || memcmp(dp->blend_enable, r->blend_enable, c * sizeof(dp->blend_enable[0])))
         m |= RS_BLEND_ENABLE;
      if (count || memcmp(dp->equation, r->equation, c * sizeof(dp->equation[0])))
         m |= RS_BLEND_EQUATION;
      if (count || memcmp(dp->write_mask, r->write_mask, c * sizeof(dp->write_mask[0])))
         m |= RS_WRITE_MASK;
   }
   return m;
}

/* Records the commands m names with dp's values, after the queued draws (which ran under
 * what cmd had). */
static bool
rs_record(struct vkb_screen *scr, VkCommandBuffer cmd, const struct vkb_rs_dynamic *dp, uint32_t m)
{
   if (!(m & RS_DIFFER))
      return true;
   vkb_flush_draws(scr);
   unsigned n = 0;
   /* the named commands alone, in bit order (the order recorded): a toggle's one command
    * without a test for each of the others */
   for (uint32_t left = m & ~(uint32_t)RS_DIFFER; left; left &= left - 1) {
      switch (__builtin_ctz(left)) {
      case 0: /* RS_CULL */ vkCmdSetCullMode(cmd, dp->cull_mode), n++; break;
      case 1: /* RS_FRONT */ vkCmdSetFrontFace(cmd, (VkFrontFace)dp->front_face), n++; break;
      case 2: /* RS_DEPTH_TEST */ vkCmdSetDepthTestEnable(cmd, dp->depth_test), n++; break;
      case 3: /* RS_DEPTH_WRITE */ vkCmdSetDepthWriteEnable(cmd, dp->depth_write), n++; break;
      case 4: /* RS_DEPTH_OP */ vkCmdSetDepthCompareOp(cmd, (VkCompareOp)dp->depth_op), n++; break;
      case 5: /* RS_STENCIL_TEST */ vkCmdSetStencilTestEnable(cmd, dp->stencil_test), n++; break;
      case 6: /* RS_STENCIL_FRONT, RS_STENCIL_BACK: both faces here */
      case 7: {
         const bool front = m & RS_STENCIL_FRONT, back = m & RS_STENCIL_BACK;
         /* both faces the same (GL's glStencilFunc, glStencilOp): one command */
         const bool both = front && back && !memcmp(dp->stencil_ops[0], dp->stencil_ops[1], 4);
         for (int f = 0; f < 2; f++) {
            const uint8_t *o = dp->stencil_ops[f];
            if (!(f ? back : front) || (both && f))
               continue;
            vkCmdSetStencilOp(cmd,
                              both ? VK_STENCIL_FACE_FRONT_AND_BACK
                              : f  ? VK_STENCIL_FACE_BACK_BIT
                                   : VK_STENCIL_FACE_FRONT_BIT,
                              (VkStencilOp)o[0], (VkStencilOp)o[1], (VkStencilOp)o[2],
                              (VkCompareOp)o[3]);
            n++;
         }
         left &= ~(uint32_t)RS_STENCIL_BACK; /* done with front's */
         break;
      }
      case 8: /* RS_BIAS */ vkCmdSetDepthBiasEnable(cmd, dp->bias_enable), n++; break;
      case 9: /* RS_RESTART */ vkCmdSetPrimitiveRestartEnable(cmd, dp->restart), n++; break;
      case 10: /* RS_DISCARD */ vkCmdSetRasterizerDiscardEnable(cmd, dp->discard), n++; break;
      case 11: /* RS_BLEND_ENABLE */
         scr->set_blend_enable(cmd, 0, dp->color_count, dp->blend_enable), n++;
         break;
      case 12: /* RS_BLEND_EQUATION */
         scr->set_blend_equation(cmd, 0, dp->color_count, dp->equation), n++;
         break;
      case 13: /* RS_WRITE_MASK */
         scr->set_write_mask(cmd, 0, dp->color_count, dp->write_mask), n++;
         break;
      }
   }
   scr->stats.cmd_set_state += n;
   return true; /* so that its callers may end with it */
}

/* Records dp (of memo stamp `stamp`, 0: none) where the command buffer holds other values:
 * the slot recorded last, the one before (its commands found once), or the difference. */
static __attribute__((noinline)) bool
rs_record_values(struct vkb_context *ctx, VkCommandBuffer cmd, const struct vkb_rs_dynamic *dp,
                 uint64_t stamp)
{
   struct vkb_screen *scr = ctx->scr;
   const unsigned i = ctx->rec_i, o = i ^ 1u;
   if (ctx->rs_recorded && stamp && stamp == ctx->rec_stamp[i])
      return true; /* the values recorded last */
   if (ctx->rs_recorded && stamp && stamp == ctx->rec_stamp[o]) {
      /* back to the values recorded before (GL's enable/draw/disable/draw toggles): the
       * commands between the two slots were found once */
      if (!(ctx->rec_to_ok & (1u << o))) {
         ctx->rec_to[o] = rs_diff(scr, &ctx->rec_rs[o], &ctx->rec_rs[i], false);
         ctx->rec_to_ok |= (uint8_t)(1u << o);
      }
      rs_record(scr, cmd, &ctx->rec_rs[o], ctx->rec_to[o]);
      ctx->rec_i = (uint8_t)o;
      return true;
   }
   const bool all = !ctx->rs_recorded;
   const uint32_t m = rs_diff(scr, dp, &ctx->rec_rs[i], all);
   if (!m) {
      ctx->rec_stamp[i] = stamp; /* the same values */
      return true;
   }
   rs_record(scr, cmd, dp, m);
   memcpy(&ctx->rec_rs[o], dp, sizeof(*dp)); /* padding too: compared whole */
   ctx->rec_stamp[o] = stamp;
   ctx->rec_to[o] = m;
   ctx->rec_to_ok = all ? 0 : (uint8_t)(1u << o);
   ctx->rec_i = (uint8_t)o;
   ctx->rs_recorded = true;
   return true;
}

/* vkb_render_state_record where rs has no memo for key and restart (or there is no rs): the
 * values computed, kept in rs's memo, then recorded. Out of line, so that the memo's hit sets
 * up no frame for the values it does not compute. */
static __attribute__((noinline)) bool
rs_compute_record(struct vkb_context *ctx, VkCommandBuffer cmd, struct vkb_render_state *rs,
                  const struct vkb_pipeline_key *key, bool restart)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_rs_dynamic computed;
   if (!compute(scr, rs ? &rs->s : &vkb_default_render_state, key, restart, &computed))
      return false;
   if (!rs)
      return rs_record_values(ctx, cmd, &computed, 0);
   rs->memo = (struct vkb_rs_memo){
      .valid = true,
      .restart = restart,
      .topology = key->topology,
      .color_has_alpha = key->color_has_alpha,
      .color_blendable = key->color_blendable,
      .color_count = key->color_count,
      .depth = key->depth,
      .stencil = key->stencil,
      .stamp = ++scr->rs_memo_stamps,
   };
   memcpy(&rs->memo.d, &computed, sizeof(computed)); /* padding too: compared whole */
   return rs_record_values(ctx, cmd, &rs->memo.d, rs->memo.stamp);
}

bool
vkb_render_state_record(struct vkb_context *ctx, VkCommandBuffer cmd, struct vkb_render_state *rs,
                        const struct vkb_pipeline_key *key, bool restart)
{
   struct vkb_screen *scr = ctx->scr;
   if (!scr->has_dyn_rs && !scr->has_dyn_blend)
      return true;
   if (!rs || !memo_matches(&rs->memo, key, restart))
      return rs_compute_record(ctx, cmd, rs, key, restart);
   /* a memo's stamp (never 0): equal stamps, equal values. The toggle's two ways inline: the
    * values recorded last, and back to the slot before with its commands found. */
   const uint64_t stamp = rs->memo.stamp;
   const unsigned i = ctx->rec_i, o = i ^ 1u;
   if (ctx->rs_recorded && stamp == ctx->rec_stamp[i])
      return true;
   if (ctx->rs_recorded && stamp == ctx->rec_stamp[o] && (ctx->rec_to_ok & (1u << o))) {
      ctx->rec_i = (uint8_t)o;
      return rs_record(scr, cmd, &ctx->rec_rs[o], ctx->rec_to[o]);
   }
   return rs_record_values(ctx, cmd, &rs->memo.d, stamp);
}
