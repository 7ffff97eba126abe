/* fe_patch.c — GL 4.0 tessellation at the API (ARB_tessellation_shader): glPatchParameteri and
 * glPatchParameterfv with the spec's errors (GL 4.6 core 10.1.15); fe_tess_offered (fe_gl.h) says
 * whether a context offers tessellation at all. The state reaches the server as set_patch_state at draw validate
 * (fe_tracker.c); the levels matter only to a program with a TES and no TCS. */
#include "fe_gl.h"
#include "gl_api.h"

#include <string.h>

void
mgl_glPatchParameteri(GLenum pname, GLint value)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_tess_offered(ctx), GL_INVALID_OPERATION);
   FE_CHECK(pname != GL_PATCH_VERTICES, GL_INVALID_ENUM);
   FE_CHECK(value <= 0 || value > FE_MAX_PATCH_VERTICES, GL_INVALID_VALUE);
   if (ctx->patch_vertices != value) {
      ctx->patch_vertices = value;
      ctx->patch_version++;
   }
}

void
mgl_glPatchParameterfv(GLenum pname, const GLfloat *values)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_tess_offered(ctx), GL_INVALID_OPERATION);
   FE_CHECK(pname != GL_PATCH_DEFAULT_OUTER_LEVEL && pname != GL_PATCH_DEFAULT_INNER_LEVEL,
            GL_INVALID_ENUM);
   if (pname == GL_PATCH_DEFAULT_OUTER_LEVEL)
      memcpy(ctx->patch_outer, values, sizeof(ctx->patch_outer));
   else
      memcpy(ctx->patch_inner, values, sizeof(ctx->patch_inner));
   ctx->patch_version++;
}
