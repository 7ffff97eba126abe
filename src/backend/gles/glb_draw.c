/* glb_draw.c — render state, vertex input and the draw on the host context. Every draw puts
 * the state it needs on the host through the screen's shadow of host state (glb.h), so a draw
 * costs host calls only for what changed since the last, and it walks only the groups of state
 * a call marked since (apply_state), so a draw after no change walks none; what GLES cannot do
 * as sent (logic ops, depth clamp, dual-source factors, first-vertex provoking,
 * zero strides, BGRA or double attributes, adjacency without a geometry stage, indirect draws
 * as draw_vbo flags, a restart index other than all ones) drops the draw with a named decline.
 * A base instance moves the instanced arrays' starts (apply_vertex_input). Polygon modes other
 * than fill are drawn by a program variant's geometry stage (glb_outline.c). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"
#include "pipe_codec.h"

/* ---- CSOs ----------------------------------------------------------------------------------- */

void
glb_create_render_state(void *self, const struct mgp_create_render_state *args, const void *tail,
                        uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_render_state *rs = calloc(1, sizeof(*rs));
   if (!rs) {
      glb_fatal(ctx->scr, MGU_FATAL_OutOfMemory, "create_render_state");
      return;
   }
   rs->base.h = args->cso;
   rs->s = args->state;
   if (!glb_table_put(ctx->scr, &ctx->scr->render_states, &rs->base, "create_render_state"))
      free(rs);
}

/* Whether the render states' stencil ops differ (apply_stencil's part of them). */
static bool
render_stencil_differs(const struct mgp_render_state *a, const struct mgp_render_state *b)
{
   return memcmp(a->stencil_func, b->stencil_func, sizeof(a->stencil_func)) ||
          memcmp(a->stencil_fail, b->stencil_fail, sizeof(a->stencil_fail)) ||
          memcmp(a->stencil_zfail, b->stencil_zfail, sizeof(a->stencil_zfail)) ||
          memcmp(a->stencil_zpass, b->stencil_zpass, sizeof(a->stencil_zpass));
}

/* Whether the render states' multisample switches differ (apply_multisample's part). */
static bool
render_multisample_differs(const struct mgp_render_state *a, const struct mgp_render_state *b)
{
   return a->multisample != b->multisample || a->alpha_to_coverage != b->alpha_to_coverage ||
          a->alpha_to_one != b->alpha_to_one || a->sample_shading != b->sample_shading ||
          a->sample_mask != b->sample_mask || a->min_sample_shading != b->min_sample_shading;
}

void
glb_bind_render_state(void *self, const struct mgp_handle_args *args, const void *tail,
                      uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   const struct glb_render_state *rs =
      mgp_handle_is_null(args->h) ? NULL
                                  : (const struct glb_render_state *)glb_lookup(
                                       scr, &scr->render_states, args->h, "bind_render_state");
   if (!rs && !mgp_handle_is_null(args->h))
      return;
   /* the stencil and multisample groups marked only where the two states differ there (a
    * depth or blend toggle puts neither: depth_toggle); the marks gather until a draw, so a
    * chain of binds marks a group where any step changed it. The state bound before may be
    * gone: both marked */
   const struct glb_render_state *was =
      mgp_handle_is_null(ctx->render_state)
         ? NULL
         : (const struct glb_render_state *)glb_table_peek(&scr->render_states, ctx->render_state);
   if (!rs || !was || render_stencil_differs(&rs->s, &was->s))
      ctx->dirty |= GLB_DIRTY_STENCIL;
   if (!rs || !was || render_multisample_differs(&rs->s, &was->s))
      ctx->dirty |= GLB_DIRTY_MULTISAMPLE;
   ctx->render_state = args->h;
}

void
glb_delete_render_state(void *self, const struct mgp_handle_args *args, const void *tail,
                        uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_obj *o =
      glb_lookup(ctx->scr, &ctx->scr->render_states, args->h, "delete_render_state");
   glb_table_remove(&ctx->scr->render_states, o);
   free(o);
}

void
glb_create_vertex_elements(void *self, const struct mgp_create_vertex_elements *args,
                           const void *tail, uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_vertex_elements *ve = calloc(1, sizeof(*ve));
   if (!ve) {
      glb_fatal(ctx->scr, MGU_FATAL_OutOfMemory, "create_vertex_elements");
      return;
   }
   ve->base.h = args->cso;
   ve->ve = *args;
   ve->serial = ++ctx->scr->ve_serial;
   if (!glb_table_put(ctx->scr, &ctx->scr->vertex_elements, &ve->base, "create_vertex_elements"))
      free(ve);
}

void
glb_bind_vertex_elements(void *self, const struct mgp_handle_args *args, const void *tail,
                         uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (mgp_handle_is_null(args->h) ||
       glb_lookup(ctx->scr, &ctx->scr->vertex_elements, args->h, "bind_vertex_elements"))
      ctx->vertex_elements = args->h;
}

void
glb_delete_vertex_elements(void *self, const struct mgp_handle_args *args, const void *tail,
                           uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_obj *o =
      glb_lookup(ctx->scr, &ctx->scr->vertex_elements, args->h, "delete_vertex_elements");
   glb_table_remove(&ctx->scr->vertex_elements, o);
   free(o);
}

/* ---- set_* ---------------------------------------------------------------------------------- */

void
glb_set_dynamic_state(void *self, const struct mgp_dynamic_state *args, const void *tail,
                      uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   ctx->dyn = *args;
   ctx->dyn_set = true;
}

/* What a write of each word of mgp_dynamic_state marks: the dynamic group and its parts
 * (GLB_DYN_* << 16), and the stencil group (references and masks) or the multisample group
 * (the sample coverage) for their words, so that a viewport change alone walks the viewport
 * alone. Made once (glb_tables_init), read by set_dynamic_words a word at a time. */
enum { DYN_WORD_COUNT = sizeof(struct mgp_dynamic_state) / 4 };
static uint32_t dyn_word_marks[DYN_WORD_COUNT];

void
glb_dynamic_marks_init(void)
{
   for (size_t w = 0; w < DYN_WORD_COUNT; w++) {
      const size_t lo = w * 4, hi = lo + 4;
#define DYN_WORDS(a, b) (lo < (b) && (a) < hi)
#define DYN_PART(part, first, end)                                                                 \
   if (DYN_WORDS(offsetof(struct mgp_dynamic_state, first),                                        \
                 offsetof(struct mgp_dynamic_state, end)))                                         \
      parts |= (part);
      uint32_t parts = 0, dirty = 0;
      DYN_PART(GLB_DYN_VIEWPORT, viewport, depth_range)
      DYN_PART(GLB_DYN_DEPTH_RANGE, depth_range, scissor)
      DYN_PART(GLB_DYN_SCISSOR, scissor, sample_coverage_enable)
      DYN_PART(GLB_DYN_BLEND_COLOR, blend_color, stencil_ref)
      DYN_PART(GLB_DYN_LINE_WIDTH, line_width, point_size)
      DYN_PART(GLB_DYN_POLYGON_OFFSET, polygon_offset_factor, sample_coverage_value)
#undef DYN_PART
      /* a word of no part and no other group (the point size, the stipple, words added
       * later) puts the whole group: never a stale part */
      if (DYN_WORDS(offsetof(struct mgp_dynamic_state, point_size),
                    offsetof(struct mgp_dynamic_state, polygon_offset_factor)) ||
          DYN_WORDS(offsetof(struct mgp_dynamic_state, sample_coverage_value) + 4,
                    sizeof(struct mgp_dynamic_state)))
         parts = GLB_DYN_ALL;
      if (parts)
         dirty |= GLB_DIRTY_DYNAMIC;
      if (DYN_WORDS(offsetof(struct mgp_dynamic_state, stencil_ref),
                    offsetof(struct mgp_dynamic_state, line_width)))
         dirty |= GLB_DIRTY_STENCIL;
      if (DYN_WORDS(offsetof(struct mgp_dynamic_state, scissor_enable) & ~(size_t)3,
                    offsetof(struct mgp_dynamic_state, blend_color)) ||
          DYN_WORDS(offsetof(struct mgp_dynamic_state, sample_coverage_value),
                    offsetof(struct mgp_dynamic_state, sample_coverage_value) + 4))
         dirty |= GLB_DIRTY_MULTISAMPLE;
#undef DYN_WORDS
      dyn_word_marks[w] = dirty | parts << 16;
   }
}

void
glb_set_dynamic_words(void *self, const struct mgp_dynamic_words *args, const void *tail,
                      uint32_t tail_count)
{
   struct glb_context *ctx = self;
   /* mgp_dynamic_words_fit's check (the codec's own), then each word
    * copied with the groups and the dynamic group's parts it writes (glb_tables.c marks nothing
    * for this call) in one pass: a viewport change is two words */
   const uint32_t first = args->first, count = args->count;
   if (!mgp_dynamic_words_fit(args, tail, tail_count)) {
      glb_fatal(ctx->scr, MGU_FATAL_ProtocolCorruption, "set_dynamic_words past the dynamic state");
      return;
   }
   uint8_t *dst = (uint8_t *)&ctx->dyn + (size_t)first * 4;
   const uint8_t *src = tail;
   uint32_t m = 0;
   for (uint32_t w = 0; w < count; w++) {
      memcpy(dst + (size_t)w * 4, src + (size_t)w * 4, 4);
      m |= dyn_word_marks[first + w];
   }
   ctx->dirty |= m & 0xffffu;
   ctx->dyn_parts |= (uint8_t)(m >> 16);
}

void
glb_set_vertex_buffers(void *self, const struct mgp_set_vertex_buffers *args, const void *tail,
                       uint32_t tail_count)
{
   struct glb_context *ctx = self;
   if (args->start >= GLB_MAX_VB || tail_count > GLB_MAX_VB - args->start) {
      glb_fatal(ctx->scr, MGU_FATAL_ProtocolCorruption, "set_vertex_buffers: slots past 16");
      return;
   }
   /* the bindings set: arrays_bound's fold checked again where one of them it folds moved */
   ctx->vb_moved |= (uint16_t)(((1u << tail_count) - 1u) << args->start);
   /* one binding (a glVertexAttribPointer between draws): a copy of a known size, two moves */
   if (tail_count == 1)
      memcpy(&ctx->vb[args->start], tail, sizeof(struct mgp_vertex_buffer));
   else if (tail_count) /* none: no tail at all (memcpy takes no NULL, even for 0 bytes) */
      memcpy(&ctx->vb[args->start], tail, tail_count * sizeof(struct mgp_vertex_buffer));
}

void
glb_set_vertex_attrib_defaults(void *self, const struct mgp_set_vertex_attrib_defaults *args,
                               const void *tail, uint32_t tail_count)
{
   (void)args;
   struct glb_context *ctx = self;
   const struct mgp_attrib_value *v = tail;
   for (uint32_t i = 0; i < tail_count; i++) {
      if (v[i].location >= GLB_MAX_ATTRIBS || v[i].kind > 2) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: a vertex attribute default at location %u of kind %u", v[i].location,
                     v[i].kind);
         continue;
      }
      ctx->attrib_kind[v[i].location] = (uint8_t)v[i].kind;
      memcpy(ctx->attrib_value[v[i].location], v[i].value, sizeof(v[i].value));
   }
}

/* The element buffer ib (the context's ib, a live buffer, its offset inside) kept for the
 * compact draw: its host name and bytes past the offset, the shadow's ib_checked naming the
 * context until the shadow is forgotten (a resource's create, respecify and destroy are screen
 * calls; a store deleted inside a draw clears it, glb_resource.c) or another element buffer is
 * set. */
static inline void
element_buffer_keep(struct glb_context *ctx, const struct glb_resource *ib)
{
   struct glb_screen *scr = ctx->scr;
   ctx->ib_name = ib->name;
   ctx->ib_bytes = ib->desc.size - ctx->ib.offset;
   scr->sh.ib_checked = ctx;
   scr->stats.element_buffer_checks++;
}

void
glb_set_index_buffer(void *self, const struct mgp_set_index_buffer *args, const void *tail,
                     uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   ctx->ib = *args;
   /* found here where it is a live buffer with the offset inside (frame_1500's vertex-array
    * switches set one before each draw); else the compact draw looks it up and declines */
   const struct glb_resource *ib =
      (const struct glb_resource *)glb_table_peek(&scr->resources, args->res);
   if (ib && ib->is_buffer && !ib->unsupported && ib->name && args->offset <= ib->desc.size)
      element_buffer_keep(ctx, ib);
   else if (scr->sh.ib_checked == ctx)
      scr->sh.ib_checked = NULL;
}

/* ---- enums ---------------------------------------------------------------------------------- */

static const GLenum blend_factors[MGP_BLEND_FACTOR_COUNT] = {
   [MGP_BLEND_FACTOR_ZERO] = GL_ZERO,
   [MGP_BLEND_FACTOR_ONE] = GL_ONE,
   [MGP_BLEND_FACTOR_SRC_COLOR] = GL_SRC_COLOR,
   [MGP_BLEND_FACTOR_ONE_MINUS_SRC_COLOR] = GL_ONE_MINUS_SRC_COLOR,
   [MGP_BLEND_FACTOR_DST_COLOR] = GL_DST_COLOR,
   [MGP_BLEND_FACTOR_ONE_MINUS_DST_COLOR] = GL_ONE_MINUS_DST_COLOR,
   [MGP_BLEND_FACTOR_SRC_ALPHA] = GL_SRC_ALPHA,
   [MGP_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA] = GL_ONE_MINUS_SRC_ALPHA,
   [MGP_BLEND_FACTOR_DST_ALPHA] = GL_DST_ALPHA,
   [MGP_BLEND_FACTOR_ONE_MINUS_DST_ALPHA] = GL_ONE_MINUS_DST_ALPHA,
   [MGP_BLEND_FACTOR_CONSTANT_COLOR] = GL_CONSTANT_COLOR,
   [MGP_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR] = GL_ONE_MINUS_CONSTANT_COLOR,
   [MGP_BLEND_FACTOR_CONSTANT_ALPHA] = GL_CONSTANT_ALPHA,
   [MGP_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA] = GL_ONE_MINUS_CONSTANT_ALPHA,
   [MGP_BLEND_FACTOR_SRC_ALPHA_SATURATE] = GL_SRC_ALPHA_SATURATE,
   /* SRC1_*: EXT_blend_func_extended's, where the host has it (render_state_refusal) */
   [MGP_BLEND_FACTOR_SRC1_COLOR] = GL_SRC1_COLOR_EXT,
   [MGP_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR] = GL_ONE_MINUS_SRC1_COLOR_EXT,
   [MGP_BLEND_FACTOR_SRC1_ALPHA] = GL_SRC1_ALPHA_EXT,
   [MGP_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA] = GL_ONE_MINUS_SRC1_ALPHA_EXT,
};

static const GLenum blend_ops[MGP_BLEND_OP_COUNT] = {
   GL_FUNC_ADD,
   GL_FUNC_SUBTRACT,
   GL_FUNC_REVERSE_SUBTRACT,
   GL_MIN,
   GL_MAX,
   /* the advanced equations come only with MGP_CAP_BLEND_ADVANCED, which this backend sets where
    * the host has GL_KHR_blend_equation_advanced(_coherent) (glb_screen.c) */
   GL_MULTIPLY_KHR,
   GL_SCREEN_KHR,
   GL_OVERLAY_KHR,
   GL_DARKEN_KHR,
   GL_LIGHTEN_KHR,
   GL_COLORDODGE_KHR,
   GL_COLORBURN_KHR,
   GL_HARDLIGHT_KHR,
   GL_SOFTLIGHT_KHR,
   GL_DIFFERENCE_KHR,
   GL_EXCLUSION_KHR,
   GL_HSL_HUE_KHR,
   GL_HSL_SATURATION_KHR,
   GL_HSL_COLOR_KHR,
   GL_HSL_LUMINOSITY_KHR,
};

static const GLenum compare_funcs[MGP_COMPARE_FUNC_COUNT] = {
   GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS,
};

static const GLenum stencil_ops[MGP_STENCIL_OP_COUNT] = {
   GL_KEEP, GL_ZERO, GL_REPLACE, GL_INCR, GL_DECR, GL_INVERT, GL_INCR_WRAP, GL_DECR_WRAP,
};

static const GLenum prims[MGP_PRIM_COUNT] = {
   [MGP_PRIM_POINTS] = GL_POINTS,
   [MGP_PRIM_LINES] = GL_LINES,
   [MGP_PRIM_LINE_LOOP] = GL_LINE_LOOP,
   [MGP_PRIM_LINE_STRIP] = GL_LINE_STRIP,
   [MGP_PRIM_TRIANGLES] = GL_TRIANGLES,
   [MGP_PRIM_TRIANGLE_STRIP] = GL_TRIANGLE_STRIP,
   [MGP_PRIM_TRIANGLE_FAN] = GL_TRIANGLE_FAN,
   /* adjacency: only into a program's geometry stage (glb_draw_vbo); patches: only into its
    * tessellation stages (scr->tessellation) */
   [MGP_PRIM_LINES_ADJACENCY] = GL_LINES_ADJACENCY,
   [MGP_PRIM_LINE_STRIP_ADJACENCY] = GL_LINE_STRIP_ADJACENCY,
   [MGP_PRIM_TRIANGLES_ADJACENCY] = GL_TRIANGLES_ADJACENCY,
   [MGP_PRIM_TRIANGLE_STRIP_ADJACENCY] = GL_TRIANGLE_STRIP_ADJACENCY,
   [MGP_PRIM_PATCHES] = GL_PATCHES,
};

static const GLenum vertex_types[MGP_VERTEX_TYPE_COUNT] = {
   [MGP_VERTEX_TYPE_BYTE] = GL_BYTE,
   [MGP_VERTEX_TYPE_UNSIGNED_BYTE] = GL_UNSIGNED_BYTE,
   [MGP_VERTEX_TYPE_SHORT] = GL_SHORT,
   [MGP_VERTEX_TYPE_UNSIGNED_SHORT] = GL_UNSIGNED_SHORT,
   [MGP_VERTEX_TYPE_INT] = GL_INT,
   [MGP_VERTEX_TYPE_UNSIGNED_INT] = GL_UNSIGNED_INT,
   [MGP_VERTEX_TYPE_HALF_FLOAT] = GL_HALF_FLOAT,
   [MGP_VERTEX_TYPE_FLOAT] = GL_FLOAT,
   [MGP_VERTEX_TYPE_FIXED] = GL_FIXED,
   [MGP_VERTEX_TYPE_INT_2_10_10_10_REV] = GL_INT_2_10_10_10_REV,
   [MGP_VERTEX_TYPE_UNSIGNED_INT_2_10_10_10_REV] = GL_UNSIGNED_INT_2_10_10_10_REV,
   /* DOUBLE, UNSIGNED_INT_10F_11F_11F_REV: none in GLES (0: declined) */
};

/* ---- applying state -------------------------------------------------------------------------- */

/* What GLES cannot do of a render state, or NULL. */
static const char *
render_state_refusal(const struct glb_screen *scr, const struct mgp_render_state *s)
{
   if (s->logic_op_enable)
      return "a logic op";
   if (s->depth_clamp && !scr->ext_depth_clamp)
      return "depth clamp (EXT_depth_clamp)";
   if (s->sample_shading && !scr->min_sample_shading_fn)
      return "sample shading (GLES 3.2, OES_sample_shading)";
   if (s->clip_distance_mask >> (scr->max_clip_distances < 8 ? scr->max_clip_distances : 8))
      return "clip distances past the host's (EXT_clip_cull_distance)";
   for (unsigned i = 0; i < 8; i++) {
      const struct mgp_blend_target *b = &s->blend[i];
      /* past the enum, or KHR_blend_equation_advanced's where the host does not blend them
       * coherently (MGP_CAP_BLEND_ADVANCED unset), or one for colour and another for alpha */
      if (b->enable && (b->eq_rgb >= MGP_BLEND_OP_COUNT || b->eq_alpha >= MGP_BLEND_OP_COUNT))
         return "a blend equation past the enum";
      if (b->enable && (b->eq_rgb > MGP_BLEND_OP_MAX || b->eq_alpha > MGP_BLEND_OP_MAX) &&
          (!scr->ext_blend_advanced || b->eq_rgb != b->eq_alpha))
         return "an advanced blend equation the host does not take";
      if (b->enable && !scr->max_dual_source &&
          (b->src_rgb >= MGP_BLEND_FACTOR_SRC1_COLOR || b->dst_rgb >= MGP_BLEND_FACTOR_SRC1_COLOR ||
           b->src_alpha >= MGP_BLEND_FACTOR_SRC1_COLOR ||
           b->dst_alpha >= MGP_BLEND_FACTOR_SRC1_COLOR))
         return "a dual-source blend factor";
   }
   return NULL;
}

static GLenum
factor(uint16_t f)
{
   return f < MGP_BLEND_FACTOR_COUNT ? blend_factors[f] : GL_ONE;
}

/* ---- host state through the shadow (glb.h: struct glb_shadow) -------------------------------- */

enum {
   CAP_DEPTH_TEST,
   CAP_STENCIL_TEST,
   CAP_CULL_FACE,
   CAP_POLYGON_OFFSET_FILL,
   CAP_RASTERIZER_DISCARD,
   CAP_ALPHA_TO_COVERAGE,
   CAP_PRIMITIVE_RESTART,
   CAP_SCISSOR_TEST,
   CAP_SAMPLE_COVERAGE,
   CAP_SAMPLE_MASK,
   CAP_SAMPLE_SHADING, /* only where the host has it (MGP_CAP_SAMPLE_SHADING) */
   CAP_DEPTH_CLAMP,    /* only where the host has EXT_depth_clamp (render_state_refusal) */
   CAP_CLIP_DISTANCE0, /* .. CAP_CLIP_DISTANCE0 + 7 */
   CAP_COUNT = CAP_CLIP_DISTANCE0 + 8
};

static const GLenum cap_enums[CAP_COUNT] = {
   GL_DEPTH_TEST,
   GL_STENCIL_TEST,
   GL_CULL_FACE,
   GL_POLYGON_OFFSET_FILL,
   GL_RASTERIZER_DISCARD,
   GL_SAMPLE_ALPHA_TO_COVERAGE,
   GL_PRIMITIVE_RESTART_FIXED_INDEX,
   GL_SCISSOR_TEST,
   GL_SAMPLE_COVERAGE,
   GL_SAMPLE_MASK,
   GL_SAMPLE_SHADING,
   GL_DEPTH_CLAMP_EXT,
   GL_CLIP_DISTANCE0_EXT,
   GL_CLIP_DISTANCE0_EXT + 1,
   GL_CLIP_DISTANCE0_EXT + 2,
   GL_CLIP_DISTANCE0_EXT + 3,
   GL_CLIP_DISTANCE0_EXT + 4,
   GL_CLIP_DISTANCE0_EXT + 5,
   GL_CLIP_DISTANCE0_EXT + 6,
   GL_CLIP_DISTANCE0_EXT + 7,
};

static void
set_cap(struct glb_screen *scr, unsigned cap, bool on)
{
   struct glb_shadow *sh = &scr->sh;
   const uint32_t bit = 1u << cap;
   if ((sh->caps_known & bit) && ((sh->caps_on & bit) != 0) == on)
      return;
   (on ? GLB_GL(scr->h)->glEnable : GLB_GL(scr->h)->glDisable)(cap_enums[cap]);
   if (!sh->trusted)
      return;
   sh->caps_known |= bit;
   sh->caps_on = on ? sh->caps_on | bit : sh->caps_on & ~bit;
}

/* Puts the switches of mask (a bit per CAP_*) as want has them, each only where the shadow's
 * differs: one compare for all of them (a render state change walked ~20 set_cap a draw). */
static void
set_caps(struct glb_screen *scr, uint32_t mask, uint32_t want)
{
   const struct glb_shadow *sh = &scr->sh;
   uint32_t diff = mask & ((want ^ sh->caps_on) | ~sh->caps_known);
   while (diff) {
      const unsigned cap = (unsigned)__builtin_ctz(diff);
      diff &= diff - 1;
      set_cap(scr, cap, want >> cap & 1);
   }
}

/* Whether group bit holds n bytes equal to want; if not, stores them (the caller then makes
 * the host calls) and records the group. */
static bool
same(struct glb_screen *scr, uint32_t bit, void *have, const void *want, size_t n)
{
   if (glb_shadow_known(scr, bit) && !memcmp(have, want, n))
      return true;
   memcpy(have, want, n);
   glb_shadow_set(scr, bit);
   return false;
}

static void
apply_blend(struct glb_context *ctx, const struct mgp_render_state *s)
{
   struct glb_screen *scr = ctx->scr;
   struct glb_shadow *sh = &scr->sh;
   const struct glb_host *h = scr->h;
   const unsigned targets = scr->max_draw_buffers < 8 ? (unsigned)scr->max_draw_buffers : 8;
   const uint32_t all = (1u << targets) - 1u, kept = ctx->alpha_kept & all;
   if (!s->independent_blend && (kept == 0 || kept == all) && targets) {
      /* one blend for every draw buffer, masked alike: GLES's calls for all of them, each
       * only where a target's shadow differs, where the indexed calls cost four a target.
       * Disabling puts no factors: the shadow keeps the host's, so enabling again with the
       * same ones is glEnable alone (blend_toggle: as native GLES) */
      const struct mgp_blend_target *b = &s->blend[0];
      bool mask = false, enable = false, func = false;
      for (unsigned i = 0; i < targets; i++) {
         const struct mgp_blend_target *o = &sh->blend[i];
         if (!sh->blend_known[i]) {
            mask = enable = func = true;
            break;
         }
         mask |= o->color_mask != b->color_mask;
         enable |= o->enable != b->enable;
         func |= !sh->blend_func_known[i] || o->eq_rgb != b->eq_rgb || o->eq_alpha != b->eq_alpha ||
                 o->src_rgb != b->src_rgb || o->dst_rgb != b->dst_rgb ||
                 o->src_alpha != b->src_alpha || o->dst_alpha != b->dst_alpha;
      }
      const uint8_t m = b->color_mask & (kept ? 7 : 15);
      if (mask)
         GLB_GL(h)->glColorMask(m & 1, (m >> 1) & 1, (m >> 2) & 1, (m >> 3) & 1);
      if (enable)
         (b->enable ? GLB_GL(h)->glEnable : GLB_GL(h)->glDisable)(GL_BLEND);
      const bool put_func = b->enable && func;
      if (put_func) {
         GLB_GL(h)->glBlendFuncSeparate(factor(b->src_rgb), factor(b->dst_rgb),
                                        factor(b->src_alpha), factor(b->dst_alpha));
         /* an advanced equation goes through glBlendEquationi alone (as below) */
         if (b->eq_rgb >= MGP_BLEND_OP_MULTIPLY)
            for (unsigned i = 0; i < targets; i++)
               GLB_GL(h)->glBlendEquationi(i, blend_ops[b->eq_rgb % MGP_BLEND_OP_COUNT]);
         else
            GLB_GL(h)->glBlendEquationSeparate(blend_ops[b->eq_rgb % MGP_BLEND_OP_COUNT],
                                               blend_ops[b->eq_alpha % MGP_BLEND_OP_COUNT]);
      }
      for (unsigned i = 0; i < targets; i++) {
         struct mgp_blend_target *o = &sh->blend[i];
         if (!put_func && !b->enable && sh->blend_known[i] && sh->blend_func_known[i]) {
            /* disabled, the factors and equations the host's as they were */
            o->color_mask = b->color_mask;
            o->enable = b->enable;
         } else {
            /* enabled: put, or the same as the host's; disabled and unknown: not the host's */
            sh->blend_func_known[i] = b->enable && sh->trusted;
            *o = *b;
         }
         sh->blend_known[i] = sh->trusted;
      }
      return;
   }
   for (unsigned i = 0; i < targets; i++) {
      const struct mgp_blend_target *b = &s->blend[s->independent_blend ? i : 0];
      if (sh->blend_known[i] && !memcmp(&sh->blend[i], b, sizeof(*b)))
         continue;
      const uint8_t m = b->color_mask & (ctx->alpha_kept >> i & 1 ? 7 : 15);
      GLB_GL(h)->glColorMaski(i, m & 1, (m >> 1) & 1, (m >> 2) & 1, (m >> 3) & 1);
      if (!b->enable) {
         GLB_GL(h)->glDisablei(GL_BLEND, i);
      } else {
         GLB_GL(h)->glEnablei(GL_BLEND, i);
         GLB_GL(h)->glBlendFuncSeparatei(i, factor(b->src_rgb), factor(b->dst_rgb),
                                         factor(b->src_alpha), factor(b->dst_alpha));
         /* an advanced equation (MGP_CAP_BLEND_ADVANCED) is one for colour and alpha, which
          * only glBlendEquationi takes (the Separate forms raise GL_INVALID_ENUM) */
         if (b->eq_rgb >= MGP_BLEND_OP_MULTIPLY)
            GLB_GL(h)->glBlendEquationi(i, blend_ops[b->eq_rgb % MGP_BLEND_OP_COUNT]);
         else
            GLB_GL(h)->glBlendEquationSeparatei(i, blend_ops[b->eq_rgb % MGP_BLEND_OP_COUNT],
                                                blend_ops[b->eq_alpha % MGP_BLEND_OP_COUNT]);
      }
      sh->blend[i] = *b;
      sh->blend_known[i] = sh->trusted;
      sh->blend_func_known[i] = b->enable && sh->trusted; /* put only where enabled */
   }
}

/* The bound render state, if GLES can draw it; NULL: declined. */
static const struct glb_render_state *
render_state_for_draw(struct glb_context *ctx)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_render_state *rs = (const struct glb_render_state *)glb_lookup(
      scr, &scr->render_states, ctx->render_state, "draw");
   if (!rs) {
      MGU_DECLINE(backend_draw_incomplete, "gles: a draw with no render state bound");
      return NULL;
   }
   const char *why = render_state_refusal(scr, &rs->s);
   if (why) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: a draw with %s (not in GLES)", why);
      return NULL;
   }
   return rs;
}

/* Puts the render state on the host, but its stencil (apply_stencil). */
static void
apply_render_state(struct glb_context *ctx, const struct mgp_render_state *s)
{
   struct glb_screen *scr = ctx->scr;
   struct glb_shadow *sh = &scr->sh;
   const struct glb_host *h = scr->h;
   apply_blend(ctx, s);
   /* the switches, compared at once */
   uint32_t mask = 1u << CAP_DEPTH_TEST | 1u << CAP_STENCIL_TEST | 1u << CAP_CULL_FACE |
                   1u << CAP_POLYGON_OFFSET_FILL | 1u << CAP_RASTERIZER_DISCARD |
                   1u << CAP_PRIMITIVE_RESTART;
   uint32_t want = (uint32_t)(s->depth_test != 0) << CAP_DEPTH_TEST |
                   (uint32_t)(s->stencil_test != 0) << CAP_STENCIL_TEST |
                   (uint32_t)(s->cull_face != MGP_CULL_MODE_NONE) << CAP_CULL_FACE |
                   (uint32_t)(s->polygon_offset_enable & 1) << CAP_POLYGON_OFFSET_FILL |
                   (uint32_t)(s->rasterizer_discard != 0) << CAP_RASTERIZER_DISCARD |
                   (uint32_t)(s->primitive_restart != 0) << CAP_PRIMITIVE_RESTART;
   if (scr->ext_depth_clamp) {
      mask |= 1u << CAP_DEPTH_CLAMP;
      want |= (uint32_t)(s->depth_clamp != 0) << CAP_DEPTH_CLAMP;
   }
   const unsigned clips = scr->max_clip_distances <= 0  ? 0
                          : scr->max_clip_distances > 8 ? 8
                                                        : (unsigned)scr->max_clip_distances;
   const uint32_t clip_mask = (1u << clips) - 1u;
   mask |= clip_mask << CAP_CLIP_DISTANCE0;
   want |= (s->clip_distance_mask & clip_mask) << CAP_CLIP_DISTANCE0;
   set_caps(scr, mask, want);
   const struct {
      GLboolean write;
      GLenum func;
   } depth = {s->depth_write ? GL_TRUE : GL_FALSE,
              compare_funcs[s->depth_func % MGP_COMPARE_FUNC_COUNT]};
   if (!glb_shadow_known(scr, GLB_SH_DEPTH) || sh->depth_write != depth.write ||
       sh->depth_func != depth.func) {
      GLB_GL(h)->glDepthMask(depth.write);
      GLB_GL(h)->glDepthFunc(depth.func);
      sh->depth_write = depth.write;
      sh->depth_func = depth.func;
      glb_shadow_set(scr, GLB_SH_DEPTH);
   }
   if (s->cull_face != MGP_CULL_MODE_NONE) {
      const GLenum cull = s->cull_face == MGP_CULL_MODE_FRONT  ? GL_FRONT
                          : s->cull_face == MGP_CULL_MODE_BACK ? GL_BACK
                                                               : GL_FRONT_AND_BACK;
      if (!glb_shadow_known(scr, GLB_SH_CULL) || sh->cull_face != cull) {
         GLB_GL(h)->glCullFace(cull);
         sh->cull_face = cull;
         glb_shadow_set(scr, GLB_SH_CULL);
      }
   }
   const GLenum front = s->front_face == MGP_FRONT_FACE_CW ? GL_CW : GL_CCW;
   if (!glb_shadow_known(scr, GLB_SH_FRONT_FACE) || sh->front_face != front) {
      GLB_GL(h)->glFrontFace(front);
      sh->front_face = front;
      glb_shadow_set(scr, GLB_SH_FRONT_FACE);
   }
}

/* The stencil test's ops (the render state's) and its references and masks (the dynamic
 * state's). */
static void
apply_stencil(struct glb_context *ctx, const struct mgp_render_state *s)
{
   struct glb_screen *scr = ctx->scr;
   struct glb_shadow *sh = &scr->sh;
   const struct glb_host *h = scr->h;
   const struct mgp_dynamic_state *d = &ctx->dyn;
   for (unsigned f = 0; f < 2; f++) {
      const struct glb_stencil_face want = {
         .func = compare_funcs[s->stencil_func[f] % MGP_COMPARE_FUNC_COUNT],
         .fail = stencil_ops[s->stencil_fail[f] % MGP_STENCIL_OP_COUNT],
         .zfail = stencil_ops[s->stencil_zfail[f] % MGP_STENCIL_OP_COUNT],
         .zpass = stencil_ops[s->stencil_zpass[f] % MGP_STENCIL_OP_COUNT],
         .ref = (GLint)d->stencil_ref[f],
         .read_mask = d->stencil_read_mask[f],
         .write_mask = d->stencil_write_mask[f],
      };
      if (sh->stencil_known[f] && !memcmp(&sh->stencil[f], &want, sizeof(want)))
         continue;
      const GLenum face = f ? GL_BACK : GL_FRONT;
      GLB_GL(h)->glStencilFuncSeparate(face, want.func, want.ref, want.read_mask);
      GLB_GL(h)->glStencilOpSeparate(face, want.fail, want.zfail, want.zpass);
      GLB_GL(h)->glStencilMaskSeparate(face, want.write_mask);
      sh->stencil[f] = want;
      sh->stencil_known[f] = sh->trusted;
   }
}

/* GL's multisample fragment operations (GL 3.3 §4.1.3) apply only with GL_MULTISAMPLE on and a
 * multisampled framebuffer; GLES has no GL_MULTISAMPLE switch, so off turns each of them off
 * here (the coverage stays per sample: the client declines that as
 * multisample-off-approximated). Alpha to coverage, glSampleCoverage and glSampleMaski (GLES 3.1)
 * are the host's; alpha to one, which GLES lacks, is the program's (glb_program_alpha_one).
 * false: declined. */
static bool
apply_multisample(struct glb_context *ctx, const struct mgp_render_state *s,
                  struct glb_shader *prog)
{
   struct glb_screen *scr = ctx->scr;
   struct glb_shadow *sh = &scr->sh;
   const struct glb_host *h = scr->h;
   const struct mgp_dynamic_state *d = &ctx->dyn;
   const bool ms = s->multisample && ctx->fb.samples > 1;
   const bool mask = ms && s->sample_mask != ~0u;
   if (mask && !h->glSampleMaski) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a draw with a sample mask (glSampleMaski is GLES 3.1's)");
      return false;
   }
   if (ms && s->alpha_to_one && s->alpha_to_coverage) {
      /* the host's alpha to coverage would read the alpha the program set to 1 */
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a draw with alpha to coverage and alpha to one together");
      return false;
   }
   set_cap(scr, CAP_ALPHA_TO_COVERAGE, ms && s->alpha_to_coverage);
   const bool cov = ms && d->sample_coverage_enable;
   set_cap(scr, CAP_SAMPLE_COVERAGE, cov);
   if (cov) {
      const GLfloat cv[2] = {d->sample_coverage_value, d->sample_coverage_invert ? 1.0f : 0.0f};
      if (!same(scr, GLB_SH_SAMPLE_COVERAGE, sh->sample_coverage, cv, sizeof(cv)))
         GLB_GL(h)->glSampleCoverage(cv[0], cv[1] != 0.0f ? GL_TRUE : GL_FALSE);
   }
   set_cap(scr, CAP_SAMPLE_MASK, mask);
   if (mask &&
       !same(scr, GLB_SH_SAMPLE_MASK, &sh->sample_mask, &s->sample_mask, sizeof(sh->sample_mask)))
      GLB_GL(h)->glSampleMaski(0, s->sample_mask);
   /* GL 4.0 §3.3.1 / GLES 3.2 §13.4.1: the minimum, as the client clamped it to [0, 1] */
   const bool shading = ms && s->sample_shading;
   if (scr->min_sample_shading_fn) /* else render_state_refusal */
      set_cap(scr, CAP_SAMPLE_SHADING, shading);
   if (shading && !same(scr, GLB_SH_MIN_SAMPLE_SHADING, &sh->min_sample_shading,
                        &s->min_sample_shading, sizeof(sh->min_sample_shading)))
      scr->min_sample_shading_fn(s->min_sample_shading);
   glb_program_alpha_one(scr, prog, ms && s->alpha_to_one);
   return true;
}

/* GL_LINE_SMOOTH (GL 3.3 §3.5.2): GLES has no antialiased lines, so a smooth line outside a
 * multisampled framebuffer with GL_MULTISAMPLE on (where GL ignores the switch, §3.5.4) is drawn
 * aliased, without its coverage in alpha: counted and logged by name, as the Vulkan backend
 * does on a device without smoothLines. ctx->draw_line_smooth: the render state and
 * framebuffer draw smooth lines so. */
static void
note_line_smooth(const struct glb_context *ctx, unsigned mode)
{
   const bool line =
      mode == MGP_PRIM_LINES || mode == MGP_PRIM_LINE_LOOP || mode == MGP_PRIM_LINE_STRIP;
   if (line && ctx->draw_line_smooth)
      MGU_DECLINE(line_smooth_approximated,
                  "gles: GL_LINE_SMOOTH lines drawn aliased (GLES has no antialiased lines)");
}

/* The dynamic state's viewport (ctx->dyn_set), where the shadow differs. */
static inline void
apply_viewport(struct glb_context *ctx)
{
   struct glb_screen *scr = ctx->scr;
   const struct mgp_dynamic_state *d = &ctx->dyn;
   const GLint vp[4] = {(GLint)d->viewport[0], (GLint)d->viewport[1],
                        d->viewport[2] > 0 ? (GLsizei)d->viewport[2] : 0,
                        d->viewport[3] > 0 ? (GLsizei)d->viewport[3] : 0};
   if (!same(scr, GLB_SH_VIEWPORT, scr->sh.viewport, vp, sizeof(vp)))
      GLB_GL(scr->h)->glViewport(vp[0], vp[1], vp[2], vp[3]);
}

/* The dynamic group's parts (GLB_DYN_*) of `parts`, each where the shadow differs. */
static void
apply_dynamic_state(struct glb_context *ctx, uint32_t parts)
{
   struct glb_screen *scr = ctx->scr;
   struct glb_shadow *sh = &scr->sh;
   const struct glb_host *h = scr->h;
   const struct mgp_dynamic_state *d = &ctx->dyn;
   if (!ctx->dyn_set) { /* GL's initial state: the whole framebuffer */
      const GLint vp[4] = {0, 0, (GLsizei)ctx->fb.width, (GLsizei)ctx->fb.height};
      if (!same(scr, GLB_SH_VIEWPORT, sh->viewport, vp, sizeof(vp)))
         GLB_GL(h)->glViewport(vp[0], vp[1], vp[2], vp[3]);
      set_cap(scr, CAP_SCISSOR_TEST, false);
      return;
   }
   if (parts & GLB_DYN_VIEWPORT)
      apply_viewport(ctx);
   if ((parts & GLB_DYN_DEPTH_RANGE) &&
       !same(scr, GLB_SH_DEPTH_RANGE, sh->depth_range, d->depth_range, sizeof(sh->depth_range)))
      GLB_GL(h)->glDepthRangef(d->depth_range[0], d->depth_range[1]);
   if (parts & GLB_DYN_SCISSOR) {
      set_cap(scr, CAP_SCISSOR_TEST, d->scissor_enable);
      if (d->scissor_enable) {
         const GLint sc[4] = {d->scissor[0], d->scissor[1], d->scissor[2] > 0 ? d->scissor[2] : 0,
                              d->scissor[3] > 0 ? d->scissor[3] : 0};
         if (!same(scr, GLB_SH_SCISSOR, sh->scissor, sc, sizeof(sc)))
            GLB_GL(h)->glScissor(sc[0], sc[1], sc[2], sc[3]);
      }
   }
   if ((parts & GLB_DYN_BLEND_COLOR) &&
       !same(scr, GLB_SH_BLEND_COLOR, sh->blend_color, d->blend_color, sizeof(sh->blend_color)))
      GLB_GL(h)->glBlendColor(d->blend_color[0], d->blend_color[1], d->blend_color[2],
                              d->blend_color[3]);
   if (parts & GLB_DYN_POLYGON_OFFSET) {
      const GLfloat po[3] = {d->polygon_offset_factor, d->polygon_offset_units,
                             scr->ext_offset_clamp ? d->polygon_offset_clamp : 0.0f};
      if (!same(scr, GLB_SH_POLYGON_OFFSET, sh->polygon_offset, po, sizeof(po))) {
         if (scr->ext_offset_clamp)
            GLB_GL(h)->glPolygonOffsetClampEXT(po[0], po[1], po[2]);
         else
            GLB_GL(h)->glPolygonOffset(po[0], po[1]);
      }
   }
   if (parts & GLB_DYN_LINE_WIDTH) {
      float lw = d->line_width;
      if (lw < scr->line_range[0])
         lw = scr->line_range[0];
      if (lw > scr->line_range[1])
         lw = scr->line_range[1];
      if (!same(scr, GLB_SH_LINE_WIDTH, &sh->line_width, &lw, sizeof(lw)))
         GLB_GL(h)->glLineWidth(lw);
   }
}

static void
bind_array_buffer(struct glb_screen *scr, GLuint name)
{
   if (glb_shadow_known(scr, GLB_SH_ARRAY_BUFFER) && scr->sh.array_buffer == name)
      return;
   GLB_GL(scr->h)->glBindBuffer(GL_ARRAY_BUFFER, name);
   scr->sh.array_buffer = name;
   glb_shadow_set(scr, GLB_SH_ARRAY_BUFFER);
}

/* A disabled attribute at loc reads value (kind 0 float, 1 int, 2 uint). */
static void
attrib_value(struct glb_screen *scr, unsigned loc, uint8_t kind, const uint32_t value[4])
{
   struct glb_attrib_shadow *a = &scr->sh.attrib[loc];
   const struct glb_host *h = scr->h;
   if (a->known && !a->enabled && a->kind == kind && !memcmp(a->value, value, sizeof(a->value)))
      return;
   if (!a->known || a->enabled)
      GLB_GL(h)->glDisableVertexAttribArray(loc);
   if (kind == 1)
      GLB_GL(h)->glVertexAttribI4iv(loc, (const GLint *)value);
   else if (kind == 2)
      GLB_GL(h)->glVertexAttribI4uiv(loc, value);
   else
      GLB_GL(h)->glVertexAttrib4fv(loc, (const GLfloat *)value);
   memset(a, 0, sizeof(*a));
   a->kind = kind;
   memcpy(a->value, value, sizeof(a->value));
   a->known = scr->sh.trusted;
}

/* Where the host's array of attribute a starts in its binding's buffer vb. GL 4.2's base
 * instance, which GLES lacks: an instanced array's element is floor(instance / divisor) + base
 * instance, so its array starts base instance elements on (gl_InstanceID stays from 0, as GL
 * has it). */
static inline uint64_t
array_offset(const struct glb_context *ctx, const struct mgp_vertex_attrib *a,
             const struct mgp_vertex_binding *b, const struct mgp_vertex_buffer *vb)
{
   return vb->offset + a->relative_offset +
          (b->divisor ? (uint64_t)ctx->base_instance * b->stride : 0);
}

/* Attribute loc's array as GLES fetches it: its size and type; false: declined (no GLES
 * format, a double, a stride past GLES 3.0's least GL_MAX_VERTEX_ATTRIB_STRIDE). */
static bool
array_format(const struct glb_shader *prog, const struct glb_vertex_elements *ve, unsigned loc,
             GLint *size, GLenum *type)
{
   const struct mgp_vertex_attrib *a = &ve->ve.attribs[loc];
   const struct mgp_vertex_binding *b =
      a->binding < GLB_MAX_VB ? &ve->ve.bindings[a->binding] : NULL;
   *type = a->type < MGP_VERTEX_TYPE_COUNT ? vertex_types[a->type] : 0;
   /* GL_BGRA: fetched as four components in memory order, swizzled by the program's
    * variant (glb_program_variant) where it reads the input */
   const bool bgra = a->size == MGP_ATTRIB_SIZE_BGRA && (prog->bgra_inputs >> loc & 1) &&
                     !(a->flags & MGP_ATTRIB_INTEGER);
   *size = bgra ? 4 : a->size;
   if (!b || !*type || *size < 1 || *size > 4 || (a->flags & MGP_ATTRIB_DOUBLE) ||
       b->stride > 2048) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: vertex attribute %u (type %u, size %u, stride %u) not in GLES", loc,
                  a->type, a->size, b ? b->stride : 0);
      return false;
   }
   return true;
}

static __attribute__((noinline, cold)) void
decline_no_buffer(unsigned binding)
{
   MGU_DECLINE(backend_draw_incomplete, "gles: vertex binding %u has no buffer", binding);
}

/* The buffer at vertex buffer binding `binding`; NULL: declined (none, or not a buffer). */
static inline struct glb_resource *
binding_buffer(struct glb_context *ctx, unsigned binding)
{
   const struct mgp_vertex_buffer *vb = &ctx->vb[binding];
   struct glb_resource *r =
      mgp_handle_is_null(vb->res) ? NULL : glb_resource_for_use(ctx->scr, vb->res, "draw");
   if (!r || !r->is_buffer) {
      decline_no_buffer(binding);
      return NULL;
   }
   return r;
}

/* The fold of the arrays through GLES 3.1's attribute bindings (scr->attrib_binding) into f.
 * Each MGPipe binding the arrays read is a host binding of the same index, except that bindings
 * reading one buffer with one stride and divisor (a client's interleaved arrays, each put with
 * its own glVertexAttribPointer: one MGPipe binding per attribute) fold into the one of them
 * that starts first, their attributes reading it at their relative offset plus the distance
 * between the two starts (where that stays within the host's
 * GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET). false: declined. */
static bool
fold_find(struct glb_context *ctx, const struct glb_shader *prog,
          const struct glb_vertex_elements *ve, uint32_t arrays, struct glb_vertex_fold *f)
{
   struct glb_screen *scr = ctx->scr;
   const struct mgp_vertex_binding *vb_desc = ve->ve.bindings;
   /* the MGPipe bindings the arrays read: each one's buffer and where its first element
    * starts (array_offset's, less the attribute's relative offset) */
   uint32_t used = 0;
   GLuint name[GLB_MAX_VB];
   uint64_t start[GLB_MAX_VB];
   for (uint32_t rest = arrays; rest; rest &= rest - 1) {
      const unsigned loc = (unsigned)__builtin_ctz(rest), i = ve->ve.attribs[loc].binding;
      if (i >= GLB_MAX_VB) {
         GLint size;
         GLenum type;
         return array_format(prog, ve, loc, &size, &type); /* declines it: false */
      }
      if (used >> i & 1)
         continue;
      const struct glb_resource *r = binding_buffer(ctx, i);
      if (!r)
         return false;
      used |= 1u << i;
      name[i] = r->name;
      f->stride[i] = vb_desc[i].stride;
      f->divisor[i] = vb_desc[i].divisor;
      start[i] = ctx->vb[i].offset +
                 (vb_desc[i].divisor ? (uint64_t)ctx->base_instance * vb_desc[i].stride : 0);
   }
   /* each binding's host binding (its lead): the first-starting (then lowest) of those reading
    * its buffer with its stride and divisor; itself where the arrays read one binding. lone:
    * those that share a stride and divisor with another read and fold with none (a buffer
    * set there may fold them) */
   uint32_t folded = 0, leads = 0, shared = 0;
   for (uint32_t rest = used & (used - 1) ? used : 0; rest; rest &= rest - 1) {
      const unsigned i = (unsigned)__builtin_ctz(rest);
      unsigned k = i;
      for (uint32_t other = used & ~(1u << i); other; other &= other - 1) {
         const unsigned j = (unsigned)__builtin_ctz(other);
         if (vb_desc[j].stride != vb_desc[i].stride || vb_desc[j].divisor != vb_desc[i].divisor)
            continue;
         shared |= 1u << i;
         if (name[j] == name[i] && (start[j] < start[k] || (start[j] == start[k] && j < k)))
            k = j;
      }
      f->lead[i] = (uint8_t)k;
      if (k != i) {
         folded |= 1u << i;
         leads |= 1u << k;
         f->dist[i] = start[i] - start[k];
      }
   }
   const uint32_t max_rel = (uint32_t)scr->max_relative_offset;
   uint32_t put = 0;
   for (uint32_t rest = arrays; rest; rest &= rest - 1) {
      const unsigned loc = (unsigned)__builtin_ctz(rest);
      const struct mgp_vertex_attrib *a = &ve->ve.attribs[loc];
      if (a->relative_offset > max_rel) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: vertex attribute %u's relative offset %u past the host's %u", loc,
                     a->relative_offset, max_rel);
         return false;
      }
      /* the distance from the first start (none before it), compared without wrap */
      unsigned host = a->binding;
      uint64_t rel = 0;
      if (folded >> host & 1) {
         rel = f->dist[host];
         host = f->lead[host];
         if (rel > max_rel - a->relative_offset) { /* too far: its own binding */
            host = a->binding;
            rel = 0;
         }
      }
      f->host[loc] = (uint8_t)host;
      f->rel[loc] = (uint32_t)rel + a->relative_offset;
      put |= 1u << host;
   }
   f->serial = ve->serial;
   f->arrays = arrays;
   f->put = (uint16_t)put;
   f->folded = (uint16_t)folded;
   f->lone = (uint16_t)(shared & ~(folded | leads));
   return true;
}

/* Whether the fold f stands for the vertex buffers set since it was found (ctx->vb_moved):
 * each folded binding that moved, or whose lead moved, reads its lead's buffer at the distance
 * it had, and no lone binding (fold_find's) moved. */
static inline __attribute__((always_inline)) bool
fold_stands(const struct glb_context *ctx, const struct glb_vertex_fold *f)
{
   const uint32_t moved = ctx->vb_moved;
   if (!moved)
      return true;
   if (moved & f->lone)
      return false;
   for (uint32_t rest = f->folded; rest; rest &= rest - 1) {
      const unsigned i = (unsigned)__builtin_ctz(rest), k = f->lead[i];
      if (!((moved >> i | moved >> k) & 1))
         continue;
      const struct mgp_vertex_buffer *b = &ctx->vb[i], *l = &ctx->vb[k];
      if (!mgp_handle_eq(b->res, l->res) || b->offset - l->offset != f->dist[i])
         return false;
   }
   return true;
}

/* The host bindings the fold f reads (f->put): each one's buffer, start and stride
 * (glBindVertexBuffer) and divisor (glVertexBindingDivisor) where the shadow differs. false: a
 * binding without a buffer, declined. (inline: a call of its own cost program_change's walk
 * +22 a draw) */
static inline __attribute__((always_inline)) bool
fold_put(struct glb_context *ctx, const struct glb_vertex_fold *f)
{
   struct glb_screen *scr = ctx->scr;
   struct glb_shadow *sh = &scr->sh;
   const struct glb_host *h = scr->h;
   for (uint32_t rest = f->put; rest; rest &= rest - 1) {
      const unsigned i = (unsigned)__builtin_ctz(rest);
      const struct glb_resource *r = binding_buffer(ctx, i);
      if (!r)
         return false;
      const GLsizei stride = (GLsizei)f->stride[i];
      const uint64_t start =
         ctx->vb[i].offset + (f->divisor[i] ? (uint64_t)ctx->base_instance * f->stride[i] : 0);
      /* a pipe stride of 0 reads one element for every vertex: the largest divisor reads
       * element 0 in every vertex and instance (as apply_vertex_input's arrays) */
      const GLuint divisor = stride ? f->divisor[i] : 0xffffffffu;
      struct glb_binding_shadow *hb = &sh->binding[i];
      if (!hb->known || hb->buffer != r->name || hb->offset != start || hb->stride != stride) {
         GLB_GL(h)->glBindVertexBuffer(i, r->name, (GLintptr)start, stride);
         scr->stats.vertex_buffer_binds++;
         hb->buffer = r->name;
         hb->offset = start;
         hb->stride = stride;
      }
      if (!hb->known || hb->divisor != divisor) {
         GLB_GL(h)->glVertexBindingDivisor(i, divisor);
         hb->divisor = divisor;
      }
      hb->known = sh->trusted;
   }
   return true;
}

/* The arrays through GLES 3.1's attribute bindings (scr->attrib_binding), as fold_find folds
 * them: found again only where the vertex elements or the arrays changed or fold_stands finds
 * a buffer set since moved a folded binding apart (a draw that changed nothing in it pays no
 * fold). An attribute's format, relative offset and host binding go on the host where they
 * changed (glVertexAttribFormat, glVertexAttribBinding); each host binding read takes its
 * buffer, offset and stride (glBindVertexBuffer) and divisor (glVertexBindingDivisor) where
 * they changed: so the attributes of one buffer bind it once, and a buffer change alone is one
 * call for them all. buffers_only (apply_vertex_input's): the host holds this context's last
 * draw, its formats; with the fold kept, its attributes stand whole (the last arrays_bound put
 * them: the fold is valid only after), else an array the host holds enabled at the same
 * binding and relative offset keeps the format it has. */
static bool
arrays_bound(struct glb_context *ctx, const struct glb_shader *prog,
             const struct glb_vertex_elements *ve, uint32_t arrays, bool buffers_only)
{
   struct glb_screen *scr = ctx->scr;
   struct glb_shadow *sh = &scr->sh;
   const struct glb_host *h = scr->h;
   struct glb_vertex_fold *f = &ctx->fold;
   if (!arrays) {
      f->valid = false;
      ctx->vb_moved = 0;
      return true;
   }
   const bool kept =
      f->valid && f->serial == ve->serial && f->arrays == arrays && fold_stands(ctx, f);
   f->valid = false;
   if (!kept && !fold_find(ctx, prog, ve, arrays, f))
      return false;
   ctx->vb_moved = 0;
   for (uint32_t rest = kept && buffers_only ? 0 : arrays; rest; rest &= rest - 1) {
      const unsigned loc = (unsigned)__builtin_ctz(rest), host = f->host[loc];
      const uint32_t rel = f->rel[loc];
      const struct mgp_vertex_attrib *a = &ve->ve.attribs[loc];
      struct glb_attrib_shadow *have = &sh->attrib[loc];
      const bool held = have->known && have->enabled;
      if (buffers_only && held && have->binding == host && have->relative_offset == rel)
         continue;
      GLint size;
      GLenum type;
      if (!array_format(prog, ve, loc, &size, &type))
         return false;
      const uint32_t flags = a->flags & (MGP_ATTRIB_INTEGER | MGP_ATTRIB_NORMALIZED);
      if (!held)
         GLB_GL(h)->glEnableVertexAttribArray(loc);
      if (!held || have->size != size || have->type != type || have->flags != flags ||
          have->relative_offset != rel) {
         if (flags & MGP_ATTRIB_INTEGER)
            GLB_GL(h)->glVertexAttribIFormat(loc, size, type, rel);
         else
            GLB_GL(h)->glVertexAttribFormat(
               loc, size, type, (flags & MGP_ATTRIB_NORMALIZED) ? GL_TRUE : GL_FALSE, rel);
      }
      if (!held || have->binding != host)
         GLB_GL(h)->glVertexAttribBinding(loc, host);
      *have = (struct glb_attrib_shadow){.known = sh->trusted,
                                         .enabled = true,
                                         .size = size,
                                         .type = type,
                                         .flags = flags,
                                         .relative_offset = rel,
                                         .binding = (uint8_t)host};
   }
   if (!fold_put(ctx, f))
      return false;
   f->ve = ctx->vertex_elements;
   f->prog = prog->base.h;
   f->valid = true;
   return true;
}

/* The vertex array's attribute arrays, and with values (GLB_DIRTY_ATTRIB_VALUES) the current
 * values of the attributes without one. buffers_only (GLB_DIRTY_VERTEX_BUFFERS alone, on a
 * host holding this context's last draw): an array the host holds enabled with a stride takes
 * its binding's buffer and offset alone, its format being the one that draw checked and put
 * (the vertex elements and the program are unchanged: GLB_DIRTY_VERTEX unmarked). */
static bool
apply_vertex_input(struct glb_context *ctx, const struct glb_shader *prog, bool values,
                   bool buffers_only)
{
   struct glb_screen *scr = ctx->scr;
   struct glb_shadow *sh = &scr->sh;
   const struct glb_host *h = scr->h;
   if (!glb_shadow_known(scr, GLB_SH_VAO) || sh->vao != ctx->vao) {
      GLB_GL(h)->glBindVertexArray(ctx->vao);
      /* the attribute arrays and the element buffer are the vertex array's */
      for (unsigned loc = 0; loc < GLB_MAX_ATTRIBS; loc++)
         sh->attrib[loc].known = false;
      for (unsigned i = 0; i < GLB_MAX_VB; i++)
         sh->binding[i].known = false;
      sh->known &= ~(uint32_t)GLB_SH_ELEMENT_BUFFER;
      sh->vao = ctx->vao;
      values = true;
      buffers_only = false;
      glb_shadow_set(scr, GLB_SH_VAO);
   }
   const struct glb_vertex_elements *ve =
      mgp_handle_is_null(ctx->vertex_elements)
         ? NULL
         : glb_lookup(scr, &scr->vertex_elements, ctx->vertex_elements, "draw");
   const unsigned locs = scr->max_vertex_attribs <= 0   ? 0
                         : scr->max_vertex_attribs < 16 ? (unsigned)scr->max_vertex_attribs
                                                        : 16;
   const uint32_t all = (1u << locs) - 1u;
   const uint32_t base_instance = prog->base_instance_loc >= 0 && prog->base_instance_loc < 16
                                     ? 1u << prog->base_instance_loc
                                     : 0;
   /* the attributes read from arrays; the others read values, walked only with values */
   const uint32_t arrays =
      (ve ? ve->ve.enabled_mask : 0) & prog->refl.vertex_input_mask & all & ~base_instance;
   /* with values: the attributes the program reads without an array, and those the host may
    * still fetch from an array (not known off: attrib_value turns it off); the others' values
    * wait on the host until a program that reads them is set (which marks values again) */
   uint32_t walk = 0;
   if (values) {
      const uint32_t none = all & ~arrays, reads = (prog->refl.vertex_input_mask | base_instance);
      walk = none & reads;
      for (uint32_t o = none & ~reads; o; o &= o - 1) {
         const unsigned loc = (unsigned)__builtin_ctz(o);
         if (!sh->attrib[loc].known || sh->attrib[loc].enabled)
            walk |= 1u << loc;
      }
   }
   for (uint32_t rest = walk; rest; rest &= rest - 1) {
      const unsigned loc = (unsigned)__builtin_ctz(rest);
      static const uint32_t zero[4] = {0, 0, 0, 0};
      if ((1u << loc) & base_instance)
         attrib_value(scr, loc, 1, zero);
      else
         /* the attribute's current value, as the client last set it; which attributes have
          * no array changes only with the vertex elements or the program, which mark values */
         attrib_value(scr, loc, ctx->attrib_kind[loc], ctx->attrib_value[loc]);
   }
   if (scr->attrib_binding)
      return arrays_bound(ctx, prog, ve, arrays, buffers_only);
   for (uint32_t rest = arrays; rest; rest &= rest - 1) {
      const unsigned loc = (unsigned)__builtin_ctz(rest);
      const struct mgp_vertex_attrib *a = &ve->ve.attribs[loc];
      struct glb_attrib_shadow *have = &sh->attrib[loc];
      if (buffers_only && have->known && have->enabled && have->stride && scr->bind_vertex_buffer) {
         /* the last draw put this array: its binding is in range (a buffer without a
          * resource takes the whole way below, which declines it) */
         const struct mgp_vertex_buffer *vb = &ctx->vb[a->binding];
         struct glb_resource *r =
            mgp_handle_is_null(vb->res) ? NULL : glb_resource_for_use(scr, vb->res, "draw");
         if (r && r->is_buffer) {
            const uint64_t offset = array_offset(ctx, a, &ve->ve.bindings[a->binding], vb);
            if (have->buffer != r->name || have->offset != offset) {
               GLB_GL(h)->glBindVertexBuffer(loc, r->name, (GLintptr)offset, have->stride);
               have->buffer = r->name;
               have->offset = offset;
               scr->stats.vertex_buffer_binds++;
            }
            continue;
         }
      }
      GLint size;
      GLenum type;
      if (!array_format(prog, ve, loc, &size, &type))
         return false;
      const struct mgp_vertex_binding *b = &ve->ve.bindings[a->binding];
      const struct mgp_vertex_buffer *vb = &ctx->vb[a->binding];
      struct glb_resource *r = binding_buffer(ctx, a->binding);
      if (!r)
         return false;
      const struct glb_attrib_shadow want = {
         .enabled = true,
         .buffer = r->name,
         .size = size,
         .type = type,
         .flags = a->flags & (MGP_ATTRIB_INTEGER | MGP_ATTRIB_NORMALIZED),
         .stride = (GLsizei)b->stride,
         .offset = array_offset(ctx, a, b, vb),
         /* A pipe stride of 0 reads one element for every vertex (GL 4.3 glBindVertexBuffer),
          * while GLES's stride 0 means tightly packed: the largest divisor reads element 0 in
          * every vertex and every instance a draw can have. */
         .divisor = b->stride ? b->divisor : 0xffffffffu,
      };
      const bool same_format = have->known && have->enabled && have->size == want.size &&
                               have->type == want.type && have->flags == want.flags &&
                               have->stride == want.stride && have->divisor == want.divisor;
      if (same_format && have->buffer == want.buffer && have->offset == want.offset)
         continue;
      /* the buffer or offset alone: GLES 3.1's binding of the attribute's own binding index
       * (glVertexAttribPointer binds attribute loc to binding loc), one host call where
       * glBindBuffer and glVertexAttribPointer were two, and the host checks no format; a
       * stride of 0 (packed) is glVertexAttribPointer's alone */
      if (same_format && want.stride && scr->bind_vertex_buffer) {
         GLB_GL(h)->glBindVertexBuffer(loc, want.buffer, (GLintptr)want.offset, want.stride);
         have->buffer = want.buffer;
         have->offset = want.offset;
         scr->stats.vertex_buffer_binds++;
         continue;
      }
      if (!have->known || !have->enabled)
         GLB_GL(h)->glEnableVertexAttribArray(loc);
      bind_array_buffer(scr, r->name);
      const void *off = (const void *)(uintptr_t)want.offset;
      if (a->flags & MGP_ATTRIB_INTEGER)
         GLB_GL(h)->glVertexAttribIPointer(loc, size, type, want.stride, off);
      else
         GLB_GL(h)->glVertexAttribPointer(loc, size, type,
                                          (a->flags & MGP_ATTRIB_NORMALIZED) ? GL_TRUE : GL_FALSE,
                                          want.stride, off);
      if (!have->known || !have->enabled || have->divisor != want.divisor)
         GLB_GL(h)->glVertexAttribDivisor(loc, want.divisor);
      *have = want;
      have->known = sh->trusted;
   }
   return true;
}

/* A vertex buffer change alone on apply_short's way, where the host holds this context's vertex
 * array and the fold stands for the vertex elements and program arrays_bound last put it for
 * (every change of either marks GLB_DIRTY_VERTEX, which only a put of the arrays clears, and
 * the fold's keys are their handles): the arrays and formats stand, the host bindings' buffers
 * alone go on the host, as arrays_bound's kept fold, without apply_vertex_input's lookup and
 * masks. -1: the fold does not stand, apply_vertex_input decides; else whether put (0:
 * declined, as arrays_bound's). */
static inline __attribute__((always_inline)) int
vertex_buffers_short(struct glb_context *ctx, const struct glb_shader *prog)
{
   struct glb_screen *scr = ctx->scr;
   struct glb_vertex_fold *f = &ctx->fold;
   if (!f->valid || !scr->attrib_binding || !glb_shadow_known(scr, GLB_SH_VAO) ||
       scr->sh.vao != ctx->vao || !mgp_handle_eq(f->ve, ctx->vertex_elements) ||
       !mgp_handle_eq(f->prog, prog->base.h) || !fold_stands(ctx, f))
      return -1;
   f->valid = false;
   ctx->vb_moved = 0;
   if (!fold_put(ctx, f))
      return 0;
   f->valid = true;
   scr->stats.vertex_buffers_short++;
   return 1;
}

/* (inline: the compact glDrawElements's one question) */
static inline __attribute__((always_inline)) void
bind_element_buffer(struct glb_screen *scr, GLuint name)
{
   if (glb_shadow_known(scr, GLB_SH_ELEMENT_BUFFER) && scr->sh.element_buffer == name)
      return;
   GLB_GL(scr->h)->glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, name);
   scr->sh.element_buffer = name;
   glb_shadow_set(scr, GLB_SH_ELEMENT_BUFFER);
}

/* ---- the draw's groups ------------------------------------------------------------------------- */

/* The bits set in v, inline (__builtin_popcount is a libgcc call on the baseline x86-64). */
static inline unsigned
bit_count(uint32_t v)
{
   v = v - ((v >> 1) & 0x55555555u);
   v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
   return (((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}

/* The modes whose compact draw meets its checks on what the last draw resolved (a bit per
 * mode): the last draw's primitive class (points or not: a change may pick another variant),
 * the host's robust access (without it every draw's ranges are bounded, draw_in_bounds),
 * polygons filled (no outline variant), and no first-vertex unrolling (draw_first_vertex: the
 * first provoking vertex and flat inputs, but for points). Found by the compact draw's way
 * (draw_compact_unchanged) where ctx->compact_modes is 0, which apply_groups and draw_pass set
 * where the render state, the program or the class may change; then the common compact draw
 * (glb_draw) reads one byte. */
static uint8_t
compact_modes(const struct glb_context *ctx)
{
   _Static_assert(MGP_PRIM_POINTS == 0 && MGP_PRIM_LINES == 1 && MGP_PRIM_TRIANGLE_FAN == 6,
                  "the modes GLES draws are bits 0 to 6");
   const struct mgp_render_state *s = &ctx->draw_rs->s;
   if (!ctx->scr->robust || s->polygon_mode != MGP_POLYGON_MODE_FILL)
      return 0;
   if (ctx->draw_points)
      return 1u << MGP_PRIM_POINTS;
   return s->provoking_vertex_last || !ctx->draw_prog->flat_inputs ? 0x7e : 0;
}

/* apply_state's short way: the groups a compact draw may find marked (the dynamic state, the
 * program's buffers, its textures and samplers, the vertex buffers; draw_compact_unchanged's)
 * and no other, on a host holding this context's last draw. What that draw checked and put
 * stands (its program and variant, render state, vertex elements, framebuffer): the marked
 * groups go on the host without the walk over the others. The textures and samplers alone
 * leave the program's variant as it was: apply_state takes this way only where the samplers'
 * LOD bias is not stale (a sampler handle changed), and the variant's other inputs (GL_BGRA
 * arrays, the primitive class, the outline) are other groups' or the draw's own checks. */
enum {
   GLB_DIRTY_SHORT =
      GLB_DIRTY_DYNAMIC | GLB_DIRTY_BUFFERS | GLB_DIRTY_VERTEX_BUFFERS | GLB_DIRTY_SAMPLERS
};

static inline __attribute__((always_inline)) bool
apply_short_in(struct glb_context *ctx, uint32_t todo)
{
   struct glb_screen *scr = ctx->scr;
   struct glb_shader *prog = ctx->draw_prog;
   /* todo holds GLB_DIRTY_SHORT's four bits at most: every group skipped but those put, one
    * less as each is reached (a decline leaves those after it counted skipped) */
   scr->stats.groups_skipped += bit_count(GLB_DIRTY_ALL);
   scr->stats.groups_skipped -= (todo & GLB_DIRTY_SAMPLERS) != 0;
   if (todo & GLB_DIRTY_BUFFERS) {
      scr->stats.groups_skipped--;
      scr->stats.buffers_only_draws++;
      if (!glb_program_buffers_short(ctx, prog) ||
          ((prog->ssbo_mask | prog->image_mask) && !glb_storage_bind(ctx, prog, "draw")))
         return false;
   }
   if ((todo & GLB_DIRTY_SAMPLERS) && !glb_samplers_bind(ctx, prog))
      return false;
   if (todo & GLB_DIRTY_VERTEX_BUFFERS) {
      scr->stats.groups_skipped--;
      const int put = vertex_buffers_short(ctx, prog);
      if (!put || (put < 0 && !apply_vertex_input(ctx, prog, false, true)))
         return false;
   }
   if (todo & GLB_DIRTY_DYNAMIC) {
      scr->stats.groups_skipped--;
      const uint32_t parts = ctx->dyn_parts;
      if (parts == GLB_DYN_VIEWPORT && ctx->dyn_set) {
         /* a viewport change alone: its compare and call, the other parts skipped */
         scr->stats.dyn_parts_skipped += bit_count(GLB_DYN_ALL & ~(uint32_t)GLB_DYN_VIEWPORT);
         apply_viewport(ctx);
      } else {
         scr->stats.dyn_parts_skipped += bit_count(GLB_DYN_ALL & ~parts);
         apply_dynamic_state(ctx, parts);
      }
   }
   ctx->dirty = ctx->ubo_padded ? GLB_DIRTY_BUFFERS : 0; /* copied again at each draw */
   ctx->dyn_parts = 0;
   scr->stats.short_applies++;
   if (scr->sh.trusted)
      scr->sh.applied = ctx;
   return true;
}

/* (out of line: apply_state's and apply_marked's; glb_draw's is draw_short) */
static __attribute__((noinline)) bool
apply_short(struct glb_context *ctx, uint32_t todo)
{
   return apply_short_in(ctx, todo);
}

/* apply_state's walk: puts the draw's state on the host, group by group (glb.h: GLB_DIRTY_*): every group when the
 * host holds another context's state or the shadow was forgotten (any other entry point may
 * have moved host state), else only those a call marked since this context's last draw; none
 * at all for a draw with nothing marked. A group skipped is one the host holds as this
 * context's last draw left it and no call since could change. false: declined; the marks stay,
 * so the next draw applies those groups again. */
static __attribute__((noinline)) bool
apply_groups(struct glb_context *ctx, bool whole, uint32_t todo)
{
   struct glb_screen *scr = ctx->scr;
   scr->stats.groups_skipped += bit_count(GLB_DIRTY_ALL & ~todo);
   if (todo & (GLB_DIRTY_PROGRAM | GLB_DIRTY_MULTISAMPLE | GLB_DIRTY_SAMPLERS | GLB_DIRTY_VERTEX |
               GLB_DIRTY_ATTRIB_VALUES | GLB_DIRTY_BUFFERS)) {
      /* the last draw's program where the program group is not marked (glb.h: draw_prog is
       * trusted while the host holds this context's state, and todo is every group else) */
      struct glb_shader *prog = !(todo & GLB_DIRTY_PROGRAM) && ctx->draw_prog ? ctx->draw_prog
                                : mgp_handle_is_null(ctx->program)
                                   ? NULL
                                   : glb_lookup(scr, &scr->shaders, ctx->program, "draw");
      /* (a program with format-less images may hold none for the last draw's formats) */
      if (!prog || (!prog->program && !prog->formatless_mask)) {
         MGU_DECLINE(backend_draw_incomplete, "gles: a draw without a usable program");
         return false;
      }
      /* a compute program (glb_create_shader made it for launch_grid) draws nothing */
      if (prog->compute) {
         MGU_DECLINE(backend_draw_incomplete,
                     "gles: a draw with compute program {%u,%u} (no vertex stage)",
                     prog->base.h.slot, prog->base.h.gen);
         return false;
      }
      ctx->draw_prog = prog;
      ctx->compact_modes = 0; /* found again by the next compact draw */
      /* the program's variants for its format-less images' units (set_shader_images marks
       * the buffers), then its variant for the samplers' LOD bias and GL_BGRA arrays, or the
       * plain one (glb_program_variant): a switch puts the program's own state on the host
       * again */
      bool images = false, switched = false;
      if ((todo & (GLB_DIRTY_PROGRAM | GLB_DIRTY_BUFFERS)) &&
          !glb_program_images(ctx, prog, &images))
         return false;
      if ((images || (todo & (GLB_DIRTY_PROGRAM | GLB_DIRTY_SAMPLERS | GLB_DIRTY_VERTEX))) &&
          !glb_program_variant(ctx, prog, (todo & GLB_DIRTY_PROGRAM) || ctx->lod_bias_stale,
                               &switched))
         return false;
      if (!prog->program) {
         MGU_DECLINE(backend_draw_incomplete,
                     "gles: a draw whose program was not made for the formats of its "
                     "format-less images' units");
         return false;
      }
      if (switched || images)
         todo |= GLB_DIRTY_PROGRAM | GLB_DIRTY_MULTISAMPLE | GLB_DIRTY_VERTEX;
   }
   if ((todo & GLB_DIRTY_FB) && !glb_framebuffer_ready(ctx, "draw"))
      return false;
   todo |= ctx->dirty & GLB_DIRTY_RENDER; /* alpha_kept attachments changed (their masks) */
   if (todo & (GLB_DIRTY_RENDER | GLB_DIRTY_STENCIL | GLB_DIRTY_MULTISAMPLE)) {
      const struct glb_render_state *rs = render_state_for_draw(ctx);
      if (!rs)
         return false;
      ctx->draw_rs = rs;
      ctx->compact_modes = 0;
      ctx->draw_line_smooth = rs->s.line_smooth && (ctx->fb.samples <= 1 || !rs->s.multisample);
   }
   const struct mgp_render_state *s = &ctx->draw_rs->s;
   struct glb_shader *prog = ctx->draw_prog;
   if (todo & GLB_DIRTY_RENDER)
      apply_render_state(ctx, s);
   if (todo & GLB_DIRTY_STENCIL)
      apply_stencil(ctx, s);
   /* the program's bind puts its buffers too; a buffer change alone puts only them */
   const bool buffers_only = (todo & (GLB_DIRTY_PROGRAM | GLB_DIRTY_BUFFERS)) == GLB_DIRTY_BUFFERS;
   scr->stats.buffers_only_draws += buffers_only;
   if (((todo & GLB_DIRTY_PROGRAM) && !glb_program_bind(ctx, prog)) ||
       (buffers_only &&
        (!glb_program_buffers(ctx, prog, "draw") || !glb_storage_bind(ctx, prog, "draw"))) ||
       ((todo & GLB_DIRTY_MULTISAMPLE) && !apply_multisample(ctx, s, prog)) ||
       ((todo & GLB_DIRTY_SAMPLERS) && !glb_samplers_bind(ctx, prog)) ||
       ((todo & (GLB_DIRTY_VERTEX | GLB_DIRTY_VERTEX_BUFFERS | GLB_DIRTY_ATTRIB_VALUES)) &&
        !apply_vertex_input(ctx, prog, (todo & GLB_DIRTY_ATTRIB_VALUES) != 0, false)))
      return false;
   /* the program's own switches for the render state's clip planes; the program is current */
   if (todo & (GLB_DIRTY_RENDER | GLB_DIRTY_PROGRAM))
      glb_program_clip_enables(scr, prog, s->clip_distance_mask);
   if (todo & (GLB_DIRTY_PROGRAM | GLB_DIRTY_SAMPLERS | GLB_DIRTY_VERTEX))
      glb_program_variant_uniforms(ctx, prog, (todo & GLB_DIRTY_PROGRAM) || ctx->lod_bias_stale);
   if (todo & GLB_DIRTY_DYNAMIC) {
      const uint32_t parts = whole ? GLB_DYN_ALL : ctx->dyn_parts;
      scr->stats.dyn_parts_skipped += bit_count(GLB_DYN_ALL & ~parts);
      apply_dynamic_state(ctx, parts);
   }
   ctx->dirty = ctx->ubo_padded ? GLB_DIRTY_BUFFERS : 0; /* copied again at each draw */
   ctx->dyn_parts = 0;
   ctx->lod_bias_stale = false;
   if (scr->sh.trusted)
      scr->sh.applied = ctx;
   return true;
}

/* apply_state's choice for marks on a host holding this context's last draw: the short way
 * (apply_short's frame alone) or the walk over the groups (apply_groups), each a tail call. A
 * program with format-less images picks its variant by its units' formats at a buffer change
 * (glb_program_images), a stale LOD bias puts its uniforms, a program the host cannot draw
 * with is declined: the whole walk. */
static inline __attribute__((always_inline)) bool
short_fits(const struct glb_context *ctx)
{
   const struct glb_shader *prog = ctx->draw_prog;
   return prog && prog->program && !prog->formatless_mask && !ctx->lod_bias_stale;
}

static inline bool
apply_marked(struct glb_context *ctx, uint32_t todo)
{
   if (!(todo & ~(uint32_t)GLB_DIRTY_SHORT) && short_fits(ctx))
      return apply_short(ctx, todo);
   return apply_groups(ctx, false, todo);
}

/* apply_state: every group where the host holds another context's state, nothing where
 * nothing is marked, else apply_marked's. Out of line: glb_draw's registers stay as they were
 * for its draw without marks. */
static __attribute__((noinline)) bool
apply_state(struct glb_context *ctx)
{
   struct glb_screen *scr = ctx->scr;
   if (scr->sh.applied != ctx)
      return apply_groups(ctx, true, GLB_DIRTY_ALL);
   const uint32_t todo = ctx->dirty & GLB_DIRTY_ALL;
   if (!todo) {
      ctx->dirty = 0; /* GLB_DIRTY_CHECKS alone: draw_bound checks this draw */
      scr->stats.draws_unchanged++;
      return true;
   }
   return apply_marked(ctx, todo);
}

/* ---- the draw --------------------------------------------------------------------------------- */

/* The vertices a draw under the first-vertex provoking convention unrolls at most (16 MiB of
 * them in, 48 MiB of indices out): what a client can make the server hold for one range. */
enum { FIRST_VERTEX_MAX = 1u << 22 };

/* Index k of src, of size bytes (1, 2 or 4), read bytewise: a client's indices (or an element
 * buffer's map at the client's offset) may sit at any address. */
static inline uint32_t
index_at(const uint8_t *src, unsigned size, uint32_t k)
{
   if (size == 1)
      return src[k];
   if (size == 2) {
      uint16_t u16;
      memcpy(&u16, src + 2 * (size_t)k, 2);
      return u16;
   }
   uint32_t u32;
   memcpy(&u32, src + 4 * (size_t)k, 4);
   return u32;
}

/* A range's indices for reading on the CPU: the client's own (the caller checked the span) or
 * the element buffer's, mapped (the caller unmaps it). NULL: the map failed, declined. */
static const uint8_t *
range_indices(struct glb_context *ctx, const struct mgp_draw_vbo *args, struct glb_resource *ib,
              uint64_t first, uint64_t len, const char *what)
{
   if (!ib)
      return (const uint8_t *)args->user_indices.ptr + first;
   bind_element_buffer(ctx->scr, ib->name);
   const uint8_t *p =
      GLB_GL(ctx->scr->h)
         ->glMapBufferRange(GL_ELEMENT_ARRAY_BUFFER, (GLintptr)(ctx->ib.offset + first),
                            (GLsizeiptr)len, GL_MAP_READ_BIT);
   if (!p)
      MGU_DECLINE(backend_feature_unimplemented, "gles: %s: the index buffer's map failed", what);
   return p;
}

/* Index v of a range with base vertex bias, as GL takes it (GL 4.6 10.4: the sum in 32-bit
 * unsigned arithmetic, wrapping past the top; undefined below 0): false where the vertex is
 * below 0, or all-ones, which the host's fixed-index restart would take for a restart (no array
 * holds that many vertices). The caller compared v with the restart index before. */
static bool
biased_index(uint32_t v, int32_t bias, uint32_t *vertex)
{
   const int64_t b = (int64_t)v + bias;
   if (b < 0 || (uint32_t)b == UINT32_MAX)
      return false;
   *vertex = (uint32_t)b; /* past 2^32: wrapped */
   return true;
}

/* One range of a draw under GL's first-vertex provoking convention whose program reads flat
 * inputs: its vertices (the range's indices, or its vertex numbers) unrolled with each
 * primitive's provoking vertex last (glb_provoking.c) into the context's scratch element
 * buffer and drawn as a list, the index bias added to the unrolled indices (restart indices
 * were compared before and are gone; a host before GLES 3.2 has no base vertex). false:
 * declined or failed (the draw stops). */
static bool
draw_first_vertex(struct glb_context *ctx, const struct mgp_draw_vbo *args,
                  const struct mgp_draw_range *r, struct glb_resource *ib, GLsizei instances)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   const unsigned size = args->index_size;
   const uint64_t first = (uint64_t)r->start * size, len = (uint64_t)r->count * size;
   if (r->count > FIRST_VERTEX_MAX || (!size && r->start > UINT32_MAX - r->count) ||
       (ib && (ctx->ib.offset > ib->desc.size || first > ib->desc.size - ctx->ib.offset ||
               len > ib->desc.size - ctx->ib.offset - first))) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: the first-vertex provoking convention on a range of %u vertices from %u "
                  "(at most %u, inside the index buffer)",
                  r->count, r->start, (unsigned)FIRST_VERTEX_MAX);
      return false;
   }
   uint32_t *in = malloc((size_t)r->count * sizeof(uint32_t));
   uint32_t *out = malloc((size_t)glb_provoking_room(r->count) * sizeof(uint32_t));
   if (!in || !out) {
      free(in);
      free(out);
      glb_fatal(scr, MGU_FATAL_OutOfMemory, "draw: the first-vertex provoking convention");
      return false;
   }
   bool ok = true;
   const uint8_t *src = NULL;
   if (!size) {
      for (uint32_t k = 0; k < r->count; k++)
         in[k] = r->start + k;
   } else {
      src = range_indices(ctx, args, ib, first, len, "the first-vertex provoking convention");
      ok = src != NULL;
   }
   if (src)
      for (uint32_t k = 0; k < r->count; k++)
         in[k] = index_at(src, size, k);
   if (src && ib)
      GLB_GL(h)->glUnmapBuffer(GL_ELEMENT_ARRAY_BUFFER);
   GLenum mode = 0;
   const uint32_t n =
      ok ? glb_provoking_unroll(args->mode, in, r->count, args->flags & MGP_DRAW_PRIMITIVE_RESTART,
                                args->restart_index, out, &mode)
         : 0;
   for (uint32_t k = 0; size && r->index_bias && k < n && ok; k++) {
      const uint32_t v = out[k];
      if (!biased_index(v, r->index_bias, &out[k])) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: index %u with base vertex %d is vertex %lld (the first-vertex "
                     "provoking convention adds it here)",
                     v, r->index_bias, (long long)v + r->index_bias);
         ok = false;
      }
   }
   if (n && ok) {
      if (!ctx->user_indices)
         GLB_GL(h)->glGenBuffers(1, &ctx->user_indices);
      bind_element_buffer(scr, ctx->user_indices);
      GLB_GL(h)->glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)n * 4, out, GL_STREAM_DRAW);
      GLB_GL(h)->glDrawElementsInstanced(mode, (GLsizei)n, GL_UNSIGNED_INT, NULL, instances);
      scr->stats.first_vertex_draws++;
   }
   free(in);
   free(out);
   return ok;
}

/* The indices a base vertex is added to on a host without one, per range at most (16 MiB of
 * 32-bit indices written): what a client can make the server hold for one range. */
enum { BIASED_MAX = 1u << 22 };

/* One range of an indexed draw on a host before GLES 3.2, which has no
 * glDrawElementsBaseVertex: its indices with the base vertex added (GL 4.6 11.1.3.9: restart is
 * compared before), written as 32-bit indices into the context's scratch element buffer (a
 * restart index as all-ones, which the host's fixed-index restart takes for GL_UNSIGNED_INT)
 * and drawn without one. Not only the application's base vertex: the client makes one where it
 * moves client arrays down (fe_client_arrays.c). The caller checked the range inside the
 * indices. false: declined or failed (the draw stops). */
static bool
draw_biased(struct glb_context *ctx, const struct mgp_draw_vbo *args,
            const struct mgp_draw_range *r, struct glb_resource *ib, GLenum mode, GLsizei instances)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   const unsigned size = args->index_size;
   const uint64_t first = (uint64_t)r->start * size, len = (uint64_t)r->count * size;
   if (r->count > BIASED_MAX) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a base vertex before GLES 3.2 on a range of %u indices (at most %u "
                  "rewritten)",
                  r->count, (unsigned)BIASED_MAX);
      return false;
   }
   const uint8_t *src = range_indices(ctx, args, ib, first, len, "a base vertex before GLES 3.2");
   if (!src)
      return false;
   uint32_t *out = malloc((size_t)r->count * sizeof(uint32_t));
   if (!out) {
      if (ib)
         GLB_GL(h)->glUnmapBuffer(GL_ELEMENT_ARRAY_BUFFER);
      glb_fatal(scr, MGU_FATAL_OutOfMemory, "draw: a base vertex before GLES 3.2");
      return false;
   }
   const bool restart = args->flags & MGP_DRAW_PRIMITIVE_RESTART;
   bool ok = true;
   for (uint32_t k = 0; k < r->count && ok; k++) {
      const uint32_t v = index_at(src, size, k);
      if (restart && v == args->restart_index) {
         out[k] = UINT32_MAX;
         continue;
      }
      if (!biased_index(v, r->index_bias, &out[k])) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: index %u with base vertex %d is vertex %lld (a base vertex before "
                     "GLES 3.2 is added here)",
                     v, r->index_bias, (long long)v + r->index_bias);
         ok = false;
         break;
      }
   }
   if (ib)
      GLB_GL(h)->glUnmapBuffer(GL_ELEMENT_ARRAY_BUFFER);
   if (ok) {
      if (!ctx->user_indices)
         GLB_GL(h)->glGenBuffers(1, &ctx->user_indices);
      bind_element_buffer(scr, ctx->user_indices);
      GLB_GL(h)->glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)r->count * 4, out,
                              GL_STREAM_DRAW);
      GLB_GL(h)->glDrawElementsInstanced(mode, (GLsizei)r->count, GL_UNSIGNED_INT, NULL, instances);
      scr->stats.biased_draws++;
   }
   free(out);
   return ok;
}

void
glb_set_patch_state(void *self, const struct mgp_patch_state *args, const void *tail,
                    uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   /* the front end refuses these with GL_INVALID_VALUE (glPatchParameteri); GLES has no
    * default levels: a program has its tessellation control stage (glb_create_shader) */
   if (!ctx->scr->tessellation || args->vertices == 0 || args->vertices > 32) {
      glb_fatal(ctx->scr, MGU_FATAL_ProtocolCorruption, "set_patch_state.vertices");
      return;
   }
   ctx->patch_vertices = args->vertices;
}

/* The bytes one element of attribute a reads. */
static uint32_t
attrib_bytes(const struct mgp_vertex_attrib *a)
{
   static const uint8_t comp[MGP_VERTEX_TYPE_COUNT] = {
      [MGP_VERTEX_TYPE_BYTE] = 1,       [MGP_VERTEX_TYPE_UNSIGNED_BYTE] = 1,
      [MGP_VERTEX_TYPE_SHORT] = 2,      [MGP_VERTEX_TYPE_UNSIGNED_SHORT] = 2,
      [MGP_VERTEX_TYPE_INT] = 4,        [MGP_VERTEX_TYPE_UNSIGNED_INT] = 4,
      [MGP_VERTEX_TYPE_HALF_FLOAT] = 2, [MGP_VERTEX_TYPE_FLOAT] = 4,
      [MGP_VERTEX_TYPE_DOUBLE] = 8,     [MGP_VERTEX_TYPE_FIXED] = 4,
   };
   if (a->type >= MGP_VERTEX_TYPE_COUNT || !comp[a->type])
      return 4; /* the packed ones: one 32-bit word */
   return comp[a->type] * (a->size >= 4 ? 4u : a->size ? a->size : 1u);
}

/* Where the host has no robust buffer access (glb_screen.c), the server bounds a draw's vertex
 * reads itself: every range's vertices (indexed: its index values, read from the element
 * buffer or the client's indices, plus the bias) and its instances inside what each array the
 * program reads holds from its offset. What it cannot bound (a map of the element buffer that
 * fails) or what reads past an array is refused by name, before the host draws anything. */
static bool
draw_in_bounds(struct glb_context *ctx, const struct mgp_draw_vbo *args,
               const struct mgp_draw_range *ranges, uint32_t n, const struct glb_resource *ib)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_vertex_elements *ve =
      mgp_handle_is_null(ctx->vertex_elements)
         ? NULL
         : glb_lookup(scr, &scr->vertex_elements, ctx->vertex_elements, "draw");
   const struct glb_shader *prog = ctx->draw_prog;
   const uint32_t arrays =
      ve && prog ? ve->ve.enabled_mask & prog->refl.vertex_input_mask & 0xffffu : 0;
   /* the vertices the per-vertex arrays hold, the instances the per-instance ones do */
   uint64_t vertices = UINT64_MAX, instances = UINT64_MAX;
   const uint64_t first_instance = args->start_instance;
   for (uint32_t rest = arrays; rest; rest &= rest - 1) {
      const unsigned loc = (unsigned)__builtin_ctz(rest);
      const struct mgp_vertex_attrib *a = &ve->ve.attribs[loc];
      if (a->binding >= GLB_MAX_VB || mgp_handle_is_null(ctx->vb[a->binding].res))
         continue; /* apply_vertex_input refuses it */
      const struct glb_resource *r =
         glb_resource_for_use(scr, ctx->vb[a->binding].res, "draw (vertex buffer)");
      if (!r)
         return false;
      const struct mgp_vertex_binding *b = &ve->ve.bindings[a->binding];
      const uint64_t start = ctx->vb[a->binding].offset + a->relative_offset,
                     elem = attrib_bytes(a);
      const uint64_t room = r->desc.size > start ? r->desc.size - start : 0;
      const uint64_t held = room < elem  ? 0
                            : !b->stride ? UINT64_MAX
                                         : (room - elem) / b->stride + 1;
      if (!b->divisor) {
         if (held < vertices)
            vertices = held;
      } else {
         const uint64_t inst = held <= first_instance ? 0
                               : (held - first_instance) > UINT64_MAX / b->divisor
                                  ? UINT64_MAX
                                  : (held - first_instance) * b->divisor;
         if (inst < instances)
            instances = inst;
      }
   }
   const uint64_t want_instances = args->instance_count ? args->instance_count : 1;
   const struct glb_host *h = scr->h;
   for (uint32_t i = 0; i < n; i++) {
      const struct mgp_draw_range *r = &ranges[i];
      if (!r->count)
         continue;
      if (want_instances > instances) {
         MGU_DECLINE(gl_draw_unbounded,
                     "gles: %llu instances from %u past the per-instance arrays (%llu), on a "
                     "host without robust access",
                     (unsigned long long)want_instances, args->start_instance,
                     (unsigned long long)instances);
         return false;
      }
      if (vertices == UINT64_MAX)
         continue;
      uint64_t lo = r->start, hi = (uint64_t)r->start + r->count - 1;
      if (args->index_size) {
         /* the index values: the range was checked inside the element buffer or the
          * client's indices (draw_bound) */
         const uint64_t first = (uint64_t)r->start * args->index_size,
                        len = (uint64_t)r->count * args->index_size;
         const uint8_t *src;
         if (!ib) {
            src = (const uint8_t *)args->user_indices.ptr + first;
         } else {
            bind_element_buffer(scr, ib->name);
            src = GLB_GL(h)->glMapBufferRange(GL_ELEMENT_ARRAY_BUFFER,
                                              (GLintptr)(ctx->ib.offset + first), (GLsizeiptr)len,
                                              GL_MAP_READ_BIT);
            if (!src) {
               MGU_DECLINE(gl_draw_unbounded,
                           "gles: the element buffer's map for its index values failed, on a "
                           "host without robust access");
               return false;
            }
         }
         const bool restart = args->flags & MGP_DRAW_PRIMITIVE_RESTART;
         uint32_t mn = UINT32_MAX, mx = 0;
         for (uint32_t k = 0; k < r->count; k++) {
            const uint32_t v = index_at(src, args->index_size, k);
            if (restart && v == args->restart_index)
               continue;
            mn = v < mn ? v : mn;
            mx = v > mx ? v : mx;
         }
         if (ib)
            GLB_GL(h)->glUnmapBuffer(GL_ELEMENT_ARRAY_BUFFER);
         if (mn > mx)
            continue; /* restarts only */
         const int64_t bias = r->index_bias;
         if ((int64_t)mn + bias < 0) {
            MGU_DECLINE(gl_draw_unbounded,
                        "gles: index %u with base vertex %d is negative, on a host without "
                        "robust access",
                        mn, r->index_bias);
            return false;
         }
         lo = (uint64_t)((int64_t)mn + bias);
         hi = (uint64_t)((int64_t)mx + bias);
      }
      if (hi >= vertices) {
         MGU_DECLINE(gl_draw_unbounded,
                     "gles: vertices %llu..%llu past the arrays' %llu, on a host without robust "
                     "access",
                     (unsigned long long)lo, (unsigned long long)hi, (unsigned long long)vertices);
         return false;
      }
   }
   return true;
}

/* One pass of the draw on the host context, bound (glb_context_bind_draw). */
static void
draw_pass(struct glb_context *ctx, const struct mgp_draw_vbo *args, const void *tail,
          uint32_t tail_count)
{
   struct glb_screen *scr = ctx->scr;
   /* GL_POINTS is 0: the modes GLES draws are POINTS .. TRIANGLE_FAN, and the adjacency ones
    * into a geometry stage (checked with the program below) */
   const bool adjacency =
      args->mode >= MGP_PRIM_LINES_ADJACENCY && args->mode <= MGP_PRIM_TRIANGLE_STRIP_ADJACENCY;
   const bool patches = args->mode == MGP_PRIM_PATCHES;
   const bool mode_ok = args->mode <= MGP_PRIM_TRIANGLE_FAN || (adjacency && scr->geometry) ||
                        (patches && scr->tessellation);
   const GLenum mode = mode_ok ? prims[args->mode] : 0;
   const bool restart = args->flags & MGP_DRAW_PRIMITIVE_RESTART;
   const uint32_t all_ones = args->index_size == 1   ? 0xffu
                             : args->index_size == 2 ? 0xffffu
                                                     : 0xffffffffu;
   if (!mode_ok || (args->flags & (MGP_DRAW_INDIRECT | ~MGP_DRAW_ALL_FLAGS)) ||
       (restart && args->restart_index != all_ones)) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a draw of mode %u, flags 0x%x, restart index 0x%x (not in GLES yet)",
                  args->mode, args->flags, args->restart_index);
      return;
   }
   /* GLES's counts, first vertices and instance counts are signed (GLsizei, GLint): a u32 past
    * INT32_MAX would reach the host negative and the host would drop the draw with an error
    * nothing reads. The Vulkan backend draws them (its counts are u32), GLES cannot express
    * them: the whole draw is refused by name before any range reaches the host. (A count past
    * what the bound buffers hold is the host's robust buffer access's, glb_screen.c.) */
   const struct mgp_draw_range *ranges = tail;
   for (uint32_t i = 0; i < tail_count; i++) {
      const struct mgp_draw_range *r = &ranges[i];
      if (r->count && (r->count > INT32_MAX || args->instance_count > INT32_MAX ||
                       (!args->index_size && r->start > INT32_MAX))) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: a draw of %u vertices from %u, %u instances (GLES's counts are "
                     "signed: at most 2^31-1)",
                     r->count, r->start, args->instance_count);
         return;
      }
   }
   /* points and the other primitives run different variants of a program that writes
    * gl_PointSize (glb_program_variant): a change of class marks the program */
   const bool points = args->mode == MGP_PRIM_POINTS;
   if (points != ctx->draw_points) {
      ctx->draw_points = points;
      ctx->compact_modes = 0;
      if (ctx->draw_prog_cuts)
         ctx->dirty |= GLB_DIRTY_PROGRAM;
   }
   if (args->start_instance != ctx->base_instance) {
      ctx->base_instance =
         args->start_instance; /* the instanced arrays move (apply_vertex_input) */
      ctx->dirty |= GLB_DIRTY_VERTEX;
   }
   /* polygons as lines or points: the program's outline variant (glb_outline.c) */
   if (!glb_outline_draw(ctx, args) || !apply_state(ctx))
      return;
   if (ctx->outline_count_pass) /* its polygons counted and captured, none rasterized */
      set_caps(scr, 1u << CAP_RASTERIZER_DISCARD, 1u << CAP_RASTERIZER_DISCARD);
   if (ctx->draw_outline)
      glb_outline_uniform(ctx, ctx->draw_prog);
   if (adjacency && !ctx->draw_prog->geometry) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: an adjacency draw without a geometry stage (mode %u)", args->mode);
      goto declined;
   }
   /* patches into the program's tessellation stages (the client's GL_INVALID_OPERATION keeps
    * others from drawing them), of set_patch_state's size */
   if (patches != ctx->draw_prog->tessellation) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a draw of mode %u with a program %s tessellation stages", args->mode,
                  ctx->draw_prog->tessellation ? "with" : "without");
      goto declined;
   }
   if (patches) {
      GLB_GL(scr->h)->glPatchParameteri(GL_PATCH_VERTICES, (GLint)ctx->patch_vertices);
      ctx->dirty |= GLB_DIRTY_CHECKS; /* the compact draw is never a patch */
   }
   /* GLES has only the last provoking vertex: it matters only to flat inputs, where the
    * draw is unrolled (draw_first_vertex); not for what a geometry stage emits, nor for a
    * capture, whose vertex order the unrolling would change */
   const bool first_vertex = !ctx->draw_rs->s.provoking_vertex_last &&
                             ctx->draw_prog->flat_inputs && args->mode != MGP_PRIM_POINTS;
   if (first_vertex && (adjacency || ctx->draw_prog->geometry || ctx->xfb_active)) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a draw with the first-vertex provoking convention and a geometry "
                  "stage or a capture (not in GLES)");
      goto declined;
   }
   if (ctx->draw_prog->variant & GLB_VARIANT_NO_POINT_SIZE)
      scr->stats.point_size_cut_draws++;
   note_line_smooth(ctx, args->mode);
   const struct glb_host *h = scr->h;
   struct glb_resource *ib = NULL;
   GLenum itype = 0;
   const bool user = args->flags & MGP_DRAW_USER_INDICES;
   if (args->index_size) {
      itype = args->index_size == 1   ? GL_UNSIGNED_BYTE
              : args->index_size == 2 ? GL_UNSIGNED_SHORT
              : args->index_size == 4 ? GL_UNSIGNED_INT
                                      : 0;
      ib = user || mgp_handle_is_null(ctx->ib.res) ? NULL
                                                   : glb_resource_for_use(scr, ctx->ib.res, "draw");
      if (!itype || (!user && (!ib || !ib->is_buffer)) ||
          (user && (!args->user_indices.ptr || args->user_indices.size > INT32_MAX))) {
         MGU_DECLINE(backend_draw_incomplete, "gles: an indexed draw without indices");
         goto declined;
      }
      if (user) {
         /* the client's own indices (client arrays): into the context's scratch buffer */
         if (!ctx->user_indices)
            GLB_GL(h)->glGenBuffers(1, &ctx->user_indices);
         bind_element_buffer(scr, ctx->user_indices);
         GLB_GL(h)->glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)args->user_indices.size,
                                 args->user_indices.ptr, GL_STREAM_DRAW);
      } else {
         bind_element_buffer(scr, ib->name);
      }
   } else if (user) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "draw_vbo: user indices without an index size");
      goto declined;
   }
   /* every range inside the element buffer before any is drawn: the host's robust access
    * (where it has any) does not promise index fetches, and a hostile range (or a GPU-written
    * indirect command, draw_indirect) would read the host's memory past the buffer. The
    * client's own indices likewise, before draw_in_bounds reads their values: the front end
    * sends every range inside them, so one past them is corrupt. */
   for (uint32_t i = 0; args->index_size && i < tail_count; i++) {
      const struct mgp_draw_range *r = &ranges[i];
      const uint64_t first = (uint64_t)r->start * args->index_size,
                     len = (uint64_t)r->count * args->index_size;
      if (!r->count)
         continue;
      if (user && (first > args->user_indices.size || len > args->user_indices.size - first)) {
         glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "draw_vbo: a range past user_indices");
         goto declined;
      }
      if (!user && (ctx->ib.offset > ib->desc.size || first > ib->desc.size - ctx->ib.offset ||
                    len > ib->desc.size - ctx->ib.offset - first)) {
         MGU_DECLINE(gl_draw_out_of_bounds,
                     "gles: %u indices from %u past a %llu-byte element buffer at %llu", r->count,
                     r->start, (unsigned long long)ib->desc.size,
                     (unsigned long long)ctx->ib.offset);
         goto declined;
      }
   }
   if (!scr->robust && !draw_in_bounds(ctx, args, ranges, tail_count, ib))
      goto declined;
   const GLsizei instances = args->instance_count ? (GLsizei)args->instance_count : 1;
   /* a base vertex on a host without one: every range of the draw is written biased (one
    * scratch buffer holds either the client's indices or those) */
   bool biased = false;
   for (uint32_t i = 0; args->index_size && scr->es_minor < 2 && i < tail_count; i++)
      biased |= ranges[i].count && ranges[i].index_bias;
   for (uint32_t i = 0; i < tail_count; i++) {
      const struct mgp_draw_range *r = &ranges[i];
      if (!r->count)
         continue;
      if (first_vertex) {
         if (!draw_first_vertex(ctx, args, r, ib, instances))
            goto declined;
      } else if (!args->index_size) {
         GLB_GL(h)->glDrawArraysInstanced(mode, (GLint)r->start, (GLsizei)r->count, instances);
      } else {
         const uint64_t first = (uint64_t)r->start * args->index_size;
         const uint64_t off = (user ? 0 : ctx->ib.offset) + first;
         const void *p = (const void *)(uintptr_t)off;
         if (biased) {
            if (!draw_biased(ctx, args, r, ib, mode, instances))
               goto declined;
         } else if (r->index_bias) {
            GLB_GL(h)->glDrawElementsInstancedBaseVertex(mode, (GLsizei)r->count, itype, p,
                                                         instances, r->index_bias);
         } else {
            GLB_GL(h)->glDrawElementsInstanced(mode, (GLsizei)r->count, itype, p, instances);
         }
      }
      /* In the program's own process, once: a host driver may compile as it draws (llvmpipe
       * makes its fragment variants here) and register exit-time destructors then; the
       * process's exit hook is registered again behind them (backend.h, rearm_exit). */
      if (!scr->stats.draws++ && scr->env.rearm_exit)
         scr->env.rearm_exit(scr->env.session);
   }
   return;
declined:
   /* the state is on the host and nothing is marked: a repeat must meet these checks again */
   ctx->dirty |= GLB_DIRTY_CHECKS;
}

/* The draw on the host context, bound: in passes where the host's primitive queries and
 * capture would count other than GL does (glb_outline_passes). */
static void
draw_bound(struct glb_context *ctx, const struct mgp_draw_vbo *args, const void *tail,
           uint32_t tail_count)
{
   const enum glb_passes passes = glb_outline_passes(ctx, args);
   if (passes == GLB_PASSES_ONE) {
      draw_pass(ctx, args, tail, tail_count);
      return;
   }
   struct glb_screen *scr = ctx->scr;
   if (passes == GLB_PASSES_COUNTED) {
      ctx->outline_count_pass = true;
      draw_pass(ctx, args, tail, tail_count);
      ctx->outline_count_pass = false;
      ctx->dirty |= GLB_DIRTY_RENDER; /* the render state's rasterizer discard back */
      scr->stats.outline_count_passes++;
   }
   /* out of the counts: the queries paused, the capture paused on the host (GLES takes
    * another program only then) and taken up again at the next captured draw's program */
   const bool capturing = ctx->xfb_active && !ctx->xfb_paused;
   if (!glb_primitives_pause(scr))
      return;
   if (capturing) {
      glb_xfb_switch_away(ctx);
      ctx->xfb_paused = true;
      ctx->dirty |= GLB_DIRTY_PROGRAM;
   }
   draw_pass(ctx, args, tail, tail_count);
   if (capturing) {
      ctx->xfb_paused = false;
      ctx->dirty |= GLB_DIRTY_PROGRAM;
   }
   glb_primitives_resume(scr);
}

void
glb_draw_vbo(void *self, const struct mgp_draw_vbo *args, const void *tail, uint32_t tail_count)
{
   struct glb_context *ctx = self;
   if (ctx->cond_discard || !glb_context_bind_draw(ctx))
      return; /* conditional rendering on a zero result (GL 3.3 §2.18) */
   draw_bound(ctx, args, tail, tail_count);
}

/* GLES's index types by index size; 0: none (draw_bound declines it by name). */
static const GLenum index_types[5] = {
   [1] = GL_UNSIGNED_BYTE,
   [2] = GL_UNSIGNED_SHORT,
   [4] = GL_UNSIGNED_INT,
};

/* The compact draw's element buffer where set_index_buffer did not keep it (the shadow was
 * forgotten since): the context's ib a live buffer, its offset inside it, then kept
 * (element_buffer_keep); out of line. false: draw_bound decides (and declines by name). */
static __attribute__((noinline)) bool
element_buffer_check(struct glb_context *ctx)
{
   struct glb_screen *scr = ctx->scr;
   if (mgp_handle_is_null(ctx->ib.res))
      return false;
   const struct glb_resource *ib = glb_resource_for_use(scr, ctx->ib.res, "draw");
   if (!ib || !ib->is_buffer || ctx->ib.offset > ib->desc.size)
      return false;
   element_buffer_keep(ctx, ib);
   return true;
}

/* The compact draw's checks on its own fields and what the last draw left (compact_modes, the
 * base instance): the draw needs none of draw_bound's other cases (adjacency, the first-vertex
 * convention, a base vertex, a count GLES cannot express). */
static inline __attribute__((always_inline)) bool
compact_fits(const struct glb_context *ctx, const struct mgp_draw *args)
{
   const unsigned mode = args->mode;
   return mode <= MGP_PRIM_TRIANGLE_FAN && (ctx->compact_modes >> mode & 1) &&
          !ctx->base_instance && args->count - 1u < (uint32_t)INT32_MAX && !args->index_bias &&
          (args->index_size || args->start <= INT32_MAX);
}

/* The compact draw's indices inside the element buffer element_buffer_check found: the last
 * draw's say nothing of this one's. The sizes GLES has (1, 2, 4: index_types) only; the end
 * cannot wrap (2^33 indices of at most 4 bytes). */
static inline __attribute__((always_inline)) bool
indices_inside(const struct glb_context *ctx, const struct mgp_draw *args)
{
   const unsigned size = args->index_size;
   return size <= 4 && index_types[size] &&
          (((uint64_t)args->start + args->count) << (size >> 1)) <= ctx->ib_bytes;
}

/* The compact draw's counts, before its host call. */
static inline __attribute__((always_inline)) void
compact_counts(struct glb_context *ctx, bool unchanged)
{
   struct glb_screen *scr = ctx->scr;
   /* not the host's first (rearm_exit): draw_bound draws that */
   if (unchanged) {
      scr->stats.compact_unchanged++;
   } else {
      scr->stats.compact_draws++;
      scr->stats.draws++;
   }
   if (ctx->draw_prog->variant & GLB_VARIANT_NO_POINT_SIZE)
      scr->stats.point_size_cut_draws++;
}

/* Whether the compact draw (one range, one instance, no flags) takes the way after no change
 * but of the groups a draw of the same program and render state puts alone: the host holds this
 * context's state as its last draw left it and every group a call marked since is one of GROUPS
 * (apply_marked puts them), the last draw was not declined after it nor drew patches
 * (GLB_DIRTY_CHECKS), its checks stand (compact_fits) and the indices lie inside the element
 * buffer. The host's first draw is draw_bound's (rearm_exit). */
static inline __attribute__((always_inline)) bool
compact_marked_fits(struct glb_context *ctx, const struct mgp_draw *args)
{
   struct glb_screen *scr = ctx->scr;
   /* A change of the dynamic state (viewport, scissor, ...), of the program's buffers, of its
    * textures and samplers (where apply_state takes its short way: else its walk) or of the
    * vertex buffers alone leaves what the last draw checked (program, render state, primitive
    * class, base instance) as it was: those groups go on the host, then the plain draw. A
    * vertex buffer the draw cannot use is apply_vertex_input's decline, as on draw_bound's
    * way; what the arrays hold is the host's robust access's (glb_screen.c). */
   enum {
      GROUPS = GLB_DIRTY_DYNAMIC | GLB_DIRTY_BUFFERS | GLB_DIRTY_VERTEX_BUFFERS | GLB_DIRTY_SAMPLERS
   };
   if (scr->sh.applied != ctx || (ctx->dirty & ~(uint32_t)GROUPS) || !scr->stats.draws)
      return false;
   if (!ctx->compact_modes)
      ctx->compact_modes = compact_modes(ctx);
   return compact_fits(ctx, args) &&
          (!args->index_size ||
           ((scr->sh.ib_checked == ctx || element_buffer_check(ctx)) && indices_inside(ctx, args)));
}

/* The compact draw's counts and GLES's plain glDrawArrays/glDrawElements (one instance), its
 * marks on the host (compact_marked_fits), where a trace note, a smooth line's note or the
 * element buffer's bind is due (compact_host_draw's other cases). */
static __attribute__((noinline)) void
compact_host_draw_bind(struct glb_context *ctx, const struct mgp_draw *args, bool unchanged)
{
   struct glb_screen *scr = ctx->scr;
   compact_counts(ctx, unchanged);
   const unsigned mode = args->mode, size = args->index_size;
   note_line_smooth(ctx, mode);
   const struct glb_host *h = scr->h;
   if (!size) {
      GLB_GL(h)->glDrawArrays(prims[mode], (GLint)args->start, (GLsizei)args->count);
      return;
   }
   bind_element_buffer(scr, ctx->ib_name);
   const uint64_t off = ctx->ib.offset + ((uint64_t)args->start << (size >> 1));
   GLB_GL(h)->glDrawElements(prims[mode], (GLsizei)args->count, index_types[size],
                             (const void *)(uintptr_t)off);
}

/* compact_host_draw's glDrawElements where its element buffer is to be bound (another draw's
 * was, as each after a vertex array switch), untraced (compact_host_draw found no trace), the
 * counts counted: the context and the draw stand across the bind, the draw a tail call. */
static __attribute__((noinline)) void
compact_elements_bind(struct glb_context *ctx, const struct mgp_draw *args)
{
   struct glb_screen *scr = ctx->scr;
   GLB_GL_UNTRACED(scr->h)->glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ctx->ib_name);
   scr = ctx->scr;
   scr->sh.element_buffer = ctx->ib_name;
   glb_shadow_set(scr, GLB_SH_ELEMENT_BUFFER);
   const unsigned size = args->index_size;
   const uint64_t off = ctx->ib.offset + ((uint64_t)args->start << (size >> 1));
   GLB_GL_UNTRACED(scr->h)->glDrawElements(prims[args->mode], (GLsizei)args->count,
                                           index_types[size], (const void *)(uintptr_t)off);
}

/* The same, out of line: draw_other's tail call, so draw_other keeps two registers across
 * apply_marked and no record. Without a trace note, a smooth line's note or an element buffer
 * to bind (glb_draw's cases), the counts and the host call as a tail call, without a frame
 * (the bind: compact_elements_bind's, a tail call). */
static __attribute__((noinline)) void
compact_host_draw(struct glb_context *ctx, const struct mgp_draw *args, bool unchanged)
{
   struct glb_screen *scr = ctx->scr;
   const unsigned mode = args->mode, size = args->index_size;
   if (ctx->draw_line_smooth || glb_host_trace) {
      compact_host_draw_bind(ctx, args, unchanged);
      return;
   }
   compact_counts(ctx, unchanged);
   const struct glb_host *h = scr->h;
   if (!size) {
      GLB_GL_UNTRACED(h)->glDrawArrays(prims[mode], (GLint)args->start, (GLsizei)args->count);
      return;
   }
   if (!glb_shadow_known(scr, GLB_SH_ELEMENT_BUFFER) || scr->sh.element_buffer != ctx->ib_name) {
      compact_elements_bind(ctx, args);
      return;
   }
   const uint64_t off = ctx->ib.offset + ((uint64_t)args->start << (size >> 1));
   GLB_GL_UNTRACED(h)->glDrawElements(prims[mode], (GLsizei)args->count, index_types[size],
                                      (const void *)(uintptr_t)off);
}

/* draw_other's draw_bound, out of line: the record and its range on this frame alone. */
static __attribute__((noinline)) void
draw_other_bound(struct glb_context *ctx, const struct mgp_draw *args)
{
   const struct mgp_draw_vbo vbo = {
      .mode = args->mode,
      .index_size = args->index_size,
      .instance_count = 1,
      .num_draws = 1,
   };
   const struct mgp_draw_range range = {args->start, args->count, args->index_bias};
   draw_bound(ctx, &vbo, &range, 1);
}

/* draw_other's bind: glb_context_bind_draw's common case inline (the host context current,
 * this context bound, the shadow kept and trusted). false: not bound. */
static inline __attribute__((always_inline)) bool
other_bind(struct glb_context *ctx)
{
   struct glb_screen *scr = ctx->scr;
   if (glb_bound_here(ctx) && !scr->no_shadow) {
      scr->sh.trusted = true;
      return true;
   }
   return glb_context_bind_draw(ctx);
}

/* glb_draw's draw with marks of groups past apply_short's: draw_other's way without the
 * compact draw's checks, which those marks fail (compact_marked_fits): conditional rendering's
 * discard, the bind, draw_bound. */
static __attribute__((noinline)) void
draw_marked_bound(struct glb_context *ctx, const struct mgp_draw *args)
{
   if (ctx->cond_discard || !other_bind(ctx))
      return;
   draw_other_bound(ctx, args);
}

/* glb_draw's way past its draw with nothing marked: conditional rendering's discard, bound
 * (glb_context_bind_draw's common case inline: the host context current, this context bound,
 * the shadow kept and trusted), the compact draw with its marks (apply_marked, then
 * compact_host_draw), else draw_bound's. */
static __attribute__((noinline)) void
draw_other(struct glb_context *ctx, const struct mgp_draw *args)
{
   if (ctx->cond_discard || !other_bind(ctx))
      return; /* conditional rendering on a zero result (GL 3.3 §2.18), or not bound */
   if (!compact_marked_fits(ctx, args)) {
      draw_other_bound(ctx, args);
      return;
   }
   /* every mark is a group (GROUPS): apply_state would take apply_marked's way */
   const uint32_t todo = ctx->dirty;
   if (!todo) {
      compact_host_draw(ctx, args, true);
      return;
   }
   if (apply_marked(ctx, todo))
      compact_host_draw(ctx, args, false);
   /* else declined, as draw_bound's apply_state would (the marks stay) */
}

/* The compact draw's counts and its host call, glb_draw's checks met (the element buffer the
 * one bound): a tail call. */
static inline __attribute__((always_inline)) void
compact_call(struct glb_context *ctx, const struct mgp_draw *args, bool unchanged)
{
   const unsigned mode = args->mode, size = args->index_size;
   compact_counts(ctx, unchanged);
   const struct glb_host *h = ctx->scr->h;
   if (!size) {
      GLB_GL_UNTRACED(h)->glDrawArrays(prims[mode], (GLint)args->start, (GLsizei)args->count);
      return;
   }
   const uint64_t off = ctx->ib.offset + ((uint64_t)args->start << (size >> 1));
   GLB_GL_UNTRACED(h)->glDrawElements(prims[mode], (GLsizei)args->count, index_types[size],
                                      (const void *)(uintptr_t)off);
}

/* glb_draw's viewport change alone on apply_short's way: apply_short's counts, compare and
 * call without its frame, then the draw (glViewport moves none of glb_draw's checks). */
static __attribute__((noinline)) void
draw_viewport(struct glb_context *ctx, const struct mgp_draw *args)
{
   struct glb_screen *scr = ctx->scr;
   scr->stats.groups_skipped += bit_count(GLB_DIRTY_ALL) - 1;
   scr->stats.dyn_parts_skipped += bit_count(GLB_DYN_ALL & ~(uint32_t)GLB_DYN_VIEWPORT);
   scr->stats.short_applies++;
   ctx->dirty = ctx->ubo_padded ? GLB_DIRTY_BUFFERS : 0;
   ctx->dyn_parts = 0;
   apply_viewport(ctx);
   compact_call(ctx, args, false);
}

/* glb_draw's vertex buffer change alone on apply_short's way (a glVertexAttribPointer or
 * glBindVertexBuffer between draws): apply_short's counts and vertex_buffers_short without its
 * frame or the other groups' tests, then the draw. A standing fold binds buffers alone, which
 * moves none of compact_call_ready's answers; apply_vertex_input (the fold found again) may bind
 * another vertex array, so that draw takes compact_host_draw's element buffer check. */
static __attribute__((noinline)) void
draw_vertex_buffers(struct glb_context *ctx, const struct mgp_draw *args)
{
   struct glb_screen *scr = ctx->scr;
   struct glb_shader *prog = ctx->draw_prog;
   scr->stats.groups_skipped += bit_count(GLB_DIRTY_ALL) - 1;
   const int put = vertex_buffers_short(ctx, prog);
   if (!put || (put < 0 && !apply_vertex_input(ctx, prog, false, true)))
      return; /* declined, as draw_bound's apply_state would (the marks stay) */
   ctx->dirty = ctx->ubo_padded ? GLB_DIRTY_BUFFERS : 0; /* copied again at each draw */
   ctx->dyn_parts = 0;
   scr->stats.short_applies++;
   if (scr->sh.trusted)
      scr->sh.applied = ctx;
   if (put < 0)
      compact_host_draw(ctx, args, false);
   else
      compact_call(ctx, args, false);
}

/* glb_draw's compact draw with marks of apply_short's groups alone where apply_marked would
 * take apply_short's way (short_fits), compact_marked_fits' checks met (compact_marked_ready):
 * the marks go on the host as draw_other's would, without its checks again, then the draw. */
static __attribute__((noinline)) void
draw_short(struct glb_context *ctx, const struct mgp_draw *args)
{
   if (apply_short_in(ctx, ctx->dirty))
      compact_host_draw(ctx, args, false);
   /* else declined, as draw_bound's apply_state would (the marks stay) */
}

/* What glb_draw's compact draw with marks needs before they go on the host
 * (compact_marked_fits' checks, the element buffer one checked): the host holds this context's
 * last draw, the compact draw's checks stand, the indices inside the element buffer. A smooth
 * line's note, a trace note or the element buffer's bind is compact_host_draw's. */
static inline __attribute__((always_inline)) bool
compact_marked_ready(struct glb_context *ctx, const struct mgp_draw *args)
{
   const struct glb_screen *scr = ctx->scr;
   const unsigned size = args->index_size;
   return glb_bound_here(ctx) && scr->sh.applied == ctx && compact_fits(ctx, args) &&
          scr->stats.draws && (!size || (scr->sh.ib_checked == ctx && indices_inside(ctx, args)));
}

/* The rest of glb_draw's checks for its host call alone (compact_call): no smooth lines to
 * note, no host trace, the element buffer the one bound on the host. */
static inline __attribute__((always_inline)) bool
compact_call_ready(const struct glb_context *ctx, const struct mgp_draw *args)
{
   const struct glb_screen *scr = ctx->scr;
   return !ctx->draw_line_smooth && !glb_host_trace &&
          (!args->index_size || (glb_shadow_known(scr, GLB_SH_ELEMENT_BUFFER) &&
                                 scr->sh.element_buffer == ctx->ib_name));
}

/* The compact draw, the common one: on a host holding this context's last draw (the shadow's
 * applied is set only while the shadow is trusted and forgotten with it: the trust stands), its
 * checks met (compact_marked_ready): with nothing marked since, the element buffer the one
 * bound, no smooth lines to note and no host trace (compact_call_ready), the counts and the host
 * call alone, inline, a tail call without a frame; with marks apply_short puts alone
 * (short_fits), draw_viewport (a viewport change alone, compact_call_ready's too),
 * draw_vertex_buffers (a vertex buffer change alone, the same) or draw_short (its
 * compact_host_draw binds the element buffer); with marks of other groups,
 * draw_marked_bound. Else draw_other. */
void
glb_draw(void *self, const struct mgp_draw *args, const void *tail, uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   /* (a draw under conditional rendering on a zero result is draw_other's to discard) */
   if (!(ctx->dirty | ctx->cond_discard)) {
      if (!compact_marked_ready(ctx, args) || !compact_call_ready(ctx, args)) {
         draw_other(ctx, args);
         return;
      }
      compact_call(ctx, args, true);
      return;
   }
   const uint32_t todo = ctx->dirty;
   if (todo & ~(uint32_t)GLB_DIRTY_SHORT)
      draw_marked_bound(ctx, args);
   else if (ctx->cond_discard || !short_fits(ctx) || !compact_marked_ready(ctx, args))
      draw_other(ctx, args);
   else if (todo == GLB_DIRTY_DYNAMIC && ctx->dyn_parts == GLB_DYN_VIEWPORT && ctx->dyn_set &&
            compact_call_ready(ctx, args))
      draw_viewport(ctx, args);
   else if (todo == GLB_DIRTY_VERTEX_BUFFERS && compact_call_ready(ctx, args))
      draw_vertex_buffers(ctx, args);
   else
      draw_short(ctx, args);
}

/* The draw program's changed default-block words, then the compact draw (draw_words: the two
 * records set_constant_words and draw in one). */
void
glb_draw_words(void *self, const struct mgp_draw_words *args, const void *tail, uint32_t tail_count)
{
   const struct mgp_constant_words w = {.first = args->first, .count = args->count};
   if (glb_constant_words(self, &w, tail, tail_count))
      glb_draw(self, &args->draw, NULL, 0);
}
