/* test_egl_link.c — direct linking (no glvnd): a program linked against a library carrying
 * mgl_egl_exports and mgl_glapi_exports calls the exported egl* / gl* names. */
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>

static int failures;

#define CHECK(cond)                                                                                \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                  \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

int
main(void)
{
   EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   CHECK(dpy != EGL_NO_DISPLAY);
   CHECK(eglInitialize(dpy, NULL, NULL));
   CHECK(!strcmp(eglQueryString(dpy, EGL_VENDOR), "mgl"));
   const EGLint cfg_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                 EGL_OPENGL_ES3_BIT, EGL_NONE};
   EGLConfig cfg;
   EGLint n = 0;
   CHECK(eglChooseConfig(dpy, cfg_attribs, &cfg, 1, &n) && n == 1);
   CHECK(eglBindAPI(EGL_OPENGL_ES_API));
   const EGLint ctx_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attribs);
   CHECK(ctx != EGL_NO_CONTEXT);
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   CHECK(eglGetCurrentContext() == ctx);
   CHECK(glGetError() == GL_NO_ERROR);
   glClear(GL_COLOR_BUFFER_BIT); /* a declining stub */
   CHECK(glGetError() == GL_INVALID_OPERATION);
   CHECK(eglGetProcAddress("glDrawArrays") != NULL);
   CHECK(eglGetProcAddress("glBegin") != NULL);
   CHECK(eglGetProcAddress("glDispatchCompute") != NULL); /* GL 4.3 (issue 20) */
   CHECK(eglGetProcAddress("glDrawMeshTasksNV") == NULL); /* not selected */
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   CHECK(eglTerminate(dpy));
   if (failures)
      return 1;
   printf("ok\n");
   return 0;
}
