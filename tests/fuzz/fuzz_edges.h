/* fuzz_edges.h — the values at arithmetic edges that a record field is set to, by the random
 * mutator (fuzz_mutate.h) and the deterministic sweep (fuzz_main.c --sweep). */
#ifndef MGL_FUZZ_EDGES_H
#define MGL_FUZZ_EDGES_H

#include <stdint.h>

static const uint32_t edge32[] = {
   0,          1,          2,          3,          4,          7,          8,          16,
   255,        256,        4096,       0x7fff,     0xffff,     0x10000,    0x1000000,  0x20000000,
   0x3fffffff, 0x40000000, 0x40000002, 0x7fffffff, 0x80000000, 0xfffffff0, 0xfffffffe, 0xffffffff};
static const uint64_t edge64[] = {0,
                                  1,
                                  0xffffffffull,
                                  0x100000000ull,
                                  0x7fffffffffffffffull,
                                  0x8000000000000000ull,
                                  0xfffffffffffffff0ull,
                                  0xffffffffffffffffull};

#endif
