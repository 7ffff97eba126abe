/* glx_context.c — GLX contexts: glXCreateContextAttribsARB (GLX_ARB_create_context, _profile,
 * _robustness, _no_error; GLX_EXT_create_context_es2_profile / es_profile), the legacy
 * glXCreateContext / glXCreateNewContext (which ask for a compatibility context: given unless
 * MGL_COMPAT_PROFILE=0, a named refusal then), glXDestroyContext, glXQueryContext, glXIsDirect
 * and glXMakeContextCurrent / glXMakeCurrent.
 *
 * Versions mgl gives (as its EGL does): the highest core version the backend meets (4.x where
 * every feature of GL 4.0 .. 4.x is offered, else 3.3 or lower) for a request of 3.2-4.6 core, 3.1,
 * or 3.0 forward-compatible; a compatibility context of that version for a 3.2+
 * compatibility-profile request and for 1.x/2.x/3.0 (which need it); OpenGL ES 2.0, 3.0 and 3.1. A
 * defined version mgl does not offer (above what the backend meets, ES 1.x/3.2; the compatibility
 * profile with MGL_COMPAT_PROFILE=0) is
 * GLXBadFBConfig, as GLX_ARB_create_context says for a config that cannot support the
 * request; an undefined version is BadMatch. Every context is direct. */
#include <stdlib.h>

#include "decline.h"
#include "glx_internal.h"
#include "log.h"

static struct glx_context *contexts; /* live handles */
static _Thread_local struct glx_context *tls_current;

struct glx_context *
glx_current_context(void)
{
   return tls_current;
}

static struct glx_context *
context_lookup(GLXContext handle)
{
   for (struct glx_context *c = contexts; c; c = c->next) {
      if ((GLXContext)c == handle)
         return c;
   }
   return NULL;
}

static void
context_unlink(struct glx_context *ctx)
{
   for (struct glx_context **p = &contexts; *p; p = &(*p)->next) {
      if (*p == ctx) {
         *p = ctx->next;
         return;
      }
   }
}

static bool
gl_version_defined(int major, int minor)
{
   static const int max_minor[] = {0, 5, 1, 3, 6}; /* GL 1.0-1.5, 2.0-2.1, 3.0-3.3, 4.0-4.6 */
   return major >= 1 && major <= 4 && minor >= 0 && minor <= max_minor[major];
}

static bool
es_version_defined(int major, int minor)
{
   return (major == 1 && (minor == 0 || minor == 1)) || (major == 2 && minor == 0) ||
          (major == 3 && minor >= 0 && minor <= 2);
}

struct ctx_request {
   int major, minor, flags, profile, render_type;
   bool minor_given; /* GLX_CONTEXT_MINOR_VERSION_ARB was in the list */
   bool lose_on_reset, no_error, release_none;
};

struct ctx_failure {
   int code;
   bool glx_error;
   const char *why;
};

static bool
fail(struct ctx_failure *f, int code, bool glx_error, const char *why)
{
   f->code = code;
   f->glx_error = glx_error;
   f->why = why;
   return false;
}

static bool
parse_attribs(const int *attrib_list, struct ctx_request *r, struct ctx_failure *f)
{
   *r = (struct ctx_request){.major = 1,
                             .minor = 0,
                             .profile = GLX_CONTEXT_CORE_PROFILE_BIT_ARB,
                             .render_type = GLX_RGBA_TYPE};
   for (const int *a = attrib_list; a && a[0] != None; a += 2) {
      int v = a[1];
      switch (a[0]) {
      case GLX_CONTEXT_MAJOR_VERSION_ARB: r->major = v; break;
      case GLX_CONTEXT_MINOR_VERSION_ARB:
         r->minor = v;
         r->minor_given = true;
         break;
      case GLX_CONTEXT_FLAGS_ARB:
         if (v & ~(GLX_CONTEXT_DEBUG_BIT_ARB | GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB |
                   GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB))
            return fail(f, BadValue, false, "GLX_CONTEXT_FLAGS_ARB has an unknown bit");
         r->flags = v;
         break;
      case GLX_CONTEXT_PROFILE_MASK_ARB: r->profile = v; break;
      case GLX_RENDER_TYPE:
         /* GLX_ARB_create_context: an unknown type is BadValue; colour index is known (and
          * BadMatch later: mgl has no such config) */
         if (v != GLX_RGBA_TYPE && v != GLX_COLOR_INDEX_TYPE)
            return fail(f, BadValue, false, "GLX_RENDER_TYPE is no rendering type");
         r->render_type = v;
         break;
      case GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB:
         if (v != GLX_NO_RESET_NOTIFICATION_ARB && v != GLX_LOSE_CONTEXT_ON_RESET_ARB)
            return fail(f, BadValue, false, "unknown reset notification strategy");
         r->lose_on_reset = v == GLX_LOSE_CONTEXT_ON_RESET_ARB;
         break;
      case GLX_CONTEXT_OPENGL_NO_ERROR_ARB:
         if (v != True && v != False)
            return fail(f, BadValue, false, "GLX_CONTEXT_OPENGL_NO_ERROR_ARB not a boolean");
         r->no_error = v == True;
         break;
      case GLX_CONTEXT_RELEASE_BEHAVIOR_ARB: /* GLX_ARB_context_flush_control */
         if (v != GLX_CONTEXT_RELEASE_BEHAVIOR_NONE_ARB &&
             v != GLX_CONTEXT_RELEASE_BEHAVIOR_FLUSH_ARB)
            return fail(f, BadValue, false, "unknown GLX_CONTEXT_RELEASE_BEHAVIOR_ARB");
         r->release_none = v == GLX_CONTEXT_RELEASE_BEHAVIOR_NONE_ARB;
         break;
      case GLX_SCREEN: break; /* libGLX picked the vendor by it; the config still decides here */
      default: return fail(f, BadValue, false, "an attribute mgl does not know");
      }
   }
   return true;
}

/* The front end's version for a request, or the spec's error. */
static bool
resolve_version(const struct ctx_request *r, struct fe_context_desc *desc, struct ctx_failure *f)
{
   if (r->render_type != GLX_RGBA_TYPE)
      return fail(f, BadMatch, false, "mgl has RGBA configs only");
   if (r->profile == GLX_CONTEXT_ES_PROFILE_BIT_EXT) {
      if (!es_version_defined(r->major, r->minor))
         return fail(f, BadMatch, false, "not an OpenGL ES version");
      if (!((r->major == 2 && r->minor == 0) || (r->major == 3 && r->minor <= 2))) {
         mgu_info("glx: OpenGL ES %d.%d requested; mgl offers OpenGL ES 2.0 and 3.0-3.2", r->major,
                  r->minor);
         return fail(f, GLX_ERR_BAD_FBCONFIG, true, "OpenGL ES version mgl does not offer");
      }
      /* ES 3.1 and 3.2 where the backend meets them (fe_context_create); 3 without a minor:
       * the highest ES 3.x offered */
      desc->api = FE_API_GLES;
      desc->major = r->major;
      desc->minor = r->minor;
      desc->es_highest_minor = r->major == 3 && !r->minor_given;
      return true;
   }
   if (r->profile != GLX_CONTEXT_CORE_PROFILE_BIT_ARB &&
       r->profile != GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB)
      return fail(f, GLX_ERR_BAD_PROFILE_ARB, true, "profile mask is not one profile");
   if (!gl_version_defined(r->major, r->minor))
      return fail(f, BadMatch, false, "not an OpenGL version");
   bool fwd = (r->flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB) != 0;
   if (fwd && r->major < 3)
      return fail(f, BadMatch, false, "forward-compatible below OpenGL 3.0");
   int v = r->major * 10 + r->minor;
   bool compat = v >= 32 ? r->profile == GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB
                         : !(v == 31 || (v == 30 && fwd));
   if (compat && fe_compat_profile_enabled()) {
      desc->api = FE_API_GL_COMPAT;
      desc->major = r->major;
      desc->minor = r->minor;
      return true;
   }
   if (compat) {
      MGU_DECLINE(glx_compat_context_refused,
                  "glX: OpenGL %d.%d %s context requested: MGL_COMPAT_PROFILE=0 turned the "
                  "compatibility profile off; request 3.2+ core (or 3.1, or 3.0 "
                  "forward-compatible)",
                  r->major, r->minor, v >= 32 ? "compatibility-profile" : "legacy");
      return fail(f, GLX_ERR_BAD_FBCONFIG, true, "compatibility profile (MGL_COMPAT_PROFILE=0)");
   }
   /* the version asked for: the front end gives the highest the backend meets, or refuses
    * (fe_context_create: BadMatch) */
   desc->api = FE_API_GL_CORE;
   desc->major = r->major;
   desc->minor = r->minor;
   return true;
}

static GLXContext
create_context(Display *dpy, GLXFBConfig config, GLXContext share_list, const int *attrib_list,
               int minor_op, const char *func)
{
   struct ctx_failure f = {0};
   struct ctx_request r;
   struct fe_context_desc desc = {0};
   struct glx_context *ctx = NULL;
   if (!parse_attribs(attrib_list, &r, &f))
      goto fail;
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   const struct glx_config *c = gd ? glx_config_lookup(gd, config) : NULL;
   struct glx_context *share = share_list ? context_lookup(share_list) : NULL;
   glx_unlock();
   if (!c) {
      fail(&f, GLX_ERR_BAD_FBCONFIG, true, "not an mgl config of this display");
      goto fail;
   }
   if (share_list && !share) {
      fail(&f, GLX_ERR_BAD_CONTEXT, true, "share context is not a live mgl context");
      goto fail;
   }
   if (!resolve_version(&r, &desc, &f))
      goto fail;
   desc.debug = (r.flags & GLX_CONTEXT_DEBUG_BIT_ARB) != 0;
   desc.forward_compatible = (r.flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB) != 0;
   desc.robust_access = (r.flags & GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB) != 0;
   desc.lose_context_on_reset = r.lose_on_reset;
   desc.no_error = r.no_error;
   desc.release_none = r.release_none;
   if (r.no_error && (desc.debug || desc.robust_access)) {
      fail(&f, BadMatch, false, "a no-error context cannot be debug or robust");
      goto fail;
   }
   if (share && share->lose_on_reset != r.lose_on_reset) {
      fail(&f, BadMatch, false, "share context has another reset notification strategy");
      goto fail;
   }
   egl_config_format(&c->shape, &desc.format);

   ctx = calloc(1, sizeof(*ctx));
   if (!ctx) {
      fail(&f, BadAlloc, false, "out of memory");
      goto fail;
   }
   enum fe_status st = fe_context_create(&desc, share ? share->fe : NULL, &ctx->fe);
   if (st != FE_OK) {
      /* a version above what the backend meets: the config cannot support it */
      if (st == FE_BAD_MATCH)
         fail(&f, GLX_ERR_BAD_FBCONFIG, true, "a version the backend does not meet");
      else
         fail(&f, BadAlloc, false,
              st == FE_NOT_INITIALIZED ? "the server role could not start (see client.log)"
                                       : "the front end could not create the context");
      free(ctx);
      goto fail;
   }
   ctx->gd = gd;
   ctx->config = c;
   ctx->render_type = GLX_RGBA_TYPE;
   fe_context_version(ctx->fe, &ctx->major, &ctx->minor);
   ctx->profile_mask = desc.api == FE_API_GLES        ? GLX_CONTEXT_ES_PROFILE_BIT_EXT
                       : desc.api == FE_API_GL_COMPAT ? GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB
                                                      : GLX_CONTEXT_CORE_PROFILE_BIT_ARB;
   ctx->lose_on_reset = r.lose_on_reset;
   glx_lock();
   ctx->next = contexts;
   contexts = ctx;
   glx_unlock();
   mgu_debug("glx: %s: %s %d.%d context %p", func, desc.api == FE_API_GLES ? "OpenGL ES" : "OpenGL",
             ctx->major, ctx->minor, (void *)ctx);
   return (GLXContext)ctx;

fail:
   glx_send_error(dpy, f.code, f.glx_error, 0, minor_op, func, f.why);
   return NULL;
}

GLXContext
mgl_glXCreateContextAttribsARB(Display *dpy, GLXFBConfig config, GLXContext share, Bool direct,
                               const int *attrib_list)
{
   (void)direct; /* mgl is always direct */
   return create_context(dpy, config, share, attrib_list, GLX_OP_CREATE_CONTEXT_ATTRIBS_ARB,
                         "glXCreateContextAttribsARB");
}

/* The legacy calls ask for whatever the implementation's default is, which GLX programs take
 * to be a compatibility context (glBegin, fixed function): they get the 3.3 compatibility
 * profile, as glXCreateContextAttribsARB asking for OpenGL 1.0 does. With MGL_COMPAT_PROFILE=0
 * they are refused, named and counted, with NULL and no X error: an X error's default handler
 * ends the program, and a NULL context is what every program checks for. */
GLXContext
mgl_glXCreateNewContext(Display *dpy, GLXFBConfig config, int render_type, GLXContext share,
                        Bool direct)
{
   (void)direct;
   if (fe_compat_profile_enabled()) {
      const int attribs[] = {GLX_RENDER_TYPE, render_type, None};
      return create_context(dpy, config, share, attribs, GLX_OP_CREATE_NEW_CONTEXT,
                            "glXCreateNewContext");
   }
   MGU_DECLINE(glx_compat_context_refused,
               "glXCreateNewContext (render type 0x%x) asks for a compatibility context, which "
               "MGL_COMPAT_PROFILE=0 turned off: NULL; use glXCreateContextAttribsARB "
               "with a 3.2+ core profile",
               render_type);
   return NULL;
}

GLXContext
mgl_glXCreateContext(Display *dpy, XVisualInfo *vis, GLXContext share, Bool direct)
{
   (void)direct;
   if (fe_compat_profile_enabled()) {
      glx_lock();
      struct glx_display *gd = glx_display_get(dpy);
      const struct glx_config *c =
         gd && vis ? glx_config_for_visual(gd, vis->screen, vis->visualid) : NULL;
      glx_unlock();
      if (!c) {
         glx_send_error(dpy, BadValue, false, vis ? (XID)vis->visualid : 0, GLX_OP_CREATE_CONTEXT,
                        "glXCreateContext", "not a visual of an mgl config");
         return NULL;
      }
      return create_context(dpy, (GLXFBConfig)c, share, NULL, GLX_OP_CREATE_CONTEXT,
                            "glXCreateContext");
   }
   MGU_DECLINE(glx_compat_context_refused,
               "glXCreateContext (visual 0x%lx) asks for a compatibility context, which mgl "
               "MGL_COMPAT_PROFILE=0 turned off: NULL; use glXCreateContextAttribsARB "
               "with a 3.2+ core profile",
               vis ? (unsigned long)vis->visualid : 0ul);
   return NULL;
}

void
mgl_glXDestroyContext(Display *dpy, GLXContext handle)
{
   glx_lock();
   struct glx_context *ctx = context_lookup(handle);
   bool now = false;
   if (ctx) {
      context_unlink(ctx);
      if (ctx->current)
         ctx->destroy_pending = true; /* freed when its thread releases it */
      else
         now = true;
   }
   /* Destroyed again while still current on this thread: it is already going (freed when
    * released), no error, as Mesa does (piglit glx-destroycontext-3). */
   const bool pending =
      !ctx && tls_current && handle == (GLXContext)tls_current && tls_current->destroy_pending;
   glx_unlock();
   if (pending)
      return;
   if (!ctx) {
      glx_send_error(dpy, GLX_ERR_BAD_CONTEXT, true, 0, GLX_OP_DESTROY_CONTEXT, "glXDestroyContext",
                     "not a live mgl context");
      return;
   }
   if (now) {
      fe_context_destroy(ctx->fe);
      free(ctx);
   }
}

void
mgl_glXCopyContext(Display *dpy, GLXContext src, GLXContext dst, unsigned long mask)
{
   glx_lock();
   bool valid = context_lookup(src) && context_lookup(dst);
   glx_unlock();
   if (!valid) {
      glx_send_error(dpy, GLX_ERR_BAD_CONTEXT, true, 0, GLX_OP_COPY_CONTEXT, "glXCopyContext",
                     "not a live mgl context");
      return;
   }
   /* Attribute groups (glPushAttrib's) are compatibility-profile state. */
   MGU_DECLINE(glx_copy_context_refused,
               "glXCopyContext (mask 0x%lx): copying attribute groups needs the compatibility "
               "profile; nothing was copied",
               mask);
}

Bool
mgl_glXIsDirect(Display *dpy, GLXContext handle)
{
   glx_lock();
   bool valid = context_lookup(handle) != NULL;
   glx_unlock();
   if (!valid)
      glx_send_error(dpy, GLX_ERR_BAD_CONTEXT, true, 0, GLX_OP_IS_DIRECT, "glXIsDirect",
                     "not a live mgl context");
   return valid ? True : False;
}

int
mgl_glXQueryContext(Display *dpy, GLXContext handle, int attribute, int *value)
{
   glx_lock();
   struct glx_context *ctx = context_lookup(handle);
   int v = 0, ret = Success;
   if (ctx) {
      switch (attribute) {
      case GLX_FBCONFIG_ID: v = ctx->config->shape.config_id; break;
      case GLX_RENDER_TYPE: v = ctx->render_type; break;
      case GLX_SCREEN: v = ctx->config->screen; break;
      default: ret = GLX_BAD_ATTRIBUTE; break;
      }
   }
   glx_unlock();
   if (!ctx) {
      glx_send_error(dpy, GLX_ERR_BAD_CONTEXT, true, 0, GLX_OP_QUERY_CONTEXT, "glXQueryContext",
                     "not a live mgl context");
      return GLX_BAD_CONTEXT;
   }
   if (ret == Success && value)
      *value = v;
   return ret;
}

/* Takes the calling thread's context off it (caller holds the lock); returns what is to be
 * destroyed now, outside the lock. */
struct release {
   struct glx_context *ctx;
   struct glx_drawable *draw, *read;
};

static void
release_locked(struct glx_context *ctx, struct release *out)
{
   *out = (struct release){0};
   ctx->current = false;
   if (ctx->draw && glx_drawable_unbind(ctx->draw))
      out->draw = ctx->draw;
   if (ctx->read && ctx->read != ctx->draw && glx_drawable_unbind(ctx->read))
      out->read = ctx->read;
   ctx->draw = ctx->read = NULL;
   if (ctx->destroy_pending)
      out->ctx = ctx;
}

static void
release_finish(struct release *r)
{
   glx_drawable_free(r->draw);
   glx_drawable_free(r->read);
   if (r->ctx) {
      fe_context_destroy(r->ctx->fe);
      free(r->ctx);
   }
}

Bool
mgl_glXMakeContextCurrent(Display *dpy, GLXDrawable draw, GLXDrawable read, GLXContext handle)
{
   static const char func[] = "glXMakeContextCurrent";
   struct glx_context *old = tls_current;
   struct release rel = {0};
   int code = 0;
   bool glx_error = false;
   const char *why = NULL;
   XID resource = 0;

   if (!handle) {
      if (draw != None || read != None) {
         glx_send_error(dpy, BadMatch, false, draw, GLX_OP_MAKE_CONTEXT_CURRENT, func,
                        "a drawable without a context");
         return False;
      }
      if (!old)
         return True;
      fe_make_current(NULL, NULL, NULL);
      glx_lock();
      release_locked(old, &rel);
      glx_unlock();
      tls_current = NULL;
      release_finish(&rel);
      return True;
   }

   glx_lock();
   struct glx_context *ctx = handle == (GLXContext)old ? old : context_lookup(handle);
   struct glx_drawable *d = NULL, *r = NULL;
   if (!ctx) {
      code = GLX_ERR_BAD_CONTEXT, glx_error = true, why = "not a live mgl context";
      goto fail_locked;
   }
   if (ctx->current && ctx != old) {
      code = BadAccess, why = "the context is current on another thread";
      goto fail_locked;
   }
   if ((draw == None) != (read == None)) {
      code = BadMatch, why = "one of draw and read is None";
      goto fail_locked;
   }
   struct glx_display *gd = glx_display_get(dpy);
   if (draw != None) {
      /* A 3.0+ context (all of mgl's) may be current without drawables. */
      d = gd ? glx_drawable_for_current(gd, draw, ctx->config, &code, &glx_error) : NULL;
      if (!d) {
         resource = draw, why = "draw is not a drawable mgl can render to";
         goto fail_locked;
      }
      r = read == draw ? d : glx_drawable_for_current(gd, read, ctx->config, &code, &glx_error);
      if (!r) {
         resource = read, why = "read is not a drawable mgl can render to";
         goto fail_locked;
      }
      if (!glx_configs_compatible(d->config, ctx->config) ||
          !glx_configs_compatible(r->config, ctx->config)) {
         code = BadMatch, glx_error = false, why = "drawable and context configs differ";
         goto fail_locked;
      }
      if (d->kind != GLX_KIND_PBUFFER)
         glx_drawable_refresh_size(d);
      if (r != d && r->kind != GLX_KIND_PBUFFER)
         glx_drawable_refresh_size(r);
   }
   glx_unlock();

   enum fe_status st = fe_make_current(ctx->fe, d ? d->fe : NULL, r ? r->fe : NULL);
   if (st != FE_OK) {
      code = st == FE_BAD_ACCESS     ? BadAccess
             : st == FE_CONTEXT_LOST ? GLX_ERR_BAD_CONTEXT_STATE
                                     : BadAlloc;
      glx_error = st == FE_CONTEXT_LOST;
      why = st == FE_CONTEXT_LOST ? "the context is lost" : "the front end could not bind it";
      goto fail;
   }

   glx_lock();
   if (old && old != ctx)
      release_locked(old, &rel);
   if (ctx == old) {
      /* Rebinding: the new drawables are bound before the old ones are let go, so one that
       * stays is never destroyed in between. */
      struct glx_drawable *od = ctx->draw, *orr = ctx->read;
      glx_drawable_bind(d);
      if (r != d)
         glx_drawable_bind(r);
      if (od && glx_drawable_unbind(od))
         rel.draw = od;
      if (orr && orr != od && glx_drawable_unbind(orr))
         rel.read = orr;
   } else {
      glx_drawable_bind(d);
      if (r != d)
         glx_drawable_bind(r);
   }
   ctx->draw = d;
   ctx->read = r;
   ctx->current = true;
   tls_current = ctx;
   glx_unlock();
   release_finish(&rel);
   return True;

fail_locked:
   glx_unlock();
fail:
   glx_send_error(dpy, code, glx_error, resource, GLX_OP_MAKE_CONTEXT_CURRENT, func, why);
   return False;
}

Bool
mgl_glXMakeCurrent(Display *dpy, GLXDrawable drawable, GLXContext ctx)
{
   return mgl_glXMakeContextCurrent(dpy, drawable, drawable, ctx);
}

void
mgl_glXUseXFont(Font font, int first, int count, int list_base)
{
   (void)font;
   (void)list_base;
   MGU_DECLINE(glx_use_x_font_refused,
               "glXUseXFont (glyphs %d..%d): display lists are compatibility-profile state; "
               "no lists were made",
               first, first + count - 1);
}
