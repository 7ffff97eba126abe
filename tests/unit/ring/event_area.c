/* event_area.c — the ring arms' reverse path (event_area.h): the server's events written into
 * the ring memfd's header page by the side that attached it, read by the side that created it,
 * each through its own mapping.
 *  - same process, two mappings (inproc): a writer thread posts 100000 events while the reader
 *    drains at its own pace; all arrive in order, once each, and the writer never waits (what
 *    does not fit waits in its backlog until flushed);
 *  - a reader that does not drain: 1000 posts leave 128 published and 872 in the backlog;
 *    drain/flush cycles deliver the rest in order;
 *  - another process (spawn): a forked child attaches the memfd itself and posts 5000 events
 *    with flushes; the parent drains them all;
 *  - a bounded backlog (backlog_max 1000) and a reader that never drains: 128 published, 1000
 *    held, the next post is MGT_EVENT_BACKLOG_FULL and sticky (flush too); with a reader that
 *    drains between bursts of 1000, 20000 events pass the same bound in order;
 *  - hostile values: a head beyond the slots, a head behind the tail, a malformed event in a
 *    slot (reader: MGT_EVENT_CORRUPT with why, sticky, nothing of it queued); a tail beyond the
 *    head (writer: MGT_EVENT_CORRUPT).
 * Shown red: with the writer publishing straight into the slots (no backlog, no free-slot
 * check), the writer thread ran over unread events and the reader saw "head out of range" in
 * the first phase; with the reader not checking events, the malformed slot was queued; with no
 * bound, the reader that never drains had 100000 events held. */
#include "event_area.h"
#include "inbox.h"
#include "ring.h"
#include "ring_test_util.h"

#include <pthread.h>
#include <string.h>
#include <sys/wait.h>

#define MANY 100000u

static struct mgp_event
nth(uint32_t i)
{
   return (struct mgp_event){.kind = i % 4 ? MGP_EVENT_QUERY_RESULT : MGP_EVENT_FENCE_SIGNALLED,
                             .slot = i + 1,
                             .gen = 3,
                             .value = i % 4 ? (uint64_t)i * 0x100000001ull : 0};
}

struct rings {
   struct mgt_ring client, server; /* producer (creates), consumer (attaches) */
};

static void
rings_open(struct rings *r)
{
   CHECK(mgt_ring_create(&r->client, 4096) == MGT_RING_OK, "create");
   CHECK(mgt_ring_attach(&r->server, r->client.fd) == MGT_RING_OK, "attach");
   CHECK((void *)mgt_ring_event_area(&r->client) != (void *)mgt_ring_event_area(&r->server),
         "the two sides share a pointer");
}

static void
rings_close(struct rings *r)
{
   mgt_ring_detach(&r->server);
   mgt_ring_destroy(&r->client);
}

/* Takes events from the inbox and checks they continue the sequence at *next. */
static void
expect_next(struct mgt_inbox *box, uint32_t *next)
{
   struct mgp_event got[256];
   uint32_t n;
   while ((n = mgt_inbox_take(box, got, 256)) > 0) {
      for (uint32_t i = 0; i < n; i++, (*next)++) {
         struct mgp_event want = nth(*next);
         CHECK(memcmp(&got[i], &want, sizeof(want)) == 0, "event %u wrong", *next);
      }
   }
}

static void *
writer_main(void *arg)
{
   struct mgt_event_writer *w = arg;
   for (uint32_t i = 0; i < MANY; i++) {
      struct mgp_event e = nth(i);
      CHECK(mgt_event_writer_post(w, &e) == MGT_EVENT_OK, "post %u", i);
   }
   while (mgt_event_writer_backlog(w)) {
      CHECK(mgt_event_writer_flush(w) == MGT_EVENT_OK, "flush");
      sleep_ns(10000);
   }
   return NULL;
}

static void
two_threads(void)
{
   struct rings r;
   rings_open(&r);
   struct mgt_event_writer w;
   struct mgt_event_reader rd;
   struct mgt_inbox box;
   mgt_event_writer_init(&w, mgt_ring_event_area(&r.server), 0);
   mgt_event_reader_init(&rd, mgt_ring_event_area(&r.client));
   mgt_inbox_init(&box);
   pthread_t t;
   CHECK(pthread_create(&t, NULL, writer_main, &w) == 0, "thread");
   uint32_t next = 0;
   while (next < MANY) {
      CHECK(mgt_event_reader_drain(&rd, &box) >= 0, "drain: %s", rd.why);
      expect_next(&box, &next);
   }
   pthread_join(t, NULL);
   CHECK(mgt_event_reader_drain(&rd, &box) == 0, "an event too many");
   mgt_event_writer_finish(&w);
   mgt_inbox_finish(&box);
   rings_close(&r);
   printf("two mappings, two threads: %u events in order, once each\n", MANY);
}

static void
reader_asleep(void)
{
   struct rings r;
   rings_open(&r);
   struct mgt_event_writer w;
   struct mgt_event_reader rd;
   struct mgt_inbox box;
   mgt_event_writer_init(&w, mgt_ring_event_area(&r.server), 0);
   mgt_event_reader_init(&rd, mgt_ring_event_area(&r.client));
   mgt_inbox_init(&box);
   for (uint32_t i = 0; i < 1000; i++) {
      struct mgp_event e = nth(i);
      CHECK(mgt_event_writer_post(&w, &e) == MGT_EVENT_OK, "post %u", i);
   }
   CHECK(mgt_event_writer_backlog(&w) == 1000 - MGT_EVENT_SLOTS, "backlog %u",
         mgt_event_writer_backlog(&w));
   uint32_t next = 0, cycles = 0;
   while (next < 1000) {
      int n = mgt_event_reader_drain(&rd, &box);
      CHECK(n >= 0 && n <= (int)MGT_EVENT_SLOTS, "drain %d: %s", n, rd.why);
      expect_next(&box, &next);
      CHECK(mgt_event_writer_flush(&w) == MGT_EVENT_OK, "flush");
      CHECK(++cycles < 100, "no progress");
   }
   CHECK(!mgt_event_writer_backlog(&w), "backlog left");
   mgt_event_writer_finish(&w);
   mgt_inbox_finish(&box);
   rings_close(&r);
   printf("reader not draining: 128 published, 872 in the backlog, all delivered in %u cycles\n",
          cycles);
}

static void
other_process(void)
{
   struct mgt_ring client;
   CHECK(mgt_ring_create(&client, 4096) == MGT_RING_OK, "create");
   pid_t pid = fork();
   CHECK(pid >= 0, "fork");
   if (pid == 0) {
      struct mgt_ring server;
      if (mgt_ring_attach(&server, client.fd) != MGT_RING_OK)
         _exit(2);
      struct mgt_event_writer w;
      mgt_event_writer_init(&w, mgt_ring_event_area(&server), 0);
      for (uint32_t i = 0; i < 5000; i++) {
         struct mgp_event e = nth(i);
         if (mgt_event_writer_post(&w, &e) != MGT_EVENT_OK)
            _exit(3);
      }
      while (mgt_event_writer_backlog(&w)) {
         if (mgt_event_writer_flush(&w) != MGT_EVENT_OK)
            _exit(4);
         sleep_ns(100000);
      }
      _exit(0);
   }
   struct mgt_event_reader rd;
   struct mgt_inbox box;
   mgt_event_reader_init(&rd, mgt_ring_event_area(&client));
   mgt_inbox_init(&box);
   uint32_t next = 0;
   double end = now_s() + 30;
   while (next < 5000 && now_s() < end) {
      CHECK(mgt_event_reader_drain(&rd, &box) >= 0, "drain: %s", rd.why);
      expect_next(&box, &next);
   }
   int status;
   CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
         "child status %d", status);
   CHECK(next == 5000, "%u of 5000 events from the child", next);
   mgt_inbox_finish(&box);
   mgt_ring_destroy(&client);
   printf("another process: 5000 events from the child's own mapping\n");
}

static void
hostile(void)
{
   struct rings r;
   rings_open(&r);
   struct mgt_event_area *sa = mgt_ring_event_area(&r.server);
   struct mgt_event_reader rd;
   struct mgt_inbox box;
   mgt_inbox_init(&box);

   mgt_event_reader_init(&rd, mgt_ring_event_area(&r.client));
   atomic_store(&sa->head, MGT_EVENT_SLOTS + 1);
   CHECK(mgt_event_reader_drain(&rd, &box) == MGT_EVENT_CORRUPT && rd.why, "head beyond slots");
   CHECK(mgt_event_reader_drain(&rd, &box) == MGT_EVENT_CORRUPT, "not sticky");

   atomic_store(&sa->head, 5);
   atomic_store(&sa->tail, 6);
   mgt_event_reader_init(&rd, mgt_ring_event_area(&r.client));
   atomic_store(&sa->head, 5);
   CHECK(mgt_event_reader_drain(&rd, &box) == MGT_EVENT_CORRUPT, "head behind tail");

   atomic_store(&sa->head, 0);
   atomic_store(&sa->tail, 0);
   mgt_event_reader_init(&rd, mgt_ring_event_area(&r.client));
   sa->slots[0] = nth(1);
   sa->slots[1] = (struct mgp_event){.kind = 77, .slot = 1};
   atomic_store(&sa->head, 2);
   CHECK(mgt_event_reader_drain(&rd, &box) == MGT_EVENT_CORRUPT, "malformed slot accepted");
   CHECK(strcmp(rd.why, "unknown event kind") == 0, "why: %s", rd.why);
   struct mgp_event got[4];
   CHECK(mgt_inbox_take(&box, got, 4) == 1, "the malformed event was queued");

   atomic_store(&sa->head, 0);
   atomic_store(&sa->tail, 3);
   struct mgt_event_writer w;
   mgt_event_writer_init(&w, sa, 0);
   struct mgp_event e = nth(0);
   CHECK(mgt_event_writer_post(&w, &e) == MGT_EVENT_CORRUPT, "tail beyond head accepted");
   mgt_event_writer_finish(&w);
   mgt_inbox_finish(&box);
   rings_close(&r);
   printf("hostile heads, tails and events refused\n");
}

static void
bounded(void)
{
   struct rings r;
   rings_open(&r);
   struct mgt_event_writer w;
   struct mgt_event_reader rd;
   struct mgt_inbox box;
   const uint32_t max = 1000;
   mgt_event_writer_init(&w, mgt_ring_event_area(&r.server), max);
   mgt_event_reader_init(&rd, mgt_ring_event_area(&r.client));
   mgt_inbox_init(&box);
   /* A reader that drains between bursts: the bound is never met. */
   uint32_t posted = 0, next = 0;
   while (posted < 20000) {
      for (uint32_t i = 0; i < max; i++, posted++) {
         struct mgp_event e = nth(posted);
         CHECK(mgt_event_writer_post(&w, &e) == MGT_EVENT_OK, "post %u", posted);
      }
      while (mgt_event_writer_backlog(&w)) {
         CHECK(mgt_event_reader_drain(&rd, &box) >= 0, "drain: %s", rd.why);
         expect_next(&box, &next);
         CHECK(mgt_event_writer_flush(&w) == MGT_EVENT_OK, "flush");
      }
   }
   CHECK(mgt_event_reader_drain(&rd, &box) >= 0, "drain: %s", rd.why);
   expect_next(&box, &next);
   CHECK(next == posted, "%u of %u events arrived", next, posted);
   /* A reader that never drains: the slots, then max held, then the bound. */
   int rc = MGT_EVENT_OK;
   uint32_t accepted = 0;
   for (uint32_t i = 0; i < 100000 && rc == MGT_EVENT_OK; i++) {
      struct mgp_event e = nth(i);
      rc = mgt_event_writer_post(&w, &e);
      accepted += rc == MGT_EVENT_OK;
   }
   CHECK(rc == MGT_EVENT_BACKLOG_FULL, "no bound: %u events accepted, rc %d", accepted, rc);
   CHECK(accepted == MGT_EVENT_SLOTS + max, "%u accepted", accepted);
   CHECK(mgt_event_writer_backlog(&w) == max, "backlog %u", mgt_event_writer_backlog(&w));
   CHECK(mgt_event_writer_flush(&w) == MGT_EVENT_BACKLOG_FULL, "not sticky");
   mgt_event_writer_finish(&w);
   mgt_inbox_finish(&box);
   rings_close(&r);
   printf("bounded backlog: 20000 events through a bound of %u, then %u held and refused\n", max,
          max);
}

int
main(void)
{
   watchdog_start(120);
   two_threads();
   reader_asleep();
   other_process();
   bounded();
   hostile();
   return 0;
}
