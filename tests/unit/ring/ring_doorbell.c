/* ring_doorbell.c — the sleep/wake race, 100k records a phase (50k for the lockstep ones). A
 * lost wake-up hangs a phase; a watchdog (60 s a phase) turns the hang into a failure.
 *  phase A: the consumer goes back to mgt_ring_wait (and so to sleep, when the ring is empty)
 *           after every record while the producer publishes with random tiny delays, none
 *           included; it really sleeps after most records. (Here a lost wake-up is healed by the
 *           next commit, so only the last record could hang: A proves liveness and counts wakes
 *           against records; E and F are the sharp tests.)
 *  phase B: lockstep (run-ahead 0): the producer sleeps for every record while the consumer
 *           applies with random tiny delays.
 *  phase C: lockstep with delays on both sides.  phase D: no delays at all.
 *  phase E: the tight race on the consumer's word. The producer busy-waits until the previous
 *           record is applied (so a lost wake-up is a deadlock, not a delay healed by the next
 *           commit), spins 0-15 iterations and publishes; the consumer, after each release,
 *           spins 0-95 iterations and goes back to sleep. The two threads are pinned to two
 *           CPUs. The "about to sleep" and "just published" windows then overlap hundreds to
 *           thousands of times per 100k records on the 2-core development machine (printed as
 *           "race window hits").
 *  phase F: the same on the producer's word: the producer sleeps in mgt_ring_wait_applied after
 *           every record, the consumer polls without sleeping and releases after a random spin.
 * Shown red on the development machine, each broken variant of ring.c hanging this test every
 * time (watchdog): the consumer's re-check removed, the producer's flag check moved before its
 * head store, either of those two stores weakened from seq_cst to release (all four in phase
 * E); the producer's re-check removed, the consumer's flag check moved before its tail/applied
 * stores (both in phase F). Unpinned, E and F missed some of them in some runs. E and F need
 * 2 CPUs to be sharp; on one CPU they still pass and still prove liveness.
 * Prints how many doorbell wakes were issued against how many records. */

#include "ring.h"
#include "ring_test_util.h"

#include <pthread.h>
#include <sched.h>

#define CAPACITY 4096u
#define RECORDS 100000u
#define LOCKSTEP_RECORDS 50000u /* two futex hand-offs per record: keep the phase short */
#ifndef CONSUMER_SPIN
#define CONSUMER_SPIN 96u /* tight phases: spin iterations, see the top of the file */
#endif
#ifndef PRODUCER_SPIN
#define PRODUCER_SPIN 16u
#endif
#ifndef PIN
#define PIN 1
#endif

/* Tight phases: the two sides on two different CPUs, when there are two, so that the race is
 * a real parallel race and not whatever the scheduler's placement makes of it. */
static void
pin_to_cpu(unsigned nth)
{
   if (!PIN)
      return;
   cpu_set_t allowed, one;
   if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0 || CPU_COUNT(&allowed) < 2)
      return;
   for (int cpu = 0, seen = 0; cpu < CPU_SETSIZE; cpu++) {
      if (!CPU_ISSET(cpu, &allowed))
         continue;
      if ((unsigned)seen++ == nth) {
         CPU_ZERO(&one);
         CPU_SET(cpu, &one);
         pthread_setaffinity_np(pthread_self(), sizeof(one), &one);
         return;
      }
   }
}

static void
unpin(void)
{
   cpu_set_t all;
   CPU_ZERO(&all);
   for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
      CPU_SET(cpu, &all);
   pthread_setaffinity_np(pthread_self(), sizeof(all), &all); /* the kernel clips it */
}
#define WATCHDOG_S 60

struct pair {
   uint64_t records;
   struct mgt_ring prod;
   struct mgt_ring cons;
   bool consumer_delays;
   enum { LOOSE, TIGHT_CONSUMER_SLEEPS, TIGHT_PRODUCER_SLEEPS } tight;
};

static void
spin(uint64_t n)
{
   volatile uint64_t sink = 0;
   for (uint64_t i = 0; i < n; i++)
      sink += i;
   (void)sink; /* volatile: the loop is not optimised away; read to quiet clang */
}

/* Light jitter: 0 (~40 %), a short spin (~31 %), a yield (25 %), or a sleep of a few
 * microseconds (~3 %; rare, since on a loaded machine each costs a scheduler tick). Heavy jitter
 * (phase A) sleeps 1 time in 10, so the producer is usually slower than the consumer and the
 * consumer really goes to sleep after most records. */
static void
tiny_delay(uint64_t *rng, bool heavy)
{
   uint64_t r = splitmix64(rng);
   unsigned pick = (unsigned)(r % 32);
   if (heavy && pick < 3) {
      sleep_ns((long)(1000 + (r >> 8) % 20000));
      return;
   }
   if (pick < 13)
      return;
   if (pick < 23)
      spin((r >> 8) % 2000);
   else if (pick < 31)
      sched_yield();
   else
      sleep_ns((long)(1000 + (r >> 8) % 20000));
}

static void *
consumer_main(void *arg)
{
   struct pair *pr = arg;
   uint64_t rng = 0xc0ffee, seq = 0;
   if (pr->tight != LOOSE)
      pin_to_cpu(1);
   while (seq < pr->records) {
      if (pr->tight != TIGHT_PRODUCER_SLEEPS) {
         int rc = mgt_ring_wait(&pr->cons);
         CHECK(rc == MGT_RING_OK, "consumer wait: %d", rc);
      }
      uint32_t size;
      const unsigned char *p = mgt_ring_peek(&pr->cons, &size);
      if (!p) {
         CHECK(mgt_ring_error(&pr->cons) == MGT_RING_OK, "peek error");
         continue;
      }
      uint64_t got;
      CHECK(size == 16, "size %u", size);
      memcpy(&got, p + 8, 8);
      CHECK(got == seq, "got seq %llu, expected %llu", (unsigned long long)got,
            (unsigned long long)seq);
      if (pr->consumer_delays)
         tiny_delay(&rng, false);
      if (pr->tight == TIGHT_PRODUCER_SLEEPS)
         spin(splitmix64(&rng) % CONSUMER_SPIN);
      mgt_ring_release(&pr->cons);
      seq++;
      if (pr->tight == TIGHT_CONSUMER_SLEEPS)
         spin(splitmix64(&rng) % CONSUMER_SPIN);
   }
   return NULL;
}

/* producer_delays: 0 none, 1 light, 2 heavy jitter. */
static void
phase(const char *name, uint64_t records, uint32_t run_ahead, int producer_delays,
      bool consumer_delays, int tight)
{
   struct pair pr;
   memset(&pr, 0, sizeof(pr));
   pr.records = records;
   pr.consumer_delays = consumer_delays;
   pr.tight = tight;
   watchdog_start(WATCHDOG_S); /* per phase */
   CHECK(mgt_ring_create(&pr.prod, CAPACITY) == MGT_RING_OK, "create");
   CHECK(mgt_ring_attach(&pr.cons, pr.prod.fd) == MGT_RING_OK, "attach");
   mgt_ring_set_run_ahead(&pr.prod, run_ahead);

   double t0 = now_s();
   pthread_t th;
   CHECK(pthread_create(&th, NULL, consumer_main, &pr) == 0, "pthread_create");
   if (tight != LOOSE)
      pin_to_cpu(0);
   uint64_t rng = 0xdecaf;
   for (uint64_t seq = 0; seq < records; seq++) {
      if (producer_delays)
         tiny_delay(&rng, producer_delays == 2);
      if (tight == TIGHT_CONSUMER_SLEEPS) {
         while (mgt_ring_records_applied(&pr.prod) < seq)
            ; /* no sleeping here: only the consumer's doorbell is under test */
         spin(splitmix64(&rng) % PRODUCER_SPIN);
      }
      unsigned char *p = mgt_ring_reserve(&pr.prod, 16);
      CHECK(p, "reserve: %d", mgt_ring_error(&pr.prod));
      struct mgt_ring_record_header h = {.size = 16, .kind = 7, .aux = 0};
      memcpy(p, &h, sizeof(h));
      memcpy(p + 8, &seq, 8);
      CHECK(mgt_ring_commit(&pr.prod) == MGT_RING_OK, "commit");
      if (tight == TIGHT_PRODUCER_SLEEPS) {
         spin(splitmix64(&rng) % PRODUCER_SPIN);
         CHECK(mgt_ring_wait_applied(&pr.prod, seq + 1) == MGT_RING_OK, "wait_applied");
      }
   }
   CHECK(mgt_ring_wait_applied(&pr.prod, records) == MGT_RING_OK, "wait_applied");
   CHECK(pthread_join(th, NULL) == 0, "join");
   double dt = now_s() - t0;
   if (tight != LOOSE)
      unpin();

   struct mgt_ring_stats ps, cs;
   mgt_ring_get_stats(&pr.prod, &ps);
   mgt_ring_get_stats(&pr.cons, &cs);
   /* The producer rings only when the consumer may be asleep: at most once per record. */
   CHECK(ps.records == records && cs.records == records, "record counts");
   CHECK(ps.wakes <= records, "more wakes than records");
   CHECK(cs.wakes <= records + 1, "more producer wakes than records");
   /* A wake issued to a flag whose owner then found work in its re-check (and so never slept)
    * means the publish landed inside the owner's "about to sleep" window. */
   uint64_t hits = (ps.wakes > cs.sleeps ? ps.wakes - cs.sleeps : 0) +
                   (cs.wakes > ps.sleeps ? cs.wakes - ps.sleeps : 0);
   printf("ring_doorbell %-28s records %llu: producer issued %llu futex wakes "
          "(consumer slept %llu times); consumer issued %llu futex wakes "
          "(producer slept %llu times); race window hits %llu; %.2f s\n",
          name, (unsigned long long)records, (unsigned long long)ps.wakes,
          (unsigned long long)cs.sleeps, (unsigned long long)cs.wakes,
          (unsigned long long)ps.sleeps, (unsigned long long)hits, dt);
   mgt_ring_detach(&pr.cons);
   mgt_ring_destroy(&pr.prod);
}

int
main(void)
{
   phase("A: consumer sleeps, producer jitter", RECORDS, UINT32_MAX, 2, false, LOOSE);
   phase("B: lockstep, consumer jitter", LOCKSTEP_RECORDS, 0, 0, true, LOOSE);
   phase("C: lockstep, both jitter", LOCKSTEP_RECORDS, 0, 1, true, LOOSE);
   phase("D: no delays at all", RECORDS, UINT32_MAX, 0, false, LOOSE);
   phase("E: tight race, consumer word", RECORDS, UINT32_MAX, 0, false, TIGHT_CONSUMER_SLEEPS);
   phase("F: tight race, producer word", RECORDS, UINT32_MAX, 0, false, TIGHT_PRODUCER_SLEEPS);
   printf("ring_doorbell: PASS\n");
   return 0;
}
