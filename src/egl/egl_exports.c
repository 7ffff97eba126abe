/* egl_exports.c — the exported egl* entry points for direct linking (platforms without
 * glvnd): thin wrappers over the hidden mgl_egl* implementations. mgl itself never calls these
 * names. Built as its own OBJECT library (mgl_egl_exports) so the lead chooses which library
 * carries them; a glvnd vendor library must not. */
#define EGL_EGL_PROTOTYPES 1
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "egl_api.h"

#define MGL_EGL_EXPORT(ret, name, params, args)                                                    \
   __attribute__((visibility("default"))) ret EGLAPIENTRY egl##name params                         \
   {                                                                                               \
      return mgl_egl##name args;                                                                   \
   }
MGL_EGL_FUNCS(MGL_EGL_EXPORT)
#undef MGL_EGL_EXPORT
