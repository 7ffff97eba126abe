/* scenario_stencil8.c — GL_ARB_texture_stencil8 (GL 4.4, GL 4.6 §8.5): a GL_STENCIL_INDEX8
 * texture uploaded with GL_STENCIL_INDEX texels and sampled as unsigned integers; another one
 * as a framebuffer's stencil attachment, cleared, written by stencil ops, tested against and
 * read back with glGetTexImage(GL_STENCIL_INDEX); the spec's errors. */

#include "scenario.h"

static const char *FS_STENCIL = "#version 330 core\n"
                                "uniform usampler2D u_tex;\n"
                                "in vec2 v_uv;\n"
                                "out vec4 o_color;\n"
                                "void main() {\n"
                                "   uint s = texture(u_tex, v_uv).r;\n"
                                "   o_color = vec4(float(s) / 255.0, 0.0, 0.0, 1.0);\n"
                                "}\n";
static const char *FS_GREEN = "#version 330 core\n"
                              "out vec4 o_color;\n"
                              "void main() { o_color = vec4(0.0, 1.0, 0.0, 1.0); }\n";

static void
stencil8_errors(void)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_3D, t);
   glTexImage3D(GL_TEXTURE_3D, 0, GL_STENCIL_INDEX8, 4, 4, 4, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE,
                NULL);
   expect_gl_error(GL_INVALID_OPERATION, "glTexImage3D(GL_TEXTURE_3D, GL_STENCIL_INDEX8)");
   glBindTexture(GL_TEXTURE_2D, t);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "glTexImage2D(GL_STENCIL_INDEX8) of GL_RED texels");
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_STENCIL_INDEX, 4, 4);
   expect_gl_error(GL_INVALID_ENUM, "glTexStorage2D of the unsized GL_STENCIL_INDEX");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, 4, 4, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE,
                NULL);
   check_gl_error("glTexImage2D of the unsized GL_STENCIL_INDEX");
   glDeleteTextures(1, &t);
}

void
sc_texture_stencil8(void)
{
   if (!has_ext("GL_ARB_texture_stencil8")) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && renderer && strstr(renderer, "(Vulkan:"))
         fail("GL_ARB_texture_stencil8 not listed on renderer %s", renderer);
      skipped("GL_ARB_texture_stencil8 is not listed");
      return;
   }
   stencil8_errors();

   /* 1. uploaded: columns 0-3 hold 0x40, 4-7 hold 0xc0 */
   GLuint tex, st, col, fbo;
   GLubyte texels[8 * 8];
   for (int i = 0; i < 8 * 8; i++)
      texels[i] = i % 8 < 4 ? 0x40 : 0xc0;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 8, 8, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE,
                texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("glTexImage2D(GL_STENCIL_INDEX8)");
   GLint ifmt = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &ifmt);
   if (ifmt != GL_STENCIL_INDEX8)
      fail("GL_TEXTURE_INTERNAL_FORMAT reads 0x%04x, expected GL_STENCIL_INDEX8", ifmt);

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint ps = link_program(VS_TEXTURED, FS_STENCIL), pg = link_program(VS_TEXTURED, FS_GREEN);
   gl.UseProgram(ps);
   gl.Uniform1i(uloc(ps, "u_tex"), 0);
   GLuint top = textured_quad_vao(0, 32, 64, 64);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("sampling the stencil texture");

   /* 2. a stencil attachment (glTexStorage2D): cleared to 5, 9 replaced over its left half */
   glGenTextures(1, &st);
   glBindTexture(GL_TEXTURE_2D, st);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_STENCIL_INDEX8, 8, 8);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glGenTextures(1, &col);
   glBindTexture(GL_TEXTURE_2D, col);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, col, 0);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_TEXTURE_2D, st, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("a framebuffer with a GL_STENCIL_INDEX8 texture attached is not complete");
   glViewport(0, 0, 8, 8);
   glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
   glClearStencil(5);
   glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_ALWAYS, 9, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   gl.UseProgram(pg);
   GLuint left = textured_quad_vao(0, 0, 32, 64); /* the left half of the 8x8 viewport */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   /* ... the stencil test passes green where 9 was written */
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glStencilFunc(GL_EQUAL, 9, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   GLuint full = textured_quad_vao(0, 0, 64, 64);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_STENCIL_TEST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, 64, 64);
   check_gl_error("drawing with the stencil texture attached");

   GLubyte got[8 * 8];
   memset(got, 0xee, sizeof(got));
   glBindTexture(GL_TEXTURE_2D, st);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, got);
   check_gl_error("glGetTexImage(GL_STENCIL_INDEX)");
   for (int i = 0; i < 8 * 8; i++)
      if (got[i] != (i % 8 < 4 ? 9 : 5))
         fail("stencil texel (%d,%d) reads %u, expected %u", i % 8, i / 8, got[i],
              i % 8 < 4 ? 9u : 5u);
   GLubyte c[8 * 8 * 4];
   glBindTexture(GL_TEXTURE_2D, col);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, c);
   for (int i = 0; i < 8 * 8; i++)
      if (c[4 * i + 1] != (i % 8 < 4 ? 255 : 0))
         fail("the stencil-tested colour at (%d,%d) has green %u", i % 8, i / 8, c[4 * i + 1]);

   /* 3. the attachment sampled in the bottom half: 9 left, 5 right */
   glBindTexture(GL_TEXTURE_2D, st);
   gl.UseProgram(ps);
   GLuint bottom = textured_quad_vao(0, 0, 64, 32);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("sampling the stencil attachment");

   model m;
   model_init(&m, bg);
   model_rect(&m, 0, 32, 32, 64, (rgba8){{0x40, 0, 0, 255}});
   model_rect(&m, 32, 32, 64, 64, (rgba8){{0xc0, 0, 0, 255}});
   model_rect(&m, 0, 0, 32, 32, (rgba8){{9, 0, 0, 255}});
   model_rect(&m, 32, 0, 64, 32, (rgba8){{5, 0, 0, 255}});
   check_frame("stencil textures sampled: uploaded (top), drawn into (bottom)", &m);
   gl.DeleteVertexArrays(1, &top);
   gl.DeleteVertexArrays(1, &left);
   gl.DeleteVertexArrays(1, &full);
   gl.DeleteVertexArrays(1, &bottom);
   gl.DeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
   glDeleteTextures(1, &st);
   glDeleteTextures(1, &col);
}
