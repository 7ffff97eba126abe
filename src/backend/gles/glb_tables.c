/* glb_tables.c — the backend the server role selects by the name "gles" (mgs_gles_backend)
 * and the tables it calls: every call the backend
 * implements (glb_screen_impl, glb_context_impl, which caps.call_mask is made from) and, in every
 * slot those leave NULL, a named decline (gles-call-unimplemented, the call's name in its line):
 * the client never reaches a NULL slot on monolith, and a call this backend does not do yet is
 * counted and logged instead of vanishing. Generated from pipe_calls.def by the preprocessor, so
 * a call added to the catalog is covered without anyone remembering to. */
#include <pthread.h>

#include "glb.h"

const struct mgp_screen_vtbl glb_screen_impl = {
   .get_caps = glb_get_caps,
   .context_create = glb_context_create,
   .context_destroy = glb_context_destroy,
   .resource_create = glb_resource_create,
   .resource_respecify = glb_resource_respecify,
   .resource_destroy = glb_resource_destroy,
   .fence_create = glb_fence_create,
   .fence_status = glb_fence_status,
   .fence_wait = glb_fence_wait,
   .fence_destroy = glb_fence_destroy,
   .query_create = glb_query_create,
   .query_result = glb_query_result,
   .query_destroy = glb_query_destroy,
   .get_timestamp = glb_get_timestamp,
};

const struct mgp_context_vtbl glb_context_impl = {
   .create_render_state = glb_create_render_state,
   .bind_render_state = glb_bind_render_state,
   .delete_render_state = glb_delete_render_state,
   .create_vertex_elements = glb_create_vertex_elements,
   .bind_vertex_elements = glb_bind_vertex_elements,
   .delete_vertex_elements = glb_delete_vertex_elements,
   .create_sampler = glb_create_sampler,
   .delete_sampler = glb_delete_sampler,
   .create_sampler_view = glb_create_sampler_view,
   .delete_sampler_view = glb_delete_sampler_view,
   .create_shader = glb_create_shader,
   .delete_shader = glb_delete_shader,
   .set_dynamic_state = glb_set_dynamic_state,
   .set_dynamic_words = glb_set_dynamic_words,
   .set_framebuffer_state = glb_set_framebuffer_state,
   .set_vertex_buffers = glb_set_vertex_buffers,
   .set_index_buffer = glb_set_index_buffer,
   .set_sampler_views = glb_set_sampler_views,
   .bind_sampler_states = glb_bind_sampler_states,
   .set_texture_params = glb_set_texture_params,
   .set_vertex_attrib_defaults = glb_set_vertex_attrib_defaults,
   .set_shader_buffers = glb_set_shader_buffers,
   .set_global_constants = glb_set_global_constants,
   .set_constant_words = glb_set_constant_words,
   .set_draw_program = glb_set_draw_program,
   .resource_subdata = glb_resource_subdata,
   .resource_readback = glb_resource_readback,
   .clear = glb_clear,
   .blit = glb_blit,
   .resource_copy_region = glb_resource_copy_region,
   .generate_mipmap = glb_generate_mipmap,
   .read_pixels = glb_read_pixels,
   .get_texture_image = glb_get_texture_image,
   .set_pixel_pack_state = glb_set_pixel_pack_state,
   .set_patch_state = glb_set_patch_state,
   .pack_to_buffer = glb_pack_to_buffer,
   .draw_vbo = glb_draw_vbo,
   .draw = glb_draw,
   .draw_words = glb_draw_words,
   .draw_indirect = glb_draw_indirect,
   .set_shader_images = glb_set_shader_images,
   .set_dispatch_program = glb_set_dispatch_program,
   .launch_grid = glb_launch_grid,
   .memory_barrier = glb_memory_barrier,
   .begin_query = glb_begin_query,
   .end_query = glb_end_query,
   .begin_conditional_render = glb_begin_conditional_render,
   .end_conditional_render = glb_end_conditional_render,
   .set_stream_output_targets = glb_set_stream_output_targets,
   .begin_stream_output = glb_begin_stream_output,
   .end_stream_output = glb_end_stream_output,
   .pause_stream_output = glb_pause_stream_output,
   .resume_stream_output = glb_resume_stream_output,
   .flush = glb_flush,
   .present = glb_present,
};

struct mgp_screen_vtbl glb_screen_vtbl;
struct mgp_context_vtbl glb_context_vtbl;

#define IMPL_Screen glb_screen_impl
#define IMPL_CtxCso glb_context_impl
#define IMPL_CtxState glb_context_impl
#define IMPL_CtxObject glb_context_impl
#define IMPL_CtxVerb glb_context_impl
#define IMPL_CtxQuery glb_context_impl
#define OUTER_Screen glb_screen_vtbl
#define OUTER_CtxCso glb_context_vtbl
#define OUTER_CtxState glb_context_vtbl
#define OUTER_CtxObject glb_context_vtbl
#define OUTER_CtxVerb glb_context_vtbl
#define OUTER_CtxQuery glb_context_vtbl

#define X(name, payload, cls, flags)                                                               \
   static void decline_##name(void *self, const struct payload *args, const void *tail,            \
                              uint32_t tail_count)                                                 \
   {                                                                                               \
      (void)self, (void)args, (void)tail, (void)tail_count;                                        \
      MGU_DECLINE(gles_call_unimplemented, "%s", #name);                                           \
   }
#include "pipe_calls.def"
#undef X

/* ---- the draw's change marks ---------------------------------------------------------------- */

enum {
#define X(name, payload, cls, flags) CALL_##name,
#include "pipe_calls.def"
#undef X
   CALL_COUNT
};

/* What each context call can change of the state a draw puts on the host (glb.h: GLB_DIRTY_*,
 * applied by glb_draw.c's apply_state). NAMED: the call is listed, and the groups beside it are
 * all it changes; SHARED: it changes an object other contexts may draw with, so a draw of
 * another context re-applies every group too. A call not listed here marks every group and is
 * SHARED: a call new to the catalog costs the next draw its whole walk until someone lists
 * what it changes, never a stale group. Calls that make host calls forget the shadow anyway
 * (glb_make_current), which also makes the next draw apply every group. */
enum { NAMED = 1u << 30, SHARED = 1u << 31 };
static const uint32_t call_marks[CALL_COUNT] = {
   [CALL_create_render_state] = NAMED,
   /* the stencil and multisample groups where the states differ there (glb_bind_render_state) */
   [CALL_bind_render_state] = NAMED | GLB_DIRTY_RENDER,
   [CALL_delete_render_state] =
      NAMED | SHARED | GLB_DIRTY_RENDER | GLB_DIRTY_STENCIL | GLB_DIRTY_MULTISAMPLE,
   [CALL_create_vertex_elements] = NAMED,
   /* which attributes have an array: the others read their current values */
   [CALL_bind_vertex_elements] = NAMED | GLB_DIRTY_VERTEX | GLB_DIRTY_ATTRIB_VALUES,
   [CALL_delete_vertex_elements] = NAMED | SHARED | GLB_DIRTY_VERTEX | GLB_DIRTY_ATTRIB_VALUES,
   [CALL_create_sampler_view] = NAMED,
   [CALL_delete_sampler_view] = NAMED | SHARED | GLB_DIRTY_SAMPLERS,
   /* the stencil references and masks, the sample coverage and the viewport's are here */
   [CALL_set_dynamic_state] = NAMED | GLB_DIRTY_DYNAMIC | GLB_DIRTY_STENCIL | GLB_DIRTY_MULTISAMPLE,
   /* glb_set_dynamic_words marks the dynamic group's parts its words write, and the stencil
    * and multisample groups where they do */
   [CALL_set_dynamic_words] = NAMED,
   /* the sample count decides the multisample switches; the size, the initial viewport */
   [CALL_set_framebuffer_state] = NAMED | GLB_DIRTY_FB | GLB_DIRTY_MULTISAMPLE | GLB_DIRTY_DYNAMIC,
   [CALL_set_vertex_buffers] = NAMED | GLB_DIRTY_VERTEX_BUFFERS,
   [CALL_set_index_buffer] = NAMED, /* every indexed draw binds its element buffer */
   [CALL_set_sampler_views] = NAMED | GLB_DIRTY_SAMPLERS,
   [CALL_bind_sampler_states] = NAMED | GLB_DIRTY_SAMPLERS,
   [CALL_set_shader_buffers] = NAMED | GLB_DIRTY_BUFFERS,
   [CALL_set_shader_images] = NAMED | GLB_DIRTY_BUFFERS, /* bound with the program's buffers */
   [CALL_set_dispatch_program] = NAMED,                  /* launch_grid's, no draw's */
   [CALL_set_stream_output_targets] = NAMED | GLB_DIRTY_PROGRAM,
   /* a program's default block: the program's, whichever context draws with it next */
   [CALL_set_global_constants] = NAMED | SHARED | GLB_DIRTY_BUFFERS,
   [CALL_set_constant_words] = NAMED | SHARED | GLB_DIRTY_BUFFERS,
   [CALL_draw_words] = NAMED | SHARED | GLB_DIRTY_BUFFERS, /* its words'; the draw marks none */
   [CALL_set_vertex_attrib_defaults] = NAMED | GLB_DIRTY_ATTRIB_VALUES,
   /* the program's inputs, samplers and alpha to one select what those groups put */
   [CALL_set_draw_program] = NAMED | GLB_DIRTY_PROGRAM | GLB_DIRTY_MULTISAMPLE |
                             GLB_DIRTY_SAMPLERS | GLB_DIRTY_VERTEX | GLB_DIRTY_ATTRIB_VALUES,
   [CALL_set_pixel_pack_state] = NAMED, /* pack_to_buffer's layout, no state a draw puts */
   [CALL_set_patch_state] = NAMED,      /* each patch draw sets GL_PATCH_VERTICES */
   /* a buffer's bytes are no draw state; a texture's upload forgets the shadow, so the next
    * draw applies every group anyway (glb_resource.c) */
   [CALL_resource_subdata] = NAMED,
   [CALL_draw_vbo] = NAMED,
   [CALL_draw] = NAMED,
   [CALL_draw_indirect] = NAMED,
};

static inline void
mark(void *self, uint32_t marks)
{
   struct glb_context *ctx = self;
   if (!(marks & NAMED))
      marks = SHARED | GLB_DIRTY_ALL;
   ctx->dirty |= marks & GLB_DIRTY_ALL;
   if (marks & GLB_DIRTY_DYNAMIC)
      ctx->dyn_parts = GLB_DYN_ALL; /* set_dynamic_words alone names its parts */
   if ((marks & SHARED) && ctx->scr->sh.applied != ctx)
      ctx->scr->sh.applied = NULL;
}

/* A context call's slot: its marks, then the call. Screen calls have none (self is the
 * screen; each makes the host context current, which forgets the shadow). */
#define MARKED_Screen(name, payload)
#define MARKED_CTX(name, payload)                                                                  \
   static void marked_##name(void *self, const struct payload *args, const void *tail,             \
                             uint32_t tail_count)                                                  \
   {                                                                                               \
      mark(self, call_marks[CALL_##name]);                                                         \
      glb_context_impl.name(self, args, tail, tail_count);                                         \
   }
#define MARKED_CtxCso MARKED_CTX
#define MARKED_CtxState MARKED_CTX
#define MARKED_CtxObject MARKED_CTX
#define MARKED_CtxVerb MARKED_CTX
#define MARKED_CtxQuery MARKED_CTX
#define X(name, payload, cls, flags) MARKED_##cls(name, payload)
#include "pipe_calls.def"
#undef X

#define SLOT_Screen(name) glb_screen_impl.name
/* a call that marks nothing (the draws) goes straight to its function */
#define SLOT_CTX(name) (call_marks[CALL_##name] == NAMED ? glb_context_impl.name : marked_##name)
#define SLOT_CtxCso SLOT_CTX
#define SLOT_CtxState SLOT_CTX
#define SLOT_CtxObject SLOT_CTX
#define SLOT_CtxVerb SLOT_CTX
#define SLOT_CtxQuery SLOT_CTX

static void
fill_tables(void)
{
#define X(name, payload, cls, flags)                                                               \
   OUTER_##cls.name = IMPL_##cls.name ? SLOT_##cls(name) : decline_##name;
#include "pipe_calls.def"
#undef X
   glb_dynamic_marks_init();
}

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

void
glb_tables_init(void)
{
   pthread_once(&tables_once, fill_tables);
}

static void *
screen_create(const struct mgs_backend_env *env)
{
   glb_tables_init(); /* before anyone calls through mgs_gles_backend's tables */
   struct glb_screen *scr = glb_screen_create(env);
   if (scr)
      scr->hooks = (struct glb_screen_hooks){
         .xfb_end = glb_xfb_end,
         .xfb_switch_away = glb_xfb_switch_away,
         .shader_free_xfb = glb_shader_free_xfb,
         .query_teardown = glb_query_teardown,
      };
   return scr;
}

const struct mgs_backend mgs_gles_backend = {
   .name = "gles",
   .screen_create = screen_create,
   .screen_destroy = glb_screen_destroy,
   .screen_vtbl = &glb_screen_vtbl,
   .context_vtbl = &glb_context_vtbl,
   .context_lookup = glb_context_lookup,
   .gate_counters = glb_gate_counters,
   .quiesce = glb_screen_quiesce,
   .thread_leave = glb_thread_leave,
};
