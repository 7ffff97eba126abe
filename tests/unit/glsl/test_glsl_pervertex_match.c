/* unit.glsl.pervertex_match — the built-in blocks between two linked vertex stages declare the
 * same members (spv_cut_pervertex, applied by the linker): glslang declares a unit's implicit
 * gl_PerVertex by its version, gl_CullDistance from GLSL 4.50, which an ARB_cull_distance unit
 * compiles as, and Vulkan wants the blocks at an interface between two stages other than the
 * fragment stage to match exactly (the validation layer: "Number of elements inside builtin block
 * differ between stages (tessellation control shader 3 vs tessellation evaluation shader 4)").
 * The longer block loses the trailing members its code does not reach: an evaluation stage's
 * gl_in[] after a GLSL 1.50 control stage, a control stage's gl_out[] before a GLSL 1.50
 * evaluation stage. Every module validates. */
#include "glsl_test_util.h"

enum {
   OP_TYPE_INT = 21,
   OP_TYPE_FLOAT = 22,
   OP_TYPE_VECTOR = 23,
   OP_TYPE_ARRAY = 28,
   OP_TYPE_STRUCT = 30,
   OP_TYPE_POINTER = 32,
   OP_CONSTANT = 43,
   OP_VARIABLE = 59,
   OP_MEMBER_DECORATE = 72,
   DECO_BUILTIN = 11,
   SC_INPUT = 1,
   SC_OUTPUT = 3,
};

#define TCS_READ(EXT, READ)                                                                        \
   "#version 150 core\n"                                                                           \
   "#extension GL_ARB_tessellation_shader : require\n" EXT "layout(vertices = 4) out;\n"           \
   "void main() {\n"                                                                               \
   "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position" READ ";\n"         \
   "  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = 2.0;\n"                                   \
   "  gl_TessLevelInner[0] = 2.0;\n"                                                               \
   "  gl_TessLevelInner[1] = 2.0;\n"                                                               \
   "}\n"

#define TES_HEAD(EXT, READ)                                                                        \
   "#version 150 core\n"                                                                           \
   "#extension GL_ARB_tessellation_shader : require\n" EXT "layout(quads, point_mode) in;\n"       \
   "out float gl_ClipDistance[2];\n"                                                               \
   "void main() {\n"                                                                               \
   "  gl_Position = gl_in[0].gl_Position + gl_in[2].gl_Position * gl_TessCoord.x" READ ";\n"       \
   "  gl_ClipDistance[0] = gl_TessCoord.x;\n"                                                      \
   "  gl_ClipDistance[1] = gl_TessCoord.y;\n"                                                      \
   "}\n"

#define CULL_EXT "#extension GL_ARB_cull_distance : require\n"

static const char *const vs = "#version 150 core\n"
                              "in vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";
#define TCS_HEAD(EXT) TCS_READ(EXT, "")

static const char *const tcs = TCS_HEAD("");
static const char *const tcs_cull = TCS_HEAD(CULL_EXT);
/* gl_in[].gl_ClipDistance read at 0 only: glslang sizes it 1 */
static const char *const tcs_clip1 = TCS_READ("", " * gl_in[0].gl_ClipDistance[0]");
/* GLSL 4.50 through the extension: its gl_in[] declares gl_CullDistance */
static const char *const tes_cull = TES_HEAD(CULL_EXT, "");
/* ... and reads gl_in[].gl_ClipDistance, the member before it */
static const char *const tes_cull_clip = TES_HEAD(CULL_EXT, " * gl_in[1].gl_ClipDistance[0]");
/* ... and reads gl_in[].gl_CullDistance, the member the control stage's block lacks (GL leaves
 * the value undefined; the program links) */
static const char *const tes_cull_cull = TES_HEAD(CULL_EXT, " * gl_in[1].gl_CullDistance[0]");
/* ... and gl_in[].gl_ClipDistance[2] too: glslang sizes it 3 */
static const char *const tes_cull_clip3_cull =
   TES_HEAD(CULL_EXT, " * gl_in[1].gl_ClipDistance[2] * gl_in[1].gl_CullDistance[0]");
static const char *const tes = TES_HEAD("", "");
/* gl_in[].gl_ClipDistance[2] read, 3 elements after a control stage's 1 */
static const char *const tes_clip3 = TES_HEAD("", " * gl_in[1].gl_ClipDistance[2]");
/* with the extension too, gl_ClipDistance[2] read: glslang refuses a geometry stage's gl_in[]
 * unlike the evaluation stage's block */
static const char *const gs =
   "#version 150 core\n" CULL_EXT "layout(points) in;\n"
   "layout(points, max_vertices = 1) out;\n"
   "void main() {\n"
   "  gl_Position = gl_in[0].gl_Position * gl_in[0].gl_ClipDistance[1];\n"
   "  EmitVertex();\n"
   "}\n";
/* gl_ClipDistance[3] written, to a control stage that reads 1 */
static const char *const vs_clip3 = "#version 150 core\n"
                                    "in vec4 pos;\n"
                                    "out float gl_ClipDistance[3];\n"
                                    "void main() {\n"
                                    "  gl_Position = pos;\n"
                                    "  gl_ClipDistance[0] = 0.0;\n"
                                    "  gl_ClipDistance[1] = 1.0;\n"
                                    "  gl_ClipDistance[2] = 2.0;\n"
                                    "}\n";
static const char *const fs = "#version 150 core\n"
                              "out vec4 c;\n"
                              "void main() { c = vec4(1.0); }\n";

/* The definition of id (its first word's offset), or 0. */
static size_t
def_of(const struct glsl_spirv *s, uint32_t id)
{
   const uint32_t *w = s->words;
   for (size_t p = 5; p < s->num_words;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || wc > s->num_words - p)
         return 0;
      const bool result_first = op == OP_TYPE_INT || op == OP_TYPE_FLOAT || op == OP_TYPE_VECTOR ||
                                op == OP_TYPE_ARRAY || op == OP_TYPE_STRUCT ||
                                op == OP_TYPE_POINTER;
      const bool result_second = op == OP_VARIABLE || op == OP_CONSTANT;
      if (wc >= 2 &&
          ((result_first && w[p + 1] == id) || (result_second && wc >= 4 && w[p + 2] == id)))
         return p;
      p += wc;
   }
   return 0;
}

/* Whether struct type id has a member decorated BuiltIn. */
static bool
builtin_struct(const struct glsl_spirv *s, uint32_t id)
{
   const uint32_t *w = s->words;
   for (size_t p = 5; p < s->num_words;) {
      const uint32_t wc = w[p] >> 16;
      if (!wc || wc > s->num_words - p)
         return false;
      if ((w[p] & 0xffff) == OP_MEMBER_DECORATE && wc >= 4 && w[p + 1] == id &&
          w[p + 3] == DECO_BUILTIN)
         return true;
      p += wc;
   }
   return false;
}

/* A member type id as text: f32, i32, v4f32, f32[3] (at most 63 characters to buf). */
static void
type_text(const struct glsl_spirv *s, uint32_t id, char *buf, size_t size)
{
   const uint32_t *w = s->words;
   size_t t = def_of(s, id);
   uint32_t length = 0, comps = 1;
   if (t && (w[t] & 0xffff) == OP_TYPE_ARRAY) {
      const size_t c = def_of(s, w[t + 3]);
      length = c && (w[c] & 0xffff) == OP_CONSTANT ? w[c + 3] : 9999;
      t = def_of(s, w[t + 2]);
   }
   if (t && (w[t] & 0xffff) == OP_TYPE_VECTOR) {
      comps = w[t + 3];
      t = def_of(s, w[t + 2]);
   }
   const uint32_t op = t ? w[t] & 0xffff : 0;
   const char *k = op == OP_TYPE_FLOAT ? "f" : op == OP_TYPE_INT ? "i" : "?";
   char vec[16] = "", arr[16] = "";
   if (comps > 1)
      snprintf(vec, sizeof vec, "v%u", comps);
   if (length)
      snprintf(arr, sizeof arr, "[%u]", length);
   snprintf(buf, size, "%s%s%u%s", vec, k, t ? w[t + 2] : 0, arr);
}

/* The members of the built-in block (a struct or an array of one) of the variable of storage
 * class sc, or 0; their types as text, comma-separated, in types (256 bytes). */
static uint32_t
block_members(const struct glsl_spirv *s, uint32_t sc, char *types)
{
   types[0] = 0;
   const uint32_t *w = s->words;
   for (size_t p = 5; p < s->num_words;) {
      const uint32_t wc = w[p] >> 16;
      if (!wc || wc > s->num_words - p)
         return 0;
      if ((w[p] & 0xffff) == OP_VARIABLE && wc >= 4 && w[p + 3] == sc) {
         size_t t = def_of(s, w[p + 1]);
         if (t && (w[t] & 0xffff) == OP_TYPE_POINTER)
            t = def_of(s, w[t + 3]);
         if (t && (w[t] & 0xffff) == OP_TYPE_ARRAY)
            t = def_of(s, w[t + 2]);
         if (t && (w[t] & 0xffff) == OP_TYPE_STRUCT && builtin_struct(s, w[t + 1])) {
            const uint32_t n = (w[t] >> 16) - 2;
            for (uint32_t m = 0; m < n && m < 8; m++) {
               char one[64];
               type_text(s, w[t + 2 + m], one, sizeof one);
               snprintf(types + strlen(types), 256 - strlen(types), "%s%s", m ? "," : "", one);
            }
            return n;
         }
      }
      p += wc;
   }
   return 0;
}

static struct glsl_program *
link_stages(const char *v, const char *c, const char *e, const char *g)
{
   char *log = NULL;
   struct glsl_link_input in = {0};
   in.source[GLSL_STAGE_VERTEX] = v;
   in.source[GLSL_STAGE_TESS_CTRL] = c;
   in.source[GLSL_STAGE_TESS_EVAL] = e;
   in.source[GLSL_STAGE_GEOMETRY] = g;
   in.source[GLSL_STAGE_FRAGMENT] = fs;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log ? log : "");
   free(log);
   return p;
}

/* Links the stages; the producer's output block must declare `out` members, the consumer's
 * input block `in`, and where types is given both blocks' members must be of those types (as
 * type_text writes them), every module valid. */
static void
expect_types(const char *what, const char *v, const char *c, const char *e, const char *g,
             enum glsl_stage from, enum glsl_stage to, uint32_t out, uint32_t in, const char *types)
{
   struct glsl_program *p = link_stages(v, c, e, g);
   if (!p)
      return;
   char to_types[256], ti_types[256];
   const uint32_t no = block_members(&p->spirv[from], SC_OUTPUT, to_types);
   const uint32_t ni = block_members(&p->spirv[to], SC_INPUT, ti_types);
   CHECK(no == out && ni == in, "%s: output block %u members, input block %u (want %u and %u)",
         what, no, ni, out, in);
   if (types)
      CHECK(!strcmp(to_types, types) && !strcmp(ti_types, types),
            "%s: output block of %s, input block of %s (want %s)", what, to_types, ti_types, types);
   for (int s = 0; s < GLSL_STAGE_COUNT; s++)
      if (p->spirv[s].words)
         CHECK(t_spirv_val(&p->spirv[s], "pervertex-match") != 0, "%s: stage %d invalid", what, s);
   glsl_program_destroy(p);
}

static void
expect(const char *what, const char *v, const char *c, const char *e, const char *g,
       enum glsl_stage from, enum glsl_stage to, uint32_t out, uint32_t in)
{
   expect_types(what, v, c, e, g, from, to, out, in, NULL);
}

int
main(void)
{
   CHECK(glsl_init(), "glsl_init");
   expect_types("TCS 1.50, TES with ARB_cull_distance", vs, tcs, tes_cull, NULL,
                GLSL_STAGE_TESS_CTRL, GLSL_STAGE_TESS_EVAL, 3, 3, "v4f32,f32,f32[1]");
   expect("TCS 1.50, TES with ARB_cull_distance reading gl_in[].gl_ClipDistance", vs, tcs,
          tes_cull_clip, NULL, GLSL_STAGE_TESS_CTRL, GLSL_STAGE_TESS_EVAL, 3, 3);
   expect("TCS 1.50, TES with ARB_cull_distance, then a GS", vs, tcs, tes_cull, gs,
          GLSL_STAGE_TESS_CTRL, GLSL_STAGE_TESS_EVAL, 3, 3);
   expect("TCS with ARB_cull_distance, TES 1.50", vs, tcs_cull, tes, NULL, GLSL_STAGE_TESS_CTRL,
          GLSL_STAGE_TESS_EVAL, 3, 3);
   /* the shorter block gains the member the other's code reaches */
   expect_types("TCS 1.50, TES with ARB_cull_distance reading gl_in[].gl_CullDistance", vs, tcs,
                tes_cull_cull, NULL, GLSL_STAGE_TESS_CTRL, GLSL_STAGE_TESS_EVAL, 4, 4,
                "v4f32,f32,f32[1],f32[1]");
   expect_types("TCS 1.50, TES with ARB_cull_distance reading gl_in[].gl_CullDistance, then a GS",
                vs, tcs, tes_cull_cull, gs, GLSL_STAGE_TESS_CTRL, GLSL_STAGE_TESS_EVAL, 4, 4,
                "v4f32,f32,f32[1],f32[1]");
   /* arrays of unlike lengths: the larger on both sides, grown on either */
   expect_types("VS gl_ClipDistance[3], TCS reading gl_in[].gl_ClipDistance[0]", vs_clip3,
                tcs_clip1, tes, NULL, GLSL_STAGE_VERTEX, GLSL_STAGE_TESS_CTRL, 3, 3,
                "v4f32,f32,f32[3]");
   expect_types("TCS gl_out[].gl_ClipDistance[1], TES reading gl_in[].gl_ClipDistance[2]", vs, tcs,
                tes_clip3, NULL, GLSL_STAGE_TESS_CTRL, GLSL_STAGE_TESS_EVAL, 3, 3,
                "v4f32,f32,f32[3]");
   /* both at once: a member added and an array grown */
   expect_types("TCS 1.50, TES with ARB_cull_distance reading gl_in[].gl_ClipDistance[2] and "
                "gl_in[].gl_CullDistance",
                vs, tcs, tes_cull_clip3_cull, NULL, GLSL_STAGE_TESS_CTRL, GLSL_STAGE_TESS_EVAL, 4,
                4, "v4f32,f32,f32[3],f32[1]");
   return t_finish("unit.glsl.pervertex_match");
}
