/* unit.glsl.int64_outputs — an output holding a 64-bit integer vector is stored whole, at the
 * entry point's returns (spv_gs_outputs.c, applied by the linker to vertex and tessellation
 * evaluation modules): NVIDIA's Vulkan driver reads such an output wrong when the shader stores
 * it a component at a time (issue 20). In the linked vertex module, each such output (a u64vec2
 * varying, a struct holding an i64vec3, a block member that is a u64vec2) is stored only through
 * its variable (the member: a chain picking the member alone), only in blocks that end in an
 * OpReturn of the entry point, and before each of those returns (not at the shader's early
 * return: the linker's own main calls the shader's, which returns to it); outputs without
 * one (gl_Position, a vec4, the block's other member) are still stored as glslang wrote them.
 * The same for a tessellation evaluation module. A module without such outputs is left as it is,
 * byte for byte; a tessellation control module with one is left as it is and the link declines
 * by name (its outputs are shared between invocations). Every rewritten module validates. */
#include "glsl_test_util.h"

#include "decline.h"
#include "spv.h"

enum {
   OP_FUNCTION = 54,
   OP_STORE = 62,
   OP_ACCESS_CHAIN = 65,
   OP_IN_BOUNDS_ACCESS_CHAIN = 66,
   OP_CONSTANT = 43,
   OP_ENTRY_POINT = 15,
   OP_LABEL = 248,
   OP_BRANCH = 249,
   OP_BRANCH_CONDITIONAL = 250,
   OP_SWITCH = 251,
   OP_KILL = 252,
   OP_RETURN = 253,
   OP_RETURN_VALUE = 254,
   OP_UNREACHABLE = 255,
};

static const char *const vs = "#version 150\n"
                              "#extension GL_ARB_gpu_shader_int64 : require\n"
                              "in vec4 pos;\n"
                              "flat out u64vec2 v;\n"
                              "struct S { i64vec3 a; float f; };\n"
                              "flat out S s;\n"
                              "out vec4 c;\n"
                              "out B { flat u64vec2 m; vec4 q; } b;\n"
                              "void main() {\n"
                              "  gl_Position = pos;\n"
                              "  c = vec4(0.5);\n"
                              "  v.x = 3580466867ul;\n"
                              "  b.m.y = 7ul;\n"
                              "  b.q = vec4(1.0);\n"
                              "  s.a.y = -5l;\n"
                              "  s.f = 1.0;\n"
                              "  if (pos.x > 0.5) {\n"
                              "    v.y = 1ul;\n"
                              "    return;\n"
                              "  }\n"
                              "  v.y = 3783870998ul;\n"
                              "  s.a.x = 1l;\n"
                              "  s.a.z = 2l;\n"
                              "  b.m.x = 9ul;\n"
                              "}\n";

static const char *const fs = "#version 150\n"
                              "#extension GL_ARB_gpu_shader_int64 : require\n"
                              "flat in u64vec2 v;\n"
                              "struct S { i64vec3 a; float f; };\n"
                              "flat in S s;\n"
                              "in vec4 c;\n"
                              "in B { flat u64vec2 m; vec4 q; } b;\n"
                              "out vec4 o;\n"
                              "void main() {\n"
                              "  bool ok = v.x == 3580466867ul && s.a.y == -5l && b.m.y == 7ul;\n"
                              "  o = ok ? c * b.q * s.f : vec4(0.0);\n"
                              "}\n";

static const char *const vs_plain = "#version 400\n"
                                    "#extension GL_ARB_gpu_shader_int64 : require\n"
                                    "in vec4 pos;\n"
                                    "flat out uint64_t u;\n"
                                    "flat out dvec2 d;\n"
                                    "void main() {\n"
                                    "  gl_Position = pos;\n"
                                    "  u = 5ul;\n"
                                    "  d.x = 1.0lf;\n"
                                    "  d.y = 2.0lf;\n"
                                    "}\n";

static const char *const fs_plain = "#version 400\n"
                                    "#extension GL_ARB_gpu_shader_int64 : require\n"
                                    "flat in uint64_t u;\n"
                                    "flat in dvec2 d;\n"
                                    "out vec4 o;\n"
                                    "void main() { o = vec4(float(u) + float(d.x + d.y)); }\n";

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

/* a control module writing its own vertex's u64vec2 a component at a time */
static const char *const tcs_wide = "#version 400\n"
                                    "#extension GL_ARB_gpu_shader_int64 : require\n"
                                    "layout(vertices = 3) out;\n"
                                    "out u64vec2 w[];\n"
                                    "void main() {\n"
                                    "  gl_out[gl_InvocationID].gl_Position = "
                                    "gl_in[gl_InvocationID].gl_Position;\n"
                                    "  w[gl_InvocationID].x = 1ul;\n"
                                    "  w[gl_InvocationID].y = 2ul;\n"
                                    "  gl_TessLevelOuter[0] = 1.0;\n"
                                    "  gl_TessLevelOuter[1] = 1.0;\n"
                                    "  gl_TessLevelOuter[2] = 1.0;\n"
                                    "  gl_TessLevelInner[0] = 1.0;\n"
                                    "}\n";

static const char *const tes_wide = "#version 400\n"
                                    "#extension GL_ARB_gpu_shader_int64 : require\n"
                                    "layout(triangles) in;\n"
                                    "in u64vec2 w[];\n"
                                    "flat out uint64_t t;\n"
                                    "void main() {\n"
                                    "  gl_Position = gl_in[0].gl_Position * gl_TessCoord.x;\n"
                                    "  t = w[0].x + w[1].y;\n"
                                    "}\n";

static const char *const fs_wide = "#version 400\n"
                                   "#extension GL_ARB_gpu_shader_int64 : require\n"
                                   "flat in uint64_t t;\n"
                                   "out vec4 o;\n"
                                   "void main() { o = vec4(t == 3ul); }\n";

/* The constant value of id (a one-word OpConstant), or UINT32_MAX. */
static uint32_t
const_value(const uint32_t *w, size_t n, uint32_t id)
{
   for (size_t p = 5; p < n;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || wc > n - p)
         break;
      if (op == OP_CONSTANT && wc == 4 && w[p + 2] == id)
         return w[p + 3];
      p += wc;
   }
   return UINT32_MAX;
}

struct tally {
   int whole;     /* stores of the whole output (or whole member) */
   int partial;   /* stores through a deeper chain: a component, a struct member, ... */
   int elsewhere; /* whole stores in a block that does not end in an OpReturn of the entry */
   int returns;   /* OpReturns of the entry point */
   int missing;   /* of those, how many end a block without a whole store */
};

/* How the module stores output var (member: UINT32_MAX for the variable itself, else the block
 * member whose stores count). A chain counts as the whole member where its one index is the
 * member; any other chain rooted at var (or at a chain on it) is partial. */
static struct tally
stores_of(const uint32_t *w, size_t n, uint32_t var, uint32_t member)
{
   struct tally t = {0};
   uint32_t whole_ptrs[64], deep_ptrs[64];
   unsigned nwhole = 0, ndeep = 0;
   uint32_t entry = 0, fn = 0;
   bool stored = false;
   for (size_t p = 5; p < n;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || wc > n - p)
         break;
      const uint32_t *o = w + p + 1;
      if (op == OP_ENTRY_POINT && wc >= 3)
         entry = o[1];
      if (op == OP_FUNCTION && wc >= 3)
         fn = o[1];
      if (op == OP_LABEL)
         stored = false;
      if ((op == OP_ACCESS_CHAIN || op == OP_IN_BOUNDS_ACCESS_CHAIN) && wc >= 4) {
         bool rooted = o[2] == var;
         for (unsigned k = 0; k < nwhole && !rooted; k++)
            rooted = o[2] == whole_ptrs[k];
         for (unsigned k = 0; k < ndeep && !rooted; k++)
            rooted = o[2] == deep_ptrs[k];
         if (rooted && o[2] == var && member != UINT32_MAX && wc == 5 &&
             const_value(w, n, o[3]) == member) {
            if (nwhole < 64)
               whole_ptrs[nwhole++] = o[1];
         } else if (rooted && (member == UINT32_MAX || o[2] != var || wc < 5 ||
                               const_value(w, n, o[3]) == member)) {
            if (ndeep < 64)
               deep_ptrs[ndeep++] = o[1];
         }
      }
      if (op == OP_STORE && wc >= 3) {
         bool whole = member == UINT32_MAX && o[0] == var;
         for (unsigned k = 0; k < nwhole && !whole; k++)
            whole = o[0] == whole_ptrs[k];
         for (unsigned k = 0; k < ndeep; k++)
            if (o[0] == deep_ptrs[k])
               t.partial++;
         if (whole) {
            t.whole++;
            stored = true;
         }
      }
      if (op == OP_RETURN && fn == entry) {
         t.returns++;
         if (!stored)
            t.missing++;
         stored = false;
      } else if (op == OP_RETURN || op == OP_BRANCH || op == OP_BRANCH_CONDITIONAL ||
                 op == OP_SWITCH || op == OP_KILL || op == OP_RETURN_VALUE ||
                 op == OP_UNREACHABLE) {
         if (stored)
            t.elsewhere++;
         stored = false;
      }
      p += wc;
   }
   return t;
}

static void
check_whole(const struct glsl_spirv *s, const char *what, uint32_t var, uint32_t member,
            int returns)
{
   CHECK(var, "%s: no output variable", what);
   if (!var)
      return;
   const struct tally t = stores_of(s->words, s->num_words, var, member);
   CHECK(t.partial == 0, "%s: %d stores of a part of it", what, t.partial);
   CHECK(t.elsewhere == 0, "%s: %d whole stores not at a return", what, t.elsewhere);
   CHECK(t.returns == returns, "%s: %d returns in the entry point, want %d", what, t.returns,
         returns);
   CHECK(t.missing == 0 && t.whole >= returns, "%s: not stored whole before %d of %d returns", what,
         t.missing, t.returns);
}

/* The index of member `name` of the struct named `block` (its OpMemberName), or UINT32_MAX. */
static uint32_t
member_named(const struct glsl_spirv *s, const char *block, const char *name)
{
   const uint32_t id = t_spv_id_named(s, block);
   for (size_t p = 5; id && p < s->num_words;) {
      const uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc || wc > s->num_words - p)
         break;
      if (op == 6 /* OpMemberName */ && wc >= 4 && s->words[p + 1] == id &&
          !strcmp((const char *)&s->words[p + 3], name))
         return s->words[p + 2];
      p += wc;
   }
   return UINT32_MAX;
}

static struct glsl_program *
link_stages(const char *v, const char *tc, const char *te, const char *f, const char *what)
{
   struct glsl_link_input in = {0};
   in.source[GLSL_STAGE_VERTEX] = v;
   in.source[GLSL_STAGE_TESS_CTRL] = tc;
   in.source[GLSL_STAGE_TESS_EVAL] = te;
   in.source[GLSL_STAGE_FRAGMENT] = f;
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link (%s): %s", what, log ? log : "");
   free(log);
   return p;
}

int
main(void)
{
   /* the vertex module: v, s and b.m stored whole at the entry point's one return (the linker
    * calls the shader's main from a main of its own: the early return in the shader's main
    * takes no copies) */
   struct glsl_program *p = link_stages(vs, NULL, NULL, fs, "vertex");
   if (p) {
      const struct glsl_spirv *s = &p->spirv[GLSL_STAGE_VERTEX];
      CHECK(t_spirv_val(s, "int64-outputs-vs") != 0, "rewritten vertex module invalid");
      check_whole(s, "v", t_spv_id_named(s, "v"), UINT32_MAX, 1);
      check_whole(s, "s", t_spv_id_named(s, "s"), UINT32_MAX, 1);
      const uint32_t m = member_named(s, "B", "m"), q = member_named(s, "B", "q");
      CHECK(m != UINT32_MAX && q != UINT32_MAX, "block B's members not named");
      check_whole(s, "b.m", t_spv_id_named(s, "b"), m, 1);
      /* the outputs without a 64-bit integer vector: stored where the shader stores them */
      const struct tally tc = stores_of(s->words, s->num_words, t_spv_id_named(s, "c"), UINT32_MAX);
      CHECK(tc.whole == 1 && tc.missing == 1, "c: %d stores, %d returns without one, want 1, 1",
            tc.whole, tc.missing);
      const struct tally tq = stores_of(s->words, s->num_words, t_spv_id_named(s, "b"), q);
      CHECK(tq.whole == 1 && tq.missing == 1, "b.q: %d stores, %d returns without one, want 1, 1",
            tq.whole, tq.missing);
      /* a second pass on the result: rewrites again, still valid */
      const char *err = NULL;
      bool blocked = false;
      size_t rn = 0;
      uint32_t *again = spv_int64_output_copies(s->words, s->num_words, &rn, &blocked, &err);
      CHECK(again && !err && !blocked, "a second pass did not rewrite (%s)", err ? err : "");
      if (again) {
         const struct glsl_spirv s2 = {.words = again, .num_words = rn};
         CHECK(t_spirv_val(&s2, "int64-outputs-again") != 0, "second pass invalid");
      }
      free(again);
      /* a truncated module is refused, not read past its end */
      again = spv_int64_output_copies(s->words, s->num_words - 1, &rn, &blocked, &err);
      free(again);
      /* the fragment module: outputs without 64-bit integers, nothing to do */
      const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
      again = spv_int64_output_copies(f->words, f->num_words, &rn, &blocked, &err);
      CHECK(!again && !err && !blocked, "the fragment module was rewritten (%s)", err ? err : "");
      free(again);
      glsl_program_destroy(p);
   }

   /* a scalar uint64_t and a dvec2: no 64-bit integer vector, the module as glslang wrote it */
   p = link_stages(vs_plain, NULL, NULL, fs_plain, "plain");
   if (p) {
      const struct glsl_spirv *s = &p->spirv[GLSL_STAGE_VERTEX];
      const struct tally td = stores_of(s->words, s->num_words, t_spv_id_named(s, "d"), UINT32_MAX);
      CHECK(td.partial == 2 && td.whole == 0, "d: %d partial and %d whole stores, want 2, 0",
            td.partial, td.whole);
      const char *err = NULL;
      bool blocked = false;
      size_t rn = 0;
      uint32_t *again = spv_int64_output_copies(s->words, s->num_words, &rn, &blocked, &err);
      CHECK(!again && !err && !blocked, "the plain vertex module was rewritten (%s)",
            err ? err : "");
      free(again);
      glsl_program_destroy(p);
   }

   /* the tessellation evaluation module: t stored whole at its return */
   p = link_stages(vs_tess, tcs, tes, fs_tes, "tessellation evaluation");
   if (p) {
      const struct glsl_spirv *s = &p->spirv[GLSL_STAGE_TESS_EVAL];
      CHECK(t_spirv_val(s, "int64-outputs-tes") != 0, "rewritten evaluation module invalid");
      check_whole(s, "t", t_spv_id_named(s, "t"), UINT32_MAX, 1);
      glsl_program_destroy(p);
   }

   /* a control module with one: declined by name, its stores left as they are */
   const uint64_t declines = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   p = link_stages(vs_tess, tcs_wide, tes_wide, fs_wide, "tessellation control");
   if (p) {
      const struct glsl_spirv *s = &p->spirv[GLSL_STAGE_TESS_CTRL];
      const struct tally tw = stores_of(s->words, s->num_words, t_spv_id_named(s, "w"), UINT32_MAX);
      CHECK(tw.partial == 2 && tw.whole == 0, "w: %d partial and %d whole stores, want 2, 0",
            tw.partial, tw.whole);
      CHECK(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) == declines + 1,
            "the control module's 64-bit integer vector output not declined");
      glsl_program_destroy(p);
   }
   return t_finish("unit.glsl.int64_outputs");
}
