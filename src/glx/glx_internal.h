/* glx_internal.h — the GLX vendor's objects and shared helpers (hidden). mgl's GLX is a libglvnd
 * vendor living in libmgl.so beside EGL: both reach the one GL front end (fe_egl.h), so a
 * process that uses EGL, GLX or both has one front end and one session machinery. One mutex
 * guards every display, config list, context and drawable; the calling thread's current
 * context and drawables are thread-local. */
#ifndef MGL_GLX_INTERNAL_H
#define MGL_GLX_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <X11/Xlib.h>
#include <GL/glx.h>
#include <GL/glxext.h>

#include "egl_internal.h"
#include "fe_egl.h"

#pragma GCC visibility push(hidden)

/* GLX error codes (added to the GLX extension's first error) and the request minor opcodes
 * errors are reported under, from the GLX protocol (glxproto.h, not shipped by libglvnd-dev). */
enum glx_error_code {
   GLX_ERR_BAD_CONTEXT = 0,
   GLX_ERR_BAD_CONTEXT_STATE = 1,
   GLX_ERR_BAD_DRAWABLE = 2,
   GLX_ERR_BAD_PIXMAP = 3,
   GLX_ERR_BAD_CONTEXT_TAG = 4,
   GLX_ERR_BAD_CURRENT_WINDOW = 5,
   GLX_ERR_BAD_RENDER_REQUEST = 6,
   GLX_ERR_BAD_LARGE_REQUEST = 7,
   GLX_ERR_UNSUPPORTED_PRIVATE_REQUEST = 8,
   GLX_ERR_BAD_FBCONFIG = 9,
   GLX_ERR_BAD_PBUFFER = 10,
   GLX_ERR_BAD_CURRENT_DRAWABLE = 11,
   GLX_ERR_BAD_WINDOW = 12,
   GLX_ERR_BAD_PROFILE_ARB = 13,
};

enum glx_minor {
   GLX_OP_CREATE_CONTEXT = 3,
   GLX_OP_DESTROY_CONTEXT = 4,
   GLX_OP_MAKE_CURRENT = 5,
   GLX_OP_IS_DIRECT = 6,
   GLX_OP_WAIT_GL = 8,
   GLX_OP_WAIT_X = 9,
   GLX_OP_COPY_CONTEXT = 10,
   GLX_OP_SWAP_BUFFERS = 11,
   GLX_OP_USE_X_FONT = 12,
   GLX_OP_CREATE_GLX_PIXMAP = 13,
   GLX_OP_GET_VISUAL_CONFIGS = 14,
   GLX_OP_DESTROY_GLX_PIXMAP = 15,
   GLX_OP_VENDOR_PRIVATE = 16,
   GLX_OP_GET_FBCONFIGS = 21,
   GLX_OP_CREATE_PIXMAP = 22,
   GLX_OP_DESTROY_PIXMAP = 23,
   GLX_OP_CREATE_NEW_CONTEXT = 24,
   GLX_OP_QUERY_CONTEXT = 25,
   GLX_OP_MAKE_CONTEXT_CURRENT = 26,
   GLX_OP_CREATE_PBUFFER = 27,
   GLX_OP_DESTROY_PBUFFER = 28,
   GLX_OP_GET_DRAWABLE_ATTRIBUTES = 29,
   GLX_OP_CHANGE_DRAWABLE_ATTRIBUTES = 30,
   GLX_OP_CREATE_WINDOW = 31,
   GLX_OP_DESTROY_WINDOW = 32,
   GLX_OP_CREATE_CONTEXT_ATTRIBS_ARB = 34,
};

/* Largest pbuffer side we hand out (the front end's viewport limit may refuse earlier). */
#define GLX_MAX_PBUFFER_SIZE 16384

/* One FBConfig: a colour/depth/stencil shape (as an EGL config, so the front end and the
 * window layer take it as they take EGL's) on one X visual of one screen. */
struct glx_config {
   struct egl_config shape;
   int screen;
   VisualID visual_id;
   int visual_class;  /* TrueColor or DirectColor */
   int visual_depth;  /* 24 or 32 */
   int drawable_type; /* GLX_WINDOW_BIT | GLX_PBUFFER_BIT */
};

struct glx_screen {
   struct glx_config *configs;
   int count;
};

struct glx_display {
   Display *dpy;
   struct glx_display *next;
   bool has_glx; /* the server has the GLX extension (errors are reported through it) */
   int glx_opcode, glx_first_error;
   int screen_count;
   struct glx_screen *screens; /* built lazily, per screen */
   bool *screens_built;
   struct egl_native_display **native; /* the window layer's per-screen state, opened lazily */
};

enum glx_drawable_kind {
   GLX_KIND_X_WINDOW, /* a plain X window given to glXMakeCurrent (made implicitly) */
   GLX_KIND_WINDOW,   /* glXCreateWindow */
   GLX_KIND_PBUFFER,  /* glXCreatePbuffer */
   GLX_KIND_PIXMAP,   /* glXCreatePixmap, glXCreateGLXPixmap: `window` holds the X pixmap */
};

struct glx_drawable {
   struct glx_drawable *next;
   struct glx_display *gd;
   GLXDrawable xid;
   Window window; /* the X window (window kinds), else None */
   enum glx_drawable_kind kind;
   const struct glx_config *config;
   struct fe_surface *fe;
   struct egl_window *win; /* the window layer's state (window kinds) */
   const struct egl_platform *platform;
   int width, height;
   bool largest_pbuffer, preserved_contents;
   unsigned long event_mask;
   int swap_interval;
   bool lost; /* the X window went away */
   uint64_t frame_serial;
   uint8_t *frame; /* the last frame read back (window kinds) */
   uint32_t frame_size;
   struct egl_present_stores stores; /* the ring arms' (window kinds, egl_window.h) */
   /* Where glXSwapBuffers' time went, for the log at destroy: the swap's round trip (with
    * its wait for the store, stores.wait_ns), the present, the size asked afterwards. */
   uint64_t swap_ns, present_ns, size_ns;
   int bind_count; /* current as draw or read somewhere */
   bool destroy_pending;
};

struct glx_context {
   struct glx_context *next;
   struct glx_display *gd;
   const struct glx_config *config;
   struct fe_context *fe;
   int render_type;
   int major, minor; /* what the front end gives */
   int profile_mask;
   bool lose_on_reset;
   bool current;
   bool destroy_pending;
   XID id;
   struct glx_drawable *draw, *read;
};

/* glx_display.c (caller holds the lock unless said otherwise) */
void glx_lock(void);
void glx_unlock(void);
/* The display's state, made on first use (NULL only when out of memory). */
struct glx_display *glx_display_get(Display *dpy);
/* The configs of a screen, built from its visuals on first use; NULL for a bad screen. */
const struct glx_screen *glx_display_screen(struct glx_display *gd, int screen);
/* Reports an X error the way libGLX does: a GLX error (glx_error true, code from
 * enum glx_error_code) or a core one (BadValue, BadMatch, BadAlloc, ...), through Xlib's error
 * handler. Call without the lock. */
void glx_send_error(Display *dpy, int code, bool glx_error, XID resource, int minor,
                    const char *func, const char *why);

/* glx_config.c (caller holds the lock for the glx_* helpers) */
const struct glx_config *glx_config_lookup(struct glx_display *gd, GLXFBConfig config);
bool glx_configs_compatible(const struct glx_config *a, const struct glx_config *b);
GLXFBConfig *mgl_glXChooseFBConfig(Display *dpy, int screen, const int *attrib_list, int *nitems);
GLXFBConfig *mgl_glXGetFBConfigs(Display *dpy, int screen, int *nelements);
int mgl_glXGetFBConfigAttrib(Display *dpy, GLXFBConfig config, int attribute, int *value);
XVisualInfo *mgl_glXGetVisualFromFBConfig(Display *dpy, GLXFBConfig config);
XVisualInfo *mgl_glXChooseVisual(Display *dpy, int screen, int *attrib_list);
int mgl_glXGetConfig(Display *dpy, XVisualInfo *vis, int attrib, int *value);
/* The config glXCreateContext uses for a visual, or NULL. */
const struct glx_config *glx_config_for_visual(struct glx_display *gd, int screen, VisualID visual);

/* glx_context.c */
GLXContext mgl_glXCreateContextAttribsARB(Display *dpy, GLXFBConfig config, GLXContext share,
                                          Bool direct, const int *attrib_list);
GLXContext mgl_glXCreateNewContext(Display *dpy, GLXFBConfig config, int render_type,
                                   GLXContext share, Bool direct);
GLXContext mgl_glXCreateContext(Display *dpy, XVisualInfo *vis, GLXContext share, Bool direct);
void mgl_glXDestroyContext(Display *dpy, GLXContext ctx);
void mgl_glXCopyContext(Display *dpy, GLXContext src, GLXContext dst, unsigned long mask);
Bool mgl_glXIsDirect(Display *dpy, GLXContext ctx);
int mgl_glXQueryContext(Display *dpy, GLXContext ctx, int attribute, int *value);
Bool mgl_glXMakeContextCurrent(Display *dpy, GLXDrawable draw, GLXDrawable read, GLXContext ctx);
Bool mgl_glXMakeCurrent(Display *dpy, GLXDrawable drawable, GLXContext ctx);
struct glx_context *glx_current_context(void);
void mgl_glXUseXFont(Font font, int first, int count, int list_base);

/* glx_drawable.c */
GLXPbuffer mgl_glXCreatePbuffer(Display *dpy, GLXFBConfig config, const int *attrib_list);
void mgl_glXDestroyPbuffer(Display *dpy, GLXPbuffer pbuf);
GLXWindow mgl_glXCreateWindow(Display *dpy, GLXFBConfig config, Window win, const int *attrib_list);
void mgl_glXDestroyWindow(Display *dpy, GLXWindow win);
GLXPixmap mgl_glXCreatePixmap(Display *dpy, GLXFBConfig config, Pixmap pixmap,
                              const int *attrib_list);
void mgl_glXDestroyPixmap(Display *dpy, GLXPixmap pixmap);
GLXPixmap mgl_glXCreateGLXPixmap(Display *dpy, XVisualInfo *vis, Pixmap pixmap);
void mgl_glXDestroyGLXPixmap(Display *dpy, GLXPixmap pixmap);
void mgl_glXQueryDrawable(Display *dpy, GLXDrawable draw, int attribute, unsigned int *value);
void mgl_glXSelectEvent(Display *dpy, GLXDrawable draw, unsigned long event_mask);
void mgl_glXGetSelectedEvent(Display *dpy, GLXDrawable draw, unsigned long *event_mask);
void mgl_glXSwapBuffers(Display *dpy, GLXDrawable drawable);
void mgl_glXWaitGL(void);
void mgl_glXWaitX(void);
void mgl_glXSwapIntervalEXT(Display *dpy, GLXDrawable drawable, int interval);
int mgl_glXSwapIntervalMESA(unsigned int interval);
int mgl_glXGetSwapIntervalMESA(void);
int mgl_glXSwapIntervalSGI(int interval);
/* The drawable of that XID on gd, or NULL. */
struct glx_drawable *glx_drawable_lookup(struct glx_display *gd, GLXDrawable xid);
/* The drawable for glXMakeCurrent's XID: a known GLX drawable, else a plain X window (its GLX
 * state made now with ctx's config). GLX error code in *error when it returns NULL. */
struct glx_drawable *glx_drawable_for_current(struct glx_display *gd, GLXDrawable xid,
                                              const struct glx_config *config, int *error,
                                              bool *glx_error);
void glx_drawable_bind(struct glx_drawable *d);
/* Returns true when the drawable is to be destroyed now (the caller destroys it unlocked). */
bool glx_drawable_unbind(struct glx_drawable *d);
void glx_drawable_free(struct glx_drawable *d);
/* Takes the window's size now, resizing the surface before the next frame. */
void glx_drawable_refresh_size(struct glx_drawable *d);

/* glx_vendor.c */
extern const char glx_extensions[];

#pragma GCC visibility pop

#endif
