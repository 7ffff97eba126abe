/* vkb_tables.c — the tables the server role calls (mgs_vulkan_backend): the backend's own
 * (vkb_screen_vtbl, vkb_context_vtbl) behind one wrapper per call that advances one of the
 * screen's ticks before the call runs: buffer_tick for the call that changes only what
 * descriptor set 0 holds (uniform-block bindings), consts_tick for default-block bytes
 * (set_global_constants, set_constant_words, draw_words: its words, then a draw; a program's slice moves: set 0 keeps its descriptors, its dynamic offset moves), texture_tick for
 * those that change only what set 1 holds (sampler views, samplers), vertex_tick for
 * those that change only the vertex and index buffers bound (set_vertex_buffers,
 * set_index_buffer, bind_vertex_input: a vertex-array switch), rs_tick for bind_render_state (its dynamic part is re-recorded there),
 * dyn_tick for set_dynamic_state and set_dynamic_words (the context's dyn_dirty says what to record),
 * state_tick for every other call but the two draws and read_pixels (resource_subdata: after the
 * call, unless it renamed a buffer, rename_ticks), and program_tick too for set_draw_program,
 * dispatch_tick for launch_grid and memory_barrier, indirect_tick for draw_indirect;
 * read_pixels changes nothing a draw reads: it ends the rendering scope and the batch, which the
 * fast draw checks apart, and moves the read image's layout, which a sampler resolution carried
 * into the next batch sets again (vkb_draw_descriptors.c, way_carry);
 * call_tick moves at every call but the two draws, beside whichever of those it moves (and
 * where the backend itself moves what a draw queued alone leans on: vkb_binds_lost). A draw that finds state_tick where its context's last draw
 * left it knows that nothing else reached the backend since (vkb_draw.c's fast path). Every
 * call but those vkb_zero_call_blind names first pays the zeroing new stores owe (vkb_zero.c),
 * and every call but the two draws (which meet it at their own pressure point) first submits or
 * waits where the objects vkb_defer holds passed their limits (vkb_defer_pressure): a loop of
 * creates and deletes records no draw and may never flush. Generated from pipe_calls.def by the preprocessor: a call
 * added to the catalog and implemented by the backend ticks without anyone remembering to. */
#include <pthread.h>

#include "vkb.h"

/* The screen a call's self belongs to, by the call's class. */
#define SCREEN_OF_Screen(self) ((struct vkb_screen *)(self))
#define SCREEN_OF_CtxCso(self) (((struct vkb_context *)(self))->scr)
#define SCREEN_OF_CtxState(self) SCREEN_OF_CtxCso(self)
#define SCREEN_OF_CtxObject(self) SCREEN_OF_CtxCso(self)
#define SCREEN_OF_CtxVerb(self) SCREEN_OF_CtxCso(self)
#define SCREEN_OF_CtxQuery(self) SCREEN_OF_CtxCso(self)

#define INNER_Screen vkb_screen_vtbl
#define INNER_CtxCso vkb_context_vtbl
#define INNER_CtxState vkb_context_vtbl
#define INNER_CtxObject vkb_context_vtbl
#define INNER_CtxVerb vkb_context_vtbl
#define INNER_CtxQuery vkb_context_vtbl

struct mgp_screen_vtbl vkb_ticked_screen_vtbl;
struct mgp_context_vtbl vkb_ticked_context_vtbl;

#define OUTER_Screen vkb_ticked_screen_vtbl
#define OUTER_CtxCso vkb_ticked_context_vtbl
#define OUTER_CtxState vkb_ticked_context_vtbl
#define OUTER_CtxObject vkb_ticked_context_vtbl
#define OUTER_CtxVerb vkb_ticked_context_vtbl
#define OUTER_CtxQuery vkb_ticked_context_vtbl

/* After resource_subdata: an update that renamed a buffer inside the rendering scope
 * (vkb_rename.c) changed only what a draw binds of that buffer (its latest version: a uniform
 * block's or a sampled buffer's descriptor, a vertex or index buffer the fast path sends the
 * whole way), so the ticks of those and the sampler memo's (rename_tick) move and the draws
 * after it stay fast (frame_1500's glBufferSubData before each group of draws); of a buffer
 * no descriptor has read (vertex_rename_tick), only vertex_tick moves (stream_draw); any other
 * update moves state_tick, after the call like every tick it could have read. */
static inline void
rename_ticks(struct vkb_screen *scr, uint64_t renames_before, uint64_t vertex_renames_before)
{
   if (scr->rename_tick != renames_before) {
      scr->buffer_tick++;
      scr->texture_tick++;
      scr->vertex_tick++;
   } else if (scr->vertex_rename_tick != vertex_renames_before) {
      scr->vertex_tick++;
   } else {
      scr->state_tick++;
   }
}

/* Whether a call owes the zeroing new stores wait for (vkb_zero.c) or the pressure point the
 * objects vkb_defer holds ask (every call but the two draws, which meet it at their own); the
 * wrapper pays it, tick_pay, only then: its common way calls nothing but the call, so it needs
 * no frame of its own. */
static inline bool
tick_owes(const struct vkb_screen *scr, unsigned call)
{
   return scr->zero_head ||
          (call != MGP_CALL_draw && call != MGP_CALL_draw_vbo && vkb_defer_pressure(scr));
}

static void
tick_pay(struct vkb_screen *scr, unsigned call)
{
   if (scr->zero_head && !vkb_zero_call_blind(call))
      vkb_zero_pay_all(scr);
   if (call != MGP_CALL_draw && call != MGP_CALL_draw_vbo && vkb_defer_pressure(scr))
      vkb_arena_pressure_point(scr);
}

#define X(name, payload, cls, flags)                                                               \
   static __attribute__((noinline, cold)) void tick_paid_##name(                                   \
      void *self, const struct payload *args, const void *tail, uint32_t tail_count)               \
   {                                                                                               \
      tick_pay(SCREEN_OF_##cls(self), MGP_CALL_##name);                                            \
      INNER_##cls.name(self, args, tail, tail_count);                                              \
   }                                                                                               \
   static void tick_##name(void *self, const struct payload *args, const void *tail,               \
                           uint32_t tail_count)                                                    \
   {                                                                                               \
      if (MGP_CALL_##name == MGP_CALL_set_shader_buffers)                                          \
         SCREEN_OF_##cls(self)->buffer_tick++;                                                     \
      else if (MGP_CALL_##name == MGP_CALL_set_global_constants ||                                 \
               MGP_CALL_##name == MGP_CALL_set_constant_words ||                                   \
               MGP_CALL_##name == MGP_CALL_draw_words)                                             \
         SCREEN_OF_##cls(self)->consts_tick++;                                                     \
      else if (MGP_CALL_##name == MGP_CALL_set_sampler_views ||                                    \
               MGP_CALL_##name == MGP_CALL_bind_sampler_states)                                    \
         SCREEN_OF_##cls(self)->texture_tick++;                                                    \
      else if (MGP_CALL_##name == MGP_CALL_set_vertex_buffers ||                                   \
               MGP_CALL_##name == MGP_CALL_bind_vertex_input ||                                    \
               MGP_CALL_##name == MGP_CALL_set_index_buffer)                                       \
         SCREEN_OF_##cls(self)->vertex_tick++;                                                     \
      else if (MGP_CALL_##name == MGP_CALL_bind_render_state)                                      \
         SCREEN_OF_##cls(self)->rs_tick++;                                                         \
      else if (MGP_CALL_##name == MGP_CALL_set_dynamic_state ||                                    \
               MGP_CALL_##name == MGP_CALL_set_dynamic_words)                                      \
         SCREEN_OF_##cls(self)->dyn_tick++;                                                        \
      else if (MGP_CALL_##name != MGP_CALL_draw && MGP_CALL_##name != MGP_CALL_draw_vbo &&         \
               MGP_CALL_##name != MGP_CALL_resource_subdata &&                                     \
               MGP_CALL_##name != MGP_CALL_read_pixels)                                            \
         SCREEN_OF_##cls(self)->state_tick++;                                                      \
      if (MGP_CALL_##name == MGP_CALL_set_draw_program)                                            \
         SCREEN_OF_##cls(self)->program_tick++;                                                    \
      if (MGP_CALL_##name == MGP_CALL_launch_grid || MGP_CALL_##name == MGP_CALL_memory_barrier)   \
         SCREEN_OF_##cls(self)->dispatch_tick++;                                                   \
      if (MGP_CALL_##name == MGP_CALL_draw_indirect)                                               \
         SCREEN_OF_##cls(self)->indirect_tick++;                                                   \
      if (MGP_CALL_##name != MGP_CALL_draw && MGP_CALL_##name != MGP_CALL_draw_vbo)                \
         SCREEN_OF_##cls(self)->call_tick++;                                                       \
      if (MGP_CALL_##name == MGP_CALL_resource_subdata) {                                          \
         struct vkb_screen *scr_ = SCREEN_OF_##cls(self);                                          \
         if (tick_owes(scr_, MGP_CALL_##name))                                                     \
            tick_pay(scr_, MGP_CALL_##name);                                                       \
         const uint64_t renames = scr_->rename_tick, vrenames = scr_->vertex_rename_tick;          \
         INNER_##cls.name(self, args, tail, tail_count);                                           \
         rename_ticks(scr_, renames, vrenames);                                                    \
         return;                                                                                   \
      }                                                                                            \
      if (__builtin_expect(tick_owes(SCREEN_OF_##cls(self), MGP_CALL_##name), 0)) {                \
         tick_paid_##name(self, args, tail, tail_count);                                           \
         return;                                                                                   \
      }                                                                                            \
      INNER_##cls.name(self, args, tail, tail_count);                                              \
   }
#include "pipe_calls.def"
#undef X

static void
fill_tables(void)
{
   /* A call the backend leaves NULL stays NULL (caps.call_mask and the dispatchers read it). */
#define X(name, payload, cls, flags) OUTER_##cls.name = INNER_##cls.name ? tick_##name : NULL;
#include "pipe_calls.def"
#undef X
}

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

void
vkb_tables_init(void)
{
   pthread_once(&tables_once, fill_tables);
}

/* The backend's own context table (the inner one the wrappers call): every context call of
 * the catalog the backend implements, from the files that implement them. */
const struct mgp_context_vtbl vkb_context_vtbl = {
   .create_render_state = vkb_create_render_state,
   .bind_render_state = vkb_bind_render_state,
   .delete_render_state = vkb_delete_render_state,
   .create_vertex_elements = vkb_create_vertex_elements,
   .bind_vertex_elements = vkb_bind_vertex_elements,
   .delete_vertex_elements = vkb_delete_vertex_elements,
   .create_sampler = vkb_create_sampler,
   .delete_sampler = vkb_delete_sampler,
   .create_sampler_view = vkb_create_sampler_view,
   .delete_sampler_view = vkb_delete_sampler_view,
   .create_shader = vkb_create_shader,
   .delete_shader = vkb_delete_shader,
   .set_dynamic_state = vkb_set_dynamic_state,
   .set_dynamic_words = vkb_set_dynamic_words,
   .set_viewports = vkb_set_viewports,
   .set_framebuffer_state = vkb_set_framebuffer_state,
   .set_vertex_buffers = vkb_set_vertex_buffers,
   .set_index_buffer = vkb_set_index_buffer,
   .define_vertex_input = vkb_define_vertex_input,
   .bind_vertex_input = vkb_bind_vertex_input,
   .set_indirect_buffers = NULL,
   .set_sampler_views = vkb_set_sampler_views,
   .bind_sampler_states = vkb_bind_sampler_states,
   .set_texture_params = vkb_set_texture_params,
   .set_shader_images = vkb_set_shader_images,
   .set_shader_buffers = vkb_set_shader_buffers,
   .set_stream_output_targets = vkb_set_stream_output_targets,
   .set_global_constants = vkb_set_global_constants,
   .set_constant_words = vkb_set_constant_words,
   .set_vertex_attrib_defaults = vkb_set_vertex_attrib_defaults,
   .set_pixel_pack_state = vkb_set_pixel_pack_state,
   .set_patch_state = vkb_set_patch_state,
   .set_draw_program = vkb_set_draw_program,
   .set_dispatch_program = vkb_set_dispatch_program,
   .resource_subdata = vkb_resource_subdata,
   .resource_flush_range = NULL,
   .resource_readback = vkb_resource_readback,
   .resource_copy_region = vkb_resource_copy_region,
   .blit = vkb_blit_conditional,
   .clear = vkb_clear,
   .generate_mipmap = vkb_generate_mipmap,
   .read_pixels = vkb_read_pixels,
   .get_texture_image = vkb_get_texture_image,
   .pack_to_buffer = vkb_pack_to_buffer,
   .present_to_buffer = vkb_present_to_buffer,
   .texture_subdata_from_buffer = vkb_texture_subdata_from_buffer,
   .buffer_subdata_resident = NULL,
   .draw_vbo = vkb_draw_vbo,
   .draw = vkb_draw,
   .draw_words = vkb_draw_words,
   .draw_indirect = vkb_draw_indirect,
   .launch_grid = vkb_launch_grid,
   .memory_barrier = vkb_memory_barrier,
   .begin_query = vkb_begin_query,
   .end_query = vkb_end_query,
   .begin_conditional_render = vkb_begin_conditional_render,
   .end_conditional_render = vkb_end_conditional_render,
   .begin_stream_output = vkb_begin_stream_output,
   .end_stream_output = vkb_end_stream_output,
   .pause_stream_output = vkb_pause_stream_output,
   .resume_stream_output = vkb_resume_stream_output,
   .bind_stream_output_object = vkb_bind_stream_output_object,
   .delete_stream_output_object = vkb_delete_stream_output_object,
   .draw_stream_output = vkb_draw_stream_output,
   .flush = vkb_flush,
   .present = vkb_present,
   .set_swap_interval = NULL,
};
