/* test_egl_direct.c — the EGL layer called directly (mgl_egl* implementations) over the fake
 * front end. One process per case: `test_egl_direct <case>`; ctest names them unit.egl.<case>. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decline.h"
#include "egl_api.h"
#include "fake_fe.h"
#include "gl_api.h"
#include "gl_entry.h"

static int failures;

#define CHECK(cond)                                                                                \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                  \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

/* The call's result and the error it left: CHECK_ERR(mgl_eglFoo(...) == X, EGL_BAD_Y). */
#define CHECK_ERR(cond, err)                                                                       \
   do {                                                                                            \
      int ok_ = (cond);                                                                            \
      EGLint e_ = mgl_eglGetError();                                                               \
      if (!ok_ || e_ != (err)) {                                                                   \
         fprintf(stderr, "%s:%d: CHECK_ERR failed: %s (result %s) error 0x%04x, want %s\n",        \
                 __FILE__, __LINE__, #cond, ok_ ? "ok" : "WRONG", e_, #err);                       \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

static EGLDisplay
init_display(void)
{
   EGLDisplay dpy =
      mgl_eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   CHECK(dpy != EGL_NO_DISPLAY);
   EGLint major = 0, minor = 0;
   CHECK_ERR(mgl_eglInitialize(dpy, &major, &minor), EGL_SUCCESS);
   CHECK(major == 1 && minor == 5);
   return dpy;
}

static EGLConfig
config_by_id(EGLDisplay dpy, EGLint id)
{
   const EGLint attribs[] = {EGL_CONFIG_ID, id, EGL_NONE};
   EGLConfig c = NULL;
   EGLint n = 0;
   CHECK_ERR(mgl_eglChooseConfig(dpy, attribs, &c, 1, &n), EGL_SUCCESS);
   CHECK(n == 1);
   return c;
}

static EGLint
config_id(EGLDisplay dpy, EGLConfig c)
{
   EGLint v = -1;
   CHECK(mgl_eglGetConfigAttrib(dpy, c, EGL_CONFIG_ID, &v));
   return v;
}

static EGLContext
gl33(EGLDisplay dpy, EGLConfig config)
{
   const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                             3,
                             EGL_CONTEXT_MINOR_VERSION,
                             3,
                             EGL_CONTEXT_OPENGL_PROFILE_MASK,
                             EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                             EGL_NONE};
   CHECK(mgl_eglBindAPI(EGL_OPENGL_API));
   EGLContext ctx = mgl_eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
   CHECK_ERR(ctx != EGL_NO_CONTEXT, EGL_SUCCESS);
   return ctx;
}

static EGLSurface
pbuffer(EGLDisplay dpy, EGLConfig config, EGLint w, EGLint h)
{
   const EGLint attribs[] = {EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE};
   EGLSurface s = mgl_eglCreatePbufferSurface(dpy, config, attribs);
   CHECK_ERR(s != EGL_NO_SURFACE, EGL_SUCCESS);
   return s;
}

/* ---- cases ---------------------------------------------------------------------------------- */

static void
test_display(void)
{
   EGLDisplay def = mgl_eglGetDisplay(EGL_DEFAULT_DISPLAY);
   CHECK(def != EGL_NO_DISPLAY);
   CHECK(mgl_eglGetDisplay((EGLNativeDisplayType)0x1234) == EGL_NO_DISPLAY);
   EGLDisplay sl = mgl_eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, NULL, NULL);
   CHECK_ERR(sl != EGL_NO_DISPLAY && sl != def, EGL_SUCCESS);
   CHECK(mgl_eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, NULL, NULL) == sl);
   const EGLint none[] = {EGL_NONE};
   CHECK(mgl_eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, NULL, none) == sl);
   /* X11: one display per (native display, screen); the default X server is opened at
    * eglInitialize, so a server that is not there fails there. */
   EGLDisplay x = mgl_eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, NULL, NULL);
   CHECK_ERR(x != EGL_NO_DISPLAY && x != sl && x != def, EGL_SUCCESS);
   CHECK(mgl_eglGetPlatformDisplayEXT(EGL_PLATFORM_X11_EXT, NULL, NULL) == x);
   const EGLAttrib screen1[] = {EGL_PLATFORM_X11_SCREEN_KHR, 1, EGL_NONE};
   EGLDisplay x1 = mgl_eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, NULL, screen1);
   CHECK_ERR(x1 != EGL_NO_DISPLAY && x1 != x, EGL_SUCCESS);
   const EGLAttrib xcb_screen_on_x11[] = {EGL_PLATFORM_XCB_SCREEN_EXT, 0, EGL_NONE};
   CHECK_ERR(mgl_eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, NULL, xcb_screen_on_x11) ==
                EGL_NO_DISPLAY,
             EGL_BAD_ATTRIBUTE);
   EGLDisplay xcb = mgl_eglGetPlatformDisplay(EGL_PLATFORM_XCB_EXT, NULL, NULL);
   CHECK_ERR(xcb != EGL_NO_DISPLAY && xcb != x, EGL_SUCCESS);
   const char *saved = getenv("DISPLAY");
   char *saved_copy = saved ? strdup(saved) : NULL;
   setenv("DISPLAY", "unix:/nonexistent/mgl-no-such-x-server", 1);
   CHECK_ERR(!mgl_eglInitialize(x1, NULL, NULL), EGL_NOT_INITIALIZED);
   if (saved_copy)
      setenv("DISPLAY", saved_copy, 1);
   else
      unsetenv("DISPLAY");
   free(saved_copy);
   CHECK_ERR(mgl_eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, NULL, NULL) == EGL_NO_DISPLAY,
             EGL_BAD_PARAMETER);
   CHECK_ERR(mgl_eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, &def, NULL) == EGL_NO_DISPLAY,
             EGL_BAD_PARAMETER);
   const EGLAttrib bad[] = {0x1234, 1, EGL_NONE};
   CHECK_ERR(mgl_eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, NULL, bad) == EGL_NO_DISPLAY,
             EGL_BAD_ATTRIBUTE);

   /* client strings */
   const char *cext = mgl_eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   CHECK_ERR(cext != NULL, EGL_SUCCESS);
   CHECK(cext && strstr(cext, "EGL_EXT_client_extensions"));
   CHECK(cext && strstr(cext, "EGL_EXT_platform_base"));
   CHECK(cext && strstr(cext, "EGL_MESA_platform_surfaceless"));
   CHECK(cext && strstr(cext, "EGL_KHR_client_get_all_proc_addresses"));
   CHECK_ERR(mgl_eglQueryString(EGL_NO_DISPLAY, EGL_VENDOR) == NULL, EGL_BAD_DISPLAY);

   /* uninitialized, junk */
   CHECK_ERR(mgl_eglQueryString(sl, EGL_VENDOR) == NULL, EGL_NOT_INITIALIZED);
   int junk;
   CHECK_ERR(mgl_eglInitialize((EGLDisplay)&junk, NULL, NULL) == EGL_FALSE, EGL_BAD_DISPLAY);
   CHECK_ERR(mgl_eglTerminate((EGLDisplay)&junk) == EGL_FALSE, EGL_BAD_DISPLAY);
   EGLint n;
   CHECK_ERR(mgl_eglGetConfigs(sl, NULL, 0, &n) == EGL_FALSE, EGL_NOT_INITIALIZED);

   EGLDisplay dpy = init_display();
   CHECK(dpy == sl);
   CHECK_ERR(mgl_eglInitialize(dpy, NULL, NULL), EGL_SUCCESS); /* again: no effect */
   CHECK(!strcmp(mgl_eglQueryString(dpy, EGL_VENDOR), "mgl"));
   CHECK(!strcmp(mgl_eglQueryString(dpy, EGL_VERSION), "1.5 mgl"));
   CHECK(!strcmp(mgl_eglQueryString(dpy, EGL_CLIENT_APIS), "OpenGL OpenGL_ES"));
   const char *ext = mgl_eglQueryString(dpy, EGL_EXTENSIONS);
   static const char *const want[] = {
      "EGL_KHR_create_context", "EGL_KHR_surfaceless_context", "EGL_KHR_no_config_context",
      "EGL_EXT_create_context_robustness", "EGL_KHR_get_all_proc_addresses"};
   for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
      CHECK(ext && strstr(ext, want[i]));
   CHECK_ERR(mgl_eglQueryString(dpy, 0x1234) == NULL, EGL_BAD_PARAMETER);
   CHECK_ERR(mgl_eglTerminate(dpy), EGL_SUCCESS);
   CHECK_ERR(mgl_eglTerminate(dpy), EGL_SUCCESS); /* terminating twice is fine */
   CHECK_ERR(mgl_eglQueryString(dpy, EGL_VENDOR) == NULL, EGL_NOT_INITIALIZED);
   /* the default display works the same */
   CHECK_ERR(mgl_eglInitialize(def, NULL, NULL), EGL_SUCCESS);
   CHECK_ERR(mgl_eglGetConfigs(def, NULL, 0, &n) && n == 6, EGL_SUCCESS);
   CHECK_ERR(mgl_eglTerminate(def), EGL_SUCCESS);
}

static void *
error_thread(void *arg)
{
   (void)arg;
   /* a fresh thread: no error, the ES API, nothing current */
   CHECK(mgl_eglGetError() == EGL_SUCCESS);
   CHECK(mgl_eglQueryAPI() == EGL_OPENGL_ES_API);
   CHECK(mgl_eglGetCurrentContext() == EGL_NO_CONTEXT);
   CHECK(!mgl_eglBindAPI(EGL_OPENVG_API));
   return NULL;
}

static void
test_get_error(void)
{
   CHECK(mgl_eglGetError() == EGL_SUCCESS);
   int junk;
   CHECK(!mgl_eglInitialize((EGLDisplay)&junk, NULL, NULL));
   CHECK(mgl_eglBindAPI(EGL_OPENGL_API));
   /* a later successful call resets the error */
   CHECK(mgl_eglGetError() == EGL_SUCCESS);
   CHECK(!mgl_eglInitialize((EGLDisplay)&junk, NULL, NULL));
   pthread_t th;
   pthread_create(&th, NULL, error_thread, NULL);
   pthread_join(th, NULL);
   /* the other thread's error did not touch ours, and reading resets it */
   CHECK(mgl_eglGetError() == EGL_BAD_DISPLAY);
   CHECK(mgl_eglGetError() == EGL_SUCCESS);
   CHECK(mgl_eglQueryAPI() == EGL_OPENGL_API);
   CHECK_ERR(!mgl_eglBindAPI(EGL_OPENVG_API), EGL_BAD_PARAMETER);
   CHECK(mgl_eglBindAPI(EGL_OPENGL_ES_API));
   CHECK(mgl_eglQueryAPI() == EGL_OPENGL_ES_API);
}

/* Chooses with attribs and compares the config ids, in order, with ids (0-terminated). */
static void
expect_choice(EGLDisplay dpy, const EGLint *attribs, const EGLint *ids, int line)
{
   EGLConfig cfgs[8];
   EGLint n = -1;
   if (!mgl_eglChooseConfig(dpy, attribs, cfgs, 8, &n)) {
      fprintf(stderr, "%s:%d: eglChooseConfig failed 0x%04x\n", __FILE__, line, mgl_eglGetError());
      failures++;
      return;
   }
   EGLint want_n = 0;
   while (ids[want_n])
      want_n++;
   bool ok = n == want_n;
   for (EGLint i = 0; ok && i < n; i++)
      ok = config_id(dpy, cfgs[i]) == ids[i];
   if (!ok) {
      fprintf(stderr, "%s:%d: eglChooseConfig gave", __FILE__, line);
      for (EGLint i = 0; i < n; i++)
         fprintf(stderr, " %d", config_id(dpy, cfgs[i]));
      fprintf(stderr, ", want");
      for (EGLint i = 0; i < want_n; i++)
         fprintf(stderr, " %d", ids[i]);
      fprintf(stderr, "\n");
      failures++;
   }
}

#define COMMA ,
#define EXPECT(attribs, ...)                                                                       \
   do {                                                                                            \
      const EGLint a_[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, \
                           attribs EGL_NONE};                                                      \
      const EGLint i_[] = {__VA_ARGS__, 0};                                                        \
      expect_choice(dpy, a_, i_, __LINE__);                                                        \
   } while (0)

static void
test_config(void)
{
   EGLDisplay dpy = init_display();
   EGLint n = -1;
   EGLConfig all[8];
   CHECK_ERR(mgl_eglGetConfigs(dpy, NULL, 0, &n) && n == 6, EGL_SUCCESS);
   CHECK_ERR(mgl_eglGetConfigs(dpy, all, 2, &n) && n == 2, EGL_SUCCESS);
   CHECK_ERR(mgl_eglGetConfigs(dpy, all, 8, &n) && n == 6, EGL_SUCCESS);
   CHECK_ERR(!mgl_eglGetConfigs(dpy, all, 8, NULL), EGL_BAD_PARAMETER);

   /* every attribute answers, with the values we promise */
   static const EGLint attrs[] = {EGL_BUFFER_SIZE,
                                  EGL_RED_SIZE,
                                  EGL_GREEN_SIZE,
                                  EGL_BLUE_SIZE,
                                  EGL_LUMINANCE_SIZE,
                                  EGL_ALPHA_SIZE,
                                  EGL_ALPHA_MASK_SIZE,
                                  EGL_BIND_TO_TEXTURE_RGB,
                                  EGL_BIND_TO_TEXTURE_RGBA,
                                  EGL_COLOR_BUFFER_TYPE,
                                  EGL_CONFIG_CAVEAT,
                                  EGL_CONFIG_ID,
                                  EGL_CONFORMANT,
                                  EGL_DEPTH_SIZE,
                                  EGL_LEVEL,
                                  EGL_MAX_PBUFFER_WIDTH,
                                  EGL_MAX_PBUFFER_HEIGHT,
                                  EGL_MAX_PBUFFER_PIXELS,
                                  EGL_MAX_SWAP_INTERVAL,
                                  EGL_MIN_SWAP_INTERVAL,
                                  EGL_NATIVE_RENDERABLE,
                                  EGL_NATIVE_VISUAL_ID,
                                  EGL_NATIVE_VISUAL_TYPE,
                                  EGL_RENDERABLE_TYPE,
                                  EGL_SAMPLE_BUFFERS,
                                  EGL_SAMPLES,
                                  EGL_STENCIL_SIZE,
                                  EGL_SURFACE_TYPE,
                                  EGL_TRANSPARENT_TYPE,
                                  EGL_TRANSPARENT_RED_VALUE,
                                  EGL_TRANSPARENT_GREEN_VALUE,
                                  EGL_TRANSPARENT_BLUE_VALUE};
   for (EGLint c = 0; c < n; c++) {
      for (size_t i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++) {
         EGLint v = -12345;
         CHECK_ERR(mgl_eglGetConfigAttrib(dpy, all[c], attrs[i], &v) && v != -12345, EGL_SUCCESS);
      }
      EGLint v;
      mgl_eglGetConfigAttrib(dpy, all[c], EGL_SURFACE_TYPE, &v);
      CHECK(v == EGL_PBUFFER_BIT);
      mgl_eglGetConfigAttrib(dpy, all[c], EGL_RENDERABLE_TYPE, &v);
      CHECK(v == (EGL_OPENGL_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT));
      mgl_eglGetConfigAttrib(dpy, all[c], EGL_CONFORMANT, &v);
      CHECK(v == (EGL_OPENGL_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT));
      mgl_eglGetConfigAttrib(dpy, all[c], EGL_CONFIG_CAVEAT, &v);
      CHECK(v == EGL_NONE);
      mgl_eglGetConfigAttrib(dpy, all[c], EGL_NATIVE_RENDERABLE, &v);
      CHECK(v == EGL_FALSE);
   }
   EGLint v;
   EGLConfig c2 = config_by_id(dpy, 2), c3 = config_by_id(dpy, 3);
   CHECK(mgl_eglGetConfigAttrib(dpy, c2, EGL_DEPTH_SIZE, &v) && v == 24);
   CHECK(mgl_eglGetConfigAttrib(dpy, c2, EGL_STENCIL_SIZE, &v) && v == 8);
   CHECK(mgl_eglGetConfigAttrib(dpy, c3, EGL_ALPHA_SIZE, &v) && v == 0);
   CHECK(mgl_eglGetConfigAttrib(dpy, c3, EGL_BUFFER_SIZE, &v) && v == 24);
   EGLConfig c4 = config_by_id(dpy, 4);
   CHECK(mgl_eglGetConfigAttrib(dpy, c4, EGL_DEPTH_SIZE, &v) && v == 24);
   CHECK(mgl_eglGetConfigAttrib(dpy, c4, EGL_STENCIL_SIZE, &v) && v == 0);
   CHECK_ERR(!mgl_eglGetConfigAttrib(dpy, all[0], 0x1234, &v), EGL_BAD_ATTRIBUTE);
   int junk;
   CHECK_ERR(!mgl_eglGetConfigAttrib(dpy, (EGLConfig)&junk, EGL_RED_SIZE, &v), EGL_BAD_CONFIG);

   /* the spec defaults (window surfaces, ES 1.x) match nothing here */
   CHECK_ERR(mgl_eglChooseConfig(dpy, NULL, all, 8, &n) && n == 0, EGL_SUCCESS);
   const EGLint only_pbuffer[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE};
   CHECK_ERR(mgl_eglChooseConfig(dpy, only_pbuffer, all, 8, &n) && n == 0, EGL_SUCCESS);
   const EGLint es2[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                         EGL_NONE};
   CHECK_ERR(mgl_eglChooseConfig(dpy, es2, NULL, 0, &n) && n == 6, EGL_SUCCESS);
   CHECK_ERR(mgl_eglChooseConfig(dpy, es2, all, 1, &n) && n == 1, EGL_SUCCESS);

   /* sorting: no colour request -> smaller EGL_BUFFER_SIZE first, then single-sampled (5 and 6
    * are the 4-sample ones), then depth, then id */
   EXPECT(, 3, 6, 1, 4, 2, 5);
   /* requested alpha counts in the colour total and excludes the alpha-less config */
   EXPECT(EGL_ALPHA_SIZE COMMA 8 COMMA, 1, 4, 2, 5);
   EXPECT(EGL_RED_SIZE COMMA 8 COMMA, 3, 6, 1, 4, 2, 5); /* R totals tie -> buffer size */
   EXPECT(EGL_RED_SIZE COMMA 1 COMMA EGL_ALPHA_SIZE COMMA 1 COMMA, 1, 4, 2, 5);
   EXPECT(EGL_DEPTH_SIZE COMMA 1 COMMA, 3, 6, 4, 2, 5); /* no stencil before stencil */
   EXPECT(EGL_STENCIL_SIZE COMMA 8 COMMA EGL_ALPHA_SIZE COMMA EGL_DONT_CARE COMMA, 3, 6, 2, 5);
   EXPECT(EGL_DEPTH_SIZE COMMA EGL_DONT_CARE COMMA, 3, 6, 1, 4, 2, 5);
   EXPECT(EGL_BUFFER_SIZE COMMA 32 COMMA, 1, 4, 2, 5);
   EXPECT(EGL_RED_SIZE COMMA 9 COMMA, 0);
   EXPECT(EGL_SAMPLES COMMA 1 COMMA, 6, 5);
   EXPECT(EGL_SAMPLES COMMA 5 COMMA, 0);
   EXPECT(EGL_SAMPLE_BUFFERS COMMA 1 COMMA, 6, 5);
   EXPECT(EGL_CONFORMANT COMMA EGL_OPENGL_ES3_BIT COMMA, 3, 6, 1, 4, 2, 5);
   EXPECT(EGL_COLOR_BUFFER_TYPE COMMA EGL_LUMINANCE_BUFFER COMMA, 0);
   EXPECT(EGL_CONFIG_CAVEAT COMMA EGL_NONE COMMA, 3, 6, 1, 4, 2, 5);
   EXPECT(EGL_CONFIG_CAVEAT COMMA EGL_SLOW_CONFIG COMMA, 0);
   EXPECT(EGL_NATIVE_RENDERABLE COMMA EGL_TRUE COMMA, 0);
   EXPECT(EGL_BIND_TO_TEXTURE_RGBA COMMA EGL_FALSE COMMA, 3, 6, 1, 4, 2, 5);
   EXPECT(EGL_MAX_PBUFFER_WIDTH COMMA 999999 COMMA, 3, 6, 1, 4, 2, 5); /* ignored attribute */
   EXPECT(EGL_MIN_SWAP_INTERVAL COMMA 0 COMMA EGL_MAX_SWAP_INTERVAL COMMA 1 COMMA, 3, 6, 1, 4, 2,
          5);
   EXPECT(EGL_TRANSPARENT_RED_VALUE COMMA 5 COMMA, 3, 6, 1, 4, 2, 5); /* ignored: type is NONE */
   EXPECT(EGL_TRANSPARENT_TYPE COMMA EGL_TRANSPARENT_RGB COMMA, 0);
   EXPECT(EGL_MATCH_NATIVE_PIXMAP COMMA 1234 COMMA, 0);
   EXPECT(EGL_RENDERABLE_TYPE COMMA EGL_OPENGL_ES_BIT COMMA, 0); /* later value wins */
   /* EGL_CONFIG_ID: every other attribute is ignored */
   const EGLint by_id[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RED_SIZE, 99, EGL_CONFIG_ID, 2,
                           EGL_NONE};
   expect_choice(dpy, by_id, (const EGLint[]){2, 0}, __LINE__);
   /* invalid lists */
   const EGLint bad_attr[] = {0x1234, 1, EGL_NONE};
   CHECK_ERR(!mgl_eglChooseConfig(dpy, bad_attr, all, 8, &n), EGL_BAD_ATTRIBUTE);
   const EGLint bad_level[] = {EGL_LEVEL, EGL_DONT_CARE, EGL_NONE};
   CHECK_ERR(!mgl_eglChooseConfig(dpy, bad_level, all, 8, &n), EGL_BAD_ATTRIBUTE);
   const EGLint bad_bits[] = {EGL_RENDERABLE_TYPE, 0x10000, EGL_NONE};
   CHECK_ERR(!mgl_eglChooseConfig(dpy, bad_bits, all, 8, &n), EGL_BAD_ATTRIBUTE);
   const EGLint bad_size[] = {EGL_RED_SIZE, -3, EGL_NONE};
   CHECK_ERR(!mgl_eglChooseConfig(dpy, bad_size, all, 8, &n), EGL_BAD_ATTRIBUTE);
   const EGLint bad_enum[] = {EGL_COLOR_BUFFER_TYPE, 0x1234, EGL_NONE};
   CHECK_ERR(!mgl_eglChooseConfig(dpy, bad_enum, all, 8, &n), EGL_BAD_ATTRIBUTE);
   const EGLint bad_bool[] = {EGL_NATIVE_RENDERABLE, 7, EGL_NONE};
   CHECK_ERR(!mgl_eglChooseConfig(dpy, bad_bool, all, 8, &n), EGL_BAD_ATTRIBUTE);
   CHECK_ERR(!mgl_eglChooseConfig(dpy, es2, all, 8, NULL), EGL_BAD_PARAMETER);
   mgl_eglTerminate(dpy);
}

/* Creates a context with attribs under api; returns it (or EGL_NO_CONTEXT) and checks err. */
static EGLContext
try_ctx(EGLDisplay dpy, EGLConfig cfg, EGLenum api, const EGLint *attribs, EGLint err, int line)
{
   mgl_eglBindAPI(api);
   EGLContext ctx = mgl_eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, attribs);
   EGLint e = mgl_eglGetError();
   if (e != err || (err == EGL_SUCCESS) != (ctx != EGL_NO_CONTEXT)) {
      fprintf(stderr, "%s:%d: eglCreateContext gave %p error 0x%04x, want 0x%04x\n", __FILE__, line,
              ctx, e, err);
      failures++;
   }
   return ctx;
}

#define TRY(api, err, ...) try_ctx(dpy, cfg, api, (const EGLint[]){__VA_ARGS__}, err, __LINE__)

static void
test_context_attribs(void)
{
   EGLDisplay dpy = init_display();
   EGLConfig cfg = config_by_id(dpy, 2);
   const EGLint GL = EGL_OPENGL_API, ES = EGL_OPENGL_ES_API;
   const EGLint MAJ = EGL_CONTEXT_MAJOR_VERSION, MIN = EGL_CONTEXT_MINOR_VERSION;
   const EGLint PROF = EGL_CONTEXT_OPENGL_PROFILE_MASK, CORE = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
   const EGLint COMPAT = EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT;
   const EGLint FLAGS = EGL_CONTEXT_FLAGS_KHR;

   /* OpenGL: 3.3 core, and what 3.3 core satisfies */
   EGLContext c = TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 3, PROF, CORE, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.api == FE_API_GL_CORE);
   CHECK(fake_fe_stats.last_desc.major == 3 && fake_fe_stats.last_desc.minor == 3);
   CHECK(!fake_fe_stats.last_desc.debug && !fake_fe_stats.last_desc.robust_access);
   CHECK(fake_fe_stats.last_desc.format.depth_bits == 24 &&
         fake_fe_stats.last_desc.format.red_bits == 8);
   EGLint v;
   CHECK_ERR(mgl_eglQueryContext(dpy, c, EGL_CONTEXT_CLIENT_TYPE, &v) && v == EGL_OPENGL_API,
             EGL_SUCCESS);
   CHECK_ERR(mgl_eglQueryContext(dpy, c, EGL_CONFIG_ID, &v) && v == 2, EGL_SUCCESS);
   CHECK_ERR(mgl_eglQueryContext(dpy, c, EGL_CONTEXT_CLIENT_VERSION, &v) && v == 3, EGL_SUCCESS);
   CHECK_ERR(mgl_eglQueryContext(dpy, c, EGL_RENDER_BUFFER, &v) && v == EGL_NONE, EGL_SUCCESS);
   CHECK_ERR(!mgl_eglQueryContext(dpy, c, 0x1234, &v), EGL_BAD_ATTRIBUTE);
   CHECK_ERR(mgl_eglDestroyContext(dpy, c), EGL_SUCCESS);
   CHECK_ERR(!mgl_eglDestroyContext(dpy, c), EGL_BAD_CONTEXT);
   CHECK_ERR(!mgl_eglQueryContext(dpy, c, EGL_CONFIG_ID, &v), EGL_BAD_CONTEXT);
   CHECK(fake_fe_stats.contexts_live == 0);

   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 2, EGL_NONE); /* profile mask defaults to core */
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 1, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.major == 3 && fake_fe_stats.last_desc.minor == 3);
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 1, PROF, COMPAT, EGL_NONE); /* mask ignored below 3.2 */
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 0, FLAGS, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR,
       EGL_NONE);
   CHECK(fake_fe_stats.last_desc.forward_compatible);
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 0, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE, EGL_NONE);
   /* a backend that meets only 3.1 (fe_version.c): 3.2 and 3.3 are EGL_BAD_MATCH, 3.1 and a
    * forward-compatible 3.0 get a 3.1 context */
   fake_fe_compat_profile = false;
   fake_fe_gl_version = 31;
   TRY(GL, EGL_BAD_MATCH, MAJ, 3, MIN, 3, PROF, CORE, EGL_NONE);
   TRY(GL, EGL_BAD_MATCH, MAJ, 3, MIN, 2, EGL_NONE);
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 1, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.major == 3 && fake_fe_stats.last_desc.minor == 1);
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 0, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.major == 3 && fake_fe_stats.last_desc.minor == 1);
   fake_fe_gl_version = 33;
   /* compatibility profile and legacy versions with the profile turned off
    * (MGL_COMPAT_PROFILE=0): refused */
   fake_fe_compat_profile = false;
   TRY(GL, EGL_BAD_MATCH, MAJ, 3, MIN, 3, PROF, COMPAT, EGL_NONE);
   TRY(GL, EGL_BAD_MATCH, MAJ, 3, MIN, 2, PROF, COMPAT, EGL_NONE);
   TRY(GL, EGL_BAD_MATCH, EGL_NONE); /* no version: 1.0 */
   TRY(GL, EGL_BAD_MATCH, MAJ, 2, MIN, 1, EGL_NONE);
   TRY(GL, EGL_BAD_MATCH, MAJ, 3, MIN, 0, EGL_NONE);
   CHECK(mgl_eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL) == EGL_NO_CONTEXT);
   CHECK(mgl_eglGetError() == EGL_BAD_MATCH);
   /* ... and by default a 3.3 compatibility context for each of them, and still core for a
    * core request */
   fake_fe_compat_profile = true;
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 2, PROF, COMPAT, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.api == FE_API_GL_COMPAT);
   CHECK(fake_fe_stats.last_desc.major == 3 && fake_fe_stats.last_desc.minor == 3);
   TRY(GL, EGL_SUCCESS, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.api == FE_API_GL_COMPAT);
   TRY(GL, EGL_SUCCESS, MAJ, 2, MIN, 1, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.api == FE_API_GL_COMPAT);
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 3, PROF, CORE, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.api == FE_API_GL_CORE);
   TRY(GL, EGL_BAD_MATCH, MAJ, 4, MIN, 0, PROF, COMPAT, EGL_NONE);
   /* beyond 3.3, undefined versions, bad masks */
   TRY(GL, EGL_BAD_MATCH, MAJ, 4, MIN, 5, PROF, CORE, EGL_NONE);
   TRY(GL, EGL_BAD_MATCH, MAJ, 4, MIN, 0, EGL_NONE);
   TRY(GL, EGL_BAD_MATCH, MAJ, 3, MIN, 4, EGL_NONE);
   TRY(GL, EGL_BAD_MATCH, MAJ, 5, MIN, 0, EGL_NONE);
   TRY(GL, EGL_BAD_MATCH, MAJ, 3, MIN, 3, PROF, 0, EGL_NONE);
   TRY(GL, EGL_BAD_MATCH, MAJ, 3, MIN, 3, PROF, CORE | COMPAT, EGL_NONE);
   TRY(GL, EGL_BAD_MATCH, MAJ, 2, MIN, 0, FLAGS, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR,
       EGL_NONE);
   /* flags and robustness */
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 3, FLAGS,
       EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR | EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR,
       EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_KHR, EGL_LOSE_CONTEXT_ON_RESET_KHR, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.debug && fake_fe_stats.last_desc.robust_access &&
         fake_fe_stats.last_desc.lose_context_on_reset && !fake_fe_stats.last_desc.no_error);
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 3, EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE,
       EGL_CONTEXT_OPENGL_ROBUST_ACCESS, EGL_TRUE, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.debug && fake_fe_stats.last_desc.robust_access &&
         !fake_fe_stats.last_desc.lose_context_on_reset);
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 3, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_TRUE,
       EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT, EGL_NO_RESET_NOTIFICATION_EXT, EGL_NONE);
   TRY(GL, EGL_BAD_ATTRIBUTE, MAJ, 3, MIN, 3, FLAGS, 0x80, EGL_NONE);
   TRY(GL, EGL_BAD_ATTRIBUTE, MAJ, 3, MIN, 3, EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_KHR,
       0x1234, EGL_NONE);
   TRY(GL, EGL_BAD_ATTRIBUTE, MAJ, 3, MIN, 3, EGL_CONTEXT_OPENGL_DEBUG, 5, EGL_NONE);
   TRY(GL, EGL_BAD_ATTRIBUTE, MAJ, 3, MIN, 3, 0x1234, 0, EGL_NONE);
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 3, EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.no_error);
   TRY(GL, EGL_BAD_MATCH, MAJ, 3, MIN, 3, EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE,
       EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE, EGL_NONE);
   TRY(GL, EGL_BAD_ATTRIBUTE, MAJ, 3, MIN, 3, EGL_CONTEXT_OPENGL_NO_ERROR_KHR, 3, EGL_NONE);
   /* EGL_KHR_context_flush_control: NONE or FLUSH (the default) */
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 3, EGL_CONTEXT_RELEASE_BEHAVIOR_KHR,
       EGL_CONTEXT_RELEASE_BEHAVIOR_NONE_KHR, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.release_none);
   TRY(GL, EGL_SUCCESS, MAJ, 3, MIN, 3, EGL_CONTEXT_RELEASE_BEHAVIOR_KHR,
       EGL_CONTEXT_RELEASE_BEHAVIOR_FLUSH_KHR, EGL_NONE);
   CHECK(!fake_fe_stats.last_desc.release_none);
   TRY(GL, EGL_BAD_ATTRIBUTE, MAJ, 3, MIN, 3, EGL_CONTEXT_RELEASE_BEHAVIOR_KHR, 1, EGL_NONE);

   /* OpenGL ES */
   TRY(ES, EGL_BAD_MATCH, EGL_NONE); /* EGL_CONTEXT_CLIENT_VERSION defaults to 1 */
   c = TRY(ES, EGL_SUCCESS, EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.api == FE_API_GLES && fake_fe_stats.last_desc.major == 2 &&
         fake_fe_stats.last_desc.minor == 0);
   CHECK(mgl_eglQueryContext(dpy, c, EGL_CONTEXT_CLIENT_TYPE, &v) && v == EGL_OPENGL_ES_API);
   CHECK(mgl_eglQueryContext(dpy, c, EGL_CONTEXT_CLIENT_VERSION, &v) && v == 2);
   /* ES 3 without a minor: the highest ES 3.x the front end offers; 3.0 asked: 3.0; 3.1 asked:
    * 3.1 (the front end refuses it where the backend lacks what it needs) */
   EGLContext es3 = TRY(ES, EGL_SUCCESS, MAJ, 3, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.api == FE_API_GLES && fake_fe_stats.last_desc.major == 3);
   CHECK(fake_fe_stats.last_desc.es_highest_minor);
   TRY(ES, EGL_SUCCESS, MAJ, 3, MIN, 0, FLAGS, EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.minor == 0 && !fake_fe_stats.last_desc.es_highest_minor);
   TRY(ES, EGL_SUCCESS, MAJ, 3, MIN, 1, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.api == FE_API_GLES && fake_fe_stats.last_desc.major == 3 &&
         fake_fe_stats.last_desc.minor == 1 && !fake_fe_stats.last_desc.es_highest_minor);
   /* 3.2 asked: passed to the front end, which gives it where the backend offers every ES 3.2
    * feature (fe_es32_lacks) and else refuses: EGL_BAD_MATCH */
   TRY(ES, EGL_SUCCESS, MAJ, 3, MIN, 2, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.api == FE_API_GLES && fake_fe_stats.last_desc.major == 3 &&
         fake_fe_stats.last_desc.minor == 2 && !fake_fe_stats.last_desc.es_highest_minor);
   fake_fe_fail_next_context = FE_BAD_MATCH;
   TRY(ES, EGL_BAD_MATCH, MAJ, 3, MIN, 2, EGL_NONE);
   TRY(ES, EGL_BAD_MATCH, MAJ, 3, MIN, 3, EGL_NONE);
   TRY(ES, EGL_BAD_MATCH, MAJ, 2, MIN, 1, EGL_NONE);
   TRY(ES, EGL_BAD_MATCH, MAJ, 1, MIN, 1, EGL_NONE);
   TRY(ES, EGL_BAD_ATTRIBUTE, MAJ, 3, PROF, CORE, EGL_NONE);
   TRY(ES, EGL_BAD_ATTRIBUTE, MAJ, 3, FLAGS, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR,
       EGL_NONE);
   TRY(ES, EGL_BAD_ATTRIBUTE, MAJ, 3, FLAGS, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR, EGL_NONE);
   TRY(ES, EGL_SUCCESS, MAJ, 3, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_TRUE,
       EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT, EGL_LOSE_CONTEXT_ON_RESET_EXT, EGL_NONE);
   CHECK(fake_fe_stats.last_desc.robust_access && fake_fe_stats.last_desc.lose_context_on_reset);

   /* share contexts */
   mgl_eglBindAPI(EGL_OPENGL_ES_API);
   const EGLint es3_attribs[] = {MAJ, 3, EGL_NONE};
   EGLContext shared = mgl_eglCreateContext(dpy, cfg, es3, es3_attribs);
   CHECK_ERR(shared != EGL_NO_CONTEXT, EGL_SUCCESS);
   CHECK(fake_fe_stats.last_share != NULL);
   int junk;
   CHECK_ERR(mgl_eglCreateContext(dpy, cfg, (EGLContext)&junk, es3_attribs) == EGL_NO_CONTEXT,
             EGL_BAD_CONTEXT);
   /* EGL 1.5 3.7.1: a share context with another reset notification strategy is a mismatch */
   const EGLint es3_lose[] = {MAJ, 3, EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
                              EGL_LOSE_CONTEXT_ON_RESET, EGL_NONE};
   CHECK_ERR(mgl_eglCreateContext(dpy, cfg, es3, es3_lose) == EGL_NO_CONTEXT, EGL_BAD_MATCH);
   EGLContext lose = mgl_eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es3_lose);
   CHECK_ERR(lose != EGL_NO_CONTEXT, EGL_SUCCESS);
   CHECK_ERR(mgl_eglCreateContext(dpy, cfg, lose, es3_attribs) == EGL_NO_CONTEXT, EGL_BAD_MATCH);
   EGLContext lose2 = mgl_eglCreateContext(dpy, cfg, lose, es3_lose);
   CHECK_ERR(lose2 != EGL_NO_CONTEXT, EGL_SUCCESS);
   CHECK(mgl_eglDestroyContext(dpy, lose2) && mgl_eglDestroyContext(dpy, lose));
   mgl_eglBindAPI(EGL_OPENGL_API);
   const EGLint gl_attribs[] = {MAJ, 3, MIN, 3, EGL_NONE};
   CHECK_ERR(mgl_eglCreateContext(dpy, cfg, es3, gl_attribs) == EGL_NO_CONTEXT, EGL_BAD_CONTEXT);

   /* configs: EGL_NO_CONFIG_KHR is fine, junk is not */
   EGLContext nocfg = mgl_eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gl_attribs);
   CHECK_ERR(nocfg != EGL_NO_CONTEXT, EGL_SUCCESS);
   CHECK(mgl_eglQueryContext(dpy, nocfg, EGL_CONFIG_ID, &v) && v == 0);
   CHECK_ERR(mgl_eglCreateContext(dpy, (EGLConfig)&junk, EGL_NO_CONTEXT, gl_attribs) ==
                EGL_NO_CONTEXT,
             EGL_BAD_CONFIG);
   /* a front-end failure maps to its EGL error */
   fake_fe_fail_next_context = FE_BAD_ALLOC;
   CHECK_ERR(mgl_eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, gl_attribs) == EGL_NO_CONTEXT,
             EGL_BAD_ALLOC);
   fake_fe_fail_next_context = FE_NOT_INITIALIZED;
   CHECK_ERR(mgl_eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, gl_attribs) == EGL_NO_CONTEXT,
             EGL_NOT_INITIALIZED);

   /* eglTerminate destroys every context */
   CHECK(fake_fe_stats.contexts_live > 0);
   mgl_eglTerminate(dpy);
   CHECK(fake_fe_stats.contexts_live == 0);
   CHECK(fake_fe_stats.destroy_while_current == 0);
}

struct other_thread_args {
   EGLDisplay dpy;
   EGLContext ctx;
   EGLSurface surf;
   EGLint err;
};

static void *
make_current_other(void *p)
{
   struct other_thread_args *a = p;
   mgl_eglMakeCurrent(a->dpy, a->surf, a->surf, a->ctx);
   a->err = mgl_eglGetError();
   return NULL;
}

static EGLint
make_current_on_other_thread(EGLDisplay dpy, EGLSurface surf, EGLContext ctx)
{
   struct other_thread_args a = {dpy, ctx, surf, 0};
   pthread_t th;
   pthread_create(&th, NULL, make_current_other, &a);
   pthread_join(th, NULL);
   return a.err;
}

/* A thread that keeps a context current until told to release it. */
struct holder {
   EGLDisplay dpy;
   EGLContext ctx;
   EGLint err;
   pthread_barrier_t bound, done;
   pthread_t th;
};

static void *
holder_main(void *p)
{
   struct holder *h = p;
   mgl_eglMakeCurrent(h->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, h->ctx);
   h->err = mgl_eglGetError();
   pthread_barrier_wait(&h->bound);
   pthread_barrier_wait(&h->done);
   mgl_eglReleaseThread();
   return NULL;
}

static void
holder_start(struct holder *h, EGLDisplay dpy, EGLContext ctx)
{
   h->dpy = dpy;
   h->ctx = ctx;
   pthread_barrier_init(&h->bound, NULL, 2);
   pthread_barrier_init(&h->done, NULL, 2);
   pthread_create(&h->th, NULL, holder_main, h);
   pthread_barrier_wait(&h->bound);
}

static void
holder_finish(struct holder *h)
{
   pthread_barrier_wait(&h->done);
   pthread_join(h->th, NULL);
   pthread_barrier_destroy(&h->bound);
   pthread_barrier_destroy(&h->done);
}

static void
test_make_current(void)
{
   EGLDisplay dpy = init_display();
   EGLConfig cfg = config_by_id(dpy, 2);
   EGLContext ctx = gl33(dpy, cfg);
   EGLContext ctx2 = gl33(dpy, cfg);
   EGLSurface pb = pbuffer(dpy, cfg, 32, 16);
   EGLSurface pb2 = pbuffer(dpy, cfg, 8, 8);

   /* argument rules */
   CHECK_ERR(!mgl_eglMakeCurrent(dpy, pb, pb, EGL_NO_CONTEXT), EGL_BAD_MATCH);
   CHECK_ERR(!mgl_eglMakeCurrent(dpy, pb, EGL_NO_SURFACE, ctx), EGL_BAD_MATCH);
   CHECK_ERR(!mgl_eglMakeCurrent(dpy, EGL_NO_SURFACE, pb, ctx), EGL_BAD_MATCH);
   int junk;
   CHECK_ERR(!mgl_eglMakeCurrent(dpy, pb, pb, (EGLContext)&junk), EGL_BAD_CONTEXT);
   CHECK_ERR(!mgl_eglMakeCurrent(dpy, (EGLSurface)&junk, pb, ctx), EGL_BAD_SURFACE);
   CHECK_ERR(!mgl_eglMakeCurrent((EGLDisplay)&junk, pb, pb, ctx), EGL_BAD_DISPLAY);
   EGLDisplay def = mgl_eglGetDisplay(EGL_DEFAULT_DISPLAY); /* not initialized */
   CHECK_ERR(!mgl_eglMakeCurrent(def, pb, pb, ctx), EGL_NOT_INITIALIZED);
   CHECK_ERR(mgl_eglMakeCurrent(def, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT),
             EGL_SUCCESS); /* releasing needs no initialized display */
   CHECK_ERR(mgl_eglMakeCurrent(EGL_NO_DISPLAY, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT),
             EGL_SUCCESS);
   CHECK(fake_fe_stats.make_current_calls == 0); /* nothing was current */

   /* surfaceless, then with a pbuffer */
   CHECK_ERR(mgl_eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), EGL_SUCCESS);
   CHECK(mgl_eglGetCurrentContext() == ctx);
   CHECK(mgl_eglGetCurrentSurface(EGL_DRAW) == EGL_NO_SURFACE);
   CHECK(mgl_eglGetCurrentDisplay() == dpy);
   EGLint v;
   CHECK(mgl_eglQueryContext(dpy, ctx, EGL_RENDER_BUFFER, &v) && v == EGL_NONE);
   CHECK_ERR(mgl_eglMakeCurrent(dpy, pb, pb2, ctx), EGL_SUCCESS);
   CHECK(mgl_eglGetCurrentSurface(EGL_DRAW) == pb);
   CHECK(mgl_eglGetCurrentSurface(EGL_READ) == pb2);
   CHECK_ERR(mgl_eglGetCurrentSurface(0x1234) == EGL_NO_SURFACE, EGL_BAD_PARAMETER);
   CHECK(mgl_eglQueryContext(dpy, ctx, EGL_RENDER_BUFFER, &v) && v == EGL_BACK_BUFFER);
   CHECK(fe_current_context() != NULL);

   /* another thread may not take ctx, nor bind a surface current here */
   CHECK(make_current_on_other_thread(dpy, pb, ctx) == EGL_BAD_ACCESS);
   CHECK(make_current_on_other_thread(dpy, EGL_NO_SURFACE, ctx) == EGL_BAD_ACCESS);
   CHECK(make_current_on_other_thread(dpy, pb, ctx2) == EGL_BAD_ACCESS);
   CHECK(make_current_on_other_thread(dpy, pb2, ctx2) == EGL_BAD_ACCESS);
   /* ... but may bind another context surfacelessly; that one is then busy for us */
   EGLContext ctx3 = gl33(dpy, cfg);
   struct holder h;
   holder_start(&h, dpy, ctx3);
   CHECK(h.err == EGL_SUCCESS);
   CHECK_ERR(!mgl_eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx3), EGL_BAD_ACCESS);
   CHECK(make_current_on_other_thread(dpy, EGL_NO_SURFACE, ctx3) == EGL_BAD_ACCESS);
   CHECK(mgl_eglGetCurrentContext() == ctx);
   holder_finish(&h); /* released there with eglReleaseThread */

   /* swap and interval */
   int swaps = fake_fe_stats.swaps;
   CHECK_ERR(mgl_eglSwapBuffers(dpy, pb), EGL_SUCCESS);
   CHECK(fake_fe_stats.swaps == swaps + 1);
   CHECK_ERR(!mgl_eglSwapBuffers(dpy, pb2), EGL_BAD_SURFACE); /* the read surface: not drawn */
   CHECK_ERR(mgl_eglSwapInterval(dpy, 5), EGL_SUCCESS);
   CHECK(fake_fe_stats.last_swap_interval == 1);
   CHECK_ERR(mgl_eglSwapInterval(dpy, -1), EGL_SUCCESS);
   CHECK(fake_fe_stats.last_swap_interval == 0);

   /* rebinding the same is a no-op; another context may take over this thread's surfaces */
   int calls = fake_fe_stats.make_current_calls;
   CHECK_ERR(mgl_eglMakeCurrent(dpy, pb, pb2, ctx), EGL_SUCCESS);
   CHECK(fake_fe_stats.make_current_calls == calls);
   CHECK_ERR(mgl_eglMakeCurrent(dpy, pb2, pb, ctx2), EGL_SUCCESS);
   CHECK(mgl_eglGetCurrentContext() == ctx2 && mgl_eglGetCurrentSurface(EGL_DRAW) == pb2);
   CHECK(mgl_eglQueryContext(dpy, ctx, EGL_RENDER_BUFFER, &v) && v == EGL_NONE);
   struct holder h2;
   holder_start(&h2, dpy, ctx); /* ctx is free now, another thread takes it */
   CHECK(h2.err == EGL_SUCCESS);
   CHECK_ERR(!mgl_eglMakeCurrent(dpy, pb, pb, ctx), EGL_BAD_ACCESS);
   holder_finish(&h2);
   CHECK_ERR(mgl_eglMakeCurrent(dpy, pb, pb2, ctx), EGL_SUCCESS);
   CHECK(mgl_eglGetCurrentContext() == ctx);

   /* incompatible configs */
   EGLSurface pb_d0 = pbuffer(dpy, config_by_id(dpy, 1), 4, 4);
   CHECK_ERR(!mgl_eglMakeCurrent(dpy, pb_d0, pb_d0, ctx), EGL_BAD_MATCH);
   CHECK(mgl_eglGetCurrentContext() == ctx); /* a failed call changes nothing */
   /* a context without config takes any surface */
   const EGLint gl_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                EGL_NONE};
   EGLContext nocfg = mgl_eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gl_attribs);
   CHECK_ERR(mgl_eglMakeCurrent(dpy, pb_d0, pb_d0, nocfg), EGL_SUCCESS);
   CHECK_ERR(!mgl_eglSwapBuffers(dpy, pb), EGL_BAD_SURFACE); /* pb no longer current */
   CHECK_ERR(mgl_eglMakeCurrent(dpy, pb, pb, ctx), EGL_SUCCESS);

   /* destroying current objects defers their deletion */
   int live_ctx = fake_fe_stats.contexts_live, live_surf = fake_fe_stats.surfaces_live;
   CHECK_ERR(mgl_eglDestroyContext(dpy, ctx), EGL_SUCCESS);
   CHECK_ERR(mgl_eglDestroySurface(dpy, pb), EGL_SUCCESS);
   CHECK(fake_fe_stats.contexts_live == live_ctx && fake_fe_stats.surfaces_live == live_surf);
   CHECK(mgl_eglGetCurrentContext() == ctx);
   CHECK(mgl_eglGetCurrentSurface(EGL_DRAW) == pb);
   CHECK_ERR(!mgl_eglQuerySurface(dpy, pb, EGL_WIDTH, &v), EGL_BAD_SURFACE);
   CHECK_ERR(!mgl_eglMakeCurrent(dpy, pb, pb, ctx), EGL_BAD_CONTEXT); /* handles are gone */
   CHECK_ERR(!mgl_eglWaitClient(), EGL_BAD_CURRENT_SURFACE);
   CHECK_ERR(mgl_eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), EGL_SUCCESS);
   CHECK(fake_fe_stats.contexts_live == live_ctx - 1);
   CHECK(fake_fe_stats.surfaces_live == live_surf - 1);
   CHECK(mgl_eglGetCurrentContext() == EGL_NO_CONTEXT);
   CHECK(mgl_eglGetCurrentDisplay() == EGL_NO_DISPLAY);
   CHECK(fe_current_context() == NULL);
   CHECK_ERR(mgl_eglWaitClient(), EGL_SUCCESS); /* nothing current: nothing to wait for */
   CHECK_ERR(mgl_eglWaitGL(), EGL_SUCCESS);
   CHECK_ERR(mgl_eglWaitNative(EGL_CORE_NATIVE_ENGINE), EGL_SUCCESS);
   CHECK_ERR(!mgl_eglWaitNative(0x1234), EGL_BAD_PARAMETER);
   CHECK_ERR(!mgl_eglSwapInterval(dpy, 1), EGL_BAD_CONTEXT);
   CHECK_ERR(mgl_eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx2), EGL_SUCCESS);
   CHECK_ERR(!mgl_eglSwapInterval(dpy, 1), EGL_BAD_SURFACE);
   CHECK_ERR(mgl_eglWaitClient(), EGL_SUCCESS);

   /* eglTerminate while current: the current context lives until released */
   live_ctx = fake_fe_stats.contexts_live;
   CHECK_ERR(mgl_eglTerminate(dpy), EGL_SUCCESS);
   CHECK(mgl_eglGetCurrentContext() == ctx2);
   CHECK(fake_fe_stats.contexts_live == 1); /* ctx2 only */
   CHECK_ERR(mgl_eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), EGL_SUCCESS);
   CHECK(fake_fe_stats.contexts_live == 0);
   CHECK(fake_fe_stats.surfaces_live == 0);
   CHECK(fake_fe_stats.destroy_while_current == 0);

   /* eglReleaseThread releases too */
   dpy = init_display();
   cfg = config_by_id(dpy, 2);
   ctx = gl33(dpy, cfg);
   CHECK_ERR(mgl_eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), EGL_SUCCESS);
   CHECK(mgl_eglReleaseThread());
   CHECK(mgl_eglGetCurrentContext() == EGL_NO_CONTEXT);
   CHECK(mgl_eglQueryAPI() == EGL_OPENGL_ES_API);
   CHECK(fe_current_context() == NULL);
   mgl_eglTerminate(dpy);
   CHECK(fake_fe_stats.contexts_live == 0);
}

static void
test_pbuffer(void)
{
   EGLDisplay dpy = init_display();
   EGLConfig cfg = config_by_id(dpy, 2);
   EGLSurface s = pbuffer(dpy, cfg, 64, 32);
   CHECK(fake_fe_stats.last_pbuffer_width == 64 && fake_fe_stats.last_pbuffer_height == 32);
   EGLint v;
   CHECK_ERR(mgl_eglQuerySurface(dpy, s, EGL_WIDTH, &v) && v == 64, EGL_SUCCESS);
   CHECK_ERR(mgl_eglQuerySurface(dpy, s, EGL_HEIGHT, &v) && v == 32, EGL_SUCCESS);
   CHECK(mgl_eglQuerySurface(dpy, s, EGL_CONFIG_ID, &v) && v == 2);
   CHECK(mgl_eglQuerySurface(dpy, s, EGL_LARGEST_PBUFFER, &v) && v == EGL_FALSE);
   CHECK(mgl_eglQuerySurface(dpy, s, EGL_TEXTURE_FORMAT, &v) && v == EGL_NO_TEXTURE);
   CHECK(mgl_eglQuerySurface(dpy, s, EGL_TEXTURE_TARGET, &v) && v == EGL_NO_TEXTURE);
   CHECK(mgl_eglQuerySurface(dpy, s, EGL_MIPMAP_TEXTURE, &v) && v == EGL_FALSE);
   CHECK(mgl_eglQuerySurface(dpy, s, EGL_RENDER_BUFFER, &v) && v == EGL_BACK_BUFFER);
   CHECK(mgl_eglQuerySurface(dpy, s, EGL_SWAP_BEHAVIOR, &v) && v == EGL_BUFFER_DESTROYED);
   CHECK(mgl_eglQuerySurface(dpy, s, EGL_GL_COLORSPACE, &v) && v == EGL_GL_COLORSPACE_LINEAR);
   CHECK(mgl_eglQuerySurface(dpy, s, EGL_HORIZONTAL_RESOLUTION, &v) && v == EGL_UNKNOWN);
   CHECK(mgl_eglQuerySurface(dpy, s, EGL_MULTISAMPLE_RESOLVE, &v) &&
         v == EGL_MULTISAMPLE_RESOLVE_DEFAULT);
   CHECK_ERR(!mgl_eglQuerySurface(dpy, s, 0x1234, &v), EGL_BAD_ATTRIBUTE);
   CHECK_ERR(mgl_eglSurfaceAttrib(dpy, s, EGL_SWAP_BEHAVIOR, EGL_BUFFER_DESTROYED), EGL_SUCCESS);
   CHECK_ERR(!mgl_eglSurfaceAttrib(dpy, s, EGL_SWAP_BEHAVIOR, EGL_BUFFER_PRESERVED), EGL_BAD_MATCH);
   CHECK_ERR(!mgl_eglSurfaceAttrib(dpy, s, EGL_SWAP_BEHAVIOR, 0x1234), EGL_BAD_PARAMETER);
   CHECK_ERR(mgl_eglSurfaceAttrib(dpy, s, EGL_MIPMAP_LEVEL, 2), EGL_SUCCESS);
   CHECK(mgl_eglQuerySurface(dpy, s, EGL_MIPMAP_LEVEL, &v) && v == 2);
   CHECK_ERR(!mgl_eglSurfaceAttrib(dpy, s, 0x1234, 0), EGL_BAD_ATTRIBUTE);
   CHECK_ERR(!mgl_eglBindTexImage(dpy, s, EGL_BACK_BUFFER), EGL_BAD_MATCH);
   CHECK_ERR(!mgl_eglReleaseTexImage(dpy, s, 0x1234), EGL_BAD_PARAMETER);

   /* zero-size and defaults */
   EGLSurface z = mgl_eglCreatePbufferSurface(dpy, cfg, NULL);
   CHECK_ERR(z != EGL_NO_SURFACE, EGL_SUCCESS);
   CHECK(mgl_eglQuerySurface(dpy, z, EGL_WIDTH, &v) && v == 0);
   /* attribute errors */
   const EGLint neg[] = {EGL_WIDTH, -1, EGL_NONE};
   CHECK_ERR(mgl_eglCreatePbufferSurface(dpy, cfg, neg) == EGL_NO_SURFACE, EGL_BAD_PARAMETER);
   const EGLint tex[] = {EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA, EGL_TEXTURE_TARGET, EGL_TEXTURE_2D,
                         EGL_NONE};
   CHECK_ERR(mgl_eglCreatePbufferSurface(dpy, cfg, tex) == EGL_NO_SURFACE, EGL_BAD_ATTRIBUTE);
   const EGLint fmt_only[] = {EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGB, EGL_NONE};
   CHECK_ERR(mgl_eglCreatePbufferSurface(dpy, cfg, fmt_only) == EGL_NO_SURFACE, EGL_BAD_MATCH);
   const EGLint target_only[] = {EGL_TEXTURE_TARGET, EGL_TEXTURE_2D, EGL_NONE};
   CHECK_ERR(mgl_eglCreatePbufferSurface(dpy, cfg, target_only) == EGL_NO_SURFACE, EGL_BAD_MATCH);
   const EGLint no_tex[] = {
      EGL_TEXTURE_FORMAT, EGL_NO_TEXTURE, EGL_TEXTURE_TARGET, EGL_NO_TEXTURE, EGL_MIPMAP_TEXTURE,
      EGL_FALSE,          EGL_NONE};
   CHECK_ERR(mgl_eglCreatePbufferSurface(dpy, cfg, no_tex) != EGL_NO_SURFACE, EGL_SUCCESS);
   const EGLint bad_fmt[] = {EGL_TEXTURE_FORMAT, 0x1234, EGL_NONE};
   CHECK_ERR(mgl_eglCreatePbufferSurface(dpy, cfg, bad_fmt) == EGL_NO_SURFACE, EGL_BAD_ATTRIBUTE);
   const EGLint srgb[] = {EGL_GL_COLORSPACE, EGL_GL_COLORSPACE_SRGB, EGL_NONE};
   CHECK_ERR(mgl_eglCreatePbufferSurface(dpy, cfg, srgb) == EGL_NO_SURFACE, EGL_BAD_MATCH);
   const EGLint unknown[] = {0x1234, 0, EGL_NONE};
   CHECK_ERR(mgl_eglCreatePbufferSurface(dpy, cfg, unknown) == EGL_NO_SURFACE, EGL_BAD_ATTRIBUTE);
   const EGLint huge[] = {EGL_WIDTH, 100000, EGL_HEIGHT, 16, EGL_NONE};
   CHECK_ERR(mgl_eglCreatePbufferSurface(dpy, cfg, huge) == EGL_NO_SURFACE, EGL_BAD_ALLOC);
   const EGLint largest[] = {EGL_WIDTH,           100000,   EGL_HEIGHT, 16,
                             EGL_LARGEST_PBUFFER, EGL_TRUE, EGL_NONE};
   EGLSurface l = mgl_eglCreatePbufferSurface(dpy, cfg, largest);
   CHECK_ERR(l != EGL_NO_SURFACE, EGL_SUCCESS);
   EGLint maxw;
   mgl_eglGetConfigAttrib(dpy, cfg, EGL_MAX_PBUFFER_WIDTH, &maxw);
   CHECK(mgl_eglQuerySurface(dpy, l, EGL_WIDTH, &v) && v == maxw);
   CHECK(mgl_eglQuerySurface(dpy, l, EGL_LARGEST_PBUFFER, &v) && v == EGL_TRUE);
   int junk;
   CHECK_ERR(mgl_eglCreatePbufferSurface(dpy, (EGLConfig)&junk, NULL) == EGL_NO_SURFACE,
             EGL_BAD_CONFIG);

   /* windows and pixmaps: not yet */
   CHECK_ERR(mgl_eglCreateWindowSurface(dpy, cfg, 0, NULL) == EGL_NO_SURFACE,
             EGL_BAD_NATIVE_WINDOW);
   CHECK_ERR(mgl_eglCreatePlatformWindowSurface(dpy, cfg, &junk, NULL) == EGL_NO_SURFACE,
             EGL_BAD_NATIVE_WINDOW);
   CHECK_ERR(mgl_eglCreatePlatformWindowSurfaceEXT(dpy, cfg, &junk, NULL) == EGL_NO_SURFACE,
             EGL_BAD_NATIVE_WINDOW);
   CHECK_ERR(mgl_eglCreatePixmapSurface(dpy, cfg, 0, NULL) == EGL_NO_SURFACE,
             EGL_BAD_NATIVE_PIXMAP);
   CHECK_ERR(mgl_eglCreatePlatformPixmapSurface(dpy, cfg, &junk, NULL) == EGL_NO_SURFACE,
             EGL_BAD_NATIVE_PIXMAP);
   /* EGL_MESA_platform_surfaceless: unconditional, whatever the config */
   CHECK_ERR(mgl_eglCreatePlatformWindowSurface(dpy, EGL_NO_CONFIG_KHR, NULL, NULL) ==
                EGL_NO_SURFACE,
             EGL_BAD_NATIVE_WINDOW);
   CHECK_ERR(mgl_eglCreatePlatformPixmapSurface(dpy, EGL_NO_CONFIG_KHR, NULL, NULL) ==
                EGL_NO_SURFACE,
             EGL_BAD_NATIVE_PIXMAP);
   CHECK_ERR(!mgl_eglCopyBuffers(dpy, s, 0), EGL_BAD_NATIVE_PIXMAP);
   CHECK_ERR(mgl_eglCreatePbufferFromClientBuffer(dpy, EGL_OPENVG_IMAGE, NULL, cfg, NULL) ==
                EGL_NO_SURFACE,
             EGL_BAD_PARAMETER);

   /* destroy */
   CHECK_ERR(mgl_eglDestroySurface(dpy, s), EGL_SUCCESS);
   CHECK_ERR(!mgl_eglDestroySurface(dpy, s), EGL_BAD_SURFACE);
   CHECK_ERR(!mgl_eglQuerySurface(dpy, s, EGL_WIDTH, &v), EGL_BAD_SURFACE);
   CHECK(fake_fe_stats.surfaces_live == 3);
   mgl_eglTerminate(dpy);
   CHECK(fake_fe_stats.surfaces_live == 0);
   CHECK(fake_fe_stats.destroy_while_current == 0);
}

static void
test_proc_address(void)
{
   CHECK(mgl_eglGetProcAddress("glDrawArrays") != NULL);
   /* The compatibility profile's commands resolve (a core context raises
    * GL_INVALID_OPERATION for them), and GL 4.x's (issue 20); an extension's that gen_gl.py
    * does not select does not. */
   CHECK(mgl_eglGetProcAddress("glBegin") != NULL);
   CHECK(mgl_eglGetProcAddress("glLoadIdentity") != NULL);
   CHECK(mgl_eglGetProcAddress("glDispatchCompute") != NULL);
   CHECK(mgl_eglGetProcAddress("glDrawMeshTasksNV") == NULL);
   CHECK(mgl_eglGetProcAddress("glNotAFunction") == NULL);
   CHECK(mgl_eglGetProcAddress("foo") == NULL);
   CHECK(mgl_eglGetProcAddress("") == NULL);
   CHECK(mgl_eglGetProcAddress(NULL) == NULL);
   static const char *const gl_names[] = {"glGetStringi",
                                          "glDrawArraysInstanced",
                                          "glVertexAttribDivisor",
                                          "glGetInteger64v",
                                          "glSamplerParameteri",
                                          "glQueryCounter",
                                          "glFenceSync",
                                          "glClearDepthf",
                                          "glInvalidateFramebuffer",
                                          "glGetGraphicsResetStatus",
                                          "glGetGraphicsResetStatusARB",
                                          "glGetGraphicsResetStatusEXT",
                                          "glGetGraphicsResetStatusKHR",
                                          "glDebugMessageCallback",
                                          "glDebugMessageCallbackKHR",
                                          "glShaderBinary",
                                          "glGetShaderPrecisionFormat",
                                          "glDepthRangef",
                                          "glReleaseShaderCompiler",
                                          "glTexStorage2D",
                                          "glGetError",
                                          "glCullFace",
                                          "glVertexAttribP4uiv"};
   for (size_t i = 0; i < sizeof(gl_names) / sizeof(gl_names[0]); i++) {
      if (!mgl_eglGetProcAddress(gl_names[i])) {
         fprintf(stderr, "missing %s\n", gl_names[i]);
         failures++;
      }
   }
   /* every name of the generated table is found, and only gl names are */
   CHECK(fe_get_proc_address("glDrawArrays") ==
         (void *)mgl_entry_glDrawArrays); /* the entry layer */
   CHECK(fe_get_proc_address("eglGetError") == NULL);
   /* EGL names give the hidden implementations */
   CHECK((void *)mgl_eglGetProcAddress("eglCreateContext") == (void *)mgl_eglCreateContext);
   CHECK((void *)mgl_eglGetProcAddress("eglGetPlatformDisplayEXT") ==
         (void *)mgl_eglGetPlatformDisplayEXT);
   CHECK(mgl_eglGetProcAddress("eglCreateSync") != NULL);
   CHECK(mgl_eglGetProcAddress("eglFooBar") == NULL);
   CHECK(mgl_egl_lookup_proc("eglGetError") == (void *)mgl_eglGetError);

   /* the fake's strong glGetError overrides the weak stub; an unimplemented entry point is a
    * named decline that raises GL_INVALID_OPERATION through fe_gl_error */
   EGLDisplay dpy = init_display();
   EGLContext ctx = gl33(dpy, config_by_id(dpy, 2));
   CHECK(mgl_eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   PFNGLGETERRORPROC get_error = (PFNGLGETERRORPROC)mgl_eglGetProcAddress("glGetError");
   PFNGLCLEARPROC clear = (PFNGLCLEARPROC)mgl_eglGetProcAddress("glClear");
   PFNGLISBUFFERPROC is_buffer = (PFNGLISBUFFERPROC)mgl_eglGetProcAddress("glIsBuffer");
   int calls = fake_fe_stats.get_error_calls;
   CHECK(get_error() == GL_NO_ERROR);
   CHECK(fake_fe_stats.get_error_calls == calls + 1);
   uint64_t declines = mgu_decline_count(MGU_DECLINE_gl_entry_unimplemented);
   int recorded = fake_fe_stats.gl_errors_recorded;
   clear(GL_COLOR_BUFFER_BIT);
   clear(GL_COLOR_BUFFER_BIT);
   CHECK(is_buffer(1) == GL_FALSE);
   CHECK(mgu_decline_count(MGU_DECLINE_gl_entry_unimplemented) == declines + 3);
   CHECK(fake_fe_stats.gl_errors_recorded == recorded + 3);
   CHECK(get_error() == GL_INVALID_OPERATION);
   CHECK(get_error() == GL_NO_ERROR);
   mgl_eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   mgl_eglTerminate(dpy);
   CHECK(MGL_GL_COMMAND_COUNT > 300);
}

static void
test_unsupported(void)
{
   EGLDisplay dpy = init_display();
   uint64_t declines = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   CHECK_ERR(mgl_eglCreateSync(dpy, EGL_SYNC_FENCE, NULL) == EGL_NO_SYNC, EGL_BAD_PARAMETER);
   int junk;
   CHECK_ERR(!mgl_eglDestroySync(dpy, (EGLSync)&junk), EGL_BAD_PARAMETER);
   CHECK_ERR(mgl_eglClientWaitSync(dpy, (EGLSync)&junk, 0, 0) == EGL_FALSE, EGL_BAD_PARAMETER);
   EGLAttrib a;
   CHECK_ERR(!mgl_eglGetSyncAttrib(dpy, (EGLSync)&junk, EGL_SYNC_STATUS, &a), EGL_BAD_PARAMETER);
   CHECK_ERR(!mgl_eglWaitSync(dpy, (EGLSync)&junk, 0), EGL_BAD_PARAMETER);
   CHECK_ERR(mgl_eglCreateImage(dpy, EGL_NO_CONTEXT, EGL_GL_TEXTURE_2D, NULL, NULL) == EGL_NO_IMAGE,
             EGL_BAD_PARAMETER);
   CHECK_ERR(!mgl_eglDestroyImage(dpy, (EGLImage)&junk), EGL_BAD_PARAMETER);
   CHECK(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) == declines + 7);
   CHECK_ERR(mgl_eglCreateSync((EGLDisplay)&junk, EGL_SYNC_FENCE, NULL) == EGL_NO_SYNC,
             EGL_BAD_DISPLAY);
   mgl_eglTerminate(dpy);
   CHECK_ERR(mgl_eglCreateSync(dpy, EGL_SYNC_FENCE, NULL) == EGL_NO_SYNC, EGL_NOT_INITIALIZED);
}

/* The multisampled configs follow the device's sample counts (fe_config_sample_counts, here
 * the fake front end's table): 2, 4 and 8 samples where the device renders them, none it
 * does not; a config of a count not offered is EGL_BAD_CONFIG. */
static EGLint
samples_of(EGLDisplay dpy, EGLConfig c)
{
   EGLint v = -1;
   mgl_eglGetConfigAttrib(dpy, c, EGL_SAMPLES, &v);
   return v;
}

static void
test_config_samples(void)
{
   EGLDisplay dpy = init_display();
   EGLConfig all[16], got[16];
   EGLint n = -1;
   const EGLint want8[] = {
      EGL_SAMPLES,     8,       EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_SURFACE_TYPE,
      EGL_PBUFFER_BIT, EGL_NONE};
   const EGLint want2[] = {
      EGL_SAMPLES,     2,       EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_SURFACE_TYPE,
      EGL_PBUFFER_BIT, EGL_NONE};
   /* a GPU: 1, 2, 4, 8 (bit n: 2^n samples) */
   fake_fe_sample_counts = 0x1 | 0x2 | 0x4 | 0x8;
   CHECK_ERR(mgl_eglGetConfigs(dpy, all, 16, &n) && n == 10, EGL_SUCCESS);
   unsigned seen = 0;
   for (EGLint i = 0; i < n; i++)
      seen |= 1u << samples_of(dpy, all[i]);
   CHECK(seen == ((1u << 0) | (1u << 2) | (1u << 4) | (1u << 8)));
   CHECK_ERR(mgl_eglChooseConfig(dpy, want8, got, 16, &n) && n == 2, EGL_SUCCESS);
   CHECK(n == 2 && samples_of(dpy, got[0]) == 8 && samples_of(dpy, got[1]) == 8);
   EGLConfig eight = n ? got[0] : NULL;
   /* at least 2: by EGL_BUFFER_SIZE (RGB8 before RGBA8), then EGL_SAMPLES ascending */
   CHECK_ERR(mgl_eglChooseConfig(dpy, want2, got, 16, &n) && n == 6, EGL_SUCCESS);
   CHECK(n == 6 && samples_of(dpy, got[0]) == 2 && samples_of(dpy, got[1]) == 4 &&
         samples_of(dpy, got[2]) == 8 && samples_of(dpy, got[3]) == 2 &&
         samples_of(dpy, got[5]) == 8);

   /* lavapipe: 1 and 4 only; the 8-sample config from above is no config now */
   fake_fe_sample_counts = 0x1 | 0x4;
   CHECK_ERR(mgl_eglGetConfigs(dpy, all, 16, &n) && n == 6, EGL_SUCCESS);
   seen = 0;
   for (EGLint i = 0; i < n; i++)
      seen |= 1u << samples_of(dpy, all[i]);
   CHECK(seen == ((1u << 0) | (1u << 4)));
   CHECK_ERR(mgl_eglChooseConfig(dpy, want8, got, 16, &n) && n == 0, EGL_SUCCESS);
   CHECK_ERR(mgl_eglChooseConfig(dpy, want2, got, 16, &n) && n == 2, EGL_SUCCESS);
   CHECK(n == 2 && samples_of(dpy, got[0]) == 4);
   EGLint v;
   CHECK_ERR(!mgl_eglGetConfigAttrib(dpy, eight, EGL_SAMPLES, &v), EGL_BAD_CONFIG);
   const EGLint pb[] = {EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE};
   CHECK_ERR(mgl_eglCreatePbufferSurface(dpy, eight, pb) == EGL_NO_SURFACE, EGL_BAD_CONFIG);
   CHECK_ERR(mgl_eglCreateContext(dpy, eight, EGL_NO_CONTEXT, NULL) == EGL_NO_CONTEXT,
             EGL_BAD_CONFIG);
   /* nothing multisampled: no multisampled config at all */
   fake_fe_sample_counts = 0x1;
   CHECK_ERR(mgl_eglGetConfigs(dpy, NULL, 0, &n) && n == 4, EGL_SUCCESS);
   fake_fe_sample_counts = 0x1 | 0x4;
   mgl_eglTerminate(dpy);
}

static const struct {
   const char *name;
   void (*fn)(void);
} cases[] = {
   {"config_samples", test_config_samples},
   {"display", test_display},
   {"get_error", test_get_error},
   {"config", test_config},
   {"context_attribs", test_context_attribs},
   {"make_current", test_make_current},
   {"pbuffer", test_pbuffer},
   {"proc_address", test_proc_address},
   {"unsupported", test_unsupported},
};

int
main(int argc, char **argv)
{
   int ran = 0;
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      if (argc < 2 || !strcmp(argv[1], cases[i].name)) {
         cases[i].fn();
         ran++;
      }
   }
   if (!ran) {
      fprintf(stderr, "unknown case %s\n", argv[1]);
      return 2;
   }
   if (failures)
      fprintf(stderr, "%d check(s) failed\n", failures);
   else
      printf("ok (%d case(s))\n", ran);
   return failures ? 1 : 0;
}
