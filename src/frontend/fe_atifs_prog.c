/* fe_atifs_prog.c — what a draw runs for GL_ATI_fragment_shader (fe_atifs.h): a shader
 * translated into an ARB fragment program (struct fe_arbp_prog), the translations a context
 * keeps, and the objects' and the state's release. It calls nothing above it (the ARB state,
 * fe_arbp_state.c, calls it for the fragment program of a draw).
 *
 * The translation: registers REG_0..5 are temporaries 0..5, the modified arguments of one
 * operation temporaries 6..8, scratch values 9 and 10. An argument's modifiers (complement,
 * bias, scale by 2, negate, in that order) are one affine map a * x + b: one MAD. Constants
 * the shader defined are program constants; the others read the context's global constants
 * (FE_ARBP_PARAM_ATI_CONST). A register the current pass has not written reads 0. The
 * fragment colour is REG_0. */
#include <stdlib.h>
#include <string.h>

#include "fe_atifs.h"

void
fe_atifs_object_unref(struct fe_atifs_object *o)
{
   if (!o || atomic_fetch_sub(&o->refs, 1) != 1)
      return;
   free(o);
}

void
fe_atifs_state_finish(struct fe_atifs_state *st)
{
   if (!st)
      return;
   fe_atifs_object_unref(st->bound);
   fe_atifs_object_unref(st->zero);
   for (int v = 0; v < FE_ATIFS_VARIANTS; v++)
      fe_arbp_prog_unref(st->variants[v].prog);
   free(st);
}

/* ---- translation ----------------------------------------------------------------------------- */

#define MAX_INSTS 512
#define MAX_PARAMS 512
#define NO_TARGET 0xff /* a unit with no texture target enabled */
enum { T_ARG = FE_ATIFS_REGS, T_SCRATCH = FE_ATIFS_REGS + 3, T_SCRATCH2, T_COUNT };

struct tr {
   const struct fe_atifs_object *o;
   struct fe_arbp_prog *p;
   uint8_t written;    /* bit r: REG_r written in the current pass */
   uint8_t first_pass; /* bit r: REG_r written by the first pass (second-pass coordinates) */
   bool fail;
};

static const struct fe_arbp_src no_src;

static struct fe_arbp_inst *
emit(struct tr *t, enum fe_arbp_op op, unsigned dst, uint8_t mask, bool sat)
{
   if (t->p->num_insts >= MAX_INSTS) {
      t->fail = true;
      static struct fe_arbp_inst sink;
      return &sink;
   }
   struct fe_arbp_inst *in = &t->p->insts[t->p->num_insts++];
   memset(in, 0, sizeof(*in));
   in->op = (uint8_t)op;
   in->sat = sat;
   in->dst = (struct fe_arbp_dst){FE_ARBP_FILE_TEMP, mask, (uint16_t)dst};
   if (op == FE_ARBP_TEX)
      t->p->num_tex++;
   else
      t->p->num_alu++;
   return in;
}

static struct fe_arbp_src
swz(uint8_t file, unsigned index, unsigned x, unsigned y, unsigned z, unsigned w)
{
   struct fe_arbp_src s = no_src;
   s.file = file;
   s.index = (uint16_t)index;
   s.swz[0] = (uint8_t)x, s.swz[1] = (uint8_t)y, s.swz[2] = (uint8_t)z, s.swz[3] = (uint8_t)w;
   return s;
}

static struct fe_arbp_src
temp(unsigned index)
{
   return swz(FE_ARBP_FILE_TEMP, index, 0, 1, 2, 3);
}

static struct fe_arbp_src
param(struct tr *t, uint8_t kind, unsigned index, const float v[4])
{
   struct fe_arbp_prog *p = t->p;
   for (uint32_t i = 0; i < p->num_params; i++) {
      const struct fe_arbp_param *q = &p->params[i];
      if (q->kind == kind && q->index == index && (!v || !memcmp(q->value, v, 16)))
         return swz(FE_ARBP_FILE_PARAM, i, 0, 1, 2, 3);
   }
   if (p->num_params >= MAX_PARAMS) {
      t->fail = true;
      return swz(FE_ARBP_FILE_PARAM, 0, 0, 1, 2, 3);
   }
   struct fe_arbp_param *q = &p->params[p->num_params];
   memset(q, 0, sizeof(*q));
   q->kind = kind;
   q->index = (uint16_t)index;
   if (v)
      memcpy(q->value, v, 16);
   return swz(FE_ARBP_FILE_PARAM, p->num_params++, 0, 1, 2, 3);
}

static struct fe_arbp_src
constant(struct tr *t, float x, float y, float z, float w)
{
   const float v[4] = {x, y, z, w};
   return param(t, FE_ARBP_PARAM_CONST, 0, v);
}

static struct fe_arbp_src
input(struct tr *t, unsigned fin)
{
   t->p->inputs_read |= 1u << fin;
   return swz(FE_ARBP_FILE_INPUT, fin, 0, 1, 2, 3);
}

/* An operand's value before its replicate and modifiers. */
static struct fe_arbp_src
source(struct tr *t, GLuint a)
{
   if (fe_atifs_is_reg(a)) {
      const unsigned r = a - GL_REG_0_ATI;
      return t->written & (1u << r) ? temp(r) : constant(t, 0, 0, 0, 0);
   }
   if (fe_atifs_is_const(a)) {
      const unsigned c = a - GL_CON_0_ATI;
      if (t->o->local_const_def & (1u << c)) {
         const float *v = t->o->constants[c];
         return constant(t, v[0], v[1], v[2], v[3]);
      }
      return param(t, FE_ARBP_PARAM_ATI_CONST, c, NULL);
   }
   switch (a) {
   case GL_ONE: return constant(t, 1, 1, 1, 1);
   case GL_PRIMARY_COLOR: return input(t, FE_ARBP_FIN_COL0);
   case GL_SECONDARY_INTERPOLATOR_ATI: return input(t, FE_ARBP_FIN_COL1);
   default: return constant(t, 0, 0, 0, 0);
   }
}

/* Operand i of an operation: replicated, its modifiers applied (into T_ARG + i). */
static struct fe_arbp_src
argument(struct tr *t, const struct fe_atifs_inst *in, int optype, unsigned i)
{
   if (i >= in->nargs[optype])
      return constant(t, 0, 0, 0, 0);
   const struct fe_atifs_arg *a = &in->arg[optype][i];
   struct fe_arbp_src s = source(t, a->index);
   const int c = a->rep == GL_RED     ? 0
                 : a->rep == GL_GREEN ? 1
                 : a->rep == GL_BLUE  ? 2
                 : a->rep == GL_ALPHA ? 3
                                      : -1;
   if (c >= 0)
      s.swz[0] = s.swz[1] = s.swz[2] = s.swz[3] = s.swz[c];
   const GLuint mod = a->mod;
   if (!(mod & (GL_COMP_BIT_ATI | GL_BIAS_BIT_ATI | GL_2X_BIT_ATI))) {
      if (mod & GL_NEGATE_BIT_ATI)
         s.negate = 0xf;
      return s;
   }
   /* complement, bias, scale, negate: x -> sa * x + sb */
   float sa = 1.0f, sb = 0.0f;
   if (mod & GL_COMP_BIT_ATI)
      sa = -sa, sb = 1.0f - sb;
   if (mod & GL_BIAS_BIT_ATI)
      sb -= 0.5f;
   if (mod & GL_2X_BIT_ATI)
      sa *= 2.0f, sb *= 2.0f;
   if (mod & GL_NEGATE_BIT_ATI)
      sa = -sa, sb = -sb;
   struct fe_arbp_inst *m = emit(t, FE_ARBP_MAD, T_ARG + i, 0xf, false);
   m->src[0] = s;
   m->src[1] = constant(t, sa, sa, sa, sa);
   m->src[2] = constant(t, sb, sb, sb, sb);
   return temp(T_ARG + i);
}

static bool
is_dot(GLenum op)
{
   return op == GL_DOT2_ADD_ATI || op == GL_DOT3_ATI || op == GL_DOT4_ATI;
}

/* One operation of an instruction. A DOT2_ADD, DOT3 or DOT4 alpha operation (which only follows
 * the same colour operation) computes nothing of its own: its arguments are ignored and the
 * colour operation's result is placed in its destination's alpha (ATI_fragment_shader Table
 * 3.21, note *), as the colour operation's modifier leaves it. */
static void
arith(struct tr *t, const struct fe_atifs_inst *in, int optype)
{
   const GLenum op = in->op[optype];
   if (!op)
      return;
   if (optype == FE_ATIFS_ALPHA && is_dot(op) && in->op[FE_ATIFS_COLOR] == op)
      return; /* written by the colour operation */
   /* the colour operation of such a pair: its result goes to the alpha destination too */
   const bool to_alpha = optype == FE_ATIFS_COLOR && is_dot(op) && in->op[FE_ATIFS_ALPHA] == op;
   struct fe_arbp_src s[3];
   for (unsigned i = 0; i < 3; i++)
      s[i] = argument(t, in, optype, i);
   const unsigned dst = in->dst[optype] - GL_REG_0_ATI;
   const bool sat = in->dst_mod[optype] & GL_SATURATE_BIT_ATI;
   float scale = 1.0f;
   switch (in->dst_mod[optype] & ~(GLuint)GL_SATURATE_BIT_ATI) {
   case GL_2X_BIT_ATI: scale = 2.0f; break;
   case GL_4X_BIT_ATI: scale = 4.0f; break;
   case GL_8X_BIT_ATI: scale = 8.0f; break;
   case GL_HALF_BIT_ATI: scale = 0.5f; break;
   case GL_QUARTER_BIT_ATI: scale = 0.25f; break;
   case GL_EIGHTH_BIT_ATI: scale = 0.125f; break;
   default: break;
   }
   /* the operation's result goes to the destination, or to scratch when scaled after (or
    * copied to an alpha destination after) */
   const bool direct = scale == 1.0f && !to_alpha;
   const unsigned to = direct ? dst : T_SCRATCH;
   const uint8_t mask = direct ? in->dst_mask[optype] : 0xf;
   const bool osat = direct && sat;
   struct fe_arbp_inst *e;
   switch (op) {
   case GL_ADD_ATI:
   case GL_SUB_ATI:
   case GL_MUL_ATI:
   case GL_DOT3_ATI:
   case GL_DOT4_ATI: {
      static const uint8_t ops[] = {[GL_ADD_ATI - GL_ADD_ATI] = FE_ARBP_ADD,
                                    [GL_MUL_ATI - GL_ADD_ATI] = FE_ARBP_MUL,
                                    [GL_SUB_ATI - GL_ADD_ATI] = FE_ARBP_SUB,
                                    [GL_DOT3_ATI - GL_ADD_ATI] = FE_ARBP_DP3,
                                    [GL_DOT4_ATI - GL_ADD_ATI] = FE_ARBP_DP4};
      e = emit(t, (enum fe_arbp_op)ops[op - GL_ADD_ATI], to, mask, osat);
      e->src[0] = s[0], e->src[1] = s[1];
      break;
   }
   case GL_MAD_ATI:
   case GL_LERP_ATI:
      e = emit(t, op == GL_MAD_ATI ? FE_ARBP_MAD : FE_ARBP_LRP, to, mask, osat);
      e->src[0] = s[0], e->src[1] = s[1], e->src[2] = s[2];
      break;
   case GL_CND_ATI: {
      /* arg3 > 0.5 ? arg1 : arg2: CMP picks its second operand where the first is < 0 */
      e = emit(t, FE_ARBP_ADD, T_SCRATCH2, 0xf, false);
      e->src[0] = s[2];
      e->src[1] = constant(t, -0.5f, -0.5f, -0.5f, -0.5f);
      e = emit(t, FE_ARBP_CMP, to, mask, osat);
      e->src[0] = temp(T_SCRATCH2);
      e->src[0].negate = 0xf;
      e->src[1] = s[0], e->src[2] = s[1];
      break;
   }
   case GL_CND0_ATI: /* arg3 >= 0 ? arg1 : arg2 */
      e = emit(t, FE_ARBP_CMP, to, mask, osat);
      e->src[0] = s[2], e->src[1] = s[1], e->src[2] = s[0];
      break;
   case GL_DOT2_ADD_ATI: {
      /* arg1.r * arg2.r + arg1.g * arg2.g + arg3.b, in every component */
      e = emit(t, FE_ARBP_MUL, T_SCRATCH2, 0x3, false);
      e->src[0] = s[0], e->src[1] = s[1];
      e = emit(t, FE_ARBP_ADD, T_SCRATCH2, 0x1, false);
      e->src[0] = swz(FE_ARBP_FILE_TEMP, T_SCRATCH2, 0, 0, 0, 0);
      e->src[1] = swz(FE_ARBP_FILE_TEMP, T_SCRATCH2, 1, 1, 1, 1);
      e = emit(t, FE_ARBP_ADD, to, mask, osat);
      e->src[0] = swz(FE_ARBP_FILE_TEMP, T_SCRATCH2, 0, 0, 0, 0);
      e->src[1] = s[2];
      for (int c = 0; c < 4; c++)
         e->src[1].swz[c] = s[2].swz[2];
      break;
   }
   default: /* GL_MOV_ATI */
      e = emit(t, FE_ARBP_MOV, to, mask, osat);
      e->src[0] = s[0];
      break;
   }
   if (to_alpha) {
      /* the modified result in scratch, then its colour and alpha destinations */
      e = emit(t, FE_ARBP_MUL, T_SCRATCH, 0xf, sat);
      e->src[0] = temp(T_SCRATCH);
      e->src[1] = constant(t, scale, scale, scale, scale);
      e = emit(t, FE_ARBP_MOV, dst, in->dst_mask[optype], false);
      e->src[0] = temp(T_SCRATCH);
      const unsigned adst = in->dst[FE_ATIFS_ALPHA] - GL_REG_0_ATI;
      e = emit(t, FE_ARBP_MOV, adst, 0x8, false);
      e->src[0] = temp(T_SCRATCH);
      t->written |= (uint8_t)(1u << adst);
   } else if (!direct) {
      e = emit(t, FE_ARBP_MUL, dst, in->dst_mask[optype], sat);
      e->src[0] = temp(T_SCRATCH);
      e->src[1] = constant(t, scale, scale, scale, scale);
   }
   t->written |= (uint8_t)(1u << dst);
}

/* A setup instruction of register r: its coordinates swizzled, passed or sampled. */
static void
setup_inst(struct tr *t, unsigned r, const struct fe_atifs_setup *s, const uint8_t *targets)
{
   if (!s->op)
      return;
   struct fe_arbp_src c;
   if (s->src >= GL_TEXTURE0 && s->src < GL_TEXTURE0 + FE_FF_UNITS)
      c = input(t, FE_ARBP_FIN_TEX0 + (s->src - GL_TEXTURE0));
   else if (t->first_pass & (1u << (s->src - GL_REG_0_ATI)))
      c = temp(s->src - GL_REG_0_ATI); /* a first-pass register (second pass only) */
   else
      c = constant(t, 0, 0, 0, 0);
   struct fe_arbp_inst *e;
   switch (s->swizzle) {
   case GL_SWIZZLE_STQ_ATI:
      e = emit(t, FE_ARBP_MOV, T_SCRATCH, 0xf, false);
      e->src[0] = c;
      e->src[0].swz[2] = c.swz[3], e->src[0].swz[3] = c.swz[2];
      break;
   case GL_SWIZZLE_STR_DR_ATI:
   case GL_SWIZZLE_STQ_DQ_ATI: {
      /* (s / d, t / d, 1 / d, 1 / d) for d r or q */
      const uint8_t d = c.swz[s->swizzle == GL_SWIZZLE_STR_DR_ATI ? 2 : 3];
      e = emit(t, FE_ARBP_RCP, T_SCRATCH, 0xc, false);
      e->src[0] = c;
      e->src[0].swz[0] = d;
      e = emit(t, FE_ARBP_MUL, T_SCRATCH, 0x3, false);
      e->src[0] = c;
      e->src[1] = swz(FE_ARBP_FILE_TEMP, T_SCRATCH, 2, 2, 2, 2);
      break;
   }
   default: /* GL_SWIZZLE_STR_ATI */
      e = emit(t, FE_ARBP_MOV, T_SCRATCH, 0xf, false);
      e->src[0] = c;
      break;
   }
   if (s->op == FE_ATIFS_SETUP_SAMPLE && targets[r] == NO_TARGET) {
      /* no texture target enabled on the unit: the sample is 0 */
      e = emit(t, FE_ARBP_MOV, r, 0xf, false);
      e->src[0] = constant(t, 0, 0, 0, 0);
   } else if (s->op == FE_ATIFS_SETUP_SAMPLE) {
      /* register r samples texture unit r, with the target enabled there */
      e = emit(t, FE_ARBP_TEX, r, 0xf, false);
      e->src[0] = temp(T_SCRATCH);
      e->tex_unit = (uint8_t)r;
      e->tex_target = targets[r];
      t->p->tex_targets[r] = (uint8_t)(targets[r] + 1);
   } else {
      e = emit(t, FE_ARBP_MOV, r, 0xf, false);
      e->src[0] = temp(T_SCRATCH);
   }
   t->written |= (uint8_t)(1u << r);
}

static struct fe_arbp_prog *
translate(const struct fe_atifs_object *o, const uint8_t *targets, uint8_t fog)
{
   struct fe_arbp_prog *p = calloc(1, sizeof(*p));
   struct tr t = {.o = o, .p = p};
   if (!p || !(p->insts = malloc(MAX_INSTS * sizeof(*p->insts))) ||
       !(p->params = malloc(MAX_PARAMS * sizeof(*p->params)))) {
      if (p)
         free(p->insts);
      free(p);
      return NULL;
   }
   atomic_init(&p->refs, 1);
   p->target = FE_ARBP_FRAGMENT;
   p->num_temps = T_COUNT;
   p->fog = fog;
   for (unsigned pass = 0; pass < o->num_passes; pass++) {
      t.first_pass = t.written;
      t.written = 0;
      for (unsigned r = 0; r < FE_ATIFS_REGS; r++)
         setup_inst(&t, r, &o->setup[pass][r], targets);
      for (unsigned i = 0; i < o->num_inst[pass]; i++)
         for (int optype = 0; optype < 2; optype++)
            arith(&t, &o->inst[pass][i], optype);
   }
   /* the fragment's colour: REG_0 */
   struct fe_arbp_inst *e = emit(&t, FE_ARBP_MOV, 0, 0xf, false);
   e->dst = (struct fe_arbp_dst){FE_ARBP_FILE_OUTPUT, 0xf, FE_ARBP_FOUT_COLOR};
   e->src[0] = t.written & 1 ? temp(0) : constant(&t, 0, 0, 0, 0);
   p->outputs_written = 1u << FE_ARBP_FOUT_COLOR;
   if (t.fail) {
      fe_arbp_prog_unref(p);
      return NULL;
   }
   p->serial = fe_arbp_new_serial();
   return p;
}

const struct fe_arbp_prog *
fe_atifs_active(const struct fe_context *ctx)
{
   struct fe_atifs_state *st = ctx->ff->arbp->ati;
   if (!st->enabled || st->compiling)
      return NULL;
   const struct fe_atifs_object *o = st->bound ? st->bound : st->zero;
   if (!o || !o->valid)
      return NULL;
   /* the state the translation depends on */
   const struct fe_ff *ff = ctx->ff;
   uint8_t targets[FE_ATIFS_REGS] = {0};
   for (unsigned r = 0; r < FE_ATIFS_REGS; r++) {
      const uint8_t en = ff->unit[r].enabled;
      targets[r] = en & FE_FF_TEX_CUBE   ? FE_TEX_CUBE
                   : en & FE_FF_TEX_3D   ? FE_TEX_3D
                   : en & FE_FF_TEX_RECT ? FE_TEX_RECT
                   : en & FE_FF_TEX_2D   ? FE_TEX_2D
                   : en & FE_FF_TEX_1D   ? FE_TEX_1D
                                         : NO_TARGET;
   }
   const uint8_t fog = !ff->fog                    ? 0
                       : ff->fog_mode == GL_LINEAR ? 1
                       : ff->fog_mode == GL_EXP    ? 2
                                                   : 3;
   struct fe_atifs_variant *lru = &st->variants[0];
   for (int v = 0; v < FE_ATIFS_VARIANTS; v++) {
      struct fe_atifs_variant *x = &st->variants[v];
      if (x->prog && x->definition == o->definition && x->fog == fog &&
          !memcmp(x->targets, targets, sizeof(targets))) {
         x->last_use = ++st->uses;
         return x->prog;
      }
      if (!x->prog || (lru->prog && x->last_use < lru->last_use))
         lru = x;
   }
   struct fe_arbp_prog *p = translate(o, targets, fog);
   if (!p)
      return NULL; /* out of memory: the draw runs fixed function */
   fe_arbp_prog_unref(lru->prog);
   lru->prog = p;
   lru->definition = o->definition;
   memcpy(lru->targets, targets, sizeof(targets));
   lru->fog = fog;
   lru->last_use = ++st->uses;
   return p;
}
