/* heap_ranges.c — free ranges of the stage heap, merged on give (heap_ranges.h). */
#include "heap_ranges.h"

#include <stdlib.h>
#include <string.h>

#include "array.h"

void
mgt_heap_ranges_init(struct mgt_heap_ranges *h, uint64_t size)
{
   *h = (struct mgt_heap_ranges){.size = size};
}

void
mgt_heap_ranges_finish(struct mgt_heap_ranges *h)
{
   if (!h)
      return;
   free(h->free);
   h->free = NULL;
   h->nfree = h->free_cap = 0;
}

static void
remove_at(struct mgt_heap_ranges *h, uint32_t i)
{
   memmove(&h->free[i], &h->free[i + 1], (h->nfree - i - 1) * sizeof(h->free[0]));
   h->nfree--;
}

bool
mgt_heap_ranges_take(struct mgt_heap_ranges *h, uint64_t size, uint64_t quiet, uint64_t *offset_out)
{
   if (!size)
      return false;
   for (uint32_t i = 0; i < h->nfree; i++) {
      struct mgt_heap_range *r = &h->free[i];
      if (r->size < size || r->dropped_at > quiet)
         continue;
      *offset_out = r->offset;
      r->offset += size;
      r->size -= size;
      if (!r->size)
         remove_at(h, i);
      return true;
   }
   /* The last range may end where the untouched top begins: together they may fit. */
   uint64_t start = h->top;
   bool extend = false;
   if (h->nfree) {
      const struct mgt_heap_range *last = &h->free[h->nfree - 1];
      extend = last->offset + last->size == h->top && last->dropped_at <= quiet;
      if (extend)
         start = last->offset;
   }
   if (size > h->size - start)
      return false;
   if (extend)
      h->nfree--;
   *offset_out = start;
   h->top = start + size;
   return true;
}

bool
mgt_heap_ranges_give(struct mgt_heap_ranges *h, uint64_t offset, uint64_t size, uint64_t dropped_at)
{
   if (!size)
      return true;
   /* i: the first range after the one given back */
   uint32_t lo = 0, hi = h->nfree;
   while (lo < hi) {
      const uint32_t mid = lo + (hi - lo) / 2;
      if (h->free[mid].offset < offset)
         lo = mid + 1;
      else
         hi = mid;
   }
   const uint32_t i = lo;
   const bool prev = i > 0 && h->free[i - 1].offset + h->free[i - 1].size == offset;
   const bool next = i < h->nfree && offset + size == h->free[i].offset;
   if (prev) {
      struct mgt_heap_range *p = &h->free[i - 1];
      p->size += size;
      if (dropped_at > p->dropped_at)
         p->dropped_at = dropped_at;
      if (next) {
         p->size += h->free[i].size;
         if (h->free[i].dropped_at > p->dropped_at)
            p->dropped_at = h->free[i].dropped_at;
         remove_at(h, i);
      }
      return true;
   }
   if (next) {
      struct mgt_heap_range *n = &h->free[i];
      n->offset = offset;
      n->size += size;
      if (dropped_at > n->dropped_at)
         n->dropped_at = dropped_at;
      return true;
   }
   if (!mgu_array_reserve(h->free, h->free_cap, (uint64_t)h->nfree + 1))
      return false;
   memmove(&h->free[i + 1], &h->free[i], (h->nfree - i) * sizeof(h->free[0]));
   h->free[i] = (struct mgt_heap_range){offset, size, dropped_at};
   h->nfree++;
   return true;
}
