/* mgl-glx-test — GLX through libglvnd on whatever vendor libGLX picks (run under mgl-run, so
 * mgl): FBConfigs and visuals, core and ES contexts from glXCreateContextAttribsARB, a window
 * drawn, swapped and read back with XGetImage, a resize picked up at the next swap, the swap
 * interval extensions, a pbuffer, a GLX pixmap, a 4-sample config and a 4-sample window's depth and
 * stencil read and blitted (--ms-depth-stencil: that check alone), every window config drawn in
 * a window (the sample counts offered are the device's), GLX's X errors for bad
 * attributes and configs, the legacy calls' compatibility contexts (with --legacy: drawing
 * fixed-function quads; with --compat-off and MGL_COMPAT_PROFILE=0: their refusal), and (with --one-copy) that EGL and GLX share one mapping of the vendor
 * library; with --frames N [--check] a run of frames only (run_frames). Prints "glx-test: PASS (N
 * checks)" or the first failures; exit status 1 on any. */
#define GL_GLEXT_PROTOTYPES
#include <dlfcn.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <GL/glx.h>
#include <GL/glxext.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

static int checks, failures;

#define CHECK(cond, ...)                                                                           \
   do {                                                                                            \
      checks++;                                                                                    \
      if (!(cond)) {                                                                               \
         failures++;                                                                               \
         fprintf(stderr, "glx-test: FAIL line %d: %s: ", __LINE__, #cond);                         \
         fprintf(stderr, __VA_ARGS__);                                                             \
         fputc('\n', stderr);                                                                      \
      }                                                                                            \
   } while (0)

/* ---- X errors, caught ---------------------------------------------------------------------- */

static int glx_first_error;
static int last_error = -1; /* core code, or 1000 + GLX error number */
static int last_minor;

static int
on_error(Display *dpy, XErrorEvent *e)
{
   (void)dpy;
   int code = e->error_code;
   last_error =
      code >= glx_first_error && code < glx_first_error + 20 ? 1000 + code - glx_first_error : code;
   last_minor = e->minor_code;
   return 0;
}

static void
reset_error(Display *dpy)
{
   XSync(dpy, False);
   last_error = -1;
}

static int
take_error(Display *dpy)
{
   XSync(dpy, False);
   int e = last_error;
   last_error = -1;
   return e;
}

#define GLXE(n) (1000 + (n))
enum { GLXBadContext_ = 0, GLXBadDrawable_ = 2, GLXBadFBConfig_ = 9, GLXBadProfile_ = 13 };

/* ---- GL entry points past 1.2, through glXGetProcAddress ------------------------------------- */

#define GL_FUNCS(X)                                                                                \
   X(PFNGLCREATESHADERPROC, glCreateShader)                                                        \
   X(PFNGLSHADERSOURCEPROC, glShaderSource)                                                        \
   X(PFNGLCOMPILESHADERPROC, glCompileShader)                                                      \
   X(PFNGLCREATEPROGRAMPROC, glCreateProgram)                                                      \
   X(PFNGLATTACHSHADERPROC, glAttachShader)                                                        \
   X(PFNGLLINKPROGRAMPROC, glLinkProgram)                                                          \
   X(PFNGLGETPROGRAMIVPROC, glGetProgramiv)                                                        \
   X(PFNGLUSEPROGRAMPROC, glUseProgram)                                                            \
   X(PFNGLGENVERTEXARRAYSPROC, glGenVertexArrays)                                                  \
   X(PFNGLBINDVERTEXARRAYPROC, glBindVertexArray)                                                  \
   X(PFNGLGENFRAMEBUFFERSPROC, glGenFramebuffers)                                                  \
   X(PFNGLBINDFRAMEBUFFERPROC, glBindFramebuffer)                                                  \
   X(PFNGLDELETEFRAMEBUFFERSPROC, glDeleteFramebuffers)                                            \
   X(PFNGLFRAMEBUFFERRENDERBUFFERPROC, glFramebufferRenderbuffer)                                  \
   X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, glCheckFramebufferStatus)                                    \
   X(PFNGLGENRENDERBUFFERSPROC, glGenRenderbuffers)                                                \
   X(PFNGLBINDRENDERBUFFERPROC, glBindRenderbuffer)                                                \
   X(PFNGLDELETERENDERBUFFERSPROC, glDeleteRenderbuffers)                                          \
   X(PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC, glRenderbufferStorageMultisample)                    \
   X(PFNGLBLITFRAMEBUFFERPROC, glBlitFramebuffer)
#define DECL(type, name) static type p_##name;
GL_FUNCS(DECL)
#undef DECL

static void
load_gl(void)
{
#define LOAD(type, name) p_##name = (type)glXGetProcAddressARB((const GLubyte *)#name);
   GL_FUNCS(LOAD)
#undef LOAD
}

/* A triangle pair covering the right half of the window in blue. */
static GLuint
blue_program(void)
{
   static const char *vs = "#version 330 core\n"
                           "void main() {\n"
                           "  vec2 p[6] = vec2[6](vec2(0,-1), vec2(1,-1), vec2(1,1),\n"
                           "                      vec2(0,-1), vec2(1,1), vec2(0,1));\n"
                           "  gl_Position = vec4(p[gl_VertexID], 0, 1);\n"
                           "}\n";
   static const char *fs = "#version 330 core\n"
                           "out vec4 c;\n"
                           "void main() { c = vec4(0, 0, 1, 1); }\n";
   GLuint v = p_glCreateShader(GL_VERTEX_SHADER), f = p_glCreateShader(GL_FRAGMENT_SHADER);
   p_glShaderSource(v, 1, &vs, NULL);
   p_glShaderSource(f, 1, &fs, NULL);
   p_glCompileShader(v);
   p_glCompileShader(f);
   GLuint prog = p_glCreateProgram();
   p_glAttachShader(prog, v);
   p_glAttachShader(prog, f);
   p_glLinkProgram(prog);
   GLint ok = 0;
   p_glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   CHECK(ok, "the program did not link");
   return prog;
}

/* ---- window pixels ---------------------------------------------------------------------------- */

static unsigned long
window_pixel(Display *dpy, Window win, int x, int y)
{
   XImage *img = XGetImage(dpy, win, x, y, 1, 1, AllPlanes, ZPixmap);
   if (!img)
      return 0xdeadbeef;
   unsigned long p = XGetPixel(img, 0, 0) & 0xffffff;
   XDestroyImage(img);
   return p;
}

#define CHECK_PIXEL(dpy, win, x, y, want)                                                          \
   do {                                                                                            \
      unsigned long got_ = window_pixel(dpy, win, x, y);                                           \
      CHECK(got_ == (want), "pixel (%d,%d) is 0x%06lx, expected 0x%06lx", x, y, got_,              \
            (unsigned long)(want));                                                                \
   } while (0)

static void
wait_mapped(Display *dpy, Window win)
{
   XEvent ev;
   do {
      XWindowEvent(dpy, win, StructureNotifyMask, &ev);
   } while (ev.type != MapNotify);
}

/* A mapped w x h window of vi's visual (its colormap is freed with the connection). */
static Window
mapped_window(Display *dpy, const XVisualInfo *vi, int w, int h)
{
   Window root = RootWindow(dpy, vi->screen);
   XSetWindowAttributes swa = {
      .colormap = XCreateColormap(dpy, root, vi->visual, AllocNone),
      .event_mask = StructureNotifyMask,
      .border_pixel = 0,
   };
   Window win = XCreateWindow(dpy, root, 0, 0, (unsigned)w, (unsigned)h, 0, vi->depth, InputOutput,
                              vi->visual, CWColormap | CWEventMask | CWBorderPixel, &swa);
   XMapWindow(dpy, win);
   wait_mapped(dpy, win);
   return win;
}

static void
wait_size(Display *dpy, Window win, int w, int h)
{
   XEvent ev;
   do {
      XWindowEvent(dpy, win, StructureNotifyMask, &ev);
   } while (!(ev.type == ConfigureNotify && ev.xconfigure.width == w && ev.xconfigure.height == h));
}

/* ---- the checks ---------------------------------------------------------------------------- */

static PFNGLXCREATECONTEXTATTRIBSARBPROC create_attribs;
static GLXContext core_context(Display *dpy, GLXFBConfig cfg);

static GLXContext
try_context(Display *dpy, GLXFBConfig cfg, const int *attribs, int *error)
{
   reset_error(dpy);
   GLXContext ctx = create_attribs(dpy, cfg, NULL, True, attribs);
   *error = take_error(dpy);
   return ctx;
}

static void
check_errors(Display *dpy, GLXFBConfig cfg)
{
   int err;
   GLXContext c;
   const int bad_attr[] = {0x7777, 1, None};
   c = try_context(dpy, cfg, bad_attr, &err);
   CHECK(!c && err == BadValue, "unknown attribute: ctx %p error %d", (void *)c, err);

   const int bad_flags[] = {GLX_CONTEXT_MAJOR_VERSION_ARB,
                            3,
                            GLX_CONTEXT_MINOR_VERSION_ARB,
                            3,
                            GLX_CONTEXT_FLAGS_ARB,
                            0x100,
                            None};
   c = try_context(dpy, cfg, bad_flags, &err);
   CHECK(!c && err == BadValue, "unknown flag: ctx %p error %d", (void *)c, err);

   const int bad_render_type[] = {GLX_RENDER_TYPE, 0x20b1, None}; /* piglit's first */
   c = try_context(dpy, cfg, bad_render_type, &err);
   CHECK(!c && err == BadValue, "unknown render type: ctx %p error %d", (void *)c, err);
   const int ci[] = {GLX_RENDER_TYPE, GLX_COLOR_INDEX_TYPE, None};
   c = try_context(dpy, cfg, ci, &err);
   CHECK(!c && err == BadMatch, "colour index: ctx %p error %d", (void *)c, err);

   /* GL 4.0-4.6: given up to the highest version the backend meets, GLXBadFBConfig above it */
   bool refused = false;
   for (int minor = 0; minor <= 6; minor++) {
      const int gl4x[] = {GLX_CONTEXT_MAJOR_VERSION_ARB,
                          4,
                          GLX_CONTEXT_MINOR_VERSION_ARB,
                          minor,
                          GLX_CONTEXT_PROFILE_MASK_ARB,
                          GLX_CONTEXT_CORE_PROFILE_BIT_ARB,
                          None};
      c = try_context(dpy, cfg, gl4x, &err);
      if (c) {
         CHECK(!refused && err == -1, "GL 4.%d given above a refused version (error %d)", minor,
               err);
         glXDestroyContext(dpy, c);
      } else {
         CHECK(err == GLXE(GLXBadFBConfig_), "GL 4.%d: error %d", minor, err);
         refused = true;
      }
   }

   const int gl27[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 7, None};
   c = try_context(dpy, cfg, gl27, &err);
   CHECK(!c && err == BadMatch, "GL 2.7: ctx %p error %d", (void *)c, err);

   const int profile[] = {GLX_CONTEXT_MAJOR_VERSION_ARB,
                          3,
                          GLX_CONTEXT_MINOR_VERSION_ARB,
                          3,
                          GLX_CONTEXT_PROFILE_MASK_ARB,
                          0x10,
                          None};
   c = try_context(dpy, cfg, profile, &err);
   CHECK(!c && err == GLXE(GLXBadProfile_), "profile 0x10: ctx %p error %d", (void *)c, err);

   const int compat[] = {GLX_CONTEXT_MAJOR_VERSION_ARB,
                         3,
                         GLX_CONTEXT_MINOR_VERSION_ARB,
                         3,
                         GLX_CONTEXT_PROFILE_MASK_ARB,
                         GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB,
                         None};
   c = try_context(dpy, cfg, compat, &err);
   CHECK(c && err == -1, "compat 3.3: ctx %p error %d", (void *)c, err);
   if (c)
      glXDestroyContext(dpy, c);

   /* ES 3.2 where the backend meets it (lavapipe's Vulkan backend), else GLXBadFBConfig */
   const int es32[] = {GLX_CONTEXT_MAJOR_VERSION_ARB,
                       3,
                       GLX_CONTEXT_MINOR_VERSION_ARB,
                       2,
                       GLX_CONTEXT_PROFILE_MASK_ARB,
                       GLX_CONTEXT_ES2_PROFILE_BIT_EXT,
                       None};
   c = try_context(dpy, cfg, es32, &err);
   CHECK((c && err == -1) || (!c && err == GLXE(GLXBadFBConfig_)), "ES 3.2: ctx %p error %d",
         (void *)c, err);
   if (c)
      glXDestroyContext(dpy, c);

   /* A config that is not one (libGLX or the vendor: GLXBadFBConfig either way). */
   static int not_a_config;
   const int core[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3, None};
   c = try_context(dpy, (GLXFBConfig)&not_a_config, core, &err);
   CHECK(!c && err == GLXE(GLXBadFBConfig_), "bad config: ctx %p error %d", (void *)c, err);

   int v = 0;
   CHECK(glXGetFBConfigAttrib(dpy, cfg, 0x7777, &v) == GLX_BAD_ATTRIBUTE,
         "unknown FBConfig attribute");

   /* The legacy calls: a compatibility context (--legacy draws with one). */
   reset_error(dpy);
   c = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
   err = take_error(dpy);
   CHECK(c && err == -1, "glXCreateNewContext: ctx %p error %d", (void *)c, err);
   if (c)
      glXDestroyContext(dpy, c);
}

/* --compat-off, run with MGL_COMPAT_PROFILE=0: the compatibility profile turned off. A 3.3
 * compatibility request and a legacy one through glXCreateContextAttribsARB are
 * GLXBadFBConfig; the legacy calls are a named refusal, NULL and no X error (README); core
 * contexts are still given. */
static void
check_compat_off(Display *dpy, GLXFBConfig cfg)
{
   int err;
   const int compat[] = {GLX_CONTEXT_MAJOR_VERSION_ARB,
                         3,
                         GLX_CONTEXT_MINOR_VERSION_ARB,
                         3,
                         GLX_CONTEXT_PROFILE_MASK_ARB,
                         GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB,
                         None};
   GLXContext c = try_context(dpy, cfg, compat, &err);
   CHECK(!c && err == GLXE(GLXBadFBConfig_), "compat 3.3: ctx %p error %d", (void *)c, err);
   const int gl21[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 1, None};
   c = try_context(dpy, cfg, gl21, &err);
   CHECK(!c && err == GLXE(GLXBadFBConfig_), "GL 2.1: ctx %p error %d", (void *)c, err);
   reset_error(dpy);
   c = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
   err = take_error(dpy);
   CHECK(!c && err == -1, "glXCreateNewContext: ctx %p error %d", (void *)c, err);
   int vis_attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_DEPTH_SIZE, 16, None};
   XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), vis_attribs);
   CHECK(vi != NULL, "glXChooseVisual");
   if (vi) {
      reset_error(dpy);
      c = glXCreateContext(dpy, vi, NULL, True);
      err = take_error(dpy);
      CHECK(!c && err == -1, "glXCreateContext: ctx %p error %d", (void *)c, err);
      XFree(vi);
   }
   GLXContext core = core_context(dpy, cfg);
   if (core)
      glXDestroyContext(dpy, core);
}

static GLXContext
core_context(Display *dpy, GLXFBConfig cfg)
{
   const int attribs[] = {GLX_CONTEXT_MAJOR_VERSION_ARB,
                          3,
                          GLX_CONTEXT_MINOR_VERSION_ARB,
                          3,
                          GLX_CONTEXT_PROFILE_MASK_ARB,
                          GLX_CONTEXT_CORE_PROFILE_BIT_ARB,
                          GLX_CONTEXT_FLAGS_ARB,
                          GLX_CONTEXT_DEBUG_BIT_ARB | GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB,
                          None};
   int err;
   GLXContext ctx = try_context(dpy, cfg, attribs, &err);
   CHECK(ctx && err == -1, "core 3.3 context: error %d", err);
   return ctx;
}

/* Two GLX drawables made in a row get distinct IDs. A context destroyed while current stays
 * usable until released; destroying it again then is no error, and it may be made current
 * again (piglit glx-destroycontext-3, as Mesa). */
static void
check_destroy_current_twice(Display *dpy, GLXFBConfig cfg)
{
   const int pb_attribs[] = {GLX_PBUFFER_WIDTH, 8, GLX_PBUFFER_HEIGHT, 8, None};
   GLXPbuffer pb = glXCreatePbuffer(dpy, cfg, pb_attribs);
   /* A second GLX drawable before any other X request (Xlib's XAllocID aborted here). */
   GLXPbuffer pb2 = glXCreatePbuffer(dpy, cfg, pb_attribs);
   CHECK(pb && pb2 && pb != pb2, "two pbuffers in a row: 0x%lx 0x%lx", (unsigned long)pb,
         (unsigned long)pb2);
   if (pb2)
      glXDestroyPbuffer(dpy, pb2);
   GLXContext ctx = pb ? core_context(dpy, cfg) : NULL;
   CHECK(ctx && glXMakeContextCurrent(dpy, pb, pb, ctx), "a core context on a pbuffer");
   if (!ctx)
      return;
   reset_error(dpy);
   glXDestroyContext(dpy, ctx);
   CHECK(glXMakeContextCurrent(dpy, pb, pb, ctx), "the destroyed current context made current");
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   unsigned char px[4] = {0};
   glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[1] == 255 && px[0] == 0, "cleared green: %u,%u,%u", px[0], px[1], px[2]);
   glXDestroyContext(dpy, ctx);
   int err = take_error(dpy);
   CHECK(err == -1, "destroying the current context twice: error %d", err);
   CHECK(glXMakeContextCurrent(dpy, None, None, NULL), "release");
   glXDestroyPbuffer(dpy, pb);
}

static void
check_window(Display *dpy, GLXFBConfig cfg, GLXContext ctx)
{
   XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, cfg);
   CHECK(vi && vi->depth >= 24, "visual of the config");
   if (!vi)
      return;
   Window root = RootWindow(dpy, vi->screen);
   XSetWindowAttributes swa = {
      .colormap = XCreateColormap(dpy, root, vi->visual, AllocNone),
      .event_mask = StructureNotifyMask,
      .border_pixel = 0,
   };
   const int w = 64, h = 48;
   Window win = XCreateWindow(dpy, root, 0, 0, w, h, 0, vi->depth, InputOutput, vi->visual,
                              CWColormap | CWEventMask | CWBorderPixel, &swa);
   XMapWindow(dpy, win);
   wait_mapped(dpy, win);

   /* A window id that is none: GLXBadDrawable. */
   reset_error(dpy);
   Bool ok = glXMakeCurrent(dpy, (GLXDrawable)0x7fffff0, ctx);
   int err = take_error(dpy);
   CHECK(!ok && err == GLXE(GLXBadDrawable_), "make current on no window: %d error %d", ok, err);

   reset_error(dpy);
   CHECK(glXMakeCurrent(dpy, win, ctx), "glXMakeCurrent on the window");
   CHECK(take_error(dpy) == -1, "no X error from glXMakeCurrent");
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   const char *version = (const char *)glGetString(GL_VERSION);
   CHECK(renderer && strstr(renderer, "mgl"), "GL_RENDERER %s", renderer ? renderer : "NULL");
   /* the highest core version the backend meets: 3.3, or 4.x (lavapipe) */
   CHECK(version &&
            (!strncmp(version, "3.3 ", 4) || (!strncmp(version, "4.", 2) && version[2] >= '0' &&
                                              version[2] <= '6' && version[3] == ' ')),
         "GL_VERSION %s", version ? version : "NULL");
   GLint profile = 0;
   glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
   CHECK(profile == GL_CONTEXT_CORE_PROFILE_BIT, "profile mask 0x%x", profile);
   CHECK(glXIsDirect(dpy, ctx), "direct");
   unsigned int qw = 0, qh = 0;
   glXQueryDrawable(dpy, win, GLX_WIDTH, &qw);
   glXQueryDrawable(dpy, win, GLX_HEIGHT, &qh);
   CHECK(qw == (unsigned)w && qh == (unsigned)h, "drawable size %ux%u", qw, qh);

   /* Swap interval: EXT on the drawable, MESA/SGI on the current one. */
   PFNGLXSWAPINTERVALEXTPROC swap_ext =
      (PFNGLXSWAPINTERVALEXTPROC)glXGetProcAddressARB((const GLubyte *)"glXSwapIntervalEXT");
   PFNGLXSWAPINTERVALMESAPROC swap_mesa =
      (PFNGLXSWAPINTERVALMESAPROC)glXGetProcAddressARB((const GLubyte *)"glXSwapIntervalMESA");
   PFNGLXGETSWAPINTERVALMESAPROC get_mesa = (PFNGLXGETSWAPINTERVALMESAPROC)glXGetProcAddressARB(
      (const GLubyte *)"glXGetSwapIntervalMESA");
   PFNGLXSWAPINTERVALSGIPROC swap_sgi =
      (PFNGLXSWAPINTERVALSGIPROC)glXGetProcAddressARB((const GLubyte *)"glXSwapIntervalSGI");
   CHECK(swap_ext && swap_mesa && get_mesa && swap_sgi, "swap interval entry points");
   if (swap_ext && swap_mesa && get_mesa && swap_sgi) {
      unsigned int iv = 99;
      swap_ext(dpy, win, 0);
      glXQueryDrawable(dpy, win, GLX_SWAP_INTERVAL_EXT, &iv);
      CHECK(iv == 0, "interval after glXSwapIntervalEXT(0): %u", iv);
      CHECK(swap_mesa(1) == 0 && get_mesa() == 1, "glXSwapIntervalMESA(1)");
      CHECK(swap_sgi(0) == GLX_BAD_VALUE, "glXSwapIntervalSGI(0) is GLX_BAD_VALUE");
      reset_error(dpy);
      swap_ext(dpy, win, -1);
      err = take_error(dpy);
      CHECK(err == BadValue, "glXSwapIntervalEXT(-1): error %d", err);
      swap_ext(dpy, win, 0);
   }

   /* Draw: red everywhere, green top-left quarter (scissor), blue right half (a program). */
   load_gl();
   GLuint prog = blue_program();
   GLuint vao;
   p_glGenVertexArrays(1, &vao);
   p_glBindVertexArray(vao);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, h / 2, w / 2, h / 2);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   p_glUseProgram(prog);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   CHECK(glGetError() == GL_NO_ERROR, "GL error while drawing");
   glXSwapBuffers(dpy, win);
   glXWaitGL();
   XSync(dpy, False);
   CHECK_PIXEL(dpy, win, 2, 2, 0x00ff00);     /* top-left: green */
   CHECK_PIXEL(dpy, win, 2, h - 3, 0xff0000); /* bottom-left: red */
   CHECK_PIXEL(dpy, win, w - 3, 2, 0x0000ff); /* right: blue */
   CHECK_PIXEL(dpy, win, w - 3, h - 3, 0x0000ff);

   /* Resize: the next swap picks the new size up, the frame after it fills it. */
   const int w2 = 80, h2 = 72;
   XResizeWindow(dpy, win, w2, h2);
   wait_size(dpy, win, w2, h2);
   glXSwapBuffers(dpy, win);
   glXQueryDrawable(dpy, win, GLX_WIDTH, &qw);
   glXQueryDrawable(dpy, win, GLX_HEIGHT, &qh);
   CHECK(qw == (unsigned)w2 && qh == (unsigned)h2, "size after resize %ux%u", qw, qh);
   glViewport(0, 0, w2, h2);
   p_glUseProgram(0);
   glClearColor(1, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glXSwapBuffers(dpy, win);
   XSync(dpy, False);
   CHECK_PIXEL(dpy, win, 0, 0, 0xffff00);
   CHECK_PIXEL(dpy, win, w2 - 1, h2 - 1, 0xffff00);

   /* The window destroyed under the current context: that swap is GLXBadCurrentWindow. */
   XDestroyWindow(dpy, win);
   XSync(dpy, False);
   reset_error(dpy);
   glClear(GL_COLOR_BUFFER_BIT);
   glXSwapBuffers(dpy, win);
   err = take_error(dpy);
   CHECK(err == GLXE(5), "swap of a destroyed window: error %d (GLXBadCurrentWindow)", err);
   CHECK(glXMakeCurrent(dpy, None, NULL), "release");

   /* Made current again, the destroyed window is no drawable any more. */
   reset_error(dpy);
   ok = glXMakeCurrent(dpy, win, ctx);
   err = take_error(dpy);
   CHECK(!ok && err == GLXE(GLXBadDrawable_), "make current on a destroyed window: %d error %d", ok,
         err);
   XFree(vi);
}

static void
check_pbuffer_and_es(Display *dpy, GLXFBConfig cfg, GLXContext core)
{
   const int pb_attribs[] = {GLX_PBUFFER_WIDTH, 32, GLX_PBUFFER_HEIGHT, 16, None};
   GLXPbuffer pb = glXCreatePbuffer(dpy, cfg, pb_attribs);
   CHECK(pb != None, "pbuffer");
   unsigned int w = 0;
   glXQueryDrawable(dpy, pb, GLX_WIDTH, &w);
   CHECK(w == 32, "pbuffer width %u", w);
   CHECK(glXMakeContextCurrent(dpy, pb, pb, core), "core context on the pbuffer");
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   unsigned char px[4] = {0};
   glReadPixels(31, 15, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 0 && px[1] == 0 && px[2] == 255, "pbuffer pixel %u,%u,%u", px[0], px[1], px[2]);
   int id = 0, cfg_id = -1;
   glXQueryContext(dpy, core, GLX_FBCONFIG_ID, &id);
   glXGetFBConfigAttrib(dpy, cfg, GLX_FBCONFIG_ID, &cfg_id);
   CHECK(id == cfg_id, "glXQueryContext GLX_FBCONFIG_ID %d, config's %d", id, cfg_id);

   /* Read None with draw set: BadMatch. */
   reset_error(dpy);
   Bool ok = glXMakeContextCurrent(dpy, pb, None, core);
   int err = take_error(dpy);
   CHECK(!ok && err == BadMatch, "draw without read: %d error %d", ok, err);

   const int es_attribs[] = {GLX_CONTEXT_MAJOR_VERSION_ARB,
                             2,
                             GLX_CONTEXT_MINOR_VERSION_ARB,
                             0,
                             GLX_CONTEXT_PROFILE_MASK_ARB,
                             GLX_CONTEXT_ES2_PROFILE_BIT_EXT,
                             None};
   GLXContext es = try_context(dpy, cfg, es_attribs, &err);
   CHECK(es && err == -1, "ES 2.0 context: error %d", err);
   if (es) {
      CHECK(glXMakeContextCurrent(dpy, pb, pb, es), "ES context on the pbuffer");
      const char *version = (const char *)glGetString(GL_VERSION);
      CHECK(version && !strncmp(version, "OpenGL ES 2.0", 13), "ES GL_VERSION %s",
            version ? version : "NULL");
   }
   /* ES 3.2, where the backend meets it (check_errors takes either answer): it is 3.2 */
   const int es32_attribs[] = {GLX_CONTEXT_MAJOR_VERSION_ARB,
                               3,
                               GLX_CONTEXT_MINOR_VERSION_ARB,
                               2,
                               GLX_CONTEXT_PROFILE_MASK_ARB,
                               GLX_CONTEXT_ES2_PROFILE_BIT_EXT,
                               None};
   GLXContext es32 = try_context(dpy, cfg, es32_attribs, &err);
   if (es32) {
      CHECK(glXMakeContextCurrent(dpy, pb, pb, es32), "ES 3.2 context on the pbuffer");
      const char *version = (const char *)glGetString(GL_VERSION);
      CHECK(version && !strncmp(version, "OpenGL ES 3.2", 13), "ES 3.2 GL_VERSION %s",
            version ? version : "NULL");
   }
   CHECK(glXMakeContextCurrent(dpy, None, None, NULL), "release");
   if (es32)
      glXDestroyContext(dpy, es32);
   if (es)
      glXDestroyContext(dpy, es);
   glXDestroyPbuffer(dpy, pb);
   reset_error(dpy);
   glXDestroyPbuffer(dpy, pb);
   err = take_error(dpy);
   CHECK(err == GLXE(10), "destroying a destroyed pbuffer: error %d (GLXBadPbuffer)", err);
}

/* GLX pixmaps: GL renders into an X pixmap of the config's depth, read back with XGetImage after
 * glXWaitGL; glXSwapBuffers has no effect on it; GLX's errors for a bad or mismatched pixmap, a
 * second GLX pixmap on one pixmap, and a destroyed one. Then a 4-sample config: GL_SAMPLES. */
static void
check_pixmap(Display *dpy, GLXFBConfig cfg, GLXContext core)
{
   int type = 0;
   glXGetFBConfigAttrib(dpy, cfg, GLX_DRAWABLE_TYPE, &type);
   CHECK(type & GLX_PIXMAP_BIT, "config drawable type 0x%x has no GLX_PIXMAP_BIT", type);
   XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, cfg);
   CHECK(vi != NULL, "the config's visual");
   if (!vi)
      return;
   const int depth = vi->depth, other = depth == 24 ? 32 : 24;
   Window root = RootWindow(dpy, DefaultScreen(dpy));
   Pixmap pm = XCreatePixmap(dpy, root, 40, 30, (unsigned)depth);
   Pixmap pm_other = XCreatePixmap(dpy, root, 40, 30, (unsigned)other);
   reset_error(dpy);
   GLXPixmap gp = glXCreatePixmap(dpy, cfg, pm, NULL);
   int err = take_error(dpy);
   CHECK(gp != None && err == -1, "glXCreatePixmap: %lu error %d", (unsigned long)gp, err);
   GLXPixmap again = glXCreatePixmap(dpy, cfg, pm, NULL);
   err = take_error(dpy);
   CHECK(again == None && err == BadAlloc, "a second GLX pixmap: error %d", err);
   GLXPixmap bad = glXCreatePixmap(dpy, cfg, pm_other, NULL);
   err = take_error(dpy);
   CHECK(bad == None && err == BadMatch, "depth %d pixmap: error %d", other, err);
   bad = glXCreatePixmap(dpy, cfg, (Pixmap)0x7ffff0, NULL);
   err = take_error(dpy);
   CHECK(bad == None && err == BadPixmap, "no such pixmap: error %d", err);
   if (gp != None) {
      unsigned int w = 0;
      glXQueryDrawable(dpy, gp, GLX_WIDTH, &w);
      CHECK(w == 40, "pixmap width %u", w);
      CHECK(glXMakeContextCurrent(dpy, gp, gp, core), "core context on the pixmap");
      glViewport(0, 0, 40, 30);
      glClearColor(0, 1, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      glEnable(GL_SCISSOR_TEST);
      glScissor(0, 0, 20, 15); /* GL's bottom-left: the pixmap's lower-left quarter */
      glClearColor(1, 0, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      glDisable(GL_SCISSOR_TEST);
      glXSwapBuffers(dpy, gp); /* no effect */
      CHECK(take_error(dpy) == -1, "glXSwapBuffers on a pixmap raised an error");
      glXWaitGL();
      CHECK_PIXEL(dpy, pm, 5, 25, 0xff0000);
      CHECK_PIXEL(dpy, pm, 5, 5, 0x00ff00);
      CHECK_PIXEL(dpy, pm, 35, 25, 0x00ff00);
      /* glFinish writes it too. */
      glClearColor(0, 0, 1, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      glFinish();
      CHECK_PIXEL(dpy, pm, 5, 25, 0x0000ff);
      CHECK(glXMakeContextCurrent(dpy, None, None, NULL), "release");
      glXDestroyPixmap(dpy, gp);
      CHECK(take_error(dpy) == -1, "glXDestroyPixmap");
      glXDestroyPixmap(dpy, gp);
      err = take_error(dpy);
      CHECK(err == GLXE(3), "destroying a destroyed GLX pixmap: error %d (GLXBadPixmap)", err);
   }
   /* GLX 1.2's form on the config's visual. */
   GLXPixmap old = glXCreateGLXPixmap(dpy, vi, pm);
   err = take_error(dpy);
   CHECK(old != None && err == -1, "glXCreateGLXPixmap: error %d", err);
   if (old != None)
      glXDestroyGLXPixmap(dpy, old);
   XFree(vi);
   XFreePixmap(dpy, pm);
   XFreePixmap(dpy, pm_other);

   const int ms_attribs[] = {GLX_DRAWABLE_TYPE,
                             GLX_PBUFFER_BIT,
                             GLX_RENDER_TYPE,
                             GLX_RGBA_BIT,
                             GLX_SAMPLE_BUFFERS,
                             1,
                             GLX_SAMPLES,
                             4,
                             None};
   int n = 0;
   GLXFBConfig *ms = glXChooseFBConfig(dpy, DefaultScreen(dpy), ms_attribs, &n);
   CHECK(ms && n > 0, "no 4-sample config");
   if (ms && n > 0) {
      int samples = 0;
      glXGetFBConfigAttrib(dpy, ms[0], GLX_SAMPLES, &samples);
      CHECK(samples == 4, "GLX_SAMPLES %d", samples);
      const int pb_attribs[] = {GLX_PBUFFER_WIDTH, 16, GLX_PBUFFER_HEIGHT, 16, None};
      GLXPbuffer pb = glXCreatePbuffer(dpy, ms[0], pb_attribs);
      GLXContext ctx = pb ? core_context(dpy, ms[0]) : NULL;
      CHECK(ctx && glXMakeContextCurrent(dpy, pb, pb, ctx), "a 4-sample pbuffer current");
      GLint sb = -1, sv = -1;
      glGetIntegerv(GL_SAMPLE_BUFFERS, &sb);
      glGetIntegerv(GL_SAMPLES, &sv);
      CHECK(sb == 1 && sv == 4, "GL_SAMPLE_BUFFERS %d GL_SAMPLES %d", sb, sv);
      glXMakeContextCurrent(dpy, None, None, NULL);
      if (ctx)
         glXDestroyContext(dpy, ctx);
      if (pb)
         glXDestroyPbuffer(dpy, pb);
   }
   if (ms)
      XFree(ms);
}

/* A framebuffer object with a colour and a D24S8 renderbuffer of `samples` samples, w x h. */
static GLuint
ds_fbo(int samples, int w, int h, GLuint rbs[2])
{
   GLuint fbo = 0;
   p_glGenRenderbuffers(2, rbs);
   p_glBindRenderbuffer(GL_RENDERBUFFER, rbs[0]);
   p_glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, w, h);
   p_glBindRenderbuffer(GL_RENDERBUFFER, rbs[1]);
   p_glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, w, h);
   p_glGenFramebuffers(1, &fbo);
   p_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   p_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rbs[0]);
   p_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                               rbs[1]);
   GLenum st = p_glCheckFramebufferStatus(GL_FRAMEBUFFER);
   CHECK(st == GL_FRAMEBUFFER_COMPLETE, "%d-sample D24S8 framebuffer status 0x%x", samples, st);
   return fbo;
}

/* The depth and stencil read back (GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8) at the left and the
 * right half's pixel (x 8 and w - 8, row 8) of the read framebuffer, checked against the clear
 * (left: depth 0.75, stencil 0x11) and the quad (right: depth 0.5, stencil 0x5a). */
static void
expect_ds_halves(int w, int h, const char *what)
{
   GLuint *ds = calloc((size_t)w * h, sizeof(*ds));
   glReadPixels(0, 0, w, h, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, ds);
   GLenum err = glGetError();
   CHECK(err == GL_NO_ERROR, "%s: GL_DEPTH_STENCIL read: error 0x%x", what, err);
   const GLuint d75 = (GLuint)(0.75 * 0xffffff + 0.5), d50 = (GLuint)(0.5 * 0xffffff + 0.5);
   const GLuint left = ds[8 * w + 8], right = ds[8 * w + w - 8];
   CHECK((left >> 8) + 1 >= d75 && (left >> 8) <= d75 + 1 && (left & 0xff) == 0x11,
         "%s: left depth 0x%06x stencil 0x%02x (want 0x%06x 0x11)", what, left >> 8, left & 0xff,
         d75);
   CHECK((right >> 8) + 1 >= d50 && (right >> 8) <= d50 + 1 && (right & 0xff) == 0x5a,
         "%s: right depth 0x%06x stencil 0x%02x (want 0x%06x 0x5a)", what, right >> 8, right & 0xff,
         d50);
   free(ds);
}

/* A 4-sample window's depth and stencil. The INVALID_OPERATION of GL 4.6 §18.2.2 for a
 * multisampled read framebuffer is for a framebuffer object (READ_FRAMEBUFFER_BINDING non-zero);
 * the default framebuffer gives values taken from its samples (Mesa llvmpipe does both). So:
 * glReadPixels of GL_DEPTH_COMPONENT, GL_STENCIL_INDEX and GL_DEPTH_STENCIL from the window read
 * the values drawn; glBlitFramebuffer of depth and stencil from the window into a single-sampled
 * framebuffer object resolves them there (§18.3.1: a sample's value); the same reads from a
 * 4-sample framebuffer object are GL_INVALID_OPERATION. Every quad edge lies on a pixel edge,
 * so every sample of a pixel holds the same value. */
static void
check_ms_window_ds(Display *dpy)
{
   const int attribs[] = {GLX_DRAWABLE_TYPE,
                          GLX_WINDOW_BIT,
                          GLX_RENDER_TYPE,
                          GLX_RGBA_BIT,
                          GLX_DOUBLEBUFFER,
                          True,
                          GLX_RED_SIZE,
                          8,
                          GLX_DEPTH_SIZE,
                          24,
                          GLX_STENCIL_SIZE,
                          8,
                          GLX_SAMPLE_BUFFERS,
                          1,
                          GLX_SAMPLES,
                          4,
                          None};
   int n = 0;
   GLXFBConfig *cfgs = glXChooseFBConfig(dpy, DefaultScreen(dpy), attribs, &n);
   CHECK(cfgs && n > 0, "no 4-sample window config with depth and stencil");
   if (!cfgs || !n)
      return;
   GLXFBConfig cfg = cfgs[0];
   XFree(cfgs);
   load_gl();
   XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, cfg);
   GLXContext ctx = vi ? core_context(dpy, cfg) : NULL;
   if (!ctx) {
      if (vi)
         XFree(vi);
      return;
   }
   const int w = 64, h = 48;
   Window win = mapped_window(dpy, vi, w, h);
   CHECK(glXMakeContextCurrent(dpy, win, win, ctx), "a core context on the 4-sample window");
   GLint sb = -1, sv = -1;
   glGetIntegerv(GL_SAMPLE_BUFFERS, &sb);
   glGetIntegerv(GL_SAMPLES, &sv);
   CHECK(sb == 1 && sv == 4, "window GL_SAMPLE_BUFFERS %d GL_SAMPLES %d", sb, sv);

   /* Clear depth 0.75 and stencil 0x11; the right half drawn at depth 0.5 with stencil 0x5a. */
   GLuint prog = blue_program(), vao = 0;
   p_glGenVertexArrays(1, &vao);
   p_glBindVertexArray(vao);
   glViewport(0, 0, w, h);
   glClearColor(1, 0, 0, 1);
   glClearDepth(0.75);
   glClearStencil(0x11);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_ALWAYS, 0x5a, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   p_glUseProgram(prog);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_STENCIL_TEST);
   CHECK(glGetError() == GL_NO_ERROR, "GL error while drawing");

   /* glReadPixels from the window: every format, no error. */
   float *depth = calloc((size_t)w * h, sizeof(*depth));
   glReadPixels(0, 0, w, h, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
   GLenum err = glGetError();
   CHECK(err == GL_NO_ERROR, "window GL_DEPTH_COMPONENT read: error 0x%x", err);
   CHECK(fabsf(depth[8 * w + 8] - 0.75f) < 1e-5f && fabsf(depth[8 * w + w - 8] - 0.5f) < 1e-5f,
         "window depth left %f right %f (want 0.75 0.5)", depth[8 * w + 8], depth[8 * w + w - 8]);
   unsigned char *stencil = calloc((size_t)w * h, 1);
   glReadPixels(0, 0, w, h, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, stencil);
   err = glGetError();
   CHECK(err == GL_NO_ERROR, "window GL_STENCIL_INDEX read: error 0x%x", err);
   CHECK(stencil[8 * w + 8] == 0x11 && stencil[8 * w + w - 8] == 0x5a,
         "window stencil left 0x%02x right 0x%02x (want 0x11 0x5a)", stencil[8 * w + 8],
         stencil[8 * w + w - 8]);
   expect_ds_halves(w, h, "window");
   /* A read that starts outside the window: the pixels inside are the window's. */
   GLuint one[4] = {0};
   glReadPixels(w - 9, -1, 2, 2, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, one);
   CHECK(glGetError() == GL_NO_ERROR && (one[2] & 0xff) == 0x5a && (one[3] & 0xff) == 0x5a,
         "window GL_DEPTH_STENCIL read across its edge: stencil 0x%02x 0x%02x", one[2] & 0xff,
         one[3] & 0xff);

   /* glBlitFramebuffer of depth and stencil into a single-sampled framebuffer object resolves. */
   GLuint rbs[2], fbo = ds_fbo(0, w, h, rbs);
   p_glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   p_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   glClearDepth(0.0);
   glClearStencil(0);
   glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   p_glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
                       GL_NEAREST);
   err = glGetError();
   CHECK(err == GL_NO_ERROR, "depth/stencil blit from the window: error 0x%x", err);
   p_glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   expect_ds_halves(w, h, "blitted");

   /* A 4-sample framebuffer object: the reads are GL_INVALID_OPERATION. */
   GLuint ms_rbs[2], ms_fbo = ds_fbo(4, w, h, ms_rbs);
   static const GLenum formats[3] = {GL_DEPTH_COMPONENT, GL_STENCIL_INDEX, GL_DEPTH_STENCIL};
   static const GLenum types[3] = {GL_FLOAT, GL_UNSIGNED_BYTE, GL_UNSIGNED_INT_24_8};
   for (int i = 0; i < 3; i++) {
      GLuint px = 0;
      glReadPixels(0, 0, 1, 1, formats[i], types[i], &px);
      err = glGetError();
      CHECK(err == GL_INVALID_OPERATION, "read of 0x%x from a 4-sample FBO: error 0x%x", formats[i],
            err);
   }
   p_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   p_glDeleteFramebuffers(1, &ms_fbo);
   p_glDeleteRenderbuffers(2, ms_rbs);
   p_glDeleteFramebuffers(1, &fbo);
   p_glDeleteRenderbuffers(2, rbs);

   /* The window still shows its colour: red left, blue right. */
   glXSwapBuffers(dpy, win);
   glXWaitGL();
   XSync(dpy, False);
   CHECK_PIXEL(dpy, win, 8, h / 2, 0xff0000);
   CHECK_PIXEL(dpy, win, w - 8, h / 2, 0x0000ff);
   free(depth);
   free(stencil);
   glXMakeContextCurrent(dpy, None, None, NULL);
   glXDestroyContext(dpy, ctx);
   XDestroyWindow(dpy, win);
   XFree(vi);
}

/* Every FBConfig offered for windows works there: a window of its visual, a core context,
 * made current, cleared, swapped, and the window shows the colour, with GL_SAMPLES as the
 * config says (the sample counts offered are the device's). */
static void
check_every_window_config(Display *dpy)
{
   int n = 0;
   GLXFBConfig *cfgs = glXGetFBConfigs(dpy, DefaultScreen(dpy), &n);
   CHECK(cfgs && n > 0, "glXGetFBConfigs");
   unsigned counts = 0;
   int tried = 0;
   /* one config of each shape (samples, alpha, depth, stencil): the X server has many visuals */
   int shapes[64][4], nshapes = 0;
   for (int i = 0; i < n; i++) {
      int type = 0, samples = 0, id = 0, shape[4] = {0};
      glXGetFBConfigAttrib(dpy, cfgs[i], GLX_DRAWABLE_TYPE, &type);
      glXGetFBConfigAttrib(dpy, cfgs[i], GLX_SAMPLES, &samples);
      glXGetFBConfigAttrib(dpy, cfgs[i], GLX_FBCONFIG_ID, &id);
      shape[0] = samples;
      glXGetFBConfigAttrib(dpy, cfgs[i], GLX_ALPHA_SIZE, &shape[1]);
      glXGetFBConfigAttrib(dpy, cfgs[i], GLX_DEPTH_SIZE, &shape[2]);
      glXGetFBConfigAttrib(dpy, cfgs[i], GLX_STENCIL_SIZE, &shape[3]);
      bool seen = false;
      for (int k = 0; k < nshapes && !seen; k++)
         seen = !memcmp(shapes[k], shape, sizeof(shape));
      if (seen || nshapes == 64 || !(type & GLX_WINDOW_BIT))
         continue;
      XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, cfgs[i]);
      if (!vi)
         continue;
      memcpy(shapes[nshapes++], shape, sizeof(shape));
      tried++;
      counts |= 1u << (samples < 31 ? samples : 31);
      Window win = mapped_window(dpy, vi, 24, 16);
      GLXContext ctx = core_context(dpy, cfgs[i]);
      const bool current = ctx && glXMakeContextCurrent(dpy, win, win, ctx);
      CHECK(current, "config 0x%x (%d samples) not current on a window", id, samples);
      if (current) {
         GLint gs = -1;
         glGetIntegerv(GL_SAMPLES, &gs);
         glViewport(0, 0, 24, 16);
         glClearColor(1, 0, 1, 1);
         glClear(GL_COLOR_BUFFER_BIT);
         GLenum err = glGetError();
         glXSwapBuffers(dpy, win);
         glXWaitGL();
         XSync(dpy, False);
         unsigned long got = window_pixel(dpy, win, 12, 8);
         CHECK(gs == samples && err == GL_NO_ERROR && got == 0xff00ff,
               "config 0x%x (%d samples): GL_SAMPLES %d, error 0x%x, window pixel 0x%06lx", id,
               samples, gs, err, got);
      }
      glXMakeContextCurrent(dpy, None, None, NULL);
      if (ctx)
         glXDestroyContext(dpy, ctx);
      XDestroyWindow(dpy, win);
      XFree(vi);
   }
   printf("glx-test: %d window configs drawn (one of each shape); sample counts offered:", tried);
   for (int k = 0; k < 32; k++)
      if (counts & (1u << k))
         printf(" %d", k);
   printf("\n");
   if (cfgs)
      XFree(cfgs);
}

/* EGL and GLX in one process reach one copy of the vendor library. */
static void
check_one_copy(void)
{
   EGLDisplay ed = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   CHECK(ed != EGL_NO_DISPLAY && eglInitialize(ed, NULL, NULL), "EGL surfaceless display");
   const char *vendor = ed != EGL_NO_DISPLAY ? eglQueryString(ed, EGL_VENDOR) : NULL;
   CHECK(vendor && strstr(vendor, "mgl"), "EGL vendor %s", vendor ? vendor : "NULL");
   void *glx = dlopen("libGLX_mgl.so.0", RTLD_LAZY | RTLD_NOLOAD);
   CHECK(glx != NULL, "libGLX_mgl.so.0 is loaded");
   /* Every mapping of a file named libmgl.so or libGLX_mgl.so.0 is one file, mapped once. */
   FILE *maps = fopen("/proc/self/maps", "r");
   char line[4096];
   unsigned long inode0 = 0;
   int files = 0, text = 0;
   while (maps && fgets(line, sizeof(line), maps)) {
      if (!strstr(line, "/libmgl.so") && !strstr(line, "/libGLX_mgl.so"))
         continue;
      char perms[8];
      unsigned long inode;
      if (sscanf(line, "%*s %7s %*s %*s %lu", perms, &inode) != 2)
         continue;
      if (inode != inode0) {
         files++;
         inode0 = inode;
      }
      if (perms[2] == 'x')
         text++;
   }
   if (maps)
      fclose(maps);
   CHECK(files == 1 && text == 1, "vendor library mapped as %d file(s), %d text mapping(s)", files,
         text);
   if (ed != EGL_NO_DISPLAY)
      eglTerminate(ed);
   if (glx)
      dlclose(glx);
}

/* --pbuffer-only: the GLX vendor and a core context on a pbuffer, nothing else (no window). */
/* What desktop glmark2 looks for in a compatibility context: GL_ARB_depth_texture, and
 * GL_EXT_framebuffer_object with its EXT entry points (its loader takes only those). A texture
 * cleared green through an EXT framebuffer, its mipmaps made by glGenerateMipmapEXT, the 1x1
 * level read back. */
static void
check_legacy_fbo_ext(void)
{
   const char *exts = (const char *)glGetString(GL_EXTENSIONS);
   CHECK(exts && strstr(exts, "GL_EXT_framebuffer_object") && strstr(exts, "GL_ARB_depth_texture"),
         "compatibility extensions %s", exts ? exts : "NULL");
   PFNGLGENFRAMEBUFFERSEXTPROC gen =
      (PFNGLGENFRAMEBUFFERSEXTPROC)glXGetProcAddressARB((const GLubyte *)"glGenFramebuffersEXT");
   PFNGLBINDFRAMEBUFFEREXTPROC bind =
      (PFNGLBINDFRAMEBUFFEREXTPROC)glXGetProcAddressARB((const GLubyte *)"glBindFramebufferEXT");
   PFNGLFRAMEBUFFERTEXTURE2DEXTPROC attach = (PFNGLFRAMEBUFFERTEXTURE2DEXTPROC)glXGetProcAddressARB(
      (const GLubyte *)"glFramebufferTexture2DEXT");
   PFNGLCHECKFRAMEBUFFERSTATUSEXTPROC status =
      (PFNGLCHECKFRAMEBUFFERSTATUSEXTPROC)glXGetProcAddressARB(
         (const GLubyte *)"glCheckFramebufferStatusEXT");
   PFNGLGENERATEMIPMAPEXTPROC mipmap =
      (PFNGLGENERATEMIPMAPEXTPROC)glXGetProcAddressARB((const GLubyte *)"glGenerateMipmapEXT");
   PFNGLDELETEFRAMEBUFFERSEXTPROC del = (PFNGLDELETEFRAMEBUFFERSEXTPROC)glXGetProcAddressARB(
      (const GLubyte *)"glDeleteFramebuffersEXT");
   CHECK(gen && bind && attach && status && mipmap && del, "EXT framebuffer entry points");
   if (!(gen && bind && attach && status && mipmap && del))
      return;
   GLuint tex, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gen(1, &fbo);
   bind(GL_FRAMEBUFFER_EXT, fbo);
   attach(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, tex, 0);
   GLenum st = status(GL_FRAMEBUFFER_EXT);
   CHECK(st == GL_FRAMEBUFFER_COMPLETE_EXT, "EXT framebuffer status 0x%x", st);
   glViewport(0, 0, 16, 16);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   bind(GL_FRAMEBUFFER_EXT, 0);
   mipmap(GL_TEXTURE_2D);
   unsigned char px[4] = {0};
   glGetTexImage(GL_TEXTURE_2D, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(px[0] == 0 && px[1] == 255 && px[2] == 0 && px[3] == 255, "mip level 4 is %u,%u,%u,%u",
         px[0], px[1], px[2], px[3]);
   CHECK(glGetError() == GL_NO_ERROR, "GL error in the EXT framebuffer path");
   del(1, &fbo);
   glDeleteTextures(1, &tex);
}

/* --legacy: what glxgears and desktop glmark2 do. A visual from
 * glXChooseVisual, a context from glXCreateContext (and one from glXCreateNewContext), both the
 * compatibility profile; fixed-function glBegin/glEnd drawn into a window and read back. */
static void
check_legacy(Display *dpy)
{
   int vis_attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_DEPTH_SIZE, 16, None};
   XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), vis_attribs);
   CHECK(vi != NULL, "glXChooseVisual");
   if (!vi)
      return;
   reset_error(dpy);
   GLXContext ctx = glXCreateContext(dpy, vi, NULL, True);
   int err = take_error(dpy);
   CHECK(ctx && err == -1, "glXCreateContext: ctx %p error %d", (void *)ctx, err);

   /* A visual that is no mgl config's: BadValue, as GLX 1.4 says. */
   XVisualInfo bogus = *vi;
   bogus.visualid = 0x7fffff;
   reset_error(dpy);
   GLXContext none = glXCreateContext(dpy, &bogus, NULL, True);
   err = take_error(dpy);
   CHECK(!none && err == BadValue, "glXCreateContext on no visual: ctx %p error %d", (void *)none,
         err);
   if (!ctx) {
      XFree(vi);
      return;
   }
   Window root = RootWindow(dpy, vi->screen);
   XSetWindowAttributes swa = {
      .colormap = XCreateColormap(dpy, root, vi->visual, AllocNone),
      .event_mask = StructureNotifyMask,
      .border_pixel = 0,
   };
   const int w = 64, h = 48;
   Window win = XCreateWindow(dpy, root, 0, 0, w, h, 0, vi->depth, InputOutput, vi->visual,
                              CWColormap | CWEventMask | CWBorderPixel, &swa);
   XMapWindow(dpy, win);
   wait_mapped(dpy, win);
   CHECK(glXMakeCurrent(dpy, win, ctx), "glXMakeCurrent on the window");
   GLint mask = 0;
   glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
   CHECK(mask == GL_CONTEXT_COMPATIBILITY_PROFILE_BIT, "profile mask 0x%x", mask);

   /* Red clear; a fixed-function green quad over the left half, a blue one over the top-right
    * quarter, through the projection matrix as glxgears sets it up. */
   glViewport(0, 0, w, h);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, w, 0, h, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glColor3f(0, 1, 0);
   glBegin(GL_QUADS);
   glVertex2i(0, 0);
   glVertex2i(w / 2, 0);
   glVertex2i(w / 2, h);
   glVertex2i(0, h);
   glEnd();
   glColor3f(0, 0, 1);
   glRecti(w / 2, h / 2, w, h);
   CHECK(glGetError() == GL_NO_ERROR, "GL error while drawing");
   glXSwapBuffers(dpy, win);
   glXWaitGL();
   XSync(dpy, False);
   CHECK_PIXEL(dpy, win, 2, 2, 0x00ff00); /* left: green */
   CHECK_PIXEL(dpy, win, 2, h - 3, 0x00ff00);
   CHECK_PIXEL(dpy, win, w - 3, h - 3, 0xff0000); /* bottom-right: red */
   CHECK_PIXEL(dpy, win, w - 3, 2, 0x0000ff);     /* top-right: blue */
   check_legacy_fbo_ext();
   CHECK(glXMakeCurrent(dpy, None, NULL), "release");
   glXDestroyContext(dpy, ctx);

   /* glXCreateNewContext on the visual's config: the same profile. */
   int n = 0;
   GLXFBConfig *cfgs = glXGetFBConfigs(dpy, DefaultScreen(dpy), &n);
   GLXFBConfig cfg = NULL;
   for (int i = 0; i < n && !cfg; i++) {
      int id = 0;
      glXGetFBConfigAttrib(dpy, cfgs[i], GLX_VISUAL_ID, &id);
      if ((VisualID)id == vi->visualid)
         cfg = cfgs[i];
   }
   CHECK(cfg != NULL, "a config for the visual");
   if (cfg) {
      reset_error(dpy);
      GLXContext nc = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
      err = take_error(dpy);
      CHECK(nc && err == -1, "glXCreateNewContext: ctx %p error %d", (void *)nc, err);
      CHECK(nc && glXMakeContextCurrent(dpy, win, win, nc), "glXMakeContextCurrent");
      glClearColor(1, 1, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      glXSwapBuffers(dpy, win);
      XSync(dpy, False);
      CHECK_PIXEL(dpy, win, w / 2, h / 2, 0xffff00);
      glXMakeContextCurrent(dpy, None, None, NULL);
      if (nc)
         glXDestroyContext(dpy, nc);
   }
   if (cfgs)
      XFree(cfgs);
   XDestroyWindow(dpy, win);
   XFree(vi);
}

static int
pbuffer_only(Display *dpy)
{
   const char *vendor = glXGetClientString(dpy, GLX_VENDOR);
   printf("GLX client vendor: %s\n", vendor ? vendor : "(none)");
   const int fb[] = {GLX_DRAWABLE_TYPE, GLX_PBUFFER_BIT, None};
   int n = 0;
   GLXFBConfig *cfgs = glXChooseFBConfig(dpy, DefaultScreen(dpy), fb, &n);
   const int pb_attribs[] = {GLX_PBUFFER_WIDTH, 8, GLX_PBUFFER_HEIGHT, 8, None};
   GLXPbuffer pb = cfgs ? glXCreatePbuffer(dpy, cfgs[0], pb_attribs) : None;
   GLXContext ctx = pb ? core_context(dpy, cfgs[0]) : NULL;
   if (!ctx || !glXMakeContextCurrent(dpy, pb, pb, ctx)) {
      fprintf(stderr, "glx-test: no core context on a pbuffer\n");
      return 1;
   }
   printf("GL_RENDERER: %s\nGL_VERSION: %s\n", (const char *)glGetString(GL_RENDERER),
          (const char *)glGetString(GL_VERSION));
   glXMakeContextCurrent(dpy, None, None, NULL);
   glXDestroyContext(dpy, ctx);
   glXDestroyPbuffer(dpy, pb);
   XFree(cfgs);
   XCloseDisplay(dpy);
   return failures ? 1 : 0;
}

/* --frames N [--check]: N frames of a 300x300 window at swap interval 0, each cleared to its
 * own colour with the blue half drawn over it, then swapped; prints the swap loop's ms/frame
 * (what callgrind's per-frame count is taken over: two values of N). --check reads the window
 * back (XGetImage, after the swap on the same connection) after every frame: the frame just
 * swapped must be what the window shows, never the previous one (a store written before the
 * frame was drawn, or put before it was written). On any GLX vendor (Mesa for comparison). */
static unsigned long
frame_colour(int i)
{
   /* distinct from its neighbours in every channel, never the blue half's */
   return ((unsigned long)(40 + (i * 37) % 200) << 16) |
          ((unsigned long)(20 + (i * 53) % 220) << 8) | (unsigned long)(i % 2 ? 0x10 : 0x60);
}

static int
run_frames(Display *dpy, int frames, bool check)
{
   const int fb_attribs[] = {GLX_X_RENDERABLE,
                             True,
                             GLX_DRAWABLE_TYPE,
                             GLX_WINDOW_BIT,
                             GLX_RENDER_TYPE,
                             GLX_RGBA_BIT,
                             GLX_RED_SIZE,
                             8,
                             GLX_GREEN_SIZE,
                             8,
                             GLX_BLUE_SIZE,
                             8,
                             GLX_DOUBLEBUFFER,
                             True,
                             None};
   int n = 0;
   GLXFBConfig *cfgs = glXChooseFBConfig(dpy, DefaultScreen(dpy), fb_attribs, &n);
   CHECK(cfgs && n > 0 && create_attribs, "a window config and glXCreateContextAttribsARB");
   if (!cfgs || n <= 0 || !create_attribs)
      return 1;
   XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, cfgs[0]);
   GLXContext ctx = core_context(dpy, cfgs[0]);
   if (!vi || !ctx)
      return 1;
   const int w = 300, h = 300;
   Window xwin = mapped_window(dpy, vi, w, h);
   /* a GLX window, so that glXDestroyWindow ends it (and mgl logs its frames) */
   GLXWindow win = glXCreateWindow(dpy, cfgs[0], xwin, NULL);
   CHECK(glXMakeContextCurrent(dpy, win, win, ctx), "glXMakeContextCurrent");
   PFNGLXSWAPINTERVALEXTPROC swap_ext =
      (PFNGLXSWAPINTERVALEXTPROC)glXGetProcAddressARB((const GLubyte *)"glXSwapIntervalEXT");
   if (swap_ext)
      swap_ext(dpy, win, 0);
   load_gl();
   GLuint prog = blue_program();
   GLuint vao;
   p_glGenVertexArrays(1, &vao);
   p_glBindVertexArray(vao);
   p_glUseProgram(prog);
   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   int wrong = 0;
   for (int i = 0; i < frames; i++) {
      const unsigned long c = frame_colour(i);
      glClearColor((float)(c >> 16) / 255.0f, (float)((c >> 8) & 0xff) / 255.0f,
                   (float)(c & 0xff) / 255.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      glXSwapBuffers(dpy, win);
      if (check) {
         const unsigned long left = window_pixel(dpy, xwin, 2, h / 2);
         const unsigned long right = window_pixel(dpy, xwin, w - 3, h / 2);
         if (left != c || right != 0x0000ff) {
            if (wrong++ < 5)
               CHECK(false, "frame %d shows 0x%06lx / 0x%06lx, drawn 0x%06lx / 0x0000ff", i, left,
                     right, c);
         }
      }
   }
   glFinish();
   clock_gettime(CLOCK_MONOTONIC, &t1);
   CHECK(glGetError() == GL_NO_ERROR, "GL error in the frames");
   CHECK(wrong == 0, "%d of %d frames were not the frame just drawn", wrong, frames);
   const double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
   printf("glx-test: frames %d %dx%d%s: %.3f ms/frame, %.1f frames/s\n", frames, w, h,
          check ? " (each read back)" : "", s * 1e3 / frames, frames / s);
   glXMakeContextCurrent(dpy, None, None, NULL);
   glXDestroyWindow(dpy, win);
   glXDestroyContext(dpy, ctx);
   XDestroyWindow(dpy, xwin);
   XFree(vi);
   XFree(cfgs);
   return 0;
}

int
main(int argc, char **argv)
{
   bool one_copy = argc > 1 && !strcmp(argv[1], "--one-copy");
   bool pbuffer_mode = argc > 1 && !strcmp(argv[1], "--pbuffer-only");
   bool legacy_mode = argc > 1 && !strcmp(argv[1], "--legacy");
   bool compat_off_mode = argc > 1 && !strcmp(argv[1], "--compat-off");
   bool ms_ds_mode = argc > 1 && !strcmp(argv[1], "--ms-depth-stencil");
   Display *dpy = XOpenDisplay(NULL);
   if (!dpy) {
      fprintf(stderr, "glx-test: cannot open the display\n");
      return 1;
   }
   int opcode, event_base;
   if (!XQueryExtension(dpy, "GLX", &opcode, &event_base, &glx_first_error)) {
      fprintf(stderr, "glx-test: the X server has no GLX extension\n");
      return 1;
   }
   XSetErrorHandler(on_error);
   create_attribs = (PFNGLXCREATECONTEXTATTRIBSARBPROC)glXGetProcAddressARB(
      (const GLubyte *)"glXCreateContextAttribsARB");
   if (pbuffer_mode)
      return create_attribs ? pbuffer_only(dpy) : 1;
   if (argc > 2 && !strcmp(argv[1], "--frames")) {
      const int frames = atoi(argv[2]);
      if (frames > 0 && run_frames(dpy, frames, argc > 3 && !strcmp(argv[3], "--check")) != 0)
         failures++;
      goto out;
   }
   if (legacy_mode) {
      check_legacy(dpy);
      goto out;
   }
   if (ms_ds_mode) {
      /* this check alone, on any vendor (Mesa llvmpipe passes it) */
      check_ms_window_ds(dpy);
      goto out;
   }
   const char *vendor = glXGetClientString(dpy, GLX_VENDOR);
   CHECK(vendor && strstr(vendor, "mgl"), "GLX client vendor %s", vendor ? vendor : "NULL");
   const char *exts = glXQueryExtensionsString(dpy, DefaultScreen(dpy));
   CHECK(exts && strstr(exts, "GLX_ARB_create_context_profile") &&
            strstr(exts, "GLX_EXT_swap_control"),
         "GLX extensions %s", exts ? exts : "NULL");
   CHECK(create_attribs != NULL, "glXCreateContextAttribsARB");

   const int fb_attribs[] = {GLX_X_RENDERABLE,
                             True,
                             GLX_DRAWABLE_TYPE,
                             GLX_WINDOW_BIT | GLX_PBUFFER_BIT,
                             GLX_RENDER_TYPE,
                             GLX_RGBA_BIT,
                             GLX_RED_SIZE,
                             8,
                             GLX_GREEN_SIZE,
                             8,
                             GLX_BLUE_SIZE,
                             8,
                             GLX_DEPTH_SIZE,
                             24,
                             GLX_DOUBLEBUFFER,
                             True,
                             None};
   int n = 0;
   GLXFBConfig *cfgs = glXChooseFBConfig(dpy, DefaultScreen(dpy), fb_attribs, &n);
   CHECK(cfgs && n > 0, "glXChooseFBConfig found %d", n);
   if (!cfgs || !create_attribs)
      goto out;
   int depth = 0, red = 0;
   glXGetFBConfigAttrib(dpy, cfgs[0], GLX_DEPTH_SIZE, &depth);
   glXGetFBConfigAttrib(dpy, cfgs[0], GLX_RED_SIZE, &red);
   CHECK(depth >= 24 && red == 8, "first config depth %d red %d", depth, red);
   /* A depth buffer without stencil, with and without alpha: programs that score stencil out
    * (glmark2) pick nothing else. */
   int all_n = 0, d24_rgba = 0, d24_rgb = 0;
   GLXFBConfig *all = glXGetFBConfigs(dpy, DefaultScreen(dpy), &all_n);
   for (int i = 0; i < all_n; i++) {
      int d = 0, s = -1, a = 0;
      glXGetFBConfigAttrib(dpy, all[i], GLX_DEPTH_SIZE, &d);
      glXGetFBConfigAttrib(dpy, all[i], GLX_STENCIL_SIZE, &s);
      glXGetFBConfigAttrib(dpy, all[i], GLX_ALPHA_SIZE, &a);
      d24_rgba += d == 24 && s == 0 && a == 8;
      d24_rgb += d == 24 && s == 0 && a == 0;
   }
   CHECK(d24_rgba > 0 && d24_rgb > 0, "depth-24 stencil-0 configs: %d RGBA, %d RGB of %d", d24_rgba,
         d24_rgb, all_n);
   if (all)
      XFree(all);
   int vis_attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_DEPTH_SIZE, 16, None};
   XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), vis_attribs);
   CHECK(vi != NULL, "glXChooseVisual");
   if (vi)
      XFree(vi);

   if (compat_off_mode) {
      check_compat_off(dpy, cfgs[0]);
      XFree(cfgs);
      goto out;
   }
   check_errors(dpy, cfgs[0]);
   GLXContext core = core_context(dpy, cfgs[0]);
   if (core) {
      check_window(dpy, cfgs[0], core);
      check_pbuffer_and_es(dpy, cfgs[0], core);
      check_pixmap(dpy, cfgs[0], core);
      glXDestroyContext(dpy, core);
   }
   check_ms_window_ds(dpy);
   check_every_window_config(dpy);
   check_destroy_current_twice(dpy, cfgs[0]);
   if (one_copy)
      check_one_copy();
   XFree(cfgs);
out:
   XCloseDisplay(dpy);
   if (failures) {
      fprintf(stderr, "glx-test: FAIL (%d of %d checks)\n", failures, checks);
      return 1;
   }
   printf("glx-test: PASS (%d checks)\n", checks);
   return 0;
}
