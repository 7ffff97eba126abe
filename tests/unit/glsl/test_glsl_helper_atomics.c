/* unit.glsl.helper_atomics — a fragment module's atomics answer helper invocations with a read
 * of their memory (spv_helper_atomics.c): each image atomic gains an OpImageRead, each buffer
 * atomic an OpLoad, and each an OpSelect on a HelperInvocation input in the entry point's
 * interface; the module stays valid; a vertex module, and a fragment module without atomics,
 * are left alone. Read with the test's own scanner (glsl_test_util.h) and spirv-val. */
#include "glsl_test_util.h"

#include "spv.h"

enum {
   OP_ENTRY_POINT = 15,
   OP_LOAD = 61,
   OP_IMAGE_READ = 98,
   OP_SELECT = 169,
   BUILTIN_HELPER = 23,
};

static const char *const vs = "#version 330 core\n"
                              "layout(location = 0) in vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";

/* Three image atomics (two in a loop), one buffer atomic, one atomic counter */
static const char *const fs_atomics =
   "#version 330 core\n"
   "#extension GL_ARB_shader_image_load_store : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n"
   "#extension GL_ARB_shader_atomic_counters : require\n"
   "layout(r32ui) coherent uniform uimage2D u_c;\n"
   "layout(r32i) uniform iimage2DArray u_s;\n"
   "layout(std430, binding = 0) buffer B { uint n; } b;\n"
   "layout(binding = 1, offset = 0) uniform atomic_uint u_counter;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "  uint old, v = 0u;\n"
   "  do { old = v; v = imageAtomicMax(u_c, ivec2(0), v + 1u); } while (v != old);\n"
   "  int s = imageAtomicAdd(u_s, ivec3(1, 2, 3), 4);\n"
   "  uint k = atomicAdd(b.n, 1u);\n"
   "  uint c = atomicCounterIncrement(u_counter);\n"
   "  o = vec4(float(v), float(s), float(k), float(c));\n"
   "}\n";

static const char *const fs_plain = "#version 330 core\n"
                                    "out vec4 o;\n"
                                    "void main() { o = vec4(1.0); }\n";

/* Whether the entry point's interface names the variable decorated BuiltIn HelperInvocation. */
static bool
helper_in_interface(const struct glsl_spirv *s)
{
   uint32_t var = 0;
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 71 && wc >= 4 && s->words[p + 2] == 11 && s->words[p + 3] == BUILTIN_HELPER)
         var = s->words[p + 1];
      p += wc;
   }
   for (size_t p = 5; var && p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (op == OP_ENTRY_POINT)
         for (uint32_t k = 3; k < wc; k++)
            if (s->words[p + k] == var)
               return true;
      p += wc;
   }
   return false;
}

static void
test_rewrite(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs_atomics}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
   const char *err = NULL;
   size_t n = 0;
   uint32_t *w = spv_helper_atomics(f->words, f->num_words, &n, &err);
   CHECK(w && !err, "fragment module not rewritten: %s", err ? err : "nothing to rewrite");
   if (w) {
      struct glsl_spirv after = {.words = w, .num_words = n};
      CHECK(!t_spv_has_builtin(f, BUILTIN_HELPER), "the source already reads HelperInvocation");
      CHECK(t_spv_has_builtin(&after, BUILTIN_HELPER), "no HelperInvocation input");
      CHECK(helper_in_interface(&after), "HelperInvocation not in the entry point's interface");
      const int selects = t_spv_count_op(&after, OP_SELECT) - t_spv_count_op(f, OP_SELECT);
      const int reads = t_spv_count_op(&after, OP_IMAGE_READ) - t_spv_count_op(f, OP_IMAGE_READ);
      const int loads = t_spv_count_op(&after, OP_LOAD) - t_spv_count_op(f, OP_LOAD);
      /* 4 atomics: 4 selects and 4 loads of the helper flag; 2 image reads (each after a load
       * of the image); 2 buffer loads (the block, and the counter's storage block) */
      CHECK(selects == 4, "%d selects added, want 4", selects);
      CHECK(reads == 2, "%d image reads added, want 2", reads);
      CHECK(loads == 4 + 2 + 2, "%d loads added, want 8", loads);
      CHECK(t_spirv_val(&after, "helper-atomics") != 0, "rewritten module invalid");
      /* a second pass finds the variable and adds no second one */
      size_t n2 = 0;
      uint32_t *w2 = spv_helper_atomics(w, n, &n2, &err);
      CHECK(w2, "second pass: %s", err ? err : "nothing");
      if (w2) {
         struct glsl_spirv again = {.words = w2, .num_words = n2};
         int helpers = 0;
         for (size_t q = 5; q < n2;) {
            uint32_t wc = w2[q] >> 16;
            if (!wc)
               break;
            helpers +=
               (w2[q] & 0xffff) == 71 && wc >= 4 && w2[q + 2] == 11 && w2[q + 3] == BUILTIN_HELPER;
            q += wc;
         }
         CHECK(helpers == 1, "%d HelperInvocation variables after two passes", helpers);
         CHECK(t_spirv_val(&again, "helper-atomics-twice") != 0, "twice-rewritten module invalid");
         free(w2);
      }
      free(w);
   }
   /* the vertex module is no fragment module */
   const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX];
   w = spv_helper_atomics(v->words, v->num_words, &n, &err);
   CHECK(!w && !err, "vertex module rewritten");
   free(w);
   glsl_program_destroy(p);
}

static void
test_nothing(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs_plain}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
   const char *err = NULL;
   size_t n = 0;
   uint32_t *w = spv_helper_atomics(f->words, f->num_words, &n, &err);
   CHECK(!w && !err, "a module without atomics was rewritten (%s)", err ? err : "");
   free(w);
   /* a truncated module is refused, not read past its end */
   w = spv_helper_atomics(f->words, f->num_words - 1, &n, &err);
   CHECK(!w, "a truncated module was rewritten");
   free(w);
   glsl_program_destroy(p);
}

int
main(void)
{
   test_rewrite();
   test_nothing();
   return t_finish("unit.glsl.helper_atomics");
}
