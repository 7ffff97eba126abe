/* egl_object.c — what contexts and surfaces share: the display's lists of live handles, lookup
 * by handle, and the free that waits until no thread has the object current and then runs
 * outside the EGL lock (see egl_unlock). */
#include <stdlib.h>

#include "egl_internal.h"

static struct egl_object *dead_objects; /* under the EGL lock, linked through next */

static struct egl_object **
display_list(struct egl_display *dpy, enum egl_object_kind kind)
{
   return kind == EGL_OBJECT_CONTEXT ? &dpy->contexts : &dpy->surfaces;
}

void
egl_object_add(struct egl_display *dpy, enum egl_object_kind kind, struct egl_object *obj)
{
   struct egl_object **list = display_list(dpy, kind);
   obj->dpy = dpy;
   obj->kind = kind;
   obj->handle_valid = true;
   obj->next = *list;
   *list = obj;
}

struct egl_object *
egl_object_lookup(struct egl_display *dpy, enum egl_object_kind kind, const void *handle)
{
   for (struct egl_object *o = *display_list(dpy, kind); o; o = o->next) {
      if ((const void *)o == handle)
         return o;
   }
   return NULL;
}

void
egl_object_unlink(struct egl_object *obj)
{
   for (struct egl_object **p = display_list(obj->dpy, obj->kind); *p; p = &(*p)->next) {
      if (*p == obj) {
         *p = obj->next;
         break;
      }
   }
   obj->next = NULL;
   obj->handle_valid = false;
}

static bool
is_current(const struct egl_object *obj)
{
   if (obj->kind == EGL_OBJECT_CONTEXT)
      return ((const struct egl_context *)obj)->current;
   return ((const struct egl_surface *)obj)->bound_ctx != NULL;
}

void
egl_object_maybe_free(struct egl_object *obj)
{
   if (obj->handle_valid || is_current(obj))
      return;
   obj->next = dead_objects; /* unlinked from its display already: next is free */
   dead_objects = obj;
}

struct egl_object *
egl_object_take_dead(void)
{
   struct egl_object *dead = dead_objects;
   dead_objects = NULL;
   return dead;
}

void
egl_object_bury(struct egl_object *dead)
{
   /* contexts first: a context that dies with its surface lets go of it before the surface goes */
   for (enum egl_object_kind kind = EGL_OBJECT_CONTEXT; kind <= EGL_OBJECT_SURFACE; kind++) {
      for (struct egl_object *o = dead; o; o = o->next) {
         if (o->kind != kind)
            continue;
         if (kind == EGL_OBJECT_CONTEXT)
            fe_context_destroy(((struct egl_context *)o)->fe);
         else {
            egl_window_surface_finish((struct egl_surface *)o);
            fe_surface_destroy(((struct egl_surface *)o)->fe);
         }
      }
   }
   while (dead) {
      struct egl_object *next = dead->next;
      free(dead);
      dead = next;
   }
}

void
egl_object_terminate_all(struct egl_display *dpy)
{
   for (enum egl_object_kind kind = EGL_OBJECT_CONTEXT; kind <= EGL_OBJECT_SURFACE; kind++) {
      struct egl_object **list = display_list(dpy, kind);
      while (*list) {
         struct egl_object *o = *list;
         egl_object_unlink(o);
         egl_object_maybe_free(o);
      }
   }
}
