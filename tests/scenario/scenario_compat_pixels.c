/* scenario_compat_pixels.c: the legacy pixel paths of a compatibility context (scenarios.def's
 * es 1): the current raster position and its glGets, glWindowPos, glDrawPixels with zoom,
 * pixel transfer and pixel maps, glBitmap and glCopyPixels, each checked against the pixels
 * GL 2.1 §2.13 and §3.6-3.7 give for the same numbers. No program is bound: fixed function. */
#include "scenario.h"

typedef void(APIENTRYP pfn_window_pos2i)(GLint, GLint);
typedef void(APIENTRYP pfn_window_pos3f)(GLfloat, GLfloat, GLfloat);

static void
expect_fv(GLenum pname, int n, const float *want, const char *what)
{
   GLfloat got[4] = {-9, -9, -9, -9};
   glGetFloatv(pname, got);
   for (int i = 0; i < n; i++)
      if (fabsf(got[i] - want[i]) > 1e-4f)
         fail("%s: component %d is %g, expected %g", what, i, got[i], want[i]);
}

static void
expect_valid(GLboolean want, const char *what)
{
   GLboolean v = !want;
   glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &v);
   if (v != want)
      fail("%s: GL_CURRENT_RASTER_POSITION_VALID is %d, expected %d", what, v, want);
}

/* compat_raster_pos: the initial raster state, glRasterPos through modelview and projection
 * into the viewport (and its colour and texture coordinates), clipping, glWindowPos. */
void
sc_compat_raster_pos(void)
{
   const float init_pos[4] = {0, 0, 0, 1}, white[4] = {1, 1, 1, 1};
   expect_fv(GL_CURRENT_RASTER_POSITION, 4, init_pos, "initial position");
   expect_fv(GL_CURRENT_RASTER_COLOR, 4, white, "initial colour");
   expect_valid(GL_TRUE, "initial");
   const float zoom1[1] = {1};
   expect_fv(GL_ZOOM_X, 1, zoom1, "initial zoom");

   /* modelview translates by (0.25, 0), projection scales by 0.5: (0.5, 0.5, 0.5) lands at
    * clip (0.375, 0.25, 0.25) → window (44, 40, 0.625) in the 64x64 viewport */
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glScalef(0.5f, 0.5f, 0.5f);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glTranslatef(0.25f, 0.0f, 0.0f);
   glColor4f(0.25f, 0.5f, 0.75f, 1.0f);
   glMatrixMode(GL_TEXTURE);
   glLoadIdentity();
   glTranslatef(0.5f, 0.0f, 0.0f);
   glTexCoord4f(0.25f, 0.5f, 0.0f, 1.0f);
   glRasterPos3f(0.5f, 0.5f, 0.5f);
   glMatrixMode(GL_TEXTURE);
   glLoadIdentity();
   const float pos[4] = {44, 40, 0.625f, 1}, col[4] = {0.25f, 0.5f, 0.75f, 1};
   const float tc[4] = {0.75f, 0.5f, 0, 1};
   expect_fv(GL_CURRENT_RASTER_POSITION, 4, pos, "glRasterPos3f");
   expect_fv(GL_CURRENT_RASTER_COLOR, 4, col, "raster colour");
   expect_fv(GL_CURRENT_RASTER_TEXTURE_COORDS, 4, tc, "raster texture coordinates");
   expect_valid(GL_TRUE, "inside");
   GLint ipos[4];
   glGetIntegerv(GL_CURRENT_RASTER_POSITION, ipos);
   if (ipos[0] != 44 || ipos[1] != 40)
      fail("glGetIntegerv(GL_CURRENT_RASTER_POSITION): (%d, %d), expected (44, 40)", ipos[0],
           ipos[1]);

   /* outside the view volume: invalid, the position keeps its last value */
   glColor4f(1, 0, 0, 1);
   glRasterPos2f(4.0f, 0.0f);
   expect_valid(GL_FALSE, "outside");
   expect_fv(GL_CURRENT_RASTER_POSITION, 4, pos, "position kept when clipped");
   expect_fv(GL_CURRENT_RASTER_COLOR, 4, col, "colour kept when clipped");

   /* lighting: the raster colour is the lit colour (ambient 0.2 * 0.2 + diffuse 0.8 * N.L) */
   glEnable(GL_LIGHTING);
   glEnable(GL_LIGHT0);
   glNormal3f(0, 0, 1);
   glRasterPos2f(0, 0);
   glDisable(GL_LIGHTING);
   const float lit[4] = {0.84f, 0.84f, 0.84f, 1.0f};
   expect_fv(GL_CURRENT_RASTER_COLOR, 4, lit, "lit raster colour");

   pfn_window_pos2i window_pos2i = (pfn_window_pos2i)eglGetProcAddress("glWindowPos2i");
   pfn_window_pos3f window_pos3f = (pfn_window_pos3f)eglGetProcAddress("glWindowPos3f");
   if (!window_pos2i || !window_pos3f) {
      fail("no glWindowPos2i / glWindowPos3f");
      return;
   }
   glRasterPos2f(4.0f, 0.0f);
   window_pos2i(-5, 70); /* window coordinates are never clipped */
   const float wpos[4] = {-5, 70, 0, 1}, red[4] = {1, 0, 0, 1};
   expect_valid(GL_TRUE, "glWindowPos2i");
   expect_fv(GL_CURRENT_RASTER_POSITION, 4, wpos, "glWindowPos2i");
   expect_fv(GL_CURRENT_RASTER_COLOR, 4, red, "glWindowPos colour (unlit current colour)");
   glDepthRange(0.5, 1.0);
   window_pos3f(1.5f, 2.5f, 0.5f);
   glDepthRange(0.0, 1.0);
   const float wpos3[4] = {1.5f, 2.5f, 0.75f, 1};
   expect_fv(GL_CURRENT_RASTER_POSITION, 4, wpos3, "glWindowPos3f through the depth range");

   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   check_gl_error("compat_raster_pos");
   clear_to(V4(0, 0, 0, 1));
   readback();
}

static rgba8
px8(unsigned r, unsigned g, unsigned b, unsigned a)
{
   rgba8 p = {{(uint8_t)r, (uint8_t)g, (uint8_t)b, (uint8_t)a}};
   return p;
}

/* compat_draw_pixels: RGBA and luminance images at the raster position, zoomed (and mirrored
 * by a negative zoom), through scale/bias and a colour map, colour indices through I_TO_*,
 * the alpha test, and GL's errors. */
void
sc_compat_draw_pixels(void)
{
   clear_to(V4(0, 0, 0, 1));
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   /* a 2x2 RGBA image: bottom row red, green; top row blue, white */
   const GLubyte img[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
   glRasterPos2f(-1.0f + 4.0f / 32.0f, -1.0f + 4.0f / 32.0f); /* window (4, 4) */
   glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);

   /* zoom 3 x 2 at window (10, 4): each texel a 3x2 block */
   glPixelZoom(3.0f, 2.0f);
   glRasterPos2f(-1.0f + 10.0f / 32.0f, -1.0f + 4.0f / 32.0f);
   glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);
   /* zoom -1 x 1 at window (24, 4): mirrored, extends left of the raster position */
   glPixelZoom(-1.0f, 1.0f);
   glRasterPos2f(-1.0f + 24.0f / 32.0f, -1.0f + 4.0f / 32.0f);
   glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);
   glPixelZoom(1.0f, 1.0f);

   /* luminance floats with red scale 0.25 and green bias 0.25 at window (30, 4) */
   const GLfloat lum[2] = {0.6f, 1.0f};
   glPixelTransferf(GL_RED_SCALE, 0.25f);
   glPixelTransferf(GL_GREEN_BIAS, 0.25f);
   glRasterPos2f(-1.0f + 30.0f / 32.0f, -1.0f + 4.0f / 32.0f);
   glDrawPixels(2, 1, GL_LUMINANCE, GL_FLOAT, lum);
   glPixelTransferf(GL_RED_SCALE, 1.0f);
   glPixelTransferf(GL_GREEN_BIAS, 0.0f);

   /* GL_MAP_COLOR with R_TO_R = {1, 0} and the others the identity: red inverted, at window
    * (36, 4) */
   const GLfloat inv[2] = {1.0f, 0.0f}, ident[2] = {0.0f, 1.0f};
   glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 2, inv);
   glPixelMapfv(GL_PIXEL_MAP_G_TO_G, 2, ident);
   glPixelMapfv(GL_PIXEL_MAP_B_TO_B, 2, ident);
   glPixelMapfv(GL_PIXEL_MAP_A_TO_A, 2, ident);
   glPixelTransferi(GL_MAP_COLOR, GL_TRUE);
   glRasterPos2f(-1.0f + 36.0f / 32.0f, -1.0f + 4.0f / 32.0f);
   glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);
   glPixelTransferi(GL_MAP_COLOR, GL_FALSE);
   GLfloat back[2] = {-1, -1};
   glGetPixelMapfv(GL_PIXEL_MAP_R_TO_R, back);
   GLint size = 0;
   glGetIntegerv(GL_PIXEL_MAP_R_TO_R_SIZE, &size);
   if (size != 2 || back[0] != 1.0f || back[1] != 0.0f)
      fail("GL_PIXEL_MAP_R_TO_R: size %d values %g %g, expected 2, 1 0", size, back[0], back[1]);

   /* colour indices 0..3 through I_TO_R / I_TO_G (size 4), index offset 1, at (42, 4) */
   const GLfloat ir[4] = {0.0f, 0.2f, 0.6f, 1.0f}, ig[4] = {1.0f, 0.8f, 0.4f, 0.0f};
   const GLfloat ia[1] = {1.0f};
   glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 4, ir);
   glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 4, ig);
   glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 1, ia);
   glPixelTransferi(GL_INDEX_OFFSET, 1);
   const GLubyte idx[2] = {0, 2};
   glRasterPos2f(-1.0f + 42.0f / 32.0f, -1.0f + 4.0f / 32.0f);
   glDrawPixels(2, 1, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, idx);
   glPixelTransferi(GL_INDEX_OFFSET, 0);

   /* the alpha test discards the half-transparent half of an image at (48, 4) */
   const GLubyte alpha_img[8] = {255, 255, 0, 64, 255, 255, 0, 255};
   glEnable(GL_ALPHA_TEST);
   glAlphaFunc(GL_GREATER, 0.5f);
   glRasterPos2f(-1.0f + 48.0f / 32.0f, -1.0f + 4.0f / 32.0f);
   glDrawPixels(2, 1, GL_RGBA, GL_UNSIGNED_BYTE, alpha_img);
   glDisable(GL_ALPHA_TEST);

   /* an invalid raster position draws nothing */
   glRasterPos2f(3.0f, 0.0f);
   glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);
   check_gl_error("compat_draw_pixels draws");

   glDrawPixels(-1, 1, GL_RGBA, GL_UNSIGNED_BYTE, img);
   expect_gl_error(GL_INVALID_VALUE, "glDrawPixels width -1");
   glDrawPixels(1, 1, GL_RGBA, GL_BITMAP, img);
   expect_gl_error(GL_INVALID_ENUM, "glDrawPixels GL_RGBA GL_BITMAP");
   glDrawPixels(1, 1, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, img);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawPixels GL_RGB GL_UNSIGNED_SHORT_4_4_4_4");
   glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 3, ir);
   expect_gl_error(GL_INVALID_VALUE, "glPixelMapfv I_TO_R of 3 entries");
   glPixelTransferf(GL_ZOOM_X, 1.0f);
   expect_gl_error(GL_INVALID_ENUM, "glPixelTransferf(GL_ZOOM_X)");

   readback();
   const rgba8 R = px8(255, 0, 0, 255), G = px8(0, 255, 0, 255), B = px8(0, 0, 255, 255),
               Wt = px8(255, 255, 255, 255), K = px8(0, 0, 0, 255);
   expect_px("1x: bottom left", 4, 4, R);
   expect_px("1x: bottom right", 5, 4, G);
   expect_px("1x: top left", 4, 5, B);
   expect_px("1x: top right", 5, 5, Wt);
   expect_px("1x: outside", 6, 4, K);
   expect_px("1x: outside above", 4, 6, K);
   expect_px("zoom: (0,0) block start", 10, 4, R);
   expect_px("zoom: (0,0) block end", 12, 5, R);
   expect_px("zoom: (1,0) block", 13, 5, G);
   expect_px("zoom: (1,1) block end", 15, 7, Wt);
   expect_px("zoom: (0,1) block", 10, 6, B);
   expect_px("zoom: past the end", 16, 4, K);
   expect_px("zoom: above", 10, 8, K);
   expect_px("mirror: texel 0 left of the raster x", 23, 4, R);
   expect_px("mirror: texel 1", 22, 4, G);
   expect_px("mirror: raster x itself", 24, 4, K);
   expect_px("luminance 0.6 scaled, biased", 30, 4, px8(38, 217, 153, 255));
   expect_px("luminance 1.0 scaled, biased", 31, 4, px8(64, 255, 255, 255));
   expect_px("map: red inverted", 36, 4, px8(0, 0, 0, 255));
   expect_px("map: green gains red", 37, 4, px8(255, 255, 0, 255));
   expect_px("map: white loses red", 37, 5, px8(0, 255, 255, 255));
   expect_px("index 0+1", 42, 4, px8(51, 204, 0, 255));
   expect_px("index 2+1", 43, 4, px8(255, 0, 0, 255));
   expect_px("alpha test: 64 discarded", 48, 4, K);
   expect_px("alpha test: 255 kept", 49, 4, px8(255, 255, 0, 255));
}

/* compat_bitmap_copy: glBitmap at the raster position in the raster colour (set by the colour
 * current at glRasterPos, not at glBitmap) and its advance; glCopyPixels of colour (with
 * overlapping source and destination) and of depth, checked through a depth test. */
void
sc_compat_bitmap_copy(void)
{
   clear_to(V4(0, 0, 0, 1));
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   /* 8x2 bitmap: bottom row 0b10100000, top row 0b00000001 (MSB first) */
   const GLubyte bits[2] = {0xA0, 0x01};
   glColor4f(0, 1, 0, 1);
   glRasterPos2f(-1.0f + 4.5f / 32.0f, -1.0f + 20.5f / 32.0f); /* window (4.5, 20.5) */
   glColor4f(1, 0, 0, 1); /* too late: the raster colour stays green */
   glBitmap(8, 2, 0.5f, 0.5f, 10.0f, 1.0f, bits);
   const float adv[4] = {14.5f, 21.5f, 0.5f, 1.0f};
   expect_fv(GL_CURRENT_RASTER_POSITION, 4, adv, "glBitmap advance");
   glBitmap(0, 0, 0, 0, 3.0f, -2.0f, NULL); /* a move only */
   const float adv2[4] = {17.5f, 19.5f, 0.5f, 1.0f};
   expect_fv(GL_CURRENT_RASTER_POSITION, 4, adv2, "glBitmap move only");

   /* LSB first: bit 0 is the leftmost pixel */
   glPixelStorei(GL_UNPACK_LSB_FIRST, GL_TRUE);
   const GLubyte lsb[1] = {0x03};
   glRasterPos2f(-1.0f + 30.0f / 32.0f, -1.0f + 20.0f / 32.0f);
   glBitmap(8, 1, 0, 0, 0, 0, lsb);
   glPixelStorei(GL_UNPACK_LSB_FIRST, GL_FALSE);

   /* colour copy: a 4x2 pattern at (4, 30), copied to (6, 30) (overlapping) */
   const GLubyte pat[8 * 4] = {
      255, 0,   0,   255, 0,   255, 0,   255, 0,   0,   255, 255, 255, 255, 0,   255,
      0,   255, 255, 255, 255, 0,   255, 255, 128, 128, 128, 255, 255, 255, 255, 255,
   };
   glRasterPos2f(-1.0f + 4.0f / 32.0f, -1.0f + 30.0f / 32.0f);
   glDrawPixels(4, 2, GL_RGBA, GL_UNSIGNED_BYTE, pat);
   glRasterPos2f(-1.0f + 6.0f / 32.0f, -1.0f + 30.0f / 32.0f);
   glCopyPixels(4, 30, 4, 2, GL_COLOR);

   /* colour copy with scale: blue quartered, to (20, 30); the source now holds the copy at
    * x 6 and 7 */
   glPixelTransferf(GL_BLUE_SCALE, 0.25f);
   glRasterPos2f(-1.0f + 20.0f / 32.0f, -1.0f + 30.0f / 32.0f);
   glCopyPixels(4, 30, 4, 2, GL_COLOR);
   glPixelTransferf(GL_BLUE_SCALE, 1.0f);

   /* depth: draw depth 0.25 into [40,44) x [40,44) (colour writes off), then a red quad at
    * z 0.5 (window) with GL_LESS covers only where depth was not written */
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   GLfloat dz[16];
   for (int i = 0; i < 16; i++)
      dz[i] = 0.25f;
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   glRasterPos2f(-1.0f + 40.0f / 32.0f, -1.0f + 40.0f / 32.0f);
   glDrawPixels(4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, dz);
   /* and copied to (50, 40) */
   glRasterPos2f(-1.0f + 50.0f / 32.0f, -1.0f + 40.0f / 32.0f);
   glCopyPixels(40, 40, 4, 4, GL_DEPTH);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDepthFunc(GL_LESS);
   glColor4f(1, 0, 0, 1);
   glRectf(-1.0f + 38.0f / 32.0f, -1.0f + 38.0f / 32.0f, -1.0f + 56.0f / 32.0f,
           -1.0f + 46.0f / 32.0f); /* z 0 → window depth 0.5 */
   glDisable(GL_DEPTH_TEST);

   glCopyPixels(0, 0, 1, 1, GL_RGBA);
   expect_gl_error(GL_INVALID_ENUM, "glCopyPixels GL_RGBA");
   glBitmap(-1, 1, 0, 0, 0, 0, bits);
   expect_gl_error(GL_INVALID_VALUE, "glBitmap width -1");
   check_gl_error("compat_bitmap_copy");

   readback();
   const rgba8 K = px8(0, 0, 0, 255), Gr = px8(0, 255, 0, 255), R = px8(255, 0, 0, 255);
   /* the bitmap's lower left corner: floor(4.5 - 0.5), floor(20.5 - 0.5) = (4, 20) */
   expect_px("bitmap bit 7 of row 0", 4, 20, Gr);
   expect_px("bitmap bit 6 of row 0", 5, 20, K);
   expect_px("bitmap bit 5 of row 0", 6, 20, Gr);
   expect_px("bitmap bit 0 of row 1", 11, 21, Gr);
   expect_px("bitmap bit 7 of row 1", 4, 21, K);
   expect_px("lsb first: pixel 0", 30, 20, R);
   expect_px("lsb first: pixel 1", 31, 20, R);
   expect_px("lsb first: pixel 2", 32, 20, K);
   expect_px("copy: source kept left of the overlap", 4, 30, R);
   expect_px("copy: (0,0) at (6,30)", 6, 30, R);
   expect_px("copy: (1,0) at (7,30)", 7, 30, px8(0, 255, 0, 255));
   expect_px("copy: (3,0) at (9,30)", 9, 30, px8(255, 255, 0, 255));
   expect_px("copy: (2,1) at (8,31)", 8, 31, px8(128, 128, 128, 255));
   expect_px("copy scaled: (2,0) the first copy's red", 22, 30, R);
   expect_px("copy scaled: (0,1) cyan, blue quartered", 20, 31, px8(0, 255, 64, 255));
   expect_px("copy scaled: (1,1) magenta, blue quartered", 21, 31, px8(255, 0, 64, 255));
   expect_px("depth drawn: red quad behind", 41, 41, K);
   expect_px("depth copied: red quad behind", 52, 42, K);
   expect_px("no depth drawn: red quad", 39, 41, R);
   expect_px("between the two: red quad", 47, 41, R);
}

/* compat_ff_draw_buffers: with two draw buffers enabled, a fixed-function draw (glRect) and a
 * pixel rectangle (glDrawPixels) write their one colour to both (GL 2.1 §4.2.1: with no
 * fragment program the fragment colour goes to every enabled draw buffer). */
void
sc_compat_ff_draw_buffers(void)
{
   GLuint tex[2], fbo;
   glGenTextures(2, tex);
   for (int i = 0; i < 2; i++) {
      glBindTexture(GL_TEXTURE_2D, tex[i]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   }
   glBindTexture(GL_TEXTURE_2D, 0);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 0);
   const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   gl.DrawBuffers(2, bufs);
   glViewport(0, 0, 16, 16);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glColor4f(1, 1, 0, 1);
   glRectf(-1.0f, -1.0f, 0.0f, 0.0f); /* [0,8) x [0,8) yellow */
   const GLubyte cyan[4 * 4] = {0, 255, 255, 255, 0, 255, 255, 255,
                                0, 255, 255, 255, 0, 255, 255, 255};
   glRasterPos2f(0.5f, 0.5f); /* window (12, 12) */
   glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, cyan);
   check_gl_error("compat_ff_draw_buffers draws");
   for (int i = 0; i < 2; i++) {
      GLubyte p[4] = {0};
      glReadBuffer(bufs[i]);
      glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
      if (p[0] != 255 || p[1] != 255 || p[2] != 0 || p[3] != 255)
         fail("draw buffer %d: glRect pixel (%u,%u,%u,%u), expected yellow", i, p[0], p[1], p[2],
              p[3]);
      glReadPixels(10, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
      if (p[0] != 0 || p[1] != 0 || p[2] != 0 || p[3] != 255)
         fail("draw buffer %d: cleared pixel (%u,%u,%u,%u), expected black", i, p[0], p[1], p[2],
              p[3]);
      glReadPixels(13, 13, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
      if (p[0] != 0 || p[1] != 255 || p[2] != 255 || p[3] != 255)
         fail("draw buffer %d: glDrawPixels pixel (%u,%u,%u,%u), expected cyan", i, p[0], p[1],
              p[2], p[3]);
   }
   check_gl_error("compat_ff_draw_buffers reads");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   check_window_cleared("compat_ff_draw_buffers");
}

/* compat_polygon_mode_faces: glPolygonMode per face in a compatibility context — front faces
 * outlined, back faces filled — and GL_POLYGON_MODE reading both. */
void
sc_compat_polygon_mode_faces(void)
{
   clear_to(V4(0, 0, 0, 1));
   glPolygonMode(GL_FRONT, GL_LINE);
   glPolygonMode(GL_BACK, GL_FILL);
   check_gl_error("glPolygonMode(GL_FRONT) / (GL_BACK)");
   GLint modes[2] = {0, 0};
   glGetIntegerv(GL_POLYGON_MODE, modes);
   if (modes[0] != GL_LINE || modes[1] != GL_FILL)
      fail("GL_POLYGON_MODE: 0x%x 0x%x, expected GL_LINE GL_FILL", modes[0], modes[1]);
   glColor4f(1, 1, 0, 1);
   /* counter-clockwise (front): an outline through the pixel centres 4 .. 27 */
   glBegin(GL_TRIANGLES);
   glVertex2f(4.5f / 32.0f - 1.0f, 4.5f / 32.0f - 1.0f);
   glVertex2f(27.5f / 32.0f - 1.0f, 4.5f / 32.0f - 1.0f);
   glVertex2f(27.5f / 32.0f - 1.0f, 27.5f / 32.0f - 1.0f);
   glEnd();
   /* clockwise (back): filled */
   glBegin(GL_TRIANGLES);
   glVertex2f(36.5f / 32.0f - 1.0f, 4.5f / 32.0f - 1.0f);
   glVertex2f(59.5f / 32.0f - 1.0f, 27.5f / 32.0f - 1.0f);
   glVertex2f(59.5f / 32.0f - 1.0f, 4.5f / 32.0f - 1.0f);
   glEnd();
   /* outlines of a rectangle with both faces culled: nothing (culling precedes the mode) */
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_FRONT_AND_BACK);
   glRectf(36.5f / 32.0f - 1.0f, 36.5f / 32.0f - 1.0f, 59.5f / 32.0f - 1.0f, 59.5f / 32.0f - 1.0f);
   glDisable(GL_CULL_FACE);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   check_gl_error("compat_polygon_mode_faces");
   readback();
   const rgba8 Y = px8(255, 255, 0, 255), K = px8(0, 0, 0, 255);
   expect_px("front: bottom edge", 16, 4, Y);
   expect_px("front: right edge", 27, 12, Y);
   expect_px("front: inside, not filled", 22, 10, K);
   expect_px("back: inside, filled", 54, 10, Y);
   expect_px("outside both", 32, 20, K);
   expect_px("culled outline: bottom edge", 48, 36, K);
   expect_px("culled outline: left edge", 36, 48, K);
}

/* A quad in window pixels: corners at the centres of pixels x0, y0 and x1, y1 (window 64 x 64,
 * identity transforms), counter-clockwise when ccw, starting at (x0, y0). */
static void
quad_vertices(float x0, float y0, float x1, float y1, bool ccw)
{
   const float u0 = (x0 + 0.5f) / 32.0f - 1.0f, v0 = (y0 + 0.5f) / 32.0f - 1.0f;
   const float u1 = (x1 + 0.5f) / 32.0f - 1.0f, v1 = (y1 + 0.5f) / 32.0f - 1.0f;
   glVertex2f(u0, v0);
   if (ccw) {
      glVertex2f(u1, v0);
      glVertex2f(u1, v1);
      glVertex2f(u0, v1);
   } else {
      glVertex2f(u0, v1);
      glVertex2f(u1, v1);
      glVertex2f(u1, v0);
   }
}

/* compat_polygon_mode_quads: polygons drawn in GL_LINE mode as the polygon's own edges, after
 * culling by the polygon's facing (GL 2.1 §3.5.4-3.5.6), though the device draws triangles:
 * GL_QUADS with front GL_LINE, back GL_FILL (an outline without a diagonal, and a filled
 * quad); then GL_LINE for both faces with GL_CULL_FACE(GL_BACK): a back-facing quad draws
 * nothing, a front-facing GL_POLYGON its outline without the edge whose flag is off. */
void
sc_compat_polygon_mode_quads(void)
{
   clear_to(V4(0, 0, 0, 1));
   glColor4f(1, 1, 0, 1);
   glPolygonMode(GL_FRONT, GL_LINE);
   glPolygonMode(GL_BACK, GL_FILL);
   glBegin(GL_QUADS);
   quad_vertices(4, 4, 27, 27, true);   /* front: outlined */
   quad_vertices(36, 4, 59, 27, false); /* back: filled */
   glEnd();
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_BACK);
   glBegin(GL_QUADS);
   quad_vertices(4, 36, 27, 59, false); /* back: culled */
   glEnd();
   glBegin(GL_POLYGON);
   glVertex2f(36.5f / 32.0f - 1.0f, 36.5f / 32.0f - 1.0f);
   glEdgeFlag(GL_FALSE); /* the edge from here, the right one, is not drawn */
   glVertex2f(59.5f / 32.0f - 1.0f, 36.5f / 32.0f - 1.0f);
   glEdgeFlag(GL_TRUE);
   glVertex2f(59.5f / 32.0f - 1.0f, 59.5f / 32.0f - 1.0f);
   glVertex2f(36.5f / 32.0f - 1.0f, 59.5f / 32.0f - 1.0f);
   glEnd();
   glDisable(GL_CULL_FACE);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   check_gl_error("compat_polygon_mode_quads");
   readback();
   const rgba8 Y = px8(255, 255, 0, 255), K = px8(0, 0, 0, 255);
   expect_px("front quad: bottom edge", 16, 4, Y);
   expect_px("front quad: right edge", 27, 16, Y);
   expect_px("front quad: top edge", 16, 27, Y);
   expect_px("front quad: left edge", 4, 16, Y);
   /* the diagonals of either split pass through (16.5, 15.5) and (16.5, 16.5) */
   expect_px("front quad: no diagonal (16,15)", 16, 15, K);
   expect_px("front quad: no diagonal (16,16)", 16, 16, K);
   expect_px("front quad: inside", 10, 20, K);
   expect_px("back quad: filled, on its diagonal", 48, 15, Y);
   expect_px("back quad: filled", 40, 20, Y);
   expect_px("culled back quad: bottom edge", 16, 36, K);
   expect_px("culled back quad: left edge", 4, 48, K);
   expect_px("culled back quad: diagonal", 16, 46, K);
   expect_px("front polygon: bottom edge", 48, 36, Y);
   expect_px("front polygon: top edge", 48, 59, Y);
   expect_px("front polygon: left edge", 36, 48, Y);
   expect_px("front polygon: right edge, flag off", 59, 48, K);
   expect_px("front polygon: no diagonal", 48, 48, K);
}

/* A quad in window pixels as quad_vertices draws it, counter-clockwise, its depth z0 at x0
 * and z1 at x1 (normalized device z). */
static void
quad_sloped(float x0, float y0, float x1, float y1, float z0, float z1)
{
   const float u0 = (x0 + 0.5f) / 32.0f - 1.0f, v0 = (y0 + 0.5f) / 32.0f - 1.0f;
   const float u1 = (x1 + 0.5f) / 32.0f - 1.0f, v1 = (y1 + 0.5f) / 32.0f - 1.0f;
   glBegin(GL_QUADS);
   glVertex3f(u0, v0, z0);
   glVertex3f(u1, v0, z1);
   glVertex3f(u1, v1, z1);
   glVertex3f(u0, v1, z0);
   glEnd();
}

/* One quadrant: a quad 23 pixels wide drawn in mode (GL_LINE or GL_POINT) yellow with only
 * `enable` of the polygon offset enables on, over a blue one filled in its plane 2 pixels
 * beyond it on every side (so no pixel of the outline is on the filled quad's edge). */
static void
offset_quadrant(float x0, float y0, float z0, float z1, GLenum mode, GLenum enable)
{
   const float dz = (z1 - z0) / 23.0f;
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   glColor4f(0, 0, 1, 1);
   quad_sloped(x0 - 2, y0 - 2, x0 + 25, y0 + 25, z0 - 2 * dz, z1 + 2 * dz);
   glPolygonMode(GL_FRONT_AND_BACK, mode);
   glEnable(enable);
   glColor4f(1, 1, 0, 1);
   quad_sloped(x0, y0, x0 + 23, y0 + 23, z0, z1);
   glDisable(enable);
}

/* compat_polygon_mode_offset: a polygon drawn in GL_LINE or GL_POINT mode takes the polygon
 * offset when GL_POLYGON_OFFSET_LINE or _POINT is on (GL 4.6 §14.6.5, GL 2.1 §3.5.5): o =
 * m * factor + r * units, from the polygon's depth slope m, on every fragment of its edges or
 * vertices. Each quadrant fills a quad, then draws it again outlined at the same depth under
 * GL_LESS: with a negative offset the outline wins; with only GL_POLYGON_OFFSET_FILL on it
 * loses (equal depth). The sloped quadrant (factor -1, units 0, depth range 0.2..0.6) needs
 * m found in window coordinates. */
static void
polygon_mode_offset(const char *name)
{
   clear_to(V4(0, 0, 0, 1));
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glPolygonOffset(0.0f, -4.0f);
   offset_quadrant(4, 4, 0.25f, 0.25f, GL_LINE, GL_POLYGON_OFFSET_LINE);
   offset_quadrant(36, 4, 0.25f, 0.25f, GL_LINE, GL_POLYGON_OFFSET_FILL);
   offset_quadrant(4, 36, -0.5f, -0.5f, GL_POINT, GL_POLYGON_OFFSET_POINT);
   glPolygonOffset(-1.0f, 0.0f);
   glDepthRange(0.2, 0.6);
   offset_quadrant(36, 36, -0.5f, 0.5f, GL_LINE, GL_POLYGON_OFFSET_LINE);
   glDepthRange(0.0, 1.0);
   glPolygonOffset(0.0f, 0.0f);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   glDisable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   check_gl_error(name);
   readback();
   const rgba8 Y = px8(255, 255, 0, 255), B = px8(0, 0, 255, 255);
   expect_px("GL_LINE, OFFSET_LINE: bottom edge", 16, 4, Y);
   expect_px("GL_LINE, OFFSET_LINE: right edge", 27, 16, Y);
   expect_px("GL_LINE, OFFSET_LINE: top edge", 16, 27, Y);
   expect_px("GL_LINE, OFFSET_LINE: left edge", 4, 16, Y);
   expect_px("GL_LINE, OFFSET_LINE: inside", 16, 16, B);
   expect_px("GL_LINE, only OFFSET_FILL: bottom edge", 48, 4, B);
   expect_px("GL_LINE, only OFFSET_FILL: right edge", 59, 16, B);
   expect_px("GL_LINE, only OFFSET_FILL: top edge", 48, 27, B);
   expect_px("GL_LINE, only OFFSET_FILL: left edge", 36, 16, B);
   expect_px("GL_POINT, OFFSET_POINT: corner", 4, 36, Y);
   expect_px("GL_POINT, OFFSET_POINT: corner", 27, 59, Y);
   expect_px("GL_POINT, OFFSET_POINT: corner", 27, 36, Y);
   expect_px("GL_POINT, OFFSET_POINT: edge", 16, 36, B);
   expect_px("sloped GL_LINE, factor -1: bottom edge", 48, 36, Y);
   expect_px("sloped GL_LINE, factor -1: right edge", 59, 48, Y);
   expect_px("sloped GL_LINE, factor -1: top edge", 48, 59, Y);
   expect_px("sloped GL_LINE, factor -1: left edge", 36, 48, Y);
   expect_px("sloped GL_LINE, factor -1: inside", 48, 48, B);
}

void
sc_compat_polygon_mode_offset(void)
{
   polygon_mode_offset("compat_polygon_mode_offset");
}

/* compat_polygon_mode_glsl_offset: compat_polygon_mode_offset under a GLSL program of the
 * application's whose colour is the built-in varying gl_FrontColor: the outline stage of its
 * own program offsets the lines and points as the fixed-function one does. */
void
sc_compat_polygon_mode_glsl_offset(void)
{
   static const char *vs = "#version 110\n"
                           "void main() {\n"
                           "   gl_Position = gl_Vertex;\n"
                           "   gl_FrontColor = gl_Color;\n"
                           "}\n";
   static const char *fs = "#version 110\n"
                           "void main() {\n"
                           "   gl_FragColor = gl_Color;\n"
                           "}\n";
   const GLuint prog = link_program(vs, fs);
   gl.UseProgram(prog);
   polygon_mode_offset("compat_polygon_mode_glsl_offset");
   gl.UseProgram(0);
   gl.DeleteProgram(prog);
}

/* A quad as quad_vertices draws it, its first three vertices red and its last (the quad's
 * flat-shading vertex, GL 3.3 compatibility table 2.15) yellow. */
static void
quad_flat_last(float x0, float y0, float x1, float y1, bool ccw)
{
   const float u0 = (x0 + 0.5f) / 32.0f - 1.0f, v0 = (y0 + 0.5f) / 32.0f - 1.0f;
   const float u1 = (x1 + 0.5f) / 32.0f - 1.0f, v1 = (y1 + 0.5f) / 32.0f - 1.0f;
   const float x[4] = {u0, ccw ? u1 : u0, u1, ccw ? u0 : u1};
   const float y[4] = {v0, ccw ? v0 : v1, v1, ccw ? v1 : v0};
   for (int i = 0; i < 4; i++) {
      glColor4f(1, i == 3 ? 1 : 0, 0, 1);
      glVertex2f(x[i], y[i]);
   }
}

/* compat_polygon_mode_glsl: compat_polygon_mode_quads under a GLSL program of the
 * application's: polygons in GL_LINE and GL_POINT mode are their own edges and vertices, per
 * face and after culling by their facing, whatever triangles the device draws; the program's
 * varyings reach them, a flat one from the polygon's flat-shading vertex (red vertices, the
 * last yellow: the colour is yellow) and a smooth one (blue everywhere): white; so does its
 * default uniform block (u_one). */
void
sc_compat_polygon_mode_glsl(void)
{
   /* the blue channel is 1 only where every other kind of output arrives as written: a
    * noperspective and a flat int one, a block, an array, a clip distance */
   static const char *vs = "#version 150 compatibility\n"
                           "flat out vec4 v_flat;\n"
                           "out vec4 v_smooth;\n"
                           "noperspective out float v_np;\n"
                           "flat out int v_int;\n"
                           "out Blk { vec2 m; float arr[2]; } blk;\n"
                           "out vec4 v_arr[2];\n"
                           "void main() {\n"
                           "   gl_Position = gl_Vertex;\n"
                           "   v_flat = gl_Color;\n"
                           "   v_smooth = vec4(0.0, 0.0, 1.0, 1.0);\n"
                           "   v_np = 1.0;\n"
                           "   v_int = 7;\n"
                           "   blk.m = vec2(0.5);\n"
                           "   blk.arr[0] = 0.0;\n"
                           "   blk.arr[1] = 1.0;\n"
                           "   v_arr[0] = vec4(0.0);\n"
                           "   v_arr[1] = vec4(1.0);\n"
                           "   gl_ClipDistance[0] = 1.0;\n"
                           "}\n";
   static const char *fs =
      "#version 150 compatibility\n"
      "flat in vec4 v_flat;\n"
      "in vec4 v_smooth;\n"
      "noperspective in float v_np;\n"
      "flat in int v_int;\n"
      "in Blk { vec2 m; float arr[2]; } blk;\n"
      "in vec4 v_arr[2];\n"
      "uniform vec4 u_one;\n"
      "void main() {\n"
      "   float b = v_smooth.b * v_np * blk.m.x * 2.0 * blk.arr[1] * v_arr[1].x *\n"
      "             (v_int == 7 ? 1.0 : 0.0);\n"
      "   gl_FragColor = vec4(v_flat.rg, b, 1.0) * u_one;\n"
      "}\n";
   const GLuint prog = link_program(vs, fs);
   clear_to(V4(0, 0, 0, 1));
   gl.UseProgram(prog);
   set_vec4(prog, "u_one", V4(1, 1, 1, 1));
   /* the program's block reaches its own CSO (a small filled quad), then, after a draw of
    * another program, the outline stage's variants of it (drawn black without u_one) */
   glBegin(GL_QUADS);
   quad_flat_last(31, 31, 33, 33, true);
   glEnd();
   gl.UseProgram(0);
   glBegin(GL_POINTS);
   glVertex2f(2.0f, 2.0f); /* clipped: only the switch of programs matters */
   glEnd();
   gl.UseProgram(prog);
   glEnable(GL_CLIP_DISTANCE0);
   glPolygonMode(GL_FRONT, GL_LINE);
   glPolygonMode(GL_BACK, GL_POINT);
   glBegin(GL_QUADS);
   quad_flat_last(4, 4, 27, 27, true);   /* front: outlined */
   quad_flat_last(36, 4, 59, 27, false); /* back: its corners */
   glEnd();
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_BACK);
   glBegin(GL_QUADS);
   quad_flat_last(4, 36, 27, 59, false); /* back: culled */
   glEnd();
   glBegin(GL_TRIANGLES); /* front; its bottom edge's flag off; flat vertex last */
   glColor4f(1, 0, 0, 1);
   glEdgeFlag(GL_FALSE);
   glVertex2f(36.5f / 32.0f - 1.0f, 36.5f / 32.0f - 1.0f);
   glEdgeFlag(GL_TRUE);
   glVertex2f(59.5f / 32.0f - 1.0f, 36.5f / 32.0f - 1.0f);
   glColor4f(1, 1, 0, 1);
   glVertex2f(36.5f / 32.0f - 1.0f, 59.5f / 32.0f - 1.0f);
   glEnd();
   glDisable(GL_CULL_FACE);
   glDisable(GL_CLIP_DISTANCE0);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   gl.UseProgram(0);
   gl.DeleteProgram(prog);
   check_gl_error("compat_polygon_mode_glsl");
   readback();
   const rgba8 Wh = px8(255, 255, 255, 255), K = px8(0, 0, 0, 255);
   expect_px("front quad: bottom edge", 16, 4, Wh);
   expect_px("front quad: right edge", 27, 16, Wh);
   expect_px("front quad: top edge", 16, 27, Wh);
   expect_px("front quad: left edge", 4, 16, Wh);
   expect_px("front quad: no diagonal (16,15)", 16, 15, K);
   expect_px("front quad: no diagonal (16,16)", 16, 16, K);
   expect_px("front quad: inside", 10, 20, K);
   expect_px("back quad: corner (36,4)", 36, 4, Wh);
   expect_px("back quad: corner (59,4)", 59, 4, Wh);
   expect_px("back quad: corner (59,27)", 59, 27, Wh);
   expect_px("back quad: corner (36,27)", 36, 27, Wh);
   expect_px("back quad: no edge", 48, 4, K);
   expect_px("back quad: not filled", 48, 15, K);
   expect_px("culled back quad: bottom edge", 16, 36, K);
   expect_px("culled back quad: left edge", 4, 48, K);
   expect_px("culled back quad: diagonal", 16, 46, K);
   expect_px("front triangle: left edge", 36, 48, Wh);
   expect_px("front triangle: long edge", 47, 48, Wh);
   expect_px("front triangle: bottom edge, flag off", 48, 36, K);
   expect_px("front triangle: inside", 42, 42, K);
}

/* ---- the accumulation buffer -------------------------------------------------------------- */

/* The 16-bit accumulation buffer's integer for value * c (c a colour channel of 8 bits),
 * truncated as it is stored (GL 2.1 §4.2.4 with a signed 16-bit buffer, as Mesa's). */
static int
accum_term(unsigned c8, float value)
{
   const float v = (float)c8 / 255.0f * (value * 32767.0f);
   return (int)v;
}

static int
accum_sat(int v)
{
   return v < -32767 ? -32767 : v > 32767 ? 32767 : v;
}

/* GL_RETURN of the integer a with value: the 8-bit channel it writes. */
static unsigned
accum_return8(int a, float value)
{
   return unorm8((float)a * (value / 32767.0f));
}

/* The channel (0 .. 3) of frame f's pixel x: the rectangle x in [8 + 8f, 24 + 8f) of colour
 * (1, 0.6, 0.2, 1) on black (alpha 1); every row 16 .. 47 alike, the others black. */
static unsigned
blur_frame8(int f, int x, int y, int ch)
{
   static const unsigned rect[4] = {255, 153, 51, 255}, bg[4] = {0, 0, 0, 255};
   const bool in = x >= 8 + 8 * f && x < 24 + 8 * f && y >= 16 && y < 48;
   return in ? rect[ch] : bg[ch];
}

/* compat_accum: a motion blur (GL_LOAD then GL_ACCUM of four frames at 1/4 and GL_RETURN),
 * compared pixel by pixel with the 16-bit buffer's arithmetic within one 8-bit step; then
 * GL_MULT under a scissor, glClear(GL_ACCUM_BUFFER_BIT) of the other half under the scissor
 * with glClearAccum's value, GL_ADD, and GL_RETURN through a colour mask from a display list;
 * the queries, glPushAttrib(GL_ACCUM_BUFFER_BIT), and the errors (inside glBegin/glEnd, a bad
 * operation, and a framebuffer object, which has no accumulation buffer). */
void
sc_compat_accum(void)
{
   GLint bits[4] = {0};
   for (int i = 0; i < 4; i++)
      glGetIntegerv(GL_ACCUM_RED_BITS + (GLenum)i, &bits[i]);
   if (bits[0] <= 0) {
      if (on_mgl())
         fail("GL_ACCUM_RED_BITS is %d: the config has no accumulation buffer", bits[0]);
      else
         skipped("this implementation's config has no accumulation buffer");
      return;
   }
   if (on_mgl() && (bits[0] != 16 || bits[1] != 16 || bits[2] != 16 || bits[3] != 16))
      fail("GL_ACCUM_*_BITS %d %d %d %d, want 16 each", bits[0], bits[1], bits[2], bits[3]);
   const float scale = 0.25f;
   compat_pixel_ortho(-1, 1);
   glDisable(GL_DITHER);
   glColor4f(1.0f, 0.6f, 0.2f, 1.0f);
   for (int f = 0; f < 4; f++) {
      glClearColor(0, 0, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      compat_rect((float)(8 + 8 * f), 16, (float)(24 + 8 * f), 48);
      glAccum(f ? GL_ACCUM : GL_LOAD, scale);
   }
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glAccum(GL_RETURN, 1.0f);
   check_gl_error("motion blur");
   readback();
   int acc[H][W][4];
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const rgba8 got = pixel_at(x, y);
         for (int ch = 0; ch < 4; ch++) {
            int a = 0;
            for (int f = 0; f < 4; f++)
               a = accum_sat(f ? a + accum_term(blur_frame8(f, x, y, ch), scale)
                               : accum_term(blur_frame8(f, x, y, ch), scale));
            acc[y][x][ch] = a;
            const unsigned want = accum_return8(a, 1.0f);
            if (abs((int)got.c[ch] - (int)want) > 1 && bad++ < 4)
               fail("motion blur: pixel (%d,%d) channel %d is %u, want %u", x, y, ch, got.c[ch],
                    want);
         }
      }
   /* the left half times 0.5, the right half cleared to (0.5, 0.25, 0, 1) plus 0.25 */
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, W / 2, H);
   glAccum(GL_MULT, 0.5f);
   glScissor(W / 2, 0, W / 2, H);
   glClearAccum(0.5f, 0.25f, 0.0f, 1.0f);
   glClear(GL_ACCUM_BUFFER_BIT);
   glAccum(GL_ADD, 0.25f);
   glDisable(GL_SCISSOR_TEST);
   /* GL_RETURN from a list (compiled, not executed), green masked off */
   const GLuint list = glGenLists(1);
   glNewList(list, GL_COMPILE);
   glAccum(GL_RETURN, 1.0f);
   glEndList();
   /* 128/255, not 0.5: 127.5 may round either way (NVIDIA's Vulkan driver gives 127) */
   glClearColor(0, 128.0f / 255.0f, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
   readback();
   expect_px("a compiled glAccum does not execute", 5, 5, px8(0, 128, 0, 255));
   glCallList(list);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDeleteLists(list, 1);
   check_gl_error("scissored GL_MULT, clear and GL_ADD, GL_RETURN from a list");
   readback();
   const int right[4] = {accum_sat(16383 + 8191), accum_sat(8191 + 8191), 8191,
                         accum_sat(32767 + 8191)};
   bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const rgba8 got = pixel_at(x, y);
         for (int ch = 0; ch < 4; ch++) {
            const int a = x < W / 2 ? (int)((float)acc[y][x][ch] * 0.5f) : right[ch];
            const unsigned want = ch == 1 ? 128 : accum_return8(a, 1.0f);
            if (abs((int)got.c[ch] - (int)want) > 1 && bad++ < 4)
               fail("after GL_MULT/GL_ADD: pixel (%d,%d) channel %d is %u, want %u", x, y, ch,
                    got.c[ch], want);
         }
      }
   /* GL_ACCUM_CLEAR_VALUE under glPushAttrib(GL_ACCUM_BUFFER_BIT) */
   glPushAttrib(GL_ACCUM_BUFFER_BIT);
   glClearAccum(-0.5f, 0, 0, 0);
   glPopAttrib();
   float cv[4] = {0};
   glGetFloatv(GL_ACCUM_CLEAR_VALUE, cv);
   if (cv[0] != 0.5f || cv[1] != 0.25f || cv[2] != 0.0f || cv[3] != 1.0f)
      fail("GL_ACCUM_CLEAR_VALUE after glPopAttrib %g %g %g %g, want 0.5 0.25 0 1", cv[0], cv[1],
           cv[2], cv[3]);
   /* errors */
   glBegin(GL_POINTS);
   glAccum(GL_ACCUM, 1.0f);
   glEnd();
   expect_gl_error(GL_INVALID_OPERATION, "glAccum between glBegin and glEnd");
   glAccum(GL_ADD + 1, 1.0f);
   expect_gl_error(GL_INVALID_ENUM, "glAccum of an operation that is none");
   GLuint tex = 0;
   const GLuint fbo = cp_fbo(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, NULL, &tex);
   GLint fbo_bits = -1;
   glGetIntegerv(GL_ACCUM_RED_BITS, &fbo_bits);
   if (fbo_bits != 0)
      fail("GL_ACCUM_RED_BITS of a framebuffer object is %d, want 0", fbo_bits);
   glAccum(GL_RETURN, 1.0f);
   expect_gl_error(GL_INVALID_OPERATION, "glAccum with a framebuffer object bound");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
   check_gl_error("compat_accum");
}

/* The samples an occlusion query of target counted around glAccum operations (and a draw of
 * draw_px pixels when draw_px > 0). */
static GLuint
accum_query_count(GLenum target, int draw_px)
{
   GLuint q = 0, n = 0;
   gl.GenQueries(1, &q);
   gl.BeginQuery(target, q);
   glClear(GL_ACCUM_BUFFER_BIT);
   glAccum(GL_LOAD, 0.5f);
   if (draw_px > 0)
      compat_rect(0, 0, (float)draw_px / 8.0f, 8);
   glAccum(GL_ACCUM, 0.25f);
   glAccum(GL_ADD, 0.125f);
   glAccum(GL_MULT, 0.5f);
   glAccum(GL_RETURN, 1.0f);
   gl.EndQuery(target);
   gl.GetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
   gl.DeleteQueries(1, &q);
   return n;
}

/* compat_accum_query: the accumulation buffer's operations generate no fragments (GL 2.1
 * §4.2.4 writes the buffers directly), so an active occlusion query counts none of them
 * (GL_SAMPLES_PASSED 0, GL_ANY_SAMPLES_PASSED false), while a draw between them is counted
 * exactly; the operations still accumulate (GL_RETURN's pixels). */
void
sc_compat_accum_query(void)
{
   GLint accum = 0;
   glGetIntegerv(GL_ACCUM_RED_BITS, &accum);
   if (accum <= 0) {
      if (on_mgl())
         fail("GL_ACCUM_RED_BITS is %d: the config has no accumulation buffer", accum);
      else
         skipped("this implementation's config has no accumulation buffer");
      return;
   }
   compat_pixel_ortho(-1, 1);
   glDisable(GL_DITHER);
   glClearColor(0.4f, 0.8f, 0.2f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glColor4f(1.0f, 1.0f, 1.0f, 1.0f);
   GLuint n = accum_query_count(GL_SAMPLES_PASSED, 0);
   if (n != 0)
      fail("%u samples counted for glClear(GL_ACCUM_BUFFER_BIT) and glAccum alone, want 0", n);
   /* the accumulation still happened: per channel of the clear colour c,
    * (0.5 c + 0.25 c + 0.125) * 0.5 */
   readback();
   const float c[3] = {0.4f, 0.8f, 0.2f};
   for (int ch = 0; ch < 3; ch++) {
      const float want = (0.75f * c[ch] + 0.125f) * 0.5f;
      const int got = pixel_at(40, 40).c[ch];
      if (abs(got - (int)(want * 255.0f + 0.5f)) > 2)
         fail("GL_RETURN after the counted operations: pixel (40,40) channel %d is %d, want %d", ch,
              got, (int)(want * 255.0f + 0.5f));
   }
   n = accum_query_count(GL_ANY_SAMPLES_PASSED, 0);
   if (n != 0)
      fail("GL_ANY_SAMPLES_PASSED is %u for glAccum alone, want 0", n);
   /* the exact count where the counter has bits (the GLES backend's has none: any nonzero) */
   GLint bits = -1;
   gl.GetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &bits);
   n = accum_query_count(GL_SAMPLES_PASSED, 512);
   if (bits ? n != 512 : n == 0)
      fail("%u samples counted for glAccum and a 512-pixel draw, want 512", n);
   n = accum_query_count(GL_ANY_SAMPLES_PASSED, 512);
   if (n != 1)
      fail("GL_ANY_SAMPLES_PASSED is %u for glAccum and a 512-pixel draw, want 1", n);
   check_gl_error("compat_accum_query");
}

/* The stencil value at window (x, y). */
static GLubyte
stencil_at(int x, int y)
{
   GLubyte v = 0;
   glReadPixels(x, y, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &v);
   return v;
}

static void
expect_stencil(const char *phase, int x, int y, GLubyte want)
{
   const GLubyte got = stencil_at(x, y);
   if (got != want)
      fail("%s: stencil (%d,%d): expected %u got %u", phase, x, y, want, got);
}

/* compat_stencil_pixels: glDrawPixels(GL_STENCIL_INDEX) and glCopyPixels(GL_STENCIL /
 * GL_DEPTH_STENCIL) write exact stencil values (GL 2.1 §4.3.1, §3.6.5): the values as given;
 * under glStencilMask(0x0f) (the other bits kept); through GL_INDEX_SHIFT/GL_INDEX_OFFSET and
 * GL_MAP_STENCIL's S_TO_S map; zoomed 2x2; clipped by the scissor; nothing at an invalid raster
 * position; the colour buffer untouched; copied; and GL's errors. */
void
sc_compat_stencil_pixels(void)
{
   compat_pixel_ortho(-1, 1);
   clear_to(V4(0, 0, 0, 1));
   glClearStencil(0x5a);
   glClear(GL_STENCIL_BUFFER_BIT);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   const GLubyte img[8] = {1, 2, 3, 255, 0x80, 0x0f, 0xf0, 0};
   glRasterPos2i(4, 4);
   glDrawPixels(4, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, img);
   check_gl_error("glDrawPixels(GL_STENCIL_INDEX)");
   for (int i = 0; i < 8; i++)
      expect_stencil("as given", 4 + i % 4, 4 + i / 4, img[i]);
   expect_stencil("left of the image", 3, 4, 0x5a);
   expect_stencil("right of the image", 8, 5, 0x5a);
   expect_stencil("above the image", 5, 6, 0x5a);

   glStencilMask(0x0f); /* the front writemask */
   const GLubyte two[2] = {0xff, 0x00};
   glRasterPos2i(12, 4);
   glDrawPixels(2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, two);
   glStencilMask(0xff);
   expect_stencil("writemask 0x0f, value 0xff", 12, 4, 0x5f);
   expect_stencil("writemask 0x0f, value 0x00", 13, 4, 0x50);

   /* (5 << 1) + 3 = 13; 16-bit data */
   glPixelTransferi(GL_INDEX_SHIFT, 1);
   glPixelTransferi(GL_INDEX_OFFSET, 3);
   const GLushort five = 5;
   glRasterPos2i(16, 4);
   glDrawPixels(1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_SHORT, &five);
   glPixelTransferi(GL_INDEX_SHIFT, -1); /* 0x1fe >> 1 = 0xff, + 3 = 0x102, masked: 2 */
   const GLuint big = 0x1fe;
   glRasterPos2i(17, 4);
   glDrawPixels(1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_INT, &big);
   glPixelTransferi(GL_INDEX_SHIFT, 0);
   glPixelTransferi(GL_INDEX_OFFSET, 0);
   expect_stencil("index shift 1, offset 3", 16, 4, 13);
   expect_stencil("index shift -1, offset 3, masked to 8 bits", 17, 4, 2);

   const GLuint map[2] = {7, 9};
   glPixelMapuiv(GL_PIXEL_MAP_S_TO_S, 2, map);
   glPixelTransferi(GL_MAP_STENCIL, GL_TRUE);
   const GLubyte mv[2] = {2, 3}; /* entries 2 & 1 = 0 and 3 & 1 = 1 */
   glRasterPos2i(18, 4);
   glDrawPixels(2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, mv);
   glPixelTransferi(GL_MAP_STENCIL, GL_FALSE);
   expect_stencil("GL_MAP_STENCIL, value 2", 18, 4, 7);
   expect_stencil("GL_MAP_STENCIL, value 3", 19, 4, 9);

   glPixelZoom(2.0f, 2.0f);
   const GLubyte zv[2] = {0x11, 0x22};
   glRasterPos2i(24, 4);
   glDrawPixels(2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, zv);
   glPixelZoom(1.0f, 1.0f);
   for (int y = 4; y < 6; y++)
      for (int x = 24; x < 28; x++)
         expect_stencil("zoom 2x2", x, y, x < 26 ? 0x11 : 0x22);
   expect_stencil("zoom 2x2, above", 24, 6, 0x5a);

   glEnable(GL_SCISSOR_TEST);
   glScissor(31, 0, 2, H);
   const GLubyte sv[4] = {0x33, 0x33, 0x33, 0x33};
   glRasterPos2i(30, 4);
   glDrawPixels(4, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sv);
   glDisable(GL_SCISSOR_TEST);
   for (int x = 30; x < 34; x++)
      expect_stencil("scissor x 31..32", x, 4, x == 31 || x == 32 ? 0x33 : 0x5a);

   /* the stencil test, depth test and colour do not apply (§4.3.1) */
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_NEVER, 0, 0xff);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_NEVER);
   const GLubyte tv = 0x44;
   glRasterPos2i(36, 4);
   glDrawPixels(1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &tv);
   glDisable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glDisable(GL_STENCIL_TEST);
   glStencilFunc(GL_ALWAYS, 0, 0xff);
   expect_stencil("stencil and depth tests bypassed", 36, 4, 0x44);

   /* an invalid raster position draws nothing */
   glRasterPos2i(-10, 4);
   GLboolean valid = GL_TRUE;
   glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   if (valid)
      fail("raster position (-10, 4) is valid");
   glDrawPixels(1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &tv);
   check_gl_error("stencil draws");

   /* copies: the first image to (40, 10); then with GL_DEPTH_STENCIL to (40, 20) */
   glRasterPos2i(40, 10);
   glCopyPixels(4, 4, 4, 2, GL_STENCIL);
   glRasterPos2i(40, 20);
   glCopyPixels(4, 4, 4, 2, GL_DEPTH_STENCIL);
   check_gl_error("glCopyPixels(GL_STENCIL, GL_DEPTH_STENCIL)");
   for (int i = 0; i < 8; i++) {
      expect_stencil("glCopyPixels(GL_STENCIL)", 40 + i % 4, 10 + i / 4, img[i]);
      expect_stencil("glCopyPixels(GL_DEPTH_STENCIL)", 40 + i % 4, 20 + i / 4, img[i]);
   }
   expect_stencil("beside the copy", 44, 10, 0x5a);

   /* the colour buffer stayed the clear colour */
   readback();
   const rgba8 black = to8(V4(0, 0, 0, 1));
   for (int x = 4; x < 44; x += 3)
      expect_px("colour under the stencil images", x, 4, black);

   /* GL_HALF_FLOAT stencil data: a type every format takes (ARB_half_float_pixel, GL 3.0
    * table 3.5), its value the index */
   const GLushort half_six = 0x4600; /* 6.0 */
   glRasterPos2i(4, 30);
   glDrawPixels(1, 1, GL_STENCIL_INDEX, GL_HALF_FLOAT, &half_six);
   check_gl_error("glDrawPixels(GL_STENCIL_INDEX, GL_HALF_FLOAT)");
   expect_stencil("GL_HALF_FLOAT index 6.0", 4, 30, 6);

   /* errors: a bad copy type, no stencil buffer to draw into */
   glCopyPixels(0, 0, 1, 1, GL_STENCIL_INDEX);
   expect_error(GL_INVALID_ENUM, "glCopyPixels(type GL_STENCIL_INDEX)");
   GLuint tex = 0, fbo = 0;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   PFNGLGENFRAMEBUFFERSPROC gen_fb =
      (PFNGLGENFRAMEBUFFERSPROC)eglGetProcAddress("glGenFramebuffers");
   PFNGLBINDFRAMEBUFFERPROC bind_fb =
      (PFNGLBINDFRAMEBUFFERPROC)eglGetProcAddress("glBindFramebuffer");
   PFNGLFRAMEBUFFERTEXTURE2DPROC fb_tex =
      (PFNGLFRAMEBUFFERTEXTURE2DPROC)eglGetProcAddress("glFramebufferTexture2D");
   PFNGLDELETEFRAMEBUFFERSPROC del_fb =
      (PFNGLDELETEFRAMEBUFFERSPROC)eglGetProcAddress("glDeleteFramebuffers");
   if (!gen_fb || !bind_fb || !fb_tex || !del_fb)
      die_setup("no framebuffer objects");
   gen_fb(1, &fbo);
   bind_fb(GL_FRAMEBUFFER, fbo);
   fb_tex(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   glDrawPixels(1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, img);
   expect_error(GL_INVALID_OPERATION, "glDrawPixels(GL_STENCIL_INDEX) without a stencil buffer");
   glCopyPixels(0, 0, 1, 1, GL_STENCIL);
   expect_error(GL_INVALID_OPERATION, "glCopyPixels(GL_STENCIL) without a stencil buffer");
   bind_fb(GL_FRAMEBUFFER, 0);
   del_fb(1, &fbo);
   glDeleteTextures(1, &tex);
}

/* The depth value at window (x, y). */
static float
depth_at(int x, int y)
{
   GLfloat v = -1.0f;
   glReadPixels(x, y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &v);
   return v;
}

static void
expect_depth(const char *phase, int x, int y, float want)
{
   const float got = depth_at(x, y);
   if (fabsf(got - want) > 1e-5f)
      fail("%s: depth (%d,%d): expected %g got %g", phase, x, y, want, got);
}

/* compat_depth_stencil_pixels: glDrawPixels(GL_DEPTH_STENCIL) writes each pixel's depth and
 * stencil index (GL 3.3 compatibility §4.3.1): both packed types; the depth and stencil tests
 * bypassed, glDepthMask and the stencil writemask honoured; depth scale/bias and index offset
 * applied; zoomed; the colour buffer untouched; glCopyPixels(GL_DEPTH_STENCIL) writing depth the
 * same way; and GL's errors. */
void
sc_compat_depth_stencil_pixels(void)
{
   compat_pixel_ortho(-1, 1);
   clear_to(V4(0, 0, 0, 1));
   glClearStencil(0x5a);
   glClearDepth(1.0);
   glClear(GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   /* tests that would reject every fragment: bypassed */
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_NEVER);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_NEVER, 0, 0xff);

   /* 24_8: depth k / 4 + 1/8 in the high 24 bits, stencil 0x10 + k */
   GLuint ds[4];
   for (int k = 0; k < 4; k++) {
      const double d = k / 4.0 + 0.125;
      ds[k] = (GLuint)(d * 16777215.0 + 0.5) << 8 | (GLuint)(0x10 + k);
   }
   glRasterPos2i(4, 4);
   glDrawPixels(2, 2, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, ds);
   check_gl_error("glDrawPixels(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8)");

   /* FLOAT_32_UNSIGNED_INT_24_8_REV: a float depth, then the stencil in the low byte */
   struct {
      GLfloat d;
      GLuint s;
   } fs[2] = {{0.75f, 0xffffff21u}, {0.0f, 0x22u}};
   glRasterPos2i(8, 4);
   glDrawPixels(2, 1, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, fs);

   /* glDepthMask(GL_FALSE): only the stencil; writemask 0x0f: only its bits */
   glDepthMask(GL_FALSE);
   glStencilMask(0x0f);
   const GLuint masked = (GLuint)(0.5 * 16777215.0 + 0.5) << 8 | 0xffu;
   glRasterPos2i(12, 4);
   glDrawPixels(1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &masked);
   glDepthMask(GL_TRUE);
   glStencilMask(0xff);

   /* pixel transfer: depth * 0.5 + 0.25, index + 3 */
   glPixelTransferf(GL_DEPTH_SCALE, 0.5f);
   glPixelTransferf(GL_DEPTH_BIAS, 0.25f);
   glPixelTransferi(GL_INDEX_OFFSET, 3);
   const GLuint xfer = (GLuint)16777215u << 8 | 0x40u; /* depth 1 -> 0.75, 0x40 -> 0x43 */
   glRasterPos2i(14, 4);
   glDrawPixels(1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &xfer);
   glPixelTransferf(GL_DEPTH_SCALE, 1.0f);
   glPixelTransferf(GL_DEPTH_BIAS, 0.0f);
   glPixelTransferi(GL_INDEX_OFFSET, 0);

   /* zoom 2x2 */
   glPixelZoom(2.0f, 2.0f);
   const GLuint zv[2] = {(GLuint)(0.25 * 16777215.0 + 0.5) << 8 | 0x31u,
                         (GLuint)(0.5 * 16777215.0 + 0.5) << 8 | 0x32u};
   glRasterPos2i(16, 4);
   glDrawPixels(2, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zv);
   glPixelZoom(1.0f, 1.0f);

   /* copied (depth and stencil) to (24, 10), with the tests still rejecting everything */
   glRasterPos2i(24, 10);
   glCopyPixels(4, 4, 2, 2, GL_DEPTH_STENCIL);
   check_gl_error("depth/stencil draws");
   glDisable(GL_STENCIL_TEST);
   glStencilFunc(GL_ALWAYS, 0, 0xff);
   glDisable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);

   for (int k = 0; k < 4; k++) {
      const int x = 4 + k % 2, y = 4 + k / 2;
      expect_depth("24_8", x, y, (float)(k / 4.0 + 0.125));
      expect_stencil("24_8", x, y, (GLubyte)(0x10 + k));
      expect_depth("copied", 24 + k % 2, 10 + k / 2, (float)(k / 4.0 + 0.125));
      expect_stencil("copied", 24 + k % 2, 10 + k / 2, (GLubyte)(0x10 + k));
   }
   expect_depth("beside the image", 6, 4, 1.0f);
   expect_stencil("beside the image", 6, 4, 0x5a);
   expect_depth("32F_24_8_REV, pixel 0", 8, 4, 0.75f);
   expect_stencil("32F_24_8_REV, pixel 0", 8, 4, 0x21);
   expect_depth("32F_24_8_REV, pixel 1", 9, 4, 0.0f);
   expect_stencil("32F_24_8_REV, pixel 1", 9, 4, 0x22);
   expect_depth("glDepthMask(GL_FALSE)", 12, 4, 1.0f);
   expect_stencil("stencil writemask 0x0f", 12, 4, 0x5f);
   expect_depth("depth scale and bias", 14, 4, 0.75f);
   expect_stencil("index offset", 14, 4, 0x43);
   for (int y = 4; y < 6; y++)
      for (int x = 16; x < 20; x++) {
         expect_depth("zoom 2x2", x, y, x < 18 ? 0.25f : 0.5f);
         expect_stencil("zoom 2x2", x, y, x < 18 ? 0x31 : 0x32);
      }
   expect_depth("zoom 2x2, above", 16, 6, 1.0f);

   readback();
   const rgba8 black = to8(V4(0, 0, 0, 1));
   for (int x = 4; x < 26; x += 2)
      expect_px("colour under the depth/stencil images", x, 4, black);

   /* errors: no depth buffer to draw into */
   glRasterPos2i(4, 30);
   PFNGLGENFRAMEBUFFERSPROC gen_fb =
      (PFNGLGENFRAMEBUFFERSPROC)eglGetProcAddress("glGenFramebuffers");
   PFNGLBINDFRAMEBUFFERPROC bind_fb =
      (PFNGLBINDFRAMEBUFFERPROC)eglGetProcAddress("glBindFramebuffer");
   PFNGLGENRENDERBUFFERSPROC gen_rb =
      (PFNGLGENRENDERBUFFERSPROC)eglGetProcAddress("glGenRenderbuffers");
   PFNGLBINDRENDERBUFFERPROC bind_rb =
      (PFNGLBINDRENDERBUFFERPROC)eglGetProcAddress("glBindRenderbuffer");
   PFNGLRENDERBUFFERSTORAGEPROC rb_storage =
      (PFNGLRENDERBUFFERSTORAGEPROC)eglGetProcAddress("glRenderbufferStorage");
   PFNGLFRAMEBUFFERRENDERBUFFERPROC fb_rb =
      (PFNGLFRAMEBUFFERRENDERBUFFERPROC)eglGetProcAddress("glFramebufferRenderbuffer");
   PFNGLDELETEFRAMEBUFFERSPROC del_fb =
      (PFNGLDELETEFRAMEBUFFERSPROC)eglGetProcAddress("glDeleteFramebuffers");
   PFNGLDELETERENDERBUFFERSPROC del_rb =
      (PFNGLDELETERENDERBUFFERSPROC)eglGetProcAddress("glDeleteRenderbuffers");
   if (!gen_fb || !bind_fb || !gen_rb || !bind_rb || !rb_storage || !fb_rb || !del_fb || !del_rb)
      die_setup("no framebuffer objects");
   /* colour and stencil, no depth */
   GLuint fbo = 0, rb[2] = {0, 0};
   gen_rb(2, rb);
   bind_rb(GL_RENDERBUFFER, rb[0]);
   rb_storage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
   bind_rb(GL_RENDERBUFFER, rb[1]);
   rb_storage(GL_RENDERBUFFER, GL_STENCIL_INDEX8, 8, 8);
   gen_fb(1, &fbo);
   bind_fb(GL_FRAMEBUFFER, fbo);
   fb_rb(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   fb_rb(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   glDrawPixels(1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, ds);
   expect_error(GL_INVALID_OPERATION, "glDrawPixels(GL_DEPTH_STENCIL) without a depth buffer");
   bind_fb(GL_FRAMEBUFFER, 0);
   del_fb(1, &fbo);
   del_rb(2, rb);
   check_gl_error("compat_depth_stencil_pixels");
}

/* compat_read_stencil_transfer: glReadPixels(GL_STENCIL_INDEX) applies GL_INDEX_SHIFT,
 * GL_INDEX_OFFSET and GL_MAP_STENCIL (GL 2.1 §4.3.2, §3.6.5), then masks the index to the
 * type's bits (table 4.8) or converts it to float; GL_DEPTH_STENCIL reads the pair through the
 * stencil transfer and depth scale and bias. */
void
sc_compat_read_stencil_transfer(void)
{
   compat_pixel_ortho(-1, 1);
   clear_to(V4(0, 0, 0, 1));
   glClearStencil(0x5a);
   glClearDepth(0.5);
   glClear(GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);

   glPixelTransferi(GL_INDEX_SHIFT, 2);
   glPixelTransferi(GL_INDEX_OFFSET, 1);
   GLushort us = 0;
   glReadPixels(3, 3, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_SHORT, &us);
   if (us != (0x5a << 2) + 1)
      fail("shift 2, offset 1, GL_UNSIGNED_SHORT: expected %u got %u", (0x5a << 2) + 1, us);
   GLubyte ub = 0;
   glReadPixels(3, 3, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &ub);
   if (ub != (((0x5a << 2) + 1) & 0xff))
      fail("shift 2, offset 1, GL_UNSIGNED_BYTE (masked): expected %u got %u",
           ((0x5a << 2) + 1) & 0xff, ub);
   glPixelTransferi(GL_INDEX_SHIFT, -1);
   glPixelTransferi(GL_INDEX_OFFSET, -0x40);
   GLfloat f = 0;
   glReadPixels(3, 3, 1, 1, GL_STENCIL_INDEX, GL_FLOAT, &f);
   if (f != (float)((0x5a >> 1) - 0x40))
      fail("shift -1, offset -64, GL_FLOAT: expected %d got %g", (0x5a >> 1) - 0x40, f);
   GLshort ss = 0;
   glReadPixels(3, 3, 1, 1, GL_STENCIL_INDEX, GL_SHORT, &ss);
   if (ss != (((0x5a >> 1) - 0x40) & 0x7fff))
      fail("shift -1, offset -64, GL_SHORT (masked to 15 bits): expected %d got %d",
           ((0x5a >> 1) - 0x40) & 0x7fff, ss);
   glPixelTransferi(GL_INDEX_SHIFT, 0);
   glPixelTransferi(GL_INDEX_OFFSET, 0);

   /* GL_MAP_STENCIL: 0x5a & 3 = 2 -> entry 2 */
   const GLuint map[4] = {100, 101, 1234, 103};
   glPixelMapuiv(GL_PIXEL_MAP_S_TO_S, 4, map);
   glPixelTransferi(GL_MAP_STENCIL, GL_TRUE);
   GLuint ui[2] = {0, 0};
   glReadPixels(3, 3, 2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_INT, ui);
   if (ui[0] != 1234 || ui[1] != 1234)
      fail("GL_MAP_STENCIL, GL_UNSIGNED_INT: expected 1234 1234 got %u %u", ui[0], ui[1]);

   /* the pair: stencil mapped (1234 & 0xff), depth 0.5 * 0.5 + 0.125 */
   glPixelTransferf(GL_DEPTH_SCALE, 0.5f);
   glPixelTransferf(GL_DEPTH_BIAS, 0.125f);
   GLuint pair = 0;
   glReadPixels(3, 3, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &pair);
   const double d = (double)(pair >> 8) / 16777215.0;
   if ((pair & 0xffu) != (1234u & 0xffu) || fabs(d - 0.375) > 1e-5)
      fail("GL_DEPTH_STENCIL with transfer: expected depth 0.375 stencil %u got %g %u",
           1234u & 0xffu, d, pair & 0xffu);
   glPixelTransferf(GL_DEPTH_SCALE, 1.0f);
   glPixelTransferf(GL_DEPTH_BIAS, 0.0f);
   glPixelTransferi(GL_MAP_STENCIL, GL_FALSE);

   /* no transfer: the stored values */
   glReadPixels(3, 3, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_SHORT, &us);
   if (us != 0x5a)
      fail("no transfer: expected 0x5a got 0x%x", us);
   glReadPixels(3, 3, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &pair);
   if ((pair & 0xffu) != 0x5a || fabs((double)(pair >> 8) / 16777215.0 - 0.5) > 1e-5)
      fail("no transfer, the pair: expected 0.5 0x5a got 0x%08x", pair);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   check_gl_error("compat_read_stencil_transfer");
}
