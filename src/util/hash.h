/* hash.h — the one content hash mgl uses (xxHash XXH3 64-bit) for CSO identity and set-hash
 * suppressors. */
#ifndef MGU_UTIL_HASH_H
#define MGU_UTIL_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t mgu_hash64(const void *data, size_t size, uint64_t seed);

#endif
