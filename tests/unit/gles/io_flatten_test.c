/* io_flatten_test.c — glb_io_flatten.c's work on the modules a hostile client would send it to
 * hold a shared server's apply thread: many Output variables, each after a fresh pointer type
 * (a look-up of each pointer walked the module), and many access chains into an array of arrays,
 * each with its own constant flat index (each made constant searched those made before). The
 * work it counts stays within a constant times the module's words, and the output has the shape
 * the rewrite gives. --bench times it on such modules (docs/BENCHMARKS.md). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"
#include "pass_bench.h"
#include "spv.h"

static int failures;

#define CHECK(c)                                                                                   \
   do {                                                                                            \
      if (!(c)) {                                                                                  \
         fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);                              \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

struct mod {
   uint32_t *w;
   size_t n, cap;
};

static void
put(struct mod *m, uint32_t op, size_t nops, const uint32_t *o)
{
   if (m->n + 1 + nops > m->cap) {
      fprintf(stderr, "io_flatten_test: module too long\n");
      exit(2);
   }
   m->w[m->n++] = (uint32_t)(1 + nops) << 16 | op;
   memcpy(m->w + m->n, o, nops * sizeof(uint32_t));
   m->n += nops;
}

#define OP(m, op, ...)                                                                             \
   put((m), (op), sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t),                      \
       (const uint32_t[]){__VA_ARGS__})

/* The bytes the pass may allocate a word of the module it reads (its tables: three entries of 4
 * bytes a slot, fewer than two slots a word; the output and the copied operands) */
#define FL_BYTES_A_WORD 256u

enum { I = 1, F, VOID, FNT, FN, LBL, DIM, A1, A2, PA, V, PI, FIRST };

/* A vertex module's outputs: int v[DIM][DIM] (DIM constants 0..DIM-1, those of its length
 * among them), then either count float outputs, each with its own pointer type (vars), or
 * count chains into v, chain k at [k / DIM][k % DIM] (chains). Malloc'd, its words in *n. */
static uint32_t *
hostile_module(bool chains, uint32_t count, size_t *n)
{
   const uint32_t dim = 1024;
   struct mod m = {.cap = 64 + 8u * dim + 8u * (size_t)count};
   m.w = malloc(m.cap * sizeof(uint32_t));
   if (!m.w)
      return NULL;
   const uint32_t head[] = {0x07230203, 0x00010000, 0, 0, 0};
   memcpy(m.w, head, sizeof(head));
   m.n = 5;
   uint32_t id = FIRST;
   const uint32_t consts = id;
   OP(&m, SpvOpTypeInt, I, 32, 1);
   OP(&m, SpvOpTypeFloat, F, 32);
   OP(&m, SpvOpTypeVoid, VOID);
   OP(&m, SpvOpTypeFunction, FNT, VOID);
   for (uint32_t k = 0; k < dim; k++)
      OP(&m, SpvOpConstant, I, id++, k);
   OP(&m, SpvOpConstant, I, DIM, dim);
   OP(&m, SpvOpTypeArray, A1, I, DIM);
   OP(&m, SpvOpTypeArray, A2, A1, DIM);
   OP(&m, SpvOpTypePointer, PA, SpvStorageClassOutput, A2);
   OP(&m, SpvOpTypePointer, PI, SpvStorageClassOutput, I);
   OP(&m, SpvOpVariable, PA, V, SpvStorageClassOutput);
   for (uint32_t k = 0; !chains && k < count; k++) {
      OP(&m, SpvOpTypePointer, id, SpvStorageClassOutput, F);
      OP(&m, SpvOpVariable, id, id + 1, SpvStorageClassOutput);
      id += 2;
   }
   OP(&m, SpvOpFunction, VOID, FN, 0, FNT);
   OP(&m, SpvOpLabel, LBL);
   for (uint32_t k = 0; chains && k < count; k++)
      OP(&m, SpvOpAccessChain, PI, id++, V, consts + (k / dim) % dim, consts + k % dim);
   OP(&m, SpvOpReturn);
   OP(&m, SpvOpFunctionEnd);
   m.w[3] = id;
   *n = m.n;
   return m.w;
}

/* The flat array's OpTypeArray and the chains' flat indices are as the rewrite makes them */
static void
check_output(const uint32_t *w, size_t n, bool chains, uint32_t count)
{
   uint32_t flat_len = 0, seen = 0;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpTypeArray && it.o[1] == I && it.o[2] != DIM)
         flat_len = it.o[2];
      if (it.op == SpvOpAccessChain && it.o[2] == V && it.nops == 4)
         seen++;
   }
   CHECK(flat_len != 0);
   CHECK(seen == (chains ? count : 0));
   CHECK(!spv_walk_next(&it) && !it.bad);
}

/* The pass on a vertex module's outputs */
static uint32_t *
flatten_outputs(const uint32_t *w, size_t n, size_t *out_n, const char **err,
                struct glb_pass_cost *cost)
{
   return glb_spv_flatten_io_arrays_counted(w, n, true, out_n, err, cost);
}

/* test_gles_io_flatten --bench vars|chains COUNT...: the pass's time on hostile_module */
static int
bench(int argc, char **argv)
{
   return pass_bench(argc, argv, "chains", hostile_module, flatten_outputs, "flattened",
                     "unchanged");
}

int
main(int argc, char **argv)
{
   if (argc > 2 && !strcmp(argv[1], "--bench"))
      return bench(argc, argv);
   /* its memory is linear in the module's words, not its declared bound (a client may declare
    * 2^22 in a module of a few hundred bytes): `out int v[2][3]` and a chain to v[1][1] at
    * bound 2^22, its ids below its words and then past them, each at most FL_BYTES_A_WORD bytes
    * a word allocated (tables sized by the bound: 48 MB for each) */
   for (int far = 0; far < 2; far++) {
      const uint32_t h = far ? (1u << 22) - 64u : 0; /* its ids: h + these */
      enum { C1 = FIRST, C2, C3 };
      uint32_t words[128] = {0x07230203, 0x00010000, 0, 1u << 22, 0};
      struct mod m = {.w = words, .n = 5, .cap = 128};
      struct glb_pass_cost cost = {0};
      size_t out_n = 0;
      const char *err = NULL;
      OP(&m, SpvOpTypeInt, h + I, 32, 1);
      OP(&m, SpvOpTypeVoid, h + VOID);
      OP(&m, SpvOpTypeFunction, h + FNT, h + VOID);
      OP(&m, SpvOpConstant, h + I, h + C1, 1);
      OP(&m, SpvOpConstant, h + I, h + C2, 2);
      OP(&m, SpvOpConstant, h + I, h + C3, 3);
      OP(&m, SpvOpTypeArray, h + A1, h + I, h + C3);
      OP(&m, SpvOpTypeArray, h + A2, h + A1, h + C2);
      OP(&m, SpvOpTypePointer, h + PA, SpvStorageClassOutput, h + A2);
      OP(&m, SpvOpTypePointer, h + PI, SpvStorageClassOutput, h + I);
      OP(&m, SpvOpVariable, h + PA, h + V, SpvStorageClassOutput);
      OP(&m, SpvOpFunction, h + VOID, h + FN, 0, h + FNT);
      OP(&m, SpvOpLabel, h + LBL);
      OP(&m, SpvOpAccessChain, h + PI, h + DIM, h + V, h + C1, h + C1);
      OP(&m, SpvOpReturn);
      OP(&m, SpvOpFunctionEnd);
      uint32_t *out = flatten_outputs(m.w, m.n, &out_n, &err, &cost);
      uint32_t flat_len = 0, four = 0, index = 0;
      struct spv_walk it = spv_walk_begin(out, out ? out_n : 0);
      while (out && spv_walk_next(&it)) {
         if (it.op == SpvOpTypeArray && it.nops == 3 && it.o[1] == h + I)
            flat_len = it.o[2];
         if (it.op == SpvOpConstant && it.nops == 3 && it.o[0] == h + I && it.o[2] == 4)
            four = it.o[1];
         if (it.op == SpvOpAccessChain && it.nops == 4 && it.o[2] == h + V)
            index = it.o[3];
      }
      CHECK(out && !err && flat_len && four && index == four); /* v[1][1]: v[4] of int[6] */
      /* an id past the words is found by binary search among those (a few steps more) */
      CHECK(pass_cost_within("io_flatten_test",
                             far ? "bound 2^22, ids past the words" : "bound 2^22", &cost, m.n,
                             far ? 24 : 12, FL_BYTES_A_WORD));
      free(out);
   }
   /* 20,000 outputs and 40,000 chains: the work at most 12 a word (a walk per pointer look-up
    * and a search of the made constants per chain: thousands a word), the bytes allocated at
    * most FL_BYTES_A_WORD a word (22 and 25 now) */
   for (int chains = 0; chains < 2; chains++) {
      const uint32_t count = chains ? 40000 : 20000;
      size_t n = 0, out_n = 0;
      const char *err = NULL;
      struct glb_pass_cost cost = {0};
      uint32_t *w = hostile_module(chains, count, &n);
      uint32_t *out = w ? flatten_outputs(w, n, &out_n, &err, &cost) : NULL;
      CHECK(out && !err);
      CHECK(pass_cost_within("io_flatten_test", chains ? "chains" : "vars", &cost, n, 12,
                             FL_BYTES_A_WORD));
      if (out)
         check_output(out, out_n, chains, count);
      free(out);
      free(w);
   }
   if (failures)
      fprintf(stderr, "io_flatten_test: %d failures\n", failures);
   return failures ? 1 : 0;
}
