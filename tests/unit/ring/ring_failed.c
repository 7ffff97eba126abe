/* ring_failed.c — a failed session releases every sleeper, without a timeout: a consumer asleep
 * in mgt_ring_wait, a producer asleep on a full ring, in mgt_ring_wait_applied, in a lockstep
 * commit, and in mgt_stage_alloc all return when the other side (or another thread of the same
 * side, as a pidfd/SIGCHLD watcher would) sets the failed word. Afterwards every call is
 * harmless and returns at once. */

#include "ring.h"
#include "ring_test_util.h"
#include "stage.h"

#include <pthread.h>

#define CAP 4096u
#define SETTLE_NS 20000000L /* after it went to sleep: it must stay asleep */

enum scenario {
   CONSUMER_WAIT,
   PRODUCER_FULL,
   PRODUCER_WAIT_APPLIED,
   PRODUCER_LOCKSTEP,
   STAGE_ALLOC,
};

struct ctx {
   enum scenario what;
   struct mgt_ring prod, cons;
   struct mgt_stage sprod, scons;
   _Atomic int done;
   int rc;
};

static void *
blocked_main(void *arg)
{
   struct ctx *c = arg;
   switch (c->what) {
   case CONSUMER_WAIT: c->rc = mgt_ring_wait(&c->cons); break;
   case PRODUCER_FULL:
      /* Two half-capacity records fill the ring; the third must wait for space. */
      c->rc = MGT_RING_OK;
      for (int i = 0; i < 3; i++) {
         unsigned char *p = mgt_ring_reserve(&c->prod, CAP / 2);
         if (!p) {
            c->rc = i == 2 ? mgt_ring_error(&c->prod) : 100 + i;
            break;
         }
         struct mgt_ring_record_header h = {.size = CAP / 2, .kind = 1, .aux = 0};
         memcpy(p, &h, sizeof(h));
         CHECK(mgt_ring_commit(&c->prod) == MGT_RING_OK, "commit");
      }
      break;
   case PRODUCER_WAIT_APPLIED: {
      unsigned char *p = mgt_ring_reserve(&c->prod, 8);
      CHECK(p, "reserve");
      CHECK(mgt_ring_commit(&c->prod) == MGT_RING_OK, "commit");
      c->rc = mgt_ring_wait_applied(&c->prod, 1);
      break;
   }
   case PRODUCER_LOCKSTEP: {
      mgt_ring_set_run_ahead(&c->prod, 0);
      unsigned char *p = mgt_ring_reserve(&c->prod, 8);
      CHECK(p, "reserve");
      c->rc = mgt_ring_commit(&c->prod); /* waits for the record to be applied */
      break;
   }
   case STAGE_ALLOC: {
      uint64_t off;
      void *ptr;
      CHECK(mgt_stage_alloc(&c->sprod, CAP, 1, &off, &ptr) == MGT_STAGE_OK, "fill");
      c->rc = mgt_stage_alloc(&c->sprod, 8, 8, &off, &ptr); /* nothing released: waits */
      break;
   }
   }
   atomic_store(&c->done, 1);
   return NULL;
}

static _Atomic uint64_t *
sleeps_of(struct ctx *c)
{
   switch (c->what) {
   case CONSUMER_WAIT: return &c->cons.stat_sleeps;
   case STAGE_ALLOC: return &c->sprod.stat_sleeps;
   default: return &c->prod.stat_sleeps;
   }
}

/* failer: 0 = the other side's struct, 1 = a second thread on the blocked side's own struct. */
static void
run(enum scenario what, const char *name, int failer)
{
   struct ctx *c = calloc(1, sizeof(*c));
   CHECK(c, "calloc");
   c->what = what;
   CHECK(mgt_ring_create(&c->prod, CAP) == MGT_RING_OK, "ring create");
   CHECK(mgt_ring_attach(&c->cons, c->prod.fd) == MGT_RING_OK, "ring attach");
   CHECK(mgt_stage_create(&c->sprod, CAP) == MGT_STAGE_OK, "stage create");
   CHECK(mgt_stage_attach(&c->scons, c->sprod.fd) == MGT_STAGE_OK, "stage attach");

   pthread_t th;
   CHECK(pthread_create(&th, NULL, blocked_main, c) == 0, "pthread_create");
   CHECK(wait_for_sleeper(sleeps_of(c), 10.0), "%s: never went to sleep", name);
   sleep_ns(SETTLE_NS);
   CHECK(!atomic_load(&c->done), "%s: returned before the session failed (rc %d)", name, c->rc);

   double t0 = now_s();
   bool consumer_blocked = what == CONSUMER_WAIT;
   if (what == STAGE_ALLOC) {
      mgt_stage_set_failed(failer ? &c->sprod : &c->scons);
   } else {
      bool use_prod = consumer_blocked ? !failer : failer;
      mgt_ring_set_failed(use_prod ? &c->prod : &c->cons);
   }
   CHECK(pthread_join(th, NULL) == 0, "join");
   double dt = now_s() - t0;
   int want = what == STAGE_ALLOC ? MGT_STAGE_FAILED : MGT_RING_FAILED;
   CHECK(c->rc == want, "%s: rc %d, expected FAILED", name, c->rc);
   printf("ring_failed: %-72s -> FAILED %.1f ms after set_failed\n", name, dt * 1e3);

   /* After failure, nothing blocks and nothing is delivered. */
   uint32_t size;
   uint64_t off;
   void *ptr;
   if (what != STAGE_ALLOC) {
      CHECK(mgt_ring_failed(&c->prod) && mgt_ring_failed(&c->cons), "both sides see it");
      CHECK(mgt_ring_reserve(&c->prod, 8) == NULL, "reserve after failure");
      CHECK(mgt_ring_error(&c->prod) == MGT_RING_FAILED, "producer error");
      CHECK(mgt_ring_wait(&c->cons) == MGT_RING_FAILED, "wait after failure");
      CHECK(mgt_ring_peek(&c->cons, &size) == NULL, "peek after failure");
      CHECK(mgt_ring_error(&c->cons) == MGT_RING_FAILED, "consumer error");
      if (mgt_ring_records_published(&c->prod) > 0)
         CHECK(mgt_ring_wait_applied(&c->prod, 1) == MGT_RING_FAILED, "wait_applied after");
   } else {
      CHECK(mgt_stage_failed(&c->sprod) && mgt_stage_failed(&c->scons), "both sides see it");
      CHECK(mgt_stage_alloc(&c->sprod, 8, 8, &off, &ptr) == MGT_STAGE_FAILED, "alloc after");
      CHECK(mgt_stage_error(&c->sprod) == MGT_STAGE_FAILED, "stage error");
   }

   mgt_stage_detach(&c->scons);
   mgt_stage_destroy(&c->sprod);
   mgt_ring_detach(&c->cons);
   mgt_ring_destroy(&c->prod);
   free(c);
}

int
main(void)
{
   watchdog_start(30);
   static const struct {
      enum scenario what;
      const char *name;
   } cases[] = {
      {CONSUMER_WAIT, "consumer asleep in mgt_ring_wait"},
      {PRODUCER_FULL, "producer asleep in mgt_ring_reserve (ring full)"},
      {PRODUCER_WAIT_APPLIED, "producer asleep in mgt_ring_wait_applied"},
      {PRODUCER_LOCKSTEP, "producer asleep in a lockstep mgt_ring_commit"},
      {STAGE_ALLOC, "producer asleep in mgt_stage_alloc (stage full)"},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      for (int failer = 0; failer < 2; failer++) {
         char name[128];
         snprintf(name, sizeof(name), "%s, failed by %s", cases[i].name,
                  failer ? "its own side" : "the peer");
         run(cases[i].what, name, failer);
      }
   }

   /* set_failed and failed accept NULL and zeroed structs. */
   struct mgt_ring zr;
   struct mgt_stage zs;
   memset(&zr, 0, sizeof(zr));
   memset(&zs, 0, sizeof(zs));
   mgt_ring_set_failed(NULL);
   mgt_ring_set_failed(&zr);
   mgt_stage_set_failed(NULL);
   mgt_stage_set_failed(&zs);
   CHECK(!mgt_ring_failed(&zr) && !mgt_stage_failed(&zs), "zeroed structs are not failed");
   printf("ring_failed: PASS\n");
   return 0;
}
