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

/* GL 2.1 §3.8.8's LINEAR sample of one coordinate of a texture `size` texels wide wrapped
 * GL_CLAMP: s is clamped to [0, 1], u = s * size, i0 = floor(u - 1/2) and i1 = i0 + 1 with the
 * weight alpha = frac(u - 1/2) of i1; an index outside [0, size) reads the border (-1). */
static void
clamp_linear_taps(float s, int size, int i[2], float *alpha)
{
   const float c = s < 0.0f ? 0.0f : s > 1.0f ? 1.0f : s;
   const float u = c * (float)size - 0.5f;
   const float f = floorf(u);
   i[0] = (int)f;
   i[1] = i[0] + 1;
   *alpha = u - f;
   for (int k = 0; k < 2; k++)
      if (i[k] < 0 || i[k] >= size)
         i[k] = -1;
}

enum { CL_SIZE = 4 };

/* The texels of compat_gl_clamp_linear: red grows with the column, green with the row. */
static void
clamp_linear_texel(int x, int y, float out[3])
{
   out[0] = (float)(40 + 60 * x) / 255.0f;
   out[1] = (float)(40 + 60 * y) / 255.0f;
   out[2] = 0.0f;
}

/* The colour GL gives at (s, t) of the CL_SIZE x CL_SIZE texture wrapped GL_CLAMP on both with
 * LINEAR filtering and the border colour `border` (0-1). */
static void
clamp_linear_expect(float s, float t, const float border[3], float out[3])
{
   int is[2], it[2];
   float a, b;
   clamp_linear_taps(s, CL_SIZE, is, &a);
   clamp_linear_taps(t, CL_SIZE, it, &b);
   for (int c = 0; c < 3; c++)
      out[c] = 0.0f;
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 2; i++) {
         const float w = (i ? a : 1.0f - a) * (j ? b : 1.0f - b);
         float texel[3];
         if (is[i] < 0 || it[j] < 0)
            memcpy(texel, border, sizeof(texel));
         else
            clamp_linear_texel(is[i], it[j], texel);
         for (int c = 0; c < 3; c++)
            out[c] += w * texel[c];
      }
}

/* A quad over pixels [x0, x0 + n) x [y0, y0 + n) with s and t running from lo to hi, given as
 * (s q, t q, 0, q). */
static void
clamp_quad(float x0, float y0, float n, float lo, float hi, float q)
{
   glBegin(GL_QUADS);
   glTexCoord4f(lo * q, lo * q, 0.0f, q);
   glVertex2f(x0, y0);
   glTexCoord4f(hi * q, lo * q, 0.0f, q);
   glVertex2f(x0 + n, y0);
   glTexCoord4f(hi * q, hi * q, 0.0f, q);
   glVertex2f(x0 + n, y0 + n);
   glTexCoord4f(lo * q, hi * q, 0.0f, q);
   glVertex2f(x0, y0 + n);
   glEnd();
}

/* Checks every pixel of the quad clamp_quad(x0, y0, n, lo, hi, _) drew against
 * clamp_linear_expect; up to three failures are named. */
static void
check_clamp_quad(const char *phase, int x0, int y0, int n, float lo, float hi,
                 const float border[3])
{
   int bad = 0, worst = 0;
   for (int y = y0; y < y0 + n; y++)
      for (int x = x0; x < x0 + n; x++) {
         const float s = lo + (hi - lo) * ((float)(x - x0) + 0.5f) / (float)n;
         const float t = lo + (hi - lo) * ((float)(y - y0) + 0.5f) / (float)n;
         float want[3];
         clamp_linear_expect(s, t, border, want);
         const rgba8 got = pixel_at(x, y);
         int d = 0;
         for (int c = 0; c < 3; c++) {
            const int e = abs((int)got.c[c] - (int)lroundf(want[c] * 255.0f));
            d = e > d ? e : d;
         }
         worst = d > worst ? d : worst;
         if (d > 3 && bad++ < 3)
            fail("%s: pixel (%d, %d) at s %.3f t %.3f is (%d, %d, %d), expected (%ld, %ld, %ld) "
                 "+- 3",
                 phase, x, y, (double)s, (double)t, got.c[0], got.c[1], got.c[2],
                 lroundf(want[0] * 255.0f), lroundf(want[1] * 255.0f), lroundf(want[2] * 255.0f));
      }
   if (bad > 3)
      fail("%s: %d pixels in all differ by more than 3 (the worst by %d)", phase, bad, worst);
}

/* compat_gl_clamp_linear: a 4x4 texture of distinct texels (red by column, green by row)
 * wrapped GL_CLAMP with LINEAR filtering, every pixel checked against GL 2.1 §3.8.8 computed
 * here: the coordinate is clamped to [0, 1] before the filter, so at and beyond an edge the
 * edge texels mix half and half with the border colour, and inside the texture the sample is
 * plain bilinear (no border, no clamp to the edge). Magnified (s and t from -0.5 to 1.5 over
 * 32 pixels), magnified with q = 2 (the clamp after the division), minified (the same range
 * over 6 pixels: the level of detail above 0, one level so LINEAR still reads level 0), with
 * the default transparent-black border colour, and given with a border (glTexImage2D border 1,
 * 6x6 texels: a red border round the same 4x4, GL_UNPACK_ROW_LENGTH 0, so the rows are 6 texels
 * apart) whose border colour is red too: the inner texels are the 4x4's (GL 2.1 §3.8.1: the
 * border is part of the image the unpack reads) and the border reads red either way. The same
 * pixels on Mesa llvmpipe, which samples the border colour where the border texels are due. */
void
sc_compat_gl_clamp_linear(void)
{
   GLubyte texels[CL_SIZE][CL_SIZE][4];
   for (int y = 0; y < CL_SIZE; y++)
      for (int x = 0; x < CL_SIZE; x++) {
         float c[3];
         clamp_linear_texel(x, y, c);
         const GLubyte t[4] = {unorm8(c[0]), unorm8(c[1]), unorm8(c[2]), 255};
         memcpy(texels[y][x], t, 4);
      }
   static const GLfloat blue[4] = {0.0f, 0.0f, 1.0f, 1.0f};
   static const float blue3[3] = {0.0f, 0.0f, 1.0f}, black3[3] = {0.0f, 0.0f, 0.0f};
   compat_pixel_ortho(-1, 1);
   clear_to(V4(1.0f, 1.0f, 1.0f, 1.0f));
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, CL_SIZE, CL_SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP);
   glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, blue);
   check_gl_error("a GL_CLAMP LINEAR texture");
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   clamp_quad(0, 0, 32, -0.5f, 1.5f, 1.0f);
   clamp_quad(32, 0, 32, -0.5f, 1.5f, 2.0f);
   clamp_quad(25, 33, 6, -0.5f, 1.5f, 1.0f);
   glBindTexture(GL_TEXTURE_2D, 0);
   GLuint plain;
   glGenTextures(1, &plain);
   glBindTexture(GL_TEXTURE_2D, plain);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, CL_SIZE, CL_SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP);
   clamp_quad(32, 32, 32, -0.5f, 1.5f, 1.0f);
   GLubyte bordered[CL_SIZE + 2][CL_SIZE + 2][4];
   for (int y = 0; y < CL_SIZE + 2; y++)
      for (int x = 0; x < CL_SIZE + 2; x++) {
         static const GLubyte red[4] = {255, 0, 0, 255};
         const bool edge = x == 0 || y == 0 || x == CL_SIZE + 1 || y == CL_SIZE + 1;
         memcpy(bordered[y][x], edge ? red : texels[y - 1][x - 1], 4);
      }
   static const GLfloat red[4] = {1.0f, 0.0f, 0.0f, 1.0f};
   static const float red3[3] = {1.0f, 0.0f, 0.0f};
   GLuint with_border;
   glGenTextures(1, &with_border);
   glBindTexture(GL_TEXTURE_2D, with_border);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, CL_SIZE + 2, CL_SIZE + 2, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                bordered);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP);
   glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, red);
   check_gl_error("glTexImage2D with a border");
   clamp_quad(0, 32, 24, -0.5f, 1.5f, 1.0f);
   glDisable(GL_TEXTURE_2D);
   check_gl_error("GL_CLAMP LINEAR draws");
   readback();
   check_clamp_quad("magnified", 0, 0, 32, -0.5f, 1.5f, blue3);
   check_clamp_quad("magnified, q 2", 32, 0, 32, -0.5f, 1.5f, blue3);
   check_clamp_quad("minified", 25, 33, 6, -0.5f, 1.5f, blue3);
   /* the default border colour is (0, 0, 0, 0): GL_REPLACE writes its colour */
   check_clamp_quad("transparent black border", 32, 32, 32, -0.5f, 1.5f, black3);
   check_clamp_quad("given with a red border", 0, 32, 24, -0.5f, 1.5f, red3);
   glDeleteTextures(1, &with_border);
   glDeleteTextures(1, &tex);
   glDeleteTextures(1, &plain);
}

/* The texel a bordered image of compat_border_unpack holds at (x, y, z) of its bordered size
 * (bw, bh, bd): the border (the outermost texels of the dimensions that carry one) red, the
 * inner texels distinct. */
static void
bordered_texel(int x, int y, int z, int bw, int bh, int bd, GLubyte out[4])
{
   const bool edge = x == 0 || x == bw - 1 || (bh > 1 && (y == 0 || y == bh - 1)) ||
                     (bd > 1 && (z == 0 || z == bd - 1));
   out[0] = edge ? 255 : (GLubyte)(10 + 20 * x);
   out[1] = edge ? 0 : (GLubyte)(10 + 20 * y);
   out[2] = edge ? 0 : (GLubyte)(10 + 40 * z);
   out[3] = 255;
}

/* Compares glGetTexImage of target's level 0 (w x h x d inner texels) with bordered_texel of
 * the image given with a border on the dimensions `dims` counts (the layers of an array: none). */
static void
expect_inner(const char *what, GLenum target, int w, int h, int d, int dims)
{
   GLubyte got[4 * 4 * 4 * 4];
   memset(got, 0x5a, sizeof(got));
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glGetTexImage(target, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   check_gl_error(what);
   const int ox = 1, oy = dims > 1 ? 1 : 0, oz = dims > 2 ? 1 : 0;
   const int bw = w + 2, bh = dims > 1 ? h + 2 : h, bd = dims > 2 ? d + 2 : d;
   for (int z = 0; z < d; z++)
      for (int y = 0; y < h; y++)
         for (int x = 0; x < w; x++) {
            GLubyte want[4];
            bordered_texel(x + ox, y + oy, z + oz, bw, dims > 1 ? bh : 1, dims > 2 ? bd : 1, want);
            const GLubyte *g = got + 4 * (x + w * (y + h * z));
            if (memcmp(g, want, 4)) {
               fail("%s: inner texel (%d, %d, %d) is (%d, %d, %d, %d), expected (%d, %d, %d, %d)",
                    what, x, y, z, g[0], g[1], g[2], g[3], want[0], want[1], want[2], want[3]);
               return;
            }
         }
}

/* compat_border_unpack: glTexImage2D/3D with border 1 in a compatibility context read the
 * bordered image from memory (GL 2.1 §3.8.1: the border is part of the image; rows are
 * GL_UNPACK_ROW_LENGTH or the bordered width apart, 3D images GL_UNPACK_IMAGE_HEIGHT or the
 * bordered height) and keep its inner texels, as Mesa does: glGetTexImage returns them. A 2D
 * image (4x3 inside), the same with GL_UNPACK_ROW_LENGTH 9 and GL_UNPACK_SKIP_PIXELS 1 (the app's
 * pitch kept), a 3D image (4x3x2 inside: the images 5 rows apart), a 2D array (4x3 inside, 2
 * layers without a border) and a 1D array (4 inside, 3 layers without a border). Each is a red
 * border round distinct texels; the same bytes on Mesa llvmpipe. */
void
sc_compat_border_unpack(void)
{
   GLubyte src[9 * 5 * 4 * 4];
   GLuint tex;
   glGenTextures(1, &tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   /* 2D: 6x5 given */
   for (int y = 0; y < 5; y++)
      for (int x = 0; x < 6; x++)
         bordered_texel(x, y, 0, 6, 5, 1, src + 4 * (x + 6 * y));
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 6, 5, 1, GL_RGBA, GL_UNSIGNED_BYTE, src);
   expect_inner("2D", GL_TEXTURE_2D, 4, 3, 1, 2);
   /* 2D in rows of 9 texels, starting one texel in */
   memset(src, 0x77, sizeof(src));
   for (int y = 0; y < 5; y++)
      for (int x = 0; x < 6; x++)
         bordered_texel(x, y, 0, 6, 5, 1, src + 4 * (1 + x + 9 * y));
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 9);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 6, 5, 1, GL_RGBA, GL_UNSIGNED_BYTE, src);
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   expect_inner("2D, row length 9", GL_TEXTURE_2D, 4, 3, 1, 2);
   glDeleteTextures(1, &tex);
   /* 3D: 6x5x4 given */
   for (int z = 0; z < 4; z++)
      for (int y = 0; y < 5; y++)
         for (int x = 0; x < 6; x++)
            bordered_texel(x, y, z, 6, 5, 4, src + 4 * (x + 6 * (y + 5 * z)));
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_3D, tex);
   gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 6, 5, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, src);
   expect_inner("3D", GL_TEXTURE_3D, 4, 3, 2, 3);
   glDeleteTextures(1, &tex);
   /* 2D array: 6x5 given, 2 layers */
   for (int z = 0; z < 2; z++)
      for (int y = 0; y < 5; y++)
         for (int x = 0; x < 6; x++)
            bordered_texel(x, y, z, 6, 5, 1, src + 4 * (x + 6 * (y + 5 * z)));
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 6, 5, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, src);
   /* GL 3.0 §3.8.1 names no border error for arrays; Mesa takes it too */
   expect_inner("2D array", GL_TEXTURE_2D_ARRAY, 4, 3, 2, 2);
   glDeleteTextures(1, &tex);
   /* 1D array: 6 given, 3 layers */
   for (int y = 0; y < 3; y++)
      for (int x = 0; x < 6; x++)
         bordered_texel(x, y, 0, 6, 1, 1, src + 4 * (x + 6 * y));
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_1D_ARRAY, tex);
   glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 6, 3, 1, GL_RGBA, GL_UNSIGNED_BYTE, src);
   expect_inner("1D array", GL_TEXTURE_1D_ARRAY, 4, 3, 1, 1);
   glDeleteTextures(1, &tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}
