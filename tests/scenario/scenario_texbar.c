/* scenario_texbar.c — GL_ARB_texture_barrier / GL_NV_texture_barrier (GL 4.5 §9.3.1): a texture
 * level sampled while it is the framebuffer's colour attachment (a feedback loop), each texel
 * read and written once per pass with glTextureBarrier (or glTextureBarrierNV) between passes
 * ("programmable blending"); the loop ended by another texture for part of the target and begun
 * again; the texels read back exactly, then sampled into the window. */

#include "scenario.h"

#define TB_SIZE 8
#define TB_PASSES 6

/* One blend step, in the shader and on the CPU: bytes in, bytes out, exact in RGBA8. */
static const char *FS_STEP = "#version 330 core\n"
                             "uniform sampler2D u_tex;\n"
                             "uniform int u_pass;\n"
                             "out vec4 o_color;\n"
                             "void main() {\n"
                             "   ivec2 p = ivec2(gl_FragCoord.xy);\n"
                             "   uvec4 c = uvec4(round(texelFetch(u_tex, p % 8, 0) * 255.0));\n"
                             "   c.r = (c.r * 3u + 1u) & 255u;\n"
                             "   c.g = (c.g + c.r + uint(u_pass)) & 255u;\n"
                             "   c.b = c.b ^ c.r;\n"
                             "   o_color = vec4(c) / 255.0;\n"
                             "}\n";

static void
step(GLubyte *c, int pass)
{
   c[0] = (GLubyte)((c[0] * 3u + 1u) & 255u);
   c[1] = (GLubyte)((c[1] + c[0] + (unsigned)pass) & 255u);
   c[2] = (GLubyte)(c[2] ^ c[0]);
}

/* The window pixel's colour: the texel it samples, 8x8 pixels a texel. */
static rgba8
texel_at(const void *ctx, int x, int y)
{
   const GLubyte *c = (const GLubyte *)ctx + ((y * TB_SIZE / H) * TB_SIZE + x * TB_SIZE / W) * 4;
   return (rgba8){{c[0], c[1], c[2], c[3]}};
}

static void
barrier(int pass)
{
   /* both names: the ARB one (core in GL 4.5) and the NV one */
   if (pass % 2)
      gl.TextureBarrierNV();
   else
      gl.TextureBarrier();
   check_gl_error("glTextureBarrier");
}

void
sc_texture_barrier(void)
{
   if (!has_ext("GL_ARB_texture_barrier") || !has_ext("GL_NV_texture_barrier")) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && renderer && strstr(renderer, "(Vulkan:"))
         fail("GL_ARB_texture_barrier / GL_NV_texture_barrier not listed on renderer %s", renderer);
      skipped("GL_ARB_texture_barrier or GL_NV_texture_barrier is not listed");
      return;
   }
   GLubyte want[TB_SIZE * TB_SIZE * 4], init[TB_SIZE * TB_SIZE * 4];
   for (int y = 0; y < TB_SIZE; y++)
      for (int x = 0; x < TB_SIZE; x++) {
         GLubyte *c = &init[(y * TB_SIZE + x) * 4];
         c[0] = (GLubyte)(x * 16 + y * 2 + 1);
         c[1] = (GLubyte)(255 - x * 8 - y);
         c[2] = (GLubyte)(y * 20 + x);
         c[3] = 255;
      }
   memcpy(want, init, sizeof(want));

   GLuint tex, other, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, TB_SIZE, TB_SIZE);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, TB_SIZE, TB_SIZE, GL_RGBA, GL_UNSIGNED_BYTE, init);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   /* another texture, one colour, that ends the loop over a corner */
   const GLubyte other_c[4] = {0x21, 0x43, 0x65, 255};
   GLubyte other_texels[TB_SIZE * TB_SIZE * 4];
   for (int i = 0; i < TB_SIZE * TB_SIZE; i++)
      memcpy(&other_texels[i * 4], other_c, 4);
   glGenTextures(1, &other);
   glBindTexture(GL_TEXTURE_2D, other);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, TB_SIZE, TB_SIZE);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, TB_SIZE, TB_SIZE, GL_RGBA, GL_UNSIGNED_BYTE,
                   other_texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("texture setup");

   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("a framebuffer with an RGBA8 texture attached is not complete");
   glViewport(0, 0, TB_SIZE, TB_SIZE);
   GLuint prog = link_program(VS_TEXTURED, FS_STEP);
   gl.UseProgram(prog);
   gl.Uniform1i(uloc(prog, "u_tex"), 0);
   const GLint pass_loc = uloc(prog, "u_pass");
   GLuint quad = textured_quad_vao(0, 0, 64, 64);   /* the whole viewport */
   GLuint corner = textured_quad_vao(0, 0, 32, 32); /* its bottom-left quarter */
   int pass = 0;

   /* 1. the loop: every pass reads each texel the one before wrote */
   glBindTexture(GL_TEXTURE_2D, tex);
   for (; pass < TB_PASSES; pass++) {
      gl.Uniform1i(pass_loc, pass);
      gl.BindVertexArray(quad);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      barrier(pass);
      for (int i = 0; i < TB_SIZE * TB_SIZE; i++)
         step(&want[i * 4], pass);
   }
   check_gl_error("feedback-loop passes");

   /* 2. the loop ends: the corner reads the other texture */
   glBindTexture(GL_TEXTURE_2D, other);
   gl.Uniform1i(pass_loc, pass);
   gl.BindVertexArray(corner);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   for (int y = 0; y < TB_SIZE / 2; y++)
      for (int x = 0; x < TB_SIZE / 2; x++) {
         GLubyte *c = &want[(y * TB_SIZE + x) * 4];
         memcpy(c, other_c, 4);
         step(c, pass);
      }
   pass++;
   /* 3. and begins again over the whole target, after a barrier */
   barrier(pass);
   glBindTexture(GL_TEXTURE_2D, tex);
   gl.Uniform1i(pass_loc, pass);
   gl.BindVertexArray(quad);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   for (int i = 0; i < TB_SIZE * TB_SIZE; i++)
      step(&want[i * 4], pass);
   check_gl_error("the loop ended and begun again");

   GLubyte got[TB_SIZE * TB_SIZE * 4];
   memset(got, 0xee, sizeof(got));
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, TB_SIZE, TB_SIZE, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check_gl_error("glReadPixels of the looped texture");
   for (int i = 0; i < TB_SIZE * TB_SIZE; i++)
      if (memcmp(&got[i * 4], &want[i * 4], 4))
         fail("texel (%d,%d) reads %02x%02x%02x%02x, expected %02x%02x%02x%02x", i % TB_SIZE,
              i / TB_SIZE, got[i * 4], got[i * 4 + 1], got[i * 4 + 2], got[i * 4 + 3], want[i * 4],
              want[i * 4 + 1], want[i * 4 + 2], want[i * 4 + 3]);

   /* 4. the texture sampled into the window: 8x8 pixels a texel */
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint show = link_program(VS_TEXTURED, FS_TEXTURED);
   gl.UseProgram(show);
   gl.Uniform1i(uloc(show, "u_tex"), 0);
   gl.BindVertexArray(quad);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("sampling the looped texture");
   model m;
   model_init(&m, bg);
   model_rect_fn(&m, 0, 0, W, H, texel_at, want);
   check_frame("a texture blended in its shader over barriers, sampled", &m);

   gl.DeleteVertexArrays(1, &quad);
   gl.DeleteVertexArrays(1, &corner);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteProgram(prog);
   gl.DeleteProgram(show);
   glDeleteTextures(1, &tex);
   glDeleteTextures(1, &other);
}
