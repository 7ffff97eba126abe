/* fe_error.c — GL errors: the first error sticks until glGetError reads it; a lost session
 * reports GL_CONTEXT_LOST by the context's reset notification strategy; KHR_no_error contexts
 * record nothing. */
#include "fe_gl.h"
#include "gl_api.h"

void
fe_error(struct fe_context *ctx, GLenum error)
{
   if (!ctx || ctx->no_error)
      return;
   if (ctx->error == GL_NO_ERROR)
      ctx->error = error;
   /* Every error is generated, and reported, even when the flag already holds one. */
   fe_debug_error(ctx, error);
}

/* Called by the generated stubs of entry points mgl does not implement yet. */
void
fe_gl_error(GLenum error)
{
   fe_error(fe_ctx_current(), error);
}

/* After a reset (the session failed), GL 4.5 §2.3.2 and KHR_robustness: a context created with
 * LOSE_CONTEXT_ON_RESET reports GL_CONTEXT_LOST, first for the reset itself, then for each verb
 * issued on the lost context (fe_ctx_lost records it), and glGetError itself generates nothing,
 * so `while (glGetError())` ends. With NO_RESET_NOTIFICATION (the default) the implementation
 * never delivers notification of a reset: no GL_CONTEXT_LOST, and the reset status stays
 * GL_NO_ERROR; the calls are still harmless and never block. */
GLenum
mgl_glGetError(void)
{
   struct fe_context *ctx = fe_ctx_current();
   if (!ctx)
      return GL_NO_ERROR;
   if (!ctx->no_error && !fe_ctx_lost_quiet(ctx))
      fe_check_allocations(ctx);
   if (ctx->desc.lose_context_on_reset && fe_ctx_lost_quiet(ctx) && !ctx->lost_reported) {
      ctx->lost_reported = true;
      ctx->error = GL_NO_ERROR; /* the context's state, its error flag with it, is gone */
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
   if (!ctx || !ctx->desc.lose_context_on_reset || !fe_ctx_lost_quiet(ctx))
      return GL_NO_ERROR;
   /* Reported once: afterwards the reset is "complete" and the app recreates its context. */
   if (ctx->reset_reported)
      return GL_NO_ERROR;
   ctx->reset_reported = true;
   /* The session's Fatal says whose fault it was. GpuTimeout: this session's own GPU work
    * outlasted the watchdog (its own wait timed out), so the reset is attributable to it. Any
    * other loss (the server went away, the driver lost the device) mgl cannot attribute. */
   if (mgt_client_fatal(ctx->share->session) == MGU_FATAL_GpuTimeout)
      return GL_GUILTY_CONTEXT_RESET;
   return GL_UNKNOWN_CONTEXT_RESET;
}

GLenum
mgl_glGetGraphicsResetStatus(void)
{
   return reset_status();
}
GLenum
mgl_glGetGraphicsResetStatusARB(void)
{
   return reset_status();
}
GLenum
mgl_glGetGraphicsResetStatusKHR(void)
{
   return reset_status();
}
GLenum
mgl_glGetGraphicsResetStatusEXT(void)
{
   return reset_status();
}
