/* fe_compat_accum.c — the accumulation buffer commands (GL 2.1 §4.2.4): glClearAccum keeps
 * GL_ACCUM_CLEAR_VALUE; glAccum checks its operation and then finds no accumulation buffer,
 * since no config mgl offers has one (GL_ACCUM_*_BITS read 0), which GL answers with
 * GL_INVALID_OPERATION; the named decline gl-accum-buffer-absent counts it, so a program that
 * relies on accumulation shows why its image differs. glClear's GL_ACCUM_BUFFER_BIT clears
 * nothing for the same reason (fe_clear.c). */
#include "fe_compat_vertex.h"
#include "gl_api.h"

#ifndef GL_ACCUM
#define GL_ACCUM 0x0100
#define GL_LOAD 0x0101
#define GL_RETURN 0x0102
#define GL_MULT 0x0103
#define GL_ADD 0x0104
#endif
#define FE_GL_ACCUM_CLEAR_VALUE 0x0B80
#define FE_GL_ACCUM_RED_BITS 0x0D58
#define FE_GL_ACCUM_ALPHA_BITS 0x0D5B

void
mgl_glClearAccum(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   FE_COMPAT_CTX_OR_RETURN();
   const GLfloat v[4] = {red, green, blue, alpha};
   for (int i = 0; i < 4; i++)
      ctx->compat->accum_clear[i] = fe_clampf(v[i], -1.0f, 1.0f); /* GL clamps to [-1, 1] */
}

void
mgl_glAccum(GLenum op, GLfloat value)
{
   FE_COMPAT_CTX_OR_RETURN();
   (void)value;
   FE_CHECK(op != GL_ACCUM && op != GL_LOAD && op != GL_RETURN && op != GL_MULT && op != GL_ADD,
            GL_INVALID_ENUM);
   MGU_DECLINE(gl_accum_buffer_absent, "glAccum(0x%04x): no config has an accumulation buffer", op);
   fe_error(ctx, GL_INVALID_OPERATION);
}

int
fe_compat_accum_get(struct fe_context *ctx, GLenum pname, double *out)
{
   if (pname == FE_GL_ACCUM_CLEAR_VALUE) {
      for (int i = 0; i < 4; i++)
         out[i] = ctx->compat->accum_clear[i];
      return 4;
   }
   if (pname >= FE_GL_ACCUM_RED_BITS && pname <= FE_GL_ACCUM_ALPHA_BITS) {
      out[0] = 0;
      return 1;
   }
   return 0;
}
