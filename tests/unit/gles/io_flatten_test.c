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
#include <time.h>

#include "glb.h"
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

/* test_gles_io_flatten --bench vars|chains COUNT...: the pass's time on hostile_module */
static int
bench(int argc, char **argv)
{
   const bool chains = !strcmp(argv[2], "chains");
   for (int a = 3; a < argc; a++) {
      size_t n = 0, out_n = 0;
      const char *err = NULL;
      uint64_t visited = 0;
      uint32_t *w = hostile_module(chains, (uint32_t)strtoul(argv[a], NULL, 10), &n);
      struct timespec t0, t1;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      uint32_t *out =
         w ? glb_spv_flatten_io_arrays_counted(w, n, true, &out_n, &err, &visited) : NULL;
      clock_gettime(CLOCK_MONOTONIC, &t1);
      printf("%s %s: %zu words, %s, %.3f s, %llu visited (%.1f a word)\n", argv[2], argv[a], n,
             out   ? "flattened"
             : err ? err
                   : "unchanged",
             (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9,
             (unsigned long long)visited, n ? (double)visited / (double)n : 0.0);
      free(out);
      free(w);
   }
   return 0;
}

int
main(int argc, char **argv)
{
   if (argc > 2 && !strcmp(argv[1], "--bench"))
      return bench(argc, argv);
   /* 20,000 outputs and 40,000 chains: the work at most 12 a word (a walk per pointer look-up
    * and a search of the made constants per chain: thousands a word) */
   for (int chains = 0; chains < 2; chains++) {
      const uint32_t count = chains ? 40000 : 20000;
      size_t n = 0, out_n = 0;
      const char *err = NULL;
      uint64_t visited = 0;
      uint32_t *w = hostile_module(chains, count, &n);
      uint32_t *out =
         w ? glb_spv_flatten_io_arrays_counted(w, n, true, &out_n, &err, &visited) : NULL;
      CHECK(out && !err);
      CHECK(visited >= n && visited <= 12u * n);
      if (visited > 12u * n)
         fprintf(stderr, "io_flatten_test: %s: %llu visited for %zu words\n",
                 chains ? "chains" : "vars", (unsigned long long)visited, n);
      if (out)
         check_output(out, out_n, chains, count);
      free(out);
      free(w);
   }
   if (failures)
      fprintf(stderr, "io_flatten_test: %d failures\n", failures);
   return failures ? 1 : 0;
}
