/* egl_internal.h — the EGL layer's objects and shared helpers (hidden). One mutex guards
 * every display, config list, context and surface; the per-thread state (error, bound API,
 * current context and surfaces) is thread-local. */
#ifndef MGL_EGL_INTERNAL_H
#define MGL_EGL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "egl_api.h"
#include "egl_window.h"
#include "fe_egl.h"

#pragma GCC visibility push(hidden)

#define MGL_EGL_VERSION_MAJOR 1
#define MGL_EGL_VERSION_MINOR 5

/* Largest pbuffer we hand out; the front end may still refuse a size with FE_BAD_ALLOC. */
#define MGL_EGL_MAX_PBUFFER_SIZE 16384

struct egl_config {
   EGLint config_id;
   EGLint red_size, green_size, blue_size, alpha_size;
   EGLint buffer_size;
   EGLint depth_size, stencil_size;
   EGLint sample_buffers, samples;
   EGLint accum_size; /* bits per component; no EGL attribute names it (GLX_ACCUM_*_SIZE) */
   EGLint surface_type;
   EGLint renderable_type;
   EGLint conformant;
};

/* Configs there are (egl_config.c); a display keeps per-config window facts. */
#define MGL_EGL_CONFIG_COUNT 10

struct egl_platform;
struct egl_native_display;
struct egl_window;
struct egl_window_ops;

struct egl_display {
   EGLenum platform; /* EGL_NONE: the default display */
   bool initialized;
   struct egl_object *contexts; /* live handles */
   struct egl_object *surfaces; /* live handles */
   /* Window systems (egl_window.h); all NULL/0 on the surfaceless and default displays. */
   const struct egl_platform *window;
   void *native_display;          /* as the application gave it (NULL: the default one) */
   intptr_t key;                  /* the platform's attribute key (X11: the screen) */
   struct egl_native_display *nd; /* opened at the first eglInitialize, kept until exit */
   bool config_window[MGL_EGL_CONFIG_COUNT]; /* EGL_WINDOW_BIT on this display */
   EGLint visual_id[MGL_EGL_CONFIG_COUNT], visual_type[MGL_EGL_CONFIG_COUNT];
   struct egl_display *next; /* the list of window-system displays */
};

enum egl_object_kind { EGL_OBJECT_CONTEXT, EGL_OBJECT_SURFACE };

/* What a context and a surface share (egl_object.c): the display's list of live handles, the
 * handle's validity, and a free deferred until no thread has the object current. First member
 * of both, so an EGLContext/EGLSurface handle is the object's address. */
struct egl_object {
   struct egl_display *dpy;
   struct egl_object *next;
   enum egl_object_kind kind;
   bool handle_valid; /* false once destroyed or its display terminated */
};

struct egl_context {
   struct egl_object base;
   const struct egl_config *config; /* NULL: created with EGL_NO_CONFIG_KHR */
   EGLenum api;                     /* EGL_OPENGL_API or EGL_OPENGL_ES_API */
   EGLint major, minor;             /* the context's version (fe_context_version) */
   bool lose_on_reset;              /* EGL_LOSE_CONTEXT_ON_RESET (share contexts must agree) */
   struct fe_context *fe;
   bool current;             /* bound to some thread */
   struct egl_surface *draw; /* its draw surface while current (NULL: surfaceless) */
};

struct egl_surface {
   struct egl_object base;
   const struct egl_config *config;
   struct fe_surface *fe;
   EGLint type; /* EGL_PBUFFER_BIT, EGL_WINDOW_BIT or EGL_PIXMAP_BIT */
   EGLint width, height;
   EGLint largest_pbuffer;
   EGLint texture_format, texture_target, mipmap_texture, mipmap_level;
   EGLint swap_behavior, multisample_resolve;
   EGLint gl_colorspace, vg_alpha_format, vg_colorspace;
   EGLint swap_interval;
   struct egl_context *bound_ctx; /* the context it is current with, as draw or read */
   /* Window surfaces (type EGL_WINDOW_BIT): the platform's window, the client copy of the last
    * frame, and whether the native window is gone (every later swap fails). Pixmap surfaces
    * (EGL_PIXMAP_BIT) keep their pixmap here too, as the platform's egl_window. */
   struct egl_window *win;
   const struct egl_window_ops *win_ops;
   uint8_t *frame;
   uint32_t frame_size;              /* FE_MAX_VIEWPORT keeps a frame far below 2^32 bytes */
   uint64_t frames;                  /* presented so far */
   uint64_t frames_server;           /* of those, presented by the server itself (Vulkan WSI) */
   uint64_t readback_ns, present_ns; /* time spent in each half of those swaps */
   EGLint buffer_age;                /* EGL_BUFFER_AGE_EXT */
   bool lost;
   struct egl_present_stores stores; /* the ring arms' (egl_window.h) */
};

struct egl_thread {
   EGLint error;
   EGLenum api;
   struct egl_context *ctx;
   struct egl_surface *draw, *read;
};

/* egl_state.c */
void egl_lock(void);
/* Unlocks, then destroys the contexts that died under the lock (egl_context_maybe_free): a
 * front-end context can take a whole session and its Vulkan driver with it, and drivers call
 * back into EGL while they tear down (NVIDIA's Vulkan ICD calls eglReleaseThread through glvnd),
 * so no driver code runs while the EGL lock is held. */
void egl_unlock(void);
struct egl_thread *egl_thread(void);
/* Sets the thread's error, logs it at debug level (with the reason) and returns EGL_FALSE. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
EGLBoolean
egl_error(EGLint error, const char *func, const char *fmt, ...);
/* Sets EGL_SUCCESS and returns EGL_TRUE. */
EGLBoolean egl_success(void);
const char *egl_error_name(EGLint error);
EGLint egl_fe_error(enum fe_status status);
EGLenum egl_current_api(void);
/* Releases the calling thread's current context, if any. Caller holds the lock. */
EGLBoolean egl_release_current(const char *func);

/* egl_display.c */
struct egl_display *egl_lookup_display(EGLDisplay dpy);
/* BAD_DISPLAY / NOT_INITIALIZED checks; NULL (error set) when they fail. Caller holds the lock. */
struct egl_display *egl_check_display(EGLDisplay dpy, const char *func);
EGLDisplay egl_get_platform_display(EGLenum platform, void *native_display,
                                    const EGLAttrib *attrib_list, bool from_glvnd,
                                    const char *func);
extern const char egl_platform_extensions[];

/* egl_config.c */
const struct egl_config *egl_lookup_config(EGLConfig config);
const struct egl_config *egl_config_at(int index); /* 0..MGL_EGL_CONFIG_COUNT-1 */
int egl_config_index(const struct egl_config *config);
void egl_config_format(const struct egl_config *config, struct fe_surface_format *format);
/* EGL_PIXMAP_BIT of c on display d: its window system has native pixmaps and a visual of the
 * config's depth (an alpha config writes depth-32 pixmaps, an RGB one depth-24). */
bool egl_config_pixmap(const struct egl_display *d, const struct egl_config *c);
/* egl_surface.c: a new surface of config c, type and size: its front-end surface made and every
 * attribute at EGL's default. False (s untouched but for fe) when the front end refuses; the
 * caller reports fe_status *st. */
bool egl_surface_init(struct egl_surface *s, const struct egl_config *c, EGLint type, EGLint width,
                      EGLint height, enum fe_status *st);
bool egl_configs_compatible(const struct egl_config *a, const struct egl_config *b);

/* egl_object.c (caller holds the lock unless said otherwise) */
/* Puts a new object on its display's list with a valid handle. */
void egl_object_add(struct egl_display *dpy, enum egl_object_kind kind, struct egl_object *obj);
/* The live object of that kind whose handle is `handle`, or NULL. */
struct egl_object *egl_object_lookup(struct egl_display *dpy, enum egl_object_kind kind,
                                     const void *handle);
/* eglDestroy*: takes the object off its display's list; its handle is invalid from now on. */
void egl_object_unlink(struct egl_object *obj);
/* An object with no handle that is current nowhere is queued for destruction at the next
 * egl_unlock. */
void egl_object_maybe_free(struct egl_object *obj);
/* Takes the queue of dead objects; egl_object_bury destroys them without the lock (a context or
 * a surface can hold the last reference to its session). */
struct egl_object *egl_object_take_dead(void);
void egl_object_bury(struct egl_object *dead);
/* eglTerminate: invalidates every handle of dpy (objects current somewhere live on). */
void egl_object_terminate_all(struct egl_display *dpy);

static inline struct egl_context *
egl_lookup_context(struct egl_display *dpy, EGLContext handle)
{
   return (struct egl_context *)egl_object_lookup(dpy, EGL_OBJECT_CONTEXT, handle);
}

static inline struct egl_surface *
egl_lookup_surface(struct egl_display *dpy, EGLSurface handle)
{
   return (struct egl_surface *)egl_object_lookup(dpy, EGL_OBJECT_SURFACE, handle);
}

/* egl_window.c: window surfaces on a display with a window system. */
EGLSurface egl_window_surface_create(EGLDisplay dpy, EGLConfig config, void *native_window,
                                     bool platform_form, const EGLAttrib *attrib_list,
                                     const char *func);
/* eglSwapBuffers[WithDamage] of a window surface current on this thread (t->draw). */
EGLBoolean egl_window_swap(struct egl_thread *t, struct egl_surface *s, const EGLint *rects,
                           EGLint n_rects, const char *func);
void egl_window_set_swap_interval(struct egl_surface *s, EGLint interval);
/* Frees what a window or pixmap surface holds on the window system side (egl_object_bury). */
void egl_window_surface_finish(struct egl_surface *s);
/* An EGLint attribute list as EGLAttribs (cap entries at most); false when too long. */
bool egl_widen_attribs(const EGLint *in, EGLAttrib *out, size_t cap);

/* egl_pixmap.c: eglWaitClient / eglWaitGL with a pixmap surface current as t's draw surface
 * copy what GL rendered into the pixmap. Called without the lock; EGL_TRUE or the error set. */
EGLBoolean egl_pixmap_wait_client(struct egl_thread *t, const char *func);

/* egl_glvnd.c: libglvnd's exports table when loaded as a vendor, else NULL. */
extern const struct __EGLapiExportsRec *egl_glvnd_exports;

#pragma GCC visibility pop

#endif
