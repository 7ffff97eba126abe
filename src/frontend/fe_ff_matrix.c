/* fe_ff_matrix.c — the matrix stacks of a compatibility context (GL 2.1 §2.11.2): glMatrixMode
 * and every command that loads, multiplies, pushes or pops the current stack's top, and their
 * queries. Matrices are column-major floats, as GL hands them over. */
#include <math.h>
#include <string.h>

#include "fe_arbp.h"
#include "fe_ff.h"
#include "gl_api.h"

static const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

/* The stack matrix mode names (GL_TEXTURE: the active unit's; -1 when that unit has no
 * texture coordinate set). */
static int
mode_stack(const struct fe_context *ctx, GLenum mode)
{
   switch (mode) {
   case GL_MODELVIEW: return FE_FF_MODELVIEW;
   case GL_PROJECTION: return FE_FF_PROJECTION;
   case GL_COLOR: return FE_FF_COLOR;
   case GL_TEXTURE:
      return ctx->active_unit < FE_FF_UNITS ? FE_FF_TEXTURE0 + (int)ctx->active_unit : -1;
   default: return FE_FF_PROGRAM0 + (int)(mode - GL_MATRIX0_ARB); /* glMatrixMode checked it */
   }
}

/* The stack glMatrixMode selected, or -1 after GL_INVALID_OPERATION when the mode is
 * GL_TEXTURE and the active unit has no texture coordinate set. */
static int
current_stack(struct fe_context *ctx)
{
   const int s = mode_stack(ctx, ctx->ff->matrix_mode);
   if (s < 0)
      fe_error(ctx, GL_INVALID_OPERATION);
   return s;
}

static void
changed(struct fe_ff *ff, int s)
{
   ff->stack[s].version++;
   fe_ff_bump(ff);
}

/* Sets the current matrix to top * m (GL: the new matrix multiplies on the right). */
static void
mult(struct fe_context *ctx, const float m[16])
{
   int s = current_stack(ctx);
   if (s < 0)
      return;
   float *top = fe_ff_top(ctx->ff, s);
   fe_ff_mat_mul(top, top, m);
   changed(ctx->ff, s);
}

static void
load(struct fe_context *ctx, const float m[16])
{
   int s = current_stack(ctx);
   if (s < 0)
      return;
   float *top = fe_ff_top(ctx->ff, s);
   if (!memcmp(top, m, 16 * sizeof(float)))
      return; /* the same matrix: nothing a program reads moved */
   memcpy(top, m, 16 * sizeof(float));
   changed(ctx->ff, s);
}

static void
from_doubles(float out[16], const GLdouble *m, bool transpose)
{
   for (int c = 0; c < 4; c++)
      for (int r = 0; r < 4; r++)
         out[c * 4 + r] = (float)(transpose ? m[r * 4 + c] : m[c * 4 + r]);
}

static void
from_floats(float out[16], const GLfloat *m, bool transpose)
{
   for (int c = 0; c < 4; c++)
      for (int r = 0; r < 4; r++)
         out[c * 4 + r] = transpose ? m[r * 4 + c] : m[c * 4 + r];
}

void
fe_ff_stacks_init(struct fe_ff *ff)
{
   static const uint32_t depth[FE_FF_STACK_COUNT] = {
      [FE_FF_MODELVIEW] = FE_FF_MODELVIEW_DEPTH,
      [FE_FF_PROJECTION] = FE_FF_PROJECTION_DEPTH,
      [FE_FF_COLOR] = FE_FF_COLOR_DEPTH,
   };
   uint32_t used = 0;
   for (int s = 0; s < FE_FF_STACK_COUNT; s++) {
      struct fe_ff_stack *st = &ff->stack[s];
      st->max = depth[s]              ? depth[s]
                : s >= FE_FF_PROGRAM0 ? FE_FF_PROGRAM_DEPTH
                                      : FE_FF_TEXTURE_DEPTH;
      st->m = &ff->storage[used];
      used += st->max;
      st->depth = 1;
      memcpy(st->m[0], identity, sizeof(identity));
   }
   ff->matrix_mode = GL_MODELVIEW;
}

void
mgl_glMatrixMode(GLenum mode)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(mode != GL_MODELVIEW && mode != GL_PROJECTION && mode != GL_TEXTURE &&
               mode != GL_COLOR &&
               (mode < GL_MATRIX0_ARB || mode >= GL_MATRIX0_ARB + FE_FF_PROGRAM_MATRICES),
            GL_INVALID_ENUM);
   ctx->ff->matrix_mode = mode;
}

void
mgl_glLoadIdentity(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   load(ctx, identity);
}

void
mgl_glLoadMatrixf(const GLfloat *m)
{
   FE_COMPAT_CTX_OR_RETURN();
   float t[16];
   from_floats(t, m, false);
   load(ctx, t);
}

void
mgl_glLoadMatrixd(const GLdouble *m)
{
   FE_COMPAT_CTX_OR_RETURN();
   float t[16];
   from_doubles(t, m, false);
   load(ctx, t);
}

void
mgl_glLoadTransposeMatrixf(const GLfloat *m)
{
   FE_COMPAT_CTX_OR_RETURN();
   float t[16];
   from_floats(t, m, true);
   load(ctx, t);
}

void
mgl_glLoadTransposeMatrixd(const GLdouble *m)
{
   FE_COMPAT_CTX_OR_RETURN();
   float t[16];
   from_doubles(t, m, true);
   load(ctx, t);
}

void
mgl_glMultMatrixf(const GLfloat *m)
{
   FE_COMPAT_CTX_OR_RETURN();
   float t[16];
   from_floats(t, m, false);
   mult(ctx, t);
}

void
mgl_glMultMatrixd(const GLdouble *m)
{
   FE_COMPAT_CTX_OR_RETURN();
   float t[16];
   from_doubles(t, m, false);
   mult(ctx, t);
}

void
mgl_glMultTransposeMatrixf(const GLfloat *m)
{
   FE_COMPAT_CTX_OR_RETURN();
   float t[16];
   from_floats(t, m, true);
   mult(ctx, t);
}

void
mgl_glMultTransposeMatrixd(const GLdouble *m)
{
   FE_COMPAT_CTX_OR_RETURN();
   float t[16];
   from_doubles(t, m, true);
   mult(ctx, t);
}

/* GL 2.1 §2.11.2: rotation by angle degrees about (x, y, z), normalized first. A zero axis
 * leaves the matrix as it is (Mesa does the same; GL leaves the case undefined). */
static void
rotate(struct fe_context *ctx, double angle, double x, double y, double z)
{
   const double len = sqrt(x * x + y * y + z * z);
   if (len == 0.0) {
      current_stack(ctx); /* still the texture-unit check */
      return;
   }
   x /= len, y /= len, z /= len;
   const double a = angle * M_PI / 180.0, c = cos(a), s = sin(a), ic = 1.0 - c;
   const float r[16] = {
      (float)(x * x * ic + c),
      (float)(y * x * ic + z * s),
      (float)(x * z * ic - y * s),
      0,
      (float)(x * y * ic - z * s),
      (float)(y * y * ic + c),
      (float)(y * z * ic + x * s),
      0,
      (float)(x * z * ic + y * s),
      (float)(y * z * ic - x * s),
      (float)(z * z * ic + c),
      0,
      0,
      0,
      0,
      1,
   };
   mult(ctx, r);
}

void
mgl_glRotatef(GLfloat angle, GLfloat x, GLfloat y, GLfloat z)
{
   FE_COMPAT_CTX_OR_RETURN();
   rotate(ctx, angle, x, y, z);
}

void
mgl_glRotated(GLdouble angle, GLdouble x, GLdouble y, GLdouble z)
{
   FE_COMPAT_CTX_OR_RETURN();
   rotate(ctx, angle, x, y, z);
}

static void
translate(struct fe_context *ctx, float x, float y, float z)
{
   const float t[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1};
   mult(ctx, t);
}

void
mgl_glTranslatef(GLfloat x, GLfloat y, GLfloat z)
{
   FE_COMPAT_CTX_OR_RETURN();
   translate(ctx, x, y, z);
}

void
mgl_glTranslated(GLdouble x, GLdouble y, GLdouble z)
{
   FE_COMPAT_CTX_OR_RETURN();
   translate(ctx, (float)x, (float)y, (float)z);
}

static void
scale(struct fe_context *ctx, float x, float y, float z)
{
   const float t[16] = {x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1};
   mult(ctx, t);
}

void
mgl_glScalef(GLfloat x, GLfloat y, GLfloat z)
{
   FE_COMPAT_CTX_OR_RETURN();
   scale(ctx, x, y, z);
}

void
mgl_glScaled(GLdouble x, GLdouble y, GLdouble z)
{
   FE_COMPAT_CTX_OR_RETURN();
   scale(ctx, (float)x, (float)y, (float)z);
}

void
mgl_glFrustum(GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n, GLdouble f)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(n <= 0.0 || f <= 0.0 || l == r || b == t || n == f, GL_INVALID_VALUE);
   const float m[16] = {
      (float)(2 * n / (r - l)),
      0,
      0,
      0,
      0,
      (float)(2 * n / (t - b)),
      0,
      0,
      (float)((r + l) / (r - l)),
      (float)((t + b) / (t - b)),
      (float)(-(f + n) / (f - n)),
      -1,
      0,
      0,
      (float)(-2 * f * n / (f - n)),
      0,
   };
   mult(ctx, m);
}

void
mgl_glOrtho(GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n, GLdouble f)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(l == r || b == t || n == f, GL_INVALID_VALUE);
   const float m[16] = {
      (float)(2 / (r - l)),
      0,
      0,
      0,
      0,
      (float)(2 / (t - b)),
      0,
      0,
      0,
      0,
      (float)(-2 / (f - n)),
      0,
      (float)(-(r + l) / (r - l)),
      (float)(-(t + b) / (t - b)),
      (float)(-(f + n) / (f - n)),
      1,
   };
   mult(ctx, m);
}

void
mgl_glPushMatrix(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   int s = current_stack(ctx);
   if (s < 0)
      return;
   struct fe_ff_stack *st = &ctx->ff->stack[s];
   FE_CHECK(st->depth >= st->max, GL_STACK_OVERFLOW);
   memcpy(st->m[st->depth], st->m[st->depth - 1], sizeof(st->m[0]));
   st->depth++;
}

void
mgl_glPopMatrix(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   int s = current_stack(ctx);
   if (s < 0)
      return;
   struct fe_ff_stack *st = &ctx->ff->stack[s];
   FE_CHECK(st->depth <= 1, GL_STACK_UNDERFLOW);
   st->depth--;
   if (memcmp(st->m[st->depth], st->m[st->depth - 1], sizeof(st->m[0])))
      changed(ctx->ff, s);
}

/* glGet of the matrix state: the count of values, 0 when pname is not one. */
int
fe_ff_get_matrix(struct fe_context *ctx, GLenum pname, double out[16])
{
   struct fe_ff *ff = ctx->ff;
   const unsigned unit = ctx->active_unit < FE_FF_UNITS ? ctx->active_unit : 0;
   int s = -1;
   bool transpose = false;
   switch (pname) {
   case GL_MATRIX_MODE: out[0] = ff->matrix_mode; return 1;
   case GL_MAX_PROGRAM_MATRICES_ARB: out[0] = FE_FF_PROGRAM_MATRICES; return 1;
   case GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB: out[0] = FE_FF_PROGRAM_DEPTH; return 1;
   case GL_CURRENT_MATRIX_STACK_DEPTH_ARB:
      s = mode_stack(ctx, ff->matrix_mode);
      out[0] = ff->stack[s < 0 ? FE_FF_TEXTURE0 : s].depth;
      return 1;
   case GL_MAX_MODELVIEW_STACK_DEPTH: out[0] = FE_FF_MODELVIEW_DEPTH; return 1;
   case GL_MAX_PROJECTION_STACK_DEPTH: out[0] = FE_FF_PROJECTION_DEPTH; return 1;
   case GL_MAX_TEXTURE_STACK_DEPTH: out[0] = FE_FF_TEXTURE_DEPTH; return 1;
   case GL_MAX_COLOR_MATRIX_STACK_DEPTH: out[0] = FE_FF_COLOR_DEPTH; return 1;
   case GL_MODELVIEW_STACK_DEPTH: out[0] = ff->stack[FE_FF_MODELVIEW].depth; return 1;
   case GL_PROJECTION_STACK_DEPTH: out[0] = ff->stack[FE_FF_PROJECTION].depth; return 1;
   case GL_TEXTURE_STACK_DEPTH: out[0] = ff->stack[FE_FF_TEXTURE0 + unit].depth; return 1;
   case GL_COLOR_MATRIX_STACK_DEPTH: out[0] = ff->stack[FE_FF_COLOR].depth; return 1;
   case GL_TRANSPOSE_MODELVIEW_MATRIX: transpose = true; /* fall through */
   case GL_MODELVIEW_MATRIX: s = FE_FF_MODELVIEW; break;
   case GL_TRANSPOSE_PROJECTION_MATRIX: transpose = true; /* fall through */
   case GL_PROJECTION_MATRIX: s = FE_FF_PROJECTION; break;
   case GL_TRANSPOSE_TEXTURE_MATRIX: transpose = true; /* fall through */
   case GL_TEXTURE_MATRIX: s = FE_FF_TEXTURE0 + (int)unit; break;
   case GL_TRANSPOSE_COLOR_MATRIX: transpose = true; /* fall through */
   case GL_COLOR_MATRIX: s = FE_FF_COLOR; break;
   case GL_TRANSPOSE_CURRENT_MATRIX_ARB: transpose = true; /* fall through */
   case GL_CURRENT_MATRIX_ARB:
      s = mode_stack(ctx, ff->matrix_mode);
      s = s < 0 ? FE_FF_TEXTURE0 : s;
      break;
   default: return 0;
   }
   const float *m = fe_ff_top(ff, s);
   for (int c = 0; c < 4; c++)
      for (int r = 0; r < 4; r++)
         out[c * 4 + r] = transpose ? m[r * 4 + c] : m[c * 4 + r];
   return 16;
}
