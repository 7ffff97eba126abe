/* glx_vendor.c — mgl as a libglvnd GLX vendor: __glx_Main fills libGLX's import table.
 * libGLX takes every GLX 1.4 function and glXCreateContextAttribsARB through getProcAddress
 * (its static dispatch), every GL function the same way (the GLdispatch table, shared with
 * EGL), and GLX extension functions it does not know through getDispatchAddress: for those mgl
 * hands out dispatch stubs that find the vendor of the display, drawable or current context
 * and call its entry by the index libGLX assigned (so they stay right when another vendor
 * drives another screen). Only hidden implementations are handed out, never exported names.
 * This file holds the one GLX symbol libmgl.so exports. */
#include <string.h>

#include <glvnd/libglxabi.h>

#include "glx_internal.h"
#include "log.h"

const char glx_extensions[] = "GLX_ARB_context_flush_control "
                              "GLX_ARB_create_context GLX_ARB_create_context_no_error "
                              "GLX_ARB_create_context_profile GLX_ARB_create_context_robustness "
                              "GLX_ARB_get_proc_address GLX_EXT_create_context_es2_profile "
                              "GLX_EXT_create_context_es_profile GLX_EXT_swap_control "
                              "GLX_EXT_visual_info GLX_MESA_swap_control GLX_SGI_swap_control";

static const __GLXapiExports *glx_exports;

static const char *
glx_string(int name)
{
   switch (name) {
   case GLX_VENDOR: return "mgl";
   case GLX_VERSION: return "1.4";
   case GLX_EXTENSIONS: return glx_extensions;
   default: return NULL;
   }
}

static const char *
mgl_glXQueryServerString(Display *dpy, int screen, int name)
{
   (void)dpy;
   (void)screen;
   return glx_string(name);
}

static const char *
mgl_glXGetClientString(Display *dpy, int name)
{
   (void)dpy;
   return glx_string(name);
}

static const char *
mgl_glXQueryExtensionsString(Display *dpy, int screen)
{
   (void)dpy;
   (void)screen;
   return glx_extensions;
}

/* ---- dispatch stubs for the extension functions --------------------------------------------- */

enum glx_ext_func {
   EXT_SWAP_INTERVAL_EXT,
   EXT_SWAP_INTERVAL_MESA,
   EXT_GET_SWAP_INTERVAL_MESA,
   EXT_SWAP_INTERVAL_SGI,
   EXT_COUNT,
};

static const char *const ext_names[EXT_COUNT] = {
   "glXSwapIntervalEXT",
   "glXSwapIntervalMESA",
   "glXGetSwapIntervalMESA",
   "glXSwapIntervalSGI",
};

static int ext_index[EXT_COUNT] = {-1, -1, -1, -1};

static __GLXextFuncPtr
fetch(__GLXvendorInfo *vendor, enum glx_ext_func f)
{
   int index = __atomic_load_n(&ext_index[f], __ATOMIC_ACQUIRE);
   if (!vendor || index < 0)
      return NULL;
   return glx_exports->fetchDispatchEntry(vendor, index);
}

static void
dispatch_glXSwapIntervalEXT(Display *dpy, GLXDrawable drawable, int interval)
{
   __GLXextFuncPtr f = fetch(glx_exports->vendorFromDrawable(dpy, drawable), EXT_SWAP_INTERVAL_EXT);
   if (!f) {
      glx_send_error(dpy, GLX_ERR_BAD_DRAWABLE, true, drawable, GLX_OP_VENDOR_PRIVATE,
                     "glXSwapIntervalEXT", "no vendor for the drawable implements it");
      return;
   }
   ((void (*)(Display *, GLXDrawable, int))f)(dpy, drawable, interval);
}

static int
dispatch_glXSwapIntervalMESA(unsigned int interval)
{
   __GLXextFuncPtr f = fetch(glx_exports->getCurrentDynDispatch(), EXT_SWAP_INTERVAL_MESA);
   return f ? ((int (*)(unsigned int))f)(interval) : GLX_BAD_CONTEXT;
}

static int
dispatch_glXGetSwapIntervalMESA(void)
{
   __GLXextFuncPtr f = fetch(glx_exports->getCurrentDynDispatch(), EXT_GET_SWAP_INTERVAL_MESA);
   return f ? ((int (*)(void))f)() : 0;
}

static int
dispatch_glXSwapIntervalSGI(int interval)
{
   __GLXextFuncPtr f = fetch(glx_exports->getCurrentDynDispatch(), EXT_SWAP_INTERVAL_SGI);
   return f ? ((int (*)(int))f)(interval) : GLX_BAD_CONTEXT;
}

static void *const ext_dispatch[EXT_COUNT] = {
   (void *)dispatch_glXSwapIntervalEXT,
   (void *)dispatch_glXSwapIntervalMESA,
   (void *)dispatch_glXGetSwapIntervalMESA,
   (void *)dispatch_glXSwapIntervalSGI,
};

/* ---- the vendor's entry points ---------------------------------------------------------------- */

struct glx_proc {
   const char *name;
   void *func;
};

#define P(name)                                                                                    \
   {                                                                                               \
#name, (void *)mgl_##name                                                                    \
   }
static const struct glx_proc glx_procs[] = {
   P(glXChooseVisual),
   P(glXCopyContext),
   P(glXCreateContext),
   P(glXCreateGLXPixmap),
   P(glXDestroyContext),
   P(glXDestroyGLXPixmap),
   P(glXGetConfig),
   P(glXIsDirect),
   P(glXMakeCurrent),
   P(glXSwapBuffers),
   P(glXUseXFont),
   P(glXWaitGL),
   P(glXWaitX),
   P(glXQueryServerString),
   P(glXGetClientString),
   P(glXQueryExtensionsString),
   P(glXChooseFBConfig),
   P(glXCreateNewContext),
   P(glXCreatePbuffer),
   P(glXCreatePixmap),
   P(glXCreateWindow),
   P(glXDestroyPbuffer),
   P(glXDestroyPixmap),
   P(glXDestroyWindow),
   P(glXGetFBConfigAttrib),
   P(glXGetFBConfigs),
   P(glXGetSelectedEvent),
   P(glXGetVisualFromFBConfig),
   P(glXMakeContextCurrent),
   P(glXQueryContext),
   P(glXQueryDrawable),
   P(glXSelectEvent),
   P(glXCreateContextAttribsARB),
   P(glXSwapIntervalEXT),
   P(glXSwapIntervalMESA),
   P(glXGetSwapIntervalMESA),
   P(glXSwapIntervalSGI),
};
#undef P

static void *
vendor_get_proc_address(const GLubyte *proc_name)
{
   const char *name = (const char *)proc_name;
   if (!name)
      return NULL;
   if (!strncmp(name, "glX", 3)) {
      for (size_t i = 0; i < sizeof(glx_procs) / sizeof(glx_procs[0]); i++) {
         if (!strcmp(name, glx_procs[i].name))
            return glx_procs[i].func;
      }
      return NULL;
   }
   if (name[0] == 'g' && name[1] == 'l')
      return fe_get_proc_address(name);
   return NULL;
}

static void *
vendor_get_dispatch_address(const GLubyte *proc_name)
{
   for (int i = 0; i < EXT_COUNT; i++) {
      if (!strcmp((const char *)proc_name, ext_names[i]))
         return ext_dispatch[i];
   }
   return NULL;
}

static void
vendor_set_dispatch_index(const GLubyte *proc_name, int index)
{
   for (int i = 0; i < EXT_COUNT; i++) {
      if (!strcmp((const char *)proc_name, ext_names[i]))
         __atomic_store_n(&ext_index[i], index, __ATOMIC_RELEASE);
   }
}

static Bool
vendor_is_screen_supported(Display *dpy, int screen)
{
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   const struct glx_screen *scr = gd ? glx_display_screen(gd, screen) : NULL;
   bool ok = scr && scr->count > 0;
   glx_unlock();
   if (!ok)
      mgu_info("glx: screen %d has no TrueColor/DirectColor visual of depth 24 or 32 mgl can "
               "present to",
               screen);
   return ok ? True : False;
}

__attribute__((visibility("default"))) Bool
__glx_Main(uint32_t version, const __GLXapiExports *exports, __GLXvendorInfo *vendor,
           __GLXapiImports *imports)
{
   (void)vendor;
   if (GLX_VENDOR_ABI_GET_MAJOR_VERSION(version) != GLX_VENDOR_ABI_MAJOR_VERSION) {
      mgu_error("glx: libglvnd GLX vendor ABI %u.%u is not supported (mgl speaks %u.x)",
                GLX_VENDOR_ABI_GET_MAJOR_VERSION(version),
                GLX_VENDOR_ABI_GET_MINOR_VERSION(version), GLX_VENDOR_ABI_MAJOR_VERSION);
      return False;
   }
   glx_exports = exports;
   memset(imports, 0, sizeof(*imports));
   imports->isScreenSupported = vendor_is_screen_supported;
   imports->getProcAddress = vendor_get_proc_address;
   imports->getDispatchAddress = vendor_get_dispatch_address;
   imports->setDispatchIndex = vendor_set_dispatch_index;
   mgu_info("glx: loaded as a libglvnd GLX vendor (ABI %u.%u)",
            GLX_VENDOR_ABI_GET_MAJOR_VERSION(version), GLX_VENDOR_ABI_GET_MINOR_VERSION(version));
   return True;
}
