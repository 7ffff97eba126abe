/* handle_alloc.c — free list over a generation array. */
#include "handle_alloc.h"

#include <stdlib.h>
#include <string.h>

#include "array.h"

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
      /* Both arrays grow to one capacity; the free list can hold every slot. */
      uint32_t cap = a->capacity, fl_cap = a->capacity;
      if (!mgu_array_reserve(a->gens, cap, (uint64_t)s + 1) ||
          !mgu_array_reserve(a->free_list, fl_cap, cap))
         return false;
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
