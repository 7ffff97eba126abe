/* unit.glsl.es — GLSL ES for OpenGL ES contexts (glsl_compile_shader's es): 1.00 (also without a
 * #version) and "300 es" compile and link to valid SPIR-V with the app's names and locations;
 * precision qualifiers are taken; desktop versions and "300" without "es" are refused naming the
 * ES versions; the shaders of an ES program must share one version. */
#include "glsl_test_util.h"

#include "decline.h"

static const char *vs100 = "#version 100\n"
                           "attribute vec4 pos;\nattribute mediump vec2 uv;\n"
                           "varying mediump vec2 v_uv;\n"
                           "void main() { gl_Position = pos; v_uv = uv; }\n";
static const char *fs100 = "#version 100\n"
                           "#ifdef GL_ES\nprecision mediump float;\n#endif\n"
                           "uniform sampler2D tex;\nuniform lowp vec4 tint;\n"
                           "varying mediump vec2 v_uv;\n"
                           "void main() { gl_FragColor = texture2D(tex, v_uv) * tint; }\n";
static const char *vs300 = "#version 300 es\n"
                           "layout(location = 1) in vec4 pos;\nout highp vec4 col;\n"
                           "void main() { gl_Position = pos; col = pos; }\n";
static const char *fs300 = "#version 300 es\n"
                           "precision mediump float;\n"
                           "in highp vec4 col;\nlayout(location = 0) out vec4 o;\n"
                           "uniform Block { vec4 k; };\n"
                           "void main() { o = col * k; }\n";

/* OpDecorate / OpMemberDecorate ... RelaxedPrecision: a driver may then compute in less than
 * 32 bits. glGetShaderPrecisionFormat (fe_program.c) answers highp's range and precision for
 * lowp and mediump too, which holds only while the SPIR-V never says so: ES units compile as
 * desktop GLSL, where glslang ignores precision qualifiers. */
static int
relaxed_decorations(const struct glsl_spirv *s)
{
   int n = 0;
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      n += (op == 71 /* OpDecorate */ && wc >= 3 && s->words[p + 2] == 0) ||
           (op == 72 /* OpMemberDecorate */ && wc >= 4 && s->words[p + 3] == 0);
      p += wc;
   }
   return n;
}

static struct glsl_program *
link_es(const char *vs, const char *fs, char **log)
{
   struct glsl_link_input in = {.source = {vs, fs}, .es = true};
   return glsl_link(&in, log);
}

static void
compiles(enum glsl_stage stage, const char *src, const char *what)
{
   char *log = NULL;
   CHECK(glsl_compile_shader(stage, true, src, &log), "%s: %s", what, log);
   free(log);
}

/* refused in an ES 3.0 context (GLSL ES 3.10 denied) */
static void
refused(const char *src, const char *says)
{
   char *log = NULL;
   CHECK(!glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_ES, 0, GLSL_DENY_ESSL310, src, &log),
         "[%s] compiled", src);
   CHECK(log && strstr(log, says) && strstr(log, "Supported versions are: 1.00 ES, and 3.00 ES"),
         "[%s] log: %s", src, log);
   free(log);
}

int
main(void)
{
   compiles(GLSL_STAGE_VERTEX, vs100, "1.00 vertex");
   compiles(GLSL_STAGE_FRAGMENT, fs100, "1.00 fragment");
   compiles(GLSL_STAGE_VERTEX, vs100 + strlen("#version 100\n"), "1.00 without #version");
   compiles(GLSL_STAGE_VERTEX, vs300, "3.00 vertex");
   compiles(GLSL_STAGE_FRAGMENT, fs300, "3.00 fragment");

   char *log = NULL;
   struct glsl_program *p = link_es(vs100, fs100, &log);
   CHECK(p, "1.00 link: %s", log);
   if (p) {
      CHECK(t_spirv_val(&p->spirv[0], "es100-vs") != 0, "1.00 vertex SPIR-V");
      CHECK(t_spirv_val(&p->spirv[1], "es100-fs") != 0, "1.00 fragment SPIR-V");
      CHECK(!relaxed_decorations(&p->spirv[0]) && !relaxed_decorations(&p->spirv[1]),
            "1.00: RelaxedPrecision in the SPIR-V");
      const struct glsl_io *pos = glsl_program_find_input(p, "pos");
      const struct glsl_io *uv = glsl_program_find_input(p, "uv");
      CHECK(pos && pos->active && uv && uv->active, "1.00 attributes pos and uv");
      CHECK(glsl_program_find_output(p, "gl_FragColor"), "1.00 output gl_FragColor");
      CHECK(glsl_program_find_uniform(p, "tint"), "1.00 uniform tint");
      CHECK(glsl_program_find_sampler(p, "tex"), "1.00 sampler tex");
   }
   glsl_program_destroy(p);
   free(log);

   log = NULL;
   p = link_es(vs300, fs300, &log);
   CHECK(p, "3.00 link: %s", log);
   if (p) {
      CHECK(t_spirv_val(&p->spirv[0], "es300-vs") != 0, "3.00 vertex SPIR-V");
      CHECK(t_spirv_val(&p->spirv[1], "es300-fs") != 0, "3.00 fragment SPIR-V");
      CHECK(!relaxed_decorations(&p->spirv[0]) && !relaxed_decorations(&p->spirv[1]),
            "3.00: RelaxedPrecision in the SPIR-V");
      const struct glsl_io *pos = glsl_program_find_input(p, "pos");
      const struct glsl_io *o = glsl_program_find_output(p, "o");
      CHECK(pos && pos->location == 1, "3.00 input pos at location 1");
      CHECK(o && o->location == 0, "3.00 output o at location 0");
      CHECK(glsl_program_find_block(p, "Block"), "3.00 uniform block");
   }
   glsl_program_destroy(p);
   free(log);

   /* ES 2.0 §2.10.3 / GLSL ES 3.00 §1.5: one version per program. */
   log = NULL;
   p = link_es(vs100, fs300, &log);
   CHECK(!p && log && strstr(log, "must have the same version"), "mixed versions: %s", log);
   glsl_program_destroy(p);
   free(log);

   /* without #version an ES unit is ESSL 1.00: GL_ES is defined (1), __VERSION__ is 100 */
   log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, true,
                             "#if !defined(GL_ES) || GL_ES != 1 || __VERSION__ != 100\n#error no\n"
                             "#endif\nprecision mediump float;\n"
                             "void main() { gl_FragColor = vec4(1.0); }\n",
                             &log),
         "version-less ES: %s", log);
   free(log);
   log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, false,
                             "#ifdef GL_ES\n#error GL_ES on desktop\n#endif\n"
                             "void main() { gl_Position = vec4(0.0); }\n",
                             &log),
         "version-less desktop: %s", log);
   free(log);

   /* ESSL 4.5.3: no default float precision in fragment shaders */
   static const struct {
      const char *src;
      bool ok;
   } prec[] = {
      {"#version 100\nvarying vec4 v;\nvoid main() { gl_FragColor = v; }\n", false},
      {"#version 100\nvarying mediump vec4 v;\nuniform float k;\n"
       "void main() { gl_FragColor = v * k; }\n",
       false},
      {"#version 100\nvarying mediump vec4 v;\nstruct S { lowp float a; float b; };\n"
       "void main() { gl_FragColor = v; }\n",
       false},
      {"#version 100\nvoid main() { mediump float x = 1.0; float y = x; "
       "gl_FragColor = vec4(y); }\n",
       false},
      {"#version 300 es\nin highp vec4 v;\nout vec4 o;\nvoid main() { o = v; }\n", false},
      /* a default in scope, qualified declarations, constructors */
      {"#version 100\nprecision mediump float;\nvarying vec4 v;\n"
       "void main() { float x = 2.0; gl_FragColor = v * vec4(x); }\n",
       true},
      {"#version 100\nvarying lowp vec4 v;\nuniform highp mat3 m;\n"
       "mediump float f(mediump float a) { return a; }\n"
       "void main() { gl_FragColor = vec4(m * vec3(v), f(1.0)); }\n",
       true},
      {"#version 100\nvarying lowp vec4 v;\n"
       "void main() { precision highp float; float x = 2.0; gl_FragColor = v * x; }\n",
       true},
      {"#version 300 es\nin highp vec4 v;\nout highp vec4 o;\n"
       "void main() { highp float a[2] = float[2](1.0, 2.0); o = v * a[1]; }\n",
       true},
      {"#version 100\n#ifdef GL_ES\nprecision mediump float;\n#endif\n"
       "void main() { gl_FragColor = vec4(1.0); }\n",
       true},
   };
   for (unsigned k = 0; k < sizeof(prec) / sizeof(prec[0]); k++) {
      log = NULL;
      bool ok = glsl_compile_shader(GLSL_STAGE_FRAGMENT, true, prec[k].src, &log);
      CHECK(ok == prec[k].ok, "precision case %u: %s (%s)", k, ok ? "compiled" : "refused", log);
      CHECK(ok || strstr(log, "no default precision"), "precision case %u log: %s", k, log);
      free(log);
   }
   /* a default scoped to one function ends with it */
   log = NULL;
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, true,
                              "#version 100\nvoid f() { precision highp float; float x; }\n"
                              "float g;\nvoid main() { gl_FragColor = vec4(1.0); }\n",
                              &log),
         "scoped default leaked: %s", log);
   free(log);
   /* vertex shaders have a default (highp) */
   log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, true,
                             "#version 100\nattribute vec4 p;\nvoid main() { float s = 1.0; "
                             "gl_Position = p * s; }\n",
                             &log),
         "vertex default precision: %s", log);
   free(log);

   /* ESSL 3.00's gl_Min/MaxProgramTexelOffset are constants with GL's -8 and 7 (desktop GLSL
    * has them only from 4.20 on): the array below has size 1 only with those values */
   log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, true,
                             "#version 300 es\nprecision mediump float;\n"
                             "uniform float f[gl_MaxProgramTexelOffset - gl_MinProgramTexelOffset"
                             " - 14];\nout vec4 c;\nvoid main() { c = vec4(f[0]); }\n",
                             &log),
         "texel offset constants: %s", log);
   free(log);

   /* the ES limits in vectors (ESSL 1.00 7.4, ESSL 3.00 7.3; desktop GLSL has them only from
    * 4.10 on): at least the ES minimums, the uniform ones GL_MAX_*_UNIFORM_VECTORS' 1024 */
   static const struct {
      enum glsl_stage stage;
      const char *src;
   } vec_limits[] = {
      {GLSL_STAGE_VERTEX,
       "#version 300 es\n"
       "uniform float f[gl_MaxVertexUniformVectors == 1024 && gl_MaxFragmentUniformVectors == "
       "1024 && gl_MaxVertexOutputVectors >= 16 && gl_MaxFragmentInputVectors >= 15 ? 1 : -1];\n"
       "void main() { gl_Position = vec4(f[0]); }\n"},
      {GLSL_STAGE_FRAGMENT,
       "#version 300 es\nprecision mediump float;\nout vec4 c;\n"
       "void main() { c = vec4(gl_MaxFragmentInputVectors, gl_MaxVertexOutputVectors,\n"
       "  gl_MaxVertexUniformVectors, gl_MaxFragmentUniformVectors); }\n"},
      {GLSL_STAGE_VERTEX,
       "#version 100\n"
       "uniform float f[gl_MaxVertexUniformVectors == 1024 && gl_MaxFragmentUniformVectors == "
       "1024 && gl_MaxVaryingVectors >= 8 ? 1 : -1];\n"
       "void main() { gl_Position = vec4(f[0]); }\n"},
   };
   for (unsigned k = 0; k < sizeof(vec_limits) / sizeof(vec_limits[0]); k++) {
      log = NULL;
      CHECK(glsl_compile_shader(vec_limits[k].stage, true, vec_limits[k].src, &log),
            "vector limits case %u: %s", k, log);
      free(log);
   }
   /* not desktop GLSL 3.30's */
   log = NULL;
   CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, false,
                              "#version 330\nvoid main() { gl_Position = "
                              "vec4(gl_MaxVertexOutputVectors); }\n",
                              &log),
         "desktop 3.30 has no gl_MaxVertexOutputVectors");
   free(log);

   /* invariance of fragment inputs: ESSL 1.00 refuses it for gl_FrontFacing, ESSL 3.00 for
    * every input (outputs stay fine); desktop GLSL 1.50 takes it */
   static const struct {
      bool es;
      const char *src;
      bool ok;
   } inv[] = {
      {true, "#version 100\ninvariant gl_FrontFacing;\nvoid main() { gl_FragColor = vec4(0); }\n",
       false},
      {true,
       "#version 100\nprecision mediump float;\ninvariant varying vec4 v;\n"
       "void main() { gl_FragColor = v; }\n",
       true},
      {true,
       "#version 300 es\nprecision mediump float;\ninvariant in vec4 v;\nout vec4 o;\n"
       "void main() { o = v; }\n",
       false},
      {true,
       "#version 300 es\nprecision mediump float;\ninvariant centroid in vec4 v;\n"
       "out vec4 o;\nvoid main() { o = v; }\n",
       false},
      {true,
       "#version 300 es\nprecision mediump float;\nin vec4 v;\ninvariant out vec4 o;\n"
       "void main() { o = v; }\n",
       true},
      {false, "#version 150\ninvariant in vec4 v;\nout vec4 o;\nvoid main() { o = v; }\n", true},
   };
   for (unsigned k = 0; k < sizeof(inv) / sizeof(inv[0]); k++) {
      log = NULL;
      bool ok = glsl_compile_shader(GLSL_STAGE_FRAGMENT, inv[k].es, inv[k].src, &log);
      CHECK(ok == inv[k].ok, "invariant case %u: %s (%s)", k, ok ? "compiled" : "refused", log);
      CHECK(ok || strstr(log, "cannot be invariant"), "invariant case %u log: %s", k, log);
      free(log);
   }

   refused("#version 330\nvoid main() {}\n", "GLSL 3.30");
   refused("#version 300\nvoid main() {}\n", "GLSL 3.00");
   refused("#version 310 es\nvoid main() {}\n", "GLSL 3.10 ES");
   refused("#version 110\nvoid main() {}\n", "GLSL 1.10");
   /* GLSL ES 3.00 3.4: comments and blank lines may come before #version (glslang wants it
    * first); an error after it still names its own line */
   log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, true,
                             "// a comment\n/* and\n another */\n\n#version 300 es\n"
                             "in vec4 p;\nvoid main() { gl_Position = p; }\n",
                             &log),
         "3.00 after comments: %s", log);
   free(log);
   log = NULL;
   CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, true,
                              "// a comment\n\n#version 300 es\nin vec4 p;\n"
                              "void main() { gl_Position = q; }\n",
                              &log) &&
            log && strstr(log, "0:5:") && strstr(log, "'q'"),
         "3.00 after comments, error line: %s", log);
   free(log);
   /* an ES 3.1 context: GLSL ES 3.10 compute with a storage block and layout(binding) compiles
    * and links, and 3.20 is still refused, naming 3.10 among the versions */
   static const char cs310[] = "#version 310 es\n"
                               "layout(local_size_x = 4) in;\n"
                               "layout(std430, binding = 1) buffer Out { highp uint v[]; };\n"
                               "void main() { v[gl_GlobalInvocationID.x] = 7u * "
                               "gl_GlobalInvocationID.x; }\n";
   log = NULL;
   CHECK(glsl_compile_shader_opts(GLSL_STAGE_COMPUTE, GLSL_API_ES, 0, 0, cs310, &log),
         "3.10 compute: %s", log);
   free(log);
   log = NULL;
   struct glsl_link_input cin = {.es = true};
   cin.source[GLSL_STAGE_COMPUTE] = cs310;
   struct glsl_program *cp = glsl_link(&cin, &log);
   CHECK(cp, "3.10 compute link: %s", log);
   if (cp)
      CHECK(t_spirv_val(&cp->spirv[GLSL_STAGE_COMPUTE], "es310-cs") != 0, "3.10 compute SPIR-V");
   glsl_program_destroy(cp);
   free(log);
   /* GLSL ES 3.10 rules desktop 4.30 lacks or differs in: gl_HelperInvocation; a precision
    * among qualifiers in any order; only a storage block's last member unsized */
   static const struct {
      enum glsl_stage stage;
      const char *src;
      bool ok;
   } es310[] = {
      {GLSL_STAGE_FRAGMENT,
       "#version 310 es\nout highp vec4 c;\n"
       "void main() { if (gl_HelperInvocation) discard; c = vec4(0.0); }\n",
       true},
      {GLSL_STAGE_FRAGMENT, "#version 310 es\nlowp out vec4 c;\nvoid main() { c = vec4(1.0); }\n",
       true},
      {GLSL_STAGE_FRAGMENT, "#version 310 es\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n",
       false},
      {GLSL_STAGE_COMPUTE,
       "#version 310 es\nlayout(local_size_x = 1) in;\n"
       "buffer B { int c[]; vec4 d; };\nvoid main() {}\n",
       false},
      {GLSL_STAGE_COMPUTE,
       "#version 310 es\nlayout(local_size_x = 1) in;\n"
       "buffer B { vec4 d; int c[]; };\nvoid main() { c[0] = 1; }\n",
       true},
   };
   for (unsigned k = 0; k < sizeof(es310) / sizeof(es310[0]); k++) {
      log = NULL;
      const bool ok =
         glsl_compile_shader_opts(es310[k].stage, GLSL_API_ES, 0, 0, es310[k].src, &log);
      CHECK(ok == es310[k].ok, "3.10 case %u: %s (%s)", k, ok ? "compiled" : "refused", log);
      free(log);
   }
   /* the ES 3.2 extensions an ES 3.1 context offers where the device has what they need
    * (fe_glsl_deny): glslang's, macros defined, their built-ins there */
   static const struct {
      enum glsl_stage stage;
      const char *src;
   } es32_exts[] = {
      {GLSL_STAGE_GEOMETRY,
       "#version 310 es\n#extension GL_EXT_geometry_shader : require\n"
       "#extension GL_EXT_shader_io_blocks : require\n"
       "#if !defined GL_EXT_geometry_shader || !defined GL_EXT_shader_io_blocks\n#error x\n"
       "#endif\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
       "in V { vec4 c; } v[];\nout vec4 c;\n"
       "void main() {\n  for (int i = 0; i < 3; i++) {\n"
       "    gl_Position = gl_in[i].gl_Position; c = v[i].c; gl_Layer = 0; EmitVertex();\n"
       "  }\n  EndPrimitive();\n}\n"},
      {GLSL_STAGE_TESS_CTRL,
       "#version 310 es\n#extension GL_EXT_tessellation_shader : require\n"
       "#extension GL_EXT_primitive_bounding_box : require\n"
       "layout(vertices = 3) out;\nvoid main() {\n"
       "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
       "  gl_TessLevelOuter[0] = 1.0; gl_TessLevelInner[0] = 1.0;\n"
       "  gl_BoundingBoxEXT[0] = vec4(-1.0); gl_BoundingBoxEXT[1] = vec4(1.0);\n}\n"},
      {GLSL_STAGE_FRAGMENT,
       "#version 310 es\n#extension GL_EXT_gpu_shader5 : require\n"
       "#extension GL_EXT_texture_buffer : require\n"
       "#extension GL_EXT_texture_cube_map_array : require\n"
       "#extension GL_OES_sample_variables : require\n"
       "#extension GL_OES_shader_multisample_interpolation : require\n"
       "precision highp float;\nuniform highp samplerBuffer b;\n"
       "uniform highp samplerCubeArray a;\nsample in vec4 v;\nout vec4 o;\n"
       "void main() {\n  precise float f = fma(v.x, v.y, v.z);\n"
       "  o = texelFetch(b, gl_SampleID) + texture(a, vec4(f)) + interpolateAtSample(v, 0);\n"
       "}\n"},
   };
   for (unsigned k = 0; k < sizeof(es32_exts) / sizeof(es32_exts[0]); k++) {
      log = NULL;
      CHECK(glsl_compile_shader_opts(es32_exts[k].stage, GLSL_API_ES, 0, 0, es32_exts[k].src, &log),
            "3.10 with the ES 3.2 extensions, case %u: %s", k, log);
      free(log);
   }
   /* each withheld by its deny bit */
   static const struct {
      const char *name;
      uint32_t deny;
   } withheld[] = {
      {"GL_EXT_geometry_shader", GLSL_DENY_ES_GEOMETRY},
      {"GL_OES_tessellation_shader", GLSL_DENY_ES_TESSELLATION},
      {"GL_EXT_gpu_shader5", GLSL_DENY_GPU_SHADER5},
      {"GL_OES_texture_buffer", GLSL_DENY_ES_TEXTURE_BUFFER},
      {"GL_EXT_texture_cube_map_array", GLSL_DENY_ES_CUBE_ARRAY},
      {"GL_OES_sample_variables", GLSL_DENY_ES_SAMPLE_VARIABLES},
      {"GL_OES_shader_multisample_interpolation", GLSL_DENY_GPU_SHADER5},
   };
   for (unsigned k = 0; k < sizeof(withheld) / sizeof(withheld[0]); k++) {
      char src[256];
      snprintf(src, sizeof(src), "#version 310 es\n#extension %s : require\nvoid main() {}\n",
               withheld[k].name);
      log = NULL;
      CHECK(!glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_ES, 0, withheld[k].deny, src,
                                      &log) &&
               log && strstr(log, "extension not supported"),
            "3.10 %s withheld: %s", withheld[k].name, log);
      free(log);
   }
   /* an ES extension glslang knows and mgl does not offer: its macro is not defined and
    * `require` fails; GL_OES_shader_image_atomic is one unless the context offers it */
   log = NULL;
   CHECK(glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_ES, 0,
                                  GLSL_DENY_ES_IMAGE_ATOMIC | GLSL_DENY_ES_GEOMETRY,
                                  "#version 310 es\n#ifdef GL_OES_geometry_shader\n#error x\n"
                                  "#endif\n#ifdef GL_OES_shader_image_atomic\n#error y\n"
                                  "#endif\nvoid main() {}\n",
                                  &log),
         "3.10 withheld macros: %s", log);
   free(log);
   log = NULL;
   CHECK(!glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_ES, 0, GLSL_DENY_ES_GEOMETRY,
                                   "#version 310 es\n#extension GL_OES_geometry_shader : require\n"
                                   "void main() {}\n",
                                   &log) &&
            log && strstr(log, "extension not supported: GL_OES_geometry_shader"),
         "3.10 withheld require: %s", log);
   free(log);
   log = NULL;
   CHECK(glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_ES, 0, 0,
                                  "#version 310 es\n#extension GL_OES_shader_image_atomic : "
                                  "require\n#ifndef GL_OES_shader_image_atomic\n#error z\n"
                                  "#endif\nvoid main() {}\n",
                                  &log),
         "3.10 image atomics offered: %s", log);
   free(log);
   log = NULL;
   /* GL_OES/EXT_geometry_point_size and _tessellation_point_size: gl_PointSize written by a
    * geometry or tessellation evaluation stage where the device sizes points by it, withheld
    * (macro undefined, `require` failing) where GLSL_DENY_ES_POINT_SIZE says it does not */
   static const struct {
      enum glsl_stage stage;
      const char *src;
   } psize[] = {
      {GLSL_STAGE_GEOMETRY,
       "#version 310 es\n#extension GL_OES_geometry_shader : require\n"
       "#extension GL_OES_geometry_point_size : require\n"
       "#extension GL_EXT_geometry_point_size : require\n"
       "layout(points) in;\nlayout(points, max_vertices = 1) out;\nvoid main() {\n"
       "  gl_Position = gl_in[0].gl_Position;\n  gl_PointSize = 4.0;\n  EmitVertex();\n}\n"},
      {GLSL_STAGE_TESS_EVAL, "#version 310 es\n#extension GL_OES_tessellation_shader : require\n"
                             "#extension GL_OES_tessellation_point_size : require\n"
                             "#extension GL_EXT_tessellation_point_size : require\n"
                             "layout(triangles, point_mode) in;\nvoid main() {\n"
                             "  gl_Position = gl_in[0].gl_Position;\n  gl_PointSize = 4.0;\n}\n"},
   };
   for (unsigned k = 0; k < sizeof(psize) / sizeof(psize[0]); k++) {
      log = NULL;
      CHECK(glsl_compile_shader_opts(psize[k].stage, GLSL_API_ES, 0, 0, psize[k].src, &log),
            "3.10 point size %u offered: %s", k, log);
      free(log);
      log = NULL;
      CHECK(!glsl_compile_shader_opts(psize[k].stage, GLSL_API_ES, 0, GLSL_DENY_ES_POINT_SIZE,
                                      psize[k].src, &log) &&
               log && strstr(log, "extension not supported: GL_") && strstr(log, "_point_size"),
            "3.10 point size %u withheld: %s", k, log);
      free(log);
   }
   static const char psize_macros[] =
      "#version 310 es\n#if defined GL_OES_geometry_point_size || defined "
      "GL_EXT_geometry_point_size || defined GL_OES_tessellation_point_size || defined "
      "GL_EXT_tessellation_point_size\nint x;\n#endif\nvoid main() { x = 1; }\n";
   for (int deny = 0; deny < 2; deny++) {
      log = NULL;
      CHECK(glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_ES, 0,
                                     deny ? GLSL_DENY_ES_POINT_SIZE : 0, psize_macros,
                                     &log) == !deny,
            "3.10 point size macros (deny %d): %s", deny, log);
      free(log);
   }
   /* GL_OES_viewport_array (glslang knows no such name): the directive taken out and its macro
    * defined, gl_ViewportIndex written, where offered; withheld under GLSL_DENY_VIEWPORT_ARRAY */
   static const char viewport_gs[] =
      "#version 310 es\n#extension GL_OES_geometry_shader : require\n"
      "#extension GL_OES_viewport_array : require\n"
      "layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
      "void main() {\n  for (int i = 0; i < 3; i++) {\n"
      "    gl_Position = gl_in[i].gl_Position;\n"
      "#ifdef GL_OES_viewport_array\n    gl_ViewportIndex = 2;\n#endif\n"
      "    EmitVertex();\n  }\n}\n";
   for (int deny = 0; deny < 2; deny++) {
      log = NULL;
      const bool ok =
         glsl_compile_shader_opts(GLSL_STAGE_GEOMETRY, GLSL_API_ES, 0,
                                  deny ? GLSL_DENY_VIEWPORT_ARRAY : 0, viewport_gs, &log);
      CHECK(deny ? !ok && log && strstr(log, "extension not supported: GL_OES_viewport_array")
                 : ok && log && !strstr(log, "GL_OES_viewport_array"),
            "3.10 viewport array (deny %d): %s", deny, log);
      free(log);
   }
   log = NULL;
   CHECK(glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_ES, 0, 0,
                                  "#version 310 es\n#ifndef GL_OES_viewport_array\n#error m\n"
                                  "#endif\nvoid main() {}\n",
                                  &log),
         "3.10 viewport array macro: %s", log);
   free(log);
   log = NULL;
   /* GL_OES_texture_storage_multisample_2d_array: sampler2DMSArray where offered, withheld
    * (macro undefined, `require` failing) where not */
   static const char ms_array_fs[] =
      "#version 310 es\n#extension GL_OES_texture_storage_multisample_2d_array : require\n"
      "#ifndef GL_OES_texture_storage_multisample_2d_array\n#error z\n#endif\n"
      "precision highp float;\nuniform highp sampler2DMSArray s;\nuniform highp "
      "usampler2DMSArray u;\nout vec4 c;\nvoid main() {\n"
      "  c = texelFetch(s, ivec3(1, 2, 3), 1) + vec4(texelFetch(u, ivec3(0), 0));\n"
      "  c.x += float(textureSize(s).z);\n}\n";
   log = NULL;
   CHECK(glsl_compile_shader_opts(GLSL_STAGE_FRAGMENT, GLSL_API_ES, 0, 0, ms_array_fs, &log),
         "3.10 multisample 2D arrays offered: %s", log);
   free(log);
   log = NULL;
   CHECK(!glsl_compile_shader_opts(GLSL_STAGE_FRAGMENT, GLSL_API_ES, 0, GLSL_DENY_ES_MS_2D_ARRAY,
                                   "#version 310 es\n#extension "
                                   "GL_OES_texture_storage_multisample_2d_array : require\n"
                                   "void main() {}\n",
                                   &log) &&
            log &&
            strstr(log, "extension not supported: GL_OES_texture_storage_multisample_2d_array"),
         "3.10 multisample 2D arrays withheld: %s", log);
   free(log);
   log = NULL;
   CHECK(glsl_compile_shader_opts(GLSL_STAGE_FRAGMENT, GLSL_API_ES, 0, GLSL_DENY_ES_MS_2D_ARRAY,
                                  "#version 310 es\n"
                                  "#ifdef GL_OES_texture_storage_multisample_2d_array\n#error y\n"
                                  "#endif\nvoid main() {}\n",
                                  &log),
         "3.10 multisample 2D array macro withheld: %s", log);
   free(log);
   log = NULL;
   CHECK(!glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_ES, 0, GLSL_DENY_ESSL320,
                                   "#version 320 es\nvoid main() {}\n", &log) &&
            log && strstr(log, "GLSL 3.20 ES is not supported") &&
            strstr(log, "1.00 ES, 3.00 ES, and 3.10 ES"),
         "320 es in ES 3.1: %s", log);
   free(log);
   /* ES 3.0 §2.15.2 captures gl_Position and gl_PointSize alone: another built-in's name is not
    * an output, a link error and no decline (no feature of ES is missing); desktop's
    * gl_CullDistance is captured (GL 4.6 §11.1.2.1), an element past its size a link error, and
    * neither a decline */
   {
      static const char *const clip[] = {"gl_ClipDistance"};
      struct glsl_link_input in = {
         .source = {vs300, fs300}, .es = true, .xfb_varyings = clip, .num_xfb_varyings = 1};
      const uint64_t d0 = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
      log = NULL;
      struct glsl_program *xp = glsl_link(&in, &log);
      CHECK(!xp && log && strstr(log, "not an output"), "ES capture of gl_ClipDistance: %s",
            log ? log : "linked");
      CHECK(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) == d0,
            "ES capture of gl_ClipDistance: %llu declines (want 0)",
            (unsigned long long)(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) - d0));
      glsl_program_destroy(xp);
      free(log);
      static const char *const cull[] = {"gl_CullDistance"};
      static const char *vs450 =
         "#version 450 core\n"
         "out float gl_CullDistance[1];\n"
         "void main() { gl_Position = vec4(0.0); gl_CullDistance[0] = 1.0; }\n";
      static const char *fs450 = "#version 450 core\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
      struct glsl_link_input din = {
         .source = {vs450, fs450}, .xfb_varyings = cull, .num_xfb_varyings = 1};
      log = NULL;
      xp = glsl_link(&din, &log);
      CHECK(xp && mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) == d0,
            "desktop capture of gl_CullDistance: %s, %llu declines (want 0)", log ? log : "linked",
            (unsigned long long)(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) - d0));
      glsl_program_destroy(xp);
      free(log);
      static const char *const past[] = {"gl_CullDistance[1]"};
      din.xfb_varyings = past;
      log = NULL;
      xp = glsl_link(&din, &log);
      CHECK(!xp && log && strstr(log, "index 1 is past gl_CullDistance[1]") &&
               mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) == d0,
            "desktop capture of gl_CullDistance[1] of gl_CullDistance[1]: %s",
            log ? log : "linked");
      glsl_program_destroy(xp);
      free(log);
   }
   /* and a desktop context still refuses ES */
   log = NULL;
   CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, false, vs300, &log) && log &&
            strstr(log, "GLSL 3.00 ES is not supported"),
         "desktop 300 es: %s", log);
   free(log);
   return t_finish("unit.glsl.es");
}
