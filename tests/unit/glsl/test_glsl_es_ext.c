/* unit.glsl.es_ext — GLSL ES's built-in limits in vectors (values as GL reports them) and
 * the OpenGL ES 2.0 extensions that GLSL ES 1.00 shaders name:
 * GL_EXT_frag_depth (gl_FragDepthEXT, only with its #extension; 1.00 has no gl_FragDepth) and
 * GL_EXT_draw_buffers (its macro is defined, `require` is taken, gl_FragData[1] is written to a
 * second output location). */
#include "glsl_test_util.h"

static const char *vs100 = "#version 100\n"
                           "attribute vec4 pos;\n"
                           "void main() { gl_Position = pos; }\n";

/* Whether the SPIR-V decorates something BuiltIn FragDepth (22) and says DepthReplacing (12). */
static bool
writes_frag_depth(const struct glsl_spirv *s)
{
   bool builtin = false, replacing = false;
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 71 /* OpDecorate */ && wc >= 4 && s->words[p + 2] == 11 && s->words[p + 3] == 22)
         builtin = true;
      if (op == 16 /* OpExecutionMode */ && wc >= 3 && s->words[p + 2] == 12)
         replacing = true;
      p += wc;
   }
   return builtin && replacing;
}

static struct glsl_program *
link_es(const char *fs, char **log)
{
   struct glsl_link_input in = {.source = {vs100, fs}, .es = true};
   return glsl_link(&in, log);
}

static void
refused(const char *fs, const char *says, const char *what)
{
   char *log = NULL;
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, true, fs, &log), "%s compiled", what);
   CHECK(log && strstr(log, says), "%s: log: %s", what, log ? log : "(none)");
   free(log);
}

int
main(void)
{
   const char *depth_fs = "#version 100\n"
                          "#extension GL_EXT_frag_depth : enable\n"
                          "precision mediump float;\n"
                          "uniform float z;\n"
                          "void main() {\n"
                          "#ifdef GL_EXT_frag_depth\n"
                          "  gl_FragDepthEXT = z;\n"
                          "#endif\n"
                          "  gl_FragColor = vec4(1.0);\n"
                          "}\n";
   char *log = NULL;
   struct glsl_program *p = link_es(depth_fs, &log);
   CHECK(p, "GL_EXT_frag_depth link: %s", log);
   if (p) {
      CHECK(t_spirv_val(&p->spirv[1], "es-frag-depth") != 0, "frag depth SPIR-V");
      CHECK(writes_frag_depth(&p->spirv[1]), "gl_FragDepthEXT writes FragDepth");
   }
   glsl_program_destroy(p);
   free(log);

   refused("#version 100\nprecision mediump float;\n"
           "void main() { gl_FragDepthEXT = 0.5; gl_FragColor = vec4(1.0); }\n",
           "gl_FragDepthEXT", "gl_FragDepthEXT without #extension");
   refused("#version 100\n#extension GL_EXT_frag_depth : disable\nprecision mediump float;\n"
           "void main() { gl_FragDepthEXT = 0.5; gl_FragColor = vec4(1.0); }\n",
           "gl_FragDepthEXT", "gl_FragDepthEXT with the extension disabled");
   refused("#version 100\nprecision mediump float;\n"
           "void main() { gl_FragDepth = 0.5; gl_FragColor = vec4(1.0); }\n",
           "gl_FragDepth", "gl_FragDepth in GLSL ES 1.00");

   const char *mrt_fs = "#version 100\n"
                        "#extension GL_EXT_draw_buffers : require\n"
                        "precision mediump float;\n"
                        "#ifndef GL_EXT_draw_buffers\n"
                        "#error GL_EXT_draw_buffers is not defined\n"
                        "#endif\n"
                        "void main() {\n"
                        "  gl_FragData[0] = vec4(1.0, 0.0, 0.0, 1.0);\n"
                        "  gl_FragData[1] = vec4(0.0, 1.0, 0.0, 1.0);\n"
                        "}\n";
   log = NULL;
   p = link_es(mrt_fs, &log);
   CHECK(p, "GL_EXT_draw_buffers link: %s", log);
   if (p) {
      CHECK(t_spirv_val(&p->spirv[1], "es-draw-buffers") != 0, "draw buffers SPIR-V");
      const struct glsl_io *o = glsl_program_find_output(p, "gl_FragData");
      CHECK(o && o->location == 0 && o->array_size >= 2 && o->num_locations >= 2,
            "gl_FragData: location %d, %u elements", o ? o->location : -1, o ? o->array_size : 0);
   }
   glsl_program_destroy(p);
   free(log);

   /* Without the extension ESSL 1.00 has one draw buffer: gl_FragData[1] does not compile,
    * gl_FragData[0] does, and gl_MaxDrawBuffers stays MAX_DRAW_BUFFERS (issue 8) */
   refused("#version 100\nprecision mediump float;\n"
           "void main() { gl_FragData[0] = vec4(1.0); gl_FragData[1] = vec4(0.0); }\n",
           "out of range", "gl_FragData[1] without #extension GL_EXT_draw_buffers");
   refused("#version 100\n#extension GL_EXT_draw_buffers : disable\nprecision mediump float;\n"
           "void main() { gl_FragData[0] = vec4(1.0); gl_FragData[1] = vec4(0.0); }\n",
           "out of range", "gl_FragData[1] with GL_EXT_draw_buffers disabled");
   log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, true,
                             "#version 100\nprecision mediump float;\n"
                             "void main() { float a[gl_MaxDrawBuffers == 8 ? 1 : -1];\n"
                             "  a[0] = 1.0; gl_FragData[0] = vec4(a[0]); }\n",
                             &log),
         "gl_FragData[0] without the extension: %s", log ? log : "");
   free(log);

   /* GLSL ES 3.00 has neither: the macro is 1.00's */
   log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, true,
                             "#version 300 es\nprecision mediump float;\nout vec4 o;\n"
                             "#ifdef GL_EXT_draw_buffers\n#error defined in 3.00\n#endif\n"
                             "void main() { o = vec4(1.0); }\n",
                             &log),
         "GL_EXT_draw_buffers defined in GLSL ES 3.00: %s", log ? log : "");
   free(log);
   /* The ES built-in constants desktop GLSL lacks before 4.10, in both stages. */
   static const char *const es100_consts[] = {
      "gl_MaxVertexUniformVectors", "gl_MaxFragmentUniformVectors", "gl_MaxVaryingVectors"};
   static const char *const es300_consts[] = {
      "gl_MaxVertexUniformVectors", "gl_MaxFragmentUniformVectors", "gl_MaxVertexOutputVectors",
      "gl_MaxFragmentInputVectors"};
   for (int stage = 0; stage < 2; stage++) {
      for (int k = 0; k < 7; k++) {
         const bool es3 = k >= 3;
         const char *name = es3 ? es300_consts[k - 3] : es100_consts[k];
         char src[512];
         /* the value is GL's GL_MAX_*_VECTORS: uniforms a quarter of the components, the
          * interface a quarter of the context's varying limit (124 here) */
         const int want = strstr(name, "Uniform") ? GLSL_MAX_STAGE_UNIFORM_COMPONENTS / 4 : 124 / 4;
         snprintf(src, sizeof(src),
                  "%s\nprecision mediump float;\n%s"
                  "void main() { float a[%s == %d ? 1 : -1]; a[0] = 1.0; %s = vec4(a[0]); }\n",
                  es3 ? "#version 300 es" : "#version 100", es3 && stage ? "out vec4 o;\n" : "",
                  name, want, stage ? (es3 ? "o" : "gl_FragColor") : "gl_Position");
         log = NULL;
         const struct glsl_compile_limits lim = {.max_varying_components = 124};
         CHECK(glsl_compile_shader_limits(stage ? GLSL_STAGE_FRAGMENT : GLSL_STAGE_VERTEX, true,
                                          &lim, src, &log),
               "%s == %d in GLSL ES %s: %s", name, want, es3 ? "3.00" : "1.00", log ? log : "");
         free(log);
      }
   }
   /* GL_OES_standard_derivatives and GL_OES_texture_3D: their macros are defined, `require`
    * and `enable` compile, dFdx/dFdy/fwidth and sampler3D/texture3D are there */
   static const char *const behaviors[] = {"require", "enable"};
   for (int k = 0; k < 2; k++) {
      char fs[1024];
      snprintf(fs, sizeof fs,
               "#version 100\n"
               "#extension GL_OES_standard_derivatives : %s\n"
               "#extension GL_OES_texture_3D : %s\n"
               "precision mediump float;\n"
               "uniform mediump sampler3D s;\n"
               "void main() {\n"
               "#if defined(GL_OES_standard_derivatives) && defined(GL_OES_texture_3D)\n"
               "  gl_FragColor = texture3D(s, vec3(0.5)) + vec4(dFdx(gl_FragCoord.x),\n"
               "                 dFdy(gl_FragCoord.y), fwidth(gl_FragCoord.x), 1.0);\n"
               "#endif\n"
               "}\n",
               behaviors[k], behaviors[k]);
      log = NULL;
      p = link_es(fs, &log);
      CHECK(p, "derivatives and texture3D (%s) link: %s", behaviors[k], log ? log : "");
      if (p)
         CHECK(t_spirv_val(&p->spirv[1], "es-derivatives") != 0, "derivatives SPIR-V");
      glsl_program_destroy(p);
      free(log);
   }

   /* GL_EXT_draw_instanced: gl_InstanceIDEXT with the directive (require too), refused
    * without it */
   for (int k = 0; k < 2; k++) {
      char vs[512];
      snprintf(vs, sizeof vs,
               "#version 100\n"
               "#extension GL_EXT_draw_instanced : %s\n"
               "attribute vec4 pos;\n"
               "void main() {\n"
               "#ifdef GL_EXT_draw_instanced\n"
               "  gl_Position = pos + vec4(float(gl_InstanceIDEXT), 0.0, 0.0, 0.0);\n"
               "#endif\n"
               "}\n",
               behaviors[k]);
      struct glsl_link_input in = {
         .source = {vs, "#version 100\nvoid main() { gl_FragColor = vec4(1.0); }\n"}, .es = true};
      log = NULL;
      p = glsl_link(&in, &log);
      CHECK(p, "gl_InstanceIDEXT (%s) link: %s", behaviors[k], log ? log : "");
      if (p)
         CHECK(t_spirv_val(&p->spirv[0], "es-instance-id") != 0, "gl_InstanceIDEXT SPIR-V");
      glsl_program_destroy(p);
      free(log);
   }
   {
      char *vlog = NULL;
      CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, true,
                                 "#version 100\nattribute vec4 pos;\n"
                                 "void main() { gl_Position = pos * float(gl_InstanceIDEXT); }\n",
                                 &vlog),
            "gl_InstanceIDEXT without #extension compiled");
      free(vlog);
   }

   /* GL_ARB_draw_instanced in desktop GLSL 1.30 (piglit's arb_base_instance-drawarrays):
    * gl_InstanceIDARB and the macro with the directive (require too), refused without it */
   for (int k = 0; k < 2; k++) {
      char vs[512];
      snprintf(vs, sizeof vs,
               "#version 130\n"
               "#extension GL_ARB_draw_instanced : %s\n"
               "in vec4 pos;\n"
               "void main() {\n"
               "#ifdef GL_ARB_draw_instanced\n"
               "  gl_Position = pos + vec4(float(gl_InstanceIDARB), 0.0, 0.0, 0.0);\n"
               "#endif\n"
               "}\n",
               behaviors[k]);
      struct glsl_link_input in = {
         .source = {vs, "#version 130\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n"}};
      log = NULL;
      p = glsl_link(&in, &log);
      CHECK(p, "gl_InstanceIDARB (%s) link: %s", behaviors[k], log ? log : "");
      if (p) {
         CHECK(t_spirv_val(&p->spirv[0], "arb-instance-id") != 0, "gl_InstanceIDARB SPIR-V");
         CHECK(p->uses_base_instance, "gl_InstanceIDARB is not gl_InstanceID");
      }
      glsl_program_destroy(p);
      free(log);
   }
   {
      char *vlog = NULL;
      CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, false,
                                 "#version 130\nin vec4 pos;\n"
                                 "void main() { gl_Position = pos * float(gl_InstanceIDARB); }\n",
                                 &vlog),
            "gl_InstanceIDARB without #extension compiled");
      free(vlog);
   }

   /* GL_ARB_shader_draw_parameters in GLSL 3.30 (piglit's arb_shader_draw_parameters tests):
    * the three built-ins link (glslang declares them from 4.50 on: the unit is compiled so);
    * refused without the directive and in a fragment shader */
   for (int k = 0; k < 2; k++) {
      char vs[512];
      snprintf(vs, sizeof vs,
               "#version 330\n"
               "#extension GL_ARB_shader_draw_parameters : %s\n"
               "in vec4 pos;\n"
               "flat out ivec3 v;\n"
               "void main() {\n"
               "  gl_Position = pos;\n"
               "  v = ivec3(gl_BaseVertexARB, gl_BaseInstanceARB, gl_DrawIDARB);\n"
               "}\n",
               behaviors[k]);
      struct glsl_link_input in = {.source = {vs, "#version 330\nflat in ivec3 v;\nout vec4 o;\n"
                                                  "void main() { o = vec4(v, 1.0); }\n"}};
      log = NULL;
      p = glsl_link(&in, &log);
      CHECK(p, "gl_DrawIDARB (%s) link: %s", behaviors[k], log ? log : "");
      if (p)
         CHECK(t_spirv_val(&p->spirv[0], "draw-parameters") != 0, "draw parameters SPIR-V");
      glsl_program_destroy(p);
      free(log);
   }
   {
      char *vlog = NULL;
      CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, false,
                                 "#version 330\nin vec4 pos;\n"
                                 "void main() { gl_Position = pos * float(gl_DrawIDARB); }\n",
                                 &vlog),
            "gl_DrawIDARB without #extension compiled");
      free(vlog);
      vlog = NULL;
      CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false,
                                 "#version 330\n#extension GL_ARB_shader_draw_parameters : "
                                 "require\nout vec4 o;\n"
                                 "void main() { o = vec4(float(gl_DrawIDARB)); }\n",
                                 &vlog),
            "gl_DrawIDARB in a fragment shader compiled");
      free(vlog);
   }

   /* GL_EXT_separate_shader_objects (ESSL 3.00+): its macro, its `require`, layout(location) on
    * a vertex output and a fragment input, which then match by location, not by name */
   const char *sso_vs = "#version 300 es\n"
                        "#extension GL_EXT_separate_shader_objects : require\n"
                        "in vec4 pos;\n"
                        "layout(location = 2) out vec4 v_a;\n"
                        "void main() { v_a = pos; gl_Position = pos; }\n";
   const char *sso_fs = "#version 300 es\n"
                        "#ifndef GL_EXT_separate_shader_objects\n"
                        "#error no GL_EXT_separate_shader_objects macro\n"
                        "#endif\n"
                        "#extension GL_EXT_separate_shader_objects : enable\n"
                        "precision mediump float;\n"
                        "layout(location = 2) in vec4 v_b;\n"
                        "out vec4 o;\n"
                        "void main() { o = v_b; }\n";
   log = NULL;
   struct glsl_link_input sso_in = {.source = {sso_vs, sso_fs}, .es = true};
   p = glsl_link(&sso_in, &log);
   CHECK(p, "GL_EXT_separate_shader_objects link: %s", log ? log : "(none)");
   glsl_program_destroy(p);
   free(log);
   refused("#version 300 es\nprecision mediump float;\nlayout(location = 2) in vec4 v_b;\n"
           "out vec4 o;\nvoid main() { o = v_b; }\n",
           "location", "ESSL 3.00 layout(location) on an input without the extension");
   /* GL_NV_image_formats (ESSL 3.10): its macro and `require` where the context offers it, a
    * refusal where it does not (GLSL_DENY_ES_IMAGE_FORMATS) */
   const char *nv_cs = "#version 310 es\n"
                       "#extension GL_NV_image_formats : require\n"
                       "#ifndef GL_NV_image_formats\n"
                       "#error no GL_NV_image_formats macro\n"
                       "#endif\n"
                       "layout(local_size_x = 1) in;\n"
                       "layout(rg32f, binding = 0) writeonly uniform highp image2D img;\n"
                       "void main() { imageStore(img, ivec2(0), vec4(1.0)); }\n";
   log = NULL;
   CHECK(glsl_compile_shader_opts(GLSL_STAGE_COMPUTE, GLSL_API_ES, 0, 0, nv_cs, &log),
         "GL_NV_image_formats: %s", log ? log : "(none)");
   free(log);
   log = NULL;
   CHECK(!glsl_compile_shader_opts(GLSL_STAGE_COMPUTE, GLSL_API_ES, 0, GLSL_DENY_ES_IMAGE_FORMATS,
                                   nv_cs, &log),
         "GL_NV_image_formats compiled where denied");
   CHECK(log && strstr(log, "extension not supported: GL_NV_image_formats"), "denied: log: %s",
         log ? log : "(none)");
   free(log);
   return t_finish("unit.glsl.es_ext");
}
