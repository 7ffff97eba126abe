/* fe_error.c — GL errors: the first error sticks until glGetError reads it; a lost session
 * reports GL_CONTEXT_LOST once; KHR_no_error contexts record nothing. */
#include "fe_gl.h"
#include "gl_api.h"

void
fe_error(struct fe_context *ctx, GLenum error)
{
   if (!ctx || ctx->no_error)
      return;
   if (ctx->error == GL_NO_ERROR)
      ctx->error = error;
}

/* Called by the generated stubs of entry points mgl does not implement yet. */
void
fe_gl_error(GLenum error)
{
   fe_error(fe_ctx_current(), error);
}

GLenum
mgl_glGetError(void)
{
   struct fe_context *ctx = fe_ctx_current();
   if (!ctx)
      return GL_NO_ERROR;
   if (fe_ctx_lost(ctx)) {
      if (ctx->lost_reported)
         return GL_NO_ERROR;
      ctx->lost_reported = true;
      return GL_CONTEXT_LOST;
   }
   GLenum e = ctx->error;
   ctx->error = GL_NO_ERROR;
   return e;
}

static GLenum
reset_status(void)
{
   struct fe_context *ctx = fe_ctx_current();
   if (!ctx || !fe_ctx_lost(ctx))
      return GL_NO_ERROR;
   /* The server role went away; mgl cannot tell whose fault it was. Reported once: afterwards
    * the reset is "complete" and the app recreates its context. */
   if (ctx->reset_reported)
      return GL_NO_ERROR;
   ctx->reset_reported = true;
   return GL_UNKNOWN_CONTEXT_RESET;
}

GLenum mgl_glGetGraphicsResetStatus(void) { return reset_status(); }
GLenum mgl_glGetGraphicsResetStatusARB(void) { return reset_status(); }
GLenum mgl_glGetGraphicsResetStatusKHR(void) { return reset_status(); }
GLenum mgl_glGetGraphicsResetStatusEXT(void) { return reset_status(); }
