/* unit.glsl.tess_objects — GLSL 4.00 4.3.8.2: a tessellation control shader object without
 * `layout(vertices = N) out;` indexes gl_out by gl_InvocationID and compiles; linked with an
 * object that declares the size, the program's control stage has that many output vertices;
 * two objects of different sizes, and objects of which none declares one, fail the link
 * (glsl.c: give_tcs_vertices). In a compatibility program, a vertex shader's gl_ClipVertex
 * before a tessellation stage is an output (no decline), which a control shader reads through
 * gl_in[] and writes through gl_out[], and an evaluation shader reads and writes as the last
 * vertex stage, whose main() is wrapped by one that clips (glsl_compat.c, glsl_lower.c). */
#include "decline.h"
#include "glsl_test_util.h"

enum {
   OP_EXECUTION_MODE = 16,
   MODE_OUTPUT_VERTICES = 26,
};

static const char *const vs = "#version 150\n"
                              "in vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";

static const char *const tcs_sized = "#version 150\n"
                                     "#extension GL_ARB_tessellation_shader : require\n"
                                     "layout(vertices = 3) out;\n"
                                     "void copy_vertex();\n"
                                     "void main() {\n"
                                     "  copy_vertex();\n"
                                     "  gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 1.0);\n"
                                     "  gl_TessLevelInner = float[2](1.0, 1.0);\n"
                                     "}\n";

static const char *const tcs_sized_4 = "#version 150\n"
                                       "#extension GL_ARB_tessellation_shader : require\n"
                                       "layout(vertices = 4) out;\n"
                                       "void other() {}\n";

static const char *const tcs_unsized_main = "#version 150\n"
                                            "#extension GL_ARB_tessellation_shader : require\n"
                                            "void copy_vertex();\n"
                                            "void main() { copy_vertex(); }\n";

static const char *const tcs_copy =
   "#version 150\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "void copy_vertex() {\n"
   "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
   "}\n";

static const char *const tes = "#version 150\n"
                               "#extension GL_ARB_tessellation_shader : require\n"
                               "layout(triangles) in;\n"
                               "void main() { gl_Position = gl_in[0].gl_Position; }\n";

static const char *const fs = "#version 150\n"
                              "out vec4 o;\n"
                              "void main() { o = vec4(1.0); }\n";

/* The OutputVertices execution mode's argument, 0 when the module has none. */
static uint32_t
output_vertices(const struct glsl_spirv *s)
{
   for (size_t p = 5; p < s->num_words;) {
      const uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == OP_EXECUTION_MODE && wc >= 4 && s->words[p + 2] == MODE_OUTPUT_VERTICES)
         return s->words[p + 3];
      p += wc;
   }
   return 0;
}

static struct glsl_program *
link_objects(const char *const *tcs, unsigned n, char **log)
{
   struct glsl_link_input in = {0};
   in.source[GLSL_STAGE_VERTEX] = vs;
   in.objects[GLSL_STAGE_TESS_CTRL] = tcs;
   in.num_objects[GLSL_STAGE_TESS_CTRL] = n;
   in.source[GLSL_STAGE_TESS_EVAL] = tes;
   in.source[GLSL_STAGE_FRAGMENT] = fs;
   return glsl_link(&in, log);
}

int
main(void)
{
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_TESS_CTRL, GLSL_API_CORE, tcs_copy, &log),
         "an object indexing gl_out without the patch size did not compile: %s", log);
   free(log);
   log = NULL;

   const char *const pair[2] = {tcs_copy, tcs_sized};
   struct glsl_program *p = link_objects(pair, 2, &log);
   CHECK(p, "the patch size in another object did not link: %s", log);
   free(log);
   log = NULL;
   if (p) {
      const uint32_t v = output_vertices(&p->spirv[GLSL_STAGE_TESS_CTRL]);
      CHECK(v == 3, "OutputVertices %u, want 3", v);
      CHECK(t_spirv_val(&p->spirv[GLSL_STAGE_TESS_CTRL], "tess-objects") != 0, "invalid TCS");
      glsl_program_destroy(p);
   }

   const char *const mismatch[3] = {tcs_copy, tcs_sized, tcs_sized_4};
   p = link_objects(mismatch, 3, &log);
   CHECK(!p, "objects of 3 and 4 output vertices linked");
   free(log);
   log = NULL;
   glsl_program_destroy(p);

   const char *const none[2] = {tcs_copy, tcs_unsized_main};
   p = link_objects(none, 2, &log);
   CHECK(!p, "control objects of which none declares the patch size linked");
   free(log);
   log = NULL;
   glsl_program_destroy(p);

   /* compatibility: the vertex shader's clip vertex, a tessellation stage after it */
   static const char *const vs_clip = "#version 150 compatibility\n"
                                      "in vec4 pos;\n"
                                      "void main() { gl_Position = pos; gl_ClipVertex = pos; }\n";
   const uint64_t before = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   struct glsl_link_input in = {0};
   in.compat = true;
   in.source[GLSL_STAGE_VERTEX] = vs_clip;
   in.objects[GLSL_STAGE_TESS_CTRL] = pair;
   in.num_objects[GLSL_STAGE_TESS_CTRL] = 2;
   in.source[GLSL_STAGE_TESS_EVAL] = tes;
   in.source[GLSL_STAGE_FRAGMENT] = fs;
   p = glsl_link(&in, &log);
   CHECK(p, "a compatibility program with gl_ClipVertex and tessellation did not link: %s", log);
   CHECK(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) == before,
         "gl_ClipVertex before a tessellation stage: %llu declines, want 0",
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) - before));
   CHECK(p && t_spv_id_named(&p->spirv[GLSL_STAGE_VERTEX], "_mgl_id_gl_ClipVertex"),
         "the vertex stage does not output its clip vertex");
   free(log);
   log = NULL;
   glsl_program_destroy(p);

   /* ... which the control shader passes on through gl_out[] and the evaluation shader reads
    * through gl_in[] and writes as the last vertex stage */
   static const char *const tcs_clip =
      "#version 150 compatibility\n"
      "#extension GL_ARB_tessellation_shader : require\n"
      "layout(vertices = 3) out;\n"
      "void main() {\n"
      "   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
      "   gl_out[gl_InvocationID].gl_ClipVertex = gl_in[gl_InvocationID].gl_ClipVertex;\n"
      "   gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0; gl_TessLevelOuter[2] = 1.0;\n"
      "   gl_TessLevelInner[0] = 1.0;\n"
      "}\n";
   static const char *const tes_clip = "#version 150 compatibility\n"
                                       "#extension GL_ARB_tessellation_shader : require\n"
                                       "layout(triangles) in;\n"
                                       "void main() {\n"
                                       "   gl_Position = gl_in[0].gl_Position;\n"
                                       "   gl_ClipVertex = gl_in[1].gl_ClipVertex;\n"
                                       "   gl_FrontColor = vec4(1.0);\n"
                                       "}\n";
   struct glsl_link_input in2 = {0};
   in2.compat = true;
   in2.source[GLSL_STAGE_VERTEX] = vs_clip;
   in2.source[GLSL_STAGE_TESS_CTRL] = tcs_clip;
   in2.source[GLSL_STAGE_TESS_EVAL] = tes_clip;
   in2.source[GLSL_STAGE_FRAGMENT] = fs;
   p = glsl_link(&in2, &log);
   CHECK(p, "gl_ClipVertex through the tessellation stages did not link: %s", log);
   if (p) {
      const struct glsl_spirv *c = &p->spirv[GLSL_STAGE_TESS_CTRL];
      const struct glsl_spirv *e = &p->spirv[GLSL_STAGE_TESS_EVAL];
      CHECK(t_spv_id_named(c, "_mgl_id_gl_ClipVertex") &&
               t_spv_id_named(c, "_mgl_in_gl_ClipVertex"),
            "the control stage's clip vertex input and output");
      CHECK(t_spv_id_named(e, "_mgl_in_gl_ClipVertex"), "the evaluation stage's clip vertex input");
      CHECK(t_spv_id_named(e, "_mgl_id_gl_FrontColor"), "the evaluation stage's gl_FrontColor");
      /* its main() wrapped by one that clips by the compatibility state's planes */
      CHECK(t_spv_id_named(e, "_mgl_main("), "the evaluation stage's main() is not wrapped");
      CHECK(t_spv_id_named(e, "_mgl_CompatState"), "the evaluation stage reads no clip planes");
   }
   free(log);
   log = NULL;
   glsl_program_destroy(p);

   /* a patch array declared with the array on its type (`patch out vec2[2] var;`) links as one
    * declared on its name (glslang's cross-stage check refuses both alike, glsl_lower.c) */
   const char *tcs_patch = "#version 150\n"
                           "#extension GL_ARB_tessellation_shader : require\n"
                           "layout(vertices = 3) out;\n"
                           "patch out vec2[2] var;\n"
                           "void main() {\n"
                           "   var = vec2[2](vec2(1.0), vec2(2.0));\n"
                           "   gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 1.0);\n"
                           "   gl_TessLevelInner = float[2](1.0, 1.0);\n"
                           "}\n";
   const char *tes_patch = "#version 150\n"
                           "#extension GL_ARB_tessellation_shader : require\n"
                           "layout(quads) in;\n"
                           "patch in vec2[2] var;\n"
                           "void main() { gl_Position = vec4(var[0], var[1]); }\n";
   struct glsl_link_input in3 = {0};
   in3.source[GLSL_STAGE_VERTEX] = vs;
   in3.source[GLSL_STAGE_TESS_CTRL] = tcs_patch;
   in3.source[GLSL_STAGE_TESS_EVAL] = tes_patch;
   in3.source[GLSL_STAGE_FRAGMENT] = fs;
   p = glsl_link(&in3, &log);
   CHECK(p, "patch vec2[2] var did not link: %s", log);
   free(log);
   log = NULL;
   glsl_program_destroy(p);

   /* and an array of arrays (ARB_arrays_of_arrays): `patch out vec4 color[3][2];` */
   const char *tcs_aoa = "#version 150\n"
                         "#extension GL_ARB_tessellation_shader : require\n"
                         "#extension GL_ARB_arrays_of_arrays : require\n"
                         "layout(vertices = 3) out;\n"
                         "patch out vec4 color[3][2];\n"
                         "void main() {\n"
                         "   color[2][1] = vec4(0.5);\n"
                         "   gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 1.0);\n"
                         "   gl_TessLevelInner = float[2](1.0, 1.0);\n"
                         "}\n";
   const char *tes_aoa = "#version 150\n"
                         "#extension GL_ARB_tessellation_shader : require\n"
                         "#extension GL_ARB_arrays_of_arrays : require\n"
                         "layout(triangles) in;\n"
                         "patch in vec4 color[3][2];\n"
                         "void main() { gl_Position = color[2][1] + color[0][0]; }\n";
   struct glsl_link_input in4 = {0};
   in4.source[GLSL_STAGE_VERTEX] = vs;
   in4.source[GLSL_STAGE_TESS_CTRL] = tcs_aoa;
   in4.source[GLSL_STAGE_TESS_EVAL] = tes_aoa;
   in4.source[GLSL_STAGE_FRAGMENT] = fs;
   p = glsl_link(&in4, &log);
   CHECK(p, "patch vec4 color[3][2] did not link: %s", log);
   free(log);
   log = NULL;
   glsl_program_destroy(p);

   /* and one whose layout qualifier holds a comma (`layout(location = 0, component = 1)`),
    * two of them sharing a location (ARB_enhanced_layouts) */
   const char *tcs_comp = "#version 150\n"
                          "#extension GL_ARB_tessellation_shader : require\n"
                          "#extension GL_ARB_enhanced_layouts : require\n"
                          "#extension GL_ARB_separate_shader_objects : require\n"
                          "layout(vertices = 3) out;\n"
                          "layout(location = 0, component = 1) patch out vec3 a[2];\n"
                          "layout(location = 0) patch out float b[2];\n"
                          "void main() {\n"
                          "   a[1] = vec3(0.5);\n"
                          "   b[1] = 0.25;\n"
                          "   gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 1.0);\n"
                          "   gl_TessLevelInner = float[2](1.0, 1.0);\n"
                          "}\n";
   const char *tes_comp = "#version 150\n"
                          "#extension GL_ARB_tessellation_shader : require\n"
                          "#extension GL_ARB_enhanced_layouts : require\n"
                          "#extension GL_ARB_separate_shader_objects : require\n"
                          "layout(triangles) in;\n"
                          "layout(location = 0, component = 1) patch in vec3 a[2];\n"
                          "layout(location = 0) patch in float b[2];\n"
                          "void main() { gl_Position = vec4(b[1], a[1]); }\n";
   struct glsl_link_input in5 = {0};
   in5.source[GLSL_STAGE_VERTEX] = vs;
   in5.source[GLSL_STAGE_TESS_CTRL] = tcs_comp;
   in5.source[GLSL_STAGE_TESS_EVAL] = tes_comp;
   in5.source[GLSL_STAGE_FRAGMENT] = fs;
   p = glsl_link(&in5, &log);
   CHECK(p, "patch arrays with layout(location = 0, component = 1) did not link: %s", log);
   free(log);
   log = NULL;
   glsl_program_destroy(p);

   /* per-vertex arrays of arrays with a component (`layout(location = 0, component = 3) out
    * float b[][6];`): Vulkan takes Component on one array level only, so they travel in
    * blocks (spv_io_blocks.c) and the modules validate */
   const char *vs_aoa_comp = "#version 150\n"
                             "#extension GL_ARB_enhanced_layouts : require\n"
                             "#extension GL_ARB_separate_shader_objects : require\n"
                             "in vec4 pos;\n"
                             "layout(location = 0) out vec3 a[6];\n"
                             "layout(location = 0, component = 3) out float b[6];\n"
                             "void main() {\n"
                             "   gl_Position = pos;\n"
                             "   for (int i = 0; i < 6; i++) { a[i] = vec3(i); b[i] = 6.0 + i; }\n"
                             "}\n";
   const char *tcs_aoa_comp = "#version 150\n"
                              "#extension GL_ARB_tessellation_shader : require\n"
                              "#extension GL_ARB_arrays_of_arrays : require\n"
                              "#extension GL_ARB_enhanced_layouts : require\n"
                              "#extension GL_ARB_separate_shader_objects : require\n"
                              "layout(vertices = 3) out;\n"
                              "layout(location = 0) in vec3 a[][6];\n"
                              "layout(location = 0, component = 3) in float b[][6];\n"
                              "layout(location = 0) out vec3 a_tcs[][6];\n"
                              "layout(location = 0, component = 3) out float b_tcs[][6];\n"
                              "void main() {\n"
                              "   a_tcs[gl_InvocationID] = a[gl_InvocationID];\n"
                              "   b_tcs[gl_InvocationID] = b[gl_InvocationID];\n"
                              "   b_tcs[gl_InvocationID][2] = b[gl_InvocationID][1];\n"
                              "   gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 1.0);\n"
                              "   gl_TessLevelInner = float[2](1.0, 1.0);\n"
                              "}\n";
   const char *tes_aoa_comp = "#version 150\n"
                              "#extension GL_ARB_tessellation_shader : require\n"
                              "#extension GL_ARB_arrays_of_arrays : require\n"
                              "#extension GL_ARB_enhanced_layouts : require\n"
                              "#extension GL_ARB_separate_shader_objects : require\n"
                              "layout(triangles) in;\n"
                              "layout(location = 0) in vec3 a_tcs[][6];\n"
                              "layout(location = 0, component = 3) in float b_tcs[][6];\n"
                              "void main() { gl_Position = vec4(a_tcs[1][5], b_tcs[2][3]); }\n";
   struct glsl_link_input in6 = {0};
   in6.source[GLSL_STAGE_VERTEX] = vs_aoa_comp;
   in6.source[GLSL_STAGE_TESS_CTRL] = tcs_aoa_comp;
   in6.source[GLSL_STAGE_TESS_EVAL] = tes_aoa_comp;
   in6.source[GLSL_STAGE_FRAGMENT] = fs;
   p = glsl_link(&in6, &log);
   CHECK(p, "per-vertex float b[][6] with component = 3 did not link: %s", log);
   free(log);
   glsl_program_destroy(p);
   return t_finish("unit.glsl.tess_objects");
}
