/* egl_window.c — the window systems built into this library (egl_window.h) and the frame
 * bound every platform honours. */
#include <stdlib.h>

#include "egl_window.h"
#include "log.h"

static const struct egl_platform *const platforms[] = {
#if MGL_EGL_X11
   &egl_platform_x11,
   &egl_platform_xcb,
#endif
#if MGL_EGL_WAYLAND
   &egl_platform_wayland,
#endif
   NULL,
};

const struct egl_platform *
egl_window_platform(EGLenum platform)
{
   for (size_t i = 0; platforms[i]; i++) {
      if (platforms[i]->platform == platform)
         return platforms[i];
   }
   return NULL;
}

int
egl_window_frames_in_flight(void)
{
   static int cached;
   int n = __atomic_load_n(&cached, __ATOMIC_RELAXED);
   if (n)
      return n;
   n = 2;
   const char *env = getenv("MGL_FRAMES_IN_FLIGHT");
   if (env && *env) {
      char *end;
      long v = strtol(env, &end, 10);
      if (*end || v < 1 || v > 8)
         mgl_warn("egl: MGL_FRAMES_IN_FLIGHT=%s is not 1..8; using 2", env);
      else
         n = (int)v;
   }
   __atomic_store_n(&cached, n, __ATOMIC_RELAXED);
   return n;
}
