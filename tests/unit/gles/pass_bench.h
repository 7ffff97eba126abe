/* pass_bench.h — what unit.gles.block_pad's and unit.gles.io_flatten's programs share about a
 * pass's cost on a client's module (struct glb_pass_cost): the check that its work and memory
 * stay within a constant times the module's words, and the --bench mode that times the pass on
 * a test's modules (docs/BENCHMARKS.md). */
#ifndef MGL_TESTS_UNIT_GLES_PASS_BENCH_H
#define MGL_TESTS_UNIT_GLES_PASS_BENCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "glb.h"

/* A test's module of one of two shapes (the second: `shape`), `count` of its repeated part;
 * malloc'd, its words in *n */
typedef uint32_t *(*pass_bench_module_fn)(bool shape, uint32_t count, size_t *n);
/* The pass: the new words, or NULL (unchanged, or *err) */
typedef uint32_t *(*pass_bench_run_fn)(const uint32_t *w, size_t n, size_t *out_n, const char **err,
                                       struct glb_pass_cost *cost);

/* Whether the pass visited from n to visits_a_word * n and allocated at most bytes_a_word * n
 * bytes on a module of n words; the figures on stdout (stderr where not) */
static inline bool
pass_cost_within(const char *test, const char *module, const struct glb_pass_cost *cost, size_t n,
                 unsigned visits_a_word, unsigned bytes_a_word)
{
   const bool ok = cost->visited >= n && cost->visited <= (uint64_t)visits_a_word * n &&
                   cost->bytes <= (uint64_t)bytes_a_word * n;
   fprintf(ok ? stdout : stderr, "%s: %s: %zu words, %llu visited, %llu bytes%s\n", test, module, n,
           (unsigned long long)cost->visited, (unsigned long long)cost->bytes,
           ok ? "" : ": past the bounds");
   return ok;
}

/* PROGRAM --bench NAME|SHAPE COUNT...: a line a count (the module's words, what the pass did,
 * its time, work and bytes); shape: argv[2] is `shape`. Not a test. */
static inline int
pass_bench(int argc, char **argv, const char *shape, pass_bench_module_fn module,
           pass_bench_run_fn run, const char *changed, const char *unchanged)
{
   const bool second = argc > 2 && !strcmp(argv[2], shape);
   for (int a = 3; a < argc; a++) {
      size_t n = 0, out_n = 0;
      const char *err = NULL;
      struct glb_pass_cost cost = {0};
      uint32_t *w = module(second, (uint32_t)strtoul(argv[a], NULL, 10), &n);
      struct timespec t0, t1;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      uint32_t *out = w ? run(w, n, &out_n, &err, &cost) : NULL;
      clock_gettime(CLOCK_MONOTONIC, &t1);
      printf("%s %s: %zu words, %s, %.3f s, %llu visited (%.1f a word), %llu bytes (%.1f a "
             "word)\n",
             argv[2], argv[a], n,
             out   ? changed
             : err ? err
                   : unchanged,
             (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9,
             (unsigned long long)cost.visited, n ? (double)cost.visited / (double)n : 0.0,
             (unsigned long long)cost.bytes, n ? (double)cost.bytes / (double)n : 0.0);
      free(out);
      free(w);
   }
   return 0;
}

#endif
