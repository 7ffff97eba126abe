/* unit.glsl.input_arrays — vertex input arrays split into one input per element
 * (spv_input_arrays.c), as the GLES backend does before its ESSL translation: a vertex module
 * with `in float a[2]; in int b[3]; in vec3 c[2]; in mat2 d[2];` keeps no Input array, gains
 * one Input per element at the array's location onwards (a mat2 element two apart), the arrays
 * become Private, and the module stays valid (spirv-val). A module without input arrays, a
 * fragment module, a truncated module and one whose id bound leaves no room are not rewritten.
 * Read with the test's own scanner (glsl_test_util.h) and spirv-val. */
#include "glsl_test_util.h"

#include "spv.h"

enum {
   OP_TYPE_POINTER = 32,
   OP_VARIABLE = 59,
   OP_DECORATE = 71,
   DECORATION_LOCATION = 30,
   STORAGE_INPUT = 1,
   STORAGE_PRIVATE = 6,
};

static const char *const vs_arrays = "#version 150 core\n"
                                     "in vec4 vertex;\n"
                                     "in float a[2];\n"
                                     "in int b[3];\n"
                                     "in vec3 c[2];\n"
                                     "in mat2 d[2];\n"
                                     "uniform int u_i;\n"
                                     "out vec4 v;\n"
                                     "void main() {\n"
                                     "  gl_Position = vertex;\n"
                                     "  float[2] whole = a;\n"
                                     "  v = vec4(whole[u_i], float(b[u_i + 1]), c[u_i].y,\n"
                                     "           d[1][u_i].x);\n"
                                     "}\n";
static const char *const vs_plain = "#version 150 core\n"
                                    "in vec4 vertex;\n"
                                    "out vec4 v;\n"
                                    "void main() { gl_Position = vertex; v = vertex; }\n";
static const char *const fs = "#version 150 core\n"
                              "in vec4 v;\n"
                              "out vec4 o;\n"
                              "void main() { o = v; }\n";

/* The storage class of each variable's pointer type: how many Input variables are of an
 * array type, and how many variables of storage class `storage` there are. */
static void
count_vars(const struct glsl_spirv *s, uint32_t storage, int *vars, int *input_arrays)
{
   *vars = *input_arrays = 0;
   for (size_t p = 5; p < s->num_words;) {
      const uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == OP_VARIABLE && wc >= 4 && s->words[p + 3] == storage)
         (*vars)++;
      if (op == OP_VARIABLE && wc >= 4 && s->words[p + 3] == STORAGE_INPUT) {
         /* the pointer type, then its pointee */
         for (size_t q = 5; q < s->num_words;) {
            const uint32_t qc = s->words[q] >> 16;
            if (!qc)
               break;
            if ((s->words[q] & 0xffff) == OP_TYPE_POINTER && s->words[q + 1] == s->words[p + 1])
               for (size_t r = 5; r < s->num_words;) {
                  const uint32_t rc = s->words[r] >> 16;
                  if (!rc)
                     break;
                  if ((s->words[r] & 0xffff) == 28 /* OpTypeArray */ &&
                      s->words[r + 1] == s->words[q + 3])
                     (*input_arrays)++;
                  r += rc;
               }
            q += qc;
         }
      }
      p += wc;
   }
}

/* A bit per location some OpDecorate Location names. */
static uint32_t
locations(const struct glsl_spirv *s)
{
   uint32_t mask = 0;
   for (size_t p = 5; p < s->num_words;) {
      const uint32_t wc = s->words[p] >> 16;
      if (!wc)
         break;
      if ((s->words[p] & 0xffff) == OP_DECORATE && wc == 4 &&
          s->words[p + 2] == DECORATION_LOCATION && s->words[p + 3] < 32)
         mask |= 1u << s->words[p + 3];
      p += wc;
   }
   return mask;
}

static void
check_left(const struct glsl_spirv *m, const char *tag)
{
   const char *err = NULL;
   bool blocked = true;
   size_t n = 0;
   uint32_t *w = spv_split_input_arrays(m->words, m->num_words, &n, &blocked, &err);
   CHECK(!w && !err && !blocked, "%s: rewritten (%s)", tag, err ? err : "");
   free(w);
}

static void
test_split(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs_arrays, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX];
   int inputs = 0, arrays = 0, priv = 0, unused = 0;
   count_vars(v, STORAGE_INPUT, &inputs, &arrays);
   CHECK(arrays == 4, "before: %d Input arrays, want 4", arrays);
   const int64_t la = t_var_decoration(v, "a", DECORATION_LOCATION);
   const int64_t lb = t_var_decoration(v, "b", DECORATION_LOCATION);
   const int64_t lc = t_var_decoration(v, "c", DECORATION_LOCATION);
   const int64_t ld = t_var_decoration(v, "d", DECORATION_LOCATION);
   CHECK(la >= 0 && lb >= 0 && lc >= 0 && ld >= 0, "locations %lld %lld %lld %lld", (long long)la,
         (long long)lb, (long long)lc, (long long)ld);
   const uint32_t before = locations(v);

   const char *err = NULL;
   bool blocked = true;
   size_t n = 0;
   uint32_t *w = spv_split_input_arrays(v->words, v->num_words, &n, &blocked, &err);
   CHECK(w && !err && !blocked, "not rewritten: %s", err ? err : "nothing to rewrite");
   if (w) {
      struct glsl_spirv after = {.words = w, .num_words = n};
      int inputs_after = 0, arrays_after = 0;
      count_vars(&after, STORAGE_INPUT, &inputs_after, &arrays_after);
      count_vars(&after, STORAGE_PRIVATE, &priv, &unused);
      CHECK(arrays_after == 0, "after: %d Input arrays", arrays_after);
      /* 2 + 3 + 2 + 2 elements for the 4 arrays */
      CHECK(inputs_after == inputs - 4 + 9, "after: %d Inputs, want %d", inputs_after,
            inputs - 4 + 9);
      CHECK(priv >= 4, "after: %d Private variables, want the 4 arrays", priv);
      /* the elements are decorated at the array's location onwards, and nothing else moved */
      uint32_t want = before;
      /* d: two mat2 of two columns each, decorated at their first */
      want |= 3u << la | 7u << lb | 3u << lc | 5u << ld;
      CHECK(locations(&after) == want, "locations 0x%x, want 0x%x", locations(&after), want);
      CHECK(t_spirv_val(&after, "input-arrays") != 0, "rewritten module invalid");
      free(w);
   }
   check_left(&p->spirv[GLSL_STAGE_FRAGMENT], "fragment");

   /* hostile shapes: a last instruction whose length runs past the end, an id bound with no
    * room left */
   uint32_t *copy = malloc(v->num_words * 4);
   if (copy) {
      memcpy(copy, v->words, v->num_words * 4);
      copy[v->num_words - 1] = (2u << 16) | (copy[v->num_words - 1] & 0xffff);
      err = NULL;
      w = spv_split_input_arrays(copy, v->num_words, &n, &blocked, &err);
      CHECK(!w && (err || blocked), "a module whose last instruction runs past its end was "
                                    "rewritten");
      free(w);
      memcpy(copy, v->words, v->num_words * 4);
      copy[3] = UINT32_MAX - 3;
      err = NULL;
      w = spv_split_input_arrays(copy, v->num_words, &n, &blocked, &err);
      CHECK(!w && err, "an id bound at UINT32_MAX was rewritten");
      free(w);
      free(copy);
   }
   glsl_program_destroy(p);
}

static void
test_plain(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs_plain, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   check_left(&p->spirv[GLSL_STAGE_VERTEX], "vertex without input arrays");
   glsl_program_destroy(p);
}

int
main(void)
{
   test_split();
   test_plain();
   return t_finish("unit.glsl.input_arrays");
}
