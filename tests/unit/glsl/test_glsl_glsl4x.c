/* unit.glsl.glsl4x — link rules that changed with the language version or with doubles:
 * `invariant` across an interface (both sides before GLSL 4.20, the output only from 4.20 and
 * ESSL 3.00), a double varying's transform feedback components (two a double), and geometry
 * shader input arrays of arrays sized by their outermost dimension; gl_TexCoord redeclared
 * stays one array. */
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

/* Geometry shader input arrays of arrays (ARB_arrays_of_arrays): the outermost size is the
 * per-vertex one, held to the same rules as a plain input array's (GLSL 1.50 4.3.8.1). */
static void
gs_input_aoa(void)
{
   static const struct {
      const char *body;
      bool ok;
   } cases[] = {
      {"in vec4 c2[2][5];\nin vec4 c3[3][5];\n", false},
      {"in vec4 c2[2][4];\nin vec4 c3[2][3];\n", true},
      {"in blk1 { vec4 c; } i2[2][6];\nin blk2 { vec4 c; } i3[3][6];\n", false},
      {"in blk1 { vec4 c; } i2[2][4];\nin blk2 { vec4 c; } i3[2][5];\n", true},
      {"in vec4 c[][2];\nvec4 f() { return c[2][1]; }\nlayout(lines) in;\n", false},
      {"in vec4 c[][2];\nvec4 f() { return c[1][1]; }\nlayout(lines) in;\n", true},
      {"in blk { vec4 c; } i[][2];\nvec4 f() { return i[2][1].c; }\nlayout(lines) in;\n", false},
      {"layout(triangles) in;\nin vec4 c[2][3];\n", false},
      {"layout(triangles) in;\nin vec4 c[3][2];\n", true},
   };
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      char src[512];
      snprintf(src, sizeof(src),
               "#version 150\n#extension GL_ARB_arrays_of_arrays : enable\n%s"
               "layout(points, max_vertices = 1) out;\n"
               "void main() { gl_Position = vec4(0.0); EmitVertex(); }\n",
               cases[k].body);
      char *log = NULL;
      const bool ok = glsl_compile_shader(GLSL_STAGE_GEOMETRY, GLSL_API_CORE, src, &log);
      CHECK(ok == cases[k].ok, "gs input case %u: %s (%s)", k, ok ? "compiled" : "refused",
            log ? log : "");
      free(log);
   }
}

/* A redeclared gl_TexCoord stays a one-dimensional array. */
static void
tex_coord_redeclared(void)
{
   static const struct {
      const char *decl;
      bool ok;
   } cases[] = {
      {"varying vec4 gl_TexCoord[4];\n", true},
      {"varying vec4 gl_TexCoord[gl_MaxTextureCoords][1];\n", false},
      {"varying vec4 gl_TexCoord[2][2];\n", false},
   };
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      char src[512];
      snprintf(src, sizeof(src),
               "#version 120\n#extension GL_ARB_arrays_of_arrays : enable\n%s"
               "void main() { gl_Position = vec4(0.0); gl_TexCoord[0] = vec4(1.0); }\n",
               cases[k].decl);
      char *log = NULL;
      const bool ok = glsl_compile_shader(GLSL_STAGE_VERTEX, GLSL_API_COMPAT, src, &log);
      CHECK(ok == cases[k].ok, "gl_TexCoord case %u: %s (%s)", k, ok ? "compiled" : "refused",
            log ? log : "");
      if (!ok)
         CHECK(log && strstr(log, "array of arrays"), "gl_TexCoord case %u log: %s", k,
               log ? log : "");
      free(log);
   }
}

int
main(void)
{
   CHECK(glsl_init(), "glsl_init");
   invariance();
   xfb_doubles();
   gs_input_aoa();
   tex_coord_redeclared();
   return t_finish("unit.glsl.glsl4x");
}
