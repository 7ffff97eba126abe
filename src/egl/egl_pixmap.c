/* egl_pixmap.c — pixmap surfaces (eglCreatePixmapSurface and its platform forms) and
 * eglCopyBuffers, on a window system with native pixmaps (egl_window.h: pixmap_create; X11
 * and XCB).
 *
 * A pixmap surface is single-buffered (EGL_RENDER_BUFFER is EGL_SINGLE_BUFFER): GL renders
 * into an ordinary front-end surface of the pixmap's size and what it rendered is copied into
 * the pixmap by the window copy path (read back, then MIT-SHM or xcb_put_image) when the
 * client API is waited for: glFinish, eglWaitClient and eglWaitGL with the surface current as
 * the draw surface. eglSwapBuffers has no effect on it (EGL 1.5 §3.10.1). eglCopyBuffers copies any
 * surface into a pixmap the same way, current or not. The copy is finished in
 * the X server when the call returns, so any connection reads the pixels after it. */
#include <stdlib.h>

#include "array.h"
#include "decline.h"
#include "egl_internal.h"
#include "egl_window.h"
#include "log.h"

/* The display's window system, when it has native pixmaps; else the named error. */
static struct egl_display *
pixmap_display(EGLDisplay dpy, const char *func)
{
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   egl_unlock();
   if (!d)
      return NULL;
   if (!d->window || !d->nd || !d->window->pixmap_create) {
      MGU_DECLINE(egl_pixmap_no_window_system, "%s: display %p (%s)", func, dpy,
                  d->window ? d->window->name : "no window system");
      egl_error(EGL_BAD_NATIVE_PIXMAP, func, "no native pixmaps on this display");
      return NULL;
   }
   return d;
}

static EGLint copy_to_pixmap(struct fe_context *fe_ctx, struct egl_surface *s,
                             struct egl_window *pix, const struct egl_window_ops *ops);

/* glFinish with the pixmap surface current as the draw surface (fe_surface_set_finish_hook):
 * glFinish has no error to give, so a failure is logged. */
static void
pixmap_finish_hook(struct fe_context *fe_ctx, void *data)
{
   struct egl_surface *s = data;
   EGLint err = copy_to_pixmap(fe_ctx, s, s->win, s->win_ops);
   if (err != EGL_SUCCESS)
      mgu_warn("egl: glFinish: the pixmap of surface %p was not updated (0x%04x)", (void *)s, err);
}

static EGLSurface
pixmap_surface_create(EGLDisplay dpy, EGLConfig config, void *native_pixmap, bool platform_form,
                      const EGLAttrib *attrib_list, const char *func)
{
   struct egl_display *d = pixmap_display(dpy, func);
   if (!d)
      return EGL_NO_SURFACE;
   const struct egl_config *c = egl_lookup_config(config);
   if (!c) {
      egl_error(EGL_BAD_CONFIG, func, "config %p", config);
      return EGL_NO_SURFACE;
   }
   if (!egl_config_pixmap(d, c)) {
      egl_error(EGL_BAD_MATCH, func, "config %d has no EGL_PIXMAP_BIT on this display",
                c->config_id);
      return EGL_NO_SURFACE;
   }
   EGLint err = egl_native_surface_attribs(attrib_list, false, func);
   if (err != EGL_SUCCESS) {
      egl_error(err, func, "pixmap surface attributes");
      return EGL_NO_SURFACE;
   }
   if (platform_form && !native_pixmap) {
      egl_error(EGL_BAD_NATIVE_PIXMAP, func, "native_pixmap is NULL");
      return EGL_NO_SURFACE;
   }
   const struct egl_platform *p = d->window;
   struct egl_window *pix = NULL;
   int depth = 0;
   err = p->pixmap_create(d->nd, native_pixmap, platform_form, c, &pix, &depth);
   if (err != EGL_SUCCESS) {
      egl_error(err, func, "the %s platform refused pixmap %p for config %d", p->name,
                native_pixmap, c->config_id);
      return EGL_NO_SURFACE;
   }
   int32_t w = 0, h = 0;
   if (!p->window->get_size(pix, &w, &h)) {
      p->window->destroy(pix);
      egl_error(EGL_BAD_NATIVE_PIXMAP, func, "pixmap %p is gone", native_pixmap);
      return EGL_NO_SURFACE;
   }
   struct egl_surface *s = calloc(1, sizeof(*s));
   if (!s) {
      p->window->destroy(pix);
      egl_error(EGL_BAD_ALLOC, func, "out of memory");
      return EGL_NO_SURFACE;
   }
   enum fe_status st;
   if (!egl_surface_init(s, c, EGL_PIXMAP_BIT, w, h, &st)) {
      p->window->destroy(pix);
      free(s);
      egl_error(egl_fe_error(st), func, "the front end refused a %dx%d pixmap surface", w, h);
      return EGL_NO_SURFACE;
   }
   s->win = pix;
   s->win_ops = p->window;
   fe_surface_set_finish_hook(s->fe, pixmap_finish_hook, s);

   egl_lock();
   EGLint late = d->initialized ? EGL_SUCCESS : EGL_NOT_INITIALIZED;
   if (late == EGL_SUCCESS) {
      /* One EGLSurface per native pixmap (EGL 1.5 §3.5.4). */
      const uintptr_t id = p->window->native_id(pix);
      for (struct egl_object *o = d->surfaces; o; o = o->next) {
         const struct egl_surface *other = (const struct egl_surface *)o;
         if (other->type == EGL_PIXMAP_BIT && other->win_ops == p->window &&
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
                late == EGL_BAD_ALLOC ? "the pixmap already has a surface" : "display terminated");
      return EGL_NO_SURFACE;
   }
   egl_object_add(d, EGL_OBJECT_SURFACE, &s->base);
   egl_unlock();
   mgu_info("egl: %s: %s pixmap surface %p, %dx%d depth %d, config %d", func, p->name, (void *)s, w,
            h, depth, c->config_id);
   egl_success();
   return (EGLSurface)s;
}

/* Reads surface s (current on the calling thread with fe_ctx) back and writes it into the
 * pixmap `pix` through ops. EGL_SUCCESS or the error to report. */
static EGLint
copy_to_pixmap(struct fe_context *fe_ctx, struct egl_surface *s, struct egl_window *pix,
               const struct egl_window_ops *ops)
{
   int w, h;
   fe_surface_size(s->fe, &w, &h);
   const size_t row = (size_t)w * 4u, size = row * (size_t)h;
   if (!mgu_array_reserve_exact(s->frame, s->frame_size, size))
      return EGL_BAD_ALLOC;
   /* Not current on this thread: read without ending a frame (EGL names no error for it). */
   enum fe_status st = fe_ctx ? fe_swap_buffers_read(fe_ctx, s->fe, s->frame, s->frame_size)
                              : fe_surface_read_back(s->fe, s->frame, s->frame_size);
   if (st != FE_OK)
      return egl_fe_error(st);
   if (!w || !h)
      return EGL_SUCCESS;
   const struct egl_frame frame = {
      .top = s->frame + (size_t)(h - 1) * row,
      .stride = -(ptrdiff_t)row,
      .width = w,
      .height = h,
      .has_alpha = s->config->alpha_size > 0,
      .serial = ++s->frames,
   };
   EGLint err = ops->present(pix, &frame);
   return err == EGL_BAD_NATIVE_WINDOW ? EGL_BAD_NATIVE_PIXMAP : err;
}

EGLBoolean
egl_pixmap_wait_client(struct egl_thread *t, const char *func)
{
   egl_lock();
   struct egl_surface *s =
      t->ctx && t->draw && t->draw->type == EGL_PIXMAP_BIT && t->draw->base.handle_valid ? t->draw
                                                                                         : NULL;
   struct fe_context *fe_ctx = s ? t->ctx->fe : NULL;
   egl_unlock();
   if (!s)
      return EGL_TRUE;
   /* s stays alive without the lock: it is bound to this thread's context. */
   EGLint err = copy_to_pixmap(fe_ctx, s, s->win, s->win_ops);
   if (err != EGL_SUCCESS)
      return egl_error(err, func, "the pixmap of surface %p was not updated", (void *)s);
   return EGL_TRUE;
}

EGLBoolean EGLAPIENTRY
mgl_eglCopyBuffers(EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target)
{
   static const char func[] = "eglCopyBuffers";
   struct egl_thread *t = egl_thread();
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   struct egl_surface *s = d ? egl_lookup_surface(d, surface) : NULL;
   const bool current = s && t->ctx && (t->draw == s || t->read == s);
   struct fe_context *fe_ctx = current ? t->ctx->fe : NULL;
   egl_unlock();
   if (!d)
      return EGL_FALSE;
   if (!s)
      return egl_error(EGL_BAD_SURFACE, func, "surface %p", surface);
   if (!pixmap_display(dpy, func))
      return EGL_FALSE;
   /* EGL 1.5 §3.10.4 asks for no current context: a surface current with this thread's
    * context is read through it (its implicit flush); any other is read back from the share
    * group holding its buffers (fe_surface_read_back). The surface must outlive the copy:
    * egl_lookup_surface's surfaces are freed only by eglDestroySurface on the same display,
    * which an application must not race with a copy of the same surface. */
   const struct egl_platform *p = d->window;
   struct egl_window *pix = NULL;
   int depth = 0;
   EGLint err = p->pixmap_create(d->nd, (void *)(uintptr_t)target, false, s->config, &pix, &depth);
   if (err != EGL_SUCCESS)
      return egl_error(err, func, "target pixmap 0x%lx for config %d", (unsigned long)target,
                       s->config->config_id);
   err = copy_to_pixmap(fe_ctx, s, pix, p->window);
   p->window->destroy(pix);
   if (err != EGL_SUCCESS)
      return egl_error(err, func, "copy of surface %p to pixmap 0x%lx", (void *)s,
                       (unsigned long)target);
   return egl_success();
}

/* ---- entry points --------------------------------------------------------------------------- */

EGLSurface EGLAPIENTRY
mgl_eglCreatePixmapSurface(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap,
                           const EGLint *attrib_list)
{
   EGLAttrib attribs[33];
   if (!egl_widen_attribs(attrib_list, attribs, sizeof(attribs) / sizeof(attribs[0]))) {
      egl_error(EGL_BAD_ATTRIBUTE, "eglCreatePixmapSurface", "attribute list too long");
      return EGL_NO_SURFACE;
   }
   return pixmap_surface_create(dpy, config, (void *)(uintptr_t)pixmap, false, attribs,
                                "eglCreatePixmapSurface");
}

EGLSurface EGLAPIENTRY
mgl_eglCreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void *native_pixmap,
                                   const EGLAttrib *attrib_list)
{
   return pixmap_surface_create(dpy, config, native_pixmap, true, attrib_list,
                                "eglCreatePlatformPixmapSurface");
}

EGLSurface EGLAPIENTRY
mgl_eglCreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config, void *native_pixmap,
                                      const EGLint *attrib_list)
{
   EGLAttrib attribs[33];
   if (!egl_widen_attribs(attrib_list, attribs, sizeof(attribs) / sizeof(attribs[0]))) {
      egl_error(EGL_BAD_ATTRIBUTE, "eglCreatePlatformPixmapSurfaceEXT", "attribute list too long");
      return EGL_NO_SURFACE;
   }
   return pixmap_surface_create(dpy, config, native_pixmap, true, attribs,
                                "eglCreatePlatformPixmapSurfaceEXT");
}
