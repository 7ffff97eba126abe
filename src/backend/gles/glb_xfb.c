/* glb_xfb.c — GL transform feedback on the host's GLES 3 transform feedback.
 *
 * The program names what it captures through glTransformFeedbackVaryings (glb_shader.c). The
 * client's begin_stream_output comes before the draw validate that names the program, and GLES
 * begins a capture only with the capturing program in use, so the host's capture begins at the
 * first draw under the client's (glb_xfb_draw): the targets become the host's indexed
 * GL_TRANSFORM_FEEDBACK_BUFFER ranges, each capture fresh at each range's offset (the client
 * resumes an object that another one's capture replaced by sending its ranges from its own
 * write position, fe_xfb.c). Pause pauses the host's; resume, and a context switch back, resume
 * it at the next draw (GLES takes no glUseProgram under a running capture, and resumes only with
 * the program it began with). The host has one capture at a time on its default transform
 * feedback object: a context switch pauses a running one (glb_screen.c), and a second context's
 * capture while another's is on the host declines by name. The client hears of each range
 * written (BUFFER_WRITTEN) when the capture ends or pauses; it also drops its copy itself at
 * those calls. */
#include <string.h>

#include "glb.h"

#define XFB_SELF                                                                                   \
   struct glb_context *ctx = self;                                                                 \
   struct glb_screen *scr = ctx->scr

void
glb_set_stream_output_targets(void *self, const struct mgp_set_stream_output_targets *args,
                              const void *tail, uint32_t tail_count)
{
   XFB_SELF;
   const struct mgp_buffer_range *r = tail;
   if (args->count > GLB_MAX_XFB || tail_count != args->count) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "set_stream_output_targets: count");
      return;
   }
   for (uint32_t i = 0; i < args->count; i++)
      if (!mgp_handle_is_null(r[i].res) &&
          !glb_lookup(scr, &scr->resources, r[i].res, "set_stream_output_targets"))
         return;
   memset(ctx->xfb_targets, 0, sizeof(ctx->xfb_targets));
   if (args->count) /* none: no tail at all (memcpy takes no NULL, even for 0 bytes) */
      memcpy(ctx->xfb_targets, r, args->count * sizeof(*r));
   ctx->xfb_target_count = args->count;
}

/* Tells the client which ranges the capture wrote. */
static void
announce(struct glb_context *ctx)
{
   struct glb_screen *scr = ctx->scr;
   for (uint32_t i = 0; i < ctx->xfb_target_count; i++) {
      const struct mgp_buffer_range *t = &ctx->xfb_targets[i];
      if (mgp_handle_is_null(t->res) || !t->size)
         continue;
      struct mgp_event ev = {
         .kind = MGP_EVENT_BUFFER_WRITTEN,
         .slot = t->res.slot,
         .gen = t->res.gen,
         .value =
            t->offset <= UINT32_MAX && t->size <= UINT32_MAX ? (t->offset << 32) | t->size : 0,
      };
      if (scr->env.event)
         scr->env.event(scr->env.session, &ev);
   }
}

void
glb_xfb_end(struct glb_context *ctx)
{
   struct glb_screen *scr = ctx->scr;
   if (ctx->xfb_host) {
      GLB_GL(scr->h)->glEndTransformFeedback();
      announce(ctx);
   }
   ctx->xfb_host = GLB_XFB_HOST_NONE;
   if (scr->xfb_owner == ctx)
      scr->xfb_owner = NULL;
}

static void
host_pause(struct glb_context *ctx)
{
   if (ctx->xfb_host != GLB_XFB_HOST_RUNNING)
      return;
   GLB_GL(ctx->scr->h)->glPauseTransformFeedback();
   ctx->xfb_host = GLB_XFB_HOST_PAUSED;
   announce(ctx);
}

void
glb_xfb_switch_away(struct glb_context *ctx)
{
   host_pause(ctx);
}

/* Binds the targets the program's capture writes and begins it on the host; false: declined. */
static bool
host_begin(struct glb_context *ctx, const struct glb_shader *prog)
{
   struct glb_screen *scr = ctx->scr;
   if (scr->xfb_owner && scr->xfb_owner != ctx) {
      MGU_DECLINE(backend_xfb_unsupported,
                  "gles: a capture while another context's is on the host (it has one)");
      return false;
   }
   if (!prog->xfb_count || prog->xfb_why[0]) {
      MGU_DECLINE(backend_xfb_unsupported, "gles: a capture by a program that %s",
                  prog->xfb_why[0] ? prog->xfb_why : "captures nothing");
      return false;
   }
   const uint32_t need = prog->xfb_separate ? prog->xfb_count : 1;
   const struct glb_host *h = scr->h;
   for (uint32_t i = 0; i < need; i++) {
      const struct mgp_buffer_range *t = i < ctx->xfb_target_count ? &ctx->xfb_targets[i] : NULL;
      struct glb_resource *r = t && !mgp_handle_is_null(t->res)
                                  ? glb_resource_for_use(scr, t->res, "draw (capture)")
                                  : NULL;
      if (!r || !r->is_buffer || t->offset % 4 || t->size < 4 || t->offset > r->desc.size ||
          t->size > r->desc.size - t->offset) {
         MGU_DECLINE(backend_xfb_unsupported,
                     "gles: capture target %u is no buffer range the host captures into", i);
         return false;
      }
      GLB_GL(h)->glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, i, r->name, (GLintptr)t->offset,
                                   (GLsizeiptr)(t->size & ~(uint64_t)3));
   }
   GLB_GL(h)->glUseProgram(prog->program);
   GLB_GL(h)->glBeginTransformFeedback(ctx->xfb_mode);
   ctx->xfb_host = GLB_XFB_HOST_RUNNING;
   ctx->xfb_program = prog->program;
   scr->xfb_owner = ctx;
   return true;
}

bool
glb_xfb_draw(struct glb_context *ctx, const struct glb_shader *s, bool *in_use)
{
   *in_use = false;
   if (!ctx->xfb_active || ctx->xfb_paused)
      return true; /* not captured: any program (a paused host capture allows it) */
   if (ctx->xfb_host == GLB_XFB_HOST_NONE) {
      if (!host_begin(ctx, s))
         return false;
   } else if (s->program != ctx->xfb_program) {
      /* GL refuses it too (the client checks): the capture's program stays */
      MGU_DECLINE(backend_draw_incomplete, "gles: a captured draw with another program");
      return false;
   } else if (ctx->xfb_host == GLB_XFB_HOST_PAUSED) {
      GLB_GL(ctx->scr->h)->glUseProgram(s->program);
      GLB_GL(ctx->scr->h)->glResumeTransformFeedback();
      ctx->xfb_host = GLB_XFB_HOST_RUNNING;
   }
   *in_use = true;
   return true;
}

void
glb_begin_stream_output(void *self, const struct mgp_u32_args *args, const void *tail,
                        uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   XFB_SELF;
   const uint32_t mode = args->value;
   if (mode != GL_POINTS && mode != GL_LINES && mode != GL_TRIANGLES) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "begin_stream_output: a primitive mode");
      return;
   }
   if (ctx->xfb_host && !glb_context_bind(ctx))
      return;
   glb_xfb_end(ctx); /* another object's capture of this context ends (fe_xfb.c) */
   ctx->xfb_active = true;
   ctx->xfb_paused = false;
   ctx->xfb_mode = mode;
}

void
glb_end_stream_output(void *self, const struct mgp_u32_args *args, const void *tail,
                      uint32_t tail_count)
{
   (void)args, (void)tail, (void)tail_count;
   XFB_SELF;
   (void)scr;
   ctx->xfb_active = ctx->xfb_paused = false;
   if (ctx->xfb_host && glb_context_bind(ctx))
      glb_xfb_end(ctx);
}

void
glb_pause_stream_output(void *self, const struct mgp_u32_args *args, const void *tail,
                        uint32_t tail_count)
{
   (void)args, (void)tail, (void)tail_count;
   XFB_SELF;
   (void)scr;
   if (!ctx->xfb_active)
      return;
   ctx->xfb_paused = true;
   if (ctx->xfb_host == GLB_XFB_HOST_RUNNING && glb_context_bind(ctx))
      host_pause(ctx);
}

void
glb_resume_stream_output(void *self, const struct mgp_u32_args *args, const void *tail,
                         uint32_t tail_count)
{
   (void)args, (void)tail, (void)tail_count;
   XFB_SELF;
   (void)scr;
   ctx->xfb_paused = false; /* the host's resumes at the next captured draw */
}
