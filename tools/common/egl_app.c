/* egl_app.c — shared EGL set-up of the tool programs (mgl-demo, mgl-bench, mgl-info) and of
 * the tests that run as an ordinary EGL application (mgl-scenario, mgl-fault). */
#include "egl_app.h"

#include <EGL/eglext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *
egl_app_error_name(EGLint err)
{
   switch (err) {
   case EGL_SUCCESS: return "EGL_SUCCESS";
   case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
   case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
   case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
   case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
   case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
   case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
   case EGL_BAD_CURRENT_SURFACE: return "EGL_BAD_CURRENT_SURFACE";
   case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
   case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
   case EGL_BAD_NATIVE_PIXMAP: return "EGL_BAD_NATIVE_PIXMAP";
   case EGL_BAD_NATIVE_WINDOW: return "EGL_BAD_NATIVE_WINDOW";
   case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
   case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
   case EGL_CONTEXT_LOST: return "EGL_CONTEXT_LOST";
   default: return "unknown EGL error";
   }
}

static void
fail(const char *prog, const char *call)
{
   EGLint err = eglGetError();
   fprintf(stderr, "%s: %s failed: %s (0x%04x)\n", prog, call, egl_app_error_name(err),
           (unsigned)err);
}

/* Whole-word match in a space-separated extension list. */
static bool
has_extension(const char *list, const char *name)
{
   size_t n = strlen(name);
   for (const char *p = list; (p = strstr(p, name)) != NULL; p += n) {
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   }
   return false;
}

static EGLint
config_attrib(EGLDisplay dpy, EGLConfig config, EGLint attrib)
{
   EGLint v = 0;
   eglGetConfigAttrib(dpy, config, attrib, &v);
   return v;
}

static bool
open_display(struct egl_app *app, const char *prog, bool surfaceless_only)
{
   /* Client extensions: NULL (with EGL_BAD_DISPLAY) if unsupported. */
   const char *client_ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   if (client_ext == NULL)
      (void)eglGetError();
   if (client_ext != NULL && has_extension(client_ext, "EGL_MESA_platform_surfaceless")) {
      PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
         (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
      if (get_platform_display == NULL) {
         fprintf(stderr,
                 "%s: eglGetProcAddress(\"eglGetPlatformDisplayEXT\") returned NULL "
                 "although EGL_MESA_platform_surfaceless is listed\n",
                 prog);
         return false;
      }
      app->display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
      if (app->display == EGL_NO_DISPLAY) {
         fail(prog, "eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA)");
         return false;
      }
   } else if (surfaceless_only) {
      fprintf(stderr, "%s: EGL_MESA_platform_surfaceless is not a client extension (got: %s)\n",
              prog, client_ext ? client_ext : "(null)");
      return false;
   } else {
      app->display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
      if (app->display == EGL_NO_DISPLAY) {
         fail(prog, "eglGetDisplay(EGL_DEFAULT_DISPLAY)");
         return false;
      }
   }
   if (!eglInitialize(app->display, &app->major, &app->minor)) {
      fail(prog, "eglInitialize");
      return false;
   }
   app->initialized = true;
   return true;
}

bool
egl_app_setup(struct egl_app *app, const char *prog, int width, int height, int depth_bits)
{
   const struct egl_app_options opt = EGL_APP_OPTIONS(width, height, depth_bits);
   return egl_app_open(app, prog, &opt);
}

static bool
config_exact(EGLDisplay dpy, EGLConfig c, const struct egl_app_options *opt)
{
   if (config_attrib(dpy, c, EGL_RED_SIZE) != 8 || config_attrib(dpy, c, EGL_GREEN_SIZE) != 8 ||
       config_attrib(dpy, c, EGL_BLUE_SIZE) != 8 || config_attrib(dpy, c, EGL_ALPHA_SIZE) != 8)
      return false;
   return !opt->exact || (config_attrib(dpy, c, EGL_DEPTH_SIZE) == opt->depth_bits &&
                          config_attrib(dpy, c, EGL_STENCIL_SIZE) == opt->stencil_bits &&
                          config_attrib(dpy, c, EGL_SAMPLES) == 0);
}

static EGLContext
context_create(struct egl_app *app, const struct egl_app_options *opt)
{
   if (opt->es >= 30) { /* ES 3.0, 3.1 or 3.2 with the minor version asked for */
      const EGLint es_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION,
                                   opt->es % 10, EGL_NONE};
      return eglCreateContext(app->display, app->config, EGL_NO_CONTEXT, es_attribs);
   }
   if (opt->es >= 2) {
      const EGLint es_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, opt->es, EGL_NONE};
      return eglCreateContext(app->display, app->config, EGL_NO_CONTEXT, es_attribs);
   }
   if (opt->es == 1) {
      static const EGLint compat_attribs[] = {
         EGL_CONTEXT_MAJOR_VERSION,
         3,
         EGL_CONTEXT_MINOR_VERSION,
         3,
         EGL_CONTEXT_OPENGL_PROFILE_MASK,
         EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
         EGL_NONE,
      };
      return eglCreateContext(app->display, app->config, EGL_NO_CONTEXT, compat_attribs);
   }
   /* Lose the context on a reset, so a lost one says so (egl_app_context_lost); a vendor
    * without robustness gets the plain context. */
   static const EGLint robust_attribs[] = {
      EGL_CONTEXT_MAJOR_VERSION,
      3,
      EGL_CONTEXT_MINOR_VERSION,
      3,
      EGL_CONTEXT_OPENGL_PROFILE_MASK,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
      EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
      EGL_LOSE_CONTEXT_ON_RESET,
      EGL_NONE,
   };
   static const EGLint context_attribs[] = {
      EGL_CONTEXT_MAJOR_VERSION,
      3,
      EGL_CONTEXT_MINOR_VERSION,
      3,
      EGL_CONTEXT_OPENGL_PROFILE_MASK,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
      EGL_NONE,
   };
   EGLContext ctx = EGL_NO_CONTEXT;
   if (opt->robust) {
      ctx = eglCreateContext(app->display, app->config, EGL_NO_CONTEXT, robust_attribs);
      if (ctx != EGL_NO_CONTEXT || eglGetError() != EGL_BAD_ATTRIBUTE)
         return ctx;
   }
   return eglCreateContext(app->display, app->config, EGL_NO_CONTEXT, context_attribs);
}

bool
egl_app_open(struct egl_app *app, const char *prog, const struct egl_app_options *opt)
{
   EGLConfig *configs = NULL;
   bool ok = false;

   if (!open_display(app, prog, opt->surfaceless_only))
      goto out;
   if (!eglBindAPI(opt->es >= 2 ? EGL_OPENGL_ES_API : EGL_OPENGL_API)) {
      fail(prog, opt->es >= 2 ? "eglBindAPI(EGL_OPENGL_ES_API)" : "eglBindAPI(EGL_OPENGL_API)");
      goto out;
   }

   const EGLint renderable = opt->es == 3 || opt->es >= 30 ? EGL_OPENGL_ES3_BIT
                             : opt->es == 2                ? EGL_OPENGL_ES2_BIT
                                                           : EGL_OPENGL_BIT;
   const EGLint config_attribs[] = {
      EGL_SURFACE_TYPE,
      EGL_PBUFFER_BIT,
      EGL_RENDERABLE_TYPE,
      renderable,
      EGL_RED_SIZE,
      8,
      EGL_GREEN_SIZE,
      8,
      EGL_BLUE_SIZE,
      8,
      EGL_ALPHA_SIZE,
      8,
      EGL_DEPTH_SIZE,
      opt->depth_bits,
      EGL_STENCIL_SIZE,
      opt->stencil_bits,
      EGL_NONE,
   };
   EGLint count = 0;
   if (!eglChooseConfig(app->display, config_attribs, NULL, 0, &count)) {
      fail(prog, "eglChooseConfig (count)");
      goto out;
   }
   if (count <= 0) {
      fprintf(stderr,
              "%s: eglChooseConfig: no RGBA8 + depth%d stencil%d config with "
              "EGL_PBUFFER_BIT and %s\n",
              prog, opt->depth_bits, opt->stencil_bits,
              opt->es >= 2 ? "an OpenGL ES bit" : "EGL_OPENGL_BIT");
      goto out;
   }
   configs = calloc((size_t)count, sizeof(*configs));
   if (configs == NULL) {
      fprintf(stderr, "%s: out of memory\n", prog);
      goto out;
   }
   if (!eglChooseConfig(app->display, config_attribs, configs, count, &count) || count <= 0) {
      fail(prog, "eglChooseConfig");
      goto out;
   }
   /* The sort order prefers deeper colour; pick an exact RGBA8 config if any (with exact, only
    * one of exactly the sizes asked for). */
   app->config = opt->exact ? NULL : configs[0];
   for (EGLint i = 0; i < count; i++) {
      if (config_exact(app->display, configs[i], opt)) {
         app->config = configs[i];
         break;
      }
   }
   if (app->config == NULL) {
      fprintf(stderr,
              "%s: %d configs matched but none is exactly RGBA8, depth %d, stencil %d, "
              "single-sample\n",
              prog, count, opt->depth_bits, opt->stencil_bits);
      goto out;
   }

   const EGLint pbuffer_attribs[] = {EGL_WIDTH, opt->width, EGL_HEIGHT, opt->height, EGL_NONE};
   app->surface = eglCreatePbufferSurface(app->display, app->config, pbuffer_attribs);
   if (app->surface == EGL_NO_SURFACE) {
      fail(prog, "eglCreatePbufferSurface");
      goto out;
   }
   if (opt->no_context) {
      ok = true;
      goto out;
   }
   app->context = context_create(app, opt);
   if (app->context == EGL_NO_CONTEXT) {
      fail(prog, opt->es >= 2 ? "eglCreateContext (OpenGL ES)"
                 : opt->es    ? "eglCreateContext (OpenGL 3.3 compatibility)"
                              : "eglCreateContext (OpenGL 3.3 core)");
      goto out;
   }
   if (!eglMakeCurrent(app->display, app->surface, app->surface, app->context)) {
      fail(prog, "eglMakeCurrent");
      goto out;
   }
   ok = true;

out:
   free(configs);
   return ok;
}

bool
egl_app_context_lost(const char *prog)
{
   enum { GL_NO_ERROR_ = 0, GL_GUILTY = 0x8253, GL_INNOCENT = 0x8254, GL_UNKNOWN = 0x8255 };
   typedef unsigned (*reset_status_fn)(void);
   reset_status_fn status = (reset_status_fn)eglGetProcAddress("glGetGraphicsResetStatus");
   if (!status)
      status = (reset_status_fn)eglGetProcAddress("glGetGraphicsResetStatusKHR");
   unsigned r = status ? status() : GL_NO_ERROR_;
   if (r == GL_NO_ERROR_)
      return false;
   fprintf(stderr,
           "%s: the GL context was lost (glGetGraphicsResetStatus %s): nothing it "
           "rendered or read can be trusted\n",
           prog,
           r == GL_GUILTY     ? "GL_GUILTY_CONTEXT_RESET"
           : r == GL_INNOCENT ? "GL_INNOCENT_CONTEXT_RESET"
           : r == GL_UNKNOWN  ? "GL_UNKNOWN_CONTEXT_RESET"
                              : "unknown");
   return true;
}

void
egl_app_teardown(struct egl_app *app)
{
   if (app->display == EGL_NO_DISPLAY)
      return;
   if (app->initialized)
      eglMakeCurrent(app->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (app->context != EGL_NO_CONTEXT)
      eglDestroyContext(app->display, app->context);
   if (app->surface != EGL_NO_SURFACE)
      eglDestroySurface(app->display, app->surface);
   if (app->initialized)
      eglTerminate(app->display);
   eglReleaseThread();
   app->display = EGL_NO_DISPLAY;
}
