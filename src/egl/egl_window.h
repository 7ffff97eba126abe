/* egl_window.h — the platform-neutral window-surface layer: what a window system (X11, XCB,
 * Wayland, ...) gives EGL, and how EGL drives it. Hidden; shared by src/egl and src/glx.
 *
 * The model (the copy path, the same on every arm):
 *   - A window surface is an ordinary front-end surface (fe_surface: colour + depth/stencil
 *     renderbuffers on the server) plus a platform window (struct egl_window) that knows the
 *     native window.
 *   - eglSwapBuffers: the front end reads the back colour buffer into client memory
 *     (fe_swap_buffers_read: one round trip, BGRA8, GL's bottom-up rows; it works on monolith,
 *     inproc, spawn and tcp alike, since the bytes come back over the pipe as a glReadPixels's
 *     do) and the platform's present puts that frame on screen. Then the platform is asked the
 *     window's size (get_size); if it changed, the default framebuffer is re-created at the new
 *     size (fe_surface_resize) before the next frame is drawn, and EGL_WIDTH/EGL_HEIGHT follow.
 *     A surface's size is also taken at creation and at eglMakeCurrent.
 *   - The colour buffer keeps its contents across a swap, so EGL_BUFFER_AGE_EXT is 1 after the
 *     first swap (0 before it and after a resize).
 *   - get_size false or present EGL_BAD_NATIVE_WINDOW: the native window is gone (destroyed, the
 *     connection to the window system closed). The surface is lost: that swap and every later
 *     one fail with EGL_BAD_NATIVE_WINDOW, the surface can still be queried, released and
 *     destroyed, and nothing talks to the window system for it again.
 *
 * Threading: EGL never calls one egl_window from two threads at once (a surface is current on
 * at most one thread; create/destroy happen with no swap in progress). Calls on different
 * windows of one native display may run concurrently: a platform guards what its windows share.
 * No call is made with the EGL lock held.
 *
 * The interface is stable: add members at the end, never change one. */
#ifndef MGL_EGL_WINDOW_H
#define MGL_EGL_WINDOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "egl_api.h"
#include "fe_egl.h"

#pragma GCC visibility push(hidden)

struct egl_config;
struct egl_native_display; /* a platform's per-display state (its connection, visuals) */
struct egl_window;         /* a platform's per-window state */

/* A rectangle in window coordinates: origin at the top-left corner, y down (as X11 and Wayland
 * count; EGL's damage rectangles are converted before they get here). */
struct egl_rect {
   int32_t x, y, width, height;
};

/* One finished frame in client memory.
 * Pixels are 4 bytes each, B, G, R, A in memory order: little-endian ARGB8888 / XRGB8888, which
 * is an X11 TrueColor visual of depth 24 or 32 (masks 0xff0000, 0xff00, 0xff) and wl_shm's
 * ARGB8888 / XRGB8888. When has_alpha is false the A bytes are 0xff.
 * `top` is the first byte of the TOP row and `stride` the bytes from a row to the row below it;
 * the stride is negative for GL's bottom-up rows, so a platform copies rows top to bottom with
 * `top + y * stride` and the flip costs nothing extra. The memory is valid only during the call:
 * a platform that presents later copies it first. */
struct egl_frame {
   const uint8_t *top;
   ptrdiff_t stride;
   int32_t width, height; /* the surface's size this frame was drawn at */
   bool has_alpha;
   /* What changed since the previous frame (eglSwapBuffersWithDamage), clipped to the frame;
    * damage_count 0: everything. A platform may always present more than the damage. */
   const struct egl_rect *damage;
   int32_t damage_count;
   uint64_t serial; /* 1 for a surface's first frame, then +1 per presented frame */
};

/* What a window system implements for its windows. */
struct egl_window_ops {
   /* The native window's size now, in pixels. false: the window is gone (destroyed, or the
    * connection to the window system is closed or broken); the surface becomes lost. */
   bool (*get_size)(struct egl_window *win, int32_t *width, int32_t *height);
   /* Puts frame on screen. Returns EGL_SUCCESS, EGL_BAD_NATIVE_WINDOW (the window is gone: the
    * surface becomes lost) or EGL_BAD_ALLOC (a transient failure: the frame is not shown, the
    * surface lives). Pacing: with swap interval 0 it never waits for the display; with n >= 1
    * it returns once the previous frame has been on screen for n refreshes (or by the
    * platform's documented stand-in for refreshes). Either way at most frames_in_flight frames
    * are queued in the window system (MGL_FRAMES_IN_FLIGHT): a fast producer waits. */
   EGLint (*present)(struct egl_window *win, const struct egl_frame *frame);
   /* eglSwapInterval, already clamped to 0..1 by EGL. */
   void (*set_swap_interval)(struct egl_window *win, int interval);
   /* Frees the window state; the native window itself belongs to the application. NULL ok. */
   void (*destroy)(struct egl_window *win);
   /* The native window's identity (X11: the window id; Wayland: the wl_egl_window address), so
    * that a second eglCreateWindowSurface for the same window fails with EGL_BAD_ALLOC (EGL 1.5
    * §3.5.1). May be NULL: the check is then skipped. */
   uintptr_t (*native_id)(struct egl_window *win);
   /* The window as a token another process on this machine can open (X11: the window id and
    * the display's name), so that the server presents into it itself through Vulkan WSI and
    * present is not called. false: no such token (a Wayland surface is process-local; an
    * application's own xcb connection has no name): the copy path. May be NULL. */
   bool (*server_token)(struct egl_window *win, uint32_t *window, char *display,
                        size_t display_size);
   /* Presenting from shared memory (the ring arms' present stores, fe_egl.h: the server writes
    * the frame where the window system reads it, top row first, and no pixel is copied here).
    * May be NULL: the copy path only. shared_slots: how many stores the window cycles through,
    * 0 when it cannot present from shared memory now (no MIT-SHM, a pixmap). shared_wait:
    * returns once the window system no longer reads what store `slot` held (its frame is done
    * with), so the server may write it again. shared_present: as present, for a frame in store
    * `slot`, whose top row is at `fd_offset` of the memfd `fd` (not taken: the platform dups
    * what it keeps) and at frame->top here (stride positive). A platform that cannot map that
    * memory presents frame->top as present would. */
   int (*shared_slots)(struct egl_window *win);
   void (*shared_wait)(struct egl_window *win, int slot);
   EGLint (*shared_present)(struct egl_window *win, const struct egl_frame *frame, int slot, int fd,
                            uint64_t fd_offset);
   /* Asks the window system the window's size now, without waiting: the next get_size takes
    * that answer (the size as it was when asked) instead of asking again. A swap asks before
    * its round trip to the server, so that the window system answers while the frame is
    * written, and get_size after the present waits for no second round trip. May be NULL. */
   void (*size_ask)(struct egl_window *win);
};

/* The ring arms' present stores (fe_egl.h) of one window (an EGL window surface, a GLX window),
 * one per slot of its platform's shared present; off once the arm, the server or the window
 * has none (the copy path reads the frame back from then on). Zeroed: none made yet. */
#define EGL_MAX_PRESENT_STORES 8
struct egl_present_stores {
   struct fe_present_store *store[EGL_MAX_PRESENT_STORES];
   int next;
   bool off;
   uint64_t frames;  /* presented from a store */
   uint64_t wait_ns; /* in shared_wait: the window system still read the store (egl_x11.c) */
};

/* The swap of surf (current with ctx) into one of ps's stores where the arm and the window can:
 * FE_OK and *slot >= 0 when the server wrote the frame (w x h) there and ended it; FE_OK and
 * *slot -1 when the caller takes fe_swap_buffers_read (also with MGL_PRESENT=read, the read-back
 * baseline); anything else: the swap failed. who
 * names the window in the log. */
enum fe_status egl_present_stores_swap(struct egl_present_stores *ps, struct fe_context *ctx,
                                       struct fe_surface *surf, const struct egl_window_ops *ops,
                                       struct egl_window *win, int w, int h, const char *who,
                                       int *slot);
/* Presents what egl_present_stores_swap wrote into store `slot` (frame: its size, damage and
 * serial; top and stride are the store's). */
EGLint egl_present_stores_present(struct egl_present_stores *ps, const struct egl_window_ops *ops,
                                  struct egl_window *win, struct egl_frame *frame, int slot);
/* Frees the stores (the window destroyed first: nothing reads them any more). */
void egl_present_stores_finish(struct egl_present_stores *ps);

/* One window system, as an EGL platform. */
struct egl_platform {
   EGLenum platform; /* EGL_PLATFORM_X11_KHR, EGL_PLATFORM_XCB_EXT, EGL_PLATFORM_WAYLAND_KHR */
   const char *name; /* "x11", "xcb", "wayland": logs, and the EGL_PLATFORM value */
   /* Checks the eglGetPlatformDisplay attributes (EGL_SUCCESS or EGL_BAD_ATTRIBUTE) and, for
    * the display's identity, returns in *key an attribute value that makes two displays on
    * the same native display differ (X11: the screen; 0 when none). Called at
    * eglGetPlatformDisplay; may be NULL when the platform takes no attributes. */
   EGLint (*check_attribs)(const EGLAttrib *attribs, intptr_t *key);
   /* Opens the native display at eglInitialize: native_display is what the application gave
    * (NULL: the platform's default, e.g. $DISPLAY / $WAYLAND_DISPLAY), key what check_attribs
    * returned. EGL_SUCCESS and *out, or EGL_NOT_INITIALIZED (no such display). */
   EGLint (*display_open)(void *native_display, intptr_t key, struct egl_native_display **out);
   /* eglTerminate (no surface of the display is alive any more). NULL ok. */
   void (*display_close)(struct egl_native_display *nd);
   /* The native visual the config's window surfaces present through, for
    * EGL_NATIVE_VISUAL_ID / EGL_NATIVE_VISUAL_TYPE. false: the display has no visual for that
    * config, and it loses EGL_WINDOW_BIT on this display. */
   bool (*config_visual)(struct egl_native_display *nd, const struct egl_config *config,
                         EGLint *visual_id, EGLint *visual_type);
   /* Creates the state for one native window. native_window is what the application passed:
    * platform_form true: eglCreatePlatformWindowSurface's pointer (X11: Window *, XCB:
    * xcb_window_t *, Wayland: struct wl_egl_window *); false: eglCreateWindowSurface's
    * EGLNativeWindowType cast to a pointer (X11: the Window id itself, Wayland: the
    * wl_egl_window *). Returns EGL_SUCCESS and *out, EGL_BAD_NATIVE_WINDOW (not a window, or
    * gone), EGL_BAD_MATCH (the window's visual does not match the config) or EGL_BAD_ALLOC. */
   EGLint (*window_create)(struct egl_native_display *nd, void *native_window, bool platform_form,
                           const struct egl_config *config, struct egl_window **out);
   const struct egl_window_ops *window;
   /* eglGetDisplay(native) with no platform named (EGL_PLATFORM unset, no glvnd guess): true
    * when native_display is certainly one of this platform's displays. NULL: never guessed. */
   bool (*is_native_display)(void *native_display);
   /* Pixmap surfaces and eglCopyBuffers: the state for one native pixmap, written with
    * window->present (which returns once the window system holds the frame; no pacing) and
    * sized by window->get_size. native_pixmap as window_create's native_window (X11: Pixmap *
    * or the Pixmap itself; XCB: xcb_pixmap_t *). config NULL: any depth the copy path writes.
    * EGL_SUCCESS with *out and the pixmap's depth in *depth, EGL_BAD_NATIVE_PIXMAP (not a
    * pixmap, or gone), EGL_BAD_MATCH (a depth the config does not write) or EGL_BAD_ALLOC.
    * NULL: the platform has no native pixmaps (configs lack EGL_PIXMAP_BIT). */
   EGLint (*pixmap_create)(struct egl_native_display *nd, void *native_pixmap, bool platform_form,
                           const struct egl_config *config, struct egl_window **out, int *depth);
};

/* The platforms built into this library (egl_window.c); NULL when `platform` is not one. */
const struct egl_platform *egl_window_platform(EGLenum platform);

/* Frames a window may have queued in its window system: MGL_FRAMES_IN_FLIGHT (1..8,
 * default 2). */
int egl_window_frames_in_flight(void);
/* EGL_SUCCESS, or the error the attribute list of a window (window) or pixmap surface earns. */
EGLint egl_native_surface_attribs(const EGLAttrib *attrib_list, bool window, const char *func);

/* Each platform's table, defined in its own file and listed by egl_window.c when the build
 * defines MGL_EGL_X11 (egl_x11.c: X11 and XCB) or MGL_EGL_WAYLAND (egl_wayland.c). */
extern const struct egl_platform egl_platform_x11;
extern const struct egl_platform egl_platform_xcb;
extern const struct egl_platform egl_platform_wayland;

#pragma GCC visibility pop

#endif
