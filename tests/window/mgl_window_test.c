/* mgl_window_test.c — EGL window scenarios on a real X server (Xvfb in the tests): each draws
 * with OpenGL ES 2 into X windows through EGL, swaps, reads the window's pixels back from the X
 * server (xcb_get_image) and compares them with the expected image.
 *
 *   mgl_window_test SCENARIO|all [--out DIR]
 *
 * Scenarios: draw_swap damage resize interval two_windows move_context destroy kill_connection
 * xlib_default msaa configs pixmap. Exit 0 when every check passed. With --out, each scenario writes the window it
 * read back as DIR/<scenario>.png. Runs on any glvnd EGL vendor; Mesa llvmpipe (22.3, X11
 * swrast) fails buffer age, the swap interval and the destroyed window (it crashes there). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <X11/Xlib-xcb.h>
#include <X11/Xlib.h>
#include <png.h>
#include <xcb/xcb.h>

static int failures;
static const char *out_dir;

#define CHECK(cond)                                                                                \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         fprintf(stderr, "%s:%d: CHECK failed: %s (EGL error 0x%04x)\n", __FILE__, __LINE__,       \
                 #cond, eglGetError());                                                            \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

/* ---- X helpers ------------------------------------------------------------------------------ */

static xcb_screen_t *
first_screen(xcb_connection_t *c)
{
   return xcb_setup_roots_iterator(xcb_get_setup(c)).data;
}

/* A mapped InputOutput window of the root visual (depth 24), w x h, with no background (the
 * server leaves its contents alone). */
static xcb_window_t
make_window(xcb_connection_t *c, int w, int h)
{
   xcb_screen_t *s = first_screen(c);
   xcb_window_t win = xcb_generate_id(c);
   /* Side by side: get_image of a window's obscured part is undefined. */
   static int16_t next_x;
   const int16_t x = next_x;
   next_x = (int16_t)((next_x + 210) % 800);
   uint32_t values[] = {XCB_BACK_PIXMAP_NONE, 0, XCB_EVENT_MASK_STRUCTURE_NOTIFY};
   xcb_create_window(c, s->root_depth, win, s->root, x, 0, (uint16_t)w, (uint16_t)h, 0,
                     XCB_WINDOW_CLASS_INPUT_OUTPUT, s->root_visual,
                     XCB_CW_BACK_PIXMAP | XCB_CW_BORDER_PIXEL | XCB_CW_EVENT_MASK, values);
   xcb_map_window(c, win);
   xcb_flush(c);
   /* Wait until it is mapped: xcb_get_image of an unmapped window is a BadMatch. */
   for (;;) {
      xcb_generic_event_t *ev = xcb_wait_for_event(c);
      if (!ev)
         break;
      bool mapped = (ev->response_type & 0x7f) == XCB_MAP_NOTIFY &&
                    ((xcb_map_notify_event_t *)ev)->window == win;
      free(ev);
      if (mapped)
         break;
   }
   return win;
}

/* The window's pixels as 0xRRGGBB, top row first; NULL on an X error. */
static uint32_t *
read_window(xcb_connection_t *c, xcb_window_t win, int w, int h)
{
   xcb_get_image_reply_t *r = xcb_get_image_reply(
      c, xcb_get_image(c, XCB_IMAGE_FORMAT_Z_PIXMAP, win, 0, 0, (uint16_t)w, (uint16_t)h, ~0u),
      NULL);
   if (!r)
      return NULL;
   uint32_t *px = malloc((size_t)w * (size_t)h * 4u);
   const uint8_t *d = xcb_get_image_data(r);
   if (px && xcb_get_image_data_length(r) >= w * h * 4) {
      for (int i = 0; i < w * h; i++)
         px[i] = (uint32_t)d[4 * i + 2] << 16 | (uint32_t)d[4 * i + 1] << 8 | d[4 * i];
   }
   free(r);
   return px;
}

static void
write_png(const char *name, const uint32_t *px, int w, int h)
{
   if (!out_dir || !px)
      return;
   char path[1024];
   snprintf(path, sizeof(path), "%s/%s.png", out_dir, name);
   uint8_t *rgb = malloc((size_t)w * (size_t)h * 3u);
   if (!rgb)
      return;
   for (int i = 0; i < w * h; i++) {
      rgb[3 * i] = (uint8_t)(px[i] >> 16);
      rgb[3 * i + 1] = (uint8_t)(px[i] >> 8);
      rgb[3 * i + 2] = (uint8_t)px[i];
   }
   png_image img = {.version = PNG_IMAGE_VERSION,
                    .width = (png_uint_32)w,
                    .height = (png_uint_32)h,
                    .format = PNG_FORMAT_RGB};
   if (!png_image_write_to_file(&img, path, 0, rgb, 0, NULL))
      fprintf(stderr, "cannot write %s\n", path);
   free(rgb);
}

static bool
near(uint32_t a, uint32_t b)
{
   for (int s = 0; s < 24; s += 8) {
      int d = (int)((a >> s) & 0xff) - (int)((b >> s) & 0xff);
      if (d < -1 || d > 1)
         return false;
   }
   return true;
}

/* Counts pixels of the rectangle (top-left origin) that differ from rgb. */
static int
rect_mismatches(const uint32_t *px, int w, int x0, int y0, int rw, int rh, uint32_t rgb,
                const char *what)
{
   int bad = 0;
   for (int y = y0; y < y0 + rh; y++) {
      for (int x = x0; x < x0 + rw; x++) {
         if (!near(px[y * w + x], rgb)) {
            if (!bad)
               fprintf(stderr, "  %s: pixel (%d,%d) is %06x, want %06x\n", what, x, y,
                       px[y * w + x], rgb);
            bad++;
         }
      }
   }
   return bad;
}

#define EXPECT_RECT(px, w, x, y, rw, rh, rgb)                                                      \
   do {                                                                                            \
      int bad_ = (px) ? rect_mismatches(px, w, x, y, rw, rh, rgb, #rgb) : -1;                      \
      if (bad_) {                                                                                  \
         fprintf(stderr, "%s:%d: %d pixels of rect (%d,%d %dx%d) differ from %06x\n", __FILE__,    \
                 __LINE__, bad_, x, y, rw, rh, (unsigned)(rgb));                                   \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

/* ---- EGL helpers ---------------------------------------------------------------------------- */

struct egl {
   EGLDisplay dpy;
   EGLConfig cfg;
};

static bool
egl_setup(struct egl *e, EGLDisplay dpy)
{
   e->dpy = dpy;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
      fprintf(stderr, "eglInitialize failed: 0x%04x\n", eglGetError());
      return false;
   }
   eglBindAPI(EGL_OPENGL_ES_API);
   /* No alpha: the root visual (depth 24) is the config's native visual. */
   const EGLint attribs[] = {EGL_SURFACE_TYPE,
                             EGL_WINDOW_BIT,
                             EGL_RENDERABLE_TYPE,
                             EGL_OPENGL_ES2_BIT,
                             EGL_RED_SIZE,
                             8,
                             EGL_ALPHA_SIZE,
                             0,
                             EGL_NONE};
   EGLint n = 0;
   EGLConfig cfgs[16];
   if (!eglChooseConfig(dpy, attribs, cfgs, 16, &n) || n < 1) {
      fprintf(stderr, "no window config\n");
      return false;
   }
   e->cfg = cfgs[0];
   for (EGLint i = 0; i < n; i++) {
      EGLint a = -1;
      eglGetConfigAttrib(dpy, cfgs[i], EGL_ALPHA_SIZE, &a);
      if (a == 0) {
         e->cfg = cfgs[i];
         break;
      }
   }
   return true;
}

static EGLContext
make_context(struct egl *e)
{
   const EGLint attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   return eglCreateContext(e->dpy, e->cfg, EGL_NO_CONTEXT, attribs);
}

static EGLSurface
make_surface(struct egl *e, xcb_window_t win)
{
   return eglCreatePlatformWindowSurface(e->dpy, e->cfg, &win, NULL);
}

/* Clears the whole surface to rgb, then the GL-coordinate rectangle (bottom-left origin) to
 * rgb2 with the scissor. */
static void
paint(int w, int h, uint32_t rgb, int sx, int sy, int sw, int sh, uint32_t rgb2)
{
   glViewport(0, 0, w, h);
   glDisable(GL_SCISSOR_TEST);
   glClearColor((float)((rgb >> 16) & 0xff) / 255.f, (float)((rgb >> 8) & 0xff) / 255.f,
                (float)(rgb & 0xff) / 255.f, 1.f);
   glClear(GL_COLOR_BUFFER_BIT);
   if (sw && sh) {
      glEnable(GL_SCISSOR_TEST);
      glScissor(sx, sy, sw, sh);
      glClearColor((float)((rgb2 >> 16) & 0xff) / 255.f, (float)((rgb2 >> 8) & 0xff) / 255.f,
                   (float)(rgb2 & 0xff) / 255.f, 1.f);
      glClear(GL_COLOR_BUFFER_BIT);
      glDisable(GL_SCISSOR_TEST);
   }
}

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#define RED 0xff0000u
#define GREEN 0x00ff00u
#define BLUE 0x0000ffu
#define YELLOW 0xffff00u
#define SKY 0x336699u

struct xcb_egl {
   xcb_connection_t *c;
   struct egl e;
};

static bool
xcb_egl_open(struct xcb_egl *x)
{
   x->c = xcb_connect(NULL, NULL);
   if (xcb_connection_has_error(x->c)) {
      fprintf(stderr, "cannot connect to the X server\n");
      return false;
   }
   return egl_setup(&x->e, eglGetPlatformDisplay(EGL_PLATFORM_XCB_EXT, x->c, NULL));
}

static void
xcb_egl_close(struct xcb_egl *x)
{
   eglMakeCurrent(x->e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(x->e.dpy);
   /* The connection stays: a terminated display's objects may still be referenced (EGL keeps
    * the native display until exit). */
}

/* ---- scenarios ------------------------------------------------------------------------------ */

/* A frame reaches the window the right way up: GL's bottom-left quadrant is the window's. */
static void
sc_draw_swap(void)
{
   struct xcb_egl x;
   if (!xcb_egl_open(&x)) {
      failures++;
      return;
   }
   const int w = 160, h = 120;
   xcb_window_t win = make_window(x.c, w, h);
   EGLContext ctx = make_context(&x.e);
   EGLSurface s = make_surface(&x.e, win);
   CHECK(ctx && s);
   CHECK(eglMakeCurrent(x.e.dpy, s, s, ctx));
   EGLint v = -1;
   CHECK(eglQuerySurface(x.e.dpy, s, EGL_WIDTH, &v) && v == w);
   CHECK(eglQuerySurface(x.e.dpy, s, EGL_HEIGHT, &v) && v == h);
   CHECK(eglQuerySurface(x.e.dpy, s, EGL_RENDER_BUFFER, &v) && v == EGL_BACK_BUFFER);
   CHECK(eglQuerySurface(x.e.dpy, s, EGL_BUFFER_AGE_EXT, &v) && v == 0);
   /* EGL 1.5 §3.5.1: a window has at most one EGLSurface. */
   CHECK(make_surface(&x.e, win) == EGL_NO_SURFACE && eglGetError() == EGL_BAD_ALLOC);
   paint(w, h, SKY, 0, 0, w / 2, h / 2, RED);
   CHECK(eglSwapBuffers(x.e.dpy, s));
   CHECK(eglQuerySurface(x.e.dpy, s, EGL_BUFFER_AGE_EXT, &v) && v == 1);
   uint32_t *px = read_window(x.c, win, w, h);
   CHECK(px);
   write_png("draw_swap", px, w, h);
   EXPECT_RECT(px, w, 0, h / 2, w / 2, h / 2, RED); /* bottom-left */
   EXPECT_RECT(px, w, 0, 0, w, h / 2, SKY);         /* top half */
   EXPECT_RECT(px, w, w / 2, h / 2, w / 2, h / 2, SKY);
   free(px);
   /* A second frame replaces the first. */
   paint(w, h, GREEN, 0, 0, 0, 0, 0);
   CHECK(eglSwapBuffers(x.e.dpy, s));
   px = read_window(x.c, win, w, h);
   EXPECT_RECT(px, w, 0, 0, w, h, GREEN);
   free(px);
   eglMakeCurrent(x.e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   CHECK(eglDestroySurface(x.e.dpy, s));
   CHECK(eglDestroyContext(x.e.dpy, ctx));
   xcb_egl_close(&x);
}

/* eglSwapBuffersWithDamageKHR: only the damaged rectangle changes on screen. */
static void
sc_damage(void)
{
   struct xcb_egl x;
   if (!xcb_egl_open(&x)) {
      failures++;
      return;
   }
   PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC swap_damage =
      (PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC)eglGetProcAddress("eglSwapBuffersWithDamageKHR");
   CHECK(swap_damage);
   CHECK(strstr(eglQueryString(x.e.dpy, EGL_EXTENSIONS), "EGL_KHR_swap_buffers_with_damage"));
   const int w = 100, h = 80;
   xcb_window_t win = make_window(x.c, w, h);
   EGLContext ctx = make_context(&x.e);
   EGLSurface s = make_surface(&x.e, win);
   CHECK(eglMakeCurrent(x.e.dpy, s, s, ctx));
   paint(w, h, BLUE, 0, 0, 0, 0, 0);
   CHECK(eglSwapBuffers(x.e.dpy, s));
   if (swap_damage) {
      paint(w, h, YELLOW, 0, 0, 0, 0, 0);
      const EGLint rect[4] = {10, 5, 20, 15}; /* GL: x 10..30, y 5..20 from the bottom */
      CHECK(swap_damage(x.e.dpy, s, rect, 1));
      CHECK(!swap_damage(x.e.dpy, s, NULL, 1) && eglGetError() == EGL_BAD_PARAMETER);
      uint32_t *px = read_window(x.c, win, w, h);
      write_png("damage", px, w, h);
      EXPECT_RECT(px, w, 10, h - 20, 20, 15, YELLOW);
      EXPECT_RECT(px, w, 0, 0, w, h - 20, BLUE);
      EXPECT_RECT(px, w, 40, h - 20, w - 40, 20, BLUE);
      free(px);
      /* Damage wholly outside the surface: a frame, and nothing changes on screen. */
      paint(w, h, RED, 0, 0, 0, 0, 0);
      const EGLint outside[4] = {w + 5, 0, 10, 10};
      CHECK(swap_damage(x.e.dpy, s, outside, 1));
      px = read_window(x.c, win, w, h);
      EXPECT_RECT(px, w, 10, h - 20, 20, 15, YELLOW);
      EXPECT_RECT(px, w, 0, 0, w, h - 20, BLUE);
      free(px);
      /* More rectangles than the platform is handed (64): the whole frame is presented. */
      EGLint many[4 * 100];
      for (int i = 0; i < 100; i++) {
         many[4 * i] = i % 10;
         many[4 * i + 1] = i / 10;
         many[4 * i + 2] = 1;
         many[4 * i + 3] = 1;
      }
      paint(w, h, GREEN, 0, 0, 0, 0, 0);
      CHECK(swap_damage(x.e.dpy, s, many, 100));
      px = read_window(x.c, win, w, h);
      EXPECT_RECT(px, w, 0, 0, w, h, GREEN);
      free(px);
   }
   eglMakeCurrent(x.e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(x.e.dpy, s);
   eglDestroyContext(x.e.dpy, ctx);
   xcb_egl_close(&x);
}

/* A resize is picked up at the next swap: the surface and the default framebuffer follow. */
static void
sc_resize(void)
{
   struct xcb_egl x;
   if (!xcb_egl_open(&x)) {
      failures++;
      return;
   }
   xcb_window_t win = make_window(x.c, 160, 120);
   EGLContext ctx = make_context(&x.e);
   EGLSurface s = make_surface(&x.e, win);
   CHECK(eglMakeCurrent(x.e.dpy, s, s, ctx));
   paint(160, 120, RED, 0, 0, 0, 0, 0);
   CHECK(eglSwapBuffers(x.e.dpy, s));
   const uint32_t size[] = {200, 100};
   xcb_configure_window(x.c, win, XCB_CONFIG_WINDOW_WIDTH | XCB_CONFIG_WINDOW_HEIGHT, size);
   xcb_flush(x.c);
   free(xcb_get_input_focus_reply(x.c, xcb_get_input_focus(x.c), NULL));
   paint(160, 120, RED, 0, 0, 0, 0, 0);
   CHECK(eglSwapBuffers(x.e.dpy, s)); /* presents the old size, then picks up the new one */
   EGLint v = -1;
   CHECK(eglQuerySurface(x.e.dpy, s, EGL_WIDTH, &v) && v == 200);
   CHECK(eglQuerySurface(x.e.dpy, s, EGL_HEIGHT, &v) && v == 100);
   CHECK(eglQuerySurface(x.e.dpy, s, EGL_BUFFER_AGE_EXT, &v) && v == 0);
   paint(200, 100, GREEN, 100, 50, 100, 50, BLUE); /* GL top-right quadrant blue */
   GLint vp[4] = {0};
   glGetIntegerv(GL_VIEWPORT, vp);
   CHECK(vp[2] == 200 && vp[3] == 100);
   CHECK(eglSwapBuffers(x.e.dpy, s));
   uint32_t *px = read_window(x.c, win, 200, 100);
   write_png("resize", px, 200, 100);
   EXPECT_RECT(px, 200, 100, 0, 100, 50, BLUE);
   EXPECT_RECT(px, 200, 0, 50, 200, 50, GREEN);
   EXPECT_RECT(px, 200, 0, 0, 100, 50, GREEN);
   free(px);
   eglMakeCurrent(x.e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(x.e.dpy, s);
   eglDestroyContext(x.e.dpy, ctx);
   xcb_egl_close(&x);
}

/* Swap interval 1 paces frames at the display's refresh; 0 does not wait. */
static void
sc_interval(void)
{
   struct xcb_egl x;
   if (!xcb_egl_open(&x)) {
      failures++;
      return;
   }
   const int w = 64, h = 64, frames = 30;
   xcb_window_t win = make_window(x.c, w, h);
   EGLContext ctx = make_context(&x.e);
   EGLSurface s = make_surface(&x.e, win);
   CHECK(eglMakeCurrent(x.e.dpy, s, s, ctx));
   double t[2];
   for (int interval = 0; interval <= 1; interval++) {
      CHECK(eglSwapInterval(x.e.dpy, interval));
      paint(w, h, RED, 0, 0, 0, 0, 0);
      CHECK(eglSwapBuffers(x.e.dpy, s)); /* the first frame learns the refresh counter */
      double t0 = now_s();
      for (int i = 0; i < frames; i++) {
         paint(w, h, i & 1 ? RED : BLUE, 0, 0, 0, 0, 0);
         CHECK(eglSwapBuffers(x.e.dpy, s));
      }
      t[interval] = now_s() - t0;
   }
   printf("interval: %d frames: interval 0 %.1f ms/frame, interval 1 %.1f ms/frame\n", frames,
          t[0] * 1e3 / frames, t[1] * 1e3 / frames);
   /* Xvfb's Present counts a 60 Hz refresh it fakes: interval 1 cannot beat ~16.7 ms/frame
    * (10 ms leaves room for timer slack); interval 0 is not paced. */
   CHECK(t[1] / frames >= 0.010);
   CHECK(t[0] < t[1]);
   eglMakeCurrent(x.e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(x.e.dpy, s);
   eglDestroyContext(x.e.dpy, ctx);
   xcb_egl_close(&x);
}

/* Two windows with a context each, drawn in turn. */
static void
sc_two_windows(void)
{
   struct xcb_egl x;
   if (!xcb_egl_open(&x)) {
      failures++;
      return;
   }
   xcb_window_t wa = make_window(x.c, 90, 70), wb = make_window(x.c, 70, 90);
   EGLContext ca = make_context(&x.e), cb = make_context(&x.e);
   EGLSurface sa = make_surface(&x.e, wa), sb = make_surface(&x.e, wb);
   CHECK(ca && cb && sa && sb);
   for (int frame = 0; frame < 3; frame++) {
      CHECK(eglMakeCurrent(x.e.dpy, sa, sa, ca));
      paint(90, 70, RED, 0, 0, 45, 35, YELLOW);
      CHECK(eglSwapBuffers(x.e.dpy, sa));
      CHECK(eglMakeCurrent(x.e.dpy, sb, sb, cb));
      paint(70, 90, BLUE, 35, 45, 35, 45, GREEN);
      CHECK(eglSwapBuffers(x.e.dpy, sb));
   }
   uint32_t *pa = read_window(x.c, wa, 90, 70), *pb = read_window(x.c, wb, 70, 90);
   write_png("two_windows_a", pa, 90, 70);
   write_png("two_windows_b", pb, 70, 90);
   EXPECT_RECT(pa, 90, 0, 35, 45, 35, YELLOW);
   EXPECT_RECT(pa, 90, 0, 0, 90, 35, RED);
   EXPECT_RECT(pb, 70, 35, 0, 35, 45, GREEN);
   EXPECT_RECT(pb, 70, 0, 45, 70, 45, BLUE);
   free(pa);
   free(pb);
   eglMakeCurrent(x.e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(x.e.dpy, sa);
   eglDestroySurface(x.e.dpy, sb);
   eglDestroyContext(x.e.dpy, ca);
   eglDestroyContext(x.e.dpy, cb);
   xcb_egl_close(&x);
}

/* One context moved between two window surfaces with eglMakeCurrent. */
static void
sc_move_context(void)
{
   struct xcb_egl x;
   if (!xcb_egl_open(&x)) {
      failures++;
      return;
   }
   xcb_window_t wa = make_window(x.c, 80, 60), wb = make_window(x.c, 120, 40);
   EGLContext ctx = make_context(&x.e);
   EGLSurface sa = make_surface(&x.e, wa), sb = make_surface(&x.e, wb);
   CHECK(eglMakeCurrent(x.e.dpy, sa, sa, ctx));
   paint(80, 60, RED, 0, 0, 0, 0, 0);
   CHECK(eglSwapBuffers(x.e.dpy, sa));
   CHECK(eglMakeCurrent(x.e.dpy, sb, sb, ctx));
   CHECK(eglGetCurrentSurface(EGL_DRAW) == sb);
   paint(120, 40, GREEN, 0, 0, 60, 20, BLUE);
   CHECK(eglSwapBuffers(x.e.dpy, sb));
   CHECK(!eglSwapBuffers(x.e.dpy, sa) && eglGetError() == EGL_BAD_SURFACE); /* not current */
   CHECK(eglMakeCurrent(x.e.dpy, sa, sa, ctx));
   paint(80, 60, BLUE, 40, 30, 40, 30, YELLOW);
   CHECK(eglSwapBuffers(x.e.dpy, sa));
   uint32_t *pa = read_window(x.c, wa, 80, 60), *pb = read_window(x.c, wb, 120, 40);
   write_png("move_context_a", pa, 80, 60);
   write_png("move_context_b", pb, 120, 40);
   EXPECT_RECT(pa, 80, 40, 0, 40, 30, YELLOW);
   EXPECT_RECT(pa, 80, 0, 30, 80, 30, BLUE);
   EXPECT_RECT(pb, 120, 0, 20, 60, 20, BLUE);
   EXPECT_RECT(pb, 120, 0, 0, 120, 20, GREEN);
   free(pa);
   free(pb);
   eglMakeCurrent(x.e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(x.e.dpy, sa);
   eglDestroySurface(x.e.dpy, sb);
   eglDestroyContext(x.e.dpy, ctx);
   xcb_egl_close(&x);
}

/* A full-window quad at clip z (ES 2.0 shaders): the depth test decides where it lands. */
static GLuint
quad_program(void)
{
   static const char *vs = "attribute vec4 p; uniform float z;\n"
                           "void main() { gl_Position = vec4(p.xy, z, 1.0); }\n";
   static const char *fs = "precision mediump float; uniform vec4 c;\n"
                           "void main() { gl_FragColor = c; }\n";
   GLuint prog = glCreateProgram();
   const char *src[2] = {vs, fs};
   const GLenum kind[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
   for (int i = 0; i < 2; i++) {
      GLuint sh = glCreateShader(kind[i]);
      glShaderSource(sh, 1, &src[i], NULL);
      glCompileShader(sh);
      glAttachShader(prog, sh);
      glDeleteShader(sh);
   }
   glBindAttribLocation(prog, 0, "p");
   glLinkProgram(prog);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   CHECK(ok);
   return prog;
}

static void
draw_quad(GLuint prog, float z, uint32_t rgb)
{
   static const float v[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   glUseProgram(prog);
   glUniform1f(glGetUniformLocation(prog, "z"), z);
   glUniform4f(glGetUniformLocation(prog, "c"), (float)((rgb >> 16) & 0xff) / 255.f,
               (float)((rgb >> 8) & 0xff) / 255.f, (float)(rgb & 0xff) / 255.f, 1.f);
   glEnableVertexAttribArray(0);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* GL's pixel (x, y) of the current read framebuffer as 0xRRGGBB. */
static uint32_t
gl_pixel(int x, int y)
{
   uint8_t p[4] = {0};
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* Two contexts of separate share groups draw in turn into one window: the window's back
 * buffer (colour and depth) belongs to the window, so each sees what the other drew (GL 3.3
 * §4.2 / EGL 1.5 §2.2: a drawable's buffers are shared by every context bound to it). */
static void
sc_shared_window(void)
{
   struct xcb_egl x;
   if (!xcb_egl_open(&x)) {
      failures++;
      return;
   }
   const EGLint attribs[] = {EGL_SURFACE_TYPE,
                             EGL_WINDOW_BIT,
                             EGL_RENDERABLE_TYPE,
                             EGL_OPENGL_ES2_BIT,
                             EGL_RED_SIZE,
                             8,
                             EGL_ALPHA_SIZE,
                             0,
                             EGL_DEPTH_SIZE,
                             24,
                             EGL_SAMPLES,
                             0,
                             EGL_NONE};
   EGLint n = 0;
   CHECK(eglChooseConfig(x.e.dpy, attribs, &x.e.cfg, 1, &n) && n == 1);
   const int w = 100, h = 80;
   xcb_window_t win = make_window(x.c, w, h);
   EGLContext a = make_context(&x.e), b = make_context(&x.e);
   EGLSurface s = make_surface(&x.e, win);
   CHECK(a && b && s);
   /* a: sky, a red left half, and depth 0 (nearest) in the bottom half */
   CHECK(eglMakeCurrent(x.e.dpy, s, s, a));
   GLuint prog_a = quad_program();
   paint(w, h, SKY, 0, 0, w / 2, h, RED);
   glClearDepthf(1.f);
   glClear(GL_DEPTH_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, w, h / 2);
   glClearDepthf(0.f);
   glClear(GL_DEPTH_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   /* b sees a's colour, and its depth: a blue quad at depth 0.5 lands only in the top half */
   CHECK(eglMakeCurrent(x.e.dpy, s, s, b));
   CHECK(gl_pixel(10, 10) == RED && gl_pixel(90, 10) == SKY);
   GLuint prog_b = quad_program();
   glViewport(0, 0, w, h);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   draw_quad(prog_b, 0.f, BLUE);
   CHECK(gl_pixel(10, 10) == RED && gl_pixel(90, 10) == SKY);
   CHECK(gl_pixel(10, 70) == BLUE && gl_pixel(90, 70) == BLUE);
   /* a again: b's quad is there, and a's own program still works */
   CHECK(eglMakeCurrent(x.e.dpy, s, s, a));
   CHECK(gl_pixel(10, 70) == BLUE && gl_pixel(10, 10) == RED);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   draw_quad(prog_a, -0.5f, GREEN); /* depth 0.25: nearer than b's quad, not than a's 0 */
   CHECK(gl_pixel(90, 70) == GREEN && gl_pixel(90, 10) == SKY);
   CHECK(eglSwapBuffers(x.e.dpy, s));
   uint32_t *px = read_window(x.c, win, w, h);
   write_png("shared_window", px, w, h);
   EXPECT_RECT(px, w, 0, 0, w, h / 2, GREEN);           /* top half */
   EXPECT_RECT(px, w, 0, h / 2, w / 2, h / 2, RED);     /* bottom left */
   EXPECT_RECT(px, w, w / 2, h / 2, w / 2, h / 2, SKY); /* bottom right */
   free(px);
   /* b swaps the same window: the frame a drew is what it presents */
   CHECK(eglMakeCurrent(x.e.dpy, s, s, b));
   CHECK(eglSwapBuffers(x.e.dpy, s));
   CHECK(eglGetError() == EGL_SUCCESS);
   eglMakeCurrent(x.e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   CHECK(eglDestroySurface(x.e.dpy, s));
   CHECK(eglDestroyContext(x.e.dpy, a));
   CHECK(eglDestroyContext(x.e.dpy, b));
   xcb_egl_close(&x);
}

static int xlib_errors;

static int
count_xlib_error(Display *d, XErrorEvent *e)
{
   (void)d;
   fprintf(stderr, "Xlib error: code %d request %d\n", e->error_code, e->request_code);
   xlib_errors++;
   return 0;
}

/* The window destroyed mid-frame, through an Xlib Display picked by eglGetDisplay(Display *):
 * the swap fails with EGL_BAD_NATIVE_WINDOW, the surface is lost, no X error reaches Xlib. */
static void
sc_destroy(void)
{
   Display *xd = XOpenDisplay(NULL);
   if (!xd) {
      failures++;
      return;
   }
   XSetErrorHandler(count_xlib_error);
   xcb_connection_t *c = XGetXCBConnection(xd);
   struct egl e;
   if (!egl_setup(&e, eglGetDisplay((EGLNativeDisplayType)xd))) {
      failures++;
      return;
   }
   xcb_window_t win = make_window(c, 64, 64);
   EGLContext ctx = make_context(&e);
   EGLSurface s = eglCreateWindowSurface(e.dpy, e.cfg, (EGLNativeWindowType)win, NULL);
   CHECK(s);
   CHECK(eglMakeCurrent(e.dpy, s, s, ctx));
   paint(64, 64, RED, 0, 0, 0, 0, 0);
   CHECK(eglSwapBuffers(e.dpy, s));
   paint(64, 64, GREEN, 0, 0, 0, 0, 0); /* mid-frame */
   xcb_destroy_window(c, win);
   xcb_flush(c);
   paint(64, 64, BLUE, 0, 0, 0, 0, 0);
   EGLBoolean ok = eglSwapBuffers(e.dpy, s);
   EGLint err = eglGetError();
   CHECK(!ok && err == EGL_BAD_NATIVE_WINDOW);
   CHECK(!eglSwapBuffers(e.dpy, s) && eglGetError() == EGL_BAD_NATIVE_WINDOW);
   EGLint v;
   CHECK(eglQuerySurface(e.dpy, s, EGL_WIDTH, &v) && v == 64);
   CHECK(eglMakeCurrent(e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   CHECK(eglDestroySurface(e.dpy, s));
   /* A window id that names nothing is refused at creation. */
   CHECK(eglCreateWindowSurface(e.dpy, e.cfg, (EGLNativeWindowType)win, NULL) == EGL_NO_SURFACE &&
         eglGetError() == EGL_BAD_NATIVE_WINDOW);
   /* The context lives on, with a new window. */
   xcb_window_t win2 = make_window(c, 32, 32);
   EGLSurface s2 = eglCreateWindowSurface(e.dpy, e.cfg, (EGLNativeWindowType)win2, NULL);
   CHECK(eglMakeCurrent(e.dpy, s2, s2, ctx));
   paint(32, 32, YELLOW, 0, 0, 0, 0, 0);
   CHECK(eglSwapBuffers(e.dpy, s2));
   uint32_t *px = read_window(c, win2, 32, 32);
   write_png("destroy", px, 32, 32);
   EXPECT_RECT(px, 32, 0, 0, 32, 32, YELLOW);
   free(px);
   XSync(xd, False); /* any error mgl caused on this connection would be handled now */
   CHECK(xlib_errors == 0);
   eglMakeCurrent(e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(e.dpy, s2);
   eglDestroyContext(e.dpy, ctx);
   eglTerminate(e.dpy);
}

/* The X connection the window and EGL use is closed by the server under a running program
 * (another client kills it): the swap fails with EGL_BAD_NATIVE_WINDOW, nothing hangs. */
static void
sc_kill_connection(void)
{
   struct xcb_egl x;
   if (!xcb_egl_open(&x)) {
      failures++;
      return;
   }
   xcb_window_t win = make_window(x.c, 64, 64);
   EGLContext ctx = make_context(&x.e);
   EGLSurface s = make_surface(&x.e, win);
   CHECK(eglMakeCurrent(x.e.dpy, s, s, ctx));
   CHECK(eglSwapInterval(x.e.dpy, 1));
   paint(64, 64, RED, 0, 0, 0, 0, 0);
   CHECK(eglSwapBuffers(x.e.dpy, s));
   xcb_connection_t *killer = xcb_connect(NULL, NULL);
   xcb_kill_client(killer, win);
   free(xcb_get_input_focus_reply(killer, xcb_get_input_focus(killer), NULL));
   xcb_disconnect(killer);
   double t0 = now_s();
   paint(64, 64, GREEN, 0, 0, 0, 0, 0);
   EGLBoolean ok = eglSwapBuffers(x.e.dpy, s);
   EGLint err = eglGetError();
   if (ok) { /* the loss may be seen right after the present: the next swap reports it */
      ok = eglSwapBuffers(x.e.dpy, s);
      err = eglGetError();
   }
   CHECK(!ok && err == EGL_BAD_NATIVE_WINDOW);
   CHECK(now_s() - t0 < 5.0);
   CHECK(eglMakeCurrent(x.e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   CHECK(eglDestroySurface(x.e.dpy, s));
   CHECK(eglDestroyContext(x.e.dpy, ctx));
   eglTerminate(x.e.dpy);
}

/* eglGetDisplay(EGL_DEFAULT_DISPLAY) with DISPLAY set and EGL_PLATFORM unset is an X11
 * display whose windows work (the vendor's own X connection). */
static void
sc_xlib_default(void)
{
   Display *xd = XOpenDisplay(NULL);
   if (!xd) {
      failures++;
      return;
   }
   struct egl e;
   if (!egl_setup(&e, eglGetDisplay(EGL_DEFAULT_DISPLAY))) {
      failures++;
      return;
   }
   xcb_connection_t *c = XGetXCBConnection(xd);
   xcb_window_t win = make_window(c, 48, 48);
   EGLContext ctx = make_context(&e);
   EGLSurface s = eglCreateWindowSurface(e.dpy, e.cfg, (EGLNativeWindowType)win, NULL);
   CHECK(s);
   CHECK(eglMakeCurrent(e.dpy, s, s, ctx));
   paint(48, 48, SKY, 0, 0, 24, 24, GREEN);
   CHECK(eglSwapBuffers(e.dpy, s));
   uint32_t *px = read_window(c, win, 48, 48);
   write_png("xlib_default", px, 48, 48);
   EXPECT_RECT(px, 48, 0, 24, 24, 24, GREEN);
   EXPECT_RECT(px, 48, 0, 0, 48, 24, SKY);
   free(px);
   eglMakeCurrent(e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(e.dpy, s);
   eglDestroyContext(e.dpy, ctx);
   eglTerminate(e.dpy);
}

/* Not in "all": the per-frame cost of an 800x600 frame at swap interval 0 (docs/BENCHMARKS.md,
 * Presentation). The frame is drawn and finished before the clock starts, so the swap's time
 * is the read back plus the present; glReadPixels of the same frame is the read back alone. */
static void
sc_bench(void)
{
   struct xcb_egl x;
   if (!xcb_egl_open(&x)) {
      failures++;
      return;
   }
   const int w = 800, h = 600, frames = 60;
   xcb_window_t win = make_window(x.c, w, h);
   EGLContext ctx = make_context(&x.e);
   EGLSurface s = make_surface(&x.e, win);
   CHECK(eglMakeCurrent(x.e.dpy, s, s, ctx));
   CHECK(eglSwapInterval(x.e.dpy, 0));
   uint8_t *buf = malloc((size_t)w * h * 4);
   double swap = 0, read = 0, total0 = now_s();
   for (int i = 0; i < frames + 2; i++) {
      paint(w, h, i & 1 ? RED : BLUE, 0, 0, w / 2, h / 2, GREEN);
      glFinish();
      double t0 = now_s();
      glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, buf);
      double t1 = now_s();
      CHECK(eglSwapBuffers(x.e.dpy, s));
      double t2 = now_s();
      if (i >= 2) { /* the first frames warm up pipelines and buffers */
         read += t1 - t0;
         swap += t2 - t1;
      }
      if (i == 1)
         total0 = now_s();
   }
   double total = now_s() - total0;
   printf("bench: %dx%d, %d frames: eglSwapBuffers %.2f ms/frame, glReadPixels %.2f ms/frame, "
          "loop %.1f frames/s\n",
          w, h, frames, swap * 1e3 / frames, read * 1e3 / frames, frames / total);
   free(buf);
   eglMakeCurrent(x.e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(x.e.dpy, s);
   eglDestroyContext(x.e.dpy, ctx);
   xcb_egl_close(&x);
}

/* A 4-sample window config (EGL_SAMPLES 4): GL_SAMPLE_BUFFERS 1 / GL_SAMPLES 4, and a triangle's
 * slanted edge reaches the window with partial coverage (colours between the triangle's and the
 * background's), as do glReadPixels and glBlitFramebuffer from the default framebuffer, which
 * read resolved. A single-sampled config shows no such colour on the same edge. */
static int
edge_blends(const uint32_t *px, int n)
{
   int mixed = 0;
   for (int i = 0; i < n; i++) {
      const uint32_t r = (px[i] >> 16) & 0xff, g = (px[i] >> 8) & 0xff, b = px[i] & 0xff;
      /* background black, triangle white: a mix is grey, strictly between */
      if (r > 8 && r < 247 && near(r * 0x10101u, px[i]) && g == r && b == r)
         mixed++;
   }
   return mixed;
}

static GLuint
edge_program(void)
{
   static const char *vs = "attribute vec2 p; void main() { gl_Position = vec4(p, 0.0, 1.0); }";
   static const char *fs = "precision mediump float; void main() { gl_FragColor = vec4(1.0); }";
   GLuint prog = glCreateProgram();
   const char *src[2] = {vs, fs};
   const GLenum kind[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
   for (int i = 0; i < 2; i++) {
      GLuint sh = glCreateShader(kind[i]);
      glShaderSource(sh, 1, &src[i], NULL);
      glCompileShader(sh);
      glAttachShader(prog, sh);
      glDeleteShader(sh);
   }
   glBindAttribLocation(prog, 0, "p");
   glLinkProgram(prog);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   CHECK(ok);
   return prog;
}

/* Draws a white triangle with a shallow slanted edge on black and swaps; returns the window's
 * pixels, with the count of grey (blended) pixels in *mixed. */
static uint32_t *
edge_frame(struct xcb_egl *x, EGLConfig cfg, int samples, int *mixed, int *read_mixed,
           int *blit_mixed)
{
   const int w = 128, h = 96;
   xcb_window_t win = make_window(x->c, w, h);
   const EGLint cattr[] = {EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE};
   EGLContext ctx = eglCreateContext(x->e.dpy, cfg, EGL_NO_CONTEXT, cattr);
   EGLSurface s = eglCreatePlatformWindowSurface(x->e.dpy, cfg, &win, NULL);
   CHECK(ctx && s);
   CHECK(eglMakeCurrent(x->e.dpy, s, s, ctx));
   GLint v = -1;
   glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
   CHECK(v == (samples > 1 ? 1 : 0));
   glGetIntegerv(GL_SAMPLES, &v);
   CHECK(v == (samples > 1 ? samples : 0));
   GLuint prog = edge_program();
   glViewport(0, 0, w, h);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glUseProgram(prog);
   static const float tri[] = {-1.f, -1.f, 1.f, -1.f, -1.f, 0.7f};
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   /* glReadPixels from the default framebuffer resolves (no error for it, unlike an FBO). */
   uint8_t *rb = malloc((size_t)w * h * 4);
   uint32_t *rpx = malloc((size_t)w * h * 4);
   glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rb);
   CHECK(glGetError() == GL_NO_ERROR);
   for (int i = 0; i < w * h; i++)
      rpx[i] = (uint32_t)rb[4 * i] << 16 | (uint32_t)rb[4 * i + 1] << 8 | rb[4 * i + 2];
   *read_mixed = edge_blends(rpx, w * h);
   /* glBlitFramebuffer from it into a single-sampled texture resolves too. */
   GLuint tex = 0, fbo = 0;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK(glGetError() == GL_NO_ERROR);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rb);
   CHECK(glGetError() == GL_NO_ERROR);
   for (int i = 0; i < w * h; i++)
      rpx[i] = (uint32_t)rb[4 * i] << 16 | (uint32_t)rb[4 * i + 1] << 8 | rb[4 * i + 2];
   *blit_mixed = edge_blends(rpx, w * h);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
   free(rb);
   free(rpx);
   CHECK(eglSwapBuffers(x->e.dpy, s));
   uint32_t *px = read_window(x->c, win, w, h);
   CHECK(px);
   *mixed = px ? edge_blends(px, w * h) : 0;
   if (px) {
      /* the triangle's inside and the corner outside it are solid */
      EXPECT_RECT(px, w, 2, h - 8, 8, 4, 0xffffffu);
      EXPECT_RECT(px, w, w - 10, 2, 8, 8, 0x000000u);
   }
   glDeleteProgram(prog);
   eglMakeCurrent(x->e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   CHECK(eglDestroySurface(x->e.dpy, s));
   CHECK(eglDestroyContext(x->e.dpy, ctx));
   return px;
}

static void
sc_msaa(void)
{
   struct xcb_egl x;
   if (!xcb_egl_open(&x)) {
      failures++;
      return;
   }
   const EGLint attribs[] = {EGL_SURFACE_TYPE,
                             EGL_WINDOW_BIT,
                             EGL_RENDERABLE_TYPE,
                             EGL_OPENGL_ES3_BIT,
                             EGL_SAMPLE_BUFFERS,
                             1,
                             EGL_SAMPLES,
                             4,
                             EGL_ALPHA_SIZE,
                             0,
                             EGL_NONE};
   EGLConfig cfgs[16], ms = NULL;
   EGLint n = 0;
   CHECK(eglChooseConfig(x.e.dpy, attribs, cfgs, 16, &n) && n > 0);
   for (EGLint i = 0; i < n && !ms; i++) {
      EGLint a = -1, sb = -1, sm = -1;
      eglGetConfigAttrib(x.e.dpy, cfgs[i], EGL_ALPHA_SIZE, &a);
      eglGetConfigAttrib(x.e.dpy, cfgs[i], EGL_SAMPLE_BUFFERS, &sb);
      eglGetConfigAttrib(x.e.dpy, cfgs[i], EGL_SAMPLES, &sm);
      if (a == 0 && sb == 1 && sm == 4)
         ms = cfgs[i];
   }
   CHECK(ms);
   if (!ms) {
      xcb_egl_close(&x);
      return;
   }
   int mixed = 0, read_mixed = 0, blit_mixed = 0;
   uint32_t *px = edge_frame(&x, ms, 4, &mixed, &read_mixed, &blit_mixed);
   write_png("msaa", px, 128, 96);
   free(px);
   printf("msaa: 4 samples: %d blended edge pixels in the window, %d read, %d blitted\n", mixed,
          read_mixed, blit_mixed);
   /* The edge crosses the whole window: most of its ~128 pixels are partly covered. */
   CHECK(mixed > 60);
   CHECK(read_mixed > 60);
   CHECK(blit_mixed > 60);
   /* The same edge single-sampled: no blend at all (the check above can fail). */
   px = edge_frame(&x, x.e.cfg, 1, &mixed, &read_mixed, &blit_mixed);
   free(px);
   printf("msaa: 1 sample: %d blended edge pixels\n", mixed);
   CHECK(mixed == 0 && read_mixed == 0 && blit_mixed == 0);
   xcb_egl_close(&x);
}

/* Every config offered for windows works there: for each EGL_WINDOW_BIT config that renders
 * ES 2, a window surface and a context are made, made current, cleared to a colour, swapped,
 * and the window read back shows it, with GL_SAMPLES as the config says. The sample counts
 * offered are the device's (EGL's configs follow the backend's caps): a count the device
 * cannot render fails here. */
static void
sc_configs(void)
{
   struct xcb_egl x;
   if (!xcb_egl_open(&x)) {
      failures++;
      return;
   }
   EGLint n = 0;
   CHECK(eglGetConfigs(x.e.dpy, NULL, 0, &n) && n > 0);
   EGLConfig *cfgs = calloc((size_t)(n > 0 ? n : 1), sizeof(*cfgs));
   CHECK(eglGetConfigs(x.e.dpy, cfgs, n, &n));
   const int w = 48, h = 32;
   unsigned tried = 0, sample_counts = 0;
   for (EGLint i = 0; i < n; i++) {
      EGLint type = 0, api = 0, samples = 0, id = 0, alpha = 0;
      eglGetConfigAttrib(x.e.dpy, cfgs[i], EGL_SURFACE_TYPE, &type);
      eglGetConfigAttrib(x.e.dpy, cfgs[i], EGL_RENDERABLE_TYPE, &api);
      eglGetConfigAttrib(x.e.dpy, cfgs[i], EGL_SAMPLES, &samples);
      eglGetConfigAttrib(x.e.dpy, cfgs[i], EGL_CONFIG_ID, &id);
      eglGetConfigAttrib(x.e.dpy, cfgs[i], EGL_ALPHA_SIZE, &alpha);
      if (!(type & EGL_WINDOW_BIT) || !(api & EGL_OPENGL_ES2_BIT))
         continue;
      tried++;
      sample_counts |= 1u << (samples < 31 ? samples : 31);
      xcb_window_t win = make_window(x.c, w, h);
      const EGLint cattr[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
      EGLContext ctx = eglCreateContext(x.e.dpy, cfgs[i], EGL_NO_CONTEXT, cattr);
      EGLSurface s = eglCreatePlatformWindowSurface(x.e.dpy, cfgs[i], &win, NULL);
      if (!ctx || s == EGL_NO_SURFACE || !eglMakeCurrent(x.e.dpy, s, s, ctx)) {
         fprintf(stderr, "config %d (%d samples): context %p surface %p not current\n", id, samples,
                 (void *)ctx, (void *)s);
         failures++;
      } else {
         GLint gs = -1;
         glGetIntegerv(GL_SAMPLES, &gs);
         glViewport(0, 0, w, h);
         glClearColor(0.0f, 1.0f, 1.0f, 1.0f);
         glClear(GL_COLOR_BUFFER_BIT);
         const GLenum err = glGetError();
         const bool swapped = eglSwapBuffers(x.e.dpy, s);
         uint32_t *px = read_window(x.c, win, w, h);
         const uint32_t got = px ? px[(h / 2) * w + w / 2] : 0xdeadbeef;
         if (gs != samples || err != GL_NO_ERROR || !swapped || got != 0x00ffffu) {
            fprintf(stderr,
                    "config %d (%d samples, alpha %d): GL_SAMPLES %d, GL error 0x%x, swap %d, "
                    "window pixel 0x%06x (want 0x00ffff)\n",
                    id, samples, alpha, gs, err, swapped, got);
            failures++;
         }
         free(px);
      }
      eglMakeCurrent(x.e.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      if (s != EGL_NO_SURFACE)
         eglDestroySurface(x.e.dpy, s);
      if (ctx)
         eglDestroyContext(x.e.dpy, ctx);
      xcb_destroy_window(x.c, win);
      xcb_flush(x.c);
   }
   printf("configs: %u window configs drawn; sample counts offered:", tried);
   for (int k = 0; k < 32; k++)
      if (sample_counts & (1u << k))
         printf(" %d", k);
   printf("\n");
   CHECK(tried > 0);
   free(cfgs);
   xcb_egl_close(&x);
}

/* EGL pixmap surfaces on an X pixmap: EGL_PIXMAP_BIT configs and EGL_MATCH_NATIVE_PIXMAP, the
 * spec's errors, what GL rendered in the pixmap after eglWaitClient / eglWaitGL / glFinish
 * (read back with xcb_get_image), eglSwapBuffers without effect, and eglCopyBuffers into a
 * pixmap. */
static xcb_pixmap_t
make_pixmap(xcb_connection_t *c, uint8_t depth, int w, int h)
{
   xcb_pixmap_t p = xcb_generate_id(c);
   xcb_generic_error_t *e = xcb_request_check(
      c, xcb_create_pixmap_checked(c, depth, p, first_screen(c)->root, (uint16_t)w, (uint16_t)h));
   if (e) {
      free(e);
      return 0;
   }
   return p;
}

static void
sc_pixmap(void)
{
   struct xcb_egl x;
   if (!xcb_egl_open(&x)) {
      failures++;
      return;
   }
   EGLDisplay dpy = x.e.dpy;
   const int w = 64, h = 48;
   xcb_pixmap_t pix = make_pixmap(x.c, 24, w, h), pix2 = make_pixmap(x.c, 24, w, h);
   xcb_pixmap_t pix32 = make_pixmap(x.c, 32, w, h);
   CHECK(pix && pix2 && pix32);
   /* Configs: RGB ones write depth-24 pixmaps, and EGL_MATCH_NATIVE_PIXMAP picks those. */
   const EGLint want[] = {EGL_SURFACE_TYPE,
                          EGL_PIXMAP_BIT,
                          EGL_RENDERABLE_TYPE,
                          EGL_OPENGL_ES2_BIT,
                          EGL_MATCH_NATIVE_PIXMAP,
                          (EGLint)pix,
                          EGL_NONE};
   EGLConfig cfgs[32];
   EGLint n = 0;
   CHECK(eglChooseConfig(dpy, want, cfgs, 32, &n) && n > 0);
   EGLConfig cfg = n > 0 ? cfgs[0] : NULL;
   for (EGLint i = 0; i < n; i++) {
      EGLint a = -1, st = 0;
      eglGetConfigAttrib(dpy, cfgs[i], EGL_ALPHA_SIZE, &a);
      eglGetConfigAttrib(dpy, cfgs[i], EGL_SURFACE_TYPE, &st);
      CHECK(a == 0 && (st & EGL_PIXMAP_BIT));
   }
   const EGLint want32[] = {EGL_SURFACE_TYPE,
                            EGL_PIXMAP_BIT,
                            EGL_RENDERABLE_TYPE,
                            EGL_OPENGL_ES2_BIT,
                            EGL_MATCH_NATIVE_PIXMAP,
                            (EGLint)pix32,
                            EGL_NONE};
   EGLConfig cfg32 = NULL;
   CHECK(eglChooseConfig(dpy, want32, &cfg32, 1, &n) && n == 1);
   EGLint a32 = -1;
   eglGetConfigAttrib(dpy, cfg32, EGL_ALPHA_SIZE, &a32);
   CHECK(a32 == 8);
   /* A window is not a pixmap: nothing matches it. */
   xcb_window_t win = make_window(x.c, w, h);
   const EGLint want_win[] = {EGL_SURFACE_TYPE, EGL_PIXMAP_BIT, EGL_MATCH_NATIVE_PIXMAP,
                              (EGLint)win, EGL_NONE};
   CHECK(eglChooseConfig(dpy, want_win, cfgs, 32, &n) && n == 0);
   if (!cfg || !cfg32) {
      xcb_egl_close(&x);
      return;
   }

   /* Errors: a window or no drawable at all, a depth the config does not write. */
   xcb_pixmap_t bogus = 0x7ffff0;
   CHECK(eglCreatePlatformPixmapSurface(dpy, cfg, &win, NULL) == EGL_NO_SURFACE &&
         eglGetError() == EGL_BAD_NATIVE_PIXMAP);
   CHECK(eglCreatePlatformPixmapSurface(dpy, cfg, &bogus, NULL) == EGL_NO_SURFACE &&
         eglGetError() == EGL_BAD_NATIVE_PIXMAP);
   CHECK(eglCreatePlatformPixmapSurface(dpy, cfg32, &pix, NULL) == EGL_NO_SURFACE &&
         eglGetError() == EGL_BAD_MATCH);
   CHECK(eglCreatePlatformPixmapSurface(dpy, cfg, &pix32, NULL) == EGL_NO_SURFACE &&
         eglGetError() == EGL_BAD_MATCH);
   const EGLAttrib bad_attr[] = {EGL_RENDER_BUFFER, EGL_BACK_BUFFER, EGL_NONE};
   CHECK(eglCreatePlatformPixmapSurface(dpy, cfg, &pix, bad_attr) == EGL_NO_SURFACE &&
         eglGetError() == EGL_BAD_ATTRIBUTE);

   EGLSurface s = eglCreatePlatformPixmapSurface(dpy, cfg, &pix, NULL);
   CHECK(s != EGL_NO_SURFACE);
   /* EGL 1.5 §3.5.4: one surface per pixmap */
   CHECK(eglCreatePixmapSurface(dpy, cfg, (EGLNativePixmapType)pix, NULL) == EGL_NO_SURFACE &&
         eglGetError() == EGL_BAD_ALLOC);
   EGLint v = -1;
   CHECK(eglQuerySurface(dpy, s, EGL_RENDER_BUFFER, &v) && v == EGL_SINGLE_BUFFER);
   CHECK(eglQuerySurface(dpy, s, EGL_WIDTH, &v) && v == w);
   CHECK(eglQuerySurface(dpy, s, EGL_HEIGHT, &v) && v == h);
   const EGLint cattr[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, cattr);
   CHECK(ctx && eglMakeCurrent(dpy, s, s, ctx));

   /* eglWaitClient: the pixmap holds the frame, the right way up. */
   paint(w, h, SKY, 0, 0, w / 2, h / 2, RED);
   CHECK(eglWaitClient());
   uint32_t *px = read_window(x.c, pix, w, h);
   CHECK(px);
   write_png("pixmap", px, w, h);
   EXPECT_RECT(px, w, 0, h / 2, w / 2, h / 2, RED); /* GL's bottom-left */
   EXPECT_RECT(px, w, 0, 0, w, h / 2, SKY);
   free(px);
   /* eglWaitGL likewise; eglSwapBuffers has no effect and no error. */
   paint(w, h, YELLOW, 0, 0, 0, 0, 0);
   CHECK(eglSwapBuffers(dpy, s));
   px = read_window(x.c, pix, w, h);
   EXPECT_RECT(px, w, 0, 0, w, h / 2, SKY); /* not yet: the frame waited for last */
   EXPECT_RECT(px, w, 0, h / 2, w / 2, h / 2, RED);
   free(px);
   CHECK(eglWaitGL());
   px = read_window(x.c, pix, w, h);
   EXPECT_RECT(px, w, 0, 0, w, h, YELLOW);
   free(px);
   /* glFinish likewise. */
   paint(w, h, GREEN, 0, h / 2, w, h / 2, RED);
   glFinish();
   px = read_window(x.c, pix, w, h);
   EXPECT_RECT(px, w, 0, 0, w, h / 2, RED); /* GL's top half */
   EXPECT_RECT(px, w, 0, h / 2, w, h / 2, GREEN);
   free(px);

   /* eglCopyBuffers into another pixmap; the spec's errors for the target. */
   paint(w, h, BLUE, w / 2, h / 2, w / 2, h / 2, GREEN);
   CHECK(eglCopyBuffers(dpy, s, (EGLNativePixmapType)pix2));
   px = read_window(x.c, pix2, w, h);
   EXPECT_RECT(px, w, w / 2, 0, w / 2, h / 2, GREEN); /* GL's top-right */
   EXPECT_RECT(px, w, 0, h / 2, w, h / 2, BLUE);
   free(px);
   CHECK(!eglCopyBuffers(dpy, s, (EGLNativePixmapType)bogus) &&
         eglGetError() == EGL_BAD_NATIVE_PIXMAP);
   CHECK(!eglCopyBuffers(dpy, s, (EGLNativePixmapType)pix32) && eglGetError() == EGL_BAD_MATCH);
   CHECK(!eglCopyBuffers(dpy, (EGLSurface)(uintptr_t)0x1234, (EGLNativePixmapType)pix2) &&
         eglGetError() == EGL_BAD_SURFACE);

   /* EGL 1.5 §3.10.4 does not ask for the surface to be current: a frame drawn, the context
    * released (its implicit flush), then copied from no current context. */
   paint(w, h, YELLOW, 0, 0, w / 2, h / 2, RED);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   CHECK(eglCopyBuffers(dpy, s, (EGLNativePixmapType)pix2));
   px = read_window(x.c, pix2, w, h);
   EXPECT_RECT(px, w, 0, h / 2, w / 2, h / 2, RED); /* GL's bottom-left */
   EXPECT_RECT(px, w, 0, 0, w, h / 2, YELLOW);
   free(px);
   CHECK(eglDestroySurface(dpy, s));
   /* The pixmap is free for a new surface once the old one is gone. */
   s = eglCreatePixmapSurface(dpy, cfg, (EGLNativePixmapType)pix, NULL);
   CHECK(s != EGL_NO_SURFACE);
   CHECK(eglDestroySurface(dpy, s));
   CHECK(eglDestroyContext(dpy, ctx));
   xcb_free_pixmap(x.c, pix);
   xcb_free_pixmap(x.c, pix2);
   xcb_free_pixmap(x.c, pix32);
   xcb_flush(x.c);
   xcb_egl_close(&x);
}

static const struct {
   const char *name;
   void (*run)(void);
} scenarios[] = {
   {"draw_swap", sc_draw_swap},
   {"damage", sc_damage},
   {"resize", sc_resize},
   {"interval", sc_interval},
   {"two_windows", sc_two_windows},
   {"move_context", sc_move_context},
   {"shared_window", sc_shared_window},
   {"destroy", sc_destroy},
   {"kill_connection", sc_kill_connection},
   {"xlib_default", sc_xlib_default},
   {"msaa", sc_msaa},
   {"configs", sc_configs},
   {"pixmap", sc_pixmap},
   {"bench", sc_bench}, /* last: "all" stops before it */
};

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s SCENARIO|all [--out DIR]\n", argv[0]);
      return 2;
   }
   for (int i = 2; i + 1 < argc; i++) {
      if (!strcmp(argv[i], "--out"))
         out_dir = argv[i + 1];
   }
   bool all = !strcmp(argv[1], "all"), found = false;
   for (size_t i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++) {
      if (all && scenarios[i].run == sc_bench)
         break;
      if (!all && strcmp(argv[1], scenarios[i].name))
         continue;
      found = true;
      int before = failures;
      scenarios[i].run();
      printf("%s: %s\n", scenarios[i].name, failures == before ? "PASS" : "FAIL");
      fflush(stdout);
   }
   if (!found) {
      fprintf(stderr, "unknown scenario %s\n", argv[1]);
      return 2;
   }
   return failures ? 1 : 0;
}
