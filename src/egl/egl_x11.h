/* egl_x11.h — the X11 window system (egl_x11.c) for users other than EGL's display code:
 * src/glx presents GLX drawables through the same display and window ops
 * (egl_platform_x11.window_create / .window->present, egl_window.h). Hidden. */
#ifndef MGL_EGL_X11_H
#define MGL_EGL_X11_H

#include <stdbool.h>

#include <xcb/xcb.h>

#include "egl_window.h"

#pragma GCC visibility push(hidden)

/* The per-display state for an X connection the caller owns (an Xlib Display's, through
 * XGetXCBConnection): screen `screen`. EGL_SUCCESS and *out, or EGL_NOT_INITIALIZED. Close it
 * with egl_platform_x11.display_close (which never disconnects a connection it did not open).
 * Windows are then made with egl_platform_x11.window_create(nd, &window_id, true, config, ...);
 * config may be NULL (any TrueColor visual of depth 24 or 32 is presented as XRGB/ARGB8888). */
EGLint egl_x11_display_open_xcb(xcb_connection_t *conn, int screen,
                                struct egl_native_display **out);

/* Counters of the copy path, all windows of the process (logged at info level when a window
 * is destroyed). */
struct egl_x11_stats {
   uint64_t frames;        /* presents that reached the X server */
   uint64_t shm_frames;    /* ... through MIT-SHM (xcb_shm_put_image) */
   uint64_t put_requests;  /* xcb_put_image requests (frames without MIT-SHM, split) */
   uint64_t bytes;         /* pixel bytes handed to the X server */
   uint64_t paced_waits;   /* swap interval >= 1: waits for a Present complete event */
   uint64_t pace_timeouts; /* ... that ended on the 100 ms bound instead of the event */
};
void egl_x11_stats_get(struct egl_x11_stats *out);

#pragma GCC visibility pop

#endif
