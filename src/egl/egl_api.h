/* egl_api.h — the hidden implementations of mgl's EGL entry points (mgl_egl<Name>, one per
 * row of egl_funcs.h) and the few other names the EGL layer shares with its exports, the glvnd
 * vendor and the tests. mgl never calls the exported egl* names itself (they may be interposed
 * by glvnd's libEGL, see FACTS.md), so this header hides the EGL prototypes unless a file asked
 * for them first (egl_exports.c does, to check its signatures against the Khronos headers). */
#ifndef MGL_EGL_API_H
#define MGL_EGL_API_H

#ifndef EGL_EGL_PROTOTYPES
#define EGL_EGL_PROTOTYPES 0
#endif
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "egl_funcs.h"

#pragma GCC visibility push(hidden)

#define MGL_EGL_DECLARE(ret, name, params, args) ret EGLAPIENTRY mgl_egl##name params;
MGL_EGL_FUNCS(MGL_EGL_DECLARE)
#undef MGL_EGL_DECLARE

/* An EGL (from egl_funcs.h) or GL (fe_get_proc_address) entry point by name, or NULL. The
 * EGL pointers are the hidden mgl_egl* implementations, never the exported names. */
void *mgl_egl_lookup_proc(const char *name);

#pragma GCC visibility pop

#endif
