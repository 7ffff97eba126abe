/* egl_context.c — eglCreateContext (EGL 1.5 + EGL_KHR_create_context,
 * EGL_EXT_create_context_robustness, EGL_KHR_create_context_no_error, EGL_KHR_no_config_context),
 * eglDestroyContext, eglQueryContext and eglMakeCurrent.
 *
 * Versions mgl gives:
 *   OpenGL: the highest core version the backend meets (fe_context_create: 4.x where every
 *     feature of GL 4.0 .. 4.x is offered, else 3.3 or lower) for any request it can satisfy
 *     backward-compatibly: 3.2-4.6 core, 3.1 (which has no deprecated features without
 *     GL_ARB_compatibility) and 3.0 forward-compatible. A compatibility profile request (3.2+)
 *     and a legacy request (1.x, 2.x, 3.0 not forward-compatible — including the default "no
 *     version" = 1.0) get a compatibility context of that version (fe_compat_profile_enabled);
 *     MGL_COMPAT_PROFILE=0 refuses them with EGL_BAD_MATCH and a log line instead, as before
 *     the profile existed. Versions above what the backend meets fail with
 *     EGL_BAD_MATCH.
 *   OpenGL ES: 2.0, 3.0, 3.1 and 3.2 (each where the backend meets it: fe_context_create logs
 *     the first feature missing). ES 1.x and versions the backend does not meet fail with
 *     EGL_BAD_MATCH.
 * One context is current per thread whatever its API (as in Mesa and glvnd). */
#include <stdlib.h>

#include "egl_internal.h"
#include "log.h"

static bool
is_bool(EGLint v)
{
   return v == EGL_TRUE || v == EGL_FALSE;
}

static bool
gl_version_defined(EGLint major, EGLint minor)
{
   static const EGLint max_minor[] = {0, 5, 1, 3, 6}; /* GL 1.0-1.5, 2.0-2.1, 3.0-3.3, 4.0-4.6 */
   return major >= 1 && major <= 4 && minor >= 0 && minor <= max_minor[major];
}

/* Everything eglCreateContext reads from its attribute list. */
struct ctx_request {
   EGLint major, minor;
   bool minor_given; /* EGL_CONTEXT_MINOR_VERSION was in the list */
   EGLint profile;
   bool debug, forward_compatible, robust, lose_on_reset, no_error, release_none;
};

static EGLBoolean
parse_attribs(const EGLint *attrib_list, EGLenum api, struct ctx_request *r, const char *func)
{
   r->major = 1;
   r->minor = 0;
   r->minor_given = false;
   r->profile = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT_KHR;
   r->debug = r->forward_compatible = r->robust = r->lose_on_reset = r->no_error = false;
   r->release_none = false;
   bool gl = api == EGL_OPENGL_API;
   for (const EGLint *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      EGLint v = a[1];
      switch (a[0]) {
      case EGL_CONTEXT_MAJOR_VERSION: /* == EGL_CONTEXT_CLIENT_VERSION */ r->major = v; break;
      case EGL_CONTEXT_MINOR_VERSION:
         r->minor = v;
         r->minor_given = true;
         break;
      case EGL_CONTEXT_FLAGS_KHR:
         if (v &
             ~(EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR | EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR |
               EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR))
            return egl_error(EGL_BAD_ATTRIBUTE, func, "EGL_CONTEXT_FLAGS_KHR 0x%x", v);
         /* Forward-compatible and robust-access bits are defined for OpenGL only. */
         if (!gl && (v & (EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR |
                          EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR)))
            return egl_error(EGL_BAD_ATTRIBUTE, func, "EGL_CONTEXT_FLAGS_KHR 0x%x for OpenGL ES",
                             v);
         r->debug |= (v & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR) != 0;
         r->forward_compatible |= (v & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR) != 0;
         r->robust |= (v & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR) != 0;
         break;
      case EGL_CONTEXT_OPENGL_PROFILE_MASK:
         if (!gl)
            return egl_error(EGL_BAD_ATTRIBUTE, func, "profile mask for OpenGL ES");
         r->profile = v;
         break;
      case EGL_CONTEXT_OPENGL_DEBUG:
         if (!is_bool(v))
            return egl_error(EGL_BAD_ATTRIBUTE, func, "EGL_CONTEXT_OPENGL_DEBUG %d", v);
         r->debug = v == EGL_TRUE;
         break;
      case EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE:
         if (!gl || !is_bool(v))
            return egl_error(EGL_BAD_ATTRIBUTE, func, "EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE %d",
                             v);
         r->forward_compatible = v == EGL_TRUE;
         break;
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS:
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT:
         if (!is_bool(v))
            return egl_error(EGL_BAD_ATTRIBUTE, func, "robust access value %d", v);
         r->robust = v == EGL_TRUE;
         break;
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY: /* == ..._KHR */
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT:
         if (v != EGL_NO_RESET_NOTIFICATION && v != EGL_LOSE_CONTEXT_ON_RESET)
            return egl_error(EGL_BAD_ATTRIBUTE, func, "reset notification strategy 0x%04x", v);
         r->lose_on_reset = v == EGL_LOSE_CONTEXT_ON_RESET;
         break;
      case EGL_CONTEXT_OPENGL_NO_ERROR_KHR:
         if (!is_bool(v))
            return egl_error(EGL_BAD_ATTRIBUTE, func, "EGL_CONTEXT_OPENGL_NO_ERROR_KHR %d", v);
         r->no_error = v == EGL_TRUE;
         break;
      case EGL_CONTEXT_RELEASE_BEHAVIOR_KHR: /* EGL_KHR_context_flush_control */
         if (v != EGL_CONTEXT_RELEASE_BEHAVIOR_NONE_KHR &&
             v != EGL_CONTEXT_RELEASE_BEHAVIOR_FLUSH_KHR)
            return egl_error(EGL_BAD_ATTRIBUTE, func, "EGL_CONTEXT_RELEASE_BEHAVIOR_KHR 0x%04x", v);
         r->release_none = v == EGL_CONTEXT_RELEASE_BEHAVIOR_NONE_KHR;
         break;
      default: return egl_error(EGL_BAD_ATTRIBUTE, func, "attribute 0x%04x", a[0]);
      }
   }
   return EGL_TRUE;
}

/* Fills desc's API and version from the request, or fails with EGL_BAD_MATCH. */
static EGLBoolean
resolve_version(EGLenum api, const struct ctx_request *r, struct fe_context_desc *desc,
                const char *func)
{
   if (api == EGL_OPENGL_ES_API) {
      /* ES 3.1 and 3.2 where the backend meets them (fe_context_create, which logs what it
       * lacks); EGL 1.5 3.4.1: without a minor version asked, any backward-compatible one, here
       * the highest ES 3.x offered */
      if ((r->major == 2 && r->minor == 0) || (r->major == 3 && r->minor <= 2)) {
         desc->api = FE_API_GLES;
         desc->major = r->major;
         desc->minor = r->minor;
         desc->es_highest_minor = r->major == 3 && !r->minor_given;
         return EGL_TRUE;
      }
      mgu_info("egl: %s: OpenGL ES %d.%d requested; mgl offers OpenGL ES 2.0 and 3.0-3.2", func,
               r->major, r->minor);
      return egl_error(EGL_BAD_MATCH, func, "OpenGL ES %d.%d", r->major, r->minor);
   }
   if (!gl_version_defined(r->major, r->minor))
      return egl_error(EGL_BAD_MATCH, func, "OpenGL %d.%d does not exist", r->major, r->minor);
   if (r->forward_compatible && r->major < 3)
      return egl_error(EGL_BAD_MATCH, func, "forward-compatible OpenGL %d.%d", r->major, r->minor);
   EGLint v = r->major * 10 + r->minor;
   if (v >= 32) {
      /* The profile mask matters from 3.2 on (EGL_KHR_create_context). */
      if (r->profile == EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT && fe_compat_profile_enabled())
         goto compat;
      if (r->profile == EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT) {
         mgu_warn("egl: %s: OpenGL %d.%d compatibility profile requested: "
                  "MGL_COMPAT_PROFILE=0 turned the compatibility profile off; only the core "
                  "profile is offered",
                  func, r->major, r->minor);
         return egl_error(EGL_BAD_MATCH, func, "compatibility profile");
      }
      if (r->profile != EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT)
         return egl_error(EGL_BAD_MATCH, func, "profile mask 0x%x", r->profile);
   } else if (!(v == 31 || (v == 30 && r->forward_compatible))) {
      /* 1.x, 2.x and a full 3.0 need the deprecated features: a compatibility context. */
      if (fe_compat_profile_enabled())
         goto compat;
      mgu_warn("egl: %s: legacy OpenGL %d.%d%s requested: it needs the compatibility profile, "
               "which MGL_COMPAT_PROFILE=0 turned off; request 3.2+ core (or 3.1, or 3.0 "
               "forward-compatible)",
               func, r->major, r->minor, v == 10 ? " (no EGL_CONTEXT_MAJOR_VERSION given)" : "");
      return egl_error(EGL_BAD_MATCH, func, "legacy OpenGL %d.%d", r->major, r->minor);
   }
   /* the version asked for: the front end gives the highest the backend meets, or refuses
    * (fe_context_create) */
   desc->api = FE_API_GL_CORE;
   desc->major = r->major;
   desc->minor = r->minor;
   return EGL_TRUE;
compat:
   desc->api = FE_API_GL_COMPAT;
   desc->major = r->major;
   desc->minor = r->minor;
   return EGL_TRUE;
}

EGLContext EGLAPIENTRY
mgl_eglCreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share_context,
                     const EGLint *attrib_list)
{
   static const char func[] = "eglCreateContext";
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   egl_unlock();
   if (!d)
      return EGL_NO_CONTEXT;
   const struct egl_config *c = NULL;
   if (config != EGL_NO_CONFIG_KHR) {
      c = egl_lookup_config(config);
      if (!c) {
         egl_error(EGL_BAD_CONFIG, func, "config %p", config);
         return EGL_NO_CONTEXT;
      }
   }
   EGLenum api = egl_current_api();
   if (api != EGL_OPENGL_API && api != EGL_OPENGL_ES_API) {
      egl_error(EGL_BAD_MATCH, func, "no client API bound (0x%04x)", api);
      return EGL_NO_CONTEXT;
   }
   struct ctx_request r;
   if (!parse_attribs(attrib_list, api, &r, func))
      return EGL_NO_CONTEXT;

   struct fe_context_desc desc = {0};
   if (!resolve_version(api, &r, &desc, func))
      return EGL_NO_CONTEXT;
   if (r.no_error && (r.debug || r.robust)) {
      egl_error(EGL_BAD_MATCH, func, "a no-error context cannot be debug or robust");
      return EGL_NO_CONTEXT;
   }
   if (c) {
      EGLint bit = api == EGL_OPENGL_API ? EGL_OPENGL_BIT
                   : desc.major == 3     ? EGL_OPENGL_ES3_BIT
                                         : EGL_OPENGL_ES2_BIT;
      if (!(c->renderable_type & bit)) {
         egl_error(EGL_BAD_MATCH, func, "config %d does not render this API", c->config_id);
         return EGL_NO_CONTEXT;
      }
   }
   desc.debug = r.debug;
   desc.forward_compatible = r.forward_compatible;
   desc.robust_access = r.robust;
   desc.lose_context_on_reset = r.lose_on_reset;
   desc.no_error = r.no_error;
   desc.release_none = r.release_none;
   egl_config_format(c, &desc.format);

   struct egl_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx) {
      egl_error(EGL_BAD_ALLOC, func, "out of memory");
      return EGL_NO_CONTEXT;
   }
   egl_lock();
   struct egl_context *share = NULL;
   if (share_context != EGL_NO_CONTEXT) {
      share = egl_lookup_context(d, share_context);
      if (!share || share->api != api) {
         egl_unlock();
         free(ctx);
         egl_error(EGL_BAD_CONTEXT, func, "share context %p is not a context of this API",
                   share_context);
         return EGL_NO_CONTEXT;
      }
      if (share->lose_on_reset != r.lose_on_reset) {
         egl_unlock();
         free(ctx);
         egl_error(EGL_BAD_MATCH, func,
                   "share context %p has another reset notification "
                   "strategy",
                   share_context);
         return EGL_NO_CONTEXT;
      }
   }
   /* Under the lock so that the share context cannot be freed meanwhile. */
   enum fe_status st = fe_context_create(&desc, share ? share->fe : NULL, &ctx->fe);
   if (st != FE_OK) {
      egl_unlock();
      free(ctx);
      egl_error(egl_fe_error(st), func, "the front end refused the context");
      return EGL_NO_CONTEXT;
   }
   ctx->config = c;
   ctx->api = api;
   fe_context_version(ctx->fe, &ctx->major, &ctx->minor);
   ctx->lose_on_reset = r.lose_on_reset;
   egl_object_add(d, EGL_OBJECT_CONTEXT, &ctx->base);
   egl_unlock();
   mgu_info("egl: created %s %d.%d context %p%s%s",
            api == EGL_OPENGL_API ? "OpenGL core" : "OpenGL ES", ctx->major, ctx->minor,
            (void *)ctx, desc.debug ? " (debug)" : "", desc.robust_access ? " (robust)" : "");
   egl_success();
   return (EGLContext)ctx;
}

EGLBoolean EGLAPIENTRY
mgl_eglDestroyContext(EGLDisplay dpy, EGLContext handle)
{
   static const char func[] = "eglDestroyContext";
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   if (!d) {
      egl_unlock();
      return EGL_FALSE;
   }
   struct egl_context *c = egl_lookup_context(d, handle);
   if (!c) {
      egl_unlock();
      return egl_error(EGL_BAD_CONTEXT, func, "context %p", handle);
   }
   egl_object_unlink(&c->base);
   egl_object_maybe_free(&c->base); /* deferred while current */
   egl_unlock();
   return egl_success();
}

EGLBoolean EGLAPIENTRY
mgl_eglQueryContext(EGLDisplay dpy, EGLContext handle, EGLint attribute, EGLint *value)
{
   static const char func[] = "eglQueryContext";
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   if (!d) {
      egl_unlock();
      return EGL_FALSE;
   }
   struct egl_context *c = egl_lookup_context(d, handle);
   if (!c) {
      egl_unlock();
      return egl_error(EGL_BAD_CONTEXT, func, "context %p", handle);
   }
   if (!value) {
      egl_unlock();
      return egl_error(EGL_BAD_PARAMETER, func, "value is NULL");
   }
   EGLint v;
   switch (attribute) {
   case EGL_CONFIG_ID: v = c->config ? c->config->config_id : 0; break;
   case EGL_CONTEXT_CLIENT_TYPE: v = (EGLint)c->api; break;
   case EGL_CONTEXT_CLIENT_VERSION: v = c->major; break;
   case EGL_RENDER_BUFFER:
      /* pbuffers render to EGL_BACK_BUFFER; EGL_NONE when not current or surfaceless */
      v = c->current && c->draw ? EGL_BACK_BUFFER : EGL_NONE;
      break;
   default: egl_unlock(); return egl_error(EGL_BAD_ATTRIBUTE, func, "attribute 0x%04x", attribute);
   }
   egl_unlock();
   *value = v;
   return egl_success();
}

EGLBoolean EGLAPIENTRY
mgl_eglMakeCurrent(EGLDisplay dpy, EGLSurface draw_h, EGLSurface read_h, EGLContext ctx_h)
{
   static const char func[] = "eglMakeCurrent";
   struct egl_thread *t = egl_thread();
   bool releasing = ctx_h == EGL_NO_CONTEXT && draw_h == EGL_NO_SURFACE && read_h == EGL_NO_SURFACE;
   EGLBoolean ok;

   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy);
   if (!d && !(releasing && dpy == EGL_NO_DISPLAY)) {
      ok = egl_error(EGL_BAD_DISPLAY, func, "%p is not an mgl display", dpy);
      goto out;
   }
   if (d && !d->initialized && !releasing) {
      ok = egl_error(EGL_NOT_INITIALIZED, func, "display %p is not initialized", dpy);
      goto out;
   }
   if (ctx_h == EGL_NO_CONTEXT) {
      if (!releasing) {
         ok = egl_error(EGL_BAD_MATCH, func, "EGL_NO_CONTEXT with surfaces");
         goto out;
      }
      ok = egl_release_current(func);
      goto out;
   }
   /* KHR_surfaceless_context: both surfaces EGL_NO_SURFACE, or neither. */
   if ((draw_h == EGL_NO_SURFACE) != (read_h == EGL_NO_SURFACE)) {
      ok = egl_error(EGL_BAD_MATCH, func, "only one of draw and read is EGL_NO_SURFACE");
      goto out;
   }
   struct egl_context *ctx = egl_lookup_context(d, ctx_h);
   if (!ctx) {
      ok = egl_error(EGL_BAD_CONTEXT, func, "context %p", ctx_h);
      goto out;
   }
   struct egl_surface *draw = NULL, *read = NULL;
   if (draw_h != EGL_NO_SURFACE) {
      draw = egl_lookup_surface(d, draw_h);
      read = egl_lookup_surface(d, read_h);
      if (!draw || !read) {
         ok = egl_error(EGL_BAD_SURFACE, func, "surface %p", !draw ? draw_h : read_h);
         goto out;
      }
   }
   if (ctx->current && t->ctx != ctx) {
      ok = egl_error(EGL_BAD_ACCESS, func, "context %p is current on another thread", ctx_h);
      goto out;
   }
   if ((draw && draw->bound_ctx && draw->bound_ctx != t->ctx) ||
       (read && read->bound_ctx && read->bound_ctx != t->ctx)) {
      ok = egl_error(EGL_BAD_ACCESS, func, "a surface is current on another thread");
      goto out;
   }
   if (ctx->config && ((draw && !egl_configs_compatible(ctx->config, draw->config)) ||
                       (read && !egl_configs_compatible(ctx->config, read->config)))) {
      ok = egl_error(EGL_BAD_MATCH, func, "surface and context configs are not compatible");
      goto out;
   }

   if (t->ctx == ctx && t->draw == draw && t->read == read) {
      ok = EGL_TRUE; /* already current with these surfaces */
      goto out;
   }
   enum fe_status st = fe_make_current(ctx->fe, draw ? draw->fe : NULL, read ? read->fe : NULL);
   if (st != FE_OK) {
      ok = egl_error(egl_fe_error(st), func, "the front end refused to bind context %p", ctx_h);
      goto out;
   }
   struct egl_context *old_ctx = t->ctx;
   struct egl_surface *old_draw = t->draw, *old_read = t->read;
   if (old_ctx && old_ctx != ctx)
      old_ctx->current = false;
   if (old_draw)
      old_draw->bound_ctx = NULL;
   if (old_read)
      old_read->bound_ctx = NULL;
   if (old_ctx)
      old_ctx->draw = NULL;
   ctx->current = true;
   ctx->draw = draw;
   if (draw)
      draw->bound_ctx = ctx;
   if (read)
      read->bound_ctx = ctx;
   t->ctx = ctx;
   t->draw = draw;
   t->read = read;
   if (old_draw)
      egl_object_maybe_free(&old_draw->base);
   if (old_read && old_read != old_draw)
      egl_object_maybe_free(&old_read->base);
   if (old_ctx && old_ctx != ctx)
      egl_object_maybe_free(&old_ctx->base);
   ok = EGL_TRUE;
out:
   egl_unlock();
   return ok ? egl_success() : EGL_FALSE;
}
