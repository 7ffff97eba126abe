/* scenario_ffpoint.c: fixed-function state of a compatibility context past the first round:
 * polygon stipple, point parameters and sprites, luminance/alpha/intensity textures, the
 * accumulation commands without an accumulation buffer, and glEnable of a legacy array.
 * Fixed-function drawing with no program bound, so the same code runs on Mesa. */
#include "scenario.h"

#ifndef GL_POINT_SPRITE
#define GL_POINT_SPRITE 0x8861
#define GL_COORD_REPLACE 0x8862
#endif

/* compat_polygon_stipple: a pattern with every other column set (bit order MSB first, the
 * default) stipples a filled quad: pixel x is drawn where x mod 2 == 0; a line drawn with the
 * stipple on is not stippled; disabling it draws every pixel; glGetPolygonStipple gives the
 * pattern back. */
void
sc_compat_polygon_stipple(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   GLubyte pat[128];
   for (int i = 0; i < 128; i++)
      pat[i] = 0xaa; /* MSB first: columns 0, 2, 4, .. */
   glPolygonStipple(pat);
   glEnable(GL_POLYGON_STIPPLE);
   if (!glIsEnabled(GL_POLYGON_STIPPLE))
      fail("GL_POLYGON_STIPPLE not enabled");
   glColor4f(1.0f, 1.0f, 1.0f, 1.0f);
   compat_rect(0, 0, 32, 32);
   glBegin(GL_LINES); /* lines are not stippled by the polygon pattern */
   glVertex2f(0, 40.5f);
   glVertex2f(64, 40.5f);
   glEnd();
   glDisable(GL_POLYGON_STIPPLE);
   compat_rect(32, 48, 64, 64);
   check_gl_error("polygon stipple");
   readback();
   const rgba8 white = to8(V4(1, 1, 1, 1)), black = to8(bg);
   for (int y = 2; y < 30; y += 7)
      for (int x = 2; x < 30; x++)
         expect_px("stippled quad", x, y, (x % 2) == 0 ? white : black);
   for (int x = 1; x < 63; x += 5)
      expect_px("unstippled line", x, 40, white);
   for (int x = 33; x < 63; x += 3)
      expect_px("stipple disabled", x, 56, white);
   GLubyte back[128];
   memset(back, 0, sizeof(back));
   glGetPolygonStipple(back);
   if (memcmp(back, pat, sizeof(pat)))
      fail("glGetPolygonStipple: byte 0 is 0x%02x, want 0xaa", back[0]);
   check_gl_error("glGetPolygonStipple");
}

/* compat_point_params: GL_POINT_DISTANCE_ATTENUATION (0, 0, 1) at eye distance 2 (the eye
 * coordinates' length) divides the size by 2; attenuation (0.25, 0, 0) doubles it and
 * GL_POINT_SIZE_MAX clamps that; the values read back; then a point sprite with GL_COORD_REPLACE
 * samples a 2x1 texture across the point (left half texel 0, right half texel 1). */
void
sc_compat_point_params(void)
{
   PFNGLPOINTPARAMETERFVPROC point_fv =
      (PFNGLPOINTPARAMETERFVPROC)eglGetProcAddress("glPointParameterfv");
   PFNGLPOINTPARAMETERFPROC point_f =
      (PFNGLPOINTPARAMETERFPROC)eglGetProcAddress("glPointParameterf");
   if (!point_fv || !point_f)
      die_setup("no glPointParameterfv");
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(-W / 2, W / 2, -H / 2, H / 2, 0, 10); /* eye (0, 0, -2) is window (32, 32) */
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   clear_to(bg);
   const float atten[3] = {0.0f, 0.0f, 1.0f}; /* d = 2: 1 / sqrt(d^2) = 1 / 2 */
   point_fv(GL_POINT_DISTANCE_ATTENUATION, atten);
   glPointSize(16.0f);
   glColor4f(0.0f, 1.0f, 0.0f, 1.0f);
   glBegin(GL_POINTS);
   glVertex3f(0, 0, -2); /* 16 / 2 = 8 pixels: [28, 36) */
   glEnd();
   const float quarter[3] = {0.25f, 0.0f, 0.0f};
   point_fv(GL_POINT_DISTANCE_ATTENUATION, quarter);
   point_f(GL_POINT_SIZE_MAX, 4.0f);
   glBegin(GL_POINTS);
   glVertex3f(16, -16, -2); /* 16 * 2 = 32 clamped to 4: [46, 50) x [14, 18) */
   glEnd();
   check_gl_error("point parameters");
   float got[3] = {0};
   glGetFloatv(GL_POINT_DISTANCE_ATTENUATION, got);
   if (got[0] != 0.25f || got[1] != 0.0f || got[2] != 0.0f)
      fail("GL_POINT_DISTANCE_ATTENUATION reads %g %g %g", got[0], got[1], got[2]);
   glGetFloatv(GL_POINT_SIZE_MAX, got);
   if (got[0] != 4.0f)
      fail("GL_POINT_SIZE_MAX reads %g, want 4", got[0]);
   readback();
   const rgba8 green = to8(V4(0, 1, 0, 1)), black = to8(bg);
   expect_px("attenuated point inside", 29, 29, green);
   expect_px("attenuated point inside", 34, 34, green);
   expect_px("attenuated point: not 16 wide", 26, 32, black);
   expect_px("attenuated point: not 16 wide", 37, 32, black);
   expect_px("clamped point inside", 47, 15, green);
   expect_px("clamped point: not 32 wide", 44, 16, black);
   expect_px("clamped point: not 32 wide", 52, 16, black);

   /* sprites: a 16-pixel point over a 2x1 texture, red left, blue right */
   const float one[3] = {1.0f, 0.0f, 0.0f};
   point_fv(GL_POINT_DISTANCE_ATTENUATION, one);
   point_f(GL_POINT_SIZE_MAX, 64.0f);
   clear_to(bg);
   const GLubyte texels[8] = {255, 0, 0, 255, 0, 0, 255, 255};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   glEnable(GL_POINT_SPRITE);
   glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
   GLint replace = 0;
   glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, &replace);
   if (replace != GL_TRUE)
      fail("GL_COORD_REPLACE reads %d", replace);
   glPointSize(16.0f);
   glTexCoord2f(0.75f, 0.5f); /* without replacement every pixel would be blue */
   glBegin(GL_POINTS);
   glVertex3f(0, 0, -2); /* [24, 40) */
   glEnd();
   glDisable(GL_POINT_SPRITE);
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &tex);
   check_gl_error("point sprite");
   readback();
   expect_px("sprite left half", 26, 32, to8(V4(1, 0, 0, 1)));
   expect_px("sprite right half", 37, 32, to8(V4(0, 0, 1, 1)));
}

/* compat_legacy_textures: GL_ALPHA, GL_LUMINANCE, GL_LUMINANCE_ALPHA and GL_INTENSITY textures
 * filled from RGBA bytes keep A, R, R+A and R as GL 2.1 table 3.15 says, and read as (0,0,0,A),
 * (L,L,L,1), (L,L,L,A), (I,I,I,I) in GL_REPLACE; a GL_LUMINANCE image into an RGBA texture is
 * (L, L, L, 1). Each fills a quad, blended over grey so alpha shows. */
void
sc_compat_legacy_textures(void)
{
   const vec4f bg = V4(0.4f, 0.4f, 0.4f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   const GLubyte rgba[4] = {204, 51, 102, 153}; /* 0.8, 0.2, 0.4, 0.6 */
   const GLenum fmts[4] = {GL_ALPHA, GL_LUMINANCE, GL_LUMINANCE_ALPHA, GL_INTENSITY};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glEnable(GL_BLEND);
   glColor4f(0.0f, 1.0f, 0.0f, 1.0f); /* the fragment colour GL_ALPHA keeps */
   for (int i = 0; i < 4; i++) {
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fmts[i], 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
      compat_rect(4 + 15 * i, 4, 14 + 15 * i, 20);
   }
   const GLubyte lum = 51;
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, &lum);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   compat_rect(4, 30, 14, 46);
   /* GL_RGB then GL_RGBA of the same size: the second reads its own alpha, not 1 */
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   compat_rect(19, 30, 29, 46);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   compat_rect(34, 30, 44, 46);
   glDisable(GL_BLEND);
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &tex);
   check_gl_error("legacy texture formats");
   const float r = 0.8f, a = 0.6f, g = 0.4f;
   /* blended: src * alpha + bg * (1 - alpha), within 2 of 255 (8-bit blending rounds) */
   const vec4f want[7] = {
      V4(g * (1 - a), a + g * (1 - a), g * (1 - a), 1),
      V4(r, r, r, 1),
      V4(r * a + g * (1 - a), r * a + g * (1 - a), r * a + g * (1 - a), 1),
      V4(r * r + g * (1 - r), r * r + g * (1 - r), r * r + g * (1 - r), 1),
      V4(0.2f, 0.2f, 0.2f, 1),
      V4(r, 0.2f, 0.4f, 1),
      V4(r * a + g * (1 - a), 0.2f * a + g * (1 - a), 0.4f * a + g * (1 - a), 1)};
   const int at[7][2] = {{9, 12}, {24, 12}, {39, 12}, {54, 12}, {9, 38}, {24, 38}, {39, 38}};
   static const char *const what[7] = {"GL_ALPHA",
                                       "GL_LUMINANCE",
                                       "GL_LUMINANCE_ALPHA",
                                       "GL_INTENSITY",
                                       "GL_LUMINANCE data into GL_RGBA",
                                       "GL_RGB",
                                       "GL_RGBA after GL_RGB"};
   readback();
   for (int i = 0; i < 7; i++) {
      const rgba8 got = pixel_at(at[i][0], at[i][1]), w = to8(want[i]);
      for (int c = 0; c < 3; c++) /* the colour; alpha blends with the buffer's own */
         if (abs((int)got.c[c] - (int)w.c[c]) > 2) {
            fail("%s: pixel (%d,%d) is %d %d %d %d, want %d %d %d %d", what[i], at[i][0], at[i][1],
                 got.c[0], got.c[1], got.c[2], got.c[3], w.c[0], w.c[1], w.c[2], w.c[3]);
            break;
         }
   }
}

/* compat_accum_enable_array: a bad glAccum operation is GL_INVALID_ENUM (accumulation itself:
 * compat_accum); glClearAccum keeps GL_ACCUM_CLEAR_VALUE, clamped; glClear takes
 * GL_ACCUM_BUFFER_BIT. Then
 * glEnable(GL_VERTEX_ARRAY) / glEnable(GL_COLOR_ARRAY), which compatibility drivers take as
 * glEnableClientState, draw from the arrays. */
void
sc_compat_accum_enable_array(void)
{
   glAccum(0x1234, 1.0f);
   expect_gl_error(GL_INVALID_ENUM, "glAccum of an invalid operation");
   glClearAccum(0.25f, -2.0f, 0.5f, 2.0f);
   float v[4] = {0};
   glGetFloatv(GL_ACCUM_CLEAR_VALUE, v);
   if (v[0] != 0.25f || v[1] != -1.0f || v[2] != 0.5f || v[3] != 1.0f)
      fail("GL_ACCUM_CLEAR_VALUE %g %g %g %g, want 0.25 -1 0.5 1", v[0], v[1], v[2], v[3]);
   glClear(GL_COLOR_BUFFER_BIT | GL_ACCUM_BUFFER_BIT);
   check_gl_error("glClearAccum, glClear(GL_ACCUM_BUFFER_BIT)");

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   const float xy[8] = {8, 8, 40, 8, 40, 40, 8, 40};
   const GLubyte col[4][4] = {
      {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}};
   glVertexPointer(2, GL_FLOAT, 0, xy);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, col);
   glEnable(GL_VERTEX_ARRAY);
   glEnable(GL_COLOR_ARRAY);
   if (!glIsEnabled(GL_COLOR_ARRAY))
      fail("glEnable(GL_COLOR_ARRAY) did not enable the colour array");
   glDrawArrays(GL_QUADS, 0, 4);
   glDisable(GL_COLOR_ARRAY);
   glDisable(GL_VERTEX_ARRAY);
   check_gl_error("glEnable of legacy arrays");
   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 8, 40, 40, to8(V4(1, 0, 1, 1)));
   check_frame("compat_accum_enable_array", &m);
}

/* compat_material_in_begin_end: glMaterial between glBegin and glEnd changes the material of the
 * vertices after it only (GL 2.1 §2.14.3). Lit with no light and a black scene ambient, a vertex
 * is its emission; a flat-shaded strip of two quads sets red emission before its third vertex
 * and green before its fifth: the left quad red, the right one green (the last material set for
 * the whole strip would make both green). Then the material state after glEnd is the last one. */
void
sc_compat_material_in_begin_end(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const float black[4] = {0, 0, 0, 1}, red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   glEnable(GL_LIGHTING);
   glLightModelfv(GL_LIGHT_MODEL_AMBIENT, black);
   glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, black);
   glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, black);
   glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, black);
   glShadeModel(GL_FLAT);
   glBegin(GL_TRIANGLE_STRIP);
   glNormal3f(0, 0, 1);
   glVertex2f(8, 8);
   glVertex2f(8, 56);
   glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, red);
   glVertex2f(32, 8);
   glVertex2f(32, 56);
   glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, green);
   glVertex2f(56, 8);
   glVertex2f(56, 56);
   glEnd();
   float e[4] = {0};
   glGetMaterialfv(GL_FRONT, GL_EMISSION, e);
   if (e[0] != 0.0f || e[1] != 1.0f)
      fail("GL_EMISSION after glEnd: %g %g %g, want the last one set (green)", e[0], e[1], e[2]);
   glShadeModel(GL_SMOOTH);
   glDisable(GL_LIGHTING);
   check_gl_error("glMaterial inside glBegin/glEnd");
   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 8, 32, 56, to8(V4(1, 0, 0, 1)));
   model_rect(&m, 32, 8, 56, 56, to8(V4(0, 1, 0, 1)));
   check_frame("compat_material_in_begin_end", &m);
}

/* compat_render_mode: glRenderMode's errors and GL_RENDER (GL 2.1 §5.2-5.3): GL_RENDER returns 0
 * with no error; in GL_RENDER the name stack commands and glPassThrough are ignored without
 * error; GL_RENDER_MODE reads GL_RENDER; a bad mode is GL_INVALID_ENUM; glSelectBuffer of a
 * negative size GL_INVALID_VALUE, glFeedbackBuffer of a bad type GL_INVALID_ENUM; GL_SELECT
 * before glSelectBuffer (and GL_FEEDBACK before glFeedbackBuffer) GL_INVALID_OPERATION. */
void
sc_compat_render_mode(void)
{
   if (glRenderMode(GL_RENDER) != 0)
      fail("glRenderMode(GL_RENDER) from GL_RENDER returned non-zero");
   check_gl_error("glRenderMode(GL_RENDER)");
   glInitNames();
   glPushName(7);
   glLoadName(8);
   glPopName();
   glPopName(); /* an empty stack: ignored in GL_RENDER too */
   glPassThrough(1.0f);
   check_gl_error("name stack and glPassThrough in GL_RENDER");
   GLint mode = 0;
   glGetIntegerv(GL_RENDER_MODE, &mode);
   if (mode != GL_RENDER)
      fail("GL_RENDER_MODE reads 0x%x, want GL_RENDER", mode);
   glRenderMode(0x1234);
   expect_gl_error(GL_INVALID_ENUM, "glRenderMode of a bad mode");
   GLuint sel[8];
   glSelectBuffer(-1, sel);
   expect_gl_error(GL_INVALID_VALUE, "glSelectBuffer of a negative size");
   GLfloat fb[8];
   glFeedbackBuffer(8, 0x1234, fb);
   expect_gl_error(GL_INVALID_ENUM, "glFeedbackBuffer of a bad type");
   /* last: Mesa enters the mode despite the error (GL 2.1 §2.5: an erring command does
    * nothing else), so each is followed by a return to GL_RENDER */
   glRenderMode(GL_SELECT);
   expect_gl_error(GL_INVALID_OPERATION, "glRenderMode(GL_SELECT) before glSelectBuffer");
   glRenderMode(GL_RENDER);
   glRenderMode(GL_FEEDBACK);
   expect_gl_error(GL_INVALID_OPERATION, "glRenderMode(GL_FEEDBACK) before glFeedbackBuffer");
   glRenderMode(GL_RENDER);
   while (glGetError() != GL_NO_ERROR)
      ;
}

/* What GL 2.1 §3.4.2 draws of a one-pixel horizontal or vertical line whose fragments carry
 * stipple counts s0 .. s0 + n - 1: fragment i is drawn where bit (s / factor) mod 16 is set. */
static bool
stipple_bit(unsigned pattern, unsigned factor, unsigned s)
{
   return (pattern >> ((s / factor) % 16)) & 1u;
}

/* compat_line_stipple: GL_LINE_STIPPLE on aliased one-pixel lines, exact pixels. Lines run
 * from pixel centre to pixel centre, so by the diamond-exit rule a line from x0 + 0.5 to
 * x1 + 0.5 draws pixels x0 .. x1 - 1 with counts 0, 1, ... (GL 2.1 §3.4.2):
 * - GL_LINES, pattern 0x00ff factor 1: two segments on rows 4 and 8, each restarting at 0;
 * - factor 3, pattern 0x3333 (the counter repeats each bit three times);
 * - GL_LINE_STRIP: 10 pixels along row 40, then up column 12 from row 40: the count carries on
 *   (10 .. 25), so rows 40..45 are off, 46..53 on, 54..55 off (a reset would draw 40..47);
 * - GL_LINE_LOOP: a 3-segment loop whose closing segment continues the count;
 * - the state reads back, and with the enable off the same line is solid. */
void
sc_compat_line_stipple(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   glColor4f(1.0f, 1.0f, 1.0f, 1.0f);
   glEnable(GL_LINE_STIPPLE);
   glLineStipple(1, 0x00ff);
   glBegin(GL_LINES);
   glVertex2f(2.5f, 4.5f);
   glVertex2f(34.5f, 4.5f); /* pixels 2..33 of row 4 */
   glVertex2f(5.5f, 8.5f);
   glVertex2f(37.5f, 8.5f); /* pixels 5..36 of row 8: the count restarts */
   glEnd();
   glLineStipple(3, 0x3333);
   glBegin(GL_LINES);
   glVertex2f(2.5f, 12.5f);
   glVertex2f(50.5f, 12.5f);
   glEnd();
   glLineStipple(1, 0x00ff);
   glBegin(GL_LINE_STRIP);
   glVertex2f(2.5f, 40.5f);
   glVertex2f(12.5f, 40.5f); /* pixels 2..11, counts 0..9 */
   glVertex2f(12.5f, 56.5f); /* rows 40..55 of column 12, counts 10..25 */
   glEnd();
   /* a loop of three segments: right along row 20 (x 20..35, counts 0..15), up column 36
    * (rows 20..27, counts 16..23), back down-left to the start (its count goes on from 24) */
   glLineStipple(1, 0xf0f0);
   glBegin(GL_LINE_LOOP);
   glVertex2f(20.5f, 20.5f);
   glVertex2f(36.5f, 20.5f);
   glVertex2f(36.5f, 28.5f);
   glEnd();
   check_gl_error("stippled lines");
   GLint v = 0;
   glGetIntegerv(GL_LINE_STIPPLE_PATTERN, &v);
   if (v != 0xf0f0)
      fail("GL_LINE_STIPPLE_PATTERN reads 0x%x, want 0xf0f0", v);
   glLineStipple(300, 0xf0f0);
   glGetIntegerv(GL_LINE_STIPPLE_REPEAT, &v);
   if (v != 256)
      fail("GL_LINE_STIPPLE_REPEAT reads %d after glLineStipple(300), want 256 (clamped)", v);
   if (!glIsEnabled(GL_LINE_STIPPLE))
      fail("GL_LINE_STIPPLE not enabled");
   glDisable(GL_LINE_STIPPLE);
   glBegin(GL_LINES);
   glVertex2f(2.5f, 60.5f);
   glVertex2f(34.5f, 60.5f);
   glEnd();
   check_gl_error("unstippled line");
   readback();
   const rgba8 white = to8(V4(1, 1, 1, 1)), black = to8(bg);
   for (int x = 0; x < W; x++) {
      expect_px("GL_LINES, first segment", x, 4,
                x >= 2 && x <= 33 && stipple_bit(0x00ff, 1, (unsigned)(x - 2)) ? white : black);
      expect_px("GL_LINES, second segment (count restarted)", x, 8,
                x >= 5 && x <= 36 && stipple_bit(0x00ff, 1, (unsigned)(x - 5)) ? white : black);
      expect_px("factor 3", x, 12,
                x >= 2 && x <= 49 && stipple_bit(0x3333, 3, (unsigned)(x - 2)) ? white : black);
      expect_px("unstippled", x, 60, x >= 2 && x <= 33 ? white : black);
   }
   for (int x = 0; x < 12; x++)
      expect_px("GL_LINE_STRIP, first segment", x, 40,
                x >= 2 && stipple_bit(0x00ff, 1, (unsigned)(x - 2)) ? white : black);
   for (int y = 41; y < 60; y++)
      expect_px("GL_LINE_STRIP, second segment (count carried on)", 12, y,
                y <= 55 && stipple_bit(0x00ff, 1, (unsigned)(10 + y - 40)) ? white : black);
   expect_px("GL_LINE_STRIP, joint (count 10)", 12, 40, stipple_bit(0x00ff, 1, 10) ? white : black);
   /* from x 23: the closing diagonal passes near the start */
   for (int x = 23; x < 36; x++)
      expect_px("GL_LINE_LOOP, first segment", x, 20,
                stipple_bit(0xf0f0, 1, (unsigned)(x - 20)) ? white : black);
   for (int y = 21; y < 28; y++)
      expect_px("GL_LINE_LOOP, second segment", 36, y,
                stipple_bit(0xf0f0, 1, (unsigned)(16 + y - 20)) ? white : black);
}

/* compat_point_smooth: GL_POINT_SMOOTH (GL 2.1 §3.3.1) draws a 16-pixel point as a disc: with
 * blending (SRC_ALPHA, ONE_MINUS_SRC_ALPHA) its centre is the colour, a corner of the 16x16
 * square lies outside the disc (background), a pixel on the disc's rim is drawn;
 * an attenuated point off the view axis is sized by |z_eye| (as Mesa): (0, 0, 1) at eye
 * (12, 0, -2) halves 16 to 8, where the full distance would give 16 / 2.33. glIsEnabled and
 * glPushAttrib(GL_POINT_BIT) keep the enable; a point sprite stays square. */
void
sc_compat_point_smooth(void)
{
   PFNGLPOINTPARAMETERFVPROC point_fv =
      (PFNGLPOINTPARAMETERFVPROC)eglGetProcAddress("glPointParameterfv");
   if (!point_fv)
      die_setup("no glPointParameterfv");
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(-W / 2, W / 2, -H / 2, H / 2, 0, 10); /* eye (0, 0, -2) is window (32, 32) */
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   if (glIsEnabled(GL_POINT_SMOOTH))
      fail("GL_POINT_SMOOTH enabled by default");
   glEnable(GL_POINT_SMOOTH);
   check_gl_error("glEnable(GL_POINT_SMOOTH)");
   glPushAttrib(GL_POINT_BIT);
   glDisable(GL_POINT_SMOOTH);
   glPopAttrib();
   if (!glIsEnabled(GL_POINT_SMOOTH))
      fail("GL_POINT_SMOOTH not restored by glPopAttrib(GL_POINT_BIT)");
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   clear_to(bg);
   glPointSize(16.0f);
   glColor4f(0.0f, 1.0f, 0.0f, 1.0f);
   glBegin(GL_POINTS);
   glVertex3f(0, 0, -2); /* the square [24, 40) x [24, 40), the disc of radius 8 at (32, 32) */
   glEnd();
   check_gl_error("smooth point");
   readback();
   const rgba8 green = to8(V4(0, 1, 0, 1)), black = to8(bg);
   expect_px("smooth point centre", 31, 31, green);
   expect_px("smooth point centre", 32, 32, green);
   expect_px("smooth point: the square's corner is outside the disc", 24, 24, black);
   expect_px("smooth point: the square's corner is outside the disc", 39, 39, black);
   /* pixel (26, 26)'s centre is 5.5 * sqrt(2) = 7.8 from the point's: on the disc's rim,
    * covered in part at least (how much is the implementation's: Mesa's whole, mgl's ramp
    * about 0.7) */
   for (int i = 0; i < 2; i++) {
      const int p = i ? 37 : 26;
      const rgba8 rim = pixel_at(p, p);
      if (rim.c[1] < 32)
         fail("smooth point's rim pixel (%d,%d): green %u, want covered in part", p, p, rim.c[1]);
   }

   /* attenuation by |z_eye|: eye (12, 0, -2), d = 2: 16 / 2 = 8 wide, [40, 48) */
   const float atten[3] = {0.0f, 0.0f, 1.0f};
   point_fv(GL_POINT_DISTANCE_ATTENUATION, atten);
   glDisable(GL_POINT_SMOOTH);
   glDisable(GL_BLEND);
   clear_to(bg);
   glBegin(GL_POINTS);
   glVertex3f(12, 0, -2);
   glEnd();
   readback();
   expect_px("attenuated off-axis point inside", 40, 32, green);
   expect_px("attenuated off-axis point inside", 47, 32, green);
   expect_px("attenuated off-axis point: 8 wide", 39, 32, black);
   expect_px("attenuated off-axis point: 8 wide", 48, 32, black);

   /* a point sprite is square whatever GL_POINT_SMOOTH says */
   const float one[3] = {1.0f, 0.0f, 0.0f};
   point_fv(GL_POINT_DISTANCE_ATTENUATION, one);
   glEnable(GL_POINT_SMOOTH);
   glEnable(GL_BLEND);
   glEnable(GL_POINT_SPRITE);
   clear_to(bg);
   glBegin(GL_POINTS);
   glVertex3f(0, 0, -2);
   glEnd();
   check_gl_error("smooth sprite");
   readback();
   expect_px("smooth sprite's corner", 24, 24, green);
   expect_px("smooth sprite's corner", 39, 39, green);
}

/* compat_point_smooth_ms: GL_POINT_SMOOTH under multisampling (GL 2.1 §3.3.3): a 20-pixel
 * white point at window (32, 32) into a 4-sample RGBA8 renderbuffer cleared to 0, unblended,
 * covers the samples inside the disc of radius 10 and leaves the colour's alpha alone (no
 * coverage factor). After a resolve into RGBA8 each pixel's red is 255 times the share of
 * its samples covered: their sum is the disc's area in pixels, 100 pi = 314.2 (within 4%; the
 * 20x20 square would be 400), the square's corners stay 0, the centre is 255, and every
 * pixel's alpha equals its red (a covered sample has alpha 1). */
void
sc_compat_point_smooth_ms(void)
{
   enum { N = 64 };
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
   if (max_samples < 4) {
      skipped("4 samples");
      return;
   }
   GLuint fbo[2], rb[2];
   gl.GenFramebuffers(2, fbo);
   gl.GenRenderbuffers(2, rb);
   for (int i = 0; i < 2; i++) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, i ? 0 : 4, GL_RGBA8, N, N);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[i]);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         die_setup("compat_point_smooth_ms: framebuffer %d incomplete", i);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   glViewport(0, 0, N, N);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(-N / 2, N / 2, -N / 2, N / 2, 0, 10); /* eye (0, 0, -2) is window (32, 32) */
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glEnable(GL_MULTISAMPLE);
   glEnable(GL_POINT_SMOOTH);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glPointSize(20.0f);
   glColor4f(1.0f, 1.0f, 1.0f, 1.0f);
   glBegin(GL_POINTS);
   glVertex3f(0, 0, -2); /* the square [22, 42) x [22, 42), the disc of radius 10 at (32, 32) */
   glEnd();
   glDisable(GL_POINT_SMOOTH);
   check_gl_error("a smooth point into a multisampled framebuffer");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(0, 0, N, N, 0, 0, N, N, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   static GLubyte px[N * N * 4];
   glReadPixels(0, 0, N, N, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check_gl_error("the resolve and its read");
   double area = 0.0;
   int alpha_off = -1;
   for (int p = 0; p < N * N; p++) {
      area += px[4 * p] / 255.0;
      if (alpha_off < 0 && abs((int)px[4 * p + 3] - (int)px[4 * p]) > 2)
         alpha_off = p;
   }
   const double disc = 100.0 * 3.14159265358979;
   if (fabs(area - disc) > 0.04 * disc)
      fail("covered samples: %.1f pixels' worth, want the disc's %.1f (the square: 400)", area,
           disc);
   if (alpha_off >= 0)
      fail("pixel (%d, %d): red %u, alpha %u; want alpha = red (no coverage factor)", alpha_off % N,
           alpha_off / N, px[4 * alpha_off], px[4 * alpha_off + 3]);
   static const int probe[][3] = {{32, 32, 255}, {31, 31, 255}, {22, 22, 0},
                                  {41, 41, 0},   {22, 41, 0},   {41, 22, 0}};
   for (unsigned i = 0; i < sizeof(probe) / sizeof(probe[0]); i++) {
      const GLubyte r = px[4 * (probe[i][1] * N + probe[i][0])];
      if (r != probe[i][2])
         fail("pixel (%d, %d): red %u, want %d", probe[i][0], probe[i][1], r, probe[i][2]);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(2, fbo);
   gl.DeleteRenderbuffers(2, rb);
}
