/* glx_drawable.c — GLX drawables: pbuffers (glXCreatePbuffer), GLX windows (glXCreateWindow)
 * and plain X windows made current directly (their GLX state made at the first
 * glXMakeCurrent), glXQueryDrawable, glXSelectEvent, glXSwapBuffers, the swap-interval
 * extensions and glXWaitGL / glXWaitX. Windows are presented through the window-surface
 * layer (glx_window.c); GLX pixmaps (glXCreatePixmap, glXCreateGLXPixmap) are rendered
 * offscreen and written into the X pixmap by the same copy path at glFinish and glXWaitGL, as
 * EGL's pixmap surfaces are at glFinish and eglWaitClient. */
#include <limits.h>
#include <stdlib.h>

#include <X11/Xlib-xcb.h>

#include "decline.h"
#include "glx_internal.h"
#include "glx_window.h"
#include "log.h"

/* An XID for a GLX drawable, which has no server resource behind it. From XCB, as Mesa takes
 * its: Xlib's XAllocID hands out one ID and asserts ("ret != inval_id") if it is called again
 * before the program's next X request, which two GLX calls in a row do (piglit's
 * glx-create-context tests: XCreateWindow's ID, then glXCreateWindow's). */
static XID
new_xid(Display *dpy)
{
   return (XID)xcb_generate_id(XGetXCBConnection(dpy));
}

static struct glx_drawable *drawables; /* live handles */

struct glx_drawable *
glx_drawable_lookup(struct glx_display *gd, GLXDrawable xid)
{
   if (xid == None)
      return NULL;
   for (struct glx_drawable *d = drawables; d; d = d->next) {
      if (d->gd == gd && d->xid == xid)
         return d;
   }
   return NULL;
}

static void
drawable_link(struct glx_drawable *d)
{
   d->next = drawables;
   drawables = d;
}

static void
drawable_unlink(struct glx_drawable *d)
{
   for (struct glx_drawable **p = &drawables; *p; p = &(*p)->next) {
      if (*p == d) {
         *p = d->next;
         return;
      }
   }
}

void
glx_drawable_bind(struct glx_drawable *d)
{
   if (d)
      d->bind_count++;
}

bool
glx_drawable_unbind(struct glx_drawable *d)
{
   return d && --d->bind_count == 0 && d->destroy_pending;
}

void
glx_drawable_free(struct glx_drawable *d)
{
   if (!d)
      return;
   glx_window_destroy(d);
   fe_surface_destroy(d->fe);
   free(d);
}

/* Unlinks d (its XID is invalid from now on) and frees it unless it is current somewhere.
 * Caller holds the lock; returns what to free after unlocking. */
static struct glx_drawable *
drawable_destroy_locked(struct glx_drawable *d)
{
   drawable_unlink(d);
   if (d->bind_count) {
      d->destroy_pending = true;
      return NULL;
   }
   return d;
}

void
glx_drawable_refresh_size(struct glx_drawable *d)
{
   glx_window_refresh_size(d);
}

/* A new drawable of one of the window kinds, on window `window`. */
static struct glx_drawable *
window_drawable_create(struct glx_display *gd, GLXDrawable xid, Window window,
                       enum glx_drawable_kind kind, const struct glx_config *config, int *error,
                       bool *glx_error)
{
   struct glx_drawable *d = calloc(1, sizeof(*d));
   if (!d) {
      *error = BadAlloc, *glx_error = false;
      return NULL;
   }
   d->gd = gd;
   d->xid = xid;
   d->window = window;
   d->kind = kind;
   d->config = config;
   d->swap_interval = 1;
   if (!glx_window_create(gd, d, error, glx_error)) {
      free(d);
      return NULL;
   }
   struct fe_surface_format format;
   egl_config_format(&config->shape, &format);
   if (fe_surface_create_pbuffer(&format, d->width, d->height, &d->fe) != FE_OK) {
      glx_window_destroy(d);
      free(d);
      *error = BadAlloc, *glx_error = false;
      return NULL;
   }
   drawable_link(d);
   return d;
}

struct glx_drawable *
glx_drawable_for_current(struct glx_display *gd, GLXDrawable xid, const struct glx_config *config,
                         int *error, bool *glx_error)
{
   struct glx_drawable *d = glx_drawable_lookup(gd, xid);
   if (d && d->kind == GLX_KIND_X_WINDOW && !d->bind_count) {
      /* A plain X window's state outlives the window (X says nothing when it goes): one found
       * gone is dropped here, so an XID the server hands out again starts afresh. */
      glx_drawable_refresh_size(d);
      if (d->lost) {
         drawable_unlink(d);
         glx_drawable_free(d);
         d = NULL;
      }
   }
   if (d)
      return d;
   /* Not a GLX drawable of ours: a plain X window (glXMakeCurrent's usual case) or nothing. */
   return window_drawable_create(gd, xid, (Window)xid, GLX_KIND_X_WINDOW, config, error, glx_error);
}

/* ---- pbuffers ------------------------------------------------------------------------------- */

GLXPbuffer
mgl_glXCreatePbuffer(Display *dpy, GLXFBConfig config, const int *attrib_list)
{
   static const char func[] = "glXCreatePbuffer";
   int width = 0, height = 0;
   bool largest = false, preserved = true;
   int code = 0;
   bool glx_error = false;
   const char *why = NULL;
   for (const int *a = attrib_list; a && a[0] != None; a += 2) {
      switch (a[0]) {
      case GLX_PBUFFER_WIDTH: width = a[1]; break;
      case GLX_PBUFFER_HEIGHT: height = a[1]; break;
      case GLX_LARGEST_PBUFFER: largest = a[1] != False; break;
      case GLX_PRESERVED_CONTENTS: preserved = a[1] != False; break;
      default: code = BadValue, why = "an attribute mgl does not know"; goto fail;
      }
   }
   if (width < 0 || height < 0) {
      code = BadValue, why = "negative size";
      goto fail;
   }
   if (width > GLX_MAX_PBUFFER_SIZE || height > GLX_MAX_PBUFFER_SIZE) {
      if (!largest) {
         code = BadAlloc, why = "larger than GLX_MAX_PBUFFER_WIDTH/HEIGHT";
         goto fail;
      }
      width = width > GLX_MAX_PBUFFER_SIZE ? GLX_MAX_PBUFFER_SIZE : width;
      height = height > GLX_MAX_PBUFFER_SIZE ? GLX_MAX_PBUFFER_SIZE : height;
   }
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   const struct glx_config *c = gd ? glx_config_lookup(gd, config) : NULL;
   glx_unlock();
   if (!c) {
      code = GLX_ERR_BAD_FBCONFIG, glx_error = true, why = "not an mgl config of this display";
      goto fail;
   }
   if (!(c->drawable_type & GLX_PBUFFER_BIT)) {
      code = BadMatch, why = "the config has no GLX_PBUFFER_BIT";
      goto fail;
   }
   struct glx_drawable *d = calloc(1, sizeof(*d));
   if (!d) {
      code = BadAlloc, why = "out of memory";
      goto fail;
   }
   struct fe_surface_format format;
   egl_config_format(&c->shape, &format);
   if (fe_surface_create_pbuffer(&format, width, height, &d->fe) != FE_OK) {
      free(d);
      code = BadAlloc, why = "the front end refused the size";
      goto fail;
   }
   d->gd = gd;
   d->kind = GLX_KIND_PBUFFER;
   d->config = c;
   d->width = width;
   d->height = height;
   d->largest_pbuffer = largest;
   d->preserved_contents = preserved;
   /* An XID from the client's own range: a direct pbuffer has no server resource, and libGLX
    * only needs an XID no other drawable of this display has. */
   d->xid = new_xid(dpy);
   glx_lock();
   drawable_link(d);
   glx_unlock();
   return d->xid;

fail:
   glx_send_error(dpy, code, glx_error, 0, GLX_OP_CREATE_PBUFFER, func, why);
   return None;
}

static void
destroy_kind(Display *dpy, XID xid, enum glx_drawable_kind kind, int error, int minor,
             const char *func)
{
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   struct glx_drawable *d = gd ? glx_drawable_lookup(gd, xid) : NULL;
   struct glx_drawable *now = NULL;
   bool found = d && d->kind == kind;
   if (found)
      now = drawable_destroy_locked(d);
   glx_unlock();
   if (!found) {
      glx_send_error(dpy, error, true, xid, minor, func, "not one of mgl's");
      return;
   }
   glx_drawable_free(now);
}

void
mgl_glXDestroyPbuffer(Display *dpy, GLXPbuffer pbuf)
{
   destroy_kind(dpy, pbuf, GLX_KIND_PBUFFER, GLX_ERR_BAD_PBUFFER, GLX_OP_DESTROY_PBUFFER,
                "glXDestroyPbuffer");
}

/* ---- windows -------------------------------------------------------------------------------- */

GLXWindow
mgl_glXCreateWindow(Display *dpy, GLXFBConfig config, Window win, const int *attrib_list)
{
   static const char func[] = "glXCreateWindow";
   int code = 0;
   bool glx_error = false;
   const char *why = NULL;
   if (attrib_list && attrib_list[0] != None) {
      code = BadValue, why = "GLX 1.4 defines no attribute for glXCreateWindow";
      goto fail;
   }
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   const struct glx_config *c = gd ? glx_config_lookup(gd, config) : NULL;
   if (!c) {
      glx_unlock();
      code = GLX_ERR_BAD_FBCONFIG, glx_error = true, why = "not an mgl config of this display";
      goto fail;
   }
   for (struct glx_drawable *d = drawables; d; d = d->next) {
      if (d->gd == gd && d->window == win && d->kind != GLX_KIND_PBUFFER) {
         glx_unlock();
         code = BadAlloc, why = "the window already has a GLX drawable";
         goto fail;
      }
   }
   struct glx_drawable *d =
      window_drawable_create(gd, new_xid(dpy), win, GLX_KIND_WINDOW, c, &code, &glx_error);
   glx_unlock();
   if (!d) {
      why = "not a window mgl can present to";
      goto fail;
   }
   return d->xid;

fail:
   glx_send_error(dpy, code, glx_error, win, GLX_OP_CREATE_WINDOW, func, why);
   return None;
}

void
mgl_glXDestroyWindow(Display *dpy, GLXWindow win)
{
   destroy_kind(dpy, win, GLX_KIND_WINDOW, GLX_ERR_BAD_WINDOW, GLX_OP_DESTROY_WINDOW,
                "glXDestroyWindow");
}

/* ---- pixmaps ------------------------------------------------------------------------------- */

/* glFinish with a GLX pixmap as the current draw drawable writes it (fe_surface_set_finish_hook);
 * glFinish has no error to give, so a failure is logged. */
static void
pixmap_finish_hook(struct fe_context *fe_ctx, void *data)
{
   (void)fe_ctx;
   struct glx_drawable *d = data;
   struct glx_context *ctx = glx_current_context();
   int code = 0;
   bool glx_error = false;
   if (ctx && ctx->draw == d && !glx_window_present(ctx, d, &code, &glx_error))
      mgu_warn("glx: glFinish: GLX pixmap 0x%lx was not written (error %d)", (unsigned long)d->xid,
               code);
}

static GLXPixmap
pixmap_create(Display *dpy, struct glx_display *gd, const struct glx_config *c, Pixmap pixmap,
              int minor, const char *func)
{
   int code = 0;
   bool glx_error = false;
   const char *why = NULL;
   if (!c) {
      glx_unlock();
      code = GLX_ERR_BAD_FBCONFIG, glx_error = true, why = "not an mgl config of this display";
      goto fail;
   }
   if (!(c->drawable_type & GLX_PIXMAP_BIT)) {
      glx_unlock();
      code = BadMatch, why = "the config has no GLX_PIXMAP_BIT";
      goto fail;
   }
   for (struct glx_drawable *d = drawables; d; d = d->next) {
      if (d->gd == gd && d->window == pixmap && d->kind == GLX_KIND_PIXMAP) {
         glx_unlock();
         code = BadAlloc, why = "the pixmap already has a GLX pixmap";
         goto fail;
      }
   }
   struct glx_drawable *d =
      window_drawable_create(gd, new_xid(dpy), pixmap, GLX_KIND_PIXMAP, c, &code, &glx_error);
   if (d)
      fe_surface_set_finish_hook(d->fe, pixmap_finish_hook, d);
   glx_unlock();
   if (!d) {
      why = "not a pixmap of the config's depth";
      goto fail;
   }
   return d->xid;

fail:
   glx_send_error(dpy, code, glx_error, pixmap, minor, func, why);
   return None;
}

GLXPixmap
mgl_glXCreatePixmap(Display *dpy, GLXFBConfig config, Pixmap pixmap, const int *attrib_list)
{
   static const char func[] = "glXCreatePixmap";
   if (attrib_list && attrib_list[0] != None) {
      glx_send_error(dpy, BadValue, false, pixmap, GLX_OP_CREATE_PIXMAP, func,
                     "GLX 1.4 defines no attribute for glXCreatePixmap");
      return None;
   }
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   const struct glx_config *c = gd ? glx_config_lookup(gd, config) : NULL;
   return pixmap_create(dpy, gd, c, pixmap, GLX_OP_CREATE_PIXMAP, func);
}

GLXPixmap
mgl_glXCreateGLXPixmap(Display *dpy, XVisualInfo *vis, Pixmap pixmap)
{
   static const char func[] = "glXCreateGLXPixmap";
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   const struct glx_config *c =
      gd && vis ? glx_config_for_visual(gd, vis->screen, vis->visualid) : NULL;
   if (!c) {
      glx_unlock();
      glx_send_error(dpy, BadValue, false, vis ? vis->visualid : 0, GLX_OP_CREATE_GLX_PIXMAP, func,
                     "not a visual mgl renders to");
      return None;
   }
   return pixmap_create(dpy, gd, c, pixmap, GLX_OP_CREATE_GLX_PIXMAP, func);
}

void
mgl_glXDestroyPixmap(Display *dpy, GLXPixmap pixmap)
{
   destroy_kind(dpy, pixmap, GLX_KIND_PIXMAP, GLX_ERR_BAD_PIXMAP, GLX_OP_DESTROY_PIXMAP,
                "glXDestroyPixmap");
}

void
mgl_glXDestroyGLXPixmap(Display *dpy, GLXPixmap pixmap)
{
   destroy_kind(dpy, pixmap, GLX_KIND_PIXMAP, GLX_ERR_BAD_PIXMAP, GLX_OP_DESTROY_GLX_PIXMAP,
                "glXDestroyGLXPixmap");
}

/* ---- queries and events --------------------------------------------------------------------- */

#define GLX_MAX_SWAP_INTERVAL 1

void
mgl_glXQueryDrawable(Display *dpy, GLXDrawable draw, int attribute, unsigned int *value)
{
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   struct glx_drawable *d = gd ? glx_drawable_lookup(gd, draw) : NULL;
   if (d && d->kind != GLX_KIND_PBUFFER)
      glx_drawable_refresh_size(d);
   bool known = true;
   unsigned int v = 0;
   if (d) {
      switch (attribute) {
      case GLX_WIDTH: v = (unsigned)d->width; break;
      case GLX_HEIGHT: v = (unsigned)d->height; break;
      case GLX_PRESERVED_CONTENTS:
         v = d->kind == GLX_KIND_PBUFFER ? d->preserved_contents : 1;
         break;
      case GLX_LARGEST_PBUFFER: v = d->largest_pbuffer; break;
      case GLX_FBCONFIG_ID: v = (unsigned)d->config->shape.config_id; break;
      case GLX_EVENT_MASK: v = (unsigned)d->event_mask; break;
      case GLX_SWAP_INTERVAL_EXT: v = (unsigned)d->swap_interval; break;
      case GLX_MAX_SWAP_INTERVAL_EXT: v = GLX_MAX_SWAP_INTERVAL; break;
      default: known = false; break;
      }
   }
   glx_unlock();
   if (!d) {
      glx_send_error(dpy, GLX_ERR_BAD_DRAWABLE, true, draw, GLX_OP_GET_DRAWABLE_ATTRIBUTES,
                     "glXQueryDrawable", "not a GLX drawable of mgl's");
      return;
   }
   if (!known) {
      /* GLX 1.4 names no error for an attribute it does not define; value is left as it was. */
      mgu_debug("glx: glXQueryDrawable: attribute 0x%x is not one mgl knows", attribute);
      return;
   }
   if (value)
      *value = v;
}

void
mgl_glXSelectEvent(Display *dpy, GLXDrawable draw, unsigned long event_mask)
{
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   struct glx_drawable *d = gd ? glx_drawable_lookup(gd, draw) : NULL;
   if (d)
      d->event_mask = event_mask; /* mgl's pbuffers are never clobbered: no event to send */
   glx_unlock();
   if (!d)
      glx_send_error(dpy, GLX_ERR_BAD_DRAWABLE, true, draw, GLX_OP_CHANGE_DRAWABLE_ATTRIBUTES,
                     "glXSelectEvent", "not a GLX drawable of mgl's");
}

void
mgl_glXGetSelectedEvent(Display *dpy, GLXDrawable draw, unsigned long *event_mask)
{
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   struct glx_drawable *d = gd ? glx_drawable_lookup(gd, draw) : NULL;
   unsigned long mask = d ? d->event_mask : 0;
   glx_unlock();
   if (!d) {
      glx_send_error(dpy, GLX_ERR_BAD_DRAWABLE, true, draw, GLX_OP_GET_DRAWABLE_ATTRIBUTES,
                     "glXGetSelectedEvent", "not a GLX drawable of mgl's");
      return;
   }
   if (event_mask)
      *event_mask = mask;
}

/* ---- swaps ---------------------------------------------------------------------------------- */

void
mgl_glXSwapBuffers(Display *dpy, GLXDrawable drawable)
{
   static const char func[] = "glXSwapBuffers";
   struct glx_context *ctx = glx_current_context();
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   struct glx_drawable *d = gd ? glx_drawable_lookup(gd, drawable) : NULL;
   bool current_here = d && ctx && ctx->draw == d;
   glx_unlock();
   if (!d) {
      glx_send_error(dpy, GLX_ERR_BAD_DRAWABLE, true, drawable, GLX_OP_SWAP_BUFFERS, func,
                     "not a GLX drawable of mgl's");
      return;
   }
   if (d->kind == GLX_KIND_PBUFFER || d->kind == GLX_KIND_PIXMAP)
      return; /* GLX 1.4: no effect on a pbuffer or a pixmap */
   if (!current_here) {
      /* The frame lives on the server, read back by the context that drew it: without that
       * context bound to this drawable on this thread there is nothing to read it with. */
      MGU_DECLINE(glx_swap_not_current,
                  "glXSwapBuffers on window 0x%lx, which is not the calling thread's current "
                  "draw drawable: no frame presented",
                  (unsigned long)drawable);
      return;
   }
   int code = 0;
   bool glx_error = false;
   if (!glx_window_present(ctx, d, &code, &glx_error))
      glx_send_error(dpy, code, glx_error, drawable, GLX_OP_SWAP_BUFFERS, func,
                     "the frame could not be presented");
}

static void
set_interval(struct glx_drawable *d, int interval)
{
   int clamped = interval > GLX_MAX_SWAP_INTERVAL ? GLX_MAX_SWAP_INTERVAL : interval;
   d->swap_interval = clamped;
   glx_window_set_interval(d, clamped);
}

void
mgl_glXSwapIntervalEXT(Display *dpy, GLXDrawable drawable, int interval)
{
   static const char func[] = "glXSwapIntervalEXT";
   if (interval < 0) {
      glx_send_error(dpy, BadValue, false, (XID)interval, GLX_OP_VENDOR_PRIVATE, func,
                     "negative interval");
      return;
   }
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   struct glx_drawable *d = gd ? glx_drawable_lookup(gd, drawable) : NULL;
   bool ok = d && d->kind != GLX_KIND_PBUFFER;
   if (ok)
      set_interval(d, interval);
   glx_unlock();
   if (!ok)
      glx_send_error(dpy, GLX_ERR_BAD_DRAWABLE, true, drawable, GLX_OP_VENDOR_PRIVATE, func,
                     "not a GLX window or X window of mgl's");
}

static int
current_interval(int interval, const char *func)
{
   struct glx_context *ctx = glx_current_context();
   if (!ctx) {
      mgu_info("glx: %s: no current context", func);
      return GLX_BAD_CONTEXT;
   }
   glx_lock();
   if (ctx->draw && ctx->draw->kind != GLX_KIND_PBUFFER)
      set_interval(ctx->draw, interval);
   glx_unlock();
   return 0;
}

int
mgl_glXSwapIntervalMESA(unsigned int interval)
{
   if (interval > INT_MAX)
      return GLX_BAD_VALUE;
   return current_interval((int)interval, "glXSwapIntervalMESA");
}

int
mgl_glXGetSwapIntervalMESA(void)
{
   struct glx_context *ctx = glx_current_context();
   glx_lock();
   int v = ctx && ctx->draw && ctx->draw->kind != GLX_KIND_PBUFFER ? ctx->draw->swap_interval : 0;
   glx_unlock();
   return v;
}

int
mgl_glXSwapIntervalSGI(int interval)
{
   if (interval <= 0)
      return GLX_BAD_VALUE;
   return current_interval(interval, "glXSwapIntervalSGI");
}

/* ---- waits ---------------------------------------------------------------------------------- */

void
mgl_glXWaitGL(void)
{
   /* GL before X: mgl's GL reaches a window only at a swap, so finishing the GL work is all
    * there is to wait for, but for a GLX pixmap: what GL rendered is written into it now. No
    * current context: ignored, as GLX 1.4 says. */
   struct glx_context *ctx = glx_current_context();
   if (!ctx)
      return;
   glx_lock();
   struct glx_drawable *d = ctx->draw && ctx->draw->kind == GLX_KIND_PIXMAP ? ctx->draw : NULL;
   glx_unlock();
   if (d) {
      int code = 0;
      bool glx_error = false;
      if (!glx_window_present(ctx, d, &code, &glx_error))
         glx_send_error(ctx->gd->dpy, code, glx_error, d->xid, GLX_OP_VENDOR_PRIVATE, "glXWaitGL",
                        "the pixmap could not be written");
      return;
   }
   void (*finish)(void) = (void (*)(void))fe_get_proc_address("glFinish");
   if (finish)
      finish();
}

void
mgl_glXWaitX(void)
{
   struct glx_context *ctx = glx_current_context();
   if (ctx && ctx->gd->dpy)
      XSync(ctx->gd->dpy, False);
}
