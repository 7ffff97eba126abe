/* fe_buffer.c — buffer objects. Storage changes and writes leave at the GL call (docs/PIPE.md#order
 * §3): glBufferData is resource_create / resource_respecify plus resource_subdata, and
 * glBufferSubData is resource_subdata whose one span points at the app's bytes (the transport
 * stages them before the call returns). A mapping is a client-side shadow: write maps send the
 * written range when unmapped or flushed; read maps fill the shadow from the buffer's bytes.
 *
 * Reads (glGetBufferSubData, read maps) cost a round trip only when GL needs one: a buffer of
 * up to FE_BUFFER_COPY_MAX bytes keeps a client copy of its store, valid while the client
 * knows every byte the server holds (it wrote them all). A GPU write makes it invalid; the next
 * read fetches the whole store once (resource_readback, a counted round trip), which makes it
 * valid again unless a capture is still writing it. Larger buffers fetch the range read.
 *
 * Persistent maps (GL_MAP_PERSISTENT_BIT, glBufferStorage) stay mapped while commands use the
 * buffer; their shadow is the pointer the app keeps. What reaches the server when ("persistent
 * maps" below): the blocks of a write map's shadow that differ from what was last shipped, at
 * every command that may read buffers for a coherent map (fe_validate, and the copies and reads
 * here), at glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT) for any, at
 * glFlushMappedBufferRange for the range flushed, and at unmap; the other way, the mapped
 * range is fetched into the shadow when the app waited for the GPU (glFinish, a fence seen
 * signalled) after a GPU write may have changed the store. Where the server can, a persistent
 * map is no shadow but the store itself (map_direct): the server's memory in this process, or
 * on spawn the buffer's heap store, which both processes map; nothing is scanned or shipped. */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "fe_enum.h"
#include "fe_es_ext.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"

/* GL_MIN_MAP_BUFFER_ALIGNMENT (GL 4.2 / ARB_map_buffer_alignment): a map's pointer minus its
 * offset is a multiple of it. Every arm maps through a client shadow (map_range), so the
 * shadow is placed offset % FE_MAP_ALIGNMENT bytes into an aligned allocation. */
#define FE_MAP_ALIGNMENT 64

static struct fe_vao *
element_vao(struct fe_context *ctx)
{
   return ctx->vao ? ctx->vao : &ctx->default_vao;
}

/* The binding point for a target, or NULL for a target GL 3.3 does not have (and the GL 4.3
 * storage, dispatch-indirect, draw-indirect and GL 4.6 parameter points where the context does
 * not offer them). */
static struct fe_buffer **
binding_point(struct fe_context *ctx, GLenum target)
{
   switch (target) {
   case GL_ARRAY_BUFFER: return &ctx->array_buffer;
   case GL_ELEMENT_ARRAY_BUFFER: return &element_vao(ctx)->elements;
   case GL_COPY_READ_BUFFER: return &ctx->copy_read_buffer;
   case GL_COPY_WRITE_BUFFER: return &ctx->copy_write_buffer;
   case GL_PIXEL_PACK_BUFFER: return &ctx->pixel_pack_buffer;
   case GL_PIXEL_UNPACK_BUFFER: return &ctx->pixel_unpack_buffer;
   case GL_UNIFORM_BUFFER: return &ctx->uniform_buffer;
   case GL_TEXTURE_BUFFER: return &ctx->texture_buffer;
   case GL_TRANSFORM_FEEDBACK_BUFFER: return &ctx->xfb_buffer;
   case GL_SHADER_STORAGE_BUFFER: return fe_ssbo_bindings(ctx) ? &ctx->storage_buffer : NULL;
   case GL_ATOMIC_COUNTER_BUFFER:
      return fe_atomic_bindings(ctx) ? &ctx->atomic_counter_buffer : NULL;
   case GL_DISPATCH_INDIRECT_BUFFER:
      return fe_compute_offered(ctx) ? &ctx->dispatch_indirect_buffer : NULL;
   case GL_DRAW_INDIRECT_BUFFER:
      return fe_draw_indirect_offered(ctx) ? &ctx->draw_indirect_buffer : NULL;
   case GL_PARAMETER_BUFFER: return fe_indirect_count_offered(ctx) ? &ctx->parameter_buffer : NULL;
   case GL_QUERY_BUFFER: return fe_query_buffer_offered(ctx) ? &ctx->query_buffer : NULL;
   default: return NULL;
   }
}

/* binding_point with GL_ARRAY_BUFFER's answer inline: the target a vertex array's buffer is
 * bound and streamed through between draws (glBindBuffer, glBufferSubData) */
static inline struct fe_buffer **
data_point(struct fe_context *ctx, GLenum target)
{
   return target == GL_ARRAY_BUFFER ? &ctx->array_buffer : binding_point(ctx, target);
}

struct fe_buffer *
fe_buffer_lookup(struct fe_context *ctx, GLuint name)
{
   pthread_mutex_lock(&ctx->share->lock);
   void *obj = fe_names_get(&ctx->share->buffers, name);
   pthread_mutex_unlock(&ctx->share->lock);
   return obj == FE_NAME_RESERVED ? NULL : obj;
}

/* The object of a reserved name (first bind, or glCreateBuffers): NULL after recording
 * GL_OUT_OF_MEMORY. */
static struct fe_buffer *
buffer_new(struct fe_context *ctx, GLuint name)
{
   struct fe_share_group *sg = ctx->share;
   struct fe_buffer *buf = calloc(1, sizeof(*buf));
   if (!buf || !fe_share_alloc_handle(sg, MGP_KIND_BUFFER, &buf->res)) {
      free(buf);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   atomic_init(&buf->base.refs, 1); /* the name's reference */
   buf->base.name = name;
   buf->base.kind = FE_OBJ_BUFFER;
   buf->base.share = sg;
   buf->base.ever_bound = true;
   buf->usage = GL_STATIC_DRAW;
   pthread_mutex_lock(&sg->lock);
   const bool named = fe_names_set(&sg->buffers, name, buf);
   pthread_mutex_unlock(&sg->lock);
   if (!named) {
      fe_share_free_handle(sg, MGP_KIND_BUFFER, buf->res);
      free(buf);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   return buf;
}

/* The object for a name being bound: created at first bind (GL's lazy creation), and in a
 * compatibility context for a name glGenBuffers never returned too. Sets *ok to false for
 * such a name elsewhere (GL_INVALID_OPERATION). */
static inline __attribute__((always_inline)) struct fe_buffer *
buffer_for_bind(struct fe_context *ctx, GLuint name, bool *ok)
{
   *ok = true;
   if (!name)
      return NULL;
   struct fe_share_group *sg = ctx->share;
   /* a name's object stays its object until the name is deleted, which moves the generation */
   const uint64_t gen = atomic_load_explicit(&sg->buffer_names_gen, memory_order_acquire);
   struct fe_bind_cache_entry *c = &ctx->bind_cache[name % FE_BIND_CACHE];
   if (c->name == name && c->gen == gen)
      return c->buf;
   pthread_mutex_lock(&sg->lock);
   void *obj = fe_names_get(&sg->buffers, name);
   pthread_mutex_unlock(&sg->lock);
   if (obj == FE_NAME_RESERVED || (!obj && fe_names_compat_usable(ctx, name)))
      obj = buffer_new(ctx, name);
   *ok = obj != NULL;
   if (obj) {
      c->name = name;
      c->buf = obj;
      c->gen = gen;
   }
   return obj;
}

struct fe_buffer *
fe_buffer_for_bind(struct fe_context *ctx, GLuint name, bool *ok)
{
   return buffer_for_bind(ctx, name, ok);
}

/* The buffer object a direct-state-access command names (GL 4.6 §6): GL_INVALID_OPERATION
 * for a name that is no buffer object (zero, never generated, or generated and never bound
 * nor created) is recorded here. */
struct fe_buffer *
fe_buffer_named(struct fe_context *ctx, GLuint name)
{
   struct fe_buffer *buf = name ? fe_buffer_lookup(ctx, name) : NULL;
   if (!buf)
      fe_error(ctx, GL_INVALID_OPERATION);
   return buf;
}

static void unmap(struct fe_context *ctx, struct fe_buffer *buf);

void
fe_buffer_destroy(struct fe_context *ctx, struct fe_buffer *buf)
{
   struct fe_share_group *sg = buf->base.share;
   if (buf->mapped)
      unmap(ctx, buf); /* a map the group's end finds (glDeleteBuffers unmaps first) */
   free(buf->copy);
   if (buf->created)
      mgp_resource_destroy(sg->screen, &(struct mgp_handle_args){buf->res});
   mgt_client_heap_drop(sg->session, &buf->store);
   fe_share_free_handle(sg, MGP_KIND_BUFFER, buf->res);
   free(buf);
}

/* fe_resource_upload, fe_buffer_upload and fe_buffer_write are exported, so GCC keeps their
 * calls within this file: glBufferSubData's way takes these inline bodies instead (a
 * glBufferSubData between draws pays no call frames on its way to the record). */
static inline void
resource_upload(struct fe_context *ctx, struct mgp_handle res, uint64_t offset, const void *data,
                uint64_t size)
{
   const uint8_t *p = data;
   if (size && size < FE_UPLOAD_CHECKED) {
      /* one record, below the size fe_upload_sent notes (a glBufferSubData between draws):
       * the loop's way without its chunk arithmetic or the call */
      struct mgp_resource_subdata a = {
         .res = res,
         .box = {.x = (int32_t)offset, .width = (uint32_t)size, .height = 1, .depth = 1},
         .data = {.ptr = (void *)p, .size = size},
      };
      mgp_resource_subdata(&ctx->pipe, &a, NULL);
      return;
   }
   _Static_assert(FE_UPLOAD_CHECKED <= FE_UPLOAD_CHUNK, "one chunk below FE_UPLOAD_CHECKED");
   while (size) {
      uint64_t n = size < FE_UPLOAD_CHUNK ? size : FE_UPLOAD_CHUNK;
      struct mgp_resource_subdata a = {
         .res = res,
         .box = {.x = (int32_t)offset, .width = (uint32_t)n, .height = 1, .depth = 1},
         .data = {.ptr = (void *)p, .size = n},
      };
      mgp_resource_subdata(&ctx->pipe, &a, NULL);
      fe_upload_sent(ctx->share, n);
      p += n;
      offset += n;
      size -= n;
   }
}

static inline __attribute__((always_inline)) void
buffer_upload(struct fe_context *ctx, struct fe_buffer *buf, uint64_t offset, const void *data,
              uint64_t size)
{
   if (buf->copy && offset + size <= (uint64_t)buf->size)
      memcpy(buf->copy + offset, data, size);
   /* One copy: into the store the server renders from, when it says nothing uses it. */
   if (buf->store.size &&
       mgt_client_heap_write(ctx->share->session, buf->res.slot, &buf->store, offset, data, size))
      return;
   resource_upload(ctx, buf->res, offset, data, size);
}

void
fe_buffer_upload(struct fe_context *ctx, struct fe_buffer *buf, uint64_t offset, const void *data,
                 uint64_t size)
{
   buffer_upload(ctx, buf, offset, data, size);
}

void
fe_resource_upload(struct fe_context *ctx, struct mgp_handle res, uint64_t offset, const void *data,
                   uint64_t size)
{
   resource_upload(ctx, res, offset, data, size);
}

/* A pixel transfer through a bound pixel pack/unpack buffer, where the pointer is an offset
 * (GL 3.3 §3.7.2, §4.3.2): INVALID_OPERATION for a mapped buffer, for a range past its store,
 * and for an offset that is not a multiple of the type's datum. False after recording it. */
bool
fe_pixel_buffer_range(struct fe_context *ctx, const struct fe_buffer *buf, const void *ptr,
                      size_t size, GLenum type, uint64_t *offset)
{
   const uint64_t off = (uint64_t)(uintptr_t)ptr;
   const size_t datum = fe_pixel_type_size(type);
   if (fe_buffer_map_blocks(buf) || (datum && off % datum) ||
       (size && (off > (uint64_t)buf->size || size > (uint64_t)buf->size - off))) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   *offset = off;
   return true;
}

/* ---- names ---------------------------------------------------------------------------------- */

void
mgl_glGenBuffers(GLsizei n, GLuint *buffers)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   pthread_mutex_lock(&ctx->share->lock);
   for (GLsizei i = 0; i < n; i++)
      buffers[i] = fe_names_gen(&ctx->share->buffers);
   pthread_mutex_unlock(&ctx->share->lock);
}

/* GL 4.5 §6.1: names whose objects exist at once, as if bound (no binding changes). */
void
mgl_glCreateBuffers(GLsizei n, GLuint *buffers)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      pthread_mutex_lock(&ctx->share->lock);
      buffers[i] = fe_names_gen(&ctx->share->buffers);
      pthread_mutex_unlock(&ctx->share->lock);
      if (!buffer_new(ctx, buffers[i]))
         return;
   }
}

/* Takes a persistent map into, or out of, the share group's list. False: no memory. */
static bool
persistent_list(struct fe_share_group *sg, struct fe_buffer *buf, bool add)
{
   bool ok = true;
   pthread_mutex_lock(&sg->lock);
   uint32_t n = atomic_load(&sg->persistent_n);
   if (add) {
      ok = mgu_array_reserve(sg->persistent, sg->persistent_cap, (uint64_t)n + 1);
      if (ok) {
         sg->persistent[n++] = buf;
         fe_share_unusual(sg); /* a draw ships it: no repeat draw */
      }
   } else {
      for (uint32_t i = 0; i < n; i++) {
         if (sg->persistent[i] == buf) {
            sg->persistent[i] = sg->persistent[--n];
            break;
         }
      }
   }
   atomic_store(&sg->persistent_n, n);
   pthread_mutex_unlock(&sg->lock);
   return ok;
}

static void
unmap(struct fe_context *ctx, struct fe_buffer *buf)
{
   (void)ctx;
   if (fe_buffer_map_blocks(buf))
      atomic_fetch_sub(&buf->base.share->blocking_maps, 1);
   if (buf->map_sent)
      persistent_list(buf->base.share, buf, false);
   free(buf->map_sent);
   buf->map_sent = NULL;
   buf->map_gpu_wrote = false;
   if (buf->map_shadow && !buf->map_direct)
      free(buf->map_shadow - (size_t)buf->map_offset % FE_MAP_ALIGNMENT);
   buf->map_direct = false;
   buf->map_shadow = NULL;
   buf->mapped = false;
   buf->map_access = 0;
   buf->map_offset = buf->map_length = 0;
}

static void
unbind_everywhere(struct fe_context *ctx, struct fe_buffer *buf)
{
   struct fe_buffer **points[] = {
      &ctx->array_buffer,          &ctx->copy_read_buffer,
      &ctx->copy_write_buffer,     &ctx->pixel_pack_buffer,
      &ctx->pixel_unpack_buffer,   &ctx->uniform_buffer,
      &ctx->texture_buffer,        &ctx->xfb_buffer,
      &ctx->storage_buffer,        &ctx->dispatch_indirect_buffer,
      &ctx->atomic_counter_buffer, &ctx->draw_indirect_buffer,
      &ctx->parameter_buffer,      &ctx->query_buffer,
   };
   for (size_t i = 0; i < sizeof(points) / sizeof(points[0]); i++)
      if (*points[i] == buf)
         FE_REBIND(ctx, points[i], NULL);
   for (int i = 0; i < FE_MAX_UBO_BINDINGS; i++) {
      if (ctx->ubo[i].buffer == buf) {
         FE_REBIND(ctx, &ctx->ubo[i].buffer, NULL);
         fe_draw_bump(ctx, &ctx->ubo_version);
      }
   }
   for (int i = 0; i < FE_MAX_SSBO_BINDINGS; i++) {
      if (ctx->ssbo[i].buffer == buf) {
         FE_REBIND(ctx, &ctx->ssbo[i].buffer, NULL);
         fe_draw_bump(ctx, &ctx->ssbo_version);
      }
   }
   for (int i = 0; i < FE_MAX_ATOMIC_BINDINGS; i++) {
      if (ctx->atomic[i].buffer == buf) {
         FE_REBIND(ctx, &ctx->atomic[i].buffer, NULL);
         fe_draw_bump(ctx, &ctx->atomic_version);
      }
   }
   /* Of the container objects, only the bound ones lose it (GL 3.3 and ES 3.0, 2.9.1); a
    * capture in progress keeps writing through its own reference (tf.bufs). */
   for (int i = 0; i < FE_MAX_XFB_BUFFERS; i++)
      if (ctx->tfo->xfb[i].buffer == buf)
         FE_REBIND(ctx, &ctx->tfo->xfb[i].buffer, NULL);
   fe_vao_unbind_buffer(ctx, element_vao(ctx), buf);
}

void
mgl_glDeleteBuffers(GLsizei n, const GLuint *buffers)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   struct fe_share_group *sg = ctx->share;
   for (GLsizei i = 0; i < n; i++) {
      GLuint name = buffers[i];
      void *obj = fe_share_take_name(sg, &sg->buffers, name);
      if (!obj)
         continue;
      /* before the object may go: every context's bind cache forgets it */
      atomic_fetch_add_explicit(&sg->buffer_names_gen, 1, memory_order_release);
      struct fe_buffer *buf = obj;
      if (buf->mapped)
         unmap(ctx, buf);
      unbind_everywhere(ctx, buf);
      fe_object_unref(ctx, &buf->base);
   }
}

GLboolean
mgl_glIsBuffer(GLuint buffer)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   return fe_buffer_lookup(ctx, buffer) ? GL_TRUE : GL_FALSE;
}

void
mgl_glBindBuffer(GLenum target, GLuint buffer)
{
   FE_CTX_OR_RETURN();
   /* a vertex array's buffer between draws (glBindBuffer + glVertexAttribPointer): its point
    * and its lookup inline */
   struct fe_buffer **point = data_point(ctx, target);
   FE_CHECK(!point, GL_INVALID_ENUM);
   bool ok;
   struct fe_buffer *buf = buffer_for_bind(ctx, buffer, &ok);
   FE_CHECK(!ok, GL_INVALID_OPERATION);
   if (*point == buf)
      return;
   FE_REBIND(ctx, point, buf);
   if (target == GL_ELEMENT_ARRAY_BUFFER)
      fe_draw_bump(ctx, &element_vao(ctx)->buffers_version);
}

/* ---- indexed bindings ----------------------------------------------------------------------- */

/* The number of indexed bindings of target: 0 for a target without them (GL_INVALID_ENUM). */
static unsigned
indexed_bindings(struct fe_context *ctx, GLenum target)
{
   switch (target) {
   case GL_UNIFORM_BUFFER: return FE_MAX_UBO_BINDINGS;
   case GL_TRANSFORM_FEEDBACK_BUFFER: return FE_MAX_XFB_BUFFERS;
   case GL_SHADER_STORAGE_BUFFER: return fe_ssbo_bindings(ctx);
   case GL_ATOMIC_COUNTER_BUFFER: return fe_atomic_bindings(ctx);
   default: return 0;
   }
}

/* The range checks of an indexed binding of a buffer (GL 4.6 §6.1.1): GL_INVALID_VALUE or
 * GL_NO_ERROR. */
static GLenum
range_error(struct fe_context *ctx, GLenum target, GLintptr offset, GLsizeiptr size)
{
   if (offset < 0 || size <= 0)
      return GL_INVALID_VALUE;
   if (target == GL_TRANSFORM_FEEDBACK_BUFFER)
      return (offset | size) & 3 ? GL_INVALID_VALUE : GL_NO_ERROR;
   if (target == GL_ATOMIC_COUNTER_BUFFER) /* GL 4.2, 6.1.1: a multiple of 4 */
      return offset & 3 ? GL_INVALID_VALUE : GL_NO_ERROR;
   /* GL 4.3, 6.1.1: an offset that is not a multiple of the target's *_OFFSET_ALIGNMENT is
    * GL_INVALID_VALUE (the device's limits, through caps) */
   const struct mgp_caps *caps = ctx->share->caps;
   const GLintptr align =
      (GLintptr)(target == GL_SHADER_STORAGE_BUFFER ? caps->storage_buffer_offset_alignment
                                                    : caps->uniform_buffer_offset_alignment);
   return align > 1 && offset % align ? GL_INVALID_VALUE : GL_NO_ERROR;
}

/* A uniform, storage or atomic counter binding b to buf: whole, or [offset, offset + size);
 * version is the draw input it moves (the uniform blocks' through fe_draw_bump_ubos). */
static inline void
set_block_binding(struct fe_context *ctx, struct fe_ubo_binding *b, uint64_t *version,
                  struct fe_buffer *buf, GLintptr offset, GLsizeiptr size, bool whole)
{
   const GLintptr new_offset = whole ? 0 : offset;
   const GLsizeiptr new_size = whole ? 0 : size;
   if (b->buffer == buf && b->offset == new_offset && b->size == new_size)
      return;
   FE_REBIND(ctx, &b->buffer, buf);
   b->offset = new_offset;
   b->size = new_size;
   if (version)
      fe_draw_bump(ctx, version);
   else
      fe_draw_bump_ubos(ctx);
}

/* Indexed binding index of target (checked) to buf: whole, or [offset, offset + size); a
 * transform feedback binding is tfo's. */
static void
set_indexed(struct fe_context *ctx, struct fe_tfo *tfo, GLenum target, GLuint index,
            struct fe_buffer *buf, GLintptr offset, GLsizeiptr size, bool whole)
{
   if (target == GL_TRANSFORM_FEEDBACK_BUFFER) {
      FE_REBIND(ctx, &tfo->xfb[index].buffer, buf);
      tfo->xfb[index].offset = whole ? 0 : offset;
      tfo->xfb[index].size = whole ? 0 : size;
      return;
   }
   if (target == GL_SHADER_STORAGE_BUFFER)
      set_block_binding(ctx, &ctx->ssbo[index], &ctx->ssbo_version, buf, offset, size, whole);
   else if (target == GL_ATOMIC_COUNTER_BUFFER)
      set_block_binding(ctx, &ctx->atomic[index], &ctx->atomic_version, buf, offset, size, whole);
   else
      set_block_binding(ctx, &ctx->ubo[index], NULL, buf, offset, size, whole);
}

/* glBindBufferBase/Range of a uniform block's binding (one per material between draws):
 * bind_range's checks in its order, for this target alone, and both points. */
static void
bind_uniform_block(struct fe_context *ctx, GLuint index, GLuint buffer, GLintptr offset,
                   GLsizeiptr size, bool whole)
{
   FE_CHECK(index >= FE_MAX_UBO_BINDINGS, GL_INVALID_VALUE);
   if (!whole && buffer) {
      const GLenum err = range_error(ctx, GL_UNIFORM_BUFFER, offset, size);
      FE_CHECK(err != GL_NO_ERROR, err);
   }
   bool ok = true;
   struct fe_buffer *buf = buffer_for_bind(ctx, buffer, &ok); /* inline: this bind's lookup */
   FE_CHECK(!ok, GL_INVALID_OPERATION);
   FE_REBIND(ctx, &ctx->uniform_buffer, buf);
   set_block_binding(ctx, &ctx->ubo[index], NULL, buf, offset, size, whole);
}

/* glBindBufferBase/Range (dsa NULL: the bound transform feedback object's bindings, the generic
 * point too, and a generated name becomes an object) and glTransformFeedbackBufferBase/Range
 * (GL 4.6 §13.2.2: dsa's binding only, of an existing buffer object, else GL_INVALID_VALUE). */
static void
bind_range(struct fe_context *ctx, struct fe_tfo *dsa, GLenum target, GLuint index, GLuint buffer,
           GLintptr offset, GLsizeiptr size, bool whole)
{
   struct fe_tfo *tfo = dsa ? dsa : ctx->tfo;
   const unsigned max = indexed_bindings(ctx, target);
   FE_CHECK(!max, GL_INVALID_ENUM);
   FE_CHECK(index >= max, GL_INVALID_VALUE);
   if (!whole && buffer) {
      const GLenum err = range_error(ctx, target, offset, size);
      FE_CHECK(err != GL_NO_ERROR, err);
   }
   /* GL 3.3, 2.15: the ranges being captured cannot change under an active capture. */
   FE_CHECK(target == GL_TRANSFORM_FEEDBACK_BUFFER && tfo->tf.active, GL_INVALID_OPERATION);
   bool ok = true;
   struct fe_buffer *buf = !dsa     ? fe_buffer_for_bind(ctx, buffer, &ok)
                           : buffer ? fe_buffer_lookup(ctx, buffer)
                                    : NULL;
   FE_CHECK(!ok, GL_INVALID_OPERATION);
   FE_CHECK(buffer && !buf, GL_INVALID_VALUE); /* GL 4.6 §13.2.2, unlike other DSA commands */
   /* The indexed bind also binds the generic point. */
   if (!dsa)
      FE_REBIND(ctx, binding_point(ctx, target), buf);
   set_indexed(ctx, tfo, target, index, buf, offset, size, whole);
}

void
fe_buffer_bind_xfb(struct fe_context *ctx, struct fe_tfo *tfo, GLuint index, GLuint buffer,
                   GLintptr offset, GLsizeiptr size, bool whole)
{
   bind_range(ctx, tfo, GL_TRANSFORM_FEEDBACK_BUFFER, index, buffer, offset, size, whole);
}

/* GL 4.4 §6.7.1 (ARB_multi_bind): bindings [first, first + count) of target, as many
 * glBindBufferBase/Range calls except that the generic binding point stays, names are not
 * created, and a binding in error (a name that is no buffer object: GL_INVALID_OPERATION; a
 * range out of the target's constraints: GL_INVALID_VALUE) is left while the others are
 * made. */
static void
bind_buffers(struct fe_context *ctx, GLenum target, GLuint first, GLsizei count,
             const GLuint *buffers, const GLintptr *offsets, const GLsizeiptr *sizes, bool whole)
{
   const unsigned max = indexed_bindings(ctx, target);
   FE_CHECK(!max, GL_INVALID_ENUM);
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   FE_CHECK((uint64_t)first + (uint64_t)count > max, GL_INVALID_OPERATION);
   FE_CHECK(target == GL_TRANSFORM_FEEDBACK_BUFFER && ctx->tfo->tf.active, GL_INVALID_OPERATION);
   for (GLsizei i = 0; i < count; i++) {
      struct fe_buffer *buf = NULL;
      if (buffers && buffers[i]) {
         buf = fe_buffer_lookup(ctx, buffers[i]);
         if (!buf) {
            fe_error(ctx, GL_INVALID_OPERATION);
            continue;
         }
         if (!whole) {
            const GLenum err = range_error(ctx, target, offsets[i], sizes[i]);
            if (err != GL_NO_ERROR) {
               fe_error(ctx, err);
               continue;
            }
         }
      }
      set_indexed(ctx, ctx->tfo, target, first + (GLuint)i, buf, buf && !whole ? offsets[i] : 0,
                  buf && !whole ? sizes[i] : 0, whole || !buf);
   }
}

void
mgl_glBindBuffersBase(GLenum target, GLuint first, GLsizei count, const GLuint *buffers)
{
   FE_CTX_OR_RETURN();
   bind_buffers(ctx, target, first, count, buffers, NULL, NULL, true);
}

void
mgl_glBindBuffersRange(GLenum target, GLuint first, GLsizei count, const GLuint *buffers,
                       const GLintptr *offsets, const GLsizeiptr *sizes)
{
   FE_CTX_OR_RETURN();
   bind_buffers(ctx, target, first, count, buffers, offsets, sizes, false);
}

void
mgl_glBindBufferBase(GLenum target, GLuint index, GLuint buffer)
{
   FE_CTX_OR_RETURN();
   if (target == GL_UNIFORM_BUFFER)
      bind_uniform_block(ctx, index, buffer, 0, 0, true);
   else
      bind_range(ctx, NULL, target, index, buffer, 0, 0, true);
}

void
mgl_glBindBufferRange(GLenum target, GLuint index, GLuint buffer, GLintptr offset, GLsizeiptr size)
{
   FE_CTX_OR_RETURN();
   if (target == GL_UNIFORM_BUFFER)
      bind_uniform_block(ctx, index, buffer, offset, size, false);
   else
      bind_range(ctx, NULL, target, index, buffer, offset, size, false);
}

/* EXT_transform_feedback: a transform feedback binding from offset to the end of the buffer,
 * whatever its size when the capture begins (a size of 0: fe_xfb.c); the offset a multiple of
 * 4, and no other target. */
void
mgl_glBindBufferOffsetEXT(GLenum target, GLuint index, GLuint buffer, GLintptr offset)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(target != GL_TRANSFORM_FEEDBACK_BUFFER, GL_INVALID_ENUM);
   FE_CHECK(index >= indexed_bindings(ctx, target), GL_INVALID_VALUE);
   FE_CHECK(offset < 0 || (offset & 3), GL_INVALID_VALUE);
   FE_CHECK(ctx->tfo->tf.active, GL_INVALID_OPERATION);
   bool ok = true;
   struct fe_buffer *buf = fe_buffer_for_bind(ctx, buffer, &ok);
   FE_CHECK(!ok, GL_INVALID_OPERATION);
   FE_REBIND(ctx, binding_point(ctx, target), buf);
   set_indexed(ctx, ctx->tfo, target, index, buf, buf ? offset : 0, 0, !buf);
}

/* ---- storage and data ----------------------------------------------------------------------- */

/* The buffer bound to target for a data call: GL_INVALID_ENUM for a bad target and
 * GL_INVALID_OPERATION for no buffer are recorded here. */
static struct fe_buffer *
bound_buffer(struct fe_context *ctx, GLenum target)
{
   struct fe_buffer **point = binding_point(ctx, target);
   if (!point) {
      fe_error(ctx, GL_INVALID_ENUM);
      return NULL;
   }
   if (!*point) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return NULL;
   }
   return *point;
}

/* A new store of size bytes (data: its bytes, or NULL) for glBufferData and glBufferStorage,
 * their errors ruled out. */
static void
store_create(struct fe_context *ctx, struct fe_buffer *buf, GLsizeiptr size, const void *data,
             GLenum usage, uint32_t storage_flags)
{
   if ((uint64_t)size > INT32_MAX) {
      MGU_DECLINE(gl_feature_unimplemented, "a buffer store of %lld bytes (2 GiB and more)",
                  (long long)size);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   if (buf->mapped)
      unmap(ctx, buf); /* the old store and its mapping go away */
   struct mgp_resource_desc d = {
      .res = buf->res,
      .target = MGP_RESOURCE_TARGET_BUFFER,
      .levels = 1,
      .bind_mask = MGP_BIND_VERTEX | MGP_BIND_INDEX | MGP_BIND_CONSTANT | MGP_BIND_SHADER_BUFFER |
                   MGP_BIND_INDIRECT | MGP_BIND_STREAM_OUTPUT | MGP_BIND_TRANSFER,
      .format = MGP_FORMAT_NONE,
      .width = (uint32_t)size,
      .height = 1,
      .depth = 1,
      .array_layers = 1,
      .usage = fe_mgp_buffer_usage(usage),
      .storage_flags = storage_flags,
      .size = (uint64_t)size,
   };
   /* A new store: the old one stays the server's until the GPU work that reads it is done. */
   const struct mgp_span old_store = buf->store;
   /* A persistent map of a heap store is the store (map_direct): worth the heap's granule at
    * any size, where the server says it maps one so. */
   const bool any_size = (storage_flags & MGP_STORAGE_MAP_PERSISTENT) &&
                         (ctx->share->caps->cap_bits & MGP_CAP_HEAP_MAP);
   mgt_client_heap_place(ctx->share->session, (uint64_t)size, any_size, &buf->store);
   d.store = buf->store;
   if (buf->created) {
      fe_resource_send(ctx->share, &d, true);
   } else {
      fe_resource_send(ctx->share, &d, false);
      buf->created = true;
   }
   mgt_client_heap_drop(ctx->share->session, &old_store);
   buf->size = size;
   buf->usage = usage;
   fe_share_bump(ctx->share, &ctx->share->buffer_gen);
   /* New store: the copy is valid when the app gave every byte (GL leaves the rest
    * undefined, and the server's undefined bytes need not be zero). */
   free(buf->copy);
   buf->copy = size && (uint64_t)size <= FE_BUFFER_COPY_MAX ? malloc((size_t)size) : NULL;
   buf->copy_valid = buf->copy && data && !buf->capturing;
   if (data && size)
      fe_buffer_upload(ctx, buf, 0, data, (uint64_t)size);
}

/* glBufferData and glNamedBufferData after the buffer is found. */
static void
buffer_data(struct fe_context *ctx, struct fe_buffer *buf, GLsizeiptr size, const void *data,
            GLenum usage)
{
   FE_CHECK(size < 0, GL_INVALID_VALUE);
   FE_CHECK(!fe_is_buffer_usage(usage), GL_INVALID_ENUM);
   /* 6.2: a store glBufferStorage made is never respecified */
   FE_CHECK(buf->immutable, GL_INVALID_OPERATION);
   buf->storage_flags = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT;
   store_create(ctx, buf, size, data, usage, 0);
}

#define STORAGE_ALL_BITS                                                                           \
   (GL_DYNAMIC_STORAGE_BIT | GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT |          \
    GL_MAP_COHERENT_BIT | GL_CLIENT_STORAGE_BIT)

/* glBufferStorage and glNamedBufferStorage after the buffer is found (GL 4.6 6.2). */
static void
buffer_storage(struct fe_context *ctx, struct fe_buffer *buf, GLsizeiptr size, const void *data,
               GLbitfield flags)
{
   FE_CHECK(size <= 0, GL_INVALID_VALUE);
   FE_CHECK(flags & ~(GLbitfield)STORAGE_ALL_BITS, GL_INVALID_VALUE);
   FE_CHECK((flags & GL_MAP_PERSISTENT_BIT) && !(flags & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)),
            GL_INVALID_VALUE);
   FE_CHECK((flags & GL_MAP_COHERENT_BIT) && !(flags & GL_MAP_PERSISTENT_BIT), GL_INVALID_VALUE);
   FE_CHECK(buf->immutable, GL_INVALID_OPERATION);
   /* The usage hint table 6.3 gives a store glBufferStorage made. */
   const uint32_t mgp_flags = ((flags & GL_DYNAMIC_STORAGE_BIT) ? MGP_STORAGE_DYNAMIC : 0) |
                              ((flags & GL_MAP_READ_BIT) ? MGP_STORAGE_MAP_READ : 0) |
                              ((flags & GL_MAP_WRITE_BIT) ? MGP_STORAGE_MAP_WRITE : 0) |
                              ((flags & GL_MAP_PERSISTENT_BIT) ? MGP_STORAGE_MAP_PERSISTENT : 0) |
                              ((flags & GL_MAP_COHERENT_BIT) ? MGP_STORAGE_MAP_COHERENT : 0) |
                              ((flags & GL_CLIENT_STORAGE_BIT) ? MGP_STORAGE_CLIENT : 0);
   store_create(ctx, buf, size, data, GL_DYNAMIC_DRAW, mgp_flags);
   if (buf->size != size)
      return; /* GL_OUT_OF_MEMORY */
   buf->immutable = true;
   buf->storage_flags = flags;
}

void
mgl_glBufferStorage(GLenum target, GLsizeiptr size, const void *data, GLbitfield flags)
{
   FE_CTX_OR_RETURN();
   /* ES: EXT_buffer_storage's glBufferStorageEXT (forwarded here) where the context lists it */
   FE_CHECK(fe_es_ext_lacks(ctx, FE_ES_EXT_BUFFER_STORAGE), GL_INVALID_OPERATION);
   struct fe_buffer *buf = bound_buffer(ctx, target);
   if (buf)
      buffer_storage(ctx, buf, size, data, flags);
}

void
mgl_glNamedBufferStorage(GLuint buffer, GLsizeiptr size, const void *data, GLbitfield flags)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   if (buf)
      buffer_storage(ctx, buf, size, data, flags);
}

void
mgl_glBufferData(GLenum target, GLsizeiptr size, const void *data, GLenum usage)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!binding_point(ctx, target), GL_INVALID_ENUM);
   FE_CHECK(size < 0, GL_INVALID_VALUE);
   FE_CHECK(!fe_is_buffer_usage(usage), GL_INVALID_ENUM);
   struct fe_buffer *buf = bound_buffer(ctx, target);
   if (buf)
      buffer_data(ctx, buf, size, data, usage);
}

void
mgl_glNamedBufferData(GLuint buffer, GLsizeiptr size, const void *data, GLenum usage)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   if (buf)
      buffer_data(ctx, buf, size, data, usage);
}

/* Whether [offset, offset + size) is a range of buf's store, without wrapping. */
static bool
in_store(const struct fe_buffer *buf, GLintptr offset, GLsizeiptr size)
{
   return offset >= 0 && size >= 0 && offset <= buf->size && size <= buf->size - offset;
}

/* buffer_write's persistent map: the bytes written into the shadow and into what was shipped,
 * so the next shipment does not send them again (out of line: a write into a buffer mapped
 * persistently is the rare one). */
static __attribute__((noinline)) void
map_sent_write(struct fe_buffer *buf, GLintptr offset, GLsizeiptr size, const void *data)
{
   const int64_t lo = offset > buf->map_offset ? offset : buf->map_offset;
   const int64_t hi = offset + size < buf->map_offset + buf->map_length
                         ? offset + size
                         : buf->map_offset + buf->map_length;
   if (lo < hi) {
      const uint8_t *src = (const uint8_t *)data + (lo - offset);
      memcpy(buf->map_shadow + (lo - buf->map_offset), src, (size_t)(hi - lo));
      memcpy(buf->map_sent + (lo - buf->map_offset), src, (size_t)(hi - lo));
   }
}

static inline __attribute__((always_inline)) void
buffer_write(struct fe_context *ctx, struct fe_buffer *buf, GLintptr offset, GLsizeiptr size,
             const void *data)
{
   buffer_upload(ctx, buf, (uint64_t)offset, data, (uint64_t)size);
   /* A persistent map sees the bytes as the server has them (map_sent_write). */
   if (buf->map_sent)
      map_sent_write(buf, offset, size, data);
}

void
fe_buffer_write(struct fe_context *ctx, struct fe_buffer *buf, GLintptr offset, GLsizeiptr size,
                const void *data)
{
   buffer_write(ctx, buf, offset, size, data);
}

/* buffer_subdata's other ways (a store the server renders from, a persistent map, a size
 * from FE_UPLOAD_CHECKED on), out of line: the common one keeps few values across its call. */
static __attribute__((noinline)) void
buffer_subdata_other(struct fe_context *ctx, struct fe_buffer *buf, GLintptr offset,
                     GLsizeiptr size, const void *data)
{
   if (data && size)
      buffer_write(ctx, buf, offset, size, data);
}

/* Inline in glBufferSubData and glNamedBufferSubData: a glBufferSubData between draws
 * (stream_draw's) pays one frame on its way to the record, not the entry's and this one's. The
 * common one (one record, no store the server renders from, no persistent map) sends the record
 * first and writes the client's copy after: only the copy's pointer, the bytes and the size live
 * across the call. */
static inline __attribute__((always_inline)) void
buffer_subdata(struct fe_context *ctx, struct fe_buffer *buf, GLintptr offset, GLsizeiptr size,
               const void *data)
{
   FE_CHECK(!in_store(buf, offset, size), GL_INVALID_VALUE);
   FE_CHECK(fe_buffer_map_blocks(buf), GL_INVALID_OPERATION);
   FE_CHECK(buf->immutable && !(buf->storage_flags & GL_DYNAMIC_STORAGE_BIT), GL_INVALID_OPERATION);
   /* (a size of 0 wraps to the other ways, which write nothing) */
   if (!data || buf->store.size || buf->map_sent ||
       (uint64_t)size - 1 >= (uint64_t)FE_UPLOAD_CHECKED - 1) {
      buffer_subdata_other(ctx, buf, offset, size, data);
      return;
   }
   /* in_store held: the copy (the store's size) takes the range */
   uint8_t *copy = buf->copy ? buf->copy + offset : NULL;
   const struct mgp_resource_subdata a = {
      .res = buf->res,
      .box = {.x = (int32_t)offset, .width = (uint32_t)size, .height = 1, .depth = 1},
      .data = {.ptr = (void *)data, .size = (uint64_t)size},
   };
   mgp_resource_subdata(&ctx->pipe, &a, NULL);
   if (copy)
      memcpy(copy, data, (size_t)size);
}

void
mgl_glBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, const void *data)
{
   FE_CTX_OR_RETURN();
   /* the point found once (bound_buffer would ask binding_point again), GL_ARRAY_BUFFER's inline */
   struct fe_buffer **point = data_point(ctx, target);
   FE_CHECK(!point, GL_INVALID_ENUM);
   FE_CHECK(offset < 0 || size < 0, GL_INVALID_VALUE);
   FE_CHECK(!*point, GL_INVALID_OPERATION);
   buffer_subdata(ctx, *point, offset, size, data);
}

void
mgl_glNamedBufferSubData(GLuint buffer, GLintptr offset, GLsizeiptr size, const void *data)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   if (buf)
      buffer_subdata(ctx, buf, offset, size, data);
}

void
fe_buffer_event(struct fe_context *ctx, const struct mgp_event *ev)
{
   /* Events name the pipe handle; a buffer deleted since has nothing left to update. */
   struct fe_share_group *sg = ctx->share;
   pthread_mutex_lock(&sg->lock);
   for (uint32_t i = 1; i < sg->buffers.capacity; i++) {
      struct fe_buffer *b = sg->buffers.slots[i];
      if (b && b != FE_NAME_RESERVED && b->res.slot == ev->slot && b->res.gen == ev->gen) {
         b->copy_valid = false;
         b->map_gpu_wrote = b->map_sent != NULL;
         break;
      }
   }
   pthread_mutex_unlock(&sg->lock);
}

/* Reads [offset, offset + size) of the buffer into dst: from the client's copy when it is
 * valid, else from the server (a counted round trip). */
void
fe_buffer_read(struct fe_context *ctx, struct fe_buffer *buf, uint64_t offset, uint64_t size,
               void *dst)
{
   if (!size || !buf->created)
      return;
   fe_drain_events(ctx);
   if (buf->copy_valid) {
      memcpy(dst, buf->copy + offset, size);
      return;
   }
   if (!fe_pipe_has(ctx, MGP_CALL_resource_readback)) {
      memset(dst, 0, size);
      return;
   }
   if (!fe_validate(ctx, FE_VERB_FLUSH))
      return; /* lost */
   /* With a copy, fetch the whole store once: later reads need no round trip. */
   const bool whole = buf->copy != NULL;
   struct mgp_resource_readback a = {
      .res = buf->res,
      .offset = whole ? 0 : offset,
      .size = whole ? (uint64_t)buf->size : size,
      .out = {.ptr = whole ? (void *)buf->copy : dst, .size = whole ? (uint64_t)buf->size : size},
   };
   mgp_resource_readback(&ctx->pipe, &a);
   if (!whole)
      return;
   memcpy(dst, buf->copy + offset, size);
   /* The read waited for every write before it; events about them are in by now, so none can
    * arrive later and spoil the copy. A capture still running may write again. */
   fe_drain_events(ctx);
   buf->copy_valid = !buf->capturing && !buf->map_direct && !fe_ctx_lost_quiet(ctx);
}

static void
get_subdata(struct fe_context *ctx, struct fe_buffer *buf, GLintptr offset, GLsizeiptr size,
            void *data)
{
   FE_CHECK(!in_store(buf, offset, size), GL_INVALID_VALUE);
   FE_CHECK(fe_buffer_map_blocks(buf), GL_INVALID_OPERATION);
   if (atomic_load(&ctx->share->persistent_n))
      fe_buffer_persistent_ship(ctx, false); /* the read sees a coherent map's writes */
   fe_buffer_read(ctx, buf, (uint64_t)offset, (uint64_t)size, data);
}

void
mgl_glGetBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, void *data)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!binding_point(ctx, target), GL_INVALID_ENUM);
   FE_CHECK(offset < 0 || size < 0, GL_INVALID_VALUE);
   struct fe_buffer *buf = bound_buffer(ctx, target);
   if (buf)
      get_subdata(ctx, buf, offset, size, data);
}

void
mgl_glGetNamedBufferSubData(GLuint buffer, GLintptr offset, GLsizeiptr size, void *data)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   if (buf)
      get_subdata(ctx, buf, offset, size, data);
}

static void
copy_subdata(struct fe_context *ctx, struct fe_buffer *src, struct fe_buffer *dst,
             GLintptr read_offset, GLintptr write_offset, GLsizeiptr size)
{
   FE_CHECK(!in_store(src, read_offset, size) || !in_store(dst, write_offset, size),
            GL_INVALID_VALUE);
   FE_CHECK(src == dst && read_offset < write_offset + size && write_offset < read_offset + size,
            GL_INVALID_VALUE);
   FE_CHECK(fe_buffer_map_blocks(src) || fe_buffer_map_blocks(dst), GL_INVALID_OPERATION);
   if (!size)
      return;
   if (atomic_load(&ctx->share->persistent_n))
      fe_buffer_persistent_ship(ctx, false); /* the copy reads a coherent map's writes */
   if (dst->map_sent)
      dst->map_gpu_wrote = true;
   if (!fe_pipe_has(ctx, MGP_CALL_resource_copy_region)) {
      /* The backend cannot copy: read the range back and write it (a counted round trip). */
      void *tmp = malloc((size_t)size);
      FE_CHECK(!tmp, GL_OUT_OF_MEMORY);
      fe_buffer_read(ctx, src, (uint64_t)read_offset, (uint64_t)size, tmp);
      fe_buffer_upload(ctx, dst, (uint64_t)write_offset, tmp, (uint64_t)size);
      free(tmp);
      return;
   }
   /* The GPU writes dst with src's bytes: the client knows them when src's copy is valid. */
   if (dst->copy && src->copy_valid)
      memcpy(dst->copy + write_offset, src->copy + read_offset, (size_t)size);
   else
      fe_buffer_gpu_write(dst);
   struct mgp_resource_copy_region a = {
      .dst = dst->res,
      .dst_x = (int32_t)write_offset,
      .src = src->res,
      .src_box = {.x = (int32_t)read_offset, .width = (uint32_t)size, .height = 1, .depth = 1},
   };
   mgp_resource_copy_region(&ctx->pipe, &a);
}

void
mgl_glCopyBufferSubData(GLenum read_target, GLenum write_target, GLintptr read_offset,
                        GLintptr write_offset, GLsizeiptr size)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!binding_point(ctx, read_target) || !binding_point(ctx, write_target), GL_INVALID_ENUM);
   struct fe_buffer *src = bound_buffer(ctx, read_target);
   if (!src)
      return;
   struct fe_buffer *dst = bound_buffer(ctx, write_target);
   if (dst)
      copy_subdata(ctx, src, dst, read_offset, write_offset, size);
}

void
mgl_glCopyNamedBufferSubData(GLuint read_buffer, GLuint write_buffer, GLintptr read_offset,
                             GLintptr write_offset, GLsizeiptr size)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *src = fe_buffer_named(ctx, read_buffer);
   if (!src)
      return;
   struct fe_buffer *dst = fe_buffer_named(ctx, write_buffer);
   if (dst)
      copy_subdata(ctx, src, dst, read_offset, write_offset, size);
}

/* ---- persistent maps ------------------------------------------------------------------------ */

/* Shipments compare the shadow with what was shipped in blocks of this many bytes. While the
 * server's bytes of the range are known to be map_sent's (no GPU write since the last fetch),
 * each run of changed blocks is sent whole; otherwise only the bytes that differ, so that the
 * unchanged bytes beside an app's write never overwrite what the GPU wrote there meanwhile. */
#define PERSIST_BLOCK 256u

/* Sends [at, end) of buf's shadow and records it as shipped. */
static void
persistent_send(struct fe_context *ctx, struct fe_buffer *buf, uint64_t at, uint64_t end)
{
   memcpy(buf->map_sent + at, buf->map_shadow + at, (size_t)(end - at));
   fe_buffer_upload(ctx, buf, (uint64_t)buf->map_offset + at, buf->map_sent + at, end - at);
   atomic_fetch_add(&ctx->share->persist_ships, 1);
   atomic_fetch_add(&ctx->share->persist_ship_bytes, end - at);
}

/* Sends the bytes of buf's shadow that changed since the last shipment. */
static void
persistent_ship_one(struct fe_context *ctx, struct fe_buffer *buf)
{
   struct fe_share_group *sg = ctx->share;
   const uint64_t len = (uint64_t)buf->map_length;
   const uint8_t *now = buf->map_shadow, *sent = buf->map_sent;
   atomic_fetch_add(&sg->persist_scans, 1);
   atomic_fetch_add(&sg->persist_scan_bytes, len);
   uint64_t at = 0;
   while (at < len) {
      uint64_t n = len - at < PERSIST_BLOCK ? len - at : PERSIST_BLOCK;
      if (!memcmp(now + at, sent + at, (size_t)n)) {
         at += n;
         continue;
      }
      uint64_t end = at + n; /* the run of changed blocks */
      while (end < len) {
         uint64_t m = len - end < PERSIST_BLOCK ? len - end : PERSIST_BLOCK;
         if (!memcmp(now + end, sent + end, (size_t)m))
            break;
         end += m;
      }
      if (!buf->map_gpu_wrote) {
         persistent_send(ctx, buf, at, end);
         at = end;
         continue;
      }
      while (at < end) { /* the runs of changed bytes */
         while (at < end && now[at] == sent[at])
            at++;
         uint64_t stop = at;
         while (stop < end && now[stop] != sent[stop])
            stop++;
         if (stop > at)
            persistent_send(ctx, buf, at, stop);
         at = stop;
      }
   }
}

/* Up to cap of the group's persistent maps from index first, each with a reference; how many. */
static uint32_t
persistent_take(struct fe_share_group *sg, uint32_t first, struct fe_buffer **out, uint32_t cap)
{
   pthread_mutex_lock(&sg->lock);
   uint32_t n = 0;
   for (uint32_t i = first; i < atomic_load(&sg->persistent_n) && n < cap; i++) {
      out[n] = sg->persistent[i];
      fe_object_ref(&out[n++]->base);
   }
   pthread_mutex_unlock(&sg->lock);
   return n;
}

void
fe_buffer_persistent_ship(struct fe_context *ctx, bool all)
{
   struct fe_buffer *list[16];
   uint32_t first = 0, n;
   while ((n = persistent_take(ctx->share, first, list, 16))) {
      for (uint32_t i = 0; i < n; i++) {
         struct fe_buffer *b = list[i];
         /* A write map that flushes explicitly sends only what glFlushMappedBufferRange names. */
         if (b->map_sent && (b->map_access & GL_MAP_WRITE_BIT) &&
             !(b->map_access & GL_MAP_FLUSH_EXPLICIT_BIT) &&
             (all || (b->map_access & GL_MAP_COHERENT_BIT)))
            persistent_ship_one(ctx, b);
         fe_object_unref(ctx, &b->base);
      }
      first += n;
   }
}

void
fe_buffer_persistent_fetch(struct fe_context *ctx)
{
   struct fe_share_group *sg = ctx->share;
   struct fe_buffer *list[16];
   uint32_t first = 0, n;
   bool shipped = false;
   while ((n = persistent_take(sg, first, list, 16))) {
      for (uint32_t i = 0; i < n; i++) {
         struct fe_buffer *b = list[i];
         if (b->map_sent && b->map_gpu_wrote) {
            /* What the app wrote reaches the server first: the fetch brings back the store,
             * and bytes the GPU did not write come back as the app left them. */
            if (!shipped)
               fe_buffer_persistent_ship(ctx, true);
            shipped = true;
            b->map_gpu_wrote = false;
            fe_buffer_read(ctx, b, (uint64_t)b->map_offset, (uint64_t)b->map_length, b->map_shadow);
            memcpy(b->map_sent, b->map_shadow, (size_t)b->map_length);
            atomic_fetch_add(&sg->persist_fetches, 1);
            atomic_fetch_add(&sg->persist_fetch_bytes, (uint64_t)b->map_length);
         }
         fe_object_unref(ctx, &b->base);
      }
      first += n;
   }
}

void
fe_buffer_persistent_finish(struct fe_share_group *sg)
{
   if (atomic_load(&sg->persist_scans) || atomic_load(&sg->persist_fetches) ||
       atomic_load(&sg->persist_direct_maps))
      mgu_log_always("MGL-PERSISTENT direct-maps=%llu heap-maps=%llu scans=%llu "
                     "scanned-bytes=%llu ships=%llu shipped-bytes=%llu fetches=%llu "
                     "fetched-bytes=%llu",
                     (unsigned long long)atomic_load(&sg->persist_direct_maps),
                     (unsigned long long)atomic_load(&sg->persist_heap_maps),
                     (unsigned long long)atomic_load(&sg->persist_scans),
                     (unsigned long long)atomic_load(&sg->persist_scan_bytes),
                     (unsigned long long)atomic_load(&sg->persist_ships),
                     (unsigned long long)atomic_load(&sg->persist_ship_bytes),
                     (unsigned long long)atomic_load(&sg->persist_fetches),
                     (unsigned long long)atomic_load(&sg->persist_fetch_bytes));
   free(sg->persistent);
   sg->persistent = NULL;
   sg->persistent_cap = 0;
   atomic_store(&sg->persistent_n, 0);
}

/* ---- mapping -------------------------------------------------------------------------------- */

#define MAP_ALL_BITS                                                                               \
   (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT |                             \
    GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT | GL_MAP_UNSYNCHRONIZED_BIT |         \
    GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT)
/* ES without EXT_buffer_storage: its maps take the six bits of ES 3.0 2.10.3. */
static GLbitfield
map_all_bits(struct fe_context *ctx)
{
   return fe_es_ext_lacks(ctx, FE_ES_EXT_BUFFER_STORAGE)
             ? (GLbitfield)MAP_ALL_BITS & ~(GLbitfield)(GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT)
             : (GLbitfield)MAP_ALL_BITS;
}
/* The access bits a map may ask for only where the store's flags have them (6.3). */
#define MAP_STORAGE_BITS                                                                           \
   (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT)

/* A persistent map onto the server's memory (MGP_CAP_CLIENT_MAP: the server role is in this
 * process) or onto the buffer's heap store, which the server imported as its memory
 * (MGP_CAP_HEAP_MAP: spawn, where the client maps the span too), or false: the shadow path. The
 * server waited for the earlier commands that use the buffer, so the memory shows their writes,
 * as a map without GL_MAP_UNSYNCHRONIZED_BIT must. */
static bool
map_direct(struct fe_context *ctx, struct fe_buffer *buf, GLintptr offset, GLsizeiptr length,
           GLbitfield access)
{
   const uint64_t caps = ctx->share->caps->cap_bits;
   if (!(access & GL_MAP_PERSISTENT_BIT) || !buf->created ||
       !((caps & MGP_CAP_CLIENT_MAP) || (buf->store.size && (caps & MGP_CAP_HEAP_MAP))) ||
       !fe_pipe_has(ctx, MGP_CALL_map_persistent))
      return false;
   /* What the app wrote into its other persistent maps reaches the server first: the server
    * may read them now (a copy it waits for). */
   if (atomic_load(&ctx->share->persistent_n))
      fe_buffer_persistent_ship(ctx, false);
   struct mgp_map_answer ans = {0};
   mgp_map_persistent(
      ctx->share->screen,
      &(struct mgp_map_persistent){.res = buf->res, .out = {.ptr = &ans, .size = sizeof(ans)}});
   uint8_t *store = (uint8_t *)(uintptr_t)ans.address;
   if (!ans.address && (ans.flags & MGP_MAP_HEAP_STORE)) {
      /* our own mapping of the span the server imported (its start is on the heap's granule) */
      int fd;
      uint64_t fd_offset;
      void *ptr = NULL;
      if (!mgt_client_heap_share(ctx->share->session, &buf->store, &fd, &fd_offset, &ptr))
         ptr = NULL;
      store = ptr;
      if (store)
         atomic_fetch_add(&ctx->share->persist_heap_maps, 1);
   }
   /* (a store it declined to map stays the shadow path: scanned and shipped, counted) */
   if (!store || ans.size != (uint64_t)buf->size || (uintptr_t)store % FE_MAP_ALIGNMENT)
      return false;
   buf->map_direct = true;
   buf->map_shadow = store + offset;
   buf->copy_valid = false; /* the app writes the store unseen from now on */
   (void)length;
   atomic_fetch_add(&ctx->share->persist_direct_maps, 1);
   return true;
}

/* buf is mapped from here on: its range, its access and where the app writes (shadow: the
 * client's copy, or the backend's memory for a direct map; sent: what was shipped of a
 * persistent shadow, NULL for none). */
static void
map_begin(struct fe_context *ctx, struct fe_buffer *buf, uint8_t *sent, void *shadow,
          GLintptr offset, GLsizeiptr length, GLbitfield access)
{
   buf->map_sent = sent;
   buf->map_gpu_wrote = false;
   if (!buf->mapped) {
      if (!(access & GL_MAP_PERSISTENT_BIT))
         atomic_fetch_add(&ctx->share->blocking_maps, 1);
      fe_share_unusual(ctx->share); /* a draw asks draw_ready: no repeat draw */
   }
   buf->mapped = true;
   buf->map_access = access;
   buf->map_offset = offset;
   buf->map_length = length;
   buf->map_shadow = shadow;
}

static void *
map_range(struct fe_context *ctx, struct fe_buffer *buf, GLintptr offset, GLsizeiptr length,
          GLbitfield access)
{
   if (map_direct(ctx, buf, offset, length, access)) {
      map_begin(ctx, buf, NULL, buf->map_shadow, offset, length, access);
      return buf->map_shadow;
   }
   const size_t pad = (size_t)offset % FE_MAP_ALIGNMENT;
   size_t alloc =
      (pad + (size_t)length + FE_MAP_ALIGNMENT - 1) / FE_MAP_ALIGNMENT * FE_MAP_ALIGNMENT;
   uint8_t *base = aligned_alloc(FE_MAP_ALIGNMENT, alloc ? alloc : FE_MAP_ALIGNMENT);
   uint8_t *shadow = base ? base + pad : NULL;
   if (!shadow) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   /* The shadow must hold the buffer's bytes unless the app promised not to read them and the
    * bytes it does not write will not be sent: read maps, and write maps that neither
    * invalidate nor flush explicitly (unmap sends the whole range back). */
   bool fill = (access & GL_MAP_READ_BIT) ||
               !(access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT |
                           GL_MAP_FLUSH_EXPLICIT_BIT));
   if (fill)
      fe_buffer_read(ctx, buf, (uint64_t)offset, (uint64_t)length, shadow);
   uint8_t *sent = NULL;
   if (access & GL_MAP_PERSISTENT_BIT) {
      /* Unfilled, the shadow starts as zeros and so does what was "shipped": only the bytes
       * the app writes differ, and only they are sent. */
      if (!fill)
         memset(shadow, 0, (size_t)length);
      sent = malloc((size_t)length);
      if (!sent || !persistent_list(ctx->share, buf, true)) {
         free(sent);
         free(base);
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return NULL;
      }
      memcpy(sent, shadow, (size_t)length);
   }
   map_begin(ctx, buf, sent, shadow, offset, length, access);
   return shadow;
}

/* glMapBufferRange and glMapNamedBufferRange after the buffer is found. */
static void *
map_buffer_range(struct fe_context *ctx, struct fe_buffer *buf, GLintptr offset, GLsizeiptr length,
                 GLbitfield access)
{
   FE_CHECK(!in_store(buf, offset, length), GL_INVALID_VALUE, NULL);
   FE_CHECK(access & ~map_all_bits(ctx), GL_INVALID_VALUE, NULL);
   FE_CHECK(length == 0, GL_INVALID_VALUE, NULL);
   FE_CHECK(!(access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)), GL_INVALID_OPERATION, NULL);
   FE_CHECK((access & GL_MAP_READ_BIT) &&
               (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT |
                          GL_MAP_UNSYNCHRONIZED_BIT)),
            GL_INVALID_OPERATION, NULL);
   FE_CHECK((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !(access & GL_MAP_WRITE_BIT),
            GL_INVALID_OPERATION, NULL);
   FE_CHECK(access & MAP_STORAGE_BITS & ~buf->storage_flags, GL_INVALID_OPERATION, NULL);
   FE_CHECK(buf->mapped, GL_INVALID_OPERATION, NULL);
   return map_range(ctx, buf, offset, length, access);
}

void *
mgl_glMapBufferRange(GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access)
{
   FE_CTX_OR_RETURN(NULL);
   FE_CHECK(!binding_point(ctx, target), GL_INVALID_ENUM, NULL);
   FE_CHECK(offset < 0 || length < 0, GL_INVALID_VALUE, NULL);
   FE_CHECK(access & ~map_all_bits(ctx), GL_INVALID_VALUE, NULL);
   struct fe_buffer *buf = bound_buffer(ctx, target);
   return buf ? map_buffer_range(ctx, buf, offset, length, access) : NULL;
}

void *
mgl_glMapNamedBufferRange(GLuint buffer, GLintptr offset, GLsizeiptr length, GLbitfield access)
{
   FE_CTX_OR_RETURN(NULL);
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   return buf ? map_buffer_range(ctx, buf, offset, length, access) : NULL;
}

/* glMapBuffer's access as glMapBufferRange's bits; 0 for an access that is none. */
static GLbitfield
map_access_bits(GLenum access)
{
   switch (access) {
   case GL_READ_ONLY: return GL_MAP_READ_BIT;
   case GL_WRITE_ONLY: return GL_MAP_WRITE_BIT;
   case GL_READ_WRITE: return GL_MAP_READ_BIT | GL_MAP_WRITE_BIT;
   default: return 0;
   }
}

static void *
map_buffer(struct fe_context *ctx, struct fe_buffer *buf, GLbitfield bits)
{
   FE_CHECK(buf->mapped, GL_INVALID_OPERATION, NULL);
   if (!buf->size)
      return NULL;
   /* glMapBuffer is glMapBufferRange over the store, with its errors (6.3) */
   FE_CHECK(bits & ~buf->storage_flags, GL_INVALID_OPERATION, NULL);
   return map_range(ctx, buf, 0, buf->size, bits);
}

void *
mgl_glMapBuffer(GLenum target, GLenum access)
{
   FE_CTX_OR_RETURN(NULL);
   FE_CHECK(!binding_point(ctx, target), GL_INVALID_ENUM, NULL);
   const GLbitfield bits = map_access_bits(access);
   FE_CHECK(!bits, GL_INVALID_ENUM, NULL);
   struct fe_buffer *buf = bound_buffer(ctx, target);
   return buf ? map_buffer(ctx, buf, bits) : NULL;
}

void *
mgl_glMapNamedBuffer(GLuint buffer, GLenum access)
{
   FE_CTX_OR_RETURN(NULL);
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   if (!buf)
      return NULL;
   const GLbitfield bits = map_access_bits(access);
   FE_CHECK(!bits, GL_INVALID_ENUM, NULL);
   return map_buffer(ctx, buf, bits);
}

/* OES_mapbuffer: ES 2.0 maps whole buffers for writing only (access WRITE_ONLY_OES, anything
 * else INVALID_ENUM); glUnmapBufferOES and glGetBufferPointervOES are the core commands. */
void *
mgl_glMapBufferOES(GLenum target, GLenum access)
{
   FE_CTX_OR_RETURN(NULL);
   FE_CHECK(access != GL_WRITE_ONLY, GL_INVALID_ENUM, NULL);
   return mgl_glMapBuffer(target, access);
}

static GLboolean
unmap_buffer(struct fe_context *ctx, struct fe_buffer *buf)
{
   FE_CHECK(!buf->mapped, GL_INVALID_OPERATION, GL_FALSE);
   /* (a direct map has nothing to send: the app wrote the store itself) */
   if (buf->map_sent && !(buf->map_access & GL_MAP_FLUSH_EXPLICIT_BIT))
      persistent_ship_one(ctx, buf); /* what changed since the last shipment */
   else if (!buf->map_direct && (buf->map_access & GL_MAP_WRITE_BIT) &&
            !(buf->map_access & GL_MAP_FLUSH_EXPLICIT_BIT))
      fe_buffer_upload(ctx, buf, (uint64_t)buf->map_offset, buf->map_shadow,
                       (uint64_t)buf->map_length);
   unmap(ctx, buf);
   return GL_TRUE;
}

GLboolean
mgl_glUnmapBuffer(GLenum target)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   FE_CHECK(!binding_point(ctx, target), GL_INVALID_ENUM, GL_FALSE);
   struct fe_buffer *buf = bound_buffer(ctx, target);
   return buf ? unmap_buffer(ctx, buf) : GL_FALSE;
}

GLboolean
mgl_glUnmapNamedBuffer(GLuint buffer)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   return buf ? unmap_buffer(ctx, buf) : GL_FALSE;
}

static void
flush_range(struct fe_context *ctx, struct fe_buffer *buf, GLintptr offset, GLsizeiptr length)
{
   FE_CHECK(offset < 0 || length < 0, GL_INVALID_VALUE);
   FE_CHECK(!buf->mapped || !(buf->map_access & GL_MAP_FLUSH_EXPLICIT_BIT), GL_INVALID_OPERATION);
   FE_CHECK(offset > buf->map_length || length > buf->map_length - offset, GL_INVALID_VALUE);
   if (!length || buf->map_direct)
      return; /* a direct map's memory is coherent: the bytes are in the store already */
   fe_buffer_upload(ctx, buf, (uint64_t)(buf->map_offset + offset), buf->map_shadow + offset,
                    (uint64_t)length);
   if (buf->map_sent)
      memcpy(buf->map_sent + offset, buf->map_shadow + offset, (size_t)length);
}

void
mgl_glFlushMappedBufferRange(GLenum target, GLintptr offset, GLsizeiptr length)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!binding_point(ctx, target), GL_INVALID_ENUM);
   FE_CHECK(offset < 0 || length < 0, GL_INVALID_VALUE);
   struct fe_buffer *buf = bound_buffer(ctx, target);
   if (buf)
      flush_range(ctx, buf, offset, length);
}

void
mgl_glFlushMappedNamedBufferRange(GLuint buffer, GLintptr offset, GLsizeiptr length)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   if (buf)
      flush_range(ctx, buf, offset, length);
}

/* ---- queries -------------------------------------------------------------------------------- */

static bool
buffer_pname_ok(struct fe_context *ctx, GLenum pname)
{
   if ((pname == GL_BUFFER_IMMUTABLE_STORAGE || pname == GL_BUFFER_STORAGE_FLAGS) &&
       fe_es_ext_lacks(ctx, FE_ES_EXT_BUFFER_STORAGE))
      return false; /* ES 3.0 has no buffer storage (EXT_buffer_storage brings it to ES 3.1) */
   switch (pname) {
   case GL_BUFFER_SIZE:
   case GL_BUFFER_USAGE:
   case GL_BUFFER_ACCESS:
   case GL_BUFFER_ACCESS_FLAGS:
   case GL_BUFFER_MAPPED:
   case GL_BUFFER_MAP_OFFSET:
   case GL_BUFFER_MAP_LENGTH:
   case GL_BUFFER_IMMUTABLE_STORAGE:
   case GL_BUFFER_STORAGE_FLAGS: return true;
   default: return false;
   }
}

/* A checked pname's value. */
static GLint64
buffer_param(const struct fe_buffer *buf, GLenum pname)
{
   switch (pname) {
   case GL_BUFFER_SIZE: return buf->size;
   case GL_BUFFER_USAGE: return buf->usage;
   case GL_BUFFER_ACCESS: {
      GLbitfield rw = buf->map_access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT);
      return rw == GL_MAP_READ_BIT    ? GL_READ_ONLY
             : rw == GL_MAP_WRITE_BIT ? GL_WRITE_ONLY
                                      : GL_READ_WRITE;
   }
   case GL_BUFFER_ACCESS_FLAGS: return buf->map_access;
   case GL_BUFFER_MAPPED: return buf->mapped;
   case GL_BUFFER_MAP_OFFSET: return buf->map_offset;
   case GL_BUFFER_IMMUTABLE_STORAGE: return buf->immutable;
   case GL_BUFFER_STORAGE_FLAGS: return buf->storage_flags;
   default: return buf->map_length;
   }
}

/* The buffer bound to target (0: none) for a parameter query, pname checked; NULL after
 * recording the error. */
static struct fe_buffer *
bound_for_query(struct fe_context *ctx, GLenum target, GLenum pname)
{
   if (!binding_point(ctx, target) || !buffer_pname_ok(ctx, pname)) {
      fe_error(ctx, GL_INVALID_ENUM);
      return NULL;
   }
   return bound_buffer(ctx, target);
}

static struct fe_buffer *
named_for_query(struct fe_context *ctx, GLuint buffer, GLenum pname)
{
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   if (buf && !buffer_pname_ok(ctx, pname)) {
      fe_error(ctx, GL_INVALID_ENUM);
      return NULL;
   }
   return buf;
}

void
mgl_glGetBufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   const struct fe_buffer *buf = bound_for_query(ctx, target, pname);
   if (buf)
      *params = (GLint)buffer_param(buf, pname);
}

void
mgl_glGetBufferParameteri64v(GLenum target, GLenum pname, GLint64 *params)
{
   FE_CTX_OR_RETURN();
   const struct fe_buffer *buf = bound_for_query(ctx, target, pname);
   if (buf)
      *params = buffer_param(buf, pname);
}

void
mgl_glGetNamedBufferParameteriv(GLuint buffer, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   const struct fe_buffer *buf = named_for_query(ctx, buffer, pname);
   if (buf)
      *params = (GLint)buffer_param(buf, pname);
}

void
mgl_glGetNamedBufferParameteri64v(GLuint buffer, GLenum pname, GLint64 *params)
{
   FE_CTX_OR_RETURN();
   const struct fe_buffer *buf = named_for_query(ctx, buffer, pname);
   if (buf)
      *params = buffer_param(buf, pname);
}

void
mgl_glGetBufferPointerv(GLenum target, GLenum pname, void **params)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!binding_point(ctx, target), GL_INVALID_ENUM);
   FE_CHECK(pname != GL_BUFFER_MAP_POINTER, GL_INVALID_ENUM);
   struct fe_buffer *buf = bound_buffer(ctx, target);
   if (buf)
      *params = buf->mapped ? buf->map_shadow : NULL;
}

void
mgl_glGetNamedBufferPointerv(GLuint buffer, GLenum pname, void **params)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   if (!buf)
      return;
   FE_CHECK(pname != GL_BUFFER_MAP_POINTER, GL_INVALID_ENUM);
   *params = buf->mapped ? buf->map_shadow : NULL;
}

/* The buffer name bound to a target, for glGet. */
GLuint
fe_buffer_binding_name(struct fe_context *ctx, GLenum target)
{
   struct fe_buffer **point = binding_point(ctx, target);
   return point && *point ? (*point)->base.name : 0;
}

/* The binding point of a buffer target, NULL for one this context does not have. */
struct fe_buffer **
fe_buffer_binding_point(struct fe_context *ctx, GLenum target)
{
   return binding_point(ctx, target);
}
