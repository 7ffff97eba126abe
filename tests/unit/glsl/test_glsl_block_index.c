/* unit.glsl.block_index — GLSL 1.50-3.30 and ESSL 3.00: a uniform block array is indexed only by
 * constant integral expressions (non-constant indices come with GLSL 4.00); other arrays, and
 * constant indices into block arrays, stay fine. */
#include "glsl_test_util.h"

static void
vert(bool es, const char *src, bool want_ok, const char *what)
{
   char *log = NULL;
   bool ok = glsl_compile_shader(GLSL_STAGE_VERTEX, es, src, &log);
   CHECK(ok == want_ok, "%s: %s (%s)", what, ok ? "compiled" : "refused", log);
   if (!want_ok)
      CHECK(log && strstr(log, "0:5") && strstr(log, "'camera'") &&
               strstr(log, "constant integral expression"),
            "%s: log: %s", what, log);
   free(log);
}

int
main(void)
{
   static const char *const versions[] = {"150", "330"};
   for (unsigned v = 0; v < 2; v++) {
      char src[512];
      snprintf(src, sizeof(src),
               "#version %s\nuniform T { mat4 mvp; } camera[2];\nuniform int idx;\n"
               "in vec4 position;\nvoid main() { gl_Position = camera[idx].mvp * position; }\n",
               versions[v]);
      vert(false, src, false, versions[v]);
      snprintf(src, sizeof(src),
               "#version %s\nuniform T { mat4 mvp; } camera[2];\nconst int k = 1;\n"
               "in vec4 position;\nvoid main() { gl_Position = camera[k].mvp * camera[0].mvp * "
               "position; }\n",
               versions[v]);
      vert(false, src, true, "constant index");
   }
   vert(true,
        "#version 300 es\nuniform T { mat4 mvp; } camera[2];\nuniform int idx;\n"
        "in vec4 position;\nvoid main() { gl_Position = camera[idx].mvp * position; }\n",
        false, "300 es");
   /* a non-constant index into a plain uniform array or into a block member array is fine */
   vert(false,
        "#version 150\nuniform vec4 a[4];\nuniform T { vec4 m[4]; } t;\nuniform int idx;\n"
        "void main() { gl_Position = a[idx] + t.m[idx]; }\n",
        true, "plain and member arrays");
   return t_finish("unit.glsl.block_index");
}
