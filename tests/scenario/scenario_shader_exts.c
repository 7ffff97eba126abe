/* scenario_shader_exts.c — GLSL extensions backed by Vulkan device features (issue 20):
 * gl_ViewportIndex and gl_Layer from the vertex stage (GL_ARB_shader_viewport_layer_array,
 * GL_AMD_vertex_shader_layer), the stencil reference from the fragment stage
 * (GL_ARB_shader_stencil_export) and a clock (GL_ARB_shader_clock). Each is drawn and checked by
 * pixels where the extension is listed; where it is not (the gates hide the device feature with a
 * test knob), its `#extension ... : require` must fail to compile, and a renderer on Vulkan that
 * does not list it fails. Two GLSL extensions of built-ins alone, listed everywhere, drawn and
 * checked the same way: GL_ARB_shader_texture_lod's *GradARB lookups and
 * GL_AMD_shader_trinary_minmax's min3 / max3 / mid3. */
#include "scenario.h"

/* layer_viewport_vs: a vertex shader picks viewport 1 (the window's lower right quarter) with
 * gl_ViewportIndex, and another (GL_AMD_vertex_shader_layer) draws into layer 1 of a layered
 * 2D-array attachment with gl_Layer: layer 0 keeps its clear colour. Checked by pixels. */
void
sc_layer_viewport_vs(void)
{
   static const char *knob = "MGL_TEST_VK_NO_LAYER_VIEWPORT";
   static const char *vs_vp = "#version 150\n"
                              "#extension GL_ARB_shader_viewport_layer_array : require\n"
                              "in vec2 a_pos;\n"
                              "uniform int u_vp;\n"
                              "void main() {\n"
                              "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                              "  gl_ViewportIndex = u_vp;\n"
                              "}\n";
   static const char *vs_layer = "#version 150\n"
                                 "#extension GL_AMD_vertex_shader_layer : require\n"
                                 "in vec2 a_pos;\n"
                                 "void main() {\n"
                                 "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                                 "  gl_Layer = 1;\n"
                                 "}\n";
   static const char *fs = "#version 150\nuniform vec4 u_c;\nout vec4 o;\n"
                           "void main() { o = u_c; }\n";
   /* both checked: each one's listing and refusal is its own */
   const bool arb_off =
      ext_withheld("GL_ARB_shader_viewport_layer_array", knob, GL_VERTEX_SHADER, vs_vp);
   const bool amd_off =
      ext_withheld("GL_AMD_vertex_shader_layer", knob, GL_VERTEX_SHADER, vs_layer);
   if (arb_off || amd_off)
      return;
   static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   static const binding frags[] = {{"o", 0}, {NULL, 0}};
   float v[12];
   rect_vertices(v, 0, 0, 64, 64); /* the whole viewport */
   mesh m = make_mesh(v, 6);

   /* gl_ViewportIndex: viewport 1 is the lower right quarter, viewport 0 the window */
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = link_program_b(vs_vp, fs, attribs, frags);
   gl.UseProgram(p);
   glViewport(0, 0, 64, 64);
   gl.ViewportIndexedf(1, 32.0f, 0.0f, 32.0f, 32.0f);
   gl.Uniform1i(uloc(p, "u_vp"), 1);
   set_vec4(p, "u_c", V4(0.0f, 1.0f, 0.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw whose vertex shader writes gl_ViewportIndex");
   model md;
   model_init(&md, bg);
   model_rect(&md, 32, 0, 64, 32, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("gl_ViewportIndex from the vertex shader", &md);
   glViewport(0, 0, 64, 64);
   gl.UseProgram(0);
   gl.DeleteProgram(p);

   /* gl_Layer: layer 1 of a layered attachment, layer 0 left as cleared */
   GLuint tex, fbo[2];
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 8, 8, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.GenFramebuffers(2, fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("a layered 2D-array framebuffer is incomplete");
   glViewport(0, 0, 8, 8);
   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   p = link_program_b(vs_layer, fs, attribs, frags);
   gl.UseProgram(p);
   set_vec4(p, "u_c", V4(1.0f, 1.0f, 0.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw whose vertex shader writes gl_Layer");
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
   static const GLubyte want[2][4] = {{0, 0, 255, 255}, {255, 255, 0, 255}};
   for (int layer = 0; layer < 2; layer++) {
      gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, layer);
      GLubyte px[4] = {0};
      glReadPixels(4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      if (memcmp(px, want[layer], 4))
         fail("layer %d after a vertex shader wrote gl_Layer = 1: %u,%u,%u,%u, want %u,%u,%u,%u",
              layer, px[0], px[1], px[2], px[3], want[layer][0], want[layer][1], want[layer][2],
              want[layer][3]);
   }
   check_gl_error("reading the layers back");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, 64, 64);
   glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteFramebuffers(2, fbo);
   glDeleteTextures(1, &tex);
   gl.DeleteBuffers(1, &m.vbo);
}

/* Reads one pixel of the bound read framebuffer and fails unless it is want. */
static void
expect_rgba(const char *phase, int x, int y, const GLubyte want[4])
{
   GLubyte px[4] = {0};
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   if (memcmp(px, want, 4))
      fail("%s: pixel %d,%d is %u,%u,%u,%u, want %u,%u,%u,%u", phase, x, y, px[0], px[1], px[2],
           px[3], want[0], want[1], want[2], want[3]);
}

/* stencil_export: a fragment shader writes gl_FragStencilRefARB (5 in the left half of a 16x16
 * framebuffer, 9 in the right) under GL_REPLACE with the API's reference 1; draws that pass only
 * where the stencil is 5 (green) and 9 (blue) then colour the halves, checked by pixels. */
void
sc_stencil_export(void)
{
   static const char *vs = "#version 150\nin vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   static const char *fs_ref = "#version 150\n"
                               "#extension GL_ARB_shader_stencil_export : require\n"
                               "out vec4 o;\n"
                               "void main() {\n"
                               "  gl_FragStencilRefARB = gl_FragCoord.x < 8.0 ? 5 : 9;\n"
                               "  o = vec4(1.0, 0.0, 0.0, 1.0);\n"
                               "}\n";
   static const char *fs = "#version 150\nuniform vec4 u_c;\nout vec4 o;\n"
                           "void main() { o = u_c; }\n";
   if (ext_withheld("GL_ARB_shader_stencil_export", "MGL_TEST_VK_NO_STENCIL_EXPORT",
                    GL_FRAGMENT_SHADER, fs_ref))
      return;
   static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   static const binding frags[] = {{"o", 0}, {NULL, 0}};
   float v[12];
   rect_vertices(v, 0, 0, 64, 64);
   mesh m = make_mesh(v, 6);
   GLuint rb[2], fbo;
   gl.GenRenderbuffers(2, rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 16, 16);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("a colour + depth/stencil framebuffer is incomplete");
   glViewport(0, 0, 16, 16);
   glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
   glClearStencil(0);
   glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_ALWAYS, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   GLuint p_ref = link_program_b(vs, fs_ref, attribs, frags);
   gl.UseProgram(p_ref);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw whose fragment shader writes gl_FragStencilRefARB");
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   GLuint p = link_program_b(vs, fs, attribs, frags);
   gl.UseProgram(p);
   static const GLubyte green[4] = {0, 255, 0, 255}, blue[4] = {0, 0, 255, 255};
   glStencilFunc(GL_EQUAL, 5, 0xff);
   set_vec4(p, "u_c", V4(0.0f, 1.0f, 0.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glStencilFunc(GL_EQUAL, 9, 0xff);
   set_vec4(p, "u_c", V4(0.0f, 0.0f, 1.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draws testing the exported stencil values");
   expect_rgba("stencil 5 exported in the left half", 3, 8, green);
   expect_rgba("stencil 9 exported in the right half", 12, 8, blue);
   glDisable(GL_STENCIL_TEST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, 64, 64);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteProgram(p_ref);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(2, rb);
   gl.DeleteBuffers(1, &m.vbo);
}

/* shader_clock: GL_ARB_shader_clock's clock2x32ARB read twice in a fragment shader with work
 * between: the second read is not earlier than the first (the 64-bit counter read as two words;
 * a wrap of 2^64 is beyond any run), which paints the rect green instead of red. */
void
sc_shader_clock(void)
{
   static const char *vs = "#version 150\nin vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   static const char *fs = "#version 150\n"
                           "#extension GL_ARB_shader_clock : require\n"
                           "uniform float u_k;\n"
                           "out vec4 o;\n"
                           "void main() {\n"
                           "  uvec2 a = clock2x32ARB();\n"
                           "  float x = 0.0;\n"
                           "  for (int i = 0; i < 64; i++) x += sin(float(i) * u_k);\n"
                           "  uvec2 b = clock2x32ARB();\n"
                           "  bool later = b.y > a.y || (b.y == a.y && b.x >= a.x);\n"
                           "  o = later ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
                           "  o.b = clamp(x, 0.0, 0.0);\n"
                           "}\n";
   if (ext_withheld("GL_ARB_shader_clock", "MGL_TEST_VK_NO_SHADER_CLOCK", GL_FRAGMENT_SHADER, fs))
      return;
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   static const binding frags[] = {{"o", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, frags);
   gl.UseProgram(p);
   gl.Uniform1f(uloc(p, "u_k"), 0.25f);
   float v[12];
   rect_vertices(v, 8, 8, 56, 56);
   mesh m = make_mesh(v, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw reading clock2x32ARB");
   model md;
   model_init(&md, bg);
   model_rect(&md, 8, 8, 56, 56, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("clock2x32ARB read twice", &md);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &m.vbo);
}

/* texture_lod_grad: GL_ARB_shader_texture_lod's texture2DGradARB picks the mip level from the
 * gradients it is given: a 4x4 texture whose level 0 is red and level 1 green (GL_TEXTURE_MAX_LEVEL
 * 1, nearest-mipmap-nearest) reads red with zero gradients and green with a gradient of one texture
 * width (lod 2, clamped to 1): the lower left and lower right halves; the upper half shows the
 * vertex stage's lookup with the large gradient. Checked by pixels. */
void
sc_texture_lod_grad(void)
{
   static const char *vs =
      "#version 150\n"
      "#extension GL_ARB_shader_texture_lod : require\n"
      "in vec2 a_pos;\n"
      "uniform sampler2D u_t;\n"
      "out vec4 v_c;\n"
      "void main() {\n"
      "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
      "  v_c = texture2DGradARB(u_t, vec2(0.5), vec2(1.0, 0.0), vec2(0.0, 1.0));\n"
      "}\n";
   static const char *fs = "#version 150\n"
                           "#extension GL_ARB_shader_texture_lod : require\n"
                           "uniform sampler2D u_t;\n"
                           "in vec4 v_c;\n"
                           "out vec4 o;\n"
                           "void main() {\n"
                           "  vec2 g = gl_FragCoord.x < 32.0 ? vec2(0.0) : vec2(1.0, 0.0);\n"
                           "  o = gl_FragCoord.y < 32.0 ? texture2DGradARB(u_t, vec2(0.5), g, g.yx)"
                           " : v_c;\n"
                           "}\n";
   if (!has_ext("GL_ARB_shader_texture_lod"))
      fail("GL_ARB_shader_texture_lod is not listed");
   static const GLubyte red[4 * 16] = {
      255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255,
      255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255,
      255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255,
      255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255};
   static const GLubyte green[4 * 4] = {0, 255, 0, 255, 0, 255, 0, 255,
                                        0, 255, 0, 255, 0, 255, 0, 255};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, green);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("a two-level texture");
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   static const binding frags[] = {{"o", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, frags);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_t"), 0);
   float v[12];
   rect_vertices(v, 0, 0, 64, 64);
   mesh m = make_mesh(v, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw with texture2DGradARB");
   model md;
   model_init(&md, bg);
   model_rect(&md, 0, 0, 32, 32, to8(V4(1.0f, 0.0f, 0.0f, 1.0f)));
   model_rect(&md, 32, 0, 64, 32, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   model_rect(&md, 0, 32, 64, 64, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("texture2DGradARB: level 0 for zero gradients, level 1 for large ones", &md);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   glDeleteTextures(1, &tex);
   gl.DeleteBuffers(1, &m.vbo);
}

/* trinary_minmax: GL_AMD_shader_trinary_minmax's min3, max3 and mid3 on uniforms (so nothing
 * folds): vec4 mid3 in the lower left, float min3 / max3, int max3 and uint mid3 in the lower
 * right, ivec2 max3, int mid3 and uvec2 min3 in the upper half. Checked by pixels. */
void
sc_trinary_minmax(void)
{
   static const char *vs = "#version 150\nin vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   static const char *fs =
      "#version 150\n"
      "#extension GL_AMD_shader_trinary_minmax : require\n"
      "uniform vec4 u_a, u_b, u_c;\n"
      "uniform int u_i[6];\n"
      "out vec4 o;\n"
      "void main() {\n"
      "  ivec3 i = ivec3(u_i[0], u_i[1], u_i[2]);\n"
      "  uvec3 u = uvec3(ivec3(u_i[3], u_i[4], u_i[5]));\n"
      "  if (gl_FragCoord.y >= 32.0)\n"
      "    o = vec4(vec2(max3(i.xy, i.yz, i.zx)) / 8.0, float(mid3(i.x, i.y, i.z)) / 8.0,\n"
      "             float(min3(u.xy, u.yz, u.zx).y) / 8.0);\n"
      "  else if (gl_FragCoord.x >= 32.0)\n"
      "    o = vec4(min3(u_a.x, u_b.x, u_c.x), float(max3(i.x, i.y, i.z)) / 8.0,\n"
      "             float(mid3(u.x, u.y, u.z)) / 8.0, max3(u_a.w, u_b.w, u_c.w));\n"
      "  else\n"
      "    o = mid3(u_a, u_b, u_c);\n"
      "}\n";
   if (!has_ext("GL_AMD_shader_trinary_minmax"))
      fail("GL_AMD_shader_trinary_minmax is not listed");
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   static const binding frags[] = {{"o", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, frags);
   gl.UseProgram(p);
   set_vec4(p, "u_a", V4(0.2f, 1.0f, 0.0f, 0.4f));
   set_vec4(p, "u_b", V4(0.8f, 0.4f, 1.0f, 0.4f));
   set_vec4(p, "u_c", V4(0.6f, 0.6f, 0.2f, 1.0f));
   static const GLint ints[6] = {3, 7, -5, 1, 4, 2};
   gl.Uniform1iv(uloc(p, "u_i"), 6, ints);
   float v[12];
   rect_vertices(v, 0, 0, 64, 64);
   mesh m = make_mesh(v, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw with min3, max3 and mid3");
   model md;
   model_init(&md, bg);
   model_rect(&md, 0, 0, 32, 32, to8(V4(0.6f, 0.6f, 0.2f, 0.4f)));
   model_rect(&md, 32, 0, 64, 32, to8(V4(0.2f, 0.875f, 0.25f, 1.0f)));
   model_rect(&md, 0, 32, 64, 64, to8(V4(0.875f, 0.875f, 0.375f, 0.125f)));
   check_frame("min3, max3 and mid3", &md);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &m.vbo);
}
