/* unit.glsl.tcs_stores — a tessellation control module's stores of one output vector component
 * at a dynamic index become a switch of constant-component stores (spv_tcs_stores.c), applied
 * by the linker: plain, through a swizzle, inside an array element, in a loop body and in a
 * block an OpPhi names as its parent (a short-circuit && after the store); the module stays
 * valid and a second pass finds nothing left. An evaluation module, a constant index and a
 * truncated module are left alone. */
#include "glsl_test_util.h"

#include "spv.h"

enum {
   OP_PHI = 245,
   OP_SWITCH = 251,
};

static const char *const vs = "#version 150\n"
                              "in vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";

static const char *const tcs =
   "#version 150\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "layout(vertices = 4) out;\n"
   "patch out ivec4 pv;\n"
   "patch out vec4 pw;\n"
   "patch out ivec2 pa[2];\n"
   "patch out int ok;\n"
   "uniform int u_n;\n"
   "void main() {\n"
   "  int id = gl_InvocationID;\n"
   "  pv[id] = 3 - id;\n"
   "  bool first = id == 0 && pv[0] == 3;\n" /* a phi whose parent is the store's block */
   "  pw.yxwz[id] = float(id);\n"
   "  pa[id / 2][id % 2] = id;\n"
   "  for (int k = 0; k < u_n; k++)\n"
   "    pa[k][id % 2] = k;\n"
   "  pv[1] = 5;\n" /* a constant index: not rewritten */
   "  ok = first ? 1 : 0;\n"
   "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
   "  gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 1.0);\n"
   "  gl_TessLevelInner = float[2](1.0, 1.0);\n"
   "}\n";

static const char *const tes = "#version 150\n"
                               "#extension GL_ARB_tessellation_shader : require\n"
                               "layout(quads) in;\n"
                               "patch in ivec4 pv;\n"
                               "patch in vec4 pw;\n"
                               "patch in ivec2 pa[2];\n"
                               "patch in int ok;\n"
                               "out vec4 t;\n"
                               "void main() {\n"
                               "  t = vec4(pv) + pw + vec4(pa[0], pa[1]) + float(ok);\n"
                               "  gl_Position = gl_in[0].gl_Position;\n"
                               "}\n";

static const char *const fs = "#version 150\n"
                              "in vec4 t;\n"
                              "out vec4 o;\n"
                              "void main() { o = t; }\n";

int
main(void)
{
   char *log = NULL;
   struct glsl_link_input in = {0};
   in.source[GLSL_STAGE_VERTEX] = vs;
   in.source[GLSL_STAGE_TESS_CTRL] = tcs;
   in.source[GLSL_STAGE_TESS_EVAL] = tes;
   in.source[GLSL_STAGE_FRAGMENT] = fs;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return t_finish("unit.glsl.tcs_stores");
   const struct glsl_spirv *c = &p->spirv[GLSL_STAGE_TESS_CTRL];
   /* four dynamic stores: four switches (glslang makes none of its own here) */
   CHECK(t_spv_count_op(c, OP_SWITCH) == 4, "%d switches in the control module, want 4",
         t_spv_count_op(c, OP_SWITCH));
   CHECK(t_spv_count_op(c, OP_PHI) >= 1, "no phi: the && case is not exercised");
   CHECK(t_spirv_val(c, "tcs-stores") != 0, "rewritten control module invalid");
   const char *err = NULL;
   size_t n = 0;
   uint32_t *w = spv_tcs_component_stores(c->words, c->num_words, &n, &err);
   CHECK(!w && !err, "a second pass rewrote the control module again (%s)", err ? err : "");
   free(w);
   const struct glsl_spirv *e = &p->spirv[GLSL_STAGE_TESS_EVAL];
   w = spv_tcs_component_stores(e->words, e->num_words, &n, &err);
   CHECK(!w && !err, "the evaluation module was rewritten (%s)", err ? err : "");
   free(w);
   /* a truncated module is refused, not read past its end */
   w = spv_tcs_component_stores(c->words, c->num_words - 1, &n, &err);
   free(w);
   glsl_program_destroy(p);
   return t_finish("unit.glsl.tcs_stores");
}
