/* egl_unsupported.c — EGL entry points mgl answers with an error for now, each with a log
 * line that says so: client-buffer pbuffers (OpenVG only), EGL 1.5 sync objects and
 * EGLImages. Sync objects and images are named declines (gl_feature_unimplemented): fence sync comes later. */
#include "decline.h"
#include "egl_internal.h"
#include "log.h"

static bool
check_display(EGLDisplay dpy, const char *func)
{
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   egl_unlock();
   return d != NULL;
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

/* ---- EGL 1.5 sync objects: not implemented yet (fence sync comes later) ------------------- */

EGLSync EGLAPIENTRY
mgl_eglCreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attrib_list)
{
   (void)attrib_list;
   if (!check_display(dpy, "eglCreateSync"))
      return EGL_NO_SYNC;
   MGU_DECLINE(gl_feature_unimplemented,
               "eglCreateSync (type 0x%04x): EGL sync objects are "
               "not implemented yet",
               type);
   egl_error(EGL_BAD_PARAMETER, "eglCreateSync", "sync type 0x%04x not supported", type);
   return EGL_NO_SYNC;
}

/* No sync object can exist, so every handle is invalid (EGL_BAD_PARAMETER). */
#define NO_SYNC_OBJECTS(func, fail)                                                                \
   do {                                                                                            \
      if (!check_display(dpy, func))                                                               \
         return fail;                                                                              \
      MGU_DECLINE(gl_feature_unimplemented, "%s: EGL sync objects are not implemented yet", func); \
      egl_error(EGL_BAD_PARAMETER, func, "sync %p", sync);                                         \
      return fail;                                                                                 \
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
   MGU_DECLINE(gl_feature_unimplemented,
               "eglCreateImage (target 0x%04x): EGLImages are not "
               "implemented yet",
               target);
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
