/* glx_window.c — GLX windows presented through the window-surface layer's X11 platform (the
 * one EGL's X11 windows use): the window's state comes from its window_create; on the ring
 * arms (inproc, spawn) glXSwapBuffers has the server write the back colour buffer into a
 * present store the X server reads (egl_window.h: egl_present_stores_swap, no pixel crosses
 * the transport); elsewhere, or once that is declined, it reads the buffer back into client
 * memory (fe_swap_buffers_read) and hands it to the platform's present. A new window size
 * re-creates the surface's buffers before the next frame (as Mesa does for X11). A window that
 * went away makes its drawable lost: its swaps report GLXBadCurrentWindow. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "array.h"
#include "decline.h"
#include "egl_window.h"
#include "glx_window.h"
#include "log.h"

static uint64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The platform's per-screen display state, opened on first use (caller holds the lock). */
static struct egl_native_display *
native_display(struct glx_display *gd, int screen)
{
   if (screen < 0 || screen >= gd->screen_count || !gd->dpy)
      return NULL;
   if (!gd->native[screen]) {
      const struct egl_platform *p = egl_window_platform(EGL_PLATFORM_X11_KHR);
      struct egl_native_display *nd = NULL;
      if (!p || p->display_open(gd->dpy, screen, &nd) != EGL_SUCCESS)
         return NULL;
      gd->native[screen] = nd;
   }
   return gd->native[screen];
}

bool
glx_window_create(struct glx_display *gd, struct glx_drawable *d, int *error, bool *glx_error)
{
   const struct egl_platform *p = egl_window_platform(EGL_PLATFORM_X11_KHR);
   if (!p) {
      MGU_DECLINE(glx_window_no_platform,
                  "GLX window 0x%lx: this libmgl.so has no X11 window platform to present "
                  "through; GLX renders to pbuffers only",
                  (unsigned long)d->window);
      *error = BadMatch, *glx_error = false;
      return false;
   }
   struct egl_native_display *nd = native_display(gd, d->config->screen);
   if (!nd) {
      *error = BadAlloc, *glx_error = false;
      return false;
   }
   struct egl_window *win = NULL;
   EGLint st;
   if (d->kind == GLX_KIND_PIXMAP) {
      /* A pixmap is written by the same copy path (egl_window.h: pixmap_create). */
      int depth = 0;
      st =
         p->pixmap_create(nd, (void *)(uintptr_t)d->window, false, &d->config->shape, &win, &depth);
      if (st != EGL_SUCCESS) {
         *glx_error = false;
         *error = st == EGL_BAD_NATIVE_PIXMAP ? BadPixmap
                  : st == EGL_BAD_MATCH       ? BadMatch
                                              : BadAlloc;
         return false;
      }
   } else {
      st = p->window_create(nd, (void *)(uintptr_t)d->window, false, &d->config->shape, &win);
      if (st != EGL_SUCCESS) {
         *glx_error = st == EGL_BAD_NATIVE_WINDOW;
         *error = st == EGL_BAD_NATIVE_WINDOW ? GLX_ERR_BAD_DRAWABLE
                  : st == EGL_BAD_MATCH       ? BadMatch
                                              : BadAlloc;
         return false;
      }
   }
   int32_t w = 0, h = 0;
   if (!p->window->get_size(win, &w, &h)) {
      p->window->destroy(win);
      *error = GLX_ERR_BAD_DRAWABLE, *glx_error = true;
      return false;
   }
   d->platform = p;
   d->win = win;
   d->width = w;
   d->height = h;
   p->window->set_swap_interval(win, d->swap_interval);
   return true;
}

void
glx_window_destroy(struct glx_drawable *d)
{
   if (!d || !d->win)
      return;
   if (d->frame_serial) {
      const double n = (double)d->frame_serial * 1e6;
      mgu_info("glx: %s 0x%lx: %llu frames, %llu of them from a present store; ms a frame: "
               "swap %.3f (waiting for a store %.3f), present %.3f, size %.3f",
               d->kind == GLX_KIND_PIXMAP ? "pixmap" : "window", (unsigned long)d->window,
               (unsigned long long)d->frame_serial, (unsigned long long)d->stores.frames,
               (double)d->swap_ns / n, (double)d->stores.wait_ns / n, (double)d->present_ns / n,
               (double)d->size_ns / n);
   }
   d->platform->window->destroy(d->win); /* waits until the X server reads no store */
   d->win = NULL;
   egl_present_stores_finish(&d->stores);
   d->stores.frames = d->stores.wait_ns = 0;
   d->swap_ns = d->present_ns = d->size_ns = 0;
   free(d->frame);
   d->frame = NULL;
   d->frame_size = 0;
}

void
glx_window_refresh_size(struct glx_drawable *d)
{
   if (!d->win || d->lost)
      return;
   int32_t w, h;
   if (!d->platform->window->get_size(d->win, &w, &h)) {
      mgu_info("glx: window 0x%lx is gone: its drawable is lost", (unsigned long)d->window);
      d->lost = true;
      return;
   }
   if (w == d->width && h == d->height)
      return;
   if (fe_surface_resize(d->fe, w, h) != FE_OK) {
      mgu_warn("glx: window 0x%lx: the surface could not take the size %dx%d; it stays %dx%d",
               (unsigned long)d->window, w, h, d->width, d->height);
      return;
   }
   d->width = w;
   d->height = h;
}

bool
glx_window_present(struct glx_context *ctx, struct glx_drawable *d, int *error, bool *glx_error)
{
   if (d->lost) {
      *error = GLX_ERR_BAD_CURRENT_WINDOW, *glx_error = true;
      return false;
   }
   int w, h;
   fe_surface_size(d->fe, &w, &h); /* the front end's limit keeps both far below 2^16 */
   size_t size = (size_t)w * (size_t)h * 4u;
   if (size == 0)
      return true; /* a 0x0 window shows nothing */
   const struct egl_window_ops *ops = d->platform->window;
   char who[40];
   snprintf(who, sizeof(who), "glx: window 0x%lx", (unsigned long)d->window);
   int slot = -1;
   const uint64_t t0 = now_ns();
   /* The size after this frame is asked now and answered while the server writes the frame. */
   if (ops->size_ask)
      ops->size_ask(d->win);
   enum fe_status st =
      egl_present_stores_swap(&d->stores, ctx->fe, d->fe, ops, d->win, w, h, who, &slot);
   if (st == FE_OK && slot < 0) {
      if (!mgu_array_reserve_exact(d->frame, d->frame_size, size)) {
         glx_lock();
         glx_window_refresh_size(d); /* takes the answer asked for above */
         glx_unlock();
         *error = BadAlloc, *glx_error = false;
         return false;
      }
      st = fe_swap_buffers_read(ctx->fe, d->fe, d->frame, size);
   }
   const uint64_t t1 = now_ns();
   d->swap_ns += t1 - t0;
   if (st != FE_OK) {
      glx_lock();
      glx_window_refresh_size(d); /* takes the answer asked for above */
      glx_unlock();
      *error = st == FE_CONTEXT_LOST ? GLX_ERR_BAD_CONTEXT_STATE : BadAlloc;
      *glx_error = st == FE_CONTEXT_LOST;
      return false;
   }
   /* The read back's rows bottom-up; a store's are set by egl_present_stores_present. */
   struct egl_frame frame = {
      .top = slot < 0 ? d->frame + (size_t)(h - 1) * (size_t)w * 4u : NULL,
      .stride = -(ptrdiff_t)w * 4,
      .width = w,
      .height = h,
      .has_alpha = d->config->shape.alpha_size > 0,
      .serial = ++d->frame_serial,
   };
   EGLint r = slot >= 0 ? egl_present_stores_present(&d->stores, ops, d->win, &frame, slot)
                        : ops->present(d->win, &frame);
   const uint64_t t2 = now_ns();
   d->present_ns += t2 - t1;
   if (r == EGL_BAD_NATIVE_WINDOW) {
      mgu_info("glx: window 0x%lx is gone: its drawable is lost", (unsigned long)d->window);
      d->lost = true;
      *error = GLX_ERR_BAD_CURRENT_WINDOW, *glx_error = true;
      return false;
   }
   if (r != EGL_SUCCESS)
      mgu_warn("glx: window 0x%lx: frame %llu not presented (0x%04x)", (unsigned long)d->window,
               (unsigned long long)frame.serial, r);
   glx_lock();
   glx_window_refresh_size(d);
   bool lost = d->lost;
   glx_unlock();
   d->size_ns += now_ns() - t2;
   if (lost) {
      /* The window went away before or during this frame: the frame reached no one. */
      *error = GLX_ERR_BAD_CURRENT_WINDOW, *glx_error = true;
      return false;
   }
   return true;
}

void
glx_window_set_interval(struct glx_drawable *d, int interval)
{
   if (d->win && !d->lost)
      d->platform->window->set_swap_interval(d->win, interval);
}
