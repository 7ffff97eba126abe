/* heap_ranges.h — the client's bookkeeping of the stage heap (stage.h): a bump pointer and the
 * ranges buffers gave back, kept sorted by offset and merged with their neighbours when given
 * back, so a store larger than any one freed range fits once its neighbours are free too.
 *
 * A range given back stays unusable until the server's quiet stamp reaches the record count
 * at which it was dropped (no GPU work can still read it). Merged neighbours keep the later of
 * their two stamps: the merged range is safe only when both parts are. Not thread-safe: the
 * owner locks. */
#ifndef MGT_HEAP_RANGES_H
#define MGT_HEAP_RANGES_H

#include <stdbool.h>
#include <stdint.h>

struct mgt_heap_range {
   uint64_t offset, size, dropped_at;
};

struct mgt_heap_ranges {
   uint64_t size;               /* the heap's bytes */
   uint64_t top;                /* bytes below it were handed out at least once */
   struct mgt_heap_range *free; /* sorted by offset, never adjacent after a give */
   uint32_t nfree, free_cap;
   /* A store of at most this many bytes is placed inside one aligned block of it, never across
    * a multiple of it (MGP_HEAP_BLOCK_SIZE: the server imports the heap by block); a power of
    * two, or 0: no rule.
    * The bytes skipped stay free. */
   uint64_t block;
};

void mgt_heap_ranges_init(struct mgt_heap_ranges *h, uint64_t size);
/* Accepts a zeroed struct. */
void mgt_heap_ranges_finish(struct mgt_heap_ranges *h);
/* First fit of `size` bytes among the ranges dropped at or before `quiet`, then the free top of
 * the heap (a last free range that ends at the top extends into it); within one block (above)
 * where the store fits one. */
bool mgt_heap_ranges_take(struct mgt_heap_ranges *h, uint64_t size, uint64_t quiet,
                          uint64_t *offset_out);
/* Gives [offset, offset + size) back, dropped by the record count `dropped_at`. False when the
 * list could not grow: the range is lost to this heap, nothing else. */
bool mgt_heap_ranges_give(struct mgt_heap_ranges *h, uint64_t offset, uint64_t size,
                          uint64_t dropped_at);

#endif
