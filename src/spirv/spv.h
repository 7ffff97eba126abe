/* spv.h — SPIR-V helpers both roles use: reflection through SPIRV-Cross's C API (spv_cross.c),
 * the rewrites the GL linker and the Vulkan backend apply (spv_patch.c, spv_pack.c, spv_rect.c,
 * spv_split.c, spv_clip_enables.c, spv_tcs_stores.c, spv_input_arrays.c, spv_1d.c,
 * spv_double_inputs.c, spv_opaque_structs.c, spv_opaque_index.c, spv_gs_outputs.c, spv_gs_split.c,
 * spv_varying_words.c, spv_local_bounds.c, spv_facing.c, spv_point_size.c, spv_input_copies.c),
 * a stage's interface measured (spv_io.c),
 * the id look-ups they share (spv_ids.c), SPIRV-Tools' validator for client modules
 * (spv_valid.c) and one bounds-checked instruction walker. Just what mgl needs for the words
 * glslang generates; the enumerants come from SPIRV-Headers. Not a general SPIR-V library. */
#ifndef MGL_SPIRV_SPV_H
#define MGL_SPIRV_SPV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "array.h"

/* The most ids a client's module may declare (its header's bound, word 3): SPIR-V's universal
 * limit, which spirv-val holds Vulkan modules to. The passes size tables by the bound, so a
 * module past it (4294967295 ids: tables of many GiB) is refused before any pass reads it. */
#define SPV_ID_BOUND_MAX 0x3fffffu

/* SPIRV-Tools' validator (spv_valid.c), run on every client module before a backend, its
 * passes or SPIRV-Cross read it: false with the reason in why when the module is not valid for
 * env. The Vulkan backend validates for its device's Vulkan version, the GLES backend for
 * Vulkan 1.1, the environment the front end compiles for (glslang's SPIR-V 1.3). */
enum spv_valid_env { SPV_VALID_VULKAN_1_1, SPV_VALID_VULKAN_1_2, SPV_VALID_VULKAN_1_3 };
#define SPV_VALID_ENV_COUNT 3
bool spv_validate(enum spv_valid_env env, const uint32_t *words, size_t count, char *why,
                  size_t why_size);
/* SPIRV-Cross's version as its C API gives it (spv_cross.c): the shared library's C API version
 * and the header's built against. One string, made once; a program binary's build id covers
 * it (glsl_library_versions, issue 20). */
const char *spv_cross_versions(void);

/* Walks a module's instructions, bounds-checked (the words may come from another process):
 *    struct spv_walk it = spv_walk_begin(words, n);
 *    while (spv_walk_next(&it)) { it.op, it.len, it.o (operands), it.nops, it.pc }
 * it.bad is set when an instruction's length is 0 or runs past the end (the walk stops there). */
struct spv_walk {
   const uint32_t *w;
   size_t n;
   size_t pc; /* word offset of the current instruction */
   size_t next;
   uint32_t op, len;
   const uint32_t *o; /* its operands, w + pc + 1 */
   uint32_t nops;     /* len - 1 */
   bool bad;
};

static inline struct spv_walk
spv_walk_begin(const uint32_t *words, size_t n)
{
   return (struct spv_walk){.w = words, .n = n, .next = 5};
}

static inline bool
spv_walk_next(struct spv_walk *it)
{
   if (it->next >= it->n)
      return false;
   const size_t pc = it->next;
   const uint32_t len = it->w[pc] >> 16;
   if (len == 0 || len > it->n - pc) {
      it->bad = true;
      return false;
   }
   it->pc = pc;
   it->op = it->w[pc] & SpvOpCodeMask;
   it->len = len;
   it->o = it->w + pc + 1;
   it->nops = len - 1;
   it->next = pc + len;
   return true;
}

/* Whether op is an annotation (decorations and groups: the section after the debug names). */
static inline bool
spv_is_annotation(uint32_t op)
{
   return op == SpvOpDecorate || op == SpvOpMemberDecorate || op == SpvOpDecorationGroup ||
          op == SpvOpGroupDecorate || op == SpvOpGroupMemberDecorate || op == SpvOpDecorateId ||
          op == SpvOpDecorateString || op == SpvOpMemberDecorateString;
}

/* Words of the literal string at o (n words available), its terminating word included; 0 when
 * none ends within them. */
static inline uint32_t
spv_string_words(const uint32_t *o, uint32_t n)
{
   for (uint32_t i = 0; i < n; i++)
      if (!(o[i] & 0xff000000u) || !(o[i] & 0xff0000u) || !(o[i] & 0xff00u) || !(o[i] & 0xffu))
         return i + 1;
   return 0;
}

/* Whether operand k of instruction it is a literal (a number, a mask, an enumerant, a string)
 * by the instruction's grammar, for the instructions whose literals a module's numbers often
 * equal an id by chance: a constant's value, an execution mode's, an array size's width, a
 * memory access's alignment, a composite's indices. False for an id, and for a literal of an
 * instruction not listed (a pass that refuses on a match stays on the safe side). */
static inline bool
spv_operand_is_literal(const struct spv_walk *it, uint32_t k)
{
   switch (it->op) {
   case SpvOpSource: return k != 2; /* its file, an OpString */
   case SpvOpSourceExtension:
   case SpvOpExtension:
   case SpvOpCapability:
   case SpvOpMemoryModel:
   case SpvOpModuleProcessed: return true;
   case SpvOpExtInstImport:
   case SpvOpString:
   case SpvOpTypeInt:
   case SpvOpTypeFloat:
   case SpvOpExecutionMode:
   case SpvOpName:
   case SpvOpMemberName:
   case SpvOpMemberDecorate:
   case SpvOpLine: return k >= 1;
   case SpvOpDecorate:
   case SpvOpConstant:
   case SpvOpSpecConstant:
   case SpvOpTypeImage: return k >= 2;
   case SpvOpCompositeExtract: return k >= 3;
   case SpvOpCompositeInsert:
   case SpvOpVectorShuffle: return k >= 4;
   case SpvOpTypePointer:
   case SpvOpTypeForwardPointer:
   case SpvOpSelectionMerge: return k == 1;
   case SpvOpTypeVector:
   case SpvOpTypeMatrix:
   case SpvOpVariable:
   case SpvOpFunction:
   case SpvOpSpecConstantOp: return k == 2;
   case SpvOpExtInst: return k == 3;
   case SpvOpLoopMerge: return k >= 2;
   case SpvOpLoad:
   case SpvOpStore: {
      /* the memory access mask, then an Aligned literal first among its operands */
      const uint32_t mask = it->op == SpvOpLoad ? 3 : 2;
      return k == mask ||
             (k == mask + 1 && it->nops > mask && (it->o[mask] & SpvMemoryAccessAlignedMask));
   }
   default: return false;
   }
}

/* The id a type, an OpConstant or an OpVariable declares (ins: its first word, wc words), or 0. */
static inline uint32_t
spv_decl_id(const uint32_t *ins, uint32_t wc, uint32_t op)
{
   if (op >= SpvOpTypeVoid && op <= SpvOpTypeFunction && wc >= 2)
      return ins[1];
   if ((op == SpvOpConstant || op == SpvOpVariable) && wc >= 3)
      return ins[2];
   return 0;
}

/* The type, constant or variable declaring id (its walk position in *out), or false. */
static inline bool
spv_find_def(const uint32_t *w, size_t n, uint32_t id, struct spv_walk *out)
{
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const bool typed = it.op == SpvOpConstant || it.op == SpvOpVariable;
      const bool type_decl = it.op >= SpvOpTypeVoid && it.op <= SpvOpTypeForwardPointer;
      if ((typed && it.nops >= 2 && it.o[1] == id) ||
          (type_decl && it.nops >= 1 && it.o[0] == id)) {
         *out = it;
         return true;
      }
   }
   return false;
}

/* Where each id is first defined, spv_find_def's answer for every id from one walk (spv_ids.c),
 * and the slots of a pass's per-id tables: a pass looks ids up without walking the module again,
 * and its memory is linear in the module's words, not its declared bound (a client may declare
 * 2^22 in a module of a few hundred bytes). Ids below min(bound, n) are their own slots; the
 * module's other ids (a hostile module's, past its words, hence few: its operand words below the
 * bound and the ids it defines past it) take the slots after, sorted. visited: words walked and
 * entries read; bytes: what spv_defs_init allocated. */
struct spv_id_at {
   uint32_t id, at;
};
/* qsort's order for them: by id, then word (an id's first definition first) */
int spv_id_at_cmp(const void *a, const void *b);
/* qsort's order for uint32_t */
int spv_u32_cmp(const void *a, const void *b);

struct spv_defs {
   const uint32_t *w;
   size_t n;
   uint32_t dense; /* ids below it: their own slots */
   uint32_t *far;  /* the module's other ids, sorted, each once: slot dense + index */
   uint32_t num_far;
   uint32_t slots; /* dense + num_far: a per-id table's length (slot `slots`: none) */
   uint32_t *at;   /* [slots] the word of the id's first definition, 0: none */
   uint64_t visited;
   uint64_t bytes;
};

/* False when out of memory (or n past 2^32 words); a malformed instruction ends the walk, as it
 * ends spv_find_def's. */
bool spv_defs_init(struct spv_defs *d, const uint32_t *w, size_t n);
bool spv_defs_find(struct spv_defs *d, uint32_t id, struct spv_walk *out);
/* id's slot in a table of d->slots + 1 entries, the last of them none's (d->slots: an id the
 * module does not name, or one past its bound that it does not define) */
uint32_t spv_defs_slot(struct spv_defs *d, uint32_t id);
void spv_defs_finish(struct spv_defs *d);

/* ── Reflection through SPIRV-Cross (spv_cross.c) ──────────────────────────────────────────── */

/* One module's reflection: its resource variables, names, decorations and types. A library
 * error makes spv_refl_error non-NULL (the first one); queries then answer zeros. Names go
 * through demangle (NULL: kept as the module spells them): the GL linker's gives the name as the
 * app wrote it. */
typedef const char *(*spv_demangle_fn)(const char *name);
struct spv_refl;
struct spv_refl *spv_refl_create(const uint32_t *words, size_t num_words, spv_demangle_fn demangle,
                                 const char **err);
void spv_refl_destroy(struct spv_refl *r);
const char *spv_refl_error(const struct spv_refl *r);

/* The variables of one kind, in module order (builtins are in none of these lists). */
enum spv_refl_list {
   SPV_REFL_UNIFORM_BUFFERS, /* Uniform Block variables (or arrays of them) */
   SPV_REFL_SAMPLERS,        /* UniformConstant images, sampled images, samplers (or arrays) */
   SPV_REFL_INPUTS,          /* user Input variables */
   SPV_REFL_OUTPUTS,         /* user Output variables */
   SPV_REFL_PLAIN_UNIFORMS,  /* UniformConstant variables that are no image or sampler */
   SPV_REFL_STORAGE_BUFFERS, /* shader storage block variables (or arrays of them) */
   SPV_REFL_LIST_COUNT
};
/* A type level: a SPIR-V type id, and in the top bits how many element steps (array levels
 * from the outermost, then a matrix's column) were taken from it. 0: none. */
typedef uint32_t spv_tref;
#define SPV_TREF_LEVEL_SHIFT 24
struct spv_refl_var {
   uint32_t id;
   spv_tref type; /* what the variable holds */
   const char *name;
   bool used;     /* reached from the entry point's code (not for plain uniforms) */
   uint32_t init; /* plain uniforms: the initializer's constant id, 0 when none */
};
const struct spv_refl_var *spv_refl_vars(const struct spv_refl *r, enum spv_refl_list list,
                                         unsigned *n);
/* The variable of a builtin input or output (0: none; a block's when the builtin is one of its
 * members); *type (may be NULL) gets the builtin's type, *used (may be NULL) whether the
 * entry point's code reaches the variable. */
uint32_t spv_refl_builtin(const struct spv_refl *r, bool output, SpvBuiltIn builtin, spv_tref *type,
                          bool *used);
/* Whether the entry point's code reads (an input) or writes (an output) the builtin itself: a
 * member of a block counts only where the code reaches that member, not the block alone. */
bool spv_refl_builtin_active(const struct spv_refl *r, bool output, SpvBuiltIn builtin);
/* False when id lacks the decoration; else its literal in *value (may be NULL). */
bool spv_refl_decoration(const struct spv_refl *r, uint32_t id, SpvDecoration deco,
                         uint32_t *value);

enum spv_tk {
   SPV_TK_OTHER,
   SPV_TK_SCALAR,
   SPV_TK_VECTOR,
   SPV_TK_MATRIX,
   SPV_TK_ARRAY,
   SPV_TK_STRUCT,
   SPV_TK_IMAGE,
   SPV_TK_SAMPLED_IMAGE,
   SPV_TK_SAMPLER,
};
struct spv_tinfo {
   enum spv_tk kind;
   char scalar;           /* scalar, vector, matrix, image's sampled type: f d i u b; 0 other */
   uint32_t width;        /* scalar bits */
   uint32_t vecsize;      /* vector components, matrix rows */
   uint32_t columns;      /* matrix columns */
   uint32_t length;       /* array */
   spv_tref elem;         /* array: its element; matrix: its column */
   uint32_t array_stride; /* array: ArrayStride, 0 when not laid out */
   uint32_t num_members;  /* struct */
   const char *name;      /* struct: its name ("" when none) */
   bool block;            /* struct: Block or BufferBlock */
   uint32_t dim;          /* image, sampled image: SpvDim */
   bool depth, arrayed, ms;
   bool storage;    /* image: a storage image (Sampled 2: GLSL's image2D ...) */
   uint32_t format; /* storage image: SpvImageFormat (0: Unknown) */
};
void spv_refl_type(const struct spv_refl *r, spv_tref t, struct spv_tinfo *out);
struct spv_tmember {
   const char *name;
   spv_tref type;
   int32_t offset; /* -1: none */
   uint32_t matrix_stride;
   bool row_major;
   int32_t builtin;  /* -1: none */
   int32_t location; /* -1: none */
};
/* Member k of struct type t. */
void spv_refl_member(const struct spv_refl *r, spv_tref t, uint32_t k, struct spv_tmember *out);
/* The innermost element type; *count (if not NULL) gets the product of the lengths. */
spv_tref spv_refl_strip_arrays(const struct spv_refl *r, spv_tref t, uint32_t *count);
/* Bytes a laid-out struct (or array of one: its element) declares; 0 when it is not one. */
uint32_t spv_refl_struct_size(const struct spv_refl *r, spv_tref t);
/* The same with a trailing unsized array counted as one element (ARB_program_interface_query's
 * GL_BUFFER_DATA_SIZE of a storage block); 0 when it is not one. */
uint32_t spv_refl_struct_size_runtime1(const struct spv_refl *r, spv_tref t);
/* Bytes a laid-out type spans by its Offset/ArrayStride/MatrixStride decorations, without
 * trailing padding (a SPIR-V block's GL_BUFFER_DATA_SIZE before rounding); 0 when none. */
uint32_t spv_refl_explicit_size(const struct spv_refl *r, spv_tref t);
/* Locations a type takes as an input/output (vec/scalar 1, dvec3/4 2, matN N x column, ...). */
uint32_t spv_refl_locations(const struct spv_refl *r, spv_tref t);
/* Marks used[k] for each member k of block variable var that the entry point's code reaches. */
void spv_refl_member_uses(const struct spv_refl *r, uint32_t var, bool *used, uint32_t num_members);
/* Constants (SPIRV-Cross keeps a vector or matrix constant as one, its scalars by column and
 * row; an array or struct constant as its parts). Part k of constant id (0: none), and a
 * scalar's bits (wide: 64 of them). */
uint32_t spv_refl_constant_part(const struct spv_refl *r, uint32_t id, uint32_t k);
uint64_t spv_refl_constant_scalar(const struct spv_refl *r, uint32_t id, uint32_t column,
                                  uint32_t row, bool wide);
/* Whether the entry point declares mode; its first argument in *arg (may be NULL). */
bool spv_refl_execution_mode(const struct spv_refl *r, SpvExecutionMode mode, uint32_t *arg);
/* Argument k of execution mode mode (LocalSize: 0..2), 0 when the entry point lacks it. */
uint32_t spv_refl_execution_mode_arg(const struct spv_refl *r, SpvExecutionMode mode, uint32_t k);

/* Rewrites a module. Decoration overrides replace (or add) Binding/DescriptorSet/Location/Index/
 * Component of a variable. */
enum spv_deco_kind {
   SPV_SET_BINDING,
   SPV_SET_DESCRIPTOR_SET,
   SPV_SET_LOCATION,
   SPV_SET_INDEX,
   SPV_SET_COMPONENT
};
struct spv_deco_override {
   uint32_t id;
   enum spv_deco_kind kind;
   uint32_t value;
};

/* Variable `from` is replaced by `to` (same pointer type): its declaration, names, decorations
 * and interface entry go, its loads and access chains use `to`. */
struct spv_var_alias {
   uint32_t from, to;
};

struct spv_xfb_deco {
   uint32_t id;
   uint32_t buffer, offset, stride;
   uint32_t stream; /* a copy's vertex stream (its variable's): decorated Stream when not 0 */
};

/* A captured part of an output that is not a whole variable (an array element, a struct or
 * block member: a built-in of gl_PerVertex), split to a scalar or vector: a new Output variable
 * of the part's type at `location`, `component` receives var[indices...] (var itself, of any
 * storage class, with no index) before each vertex is handed on, and is captured as `deco`
 * says. */
#define SPV_XFB_MAX_INDICES 8
struct spv_xfb_copy {
   uint32_t var;
   spv_tref type; /* the part's type, as the linker walks it (the rewrite finds its id) */
   uint32_t num_indices;
   uint32_t indices[SPV_XFB_MAX_INDICES];
   uint32_t location, component;
   struct spv_xfb_deco deco;
};

struct spv_patch {
   const struct spv_deco_override *decos;
   unsigned num_decos;
   const struct spv_var_alias *aliases;
   unsigned num_aliases;
   /* gl_InstanceID: every load of the InstanceIndex builtin becomes InstanceIndex - BaseInstance. */
   bool instance_id_minus_base;
   /* GL depth: gl_Position.z = z * 0.5 + w * 0.5 (and y = y * 1) before each OpReturn of the
    * entry point (vertex) or before each OpEmitVertex / OpEmitStreamVertex (geometry). The three
    * factors are float specialization constants SPV_CLIP_CONTROL_SPEC_ID + 0 (y's), + 1 (z's)
    * and + 2 (w's): glClipControl's GL_UPPER_LEFT makes y's -1, GL_ZERO_TO_ONE z's 1 and w's 0. */
   bool remap_depth;
   /* Transform feedback: each listed output variable is captured (XfbBuffer, XfbStride, Offset;
    * the stage gets capability TransformFeedback and execution mode Xfb). */
   const struct spv_xfb_deco *xfb;
   unsigned num_xfb;
   /* Copies captured in their place (a captured built-in is one too: gl_Position's is copied
    * before the depth remap, so GL's z is captured). */
   const struct spv_xfb_copy *xfb_copies;
   unsigned num_xfb_copies;
   /* Geometry that uses vertex stream 0 alone (GL_MAX_VERTEX_STREAMS 1, or a program naming no
    * other): OpEmitStreamVertex / OpEndStreamPrimitive become OpEmitVertex / OpEndPrimitive, and
    * Stream decorations and the GeometryStreams capability go, so that the device needs no
    * geometryStreams feature. */
   bool single_stream;
};

/* Returns malloc'd words, or NULL with a static reason in *err. */
uint32_t *spv_module_patch(const uint32_t *words, size_t num_words, const struct spv_patch *patch,
                           size_t *out_num_words, const char **err);

/* Arrays of 32-bit scalars in the user Input (inputs) / Output (outputs) interface, as
 * variables or block members, become arrays of 4-vectors (spv_pack.c). Returns new words
 * (free them), or NULL: *err NULL when there is nothing to pack (*blocked: there is, but the
 * module uses it in a way the rewrite cannot follow), else why. */
uint32_t *spv_pack_varyings(const uint32_t *words, size_t num_words, bool inputs, bool outputs,
                            size_t *out_n, bool *blocked, const char **err);

/* User Input/Output variables of a Block type, or an array of one, become one variable per
 * member (spv_split.c). Returns new words (free them), or NULL: *err NULL when there is nothing
 * to split (*blocked: there is, but the module uses or decorates it in a way the rewrite cannot
 * follow), else why. */
uint32_t *spv_split_blocks(const uint32_t *words, size_t num_words, size_t *out_n, bool *blocked,
                           const char **err);

/* Rectangle images become 2D images with normalised coordinates (spv_rect.c). Returns new
 * words (free them), or NULL: *err NULL when the module has no rectangle image, else why. */
uint32_t *spv_lower_rect(const uint32_t *words, size_t num_words, size_t *out_n, const char **err);

/* 1D images become 2D images one texel high, 1D arrays 2D arrays of such layers (spv_1d.c; GLSL
 * ES has no 1D textures): coordinates, gradients and offsets get a second component, size
 * queries answer the 1D part. Returns new words (free them), or NULL: *err NULL when the module
 * has no 1D image, else why (a sparse 1D sampling, a shape the rewrite does not expect). */
uint32_t *spv_lower_1d(const uint32_t *words, size_t num_words, size_t *out_n, const char **err);

/* GL's gl_BaseVertex (0 for an arrays draw) and gl_DrawID (counted through one GL call) in a
 * vertex module, from a push-constant block of SPV_DRAW_PARAMS_PUSH_SIZE bytes at offset 0,
 * {int is_indexed; int draw_id_base;}, that the backend pushes before each draw command
 * (spv_draw_params.c). Returns new words (free them), or NULL: *err NULL when the module reads
 * neither builtin (*blocked: it does, in a way the rewrite cannot follow), else why. */
#define SPV_DRAW_PARAMS_PUSH_SIZE 8
uint32_t *spv_draw_params(const uint32_t *words, size_t num_words, size_t *out_n, bool *blocked,
                          const char **err);

/* GL's GL_CLIP_DISTANCEi enables in a vertex, tessellation-evaluation or geometry module
 * (spv_clip_enables.c): where the stage hands a vertex on, gl_ClipDistance[i] becomes 0.0
 * unless the boolean specialization constant SPV_CLIP_ENABLE_SPEC_ID + i is true (the backend
 * specializes each pipeline by the render state's enable mask). Returns new words (free them)
 * and the array's length in *num_planes, or NULL: *err NULL when the module writes no clip
 * distance (*blocked: it does, in a way the rewrite cannot follow), else why. */
#define SPV_CLIP_ENABLE_SPEC_ID 0x6d676c00u
#define SPV_CLIP_CONTROL_SPEC_ID 0x6d676c10u /* spv_patch.remap_depth's factors */
#define SPV_CLIP_ENABLE_MAX 8
uint32_t *spv_clip_enables(const uint32_t *words, size_t num_words, size_t *out_n,
                           uint32_t *num_planes, bool *blocked, const char **err);

/* GLSL.std.450 calls computing from NoContraction results are marked NoContraction too, as
 * glslang marks only the arithmetic of a `precise` value (spv_precise.c). Returns new words
 * (free them), or NULL: *err NULL when there is nothing to mark, else why. */
uint32_t *spv_precise_calls(const uint32_t *words, size_t num_words, size_t *out_n,
                            const char **err);

/* In a fragment module, what each atomic returns in a helper invocation becomes a plain read
 * of its memory (spv_helper_atomics.c), so a loop that retries an atomic until its guess holds
 * ends there too (GL leaves the value undefined). Returns new words (free them), or NULL: *err
 * NULL when there is nothing to rewrite (no fragment stage, no atomic it can read back), else
 * why. */
uint32_t *spv_helper_atomics(const uint32_t *words, size_t num_words, size_t *out_n,
                             const char **err);

/* A fragment module whose user inputs are interpolated at the sample (spv_sample_inputs.c):
 * for sample shading at a fraction of 1.0 (GL 4.6 14.3.1.1). Returns new words (free them), or
 * NULL when there is nothing to change (no fragment entry point, no such input). */
uint32_t *spv_sample_inputs(const uint32_t *words, size_t num_words, size_t *out_n);

/* A fragment module for single-sample rasterization (spv_single_sample.c): gl_SampleID,
 * gl_SamplePosition and gl_SampleMaskIn become Private variables holding GL's values when
 * multisample rasterization is off (0, (0.5, 0.5), sample 0's bit), gl_SampleMask a Private
 * variable written to nothing; none of them is in the interface any more. Returns new words
 * (free them), or NULL: *err NULL when there is nothing to change, else why. */
uint32_t *spv_single_sample(const uint32_t *words, size_t num_words, size_t *out_n,
                            const char **err);

/* A fragment module whose gl_FrontFacing is read from a user Input int at location (Flat; non-zero:
 * front), as the outline geometry stage writes it for a polygon drawn as lines or points
 * (spv_facing.c). Returns new words (free them), or NULL: *err NULL when there is nothing to
 * change (no fragment entry point, or it declares no FrontFacing), else why. */
uint32_t *spv_facing_from_input(const uint32_t *words, size_t num_words, uint32_t location,
                                size_t *out_n, const char **err);

/* In a tessellation control module, a store of one output vector component at a dynamic index
 * becomes a switch over the index with a store at each constant component (spv_tcs_stores.c):
 * GL writes the one component, a driver may write the whole vector back. Returns new words
 * (free them), or NULL: *err NULL when there is nothing to rewrite, else why. */
uint32_t *spv_tcs_component_stores(const uint32_t *words, size_t num_words, size_t *out_n,
                                   const char **err);

/* In a geometry module, each output the code accesses (a member of an output block such as
 * gl_PerVertex: each member it reaches) becomes a Private variable copied to the Output before
 * each OpEmitVertex / OpEmitStreamVertex (spv_gs_outputs.c): GL keeps an output's value across
 * an emit, a Vulkan driver need not. Returns new words (free them), or NULL: *err NULL when
 * there is nothing to rewrite (*blocked: there is, but the module uses an output in a way the
 * rewrite cannot follow), else why. */
uint32_t *spv_gs_output_copies(const uint32_t *words, size_t num_words, size_t *out_n,
                               bool *blocked, const char **err);

/* The module's output built-in block (gl_PerVertex) declared only up to the last member its
 * code reaches through a constant-index access chain (spv_pervertex_trim.c): a device counts
 * every member the block declares against its output limits. For the last vertex stage only
 * (the next stage's gl_in[] reads the block as declared). Returns new words (free them), or
 * NULL: *err NULL when there is nothing to cut or the block is used otherwise, else why. */
uint32_t *spv_trim_pervertex_out(const uint32_t *words, size_t num_words, size_t *out_n,
                                 const char **err);
/* The members the module's built-in block of storage class sc (Input or Output; gl_PerVertex,
 * gl_in[] or gl_out[]) declares, 0 when it has none or more than one. */
uint32_t spv_pervertex_members(const uint32_t *words, size_t num_words, SpvStorageClass sc);
/* That block declared with its first keep members only (spv_pervertex_trim.c), so that two
 * linked stages' blocks match as Vulkan wants. Returns new words (free them), or NULL: *err NULL
 * when there is nothing to cut, the code reaches a member from keep on or uses the block
 * otherwise than through constant-index access chains, else why. */
uint32_t *spv_cut_pervertex(const uint32_t *words, size_t num_words, SpvStorageClass sc,
                            uint32_t keep, size_t *out_n, const char **err);
/* A built-in block's members (spv_pervertex_trim.c): each one's BuiltIn and type, a scalar
 * (SpvOpTypeFloat or SpvOpTypeInt, its width and signedness), a vector of comps of them (1: the
 * scalar) or an array of length of those (0: not an array). */
#define SPV_PERVERTEX_MAX_MEMBERS 16
struct spv_pervertex_member {
   uint32_t builtin, scalar, width, sign, comps, length;
};
struct spv_pervertex {
   uint32_t count;
   struct spv_pervertex_member m[SPV_PERVERTEX_MAX_MEMBERS];
};
/* The members of the module's built-in block of storage class sc; false when it has none, more
 * than one, or one with a member not described above. */
bool spv_pervertex_shape(const uint32_t *words, size_t num_words, SpvStorageClass sc,
                         struct spv_pervertex *out);
/* The block two linked stages' blocks a and b can both grow to (spv_grow_pervertex): the longer
 * one's members, each array of the larger length; false when a member of one is not the other's
 * (another BuiltIn or type). */
bool spv_pervertex_union(const struct spv_pervertex *a, const struct spv_pervertex *b,
                         struct spv_pervertex *out);
/* The module's built-in block of storage class sc declaring want's members: the trailing ones
 * its block lacks added (with their BuiltIn, name and capability), its arrays grown to want's
 * lengths (a new array type each), so that two linked stages' blocks match as Vulkan wants
 * where the code of one reaches a member the other lacks. Returns new words (free them), or
 * NULL: *err NULL when the block is not a prefix of want (members, types, no array longer),
 * already is want, is used otherwise than through constant-index access chains (or a chain
 * stops at an array it grows), or a type it needs is declared only after the block; else why. */
uint32_t *spv_grow_pervertex(const uint32_t *words, size_t num_words, SpvStorageClass sc,
                             const struct spv_pervertex *want, size_t *out_n, const char **err);

/* The module without its stores to gl_PointSize (spv_point_size.c): the PointSize built-in
 * variable's, or the output block member's through a constant-index access chain. Returns new
 * words (free them), or NULL: *err NULL when there is none to drop, else why (the built-in
 * used otherwise than stored to, captured by transform feedback, by an Offset or by a load
 * under the Xfb execution mode: SPV_POINT_SIZE_CAPTURED, or the words malformed). */
#define SPV_POINT_SIZE_CAPTURED "gl_PointSize captured by transform feedback"
uint32_t *spv_cut_point_size(const uint32_t *w, size_t n, size_t *out_n, const char **err);
/* spv_cut_point_size, then the output gl_PerVertex trimmed (spv_trim_pervertex_out) where it
 * can be: a geometry stage as a device or host counts it without the size (both backends,
 * where the write puts the stage over their output limits). NULL as spv_cut_point_size. */
uint32_t *spv_cut_point_size_trim(const uint32_t *w, size_t n, size_t *out_n, const char **err);

/* A stage's interface (spv_io.c): its located inputs' and outputs' components (summed, and
 * the extent of their locations), built-in outputs by the variables declared and by the
 * members the code writes, a tessellation control stage's per-patch outputs, OutputVertices
 * and Invocations (geometry, tessellation control). */
struct spv_stage_io {
   uint32_t in_comps, in_end, out_comps, out_end;
   uint32_t out_builtin_comps;   /* built-in outputs (gl_PerVertex with every member declared) */
   uint32_t out_builtin_written; /* ... only those written (what a GL host's compiler counts) */
   uint32_t patch_out_comps;     /* a tessellation control stage's per-patch outputs */
   uint32_t vertices;            /* OutputVertices (geometry, tessellation control) */
   uint32_t invocations;         /* Invocations (geometry) */
};
/* The interface of the entry point model selects, from SPIRV-Cross's compiler (spvc_compiler)
 * and resources (spvc_resources); false where it cannot be bounded (an array length that is
 * not a literal, or nesting too deep). */
bool spv_io_measure(void *compiler, void *resources, SpvExecutionModel model,
                    struct spv_stage_io *io);
/* spv_io_measure on words (a SPIRV-Cross compiler of its own, model's entry point); false where
 * SPIRV-Cross cannot take the words, there is no such entry point, or the measure fails. */
bool spv_io_measure_words(const uint32_t *words, size_t count, SpvExecutionModel model,
                          struct spv_stage_io *io);
/* The number of invocations each of a geometry stage's should become for its vertices, shared
 * out among them (spv_gs_split), so that per_vertex components x vertices fits max_total; io
 * then has the split's vertices and invocations. 0 where it fits already, one vertex alone is
 * over, or the split would pass max_invocations. */
uint32_t spv_gs_split_factor(struct spv_stage_io *io, uint64_t per_vertex, uint32_t max_total,
                             uint32_t max_invocations);

/* A points geometry module whose vertices are shared out among k invocations for each one it
 * had (spv_gs_split.c): OutputVertices becomes ceil(OutputVertices / k), Invocations times k,
 * each emitting its share of the vertices in order; the code reads gl_InvocationID as before.
 * The Vulkan backend's road for a module over maxGeometryTotalOutputComponents only by what
 * the front end adds. Returns new words (free them), or NULL with why the module cannot be
 * split (or "out of memory") in *why. */
uint32_t *spv_gs_split(const uint32_t *words, size_t num_words, uint32_t k, size_t *out_n,
                       const char **why);

/* In a vertex or tessellation evaluation module, each output that holds a 64-bit integer
 * vector (a block: each member that holds one) becomes a Private variable stored whole to the
 * Output at each OpReturn of the entry point (spv_gs_outputs.c): NVIDIA's driver reads such an
 * output wrong when it is stored a component at a time. Returns new words (free them), or NULL:
 * *err NULL when there is nothing to rewrite (*blocked: there is, but the module uses such an
 * output in a way the rewrite cannot follow, or is a tessellation control module, whose outputs
 * the patch's invocations share), else why. */
uint32_t *spv_int64_output_copies(const uint32_t *words, size_t num_words, size_t *out_n,
                                  bool *blocked, const char **err);

/* Each user Input/Output variable holding 64-bit integers (not a vertex module's inputs)
 * crosses as 32-bit words, locations and components kept: a 64-bit scalar a uvec2, a
 * two-component vector a uvec4, a three- or four-component one a uvec4[2], arrays and structures
 * of them alike; the variable a Private copy loaded from its words at the entry point's start
 * (an input) or stored into them before each return or emit (an output) (spv_varying_words.c;
 * NVIDIA's driver reads 64-bit integer three-component varyings wrong). Returns new words (free
 * them), or NULL: *err NULL when there is nothing to rewrite (*blocked: there is, but the module
 * uses or declares it in a way the rewrite cannot follow: a tessellation control module's or a
 * captured output, one passed to a function), else why. */
uint32_t *spv_int64_varying_words(const uint32_t *words, size_t num_words, size_t *out_n,
                                  bool *blocked, const char **err);
/* The same for 64-bit floats (double, dvecN, dmatNxM as an array of its columns' words, arrays
 * and structures of them): NVIDIA's driver reads several double varyings wrong (issue 20). */
uint32_t *spv_fp64_varying_words(const uint32_t *words, size_t num_words, size_t *out_n,
                                 bool *blocked, const char **err);
/* Either (fp64: the double one), with the work it did in *visited (words walked, table entries
 * read): unit.glsl.varying_words holds it within a constant times num_words. */
uint32_t *spv_varying_words_counted(const uint32_t *words, size_t num_words, bool fp64,
                                    size_t *out_n, bool *blocked, const char **err,
                                    uint64_t *visited);

/* In a tessellation or geometry module, each per-vertex Input or Output array of arrays with a
 * Component decoration becomes an array of one-member blocks, the decorations on the member
 * (spv_io_blocks.c; Vulkan takes Component on a scalar, a vector or one array of them). Returns
 * new words (free them), or NULL: *err NULL when there is nothing the pass can rewrite, else
 * why. */
uint32_t *spv_wrap_component_arrays(const uint32_t *words, size_t num_words, size_t *out_n,
                                    const char **err);

/* In a vertex module, each user Input array of scalars, vectors or matrices becomes one Input
 * variable per element at consecutive locations, the array a Private copy the entry point fills
 * first (spv_input_arrays.c; ESSL has no vertex input arrays). Returns new words (free them),
 * or NULL: *err NULL when there is no such array (*blocked: there is, but the module uses or
 * declares it in a way the rewrite cannot follow), else why. */
uint32_t *spv_split_input_arrays(const uint32_t *words, size_t num_words, size_t *out_n,
                                 bool *blocked, const char **err);

/* In a fragment module, each user Input array of structs (an array of interface blocks) that an
 * access chain indexes by a value that is not a constant is read through a Private copy the
 * entry point fills first at constant indices; the Input and its interpolation stay
 * (spv_input_copies.c; NVIDIA's GLES compiler fails on such an index). Returns new words (free
 * them), or NULL: *err NULL when there is no such array (*blocked: there is, but the module uses
 * it in a way the copy cannot take: an interpolateAt* on it, a load of a whole array or element,
 * a chain passed on), else why. */
uint32_t *spv_copy_indexed_inputs(const uint32_t *words, size_t num_words, size_t *out_n,
                                  bool *blocked, const char **err);

/* In a vertex module, each user Input of doubles (a scalar, vector or matrix, or an array of
 * them) reads unsigned integer pairs instead: a column at location L (GL's: one a column of
 * each element) becomes a uvec2 (double)
 * or uvec4 (dvec2) Input at L, a dvec3 / dvec4 one a uvec4 at L and a uvec2 / uvec4 at
 * L + SPV_DOUBLE_HI_LOCATION (past GL's 16 attributes); the variable a Private
 * copy the entry point fills first, bit-cast (spv_double_inputs.c; for devices without 64-bit
 * vertex formats). Returns new words (free them), or NULL: *err NULL when there is no such
 * input (*blocked: there is, but the module uses or declares it in a way the rewrite cannot
 * follow, an array of arrays of doubles among them), else why. */
#define SPV_DOUBLE_HI_LOCATION 16u
uint32_t *spv_lower_double_inputs(const uint32_t *words, size_t num_words, size_t *out_n,
                                  bool *blocked, const char **err);

/* GL_ARB_gl_spirv: each UniformConstant structure holding opaque members (or an array of them)
 * becomes one UniformConstant variable per leaf member, the arrays of structures on its path
 * kept as the leaf variable's outer levels (spv_opaque_structs.c; Vulkan has no opaque type in
 * a structure). Each leaf variable is decorated with the GL location of its first element; the
 * others are where *leaves says. Returns new words (free them, and *leaves), or NULL: *err NULL
 * when there is no such structure, else why. */
#define SPV_OPAQUE_MAX_DIMS 4
struct spv_opaque_leaf {
   uint32_t var;      /* the leaf's variable */
   bool opaque;       /* an image, sampler or sampled image, or an array of one */
   bool has_location; /* the structure's variable has a Location */
   uint32_t location; /* GL's location of the leaf's first element */
   /* the arrays of structures on its path (outermost first): their lengths, and the locations
    * between two consecutive elements of each */
   uint32_t num_outer;
   uint32_t outer_dims[SPV_OPAQUE_MAX_DIMS];
   uint32_t outer_strides[SPV_OPAQUE_MAX_DIMS];
   uint32_t locations; /* the locations of one leaf (its own array's elements) */
};
uint32_t *spv_split_opaque_structs(const uint32_t *words, size_t num_words, size_t *out_n,
                                   struct spv_opaque_leaf **leaves, unsigned *num_leaves,
                                   const char **err);

/* Each access into an array (or array of arrays) of UniformConstant samplers or images at a
 * non-constant index becomes a switch over the array's elements, each case loading its element
 * and doing the image instruction or atomic there, the results joined by an OpPhi
 * (spv_opaque_index.c; for devices without shaderSampledImageArrayDynamicIndexing /
 * shaderStorageImageArrayDynamicIndexing). sampled: arrays of samplers, sampled images and
 * sampled images' images; storage: arrays of storage images. An index past the array takes
 * element 0. Returns new words (free them), or NULL: *err NULL when there is nothing to
 * rewrite, else why the module cannot be rewritten. */
uint32_t *spv_select_opaque_indices(const uint32_t *words, size_t num_words, bool sampled,
                                    bool storage, size_t *out_n, const char **err);

/* Each index of an access chain into a Function, Private or Workgroup array, matrix or vector
 * that is not a constant becomes UMin(index, elements - 1), so no access leaves its composite
 * (spv_local_bounds.c). *clamped gets the indices clamped, *left those into an array whose
 * length the pass does not know (a specialization constant). Returns new words (free them), or
 * NULL: *err NULL when there is nothing to clamp, else why (out of memory). */
uint32_t *spv_clamp_local_indices(const uint32_t *words, size_t num_words, size_t *out_n,
                                  unsigned *clamped, unsigned *left, const char **err);

/* A SPIR-V word stream being rewritten (the passes that re-emit a module: pack, split). oom is
 * sticky: the pass checks it once at the end. */
struct spirv_out {
   uint32_t *w;
   size_t n;
   uint32_t cap;
   bool oom;
};

static inline void
spirv_out_put(struct spirv_out *o, const uint32_t *words, size_t n)
{
   uint32_t *w = n ? mgu_array_grow(o->w, o->n, o->cap, n) : NULL;
   if (w)
      memcpy(w, words, n * sizeof(*words));
   else if (n)
      o->oom = true;
}

/* The rewritten module with its id bound set: its words, now the caller's, and *out_n their
 * count; NULL (the words freed) where the stream ran out of memory. */
static inline uint32_t *
spirv_out_finish(struct spirv_out *o, uint32_t bound, size_t *out_n)
{
   if (o->oom) {
      free(o->w);
      o->w = NULL;
      return NULL;
   }
   o->w[3] = bound;
   *out_n = o->n;
   return o->w;
}

/* Room for more words at o->w + o->n (false, and oom set, when there is none). */
static inline bool
spirv_out_reserve(struct spirv_out *o, size_t more)
{
   if (!o->oom && !mgu_array_reserve(o->w, o->cap, (uint64_t)o->n + more))
      o->oom = true;
   return !o->oom;
}

/* One instruction: op and its nops operands. */
static inline void
spirv_out_emit(struct spirv_out *o, uint32_t op, unsigned nops, const uint32_t *ops)
{
   const uint32_t head = ((nops + 1) << 16) | op;
   spirv_out_put(o, &head, 1);
   spirv_out_put(o, ops, nops);
}

/* A module re-emitted in two parts, for a pass whose new declarations are known only once it
 * has seen the functions: head (the header and declarations) and body (the functions, from the
 * first OpFunction on); out takes head, the new declarations, then body (spirv_parts_join). */
struct spirv_parts {
   struct spirv_out head, body, out;
   bool in_functions;
};

/* The part instruction op goes to. */
static inline struct spirv_out *
spirv_parts_at(struct spirv_parts *s, uint32_t op)
{
   if (op == SpvOpFunction)
      s->in_functions = true;
   return s->in_functions ? &s->body : &s->head;
}

/* out with body appended and the id bound set: its words, now the caller's, and *out_n their
 * count; NULL with *err "out of memory" where any part ran out. */
static inline uint32_t *
spirv_parts_join(struct spirv_parts *s, uint32_t bound, size_t *out_n, const char **err)
{
   spirv_out_put(&s->out, s->body.w, s->body.n);
   if (s->head.oom || s->body.oom || s->out.oom) {
      *err = "out of memory";
      return NULL;
   }
   uint32_t *w = s->out.w;
   w[3] = bound;
   *out_n = s->out.n;
   s->out.w = NULL;
   return w;
}

/* Frees the parts' words (out's unless joined). */
static inline void
spirv_parts_finish(struct spirv_parts *s)
{
   free(s->head.w);
   free(s->body.w);
   free(s->out.w);
}

/* The operands [*first, *last) of instruction it that take a pointer whole: loaded, stored,
 * copied, passed to a function, or the base of OpPtrAccessChain (none for other instructions). */
static inline void
spv_whole_pointer_operands(const struct spv_walk *it, uint32_t *first, uint32_t *last)
{
   *first = *last = 0;
   switch (it->op) {
   case SpvOpLoad:
   case SpvOpCopyObject:
   case SpvOpPtrAccessChain: *first = 2, *last = 3; break;
   case SpvOpStore: *first = 0, *last = 1; break;
   case SpvOpCopyMemory: *first = 0, *last = 2; break;
   case SpvOpFunctionCall: *first = 3, *last = it->nops; break;
   default: break;
   }
   if (*last > it->nops)
      *last = it->nops;
}

/* Where a pass that adds declarations and entry-point code puts them, found by feeding it every
 * instruction in order (spv_places_step): after the last annotation (annot_end: a word offset),
 * before the first function (globals_end), and at the entry point's first instruction after its
 * first block's OpVariables (body_start). 0: not seen. */
struct spv_places {
   size_t annot_end, globals_end, body_start;
   bool in_entry, entry_body;
};

static inline void
spv_places_step(struct spv_places *p, const struct spv_walk *it, uint32_t entry_fn)
{
   if (spv_is_annotation(it->op))
      p->annot_end = it->next;
   if (it->op == SpvOpFunction && it->nops >= 2) {
      if (!p->globals_end)
         p->globals_end = it->pc;
      p->in_entry = it->o[1] == entry_fn;
   }
   if (p->in_entry && it->op == SpvOpLabel && !p->body_start)
      p->entry_body = true;
   else if (p->entry_body && it->op != SpvOpVariable && it->op != SpvOpLine &&
            it->op != SpvOpNoLine) {
      p->body_start = it->pc;
      p->entry_body = false;
   }
}

/* Whether every place was seen. */
static inline bool
spv_places_found(const struct spv_places *p)
{
   return p->annot_end && p->globals_end && p->body_start;
}

/* Where instruction it may take a pointer on (stored, copied, chained, selected, passed to a
 * function): its operands from *from on; false for an instruction that takes none on (a load
 * reads through it). Literals elsewhere may equal an id. */
static inline bool
spv_pointer_taken_from(const struct spv_walk *it, unsigned *from)
{
   switch (it->op) {
   case SpvOpStore:
   case SpvOpCopyMemory: *from = 0; return true;
   case SpvOpAccessChain:
   case SpvOpInBoundsAccessChain:
   case SpvOpPtrAccessChain:
   case SpvOpCopyObject:
   case SpvOpPhi:
   case SpvOpSelect: *from = 2; return true;
   case SpvOpFunctionCall: *from = 3; return true;
   default: return false;
   }
}

/* The pointers a pass follows from some variables it rewrites into Private ones: the variables
 * and the access chains on them (or on such chains), and the pointer types those chains
 * return, to which the pass gives Private twins (private_ptr, its own ids). The pass puts the
 * variables in derived, then feeds every instruction in order (spv_chains_step). */
struct spv_chain_ptr {
   uint32_t ptr, private_ptr, pointee;
};

struct spv_chains {
   uint32_t derived[256];
   unsigned num_derived;
   struct spv_chain_ptr ptrs[64];
   unsigned num_ptrs;
   struct spv_defs *defs; /* the module's definitions, where the pass has them (NULL: walked) */
};

/* Whether id is one of the pointers followed. */
static inline bool
spv_chains_derived(const struct spv_chains *c, uint32_t id)
{
   for (unsigned d = 0; d < c->num_derived; d++)
      if (c->derived[d] == id)
         return true;
   return false;
}

/* The Private twin of a followed chain's pointer type ptr (0 for another). */
static inline uint32_t
spv_chains_twin(const struct spv_chains *c, uint32_t ptr)
{
   for (unsigned m = 0; m < c->num_ptrs; m++)
      if (c->ptrs[m].ptr == ptr)
         return c->ptrs[m].private_ptr;
   return 0;
}

/* Follows instruction it of module w (n words): an access chain on a followed pointer is
 * followed too. False where the pass cannot follow it: a followed pointer taken on otherwise (a
 * call, a copy, a select, OpPtrAccessChain; a store through one where stores_block), or more
 * chains or pointer types than the tables hold (spv_pointer_taken_from; an access chain's
 * indices are values, not pointers). */
static inline bool
spv_chains_step(struct spv_chains *c, const uint32_t *w, size_t n, const struct spv_walk *it,
                bool stores_block)
{
   const bool chain = it->op == SpvOpAccessChain || it->op == SpvOpInBoundsAccessChain;
   unsigned from;
   if (!spv_pointer_taken_from(it, &from) || (it->op == SpvOpStore && !stores_block))
      return true;
   bool base_derived = false, ok = true;
   for (unsigned k = from; k < it->nops; k++) {
      if (!spv_chains_derived(c, it->o[k]))
         continue;
      if (chain && k == 2)
         base_derived = true;
      else if (!(chain && k > 2))
         ok = false;
   }
   if (!base_derived)
      return ok;
   if (c->num_derived == sizeof(c->derived) / sizeof(c->derived[0]))
      return false;
   c->derived[c->num_derived++] = it->o[1];
   unsigned m = 0;
   while (m < c->num_ptrs && c->ptrs[m].ptr != it->o[0])
      m++;
   if (m < c->num_ptrs)
      return ok;
   struct spv_walk p;
   if (m == sizeof(c->ptrs) / sizeof(c->ptrs[0]) ||
       !(c->defs ? spv_defs_find(c->defs, it->o[0], &p) : spv_find_def(w, n, it->o[0], &p)) ||
       p.op != SpvOpTypePointer || p.nops != 3)
      return false;
   c->ptrs[c->num_ptrs++] = (struct spv_chain_ptr){.ptr = it->o[0], .pointee = p.o[2]};
   return ok;
}

/* The twins' ids, from *bound on. */
static inline void
spv_chains_number(struct spv_chains *c, uint64_t *bound)
{
   for (unsigned m = 0; m < c->num_ptrs; m++)
      c->ptrs[m].private_ptr = (uint32_t)(*bound)++;
}

/* The twins' declarations (OpTypePointer Private), where globals go. */
static inline void
spv_chains_emit_twins(const struct spv_chains *c, struct spirv_out *o)
{
   for (unsigned m = 0; m < c->num_ptrs; m++)
      spirv_out_emit(
         o, SpvOpTypePointer, 3,
         (uint32_t[]){c->ptrs[m].private_ptr, SpvStorageClassPrivate, c->ptrs[m].pointee});
}

/* Emits instruction it with its result type the twin where it is a followed access chain (true);
 * false, nothing emitted, for another. */
static inline bool
spv_chains_retype(const struct spv_chains *c, struct spirv_out *o, const struct spv_walk *it)
{
   if ((it->op != SpvOpAccessChain && it->op != SpvOpInBoundsAccessChain) || it->nops < 3 ||
       !spv_chains_derived(c, it->o[1]))
      return false;
   const uint32_t twin = spv_chains_twin(c, it->o[0]);
   spirv_out_put(o, it->w + it->pc, 1);
   spirv_out_put(o, &twin, 1);
   spirv_out_put(o, it->o + 1, it->nops - 1);
   return true;
}

/* Integer constants a pass adds to a module: (type, value, id) each, the ids taken from the
 * pass's bound; the pass emits them as OpConstant where constants go (spv_ids.c). slots: their
 * hash (index + 1, 0: free); probes: the slots read, a pass's work count. */
struct spirv_made_consts {
   uint32_t (*v)[3];
   unsigned n;
   uint32_t cap;
   uint32_t *slots, slots_cap;
   uint64_t seed, probes;
};

/* The id of constant (type, value) among those made, made from *bound at its first use; 0 when
 * out of memory. */
uint32_t spirv_made_const(struct spirv_made_consts *c, uint32_t *bound, uint32_t type,
                          uint32_t value);
void spirv_made_consts_finish(struct spirv_made_consts *c);

#define SPIRV_OUT_EMIT(o, op, ...)                                                                 \
   do {                                                                                            \
      const uint32_t ops_[] = {__VA_ARGS__};                                                       \
      spirv_out_emit((o), (op), sizeof(ops_) / sizeof(ops_[0]), ops_);                             \
   } while (0)

#endif
