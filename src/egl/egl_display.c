/* egl_display.c — mgl's displays, eglInitialize/eglTerminate and eglQueryString.
 * Two fixed displays have no window system: the default offscreen display (platform EGL_NONE)
 * and EGL_PLATFORM_SURFACELESS_MESA; pbuffers and surfaceless contexts only. Window systems
 * (egl_window.h: X11, XCB, ...) get one display per (platform, native display, platform key),
 * created at eglGetPlatformDisplay and kept until exit, so the same arguments give the same
 * EGLDisplay, as EGL requires.
 *
 * Which platform EGL_DEFAULT_DISPLAY means (eglGetDisplay, and glvnd's getPlatformDisplay with
 * EGL_NONE): $EGL_PLATFORM when set (x11, xcb, wayland, surfaceless; device means the default
 * offscreen display), else X11 when $DISPLAY is set, else Wayland when $WAYLAND_DISPLAY is set
 * (X11 first, as Mesa's default build orders them), else the default offscreen display. */
#include <stdlib.h>
#include <string.h>

#include "egl_internal.h"
#include "egl_window.h"
#include "log.h"

static struct egl_display displays[] = {
   {.platform = EGL_NONE},
   {.platform = EGL_PLATFORM_SURFACELESS_MESA},
};
#define DISPLAY_COUNT (sizeof(displays) / sizeof(displays[0]))

static const char egl_vendor[] = "mgl";
static const char egl_version[] = "1.5 mgl";
static const char egl_client_apis[] = "OpenGL OpenGL_ES";
static const char egl_display_extensions[] = "EGL_EXT_create_context_robustness "
                                             "EGL_KHR_context_flush_control "
                                             "EGL_KHR_create_context "
                                             "EGL_KHR_create_context_no_error "
                                             "EGL_KHR_get_all_proc_addresses "
                                             "EGL_KHR_no_config_context "
                                             "EGL_KHR_surfaceless_context";
/* A display with a window system adds what window surfaces offer. */
static const char egl_window_display_extensions[] = "EGL_EXT_buffer_age "
                                                    "EGL_EXT_create_context_robustness "
                                                    "EGL_EXT_swap_buffers_with_damage "
                                                    "EGL_KHR_context_flush_control "
                                                    "EGL_KHR_create_context "
                                                    "EGL_KHR_create_context_no_error "
                                                    "EGL_KHR_get_all_proc_addresses "
                                                    "EGL_KHR_no_config_context "
                                                    "EGL_KHR_surfaceless_context "
                                                    "EGL_KHR_swap_buffers_with_damage";
static const char egl_client_extensions[] = "EGL_EXT_client_extensions "
                                            "EGL_EXT_platform_base "
                                            "EGL_KHR_client_get_all_proc_addresses "
#if MGL_EGL_X11
                                            "EGL_EXT_platform_x11 "
                                            "EGL_EXT_platform_xcb "
                                            "EGL_KHR_platform_x11 "
#endif
#if MGL_EGL_WAYLAND
                                            "EGL_EXT_platform_wayland "
                                            "EGL_KHR_platform_wayland "
#endif
                                            "EGL_MESA_platform_surfaceless";
/* What glvnd's getVendorString(__EGL_VENDOR_STRING_PLATFORM_EXTENSIONS) answers. */
const char egl_platform_extensions[] =
#if MGL_EGL_X11
   "EGL_EXT_platform_x11 "
   "EGL_EXT_platform_xcb "
   "EGL_KHR_platform_x11 "
#endif
#if MGL_EGL_WAYLAND
   "EGL_EXT_platform_wayland "
   "EGL_KHR_platform_wayland "
#endif
   "EGL_MESA_platform_surfaceless";

/* Window-system displays: appended under the EGL lock, never removed; readers walk it without
 * the lock (the head is published with release order). */
static struct egl_display *window_displays;

struct egl_display *
egl_lookup_display(EGLDisplay dpy)
{
   for (size_t i = 0; i < DISPLAY_COUNT; i++) {
      if (dpy == (EGLDisplay)&displays[i])
         return &displays[i];
   }
   for (struct egl_display *d = __atomic_load_n(&window_displays, __ATOMIC_ACQUIRE); d;
        d = d->next) {
      if (dpy == (EGLDisplay)d)
         return d;
   }
   return NULL;
}

/* The display of (platform, native display, key), created on first use. */
static EGLDisplay
window_display(const struct egl_platform *p, void *native_display, intptr_t key, const char *func)
{
   egl_lock();
   struct egl_display *d;
   for (d = window_displays; d; d = d->next) {
      if (d->window == p && d->native_display == native_display && d->key == key)
         break;
   }
   if (!d) {
      d = calloc(1, sizeof(*d));
      if (d) {
         d->platform = p->platform;
         d->window = p;
         d->native_display = native_display;
         d->key = key;
         d->next = window_displays;
         __atomic_store_n(&window_displays, d, __ATOMIC_RELEASE);
      }
   }
   egl_unlock();
   if (!d) {
      egl_error(EGL_BAD_ALLOC, func, "out of memory");
      return EGL_NO_DISPLAY;
   }
   egl_success();
   return (EGLDisplay)d;
}

/* EGL_DEFAULT_DISPLAY's platform (see the top of this file); EGL_NONE: the offscreen display. */
static EGLenum
default_platform(void)
{
   static const struct {
      const char *name;
      EGLenum platform;
   } names[] = {
      {"x11", EGL_PLATFORM_X11_KHR},
      {"xcb", EGL_PLATFORM_XCB_EXT},
      {"wayland", EGL_PLATFORM_WAYLAND_KHR},
      {"surfaceless", EGL_PLATFORM_SURFACELESS_MESA},
      {"device", EGL_NONE},
   };
   const char *env = getenv("EGL_PLATFORM");
   if (env && *env) {
      for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
         if (!strcmp(env, names[i].name)) {
            if (names[i].platform == EGL_NONE ||
                names[i].platform == EGL_PLATFORM_SURFACELESS_MESA ||
                egl_window_platform(names[i].platform))
               return names[i].platform;
            break;
         }
      }
      mgu_warn("egl: EGL_PLATFORM=%s is not a platform this mgl offers; using the default "
               "display",
               env);
      return EGL_NONE;
   }
   const char *x = getenv("DISPLAY");
   if (x && *x && egl_window_platform(EGL_PLATFORM_X11_KHR))
      return EGL_PLATFORM_X11_KHR;
   const char *wl = getenv("WAYLAND_DISPLAY");
   if (wl && *wl && egl_window_platform(EGL_PLATFORM_WAYLAND_KHR))
      return EGL_PLATFORM_WAYLAND_KHR;
   return EGL_NONE;
}

/* eglGetDisplay(native) with no platform named: the first platform that recognises it. */
static EGLenum
guess_platform(void *native_display)
{
   static const EGLenum order[] = {EGL_PLATFORM_X11_KHR, EGL_PLATFORM_WAYLAND_KHR};
   for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
      const struct egl_platform *p = egl_window_platform(order[i]);
      if (p && p->is_native_display && p->is_native_display(native_display))
         return order[i];
   }
   return EGL_NONE;
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
   if (platform == EGL_NONE) {
      /* eglGetDisplay; glvnd's eglGetDisplay(EGL_DEFAULT_DISPLAY) when EGL_PLATFORM names no
       * platform glvnd knows (surfaceless). */
      if (native_display == (void *)EGL_DEFAULT_DISPLAY) {
         platform = default_platform();
         if (platform == EGL_NONE) {
            egl_success();
            return (EGLDisplay)&displays[0];
         }
      } else {
         platform = guess_platform(native_display);
         if (platform == EGL_NONE) {
            mgu_info("egl: %s: %p is no native display mgl recognises", func, native_display);
            egl_error(EGL_BAD_PARAMETER, func, "unknown native display %p", native_display);
            return EGL_NO_DISPLAY;
         }
      }
      attrib_list = NULL;
   }
   (void)from_glvnd;
   if (platform != EGL_PLATFORM_SURFACELESS_MESA) {
      const struct egl_platform *p = egl_window_platform(platform);
      if (!p) {
         mgu_info("egl: %s: platform 0x%04x is not supported (mgl offers "
                  "EGL_PLATFORM_SURFACELESS_MESA, the default display%s)",
                  func, platform, egl_window_platform(EGL_PLATFORM_X11_KHR) ? ", X11, XCB" : "");
         egl_error(EGL_BAD_PARAMETER, func, "platform 0x%04x", platform);
         return EGL_NO_DISPLAY;
      }
      intptr_t key = 0;
      if (p->check_attribs) {
         EGLint err = p->check_attribs(attrib_list, &key);
         if (err != EGL_SUCCESS) {
            egl_error(err, func, "%s display attributes", p->name);
            return EGL_NO_DISPLAY;
         }
      } else if (attrib_list && attrib_list[0] != EGL_NONE) {
         egl_error(EGL_BAD_ATTRIBUTE, func, "display attribute 0x%04lx",
                   (unsigned long)attrib_list[0]);
         return EGL_NO_DISPLAY;
      }
      return window_display(p, native_display, key, func);
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
   return egl_get_platform_display(EGL_NONE, (void *)display_id, NULL, false, "eglGetDisplay");
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

/* Opens the native display once (it stays open until exit: a surface current on some thread
 * may outlive eglTerminate) and learns which configs have a visual there. */
static EGLint
window_display_open(struct egl_display *d)
{
   egl_lock();
   bool open = d->nd != NULL;
   egl_unlock();
   if (open)
      return EGL_SUCCESS;
   struct egl_native_display *nd = NULL;
   EGLint err = d->window->display_open(d->native_display, d->key, &nd);
   if (err != EGL_SUCCESS)
      return err;
   bool window[MGL_EGL_CONFIG_COUNT];
   EGLint id[MGL_EGL_CONFIG_COUNT], type[MGL_EGL_CONFIG_COUNT];
   for (int i = 0; i < MGL_EGL_CONFIG_COUNT; i++) {
      id[i] = 0;
      type[i] = EGL_NONE;
      window[i] = d->window->config_visual(nd, egl_config_at(i), &id[i], &type[i]);
   }
   egl_lock();
   if (d->nd) { /* another thread opened it meanwhile */
      egl_unlock();
      if (d->window->display_close)
         d->window->display_close(nd);
      return EGL_SUCCESS;
   }
   for (int i = 0; i < MGL_EGL_CONFIG_COUNT; i++) {
      d->config_window[i] = window[i];
      d->visual_id[i] = id[i];
      d->visual_type[i] = type[i];
   }
   d->nd = nd;
   egl_unlock();
   return EGL_SUCCESS;
}

EGLBoolean EGLAPIENTRY
mgl_eglInitialize(EGLDisplay dpy, EGLint *major, EGLint *minor)
{
   struct egl_display *d = egl_lookup_display(dpy);
   if (!d)
      return egl_error(EGL_BAD_DISPLAY, "eglInitialize", "%p is not an mgl display", dpy);
   if (d->window) {
      EGLint err = window_display_open(d);
      if (err != EGL_SUCCESS)
         return egl_error(err, "eglInitialize", "cannot open the %s display", d->window->name);
   }
   egl_lock();
   if (!d->initialized) {
      d->initialized = true;
      mgu_info("egl: display %p (%s) initialized, EGL %d.%d", dpy,
               d->window                 ? d->window->name
               : d->platform == EGL_NONE ? "default"
                                         : "surfaceless",
               MGL_EGL_VERSION_MAJOR, MGL_EGL_VERSION_MINOR);
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
   case EGL_EXTENSIONS:
      egl_success();
      return d->window ? egl_window_display_extensions : egl_display_extensions;
   default: egl_error(EGL_BAD_PARAMETER, "eglQueryString", "name 0x%04x", name); return NULL;
   }
}
