/* egl_unsupported.c — EGL entry points mgl answers with an error for now, each with a log
 * line that says so: pixmap surfaces (no native pixmaps yet), client-buffer
 * pbuffers (OpenVG only), eglCopyBuffers, EGL 1.5 sync objects and EGLImages. Sync objects and
 * images are named declines (gl_feature_unimplemented): fence sync comes later. */
#include "decline.h"
#include "egl_internal.h"
#include "log.h"

/* Only the display is checked: pixmap creation fails unconditionally (even with
 * EGL_NO_CONFIG_KHR), as there are no native pixmaps. */
static bool
check_display(EGLDisplay dpy, const char *func)
{
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   egl_unlock();
   return d != NULL;
}

static EGLSurface
no_pixmap(EGLDisplay dpy, EGLConfig config, const char *func)
{
   (void)config;
   if (!check_display(dpy, func))
      return EGL_NO_SURFACE;
   mgu_warn("egl: %s: pixmap surfaces are not supported yet (mgl offers pbuffers and "
            "surfaceless contexts)",
            func);
   egl_error(EGL_BAD_NATIVE_PIXMAP, func, "no native pixmap support");
   return EGL_NO_SURFACE;
}

EGLSurface EGLAPIENTRY
mgl_eglCreatePixmapSurface(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap,
                           const EGLint *attrib_list)
{
   (void)pixmap;
   (void)attrib_list;
   return no_pixmap(dpy, config, "eglCreatePixmapSurface");
}

EGLSurface EGLAPIENTRY
mgl_eglCreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void *native_pixmap,
                                   const EGLAttrib *attrib_list)
{
   (void)native_pixmap;
   (void)attrib_list;
   return no_pixmap(dpy, config, "eglCreatePlatformPixmapSurface");
}

EGLSurface EGLAPIENTRY
mgl_eglCreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config, void *native_pixmap,
                                      const EGLint *attrib_list)
{
   (void)native_pixmap;
   (void)attrib_list;
   return no_pixmap(dpy, config, "eglCreatePlatformPixmapSurfaceEXT");
}

EGLSurface EGLAPIENTRY
mgl_eglCreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype, EGLClientBuffer buffer,
                                     EGLConfig config, const EGLint *attrib_list)
{
   static const char func[] = "eglCreatePbufferFromClientBuffer";
   (void)buffer;
   (void)config;
   (void)attrib_list;
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   egl_unlock();
   if (!d)
      return EGL_NO_SURFACE;
   mgu_info("egl: %s: client buffer type 0x%04x is not supported (OpenVG only)", func, buftype);
   egl_error(EGL_BAD_PARAMETER, func, "buftype 0x%04x", buftype);
   return EGL_NO_SURFACE;
}

EGLBoolean EGLAPIENTRY
mgl_eglCopyBuffers(EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target)
{
   static const char func[] = "eglCopyBuffers";
   (void)target;
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   struct egl_surface *s = d ? egl_lookup_surface(d, surface) : NULL;
   egl_unlock();
   if (!d)
      return EGL_FALSE;
   if (!s)
      return egl_error(EGL_BAD_SURFACE, func, "surface %p", surface);
   mgu_warn("egl: %s: native pixmaps are not supported yet", func);
   return egl_error(EGL_BAD_NATIVE_PIXMAP, func, "no native pixmap support");
}

/* ---- EGL 1.5 sync objects: not implemented yet (fence sync comes later) ------------------- */

EGLSync EGLAPIENTRY
mgl_eglCreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attrib_list)
{
   (void)attrib_list;
   if (!check_display(dpy, "eglCreateSync"))
      return EGL_NO_SYNC;
   MGU_DECLINE(gl_feature_unimplemented, "eglCreateSync (type 0x%04x): EGL sync objects are "
               "not implemented yet", type);
   egl_error(EGL_BAD_PARAMETER, "eglCreateSync", "sync type 0x%04x not supported", type);
   return EGL_NO_SYNC;
}

/* No sync object can exist, so every handle is invalid (EGL_BAD_PARAMETER). */
#define NO_SYNC_OBJECTS(func, fail)                                                         \
   do {                                                                                     \
      if (!check_display(dpy, func))                                                           \
         return fail;                                                                       \
      MGU_DECLINE(gl_feature_unimplemented, "%s: EGL sync objects are not implemented yet", \
                  func);                                                                    \
      egl_error(EGL_BAD_PARAMETER, func, "sync %p", sync);                                  \
      return fail;                                                                          \
   } while (0)

EGLBoolean EGLAPIENTRY
mgl_eglDestroySync(EGLDisplay dpy, EGLSync sync)
{
   NO_SYNC_OBJECTS("eglDestroySync", EGL_FALSE);
}

EGLint EGLAPIENTRY
mgl_eglClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout)
{
   (void)flags;
   (void)timeout;
   NO_SYNC_OBJECTS("eglClientWaitSync", EGL_FALSE);
}

EGLBoolean EGLAPIENTRY
mgl_eglGetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib *value)
{
   (void)attribute;
   (void)value;
   NO_SYNC_OBJECTS("eglGetSyncAttrib", EGL_FALSE);
}

EGLBoolean EGLAPIENTRY
mgl_eglWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags)
{
   (void)flags;
   NO_SYNC_OBJECTS("eglWaitSync", EGL_FALSE);
}

/* ---- EGL 1.5 images: not implemented yet -------------------------------------------------- */

EGLImage EGLAPIENTRY
mgl_eglCreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                   const EGLAttrib *attrib_list)
{
   (void)ctx;
   (void)buffer;
   (void)attrib_list;
   if (!check_display(dpy, "eglCreateImage"))
      return EGL_NO_IMAGE;
   MGU_DECLINE(gl_feature_unimplemented, "eglCreateImage (target 0x%04x): EGLImages are not "
               "implemented yet", target);
   egl_error(EGL_BAD_PARAMETER, "eglCreateImage", "target 0x%04x not supported", target);
   return EGL_NO_IMAGE;
}

EGLBoolean EGLAPIENTRY
mgl_eglDestroyImage(EGLDisplay dpy, EGLImage image)
{
   if (!check_display(dpy, "eglDestroyImage"))
      return EGL_FALSE;
   MGU_DECLINE(gl_feature_unimplemented, "eglDestroyImage: EGLImages are not implemented yet");
   return egl_error(EGL_BAD_PARAMETER, "eglDestroyImage", "image %p", image);
}
