/* vkb_pstats.c — GL_ARB_pipeline_statistics_query's 11 kinds on one
 * VK_QUERY_TYPE_PIPELINE_STATISTICS pool whose slots count every statistic. Vulkan lets only one
 * query of a type be active at a time in a command buffer, while GL lets each of the 11 targets
 * have its own: so, as occlusion queries (vkb_query.c) do, a rendering scope with any of them
 * active takes one slot, which every query active over it shares (stat_refs counts them), and a
 * query's result is the sum of its own statistic over its slots. A dispatch under an active
 * GL_COMPUTE_SHADER_INVOCATIONS_ARB query takes a slot of its own for that query. A query may
 * span any number of scopes and dispatches: before a draw or dispatch, with few slots free, the
 * slots of completed batches are read back into their queries' folded sums and freed, so the
 * pool stays at STAT_POOL_SLOTS however long a query runs (vkb_stat_pressure_point, through
 * vkb_query_pressure_point before anything that opens a scope). The kinds
 * follow VkQueryPipelineStatisticFlagBits' order, so vkb_stat_index is also the statistic's
 * place in a slot's result. */
#include <stdlib.h>

#include "array.h"
#include "log.h"
#include "vkb.h"

#define STAT_POOL_SLOTS 1024u
/* Free slots below which a draw or dispatch folds: more than the scopes one can open. */
#define STAT_LOW_WATER (STAT_POOL_SLOTS / 4u)
#define STAT_ALL_BITS ((1u << VKB_STAT_KINDS) - 1u) /* input assembly vertices .. compute */
#define STAT_COMPUTE VKB_STAT_COMPUTE
#define STAT_FRAGMENT                                                                              \
   (MGP_QUERY_KIND_FRAGMENT_SHADER_INVOCATIONS - MGP_QUERY_KIND_VERTICES_SUBMITTED)

_Static_assert(VK_QUERY_PIPELINE_STATISTIC_COMPUTE_SHADER_INVOCATIONS_BIT ==
                  1u << (VKB_STAT_KINDS - 1),
               "mgp_query_kind's statistics follow Vulkan's bit order");
_Static_assert(MGP_QUERY_KIND_COMPUTE_SHADER_INVOCATIONS - MGP_QUERY_KIND_VERTICES_SUBMITTED ==
                  VKB_STAT_KINDS - 1,
               "11 statistics");

int
vkb_stat_index(uint32_t kind)
{
   return kind >= MGP_QUERY_KIND_VERTICES_SUBMITTED &&
                kind <= MGP_QUERY_KIND_COMPUTE_SHADER_INVOCATIONS
             ? (int)(kind - MGP_QUERY_KIND_VERTICES_SUBMITTED)
             : -1;
}

bool
vkb_stat_query_create(struct vkb_screen *scr, struct vkb_query *q)
{
   (void)q;
   if (!scr->features.pipelineStatisticsQuery) {
      /* a client that did not look at the caps */
      MGU_DECLINE(backend_feature_unimplemented, "pipeline statistics query 0x%x", q->target);
      return false;
   }
   if (scr->stat_pool)
      return true;
   VkQueryPoolCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = VK_QUERY_TYPE_PIPELINE_STATISTICS,
      .queryCount = STAT_POOL_SLOTS,
      .pipelineStatistics = STAT_ALL_BITS,
   };
   scr->stat_free = malloc(STAT_POOL_SLOTS * sizeof(uint32_t));
   scr->stat_refs = calloc(STAT_POOL_SLOTS, sizeof(uint16_t));
   scr->stat_serial = calloc(STAT_POOL_SLOTS, sizeof(uint64_t));
   if (!scr->stat_free || !scr->stat_refs || !scr->stat_serial) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "pipeline statistics query pool");
      return false;
   }
   if (!vkb_check(scr, vkCreateQueryPool(scr->dev, &ci, NULL, &scr->stat_pool),
                  "vkCreateQueryPool"))
      return false;
   for (uint32_t i = 0; i < STAT_POOL_SLOTS; i++)
      scr->stat_free[i] = STAT_POOL_SLOTS - 1 - i;
   scr->stat_free_count = STAT_POOL_SLOTS;
   return true;
}

bool
vkb_stat_query_read(struct vkb_screen *scr, const struct vkb_query *q, uint32_t slot,
                    uint64_t *value)
{
   uint64_t v[VKB_STAT_KINDS] = {0};
   VkResult r = vkGetQueryPoolResults(scr->dev, scr->stat_pool, slot, 1, sizeof(v), v, sizeof(v),
                                      VK_QUERY_RESULT_64_BIT);
   *value = v[vkb_stat_index(q->target)];
   return vkb_check(scr, r, "vkGetQueryPoolResults");
}

static void
slot_unref(struct vkb_screen *scr, uint32_t slot)
{
   if (scr->stat_refs[slot] && !--scr->stat_refs[slot])
      scr->stat_free[scr->stat_free_count++] = slot;
}

void
vkb_stat_query_release_slots(struct vkb_screen *scr, struct vkb_query *q)
{
   for (uint32_t i = 0; i < q->slot_count; i++)
      slot_unref(scr, q->slots[i]);
   q->slot_count = 0;
}

/* Appends slot to q's; false (a fatal) without memory. */
static bool
slot_add(struct vkb_screen *scr, struct vkb_query *q, uint32_t slot)
{
   if (!mgu_array_reserve(q->slots, q->slot_cap, (uint64_t)q->slot_count + 1)) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "pipeline statistics query slots");
      return false;
   }
   q->slots[q->slot_count++] = slot;
   scr->stat_refs[slot]++;
   return true;
}

/* Takes a free slot and resets it (outside any rendering scope); false when none. */
static bool
slot_take(struct vkb_screen *scr, VkCommandBuffer cmd, uint32_t *slot)
{
   if (!scr->stat_free_count) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "more than %u pipeline statistics query scopes in flight", STAT_POOL_SLOTS);
      return false;
   }
   *slot = scr->stat_free[--scr->stat_free_count];
   scr->stat_refs[*slot] = 0;
   scr->stat_serial[*slot] = vkb_current_serial(scr);
   vkCmdResetQueryPool(cmd, scr->stat_pool, *slot, 1);
   return true;
}

bool
vkb_stat_any_active(const struct vkb_context *ctx)
{
   for (int k = 0; k < VKB_STAT_KINDS; k++)
      if (ctx->stat_active[k] && k != STAT_COMPUTE)
         return true;
   return false;
}

bool
vkb_stat_geometry_active(const struct vkb_context *ctx)
{
   for (int k = 0; k < VKB_STAT_KINDS; k++)
      if (ctx->stat_active[k] && k != STAT_COMPUTE && k != STAT_FRAGMENT)
         return true;
   return false;
}

/* Whether statistic k counts in the scope about to begin: a fragments-only draw's scope
 * (vkb_draw.c) counts only its fragments, though its slot counts everything. */
static inline bool
stat_counts(const struct vkb_context *ctx, int k)
{
   return ctx->stat_active[k] && k != STAT_COMPUTE && (!ctx->fragments_only || k == STAT_FRAGMENT);
}

void
vkb_stat_scope_prepare(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   ctx->stat_slot_open = false;
   if (scr->failed || ctx->occ_suspended || !vkb_stat_any_active(ctx))
      return;
   if (ctx->fragments_only && !stat_counts(ctx, STAT_FRAGMENT))
      return;
   VkCommandBuffer cmd = vkb_cmd(scr);
   uint32_t slot;
   if (!cmd || !slot_take(scr, cmd, &slot))
      return;
   for (int k = 0; k < VKB_STAT_KINDS; k++)
      if (stat_counts(ctx, k) && !slot_add(scr, ctx->stat_active[k], slot))
         return;
   ctx->stat_slot = slot;
   ctx->stat_slot_open = true;
}

void
vkb_stat_scope_begin(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   if (ctx->stat_slot_open && scr->cur)
      vkCmdBeginQuery(scr->cur->cmd, scr->stat_pool, ctx->stat_slot, 0);
}

void
vkb_stat_scope_end(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   if (!ctx->stat_slot_open)
      return;
   ctx->stat_slot_open = false;
   if (scr->cur && scr->cur->recording)
      vkCmdEndQuery(scr->cur->cmd, scr->stat_pool, ctx->stat_slot);
}

/* Around a dispatch (outside any rendering scope): a slot of an active compute query. */
bool
vkb_stat_dispatch_begin(struct vkb_context *ctx, VkCommandBuffer cmd, uint32_t *slot)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_query *q = ctx->stat_active[STAT_COMPUTE];
   if (!q || scr->failed || !slot_take(scr, cmd, slot))
      return false;
   if (!slot_add(scr, q, *slot))
      return false;
   vkCmdBeginQuery(cmd, scr->stat_pool, *slot, 0);
   return true;
}

void
vkb_stat_dispatch_end(struct vkb_context *ctx, VkCommandBuffer cmd, uint32_t slot)
{
   vkCmdEndQuery(cmd, ctx->scr->stat_pool, slot);
}

void
vkb_stat_begin_query(struct vkb_context *ctx, struct vkb_query *q)
{
   struct vkb_screen *scr = ctx->scr;
   const int k = vkb_stat_index(q->target);
   if (ctx->stat_active[k]) {
      MGU_DECLINE(backend_feature_unimplemented, "two 0x%x queries active at once", q->target);
      return;
   }
   if (q->ended && !q->announced) { /* restarted before its last result was read */
      vkb_wait_serial(scr, q->end_serial, UINT64_MAX, true);
      if (!q->announced)
         return; /* device lost: its slots are not read back */
   }
   vkb_stat_query_release_slots(scr, q);
   q->ended = q->announced = false;
   q->value = q->folded = 0;
   q->active = true;
   /* The next draw opens a scope, and with it a slot this query shares. */
   if (scr->rendering_ctx == ctx)
      vkb_end_rendering(scr);
   ctx->stat_active[k] = q;
}

void
vkb_stat_end_query(struct vkb_context *ctx, struct mgp_handle h, uint32_t kind)
{
   struct vkb_screen *scr = ctx->scr;
   const int k = vkb_stat_index(kind);
   struct vkb_query *q = ctx->stat_active[k];
   if (!q || q->base.h.slot != h.slot || q->base.h.gen != h.gen) {
      MGU_DECLINE(backend_feature_unimplemented, "end_query of a query not active here");
      return;
   }
   if (scr->rendering_ctx == ctx)
      vkb_end_rendering(scr); /* closes its last slot */
   ctx->stat_active[k] = NULL;
   q->active = false;
   q->ended = true;
   q->end_serial = vkb_current_serial(scr);
   scr->queries_pending++;
}

void
vkb_stat_queries_finish(struct vkb_screen *scr)
{
   if (scr->stat_pool)
      vkDestroyQueryPool(scr->dev, scr->stat_pool, NULL);
   scr->stat_pool = VK_NULL_HANDLE;
   free(scr->stat_free);
   scr->stat_free = NULL;
   free(scr->stat_refs);
   scr->stat_refs = NULL;
   free(scr->stat_serial);
   scr->stat_serial = NULL;
}

/* Reads the slots of completed batches back into their queries' folded sums and frees them;
 * a query keeps only its slots still in flight. */
static void
stat_fold(struct vkb_screen *scr)
{
   for (uint32_t i = 0; i < scr->queries.cap && !scr->failed; i++) {
      struct vkb_query *q = (struct vkb_query *)scr->queries.slots[i];
      if (!q || vkb_stat_index(q->target) < 0)
         continue;
      uint32_t kept = 0;
      for (uint32_t s = 0; s < q->slot_count; s++) {
         const uint32_t slot = q->slots[s];
         uint64_t v = 0;
         if (scr->failed || scr->stat_serial[slot] > scr->completed_serial ||
             !vkb_stat_query_read(scr, q, slot, &v)) {
            q->slots[kept++] = slot;
            continue;
         }
         q->folded += v;
         slot_unref(scr, slot);
      }
      q->slot_count = kept;
   }
   scr->stats.stat_slot_folds++;
}

/* The oldest batch holding a slot in use; 0 when none does. */
static uint64_t
stat_oldest_serial(const struct vkb_screen *scr)
{
   uint64_t oldest = 0;
   for (uint32_t s = 0; s < STAT_POOL_SLOTS; s++)
      if (scr->stat_refs[s] && (!oldest || scr->stat_serial[s] < oldest))
         oldest = scr->stat_serial[s];
   return oldest;
}

void
vkb_stat_pressure_point(struct vkb_screen *scr)
{
   /* one pool: its wait is how a query spans any number of scopes, not a decline */
   if (scr->stat_pool)
      vkb_query_slots_room(scr, &(struct vkb_query_room){
                                   .held = STAT_POOL_SLOTS,
                                   .free_count = &scr->stat_free_count,
                                   .want = STAT_LOW_WATER,
                                   .fold = stat_fold,
                                   .oldest = stat_oldest_serial,
                                   .waits = &scr->stats.stat_slot_waits,
                                });
}
