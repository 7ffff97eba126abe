/* unit.glsl.varying_limit: the linker's per-stage interface limit is
 * glsl_link_input.max_varying_components (the device's), at least GLSL_MIN_VARYING_COMPONENTS:
 * a program at the limit links, one location past it fails with a link error, and
 * gl_MaxVaryingComponents in the shader is the same number. */
#include "glsl_test_util.h"

/* A vertex + fragment pair passing `locs` vec4 varyings; the fragment shader writes
 * gl_MaxVaryingComponents so the constant can be read back from the SPIR-V. */
static void
make_pair(unsigned locs, char *vs, char *fs, size_t cap)
{
   snprintf(vs, cap,
            "#version 150\n"
            "in vec4 pos;\n"
            "out vec4 v[%u];\n"
            "void main() {\n"
            "   for (int i = 0; i < %u; i++) v[i] = pos * float(i);\n"
            "   gl_Position = pos;\n"
            "}\n",
            locs, locs);
   snprintf(fs, cap,
            "#version 150\n"
            "in vec4 v[%u];\n"
            "out vec4 c;\n"
            "void main() {\n"
            "   vec4 s = vec4(0.0);\n"
            "   for (int i = 0; i < %u; i++) s += v[i];\n"
            "   c = s * float(gl_MaxVaryingComponents + int(s.x));\n"
            "}\n",
            locs, locs);
}

static bool
links(uint32_t limit, unsigned locs, char **log)
{
   char vs[1024], fs[1024];
   make_pair(locs, vs, fs, sizeof(vs));
   struct glsl_link_input in = {.source = {vs, fs}, .max_varying_components = limit};
   struct glsl_program *p = glsl_link(&in, log);
   bool ok = p != NULL;
   glsl_program_destroy(p);
   return ok;
}

/* Whether the fragment stage's SPIR-V holds a 32-bit integer constant `value`
 * (gl_MaxVaryingComponents folds to one). */
static bool
has_int_constant(uint32_t limit, uint32_t value)
{
   char vs[1024], fs[1024], *log = NULL;
   make_pair(4, vs, fs, sizeof(vs));
   struct glsl_link_input in = {.source = {vs, fs}, .max_varying_components = limit};
   struct glsl_program *p = glsl_link(&in, &log);
   free(log);
   bool found = false;
   if (p) {
      const struct glsl_spirv *sp = &p->spirv[GLSL_STAGE_FRAGMENT];
      for (size_t i = 5; i + 3 < sp->num_words && !found; i++)
         if ((sp->words[i] & 0xffff) == 43 /* OpConstant */ && (sp->words[i] >> 16) == 4)
            found = sp->words[i + 3] == value;
   }
   glsl_program_destroy(p);
   return found;
}

/* The element count and component count of output variable `name`'s array type in a stage
 * (OpVariable -> OpTypePointer -> OpTypeArray -> element, length constant); 0s when absent. */
static void
array_shape(const struct glsl_spirv *sp, const char *name, uint32_t *len, uint32_t *comps)
{
   uint32_t var = t_spv_id_named(sp, name), ptr = 0, arr = 0, elem = 0, lenid = 0;
   *len = *comps = 0;
   for (int pass = 0; pass < 4; pass++) {
      for (size_t p = 5; p < sp->num_words;) {
         uint32_t wc = sp->words[p] >> 16, op = sp->words[p] & 0xffff;
         if (!wc)
            break;
         if (pass == 0 && op == 59 && sp->words[p + 2] == var)
            ptr = sp->words[p + 1];
         if (pass == 1 && op == 32 && sp->words[p + 1] == ptr)
            arr = sp->words[p + 3];
         if (pass == 2 && op == 28 && sp->words[p + 1] == arr) {
            elem = sp->words[p + 2];
            lenid = sp->words[p + 3];
         }
         if (pass == 3 && op == 43 && sp->words[p + 2] == lenid)
            *len = sp->words[p + 3];
         if (pass == 3 && op == 23 && sp->words[p + 1] == elem)
            *comps = sp->words[p + 3];
         if (pass == 3 && (op == 22 || op == 21) && sp->words[p + 1] == elem)
            *comps = 1;
         p += wc;
      }
   }
}

/* GL counts varyings in components: 128 floats fit a 128-component limit (32 Vulkan
 * locations) as a plain array and as an interface-block member, read back with dynamic and
 * constant indices (piglit glsl-1.50 geometry/max-input-components). */
static void
test_packing(void)
{
   static const char *vs = "#version 150\n"
                           "in vec4 pos;\n"
                           "out float f[128];\n"
                           "void main() {\n"
                           "   for (int i = 0; i < f.length(); i++) f[i] = pos.x + float(i);\n"
                           "   gl_Position = pos;\n"
                           "}\n";
   static const char *fs = "#version 150\n"
                           "in float f[128];\n"
                           "uniform int k;\n"
                           "out vec4 c;\n"
                           "void main() { c = vec4(f[k], f[5], f[127], 1.0); }\n";
   struct glsl_link_input in = {.source = {vs, fs}, .max_varying_components = 128};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "128 floats at a 128-component limit: %s", log);
   if (p) {
      uint32_t len, comps;
      array_shape(&p->spirv[GLSL_STAGE_VERTEX], "f", &len, &comps);
      CHECK(len == 32 && comps == 4, "vertex f: %u elements of %u components", len, comps);
      array_shape(&p->spirv[GLSL_STAGE_FRAGMENT], "f", &len, &comps);
      CHECK(len == 32 && comps == 4, "fragment f: %u elements of %u components", len, comps);
      CHECK(t_spirv_val(&p->spirv[0], "pack-vs") && t_spirv_val(&p->spirv[1], "pack-fs"),
            "packed SPIR-V invalid");
   }
   glsl_program_destroy(p);
   free(log);

   /* the same in an interface block between vertex and geometry stages */
   static const char *vsb = "#version 150\n"
                            "out blk { float f[128]; vec4 other; } outs;\n"
                            "void main() {\n"
                            "   for (int i = 0; i < 128; i++) outs.f[i] = float(i);\n"
                            "   outs.other = vec4(1.0);\n"
                            "   gl_Position = vec4(0.0);\n"
                            "}\n";
   static const char *gsb = "#version 150\n"
                            "layout(triangles) in;\n"
                            "layout(points, max_vertices = 1) out;\n"
                            "in blk { float f[128]; vec4 other; } ins[];\n"
                            "out vec4 color;\n"
                            "void main() {\n"
                            "   float s = 0.0;\n"
                            "   for (int i = 0; i < 3; i++) for (int j = 0; j < 128; j++)\n"
                            "      s += ins[i].f[j];\n"
                            "   color = vec4(s) + ins[2].other + vec4(ins[1].f[3]);\n"
                            "   gl_Position = vec4(0.0);\n"
                            "   EmitVertex();\n"
                            "}\n";
   static const char *fsb = "#version 150\nin vec4 color;\nout vec4 c;\n"
                            "void main() { c = color; }\n";
   struct glsl_link_input inb = {.source = {vsb, fsb, gsb}, .max_varying_components = 132};
   p = glsl_link(&inb, &log);
   CHECK(p, "a block of 128 floats and a vec4 at a 132-component limit: %s", log);
   if (p) {
      CHECK(t_spirv_val(&p->spirv[GLSL_STAGE_VERTEX], "pack-block-vs") &&
               t_spirv_val(&p->spirv[GLSL_STAGE_GEOMETRY], "pack-block-gs"),
            "packed block SPIR-V invalid");
   }
   glsl_program_destroy(p);
   free(log);

   /* within the limit nothing is packed */
   static const char *vs8 = "#version 150\nin vec4 pos;\nout float g[8];\n"
                            "void main() { for (int i = 0; i < 8; i++) g[i] = pos.x;\n"
                            "   gl_Position = pos; }\n";
   static const char *fs8 = "#version 150\nin float g[8];\nout vec4 c;\n"
                            "void main() { c = vec4(g[7]); }\n";
   struct glsl_link_input in8 = {.source = {vs8, fs8}, .max_varying_components = 128};
   p = glsl_link(&in8, &log);
   CHECK(p, "8 floats: %s", log);
   if (p) {
      uint32_t len, comps;
      array_shape(&p->spirv[GLSL_STAGE_VERTEX], "g", &len, &comps);
      CHECK(len == 8 && comps == 1, "g: %u elements of %u components", len, comps);
   }
   glsl_program_destroy(p);
   free(log);

   /* the per-vertex array level of tessellation inputs and control outputs is not a scalar
    * array: a vertex shader's `out int id` meets the control shader's `in int id[]` after the
    * geometry shader's 124 ints pack (piglit arb_tessellation_shader-tes-gs-max-output) */
   static const char *vst = "#version 150\nout int id;\n"
                            "void main() { id = gl_VertexID; gl_Position = vec4(0.0); }\n";
   static const char *tcst = "#version 150\n"
                             "#extension GL_ARB_tessellation_shader : require\n"
                             "layout(vertices = 1) out;\n"
                             "in int id[];\n"
                             "out int t[];\n"
                             "void main() {\n"
                             "   t[gl_InvocationID] = id[gl_InvocationID];\n"
                             "   gl_TessLevelOuter[0] = 1.0;\n"
                             "   gl_TessLevelOuter[1] = 1.0;\n"
                             "}\n";
   static const char *test = "#version 150\n"
                             "#extension GL_ARB_tessellation_shader : require\n"
                             "layout(isolines) in;\n"
                             "in int t[];\n"
                             "out int g;\n"
                             "void main() { g = t[0]; gl_Position = vec4(gl_TessCoord, 1.0); }\n";
   static const char *gst = "#version 150\n"
                            "layout(lines) in;\n"
                            "layout(points, max_vertices = 1) out;\n"
                            "in int g[];\n"
                            "flat out int data[124];\n"
                            "void main() {\n"
                            "   for (int j = 0; j < 124; j++) data[j] = g[0] + j;\n"
                            "   gl_Position = vec4(0.0);\n"
                            "   EmitVertex();\n"
                            "}\n";
   static const char *fst = "#version 150\nflat in int data[124];\nuniform int k;\n"
                            "out vec4 c;\nvoid main() { c = vec4(data[k]); }\n";
   struct glsl_link_input int_ = {.max_varying_components = 128};
   int_.source[GLSL_STAGE_VERTEX] = vst;
   int_.source[GLSL_STAGE_TESS_CTRL] = tcst;
   int_.source[GLSL_STAGE_TESS_EVAL] = test;
   int_.source[GLSL_STAGE_GEOMETRY] = gst;
   int_.source[GLSL_STAGE_FRAGMENT] = fst;
   p = glsl_link(&int_, &log);
   CHECK(p, "tessellation per-vertex ints beside a packed geometry output: %s", log);
   if (p) {
      uint32_t len, comps;
      array_shape(&p->spirv[GLSL_STAGE_GEOMETRY], "data", &len, &comps);
      CHECK(len == 31 && comps == 4, "geometry data: %u elements of %u components", len, comps);
      array_shape(&p->spirv[GLSL_STAGE_TESS_CTRL], "id", &len, &comps);
      CHECK(comps == 1, "control id: %u elements of %u components", len, comps);
      CHECK(t_spirv_val(&p->spirv[GLSL_STAGE_TESS_CTRL], "pack-tcs") &&
               t_spirv_val(&p->spirv[GLSL_STAGE_TESS_EVAL], "pack-tes"),
            "tessellation SPIR-V invalid");
   }
   glsl_program_destroy(p);
   free(log);

   /* a whole-array use cannot be packed: the link reports the locations it needs */
   static const char *fsw = "#version 150\n"
                            "in float f[128];\n"
                            "out vec4 c;\n"
                            "float sum(float a[128]) { return a[0] + a[127]; }\n"
                            "void main() { c = vec4(sum(f)); }\n";
   struct glsl_link_input inw = {.source = {vs, fsw}, .max_varying_components = 128};
   p = glsl_link(&inw, &log);
   CHECK(!p && log && strstr(log, "Too many"), "whole-array use: %s", log ? log : "");
   glsl_program_destroy(p);
   free(log);
}

/* A double counts two components in GL but takes a whole Vulkan location: 64 flat doubles fit
 * a 128-component limit as 32 dvec2s (piglit varying-packing-simple double array), read back
 * with dynamic and constant indices. */
static void
test_packing_doubles(void)
{
   static const char *vs = "#version 150\n"
                           "#extension GL_ARB_gpu_shader_fp64 : require\n"
                           "in vec4 pos;\n"
                           "flat out double d[64];\n"
                           "void main() {\n"
                           "   for (int i = 0; i < d.length(); i++) d[i] = double(pos.x) + i;\n"
                           "   gl_Position = pos;\n"
                           "}\n";
   static const char *fs =
      "#version 150\n"
      "#extension GL_ARB_gpu_shader_fp64 : require\n"
      "flat in double d[64];\n"
      "uniform int k;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(float(d[k]), float(d[5]), float(d[63]), 1.0); }\n";
   struct glsl_link_input in = {.source = {vs, fs}, .max_varying_components = 128};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "64 doubles at a 128-component limit: %s", log);
   if (p) {
      uint32_t len, comps;
      array_shape(&p->spirv[GLSL_STAGE_VERTEX], "d", &len, &comps);
      CHECK(len == 32 && comps == 2, "vertex d: %u elements of %u components", len, comps);
      array_shape(&p->spirv[GLSL_STAGE_FRAGMENT], "d", &len, &comps);
      CHECK(len == 32 && comps == 2, "fragment d: %u elements of %u components", len, comps);
      CHECK(t_spirv_val(&p->spirv[0], "pack-dvs") && t_spirv_val(&p->spirv[1], "pack-dfs"),
            "packed SPIR-V invalid");
   }
   glsl_program_destroy(p);
   free(log);
}

/* Decoration `deco`'s value on variable `name` in a stage; -1 when it has none. */
static int64_t
deco_of(const struct glsl_spirv *sp, const char *name, uint32_t deco)
{
   const uint32_t id = t_spv_id_named(sp, name);
   for (size_t p = 5; id && p < sp->num_words;) {
      const uint32_t wc = sp->words[p] >> 16, op = sp->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 71 /* OpDecorate */ && wc >= 4 && sp->words[p + 1] == id &&
          sp->words[p + 2] == deco)
         return sp->words[p + 3];
      p += wc;
   }
   return -1;
}

/* Separate small varyings share locations when one each would not fit: 30 locations of vec4s,
 * four floats and two doubles (GL: 120 + 4 + 4 components, 128 in all) take 32, each float and
 * double at its own components, the same in both stages (piglit varying-packing-simple dmat3x4
 * array, whose remainder is four separate doubles). */
static void
test_sharing(void)
{
   static const char *vs = "#version 150\n"
                           "#extension GL_ARB_gpu_shader_fp64 : require\n"
                           "in vec4 pos;\n"
                           "out vec4 v[30];\n"
                           "out float f0, f1, f2, f3;\n"
                           "flat out double d0, d1;\n"
                           "void main() {\n"
                           "   for (int i = 0; i < v.length(); i++) v[i] = pos + float(i);\n"
                           "   f0 = 0.0; f1 = 1.0; f2 = 2.0; f3 = 3.0;\n"
                           "   d0 = 4.0; d1 = 5.0;\n"
                           "   gl_Position = pos;\n"
                           "}\n";
   static const char *fs = "#version 150\n"
                           "#extension GL_ARB_gpu_shader_fp64 : require\n"
                           "in vec4 v[30];\n"
                           "in float f0, f1, f2, f3;\n"
                           "flat in double d0, d1;\n"
                           "out vec4 c;\n"
                           "void main() {\n"
                           "   c = v[29] + vec4(f0, f1, f2, f3) + vec4(float(d0 + d1));\n"
                           "}\n";
   struct glsl_link_input in = {.source = {vs, fs}, .max_varying_components = 128};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "30 vec4s, 4 floats and 2 doubles at a 128-component limit: %s", log);
   if (p) {
      static const char *const names[] = {"f0", "f1", "f2", "f3", "d0", "d1"};
      static const int64_t comp[] = {0, 1, 2, 3, 0, 2};
      for (int s = 0; s < 2; s++)
         for (unsigned k = 0; k < 6; k++) {
            const int64_t l = deco_of(&p->spirv[s], names[k], 30 /* Location */);
            const int64_t c = deco_of(&p->spirv[s], names[k], 31 /* Component */);
            CHECK(l == 30 + (k >= 4) && c == comp[k], "stage %d %s: location %lld component %lld",
                  s, names[k], (long long)l, (long long)c);
         }
      CHECK(t_spirv_val(&p->spirv[0], "share-vs") && t_spirv_val(&p->spirv[1], "share-fs"),
            "shared-location SPIR-V invalid");
   }
   glsl_program_destroy(p);
   free(log);

   /* below the limit nothing shares: each at component 0 of its own location */
   struct glsl_link_input roomy = {.source = {vs, fs}, .max_varying_components = 256};
   log = NULL;
   p = glsl_link(&roomy, &log);
   CHECK(p, "the same at 256 components: %s", log);
   if (p)
      CHECK(deco_of(&p->spirv[0], "f1", 31) <= 0 && deco_of(&p->spirv[0], "f1", 30) == 31,
            "f1 at 256 components: location %lld component %lld",
            (long long)deco_of(&p->spirv[0], "f1", 30), (long long)deco_of(&p->spirv[0], "f1", 31));
   glsl_program_destroy(p);
   free(log);
}

/* GLSL 4.20 4.4.5 and 4.4.6: a uniform block's, storage block's or sampler's layout(binding)
 * at or past the context's binding points is a compile-time error; below them it compiles, and
 * a limit of 0 checks nothing. */
static void
test_binding_limits(void)
{
   const struct glsl_compile_limits lim = {
      .uniform_buffer_bindings = 36, .storage_buffer_bindings = 8, .texture_units = 80};
   static const struct {
      const char *decl;
      bool ok;
   } cases[] = {
      {"layout(std140, binding = 35) uniform B { vec4 v; };\n", true},
      {"layout(std140, binding = 36) uniform B { vec4 v; };\n", false},
      {"layout(std140, binding = 36) uniform B { vec4 v; } b;\n", false},
      {"layout(std430, binding = 7) buffer S { vec4 v; };\n", true},
      {"layout(std430, binding = 8) buffer S { vec4 v; };\n", false},
      {"layout(binding = 79) uniform sampler2D s;\n", true},
      {"layout(binding = 80) uniform sampler2D s;\n", false},
      {"layout(binding = 80) uniform isampler2DArray s;\n", false},
   };
   for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      char src[512];
      snprintf(src, sizeof src, "#version 430\n%sout vec4 c;\nvoid main() { c = vec4(1.0); }\n",
               cases[i].decl);
      char *log = NULL;
      const bool ok = glsl_compile_shader_limits(GLSL_STAGE_FRAGMENT, false, &lim, src, &log);
      CHECK(ok == cases[i].ok, "%s: compiled %d, want %d (%s)", cases[i].decl, ok, cases[i].ok,
            log ? log : "");
      free(log);
      log = NULL;
      /* without limits, nothing is checked */
      CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, src, &log), "%s without limits: %s",
            cases[i].decl, log ? log : "");
      free(log);
   }
}

/* Each stage interface's own limit (glsl_link_input / glsl_compile_limits .stage_io): a
 * shader's gl_Max*Components are the device's (lavapipe's 64 geometry input components, the
 * vertex outputs net of mgl's gl_PointSize), within the varying limit, never below GL's
 * minimum (the geometry outputs' 127 reads 128). Each check is an array sized 1 when the
 * constant has the value, 0 (a compile error) when not. */
static void
test_stage_limits(void)
{
   static const uint32_t lvp[GLSL_IO_COUNT] = {127, 128, 128, 128, 127, 64, 127, 128};
   static const struct {
      const char *name;
      int value;
   } want[] = {
      {"gl_MaxVertexOutputComponents", 127},     {"gl_MaxGeometryInputComponents", 64},
      {"gl_MaxGeometryOutputComponents", 128},   {"gl_MaxFragmentInputComponents", 128},
      {"gl_MaxTessControlInputComponents", 128}, {"gl_MaxTessEvaluationOutputComponents", 128},
   };
   const struct glsl_compile_limits limits = {.max_varying_components = 128, .stage_io = lvp};
   for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
      char fs[512], *log = NULL;
      snprintf(fs, sizeof(fs),
               "#version 400\n"
               "uniform float f[%s == %d ? 1 : 0];\n"
               "out vec4 c;\n"
               "void main() { c = vec4(f[0]); }\n",
               want[k].name, want[k].value);
      CHECK(glsl_compile_shader_limits(GLSL_STAGE_FRAGMENT, false, &limits, fs, &log),
            "%s is %d with lavapipe's stage limits: %s", want[k].name, want[k].value,
            log ? log : "");
      free(log);
   }
   /* the link sees the same */
   static const char *vs = "#version 150\n"
                           "in vec4 pos;\n"
                           "void main() { gl_Position = pos; }\n";
   static const char *fs = "#version 150\n"
                           "uniform float f[gl_MaxGeometryInputComponents == 64 ? 1 : 0];\n"
                           "out vec4 c;\n"
                           "void main() { c = vec4(f[0]); }\n";
   struct glsl_link_input in = {.source = {vs, fs}, .max_varying_components = 128, .stage_io = lvp};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "linked with gl_MaxGeometryInputComponents 64: %s", log ? log : "");
   glsl_program_destroy(p);
   free(log);
}

int
main(void)
{
   char *log = NULL;
   CHECK(glsl_init(), "glsl_init");

   /* lavapipe's limit: 128 components = 32 locations */
   CHECK(links(128, 32, &log), "32 locations at a 128-component limit: %s", log);
   free(log);
   log = NULL;
   CHECK(!links(128, 33, &log), "33 locations linked at a 128-component limit");
   CHECK(log && strstr(log, "Too many") && strstr(log, "at most 32"), "log: %s", log ? log : "");
   free(log);
   log = NULL;

   /* unset (or below GL's floor): 64 components = 16 locations */
   CHECK(links(0, 16, &log), "16 locations by default: %s", log);
   free(log);
   log = NULL;
   CHECK(!links(0, 17, &log), "17 locations linked by default");
   CHECK(log && strstr(log, "at most 16"), "log: %s", log ? log : "");
   free(log);
   log = NULL;
   CHECK(!links(32, 17, &log), "17 locations linked with a limit below GL's floor");
   free(log);
   log = NULL;

   CHECK(has_int_constant(128, 128), "gl_MaxVaryingComponents is not 128");
   CHECK(has_int_constant(0, 64), "gl_MaxVaryingComponents is not 64 by default");

   /* A shader object sees its context's limit at compile time too: an array sized by
    * gl_MaxFragmentInputComponents - 127 compiles at 128 (GLSL 1.50's minimum) and is refused
    * at the 64 of a context that does not say its limit. */
   const char *fs = "#version 150\n"
                    "uniform float f[gl_MaxFragmentInputComponents - 127];\n"
                    "out vec4 c;\n"
                    "void main() { c = vec4(f[0]); }\n";
   const struct glsl_compile_limits at128 = {.max_varying_components = 128};
   CHECK(glsl_compile_shader_limits(GLSL_STAGE_FRAGMENT, false, &at128, fs, &log),
         "compile at a 128-component limit: %s", log ? log : "");
   free(log);
   log = NULL;
   CHECK(!glsl_compile_shader_limits(GLSL_STAGE_FRAGMENT, false, NULL, fs, &log),
         "compiled with gl_MaxFragmentInputComponents 64");
   free(log);
   test_binding_limits();
   test_stage_limits();
   test_packing();
   test_packing_doubles();
   test_sharing();
   return t_finish("varying_limit");
}
