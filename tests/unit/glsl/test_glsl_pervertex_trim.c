/* unit.glsl.pervertex_trim — the last vertex stage's output gl_PerVertex declares only the
 * members up to the last one the module reaches (spv_trim_pervertex_out, applied by the linker):
 * glslang's implicit block carries gl_PointSize and gl_ClipDistance[1] whatever the shader writes,
 * and a Vulkan device counts the whole block against its output limits (piglit
 * arb_tessellation_shader-tes-gs-max-output -small: 204 vertices of gl_Position and one int, GL's
 * 1024 total components, went over with the unwritten gl_ClipDistance). A geometry shader that
 * writes gl_ClipDistance keeps it; a vertex stage that feeds a geometry shader keeps its whole
 * block (its next stage reads gl_in[]); a vertex shader that is the last stage loses what it
 * does not write. Every module validates. */
#include "glsl_test_util.h"

enum {
   OP_TYPE_POINTER = 32,
   OP_MEMBER_DECORATE = 72,
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

static struct glsl_program *
link3(const char *v, const char *g, const char *f)
{
   char *log = NULL;
   struct glsl_link_input in = {0};
   in.source[GLSL_STAGE_VERTEX] = v;
   in.source[GLSL_STAGE_GEOMETRY] = g;
   in.source[GLSL_STAGE_FRAGMENT] = f;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log ? log : "");
   free(log);
   return p;
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
