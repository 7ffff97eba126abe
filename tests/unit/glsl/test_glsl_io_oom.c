/* unit.glsl.io_oom — the GLES backend's two varying passes (glb_io_structs.c: struct varyings
 * split per member; glb_io_flatten.c: arrays of arrays made one-dimensional) when memory runs
 * out. Each pass runs on the vertex and fragment modules of a program that has such varyings,
 * once with every allocation failing from the k-th on, for each k until one run allocates no
 * more than k times. Every run must give the words the unfailed run gave, or NULL with an error:
 * NULL without one means "nothing to rewrite", and the host would get a module the pass should
 * have changed (ESSL refuses it, or worse, the stages no longer meet).
 * Allocations fail through the linker's --wrap of malloc, calloc and realloc (CMakeLists.txt),
 * which reaches the passes and the static mgl_util's growable arrays. */
#include "glsl_test_util.h"

#include <stdbool.h>

#include "glb.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);

/* -1: off; else allocations left before they fail */
static long t_left = -1;
static long t_calls;

static bool
t_fail_now(void)
{
   if (t_left < 0)
      return false;
   t_calls++;
   if (t_left == 0)
      return true;
   t_left--;
   return false;
}

void *
__wrap_malloc(size_t size)
{
   return t_fail_now() ? NULL : __real_malloc(size);
}

void *
__wrap_calloc(size_t n, size_t size)
{
   return t_fail_now() ? NULL : __real_calloc(n, size);
}

void *
__wrap_realloc(void *p, size_t size)
{
   return t_fail_now() ? NULL : __real_realloc(p, size);
}

static const char *const vs = "#version 330 core\n"
                              "#extension GL_ARB_arrays_of_arrays : require\n"
                              "layout(location = 0) in vec2 a_pos;\n"
                              "struct S { vec2 a[2]; int k; };\n"
                              "struct U { S s; float f[3]; };\n"
                              "flat out U v;\n"
                              "flat out S w[2];\n"
                              "flat out int v_cell[2][2];\n"
                              "void main() {\n"
                              "  v.s.a[0] = vec2(0.2, 0.4);\n"
                              "  v.s.a[1] = vec2(0.6, 0.8);\n"
                              "  v.s.k = 3;\n"
                              "  for (int i = 0; i < 3; i++)\n"
                              "    v.f[i] = 0.2 * float(i + 1);\n"
                              "  for (int i = 0; i < 2; i++) {\n"
                              "    w[i].a[0] = vec2(0.2 * float(i), 1.0);\n"
                              "    w[i].a[1] = vec2(0.6, 0.4 * float(i));\n"
                              "    w[i].k = 5 + i;\n"
                              "    for (int j = 0; j < 2; j++)\n"
                              "      v_cell[i][j] = i * 2 + j;\n"
                              "  }\n"
                              "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                              "}\n";

static const char *const fs =
   "#version 330 core\n"
   "#extension GL_ARB_arrays_of_arrays : require\n"
   "struct S { vec2 a[2]; int k; };\n"
   "struct U { S s; float f[3]; };\n"
   "flat in U v;\n"
   "flat in S w[2];\n"
   "flat in int v_cell[2][2];\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "  int c = int(gl_FragCoord.x) / 8;\n"
   "  int i = c & 1;\n"
   "  o_color = vec4(v.s.a[i], float(v.s.k) + v.f[c % 3], float(v_cell[i][c & 1]))\n"
   "          + vec4(w[i].a[0], w[i].a[1].x, float(w[i].k));\n"
   "}\n";

typedef uint32_t *(*io_pass)(const uint32_t *w, size_t n, bool outputs, size_t *out_n,
                             const char **err);

/* The pass under every allocation failure; returns the unfailed run's words (the caller's). */
static uint32_t *
check_pass(const char *what, io_pass pass, const uint32_t *w, size_t n, bool outputs, size_t *out_n)
{
   const char *err = NULL;
   uint32_t *want = pass(w, n, outputs, out_n, &err);
   CHECK(want && !err, "%s: rewritten without failures (err %s)", what, err ? err : "none");
   if (!want)
      return NULL;
   unsigned failed_runs = 0;
   for (long k = 0;; k++) {
      size_t got_n = 0;
      err = NULL;
      t_calls = 0;
      t_left = k;
      uint32_t *got = pass(w, n, outputs, &got_n, &err);
      t_left = -1;
      if (got) {
         CHECK(!err && got_n == *out_n && !memcmp(got, want, got_n * sizeof(uint32_t)),
               "%s: allocation %ld failing: other words than the unfailed run's", what, k);
         free(got);
      } else {
         failed_runs++;
         CHECK(err != NULL,
               "%s: allocation %ld failing: NULL without an error (\"nothing to rewrite\")", what,
               k);
         CHECK(!err || !strcmp(err, "out of memory"), "%s: allocation %ld failing: error '%s'",
               what, k, err);
      }
      if (t_calls <= k) /* the k-th allocation was never asked for: every one has failed */
         break;
      if (k > 100000) {
         CHECK(false, "%s: no end to its allocations", what);
         break;
      }
   }
   CHECK(failed_runs > 0, "%s: no run failed (no allocation to fail)", what);
   return want;
}

int
main(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log ? log : "");
   free(log);
   if (!p)
      return t_finish("unit.glsl.io_oom");
   for (int stage = 0; stage < 2; stage++) {
      const struct glsl_spirv *s = &p->spirv[stage ? GLSL_STAGE_FRAGMENT : GLSL_STAGE_VERTEX];
      const bool outputs = stage == 0;
      size_t split_n = 0, flat_n = 0;
      uint32_t *split = check_pass(
         outputs ? "struct varyings, vertex outputs" : "struct varyings, fragment inputs",
         glb_spv_split_io_structs, s->words, s->num_words, outputs, &split_n);
      if (!split)
         continue;
      /* the backend's order: the members split, then the arrays of arrays that leaves */
      uint32_t *flat = check_pass(outputs ? "arrays of arrays, vertex outputs"
                                          : "arrays of arrays, fragment inputs",
                                  glb_spv_flatten_io_arrays, split, split_n, outputs, &flat_n);
      free(flat);
      free(split);
   }
   glsl_program_destroy(p);
   return t_finish("unit.glsl.io_oom");
}
