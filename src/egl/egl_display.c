/* egl_display.c — the two displays mgl offers (the default display and
 * EGL_PLATFORM_SURFACELESS_MESA), eglInitialize/eglTerminate and eglQueryString. Both displays
 * are surfaceless in effect: their configs support pbuffers and surfaceless contexts only. */
#include <stdlib.h>

#include "egl_internal.h"
#include "log.h"

static struct egl_display displays[] = {
   {.platform = EGL_NONE},
   {.platform = EGL_PLATFORM_SURFACELESS_MESA},
};
#define DISPLAY_COUNT (sizeof(displays) / sizeof(displays[0]))

static const char egl_vendor[] = "mgl";
static const char egl_version[] = "1.5 mgl";
static const char egl_client_apis[] = "OpenGL OpenGL_ES";
static const char egl_display_extensions[] =
   "EGL_EXT_create_context_robustness "
   "EGL_KHR_create_context "
   "EGL_KHR_create_context_no_error "
   "EGL_KHR_get_all_proc_addresses "
   "EGL_KHR_no_config_context "
   "EGL_KHR_surfaceless_context";
static const char egl_client_extensions[] =
   "EGL_EXT_client_extensions "
   "EGL_EXT_platform_base "
   "EGL_KHR_client_get_all_proc_addresses "
   "EGL_MESA_platform_surfaceless";
/* What glvnd's getVendorString(__EGL_VENDOR_STRING_PLATFORM_EXTENSIONS) answers. */
const char egl_platform_extensions[] = "EGL_MESA_platform_surfaceless";

struct egl_display *
egl_lookup_display(EGLDisplay dpy)
{
   for (size_t i = 0; i < DISPLAY_COUNT; i++) {
      if (dpy == (EGLDisplay)&displays[i])
         return &displays[i];
   }
   return NULL;
}

struct egl_display *
egl_check_display(EGLDisplay dpy, const char *func)
{
   struct egl_display *d = egl_lookup_display(dpy);
   if (!d) {
      egl_error(EGL_BAD_DISPLAY, func, "%p is not an mgl display", dpy);
      return NULL;
   }
   if (!d->initialized) {
      egl_error(EGL_NOT_INITIALIZED, func, "display %p is not initialized", dpy);
      return NULL;
   }
   return d;
}

EGLDisplay
egl_get_platform_display(EGLenum platform, void *native_display, const EGLAttrib *attrib_list,
                         bool from_glvnd, const char *func)
{
   if (platform == EGL_NONE && from_glvnd) {
      /* glvnd's eglGetDisplay(EGL_DEFAULT_DISPLAY). */
      if (native_display != (void *)EGL_DEFAULT_DISPLAY) {
         egl_error(EGL_BAD_PARAMETER, func, "mgl has no native display types");
         return EGL_NO_DISPLAY;
      }
      egl_success();
      return (EGLDisplay)&displays[0];
   }
   if (platform != EGL_PLATFORM_SURFACELESS_MESA) {
      mgl_info("egl: %s: platform 0x%04x is not supported (mgl offers "
               "EGL_PLATFORM_SURFACELESS_MESA and the default display)",
               func, platform);
      egl_error(EGL_BAD_PARAMETER, func, "platform 0x%04x", platform);
      return EGL_NO_DISPLAY;
   }
   if (native_display != NULL) {
      egl_error(EGL_BAD_PARAMETER, func,
                "the surfaceless platform takes EGL_DEFAULT_DISPLAY as its native display");
      return EGL_NO_DISPLAY;
   }
   for (const EGLAttrib *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      egl_error(EGL_BAD_ATTRIBUTE, func, "display attribute 0x%04lx", (unsigned long)a[0]);
      return EGL_NO_DISPLAY;
   }
   egl_success();
   return (EGLDisplay)&displays[1];
}

EGLDisplay EGLAPIENTRY
mgl_eglGetDisplay(EGLNativeDisplayType display_id)
{
   egl_success();
   if (display_id != EGL_DEFAULT_DISPLAY) {
      mgl_info("egl: eglGetDisplay: mgl has no native displays; use EGL_DEFAULT_DISPLAY or "
               "EGL_PLATFORM_SURFACELESS_MESA");
      return EGL_NO_DISPLAY;
   }
   return (EGLDisplay)&displays[0];
}

EGLDisplay EGLAPIENTRY
mgl_eglGetPlatformDisplay(EGLenum platform, void *native_display, const EGLAttrib *attrib_list)
{
   return egl_get_platform_display(platform, native_display, attrib_list, false,
                                   "eglGetPlatformDisplay");
}

EGLDisplay EGLAPIENTRY
mgl_eglGetPlatformDisplayEXT(EGLenum platform, void *native_display, const EGLint *attrib_list)
{
   EGLAttrib attribs[33];
   size_t n = 0;
   for (const EGLint *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      if (n + 3 > sizeof(attribs) / sizeof(attribs[0])) {
         egl_error(EGL_BAD_ATTRIBUTE, "eglGetPlatformDisplayEXT", "attribute list too long");
         return EGL_NO_DISPLAY;
      }
      attribs[n++] = a[0];
      attribs[n++] = a[1];
   }
   attribs[n] = EGL_NONE;
   return egl_get_platform_display(platform, native_display, attribs, false,
                                   "eglGetPlatformDisplayEXT");
}

EGLBoolean EGLAPIENTRY
mgl_eglInitialize(EGLDisplay dpy, EGLint *major, EGLint *minor)
{
   struct egl_display *d = egl_lookup_display(dpy);
   if (!d)
      return egl_error(EGL_BAD_DISPLAY, "eglInitialize", "%p is not an mgl display", dpy);
   egl_lock();
   if (!d->initialized) {
      d->initialized = true;
      mgl_info("egl: display %p (%s) initialized, EGL %d.%d", dpy,
               d->platform == EGL_NONE ? "default" : "surfaceless", MGL_EGL_VERSION_MAJOR,
               MGL_EGL_VERSION_MINOR);
   }
   egl_unlock();
   if (major)
      *major = MGL_EGL_VERSION_MAJOR;
   if (minor)
      *minor = MGL_EGL_VERSION_MINOR;
   return egl_success();
}

EGLBoolean EGLAPIENTRY
mgl_eglTerminate(EGLDisplay dpy)
{
   struct egl_display *d = egl_lookup_display(dpy);
   if (!d)
      return egl_error(EGL_BAD_DISPLAY, "eglTerminate", "%p is not an mgl display", dpy);
   egl_lock();
   if (d->initialized) {
      /* Handles die now; objects current to some thread live until released. */
      egl_object_terminate_all(d);
      d->initialized = false;
   }
   egl_unlock();
   return egl_success();
}

const char *EGLAPIENTRY
mgl_eglQueryString(EGLDisplay dpy, EGLint name)
{
   if (dpy == EGL_NO_DISPLAY) {
      if (name == EGL_EXTENSIONS) {
         egl_success();
         return egl_client_extensions;
      }
      if (name == EGL_VERSION) {
         egl_success();
         return egl_version;
      }
      egl_error(EGL_BAD_DISPLAY, "eglQueryString", "EGL_NO_DISPLAY with name 0x%04x", name);
      return NULL;
   }
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, "eglQueryString");
   egl_unlock();
   if (!d)
      return NULL;
   switch (name) {
   case EGL_VENDOR: egl_success(); return egl_vendor;
   case EGL_VERSION: egl_success(); return egl_version;
   case EGL_CLIENT_APIS: egl_success(); return egl_client_apis;
   case EGL_EXTENSIONS: egl_success(); return egl_display_extensions;
   default:
      egl_error(EGL_BAD_PARAMETER, "eglQueryString", "name 0x%04x", name);
      return NULL;
   }
}
