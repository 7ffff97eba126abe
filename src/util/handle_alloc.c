/* handle_alloc.c — free list over a generation array. */
#include "handle_alloc.h"

#include <stdlib.h>
#include <string.h>

void
mgu_handle_alloc_init(struct mgu_handle_alloc *a, uint32_t limit)
{
   memset(a, 0, sizeof(*a));
   a->high_water = 1;
   a->limit = limit;
}

void
mgu_handle_alloc_finish(struct mgu_handle_alloc *a)
{
   if (!a)
      return;
   free(a->gens);
   free(a->free_list);
   memset(a, 0, sizeof(*a));
}

bool
mgu_handle_alloc_get(struct mgu_handle_alloc *a, uint32_t *slot, uint32_t *gen)
{
   if (a->free_count) {
      uint32_t s = a->free_list[--a->free_count];
      *slot = s;
      *gen = ++a->gens[s];
      return true;
   }
   uint32_t s = a->high_water;
   if ((a->limit && s > a->limit) || s == UINT32_MAX)
      return false;
   if (s >= a->capacity) {
      uint32_t cap = a->capacity ? a->capacity * 2 : 64;
      uint32_t *gens = realloc(a->gens, (size_t)cap * sizeof(*gens));
      if (!gens)
         return false;
      memset(gens + a->capacity, 0, (size_t)(cap - a->capacity) * sizeof(*gens));
      a->gens = gens;
      uint32_t *fl = realloc(a->free_list, (size_t)cap * sizeof(*fl));
      if (!fl)
         return false;
      a->free_list = fl;
      a->capacity = cap;
   }
   a->high_water++;
   a->gens[s] = 1;
   *slot = s;
   *gen = 1;
   return true;
}

void
mgu_handle_alloc_put(struct mgu_handle_alloc *a, uint32_t slot)
{
   if (slot == 0 || slot >= a->high_water)
      return;
   a->free_list[a->free_count++] = slot;
}

uint32_t
mgu_handle_alloc_live(const struct mgu_handle_alloc *a)
{
   return a->high_water - 1 - a->free_count;
}
