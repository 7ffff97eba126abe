/* mgl-wl-window: EGL window surfaces on a Wayland compositor, checked by what the compositor
 * shows. Runs on any glvnd EGL vendor (Mesa works too, which is how the checks themselves are
 * checked). One case per run:
 *
 *   draw      a 200x150 toplevel, four coloured quadrants; the screenshot shows them, GL's
 *             top row at the top; EGL's waits leave the app's own queue undispatched
 *   resize    wl_egl_window_resize to 120x90 with dx,dy 30,20 is picked up at the next swap:
 *             EGL_WIDTH/HEIGHT and the picture follow, and the window moves by dx,dy
 *   interval  eglSwapInterval 1 waits for the compositor's frame callbacks, 0 does not
 *   two       two wl_egl_windows (subsurfaces 130 pixels apart) with a context each, then one
 *             context moved to the other window
 *   damage    EGL_EXT_buffer_age + eglSwapBuffersWithDamageKHR: the second frame redraws only
 *             its damage when the age says the buffer holds the last frame
 *   destroy   wl_egl_window_destroy before eglDestroySurface: the next swap fails with
 *             EGL_BAD_NATIVE_WINDOW, nothing crashes
 *   gone      the compositor connection dies (its socket shut down): swaps fail with
 *             EGL_BAD_NATIVE_WINDOW at once, never hang
 *   stalled   the compositor stops (SIGSTOP, its pid in MGL_WL_COMPOSITOR_PID) while the app
 *             swaps at interval 0: every swap returns within the bound (frames beyond the
 *             buffers the compositor holds are dropped by name), and after SIGCONT a new frame
 *             shows
 *   hidden    a surface the compositor never shows (no role) gets no frame callbacks: at
 *             interval 1 each swap waits for one at most the bound (100 ms), never forever
 *   platform  eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR) gives the same display as
 *             eglGetDisplay(wl_display), whose configs carry EGL_WINDOW_BIT, and
 *             eglCreatePlatformWindowSurface draws
 *   default   EGL_PLATFORM=wayland: eglGetDisplay(EGL_DEFAULT_DISPLAY) is a Wayland display on
 *             $WAYLAND_DISPLAY (EGL's own connection) whose configs carry EGL_WINDOW_BIT; while
 *             WAYLAND_DISPLAY names no compositor eglInitialize fails, nothing crashes
 *   bench     not a check: the cost of eglSwapBuffers for an 800x600 window at interval 0
 *             (MGL_WL_BENCH_FRAMES frames, default 200), for docs/BENCHMARKS.md
 *
 * The screenshot is weston's own (weston-screenshooter, which weston allows with --debug): the
 * compositor's output as it composited it, so a wrong format, a missed flip or a frame that
 * never reached the compositor all show. The window is found in it by its four corner colours
 * (the shell places toplevels where it likes). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <png.h>
#include <wayland-client.h>
#include <wayland-egl.h>

#include "xdg-shell-client-protocol.h"

#define FAIL(...)                                                                                  \
   do {                                                                                            \
      fprintf(stderr, "mgl-wl-window: FAIL: " __VA_ARGS__);                                        \
      fputc('\n', stderr);                                                                         \
      exit(1);                                                                                     \
   } while (0)

struct app {
   struct wl_display *dpy;
   struct wl_compositor *compositor;
   struct wl_subcompositor *subcompositor;
   struct wl_shm *shm;
   struct xdg_wm_base *wm;
   EGLDisplay edpy;
   EGLConfig config;
};

struct win {
   struct wl_surface *surface;
   struct xdg_surface *xdg;
   struct xdg_toplevel *top;
   struct wl_subsurface *sub;
   struct wl_egl_window *native;
   EGLSurface egl;
   bool configured;
};

struct rgb {
   uint8_t r, g, b;
};

/* Quadrant colours, GL's top-left, top-right, bottom-left, bottom-right. */
static const struct rgb pattern_a[4] = {{0, 0, 255}, {255, 255, 0}, {255, 0, 0}, {0, 255, 0}};
static const struct rgb pattern_b[4] = {
   {255, 0, 255}, {0, 255, 255}, {255, 255, 255}, {128, 0, 255}};

/* ---- Wayland plumbing --------------------------------------------------------------------- */

static void
global(void *data, struct wl_registry *reg, uint32_t name, const char *iface, uint32_t version)
{
   struct app *a = data;
   (void)version;
   if (!strcmp(iface, wl_compositor_interface.name))
      a->compositor = wl_registry_bind(reg, name, &wl_compositor_interface, 4);
   else if (!strcmp(iface, wl_subcompositor_interface.name))
      a->subcompositor = wl_registry_bind(reg, name, &wl_subcompositor_interface, 1);
   else if (!strcmp(iface, wl_shm_interface.name))
      a->shm = wl_registry_bind(reg, name, &wl_shm_interface, 1);
   else if (!strcmp(iface, xdg_wm_base_interface.name))
      a->wm = wl_registry_bind(reg, name, &xdg_wm_base_interface, 1);
}

static void
global_remove(void *data, struct wl_registry *reg, uint32_t name)
{
   (void)data;
   (void)reg;
   (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

static void
wm_ping(void *data, struct xdg_wm_base *wm, uint32_t serial)
{
   (void)data;
   xdg_wm_base_pong(wm, serial);
}

static const struct xdg_wm_base_listener wm_listener = {wm_ping};

static void
xdg_configure(void *data, struct xdg_surface *xdg, uint32_t serial)
{
   struct win *w = data;
   xdg_surface_ack_configure(xdg, serial);
   w->configured = true;
}

static const struct xdg_surface_listener xdg_listener = {xdg_configure};

static void
top_configure(void *data, struct xdg_toplevel *top, int32_t w, int32_t h, struct wl_array *st)
{
   (void)data;
   (void)top;
   (void)w;
   (void)h;
   (void)st;
}

static void
top_close(void *data, struct xdg_toplevel *top)
{
   (void)data;
   (void)top;
}

static const struct xdg_toplevel_listener top_listener = {.configure = top_configure,
                                                          .close = top_close};

static void
app_init(struct app *a, bool with_egl)
{
   memset(a, 0, sizeof(*a));
   a->dpy = wl_display_connect(NULL);
   if (!a->dpy)
      FAIL("cannot connect to the compositor (WAYLAND_DISPLAY=%s)", getenv("WAYLAND_DISPLAY"));
   struct wl_registry *reg = wl_display_get_registry(a->dpy);
   wl_registry_add_listener(reg, &registry_listener, a);
   wl_display_roundtrip(a->dpy);
   if (!a->compositor || !a->subcompositor || !a->shm || !a->wm)
      FAIL("the compositor lacks wl_compositor, wl_subcompositor, wl_shm or xdg_wm_base");
   xdg_wm_base_add_listener(a->wm, &wm_listener, a);
   if (!with_egl)
      return;
   /* glvnd's eglGetDisplay recognises the wl_display by its interface pointer. */
   a->edpy = eglGetDisplay((EGLNativeDisplayType)a->dpy);
   if (a->edpy == EGL_NO_DISPLAY)
      FAIL("eglGetDisplay(wl_display) failed: 0x%04x", eglGetError());
   EGLint major, minor;
   if (!eglInitialize(a->edpy, &major, &minor))
      FAIL("eglInitialize: 0x%04x", eglGetError());
   static const EGLint attribs[] = {EGL_SURFACE_TYPE,
                                    EGL_WINDOW_BIT,
                                    EGL_RED_SIZE,
                                    8,
                                    EGL_GREEN_SIZE,
                                    8,
                                    EGL_BLUE_SIZE,
                                    8,
                                    EGL_ALPHA_SIZE,
                                    0,
                                    EGL_RENDERABLE_TYPE,
                                    EGL_OPENGL_ES2_BIT,
                                    EGL_NONE};
   /* The sort puts deeper colour first (10-bit configs on Mesa): take an 8-bit one. */
   EGLConfig cfgs[256];
   EGLint n = 0;
   if (!eglChooseConfig(a->edpy, attribs, cfgs, 256, &n) || n < 1)
      FAIL("no EGL_WINDOW_BIT config with RGB8 for ES 2 (0x%04x)", eglGetError());
   a->config = NULL;
   for (EGLint i = 0; i < n && !a->config; i++) {
      EGLint r, g, b;
      eglGetConfigAttrib(a->edpy, cfgs[i], EGL_RED_SIZE, &r);
      eglGetConfigAttrib(a->edpy, cfgs[i], EGL_GREEN_SIZE, &g);
      eglGetConfigAttrib(a->edpy, cfgs[i], EGL_BLUE_SIZE, &b);
      if (r == 8 && g == 8 && b == 8)
         a->config = cfgs[i];
   }
   if (!a->config)
      FAIL("none of %d EGL_WINDOW_BIT configs has 8-bit red, green and blue", n);
   eglBindAPI(EGL_OPENGL_ES_API);
}

static EGLContext
context_create(struct app *a)
{
   static const EGLint attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLContext ctx = eglCreateContext(a->edpy, a->config, EGL_NO_CONTEXT, attribs);
   if (ctx == EGL_NO_CONTEXT)
      FAIL("eglCreateContext: 0x%04x", eglGetError());
   return ctx;
}

static void
win_egl(struct app *a, struct win *w, int width, int height)
{
   w->native = wl_egl_window_create(w->surface, width, height);
   if (!w->native)
      FAIL("wl_egl_window_create");
   w->egl = eglCreateWindowSurface(a->edpy, a->config, (EGLNativeWindowType)w->native, NULL);
   if (w->egl == EGL_NO_SURFACE)
      FAIL("eglCreateWindowSurface: 0x%04x", eglGetError());
}

/* A toplevel, configured (its first buffer may be attached now), with an EGL surface. */
static void
toplevel_create(struct app *a, struct win *w, int width, int height, bool with_egl)
{
   memset(w, 0, sizeof(*w));
   w->surface = wl_compositor_create_surface(a->compositor);
   w->xdg = xdg_wm_base_get_xdg_surface(a->wm, w->surface);
   xdg_surface_add_listener(w->xdg, &xdg_listener, w);
   w->top = xdg_surface_get_toplevel(w->xdg);
   xdg_toplevel_add_listener(w->top, &top_listener, w);
   xdg_toplevel_set_title(w->top, "mgl-wl-window");
   wl_surface_commit(w->surface);
   while (!w->configured) {
      if (wl_display_dispatch(a->dpy) < 0)
         FAIL("the compositor went away before configuring the window");
   }
   if (with_egl)
      win_egl(a, w, width, height);
}

static void
win_destroy(struct app *a, struct win *w)
{
   if (w->egl != EGL_NO_SURFACE && w->egl)
      eglDestroySurface(a->edpy, w->egl);
   if (w->native)
      wl_egl_window_destroy(w->native);
   if (w->sub)
      wl_subsurface_destroy(w->sub);
   if (w->top)
      xdg_toplevel_destroy(w->top);
   if (w->xdg)
      xdg_surface_destroy(w->xdg);
   wl_surface_destroy(w->surface);
}

static void
app_sync_done(void *data, struct wl_callback *cb, uint32_t serial)
{
   (void)serial;
   *(bool *)data = true;
   wl_callback_destroy(cb);
}

static const struct wl_callback_listener app_sync_listener = {app_sync_done};

/* ---- drawing and checking ----------------------------------------------------------------- */

static void
clear_rect(int x, int y, int w, int h, struct rgb c)
{
   glScissor(x, y, w, h);
   glClearColor(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
}

/* Quadrants in GL coordinates: p[0] top-left, p[1] top-right, p[2] bottom-left, p[3]
 * bottom-right. */
static void
draw_pattern(int w, int h, const struct rgb p[4])
{
   glViewport(0, 0, w, h);
   glEnable(GL_SCISSOR_TEST);
   int hw = w / 2, hh = h / 2;
   clear_rect(0, hh, hw, h - hh, p[0]);
   clear_rect(hw, hh, w - hw, h - hh, p[1]);
   clear_rect(0, 0, hw, hh, p[2]);
   clear_rect(hw, 0, w - hw, hh, p[3]);
   glDisable(GL_SCISSOR_TEST);
   GLenum err = glGetError();
   if (err != GL_NO_ERROR)
      FAIL("GL error 0x%04x while drawing", err);
}

static void
swap(struct app *a, struct win *w)
{
   if (!eglSwapBuffers(a->edpy, w->egl))
      FAIL("eglSwapBuffers: 0x%04x", eglGetError());
}

struct shot {
   uint8_t *rgba;
   int width, height;
};

/* weston-screenshooter writes the compositor's output to a PNG in its working directory. */
static void
screenshot(struct app *a, struct shot *s)
{
   /* Our requests are in the compositor before the screenshooter connects. */
   wl_display_roundtrip(a->dpy);
   char dir[] = "/tmp/mgl-wl-shot-XXXXXX";
   if (!mkdtemp(dir))
      FAIL("mkdtemp: %s", strerror(errno));
   pid_t pid = fork();
   if (pid < 0)
      FAIL("fork: %s", strerror(errno));
   if (pid == 0) {
      if (chdir(dir) != 0)
         _exit(126);
      int null = open("/dev/null", O_WRONLY);
      if (null >= 0)
         dup2(null, 1);
      execlp("weston-screenshooter", "weston-screenshooter", (char *)NULL);
      _exit(127);
   }
   int status = 0;
   for (int i = 0;; i++) {
      pid_t r = waitpid(pid, &status, WNOHANG);
      if (r == pid)
         break;
      if (i >= 200) {
         kill(pid, SIGKILL);
         waitpid(pid, &status, 0);
         FAIL("weston-screenshooter did not finish within 10 s");
      }
      usleep(50000);
   }
   if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      FAIL("weston-screenshooter failed (status %d): is weston running with --debug?", status);
   DIR *d = opendir(dir);
   struct dirent *e;
   char path[512] = "";
   while (d && (e = readdir(d))) {
      if (strstr(e->d_name, ".png"))
         snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
   }
   if (d)
      closedir(d);
   if (!path[0])
      FAIL("weston-screenshooter wrote no PNG");
   png_image img;
   memset(&img, 0, sizeof(img));
   img.version = PNG_IMAGE_VERSION;
   if (!png_image_begin_read_from_file(&img, path))
      FAIL("cannot read %s: %s", path, img.message);
   img.format = PNG_FORMAT_RGBA;
   s->width = (int)img.width;
   s->height = (int)img.height;
   s->rgba = malloc(PNG_IMAGE_SIZE(img));
   if (!s->rgba || !png_image_finish_read(&img, NULL, s->rgba, 0, NULL))
      FAIL("cannot decode %s", path);
   const char *keep = getenv("MGL_WL_KEEP_SHOTS");
   if (keep && *keep) {
      char dst[600];
      static int n;
      snprintf(dst, sizeof(dst), "%s/shot-%d-%d.png", keep, (int)getpid(), n++);
      if (rename(path, dst) != 0)
         unlink(path);
   } else {
      unlink(path);
   }
   rmdir(dir);
}

static bool
px_is(const struct shot *s, int x, int y, struct rgb c)
{
   if (x < 0 || y < 0 || x >= s->width || y >= s->height)
      return false;
   const uint8_t *p = s->rgba + ((size_t)y * s->width + x) * 4;
   return p[0] == c.r && p[1] == c.g && p[2] == c.b;
}

/* Where the w x h pattern p shows in the screenshot (screen row 0 at the top), every pixel
 * checked; false if nowhere. */
static bool
find_pattern(const struct shot *s, int w, int h, const struct rgb p[4], int *ox, int *oy)
{
   int hw = w / 2, hh = h / 2; /* GL rows [0, hh) are the bottom half */
   for (int y = 0; y + h <= s->height; y++) {
      for (int x = 0; x + w <= s->width; x++) {
         if (!px_is(s, x, y, p[0]) || !px_is(s, x + w - 1, y, p[1]) ||
             !px_is(s, x, y + h - 1, p[2]) || !px_is(s, x + w - 1, y + h - 1, p[3]))
            continue;
         int bad = 0;
         for (int j = 0; j < h && !bad; j++) {
            int gl_row = h - 1 - j;
            for (int i = 0; i < w; i++) {
               int q = (gl_row >= hh ? 0 : 2) + (i >= hw ? 1 : 0);
               if (!px_is(s, x + i, y + j, p[q])) {
                  bad = 1;
                  break;
               }
            }
         }
         if (!bad) {
            *ox = x;
            *oy = y;
            return true;
         }
      }
   }
   return false;
}

static void
expect_pattern(const struct shot *s, int w, int h, const struct rgb p[4], const char *what, int *ox,
               int *oy)
{
   int x, y;
   if (!find_pattern(s, w, h, p, &x, &y))
      FAIL("%s: the %dx%d pattern is not on the compositor's output (%dx%d)", what, w, h, s->width,
           s->height);
   printf("mgl-wl-window: %s: %dx%d pattern found at %d,%d on the output\n", what, w, h, x, y);
   if (ox)
      *ox = x;
   if (oy)
      *oy = y;
}

static void
query_size(struct app *a, struct win *w, EGLint *width, EGLint *height)
{
   if (!eglQuerySurface(a->edpy, w->egl, EGL_WIDTH, width) ||
       !eglQuerySurface(a->edpy, w->egl, EGL_HEIGHT, height))
      FAIL("eglQuerySurface: 0x%04x", eglGetError());
}

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- cases -------------------------------------------------------------------------------- */

static void
case_draw(struct app *a)
{
   struct win w;
   toplevel_create(a, &w, 200, 150, true);
   EGLContext ctx = context_create(a);
   if (!eglMakeCurrent(a->edpy, w.egl, w.egl, ctx))
      FAIL("eglMakeCurrent: 0x%04x", eglGetError());
   EGLint width, height;
   query_size(a, &w, &width, &height);
   if (width != 200 || height != 150)
      FAIL("draw: EGL_WIDTH x EGL_HEIGHT is %dx%d, the window is 200x150", width, height);
   /* An event for the app's own queue: EGL must leave it there while it reads the socket. */
   bool app_synced = false;
   struct wl_callback *sync = wl_display_sync(a->dpy);
   wl_callback_add_listener(sync, &app_sync_listener, &app_synced);
   wl_display_flush(a->dpy);
   for (int i = 0; i < 3; i++) { /* interval 1: EGL waits for frame callbacks, reading events */
      draw_pattern(200, 150, pattern_a);
      swap(a, &w);
   }
   if (app_synced)
      FAIL("draw: EGL dispatched the application's event queue");
   if (wl_display_roundtrip(a->dpy) < 0 || !app_synced)
      FAIL("draw: the application's wl_display.sync never completed");
   struct shot s;
   screenshot(a, &s);
   expect_pattern(&s, 200, 150, pattern_a, "draw", NULL, NULL);
   free(s.rgba);
   eglMakeCurrent(a->edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(a->edpy, ctx);
   win_destroy(a, &w);
}

static void
case_resize(struct app *a)
{
   struct win w;
   toplevel_create(a, &w, 200, 150, true);
   EGLContext ctx = context_create(a);
   if (!eglMakeCurrent(a->edpy, w.egl, w.egl, ctx))
      FAIL("eglMakeCurrent: 0x%04x", eglGetError());
   draw_pattern(200, 150, pattern_a);
   swap(a, &w);
   struct shot s;
   screenshot(a, &s);
   int x0, y0;
   expect_pattern(&s, 200, 150, pattern_a, "resize (before)", &x0, &y0);
   free(s.rgba);
   /* Shrunk towards the top-left corner's new place: the surface moves by dx, dy. */
   wl_egl_window_resize(w.native, 120, 90, 30, 20);
   /* The frame in progress may still be the old size; the one after the next swap is not. */
   EGLint width, height;
   query_size(a, &w, &width, &height);
   draw_pattern(width, height, pattern_b);
   swap(a, &w);
   query_size(a, &w, &width, &height);
   if (width != 120 || height != 90)
      FAIL("resize: after a swap EGL_WIDTH x EGL_HEIGHT is %dx%d, the window 120x90", width,
           height);
   draw_pattern(120, 90, pattern_a);
   swap(a, &w);
   int attached_w = 0, attached_h = 0;
   wl_egl_window_get_attached_size(w.native, &attached_w, &attached_h);
   if (attached_w != 120 || attached_h != 90)
      FAIL("resize: wl_egl_window_get_attached_size says %dx%d, not 120x90", attached_w,
           attached_h);
   screenshot(a, &s);
   int x1, y1;
   expect_pattern(&s, 120, 90, pattern_a, "resize", &x1, &y1);
   free(s.rgba);
   if (x1 - x0 != 30 || y1 - y0 != 20)
      FAIL("resize: the window moved by %+d,%+d, not by dx,dy = +30,+20", x1 - x0, y1 - y0);
   eglMakeCurrent(a->edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(a->edpy, ctx);
   win_destroy(a, &w);
}

static double
time_swaps(struct app *a, struct win *w, int n)
{
   double t0 = now_s();
   for (int i = 0; i < n; i++) {
      draw_pattern(64, 64, (i & 1) ? pattern_a : pattern_b);
      swap(a, w);
   }
   return now_s() - t0;
}

static void
case_interval(struct app *a)
{
   struct win w;
   toplevel_create(a, &w, 64, 64, true);
   EGLContext ctx = context_create(a);
   if (!eglMakeCurrent(a->edpy, w.egl, w.egl, ctx))
      FAIL("eglMakeCurrent: 0x%04x", eglGetError());
   const int n = 30;
   if (!eglSwapInterval(a->edpy, 1))
      FAIL("eglSwapInterval(1): 0x%04x", eglGetError());
   time_swaps(a, &w, 2); /* the first frame's callback may come at once */
   double t1 = time_swaps(a, &w, n);
   if (!eglSwapInterval(a->edpy, 0))
      FAIL("eglSwapInterval(0): 0x%04x", eglGetError());
   double t0 = time_swaps(a, &w, n);
   printf("mgl-wl-window: interval: %d swaps take %.1f ms at interval 1, %.1f ms at 0\n", n,
          t1 * 1e3, t0 * 1e3);
   /* weston's headless output repaints at 60 Hz: interval 1 is about 16.7 ms a frame. */
   if (t1 < n * 0.010)
      FAIL("interval 1 did not wait for frame callbacks: %d swaps in %.1f ms", n, t1 * 1e3);
   if (t0 > t1 / 2)
      FAIL("interval 0 waited: %d swaps in %.1f ms (interval 1: %.1f ms)", n, t0 * 1e3, t1 * 1e3);
   eglMakeCurrent(a->edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(a->edpy, ctx);
   win_destroy(a, &w);
}

/* A toplevel of a plain colour, drawn by us through wl_shm, to carry two subsurfaces. */
static void
shm_fill(struct app *a, struct win *w, int width, int height, uint32_t xrgb)
{
   size_t size = (size_t)width * height * 4;
   int fd = memfd_create("mgl-wl-window", MFD_CLOEXEC);
   if (fd < 0 || ftruncate(fd, (off_t)size) != 0)
      FAIL("memfd");
   uint32_t *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (p == MAP_FAILED)
      FAIL("mmap");
   for (size_t i = 0; i < size / 4; i++)
      p[i] = xrgb;
   struct wl_shm_pool *pool = wl_shm_create_pool(a->shm, fd, (int32_t)size);
   struct wl_buffer *buf =
      wl_shm_pool_create_buffer(pool, 0, width, height, width * 4, WL_SHM_FORMAT_XRGB8888);
   wl_shm_pool_destroy(pool);
   close(fd);
   munmap(p, size);
   wl_surface_attach(w->surface, buf, 0, 0);
   wl_surface_damage(w->surface, 0, 0, width, height);
   wl_surface_commit(w->surface);
}

static void
sub_create(struct app *a, struct win *parent, struct win *w, int x, int y, int width, int height)
{
   memset(w, 0, sizeof(*w));
   w->surface = wl_compositor_create_surface(a->compositor);
   w->sub = wl_subcompositor_get_subsurface(a->subcompositor, w->surface, parent->surface);
   wl_subsurface_set_position(w->sub, x, y);
   wl_subsurface_set_desync(w->sub);
   win_egl(a, w, width, height);
}

static void
case_two(struct app *a)
{
   struct win parent, wa, wb;
   toplevel_create(a, &parent, 0, 0, false);
   sub_create(a, &parent, &wa, 10, 10, 110, 80);
   sub_create(a, &parent, &wb, 140, 10, 110, 80);
   shm_fill(a, &parent, 260, 100, 0x404040); /* positions apply with the parent's commit */
   EGLContext ca = context_create(a), cb = context_create(a);
   if (!eglMakeCurrent(a->edpy, wa.egl, wa.egl, ca))
      FAIL("eglMakeCurrent(A): 0x%04x", eglGetError());
   draw_pattern(110, 80, pattern_a);
   swap(a, &wa);
   if (!eglMakeCurrent(a->edpy, wb.egl, wb.egl, cb))
      FAIL("eglMakeCurrent(B): 0x%04x", eglGetError());
   draw_pattern(110, 80, pattern_b);
   swap(a, &wb);
   struct shot s;
   screenshot(a, &s);
   int ax, ay, bx, by;
   expect_pattern(&s, 110, 80, pattern_a, "two: window A", &ax, &ay);
   expect_pattern(&s, 110, 80, pattern_b, "two: window B", &bx, &by);
   if (bx - ax != 130 || by != ay)
      FAIL("two: window B is at %+d,%+d from A, not +130,+0", bx - ax, by - ay);
   free(s.rgba);
   /* Context A moves to window B (and B's context is released first: one thread). */
   if (!eglMakeCurrent(a->edpy, wb.egl, wb.egl, ca))
      FAIL("eglMakeCurrent(A on B): 0x%04x", eglGetError());
   EGLint width, height;
   query_size(a, &wb, &width, &height);
   draw_pattern(width, height, pattern_a);
   swap(a, &wb);
   screenshot(a, &s);
   /* Both windows now show pattern A: A where it was, B 130 pixels right of it. */
   bool b_ok = ax + 130 + 110 <= s.width;
   for (int k = 0; k < 2 && b_ok; k++) {
      for (int j = 0; j < 80 && b_ok; j++) {
         for (int i = 0; i < 110 && b_ok; i++) {
            int q = (79 - j >= 40 ? 0 : 2) + (i >= 55 ? 1 : 0);
            b_ok = px_is(&s, ax + 130 * k + i, ay + j, pattern_a[q]);
         }
      }
   }
   if (!b_ok)
      FAIL("two: context A drawn into window B does not show in window B");
   printf("mgl-wl-window: two: context A moved to window B shows there\n");
   free(s.rgba);
   eglMakeCurrent(a->edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(a->edpy, ca);
   eglDestroyContext(a->edpy, cb);
   win_destroy(a, &wa);
   win_destroy(a, &wb);
   win_destroy(a, &parent);
}

static void
case_damage(struct app *a)
{
   const char *ext = eglQueryString(a->edpy, EGL_EXTENSIONS);
   if (!ext || !strstr(ext, "EGL_EXT_buffer_age") ||
       !strstr(ext, "EGL_KHR_swap_buffers_with_damage"))
      FAIL("damage: the display lacks EGL_EXT_buffer_age or EGL_KHR_swap_buffers_with_damage: "
           "%s",
           ext ? ext : "(null)");
   PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC swap_damage =
      (PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC)eglGetProcAddress("eglSwapBuffersWithDamageKHR");
   if (!swap_damage)
      FAIL("damage: no eglSwapBuffersWithDamageKHR");
   struct win w;
   toplevel_create(a, &w, 200, 150, true);
   EGLContext ctx = context_create(a);
   if (!eglMakeCurrent(a->edpy, w.egl, w.egl, ctx))
      FAIL("eglMakeCurrent: 0x%04x", eglGetError());
   EGLint age = -1;
   if (!eglQuerySurface(a->edpy, w.egl, EGL_BUFFER_AGE_EXT, &age) || age != 0)
      FAIL("damage: EGL_BUFFER_AGE_EXT before the first swap is %d (error 0x%04x), not 0", age,
           eglGetError());
   draw_pattern(200, 150, pattern_a);
   swap(a, &w);
   if (!eglQuerySurface(a->edpy, w.egl, EGL_BUFFER_AGE_EXT, &age) || age < 0)
      FAIL("damage: EGL_BUFFER_AGE_EXT after a swap: 0x%04x", eglGetError());
   printf("mgl-wl-window: damage: buffer age after the first swap: %d\n", age);
   /* The second frame: the top-left quadrant turns white (pattern c). */
   struct rgb c[4] = {{255, 255, 255}, pattern_a[1], pattern_a[2], pattern_a[3]};
   if (age != 1)
      draw_pattern(200, 150, c); /* the buffer is not the last frame: draw it all */
   glEnable(GL_SCISSOR_TEST);
   clear_rect(0, 75, 100, 75, c[0]);
   glDisable(GL_SCISSOR_TEST);
   EGLint rect[4] = {0, 75, 100, 75};
   if (!swap_damage(a->edpy, w.egl, rect, 1))
      FAIL("damage: eglSwapBuffersWithDamageKHR: 0x%04x", eglGetError());
   struct shot s;
   screenshot(a, &s);
   expect_pattern(&s, 200, 150, c, "damage", NULL, NULL);
   free(s.rgba);
   eglMakeCurrent(a->edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(a->edpy, ctx);
   win_destroy(a, &w);
}

static void
expect_swap_error(struct app *a, struct win *w, EGLint want, const char *what)
{
   if (eglSwapBuffers(a->edpy, w->egl))
      FAIL("%s: eglSwapBuffers succeeded", what);
   EGLint err = eglGetError();
   if (err != want)
      FAIL("%s: eglSwapBuffers failed with 0x%04x, not 0x%04x", what, err, want);
}

static void
case_destroy(struct app *a)
{
   struct win w;
   toplevel_create(a, &w, 100, 100, true);
   EGLContext ctx = context_create(a);
   if (!eglMakeCurrent(a->edpy, w.egl, w.egl, ctx))
      FAIL("eglMakeCurrent: 0x%04x", eglGetError());
   draw_pattern(100, 100, pattern_a);
   swap(a, &w);
   wl_egl_window_destroy(w.native); /* before eglDestroySurface */
   w.native = NULL;
   draw_pattern(100, 100, pattern_b);
   expect_swap_error(a, &w, EGL_BAD_NATIVE_WINDOW, "destroy");
   expect_swap_error(a, &w, EGL_BAD_NATIVE_WINDOW, "destroy (again)");
   eglMakeCurrent(a->edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (!eglDestroySurface(a->edpy, w.egl))
      FAIL("destroy: eglDestroySurface: 0x%04x", eglGetError());
   w.egl = EGL_NO_SURFACE;
   eglDestroyContext(a->edpy, ctx);
   win_destroy(a, &w);
   printf("mgl-wl-window: destroy: swaps after wl_egl_window_destroy fail with "
          "EGL_BAD_NATIVE_WINDOW\n");
}

static void
case_gone(struct app *a)
{
   struct win w;
   toplevel_create(a, &w, 100, 100, true);
   EGLContext ctx = context_create(a);
   if (!eglMakeCurrent(a->edpy, w.egl, w.egl, ctx))
      FAIL("eglMakeCurrent: 0x%04x", eglGetError());
   eglSwapInterval(a->edpy, 1);
   draw_pattern(100, 100, pattern_a);
   swap(a, &w);
   /* The compositor's end of the connection goes: what a crashed compositor looks like. */
   shutdown(wl_display_get_fd(a->dpy), SHUT_RDWR);
   double t0 = now_s();
   draw_pattern(100, 100, pattern_b);
   expect_swap_error(a, &w, EGL_BAD_NATIVE_WINDOW, "gone");
   expect_swap_error(a, &w, EGL_BAD_NATIVE_WINDOW, "gone (again)");
   double t = now_s() - t0;
   if (t > 2.0)
      FAIL("gone: the failing swaps took %.1f s", t);
   eglMakeCurrent(a->edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (!eglDestroySurface(a->edpy, w.egl))
      FAIL("gone: eglDestroySurface: 0x%04x", eglGetError());
   eglDestroyContext(a->edpy, ctx);
   printf("mgl-wl-window: gone: swaps fail with EGL_BAD_NATIVE_WINDOW in %.1f ms\n", t * 1e3);
}

static void
case_stalled(struct app *a)
{
   const char *pid_s = getenv("MGL_WL_COMPOSITOR_PID");
   pid_t pid = pid_s ? (pid_t)atoi(pid_s) : 0;
   if (pid <= 0)
      FAIL("stalled: MGL_WL_COMPOSITOR_PID is not set");
   struct win w;
   toplevel_create(a, &w, 100, 80, true);
   EGLContext ctx = context_create(a);
   if (!eglMakeCurrent(a->edpy, w.egl, w.egl, ctx))
      FAIL("eglMakeCurrent: 0x%04x", eglGetError());
   eglSwapInterval(a->edpy, 0);
   draw_pattern(100, 80, pattern_a);
   swap(a, &w);
   wl_display_roundtrip(a->dpy); /* the compositor has the first frame */
   if (kill(pid, SIGSTOP) != 0)
      FAIL("stalled: SIGSTOP %d: %s", (int)pid, strerror(errno));
   double worst = 0, t0 = now_s();
   for (int i = 0; i < 4; i++) {
      draw_pattern(100, 80, (i & 1) ? pattern_a : pattern_b);
      double s0 = now_s();
      bool ok = eglSwapBuffers(a->edpy, w.egl);
      double d = now_s() - s0;
      worst = d > worst ? d : worst;
      if (!ok) {
         kill(pid, SIGCONT);
         FAIL("stalled: swap %d failed: 0x%04x", i, eglGetError());
      }
   }
   double total = now_s() - t0;
   kill(pid, SIGCONT);
   printf("mgl-wl-window: stalled: 4 swaps against a stopped compositor took %.0f ms (worst "
          "%.0f ms)\n",
          total * 1e3, worst * 1e3);
   if (worst > 2.5 || total > 8.0)
      FAIL("stalled: a swap waited %.1f s for a stopped compositor", worst);
   if (worst < 0.5)
      FAIL("stalled: no swap waited for a buffer (worst %.0f ms): did the compositor stop?",
           worst * 1e3);
   /* Running again: the next frame shows. */
   draw_pattern(100, 80, pattern_b);
   swap(a, &w);
   draw_pattern(100, 80, pattern_b);
   swap(a, &w);
   struct shot s;
   screenshot(a, &s);
   expect_pattern(&s, 100, 80, pattern_b, "stalled (after SIGCONT)", NULL, NULL);
   free(s.rgba);
   eglMakeCurrent(a->edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(a->edpy, ctx);
   win_destroy(a, &w);
}

static void
case_hidden(struct app *a)
{
   struct win w;
   memset(&w, 0, sizeof(w));
   w.surface = wl_compositor_create_surface(a->compositor); /* no role: never mapped */
   win_egl(a, &w, 64, 64);
   EGLContext ctx = context_create(a);
   if (!eglMakeCurrent(a->edpy, w.egl, w.egl, ctx))
      FAIL("eglMakeCurrent: 0x%04x", eglGetError());
   eglSwapInterval(a->edpy, 1);
   const int n = 6;
   double t0 = now_s();
   for (int i = 0; i < n; i++) {
      draw_pattern(64, 64, (i & 1) ? pattern_a : pattern_b);
      swap(a, &w);
   }
   double t = now_s() - t0;
   printf("mgl-wl-window: hidden: %d swaps at interval 1 took %.0f ms\n", n, t * 1e3);
   /* The first frame has no callback to wait for; each later one waits out the bound. */
   if (t > 3.0)
      FAIL("hidden: %d swaps took %.1f s: the frame-callback wait is not bounded", n, t);
   if (t < (n - 1) * 0.080)
      FAIL("hidden: %d swaps took %.0f ms: interval 1 did not wait for a frame callback", n,
           t * 1e3);
   eglMakeCurrent(a->edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(a->edpy, ctx);
   win_destroy(a, &w);
}

static void
case_platform(struct app *a)
{
   EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR, a->dpy, NULL);
   if (d == EGL_NO_DISPLAY)
      FAIL("platform: eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR): 0x%04x", eglGetError());
   if (d != a->edpy)
      FAIL("platform: eglGetPlatformDisplay gave %p, eglGetDisplay %p for the same wl_display", d,
           a->edpy);
   const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   if (!client || !strstr(client, "EGL_KHR_platform_wayland"))
      FAIL("platform: client extensions lack EGL_KHR_platform_wayland: %s",
           client ? client : "(null)");
   EGLint n = 0;
   eglGetConfigs(a->edpy, NULL, 0, &n);
   EGLConfig *cfgs = calloc((size_t)n, sizeof(*cfgs));
   eglGetConfigs(a->edpy, cfgs, n, &n);
   int windows = 0;
   for (int i = 0; i < n; i++) {
      EGLint st = 0;
      eglGetConfigAttrib(a->edpy, cfgs[i], EGL_SURFACE_TYPE, &st);
      windows += (st & EGL_WINDOW_BIT) != 0;
   }
   free(cfgs);
   if (!windows)
      FAIL("platform: none of %d configs has EGL_WINDOW_BIT", n);
   printf("mgl-wl-window: platform: %d of %d configs have EGL_WINDOW_BIT\n", windows, n);
   /* And a window surface made through the platform entry point draws. */
   struct win w;
   toplevel_create(a, &w, 64, 48, false);
   w.native = wl_egl_window_create(w.surface, 64, 48);
   w.egl = eglCreatePlatformWindowSurface(d, a->config, w.native, NULL);
   if (w.egl == EGL_NO_SURFACE)
      FAIL("platform: eglCreatePlatformWindowSurface: 0x%04x", eglGetError());
   EGLContext ctx = context_create(a);
   if (!eglMakeCurrent(d, w.egl, w.egl, ctx))
      FAIL("eglMakeCurrent: 0x%04x", eglGetError());
   draw_pattern(64, 48, pattern_b);
   swap(a, &w);
   struct shot s;
   screenshot(a, &s);
   expect_pattern(&s, 64, 48, pattern_b, "platform", NULL, NULL);
   free(s.rgba);
   eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(d, ctx);
   win_destroy(a, &w);
}

static int
window_configs(EGLDisplay d)
{
   EGLint n = 0, windows = 0;
   static const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE,
                                    EGL_OPENGL_ES2_BIT, EGL_NONE};
   if (!eglChooseConfig(d, attribs, NULL, 0, &windows))
      FAIL("eglChooseConfig: 0x%04x", eglGetError());
   eglGetConfigs(d, NULL, 0, &n);
   return n > 0 ? windows : -1;
}

/* Runs before app_init: the display under test is EGL's own connection. */
static void
case_default(void)
{
   setenv("EGL_PLATFORM", "wayland", 1);
   EGLDisplay d = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   if (d == EGL_NO_DISPLAY)
      FAIL("default: eglGetDisplay(EGL_DEFAULT_DISPLAY) with EGL_PLATFORM=wayland: 0x%04x",
           eglGetError());
   /* No compositor there yet: eglInitialize fails with an error, and again the same way. */
   const char *saved = getenv("WAYLAND_DISPLAY");
   char *keep = saved ? strdup(saved) : NULL;
   setenv("WAYLAND_DISPLAY", "mgl-wl-window-no-such-socket", 1);
   for (int i = 0; i < 2; i++) {
      if (eglInitialize(d, NULL, NULL))
         FAIL("default: eglInitialize succeeded with no compositor at WAYLAND_DISPLAY");
      EGLint err = eglGetError();
      if (err != EGL_NOT_INITIALIZED)
         FAIL("default: eglInitialize with no compositor: 0x%04x, not EGL_NOT_INITIALIZED", err);
   }
   if (keep)
      setenv("WAYLAND_DISPLAY", keep, 1);
   free(keep);
   printf("mgl-wl-window: default: no compositor: eglInitialize fails with "
          "EGL_NOT_INITIALIZED\n");
   if (!eglInitialize(d, NULL, NULL))
      FAIL("default: eglInitialize: 0x%04x", eglGetError());
   int windows = window_configs(d);
   if (windows <= 0)
      FAIL("default: no config with EGL_WINDOW_BIT on the default Wayland display (%d)", windows);
   /* A context made current without a surface works on it. */
   eglBindAPI(EGL_OPENGL_ES_API);
   static const EGLint ctx_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLContext ctx = eglCreateContext(d, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, ctx_attribs);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
      FAIL("default: a surfaceless ES 2 context: 0x%04x", eglGetError());
   glClear(GL_COLOR_BUFFER_BIT);
   glFinish();
   eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(d, ctx);
   if (!eglTerminate(d))
      FAIL("default: eglTerminate: 0x%04x", eglGetError());
   printf("mgl-wl-window: default: EGL_PLATFORM=wayland gives a display with %d window "
          "configs\n",
          windows);
}

static void
case_bench(struct app *a)
{
   const char *env = getenv("MGL_WL_BENCH_FRAMES");
   int n = env ? atoi(env) : 200;
   if (n < 10)
      n = 10;
   struct win w;
   toplevel_create(a, &w, 800, 600, true);
   EGLContext ctx = context_create(a);
   if (!eglMakeCurrent(a->edpy, w.egl, w.egl, ctx))
      FAIL("eglMakeCurrent: 0x%04x", eglGetError());
   eglSwapInterval(a->edpy, 0);
   for (int i = 0; i < 10; i++) { /* warm up: buffers allocated, pipelines made */
      draw_pattern(800, 600, (i & 1) ? pattern_a : pattern_b);
      swap(a, &w);
   }
   glFinish();
   double in_swap = 0, worst = 0, t0 = now_s();
   for (int i = 0; i < n; i++) {
      draw_pattern(800, 600, (i & 1) ? pattern_a : pattern_b);
      double s0 = now_s();
      swap(a, &w);
      double d = now_s() - s0;
      in_swap += d;
      worst = d > worst ? d : worst;
   }
   double total = now_s() - t0;
   printf("mgl-wl-window: bench: 800x600, %d frames at interval 0: %.2f ms a frame (%.1f fps), "
          "%.2f ms of it in eglSwapBuffers (worst %.2f ms)\n",
          n, total * 1e3 / n, n / total, in_swap * 1e3 / n, worst * 1e3);
   /* For comparison: the same bytes through glReadPixels, as an application reads them. */
   uint8_t *px = malloc(800 * 600 * 4);
   double t_read = now_s();
   for (int i = 0; i < 20; i++) {
      draw_pattern(800, 600, (i & 1) ? pattern_a : pattern_b);
      glReadPixels(0, 0, 800, 600, GL_RGBA, GL_UNSIGNED_BYTE, px);
   }
   t_read = now_s() - t_read;
   double t_draw = now_s();
   for (int i = 0; i < 20; i++) {
      draw_pattern(800, 600, (i & 1) ? pattern_a : pattern_b);
      glFinish();
   }
   t_draw = now_s() - t_draw;
   double t_only = now_s();
   for (int i = 0; i < 20; i++)
      glReadPixels(0, 0, 800, 600, GL_RGBA, GL_UNSIGNED_BYTE, px);
   t_only = now_s() - t_only;
   free(px);
   printf("mgl-wl-window: bench: draw + glReadPixels of 800x600 RGBA8: %.2f ms a frame; the "
          "draw + glFinish alone %.2f ms, glReadPixels alone %.2f ms\n",
          t_read * 1e3 / 20, t_draw * 1e3 / 20, t_only * 1e3 / 20);
   eglMakeCurrent(a->edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(a->edpy, ctx);
   win_destroy(a, &w);
}

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr,
              "usage: %s draw|resize|interval|two|damage|destroy|gone|stalled|hidden|"
              "platform|default|bench\n",
              argv[0]);
      return 2;
   }
   alarm(60); /* a hang is a failure, not a stuck test */
   if (!strcmp(argv[1], "default")) {
      case_default();
      eglReleaseThread();
      printf("mgl-wl-window: PASS default\n");
      return 0;
   }
   struct app a;
   app_init(&a, true);
   const char *c = argv[1];
   if (!strcmp(c, "draw"))
      case_draw(&a);
   else if (!strcmp(c, "resize"))
      case_resize(&a);
   else if (!strcmp(c, "interval"))
      case_interval(&a);
   else if (!strcmp(c, "two"))
      case_two(&a);
   else if (!strcmp(c, "damage"))
      case_damage(&a);
   else if (!strcmp(c, "destroy"))
      case_destroy(&a);
   else if (!strcmp(c, "gone"))
      case_gone(&a);
   else if (!strcmp(c, "platform"))
      case_platform(&a);
   else if (!strcmp(c, "stalled"))
      case_stalled(&a);
   else if (!strcmp(c, "hidden"))
      case_hidden(&a);
   else if (!strcmp(c, "bench"))
      case_bench(&a);
   else
      FAIL("unknown case %s", c);
   eglTerminate(a.edpy);
   eglReleaseThread();
   if (strcmp(c, "gone") != 0)
      wl_display_disconnect(a.dpy);
   printf("mgl-wl-window: PASS %s\n", c);
   return 0;
}
