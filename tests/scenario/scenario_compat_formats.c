/* scenario_compat_formats.c: internal formats a compatibility context takes beyond a core one:
 * generated mipmaps of depth textures (GL_ARB_depth_buffer_float's GL_DEPTH_COMPONENT32F and
 * GL 1.4's GL_DEPTH_COMPONENT16), sampled through GL_DEPTH_TEXTURE_MODE, and single-channel
 * uploads into luminance, alpha and intensity textures. Fixed-function drawing, so the same code
 * runs on Mesa. */
#include <math.h>
#include <string.h>

#include "scenario.h"

#ifndef GL_DEPTH_TEXTURE_MODE
#define GL_DEPTH_TEXTURE_MODE 0x884B
#endif

/* compat_depth_mipmap: glGenerateMipmap of depth textures box-filters their base level (GL 2.1
 * §3.8.8 recommends a box filter; Mesa uses one): an 8x4 two-layer GL_DEPTH_COMPONENT32F array
 * reads back each level as the means of the 2x2 texels below it, layer by layer, and a
 * GL_DEPTH_COMPONENT16 cube map's faces each their own means. Then a 4x4 2D
 * GL_DEPTH_COMPONENT32F texture with four depths in its quadrants, drawn with its base level
 * set to 1 (2x2 generated texels) under GL_DEPTH_TEXTURE_MODE GL_INTENSITY, shows each
 * quadrant's depth as its grey. */
void
sc_compat_depth_mipmap(void)
{
   if (!has_ext("GL_ARB_depth_buffer_float"))
      fail("GL_ARB_depth_buffer_float is not listed");
   enum { AW = 8, AH = 4, AL = 2 };
   float src[AL][AH][AW];
   for (int l = 0; l < AL; l++)
      for (int y = 0; y < AH; y++)
         for (int x = 0; x < AW; x++)
            src[l][y][x] = (float)(x + AW * y + 37 * l) / 128.0f;
   GLuint arr;
   glGenTextures(1, &arr);
   glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_DEPTH_COMPONENT32F, AW, AH, AL, 0, GL_DEPTH_COMPONENT,
                 GL_FLOAT, src);
   gl.GenerateMipmap(GL_TEXTURE_2D_ARRAY);
   check_gl_error("glGenerateMipmap of a GL_DEPTH_COMPONENT32F array");
   float want[AL][AH][AW];
   memcpy(want, src, sizeof(src));
   int w = AW, h = AH;
   for (int level = 1; level <= 3; level++) {
      const int nw = w > 1 ? w / 2 : 1, nh = h > 1 ? h / 2 : 1;
      float next[AL][AH][AW];
      for (int l = 0; l < AL; l++)
         for (int y = 0; y < nh; y++)
            for (int x = 0; x < nw; x++) {
               const int x1 = w > 1 ? 2 * x + 1 : x, y1 = h > 1 ? 2 * y + 1 : y;
               const int x0 = w > 1 ? 2 * x : x, y0 = h > 1 ? 2 * y : y;
               next[l][y][x] =
                  (want[l][y0][x0] + want[l][y0][x1] + want[l][y1][x0] + want[l][y1][x1]) / 4.0f;
            }
      memcpy(want, next, sizeof(next));
      w = nw, h = nh;
      GLint gw = 0, gh = 0, gd = 0;
      glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY, level, GL_TEXTURE_WIDTH, &gw);
      glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY, level, GL_TEXTURE_HEIGHT, &gh);
      glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY, level, GL_TEXTURE_DEPTH, &gd);
      if (gw != w || gh != h || gd != AL)
         fail("array level %d is %dx%dx%d, want %dx%dx%d", level, gw, gh, gd, w, h, AL);
      glPixelStorei(GL_PACK_ALIGNMENT, 1);
      float tight[AL * AH * AW];
      glGetTexImage(GL_TEXTURE_2D_ARRAY, level, GL_DEPTH_COMPONENT, GL_FLOAT, tight);
      check_gl_error("glGetTexImage of a generated depth level");
      for (int l = 0; l < AL; l++)
         for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
               const float g = tight[(l * h + y) * w + x];
               if (fabsf(g - want[l][y][x]) > 1e-6f)
                  fail("array level %d layer %d texel (%d, %d): %f, want %f", level, l, x, y,
                       (double)g, (double)want[l][y][x]);
            }
   }
   glDeleteTextures(1, &arr);

   /* a GL_DEPTH_COMPONENT16 cube map: face f holds (f + 1) / 8 + x / 64 (exact in 16 bits) */
   GLuint cube;
   glGenTextures(1, &cube);
   glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
   for (int f = 0; f < 6; f++) {
      GLushort face[4 * 4];
      for (int i = 0; i < 16; i++)
         face[i] = (GLushort)(((f + 1) * 8192 + (i % 4) * 1024));
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_DEPTH_COMPONENT16, 4, 4, 0,
                   GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, face);
   }
   gl.GenerateMipmap(GL_TEXTURE_CUBE_MAP);
   check_gl_error("glGenerateMipmap of a GL_DEPTH_COMPONENT16 cube map");
   for (int f = 0; f < 6; f++) {
      GLushort lv[2 * 2];
      glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT,
                    lv);
      for (int i = 0; i < 4; i++) {
         const int want16 = (f + 1) * 8192 + (i % 2 ? 2560 : 512);
         if (abs((int)lv[i] - want16) > 1)
            fail("cube face %d level 1 texel %d: %u, want %d", f, i, lv[i], want16);
      }
   }
   glDeleteTextures(1, &cube);
   check_gl_error("cube map reads");

   /* drawn: quadrant depths 0.2, 0.4, 0.6, 0.8 (bottom-left, bottom-right, top-left, top-right) */
   static const float q[4] = {0.2f, 0.4f, 0.6f, 0.8f};
   float base[4][4];
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++)
         base[y][x] = q[(y / 2) * 2 + x / 2];
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                base);
   gl.GenerateMipmap(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_INTENSITY);
   check_gl_error("the 2D depth texture");
   compat_pixel_ortho(-1.0f, 1.0f);
   clear_to(V4(0.0f, 0.0f, 1.0f, 1.0f));
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0);
   glVertex2f(0, 0);
   glTexCoord2f(1, 0);
   glVertex2f(64, 0);
   glTexCoord2f(1, 1);
   glVertex2f(64, 64);
   glTexCoord2f(0, 1);
   glVertex2f(0, 64);
   glEnd();
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &tex);
   check_gl_error("the draw");
   readback();
   for (int y = 0; y < 64; y++)
      for (int x = 0; x < 64; x++) {
         const int want8 = (int)lroundf(q[(y / 32) * 2 + x / 32] * 255.0f);
         const rgba8 p = pixel_at(x, y);
         if (abs(p.c[0] - want8) > 1 || abs(p.c[1] - want8) > 1 || abs(p.c[2] - want8) > 1 ||
             abs(p.c[3] - want8) > 1) {
            fail("pixel (%d, %d): %d %d %d %d, want the intensity %d", x, y, p.c[0], p.c[1], p.c[2],
                 p.c[3], want8);
            return;
         }
      }
}

/* compat_legacy_texsub_channels: glTexSubImage2D of GL_GREEN or GL_BLUE bytes into luminance,
 * alpha and intensity textures. GL 2.1 §3.6.4 makes each pixel (0, G, 0, 1) or (0, 0, B, 1)
 * first, then table 3.15 keeps R (luminance, intensity) and A (alpha): luminance-alpha becomes
 * (0, 1), alpha 1, intensity 0, whatever the bytes. Drawn in GL_REPLACE (no blending). */
void
sc_compat_legacy_texsub_channels(void)
{
   const vec4f bg = V4(0.4f, 0.4f, 0.4f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   const GLubyte rgba[4] = {204, 51, 102, 153}, chan = 200;
   static const struct {
      GLenum internal, format;
   } cases[3] = {{GL_LUMINANCE_ALPHA, GL_GREEN}, {GL_ALPHA, GL_BLUE}, {GL_INTENSITY, GL_GREEN}};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   glColor4f(0.0f, 1.0f, 0.0f, 1.0f); /* the fragment colour GL_ALPHA keeps */
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (int i = 0; i < 3; i++) {
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[i].internal, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   rgba);
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, cases[i].format, GL_UNSIGNED_BYTE, &chan);
      const GLenum err = glGetError();
      if (err != GL_NO_ERROR)
         fail("glTexSubImage2D of 0x%04x into 0x%04x: error 0x%04x", cases[i].format,
              cases[i].internal, err);
      compat_rect(4 + 15 * (float)i, 4, 14 + 15 * (float)i, 20);
   }
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &tex);
   check_gl_error("legacy texsubimage channels");
   readback();
   expect_px("GL_GREEN into GL_LUMINANCE_ALPHA", 9, 12, to8(V4(0.0f, 0.0f, 0.0f, 1.0f)));
   expect_px("GL_BLUE into GL_ALPHA", 24, 12, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   expect_px("GL_GREEN into GL_INTENSITY", 39, 12, to8(V4(0.0f, 0.0f, 0.0f, 0.0f)));
}

/* compat_legacy_readback: GL 2.1's luminance and alpha pixel formats on the way out. glGetTexImage
 * gives a luminance as the texel's R (an RGBA texture read as GL_LUMINANCE: its R, not R+G+B) and
 * an alpha or luminance-alpha texture's components where table 6.1 puts them (GL_RGBA of a
 * GL_ALPHA texture: (0, 0, 0, A); of a GL_LUMINANCE_ALPHA one: (L, 0, 0, A)); glReadPixels gives
 * L = R + G + B clamped to [0, 1] (GL 2.1 §4.3.2), with GL_ALPHA and GL_LUMINANCE_ALPHA alike,
 * into client memory and into a pixel pack buffer. */
void
sc_compat_legacy_readback(void)
{
   const GLubyte rgba[4] = {204, 51, 102, 153};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   static const struct {
      GLenum internal, format;
      GLubyte want[4];
      int n;
   } cases[] = {
      {GL_RGBA8, GL_LUMINANCE, {204}, 1},
      {GL_RGBA8, GL_LUMINANCE_ALPHA, {204, 153}, 2},
      {GL_RGBA8, GL_ALPHA, {153}, 1},
      {GL_ALPHA, GL_RGBA, {0, 0, 0, 153}, 4},
      {GL_ALPHA, GL_ALPHA, {153}, 1},
      {GL_LUMINANCE_ALPHA, GL_RGBA, {204, 0, 0, 153}, 4},
      {GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, {204, 153}, 2},
      {GL_LUMINANCE, GL_LUMINANCE, {204}, 1},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[i].internal, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   rgba);
      GLubyte got[4] = {7, 7, 7, 7};
      glGetTexImage(GL_TEXTURE_2D, 0, cases[i].format, GL_UNSIGNED_BYTE, got);
      const GLenum err = glGetError();
      if (err != GL_NO_ERROR)
         fail("glGetTexImage(0x%04x) of 0x%04x: error 0x%04x", cases[i].format, cases[i].internal,
              err);
      for (int k = 0; k < 4; k++) {
         const int want = k < cases[i].n ? cases[i].want[k] : 7;
         if (abs((int)got[k] - want) > 1)
            fail("glGetTexImage(0x%04x) of 0x%04x: byte %d is %d, expected %d", cases[i].format,
                 cases[i].internal, k, got[k], want);
      }
   }
   glDeleteTextures(1, &tex);

   glClearColor(0.5f, 0.25f, 0.125f, 0.75f);
   glClear(GL_COLOR_BUFFER_BIT);
   float lum[2] = {-1.0f, -1.0f};
   glReadPixels(0, 0, 1, 1, GL_LUMINANCE_ALPHA, GL_FLOAT, lum);
   GLint alpha_bits = 0;
   glGetIntegerv(GL_ALPHA_BITS, &alpha_bits);
   const float a = alpha_bits ? 0.75f : 1.0f;
   if (fabsf(lum[0] - 0.875f) > 0.01f || fabsf(lum[1] - a) > 0.01f)
      fail("glReadPixels(GL_LUMINANCE_ALPHA): (%f, %f), expected (0.875, %f)", lum[0], lum[1], a);
   glClearColor(0.75f, 0.5f, 0.5f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   GLubyte l8[2] = {0, 7};
   glReadPixels(0, 0, 1, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, l8);
   if (l8[0] != 255 || l8[1] != 7)
      fail("glReadPixels(GL_LUMINANCE) of 0.75 + 0.5 + 0.5: %d (then %d), expected 255 (clamped)",
           l8[0], l8[1]);
   GLubyte a8 = 0;
   glReadPixels(0, 0, 1, 1, GL_ALPHA, GL_UNSIGNED_BYTE, &a8);
   if (a8 != 255)
      fail("glReadPixels(GL_ALPHA): %d, expected 255", a8);
   glReadPixels(0, 0, 1, 1, GL_LUMINANCE, GL_UNSIGNED_SHORT_5_6_5, l8);
   if (glGetError() != GL_INVALID_OPERATION)
      fail("glReadPixels(GL_LUMINANCE) of a packed type is not GL_INVALID_OPERATION");

   /* into a pixel pack buffer, one pixel skipped: the skipped bytes keep the buffer's */
   glClearColor(0.25f, 0.25f, 0.25f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint pbo;
   const GLubyte fill[4] = {9, 9, 9, 9};
   gl.GenBuffers(1, &pbo);
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   gl.BufferData(GL_PIXEL_PACK_BUFFER, 4, fill, GL_STREAM_READ);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 1);
   glReadPixels(0, 0, 2, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, NULL);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   GLubyte back[4] = {0};
   gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, 4, back);
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   gl.DeleteBuffers(1, &pbo);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   if (back[0] != 9 || abs(back[1] - 191) > 1 || abs(back[2] - 191) > 1 || back[3] != 9)
      fail("glReadPixels(GL_LUMINANCE) into a pixel pack buffer: %d %d %d %d, expected 9 191 191 9",
           back[0], back[1], back[2], back[3]);
   check_gl_error("legacy readback");
}

/* compat_rb_formats: renderbuffer formats of a compatibility context. GL_R8_SNORM and
 * GL_RGBA8_SNORM are colour-renderable where the device renders them (else the storage is
 * GL_INVALID_ENUM): complete, a draw of
 * (-0.5, 0.25, -1, 0.5) under GL_CLAMP_FRAGMENT_COLOR FALSE reads back signed, glClear of -2
 * clamps to -1 (signed normalized: [-1, 1]). GL_ALPHA, GL_LUMINANCE8_SNORM,
 * GL_LUMINANCE_ALPHA and GL_RGB9_E5 storage is made (no error, its internal format reads back)
 * and a framebuffer with it is GL_FRAMEBUFFER_UNSUPPORTED where the implementation does not
 * render them (mgl; llvmpipe renders them: complete), never incomplete. */
void
sc_compat_rb_formats(void)
{
   PFNGLCLAMPCOLORPROC clamp_color = (PFNGLCLAMPCOLORPROC)eglGetProcAddress("glClampColor");
   if (!clamp_color)
      die_setup("no glClampColor");
   GLuint rb, fbo;
   gl.GenRenderbuffers(1, &rb);
   gl.GenFramebuffers(1, &fbo);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   static const GLenum unrendered[] = {GL_ALPHA, 0x9015 /* GL_LUMINANCE8_SNORM */,
                                       GL_LUMINANCE_ALPHA, GL_RGB9_E5};
   for (unsigned i = 0; i < sizeof(unrendered) / sizeof(unrendered[0]); i++) {
      gl.RenderbufferStorage(GL_RENDERBUFFER, unrendered[i], 8, 8);
      check_gl_error("glRenderbufferStorage of a format mgl does not render");
      GLint ifmt = 0;
      gl.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &ifmt);
      if ((GLenum)ifmt != unrendered[i])
         fail("GL_RENDERBUFFER_INTERNAL_FORMAT 0x%x, want 0x%x", ifmt, unrendered[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
      /* complete where the implementation renders it (llvmpipe), else unsupported (mgl) */
      if (st != GL_FRAMEBUFFER_UNSUPPORTED && st != GL_FRAMEBUFFER_COMPLETE)
         fail("framebuffer of 0x%x: status 0x%x, want GL_FRAMEBUFFER_UNSUPPORTED (or complete)",
              unrendered[i], st);
   }
   static const GLenum snorm[] = {GL_R8_SNORM, GL_RGBA8_SNORM};
   for (unsigned i = 0; i < 2; i++) {
      gl.RenderbufferStorage(GL_RENDERBUFFER, snorm[i], 8, 8);
      /* GL leaves snorm formats to the implementation: one it does not render is refused
       * (lavapipe renders both; the GLES backend's host only GL_R8_SNORM) */
      if (glGetError() == GL_INVALID_ENUM)
         continue;
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
      if (st != GL_FRAMEBUFFER_COMPLETE) {
         fail("framebuffer of 0x%x: status 0x%x, want complete", snorm[i], st);
         continue;
      }
      glViewport(0, 0, 8, 8);
      clamp_color(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
      clamp_color(GL_CLAMP_READ_COLOR, GL_FALSE);
      glClearColor(-2.0f, -2.0f, -2.0f, -2.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      float px[4] = {0};
      glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, px);
      if (fabsf(px[0] + 1.0f) > 0.01f || (i == 1 && fabsf(px[3] + 1.0f) > 0.01f))
         fail("0x%x cleared to -2: read (%g, %g, %g, %g), want -1 (clamped to [-1, 1])", snorm[i],
              px[0], px[1], px[2], px[3]);
      glMatrixMode(GL_PROJECTION);
      glLoadIdentity();
      glMatrixMode(GL_MODELVIEW);
      glLoadIdentity();
      glColor4f(-0.5f, 0.25f, -1.0f, 0.5f);
      glBegin(GL_QUADS);
      glVertex2f(-1, -1);
      glVertex2f(1, -1);
      glVertex2f(1, 1);
      glVertex2f(-1, 1);
      glEnd();
      glReadPixels(4, 4, 1, 1, GL_RGBA, GL_FLOAT, px);
      /* GL_CLAMP_VERTEX_COLOR stays TRUE: the colour reaches the fragment as (0, 0.25, 0, 0.5) */
      const float want[4] = {0.0f, 0.25f, 0.0f, 0.5f};
      const int n = i ? 4 : 1;
      for (int c = 0; c < n; c++)
         if (fabsf(px[c] - want[c]) > 0.01f)
            fail("0x%x drawn: component %d reads %g, want %g", snorm[i], c, px[c], want[c]);
      check_gl_error("snorm renderbuffer");
   }
   clamp_color(GL_CLAMP_FRAGMENT_COLOR, GL_FIXED_ONLY);
   clamp_color(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
}

/* Draws the quad (-1, -1)-(1, 1) under identity matrices in the current colour. */
static void
li_quad(void)
{
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0);
   glVertex2f(-1, -1);
   glTexCoord2f(1, 0);
   glVertex2f(1, -1);
   glTexCoord2f(1, 1);
   glVertex2f(1, 1);
   glTexCoord2f(0, 1);
   glVertex2f(-1, 1);
   glEnd();
}

static void
li_expect(const char *what, GLenum ifmt, int x, int y, const float want[4])
{
   float px[4] = {0};
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, px);
   for (int c = 0; c < 4; c++)
      if (fabsf(px[c] - want[c]) > 0.02f) {
         fail("0x%04x %s: read (%.3f, %.3f, %.3f, %.3f), want (%.3f, %.3f, %.3f, %.3f)", ifmt, what,
              px[0], px[1], px[2], px[3], want[0], want[1], want[2], want[3]);
         return;
      }
}

/* compat_li_blit: glBlitFramebuffer from an RGBA8 framebuffer cleared to (0.5, 0.2, 0.3, 0.4)
 * into alpha and luminance-alpha attachments (textures and a renderbuffer) cleared to 0. The
 * stored texels read back through glReadPixels(GL_RGBA) of the attachment: an alpha one
 * (0, 0, 0, 0.4), a luminance-alpha one (0.5, 0, 0, 0.4) inside the destination box (a
 * mirrored one, half of it scissored away) and 0 outside it and where the scissor rejects;
 * glGetTexImage(GL_RGBA) of the texture reads the same. An RGBA8 destination takes all four. */
void
sc_compat_li_blit(void)
{
   static const struct {
      GLenum ifmt;
      bool rb;
      float want[4];
   } cases[] = {{GL_ALPHA8, false, {0.0f, 0.0f, 0.0f, 0.4f}},
                {GL_ALPHA, false, {0.0f, 0.0f, 0.0f, 0.4f}},
                {GL_ALPHA16, true, {0.0f, 0.0f, 0.0f, 0.4f}},
                {GL_LUMINANCE8_ALPHA8, false, {0.5f, 0.0f, 0.0f, 0.4f}},
                {GL_LUMINANCE_ALPHA, true, {0.5f, 0.0f, 0.0f, 0.4f}},
                {GL_RGBA8, false, {0.5f, 0.2f, 0.3f, 0.4f}}};
   static const float zero[4] = {0.0f, 0.0f, 0.0f, 0.0f};
   GLuint src_fbo, src_rb, fbo;
   gl.GenFramebuffers(1, &src_fbo);
   gl.GenRenderbuffers(1, &src_rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, src_rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
   gl.BindFramebuffer(GL_FRAMEBUFFER, src_fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, src_rb);
   glClearColor(0.5f, 0.2f, 0.3f, 0.4f);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.GenFramebuffers(1, &fbo);
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const GLenum ifmt = cases[i].ifmt;
      GLuint tex = 0, rb = 0;
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
      if (cases[i].rb) {
         gl.GenRenderbuffers(1, &rb);
         gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
         gl.RenderbufferStorage(GL_RENDERBUFFER, ifmt, 8, 8);
         gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      } else {
         glGenTextures(1, &tex);
         glBindTexture(GL_TEXTURE_2D, tex);
         glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 8, 8, 0, GL_RGBA, GL_FLOAT, NULL);
         gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
      }
      const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
      if (st != GL_FRAMEBUFFER_COMPLETE) {
         fail("0x%04x: status 0x%x, want complete", ifmt, st);
         continue;
      }
      glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, src_fbo);
      gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
      /* the box (1, 1)-(7, 7), mirrored in x; the scissor keeps y < 4 */
      glEnable(GL_SCISSOR_TEST);
      glScissor(0, 0, 8, 4);
      gl.BlitFramebuffer(0, 0, 8, 8, 7, 1, 1, 7, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      glDisable(GL_SCISSOR_TEST);
      check_gl_error("the blit");
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
      li_expect("blitted", ifmt, 2, 2, cases[i].want);
      li_expect("blitted (box corner)", ifmt, 6, 1, cases[i].want);
      li_expect("outside the box", ifmt, 0, 2, zero);
      li_expect("scissored away", ifmt, 2, 5, zero);
      if (tex) {
         float texels[8 * 8 * 4];
         glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texels);
         const float *px = &texels[(2 * 8 + 3) * 4];
         for (int c = 0; c < 4; c++)
            if (fabsf(px[c] - cases[i].want[c]) > 0.02f) {
               fail("0x%04x glGetTexImage: (%.3f, %.3f, %.3f, %.3f), want (%.3f, %.3f, %.3f, %.3f)",
                    ifmt, px[0], px[1], px[2], px[3], cases[i].want[0], cases[i].want[1],
                    cases[i].want[2], cases[i].want[3]);
               break;
            }
         glDeleteTextures(1, &tex);
      }
      if (rb)
         gl.DeleteRenderbuffers(1, &rb);
      check_gl_error("the case");
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteFramebuffers(1, &src_fbo);
   gl.DeleteRenderbuffers(1, &src_rb);
}

/* compat_li_render: luminance, intensity, alpha and luminance-alpha textures and renderbuffers
 * as colour attachments (colour-renderable in GL 3.0 compatibility). Each is complete;
 * glClear to (0.5, 0.2, 0.3, 0.4) and glReadPixels(GL_RGBA) read what the base keeps, with
 * luminance and intensity in red (GL 3.0 compatibility §4.3.2): L (0.5, 0, 0, 1), I (0.5, 0,
 * 0, 1), A (0, 0, 0, 0.4), LA (0.5, 0, 0, 0.4). A quad of (0.8, 0.1, 0.9, 0.25) blended with
 * (GL_DST_ALPHA, GL_ONE_MINUS_DST_ALPHA) reads the destination alpha as a read of the
 * attachment does: 1 for luminance and intensity (the source stays, 0.8; as on llvmpipe), the
 * stored alpha for the others (alpha 0.25 * 0.4 + 0.4 * 0.6 = 0.34, luminance 0.8 * 0.4 +
 * 0.5 * 0.6 = 0.62). A texture then drawn in GL_REPLACE with the colour (1, 1, 1, 1) reads
 * (L, L, L, 1), (I, I, I, I), (1, 1, 1, A) and (L, L, L, A). */
void
sc_compat_li_render(void)
{
   enum { L, I, A, LA };
   static const struct {
      GLenum ifmt;
      bool rb;
      int base;
   } cases[] = {{GL_LUMINANCE8, false, L},
                {GL_INTENSITY8, false, I},
                {GL_LUMINANCE16, false, L},
                {GL_LUMINANCE8, true, L},
                {GL_INTENSITY8, true, I},
                {GL_LUMINANCE, false, L},
                {GL_INTENSITY16F_ARB, false, I},
                {GL_ALPHA8, false, A},
                {GL_ALPHA16, false, A},
                {GL_ALPHA8, true, A},
                {GL_LUMINANCE8_ALPHA8, false, LA},
                {GL_LUMINANCE16_ALPHA16, false, LA},
                {GL_LUMINANCE8_ALPHA8, true, LA},
                /* the unsized and float ALPHA and LUMINANCE_ALPHA, kept in RGBA as the sized
                 * ones are (they were GL_FRAMEBUFFER_UNSUPPORTED), and unsized INTENSITY */
                {GL_ALPHA, false, A},
                {GL_ALPHA, true, A},
                {GL_LUMINANCE_ALPHA, false, LA},
                {GL_LUMINANCE_ALPHA, true, LA},
                {GL_ALPHA16F_ARB, false, A},
                {GL_LUMINANCE_ALPHA32F_ARB, false, LA},
                {GL_INTENSITY, false, I}};
   static const float cleared[4][4] = {{0.5f, 0.0f, 0.0f, 1.0f},
                                       {0.5f, 0.0f, 0.0f, 1.0f},
                                       {0.0f, 0.0f, 0.0f, 0.4f},
                                       {0.5f, 0.0f, 0.0f, 0.4f}};
   static const float blended[4][4] = {{0.8f, 0.0f, 0.0f, 1.0f},
                                       {0.8f, 0.0f, 0.0f, 1.0f},
                                       {0.0f, 0.0f, 0.0f, 0.34f},
                                       {0.62f, 0.0f, 0.0f, 0.34f}};
   static const float sampled[4][4] = {{0.8f, 0.8f, 0.8f, 1.0f},
                                       {0.8f, 0.8f, 0.8f, 0.8f},
                                       {1.0f, 1.0f, 1.0f, 0.34f},
                                       {0.62f, 0.62f, 0.62f, 0.34f}};
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const GLenum ifmt = cases[i].ifmt;
      const int base = cases[i].base;
      GLuint tex = 0, rb = 0;
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
      if (cases[i].rb) {
         gl.GenRenderbuffers(1, &rb);
         gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
         gl.RenderbufferStorage(GL_RENDERBUFFER, ifmt, 8, 8);
         gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      } else {
         glGenTextures(1, &tex);
         glBindTexture(GL_TEXTURE_2D, tex);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
         glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 8, 8, 0, GL_RGBA, GL_FLOAT, NULL);
         gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
      }
      check_gl_error("the attachment");
      const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
      if (st != GL_FRAMEBUFFER_COMPLETE) {
         fail("0x%04x (%s): status 0x%x, want complete", ifmt,
              cases[i].rb ? "renderbuffer" : "texture", st);
         continue;
      }
      glViewport(0, 0, 8, 8);
      glClearColor(0.5f, 0.2f, 0.3f, 0.4f);
      glClear(GL_COLOR_BUFFER_BIT);
      li_expect("cleared", ifmt, 1, 1, cleared[base]);
      glEnable(GL_BLEND);
      glBlendFunc(GL_DST_ALPHA, GL_ONE_MINUS_DST_ALPHA);
      glColor4f(0.8f, 0.1f, 0.9f, 0.25f);
      li_quad();
      glDisable(GL_BLEND);
      li_expect("blended with GL_DST_ALPHA", ifmt, 4, 4, blended[base]);
      check_gl_error("drawing into it");
      gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
      glViewport(0, 0, W, H);
      if (tex) {
         glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
         glClear(GL_COLOR_BUFFER_BIT);
         glEnable(GL_TEXTURE_2D);
         glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
         glColor4f(1.0f, 1.0f, 1.0f, 1.0f);
         li_quad();
         glDisable(GL_TEXTURE_2D);
         li_expect("sampled", ifmt, W / 2, H / 2, sampled[base]);
         glDeleteTextures(1, &tex);
      }
      if (rb)
         gl.DeleteRenderbuffers(1, &rb);
      check_gl_error("the case");
   }
   gl.DeleteFramebuffers(1, &fbo);
   glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
}

/* compat_sluminance: GL_EXT_texture_sRGB's luminance formats. A GL_SLUMINANCE8 texel of 188
 * and a GL_SLUMINANCE8_ALPHA8 texel of (188, 128) are sampled with the luminance decoded from
 * sRGB (188 is 0.503 linear) and the alpha linear (128/255): (0.503, 0.503, 0.503, 1) and
 * (0.503, 0.503, 0.503, 0.502) in GL_REPLACE; glGetTexImage gives the stored bytes back
 * undecoded (188; 188, 128). The formats are not colour-renderable: glRenderbufferStorage of
 * GL_SLUMINANCE8 is GL_INVALID_ENUM, and a texture of one attached is incomplete. */
void
sc_compat_sluminance(void)
{
   if (!has_ext("GL_EXT_texture_sRGB"))
      fail("GL_EXT_texture_sRGB is not listed");
   static const struct {
      GLenum ifmt, format;
      GLubyte texel[2];
      float want[4];
   } cases[2] = {
      {GL_SLUMINANCE8, GL_LUMINANCE, {188, 0}, {0.503f, 0.503f, 0.503f, 1.0f}},
      {GL_SLUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, {188, 128}, {0.503f, 0.503f, 0.503f, 0.502f}}};
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   for (int i = 0; i < 2; i++) {
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[i].ifmt, 1, 1, 0, cases[i].format,
                   GL_UNSIGNED_BYTE, cases[i].texel);
      check_gl_error("the sRGB luminance texture");
      GLubyte back[2] = {0, 0};
      glGetTexImage(GL_TEXTURE_2D, 0, cases[i].format, GL_UNSIGNED_BYTE, back);
      if (back[0] != cases[i].texel[0] || (i == 1 && back[1] != cases[i].texel[1]))
         fail("0x%04x: glGetTexImage read %d %d, want %d %d", cases[i].ifmt, back[0], back[1],
              cases[i].texel[0], cases[i].texel[1]);
      glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      glEnable(GL_TEXTURE_2D);
      glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
      glColor4f(1.0f, 1.0f, 1.0f, 1.0f);
      li_quad();
      glDisable(GL_TEXTURE_2D);
      li_expect("sampled", cases[i].ifmt, W / 2, H / 2, cases[i].want);
      GLuint fbo;
      gl.GenFramebuffers(1, &fbo);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
      gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
      const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
      if (st == GL_FRAMEBUFFER_COMPLETE)
         fail("0x%04x attached: complete, want incomplete (not colour-renderable)", cases[i].ifmt);
      gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
      gl.DeleteFramebuffers(1, &fbo);
      glDeleteTextures(1, &tex);
   }
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   GLuint rb;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_SLUMINANCE8, 4, 4);
   expect_gl_error(GL_INVALID_ENUM, "glRenderbufferStorage(GL_SLUMINANCE8)");
   gl.DeleteRenderbuffers(1, &rb);
   glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
   check_gl_error("compat_sluminance");
}

/* One texel of an 8x8 RGBA float image against want (0.02 apart at most). */
static void
li_texel_expect(const char *what, GLenum ifmt, const float *texels, int x, int y,
                const float want[4])
{
   const float *px = &texels[(y * 8 + x) * 4];
   for (int c = 0; c < 4; c++)
      if (fabsf(px[c] - want[c]) > 0.02f) {
         fail("0x%04x %s (%d, %d): (%.3f, %.3f, %.3f, %.3f), want (%.3f, %.3f, %.3f, %.3f)", ifmt,
              what, x, y, px[0], px[1], px[2], px[3], want[0], want[1], want[2], want[3]);
         return;
      }
}

/* compat_li_share_core: a core context sharing the compatibility context's unsized GL_ALPHA
 * and GL_LUMINANCE_ALPHA textures (uploaded as alpha 0.4, luminance 0.6) reads them as the
 * compatibility context does, the storage being RGBA8 in both: glGetTexImage(GL_RGBA) gives
 * (0, 0, 0, 0.4) and (0.6, 0, 0, 0.4); a GLSL program samples (0, 0, 0, 0.4) and (0.6, 0.6,
 * 0.6, 0.4); attached in the core context the framebuffer is
 * GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT (GL_ALPHA and GL_LUMINANCE_ALPHA are not
 * colour-renderable in a core context; Mesa says the same); a glTexSubImage2D there of
 * (0.2, 0.4, 0.8, 0.9) over a 4x4 box stores alpha 0.9 (and luminance 0.2). Back in the
 * compatibility context the attachment reads the box and the texels around it. */
void
sc_compat_li_share_core(void)
{
   static const struct {
      GLenum ifmt;
      float want[4], sampled[4], sub[4];
   } cases[] = {
      {GL_ALPHA, {0, 0, 0, 0.4f}, {0, 0, 0, 0.4f}, {0, 0, 0, 0.9f}},
      {GL_LUMINANCE_ALPHA, {0.6f, 0, 0, 0.4f}, {0.6f, 0.6f, 0.6f, 0.4f}, {0.2f, 0, 0, 0.9f}}};
   enum { N = sizeof(cases) / sizeof(cases[0]) };
   GLuint tex[N];
   glGenTextures(N, tex);
   for (unsigned i = 0; i < N; i++) {
      GLubyte data[8 * 8 * 2];
      for (int t = 0; t < 8 * 8; t++)
         data[2 * t] = 153, data[2 * t + 1] = 102; /* luminance 0.6, alpha 0.4 */
      GLubyte alpha[8 * 8];
      memset(alpha, 102, sizeof alpha);
      glBindTexture(GL_TEXTURE_2D, tex[i]);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[i].ifmt, 8, 8, 0, cases[i].ifmt, GL_UNSIGNED_BYTE,
                   cases[i].ifmt == GL_ALPHA ? (const void *)alpha : data);
   }
   check_gl_error("the compatibility context's uploads");
   glFinish();

   /* the core context, sharing with this one, on a pbuffer of the same config */
   EGLDisplay dpy = eglGetCurrentDisplay();
   EGLContext ctx0 = eglGetCurrentContext();
   EGLSurface draw0 = eglGetCurrentSurface(EGL_DRAW), read0 = eglGetCurrentSurface(EGL_READ);
   EGLint config_id = 0, n = 0;
   eglQueryContext(dpy, ctx0, EGL_CONFIG_ID, &config_id);
   const EGLint want_cfg[] = {EGL_CONFIG_ID, config_id, EGL_NONE};
   EGLConfig cfg = NULL;
   if (!eglChooseConfig(dpy, want_cfg, &cfg, 1, &n) || n != 1)
      die_setup("compat_li_share_core: the context's config %d: 0x%x", config_id, eglGetError());
   const EGLint pb[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_NONE};
   EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, pb);
   const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION,
                              3,
                              EGL_CONTEXT_MINOR_VERSION,
                              3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK,
                              EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_NONE};
   EGLContext ctx1 = eglCreateContext(dpy, cfg, ctx0, ctx_attr);
   if (surf == EGL_NO_SURFACE || ctx1 == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, surf, surf, ctx1))
      die_setup("compat_li_share_core: pbuffer, shared core context or make-current: 0x%x",
                eglGetError());
   static const char *vs = "#version 330 core\n"
                           "void main() {\n"
                           "  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, "
                           "gl_VertexID == 2 ? 3.0 : -1.0);\n"
                           "  gl_Position = vec4(p, 0.0, 1.0);\n"
                           "}\n";
   static const char *fs = "#version 330 core\n"
                           "uniform sampler2D u_tex;\n"
                           "out vec4 o;\n"
                           "void main() { o = texelFetch(u_tex, ivec2(gl_FragCoord.xy), 0); }\n";
   GLuint prog = link_program(vs, fs), vao, fbo, rt;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   glGenTextures(1, &rt);
   glBindTexture(GL_TEXTURE_2D, rt);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 8, 8, 0, GL_RGBA, GL_FLOAT, NULL);
   gl.GenFramebuffers(1, &fbo);
   glViewport(0, 0, 8, 8);
   float texels[8 * 8 * 4];
   for (unsigned i = 0; i < N; i++) {
      const GLenum ifmt = cases[i].ifmt;
      glBindTexture(GL_TEXTURE_2D, tex[i]);
      memset(texels, 0, sizeof texels);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texels);
      check_gl_error("glGetTexImage in the core context");
      li_texel_expect("core glGetTexImage(GL_RGBA)", ifmt, texels, 3, 5, cases[i].want);
      /* sampled into an RGBA32F target */
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
      gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rt, 0);
      gl.UseProgram(prog);
      gl.Uniform1i(gl.GetUniformLocation(prog, "u_tex"), 0);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      memset(texels, 0, sizeof texels);
      glReadPixels(0, 0, 8, 8, GL_RGBA, GL_FLOAT, texels);
      check_gl_error("sampling in the core context");
      li_texel_expect("core sampled", ifmt, texels, 2, 6, cases[i].sampled);
      /* attached: not colour-renderable in a core context */
      gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[i], 0);
      const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
      if (st != GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT)
         fail("0x%04x attached in the core context: status 0x%x, want 0x%x", ifmt, st,
              GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
      gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
      /* written in the core context */
      float sub[4 * 4 * 4];
      for (int t = 0; t < 4 * 4; t++)
         sub[4 * t] = 0.2f, sub[4 * t + 1] = 0.4f, sub[4 * t + 2] = 0.8f, sub[4 * t + 3] = 0.9f;
      glBindTexture(GL_TEXTURE_2D, tex[i]);
      glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 4, 4, GL_RGBA, GL_FLOAT, sub);
      check_gl_error("glTexSubImage2D in the core context");
   }
   glFinish();
   gl.DeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &rt);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(prog);
   if (!eglMakeCurrent(dpy, draw0, read0, ctx0))
      die_setup("compat_li_share_core: switching back failed: 0x%x", eglGetError());
   eglDestroyContext(dpy, ctx1);
   eglDestroySurface(dpy, surf);

   /* back in the compatibility context: attached, read */
   GLuint cfbo;
   gl.GenFramebuffers(1, &cfbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, cfbo);
   for (unsigned i = 0; i < N; i++) {
      const GLenum ifmt = cases[i].ifmt;
      gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[i], 0);
      const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
      if (st != GL_FRAMEBUFFER_COMPLETE) {
         fail("0x%04x attached in the compatibility context: status 0x%x", ifmt, st);
         continue;
      }
      li_expect("compatibility read, the core context's box", ifmt, 3, 4, cases[i].sub);
      li_expect("compatibility read, outside the box", ifmt, 7, 1, cases[i].want);
      check_gl_error("the compatibility context's reads");
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &cfbo);
   glDeleteTextures(N, tex);
}

/* Texel (x, y) of tex's level 0, attached to a framebuffer and read with glReadPixels(GL_RGBA):
 * the stored components (an alpha or luminance-alpha attachment reads what it stores). */
static void
li_attached_expect(GLuint tex, GLenum ifmt, int x, int y, const float want[4])
{
   GLuint fb;
   gl.GenFramebuffers(1, &fb);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fb);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   /* Zink answers GL_FRAMEBUFFER_UNSUPPORTED for these formats (compat_li_render) */
   const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st == GL_FRAMEBUFFER_COMPLETE)
      li_expect("attached after the copies", ifmt, x, y, want);
   else if (on_mgl())
      fail("0x%04x attached: status 0x%x, want complete", ifmt, st);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fb);
}

/* compat_li_copytex: glCopyTexImage2D and glCopyTexSubImage2D into alpha and luminance-alpha
 * textures (GL 3.0 compatibility takes them; Mesa copies them): from an RGBA8 framebuffer
 * cleared to (0.5, 0.2, 0.3, 0.4) the image reads back (glGetTexImage(GL_RGBA)) as (0, 0, 0,
 * 0.4) or (0.5, 0, 0, 0.4); a sub-copy of a 3x3 box from one cleared to (0.9, 0.6, 0.7, 0.8)
 * gives (0, 0, 0, 0.8) or (0.9, 0, 0, 0.8) there and leaves the rest; from an RGB8 one (no
 * alpha) alpha reads 1 (GL 2.1 §3.8.2: read as glCopyPixels); the texture attached reads
 * the same (the components the format lacks are stored 0). Copies are not conditional (a
 * copy under conditional rendering that discards). A face of a
 * GL_LUMINANCE8_ALPHA8 cube map likewise (the other faces keep their texels).
 * glCopyImageSubData between images of one such format moves their texels; into GL_R8,
 * GL_RG8 or GL_RGBA8, or from them, it is GL_INVALID_OPERATION (GL 4.6 §18.3.3: only the
 * same format is compatible with one in no class of Table 18.4; Mesa agrees). */
void
sc_compat_li_copytex(void)
{
   static const struct {
      GLenum ifmt;
      bool lum;
   } cases[] = {
      {GL_ALPHA, false},          {GL_ALPHA8, false},           {GL_ALPHA16, false},
      {GL_LUMINANCE_ALPHA, true}, {GL_LUMINANCE8_ALPHA8, true}, {GL_LUMINANCE16_ALPHA16, true}};
   GLuint fbo[3], rb[3];
   static const GLenum rb_fmt[3] = {GL_RGBA8, GL_RGBA8, GL_RGB8};
   static const float clear[3][4] = {
      {0.5f, 0.2f, 0.3f, 0.4f}, {0.9f, 0.6f, 0.7f, 0.8f}, {0.25f, 0.5f, 0.75f, 0.1f}};
   gl.GenFramebuffers(3, fbo);
   gl.GenRenderbuffers(3, rb);
   for (int i = 0; i < 3; i++) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      gl.RenderbufferStorage(GL_RENDERBUFFER, rb_fmt[i], 8, 8);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[i]);
      glClearColor(clear[i][0], clear[i][1], clear[i][2], clear[i][3]);
      glClear(GL_COLOR_BUFFER_BIT);
   }
   check_gl_error("the read framebuffers");
   float texels[8 * 8 * 4];
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const GLenum ifmt = cases[i].ifmt;
      const float l = cases[i].lum ? 1.0f : 0.0f;
      const float w0[4] = {0.5f * l, 0, 0, 0.4f}, w1[4] = {0.9f * l, 0, 0, 0.8f},
                  w2[4] = {0.25f * l, 0, 0, 1.0f};
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
      glCopyTexImage2D(GL_TEXTURE_2D, 0, ifmt, 0, 0, 8, 8, 0);
      check_gl_error("glCopyTexImage2D");
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
      glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 3, 1, 1, 3, 3);
      check_gl_error("glCopyTexSubImage2D");
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[2]);
      glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 6, 6, 0, 0, 2, 2);
      check_gl_error("glCopyTexSubImage2D from RGB8");
      GLint internal = 0;
      glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &internal);
      if ((GLenum)internal != ifmt)
         fail("0x%04x: GL_TEXTURE_INTERNAL_FORMAT 0x%04x", ifmt, internal);
      memset(texels, 0, sizeof texels);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texels);
      check_gl_error("glGetTexImage");
      li_texel_expect("glCopyTexImage2D", ifmt, texels, 0, 0, w0);
      li_texel_expect("glCopyTexImage2D", ifmt, texels, 7, 2, w0);
      li_texel_expect("glCopyTexSubImage2D's box", ifmt, texels, 2, 3, w1);
      li_texel_expect("glCopyTexSubImage2D's box", ifmt, texels, 4, 5, w1);
      li_texel_expect("beside the box", ifmt, texels, 5, 5, w0);
      li_texel_expect("beside the box", ifmt, texels, 2, 6, w0);
      li_texel_expect("glCopyTexSubImage2D from RGB8", ifmt, texels, 7, 7, w2);
      /* the stored texels, attached: the components the format lacks are 0 */
      li_attached_expect(tex, ifmt, 0, 0, w0);
      li_attached_expect(tex, ifmt, 3, 4, w1);
      li_attached_expect(tex, ifmt, 7, 7, w2);
      glDeleteTextures(1, &tex);
   }

   /* under conditional rendering that discards (an occlusion query that counted nothing):
    * copies are not conditional (GL 4.6 §10.10 names draws, clears and blits) */
   GLuint q, ctex;
   gl.GenQueries(1, &q);
   gl.BeginQuery(GL_SAMPLES_PASSED, q);
   gl.EndQuery(GL_SAMPLES_PASSED);
   gl.BeginConditionalRender(q, GL_QUERY_WAIT);
   glGenTextures(1, &ctex);
   glBindTexture(GL_TEXTURE_2D, ctex);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8_ALPHA8, 0, 0, 8, 8, 0);
   gl.EndConditionalRender();
   check_gl_error("glCopyTexImage2D under conditional rendering");
   static const float la_cond[4] = {0.5f, 0, 0, 0.4f};
   memset(texels, 0, sizeof texels);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texels);
   li_texel_expect("copied under conditional rendering", GL_LUMINANCE8_ALPHA8, texels, 3, 3,
                   la_cond);
   li_attached_expect(ctex, GL_LUMINANCE8_ALPHA8, 3, 3, la_cond);
   glDeleteTextures(1, &ctex);
   gl.DeleteQueries(1, &q);

   /* a cube map's face (a layer of its storage) */
   GLuint cube;
   glGenTextures(1, &cube);
   glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   for (int f = 0; f < 6; f++)
      glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_LUMINANCE8_ALPHA8, 0, 0, 8,
                       8, 0);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, 4, 4, 0, 0, 4, 4);
   check_gl_error("glCopyTexImage2D and glCopyTexSubImage2D into a GL_LUMINANCE8_ALPHA8 cube map");
   static const float la0[4] = {0.5f, 0, 0, 0.4f}, la1[4] = {0.9f, 0, 0, 0.8f};
   memset(texels, 0, sizeof texels);
   glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, GL_RGBA, GL_FLOAT, texels);
   li_texel_expect("cube map +Y, the sub-copy's box", GL_LUMINANCE8_ALPHA8, texels, 5, 6, la1);
   li_texel_expect("cube map +Y, beside the box", GL_LUMINANCE8_ALPHA8, texels, 1, 6, la0);
   memset(texels, 0, sizeof texels);
   glGetTexImage(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_RGBA, GL_FLOAT, texels);
   li_texel_expect("cube map -Y", GL_LUMINANCE8_ALPHA8, texels, 5, 6, la0);
   glDeleteTextures(1, &cube);

   /* glCopyImageSubData */
   static const GLenum copy_fmt[] = {GL_ALPHA8, GL_LUMINANCE8_ALPHA8};
   for (unsigned i = 0; i < 2; i++) {
      const GLenum ifmt = copy_fmt[i];
      GLuint t[2];
      glGenTextures(2, t);
      /* complete textures (GL 4.6 §18.3.3): one level, no mipmap filter */
      glBindTexture(GL_TEXTURE_2D, t[0]);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
      glCopyTexImage2D(GL_TEXTURE_2D, 0, ifmt, 0, 0, 8, 8, 0);
      glBindTexture(GL_TEXTURE_2D, t[1]);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
      glCopyTexImage2D(GL_TEXTURE_2D, 0, ifmt, 0, 0, 8, 8, 0);
      gl.CopyImageSubData(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, t[1], GL_TEXTURE_2D, 0, 4, 4, 0, 4, 4,
                          1);
      check_gl_error("glCopyImageSubData between images of one format");
      memset(texels, 0, sizeof texels);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texels);
      const float l = ifmt == GL_ALPHA8 ? 0.0f : 1.0f;
      const float w0[4] = {0.5f * l, 0, 0, 0.4f}, w1[4] = {0.9f * l, 0, 0, 0.8f};
      li_texel_expect("glCopyImageSubData's box", ifmt, texels, 5, 6, w1);
      li_texel_expect("beside glCopyImageSubData's box", ifmt, texels, 3, 6, w0);
      static const GLenum others[] = {GL_R8, GL_RG8, GL_RGBA8};
      for (unsigned o = 0; o < 3; o++) {
         GLuint other;
         glGenTextures(1, &other);
         glBindTexture(GL_TEXTURE_2D, other);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
         glTexImage2D(GL_TEXTURE_2D, 0, (GLint)others[o], 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
         gl.CopyImageSubData(t[0], GL_TEXTURE_2D, 0, 0, 0, 0, other, GL_TEXTURE_2D, 0, 0, 0, 0, 2,
                             2, 1);
         expect_error(GL_INVALID_OPERATION, "glCopyImageSubData into another format");
         gl.CopyImageSubData(other, GL_TEXTURE_2D, 0, 0, 0, 0, t[0], GL_TEXTURE_2D, 0, 0, 0, 0, 2,
                             2, 1);
         expect_error(GL_INVALID_OPERATION, "glCopyImageSubData from another format");
         glDeleteTextures(1, &other);
      }
      glDeleteTextures(2, t);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(3, fbo);
   gl.DeleteRenderbuffers(3, rb);
}

/* compat_rgb10a2_upload: a GL_RGB10_A2 image filled from GL_RGBA/GL_UNSIGNED_BYTE pixels keeps
 * each texel where the app put it (glTexImage2D, then glTexSubImage2D of a region under
 * GL_UNPACK_ALIGNMENT 8, a row length and skipped pixels), converted to 10-bit colour and 2-bit alpha (GL 4.6
 * §8.4.4.2, §8.5): glGetTexImage(GL_RGBA, GL_UNSIGNED_BYTE) reads each texel's bytes back, the
 * colour within one step of the source, the alpha its nearest multiple of 85. */
void
sc_compat_rgb10a2_upload(void)
{
   enum { TW = 8, TH = 4 };
   GLubyte src[TH][TW][4], sub[2][6][4];
   for (int y = 0; y < TH; y++)
      for (int x = 0; x < TW; x++) {
         src[y][x][0] = (GLubyte)(17 * x + 3 * y), src[y][x][1] = (GLubyte)(200 - 9 * x * y);
         src[y][x][2] = (GLubyte)(31 * y + 5 * x), src[y][x][3] = (GLubyte)(85 * ((x + y) % 4));
      }
   for (int y = 0; y < 2; y++)
      for (int x = 0; x < 6; x++)
         sub[y][x][0] = (GLubyte)(250 - 11 * x), sub[y][x][1] = (GLubyte)(40 * y + 7),
         sub[y][x][2] = (GLubyte)(13 * x + 60 * y), sub[y][x][3] = (GLubyte)(85 * ((x + 1) % 4));
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB10_A2, TW, TH, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
   /* region (2, 1) 3x2 of sub, whose rows are 6 pixels (24 bytes) long under alignment 8 */
   glPixelStorei(GL_UNPACK_ALIGNMENT, 8);
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 6);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 1, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, sub);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   for (int y = 1; y < 3; y++)
      for (int x = 2; x < 5; x++)
         memcpy(src[y][x], sub[y - 1][x - 1], 4);
   GLubyte got[TH][TW][4];
   memset(got, 7, sizeof(got));
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   check_gl_error("GL_RGB10_A2 upload and readback");
   for (int y = 0; y < TH; y++)
      for (int x = 0; x < TW; x++)
         for (int c = 0; c < 4; c++)
            if (abs((int)got[y][x][c] - (int)src[y][x][c]) > 1)
               fail("GL_RGB10_A2 texel (%d, %d): %d %d %d %d, expected %d %d %d %d", x, y,
                    got[y][x][0], got[y][x][1], got[y][x][2], got[y][x][3], src[y][x][0],
                    src[y][x][1], src[y][x][2], src[y][x][3]);
   glDeleteTextures(1, &tex);
}

/* compat_legacy_tex3d: glTexImage3D and glTexSubImage3D of luminance, alpha and intensity
 * textures and sources convert as glTexImage2D's do (GL 4.6 compatibility §8.4.4.2, table 8.8:
 * an RGBA source into GL_LUMINANCE_ALPHA keeps R and A, into GL_ALPHA keeps A; a GL_LUMINANCE
 * source is (L, L, L, 1)), image by image under GL_UNPACK_IMAGE_HEIGHT and
 * GL_UNPACK_SKIP_IMAGES; glGetTexImage(GL_RGBA) reads (L, 0, 0, A), (0, 0, 0, A), (I, 0, 0, 1)
 * and (L, 0, 0, 1) back (L and I read as R, a missing alpha as 1, as llvmpipe does). */
void
sc_compat_legacy_tex3d(void)
{
   enum { TW = 2, TH = 2, TD = 3, ROWS = 3, SKIP = 1 };
   /* SKIP + TD images of ROWS rows (the last row of each is padding) */
   GLubyte src[SKIP + TD][ROWS][TW][4];
   for (int z = 0; z < SKIP + TD; z++)
      for (int y = 0; y < ROWS; y++)
         for (int x = 0; x < TW; x++)
            src[z][y][x][0] = (GLubyte)(10 + 60 * z + 20 * y + 7 * x),
            src[z][y][x][1] = (GLubyte)(200 - z), src[z][y][x][2] = (GLubyte)(100 + x),
            src[z][y][x][3] = (GLubyte)(250 - 50 * z - 9 * y - 3 * x);
   GLuint tex;
   glGenTextures(1, &tex);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, ROWS);
   glPixelStorei(GL_UNPACK_SKIP_IMAGES, SKIP);
   static const struct {
      GLenum target, internal;
   } cases[] = {
      {GL_TEXTURE_2D_ARRAY, GL_LUMINANCE_ALPHA},
      {GL_TEXTURE_3D, GL_ALPHA8},
      {GL_TEXTURE_2D_ARRAY, GL_INTENSITY},
      {GL_TEXTURE_3D, GL_LUMINANCE16},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const GLenum target = cases[i].target, ifmt = cases[i].internal;
      glDeleteTextures(1, &tex);
      glGenTextures(1, &tex);
      glBindTexture(target, tex);
      gl.TexImage3D(target, 0, (GLint)ifmt, TW, TH, TD, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
      GLubyte got[TD][TH][TW][4];
      memset(got, 7, sizeof(got));
      glGetTexImage(target, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
      check_gl_error("glTexImage3D of a luminance/alpha format and its readback");
      for (int z = 0; z < TD; z++)
         for (int y = 0; y < TH; y++)
            for (int x = 0; x < TW; x++) {
               const GLubyte *s = src[SKIP + z][y][x], *g = got[z][y][x];
               GLubyte want[4] = {s[0], 0, 0, s[3]};
               if (ifmt == GL_ALPHA8)
                  want[0] = 0;
               else if (ifmt == GL_INTENSITY || ifmt == GL_LUMINANCE16)
                  want[3] = 255;
               for (int c = 0; c < 4; c++)
                  if (abs((int)g[c] - (int)want[c]) > 1)
                     fail("0x%04x of target 0x%04x, texel (%d, %d, %d): %d %d %d %d, expected "
                          "%d %d %d %d",
                          ifmt, target, x, y, z, g[0], g[1], g[2], g[3], want[0], want[1], want[2],
                          want[3]);
            }
   }
   /* a GL_LUMINANCE source into an RGBA 2D array, then a GL_ALPHA box into a GL_ALPHA 3D
    * texture's slices 1 and 2 */
   GLubyte lum[SKIP + TD][ROWS][TW];
   for (int z = 0; z < SKIP + TD; z++)
      for (int y = 0; y < ROWS; y++)
         for (int x = 0; x < TW; x++)
            lum[z][y][x] = (GLubyte)(5 + 40 * z + 13 * y + 90 * x);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glDeleteTextures(1, &tex);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, TW, TH, TD, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE,
                 lum);
   GLubyte got[TD][TH][TW][4];
   glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check_gl_error("glTexImage3D of a GL_LUMINANCE source");
   for (int z = 0; z < TD; z++)
      for (int y = 0; y < TH; y++)
         for (int x = 0; x < TW; x++) {
            const int l = lum[SKIP + z][y][x];
            const GLubyte *g = got[z][y][x];
            if (g[0] != l || g[1] != l || g[2] != l || g[3] != 255)
               fail("GL_LUMINANCE into GL_RGBA8, texel (%d, %d, %d): %d %d %d %d, expected %d "
                    "%d %d 255",
                    x, y, z, g[0], g[1], g[2], g[3], l, l, l);
         }
   glDeleteTextures(1, &tex);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_3D, tex);
   const GLubyte zeros[TD][TH][TW] = {{{0}}};
   glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
   glPixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
   gl.TexImage3D(GL_TEXTURE_3D, 0, GL_ALPHA, TW, TH, TD, 0, GL_ALPHA, GL_UNSIGNED_BYTE, zeros);
   glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, ROWS);
   glPixelStorei(GL_UNPACK_SKIP_IMAGES, SKIP);
   gl.TexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 1, TW, TH, 2, GL_ALPHA, GL_UNSIGNED_BYTE, lum);
   GLubyte alpha[TD][TH][TW];
   glGetTexImage(GL_TEXTURE_3D, 0, GL_ALPHA, GL_UNSIGNED_BYTE, alpha);
   check_gl_error("glTexSubImage3D of a GL_ALPHA texture");
   for (int z = 0; z < TD; z++)
      for (int y = 0; y < TH; y++)
         for (int x = 0; x < TW; x++) {
            const int want = z ? lum[SKIP + z - 1][y][x] : 0;
            if (alpha[z][y][x] != want)
               fail("GL_ALPHA 3D texel (%d, %d, %d): %d, expected %d", x, y, z, alpha[z][y][x],
                    want);
         }
   glDeleteTextures(1, &tex);
   glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
   glPixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
}

/* A quad over window pixels [x0, x0 + 32) x [0, 32) with texture coordinates -0.5 to 1.5. */
static void
border_quad(float x0)
{
   glBegin(GL_QUADS);
   glTexCoord2f(-0.5f, -0.5f);
   glVertex2f(x0, 0);
   glTexCoord2f(1.5f, -0.5f);
   glVertex2f(x0 + 32, 0);
   glTexCoord2f(1.5f, 1.5f);
   glVertex2f(x0 + 32, 32);
   glTexCoord2f(-0.5f, 1.5f);
   glVertex2f(x0, 32);
   glEnd();
}

static void
expect_px_near(const char *phase, int x, int y, const int want[3])
{
   const rgba8 got = pixel_at(x, y);
   const int have[3] = {got.c[0], got.c[1], got.c[2]};
   for (int c = 0; c < 3; c++)
      if (abs(have[c] - want[c]) > 3) {
         fail("%s: pixel (%d, %d) is (%d, %d, %d), expected (%d, %d, %d) +- 3", phase, x, y,
              have[0], have[1], have[2], want[0], want[1], want[2]);
         return;
      }
}

/* compat_texture_border: a 4x4 texture given with a border (glTexImage2D border 1, 6x6
 * texels: a red border round green) samples the border texels where GL does (GL 2.1 §3.8.8),
 * not the border colour (blue here): GL_CLAMP_TO_BORDER with NEAREST reads the red border
 * texel left and right of the texture (the pixels next to its edge too), GL_CLAMP with LINEAR
 * mixes the edge texels half and half with the border texels where the coordinate is
 * clamped to 0 or 1, and 3/8 at a coordinate 1/8 of a texel inside either edge. A luminance image (GL_LUMINANCE source
 * and internal format, a white border round black) reads its border white. Mesa stores the
 * inner image only and samples the border colour: the pixels are checked on mgl. */
void
sc_compat_texture_border(void)
{
   if (!on_mgl()) {
      skipped("Mesa strips a texture's border and samples the border colour");
      return;
   }
   GLubyte rgba[6][6][4], lum[6][6];
   for (int y = 0; y < 6; y++)
      for (int x = 0; x < 6; x++) {
         const bool edge = x == 0 || y == 0 || x == 5 || y == 5;
         const GLubyte c[4] = {edge ? 255 : 0, edge ? 0 : 255, 0, 255};
         memcpy(rgba[y][x], c, 4);
         lum[y][x] = edge ? 255 : 0;
      }
   static const GLfloat blue[4] = {0.0f, 0.0f, 1.0f, 1.0f};
   GLuint tex[2];
   glGenTextures(2, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 6, 6, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, blue);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 6, 6, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
   glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, blue);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
   check_gl_error("glTexImage2D with a border");
   compat_pixel_ortho(-1, 1);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   /* left: CLAMP_TO_BORDER, NEAREST; right: GL_CLAMP, LINEAR */
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
   border_quad(0);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP);
   border_quad(32);
   /* top left: the luminance image, CLAMP_TO_BORDER, NEAREST */
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glMatrixMode(GL_MODELVIEW);
   glTranslatef(0, 32, 0);
   border_quad(0);
   glLoadIdentity();
   glDisable(GL_TEXTURE_2D);
   check_gl_error("draw the bordered textures");
   readback();
   const int red[3] = {255, 0, 0}, green[3] = {0, 255, 0}, white[3] = {255, 255, 255};
   const int black[3] = {0, 0, 0}, half[3] = {128, 128, 0}, eighth[3] = {96, 159, 0};
   /* pixel x's s is -0.5 + (x + 0.5) / 16: below 0 up to x 7, above 1 from x 24 */
   expect_px_near("CLAMP_TO_BORDER left of the texture", 3, 16, red);
   expect_px_near("CLAMP_TO_BORDER next to the left edge", 7, 16, red);
   expect_px_near("CLAMP_TO_BORDER inside the left edge", 8, 16, green);
   expect_px_near("CLAMP_TO_BORDER inside", 16, 16, green);
   expect_px_near("CLAMP_TO_BORDER inside the right edge", 23, 16, green);
   expect_px_near("CLAMP_TO_BORDER next to the right edge", 24, 16, red);
   expect_px_near("CLAMP_TO_BORDER below the texture", 16, 3, red);
   expect_px_near("CLAMP_TO_BORDER corner", 2, 2, red);
   expect_px_near("GL_CLAMP left of the texture", 35, 16, half);
   expect_px_near("GL_CLAMP next to the left edge", 39, 16, half);
   expect_px_near("GL_CLAMP inside the left edge", 40, 16, eighth);
   /* the inner texels are the 4x4 given, every row (the unpack steps over 6 texels a row) */
   expect_px_near("CLAMP_TO_BORDER inside the bottom left corner", 9, 9, green);
   expect_px_near("CLAMP_TO_BORDER inside the top right corner", 22, 22, green);
   expect_px_near("GL_CLAMP inside the right edge", 55, 16, eighth);
   expect_px_near("GL_CLAMP right of the texture", 60, 16, half);
   expect_px_near("luminance CLAMP_TO_BORDER next to the left edge", 7, 48, white);
   expect_px_near("luminance CLAMP_TO_BORDER inside", 16, 48, black);
   expect_px_near("luminance CLAMP_TO_BORDER above the texture", 16, 60, white);
   glDeleteTextures(2, tex);
}

/* A quad over window pixels [x0, x0 + 32) x [y0, y0 + 32) with s and t from -0.5 to 1.5 at r. */
static void
border_quad_3d(float x0, float y0, float r)
{
   glBegin(GL_QUADS);
   glTexCoord3f(-0.5f, -0.5f, r);
   glVertex2f(x0, y0);
   glTexCoord3f(1.5f, -0.5f, r);
   glVertex2f(x0 + 32, y0);
   glTexCoord3f(1.5f, 1.5f, r);
   glVertex2f(x0 + 32, y0 + 32);
   glTexCoord3f(-0.5f, 1.5f, r);
   glVertex2f(x0, y0 + 32);
   glEnd();
}

/* compat_texture_border_3d: a 4x4x4 3D texture given with a border (glTexImage3D border 1,
 * 6x6x6 texels: a red border round green) samples its border texels where GL does (GL 2.1
 * §3.8.8), not the border colour (blue): CLAMP_TO_BORDER with NEAREST at r 0.5 reads green
 * inside and red beside the texture in s and t, and at r -0.25 (beside it in r) red
 * everywhere; GL_CLAMP with LINEAR at r 0.5 mixes the edge texels half and half with the
 * border texels where s is clamped. Mesa strips the border and samples the border colour: the
 * pixels are checked on mgl. */
void
sc_compat_texture_border_3d(void)
{
   if (!on_mgl()) {
      skipped("Mesa strips a texture's border and samples the border colour");
      return;
   }
   enum { N = 6 };
   static GLubyte texels[N][N][N][4];
   for (int z = 0; z < N; z++)
      for (int y = 0; y < N; y++)
         for (int x = 0; x < N; x++) {
            const bool edge = x == 0 || y == 0 || z == 0 || x == N - 1 || y == N - 1 || z == N - 1;
            const GLubyte c[4] = {edge ? 255 : 0, edge ? 0 : 255, 0, 255};
            memcpy(texels[z][y][x], c, 4);
         }
   static const GLfloat blue[4] = {0.0f, 0.0f, 1.0f, 1.0f};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_3D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, N, N, N, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glTexParameterfv(GL_TEXTURE_3D, GL_TEXTURE_BORDER_COLOR, blue);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_BORDER);
   check_gl_error("glTexImage3D with a border");
   compat_pixel_ortho(-1, 1);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   glEnable(GL_TEXTURE_3D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   border_quad_3d(0, 0, 0.5f);
   border_quad_3d(0, 32, -0.25f);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_S, GL_CLAMP);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_T, GL_CLAMP);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP);
   border_quad_3d(32, 0, 0.5f);
   glDisable(GL_TEXTURE_3D);
   check_gl_error("draw the bordered 3D texture");
   readback();
   const int red[3] = {255, 0, 0}, green[3] = {0, 255, 0}, half[3] = {128, 128, 0};
   /* pixel x's s is -0.5 + (x + 0.5) / 16: below 0 up to x 7, above 1 from x 24 */
   expect_px_near("3D CLAMP_TO_BORDER left of the texture", 3, 16, red);
   expect_px_near("3D CLAMP_TO_BORDER inside", 16, 16, green);
   expect_px_near("3D CLAMP_TO_BORDER inside the corner", 9, 9, green);
   expect_px_near("3D CLAMP_TO_BORDER right of the texture", 28, 16, red);
   expect_px_near("3D CLAMP_TO_BORDER below the texture", 16, 3, red);
   expect_px_near("3D CLAMP_TO_BORDER beside it in r", 16, 48, red);
   expect_px_near("3D GL_CLAMP left of the texture", 35, 16, half);
   expect_px_near("3D GL_CLAMP inside", 48, 16, green);
   expect_px_near("3D GL_CLAMP right of the texture", 60, 16, half);
   glDeleteTextures(1, &tex);
}

/* compat_texture_integer_get: glGetTexImage into EXT_texture_integer's luminance/alpha pixel
 * formats (GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_ALPHA_INTEGER, GL_LUMINANCE_INTEGER_EXT) takes the
 * image's L (= R) and A, each clamped to the type's range (integers are not normalised): a 2x1
 * GL_LUMINANCE_ALPHA16I_EXT image of (-300, 5000) (70, -2) reads back as bytes (-128, 127)
 * (70, -2), its alphas as unsigned bytes 255 and 0, its luminances as ints -300 and 70. */
void
sc_compat_texture_integer_get(void)
{
   if (!has_ext("GL_EXT_texture_integer"))
      fail("GL_EXT_texture_integer is not listed");
   static const GLshort src[4] = {-300, 5000, 70, -2};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA16I_EXT, 2, 1, 0,
                GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_SHORT, src);
   check_gl_error("GL_LUMINANCE_ALPHA16I_EXT upload");
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   GLbyte la[4] = {9, 9, 9, 9};
   glGetTexImage(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_BYTE, la);
   GLubyte a[2] = {9, 9};
   glGetTexImage(GL_TEXTURE_2D, 0, GL_ALPHA_INTEGER, GL_UNSIGNED_BYTE, a);
   GLint l[2] = {9, 9};
   glGetTexImage(GL_TEXTURE_2D, 0, GL_LUMINANCE_INTEGER_EXT, GL_INT, l);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   check_gl_error("glGetTexImage into the integer luminance/alpha formats");
   if (la[0] != -128 || la[1] != 127 || la[2] != 70 || la[3] != -2)
      fail("GL_LUMINANCE_ALPHA_INTEGER_EXT/GL_BYTE reads (%d, %d) (%d, %d) where (-128, 127) "
           "(70, -2) is expected",
           la[0], la[1], la[2], la[3]);
   if (a[0] != 255 || a[1] != 0)
      fail("GL_ALPHA_INTEGER/GL_UNSIGNED_BYTE reads %d %d where 255 0 is expected", a[0], a[1]);
   if (l[0] != -300 || l[1] != 70)
      fail("GL_LUMINANCE_INTEGER_EXT/GL_INT reads %d %d where -300 70 is expected", l[0], l[1]);
   glDeleteTextures(1, &tex);
}
