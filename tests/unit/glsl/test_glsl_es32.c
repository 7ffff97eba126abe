/* unit.glsl.es32 — GLSL ES 3.20 (`#version 320 es`) for OpenGL ES 3.2 contexts: shaders of
 * every stage compile and link to valid SPIR-V with what ESSL 3.20 has in core and 3.10 takes
 * from the ES 3.2 extensions (geometry and tessellation stages, io blocks, gpu_shader5's precise,
 * fma, textureGatherOffsets and dynamically uniform sampler-array indices, buffer and cube-array
 * samplers, imageBuffer, sample variables and interpolateAt*, gl_BoundingBox, 2D multisample
 * array samplers, blend_support qualifiers), all without #extension. In an ES 3.1 context
 * (GLSL_DENY_ESSL320) 3.20 is an unsupported version, named as Mesa names it; and where a deny
 * bit withholds one of those features, 3.20 does not bring it back. */
#include "glsl_test_util.h"

static const char vs[] = "#version 320 es\n"
                         "in vec4 p;\nout V { vec4 c; } v;\n"
                         "void main() { gl_Position = p; v.c = p; }\n";
static const char tcs[] =
   "#version 320 es\n"
   "layout(vertices = 3) out;\n"
   "in V { vec4 c; } v[];\nout V { vec4 c; } o[];\npatch out vec4 pc;\n"
   "void main() {\n"
   "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
   "  o[gl_InvocationID].c = v[gl_InvocationID].c;\n"
   "  pc = vec4(float(gl_PrimitiveID));\n"
   "  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0; gl_TessLevelOuter[2] = 1.0;\n"
   "  gl_TessLevelInner[0] = 1.0;\n"
   "  gl_BoundingBox[0] = vec4(-1.0); gl_BoundingBox[1] = vec4(1.0);\n"
   "}\n";
static const char tes[] = "#version 320 es\n"
                          "layout(triangles, equal_spacing, ccw) in;\n"
                          "in V { vec4 c; } v[];\npatch in vec4 pc;\nout V { vec4 c; } o;\n"
                          "void main() {\n"
                          "  precise vec4 q = fma(vec4(gl_TessCoord.x), gl_in[0].gl_Position,\n"
                          "                       gl_TessCoord.y * gl_in[1].gl_Position) +\n"
                          "                   gl_TessCoord.z * gl_in[2].gl_Position;\n"
                          "  gl_Position = q; o.c = v[0].c + pc;\n"
                          "}\n";
static const char gs[] = "#version 320 es\n"
                         "layout(triangles, invocations = 2) in;\n"
                         "layout(triangle_strip, max_vertices = 3) out;\n"
                         "in V { vec4 c; } v[];\nout vec4 c;\n"
                         "void main() {\n"
                         "  for (int i = 0; i < 3; i++) {\n"
                         "    gl_Position = gl_in[i].gl_Position;\n"
                         "    c = v[i].c + float(gl_InvocationID + gl_PrimitiveIDIn);\n"
                         "    gl_Layer = 0; EmitVertex();\n"
                         "  }\n"
                         "  EndPrimitive();\n"
                         "}\n";
static const char fs[] =
   "#version 320 es\n"
   "precision highp float;\n"
   "layout(blend_support_multiply, blend_support_screen) out;\n"
   "uniform highp samplerBuffer b;\n"
   "uniform highp samplerCubeArray a;\n"
   "uniform highp sampler2DMSArray m;\n"
   "uniform highp sampler2D s[2];\n"
   "uniform int k;\n"
   "in vec4 c;\n"
   "layout(location = 0) out vec4 o;\n"
   "void main() {\n"
   "  precise float f = fma(c.x, c.y, c.z);\n"
   "  const ivec2 offs[4] = ivec2[4](ivec2(0), ivec2(1, 0), ivec2(0, 1), ivec2(1));\n"
   "  vec4 g = textureGatherOffsets(s[k], c.xy, offs);\n"
   "  o = texelFetch(b, gl_SampleID) + texture(a, vec4(f)) + texelFetch(m, ivec3(0), 0) +\n"
   "      interpolateAtSample(c, 0) + interpolateAtOffset(c, vec2(0.0)) + g +\n"
   "      vec4(float(gl_PrimitiveID), gl_SamplePosition, float(gl_SampleMaskIn[0]));\n"
   "}\n";
static const char cs[] = "#version 320 es\n"
                         "layout(local_size_x = 4) in;\n"
                         "layout(r32f, binding = 0) uniform highp readonly imageBuffer ib;\n"
                         "layout(std430, binding = 1) buffer Out { highp float v[]; };\n"
                         "void main() {\n"
                         "  v[gl_GlobalInvocationID.x] = imageLoad(ib, "
                         "int(gl_GlobalInvocationID.x)).x;\n"
                         "}\n";

static bool
compile(enum glsl_stage stage, uint32_t deny, const char *src, char **log)
{
   *log = NULL;
   return glsl_compile_shader_opts(stage, GLSL_API_ES, 0, deny, src, log);
}

int
main(void)
{
   static const struct {
      enum glsl_stage stage;
      const char *src, *tag;
   } stages[] = {
      {GLSL_STAGE_VERTEX, vs, "vs"},      {GLSL_STAGE_TESS_CTRL, tcs, "tcs"},
      {GLSL_STAGE_TESS_EVAL, tes, "tes"}, {GLSL_STAGE_GEOMETRY, gs, "gs"},
      {GLSL_STAGE_FRAGMENT, fs, "fs"},    {GLSL_STAGE_COMPUTE, cs, "cs"},
   };
   char *log;
   /* an ES 3.2 context: every stage compiles without #extension */
   for (unsigned k = 0; k < sizeof(stages) / sizeof(stages[0]); k++) {
      CHECK(compile(stages[k].stage, 0, stages[k].src, &log), "320 es %s: %s", stages[k].tag, log);
      free(log);
   }
   /* ... and links, each stage's SPIR-V valid */
   struct glsl_link_input in = {.es = true};
   in.source[GLSL_STAGE_VERTEX] = vs;
   in.source[GLSL_STAGE_TESS_CTRL] = tcs;
   in.source[GLSL_STAGE_TESS_EVAL] = tes;
   in.source[GLSL_STAGE_GEOMETRY] = gs;
   in.source[GLSL_STAGE_FRAGMENT] = fs;
   log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "320 es pipeline link: %s", log);
   free(log);
   for (unsigned k = 0; p && k < 5; k++)
      CHECK(t_spirv_val(&p->spirv[stages[k].stage], stages[k].tag) != 0, "320 es %s SPIR-V",
            stages[k].tag);
   /* layout(blend_support_multiply, blend_support_screen): the program's advanced equations */
   CHECK(p && p->blend_support == 3u, "320 es blend_support: %#x", p ? p->blend_support : 0u);
   glsl_program_destroy(p);
   struct glsl_link_input cin = {.es = true};
   cin.source[GLSL_STAGE_COMPUTE] = cs;
   log = NULL;
   p = glsl_link(&cin, &log);
   CHECK(p, "320 es compute link: %s", log);
   free(log);
   CHECK(!p || t_spirv_val(&p->spirv[GLSL_STAGE_COMPUTE], "cs") != 0, "320 es cs SPIR-V");
   glsl_program_destroy(p);

   /* GLSL ES 3.20 1.1: a 3.20 program is all 3.20 */
   struct glsl_link_input mixed = {.es = true};
   mixed.source[GLSL_STAGE_VERTEX] = "#version 310 es\nin vec4 p;\nout vec4 c;\n"
                                     "void main() { gl_Position = p; c = p; }\n";
   mixed.source[GLSL_STAGE_FRAGMENT] = "#version 320 es\nprecision highp float;\nin vec4 c;\n"
                                       "out vec4 o;\nvoid main() { o = c; }\n";
   log = NULL;
   p = glsl_link(&mixed, &log);
   CHECK(!p && log && *log, "310 es with 320 es linked: %s", log);
   glsl_program_destroy(p);
   free(log);

   /* an ES 3.1 context: 3.20 is not a version it takes (Mesa's words), 3.10 still is */
   for (unsigned k = 0; k < sizeof(stages) / sizeof(stages[0]); k++) {
      CHECK(!compile(stages[k].stage, GLSL_DENY_ESSL320, stages[k].src, &log) && log &&
               strstr(log, "0:1(10): error: GLSL 3.20 ES is not supported. Supported versions "
                           "are: 1.00 ES, 3.00 ES, and 3.10 ES"),
            "320 es %s in ES 3.1: %s", stages[k].tag, log);
      free(log);
   }
   /* an ES 3.0 context names neither */
   CHECK(!compile(GLSL_STAGE_VERTEX, GLSL_DENY_ESSL310, vs, &log) && log &&
            strstr(log, "Supported versions are: 1.00 ES, and 3.00 ES\n"),
         "320 es in ES 3.0: %s", log);
   free(log);
   /* an ES 3.2 one lists 3.20 among its versions */
   CHECK(!compile(GLSL_STAGE_VERTEX, 0, "#version 330 es\nvoid main() {}\n", &log) && log &&
            strstr(log, "GLSL 3.30 ES is not supported. Supported versions are: 1.00 ES, 3.00 "
                        "ES, 3.10 ES, and 3.20 ES"),
         "330 es in ES 3.2: %s", log);
   free(log);
   /* "320" without "es" is a desktop version */
   CHECK(!compile(GLSL_STAGE_VERTEX, 0, "#version 320\nvoid main() {}\n", &log) && log &&
            strstr(log, "GLSL 3.20 is not supported"),
         "320 without es: %s", log);
   free(log);

   /* the ES 3.2 extensions' names stay valid in 3.20 (their macros defined, `require` taken) */
   CHECK(compile(GLSL_STAGE_GEOMETRY, 0,
                 "#version 320 es\n#extension GL_EXT_geometry_shader : require\n"
                 "#if !defined GL_EXT_geometry_shader || !defined GL_OES_texture_buffer\n"
                 "#error x\n#endif\n"
                 "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
                 "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n",
                 &log),
         "320 es with GL_EXT_geometry_shader: %s", log);
   free(log);

   /* a device without a feature: 3.20 does not bring it back (an ES 3.2 context has them all,
    * fe_es32_lacks; the deny bits still hold) */
   static const struct {
      enum glsl_stage stage;
      uint32_t deny;
      const char *src, *says;
   } withheld[] = {
      {GLSL_STAGE_GEOMETRY, GLSL_DENY_ES_GEOMETRY, gs, "geometry shaders"},
      {GLSL_STAGE_TESS_CTRL, GLSL_DENY_ES_TESSELLATION, tcs, "tessellation shaders"},
      {GLSL_STAGE_TESS_EVAL, GLSL_DENY_ES_TESSELLATION, tes, "tessellation shaders"},
      {GLSL_STAGE_FRAGMENT, GLSL_DENY_ES_TEXTURE_BUFFER, fs, "'samplerBuffer'"},
      {GLSL_STAGE_COMPUTE, GLSL_DENY_ES_TEXTURE_BUFFER, cs, "'imageBuffer'"},
      {GLSL_STAGE_FRAGMENT, GLSL_DENY_ES_CUBE_ARRAY, fs, "'samplerCubeArray'"},
      {GLSL_STAGE_FRAGMENT, GLSL_DENY_ES_MS_2D_ARRAY, fs, "'sampler2DMSArray'"},
      {GLSL_STAGE_FRAGMENT, GLSL_DENY_ES_SAMPLE_VARIABLES, fs, "'gl_SampleID'"},
      {GLSL_STAGE_FRAGMENT, GLSL_DENY_GPU_SHADER5, fs, "'precise'"},
      {GLSL_STAGE_TESS_EVAL, GLSL_DENY_GPU_SHADER5, tes, "'precise'"},
      {GLSL_STAGE_FRAGMENT, GLSL_DENY_BLEND_ADVANCED, fs, "'blend_support_multiply'"},
   };
   for (unsigned k = 0; k < sizeof(withheld) / sizeof(withheld[0]); k++) {
      CHECK(!compile(withheld[k].stage, withheld[k].deny, withheld[k].src, &log) && log &&
               strstr(log, withheld[k].says),
            "320 es withheld case %u (%s): %s", k, withheld[k].says, log);
      free(log);
   }
   /* desktop GL_ARB_ES3_2_compatibility: a `320 es` source is an ES one there, compiled as in an
    * ES 3.2 context where offered; the extension's macro and directive follow GLSL_DENY_ESSL320 */
   CHECK(glsl_source_is_es(vs, true) && !glsl_source_is_es(vs, false), "320 es is ES");
   static const char ext_fs[] = "#version 450\n"
                                "#extension GL_ARB_ES3_2_compatibility : require\n"
                                "#ifndef GL_ARB_ES3_2_compatibility\n#error not defined\n#endif\n"
                                "out vec4 o;\nvoid main() { o = vec4(1.0); }\n";
   log = NULL;
   CHECK(glsl_compile_shader_opts(GLSL_STAGE_FRAGMENT, GLSL_API_CORE, 0, 0, ext_fs, &log),
         "desktop GL_ARB_ES3_2_compatibility: %s", log);
   free(log);
   log = NULL;
   CHECK(!glsl_compile_shader_opts(GLSL_STAGE_FRAGMENT, GLSL_API_CORE, 0, GLSL_DENY_ESSL320, ext_fs,
                                   &log) &&
            log && strstr(log, "extension not supported: GL_ARB_ES3_2_compatibility"),
         "desktop GL_ARB_ES3_2_compatibility withheld: %s", log);
   free(log);
   log = NULL;
   CHECK(glsl_compile_shader_opts(GLSL_STAGE_FRAGMENT, GLSL_API_CORE, 0, GLSL_DENY_ESSL320,
                                  "#version 450\n#ifdef GL_ARB_ES3_2_compatibility\n#error x\n"
                                  "#endif\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n",
                                  &log),
         "desktop GL_ARB_ES3_2_compatibility macro withheld: %s", log);
   free(log);
   return t_finish("unit.glsl.es32");
}
