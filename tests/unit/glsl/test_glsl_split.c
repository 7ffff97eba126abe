/* unit.glsl.split — interface blocks become one variable per member (spv_split.c, applied to
 * linked programs as the backend's split-io-blocks quirk does): decorations
 * move from the members to the new variables, locations match across stages, access chains
 * follow, the reflection does not change, and a module the rewrite cannot follow is left as it
 * is. The words are read with the test's own scanner (glsl_test_util.h) and spirv-val. */
#include "glsl_test_util.h"

#include "spv.h"

#include <GL/glcorearb.h>

enum { DECO_NOPERSPECTIVE = 13, DECO_FLAT = 14, DECO_CENTROID = 16, DECO_LOCATION = 30 };

/* The word offset of the instruction that defines `id` (types, constants, variables), or 0. */
static size_t
def_of(const struct glsl_spirv *s, uint32_t id)
{
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if ((op >= 19 && op <= 33 && s->words[p + 1] == id) ||
          ((op == 43 || op == 59) && s->words[p + 2] == id))
         return p;
      p += wc;
   }
   return 0;
}

/* Length of the array a variable's type is (0: not an array), and its element type's opcode. */
static uint32_t
var_array_length(const struct glsl_spirv *s, const char *name, uint32_t *elem_op)
{
   *elem_op = 0;
   uint32_t var = t_spv_id_named(s, name);
   size_t v = var ? def_of(s, var) : 0;
   size_t ptr = v ? def_of(s, s->words[v + 1]) : 0;
   size_t t = ptr ? def_of(s, s->words[ptr + 3]) : 0;
   if (!t || (s->words[t] & 0xffff) != 28 /* OpTypeArray */)
      return 0;
   size_t e = def_of(s, s->words[t + 2]), len = def_of(s, s->words[t + 3]);
   *elem_op = e ? s->words[e] & 0xffff : 0;
   return len ? s->words[len + 3] : 0;
}

/* Whether `OpDecorate id decoration` (any literals) exists. */
static bool
decorated(const struct glsl_spirv *s, uint32_t id, uint32_t decoration)
{
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 71 /* OpDecorate */ && wc >= 3 && s->words[p + 1] == id &&
          s->words[p + 2] == decoration)
         return true;
      p += wc;
   }
   return false;
}

/* Whether any instruction in function code names `id` as an operand. */
static bool
used_in_code(const struct glsl_spirv *s, uint32_t id)
{
   bool code = false;
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      code |= op == 54; /* OpFunction */
      for (uint32_t k = 1; code && k < wc; k++)
         if (s->words[p + k] == id)
            return true;
      p += wc;
   }
   return false;
}

static struct glsl_program *
link2(const char *vs, const char *fs, char **log)
{
   struct glsl_link_input in = {.source = {vs, fs}};
   return glsl_link(&in, log);
}

static const char *const vs_array =
   "#version 150\n"
   "in vec4 pos;\n"
   "flat out float loose;\n"
   "out Blk {\n"
   "  flat float f;\n"
   "  smooth vec2 s;\n"
   "  noperspective float n;\n"
   "  centroid vec3 c;\n"
   "  flat ivec2 i;\n"
   "} ifc[2];\n"
   "void main() {\n"
   "  gl_Position = pos; loose = pos.x;\n"
   "  for (int k = 0; k < 2; k++) {\n"
   "    ifc[k].f = pos.x; ifc[k].s = pos.xy; ifc[k].n = pos.z; ifc[k].c = pos.xyz;\n"
   "    ifc[k].i = ivec2(k);\n"
   "  }\n"
   "  ifc[1].s.y = 2.0;\n"
   "}\n";

static const char *const fs_array =
   "#version 150\n"
   "flat in float loose;\n"
   "in Blk {\n"
   "  flat float f;\n"
   "  smooth vec2 s;\n"
   "  noperspective float n;\n"
   "  centroid vec3 c;\n"
   "  flat ivec2 i;\n"
   "} fin[2];\n"
   "uniform int which;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "  o = vec4(fin[which].f + fin[1].s.y, fin[0].n, fin[which].c.z + loose, float(fin[1].i.x));\n"
   "}\n";

static void
test_block_array(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs_array, fs_array}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "array link: %s", log);
   if (!p) {
      free(log);
      return;
   }
   CHECK(t_split_io_blocks(p), "array: not split");
   const struct glsl_spirv *vs = &p->spirv[GLSL_STAGE_VERTEX], *fs = &p->spirv[GLSL_STAGE_FRAGMENT];
   /* the block variables are gone, their struct is no variable's type */
   CHECK(!t_spv_id_named(vs, "ifc") && !t_spv_id_named(fs, "fin"), "block variables remain");
   CHECK(!t_spv_var_of_type(vs, "Blk") && !t_spv_var_of_type(fs, "Blk"),
         "a variable of the block type remains");

   /* loose at 0; Blk (2 x 1+1+1+1+1 locations) at 1..10: member k of the array at
    * 1 + 2 * (its offset in the block) */
   static const struct {
      const char *member;
      int64_t location;
      uint32_t deco; /* the interpolation decoration it must carry, 0: none */
      uint32_t elem_op;
   } want[] = {
      {"f", 1, DECO_FLAT, 22},     {"s", 3, 0, 23},         {"n", 5, DECO_NOPERSPECTIVE, 22},
      {"c", 7, DECO_CENTROID, 23}, {"i", 9, DECO_FLAT, 23},
   };
   CHECK(t_var_decoration(vs, "loose", DECO_LOCATION) == 0, "loose location");
   for (unsigned k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
      char vn[32], fn[32];
      snprintf(vn, sizeof(vn), "ifc.%s", want[k].member);
      snprintf(fn, sizeof(fn), "fin.%s", want[k].member);
      for (int side = 0; side < 2; side++) {
         const struct glsl_spirv *s = side ? fs : vs;
         const char *name = side ? fn : vn;
         CHECK(t_var_decoration(s, name, DECO_LOCATION) == want[k].location, "%s Location %lld",
               name, (long long)t_var_decoration(s, name, DECO_LOCATION));
         static const uint32_t interp[] = {DECO_FLAT, DECO_NOPERSPECTIVE, DECO_CENTROID};
         for (unsigned d = 0; d < 3; d++) {
            bool got = decorated(s, t_spv_id_named(s, name), interp[d]);
            CHECK(got == (interp[d] == want[k].deco), "%s decoration %u: %d", name, interp[d], got);
         }
         uint32_t elem_op;
         CHECK(var_array_length(s, name, &elem_op) == 2 && elem_op == want[k].elem_op,
               "%s is no array of 2 (elem op %u)", name, elem_op);
         CHECK(used_in_code(s, t_spv_id_named(s, name)), "%s unused", name);
      }
   }
   /* the reflection: the program's inputs, outputs and uniforms as before */
   CHECK(p->num_inputs == 1 && !strcmp(p->inputs[0].name, "pos"), "inputs");
   CHECK(p->num_outputs == 1 && !strcmp(p->outputs[0].name, "o") && p->outputs[0].location == 0,
         "outputs");
   CHECK(glsl_program_find_uniform(p, "which") != NULL, "uniform which");
   CHECK(t_spirv_val(vs, "split-array-vs") != 0, "vertex SPIR-V");
   CHECK(t_spirv_val(fs, "split-array-fs") != 0, "fragment SPIR-V");
   glsl_program_destroy(p);
   free(log);
}

/* A single block (no array): every member keeps the location it had; a captured member's
 * transform-feedback copy reads the new variable; the capture's reflection is as before. */
static void
test_single_block_xfb(void)
{
   const char *vs = "#version 150\n"
                    "in vec4 pos;\n"
                    "out Blk { vec4 a; flat int b; float c[3]; } vo;\n"
                    "void main() { gl_Position = pos; vo.a = pos; vo.b = 7; vo.c[0] = 1.0;\n"
                    "  vo.c[1] = 2.0; vo.c[2] = pos.w; }\n";
   const char *fs = "#version 150\n"
                    "in Blk { vec4 a; flat int b; float c[3]; } fi;\n"
                    "out vec4 o;\n"
                    "void main() { o = fi.a * float(fi.b) + vec4(fi.c[2]); }\n";
   const char *const names[] = {"Blk.c", "Blk.b"};
   struct glsl_link_input in = {.source = {vs, fs}, .xfb_varyings = names, .num_xfb_varyings = 2};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "single block link: %s", log);
   if (p) {
      CHECK(t_split_io_blocks(p), "single block: not split");
      const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX],
                              *f = &p->spirv[GLSL_STAGE_FRAGMENT];
      CHECK(t_var_decoration(v, "vo.a", DECO_LOCATION) == 0 &&
               t_var_decoration(v, "vo.b", DECO_LOCATION) == 1 &&
               t_var_decoration(v, "vo.c", DECO_LOCATION) == 2,
            "vertex member locations");
      CHECK(t_var_decoration(f, "fi.a", DECO_LOCATION) == 0 &&
               t_var_decoration(f, "fi.b", DECO_LOCATION) == 1 &&
               t_var_decoration(f, "fi.c", DECO_LOCATION) == 2,
            "fragment member locations");
      CHECK(decorated(f, t_spv_id_named(f, "fi.b"), DECO_FLAT), "fi.b flat");
      uint32_t elem_op;
      CHECK(var_array_length(v, "vo.c", &elem_op) == 3 && elem_op == 22, "vo.c float[3]");
      CHECK(var_array_length(v, "vo.a", &elem_op) == 0, "vo.a is no array");
      CHECK(p->num_xfb == 2 && !strcmp(p->xfb[0].name, "Blk.c") && p->xfb[0].type == GL_FLOAT &&
               p->xfb[0].size == 3 && p->xfb[0].offset == 0 && !strcmp(p->xfb[1].name, "Blk.b") &&
               p->xfb[1].type == GL_INT && p->xfb[1].offset == 12 && p->xfb_stride[0] == 16,
            "xfb reflection");
      CHECK(t_spirv_val(v, "split-xfb-vs") != 0, "vertex SPIR-V");
      CHECK(t_spirv_val(f, "split-xfb-fs") != 0, "fragment SPIR-V");
   }
   glsl_program_destroy(p);
   free(log);
}

/* Members of a struct and a matrix type: locations count their sizes (struct 3, mat3 3). */
static void
test_struct_member(void)
{
   const char *vs = "#version 150\n"
                    "struct S { vec2 a; float b[2]; };\n"
                    "out Blk { float x; S s; mat3 m; } vb[2];\n"
                    "out vec4 after;\n"
                    "void main() { gl_Position = vec4(0.0); after = vec4(1.0);\n"
                    "  for (int i = 0; i < 2; i++) { vb[i].x = 1.0; vb[i].s.a = vec2(2.0);\n"
                    "    vb[i].s.b[0] = 3.0; vb[i].s.b[1] = 4.0; vb[i].m = mat3(5.0); } }\n";
   const char *fs = "#version 150\n"
                    "struct S { vec2 a; float b[2]; };\n"
                    "in Blk { float x; S s; mat3 m; } fb[2];\n"
                    "in vec4 after;\n"
                    "out vec4 o;\n"
                    "void main() { o = after + vec4(fb[1].x, fb[0].s.a, fb[1].s.b[1]) +\n"
                    "  vec4(fb[0].m[2], 0.0); }\n";
   char *log = NULL;
   struct glsl_program *p = link2(vs, fs, &log);
   CHECK(p, "struct member link: %s", log);
   if (p) {
      CHECK(t_split_io_blocks(p), "struct member: not split");
      const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX],
                              *f = &p->spirv[GLSL_STAGE_FRAGMENT];
      /* Blk[2] at 0..13 (7 per element), `after` at 14 */
      static const char *const m[] = {"x", "s", "m"};
      static const int64_t loc[] = {0, 2, 8};
      for (unsigned k = 0; k < 3; k++) {
         char vn[16], fn[16];
         snprintf(vn, sizeof(vn), "vb.%s", m[k]);
         snprintf(fn, sizeof(fn), "fb.%s", m[k]);
         CHECK(t_var_decoration(v, vn, DECO_LOCATION) == loc[k], "%s location %lld", vn,
               (long long)t_var_decoration(v, vn, DECO_LOCATION));
         CHECK(t_var_decoration(f, fn, DECO_LOCATION) == loc[k], "%s location %lld", fn,
               (long long)t_var_decoration(f, fn, DECO_LOCATION));
      }
      CHECK(t_var_decoration(v, "after", DECO_LOCATION) == 14 &&
               t_var_decoration(f, "after", DECO_LOCATION) == 14,
            "after: %lld", (long long)t_var_decoration(v, "after", DECO_LOCATION));
      CHECK(t_spirv_val(v, "split-struct-vs") != 0, "vertex SPIR-V");
      CHECK(t_spirv_val(f, "split-struct-fs") != 0, "fragment SPIR-V");
   }
   glsl_program_destroy(p);
   free(log);
}

/* A module that loads the whole block: nothing is split (the pass on hand-made words). */
static void
test_blocked(void)
{
   enum { VOID = 1, FN, FLOAT, S, PS, BLK, PF, OUT, MAIN, LABEL, V, X, INT, ONE, PIF, CH };
#define INS(n, op) (((uint32_t)(n) << 16) | (op))
   const uint32_t head[] = {
      SpvMagicNumber,
      0x00010300,
      0,
      CH + 1,
      0,
      INS(2, SpvOpCapability),
      1,
      INS(3, SpvOpMemoryModel),
      0,
      1,
      INS(7, SpvOpEntryPoint),
      SpvExecutionModelFragment,
      MAIN,
      0x6e69616d,
      0,
      BLK,
      OUT,
      INS(3, SpvOpExecutionMode),
      MAIN,
      7,
      INS(3, SpvOpDecorate),
      S,
      SpvDecorationBlock,
      INS(4, SpvOpDecorate),
      BLK,
      SpvDecorationLocation,
      0,
      INS(4, SpvOpMemberDecorate),
      S,
      1,
      SpvDecorationFlat,
      INS(4, SpvOpDecorate),
      OUT,
      SpvDecorationLocation,
      0,
      INS(2, SpvOpTypeVoid),
      VOID,
      INS(3, SpvOpTypeFunction),
      FN,
      VOID,
      INS(3, SpvOpTypeFloat),
      FLOAT,
      32,
      INS(4, SpvOpTypeInt),
      INT,
      32,
      1,
      INS(4, SpvOpConstant),
      INT,
      ONE,
      1,
      INS(4, SpvOpTypeStruct),
      S,
      FLOAT,
      FLOAT,
      INS(4, SpvOpTypePointer),
      PS,
      SpvStorageClassInput,
      S,
      INS(4, SpvOpTypePointer),
      PIF,
      SpvStorageClassInput,
      FLOAT,
      INS(4, SpvOpVariable),
      PS,
      BLK,
      SpvStorageClassInput,
      INS(4, SpvOpTypePointer),
      PF,
      SpvStorageClassOutput,
      FLOAT,
      INS(4, SpvOpVariable),
      PF,
      OUT,
      SpvStorageClassOutput,
      INS(5, SpvOpFunction),
      VOID,
      MAIN,
      0,
      FN,
      INS(2, 248 /* OpLabel */),
      LABEL,
   };
   const uint32_t whole[] = {
      INS(4, SpvOpLoad), S, V, BLK, INS(5, SpvOpCompositeExtract), FLOAT, X, V, 1,
   };
   const uint32_t chain[] = {
      INS(5, SpvOpAccessChain), PIF, V, BLK, ONE, INS(4, SpvOpLoad), FLOAT, X, V,
   };
   const uint32_t tail[] = {
      INS(3, SpvOpStore), OUT, X, INS(1, SpvOpReturn), INS(1, SpvOpFunctionEnd),
   };
#undef INS
   for (int split = 0; split < 2; split++) {
      uint32_t words[128];
      size_t n = 0;
      memcpy(words + n, head, sizeof(head));
      n += sizeof(head) / 4;
      memcpy(words + n, split ? chain : whole, sizeof(chain));
      n += sizeof(chain) / 4;
      memcpy(words + n, tail, sizeof(tail));
      n += sizeof(tail) / 4;
      const struct glsl_spirv before = {words, n};
      CHECK(t_spirv_val(&before, split ? "split-hand-chain" : "split-hand-whole") != 0,
            "hand-made module invalid");
      size_t out_n = 0;
      bool blocked = true;
      const char *err = "unset";
      uint32_t *out = spv_split_blocks(words, n, &out_n, &blocked, &err);
      CHECK(!err, "split %d: error %s", split, err);
      if (!split) {
         CHECK(!out && blocked, "whole-block load: split anyway");
      } else {
         CHECK(out && !blocked, "access chain: not split");
         if (out) {
            const struct glsl_spirv after = {out, out_n};
            /* the member read (1) sits at location 1, flat; member 0 at location 0 */
            uint32_t m0 = CH + 1 + 1, m1 = CH + 1 + 3; /* per member: pointer, then variable */
            CHECK(t_spv_decoration(&after, m0, DECO_LOCATION) == 0, "member 0 location");
            CHECK(t_spv_decoration(&after, m1, DECO_LOCATION) == 1, "member 1 location");
            CHECK(decorated(&after, m1, DECO_FLAT), "member 1 flat");
            CHECK(!decorated(&after, m0, DECO_FLAT), "member 0 not flat");
            CHECK(!used_in_code(&after, BLK) && used_in_code(&after, m1), "chain not rewritten");
            CHECK(t_spirv_val(&after, "split-hand-after") != 0, "split module invalid");
         }
      }
      free(out);
   }
}

/* Tessellation: the per-vertex level of a control shader's inputs and outputs and of an
 * evaluation shader's inputs takes no locations (as a geometry input's); a `patch` block's
 * members keep their places. So a per-vertex block of two array members gets the same
 * locations on both sides of each interface, whatever the arrays' lengths (4 vertices out of the
 * control shader, gl_MaxPatchVertices in). */
static const char *const vs_tess =
   "#version 150\n"
   "in vec4 pos;\n"
   "out VB { vec4 a[2]; vec4 b; } vo;\n"
   "void main() { gl_Position = pos; vo.a[0] = pos; vo.a[1] = pos.yxzw; vo.b = pos.zzzz; }\n";
static const char *const tcs_tess =
   "#version 150\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "layout(vertices = 4) out;\n"
   "in VB { vec4 a[2]; vec4 b; } vi[];\n"
   "out TB { vec4 m1[3]; vec4 m2[2]; } blk[];\n"
   "patch out PB { vec4 p1[2]; vec4 p2; } pb;\n"
   "void main() {\n"
   "  for (int i = 0; i < 3; i++) blk[gl_InvocationID].m1[i] = vi[gl_InvocationID].a[i % 2];\n"
   "  for (int i = 0; i < 2; i++) blk[gl_InvocationID].m2[i] = vi[gl_InvocationID].b;\n"
   "  pb.p1[1] = vec4(1.0); pb.p2 = vec4(2.0);\n"
   "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
   "  gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 1.0);\n"
   "  gl_TessLevelInner = float[2](1.0, 1.0);\n"
   "}\n";
static const char *const tes_tess = "#version 150\n"
                                    "#extension GL_ARB_tessellation_shader : require\n"
                                    "layout(quads) in;\n"
                                    "in TB { vec4 m1[3]; vec4 m2[2]; } blk[];\n"
                                    "patch in PB { vec4 p1[2]; vec4 p2; } pb;\n"
                                    "out vec4 color;\n"
                                    "void main() {\n"
                                    "  color = blk[1].m1[2] + blk[2].m2[1] + pb.p1[1] + pb.p2;\n"
                                    "  gl_Position = gl_in[0].gl_Position;\n"
                                    "}\n";
static const char *const fs_tess = "#version 150\n"
                                   "in vec4 color;\n"
                                   "out vec4 o;\n"
                                   "void main() { o = color; }\n";

static void
test_tess_blocks(void)
{
   char *log = NULL;
   struct glsl_link_input in = {0};
   in.source[GLSL_STAGE_VERTEX] = vs_tess;
   in.source[GLSL_STAGE_TESS_CTRL] = tcs_tess;
   in.source[GLSL_STAGE_TESS_EVAL] = tes_tess;
   in.source[GLSL_STAGE_FRAGMENT] = fs_tess;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "tess link: %s", log);
   if (!p) {
      free(log);
      return;
   }
   CHECK(t_split_io_blocks(p), "tess: not split");
   const struct glsl_spirv *vs = &p->spirv[GLSL_STAGE_VERTEX];
   const struct glsl_spirv *tcs = &p->spirv[GLSL_STAGE_TESS_CTRL];
   const struct glsl_spirv *tes = &p->spirv[GLSL_STAGE_TESS_EVAL];
   /* the locations each side gives a member, from the block's location */
   int64_t vb = t_var_decoration(vs, "vo.a", DECO_LOCATION);
   CHECK(vb >= 0 && t_var_decoration(vs, "vo.b", DECO_LOCATION) == vb + 2, "vo.b at %lld",
         (long long)t_var_decoration(vs, "vo.b", DECO_LOCATION));
   CHECK(t_var_decoration(tcs, "vi.a", DECO_LOCATION) == vb &&
            t_var_decoration(tcs, "vi.b", DECO_LOCATION) == vb + 2,
         "control inputs vi.a %lld vi.b %lld against %lld",
         (long long)t_var_decoration(tcs, "vi.a", DECO_LOCATION),
         (long long)t_var_decoration(tcs, "vi.b", DECO_LOCATION), (long long)vb);
   int64_t tb = t_var_decoration(tcs, "blk.m1", DECO_LOCATION);
   CHECK(tb >= 0 && t_var_decoration(tcs, "blk.m2", DECO_LOCATION) == tb + 3,
         "control output blk.m2 at %lld, blk.m1 at %lld",
         (long long)t_var_decoration(tcs, "blk.m2", DECO_LOCATION), (long long)tb);
   CHECK(t_var_decoration(tes, "blk.m1", DECO_LOCATION) == tb &&
            t_var_decoration(tes, "blk.m2", DECO_LOCATION) == tb + 3,
         "evaluation inputs blk.m1 %lld blk.m2 %lld against %lld",
         (long long)t_var_decoration(tes, "blk.m1", DECO_LOCATION),
         (long long)t_var_decoration(tes, "blk.m2", DECO_LOCATION), (long long)tb);
   /* the patch block (decorated Patch): its members where they were, on both sides */
   int64_t pl = t_var_decoration(tcs, "pb.p1", DECO_LOCATION);
   CHECK(pl >= 0 && t_var_decoration(tcs, "pb.p2", DECO_LOCATION) == pl + 2 &&
            t_var_decoration(tes, "pb.p1", DECO_LOCATION) == pl &&
            t_var_decoration(tes, "pb.p2", DECO_LOCATION) == pl + 2,
         "patch pb.p1 %lld/%lld pb.p2 %lld/%lld", (long long)pl,
         (long long)t_var_decoration(tes, "pb.p1", DECO_LOCATION),
         (long long)t_var_decoration(tcs, "pb.p2", DECO_LOCATION),
         (long long)t_var_decoration(tes, "pb.p2", DECO_LOCATION));
   CHECK(t_spirv_val(tcs, "split-tess-tcs") != 0, "control SPIR-V");
   CHECK(t_spirv_val(tes, "split-tess-tes") != 0, "evaluation SPIR-V");
   glsl_program_destroy(p);
   free(log);
}

int
main(void)
{
   test_block_array();
   test_single_block_xfb();
   test_struct_member();
   test_blocked();
   test_tess_blocks();
   return t_finish("unit.glsl.split");
}
