/* unit.glsl.varying_words — the Vulkan backend's int64-varying-words and fp64-varying-words
 * quirks (spv_varying_words.c, NVIDIA: 64-bit integer three-component varyings and several
 * double ones read wrong, issue 20) on linked programs: applied to every stage, no user
 * Input/Output variable (past a vertex module's attributes) holds a 64-bit scalar of the pass's
 * kind any more, every location that held one is still an interface location of the same stage,
 * and every rewritten module validates. The int64 shapes: the scenario's (a u64vec2 and a struct
 * {i64vec3; u64vec2} varying written a component at a time), an array of u64vec3, a block member,
 * a geometry module reading u64vec3 per vertex and emitting an i64vec4 and a uint64_t at
 * component 2, a tessellation evaluation module's i64vec3 output. The double shapes (those of
 * piglit's failing ones on NVIDIA, smaller): a dvec4, a struct {dmat2x3; double}, a double array,
 * a block's dmat4x2; a dmat2x4 array and a dmat2 array of arrays; a geometry module's dvec3 per
 * vertex, dmat2x3 and a double at component 2; a tessellation evaluation module's dvec3. A control module writing a
 * 64-bit output is left as it is (blocked), a program without 64-bit varyings is not rewritten,
 * and neither pass touches the other's kind. A hostile module (the client sends it) of many
 * outputs, each after its own pointer type, is rewritten in work within a constant times its
 * words. */
#include "glsl_test_util.h"

#include "spv.h"

enum {
   OP_TYPE_INT = 21,
   OP_TYPE_FLOAT = 22,
   OP_TYPE_VECTOR = 23,
   OP_TYPE_MATRIX = 24,
   OP_TYPE_ARRAY = 28,
   OP_TYPE_STRUCT = 30,
   OP_TYPE_POINTER = 32,
   OP_VARIABLE = 59,
   OP_DECORATE = 71,
   OP_ENTRY_POINT = 15,
   SC_INPUT = 1,
   SC_OUTPUT = 3,
   DECO_LOCATION = 30,
   EXEC_VERTEX = 0,
};

/* The instruction declaring id (its word offset), or 0. */
static size_t
decl_of(const uint32_t *w, size_t n, uint32_t id)
{
   for (size_t p = 5; p < n;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || wc > n - p)
         break;
      if (((op >= OP_TYPE_INT && op <= OP_TYPE_POINTER) && wc >= 2 && w[p + 1] == id) ||
          (op == OP_VARIABLE && wc >= 3 && w[p + 2] == id))
         return p;
      p += wc;
   }
   return 0;
}

/* Whether type t holds a 64-bit scalar of opcode scalar_op (OP_TYPE_INT or OP_TYPE_FLOAT). */
static bool
holds_64(const uint32_t *w, size_t n, uint32_t t, int depth, uint32_t scalar_op)
{
   const size_t p = decl_of(w, n, t);
   if (!p || depth > 8)
      return false;
   const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
   if (op == scalar_op)
      return w[p + 2] == 64;
   if (op == OP_TYPE_VECTOR || op == OP_TYPE_MATRIX || op == OP_TYPE_ARRAY)
      return holds_64(w, n, w[p + 2], depth + 1, scalar_op);
   if (op == OP_TYPE_STRUCT)
      for (uint32_t k = 2; k < wc; k++)
         if (holds_64(w, n, w[p + k], depth + 1, scalar_op))
            return true;
   return false;
}

struct iface {
   int int64_vars;         /* user Input/Output variables holding a 64-bit scalar of the kind */
   uint32_t int64_locs[8]; /* their Locations (1 + location, 0 none) */
   int num_locs;
   uint32_t locs[64]; /* every Input/Output variable's Location */
   int num_all;
};

static struct iface
interface_of(const struct glsl_spirv *s, uint32_t scalar_op)
{
   struct iface f = {0};
   const uint32_t *w = s->words;
   const size_t n = s->num_words;
   uint32_t model = 0;
   for (size_t p = 5; p < n;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || wc > n - p)
         break;
      if (op == OP_ENTRY_POINT)
         model = w[p + 1];
      if (op == OP_VARIABLE && wc >= 4 && (w[p + 3] == SC_INPUT || w[p + 3] == SC_OUTPUT) &&
          !(model == EXEC_VERTEX && w[p + 3] == SC_INPUT)) {
         const size_t ptr = decl_of(w, n, w[p + 1]);
         const int64_t loc = t_spv_decoration(s, w[p + 2], DECO_LOCATION);
         if (loc >= 0 && f.num_all < 64)
            f.locs[f.num_all++] = (uint32_t)loc;
         if (ptr && holds_64(w, n, w[ptr + 3], 0, scalar_op)) {
            f.int64_vars++;
            if (f.num_locs < 8)
               f.int64_locs[f.num_locs++] = loc >= 0 ? (uint32_t)loc + 1 : 0;
         }
      }
      p += wc;
   }
   return f;
}

/* What the backend's quirk does (vkb_quirks.c): every stage rewritten, or none; the int64 pass
 * for OP_TYPE_INT, the fp64 pass for OP_TYPE_FLOAT. */
static bool
words_of(struct glsl_program *p, bool *blocked, uint32_t scalar_op)
{
   return t_rewrite_stages(
      p, scalar_op == OP_TYPE_INT ? spv_int64_varying_words : spv_fp64_varying_words, blocked);
}

static struct glsl_program *
link_stages(const char *v, const char *tc, const char *te, const char *g, const char *f,
            const char *what)
{
   struct glsl_link_input in = {0};
   in.source[GLSL_STAGE_VERTEX] = v;
   in.source[GLSL_STAGE_TESS_CTRL] = tc;
   in.source[GLSL_STAGE_TESS_EVAL] = te;
   in.source[GLSL_STAGE_GEOMETRY] = g;
   in.source[GLSL_STAGE_FRAGMENT] = f;
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link (%s): %s", what, log ? log : "");
   free(log);
   return p;
}

/* Links, rewrites every stage and checks each: no 64-bit interface variable left, the
 * locations that held one still in the interface, spirv-val. */
static void
check_program(const char *what, const char *v, const char *tc, const char *te, const char *g,
              const char *f, int want_int64_stages, uint32_t scalar_op)
{
   struct glsl_program *p = link_stages(v, tc, te, g, f, what);
   if (!p)
      return;
   struct iface before[GLSL_STAGE_COUNT];
   int stages = 0;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      before[s] = p->spirv[s].words ? interface_of(&p->spirv[s], scalar_op) : (struct iface){0};
      stages += before[s].int64_vars > 0;
   }
   CHECK(stages == want_int64_stages, "%s: %d stages with 64-bit varyings before, want %d", what,
         stages, want_int64_stages);
   bool blocked = false;
   CHECK(words_of(p, &blocked, scalar_op), "%s: not rewritten (blocked %d)", what, blocked);
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!p->spirv[s].words)
         continue;
      const struct iface after = interface_of(&p->spirv[s], scalar_op);
      CHECK(after.int64_vars == 0, "%s: stage %d still has %d 64-bit interface variables", what, s,
            after.int64_vars);
      for (int i = 0; i < before[s].num_locs; i++) {
         bool found = !before[s].int64_locs[i];
         for (int k = 0; k < after.num_all; k++)
            found |= after.locs[k] + 1 == before[s].int64_locs[i];
         CHECK(found, "%s: stage %d location %u no longer in the interface", what, s,
               before[s].int64_locs[i] - 1);
      }
      char tag[64];
      snprintf(tag, sizeof(tag), "varying-words-%u-%d", scalar_op, s);
      CHECK(t_spirv_val(&p->spirv[s], tag) != 0, "%s: stage %d invalid", what, s);
   }
   glsl_program_destroy(p);
}

static const char *const vs = "#version 150\n"
                              "#extension GL_ARB_gpu_shader_int64 : require\n"
                              "in vec2 a_pos;\n"
                              "uniform int64_t u_k;\n"
                              "struct S { i64vec3 a; u64vec2 b; };\n"
                              "flat out u64vec2 v;\n"
                              "flat out S s;\n"
                              "flat out u64vec3 u[3];\n"
                              "out B { flat u64vec3 m; vec4 q; } b;\n"
                              "void main() {\n"
                              "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                              "  v.x = 3580466867ul;\n"
                              "  v.y = 0x1234567800000001ul;\n"
                              "  s.a.z = u_k;\n"
                              "  s.a.x = -5000000000l;\n"
                              "  s.b = u64vec2(~0ul, 1ul);\n"
                              "  s.a.y = 3783870998l;\n"
                              "  for (int i = 0; i < 3; i++) u[i] = u64vec3(i, i + 1, i + 2);\n"
                              "  b.m = u64vec3(7ul);\n"
                              "  b.q = vec4(1.0);\n"
                              "}\n";

static const char *const fs = "#version 150\n"
                              "#extension GL_ARB_gpu_shader_int64 : require\n"
                              "struct S { i64vec3 a; u64vec2 b; };\n"
                              "flat in u64vec2 v;\n"
                              "flat in S s;\n"
                              "flat in u64vec3 u[3];\n"
                              "in B { flat u64vec3 m; vec4 q; } b;\n"
                              "out vec4 o;\n"
                              "void main() {\n"
                              "  bool ok = v == u64vec2(3580466867ul, 0x1234567800000001ul);\n"
                              "  ok = ok && s.a.z == -1l && s.b.x == ~0ul && u[2].z == 4ul;\n"
                              "  ok = ok && b.m.z == 7ul;\n"
                              "  o = ok ? b.q : vec4(0.0);\n"
                              "}\n";

static const char *const vs_g = "#version 150\n"
                                "#extension GL_ARB_gpu_shader_int64 : require\n"
                                "in vec4 pos;\n"
                                "flat out u64vec3 g;\n"
                                "void main() { gl_Position = pos; g = u64vec3(1ul, 2ul, 3ul); }\n";

static const char *const gs = "#version 150\n"
                              "#extension GL_ARB_gpu_shader_int64 : require\n"
                              "layout(triangles) in;\n"
                              "layout(triangle_strip, max_vertices = 3) out;\n"
                              "flat in u64vec3 g[];\n"
                              "flat out i64vec4 h;\n"
                              "layout(location = 5, component = 2) flat out uint64_t k;\n"
                              "void main() {\n"
                              "  for (int i = 0; i < 3; i++) {\n"
                              "    gl_Position = gl_in[i].gl_Position;\n"
                              "    h = i64vec4(g[i], -1l);\n"
                              "    k = g[i].z << 40;\n"
                              "    EmitVertex();\n"
                              "  }\n"
                              "}\n";

static const char *const fs_g = "#version 150\n"
                                "#extension GL_ARB_gpu_shader_int64 : require\n"
                                "flat in i64vec4 h;\n"
                                "layout(location = 5, component = 2) flat in uint64_t k;\n"
                                "out vec4 o;\n"
                                "void main() { o = vec4(h.w == -1l && k != 0ul); }\n";

static const char *const vs_tess = "#version 400\n"
                                   "in vec4 pos;\n"
                                   "void main() { gl_Position = pos; }\n";

static const char *const tcs = "#version 400\n"
                               "layout(vertices = 3) out;\n"
                               "void main() {\n"
                               "  gl_out[gl_InvocationID].gl_Position = "
                               "gl_in[gl_InvocationID].gl_Position;\n"
                               "  gl_TessLevelOuter[0] = 1.0;\n"
                               "  gl_TessLevelOuter[1] = 1.0;\n"
                               "  gl_TessLevelOuter[2] = 1.0;\n"
                               "  gl_TessLevelInner[0] = 1.0;\n"
                               "}\n";

static const char *const tes = "#version 400\n"
                               "#extension GL_ARB_gpu_shader_int64 : require\n"
                               "layout(triangles) in;\n"
                               "flat out i64vec3 t;\n"
                               "void main() {\n"
                               "  gl_Position = gl_in[0].gl_Position * gl_TessCoord.x;\n"
                               "  t.x = -1l;\n"
                               "  t.z = 4000000000l;\n"
                               "  t.y = int64_t(gl_TessCoord.y * 8.0);\n"
                               "}\n";

static const char *const fs_tes = "#version 400\n"
                                  "#extension GL_ARB_gpu_shader_int64 : require\n"
                                  "flat in i64vec3 t;\n"
                                  "out vec4 o;\n"
                                  "void main() { o = vec4(t.x == -1l && t.z > t.y); }\n";

static const char *const tcs_wide = "#version 400\n"
                                    "#extension GL_ARB_gpu_shader_int64 : require\n"
                                    "layout(vertices = 3) out;\n"
                                    "out u64vec2 w[];\n"
                                    "void main() {\n"
                                    "  gl_out[gl_InvocationID].gl_Position = "
                                    "gl_in[gl_InvocationID].gl_Position;\n"
                                    "  w[gl_InvocationID] = u64vec2(1ul, 2ul);\n"
                                    "  gl_TessLevelOuter[0] = 1.0;\n"
                                    "  gl_TessLevelOuter[1] = 1.0;\n"
                                    "  gl_TessLevelOuter[2] = 1.0;\n"
                                    "  gl_TessLevelInner[0] = 1.0;\n"
                                    "}\n";

static const char *const tes_wide = "#version 400\n"
                                    "#extension GL_ARB_gpu_shader_int64 : require\n"
                                    "layout(triangles) in;\n"
                                    "in u64vec2 w[];\n"
                                    "out vec4 c;\n"
                                    "void main() {\n"
                                    "  gl_Position = gl_in[0].gl_Position * gl_TessCoord.x;\n"
                                    "  c = vec4(w[0].x + w[1].y == 3ul);\n"
                                    "}\n";

static const char *const fs_c = "#version 400\n"
                                "in vec4 c;\n"
                                "out vec4 o;\n"
                                "void main() { o = c; }\n";

static const char *const vs_d = "#version 400\n"
                                "in vec2 a_pos;\n"
                                "uniform double u_k;\n"
                                "struct S { dmat2x3 m; double d; };\n"
                                "flat out dvec4 v;\n"
                                "flat out S s;\n"
                                "flat out double a[2];\n"
                                "out B { flat dmat4x2 m; vec4 q; } b;\n"
                                "void main() {\n"
                                "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                                "  v = dvec4(u_k, 2.0lf, 3.0lf, 4.0lf);\n"
                                "  s.m = dmat2x3(u_k);\n"
                                "  s.d = 1.0lf / 3.0lf;\n"
                                "  for (int i = 0; i < 2; i++) a[i] = double(i) + u_k;\n"
                                "  b.m = dmat4x2(2.0lf);\n"
                                "  b.q = vec4(1.0);\n"
                                "}\n";

static const char *const fs_d = "#version 400\n"
                                "struct S { dmat2x3 m; double d; };\n"
                                "flat in dvec4 v;\n"
                                "flat in S s;\n"
                                "flat in double a[2];\n"
                                "in B { flat dmat4x2 m; vec4 q; } b;\n"
                                "out vec4 o;\n"
                                "void main() {\n"
                                "  bool ok = v.w == 4.0lf && s.m[1].z == 0.0lf && s.d > 0.3lf;\n"
                                "  ok = ok && a[1] > 1.0lf && b.m[1].y == 2.0lf;\n"
                                "  o = ok ? b.q : vec4(0.0);\n"
                                "}\n";

static const char *const vs_da = "#version 400\n"
                                 "#extension GL_ARB_arrays_of_arrays : require\n"
                                 "in vec2 a_pos;\n"
                                 "uniform double u_k;\n"
                                 "flat out dmat2x4 ma[2];\n"
                                 "flat out dmat2 aoa[2][2];\n"
                                 "void main() {\n"
                                 "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                                 "  ma[1] = dmat2x4(5.0lf);\n"
                                 "  ma[0][1].w = u_k;\n"
                                 "  aoa[1][0] = dmat2(u_k);\n"
                                 "  aoa[0][1][1] = dvec2(7.0lf);\n"
                                 "}\n";

static const char *const fs_da = "#version 400\n"
                                 "#extension GL_ARB_arrays_of_arrays : require\n"
                                 "flat in dmat2x4 ma[2];\n"
                                 "flat in dmat2 aoa[2][2];\n"
                                 "out vec4 o;\n"
                                 "void main() {\n"
                                 "  o = vec4(ma[1][1].y == 5.0lf && aoa[0][1][1].y == 7.0lf);\n"
                                 "}\n";

static const char *const vs_dg = "#version 440\n"
                                 "in vec4 pos;\n"
                                 "flat out dvec3 g;\n"
                                 "void main() { gl_Position = pos; g = dvec3(1.0lf, 2.0lf, 3.0lf); "
                                 "}\n";

static const char *const gs_d = "#version 440\n"
                                "layout(triangles) in;\n"
                                "layout(triangle_strip, max_vertices = 3) out;\n"
                                "flat in dvec3 g[];\n"
                                "flat out dmat2x3 h;\n"
                                "layout(location = 5, component = 2) flat out double k;\n"
                                "void main() {\n"
                                "  for (int i = 0; i < 3; i++) {\n"
                                "    gl_Position = gl_in[i].gl_Position;\n"
                                "    h = dmat2x3(g[i], -g[i]);\n"
                                "    k = g[i].z * 0.5lf;\n"
                                "    EmitVertex();\n"
                                "  }\n"
                                "}\n";

static const char *const fs_dg = "#version 440\n"
                                 "flat in dmat2x3 h;\n"
                                 "layout(location = 5, component = 2) flat in double k;\n"
                                 "out vec4 o;\n"
                                 "void main() { o = vec4(h[1].z == -3.0lf && k == 1.5lf); }\n";

static const char *const tes_d = "#version 400\n"
                                 "layout(triangles) in;\n"
                                 "flat out dvec3 t;\n"
                                 "void main() {\n"
                                 "  gl_Position = gl_in[0].gl_Position * gl_TessCoord.x;\n"
                                 "  t.x = -1.0lf;\n"
                                 "  t.z = 4000000000.0lf;\n"
                                 "  t.y = double(gl_TessCoord.y * 8.0);\n"
                                 "}\n";

static const char *const fs_dtes = "#version 400\n"
                                   "flat in dvec3 t;\n"
                                   "out vec4 o;\n"
                                   "void main() { o = vec4(t.x == -1.0lf && t.z > t.y); }\n";

static const char *const tcs_dwide = "#version 400\n"
                                     "layout(vertices = 3) out;\n"
                                     "out dvec2 w[];\n"
                                     "void main() {\n"
                                     "  gl_out[gl_InvocationID].gl_Position = "
                                     "gl_in[gl_InvocationID].gl_Position;\n"
                                     "  w[gl_InvocationID] = dvec2(1.0lf, 2.0lf);\n"
                                     "  gl_TessLevelOuter[0] = 1.0;\n"
                                     "  gl_TessLevelOuter[1] = 1.0;\n"
                                     "  gl_TessLevelOuter[2] = 1.0;\n"
                                     "  gl_TessLevelInner[0] = 1.0;\n"
                                     "}\n";

static const char *const tes_dwide = "#version 400\n"
                                     "layout(triangles) in;\n"
                                     "in dvec2 w[];\n"
                                     "out vec4 c;\n"
                                     "void main() {\n"
                                     "  gl_Position = gl_in[0].gl_Position * gl_TessCoord.x;\n"
                                     "  c = vec4(w[0].x + w[1].y == 3.0lf);\n"
                                     "}\n";

/* A control module's 64-bit output leaves every stage as written (blocked); a program without
 * 64-bit varyings of the pass's kind is not rewritten, and not blocked. */
static void
check_left(const char *tcs_w, const char *tes_w, const char *other_v, const char *other_f,
           uint32_t scalar_op)
{
   struct glsl_program *p = link_stages(vs_tess, tcs_w, tes_w, NULL, fs_c, "control");
   if (p) {
      bool blocked = false;
      CHECK(!words_of(p, &blocked, scalar_op) && blocked,
            "the control module's output was not blocked (%u)", scalar_op);
      CHECK(interface_of(&p->spirv[GLSL_STAGE_TESS_EVAL], scalar_op).int64_vars == 1,
            "the evaluation module was rewritten without its control module (%u)", scalar_op);
      glsl_program_destroy(p);
   }
   p = link_stages(vs_tess, NULL, NULL, NULL,
                   "#version 400\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n", "plain");
   if (p) {
      bool blocked = false;
      CHECK(!words_of(p, &blocked, scalar_op) && !blocked,
            "a program without 64-bit varyings rewritten (%u)", scalar_op);
      glsl_program_destroy(p);
   }
   /* the other pass's kind only */
   p = link_stages(other_v, NULL, NULL, NULL, other_f, "other kind");
   if (p) {
      bool blocked = false;
      CHECK(!words_of(p, &blocked, scalar_op) && !blocked,
            "a program with only the other kind's varyings rewritten (%u)", scalar_op);
      glsl_program_destroy(p);
   }
}

/* A vertex module's outputs: a uint64_t and a struct {uint64_t; float} (rewritten), then count
 * float outputs, each after its own pointer type (a look-up of each walked the module).
 * Malloc'd, its words in *n. */
static uint32_t *
hostile_module(uint32_t count, size_t *n)
{
   enum { VOID = 1, FNT, U64, FL, ST, PU, PS, VU, VS, FN, LBL, FIRST };
   const size_t cap = 128 + 8u * (size_t)count;
   uint32_t *w = malloc(cap * sizeof(uint32_t));
   if (!w)
      return NULL;
   size_t k = 0;
#define W(...)                                                                                     \
   do {                                                                                            \
      const uint32_t ops_[] = {__VA_ARGS__};                                                       \
      for (size_t i_ = 0; i_ < sizeof(ops_) / sizeof(ops_[0]); i_++)                               \
         w[k++] = ops_[i_];                                                                        \
   } while (0)
#define I(op, len) ((uint32_t)(len) << 16 | (op))
   W(0x07230203, 0x00010000, 0, 0, 0);
   W(I(SpvOpCapability, 2), SpvCapabilityShader, I(SpvOpCapability, 2), SpvCapabilityInt64);
   W(I(SpvOpMemoryModel, 3), SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   W(I(SpvOpEntryPoint, 7), SpvExecutionModelVertex, FN, 0x6e69616d, 0, VU, VS);
   W(I(SpvOpDecorate, 4), VU, SpvDecorationLocation, 0, I(SpvOpDecorate, 4), VS,
     SpvDecorationLocation, 1);
   W(I(SpvOpMemberDecorate, 4), ST, 1, SpvDecorationRelaxedPrecision);
   W(I(SpvOpTypeVoid, 2), VOID, I(SpvOpTypeFunction, 3), FNT, VOID);
   W(I(SpvOpTypeInt, 4), U64, 64, 0, I(SpvOpTypeFloat, 3), FL, 32, I(SpvOpTypeStruct, 4), ST, U64,
     FL);
   W(I(SpvOpTypePointer, 4), PU, SpvStorageClassOutput, U64, I(SpvOpTypePointer, 4), PS,
     SpvStorageClassOutput, ST);
   W(I(SpvOpVariable, 4), PU, VU, SpvStorageClassOutput, I(SpvOpVariable, 4), PS, VS,
     SpvStorageClassOutput);
   uint32_t id = FIRST;
   for (uint32_t i = 0; i < count; i++, id += 2)
      W(I(SpvOpTypePointer, 4), id, SpvStorageClassOutput, FL, I(SpvOpVariable, 4), id, id + 1,
        SpvStorageClassOutput);
   W(I(SpvOpFunction, 5), VOID, FN, 0, FNT, I(SpvOpLabel, 2), LBL, I(SpvOpReturn, 1),
     I(SpvOpFunctionEnd, 1));
#undef I
#undef W
   w[3] = id;
   *n = k;
   return w;
}

/* 20,000 outputs: the work at most 12 a word (a walk per pointer look-up: thousands a word), and
 * the two rewritten ones replaced (the uint64_t by a uvec2 output). */
static void
check_hostile(void)
{
   for (int fp64 = 0; fp64 < 2; fp64++) {
      size_t n = 0, out_n = 0;
      bool blocked = true;
      const char *err = NULL;
      uint64_t visited = 0;
      uint32_t *w = hostile_module(20000, &n);
      uint32_t *out =
         w ? spv_varying_words_counted(w, n, fp64, &out_n, &blocked, &err, &visited) : NULL;
      CHECK(visited >= n && visited <= 12u * n, "%llu visited for %zu words (%s)",
            (unsigned long long)visited, n, fp64 ? "fp64" : "int64");
      CHECK(fp64 ? !out && !blocked && !err : out && !blocked && !err, "the hostile module %s (%s)",
            out   ? "rewritten"
            : err ? err
                  : "left",
            fp64 ? "fp64" : "int64");
      uint32_t words_outputs = 0;
      for (size_t p = 5; out && p < out_n && out[p] >> 16; p += out[p] >> 16)
         if ((out[p] & 0xffff) == SpvOpTypePointer && out[p + 2] == SpvStorageClassOutput &&
             out[p + 3] >= w[3])
            words_outputs++;
      CHECK(!out || words_outputs == 2, "%u new output pointer types", words_outputs);
      free(out);
      free(w);
   }
}

int
main(void)
{
   check_hostile();
   check_program("vertex and fragment", vs, NULL, NULL, NULL, fs, 2, OP_TYPE_INT);
   check_program("geometry", vs_g, NULL, NULL, gs, fs_g, 3, OP_TYPE_INT);
   check_program("tessellation evaluation", vs_tess, tcs, tes, NULL, fs_tes, 2, OP_TYPE_INT);
   check_left(tcs_wide, tes_wide, vs_d, fs_d, OP_TYPE_INT);

   check_program("double vertex and fragment", vs_d, NULL, NULL, NULL, fs_d, 2, OP_TYPE_FLOAT);
   check_program("double matrix arrays", vs_da, NULL, NULL, NULL, fs_da, 2, OP_TYPE_FLOAT);
   check_program("double geometry", vs_dg, NULL, NULL, gs_d, fs_dg, 3, OP_TYPE_FLOAT);
   check_program("double tessellation evaluation", vs_tess, tcs, tes_d, NULL, fs_dtes, 2,
                 OP_TYPE_FLOAT);
   check_left(tcs_dwide, tes_dwide, vs, fs, OP_TYPE_FLOAT);
   return t_finish("unit.glsl.varying_words");
}
