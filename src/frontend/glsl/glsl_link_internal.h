/* glsl_link_internal.h — what the files of the GL linker share (glsl_link.c runs the phases):
 * the link state, its small helpers, the GL type tables' lookups (glsl_link_types.c) and each
 * phase: uniforms, blocks and samplers (glsl_link_uniforms.c), vertex inputs, fragment outputs,
 * varyings and the geometry layout (glsl_link_io.c), transform feedback (glsl_link_xfb.c). */
#ifndef MGL_FRONTEND_GLSL_GLSL_LINK_INTERNAL_H
#define MGL_FRONTEND_GLSL_GLSL_LINK_INTERNAL_H

#include "array.h"
#include "glsl_internal.h"
#include "spv.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* GL types of SPIR-V types (glsl_link_types.c). */
char glsl_link_component(const struct spv_refl *r, spv_tref type, bool as_bool);
uint32_t glsl_link_gl_type(const struct spv_refl *r, spv_tref type, bool as_bool);
uint32_t glsl_link_gl_sampler(const struct spv_refl *r, spv_tref type);
uint32_t glsl_link_gl_image(const struct spv_refl *r, spv_tref type);
void glsl_link_type_name(const struct spv_refl *r, spv_tref type, char *buf, size_t size);
bool glsl_link_types_equal(const struct spv_refl *ra, spv_tref a, const struct spv_refl *rb,
                           spv_tref b);

/* A resource variable that glsl_link_flatten_aoa made one-dimensional: its GL shape. */
#define GLSL_AOA_MAX_DIMS 8
struct glsl_aoa {
   uint32_t var;
   uint32_t ndims; /* >= 2 */
   uint32_t dims[GLSL_AOA_MAX_DIMS];
};

/* ── link state ────────────────────────────────────────────────────────────────────────────── */

struct stage {
   bool present;
   const uint32_t *w;
   size_t n;
   uint32_t *owned;    /* w when pack_varyings rewrote the caller's words */
   struct spv_refl *r; /* its reflection */
   struct spv_deco_override *decos;
   unsigned num_decos, cap_decos;
   struct spv_var_alias *aliases;
   unsigned num_aliases, cap_aliases;
   uint32_t default_var;
   spv_tref default_type;
   unsigned used_blocks, used_samplers, used_storage,
      used_images;       /* elements, for the per-stage limits */
   struct glsl_aoa *aoa; /* the variables glsl_link_flatten_aoa flattened */
   unsigned num_aoa, cap_aoa;
};

struct link {
   const struct glsl_link_input *in;
   const struct glsl_taken *taken; /* [GLSL_STAGE_COUNT], see glsl_link_spirv */
   bool vs_essl3;                  /* see glsl_link_spirv */
   bool invariant_outputs;         /* GLSL_LINK_INVARIANT_OUTPUTS */
   const struct glsl_stage_words *init_words;
   const struct glsl_stage_words *atomic_words; /* see glsl_link_spirv; may be NULL */
   const struct glsl_decl_stage *decl;          /* [GLSL_STAGE_COUNT] */
   struct stage st[GLSL_STAGE_COUNT];
   struct glsl_program *prog;
   struct glsl_str *log;
   bool failed;
   uint32_t next_unused_binding;
   uint32_t out_loc_end[GLSL_STAGE_COUNT]; /* one past the output locations a stage uses */
   /* transform feedback of the last vertex-processing stage (link_xfb) */
   int xfb_stage;
   struct spv_xfb_deco *xfb;
   unsigned num_xfb, cap_xfb;
   struct spv_xfb_copy *xfb_copies;
   unsigned num_xfb_copies, cap_xfb_copies;
   unsigned cap_uniforms, cap_blocks, cap_storage, cap_images, cap_members, cap_buffer_vars,
      cap_samplers, cap_inputs, cap_outputs, cap_atomic_buffers, cap_atomic_counters,
      cap_depth_modes;
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static inline void
link_error(struct link *l, const char *fmt, ...)
{
   char buf[512];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(buf, sizeof(buf), fmt, ap);
   va_end(ap);
   glsl_str_printf(l->log, "error: %s\n", buf);
   l->failed = true;
}

/* Room for one more element of arr (count n, capacity cap); a link error when there is none. */
#define GROW(l, arr, n, cap)                                                                       \
   (mgu_array_reserve(arr, cap, (uint64_t)(n) + 1) || (link_error((l), "out of memory"), false))

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static inline char *
strfmt(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(NULL, 0, fmt, ap);
   va_end(ap);
   if (n < 0)
      return NULL;
   char *s = malloc((size_t)n + 1);
   if (!s)
      return NULL;
   va_start(ap, fmt);
   vsnprintf(s, (size_t)n + 1, fmt, ap);
   va_end(ap);
   return s;
}

static inline void
add_deco(struct link *l, struct stage *st, uint32_t id, enum spv_deco_kind kind, uint32_t value)
{
   if (!GROW(l, st->decos, st->num_decos, st->cap_decos))
      return;
   st->decos[st->num_decos++] = (struct spv_deco_override){id, kind, value};
}

static inline void
set_binding(struct link *l, struct stage *st, uint32_t var, uint32_t binding)
{
   add_deco(l, st, var, SPV_SET_DESCRIPTOR_SET, GLSL_DESCRIPTOR_SET);
   add_deco(l, st, var, SPV_SET_BINDING, binding);
}

static inline struct spv_tinfo
type_info(const struct spv_refl *r, spv_tref t)
{
   struct spv_tinfo ti;
   spv_refl_type(r, t, &ti);
   return ti;
}

static inline struct spv_tmember
member_info(const struct spv_refl *r, spv_tref t, uint32_t k)
{
   struct spv_tmember mb;
   spv_refl_member(r, t, k, &mb);
   return mb;
}

static inline uint32_t
round16(uint32_t x)
{
   return (x + 15u) & ~15u;
}

/* ── uniform leaves (default block and block members) ─────────────────────────────────────── */

/* Arrays of arrays of opaque types and of blocks in stage s become one-dimensional arrays
 * (glsl_link_aoa.c), before its reflection is made; the GL shape of each goes to st->aoa. */
void glsl_link_flatten_aoa(struct link *l, int s);
/* The GL shape of a flattened variable of stage st; NULL for another. */
const struct glsl_aoa *glsl_link_aoa_of(const struct stage *st, uint32_t var);

/* The phases (glsl_link_spirv runs them in this order). */
void glsl_link_pack_varyings(struct link *l);
void glsl_link_default_block(struct link *l);
void glsl_link_blocks(struct link *l);
void glsl_link_samplers(struct link *l);
void glsl_link_geometry_layout(struct link *l);
/* The tessellation stages' layout (glsl_program.tess) and GL 4.6 7.3's rules on it. */
void glsl_link_tess_layout(struct link *l);
/* Whether variable `var` of stage s (storage class sc) has an outer array of one element per
 * vertex (geometry inputs; tessellation inputs and control outputs that are not `patch`), which
 * interface matching and location counting strip. */
bool glsl_link_per_vertex_array(const struct link *l, int s, uint32_t sc, uint32_t var);
/* The compute stage's local size (glsl_program.local_size). */
void glsl_link_compute(struct link *l);
/* Images of every stage (glsl_program.images). */
void glsl_link_images(struct link *l);
/* The initial binding point (a block) or unit (a sampler, an image) of the resource the linker
 * names key: its layout(binding) in the declarations, or in a SPIR-V program the Binding its
 * name carries (glsl_spirv_gl.c); -1 when it has none. */
int glsl_link_gl_binding(const struct link *l, const char *key, bool block);
/* Shader storage blocks of every stage (glsl_program.storage_blocks). */
void glsl_link_storage_blocks(struct link *l);
/* Atomic counter buffers of every stage (glsl_program.atomic_buffers), after the storage blocks
 * (their descriptors follow those). */
void glsl_link_atomic_counters(struct link *l);
/* The GL binding point of glslang's block for the atomic counters of one (its name
 * gl_AtomicCounterBlock_N), -1 for another name. */
int glsl_atomic_block_binding(const char *block_name);
void glsl_link_vertex_inputs(struct link *l);
void glsl_link_fragment_outputs(struct link *l);
void glsl_link_varyings(struct link *l, int prod, int cons);
void glsl_link_xfb(struct link *l);
bool glsl_link_declares_xfb(const struct link *l, int s);
/* Whether a geometry stage's words name a vertex stream past 0 (a Stream decoration, or
 * OpEmitStreamVertex / OpEndStreamPrimitive of another stream). */
bool glsl_link_uses_streams(const struct stage *st);
/* ARB_gpu_shader5's link rules of a geometry stage that uses streams past 0: its output
 * primitive is points, and no fragment input reads an output of a stream past 0. */
void glsl_link_streams(struct link *l);

#endif
