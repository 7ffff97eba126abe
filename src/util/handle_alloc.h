/* handle_alloc.h — dense {slot, gen} allocation for one handle kind (docs/PIPE.md#handles).
 * Slots come from a free list, else from the high-water mark; a slot's generation grows only
 * when the slot is reused, so {slot, gen} never names two objects. Slot 0 is never handed out
 * (it is the null handle and, with gen 1, the default framebuffer). Not thread-safe: each
 * allocator belongs to one share group or context, which serialises its callers. */
#ifndef MGU_UTIL_HANDLE_ALLOC_H
#define MGU_UTIL_HANDLE_ALLOC_H

#include <stdbool.h>
#include <stdint.h>

struct mgu_handle_alloc {
   uint32_t *gens;      /* current generation per slot; index 0 unused */
   uint32_t *free_list; /* stack of released slots */
   uint32_t free_count;
   uint32_t capacity;   /* slots allocated in gens[] */
   uint32_t high_water; /* next never-used slot */
   uint32_t limit;      /* slots above this are refused (0 = no limit) */
};

void mgu_handle_alloc_init(struct mgu_handle_alloc *a, uint32_t limit);
void mgu_handle_alloc_finish(struct mgu_handle_alloc *a);
/* Returns false when the kind is exhausted or memory ran out. */
bool mgu_handle_alloc_get(struct mgu_handle_alloc *a, uint32_t *slot, uint32_t *gen);
void mgu_handle_alloc_put(struct mgu_handle_alloc *a, uint32_t slot);
/* Slots handed out and not yet put back. */
uint32_t mgu_handle_alloc_live(const struct mgu_handle_alloc *a);

#endif
