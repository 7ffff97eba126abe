/* unit.glsl.gpu_shader5 — GL_ARB_gpu_shader5 in GLSL 1.50 / 3.30 units: offered, `#extension ...
 * : require` compiles, the macro is defined and a uniform block array takes a dynamically
 * uniform index; withheld (GLSL_DENY_GPU_SHADER5, a context without the extension), the macro is
 * undefined, `require` is an error and `enable` a warning that leaves the extension off. The bit
 * shares the deny mask with GLSL_DENY_FLOAT64: each refuses its own extension only. */
#include "glsl_test_util.h"

#include <spirv/unified1/spirv.h>

static bool
compile(enum glsl_stage stage, uint32_t deny, const char *src, char **log)
{
   *log = NULL;
   const struct glsl_compile_limits limits = {.deny = deny};
   return glsl_compile_shader_limits(stage, GLSL_API_CORE, &limits, src, log);
}

/* Whether id has an OpDecorate of the (literal-less) decoration. */
static bool
t_spv_decoration_flag(const struct glsl_spirv *s, uint32_t id, uint32_t decoration)
{
   for (size_t at = 5; at < s->num_words;) {
      const uint32_t wc = s->words[at] >> 16, op = s->words[at] & 0xffff;
      if (!wc)
         break;
      if (op == SpvOpDecorate && wc >= 3 && s->words[at + 1] == id &&
          s->words[at + 2] == decoration)
         return true;
      at += wc;
   }
   return false;
}

int
main(void)
{
   static const char *const versions[] = {"150", "330"};
   char src[768];
   char *log;
   for (unsigned v = 0; v < 2; v++) {
      /* a dynamically uniform block-array index, interpolateAtOffset and textureGatherOffsets */
      snprintf(src, sizeof(src),
               "#version %s\n#extension GL_ARB_gpu_shader5 : require\n"
               "uniform T { vec4 c; } blocks[2];\nuniform int idx;\nuniform sampler2D s;\n"
               "in vec2 uv;\nout vec4 o;\n"
               "const ivec2 offs[4] = ivec2[](ivec2(0), ivec2(1, 0), ivec2(0, 1), ivec2(1));\n"
               "void main() { o = blocks[idx].c + textureGatherOffsets(s, uv, offs) +\n"
               "  vec4(interpolateAtOffset(uv, vec2(0.25)), 0.0, 0.0); }\n",
               versions[v]);
      CHECK(compile(GLSL_STAGE_FRAGMENT, 0, src, &log), "%s offered: %s", versions[v], log);
      free(log);
      CHECK(!compile(GLSL_STAGE_FRAGMENT, GLSL_DENY_GPU_SHADER5, src, &log), "%s withheld compiled",
            versions[v]);
      CHECK(log && strstr(log, "0:2") && strstr(log, "extension not supported: GL_ARB_gpu_shader5"),
            "%s withheld log: %s", versions[v], log);
      free(log);

      /* enable: a warning, and the extension stays off (the block index is refused again) */
      snprintf(src, sizeof(src),
               "#version %s\n#extension GL_ARB_gpu_shader5 : enable\n"
               "uniform T { vec4 c; } blocks[2];\nuniform int idx;\nout vec4 o;\n"
               "void main() { o = blocks[idx].c; }\n",
               versions[v]);
      CHECK(compile(GLSL_STAGE_FRAGMENT, 0, src, &log), "%s enable offered: %s", versions[v], log);
      free(log);
      CHECK(!compile(GLSL_STAGE_FRAGMENT, GLSL_DENY_GPU_SHADER5, src, &log),
            "%s enable withheld compiled", versions[v]);
      CHECK(log && strstr(log, "WARNING: 0:2") && strstr(log, "'blocks'") &&
               strstr(log, "constant integral expression"),
            "%s enable withheld log: %s", versions[v], log);
      free(log);

      /* the macro */
      snprintf(src, sizeof(src),
               "#version %s\n#ifndef GL_ARB_gpu_shader5\n#error no macro\n#endif\n"
               "out vec4 o;\nvoid main() { o = vec4(1.0); }\n",
               versions[v]);
      CHECK(compile(GLSL_STAGE_FRAGMENT, 0, src, &log), "%s macro offered: %s", versions[v], log);
      free(log);
      CHECK(!compile(GLSL_STAGE_FRAGMENT, GLSL_DENY_GPU_SHADER5, src, &log),
            "%s macro defined while withheld", versions[v]);
      free(log);
   }
   /* one deny mask for both extensions: each bit refuses its own `require` only */
   {
      static const char both[] = "#version 150\n#extension GL_ARB_gpu_shader5 : require\n"
                                 "#extension GL_ARB_gpu_shader_fp64 : require\n"
                                 "out vec4 o;\nvoid main() { o = vec4(fma(1.0, 2.0, 3.0)); }\n";
      CHECK(compile(GLSL_STAGE_FRAGMENT, 0, both, &log), "both offered: %s", log);
      free(log);
      CHECK(!compile(GLSL_STAGE_FRAGMENT, GLSL_DENY_GPU_SHADER5, both, &log) && log &&
               strstr(log, "extension not supported: GL_ARB_gpu_shader5") &&
               !strstr(log, "GL_ARB_gpu_shader_fp64"),
            "gpu_shader5 denied: %s", log);
      free(log);
      CHECK(!compile(GLSL_STAGE_FRAGMENT, GLSL_DENY_FLOAT64, both, &log) && log &&
               strstr(log, "GL_ARB_gpu_shader_fp64' unsupported") &&
               !strstr(log, "GL_ARB_gpu_shader5"),
            "fp64 denied: %s", log);
      free(log);
      CHECK(!compile(GLSL_STAGE_FRAGMENT, GLSL_DENY_GPU_SHADER5 | GLSL_DENY_FLOAT64, both, &log),
            "both denied compiled");
      free(log);
      /* the link takes the same mask (glsl_link_input.deny) */
      struct glsl_link_input in = {.deny = GLSL_DENY_GPU_SHADER5};
      in.source[GLSL_STAGE_VERTEX] = "#version 150\nvoid main() { gl_Position = vec4(0.0); }\n";
      in.source[GLSL_STAGE_FRAGMENT] = both;
      log = NULL;
      struct glsl_program *p = glsl_link(&in, &log);
      CHECK(!p && log && strstr(log, "extension not supported: GL_ARB_gpu_shader5"),
            "link with gpu_shader5 denied: %s", log);
      glsl_program_destroy(p);
      free(log);
   }
   /* geometry shader instancing (layout(invocations), gl_InvocationID) with the extension */
   CHECK(compile(GLSL_STAGE_GEOMETRY, 0,
                 "#version 150\n#extension GL_ARB_gpu_shader5 : require\n"
                 "layout(triangles, invocations = 4) in;\n"
                 "layout(triangle_strip, max_vertices = 3) out;\nflat out int inv;\n"
                 "void main() { for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position;"
                 " inv = gl_InvocationID; EmitVertex(); } }\n",
                 &log),
         "instanced GS: %s", log);
   free(log);
   /* past GL_MAX_GEOMETRY_SHADER_INVOCATIONS (32): a compile error, even in a unit that does
    * not link alone (no output layout) */
   for (int n = 32; n <= 33; n++) {
      char gs[256];
      snprintf(gs, sizeof(gs),
               "#version 150\n#extension GL_ARB_gpu_shader5 : enable\n"
               "layout(points, invocations = %d) in;\nvoid main() {}\n",
               n);
      CHECK(compile(GLSL_STAGE_GEOMETRY, 0, gs, &log) == (n == 32), "invocations = %d: %s", n, log);
      if (n == 33)
         CHECK(log && strstr(log, "0:3") && strstr(log, "gl_MaxGeometryShaderInvocations"),
               "invocations = 33 log: %s", log);
      free(log);
   }
   /* streams past GL_MAX_VERTEX_STREAMS: 1 with GLSL_DENY_VERTEX_STREAMS, else 4 */
   static const char *const streams[] = {
      "layout(stream = %u) out vec4 c;\nvoid main() { c = vec4(0.0); EmitVertex(); }\n",
      "out vec4 c;\nvoid main() { c = vec4(0.0); EmitStreamVertex(%u); EndStreamPrimitive(%u); }\n",
   };
   for (unsigned k = 0; k < 4; k++) {
      const unsigned stream = k / 2 ? 4 : 1;
      const uint32_t deny = k / 2 ? 0 : GLSL_DENY_VERTEX_STREAMS;
      char body[256];
      snprintf(body, sizeof(body), streams[k % 2], stream, stream);
      snprintf(src, sizeof(src),
               "#version 150\n#extension GL_ARB_gpu_shader5 : enable\n"
               "layout(points) in;\nlayout(points, max_vertices = 1) out;\n%s",
               body);
      if (k == 3) { /* EmitStreamVertex(4) with four streams: a link error, not a compile one */
         CHECK(compile(GLSL_STAGE_GEOMETRY, deny, src, &log), "EmitStreamVertex(4) refused: %s",
               log);
         free(log);
         continue;
      }
      CHECK(!compile(GLSL_STAGE_GEOMETRY, deny, src, &log), "stream %u (%u) compiled", stream, k);
      CHECK(log && strstr(log, "GL_MAX_VERTEX_STREAMS"), "stream %u (%u) log: %s", stream, k, log);
      free(log);
      if (k / 2)
         continue;
      /* four streams offered: stream 1 (and 3) compile */
      for (unsigned ok_stream = 1; ok_stream <= 3; ok_stream += 2) {
         snprintf(body, sizeof(body), streams[k % 2], ok_stream, ok_stream);
         snprintf(src, sizeof(src),
                  "#version 150\n#extension GL_ARB_gpu_shader5 : enable\n"
                  "layout(points) in;\nlayout(points, max_vertices = 1) out;\n%s",
                  body);
         CHECK(compile(GLSL_STAGE_GEOMETRY, 0, src, &log), "stream %u (%u) refused: %s", ok_stream,
               k, log);
         free(log);
      }
   }
   /* stream 0 named explicitly links to SPIR-V without GeometryStreams (a device without
    * geometryStreams takes it): plain EmitVertex / EndPrimitive, no Stream decorations */
   {
      struct glsl_link_input in = {0};
      in.source[GLSL_STAGE_VERTEX] = "#version 150\nvoid main() { gl_Position = vec4(0.0); }\n";
      in.source[GLSL_STAGE_GEOMETRY] =
         "#version 150\n#extension GL_ARB_gpu_shader5 : require\n"
         "layout(points) in;\nlayout(points, stream = 0, max_vertices = 1) out;\n"
         "layout(stream = 0) out vec4 c;\n"
         "void main() { gl_Position = gl_in[0].gl_Position; c = vec4(1.0);\n"
         "  EmitStreamVertex(0); EndStreamPrimitive(0); }\n";
      in.source[GLSL_STAGE_FRAGMENT] =
         "#version 150\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n";
      log = NULL;
      struct glsl_program *p = glsl_link(&in, &log);
      CHECK(p, "stream 0 program: %s", log);
      if (p) {
         const struct glsl_spirv *g = &p->spirv[GLSL_STAGE_GEOMETRY];
         CHECK(t_spv_count_op(g, SpvOpEmitStreamVertex) == 0 &&
                  t_spv_count_op(g, SpvOpEndStreamPrimitive) == 0 &&
                  t_spv_count_op(g, SpvOpEmitVertex) == 1 &&
                  t_spv_count_op(g, SpvOpEndPrimitive) == 1,
               "stream 0 ops not made plain");
         bool streams = false;
         for (size_t at = 5; at < g->num_words;) {
            const uint32_t wc = g->words[at] >> 16, op = g->words[at] & 0xffff;
            if (!wc)
               break;
            streams |= op == SpvOpCapability && g->words[at + 1] == SpvCapabilityGeometryStreams;
            streams |= op == SpvOpDecorate && wc >= 4 && g->words[at + 2] == SpvDecorationStream;
            at += wc;
         }
         CHECK(!streams, "GeometryStreams or a Stream decoration left");
         CHECK(t_spirv_val(g, "gs5-stream0") != 0, "geometry SPIR-V invalid");
      }
      glsl_program_destroy(p);
      free(log);
   }
   /* two streams captured (GL 4.0 11.1.2.1): each buffer holds one stream's varyings, so s0 and
    * s1 interleaved into one buffer fail to link; with gl_NextBuffer between them they link, the
    * SPIR-V keeps GeometryStreams and s1's Stream 1, and each buffer records its stream */
   for (unsigned mode = 0; mode < 3; mode++) {
      struct glsl_link_input in = {0};
      in.source[GLSL_STAGE_VERTEX] = "#version 150\nvoid main() { gl_Position = vec4(0.0); }\n";
      in.source[GLSL_STAGE_GEOMETRY] =
         "#version 150\n#extension GL_ARB_gpu_shader5 : require\n"
         "layout(points) in;\nlayout(points, max_vertices = 2) out;\n"
         "layout(stream = 0) out vec4 s0;\nlayout(stream = 1) out vec4 s1;\n"
         "void main() { gl_Position = gl_in[0].gl_Position; s0 = vec4(1.0);\n"
         "  EmitStreamVertex(0); EndStreamPrimitive(0);\n"
         "  s1 = vec4(2.0); EmitStreamVertex(1); EndStreamPrimitive(1); }\n";
      in.source[GLSL_STAGE_FRAGMENT] =
         "#version 150\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
      static const char *const mixed[] = {"s0", "s1"};
      static const char *const next[] = {"s1", "gl_NextBuffer", "s0"};
      in.xfb_varyings = mode == 2 ? next : mixed;
      in.num_xfb_varyings = mode == 2 ? 3 : 2;
      in.xfb_separate = mode == 1;
      in.xfb_special_names = true;
      log = NULL;
      struct glsl_program *p = glsl_link(&in, &log);
      if (mode == 0) {
         CHECK(!p, "streams 0 and 1 in one interleaved buffer linked");
         CHECK(log && strstr(log, "stream"), "mixed streams log: %s", log);
      } else {
         CHECK(p, "two-stream capture (mode %u): %s", mode, log);
      }
      if (p) {
         const uint32_t want0 = mode == 2 ? 1 : 0, want1 = mode == 2 ? 0 : 1;
         CHECK(p->xfb_buffers == 2 && p->xfb_buffer_stream[0] == want0 &&
                  p->xfb_buffer_stream[1] == want1,
               "mode %u: %u buffers of streams %u, %u", mode, p->xfb_buffers,
               p->xfb_buffer_stream[0], p->xfb_buffer_stream[1]);
         const struct glsl_spirv *g = &p->spirv[GLSL_STAGE_GEOMETRY];
         bool cap = false, stream1 = false;
         for (size_t at = 5; at < g->num_words;) {
            const uint32_t wc = g->words[at] >> 16, op = g->words[at] & 0xffff;
            if (!wc)
               break;
            cap |= op == SpvOpCapability && g->words[at + 1] == SpvCapabilityGeometryStreams;
            stream1 |= op == SpvOpDecorate && wc >= 4 && g->words[at + 2] == SpvDecorationStream &&
                       g->words[at + 3] == 1;
            at += wc;
         }
         CHECK(cap && stream1, "mode %u: GeometryStreams %d, Stream 1 %d", mode, cap, stream1);
         CHECK(t_spv_count_op(g, SpvOpEmitStreamVertex) == 2, "mode %u: EmitStreamVertex gone",
               mode);
         CHECK(t_spirv_val(g, "gs5-streams") != 0, "mode %u: geometry SPIR-V invalid", mode);
      }
      glsl_program_destroy(p);
      free(log);
   }
   {
      /* precise through built-in calls: fract and floor of a precise value's chain are
       * NoContraction as its arithmetic is (a Vulkan driver folds an unmarked fract(floor(x)
       * * 42) to 0, NaN or not) */
      static const char vs[] = "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
      static const char fs[] =
         "#version 150\n#extension GL_ARB_gpu_shader5 : require\nuniform float a, b;\n"
         "out vec4 o;\nvoid main() {\n"
         "   precise float x = fract(floor(a / b) * 42.0);\n"
         "   float y = fract(a);\n" /* not precise: stays unmarked */
         "   o = vec4(x, y, 0.0, 1.0);\n}\n";
      struct glsl_link_input in = {.source = {vs, fs}};
      char *llog = NULL;
      struct glsl_program *p = glsl_link(&in, &llog);
      CHECK(p, "precise program: %s", llog ? llog : "");
      unsigned fract_marked = 0, fract_plain = 0, floor_marked = 0;
      if (p) {
         const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
         for (size_t at = 5; at < f->num_words;) {
            const uint32_t wc = f->words[at] >> 16, op = f->words[at] & 0xffff;
            if (!wc)
               break;
            if (op == SpvOpExtInst && wc >= 5) {
               const uint32_t inst = f->words[at + 4]; /* GLSL.std.450: Floor 8, Fract 10 */
               const bool marked =
                  t_spv_decoration_flag(f, f->words[at + 2], SpvDecorationNoContraction);
               fract_marked += inst == 10 && marked;
               fract_plain += inst == 10 && !marked;
               floor_marked += inst == 8 && marked;
            }
            at += wc;
         }
         CHECK(t_spirv_val(f, "precise-calls") != 0, "precise: fragment SPIR-V invalid");
      }
      CHECK(fract_marked == 1 && fract_plain == 1 && floor_marked == 1,
            "precise: fract NoContraction %u (want 1), unmarked %u (want 1), floor %u (want 1)",
            fract_marked, fract_plain, floor_marked);
      glsl_program_destroy(p);
      free(llog);
   }
   return t_finish("unit.glsl.gpu_shader5");
}
