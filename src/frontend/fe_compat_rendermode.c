/* fe_compat_rendermode.c — render modes (GL 2.1 §5.2 selection, §5.3 feedback): glRenderMode,
 * glSelectBuffer, glFeedbackBuffer, the name stack and glPassThrough, with GL's errors, and the
 * words the modes write into the application's buffer. What a draw produces in these modes is
 * fe_compat_rm_draw's (fe_compat_rm_draw.c). In GL_RENDER the name stack commands and
 * glPassThrough are ignored, as GL says. */
#include <math.h>

#include "fe_compat_vertex.h"
#include "gl_api.h"

#define FE_GL_RENDER 0x1C00
#define FE_GL_FEEDBACK 0x1C01
#define FE_GL_SELECT 0x1C02
#define FE_GL_2D 0x0600
#define FE_GL_4D_COLOR_TEXTURE 0x0604
#define FE_GL_PASS_THROUGH_TOKEN 0x0700
#define FE_GL_RENDER_MODE 0x0C40
#define FE_GL_NAME_STACK_DEPTH 0x0D70
#define FE_GL_MAX_NAME_STACK_DEPTH 0x0D37
#define FE_GL_FEEDBACK_BUFFER_SIZE 0x0DF1
#define FE_GL_FEEDBACK_BUFFER_TYPE 0x0DF2
#define FE_GL_SELECTION_BUFFER_SIZE 0x0DF4

void
fe_compat_rm_word(struct fe_compat_rendermode *rm, float f, GLuint u)
{
   if (rm->mode == FE_GL_FEEDBACK && rm->count < (uint64_t)rm->feedback_size)
      rm->feedback_buf[rm->count] = f;
   else if (rm->mode == FE_GL_SELECT && rm->count < (uint64_t)rm->select_size)
      rm->select_buf[rm->count] = u;
   rm->count++;
}

void
fe_compat_rm_hit(struct fe_compat_rendermode *rm, float z)
{
   if (!rm->hit) {
      rm->hit = true;
      rm->hit_min = rm->hit_max = z;
      return;
   }
   rm->hit_min = fminf(rm->hit_min, z);
   rm->hit_max = fmaxf(rm->hit_max, z);
}

/* A depth in [0, 1] as a hit record holds it: scaled to 2^32 - 1 (§5.2). */
static GLuint
hit_depth(float z)
{
   const double d = (double)fe_clampf(z, 0.0f, 1.0f) * 4294967295.0;
   return (GLuint)llround(d);
}

/* The pending hit becomes a record: the name stack's depth, min and max z, the names. */
static void
write_hit(struct fe_compat_rendermode *rm)
{
   if (!rm->hit)
      return;
   fe_compat_rm_word(rm, 0, rm->depth);
   fe_compat_rm_word(rm, 0, hit_depth(rm->hit_min));
   fe_compat_rm_word(rm, 0, hit_depth(rm->hit_max));
   for (unsigned i = 0; i < rm->depth; i++)
      fe_compat_rm_word(rm, 0, rm->names[i]);
   rm->hits++;
   rm->hit = false;
}

GLint
mgl_glRenderMode(GLenum mode)
{
   FE_COMPAT_CTX_OR_RETURN(0);
   struct fe_compat_rendermode *rm = &ctx->compat->rm;
   if (mode != FE_GL_RENDER && mode != FE_GL_SELECT && mode != FE_GL_FEEDBACK) {
      fe_error(ctx, GL_INVALID_ENUM);
      return 0;
   }
   /* §5.2, §5.3: selection or feedback before its buffer was given */
   if ((mode == FE_GL_SELECT && !rm->select_set) || (mode == FE_GL_FEEDBACK && !rm->feedback_set)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return 0;
   }
   /* Leaving a mode returns what it wrote: hit records or feedback words, -1 on overflow. */
   GLint result = 0;
   if (rm->mode == FE_GL_SELECT) {
      write_hit(rm);
      result = rm->count > (uint64_t)rm->select_size ? -1 : (GLint)rm->hits;
   } else if (rm->mode == FE_GL_FEEDBACK) {
      result = rm->count > (uint64_t)rm->feedback_size ? -1 : (GLint)rm->count;
   }
   rm->count = 0;
   rm->hits = 0;
   rm->hit = false;
   rm->depth = 0;
   rm->mode = mode;
   return result;
}

void
mgl_glSelectBuffer(GLsizei size, GLuint *buffer)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_compat_rendermode *rm = &ctx->compat->rm;
   FE_CHECK(rm->mode == FE_GL_SELECT, GL_INVALID_OPERATION);
   FE_CHECK(size < 0, GL_INVALID_VALUE);
   rm->select_set = true;
   rm->select_size = size;
   rm->select_buf = buffer;
}

void
mgl_glFeedbackBuffer(GLsizei size, GLenum type, GLfloat *buffer)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_compat_rendermode *rm = &ctx->compat->rm;
   FE_CHECK(rm->mode == FE_GL_FEEDBACK, GL_INVALID_OPERATION);
   FE_CHECK(type < FE_GL_2D || type > FE_GL_4D_COLOR_TEXTURE, GL_INVALID_ENUM);
   FE_CHECK(size < 0, GL_INVALID_VALUE);
   rm->feedback_set = true;
   rm->feedback_size = size;
   rm->feedback_type = type;
   rm->feedback_buf = buffer;
}

/* The name stack (§5.2): each change first closes the pending hit into a record. */
void
mgl_glInitNames(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_compat_rendermode *rm = &ctx->compat->rm;
   if (rm->mode != FE_GL_SELECT)
      return;
   write_hit(rm);
   rm->depth = 0;
}

void
mgl_glLoadName(GLuint name)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_compat_rendermode *rm = &ctx->compat->rm;
   if (rm->mode != FE_GL_SELECT)
      return;
   FE_CHECK(rm->depth == 0, GL_INVALID_OPERATION);
   write_hit(rm);
   rm->names[rm->depth - 1] = name;
}

void
mgl_glPushName(GLuint name)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_compat_rendermode *rm = &ctx->compat->rm;
   if (rm->mode != FE_GL_SELECT)
      return;
   write_hit(rm);
   FE_CHECK(rm->depth >= FE_COMPAT_NAME_STACK, GL_STACK_OVERFLOW);
   rm->names[rm->depth++] = name;
}

void
mgl_glPopName(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_compat_rendermode *rm = &ctx->compat->rm;
   if (rm->mode != FE_GL_SELECT)
      return;
   write_hit(rm);
   FE_CHECK(rm->depth == 0, GL_STACK_UNDERFLOW);
   rm->depth--;
}

void
mgl_glPassThrough(GLfloat token)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_compat_rendermode *rm = &ctx->compat->rm;
   if (rm->mode != FE_GL_FEEDBACK)
      return;
   fe_compat_rm_word(rm, FE_GL_PASS_THROUGH_TOKEN, 0);
   fe_compat_rm_word(rm, token, 0);
}

int
fe_compat_rendermode_get(struct fe_context *ctx, GLenum pname, double *out, int *kind)
{
   const struct fe_compat_rendermode *rm = &ctx->compat->rm;
   *kind = 1;
   switch (pname) {
   case FE_GL_RENDER_MODE:
      *kind = 4;
      out[0] = rm->mode;
      return 1;
   case FE_GL_NAME_STACK_DEPTH: out[0] = rm->depth; return 1;
   case FE_GL_MAX_NAME_STACK_DEPTH: out[0] = FE_COMPAT_NAME_STACK; return 1;
   case FE_GL_SELECTION_BUFFER_SIZE: out[0] = rm->select_size; return 1;
   case FE_GL_FEEDBACK_BUFFER_SIZE: out[0] = rm->feedback_size; return 1;
   case FE_GL_FEEDBACK_BUFFER_TYPE:
      *kind = 4;
      out[0] = rm->feedback_set ? rm->feedback_type : FE_GL_2D;
      return 1;
   default: return 0;
   }
}
