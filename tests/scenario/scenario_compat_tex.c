/* scenario_compat_tex.c: texture state only a compatibility context has: the GL_CLAMP wrap
 * mode and GL 1.0's internal formats given as a component count, and display-list compiling
 * of pixel-store-read commands (glPolygonStipple). Fixed-function drawing with no program
 * bound, so the same code runs on Mesa. */
#include <math.h>

#include "scenario.h"

#ifndef GL_CLAMP
#define GL_CLAMP 0x2900
#endif

/* GL 2.1 §3.8.8, one coordinate of a one-texel texture wrapped GL_CLAMP with LINEAR filtering:
 * s is clamped to [0, 1], then u = s - 0.5 mixes the border (weight 1 - frac) with the texel,
 * so the texel's weight is 0.5 at either edge and 1 at the centre. */
static float
clamp_linear_weight(float s)
{
   const float c = s < 0.0f ? 0.0f : s > 1.0f ? 1.0f : s;
   return c < 0.5f ? 0.5f + c : 1.5f - c;
}

/* A quad over pixels [x0, x1) x [y0, y1) with s running from s0 to s1 across it and t = 0.5. */
static void
quad_s(float x0, float y0, float x1, float y1, float s0, float s1)
{
   glBegin(GL_QUADS);
   glTexCoord2f(s0, 0.5f);
   glVertex2f(x0, y0);
   glTexCoord2f(s1, 0.5f);
   glVertex2f(x1, y0);
   glTexCoord2f(s1, 0.5f);
   glVertex2f(x1, y1);
   glTexCoord2f(s0, 0.5f);
   glVertex2f(x0, y1);
   glEnd();
}

/* compat_gl_clamp: a one-texel white texture (internal format 4, GL 1.0's RGBA) wrapped
 * GL_CLAMP under the default transparent-black border, drawn in GL_REPLACE with s from -1 to 2
 * across 60 pixels: LINEAR gives GL's half texel, half border wherever s is clamped (not the
 * border alone, as CLAMP_TO_BORDER would), ramping to the full texel at s = 0.5; NEAREST gives
 * the edge texel everywhere. glGetTexParameteriv returns GL_CLAMP. Then internal formats 3 and 1
 * (RGB, LUMINANCE): an RGBA texel's alpha is dropped, and a luminance texel reads (L, L, L, 1). */
void
sc_compat_gl_clamp(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 1.0f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   const GLubyte white[4] = {255, 255, 255, 255};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, 4, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, white);
   check_gl_error("glTexImage2D with internal format 4");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP);
   check_gl_error("glTexParameteri(GL_TEXTURE_WRAP_S/T, GL_CLAMP)");
   GLint wrap = 0;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &wrap);
   if (wrap != GL_CLAMP)
      fail("GL_TEXTURE_WRAP_S reads 0x%x, want GL_CLAMP", (unsigned)wrap);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   quad_s(2, 4, 62, 14, -1.0f, 2.0f);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   quad_s(2, 20, 62, 30, -1.0f, 2.0f);
   /* GL 1.0's 3 and 1 */
   const GLubyte rgba[4] = {204, 51, 102, 0};
   glTexImage2D(GL_TEXTURE_2D, 0, 3, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   check_gl_error("glTexImage2D with internal format 3");
   glEnable(GL_BLEND); /* alpha 0 would hide the quad: format 3 reads alpha 1 */
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   quad_s(2, 36, 30, 46, 0.0f, 1.0f);
   glTexImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   check_gl_error("glTexImage2D with internal format 1");
   quad_s(34, 36, 62, 46, 0.0f, 1.0f);
   glDisable(GL_BLEND);
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &tex);
   check_gl_error("GL_CLAMP draws");
   readback();
   int bad = 0;
   for (int x = 2; x < 62; x++) {
      const float s = -1.0f + 3.0f * ((float)(x - 2) + 0.5f) / 60.0f;
      /* the row's t is 0.5: its weight is 1, so a pixel is the s weight of white (alpha
       * replaces too; the colour channels show it) */
      const float w = clamp_linear_weight(s);
      const rgba8 lin = pixel_at(x, 9), near = pixel_at(x, 25);
      const int want = (int)lroundf(w * 255.0f);
      if (abs((int)lin.c[0] - want) > 3 || abs((int)lin.c[2] - want) > 3) {
         if (bad++ < 4)
            fail("GL_CLAMP LINEAR at x %d (s %.3f): %d %d %d, want %d", x, (double)s, lin.c[0],
                 lin.c[1], lin.c[2], want);
      }
      if (near.c[0] != 255 || near.c[1] != 255 || near.c[2] != 255) {
         if (bad++ < 4)
            fail("GL_CLAMP NEAREST at x %d (s %.3f): %d %d %d, want the edge texel 255", x,
                 (double)s, near.c[0], near.c[1], near.c[2]);
      }
   }
   const rgba8 rgb = pixel_at(16, 41), lum = pixel_at(48, 41);
   if (abs(rgb.c[0] - 204) > 2 || abs(rgb.c[1] - 51) > 2 || abs(rgb.c[2] - 102) > 2)
      fail("internal format 3: %d %d %d, want 204 51 102 (alpha 1)", rgb.c[0], rgb.c[1], rgb.c[2]);
   if (abs(lum.c[0] - 204) > 2 || abs(lum.c[1] - 204) > 2 || abs(lum.c[2] - 204) > 2)
      fail("internal format 1: %d %d %d, want 204 204 204 (L, L, L, 1)", lum.c[0], lum.c[1],
           lum.c[2]);
}

/* compat_dlist_stipple: glPolygonStipple compiled into a display list is recorded with the
 * pattern unpacked when the list is compiled (GL 2.1 §5.4), so changing the unpack state
 * before glCallList changes nothing; inside a glBegin/glEnd replayed from a list it is
 * GL_INVALID_OPERATION. A scalar glMaterialf/glLightModelf of a vector parameter is taken (as
 * Mesa does): no error. */
void
sc_compat_dlist_stipple(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   GLubyte pat[128];
   for (int i = 0; i < 128; i++)
      pat[i] = 0xaa; /* MSB first: columns 0, 2, 4, .. */
   GLuint list = glGenLists(2);
   glNewList(list, GL_COMPILE);
   glPolygonStipple(pat);
   glEndList();
   check_gl_error("glPolygonStipple compiled");
   glPixelStorei(GL_UNPACK_LSB_FIRST, GL_TRUE); /* would give columns 1, 3, 5, .. */
   memset(pat, 0xff, sizeof(pat));              /* and the client's bytes change too */
   glCallList(list);
   glPixelStorei(GL_UNPACK_LSB_FIRST, GL_FALSE);
   check_gl_error("glCallList of a stipple list");
   GLubyte got[128];
   glGetPolygonStipple(got);
   if (got[0] != 0xaa || got[127] != 0xaa)
      fail("glGetPolygonStipple after glCallList: 0x%02x .. 0x%02x, want 0xaa", got[0], got[127]);
   glEnable(GL_POLYGON_STIPPLE);
   glColor4f(1.0f, 1.0f, 1.0f, 1.0f);
   compat_rect(0, 0, 32, 32);
   glDisable(GL_POLYGON_STIPPLE);
   /* the list's command inside a glBegin/glEnd: GL_INVALID_OPERATION when it executes */
   glNewList(list + 1, GL_COMPILE);
   glBegin(GL_POINTS);
   glPolygonStipple(pat);
   glEnd();
   glEndList();
   check_gl_error("glBegin, glPolygonStipple, glEnd compiled");
   glCallList(list + 1);
   expect_gl_error(GL_INVALID_OPERATION, "glPolygonStipple replayed inside glBegin/glEnd");
   glDeleteLists(list, 2);
   glMaterialf(GL_FRONT, GL_AMBIENT, 0.0f);
   glLightModelf(GL_LIGHT_MODEL_AMBIENT, 0.0f);
   glTexGenf(GL_S, GL_OBJECT_PLANE, 0.0f);
   check_gl_error("scalar calls of vector parameters");
   readback();
   const rgba8 white = to8(V4(1, 1, 1, 1)), black = to8(bg);
   for (int x = 0; x < 8; x++) {
      const rgba8 p = pixel_at(x, 5);
      const rgba8 w = x % 2 == 0 ? white : black;
      if (p.c[0] != w.c[0]) {
         fail("stipple from the list: pixel (%d,5) is %d, want %d", x, p.c[0], w.c[0]);
         break;
      }
   }
}

/* compat_srgb_decode: EXT_texture_sRGB_decode in a compatibility context — glTexParameteri of
 * GL_TEXTURE_SRGB_DECODE_EXT compiled into a display list is recorded, not executed, and
 * glCallList sets it; glPushAttrib(GL_TEXTURE_BIT) saves the bound texture's value and
 * glPopAttrib brings it back (GL 2.1 table 6.20: texture object state is in the texture
 * group). A fixed-function GL_REPLACE quad of the GL_SRGB8_ALPHA8 texel (64, 128, 200) reads
 * it as stored with SKIP_DECODE and decoded (13, 55, 147, within one) without. */
static void
expect_decode_param(const char *phase, GLint want)
{
   GLint v = -1;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, &v);
   check_gl_error(phase);
   if (v != want)
      fail("%s: GL_TEXTURE_SRGB_DECODE_EXT reads 0x%x, want 0x%x", phase, (unsigned)v,
           (unsigned)want);
}

static void
expect_srgb_quad(const char *phase, bool decoded)
{
   static const int stored[3] = {64, 128, 200}, linear[3] = {13, 55, 147};
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   compat_rect(0, 0, 64, 64);
   check_gl_error(phase);
   readback();
   const rgba8 got = pixel_at(32, 32);
   for (int i = 0; i < 3; i++)
      if (abs((int)got.c[i] - (decoded ? linear[i] : stored[i])) > (decoded ? 1 : 0)) {
         fail("%s: (%u,%u,%u) want %s", phase, got.c[0], got.c[1], got.c[2],
              decoded ? "(13,55,147) within one" : "(64,128,200)");
         return;
      }
}

void
sc_compat_srgb_decode(void)
{
   if (!has_ext("GL_EXT_texture_sRGB_decode")) {
      skipped("no GL_EXT_texture_sRGB_decode");
      return;
   }
   compat_pixel_ortho(-1, 1);
   const GLubyte texel[4] = {64, 128, 200, 255};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   check_gl_error("sRGB texture");
   expect_srgb_quad("DECODE", true);

   const GLuint list = glGenLists(1);
   glNewList(list, GL_COMPILE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, GL_SKIP_DECODE_EXT);
   glEndList();
   expect_decode_param("after compiling the list", GL_DECODE_EXT);
   glCallList(list);
   expect_decode_param("after glCallList", GL_SKIP_DECODE_EXT);
   expect_srgb_quad("SKIP from the list", false);

   glPushAttrib(GL_TEXTURE_BIT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, GL_DECODE_EXT);
   expect_decode_param("inside glPushAttrib", GL_DECODE_EXT);
   expect_srgb_quad("DECODE inside glPushAttrib", true);
   glPopAttrib();
   expect_decode_param("after glPopAttrib", GL_SKIP_DECODE_EXT);
   expect_srgb_quad("SKIP after glPopAttrib", false);

   glDisable(GL_TEXTURE_2D);
   glDeleteLists(list, 1);
   glDeleteTextures(1, &tex);
}
