/* fe_state.c — fixed-function state: enables, depth, blend, cull, stencil, scissor, viewport,
 * colour masks, clear values, pixel store, hints.
 *
 * Render state lives in two blocks (docs/PIPE.md#state): ctx->rs is exactly the pipeline subset
 * (struct mgp_render_state) and ctx->ds the dynamic subset (struct mgp_dynamic_state). Every
 * setter writes through rs_*() / ds_*(), which bump the block's version only when a byte
 * changes: the pipeline version changes exactly when the pipeline subset's hash does. GL state
 * that feeds a derived field (cull enable + cull mode) is kept beside and re-derived. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fe_compat_vertex.h"
#include "fe_enum.h"
#include "fe_es_ext.h"
#include "fe_ff.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"

/* ---- versioned writes ---------------------------------------------------------------------- */

#define FE_RS_DELTA_BLEND 0u /* ctx->rs_delta.size: every draw buffer's blend enable */

/* A change of one field of ctx->rs (size bytes at f, FE_RS_DELTA_BLEND: every blend enable)
 * from `from` to `to`: the render-state move, noted as ctx->rs_delta (emit_render_state's way
 * back to the state it sent before). */
static inline void
rs_changed(struct fe_context *ctx, const void *f, uint32_t size, uint32_t from, uint32_t to)
{
   fe_draw_bump_render(ctx);
   const size_t off = (size_t)((const uint8_t *)f - (const uint8_t *)&ctx->rs);
   /* only a field of ctx->rs: a delta names the state that differs from the one sent */
   if (off < sizeof(ctx->rs))
      ctx->rs_delta = (struct fe_rs_delta){ctx->rs_version, (uint32_t)off, size, from, to};
}

static void
rs_u8(struct fe_context *ctx, uint8_t *f, unsigned v)
{
   if (*f != (uint8_t)v) {
      const uint8_t from = *f;
      *f = (uint8_t)v;
      rs_changed(ctx, f, 1, from, (uint8_t)v);
   }
}

static void
rs_u16(struct fe_context *ctx, uint16_t *f, unsigned v)
{
   if (*f != (uint16_t)v) {
      const uint16_t from = *f;
      *f = (uint16_t)v;
      rs_changed(ctx, f, 2, from, (uint16_t)v);
   }
}

static void
rs_u32(struct fe_context *ctx, uint32_t *f, uint32_t v)
{
   if (*f != v) {
      const uint32_t from = *f;
      *f = v;
      rs_changed(ctx, f, 4, from, v);
   }
}

/* Field f of ctx->ds changed: its word is marked for emit_dynamic_state (fe_tracker.c), which
 * sends the marked words where every move of ds_version since it last ran was one of these. */
static inline void
ds_changed(struct fe_context *ctx, const void *f)
{
   const size_t word = (size_t)((const uint8_t *)f - (const uint8_t *)&ctx->ds) / 4;
   ctx->ds_dirty |= word < 64 ? 1ull << word : ~0ull;
   fe_draw_bump_dynamic(ctx);
}

static inline void
ds_u8(struct fe_context *ctx, uint8_t *f, unsigned v)
{
   if (*f != (uint8_t)v) {
      *f = (uint8_t)v;
      ds_changed(ctx, f);
   }
}

static inline void
ds_u32(struct fe_context *ctx, uint32_t *f, uint32_t v)
{
   if (*f != v) {
      *f = v;
      ds_changed(ctx, f);
   }
}

static inline void
ds_i32(struct fe_context *ctx, int32_t *f, int32_t v)
{
   if (*f != v) {
      *f = v;
      ds_changed(ctx, f);
   }
}

static inline void
ds_f32(struct fe_context *ctx, float *f, float v)
{
   if (memcmp(f, &v, sizeof(v))) {
      *f = v;
      ds_changed(ctx, f);
   }
}

/* n words of ctx->ds from f on (a viewport's or scissor's box): those that changed marked
 * together, the draw serial moved once for them all. Without a branch a word: each compare
 * is a bit, the words stored whether they changed or not. */
static inline __attribute__((always_inline)) void
ds_words(struct fe_context *ctx, void *f, const void *v, unsigned n)
{
   const size_t word = (size_t)((const uint8_t *)f - (const uint8_t *)&ctx->ds) / 4;
   uint64_t dirty = 0;
#pragma GCC unroll 4
   for (unsigned k = 0; k < n; k++) {
      /* floats and ints alike as their bits (memcpy: no type punning) */
      uint32_t d, w;
      memcpy(&d, (const uint8_t *)f + 4 * k, 4);
      memcpy(&w, (const uint8_t *)v + 4 * k, 4);
      dirty |= (uint64_t)(d != w) << k;
   }
   memcpy(f, v, 4 * (size_t)n);
   if (dirty) {
      /* ds is under 64 words (fe_tracker.c asserts it): every word has its bit */
      ctx->ds_dirty |= word + n <= 64 ? dirty << word : ~0ull;
      fe_draw_bump_dynamic(ctx);
   }
}

/* A viewport past index 0 changed: the next draw whose program writes gl_ViewportIndex sends
 * them (fe_tracker.c), reached through the dynamic state's version. */
static void
viewports_changed(struct fe_context *ctx)
{
   ctx->viewports_version++;
   fe_draw_bump_dynamic(ctx);
}

/* The viewports first .. first + count - 1 exist (GL 4.1 13.6.1: a negative count, or first +
 * count past GL_MAX_VIEWPORTS, is GL_INVALID_VALUE; an empty range at the end is none). */
static bool
viewport_range_ok(GLuint first, GLsizei count)
{
   return count >= 0 && first <= FE_MAX_VIEWPORTS && (GLuint)count <= FE_MAX_VIEWPORTS - first;
}

void
fe_viewports_settle(struct fe_context *ctx)
{
   if (ctx->viewports_rest_unwritten) {
      for (unsigned i = 0; i < FE_MAX_VIEWPORTS - 1; i++)
         memcpy(ctx->viewports[i].viewport, ctx->viewports_rest, sizeof(ctx->viewports_rest));
      ctx->viewports_rest_unwritten = false;
   }
   if (ctx->scissors_rest_unwritten) {
      for (unsigned i = 0; i < FE_MAX_VIEWPORTS - 1; i++)
         memcpy(ctx->viewports[i].scissor, ctx->scissors_rest, sizeof(ctx->scissors_rest));
      ctx->scissors_rest_unwritten = false;
   }
}

void
fe_scissor_enable_at(struct fe_context *ctx, GLuint i, bool on)
{
   if (i == 0) {
      ctx->scissor_test = on;
      ds_u8(ctx, &ctx->ds.scissor_enable, on);
   } else if (ctx->viewports[i - 1].scissor_enable != on) {
      ctx->viewports[i - 1].scissor_enable = on;
      viewports_changed(ctx);
   }
}

bool
fe_scissor_enabled_at(const struct fe_context *ctx, GLuint i)
{
   return i == 0 ? ctx->scissor_test : ctx->viewports[i - 1].scissor_enable != 0;
}

/* Blend targets that differ from target 0 need independent blending. */
static void
update_independent_blend(struct fe_context *ctx)
{
   unsigned indep = 0;
   for (int i = 1; i < FE_MAX_DRAW_BUFFERS; i++)
      if (memcmp(&ctx->rs.blend[i], &ctx->rs.blend[0], sizeof(ctx->rs.blend[0])))
         indep = 1;
   rs_u8(ctx, &ctx->rs.independent_blend, indep);
}

static void
update_cull(struct fe_context *ctx)
{
   rs_u16(ctx, &ctx->rs.cull_face,
          ctx->cull_enabled ? fe_mgp_cull_mode(ctx->cull_mode) : MGP_CULL_MODE_NONE);
}

void
fe_state_init(struct fe_context *ctx)
{
   struct mgp_render_state *rs = &ctx->rs;
   memset(rs, 0, sizeof(*rs));
   for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++) {
      rs->blend[i].color_mask = 0xf;
      rs->blend[i].eq_rgb = rs->blend[i].eq_alpha = MGP_BLEND_OP_ADD;
      rs->blend[i].src_rgb = rs->blend[i].src_alpha = MGP_BLEND_FACTOR_ONE;
      rs->blend[i].dst_rgb = rs->blend[i].dst_alpha = MGP_BLEND_FACTOR_ZERO;
   }
   rs->logic_op = MGP_LOGIC_OP_COPY;
   rs->depth_write = 1;
   rs->depth_func = MGP_COMPARE_FUNC_LESS;
   rs->front_face = MGP_FRONT_FACE_CCW;
   rs->polygon_mode = MGP_POLYGON_MODE_FILL;
   for (int f = 0; f < 2; f++) {
      rs->stencil_func[f] = MGP_COMPARE_FUNC_ALWAYS;
      rs->stencil_fail[f] = rs->stencil_zfail[f] = rs->stencil_zpass[f] = MGP_STENCIL_OP_KEEP;
   }
   rs->provoking_vertex_last = 1;
   rs->multisample = 1;
   rs->sample_mask = ~0u;
   ctx->rs_version = 1;

   struct mgp_dynamic_state *ds = &ctx->ds;
   memset(ds, 0, sizeof(*ds));
   ds->depth_range[1] = 1.0f;
   for (int f = 0; f < 2; f++)
      ds->stencil_read_mask[f] = ds->stencil_write_mask[f] = ~0u;
   ds->line_width = 1.0f;
   ds->line_stipple_factor = 1; /* GL 2.1 table 6.13 */
   ds->line_stipple_pattern = 0xffff;
   ds->point_size = 1.0f;
   ds->sample_coverage_value = 1.0f;
   ctx->ds_version = 1;
   memset(ctx->viewports, 0, sizeof(ctx->viewports));
   for (unsigned i = 0; i < FE_MAX_VIEWPORTS - 1; i++)
      ctx->viewports[i].depth_range[1] = 1.0f;
   ctx->viewports_rest_same = ctx->scissors_rest_same = false;
   ctx->viewports_rest_unwritten = ctx->scissors_rest_unwritten = false;
   ctx->viewports_version = 1;

   ctx->cull_mode = GL_BACK;
   ctx->polygon_mode = ctx->polygon_mode_back = GL_FILL;
   ctx->clear_depth = 1.0;
   for (size_t i = 0; i < sizeof(ctx->hints) / sizeof(ctx->hints[0]); i++)
      ctx->hints[i] = GL_DONT_CARE;
   ctx->pack = ctx->unpack = (struct fe_pixel_store){.alignment = 4};
   ctx->pack_version = 1;
   ctx->patch_vertices = 3;
   for (int i = 0; i < 4; i++)
      ctx->patch_outer[i] = 1.0f;
   ctx->patch_inner[0] = ctx->patch_inner[1] = 1.0f;
   ctx->patch_version = 1;
   ctx->default_draw_buffer = GL_BACK;
   ctx->default_read_buffer = GL_BACK;
   ctx->default_fb_version = 1;
   for (int i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++)
      ctx->attrib_value[i][3] = fe_f2u(1.0f);
   ctx->unit_version = 1;
   ctx->ubo_version = 1;
   ctx->misc_dither = true;
   ctx->sample_mask_value = ~0u;
   ctx->clamp_read_color = GL_FIXED_ONLY;
   ctx->clamp_vertex_color = GL_TRUE;
   ctx->clamp_fragment_color = GL_FIXED_ONLY;
   ctx->point_fade_threshold = 1.0f;
   ctx->point_sprite_origin = GL_UPPER_LEFT;
   static const GLfloat box[8] = {-1.0f, -1.0f, -1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};
   memcpy(ctx->bounding_box, box, sizeof(box)); /* ES 3.2 table 21.6 */
   fe_draw_touch(ctx);
}

/* ES 3.2 11.1.3.11: the bounding box a tessellation control shader may write (gl_BoundingBox)
 * and the draw is otherwise said to stay within; an implementation may ignore it, and mgl does.
 * ES 3.2 has the command, ES 3.1 with EXT/OES_primitive_bounding_box (glPrimitiveBoundingBoxEXT
 * forwards here); desktop GL has it with ARB_ES3_2_compatibility, not offered. */
void
mgl_glPrimitiveBoundingBox(GLfloat minX, GLfloat minY, GLfloat minZ, GLfloat minW, GLfloat maxX,
                           GLfloat maxY, GLfloat maxZ, GLfloat maxW)
{
   FE_CTX_OR_RETURN();
   if (!fe_es31(ctx) && !fe_es32_compat_offered(ctx)) {
      MGU_DECLINE(gl_entry_unimplemented, "glPrimitiveBoundingBox outside an OpenGL ES 3.1 or "
                                          "3.2 context or GL_ARB_ES3_2_compatibility");
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   const GLfloat box[8] = {minX, minY, minZ, minW, maxX, maxY, maxZ, maxW};
   memcpy(ctx->bounding_box, box, sizeof(box));
}

/* ---- enables ------------------------------------------------------------------------------- */

/* Whether the context's API has the capability: OpenGL ES 2.0/3.0 (Table 6.x "Enable") have a
 * subset of desktop's, plus GL_PRIMITIVE_RESTART_FIXED_INDEX (ES 3.0), which GL 3.3 lacks. */
static inline __attribute__((always_inline)) bool
cap_in_api(const struct fe_context *ctx, GLenum cap)
{
   /* GL 3.2's and ES's EXT_depth_clamp, where the backend clamps (MGP_CAP_DEPTH_CLAMP) */
   if (cap == GL_DEPTH_CLAMP && !(ctx->share->caps->cap_bits & MGP_CAP_DEPTH_CLAMP))
      return false;
   /* GL 4.0's ARB_sample_shading, where the backend shades per sample */
   if (cap == GL_SAMPLE_SHADING && !fe_sample_shading_offered(ctx))
      return false;
   if (ctx->desc.api != FE_API_GLES)
      return true; /* GL_PRIMITIVE_RESTART_FIXED_INDEX: GL 4.3 / ARB_ES3_compatibility */
   switch (cap) {
   case GL_BLEND:
   case GL_CULL_FACE:
   case GL_DEPTH_TEST:
   case GL_DITHER:
   case GL_POLYGON_OFFSET_FILL:
   case GL_SAMPLE_ALPHA_TO_COVERAGE:
   case GL_SAMPLE_COVERAGE:
   case GL_SCISSOR_TEST:
   case GL_STENCIL_TEST: return true;
   case GL_PRIMITIVE_RESTART_FIXED_INDEX:
   case GL_RASTERIZER_DISCARD: return ctx->desc.major >= 3;
   case GL_DEPTH_CLAMP: return true;         /* EXT_depth_clamp: the backend's, checked above */
   case GL_SAMPLE_MASK: return fe_es31(ctx); /* ES 3.1 (multisample textures) */
   case GL_SAMPLE_SHADING: return true;      /* OES_sample_shading: checked above */
   case GL_CLIP_DISTANCE0:
   case GL_CLIP_DISTANCE1:
   case GL_CLIP_DISTANCE2:
   case GL_CLIP_DISTANCE3:
   case GL_CLIP_DISTANCE4:
   case GL_CLIP_DISTANCE5:
   case GL_CLIP_DISTANCE6:
   case GL_CLIP_DISTANCE7: return fe_cull_distance_offered(ctx); /* EXT_clip_cull_distance */
   default: return false;
   }
}

static bool
set_enable(struct fe_context *ctx, GLenum cap, bool on)
{
   struct mgp_render_state *rs = &ctx->rs;
   /* fe_debug.c's two capabilities, asked here first so that the others make no call */
   if ((cap == GL_DEBUG_OUTPUT || cap == GL_DEBUG_OUTPUT_SYNCHRONOUS) &&
       fe_debug_set_enable(ctx, cap, on) >= 0)
      return true;
   if (ctx->ff && fe_ff_set_enable(ctx, cap, on) >= 0)
      return true;
   if (ctx->compat && fe_eval_set_enable(ctx, cap, on) >= 0)
      return true;
   if (!cap_in_api(ctx, cap))
      return false;
   switch (cap) {
   case GL_BLEND: {
      /* every target's enable, one render-state move for all (a glEnable between draws) */
      bool moved = false, all = true;
#pragma GCC unroll 8
      for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++) {
         moved |= rs->blend[i].enable != on;
         all &= rs->blend[i].enable != on;
         rs->blend[i].enable = on;
      }
      /* all of them: one change from !on to on (a delta); some: a move alone */
      if (all)
         rs_changed(ctx, &rs->blend[0].enable, FE_RS_DELTA_BLEND, !on, on);
      else if (moved)
         fe_draw_bump_render(ctx);
      /* targets all alike (independent_blend 0) stay alike with one enable for all */
      if (rs->independent_blend)
         update_independent_blend(ctx);
      return true;
   }
   case GL_COLOR_LOGIC_OP: rs_u8(ctx, &rs->logic_op_enable, on); return true;
   case GL_CULL_FACE:
      ctx->cull_enabled = on;
      update_cull(ctx);
      return true;
   case GL_DEPTH_CLAMP: rs_u8(ctx, &rs->depth_clamp, on); return true;
   case GL_DEPTH_TEST: rs_u8(ctx, &rs->depth_test, on); return true;
   case GL_STENCIL_TEST: rs_u8(ctx, &rs->stencil_test, on); return true;
   case GL_LINE_SMOOTH: rs_u8(ctx, &rs->line_smooth, on); return true;
   case GL_MULTISAMPLE: rs_u8(ctx, &rs->multisample, on); return true;
   case GL_POLYGON_OFFSET_FILL:
      rs_u8(ctx, &rs->polygon_offset_enable, (rs->polygon_offset_enable & ~1u) | (on ? 1u : 0u));
      return true;
   case GL_POLYGON_OFFSET_LINE:
      rs_u8(ctx, &rs->polygon_offset_enable, (rs->polygon_offset_enable & ~2u) | (on ? 2u : 0u));
      return true;
   case GL_POLYGON_OFFSET_POINT:
      rs_u8(ctx, &rs->polygon_offset_enable, (rs->polygon_offset_enable & ~4u) | (on ? 4u : 0u));
      return true;
   case GL_PRIMITIVE_RESTART:
      ctx->restart_gl = on;
      rs_u8(ctx, &rs->primitive_restart, on || ctx->restart_fixed);
      return true;
   case GL_PRIMITIVE_RESTART_FIXED_INDEX:
      /* ES 3.0's one restart switch; desktop's second (ARB_ES3_compatibility) */
      ctx->restart_fixed = on;
      rs_u8(ctx, &rs->primitive_restart, on || ctx->restart_gl);
      return true;
   case GL_RASTERIZER_DISCARD: rs_u8(ctx, &rs->rasterizer_discard, on); return true;
   case GL_SAMPLE_ALPHA_TO_COVERAGE: rs_u8(ctx, &rs->alpha_to_coverage, on); return true;
   case GL_SAMPLE_ALPHA_TO_ONE: rs_u8(ctx, &rs->alpha_to_one, on); return true;
   case GL_SAMPLE_SHADING: rs_u8(ctx, &rs->sample_shading, on); return true;
   case GL_SAMPLE_COVERAGE: ds_u8(ctx, &ctx->ds.sample_coverage_enable, on); return true;
   case GL_SCISSOR_TEST:
      for (GLuint i = 0; i < FE_MAX_VIEWPORTS; i++)
         fe_scissor_enable_at(ctx, i, on);
      return true;
   case GL_TEXTURE_CUBE_MAP_SEAMLESS:
      if (rs->seamless_cube != (uint8_t)on) {
         rs_u8(ctx, &rs->seamless_cube, on);
         /* it chooses every cube unit's sampler (fe_cube_non_seamless): the units resolve
          * again, as after a binding change of each (emit_samplers resolves a unit whose
          * stamp moved) */
         for (unsigned u = 0; u < FE_MAX_TEXTURE_UNITS; u++)
            fe_unit_changed(ctx, u);
      }
      return true;
   case GL_PROGRAM_POINT_SIZE: rs_u8(ctx, &rs->program_point_size, on); return true;
   case GL_CLIP_DISTANCE0:
   case GL_CLIP_DISTANCE1:
   case GL_CLIP_DISTANCE2:
   case GL_CLIP_DISTANCE3:
   case GL_CLIP_DISTANCE4:
   case GL_CLIP_DISTANCE5:
   case GL_CLIP_DISTANCE6:
   case GL_CLIP_DISTANCE7: {
      unsigned bit = 1u << (cap - GL_CLIP_DISTANCE0);
      rs_u8(ctx, &rs->clip_distance_mask,
            on ? rs->clip_distance_mask | bit : rs->clip_distance_mask & ~bit);
      return true;
   }
   case GL_DITHER: ctx->misc_dither = on; return true;
   case GL_POLYGON_SMOOTH: ctx->misc_polygon_smooth = on; return true;
   case GL_FRAMEBUFFER_SRGB:
      ctx->misc_framebuffer_srgb = on;
      fe_draw_touch(ctx);
      return true;
   case GL_SAMPLE_MASK:
      ctx->misc_sample_mask = on;
      rs_u32(ctx, &rs->sample_mask, on ? ctx->sample_mask_value : ~0u);
      return true;
   default: return ctx->compat && fe_compat_enable_array(ctx, cap, on);
   }
}

/* The capabilities toggled between draws, GL_DEPTH_TEST and GL_BLEND with its targets alike,
 * in a context without fixed-function or compatibility state (whose set_enable asks its own
 * first; both are in every API's list): set_enable's change without its call and switch.
 * False: set_enable's way. */
static inline __attribute__((always_inline)) bool
set_toggle(struct fe_context *ctx, GLenum cap, bool on)
{
   struct mgp_render_state *rs = &ctx->rs;
   if (ctx->ff || ctx->compat)
      return false;
   if (cap == GL_DEPTH_TEST) {
      rs_u8(ctx, &rs->depth_test, on);
      return true;
   }
   if (cap != GL_BLEND || rs->independent_blend)
      return false;
   /* targets alike (independent_blend 0): target 0's enable is each one's, the move all of
    * them or none */
   if (rs->blend[0].enable != on) {
#pragma GCC unroll 8
      for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
         rs->blend[i].enable = on;
      rs_changed(ctx, &rs->blend[0].enable, FE_RS_DELTA_BLEND, !on, on);
   }
   return true;
}

void
mgl_glEnable(GLenum cap)
{
   FE_CTX_OR_RETURN();
   if (set_toggle(ctx, cap, true))
      return;
   FE_CHECK(!set_enable(ctx, cap, true), GL_INVALID_ENUM);
}

void
mgl_glDisable(GLenum cap)
{
   FE_CTX_OR_RETURN();
   if (set_toggle(ctx, cap, false))
      return;
   FE_CHECK(!set_enable(ctx, cap, false), GL_INVALID_ENUM);
}

/* -1 for a cap glIsEnabled does not know. */
int
fe_state_is_enabled(const struct fe_context *ctx, GLenum cap)
{
   const struct mgp_render_state *rs = &ctx->rs;
   int dbg = fe_debug_set_enable((struct fe_context *)ctx, cap, -1);
   if (dbg >= 0)
      return dbg;
   int ff = ctx->ff ? fe_ff_set_enable((struct fe_context *)ctx, cap, -1) : -1;
   if (ff >= 0)
      return ff;
   const int ev = ctx->compat ? fe_eval_set_enable((struct fe_context *)ctx, cap, -1) : -1;
   if (ev >= 0)
      return ev;
   if (!cap_in_api(ctx, cap))
      return -1;
   switch (cap) {
   case GL_BLEND: return rs->blend[0].enable;
   case GL_PRIMITIVE_RESTART_FIXED_INDEX: return ctx->restart_fixed;
   case GL_COLOR_LOGIC_OP: return rs->logic_op_enable;
   case GL_CULL_FACE: return ctx->cull_enabled;
   case GL_DEPTH_CLAMP: return rs->depth_clamp;
   case GL_DEPTH_TEST: return rs->depth_test;
   case GL_STENCIL_TEST: return rs->stencil_test;
   case GL_LINE_SMOOTH: return rs->line_smooth;
   case GL_MULTISAMPLE: return rs->multisample;
   case GL_POLYGON_OFFSET_FILL: return (rs->polygon_offset_enable & 1) != 0;
   case GL_POLYGON_OFFSET_LINE: return (rs->polygon_offset_enable & 2) != 0;
   case GL_POLYGON_OFFSET_POINT: return (rs->polygon_offset_enable & 4) != 0;
   case GL_PRIMITIVE_RESTART: return ctx->restart_gl;
   case GL_RASTERIZER_DISCARD: return rs->rasterizer_discard;
   case GL_SAMPLE_ALPHA_TO_COVERAGE: return rs->alpha_to_coverage;
   case GL_SAMPLE_ALPHA_TO_ONE: return rs->alpha_to_one;
   case GL_SAMPLE_SHADING: return rs->sample_shading;
   case GL_SAMPLE_COVERAGE: return ctx->ds.sample_coverage_enable;
   case GL_SCISSOR_TEST: return ctx->scissor_test;
   case GL_TEXTURE_CUBE_MAP_SEAMLESS: return rs->seamless_cube;
   case GL_PROGRAM_POINT_SIZE: return rs->program_point_size;
   case GL_CLIP_DISTANCE0:
   case GL_CLIP_DISTANCE1:
   case GL_CLIP_DISTANCE2:
   case GL_CLIP_DISTANCE3:
   case GL_CLIP_DISTANCE4:
   case GL_CLIP_DISTANCE5:
   case GL_CLIP_DISTANCE6:
   case GL_CLIP_DISTANCE7: return (rs->clip_distance_mask >> (cap - GL_CLIP_DISTANCE0)) & 1;
   case GL_DITHER: return ctx->misc_dither;
   case GL_POLYGON_SMOOTH: return ctx->misc_polygon_smooth;
   case GL_FRAMEBUFFER_SRGB: return ctx->misc_framebuffer_srgb;
   case GL_SAMPLE_MASK: return ctx->misc_sample_mask;
   default: return ctx->compat ? fe_compat_is_enabled((struct fe_context *)ctx, cap) : -1;
   }
}

GLboolean
mgl_glIsEnabled(GLenum cap)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   int v = fe_state_is_enabled(ctx, cap);
   FE_CHECK(v < 0, GL_INVALID_ENUM, GL_FALSE);
   return v ? GL_TRUE : GL_FALSE;
}

/* GL 4.1 (ARB_viewport_array): GL_SCISSOR_TEST per viewport, in desktop contexts */
static bool
scissor_indexed(const struct fe_context *ctx, GLenum target)
{
   /* ES: OES_viewport_array's glEnableiOES (SCISSOR_TEST) where the context lists it */
   return target == GL_SCISSOR_TEST &&
          (ctx->desc.api != FE_API_GLES ||
           fe_es_ext_on((struct fe_context *)ctx, FE_ES_EXT_VIEWPORT_ARRAY));
}

void
mgl_glEnablei(GLenum target, GLuint index)
{
   FE_CTX_OR_RETURN();
   if (scissor_indexed(ctx, target)) {
      FE_CHECK(index >= FE_MAX_VIEWPORTS, GL_INVALID_VALUE);
      fe_scissor_enable_at(ctx, index, true);
      return;
   }
   FE_CHECK(target != GL_BLEND, GL_INVALID_ENUM);
   FE_CHECK(index >= FE_MAX_DRAW_BUFFERS, GL_INVALID_VALUE);
   rs_u8(ctx, &ctx->rs.blend[index].enable, 1);
   update_independent_blend(ctx);
}

void
mgl_glDisablei(GLenum target, GLuint index)
{
   FE_CTX_OR_RETURN();
   if (scissor_indexed(ctx, target)) {
      FE_CHECK(index >= FE_MAX_VIEWPORTS, GL_INVALID_VALUE);
      fe_scissor_enable_at(ctx, index, false);
      return;
   }
   FE_CHECK(target != GL_BLEND, GL_INVALID_ENUM);
   FE_CHECK(index >= FE_MAX_DRAW_BUFFERS, GL_INVALID_VALUE);
   rs_u8(ctx, &ctx->rs.blend[index].enable, 0);
   update_independent_blend(ctx);
}

GLboolean
mgl_glIsEnabledi(GLenum target, GLuint index)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   if (scissor_indexed(ctx, target)) {
      FE_CHECK(index >= FE_MAX_VIEWPORTS, GL_INVALID_VALUE, GL_FALSE);
      return fe_scissor_enabled_at(ctx, index) ? GL_TRUE : GL_FALSE;
   }
   FE_CHECK(target != GL_BLEND, GL_INVALID_ENUM, GL_FALSE);
   FE_CHECK(index >= FE_MAX_DRAW_BUFFERS, GL_INVALID_VALUE, GL_FALSE);
   return ctx->rs.blend[index].enable ? GL_TRUE : GL_FALSE;
}

/* ---- depth --------------------------------------------------------------------------------- */

void
mgl_glDepthFunc(GLenum func)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_is_compare_func(func), GL_INVALID_ENUM);
   rs_u16(ctx, &ctx->rs.depth_func, fe_mgp_compare_func(func));
}

void
mgl_glDepthMask(GLboolean flag)
{
   FE_CTX_OR_RETURN();
   rs_u8(ctx, &ctx->rs.depth_write, flag ? 1 : 0);
}

/* Viewport i's depth range, clamped to [0, 1] (GL 4.1 13.6.1). */
static void
depth_range_at(struct fe_context *ctx, GLuint i, GLdouble n, GLdouble f)
{
   const float v[2] = {fe_clampf((float)n, 0.0f, 1.0f), fe_clampf((float)f, 0.0f, 1.0f)};
   if (i == 0) {
      ds_f32(ctx, &ctx->ds.depth_range[0], v[0]);
      ds_f32(ctx, &ctx->ds.depth_range[1], v[1]);
      return;
   }
   fe_viewports_settle(ctx);
   float *d = ctx->viewports[i - 1].depth_range;
   if (memcmp(d, v, sizeof(v))) {
      memcpy(d, v, sizeof(v));
      viewports_changed(ctx);
   }
}

void
mgl_glDepthRange(GLdouble n, GLdouble f)
{
   FE_CTX_OR_RETURN();
   for (GLuint i = 0; i < FE_MAX_VIEWPORTS; i++)
      depth_range_at(ctx, i, n, f);
}

/* glDepthRangeArrayv and OES_viewport_array's float form: the pairs are dv's, else fv's. */
static void
depth_range_array(GLuint first, GLsizei count, const GLdouble *dv, const GLfloat *fv)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(fe_es_ext_lacks(ctx, FE_ES_EXT_VIEWPORT_ARRAY), GL_INVALID_OPERATION);
   FE_CHECK(!viewport_range_ok(first, count), GL_INVALID_VALUE);
   for (GLsizei k = 0; k < count; k++) {
      const GLdouble n = dv ? dv[2 * k] : fv[2 * k], f = dv ? dv[2 * k + 1] : fv[2 * k + 1];
      depth_range_at(ctx, first + (GLuint)k, n, f);
   }
}

void
mgl_glDepthRangeArrayv(GLuint first, GLsizei count, const GLdouble *v)
{
   depth_range_array(first, count, v, NULL);
}

void
mgl_glDepthRangeIndexed(GLuint index, GLdouble n, GLdouble f)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(fe_es_ext_lacks(ctx, FE_ES_EXT_VIEWPORT_ARRAY), GL_INVALID_OPERATION);
   FE_CHECK(index >= FE_MAX_VIEWPORTS, GL_INVALID_VALUE);
   depth_range_at(ctx, index, n, f);
}

/* OES_viewport_array's float forms of GL 4.1's double commands */
void
mgl_glDepthRangeArrayfvOES(GLuint first, GLsizei count, const GLfloat *v)
{
   depth_range_array(first, count, NULL, v);
}

void
mgl_glDepthRangeIndexedfOES(GLuint index, GLfloat n, GLfloat f)
{
   mgl_glDepthRangeIndexed(index, n, f);
}

void
mgl_glDepthRangef(GLfloat n, GLfloat f)
{
   mgl_glDepthRange(n, f);
}

/* ---- blend --------------------------------------------------------------------------------- */

static bool
is_blend_factor(GLenum f)
{
   switch (f) {
   case GL_ZERO:
   case GL_ONE:
   case GL_SRC_COLOR:
   case GL_ONE_MINUS_SRC_COLOR:
   case GL_DST_COLOR:
   case GL_ONE_MINUS_DST_COLOR:
   case GL_SRC_ALPHA:
   case GL_ONE_MINUS_SRC_ALPHA:
   case GL_DST_ALPHA:
   case GL_ONE_MINUS_DST_ALPHA:
   case GL_CONSTANT_COLOR:
   case GL_ONE_MINUS_CONSTANT_COLOR:
   case GL_CONSTANT_ALPHA:
   case GL_ONE_MINUS_CONSTANT_ALPHA:
   case GL_SRC_ALPHA_SATURATE:
   case GL_SRC1_COLOR:
   case GL_ONE_MINUS_SRC1_COLOR:
   case GL_SRC1_ALPHA:
   case GL_ONE_MINUS_SRC1_ALPHA: return true;
   default: return false;
   }
}

static bool
is_blend_equation(GLenum e)
{
   return e == GL_FUNC_ADD || e == GL_FUNC_SUBTRACT || e == GL_FUNC_REVERSE_SUBTRACT ||
          e == GL_MIN || e == GL_MAX;
}

/* Test knob MGL_TEST_FE_IGNORE_BLEND_FUNC=1: glBlendFunc and glBlendFuncSeparate are validated and
 * then ignored, so the factors keep their defaults. A deliberately broken state path that the
 * trace-replay lane (tests/traces) must see in pixels; read once, said once. */
static bool blend_func_ignored_value;

static void
blend_func_ignored_read(void)
{
   const char *v = getenv("MGL_TEST_FE_IGNORE_BLEND_FUNC");
   blend_func_ignored_value = v && !strcmp(v, "1");
   if (blend_func_ignored_value)
      mgu_warn("test knob MGL_TEST_FE_IGNORE_BLEND_FUNC=1: glBlendFunc* calls are ignored");
}

static bool
blend_func_ignored(void)
{
   static pthread_once_t once = PTHREAD_ONCE_INIT;
   pthread_once(&once, blend_func_ignored_read);
   return blend_func_ignored_value;
}

/* Sets the blend function of draw buffers [first, end). */
static void
set_blend_func(struct fe_context *ctx, unsigned first, unsigned end, GLenum src_rgb, GLenum dst_rgb,
               GLenum src_alpha, GLenum dst_alpha)
{
   /* the factors looked up once for every draw buffer (demo_frame's glBlendFunc) */
   const unsigned sr = fe_mgp_blend_factor(src_rgb), dr = fe_mgp_blend_factor(dst_rgb);
   const unsigned sa = fe_mgp_blend_factor(src_alpha), da = fe_mgp_blend_factor(dst_alpha);
   for (unsigned i = first; i < end; i++) {
      struct mgp_blend_target *b = &ctx->rs.blend[i];
      rs_u16(ctx, &b->src_rgb, sr);
      rs_u16(ctx, &b->dst_rgb, dr);
      rs_u16(ctx, &b->src_alpha, sa);
      rs_u16(ctx, &b->dst_alpha, da);
   }
   update_independent_blend(ctx);
}

static void
set_blend_equation(struct fe_context *ctx, unsigned first, unsigned end, GLenum mode_rgb,
                   GLenum mode_alpha)
{
   const unsigned er = fe_mgp_blend_op(mode_rgb), ea = fe_mgp_blend_op(mode_alpha);
   for (unsigned i = first; i < end; i++) {
      rs_u16(ctx, &ctx->rs.blend[i].eq_rgb, er);
      rs_u16(ctx, &ctx->rs.blend[i].eq_alpha, ea);
   }
   update_independent_blend(ctx);
}

void
mgl_glBlendFuncSeparate(GLenum src_rgb, GLenum dst_rgb, GLenum src_alpha, GLenum dst_alpha)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!is_blend_factor(src_rgb) || !is_blend_factor(dst_rgb) || !is_blend_factor(src_alpha) ||
               !is_blend_factor(dst_alpha),
            GL_INVALID_ENUM);
   if (blend_func_ignored())
      return;
   set_blend_func(ctx, 0, FE_MAX_DRAW_BUFFERS, src_rgb, dst_rgb, src_alpha, dst_alpha);
}

void
mgl_glBlendFunc(GLenum sfactor, GLenum dfactor)
{
   mgl_glBlendFuncSeparate(sfactor, dfactor, sfactor, dfactor);
}

/* GL 4.0 (ARB_draw_buffers_blend): one draw buffer's blend function and equation; a buffer
 * past GL_MAX_DRAW_BUFFERS is GL_INVALID_VALUE (checked first, as for glEnablei). */
void
mgl_glBlendFuncSeparatei(GLuint buf, GLenum src_rgb, GLenum dst_rgb, GLenum src_alpha,
                         GLenum dst_alpha)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf >= FE_MAX_DRAW_BUFFERS, GL_INVALID_VALUE);
   FE_CHECK(!is_blend_factor(src_rgb) || !is_blend_factor(dst_rgb) || !is_blend_factor(src_alpha) ||
               !is_blend_factor(dst_alpha),
            GL_INVALID_ENUM);
   if (blend_func_ignored())
      return;
   set_blend_func(ctx, buf, buf + 1, src_rgb, dst_rgb, src_alpha, dst_alpha);
}

void
mgl_glBlendFunci(GLuint buf, GLenum src, GLenum dst)
{
   mgl_glBlendFuncSeparatei(buf, src, dst, src, dst);
}

void
mgl_glBlendEquationSeparate(GLenum mode_rgb, GLenum mode_alpha)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!is_blend_equation(mode_rgb) || !is_blend_equation(mode_alpha), GL_INVALID_ENUM);
   set_blend_equation(ctx, 0, FE_MAX_DRAW_BUFFERS, mode_rgb, mode_alpha);
}

/* KHR_blend_equation_advanced: GL_MULTIPLY_KHR .. GL_HSL_LUMINOSITY_KHR, taken by glBlendEquation
 * and glBlendEquationi only (the Separate forms raise GL_INVALID_ENUM) */
static bool
is_blend_equation_advanced(struct fe_context *ctx, GLenum e)
{
   return fe_blend_advanced_offered(ctx) && fe_mgp_blend_op(e) >= MGP_BLEND_OP_MULTIPLY &&
          fe_mgp_blend_op(e) < MGP_BLEND_OP_COUNT;
}

void
mgl_glBlendEquation(GLenum mode)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!is_blend_equation(mode) && !is_blend_equation_advanced(ctx, mode), GL_INVALID_ENUM);
   set_blend_equation(ctx, 0, FE_MAX_DRAW_BUFFERS, mode, mode);
}

void
mgl_glBlendEquationSeparatei(GLuint buf, GLenum mode_rgb, GLenum mode_alpha)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf >= FE_MAX_DRAW_BUFFERS, GL_INVALID_VALUE);
   FE_CHECK(!is_blend_equation(mode_rgb) || !is_blend_equation(mode_alpha), GL_INVALID_ENUM);
   set_blend_equation(ctx, buf, buf + 1, mode_rgb, mode_alpha);
}

void
mgl_glBlendEquationi(GLuint buf, GLenum mode)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf >= FE_MAX_DRAW_BUFFERS, GL_INVALID_VALUE);
   FE_CHECK(!is_blend_equation(mode) && !is_blend_equation_advanced(ctx, mode), GL_INVALID_ENUM);
   set_blend_equation(ctx, buf, buf + 1, mode, mode);
}

/* KHR_blend_equation_advanced's glBlendBarrierKHR (ES 3.2's glBlendBarrier): blends after it see
 * the ones before. MGP_CAP_BLEND_ADVANCED alone blends coherently, so there is nothing to order;
 * blended in the shader (fe_blend_in_shader) it ends the feedback loop's scope, as
 * glTextureBarrier does. */
void
mgl_glBlendBarrierKHR(void)
{
   FE_CTX_OR_RETURN();
   if (!fe_blend_in_shader(ctx) || !fe_validate(ctx, FE_VERB_FLUSH))
      return;
   mgp_memory_barrier(&ctx->pipe, &(struct mgp_memory_barrier){MGP_BARRIER_TEXTURE, 0});
}

void
mgl_glBlendBarrier(void)
{
   mgl_glBlendBarrierKHR();
}

void
mgl_glBlendColor(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
   FE_CTX_OR_RETURN();
   const float c[4] = {r, g, b, a};
   for (int i = 0; i < 4; i++)
      ds_f32(ctx, &ctx->ds.blend_color[i], c[i]);
}

static unsigned
color_mask_bits(GLboolean r, GLboolean g, GLboolean b, GLboolean a)
{
   return (r ? 1u : 0u) | (g ? 2u : 0u) | (b ? 4u : 0u) | (a ? 8u : 0u);
}

void
mgl_glColorMask(GLboolean r, GLboolean g, GLboolean b, GLboolean a)
{
   FE_CTX_OR_RETURN();
   for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
      rs_u8(ctx, &ctx->rs.blend[i].color_mask, color_mask_bits(r, g, b, a));
   update_independent_blend(ctx);
}

void
mgl_glColorMaski(GLuint index, GLboolean r, GLboolean g, GLboolean b, GLboolean a)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(index >= FE_MAX_DRAW_BUFFERS, GL_INVALID_VALUE);
   rs_u8(ctx, &ctx->rs.blend[index].color_mask, color_mask_bits(r, g, b, a));
   update_independent_blend(ctx);
}

void
mgl_glLogicOp(GLenum opcode)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(opcode < GL_CLEAR || opcode > GL_SET, GL_INVALID_ENUM);
   rs_u16(ctx, &ctx->rs.logic_op, fe_mgp_logic_op(opcode));
}

/* ---- rasterization ------------------------------------------------------------------------- */

void
mgl_glCullFace(GLenum mode)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(mode != GL_FRONT && mode != GL_BACK && mode != GL_FRONT_AND_BACK, GL_INVALID_ENUM);
   ctx->cull_mode = mode;
   update_cull(ctx);
}

void
mgl_glFrontFace(GLenum mode)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(mode != GL_CW && mode != GL_CCW, GL_INVALID_ENUM);
   rs_u16(ctx, &ctx->rs.front_face, fe_mgp_front_face(mode));
}

void
mgl_glPolygonMode(GLenum face, GLenum mode)
{
   FE_CTX_OR_RETURN();
   /* core: FRONT/BACK are gone; the compatibility profile keeps a mode per face */
   FE_CHECK(face != GL_FRONT_AND_BACK && (!ctx->compat || (face != GL_FRONT && face != GL_BACK)),
            GL_INVALID_ENUM);
   FE_CHECK(mode != GL_POINT && mode != GL_LINE && mode != GL_FILL, GL_INVALID_ENUM);
   if (face != GL_BACK)
      ctx->polygon_mode = mode;
   if (face != GL_FRONT)
      ctx->polygon_mode_back = mode;
   /* with the faces apart, fe_draw.c draws each face in its own pass */
   rs_u16(ctx, &ctx->rs.polygon_mode, fe_mgp_polygon_mode(ctx->polygon_mode));
}

void
mgl_glPolygonOffset(GLfloat factor, GLfloat units)
{
   FE_CTX_OR_RETURN();
   ds_f32(ctx, &ctx->ds.polygon_offset_factor, factor);
   ds_f32(ctx, &ctx->ds.polygon_offset_units, units);
   ds_f32(ctx, &ctx->ds.polygon_offset_clamp, 0.0f); /* GL 4.6 14.6.5: PolygonOffset's clamp is 0 */
}

/* GL 4.6 14.6.5 (ARB_polygon_offset_clamp): the offset is clamped to clamp (above 0: at most,
 * below 0: at least; 0 or NaN: not clamped). No error. A server without depth bias clamping
 * (MGP_CAP_POLYGON_OFFSET_CLAMP) draws the offset unclamped, by name. */
void
mgl_glPolygonOffsetClamp(GLfloat factor, GLfloat units, GLfloat clamp)
{
   FE_CTX_OR_RETURN();
   /* ES: EXT_polygon_offset_clamp's glPolygonOffsetClampEXT where the context lists it */
   FE_CHECK(fe_es_ext_lacks(ctx, FE_ES_EXT_POLYGON_OFFSET_CLAMP), GL_INVALID_OPERATION);
   if (isnan(clamp))
      clamp = 0.0f;
   if (clamp != 0.0f && !(ctx->share->caps->cap_bits & MGP_CAP_POLYGON_OFFSET_CLAMP))
      MGU_DECLINE(gl_feature_unimplemented,
                  "glPolygonOffsetClamp's clamp %g (no depth bias clamp "
                  "on this server: the offset is not clamped)",
                  (double)clamp);
   ds_f32(ctx, &ctx->ds.polygon_offset_factor, factor);
   ds_f32(ctx, &ctx->ds.polygon_offset_units, units);
   ds_f32(ctx, &ctx->ds.polygon_offset_clamp, clamp);
}

void
mgl_glLineWidth(GLfloat width)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!(width > 0.0f), GL_INVALID_VALUE);
   /* Forward-compatible core contexts reject wide lines. */
   FE_CHECK(ctx->desc.forward_compatible && width > 1.0f, GL_INVALID_VALUE);
   ds_f32(ctx, &ctx->ds.line_width, width);
}

void
mgl_glPointSize(GLfloat size)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!(size > 0.0f), GL_INVALID_VALUE);
   ds_f32(ctx, &ctx->ds.point_size, size);
}

void
mgl_glProvokingVertex(GLenum mode)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(mode != GL_FIRST_VERTEX_CONVENTION && mode != GL_LAST_VERTEX_CONVENTION,
            GL_INVALID_ENUM);
   rs_u8(ctx, &ctx->rs.provoking_vertex_last, mode == GL_LAST_VERTEX_CONVENTION);
}

/* GL 4.6 §13.8 (ARB_clip_control): the window y of GL_UPPER_LEFT is from -y_d, and
 * GL_ZERO_TO_ONE's window z is from z_d itself, clipping at 0 <= z_c <= w_c. A server that
 * cannot draw it (no MGP_CAP_CLIP_CONTROL: the extension is not offered) keeps the defaults, by
 * name. */
void
mgl_glClipControl(GLenum origin, GLenum depth)
{
   FE_CTX_OR_RETURN();
   /* ES: EXT_clip_control's glClipControlEXT (same enums) where the context lists it */
   FE_CHECK(fe_es_ext_lacks(ctx, FE_ES_EXT_CLIP_CONTROL), GL_INVALID_OPERATION);
   FE_CHECK(origin != GL_LOWER_LEFT && origin != GL_UPPER_LEFT, GL_INVALID_ENUM);
   FE_CHECK(depth != GL_NEGATIVE_ONE_TO_ONE && depth != GL_ZERO_TO_ONE, GL_INVALID_ENUM);
   const unsigned cc = (origin == GL_UPPER_LEFT ? MGP_CLIP_UPPER_LEFT : 0u) |
                       (depth == GL_ZERO_TO_ONE ? MGP_CLIP_ZERO_TO_ONE : 0u);
   if (!(ctx->share->caps->cap_bits & MGP_CAP_CLIP_CONTROL)) {
      if (cc)
         MGU_DECLINE(gl_feature_unimplemented,
                     "glClipControl(0x%x, 0x%x) (the server draws GL's default clip space only)",
                     origin, depth);
      return;
   }
   rs_u8(ctx, &ctx->rs.clip_control, (uint8_t)cc);
}

/* GL_EXT_provoking_vertex: the same command and enums as core GL 3.2's. */
void
mgl_glProvokingVertexEXT(GLenum mode)
{
   mgl_glProvokingVertex(mode);
}

void
mgl_glPrimitiveRestartIndex(GLuint index)
{
   FE_CTX_OR_RETURN();
   ctx->restart_index = index; /* travels with each draw */
}

void
mgl_glSampleCoverage(GLfloat value, GLboolean invert)
{
   FE_CTX_OR_RETURN();
   ds_f32(ctx, &ctx->ds.sample_coverage_value, fe_clampf(value, 0.0f, 1.0f));
   ds_u8(ctx, &ctx->ds.sample_coverage_invert, invert ? 1 : 0);
}

/* GL 4.6 14.3.1.1: the value is clamped to [0, 1]; a context without sample shading has no such
 * command (as glPatchParameteri without tessellation, fe_patch.c) */
void
mgl_glMinSampleShading(GLfloat value)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_sample_shading_offered(ctx), GL_INVALID_OPERATION);
   const float v = fe_clampf(value, 0.0f, 1.0f);
   if (ctx->rs.min_sample_shading != v) {
      ctx->rs.min_sample_shading = v;
      fe_draw_bump_render(ctx);
   }
}

void
mgl_glSampleMaski(GLuint mask_number, GLbitfield mask)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(mask_number >= 1, GL_INVALID_VALUE); /* GL_MAX_SAMPLE_MASK_WORDS is 1 */
   ctx->sample_mask_value = mask;
   if (ctx->misc_sample_mask)
      rs_u32(ctx, &ctx->rs.sample_mask, mask);
}

/* ---- stencil ------------------------------------------------------------------------------- */

static bool
is_stencil_op(GLenum op)
{
   switch (op) {
   case GL_KEEP:
   case GL_ZERO:
   case GL_REPLACE:
   case GL_INCR:
   case GL_INCR_WRAP:
   case GL_DECR:
   case GL_DECR_WRAP:
   case GL_INVERT: return true;
   default: return false;
   }
}

static bool
face_range(GLenum face, int *first, int *last)
{
   switch (face) {
   case GL_FRONT: *first = *last = 0; return true;
   case GL_BACK: *first = *last = 1; return true;
   case GL_FRONT_AND_BACK: *first = 0, *last = 1; return true;
   default: return false;
   }
}

/* Where face 1 or 2 (fe_compat.h: GL 2.0's back, GL_EXT_stencil_two_side's back) is kept when
 * it is not the back face drawn with (ctx->rs/ds [1]): the compatibility state's aside copy;
 * NULL when it is in rs/ds (face 0 always is). */
static struct fe_compat_stencil_face *
stencil_aside(struct fe_context *ctx, int face)
{
   if (!face || !ctx->compat)
      return NULL;
   return ctx->compat->stencil_two_side == (face == 2) ? NULL : &ctx->compat->stencil_aside;
}

static void
stencil_func_at(struct fe_context *ctx, int face, GLenum func, GLint ref, GLuint mask)
{
   struct fe_compat_stencil_face *a = stencil_aside(ctx, face);
   if (a) {
      a->func = fe_mgp_compare_func(func);
      a->ref = (uint32_t)ref;
      a->read_mask = mask;
      return;
   }
   const int f = face ? 1 : 0;
   rs_u16(ctx, &ctx->rs.stencil_func[f], fe_mgp_compare_func(func));
   ds_u32(ctx, &ctx->ds.stencil_ref[f], (uint32_t)ref);
   ds_u32(ctx, &ctx->ds.stencil_read_mask[f], mask);
}

static void
stencil_op_at(struct fe_context *ctx, int face, GLenum sfail, GLenum dpfail, GLenum dppass)
{
   struct fe_compat_stencil_face *a = stencil_aside(ctx, face);
   if (a) {
      a->fail = fe_mgp_stencil_op(sfail);
      a->zfail = fe_mgp_stencil_op(dpfail);
      a->zpass = fe_mgp_stencil_op(dppass);
      return;
   }
   const int f = face ? 1 : 0;
   rs_u16(ctx, &ctx->rs.stencil_fail[f], fe_mgp_stencil_op(sfail));
   rs_u16(ctx, &ctx->rs.stencil_zfail[f], fe_mgp_stencil_op(dpfail));
   rs_u16(ctx, &ctx->rs.stencil_zpass[f], fe_mgp_stencil_op(dppass));
}

static void
stencil_mask_at(struct fe_context *ctx, int face, GLuint mask)
{
   struct fe_compat_stencil_face *a = stencil_aside(ctx, face);
   if (a)
      a->write_mask = mask;
   else
      ds_u32(ctx, &ctx->ds.stencil_write_mask[face ? 1 : 0], mask);
}

/* Whether a glStencilFunc, glStencilOp or glStencilMask sets GL_EXT_stencil_two_side's back
 * face alone (glActiveStencilFaceEXT(GL_BACK)); else it sets the front and GL 2.0's back. */
static bool
stencil_ext_back(const struct fe_context *ctx)
{
   return ctx->compat && ctx->compat->stencil_active_back;
}

void
fe_stencil_face_state(const struct fe_context *ctx, int face, struct fe_compat_stencil_face *out)
{
   const struct fe_compat_stencil_face *a = stencil_aside((struct fe_context *)ctx, face);
   if (a) {
      *out = *a;
      return;
   }
   const int f = face ? 1 : 0;
   *out = (struct fe_compat_stencil_face){
      .func = ctx->rs.stencil_func[f],
      .fail = ctx->rs.stencil_fail[f],
      .zfail = ctx->rs.stencil_zfail[f],
      .zpass = ctx->rs.stencil_zpass[f],
      .ref = ctx->ds.stencil_ref[f],
      .read_mask = ctx->ds.stencil_read_mask[f],
      .write_mask = ctx->ds.stencil_write_mask[f],
   };
}

void
fe_stencil_two_side(struct fe_context *ctx, bool on)
{
   struct fe_compat *c = ctx->compat;
   if (c->stencil_two_side == on)
      return;
   /* the back face drawn with and the one aside trade places */
   const struct fe_compat_stencil_face next = c->stencil_aside;
   c->stencil_aside = (struct fe_compat_stencil_face){
      .func = ctx->rs.stencil_func[1],
      .fail = ctx->rs.stencil_fail[1],
      .zfail = ctx->rs.stencil_zfail[1],
      .zpass = ctx->rs.stencil_zpass[1],
      .ref = ctx->ds.stencil_ref[1],
      .read_mask = ctx->ds.stencil_read_mask[1],
      .write_mask = ctx->ds.stencil_write_mask[1],
   };
   c->stencil_two_side = on;
   rs_u16(ctx, &ctx->rs.stencil_func[1], next.func);
   rs_u16(ctx, &ctx->rs.stencil_fail[1], next.fail);
   rs_u16(ctx, &ctx->rs.stencil_zfail[1], next.zfail);
   rs_u16(ctx, &ctx->rs.stencil_zpass[1], next.zpass);
   ds_u32(ctx, &ctx->ds.stencil_ref[1], next.ref);
   ds_u32(ctx, &ctx->ds.stencil_read_mask[1], next.read_mask);
   ds_u32(ctx, &ctx->ds.stencil_write_mask[1], next.write_mask);
}

void
mgl_glActiveStencilFaceEXT(GLenum face)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(face != GL_FRONT && face != GL_BACK, GL_INVALID_ENUM);
   ctx->compat->stencil_active_back = face == GL_BACK;
}

void
mgl_glStencilFuncSeparate(GLenum face, GLenum func, GLint ref, GLuint mask)
{
   FE_CTX_OR_RETURN();
   int first, last;
   FE_CHECK(!face_range(face, &first, &last), GL_INVALID_ENUM);
   FE_CHECK(!fe_is_compare_func(func), GL_INVALID_ENUM);
   for (int f = first; f <= last; f++)
      stencil_func_at(ctx, f, func, ref, mask);
}

void
mgl_glStencilFunc(GLenum func, GLint ref, GLuint mask)
{
   FE_CTX_OR_RETURN();
   if (!stencil_ext_back(ctx)) {
      mgl_glStencilFuncSeparate(GL_FRONT_AND_BACK, func, ref, mask);
      return;
   }
   FE_CHECK(!fe_is_compare_func(func), GL_INVALID_ENUM);
   stencil_func_at(ctx, 2, func, ref, mask);
}

/* ATI_separate_stencil (compatibility contexts): both faces' functions, one reference value and
 * mask; either function invalid is GL_INVALID_ENUM and changes nothing. */
void
mgl_glStencilFuncSeparateATI(GLenum frontfunc, GLenum backfunc, GLint ref, GLuint mask)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(ctx->desc.api != FE_API_GL_COMPAT, GL_INVALID_OPERATION);
   FE_CHECK(!fe_is_compare_func(frontfunc) || !fe_is_compare_func(backfunc), GL_INVALID_ENUM);
   mgl_glStencilFuncSeparate(GL_FRONT, frontfunc, ref, mask);
   mgl_glStencilFuncSeparate(GL_BACK, backfunc, ref, mask);
}

void
mgl_glStencilOpSeparate(GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass)
{
   FE_CTX_OR_RETURN();
   int first, last;
   FE_CHECK(!face_range(face, &first, &last), GL_INVALID_ENUM);
   FE_CHECK(!is_stencil_op(sfail) || !is_stencil_op(dpfail) || !is_stencil_op(dppass),
            GL_INVALID_ENUM);
   for (int f = first; f <= last; f++)
      stencil_op_at(ctx, f, sfail, dpfail, dppass);
}

void
mgl_glStencilOp(GLenum sfail, GLenum dpfail, GLenum dppass)
{
   FE_CTX_OR_RETURN();
   if (!stencil_ext_back(ctx)) {
      mgl_glStencilOpSeparate(GL_FRONT_AND_BACK, sfail, dpfail, dppass);
      return;
   }
   FE_CHECK(!is_stencil_op(sfail) || !is_stencil_op(dpfail) || !is_stencil_op(dppass),
            GL_INVALID_ENUM);
   stencil_op_at(ctx, 2, sfail, dpfail, dppass);
}

void
mgl_glStencilMaskSeparate(GLenum face, GLuint mask)
{
   FE_CTX_OR_RETURN();
   int first, last;
   FE_CHECK(!face_range(face, &first, &last), GL_INVALID_ENUM);
   for (int f = first; f <= last; f++)
      stencil_mask_at(ctx, f, mask);
}

void
mgl_glStencilMask(GLuint mask)
{
   FE_CTX_OR_RETURN();
   if (stencil_ext_back(ctx))
      stencil_mask_at(ctx, 2, mask);
   else
      mgl_glStencilMaskSeparate(GL_FRONT_AND_BACK, mask);
}

/* ---- viewport and scissor ------------------------------------------------------------------ */

/* GL_VIEWPORT_BOUNDS_RANGE: Vulkan's least viewportBoundsRange for the viewport size the
 * context reports, [-2 x size, 2 x size - 1] (the larger dimension) */
void
fe_viewport_bounds(const struct fe_context *ctx, float bounds[2])
{
   uint32_t m = ctx->share->caps->max_viewport_dims[0];
   if (ctx->share->caps->max_viewport_dims[1] > m)
      m = ctx->share->caps->max_viewport_dims[1];
   if (!m)
      m = FE_MAX_VIEWPORT;
   bounds[0] = -2.0f * (float)m;
   bounds[1] = 2.0f * (float)m - 1.0f;
}

/* Viewport i as GL 4.1 13.6.1 sets it: the size clamped to GL_MAX_VIEWPORT_DIMS, the corner to
 * GL_VIEWPORT_BOUNDS_RANGE. The caller checked the size is not negative. Inline: glViewport
 * between draws is a counted row (issue 22). */
static inline __attribute__((always_inline)) void
viewport_clamp(struct fe_context *ctx, float x, float y, float w, float h, float v[4])
{
   uint32_t maxw = ctx->share->caps->max_viewport_dims[0];
   uint32_t maxh = ctx->share->caps->max_viewport_dims[1];
   float bounds[2];
   fe_viewport_bounds(ctx, bounds);
   v[0] = fe_clampf(x, bounds[0], bounds[1]);
   v[1] = fe_clampf(y, bounds[0], bounds[1]);
   /* fminf's answer (the limit for a NaN size) without its call */
   const float lw = (float)(maxw ? maxw : FE_MAX_VIEWPORT),
               lh = (float)(maxh ? maxh : FE_MAX_VIEWPORT);
   v[2] = w < lw ? w : lw;
   v[3] = h < lh ? h : lh;
}

static void
viewport_at(struct fe_context *ctx, GLuint i, float x, float y, float w, float h)
{
   float v[4];
   viewport_clamp(ctx, x, y, w, h, v);
   if (i == 0) {
      ds_words(ctx, ctx->ds.viewport, v, 4);
      return;
   }
   fe_viewports_settle(ctx);
   float *d = ctx->viewports[i - 1].viewport;
   if (memcmp(d, v, sizeof(v))) {
      memcpy(d, v, sizeof(v));
      ctx->viewports_rest_same = false;
      viewports_changed(ctx);
   }
}

static void
scissor_at(struct fe_context *ctx, GLuint i, const GLint *s)
{
   if (i == 0) {
      ds_words(ctx, ctx->ds.scissor, s, 4);
      return;
   }
   fe_viewports_settle(ctx);
   int32_t *d = ctx->viewports[i - 1].scissor;
   if (memcmp(d, s, 4 * sizeof(*d))) {
      memcpy(d, s, 4 * sizeof(*d));
      ctx->scissors_rest_same = false;
      viewports_changed(ctx);
   }
}

void
mgl_glViewport(GLint x, GLint y, GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(width < 0 || height < 0, GL_INVALID_VALUE);
   float v[4];
   viewport_clamp(ctx, (float)x, (float)y, (float)width, (float)height, v);
   ds_words(ctx, ctx->ds.viewport, v, 4);
   /* every other viewport's too (GL 4.6 14.9.1), clamped once, the draw serial moved once:
    * where they all hold this box already, one compare; else the box, written into them when
    * one is read (fe_viewports_settle) */
   if (ctx->viewports_rest_same && !memcmp(ctx->viewports_rest, v, sizeof(v)))
      return;
   memcpy(ctx->viewports_rest, v, sizeof(v));
   ctx->viewports_rest_same = ctx->viewports_rest_unwritten = true;
   viewports_changed(ctx);
}

void
mgl_glViewportArrayv(GLuint first, GLsizei count, const GLfloat *v)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(fe_es_ext_lacks(ctx, FE_ES_EXT_VIEWPORT_ARRAY), GL_INVALID_OPERATION);
   FE_CHECK(!viewport_range_ok(first, count), GL_INVALID_VALUE);
   /* every size is checked before any viewport changes */
   for (GLsizei k = 0; k < count; k++)
      FE_CHECK(v[4 * k + 2] < 0 || v[4 * k + 3] < 0, GL_INVALID_VALUE);
   for (GLsizei k = 0; k < count; k++)
      viewport_at(ctx, first + (GLuint)k, v[4 * k], v[4 * k + 1], v[4 * k + 2], v[4 * k + 3]);
}

void
mgl_glViewportIndexedf(GLuint index, GLfloat x, GLfloat y, GLfloat w, GLfloat h)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(fe_es_ext_lacks(ctx, FE_ES_EXT_VIEWPORT_ARRAY), GL_INVALID_OPERATION);
   FE_CHECK(index >= FE_MAX_VIEWPORTS, GL_INVALID_VALUE);
   FE_CHECK(w < 0 || h < 0, GL_INVALID_VALUE);
   viewport_at(ctx, index, x, y, w, h);
}

void
mgl_glViewportIndexedfv(GLuint index, const GLfloat *v)
{
   mgl_glViewportIndexedf(index, v[0], v[1], v[2], v[3]);
}

void
mgl_glScissor(GLint x, GLint y, GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(width < 0 || height < 0, GL_INVALID_VALUE);
   const GLint s[4] = {x, y, width, height};
   scissor_at(ctx, 0, s);
   /* every other viewport's too (GL 4.6 14.9.2), the draw serial moved once for them all:
    * where they all hold this box already, one compare */
   if (ctx->scissors_rest_same && !memcmp(ctx->scissors_rest, s, sizeof(s)))
      return;
   memcpy(ctx->scissors_rest, s, sizeof(s));
   ctx->scissors_rest_same = ctx->scissors_rest_unwritten = true;
   viewports_changed(ctx);
}

void
mgl_glScissorArrayv(GLuint first, GLsizei count, const GLint *v)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(fe_es_ext_lacks(ctx, FE_ES_EXT_VIEWPORT_ARRAY), GL_INVALID_OPERATION);
   FE_CHECK(!viewport_range_ok(first, count), GL_INVALID_VALUE);
   for (GLsizei k = 0; k < count; k++)
      FE_CHECK(v[4 * k + 2] < 0 || v[4 * k + 3] < 0, GL_INVALID_VALUE);
   for (GLsizei k = 0; k < count; k++)
      scissor_at(ctx, first + (GLuint)k, v + 4 * k);
}

void
mgl_glScissorIndexed(GLuint index, GLint left, GLint bottom, GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(fe_es_ext_lacks(ctx, FE_ES_EXT_VIEWPORT_ARRAY), GL_INVALID_OPERATION);
   FE_CHECK(index >= FE_MAX_VIEWPORTS, GL_INVALID_VALUE);
   FE_CHECK(width < 0 || height < 0, GL_INVALID_VALUE);
   const GLint s[4] = {left, bottom, width, height};
   scissor_at(ctx, index, s);
}

void
mgl_glScissorIndexedv(GLuint index, const GLint *v)
{
   mgl_glScissorIndexed(index, v[0], v[1], v[2], v[3]);
}

/* ---- clear values -------------------------------------------------------------------------- */

void
mgl_glClearColor(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
   FE_CTX_OR_RETURN();
   ctx->clear_color[0] = r, ctx->clear_color[1] = g;
   ctx->clear_color[2] = b, ctx->clear_color[3] = a;
   ctx->clear_color_int = false;
}

/* EXT_texture_integer: the colour glClear gives integer draw buffers (fe_clear.c); float and
 * normalized ones keep glClearColor's. */
static void
clear_color_bits(const void *v)
{
   FE_CTX_OR_RETURN();
   memcpy(ctx->clear_color_bits, v, sizeof(ctx->clear_color_bits));
   ctx->clear_color_int = true;
}

void
mgl_glClearColorIiEXT(GLint r, GLint g, GLint b, GLint a)
{
   const GLint v[4] = {r, g, b, a};
   clear_color_bits(v);
}

void
mgl_glClearColorIuiEXT(GLuint r, GLuint g, GLuint b, GLuint a)
{
   const GLuint v[4] = {r, g, b, a};
   clear_color_bits(v);
}

void
mgl_glClearDepth(GLdouble depth)
{
   FE_CTX_OR_RETURN();
   ctx->clear_depth = depth < 0.0 ? 0.0 : depth > 1.0 ? 1.0 : depth;
}

void
mgl_glClearDepthf(GLfloat d)
{
   mgl_glClearDepth(d);
}

void
mgl_glClearStencil(GLint s)
{
   FE_CTX_OR_RETURN();
   ctx->clear_stencil = s;
}

/* ---- pixel store, hints, misc --------------------------------------------------------------- */

void
mgl_glPixelStorei(GLenum pname, GLint param)
{
   FE_CTX_OR_RETURN();
   struct fe_pixel_store *ps = NULL;
   GLenum p = pname;
   switch (pname) {
   case GL_PACK_SWAP_BYTES:
   case GL_PACK_LSB_FIRST:
   case GL_PACK_ROW_LENGTH:
   case GL_PACK_IMAGE_HEIGHT:
   case GL_PACK_SKIP_ROWS:
   case GL_PACK_SKIP_PIXELS:
   case GL_PACK_SKIP_IMAGES:
   case GL_PACK_ALIGNMENT: ps = &ctx->pack; break;
   case GL_UNPACK_SWAP_BYTES:
   case GL_UNPACK_LSB_FIRST:
   case GL_UNPACK_ROW_LENGTH:
   case GL_UNPACK_SKIP_ROWS:
   case GL_UNPACK_SKIP_PIXELS:
   case GL_UNPACK_ALIGNMENT:
      ps = &ctx->unpack;
      p = pname + (GL_PACK_SWAP_BYTES - GL_UNPACK_SWAP_BYTES); /* 1.0 pairs: 0x10 apart */
      break;
   case GL_UNPACK_IMAGE_HEIGHT:
   case GL_UNPACK_SKIP_IMAGES: /* the GL 1.2 pairs are not */
      ps = &ctx->unpack;
      p = pname == GL_UNPACK_IMAGE_HEIGHT ? GL_PACK_IMAGE_HEIGHT : GL_PACK_SKIP_IMAGES;
      break;
   case GL_PACK_COMPRESSED_BLOCK_WIDTH:
   case GL_PACK_COMPRESSED_BLOCK_HEIGHT:
   case GL_PACK_COMPRESSED_BLOCK_DEPTH:
   case GL_PACK_COMPRESSED_BLOCK_SIZE:
      /* ARB_compressed_texture_pixel_storage: GL 4.2, no ES */
      FE_CHECK(ctx->desc.api == FE_API_GLES, GL_INVALID_ENUM);
      ps = &ctx->pack;
      break;
   case FE_GL_PACK_INVERT_MESA: /* MESA_pack_invert: desktop contexts */
      FE_CHECK(ctx->desc.api == FE_API_GLES, GL_INVALID_ENUM);
      ctx->pack.invert = param != 0;
      return;
   case GL_UNPACK_COMPRESSED_BLOCK_WIDTH:
   case GL_UNPACK_COMPRESSED_BLOCK_HEIGHT:
   case GL_UNPACK_COMPRESSED_BLOCK_DEPTH:
   case GL_UNPACK_COMPRESSED_BLOCK_SIZE:
      FE_CHECK(ctx->desc.api == FE_API_GLES, GL_INVALID_ENUM);
      ps = &ctx->unpack;
      p = pname + (GL_PACK_COMPRESSED_BLOCK_WIDTH - GL_UNPACK_COMPRESSED_BLOCK_WIDTH);
      break;
   default: fe_error(ctx, GL_INVALID_ENUM); return;
   }
   if (p == GL_PACK_ALIGNMENT) {
      FE_CHECK(param != 1 && param != 2 && param != 4 && param != 8, GL_INVALID_VALUE);
   } else if (p != GL_PACK_SWAP_BYTES && p != GL_PACK_LSB_FIRST) {
      FE_CHECK(param < 0, GL_INVALID_VALUE);
   }
   switch (p) {
   case GL_PACK_SWAP_BYTES: ps->swap_bytes = param != 0; break;
   case GL_PACK_LSB_FIRST: ps->lsb_first = param != 0; break;
   case GL_PACK_ROW_LENGTH: ps->row_length = param; break;
   case GL_PACK_IMAGE_HEIGHT: ps->image_height = param; break;
   case GL_PACK_SKIP_ROWS: ps->skip_rows = param; break;
   case GL_PACK_SKIP_PIXELS: ps->skip_pixels = param; break;
   case GL_PACK_SKIP_IMAGES: ps->skip_images = param; break;
   case GL_PACK_ALIGNMENT: ps->alignment = param; break;
   case GL_PACK_COMPRESSED_BLOCK_WIDTH: ps->block_width = param; break;
   case GL_PACK_COMPRESSED_BLOCK_HEIGHT: ps->block_height = param; break;
   case GL_PACK_COMPRESSED_BLOCK_DEPTH: ps->block_depth = param; break;
   case GL_PACK_COMPRESSED_BLOCK_SIZE: ps->block_size = param; break;
   }
   if (ps == &ctx->pack)
      ctx->pack_version++;
}

void
mgl_glPixelStoref(GLenum pname, GLfloat param)
{
   mgl_glPixelStorei(pname, (GLint)lrintf(param));
}

#define FE_GL_GENERATE_MIPMAP_HINT 0x8192 /* ES (and compatibility GL); not in glcorearb.h */

/* The hint's slot in ctx->hints, -1 for a target this context's API lacks: GL 3.3 core has the
 * first four, ES 2.0 and 3.0 GENERATE_MIPMAP_HINT and the derivative hint (ES 2.0's through
 * OES_standard_derivatives, which every ES context offers). */
static int
hint_index(const struct fe_context *ctx, GLenum target)
{
   const bool es = ctx->desc.api == FE_API_GLES, compat = ctx->compat != NULL;
   switch (target) {
   case GL_LINE_SMOOTH_HINT: return es ? -1 : 0;
   case GL_POLYGON_SMOOTH_HINT: return es ? -1 : 1;
   case GL_TEXTURE_COMPRESSION_HINT: return es ? -1 : 2;
   case GL_FRAGMENT_SHADER_DERIVATIVE_HINT: return 3;
   case FE_GL_GENERATE_MIPMAP_HINT: return es || compat ? 4 : -1;
   /* the compatibility profile's: GL_PERSPECTIVE_CORRECTION_HINT, GL_POINT_SMOOTH_HINT,
    * GL_FOG_HINT (hints only, as the others) */
   case 0x0C50: return compat ? 5 : -1;
   case 0x0C51: return compat ? 6 : -1;
   case 0x0C54: return compat ? 7 : -1;
   default: return -1;
   }
}

void
mgl_glHint(GLenum target, GLenum mode)
{
   FE_CTX_OR_RETURN();
   int i = hint_index(ctx, target);
   FE_CHECK(i < 0, GL_INVALID_ENUM);
   FE_CHECK(mode != GL_FASTEST && mode != GL_NICEST && mode != GL_DONT_CARE, GL_INVALID_ENUM);
   ctx->hints[i] = mode; /* hints only: nothing crosses */
}

bool
fe_state_hint_valid(const struct fe_context *ctx, GLenum target)
{
   return hint_index(ctx, target) >= 0;
}

GLenum
fe_state_hint(const struct fe_context *ctx, GLenum target)
{
   int i = hint_index(ctx, target);
   return i < 0 ? GL_DONT_CARE : ctx->hints[i];
}

void
mgl_glClampColor(GLenum target, GLenum clamp)
{
   FE_CTX_OR_RETURN();
   /* GL 3.3 core §4.3.2 has CLAMP_READ_COLOR only; compatibility §2.19.6 and §3.9.8 add the
    * vertex and fragment colour clamps (GL_ARB_color_buffer_float) */
   GLenum *slot = target == GL_CLAMP_READ_COLOR                  ? &ctx->clamp_read_color
                  : ctx->ff && target == GL_CLAMP_VERTEX_COLOR   ? &ctx->clamp_vertex_color
                  : ctx->ff && target == GL_CLAMP_FRAGMENT_COLOR ? &ctx->clamp_fragment_color
                                                                 : NULL;
   FE_CHECK(!slot, GL_INVALID_ENUM);
   FE_CHECK(clamp != GL_TRUE && clamp != GL_FALSE && clamp != GL_FIXED_ONLY, GL_INVALID_ENUM);
   if (*slot == clamp)
      return;
   *slot = clamp;
   /* the generated programs and the GLSL built-in state (_mgl_Compat) read the vertex and
    * fragment clamps */
   if (target != GL_CLAMP_READ_COLOR)
      fe_ff_bump(ctx->ff);
}

bool
fe_clamp_color_queries(struct fe_context *ctx)
{
   return ctx->ff && fe_clamp_color_applies(ctx, ctx->clamp_fragment_color, false);
}

bool
fe_clamp_color_applies(struct fe_context *ctx, GLenum clamp, bool read)
{
   if (clamp != GL_FIXED_ONLY)
      return clamp == GL_TRUE;
   return read ? fe_fbo_read_fixed_point(ctx) : fe_fbo_draw_fixed_point(ctx);
}

static void
point_parameter(struct fe_context *ctx, GLenum pname, GLfloat value)
{
   switch (pname) {
   case GL_POINT_FADE_THRESHOLD_SIZE:
      FE_CHECK(value < 0.0f, GL_INVALID_VALUE);
      ctx->point_fade_threshold = value;
      return;
   case GL_POINT_SPRITE_COORD_ORIGIN: {
      GLenum v = (GLenum)value;
      FE_CHECK(v != GL_LOWER_LEFT && v != GL_UPPER_LEFT, GL_INVALID_ENUM);
      /* programs read it through the hidden _mgl_PointCoordUpperLeft (GLSL_STATE_POINT_ORIGIN) */
      ctx->point_sprite_origin = v;
      fe_draw_touch(ctx);
      return;
   }
   default: fe_error(ctx, GL_INVALID_ENUM);
   }
}

void
mgl_glPointParameterf(GLenum pname, GLfloat param)
{
   FE_CTX_OR_RETURN();
   if (ctx->ff && fe_ff_point_parameter(ctx, pname, &param, false))
      return;
   point_parameter(ctx, pname, param);
}

void
mgl_glPointParameterfv(GLenum pname, const GLfloat *params)
{
   FE_CTX_OR_RETURN();
   if (ctx->ff && fe_ff_point_parameter(ctx, pname, params, true))
      return;
   point_parameter(ctx, pname, params[0]);
}

void
mgl_glPointParameteri(GLenum pname, GLint param)
{
   FE_CTX_OR_RETURN();
   const GLfloat f = (GLfloat)param;
   if (ctx->ff && fe_ff_point_parameter(ctx, pname, &f, false))
      return;
   point_parameter(ctx, pname, f);
}

void
mgl_glPointParameteriv(GLenum pname, const GLint *params)
{
   FE_CTX_OR_RETURN();
   /* GL_POINT_DISTANCE_ATTENUATION takes three; the others read one */
   const GLfloat f[3] = {(GLfloat)params[0], pname == 0x8129 ? (GLfloat)params[1] : 0.0f,
                         pname == 0x8129 ? (GLfloat)params[2] : 0.0f};
   if (ctx->ff && fe_ff_point_parameter(ctx, pname, f, true))
      return;
   point_parameter(ctx, pname, f[0]);
}
