/* egl_funcs.h — every EGL entry point mgl implements, as one X-macro list:
 *   X(ReturnType, Name, (parameters), (arguments))
 * for the function egl<Name>. From it come the hidden implementations' prototypes
 * (mgl_egl<Name>, egl_api.h), the exported direct-link wrappers (egl_exports.c) and the name
 * table behind eglGetProcAddress and the glvnd getProcAddress hook (egl_proc.c). */
#ifndef MGL_EGL_FUNCS_H
#define MGL_EGL_FUNCS_H

#define MGL_EGL_FUNCS(X)                                                                           \
   /* EGL 1.0 */                                                                                   \
   X(EGLBoolean, ChooseConfig,                                                                     \
     (EGLDisplay dpy, const EGLint *attrib_list, EGLConfig *configs, EGLint config_size,           \
      EGLint *num_config),                                                                         \
     (dpy, attrib_list, configs, config_size, num_config))                                         \
   X(EGLBoolean, CopyBuffers, (EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target),    \
     (dpy, surface, target))                                                                       \
   X(EGLContext, CreateContext,                                                                    \
     (EGLDisplay dpy, EGLConfig config, EGLContext share_context, const EGLint *attrib_list),      \
     (dpy, config, share_context, attrib_list))                                                    \
   X(EGLSurface, CreatePbufferSurface,                                                             \
     (EGLDisplay dpy, EGLConfig config, const EGLint *attrib_list), (dpy, config, attrib_list))    \
   X(EGLSurface, CreatePixmapSurface,                                                              \
     (EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap, const EGLint *attrib_list),    \
     (dpy, config, pixmap, attrib_list))                                                           \
   X(EGLSurface, CreateWindowSurface,                                                              \
     (EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win, const EGLint *attrib_list),       \
     (dpy, config, win, attrib_list))                                                              \
   X(EGLBoolean, DestroyContext, (EGLDisplay dpy, EGLContext ctx), (dpy, ctx))                     \
   X(EGLBoolean, DestroySurface, (EGLDisplay dpy, EGLSurface surface), (dpy, surface))             \
   X(EGLBoolean, GetConfigAttrib,                                                                  \
     (EGLDisplay dpy, EGLConfig config, EGLint attribute, EGLint * value),                         \
     (dpy, config, attribute, value))                                                              \
   X(EGLBoolean, GetConfigs,                                                                       \
     (EGLDisplay dpy, EGLConfig * configs, EGLint config_size, EGLint * num_config),               \
     (dpy, configs, config_size, num_config))                                                      \
   X(EGLDisplay, GetCurrentDisplay, (void), ())                                                    \
   X(EGLSurface, GetCurrentSurface, (EGLint readdraw), (readdraw))                                 \
   X(EGLDisplay, GetDisplay, (EGLNativeDisplayType display_id), (display_id))                      \
   X(EGLint, GetError, (void), ())                                                                 \
   X(__eglMustCastToProperFunctionPointerType, GetProcAddress, (const char *procname), (procname)) \
   X(EGLBoolean, Initialize, (EGLDisplay dpy, EGLint * major, EGLint * minor),                     \
     (dpy, major, minor))                                                                          \
   X(EGLBoolean, MakeCurrent, (EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx),  \
     (dpy, draw, read, ctx))                                                                       \
   X(EGLBoolean, QueryContext, (EGLDisplay dpy, EGLContext ctx, EGLint attribute, EGLint * value), \
     (dpy, ctx, attribute, value))                                                                 \
   X(const char *, QueryString, (EGLDisplay dpy, EGLint name), (dpy, name))                        \
   X(EGLBoolean, QuerySurface,                                                                     \
     (EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint * value),                       \
     (dpy, surface, attribute, value))                                                             \
   X(EGLBoolean, SwapBuffers, (EGLDisplay dpy, EGLSurface surface), (dpy, surface))                \
   X(EGLBoolean, Terminate, (EGLDisplay dpy), (dpy))                                               \
   X(EGLBoolean, WaitGL, (void), ())                                                               \
   X(EGLBoolean, WaitNative, (EGLint engine), (engine))                                            \
   /* EGL 1.1 */                                                                                   \
   X(EGLBoolean, BindTexImage, (EGLDisplay dpy, EGLSurface surface, EGLint buffer),                \
     (dpy, surface, buffer))                                                                       \
   X(EGLBoolean, ReleaseTexImage, (EGLDisplay dpy, EGLSurface surface, EGLint buffer),             \
     (dpy, surface, buffer))                                                                       \
   X(EGLBoolean, SurfaceAttrib,                                                                    \
     (EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint value),                         \
     (dpy, surface, attribute, value))                                                             \
   X(EGLBoolean, SwapInterval, (EGLDisplay dpy, EGLint interval), (dpy, interval))                 \
   /* EGL 1.2 */                                                                                   \
   X(EGLBoolean, BindAPI, (EGLenum api), (api))                                                    \
   X(EGLenum, QueryAPI, (void), ())                                                                \
   X(EGLSurface, CreatePbufferFromClientBuffer,                                                    \
     (EGLDisplay dpy, EGLenum buftype, EGLClientBuffer buffer, EGLConfig config,                   \
      const EGLint *attrib_list),                                                                  \
     (dpy, buftype, buffer, config, attrib_list))                                                  \
   X(EGLBoolean, ReleaseThread, (void), ())                                                        \
   X(EGLBoolean, WaitClient, (void), ())                                                           \
   /* EGL 1.4 */                                                                                   \
   X(EGLContext, GetCurrentContext, (void), ())                                                    \
   /* EGL 1.5 */                                                                                   \
   X(EGLSync, CreateSync, (EGLDisplay dpy, EGLenum type, const EGLAttrib *attrib_list),            \
     (dpy, type, attrib_list))                                                                     \
   X(EGLBoolean, DestroySync, (EGLDisplay dpy, EGLSync sync), (dpy, sync))                         \
   X(EGLint, ClientWaitSync, (EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout),        \
     (dpy, sync, flags, timeout))                                                                  \
   X(EGLBoolean, GetSyncAttrib,                                                                    \
     (EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib * value),                          \
     (dpy, sync, attribute, value))                                                                \
   X(EGLImage, CreateImage,                                                                        \
     (EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,                      \
      const EGLAttrib *attrib_list),                                                               \
     (dpy, ctx, target, buffer, attrib_list))                                                      \
   X(EGLBoolean, DestroyImage, (EGLDisplay dpy, EGLImage image), (dpy, image))                     \
   X(EGLDisplay, GetPlatformDisplay,                                                               \
     (EGLenum platform, void *native_display, const EGLAttrib *attrib_list),                       \
     (platform, native_display, attrib_list))                                                      \
   X(EGLSurface, CreatePlatformWindowSurface,                                                      \
     (EGLDisplay dpy, EGLConfig config, void *native_window, const EGLAttrib *attrib_list),        \
     (dpy, config, native_window, attrib_list))                                                    \
   X(EGLSurface, CreatePlatformPixmapSurface,                                                      \
     (EGLDisplay dpy, EGLConfig config, void *native_pixmap, const EGLAttrib *attrib_list),        \
     (dpy, config, native_pixmap, attrib_list))                                                    \
   X(EGLBoolean, WaitSync, (EGLDisplay dpy, EGLSync sync, EGLint flags), (dpy, sync, flags))       \
   /* EGL_EXT_platform_base */                                                                     \
   X(EGLDisplay, GetPlatformDisplayEXT,                                                            \
     (EGLenum platform, void *native_display, const EGLint *attrib_list),                          \
     (platform, native_display, attrib_list))                                                      \
   X(EGLSurface, CreatePlatformWindowSurfaceEXT,                                                   \
     (EGLDisplay dpy, EGLConfig config, void *native_window, const EGLint *attrib_list),           \
     (dpy, config, native_window, attrib_list))                                                    \
   X(EGLSurface, CreatePlatformPixmapSurfaceEXT,                                                   \
     (EGLDisplay dpy, EGLConfig config, void *native_pixmap, const EGLint *attrib_list),           \
     (dpy, config, native_pixmap, attrib_list))                                                    \
   /* EGL_KHR_swap_buffers_with_damage, EGL_EXT_swap_buffers_with_damage */                        \
   X(EGLBoolean, SwapBuffersWithDamageKHR,                                                         \
     (EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n_rects),                    \
     (dpy, surface, rects, n_rects))                                                               \
   X(EGLBoolean, SwapBuffersWithDamageEXT,                                                         \
     (EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n_rects),                    \
     (dpy, surface, rects, n_rects))

#endif
