/* ring_wrap.c — a producer thread and a consumer thread on a 4 KiB ring, the consumer on its
 * own second mapping of the memfd. Tens of thousands of records of random sizes (8 B up to
 * capacity/2) make the ring wrap thousands of times; every record carries its sequence number,
 * a checksum and bytes the consumer can regenerate, so order and contents are both checked.
 * Runs with unlimited run-ahead (per-record commit and batched commit + kick), lockstep (0)
 * and run-ahead 4, checking the run-ahead bound after every commit. */

#include "ring.h"
#include "ring_test_util.h"

#include <pthread.h>

#define CAPACITY 4096u
#define RECORDS 40000u
#define SEED UINT64_C(0x5eed0f41a9e1)

struct run {
   const char *name;
   uint32_t run_ahead;
   bool batched;
   struct mgt_ring prod;
   struct mgt_ring cons;
};

/* Sizes: 1/8 the smallest, 1/8 the largest, the rest uniform, all multiples of 8. */
static uint32_t
record_size(uint64_t seq)
{
   uint64_t st = SEED ^ (seq * UINT64_C(0x9E3779B97F4A7C15));
   uint64_t r = splitmix64(&st);
   uint32_t max = CAPACITY / 2;
   switch (r & 7) {
   case 0: return 8;
   case 1: return max;
   default: return 8 * (1 + (uint32_t)((r >> 3) % (max / 8)));
   }
}

static uint64_t
fnv1a(const unsigned char *p, size_t n)
{
   uint64_t h = UINT64_C(0xcbf29ce484222325);
   for (size_t i = 0; i < n; i++)
      h = (h ^ p[i]) * UINT64_C(0x100000001b3);
   return h;
}

/* Layout: header {size, kind = 1 + seq % 1000, aux = seq & 0xffff}; then, if room, the full
 * seq (u64) at 8, the checksum of bytes [24, size) at 16, and PRNG(seq) bytes from 24. */
static void
fill_payload(unsigned char *p, uint32_t size, uint64_t seq)
{
   struct mgt_ring_record_header h;
   memcpy(&h, p, sizeof(h));
   h.kind = (uint16_t)(1 + seq % 1000);
   h.aux = (uint16_t)seq;
   memcpy(p, &h, sizeof(h));
   if (size >= 16)
      memcpy(p + 8, &seq, 8);
   if (size >= 24) {
      uint64_t st = seq ^ SEED;
      for (uint32_t i = 24; i < size; i += 8) {
         uint64_t v = splitmix64(&st);
         memcpy(p + i, &v, 8);
      }
      uint64_t sum = fnv1a(p + 24, size - 24);
      memcpy(p + 16, &sum, 8);
   }
}

static void
verify_record(const unsigned char *p, uint32_t size, uint64_t seq)
{
   CHECK(size == record_size(seq), "seq %llu: size %u, expected %u", (unsigned long long)seq, size,
         record_size(seq));
   struct mgt_ring_record_header h;
   memcpy(&h, p, sizeof(h));
   CHECK(h.size == size, "seq %llu: header size %u vs %u", (unsigned long long)seq, h.size, size);
   CHECK(h.kind == 1 + seq % 1000, "seq %llu: kind %u", (unsigned long long)seq, h.kind);
   CHECK(h.aux == (uint16_t)seq, "seq %llu: aux %u (out of order?)", (unsigned long long)seq,
         h.aux);
   if (size >= 16) {
      uint64_t got;
      memcpy(&got, p + 8, 8);
      CHECK(got == seq, "record out of order: got seq %llu, expected %llu", (unsigned long long)got,
            (unsigned long long)seq);
   }
   if (size >= 24) {
      uint64_t sum;
      memcpy(&sum, p + 16, 8);
      CHECK(sum == fnv1a(p + 24, size - 24), "seq %llu: checksum mismatch",
            (unsigned long long)seq);
      uint64_t st = seq ^ SEED;
      for (uint32_t i = 24; i < size; i += 8) {
         uint64_t v = splitmix64(&st), got;
         memcpy(&got, p + i, 8);
         CHECK(got == v, "seq %llu: payload byte %u differs", (unsigned long long)seq, i);
      }
   }
}

static void *
consumer_main(void *arg)
{
   struct run *run = arg;
   struct mgt_ring *c = &run->cons;
   const unsigned char *lo = c->data, *hi = c->data + CAPACITY;
   const unsigned char *plo = run->prod.data, *phi = run->prod.data + CAPACITY;
   uint64_t seq = 0;
   while (seq < RECORDS) {
      int rc = mgt_ring_wait(c);
      CHECK(rc == MGT_RING_OK, "consumer wait: %d", rc);
      uint32_t size = 0;
      const unsigned char *p = mgt_ring_peek(c, &size);
      if (!p) {
         CHECK(mgt_ring_error(c) == MGT_RING_OK, "consumer peek error %d", mgt_ring_error(c));
         continue;
      }
      /* The consumer reads its own mapping, contiguously, never the producer's pointer. */
      CHECK(p >= lo && p + size <= hi, "record outside the consumer's data area");
      CHECK(!(p >= plo && p < phi), "consumer got a pointer into the producer's mapping");
      CHECK(((uintptr_t)p & 7) == 0, "record not 8-byte aligned");
      verify_record(p, size, seq);
      mgt_ring_release(c);
      seq++;
   }
   uint32_t size;
   CHECK(mgt_ring_peek(c, &size) == NULL, "a record after the last one");
   return NULL;
}

static void
run_one(struct run *run)
{
   CHECK(mgt_ring_create(&run->prod, CAPACITY) == MGT_RING_OK, "create");
   CHECK(mgt_ring_attach(&run->cons, run->prod.fd) == MGT_RING_OK, "attach");
   CHECK(run->cons.shared != run->prod.shared, "consumer must have its own mapping");
   mgt_ring_set_run_ahead(&run->prod, run->run_ahead);

   double t0 = now_s();
   pthread_t th;
   CHECK(pthread_create(&th, NULL, consumer_main, run) == 0, "pthread_create");

   struct mgt_ring *p = &run->prod;
   uint64_t batch_state = SEED, bytes = 0, max_unapplied = 0;
   uint32_t until_kick = 1;
   for (uint64_t seq = 0; seq < RECORDS; seq++) {
      uint32_t size = record_size(seq);
      unsigned char *rec = mgt_ring_reserve(p, size);
      CHECK(rec, "reserve %u failed: %d", size, mgt_ring_error(p));
      CHECK(rec >= p->data && rec + size <= p->data + CAPACITY, "reservation not contiguous");
      fill_payload(rec, size, seq);
      bytes += size;
      int rc;
      if (run->batched) {
         rc = mgt_ring_commit_deferred(p);
         if (--until_kick == 0) {
            CHECK(mgt_ring_kick(p) == MGT_RING_OK, "kick");
            until_kick = 1 + (uint32_t)(splitmix64(&batch_state) % 16);
         }
      } else {
         rc = mgt_ring_commit(p);
      }
      CHECK(rc == MGT_RING_OK, "commit: %d", rc);
      uint64_t unapplied = mgt_ring_records_published(p) - mgt_ring_records_applied(p);
      if (unapplied > max_unapplied)
         max_unapplied = unapplied;
      if (run->run_ahead != UINT32_MAX)
         CHECK(unapplied <= run->run_ahead, "run-ahead %u exceeded: %llu unapplied", run->run_ahead,
               (unsigned long long)unapplied);
   }
   CHECK(mgt_ring_kick(p) == MGT_RING_OK, "final kick");
   CHECK(mgt_ring_wait_applied(p, RECORDS) == MGT_RING_OK, "wait_applied");
   CHECK(pthread_join(th, NULL) == 0, "join");
   double dt = now_s() - t0;

   struct mgt_ring_stats ps, cs;
   mgt_ring_get_stats(p, &ps);
   mgt_ring_get_stats(&run->cons, &cs);
   CHECK(ps.records == RECORDS && cs.records == RECORDS, "records %llu/%llu",
         (unsigned long long)ps.records, (unsigned long long)cs.records);
   uint64_t laps = p->head / CAPACITY;
   CHECK(laps > 1000, "the ring should wrap many times, wrapped %llu", (unsigned long long)laps);
   printf("ring_wrap %-18s %u records, %llu bytes, %llu laps, max unapplied %llu, "
          "producer wakes %llu sleeps %llu, consumer wakes %llu sleeps %llu, %.2f s\n",
          run->name, RECORDS, (unsigned long long)bytes, (unsigned long long)laps,
          (unsigned long long)max_unapplied, (unsigned long long)ps.wakes,
          (unsigned long long)ps.sleeps, (unsigned long long)cs.wakes,
          (unsigned long long)cs.sleeps, dt);
   mgt_ring_detach(&run->cons);
   mgt_ring_destroy(&run->prod);
}

int
main(void)
{
   watchdog_start(120);
   struct run runs[] = {
      {.name = "unlimited", .run_ahead = UINT32_MAX},
      {.name = "unlimited-batched", .run_ahead = UINT32_MAX, .batched = true},
      {.name = "lockstep(0)", .run_ahead = 0},
      {.name = "run-ahead(4)", .run_ahead = 4},
      {.name = "run-ahead(4)-batch", .run_ahead = 4, .batched = true},
   };
   for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++)
      run_one(&runs[i]);

   /* destroy/detach accept NULL and zeroed structs, and twice. */
   struct mgt_ring zero;
   memset(&zero, 0, sizeof(zero));
   mgt_ring_destroy(NULL);
   mgt_ring_detach(NULL);
   mgt_ring_destroy(&zero);
   memset(&zero, 0, sizeof(zero));
   mgt_ring_detach(&zero);
   mgt_ring_destroy(&zero);
   printf("ring_wrap: PASS\n");
   return 0;
}
