/* fe_invalidate.c — glInvalidateTex(Sub)Image and glInvalidateBuffer(Sub)Data (GL 4.3,
 * ARB_invalidate_subdata): the application says it no longer needs some contents. Afterwards
 * those contents are undefined, and keeping them is one of the outcomes GL allows, so after the
 * spec's checks nothing is sent: no device work is ever lost by it. The framebuffer forms live
 * in fe_fbo.c. */
#include "fe_gl.h"
#include "gl_api.h"

static struct fe_texture *
texture_named(struct fe_context *ctx, GLuint name)
{
   pthread_mutex_lock(&ctx->share->lock);
   void *obj = name ? fe_names_get(&ctx->share->textures, name) : NULL;
   pthread_mutex_unlock(&ctx->share->lock);
   return obj == FE_NAME_RESERVED ? NULL : obj;
}

/* The checks both texture forms share: a texture, and a level that can exist for its target.
 * NULL after raising the error. */
static struct fe_texture *
texture_level(struct fe_context *ctx, GLuint texture, GLint level)
{
   struct fe_texture *tex = texture_named(ctx, texture);
   if (!tex) {
      fe_error(ctx, GL_INVALID_VALUE);
      return NULL;
   }
   const struct mgp_caps *caps = ctx->share->caps;
   uint32_t max = tex->target == FE_TEX_3D
                     ? (caps->max_3d_texture_size ? caps->max_3d_texture_size : 2048)
                     : (caps->max_texture_size ? caps->max_texture_size : 16384);
   const bool single_level = tex->target == FE_TEX_RECT || tex->target == FE_TEX_BUFFER ||
                             tex->target == FE_TEX_2D_MS || tex->target == FE_TEX_2D_MS_ARRAY;
   if (level < 0 || level >= FE_MAX_LEVELS || (max >> level) == 0 || (single_level && level)) {
      fe_error(ctx, GL_INVALID_VALUE);
      return NULL;
   }
   return tex;
}

void
mgl_glInvalidateTexImage(GLuint texture, GLint level)
{
   FE_CTX_OR_RETURN();
   texture_level(ctx, texture, level);
}

void
mgl_glInvalidateTexSubImage(GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                            GLint zoffset, GLsizei width, GLsizei height, GLsizei depth)
{
   FE_CTX_OR_RETURN();
   struct fe_texture *tex = texture_level(ctx, texture, level);
   if (!tex)
      return;
   FE_CHECK(width < 0 || height < 0 || depth < 0, GL_INVALID_VALUE);
   /* The level's size; a dimension the target lacks is 1, a cube map's faces are its depth,
    * and a level never specified is 0 by 0 by 0. */
   int64_t w, h, d;
   if (tex->target == FE_TEX_BUFFER) {
      const struct fe_buffer *b = tex->buffer_obj;
      const uint8_t texel = mgp_format_desc(tex->res_format)->bytes;
      w = b && texel ? b->size / texel : 0;
      h = d = 1;
   } else {
      const struct fe_tex_image *img = &tex->image[0][level];
      w = img->defined ? img->width : 0;
      h = img->defined ? img->height : 0;
      d = img->defined ? img->depth : 0;
      if (tex->target == FE_TEX_CUBE && img->defined)
         d = 6;
   }
   FE_CHECK(xoffset < 0 || yoffset < 0 || zoffset < 0 || (int64_t)xoffset + width > w ||
               (int64_t)yoffset + height > h || (int64_t)zoffset + depth > d,
            GL_INVALID_VALUE);
}

/* Whether [offset, offset + length) meets the buffer's mapping; a persistent mapping may stay
 * while its buffer is used, so it never counts. */
static bool
range_mapped(const struct fe_buffer *buf, int64_t offset, int64_t length)
{
   if (!buf->mapped || (buf->map_access & GL_MAP_PERSISTENT_BIT))
      return false;
   if (!length || !buf->map_length)
      return false;
   return offset < (int64_t)buf->map_offset + buf->map_length &&
          (int64_t)buf->map_offset < offset + length;
}

void
mgl_glInvalidateBufferData(GLuint buffer)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = buffer ? fe_buffer_lookup(ctx, buffer) : NULL;
   FE_CHECK(!buf, GL_INVALID_VALUE);
   FE_CHECK(range_mapped(buf, 0, buf->size), GL_INVALID_OPERATION);
}

void
mgl_glInvalidateBufferSubData(GLuint buffer, GLintptr offset, GLsizeiptr length)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = buffer ? fe_buffer_lookup(ctx, buffer) : NULL;
   FE_CHECK(!buf, GL_INVALID_VALUE);
   FE_CHECK(offset < 0 || length < 0 || length > buf->size || offset > buf->size - length,
            GL_INVALID_VALUE);
   FE_CHECK(range_mapped(buf, offset, length), GL_INVALID_OPERATION);
}
