/* fe_client_arrays.c — OpenGL ES client-side vertex arrays (ES 2.0 §2.8, ES 3.0 §2.9): with
 * vertex array object zero bound, glVertexAttribPointer may name the app's memory instead of a
 * buffer. The server cannot read the app's memory, so each draw copies the vertices it reads
 * (found from its first/count, or from its indices) into a buffer of the vertex array, the
 * "stream", and the attribute reads from there. The stream is rewritten at offset 0 per draw:
 * the backend orders each write after the draws that read the earlier bytes. GL_FIXED arrays
 * (ES) take the same road in any vertex array, from client memory or from their buffer (the
 * client's copy of it, else a counted readback): 16.16 fixed point has no Vulkan vertex
 * format, so the copy is converted to tight floats. */
#include <stdlib.h>
#include <string.h>

#include "fe_gl.h"
#include "log.h"

#define STREAM_MIN_SIZE (64u << 10)
#define STREAM_ALIGN 16u

void
fe_client_arrays_finish(struct fe_context *ctx, struct fe_vao *vao)
{
   if (!vao->stream_size)
      return;
   struct fe_share_group *sg = ctx->share;
   mgp_resource_destroy(sg->screen, &(struct mgp_handle_args){vao->stream_res});
   fe_share_free_handle(sg, MGP_KIND_BUFFER, vao->stream_res);
   vao->stream_size = 0;
}

/* A stream of at least `size` bytes: made, or made again larger. */
static bool
stream_reserve(struct fe_context *ctx, struct fe_vao *vao, uint64_t size)
{
   if (vao->stream_size >= size)
      return true;
   uint64_t cap = vao->stream_size ? vao->stream_size : STREAM_MIN_SIZE;
   while (cap < size)
      cap *= 2;
   if (cap > UINT32_MAX) {
      MGU_DECLINE(gl_feature_unimplemented, "client-side arrays of %llu bytes in one draw",
                  (unsigned long long)size);
      return false;
   }
   struct fe_share_group *sg = ctx->share;
   if (!vao->stream_size && !fe_share_alloc_handle(sg, MGP_KIND_BUFFER, &vao->stream_res)) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   struct mgp_resource_desc d = {
      .res = vao->stream_res,
      .target = MGP_RESOURCE_TARGET_BUFFER,
      .levels = 1,
      .bind_mask = MGP_BIND_VERTEX | MGP_BIND_TRANSFER,
      .format = MGP_FORMAT_NONE,
      .width = (uint32_t)cap,
      .height = 1,
      .depth = 1,
      .array_layers = 1,
      .usage = MGP_BUFFER_USAGE_STREAM_DRAW,
      .size = cap,
   };
   if (vao->stream_size)
      fe_resource_send(sg, &d, true);
   else
      fe_resource_send(sg, &d, false);
   vao->stream_size = cap;
   return true;
}

/* GL_FIXED elements n of comps components, `stride` bytes apart in src, as tight floats:
 * ES 2.0 2.8, a 16.16 two's-complement value over 2^16 (never normalized). */
static void
fixed_to_float(float *dst, const uint8_t *src, uint64_t n, unsigned comps, uint64_t stride)
{
   for (uint64_t e = 0; e < n; e++)
      for (unsigned c = 0; c < comps; c++) {
         int32_t v;
         memcpy(&v, src + e * stride + c * 4u, 4);
         *dst++ = (float)v / 65536.0f;
      }
}

bool
fe_client_arrays_prepare(struct fe_context *ctx, uint32_t first, uint32_t last, uint32_t instances,
                         uint32_t baseinstance, int64_t *rebase)
{
   struct fe_vao *vao = ctx->vao;
   *rebase = 0;
   /* Rebase (the copies start at element `first`, not 0) when every per-vertex array is
    * streamed: the draw's indices then move down by `first` for every array alike. Not when
    * the vertex shader reads gl_VertexID, which is first + i (GL 4.6 11.1.3.9, basevertex
    * included for indexed draws): the draw keeps its indices, and each copy sits at its
    * elements' own places in the stream (the elements before `first` take stream space but
    * are neither read from the client nor written). */
   const struct fe_exec *exec = fe_ctx_exec(ctx);
   bool rebased = !exec || !exec->reads_vertex_id;
   for (unsigned i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++) {
      const struct fe_vertex_attrib *a = &vao->attribs[i];
      if (!a->enabled || fe_vao_attrib_streamed(vao, i))
         continue;
      const unsigned b = fe_vao_attrib_binding(vao, i);
      if (vao->attribs[b].client || fe_vao_attrib_streamed(vao, b)) {
         /* the copy is made per attribute, from the attribute's own binding */
         MGU_DECLINE(gl_feature_unimplemented,
                     "attribute %u reads client-side binding %u through glVertexAttribBinding", i,
                     b);
         return false;
      }
      if (!vao->attribs[b].divisor)
         rebased = false;
   }
   const uint32_t base = rebased ? first : 0;
   struct span {
      const uint8_t *src; /* client memory, or NULL: bytes from the buffer */
      uint64_t bytes;     /* of the source */
      uint64_t count;     /* elements */
      uint64_t skip;      /* elements of the stream before the copy's first */
   } spans[FE_MAX_VERTEX_ATTRIBS] = {{0}};
   uint64_t total = 0;
   bool ok = true;
   for (unsigned i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++) {
      struct fe_vertex_attrib *a = &vao->attribs[i];
      if (!fe_vao_attrib_streamed(vao, i))
         continue;
      if (a->relative_offset) {
         MGU_DECLINE(gl_feature_unimplemented,
                     "client-side array %u with a relative offset (glVertexAttribFormat)", i);
         return false;
      }
      if (a->client && !a->offset) {
         /* No buffer and no pointer: nothing to read (GL leaves this undefined). */
         MGU_DECLINE(gl_draw_out_of_bounds, "client-side array %u with a NULL pointer", i);
         return false;
      }
      if (!a->client && !a->buffer) {
         MGU_DECLINE(gl_draw_out_of_bounds, "GL_FIXED array %u with no buffer", i);
         return false;
      }
      const uint64_t stride = fe_vao_attrib_stride(a), elem = fe_vao_attrib_bytes(a);
      uint64_t lo = first, hi = last;
      if (a->divisor) {
         /* instance i reads element i / divisor + baseinstance (GL 4.6 10.5); the copy starts
          * at element 0, so the draw's base instance indexes it unchanged */
         lo = 0;
         hi = (uint64_t)baseinstance + (instances ? (instances - 1) / a->divisor : 0);
      }
      spans[i].bytes = (hi - lo) * stride + elem;
      spans[i].count = hi - lo + 1;
      if (a->client) {
         spans[i].src = (const uint8_t *)(uintptr_t)a->offset + lo * stride;
      } else if (a->offset + lo * stride + spans[i].bytes > (uint64_t)a->buffer->size) {
         MGU_DECLINE(gl_draw_out_of_bounds, "GL_FIXED array %u reads past its %lld-byte buffer", i,
                     (long long)a->buffer->size);
         return false;
      }
      /* the stream holds elements [base, hi] (per instance: [0, hi]), written from lo on */
      spans[i].skip = a->divisor ? 0 : lo - base;
      const uint64_t out = (a->type == GL_FIXED ? spans[i].count * elem : spans[i].bytes) +
                           spans[i].skip * (a->type == GL_FIXED ? elem : stride);
      a->stream_offset = total;
      total += (out + STREAM_ALIGN - 1) / STREAM_ALIGN * STREAM_ALIGN;
   }
   if (!stream_reserve(ctx, vao, total))
      return false;
   for (unsigned i = 0; i < FE_MAX_VERTEX_ATTRIBS && ok; i++) {
      struct fe_vertex_attrib *a = &vao->attribs[i];
      if (!fe_vao_attrib_streamed(vao, i))
         continue;
      const uint64_t stride = fe_vao_attrib_stride(a), elem = fe_vao_attrib_bytes(a);
      if (a->type != GL_FIXED) {
         fe_resource_upload(ctx, vao->stream_res, a->stream_offset + spans[i].skip * stride,
                            spans[i].src, spans[i].bytes);
         continue;
      }
      uint8_t *from_buffer = NULL;
      const uint8_t *src = spans[i].src;
      if (!src) {
         /* the buffer's bytes: from the client's copy, or a counted round trip */
         const uint64_t lo = a->divisor ? 0 : first;
         from_buffer = malloc(spans[i].bytes);
         if (from_buffer)
            fe_buffer_read(ctx, a->buffer, a->offset + lo * stride, spans[i].bytes, from_buffer);
         src = from_buffer;
      }
      float *conv = src ? malloc(spans[i].count * elem) : NULL;
      if (conv) {
         fixed_to_float(conv, src, spans[i].count, (unsigned)(elem / 4u), stride);
         fe_resource_upload(ctx, vao->stream_res, a->stream_offset + spans[i].skip * elem, conv,
                            spans[i].count * elem);
      } else {
         fe_error(ctx, GL_OUT_OF_MEMORY);
         ok = false;
      }
      free(conv);
      free(from_buffer);
   }
   if (!ok)
      return false;
   fe_draw_bump(ctx, &vao->buffers_version);
   *rebase = base;
   return true;
}

bool
fe_client_arrays_index_range(struct fe_context *ctx, GLenum type, GLsizei count,
                             const void *indices, uint32_t *min, uint32_t *max)
{
   const unsigned size = type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
   const uint8_t *src = indices;
   uint8_t *copy = NULL;
   struct fe_buffer *eb = ctx->vao->elements;
   if (eb) {
      const uint64_t offset = (uint64_t)(uintptr_t)indices, bytes = (uint64_t)count * size;
      if (!eb->created || offset + bytes > (uint64_t)eb->size) {
         MGU_DECLINE(gl_draw_out_of_bounds, "indices [%llu, +%llu) past a %lld-byte buffer",
                     (unsigned long long)offset, (unsigned long long)bytes, (long long)eb->size);
         return false;
      }
      if (eb->copy && eb->copy_valid) {
         src = eb->copy + offset;
      } else {
         copy = malloc(bytes ? bytes : 1);
         if (!copy) {
            fe_error(ctx, GL_OUT_OF_MEMORY);
            return false;
         }
         fe_buffer_read(ctx, eb, offset, bytes, copy); /* a counted round trip */
         src = copy;
      }
   }
   if (!src) {
      /* no element buffer and a NULL pointer: nothing GL can read (undefined) */
      MGU_DECLINE(gl_draw_out_of_bounds, "client-side indices at NULL");
      return false;
   }
   const bool restart = ctx->rs.primitive_restart;
   const uint32_t restart_index = fe_restart_index(ctx, size);
   uint32_t lo = UINT32_MAX, hi = 0;
   bool any = false;
   for (GLsizei k = 0; k < count; k++) {
      uint32_t v;
      if (size == 1) {
         v = src[k];
      } else if (size == 2) {
         uint16_t s;
         memcpy(&s, src + 2 * (size_t)k, 2);
         v = s;
      } else {
         memcpy(&v, src + 4 * (size_t)k, 4);
      }
      if (restart && v == restart_index)
         continue;
      any = true;
      if (v < lo)
         lo = v;
      if (v > hi)
         hi = v;
   }
   free(copy);
   *min = lo;
   *max = hi;
   return any; /* none: every index restarts, so the draw has nothing to draw */
}
