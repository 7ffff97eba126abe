/* fe_image.c — glBindImageTexture and glBindImageTextures with their errors (GL 4.2 ARB_shader_image_load_store, GL 4.6
 * core 8.26). What the rest of the front end reads of the units is in fe_image_state.c. */
#include <string.h>

#include "fe_format.h"
#include "fe_gl.h"
#include "gl_api.h"

static void
unit_set(struct fe_context *ctx, GLuint unit, struct fe_texture *tex, GLint level,
         GLboolean layered, GLint layer, GLenum access, GLenum format)
{
   struct fe_image_unit *u = &ctx->image_units[unit];
   if (u->tex != tex)
      FE_REBIND(ctx, &u->tex, tex);
   u->level = level;
   u->layered = layered ? GL_TRUE : GL_FALSE;
   u->layer = layer;
   u->access = access;
   u->format = format;
   fe_draw_bump(ctx, &ctx->image_version);
}

void
mgl_glBindImageTexture(GLuint unit, GLuint texture, GLint level, GLboolean layered, GLint layer,
                       GLenum access, GLenum format)
{
   FE_CTX_OR_RETURN();
   const unsigned n = fe_image_units(ctx);
   if (!n) {
      MGU_DECLINE(gl_entry_unimplemented, "glBindImageTexture: no image units here");
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   FE_CHECK(unit >= n, GL_INVALID_VALUE);
   struct fe_texture *tex = NULL;
   if (texture) {
      pthread_mutex_lock(&ctx->share->lock);
      void *obj = fe_names_get(&ctx->share->textures, texture);
      pthread_mutex_unlock(&ctx->share->lock);
      /* a name glGenTextures gave that no glBindTexture made a texture is none yet */
      FE_CHECK(!obj || obj == FE_NAME_RESERVED, GL_INVALID_VALUE);
      tex = obj;
   }
   FE_CHECK(level < 0 || layer < 0, GL_INVALID_VALUE);
   FE_CHECK(access != GL_READ_ONLY && access != GL_WRITE_ONLY && access != GL_READ_WRITE,
            GL_INVALID_ENUM);
   FE_CHECK(!fe_image_format_ok(format), GL_INVALID_VALUE);
   unit_set(ctx, unit, tex, level, layered, layer, access, format);
}

/* GL 4.6 8.26 (ARB_multi_bind): units first..first+count-1 take textures[i] at level 0, layered,
 * read-write, in its level 0's internal format, or are unbound (a zero name, a NULL list). A
 * name that is no texture, or whose level 0 is empty or of a format no unit takes, is
 * GL_INVALID_OPERATION for its unit alone; the others are still bound. */
void
mgl_glBindImageTextures(GLuint first, GLsizei count, const GLuint *textures)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   FE_CHECK((uint64_t)first + (uint64_t)count > fe_image_units(ctx), GL_INVALID_OPERATION);
   for (GLsizei i = 0; i < count; i++) {
      const GLuint unit = first + (GLuint)i;
      const GLuint name = textures ? textures[i] : 0;
      if (!name) {
         unit_set(ctx, unit, NULL, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
         continue;
      }
      pthread_mutex_lock(&ctx->share->lock);
      void *obj = fe_names_get(&ctx->share->textures, name);
      pthread_mutex_unlock(&ctx->share->lock);
      struct fe_texture *tex = obj == FE_NAME_RESERVED ? NULL : obj;
      const struct fe_tex_image *img = tex ? &tex->image[0][0] : NULL;
      if (!img || !img->defined || !img->width || !img->height ||
          !fe_image_format_ok(img->internal_format)) {
         fe_error(ctx, GL_INVALID_OPERATION);
         continue;
      }
      unit_set(ctx, unit, tex, 0, GL_TRUE, 0, GL_READ_WRITE, img->internal_format);
   }
}
