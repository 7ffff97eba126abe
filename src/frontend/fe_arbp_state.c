/* fe_arbp_state.c — the ARB program state the rest of the front end reads (fe_arbp.h): a
 * context's bindings, enables and env parameters, the program a draw runs, a parameter's value
 * from the current state, and the enable and glGet answers. The GL commands that change it are
 * fe_arbp.c's; this file calls nothing above it. */
#include <stdlib.h>
#include <string.h>

#include "fe_arbp.h"
#include "fe_atifs.h"

void
fe_arbp_object_unref(struct fe_arbp_object *o)
{
   if (!o || atomic_fetch_sub(&o->refs, 1) != 1)
      return;
   fe_arbp_prog_unref(o->prog);
   free(o->string);
   free(o);
}

static void
changed(struct fe_context *ctx)
{
   fe_ff_bump(ctx->ff);
}

struct fe_arbp_state *
fe_arbp_state_create(void)
{
   struct fe_arbp_state *st = calloc(1, sizeof(*st));
   if (!st)
      return NULL;
   st->error_pos = -1;
   if (!(st->ati = calloc(1, sizeof(*st->ati)))) {
      free(st);
      return NULL;
   }
   return st;
}

void
fe_arbp_finish(struct fe_context *ctx)
{
   struct fe_arbp_state *st = ctx->ff->arbp;
   if (!st)
      return;
   for (int t = 0; t < FE_ARBP_TARGETS; t++) {
      fe_arbp_object_unref(st->bound[t]);
      fe_arbp_object_unref(st->defaults[t]);
   }
   free(st->error_string);
   fe_atifs_state_finish(st->ati);
   free(st);
   ctx->ff->arbp = NULL;
}

const struct fe_arbp_prog *
fe_arbp_active(const struct fe_context *ctx, enum fe_arbp_target t)
{
   const struct fe_arbp_state *st = ctx->ff->arbp;
   if (!st->enabled[t])
      return t == FE_ARBP_FRAGMENT ? fe_atifs_active(ctx) : NULL;
   const struct fe_arbp_object *o = st->bound[t] ? st->bound[t] : st->defaults[t];
   return o ? o->prog : NULL;
}

bool
fe_arbp_draw_invalid(const struct fe_context *ctx)
{
   const struct fe_arbp_state *st = ctx->ff->arbp;
   for (int t = 0; t < FE_ARBP_TARGETS; t++) {
      const struct fe_arbp_object *o = st->bound[t] ? st->bound[t] : st->defaults[t];
      if (st->enabled[t] && (!o || !o->prog))
         return true;
   }
   return false;
}

void
fe_arbp_param_value(const struct fe_context *ctx, const struct fe_arbp_prog *p,
                    const struct fe_arbp_param *prm, const struct glsl_compat_state *st,
                    float out[4])
{
   const struct fe_arbp_state *as = ctx->ff->arbp;
   switch (prm->kind) {
   case FE_ARBP_PARAM_CONST: memcpy(out, prm->value, 16); return;
   case FE_ARBP_PARAM_ENV: memcpy(out, as->env[p->target][prm->index], 16); return;
   case FE_ARBP_PARAM_LOCAL: {
      const struct fe_arbp_object *o =
         as->bound[p->target] ? as->bound[p->target] : as->defaults[p->target];
      if (o)
         memcpy(out, o->local[prm->index], 16);
      else
         memset(out, 0, 16);
      return;
   }
   case FE_ARBP_PARAM_MATRIX: {
      /* row comp[1] of the matrix; a singular matrix's inverse reads as 0 (GL leaves it
       * undefined) */
      float m[16];
      memcpy(m, fe_ff_top(ctx->ff, (enum fe_ff_stack_id)(FE_FF_PROGRAM0 + prm->index)), sizeof(m));
      if ((prm->comp[0] & 1) && !fe_ff_mat_invert(m, m))
         memset(m, 0, sizeof(m));
      const int r = prm->comp[1];
      for (int c = 0; c < 4; c++)
         out[c] = prm->comp[0] & 2 ? m[r * 4 + c] : m[c * 4 + r];
      return;
   }
   case FE_ARBP_PARAM_ATI_CONST: memcpy(out, as->ati->constants[prm->index], 16); return;
   default: break;
   }
   const float *f = (const float *)st;
   const float near = ctx->ds.depth_range[0], far = ctx->ds.depth_range[1];
   for (int c = 0; c < 4; c++) {
      const int16_t k = prm->comp[c];
      out[c] = k >= 0                         ? f[k]
               : k == FE_ARBP_COMP_ONE        ? 1.0f
               : k == FE_ARBP_COMP_DEPTH_NEAR ? near
               : k == FE_ARBP_COMP_DEPTH_FAR  ? far
               : k == FE_ARBP_COMP_DEPTH_DIFF ? far - near
                                              : 0.0f;
   }
}

/* ---- enables and glGet --------------------------------------------------------------------- */

static int
flag(struct fe_context *ctx, bool *b, int on)
{
   if (on >= 0 && *b != (on != 0)) {
      *b = on != 0;
      changed(ctx);
   }
   return *b;
}

int
fe_arbp_set_enable(struct fe_context *ctx, GLenum cap, int on)
{
   struct fe_arbp_state *st = ctx->ff->arbp;
   switch (cap) {
   case GL_VERTEX_PROGRAM_ARB: return flag(ctx, &st->enabled[FE_ARBP_VERTEX], on);
   case GL_FRAGMENT_PROGRAM_ARB: return flag(ctx, &st->enabled[FE_ARBP_FRAGMENT], on);
   case GL_VERTEX_PROGRAM_TWO_SIDE_ARB: return flag(ctx, &st->vp_two_side, on);
   case GL_FRAGMENT_SHADER_ATI: return flag(ctx, &st->ati->enabled, on);
   default: return -1;
   }
}

int
fe_arbp_get(struct fe_context *ctx, GLenum pname, double *out, enum fe_ff_value_kind *kind)
{
   const int en = fe_arbp_set_enable(ctx, pname, -1);
   if (en >= 0) {
      *kind = FE_FF_VALUE_BOOL;
      out[0] = en;
      return 1;
   }
   switch (pname) {
   case GL_PROGRAM_ERROR_POSITION_ARB: out[0] = ctx->ff->arbp->error_pos; break;
   /* GL_ATI_fragment_shader's limits */
   case GL_NUM_FRAGMENT_REGISTERS_ATI: out[0] = FE_ATIFS_REGS; break;
   case GL_NUM_FRAGMENT_CONSTANTS_ATI: out[0] = FE_ATIFS_CONSTS; break;
   case GL_NUM_PASSES_ATI: out[0] = FE_ATIFS_PASSES; break;
   case GL_NUM_INSTRUCTIONS_PER_PASS_ATI: out[0] = FE_ATIFS_INSTS; break;
   case GL_NUM_INSTRUCTIONS_TOTAL_ATI: out[0] = FE_ATIFS_INSTS * FE_ATIFS_PASSES; break;
   case GL_NUM_INPUT_INTERPOLATOR_COMPONENTS_ATI:
   case GL_NUM_LOOPBACK_COMPONENTS_ATI: out[0] = 3; break;
   case GL_COLOR_ALPHA_PAIRING_ATI:
      out[0] = 1;
      *kind = FE_FF_VALUE_BOOL;
      return 1;
   default: return 0;
   }
   *kind = FE_FF_VALUE_INT;
   return 1;
}

const char *
fe_arbp_error_string(struct fe_context *ctx)
{
   const char *s = ctx->ff->arbp->error_string;
   return s ? s : "";
}
