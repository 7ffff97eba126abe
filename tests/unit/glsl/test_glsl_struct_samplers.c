/* unit.glsl.struct_samplers — GLSL uniform structures holding samplers (ARB_gpu_shader5 indexes
 * their arrays; GL 4.6 7.3.1.1 names each leaf): glsl_lower.c hoists every leaf into a uniform
 * of its own, so the program links and reflects one GL uniform per leaf of each structure
 * element ("s[1].tex", "s[0].si.u" of two elements), nested structures and non-constant indices
 * included; a use that does not reach a leaf (the structure passed whole) is a named compile
 * error. */
#include "glsl_test_util.h"

#include <GL/glcorearb.h>

static const char *vs = "#version 150\n"
                        "in vec4 pos;\n"
                        "void main() { gl_Position = pos; }\n";

static void
leaves(void)
{
   const char *fs = "#version 150\n"
                    "#extension GL_ARB_gpu_shader5 : require\n"
                    "struct I { sampler2D t; sampler2D u[2]; };\n"
                    "struct S { sampler2D tex; I si; };\n"
                    "uniform S s[2];\n"
                    "uniform int n;\n"
                    "out vec4 o;\n"
                    "void main() {\n"
                    "   o = texture(s[n].tex, vec2(0)) + texture(s[1].si.t, vec2(0))\n"
                    "     + texture(s[n].si.u[n], vec2(0)) + texture(s[0].si.u[1], vec2(0));\n"
                    "}\n";
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   static const struct {
      const char *name;
      uint32_t element, size;
   } want[] = {
      {"s[0].tex", 0, 1},     {"s[1].tex", 0, 1},     {"s[0].si.t", 0, 1},
      {"s[1].si.t", 0, 1},    {"s[0].si.u[0]", 0, 2}, {"s[0].si.u[1]", 1, 2},
      {"s[1].si.u[0]", 0, 2}, {"s[1].si.u[1]", 1, 2},
   };
   CHECK(p->num_samplers == 8, "%u samplers", p->num_samplers);
   for (unsigned k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
      const struct glsl_sampler *sm = glsl_program_find_sampler(p, want[k].name);
      CHECK(sm, "no sampler %s", want[k].name);
      if (sm)
         CHECK(sm->array_element == want[k].element && sm->array_size == want[k].size &&
                  sm->type == GL_SAMPLER_2D,
               "%s: element %u size %u type 0x%x", want[k].name, sm->array_element, sm->array_size,
               sm->type);
   }
   for (unsigned k = 0; k < p->num_samplers; k++)
      CHECK(!strstr(p->samplers[k].name, "_mgl"), "hidden name %s", p->samplers[k].name);
   glsl_program_destroy(p);
}

/* ARB_arrays_of_arrays: arrays of arrays of structures, structure members that are arrays of
 * arrays, and members that are no opaque type (they stay in the variable: "s[1][0].a") */
static void
arrays_of_arrays(void)
{
   const char *fs = "#version 150\n"
                    "#extension GL_ARB_gpu_shader5 : require\n"
                    "#extension GL_ARB_arrays_of_arrays : require\n"
                    "struct I { sampler2D t; float w; };\n"
                    "struct S { float a; sampler2D tex[2]; I si[1][2]; sampler2D u[1][3]; };\n"
                    "uniform S s[2][1];\n"
                    "uniform int n, m;\n"
                    "out vec4 o;\n"
                    "void main() {\n"
                    "   o = texture(s[n][0].tex[m], vec2(0)) * s[n][m].a\n"
                    "     + texture(s[1][n].si[0][m].t, vec2(0)) * s[0][0].si[n][m].w\n"
                    "     + texture(s[n][0].u[0][m], vec2(0));\n"
                    "}\n";
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   static const struct {
      const char *name;
      uint32_t element, size;
   } want[] = {
      {"s[0][0].tex[0]", 0, 2},     {"s[1][0].tex[1]", 1, 2},  {"s[0][0].si[0][1].t", 0, 1},
      {"s[1][0].si[0][0].t", 0, 1}, {"s[0][0].u[0][0]", 0, 3}, {"s[1][0].u[0][2]", 2, 3},
   };
   /* 2 structures of 2 + 2 + 3 samplers */
   CHECK(p->num_samplers == 14, "%u samplers", p->num_samplers);
   for (unsigned k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
      const struct glsl_sampler *sm = glsl_program_find_sampler(p, want[k].name);
      CHECK(sm, "no sampler %s", want[k].name);
      if (sm)
         CHECK(sm->array_element == want[k].element && sm->array_size == want[k].size &&
                  sm->type == GL_SAMPLER_2D,
               "%s: element %u size %u type 0x%x", want[k].name, sm->array_element, sm->array_size,
               sm->type);
   }
   CHECK(glsl_program_find_uniform(p, "s[1][0].a"), "no uniform s[1][0].a");
   CHECK(glsl_program_find_uniform(p, "s[1][0].si[0][1].w"), "no uniform s[1][0].si[0][1].w");
   for (unsigned k = 0; k < p->num_samplers; k++)
      CHECK(!strstr(p->samplers[k].name, "_mgl"), "hidden name %s", p->samplers[k].name);
   glsl_program_destroy(p);
}

static void
whole_structure(void)
{
   const char *fs = "#version 150\n"
                    "#extension GL_ARB_gpu_shader5 : require\n"
                    "struct S { sampler2D tex; };\n"
                    "uniform S s[2];\n"
                    "out vec4 o;\n"
                    "vec4 f(S x) { return texture(x.tex, vec2(0)); }\n"
                    "void main() { o = f(s[1]); }\n";
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(!p, "linked");
   CHECK(log && strstr(log, "structure holding opaque members"), "log: %s", log ? log : "");
   free(log);
   glsl_program_destroy(p);
}

int
main(void)
{
   leaves();
   arrays_of_arrays();
   whole_structure();
   return t_finish("unit.glsl.struct_samplers");
}
