/* scenario_pixels.c: scenarios of pixel transfer: glReadPixels, pack/unpack, pixel buffer objects,
 * glCopyTex*. */
#include "scenario.h"

/* readpixels_pack: glReadPixels honours GL_PACK_ROW_LENGTH / SKIP_PIXELS / SKIP_ROWS and writes
 * nothing outside the pixels it returns: every other byte of the app's buffer keeps its value. */
void
sc_readpixels_pack(void)
{
   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
   const vec4f red = V4(1.0f, 0.0f, 0.2f, 1.0f);
   clear_to(bg);
   glEnable(GL_SCISSOR_TEST);
   glScissor(10, 12, 6, 5);
   glClearColor(red.v[0], red.v[1], red.v[2], red.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);

   enum { RX = 8, RY = 10, RW = 12, RH = 9, ROW = 20, SKIPX = 3, SKIPY = 2 };
   static uint8_t buf[(SKIPY + RH + 1) * ROW * 4];
   memset(buf, 0xCD, sizeof buf);
   glPixelStorei(GL_PACK_ROW_LENGTH, ROW);
   glPixelStorei(GL_PACK_SKIP_PIXELS, SKIPX);
   glPixelStorei(GL_PACK_SKIP_ROWS, SKIPY);
   glReadPixels(RX, RY, RW, RH, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   glPixelStorei(GL_PACK_SKIP_ROWS, 0);
   check_gl_error("glReadPixels with pack state");

   const rgba8 want_bg = to8(bg), want_red = to8(red);
   int bad_inside = 0, bad_outside = 0;
   for (int row = 0; row < SKIPY + RH + 1; row++) {
      for (int col = 0; col < ROW; col++) {
         const uint8_t *p = &buf[(row * ROW + col) * 4];
         int inside = row >= SKIPY && row < SKIPY + RH && col >= SKIPX && col < SKIPX + RW;
         if (inside) {
            int wx = RX + col - SKIPX, wy = RY + row - SKIPY;
            int is_red = wx >= 10 && wx < 16 && wy >= 12 && wy < 17;
            const rgba8 w = is_red ? want_red : want_bg;
            if (memcmp(p, w.c, 4)) {
               if (!bad_inside++)
                  fail("pixel (%d,%d) at row %d col %d: expected (%u,%u,%u,%u) got (%u,%u,%u,%u)",
                       wx, wy, row, col, w.c[0], w.c[1], w.c[2], w.c[3], p[0], p[1], p[2], p[3]);
            }
         } else if (p[0] != 0xCD || p[1] != 0xCD || p[2] != 0xCD || p[3] != 0xCD) {
            if (!bad_outside++)
               fail("byte outside the returned pixels changed at row %d col %d: (%u,%u,%u,%u), "
                    "expected 0xCD kept",
                    row, col, p[0], p[1], p[2], p[3]);
         }
      }
   }
   if (bad_inside || bad_outside)
      fail("%d wrong pixels inside, %d clobbered outside", bad_inside, bad_outside);

   model m;
   model_init(&m, bg);
   model_rect(&m, 10, 12, 16, 17, want_red);
   check_frame("readpixels pack", &m);
}

/* readpixels_outside: reads partly (and wholly) outside the window. GL 3.3 §4.3.2: pixels
 * outside the framebuffer are undefined and nothing is written for them, so every app byte
 * there keeps its value: the server answers the part inside (mgp_texels_rect) and the front
 * end packs only that. Colour with pack row length and skips, and depth as floats; the window
 * is four scissored quadrants so a misplaced pixel shows. Shown red with fe_pack_answer
 * packing the whole request (the answer's room past the rectangle is zeros). */
enum { RO_SENTINEL = 0xCD, RO_ROW = W + 20, RO_SKIPX = 2, RO_SKIPY = 1 };

static rgba8
ro_quadrant(const rgba8 *q, int x, int y)
{
   return q[(y >= H / 2) * 2 + (x >= W / 2)];
}

static void
ro_read_colour(const char *what, const rgba8 *q, int rx, int ry, int rw, int rh)
{
   static uint8_t buf[(RO_SKIPY + H + 12) * RO_ROW * 4];
   memset(buf, RO_SENTINEL, sizeof buf);
   glPixelStorei(GL_PACK_ROW_LENGTH, RO_ROW);
   glPixelStorei(GL_PACK_SKIP_PIXELS, RO_SKIPX);
   glPixelStorei(GL_PACK_SKIP_ROWS, RO_SKIPY);
   glReadPixels(rx, ry, rw, rh, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   glPixelStorei(GL_PACK_SKIP_ROWS, 0);
   check_gl_error(what);
   int inside = 0, bad_in = 0, bad_out = 0;
   for (int row = 0; row < (int)(sizeof buf / 4 / RO_ROW); row++) {
      for (int col = 0; col < RO_ROW; col++) {
         const uint8_t *p = &buf[(row * RO_ROW + col) * 4];
         const int wx = rx + col - RO_SKIPX, wy = ry + row - RO_SKIPY;
         const bool in_req =
            col >= RO_SKIPX && col < RO_SKIPX + rw && row >= RO_SKIPY && row < RO_SKIPY + rh;
         if (in_req && wx >= 0 && wx < W && wy >= 0 && wy < H) {
            inside++;
            const rgba8 w = ro_quadrant(q, wx, wy);
            if (memcmp(p, w.c, 4) && !bad_in++)
               fail("%s: pixel (%d,%d) is (%u,%u,%u,%u), expected (%u,%u,%u,%u)", what, wx, wy,
                    p[0], p[1], p[2], p[3], w.c[0], w.c[1], w.c[2], w.c[3]);
         } else if ((p[0] != RO_SENTINEL || p[1] != RO_SENTINEL || p[2] != RO_SENTINEL ||
                     p[3] != RO_SENTINEL) &&
                    !bad_out++) {
            fail("%s: app bytes at row %d col %d (%s) changed to (%u,%u,%u,%u)", what, row, col,
                 in_req ? "a pixel outside the window" : "not in the request", p[0], p[1], p[2],
                 p[3]);
         }
      }
   }
   printf("  %s: %d pixels inside, %d wrong; %d outside bytes changed\n", what, inside, bad_in,
          bad_out);
}

void
sc_readpixels_outside(void)
{
   /* components whose 8-bit values are exact (0.9 x 255 = 229.5 rounds either way: NVIDIA
    * gives 229, lavapipe 230) */
   const vec4f c[4] = {V4(1.0f, 0.0f, 0.2f, 1.0f), V4(0.0f, 0.8f, 0.4f, 0.6f),
                       V4(0.2f, 0.4f, 1.0f, 1.0f), V4(0.8f, 0.8f, 0.2f, 0.4f)};
   rgba8 q[4];
   glClearDepth(0.25);
   clear_to(c[0]);
   glEnable(GL_SCISSOR_TEST);
   for (int i = 0; i < 4; i++) {
      q[i] = to8(c[i]);
      glScissor((i & 1) * W / 2, (i >> 1) * H / 2, W / 2, H / 2);
      clear_to(c[i]);
   }
   glDisable(GL_SCISSOR_TEST);
   glClearDepth(1.0);
   ro_read_colour("below-left", q, -3, -2, 8, 6);
   ro_read_colour("above-right", q, W - 5, H - 4, 9, 7);
   ro_read_colour("wider than the window", q, -4, 10, W + 8, 3);
   ro_read_colour("taller than the window", q, 30, -5, 4, H + 10);
   ro_read_colour("wholly outside", q, W + 2, 3, 4, 4);

   /* Depth: a 6x6 read with its bottom-left 4x4 outside. */
   float z[36];
   memset(z, RO_SENTINEL, sizeof z);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   glReadPixels(-4, -4, 6, 6, GL_DEPTH_COMPONENT, GL_FLOAT, z);
   check_gl_error("depth read partly outside");
   int bad = 0;
   for (int j = 0; j < 6; j++)
      for (int i = 0; i < 6; i++) {
         const float *p = &z[j * 6 + i];
         uint32_t bits;
         memcpy(&bits, p, 4);
         const bool in = i >= 4 && j >= 4;
         if (in ? fabsf(*p - 0.25f) > 1e-6f : bits != 0xCDCDCDCDu) {
            if (!bad++)
               fail("depth read partly outside: (%d,%d) reads 0x%08x (%g), expected %s", i - 4,
                    j - 4, bits, *p, in ? "0.25" : "the app's bytes kept");
         }
      }
   printf("  depth 6x6 partly outside: %d wrong\n", bad);

   model m;
   model_init(&m, c[0]);
   for (int i = 1; i < 4; i++)
      model_rect(&m, (i & 1) * W / 2, (i >> 1) * H / 2, (i & 1) * W / 2 + W / 2,
                 (i >> 1) * H / 2 + H / 2, q[i]);
   check_frame("the window after the reads", &m);
}

/* read_depth: the window's depth buffer, cleared to 0.25 with a rectangle drawn at depth 0.75,
 * read with glReadPixels(GL_DEPTH_COMPONENT) as floats and as shorts; stencil cleared to 0x33
 * read with GL_STENCIL_INDEX. */
void
sc_read_depth(void)
{
   const vec4f bg = V4(0.0f, 0.4f, 0.2f, 1.0f), rc = V4(0.8f, 0.6f, 0.4f, 1.0f);
   glClearDepth(0.25);
   glClearStencil(0x33);
   clear_to(bg);
   glClearDepth(1.0);
   glClearStencil(0);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   GLuint p = solid_program();
   gl.Uniform1f(uloc(p, "u_z"), 0.5f); /* window depth (0.5 + 1) / 2 = 0.75 */
   set_vec4(p, "u_color", rc);
   float v[12];
   rect_vertices(v, 10, 20, 40, 50);
   make_mesh(v, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   check_gl_error("depth draw");
   static float zf[W * H];
   static uint16_t zs[W * H];
   static uint8_t sten[W * H];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, zf);
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, zs);
   glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sten);
   check_gl_error("depth / stencil readback");
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const bool in = x >= 10 && x < 40 && y >= 20 && y < 50;
         const float want = in ? 0.75f : 0.25f;
         const int want_s = in ? 49151 : 16384; /* round(d * 65535) of the 24-bit value */
         const int i = y * W + x;
         if (fabsf(zf[i] - want) > 1e-6f || abs(zs[i] - want_s) > 1 || sten[i] != 0x33) {
            if (bad++ < 8)
               fail("pixel (%d,%d): depth %.8f / %u, stencil 0x%02x; expected %.2f / %d, 0x33", x,
                    y, zf[i], zs[i], sten[i], want, want_s);
         }
      }
   printf("  depth and stencil of %d pixels read, %d wrong\n", W * H, bad);
   model m;
   model_init(&m, bg);
   model_rect(&m, 10, 20, 40, 50, to8(rc));
   check_frame("colour after the depth draw", &m);
}

/* copy_tex: glCopyTexImage2D takes a 32x32 rectangle of the window (three scissored clear
 * colours) into a new RGBA8 texture, glCopyTexSubImage2D copies an 8x8 rectangle over part of
 * it; glGetTexImage must give back exactly the window's bytes (read with glReadPixels) at the
 * matching positions. Then the errors: an undefined level, a rectangle past the image, an
 * integer format from a normalized read buffer. */
void
sc_copy_tex(void)
{
   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f), c1 = V4(1.0f, 0.0f, 0.2f, 1.0f),
               c2 = V4(0.0f, 0.8f, 0.4f, 0.6f);
   clear_to(bg);
   glEnable(GL_SCISSOR_TEST);
   glScissor(8, 8, 16, 16);
   clear_to(c1);
   glScissor(30, 12, 10, 30);
   clear_to(c2);
   glDisable(GL_SCISSOR_TEST);
   static uint8_t win[W * H * 4];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, win);
   check_gl_error("clears and glReadPixels");

   GLuint tex;
   gl.ActiveTexture(GL_TEXTURE0);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 32, 32, 0);
   check_gl_error("glCopyTexImage2D");
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 3, 33, 20, 8, 8);
   check_gl_error("glCopyTexSubImage2D");
   static uint8_t got[32 * 32 * 4];
   memset(got, 0xA5, sizeof got);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check_gl_error("glGetTexImage");
   int bad = 0;
   for (int j = 0; j < 32; j++)
      for (int i = 0; i < 32; i++) {
         const bool sub = i >= 2 && i < 10 && j >= 3 && j < 11;
         const int x = sub ? 33 + i - 2 : 4 + i, y = sub ? 20 + j - 3 : 4 + j;
         const uint8_t *w = &win[(y * W + x) * 4], *g = &got[(j * 32 + i) * 4];
         if (memcmp(w, g, 4) && bad++ < 8)
            fail("texel (%d,%d): (%u,%u,%u,%u), window (%d,%d) is (%u,%u,%u,%u)", i, j, g[0], g[1],
                 g[2], g[3], x, y, w[0], w[1], w[2], w[3]);
      }
   printf("  32x32 copied texels checked, %d wrong\n", bad);

   glCopyTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 0, 0, 4, 4);
   expect_gl_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D into an undefined level");
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 30, 0, 0, 0, 4, 4);
   expect_gl_error(GL_INVALID_VALUE, "glCopyTexSubImage2D past the image");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 0, 0, 4, 4, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glCopyTexImage2D of an integer format");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 1);
   expect_gl_error(GL_INVALID_VALUE, "glCopyTexImage2D with border 1");
   glDeleteTextures(1, &tex);

   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 8, 24, 24, to8(c1));
   model_rect(&m, 30, 12, 40, 42, to8(c2));
   check_frame("the window the copies read", &m);
}

/* pbo_pack: glReadPixels and glGetTexImage into a GL_PIXEL_PACK_BUFFER (the pointer is an
 * offset), under GL_PACK_ROW_LENGTH / SKIP_PIXELS / SKIP_ROWS / ALIGNMENT: the pixels must land
 * where the pack state puts them and every other byte of the buffer keep its value, seen through
 * glGetBufferSubData and glMapBufferRange; a float read (a conversion on the way); the GL errors
 * (range past the store, a mapped buffer, an offset not a multiple of the datum). */
enum { PB_SIZE = 2048, PB_FILL = 0xEE };

/* The buffer's bytes: the pixels of [rx,rx+rw) x [ry,ry+rh) of `want` (x, y -> colour) at
 * offset + (skip_rows + j) * stride + (skip_px + i) * 4, PB_FILL elsewhere. */
static void
pb_expect(const char *phase, const uint8_t *got, int off, int stride, int skip_px, int skip_rows,
          int rw, int rh, rgba8 (*want)(int i, int j))
{
   int bad = 0;
   for (int b = 0; b < PB_SIZE; b++) {
      int rel = b - off, exp = PB_FILL;
      if (rel >= 0) {
         int j = rel / stride - skip_rows, i = (rel % stride) / 4 - skip_px;
         if (j >= 0 && j < rh && i >= 0 && i < rw)
            exp = want(i, j).c[rel % 4];
      }
      if (got[b] != exp && !bad++)
         fail("%s: buffer byte %d is 0x%02x, expected 0x%02x", phase, b, got[b], exp);
   }
   if (bad)
      fail("%s: %d wrong bytes", phase, bad);
}

static rgba8
pb_read_px(int i, int j)
{
   /* the frame: blue, a green block at [9,12) x [7,9) */
   int x = 6 + i, y = 6 + j;
   return x >= 9 && x < 12 && y >= 7 && y < 9 ? to8(V4(0.0f, 0.8f, 0.2f, 1.0f))
                                              : to8(V4(0.2f, 0.4f, 0.6f, 1.0f));
}

static rgba8
pb_tex_px(int i, int j)
{
   return (rgba8){{(uint8_t)(16 * i + 1), (uint8_t)(16 * j + 2), (uint8_t)(i * j + 3), 255}};
}

void
sc_pbo_pack(void)
{
   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f), green = V4(0.0f, 0.8f, 0.2f, 1.0f);
   clear_to(bg);
   glEnable(GL_SCISSOR_TEST);
   glScissor(9, 7, 3, 2);
   glClearColor(green.v[0], green.v[1], green.v[2], green.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);

   static uint8_t fill[PB_SIZE], got[PB_SIZE];
   memset(fill, PB_FILL, sizeof fill);
   GLuint pbo;
   gl.GenBuffers(1, &pbo);
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   gl.BufferData(GL_PIXEL_PACK_BUFFER, PB_SIZE, fill, GL_STREAM_READ);

   /* 8x5 pixels from (6,6), rows of 11 pixels padded to 48 bytes, skipping 1 pixel and 2 rows,
    * at offset 64 */
   glPixelStorei(GL_PACK_ROW_LENGTH, 11);
   glPixelStorei(GL_PACK_ALIGNMENT, 8);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 1);
   glPixelStorei(GL_PACK_SKIP_ROWS, 2);
   glReadPixels(6, 6, 8, 5, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)64);
   check_gl_error("glReadPixels into a pack buffer");
   /* errors: past the store, an offset not a multiple of a float, a mapped buffer */
   glReadPixels(6, 6, 8, 5, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)(PB_SIZE - 64));
   expect_gl_error(GL_INVALID_OPERATION, "glReadPixels past the pack buffer's store");
   glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   glPixelStorei(GL_PACK_SKIP_ROWS, 0);
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, (void *)(uintptr_t)2);
   expect_gl_error(GL_INVALID_OPERATION, "glReadPixels of floats at offset 2");

   gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, PB_SIZE, got);
   check_gl_error("glGetBufferSubData of the pack buffer");
   pb_expect("glReadPixels, seen by glGetBufferSubData", got, 64, 48, 1, 2, 8, 5, pb_read_px);
   const uint8_t *map = gl.MapBufferRange(GL_PIXEL_PACK_BUFFER, 0, PB_SIZE, GL_MAP_READ_BIT);
   check_gl_error("glMapBufferRange of the pack buffer");
   if (map)
      pb_expect("glReadPixels, seen by glMapBufferRange", map, 64, 48, 1, 2, 8, 5, pb_read_px);
   else
      fail("glMapBufferRange returned NULL");
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, (void *)0);
   expect_gl_error(GL_INVALID_OPERATION, "glReadPixels into a mapped pack buffer");
   gl.UnmapBuffer(GL_PIXEL_PACK_BUFFER);

   /* a float read of the green block's corner: converted on the way into the buffer */
   glReadPixels(9, 7, 1, 1, GL_RGBA, GL_FLOAT, (void *)(uintptr_t)1024);
   float fv[4] = {-1, -1, -1, -1};
   gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 1024, sizeof fv, fv);
   check_gl_error("glReadPixels of floats into a pack buffer");
   const float fw[4] = {0.0f, 204.0f / 255.0f, 51.0f / 255.0f, 1.0f};
   for (int c = 0; c < 4; c++)
      if (fabsf(fv[c] - fw[c]) > 1e-6f)
         fail("float read: component %d is %f, expected %f", c, fv[c], fw[c]);

   /* glGetTexImage of a 4x4 texture into the buffer at offset 128, rows padded to 20 bytes */
   uint8_t texels[4 * 4 * 4];
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
         memcpy(texels + 4 * (4 * j + i), pb_tex_px(i, j).c, 4);
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   gl.BufferData(GL_PIXEL_PACK_BUFFER, PB_SIZE, fill, GL_STREAM_READ);
   glPixelStorei(GL_PACK_ROW_LENGTH, 5);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)128);
   check_gl_error("glGetTexImage into a pack buffer");
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)(PB_SIZE - 40));
   expect_gl_error(GL_INVALID_OPERATION, "glGetTexImage past the pack buffer's store");
   glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, PB_SIZE, got);
   pb_expect("glGetTexImage, seen by glGetBufferSubData", got, 128, 20, 0, 0, 4, 4, pb_tex_px);
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   check_gl_error("pack buffer reads");

   model m;
   model_init(&m, bg);
   model_rect(&m, 9, 7, 12, 9, to8(green));
   check_frame("pbo pack", &m);
}

/* pbo_unpack: glTexImage2D / glTexSubImage2D / glTexImage3D from a GL_PIXEL_UNPACK_BUFFER (the
 * pointer is an offset) under GL_UNPACK_ROW_LENGTH / SKIP_PIXELS / SKIP_ROWS / ALIGNMENT, an RGB
 * sub-image converted on the way, and a texture filled from a buffer that glReadPixels wrote on
 * the server (pack, then unpack: the upload must see the GPU's bytes); each texture drawn by
 * texelFetch in a tile, every pixel asserted; and the GL errors (range past the store, a mapped
 * buffer, an offset not a multiple of the datum). */
static rgba8
pu_a(int i, int j)
{
   if (i >= 2 && i < 6 && j >= 2 && j < 6) /* the RGB sub-image, alpha 1 */
      return (rgba8){{200, (uint8_t)(10 * (i - 2)), (uint8_t)(10 * (j - 2)), 255}};
   return (rgba8){{(uint8_t)(20 * i + 5), (uint8_t)(20 * j + 7), (uint8_t)(100 + i + j), 255}};
}

static rgba8
pu_frame(int i, int j) /* the frame glReadPixels read: blue, a green block */
{
   return i >= 2 && i < 5 && j >= 3 && j < 6 ? to8(V4(0.0f, 0.8f, 0.2f, 1.0f))
                                             : to8(V4(0.2f, 0.4f, 0.6f, 1.0f));
}

static rgba8
pu_layer(int l, int i, int j)
{
   return (rgba8){{(uint8_t)(60 * l + 30), (uint8_t)(40 * i), (uint8_t)(40 * j), 255}};
}

typedef struct {
   int x0, y0, scale, layer;
   rgba8 (*fn)(int i, int j);
} pu_tile;

static rgba8
pu_tile_colour(const void *ctx, int x, int y)
{
   const pu_tile *t = ctx;
   int i = (x - t->x0) / t->scale, j = (y - t->y0) / t->scale;
   return t->fn ? t->fn(i, j) : pu_layer(t->layer, i, j);
}

void
sc_pbo_unpack(void)
{
   /* the frame glReadPixels reads into a buffer, later the source of texture B */
   const vec4f blue = V4(0.2f, 0.4f, 0.6f, 1.0f), green = V4(0.0f, 0.8f, 0.2f, 1.0f);
   clear_to(blue);
   glEnable(GL_SCISSOR_TEST);
   glScissor(2, 3, 3, 3);
   glClearColor(green.v[0], green.v[1], green.v[2], green.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   GLuint buf[2];
   gl.GenBuffers(2, buf);
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, buf[1]);
   gl.BufferData(GL_PIXEL_PACK_BUFFER, 8 * 8 * 4 + 16, NULL, GL_STREAM_COPY);
   glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)16);
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   check_gl_error("glReadPixels into a buffer");

   /* buffer 0: texture A's 8x8 texels at 32 (rows of 10 texels, 1 pixel and 1 row skipped), the
    * RGB sub-image at 1024 (tight rows of 12 bytes), the array's 4x4x2 at 1536 */
   static uint8_t data[2048];
   memset(data, 0x77, sizeof data);
   for (int j = 0; j < 8; j++)
      for (int i = 0; i < 8; i++) {
         rgba8 c = pu_a(i < 2 || i >= 6 || j < 2 || j >= 6 ? i : 0,
                        j < 2 || j >= 6 || i < 2 || i >= 6
                           ? j
                           : 0); /* the sub-image's texels start as texel (0,0)'s */
         memcpy(data + 32 + (1 + j) * 40 + (1 + i) * 4, c.c, 4);
      }
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
         memcpy(data + 1024 + j * 12 + i * 3, pu_a(2 + i, 2 + j).c, 3);
   for (int l = 0; l < 2; l++)
      for (int j = 0; j < 4; j++)
         for (int i = 0; i < 4; i++)
            memcpy(data + 1536 + l * 64 + j * 16 + i * 4, pu_layer(l, i, j).c, 4);
   gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, buf[0]);
   gl.BufferData(GL_PIXEL_UNPACK_BUFFER, sizeof data, data, GL_STATIC_DRAW);

   GLuint tex[3];
   glGenTextures(3, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 10);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                (void *)(uintptr_t)32);
   check_gl_error("glTexImage2D from an unpack buffer");
   /* errors: past the store (the texture keeps its image), a float offset of 2, mapped */
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                (void *)(uintptr_t)1800);
   expect_gl_error(GL_INVALID_OPERATION, "glTexImage2D past the unpack buffer's store");
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_FLOAT, (void *)(uintptr_t)2);
   expect_gl_error(GL_INVALID_OPERATION, "glTexSubImage2D of floats at offset 2");
   gl.MapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, 16, GL_MAP_READ_BIT);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, (void *)0);
   expect_gl_error(GL_INVALID_OPERATION, "glTexSubImage2D from a mapped unpack buffer");
   gl.UnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 4, 4, GL_RGB, GL_UNSIGNED_BYTE, (void *)(uintptr_t)1024);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   check_gl_error("glTexSubImage2D of RGB from an unpack buffer");

   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[2]);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 (void *)(uintptr_t)1536);
   check_gl_error("glTexImage3D from an unpack buffer");

   /* texture B from the bytes glReadPixels wrote */
   gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, buf[1]);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                (void *)(uintptr_t)16);
   gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
   check_gl_error("glTexImage2D from a buffer glReadPixels wrote");

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   const char *fs2 =
      "#version 330 core\n"
      "uniform sampler2D u_tex;\n"
      "uniform vec2 u_origin;\n"
      "uniform float u_scale;\n"
      "out vec4 o_color;\n"
      "void main() {\n"
      "  o_color = texelFetch(u_tex, ivec2((gl_FragCoord.xy - u_origin) / u_scale), 0);\n"
      "}\n";
   const char *fsa = "#version 330 core\n"
                     "uniform sampler2DArray u_tex;\n"
                     "uniform vec2 u_origin;\n"
                     "uniform float u_scale;\n"
                     "uniform int u_layer;\n"
                     "out vec4 o_color;\n"
                     "void main() {\n"
                     "  ivec2 t = ivec2((gl_FragCoord.xy - u_origin) / u_scale);\n"
                     "  o_color = texelFetch(u_tex, ivec3(t, u_layer), 0);\n"
                     "}\n";
   static pu_tile tiles[4] = {
      {2, 2, 2, 0, pu_a}, {22, 2, 2, 0, pu_frame}, {2, 22, 4, 0, NULL}, {22, 22, 4, 1, NULL}};
   GLuint p2 = link_program(VS_PIXELS, fs2), pa = link_program(VS_PIXELS, fsa);
   glEnable(GL_SCISSOR_TEST);
   for (int k = 0; k < 4; k++) {
      GLuint p = k < 2 ? p2 : pa;
      gl.UseProgram(p);
      gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
      gl.Uniform1f(uloc(p, "u_z"), 0.0f);
      gl.Uniform1i(uloc(p, "u_tex"), 0);
      gl.Uniform2f(uloc(p, "u_origin"), (float)tiles[k].x0, (float)tiles[k].y0);
      gl.Uniform1f(uloc(p, "u_scale"), (float)tiles[k].scale);
      if (k >= 2)
         gl.Uniform1i(uloc(p, "u_layer"), tiles[k].layer);
      if (k < 2)
         glBindTexture(GL_TEXTURE_2D, tex[k]);
      else
         glBindTexture(GL_TEXTURE_2D_ARRAY, tex[2]);
      glScissor(tiles[k].x0, tiles[k].y0, 16, 16);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect_fn(&m, tiles[k].x0, tiles[k].y0, tiles[k].x0 + 16, tiles[k].y0 + 16,
                    pu_tile_colour, &tiles[k]);
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("drawing the tiles");
   check_frame("textures from unpack buffers", &m);
}

/* copy_tex_depth: glCopyTexImage2D / glCopyTexSubImage2D into depth formats read the read
 * framebuffer's depth (and, for DEPTH24_STENCIL8, stencil) buffer (GL 3.3 §3.8.5): the default
 * framebuffer's D24S8 buffer, cleared to two depths and two stencil values in halves, copied
 * into DEPTH24_STENCIL8 and DEPTH_COMPONENT24 textures and read back against glReadPixels of
 * the same rectangle (depth within one 24-bit step: Mesa's own depth buffer is not 24-bit);
 * no depth buffer in the read framebuffer is GL_INVALID_OPERATION. */
void
sc_copy_tex_depth(void)
{
   enum { CW = 16, CH = 8, CX = 24, CY = 28 };
   glClearDepth(0.25);
   glClearStencil(0x5a);
   glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(CX + 5, 0, W, H);
   glClearDepth(0.8125);
   glClearStencil(0xc3);
   glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   glClearDepth(1.0);
   glClearStencil(0);
   check_gl_error("depth/stencil clears");
   uint32_t want[CH][CW], got[CH][CW];
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   glReadPixels(CX, CY, CW, CH, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, want);
   check_gl_error("glReadPixels(GL_DEPTH_STENCIL)");
   if ((want[0][0] & 0xff) != 0x5a || (want[0][CW - 1] & 0xff) != 0xc3)
      fail("the source rectangle's stencil is 0x%02x / 0x%02x, cleared 0x5a / 0xc3",
           want[0][0] & 0xff, want[0][CW - 1] & 0xff);

   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, CX, CY, CW, CH, 0);
   check_gl_error("glCopyTexImage2D(GL_DEPTH24_STENCIL8)");
   memset(got, 0xA5, sizeof got);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, got);
   check_gl_error("glGetTexImage of the copied DEPTH24_STENCIL8");
   for (int j = 0; j < CH; j++)
      for (int i = 0; i < CW; i++)
         if ((got[j][i] & 0xff) != (want[j][i] & 0xff) ||
             labs((long)(got[j][i] >> 8) - (long)(want[j][i] >> 8)) > 1)
            fail("DEPTH24_STENCIL8 copy (%d,%d): 0x%08x, the framebuffer has 0x%08x", i, j,
                 got[j][i], want[j][i]);

   /* DEPTH_COMPONENT24 from glTexImage2D, then a sub-rectangle copied to an offset */
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, CW, CH, 0, GL_DEPTH_COMPONENT,
                GL_UNSIGNED_INT, NULL);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 1, CX + 2, CY + 1, CW - 2, CH - 1);
   check_gl_error("glCopyTexSubImage2D into DEPTH_COMPONENT24");
   uint32_t zwant[CH][CW], zgot[CH][CW];
   glReadPixels(CX, CY, CW, CH, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, zwant);
   memset(zgot, 0xA5, sizeof zgot);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, zgot);
   check_gl_error("glGetTexImage of DEPTH_COMPONENT24");
   for (int j = 1; j < CH; j++)
      for (int i = 2; i < CW; i++)
         if (labs((long)(zgot[j][i] >> 8) - (long)(zwant[j][i] >> 8)) > 1)
            fail("DEPTH_COMPONENT24 copy texel (%d,%d): 0x%08x, the framebuffer has 0x%08x", i, j,
                 zgot[j][i], zwant[j][i]);

   /* a read framebuffer without a depth buffer */
   GLuint fbo, rb;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, CW, CH);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
   expect_gl_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D into depth without a depth buffer");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   glDeleteTextures(2, tex);
}

/* read_depth_fbo: glReadPixels of GL_DEPTH_COMPONENT, GL_STENCIL_INDEX and GL_DEPTH_STENCIL
 * read the READ framebuffer's depth and stencil (GL 3.3 §4.3.1), also when another framebuffer
 * is bound for drawing. An FBO (RGBA8 + GL_DEPTH24_STENCIL8) holds depth 0.25 / stencil 0x5a
 * with a quad at depth 0.5 / stencil 0x33 in [8,40) x [16,48); the default framebuffer holds
 * depth 1.0 / stencil 0x0f. Read the FBO while drawing into the default framebuffer, and the
 * default framebuffer while drawing into the FBO; then a draw lands in the draw framebuffer. */
static void
rdf_check(const char *what, bool fbo_side)
{
   static float zf[W * H];
   static uint8_t sten[W * H];
   static GLuint zs[W * H];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   memset(sten, 0xee, sizeof sten);
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, zf);
   glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sten);
   glReadPixels(0, 0, W, H, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zs);
   check_gl_error(what);
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const bool in = fbo_side && x >= 8 && x < 40 && y >= 16 && y < 48;
         const float want = !fbo_side ? 1.0f : in ? 0.5f : 0.25f;
         const unsigned want_s = !fbo_side ? 0x0f : in ? 0x33 : 0x5a;
         const long want24 = lroundf(want * 16777215.0f);
         const int i = y * W + x;
         if (fabsf(zf[i] - want) > 1e-6f || sten[i] != want_s || (zs[i] & 0xff) != want_s ||
             labs((long)(zs[i] >> 8) - want24) > 1) {
            if (bad++ < 8)
               fail("%s: pixel (%d,%d): depth %.8f, stencil 0x%02x, packed 0x%08x; expected %.2f, "
                    "0x%02x",
                    what, x, y, zf[i], sten[i], zs[i], want, want_s);
         }
      }
   printf("  %s: depth and stencil of %d pixels read, %d wrong\n", what, W * H, bad);
}

void
sc_read_depth_fbo(void)
{
   const vec4f bg = V4(0.0f, 0.4f, 0.2f, 1.0f), fbo_bg = V4(0.6f, 0.2f, 0.2f, 1.0f),
               rc = V4(0.8f, 0.6f, 0.4f, 1.0f), rc2 = V4(0.2f, 0.2f, 1.0f, 1.0f);
   glClearDepth(1.0);
   glClearStencil(0x0f);
   clear_to(bg);
   GLuint rb[2], fbo;
   gl.GenRenderbuffers(2, rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, W, H);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("RGBA8 + GL_DEPTH24_STENCIL8 framebuffer incomplete");
   glClearDepth(0.25);
   glClearStencil(0x5a);
   clear_to(fbo_bg);
   glClearDepth(1.0);
   glClearStencil(0);
   GLuint p = solid_program();
   float v[12];
   rect_vertices(v, 8, 16, 40, 48);
   mesh m = make_mesh(v, 6);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_ALWAYS, 0x33, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f); /* window depth 0.5 */
   set_vec4(p, "u_color", rc);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_STENCIL_TEST);
   glDisable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   check_gl_error("FBO depth/stencil draw");

   /* read the FBO, draw the default framebuffer */
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   rdf_check("FBO read while the default framebuffer is drawn", true);
   /* and the other way round */
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   rdf_check("default framebuffer read while the FBO is drawn", false);

   /* a draw after the reads lands in the draw framebuffer (the FBO), not the read one */
   set_vec4(p, "u_color", rc2);
   float v2[12];
   rect_vertices(v2, 44, 4, 60, 60);
   mesh m2 = make_mesh(v2, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw after the reads");
   model md;
   model_init(&md, bg);
   check_frame("default framebuffer untouched by the FBO draws", &md);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   model mf;
   model_init(&mf, fbo_bg);
   model_rect(&mf, 8, 16, 40, 48, to8(rc));
   model_rect(&mf, 44, 4, 60, 60, to8(rc2));
   check_frame("FBO colour", &mf);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(2, rb);
   mesh ms[2] = {m, m2};
   for (int i = 0; i < 2; i++) {
      gl.DeleteBuffers(1, &ms[i].vbo);
      gl.DeleteVertexArrays(1, &ms[i].vao);
   }
   gl.DeleteProgram(p);
}

/* pbo_pack_depth: glReadPixels of GL_DEPTH_COMPONENT (float and unsigned short),
 * GL_STENCIL_INDEX and GL_DEPTH_STENCIL (GL_UNSIGNED_INT_24_8) into a GL_PIXEL_PACK_BUFFER at an
 * offset, under GL_PACK_ROW_LENGTH / SKIP_PIXELS / SKIP_ROWS / ALIGNMENT (GL 3.3 §4.3.2): the
 * buffer must hold exactly the bytes the same read writes into client memory under the same
 * state, sentinels included (nothing outside the packed pixels changes), and those values are
 * the model's. An FBO (RGBA8 + GL_DEPTH24_STENCIL8) holds depth 0.25 / stencil 0x5a with depth
 * 0.75 / stencil 0x33 cleared in [8,40) x [16,48); the 20x12 read at (30,40) straddles both. */
enum { PD_X = 30, PD_Y = 40, PD_W = 20, PD_H = 12, PD_ROW = 23, PD_OFF = 16, PD_CAP = 4096 };

void
sc_pbo_pack_depth(void)
{
   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
   clear_to(bg);
   GLuint rb[2], fbo, pbo;
   gl.GenRenderbuffers(2, rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, W, H);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("RGBA8 + GL_DEPTH24_STENCIL8 framebuffer incomplete");
   glClearDepth(0.25);
   glClearStencil(0x5a);
   glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(8, 16, 32, 32);
   glClearDepth(0.75);
   glClearStencil(0x33);
   glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   glClearDepth(1.0);
   glClearStencil(0);
   check_gl_error("depth/stencil clears");

   static const struct {
      GLenum format, type;
      int size;
      const char *name;
   } reads[] = {
      {GL_DEPTH_COMPONENT, GL_FLOAT, 4, "depth as floats"},
      {GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, 2, "depth as unsigned shorts"},
      {GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, 1, "stencil as bytes"},
      {GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, 4, "depth/stencil as 24_8"},
   };
   static uint8_t mem[PD_CAP], buf[PD_CAP + PD_OFF];
   gl.GenBuffers(1, &pbo);
   int wrong = 0;
   for (size_t k = 0; k < sizeof reads / sizeof reads[0]; k++) {
      glPixelStorei(GL_PACK_ALIGNMENT, 8);
      glPixelStorei(GL_PACK_ROW_LENGTH, PD_ROW);
      glPixelStorei(GL_PACK_SKIP_PIXELS, 2);
      glPixelStorei(GL_PACK_SKIP_ROWS, 1);
      memset(mem, 0xa5, sizeof mem);
      glReadPixels(PD_X, PD_Y, PD_W, PD_H, reads[k].format, reads[k].type, mem);
      check_gl_error(reads[k].name);
      memset(buf, 0xa5, sizeof buf);
      gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
      gl.BufferData(GL_PIXEL_PACK_BUFFER, sizeof buf, buf, GL_STREAM_READ);
      glReadPixels(PD_X, PD_Y, PD_W, PD_H, reads[k].format, reads[k].type,
                   (void *)(uintptr_t)PD_OFF);
      check_gl_error(reads[k].name);
      gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, sizeof buf, buf);
      gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
      glPixelStorei(GL_PACK_ALIGNMENT, 4);
      glPixelStorei(GL_PACK_ROW_LENGTH, 0);
      glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
      glPixelStorei(GL_PACK_SKIP_ROWS, 0);
      for (int i = 0; i < PD_OFF; i++)
         if (buf[i] != 0xa5) {
            fail("%s: pack buffer byte %d before the offset is 0x%02x", reads[k].name, i, buf[i]);
            wrong++;
            break;
         }
      for (int i = 0; i < PD_CAP; i++)
         if (buf[PD_OFF + i] != mem[i]) {
            fail("%s: pack buffer byte %d is 0x%02x, client memory's 0x%02x", reads[k].name, i,
                 buf[PD_OFF + i], mem[i]);
            wrong++;
            break;
         }
      /* the model: rows PD_ROW pixels apart, rounded up to 8 bytes; one row and 2 pixels
       * skipped */
      const int stride = (PD_ROW * reads[k].size + 7) / 8 * 8;
      for (int j = 0; j < PD_H; j++)
         for (int i = 0; i < PD_W; i++) {
            const int x = PD_X + i, y = PD_Y + j;
            const bool in = x >= 8 && x < 40 && y >= 16 && y < 48;
            const double z = in ? 0.75 : 0.25;
            const unsigned st = in ? 0x33 : 0x5a;
            const uint8_t *px = mem + (1 + j) * stride + (2 + i) * reads[k].size;
            float f;
            uint16_t u16;
            uint32_t u32;
            bool ok;
            if (reads[k].type == GL_FLOAT) {
               memcpy(&f, px, 4);
               ok = fabs(f - z) < 1e-6;
            } else if (reads[k].type == GL_UNSIGNED_SHORT) {
               memcpy(&u16, px, 2);
               ok = labs((long)u16 - lround(z * 65535.0)) <= 1;
            } else if (reads[k].type == GL_UNSIGNED_BYTE) {
               ok = *px == st;
            } else {
               memcpy(&u32, px, 4);
               ok = (u32 & 0xff) == st && labs((long)(u32 >> 8) - lround(z * 16777215.0)) <= 1;
            }
            if (!ok && wrong++ < 8)
               fail("%s: pixel (%d,%d) read wrong", reads[k].name, x, y);
         }
   }
   printf("  depth and stencil into a pack buffer: %d problems\n", wrong);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(2, rb);
   gl.DeleteBuffers(1, &pbo);
   model m;
   model_init(&m, bg);
   check_frame("the window the reads leave alone", &m);
}

/* copy_tex_depth_convert: glCopyTexImage2D / glCopyTexSubImage2D from a depth buffer into a
 * depth texture of another depth format convert the depth values (GL 3.3 §3.8.5; only
 * glBlitFramebuffer needs matching formats). Read framebuffers: DEPTH32F_STENCIL8 and
 * DEPTH_COMPONENT16 renderbuffers and the window's D24S8 buffer, each cleared to eight columns
 * of depths and two stencil values. Their 64x4 rectangle at y = 20 is copied into 16-bit,
 * 24-bit and float depth and depth/stencil textures, read back with glGetTexImage as floats
 * against glReadPixels of the source (within two steps of the coarser format) and the stencil
 * bytes exactly. A depth/stencil texture from a read framebuffer with no stencil buffer is
 * GL_INVALID_OPERATION, and so is a depth glBlitFramebuffer between two depth formats. */
enum { DC_W = 64, DC_H = 4, DC_Y = 20 };

static void
dc_columns(void)
{
   static const double z[8] = {0.0, 0.1, 0.25, 1.0 / 3.0, 0.5, 0.7, 0.95, 1.0};
   glEnable(GL_SCISSOR_TEST);
   for (int i = 0; i < 8; i++) {
      glScissor(8 * i, 0, 8, H);
      glClearDepth(z[i]);
      glClearStencil(i < 4 ? 0x5a : 0xc3);
      glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   }
   glDisable(GL_SCISSOR_TEST);
   glClearDepth(1.0);
   glClearStencil(0);
}

/* Copies the read framebuffer's rectangle into a new texture of ifmt (glCopyTexSubImage2D
 * into glTexImage2D storage when sub) and checks it against want (and want_st when the
 * texture has stencil). src_bits/dst_bits: 16, 24 or 32 (float). */
static void
dc_check(const char *what, GLenum ifmt, int src_bits, int dst_bits, bool sub, const float *want,
         const uint8_t *want_st)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   const bool ds = ifmt == GL_DEPTH24_STENCIL8 || ifmt == GL_DEPTH32F_STENCIL8;
   const GLenum type = ifmt == GL_DEPTH24_STENCIL8    ? GL_UNSIGNED_INT_24_8
                       : ifmt == GL_DEPTH32F_STENCIL8 ? GL_FLOAT_32_UNSIGNED_INT_24_8_REV
                                                      : GL_FLOAT;
   if (sub) {
      glTexImage2D(GL_TEXTURE_2D, 0, ifmt, DC_W, DC_H, 0,
                   ds ? GL_DEPTH_STENCIL : GL_DEPTH_COMPONENT, type, NULL);
      glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, DC_Y, DC_W, DC_H);
   } else {
      glCopyTexImage2D(GL_TEXTURE_2D, 0, ifmt, 0, DC_Y, DC_W, DC_H, 0);
   }
   check_gl_error(what);
   const int coarse = src_bits < dst_bits ? src_bits : dst_bits;
   const double tol = (coarse == 16 ? 2.0 / 65535.0 : 2.0 / 16777215.0) + 1e-7;
   static float got[DC_W * DC_H];
   memset(got, 0xA5, sizeof got);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, got);
   check_gl_error("glGetTexImage(GL_DEPTH_COMPONENT, GL_FLOAT)");
   int bad = 0;
   for (int i = 0; i < DC_W * DC_H; i++)
      if (!(fabs((double)got[i] - (double)want[i]) <= tol) && bad++ < 4)
         fail("%s: texel (%d,%d) depth %.9f, the framebuffer has %.9f", what, i % DC_W, i / DC_W,
              got[i], want[i]);
   if (want_st) {
      static uint32_t st[DC_W * DC_H * 2];
      memset(st, 0xA5, sizeof st);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, type, st);
      check_gl_error("glGetTexImage(GL_DEPTH_STENCIL)");
      const int words = ifmt == GL_DEPTH32F_STENCIL8 ? 2 : 1;
      for (int i = 0; i < DC_W * DC_H; i++)
         if ((st[i * words + words - 1] & 0xff) != want_st[i] && bad++ < 8)
            fail("%s: texel (%d,%d) stencil 0x%02x, the framebuffer has 0x%02x", what, i % DC_W,
                 i / DC_W, st[i * words + words - 1] & 0xff, want_st[i]);
   }
   printf("  %s: %d wrong\n", what, bad);
   glDeleteTextures(1, &t);
}

static void
dc_read(float *z, uint8_t *st)
{
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, DC_Y, DC_W, DC_H, GL_DEPTH_COMPONENT, GL_FLOAT, z);
   if (st)
      glReadPixels(0, DC_Y, DC_W, DC_H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
   check_gl_error("glReadPixels of the source depth");
   if (!(z[12] > 0.09f && z[12] < 0.11f) || !(z[60] > 0.99f))
      fail("source depths %.6f, %.6f: the column clears did not land", z[12], z[60]);
}

void
sc_copy_tex_depth_convert(void)
{
   static float want[DC_W * DC_H];
   static uint8_t want_st[DC_W * DC_H];
   GLuint rb[3], fbo[2];
   gl.GenRenderbuffers(3, rb);
   gl.GenFramebuffers(2, fbo);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH32F_STENCIL8, W, H);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, W, H);
   for (int i = 0; i < 2; i++) {
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER,
                                 i ? GL_DEPTH_ATTACHMENT : GL_DEPTH_STENCIL_ATTACHMENT,
                                 GL_RENDERBUFFER, rb[1 + i]);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         fail("depth framebuffer %d incomplete", i);
      dc_columns();
   }

   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]); /* DEPTH32F_STENCIL8 */
   dc_read(want, want_st);
   dc_check("D32F_S8 -> DEPTH_COMPONENT16", GL_DEPTH_COMPONENT16, 32, 16, false, want, NULL);
   dc_check("D32F_S8 -> DEPTH_COMPONENT24 (sub)", GL_DEPTH_COMPONENT24, 32, 24, true, want, NULL);
   dc_check("D32F_S8 -> DEPTH24_STENCIL8", GL_DEPTH24_STENCIL8, 32, 24, false, want, want_st);
   dc_check("D32F_S8 -> DEPTH_COMPONENT32F", GL_DEPTH_COMPONENT32F, 32, 32, false, want, NULL);

   /* glBlitFramebuffer, unlike the copies, needs one depth format on both sides */
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   expect_gl_error(GL_INVALID_OPERATION, "a depth blit from DEPTH32F_STENCIL8 to D24S8");
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]); /* DEPTH_COMPONENT16 */
   dc_read(want, NULL);
   dc_check("D16 -> DEPTH_COMPONENT24", GL_DEPTH_COMPONENT24, 16, 24, false, want, NULL);
   dc_check("D16 -> DEPTH_COMPONENT32F (sub)", GL_DEPTH_COMPONENT32F, 16, 32, true, want, NULL);
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 0, 0, 4, 4, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glCopyTexImage2D(GL_DEPTH24_STENCIL8) without stencil");
   glDeleteTextures(1, &t);

   gl.BindFramebuffer(GL_FRAMEBUFFER, 0); /* the window's D24S8 */
   dc_columns();
   dc_read(want, want_st);
   dc_check("D24S8 -> DEPTH_COMPONENT32F", GL_DEPTH_COMPONENT32F, 24, 32, false, want, NULL);
   dc_check("D24S8 -> DEPTH_COMPONENT16 (sub)", GL_DEPTH_COMPONENT16, 24, 16, true, want, NULL);
   dc_check("D24S8 -> DEPTH32F_STENCIL8", GL_DEPTH32F_STENCIL8, 24, 32, false, want, want_st);

   gl.DeleteFramebuffers(2, fbo);
   gl.DeleteRenderbuffers(3, rb);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
}

/* readpixels_types: glReadPixels of an RGBA8 framebuffer cleared to (1, 1, 0, 0) into every
 * packed type of GL 3.3 §3.7.2 (tables 3.5-3.8) and a few plain ones. Components of 0 and 1
 * convert exactly at every width, so each pixel's bits are written out here by hand: a type
 * without _REV puts the format's first component in the top bits, a _REV type in the bottom
 * ones; 10F_11F_11F_REV holds 1.0 as exponent 15, 5_9_9_9_REV as mantissa 256 under exponent
 * 16. Then GL_PACK_SWAP_BYTES on a 16-bit type. The bytes past the pixel stay untouched. */
void
sc_readpixels_types(void)
{
   const vec4f c = V4(1.0f, 1.0f, 0.0f, 0.0f);
   clear_to(c);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   struct {
      GLenum format, type;
      unsigned size;
      uint32_t v; /* the pixel as a host integer of `size` bytes (size 16: see below) */
   } t[] = {
      {GL_RGB, GL_UNSIGNED_BYTE_3_3_2, 1, 0xfc},
      {GL_RGB, GL_UNSIGNED_BYTE_2_3_3_REV, 1, 0x3f},
      {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2, 0xffe0},
      {GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV, 2, 0x07ff},
      {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, 2, 0xff00},
      {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV, 2, 0x00ff},
      {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 2, 0xffc0},
      {GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV, 2, 0x03ff},
      {GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, 4, 0xffff0000u},
      {GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, 4, 0x0000ffffu},
      {GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, 4, 0x00ffff00u},
      {GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4, 2, 0x0ff0},
      {GL_RGBA, GL_UNSIGNED_INT_10_10_10_2, 4, 0xfffff000u},
      {GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 4, 0x000fffffu},
      {GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, 4, 0x3c0u | 0x3c0u << 11},
      {GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, 4, 256u | 256u << 9 | 16u << 27},
      {GL_GREEN, GL_SHORT, 2, 0x7fff},
      {GL_RED, GL_UNSIGNED_SHORT, 2, 0xffff},
      {GL_BLUE, GL_UNSIGNED_BYTE, 1, 0x00},
      {GL_RG, GL_INT, 8, 0},
      {GL_BGR, GL_BYTE, 3, 0},
   };
   for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
      unsigned char want[16], got[16];
      memset(want, 0xee, sizeof want);
      if (t[i].size <= 4) {
         if (t[i].size == 1) {
            const uint8_t b = (uint8_t)t[i].v;
            memcpy(want, &b, 1);
         } else if (t[i].size == 2) {
            const uint16_t h = (uint16_t)t[i].v;
            memcpy(want, &h, 2);
         } else if (t[i].format == GL_BGR) {
            const GLbyte b[3] = {0, 127, 127}; /* B G R */
            memcpy(want, b, 3);
         } else {
            memcpy(want, &t[i].v, 4);
         }
      } else {
         const GLint iv[2] = {2147483647, 2147483647}; /* RG / INT: 1.0 * (2^31 - 1) */
         memcpy(want, iv, 8);
      }
      memset(got, 0xee, sizeof got);
      glReadPixels(8, 8, 1, 1, t[i].format, t[i].type, got);
      char where[80];
      snprintf(where, sizeof where, "glReadPixels(format 0x%x, type 0x%x)", t[i].format, t[i].type);
      check_gl_error(where);
      if (memcmp(want, got, sizeof want))
         fail("%s: got %02x %02x %02x %02x %02x %02x %02x %02x %02x, expected %02x %02x %02x %02x "
              "%02x %02x %02x %02x %02x",
              where, got[0], got[1], got[2], got[3], got[4], got[5], got[6], got[7], got[8],
              want[0], want[1], want[2], want[3], want[4], want[5], want[6], want[7], want[8]);
   }
   /* GL_PACK_SWAP_BYTES swaps each 16-bit pixel of 5_6_5 */
   glPixelStorei(GL_PACK_SWAP_BYTES, GL_TRUE);
   uint16_t sw[2] = {0xeeee, 0xeeee};
   glReadPixels(8, 8, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, sw);
   glPixelStorei(GL_PACK_SWAP_BYTES, GL_FALSE);
   check_gl_error("glReadPixels with GL_PACK_SWAP_BYTES");
   if (sw[0] != 0xe0ff || sw[1] != 0xeeee)
      fail("5_6_5 with GL_PACK_SWAP_BYTES: 0x%04x 0x%04x, expected 0xe0ff 0xeeee", sw[0], sw[1]);
   /* a packed type whose component count does not match the format */
   glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, sw);
   expect_gl_error(GL_INVALID_OPERATION, "glReadPixels(GL_RGBA, GL_UNSIGNED_SHORT_5_6_5)");
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   model m;
   model_init(&m, c);
   check_frame("readpixels types (the frame is the clear colour)", &m);
}

/* copytex_srgb_switch: glCopyTexImage2D, glCopyTexSubImage2D and glCopyTexSubImage3D (a 2D
 * array layer and a 3D slice) between sRGB and linear images copy the stored values
 * unconverted, GL_FRAMEBUFFER_SRGB off or on, unlike glBlitFramebuffer (blit_srgb_switch).
 * That is what llvmpipe and Zink do (measured: every pair below, both switch states, 128 stays
 * 128), and what EXT_texture_sRGB resolved for the pixel path (no colour-space conversion).
 * Read buffers: SRGB8_ALPHA8, RGBA8 and RGBA16F textures holding the same bytes (uploads never
 * convert); copied into SRGB8_ALPHA8, RGBA8, RGBA16F and R8 images and read back with
 * glGetTexImage (which never converts either). Every texel exact, inside the copied rectangle
 * and around it (the prior 0x11 fill, other layers and slices untouched): a converting copy
 * would move (128,64,200) to (55,13,147) (decode) or (188,137,228) (encode). */
enum { CS_N = 8, CS_D = 12, CS_L = 3 };

static void
cs_texel(int i, int j, GLubyte *p)
{
   p[0] = (GLubyte)(96 + 8 * j + i), p[1] = 64, p[2] = 200, p[3] = (GLubyte)(40 + 8 * j + i);
}

void
sc_copytex_srgb_switch(void)
{
   static GLubyte src[CS_N * CS_N * 4], fill[CS_D * CS_D * CS_L * 4], got[CS_D * CS_D * CS_L * 4];
   for (int j = 0; j < CS_N; j++)
      for (int i = 0; i < CS_N; i++)
         cs_texel(i, j, &src[(j * CS_N + i) * 4]);
   memset(fill, 0x11, sizeof fill);
   static const GLenum src_fmt[3] = {GL_SRGB8_ALPHA8, GL_RGBA8, GL_RGBA16F};
   GLuint stex[3], sfbo[3];
   glGenTextures(3, stex);
   gl.GenFramebuffers(3, sfbo);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   for (int k = 0; k < 3; k++) {
      glBindTexture(GL_TEXTURE_2D, stex[k]);
      glTexImage2D(GL_TEXTURE_2D, 0, src_fmt[k], CS_N, CS_N, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
      gl.BindFramebuffer(GL_FRAMEBUFFER, sfbo[k]);
      gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, stex[k], 0);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         die_setup("copytex_srgb_switch: read framebuffer 0x%x incomplete", src_fmt[k]);
   }
   check_gl_error("read framebuffers");
   static const struct {
      int src;
      GLenum dst;
      const char *what;
   } pairs[] = {
      {0, GL_RGBA8, "SRGB8_ALPHA8 -> RGBA8"},
      {1, GL_SRGB8_ALPHA8, "RGBA8 -> SRGB8_ALPHA8"},
      {0, GL_SRGB8_ALPHA8, "SRGB8_ALPHA8 -> SRGB8_ALPHA8"},
      {2, GL_SRGB8_ALPHA8, "RGBA16F -> SRGB8_ALPHA8"},
      {0, GL_RGBA16F, "SRGB8_ALPHA8 -> RGBA16F"},
      {0, GL_R8, "SRGB8_ALPHA8 -> R8"},
   };
   static const char *const op_name[4] = {"glCopyTexImage2D", "glCopyTexSubImage2D",
                                          "glCopyTexSubImage3D (2D array layer 1)",
                                          "glCopyTexSubImage3D (3D slice 1)"};
   /* the sub-image copies: source rectangle (1,2) 6x5 to (3,4) of layer/slice 1 */
   enum { SX = 1, SY = 2, RW = 6, RH = 5, DX = 3, DY = 4, DL = 1 };
   int wrong_cases = 0;
   for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++)
      for (int op = 0; op < 4; op++)
         for (int on = 0; on < 2; on++) {
            const GLenum target = op < 2    ? GL_TEXTURE_2D
                                  : op == 2 ? GL_TEXTURE_2D_ARRAY
                                            : GL_TEXTURE_3D;
            GLuint t;
            glGenTextures(1, &t);
            glBindTexture(target, t);
            if (op == 1)
               glTexImage2D(target, 0, pairs[p].dst, CS_D, CS_D, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                            fill);
            else if (op > 1)
               gl.TexImage3D(target, 0, (GLint)pairs[p].dst, CS_D, CS_D, CS_L, 0, GL_RGBA,
                             GL_UNSIGNED_BYTE, fill);
            gl.BindFramebuffer(GL_READ_FRAMEBUFFER, sfbo[pairs[p].src]);
            if (on)
               glEnable(GL_FRAMEBUFFER_SRGB);
            if (op == 0)
               glCopyTexImage2D(target, 0, pairs[p].dst, 0, 0, CS_N, CS_N, 0);
            else if (op == 1)
               glCopyTexSubImage2D(target, 0, DX, DY, SX, SY, RW, RH);
            else
               gl.CopyTexSubImage3D(target, 0, DX, DY, DL, SX, SY, RW, RH);
            glDisable(GL_FRAMEBUFFER_SRGB);
            check_gl_error(op_name[op]);
            memset(got, 0xA5, sizeof got);
            glGetTexImage(target, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
            check_gl_error("glGetTexImage");
            const int w = op ? CS_D : CS_N, layers = op > 1 ? CS_L : 1;
            int bad = 0;
            for (int l = 0; l < layers; l++)
               for (int y = 0; y < w; y++)
                  for (int x = 0; x < w; x++) {
                     GLubyte want[4];
                     if (op == 0)
                        cs_texel(x, y, want);
                     else if ((op == 1 || l == DL) && x >= DX && x < DX + RW && y >= DY &&
                              y < DY + RH)
                        cs_texel(x - DX + SX, y - DY + SY, want);
                     else
                        memset(want, 0x11, 4);
                     if (pairs[p].dst == GL_R8)
                        want[1] = want[2] = 0, want[3] = 255;
                     const GLubyte *g = &got[((l * w + y) * w + x) * 4];
                     if (memcmp(g, want, 4) && !bad++)
                        fail("%s, %s, GL_FRAMEBUFFER_SRGB %s: texel (%d,%d,%d) is (%u,%u,%u,%u), "
                             "expected (%u,%u,%u,%u) unconverted",
                             pairs[p].what, op_name[op], on ? "on" : "off", x, y, l, g[0], g[1],
                             g[2], g[3], want[0], want[1], want[2], want[3]);
                  }
            wrong_cases += bad != 0;
            glDeleteTextures(1, &t);
         }
   printf("  %d of %d copies wrong\n", wrong_cases, (int)(sizeof pairs / sizeof pairs[0]) * 8);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(3, sfbo);
   glDeleteTextures(3, stex);
   check_window_cleared("the window (untouched by the copies)");
}

/* copytex_paths: the glCopyTex*Image paths copy_tex, copy_tex_depth and tex1d do not take.
 * Read framebuffer: a 16x16 RGBA8 texture whose texels all differ (cp_texel). Copied with the
 * read bytes expected exactly, the rest of every image/layer keeping its 0x11 fill:
 *   into a cube face (glCopyTexImage2D to -Y, glCopyTexSubImage2D to +Z), a 2D array layer and
 *   a 3D slice (glCopyTexSubImage3D), a 1D texture (glCopyTexImage1D, glCopyTexSubImage1D) and
 *   a 1D array (glCopyTexSubImage2D: read rows become layers), levels 1 and 2 of a 2D texture;
 *   format changes: into R8, RG8 and RGB8 (read back as RGBA: missing channels 0, alpha 1,
 *   RGB8's alpha too: rgb_alpha_one),
 *   also R8 into a 3D slice and a 2D array layer; an RGBA8UI read buffer into RGBA8UI and
 *   R16UI textures, an RGBA32F one into RGBA32F and R16F (values exact in half floats);
 *   a depth texture (glCopyTexImage2D(GL_DEPTH_COMPONENT24)) from the window's D24S8 buffer,
 *   within one 24-bit step of glReadPixels;
 *   rectangles partly outside the read framebuffer: only texels whose source is inside are
 *   asserted (GL leaves the others undefined).
 * Then the errors (GL 3.3 §3.8.5): a normalized texture from an integer read buffer and the
 * reverse, a depth texture from a framebuffer without depth, glCopyTexSubImage3D from a
 * multisampled read framebuffer and past the last layer; and, last, a colour texture from a
 * depth-only framebuffer (READ_BUFFER NONE). */

static void
cp_texel(int i, int j, GLubyte *p)
{
   p[0] = (GLubyte)(16 * j + i), p[1] = (GLubyte)(255 - 16 * j - i);
   p[2] = (GLubyte)((7 * i + 13 * j) & 255), p[3] = (GLubyte)(100 + i + j);
}

/* glGetTexImage of (target, level) as RGBA bytes, w x h x layers, against the read texels of
 * rectangle (sx, sy, rw, rh) at (dx, dy) of layer dl (every layer when dl < 0), the rest 0x11;
 * keep: bit per channel the destination has (the others read 0, alpha 255). Source texels outside the 16x16 read framebuffer are not asserted. */
static void
cp_check(const char *what, GLenum target, GLint level, int w, int h, int layers, int dl, int sx,
         int sy, int rw, int rh, int dx, int dy, unsigned keep)
{
   static GLubyte got[CP_N * CP_N * 6 * 4];
   memset(got, 0xA5, sizeof got);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glGetTexImage(target, level, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check_gl_error(what);
   int bad = 0;
   for (int l = 0; l < layers; l++)
      for (int y = 0; y < h; y++)
         for (int x = 0; x < w; x++) {
            GLubyte want[4];
            const bool in = (dl < 0 || l == dl) && x >= dx && x < dx + rw && y >= dy && y < dy + rh;
            const int rx = x - dx + sx, ry = y - dy + sy;
            if (in && (rx < 0 || ry < 0 || rx >= CP_N || ry >= CP_N))
               continue; /* undefined */
            if (in)
               cp_texel(rx, ry, want);
            else
               memset(want, 0x11, 4);
            for (int c = 0; c < 4; c++)
               if (!(keep & (1u << c)))
                  want[c] = c == 3 ? 255 : 0;
            const GLubyte *g = &got[((l * h + y) * w + x) * 4];
            if (memcmp(g, want, 4) && bad++ < 2)
               fail("%s: texel (%d,%d,%d) is (%u,%u,%u,%u), expected (%u,%u,%u,%u)", what, x, y, l,
                    g[0], g[1], g[2], g[3], want[0], want[1], want[2], want[3]);
         }
   printf("  %s: %d wrong\n", what, bad);
}

static GLuint
cp_tex(GLenum target, GLenum ifmt, int w, int h, int d)
{
   static GLubyte fill[CP_N * CP_N * 6 * 4];
   memset(fill, 0x11, sizeof fill);
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(target, t);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   if (target == GL_TEXTURE_1D)
      glTexImage1D(target, 0, (GLint)ifmt, w, 0, GL_RGBA, GL_UNSIGNED_BYTE, fill);
   else if (target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY)
      gl.TexImage3D(target, 0, (GLint)ifmt, w, h, d, 0, GL_RGBA, GL_UNSIGNED_BYTE, fill);
   else if (target != GL_TEXTURE_CUBE_MAP)
      glTexImage2D(target, 0, (GLint)ifmt, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, fill);
   return t;
}

void
sc_copytex_paths(void)
{
   static GLubyte src[CP_N * CP_N * 4];
   for (int j = 0; j < CP_N; j++)
      for (int i = 0; i < CP_N; i++)
         cp_texel(i, j, &src[(j * CP_N + i) * 4]);
   GLuint stex, fa = cp_fbo(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, src, &stex);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fa);
   const unsigned RGBA = 15;
   GLuint t;

   /* cube faces */
   t = cp_tex(GL_TEXTURE_CUBE_MAP, GL_RGBA8, 8, 8, 1);
   glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                NULL);
   glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_RGBA8, 2, 3, 8, 8, 0);
   check_gl_error("glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y)");
   cp_check("cube -Y (glCopyTexImage2D)", GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, 8, 8, 1, -1, 2, 3, 8,
            8, 0, 0, RGBA);
   glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, 0, 0, 0, 0, 8, 8);
   glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, 1, 2, 9, 10, 5, 4);
   check_gl_error("glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Z)");
   {
      /* +Z: the whole face from (0,0), then (9,10) 5x4 at (1,2) */
      static GLubyte got[8 * 8 * 4];
      glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
      int bad = 0;
      for (int y = 0; y < 8; y++)
         for (int x = 0; x < 8; x++) {
            GLubyte want[4];
            const bool in = x >= 1 && x < 6 && y >= 2 && y < 6;
            cp_texel(in ? x - 1 + 9 : x, in ? y - 2 + 10 : y, want);
            if (memcmp(&got[(y * 8 + x) * 4], want, 4) && bad++ < 2)
               fail("cube +Z (glCopyTexSubImage2D): texel (%d,%d) is (%u,%u,%u,%u)", x, y,
                    got[(y * 8 + x) * 4], got[(y * 8 + x) * 4 + 1], got[(y * 8 + x) * 4 + 2],
                    got[(y * 8 + x) * 4 + 3]);
         }
      printf("  cube +Z (glCopyTexSubImage2D): %d wrong\n", bad);
   }
   cp_check("cube -Y after +Z copies", GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, 8, 8, 1, -1, 2, 3, 8, 8,
            0, 0, RGBA);
   glDeleteTextures(1, &t);

   /* a 2D array layer and a 3D slice, RGBA8 and R8 */
   static const struct {
      GLenum target, ifmt;
      unsigned keep;
      const char *what;
   } layered[] = {
      {GL_TEXTURE_2D_ARRAY, GL_RGBA8, 15, "2D array layer 2 (glCopyTexSubImage3D)"},
      {GL_TEXTURE_3D, GL_RGBA8, 15, "3D slice 2 (glCopyTexSubImage3D)"},
      {GL_TEXTURE_2D_ARRAY, GL_R8, 1, "R8 2D array layer 2 (glCopyTexSubImage3D)"},
      {GL_TEXTURE_3D, GL_R8, 1, "R8 3D slice 2 (glCopyTexSubImage3D)"},
   };
   for (size_t k = 0; k < sizeof layered / sizeof layered[0]; k++) {
      t = cp_tex(layered[k].target, layered[k].ifmt, 8, 8, 4);
      gl.CopyTexSubImage3D(layered[k].target, 0, 1, 2, 2, 3, 4, 5, 5);
      check_gl_error(layered[k].what);
      cp_check(layered[k].what, layered[k].target, 0, 8, 8, 4, 2, 3, 4, 5, 5, 1, 2,
               layered[k].keep);
      glDeleteTextures(1, &t);
   }

   /* 1D and 1D array */
   GLuint t1;
   glGenTextures(1, &t1);
   glBindTexture(GL_TEXTURE_1D, t1);
   glCopyTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 2, 5, 12, 0);
   check_gl_error("glCopyTexImage1D");
   cp_check("1D (glCopyTexImage1D)", GL_TEXTURE_1D, 0, 12, 1, 1, -1, 2, 5, 12, 1, 0, 0, RGBA);
   glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 3, 0, 9, 4);
   check_gl_error("glCopyTexSubImage1D");
   {
      static GLubyte got[12 * 4];
      glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
      for (int x = 0; x < 12; x++) {
         GLubyte want[4];
         cp_texel(x >= 3 && x < 7 ? x - 3 : 2 + x, x >= 3 && x < 7 ? 9 : 5, want);
         if (memcmp(&got[x * 4], want, 4))
            fail("1D after glCopyTexSubImage1D: texel %d is (%u,%u,%u,%u), expected (%u,%u,%u,%u)",
                 x, got[x * 4], got[x * 4 + 1], got[x * 4 + 2], got[x * 4 + 3], want[0], want[1],
                 want[2], want[3]);
      }
   }
   glDeleteTextures(1, &t1);
   t = cp_tex(GL_TEXTURE_1D_ARRAY, GL_RGBA8, 8, 4, 1);
   glCopyTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 1, 1, 4, 6, 5, 2);
   check_gl_error("glCopyTexSubImage2D(GL_TEXTURE_1D_ARRAY)");
   cp_check("1D array layers 1-2 (glCopyTexSubImage2D)", GL_TEXTURE_1D_ARRAY, 0, 8, 4, 1, -1, 4, 6,
            5, 2, 1, 1, RGBA);
   glDeleteTextures(1, &t);

   /* levels 1 and 2 */
   t = cp_tex(GL_TEXTURE_2D, GL_RGBA8, 16, 16, 1);
   glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
   glCopyTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 8, 8, 0);
   check_gl_error("glCopyTexImage2D level 1");
   {
      static GLubyte fill2[4 * 4 * 4];
      memset(fill2, 0x11, sizeof fill2);
      glTexSubImage2D(GL_TEXTURE_2D, 2, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, fill2);
   }
   glCopyTexSubImage2D(GL_TEXTURE_2D, 2, 1, 1, 10, 11, 2, 3);
   check_gl_error("glCopyTexSubImage2D level 2");
   cp_check("level 1 (glCopyTexImage2D)", GL_TEXTURE_2D, 1, 8, 8, 1, -1, 4, 4, 8, 8, 0, 0, RGBA);
   cp_check("level 2 (glCopyTexSubImage2D)", GL_TEXTURE_2D, 2, 4, 4, 1, -1, 10, 11, 2, 3, 1, 1,
            RGBA);
   cp_check("level 0 untouched", GL_TEXTURE_2D, 0, 16, 16, 1, -1, 0, 0, 0, 0, 0, 0, RGBA);
   glDeleteTextures(1, &t);

   /* fewer channels */
   static const struct {
      GLenum ifmt;
      unsigned keep;
      const char *what;
   } narrow[] = {
      {GL_R8, 1, "RGBA8 -> R8"}, {GL_RG8, 3, "RGBA8 -> RG8"}, {GL_RGB8, 7, "RGBA8 -> RGB8"}};
   for (size_t k = 0; k < sizeof narrow / sizeof narrow[0]; k++) {
      glGenTextures(1, &t);
      glBindTexture(GL_TEXTURE_2D, t);
      glCopyTexImage2D(GL_TEXTURE_2D, 0, narrow[k].ifmt, 3, 1, 8, 8, 0);
      check_gl_error(narrow[k].what);
      cp_check(narrow[k].what, GL_TEXTURE_2D, 0, 8, 8, 1, -1, 3, 1, 8, 8, 0, 0, narrow[k].keep);
      glDeleteTextures(1, &t);
   }

   /* partly outside the read framebuffer */
   t = cp_tex(GL_TEXTURE_2D, GL_RGBA8, 8, 8, 1);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, -3, 12, 8, 8);
   check_gl_error("glCopyTexSubImage2D partly outside");
   cp_check("glCopyTexSubImage2D from (-3,12) 8x8", GL_TEXTURE_2D, 0, 8, 8, 1, -1, -3, 12, 8, 8, 0,
            0, RGBA);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 10, -2, 8, 8, 0);
   check_gl_error("glCopyTexImage2D partly outside");
   cp_check("glCopyTexImage2D from (10,-2) 8x8", GL_TEXTURE_2D, 0, 8, 8, 1, -1, 10, -2, 8, 8, 0, 0,
            RGBA);
   glDeleteTextures(1, &t);

   /* integer read buffer */
   GLuint itex, fi = cp_fbo(GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, src, &itex);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fi);
   static const struct {
      GLenum ifmt;
      unsigned keep;
   } ints[] = {{GL_RGBA8UI, 15}, {GL_R16UI, 1}};
   for (size_t k = 0; k < 2; k++) {
      glGenTextures(1, &t);
      glBindTexture(GL_TEXTURE_2D, t);
      glCopyTexImage2D(GL_TEXTURE_2D, 0, ints[k].ifmt, 5, 6, 8, 8, 0);
      check_gl_error("glCopyTexImage2D from RGBA8UI");
      static GLuint got[8 * 8 * 4];
      memset(got, 0xA5, sizeof got);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
      check_gl_error("glGetTexImage(GL_RGBA_INTEGER)");
      int bad = 0;
      for (int y = 0; y < 8; y++)
         for (int x = 0; x < 8; x++) {
            GLubyte s[4];
            cp_texel(5 + x, 6 + y, s);
            for (int c = 0; c < 4; c++) {
               const GLuint want = ints[k].keep & (1u << c) ? s[c] : c == 3 ? 1 : 0;
               if (got[(y * 8 + x) * 4 + c] != want && bad++ < 2)
                  fail("RGBA8UI -> 0x%x: texel (%d,%d) channel %d is %u, expected %u", ints[k].ifmt,
                       x, y, c, got[(y * 8 + x) * 4 + c], want);
            }
         }
      printf("  RGBA8UI -> 0x%x: %d wrong\n", ints[k].ifmt, bad);
      glDeleteTextures(1, &t);
   }

   /* float read buffer */
   static float fsrc[CP_N * CP_N * 4];
   for (int i = 0; i < CP_N * CP_N * 4; i++)
      fsrc[i] = (float)((i * 37) % 2001 - 1000) * 0.125f; /* exact in half floats */
   GLuint ftex, ff = cp_fbo(GL_RGBA32F, GL_RGBA, GL_FLOAT, fsrc, &ftex);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, ff);
   static const struct {
      GLenum ifmt;
      int channels;
   } floats[] = {{GL_RGBA32F, 4}, {GL_R16F, 1}};
   for (size_t k = 0; k < 2; k++) {
      glGenTextures(1, &t);
      glBindTexture(GL_TEXTURE_2D, t);
      glCopyTexImage2D(GL_TEXTURE_2D, 0, floats[k].ifmt, 7, 2, 8, 8, 0);
      check_gl_error("glCopyTexImage2D from RGBA32F");
      static float got[8 * 8 * 4];
      memset(got, 0xA5, sizeof got);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, got);
      check_gl_error("glGetTexImage(GL_FLOAT)");
      int bad = 0;
      for (int y = 0; y < 8; y++)
         for (int x = 0; x < 8; x++)
            for (int c = 0; c < 4; c++) {
               const float want = c < floats[k].channels ? fsrc[((2 + y) * CP_N + 7 + x) * 4 + c]
                                  : c == 3               ? 1.0f
                                                         : 0.0f;
               if (got[(y * 8 + x) * 4 + c] != want && bad++ < 2)
                  fail("RGBA32F -> 0x%x: texel (%d,%d) channel %d is %g, expected %g",
                       floats[k].ifmt, x, y, c, (double)got[(y * 8 + x) * 4 + c], (double)want);
            }
      printf("  RGBA32F -> 0x%x: %d wrong\n", floats[k].ifmt, bad);
      glDeleteTextures(1, &t);
   }

   /* errors */
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fi);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glCopyTexImage2D(GL_RGBA8) from an RGBA8UI buffer");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
   expect_gl_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D into RGBA8 from an RGBA8UI buffer");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, NULL);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fa);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
   expect_gl_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D into RGBA8UI from an RGBA8 buffer");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 0, 0, 4, 4, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glCopyTexImage2D(GL_DEPTH_COMPONENT24) without depth");
   glDeleteTextures(1, &t);
   GLuint msrb, fms;
   gl.GenRenderbuffers(1, &msrb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, msrb);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, CP_N, CP_N);
   gl.GenFramebuffers(1, &fms);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fms);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, msrb);
   t = cp_tex(GL_TEXTURE_2D_ARRAY, GL_RGBA8, 8, 8, 4);
   gl.CopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 0, 0, 4, 4);
   expect_gl_error(GL_INVALID_OPERATION, "glCopyTexSubImage3D from a multisampled framebuffer");
   gl.BindFramebuffer(GL_FRAMEBUFFER, fa);
   gl.CopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 4, 0, 0, 4, 4);
   expect_gl_error(GL_INVALID_VALUE, "glCopyTexSubImage3D past the last layer");
   cp_check("2D array after the refused copies", GL_TEXTURE_2D_ARRAY, 0, 8, 8, 4, -1, 0, 0, 0, 0, 0,
            0, RGBA);
   glDeleteTextures(1, &t);

   /* depth: glCopyTexImage2D(GL_DEPTH_COMPONENT24) from the window's depth buffer */
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   static float zwant[DC_W * DC_H];
   dc_columns();
   dc_read(zwant, NULL);
   dc_check("D24S8 -> DEPTH_COMPONENT24 (glCopyTexImage2D)", GL_DEPTH_COMPONENT24, 24, 24, false,
            zwant, NULL);

   gl.DeleteFramebuffers(1, &fa);
   gl.DeleteFramebuffers(1, &fi);
   gl.DeleteFramebuffers(1, &ff);
   gl.DeleteFramebuffers(1, &fms);
   gl.DeleteRenderbuffers(1, &msrb);
   glDeleteTextures(1, &stex);
   glDeleteTextures(1, &itex);
   glDeleteTextures(1, &ftex);
   check_window_cleared("the window (untouched by the copies)");

   /* last: Mesa 22.3's llvmpipe crashes here (on_mesa-expect.txt) */
   GLuint drb, fd;
   gl.GenRenderbuffers(1, &drb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, drb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, CP_N, CP_N);
   gl.GenFramebuffers(1, &fd);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fd);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, drb);
   glDrawBuffer(GL_NONE);
   glReadBuffer(GL_NONE);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("copytex_paths: depth-only framebuffer incomplete");
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glCopyTexImage2D(GL_RGBA8) with READ_BUFFER NONE");
   glDeleteTextures(1, &t);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fd);
   gl.DeleteRenderbuffers(1, &drb);
}

/* pack_images: the pixel pack and unpack state in three dimensions (GL 3.3 §3.7.4, §4.3.2,
 * §6.1.4). glGetTexImage of a 3D texture and of a 2D array (packed as three-dimensional:
 * GL_PACK_IMAGE_HEIGHT and GL_PACK_SKIP_IMAGES place the images) and of a cube map face
 * (two-dimensional: those two are ignored), with GL_PACK_ROW_LENGTH, SKIP_ROWS, SKIP_PIXELS
 * and ALIGNMENT 1/2/4/8, as GL_RGB/GL_RGBA bytes and GL_RED shorts, into client memory and
 * into a GL_PIXEL_PACK_BUFFER at an offset; glReadPixels with the same state (image height and
 * skipped images ignored: it packs two-dimensionally). The scenario lays out what GL must
 * write with the same rules in its own code, into a buffer full of sentinel bytes, and
 * compares every byte: nothing outside the packed texels may change. Then the unpack twins:
 * glTexImage3D and glTexSubImage3D of a 3D texture and a 2D array from client memory and from
 * a GL_PIXEL_UNPACK_BUFFER at an offset, with GL_UNPACK_IMAGE_HEIGHT, SKIP_IMAGES and the
 * others, the gaps holding other bytes GL must not read; read back whole. */
typedef struct {
   int align, row_length, skip_pixels, skip_rows, image_height, skip_images;
} pk_state;

/* the texel bytes of (x, y, z): distinct in every channel */
static GLubyte
pk_texel(int x, int y, int z, int c)
{
   switch (c) {
   case 0: return (GLubyte)(1 + x + 16 * z);
   case 1: return (GLubyte)(100 + 7 * y + z);
   case 2: return (GLubyte)(250 - x - 3 * y - 11 * z);
   default: return (GLubyte)(50 + 13 * z + x);
   }
}

/* Where GL puts pixel (x, y, z) of a w x h x d block, and the bytes the block spans (from the
 * start of the buffer, skips included). dims 2 ignores image height and skipped images. */
static size_t
pk_offset(const pk_state *st, int dims, int w, int h, int n, int s, int x, int y, int z)
{
   const size_t l = (size_t)(st->row_length > 0 ? st->row_length : w);
   const size_t a = (size_t)st->align;
   const size_t row = (n * s * l + a - 1) / a * a;
   const size_t rows = dims == 3 && st->image_height > 0 ? (size_t)st->image_height : (size_t)h;
   const size_t img = (size_t)(dims == 3 ? st->skip_images : 0) + (size_t)z;
   return img * rows * row + (size_t)(st->skip_rows + y) * row +
          (size_t)(st->skip_pixels + x) * (size_t)(n * s);
}

static void
pk_set(const pk_state *st, GLenum fb_type, int live)
{
   const GLenum p = fb_type; /* GL_PACK_ALIGNMENT or GL_UNPACK_ALIGNMENT; the rest follow it */
   const int pack = p == GL_PACK_ALIGNMENT;
   glPixelStorei(p, live ? st->align : 4);
   glPixelStorei(pack ? GL_PACK_ROW_LENGTH : GL_UNPACK_ROW_LENGTH, live ? st->row_length : 0);
   glPixelStorei(pack ? GL_PACK_SKIP_PIXELS : GL_UNPACK_SKIP_PIXELS, live ? st->skip_pixels : 0);
   glPixelStorei(pack ? GL_PACK_SKIP_ROWS : GL_UNPACK_SKIP_ROWS, live ? st->skip_rows : 0);
   glPixelStorei(pack ? GL_PACK_IMAGE_HEIGHT : GL_UNPACK_IMAGE_HEIGHT, live ? st->image_height : 0);
   glPixelStorei(pack ? GL_PACK_SKIP_IMAGES : GL_UNPACK_SKIP_IMAGES, live ? st->skip_images : 0);
}

#define PK_SENTINEL 0xa5

#define PK_PBO_OFFSET 24

/* The expected bytes of a pack: sentinels, then every pixel of the w x h x d block at
 * (x0, y0) of the source written where GL puts it. */
static size_t
pk_expect(const pk_state *st, int dims, int x0, int y0, int w, int h, int d, GLenum format,
          GLenum type, GLubyte *out, size_t cap)
{
   const int n = format == GL_RGBA ? 4 : format == GL_RGB ? 3 : 1;
   const int s = type == GL_UNSIGNED_SHORT ? 2 : 1;
   memset(out, PK_SENTINEL, cap);
   size_t end = 0;
   for (int z = 0; z < d; z++)
      for (int y = 0; y < h; y++)
         for (int x = 0; x < w; x++) {
            const size_t o = pk_offset(st, dims, w, h, n, s, x, y, z);
            if (o + (size_t)(n * s) > cap)
               die_setup("pack_images: expected layout past %zu bytes", cap);
            for (int c = 0; c < n; c++) {
               const GLubyte v = pk_texel(x0 + x, y0 + y, z, c);
               if (s == 1) {
                  out[o + (size_t)c] = v;
               } else {
                  const GLushort u = (GLushort)(v * 257);
                  memcpy(out + o + 2 * (size_t)c, &u, 2);
               }
            }
            end = o + (size_t)(n * s) > end ? o + (size_t)(n * s) : end;
         }
   return end;
}

static int
pk_compare(const char *what, const pk_state *st, const GLubyte *want, const GLubyte *got, size_t n)
{
   for (size_t i = 0; i < n; i++)
      if (want[i] != got[i]) {
         fail("%s (align %d, row length %d, skip pixels %d, rows %d, image height %d, skip images "
              "%d): byte %zu expected 0x%02x got 0x%02x%s",
              what, st->align, st->row_length, st->skip_pixels, st->skip_rows, st->image_height,
              st->skip_images, i, want[i], got[i], want[i] == PK_SENTINEL ? " (a sentinel)" : "");
         return 0;
      }
   return 1;
}

static const pk_state pk_states[] = {
   {1, 0, 0, 0, 0, 0}, {2, 7, 1, 2, 5, 1}, {4, 0, 2, 1, 4, 2},
   {8, 6, 0, 3, 6, 0}, {8, 0, 1, 0, 3, 1}, {1, 9, 3, 1, 7, 3},
};

#define PK_N_STATES (int)(sizeof pk_states / sizeof pk_states[0])

#define PK_CAP 8192

static void
pack_images_run(int one_d)
{
   enum { TW = 5, TH = 3, TD = 4, AD = 3, CS = 5 };
   GLubyte src[TW * CS * TD * 4];
   /* the 3D texture and the 2D array: texel (x, y, z) */
   GLuint tex[5];
   glGenTextures(5, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (int z = 0; z < TD; z++)
      for (int y = 0; y < TH; y++)
         for (int x = 0; x < TW; x++)
            for (int c = 0; c < 4; c++)
               src[((z * TH + y) * TW + x) * 4 + c] = pk_texel(x, y, z, c);
   glBindTexture(GL_TEXTURE_3D, tex[0]);
   gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, TW, TH, TD, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[1]);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, TW, TH, AD, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
   /* level 1 of a second 3D texture (2x1x2: its depth minifies too) */
   glBindTexture(GL_TEXTURE_3D, tex[3]);
   gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, TW, TH, TD, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   for (int z = 0; z < 2; z++)
      for (int x = 0; x < 2; x++)
         for (int c = 0; c < 4; c++)
            src[(z * 2 + x) * 4 + c] = pk_texel(x, 0, z, c);
   gl.TexImage3D(GL_TEXTURE_3D, 1, GL_RGBA8, 2, 1, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
   /* a 1D array of TH layers: packed as a two-dimensional image, layer y its row y */
   for (int y = 0; y < TH; y++)
      for (int x = 0; x < TW; x++)
         for (int c = 0; c < 4; c++)
            src[(y * TW + x) * 4 + c] = pk_texel(x, y, 0, c);
   glBindTexture(GL_TEXTURE_1D_ARRAY, tex[4]);
   glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, TW, TH, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
   /* the cube map: face +Y holds texel (x, y, 0), the others zeros */
   for (int y = 0; y < CS; y++)
      for (int x = 0; x < CS; x++)
         for (int c = 0; c < 4; c++)
            src[(y * CS + x) * 4 + c] = pk_texel(x, y, 0, c);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex[2]);
   static GLubyte zeros[CS * CS * 4];
   for (int f = 0; f < 6; f++)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_RGBA8, CS, CS, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, f == 2 ? src : zeros);
   check_gl_error("pack_images textures");

   static const struct {
      GLenum target, bind;
      int tex, level, w, h, d, dims;
      const char *name;
   } targets[] = {
      {GL_TEXTURE_3D, GL_TEXTURE_3D, 0, 0, TW, TH, TD, 3, "3D"},
      {GL_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_ARRAY, 1, 0, TW, TH, AD, 3, "2D array"},
      {GL_TEXTURE_CUBE_MAP_POSITIVE_Y, GL_TEXTURE_CUBE_MAP, 2, 0, CS, CS, 1, 2, "cube face +Y"},
      {GL_TEXTURE_3D, GL_TEXTURE_3D, 3, 1, 2, 1, 2, 3, "3D level 1"},
      {GL_TEXTURE_1D_ARRAY, GL_TEXTURE_1D_ARRAY, 4, 0, TW, TH, 1, 2, "1D array"},
   };
   static const struct {
      GLenum format, type;
      const char *name;
   } fmts[] = {{GL_RGB, GL_UNSIGNED_BYTE, "RGB bytes"},
               {GL_RGBA, GL_UNSIGNED_BYTE, "RGBA bytes"},
               {GL_RED, GL_UNSIGNED_SHORT, "RED shorts"}};
   GLubyte *want = malloc(PK_CAP), *got = malloc(PK_CAP);
   if (!want || !got)
      die_setup("pack_images: out of memory");
   GLuint pbo;
   gl.GenBuffers(1, &pbo);
   char what[160];
   for (size_t t = 0; t < sizeof targets / sizeof targets[0]; t++)
      for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++)
         for (int k = 0; k < PK_N_STATES; k++)
            for (int into_pbo = 0; into_pbo < 2; into_pbo++) {
               if ((targets[t].bind == GL_TEXTURE_1D_ARRAY) != one_d)
                  continue;
               const pk_state *st = &pk_states[k];
               const size_t end =
                  pk_expect(st, targets[t].dims, 0, 0, targets[t].w, targets[t].h, targets[t].d,
                            fmts[f].format, fmts[f].type, want, PK_CAP);
               const size_t span = end + 64; /* sentinels past the end too */
               snprintf(what, sizeof what, "glGetTexImage of the %s as %s into %s", targets[t].name,
                        fmts[f].name, into_pbo ? "a pack buffer at 24" : "client memory");
               glBindTexture(targets[t].bind, tex[targets[t].tex]);
               pk_set(st, GL_PACK_ALIGNMENT, 1);
               if (!into_pbo) {
                  memset(got, PK_SENTINEL, span);
                  glGetTexImage(targets[t].target, targets[t].level, fmts[f].format, fmts[f].type,
                                got);
               } else {
                  memset(got, PK_SENTINEL, span + PK_PBO_OFFSET);
                  gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
                  gl.BufferData(GL_PIXEL_PACK_BUFFER, (GLsizeiptr)(span + PK_PBO_OFFSET), got,
                                GL_STREAM_READ);
                  glGetTexImage(targets[t].target, targets[t].level, fmts[f].format, fmts[f].type,
                                (void *)(uintptr_t)PK_PBO_OFFSET);
                  gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, (GLsizeiptr)(span + PK_PBO_OFFSET),
                                      got);
                  gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
                  for (int i = 0; i < PK_PBO_OFFSET; i++)
                     if (got[i] != PK_SENTINEL) {
                        fail("%s: byte %d before the offset changed", what, i);
                        break;
                     }
                  memmove(got, got + PK_PBO_OFFSET, span);
               }
               pk_set(st, GL_PACK_ALIGNMENT, 0);
               check_gl_error(what);
               pk_compare(what, st, want, got, span);
            }

   GLubyte *back = NULL, *model3 = NULL;
   GLuint utex[3] = {0}, upbo = 0;
   if (one_d)
      goto done;
   /* glReadPixels of a 4x2 rectangle at (1, 1) of a framebuffer holding the 3D texture's
    * slice 0: the image height and skipped images must be ignored */
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("pack_images: framebuffer incomplete");
   for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++)
      for (int k = 0; k < PK_N_STATES; k++)
         for (int into_pbo = 0; into_pbo < 2; into_pbo++) {
            const pk_state *st = &pk_states[k];
            const size_t end =
               pk_expect(st, 2, 1, 1, 4, 2, 1, fmts[f].format, fmts[f].type, want, PK_CAP);
            const size_t span = end + 64;
            snprintf(what, sizeof what, "glReadPixels as %s into %s", fmts[f].name,
                     into_pbo ? "a pack buffer at 24" : "client memory");
            pk_set(st, GL_PACK_ALIGNMENT, 1);
            memset(got, PK_SENTINEL, span + PK_PBO_OFFSET);
            if (!into_pbo) {
               glReadPixels(1, 1, 4, 2, fmts[f].format, fmts[f].type, got);
            } else {
               gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
               gl.BufferData(GL_PIXEL_PACK_BUFFER, (GLsizeiptr)(span + PK_PBO_OFFSET), got,
                             GL_STREAM_READ);
               glReadPixels(1, 1, 4, 2, fmts[f].format, fmts[f].type,
                            (void *)(uintptr_t)PK_PBO_OFFSET);
               gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, (GLsizeiptr)(span + PK_PBO_OFFSET),
                                   got);
               gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
               for (int i = 0; i < PK_PBO_OFFSET; i++)
                  if (got[i] != PK_SENTINEL) {
                     fail("%s: byte %d before the offset changed", what, i);
                     break;
                  }
               memmove(got, got + PK_PBO_OFFSET, span);
            }
            pk_set(st, GL_PACK_ALIGNMENT, 0);
            check_gl_error(what);
            pk_compare(what, st, want, got, span);
         }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);

   /* unpack: the source bytes laid out by the unpack state, the gaps holding 0x3c (never
    * read); glTexImage3D of the whole texture, then glTexSubImage3D of a 2x2x2 box at
    * (2, 1, 1) whose texels are (x + 2, y + 1, z + 1) + 1 in every channel */
   static const struct {
      GLenum format;
      int n;
      const char *name;
   } ufmts[] = {{GL_RGBA, 4, "RGBA bytes"}, {GL_RGB, 3, "RGB bytes"}};
   glGenTextures(3, utex);
   gl.GenBuffers(1, &upbo);
   back = malloc(PK_CAP), model3 = malloc(PK_CAP);
   if (!back || !model3)
      die_setup("pack_images: out of memory");
   for (int arr = 0; arr < 3; arr++) /* 3D, 2D array, 2D (image height and skips ignored) */
      for (size_t f = 0; f < sizeof ufmts / sizeof ufmts[0]; f++)
         for (int k = 0; k < PK_N_STATES; k++)
            for (int from_pbo = 0; from_pbo < 2; from_pbo++) {
               const pk_state *st = &pk_states[k];
               const GLenum target = arr == 2 ? GL_TEXTURE_2D
                                     : arr    ? GL_TEXTURE_2D_ARRAY
                                              : GL_TEXTURE_3D;
               const int td = arr == 2 ? 1 : TD, dims = arr == 2 ? 2 : 3;
               const int n = ufmts[f].n;
               snprintf(what, sizeof what, "glTex(Sub)Image of a %s from %s as %s",
                        arr == 2 ? "2D texture"
                        : arr    ? "2D array"
                                 : "3D texture",
                        from_pbo ? "an unpack buffer at 24" : "client memory", ufmts[f].name);
               glBindTexture(target, utex[arr]);
               for (int sub = 0; sub < 2; sub++) {
                  const int w = sub ? 2 : TW, h = sub ? 2 : TH, d = sub ? (arr == 2 ? 1 : 2) : td;
                  const int ox = sub ? 2 : 0, oy = sub ? 1 : 0, oz = sub && arr != 2 ? 1 : 0;
                  memset(want, 0x3c, PK_CAP);
                  size_t end = 0;
                  for (int z = 0; z < d; z++)
                     for (int y = 0; y < h; y++)
                        for (int x = 0; x < w; x++) {
                           const size_t o = pk_offset(st, dims, w, h, n, 1, x, y, z);
                           for (int c = 0; c < n; c++) {
                              const GLubyte v = pk_texel(ox + x, oy + y, oz + z, c);
                              want[o + (size_t)c] = (GLubyte)(v + sub);
                           }
                           end = o + (size_t)n > end ? o + (size_t)n : end;
                        }
                  pk_set(st, GL_UNPACK_ALIGNMENT, 1);
                  const GLubyte *ptr = want;
                  if (from_pbo) {
                     gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, upbo);
                     gl.BufferData(GL_PIXEL_UNPACK_BUFFER, (GLsizeiptr)(end + PK_PBO_OFFSET), NULL,
                                   GL_STREAM_DRAW);
                     gl.BufferSubData(GL_PIXEL_UNPACK_BUFFER, PK_PBO_OFFSET, (GLsizeiptr)end, want);
                     ptr = (const GLubyte *)(uintptr_t)PK_PBO_OFFSET;
                  }
                  if (arr == 2 && !sub)
                     glTexImage2D(target, 0, GL_RGBA8, w, h, 0, ufmts[f].format, GL_UNSIGNED_BYTE,
                                  ptr);
                  else if (arr == 2)
                     glTexSubImage2D(target, 0, ox, oy, w, h, ufmts[f].format, GL_UNSIGNED_BYTE,
                                     ptr);
                  else if (!sub)
                     gl.TexImage3D(target, 0, GL_RGBA8, w, h, d, 0, ufmts[f].format,
                                   GL_UNSIGNED_BYTE, ptr);
                  else
                     gl.TexSubImage3D(target, 0, ox, oy, oz, w, h, d, ufmts[f].format,
                                      GL_UNSIGNED_BYTE, ptr);
                  gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
                  pk_set(st, GL_UNPACK_ALIGNMENT, 0);
               }
               check_gl_error(what);
               /* the model: every texel, the box one more in each channel; RGB's alpha is 1 */
               for (int z = 0; z < td; z++)
                  for (int y = 0; y < TH; y++)
                     for (int x = 0; x < TW; x++)
                        for (int c = 0; c < 4; c++) {
                           const int in_box =
                              x >= 2 && x < 4 && y >= 1 && y < 3 && (arr == 2 || (z >= 1 && z < 3));
                           model3[((z * TH + y) * TW + x) * 4 + c] =
                              c == 3 && n == 3 ? 255 : (GLubyte)(pk_texel(x, y, z, c) + in_box);
                        }
               const size_t bytes = (size_t)TW * TH * td * 4;
               memset(back, 0xee, bytes);
               glPixelStorei(GL_PACK_ALIGNMENT, 1);
               glGetTexImage(target, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
               glPixelStorei(GL_PACK_ALIGNMENT, 4);
               check_gl_error(what);
               pk_compare(what, st, model3, back, bytes);
            }
done:
   free(back);
   free(model3);
   free(want);
   free(got);
   gl.DeleteBuffers(1, &pbo);
   if (!one_d) {
      gl.DeleteBuffers(1, &upbo);
      glDeleteTextures(3, utex);
   }
   glDeleteTextures(5, tex);
   check_window_cleared("the window (untouched by the framebuffer object)");
}

void
sc_pack_images(void)
{
   pack_images_run(0);
}

/* pack_1d_array: glGetTexImage of a 1D array texture with the pack state of pack_images. GL
 * 3.3 §6.1.4 packs a 1D array as a two-dimensional image, its layers the rows, so
 * GL_PACK_IMAGE_HEIGHT and GL_PACK_SKIP_IMAGES are ignored and layer y is row y. */
void
sc_pack_1d_array(void)
{
   pack_images_run(1);
}
