/* fe_draw.c — every GL draw entry point collapses into one draw_vbo: mode, index size from the
 * type, the indices offset as the range start in index units, instancing, base vertex; the
 * multi-draw forms become draw ranges. The spec's errors are checked here, then the tracker
 * validates the draw class and the draw goes out. */
#include <stdlib.h>
#include <string.h>

#include "fe_arbp.h"
#include "fe_compat_vertex.h"
#include "fe_enum.h"
#include "fe_es_ext.h"
#include "fe_ff.h"
#include "fe_gl.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "gl_entry.h"
#include "log.h"

static inline bool
valid_mode(const struct fe_context *ctx, GLenum mode)
{
   /* GL_POINTS .. GL_TRIANGLE_FAN and the four adjacency modes, every context's: one test */
   _Static_assert(GL_POINTS == 0 && GL_TRIANGLE_FAN == 6 && GL_LINES_ADJACENCY == 10 &&
                     GL_TRIANGLE_STRIP_ADJACENCY == 13,
                  "the draw modes' bits");
   if (mode < 32 && ((1u << mode) & 0x3c7fu))
      return true;
   switch (mode) {
   case GL_PATCHES: return fe_tess_offered(ctx);
   case GL_QUADS:
   case GL_QUAD_STRIP:
   case GL_POLYGON: return ctx->compat != NULL; /* compatibility only (fe_compat_prim.c) */
   case GL_POINTS:
   case GL_LINES:
   case GL_LINE_LOOP:
   case GL_LINE_STRIP:
   case GL_TRIANGLES:
   case GL_TRIANGLE_STRIP:
   case GL_TRIANGLE_FAN:
   case GL_LINES_ADJACENCY:
   case GL_LINE_STRIP_ADJACENCY:
   case GL_TRIANGLES_ADJACENCY:
   case GL_TRIANGLE_STRIP_ADJACENCY: return true;
   default: return false;
   }
}

static unsigned
index_size(GLenum type)
{
   switch (type) {
   case GL_UNSIGNED_BYTE: return 1;
   case GL_UNSIGNED_SHORT: return 2;
   case GL_UNSIGNED_INT: return 4;
   default: return 0;
   }
}

/* GL 3.3, 2.12.1: the input primitive a geometry shader declares and the draw modes it takes. */
static bool
geometry_accepts(GLenum input, GLenum mode)
{
   switch (input) {
   case GL_POINTS: return mode == GL_POINTS;
   case GL_LINES: return mode == GL_LINES || mode == GL_LINE_STRIP || mode == GL_LINE_LOOP;
   case GL_LINES_ADJACENCY: return mode == GL_LINES_ADJACENCY || mode == GL_LINE_STRIP_ADJACENCY;
   case GL_TRIANGLES:
      return mode == GL_TRIANGLES || mode == GL_TRIANGLE_STRIP || mode == GL_TRIANGLE_FAN;
   case GL_TRIANGLES_ADJACENCY:
      return mode == GL_TRIANGLES_ADJACENCY || mode == GL_TRIANGLE_STRIP_ADJACENCY;
   default: return false;
   }
}

/* Whether a draw of mode rasterizes lines: line primitives, or polygons in GL_LINE mode. */
static bool
draws_lines(const struct fe_context *ctx, GLenum mode)
{
   switch (mode) {
   case GL_POINTS: return false;
   case GL_LINES:
   case GL_LINE_STRIP:
   case GL_LINE_LOOP:
   case GL_LINES_ADJACENCY:
   case GL_LINE_STRIP_ADJACENCY: return true;
   default: return ctx->polygon_mode == GL_LINE || ctx->polygon_mode_back == GL_LINE;
   }
}

/* GL_LINE_STIPPLE (GL 2.1 §3.4.2) into the render state (the enable) and the dynamic state
 * (factor and pattern), where the renderer keeps GL's stipple counter; otherwise stippled lines
 * are drawn solid and counted. */
static void
line_stipple_state(struct fe_context *ctx, GLenum mode)
{
   const struct fe_ff *ff = ctx->ff;
   const bool can = (ctx->share->caps->cap_bits & MGP_CAP_LINE_STIPPLE) != 0;
   if (ff->line_stipple && !can && ff->line_stipple_pattern != 0xffff && draws_lines(ctx, mode))
      MGU_DECLINE(gl_line_stipple_unimplemented,
                  "lines drawn with GL_LINE_STIPPLE on (pattern 0x%04x): drawn solid, the "
                  "renderer keeps no stipple counter",
                  ff->line_stipple_pattern);
   const uint8_t on = ff->line_stipple && can;
   if (ctx->rs.line_stipple != on) {
      ctx->rs.line_stipple = on;
      fe_draw_bump_value(ctx, &ctx->rs_version);
   }
   if (on && (ctx->ds.line_stipple_factor != (uint16_t)ff->line_stipple_repeat ||
              ctx->ds.line_stipple_pattern != ff->line_stipple_pattern)) {
      ctx->ds.line_stipple_factor = (uint16_t)ff->line_stipple_repeat;
      ctx->ds.line_stipple_pattern = ff->line_stipple_pattern;
      fe_draw_bump_value(ctx, &ctx->ds_version);
   }
}

/* A draw buffer of a signed normalized format the device renders without blending it
 * (fe_format_color_renderable: lavapipe's snorm formats) takes the fragment's colour unblended
 * while GL_BLEND is on for it: counted. */
static void
snorm_blend_check(struct fe_context *ctx)
{
   const struct fe_framebuffer *fb = ctx->draw_fbo;
   for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++) {
      const GLenum b = fb->draw_buffers[i];
      if (b < GL_COLOR_ATTACHMENT0 || b >= GL_COLOR_ATTACHMENT0 + FE_MAX_COLOR_ATTACHMENTS ||
          !(fb->unblendable & (1u << (b - GL_COLOR_ATTACHMENT0))) ||
          !ctx->rs.blend[ctx->rs.independent_blend ? i : 0].enable)
         continue;
      MGU_DECLINE(gl_feature_unimplemented,
                  "GL_BLEND into a signed normalized draw buffer the device does not blend: "
                  "drawn unblended");
      return;
   }
}

/* KHR_blend_equation_advanced: a draw that blends a draw buffer with an advanced equation renders
 * into colour output 0 alone (not FRONT_AND_BACK, every other draw buffer NONE), and the
 * fragment shader declares the equation (layout(blend_support_*) out). Otherwise the draw's
 * GL_INVALID_OPERATION. Inline in draw_ready and repeat_render_ready: a call at every whole
 * draw otherwise. */
static inline __attribute__((always_inline)) bool
blend_advanced_ok(const struct fe_context *ctx, const struct fe_exec *e)
{
   uint32_t want = 0;
   for (unsigned i = 0; i < FE_MAX_DRAW_BUFFERS; i++) {
      const struct mgp_blend_target *b = &ctx->rs.blend[i];
      if (b->enable && b->eq_rgb >= MGP_BLEND_OP_MULTIPLY && b->eq_rgb < MGP_BLEND_OP_COUNT)
         want |= 1u << (b->eq_rgb - MGP_BLEND_OP_MULTIPLY);
      if (!ctx->rs.independent_blend)
         break;
   }
   if (!want)
      return true;
   if (!ctx->draw_fbo && ctx->default_draw_buffer == GL_FRONT_AND_BACK)
      return false;
   for (unsigned i = 1; ctx->draw_fbo && i < FE_MAX_DRAW_BUFFERS; i++)
      if (ctx->draw_fbo->draw_buffers[i] != GL_NONE)
         return false;
   const bool glsl = ctx->program || ctx->pipeline;
   const uint32_t support = glsl && e ? e->glsl->blend_support : 0;
   return (want & ~support) == 0;
}

/* The checks every draw shares, after its own argument checks. */
static bool
draw_ready_checks(struct fe_context *ctx, GLenum mode)
{
   if (!fe_pipeline_draw_check(ctx))
      return false;
   const struct fe_exec *e = fe_ctx_exec(ctx);
   const bool glsl = ctx->program || ctx->pipeline;
   /* GL 4.6 10.5 and 11.2: a program with a tessellation stage draws only patches, and patches
    * only through a tessellation evaluation shader (without one this GL has nothing to give
    * them to: a TCS alone draws nothing, refused as the draw's error) */
   const uint32_t tess_bits =
      GLSL_STAGE_BIT(GLSL_STAGE_TESS_CTRL) | GLSL_STAGE_BIT(GLSL_STAGE_TESS_EVAL);
   const uint32_t stages = glsl && e ? e->glsl->stages : 0;
   if ((mode == GL_PATCHES) != ((stages & tess_bits) != 0) ||
       (mode == GL_PATCHES && !(stages & GLSL_STAGE_BIT(GLSL_STAGE_TESS_EVAL)))) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   /* the geometry stage takes what the tessellator makes of the patches */
   const GLenum gs_mode = stages & GLSL_STAGE_BIT(GLSL_STAGE_TESS_EVAL)
                             ? (GLenum)glsl_tess_output_prim(&e->glsl->tess)
                             : mode;
   if ((stages & GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY)) &&
       !geometry_accepts(e->glsl->geometry.input_type, gs_mode)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   if (ctx->tfo->tf.active && !fe_xfb_draw_check(ctx, mode))
      return false;
   if (!glsl && ctx->ff && fe_arbp_draw_invalid(ctx)) {
      fe_error(ctx, GL_INVALID_OPERATION); /* an enabled ARB program that never loaded */
      return false;
   }
   if (!glsl && ctx->ff && !fe_ff_validate(ctx, mode))
      return false; /* fixed function: the generated program for the state */
   if (glsl && ctx->ff)
      fe_ff_note_program_draw(ctx, mode);
   if (ctx->ff)
      line_stipple_state(ctx, mode);
   if (!ctx->vao ||
       (atomic_load(&ctx->share->blocking_maps) && fe_vao_uses_mapped_buffer(ctx->vao))) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   /* the default framebuffer is complete when it has a surface (fe_fbo_status) */
   if (ctx->draw_fbo ? fe_fbo_status(ctx, ctx->draw_fbo, false) != GL_FRAMEBUFFER_COMPLETE
                     : !ctx->draw_surface) {
      fe_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
      return false;
   }
   if (ctx->draw_fbo && ctx->draw_fbo->unblendable)
      snorm_blend_check(ctx);
   if (!blend_advanced_ok(ctx, e)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   /* a program of a compute shader alone has no vertex stage to draw with: GL 4.6 7.3, with no
    * active program for the vertex stage the results are undefined, "however, this is not an
    * error"; the draw is skipped (named) */
   if (glsl && e && (e->glsl->stages & GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE))) {
      MGU_DECLINE(gl_draw_no_program, "a draw with a compute program current (no vertex stage) "
                                      "was skipped");
      return false;
   }
   return true;
}

/* draw_ready_checks' yes kept (issue 22, the per-draw floor): a draw of the mode of the last
 * draw found ready, with that draw's draw serial, program, executable, draw surface and share
 * generations, is ready again. The checks read only those (the stages, the vertex array, the
 * framebuffer and its completeness, render state and the draw buffers move the draw serial;
 * another context's relink moves the executable, its attachment changes any_gen) or what is
 * asked live here: no transform feedback active, no buffer of the share group mapped without
 * GL_MAP_PERSISTENT_BIT (a persistent map is never a draw's error), a program current (no
 * program pipeline) and no fixed-function stage. A no is never kept. */
static inline bool
draw_ready(struct fe_context *ctx, GLenum mode)
{
   struct fe_draw_ready_memo *m = &ctx->draw_ready_memo;
   if (m->valid && m->serial == ctx->draw_serial && m->mode == mode && m->program == ctx->program &&
       m->surface == ctx->draw_surface && !ctx->tfo->tf.active &&
       !atomic_load(&ctx->share->blocking_maps) && m->exec == fe_ctx_exec(ctx) &&
       m->any_gen == atomic_load(&ctx->share->any_gen)) {
      m->hits++;
      return true;
   }
   m->valid = false;
   /* kept only where the serial stood still since the draw before: a draw after every change
    * (a glScissor, a glEnable between draws) never finds it, so it pays no store */
   const bool still = m->last_serial == ctx->draw_serial;
   m->last_serial = ctx->draw_serial;
   if (!draw_ready_checks(ctx, mode))
      return false;
   if (still && ctx->program && !ctx->ff && !ctx->tfo->tf.active &&
       !atomic_load(&ctx->share->blocking_maps)) {
      *m = (struct fe_draw_ready_memo){
         .serial = ctx->draw_serial,
         .any_gen = atomic_load(&ctx->share->any_gen),
         .hits = m->hits,
         .last_serial = ctx->draw_serial,
         .exec = fe_ctx_exec(ctx),
         .program = ctx->program,
         .surface = ctx->draw_surface,
         .mode = mode,
         .valid = true,
      };
   }
   return true;
}

struct draw {
   GLenum mode;
   bool no_restart;     /* indices rewritten by fe_compat_draw: no markers left */
   unsigned index_size; /* 0: arrays */
   GLsizei instances;
   GLuint base_instance; /* GL 4.2 baseinstance: the first instance (0 in older draws) */
   uint32_t draw_id; /* gl_DrawID of the first range (GL 4.6 11.1.3.9: its glMultiDraw* index) */
   bool has_range;
   GLuint min_index, max_index;
   const void *user_indices;
   uint64_t user_size;
   bool fragments_only; /* a polygon mode per face's second pass (MGP_DRAW_FRAGMENTS_ONLY) */
};

/* A GL_LINE_LOOP the client rewrites (fe_prim_rewrite.c): its indices are not the draw's, so
 * neither the compact draw nor the element buffer's bind fits it. Not where the device draws
 * loops itself (MGP_CAP_LINE_LOOP). */
static inline bool
loop_rewritten(const struct fe_context *ctx, GLenum mode)
{
   return mode == GL_LINE_LOOP && !fe_line_loop_native(ctx);
}

/* Whether the server takes the compact draw (the catalog's draw call). */
static inline bool
compact_supported(const struct fe_context *ctx)
{
   return (ctx->share->caps->call_mask[MGP_CALL_draw / 64] >> (MGP_CALL_draw % 64)) & 1;
}

/* Whether the tracker work before a compact draw may hold the default block's changed words
 * for it (fe_tracker.h, fold_words): the server takes draw_words, and the calls become records
 * (not on monolith, fail_server set: there each call is the backend's function, no record to
 * save, and holding the words would only copy them once more). */
static inline bool
words_fold(const struct fe_context *ctx)
{
   const struct fe_share_group *sg = ctx->share;
   return !sg->fail_server &&
          ((sg->caps->call_mask[MGP_CALL_draw_words / 64] >> (MGP_CALL_draw_words % 64)) & 1);
}

/* One range, one instance, no flags: the compact draw, with the words the tracker held for it
 * (draw_words) where it held any. */
static inline __attribute__((always_inline)) void
send_compact(struct fe_context *ctx, uint16_t prim, uint8_t index_size,
             const struct mgp_draw_range *r)
{
   const struct mgp_draw c = {
      .mode = prim,
      .index_size = index_size,
      .start = r->start,
      .count = r->count,
      .index_bias = r->index_bias,
   };
   struct fe_tracker *t = &ctx->tracker;
   if (t->words_count) {
      mgp_draw_words(
         &ctx->pipe,
         &(struct mgp_draw_words){.draw = c, .first = t->words_first, .count = t->words_count},
         t->words);
      t->words_count = 0;
   } else {
      mgp_draw(&ctx->pipe, &c);
   }
}

/* The all-ones index of an index size: where a device's primitive restart cuts. */
static inline uint32_t
all_ones_index(unsigned isz)
{
   return isz == 4 ? 0xffffffffu : (1u << (isz * 8)) - 1;
}

/* Whether the device draws an indexed draw of mode restarting at isz's all-ones index as sent:
 * submit_one's fe_prim_rewrite_needed says no (the mode and caps alone decide it then). */
static bool
restart_direct(struct fe_context *ctx, GLenum mode, unsigned isz)
{
   struct mgp_draw_vbo a = {
      .mode = (uint16_t)fe_mgp_prim(mode),
      .index_size = (uint8_t)isz,
      .flags = MGP_DRAW_PRIMITIVE_RESTART,
      .restart_index = all_ones_index(isz),
   };
   return !fe_prim_rewrite_needed(ctx, &a);
}

/* The restart index in force is isz's all-ones one (GL_PRIMITIVE_RESTART_FIXED_INDEX's, or
 * glPrimitiveRestartIndex's where it is that): read live at every draw, since neither
 * glPrimitiveRestartIndex nor the fixed index's switch under GL_PRIMITIVE_RESTART moves a
 * serial. */
static inline bool
restart_all_ones(const struct fe_context *ctx, unsigned isz)
{
   return fe_restart_index(ctx, isz) == all_ones_index(isz);
}

/* submit_one's draw_vbo for one range of the element buffer's indices, one instance,
 * restarting at the all-ones index the device draws as sent (restart_direct): what a restart
 * draw the repeat takes sends. Out of line: the compact repeat pays nothing of it. */
static __attribute__((noinline)) void
send_restart(struct fe_context *ctx, GLenum mode, unsigned isz, const struct mgp_draw_range *r)
{
   const struct mgp_draw_vbo a = {
      .mode = (uint16_t)fe_mgp_prim(mode),
      .index_size = (uint8_t)isz,
      .instance_count = 1,
      .num_draws = 1,
      .flags = MGP_DRAW_PRIMITIVE_RESTART,
      .restart_index = all_ones_index(isz),
   };
   mgp_draw_vbo(&ctx->pipe, &a, r);
}

static void
submit_one(struct fe_context *ctx, const struct draw *d, const struct mgp_draw_range *ranges,
           uint32_t num)
{
   /* The common draw goes out compact: 24 wire bytes instead of 112 (issue 6), built without
    * the whole draw_vbo when nothing could make it need more (no restart, no loop rewrite). */
   if (num == 1 && d->instances == 1 && !d->base_instance && !d->draw_id && !d->has_range &&
       !d->user_indices && !d->fragments_only && !loop_rewritten(ctx, d->mode) &&
       compact_supported(ctx) && !(d->index_size && ctx->rs.primitive_restart && !d->no_restart)) {
      send_compact(ctx, (uint16_t)fe_mgp_prim(d->mode), (uint8_t)d->index_size, &ranges[0]);
      return;
   }
   struct mgp_draw_vbo a = {
      .mode = (uint16_t)fe_mgp_prim(d->mode),
      .index_size = (uint8_t)d->index_size,
      .instance_count = (uint32_t)d->instances,
      .start_instance = d->base_instance,
      .draw_id_offset = d->draw_id,
      .num_draws = num,
   };
   if (d->index_size && ctx->rs.primitive_restart && !d->no_restart) {
      a.flags |= MGP_DRAW_PRIMITIVE_RESTART;
      a.restart_index = fe_restart_index(ctx, d->index_size);
   }
   if (d->has_range) {
      a.flags |= MGP_DRAW_HAS_INDEX_RANGE;
      a.min_index = d->min_index;
      a.max_index = d->max_index;
   }
   if (d->fragments_only)
      a.flags |= MGP_DRAW_FRAGMENTS_ONLY;
   if (d->user_indices) {
      a.flags |= MGP_DRAW_USER_INDICES;
      a.user_indices = (struct mgp_span){.ptr = (void *)d->user_indices, .size = d->user_size};
   }
   /* What the device cannot draw as GL says (a loop, an arbitrary restart index) goes out as
    * an index stream it can (fe_prim_rewrite.c). */
   void *rewritten = NULL;
   if (fe_prim_rewrite_needed(ctx, &a) && !fe_prim_rewrite(ctx, &a, &ranges, &rewritten))
      return;
   /* a compact draw after the restart check found no index can restart */
   if (num == 1 && a.instance_count == 1 && !a.start_instance && !a.draw_id_offset && !a.flags &&
       compact_supported(ctx)) {
      send_compact(ctx, a.mode, a.index_size, &ranges[0]);
   } else {
      mgp_draw_vbo(&ctx->pipe, &a, ranges);
      /* The server stages these indices: a large set may find no staging memory for them
       * (GL_OUT_OF_MEMORY, the draw dropped), checked at the next glGetError like an upload. */
      if (a.flags & MGP_DRAW_USER_INDICES)
         fe_upload_sent(ctx->share, a.user_indices.size);
   }
   free(rewritten);
}

static bool
polygonal(GLenum mode)
{
   return mode == GL_TRIANGLES || mode == GL_TRIANGLE_STRIP || mode == GL_TRIANGLE_FAN ||
          mode == GL_TRIANGLES_ADJACENCY || mode == GL_TRIANGLE_STRIP_ADJACENCY;
}

/* A compatibility context's polygon mode per face (glPolygonMode(GL_FRONT / GL_BACK)): the
 * device has one mode for both, so polygons are drawn twice, each pass culling the other face
 * and drawing its own in its mode (faces the app culls are skipped). GL sees one drawing
 * command: the pass after the first is sent MGP_DRAW_FRAGMENTS_ONLY, so that only its
 * fragments count in queries and it captures nothing (the first pass counted and captured every
 * vertex and primitive: culling comes after both). */
static inline bool
one_pass(const struct fe_context *ctx, GLenum mode)
{
   return ctx->polygon_mode == ctx->polygon_mode_back || !polygonal(mode);
}

static void
submit(struct fe_context *ctx, const struct draw *d, const struct mgp_draw_range *ranges,
       uint32_t num)
{
   if (one_pass(ctx, d->mode)) {
      submit_one(ctx, d, ranges, num);
      return;
   }
   const struct mgp_render_state rs = ctx->rs;
   struct draw pass = *d;
   for (int f = 0; f < 2; f++) {
      const GLenum face = f ? GL_BACK : GL_FRONT;
      if (ctx->cull_enabled && (ctx->cull_mode == face || ctx->cull_mode == GL_FRONT_AND_BACK))
         continue;
      ctx->rs.cull_face = (uint16_t)fe_mgp_cull_mode(f ? GL_FRONT : GL_BACK);
      ctx->rs.polygon_mode =
         (uint16_t)fe_mgp_polygon_mode(f ? ctx->polygon_mode_back : ctx->polygon_mode);
      fe_draw_bump_value(ctx, &ctx->rs_version);
      /* the outline stage (fe_compat_prim.c) is keyed by the pass's mode and culled face (a
       * GLSL program's variant is chosen at validate, fe_program.c) */
      if (ctx->compat && ctx->compat->outline_draw && !ctx->program && !ctx->pipeline &&
          !fe_ff_validate(ctx, d->mode))
         continue;
      if (fe_validate(ctx, FE_VERB_DRAW)) {
         submit_one(ctx, &pass, ranges, num);
         pass.fragments_only = true;
      }
   }
   ctx->rs = rs;
   fe_draw_bump_value(ctx, &ctx->rs_version);
}

/* Whether the renderer draws from a base instance other than 0 (GL 4.2 ARB_base_instance). */
bool
fe_base_instance_offered(struct fe_context *ctx)
{
   if (ctx->desc.api == FE_API_GLES) /* EXT_base_instance (ES 3.0+), on the same cap */
      return fe_es_ext_on(ctx, FE_ES_EXT_BASE_INSTANCE);
   return (ctx->share->caps->cap_bits & MGP_CAP_BASE_INSTANCE) != 0;
}

/* A draw from base instance `base` where the renderer has none: the named decline (the
 * extension is not listed then). */
static bool
base_instance_declined(struct fe_context *ctx, GLuint base)
{
   if (!base || fe_base_instance_offered(ctx))
      return false;
   MGU_DECLINE(gl_feature_unimplemented, "a draw from base instance %u: the renderer has none",
               base);
   return true;
}

/* A glMultiDraw* sending a draw at a time: gl_DrawID is the draw's index, which the repeat
 * draw's compact send does not carry (the unusual epoch moves). */
static inline void
set_draw_id(struct fe_context *ctx, uint32_t id)
{
   ctx->multi_draw_id = id;
   fe_ctx_unusual(ctx);
}

/* ---- the repeat draw (issue 22: the no-change draw's floor) --------------------------------
 * A compact glDrawArrays / glDrawElements that went the whole way (draw_ready said yes,
 * fe_validate brought every tracker input up to date) keeps itself in ctx->draw_repeat when the
 * draw serial, less the vertex-buffer and uniform-block rebinds and the dynamic-state changes,
 * stood still since the draw before. The next draw of that mode and index size is then sent
 * after one check in place of draw_ready's and fe_validate's: the program, executable, share
 * generations and patch state are those kept; the draw serial is the one kept, or moved only by
 * vertex-buffer rebinds (fe_draw_bump_buffers: the tracker's vertex-buffer group), uniform-block
 * rebinds (fe_draw_bump_ubos: its uniform-block group), binds of a vertex array object
 * (fe_draw_bump_array: its vertex-array group), dynamic-state changes (fe_draw_bump_dynamic:
 * a glViewport or glScissor, its dynamic-state group) and render-state changes
 * (fe_draw_bump_render: a glEnable or glDepthFunc, its value group), which draw_ready's checks
 * do not read but for a vertex array bound (one is: zero is not such a bind), none of its
 * buffers mapped (no buffer is: a map moves the unusual epoch) and what repeat_render_ready
 * asks of render state (draw_repeats_render, out of line: the mark fe_draw_bump_render leaves
 * on the kept nonbind sends such a draw past the rebind compare); the tracker's
 * inputs that no serial covers (the executable's binding version, the constants' owner, the
 * surfaces) read as it kept them, but for the default block's bytes (a glUniform: its value
 * group). What fe_validate's prelude would do (shaders to delete, texture uploads to flush,
 * shadowed persistent maps to ship), what draw_ready's kept yes asks live (transform feedback,
 * a buffer mapped without the persistent bit)
 * and what the compact send needs (no client arrays, no multi-draw index) is found absent when
 * kept, and the setters that make any of it present move the unusual epoch (the context's and
 * the share group's, fe_unusual_epoch): one compare. A lost session and a surface of another
 * share group are asked live. Any fe_validate of a draw drops
 * it, so every input it trusts was found by the checks for this mode. The ranges are the
 * draw's own, checked as ever (element_indices here, the server's own checks there). */
/* draw_ready_checks' reads of render state for a draw the repeat takes after a render-state
 * change (fe_draw_bump_render): no advanced blend equation (its GL_INVALID_OPERATION), no
 * blending into a draw buffer the device does not blend (its decline, counted per draw) and
 * one pass for both faces (submit's polygon modes). */
static inline bool
repeat_render_ready(const struct fe_context *ctx, const struct fe_exec *e)
{
   return ctx->polygon_mode == ctx->polygon_mode_back &&
          !(ctx->draw_fbo && ctx->draw_fbo->unblendable) && blend_advanced_ok(ctx, e);
}

#define REPEAT_HIT 1u
#define REPEAT_CONSTANTS 2u /* the default block's bytes moved (the tracker's value group) */
#define REPEAT_BINDINGS 4u  /* rebinds, dynamic- or render-state changes moved the draw serial */
#define REPEAT_LIVE 8u      /* draw_repeats_render found the session live and sent its group */

static inline uint64_t
surface_serial(const struct fe_surface *s)
{
   return s ? s->serial : 0;
}

/* draw_repeats past the draw serial: the tracker's walk over the inputs no serial covers
 * (fe_tracker.c, DRAW_INPUT_ANY), the default block's bytes, and what fe_validate's prelude,
 * draw_ready and the compact send would ask (absent when kept, and nothing made any of it
 * present since). */
static inline __attribute__((always_inline)) unsigned
repeat_rest(const struct fe_context *ctx, unsigned k)
{
   const struct fe_draw_repeat *r = &ctx->draw_repeat;
   const struct fe_tracker *t = &ctx->tracker;
   const struct fe_share_group *sg = ctx->share;
   const struct fe_exec *e = ctx->exec;
   const struct fe_surface *ds = ctx->draw_surface, *rs = ctx->read_surface;
   const uint64_t any_gen = atomic_load(&sg->any_gen);
   /* one surface drawn and read (a window's context, the common case): its serial and its
    * share group read once */
   const bool one = ds == rs;
   const uint64_t ds_serial = surface_serial(ds);
   if (t->draw_in.bindings_version != e->bindings_version ||
       t->draw_in.constants_ctx != (uintptr_t)e->constants_ctx ||
       t->draw_in.draw_surface != ds_serial ||
       t->draw_in.read_surface != (one ? ds_serial : surface_serial(rs)) || r->any_gen != any_gen)
      return 0;
   if (t->draw_in.uniform_version != e->uniform_version) {
      if (e->num_parts)
         return 0;
      k |= REPEAT_CONSTANTS;
   }
   if ((ds && ds->share != sg) || (!one && rs && rs->share != sg) ||
       r->epoch != ctx->unusual_epoch + atomic_load(&sg->unusual_epoch))
      return 0;
   return k;
}

/* draw_repeats' draw whose draw serial missed the rebind compare: a repeat where the moves
 * since were rebinds and render-state changes (fe_draw_bump_render's mark on the kept nonbind)
 * and draw_ready's reads of render state would say yes. Its value group runs here, once the
 * draw is found a repeat (not under MGL_TRACKER_VERIFY, whose whole way runs it; not on a lost
 * context, which draws nothing), and the mark goes: the draw takes the rest as a rebind draw,
 * or, where every move was a render-state change (a toggle), as a draw with nothing left to run;
 * REPEAT_LIVE says the caller need not ask the session again. Out of line: only a draw after a
 * render-state change (or another change: 0) comes here. */
static __attribute__((noinline)) unsigned
draw_repeats_render(struct fe_context *ctx)
{
   struct fe_draw_repeat *r = &ctx->draw_repeat;
   const uint64_t nonbind = ctx->draw_serial - ctx->bind_bumps;
   if (r->nonbind != (nonbind | FE_REPEAT_RENDER) || !repeat_render_ready(ctx, ctx->exec))
      return 0;
   const unsigned k = repeat_rest(ctx, REPEAT_HIT | REPEAT_BINDINGS);
   if (!k || ctx->tracker.verify || fe_ctx_lost(ctx))
      return k;
   /* the default block's bytes with it */
   const bool alone = fe_tracker_repeat_render(ctx, ctx->draw_serial - r->serial);
   r->nonbind = nonbind;
   if (alone) {
      /* render-state changes alone (a toggle): draw_repeat_take's rebind draw, its
       * fe_tracker_repeat having nothing to run (the vertex array is the kept one) */
      r->buffers++;
      r->serial = ctx->draw_serial;
      return REPEAT_HIT | REPEAT_LIVE;
   }
   return (k & ~REPEAT_CONSTANTS) | REPEAT_LIVE;
}

/* Inline in both callers: a call would spill their arguments around it. */
static inline __attribute__((always_inline)) unsigned
draw_repeats(struct fe_context *ctx, GLenum mode, unsigned isz)
{
   const struct fe_draw_repeat *r = &ctx->draw_repeat;
   const struct fe_tracker *t = &ctx->tracker;
   const struct fe_exec *e = ctx->exec;
   const struct fe_program *p = ctx->program;
   /* While kept, the tracker's draw_in (its serial, any_gen, surfaces, ...) moves only at a
    * draw's fe_validate, which drops the repeat, and in fe_tracker_repeat (with r->serial) and
    * fe_tracker_repeat_render (its value group's versions):
    * they are the kept ones, so only its validity is asked. */
   if (!r->valid || r->mode != mode || r->index_size != isz || r->program != p || r->exec != e ||
       p->exec != e || !t->draw_in_valid || r->patch_version != ctx->patch_version ||
       e->tess_passthrough)
      return 0;
   unsigned k = REPEAT_HIT;
   if (r->serial != ctx->draw_serial) {
      if (ctx->draw_serial - ctx->bind_bumps != r->nonbind)
         return draw_repeats_render(ctx);
      k |= REPEAT_BINDINGS;
   }
   return repeat_rest(ctx, k);
}

/* The repeat draw's tracker work (the groups fe_validate would run for what moved), then the
 * draw serial it now stands at. Its compact send follows: changed words are held for it. */
static inline __attribute__((always_inline)) void
draw_repeat_take(struct fe_context *ctx, unsigned k, bool compact)
{
   struct fe_draw_repeat *r = &ctx->draw_repeat;
   r->hits++;
   if (k & (REPEAT_CONSTANTS | REPEAT_BINDINGS)) {
      /* counts them in r (constants, buffers, arrays) and stands r->serial at the draw serial;
       * a restart draw's draw_vbo carries no words: the tracker sends them */
      ctx->tracker.fold_words = compact && (k & REPEAT_CONSTANTS) && words_fold(ctx);
      fe_tracker_repeat(ctx, k & REPEAT_CONSTANTS, k & REPEAT_BINDINGS);
      ctx->tracker.fold_words = false;
   }
}

/* After a compact draw (or an indexed one restarting at the all-ones index the device draws as
 * sent: send_restart) that went the whole way: keep it as the repeat draw where the draw
 * serial, less the rebinds and dynamic-state changes, stood still since the draw before and
 * fe_validate left every input current. Not for what the repeat does not ask at every draw: a
 * compatibility context (its render mode, rewrites, two-pass polygon modes), a program
 * pipeline or fixed-function stage, storage blocks or atomic counters (the writes fe_validate
 * notes), a tessellation passthrough, client arrays. Out of line: a draw after every glEnable
 * or glDepthFunc pays draw_repeat_arm's compare and store alone. */
static __attribute__((noinline)) void
draw_repeat_keep(struct fe_context *ctx, GLenum mode, unsigned isz, uint64_t nonbind)
{
   struct fe_draw_repeat *r = &ctx->draw_repeat;
   const struct fe_tracker *t = &ctx->tracker;
   const struct fe_exec *e = ctx->exec;
   const struct fe_share_group *sg = ctx->share;
   r->keeps++;
   /* the epoch first: a setter on another thread that makes its condition present after the
    * reads below moves it after this read */
   const uint64_t epoch = fe_unusual_epoch(ctx);
   if (!ctx->program || ctx->compat || ctx->ff || !e || ctx->program->exec != e || !e->glsl ||
       e->glsl->num_storage_blocks || e->glsl->num_atomic_buffers || e->tess_passthrough ||
       !t->draw_in_valid || t->draw_in_serial != ctx->draw_serial ||
       t->draw_in.exec != (uintptr_t)e || ctx->tfo->tf.active || fe_client_arrays_active(ctx) ||
       sg->num_dead_shaders || ctx->pending_uploads || atomic_load(&sg->persistent_n) ||
       ctx->ship_all_persistent || atomic_load(&sg->blocking_maps) || ctx->multi_draw_id)
      return;
   *r = (struct fe_draw_repeat){
      .serial = ctx->draw_serial,
      .any_gen = t->draw_in.any_gen,
      .patch_version = ctx->patch_version,
      .hits = r->hits,
      .nonbind = nonbind,
      .last_nonbind = nonbind,
      .constants = r->constants,
      .buffers = r->buffers,
      .arrays = r->arrays,
      .keeps = r->keeps,
      .epoch = epoch,
      .program = ctx->program,
      .exec = e,
      .mode = mode,
      .index_size = isz,
      .valid = true,
      /* asked only for a draw restarting: a draw kept without restart repeats as one after a
       * toggle only once a restart draw is kept */
      .restart = isz && ctx->rs.primitive_restart && restart_direct(ctx, mode, isz),
   };
}

static inline void
draw_repeat_arm(struct fe_context *ctx, GLenum mode, unsigned isz)
{
   struct fe_draw_repeat *r = &ctx->draw_repeat;
   const uint64_t nonbind = ctx->draw_serial - ctx->bind_bumps;
   if (r->last_nonbind != nonbind)
      r->last_nonbind = nonbind;
   else
      draw_repeat_keep(ctx, mode, isz, nonbind);
}

/* MGL_TRACKER_VERIFY=1: a draw the repeat would have sent goes the whole way instead, and
 * must find draw_ready's yes and fe_validate running no group but those the repeat would have
 * (want: the groups' count it expects after); where it does not, an input the repeat trusts
 * moved without what it compares (logged, counted). */
static inline uint64_t
repeat_groups(const struct fe_context *ctx)
{
   const struct fe_tracker *t = &ctx->tracker;
   return t->full_validates + t->value_validates + t->binding_validates + t->array_validates +
          t->vertex_validates;
}

static uint64_t
repeat_verify_want(const struct fe_context *ctx, unsigned k)
{
   const struct fe_tracker *t = &ctx->tracker;
   /* another vertex array: its group, buffers included; the same one: its buffers' group */
   const bool vertex = t->draw_in.vao != (uintptr_t)ctx->vao ||
                       t->draw_in.vao_buffers_version != ctx->vao->buffers_version;
   const bool dynamic = (k & REPEAT_BINDINGS) && (t->draw_in.ds_version != ctx->ds_version ||
                                                  t->draw_in.rs_version != ctx->rs_version);
   return repeat_groups(ctx) + ((k & REPEAT_CONSTANTS) || dynamic) +
          ((k & REPEAT_BINDINGS) && vertex) +
          ((k & REPEAT_BINDINGS) && t->draw_in.ubo_version != ctx->ubo_version);
}

static void
repeat_verify(struct fe_context *ctx, bool ready, uint64_t want)
{
   if (ready && repeat_groups(ctx) == want && ctx->tracker.draw_in_valid)
      return;
   ctx->tracker.verify_mismatches++;
   /* the scenario lanes fail on "MGL_TRACKER_VERIFY: draw input" */
   mgu_error("MGL_TRACKER_VERIFY: draw input of a repeat draw moved (%s)",
             ready ? "fe_validate ran another group" : "draw_ready refused it");
}

/* glDrawArrays the whole way: draw_ready, fe_validate, the send; verify (a constant at each
 * caller): MGL_TRACKER_VERIFY's check of a draw the repeat would have sent, groups its want. */
static inline __attribute__((always_inline)) void
draw_arrays_way(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count, GLsizei instances,
                GLuint baseinstance, bool verify, uint64_t groups)
{
   FE_CHECK(!valid_mode(ctx, mode), GL_INVALID_ENUM);
   FE_CHECK(first < 0 || count < 0 || instances < 0, GL_INVALID_VALUE);
   if (ctx->compat && ctx->compat->rm.mode != 0x1C00 /* GL_RENDER */) {
      if (instances)
         fe_compat_rm_draw(ctx, mode, first, count, 0, NULL, 0);
      return;
   }
   if (ctx->compat && fe_compat_draw_rewritten(ctx, mode)) {
      /* the draw's checks take GL's mode, not the triangles it becomes: a geometry shader
       * takes no quads or polygons (GL 3.2 compatibility §2.12.1), so its gl_PrimitiveIDIn
       * never counts rewritten ones */
      if (draw_ready(ctx, mode) && !base_instance_declined(ctx, baseinstance))
         fe_compat_draw(ctx, mode, first, count, 0, NULL, instances, baseinstance, 0);
      return;
   }
   uint64_t captured = 0;
   const bool ready = draw_ready(ctx, mode);
   if (verify && !ready)
      repeat_verify(ctx, ready, groups);
   if (!ready ||
       (ctx->tfo->tf.active && !fe_xfb_arrays_check(ctx, mode, count, instances, &captured)) ||
       !count || !instances || base_instance_declined(ctx, baseinstance))
      return;
   int64_t rebase = 0;
   if (fe_client_arrays_active(ctx) &&
       !fe_client_arrays_prepare(ctx, (uint32_t)first, (uint32_t)first + (uint32_t)count - 1,
                                 (uint32_t)instances, baseinstance, &rebase))
      return;
   /* submit_one's compact draw without its other cases (arrays: no indices, no range): the
    * words the validate changes ride in it */
   const bool compact = instances == 1 && !baseinstance && !ctx->multi_draw_id &&
                        !loop_rewritten(ctx, mode) && one_pass(ctx, mode) && compact_supported(ctx);
   ctx->tracker.fold_words = compact && words_fold(ctx);
   if (!fe_validate(ctx, FE_VERB_DRAW)) {
      fe_tracker_flush_words(ctx);
      return;
   }
   ctx->tracker.fold_words = false;
   if (verify)
      repeat_verify(ctx, true, groups);
   struct mgp_draw_range r = {(uint32_t)(first - rebase), (uint32_t)count, 0};
   if (compact) {
      send_compact(ctx, (uint16_t)fe_mgp_prim(mode), 0, &r);
      if (!rebase && !captured)
         draw_repeat_arm(ctx, mode, 0);
   } else
      submit(ctx,
             &(struct draw){.mode = mode,
                            .instances = instances,
                            .base_instance = baseinstance,
                            .draw_id = ctx->multi_draw_id},
             &r, 1);
   if (captured)
      fe_xfb_drawn(ctx, captured);
}

static __attribute__((noinline)) void
draw_arrays_verify(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count, unsigned k)
{
   draw_arrays_way(ctx, mode, first, count, 1, 0, true, repeat_verify_want(ctx, k));
}

/* The whole way out of line, so draw_arrays (inlined into its callers) is one compare and a
 * call either way: neither way's register saves are paid by the other. */
static __attribute__((noinline)) void
draw_arrays_whole(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count,
                  GLsizei instances, GLuint baseinstance)
{
   draw_arrays_way(ctx, mode, first, count, instances, baseinstance, false, 0);
}

/* The repeat draw's way of glDrawArrays, out of line behind draw_arrays' one compare (a kept
 * repeat), so a draw after a state change pays nothing else of it (draw_arrays_repeat; for
 * glDrawArrays draw_arrays_repeat1, one instance from 0 constants there). */
static inline __attribute__((always_inline)) void
draw_arrays_repeat_in(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count,
                      GLsizei instances, GLuint baseinstance)
{
   const unsigned k =
      first >= 0 && count > 0 && instances == 1 && !baseinstance ? draw_repeats(ctx, mode, 0) : 0;
   if (!k)
      draw_arrays_whole(ctx, mode, first, count, instances, baseinstance);
   else if (ctx->tracker.verify)
      draw_arrays_verify(ctx, mode, first, count, k);
   else if ((k & REPEAT_LIVE) || !fe_ctx_lost(ctx)) {
      draw_repeat_take(ctx, k, true);
      send_compact(ctx, (uint16_t)fe_mgp_prim(mode), 0,
                   &(struct mgp_draw_range){(uint32_t)first, (uint32_t)count, 0});
   }
}

static __attribute__((noinline)) void
draw_arrays_repeat(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count,
                   GLsizei instances, GLuint baseinstance)
{
   draw_arrays_repeat_in(ctx, mode, first, count, instances, baseinstance);
}

static __attribute__((noinline)) void
draw_arrays_repeat1(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count)
{
   draw_arrays_repeat_in(ctx, mode, first, count, 1, 0);
}

static inline void
draw_arrays(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count, GLsizei instances,
            GLuint baseinstance)
{
   if (ctx->draw_repeat.valid)
      draw_arrays_repeat(ctx, mode, first, count, instances, baseinstance);
   else
      draw_arrays_whole(ctx, mode, first, count, instances, baseinstance);
}

/* The element buffer bound at offset 0 (a draw of the same buffer sends nothing). */
static inline __attribute__((always_inline)) void
element_bind(struct fe_context *ctx, const struct fe_buffer *eb, unsigned isz)
{
   const struct fe_tracker *t = &ctx->tracker;
   if (!mgp_handle_eq(t->index_res, eb->res) || t->index_offset || t->index_size != isz)
      fe_tracker_index_buffer(ctx, eb->res, 0, isz);
}

/* The element buffer's part of setup_indices: checks the indices offset and range, binds the
 * buffer (its compare inline: a draw of the same buffer sends nothing; not for a GL_LINE_LOOP,
 * which draws rewritten indices, fe_prim_rewrite.c) and turns the offset into a range start in
 * index units. False when the draw must be skipped. Inline in each way (the repeats' too). */
static inline __attribute__((always_inline)) bool
element_indices(struct fe_context *ctx, struct fe_buffer *eb, unsigned isz, GLsizei count,
                const void *indices, uint32_t *start, bool bind)
{
   /* isz is 1, 2 or 4: isz >> 1 is its log2 (no division at every draw) */
   uint64_t offset = (uint64_t)(uintptr_t)indices;
   if (offset & (isz - 1)) {
      MGU_DECLINE(gl_feature_unimplemented, "indices offset %llu not a multiple of %u",
                  (unsigned long long)offset, isz);
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   if (!eb->created || offset + (uint64_t)count * isz > (uint64_t)eb->size) {
      MGU_DECLINE(gl_draw_out_of_bounds, "indices [%llu, +%llu) past a %lld-byte buffer",
                  (unsigned long long)offset, (unsigned long long)count * isz, (long long)eb->size);
      return false;
   }
   if (bind)
      element_bind(ctx, eb, isz);
   *start = (uint32_t)(offset >> (isz >> 1));
   return true;
}

/* Binds the element array (or takes user indices) and turns the indices offset into a range
 * start in index units. False when the draw must be skipped. */
static bool
setup_indices(struct fe_context *ctx, struct draw *d, GLsizei count, const void *indices,
              uint32_t *start)
{
   struct fe_buffer *eb = ctx->vao->elements;
   *start = 0;
   if (!eb) {
      /* Client-side indices: the client owns that memory, so they travel with the draw. */
      if (!indices) {
         MGU_DECLINE(gl_draw_out_of_bounds, "client-side indices at NULL");
         return false;
      }
      d->user_indices = indices;
      d->user_size = (uint64_t)count * d->index_size;
      return true;
   }
   return element_indices(ctx, eb, d->index_size, count, indices, start,
                          !loop_rewritten(ctx, d->mode));
}

static void draw_indexed(struct fe_context *ctx, GLenum mode, GLsizei count, GLenum type,
                         const void *indices, GLsizei instances, GLuint baseinstance,
                         GLint basevertex, bool has_range, GLuint start, GLuint end,
                         bool rewritten);

static void draw_elements_whole(struct fe_context *ctx, GLenum mode, GLsizei count, GLenum type,
                                const void *indices, GLsizei instances, GLuint baseinstance,
                                GLint basevertex, bool has_range, GLuint start, GLuint end);

/* The whole way of draw_elements_repeat's draw that is not a repeat: its six arguments, so
 * draw_elements_repeat leaves through a jump (no stack arguments to pass). */
static __attribute__((noinline)) void
draw_elements_one(struct fe_context *ctx, GLenum mode, GLsizei count, GLenum type,
                  const void *indices, GLint basevertex)
{
   draw_elements_whole(ctx, mode, count, type, indices, 1, 0, basevertex, false, 0, 0);
}

/* The repeat draw's way of an indexed draw of one instance, no base instance and no range,
 * out of line behind draw_elements' compares (a kept repeat) and with the six arguments it
 * reads, so a glDrawElements pays no stack arguments or spills of the other way and jumps
 * here: the element buffer's indices, checked against it as every draw's
 * (MGL_TRACKER_VERIFY checks the repeat on glDrawArrays: the same draw_repeats); a core
 * context with zero bound has no vertex array (draw_ready refuses the draw). With primitive
 * restart on (issue 22's draw_elements_restart) the draw is a repeat where the device draws
 * the kept mode's restart as sent (the kept restart) and the index in force is the all-ones one,
 * both asked at every draw (a toggle moves the render state: draw_repeats_render's value
 * group; an index change moves no serial): it goes out as submit_one's draw_vbo with the
 * restart flag. A draw that is not a repeat goes the whole way from here. */
/* draw_elements_repeat's way, restart (a constant at each caller) the draw's
 * GL_PRIMITIVE_RESTART state. */
static inline __attribute__((always_inline)) void
draw_elements_repeat_in(struct fe_context *ctx, GLenum mode, GLsizei count, GLenum type,
                        const void *indices, GLint basevertex, bool restart)
{
   const unsigned isz = index_size(type);
   const unsigned k = isz && count > 0 && !ctx->tracker.verify && ctx->vao && ctx->vao->elements &&
                            (!restart || (ctx->draw_repeat.restart && restart_all_ones(ctx, isz)))
                         ? draw_repeats(ctx, mode, isz)
                         : 0;
   if (!k) {
      draw_elements_one(ctx, mode, count, type, indices, basevertex);
      return;
   }
   uint32_t first;
   struct fe_buffer *eb = ctx->vao->elements;
   if (((k & REPEAT_LIVE) || !fe_ctx_lost(ctx)) &&
       element_indices(ctx, eb, isz, count, indices, &first, false)) {
      /* the tracker's groups first: a vertex-array switch binds the array's element
       * buffer with its vertex input, so the compare below finds it bound */
      draw_repeat_take(ctx, k, !restart);
      element_bind(ctx, eb, isz);
      const struct mgp_draw_range r = {first, (uint32_t)count, basevertex};
      if (restart)
         send_restart(ctx, mode, isz, &r);
      else
         send_compact(ctx, (uint16_t)fe_mgp_prim(mode), (uint8_t)isz, &r);
   }
}

/* The restart draw's repeat, out of line: the compact one pays one test of it. */
static __attribute__((noinline)) void
draw_elements_repeat_restart(struct fe_context *ctx, GLenum mode, GLsizei count, GLenum type,
                             const void *indices, GLint basevertex)
{
   draw_elements_repeat_in(ctx, mode, count, type, indices, basevertex, true);
}

static __attribute__((noinline)) void
draw_elements_repeat(struct fe_context *ctx, GLenum mode, GLsizei count, GLenum type,
                     const void *indices, GLint basevertex)
{
   if (ctx->rs.primitive_restart)
      draw_elements_repeat_restart(ctx, mode, count, type, indices, basevertex);
   else
      draw_elements_repeat_in(ctx, mode, count, type, indices, basevertex, false);
}

static inline void
draw_elements(struct fe_context *ctx, GLenum mode, GLsizei count, GLenum type, const void *indices,
              GLsizei instances, GLuint baseinstance, GLint basevertex, bool has_range,
              GLuint start, GLuint end)
{
   if (ctx->draw_repeat.valid && instances == 1 && !baseinstance && !has_range)
      draw_elements_repeat(ctx, mode, count, type, indices, basevertex);
   else
      draw_elements_whole(ctx, mode, count, type, indices, instances, baseinstance, basevertex,
                          has_range, start, end);
}

/* draw_elements past the repeat draw: the argument checks, then draw_indexed. */
static __attribute__((noinline)) void
draw_elements_whole(struct fe_context *ctx, GLenum mode, GLsizei count, GLenum type,
                    const void *indices, GLsizei instances, GLuint baseinstance, GLint basevertex,
                    bool has_range, GLuint start, GLuint end)
{
   const unsigned isz = index_size(type);
   FE_CHECK(!valid_mode(ctx, mode), GL_INVALID_ENUM);
   FE_CHECK(count < 0 || instances < 0, GL_INVALID_VALUE);
   FE_CHECK(!isz, GL_INVALID_ENUM);
   FE_CHECK(has_range && end < start, GL_INVALID_VALUE);
   if (ctx->compat && ctx->compat->rm.mode != 0x1C00 /* GL_RENDER */) {
      if (instances)
         fe_compat_rm_draw(ctx, mode, 0, count, type, indices, basevertex);
      return;
   }
   if (ctx->compat && fe_compat_draw_rewritten(ctx, mode)) {
      if (draw_ready(ctx, mode) && !base_instance_declined(ctx, baseinstance))
         fe_compat_draw(ctx, mode, 0, count, type, indices, instances, baseinstance, basevertex);
      return;
   }
   draw_indexed(ctx, mode, count, type, indices, instances, baseinstance, basevertex, has_range,
                start, end, false);
}

/* draw_elements after its argument checks; rewritten: 32-bit indices in client memory whatever
 * element buffer is bound, with no restart markers (fe_draw_rewritten). */
static void
draw_indexed(struct fe_context *ctx, GLenum mode, GLsizei count, GLenum type, const void *indices,
             GLsizei instances, GLuint baseinstance, GLint basevertex, bool has_range, GLuint start,
             GLuint end, bool rewritten)
{
   if (!draw_ready(ctx, mode) || (ctx->tfo->tf.active && !fe_xfb_indexed_check(ctx)) || !count ||
       !instances || base_instance_declined(ctx, baseinstance))
      return;
   int64_t rebase = 0;
   if (fe_client_arrays_active(ctx)) {
      /* the vertices the indices name (GL 3.3/ES 3.0: basevertex added to each) */
      uint32_t lo = start, hi = end;
      if (!rewritten && !fe_client_arrays_index_range(ctx, type, count, indices, &lo, &hi))
         return;
      const int64_t first = (int64_t)lo + basevertex, last = (int64_t)hi + basevertex;
      if (first < 0 || last > UINT32_MAX) {
         MGU_DECLINE(gl_draw_out_of_bounds, "client-side arrays read at vertex %lld..%lld",
                     (long long)first, (long long)last);
         return;
      }
      if (!fe_client_arrays_prepare(ctx, (uint32_t)first, (uint32_t)last, (uint32_t)instances,
                                    baseinstance, &rebase))
         return;
      basevertex = (GLint)(basevertex - rebase);
      has_range = false; /* the range named the app's vertices, not the copies' */
   }
   /* submit_one's compact draw without its other cases (the element buffer's indices, one
    * instance, no range, no restart, no loop rewrite) and without the draw it builds: the
    * words the validate changes ride in it. With restart on, the same draw restarting at the
    * all-ones index the device draws as sent is submit_one's draw_vbo (send_restart), kept as
    * the repeat draw like the compact one (no words ride in it). */
   struct fe_buffer *eb = ctx->vao->elements;
   const unsigned isz = index_size(type);
   const bool restart = ctx->rs.primitive_restart;
   const bool single = eb && instances == 1 && !baseinstance && !has_range &&
                       !loop_rewritten(ctx, mode) && one_pass(ctx, mode) && compact_supported(ctx);
   const bool compact = single && !restart;
   const bool restarting = single && restart && !ctx->multi_draw_id && restart_all_ones(ctx, isz) &&
                           restart_direct(ctx, mode, isz);
   ctx->tracker.fold_words = compact && words_fold(ctx);
   if (!fe_validate(ctx, FE_VERB_DRAW)) {
      fe_tracker_flush_words(ctx);
      return;
   }
   ctx->tracker.fold_words = false;
   if (compact || restarting) {
      uint32_t first;
      if (element_indices(ctx, eb, isz, count, indices, &first, true)) {
         const struct mgp_draw_range r = {first, (uint32_t)count, basevertex};
         if (restarting)
            send_restart(ctx, mode, isz, &r);
         else
            send_compact(ctx, (uint16_t)fe_mgp_prim(mode), (uint8_t)isz, &r);
         if (!rewritten && !rebase)
            draw_repeat_arm(ctx, mode, isz);
      } else {
         fe_tracker_flush_words(ctx); /* the draw is dropped: its words still count */
      }
      return;
   }
   struct draw d = {
      .mode = mode,
      .no_restart = rewritten,
      .index_size = isz,
      .instances = instances,
      .base_instance = baseinstance,
      .draw_id = ctx->multi_draw_id,
      .has_range = has_range,
      .min_index = start,
      .max_index = end,
   };
   uint32_t first;
   if (!setup_indices(ctx, &d, count, indices, &first))
      return;
   struct mgp_draw_range r = {first, (uint32_t)count, basevertex};
   submit(ctx, &d, &r, 1);
}

bool
fe_draw_mode_valid(const struct fe_context *ctx, GLenum mode)
{
   return valid_mode(ctx, mode);
}

void
fe_draw_arrays(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count, GLsizei instances)
{
   draw_arrays(ctx, mode, first, count, instances, 0);
}

void
fe_draw_rewritten(struct fe_context *ctx, GLenum mode, GLsizei count, const GLuint *indices,
                  GLuint min, GLuint max, GLsizei instances, GLuint baseinstance, GLint basevertex)
{
   /* The indices are the client's memory: the element buffer is set aside for this draw. */
   struct fe_buffer *eb = ctx->vao->elements;
   ctx->vao->elements = NULL;
   draw_indexed(ctx, mode, count, GL_UNSIGNED_INT, indices, instances, baseinstance, basevertex,
                true, min, max, true);
   ctx->vao->elements = eb;
}

void
mgl_glDrawArrays(GLenum mode, GLint first, GLsizei count)
{
   FE_CTX_OR_RETURN();
   if (ctx->draw_repeat.valid)
      draw_arrays_repeat1(ctx, mode, first, count);
   else
      draw_arrays_whole(ctx, mode, first, count, 1, 0);
}

void
mgl_glDrawArraysInstanced(GLenum mode, GLint first, GLsizei count, GLsizei instancecount)
{
   FE_CTX_OR_RETURN();
   draw_arrays(ctx, mode, first, count, instancecount, 0);
}

void
mgl_glDrawElements(GLenum mode, GLsizei count, GLenum type, const void *indices)
{
   FE_CTX_OR_RETURN();
   draw_elements(ctx, mode, count, type, indices, 1, 0, 0, false, 0, 0);
}

void
mgl_glDrawElementsInstanced(GLenum mode, GLsizei count, GLenum type, const void *indices,
                            GLsizei instancecount)
{
   FE_CTX_OR_RETURN();
   draw_elements(ctx, mode, count, type, indices, instancecount, 0, 0, false, 0, 0);
}

void
mgl_glDrawElementsBaseVertex(GLenum mode, GLsizei count, GLenum type, const void *indices,
                             GLint basevertex)
{
   FE_CTX_OR_RETURN();
   draw_elements(ctx, mode, count, type, indices, 1, 0, basevertex, false, 0, 0);
}

void
mgl_glDrawElementsInstancedBaseVertex(GLenum mode, GLsizei count, GLenum type, const void *indices,
                                      GLsizei instancecount, GLint basevertex)
{
   FE_CTX_OR_RETURN();
   draw_elements(ctx, mode, count, type, indices, instancecount, 0, basevertex, false, 0, 0);
}

/* GL 4.2 ARB_base_instance: the draws above from instance baseinstance on. Instanced attributes
 * read element floor(instance / divisor) + baseinstance (GL 4.6 10.5); gl_InstanceID still
 * counts from 0. No errors of their own. */
void
mgl_glDrawArraysInstancedBaseInstance(GLenum mode, GLint first, GLsizei count,
                                      GLsizei instancecount, GLuint baseinstance)
{
   FE_CTX_OR_RETURN();
   draw_arrays(ctx, mode, first, count, instancecount, baseinstance);
}

void
mgl_glDrawElementsInstancedBaseInstance(GLenum mode, GLsizei count, GLenum type,
                                        const void *indices, GLsizei instancecount,
                                        GLuint baseinstance)
{
   FE_CTX_OR_RETURN();
   draw_elements(ctx, mode, count, type, indices, instancecount, baseinstance, 0, false, 0, 0);
}

void
mgl_glDrawElementsInstancedBaseVertexBaseInstance(GLenum mode, GLsizei count, GLenum type,
                                                  const void *indices, GLsizei instancecount,
                                                  GLint basevertex, GLuint baseinstance)
{
   FE_CTX_OR_RETURN();
   draw_elements(ctx, mode, count, type, indices, instancecount, baseinstance, basevertex, false, 0,
                 0);
}

void
mgl_glDrawRangeElements(GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type,
                        const void *indices)
{
   FE_CTX_OR_RETURN();
   draw_elements(ctx, mode, count, type, indices, 1, 0, 0, true, start, end);
}

void
mgl_glDrawRangeElementsBaseVertex(GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type,
                                  const void *indices, GLint basevertex)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(end < start, GL_INVALID_VALUE);
   /* The range bounds indices before basevertex is added; it is a hint, not sent. */
   draw_elements(ctx, mode, count, type, indices, 1, 0, basevertex, false, 0, 0);
}

/* Whether a multi-draw goes out as one draw each: client-side arrays (each copies its own
 * vertices), or a compatibility context's render mode or polygon rewrite. */
static bool
draws_one_by_one(struct fe_context *ctx, GLenum mode)
{
   return fe_client_arrays_active(ctx) ||
          (ctx->compat &&
           (ctx->compat->rm.mode != 0x1C00 /* GL_RENDER */ || fe_compat_draw_rewritten(ctx, mode)));
}

/* The draws of a glMultiDraw* call that go out: [lo, hi), from the first to the last that
 * draws anything, the empty ones between them kept as ranges of count 0 so that each range's
 * gl_DrawID is draw_id_offset (lo) + its place. False when none draws anything. */
static bool
drawn_span(const GLsizei *count, GLsizei drawcount, GLsizei *lo, GLsizei *hi)
{
   *lo = 0;
   *hi = drawcount;
   while (*lo < *hi && !count[*lo])
      ++*lo;
   while (*hi > *lo && !count[*hi - 1])
      --*hi;
   return *lo < *hi;
}

void
mgl_glMultiDrawArrays(GLenum mode, const GLint *first, const GLsizei *count, GLsizei drawcount)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!valid_mode(ctx, mode), GL_INVALID_ENUM);
   FE_CHECK(drawcount < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < drawcount; i++)
      FE_CHECK(first[i] < 0 || count[i] < 0, GL_INVALID_VALUE);
   if (draws_one_by_one(ctx, mode)) {
      for (GLsizei i = 0; i < drawcount; i++) {
         set_draw_id(ctx, (uint32_t)i);
         draw_arrays(ctx, mode, first[i], count[i], 1, 0);
      }
      ctx->multi_draw_id = 0;
      return;
   }
   if (!draw_ready(ctx, mode) || !drawcount)
      return;
   GLsizei lo, hi;
   if (!drawn_span(count, drawcount, &lo, &hi))
      return;
   struct mgp_draw_range *r = malloc((size_t)(hi - lo) * sizeof(*r));
   FE_CHECK(!r, GL_OUT_OF_MEMORY);
   uint32_t n = 0;
   for (GLsizei i = lo; i < hi; i++)
      r[n++] = (struct mgp_draw_range){(uint32_t)first[i], (uint32_t)count[i], 0};
   if (fe_validate(ctx, FE_VERB_DRAW)) {
      struct draw d = {.mode = mode, .instances = 1, .draw_id = (uint32_t)lo};
      submit(ctx, &d, r, n);
   }
   free(r);
}

/* IBM_multimode_draw_arrays: draw i in the mode modestride * i bytes past mode, each a
 * glDrawArrays / glDrawElements with its errors; a draw of no vertices is skipped (Mesa's loop).
 * Each goes through its entry, so a display list being compiled records the draws. */
static GLenum
multimode_at(const GLenum *mode, GLsizei i, GLint modestride)
{
   GLenum m;
   memcpy(&m, (const char *)mode + (ptrdiff_t)i * modestride, sizeof(m));
   return m;
}

void
mgl_glMultiModeDrawArraysIBM(const GLenum *mode, const GLint *first, const GLsizei *count,
                             GLsizei primcount, GLint modestride)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(primcount < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < primcount; i++) {
      if (count[i] > 0)
         mgl_entry_glDrawArrays(multimode_at(mode, i, modestride), first[i], count[i]);
   }
}

void
mgl_glMultiModeDrawElementsIBM(const GLenum *mode, const GLsizei *count, GLenum type,
                               const void *const *indices, GLsizei primcount, GLint modestride)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(primcount < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < primcount; i++) {
      if (count[i] > 0)
         mgl_entry_glDrawElements(multimode_at(mode, i, modestride), count[i], type, indices[i]);
   }
}

static void
multi_draw_elements(struct fe_context *ctx, GLenum mode, const GLsizei *count, GLenum type,
                    const void *const *indices, GLsizei drawcount, const GLint *basevertex)
{
   FE_CHECK(!valid_mode(ctx, mode), GL_INVALID_ENUM);
   FE_CHECK(drawcount < 0, GL_INVALID_VALUE);
   FE_CHECK(!index_size(type), GL_INVALID_ENUM);
   for (GLsizei i = 0; i < drawcount; i++)
      FE_CHECK(count[i] < 0, GL_INVALID_VALUE);
   if (!ctx->vao->elements || draws_one_by_one(ctx, mode)) {
      /* Each draw would carry its own client index array: one draw_vbo per draw. */
      for (GLsizei i = 0; i < drawcount; i++) {
         set_draw_id(ctx, (uint32_t)i);
         draw_elements(ctx, mode, count[i], type, indices[i], 1, 0, basevertex ? basevertex[i] : 0,
                       false, 0, 0);
      }
      ctx->multi_draw_id = 0;
      return;
   }
   if (!draw_ready(ctx, mode) || !drawcount)
      return;
   GLsizei lo, hi;
   if (!drawn_span(count, drawcount, &lo, &hi))
      return;
   struct mgp_draw_range *r = malloc((size_t)(hi - lo) * sizeof(*r));
   FE_CHECK(!r, GL_OUT_OF_MEMORY);
   struct draw d = {
      .mode = mode, .index_size = index_size(type), .instances = 1, .draw_id = (uint32_t)lo};
   uint32_t n = 0;
   bool ok = fe_validate(ctx, FE_VERB_DRAW);
   for (GLsizei i = lo; ok && i < hi; i++) {
      uint32_t first;
      if (!count[i] || !setup_indices(ctx, &d, count[i], indices[i], &first)) {
         r[n++] = (struct mgp_draw_range){0, 0, 0}; /* draws nothing, keeps its index */
         continue;
      }
      r[n++] = (struct mgp_draw_range){first, (uint32_t)count[i], basevertex ? basevertex[i] : 0};
   }
   if (ok && n)
      submit(ctx, &d, r, n);
   free(r);
}

void
mgl_glMultiDrawElements(GLenum mode, const GLsizei *count, GLenum type, const void *const *indices,
                        GLsizei drawcount)
{
   FE_CTX_OR_RETURN();
   multi_draw_elements(ctx, mode, count, type, indices, drawcount, NULL);
}

void
mgl_glMultiDrawElementsBaseVertex(GLenum mode, const GLsizei *count, GLenum type,
                                  const void *const *indices, GLsizei drawcount,
                                  const GLint *basevertex)
{
   FE_CTX_OR_RETURN();
   multi_draw_elements(ctx, mode, count, type, indices, drawcount, basevertex);
}

/* ---- indirect draws (GL 4.6 core 10.4: ARB_draw_indirect, ARB_multi_draw_indirect,
 * ARB_indirect_parameters) ---- */

bool
fe_draw_indirect_offered(struct fe_context *ctx)
{
   return (ctx->desc.api != FE_API_GLES || fe_es31(ctx)) &&
          fe_pipe_has(ctx, MGP_CALL_draw_indirect);
}

bool
fe_indirect_count_offered(struct fe_context *ctx)
{
   return fe_draw_indirect_offered(ctx) &&
          (ctx->share->caps->cap_bits & MGP_CAP_DRAW_INDIRECT_COUNT);
}

/* Sends draw_count commands from the bound GL_DRAW_INDIRECT_BUFFER at offset as few records
 * (MGP_MAX_INDIRECT_DRAWS commands each, gl_DrawID going on across them). A record whose
 * count is in a buffer is one GPU command whatever its maximum, and is never split. */
static void
indirect_send(struct fe_context *ctx, const struct mgp_draw_indirect *a)
{
   if (!mgp_handle_is_null(a->count)) {
      mgp_draw_indirect(&ctx->pipe, a);
      return;
   }
   struct mgp_draw_indirect r = *a;
   for (uint32_t done = 0; done < a->draw_count; done += r.draw_count) {
      const uint32_t left = a->draw_count - done;
      r.draw_count = left < MGP_MAX_INDIRECT_DRAWS ? left : MGP_MAX_INDIRECT_DRAWS;
      r.offset = a->offset + (uint64_t)done * a->stride;
      r.stride = r.draw_count > 1 ? a->stride : 0;
      r.draw_id_offset = done;
      mgp_draw_indirect(&ctx->pipe, &r);
   }
}

/* GL_PARAMETER_BUFFER's draw count for glMultiDraw*IndirectCount: its offset (drawcount). */
struct indirect_count {
   bool counted;
   GLintptr offset;
};

/* ARB_indirect_parameters' own errors: drawcount not a multiple of 4 is GL_INVALID_VALUE; no
 * buffer at GL_PARAMETER_BUFFER, a sizei at drawcount reaching past it, or that buffer mapped
 * without GL_MAP_PERSISTENT_BIT is GL_INVALID_OPERATION. The buffer, or NULL after an error. */
static struct fe_buffer *
count_buffer(struct fe_context *ctx, GLintptr offset)
{
   if (offset % 4) {
      fe_gl_error(GL_INVALID_VALUE);
      return NULL;
   }
   struct fe_buffer *buf = ctx->parameter_buffer;
   /* a negative offset reads before the buffer: out of bounds too */
   if (!buf || !buf->created || offset < 0 || (uint64_t)offset > (uint64_t)buf->size ||
       (uint64_t)buf->size - (uint64_t)offset < sizeof(GLsizei) ||
       (buf->mapped && !(buf->map_access & GL_MAP_PERSISTENT_BIT))) {
      fe_gl_error(GL_INVALID_OPERATION);
      return NULL;
   }
   return buf;
}

/* A compatibility-profile indirect draw whose mode, client arrays or polygon mode need its
 * counts on the client (a rewrite, a copy, two passes): the commands, and the count where a
 * parameter buffer gives it, are read from their buffers (one round trip each unless the
 * client holds their bytes) and drawn one by one as the glDraw*Instanced*BaseInstance calls
 * GL 4.6 10.4 defines them by, each with gl_DrawID its index. */
static void
indirect_on_client(struct fe_context *ctx, GLenum mode, GLenum type, struct fe_buffer *buf,
                   uint64_t offset, uint64_t step, GLsizei drawcount, struct fe_buffer *param,
                   GLintptr count_offset)
{
   const unsigned isz = type == GL_NONE ? 0 : index_size(type);
   uint32_t n = (uint32_t)drawcount;
   if (param) {
      uint32_t counted = 0;
      fe_buffer_read(ctx, param, (uint64_t)count_offset, sizeof counted, &counted);
      if (counted < n)
         n = counted;
   }
   if (!n)
      return;
   const uint64_t cmd = isz ? MGP_INDIRECT_ELEMENTS_SIZE : MGP_INDIRECT_ARRAYS_SIZE;
   const uint64_t span = (uint64_t)(n - 1) * step + cmd;
   uint8_t *bytes = malloc((size_t)span);
   FE_CHECK(!bytes, GL_OUT_OF_MEMORY);
   fe_buffer_read(ctx, buf, offset, span, bytes);
   for (uint32_t i = 0; i < n; i++) {
      uint32_t c[5] = {0};
      memcpy(c, bytes + (uint64_t)i * step, (size_t)cmd);
      /* count, instanceCount, first (or firstIndex, baseVertex), baseInstance */
      if (c[0] > INT32_MAX || c[1] > INT32_MAX || (!isz && c[2] > INT32_MAX)) {
         MGU_DECLINE(gl_draw_out_of_bounds, "indirect command %u: count %u, %u instances, first %u",
                     i, c[0], c[1], c[2]);
         continue;
      }
      set_draw_id(ctx, i);
      if (isz)
         draw_elements(ctx, mode, (GLsizei)c[0], type,
                       (const void *)(uintptr_t)((uint64_t)c[2] * isz), (GLsizei)c[1], c[4],
                       (GLint)c[3], false, 0, 0);
      else
         draw_arrays(ctx, mode, (GLint)c[2], (GLsizei)c[0], (GLsizei)c[1], c[3]);
   }
   ctx->multi_draw_id = 0;
   free(bytes);
}

/* glDraw*Indirect (drawcount 1, stride 0), glMultiDraw*Indirect and glMultiDraw*IndirectCount
 * (drawcount their maxdrawcount): the spec's errors, then one draw_indirect record for all
 * the commands; type is read when indexed. */
static void
draw_indirect(struct fe_context *ctx, GLenum mode, bool indexed, GLenum type, const void *indirect,
              GLsizei drawcount, GLsizei stride, struct indirect_count count)
{
   FE_CHECK(!valid_mode(ctx, mode), GL_INVALID_ENUM);
   const unsigned isz = indexed ? index_size(type) : 0;
   FE_CHECK(indexed && !isz, GL_INVALID_ENUM);
   /* ARB_multi_draw_indirect: a negative drawcount, or a stride neither 0 nor a multiple of 4,
    * is GL_INVALID_VALUE (and ARB_indirect_parameters: a negative maxdrawcount) */
   FE_CHECK(drawcount < 0 || stride < 0 || stride % 4, GL_INVALID_VALUE);
   struct fe_buffer *param = NULL;
   if (count.counted && !(param = count_buffer(ctx, count.offset)))
      return;
   /* 10.3.1/10.4: no vertex array object (core), or no buffer at GL_DRAW_INDIRECT_BUFFER, is
    * GL_INVALID_OPERATION; the compatibility profile reads client memory then (declined) */
   FE_CHECK(!ctx->vao, GL_INVALID_OPERATION);
   /* ES 3.1 10.5: also the default vertex array object, and transform feedback active and not
    * paused (the arrays' buffers: an ES vertex array object names no client memory) */
   FE_CHECK(ctx->desc.api == FE_API_GLES && (ctx->vao == &ctx->default_vao || fe_xfb_locked(ctx)),
            GL_INVALID_OPERATION);
   struct fe_buffer *buf = ctx->draw_indirect_buffer;
   if (!buf && ctx->compat) {
      MGU_DECLINE(gl_feature_unimplemented, "indirect draw commands in client memory");
      return;
   }
   FE_CHECK(!buf, GL_INVALID_OPERATION);
   const uint64_t offset = (uint64_t)(uintptr_t)indirect;
   FE_CHECK(offset % 4, GL_INVALID_VALUE);
   /* indices come from the element array buffer only */
   FE_CHECK(isz && !ctx->vao->elements, GL_INVALID_OPERATION);
   /* 6.3.2: a buffer mapped without GL_MAP_PERSISTENT_BIT is not read by the GL */
   FE_CHECK(fe_buffer_map_blocks(buf), GL_INVALID_OPERATION);
   const uint32_t cmd = isz ? MGP_INDIRECT_ELEMENTS_SIZE : MGP_INDIRECT_ARRAYS_SIZE;
   const uint64_t step = stride ? (uint64_t)stride : cmd;
   /* commands past the end of the buffer: GL_INVALID_OPERATION (in 64 bits: < 2^31 * 2^31);
    * with a count buffer, maxdrawcount of them must fit */
   const uint64_t span = drawcount ? (uint64_t)(drawcount - 1) * step + cmd : 0;
   FE_CHECK(!buf->created || offset > (uint64_t)buf->size || (uint64_t)buf->size - offset < span,
            GL_INVALID_OPERATION);
   if (!draw_ready(ctx, mode) || !drawcount)
      return;
   if (ctx->compat && (fe_compat_draw_rewritten(ctx, mode) || fe_client_arrays_active(ctx) ||
                       ctx->polygon_mode != ctx->polygon_mode_back)) {
      indirect_on_client(ctx, mode, isz ? type : GL_NONE, buf, offset, step, drawcount, param,
                         count.offset);
      return;
   }
   if (!fe_pipe_has(ctx, MGP_CALL_draw_indirect)) {
      MGU_DECLINE(gl_feature_unimplemented, "indirect draws: the renderer has none");
      return;
   }
   if (param && !fe_indirect_count_offered(ctx)) {
      MGU_DECLINE(gl_feature_unimplemented, "indirect-count draws: the renderer has none");
      return;
   }
   if (param && step < cmd) {
      /* Vulkan reads a count's commands at least a command apart; overlapping ones would need
       * the count on the client */
      MGU_DECLINE(gl_feature_unimplemented,
                  "an indirect-count draw whose stride is under a command's size");
      return;
   }
   if (!fe_validate(ctx, FE_VERB_DRAW))
      return;
   struct mgp_draw_indirect a = {
      .mode = (uint16_t)fe_mgp_prim(mode),
      .index_size = (uint8_t)isz,
      .indirect = buf->res,
      .offset = offset,
      .stride = (uint32_t)step,
      .draw_count = (uint32_t)drawcount,
   };
   if (param) {
      a.count = param->res;
      a.count_offset = (uint64_t)count.offset;
   }
   if (isz) {
      fe_tracker_index_buffer(ctx, ctx->vao->elements->res, 0, isz);
      if (ctx->rs.primitive_restart) {
         a.flags |= MGP_DRAW_PRIMITIVE_RESTART;
         a.restart_index = fe_restart_index(ctx, isz);
      }
   }
   /* one record as it stands (indirect_send's split and copy are for longer calls) */
   if (!param && a.draw_count <= MGP_MAX_INDIRECT_DRAWS) {
      if (a.draw_count == 1)
         a.stride = 0;
      mgp_draw_indirect(&ctx->pipe, &a);
      return;
   }
   indirect_send(ctx, &a);
}

static const struct indirect_count no_count = {false, 0};

void
mgl_glDrawArraysIndirect(GLenum mode, const void *indirect)
{
   FE_CTX_OR_RETURN();
   draw_indirect(ctx, mode, false, GL_NONE, indirect, 1, 0, no_count);
}

void
mgl_glDrawElementsIndirect(GLenum mode, GLenum type, const void *indirect)
{
   FE_CTX_OR_RETURN();
   draw_indirect(ctx, mode, true, type, indirect, 1, 0, no_count);
}

void
mgl_glMultiDrawArraysIndirect(GLenum mode, const void *indirect, GLsizei drawcount, GLsizei stride)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(ctx->desc.api == FE_API_GLES, GL_INVALID_OPERATION); /* desktop GL's */
   draw_indirect(ctx, mode, false, GL_NONE, indirect, drawcount, stride, no_count);
}

void
mgl_glMultiDrawElementsIndirect(GLenum mode, GLenum type, const void *indirect, GLsizei drawcount,
                                GLsizei stride)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(ctx->desc.api == FE_API_GLES, GL_INVALID_OPERATION); /* desktop GL's */
   draw_indirect(ctx, mode, true, type, indirect, drawcount, stride, no_count);
}

/* GL 4.6 10.4 (ARB_indirect_parameters): as glMultiDraw*Indirect of maxdrawcount commands, of
 * which the GPU draws as many as the sizei at offset drawcount in GL_PARAMETER_BUFFER says. */
void
mgl_glMultiDrawArraysIndirectCount(GLenum mode, const void *indirect, GLintptr drawcount,
                                   GLsizei maxdrawcount, GLsizei stride)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(ctx->desc.api == FE_API_GLES, GL_INVALID_OPERATION); /* desktop GL's */
   draw_indirect(ctx, mode, false, GL_NONE, indirect, maxdrawcount, stride,
                 (struct indirect_count){true, drawcount});
}

void
mgl_glMultiDrawElementsIndirectCount(GLenum mode, GLenum type, const void *indirect,
                                     GLintptr drawcount, GLsizei maxdrawcount, GLsizei stride)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(ctx->desc.api == FE_API_GLES, GL_INVALID_OPERATION); /* desktop GL's */
   draw_indirect(ctx, mode, true, type, indirect, maxdrawcount, stride,
                 (struct indirect_count){true, drawcount});
}

/* ---- draws of a transform feedback object's capture (GL 4.6 10.4, 13.2.3:
 * ARB_transform_feedback2, ARB_transform_feedback3, ARB_transform_feedback_instanced) ---- */

bool
fe_xfb_draw_offered(struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES && fe_xfb_server_objects(ctx);
}

/* glDrawTransformFeedback*: the vertices the object's last capture wrote to its buffer 0 (the
 * server's count, never the client's), `instances` times, from vertex stream `stream`. */
static void
draw_xfb(struct fe_context *ctx, const char *fn, GLenum mode, GLuint id, GLuint stream,
         GLsizei instances)
{
   if (!fe_xfb_draw_offered(ctx)) {
      MGU_DECLINE(gl_entry_not_in_version, "%s without ARB_transform_feedback2", fn);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   FE_CHECK(!valid_mode(ctx, mode), GL_INVALID_ENUM);
   /* ARB_transform_feedback3: a stream at or past GL_MAX_VERTEX_STREAMS */
   FE_CHECK(stream >= fe_max_vertex_streams(ctx), GL_INVALID_VALUE);
   FE_CHECK(instances < 0, GL_INVALID_VALUE);
   uint32_t object, stride, buffer;
   if (!fe_xfb_draw_source(ctx, id, stream, &object, &stride, &buffer))
      return;
   if (!draw_ready(ctx, mode) || !instances)
      return;
   if (!stride && stream)
      return; /* no buffer captured that stream: no vertex */
   struct mgp_draw_vbo probe = {.mode = (uint16_t)fe_mgp_prim(mode)};
   if (fe_prim_rewrite_needed(ctx, &probe) ||
       (ctx->compat && (fe_compat_draw_rewritten(ctx, mode) || fe_client_arrays_active(ctx) ||
                        ctx->polygon_mode != ctx->polygon_mode_back))) {
      /* each needs the vertex count on the client (a rewrite, a copy, two passes) */
      MGU_DECLINE(gl_feature_unimplemented,
                  "%s of a mode the device draws only rewritten, client arrays or per-face "
                  "polygon mode",
                  fn);
      return;
   }
   if (!stride || stride > 256 || stride % 4) {
      MGU_DECLINE(gl_feature_unimplemented, "%s of a %u-byte vertex", fn, stride);
      return;
   }
   if (!fe_validate(ctx, FE_VERB_DRAW))
      return;
   const struct mgp_draw_stream_output a = {
      .mode = (uint16_t)fe_mgp_prim(mode),
      .object = object,
      .stride = stride,
      .instances = (uint32_t)instances,
      .stream = stream,
      .buffer = buffer,
   };
   mgp_draw_stream_output(&ctx->pipe, &a);
}

void
mgl_glDrawTransformFeedback(GLenum mode, GLuint id)
{
   FE_CTX_OR_RETURN();
   draw_xfb(ctx, "glDrawTransformFeedback", mode, id, 0, 1);
}

void
mgl_glDrawTransformFeedbackInstanced(GLenum mode, GLuint id, GLsizei instancecount)
{
   FE_CTX_OR_RETURN();
   draw_xfb(ctx, "glDrawTransformFeedbackInstanced", mode, id, 0, instancecount);
}

void
mgl_glDrawTransformFeedbackStream(GLenum mode, GLuint id, GLuint stream)
{
   FE_CTX_OR_RETURN();
   draw_xfb(ctx, "glDrawTransformFeedbackStream", mode, id, stream, 1);
}

void
mgl_glDrawTransformFeedbackStreamInstanced(GLenum mode, GLuint id, GLuint stream,
                                           GLsizei instancecount)
{
   FE_CTX_OR_RETURN();
   draw_xfb(ctx, "glDrawTransformFeedbackStreamInstanced", mode, id, stream, instancecount);
}
