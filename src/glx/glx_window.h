/* glx_window.h — GLX windows on the window-surface layer (src/egl/egl_window.h): the X11
 * platform wt-x11's EGL uses presents GLX's frames too, so mgl has one X11 presenter. Caller
 * holds the GLX lock for all but glx_window_present and glx_window_destroy. */
#ifndef MGL_GLX_WINDOW_H
#define MGL_GLX_WINDOW_H

#include <stdbool.h>

#include "glx_internal.h"

#pragma GCC visibility push(hidden)

/* Makes d's window state for d->window with d->config: sets d->win, d->width, d->height.
 * false: *error is the X error to report (GLXBadDrawable, BadMatch, BadAlloc). */
bool glx_window_create(struct glx_display *gd, struct glx_drawable *d, int *error, bool *glx_error);
void glx_window_destroy(struct glx_drawable *d); /* no window state: nothing */
/* Takes the window's size now; a new size resizes the surface before the next frame. */
void glx_window_refresh_size(struct glx_drawable *d);
/* Reads the frame back with ctx (current on this thread with d as its draw drawable) and puts
 * it in the window. false: *error is the X error to report. */
bool glx_window_present(struct glx_context *ctx, struct glx_drawable *d, int *error,
                        bool *glx_error);
void glx_window_set_interval(struct glx_drawable *d, int interval);

#pragma GCC visibility pop

#endif
