/* unit.glsl.pervertex_trim — the last vertex stage's output gl_PerVertex declares only the
 * members up to the last one the module reaches (spv_trim_pervertex_out, applied by the linker):
 * glslang's implicit block carries gl_PointSize and gl_ClipDistance[1] whatever the shader writes,
 * and a Vulkan device counts the whole block against its output limits (piglit
 * arb_tessellation_shader-tes-gs-max-output -small: 204 vertices of gl_Position and one int, GL's
 * 1024 total components, went over with the unwritten gl_ClipDistance). A geometry shader that
 * writes gl_ClipDistance keeps it; a vertex stage that feeds a geometry shader keeps its whole
 * block (its next stage reads gl_in[]); a vertex shader that is the last stage loses what it
 * does not write. A constant whose value equals the block variable's id is no use of the block
 * (piglit's -small program of 8 vertices of an int[124] beside %124 stayed whole, 1040 over
 * NVIDIA's 1024 after the backend's gl_PointSize cut). Every module validates. */
#include "glsl_test_util.h"

enum {
   OP_TYPE_POINTER = 32,
   OP_MEMBER_DECORATE = 72,
   OP_CONSTANT = 43,
   OP_VARIABLE = 59,
   SC_OUTPUT = 3,
   DECO_BUILTIN = 11,
   BI_POINT_SIZE = 1,
   BI_CLIP_DISTANCE = 3,
};

static const char *const vs = "#version 150\n"
                              "in vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";

static const char *const gs_points = "#version 150\n"
                                     "layout(lines) in;\n"
                                     "layout(points, max_vertices = 204) out;\n"
                                     "flat out int data;\n"
                                     "void main() {\n"
                                     "  for (int i = 0; i < 204; i++) {\n"
                                     "    gl_Position = gl_in[0].gl_Position;\n"
                                     "    data = i;\n"
                                     "    EmitVertex();\n"
                                     "  }\n"
                                     "}\n";

static const char *const gs_clip = "#version 150\n"
                                   "layout(triangles) in;\n"
                                   "layout(triangle_strip, max_vertices = 3) out;\n"
                                   "out float gl_ClipDistance[1];\n"
                                   "void main() {\n"
                                   "  for (int i = 0; i < 3; i++) {\n"
                                   "    gl_Position = gl_in[i].gl_Position;\n"
                                   "    gl_ClipDistance[0] = 1.0;\n"
                                   "    EmitVertex();\n"
                                   "  }\n"
                                   "}\n";

static const char *const fs_data = "#version 150\n"
                                   "flat in int data;\n"
                                   "out vec4 c;\n"
                                   "void main() { c = vec4(float(data)); }\n";

/* The piglit -small shape (8 points of gl_Position and an int array at GL's 1024 total, 32
 * invocations), the array's length %d: chosen below to equal the id of the block's variable,
 * which is how piglit's program met it (an int[124] beside %124). */
static const char *const gs_ints_fmt =
   "#version 150\n"
   "#extension GL_ARB_gpu_shader5 : require\n"
   "layout(lines, invocations = 32) in;\n"
   "layout(points, max_vertices = 8) out;\n"
   "flat out int data[%d];\n"
   "void main() {\n"
   "  for (int v = 0; v < 8; v++) {\n"
   "    gl_Position = gl_in[0].gl_Position + vec4(float(v), float(gl_InvocationID), 0.0, 0.0);\n"
   "    for (int j = 0; j < data.length(); j++)\n"
   "      data[j] = v * 1000 + j;\n"
   "    EmitVertex();\n"
   "  }\n"
   "}\n";

static const char *const fs_ints_fmt = "#version 150\n"
                                       "flat in int data[%d];\n"
                                       "out vec4 c;\n"
                                       "void main() { c = vec4(float(data[%d])); }\n";

static const char *const fs = "#version 150\n"
                              "out vec4 c;\n"
                              "void main() { c = vec4(1.0); }\n";

/* Whether a struct that an Output pointer type points at declares BuiltIn b as a member (the
 * output block; gl_in[]'s block is an array of another struct). */
static bool
member_builtin(const struct glsl_spirv *s, uint32_t b)
{
   const uint32_t *w = s->words;
   const size_t n = s->num_words;
   for (size_t p = 5; p < n;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || wc > n - p)
         break;
      if (op == OP_MEMBER_DECORATE && wc >= 5 && w[p + 3] == DECO_BUILTIN && w[p + 4] == b) {
         for (size_t q = 5; q < n;) {
            const uint32_t qc = w[q] >> 16;
            if (!qc || qc > n - q)
               break;
            if ((w[q] & 0xffff) == OP_TYPE_POINTER && qc == 4 && w[q + 2] == SC_OUTPUT &&
                w[q + 3] == w[p + 1])
               return true;
            q += qc;
         }
      }
      p += wc;
   }
   return false;
}

/* The Output variable of the struct whose members are built-ins (the output block), or 0. */
static uint32_t
block_var(const struct glsl_spirv *s)
{
   const uint32_t *w = s->words;
   const size_t n = s->num_words;
   uint32_t ptr = 0;
   for (size_t p = 5; p < n;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || wc > n - p)
         return 0;
      if (op == OP_MEMBER_DECORATE && wc >= 5 && w[p + 3] == DECO_BUILTIN) {
         for (size_t q = 5; q < n && !ptr;) {
            const uint32_t qc = w[q] >> 16;
            if (!qc || qc > n - q)
               return 0;
            if ((w[q] & 0xffff) == OP_TYPE_POINTER && qc == 4 && w[q + 2] == SC_OUTPUT &&
                w[q + 3] == w[p + 1])
               ptr = w[q + 1];
            q += qc;
         }
      }
      if (ptr && op == OP_VARIABLE && wc >= 4 && w[p + 1] == ptr && w[p + 3] == SC_OUTPUT)
         return w[p + 2];
      p += wc;
   }
   return 0;
}

/* Whether a one-word OpConstant of the module has the value v. */
static bool
has_constant(const struct glsl_spirv *s, uint32_t v)
{
   const uint32_t *w = s->words;
   for (size_t p = 5; p < s->num_words;) {
      const uint32_t wc = w[p] >> 16;
      if (!wc || wc > s->num_words - p)
         return false;
      if ((w[p] & 0xffff) == OP_CONSTANT && wc == 4 && w[p + 3] == v)
         return true;
      p += wc;
   }
   return false;
}

/* varying: the device's varying components (0: GL's minimum) */
static struct glsl_program *
link3v(const char *v, const char *g, const char *f, uint32_t varying)
{
   char *log = NULL;
   struct glsl_link_input in = {.max_varying_components = varying};
   in.source[GLSL_STAGE_VERTEX] = v;
   in.source[GLSL_STAGE_GEOMETRY] = g;
   in.source[GLSL_STAGE_FRAGMENT] = f;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log ? log : "");
   free(log);
   return p;
}

static struct glsl_program *
link3(const char *v, const char *g, const char *f)
{
   return link3v(v, g, f, 0);
}

int
main(void)
{
   CHECK(glsl_init(), "glsl_init");

   /* the piglit shape: points, gl_Position and one int written */
   struct glsl_program *p = link3(vs, gs_points, fs_data);
   if (p) {
      const struct glsl_spirv *g = &p->spirv[GLSL_STAGE_GEOMETRY];
      CHECK(!member_builtin(g, BI_CLIP_DISTANCE),
            "the points geometry shader still declares the gl_ClipDistance it never writes");
      CHECK(t_spirv_val(g, "trim-gs-points") != 0, "trimmed geometry module invalid");
      /* the vertex stage feeds gl_in[]: left whole */
      const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX];
      CHECK(member_builtin(v, BI_CLIP_DISTANCE) && member_builtin(v, BI_POINT_SIZE),
            "the vertex stage before a geometry shader lost members of its block");
      glsl_program_destroy(p);
   }

   /* a constant whose value equals the block's variable id is no use of the block: trimmed all
    * the same. The array's length follows the variable's id until they meet (glslang numbers
    * the variable after the array's type, so its length does not move it). */
   int len = 100;
   bool met = false;
   for (int tries = 0; tries < 4 && !met; tries++) {
      char g[1024], f[256];
      snprintf(g, sizeof(g), gs_ints_fmt, len);
      snprintf(f, sizeof(f), fs_ints_fmt, len, len - 1);
      p = link3v(vs, g, f, 128); /* NVIDIA's and lavapipe's figure */
      if (!p)
         break;
      const struct glsl_spirv *gs = &p->spirv[GLSL_STAGE_GEOMETRY];
      const uint32_t var = block_var(gs);
      met = var == (uint32_t)len && has_constant(gs, var);
      if (met) {
         CHECK(!member_builtin(gs, BI_CLIP_DISTANCE),
               "int[%d] beside output block variable %%%u: the unwritten gl_ClipDistance stays "
               "(the constant %d taken for a use of the block)",
               len, var, len);
         CHECK(t_spirv_val(gs, "trim-gs-literal") != 0, "trimmed geometry module invalid");
      } else if (var && var <= 124) {
         len = (int)var; /* 8 x (len + 4) within GL's 1024 */
      } else {
         CHECK(false,
               "the output block's variable is %%%u, no int[] length 8 x (n + 4) <= 1024 "
               "can meet it",
               var);
         tries = 4;
      }
      glsl_program_destroy(p);
   }
   CHECK(met, "no int[] length met the output block's variable id (the case tests nothing)");

   /* written clip distances stay */
   p = link3(vs, gs_clip, fs);
   if (p) {
      const struct glsl_spirv *g = &p->spirv[GLSL_STAGE_GEOMETRY];
      CHECK(member_builtin(g, BI_CLIP_DISTANCE),
            "a geometry shader that writes gl_ClipDistance lost it");
      CHECK(t_spirv_val(g, "trim-gs-clip") != 0, "geometry module invalid");
      glsl_program_destroy(p);
   }

   /* a vertex shader that is the last stage */
   p = link3(vs, NULL, fs);
   if (p) {
      const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX];
      CHECK(!member_builtin(v, BI_CLIP_DISTANCE),
            "the last vertex stage still declares the gl_ClipDistance it never writes");
      CHECK(t_spirv_val(v, "trim-vs") != 0, "trimmed vertex module invalid");
      glsl_program_destroy(p);
   }
   return t_finish("unit.glsl.pervertex_trim");
}
