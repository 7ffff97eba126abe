/* egl_app.h — the EGL set-up every mgl tool program shares: a surfaceless (else default)
 * display, an exact RGBA8 pbuffer config, and a current OpenGL 3.3 core context. Only the EGL
 * API is used, so the programs run unchanged on mgl or any other glvnd EGL vendor. */
#ifndef MGL_TOOLS_EGL_APP_H
#define MGL_TOOLS_EGL_APP_H

#include <EGL/egl.h>
#include <stdbool.h>

struct egl_app {
   EGLDisplay display;
   EGLSurface surface;
   EGLContext context;
   bool initialized;
   EGLConfig config;
   EGLint major, minor; /* what eglInitialize returned */
};

#define EGL_APP_INIT                                                                               \
   {                                                                                               \
      EGL_NO_DISPLAY, EGL_NO_SURFACE, EGL_NO_CONTEXT, false, NULL, 0, 0                            \
   }

/* What egl_app_open sets up; egl_app_setup is egl_app_open with EGL_APP_OPTIONS(w, h, depth). */
struct egl_app_options {
   int width, height;
   int depth_bits, stencil_bits; /* the least sizes the config must have (0: any) */
   /* Only a config with exactly RGBA8, depth_bits, stencil_bits and no samples (a test that
    * reads back bytes and models depth/stencil exactly); else an exact RGBA8 one if any. */
   bool exact;
   /* 0: OpenGL 3.3 core; 1: OpenGL 3.3 compatibility; 2 or 3: OpenGL ES of that major version
    * (EGL_CONTEXT_CLIENT_VERSION: the vendor picks the minor); 30, 31 or 32: OpenGL ES 3.0, 3.1 or 3.2
    * with the minor version asked for */
   int es;
   bool surfaceless_only; /* fail without EGL_MESA_platform_surfaceless (no eglGetDisplay) */
   bool robust;           /* lose the context on a reset where the vendor offers robustness */
   bool no_context;       /* display, config, pbuffer and API only: the caller makes contexts */
};

#define EGL_APP_OPTIONS(w, h, depth)                                                               \
   {                                                                                               \
      (w), (h), (depth), 0, false, 0, false, true, false                                           \
   }

/* depth_bits: 0, or the least depth the config must have. Failures are printed to stderr as
 * "<prog>: <call> failed: <EGL error>". */
bool egl_app_setup(struct egl_app *app, const char *prog, int width, int height, int depth_bits);
bool egl_app_open(struct egl_app *app, const char *prog, const struct egl_app_options *opt);
void egl_app_teardown(struct egl_app *app); /* accepts a struct that was never set up */
/* True (and a line on stderr) when the current context was lost (glGetGraphicsResetStatus):
 * then nothing it rendered or read back is valid, and the program must fail. */
bool egl_app_context_lost(const char *prog);
const char *egl_app_error_name(EGLint err);

#endif
