/* egl_proc.c — eglGetProcAddress: EGL names from egl_funcs.h (the hidden mgl_egl*
 * implementations), GL names from the front end's fe_get_proc_address(). Core functions are
 * returned too (EGL_KHR_get_all_proc_addresses). */
#include <string.h>

#include "egl_internal.h"
#include "log.h"

struct egl_proc {
   const char *name;
   void *func;
};

static const struct egl_proc egl_procs[] = {
#define MGL_EGL_PROC(ret, name, params, args) {"egl" #name, (void *)mgl_egl##name},
   MGL_EGL_FUNCS(MGL_EGL_PROC)
#undef MGL_EGL_PROC
};

void *
mgl_egl_lookup_proc(const char *name)
{
   if (!name)
      return NULL;
   if (!strncmp(name, "egl", 3)) {
      for (size_t i = 0; i < sizeof(egl_procs) / sizeof(egl_procs[0]); i++) {
         if (!strcmp(name, egl_procs[i].name))
            return egl_procs[i].func;
      }
      return NULL;
   }
   if (name[0] == 'g' && name[1] == 'l')
      return fe_get_proc_address(name);
   return NULL;
}

__eglMustCastToProperFunctionPointerType EGLAPIENTRY
mgl_eglGetProcAddress(const char *procname)
{
   void *p = mgl_egl_lookup_proc(procname);
   if (!p)
      mgu_debug("egl: eglGetProcAddress: %s is not an mgl entry point",
                procname ? procname : "(null)");
   egl_success();
   return (__eglMustCastToProperFunctionPointerType)p;
}
