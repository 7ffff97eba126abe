/* hash.c — xxHash behind one function so callers never include xxhash.h, and the table of
 * hash.h. */
#include "hash.h"

#include <stdlib.h>
#include <xxhash.h>

#include "checked.h"

uint64_t
mgu_hash64(const void *data, size_t size, uint64_t seed)
{
   return XXH3_64bits_withSeed(data, size, seed);
}

void
mgu_hash_table_init(struct mgu_hash_table *t)
{
   t->slots = NULL;
   t->cap = 0;
   t->count = 0;
}

void
mgu_hash_table_finish(struct mgu_hash_table *t)
{
   free(t->slots);
   mgu_hash_table_init(t);
}

static uint32_t
home(const struct mgu_hash_table *t, uint64_t key)
{
   /* Keys are hashes already; fold the high half in for keys that are not. */
   return (uint32_t)(key ^ (key >> 32)) & (t->cap - 1);
}

static void
place(struct mgu_hash_table *t, uint64_t key, uint64_t value)
{
   uint32_t i = home(t, key);
   while (t->slots[i].used)
      i = (i + 1) & (t->cap - 1);
   t->slots[i] = (struct mgu_hash_slot){.key = key, .value = value, .used = true};
   t->count++;
}

bool
mgu_hash_table_reserve(struct mgu_hash_table *t, uint64_t n)
{
   uint64_t want, bytes;
   if (!mgu_mul_u64(n, 2, &want) || want > (UINT64_C(1) << 31))
      return false;
   uint64_t cap = 16;
   while (cap < want)
      cap *= 2;
   if (cap <= t->cap)
      return true;
   if (!mgu_mul_u64(cap, sizeof(struct mgu_hash_slot), &bytes) || bytes > SIZE_MAX)
      return false;
   struct mgu_hash_slot *old = t->slots;
   uint32_t old_cap = t->cap;
   t->slots = calloc((size_t)cap, sizeof(*t->slots));
   if (!t->slots) {
      t->slots = old;
      return false;
   }
   t->cap = (uint32_t)cap;
   t->count = 0;
   for (uint32_t i = 0; i < old_cap; i++)
      if (old[i].used)
         place(t, old[i].key, old[i].value);
   free(old);
   return true;
}

bool
mgu_hash_table_insert(struct mgu_hash_table *t, uint64_t key, uint64_t value)
{
   if (!mgu_hash_table_reserve(t, (uint64_t)t->count + 1))
      return false;
   place(t, key, value);
   return true;
}

static uint32_t
probe(const struct mgu_hash_table *t, uint64_t key, uint32_t i)
{
   for (; t->slots[i].used; i = (i + 1) & (t->cap - 1))
      if (t->slots[i].key == key)
         return i;
   return MGU_HASH_NONE;
}

uint32_t
mgu_hash_table_find(const struct mgu_hash_table *t, uint64_t key)
{
   return t->count ? probe(t, key, home(t, key)) : MGU_HASH_NONE;
}

uint32_t
mgu_hash_table_find_next(const struct mgu_hash_table *t, uint64_t key, uint32_t after)
{
   /* The table is never full, so the walk ends at an empty slot before it comes round. */
   return probe(t, key, (after + 1) & (t->cap - 1));
}

void
mgu_hash_table_remove_at(struct mgu_hash_table *t, uint32_t i)
{
   const uint32_t mask = t->cap - 1;
   for (uint32_t j = (i + 1) & mask; t->slots[j].used; j = (j + 1) & mask) {
      uint32_t h = home(t, t->slots[j].key);
      /* j may fill the hole unless its home lies cyclically in (i, j]. */
      bool stays = i <= j ? (h > i && h <= j) : (h > i || h <= j);
      if (!stays) {
         t->slots[i] = t->slots[j];
         i = j;
      }
   }
   t->slots[i] = (struct mgu_hash_slot){0};
   t->count--;
}

bool
mgu_hash_table_remove(struct mgu_hash_table *t, uint64_t key, uint64_t value)
{
   for (uint32_t i = mgu_hash_table_find(t, key); i != MGU_HASH_NONE;
        i = mgu_hash_table_find_next(t, key, i)) {
      if (t->slots[i].value == value) {
         mgu_hash_table_remove_at(t, i);
         return true;
      }
   }
   return false;
}

uint32_t
mgu_hash_table_next(const struct mgu_hash_table *t, uint32_t i)
{
   for (; i < t->cap; i++)
      if (t->slots[i].used)
         return i;
   return MGU_HASH_NONE;
}
