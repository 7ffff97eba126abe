/* array.c — the one growth policy of array.h (doubling, or exact for one-object buffers). */
#include "array.h"

#include <stdlib.h>
#include <string.h>

#include "checked.h"

static bool
reserve(void *items_ptr, size_t elem_size, uint32_t *cap, uint64_t need, bool exact)
{
   if (need <= *cap)
      return true;
   if (need > UINT32_MAX)
      return false;
   uint64_t n = exact ? need : *cap < 8 ? 8 : (uint64_t)*cap * 2, bytes;
   if (n < need)
      n = need;
   if (n > UINT32_MAX)
      n = UINT32_MAX;
   if (!mgu_mul_u64(n, elem_size, &bytes) || bytes > SIZE_MAX)
      return false;
   /* items_ptr is a T **: object pointers share void *'s representation (POSIX), and memcpy
    * keeps the access legal whatever T is. */
   void *items;
   memcpy(&items, items_ptr, sizeof(items));
   unsigned char *grown = realloc(items, (size_t)bytes);
   if (!grown)
      return false;
   memset(grown + (size_t)*cap * elem_size, 0, (size_t)(bytes - (uint64_t)*cap * elem_size));
   memcpy(items_ptr, &grown, sizeof(grown));
   *cap = (uint32_t)n;
   return true;
}

bool
mgu_array_reserve_(void *items_ptr, size_t elem_size, uint32_t *cap, uint64_t need)
{
   return reserve(items_ptr, elem_size, cap, need, false);
}

bool
mgu_array_reserve_exact_(void *items_ptr, size_t elem_size, uint32_t *cap, uint64_t need)
{
   return reserve(items_ptr, elem_size, cap, need, true);
}
