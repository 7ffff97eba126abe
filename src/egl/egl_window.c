/* egl_window.c — the window-surface layer (egl_window.h): the window systems built into this
 * library, window surface creation and the swap of a window surface (read back, present,
 * pick up a resize), on every arm alike. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "array.h"
#include "egl_internal.h"
#include "egl_window.h"
#include "log.h"

static const struct egl_platform *const platforms[] = {
#if MGL_EGL_X11
   &egl_platform_x11,
   &egl_platform_xcb,
#endif
#if MGL_EGL_WAYLAND
   &egl_platform_wayland,
#endif
   NULL,
};

const struct egl_platform *
egl_window_platform(EGLenum platform)
{
   for (size_t i = 0; platforms[i]; i++) {
      if (platforms[i]->platform == platform)
         return platforms[i];
   }
   return NULL;
}

int
egl_window_frames_in_flight(void)
{
   static int cached;
   int n = __atomic_load_n(&cached, __ATOMIC_RELAXED);
   if (n)
      return n;
   n = 2;
   const char *env = getenv("MGL_FRAMES_IN_FLIGHT");
   if (env && *env) {
      char *end;
      long v = strtol(env, &end, 10);
      if (*end || v < 1 || v > 8)
         mgu_warn("egl: MGL_FRAMES_IN_FLIGHT=%s is not 1..8; using 2", env);
      else
         n = (int)v;
   }
   __atomic_store_n(&cached, n, __ATOMIC_RELAXED);
   return n;
}

/* ---- window surfaces ------------------------------------------------------------------------ */

/* The attributes of a window surface (EGL 1.5 §3.5.1) or a pixmap surface (§3.5.4): the same
 * colour space and VG ones; EGL_RENDER_BUFFER for a window only. */
EGLint
egl_native_surface_attribs(const EGLAttrib *attrib_list, bool window, const char *func)
{
   for (const EGLAttrib *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      const EGLAttrib v = a[1];
      switch (a[0]) {
      case EGL_RENDER_BUFFER:
         if (!window)
            return EGL_BAD_ATTRIBUTE;
         /* EGL_SINGLE_BUFFER is a hint an implementation may ignore (EGL 1.5 §3.5.1): the
          * surface stays back-buffered and EGL_RENDER_BUFFER reports EGL_BACK_BUFFER. */
         if (v != EGL_BACK_BUFFER && v != EGL_SINGLE_BUFFER)
            return EGL_BAD_ATTRIBUTE;
         break;
      case EGL_GL_COLORSPACE:
         if (v == EGL_GL_COLORSPACE_SRGB) {
            mgu_info("egl: %s: sRGB %s surfaces are not supported yet", func,
                     window ? "window" : "pixmap");
            return EGL_BAD_MATCH;
         }
         if (v != EGL_GL_COLORSPACE_LINEAR)
            return EGL_BAD_ATTRIBUTE;
         break;
      case EGL_VG_ALPHA_FORMAT:
         if (v == EGL_VG_ALPHA_FORMAT_PRE)
            return EGL_BAD_MATCH;
         if (v != EGL_VG_ALPHA_FORMAT_NONPRE)
            return EGL_BAD_ATTRIBUTE;
         break;
      case EGL_VG_COLORSPACE:
         if (v == EGL_VG_COLORSPACE_LINEAR)
            return EGL_BAD_MATCH;
         if (v != EGL_VG_COLORSPACE_sRGB)
            return EGL_BAD_ATTRIBUTE;
         break;
      default: return EGL_BAD_ATTRIBUTE;
      }
   }
   return EGL_SUCCESS;
}

EGLSurface
egl_window_surface_create(EGLDisplay dpy, EGLConfig config, void *native_window, bool platform_form,
                          const EGLAttrib *attrib_list, const char *func)
{
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   egl_unlock();
   if (!d)
      return EGL_NO_SURFACE;
   if (!d->window || !d->nd) {
      /* EGL_MESA_platform_surfaceless and the offscreen display have no native windows: this
       * fails before the config is looked at (even EGL_NO_CONFIG_KHR). */
      mgu_info("egl: %s: display %p has no window system (pbuffers and surfaceless contexts "
               "only); use an X11%s display",
               func, dpy, egl_window_platform(EGL_PLATFORM_WAYLAND_KHR) ? " or Wayland" : "");
      egl_error(EGL_BAD_NATIVE_WINDOW, func, "no native windows on this display");
      return EGL_NO_SURFACE;
   }
   const struct egl_config *c = egl_lookup_config(config);
   if (!c) {
      egl_error(EGL_BAD_CONFIG, func, "config %p", config);
      return EGL_NO_SURFACE;
   }
   if (!d->config_window[egl_config_index(c)]) {
      egl_error(EGL_BAD_MATCH, func, "config %d has no EGL_WINDOW_BIT on this display",
                c->config_id);
      return EGL_NO_SURFACE;
   }
   EGLint err = egl_native_surface_attribs(attrib_list, true, func);
   if (err != EGL_SUCCESS) {
      egl_error(err, func, "window surface attributes");
      return EGL_NO_SURFACE;
   }
   if (platform_form && !native_window) {
      egl_error(EGL_BAD_NATIVE_WINDOW, func, "native_window is NULL");
      return EGL_NO_SURFACE;
   }

   const struct egl_platform *p = d->window;
   struct egl_window *win = NULL;
   err = p->window_create(d->nd, native_window, platform_form, c, &win);
   if (err != EGL_SUCCESS) {
      egl_error(err, func, "the %s platform refused window %p", p->name, native_window);
      return EGL_NO_SURFACE;
   }
   int32_t w = 0, h = 0;
   if (!p->window->get_size(win, &w, &h)) {
      p->window->destroy(win);
      egl_error(EGL_BAD_NATIVE_WINDOW, func, "window %p is gone", native_window);
      return EGL_NO_SURFACE;
   }
   struct egl_surface *s = calloc(1, sizeof(*s));
   if (!s) {
      p->window->destroy(win);
      egl_error(EGL_BAD_ALLOC, func, "out of memory");
      return EGL_NO_SURFACE;
   }
   enum fe_status st;
   if (!egl_surface_init(s, c, EGL_WINDOW_BIT, w, h, &st)) {
      p->window->destroy(win);
      free(s);
      egl_error(egl_fe_error(st), func, "the front end refused a %dx%d window surface", w, h);
      return EGL_NO_SURFACE;
   }
   s->win = win;
   s->win_ops = p->window;
   p->window->set_swap_interval(win, 1);

   egl_lock();
   EGLint late = d->initialized ? EGL_SUCCESS : EGL_NOT_INITIALIZED; /* terminated meanwhile */
   if (late == EGL_SUCCESS && p->window->native_id) {
      /* One EGLSurface per native window (EGL 1.5 §3.5.1). */
      const uintptr_t id = p->window->native_id(win);
      for (struct egl_object *o = d->surfaces; o; o = o->next) {
         const struct egl_surface *other = (const struct egl_surface *)o;
         if (other->win_ops == p->window && !other->lost &&
             other->win_ops->native_id(other->win) == id)
            late = EGL_BAD_ALLOC;
      }
   }
   if (late != EGL_SUCCESS) {
      egl_unlock();
      egl_window_surface_finish(s);
      fe_surface_destroy(s->fe);
      free(s);
      egl_error(late, func,
                late == EGL_BAD_ALLOC ? "the window already has a surface" : "display terminated");
      return EGL_NO_SURFACE;
   }
   egl_object_add(d, EGL_OBJECT_SURFACE, &s->base);
   egl_unlock();
   mgu_info("egl: %s: %s window surface %p, %dx%d, config %d", func, p->name, (void *)s, w, h,
            c->config_id);
   egl_success();
   return (EGLSurface)s;
}

enum present_mode { PRESENT_AUTO, PRESENT_COPY, PRESENT_WSI, PRESENT_READ };

/* MGL_PRESENT=copy|read|wsi|auto: copy forces the copy path (from a present store where the
 * arm has them, else the frame read back through the transport); read forces the copy path
 * with the read back (the present stores off: a baseline); auto (the default) lets the server
 * present where it can reach the window and finds that faster (not on a CPU device); wsi lets
 * it present wherever it can reach the window. */
static enum present_mode
present_mode(void)
{
   static int mode = -1;
   if (mode < 0) {
      const char *v = getenv("MGL_PRESENT");
      mode = !v                   ? PRESENT_AUTO
             : !strcmp(v, "copy") ? PRESENT_COPY
             : !strcmp(v, "wsi")  ? PRESENT_WSI
             : !strcmp(v, "read") ? PRESENT_READ
                                  : PRESENT_AUTO;
      if (v && strcmp(v, "copy") && strcmp(v, "read") && strcmp(v, "wsi") && strcmp(v, "auto"))
         mgu_warn("egl: MGL_PRESENT=%s is not copy, read, wsi or auto: auto", v);
   }
   return (enum present_mode)mode;
}

static uint64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void
egl_window_surface_finish(struct egl_surface *s)
{
   if (s->frames)
      mgu_info("egl: window surface %p: %llu frames (%llu presented by the server through "
               "Vulkan WSI, %llu by the copy path), %llu of them from a present store, swap in "
               "%.3f ms/frame, presented here in %.3f ms/frame",
               (void *)s, (unsigned long long)s->frames, (unsigned long long)s->frames_server,
               (unsigned long long)(s->frames - s->frames_server),
               (unsigned long long)s->stores.frames,
               (double)s->readback_ns / 1e6 / (double)s->frames,
               (double)s->present_ns / 1e6 / (double)s->frames);
   if (s->win_ops)
      s->win_ops->destroy(s->win); /* waits until the window system reads no store */
   s->win = NULL;
   s->win_ops = NULL;
   egl_present_stores_finish(&s->stores);
   free(s->frame);
   s->frame = NULL;
   s->frame_size = 0;
}

void
egl_window_set_swap_interval(struct egl_surface *s, EGLint interval)
{
   if (!s->lost && s->win_ops)
      s->win_ops->set_swap_interval(s->win, interval);
}

/* The surface's native window is gone: said once, and every later swap fails. */
static EGLBoolean
surface_lost(struct egl_surface *s, const char *func)
{
   if (!s->lost) {
      s->lost = true;
      mgu_warn("egl: %s: the native window of surface %p is gone; the surface is lost "
               "(EGL_BAD_NATIVE_WINDOW from now on)",
               func, (void *)s);
   }
   return egl_error(EGL_BAD_NATIVE_WINDOW, func, "the native window of surface %p is gone",
                    (void *)s);
}

#define MAX_DAMAGE_RECTS 64

enum fe_status
egl_present_stores_swap(struct egl_present_stores *ps, struct fe_context *ctx,
                        struct fe_surface *surf, const struct egl_window_ops *ops,
                        struct egl_window *win, int w, int h, const char *who, int *slot)
{
   *slot = -1;
   if (ps->off || !ops->shared_slots || present_mode() == PRESENT_READ || !w || !h)
      return FE_OK;
   int n = ops->shared_slots(win);
   if (n > EGL_MAX_PRESENT_STORES)
      n = EGL_MAX_PRESENT_STORES;
   if (n <= 0)
      return FE_OK;
   const int i = ps->next % n;
   /* The window system may still read this store's previous frame. */
   const uint64_t t0 = now_ns();
   ops->shared_wait(win, i);
   ps->wait_ns += now_ns() - t0;
   for (int tries = 0; tries < 2; tries++) {
      enum fe_status st = FE_OK;
      if (!ps->store[i]) {
         st = fe_present_store_create(ctx, w, h, &ps->store[i]);
         if (st == FE_BAD_MATCH) {
            ps->off = true;
            mgu_info("%s: no present stores on this arm (no heap, or the server has no "
                     "present_to_buffer): the frame is read back",
                     who);
            return FE_OK;
         }
         if (st != FE_OK)
            return st;
      }
      bool written = false;
      st = fe_swap_buffers_store(ctx, surf, ps->store[i], &written);
      if (st == FE_BAD_MATCH) {
         /* made for another size or share group: a new one */
         fe_present_store_destroy(ps->store[i]);
         ps->store[i] = NULL;
         continue;
      }
      if (st != FE_OK)
         return st;
      if (!written) {
         ps->off = true; /* the server declined (named in its log) */
         return FE_OK;
      }
      *slot = i;
      ps->next = (i + 1) % n;
      return FE_OK;
   }
   return FE_OK;
}

EGLint
egl_present_stores_present(struct egl_present_stores *ps, const struct egl_window_ops *ops,
                           struct egl_window *win, struct egl_frame *frame, int slot)
{
   int fd;
   uint64_t off;
   const uint8_t *top;
   fe_present_store_memory(ps->store[slot], &fd, &off, &top);
   frame->top = top; /* the server wrote it top row first, rows tight */
   frame->stride = (ptrdiff_t)frame->width * 4;
   ps->frames++;
   return ops->shared_present(win, frame, slot, fd, off);
}

void
egl_present_stores_finish(struct egl_present_stores *ps)
{
   for (int i = 0; i < EGL_MAX_PRESENT_STORES; i++) {
      fe_present_store_destroy(ps->store[i]);
      ps->store[i] = NULL;
   }
   ps->next = 0;
   ps->off = false;
}

EGLBoolean
egl_window_swap(struct egl_thread *t, struct egl_surface *s, const EGLint *rects, EGLint n_rects,
                const char *func)
{
   if (s->lost)
      return egl_error(EGL_BAD_NATIVE_WINDOW, func, "surface %p is lost", (void *)s);
   int w, h;
   fe_surface_size(s->fe, &w, &h);
   const size_t row = (size_t)w * 4u, size = row * (size_t)h;
   if (!mgu_array_reserve_exact(s->frame, s->frame_size, size))
      return egl_error(EGL_BAD_ALLOC, func, "no memory for a %dx%d frame", w, h);
   /* EGL's damage rectangles count from the bottom-left corner; the platform's from the top. */
   struct egl_rect damage[MAX_DAMAGE_RECTS];
   int32_t n_damage = 0;
   for (EGLint i = 0; i < n_rects && n_damage >= 0; i++) {
      const EGLint *r = rects + 4 * i;
      int64_t x0 = r[0], y0 = r[1], x1 = (int64_t)r[0] + r[2], y1 = (int64_t)r[1] + r[3];
      if (x0 < 0)
         x0 = 0;
      if (y0 < 0)
         y0 = 0;
      if (x1 > w)
         x1 = w;
      if (y1 > h)
         y1 = h;
      if (x1 <= x0 || y1 <= y0)
         continue;
      if (n_damage == MAX_DAMAGE_RECTS) {
         n_damage = -1; /* too many to carry: present everything */
         break;
      }
      damage[n_damage++] =
         (struct egl_rect){(int32_t)x0, (int32_t)(h - y1), (int32_t)(x1 - x0), (int32_t)(y1 - y0)};
   }
   /* Every rectangle outside the surface: nothing changed on screen, still a frame. */
   const bool nothing = n_rects > 0 && n_damage == 0;
   if (n_damage < 0)
      n_damage = 0;
   /* The server presents into the window itself where it can reach it (MGL_PRESENT=copy:
    * never); else the frame is read back and put into the window here (the copy path), as is
    * a frame with damage rectangles: only the copy path shows no more than the damage. */
   enum fe_status st = FE_OK;
   bool by_server = false;
   const uint64_t t0 = now_ns();
   struct fe_window_token tok = {.interval = s->swap_interval > 0,
                                 .force = present_mode() == PRESENT_WSI};
   if (nothing) {
      st = fe_swap_buffers_hidden(t->ctx->fe, s->fe);
   } else if (w && h && !n_damage && present_mode() != PRESENT_COPY &&
              present_mode() != PRESENT_READ && s->win_ops->server_token &&
              s->win_ops->server_token(s->win, &tok.window, tok.display, sizeof(tok.display))) {
      st = fe_swap_buffers_window(t->ctx->fe, s->fe, &tok, &by_server);
   }
   int slot = -1;
   if (st == FE_OK && !nothing && !by_server) {
      char who[48];
      snprintf(who, sizeof(who), "egl: window surface %p", (void *)s);
      st = egl_present_stores_swap(&s->stores, t->ctx->fe, s->fe, s->win_ops, s->win, w, h, who,
                                   &slot);
   }
   if (st == FE_OK && !nothing && !by_server && slot < 0)
      st = fe_swap_buffers_read(t->ctx->fe, s->fe, s->frame, s->frame_size);
   const uint64_t t1 = now_ns();
   if (st != FE_OK)
      return egl_error(egl_fe_error(st), func, "the front end failed the swap");

   struct egl_frame frame = {
      .top = h ? s->frame + (size_t)(h - 1) * row : s->frame,
      .stride = -(ptrdiff_t)row,
      .width = w,
      .height = h,
      .has_alpha = s->config->alpha_size > 0,
      .damage = damage,
      .damage_count = n_damage,
      .serial = s->frames + 1,
   };
   EGLint err = EGL_SUCCESS;
   if (slot >= 0) {
      err = egl_present_stores_present(&s->stores, s->win_ops, s->win, &frame, slot);
   } else if (w && h && !nothing && !by_server) {
      err = s->win_ops->present(s->win, &frame);
   }
   if (err == EGL_BAD_NATIVE_WINDOW)
      return surface_lost(s, func);
   if (err != EGL_SUCCESS)
      return egl_error(err, func, "the window system did not take frame %llu",
                       (unsigned long long)frame.serial);
   s->frames++;
   s->frames_server += by_server;
   s->buffer_age = 1;
   s->readback_ns += t1 - t0;
   s->present_ns += now_ns() - t1;

   /* A new size is picked up here, before the next frame is drawn. */
   int32_t nw, nh;
   if (!s->win_ops->get_size(s->win, &nw, &nh))
      return surface_lost(s, func); /* gone before the frame could be seen */
   if (nw != w || nh != h) {
      st = fe_surface_resize(s->fe, nw, nh);
      if (st != FE_OK)
         return egl_error(egl_fe_error(st), func, "cannot resize the surface to %dx%d", nw, nh);
      egl_lock();
      s->width = nw;
      s->height = nh;
      s->buffer_age = 0;
      egl_unlock();
      mgu_debug("egl: surface %p resized to %dx%d", (void *)s, nw, nh);
   }
   return egl_success();
}

/* ---- entry points --------------------------------------------------------------------------- */

bool
egl_widen_attribs(const EGLint *in, EGLAttrib *out, size_t cap)
{
   size_t n = 0;
   for (const EGLint *a = in; a && a[0] != EGL_NONE; a += 2) {
      if (n + 3 > cap)
         return false;
      out[n++] = a[0];
      out[n++] = a[1];
   }
   out[n] = EGL_NONE;
   return true;
}

EGLSurface EGLAPIENTRY
mgl_eglCreateWindowSurface(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win,
                           const EGLint *attrib_list)
{
   EGLAttrib attribs[33];
   if (!egl_widen_attribs(attrib_list, attribs, sizeof(attribs) / sizeof(attribs[0]))) {
      egl_error(EGL_BAD_ATTRIBUTE, "eglCreateWindowSurface", "attribute list too long");
      return EGL_NO_SURFACE;
   }
   return egl_window_surface_create(dpy, config, (void *)win, false, attribs,
                                    "eglCreateWindowSurface");
}

EGLSurface EGLAPIENTRY
mgl_eglCreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void *native_window,
                                   const EGLAttrib *attrib_list)
{
   return egl_window_surface_create(dpy, config, native_window, true, attrib_list,
                                    "eglCreatePlatformWindowSurface");
}

EGLSurface EGLAPIENTRY
mgl_eglCreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config, void *native_window,
                                      const EGLint *attrib_list)
{
   EGLAttrib attribs[33];
   if (!egl_widen_attribs(attrib_list, attribs, sizeof(attribs) / sizeof(attribs[0]))) {
      egl_error(EGL_BAD_ATTRIBUTE, "eglCreatePlatformWindowSurfaceEXT", "attribute list too long");
      return EGL_NO_SURFACE;
   }
   return egl_window_surface_create(dpy, config, native_window, true, attribs,
                                    "eglCreatePlatformWindowSurfaceEXT");
}
