/* test_egl_glvnd.c — mgl's EGL layer as a libglvnd vendor. Linked with glvnd's -lEGL and
 * -lOpenGL only (nothing of mgl); run with __EGL_VENDOR_LIBRARY_FILENAMES naming the JSON of
 * libfakevendor.so (mgl_egl + mgl_glapi + the fake front end, exporting only __egl_Main). It
 * takes the surfaceless platform display, makes a 3.3 core context current on a pbuffer and
 * proves that GL calls through glvnd's dispatch reach the fake front end. */
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>

#include "fake_fe.h"

static int failures;

#define CHECK(cond)                                                                                \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         fprintf(stderr, "%s:%d: CHECK failed: %s (eglGetError 0x%04x)\n", __FILE__, __LINE__,     \
                 #cond, eglGetError());                                                            \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

int
main(void)
{
   const char *cext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   CHECK(cext && strstr(cext, "EGL_MESA_platform_surfaceless"));
   CHECK(cext && strstr(cext, "EGL_EXT_platform_base"));
   printf("client extensions: %s\n", cext ? cext : "(null)");

   PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   CHECK(get_platform_display != NULL);
   if (!get_platform_display)
      return 1;
   EGLDisplay dpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   CHECK(dpy != EGL_NO_DISPLAY);
   if (dpy == EGL_NO_DISPLAY)
      return 1;
   EGLint major = 0, minor = 0;
   CHECK(eglInitialize(dpy, &major, &minor));
   printf("EGL %d.%d vendor \"%s\" version \"%s\"\n", major, minor, eglQueryString(dpy, EGL_VENDOR),
          eglQueryString(dpy, EGL_VERSION));
   CHECK(major == 1 && minor == 5);
   CHECK(!strcmp(eglQueryString(dpy, EGL_VENDOR), "mgl"));
   const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
   CHECK(ext && strstr(ext, "EGL_KHR_create_context"));

   /* eglGetDisplay(EGL_DEFAULT_DISPLAY) reaches us as getPlatformDisplay(EGL_NONE, ...) */
   EGLDisplay def = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   CHECK(def != EGL_NO_DISPLAY && def != dpy);
   CHECK(eglInitialize(def, NULL, NULL));
   CHECK(eglTerminate(def));

   const EGLint cfg_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                 EGL_OPENGL_BIT,   EGL_DEPTH_SIZE,  24,
                                 EGL_NONE};
   EGLConfig cfg = NULL;
   EGLint n = 0;
   CHECK(eglChooseConfig(dpy, cfg_attribs, &cfg, 1, &n) && n == 1);
   const EGLint pb_attribs[] = {EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_NONE};
   EGLSurface pb = eglCreatePbufferSurface(dpy, cfg, pb_attribs);
   CHECK(pb != EGL_NO_SURFACE);
   CHECK(eglBindAPI(EGL_OPENGL_API));
   /* compatibility profile: the default (a 3.3 compatibility context) */
   const EGLint compat_attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                                    3,
                                    EGL_CONTEXT_MINOR_VERSION,
                                    3,
                                    EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                    EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
                                    EGL_NONE};
   EGLContext compat = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, compat_attribs);
   CHECK(compat != EGL_NO_CONTEXT);
   const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                                 3,
                                 EGL_CONTEXT_MINOR_VERSION,
                                 3,
                                 EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                 EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                 EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attribs);
   CHECK(ctx != EGL_NO_CONTEXT);
   CHECK(eglMakeCurrent(dpy, pb, pb, ctx));
   CHECK(eglGetCurrentContext() == ctx);
   EGLint w = 0;
   CHECK(eglQuerySurface(dpy, pb, EGL_WIDTH, &w) && w == 64);

   CHECK(eglGetProcAddress("glDrawArrays") != NULL);

   /* GL through glvnd's dispatch (libOpenGL -> libGLdispatch -> our getProcAddress) */
   GLint calls = -1;
   glGetIntegerv(FAKE_FE_PNAME_GET_ERROR_CALLS, &calls);
   CHECK(calls == 0);
   CHECK(glGetError() == GL_NO_ERROR);
   CHECK(glGetError() == GL_NO_ERROR);
   glGetIntegerv(FAKE_FE_PNAME_GET_ERROR_CALLS, &calls);
   CHECK(calls == 2);
   GLint v = -1;
   glGetIntegerv(FAKE_FE_PNAME_CONTEXT_MAJOR, &v);
   CHECK(v == 3);
   glGetIntegerv(FAKE_FE_PNAME_CONTEXT_MINOR, &v);
   CHECK(v == 3);
   /* an entry point the front end lacks: the generated stub declines and raises
    * GL_INVALID_OPERATION on the fake's context */
   glClear(GL_COLOR_BUFFER_BIT);
   CHECK(glGetError() == GL_INVALID_OPERATION);
   CHECK(glGetError() == GL_NO_ERROR);
   /* the same through a pointer from eglGetProcAddress */
   PFNGLGETERRORPROC get_error = (PFNGLGETERRORPROC)eglGetProcAddress("glGetError");
   CHECK(get_error && get_error() == GL_NO_ERROR);
   glGetIntegerv(FAKE_FE_PNAME_GET_ERROR_CALLS, &calls);
   CHECK(calls == 5);
   printf("glGetError calls that reached the fake front end: %d\n", calls);

   CHECK(eglSwapBuffers(dpy, pb));
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT);
   CHECK(eglDestroyContext(dpy, ctx));
   CHECK(eglDestroyContext(dpy, compat));
   CHECK(eglDestroySurface(dpy, pb));
   CHECK(eglTerminate(dpy));
   CHECK(eglReleaseThread());

   if (failures) {
      fprintf(stderr, "%d check(s) failed\n", failures);
      return 1;
   }
   printf("ok\n");
   return 0;
}
