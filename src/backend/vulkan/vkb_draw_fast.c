/* vkb_draw_fast.c — the fast path: a draw of the mode and index size of its context's last
 * full draw, with only what changed since resolved and rebound. */
#include <string.h>

#include "log.h"
#include "vkb_draw.h"

/* draw_fast with indices that came with the draw (a client-side index array, or a GL_LINE_LOOP
 * the client rewrote): they go to the arena, as the whole way puts them. When they land in the
 * arena block the bound index buffer already is, at a whole number of indices past its bound
 * offset, the draws start that many indices later and nothing is bound: consecutive such draws
 * stay in one queued multi-draw. False when the arena has no room (reported there). */
static bool
fast_user_indices(struct vkb_context *ctx, const struct mgp_draw_vbo *args, uint32_t *first_shift)
{
   struct vkb_screen *scr = ctx->scr;
   const uint32_t isz = ctx->fast.index_size;
   struct vkb_alloc a;
   if (!vkb_arena_or_refuse(scr, args->user_indices.size, 4, &a, ctx->base.h,
                            "draw_vbo (user indices)"))
      return false;
   memcpy(a.ptr, args->user_indices.ptr, args->user_indices.size);
   const VkIndexType itype = isz == 1   ? VK_INDEX_TYPE_UINT8_EXT
                             : isz == 2 ? VK_INDEX_TYPE_UINT16
                                        : VK_INDEX_TYPE_UINT32;
   if (ctx->bound_ib == a.buf && ctx->bound_ib_type == itype && a.offset >= ctx->bound_ib_off &&
       (a.offset - ctx->bound_ib_off) % isz == 0 &&
       (a.offset - ctx->bound_ib_off) / isz + args->user_indices.size / isz <= UINT32_MAX) {
      *first_shift = (uint32_t)((a.offset - ctx->bound_ib_off) / isz);
      return true;
   }
   vkb_flush_draws(scr);
   vkCmdBindIndexBuffer(scr->cur->cmd, a.buf, a.offset, itype);
   scr->stats.cmd_bind_index_buffer++;
   ctx->bound_ib = a.buf;
   ctx->bound_ib_off = a.offset;
   ctx->bound_ib_type = itype;
   *first_shift = 0;
   return true;
}

/* What a vertex-array switch (bind_vertex_input) or set_vertex_buffers / set_index_buffer
 * left bound, resolved before anything is recorded: the buffers at the bindings the pipeline
 * reads, and the index buffer of an indexed draw with its bytes from the bound offset on (what
 * the draw's ranges are checked against). */
#define VKB_VB_MASK ((1u << VKB_MAX_VB) - 1)

struct fast_vertex {
   struct vkb_resource *res[VKB_MAX_VB];
   struct vkb_resource *ib;
   VkDeviceSize ib_size;
};

/* False when one would be declined, or is renamed where a version cannot be bound sized
 * (scr->bind_vb_sized): the draw then goes the whole way, which declines it or copies the
 * version home. A renamed index buffer is bound as its version (fast_vertex_bind): the ranges
 * are checked against the buffer's bytes. Only the bindings the pipeline reads are looked at
 * (fv->res holds those alone). */
static bool
fast_vertex_resolve(struct vkb_context *ctx, struct fast_vertex *fv)
{
   struct vkb_screen *scr = ctx->scr;
   const struct vkb_fast_draw *f = &ctx->fast;
   for (uint32_t m = f->vb_bindings & VKB_VB_MASK; m; m &= m - 1) {
      const uint32_t b = (uint32_t)__builtin_ctz(m);
      struct vkb_resource *r =
         (struct vkb_resource *)vkb_table_peek(&scr->resources, ctx->vbs[b].res);
      if (!r || r->unsupported || !r->is_buffer || (r->ver_buf && !scr->bind_vb_sized) ||
          ctx->vbs[b].offset >= (r->size ? r->size : 1))
         return false;
      fv->res[b] = r;
   }
   fv->ib = NULL;
   fv->ib_size = f->ib_size;
   if (f->index_size && !f->user_indices) {
      struct vkb_resource *r = (struct vkb_resource *)vkb_table_peek(&scr->resources, ctx->ib.res);
      if (!r || r->unsupported || !r->is_buffer || ctx->ib.offset % f->index_size ||
          ctx->ib.offset > r->size)
         return false;
      fv->ib = r;
      fv->ib_size = r->size - ctx->ib.offset;
   }
   return true;
}

/* Binds what fast_vertex_resolve found, where it is not bound already: each run of adjacent
 * bindings that changed in one vkCmdBindVertexBuffers (a vertex array's attributes in one
 * buffer are bindings 0, 1, ... of it); a buffer renamed in this scope, its version, alone. */
static void
fast_vertex_bind(struct vkb_context *ctx, const struct fast_vertex *fv)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_fast_draw *f = &ctx->fast;
   VkBuffer bufs[VKB_MAX_VB];
   VkDeviceSize offs[VKB_MAX_VB];
   uint32_t first = 0, n = 0;
   for (uint32_t m = f->vb_bindings & VKB_VB_MASK; m; m &= m - 1) {
      const uint32_t b = (uint32_t)__builtin_ctz(m);
      struct vkb_resource *r = fv->res[b];
      r->last_use = f->serial;
      VkBuffer buf = r->buf;
      VkDeviceSize off = ctx->vbs[b].offset, size = VK_WHOLE_SIZE;
      if (r->ver_buf)
         vkb_vertex_version(r, ctx->vbs[b].offset, &buf, &off, &size);
      if (ctx->bound_vb[b] == buf && ctx->bound_vb_off[b] == off)
         continue;
      if (n && (first + n != b || size != VK_WHOLE_SIZE)) {
         vkb_flush_draws(scr);
         vkCmdBindVertexBuffers(scr->cur->cmd, first, n, bufs, offs);
         scr->stats.cmd_bind_vertex_buffers++;
         n = 0;
      }
      ctx->bound_vb[b] = buf;
      ctx->bound_vb_off[b] = off;
      if (size != VK_WHOLE_SIZE) {
         vkb_flush_draws(scr);
         scr->bind_vb_sized(scr->cur->cmd, b, 1, &buf, &off, &size, NULL);
         scr->stats.cmd_bind_vertex_buffers++;
         continue;
      }
      if (!n)
         first = b;
      bufs[n] = buf;
      offs[n++] = off;
   }
   if (n) {
      vkb_flush_draws(scr);
      vkCmdBindVertexBuffers(scr->cur->cmd, first, n, bufs, offs);
      scr->stats.cmd_bind_vertex_buffers++;
   }
   if (fv->ib) {
      const VkIndexType itype = f->index_size == 1   ? VK_INDEX_TYPE_UINT8_EXT
                                : f->index_size == 2 ? VK_INDEX_TYPE_UINT16
                                                     : VK_INDEX_TYPE_UINT32;
      fv->ib->last_use = f->serial;
      const VkBuffer ib = fv->ib->ver_buf ? fv->ib->ver_buf : fv->ib->buf;
      const VkDeviceSize ib_off = ctx->ib.offset + (fv->ib->ver_buf ? fv->ib->ver_offset : 0);
      if (ctx->bound_ib != ib || ctx->bound_ib_off != ib_off || ctx->bound_ib_type != itype) {
         vkb_flush_draws(scr);
         vkCmdBindIndexBuffer(scr->cur->cmd, ib, ib_off, itype);
         scr->stats.cmd_bind_index_buffer++;
         ctx->bound_ib = ib;
         ctx->bound_ib_off = ib_off;
         ctx->bound_ib_type = itype;
      }
   }
   f->ib_size = fv->ib_size;
   f->vertex_tick = scr->vertex_tick;
}

/* The sets a fast draw binds, recorded together once it knows them all: sets 0 and 1 both
 * changed (a glUniform and a glBindTexture between draws, demo_frame) are one
 * vkCmdBindDescriptorSets. Nothing is bound, or noted bound, until fast_binds_record. */
struct fast_binds {
   VkDescriptorSet set[VKB_SET_COUNT];
   uint32_t mask; /* bit i: set[i] to be bound */
   bool dyn;      /* set 0 with its dynamic offset */
   uint32_t dynoff;
};

/* Set `i` of the fast draw's program (set 0 with its dynamic offset) to be bound. Inline:
 * a call would spill fast_bind's state around it (a texture change's draw read +6). */
static inline __attribute__((always_inline)) void
fast_bind_set(struct vkb_context *ctx, struct fast_binds *pb, int i, VkDescriptorSet set, bool dyn,
              uint32_t dynoff)
{
   if (ctx->bound_set[i] == set && (!dyn || ctx->bound_dynoff == dynoff)) {
      pb->mask &= ~(1u << i);
      return;
   }
   pb->set[i] = set;
   pb->mask |= 1u << i;
   if (i == VKB_SET_BUFFERS) {
      pb->dyn = dyn;
      pb->dynoff = dynoff;
   }
}

/* draw_fast after set_global_constants alone: the program's default block went to a fresh
 * slice (vkb_set_global_constants). Set 0 names the block's buffer with a dynamic offset, so
 * a slice in the buffer the bound set names needs only the offset rebound. False when set 0
 * must be resolved again (another buffer, an older batch's slice). */
static bool
fast_constants(struct vkb_context *ctx, struct fast_binds *pb)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_fast_draw *f = &ctx->fast;
   const struct vkb_shader *sh = f->sh;
   if (sh->consts_size && sh->set_used[VKB_SET_BUFFERS] && sh->binding[0].count) {
      if (sh->consts_buf != f->consts_buf || sh->consts_serial != f->serial ||
          !ctx->bound_set[VKB_SET_BUFFERS])
         return false;
      fast_bind_set(ctx, pb, VKB_SET_BUFFERS, ctx->bound_set[VKB_SET_BUFFERS], true,
                    (uint32_t)sh->consts_offset);
   }
   f->consts_tick = scr->consts_tick;
   return true;
}

/* vkb_current_serial where a fast draw stands: its batch is scr->cur, of the serial it kept
 * (vkb_draw_scope_tick asks both), so no call to ask it again. */
static inline uint64_t
fast_serial(const struct vkb_context *ctx)
{
   return ctx->scr->failed ? 0 : ctx->fast.serial;
}

/* The sampler indices of sh's set 1 (bindings VKB_SAMPLER_BASE + j), when set 1 holds combined
 * image samplers alone; 0 when it holds anything else (or nothing). */
static uint32_t
texture_set_indices(const struct vkb_shader *sh)
{
   if (sh->textures_mixed || !sh->set_used[VKB_SET_TEXTURES] || sh->max_binding <= VKB_SAMPLER_BASE)
      return 0;
   return sh->max_binding - VKB_SAMPLER_BASE;
}

/* Set 1 of sh for the sampler views and samplers bound now, when the fast draw bound it
 * earlier in the sampler memo's epoch (nothing but bindings and programs since, in this batch:
 * every index resolves as it did then, so the set holds the same descriptors); else NULL. */
static VkDescriptorSet
texture_set_memo(struct vkb_context *ctx, const struct vkb_shader *sh, uint32_t n)
{
   const uint64_t epoch = vkb_draw_sampler_memo_epoch_at(ctx, fast_serial(ctx));
   for (uint32_t i = 0; i < 2; i++) {
      const struct vkb_texture_set_memo *m = &ctx->tset[i];
      if (m->epoch == epoch && m->sh == sh && m->set && m->loop == ctx->fast.key.loop &&
          !memcmp(m->views, ctx->views, n * sizeof(ctx->views[0])) &&
          !memcmp(m->samplers, ctx->samplers, n * sizeof(ctx->samplers[0])))
         return m->set;
   }
   return VK_NULL_HANDLE;
}

static void
texture_set_remember(struct vkb_context *ctx, const struct vkb_shader *sh, uint32_t n,
                     VkDescriptorSet set, uint32_t loop)
{
   struct vkb_texture_set_memo *m = &ctx->tset[ctx->tset_next++ % 2];
   m->epoch = ctx->smemo.epoch; /* read by the gather that made the set */
   m->sh = sh;
   m->set = set;
   m->loop = loop;
   memcpy(m->views, ctx->views, n * sizeof(ctx->views[0]));
   memcpy(m->samplers, ctx->samplers, n * sizeof(ctx->samplers[0]));
}

/* One past the highest binding of sh's set 0 (the default block at 0, uniform blocks above),
 * when a buffer set memo can key it (at most VKB_BUFFER_SET_MEMO_MAX); else 0. */
static uint32_t
buffer_set_indices(const struct vkb_shader *sh)
{
   const uint64_t used = sh->binding_used[0];
   if (!sh->set_used[VKB_SET_BUFFERS] || !used)
      return 0;
   const uint32_t n = 64u - (uint32_t)__builtin_clzll(used);
   return n <= VKB_BUFFER_SET_MEMO_MAX ? n : 0;
}

/* Set 0 of sh for the uniform-block ranges bound now and the default block's buffer, when the
 * fast draw bound it earlier in the sampler memo's epoch (nothing but bindings and programs
 * since, in this batch: each range resolves to the buffer and version it did then, and the
 * block's buffer is this batch's); else NULL. The caller binds it with the latest offset. */
static VkDescriptorSet
buffer_set_memo(struct vkb_context *ctx, const struct vkb_shader *sh, uint32_t n)
{
   const uint64_t serial = fast_serial(ctx);
   if ((sh->binding_used[0] & 1u) && (!sh->consts_buf || sh->consts_serial != serial))
      return VK_NULL_HANDLE; /* the block goes to this batch's arena first: the gather */
   const uint64_t epoch = vkb_draw_sampler_memo_epoch_at(ctx, serial);
   for (uint32_t i = 0; i < 2; i++) {
      const struct vkb_buffer_set_memo *m = &ctx->bset[i];
      if (m->epoch == epoch && m->sh == sh && m->set && m->consts_buf == sh->consts_buf &&
          !memcmp(m->ubos, ctx->ubos, n * sizeof(ctx->ubos[0])))
         return m->set;
   }
   return VK_NULL_HANDLE;
}

static void
buffer_set_remember(struct vkb_context *ctx, const struct vkb_shader *sh, uint32_t n,
                    VkDescriptorSet set)
{
   struct vkb_buffer_set_memo *m = &ctx->bset[ctx->bset_next++ % 2];
   m->epoch = ctx->smemo.epoch; /* read by the gather that made the set */
   m->sh = sh;
   m->set = set;
   m->consts_buf = sh->consts_buf;
   memcpy(m->ubos, ctx->ubos, n * sizeof(ctx->ubos[0]));
}

static inline __attribute__((always_inline)) void
fast_binds_record(struct vkb_context *ctx, const struct vkb_shader *sh, const struct fast_binds *pb)
{
   _Static_assert(VKB_SET_COUNT == 2, "sets 0 and 1 alone: one call binds what changed");
   struct vkb_screen *scr = ctx->scr;
   if (!pb->mask)
      return;
   vkb_flush_draws(scr);
   const uint32_t first = pb->mask & 1u ? 0u : 1u, n = pb->mask == 3u ? 2u : 1u;
   const bool dyn = first == VKB_SET_BUFFERS && pb->dyn;
   vkCmdBindDescriptorSets(scr->cur->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, sh->layout, first, n,
                           &pb->set[first], dyn ? 1 : 0, &pb->dynoff);
   scr->stats.cmd_bind_sets++;
   ctx->bound_set[first] = pb->set[first];
   if (n == 2)
      ctx->bound_set[1] = pb->set[1];
   if (dyn)
      ctx->bound_dynoff = pb->dynoff;
}

/* draw_fast up to its queue: whether the last draw's state holds, and what changed bound
 * (VKB_FAST_BOUND); VKB_FAST_WHOLE sends the draw the whole way, VKB_FAST_DROPPED drops it
 * (declined by name there). An indirect draw (no ranges, nor indices with it) asks the same,
 * with indirect draws alone allowed since (they leave what a draw binds as it was:
 * state_tick - indirect_tick), and its index buffer bound as the store (robust access keeps
 * its reads inside: a version's slice has no end Vulkan sees). One with primitive restart at
 * the all-ones index (restart), direct or indirect, only where the last draw restarted too
 * (VKB_FAST_RESTART in its mode: the pipeline, or the restart enable recorded with the render
 * state, is its). An indirect draw's args carry no flags (vkb_draw_fast_indirect), so only f's indices are
 * asked there: an index buffer, not indices that came with the last draw. */
static inline __attribute__((always_inline)) enum vkb_fast_way
fast_bind(struct vkb_context *ctx, const struct mgp_draw_vbo *args,
          const struct mgp_draw_range *ranges, uint32_t ndraws, bool indirect, bool restart)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_fast_draw *f = &ctx->fast;
   /* scope_tick where the last full draw left it: the same rendering scope, binds and batch
    * (vkb_draw_scope_tick asked them there; each moves scope_tick) */
   const uint64_t tick = indirect ? f->tick + (scr->indirect_tick - f->indirect_tick) : f->tick;
   if (!f->valid || tick != scr->state_tick || f->scope_tick != scr->scope_tick ||
       f->mode != (args->mode | (restart ? VKB_FAST_RESTART : 0u)) ||
       f->index_size != args->index_size)
      return VKB_FAST_WHOLE;
   if (indirect ? f->user_indices
                : (args->flags & ~(MGP_DRAW_HAS_INDEX_RANGE | MGP_DRAW_USER_INDICES |
                                   (restart ? MGP_DRAW_PRIMITIVE_RESTART : 0u))) ||
                     ((args->flags & MGP_DRAW_USER_INDICES) != 0) != f->user_indices)
      return VKB_FAST_WHOLE;
   /* f->user_indices from here on, known where args' flags are (the compact draw's) */
   const bool user = (args->flags & MGP_DRAW_USER_INDICES) != 0;
   /* dyn_dirty here is set_dynamic_state's alone (every other setter moves state_tick); the
    * sample coverage mask it carries is pipeline state */
   if ((ctx->dyn_dirty & VKB_DYN_COVERAGE) &&
       vkb_draw_coverage_mask(ctx, f->key.samples) != f->key.coverage_mask)
      return VKB_FAST_WHOLE;
   /* the buffers a vertex-array switch left bound, and so the index bytes the ranges may reach */
   struct fast_vertex fv;
   fv.ib = NULL; /* what -Wmaybe-uninitialized cannot see: read only when resolved */
   fv.ib_size = f->ib_size;
   const bool vertex_moved = f->vertex_tick != scr->vertex_tick;
   if (vertex_moved && !fast_vertex_resolve(ctx, &fv))
      return VKB_FAST_WHOLE;
   /* an indirect draw reads the index buffer's store: one renamed in this scope goes the whole
    * way, which copies its version home */
   if (indirect && f->index_size) {
      const struct vkb_resource *ib =
         vertex_moved ? fv.ib
                      : (const struct vkb_resource *)vkb_table_peek(&scr->resources, ctx->ib.res);
      if (!ib || ib->ver_buf)
         return VKB_FAST_WHOLE;
   }
   /* indices that came with the draw are checked against their own bytes */
   const uint64_t ib_size = user ? args->user_indices.size : vertex_moved ? fv.ib_size : f->ib_size;
   /* no bytes: the whole way declines it by name */
   if (user && (!args->user_indices.ptr || !args->user_indices.size))
      return VKB_FAST_WHOLE;
   for (uint32_t i = 0; f->index_size && i < ndraws; i++)
      if (((uint64_t)ranges[i].start + ranges[i].count) * f->index_size > ib_size)
         return VKB_FAST_WHOLE;
   struct fast_binds pb;
   pb.mask = 0;
   pb.dyn = false;
   pb.dynoff = 0;
   uint32_t set_mask = (f->buffer_tick != scr->buffer_tick ? 1u << VKB_SET_BUFFERS : 0) |
                       (f->texture_tick != scr->texture_tick ? 1u << VKB_SET_TEXTURES : 0);
   if (f->consts_tick != scr->consts_tick && !(set_mask & (1u << VKB_SET_BUFFERS)) &&
       !fast_constants(ctx, &pb))
      set_mask |= 1u << VKB_SET_BUFFERS;
   /* a uniform-block set that came back binds its set 0 again without resolving it */
   const uint32_t buf_n = set_mask & (1u << VKB_SET_BUFFERS) ? buffer_set_indices(f->sh) : 0;
   if (buf_n) {
      const VkDescriptorSet set = buffer_set_memo(ctx, f->sh, buf_n);
      if (set) {
         const bool dyn = f->sh->binding_used[0] & 1u;
         fast_bind_set(ctx, &pb, VKB_SET_BUFFERS, set, dyn,
                       dyn ? (uint32_t)f->sh->consts_offset : 0);
         scr->stats.buffer_set_memo_hits++;
         set_mask &= ~(1u << VKB_SET_BUFFERS);
         f->buffer_tick = scr->buffer_tick;
         f->consts_tick = scr->consts_tick;
         f->consts_buf = f->sh->consts_buf;
      }
   }
   /* a unit set that came back binds its set 1 again without resolving it */
   const uint32_t tex_n = set_mask & (1u << VKB_SET_TEXTURES) ? texture_set_indices(f->sh) : 0;
   if (tex_n) {
      const VkDescriptorSet set = texture_set_memo(ctx, f->sh, tex_n);
      if (set) {
         fast_bind_set(ctx, &pb, VKB_SET_TEXTURES, set, false, 0);
         scr->stats.texture_set_memo_hits++;
         set_mask &= ~(1u << VKB_SET_TEXTURES);
         f->texture_tick = scr->texture_tick;
      }
   }
   if (set_mask) {
      struct vkb_shader *sh = f->sh;
      struct vkb_draw_descriptors dd;
      const unsigned long long padded = scr->stats.uniform_ranges_padded;
      if (!vkb_draw_gather_descriptors(ctx, sh, &dd, set_mask) || scr->failed) {
         vkb_fast_drop(ctx);
         return VKB_FAST_DROPPED; /* declined by name there: the draw is dropped, once */
      }
      /* A padded uniform range, a layout transition or a placeholder texture made there ends
       * the rendering scope, and a feedback loop starting or ending needs another pipeline and
       * scope (GL_ARB_texture_barrier): then the whole way. */
      if (f->scope_tick != scr->scope_tick ||
          ((set_mask & (1u << VKB_SET_TEXTURES)) && dd.loop != f->key.loop))
         return VKB_FAST_WHOLE;
      for (int i = 0; i < VKB_SET_COUNT; i++) {
         if (!(set_mask & (1u << i)) || !sh->set_used[i])
            continue;
         VkDescriptorSet set = vkb_draw_descriptor_set(ctx, sh, &dd, i, f->serial);
         if (!set) {
            vkb_fast_drop(ctx);
            /* a Fatal, or no descriptor memory (reported): the draw is dropped */
            return VKB_FAST_DROPPED;
         }
         if (i == VKB_SET_TEXTURES && tex_n)
            texture_set_remember(ctx, sh, tex_n, set, dd.loop);
         /* a padded range is a copy made at this point of the stream: not kept */
         if (i == VKB_SET_BUFFERS && buf_n && padded == scr->stats.uniform_ranges_padded)
            buffer_set_remember(ctx, sh, buf_n, set);
         fast_bind_set(ctx, &pb, i, set, i == VKB_SET_BUFFERS && dd.has_dynamic, dd.dynoff);
      }
      for (uint32_t i = 0; i < dd.n_used_bufs; i++)
         dd.used_bufs[i]->last_use = f->serial;
      f->buffer_tick = scr->buffer_tick;
      f->consts_tick = scr->consts_tick;
      f->texture_tick = scr->texture_tick;
      f->consts_buf = sh->consts_buf;
   }
   fast_binds_record(ctx, f->sh, &pb);
   if (vertex_moved)
      fast_vertex_bind(ctx, &fv);
   if (f->rs_tick != scr->rs_tick) {
      /* A render state whose pipeline part is the last full draw's (same share, so everything
       * the whole way derives from the CSO comes out the same) records its dynamic part only:
       * GL's enable/draw/disable/draw toggles. */
      struct vkb_render_state *rs =
         mgp_handle_is_null(ctx->rs)
            ? NULL
            : (struct vkb_render_state *)vkb_table_peek(&scr->render_states, ctx->rs);
      if (!mgp_handle_is_null(ctx->rs) && !rs)
         return VKB_FAST_WHOLE;
      if (!mgp_handle_eq(rs ? rs->share->id : mgp_handle_null(), f->key.rs))
         return VKB_FAST_WHOLE;
      if (!vkb_render_state_record(ctx, scr->cur->cmd, rs, &f->key, restart)) {
         vkb_fast_drop(ctx);
         return VKB_FAST_DROPPED; /* declined by name there: the draw is dropped, once */
      }
      f->rs_tick = scr->rs_tick;
   }
   if (ctx->dyn_dirty) {
      vkb_flush_draws(scr);
      vkb_draw_set_dynamic(ctx, scr->cur->cmd);
      ctx->dyn_dirty = 0;
   }
   if (indirect) {
      f->tick = scr->state_tick;
      f->indirect_tick = scr->indirect_tick;
   }
   return VKB_FAST_BOUND;
}

/* A draw of the mode and index size of its context's last full draw, with only draws reaching
 * the backend since (scr->state_tick, vkb_tables.c), in the same batch and rendering scope with
 * the binds it made still bound: everything the full path resolves (program, pipeline,
 * descriptors, buffers, layouts) would come out the same, so only the ranges are queued. When
 * uniform blocks changed too (scr->buffer_tick), set 0 is resolved again and rebound first
 * (default-block bytes alone, scr->consts_tick, move its dynamic offset: fast_constants), likewise set 1 after texture or sampler bindings changed
 * (scr->texture_tick), changed vertex buffers (scr->vertex_tick) are rebound, and a render
 * state bound since (scr->rs_tick) with the same pipeline part records its dynamic state;
 * pipeline and vertex layout stay. False sends the draw the
 * whole way (which also declines what must be declined). */
static inline __attribute__((always_inline)) bool
draw_fast(struct vkb_context *ctx, const struct mgp_draw_vbo *args,
          const struct mgp_draw_range *ranges, uint32_t ndraws)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_fast_draw *f = &ctx->fast;
   /* restart at any other index is the whole way's decline (the client rewrites those); the
    * compact draw's flags are none, so its way asks nothing here */
   const bool restart = (args->flags & MGP_DRAW_PRIMITIVE_RESTART) &&
                        vkb_restart_all_ones(args->index_size, args->restart_index);
   const enum vkb_fast_way way = fast_bind(ctx, args, ranges, ndraws, false, restart);
   if (way != VKB_FAST_BOUND)
      return way == VKB_FAST_DROPPED;
   const bool user = (args->flags & MGP_DRAW_USER_INDICES) != 0;
   /* every tick is where the screen's is, and scope_tick where the entry found it (nothing
    * here moves it but the gather, checked above): the next compact draw may compare
    * call_tick alone, unless its indices come with it or the batch is past its limits */
   f->call_tick = user || vkb_draw_over_limits(scr) ? VKB_TICK_NEVER : scr->call_tick;
   uint32_t first_shift = 0;
   if (user && !fast_user_indices(ctx, args, &first_shift))
      return true; /* out of staging memory: GL_OUT_OF_MEMORY, the draw is dropped */
   for (uint32_t i = 0; i < ndraws; i++) {
      if (ranges[i].count && args->instance_count) {
         const struct mgp_draw_range r = {ranges[i].start + first_shift, ranges[i].count,
                                          ranges[i].index_bias};
         vkb_queue_draw(scr, f->index_size != 0, &r, args->instance_count, args->start_instance);
         scr->stats.fast_draws++;
      }
   }
   return true;
}

bool
vkb_draw_fast(struct vkb_context *ctx, const struct mgp_draw_vbo *args,
              const struct mgp_draw_range *ranges, uint32_t ndraws)
{
   return draw_fast(ctx, args, ranges, ndraws);
}

/* The compact draw's (one range, one instance, no flags, no indices with it): draw_fast with
 * those known here, so the checks and the loops they settle are not made at every draw; false
 * where it does not take it. */
bool
vkb_draw_compact(struct vkb_context *ctx, const struct mgp_draw *args)
{
   vkb_draw_pressure_point(ctx->scr);
   const struct mgp_draw_vbo full = vkb_compact_vbo(args);
   const struct mgp_draw_range range = vkb_compact_range(args);
   return draw_fast(ctx, &full, &range, 1);
}

/* vkb_draw_indirect's way to what the last draw bound: fast_bind for an indirect draw of this
 * mode and index size (no flags), restarting or not; on VKB_FAST_BOUND the caller records its
 * commands. The two fields alone come in: fast_bind reads no other of an indirect draw's, and
 * a draw_vbo built by the caller was ~20 instructions of stores a call. */
enum vkb_fast_way
vkb_draw_fast_indirect(struct vkb_context *ctx, uint16_t mode, uint8_t index_size, bool restart)
{
   struct vkb_screen *scr = ctx->scr;
   const struct mgp_draw_vbo args = {.mode = mode, .index_size = index_size};
   const enum vkb_fast_way way = fast_bind(ctx, &args, NULL, 0, true, restart);
   if (way == VKB_FAST_BOUND)
      ctx->fast.call_tick = vkb_draw_over_limits(scr) ? VKB_TICK_NEVER : scr->call_tick;
   return way;
}
