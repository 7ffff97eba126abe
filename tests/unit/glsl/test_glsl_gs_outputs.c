/* unit.glsl.gs_outputs — a geometry shader's outputs are stored before every emit
 * (spv_gs_outputs.c, applied by the linker): GL keeps an output's value across EmitVertex and
 * programs write gl_ViewportIndex, gl_Layer or a flat varying once before emitting a whole
 * primitive; a Vulkan driver need not keep it (NVIDIA's does not). For each OpEmitVertex of the
 * linked module, the instructions since the block began must store every output the shader
 * writes: the built-in variables, the user varyings and gl_PerVertex's gl_Position and
 * gl_ClipDistance (through an access chain on the block), including an emit in a helper
 * function. The module validates, nothing stores gl_PointSize (never written), and a second
 * pass over the result stays valid. A user output block, an output array written at a dynamic
 * index and a struct output are stored before each emit too. A vertex module and a truncated
 * one are left alone. */
#include "glsl_test_util.h"

#include "spv.h"

enum {
   OP_NAME = 5,
   OP_MEMBER_NAME = 6,
   OP_VARIABLE = 59,
   OP_STORE = 62,
   OP_ACCESS_CHAIN = 65,
   OP_DECORATE = 71,
   OP_MEMBER_DECORATE = 72,
   OP_LABEL = 248,
   OP_EMIT_VERTEX = 218,
   SC_OUTPUT = 3,
   DECO_BUILTIN = 11,
   BI_POSITION = 0,
   BI_POINT_SIZE = 1,
   BI_CLIP_DISTANCE = 3,
   BI_PRIMITIVE_ID = 7,
   BI_LAYER = 9,
   BI_VIEWPORT_INDEX = 10,
};

static const char *const vs = "#version 150\n"
                              "in vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";

/* the piglit viewport-array shape: the index and the colour written once, then three emits
 * (the last of them in a helper function); gl_Layer and gl_PrimitiveID once per primitive */
static const char *const gs = "#version 150\n"
                              "#extension GL_ARB_viewport_array : require\n"
                              "layout(triangles) in;\n"
                              "layout(triangle_strip, max_vertices = 3) out;\n"
                              "uniform int idx;\n"
                              "flat out vec4 g_color;\n"
                              "out float gl_ClipDistance[2];\n"
                              "void last() {\n"
                              "  gl_Position = gl_in[2].gl_Position;\n"
                              "  EmitVertex();\n"
                              "}\n"
                              "void main() {\n"
                              "  gl_ViewportIndex = idx;\n"
                              "  gl_Layer = idx + 1;\n"
                              "  gl_PrimitiveID = gl_PrimitiveIDIn;\n"
                              "  g_color = vec4(float(idx) / 8.0, 1.0, 0.0, 1.0);\n"
                              "  gl_ClipDistance[0] = 1.0;\n"
                              "  gl_ClipDistance[1] = 1.0;\n"
                              "  for (int i = 0; i < 2; i++) {\n"
                              "    gl_Position = gl_in[i].gl_Position;\n"
                              "    EmitVertex();\n"
                              "  }\n"
                              "  last();\n"
                              "  EndPrimitive();\n"
                              "}\n";

/* a user output block, an output array written at a dynamic index and a struct output, each
 * written once before two emits */
static const char *const gs_block = "#version 150\n"
                                    "layout(points) in;\n"
                                    "layout(line_strip, max_vertices = 2) out;\n"
                                    "uniform int k;\n"
                                    "out VB { vec4 c; float w; } vb;\n"
                                    "out float arr[3];\n"
                                    "struct S { vec2 a; int b; };\n"
                                    "flat out S st;\n"
                                    "void main() {\n"
                                    "  vb.c = vec4(1.0);\n"
                                    "  vb.w = 0.5;\n"
                                    "  arr[k] = 2.0;\n"
                                    "  st.b = k;\n"
                                    "  st.a = vec2(arr[k]);\n"
                                    "  gl_Position = gl_in[0].gl_Position;\n"
                                    "  EmitVertex();\n"
                                    "  gl_Position.x += 0.5;\n"
                                    "  EmitVertex();\n"
                                    "}\n";

static const char *const fs_block =
   "#version 150\n"
   "in VB { vec4 c; float w; } vb;\n"
   "in float arr[3];\n"
   "struct S { vec2 a; int b; };\n"
   "flat in S st;\n"
   "out vec4 o;\n"
   "void main() { o = vb.c * vb.w + arr[1] + vec4(st.a, st.b, 0); }\n";

static const char *const fs = "#version 150\n"
                              "flat in vec4 g_color;\n"
                              "out vec4 o;\n"
                              "void main() { o = g_color; }\n";

/* The variable decorated BuiltIn builtin (this file reads the words itself). */
static uint32_t
var_with_builtin(const uint32_t *w, size_t n, uint32_t builtin)
{
   for (size_t p = 5; p < n;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || wc > n - p)
         break;
      if (op == OP_DECORATE && wc >= 4 && w[p + 2] == DECO_BUILTIN && w[p + 3] == builtin)
         return w[p + 1];
      p += wc;
   }
   return 0;
}

/* The struct that has a member decorated BuiltIn builtin, and which member. */
static uint32_t
struct_with_builtin(const uint32_t *w, size_t n, uint32_t builtin, uint32_t *member)
{
   for (size_t p = 5; p < n;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || wc > n - p)
         break;
      if (op == OP_MEMBER_DECORATE && wc >= 5 && w[p + 3] == DECO_BUILTIN && w[p + 4] == builtin) {
         *member = w[p + 2];
         return w[p + 1];
      }
      p += wc;
   }
   return 0;
}

/* The Output variable whose pointer type points at type t. */
static uint32_t
output_var_of(const uint32_t *w, size_t n, uint32_t t)
{
   uint32_t ptr = 0;
   for (size_t p = 5; p < n;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || wc > n - p)
         break;
      if (op == 32 /* OpTypePointer */ && wc == 4 && w[p + 2] == SC_OUTPUT && w[p + 3] == t)
         ptr = w[p + 1];
      if (op == OP_VARIABLE && wc >= 4 && ptr && w[p + 1] == ptr && w[p + 3] == SC_OUTPUT)
         return w[p + 2];
      p += wc;
   }
   return 0;
}

/* The constant value of id (a one-word OpConstant), or UINT32_MAX. */
static uint32_t
const_value(const uint32_t *w, size_t n, uint32_t id)
{
   for (size_t p = 5; p < n;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || wc > n - p)
         break;
      if (op == 43 /* OpConstant */ && wc == 4 && w[p + 2] == id)
         return w[p + 3];
      p += wc;
   }
   return UINT32_MAX;
}

struct target {
   const char *what;
   uint32_t var;
   uint32_t member; /* UINT32_MAX: the variable itself */
   bool want;       /* stored before each emit (false: never stored at all) */
};

/* How many emits lack a store to t in the run of instructions since their block's label; the
 * number of emits in *emits. A store counts where its pointer is t's variable, or an access
 * chain on it whose first index is t's member, made in the same run. */
static int
emits_missing(const uint32_t *w, size_t n, const struct target *t, int *emits)
{
   int missing = 0;
   *emits = 0;
   uint32_t chains[64];
   unsigned nchains = 0;
   bool stored = false;
   for (size_t p = 5; p < n;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || wc > n - p)
         break;
      if (op == OP_LABEL) {
         stored = false;
         nchains = 0;
      }
      if (op == OP_ACCESS_CHAIN && wc >= 5 && w[p + 3] == t->var && nchains < 64 &&
          t->member != UINT32_MAX && const_value(w, n, w[p + 4]) == t->member)
         chains[nchains++] = w[p + 2];
      if (op == OP_STORE && wc >= 3) {
         if (t->member == UINT32_MAX && w[p + 1] == t->var)
            stored = true;
         for (unsigned k = 0; k < nchains; k++)
            if (w[p + 1] == chains[k])
               stored = true;
      }
      if (op == OP_EMIT_VERTEX) {
         (*emits)++;
         if (!stored)
            missing++;
         stored = false;
         nchains = 0;
      }
      p += wc;
   }
   return missing;
}

int
main(void)
{
   char *log = NULL;
   struct glsl_link_input in = {0};
   in.source[GLSL_STAGE_VERTEX] = vs;
   in.source[GLSL_STAGE_GEOMETRY] = gs;
   in.source[GLSL_STAGE_FRAGMENT] = fs;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return t_finish("unit.glsl.gs_outputs");
   const struct glsl_spirv *g = &p->spirv[GLSL_STAGE_GEOMETRY];
   const uint32_t *w = g->words;
   const size_t n = g->num_words;
   uint32_t pos_member = 0, clip_member = 0, psize_member = 0;
   const uint32_t per_vertex = struct_with_builtin(w, n, BI_POSITION, &pos_member);
   struct_with_builtin(w, n, BI_CLIP_DISTANCE, &clip_member);
   const uint32_t psize_struct = struct_with_builtin(w, n, BI_POINT_SIZE, &psize_member);
   const uint32_t block_var = per_vertex ? output_var_of(w, n, per_vertex) : 0;
   CHECK(block_var, "no gl_PerVertex output block in the geometry module");
   const struct target targets[] = {
      {"gl_ViewportIndex", var_with_builtin(w, n, BI_VIEWPORT_INDEX), UINT32_MAX, true},
      {"gl_Layer", var_with_builtin(w, n, BI_LAYER), UINT32_MAX, true},
      {"gl_PrimitiveID", var_with_builtin(w, n, BI_PRIMITIVE_ID), UINT32_MAX, true},
      {"g_color", t_spv_id_named(g, "g_color"), UINT32_MAX, true},
      {"gl_Position", block_var, pos_member, true},
      {"gl_ClipDistance", block_var, clip_member, true},
      {"gl_PointSize", psize_struct == per_vertex ? block_var : 0, psize_member, false},
   };
   for (unsigned k = 0; k < sizeof(targets) / sizeof(targets[0]); k++) {
      const struct target *t = &targets[k];
      CHECK(t->var, "%s: no output variable", t->what);
      if (!t->var)
         continue;
      int emits = 0;
      const int missing = emits_missing(w, n, t, &emits);
      CHECK(emits == 2, "%d OpEmitVertex in the module, want 2 (main's loop, last())", emits);
      if (t->want)
         CHECK(missing == 0, "%s: not stored before %d of the %d emits", t->what, missing, emits);
      else
         CHECK(missing == emits, "%s: stored before an emit though the shader never writes it",
               t->what);
   }
   CHECK(t_spirv_val(g, "gs-outputs") != 0, "rewritten geometry module invalid");

   /* a second pass finds the copies' outputs used by loads and stores alone: still valid */
   const char *err = NULL;
   bool blocked = false;
   size_t rn = 0;
   uint32_t *again = spv_gs_output_copies(w, n, &rn, &blocked, &err);
   CHECK(again && !err && !blocked, "a second pass did not rewrite (%s)", err ? err : "");
   if (again) {
      const struct glsl_spirv s2 = {.words = again, .num_words = rn};
      CHECK(t_spirv_val(&s2, "gs-outputs-again") != 0, "second pass invalid");
   }
   free(again);
   /* a vertex module: nothing to do */
   const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX];
   again = spv_gs_output_copies(v->words, v->num_words, &rn, &blocked, &err);
   CHECK(!again && !err && !blocked, "the vertex module was rewritten (%s)", err ? err : "");
   free(again);
   /* a truncated module is refused, not read past its end */
   again = spv_gs_output_copies(w, n - 1, &rn, &blocked, &err);
   free(again);
   glsl_program_destroy(p);

   /* user block, array and struct outputs: rewritten (two emits, each after a store of every
    * output variable) and valid */
   in.source[GLSL_STAGE_GEOMETRY] = gs_block;
   in.source[GLSL_STAGE_FRAGMENT] = fs_block;
   log = NULL;
   p = glsl_link(&in, &log);
   CHECK(p, "link (blocks): %s", log);
   free(log);
   if (!p)
      return t_finish("unit.glsl.gs_outputs");
   g = &p->spirv[GLSL_STAGE_GEOMETRY];
   CHECK(t_spirv_val(g, "gs-outputs-blocks") != 0, "rewritten geometry module invalid");
   const char *names[] = {"arr", "st"};
   for (unsigned k = 0; k < 2; k++) {
      const struct target t = {names[k], t_spv_id_named(g, names[k]), UINT32_MAX, true};
      CHECK(t.var, "%s: no output variable", t.what);
      int emits = 0;
      const int missing = t.var ? emits_missing(g->words, g->num_words, &t, &emits) : -1;
      CHECK(emits == 2 && missing == 0, "%s: not stored before %d of the %d emits", t.what, missing,
            emits);
   }
   glsl_program_destroy(p);
   return t_finish("unit.glsl.gs_outputs");
}
