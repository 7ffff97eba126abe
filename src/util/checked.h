/* checked.h — unsigned 64-bit arithmetic that says when it does not fit. Sizes and offsets from
 * another process are computed with these before they are compared: a wrapped sum or product
 * passes any bounds check. Plain C, no compiler builtins. */
#ifndef MGU_UTIL_CHECKED_H
#define MGU_UTIL_CHECKED_H

#include <stdbool.h>
#include <stdint.h>

/* *out = a + b; false (and *out untouched) when it exceeds 2^64 - 1. */
static inline bool
mgu_add_u64(uint64_t a, uint64_t b, uint64_t *out)
{
   if (b > UINT64_MAX - a)
      return false;
   *out = a + b;
   return true;
}

/* *out = a * b; false (and *out untouched) when it exceeds 2^64 - 1. */
static inline bool
mgu_mul_u64(uint64_t a, uint64_t b, uint64_t *out)
{
   if (a && b > UINT64_MAX / a)
      return false;
   *out = a * b;
   return true;
}

/* [offset, offset + size) lies inside [0, limit), computed without wrapping. */
static inline bool
mgu_range_fits(uint64_t offset, uint64_t size, uint64_t limit)
{
   return offset <= limit && size <= limit - offset;
}

#endif
