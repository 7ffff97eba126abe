/* scenario_texview.c — GL_ARB_texture_view (GL 4.3, GL 4.6 §8.18): a view of another format of
 * one view class sampled and rendered to, checked by pixels and by the original's bytes; the
 * view outliving the original's name; glTextureView's errors and the view queries. */

#include "scenario.h"

static const char *FS_UINT = "#version 330 core\n"
                             "uniform usampler2D u_tex;\n"
                             "in vec2 v_uv;\n"
                             "out vec4 o_color;\n"
                             "void main() { o_color = vec4(texture(u_tex, v_uv)) / 255.0; }\n";
static const char *FS_FLOAT = "#version 330 core\n"
                              "uniform sampler2D u_tex;\n"
                              "in vec2 v_uv;\n"
                              "out vec4 o_color;\n"
                              "void main() { o_color = texture(u_tex, v_uv); }\n";
static const char *FS_SOLID =
   "#version 330 core\n"
   "out vec4 o_color;\n"
   "void main() { o_color = vec4(64.0, 128.0, 192.0, 255.0) / 255.0; }\n";

static void
expect_iv(GLenum pname, GLint want, const char *what)
{
   GLint v = -1;
   glGetTexParameteriv(GL_TEXTURE_2D, pname, &v);
   if (v != want)
      fail("%s: 0x%04x reads %d, expected %d", what, pname, v, want);
}

static void
view_errors(GLuint orig)
{
   GLuint t[3];
   glGenTextures(3, t);
   gl.TextureView(0, GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 1);
   expect_gl_error(GL_INVALID_VALUE, "glTextureView into texture 0");
   /* a name glGenTextures never gave (Mesa makes objects at glGenTextures already) */
   gl.TextureView(t[0], GL_TEXTURE_2D, t[2] + 1000, GL_RGBA8, 0, 1, 0, 1);
   expect_gl_error(GL_INVALID_VALUE, "glTextureView of a name that is no texture");
   glBindTexture(GL_TEXTURE_2D, t[1]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.TextureView(t[0], GL_TEXTURE_2D, t[1], GL_RGBA8, 0, 1, 0, 1);
   expect_gl_error(GL_INVALID_OPERATION, "glTextureView of a mutable texture");
   gl.TextureView(t[1], GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 1);
   expect_gl_error(GL_INVALID_OPERATION, "glTextureView into a texture that has a target");
   gl.TextureView(t[0], GL_TEXTURE_2D, orig, GL_R16F, 0, 1, 0, 1);
   expect_gl_error(GL_INVALID_OPERATION, "glTextureView in a format of another view class");
   gl.TextureView(t[0], GL_TEXTURE_3D, orig, GL_RGBA8, 0, 1, 0, 1);
   expect_gl_error(GL_INVALID_OPERATION, "glTextureView of a 2D texture as 3D");
   gl.TextureView(t[0], GL_TEXTURE_2D, orig, GL_RGBA8, 2, 1, 0, 1);
   expect_gl_error(GL_INVALID_VALUE, "glTextureView past the levels");
   gl.TextureView(t[0], GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 1, 1);
   expect_gl_error(GL_INVALID_VALUE, "glTextureView past the layers");
   gl.TextureView(t[0], GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 2);
   expect_gl_error(GL_INVALID_VALUE, "glTextureView of a 2D view of two layers");
   gl.TextureView(t[0], GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8, 0, 1, 0, 1);
   check_gl_error("glTextureView of a 2D texture as a 2D array");
   glDeleteTextures(3, t);
}

void
sc_texture_view(void)
{
   if (!has_ext("GL_ARB_texture_view")) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && renderer && strstr(renderer, "(Vulkan:"))
         fail("GL_ARB_texture_view not listed on renderer %s", renderer);
      skipped("GL_ARB_texture_view is not listed");
      return;
   }
   /* the original: RGBA8UI, two levels; level 0 holds (10, 200, 30, 255) */
   GLuint orig, view, fbo;
   glGenTextures(1, &orig);
   glBindTexture(GL_TEXTURE_2D, orig);
   gl.TexStorage2D(GL_TEXTURE_2D, 2, GL_RGBA8UI, 8, 8);
   GLubyte texels[8 * 8 * 4];
   for (int i = 0; i < 8 * 8; i++) {
      texels[4 * i] = 10, texels[4 * i + 1] = 200, texels[4 * i + 2] = 30;
      texels[4 * i + 3] = 255;
   }
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
   expect_iv(GL_TEXTURE_VIEW_NUM_LEVELS, 2, "the original");
   expect_iv(GL_TEXTURE_VIEW_NUM_LAYERS, 1, "the original");
   view_errors(orig);

   /* the view: the same texels as RGBA8 (one 32-bit class), level 0 only */
   glGenTextures(1, &view);
   gl.TextureView(view, GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 1);
   check_gl_error("glTextureView(GL_RGBA8 of GL_RGBA8UI)");
   glBindTexture(GL_TEXTURE_2D, view);
   expect_iv(GL_TEXTURE_IMMUTABLE_FORMAT, GL_TRUE, "the view");
   expect_iv(GL_TEXTURE_IMMUTABLE_LEVELS, 2, "the view");
   expect_iv(GL_TEXTURE_VIEW_MIN_LEVEL, 0, "the view");
   expect_iv(GL_TEXTURE_VIEW_NUM_LEVELS, 1, "the view");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint pf = link_program(VS_TEXTURED, FS_FLOAT), pu = link_program(VS_TEXTURED, FS_UINT);
   GLuint ps = link_program(VS_TEXTURED, FS_SOLID);
   /* 1. sampled through the view as unsigned normalized: 10/255 ... reads back 10 ... */
   gl.UseProgram(pf);
   gl.Uniform1i(uloc(pf, "u_tex"), 0);
   GLuint left = textured_quad_vao(0, 0, 32, 64);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("sampling the view");

   /* 2. rendered to through the view (RGBA8 attachment): (64, 128, 192, 255) unorm */
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, view, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("a framebuffer of the RGBA8 view is not complete");
   glViewport(0, 0, 8, 8);
   gl.UseProgram(ps);
   GLuint full = textured_quad_vao(0, 0, 64, 64);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, 64, 64);
   check_gl_error("rendering into the view");

   /* ... the original's bytes are the unorm encoding, read as integers */
   GLubyte got[8 * 8 * 4];
   glBindTexture(GL_TEXTURE_2D, orig);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, got);
   check_gl_error("glGetTexImage of the original");
   if (got[0] != 64 || got[1] != 128 || got[2] != 192 || got[3] != 255)
      fail("the original after drawing into the view holds %u %u %u %u, expected 64 128 192 255",
           got[0], got[1], got[2], got[3]);

   /* ... and read through the view (glGetTextureSubImage, view-relative level 0) */
   GLubyte one[4] = {0, 0, 0, 0};
   gl.GetTextureSubImage(view, 0, 1, 1, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(one), one);
   check_gl_error("glGetTextureSubImage of the view");
   if (one[0] != 64 || one[1] != 128 || one[2] != 192 || one[3] != 255)
      fail("texel (1,1) read through the view is %u %u %u %u, expected 64 128 192 255", one[0],
           one[1], one[2], one[3]);

   /* 3. the original's name goes; the view keeps the storage: sampled as integers on the right
    * through the original before, as unorm through the view after */
   gl.UseProgram(pu);
   gl.Uniform1i(uloc(pu, "u_tex"), 0);
   GLuint right = textured_quad_vao(32, 32, 64, 64);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDeleteTextures(1, &orig);
   glBindTexture(GL_TEXTURE_2D, view);
   gl.UseProgram(pf);
   GLuint low = textured_quad_vao(32, 0, 64, 32);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("the draws after the original was deleted");

   model m;
   model_init(&m, bg);
   model_rect(&m, 0, 0, 32, 64, (rgba8){{10, 200, 30, 255}});
   model_rect(&m, 32, 32, 64, 64, (rgba8){{64, 128, 192, 255}});
   model_rect(&m, 32, 0, 64, 32, (rgba8){{64, 128, 192, 255}});
   check_frame("view sampled (left), rendered to (right)", &m);
   gl.DeleteVertexArrays(1, &left);
   gl.DeleteVertexArrays(1, &right);
   gl.DeleteVertexArrays(1, &low);
   gl.DeleteVertexArrays(1, &full);
   gl.DeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &view);
}

/* texture_view_orphan: the original's name goes before anything read its uploads (piglit
 * arb_texture_view-rendering-target's order): a 2D array texture of two levels and two layers,
 * each level's texels uploaded, a view of it made, the original deleted at once, then each level
 * sampled through the view (layer 1). The uploads are the shared storage's: they must reach it
 * (they read back 0 when the deletion dropped them, on lavapipe and on NVIDIA). */
void
sc_texture_view_orphan(void)
{
   static const char *fs = "#version 330 core\n"
                           "uniform sampler2DArray u_tex;\n"
                           "in vec2 v_uv;\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = texture(u_tex, vec3(v_uv, 1.0)); }\n";
   if (!has_ext("GL_ARB_texture_view")) {
      skipped("GL_ARB_texture_view is not listed");
      return;
   }
   const GLubyte colour[2][4] = {{200, 40, 10, 255}, {20, 90, 220, 255}};
   GLuint orig, view;
   glGenTextures(1, &orig);
   glBindTexture(GL_TEXTURE_2D_ARRAY, orig);
   gl.TexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 8, 8, 2);
   for (int l = 0; l < 2; l++) {
      const int side = 8 >> l;
      GLubyte texels[8 * 8 * 2 * 4];
      for (int i = 0; i < side * side * 2; i++)
         memcpy(texels + 4 * i, colour[l], 4);
      gl.TexSubImage3D(GL_TEXTURE_2D_ARRAY, l, 0, 0, 0, side, side, 2, GL_RGBA, GL_UNSIGNED_BYTE,
                       texels);
   }
   glGenTextures(1, &view);
   gl.TextureView(view, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8, 0, 2, 0, 2);
   glDeleteTextures(1, &orig);
   check_gl_error("a 2D array view, its original deleted");
   glBindTexture(GL_TEXTURE_2D_ARRAY, view);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = link_program(VS_TEXTURED, fs);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   model m;
   model_init(&m, bg);
   GLuint vao[2];
   for (int l = 0; l < 2; l++) {
      glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_BASE_LEVEL, l);
      glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAX_LEVEL, l);
      vao[l] = textured_quad_vao(32.0f * l, 0, 32.0f * l + 32, 64);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, 32 * l, 0, 32 * l + 32, 64,
                 (rgba8){{colour[l][0], colour[l][1], colour[l][2], colour[l][3]}});
   }
   check_gl_error("sampling the view's levels");
   check_frame("each level of the orphaned view", &m);
   gl.DeleteVertexArrays(2, vao);
   glDeleteTextures(1, &view);
   gl.DeleteProgram(p);
}

/* Reads layer `layer` of `tex` (a 2D array) through a framebuffer, whole, and fails unless every
 * texel is `want`. */
static void
expect_layer(GLuint fbo, GLuint tex, int layer, const GLubyte want[4], const char *what)
{
   GLubyte got[8 * 8 * 4];
   memset(got, 0xa5, sizeof(got));
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, layer);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("%s: a framebuffer of layer %d is not complete", what, layer);
   glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check_gl_error(what);
   for (int i = 0; i < 8 * 8; i++)
      if (memcmp(got + 4 * i, want, 4))
         fail("%s: layer %d texel (%d,%d) reads %u %u %u %u, expected %u %u %u %u", what, layer,
              i % 8, i / 8, got[4 * i], got[4 * i + 1], got[4 * i + 2], got[4 * i + 3], want[0],
              want[1], want[2], want[3]);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* texture_view_fbo_read: uploads into a 2D array texture that has a view, read back through a
 * framebuffer (how piglit's arb_texture_view-*_gles3 tests read, ES having no glGetTexImage):
 * four layers uploaded through the original, a view of layers 1-2, layer 2 uploaded again
 * through the view (its layer 1) and layer 1 cleared through a framebuffer of the view; then
 * each layer of the original and of the view attached to a framebuffer and read whole. */
void
sc_texture_view_fbo_read(void)
{
   if (!has_ext("GL_ARB_texture_view")) {
      skipped("GL_ARB_texture_view is not listed");
      return;
   }
   const GLubyte colour[4][4] = {
      {200, 40, 10, 255}, {20, 90, 220, 255}, {120, 250, 60, 255}, {5, 6, 7, 8}};
   const GLubyte through_view[4] = {70, 80, 90, 100}, cleared[4] = {255, 0, 255, 255};
   GLuint orig, view, fbo;
   GLubyte texels[8 * 8 * 4];
   glGenTextures(1, &orig);
   glBindTexture(GL_TEXTURE_2D_ARRAY, orig);
   gl.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 8, 8, 4);
   for (int l = 0; l < 4; l++) {
      tex3d_fill(texels, 8 * 8, colour[l]);
      gl.TexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, l, 8, 8, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   }
   glGenTextures(1, &view);
   gl.TextureView(view, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8, 0, 1, 1, 2);
   check_gl_error("a view of layers 1-2 of a 2D array texture");
   gl.GenFramebuffers(1, &fbo);

   /* an upload through the view (view layer 1 is layer 2) and a clear of a framebuffer of the
    * view's layer 0 (layer 1), before anything read the original's uploads */
   glBindTexture(GL_TEXTURE_2D_ARRAY, view);
   tex3d_fill(texels, 8 * 8, through_view);
   gl.TexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 8, 8, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, view, 0, 0);
   glViewport(0, 0, 8, 8);
   glClearColor(1.0f, 0.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, 64, 64);
   check_gl_error("an upload and a clear through the view");
   const GLubyte *after[4] = {colour[0], cleared, through_view, colour[3]};
   for (int l = 0; l < 4; l++)
      expect_layer(fbo, orig, l, after[l], "the original after the view's upload and clear");
   expect_layer(fbo, view, 0, cleared, "the view after its upload and clear");
   expect_layer(fbo, view, 1, through_view, "the view after its upload and clear");

   gl.DeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &view);
   glDeleteTextures(1, &orig);
   check_window_cleared("the window (the scenario reads framebuffer objects only)");
}
