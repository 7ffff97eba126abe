/* fe_xfb.c — transform feedback (GL 3.3 core §2.15; pause/resume from ARB_transform_feedback2;
 * transform feedback objects from ES 3.0 §2.15.1): glBegin/End/Pause/ResumeTransformFeedback with
 * the spec's errors, the draw-time checks, and the objects that hold the indexed bindings and a
 * capture's state. The capture itself is the server's: glBeginTransformFeedback sends the bound
 * ranges (set_stream_output_targets, resolved here: a whole-buffer binding becomes the buffer's
 * size now) and begin_stream_output; the backend writes the vertices and carries the write
 * position across its own rendering-scope breaks and across pause/resume.
 *
 * The server holds one capture per context. A paused object keeps it while other objects are
 * bound and idle; only when another object begins (or resumes) is it ended there. Resuming such
 * an object begins a fresh server capture at its own write position, which the client knows
 * exactly in ES 3.0: no geometry stage, indexed draws refused while capturing and a draw that
 * would overflow an error, so every vertex written is counted here.
 *
 * A server offering MGP_CAP_XFB_OBJECTS holds the objects itself (bind_stream_output_object):
 * each keeps its own capture and write positions there, so nothing is ended or begun again at
 * a switch and no position needs counting. Only then do desktop contexts have objects
 * (ARB_transform_feedback2, GL 4.0 13.2) and glDrawTransformFeedback* (draw_stream_output,
 * the count the server's last end stored). */
#include <stdlib.h>
#include <string.h>

#include "fe_compat_vertex.h"
#include "fe_enum.h"
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
   if (e && (e->glsl->stages & GLSL_STAGE_BIT(GLSL_STAGE_TESS_EVAL)))
      return glsl_tess_output_prim(&e->glsl->tess); /* GL 4.6 13.3.1 */
   switch (mode) {
   case GL_POINTS: return GL_POINTS;
   case GL_LINES:
   case GL_LINE_LOOP:
   case GL_LINE_STRIP: return GL_LINES;
   case GL_TRIANGLES:
   case GL_TRIANGLE_STRIP:
   case GL_TRIANGLE_FAN: return GL_TRIANGLES;
   /* the compatibility profile's (GL 4.6 compatibility table 13.1: drawn as triangles; other
    * contexts refuse these modes before this) */
   case GL_QUADS:
   case GL_QUAD_STRIP:
   case GL_POLYGON: return GL_TRIANGLES;
   default: return 0; /* adjacency modes without a geometry shader */
   }
}

bool
fe_xfb_draw_check(struct fe_context *ctx, GLenum mode)
{
   if (!ctx->tfo->tf.active || ctx->tfo->tf.paused)
      return true;
   if (captured_class(fe_ctx_exec(ctx), mode) != ctx->tfo->tf.mode) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   return true;
}

bool
fe_xfb_locked(const struct fe_context *ctx)
{
   return ctx->tfo->tf.active && !ctx->tfo->tf.paused;
}

static bool
is_es3(const struct fe_context *ctx)
{
   return ctx->desc.api == FE_API_GLES && ctx->desc.major >= 3;
}

bool
fe_xfb_indexed_check(struct fe_context *ctx)
{
   /* ES 3.0 §2.15.2: only DrawArrays* feed transform feedback. */
   if (is_es3(ctx) && fe_xfb_locked(ctx)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   return true;
}

/* The vertices a draw of `count` writes to transform feedback: whole primitives only, strips,
 * loops and fans as separate ones. */
static uint64_t
captured_vertices(GLenum mode, uint64_t count)
{
   switch (mode) {
   case GL_POINTS: return count;
   case GL_LINES: return count / 2 * 2;
   case GL_LINE_STRIP: return count >= 2 ? (count - 1) * 2 : 0;
   case GL_LINE_LOOP: return count >= 2 ? count * 2 : 0;
   case GL_TRIANGLES: return count / 3 * 3;
   case GL_TRIANGLE_STRIP:
   case GL_TRIANGLE_FAN: return count >= 3 ? (count - 2) * 3 : 0;
   default: return 0;
   }
}

bool
fe_xfb_arrays_check(struct fe_context *ctx, GLenum mode, GLsizei count, GLsizei instances,
                    uint64_t *vertices)
{
   *vertices = 0;
   if (!is_es3(ctx) || !fe_xfb_locked(ctx) || count <= 0 || instances <= 0)
      return true;
   const struct fe_tfo *t = ctx->tfo;
   const uint64_t n = captured_vertices(mode, (uint64_t)count) * (uint64_t)instances;
   /* ES 3.0 §2.15.2: writing past the end of any capture range is an error, not a clamp. */
   if (n > t->tf.max_vertices - t->tf.vertices) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   *vertices = n;
   return true;
}

void
fe_xfb_drawn(struct fe_context *ctx, uint64_t vertices)
{
   ctx->tfo->tf.vertices += vertices;
}

static bool
server_captures(struct fe_context *ctx)
{
   return (ctx->share->caps->cap_bits & MGP_CAP_TRANSFORM_FEEDBACK) &&
          fe_pipe_has(ctx, MGP_CALL_begin_stream_output) &&
          fe_pipe_has(ctx, MGP_CALL_set_stream_output_targets);
}

bool
fe_xfb_server_objects(struct fe_context *ctx)
{
   return server_captures(ctx) && (ctx->share->caps->cap_bits & MGP_CAP_XFB_OBJECTS) &&
          fe_pipe_has(ctx, MGP_CALL_bind_stream_output_object) &&
          fe_pipe_has(ctx, MGP_CALL_delete_stream_output_object) &&
          fe_pipe_has(ctx, MGP_CALL_draw_stream_output);
}

/* Whether the context has transform feedback objects: ES 3.0 always, desktop GL where the
 * server holds them (ARB_transform_feedback2 is offered then). */
bool
fe_xfb_objects_offered(struct fe_context *ctx)
{
   return is_es3(ctx) || (ctx->desc.api != FE_API_GLES && fe_xfb_server_objects(ctx));
}

/* GL_MAX_VERTEX_STREAMS: ARB_transform_feedback3's (and GL 4.0's) four where the server runs
 * them (MGP_CAP_VERTEX_STREAMS), else one */
unsigned
fe_max_vertex_streams(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES && (ctx->share->caps->cap_bits & MGP_CAP_VERTEX_STREAMS) &&
                (ctx->share->caps->cap_bits & MGP_CAP_GEOMETRY_STAGE) &&
                fe_xfb_draw_offered((struct fe_context *)ctx)
             ? FE_MAX_VERTEX_STREAMS
             : 1;
}

/* Whether the server holds t's capture: every begun object's where the server holds objects,
 * else only the one begun or resumed last. */
static bool
server_holds(struct fe_context *ctx, const struct fe_tfo *t)
{
   return fe_xfb_server_objects(ctx) ? t->tf.server_began : ctx->tf_server == t;
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

/* Ends the capture the server holds for an object other than t (one paused and unbound). */
static void
server_release(struct fe_context *ctx, const struct fe_tfo *t)
{
   if (!ctx->tf_server || ctx->tf_server == t || fe_xfb_server_objects(ctx))
      return;
   if (fe_pipe_has(ctx, MGP_CALL_end_stream_output))
      send_verb(ctx, MGP_CALL_end_stream_output, 0);
   ctx->tf_server = NULL;
}

/* Sends t's ranges and begins a server capture; `at_position`: from the vertices it has
 * written already (a resume after the server let it go), else from each range's start. */
static void
send_capture(struct fe_context *ctx, struct fe_tfo *t, GLenum mode, bool at_position,
             const struct glsl_program *gp)
{
   server_release(ctx, t);
   struct mgp_buffer_range r[FE_MAX_XFB_BUFFERS];
   memset(r, 0, sizeof(r));
   for (uint32_t i = 0; i < t->tf.count; i++) {
      uint64_t done = at_position ? t->tf.vertices * gp->xfb_stride[i] : 0;
      if (done > t->tf.size[i])
         done = t->tf.size[i];
      const uint64_t size = t->tf.size[i] - done;
      r[i] = (struct mgp_buffer_range){
         .res = size ? t->xfb[i].buffer->res : (struct mgp_handle){0, 0},
         .offset = t->tf.offset[i] + done,
         .size = size,
      };
   }
   const struct mgp_set_stream_output_targets a = {.count = t->tf.count};
   mgp_set_stream_output_targets(&ctx->pipe, &a, r);
   send_verb(ctx, MGP_CALL_begin_stream_output, fe_mgp_prim(mode)); /* enum mgp_prim */
   ctx->tf_server = t;
   t->tf.server_began = true;
}

void
mgl_glBeginTransformFeedback(GLenum primitive_mode)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(primitive_mode != GL_POINTS && primitive_mode != GL_LINES &&
               primitive_mode != GL_TRIANGLES,
            GL_INVALID_ENUM);
   FE_CHECK(ctx->tfo->tf.active, GL_INVALID_OPERATION);
   /* No binding point would be used: no program, or one that records nothing. */
   struct fe_exec *e = ctx->program || ctx->pipeline ? fe_ctx_exec(ctx) : NULL;
   FE_CHECK(!e || !e->glsl->num_xfb, GL_INVALID_OPERATION);
   const struct glsl_program *gp = e->glsl;
   /* separate: one binding point a varying; interleaved: 1, more with gl_NextBuffer */
   uint32_t count = gp->xfb_buffers;
   /* Every binding point the program writes needs a buffer. */
   for (uint32_t i = 0; i < count; i++)
      FE_CHECK(gp->xfb_stride[i] && !ctx->tfo->xfb[i].buffer, GL_INVALID_OPERATION);

   struct fe_tfo *t = ctx->tfo;
   t->tf.count = count;
   t->tf.vertices = 0;
   t->tf.max_vertices = UINT64_MAX;
   for (uint32_t i = 0; i < count; i++) {
      const struct fe_ubo_binding *b = &t->xfb[i];
      if (!b->buffer) { /* a binding point the program writes nothing to (gl_NextBuffer twice) */
         t->tf.offset[i] = t->tf.size[i] = 0;
         continue;
      }
      uint64_t bsize = b->buffer->created ? (uint64_t)b->buffer->size : 0;
      uint64_t off = (uint64_t)b->offset;
      uint64_t size = b->size ? (uint64_t)b->size : (bsize > off ? bsize - off : 0);
      /* Past the end of the buffer nothing can be written (GL: capture stops when full). */
      if (off > bsize)
         size = 0;
      else if (size > bsize - off)
         size = bsize - off;
      t->tf.offset[i] = off;
      t->tf.size[i] = size;
      const uint32_t stride = gp->xfb_stride[i];
      if (stride && size / stride < t->tf.max_vertices)
         t->tf.max_vertices = size / stride;
   }
   if (!server_captures(ctx)) {
      /* GL has no error for this: the draws run, nothing is captured, and it is counted. */
      MGU_DECLINE(backend_xfb_unsupported, "the server cannot capture transform feedback");
   } else {
      send_capture(ctx, t, primitive_mode, false, e->glsl);
   }
   /* The server writes these now: reads fetch, and no read makes their copies valid until
    * the capture ends. */
   for (uint32_t i = 0; i < count; i++) {
      FE_REBIND(ctx, &t->tf.bufs[i], t->xfb[i].buffer);
      if (!t->tf.bufs[i])
         continue;
      t->tf.bufs[i]->capturing++;
      fe_buffer_gpu_write(t->tf.bufs[i]);
   }
   t->tf.active = true;
   t->tf.paused = false;
   fe_ctx_unusual(ctx); /* a capturing draw counts its vertices: no repeat draw */
   t->tf.mode = primitive_mode;
   fe_exec_ref(e);
   t->tf.exec = e;
}

static void
end_common(struct fe_context *ctx, struct fe_tfo *t)
{
   /* with server objects, only the bound one's (a context going away ends the others there) */
   if (server_holds(ctx, t) && (!fe_xfb_server_objects(ctx) || t == ctx->tfo)) {
      if (fe_pipe_has(ctx, MGP_CALL_end_stream_output) &&
          (ctx->share->caps->cap_bits & MGP_CAP_TRANSFORM_FEEDBACK))
         send_verb(ctx, MGP_CALL_end_stream_output, 0);
   }
   if (ctx->tf_server == t)
      ctx->tf_server = NULL;
   t->tf.server_began = false;
   t->tf.active = false;
   t->tf.paused = false;
   for (int i = 0; i < FE_MAX_XFB_BUFFERS; i++) {
      if (t->tf.bufs[i])
         t->tf.bufs[i]->capturing--;
      FE_REBIND(ctx, &t->tf.bufs[i], NULL);
   }
   fe_exec_unref(ctx, t->tf.exec);
   t->tf.exec = NULL;
}

void
mgl_glEndTransformFeedback(void)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!ctx->tfo->tf.active, GL_INVALID_OPERATION);
   struct fe_tfo *t = ctx->tfo;
   /* GL 4.0 13.2.3: glDrawTransformFeedback draws what this capture recorded */
   t->ended = true;
   /* each stream draws the count of its first buffer (GL 4.0 11.1.2.1: one stream a buffer) */
   memset(t->draw_stride, 0, sizeof(t->draw_stride));
   memset(t->draw_buffer, 0, sizeof(t->draw_buffer));
   const struct glsl_program *g = t->tf.exec ? t->tf.exec->glsl : NULL;
   for (uint32_t b = g ? g->xfb_buffers : 0; b-- > 0;) {
      const uint32_t st = g->xfb_buffer_stream[b];
      if (g->xfb_stride[b] && st < FE_MAX_VERTEX_STREAMS) {
         t->draw_stride[st] = g->xfb_stride[b];
         t->draw_buffer[st] = b;
      }
   }
   end_common(ctx, t);
}

void
mgl_glPauseTransformFeedback(void)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!ctx->tfo->tf.active || ctx->tfo->tf.paused, GL_INVALID_OPERATION);
   /* An unpaused capture is always the one the server holds. */
   if (server_holds(ctx, ctx->tfo) && fe_pipe_has(ctx, MGP_CALL_pause_stream_output) &&
       (ctx->share->caps->cap_bits & MGP_CAP_TRANSFORM_FEEDBACK))
      send_verb(ctx, MGP_CALL_pause_stream_output, 0);
   ctx->tfo->tf.paused = true;
}

void
mgl_glResumeTransformFeedback(void)
{
   FE_CTX_OR_RETURN();
   struct fe_tfo *t = ctx->tfo;
   FE_CHECK(!t->tf.active || !t->tf.paused, GL_INVALID_OPERATION);
   /* ARB_transform_feedback2: the program in use must be the one it began with. */
   FE_CHECK(fe_ctx_exec(ctx) != t->tf.exec, GL_INVALID_OPERATION);
   if (server_holds(ctx, t)) {
      if (fe_pipe_has(ctx, MGP_CALL_resume_stream_output) &&
          (ctx->share->caps->cap_bits & MGP_CAP_TRANSFORM_FEEDBACK))
         send_verb(ctx, MGP_CALL_resume_stream_output, 0);
   } else if (server_captures(ctx)) {
      /* Another object's capture replaced this one on the server: begin again where it was. */
      send_capture(ctx, t, t->tf.mode, true, t->tf.exec->glsl);
   }
   for (int i = 0; i < FE_MAX_XFB_BUFFERS; i++)
      fe_buffer_gpu_write(t->tf.bufs[i]);
   t->tf.paused = false;
}

/* ---- transform feedback objects (ES 3.0 §2.15.1, GL 4.0 13.2) ----------------------------- */

/* GL 3.3 has no transform feedback objects (ARB_transform_feedback2 is GL 4.0): a desktop
 * context has them only where the server holds them and ARB_transform_feedback2 is listed. In
 * a desktop context without them, or an ES 2.0 one, these entry points refuse, as an
 * unimplemented one does, with a decline named for the reason. */
#define TFO_ENTRY_OR_RETURN(fn, ...)                                                               \
   FE_CTX_OR_RETURN(__VA_ARGS__);                                                                  \
   if (!fe_xfb_objects_offered(ctx)) {                                                             \
      MGU_DECLINE(gl_entry_not_in_version,                                                         \
                  "%s outside an OpenGL ES 3.0 context or ARB_transform_feedback2", fn);           \
      fe_error(ctx, GL_INVALID_OPERATION);                                                         \
      return __VA_ARGS__;                                                                          \
   }

static void
tfo_destroy(struct fe_context *ctx, struct fe_tfo *t)
{
   if (!t)
      return;
   if (t->tf.active)
      end_common(ctx, t);
   for (int i = 0; i < FE_MAX_XFB_BUFFERS; i++)
      FE_REBIND(ctx, &t->xfb[i].buffer, NULL);
   free(t->label);
   t->label = NULL;
   if (t != &ctx->default_tfo)
      free(t);
}

/* The object of a reserved name (first bind, or glCreateTransformFeedbacks): NULL after
 * recording GL_OUT_OF_MEMORY. */
static struct fe_tfo *
tfo_create(struct fe_context *ctx, GLuint id)
{
   if (fe_xfb_server_objects(ctx) && id >= MGP_MAX_XFB_OBJECTS) {
      /* the server holds MGP_MAX_XFB_OBJECTS objects a context (names are the lowest free
       * ones: this many are alive) */
      MGU_DECLINE(gl_feature_unimplemented, "transform feedback object %u: the server holds %u", id,
                  MGP_MAX_XFB_OBJECTS);
      FE_CHECK(true, GL_OUT_OF_MEMORY, NULL);
   }
   struct fe_tfo *t = calloc(1, sizeof(*t));
   FE_CHECK(!t, GL_OUT_OF_MEMORY, NULL);
   t->name = id;
   if (!fe_names_set(&ctx->tfos, id, t)) {
      free(t);
      FE_CHECK(true, GL_OUT_OF_MEMORY, NULL);
   }
   return t;
}

void
mgl_glGenTransformFeedbacks(GLsizei n, GLuint *ids)
{
   TFO_ENTRY_OR_RETURN("glGenTransformFeedbacks");
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      ids[i] = fe_names_gen(&ctx->tfos);
      FE_CHECK(!ids[i], GL_OUT_OF_MEMORY);
   }
}

/* GL 4.6 §13.2.1: names whose objects exist at once. */
void
mgl_glCreateTransformFeedbacks(GLsizei n, GLuint *ids)
{
   TFO_ENTRY_OR_RETURN("glCreateTransformFeedbacks");
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      ids[i] = fe_names_gen(&ctx->tfos);
      FE_CHECK(!ids[i], GL_OUT_OF_MEMORY);
      if (!tfo_create(ctx, ids[i]))
         return;
   }
}

void
mgl_glDeleteTransformFeedbacks(GLsizei n, const GLuint *ids)
{
   TFO_ENTRY_OR_RETURN("glDeleteTransformFeedbacks");
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   /* An active object (paused or not) cannot go; then none of them does. */
   for (GLsizei i = 0; i < n; i++) {
      const struct fe_tfo *t = ids[i] ? fe_names_get(&ctx->tfos, ids[i]) : NULL;
      FE_CHECK(t && t != FE_NAME_RESERVED && t->tf.active, GL_INVALID_OPERATION);
   }
   for (GLsizei i = 0; i < n; i++) {
      void *obj = ids[i] ? fe_names_get(&ctx->tfos, ids[i]) : NULL;
      if (!obj)
         continue;
      fe_names_delete(&ctx->tfos, ids[i]);
      if (obj == FE_NAME_RESERVED)
         continue;
      /* Deleting the bound object binds zero (§2.15.1); the server does the same. */
      if (ctx->tfo == obj)
         ctx->tfo = &ctx->default_tfo;
      tfo_destroy(ctx, obj);
      if (fe_xfb_server_objects(ctx))
         mgp_delete_stream_output_object(&ctx->pipe, &(struct mgp_u32_args){.value = ids[i]});
   }
}

GLboolean
mgl_glIsTransformFeedback(GLuint id)
{
   TFO_ENTRY_OR_RETURN("glIsTransformFeedback", GL_FALSE);
   /* A generated name becomes an object when first bound. */
   void *obj = id ? fe_names_get(&ctx->tfos, id) : NULL;
   return obj && obj != FE_NAME_RESERVED ? GL_TRUE : GL_FALSE;
}

void
mgl_glBindTransformFeedback(GLenum target, GLuint id)
{
   TFO_ENTRY_OR_RETURN("glBindTransformFeedback");
   FE_CHECK(target != GL_TRANSFORM_FEEDBACK, GL_INVALID_ENUM);
   /* A capture in progress must be paused (or ended) before another object is bound. */
   FE_CHECK(fe_xfb_locked(ctx), GL_INVALID_OPERATION);
   struct fe_tfo *t = &ctx->default_tfo;
   if (id) {
      void *obj = fe_names_get(&ctx->tfos, id);
      FE_CHECK(!obj, GL_INVALID_OPERATION); /* names come from glGenTransformFeedbacks only */
      t = obj == FE_NAME_RESERVED ? tfo_create(ctx, id) : obj;
      if (!t)
         return;
   }
   if (t != ctx->tfo && fe_xfb_server_objects(ctx))
      mgp_bind_stream_output_object(&ctx->pipe, &(struct mgp_u32_args){.value = t->name});
   ctx->tfo = t;
   fe_ctx_unusual(ctx); /* it may be a paused capture */
}

/* The object a direct-state-access command names (GL 4.6 §13.2.2, §22.4): zero is the default
 * one; NULL with GL_INVALID_OPERATION for a name that is no transform feedback object. */
static struct fe_tfo *
tfo_named(struct fe_context *ctx, GLuint xfb)
{
   if (!xfb)
      return &ctx->default_tfo;
   void *obj = fe_names_get(&ctx->tfos, xfb);
   FE_CHECK(!obj || obj == FE_NAME_RESERVED, GL_INVALID_OPERATION, NULL);
   return obj;
}

void
mgl_glTransformFeedbackBufferBase(GLuint xfb, GLuint index, GLuint buffer)
{
   FE_CTX_OR_RETURN();
   struct fe_tfo *t = tfo_named(ctx, xfb);
   if (t)
      fe_buffer_bind_xfb(ctx, t, index, buffer, 0, 0, true);
}

void
mgl_glTransformFeedbackBufferRange(GLuint xfb, GLuint index, GLuint buffer, GLintptr offset,
                                   GLsizeiptr size)
{
   FE_CTX_OR_RETURN();
   struct fe_tfo *t = tfo_named(ctx, xfb);
   if (t)
      fe_buffer_bind_xfb(ctx, t, index, buffer, offset, size, false);
}

/* GL 4.6 §22.4: an object's state. */
void
mgl_glGetTransformFeedbackiv(GLuint xfb, GLenum pname, GLint *param)
{
   FE_CTX_OR_RETURN();
   const struct fe_tfo *t = tfo_named(ctx, xfb);
   if (!t)
      return;
   switch (pname) {
   case GL_TRANSFORM_FEEDBACK_ACTIVE: *param = t->tf.active; break;
   case GL_TRANSFORM_FEEDBACK_PAUSED: *param = t->tf.paused; break;
   default: FE_CHECK(true, GL_INVALID_ENUM);
   }
}

/* One indexed binding of an object's (wide: its start or size, else its buffer's name): false
 * after recording the error. */
static bool
tfo_binding(struct fe_context *ctx, GLuint xfb, GLenum pname, GLuint index, bool wide,
            GLint64 *value)
{
   const struct fe_tfo *t = tfo_named(ctx, xfb);
   if (!t)
      return false;
   FE_CHECK(wide ? pname != GL_TRANSFORM_FEEDBACK_BUFFER_START &&
                      pname != GL_TRANSFORM_FEEDBACK_BUFFER_SIZE
                 : pname != GL_TRANSFORM_FEEDBACK_BUFFER_BINDING,
            GL_INVALID_ENUM, false);
   FE_CHECK(index >= FE_MAX_XFB_BUFFERS, GL_INVALID_VALUE, false);
   const struct fe_ubo_binding *b = &t->xfb[index];
   *value = !wide                                         ? (b->buffer ? b->buffer->base.name : 0)
            : pname == GL_TRANSFORM_FEEDBACK_BUFFER_START ? b->offset
                                                          : b->size;
   return true;
}

void
mgl_glGetTransformFeedbacki_v(GLuint xfb, GLenum pname, GLuint index, GLint *param)
{
   FE_CTX_OR_RETURN();
   GLint64 v;
   if (tfo_binding(ctx, xfb, pname, index, false, &v))
      *param = (GLint)v;
}

void
mgl_glGetTransformFeedbacki64_v(GLuint xfb, GLenum pname, GLuint index, GLint64 *param)
{
   FE_CTX_OR_RETURN();
   tfo_binding(ctx, xfb, pname, index, true, param);
}

bool
fe_xfb_get(struct fe_context *ctx, GLenum pname, GLint *value)
{
   if (!fe_xfb_objects_offered(ctx))
      return false;
   switch (pname) {
   case GL_TRANSFORM_FEEDBACK_BINDING: *value = (GLint)ctx->tfo->name; return true;
   case GL_TRANSFORM_FEEDBACK_ACTIVE: *value = ctx->tfo->tf.active; return true;
   case GL_TRANSFORM_FEEDBACK_PAUSED: *value = ctx->tfo->tf.paused; return true;
   default: return false;
   }
}

/* glDrawTransformFeedback*'s object (GL 4.6 10.4: 0 is the default object): GL_INVALID_VALUE for
 * a name that is no object, GL_INVALID_OPERATION when it never ended a capture. Its server id
 * and buffer 0's stride, or false after the error. */
bool
fe_xfb_draw_source(struct fe_context *ctx, GLuint id, uint32_t stream, uint32_t *object,
                   uint32_t *stride, uint32_t *buffer)
{
   struct fe_tfo *t = &ctx->default_tfo;
   if (id) {
      void *obj = fe_names_get(&ctx->tfos, id);
      if (!obj || obj == FE_NAME_RESERVED) {
         fe_error(ctx, GL_INVALID_VALUE);
         return false;
      }
      t = obj;
   }
   if (!t->ended) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   *object = t->name;
   *stride = t->draw_stride[stream];
   *buffer = t->draw_buffer[stream];
   return true;
}

bool
fe_xfb_captures_from(struct fe_context *ctx, const struct fe_exec *exec)
{
   if (!exec)
      return false;
   if (ctx->default_tfo.tf.active && ctx->default_tfo.tf.exec == exec)
      return true;
   for (uint32_t i = 1; i < ctx->tfos.capacity; i++) {
      const struct fe_tfo *t = ctx->tfos.slots[i];
      if (t && t != FE_NAME_RESERVED && t->tf.active && t->tf.exec == exec)
         return true;
   }
   return false;
}

void
fe_xfb_init(struct fe_context *ctx)
{
   fe_names_init(&ctx->tfos);
   ctx->tfo = &ctx->default_tfo;
}

void
fe_xfb_context_finish(struct fe_context *ctx)
{
   ctx->tfo = &ctx->default_tfo;
   for (uint32_t i = 1; i < ctx->tfos.capacity; i++) {
      void *t = ctx->tfos.slots[i];
      if (t && t != FE_NAME_RESERVED)
         tfo_destroy(ctx, t);
   }
   fe_names_finish(&ctx->tfos);
   tfo_destroy(ctx, &ctx->default_tfo);
}
