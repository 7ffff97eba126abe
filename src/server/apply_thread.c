/* apply_thread.c — the ring applier (apply.h) and the inproc arm's thread around it. The
 * applier maps the client's ring and stage memfds a second time and applies records in order;
 * it writes to the server log. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apply.h"
#include "log.h"
#include "pipe_entry.h"
#include "ring_spin.h"

/* Spans name stage bytes by their monotonic stage position; the segment offset is that
 * position modulo the capacity, and an allocation never straddles the end. */
static void *
resolve_span(void *ctx, uint32_t seg, uint64_t pos, uint64_t size, bool writable)
{
   struct mgs_ring_applier *a = ctx;
   if (seg == MGP_SEG_HEAP)
      return writable ? NULL : mgt_stage_heap_resolve(&a->stage, pos, size);
   if (seg != MGP_SEG_STAGE)
      return NULL;
   uint64_t cap = a->stage.capacity;
   uint64_t off = pos & (cap - 1);
   if (size > cap || off + size > cap || pos + size < pos)
      return NULL;
   if (pos + size > a->release_to)
      a->release_to = pos + size;
   return a->stage.data + off;
}

/* The events a session's server keeps for a client that does not take them (24 bytes each).
 * A client that takes them as it goes leaves at most those of the records it published while
 * it waited (about one a record: a fence, a query's end), so the default also covers a full
 * ring of the smallest records. */
#define EVENT_BACKLOG_DEFAULT (1u << 20)

static uint32_t
event_backlog_max(uint64_t ring_capacity)
{
   const char *v = getenv("MGL_SERVER_EVENT_BACKLOG");
   if (!v || !*v) {
      const uint64_t records = ring_capacity / 16;
      return records > EVENT_BACKLOG_DEFAULT && records <= UINT32_MAX ? (uint32_t)records
                                                                      : EVENT_BACKLOG_DEFAULT;
   }
   char *end;
   unsigned long long n = strtoull(v, &end, 0);
   if (*end || !n || n > UINT32_MAX) {
      mgu_warn("MGL_SERVER_EVENT_BACKLOG=%s is not a count from 1 to %u: %u", v, UINT32_MAX,
               EVENT_BACKLOG_DEFAULT);
      return EVENT_BACKLOG_DEFAULT;
   }
   return (uint32_t)n;
}

static int
event_fatal(struct mgs_ring_applier *a, int rc)
{
   if (rc == MGT_EVENT_BACKLOG_FULL) {
      char detail[160];
      snprintf(detail, sizeof(detail),
               "%u events held for a client that does not take them (MGL_SERVER_EVENT_BACKLOG)",
               a->events.backlog_max);
      mgs_session_fatal(a->session, MGU_FATAL_EventBacklog, detail);
      return MGU_FATAL_EventBacklog;
   }
   return rc == MGT_EVENT_OK          ? 0
          : rc == MGT_EVENT_NO_MEMORY ? MGU_FATAL_OutOfMemory
                                      : MGU_FATAL_ProtocolCorruption; /* the client's tail */
}

static int
applier_post_event(void *ctx, const struct mgp_event *ev)
{
   struct mgs_ring_applier *a = ctx;
   return event_fatal(a, mgt_event_writer_post(&a->events, ev));
}

bool
mgs_ring_applier_attach(struct mgs_ring_applier *a, struct mgs_session *s, int ring_fd,
                        int stage_fd)
{
   memset(a, 0, sizeof(*a));
   a->session = s;
   if (mgt_ring_attach(&a->ring, ring_fd) != MGT_RING_OK)
      return false;
   if (mgt_stage_attach(&a->stage, stage_fd) != MGT_STAGE_OK) {
      mgt_ring_detach(&a->ring);
      return false;
   }
   /* After draining the ring, poll for the client's next record before sleeping. */
   mgt_ring_set_spin(&a->ring, mgt_ring_spin_setting_ns(0));
   const struct mgs_backend *be = s->backend;
   if (a->stage.heap && be->heap_attach)
      be->heap_attach(s->screen, a->stage.heap, a->stage.heap_size);
   mgt_event_writer_init(&a->events, mgt_ring_event_area(&a->ring),
                         event_backlog_max(a->ring.capacity));
   mgs_session_set_event_sink(s, applier_post_event, a);
   return true;
}

void
mgs_ring_applier_detach(struct mgs_ring_applier *a)
{
   mgs_session_set_event_sink(a->session, NULL, NULL);
   mgt_event_writer_finish(&a->events);
   /* Submitted batches may still read buffer stores in the heap: the backend unmaps its pages
    * once they are done (on a hung device, long after this returns). */
   const struct mgs_backend *be = a->session->backend;
   if (a->stage.heap && be->heap_unmap) {
      void *base;
      size_t len;
      mgt_stage_detach_keep_map(&a->stage, &base, &len);
      be->heap_unmap(a->session->screen, base, len);
   } else {
      mgt_stage_detach(&a->stage);
   }
   mgt_ring_detach(&a->ring);
}

static enum mgs_apply_end
fail_session(struct mgs_ring_applier *a)
{
   /* The client reads the Fatal's number from the failed word (spawn) or from the session
    * (inproc); failing the stage too wakes a client asleep for stage space. */
   mgt_ring_fail(&a->ring, (uint32_t)atomic_load(&a->session->fatal));
   mgt_stage_set_failed(&a->stage);
   return MGS_APPLY_FATAL;
}

static void
stamp_idle(void *ctx, uint32_t slot)
{
   struct mgs_ring_applier *a = ctx;
   if (slot < MGT_HEAP_SLOTS)
      atomic_store_explicit(&a->stage.table->idle[slot], mgt_ring_records_applied(&a->ring),
                            memory_order_release);
}

/* Every published record is applied: stamp the buffers the client may now write directly
 * (stage.h, the heap). The stamp is the applied count, which the client's published count
 * equals until it publishes again. */
static void
stamp_heap(struct mgs_ring_applier *a)
{
   const struct mgs_backend *be = a->session->backend;
   const uint64_t applied = mgt_ring_records_applied(&a->ring);
   if (!a->stage.table || !be->heap_idle || applied == a->heap_stamped ||
       atomic_load(&a->session->fatal))
      return;
   a->heap_stamped = applied;
   if (be->heap_idle(a->session->screen, stamp_idle, a))
      atomic_store_explicit(&a->stage.table->quiet, applied, memory_order_release);
}

static enum mgs_apply_end
apply_until_end(struct mgs_ring_applier *a)
{
   for (;;) {
      uint32_t size;
      const void *rec = mgt_ring_peek(&a->ring, &size);
      if (!rec) {
         int err = mgt_ring_error(&a->ring);
         if (err == MGT_RING_CORRUPT) {
            mgs_session_fatal(a->session, MGU_FATAL_ProtocolCorruption, "ring");
            return fail_session(a);
         }
         stamp_heap(a);
         int rc = mgt_ring_wait(&a->ring);
         if (rc == MGT_RING_SYSTEM)
            return MGS_APPLY_CLIENT_GONE;
         if (rc != MGT_RING_OK)
            return atomic_load(&a->session->fatal) ? fail_session(a) : MGS_APPLY_CLOSED;
         continue;
      }
      bool ok = mgs_session_apply(a->session, rec, size, resolve_span, a);
      if (a->release_to > a->stage.released)
         mgt_stage_release(&a->stage, a->release_to);
      mgt_ring_release(&a->ring);
      /* Events the client had no room for go out as it frees slots. */
      int ef = event_fatal(a, mgt_event_writer_flush(&a->events));
      if (ok && ef) {
         mgs_session_fatal(a->session, (enum mgu_fatal)ef, "event area");
         ok = false;
      }
      if (!ok)
         return fail_session(a);
   }
}

enum mgs_apply_end
mgs_ring_applier_run(struct mgs_ring_applier *a)
{
   enum mgs_apply_end end = apply_until_end(a);
   /* On the applying thread, so the line reaches the server log: how often it slept on an
    * empty ring, and how often a poll found the client's next record first (MGL_RING_SPIN_US). */
   struct mgt_ring_stats rs;
   mgt_ring_get_stats(&a->ring, &rs);
   mgu_log_always("MGL-APPLY-RING records=%llu sleeps=%llu polls-won=%llu",
                  (unsigned long long)rs.records, (unsigned long long)rs.sleeps,
                  (unsigned long long)rs.spun);
   return end;
}

/* ---- the inproc arm's apply thread ---- */

struct mgs_apply_thread {
   struct mgs_ring_applier applier;
   pthread_t thread;
};

static void *
apply_main(void *arg)
{
   struct mgs_apply_thread *t = arg;
   mgu_log_set_thread_role(MGU_ROLE_SERVER);
   mgu_log_always("server apply thread started: transport=inproc pid=%d", (int)getpid());
   mgs_ring_applier_run(&t->applier);
   mgs_session_thread_leave(t->applier.session);
   return NULL;
}

struct mgs_apply_thread *
mgs_apply_thread_start(struct mgs_session *s, int ring_fd, int stage_fd)
{
   struct mgs_apply_thread *t = calloc(1, sizeof(*t));
   if (!t)
      return NULL;
   if (!mgs_ring_applier_attach(&t->applier, s, ring_fd, stage_fd))
      goto fail_attach;
   if (pthread_create(&t->thread, NULL, apply_main, t))
      goto fail_thread;
   return t;

fail_thread:
   mgs_ring_applier_detach(&t->applier);
fail_attach:
   free(t);
   return NULL;
}

void
mgs_apply_thread_stop(struct mgs_apply_thread *t)
{
   if (!t)
      return;
   /* The client published its last record and waited for it; failing the ring now ends the
    * thread's wait without losing anything. */
   mgt_ring_set_failed(&t->applier.ring);
   pthread_join(t->thread, NULL);
   mgs_ring_applier_detach(&t->applier);
   free(t);
}
