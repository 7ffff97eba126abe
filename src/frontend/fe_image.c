/* fe_image.c — glBindImageTexture with its errors (GL 4.2 ARB_shader_image_load_store, GL 4.6
 * core 8.26). What the rest of the front end reads of the units is in fe_image_state.c. */
#include <string.h>

#include "fe_format.h"
#include "fe_gl.h"
#include "gl_api.h"

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
   struct fe_image_unit *u = &ctx->image_units[unit];
   if (u->tex != tex)
      FE_REBIND(ctx, &u->tex, tex);
   u->level = level;
   u->layered = layered ? GL_TRUE : GL_FALSE;
   u->layer = layer;
   u->access = access;
   u->format = format;
   ctx->image_version++;
}
