/* hash_array_test.c — the hash table of hash.h (insert, find with equal keys, backward-shift
 * remove in a cluster that wraps round the end, growth, iteration with removes, a long random
 * run against a plain list) and the growable array of array.h (push, grow by n, exact
 * reserve, growth keeps the elements, new room zeroed, sizes that do not fit refused). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "hash.h"

static int failures;
#define CHECK(cond, msg)                                                                           \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         failures++;                                                                               \
         printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, msg);                                      \
      }                                                                                            \
   } while (0)

/* Keys whose low and high halves fold to `home` (the table's first slot choice for them). */
static uint64_t
key_at(uint32_t home, uint32_t n)
{
   return ((uint64_t)n << 32) | (n ^ home);
}

static unsigned
count_key(const struct mgu_hash_table *t, uint64_t key)
{
   unsigned n = 0;
   for (uint32_t i = mgu_hash_table_find(t, key); i != MGU_HASH_NONE;
        i = mgu_hash_table_find_next(t, key, i))
      n++;
   return n;
}

static void
hash_basics(void)
{
   struct mgu_hash_table t;
   mgu_hash_table_init(&t);
   CHECK(mgu_hash_table_find(&t, 42) == MGU_HASH_NONE, "an empty table finds nothing");
   CHECK(mgu_hash_table_next(&t, 0) == MGU_HASH_NONE, "an empty table iterates nothing");
   CHECK(mgu_hash_table_insert(&t, 42, 1) && mgu_hash_table_insert(&t, 42, 2), "equal keys insert");
   CHECK(t.count == 2 && count_key(&t, 42) == 2, "both entries of an equal key are found");
   CHECK(!mgu_hash_table_remove(&t, 42, 3), "remove of an absent value refused");
   CHECK(mgu_hash_table_remove(&t, 42, 1), "remove {42,1}");
   uint32_t i = mgu_hash_table_find(&t, 42);
   CHECK(i != MGU_HASH_NONE && t.slots[i].value == 2 && count_key(&t, 42) == 1,
         "the other entry of the key stays");
   mgu_hash_table_finish(&t);
   CHECK(!t.slots && !t.cap && !t.count, "finish empties");

   /* A cluster at the last slot wraps round to slot 0; removing its first member shifts the
    * rest back, and every member stays reachable. */
   mgu_hash_table_init(&t);
   CHECK(mgu_hash_table_reserve(&t, 4) && t.cap == 16, "reserve 4 gives 16 slots");
   for (uint32_t n = 0; n < 4; n++)
      mgu_hash_table_insert(&t, key_at(15, n), n);
   mgu_hash_table_insert(&t, key_at(0, 9), 9); /* its home is taken by the wrapped cluster */
   CHECK(t.slots[15].used && t.slots[0].used && t.slots[3].used && !t.slots[4].used,
         "the cluster wraps round");
   CHECK(mgu_hash_table_remove(&t, key_at(15, 0), 0), "remove the cluster's head");
   for (uint32_t n = 1; n < 4; n++)
      CHECK(count_key(&t, key_at(15, n)) == 1, "a shifted member is found");
   CHECK(count_key(&t, key_at(0, 9)) == 1, "the displaced key is found");
   CHECK(t.slots[2].used && !t.slots[3].used, "backward shift left no hole inside the cluster");
   mgu_hash_table_finish(&t);

   /* Growth keeps every entry; iteration with removes sees each entry, skips none. */
   mgu_hash_table_init(&t);
   for (uint32_t n = 0; n < 1000; n++)
      CHECK(mgu_hash_table_insert(&t, mgu_hash64(&n, sizeof(n), 0), n), "insert grows");
   CHECK(t.count == 1000 && t.cap >= 2000, "at most half full");
   unsigned found = 0;
   for (uint32_t n = 0; n < 1000; n++) {
      i = mgu_hash_table_find(&t, mgu_hash64(&n, sizeof(n), 0));
      found += i != MGU_HASH_NONE && t.slots[i].value == n;
   }
   CHECK(found == 1000, "every entry found after growth");
   unsigned odd = 0, seen = 0;
   for (i = mgu_hash_table_next(&t, 0); i != MGU_HASH_NONE;) {
      seen++;
      if (t.slots[i].value & 1) {
         odd++;
         mgu_hash_table_remove_at(&t, i);
         i = mgu_hash_table_next(&t, i);
      } else {
         i = mgu_hash_table_next(&t, i + 1);
      }
   }
   CHECK(odd == 500 && t.count == 500, "iteration removed every odd entry");
   CHECK(seen >= 1000, "iteration saw every entry");
   mgu_hash_table_finish(&t);

   /* Sizes that do not fit are refused and change nothing. */
   mgu_hash_table_init(&t);
   mgu_hash_table_insert(&t, 7, 7);
   CHECK(!mgu_hash_table_reserve(&t, UINT64_MAX), "reserve 2^64-1 refused (n * 2 overflows)");
   CHECK(!mgu_hash_table_reserve(&t, (UINT64_C(1) << 31) + 1), "reserve past 2^31 refused");
   CHECK(t.cap == 16 && count_key(&t, 7) == 1, "a refused reserve changes nothing");
   mgu_hash_table_finish(&t);
}

/* Random inserts and removes over a few keys (many equal, many colliding) against a list. */
static void
hash_random(void)
{
   enum { N = 4096 };
   static uint64_t ref_key[N], ref_val[N];
   unsigned ref_n = 0;
   struct mgu_hash_table t;
   mgu_hash_table_init(&t);
   srand(1);
   for (unsigned step = 0; step < 20000; step++) {
      uint64_t key = key_at((uint32_t)rand() % 4, (uint32_t)rand() % 64);
      if (ref_n < N && (rand() % 3 || !ref_n)) {
         uint64_t v = step;
         CHECK(mgu_hash_table_insert(&t, key, v), "random insert");
         ref_key[ref_n] = key, ref_val[ref_n] = v, ref_n++;
      } else {
         unsigned r = (unsigned)rand() % ref_n;
         CHECK(mgu_hash_table_remove(&t, ref_key[r], ref_val[r]), "random remove");
         ref_key[r] = ref_key[ref_n - 1], ref_val[r] = ref_val[ref_n - 1], ref_n--;
      }
      if (step % 997 == 0) {
         unsigned ok = t.count == ref_n;
         for (unsigned r = 0; r < ref_n && ok; r++) {
            ok = 0;
            for (uint32_t i = mgu_hash_table_find(&t, ref_key[r]); i != MGU_HASH_NONE;
                 i = mgu_hash_table_find_next(&t, ref_key[r], i))
               ok |= t.slots[i].value == ref_val[r];
         }
         CHECK(ok, "the table holds exactly the list's entries");
      }
   }
   mgu_hash_table_finish(&t);
}

struct wide {
   uint64_t a, b;
};

static void
arrays(void)
{
   struct wide *items = NULL;
   uint32_t count = 0, cap = 0;
   for (uint32_t n = 0; n < 100; n++) {
      struct wide *w = mgu_array_push(items, count, cap);
      CHECK(w && w->a == 0 && w->b == 0, "a pushed element is zeroed");
      if (w)
         w->a = n, w->b = ~(uint64_t)n;
   }
   CHECK(count == 100 && cap >= 100 && cap < 256, "count and doubling capacity");
   unsigned ok = 1;
   for (uint32_t n = 0; n < count; n++)
      ok &= items[n].a == n && items[n].b == ~(uint64_t)n;
   CHECK(ok, "growth keeps the elements");
   CHECK(mgu_array_reserve(items, cap, 50) && cap >= 100, "reserve below cap keeps it");

   struct wide *before = items;
   uint32_t cap_before = cap;
   CHECK(!mgu_array_reserve(items, cap, UINT64_C(1) << 32), "2^32 elements refused");
   CHECK(!mgu_array_reserve(items, cap, UINT64_MAX), "2^64-1 elements refused");
   CHECK(items == before && cap == cap_before, "a refused reserve changes nothing");
   free(items);

   /* elem_size * n overflowing size_t is refused before any allocation. */
   void *p = NULL;
   uint32_t c = 0;
   CHECK(!mgu_array_reserve_(&p, SIZE_MAX / 2, &c, 4) && !p && !c, "bytes overflow refused");
   CHECK(!mgu_array_reserve_exact_(&p, SIZE_MAX / 2, &c, 4) && !p && !c,
         "bytes overflow refused (exact)");
}

/* Appends of several elements at once (a word stream, a byte buffer). */
static void
array_grow(void)
{
   uint32_t *words = NULL;
   size_t count = 0;
   uint32_t cap = 0, next = 0;
   for (uint32_t run = 1; run <= 40; run++) {
      size_t at = count;
      uint32_t *w = mgu_array_grow(words, count, cap, run);
      CHECK(w && w == words + at && count == at + run, "grow returns the old end, count + n");
      for (uint32_t i = 0; w && i < run; i++)
         w[i] = next++;
   }
   CHECK(count == 820 && cap >= 820 && cap < 2048, "count and doubling capacity");
   unsigned ok = 1;
   for (uint32_t i = 0; i < count; i++)
      ok &= words[i] == i;
   CHECK(ok, "grow keeps every element in order");
   uint32_t *before = words, cap_before = cap;
   size_t count_before = count;
   CHECK(!mgu_array_grow(words, count, cap, UINT32_MAX), "grow past 2^32 - 1 elements refused");
   CHECK(words == before && cap == cap_before && count == count_before,
         "a refused grow changes nothing, count included");
   free(words);
}

/* An exact reserve holds what was asked, no more: the size of one frame. */
static void
array_exact(void)
{
   uint8_t *frame = NULL;
   uint32_t cap = 0;
   CHECK(mgu_array_reserve_exact(frame, cap, 300) && cap == 300, "exact takes what is asked");
   unsigned zero = 1;
   for (uint32_t i = 0; i < cap; i++)
      zero &= frame[i] == 0;
   CHECK(zero, "exact room is zeroed");
   memset(frame, 0xab, cap);
   CHECK(mgu_array_reserve_exact(frame, cap, 200) && cap == 300, "a smaller need keeps it");
   CHECK(mgu_array_reserve_exact(frame, cap, 301) && cap == 301, "growth is exact, not doubled");
   CHECK(frame[299] == 0xab && frame[300] == 0, "growth keeps the bytes, zeroes the new one");
   uint8_t *before = frame;
   CHECK(!mgu_array_reserve_exact(frame, cap, UINT64_C(1) << 32) && frame == before && cap == 301,
         "2^32 bytes refused, nothing changed");
   free(frame);
}

int
main(void)
{
   hash_basics();
   hash_random();
   arrays();
   array_grow();
   array_exact();
   printf("%d failures\n", failures);
   return failures ? 1 : 0;
}
