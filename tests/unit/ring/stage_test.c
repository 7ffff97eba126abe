/* stage_test.c — the stage segment: alloc / resolve / release with wrap-around, contiguity and
 * alignment, reuse only behind the release token, out-of-bounds and overflowing resolves, the
 * distinct error for allocations larger than the segment, replies written by the consumer, a
 * producer that blocks until the consumer releases (a thread), a hostile release token,
 * attach refusing a bad memfd, and the heap: both mappings see the same store bytes and idle
 * table, heap spans resolve only inside it, and a header that puts it outside the file is
 * refused. */

#include "ring_test_util.h"
#include "stage.h"

#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>

#define CAP 4096u

struct pair {
   struct mgt_stage prod, cons;
};

static void
open_pair(struct pair *pr)
{
   CHECK(mgt_stage_create(&pr->prod, CAP) == MGT_STAGE_OK, "create");
   CHECK(mgt_stage_attach(&pr->cons, pr->prod.fd) == MGT_STAGE_OK, "attach");
   CHECK(pr->cons.data != pr->prod.data, "consumer must have its own mapping");
}

static void
close_pair(struct pair *pr)
{
   mgt_stage_detach(&pr->cons);
   mgt_stage_destroy(&pr->prod);
}

static void
pattern(unsigned char *p, uint64_t size, uint64_t seed)
{
   for (uint64_t i = 0; i < size; i++)
      p[i] = (unsigned char)(seed * 131 + i * 7);
}

static bool
has_pattern(const unsigned char *p, uint64_t size, uint64_t seed)
{
   for (uint64_t i = 0; i < size; i++)
      if (p[i] != (unsigned char)(seed * 131 + i * 7))
         return false;
   return true;
}

static void
basic_and_wrap(void)
{
   struct pair pr;
   open_pair(&pr);
   uint64_t off;
   void *ptr;
   CHECK(mgt_stage_alloc(&pr.prod, 100, 16, &off, &ptr) == MGT_STAGE_OK, "alloc");
   CHECK(off == 0 && ptr == pr.prod.data, "first allocation at 0");
   pattern(ptr, 100, 1);
   const unsigned char *c = mgt_stage_resolve(&pr.cons, off, 100);
   CHECK(c && c != ptr && has_pattern(c, 100, 1), "consumer sees the bytes in its own mapping");
   mgt_stage_release(&pr.cons, mgt_stage_mark(&pr.prod));

   /* Random sizes and alignments, released one by one: wraps many times. */
   uint64_t rng = 77, prev_off = 0, wraps = 0;
   for (uint64_t i = 0; i < 20000; i++) {
      uint64_t r = splitmix64(&rng);
      uint64_t size = (r & 7) ? (r >> 3) % 1500 : (r >> 3) % (CAP + 1); /* some > CAP/2 */
      uint64_t align = UINT64_C(1) << (splitmix64(&rng) % 9);           /* 1 .. 256 */
      int rc = mgt_stage_alloc(&pr.prod, size, align, &off, &ptr);
      CHECK(rc == MGT_STAGE_OK, "alloc %llu/%llu: %d", (unsigned long long)size,
            (unsigned long long)align, rc);
      CHECK(off % align == 0, "offset %llu not aligned to %llu", (unsigned long long)off,
            (unsigned long long)align);
      CHECK(off + size <= CAP, "allocation straddles the end: %llu + %llu", (unsigned long long)off,
            (unsigned long long)size);
      CHECK((unsigned char *)ptr == pr.prod.data + off, "pointer matches offset");
      if (off < prev_off)
         wraps++;
      prev_off = off;
      pattern(ptr, size, i);
      c = mgt_stage_resolve(&pr.cons, off, size);
      CHECK(c && has_pattern(c, size, i), "contents at %llu", (unsigned long long)off);
      mgt_stage_release(&pr.cons, mgt_stage_mark(&pr.prod));
   }
   CHECK(wraps > 1000, "expected many wraps, got %llu", (unsigned long long)wraps);
   printf("stage_test: 20000 random allocations, %llu wraps, contents verified\n",
          (unsigned long long)wraps);
   close_pair(&pr);
}

/* Space is reused only behind the token, and a skipped tail counts as allocated. */
static void
reuse_behind_token(void)
{
   struct pair pr;
   open_pair(&pr);
   uint64_t oa, ob, oc, od;
   void *pa, *pb, *pc, *pd;
   CHECK(mgt_stage_alloc(&pr.prod, 1000, 8, &oa, &pa) == MGT_STAGE_OK, "A");
   uint64_t ta = mgt_stage_mark(&pr.prod);
   CHECK(mgt_stage_alloc(&pr.prod, 1000, 8, &ob, &pb) == MGT_STAGE_OK, "B");
   uint64_t tb = mgt_stage_mark(&pr.prod);
   CHECK(mgt_stage_alloc(&pr.prod, 1000, 8, &oc, &pc) == MGT_STAGE_OK, "C");
   pattern(pc, 1000, 3);
   /* 1500 does not fit before the end (3000 + 1500 > 4096): it must go to 0, over A and B. */
   CHECK(mgt_stage_try_alloc(&pr.prod, 1500, 8, &od, &pd) == MGT_STAGE_WOULD_BLOCK,
         "nothing released yet");
   mgt_stage_release(&pr.cons, ta);
   CHECK(mgt_stage_try_alloc(&pr.prod, 1500, 8, &od, &pd) == MGT_STAGE_WOULD_BLOCK,
         "A alone (1000 B) is not enough for 1500 B");
   mgt_stage_release(&pr.cons, tb);
   mgt_stage_release(&pr.cons, ta); /* an older token is ignored */
   CHECK(atomic_load(&pr.cons.shared->released) == tb, "tokens only move forward");
   CHECK(mgt_stage_try_alloc(&pr.prod, 1500, 8, &od, &pd) == MGT_STAGE_OK, "A+B released");
   CHECK(od == 0 && od + 1500 <= oc, "wrapped to 0 without touching C");
   CHECK(has_pattern(pc, 1000, 3), "C intact");
   printf("stage_test: reuse only behind the release token: ok\n");
   close_pair(&pr);

   /* A skip to the next lap needs only the real allocations released, not the skipped bytes:
    * 3500 B after 1000 B must fit at 0 once the 1000 B are released (it deadlocked when the
    * skipped bytes were required too). */
   open_pair(&pr);
   CHECK(mgt_stage_alloc(&pr.prod, 1000, 8, &oa, &pa) == MGT_STAGE_OK, "small");
   mgt_stage_release(&pr.cons, mgt_stage_mark(&pr.prod));
   CHECK(mgt_stage_try_alloc(&pr.prod, 3500, 8, &od, &pd) == MGT_STAGE_OK && od == 0,
         "a large allocation after a skip");
   CHECK(mgt_stage_try_alloc(&pr.prod, 0, 1, &od, &pd) == MGT_STAGE_OK,
         "an empty one needs nothing");
   CHECK(mgt_stage_try_alloc(&pr.prod, 8, 1, &od, &pd) == MGT_STAGE_OK && od == 3500,
         "8 B at 3500 only reuse skipped (empty) slots");
   CHECK(mgt_stage_try_alloc(&pr.prod, 700, 1, &od, &pd) == MGT_STAGE_WOULD_BLOCK,
         "700 B must skip to 0 and would overwrite the unreleased 3500 B");
   printf("stage_test: large allocation after a skip to the next lap: ok\n");
   close_pair(&pr);
}

/* Records with several allocations each, as an encoder makes them (a blob, then a reply span):
 * the consumer only ever releases the token of a record the producer published, never bytes of
 * the record still being built. Whenever the producer would block, the simulated consumer
 * applies the oldest published record; if nothing is left to apply and the producer still
 * cannot allocate, that allocation would wait forever. Each record's allocations stay under
 * half the capacity, so a fit always exists. */
static void
records_with_several_allocations(void)
{
   struct pair pr;
   open_pair(&pr);
   enum { QUEUE = 64 };
   uint64_t queue[QUEUE]; /* tokens of published, unapplied records */
   unsigned head = 0, count = 0;
   uint64_t rng = 4242, blocked = 0;
   for (uint64_t rec = 0; rec < 50000; rec++) {
      unsigned n = 1 + (unsigned)(splitmix64(&rng) % 3);
      uint64_t budget = CAP / 2 - 3 * 256; /* alignment padding stays inside half */
      for (unsigned i = 0; i < n; i++) {
         uint64_t size = splitmix64(&rng) % (budget / (n - i) + 1);
         uint64_t align = UINT64_C(1) << (splitmix64(&rng) % 9);
         budget -= size;
         uint64_t off;
         void *ptr;
         int rc;
         while ((rc = mgt_stage_try_alloc(&pr.prod, size, align, &off, &ptr)) ==
                MGT_STAGE_WOULD_BLOCK) {
            CHECK(count > 0,
                  "record %llu allocation %u (%llu B) can never be satisfied: everything "
                  "published is released (released %llu, pos %llu)",
                  (unsigned long long)rec, i, (unsigned long long)size,
                  (unsigned long long)atomic_load(&pr.prod.shared->released),
                  (unsigned long long)pr.prod.pos);
            mgt_stage_release(&pr.cons, queue[head]);
            head = (head + 1) % QUEUE;
            count--;
            blocked++;
         }
         CHECK(rc == MGT_STAGE_OK, "alloc: %d", rc);
         CHECK(off % align == 0 && off + size <= CAP, "placement");
      }
      if (count == QUEUE) { /* the ring of records is full: apply one */
         mgt_stage_release(&pr.cons, queue[head]);
         head = (head + 1) % QUEUE;
         count--;
      }
      queue[(head + count) % QUEUE] = mgt_stage_mark(&pr.prod); /* publish */
      count++;
   }
   printf("stage_test: 50000 records of 1-3 allocations, released by record: ok (%llu waits)\n",
          (unsigned long long)blocked);
   close_pair(&pr);

   /* The smallest case: a record ends at offset 3000; the next record's first allocation
    * skips to the next lap and its second one reaches back into the skipped bytes. */
   open_pair(&pr);
   uint64_t off;
   void *ptr;
   CHECK(mgt_stage_alloc(&pr.prod, 3000, 8, &off, &ptr) == MGT_STAGE_OK, "previous record");
   mgt_stage_release(&pr.cons, mgt_stage_mark(&pr.prod));
   CHECK(mgt_stage_try_alloc(&pr.prod, 1504, 8, &off, &ptr) == MGT_STAGE_OK && off == 0,
         "first allocation skips to the next lap");
   /* 1600 B at 1504 reuse slots [1504, 3104): [1504, 3000) of the released record and
    * [3000, 3104) that the skip left empty. */
   CHECK(mgt_stage_try_alloc(&pr.prod, 1600, 8, &off, &ptr) == MGT_STAGE_OK && off == 1504,
         "second allocation only overlaps released and skipped (empty) bytes");
   printf("stage_test: an allocation over a skipped gap does not wait for the gap: ok\n");
   close_pair(&pr);
}

static void
limits(void)
{
   struct pair pr;
   open_pair(&pr);
   uint64_t off;
   void *ptr;
   CHECK(mgt_stage_alloc(&pr.prod, CAP + 1, 1, &off, &ptr) == MGT_STAGE_TOO_BIG, "cap + 1");
   CHECK(mgt_stage_alloc(&pr.prod, UINT64_MAX, 1, &off, &ptr) == MGT_STAGE_TOO_BIG, "huge");
   CHECK(mgt_stage_alloc(&pr.prod, 8, 3, &off, &ptr) == MGT_STAGE_INVALID, "align 3");
   CHECK(mgt_stage_alloc(&pr.prod, 8, CAP * 2, &off, &ptr) == MGT_STAGE_INVALID, "align > cap");
   CHECK(mgt_stage_alloc(&pr.prod, 24, 0, &off, &ptr) == MGT_STAGE_OK, "align 0 means 1");
   mgt_stage_release(&pr.cons, mgt_stage_mark(&pr.prod));
   CHECK(mgt_stage_alloc(&pr.prod, CAP, 1, &off, &ptr) == MGT_STAGE_OK && off == 0,
         "a whole-segment allocation fits once everything is released");
   CHECK(mgt_stage_alloc(&pr.prod, 0, 1, &off, &ptr) == MGT_STAGE_OK, "size 0");
   printf("stage_test: larger than capacity -> MGT_STAGE_TOO_BIG; bad alignment -> INVALID\n");

   static const struct {
      uint64_t off, size;
      bool ok;
   } spans[] = {
      {0, CAP, true},
      {CAP - 8, 8, true},
      {CAP, 0, true},
      {0, CAP + 1, false},
      {CAP - 8, 9, false},
      {CAP, 1, false},
      {CAP + 1, 0, false},
      {8, UINT64_MAX - 4, false}, /* offset + size overflows to 3 */
      {UINT64_MAX, 2, false},     /* overflows to 1 */
      {UINT64_MAX - 1, 8, false},
      {UINT64_MAX, UINT64_MAX, false},
   };
   for (size_t i = 0; i < sizeof(spans) / sizeof(spans[0]); i++) {
      const void *c = mgt_stage_resolve(&pr.cons, spans[i].off, spans[i].size);
      void *w = mgt_stage_resolve_writable(&pr.cons, spans[i].off, spans[i].size);
      CHECK((c != NULL) == spans[i].ok && (w != NULL) == spans[i].ok,
            "resolve(%llu, %llu) should %s", (unsigned long long)spans[i].off,
            (unsigned long long)spans[i].size, spans[i].ok ? "succeed" : "be NULL");
      if (c)
         CHECK((const unsigned char *)c == pr.cons.data + spans[i].off, "resolve pointer");
   }
   printf("stage_test: out-of-bounds and overflowing resolves -> NULL\n");
   close_pair(&pr);
}

/* A reply: the producer allocates a span, the consumer fills it in its own mapping. */
static void
reply(void)
{
   struct pair pr;
   open_pair(&pr);
   uint64_t off;
   void *ptr;
   CHECK(mgt_stage_alloc(&pr.prod, 64, 8, &off, &ptr) == MGT_STAGE_OK, "alloc");
   memset(ptr, 0, 64);
   unsigned char *w = mgt_stage_resolve_writable(&pr.cons, off, 64);
   CHECK(w && w != ptr, "writable span in the consumer's mapping");
   pattern(w, 64, 9);
   mgt_stage_release(&pr.cons, mgt_stage_mark(&pr.prod));
   CHECK(has_pattern(ptr, 64, 9), "the producer reads the reply");
   printf("stage_test: reply written by the consumer, read by the producer: ok\n");
   close_pair(&pr);
}

struct blocker {
   struct pair pr;
   _Atomic int done;
   _Atomic int hook_calls;
   int rc;
   uint64_t off;
};

static void
before_wait(void *ctx)
{
   struct blocker *b = ctx;
   atomic_fetch_add(&b->hook_calls, 1);
}

static void *
blocked_alloc(void *arg)
{
   struct blocker *b = arg;
   void *ptr;
   b->rc = mgt_stage_alloc(&b->pr.prod, 64, 8, &b->off, &ptr);
   atomic_store(&b->done, 1);
   return NULL;
}

static void
producer_blocks(void)
{
   struct blocker *b = calloc(1, sizeof(*b));
   CHECK(b, "calloc");
   open_pair(&b->pr);
   mgt_stage_set_before_wait(&b->pr.prod, before_wait, b);
   uint64_t off;
   void *ptr;
   CHECK(mgt_stage_alloc(&b->pr.prod, CAP - 32, 8, &off, &ptr) == MGT_STAGE_OK, "fill");
   uint64_t token = mgt_stage_mark(&b->pr.prod);

   pthread_t th;
   CHECK(pthread_create(&th, NULL, blocked_alloc, b) == 0, "pthread_create");
   CHECK(wait_for_sleeper(&b->pr.prod.stat_sleeps, 10.0), "the producer never slept");
   sleep_ns(20000000L);
   CHECK(!atomic_load(&b->done), "alloc returned while the segment was full");
   CHECK(atomic_load(&b->hook_calls) == 1, "before-wait hook called once before sleeping");
   mgt_stage_release(&b->pr.cons, token);
   CHECK(pthread_join(th, NULL) == 0, "join");
   CHECK(b->rc == MGT_STAGE_OK && b->off == 0, "alloc after release: rc %d off %llu", b->rc,
         (unsigned long long)b->off);
   struct mgt_stage_stats cs;
   mgt_stage_get_stats(&b->pr.cons, &cs);
   CHECK(cs.wakes == 1, "the release woke the producer once (%llu)", (unsigned long long)cs.wakes);
   printf("stage_test: producer blocked until the consumer released: ok\n");
   close_pair(&b->pr);
   free(b);
}

static void
hostile(void)
{
   struct pair pr;
   open_pair(&pr);
   uint64_t off;
   void *ptr;
   CHECK(mgt_stage_alloc(&pr.prod, CAP, 1, &off, &ptr) == MGT_STAGE_OK, "fill");
   /* A consumer releasing more than was ever allocated is lying. */
   atomic_store(&pr.cons.shared->released, CAP + 100);
   CHECK(mgt_stage_alloc(&pr.prod, 8, 8, &off, &ptr) == MGT_STAGE_CORRUPT, "token beyond pos");
   CHECK(mgt_stage_error(&pr.prod) == MGT_STAGE_CORRUPT, "sticky");
   CHECK(mgt_stage_alloc(&pr.prod, 8, 8, &off, &ptr) == MGT_STAGE_CORRUPT, "still corrupt");
   printf("stage_test: release token beyond the allocations -> MGT_STAGE_CORRUPT\n");
   close_pair(&pr);

   struct mgt_stage s;
   int fd = memfd_create("not-sealed", MFD_CLOEXEC);
   CHECK(fd >= 0 && ftruncate(fd, 4096 + CAP) == 0, "memfd");
   CHECK(mgt_stage_attach(&s, fd) == MGT_STAGE_INVALID, "unsealed memfd accepted");
   close(fd);
   struct mgt_stage p;
   CHECK(mgt_stage_create(&p, CAP) == MGT_STAGE_OK, "create");
   p.shared->capacity = CAP * 4;
   CHECK(mgt_stage_attach(&s, p.fd) == MGT_STAGE_INVALID, "capacity beyond the file accepted");
   p.shared->capacity = CAP;
   p.shared->magic = 0;
   CHECK(mgt_stage_attach(&s, p.fd) == MGT_STAGE_INVALID, "bad magic accepted");
   mgt_stage_destroy(&p);
   CHECK(mgt_stage_create(&p, 1000) == MGT_STAGE_INVALID, "capacity not a power of two");
   mgt_stage_destroy(&p);
   mgt_stage_destroy(NULL);
   mgt_stage_detach(NULL);
   memset(&s, 0, sizeof(s));
   mgt_stage_destroy(&s);
   memset(&s, 0, sizeof(s));
   mgt_stage_detach(&s);
   printf("stage_test: attach refuses unsealed or malformed memfds\n");
}

static void
heap(void)
{
   const uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
   const uint64_t hsize = 16 * page;
   struct mgt_stage p, c;
   CHECK(mgt_stage_create_with_heap(&p, CAP, page + 1) == MGT_STAGE_INVALID,
         "a heap that is not whole pages accepted");
   /* A capacity below a page still puts the heap on a page boundary. */
   CHECK(mgt_stage_create_with_heap(&p, 1024, hsize) == MGT_STAGE_OK, "create with heap");
   CHECK(mgt_stage_attach(&c, p.fd) == MGT_STAGE_OK, "attach with heap");
   CHECK(p.heap && c.heap && c.heap != p.heap && c.heap_size == hsize, "two heap mappings");
   CHECK((uintptr_t)c.heap % page == 0 && (uintptr_t)p.heap % page == 0, "heap page-aligned");
   CHECK((unsigned char *)c.table >= c.data + 1024 && (unsigned char *)c.table < c.heap,
         "the idle table lies between the data and the heap");
   pattern(p.heap + 3 * page, 100, 5);
   const unsigned char *seen = mgt_stage_heap_resolve(&c, 3 * page, 100);
   CHECK(seen == c.heap + 3 * page, "heap resolve");
   unsigned char want[100];
   pattern(want, 100, 5);
   CHECK(!memcmp(seen, want, 100), "the consumer sees the producer's store bytes");
   atomic_store(&c.table->idle[7], 42);
   CHECK(atomic_load(&p.table->idle[7]) == 42, "the producer sees the consumer's stamp");
   CHECK(mgt_stage_heap_resolve(&c, hsize, 0) != NULL, "empty span at the end is inside");
   CHECK(!mgt_stage_heap_resolve(&c, hsize - 8, 9), "span past the heap resolved");
   CHECK(!mgt_stage_heap_resolve(&c, UINT64_MAX - 4, 8), "overflowing span resolved");
   CHECK(!mgt_stage_heap_resolve(&p, hsize + 1, 0), "offset past the heap resolved");
   mgt_stage_detach(&c);
   const uint64_t good = p.shared->heap_offset;
   p.shared->heap_offset = good + page;
   CHECK(mgt_stage_attach(&c, p.fd) == MGT_STAGE_INVALID, "heap past the file accepted");
   p.shared->heap_offset = good - page / 2;
   CHECK(mgt_stage_attach(&c, p.fd) == MGT_STAGE_INVALID, "unaligned heap accepted");
   p.shared->heap_offset = good;
   p.shared->table_offset = good - 64;
   CHECK(mgt_stage_attach(&c, p.fd) == MGT_STAGE_INVALID, "table overlapping the heap accepted");
   mgt_stage_destroy(&p);
   struct mgt_stage n;
   CHECK(mgt_stage_create(&n, CAP) == MGT_STAGE_OK && !n.heap && !n.table, "no heap by default");
   CHECK(!mgt_stage_heap_resolve(&n, 0, 0), "heap span resolved without a heap");
   mgt_stage_destroy(&n);
   printf("stage_test: heap shared by both mappings, bounds-checked, malformed headers refused\n");
}

int
main(void)
{
   watchdog_start(60);
   heap();
   basic_and_wrap();
   reuse_behind_token();
   records_with_several_allocations();
   limits();
   reply();
   producer_blocks();
   hostile();
   printf("stage_test: PASS\n");
   return 0;
}
