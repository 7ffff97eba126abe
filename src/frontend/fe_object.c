/* fe_object.c — GL name tables, reference counting of share-group objects and the share
 * group's handle allocators ({slot, gen}, docs/PIPE.md#handles). */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "fe_gl.h"
#include "log.h"
#include "pipe_codec.h"

/* ---- names --------------------------------------------------------------------------------- */

void
fe_names_init(struct fe_names *n)
{
   memset(n, 0, sizeof(*n));
   n->next = 1;
}

void
fe_names_finish(struct fe_names *n)
{
   free(n->slots);
   free(n->free_list);
   memset(n, 0, sizeof(*n));
}

static bool
names_grow(struct fe_names *n, uint32_t name)
{
   return mgu_array_reserve(n->slots, n->capacity, (uint64_t)name + 1);
}

GLuint
fe_names_gen(struct fe_names *n)
{
   GLuint name = 0;
   /* a name an object took without glGen* (a compatibility context's glBeginQuery of an unused
    * name) is in use: it is not handed out */
   while (n->free_count && !name) {
      name = n->free_list[--n->free_count];
      if (fe_names_get(n, name))
         name = 0;
   }
   while (!name) {
      name = n->next;
      if (!names_grow(n, name))
         return 0;
      n->next++;
      if (n->slots[name])
         name = 0;
   }
   n->slots[name] = FE_NAME_RESERVED;
   return name;
}

bool
fe_names_compat_usable(struct fe_context *ctx, GLuint name)
{
   if (ctx->desc.api != FE_API_GL_COMPAT || !name)
      return false;
   if (name > FE_NAMES_COMPAT_MAX) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "object name %u, never generated, in a compatibility context: names past %u "
                  "are not taken (the name tables are flat)",
                  name, FE_NAMES_COMPAT_MAX);
      return false;
   }
   return true;
}

bool
fe_names_is_reserved(const struct fe_names *n, GLuint name)
{
   return fe_names_get(n, name) != NULL;
}

bool
fe_names_set(struct fe_names *n, GLuint name, void *obj)
{
   if (!names_grow(n, name))
      return false;
   n->slots[name] = obj;
   return true;
}

void *
fe_share_take_name(struct fe_share_group *sg, struct fe_names *n, GLuint name)
{
   pthread_mutex_lock(&sg->lock);
   void *obj = fe_names_get(n, name);
   if (obj)
      fe_names_delete(n, name);
   pthread_mutex_unlock(&sg->lock);
   return obj == FE_NAME_RESERVED ? NULL : obj;
}

void
fe_names_delete(struct fe_names *n, GLuint name)
{
   if (!name || name >= n->capacity || !n->slots[name])
      return;
   n->slots[name] = NULL;
   uint32_t *free_name = mgu_array_push(n->free_list, n->free_count, n->free_capacity);
   if (free_name) /* else the name is simply never reused */
      *free_name = name;
}

/* ---- reference counting --------------------------------------------------------------------- */

void
fe_object_ref(struct fe_object *obj)
{
   if (obj)
      atomic_fetch_add_explicit(&obj->refs, 1, memory_order_relaxed);
}

void
fe_object_unref(struct fe_context *ctx, struct fe_object *obj)
{
   if (obj && atomic_fetch_sub_explicit(&obj->refs, 1, memory_order_acq_rel) == 1)
      fe_object_release(ctx, obj);
}

void
fe_object_release(struct fe_context *ctx, struct fe_object *obj)
{
   free(obj->label);
   obj->label = NULL;
   switch (obj->kind) {
   case FE_OBJ_BUFFER: fe_buffer_destroy(ctx, (struct fe_buffer *)obj); break;
   case FE_OBJ_TEXTURE: fe_texture_destroy(ctx, (struct fe_texture *)obj); break;
   case FE_OBJ_RENDERBUFFER: fe_renderbuffer_destroy(ctx, (struct fe_renderbuffer *)obj); break;
   case FE_OBJ_SHADER: fe_shader_destroy(ctx, (struct fe_shader *)obj); break;
   case FE_OBJ_PROGRAM: fe_program_destroy(ctx, (struct fe_program *)obj); break;
   case FE_OBJ_SAMPLER: fe_sampler_destroy(ctx, (struct fe_sampler *)obj); break;
   }
}

/* ---- handles -------------------------------------------------------------------------------- */

bool
fe_share_alloc_handle(struct fe_share_group *share, enum mgp_handle_kind kind,
                      struct mgp_handle *out)
{
   pthread_mutex_lock(&share->lock);
   bool ok = mgu_handle_alloc_get(&share->handles[kind], &out->slot, &out->gen);
   pthread_mutex_unlock(&share->lock);
   if (!ok)
      *out = mgp_handle_null();
   return ok;
}

void
fe_share_free_handle(struct fe_share_group *share, enum mgp_handle_kind kind, struct mgp_handle h)
{
   if (mgp_handle_is_null(h))
      return;
   pthread_mutex_lock(&share->lock);
   mgu_handle_alloc_put(&share->handles[kind], h.slot);
   pthread_mutex_unlock(&share->lock);
}

bool
fe_pipe_has(struct fe_context *ctx, enum mgp_call_id call)
{
   /* One log line per call (a site per call), counted every time. */
   static atomic_flag logged[MGP_CALL_COUNT];
   if (fe_call_supported(ctx->share, call))
      return true;
   mgu_decline_hit(MGU_DECLINE_pipe_call_unsupported, &logged[call],
                   "%s (the front end drops or emulates it)", mgp_call_info[call].name);
   return false;
}
