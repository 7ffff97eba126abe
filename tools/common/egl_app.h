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
};

#define EGL_APP_INIT {EGL_NO_DISPLAY, EGL_NO_SURFACE, EGL_NO_CONTEXT, false}

/* depth_bits: 0, or the least depth the config must have. Failures are printed to stderr as
 * "<prog>: <call> failed: <EGL error>". */
bool egl_app_setup(struct egl_app *app, const char *prog, int width, int height, int depth_bits);
void egl_app_teardown(struct egl_app *app); /* accepts a struct that was never set up */
/* True (and a line on stderr) when the current context was lost (glGetGraphicsResetStatus):
 * then nothing it rendered or read back is valid, and the program must fail. */
bool egl_app_context_lost(const char *prog);
const char *egl_app_error_name(EGLint err);

#endif
