/* ring_spin.c — the ring's bounded poll before it sleeps (ring_spin.h, mgt_ring_set_spin).
 *  setting: MGL_RING_SPIN_US unset polls 100 us with more than 2 CPUs online and not at all
 *           with 2 or fewer; the knob overrides either way, is capped at 10 s, and a malformed
 *           value falls back to the default.
 *  poll:    100 round trips (publish a record, mgt_ring_wait_applied it) with 1 s of poll on
 *           both sides, the producer pausing before each record and the consumer holding each
 *           record 2 ms before its release. Pass: neither side slept, and polls ended most waits on
 *           both sides (a wait that found its answer at the first look counts as neither).
 *  no poll: the same with spin 0: no poll ended a wait, and the producer slept.
 * The hold is a sleep, not a spin, and long: the producer must reach its wait before the
 * release however slow its wake-up syscall is (a 20 us spin was not, in one CI run).
 * Shown red with mgt_ring_set_spin ignoring its argument: the poll phase's counters stay 0. */

#include "ring.h"
#include "ring_spin.h"
#include "ring_test_util.h"

#include <pthread.h>

#define CAPACITY 65536u
#define ROUNDS 100u
#define PRODUCER_PAUSE_NS 200000L /* the consumer is waiting on an empty ring by then */
#define CONSUMER_HOLD_NS 2000000L /* the producer is waiting by then */

struct pair {
   struct mgt_ring prod;
   struct mgt_ring cons;
};

static void *
consumer_main(void *arg)
{
   struct pair *pr = arg;
   for (uint64_t seq = 0; seq < ROUNDS;) {
      CHECK(mgt_ring_wait(&pr->cons) == MGT_RING_OK, "consumer wait");
      uint32_t size;
      const unsigned char *p = mgt_ring_peek(&pr->cons, &size);
      if (!p) {
         CHECK(mgt_ring_error(&pr->cons) == MGT_RING_OK, "peek error");
         continue;
      }
      uint64_t got;
      memcpy(&got, p + 8, 8);
      CHECK(size == 16 && got == seq, "record %llu: size %u seq %llu", (unsigned long long)seq,
            size, (unsigned long long)got);
      sleep_ns(CONSUMER_HOLD_NS);
      mgt_ring_release(&pr->cons);
      seq++;
   }
   return NULL;
}

static void
round_trips(uint64_t spin_ns, struct mgt_ring_stats *prod, struct mgt_ring_stats *cons)
{
   struct pair pr;
   CHECK(mgt_ring_create(&pr.prod, CAPACITY) == MGT_RING_OK, "create");
   CHECK(mgt_ring_attach(&pr.cons, pr.prod.fd) == MGT_RING_OK, "attach");
   mgt_ring_set_spin(&pr.prod, spin_ns);
   mgt_ring_set_spin(&pr.cons, spin_ns);
   pthread_t t;
   CHECK(pthread_create(&t, NULL, consumer_main, &pr) == 0, "thread");
   for (uint64_t seq = 0; seq < ROUNDS; seq++) {
      sleep_ns(PRODUCER_PAUSE_NS);
      unsigned char *p = mgt_ring_reserve(&pr.prod, 16);
      CHECK(p, "reserve: %d", mgt_ring_error(&pr.prod));
      struct mgt_ring_record_header h = {.size = 16, .kind = 7, .aux = 0};
      memcpy(p, &h, sizeof(h));
      memcpy(p + 8, &seq, 8);
      CHECK(mgt_ring_commit(&pr.prod) == MGT_RING_OK, "commit");
      CHECK(mgt_ring_wait_applied(&pr.prod, mgt_ring_records_published(&pr.prod)) == MGT_RING_OK,
            "wait_applied");
   }
   CHECK(pthread_join(t, NULL) == 0, "join");
   mgt_ring_get_stats(&pr.prod, prod);
   mgt_ring_get_stats(&pr.cons, cons);
   mgt_ring_detach(&pr.cons);
   mgt_ring_destroy(&pr.prod);
}

static void
check_setting(const char *knob, long cpus, uint64_t want_ns)
{
   if (knob)
      setenv("MGL_RING_SPIN_US", knob, 1);
   else
      unsetenv("MGL_RING_SPIN_US");
   uint64_t got = mgt_ring_spin_setting_ns(cpus);
   CHECK(got == want_ns, "MGL_RING_SPIN_US=%s with %ld CPUs: %llu ns, want %llu", knob ? knob : "",
         cpus, (unsigned long long)got, (unsigned long long)want_ns);
}

int
main(void)
{
   watchdog_start(60);

   check_setting(NULL, 1, 0);
   check_setting(NULL, 2, 0);
   check_setting(NULL, 3, 100000);
   check_setting(NULL, 16, 100000);
   check_setting("", 16, 100000);
   check_setting("0", 16, 0);
   check_setting("250", 2, 250000);
   check_setting("99999999999", 2, 10000000000ull);
   check_setting("12x", 16, 100000);
   check_setting("-5", 2, 0);
   unsetenv("MGL_RING_SPIN_US");
   printf("setting: ok\n");

   struct mgt_ring_stats p, c;
   round_trips(1000000000ull, &p, &c);
   printf("poll: producer spun=%llu slept=%llu; consumer spun=%llu slept=%llu\n",
          (unsigned long long)p.spun, (unsigned long long)p.sleeps, (unsigned long long)c.spun,
          (unsigned long long)c.sleeps);
   CHECK(p.sleeps == 0 && c.sleeps == 0, "a side slept with 1 s of poll");
   CHECK(p.spun >= ROUNDS / 2 && c.spun >= ROUNDS / 2, "polls ended too few waits");
   CHECK(p.wakes == 0 && c.wakes == 0, "a side rang a doorbell nobody slept on");

   round_trips(0, &p, &c);
   printf("no poll: producer spun=%llu slept=%llu; consumer spun=%llu slept=%llu\n",
          (unsigned long long)p.spun, (unsigned long long)p.sleeps, (unsigned long long)c.spun,
          (unsigned long long)c.sleeps);
   CHECK(p.spun == 0 && c.spun == 0, "a poll ended a wait with spin 0");
   CHECK(p.sleeps > 0, "the producer never slept without a poll");
   printf("ring_spin: PASS\n");
   return 0;
}
