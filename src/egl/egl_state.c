/* egl_state.c — the EGL lock, per-thread state (error, bound API, current objects), and the
 * entry points that only touch that state: eglGetError, eglBindAPI/eglQueryAPI,
 * eglGetCurrent*, eglReleaseThread and the eglWait* family. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

#include <glvnd/libeglabi.h>

#include "egl_internal.h"
#include "log.h"

static pthread_mutex_t egl_mutex = PTHREAD_MUTEX_INITIALIZER;

static _Thread_local struct egl_thread thread_state = {
   .error = EGL_SUCCESS,
   .api = EGL_OPENGL_ES_API,
};

void
egl_lock(void)
{
   pthread_mutex_lock(&egl_mutex);
}

void
egl_unlock(void)
{
   struct egl_object *dead = egl_object_take_dead();
   pthread_mutex_unlock(&egl_mutex);
   egl_object_bury(dead);
}

struct egl_thread *
egl_thread(void)
{
   return &thread_state;
}

const char *
egl_error_name(EGLint error)
{
   switch (error) {
   case EGL_SUCCESS: return "EGL_SUCCESS";
   case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
   case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
   case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
   case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
   case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
   case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
   case EGL_BAD_CURRENT_SURFACE: return "EGL_BAD_CURRENT_SURFACE";
   case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
   case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
   case EGL_BAD_NATIVE_PIXMAP: return "EGL_BAD_NATIVE_PIXMAP";
   case EGL_BAD_NATIVE_WINDOW: return "EGL_BAD_NATIVE_WINDOW";
   case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
   case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
   case EGL_CONTEXT_LOST: return "EGL_CONTEXT_LOST";
   default: return "EGL_(unknown error)";
   }
}

EGLBoolean
egl_error(EGLint error, const char *func, const char *fmt, ...)
{
   thread_state.error = error;
   if (mgu_log_level() >= MGU_LOG_DEBUG) {
      char detail[256];
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(detail, sizeof(detail), fmt, ap);
      va_end(ap);
      mgu_debug("egl: %s: %s: %s", func, egl_error_name(error), detail);
   }
   return EGL_FALSE;
}

EGLBoolean
egl_success(void)
{
   thread_state.error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLint
egl_fe_error(enum fe_status status)
{
   switch (status) {
   case FE_OK: return EGL_SUCCESS;
   case FE_BAD_MATCH: return EGL_BAD_MATCH;
   case FE_BAD_ALLOC: return EGL_BAD_ALLOC;
   case FE_BAD_ACCESS: return EGL_BAD_ACCESS;
   case FE_CONTEXT_LOST: return EGL_CONTEXT_LOST;
   case FE_NOT_INITIALIZED: return EGL_NOT_INITIALIZED;
   }
   return EGL_BAD_ALLOC;
}

EGLenum
egl_current_api(void)
{
   /* Under glvnd, libEGL owns eglBindAPI's state (it also forwards the call to us). */
   if (egl_glvnd_exports && egl_glvnd_exports->getCurrentApi)
      return egl_glvnd_exports->getCurrentApi();
   return thread_state.api;
}

EGLint EGLAPIENTRY
mgl_eglGetError(void)
{
   EGLint e = thread_state.error;
   thread_state.error = EGL_SUCCESS;
   return e;
}

EGLBoolean EGLAPIENTRY
mgl_eglBindAPI(EGLenum api)
{
   if (api != EGL_OPENGL_API && api != EGL_OPENGL_ES_API)
      return egl_error(EGL_BAD_PARAMETER, "eglBindAPI", "API 0x%04x is not supported", api);
   thread_state.api = api;
   return egl_success();
}

EGLenum EGLAPIENTRY
mgl_eglQueryAPI(void)
{
   egl_success();
   return egl_current_api();
}

EGLContext EGLAPIENTRY
mgl_eglGetCurrentContext(void)
{
   egl_success();
   return (EGLContext)thread_state.ctx;
}

EGLSurface EGLAPIENTRY
mgl_eglGetCurrentSurface(EGLint readdraw)
{
   if (readdraw == EGL_DRAW) {
      egl_success();
      return (EGLSurface)thread_state.draw;
   }
   if (readdraw == EGL_READ) {
      egl_success();
      return (EGLSurface)thread_state.read;
   }
   egl_error(EGL_BAD_PARAMETER, "eglGetCurrentSurface", "readdraw 0x%04x", readdraw);
   return EGL_NO_SURFACE;
}

EGLDisplay EGLAPIENTRY
mgl_eglGetCurrentDisplay(void)
{
   egl_success();
   return thread_state.ctx ? (EGLDisplay)thread_state.ctx->base.dpy : EGL_NO_DISPLAY;
}

EGLBoolean
egl_release_current(const char *func)
{
   struct egl_thread *t = &thread_state;
   struct egl_context *ctx = t->ctx;
   if (!ctx)
      return EGL_TRUE;
   enum fe_status st = fe_make_current(NULL, NULL, NULL);
   if (st != FE_OK)
      return egl_error(egl_fe_error(st), func, "the front end could not release the context");
   struct egl_surface *draw = t->draw, *read = t->read;
   t->ctx = NULL;
   t->draw = t->read = NULL;
   ctx->current = false;
   ctx->draw = NULL;
   if (draw)
      draw->bound_ctx = NULL;
   if (read)
      read->bound_ctx = NULL;
   if (draw)
      egl_object_maybe_free(&draw->base);
   if (read && read != draw)
      egl_object_maybe_free(&read->base);
   egl_object_maybe_free(&ctx->base);
   return EGL_TRUE;
}

EGLBoolean EGLAPIENTRY
mgl_eglReleaseThread(void)
{
   egl_lock();
   egl_release_current("eglReleaseThread");
   egl_unlock();
   thread_state.api = EGL_OPENGL_ES_API;
   return egl_success();
}

/* Waiting for the client API copies what GL rendered into a current pixmap surface
 * (egl_pixmap_wait_client); otherwise nothing needs ordering: native rendering cannot touch
 * pbuffers or window surfaces' buffers. These check their arguments and succeed. */
static EGLBoolean
wait_common(const char *func)
{
   struct egl_thread *t = &thread_state;
   if (!t->ctx)
      return egl_success();
   if ((t->draw && !t->draw->base.handle_valid) || (t->read && !t->read->base.handle_valid))
      return egl_error(EGL_BAD_CURRENT_SURFACE, func, "the current surface was destroyed");
   return egl_success();
}

EGLBoolean EGLAPIENTRY
mgl_eglWaitClient(void)
{
   egl_lock();
   EGLBoolean ok = wait_common("eglWaitClient");
   egl_unlock();
   if (ok && !egl_pixmap_wait_client(&thread_state, "eglWaitClient"))
      return EGL_FALSE;
   return ok;
}

EGLBoolean EGLAPIENTRY
mgl_eglWaitGL(void)
{
   egl_lock();
   EGLBoolean ok = wait_common("eglWaitGL");
   egl_unlock();
   if (ok && !egl_pixmap_wait_client(&thread_state, "eglWaitGL"))
      return EGL_FALSE;
   return ok;
}

EGLBoolean EGLAPIENTRY
mgl_eglWaitNative(EGLint engine)
{
   if (engine != EGL_CORE_NATIVE_ENGINE)
      return egl_error(EGL_BAD_PARAMETER, "eglWaitNative", "engine 0x%04x", engine);
   egl_lock();
   EGLBoolean ok = wait_common("eglWaitNative");
   egl_unlock();
   return ok;
}
