/* unit.glsl.single_sample — the fragment module single-sample rasterization draws with
 * (spv_single_sample.c): gl_SampleID, gl_SamplePosition, gl_SampleMaskIn and gl_SampleMask
 * leave the built-ins and the entry point's interface for Private variables (the inputs
 * initialized, the output written to nothing), each access chain into them takes a Private
 * pointer, and the module stays valid; a module without them, a vertex module and a
 * truncated module are left alone. Read with the test's own scanner and spirv-val. */
#include "glsl_test_util.h"

#include "spv.h"

enum {
   OP_ENTRY_POINT = 15,
   OP_VARIABLE = 59,
   OP_STORE = 62,
   BUILTIN_SAMPLE_ID = 18,
   BUILTIN_SAMPLE_POSITION = 19,
   BUILTIN_SAMPLE_MASK = 20,
   SC_PRIVATE = 6,
};

static const char *const vs = "#version 400 core\n"
                              "layout(location = 0) in vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";

static const char *const fs_sample = "#version 400 core\n"
                                     "out vec4 o;\n"
                                     "void main() {\n"
                                     "  gl_SampleMask[0] = gl_SampleMaskIn[0] & 5;\n"
                                     "  o = vec4(float(gl_SampleID), gl_SamplePosition, 1.0);\n"
                                     "}\n";

static const char *const fs_mask_only = "#version 400 core\n"
                                        "out vec4 o;\n"
                                        "void main() {\n"
                                        "  gl_SampleMask[0] = 0;\n"
                                        "  o = vec4(1.0);\n"
                                        "}\n";

static const char *const fs_plain = "#version 400 core\n"
                                    "out vec4 o;\n"
                                    "void main() { o = vec4(1.0); }\n";

/* The number of ids the entry point's interface lists. */
static int
interface_size(const struct glsl_spirv *s)
{
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == OP_ENTRY_POINT) {
         uint32_t k = 3;
         while (k < wc && (s->words[p + k] & 0xff000000u) && (s->words[p + k] & 0xff0000u) &&
                (s->words[p + k] & 0xff00u) && (s->words[p + k] & 0xffu))
            k++;
         return (int)(wc - (k + 1));
      }
      p += wc;
   }
   return -1;
}

static void
test_rewrite(const char *fs, int builtins, const char *tag)
{
   struct glsl_program *p = t_link_vs_fs(vs, fs);
   if (!p)
      return;
   const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
   const char *err = NULL;
   size_t n = 0;
   uint32_t *w = spv_single_sample(f->words, f->num_words, &n, &err);
   CHECK(w && !err, "%s: not rewritten: %s", tag, err ? err : "nothing to rewrite");
   if (w) {
      struct glsl_spirv after = {.words = w, .num_words = n};
      CHECK(t_spv_has_builtin(f, BUILTIN_SAMPLE_MASK), "%s: the source has no SampleMask", tag);
      CHECK(!t_spv_has_builtin(&after, BUILTIN_SAMPLE_ID), "%s: SampleId left", tag);
      CHECK(!t_spv_has_builtin(&after, BUILTIN_SAMPLE_POSITION), "%s: SamplePosition left", tag);
      CHECK(!t_spv_has_builtin(&after, BUILTIN_SAMPLE_MASK), "%s: SampleMask left", tag);
      const int removed = interface_size(f) - interface_size(&after);
      CHECK(removed == builtins, "%s: %d interface entries removed, want %d", tag, removed,
            builtins);
      CHECK(t_spv_count_op(&after, OP_VARIABLE) == t_spv_count_op(f, OP_VARIABLE),
            "%s: variables added or lost", tag);
      CHECK(t_spv_count_op(&after, OP_STORE) == t_spv_count_op(f, OP_STORE),
            "%s: stores added or lost", tag);
      int priv = 0;
      for (size_t q = 5; q < n;) {
         uint32_t wc = w[q] >> 16;
         if (!wc)
            break;
         priv += (w[q] & 0xffff) == OP_VARIABLE && wc >= 4 && w[q + 3] == SC_PRIVATE;
         q += wc;
      }
      CHECK(priv >= builtins, "%s: %d Private variables, want %d", tag, priv, builtins);
      CHECK(t_spirv_val(&after, tag) != 0, "%s: rewritten module invalid", tag);
      /* nothing left to change the second time */
      size_t n2 = 0;
      uint32_t *w2 = spv_single_sample(w, n, &n2, &err);
      CHECK(!w2 && !err, "%s: rewritten twice", tag);
      free(w2);
      free(w);
   }
   /* the vertex module is no fragment module */
   const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX];
   w = spv_single_sample(v->words, v->num_words, &n, &err);
   CHECK(!w && !err, "%s: vertex module rewritten", tag);
   free(w);
   /* a module whose last instruction runs past its end is refused, not read past it */
   uint32_t *cut = malloc(f->num_words * sizeof(uint32_t));
   if (cut) {
      memcpy(cut, f->words, f->num_words * sizeof(uint32_t));
      cut[f->num_words - 1] += 1u << 16; /* OpFunctionEnd claims a second word */
      w = spv_single_sample(cut, f->num_words, &n, &err);
      CHECK(!w && err, "%s: a truncated module was rewritten", tag);
      free(w);
      free(cut);
   }
   glsl_program_destroy(p);
}

static void
test_nothing(void)
{
   struct glsl_program *p = t_link_vs_fs(vs, fs_plain);
   if (!p)
      return;
   const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
   const char *err = NULL;
   size_t n = 0;
   uint32_t *w = spv_single_sample(f->words, f->num_words, &n, &err);
   CHECK(!w && !err, "a module without sample built-ins was rewritten (%s)", err ? err : "");
   free(w);
   glsl_program_destroy(p);
}

int
main(void)
{
   test_rewrite(fs_sample, 4, "single-sample");
   test_rewrite(fs_mask_only, 1, "single-sample-mask");
   test_nothing();
   return t_finish("unit.glsl.single_sample");
}
