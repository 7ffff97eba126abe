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

/* Where a store of size bytes placed at or after start begins: start, or the next block's first
 * byte where the store fits a block but would cross into the next one. */
static uint64_t
block_start(const struct mgt_heap_ranges *h, uint64_t start, uint64_t size)
{
   const uint64_t in_block = start & (h->block - 1); /* a power of two */
   if (!h->block || size > h->block || in_block + size <= h->block)
      return start;
   return start - in_block + h->block; /* start < h->size: no wrap */
}

/* Takes [at, at + size) out of free range i, which holds it; the bytes before it stay free
 * (and so do those after it, a range of their own). */
static bool
carve(struct mgt_heap_ranges *h, uint32_t i, uint64_t at, uint64_t size)
{
   struct mgt_heap_range *r = &h->free[i];
   const uint64_t end = r->offset + r->size, after = at + size;
   if (at == r->offset) {
      r->offset = after;
      r->size = end - after;
      if (!r->size)
         remove_at(h, i);
      return true;
   }
   if (after < end) {
      const uint64_t dropped_at = r->dropped_at;
      if (!mgu_array_reserve(h->free, h->free_cap, (uint64_t)h->nfree + 1))
         return false;
      memmove(&h->free[i + 2], &h->free[i + 1], (h->nfree - i - 1) * sizeof(h->free[0]));
      h->free[i + 1] = (struct mgt_heap_range){after, end - after, dropped_at};
      h->nfree++;
   }
   h->free[i].size = at - h->free[i].offset;
   return true;
}

bool
mgt_heap_ranges_take(struct mgt_heap_ranges *h, uint64_t size, uint64_t quiet, uint64_t *offset_out)
{
   if (!size)
      return false;
   for (uint32_t i = 0; i < h->nfree; i++) {
      const struct mgt_heap_range *r = &h->free[i];
      if (r->size < size || r->dropped_at > quiet)
         continue;
      const uint64_t at = block_start(h, r->offset, size);
      if (at - r->offset > r->size - size)
         continue;
      if (!carve(h, i, at, size))
         return false;
      *offset_out = at;
      return true;
   }
   /* The last range may end where the untouched top begins: together they may fit. */
   uint64_t start = h->top;
   bool extend = false;
   struct mgt_heap_range *last = h->nfree ? &h->free[h->nfree - 1] : NULL;
   if (last) {
      extend = last->offset + last->size == h->top && last->dropped_at <= quiet;
      if (extend)
         start = last->offset;
   }
   const uint64_t at = block_start(h, start, size);
   if (at > h->size || size > h->size - at)
      return false;
   if (at == start) {
      if (extend)
         h->nfree--;
   } else if (extend) {
      last->size = at - last->offset; /* the skipped bytes stay in it */
   } else if (last && last->offset + last->size == h->top) {
      last->size = at - last->offset; /* never handed out: free as soon as the range is */
   } else {
      if (!mgu_array_reserve(h->free, h->free_cap, (uint64_t)h->nfree + 1))
         return false;
      h->free[h->nfree++] = (struct mgt_heap_range){h->top, at - h->top, 0};
   }
   *offset_out = at;
   h->top = at + size;
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
