/* scenario_blendadv.c — GL_KHR_blend_equation_advanced (ES 3.2 §15.1.5, GL_KHR_blend_equation_advanced):
 * every one of the 15 equations drawn over known destination colours, on an RGBA8 texture
 * attached to a framebuffer object and on the default framebuffer, each pixel against a C model
 * of the extension's formulas (f, X/Y/Z, premultiplied source and destination, the HSL helpers)
 * within 2/255, and on an RGBA8 renderbuffer; each cell blended once, glBlendBarrierKHR between
 * rows (the non-coherent extension's one-blend-per-pixel rule), and one pixel blended twice
 * with a barrier between. Then the extension's errors: glBlendEquationSeparate
 * refuses the equations, a draw whose fragment shader declares no blend_support for the
 * equation, or that draws into a second draw buffer, is GL_INVALID_OPERATION.
 * blend_advanced runs in the desktop context, blend_advanced_es in an ES 3.1 one. */

#include <math.h>

#include "scenario.h"

#ifndef GL_MULTIPLY_KHR
#define GL_MULTIPLY_KHR 0x9294
#define GL_SCREEN_KHR 0x9295
#define GL_OVERLAY_KHR 0x9296
#define GL_DARKEN_KHR 0x9297
#define GL_LIGHTEN_KHR 0x9298
#define GL_COLORDODGE_KHR 0x9299
#define GL_COLORBURN_KHR 0x929A
#define GL_HARDLIGHT_KHR 0x929B
#define GL_SOFTLIGHT_KHR 0x929C
#define GL_DIFFERENCE_KHR 0x929E
#define GL_EXCLUSION_KHR 0x92A0
#define GL_HSL_HUE_KHR 0x92AD
#define GL_HSL_SATURATION_KHR 0x92AE
#define GL_HSL_COLOR_KHR 0x92AF
#define GL_HSL_LUMINOSITY_KHR 0x92B0
#endif

static const GLenum BA_EQ[15] = {
   GL_MULTIPLY_KHR,       GL_SCREEN_KHR,     GL_OVERLAY_KHR,        GL_DARKEN_KHR,
   GL_LIGHTEN_KHR,        GL_COLORDODGE_KHR, GL_COLORBURN_KHR,      GL_HARDLIGHT_KHR,
   GL_SOFTLIGHT_KHR,      GL_DIFFERENCE_KHR, GL_EXCLUSION_KHR,      GL_HSL_HUE_KHR,
   GL_HSL_SATURATION_KHR, GL_HSL_COLOR_KHR,  GL_HSL_LUMINOSITY_KHR,
};
#define BA_NEQ 15
#define BA_NPAIR 8
#define BA_CELL 4 /* pixels a side */

/* (source, destination) pairs, premultiplied (rgb <= a, as the extension takes them), in bytes:
 * each a cell */
static const GLubyte BA_SRC[BA_NPAIR][4] = {
   {200, 40, 120, 255}, {30, 90, 160, 200}, {255, 255, 0, 255},  {100, 150, 50, 160},
   {10, 240, 128, 255}, {0, 0, 0, 0},       {180, 60, 250, 255}, {64, 128, 192, 255},
};
static const GLubyte BA_DST[BA_NPAIR][4] = {
   {50, 100, 200, 255}, {220, 30, 90, 255}, {128, 128, 128, 255}, {40, 200, 120, 220},
   {120, 20, 60, 128},  {90, 45, 180, 255}, {0, 0, 0, 255},       {255, 255, 255, 255},
};

/* ---- the model: KHR_blend_equation_advanced's formulas ---------------------------------- */

static float
ba_min3(const float c[3])
{
   return fminf(c[0], fminf(c[1], c[2]));
}
static float
ba_max3(const float c[3])
{
   return fmaxf(c[0], fmaxf(c[1], c[2]));
}
static float
ba_lum(const float c[3])
{
   return 0.30f * c[0] + 0.59f * c[1] + 0.11f * c[2];
}

static void
ba_clip_color(float c[3])
{
   const float l = ba_lum(c), mn = ba_min3(c), mx = ba_max3(c);
   if (mn < 0.0f)
      for (int i = 0; i < 3; i++)
         c[i] = l + ((c[i] - l) * l) / (l - mn);
   if (mx > 1.0f)
      for (int i = 0; i < 3; i++)
         c[i] = l + ((c[i] - l) * (1.0f - l)) / (mx - l);
}

static void
ba_set_lum(const float base[3], const float lum[3], float out[3])
{
   const float d = ba_lum(lum) - ba_lum(base);
   for (int i = 0; i < 3; i++)
      out[i] = base[i] + d;
   ba_clip_color(out);
}

static void
ba_set_lum_sat(const float base[3], const float sat[3], const float lum[3], float out[3])
{
   const float mn = ba_min3(base), sb = ba_max3(base) - mn, ss = ba_max3(sat) - ba_min3(sat);
   float c[3];
   for (int i = 0; i < 3; i++)
      c[i] = sb > 0.0f ? (base[i] - mn) * ss / sb : 0.0f;
   ba_set_lum(c, lum, out);
}

static float
ba_f(int eq, float s, float d)
{
   switch (eq) {
   case 0: return s * d;
   case 1: return s + d - s * d;
   case 2: return d <= 0.5f ? 2.0f * s * d : 1.0f - 2.0f * (1.0f - s) * (1.0f - d);
   case 3: return fminf(s, d);
   case 4: return fmaxf(s, d);
   case 5: return d <= 0.0f ? 0.0f : s >= 1.0f ? 1.0f : fminf(1.0f, d / (1.0f - s));
   case 6: return d >= 1.0f ? 1.0f : s <= 0.0f ? 0.0f : 1.0f - fminf(1.0f, (1.0f - d) / s);
   case 7: return s <= 0.5f ? 2.0f * s * d : 1.0f - 2.0f * (1.0f - s) * (1.0f - d);
   case 8:
      if (s <= 0.5f)
         return d - (1.0f - 2.0f * s) * d * (1.0f - d);
      if (d <= 0.25f)
         return d + (2.0f * s - 1.0f) * d * ((16.0f * d - 12.0f) * d + 3.0f);
      return d + (2.0f * s - 1.0f) * (sqrtf(d) - d);
   case 9: return fabsf(d - s);
   default: return s + d - 2.0f * s * d; /* 10: exclusion */
   }
}

/* The blended colour of source s over destination d (bytes, as stored), in [0, 1]. */
static void
ba_model(int eq, const GLubyte sb[4], const GLubyte db[4], float out[4])
{
   float s[4], d[4];
   for (int i = 0; i < 4; i++) {
      s[i] = sb[i] / 255.0f;
      d[i] = db[i] / 255.0f;
   }
   float cs[3], cd[3], f[3];
   for (int i = 0; i < 3; i++) {
      cs[i] = s[3] > 0.0f ? s[i] / s[3] : 0.0f;
      cd[i] = d[3] > 0.0f ? d[i] / d[3] : 0.0f;
   }
   if (eq <= 10)
      for (int i = 0; i < 3; i++)
         f[i] = ba_f(eq, cs[i], cd[i]);
   else if (eq == 11)
      ba_set_lum_sat(cs, cd, cd, f);
   else if (eq == 12)
      ba_set_lum_sat(cd, cs, cd, f);
   else if (eq == 13)
      ba_set_lum(cs, cd, f);
   else
      ba_set_lum(cd, cs, f);
   const float p0 = s[3] * d[3], p1 = s[3] * (1.0f - d[3]), p2 = d[3] * (1.0f - s[3]);
   for (int i = 0; i < 3; i++)
      out[i] = f[i] * p0 + cs[i] * p1 + cd[i] * p2;
   out[3] = p0 + p1 + p2;
   for (int i = 0; i < 4; i++)
      out[i] = fminf(1.0f, fmaxf(0.0f, out[i]));
}

/* ---- the draws ---------------------------------------------------------------------------- */

static const char *BA_VS = "#version 330 core\n"
                           "layout(location = 0) in vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
static const char *BA_FS = "#version 330 core\n"
                           "#extension GL_KHR_blend_equation_advanced : require\n"
                           "layout(blend_support_all_equations) out;\n"
                           "uniform vec4 u_color;\n"
                           "layout(location = 0) out vec4 o_color;\n"
                           "void main() { o_color = u_color; }\n";
/* declares one equation only (multiply): the draw with screen is GL_INVALID_OPERATION */
static const char *BA_FS_MULTIPLY = "#version 330 core\n"
                                    "#extension GL_KHR_blend_equation_advanced : require\n"
                                    "layout(blend_support_multiply) out;\n"
                                    "uniform vec4 u_color;\n"
                                    "layout(location = 0) out vec4 o_color;\n"
                                    "void main() { o_color = u_color; }\n";
static const char *BA_VS_ES = "#version 310 es\n"
                              "layout(location = 0) in vec2 a_pos;\n"
                              "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
static const char *BA_FS_ES = "#version 310 es\n"
                              "#extension GL_KHR_blend_equation_advanced : require\n"
                              "precision highp float;\n"
                              "layout(blend_support_all_equations) out;\n"
                              "uniform vec4 u_color;\n"
                              "layout(location = 0) out vec4 o_color;\n"
                              "void main() { o_color = u_color; }\n";
static const char *BA_FS_ES_MULTIPLY = "#version 310 es\n"
                                       "#extension GL_KHR_blend_equation_advanced : require\n"
                                       "precision highp float;\n"
                                       "layout(blend_support_multiply) out;\n"
                                       "uniform vec4 u_color;\n"
                                       "layout(location = 0) out vec4 o_color;\n"
                                       "void main() { o_color = u_color; }\n";

typedef void (*ba_barrier_fn)(void);

/* Fills the destination cells (scissored clears), draws each equation row over them with a
 * barrier after each row, reads the grid back and compares it with the model. has_alpha: the
 * target stores alpha (a default framebuffer may not: its alpha then reads 1). */
static void
ba_grid(const char *what, GLuint prog, GLuint vao, int x0, int y0, bool has_alpha,
        ba_barrier_fn barrier)
{
   const int gw = BA_NPAIR * BA_CELL, gh = BA_NEQ * BA_CELL;
   glEnable(GL_SCISSOR_TEST);
   for (int e = 0; e < BA_NEQ; e++)
      for (int p = 0; p < BA_NPAIR; p++) {
         const GLubyte *d = BA_DST[p];
         glScissor(x0 + p * BA_CELL, y0 + e * BA_CELL, BA_CELL, BA_CELL);
         glClearColor(d[0] / 255.0f, d[1] / 255.0f, d[2] / 255.0f, d[3] / 255.0f);
         glClear(GL_COLOR_BUFFER_BIT);
      }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("the destination cells");
   gl.UseProgram(prog);
   const GLint col = uloc(prog, "u_color");
   gl.BindVertexArray(vao);
   glEnable(GL_BLEND);
   for (int e = 0; e < BA_NEQ; e++) {
      gl.BlendEquation(BA_EQ[e]);
      for (int p = 0; p < BA_NPAIR; p++) {
         const GLubyte *s = BA_SRC[p];
         glViewport(x0 + p * BA_CELL, y0 + e * BA_CELL, BA_CELL, BA_CELL);
         gl.Uniform4f(col, s[0] / 255.0f, s[1] / 255.0f, s[2] / 255.0f, s[3] / 255.0f);
         glDrawArrays(GL_TRIANGLES, 0, 6);
      }
      barrier();
   }
   glDisable(GL_BLEND);
   gl.BlendEquation(GL_FUNC_ADD);
   check_gl_error("the advanced blends");

   GLubyte *got = malloc((size_t)gw * gh * 4);
   if (!got)
      fail("out of memory");
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(x0, y0, gw, gh, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check_gl_error("glReadPixels of the blended cells");
   int bad = 0;
   char first[256] = "";
   for (int e = 0; e < BA_NEQ; e++)
      for (int p = 0; p < BA_NPAIR; p++) {
         GLubyte d[4];
         memcpy(d, BA_DST[p], 4);
         if (!has_alpha)
            d[3] = 255;
         float want[4];
         ba_model(e, BA_SRC[p], d, want);
         for (int y = 0; y < BA_CELL; y++)
            for (int x = 0; x < BA_CELL; x++) {
               const GLubyte *g = &got[(((size_t)e * BA_CELL + y) * gw + p * BA_CELL + x) * 4];
               for (int i = 0; i < (has_alpha ? 4 : 3); i++) {
                  if (fabsf(g[i] - want[i] * 255.0f) <= 2.0f)
                     continue;
                  if (!bad++)
                     snprintf(first, sizeof(first),
                              "equation 0x%04x, source %u,%u,%u,%u over %u,%u,%u,%u: pixel "
                              "(%d,%d) reads %u,%u,%u,%u, the formulas give %.1f,%.1f,%.1f,%.1f",
                              BA_EQ[e], BA_SRC[p][0], BA_SRC[p][1], BA_SRC[p][2], BA_SRC[p][3],
                              d[0], d[1], d[2], d[3], p * BA_CELL + x, e * BA_CELL + y, g[0], g[1],
                              g[2], g[3], want[0] * 255.0f, want[1] * 255.0f, want[2] * 255.0f,
                              want[3] * 255.0f);
                  break;
               }
            }
      }
   free(got);
   if (bad)
      fail("%s: %d channel(s) off by more than 2/255; first: %s", what, bad, first);
}

static bool ba_es;

/* One pixel blended twice, the second blend after glBlendBarrierKHR: it sees the first
 * (KHR_blend_equation_advanced: each blend after a barrier reads what the ones before it
 * wrote). Bytes stored in between, as the model rounds them. */
static void
ba_twice(GLuint prog, GLuint vao)
{
   static const GLubyte dst[4] = {60, 120, 200, 255}, s1[4] = {200, 100, 50, 230},
                        s2[4] = {40, 200, 90, 180};
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 8, 8);
   glClearColor(dst[0] / 255.0f, dst[1] / 255.0f, dst[2] / 255.0f, dst[3] / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   glViewport(0, 0, 8, 8);
   gl.UseProgram(prog);
   const GLint col = uloc(prog, "u_color");
   gl.BindVertexArray(vao);
   glEnable(GL_BLEND);
   gl.BlendEquation(GL_MULTIPLY_KHR);
   gl.Uniform4f(col, s1[0] / 255.0f, s1[1] / 255.0f, s1[2] / 255.0f, s1[3] / 255.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BlendBarrierKHR();
   gl.BlendEquation(GL_SCREEN_KHR);
   gl.Uniform4f(col, s2[0] / 255.0f, s2[1] / 255.0f, s2[2] / 255.0f, s2[3] / 255.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BlendBarrierKHR();
   glDisable(GL_BLEND);
   gl.BlendEquation(GL_FUNC_ADD);
   check_gl_error("two blends with a barrier between");
   float mid[4], want[4];
   ba_model(0, s1, dst, mid);
   GLubyte midb[4];
   for (int i = 0; i < 4; i++)
      midb[i] = (GLubyte)lrintf(mid[i] * 255.0f);
   ba_model(1, s2, midb, want);
   GLubyte got[8 * 8 * 4];
   glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, got);
   for (int p = 0; p < 8 * 8; p++)
      for (int i = 0; i < 4; i++)
         if (fabsf(got[p * 4 + i] - want[i] * 255.0f) > 2.0f)
            fail("multiply, glBlendBarrierKHR, screen: pixel (%d,%d) reads %u,%u,%u,%u, the "
                 "formulas give %.1f,%.1f,%.1f,%.1f",
                 p % 8, p / 8, got[p * 4], got[p * 4 + 1], got[p * 4 + 2], got[p * 4 + 3],
                 want[0] * 255.0f, want[1] * 255.0f, want[2] * 255.0f, want[3] * 255.0f);
}

static void
ba_barrier_khr(void)
{
   gl.BlendBarrierKHR();
}

static void
ba_barrier_core(void)
{
   /* ES 3.2's name; an ES 3.1 or desktop context reaches the KHR one */
   if (gl.BlendBarrier && !ba_es)
      gl.BlendBarrier();
   else
      gl.BlendBarrierKHR();
}

/* The extension's errors (KHR_blend_equation_advanced, "Errors"). */
static void
ba_errors(GLuint prog, GLuint prog_multiply, GLuint vao, GLuint fbo)
{
   gl.BlendEquationSeparate(GL_MULTIPLY_KHR, GL_FUNC_ADD);
   expect_error(GL_INVALID_ENUM, "glBlendEquationSeparate(GL_MULTIPLY_KHR, GL_FUNC_ADD)");
   gl.BlendEquation(GL_HSL_LUMINOSITY_KHR + 1);
   expect_error(GL_INVALID_ENUM, "glBlendEquation(GL_HSL_LUMINOSITY_KHR + 1)");
   gl.BlendEquation(GL_SCREEN_KHR);
   expect_error(GL_NO_ERROR, "glBlendEquation(GL_SCREEN_KHR)");
   GLint got = 0;
   glGetIntegerv(GL_BLEND_EQUATION_RGB, &got);
   if (got != GL_SCREEN_KHR)
      fail("GL_BLEND_EQUATION_RGB is 0x%04x after glBlendEquation(GL_SCREEN_KHR)", (unsigned)got);
   glEnable(GL_BLEND);
   gl.BindVertexArray(vao);
   gl.UseProgram(prog_multiply);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   expect_error(GL_INVALID_OPERATION,
                "a screen blend from a shader declaring blend_support_multiply");
   gl.BlendEquation(GL_MULTIPLY_KHR);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   expect_error(GL_NO_ERROR, "a multiply blend from a shader declaring blend_support_multiply");
   /* a second draw buffer: GL_INVALID_OPERATION */
   GLuint extra;
   glGenTextures(1, &extra);
   glBindTexture(GL_TEXTURE_2D, extra);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, W, H);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, extra, 0);
   const GLenum two[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   gl.DrawBuffers(2, two);
   gl.UseProgram(prog);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   expect_error(GL_INVALID_OPERATION, "an advanced blend with two draw buffers");
   glDisable(GL_BLEND);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   expect_error(GL_NO_ERROR, "the same draw, blending off");
   const GLenum one[1] = {GL_COLOR_ATTACHMENT0};
   gl.DrawBuffers(1, one);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, 0, 0);
   glDeleteTextures(1, &extra);
   gl.BlendEquation(GL_FUNC_ADD);
}

static void
ba_run(bool es)
{
   ba_es = es;
   if (es)
      es_version(31);
   if (!has_ext("GL_KHR_blend_equation_advanced")) {
      /* llvmpipe's GLES has GL_KHR_blend_equation_advanced(_coherent): the GLES backend over
       * it lists the extension; the Vulkan backend blends the equations in the shader over
       * the feedback loop GL_ARB_texture_barrier has (MGL_TEST_VK_NO_FEEDBACK_LOOP=1 takes
       * it away) */
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      const char *knob = getenv("MGL_TEST_VK_NO_FEEDBACK_LOOP");
      if (on_mgl() && renderer &&
          (strstr(renderer, "(GLES: llvmpipe") ||
           (strstr(renderer, "(Vulkan:") && !(knob && atoi(knob) > 0))))
         fail("GL_KHR_blend_equation_advanced not listed on renderer %s", renderer);
      skipped("GL_KHR_blend_equation_advanced is not listed");
      return;
   }
   if (on_mgl() && has_ext("GL_KHR_blend_equation_advanced_coherent"))
      fail("GL_KHR_blend_equation_advanced_coherent is listed (GL_BLEND_ADVANCED_COHERENT_KHR "
           "is not implemented)");
   GLuint prog = link_program(es ? BA_VS_ES : BA_VS, es ? BA_FS_ES : BA_FS);
   GLuint prog_multiply =
      link_program(es ? BA_VS_ES : BA_VS, es ? BA_FS_ES_MULTIPLY : BA_FS_MULTIPLY);
   float quad[12];
   rect_vertices(quad, -1.0f, -1.0f, 1.0f, 1.0f);
   mesh m = make_mesh(quad, 6);

   /* 1. an RGBA8 texture attached to a framebuffer object */
   GLuint tex, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, W, H);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("a framebuffer with an RGBA8 texture attached is not complete");
   ba_grid("texture framebuffer", prog, m.vao, 0, 0, true, ba_barrier_khr);
   ba_twice(prog, m.vao);

   /* 2. an RGBA8 renderbuffer */
   GLuint rb, rb_fbo;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   gl.GenFramebuffers(1, &rb_fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, rb_fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("a framebuffer with an RGBA8 renderbuffer attached is not complete");
   ba_grid("renderbuffer framebuffer", prog, m.vao, 8, 4, true, ba_barrier_khr);
   gl.DeleteFramebuffers(1, &rb_fbo);
   gl.DeleteRenderbuffers(1, &rb);

   /* 3. the default framebuffer (its alpha as it has it) */
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   GLint alpha_bits = 0;
   gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, es ? GL_BACK : GL_BACK_LEFT,
                                          GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE, &alpha_bits);
   check_gl_error("the default framebuffer's alpha size");
   ba_grid("default framebuffer", prog, m.vao, 16, 2, alpha_bits > 0, ba_barrier_core);

   /* 4. the errors (the destination texture's framebuffer) */
   glViewport(0, 0, W, H);
   ba_errors(prog, prog_multiply, m.vao, fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("the end");

   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
   gl.DeleteProgram(prog);
   gl.DeleteProgram(prog_multiply);
}

void
sc_blend_advanced(void)
{
   ba_run(false);
}

void
sc_blend_advanced_es(void)
{
   ba_run(true);
}

/* blend_advanced_ms: an advanced blend into a 4-sample renderbuffer. The Vulkan backend blends
 * the equations in the fragment shader from a single-sampled read of draw buffer 0, so it
 * declines this draw by name (backend-feature-unimplemented, gate.decline_counted); GL raises no
 * error, and the draws after it (blending off, resolved) are as GL says. */
void
sc_blend_advanced_ms(void)
{
   if (!has_ext("GL_KHR_blend_equation_advanced")) {
      skipped("GL_KHR_blend_equation_advanced is not listed");
      return;
   }
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
   if (max_samples < 4) {
      skipped("fewer than 4 samples");
      return;
   }
   GLuint prog = link_program(BA_VS, BA_FS);
   float quad[12];
   rect_vertices(quad, -1.0f, -1.0f, 1.0f, 1.0f);
   mesh m = make_mesh(quad, 6);
   GLuint rb, fbo;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 16, 16);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("a framebuffer with a 4-sample RGBA8 renderbuffer is not complete");
   glViewport(0, 0, 16, 16);
   glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.UseProgram(prog);
   const GLint col = uloc(prog, "u_color");
   gl.BindVertexArray(m.vao);
   glEnable(GL_BLEND);
   gl.BlendEquation(GL_MULTIPLY_KHR);
   gl.Uniform4f(col, 1.0f, 0.5f, 0.5f, 1.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   expect_error(GL_NO_ERROR, "an advanced blend into a multisampled renderbuffer");
   /* blending off: the draw replaces every sample */
   glDisable(GL_BLEND);
   gl.BlendEquation(GL_FUNC_ADD);
   gl.Uniform4f(col, 0.0f, 1.0f, 0.0f, 1.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("the draw after it, resolved");
   GLubyte px[4] = {0};
   glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   if (px[0] != 0 || px[1] != 255 || px[2] != 0)
      fail("the multisampled renderbuffer resolved: pixel (8,8) reads %u,%u,%u, expected 0,255,0",
           px[0], px[1], px[2]);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   gl.DeleteProgram(prog);
}
