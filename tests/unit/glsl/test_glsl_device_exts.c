/* unit.glsl.device_exts — GLSL extensions backed by device features in GLSL 1.40 - 3.30 units:
 * GL_ARB_shader_viewport_layer_array and the AMD vertex-shader layer / viewport-index names,
 * GL_ARB_shader_stencil_export, GL_ARB_shader_clock, GL_ARB_gpu_shader_int64, GL_ARB_shader_ballot.
 * Offered: `#extension ... : require` compiles,
 * the built-ins work and the macro is defined (the AMD names' gl_Layer / gl_ViewportIndex also as
 * members of a redeclared gl_PerVertex). Withheld (GLSL_DENY_LAYER_VIEWPORT,
 * GLSL_DENY_STENCIL_EXPORT, GLSL_DENY_SHADER_CLOCK, GLSL_DENY_INT64, GLSL_DENY_BALLOT), the macro is undefined and `require` fails
 * naming the extension. */
#include "glsl_test_util.h"

static bool
compile(enum glsl_stage stage, uint32_t deny, const char *src, char **log)
{
   *log = NULL;
   const struct glsl_compile_limits limits = {.deny = deny};
   return glsl_compile_shader_limits(stage, GLSL_API_CORE, &limits, src, log);
}

#define ALL_DENIED                                                                                 \
   (GLSL_DENY_LAYER_VIEWPORT | GLSL_DENY_STENCIL_EXPORT | GLSL_DENY_SHADER_CLOCK |                 \
    GLSL_DENY_INT64 | GLSL_DENY_BALLOT)

static const struct ext {
   const char *name;
   uint32_t deny;
   enum glsl_stage stage;
   const char *use; /* statements of main */
} exts[] = {
   {"GL_ARB_shader_viewport_layer_array", GLSL_DENY_LAYER_VIEWPORT, GLSL_STAGE_VERTEX,
    "gl_Position = vec4(0.0); gl_Layer = 1; gl_ViewportIndex = 2;"},
   {"GL_AMD_vertex_shader_layer", GLSL_DENY_LAYER_VIEWPORT, GLSL_STAGE_VERTEX,
    "gl_Position = vec4(0.0); gl_Layer = 1;"},
   {"GL_AMD_vertex_shader_viewport_index", GLSL_DENY_LAYER_VIEWPORT, GLSL_STAGE_VERTEX,
    "gl_Position = vec4(0.0); gl_ViewportIndex = 1;"},
   {"GL_ARB_shader_stencil_export", GLSL_DENY_STENCIL_EXPORT, GLSL_STAGE_FRAGMENT,
    "gl_FragStencilRefARB = 3;"},
   {"GL_ARB_shader_clock", GLSL_DENY_SHADER_CLOCK, GLSL_STAGE_FRAGMENT,
    "uvec2 c = clock2x32ARB(); gl_FragDepth = float(c.x & 1u);"},
   {"GL_ARB_gpu_shader_int64", GLSL_DENY_INT64, GLSL_STAGE_FRAGMENT,
    "int64_t a = int64_t(gl_FragCoord.x) * 5000000000l; "
    "gl_FragDepth = float(unpackInt2x32(a).y);"},
   {"GL_ARB_shader_ballot", GLSL_DENY_BALLOT, GLSL_STAGE_FRAGMENT,
    "gl_FragDepth = float(readFirstInvocationARB(gl_SubGroupSizeARB));"},
};

int
main(void)
{
   static const char *const versions[] = {"140", "150", "330"};
   char src[2048];
   char *log;
   for (unsigned e = 0; e < sizeof(exts) / sizeof(exts[0]); e++) {
      const struct ext *x = &exts[e];
      for (unsigned v = 0; v < 3; v++) {
         snprintf(src, sizeof(src),
                  "#version %s\n#extension %s : require\n"
                  "void main() {\n#ifdef %s\n  %s\n#endif\n}\n",
                  versions[v], x->name, x->name, x->use);
         CHECK(compile(x->stage, 0, src, &log), "%s %s offered: %s", x->name, versions[v], log);
         free(log);
         CHECK(compile(x->stage, ALL_DENIED & ~x->deny, src, &log), "%s %s with others denied: %s",
               x->name, versions[v], log);
         free(log);
         CHECK(!compile(x->stage, x->deny, src, &log), "%s %s withheld compiled", x->name,
               versions[v]);
         CHECK(log && strstr(log, "0:2") && strstr(log, "extension not supported") &&
                  strstr(log, x->name),
               "%s %s withheld log: %s", x->name, versions[v], log);
         free(log);
      }
      snprintf(src, sizeof(src),
               "#version 330\n#extension %s : enable\n#ifndef %s\n#error no macro\n#endif\n"
               "void main() { }\n",
               x->name, x->name);
      CHECK(compile(x->stage, 0, src, &log), "%s macro offered: %s", x->name, log);
      free(log);
      CHECK(!compile(x->stage, x->deny, src, &log) && log && strstr(log, "no macro"),
            "%s macro while withheld: %s", x->name, log);
      free(log);
   }
   /* the AMD specs make gl_Layer and gl_ViewportIndex members of the output gl_PerVertex */
   static const char redecl[] = "#version 150\n"
                                "#extension GL_AMD_vertex_shader_layer : enable\n"
                                "#extension GL_AMD_vertex_shader_viewport_index : enable\n"
                                "out gl_PerVertex { vec4 gl_Position; int gl_Layer;\n"
                                "                   int gl_ViewportIndex; };\n"
                                "void main() { gl_Position = vec4(1.0); gl_Layer = 1;\n"
                                "              gl_ViewportIndex = 1; }\n";
   CHECK(compile(GLSL_STAGE_VERTEX, 0, redecl, &log), "gl_PerVertex with gl_Layer: %s", log);
   free(log);
   return t_finish("unit.glsl.device_exts");
}
