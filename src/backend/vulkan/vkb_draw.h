/* vkb_draw.h — what the draw files share (vkb_draw*.c): the descriptors one draw resolves,
 * its dynamic state, the draw queue and the fast path. Private to the draw; the rest of the
 * backend sees vkb_flush_draws (vkb.h). */
#ifndef MGL_VKB_DRAW_H
#define MGL_VKB_DRAW_H

#include "vkb.h"

#define VKB_DRAW_ALL_SETS ((1u << VKB_SET_COUNT) - 1u)

/* The draw flags that make a draw take the whole way every time. */
#define VKB_DRAW_SLOW_FLAGS (MGP_DRAW_USER_INDICES | MGP_DRAW_INDIRECT | MGP_DRAW_PRIMITIVE_RESTART)

/* The descriptors of one draw, per set, and the buffers they read. */
struct vkb_draw_descriptors {
   VkDescriptorBufferInfo buf[VKB_MAX_BINDING];
   VkDescriptorImageInfo img[VKB_MAX_BINDING];
   VkBufferView tbv[VKB_MAX_BINDING];
   VkWriteDescriptorSet w[VKB_MAX_BINDING];
   uint8_t wset[VKB_MAX_BINDING]; /* the set each write goes to */
   uint32_t nw;
   /* per set: what its descriptors are (set layout first), the key of the set cache */
   uint64_t sig[VKB_SET_COUNT][1 + VKB_MAX_BINDING * 3];
   uint32_t nsig[VKB_SET_COUNT];
   uint32_t dynoff;
   bool has_dynamic;
   uint8_t loop; /* VKB_LOOP_*: samplers reading a level attached to the framebuffer */
   struct vkb_resource *used_bufs[VKB_MAX_BINDING];
   uint32_t n_used_bufs;
   /* the resources a storage binding names (marked shader_written), for the dispatch memo;
    * writes: a storage binding set scr->shader_writes_pending */
   struct vkb_resource *written[VKB_MAX_BINDING];
   uint32_t n_written;
   bool writes;
};

/* vkb_draw_descriptors.c: the sampler memo's epoch (moved on first when stale); resolves the
 * program's bindings to descriptors, of the sets in set_mask (bit n: set n), declining (false)
 * when one cannot be; then the descriptor set `set` of this draw: one written earlier in this
 * batch with the same descriptors, or a new one. */
uint64_t vkb_draw_sampler_memo_epoch(struct vkb_context *ctx);
uint64_t vkb_draw_sampler_memo_epoch_at(struct vkb_context *ctx, uint64_t serial);
bool vkb_draw_gather_descriptors(struct vkb_context *ctx, struct vkb_shader *sh,
                                 struct vkb_draw_descriptors *d, uint32_t set_mask);
VkDescriptorSet vkb_draw_descriptor_set(struct vkb_context *ctx, struct vkb_shader *sh,
                                        struct vkb_draw_descriptors *dd, int set, uint64_t serial);

/* Where a draw reads vertex buffer r, renamed in the rendering scope in progress, from its
 * bound offset off (< r->size): its latest version's arena slice, sized to end where the
 * buffer does, so that robust access stays inside the buffer's bytes (vkb_rename.c; bound with
 * scr->bind_vb_sized, which a draw needs to read a version at all). */
static inline void
vkb_vertex_version(const struct vkb_resource *r, VkDeviceSize off, VkBuffer *buf, VkDeviceSize *at,
                   VkDeviceSize *size)
{
   *buf = r->ver_buf;
   *at = r->ver_offset + off;
   *size = r->size - off;
}

/* vkb_draw_dynamic.c: glSampleCoverage's sample mask (pipeline state) and the dynamic state
 * recorded per draw. */
uint32_t vkb_draw_coverage_mask(const struct vkb_context *ctx, uint32_t samples);
void vkb_draw_set_dynamic(struct vkb_context *ctx, VkCommandBuffer cmd);

/* Queues one draw behind those it can share a command with (recorded now without
 * VK_EXT_multi_draw; vkb_draw_queue.c records them). The state bound now is the state it draws
 * with: every bind flushes. Inline: every draw queues here, the no-change draw most of all. */
static inline void
vkb_queue_draw(struct vkb_screen *scr, bool indexed, const struct mgp_draw_range *r,
               uint32_t instance_count, uint32_t first_instance)
{
   struct vkb_draw_queue *q = &scr->draws;
   if (q->n && (q->indexed != indexed || q->instance_count != instance_count ||
                q->first_instance != first_instance || q->n >= scr->max_multi_draw))
      vkb_flush_draws(scr);
   q->indexed = indexed;
   q->instance_count = instance_count;
   q->first_instance = first_instance;
   if (indexed)
      q->idx[q->n] = (VkMultiDrawIndexedInfoEXT){r->start, r->count, r->index_bias};
   else
      q->arr[q->n] = (VkMultiDrawInfoEXT){r->start, r->count};
   q->n++;
   scr->stats.draws_recorded++;
   scr->cur->draws++;
   if (!scr->has_multi_draw || scr->draws_alone)
      vkb_flush_draws(scr);
}

/* call_tick's value that no screen reaches: a fast draw that may not queue itself alone */
#define VKB_TICK_NEVER UINT64_MAX

/* The context's fast draw is gone until a draw goes the whole way again. */
static inline void
vkb_fast_drop(struct vkb_context *ctx)
{
   ctx->fast.valid = false;
   ctx->fast.call_tick = VKB_TICK_NEVER;
   ctx->fast.scope_tick = VKB_TICK_NEVER;
}

/* What ctx->fast.scope_tick is once the whole way recorded a draw: scr->scope_tick where the
 * rendering scope and the binds are this context's in the batch the draw went to, so that
 * the next fast draw compares scope_tick alone (each of them moves it: vkb_scope_moved,
 * vkb_binds_lost); VKB_TICK_NEVER where they are not. */
static inline uint64_t
vkb_draw_scope_tick(const struct vkb_context *ctx)
{
   const struct vkb_screen *scr = ctx->scr;
   const struct vkb_batch *b = scr->cur;
   if (!ctx->fast.valid || scr->rendering_ctx != ctx || scr->bind_owner != ctx ||
       ctx->bind_epoch != scr->bind_epoch || !b || !b->recording || b->serial != ctx->fast.serial)
      return VKB_TICK_NEVER;
   return scr->scope_tick;
}

/* The batch's memory limits and the in-flight arena bytes, past which a draw goes the usual
 * way to meet the pressure point (vkb_batch.c). Always inline: GCC left a call to it in
 * vkb_draw_fast.c's two ways (+10 a multi_draw_indirect step, round 86). */
static inline __attribute__((always_inline)) bool
vkb_draw_over_limits(const struct vkb_screen *scr)
{
   const struct vkb_batch *b = scr->cur;
   return b->arena_bytes > VKB_BATCH_ARENA_LIMIT || b->zeroed_bytes > VKB_BATCH_ZERO_LIMIT ||
          (scr->inflight_arena_bytes > VKB_INFLIGHT_ARENA_LIMIT && scr->inflight_head);
}

/* What ctx->fast.call_tick is once a draw recorded it: scr->call_tick where the next compact
 * draw of its mode may queue itself alone (vkb_draw.c, draw_unchanged), VKB_TICK_NEVER where
 * it may not. Asked once here, not at every draw: each condition but the batch's draw count
 * moves call_tick when it changes (a call; vkb_binds_lost at a batch's start and submit and
 * at bound state lost; a rendering scope begun or ended; the bind owner moving), and the
 * arena's, the zeroed stores' and the in-flight bytes grow only at a call, a submit or
 * another draw that went the usual way. */
static inline uint64_t
vkb_draw_unchanged_tick(const struct vkb_context *ctx)
{
   const struct vkb_screen *scr = ctx->scr;
   const struct vkb_fast_draw *f = &ctx->fast;
   if (!f->valid || f->user_indices || ctx->dyn_dirty || f->scope_tick != scr->scope_tick ||
       vkb_draw_over_limits(scr))
      return VKB_TICK_NEVER;
   return scr->call_tick;
}

/* vkb_draw_fast.c: a draw whose state is its context's last full draw's, queued with only
 * what changed rebound; false sends it the whole way. */
bool vkb_draw_fast(struct vkb_context *ctx, const struct mgp_draw_vbo *args,
                   const struct mgp_draw_range *ranges, uint32_t ndraws);
/* How a draw stands against its context's last one (vkb_draw_fast.c): the whole way, dropped
 * (declined by name there), or bound as that draw left it with what changed rebound. */
enum vkb_fast_way { VKB_FAST_WHOLE, VKB_FAST_DROPPED, VKB_FAST_BOUND };
/* ctx->fast.mode's mark of a draw with primitive restart at the all-ones index (its
 * pipeline's primitiveRestartEnable, or the dynamic state recorded with it, and its exact
 * topology): only a draw, direct or indirect, of that mode and index size with restart at
 * that index matches; no compact draw (a u16 mode) does. */
#define VKB_FAST_RESTART (1u << 16)
/* Whether restart_index is the all-ones index of index_size (1, 2 or 4 bytes), the one index
 * Vulkan restarts at; false for arrays (0) and the sizes the whole way declines. */
static inline bool
vkb_restart_all_ones(uint32_t index_size, uint32_t restart_index)
{
   return index_size == 4
             ? restart_index == 0xffffffffu
             : index_size && index_size < 3 && restart_index == (1u << (index_size * 8)) - 1;
}
/* An indirect draw (args: its mode, index size, no flags; restart: it restarts at the
 * all-ones index) where the last draw's state holds, with only indirect draws since besides
 * what the fast draw rebinds; VKB_FAST_BOUND: the caller records its commands into
 * scr->cur->cmd. */
enum vkb_fast_way vkb_draw_fast_indirect(struct vkb_context *ctx, uint16_t mode, uint8_t index_size,
                                         bool restart);
/* The compact draw as draw_vbo's arguments: draw_vbo's defaults (pipe_types.def) and its one
 * range, for the fast way and the whole way alike. */
static inline struct mgp_draw_vbo
vkb_compact_vbo(const struct mgp_draw *args)
{
   return (struct mgp_draw_vbo){
      .mode = args->mode,
      .index_size = args->index_size,
      .instance_count = 1,
      .num_draws = 1,
   };
}
static inline struct mgp_draw_range
vkb_compact_range(const struct mgp_draw *args)
{
   return (struct mgp_draw_range){args->start, args->count, args->index_bias};
}
/* A compact draw (draw_vbo with its defaults and args' one range) that draw_unchanged did
 * not take: the pressure points, then vkb_draw_fast's way (vkb_draw_fast.c, specialised for
 * it); false: not taken, the caller sends it the whole way (vkb_draw.c), so that the two files
 * do not call each other. */
bool vkb_draw_compact(struct vkb_context *ctx, const struct mgp_draw *args);

/* Before a draw records: the batch's memory limits (vkb_batch.c) and the queries' slots
 * (vkb_query.c); each may submit. Here rather than in vkb_arena_pressure_point, which
 * vkb_pstats reaches through the batch (no call loop between the two). Each is called only
 * where its inline test says it may act (a draw of a batch under its limits with no query
 * pool to watch calls neither). */
static inline void
vkb_draw_pressure_point(struct vkb_screen *scr)
{
   if (vkb_arena_pressure(scr))
      vkb_arena_pressure_point(scr);
   if (vkb_query_pressure(scr))
      vkb_query_pressure_point(scr);
}

#endif
