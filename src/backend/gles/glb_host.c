/* glb_host.c — loading the host EGL/GLES driver without meeting mgl's own EGL/GL exports.
 *
 * On monolith and inproc this backend runs inside the application's process, next to
 * libmgl.so, which exports egl* and gl* itself and is usually the application's EGL vendor
 * through libglvnd (__EGL_VENDOR_LIBRARY_FILENAMES names mgl's json, and a spawned mgl-server
 * inherits that variable). So none of the obvious ways reaches the host driver:
 *  - calling eglGetDisplay/glClear by name binds to whatever the process exports first: glvnd's
 *    libEGL/libGLESv2 (whose current vendor is mgl) or libmgl.so itself;
 *  - dlopen("libEGL.so.1") is glvnd again, and it reads the same vendor list, so its displays
 *    may well be mgl's own.
 * Instead we load the host's glvnd *vendor* library directly (Mesa's libEGL_mesa.so.0, named by
 * /usr/share/glvnd/egl_vendor.d/50_mesa.json; MGL_GLES_VENDOR names another vendor json or
 * library, e.g. NVIDIA's 10_nvidia.json on the GPU machine) with dlopen(RTLD_LOCAL), initialise
 * it through the glvnd vendor ABI (__egl_Main hands us its import table) and take every EGL
 * and GLES entry point from that table's getProcAddress. Vendors hand out their own functions
 * there (glvnd builds its dispatch the same way), so nothing here is resolved through a global
 * name: glb.h switches the prototypes off. The export table we give the vendor answers "no
 * current glvnd context/vendor": it is used only by a vendor's dispatch stubs for functions
 * glvnd's libEGL dispatches, which we never call.
 * A vendor library that glvnd already loaded for the application is the same mapping (dlopen
 * returns it): a second __egl_Main would replace glvnd's export table in it, so we refuse that
 * case at start (the application talks to that driver itself and needs no mgl backend on it),
 * and we refuse mgl's own vendor library (it exports __glx_Main beside __egl_Main).
 * Mesa's host stack (libEGL_mesa, libglapi, the DRI driver) imports no egl* or gl* name, so
 * mgl's exports cannot interpose on its internal calls either; the dispatch state of each side
 * is its own (glvnd's libGLdispatch holds _glapi_tls_Current, Mesa's libglapi
 * _glapi_tls_Dispatch). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"

/* libeglabi.h reaches GL/gl.h (desktop GL, with prototypes) through GLdispatchABI.h, which only
 * needs GLboolean: GLES3/gl32.h gave that already, so desktop GL's header is kept out. */
#define __gl_h_
#include <glvnd/libeglabi.h>

/* ---- the export table a vendor sees: no glvnd dispatch around it ---------------------------- */

static void
ex_thread_init(void)
{
}

static EGLenum
ex_current_api(void)
{
   return EGL_OPENGL_ES_API;
}

static __EGLvendorInfo *
ex_current_vendor(void)
{
   return NULL;
}

static EGLContext
ex_current_context(void)
{
   return EGL_NO_CONTEXT;
}

static EGLDisplay
ex_current_display(void)
{
   return EGL_NO_DISPLAY;
}

static EGLSurface
ex_current_surface(EGLint read_draw)
{
   (void)read_draw;
   return EGL_NO_SURFACE;
}

static __eglMustCastToProperFunctionPointerType
ex_fetch_dispatch(__EGLvendorInfo *vendor, int index)
{
   (void)vendor, (void)index;
   return NULL;
}

static void
ex_set_error(EGLint error)
{
   (void)error;
}

static EGLBoolean
ex_set_last_vendor(__EGLvendorInfo *vendor)
{
   (void)vendor;
   return EGL_TRUE;
}

static __EGLvendorInfo *
ex_vendor_from_display(EGLDisplay dpy)
{
   (void)dpy;
   return NULL;
}

static __EGLvendorInfo *
ex_vendor_from_device(EGLDeviceEXT dev)
{
   (void)dev;
   return NULL;
}

static EGLBoolean
ex_set_vendor_for_device(EGLDeviceEXT dev, __EGLvendorInfo *vendor)
{
   (void)dev, (void)vendor;
   return EGL_TRUE;
}

static const __EGLapiExports exports = {
   .threadInit = ex_thread_init,
   .getCurrentApi = ex_current_api,
   .getCurrentVendor = ex_current_vendor,
   .getCurrentContext = ex_current_context,
   .getCurrentDisplay = ex_current_display,
   .getCurrentSurface = ex_current_surface,
   .fetchDispatchEntry = ex_fetch_dispatch,
   .setEGLError = ex_set_error,
   .setLastVendor = ex_set_last_vendor,
   .getVendorFromDisplay = ex_vendor_from_display,
   .getVendorFromDevice = ex_vendor_from_device,
   .setVendorForDevice = ex_set_vendor_for_device,
};

/* ---- which library --------------------------------------------------------------------------- */

#define MESA_VENDOR_JSON "/usr/share/glvnd/egl_vendor.d/50_mesa.json"

/* The "library_path" string of a glvnd vendor json (no escapes in paths we accept). */
static bool
json_library_path(const char *path, char *out, size_t out_size, char *why, unsigned why_size)
{
   FILE *f = fopen(path, "r");
   if (!f) {
      snprintf(why, why_size, "cannot open vendor file %s", path);
      return false;
   }
   char buf[4096];
   size_t n = fread(buf, 1, sizeof(buf) - 1, f);
   fclose(f);
   buf[n] = 0;
   const char *k = strstr(buf, "\"library_path\"");
   const char *q = k ? strchr(k + 14, '"') : NULL;
   const char *e = q ? strchr(q + 1, '"') : NULL;
   if (!e || (size_t)(e - q - 1) >= out_size || memchr(q + 1, '\\', (size_t)(e - q - 1))) {
      snprintf(why, why_size, "%s has no usable library_path", path);
      return false;
   }
   memcpy(out, q + 1, (size_t)(e - q - 1));
   out[e - q - 1] = 0;
   return true;
}

static bool
vendor_library(char *out, size_t out_size, char *why, unsigned why_size)
{
   const char *v = getenv("MGL_GLES_VENDOR");
   if (v && *v) {
      size_t len = strlen(v);
      if (len > 5 && !strcmp(v + len - 5, ".json"))
         return json_library_path(v, out, out_size, why, why_size);
      snprintf(out, out_size, "%s", v);
      return true;
   }
   FILE *f = fopen(MESA_VENDOR_JSON, "r");
   if (f) {
      fclose(f);
      return json_library_path(MESA_VENDOR_JSON, out, out_size, why, why_size);
   }
   snprintf(out, out_size, "libEGL_mesa.so.0");
   return true;
}

/* ---- loading --------------------------------------------------------------------------------- */

static struct glb_host host;
_Atomic uint64_t glb_host_calls;
bool glb_host_trace;

void
glb_host_trace_note(const char *file, int line)
{
   const char *base = strrchr(file, '/');
   mgu_log_always("gles: host call %s:%d", base ? base + 1 : file, line);
}
static char host_why[256];
static bool host_ok;
static pthread_once_t host_once = PTHREAD_ONCE_INIT;

static bool
load(char *why, unsigned why_size)
{
   if (!vendor_library(host.lib_name, sizeof(host.lib_name), why, why_size))
      return false;
   const char *trace = getenv("MGL_GLES_HOST_TRACE"), *debug = getenv("MGL_GLES_HOST_DEBUG");
   glb_host_trace =
      (trace && trace[0] && strcmp(trace, "0") != 0) || (debug && !strcmp(debug, "2"));
   /* RTLD_NOLOAD first: a vendor the process already holds belongs to glvnd (see above). */
   void *held = dlopen(host.lib_name, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
   if (held) {
      const bool own = dlsym(held, "__glx_Main") != NULL;
      dlclose(held);
      snprintf(why, why_size, "%.160s %s: refused", host.lib_name,
               own ? "is mgl's own vendor library"
                   : "is already loaded in this process (glvnd's vendor)");
      return false;
   }
   host.lib = dlopen(host.lib_name, RTLD_NOW | RTLD_LOCAL);
   if (!host.lib) {
      snprintf(why, why_size, "dlopen %.160s: %.80s", host.lib_name, dlerror());
      return false;
   }
   if (dlsym(host.lib, "__glx_Main")) {
      snprintf(why, why_size, "%.160s is mgl's own vendor library: refused", host.lib_name);
      return false;
   }
   __PFNEGLMAINPROC egl_main = (__PFNEGLMAINPROC)dlsym(host.lib, __EGL_MAIN_PROTO_NAME);
   if (!egl_main) {
      snprintf(why, why_size, "%.160s has no %s: not a glvnd EGL vendor", host.lib_name,
               __EGL_MAIN_PROTO_NAME);
      return false;
   }
   static __EGLapiImports imports;
   /* The vendor reads the version and fills the table; our vendor-info pointer is opaque to it. */
   if (!egl_main(EGL_VENDOR_ABI_VERSION, &exports, (__EGLvendorInfo *)&host, &imports) ||
       !imports.getProcAddress || !imports.getPlatformDisplay) {
      snprintf(why, why_size, "%.160s refused glvnd vendor ABI %u.%u", host.lib_name,
               EGL_VENDOR_ABI_MAJOR_VERSION, EGL_VENDOR_ABI_MINOR_VERSION);
      return false;
   }
#define X(type, name)                                                                              \
   host.egl##name = (type)imports.getProcAddress("egl" #name);                                     \
   if (!host.egl##name) {                                                                          \
      snprintf(why, why_size, "%.160s has no egl" #name, host.lib_name);                           \
      return false;                                                                                \
   }
   GLB_EGL_FUNCS(X)
#undef X
#define X(type, name)                                                                              \
   host.gl##name = (type)imports.getProcAddress("gl" #name);                                       \
   if (!host.gl##name) {                                                                           \
      snprintf(why, why_size, "%.160s has no gl" #name, host.lib_name);                            \
      return false;                                                                                \
   }
   GLB_GL_FUNCS(X)
#undef X
#define X(type, name) host.gl##name = (type)imports.getProcAddress("gl" #name);
   GLB_GL_EXT_FUNCS(X)
#undef X
   /* GLES 3.1 has buffer textures as EXT_ or OES_texture_buffer, whose calls carry the suffix
    * (glb_screen.c uses them only where the host names the extension) */
   if (!host.glTexBuffer || !host.glTexBufferRange) {
      host.glTexBuffer = (PFNGLTEXBUFFERPROC)imports.getProcAddress("glTexBufferEXT");
      host.glTexBufferRange =
         (PFNGLTEXBUFFERRANGEPROC)imports.getProcAddress("glTexBufferRangeEXT");
   }
   if (!host.glTexBuffer || !host.glTexBufferRange) {
      host.glTexBuffer = (PFNGLTEXBUFFERPROC)imports.getProcAddress("glTexBufferOES");
      host.glTexBufferRange =
         (PFNGLTEXBUFFERRANGEPROC)imports.getProcAddress("glTexBufferRangeOES");
   }
   host.imports_get_platform_display = imports.getPlatformDisplay;
   host.imports_vendor_string = imports.getVendorString;
   host.imports_proc = imports.getProcAddress;
   return true;
}

static void
load_once(void)
{
   host_ok = load(host_why, sizeof(host_why));
}

const struct glb_host *
glb_host_get(char *why, unsigned why_size)
{
   pthread_once(&host_once, load_once);
   if (!host_ok) {
      snprintf(why, why_size, "%s", host_why);
      return NULL;
   }
   return &host;
}
