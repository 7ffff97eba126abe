/* vkb_query.c — GL occlusion queries (GL_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED) on one
 * VkQueryPool. A Vulkan query begun inside a rendering scope must end inside it, and the
 * backend ends and resumes scopes (buffer updates, transfers, submissions), so a GL query takes
 * one Vulkan slot per scope it spans and its result is their sum. The sum is read when the
 * batch holding its end completed and sent to the client as a "query result" event. */
#include <GL/glcorearb.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vkb.h"

#define OCC_POOL_SLOTS 1024u

static bool
pool_ready(struct vkb_screen *scr)
{
   if (scr->occ_pool)
      return true;
   VkQueryPoolCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = VK_QUERY_TYPE_OCCLUSION,
      .queryCount = OCC_POOL_SLOTS,
   };
   scr->occ_free = malloc(OCC_POOL_SLOTS * sizeof(uint32_t));
   if (!scr->occ_free) {
      vkb_fatal(scr, MGL_FATAL_OutOfMemory, "occlusion query pool");
      return false;
   }
   if (!vkb_check(scr, vkCreateQueryPool(scr->dev, &ci, NULL, &scr->occ_pool),
                  "vkCreateQueryPool"))
      return false;
   for (uint32_t i = 0; i < OCC_POOL_SLOTS; i++)
      scr->occ_free[i] = OCC_POOL_SLOTS - 1 - i;
   scr->occ_free_count = OCC_POOL_SLOTS;
   return true;
}

static void
query_release_slots(struct vkb_screen *scr, struct vkb_query *q)
{
   if (vkb_prim_query_kind(q->target)) {
      vkb_prim_query_release_slots(scr, q);
      return;
   }
   for (uint32_t i = 0; i < q->slot_count; i++)
      scr->occ_free[scr->occ_free_count++] = q->slots[i];
   q->slot_count = 0;
}

/* Reads and sums the slots of a query whose batch completed; frees the slots. */
static void
query_collect(struct vkb_screen *scr, struct vkb_query *q)
{
   uint64_t sum = 0;
   for (uint32_t i = 0; i < q->slot_count; i++) {
      uint64_t v = 0;
      if (vkb_prim_query_kind(q->target)) {
         if (!vkb_prim_query_read(scr, q, q->slots[i], &v))
            return;
         sum += v;
         continue;
      }
      VkResult r = vkGetQueryPoolResults(scr->dev, scr->occ_pool, q->slots[i], 1, sizeof(v), &v,
                                         sizeof(v), VK_QUERY_RESULT_64_BIT);
      if (!vkb_check(scr, r, "vkGetQueryPoolResults"))
         return;
      sum += v;
   }
   query_release_slots(scr, q);
   q->value = q->target == GL_ANY_SAMPLES_PASSED ? (sum != 0) : sum;
   q->announced = true;
   scr->queries_pending--;
   struct mgp_event ev = {.kind = MGP_EVENT_QUERY_RESULT, .slot = q->base.h.slot,
                          .gen = q->base.h.gen, .value = q->value};
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
   if (!q || scr->failed)
      return;
   if (!scr->occ_free_count) {
      MGL_DECLINE(backend_feature_unimplemented, "more than %u occlusion query scopes in flight",
                  OCC_POOL_SLOTS);
      return;
   }
   if (q->slot_count == q->slot_cap) {
      uint32_t cap = q->slot_cap ? q->slot_cap * 2 : 4;
      uint32_t *t = realloc(q->slots, cap * sizeof(*t));
      if (!t) {
         vkb_fatal(scr, MGL_FATAL_OutOfMemory, "occlusion query slots");
         return;
      }
      q->slots = t;
      q->slot_cap = cap;
   }
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   uint32_t slot = scr->occ_free[--scr->occ_free_count];
   q->slots[q->slot_count++] = slot;
   vkCmdResetQueryPool(cmd, scr->occ_pool, slot, 1);
   ctx->occ_slot = slot;
   ctx->occ_slot_open = true;
}

void
vkb_query_scope_begin(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   if (!ctx->occ_slot_open || !scr->cur)
      return;
   vkCmdBeginQuery(scr->cur->cmd, scr->occ_pool, ctx->occ_slot, VK_QUERY_CONTROL_PRECISE_BIT);
}

void
vkb_query_scope_end(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   if (!ctx->occ_slot_open)
      return;
   ctx->occ_slot_open = false;
   if (scr->cur && scr->cur->recording)
      vkCmdEndQuery(scr->cur->cmd, scr->occ_pool, ctx->occ_slot);
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
   if (scr->occ_pool)
      vkDestroyQueryPool(scr->dev, scr->occ_pool, NULL);
   scr->occ_pool = VK_NULL_HANDLE;
   free(scr->occ_free);
   scr->occ_free = NULL;
}

VKB_CALL(query_create, mgp_query_desc)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed)
      return;
   const bool prim = vkb_prim_query_kind(args->kind);
   if (!prim && args->kind != GL_SAMPLES_PASSED && args->kind != GL_ANY_SAMPLES_PASSED) {
      MGL_DECLINE(backend_feature_unimplemented, "query target 0x%x", args->kind);
      return;
   }
   if (!prim && !pool_ready(scr))
      return;
   struct vkb_query *q = calloc(1, sizeof(*q));
   if (!q) {
      vkb_fatal(scr, MGL_FATAL_OutOfMemory, "query_create");
      return;
   }
   q->base.h = args->query;
   q->target = args->kind;
   if (prim && !vkb_prim_query_create(scr, q)) {
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

VKB_CALL(query_result, mgp_query_result)
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
      if (args->flags & MGP_QUERY_WAIT)
         vkb_wait_serial(scr, q->end_serial, UINT64_MAX, true);
      else
         vkb_retire(scr);
   }
   write_result(&args->out, q->announced, q->value);
}

VKB_CALL(query_destroy, mgp_handle_args)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed)
      return;
   struct vkb_query *q = vkb_lookup(scr, &scr->queries, args->h, "query_destroy");
   if (!q)
      return;
   if (q->active) {
      /* The client ends a query before deleting it (glDeleteQueries of an active query). */
      MGL_DECLINE(backend_feature_unimplemented, "query_destroy of an active query");
      return;
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

VKB_CALL(begin_query, mgp_query_desc)
{
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   (void)tail, (void)tail_count;
   if (scr->failed)
      return;
   struct vkb_query *q = vkb_lookup(scr, &scr->queries, args->query, "begin_query");
   if (!q)
      return;
   if (vkb_prim_query_kind(q->target)) {
      vkb_prim_begin_query(ctx, q);
      return;
   }
   if (ctx->occ_active) {
      MGL_DECLINE(backend_feature_unimplemented, "two occlusion queries active at once");
      return;
   }
   if (q->ended && !q->announced) { /* restarted before its last result was read */
      vkb_wait_serial(scr, q->end_serial, UINT64_MAX, true);
      if (!q->announced)
         return;
   }
   query_release_slots(scr, q);
   q->active = true;
   q->ended = q->announced = false;
   q->value = 0;
   ctx->occ_active = q;
   /* The next draw opens a scope, and with it the query's first slot. */
   if (scr->rendering_ctx == ctx)
      vkb_end_rendering(scr);
}

VKB_CALL(end_query, mgp_query_desc)
{
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   (void)tail, (void)tail_count;
   if (scr->failed)
      return;
   if (vkb_prim_query_kind(args->kind)) {
      vkb_prim_end_query(ctx, args->query, args->kind);
      return;
   }
   struct vkb_query *q = ctx->occ_active;
   if (!q || q->base.h.slot != args->query.slot || q->base.h.gen != args->query.gen) {
      MGL_DECLINE(backend_feature_unimplemented, "end_query of a query not active here");
      return;
   }
   if (scr->rendering_ctx == ctx)
      vkb_end_rendering(scr); /* closes its last slot */
   ctx->occ_active = NULL;
   q->active = false;
   q->ended = true;
   q->end_serial = vkb_current_serial(scr);
   scr->queries_pending++;
}
