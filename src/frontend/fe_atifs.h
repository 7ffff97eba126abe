/* fe_atifs.h — GL_ATI_fragment_shader in a compatibility context.
 *
 * A shader is built between glBeginFragmentShaderATI and glEndFragmentShaderATI from setup
 * instructions (glPassTexCoordATI, glSampleMapATI: one per register and pass) and paired colour
 * and alpha operations, checked as the extension specifies. A draw with GL_FRAGMENT_SHADER_ATI
 * on (and no ARB fragment program, which wins over it; a GLSL program wins over both) runs the
 * shader as an ARB fragment program (struct fe_arbp_prog, fe_arbp.h) that fe_atifs_prog.c writes
 * from the instructions: the ARB path's fixed-function generator (fe_ff_program.c) takes it
 * through the one GLSL -> SPIR-V path. The program depends on the texture targets enabled on
 * the units it samples and on the fog mode (fixed-function fog applies after the shader), so a
 * context keeps a few translations, one per shader definition and such state. */
#ifndef MGL_FE_ATIFS_H
#define MGL_FE_ATIFS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "fe_arbp.h"

#define GL_FRAGMENT_SHADER_ATI 0x8920
#define GL_REG_0_ATI 0x8921
#define GL_REG_5_ATI 0x8926
#define GL_CON_0_ATI 0x8941
#define GL_CON_7_ATI 0x8948
#define GL_MOV_ATI 0x8961
#define GL_ADD_ATI 0x8963
#define GL_MUL_ATI 0x8964
#define GL_SUB_ATI 0x8965
#define GL_DOT3_ATI 0x8966
#define GL_DOT4_ATI 0x8967
#define GL_MAD_ATI 0x8968
#define GL_LERP_ATI 0x8969
#define GL_CND_ATI 0x896A
#define GL_CND0_ATI 0x896B
#define GL_DOT2_ADD_ATI 0x896C
#define GL_SECONDARY_INTERPOLATOR_ATI 0x896D
#define GL_NUM_FRAGMENT_REGISTERS_ATI 0x896E
#define GL_NUM_FRAGMENT_CONSTANTS_ATI 0x896F
#define GL_NUM_PASSES_ATI 0x8970
#define GL_NUM_INSTRUCTIONS_PER_PASS_ATI 0x8971
#define GL_NUM_INSTRUCTIONS_TOTAL_ATI 0x8972
#define GL_NUM_INPUT_INTERPOLATOR_COMPONENTS_ATI 0x8973
#define GL_NUM_LOOPBACK_COMPONENTS_ATI 0x8974
#define GL_COLOR_ALPHA_PAIRING_ATI 0x8975
#define GL_SWIZZLE_STR_ATI 0x8976
#define GL_SWIZZLE_STQ_ATI 0x8977
#define GL_SWIZZLE_STR_DR_ATI 0x8978
#define GL_SWIZZLE_STQ_DQ_ATI 0x8979
#define GL_RED_BIT_ATI 0x1
#define GL_GREEN_BIT_ATI 0x2
#define GL_BLUE_BIT_ATI 0x4
#define GL_2X_BIT_ATI 0x1
#define GL_4X_BIT_ATI 0x2
#define GL_8X_BIT_ATI 0x4
#define GL_HALF_BIT_ATI 0x8
#define GL_QUARTER_BIT_ATI 0x10
#define GL_EIGHTH_BIT_ATI 0x20
#define GL_SATURATE_BIT_ATI 0x40
#define GL_COMP_BIT_ATI 0x2
#define GL_NEGATE_BIT_ATI 0x4
#define GL_BIAS_BIT_ATI 0x8

#define FE_ATIFS_REGS 6
#define FE_ATIFS_CONSTS 8
#define FE_ATIFS_PASSES 2
#define FE_ATIFS_INSTS 8    /* per pass */
#define FE_ATIFS_VARIANTS 4 /* translations kept per shader */

enum fe_atifs_optype { FE_ATIFS_COLOR, FE_ATIFS_ALPHA };
enum fe_atifs_setup_op { FE_ATIFS_SETUP_NONE, FE_ATIFS_SETUP_PASS, FE_ATIFS_SETUP_SAMPLE };

struct fe_atifs_setup {
   uint8_t op; /* enum fe_atifs_setup_op */
   GLenum src; /* GL_TEXTUREn or GL_REG_n_ATI */
   GLenum swizzle;
};

struct fe_atifs_arg {
   GLenum index, rep;
   GLuint mod;
};

/* A colour operation and the alpha operation paired with it (op 0: none). */
struct fe_atifs_inst {
   GLenum op[2];
   uint8_t nargs[2];
   struct fe_atifs_arg arg[2][3];
   GLuint dst[2], dst_mod[2];
   uint8_t dst_mask[2]; /* bit c: component c written */
};

/* A translation a context keeps: of which definition, for which state. */
struct fe_atifs_variant {
   struct fe_arbp_prog *prog;
   uint32_t definition;            /* the shader's definition serial */
   uint8_t targets[FE_ATIFS_REGS]; /* per sampled unit: enum fe_tex_target */
   uint8_t fog;
   uint64_t last_use;
};

/* One shader object (named in the share group). */
struct fe_atifs_object {
   atomic_int refs;
   GLuint name;
   struct fe_atifs_setup setup[FE_ATIFS_PASSES][FE_ATIFS_REGS];
   struct fe_atifs_inst inst[FE_ATIFS_PASSES][FE_ATIFS_INSTS];
   uint8_t num_inst[FE_ATIFS_PASSES];
   uint8_t regs_assigned[FE_ATIFS_PASSES];
   uint8_t num_passes;
   uint8_t cur_pass; /* while built: 0 none, 1 first arithmetic, 2 second setup, 3 second
                      * arithmetic */
   uint8_t last_optype;
   bool color_in_first; /* the first of two passes read a colour (an error at the end) */
   bool valid;          /* ended without error: draws run it */
   uint16_t swizzle_rq; /* per texture coordinate set (2 bits): 1 r used, 2 q used */
   uint8_t local_const_def;
   float constants[FE_ATIFS_CONSTS][4];
   uint32_t definition; /* unique per glBeginFragmentShaderATI in the process */
};

/* Per-context state (struct fe_arbp_state's ati). */
struct fe_atifs_state {
   bool enabled;
   bool compiling;                      /* between glBegin/EndFragmentShaderATI */
   struct fe_atifs_object *bound;       /* NULL: the default shader 0 */
   struct fe_atifs_object *zero;        /* the default shader, made when first needed */
   float constants[FE_ATIFS_CONSTS][4]; /* the global constants */
   /* the translations draws ran (per context: a shared shader's are not written by two
    * threads), least recently used replaced */
   struct fe_atifs_variant variants[FE_ATIFS_VARIANTS];
   uint64_t uses;
};

static inline bool
fe_atifs_is_reg(GLuint r)
{
   return r >= GL_REG_0_ATI && r <= GL_REG_5_ATI;
}

static inline bool
fe_atifs_is_const(GLuint r)
{
   return r >= GL_CON_0_ATI && r <= GL_CON_7_ATI;
}

/* fe_atifs_prog.c */
void fe_atifs_object_unref(struct fe_atifs_object *o);
void fe_atifs_state_finish(struct fe_atifs_state *st);
/* The program a draw runs for the ATI shader: enabled, and the bound shader valid; else
 * NULL. The fragment program of the ARB path when no ARB fragment program is on. */
const struct fe_arbp_prog *fe_atifs_active(const struct fe_context *ctx);

#endif
