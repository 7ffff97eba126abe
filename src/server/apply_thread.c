/* apply_thread.c — the inproc arm's server side: a thread that maps the client's ring and
 * stage memfds a second time (never the client's pointers) and applies records in order. It
 * writes to the server log. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "pipe_entry.h"
#include "ring.h"
#include "session.h"
#include "stage.h"

struct mgs_apply_thread {
   struct mgs_session *session;
   struct mgt_ring ring;
   struct mgt_stage stage;
   pthread_t thread;
   /* Highest stage position the current record's spans reach: released after it applied. */
   uint64_t release_to;
};

/* Spans name stage bytes by their monotonic stage position; the segment offset is that
 * position modulo the capacity, and an allocation never straddles the end. */
static void *
resolve_span(void *ctx, uint32_t seg, uint64_t pos, uint64_t size, bool writable)
{
   struct mgs_apply_thread *t = ctx;
   (void)writable;
   if (seg != MGP_SEG_STAGE)
      return NULL;
   uint64_t cap = t->stage.capacity;
   uint64_t off = pos & (cap - 1);
   if (size > cap || off + size > cap || pos + size < pos)
      return NULL;
   if (pos + size > t->release_to)
      t->release_to = pos + size;
   return t->stage.data + off;
}

static void *
apply_main(void *arg)
{
   struct mgs_apply_thread *t = arg;
   mgl_log_set_thread_role(MGL_ROLE_SERVER);
   mgl_log_always("server apply thread started: transport=inproc pid=%d", (int)getpid());
   for (;;) {
      uint32_t size;
      const void *rec = mgt_ring_peek(&t->ring, &size);
      if (!rec) {
         if (mgt_ring_error(&t->ring) == MGT_RING_CORRUPT) {
            mgs_session_fatal(t->session, MGL_FATAL_ProtocolCorruption, "ring");
            break;
         }
         if (mgt_ring_wait(&t->ring) != MGT_RING_OK)
            break;
         continue;
      }
      bool ok = mgs_session_apply(t->session, rec, size, resolve_span, t);
      if (t->release_to > t->stage.released)
         mgt_stage_release(&t->stage, t->release_to);
      mgt_ring_release(&t->ring);
      if (!ok) {
         /* The client sees the failed word at once and loses the context. */
         mgt_ring_set_failed(&t->ring);
         break;
      }
   }
   return NULL;
}

struct mgs_apply_thread *
mgs_apply_thread_start(struct mgs_session *s, int ring_fd, int stage_fd)
{
   struct mgs_apply_thread *t = calloc(1, sizeof(*t));
   if (!t)
      return NULL;
   t->session = s;
   if (mgt_ring_attach(&t->ring, ring_fd) != MGT_RING_OK)
      goto fail_ring;
   if (mgt_stage_attach(&t->stage, stage_fd) != MGT_STAGE_OK)
      goto fail_stage;
   if (pthread_create(&t->thread, NULL, apply_main, t))
      goto fail_thread;
   return t;

fail_thread:
   mgt_stage_detach(&t->stage);
fail_stage:
   mgt_ring_detach(&t->ring);
fail_ring:
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
   mgt_ring_set_failed(&t->ring);
   pthread_join(t->thread, NULL);
   mgt_stage_detach(&t->stage);
   mgt_ring_detach(&t->ring);
   free(t);
}
