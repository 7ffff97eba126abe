/* unit.glsl.glsl4x — link rules that changed with the language version or with doubles:
 * `invariant` across an interface (both sides before GLSL 4.20, the output only from 4.20 and
 * ESSL 3.00), and a double varying's transform feedback components (two a double). */
#include "glsl_test_util.h"

static struct glsl_program *
link_vf(const char *v, const char *f, bool es, char **log)
{
   struct glsl_link_input in = {0};
   in.source[GLSL_STAGE_VERTEX] = v;
   in.source[GLSL_STAGE_FRAGMENT] = f;
   in.es = es;
   return glsl_link(&in, log);
}

static void
invariance(void)
{
   static const struct {
      const char *vs, *fs;
      bool es, links;
   } cases[] = {
      /* 4.20: the output alone is invariant, the input meets it */
      {"#version 420\nin vec4 p;\ninvariant out float d;\n"
       "void main() { gl_Position = p; d = p.z; }\n",
       "#version 420\nin float d;\nout vec4 c;\nvoid main() { c = vec4(d); }\n", false, true},
      /* one 4.20 unit makes the program's language 4.20 */
      {"#version 150\nin vec4 p;\ninvariant out float d;\n"
       "void main() { gl_Position = p; d = p.z; }\n",
       "#version 420\nin float d;\nout vec4 c;\nvoid main() { c = vec4(d); }\n", false, true},
      /* 4.10: both sides must say invariant */
      {"#version 410\nin vec4 p;\ninvariant out float d;\n"
       "void main() { gl_Position = p; d = p.z; }\n",
       "#version 410\nin float d;\nout vec4 c;\nvoid main() { c = vec4(d); }\n", false, false},
      {"#version 330\nin vec4 p;\ninvariant out float d;\n"
       "void main() { gl_Position = p; d = p.z; }\n",
       "#version 330\ninvariant in float d;\nout vec4 c;\nvoid main() { c = vec4(d); }\n", false,
       true},
      /* ESSL 3.00 outputs alone are invariant; ESSL 1.00 varyings agree */
      {"#version 300 es\nin vec4 p;\ninvariant out float d;\n"
       "void main() { gl_Position = p; d = p.z; }\n",
       "#version 300 es\nprecision mediump float;\nin float d;\nout vec4 c;\n"
       "void main() { c = vec4(d); }\n",
       true, true},
      {"#version 100\nattribute vec4 p;\ninvariant varying float d;\n"
       "void main() { gl_Position = p; d = p.z; }\n",
       "#version 100\nprecision mediump float;\nvarying float d;\n"
       "void main() { gl_FragColor = vec4(d); }\n",
       true, false},
   };
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      char *log = NULL;
      struct glsl_program *p = link_vf(cases[k].vs, cases[k].fs, cases[k].es, &log);
      CHECK(!p == !cases[k].links, "invariance case %u: %s (%s)", k, p ? "linked" : "failed",
            log ? log : "");
      if (!p)
         CHECK(log && strstr(log, "`d' is invariant in the vertex shader but not in the fragment"),
               "invariance case %u log: %s", k, log ? log : "");
      glsl_program_destroy(p);
      free(log);
   }
}

int
main(void)
{
   CHECK(glsl_init(), "glsl_init");
   invariance();
   return t_finish("unit.glsl.glsl4x");
}
