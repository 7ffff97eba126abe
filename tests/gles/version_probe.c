/* version_probe.c — which desktop OpenGL versions the EGL vendor makes a context at, and what
 * each context says it is. For 3.3, 3.2 and 3.1 core and 3.0 forward-compatible, one line:
 *   request 3.3: refused 0x3009
 *   request 3.1: version 31 "3.1 mgl 0.1" glsl "1.40" dual_source 1 texture_buffer 0x0000
 *                depth_clamp 0x0000 bgra_vertex 1
 * (one line) version: GL_MAJOR_VERSION * 10 + GL_MINOR_VERSION; dual_source:
 * GL_MAX_DUAL_SOURCE_DRAW_BUFFERS; texture_buffer: the GL error of
 * glBindTexture(GL_TEXTURE_BUFFER); depth_clamp: that of glEnable(GL_DEPTH_CLAMP);
 * bgra_vertex: whether glGetStringi lists GL_ARB_vertex_array_bgra. Then OpenGL ES 3.1 and 3.2
 * (EGL_CONTEXT_MINOR_VERSION 1 and 2):
 *   request es3.1: version 31 "OpenGL ES 3.1 mgl 0.1" glsl "OpenGL ES GLSL ES 3.10"
 * or "request es3.1: refused 0x3009". version_hide.sh reads it. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <string.h>

#include "egl_app.h"

typedef const GLubyte *(*get_string_fn)(GLenum);
typedef void (*get_integerv_fn)(GLenum, GLint *);
typedef GLenum (*get_error_fn)(void);
typedef void (*bind_texture_fn)(GLenum, GLuint);
typedef void (*enable_fn)(GLenum);
typedef const GLubyte *(*get_stringi_fn)(GLenum, GLuint);

static void
probe(struct egl_app *app, int major, int minor, bool forward_compatible)
{
   const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                             major,
                             EGL_CONTEXT_MINOR_VERSION,
                             minor,
                             EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE,
                             forward_compatible ? EGL_TRUE : EGL_FALSE,
                             EGL_NONE};
   EGLContext ctx = eglCreateContext(app->display, app->config, EGL_NO_CONTEXT, attribs);
   if (ctx == EGL_NO_CONTEXT) {
      printf("request %d.%d: refused 0x%04x\n", major, minor, (unsigned)eglGetError());
      return;
   }
   if (!eglMakeCurrent(app->display, app->surface, app->surface, ctx)) {
      printf("request %d.%d: eglMakeCurrent failed 0x%04x\n", major, minor,
             (unsigned)eglGetError());
      eglDestroyContext(app->display, ctx);
      return;
   }
   get_string_fn get_string = (get_string_fn)eglGetProcAddress("glGetString");
   get_integerv_fn get_integerv = (get_integerv_fn)eglGetProcAddress("glGetIntegerv");
   get_error_fn get_error = (get_error_fn)eglGetProcAddress("glGetError");
   bind_texture_fn bind_texture = (bind_texture_fn)eglGetProcAddress("glBindTexture");
   GLint maj = 0, min = 0, dual = -1;
   get_integerv(GL_MAJOR_VERSION, &maj);
   get_integerv(GL_MINOR_VERSION, &min);
   get_integerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &dual);
   while (get_error() != GL_NO_ERROR)
      ;
   bind_texture(GL_TEXTURE_BUFFER, 0);
   const GLenum tb = get_error();
   enable_fn enable = (enable_fn)eglGetProcAddress("glEnable");
   enable_fn disable = (enable_fn)eglGetProcAddress("glDisable");
   enable(GL_DEPTH_CLAMP);
   const GLenum dc = get_error();
   disable(GL_DEPTH_CLAMP);
   while (get_error() != GL_NO_ERROR)
      ;
   get_stringi_fn get_stringi = (get_stringi_fn)eglGetProcAddress("glGetStringi");
   GLint num_ext = 0;
   get_integerv(GL_NUM_EXTENSIONS, &num_ext);
   int bgra = 0;
   for (GLint i = 0; get_stringi && i < num_ext; i++) {
      const char *e = (const char *)get_stringi(GL_EXTENSIONS, (GLuint)i);
      bgra |= e && !strcmp(e, "GL_ARB_vertex_array_bgra");
   }
   const char *v = (const char *)get_string(GL_VERSION);
   const char *s = (const char *)get_string(GL_SHADING_LANGUAGE_VERSION);
   printf("request %d.%d: version %d \"%s\" glsl \"%s\" dual_source %d texture_buffer 0x%04x "
          "depth_clamp 0x%04x bgra_vertex %d\n",
          major, minor, maj * 10 + min, v ? v : "(null)", s ? s : "(null)", dual, (unsigned)tb,
          (unsigned)dc, bgra);
   eglMakeCurrent(app->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(app->display, ctx);
}

/* An OpenGL ES 3.<minor> context: its version and strings, or the refusal. */
static void
probe_es3(struct egl_app *app, int minor)
{
   const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, minor,
                             EGL_NONE};
   eglBindAPI(EGL_OPENGL_ES_API);
   EGLContext ctx = eglCreateContext(app->display, app->config, EGL_NO_CONTEXT, attribs);
   if (ctx == EGL_NO_CONTEXT) {
      printf("request es3.%d: refused 0x%04x\n", minor, (unsigned)eglGetError());
   } else if (!eglMakeCurrent(app->display, app->surface, app->surface, ctx)) {
      printf("request es3.%d: eglMakeCurrent failed 0x%04x\n", minor, (unsigned)eglGetError());
   } else {
      get_string_fn get_string = (get_string_fn)eglGetProcAddress("glGetString");
      get_integerv_fn get_integerv = (get_integerv_fn)eglGetProcAddress("glGetIntegerv");
      GLint maj = 0, min = 0;
      get_integerv(GL_MAJOR_VERSION, &maj);
      get_integerv(GL_MINOR_VERSION, &min);
      const char *v = (const char *)get_string(GL_VERSION);
      const char *s = (const char *)get_string(GL_SHADING_LANGUAGE_VERSION);
      printf("request es3.%d: version %d \"%s\" glsl \"%s\"\n", minor, maj * 10 + min,
             v ? v : "(null)", s ? s : "(null)");
      eglMakeCurrent(app->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   }
   if (ctx != EGL_NO_CONTEXT)
      eglDestroyContext(app->display, ctx);
   eglBindAPI(EGL_OPENGL_API);
}

int
main(void)
{
   struct egl_app app = EGL_APP_INIT;
   struct egl_app_options opt = {16, 16, 0, 0, false, 0, true, false, true};
   if (!egl_app_open(&app, "version-probe", &opt))
      return 2;
   probe(&app, 3, 3, false);
   probe(&app, 3, 2, false);
   probe(&app, 3, 1, false);
   probe(&app, 3, 0, true);
   probe_es3(&app, 1);
   probe_es3(&app, 2);
   egl_app_teardown(&app);
   return 0;
}
