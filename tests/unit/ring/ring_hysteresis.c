/* ring_hysteresis.c — the producer's sleeps against a slower consumer. A producer that waits for
 * room in a full ring, or for one record among many to be applied, is woken by the consumer
 * only at its target (ring.h, wake_tail/wake_applied), not at every record released.
 *  phase "room": 20,000 records of 16 bytes through a 4 KiB ring (256 records) while the
 *           consumer spins a few microseconds per record, so the ring stays full. Pass: the
 *           producer slept at most once per 1/8 of the ring's records (it sleeps once per quarter
 *           when each wake-up waits for a quarter of the ring), and the consumer woke it as
 *           often as it slept.
 *  phase "applied": 2,000 records published to a 64 KiB ring before the consumer starts, then
 *           mgt_ring_wait_applied(2000) while the consumer spins per record. Pass: the producer
 *           slept at most twice.
 * Shown red before the targets existed: the consumer woke the producer at every release. */

#include "ring.h"
#include "ring_test_util.h"

#include <pthread.h>
#include <sched.h>

#define ROOM_CAPACITY 4096u
#define ROOM_RECORDS 20000u
#define APPLIED_CAPACITY 65536u
#define APPLIED_RECORDS 2000u
#define CONSUMER_SPIN 4000u /* per record: a few microseconds, far slower than the producer */

struct pair {
   struct mgt_ring prod;
   struct mgt_ring cons;
   uint64_t records;
   _Atomic int go;
};

static void
spin(uint64_t n)
{
   volatile uint64_t sink = 0;
   for (uint64_t i = 0; i < n; i++)
      sink += i;
   (void)sink;
}

static void *
consumer_main(void *arg)
{
   struct pair *pr = arg;
   while (!atomic_load(&pr->go))
      sched_yield();
   for (uint64_t seq = 0; seq < pr->records;) {
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
      spin(CONSUMER_SPIN);
      mgt_ring_release(&pr->cons);
      seq++;
   }
   return NULL;
}

static void
publish(struct pair *pr, uint64_t seq)
{
   unsigned char *p = mgt_ring_reserve(&pr->prod, 16);
   CHECK(p, "reserve: %d", mgt_ring_error(&pr->prod));
   struct mgt_ring_record_header h = {.size = 16, .kind = 7, .aux = 0};
   memcpy(p, &h, sizeof(h));
   memcpy(p + 8, &seq, 8);
   CHECK(mgt_ring_commit(&pr->prod) == MGT_RING_OK, "commit");
}

/* Returns the producer's sleeps; *wakes: the consumer's wake-ups of it. */
static uint64_t
phase(const char *name, uint32_t capacity, uint64_t records, bool publish_first, uint64_t *wakes)
{
   static struct pair pr;
   memset(&pr, 0, sizeof(pr));
   pr.records = records;
   watchdog_start(60);
   CHECK(mgt_ring_create(&pr.prod, capacity) == MGT_RING_OK, "create");
   CHECK(mgt_ring_attach(&pr.cons, pr.prod.fd) == MGT_RING_OK, "attach");
   pthread_t th;
   CHECK(pthread_create(&th, NULL, consumer_main, &pr) == 0, "pthread_create");
   if (!publish_first)
      atomic_store(&pr.go, 1);
   for (uint64_t seq = 0; seq < records; seq++)
      publish(&pr, seq);
   atomic_store(&pr.go, 1);
   CHECK(mgt_ring_wait_applied(&pr.prod, records) == MGT_RING_OK, "wait_applied");
   CHECK(pthread_join(th, NULL) == 0, "join");
   struct mgt_ring_stats ps, cs;
   mgt_ring_get_stats(&pr.prod, &ps);
   mgt_ring_get_stats(&pr.cons, &cs);
   printf("%s: %llu records, producer sleeps %llu, consumer wakes %llu\n", name,
          (unsigned long long)records, (unsigned long long)ps.sleeps, (unsigned long long)cs.wakes);
   mgt_ring_detach(&pr.cons);
   mgt_ring_destroy(&pr.prod);
   alarm(0);
   *wakes = cs.wakes;
   return ps.sleeps;
}

int
main(void)
{
   uint64_t wakes;
   uint64_t sleeps = phase("room", ROOM_CAPACITY, ROOM_RECORDS, false, &wakes);
   const uint64_t per_ring = ROOM_CAPACITY / 16;
   CHECK(sleeps <= ROOM_RECORDS / (per_ring / 8), "room: %llu sleeps, at most %llu",
         (unsigned long long)sleeps, (unsigned long long)(ROOM_RECORDS / (per_ring / 8)));
   CHECK(wakes <= sleeps + 1, "room: %llu wakes for %llu sleeps", (unsigned long long)wakes,
         (unsigned long long)sleeps);
   sleeps = phase("applied", APPLIED_CAPACITY, APPLIED_RECORDS, true, &wakes);
   CHECK(sleeps <= 2, "applied: %llu sleeps, at most 2", (unsigned long long)sleeps);
   puts("PASS");
   return 0;
}
