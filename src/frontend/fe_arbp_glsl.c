/* fe_arbp_glsl.c — a parsed ARB program (fe_arbp_parse.c) written as GLSL statements: the body
 * of a main() whose inputs, outputs and ff[] array fe_ff_program.c declares around it. Each
 * instruction becomes one block that reads its operands into s0..s2 (swizzled, negated),
 * computes the whole vec4 result r and writes the destination's masked components, clamped for
 * _SAT; the results follow the ARB specifications' formulas (LIT's clamps, LOG/EXP's parts,
 * RSQ of |x|, relative reads outside the array giving 0). */
#include <stdlib.h>

#include "fe_arbp.h"
#include "fe_sb.h"

static const char *const vout_names[FE_ARBP_VOUT_TEX0] = {"o_pos",   "o_col0", "o_col1", "o_bcol0",
                                                          "o_bcol1", "o_fogc", "o_psiz"};
static const char *const fin_names[FE_ARBP_FIN_TEX0] = {"i_col0", "i_col1", "i_fogc", "i_wpos"};

static const char *const sampler_types[FE_TEX_TARGET_COUNT] = {
   [FE_TEX_1D] = "sampler1D",       [FE_TEX_2D] = "sampler2D",     [FE_TEX_3D] = "sampler3D",
   [FE_TEX_RECT] = "sampler2DRect", [FE_TEX_CUBE] = "samplerCube",
};

static void
reg(struct fe_sb *s, const struct fe_arbp_prog *p, uint8_t file, unsigned index)
{
   switch (file) {
   case FE_ARBP_FILE_TEMP: fe_sb_put(s, "t%u", index); break;
   case FE_ARBP_FILE_ADDRESS: fe_sb_put(s, "a%u", index); break;
   case FE_ARBP_FILE_INPUT:
      if (p->target == FE_ARBP_VERTEX)
         fe_sb_put(s, "a_in%u", index);
      else if (index >= FE_ARBP_FIN_TEX0)
         fe_sb_put(s, "i_tc%u", index - FE_ARBP_FIN_TEX0);
      else
         fe_sb_put(s, "%s", fin_names[index]);
      break;
   case FE_ARBP_FILE_OUTPUT:
      if (p->target == FE_ARBP_FRAGMENT && index >= FE_ARBP_FOUT_COLOR1)
         fe_sb_put(s, "o_color_%u", index - FE_ARBP_FOUT_COLOR1 + 1);
      else if (p->target == FE_ARBP_FRAGMENT)
         fe_sb_put(s, "%s", index == FE_ARBP_FOUT_COLOR ? "o_color" : "o_depth");
      else if (index >= FE_ARBP_VOUT_TEX0)
         fe_sb_put(s, "o_tc%u", index - FE_ARBP_VOUT_TEX0);
      else
         fe_sb_put(s, "%s", vout_names[index]);
      break;
   default: fe_sb_put(s, "vec4(0.0)"); break;
   }
}

static void
src_expr(struct fe_sb *s, const struct fe_arbp_prog *p, const struct fe_arbp_src *src, int base)
{
   struct fe_sb tmp = {0};
   if (src->file == FE_ARBP_FILE_PARAM && src->relative) {
      /* ARB_vertex_program 2.14.1.2: an index outside the array reads an undefined value */
      fe_sb_put(&tmp, "(uint(a0.x + %d) < %uu ? ff[%d + a0.x + %d] : vec4(0.0))", src->offset,
                (unsigned)src->length, base + src->index, src->offset);
   } else if (src->file == FE_ARBP_FILE_PARAM) {
      fe_sb_put(&tmp, "ff[%d]", base + src->index);
   } else {
      reg(&tmp, p, src->file, src->index);
   }
   const char *e = tmp.p ? tmp.p : "vec4(0.0)";
   static const char comp[4] = {'x', 'y', 'z', 'w'};
   bool plain = true;
   for (int c = 0; c < 4; c++)
      plain &= src->swz[c] < 4;
   if (plain) {
      const bool identity =
         src->swz[0] == 0 && src->swz[1] == 1 && src->swz[2] == 2 && src->swz[3] == 3;
      if (src->negate == 0xf)
         fe_sb_put(s, "-");
      if (identity)
         fe_sb_put(s, "%s", e);
      else
         fe_sb_put(s, "%s.%c%c%c%c", e, comp[src->swz[0]], comp[src->swz[1]], comp[src->swz[2]],
                   comp[src->swz[3]]);
      if (src->negate && src->negate != 0xf)
         fe_sb_put(s, " * vec4(%s, %s, %s, %s)", src->negate & 1 ? "-1.0" : "1.0",
                   src->negate & 2 ? "-1.0" : "1.0", src->negate & 4 ? "-1.0" : "1.0",
                   src->negate & 8 ? "-1.0" : "1.0");
   } else {
      /* the extended swizzle: per component a selector, 0 or 1, each maybe negated */
      fe_sb_put(s, "vec4(");
      for (int c = 0; c < 4; c++) {
         const char *neg = src->negate & (1u << c) ? "-" : "";
         if (src->swz[c] == FE_ARBP_SWZ_ZERO)
            fe_sb_put(s, "%s0.0", c ? ", " : "");
         else if (src->swz[c] == FE_ARBP_SWZ_ONE)
            fe_sb_put(s, "%s%s1.0", c ? ", " : "", neg);
         else
            fe_sb_put(s, "%s%s(%s).%c", c ? ", " : "", neg, e, comp[src->swz[c]]);
      }
      fe_sb_put(s, ")");
   }
   free(tmp.p);
}

static void
sample(struct fe_sb *s, const struct fe_arbp_inst *in)
{
   static const char *const coords[FE_TEX_TARGET_COUNT] = {[FE_TEX_1D] = "s0.x",
                                                           [FE_TEX_2D] = "s0.xy",
                                                           [FE_TEX_3D] = "s0.xyz",
                                                           [FE_TEX_RECT] = "s0.xy",
                                                           [FE_TEX_CUBE] = "s0.xyz"};
   const unsigned u = in->tex_unit, t = in->tex_target;
   const char *c = coords[t] ? coords[t] : "s0.xy";
   if (in->op == FE_ARBP_TXP && t != FE_TEX_CUBE)
      fe_sb_put(s, "textureProj(ff_tex%u, s0)", u);
   else if (in->op == FE_ARBP_TXB && t != FE_TEX_RECT)
      fe_sb_put(s, "texture(ff_tex%u, %s, s0.w)", u, c);
   else
      fe_sb_put(s, "texture(ff_tex%u, %s)", u, c);
}

static void
inst(struct fe_sb *s, const struct fe_arbp_prog *p, const struct fe_arbp_inst *in, int base)
{
   static const int nsrc[FE_ARBP_OP_COUNT] = {
      [FE_ARBP_ADD] = 2, [FE_ARBP_CMP] = 3, [FE_ARBP_DP3] = 2, [FE_ARBP_DP4] = 2,
      [FE_ARBP_DPH] = 2, [FE_ARBP_DST] = 2, [FE_ARBP_LRP] = 3, [FE_ARBP_MAD] = 3,
      [FE_ARBP_MAX] = 2, [FE_ARBP_MIN] = 2, [FE_ARBP_MUL] = 2, [FE_ARBP_POW] = 2,
      [FE_ARBP_SGE] = 2, [FE_ARBP_SLT] = 2, [FE_ARBP_SUB] = 2, [FE_ARBP_XPD] = 2};
   const int n = nsrc[in->op] ? nsrc[in->op] : 1;
   fe_sb_put(s, "   {\n");
   for (int i = 0; i < n; i++) {
      fe_sb_put(s, "      vec4 s%d = ", i);
      src_expr(s, p, &in->src[i], base);
      fe_sb_put(s, ";\n");
   }
   fe_sb_put(s, "      vec4 r = ");
   switch (in->op) {
   case FE_ARBP_ABS: fe_sb_put(s, "abs(s0)"); break;
   case FE_ARBP_ADD: fe_sb_put(s, "s0 + s1"); break;
   case FE_ARBP_CMP: fe_sb_put(s, "mix(s2, s1, lessThan(s0, vec4(0.0)))"); break;
   case FE_ARBP_COS: fe_sb_put(s, "vec4(cos(s0.x))"); break;
   case FE_ARBP_DP3: fe_sb_put(s, "vec4(dot(s0.xyz, s1.xyz))"); break;
   case FE_ARBP_DP4: fe_sb_put(s, "vec4(dot(s0, s1))"); break;
   case FE_ARBP_DPH: fe_sb_put(s, "vec4(dot(s0.xyz, s1.xyz) + s1.w)"); break;
   case FE_ARBP_DST: fe_sb_put(s, "vec4(1.0, s0.y * s1.y, s0.z, s1.w)"); break;
   case FE_ARBP_EX2: fe_sb_put(s, "vec4(exp2(s0.x))"); break;
   case FE_ARBP_EXP:
      fe_sb_put(s, "vec4(exp2(floor(s0.x)), s0.x - floor(s0.x), exp2(s0.x), 1.0)");
      break;
   case FE_ARBP_FLR: fe_sb_put(s, "floor(s0)"); break;
   case FE_ARBP_FRC: fe_sb_put(s, "fract(s0)"); break;
   case FE_ARBP_KIL:
      fe_sb_put(s, "s0;\n      if (any(lessThan(r, vec4(0.0))))\n         discard");
      break;
   case FE_ARBP_LG2: fe_sb_put(s, "vec4(log2(s0.x))"); break;
   case FE_ARBP_LIT:
      /* x, y clamped at 0, w to [-128, 128]; 0^0 is 1 */
      fe_sb_put(s, "vec4(1.0, max(s0.x, 0.0), 0.0, 1.0);\n"
                   "      float lw = clamp(s0.w, -128.0, 128.0);\n"
                   "      if (s0.x > 0.0)\n"
                   "         r.z = s0.y > 0.0 ? exp2(lw * log2(s0.y)) : (lw == 0.0 ? 1.0 : 0.0)");
      break;
   case FE_ARBP_LOG:
      fe_sb_put(s, "vec4(floor(log2(abs(s0.x))), abs(s0.x) / exp2(floor(log2(abs(s0.x)))), "
                   "log2(abs(s0.x)), 1.0)");
      break;
   case FE_ARBP_LRP: fe_sb_put(s, "s0 * s1 + (1.0 - s0) * s2"); break;
   case FE_ARBP_MAD: fe_sb_put(s, "s0 * s1 + s2"); break;
   case FE_ARBP_MAX: fe_sb_put(s, "max(s0, s1)"); break;
   case FE_ARBP_MIN: fe_sb_put(s, "min(s0, s1)"); break;
   case FE_ARBP_MUL: fe_sb_put(s, "s0 * s1"); break;
   case FE_ARBP_POW: fe_sb_put(s, "vec4(pow(s0.x, s1.x))"); break;
   case FE_ARBP_RCP: fe_sb_put(s, "vec4(1.0 / s0.x)"); break;
   case FE_ARBP_RSQ: fe_sb_put(s, "vec4(inversesqrt(abs(s0.x)))"); break;
   case FE_ARBP_SCS: fe_sb_put(s, "vec4(cos(s0.x), sin(s0.x), 0.0, 0.0)"); break;
   case FE_ARBP_SGE: fe_sb_put(s, "vec4(greaterThanEqual(s0, s1))"); break;
   case FE_ARBP_SIN: fe_sb_put(s, "vec4(sin(s0.x))"); break;
   case FE_ARBP_SLT: fe_sb_put(s, "vec4(lessThan(s0, s1))"); break;
   case FE_ARBP_SUB: fe_sb_put(s, "s0 - s1"); break;
   case FE_ARBP_XPD: fe_sb_put(s, "vec4(cross(s0.xyz, s1.xyz), 0.0)"); break;
   case FE_ARBP_TEX:
   case FE_ARBP_TXB:
   case FE_ARBP_TXP: sample(s, in); break;
   case FE_ARBP_ARL: fe_sb_put(s, "s0;\n      a%u.x = int(floor(r.x))", in->dst.index); break;
   default: fe_sb_put(s, "s0"); break; /* MOV, SWZ (the swizzle is in s0) */
   }
   fe_sb_put(s, ";\n");
   if (in->op != FE_ARBP_KIL && in->op != FE_ARBP_ARL) {
      static const char comp[4] = {'x', 'y', 'z', 'w'};
      char mask[5];
      int m = 0;
      for (int c = 0; c < 4; c++)
         if (in->dst.mask & (1u << c))
            mask[m++] = comp[c];
      mask[m] = '\0';
      fe_sb_put(s, "      ");
      reg(s, p, in->dst.file, in->dst.index);
      if (in->sat)
         fe_sb_put(s, ".%s = clamp(r, 0.0, 1.0).%s;\n", mask, mask);
      else
         fe_sb_put(s, ".%s = r.%s;\n", mask, mask);
   }
   fe_sb_put(s, "   }\n");
}

char *
fe_arbp_glsl(const struct fe_arbp_prog *p, int param_base, char **decls)
{
   struct fe_sb d = {0}, s = {0};
   if (p->target == FE_ARBP_VERTEX) {
      for (unsigned i = 0; i < 32; i++)
         if (p->inputs_read & (1u << i))
            fe_sb_put(&d, "layout(location = %u) in vec4 a_in%u;\n", i, i);
   } else {
      for (unsigned u = 0; u < FE_ARBP_MAX_TEX_UNITS; u++)
         if (p->tex_targets[u])
            fe_sb_put(&d, "uniform %s ff_tex%u;\n", sampler_types[p->tex_targets[u] - 1], u);
   }
   for (uint32_t t = 0; t < p->num_temps; t++)
      fe_sb_put(&s, "   vec4 t%u = vec4(0.0);\n", t);
   for (uint32_t a = 0; a < p->num_address; a++)
      fe_sb_put(&s, "   ivec4 a%u = ivec4(0);\n", a);
   for (uint32_t i = 0; i < p->num_insts; i++)
      inst(&s, p, &p->insts[i], param_base);
   *decls = fe_sb_take(&d);
   char *body = fe_sb_take(&s);
   if (!*decls || !body) {
      free(*decls);
      free(body);
      *decls = NULL;
      return NULL;
   }
   return body;
}
