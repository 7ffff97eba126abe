/* fe_arbp.h — ARB assembly programs (GL_ARB_vertex_program, GL_ARB_fragment_program) of a
 * compatibility context.
 *
 * The parts, one job each: fe_arbp_parse.c turns a program string into a struct fe_arbp_prog
 * (instructions over numbered registers, and the vec4 parameters they read with where each
 * comes from), or an error with its byte position; fe_arbp_glsl.c writes a parsed program as
 * the body of a GLSL main() that the fixed-function generator (fe_ff_program.c) wraps with the
 * stage's inputs and outputs, so a program and fixed function mix in either direction and go
 * through the one GLSL -> SPIR-V path; fe_arbp.c holds the GL objects and commands. Parameters
 * live in the generated program's ff[] uniform array and are refilled from the GL state at the
 * draws whose state moved (program.env/local, state.*), so a steady frame creates nothing. */
#ifndef MGL_FE_ARBP_H
#define MGL_FE_ARBP_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "fe_ff.h"
#include "fe_gl.h"

/* GL_ARB_vertex_program / GL_ARB_fragment_program enums (not in glcorearb.h). */
#define GL_VERTEX_PROGRAM_ARB 0x8620
#define GL_FRAGMENT_PROGRAM_ARB 0x8804
#define GL_VERTEX_PROGRAM_TWO_SIDE_ARB 0x8643
#define GL_PROGRAM_FORMAT_ASCII_ARB 0x8875
#define GL_PROGRAM_ERROR_POSITION_ARB 0x864B
#define GL_PROGRAM_ERROR_STRING_ARB 0x8874
#define GL_PROGRAM_LENGTH_ARB 0x8627
#define GL_PROGRAM_FORMAT_ARB 0x8876
#define GL_PROGRAM_BINDING_ARB 0x8677
#define GL_PROGRAM_STRING_ARB 0x8628
#define GL_PROGRAM_INSTRUCTIONS_ARB 0x88A0
#define GL_MAX_PROGRAM_INSTRUCTIONS_ARB 0x88A1
#define GL_PROGRAM_NATIVE_INSTRUCTIONS_ARB 0x88A2
#define GL_MAX_PROGRAM_NATIVE_INSTRUCTIONS_ARB 0x88A3
#define GL_PROGRAM_TEMPORARIES_ARB 0x88A4
#define GL_MAX_PROGRAM_TEMPORARIES_ARB 0x88A5
#define GL_PROGRAM_NATIVE_TEMPORARIES_ARB 0x88A6
#define GL_MAX_PROGRAM_NATIVE_TEMPORARIES_ARB 0x88A7
#define GL_PROGRAM_PARAMETERS_ARB 0x88A8
#define GL_MAX_PROGRAM_PARAMETERS_ARB 0x88A9
#define GL_PROGRAM_NATIVE_PARAMETERS_ARB 0x88AA
#define GL_MAX_PROGRAM_NATIVE_PARAMETERS_ARB 0x88AB
#define GL_PROGRAM_ATTRIBS_ARB 0x88AC
#define GL_MAX_PROGRAM_ATTRIBS_ARB 0x88AD
#define GL_PROGRAM_NATIVE_ATTRIBS_ARB 0x88AE
#define GL_MAX_PROGRAM_NATIVE_ATTRIBS_ARB 0x88AF
#define GL_PROGRAM_ADDRESS_REGISTERS_ARB 0x88B0
#define GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB 0x88B1
#define GL_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB 0x88B2
#define GL_MAX_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB 0x88B3
#define GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB 0x88B4
#define GL_MAX_PROGRAM_ENV_PARAMETERS_ARB 0x88B5
#define GL_PROGRAM_UNDER_NATIVE_LIMITS_ARB 0x88B6
#define GL_PROGRAM_ALU_INSTRUCTIONS_ARB 0x8805
#define GL_PROGRAM_TEX_INSTRUCTIONS_ARB 0x8806
#define GL_PROGRAM_TEX_INDIRECTIONS_ARB 0x8807
#define GL_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB 0x8808
#define GL_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB 0x8809
#define GL_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB 0x880A
#define GL_MAX_PROGRAM_ALU_INSTRUCTIONS_ARB 0x880B
#define GL_MAX_PROGRAM_TEX_INSTRUCTIONS_ARB 0x880C
#define GL_MAX_PROGRAM_TEX_INDIRECTIONS_ARB 0x880D
#define GL_MAX_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB 0x880E
#define GL_MAX_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB 0x880F
#define GL_MAX_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB 0x8810
#define GL_MAX_PROGRAM_MATRICES_ARB 0x862F
#define GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB 0x862E
#define GL_CURRENT_MATRIX_ARB 0x8641
#define GL_CURRENT_MATRIX_STACK_DEPTH_ARB 0x8640
#define GL_TRANSPOSE_CURRENT_MATRIX_ARB 0x88B7
#define GL_MATRIX0_ARB 0x88C0 /* + i, i < 32 */
#define GL_MAX_TEXTURE_IMAGE_UNITS_ARB 0x8872
#define GL_MAX_TEXTURE_COORDS_ARB 0x8871

/* Limits (the same for both targets): what a program may declare and what ff[] holds. The
 * GL minimums are 128 vertex / 72 fragment instructions, 12/16 temporaries, 96/24 parameters. */
#define FE_ARBP_MAX_INSTRUCTIONS 1024
#define FE_ARBP_MAX_TEMPS 64
#define FE_ARBP_MAX_PARAMS 1024 /* vec4 parameter slots a program reads (constants included) */
#define FE_ARBP_MAX_ENV 256
#define FE_ARBP_MAX_LOCAL 1024
#define FE_ARBP_MAX_ADDRESS 1
#define FE_ARBP_MAX_ATTRIBS 16
#define FE_ARBP_MAX_TEX_UNITS 8
#define FE_ARBP_MAX_STRING (1u << 20) /* bytes of program text accepted */

enum fe_arbp_target { FE_ARBP_VERTEX, FE_ARBP_FRAGMENT, FE_ARBP_TARGETS };

enum fe_arbp_file {
   FE_ARBP_FILE_NONE,
   FE_ARBP_FILE_TEMP,    /* index: temporary */
   FE_ARBP_FILE_INPUT,   /* index: enum fe_arbp_vin (the attribute location) / fe_arbp_fin */
   FE_ARBP_FILE_PARAM,   /* index: the first parameter slot (of an array: element 0) */
   FE_ARBP_FILE_OUTPUT,  /* index: enum fe_arbp_vout / fe_arbp_fout */
   FE_ARBP_FILE_ADDRESS, /* index: address register */
};

/* Vertex inputs are attribute locations (fe_compat.h's layout: vertex.position 0, normal 2,
 * color 3 and 4, fogcoord 5, texcoord[n] 8 + n; vertex.attrib[n] n). Fragment inputs: */
enum fe_arbp_fin {
   FE_ARBP_FIN_COL0,
   FE_ARBP_FIN_COL1,
   FE_ARBP_FIN_FOGC,
   FE_ARBP_FIN_WPOS,
   FE_ARBP_FIN_TEX0, /* + n */
   FE_ARBP_FIN_COUNT = FE_ARBP_FIN_TEX0 + FE_ARBP_MAX_TEX_UNITS
};
enum fe_arbp_vout {
   FE_ARBP_VOUT_POS,
   FE_ARBP_VOUT_COL0, /* front primary */
   FE_ARBP_VOUT_COL1, /* front secondary */
   FE_ARBP_VOUT_BCOL0,
   FE_ARBP_VOUT_BCOL1,
   FE_ARBP_VOUT_FOGC,
   FE_ARBP_VOUT_PSIZ,
   FE_ARBP_VOUT_TEX0, /* + n */
   FE_ARBP_VOUT_COUNT = FE_ARBP_VOUT_TEX0 + FE_ARBP_MAX_TEX_UNITS
};
/* result.color[n] (OPTION ARB_draw_buffers / ATI_draw_buffers): color[0] is FE_ARBP_FOUT_COLOR,
 * color[n] for n > 0 FE_ARBP_FOUT_COLOR1 + n - 1. */
#define FE_ARBP_MAX_DRAW_BUFFERS 8
enum fe_arbp_fout {
   FE_ARBP_FOUT_COLOR,
   FE_ARBP_FOUT_DEPTH,
   FE_ARBP_FOUT_COLOR1,
   FE_ARBP_FOUT_COUNT = FE_ARBP_FOUT_COLOR1 + FE_ARBP_MAX_DRAW_BUFFERS - 1
};

enum fe_arbp_op {
   FE_ARBP_ABS,
   FE_ARBP_ADD,
   FE_ARBP_ARL,
   FE_ARBP_CMP,
   FE_ARBP_COS,
   FE_ARBP_DP3,
   FE_ARBP_DP4,
   FE_ARBP_DPH,
   FE_ARBP_DST,
   FE_ARBP_EX2,
   FE_ARBP_EXP,
   FE_ARBP_FLR,
   FE_ARBP_FRC,
   FE_ARBP_KIL,
   FE_ARBP_LG2,
   FE_ARBP_LIT,
   FE_ARBP_LOG,
   FE_ARBP_LRP,
   FE_ARBP_MAD,
   FE_ARBP_MAX,
   FE_ARBP_MIN,
   FE_ARBP_MOV,
   FE_ARBP_MUL,
   FE_ARBP_POW,
   FE_ARBP_RCP,
   FE_ARBP_RSQ,
   FE_ARBP_SCS,
   FE_ARBP_SGE,
   FE_ARBP_SIN,
   FE_ARBP_SLT,
   FE_ARBP_SUB,
   FE_ARBP_SWZ,
   FE_ARBP_TEX,
   FE_ARBP_TXB,
   FE_ARBP_TXP,
   FE_ARBP_XPD,
   FE_ARBP_OP_COUNT
};

/* Swizzle selectors: 0-3 x y z w; the extended swizzle's constants. */
#define FE_ARBP_SWZ_ZERO 4
#define FE_ARBP_SWZ_ONE 5

struct fe_arbp_src {
   uint8_t file;
   uint8_t swz[4];
   uint8_t negate;  /* bit c: component c negated */
   bool relative;   /* PARAM array indexed by address register .x + offset */
   uint16_t index;  /* see enum fe_arbp_file; relative: the array's first slot */
   int16_t offset;  /* relative: the constant offset */
   uint16_t length; /* relative: the array's length (reads outside give 0) */
};

struct fe_arbp_dst {
   uint8_t file; /* TEMP, OUTPUT or ADDRESS */
   uint8_t mask; /* bit c: component c written */
   uint16_t index;
};

struct fe_arbp_inst {
   uint8_t op;
   bool sat;
   uint8_t tex_unit, tex_target; /* TEX/TXB/TXP: unit, enum fe_tex_target */
   struct fe_arbp_dst dst;
   struct fe_arbp_src src[3];
};

/* Where one vec4 parameter slot comes from. */
enum fe_arbp_param_kind {
   FE_ARBP_PARAM_CONST,  /* value */
   FE_ARBP_PARAM_ENV,    /* program.env[index] of the program's target */
   FE_ARBP_PARAM_LOCAL,  /* program.local[index] of the bound program */
   FE_ARBP_PARAM_STATE,  /* comp[]: per component a float of struct glsl_compat_state */
   FE_ARBP_PARAM_MATRIX, /* row comp[1] of program matrix index, modified by comp[0]
                          * (0 plain, 1 inverse, 2 transpose, 3 inverse transpose) */
   /* GL_ATI_fragment_shader's global constant index (fe_atifs_prog.c) */
   FE_ARBP_PARAM_ATI_CONST,
};
/* comp[] values below 0: */
#define FE_ARBP_COMP_ZERO (-1)
#define FE_ARBP_COMP_ONE (-2)
#define FE_ARBP_COMP_DEPTH_NEAR (-3)
#define FE_ARBP_COMP_DEPTH_FAR (-4)
#define FE_ARBP_COMP_DEPTH_DIFF (-5)

struct fe_arbp_param {
   uint8_t kind;
   uint16_t index;
   int16_t comp[4];
   float value[4];
};

/* A parsed program: immutable once made, shared by the object and the generated programs that
 * embed it (refs). */
struct fe_arbp_prog {
   atomic_int refs;
   uint8_t target;
   uint32_t serial; /* unique per parse in the process: part of the fixed-function key */
   struct fe_arbp_inst *insts;
   uint32_t num_insts;
   struct fe_arbp_param *params;
   uint32_t num_params;
   uint32_t num_temps, num_address;
   uint32_t inputs_read;     /* bit: vertex attribute location / fe_arbp_fin */
   uint32_t outputs_written; /* bit: fe_arbp_vout / fe_arbp_fout */
   uint32_t num_attribs;     /* ATTRIB-declared and direct input bindings (GL_PROGRAM_ATTRIBS) */
   uint32_t num_alu, num_tex, num_indirections;
   uint8_t tex_targets[FE_ARBP_MAX_TEX_UNITS]; /* per unit: enum fe_tex_target + 1; 0 unused */
   bool position_invariant;
   /* OPTION ARB_draw_buffers or ATI_draw_buffers: draw buffer n takes result.color[n] (else
    * result.color goes to every draw buffer) */
   bool draw_buffers;
   /* OPTION ARB_fragment_coord_origin_upper_left / _pixel_center_integer: fragment.position's
    * convention (FE_ARBP_COORD_* bits; 0 is GL's lower-left, half-integer one) */
   uint8_t frag_coord;
   uint8_t fog; /* ARB_fog_*: 0 none, 1 linear, 2 exp, 3 exp2 (the fixed-function key's code) */
   bool reads_state_unversioned; /* state.depth.range / state.point.*: refill at every draw */
};

enum { FE_ARBP_COORD_UPPER_LEFT = 1, FE_ARBP_COORD_PIXEL_CENTER_INTEGER = 2 };

/* fe_arbp_parse.c: parses len bytes of program text for target. On success *out holds a new
 * program (refs 1) and NULL returns; on failure the error message (malloc'd; NULL when out of
 * memory) returns and *error_pos is the byte offset where parsing stopped. */
char *fe_arbp_parse(enum fe_arbp_target target, const char *text, size_t len,
                    struct fe_arbp_prog **out, int32_t *error_pos);
void fe_arbp_prog_ref(struct fe_arbp_prog *p);
void fe_arbp_prog_unref(struct fe_arbp_prog *p);
/* A fresh serial for a program made elsewhere (fe_atifs_prog.c; its insts and params malloc'd). */
uint32_t fe_arbp_new_serial(void);

/* fe_arbp_glsl.c: the GLSL statements of p's main() body (malloc'd; NULL when out of memory),
 * its parameters read from ff[param_base + slot]. Inputs it reads: vertex a_in<location>,
 * fragment i_col0, i_col1, i_fogc, i_wpos, i_tc<n>; samplers ff_tex<unit>; outputs it writes
 * (vec4 locals the wrapper declares and passes on): o_pos, o_col0, o_col1, o_bcol0, o_bcol1,
 * o_fogc, o_psiz, o_tc<n>; fragment o_color, o_depth. decls gets the input and sampler
 * declarations the body needs (malloc'd). */
char *fe_arbp_glsl(const struct fe_arbp_prog *p, int param_base, char **decls);

/* One ARB program object (shared by the share group). */
struct fe_arbp_object {
   atomic_int refs;
   GLuint name;
   uint8_t target;            /* enum fe_arbp_target; set at the first bind */
   struct fe_arbp_prog *prog; /* NULL until a string loaded */
   char *string;
   uint32_t string_len;
   float local[FE_ARBP_MAX_LOCAL][4];
};

struct fe_atifs_state;

/* Per-context state (struct fe_ff's arbp). */
struct fe_arbp_state {
   bool enabled[FE_ARBP_TARGETS];
   bool vp_two_side;
   struct fe_arbp_object *bound[FE_ARBP_TARGETS]; /* the default object 0 when none bound */
   struct fe_arbp_object *defaults[FE_ARBP_TARGETS];
   float env[FE_ARBP_TARGETS][FE_ARBP_MAX_ENV][4];
   int32_t error_pos;
   char *error_string;
   struct fe_atifs_state *ati; /* GL_ATI_fragment_shader (fe_atifs.h) */
};

/* fe_arbp_state.c */
struct fe_arbp_state *fe_arbp_state_create(void);
void fe_arbp_finish(struct fe_context *ctx);
/* A reference to a program object let go (the last frees it; NULL is allowed). */
void fe_arbp_object_unref(struct fe_arbp_object *o);
/* GL_PROGRAM_ERROR_STRING_ARB: the last glProgramStringARB's message ("" after a success). */
const char *fe_arbp_error_string(struct fe_context *ctx);
/* The program a draw runs for target: enabled, bound and loaded; else NULL. For the fragment
 * target with no ARB fragment program on: the ATI fragment shader's (fe_atifs_active). */
const struct fe_arbp_prog *fe_arbp_active(const struct fe_context *ctx, enum fe_arbp_target t);
/* Whether a draw (glBegin, glRasterPos, every draw command) is GL_INVALID_OPERATION for the
 * ARB programs: a target enabled whose bound program never loaded (ARB_vertex_program 2.14,
 * ARB_fragment_program 3.11). The caller asks only when no GLSL program is in use. */
bool fe_arbp_draw_invalid(const struct fe_context *ctx);
/* A parameter slot's value from the current state; st: the compatibility built-in state,
 * computed by the caller once per refill. */
void fe_arbp_param_value(const struct fe_context *ctx, const struct fe_arbp_prog *p,
                         const struct fe_arbp_param *prm, const struct glsl_compat_state *st,
                         float out[4]);
/* glEnable/glIsEnabled of GL_VERTEX_PROGRAM_ARB, GL_FRAGMENT_PROGRAM_ARB,
 * GL_VERTEX_PROGRAM_TWO_SIDE and GL_FRAGMENT_SHADER_ATI (fe_ff_set_enable's contract: -1 not
 * one). */
int fe_arbp_set_enable(struct fe_context *ctx, GLenum cap, int on);
/* glGet of the ARB program state and the ATI fragment shader limits (count written; 0: not
 * one). */
int fe_arbp_get(struct fe_context *ctx, GLenum pname, double *out, enum fe_ff_value_kind *kind);

#endif
