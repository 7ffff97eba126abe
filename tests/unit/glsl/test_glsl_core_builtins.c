/* unit.glsl.core_builtins — extensions that are only built-ins of a later GLSL version
 * (GL_ARB_texture_query_levels, GL_ARB_shader_texture_image_samples, GL_ARB_derivative_control,
 * GL_ARB_shading_language_packing, GL_ARB_shader_image_size, GL_EXT_shader_integer_mix,
 * GL_ARB_fragment_layer_viewport, GL_ARB_texture_query_lod) in
 * GLSL 1.30 - 3.30 units: `#extension ... : require` compiles, the built-ins work and the macro
 * is defined (glslang declares them only from the version that took them in: glsl_lower.c
 * compiles the unit as that version). Withheld (GLSL_DENY_IMAGE_QUERIES,
 * GLSL_DENY_DERIVATIVE_CONTROL, GLSL_DENY_TEXTURE_QUERY_LOD, a backend without
 * MGP_CAP_IMAGE_QUERIES / _DERIVATIVE_CONTROL / _TEXTURE_QUERY_LOD),
 * the macro is undefined, `require` fails naming the extension, and a GLSL 4.50
 * shader that uses the built-in in core fails with a log naming the extension. */
#include "glsl_test_util.h"

static bool
compile(enum glsl_stage stage, uint32_t deny, const char *src, char **log)
{
   *log = NULL;
   const struct glsl_compile_limits limits = {.deny = deny};
   return glsl_compile_shader_limits(stage, GLSL_API_CORE, &limits, src, log);
}

static const struct ext {
   const char *name;
   uint32_t deny;          /* the bit that withholds it; 0: always offered */
   const char *decl, *use; /* a fragment shader's declarations and an expression (a vec4) */
} exts[] = {
   {"GL_ARB_texture_query_levels", GLSL_DENY_IMAGE_QUERIES, "uniform sampler2D s;\n",
    "vec4(float(textureQueryLevels(s)))"},
   {"GL_ARB_shader_texture_image_samples", GLSL_DENY_IMAGE_QUERIES, "uniform sampler2DMS s;\n",
    "vec4(float(textureSamples(s)))"},
   {"GL_ARB_derivative_control", GLSL_DENY_DERIVATIVE_CONTROL, "in vec4 v;\n",
    "dFdxFine(v) + dFdyCoarse(v) + fwidthFine(v)"},
   {"GL_ARB_texture_query_lod", GLSL_DENY_TEXTURE_QUERY_LOD, "uniform sampler2D s;\nin vec2 v;\n",
    "vec4(textureQueryLod(s, v), 0.0, 1.0)"},
   {"GL_ARB_shading_language_packing", 0, "uniform vec2 f;\n",
    "vec4(float(packHalf2x16(f)), unpackUnorm4x8(7u).xyz)"},
   {"GL_EXT_shader_integer_mix", 0, "uniform ivec4 a, b;\n",
    "vec4(mix(a, b, bvec4(true, false, true, false)))"},
};

int
main(void)
{
   static const char *const versions[] = {"130", "150", "330"};
   char src[1024];
   char *log;
   for (unsigned e = 0; e < sizeof(exts) / sizeof(exts[0]); e++) {
      const struct ext *x = &exts[e];
      for (unsigned v = 0; v < 3; v++) {
         snprintf(src, sizeof(src),
                  "#version %s\n#extension %s : require\n%sout vec4 o;\n"
                  "void main() {\n#ifdef %s\n  o = %s;\n#endif\n}\n",
                  versions[v], x->name, x->decl, x->name, x->use);
         CHECK(compile(GLSL_STAGE_FRAGMENT, 0, src, &log), "%s %s offered: %s", x->name,
               versions[v], log);
         free(log);
         /* the other extensions' bits do not touch it */
         const uint32_t others = (GLSL_DENY_IMAGE_QUERIES | GLSL_DENY_DERIVATIVE_CONTROL |
                                  GLSL_DENY_GPU_SHADER5 | GLSL_DENY_TEXTURE_QUERY_LOD) &
                                 ~x->deny;
         CHECK(compile(GLSL_STAGE_FRAGMENT, others, src, &log), "%s %s with others denied: %s",
               x->name, versions[v], log);
         free(log);
         if (!x->deny)
            continue;
         CHECK(!compile(GLSL_STAGE_FRAGMENT, x->deny, src, &log), "%s %s withheld compiled",
               x->name, versions[v]);
         CHECK(log && strstr(log, "0:2") && strstr(log, "extension not supported") &&
                  strstr(log, x->name),
               "%s %s withheld log: %s", x->name, versions[v], log);
         free(log);
      }
      /* the macro: defined where offered, not where withheld */
      snprintf(src, sizeof(src),
               "#version 330\n#extension %s : enable\n#ifndef %s\n#error no macro\n#endif\n"
               "out vec4 o;\nvoid main() { o = vec4(1.0); }\n",
               x->name, x->name);
      CHECK(compile(GLSL_STAGE_FRAGMENT, 0, src, &log), "%s macro offered: %s", x->name, log);
      free(log);
      if (x->deny) {
         CHECK(!compile(GLSL_STAGE_FRAGMENT, x->deny, src, &log) && log && strstr(log, "no macro"),
               "%s macro while withheld: %s", x->name, log);
         free(log);
         /* GLSL 4.50 has the built-in in core: withheld, the SPIR-V check names the
          * extension */
         snprintf(src, sizeof(src), "#version 450\n%sout vec4 o;\nvoid main() { o = %s; }\n",
                  x->decl, x->use);
         CHECK(compile(GLSL_STAGE_FRAGMENT, 0, src, &log), "%s 4.50 offered: %s", x->name, log);
         free(log);
         CHECK(!compile(GLSL_STAGE_FRAGMENT, x->deny, src, &log) && log &&
                  strstr(log, "this context does not offer") && strstr(log, x->name),
               "%s 4.50 withheld: %s", x->name, log);
         free(log);
      }
   }
   /* GL_ARB_fragment_layer_viewport (GLSL 4.30: gl_Layer, gl_ViewportIndex read by the fragment
    * stage) with atomic counters, whose directive must not lower the version it compiles as;
    * withheld with ARB_viewport_array (GLSL_DENY_VIEWPORT_ARRAY) */
   static const char flv[] = "#version 150\n#extension GL_ARB_fragment_layer_viewport : require\n"
                             "#extension GL_ARB_shader_atomic_counters : require\n"
                             "layout(binding = 0) uniform atomic_uint c;\nout vec4 o;\n"
                             "void main() { if (gl_ViewportIndex == gl_Layer)\n"
                             "  atomicCounterIncrement(c);\n o = vec4(1.0); }\n";
   CHECK(compile(GLSL_STAGE_FRAGMENT, 0, flv, &log), "fragment_layer_viewport: %s", log);
   free(log);
   CHECK(!compile(GLSL_STAGE_FRAGMENT, GLSL_DENY_VIEWPORT_ARRAY, flv, &log) && log &&
            strstr(log, "extension not supported") && strstr(log, "GL_ARB_fragment_layer_viewport"),
         "fragment_layer_viewport withheld: %s", log);
   free(log);
   /* imageSize (GL_ARB_shader_image_size) in a 3.30 unit with image load/store */
   CHECK(compile(GLSL_STAGE_FRAGMENT, 0,
                 "#version 330\n#extension GL_ARB_shader_image_load_store : require\n"
                 "#extension GL_ARB_shader_image_size : require\n"
                 "layout(rgba8) uniform readonly image2D img;\nout vec4 o;\n"
                 "void main() { o = vec4(vec2(imageSize(img)), 0.0, 1.0); }\n",
                 &log),
         "imageSize: %s", log);
   free(log);
   /* GL_ARB_shader_precision (GLSL 4.00; GL 4.1): glslang does not know it. Offered, `require`
    * compiles and the macro is defined; withheld (GLSL_DENY_SHADER_PRECISION, a context below
    * GL 4.0), `require` fails naming it and the macro is undefined */
   static const char sp[] = "#version 400\n#extension GL_ARB_shader_precision : require\n"
                            "#ifndef GL_ARB_shader_precision\n#error no macro\n#endif\n"
                            "uniform vec4 a, b, c;\nout vec4 o;\n"
                            "void main() { o = fma(a, b, c); }\n";
   CHECK(compile(GLSL_STAGE_FRAGMENT, 0, sp, &log), "shader_precision: %s", log);
   free(log);
   CHECK(!compile(GLSL_STAGE_FRAGMENT, GLSL_DENY_SHADER_PRECISION, sp, &log) && log &&
            strstr(log, "extension not supported") && strstr(log, "GL_ARB_shader_precision"),
         "shader_precision withheld: %s", log);
   free(log);
   static const char sp_macro[] = "#version 400\n#ifdef GL_ARB_shader_precision\n#error macro\n"
                                  "#endif\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
   CHECK(compile(GLSL_STAGE_FRAGMENT, GLSL_DENY_SHADER_PRECISION, sp_macro, &log),
         "shader_precision macro withheld: %s", log);
   free(log);
   CHECK(!compile(GLSL_STAGE_FRAGMENT, 0, sp_macro, &log), "shader_precision macro offered");
   free(log);
   return t_finish("unit.glsl.core_builtins");
}
