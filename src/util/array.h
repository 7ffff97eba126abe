/* array.h — growable arrays. The owner keeps a typed pointer, a count and a uint32_t capacity
 * (struct fields, so reading the array stays plain `items[i]`); these grow the capacity by
 * doubling, with the size computed without overflow. */
#ifndef MGU_UTIL_ARRAY_H
#define MGU_UTIL_ARRAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* *items_ptr (a T **) holds room for at least `need` elements of elem_size bytes afterwards;
 * new room is zeroed (room the owner gave back by lowering its count keeps its old bytes).
 * False, and nothing changed, when the size does not fit in 2^32 - 1 elements or in size_t
 * bytes, or memory ran out. */
bool mgu_array_reserve_(void *items_ptr, size_t elem_size, uint32_t *cap, uint64_t need);

/* The same, but growth takes exactly `need` elements rather than doubling: for a buffer that
 * holds one object at a time (a frame, a decoded record's tail), whose size only grows when
 * the object does. */
bool mgu_array_reserve_exact_(void *items_ptr, size_t elem_size, uint32_t *cap, uint64_t need);

/* items: a T * lvalue; cap: its uint32_t capacity. Arguments are evaluated more than once. */
#define mgu_array_reserve(items, cap, need)                                                        \
   mgu_array_reserve_(&(items), sizeof(*(items)), &(cap), (need))
#define mgu_array_reserve_exact(items, cap, need)                                                  \
   mgu_array_reserve_exact_(&(items), sizeof(*(items)), &(cap), (need))

/* A pointer to a new element at the end (count grows by one), NULL when it could not grow.
 * The element is zeroed when it is new room (see mgu_array_reserve_). */
#define mgu_array_push(items, count, cap)                                                          \
   (mgu_array_reserve(items, cap, (uint64_t)(count) + 1) ? &(items)[(count)++] : NULL)

/* A pointer to n (>= 1) new elements at the end (count grows by n) for the caller to fill, NULL
 * and nothing changed when it could not grow: an append is a grow and a memcpy. */
#define mgu_array_grow(items, count, cap, n)                                                       \
   (mgu_array_reserve(items, cap, (uint64_t)(count) + (n)) ? &(items)[((count) += (n)) - (n)]      \
                                                           : NULL)

#endif
