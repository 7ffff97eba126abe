/* glb_sync.c — what the client learns of the host's progress: fences, queries, flush and
 * present.
 *
 * Queries are host query objects: GL_TIME_ELAPSED and GL_TIMESTAMP through
 * EXT_disjoint_timer_query, GL_PRIMITIVES_GENERATED (ES 3.2) and
 * GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN (ES 3.0). GLES has no counting occlusion query, only
 * GL_ANY_SAMPLES_PASSED(_CONSERVATIVE), a boolean: both occlusion kinds are counted with it and
 * answer 1 or 0, and the caps say so (MGP_CAP_OCCLUSION_ANY, docs/PIPE.md "Occlusion queries").
 * Conditional rendering decides at its begin from the host's result: draws, clears and
 * conditional blits check glb_context.cond_discard.
 *
 * A result reaches the client as QUERY_RESULT once the host has it: each flush, fence and
 * present polls the ended queries (GL_QUERY_RESULT_AVAILABLE, no wait), and query_result with
 * MGP_QUERY_WAIT waits in the host driver.
 *
 * GLES pauses no query, and a draw GL does not count as drawn (a polygon mode's edges or
 * corners, a mode per face's second pass: glb_draw.c) must stay out of the primitive counts:
 * around it each active primitive query ends its host object (kept as a part of the result) and
 * begins a fresh one after (glb_primitives_pause/_resume). The result is the parts' sum.
 *
 * At process exit on monolith and inproc (no teardown comes), glb_screen_quiesce waits for what
 * the host context was given: the host driver's threads (llvmpipe's rasterizer, a GPU driver's
 * submission thread) must be idle while the process's libraries unload. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "glb.h"

struct glb_query {
   struct glb_obj base;
   uint16_t kind;
   GLuint name;  /* 0: a kind this host does not count */
   bool active;  /* begun, not ended */
   bool pending; /* ended, its result not told yet */
   bool ended;   /* ended at least once: the host object holds a result */
   bool paused;  /* active, its host object ended around a draw left out of the count */
   /* the host objects this begin ended at pauses (their results add to name's), and the sum
    * of those already read */
   GLuint *parts;
   uint32_t part_count, part_cap;
   uint64_t parts_sum;
};

/* The host target of a query kind; 0: none here. */
static GLenum
host_target(const struct glb_screen *scr, unsigned kind)
{
   switch (kind) {
   case MGP_QUERY_KIND_TIME_ELAPSED: return scr->timer_bits ? GL_TIME_ELAPSED_EXT : 0;
   case MGP_QUERY_KIND_TIMESTAMP: return scr->timer_bits ? GL_TIMESTAMP_EXT : 0;
   case MGP_QUERY_KIND_PRIMITIVES_GENERATED:
      return scr->es_minor >= 2 ? GL_PRIMITIVES_GENERATED : 0;
   case MGP_QUERY_KIND_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN:
      return GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN;
   /* no host count of samples: SAMPLES_PASSED answers whether any passed (1 or 0) */
   case MGP_QUERY_KIND_SAMPLES_PASSED:
   case MGP_QUERY_KIND_ANY_SAMPLES_PASSED: return GL_ANY_SAMPLES_PASSED;
   case MGP_QUERY_KIND_ANY_SAMPLES_PASSED_CONSERVATIVE: return GL_ANY_SAMPLES_PASSED_CONSERVATIVE;
   default: return 0;
   }
}

/* The result of host object `name` of q; false: not available yet (wait false). */
static bool
read_one(struct glb_screen *scr, const struct glb_query *q, GLuint name, bool wait, uint64_t *value)
{
   const struct glb_host *h = scr->h;
   if (!wait) {
      GLuint avail = 0;
      GLB_GL(h)->glGetQueryObjectuiv(name, GL_QUERY_RESULT_AVAILABLE, &avail);
      if (!avail)
         return false;
   }
   if (q->kind == MGP_QUERY_KIND_TIME_ELAPSED || q->kind == MGP_QUERY_KIND_TIMESTAMP) {
      GLuint64 v = 0;
      GLB_GL(h)->glGetQueryObjectui64vEXT(name, GL_QUERY_RESULT, &v);
      *value = v;
   } else {
      GLuint v = 0;
      GLB_GL(h)->glGetQueryObjectuiv(name, GL_QUERY_RESULT, &v);
      *value = v;
   }
   return true;
}

/* Adds the results of q's parts the host has (all of them: wait) to parts_sum, their host
 * objects deleted; whether none is left. */
static bool
fold_parts(struct glb_screen *scr, struct glb_query *q, bool wait)
{
   uint32_t kept = 0;
   for (uint32_t i = 0; i < q->part_count; i++) {
      uint64_t v;
      if (read_one(scr, q, q->parts[i], wait, &v)) {
         q->parts_sum += v;
         GLB_GL(scr->h)->glDeleteQueries(1, &q->parts[i]);
      } else {
         q->parts[kept++] = q->parts[i];
      }
   }
   q->part_count = kept;
   return !kept;
}

/* The host's result of an ended query, its parts' added; false: not available yet (wait
 * false). */
static bool
read_result(struct glb_screen *scr, struct glb_query *q, bool wait, uint64_t *value)
{
   if (!fold_parts(scr, q, wait) || !read_one(scr, q, q->name, wait, value))
      return false;
   *value += q->parts_sum;
   return true;
}

/* Deletes the host objects of q's parts (a begin, or q going away). */
static void
drop_parts(struct glb_screen *scr, struct glb_query *q)
{
   if (q->part_count)
      GLB_GL(scr->h)->glDeleteQueries((GLsizei)q->part_count, q->parts);
   q->part_count = 0;
   q->parts_sum = 0;
}

static void
post(struct glb_screen *scr, struct glb_query *q, uint64_t value)
{
   q->pending = false;
   struct mgp_event ev = {
      .kind = MGP_EVENT_QUERY_RESULT, .slot = q->base.h.slot, .gen = q->base.h.gen, .value = value};
   if (scr->env.event)
      scr->env.event(scr->env.session, &ev);
}

/* Posts QUERY_RESULT for each ended query whose result the host has. */
static void
queries_poll(struct glb_screen *scr)
{
   for (uint32_t i = 0; i < scr->queries.cap; i++) {
      struct glb_query *q = (struct glb_query *)scr->queries.slots[i];
      uint64_t v;
      if (q && q->pending && read_result(scr, q, false, &v))
         post(scr, q, v);
   }
}

static void
query_free(struct glb_screen *scr, struct glb_query *q)
{
   drop_parts(scr, q);
   if (q->name)
      GLB_GL(scr->h)->glDeleteQueries(1, &q->name);
   free(q->parts);
   free(q);
}

void
glb_query_teardown(struct glb_screen *scr, struct glb_obj *query)
{
   struct glb_query *q = (struct glb_query *)query;
   /* Mesa's llvmpipe (22.3) writes into a query freed with its context when the context is
    * destroyed with an occlusion query still active after a clear (docs/RELIABILITY.md, sec38):
    * a session that ends between begin_query and end_query ends the host's query first. */
   if (scr->ctx && glb_is_current(scr)) {
      if (q->active && !q->paused)
         GLB_GL(scr->h)->glEndQuery(host_target(scr, q->kind));
      drop_parts(scr, q);
      if (q->name)
         GLB_GL(scr->h)->glDeleteQueries(1, &q->name);
   }
   free(q->parts);
   free(q);
}

void
glb_query_create(void *self, const struct mgp_query_desc *args, const void *tail,
                 uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   if (args->kind >= MGP_QUERY_KIND_COUNT) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "query_create: an unknown query kind");
      return;
   }
   if (!glb_make_current(scr))
      return;
   struct glb_query *q = calloc(1, sizeof(*q));
   if (!q) {
      glb_fatal(scr, MGU_FATAL_OutOfMemory, "query_create");
      return;
   }
   q->base.h = args->query;
   q->kind = args->kind;
   if (!glb_table_put(scr, &scr->queries, &q->base, "query_create")) {
      free(q);
      return;
   }
   if (host_target(scr, q->kind))
      GLB_GL(scr->h)->glGenQueries(1, &q->name);
   else
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a query of kind %u (no host count: its uses are dropped)", q->kind);
}

void
glb_query_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                  uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   struct glb_query *q = glb_lookup(scr, &scr->queries, args->h, "query_destroy");
   if (!q || !glb_make_current(scr))
      return;
   glb_table_remove(&scr->queries, &q->base);
   /* GLES keeps a deleted active query's target active until glEndQuery: end it here, so the
    * next query of the target begins */
   if (q->active && !q->paused)
      GLB_GL(scr->h)->glEndQuery(host_target(scr, q->kind));
   query_free(scr, q);
}

void
glb_query_result(void *self, const struct mgp_query_result *args, const void *tail,
                 uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   uint64_t out[2] = {0, 0}; /* available, value */
   struct glb_query *q = glb_lookup(scr, &scr->queries, args->query, "query_result");
   if (q && q->pending && glb_make_current(scr) &&
       read_result(scr, q, (args->flags & MGP_QUERY_WAIT) != 0, &out[1])) {
      out[0] = 1;
      q->pending = false; /* the reply tells it: no event follows */
   }
   if (args->out.ptr && args->out.size >= sizeof(out))
      memcpy(args->out.ptr, out, sizeof(out));
}

/* The query of a begin/end call, with a host object; NULL: declined or Fatal. */
static struct glb_query *
query_for(struct glb_context *ctx, const struct mgp_query_desc *args, const char *call)
{
   struct glb_screen *scr = ctx->scr;
   struct glb_query *q = glb_lookup(scr, &scr->queries, args->query, call);
   if (!q)
      return NULL;
   if (!q->name) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: %s of a query of kind %u", call, q->kind);
      return NULL;
   }
   return glb_context_bind(ctx) ? q : NULL;
}

void
glb_begin_query(void *self, const struct mgp_query_desc *args, const void *tail,
                uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_query *q = query_for(ctx, args, "begin_query");
   if (!q)
      return;
   if (q->kind == MGP_QUERY_KIND_TIMESTAMP || q->active) {
      /* glQueryCounter arrives as end_query alone; the client never begins twice */
      glb_fatal(ctx->scr, MGU_FATAL_ProtocolCorruption,
                "begin_query: a GL_TIMESTAMP or already active query");
      return;
   }
   drop_parts(ctx->scr, q);
   GLB_GL(ctx->scr->h)->glBeginQuery(host_target(ctx->scr, q->kind), q->name);
   q->active = true;
   q->pending = false;
}

void
glb_end_query(void *self, const struct mgp_query_desc *args, const void *tail, uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_query *q = query_for(ctx, args, "end_query");
   if (!q)
      return;
   const struct glb_host *h = ctx->scr->h;
   if (q->kind == MGP_QUERY_KIND_TIMESTAMP) {
      GLB_GL(h)->glQueryCounterEXT(q->name, GL_TIMESTAMP_EXT);
   } else if (q->active) {
      if (!q->paused) /* (a pause ends within one draw: never here) */
         GLB_GL(h)->glEndQuery(host_target(ctx->scr, q->kind));
   } else {
      glb_fatal(ctx->scr, MGU_FATAL_ProtocolCorruption, "end_query: a query not begun");
      return;
   }
   q->active = false;
   q->pending = true;
   q->ended = true;
}

static bool
is_occlusion(unsigned kind)
{
   return kind == MGP_QUERY_KIND_SAMPLES_PASSED || kind == MGP_QUERY_KIND_ANY_SAMPLES_PASSED ||
          kind == MGP_QUERY_KIND_ANY_SAMPLES_PASSED_CONSERVATIVE;
}

const char *
glb_draw_counted(const struct glb_screen *scr)
{
   for (uint32_t i = 0; i < scr->queries.cap; i++) {
      const struct glb_query *q = (const struct glb_query *)scr->queries.slots[i];
      if (!q || !q->active || !q->name)
         continue;
      if (is_occlusion(q->kind))
         return "occlusion";
      if (q->kind == MGP_QUERY_KIND_PRIMITIVES_GENERATED)
         return "primitives-generated";
   }
   return NULL;
}

static bool
counts_primitives(const struct glb_query *q)
{
   return q->active && q->name &&
          (q->kind == MGP_QUERY_KIND_PRIMITIVES_GENERATED ||
           q->kind == MGP_QUERY_KIND_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
}

bool
glb_primitives_counted(const struct glb_screen *scr)
{
   for (uint32_t i = 0; i < scr->queries.cap; i++) {
      const struct glb_query *q = (const struct glb_query *)scr->queries.slots[i];
      if (q && counts_primitives(q))
         return true;
   }
   return false;
}

bool
glb_primitives_pause(struct glb_screen *scr)
{
   const struct glb_host *h = scr->h;
   for (uint32_t i = 0; i < scr->queries.cap; i++) {
      struct glb_query *q = (struct glb_query *)scr->queries.slots[i];
      if (!q || !counts_primitives(q) || q->paused)
         continue;
      /* the parts the host has already are read now: a query over many such draws holds only
       * those still running, and at most GLB_QUERY_PARTS_MAX of them (a host that runs
       * nothing until a flush, llvmpipe's, has them all running): past that the host is
       * waited for, so what a client's draws make the server hold stays bounded */
      if (!fold_parts(scr, q, false) && q->part_count >= GLB_QUERY_PARTS_MAX) {
         fold_parts(scr, q, true);
         scr->stats.primitive_query_part_waits++;
      }
      if (q->part_count == q->part_cap) {
         const uint32_t cap = q->part_cap ? 2 * q->part_cap : 4;
         GLuint *parts = cap > q->part_cap ? realloc(q->parts, cap * sizeof(*parts)) : NULL;
         if (!parts) {
            glb_fatal(scr, MGU_FATAL_OutOfMemory, "a primitive query's parts");
            return false;
         }
         q->parts = parts;
         q->part_cap = cap;
      }
      GLB_GL(h)->glEndQuery(host_target(scr, q->kind));
      q->parts[q->part_count++] = q->name;
      q->name = 0;
      GLB_GL(h)->glGenQueries(1, &q->name);
      q->paused = true;
      scr->stats.primitive_query_pauses++;
   }
   return true;
}

void
glb_primitives_resume(struct glb_screen *scr)
{
   for (uint32_t i = 0; i < scr->queries.cap; i++) {
      struct glb_query *q = (struct glb_query *)scr->queries.slots[i];
      if (q && q->paused) {
         GLB_GL(scr->h)->glBeginQuery(host_target(scr, q->kind), q->name);
         q->paused = false;
      }
   }
}

/* Decided here, once: the WAIT modes wait in the host driver for the result; the NO_WAIT modes
 * take it when the host has it and else render, as GL 3.3 §2.18 allows. A query that cannot
 * decide (not ended, not an occlusion query: the client never sends one) renders, declined by
 * name. */
void
glb_begin_conditional_render(void *self, const struct mgp_query_desc *args, const void *tail,
                             uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   ctx->cond_discard = false;
   struct glb_query *q = glb_lookup(scr, &scr->queries, args->query, "begin_conditional_render");
   if (!q || !glb_make_current(scr))
      return;
   if (!q->name || !q->ended || q->active || !is_occlusion(q->kind)) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: conditional rendering on a query not ended or not an occlusion query");
      return;
   }
   const bool wait = args->mode == MGP_COND_RENDER_MODE_WAIT ||
                     args->mode == MGP_COND_RENDER_MODE_BY_REGION_WAIT ||
                     args->mode == MGP_COND_RENDER_MODE_WAIT_INVERTED ||
                     args->mode == MGP_COND_RENDER_MODE_BY_REGION_WAIT_INVERTED;
   const bool inverted = args->mode >= MGP_COND_RENDER_MODE_WAIT_INVERTED;
   uint64_t v = 1;
   if (read_result(scr, q, wait, &v))
      ctx->cond_discard = (v == 0) != inverted;
}

void
glb_end_conditional_render(void *self, const struct mgp_u32_args *args, const void *tail,
                           uint32_t tail_count)
{
   (void)args, (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   ctx->cond_discard = false;
}

void
glb_get_timestamp(void *self, const struct mgp_get_timestamp *args, const void *tail,
                  uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   GLint64 ns = 0;
   if (!scr->timer_bits)
      MGU_DECLINE(timer_query_no_timestamps,
                  "gles: get_timestamp without EXT_disjoint_timer_query");
   else if (glb_make_current(scr))
      GLB_GL(scr->h)->glGetInteger64v(GL_TIMESTAMP_EXT, &ns);
   const uint64_t v = ns > 0 ? (uint64_t)ns : 0;
   if (args->out.ptr && args->out.size >= sizeof(v))
      memcpy(args->out.ptr, &v, sizeof(v));
}

/* ---- fences: signalled once the host finished everything before them ---------------------- */

void
glb_fence_create(void *self, const struct mgp_handle_args *args, const void *tail,
                 uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   if (!glb_make_current(scr))
      return;
   struct glb_obj *f = calloc(1, sizeof(*f));
   if (!f) {
      glb_fatal(scr, MGU_FATAL_OutOfMemory, "fence_create");
      return;
   }
   f->h = args->h;
   if (!glb_table_put(scr, &scr->fences, f, "fence_create")) {
      free(f);
      return;
   }
   /* No host sync objects yet: the work before the fence completes here, so the event that
    * follows is true when it is sent. */
   glb_finish(scr);
   queries_poll(scr); /* every query ended before the fence has its result now */
   struct mgp_event ev = {.kind = MGP_EVENT_FENCE_SIGNALLED, .slot = f->h.slot, .gen = f->h.gen};
   if (scr->env.event)
      scr->env.event(scr->env.session, &ev);
}

static void
fence_answer(struct glb_screen *scr, const struct mgp_fence_query *args, const char *call)
{
   if (!glb_lookup(scr, &scr->fences, args->fence, call))
      return;
   uint32_t status = MGP_FENCE_SIGNALLED; /* fence_create finished the work before it */
   if (args->out.ptr && args->out.size >= sizeof(status))
      memcpy(args->out.ptr, &status, sizeof(status));
}

void
glb_fence_status(void *self, const struct mgp_fence_query *args, const void *tail,
                 uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   fence_answer(self, args, "fence_status");
}

void
glb_fence_wait(void *self, const struct mgp_fence_query *args, const void *tail,
               uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   fence_answer(self, args, "fence_wait");
}

void
glb_fence_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                  uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   struct glb_obj *f = glb_lookup(scr, &scr->fences, args->h, "fence_destroy");
   if (!f)
      return;
   glb_table_remove(&scr->fences, f);
   free(f);
}

/* ---- finish, and the process's exit --------------------------------------------------------- */

void
glb_finish(struct glb_screen *scr)
{
   GLB_GL(scr->h)->glFinish();
   scr->finished_work = glb_draws_total(scr) + scr->stats.clears;
}

/* The most an exiting process waits for the host's work (as the Vulkan backend's bound). */
#define QUIESCE_MAX_NS (10ull * 1000000000ull)

bool
glb_screen_quiesce(void *screen)
{
   struct glb_screen *scr = screen;
   if (!scr || !scr->ctx)
      return true;
   const struct glb_host *h = scr->h;
   const uint64_t pending = glb_draws_total(scr) + scr->stats.clears - scr->finished_work;
   /* The host context is current on one thread at a time: here the program's thread that
    * exits. On monolith that is usually the thread that drew; inproc's apply thread let it go
    * as it stopped (glb_thread_leave). Not glb_make_current: a refusal here is no Fatal. */
   if (!glb_is_current(scr)) {
      if (!glb_host_make_current(scr, scr->ctx)) {
         if (pending)
            mgu_warn("gles: the process is exiting: the host context is current on another "
                     "thread (EGL 0x%x), so the %llu draws and clears since its last finish "
                     "are not waited for",
                     h->eglGetError(), (unsigned long long)pending);
         return !pending;
      }
      glb_shadow_forget(scr);
      scr->bound = NULL;
   }
   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   /* A fence rather than glFinish: the wait is bounded (a hung host device must not hold the
    * process's exit for ever). SYNC_FLUSH_COMMANDS_BIT sends what is queued first. */
   GLsync sync = GLB_GL(h)->glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   GLenum r = GL_WAIT_FAILED;
   if (sync) {
      r = GLB_GL(h)->glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, QUIESCE_MAX_NS);
      GLB_GL(h)->glDeleteSync(sync);
   }
   const bool done = r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED;
   if (done)
      scr->finished_work = glb_draws_total(scr) + scr->stats.clears;
   if (!pending && done)
      return true;
   clock_gettime(CLOCK_MONOTONIC, &t1);
   const double ms =
      (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
   if (done)
      mgu_log_always("gles: the process is exiting: waited %.1f ms for the host context's work "
                     "(%llu draws and clears since its last finish)",
                     ms, (unsigned long long)pending);
   else
      mgu_warn("gles: the process is exiting: stopped waiting for the host context's work after "
               "%.1f ms (glClientWaitSync 0x%x); the driver may still run it as it unloads",
               ms, r);
   return done;
}

void
glb_thread_leave(void *screen)
{
   struct glb_screen *scr = screen;
   /* A context current on a thread that ended stays bound to it in EGL: no other thread could
    * make it current again (EGL_BAD_ACCESS), neither the exit's quiesce nor the teardown. */
   if (scr && scr->ctx && glb_is_current(scr)) {
      glb_host_make_current(scr, EGL_NO_CONTEXT);
      scr->h->eglReleaseThread();
      glb_shadow_forget(scr);
      scr->bound = NULL;
   }
}

/* ---- flush and present --------------------------------------------------------------------- */

void
glb_flush(void *self, const struct mgp_u32_args *args, const void *tail, uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (!glb_make_current(ctx->scr))
      return;
   if (args->value & MGP_FLUSH_FINISH)
      glb_finish(ctx->scr);
   else
      GLB_GL(ctx->scr->h)->glFlush();
   queries_poll(ctx->scr);
}

void
glb_present(void *self, const struct mgp_present *args, const void *tail, uint32_t tail_count)
{
   (void)tail, (void)tail_count, (void)args;
   struct glb_context *ctx = self;
   /* No window of the server's own yet (surface_bind_window is left out): the client reads the
    * frame back, so the frame's end is a flush. */
   if (glb_make_current(ctx->scr)) {
      GLB_GL(ctx->scr->h)->glFlush();
      queries_poll(ctx->scr);
   }
}
