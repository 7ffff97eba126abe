/* unit.glsl.atomic_limits — atomic counter bindings and definitions across stages:
 *  - GLSL 4.50 4.4.6: a binding at or above GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS is a
 *    compile-time error (glslang takes it), whether the counter is used or not; the last one
 *    below the limit compiles.
 *  - GL 4.6 7.6 / GLSL 4.20 4.4.4.6: one counter name in two stages must have the same binding
 *    and offset; an implicit offset that differs from the other stage's explicit one fails to
 *    link, an implicit one that agrees links. */
#include "glsl_test_util.h"

static bool
compiles(enum glsl_stage stage, const char *src)
{
   char *log = NULL;
   const bool ok = glsl_compile_shader(stage, GLSL_API_CORE, src, &log);
   free(log);
   return ok;
}

static bool
links(const char *vs, const char *fs, char **log)
{
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, log);
   glsl_program_destroy(p);
   return p != NULL;
}

static const char *fs_x0 = "#version 140\n"
                           "#extension GL_ARB_shader_atomic_counters : enable\n"
                           "out ivec4 c;\n"
                           "layout(binding=2, offset=0) uniform atomic_uint x1;\n"
                           "layout(binding=3, offset=4) uniform atomic_uint x0;\n"
                           "void main() { c.x = int(atomicCounter(x0) + atomicCounter(x1)); }\n";

int
main(void)
{
   char src[512];
   /* the limit is the one glsl.h reports as GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS */
   for (int b = GLSL_MAX_ATOMIC_BUFFERS - 1; b <= GLSL_MAX_ATOMIC_BUFFERS + 1; b++) {
      for (int used = 0; used < 2; used++) {
         snprintf(src, sizeof(src),
                  "#version 140\n"
                  "#extension GL_ARB_shader_atomic_counters : enable\n"
                  "layout(binding=%d) uniform atomic_uint x;\n"
                  "out vec4 c;\n"
                  "void main() { c = vec4(%s); }\n",
                  b, used ? "float(atomicCounter(x))" : "0.0");
         const bool want = b < GLSL_MAX_ATOMIC_BUFFERS;
         CHECK(compiles(GLSL_STAGE_FRAGMENT, src) == want, "binding %d (%s): compiles %d", b,
               used ? "used" : "unused", !want);
      }
   }
   /* an array whose elements reach past the last binding point stays one binding: fine */
   snprintf(src, sizeof(src),
            "#version 420\n"
            "layout(binding=%d, offset=0) uniform atomic_uint a[4];\n"
            "void main() { gl_Position = vec4(float(atomicCounter(a[3]))); }\n",
            GLSL_MAX_ATOMIC_BUFFERS - 1);
   CHECK(compiles(GLSL_STAGE_VERTEX, src), "an array at the last binding does not compile");
   /* a 4.20 unit, and the vertex stage, alike */
   snprintf(src, sizeof(src),
            "#version 420\n"
            "layout(binding=%d, offset=0) uniform atomic_uint a;\n"
            "void main() { gl_Position = vec4(float(atomicCounter(a))); }\n",
            GLSL_MAX_ATOMIC_BUFFERS);
   CHECK(!compiles(GLSL_STAGE_VERTEX, src), "4.20 vertex binding %d compiles",
         GLSL_MAX_ATOMIC_BUFFERS);

   const char *vs_implicit = "#version 140\n"
                             "#extension GL_ARB_shader_atomic_counters : enable\n"
                             "in vec4 p;\n"
                             "flat out ivec4 v;\n"
                             "layout(binding=2) uniform atomic_uint x1;\n"
                             "layout(binding=2, offset=4) uniform atomic_uint x2;\n"
                             "layout(binding=3) uniform atomic_uint x0;\n"
                             "void main() {\n"
                             "   v.x = int(atomicCounter(x0) + atomicCounter(x1) +\n"
                             "             atomicCounter(x2));\n"
                             "   gl_Position = p;\n"
                             "}\n";
   char *log = NULL;
   CHECK(!links(vs_implicit, fs_x0, &log), "x0 at offset 0 and 4 links");
   free(log);
   log = NULL;
   /* the same with x0's implicit offset 4 (after a counter at 0) links */
   const char *vs_agree = "#version 140\n"
                          "#extension GL_ARB_shader_atomic_counters : enable\n"
                          "in vec4 p;\n"
                          "flat out ivec4 v;\n"
                          "layout(binding=2) uniform atomic_uint x1;\n"
                          "layout(binding=3) uniform atomic_uint y;\n"
                          "layout(binding=3) uniform atomic_uint x0;\n"
                          "void main() {\n"
                          "   v.x = int(atomicCounter(x0) + atomicCounter(x1) +\n"
                          "             atomicCounter(y));\n"
                          "   gl_Position = p;\n"
                          "}\n";
   CHECK(links(vs_agree, fs_x0, &log), "agreeing definitions do not link: %s", log);
   free(log);
   return t_finish("unit.glsl.atomic_limits");
}
