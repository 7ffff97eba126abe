/* fe_buffer_clear.c — glClearBufferData and glClearBufferSubData (GL 4.3, ARB_clear_buffer_object):
 * one element converted in the client to the internal format, repeated over the range and sent
 * through the buffer upload path (fe_buffer_upload: the shared store when the server says the
 * buffer is idle, else resource_subdata in FE_UPLOAD_CHUNK pieces).
 *
 * No fill call on the wire: a clear costs its size in bytes sent, which is a memcpy on monolith,
 * inproc and spawn (shared store) and only costs on tcp, where a clear of a big buffer is rare
 * next to the uploads that filled it. A fill call (pattern + range) would save those bytes on
 * tcp; it is worth an ABI bump when a program is seen clearing large buffers every frame. */
#include <stdlib.h>
#include <string.h>

#include "fe_format.h"
#include "fe_gl.h"
#include "gl_api.h"
#include "log.h"

/* GL 4.6 Table 8.16 (the buffer texture formats, with ARB_texture_buffer_object_rgb32's
 * RGB32F/I/UI): the internal formats a clear may give. */
static bool
clear_format(GLenum f)
{
   switch (f) {
   case GL_RGB32F:
   case GL_RGB32I:
   case GL_RGB32UI: return true;
   default: return fe_texture_buffer_format(f);
   }
}

/* The size in bytes of the element internalformat stores, checked against format/type: 0
 * after recording the error. Nothing of the app's data is read here. */
static size_t
clear_element_size(struct fe_context *ctx, GLenum internalformat, GLenum format, GLenum type)
{
   const struct fe_format_info *info =
      clear_format(internalformat) ? fe_format_lookup(internalformat) : NULL;
   if (!info) {
      fe_error(ctx, GL_INVALID_ENUM);
      return 0;
   }
   /* Only colour data, of a valid format/type pair (GL 4.6 §6.2.1 via §8.4.4). */
   if (format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL || format == GL_STENCIL_INDEX ||
       fe_pixel_check(format, type, ctx->desc.api == FE_API_GLES) != GL_NO_ERROR) {
      fe_error(ctx, GL_INVALID_VALUE);
      return 0;
   }
   /* No conversion between integer and normalized or float data (GL 4.6 §8.4.4.2). */
   if (!fe_pixel_matches_internal(info, format)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return 0;
   }
   const struct fe_mgp_format_desc *fd = fe_mgp_format(info->format);
   /* RGB32 formats are stored as RGBA32 on the server side of textures; the buffer's element
    * is the three components the app asked for. */
   return info->base == GL_RGB ? 12 : fd->bytes;
}

/* The element of size bytes internalformat stores, from one pixel of format/type at data
 * (zeros for NULL): false after recording the error. Read only once the call's other errors
 * are ruled out: a call GL refuses reads none of data. */
static bool
clear_element(struct fe_context *ctx, GLenum internalformat, GLenum format, GLenum type,
              const void *data, size_t size, uint8_t elem[16])
{
   const uint16_t fmt = fe_format_lookup(internalformat)->format; /* checked by the size */
   const struct fe_mgp_format_desc *fd = fe_mgp_format(fmt);
   memset(elem, 0, 16);
   if (!data)
      return true;
   uint8_t texel[16];
   if (fd->bytes > sizeof(texel) ||
       !fe_pixel_unpack(texel, fmt, data, 0, 1, 1, format, type, ctx->unpack.swap_bytes)) {
      MGU_DECLINE(gl_feature_unimplemented, "glClearBufferData from format 0x%04x type 0x%04x",
                  format, type);
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   memcpy(elem, texel, size);
   return true;
}

/* Fills [offset, offset + size) of buf with the element (size a multiple of elem_size). */
static void
clear_range(struct fe_context *ctx, struct fe_buffer *buf, uint64_t offset, uint64_t size,
            const uint8_t *elem, size_t elem_size)
{
   if (!size)
      return;
   /* A coherent map's earlier writes land before the fill; the map sees the fill once the app
    * waits for the GPU (fe_buffer_persistent_fetch). */
   if (atomic_load(&ctx->share->persistent_n))
      fe_buffer_persistent_ship(ctx, false);
   if (buf->map_sent)
      buf->map_gpu_wrote = true;
   /* One piece of whole elements, repeated: at most FE_UPLOAD_CHUNK bytes held at once. */
   uint64_t piece = size < FE_UPLOAD_CHUNK ? size : FE_UPLOAD_CHUNK - FE_UPLOAD_CHUNK % elem_size;
   uint8_t *fill = malloc((size_t)piece);
   if (!fill) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   for (uint64_t i = 0; i < piece; i += elem_size)
      memcpy(fill + i, elem, elem_size);
   while (size) {
      const uint64_t n = size < piece ? size : piece;
      fe_buffer_upload(ctx, buf, offset, fill, n);
      offset += n;
      size -= n;
   }
   free(fill);
}

/* GL 4.6 §6.2.1's checks for the range, then the fill of buf (the bound or the named one). */
static void
clear_sub(struct fe_context *ctx, struct fe_buffer *buf, GLenum internalformat, GLintptr offset,
          GLsizeiptr size, GLenum format, GLenum type, const void *data, bool whole)
{
   const size_t elem_size = clear_element_size(ctx, internalformat, format, type);
   if (!elem_size)
      return;
   if (whole) {
      offset = 0;
      size = buf->size;
   }
   FE_CHECK(offset < 0 || size < 0 || (uint64_t)offset > (uint64_t)buf->size ||
               (uint64_t)size > (uint64_t)buf->size - (uint64_t)offset,
            GL_INVALID_VALUE);
   FE_CHECK((uint64_t)offset % elem_size || (uint64_t)size % elem_size, GL_INVALID_VALUE);
   /* Any part of the range mapped, unless persistently (GL 4.6 6.3.2). */
   FE_CHECK(fe_buffer_map_blocks(buf) &&
               (uint64_t)offset < (uint64_t)(buf->map_offset + buf->map_length) &&
               (uint64_t)buf->map_offset < (uint64_t)(offset + size),
            GL_INVALID_OPERATION);
   uint8_t elem[16];
   if (clear_element(ctx, internalformat, format, type, data, elem_size, elem))
      clear_range(ctx, buf, (uint64_t)offset, (uint64_t)size, elem, elem_size);
}

/* The buffer bound to target: NULL with the error raised. */
static struct fe_buffer *
bound_buffer(struct fe_context *ctx, GLenum target)
{
   struct fe_buffer **point = fe_buffer_binding_point(ctx, target);
   if (!point || !*point) /* ARB_clear_buffer_object: no buffer bound is INVALID_VALUE */
      fe_error(ctx, point ? GL_INVALID_VALUE : GL_INVALID_ENUM);
   return point ? *point : NULL;
}

void
mgl_glClearBufferData(GLenum target, GLenum internalformat, GLenum format, GLenum type,
                      const void *data)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = bound_buffer(ctx, target);
   if (buf)
      clear_sub(ctx, buf, internalformat, 0, 0, format, type, data, true);
}

void
mgl_glClearBufferSubData(GLenum target, GLenum internalformat, GLintptr offset, GLsizeiptr size,
                         GLenum format, GLenum type, const void *data)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = bound_buffer(ctx, target);
   if (buf)
      clear_sub(ctx, buf, internalformat, offset, size, format, type, data, false);
}

/* GL 4.5 direct state access: the buffer by name (INVALID_OPERATION for a name that is no
 * buffer object), the rest as above. */
void
mgl_glClearNamedBufferData(GLuint buffer, GLenum internalformat, GLenum format, GLenum type,
                           const void *data)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   if (buf)
      clear_sub(ctx, buf, internalformat, 0, 0, format, type, data, true);
}

void
mgl_glClearNamedBufferSubData(GLuint buffer, GLenum internalformat, GLintptr offset,
                              GLsizeiptr size, GLenum format, GLenum type, const void *data)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   if (buf)
      clear_sub(ctx, buf, internalformat, offset, size, format, type, data, false);
}
