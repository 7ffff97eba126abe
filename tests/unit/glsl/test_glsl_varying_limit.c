/* unit.glsl.varying_limit: the linker's per-stage interface limit is
 * glsl_link_input.max_varying_components (the device's), at least GLSL_MIN_VARYING_COMPONENTS:
 * a program at the limit links, one location past it fails with a link error, and
 * gl_MaxVaryingComponents in the shader is the same number. */
#include "glsl_test_util.h"

/* A vertex + fragment pair passing `locs` vec4 varyings; the fragment shader writes
 * gl_MaxVaryingComponents so the constant can be read back from the SPIR-V. */
static void
make_pair(unsigned locs, char *vs, char *fs, size_t cap)
{
   snprintf(vs, cap,
            "#version 150\n"
            "in vec4 pos;\n"
            "out vec4 v[%u];\n"
            "void main() {\n"
            "   for (int i = 0; i < %u; i++) v[i] = pos * float(i);\n"
            "   gl_Position = pos;\n"
            "}\n",
            locs, locs);
   snprintf(fs, cap,
            "#version 150\n"
            "in vec4 v[%u];\n"
            "out vec4 c;\n"
            "void main() {\n"
            "   vec4 s = vec4(0.0);\n"
            "   for (int i = 0; i < %u; i++) s += v[i];\n"
            "   c = s * float(gl_MaxVaryingComponents + int(s.x));\n"
            "}\n",
            locs, locs);
}

static bool
links(uint32_t limit, unsigned locs, char **log)
{
   char vs[1024], fs[1024];
   make_pair(locs, vs, fs, sizeof(vs));
   struct glsl_link_input in = {.source = {vs, fs}, .max_varying_components = limit};
   struct glsl_program *p = glsl_link(&in, log);
   bool ok = p != NULL;
   glsl_program_destroy(p);
   return ok;
}

/* Whether the fragment stage's SPIR-V holds a 32-bit integer constant `value`
 * (gl_MaxVaryingComponents folds to one). */
static bool
has_int_constant(uint32_t limit, uint32_t value)
{
   char vs[1024], fs[1024], *log = NULL;
   make_pair(4, vs, fs, sizeof(vs));
   struct glsl_link_input in = {.source = {vs, fs}, .max_varying_components = limit};
   struct glsl_program *p = glsl_link(&in, &log);
   free(log);
   bool found = false;
   if (p) {
      const struct glsl_spirv *sp = &p->spirv[GLSL_STAGE_FRAGMENT];
      for (size_t i = 5; i + 3 < sp->num_words && !found; i++)
         if ((sp->words[i] & 0xffff) == 43 /* OpConstant */ && (sp->words[i] >> 16) == 4)
            found = sp->words[i + 3] == value;
   }
   glsl_program_destroy(p);
   return found;
}

int
main(void)
{
   char *log = NULL;
   CHECK(glsl_init(), "glsl_init");

   /* lavapipe's limit: 128 components = 32 locations */
   CHECK(links(128, 32, &log), "32 locations at a 128-component limit: %s", log);
   free(log);
   log = NULL;
   CHECK(!links(128, 33, &log), "33 locations linked at a 128-component limit");
   CHECK(log && strstr(log, "Too many") && strstr(log, "at most 32"), "log: %s", log ? log : "");
   free(log);
   log = NULL;

   /* unset (or below GL's floor): 64 components = 16 locations */
   CHECK(links(0, 16, &log), "16 locations by default: %s", log);
   free(log);
   log = NULL;
   CHECK(!links(0, 17, &log), "17 locations linked by default");
   CHECK(log && strstr(log, "at most 16"), "log: %s", log ? log : "");
   free(log);
   log = NULL;
   CHECK(!links(32, 17, &log), "17 locations linked with a limit below GL's floor");
   free(log);
   log = NULL;

   CHECK(has_int_constant(128, 128), "gl_MaxVaryingComponents is not 128");
   CHECK(has_int_constant(0, 64), "gl_MaxVaryingComponents is not 64 by default");

   /* A shader object sees its context's limit at compile time too: an array sized by
    * gl_MaxFragmentInputComponents - 127 compiles at 128 (GLSL 1.50's minimum) and is refused
    * at the 64 of a context that does not say its limit. */
   const char *fs = "#version 150\n"
                    "uniform float f[gl_MaxFragmentInputComponents - 127];\n"
                    "out vec4 c;\n"
                    "void main() { c = vec4(f[0]); }\n";
   CHECK(glsl_compile_shader_limits(GLSL_STAGE_FRAGMENT, false, 128, fs, &log),
         "compile at a 128-component limit: %s", log ? log : "");
   free(log);
   log = NULL;
   CHECK(!glsl_compile_shader_limits(GLSL_STAGE_FRAGMENT, false, 0, fs, &log),
         "compiled with gl_MaxFragmentInputComponents 64");
   free(log);
   return t_finish("varying_limit");
}
