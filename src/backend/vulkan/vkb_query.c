/* vkb_query.c — GL queries. Occlusion (GL_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED) on one
 * VkQueryPool: a Vulkan query begun inside a rendering scope must end inside it, and the
 * backend ends and resumes scopes (buffer updates, transfers, submissions), so a GL query takes
 * one Vulkan slot per scope it spans and its result is their sum. Timer queries
 * (GL_TIME_ELAPSED, GL_TIMESTAMP) on a timestamp pool: a slot written after everything
 * recorded before it, in ns through the device's timestampPeriod. A result is read when the
 * batch holding its end completed and sent to the client as a "query result" event. */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "log.h"
#include "vkb.h"

/* Free occlusion slots below which a draw, every pool made, reads slots back: more than the
 * scopes one draw can open. */
#define OCC_LOW_WATER (VKB_QUERY_POOL_SLOTS / 4u)

static bool
is_timer(uint32_t target)
{
   return target == MGP_QUERY_KIND_TIME_ELAPSED || target == MGP_QUERY_KIND_TIMESTAMP;
}

static bool
is_occlusion(uint32_t target)
{
   return target == MGP_QUERY_KIND_SAMPLES_PASSED || target == MGP_QUERY_KIND_ANY_SAMPLES_PASSED ||
          target == MGP_QUERY_KIND_ANY_SAMPLES_PASSED_CONSERVATIVE;
}

/* Chains one more pool of VKB_QUERY_POOL_SLOTS onto s; false when s has VKB_QUERY_POOLS_MAX
 * (nothing said) or after a fatal. */
static bool
slots_grow(struct vkb_screen *scr, struct vkb_query_slots *s, VkQueryType type)
{
   if (s->pool_count >= VKB_QUERY_POOLS_MAX)
      return false;
   const uint32_t total = (s->pool_count + 1) * VKB_QUERY_POOL_SLOTS;
   uint32_t *free_ = realloc(s->free, total * sizeof(*free_));
   if (free_)
      s->free = free_;
   uint64_t *serial = free_ ? realloc(s->serial, total * sizeof(*serial)) : NULL;
   if (serial)
      s->serial = serial;
   if (!free_ || !serial) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "query pool");
      return false;
   }
   VkQueryPoolCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = type,
      .queryCount = VKB_QUERY_POOL_SLOTS,
   };
   if (!vkb_check(scr, vkCreateQueryPool(scr->dev, &ci, NULL, &s->pools[s->pool_count]),
                  "vkCreateQueryPool"))
      return false;
   /* the new pool's lowest slot on top of the stack */
   const uint32_t base = s->pool_count * VKB_QUERY_POOL_SLOTS;
   for (uint32_t i = VKB_QUERY_POOL_SLOTS; i-- > 0;)
      s->free[s->free_count++] = base + i;
   s->pool_count++;
   scr->stats.query_slot_pools++;
   return true;
}

/* Takes a free slot of s, a pool chained on when none is, and resets it into cmd (outside any
 * rendering scope); false when every pool is made and every slot in flight, or after a fatal. */
static bool
slot_take(struct vkb_screen *scr, struct vkb_query_slots *s, VkQueryType type, VkCommandBuffer cmd,
          uint32_t *slot)
{
   if (!s->free_count && !slots_grow(scr, s, type))
      return false;
   *slot = s->free[--s->free_count];
   s->serial[*slot] = vkb_current_serial(scr);
   vkCmdResetQueryPool(cmd, vkb_query_slot_pool(s, *slot), *slot % VKB_QUERY_POOL_SLOTS, 1);
   return true;
}

static void
slots_finish(struct vkb_screen *scr, struct vkb_query_slots *s)
{
   for (uint32_t i = 0; i < s->pool_count; i++)
      vkDestroyQueryPool(scr->dev, s->pools[i], NULL);
   free(s->free);
   free(s->serial);
   *s = (struct vkb_query_slots){0};
}

/* The oldest batch an ended timer query not read back yet waits for; 0 when none. */
static uint64_t
ts_oldest_serial(const struct vkb_screen *scr)
{
   uint64_t oldest = 0;
   for (uint32_t i = 0; i < scr->queries.cap; i++) {
      const struct vkb_query *q = (const struct vkb_query *)scr->queries.slots[i];
      if (q && is_timer(q->target) && q->ts_count && q->ended && !q->announced &&
          (!oldest || q->end_serial < oldest))
         oldest = q->end_serial;
   }
   return oldest;
}

/* Takes n timestamp slots for q and resets them; outside any rendering scope (a reset may not
 * be recorded inside one). Every pool made and fewer than n free: the server waits for the
 * oldest ended timer query, whose slots its result frees. False after a decline or a fatal. */
static bool
ts_take(struct vkb_screen *scr, struct vkb_query *q, uint32_t n)
{
   if (scr->ts.pool_count >= VKB_QUERY_POOLS_MAX)
      vkb_query_slots_room(scr, &(struct vkb_query_room){
                                   .what = "timestamp",
                                   .held = VKB_QUERY_POOLS_MAX * VKB_QUERY_POOL_SLOTS,
                                   .free_count = &scr->ts.free_count,
                                   .want = n,
                                   .oldest = ts_oldest_serial,
                                   .waits = &scr->stats.query_slot_waits,
                                });
   if (scr->failed)
      return false;
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return false;
   for (uint32_t i = 0; i < n; i++) {
      if (!slot_take(scr, &scr->ts, VK_QUERY_TYPE_TIMESTAMP, cmd, &q->ts[i])) {
         if (!scr->failed)
            MGU_DECLINE(backend_feature_unimplemented,
                        "more than %u timer query slots in flight, all held by active queries",
                        VKB_QUERY_POOLS_MAX * VKB_QUERY_POOL_SLOTS);
         for (uint32_t k = 0; k < i; k++)
            scr->ts.free[scr->ts.free_count++] = q->ts[k];
         return false;
      }
   }
   q->ts_count = n;
   return true;
}

/* Writes the GPU clock into a slot once every command recorded before has completed. */
static void
ts_write(struct vkb_screen *scr, uint32_t slot)
{
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (cmd)
      vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                          vkb_query_slot_pool(&scr->ts, slot), slot % VKB_QUERY_POOL_SLOTS);
}

static uint64_t
ticks_to_ns(const struct vkb_screen *scr, uint64_t ticks)
{
   if (scr->timestamp_bits < 64)
      ticks &= (1ull << scr->timestamp_bits) - 1;
   const double ns = (double)ticks * (double)scr->props.limits.timestampPeriod;
   return ns >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)ns; /* 2^64 */
}

/* Reads one slot of s (its batch completed). */
static bool
slot_read(struct vkb_screen *scr, const struct vkb_query_slots *s, uint32_t slot, uint64_t *v)
{
   VkResult r =
      vkGetQueryPoolResults(scr->dev, vkb_query_slot_pool(s, slot), slot % VKB_QUERY_POOL_SLOTS, 1,
                            sizeof(*v), v, sizeof(*v), VK_QUERY_RESULT_64_BIT);
   return vkb_check(scr, r, "vkGetQueryPoolResults");
}

static void
query_release_slots(struct vkb_screen *scr, struct vkb_query *q)
{
   if (vkb_prim_query_kind(q->target)) {
      vkb_prim_query_release_slots(scr, q);
      return;
   }
   if (vkb_stat_index(q->target) >= 0) {
      vkb_stat_query_release_slots(scr, q);
      return;
   }
   for (uint32_t i = 0; i < q->slot_count; i++)
      scr->occ.free[scr->occ.free_count++] = q->slots[i];
   q->slot_count = 0;
   for (uint32_t i = 0; i < q->ts_count; i++)
      scr->ts.free[scr->ts.free_count++] = q->ts[i];
   q->ts_count = 0;
}

/* The timer result of q's slots; false after a fatal. */
static bool
timer_collect(struct vkb_screen *scr, struct vkb_query *q, uint64_t *out)
{
   uint64_t t[2] = {0, 0};
   for (uint32_t i = 0; i < q->ts_count; i++)
      if (!slot_read(scr, &scr->ts, q->ts[i], &t[i]))
         return false;
   if (q->target == MGP_QUERY_KIND_TIMESTAMP) {
      *out = q->ts_count ? ticks_to_ns(scr, t[0]) : 0;
      return true;
   }
   /* Elapsed ticks modulo the counter width: right across one wrap of the counter. */
   *out = q->ts_count == 2 ? ticks_to_ns(scr, t[1] - t[0]) : 0;
   return true;
}

/* Reads and sums the slots of a query whose batch completed; frees the slots. */
static void
query_collect(struct vkb_screen *scr, struct vkb_query *q)
{
   uint64_t sum = q->folded; /* slots read back while the query ran */
   if (is_timer(q->target) && !timer_collect(scr, q, &sum))
      return;
   for (uint32_t i = 0; i < q->slot_count; i++) {
      uint64_t v = 0;
      if (vkb_prim_query_kind(q->target)) {
         if (!vkb_prim_query_read(scr, q, q->slots[i], &v))
            return;
         sum += v;
         continue;
      }
      if (vkb_stat_index(q->target) >= 0) {
         if (!vkb_stat_query_read(scr, q, q->slots[i], &v))
            return;
         sum += v;
         continue;
      }
      if (!slot_read(scr, &scr->occ, q->slots[i], &v))
         return;
      sum += v;
   }
   query_release_slots(scr, q);
   q->value = q->target == MGP_QUERY_KIND_ANY_SAMPLES_PASSED ||
                    q->target == MGP_QUERY_KIND_ANY_SAMPLES_PASSED_CONSERVATIVE ||
                    vkb_prim_overflow_kind(q->target)
                 ? (sum != 0)
                 : sum;
   q->announced = true;
   scr->queries_pending--;
   struct mgp_event ev = {.kind = MGP_EVENT_QUERY_RESULT,
                          .slot = q->base.h.slot,
                          .gen = q->base.h.gen,
                          .value = q->value};
   if (scr->env.event)
      scr->env.event(scr->env.session, &ev);
}

void
vkb_queries_announce(struct vkb_screen *scr)
{
   for (uint32_t i = 0; i < scr->queries.cap && scr->queries_pending; i++) {
      struct vkb_query *q = (struct vkb_query *)scr->queries.slots[i];
      if (q && q->ended && !q->announced && q->end_serial <= scr->completed_serial)
         query_collect(scr, q);
   }
}

void
vkb_query_scope_prepare(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_query *q = ctx->occ_active;
   ctx->occ_slot_open = false;
   vkb_stat_scope_prepare(ctx);
   if (!q || scr->failed || ctx->occ_suspended)
      return;
   if (!mgu_array_reserve(q->slots, q->slot_cap, (uint64_t)q->slot_count + 1)) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "occlusion query slots");
      return;
   }
   VkCommandBuffer cmd = vkb_cmd(scr);
   uint32_t slot;
   if (!cmd || !slot_take(scr, &scr->occ, VK_QUERY_TYPE_OCCLUSION, cmd, &slot)) {
      /* only where the scope's opener did not run vkb_query_pressure_point first */
      if (!scr->failed)
         MGU_DECLINE(backend_feature_unimplemented, "more than %u occlusion query scopes in flight",
                     VKB_QUERY_POOLS_MAX * VKB_QUERY_POOL_SLOTS);
      return;
   }
   q->slots[q->slot_count++] = slot;
   ctx->occ_slot = slot;
   ctx->occ_slot_open = true;
}

void
vkb_query_scope_begin(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   vkb_stat_scope_begin(ctx);
   if (!ctx->occ_slot_open || !scr->cur)
      return;
   vkCmdBeginQuery(scr->cur->cmd, vkb_query_slot_pool(&scr->occ, ctx->occ_slot),
                   ctx->occ_slot % VKB_QUERY_POOL_SLOTS, VK_QUERY_CONTROL_PRECISE_BIT);
}

void
vkb_query_scope_end(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   vkb_stat_scope_end(ctx);
   if (!ctx->occ_slot_open)
      return;
   ctx->occ_slot_open = false;
   if (scr->cur && scr->cur->recording)
      vkCmdEndQuery(scr->cur->cmd, vkb_query_slot_pool(&scr->occ, ctx->occ_slot),
                    ctx->occ_slot % VKB_QUERY_POOL_SLOTS);
}

/* Reads the slots of completed batches of active occlusion queries back into their folded
 * sums and frees them (an ended query's slots free when its result is read, vkb_retire). */
static void
occ_fold(struct vkb_screen *scr)
{
   for (uint32_t i = 0; i < scr->queries.cap && !scr->failed; i++) {
      struct vkb_query *q = (struct vkb_query *)scr->queries.slots[i];
      if (!q || !q->active || !is_occlusion(q->target))
         continue;
      uint32_t kept = 0;
      for (uint32_t k = 0; k < q->slot_count; k++) {
         const uint32_t slot = q->slots[k];
         uint64_t v = 0;
         if (scr->failed || scr->occ.serial[slot] > scr->completed_serial ||
             !slot_read(scr, &scr->occ, slot, &v)) {
            q->slots[kept++] = slot;
            continue;
         }
         q->folded += v;
         scr->occ.free[scr->occ.free_count++] = slot;
         scr->stats.query_slot_folds++;
      }
      q->slot_count = kept;
   }
}

/* The oldest batch holding an occlusion slot; 0 when none does. A query's slots are in the
 * order it took them, so its first is its oldest. */
static uint64_t
occ_oldest_serial(const struct vkb_screen *scr)
{
   uint64_t oldest = 0;
   for (uint32_t i = 0; i < scr->queries.cap; i++) {
      const struct vkb_query *q = (const struct vkb_query *)scr->queries.slots[i];
      if (!q || !is_occlusion(q->target) || !q->slot_count)
         continue;
      const uint64_t serial = scr->occ.serial[q->slots[0]];
      if (!oldest || serial < oldest)
         oldest = serial;
   }
   return oldest;
}

void
vkb_query_pressure_point(struct vkb_screen *scr)
{
   vkb_stat_pressure_point(scr);
   /* with a pool left to chain, a scope takes a slot of it instead */
   if (scr->occ.pool_count >= VKB_QUERY_POOLS_MAX)
      vkb_query_slots_room(scr, &(struct vkb_query_room){
                                   .what = "occlusion",
                                   .held = VKB_QUERY_POOLS_MAX * VKB_QUERY_POOL_SLOTS,
                                   .free_count = &scr->occ.free_count,
                                   .want = OCC_LOW_WATER,
                                   .fold = occ_fold,
                                   .oldest = occ_oldest_serial,
                                   .waits = &scr->stats.query_slot_waits,
                                });
   vkb_prim_pressure_point(scr);
}

void
vkb_queries_finish(struct vkb_screen *scr)
{
   for (uint32_t i = 0; i < scr->queries.cap; i++) {
      struct vkb_query *q = (struct vkb_query *)scr->queries.slots[i];
      if (q)
         free(q->slots);
      free(q);
      scr->queries.slots[i] = NULL;
   }
   slots_finish(scr, &scr->occ);
   slots_finish(scr, &scr->ts);
   vkb_stat_queries_finish(scr);
   vkb_cond_sum_finish(scr);
   vkb_grid_check_finish(scr);
   vkb_draw_clamp_finish(scr);
   if (scr->pred_buf)
      vkDestroyBuffer(scr->dev, scr->pred_buf, NULL);
   if (scr->pred_mem)
      vkFreeMemory(scr->dev, scr->pred_mem, NULL);
   scr->pred_buf = VK_NULL_HANDLE;
   scr->pred_mem = VK_NULL_HANDLE;
}

void
vkb_query_create(void *self, const struct mgp_query_desc *args, const void *tail,
                 uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed)
      return;
   const bool prim = vkb_prim_query_kind(args->kind) || vkb_stat_index(args->kind) >= 0;
   if (is_timer(args->kind) && !scr->timestamp_bits) {
      /* A client that did not look at the caps; its queries never get a result event. */
      MGU_DECLINE(timer_query_no_timestamps, "query_create 0x%x", args->kind);
      return;
   }
   /* the conservative any-samples query is answered exactly, as GL allows */
   if (!prim && !is_occlusion(args->kind) && !is_timer(args->kind)) {
      MGU_DECLINE(backend_feature_unimplemented, "query target 0x%x", args->kind);
      return;
   }
   struct vkb_query *q = calloc(1, sizeof(*q));
   if (!q) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "query_create");
      return;
   }
   q->base.h = args->query;
   q->target = args->kind;
   if (prim && !(vkb_stat_index(q->target) >= 0 ? vkb_stat_query_create(scr, q)
                                                : vkb_prim_query_create(scr, q))) {
      free(q);
      return;
   }
   if (!vkb_table_put(scr, &scr->queries, &q->base, "query_create"))
      free(q);
}

static void
write_result(const struct mgp_span *out, uint64_t available, uint64_t value)
{
   uint64_t r[2] = {available, value};
   if (out->ptr && out->size >= sizeof(r))
      memcpy(out->ptr, r, sizeof(r));
}

void
vkb_query_result(void *self, const struct mgp_query_result *args, const void *tail,
                 uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed) {
      write_result(&args->out, 0, 0);
      return;
   }
   struct vkb_query *q = vkb_lookup(scr, &scr->queries, args->query, "query_result");
   if (!q || !q->ended) {
      write_result(&args->out, 0, 0);
      return;
   }
   if (!q->announced) {
      if (args->flags & MGP_QUERY_WAIT) {
         vkb_wait_serial(scr, q->end_serial, UINT64_MAX, true);
      } else {
         /* GL 3.3 §6.1.12: querying a query object's state forces it to complete in finite
          * time, so an app may poll GL_QUERY_RESULT_AVAILABLE without a flush: the batch
          * that ends it is submitted now if it is still being recorded */
         if (scr->cur && q->end_serial >= scr->cur->serial)
            vkb_submit(scr);
         vkb_retire(scr);
      }
   }
   write_result(&args->out, q->announced, q->value);
}

void
vkb_query_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                  uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed)
      return;
   struct vkb_query *q = vkb_lookup(scr, &scr->queries, args->h, "query_destroy");
   if (!q)
      return;
   if (q->active) {
      /* GL 3.3 §2.14: an active query's name is unused at once and its object lives until it
       * is no longer active; nothing can end it by name any more, so it ends here, as Mesa
       * does. mgl's client ends it first itself; this serves a client that does not. */
      for (uint32_t i = 0; i < scr->contexts.cap && q->active; i++) {
         struct vkb_context *c = (struct vkb_context *)scr->contexts.slots[i];
         if (c)
            vkb_context_end_queries(c, q);
      }
      if (q->active) { /* active on no context (cannot happen): nothing was recorded */
         q->active = false;
         query_release_slots(scr, q);
      }
   }
   /* Slots of a batch still in flight are written by the GPU: wait for it first. */
   if (q->ended && !q->announced) {
      vkb_wait_serial(scr, q->end_serial, UINT64_MAX, true);
      if (!q->announced) /* device lost: the slots are not read back */
         scr->queries_pending--;
   }
   query_release_slots(scr, q);
   vkb_table_remove(&scr->queries, &q->base);
   free(q->slots);
   free(q);
}

/* Makes an ended query ready for its next run; false when its last run's slots are lost
 * (device lost). */
static bool
query_rearm(struct vkb_screen *scr, struct vkb_query *q)
{
   if (q->ended && !q->announced) { /* restarted before its last result was read */
      vkb_wait_serial(scr, q->end_serial, UINT64_MAX, true);
      if (!q->announced)
         return false;
   }
   query_release_slots(scr, q);
   q->ended = q->announced = false;
   q->value = q->folded = 0;
   return true;
}

static void
query_mark_ended(struct vkb_screen *scr, struct vkb_query *q)
{
   q->active = false;
   q->ended = true;
   q->end_serial = vkb_current_serial(scr);
   scr->queries_pending++;
}

void
vkb_begin_query(void *self, const struct mgp_query_desc *args, const void *tail,
                uint32_t tail_count)
{
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   (void)tail, (void)tail_count;
   if (scr->failed)
      return;
   struct vkb_query *q = vkb_lookup(scr, &scr->queries, args->query, "begin_query");
   if (!q)
      return;
   if (q->active) {
      /* The client raises GL_INVALID_OPERATION and never begins an active query again: a
       * second begin (another stream, another context) would leave a context pointing at the
       * query after an end elsewhere, and query_destroy would free it under that pointer. */
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, "begin_query: an already active query");
      return;
   }
   if (vkb_prim_query_kind(q->target)) {
      vkb_prim_begin_query(ctx, q, args->index);
      return;
   }
   if (vkb_stat_index(q->target) >= 0) {
      vkb_stat_begin_query(ctx, q);
      return;
   }
   if (q->target == MGP_QUERY_KIND_TIME_ELAPSED) {
      if (ctx->time_active) {
         MGU_DECLINE(backend_feature_unimplemented, "two GL_TIME_ELAPSED queries active at once");
         return;
      }
      if (!query_rearm(scr, q))
         return;
      /* Without slots (declined above) the query still runs and ends, and reads 0. */
      if (ts_take(scr, q, 2))
         ts_write(scr, q->ts[0]);
      q->active = true;
      ctx->time_active = q;
      return;
   }
   if (q->target == MGP_QUERY_KIND_TIMESTAMP) {
      MGU_DECLINE(backend_feature_unimplemented, "begin_query of a GL_TIMESTAMP query");
      return;
   }
   /* GL 3.3 §2.14: the two occlusion targets share one active query, so the client raises
    * GL_INVALID_OPERATION before a second begin could reach here. */
   if (ctx->occ_active) {
      MGU_DECLINE(backend_feature_unimplemented, "two occlusion queries active at once");
      return;
   }
   if (!query_rearm(scr, q))
      return;
   q->active = true;
   ctx->occ_active = q;
   /* The next draw opens a scope, and with it the query's first slot. */
   if (scr->rendering_ctx == ctx)
      vkb_end_rendering(scr);
}

static bool
is_active_here(const struct vkb_query *q, const struct mgp_query_desc *args)
{
   return q && q->base.h.slot == args->query.slot && q->base.h.gen == args->query.gen;
}

/* Ends an active query; for a GL_TIMESTAMP query (glQueryCounter) writes its one slot. */
void
vkb_end_query(void *self, const struct mgp_query_desc *args, const void *tail, uint32_t tail_count)
{
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   (void)tail, (void)tail_count;
   if (scr->failed)
      return;
   if (vkb_prim_query_kind(args->kind)) {
      vkb_prim_end_query(ctx, args->query, args->kind, args->index);
      return;
   }
   if (vkb_stat_index(args->kind) >= 0) {
      vkb_stat_end_query(ctx, args->query, args->kind);
      return;
   }
   if (args->kind == MGP_QUERY_KIND_TIMESTAMP) {
      struct vkb_query *q = vkb_lookup(scr, &scr->queries, args->query, "end_query");
      if (!q)
         return;
      if (q->target != MGP_QUERY_KIND_TIMESTAMP) {
         MGU_DECLINE(backend_feature_unimplemented, "a query counter on a 0x%x query", q->target);
         return;
      }
      if (!query_rearm(scr, q))
         return;
      if (ts_take(scr, q, 1))
         ts_write(scr, q->ts[0]);
      query_mark_ended(scr, q); /* without a slot (declined) it reads 0 */
      return;
   }
   if (args->kind == MGP_QUERY_KIND_TIME_ELAPSED) {
      struct vkb_query *q = ctx->time_active;
      if (!is_active_here(q, args)) {
         MGU_DECLINE(backend_feature_unimplemented, "end_query of a query not active here");
         return;
      }
      if (q->ts_count == 2)
         ts_write(scr, q->ts[1]);
      ctx->time_active = NULL;
      query_mark_ended(scr, q);
      return;
   }
   struct vkb_query *q = ctx->occ_active;
   if (!is_active_here(q, args)) {
      MGU_DECLINE(backend_feature_unimplemented, "end_query of a query not active here");
      return;
   }
   if (scr->rendering_ctx == ctx)
      vkb_end_rendering(scr); /* closes its last slot */
   ctx->occ_active = NULL;
   query_mark_ended(scr, q);
}

void
vkb_context_end_queries(struct vkb_context *ctx, const struct vkb_query *only)
{
   enum { PRIMS = 4 * VKB_MAX_STREAMS };
   struct vkb_query *a[2 + PRIMS + VKB_STAT_KINDS] = {ctx->occ_active, ctx->time_active};
   /* an any-stream overflow query is in every stream's entry of its kind: ended once */
   for (int k = 0; k < PRIMS; k++)
      if (k / VKB_MAX_STREAMS < 3 || k % VKB_MAX_STREAMS == 0)
         a[2 + k] = ctx->prim_active[k / VKB_MAX_STREAMS][k % VKB_MAX_STREAMS];
   for (int k = 0; k < VKB_STAT_KINDS; k++)
      a[2 + PRIMS + k] = ctx->stat_active[k];
   for (int i = 0; i < 2 + PRIMS + VKB_STAT_KINDS; i++) {
      if (!a[i] || (only && a[i] != only))
         continue;
      if (vkb_prim_query_kind(a[i]->target))
         vkb_prim_end_query(ctx, a[i]->base.h, a[i]->target, a[i]->stream);
      else
         vkb_end_query(ctx, &(struct mgp_query_desc){.query = a[i]->base.h, .kind = a[i]->target},
                       NULL, 0);
   }
}

/* glGet GL_TIMESTAMP: a timestamp written after everything recorded so far, submitted and
 * waited for (the client counts the round trip). */
void
vkb_get_timestamp(void *self, const struct mgp_get_timestamp *args, const void *tail,
                  uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   uint64_t ns = 0;
   if (!scr->failed && scr->timestamp_bits) {
      struct vkb_query q = {0};
      if (ts_take(scr, &q, 1)) {
         ts_write(scr, q.ts[0]);
         uint64_t serial = vkb_submit(scr);
         if (serial && vkb_wait_serial(scr, serial, UINT64_MAX, true) == VK_SUCCESS) {
            q.target = MGP_QUERY_KIND_TIMESTAMP;
            timer_collect(scr, &q, &ns);
         }
         query_release_slots(scr, &q);
      }
   } else if (!scr->failed) {
      MGU_DECLINE(timer_query_no_timestamps, "get_timestamp");
   }
   if (args->out.ptr && args->out.size >= sizeof(ns))
      memcpy(args->out.ptr, &ns, sizeof(ns));
}

/* ---- conditional rendering (GL 3.3 §2.18) ------------------------------------------------- */

static bool
pred_ready(struct vkb_screen *scr)
{
   if (scr->pred_buf)
      return true;
   VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = (VKB_PRED_WORDS + VKB_PRED_SCRATCH) * 4,
      .usage = VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
   };
   if (!vkb_check(scr, vkCreateBuffer(scr->dev, &bci, NULL, &scr->pred_buf), "predicate buffer"))
      return false;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(scr->dev, scr->pred_buf, &req);
   int32_t type = vkb_find_memory(scr, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0);
   if (type < 0)
      type = vkb_find_memory(scr, req.memoryTypeBits, 0, 0);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = type < 0 ? 0 : (uint32_t)type};
   if (type < 0) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "no memory type for the predicate buffer");
      return false;
   }
   return vkb_check(scr, vkAllocateMemory(scr->dev, &mai, NULL, &scr->pred_mem),
                    "predicate memory") &&
          vkb_check(scr, vkBindBufferMemory(scr->dev, scr->pred_buf, scr->pred_mem, 0),
                    "predicate bind");
}

/* Records the predicate word of q's slots: their result when it is available (WAIT modes: the
 * GPU waits for it), else 1 (NO_WAIT modes: render; 0 in an inverted mode, whose predicate
 * renders on 0); several slots are ORed by a compute step
 * (vkb_cond_sum.c). Outside any rendering scope. */
static bool
pred_record(struct vkb_context *ctx, const struct vkb_query *q, bool wait)
{
   struct vkb_screen *scr = ctx->scr;
   if (!pred_ready(scr))
      return false;
   const uint32_t w = scr->pred_next;
   scr->pred_next = (w + 1) % VKB_PRED_WORDS;
   if (scr->pred_serial[w] > scr->completed_serial) /* still read by a batch in flight */
      vkb_wait_serial(scr, scr->pred_serial[w], UINT64_MAX, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return false;
   const VkDeviceSize off = (VkDeviceSize)w * 4;
   if (q->slot_count > 1) {
      if (!vkb_cond_sum_record(scr, cmd, q, wait, ctx->cond_inverted, off))
         return false;
      scr->pred_serial[w] = vkb_current_serial(scr);
      ctx->cond_pred = true;
      ctx->cond_pred_offset = off;
      scr->stats.cond_predicates++;
      return true;
   }
   VkBufferMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .buffer = scr->pred_buf,
      .offset = off,
      .size = 4,
   };
   /* a result not back: NO_WAIT renders (an inverted mode's predicate 0) */
   vkCmdFillBuffer(cmd, scr->pred_buf, off, 4, wait || ctx->cond_inverted ? 0 : 1);
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                        NULL, 1, &b, 0, NULL);
   /* 32-bit: a count of 2^32 samples would read as 0; nothing GL draws reaches it here. */
   vkCmdCopyQueryPoolResults(cmd, vkb_query_slot_pool(&scr->occ, q->slots[0]),
                             q->slots[0] % VKB_QUERY_POOL_SLOTS, 1, scr->pred_buf, off, 4,
                             wait ? VK_QUERY_RESULT_WAIT_BIT : 0);
   b.dstAccessMask = VK_ACCESS_CONDITIONAL_RENDERING_READ_BIT_EXT;
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_PIPELINE_STAGE_CONDITIONAL_RENDERING_BIT_EXT, 0, 0, NULL, 1, &b, 0,
                        NULL);
   scr->pred_serial[w] = vkb_current_serial(scr);
   ctx->cond_pred = true;
   ctx->cond_pred_offset = off;
   scr->stats.cond_predicates++;
   return true;
}

void
vkb_cond_scope_begin(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   if (!ctx->cond_pred || scr->pred_open || scr->rendering_ctx != ctx)
      return;
   VkCommandBuffer cmd = vkb_cmd(scr); /* records the draws queued before: not predicated */
   if (!cmd)
      return;
   scr->begin_cond(cmd,
                   &(VkConditionalRenderingBeginInfoEXT){
                      .sType = VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT,
                      .buffer = scr->pred_buf,
                      .offset = ctx->cond_pred_offset,
                      .flags = ctx->cond_inverted ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0});
   scr->pred_open = true;
}

void
vkb_cond_scope_end(struct vkb_screen *scr)
{
   if (!scr->pred_open)
      return;
   vkb_flush_draws(scr);
   scr->pred_open = false;
   if (scr->cur && scr->cur->recording)
      scr->end_cond(scr->cur->cmd);
}

/* Conditional rendering decided when it begins: from the query's result when the server has
 * it (draws, clears and blits check cond_discard), else on the GPU from a predicate word
 * (VK_EXT_conditional_rendering; several slots are summed on the GPU too), else by waiting for the result (WAIT
 * modes, a named decline) or rendering (NO_WAIT modes, as the spec allows). The predicate is
 * active only inside rendering scopes, which hold only draws and clears; a blit under it
 * decides on the server (vkb_blit_conditional). Copies are never conditional. */
void
vkb_begin_conditional_render(void *self, const struct mgp_query_desc *args, const void *tail,
                             uint32_t tail_count)
{
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   (void)tail, (void)tail_count;
   ctx->cond_discard = ctx->cond_pred = false;
   ctx->cond_query = args->query;
   ctx->cond_wait = args->mode == MGP_COND_RENDER_MODE_WAIT ||
                    args->mode == MGP_COND_RENDER_MODE_BY_REGION_WAIT ||
                    args->mode == MGP_COND_RENDER_MODE_WAIT_INVERTED ||
                    args->mode == MGP_COND_RENDER_MODE_BY_REGION_WAIT_INVERTED;
   ctx->cond_inverted = args->mode >= MGP_COND_RENDER_MODE_WAIT_INVERTED;
   if (scr->failed)
      return;
   struct vkb_query *q = vkb_lookup(scr, &scr->queries, args->query, "begin_conditional_render");
   if (!q)
      return;
   if (!q->ended || q->active || is_timer(q->target)) {
      MGU_DECLINE(backend_feature_unimplemented, "conditional rendering on a query not ended");
      return;
   }
   vkb_end_rendering(scr); /* draws before the begin are not conditional */
   vkb_retire(scr);
   if (!q->announced && q->folded) {
      /* slots read back while it ran counted samples: its result is nonzero, whatever the
       * slots still in flight count */
      ctx->cond_discard = ctx->cond_inverted;
      return;
   }
   const bool wait = ctx->cond_wait;
   /* the GPU predicate copies occlusion slots; an overflow query's slots are compared on the
    * server (the wait below) */
   if (!q->announced && q->slot_count && scr->has_cond_render && !vkb_prim_query_kind(q->target) &&
       pred_record(ctx, q, wait))
      return;
   if (!q->announced && q->slot_count && wait) {
      /* No GPU predicate (no VK_EXT_conditional_rendering, or several slots and no compute
       * step): wait for the result here. */
      MGU_DECLINE(cond_render_server_wait, "query %u over %u rendering scopes", args->query.slot,
                  q->slot_count);
      vkb_wait_serial(scr, q->end_serial, UINT64_MAX, true);
   }
   /* A query that never reached a rendering scope counted nothing; an inverted mode renders
    * where the others discard (and, its result not back, renders too) */
   if (ctx->cond_inverted)
      ctx->cond_discard = q->announced && q->value != 0;
   else
      ctx->cond_discard = q->announced ? q->value == 0 : !q->slot_count;
}

void
vkb_end_conditional_render(void *self, const struct mgp_u32_args *args, const void *tail,
                           uint32_t tail_count)
{
   struct vkb_context *ctx = self;
   (void)args, (void)tail, (void)tail_count;
   if (ctx->scr->rendering_ctx == ctx)
      vkb_cond_scope_end(ctx->scr);
   ctx->cond_discard = ctx->cond_pred = false;
}

/* GL 3.3 §2.18 names draws and clears; GL 4.4 added glBlitFramebuffer to the commands
 * conditional rendering discards (§10.10, Khronos bug 9562), which Mesa does too; the blits
 * of glCopyTex*Image (conditional 0) stay unconditional. A blit is
 * a copy, not a draw, so no GPU predicate covers it: on a predicate whose result is not back,
 * the WAIT modes wait for it here (a named decline) and the NO_WAIT modes blit, as the spec
 * allows when the result is not available. */
void
vkb_blit_conditional(void *self, const struct mgp_blit *args, const void *tail, uint32_t tail_count)
{
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   if (args->conditional && ctx->cond_discard)
      return;
   if (args->conditional && ctx->cond_pred) {
      struct vkb_query *q = (struct vkb_query *)vkb_table_peek(&scr->queries, ctx->cond_query);
      if (q && !q->announced && ctx->cond_wait) {
         MGU_DECLINE(cond_blit_server_wait, "query %u", ctx->cond_query.slot);
         vkb_wait_serial(scr, q->end_serial, UINT64_MAX, true);
      }
      if (q && q->announced && (q->value == 0) != ctx->cond_inverted)
         return;
   }
   vkb_blit(self, args, tail, tail_count);
}
