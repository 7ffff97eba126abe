/* egl_glvnd.c — mgl as a libglvnd EGL vendor: __egl_Main fills libEGL's import table.
 * libEGL takes every EGL function (its static dispatch table) and every GL function (the
 * GLdispatch table, built lazily) through getProcAddress, so the hooks below hand out only the
 * hidden mgl_egl* / mgl_gl* implementations, never the exported egl* / gl* names (which glvnd's
 * own libEGL / libOpenGL would interpose). This file holds the one symbol a vendor library
 * must export. */
#include <string.h>

#include <glvnd/libeglabi.h>

#include "egl_internal.h"
#include "egl_window.h"
#include "log.h"

const struct __EGLapiExportsRec *egl_glvnd_exports;

static EGLDisplay
glvnd_get_platform_display(EGLenum platform, void *native_display, const EGLAttrib *attrib_list)
{
   return egl_get_platform_display(platform, native_display, attrib_list, true,
                                   "getPlatformDisplay");
}

static EGLBoolean
glvnd_get_supports_api(EGLenum api)
{
   return api == EGL_OPENGL_API || api == EGL_OPENGL_ES_API;
}

static const char *
glvnd_get_vendor_string(int name)
{
   if (name == __EGL_VENDOR_STRING_PLATFORM_EXTENSIONS)
      return egl_platform_extensions;
   return NULL;
}

static void *
glvnd_get_proc_address(const char *name)
{
   return mgl_egl_lookup_proc(name);
}

/* Display functions libEGL does not dispatch itself (the swap-with-damage pair): libEGL hands
 * out our stub for the name and tells us its dispatch index; the stub finds the vendor that
 * owns the display and calls that vendor's function (ours or another vendor's). */
enum { DAMAGE_KHR, DAMAGE_EXT, DISPATCH_COUNT };
static const char *const dispatch_names[DISPATCH_COUNT] = {
   [DAMAGE_KHR] = "eglSwapBuffersWithDamageKHR",
   [DAMAGE_EXT] = "eglSwapBuffersWithDamageEXT",
};
static int dispatch_index[DISPATCH_COUNT] = {-1, -1};

typedef EGLBoolean(EGLAPIENTRY *swap_damage_fn)(EGLDisplay, EGLSurface, const EGLint *, EGLint);

static EGLBoolean
swap_damage_dispatch(int which, EGLDisplay dpy, EGLSurface surface, const EGLint *rects,
                     EGLint n_rects)
{
   const __EGLapiExports *ex = egl_glvnd_exports;
   int index = __atomic_load_n(&dispatch_index[which], __ATOMIC_ACQUIRE);
   __EGLvendorInfo *vendor = ex && index >= 0 ? ex->getVendorFromDisplay(dpy) : NULL;
   swap_damage_fn fn = vendor ? (swap_damage_fn)ex->fetchDispatchEntry(vendor, index) : NULL;
   if (!fn) {
      if (ex && ex->setEGLError)
         ex->setEGLError(EGL_BAD_DISPLAY);
      return EGL_FALSE;
   }
   return fn(dpy, surface, rects, n_rects);
}

static EGLBoolean EGLAPIENTRY
stub_damage_khr(EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n_rects)
{
   return swap_damage_dispatch(DAMAGE_KHR, dpy, surface, rects, n_rects);
}

static EGLBoolean EGLAPIENTRY
stub_damage_ext(EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n_rects)
{
   return swap_damage_dispatch(DAMAGE_EXT, dpy, surface, rects, n_rects);
}

static void *
glvnd_get_dispatch_address(const char *name)
{
   if (name && !strcmp(name, dispatch_names[DAMAGE_KHR]))
      return (void *)stub_damage_khr;
   if (name && !strcmp(name, dispatch_names[DAMAGE_EXT]))
      return (void *)stub_damage_ext;
   return NULL;
}

static void
glvnd_set_dispatch_index(const char *name, int index)
{
   for (int i = 0; i < DISPATCH_COUNT; i++) {
      if (name && !strcmp(name, dispatch_names[i]))
         __atomic_store_n(&dispatch_index[i], index, __ATOMIC_RELEASE);
   }
}

/* eglGetDisplay(native) under glvnd: the same guess eglGetDisplay makes without glvnd. */
static EGLenum
glvnd_find_native_display_platform(void *native_display)
{
   static const EGLenum order[] = {EGL_PLATFORM_X11_KHR, EGL_PLATFORM_WAYLAND_KHR};
   for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
      const struct egl_platform *p = egl_window_platform(order[i]);
      if (p && p->is_native_display && p->is_native_display(native_display))
         return order[i];
   }
   return EGL_NONE;
}

__attribute__((visibility("default"))) EGLBoolean
__egl_Main(uint32_t version, const __EGLapiExports *exports, __EGLvendorInfo *vendor,
           __EGLapiImports *imports)
{
   (void)vendor;
   if (EGL_VENDOR_ABI_GET_MAJOR_VERSION(version) != EGL_VENDOR_ABI_MAJOR_VERSION) {
      mgu_error("egl: libglvnd EGL vendor ABI %u.%u is not supported (mgl speaks %u.x)",
                EGL_VENDOR_ABI_GET_MAJOR_VERSION(version),
                EGL_VENDOR_ABI_GET_MINOR_VERSION(version), EGL_VENDOR_ABI_MAJOR_VERSION);
      return EGL_FALSE;
   }
   egl_glvnd_exports = exports;
   imports->getPlatformDisplay = glvnd_get_platform_display;
   imports->getSupportsAPI = glvnd_get_supports_api;
   imports->getVendorString = glvnd_get_vendor_string;
   imports->getProcAddress = glvnd_get_proc_address;
   imports->getDispatchAddress = glvnd_get_dispatch_address;
   imports->setDispatchIndex = glvnd_set_dispatch_index;
   imports->findNativeDisplayPlatform = glvnd_find_native_display_platform;
   mgu_info("egl: loaded as a libglvnd EGL vendor (ABI %u.%u)",
            EGL_VENDOR_ABI_GET_MAJOR_VERSION(version), EGL_VENDOR_ABI_GET_MINOR_VERSION(version));
   return EGL_TRUE;
}
