/* hash.c — xxHash behind one function so callers never include xxhash.h. */
#include "hash.h"

#include <xxhash.h>

uint64_t
mgu_hash64(const void *data, size_t size, uint64_t seed)
{
   return XXH3_64bits_withSeed(data, size, seed);
}
