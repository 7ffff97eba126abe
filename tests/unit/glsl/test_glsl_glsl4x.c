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

/* GL_SEPARATE_ATTRIBS: a varying's components, two a double, against
 * GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS (64). */
static void
xfb_doubles(void)
{
   static const char *vs = "#version 400\n"
                           "in vec4 p;\n"
                           "out dvec3 v3;\n"
                           "out dvec4 d8[8];\n"
                           "out dvec4 d9[9];\n"
                           "out vec4 f16[16];\n"
                           "out vec4 f17[17];\n"
                           "void main() {\n"
                           "   gl_Position = p; v3 = dvec3(p.xyz);\n"
                           "   for (int i = 0; i < 8; i++) d8[i] = dvec4(p);\n"
                           "   for (int i = 0; i < 9; i++) d9[i] = dvec4(p);\n"
                           "   for (int i = 0; i < 16; i++) f16[i] = p;\n"
                           "   for (int i = 0; i < 17; i++) f17[i] = p;\n"
                           "}\n";
   static const struct {
      const char *name;
      unsigned comps; /* 0: fits */
   } cases[] = {{"v3", 0}, {"d8", 0}, {"d9", 72}, {"f16", 0}, {"f17", 68}};
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      const char *names[] = {cases[k].name};
      struct glsl_link_input in = {.source = {vs},
                                   .xfb_varyings = names,
                                   .num_xfb_varyings = 1,
                                   .xfb_separate = true,
                                   .max_varying_components = 1024};
      char *log = NULL;
      struct glsl_program *p = glsl_link(&in, &log);
      if (!cases[k].comps) {
         CHECK(p && p->num_xfb == 1, "separate %s: %s", cases[k].name, log ? log : "");
      } else {
         char needle[64];
         snprintf(needle, sizeof(needle), "takes %u components", cases[k].comps);
         CHECK(!p && log && strstr(log, needle) && strstr(log, "SEPARATE_COMPONENTS (64)"),
               "separate %s: %s", cases[k].name, log ? log : "linked");
      }
      glsl_program_destroy(p);
      free(log);
   }
}

int
main(void)
{
   CHECK(glsl_init(), "glsl_init");
   invariance();
   xfb_doubles();
   return t_finish("unit.glsl.glsl4x");
}
