/* egl_surface.c — pbuffer surfaces, eglDestroySurface, eglQuerySurface, eglSurfaceAttrib,
 * eglSwapBuffers (and with damage), eglSwapInterval and the texture-binding pair (always
 * refused: no config can bind to a texture). Window surfaces are made and presented by
 * egl_window.c. */
#include <stdlib.h>

#include "egl_internal.h"
#include "log.h"

static bool
is_bool(EGLint v)
{
   return v == EGL_TRUE || v == EGL_FALSE;
}

bool
egl_surface_init(struct egl_surface *s, const struct egl_config *c, EGLint type, EGLint width,
                 EGLint height, enum fe_status *st)
{
   struct fe_surface_format format;
   egl_config_format(c, &format);
   *st = fe_surface_create_pbuffer(&format, width, height, &s->fe);
   if (*st != FE_OK)
      return false;
   s->config = c;
   s->type = type;
   s->width = width;
   s->height = height;
   s->texture_format = EGL_NO_TEXTURE;
   s->texture_target = EGL_NO_TEXTURE;
   s->mipmap_level = 0;
   s->swap_behavior = EGL_BUFFER_DESTROYED;
   s->multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT;
   s->gl_colorspace = EGL_GL_COLORSPACE_LINEAR;
   s->vg_alpha_format = EGL_VG_ALPHA_FORMAT_NONPRE;
   s->vg_colorspace = EGL_VG_COLORSPACE_sRGB;
   s->swap_interval = 1;
   return true;
}

EGLSurface EGLAPIENTRY
mgl_eglCreatePbufferSurface(EGLDisplay dpy, EGLConfig config, const EGLint *attrib_list)
{
   static const char func[] = "eglCreatePbufferSurface";
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   egl_unlock();
   if (!d)
      return EGL_NO_SURFACE;
   const struct egl_config *c = egl_lookup_config(config);
   if (!c) {
      egl_error(EGL_BAD_CONFIG, func, "config %p", config);
      return EGL_NO_SURFACE;
   }
   if (!(c->surface_type & EGL_PBUFFER_BIT)) {
      egl_error(EGL_BAD_MATCH, func, "config %d has no EGL_PBUFFER_BIT", c->config_id);
      return EGL_NO_SURFACE;
   }

   EGLint width = 0, height = 0, largest = EGL_FALSE;
   EGLint tex_format = EGL_NO_TEXTURE, tex_target = EGL_NO_TEXTURE, mipmap = EGL_FALSE;
   for (const EGLint *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      EGLint v = a[1];
      switch (a[0]) {
      case EGL_WIDTH:
      case EGL_HEIGHT:
         if (v < 0) {
            egl_error(EGL_BAD_PARAMETER, func, "negative size %d", v);
            return EGL_NO_SURFACE;
         }
         *(a[0] == EGL_WIDTH ? &width : &height) = v;
         break;
      case EGL_LARGEST_PBUFFER:
      case EGL_MIPMAP_TEXTURE:
         if (!is_bool(v)) {
            egl_error(EGL_BAD_ATTRIBUTE, func, "attribute 0x%04x value %d", a[0], v);
            return EGL_NO_SURFACE;
         }
         *(a[0] == EGL_LARGEST_PBUFFER ? &largest : &mipmap) = v;
         break;
      case EGL_TEXTURE_FORMAT:
         if (v != EGL_NO_TEXTURE && v != EGL_TEXTURE_RGB && v != EGL_TEXTURE_RGBA) {
            egl_error(EGL_BAD_ATTRIBUTE, func, "EGL_TEXTURE_FORMAT 0x%04x", v);
            return EGL_NO_SURFACE;
         }
         tex_format = v;
         break;
      case EGL_TEXTURE_TARGET:
         if (v != EGL_NO_TEXTURE && v != EGL_TEXTURE_2D) {
            egl_error(EGL_BAD_ATTRIBUTE, func, "EGL_TEXTURE_TARGET 0x%04x", v);
            return EGL_NO_SURFACE;
         }
         tex_target = v;
         break;
      case EGL_GL_COLORSPACE:
         if (v == EGL_GL_COLORSPACE_SRGB) {
            mgu_info("egl: %s: sRGB pbuffers are not supported yet", func);
            egl_error(EGL_BAD_MATCH, func, "EGL_GL_COLORSPACE_SRGB");
            return EGL_NO_SURFACE;
         }
         if (v != EGL_GL_COLORSPACE_LINEAR) {
            egl_error(EGL_BAD_ATTRIBUTE, func, "EGL_GL_COLORSPACE 0x%04x", v);
            return EGL_NO_SURFACE;
         }
         break;
      case EGL_VG_ALPHA_FORMAT:
         if (v == EGL_VG_ALPHA_FORMAT_PRE) {
            egl_error(EGL_BAD_MATCH, func, "config has no EGL_VG_ALPHA_FORMAT_PRE_BIT");
            return EGL_NO_SURFACE;
         }
         if (v != EGL_VG_ALPHA_FORMAT_NONPRE) {
            egl_error(EGL_BAD_ATTRIBUTE, func, "EGL_VG_ALPHA_FORMAT 0x%04x", v);
            return EGL_NO_SURFACE;
         }
         break;
      case EGL_VG_COLORSPACE:
         if (v == EGL_VG_COLORSPACE_LINEAR) {
            egl_error(EGL_BAD_MATCH, func, "config has no EGL_VG_COLORSPACE_LINEAR_BIT");
            return EGL_NO_SURFACE;
         }
         if (v != EGL_VG_COLORSPACE_sRGB) {
            egl_error(EGL_BAD_ATTRIBUTE, func, "EGL_VG_COLORSPACE 0x%04x", v);
            return EGL_NO_SURFACE;
         }
         break;
      default: egl_error(EGL_BAD_ATTRIBUTE, func, "attribute 0x%04x", a[0]); return EGL_NO_SURFACE;
      }
   }
   /* Texture format and target go together; with both set the config would have to bind to
    * textures, which none of ours does (EGL_BIND_TO_TEXTURE_RGB/RGBA are false). */
   if ((tex_format == EGL_NO_TEXTURE) != (tex_target == EGL_NO_TEXTURE)) {
      egl_error(EGL_BAD_MATCH, func, "EGL_TEXTURE_FORMAT and EGL_TEXTURE_TARGET disagree");
      return EGL_NO_SURFACE;
   }
   if (tex_format != EGL_NO_TEXTURE) {
      egl_error(EGL_BAD_ATTRIBUTE, func, "config %d cannot bind to a texture", c->config_id);
      return EGL_NO_SURFACE;
   }
   if (width > MGL_EGL_MAX_PBUFFER_SIZE || height > MGL_EGL_MAX_PBUFFER_SIZE) {
      if (!largest) {
         egl_error(EGL_BAD_ALLOC, func, "%dx%d exceeds %d", width, height,
                   MGL_EGL_MAX_PBUFFER_SIZE);
         return EGL_NO_SURFACE;
      }
      if (width > MGL_EGL_MAX_PBUFFER_SIZE)
         width = MGL_EGL_MAX_PBUFFER_SIZE;
      if (height > MGL_EGL_MAX_PBUFFER_SIZE)
         height = MGL_EGL_MAX_PBUFFER_SIZE;
   }

   struct egl_surface *s = calloc(1, sizeof(*s));
   if (!s) {
      egl_error(EGL_BAD_ALLOC, func, "out of memory");
      return EGL_NO_SURFACE;
   }
   enum fe_status st;
   if (!egl_surface_init(s, c, EGL_PBUFFER_BIT, width, height, &st)) {
      free(s);
      egl_error(egl_fe_error(st), func, "the front end refused a %dx%d pbuffer", width, height);
      return EGL_NO_SURFACE;
   }
   s->largest_pbuffer = largest;
   s->texture_format = tex_format;
   s->texture_target = tex_target;
   s->mipmap_texture = mipmap;

   egl_lock();
   if (!d->initialized) { /* terminated meanwhile */
      egl_unlock();
      fe_surface_destroy(s->fe);
      free(s);
      egl_error(EGL_NOT_INITIALIZED, func, "display terminated");
      return EGL_NO_SURFACE;
   }
   egl_object_add(d, EGL_OBJECT_SURFACE, &s->base);
   egl_unlock();
   egl_success();
   return (EGLSurface)s;
}

EGLBoolean EGLAPIENTRY
mgl_eglDestroySurface(EGLDisplay dpy, EGLSurface surface)
{
   static const char func[] = "eglDestroySurface";
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   struct egl_surface *s = d ? egl_lookup_surface(d, surface) : NULL;
   if (d && !s) {
      egl_unlock();
      return egl_error(EGL_BAD_SURFACE, func, "surface %p", surface);
   }
   if (!d) {
      egl_unlock();
      return EGL_FALSE;
   }
   egl_object_unlink(&s->base);
   egl_object_maybe_free(&s->base); /* deferred while current */
   egl_unlock();
   return egl_success();
}

EGLBoolean EGLAPIENTRY
mgl_eglQuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint *value)
{
   static const char func[] = "eglQuerySurface";
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   if (!d) {
      egl_unlock();
      return EGL_FALSE;
   }
   struct egl_surface *s = egl_lookup_surface(d, surface);
   if (!s) {
      egl_unlock();
      return egl_error(EGL_BAD_SURFACE, func, "surface %p", surface);
   }
   if (!value) {
      egl_unlock();
      return egl_error(EGL_BAD_PARAMETER, func, "value is NULL");
   }
   EGLint v;
   int w, h;
   switch (attribute) {
   case EGL_CONFIG_ID: v = s->config->config_id; break;
   case EGL_WIDTH:
   case EGL_HEIGHT:
      fe_surface_size(s->fe, &w, &h);
      v = attribute == EGL_WIDTH ? w : h;
      break;
   case EGL_LARGEST_PBUFFER: v = s->largest_pbuffer; break;
   case EGL_TEXTURE_FORMAT: v = s->texture_format; break;
   case EGL_TEXTURE_TARGET: v = s->texture_target; break;
   case EGL_MIPMAP_TEXTURE: v = s->mipmap_texture; break;
   case EGL_MIPMAP_LEVEL: v = s->mipmap_level; break;
   case EGL_RENDER_BUFFER: /* EGL 1.5 §3.5.6: pixmaps are single-buffered */
      v = s->type == EGL_PIXMAP_BIT ? EGL_SINGLE_BUFFER : EGL_BACK_BUFFER;
      break;
   case EGL_BUFFER_AGE_EXT:
      /* EXT_buffer_age: only of the calling thread's current draw surface. */
      if (egl_thread()->draw != s) {
         egl_unlock();
         return egl_error(EGL_BAD_SURFACE, func,
                          "EGL_BUFFER_AGE_EXT of a surface that is "
                          "not the current draw surface");
      }
      v = s->buffer_age;
      break;
   case EGL_SWAP_BEHAVIOR: v = s->swap_behavior; break;
   case EGL_MULTISAMPLE_RESOLVE: v = s->multisample_resolve; break;
   case EGL_HORIZONTAL_RESOLUTION:
   case EGL_VERTICAL_RESOLUTION:
   case EGL_PIXEL_ASPECT_RATIO: v = EGL_UNKNOWN; break;
   case EGL_GL_COLORSPACE: v = s->gl_colorspace; break;
   case EGL_VG_ALPHA_FORMAT: v = s->vg_alpha_format; break;
   case EGL_VG_COLORSPACE: v = s->vg_colorspace; break;
   default: egl_unlock(); return egl_error(EGL_BAD_ATTRIBUTE, func, "attribute 0x%04x", attribute);
   }
   egl_unlock();
   *value = v;
   return egl_success();
}

EGLBoolean EGLAPIENTRY
mgl_eglSurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint value)
{
   static const char func[] = "eglSurfaceAttrib";
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   if (!d) {
      egl_unlock();
      return EGL_FALSE;
   }
   struct egl_surface *s = egl_lookup_surface(d, surface);
   EGLBoolean ok = EGL_TRUE;
   if (!s) {
      ok = egl_error(EGL_BAD_SURFACE, func, "surface %p", surface);
   } else {
      switch (attribute) {
      case EGL_MIPMAP_LEVEL: s->mipmap_level = value; break;
      case EGL_SWAP_BEHAVIOR:
         if (value == EGL_BUFFER_DESTROYED)
            s->swap_behavior = value;
         else if (value == EGL_BUFFER_PRESERVED)
            ok = egl_error(EGL_BAD_MATCH, func, "config has no EGL_SWAP_BEHAVIOR_PRESERVED_BIT");
         else
            ok = egl_error(EGL_BAD_PARAMETER, func, "EGL_SWAP_BEHAVIOR 0x%04x", value);
         break;
      case EGL_MULTISAMPLE_RESOLVE:
         if (value == EGL_MULTISAMPLE_RESOLVE_DEFAULT)
            s->multisample_resolve = value;
         else if (value == EGL_MULTISAMPLE_RESOLVE_BOX)
            ok = egl_error(EGL_BAD_MATCH, func, "config has no EGL_MULTISAMPLE_RESOLVE_BOX_BIT");
         else
            ok = egl_error(EGL_BAD_PARAMETER, func, "EGL_MULTISAMPLE_RESOLVE 0x%04x", value);
         break;
      default: ok = egl_error(EGL_BAD_ATTRIBUTE, func, "attribute 0x%04x", attribute); break;
      }
   }
   egl_unlock();
   return ok ? egl_success() : EGL_FALSE;
}

/* eglSwapBuffers and the damage pair: rects NULL and n_rects 0 is a plain swap. */
static EGLBoolean
swap_buffers(EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n_rects,
             const char *func)
{
   struct egl_thread *t = egl_thread();
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   if (!d) {
      egl_unlock();
      return EGL_FALSE;
   }
   struct egl_surface *s = egl_lookup_surface(d, surface);
   if (!s) {
      egl_unlock();
      return egl_error(EGL_BAD_SURFACE, func, "surface %p", surface);
   }
   if (!t->ctx || t->draw != s) {
      egl_unlock();
      return egl_error(EGL_BAD_SURFACE, func,
                       "surface %p is not the draw surface current on this thread", surface);
   }
   if (n_rects < 0 || (n_rects > 0 && !rects)) {
      egl_unlock();
      return egl_error(EGL_BAD_PARAMETER, func, "%d damage rectangles at %p", n_rects,
                       (const void *)rects);
   }
   /* s stays alive without the lock: it is bound to this thread's context. */
   struct fe_context *fe_ctx = t->ctx->fe;
   egl_unlock();
   if (s->type == EGL_WINDOW_BIT)
      return egl_window_swap(t, s, rects, n_rects, func);
   if (s->type == EGL_PIXMAP_BIT)
      return egl_success(); /* no effect on a pixmap (EGL 1.5 §3.10.1) */
   enum fe_status st = fe_swap_buffers(fe_ctx, s->fe);
   if (st != FE_OK)
      return egl_error(egl_fe_error(st), func, "the front end failed the swap");
   return egl_success();
}

EGLBoolean EGLAPIENTRY
mgl_eglSwapBuffers(EGLDisplay dpy, EGLSurface surface)
{
   return swap_buffers(dpy, surface, NULL, 0, "eglSwapBuffers");
}

EGLBoolean EGLAPIENTRY
mgl_eglSwapBuffersWithDamageKHR(EGLDisplay dpy, EGLSurface surface, const EGLint *rects,
                                EGLint n_rects)
{
   return swap_buffers(dpy, surface, rects, n_rects, "eglSwapBuffersWithDamageKHR");
}

EGLBoolean EGLAPIENTRY
mgl_eglSwapBuffersWithDamageEXT(EGLDisplay dpy, EGLSurface surface, const EGLint *rects,
                                EGLint n_rects)
{
   return swap_buffers(dpy, surface, rects, n_rects, "eglSwapBuffersWithDamageEXT");
}

EGLBoolean EGLAPIENTRY
mgl_eglSwapInterval(EGLDisplay dpy, EGLint interval)
{
   static const char func[] = "eglSwapInterval";
   struct egl_thread *t = egl_thread();
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   egl_unlock();
   if (!d)
      return EGL_FALSE;
   if (!t->ctx)
      return egl_error(EGL_BAD_CONTEXT, func, "no current context");
   if (!t->draw)
      return egl_error(EGL_BAD_SURFACE, func, "no surface bound to the current context");
   /* Clamped to the config's EGL_MIN/MAX_SWAP_INTERVAL (0..1). */
   if (interval < 0)
      interval = 0;
   if (interval > 1)
      interval = 1;
   t->draw->swap_interval = interval;
   if (t->draw->type == EGL_WINDOW_BIT)
      egl_window_set_swap_interval(t->draw, interval);
   fe_set_swap_interval(t->ctx->fe, interval);
   return egl_success();
}

static EGLBoolean
tex_image(EGLDisplay dpy, EGLSurface surface, EGLint buffer, const char *func)
{
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   if (!d) {
      egl_unlock();
      return EGL_FALSE;
   }
   struct egl_surface *s = egl_lookup_surface(d, surface);
   EGLint tex_format = s ? s->texture_format : EGL_NO_TEXTURE;
   egl_unlock();
   if (!s)
      return egl_error(EGL_BAD_SURFACE, func, "surface %p", surface);
   if (buffer != EGL_BACK_BUFFER)
      return egl_error(EGL_BAD_PARAMETER, func, "buffer 0x%04x", buffer);
   if (tex_format == EGL_NO_TEXTURE)
      return egl_error(EGL_BAD_MATCH, func, "surface has EGL_TEXTURE_FORMAT EGL_NO_TEXTURE");
   return egl_error(EGL_BAD_MATCH, func, "texture binding is not supported");
}

EGLBoolean EGLAPIENTRY
mgl_eglBindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   return tex_image(dpy, surface, buffer, "eglBindTexImage");
}

EGLBoolean EGLAPIENTRY
mgl_eglReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   return tex_image(dpy, surface, buffer, "eglReleaseTexImage");
}
