/* scenario_esext.c: OpenGL ES 3.0 extensions that are desktop GL 4.x features under ES names,
 * drawn in an ES context: GL_EXT_texture_query_lod (ARB_texture_query_lod's textureQueryLOD) and
 * GL_EXT_shader_group_vote (ARB_shader_group_vote's votes). glslang knows neither ES name
 * (glsl_lower.c:es_arb_extension). */
#include "scenario.h"

static const char *VS_ES_PIXELS =
   "#version 300 es\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";

/* es3_query_lod: textureQueryLOD of a 256x256 texture whose coordinates step s/256 a pixel (s a
 * power of two): the LOD is log2(s) in both directions; x is the level sampled, clamped to
 * GL_TEXTURE_MAX_LEVEL 2, y the LOD unclamped. Each rectangle is green where both are within
 * 1/16 of the model's, red otherwise. Where the context does not list the extension (the GLES
 * backend: no MGP_CAP_TEXTURE_QUERY_LOD), `#extension ... : require` must not compile. */
static const char *FS_ES_QUERY_LOD =
   "#version 300 es\n"
   "#extension GL_EXT_texture_query_lod : require\n"
   "precision highp float;\n"
   "uniform sampler2D u_tex;\n"
   "uniform float u_scale;\n"
   "uniform vec2 u_want;\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "#ifdef GL_EXT_texture_query_lod\n"
   "  vec2 lod = textureQueryLOD(u_tex, gl_FragCoord.xy * u_scale);\n"
   "  bool ok = all(lessThan(abs(lod - u_want), vec2(0.0625)));\n"
   "  o_color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "#else\n"
   "  o_color = vec4(1.0, 1.0, 0.0, 1.0);\n"
   "#endif\n"
   "}\n";

void
sc_es3_query_lod(void)
{
   es_version(30);
   if (!has_ext("GL_EXT_texture_query_lod")) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (!on_mgl() || (renderer && strstr(renderer, "(Vulkan:")))
         fail("GL_EXT_texture_query_lod not listed on renderer %s", renderer);
      if (shader_compiles(GL_FRAGMENT_SHADER, FS_ES_QUERY_LOD))
         fail("#extension GL_EXT_texture_query_lod : require compiled where it is not listed");
      skipped("GL_EXT_texture_query_lod is not listed");
      return;
   }
   GLuint t;
   glGenTextures(1, &t);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, t);
   gl.TexStorage2D(GL_TEXTURE_2D, 9, GL_RGBA8, 256, 256);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 2);
   check_gl_error("query LOD texture");

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   glEnable(GL_SCISSOR_TEST);
   model m;
   model_init(&m, bg);
   GLuint p = link_program_b(VS_ES_PIXELS, FS_ES_QUERY_LOD, NULL, NULL);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   /* s = 1, 2, 4, 8: LOD 0, 1, 2, 3; the level clamps at MAX_LEVEL 2 */
   for (int k = 0; k < 4; k++) {
      const float s = (float)(1 << k);
      gl.Uniform1f(uloc(p, "u_scale"), s / 256.0f);
      gl.Uniform2f(uloc(p, "u_want"), k > 2 ? 2.0f : (float)k, (float)k);
      glScissor(2 + 16 * k, 2, 12, 60);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, 2 + 16 * k, 2, 14 + 16 * k, 62, (rgba8){{0, 255, 0, 255}});
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("textureQueryLOD draws");
   check_frame("textureQueryLOD in GLSL ES 3.00", &m);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &mq.vbo);
   gl.DeleteVertexArrays(1, &mq.vao);
   glDeleteTextures(1, &t);
}

/* es3_group_vote: GL_EXT_shader_group_vote in a GLSL ES 3.00 vertex shader. A uniform bool is
 * the same in every invocation: anyInvocationEXT(!u) is !u, allInvocationsEXT(u) is u and
 * allInvocationsEqualEXT(u) true, however the invocations are grouped; two rectangles, u true
 * (magenta) and false (cyan). Where the extension is not listed (the GLES backend; the gate's
 * MGL_TEST_VK_NO_SUBGROUP_VOTE=1), `#extension ... : require` must not compile. */
static const char *VS_ES_VOTE = "#version 300 es\n"
                                "#extension GL_EXT_shader_group_vote : require\n"
                                "layout(location = 0) in vec2 a_pos;\n"
                                "uniform bool u;\n"
                                "out vec4 v_c;\n"
                                "void main() {\n"
                                "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                                "  v_c = vec4(allInvocationsEXT(u) ? 1.0 : 0.0,\n"
                                "             anyInvocationEXT(!u) ? 1.0 : 0.0,\n"
                                "             allInvocationsEqualEXT(u) ? 1.0 : 0.0, 1.0);\n"
                                "}\n";
static const char *FS_ES_VOTE = "#version 300 es\n"
                                "#extension GL_EXT_shader_group_vote : enable\n"
                                "precision mediump float;\n"
                                "in vec4 v_c;\n"
                                "out vec4 o;\n"
                                "void main() {\n"
                                "#ifdef GL_EXT_shader_group_vote\n"
                                "  o = v_c;\n"
                                "#else\n"
                                "  o = vec4(1.0, 1.0, 0.0, 1.0);\n"
                                "#endif\n"
                                "}\n";

void
sc_es3_group_vote(void)
{
   es_version(30);
   if (ext_withheld("GL_EXT_shader_group_vote", "MGL_TEST_VK_NO_SUBGROUP_VOTE", GL_VERTEX_SHADER,
                    VS_ES_VOTE)) {
      if (!on_mgl())
         fail("the reference GL does not list GL_EXT_shader_group_vote");
      skipped("GL_EXT_shader_group_vote is not listed");
      return;
   }
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = link_program_b(VS_ES_VOTE, FS_ES_VOTE, NULL, NULL);
   gl.UseProgram(p);
   float v[24];
   rect_vertices(v, 8, 8, 28, 56);
   rect_vertices(v + 12, 36, 8, 56, 56);
   mesh m = make_mesh(v, 12);
   gl.Uniform1i(uloc(p, "u"), 1);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform1i(uloc(p, "u"), 0);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   check_gl_error("draws voting in a GLSL ES 3.00 vertex shader");
   model md;
   model_init(&md, bg);
   model_rect(&md, 8, 8, 28, 56, to8(V4(1.0f, 0.0f, 1.0f, 1.0f)));
   model_rect(&md, 36, 8, 56, 56, to8(V4(0.0f, 1.0f, 1.0f, 1.0f)));
   check_frame("votes on a uniform", &md);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
}
