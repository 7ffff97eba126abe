/* fe_xfb.c — transform feedback (GL 3.3 core §2.15; pause/resume from ARB_transform_feedback2):
 * glBegin/End/Pause/ResumeTransformFeedback with the spec's errors, and the draw-time check of
 * primitive modes. The capture itself is the server's: glBeginTransformFeedback sends the bound
 * ranges (set_stream_output_targets, resolved here: a whole-buffer binding becomes the buffer's
 * size now) and begin_stream_output; the backend writes the vertices and carries the write
 * position across its own rendering-scope breaks and across pause/resume. */
#include <string.h>

#include "fe_gl.h"
#include "gl_api.h"

/* The primitive class a draw feeds to transform feedback: the geometry stage's output when there
 * is one (GL 3.3, 2.15.2), else the draw mode's. 0 for modes transform feedback never takes. */
static GLenum
captured_class(const struct fe_exec *e, GLenum mode)
{
   if (e && (e->glsl->stages & GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY))) {
      switch (e->glsl->geometry.output_type) {
      case GL_POINTS: return GL_POINTS;
      case GL_LINE_STRIP: return GL_LINES;
      case GL_TRIANGLE_STRIP: return GL_TRIANGLES;
      default: return 0;
      }
   }
   switch (mode) {
   case GL_POINTS: return GL_POINTS;
   case GL_LINES: case GL_LINE_LOOP: case GL_LINE_STRIP: return GL_LINES;
   case GL_TRIANGLES: case GL_TRIANGLE_STRIP: case GL_TRIANGLE_FAN: return GL_TRIANGLES;
   default: return 0; /* adjacency modes without a geometry shader */
   }
}

bool
fe_xfb_draw_check(struct fe_context *ctx, GLenum mode)
{
   if (!ctx->tf.active || ctx->tf.paused)
      return true;
   if (captured_class(fe_ctx_exec(ctx), mode) != ctx->tf.mode) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   return true;
}

bool
fe_xfb_locked(const struct fe_context *ctx)
{
   return ctx->tf.active && !ctx->tf.paused;
}

static void
send_verb(struct fe_context *ctx, enum mgp_call_id id, uint32_t value)
{
   const struct mgp_u32_args a = {.value = value};
   switch (id) {
   case MGP_CALL_begin_stream_output: mgp_begin_stream_output(&ctx->pipe, &a); break;
   case MGP_CALL_end_stream_output: mgp_end_stream_output(&ctx->pipe, &a); break;
   case MGP_CALL_pause_stream_output: mgp_pause_stream_output(&ctx->pipe, &a); break;
   default: mgp_resume_stream_output(&ctx->pipe, &a); break;
   }
}

void
mgl_glBeginTransformFeedback(GLenum primitive_mode)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(primitive_mode != GL_POINTS && primitive_mode != GL_LINES &&
               primitive_mode != GL_TRIANGLES,
            GL_INVALID_ENUM);
   FE_CHECK(ctx->tf.active, GL_INVALID_OPERATION);
   /* No binding point would be used: no program, or one that records nothing. */
   struct fe_exec *e = ctx->program ? fe_ctx_exec(ctx) : NULL;
   FE_CHECK(!e || !e->glsl->num_xfb, GL_INVALID_OPERATION);
   const struct glsl_program *gp = e->glsl;
   uint32_t count = gp->xfb_separate ? gp->num_xfb : 1;
   /* Every binding point the program writes needs a buffer. */
   for (uint32_t i = 0; i < count; i++)
      FE_CHECK(!ctx->xfb[i].buffer, GL_INVALID_OPERATION);

   if (!(ctx->share->caps->cap_bits & MGP_CAP_TRANSFORM_FEEDBACK) ||
       !fe_pipe_has(ctx, MGP_CALL_begin_stream_output) ||
       !fe_pipe_has(ctx, MGP_CALL_set_stream_output_targets)) {
      /* GL has no error for this: the draws run, nothing is captured, and it is counted. */
      MGL_DECLINE(backend_xfb_unsupported, "the server cannot capture transform feedback");
   } else {
      struct mgp_buffer_range r[FE_MAX_XFB_BUFFERS];
      memset(r, 0, sizeof(r));
      for (uint32_t i = 0; i < count; i++) {
         const struct fe_ubo_binding *b = &ctx->xfb[i];
         uint64_t bsize = b->buffer->created ? (uint64_t)b->buffer->size : 0;
         uint64_t off = (uint64_t)b->offset;
         uint64_t size = b->size ? (uint64_t)b->size : (bsize > off ? bsize - off : 0);
         /* Past the end of the buffer nothing can be written (GL: capture stops when full). */
         if (off > bsize)
            size = 0;
         else if (size > bsize - off)
            size = bsize - off;
         r[i] = (struct mgp_buffer_range){
            .res = size ? b->buffer->res : (struct mgp_handle){0, 0},
            .offset = off,
            .size = size,
         };
      }
      const struct mgp_set_stream_output_targets t = {.count = count};
      mgp_set_stream_output_targets(&ctx->pipe, &t, r);
      send_verb(ctx, MGP_CALL_begin_stream_output, primitive_mode);
   }
   /* The server writes these now: reads fetch, and no read makes their copies valid until
    * the capture ends. */
   for (uint32_t i = 0; i < count; i++) {
      FE_REBIND(ctx, &ctx->tf.bufs[i], ctx->xfb[i].buffer);
      ctx->tf.bufs[i]->capturing++;
      fe_buffer_gpu_write(ctx->tf.bufs[i]);
   }
   ctx->tf.active = true;
   ctx->tf.paused = false;
   ctx->tf.mode = primitive_mode;
   fe_exec_ref(e);
   ctx->tf.exec = e;
}

static void
end_common(struct fe_context *ctx)
{
   if (fe_pipe_has(ctx, MGP_CALL_end_stream_output) &&
       (ctx->share->caps->cap_bits & MGP_CAP_TRANSFORM_FEEDBACK))
      send_verb(ctx, MGP_CALL_end_stream_output, 0);
   ctx->tf.active = false;
   ctx->tf.paused = false;
   for (int i = 0; i < FE_MAX_XFB_BUFFERS; i++) {
      if (ctx->tf.bufs[i])
         ctx->tf.bufs[i]->capturing--;
      FE_REBIND(ctx, &ctx->tf.bufs[i], NULL);
   }
   fe_exec_unref(ctx, ctx->tf.exec);
   ctx->tf.exec = NULL;
}

void
mgl_glEndTransformFeedback(void)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!ctx->tf.active, GL_INVALID_OPERATION);
   end_common(ctx);
}

void
mgl_glPauseTransformFeedback(void)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!ctx->tf.active || ctx->tf.paused, GL_INVALID_OPERATION);
   if (fe_pipe_has(ctx, MGP_CALL_pause_stream_output) &&
       (ctx->share->caps->cap_bits & MGP_CAP_TRANSFORM_FEEDBACK))
      send_verb(ctx, MGP_CALL_pause_stream_output, 0);
   ctx->tf.paused = true;
}

void
mgl_glResumeTransformFeedback(void)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!ctx->tf.active || !ctx->tf.paused, GL_INVALID_OPERATION);
   /* ARB_transform_feedback2: the program in use must be the one it began with. */
   FE_CHECK(fe_ctx_exec(ctx) != ctx->tf.exec, GL_INVALID_OPERATION);
   if (fe_pipe_has(ctx, MGP_CALL_resume_stream_output) &&
       (ctx->share->caps->cap_bits & MGP_CAP_TRANSFORM_FEEDBACK))
      send_verb(ctx, MGP_CALL_resume_stream_output, 0);
   for (int i = 0; i < FE_MAX_XFB_BUFFERS; i++)
      fe_buffer_gpu_write(ctx->tf.bufs[i]);
   ctx->tf.paused = false;
}

void
fe_xfb_context_finish(struct fe_context *ctx)
{
   if (ctx->tf.active)
      end_common(ctx);
}
