/* unit.glsl.atomic_args — atomic_uint function parameters (GLSL 4.20 4.1.7), which glslang's
 * relaxed Vulkan rules cannot pass: glsl_atomic_arg.c clones each such function per list of
 * counters its calls pass. Compiles the forms it lowers (two counters through one function,
 * extra parameters, constant and uniform array indices, a parameter passed on, a prototype, a
 * function never called), keeps the app's line numbers in later errors, links with the counters
 * reflected, and refuses by name what it does not lower (an array parameter, an overloaded
 * name). */
#include "glsl_test_util.h"

static bool
compiles(const char *src, char **log)
{
   *log = NULL;
   return glsl_compile_shader(GLSL_STAGE_FRAGMENT, GLSL_API_CORE, src, log);
}

int
main(void)
{
   /* piglit's arb_shader_atomic_counters-function-argument */
   const char *fs1 = "#version 140\n"
                     "#extension GL_ARB_shader_atomic_counters : enable\n"
                     "layout(binding = 0, offset = 0) uniform atomic_uint x;\n"
                     "layout(binding = 0, offset = 4) uniform atomic_uint y;\n"
                     "out ivec4 fcolor;\n"
                     "uint f(atomic_uint z) {\n"
                     "   return atomicCounterIncrement(z);}\n"
                     "void main() {\n"
                     "   fcolor.x = int(f(y));\n"
                     "}\n";
   char *log;
   CHECK(compiles(fs1, &log), "the piglit form: %s", log);
   free(log);

   const char *fs2 = "#version 420\n"
                     "layout(binding = 2, offset = 0) uniform atomic_uint a;\n"
                     "layout(binding = 2, offset = 4) uniform atomic_uint b;\n"
                     "layout(binding = 2, offset = 8) uniform atomic_uint c[3];\n"
                     "uniform int u_index;\n"
                     "out vec4 o;\n"
                     "uint bump(atomic_uint z, uint k);\n"
                     "uint unused(in atomic_uint q) { return atomicCounter(q); }\n"
                     "uint twice(atomic_uint w, vec2 v) {\n"
                     "  bump(w, 1u);\n"
                     "  return bump(w, uint(v.x));\n"
                     "}\n"
                     "uint bump(atomic_uint z, uint k) {\n"
                     "  vec3 s = vec3(1.0); float z2 = s.z;\n"
                     "  return atomicCounterIncrement(z) + k + uint(z2);\n"
                     "}\n"
                     "void main() {\n"
                     "  uint x = bump(a, 1000u) + bump(b, 0u) + bump(a, 2u);\n"
                     "  x += twice(c[1], vec2(0.0)) + bump(c[u_index], 0u) + bump(c[2], 0u);\n"
                     "  o = vec4(float(x));\n"
                     "}\n";
   CHECK(compiles(fs2, &log), "clones of every form: %s", log);
   free(log);
   const char *vs = "#version 140\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
   struct glsl_link_input in = {.source = {vs, fs2}};
   log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (p) {
      bool seen[3] = {false, false, false};
      for (unsigned j = 0; j < p->num_atomic_counters; j++) {
         const char *n = p->atomic_counters[j].name;
         seen[0] |= !strcmp(n, "a");
         seen[1] |= !strcmp(n, "b");
         seen[2] |= !strncmp(n, "c", 1);
      }
      CHECK(seen[0] && seen[1] && seen[2], "counters a %d b %d c %d reflected", seen[0], seen[1],
            seen[2]);
      glsl_program_destroy(p);
   }

   /* an error after two clones keeps its line: 9 */
   const char *fs3 = "#version 420\n"
                     "layout(binding = 0, offset = 0) uniform atomic_uint x;\n"
                     "layout(binding = 0, offset = 4) uniform atomic_uint y;\n"
                     "uint f(atomic_uint z) {\n"
                     "   return atomicCounterIncrement(z);\n"
                     "}\n"
                     "void main() {\n"
                     "   uint v = f(x) + f(y);\n"
                     "   v += not_declared;\n"
                     "}\n";
   CHECK(!compiles(fs3, &log) && log && strstr(log, "0:9:") && strstr(log, "not_declared"),
         "the error's line: %s", log ? log : "(none)");
   free(log);

   const char *fs4 = "#version 420\n"
                     "layout(binding = 0) uniform atomic_uint x[2];\n"
                     "uint f(atomic_uint z[2]) { return atomicCounter(z[0]); }\n"
                     "void main() { f(x); }\n";
   CHECK(!compiles(fs4, &log) && log && strstr(log, "atomic_uint array parameter"),
         "an array parameter is refused by name: %s", log ? log : "(none)");
   free(log);

   const char *fs5 = "#version 420\n"
                     "layout(binding = 0) uniform atomic_uint x;\n"
                     "uint f(atomic_uint z) { return atomicCounter(z); }\n"
                     "uint f(uint z) { return z; }\n"
                     "void main() { f(x); f(1u); }\n";
   CHECK(!compiles(fs5, &log) && log && strstr(log, "overloaded function"),
         "an overloaded name is refused by name: %s", log ? log : "(none)");
   free(log);
   return t_finish("unit.glsl.atomic_args");
}
