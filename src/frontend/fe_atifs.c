/* fe_atifs.c — GL_ATI_fragment_shader's commands (fe_atifs.h): shader objects, the commands
 * that build a shader with the errors the extension specifies, and the global constants. What a
 * draw runs is fe_atifs_prog.c's. */
#include <stdlib.h>
#include <string.h>

#include "fe_atifs.h"
#include "fe_compat.h"
#include "gl_api.h"

/* ---- objects --------------------------------------------------------------------------------- */

static struct fe_atifs_object *
object_create(GLuint name)
{
   struct fe_atifs_object *o = calloc(1, sizeof(*o));
   if (!o)
      return NULL;
   atomic_init(&o->refs, 1);
   o->name = name;
   return o;
}

static struct fe_atifs_state *
state(struct fe_context *ctx)
{
   return ctx->ff->arbp->ati;
}

/* The bound shader, or the default one (made when first needed; NULL after GL_OUT_OF_MEMORY). */
static struct fe_atifs_object *
current(struct fe_context *ctx)
{
   struct fe_atifs_state *st = state(ctx);
   if (st->bound)
      return st->bound;
   if (!st->zero && !(st->zero = object_create(0)))
      fe_error(ctx, GL_OUT_OF_MEMORY);
   return st->zero;
}

static void
changed(struct fe_context *ctx)
{
   fe_ff_bump(ctx->ff);
}

GLuint
mgl_glGenFragmentShadersATI(GLuint range)
{
   FE_COMPAT_CTX_OR_RETURN(0);
   FE_CHECK(range == 0, GL_INVALID_VALUE, 0);
   FE_CHECK(state(ctx)->compiling, GL_INVALID_OPERATION, 0);
   /* range consecutive unused names */
   struct fe_share_group *sg = ctx->share;
   pthread_mutex_lock(&sg->lock);
   struct fe_names *n = &sg->ati_shaders;
   GLuint first = n->next ? n->next : 1;
   for (GLuint i = 0; i < range && first + i < FE_NAMES_COMPAT_MAX; i++)
      if (fe_names_get(n, first + i)) {
         first += i + 1;
         i = (GLuint)-1;
      }
   bool ok = range <= FE_NAMES_COMPAT_MAX && first + range <= FE_NAMES_COMPAT_MAX;
   for (GLuint i = 0; ok && i < range; i++)
      ok = fe_names_set(n, first + i, FE_NAME_RESERVED);
   if (ok)
      n->next = first + range;
   pthread_mutex_unlock(&sg->lock);
   if (!ok) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return 0;
   }
   return first;
}

void
mgl_glBindFragmentShaderATI(GLuint id)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_atifs_state *st = state(ctx);
   FE_CHECK(st->compiling, GL_INVALID_OPERATION);
   struct fe_atifs_object *o = NULL;
   if (id) {
      struct fe_share_group *sg = ctx->share;
      pthread_mutex_lock(&sg->lock);
      o = fe_names_get(&sg->ati_shaders, id);
      if (!o || o == FE_NAME_RESERVED) {
         /* binding an unused name creates the shader */
         o = object_create(id);
         if (o && !fe_names_set(&sg->ati_shaders, id, o)) {
            fe_atifs_object_unref(o);
            o = NULL;
         }
         if (!o) {
            pthread_mutex_unlock(&sg->lock);
            fe_error(ctx, GL_OUT_OF_MEMORY);
            return;
         }
      }
      atomic_fetch_add(&o->refs, 1);
      pthread_mutex_unlock(&sg->lock);
   }
   fe_atifs_object_unref(st->bound);
   st->bound = o;
   changed(ctx);
}

void
mgl_glDeleteFragmentShaderATI(GLuint id)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_atifs_state *st = state(ctx);
   FE_CHECK(st->compiling, GL_INVALID_OPERATION);
   if (!id)
      return;
   struct fe_atifs_object *o = fe_share_take_name(ctx->share, &ctx->share->ati_shaders, id);
   if (!o)
      return;
   /* a deleted shader bound here reverts the binding to the default shader */
   if (st->bound == o) {
      fe_atifs_object_unref(o);
      st->bound = NULL;
      changed(ctx);
   }
   fe_atifs_object_unref(o);
}

/* ---- building a shader ----------------------------------------------------------------------- */

void
mgl_glBeginFragmentShaderATI(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_atifs_state *st = state(ctx);
   FE_CHECK(st->compiling, GL_INVALID_OPERATION);
   struct fe_atifs_object *o = current(ctx);
   if (!o)
      return;
   /* redefining a shader starts it over, as a new definition */
   static atomic_uint next_definition = 1;
   o->definition = atomic_fetch_add(&next_definition, 1);
   memset(o->setup, 0, sizeof(o->setup));
   memset(o->inst, 0, sizeof(o->inst));
   memset(o->num_inst, 0, sizeof(o->num_inst));
   memset(o->regs_assigned, 0, sizeof(o->regs_assigned));
   o->num_passes = o->cur_pass = o->last_optype = 0;
   o->color_in_first = o->valid = false;
   o->swizzle_rq = 0;
   o->local_const_def = 0;
   st->compiling = true;
   changed(ctx);
}

void
mgl_glEndFragmentShaderATI(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_atifs_state *st = state(ctx);
   FE_CHECK(!st->compiling, GL_INVALID_OPERATION);
   struct fe_atifs_object *o = current(ctx);
   if (!o)
      return;
   st->compiling = false;
   /* the errors below leave the shader defined (the extension: "the shader is still
    * defined"), as the reference implementation does; a shader whose pass has no arithmetic
    * operation draws nothing of its own */
   if (o->color_in_first && o->cur_pass > 1)
      fe_error(ctx, GL_INVALID_OPERATION);
   o->valid = true;
   if (o->cur_pass == 0 || o->cur_pass == 2) {
      fe_error(ctx, GL_INVALID_OPERATION);
      o->valid = o->cur_pass == 2; /* a second setup pass without arithmetic still runs */
   }
   o->num_passes = o->cur_pass > 1 ? 2 : 1;
   o->cur_pass = 0;
   changed(ctx);
}

/* glPassTexCoordATI and glSampleMapATI. */
static void
setup(uint8_t op, GLuint dst, GLuint src, GLenum swizzle)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_atifs_state *st = state(ctx);
   FE_CHECK(!st->compiling, GL_INVALID_OPERATION);
   struct fe_atifs_object *o = current(ctx);
   if (!o)
      return;
   const uint8_t pass = o->cur_pass == 1 ? 2 : o->cur_pass;
   FE_CHECK(pass > 2, GL_INVALID_OPERATION);
   FE_CHECK(!fe_atifs_is_reg(dst), GL_INVALID_ENUM);
   const unsigned r = dst - GL_REG_0_ATI;
   FE_CHECK(o->regs_assigned[pass >> 1] & (1u << r), GL_INVALID_OPERATION);
   FE_CHECK(!fe_atifs_is_reg(src) && (src < GL_TEXTURE0 || src >= GL_TEXTURE0 + FE_FF_UNITS),
            GL_INVALID_ENUM);
   /* registers are coordinates in the second pass only */
   FE_CHECK(pass == 0 && fe_atifs_is_reg(src), GL_INVALID_OPERATION);
   FE_CHECK(swizzle < GL_SWIZZLE_STR_ATI || swizzle > GL_SWIZZLE_STQ_DQ_ATI, GL_INVALID_ENUM);
   /* a register has no q: only the STR swizzles read one */
   FE_CHECK((swizzle & 1) && fe_atifs_is_reg(src), GL_INVALID_OPERATION);
   if (!fe_atifs_is_reg(src)) {
      /* a coordinate set is used with r or with q throughout the shader */
      const unsigned c = src - GL_TEXTURE0, used = (o->swizzle_rq >> (c * 2)) & 3;
      const unsigned want = (swizzle & 1) + 1;
      FE_CHECK(used && used != want, GL_INVALID_OPERATION);
      o->swizzle_rq |= (uint16_t)(want << (c * 2));
   }
   o->cur_pass = pass;
   o->regs_assigned[pass >> 1] |= (uint8_t)(1u << r);
   struct fe_atifs_setup *s = &o->setup[pass >> 1][r];
   s->op = op;
   s->src = src;
   s->swizzle = swizzle;
}

void
mgl_glPassTexCoordATI(GLuint dst, GLuint coord, GLenum swizzle)
{
   setup(FE_ATIFS_SETUP_PASS, dst, coord, swizzle);
}

void
mgl_glSampleMapATI(GLuint dst, GLuint interp, GLenum swizzle)
{
   setup(FE_ATIFS_SETUP_SAMPLE, dst, interp, swizzle);
}

/* An argument's errors: GL_NO_ERROR when it is fine. */
static GLenum
arg_error(int optype, GLuint arg, GLuint rep)
{
   if (!fe_atifs_is_const(arg) && !fe_atifs_is_reg(arg) && arg != GL_ZERO && arg != GL_ONE &&
       arg != GL_PRIMARY_COLOR && arg != GL_SECONDARY_INTERPOLATOR_ATI)
      return GL_INVALID_ENUM;
   if (rep != GL_NONE && rep != GL_RED && rep != GL_GREEN && rep != GL_BLUE && rep != GL_ALPHA)
      return GL_INVALID_ENUM;
   /* the secondary interpolator has no alpha */
   if (arg == GL_SECONDARY_INTERPOLATOR_ATI &&
       (rep == GL_ALPHA || (optype == FE_ATIFS_ALPHA && rep == GL_NONE)))
      return GL_INVALID_OPERATION;
   return GL_NO_ERROR;
}

static void
fragment_op(int optype, unsigned nargs, GLenum op, GLuint dst, GLuint dst_mask, GLuint dst_mod,
            const GLuint arg[3], const GLuint rep[3], const GLuint mod[3])
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_atifs_state *st = state(ctx);
   FE_CHECK(!st->compiling, GL_INVALID_OPERATION);
   struct fe_atifs_object *o = current(ctx);
   if (!o)
      return;
   const uint8_t pass = o->cur_pass == 0 ? 1 : o->cur_pass == 2 ? 3 : o->cur_pass;
   const unsigned p = pass >> 1;
   unsigned n = o->num_inst[p];
   /* a colour operation starts an instruction; an alpha one pairs with the colour one before
    * it unless that one has its alpha already */
   if (optype == FE_ATIFS_COLOR || o->last_optype == optype || n == 0) {
      FE_CHECK(n >= FE_ATIFS_INSTS, GL_INVALID_OPERATION);
      n++;
   }
   struct fe_atifs_inst *in = &o->inst[p][n - 1];
   FE_CHECK(!fe_atifs_is_reg(dst), GL_INVALID_ENUM);
   const GLuint scale = dst_mod & ~(GLuint)GL_SATURATE_BIT_ATI;
   FE_CHECK(scale != 0 && scale != GL_2X_BIT_ATI && scale != GL_4X_BIT_ATI &&
               scale != GL_8X_BIT_ATI && scale != GL_HALF_BIT_ATI && scale != GL_QUARTER_BIT_ATI &&
               scale != GL_EIGHTH_BIT_ATI,
            GL_INVALID_ENUM);
   FE_CHECK((op < GL_ADD_ATI || op > GL_DOT2_ADD_ATI) && op != GL_MOV_ATI, GL_INVALID_ENUM);
   if (optype == FE_ATIFS_ALPHA) {
      /* a dot product's alpha operation follows the same colour operation, whose result it
       * takes (Table 3.21, notes * and **) */
      const GLenum c = in->op[FE_ATIFS_COLOR];
      FE_CHECK((op == GL_DOT2_ADD_ATI && c != GL_DOT2_ADD_ATI) ||
                  (op == GL_DOT3_ATI && c != GL_DOT3_ATI) ||
                  (op == GL_DOT4_ATI && c != GL_DOT4_ATI) ||
                  (op != GL_DOT4_ATI && c == GL_DOT4_ATI),
               GL_INVALID_OPERATION);
   }
   for (unsigned i = 0; i < nargs; i++) {
      const GLenum e = arg_error(optype, arg[i], rep[i]);
      FE_CHECK(e != GL_NO_ERROR, e);
      /* DOT4 reads the secondary interpolator's alpha, which it has none of */
      FE_CHECK(optype == FE_ATIFS_COLOR && op == GL_DOT4_ATI &&
                  arg[i] == GL_SECONDARY_INTERPOLATOR_ATI && rep[i] == GL_NONE,
               GL_INVALID_OPERATION);
   }
   /* at most two distinct constants per operation */
   FE_CHECK(nargs == 3 && fe_atifs_is_const(arg[0]) && fe_atifs_is_const(arg[1]) &&
               fe_atifs_is_const(arg[2]) && arg[0] != arg[1] && arg[0] != arg[2] &&
               arg[1] != arg[2],
            GL_INVALID_OPERATION);
   for (unsigned i = 0; i < nargs; i++)
      if (pass == 1 && (arg[i] == GL_PRIMARY_COLOR || arg[i] == GL_SECONDARY_INTERPOLATOR_ATI))
         o->color_in_first = true;
   o->num_inst[p] = (uint8_t)n;
   o->last_optype = (uint8_t)optype;
   o->cur_pass = pass;
   in->op[optype] = op;
   in->nargs[optype] = (uint8_t)nargs;
   for (unsigned i = 0; i < nargs; i++)
      in->arg[optype][i] = (struct fe_atifs_arg){arg[i], rep[i], mod[i]};
   in->dst[optype] = dst;
   in->dst_mod[optype] = dst_mod;
   in->dst_mask[optype] = optype == FE_ATIFS_ALPHA ? 8
                          : dst_mask == GL_NONE    ? 7
                                                   : (uint8_t)dst_mask;
}

void
mgl_glColorFragmentOp1ATI(GLenum op, GLuint dst, GLuint dstMask, GLuint dstMod, GLuint arg1,
                          GLuint arg1Rep, GLuint arg1Mod)
{
   const GLuint a[3] = {arg1}, r[3] = {arg1Rep}, m[3] = {arg1Mod};
   fragment_op(FE_ATIFS_COLOR, 1, op, dst, dstMask, dstMod, a, r, m);
}

void
mgl_glColorFragmentOp2ATI(GLenum op, GLuint dst, GLuint dstMask, GLuint dstMod, GLuint arg1,
                          GLuint arg1Rep, GLuint arg1Mod, GLuint arg2, GLuint arg2Rep,
                          GLuint arg2Mod)
{
   const GLuint a[3] = {arg1, arg2}, r[3] = {arg1Rep, arg2Rep}, m[3] = {arg1Mod, arg2Mod};
   fragment_op(FE_ATIFS_COLOR, 2, op, dst, dstMask, dstMod, a, r, m);
}

void
mgl_glColorFragmentOp3ATI(GLenum op, GLuint dst, GLuint dstMask, GLuint dstMod, GLuint arg1,
                          GLuint arg1Rep, GLuint arg1Mod, GLuint arg2, GLuint arg2Rep,
                          GLuint arg2Mod, GLuint arg3, GLuint arg3Rep, GLuint arg3Mod)
{
   const GLuint a[3] = {arg1, arg2, arg3}, r[3] = {arg1Rep, arg2Rep, arg3Rep},
                m[3] = {arg1Mod, arg2Mod, arg3Mod};
   fragment_op(FE_ATIFS_COLOR, 3, op, dst, dstMask, dstMod, a, r, m);
}

void
mgl_glAlphaFragmentOp1ATI(GLenum op, GLuint dst, GLuint dstMod, GLuint arg1, GLuint arg1Rep,
                          GLuint arg1Mod)
{
   const GLuint a[3] = {arg1}, r[3] = {arg1Rep}, m[3] = {arg1Mod};
   fragment_op(FE_ATIFS_ALPHA, 1, op, dst, 0, dstMod, a, r, m);
}

void
mgl_glAlphaFragmentOp2ATI(GLenum op, GLuint dst, GLuint dstMod, GLuint arg1, GLuint arg1Rep,
                          GLuint arg1Mod, GLuint arg2, GLuint arg2Rep, GLuint arg2Mod)
{
   const GLuint a[3] = {arg1, arg2}, r[3] = {arg1Rep, arg2Rep}, m[3] = {arg1Mod, arg2Mod};
   fragment_op(FE_ATIFS_ALPHA, 2, op, dst, 0, dstMod, a, r, m);
}

void
mgl_glAlphaFragmentOp3ATI(GLenum op, GLuint dst, GLuint dstMod, GLuint arg1, GLuint arg1Rep,
                          GLuint arg1Mod, GLuint arg2, GLuint arg2Rep, GLuint arg2Mod, GLuint arg3,
                          GLuint arg3Rep, GLuint arg3Mod)
{
   const GLuint a[3] = {arg1, arg2, arg3}, r[3] = {arg1Rep, arg2Rep, arg3Rep},
                m[3] = {arg1Mod, arg2Mod, arg3Mod};
   fragment_op(FE_ATIFS_ALPHA, 3, op, dst, 0, dstMod, a, r, m);
}

void
mgl_glSetFragmentShaderConstantATI(GLuint dst, const GLfloat *value)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(!fe_atifs_is_const(dst), GL_INVALID_ENUM);
   struct fe_atifs_state *st = state(ctx);
   const unsigned c = dst - GL_CON_0_ATI;
   if (st->compiling) {
      /* inside a definition: the shader's own constant, fixed in it */
      struct fe_atifs_object *o = current(ctx);
      if (!o)
         return;
      memcpy(o->constants[c], value, 16);
      o->local_const_def |= (uint8_t)(1u << c);
      return;
   }
   memcpy(st->constants[c], value, 16);
   changed(ctx);
}
