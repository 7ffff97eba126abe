/* heap_ranges.c — the stage heap's free ranges (src/transport/heap_ranges.h): ranges given back
 * merge with free neighbours on either side, so a heap fragmented by a pattern of stores and
 * drops still places a store as large as the whole heap; the merged range waits for the later
 * of its parts' quiet stamps; ranges that are not adjacent stay apart; a last free range that
 * ends at the untouched top extends into it; with a block size, a store that fits a block is
 * placed inside one and the bytes skipped stay free for smaller stores. */

#include "heap_ranges.h"
#include "ring_test_util.h"

#define G 65536u /* the session's granule */

static uint64_t
take(struct mgt_heap_ranges *h, uint64_t size, uint64_t quiet)
{
   uint64_t off = UINT64_MAX;
   CHECK(mgt_heap_ranges_take(h, size, quiet, &off), "take %llu (quiet %llu)",
         (unsigned long long)size, (unsigned long long)quiet);
   return off;
}

/* Eight one-granule stores fill the heap; dropped in an order that fragments it (every other
 * one first, the rest later), a store of all eight granules must still fit. */
static void
test_fragmented_then_whole(void)
{
   struct mgt_heap_ranges h;
   mgt_heap_ranges_init(&h, 8 * G);
   uint64_t off[8];
   for (int i = 0; i < 8; i++)
      off[i] = take(&h, G, 0);
   uint64_t none;
   CHECK(!mgt_heap_ranges_take(&h, G, 100, &none), "the heap is full");
   const int order[8] = {0, 2, 4, 6, 7, 5, 3, 1};
   for (int k = 0; k < 8; k++)
      CHECK(mgt_heap_ranges_give(&h, off[order[k]], G, 10 + (uint64_t)k), "give");
   CHECK(h.nfree == 1, "eight adjacent ranges merge into one, got %u", h.nfree);
   CHECK(h.free[0].offset == 0 && h.free[0].size == 8 * G, "the merged range is the heap");
   CHECK(h.free[0].dropped_at == 17, "the merged range waits for its last drop, got %llu",
         (unsigned long long)h.free[0].dropped_at);
   CHECK(!mgt_heap_ranges_take(&h, 8 * G, 16, &none), "not before the last drop is quiet");
   CHECK(take(&h, 8 * G, 17) == 0, "the whole heap in one store");
   mgt_heap_ranges_finish(&h);
}

/* Two stores with a live one between them stay two ranges; freeing the middle joins all. */
static void
test_gap_and_join(void)
{
   struct mgt_heap_ranges h;
   mgt_heap_ranges_init(&h, 3 * G);
   const uint64_t a = take(&h, G, 0), b = take(&h, G, 0), c = take(&h, G, 0);
   CHECK(mgt_heap_ranges_give(&h, c, G, 1) && mgt_heap_ranges_give(&h, a, G, 2), "give");
   CHECK(h.nfree == 2, "a live store keeps its neighbours apart, got %u", h.nfree);
   uint64_t none;
   CHECK(!mgt_heap_ranges_take(&h, 2 * G, 5, &none), "no two-granule hole yet");
   CHECK(mgt_heap_ranges_give(&h, b, G, 3), "give");
   CHECK(h.nfree == 1 && h.free[0].size == 3 * G, "the middle joins both neighbours");
   CHECK(take(&h, 3 * G, 3) == 0, "three granules");
   mgt_heap_ranges_finish(&h);
}

/* A freed range at the top of what was handed out joins the untouched rest of the heap. */
static void
test_extend_into_top(void)
{
   struct mgt_heap_ranges h;
   mgt_heap_ranges_init(&h, 4 * G);
   const uint64_t a = take(&h, G, 0), b = take(&h, 2 * G, 0);
   (void)a;
   CHECK(mgt_heap_ranges_give(&h, b, 2 * G, 4), "give");
   uint64_t none;
   CHECK(!mgt_heap_ranges_take(&h, 3 * G, 3, &none), "the range is not quiet yet");
   CHECK(take(&h, 3 * G, 4) == G, "the freed range and the top together");
   CHECK(h.nfree == 0 && h.top == 4 * G, "nothing left");
   mgt_heap_ranges_finish(&h);
}

/* Blocks of four granules (MGP_HEAP_BLOCK_SIZE's rule): a three-granule store after one granule
 * starts at the next block, from the top and from a free range, and the skipped granules take
 * the next one-granule stores; a store larger than a block is placed where it fits. */
static void
test_within_block(void)
{
   struct mgt_heap_ranges h;
   mgt_heap_ranges_init(&h, 16 * G);
   h.block = 4 * G;
   CHECK(take(&h, G, 0) == 0, "one granule at 0");
   CHECK(take(&h, 3 * G, 0) == G, "three granules fit the rest of block 0");
   CHECK(take(&h, G, 0) == 4 * G, "block 1 starts");
   CHECK(take(&h, 4 * G, 0) == 8 * G, "a whole block from the top skips to block 2");
   CHECK(h.nfree == 1 && h.free[0].offset == 5 * G && h.free[0].size == 3 * G,
         "the skipped granules are free: %u ranges", h.nfree);
   CHECK(take(&h, 2 * G, 0) == 5 * G, "a smaller store takes them");
   CHECK(mgt_heap_ranges_give(&h, 8 * G, 4 * G, 1), "give block 2");
   CHECK(take(&h, G, 1) == 7 * G, "the granule left in block 1 first");
   CHECK(take(&h, G, 1) == 8 * G && take(&h, 3 * G, 1) == 9 * G, "then block 2, inside it");
   CHECK(take(&h, 3 * G, 1) == 12 * G, "the top is block-aligned");
   CHECK(mgt_heap_ranges_give(&h, 12 * G, 3 * G, 2) && mgt_heap_ranges_give(&h, 9 * G, 3 * G, 2),
         "give");
   CHECK(take(&h, G, 2) == 9 * G, "first fit");
   CHECK(take(&h, 4 * G, 2) == 12 * G, "a block-sized store inside a range across blocks");
   CHECK(h.nfree == 1 && h.free[0].offset == 10 * G && h.free[0].size == 2 * G,
         "the bytes before it stay one range, none after: %u", h.nfree);
   mgt_heap_ranges_finish(&h);
   mgt_heap_ranges_init(&h, 16 * G);
   h.block = 4 * G;
   CHECK(take(&h, G, 0) == 0 && take(&h, 6 * G, 0) == G, "larger than a block: where it fits");
   mgt_heap_ranges_finish(&h);
}

int
main(void)
{
   watchdog_start(30);
   test_fragmented_then_whole();
   test_gap_and_join();
   test_extend_into_top();
   test_within_block();
   printf("heap_ranges: ok\n");
   return 0;
}
