/* glsl_test_util.h — helpers for the unit.glsl.* tests: a check macro, an independent (tiny)
 * SPIR-V decoration scanner so the tests do not grade the library's reader with itself, and a
 * spirv-val runner. */
#ifndef MGL_TESTS_GLSL_TEST_UTIL_H
#define MGL_TESTS_GLSL_TEST_UTIL_H

#include "glsl.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int t_failures;

#define CHECK(cond, ...)                                                                           \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         t_failures++;                                                                             \
         fprintf(stderr, "%s:%d: FAILED: %s: ", __FILE__, __LINE__, #cond);                        \
         fprintf(stderr, __VA_ARGS__);                                                             \
         fprintf(stderr, "\n");                                                                    \
      }                                                                                            \
   } while (0)

static inline int
t_finish(const char *name)
{
   if (t_failures) {
      fprintf(stderr, "%s: %d check(s) failed\n", name, t_failures);
      return 1;
   }
   printf("%s: all checks passed\n", name);
   return 0;
}

/* A program of a vertex and a fragment stage; NULL (a failed check with the log) when it does
 * not link. */
static inline struct glsl_program *
t_link_vs_fs(const char *vs, const char *fs)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   return p;
}

/* The id OpName gives `name` (the first one), or 0. */
static inline uint32_t
t_spv_id_named(const struct glsl_spirv *s, const char *name)
{
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 5 /* OpName */ && !strcmp((const char *)&s->words[p + 2], name))
         return s->words[p + 1];
      p += wc;
   }
   return 0;
}

/* The literal of `OpDecorate id decoration literal`, or -1. */
static inline int64_t
t_spv_decoration(const struct glsl_spirv *s, uint32_t id, uint32_t decoration)
{
   int64_t found = -1;
   int count = 0;
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 71 /* OpDecorate */ && wc >= 4 && s->words[p + 1] == id &&
          s->words[p + 2] == decoration) {
         found = s->words[p + 3];
         count++;
      }
      p += wc;
   }
   return count == 1 ? found : (count ? -2 : -1); /* -2: decorated twice */
}

/* Decoration of the variable named `name`. */
static inline int64_t
t_var_decoration(const struct glsl_spirv *s, const char *name, uint32_t decoration)
{
   uint32_t id = t_spv_id_named(s, name);
   return id ? t_spv_decoration(s, id, decoration) : -3;
}

/* The variable whose type points to the type named `type_name` (e.g. a block type), or 0. */
static inline uint32_t
t_spv_var_of_type(const struct glsl_spirv *s, const char *type_name)
{
   uint32_t type = t_spv_id_named(s, type_name), ptr = 0;
   if (!type)
      return 0;
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 32 /* OpTypePointer */ && wc == 4 && s->words[p + 3] == type)
         ptr = s->words[p + 1];
      if (op == 59 /* OpVariable */ && ptr && s->words[p + 1] == ptr)
         return s->words[p + 2];
      p += wc;
   }
   return 0;
}

/* Number of instructions with opcode `op`. */
static inline int
t_spv_count_op(const struct glsl_spirv *s, uint32_t op)
{
   int n = 0;
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16;
      if (!wc)
         break;
      n += (s->words[p] & 0xffff) == op;
      p += wc;
   }
   return n;
}

/* Whether `OpDecorate x BuiltIn b` exists. */
static inline bool
t_spv_has_builtin(const struct glsl_spirv *s, uint32_t builtin)
{
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 71 && wc >= 4 && s->words[p + 2] == 11 /* BuiltIn */ && s->words[p + 3] == builtin)
         return true;
      p += wc;
   }
   return false;
}

/* Runs spirv-val --target-env vulkan1.1 on the words. 1 = valid, 0 = invalid, -1 = no tool. */
static inline int
t_spirv_val(const struct glsl_spirv *s, const char *tag)
{
   if (system("command -v spirv-val >/dev/null 2>&1") != 0) {
      printf("SKIP: spirv-val not found; not validating %s\n", tag);
      return -1;
   }
   char path[256];
   snprintf(path, sizeof(path), "/tmp/mgl-glsl-test-%ld-%s.spv", (long)getpid(), tag);
   FILE *f = fopen(path, "wb");
   if (!f)
      return 0;
   fwrite(s->words, sizeof(uint32_t), s->num_words, f);
   fclose(f);
   char cmd[512];
   snprintf(cmd, sizeof(cmd), "spirv-val --target-env vulkan1.1 %s", path);
   int rc = system(cmd);
   if (rc == 0)
      unlink(path);
   else
      fprintf(stderr, "spirv-val failed on %s (kept at %s)\n", tag, path);
   return rc == 0;
}

static inline void
t_print_log(const char *what, const char *log)
{
   if (log && *log)
      printf("--- %s log:\n%s---\n", what, log);
}

/* What a Vulkan backend quirk that rewrites every stage does to a linked program (vkb_quirks.c,
 * rewrite_stages): each stage's words through `rewrite`, in every stage or in none. True when
 * the program was rewritten; *blocked (may be NULL) whether a stage blocked it. */
#include "spv.h"
typedef uint32_t *(*t_rewrite_fn)(const uint32_t *words, size_t num_words, size_t *out_n,
                                  bool *blocked, const char **err);
static inline bool
t_rewrite_stages(struct glsl_program *p, t_rewrite_fn rewrite, bool *blocked_out)
{
   uint32_t *w[GLSL_STAGE_COUNT] = {0};
   size_t n[GLSL_STAGE_COUNT] = {0};
   bool ok = true, any = false, blocked = false;
   for (int s = 0; s < GLSL_STAGE_COUNT && ok; s++) {
      const char *err = NULL;
      if (p->spirv[s].words)
         w[s] = rewrite(p->spirv[s].words, p->spirv[s].num_words, &n[s], &blocked, &err);
      CHECK(!err, "stage %d: %s", s, err);
      ok = !blocked && !err;
      any = any || w[s];
   }
   if (blocked_out)
      *blocked_out = blocked;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!w[s])
         continue;
      if (ok) {
         free(p->spirv[s].words);
         p->spirv[s].words = w[s];
         p->spirv[s].num_words = n[s];
      } else {
         free(w[s]);
      }
   }
   return ok && any;
}

/* The split-io-blocks quirk (spv_split.c): every stage's interface blocks split. */
static inline bool
t_split_io_blocks(struct glsl_program *p)
{
   return t_rewrite_stages(p, spv_split_blocks, NULL);
}

#endif
