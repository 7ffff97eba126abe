/* glx_display.c — per-Display GLX state (the GLX extension's codes, the screens' configs, the
 * window layer's per-screen display), the vendor's one lock, and X errors as libGLX reports
 * them. A closed Display's state is detached, not freed: contexts and configs handed out on it
 * stay valid pointers (no handle dangles) and a new Display at the same address gets new state. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <X11/Xlibint.h>

#include "glx_internal.h"
#include "log.h"

static pthread_mutex_t glx_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct glx_display *displays;

void
glx_lock(void)
{
   pthread_mutex_lock(&glx_mutex);
}

void
glx_unlock(void)
{
   pthread_mutex_unlock(&glx_mutex);
}

static int
display_closed(Display *dpy, XExtCodes *codes)
{
   (void)codes;
   glx_lock();
   for (struct glx_display **p = &displays; *p; p = &(*p)->next) {
      if ((*p)->dpy == dpy) {
         struct glx_display *gd = *p;
         *p = gd->next;
         gd->next = NULL;
         gd->dpy = NULL;
         break;
      }
   }
   glx_unlock();
   return 0;
}

static const char *glx_error_name(int code);

/* Xlib's error text for GLX's errors (libGLX registers none), so a program's X error message
 * names GLXBadContext and its kin instead of a bare number. */
static char *
error_string(Display *dpy, int code, XExtCodes *codes, char *buffer, int nbytes)
{
   (void)dpy;
   /* No lock: Xlib may ask while this thread holds it inside an X call. The GLX extension's
    * first error sits in our own extension record. */
   int first = codes->first_error;
   if (code >= first && code <= first + GLX_ERR_BAD_PROFILE_ARB && nbytes > 0)
      snprintf(buffer, (size_t)nbytes, "%s", glx_error_name(code - first));
   return buffer;
}

struct glx_display *
glx_display_get(Display *dpy)
{
   for (struct glx_display *gd = displays; gd; gd = gd->next) {
      if (gd->dpy == dpy)
         return gd;
   }
   struct glx_display *gd = calloc(1, sizeof(*gd));
   if (!gd)
      return NULL;
   gd->dpy = dpy;
   gd->screen_count = ScreenCount(dpy);
   gd->screens = calloc((size_t)gd->screen_count, sizeof(*gd->screens));
   gd->screens_built = calloc((size_t)gd->screen_count, sizeof(*gd->screens_built));
   gd->native = calloc((size_t)gd->screen_count, sizeof(*gd->native));
   if (!gd->screens || !gd->screens_built || !gd->native) {
      free(gd->screens);
      free(gd->screens_built);
      free(gd->native);
      free(gd);
      return NULL;
   }
   int event_base;
   gd->has_glx = XQueryExtension(dpy, "GLX", &gd->glx_opcode, &event_base, &gd->glx_first_error);
   XExtCodes *codes = XAddExtension(dpy);
   if (codes) {
      XESetCloseDisplay(dpy, codes->extension, display_closed);
      codes->first_error = gd->glx_first_error;
      if (gd->has_glx)
         XESetErrorString(dpy, codes->extension, error_string);
   }
   gd->next = displays;
   displays = gd;
   return gd;
}

/* glx_config.c builds a screen's list. */
bool glx_config_build_screen(struct glx_display *gd, int screen, struct glx_screen *out);

const struct glx_screen *
glx_display_screen(struct glx_display *gd, int screen)
{
   if (screen < 0 || screen >= gd->screen_count)
      return NULL;
   if (!gd->screens_built[screen]) {
      if (!glx_config_build_screen(gd, screen, &gd->screens[screen]))
         return NULL;
      gd->screens_built[screen] = true;
   }
   return &gd->screens[screen];
}

static const char *
glx_error_name(int code)
{
   static const char *const names[] = {
      "GLXBadContext",       "GLXBadContextState", "GLXBadDrawable",
      "GLXBadPixmap",        "GLXBadContextTag",   "GLXBadCurrentWindow",
      "GLXBadRenderRequest", "GLXBadLargeRequest", "GLXUnsupportedPrivateRequest",
      "GLXBadFBConfig",      "GLXBadPbuffer",      "GLXBadCurrentDrawable",
      "GLXBadWindow",        "GLXBadProfileARB",
   };
   return code >= 0 && code < (int)(sizeof(names) / sizeof(names[0])) ? names[code] : "?";
}

static const char *
core_error_name(int code)
{
   switch (code) {
   case BadValue: return "BadValue";
   case BadMatch: return "BadMatch";
   case BadAlloc: return "BadAlloc";
   case BadAccess: return "BadAccess";
   case BadImplementation: return "BadImplementation";
   case BadPixmap: return "BadPixmap";
   case BadWindow: return "BadWindow";
   default: return "?";
   }
}

void
glx_send_error(Display *dpy, int code, bool glx_error, XID resource, int minor, const char *func,
               const char *why)
{
   mgu_info("glx: %s: %s (%s)", func, glx_error ? glx_error_name(code) : core_error_name(code),
            why);
   if (!dpy)
      return;
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   bool has_glx = gd && gd->has_glx;
   int opcode = has_glx ? gd->glx_opcode : 0;
   int first_error = has_glx ? gd->glx_first_error : 0;
   glx_unlock();
   if (!has_glx)
      return; /* no GLX extension to name the error with; libGLX stays silent the same way */
   xError error;
   memset(&error, 0, sizeof(error));
   LockDisplay(dpy);
   error.type = X_Error;
   error.errorCode = (unsigned char)(glx_error ? first_error + code : code);
   error.sequenceNumber = (CARD16)dpy->request;
   error.resourceID = (CARD32)resource;
   error.minorCode = (CARD16)minor;
   error.majorCode = (CARD8)opcode;
   _XError(dpy, &error);
   UnlockDisplay(dpy);
}
