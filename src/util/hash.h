/* hash.h — hashing: the one content hash mgl uses (xxHash XXH3 64-bit) for CSO identity and
 * set-hash suppressors, and a small table keyed by such 64-bit hashes.
 *
 * The table is open addressing with linear probing and backward-shift deletion (no tombstones,
 * so a table that sees many removes never degrades and never needs a rebuild), at most half
 * full. Open addressing rather than chaining: a cache's lookup is one or two probes in one
 * array, with no allocation per entry. A key is a hash, not an identity: the table allows equal
 * keys, and a caller whose keys are hashes of bytes compares the bytes of every entry the
 * lookup yields. Not thread-safe. */
#ifndef MGU_UTIL_HASH_H
#define MGU_UTIL_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

uint64_t mgu_hash64(const void *data, size_t size, uint64_t seed);

struct mgu_hash_slot {
   uint64_t key;
   uint64_t value;
   bool used;
};

struct mgu_hash_table {
   struct mgu_hash_slot *slots; /* cap slots; NULL until the first insert or reserve */
   uint32_t cap;                /* 0 or a power of two */
   uint32_t count;
};

/* No slot: what find and next return at the end. */
#define MGU_HASH_NONE UINT32_MAX

void mgu_hash_table_init(struct mgu_hash_table *t);
void mgu_hash_table_finish(struct mgu_hash_table *t);
/* Room for n entries without growing (so an insert after it cannot fail until n). False, and
 * the table unchanged, when the size does not fit or memory ran out. */
bool mgu_hash_table_reserve(struct mgu_hash_table *t, uint64_t n);
/* Adds {key, value}, also beside an entry of the same key. False (table unchanged) when it
 * had to grow and could not. */
bool mgu_hash_table_insert(struct mgu_hash_table *t, uint64_t key, uint64_t value);
/* The slot of the first entry with key, then of the next one after slot `after`; MGU_HASH_NONE
 * when there is none. Insert and remove invalidate slot numbers. */
uint32_t mgu_hash_table_find(const struct mgu_hash_table *t, uint64_t key);
uint32_t mgu_hash_table_find_next(const struct mgu_hash_table *t, uint64_t key, uint32_t after);
/* Removes the entry in slot i. Another entry may move into slot i: iterating slots in order,
 * look at slot i again after a remove (an entry may then be seen twice, never skipped). */
void mgu_hash_table_remove_at(struct mgu_hash_table *t, uint32_t i);
/* Removes the entry {key, value}; false when there is none. */
bool mgu_hash_table_remove(struct mgu_hash_table *t, uint64_t key, uint64_t value);
/* The first used slot at or after i, MGU_HASH_NONE past the last: iteration in slot order. */
uint32_t mgu_hash_table_next(const struct mgu_hash_table *t, uint32_t i);

#endif
