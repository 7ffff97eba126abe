/* fe_compat_rendermode.c — render modes (GL 2.1 §5.2 selection, §5.3 feedback): glRenderMode,
 * glSelectBuffer, glFeedbackBuffer, the name stack and glPassThrough, with GL's errors.
 *
 * Selection and feedback are not computed yet: glRenderMode(GL_SELECT or GL_FEEDBACK) is the
 * named decline gl-render-mode-unsupported and the context stays in GL_RENDER, so the draws
 * that follow render and the next glRenderMode returns 0 records. In GL_RENDER the name stack
 * commands and glPassThrough are ignored, as GL says. */
#include "fe_compat_vertex.h"
#include "gl_api.h"

#define FE_GL_RENDER 0x1C00
#define FE_GL_FEEDBACK 0x1C01
#define FE_GL_SELECT 0x1C02
#define FE_GL_2D 0x0600
#define FE_GL_4D_COLOR_TEXTURE 0x0604
#define FE_GL_RENDER_MODE 0x0C40
#define FE_GL_NAME_STACK_DEPTH 0x0D70
#define FE_GL_MAX_NAME_STACK_DEPTH 0x0D37
#define FE_GL_FEEDBACK_BUFFER_SIZE 0x0DF1
#define FE_GL_FEEDBACK_BUFFER_TYPE 0x0DF2
#define FE_GL_SELECTION_BUFFER_SIZE 0x0DF4

GLint
mgl_glRenderMode(GLenum mode)
{
   FE_COMPAT_CTX_OR_RETURN(0);
   struct fe_compat *c = ctx->compat;
   if (mode != FE_GL_RENDER && mode != FE_GL_SELECT && mode != FE_GL_FEEDBACK) {
      fe_error(ctx, GL_INVALID_ENUM);
      return 0;
   }
   /* §5.2, §5.3: selection or feedback before its buffer was given */
   if ((mode == FE_GL_SELECT && !c->select_set) || (mode == FE_GL_FEEDBACK && !c->feedback_set)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return 0;
   }
   if (mode != FE_GL_RENDER)
      MGU_DECLINE(gl_render_mode_unsupported,
                  "glRenderMode(0x%04x): selection and feedback are not computed; the context "
                  "stays in GL_RENDER and reports no records",
                  mode);
   return 0; /* leaving GL_RENDER (the only mode entered) returns 0 */
}

void
mgl_glSelectBuffer(GLsizei size, GLuint *buffer)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(size < 0, GL_INVALID_VALUE);
   ctx->compat->select_set = true;
   ctx->compat->select_size = size;
   (void)buffer; /* nothing is written: selection is declined (glRenderMode) */
}

void
mgl_glFeedbackBuffer(GLsizei size, GLenum type, GLfloat *buffer)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(type < FE_GL_2D || type > FE_GL_4D_COLOR_TEXTURE, GL_INVALID_ENUM);
   FE_CHECK(size < 0, GL_INVALID_VALUE);
   ctx->compat->feedback_set = true;
   ctx->compat->feedback_size = size;
   ctx->compat->feedback_type = type;
   (void)buffer; /* nothing is written: feedback is declined (glRenderMode) */
}

/* GL_RENDER: the name stack commands and glPassThrough are ignored (§5.2, §5.3). */
void
mgl_glInitNames(void)
{
   FE_COMPAT_CTX_OR_RETURN();
}

void
mgl_glLoadName(GLuint name)
{
   FE_COMPAT_CTX_OR_RETURN();
   (void)name;
}

void
mgl_glPushName(GLuint name)
{
   FE_COMPAT_CTX_OR_RETURN();
   (void)name;
}

void
mgl_glPopName(void)
{
   FE_COMPAT_CTX_OR_RETURN();
}

void
mgl_glPassThrough(GLfloat token)
{
   FE_COMPAT_CTX_OR_RETURN();
   (void)token;
}

int
fe_compat_rendermode_get(struct fe_context *ctx, GLenum pname, double *out, int *kind)
{
   const struct fe_compat *c = ctx->compat;
   *kind = 1;
   switch (pname) {
   case FE_GL_RENDER_MODE:
      *kind = 4;
      out[0] = FE_GL_RENDER;
      return 1;
   case FE_GL_NAME_STACK_DEPTH: out[0] = 0; return 1;
   case FE_GL_MAX_NAME_STACK_DEPTH: out[0] = 64; return 1;
   case FE_GL_SELECTION_BUFFER_SIZE: out[0] = c->select_size; return 1;
   case FE_GL_FEEDBACK_BUFFER_SIZE: out[0] = c->feedback_size; return 1;
   case FE_GL_FEEDBACK_BUFFER_TYPE:
      *kind = 4;
      out[0] = c->feedback_set ? c->feedback_type : FE_GL_2D;
      return 1;
   default: return 0;
   }
}
