/* egl_glvnd.c — mgl as a libglvnd EGL vendor: __egl_Main fills libEGL's import table.
 * libEGL takes every EGL function (its static dispatch table) and every GL function (the
 * GLdispatch table, built lazily) through getProcAddress, so the hooks below hand out only the
 * hidden mgl_egl* / mgl_gl* implementations, never the exported egl* / gl* names (which glvnd's
 * own libEGL / libOpenGL would interpose). This file holds the one symbol a vendor library
 * must export. */
#include <string.h>

#include <glvnd/libeglabi.h>

#include "egl_internal.h"
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

/* mgl has no EGL display-extension functions beyond those libEGL already dispatches. */
static void *
glvnd_get_dispatch_address(const char *name)
{
   (void)name;
   return NULL;
}

static void
glvnd_set_dispatch_index(const char *name, int index)
{
   (void)name;
   (void)index;
}

__attribute__((visibility("default"))) EGLBoolean
__egl_Main(uint32_t version, const __EGLapiExports *exports, __EGLvendorInfo *vendor,
           __EGLapiImports *imports)
{
   (void)vendor;
   if (EGL_VENDOR_ABI_GET_MAJOR_VERSION(version) != EGL_VENDOR_ABI_MAJOR_VERSION) {
      mgl_error("egl: libglvnd EGL vendor ABI %u.%u is not supported (mgl speaks %u.x)",
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
   mgl_info("egl: loaded as a libglvnd EGL vendor (ABI %u.%u)",
            EGL_VENDOR_ABI_GET_MAJOR_VERSION(version), EGL_VENDOR_ABI_GET_MINOR_VERSION(version));
   return EGL_TRUE;
}
