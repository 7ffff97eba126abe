/* glsl_internal.h — pieces shared by the files of src/frontend/glsl (not used outside it). */
#ifndef MGL_FRONTEND_GLSL_INTERNAL_H
#define MGL_FRONTEND_GLSL_INTERNAL_H

#include "glsl.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Growing string for info logs. */
struct glsl_str {
   char *s;
   size_t len;
   uint32_t cap;
   bool oom;
};
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void
glsl_str_printf(struct glsl_str *b, const char *fmt, ...);
void glsl_str_append(struct glsl_str *b, const char *s);
/* Hands the string over (never NULL unless out of memory): "" when nothing was written. */
char *glsl_str_take(struct glsl_str *b);
char *glsl_strdup(const char *s);

/* glsl_decl.c: the global declarations of one unit, from the preprocessed GLSL glslang parsed,
 * for what SPIR-V loses: which uniform members were declared bool / bvecN (SPIR-V stores them as
 * uint in a block) and the declaration order of globals (SPIR-V orders variables by first use). */
enum { GLSL_DECL_IN = 1, GLSL_DECL_OUT = 2, GLSL_DECL_UNIFORM = 4, GLSL_DECL_BUFFER = 8 };
struct glsl_decl {
   const char *name, *type; /* into glsl_decls.text; name_len 0: a block without instance name */
   size_t name_len, type_len;
   int body;      /* the struct or block body declared with it; -1 none */
   int scope;     /* the body it is a member of; -1 global */
   unsigned qual; /* GLSL_DECL_* of a global */
   int binding;   /* its layout(binding = N); -1 when it has none */
};
struct glsl_decl_body {
   const char *name; /* struct or block name; name_len 0: an anonymous struct */
   size_t name_len;
   bool is_block;
   int binding; /* a block's layout(binding = N); -1 when it has none */
};
struct glsl_decls {
   char *text;
   struct glsl_decl *decls; /* in declaration order */
   unsigned num_decls, cap_decls;
   struct glsl_decl_body *bodies;
   unsigned num_bodies, cap_bodies;
};
/* The units of one stage, in the order glslang links them. */
struct glsl_decl_stage {
   struct glsl_decls *units;
   unsigned num_units;
};
/* False when out of memory; glsl_decls_finish in any case. */
bool glsl_decls_scan(struct glsl_decls *d, const char *preprocessed);
void glsl_decls_finish(struct glsl_decls *d);
/* Position of the global named `name` in a stage's declaration order; -1 when absent. */
int glsl_decl_order(const struct glsl_decl_stage *stage, const char *name);
/* Whether the member at `path` ("s.bb": member names, no indices) of the uniform block with
 * instance name `scope` ("" for the default block and blocks without instance name) was declared
 * bool / bvecN in any of the stages. */
/* The layout(binding = N) of the interface block named `block` in the first stage that
 * declares it with one; -1 when none does. */
int glsl_decl_block_binding(const struct glsl_decl_stage *stages, unsigned num_stages,
                            const char *block);
/* The layout(binding = N) of the global uniform (an image, a sampler) named `name` in the first
 * stage that declares it with one; -1 when none does. */
int glsl_decl_var_binding(const struct glsl_decl_stage *stages, unsigned num_stages,
                          const char *name);
bool glsl_decl_member_is_bool(const struct glsl_decl_stage *stages, unsigned num_stages,
                              const char *scope, const char *path);

/* glsl_check.c: compile errors glslang does not give, read from one stage's SPIR-V (appends an
 * error per offence; false when there was one). GLSL 1.50 / ESSL 3.00 section 4.3.4: a fragment
 * input that is, or holds, an integer or double is flat (glslang checks plain variables, not
 * block members). GLSL 1.50-3.30 / ESSL 3.00: a uniform block array is indexed only by constant
 * integral expressions (glslang takes any index); the line comes from OpLine when present. */
/* deny: GLSL_DENY_* (double vertex inputs); max_streams: GL_MAX_VERTEX_STREAMS of the context (a
 * geometry unit's streams lie below); emit_streams: check the streams of EmitStreamVertex /
 * EndStreamPrimitive too (else only the layout(stream) qualifiers). */
bool glsl_check_spirv(enum glsl_stage stage, const uint32_t *words, size_t num_words, uint32_t deny,
                      uint32_t max_streams, bool emit_streams, struct glsl_str *log);

/* glsl_const.c: preprocessed text with each array size that calls a constructor or built-in and
 * that evaluates to an integer constant replaced by its value (glslang 12 folds few built-ins),
 * and each unsized array declared with an array constructor as initializer given that size.
 * doubles: the unit may use doubles (GLSL 4.00, or ARB_gpu_shader_fp64 enabled where offered);
 * without it an expression with a double is left to glslang, which refuses it. Returns malloc'd
 * text, NULL when out of memory. */
char *glsl_fold_array_sizes(const char *pp, bool doubles);

/* The GL linker over SPIR-V (glsl_link.c): given each present stage's words as glslang produced
 * them, patches them (bindings, locations, depth, gl_InstanceID) and builds the reflection into
 * prog. Appends GL-style errors to log; false on link failure. */
struct glsl_stage_words {
   uint32_t *words; /* owned by the caller; NULL when the stage is absent */
   size_t num_words;
};
/* init_words[s] (words may be NULL): the stage compiled for OpenGL SPIR-V, only when it declares
 * uniform initializers; the loose uniforms there are OpVariables with constant initializers, which
 * become glsl_program.default_block.initial_data. */
/* Explicit locations the lowering took out of the text (glsl_unit.taken of every unit of a
 * stage): vertex inputs by name, fragment outputs by name with their blend index. */
struct glsl_taken {
   const struct glsl_binding *v;
   unsigned n;
};
/* glsl_link_spirv's flags. GLSL_LINK_VS_ESSL3: the vertex shader is GLSL ES 3.00, whose inputs
 * may not alias (ES 3.0 2.11.5). GLSL_LINK_INVARIANT_OUTPUTS: the program's language (its highest
 * version: GLSL 4.20, ESSL 3.00 on) wants `invariant` on outputs only, so an invariant output
 * meets an input without it (GLSL 4.20 / ESSL 3.00 4.6.1; before, both sides must agree). */
#define GLSL_LINK_VS_ESSL3 (1u << 0)
#define GLSL_LINK_INVARIANT_OUTPUTS (1u << 1)
/* taken[s]: see struct glsl_taken. flags: GLSL_LINK_*. atomic_words (NULL, or words NULL where
 * not given): the stage linked alone, before glslang merged the stages' atomic counter blocks;
 * its counters are the stage's own definitions. */
bool glsl_link_spirv(const struct glsl_link_input *input, const struct glsl_stage_words *stages,
                     const struct glsl_stage_words *init_words,
                     const struct glsl_stage_words *atomic_words,
                     const struct glsl_decl_stage *decl, const struct glsl_taken *taken,
                     uint32_t flags, struct glsl_program *prog, struct glsl_str *log);

/* Whether SPIRV-Tools validates the module for OpenGL 4.5 (glsl_link.c, the one unit that
 * includes libspirv.h: it defines an object). */
bool glsl_validate_gl_module(const uint32_t *words, size_t num_words);
/* SPIRV-Tools' version details (glsl_link.c, for the same reason): the archive linked. */
const char *glsl_spirv_tools_version(void);
/* glLinkProgram of a program of SPIR-V shaders (ARB_gl_spirv, glsl_spirv_gl.c): input->spirv.
 * false: the link failed, and *out (if not NULL) is the caller's to destroy. */
bool glsl_link_gl_spirv(const struct glsl_link_input *input, struct glsl_program **out,
                        char **info_log);

/* Merges the stages' explicit uniform locations (glsl_unit.uniform_locs) into
 * prog->uniform_locations, failing the link where they disagree, overlap or pass
 * GLSL_MAX_UNIFORM_LOCATIONS (glsl_link_uniforms.c). */
bool glsl_link_uniform_locations(struct glsl_program *prog, const struct glsl_taken *locs,
                                 struct glsl_str *log);

const char *glsl_stage_name(enum glsl_stage stage);

/* ── lowering (glsl_lower.c) ───────────────────────────────────────────────────────────────── */

/* App identifiers that are keywords in Vulkan GLSL (texture2D, sampler, ...) and the built-ins we
 * provide get this prefix in the text glslang sees; names read back from SPIR-V go through
 * glsl_demangle. */
#define GLSL_MANGLE "_mgl_id_"
/* A compatibility geometry shader's per-vertex input of a built-in varying (gl_in[i].gl_FrontColor
 * is _mgl_in_gl_FrontColor[i]): it demangles to the name of the vertex stage's output it meets,
 * while the same shader's output keeps GLSL_MANGLE. */
#define GLSL_MANGLE_IN "_mgl_in_"
/* The last vertex stage's copy of the gl_PointSize it wrote, made where the wrapper then writes
 * glPointSize's size instead (GL 3.3 §3.4: a capture still records the shader's): a private
 * global, declared only where glTransformFeedbackVaryings captures gl_PointSize. */
#define GLSL_XFB_POINT_SIZE_NAME "_mgl_xfb_PointSize"
/* A leaf of a uniform structure holding opaque members, hoisted into a variable of its own
 * (glsl_lower.c: Vulkan has no opaque type in a structure): this prefix, then for each name on
 * its path (the variable's first) its length, the name and its array sizes joined by 'x' (0:
 * none), then '_' (s[2][3].si.tex is _mgl_os_1s2x3_2si0_3tex0_). glsl_link_uniforms.c names its
 * elements GL's way. The variable keeps the other members, its type the structure's copy without
 * the opaque ones, named by this prefix and the structure's name. */
#define GLSL_OPAQUE_STRUCT "_mgl_os_"
#define GLSL_OPAQUE_DATA "_mgl_osd_"
/* The constant that sizes a global array declared without a size (glsl_lower.c), then its name. */
#define GLSL_IMPLICIT_SIZE "_mgl_isz_"
const char *glsl_demangle(const char *name);

/* An internal shader of one unit mgl writes itself (glsl_passthrough.c), compiled with the
 * programs' targets and rules (glsl.c). NULL when glslang refuses it. */
uint32_t *glsl_compile_internal(enum glsl_stage stage, const char *source, size_t *num_words);

/* Built-ins provided by the support unit (bits of glsl_unit.helpers): texture1D ... textureCubeLod,
 * shadow1D ... shadow2DProjLod, texture2DRect ... shadow2DRectProj (GLSL_HELPER_INVERSE of them),
 * inverse() for GLSL 1.40, noise1 ... noise4 for desktop GLSL, GL_EXT_texture_array's
 * texture1DArray ... shadow2DArray for GLSL 1.10 / 1.20 units that enable it, and for desktop
 * units that enable theirs GL_ARB_shader_texture_lod's texture1DGradARB ... shadow2DRectProjGradARB
 * and GL_AMD_shader_trinary_minmax's min3, max3 and mid3. */
enum {
   GLSL_HELPER_INVERSE = 26,
   GLSL_HELPER_NOISE1 = 27,
   GLSL_HELPER_ARRAY = 31,
   GLSL_HELPER_GRAD = 38,
   GLSL_HELPER_TRINARY = 53,
   GLSL_HELPER_COUNT = 56
};

/* gl_FragCoord layout qualifiers (glsl_unit.frag_coord_layout). */
enum { GLSL_FRAGCOORD_UPPER_LEFT = 1, GLSL_FRAGCOORD_PIXEL_CENTER_INTEGER = 2 };
/* gl_FragDepth depth layouts (glsl_unit.frag_depth_layout; GL_ARB_conservative_depth) */
enum {
   GLSL_FRAGDEPTH_ANY,
   GLSL_FRAGDEPTH_GREATER,
   GLSL_FRAGDEPTH_LESS,
   GLSL_FRAGDEPTH_UNCHANGED,
   GLSL_FRAGDEPTH_NONE, /* redeclared without a layout */
};

/* One compilation unit (a shader object) as glslang's Vulkan target compiles it. */
/* A token of preprocessed GLSL (glsl_tokenize, glsl_token.c): bytes [at, at + len) of the text;
 * a directive is one token to the end of its line. */
enum glsl_tok_kind { GLSL_TOK_IDENT, GLSL_TOK_NUMBER, GLSL_TOK_PUNCT, GLSL_TOK_DIRECTIVE };
struct glsl_tok {
   uint32_t at, len;
   uint8_t kind;
   int line; /* the app's line number (after #line directives) */
};
/* Splits preprocessed text into a malloc'd token array; false when out of memory. Line numbers
 * follow `#line N` as the unit's version reads it. */
bool glsl_tokenize(const char *p, int version, struct glsl_tok **out, unsigned *out_n);
bool glsl_ident_start(char c);
bool glsl_ident_char(char c);

struct glsl_unit {
   char *text;              /* the lowered source (malloc'd) */
   int version;             /* as the app wrote it (110, ES 100, when it has no #version) */
   bool es;                 /* GLSL ES (1.00 or 3.00) */
   int compile_version;     /* what `text` declares: at least 140 */
   uint64_t helpers;        /* built-ins it calls; their bodies come from the support unit */
   bool depth_range;        /* reads gl_DepthRange: declares the hidden uniform _mgl_DepthRange */
   bool texel_offsets;      /* GLSL ES 3.00 reads gl_Min/MaxProgramTexelOffset: declares ours */
   unsigned frag_outputs;   /* bit 0: writes gl_FragColor, bit 1: gl_FragData */
   unsigned bounding_box;   /* ES TCS: bit 0 gl_BoundingBoxEXT, 1 ..OES, 2 gl_BoundingBox */
   bool alpha_tested;       /* the appended main() applies the alpha test to colour 0 */
   bool frag_coord_used;    /* static use of gl_FragCoord besides its redeclaration */
   int frag_coord_layout;   /* -1: gl_FragCoord not redeclared; else GLSL_FRAGCOORD_* bits */
   int frag_depth_layout;   /* -1: gl_FragDepth not redeclared with a depth layout; else
                             * GLSL_FRAGDEPTH_* (GL_ARB_conservative_depth) */
   bool frag_depth_used;    /* names gl_FragDepth besides such a redeclaration */
   uint32_t blend_support;  /* GLSL_BLEND_SUPPORT_*: its layout(blend_support_*) out qualifiers */
   bool point_coord_used;   /* reads gl_PointCoord: _mgl_PointCoord() of the support unit */
   bool primitive_id_used;  /* a compatibility context's fragment unit reads gl_PrimitiveID:
                             * _mgl_PrimitiveID() of the support unit */
   bool frag_depth_ext;     /* ESSL 1.00 enabled GL_EXT_frag_depth: gl_FragDepthEXT is lowered */
   bool draw_buffers_ext;   /* ESSL 1.00 enabled GL_EXT_draw_buffers: gl_FragData[n], n > 0 */
   bool atomic_counters;    /* a 1.40-3.30 unit enabled GL_ARB_shader_atomic_counters: compiled
                             * as 4.20, whose atomic adds glslang's relaxed rules use for them */
   bool atomic_counter_ops; /* a unit enabled GL_ARB_shader_atomic_counter_ops: its ARB-suffixed
                             * built-ins are macros over the buffer atomics (glsl_lower.c) */
   bool draw_instanced_ext; /* GL_EXT_draw_instanced (ESSL 1.00) or GL_ARB_draw_instanced
                             * (desktop) enabled: gl_InstanceIDEXT / gl_InstanceIDARB */
   uint64_t compat_need;    /* compatibility built-ins it uses (glsl_compat_prologue) */
   bool clip_distance;      /* names gl_ClipDistance (with gl_ClipVertex: a link error) */
   /* gl_PerVertex members (bit 0 gl_Position, 1 gl_PointSize, 2 gl_ClipDistance, 3
    * gl_CullDistance) it names as outputs (gl_Position, gl_out[i].gl_Position) and as inputs
    * (gl_in[i].gl_Position) outside a redeclaration, and whether it redeclares the output and
    * input gl_PerVertex blocks (ARB_separate_shader_objects' rule, glsl.c) */
   uint8_t pervertex_out_uses, pervertex_in_uses;
   bool pervertex_out_redeclared, pervertex_in_redeclared;
   bool main_renamed; /* the last vertex stage (a vertex shader linked without a geometry
                           * shader, or a geometry shader that emits points): its main()
                           * became _mgl_main(), called by a main() appended to the unit
                           * that writes the point size (_mgl_PointSize on desktop, 1 on ES);
                           * a compatibility fragment shader: the appended main() applies
                           * polygon stipple first */
   bool emit_renamed; /* that geometry shader's EmitVertex() calls became
                           * _mgl_EmitVertex(), appended too: writes the size, then emits */
   /* layouts taken out of the text, their names (malloc'd), explicit locations and indices:
    * vertex inputs whose layout(location) another input of the unit shares (glslang refuses
    * aliasing); fragment outputs with layout(location, index) before GLSL 1.50 (glslang takes
    * `index` only from 1.50 on, GL_ARB_blend_func_extended from 1.30) */
   struct glsl_binding *taken;
   unsigned num_taken, cap_taken;
   /* default-block uniforms whose layout(location) was taken out of the text: their names
    * (malloc'd) and locations (GLSL 4.30, ARB_explicit_uniform_location; index: the array size declared, else 1) */
   struct glsl_binding *uniform_locs;
   unsigned num_uniform_locs, cap_uniform_locs;
   int tcs_vertices; /* tessellation control: what its `layout(vertices = N) out;` says; 0
                       * when it declares none */
   /* compute: the unit names a local size (local_size_x/y/z, local_size_variable), which
    * one unit of the stage must (GL 4.6 7.3 via GLSL 4.60 4.4.1.4: else a link error) */
   bool local_size_named;
   /* a storage block's unsized array member is not its last member (a link error) */
   bool storage_unsized_not_last;
   /* global arrays declared without a size (glsl_lower.c): their names (malloc'd), the
    * largest constant index the unit uses with each plus one (location; 0: none) and whether
    * the unit sized the declaration (index 1: it takes length()); the stage's link declares
    * GLSL_IMPLICIT_SIZE and the name, their size, in the units that did */
   struct glsl_binding *implicit_sizes;
   unsigned num_implicit_sizes, cap_implicit_sizes;
   int gs_input_size; /* geometry: vertices of the input primitive its `layout(...) in;`
                           * declares; 0 when it declares none */
   struct glsl_subroutine_stage subroutines; /* its subroutines (glsl_subroutine.c) */
};

/* ── compatibility-profile built-ins (glsl_compat.c) ─────────────────────────────────────────── */

/* How one token is rewritten: prefix + with replaces it; need says what the unit's prologue must
 * then declare (glsl_compat_prologue); varying: a built-in varying (a global redeclaration of it
 * is taken out: the prologue declares it). */
struct glsl_compat_edit {
   const char *prefix, *with;
   uint64_t need;
   bool varying;
   const char *member; /* glsl_compat_lower_gs_input: the member's new name (NULL: it goes) */
};
/* Whether the identifier s[0 .. len) is a compatibility built-in of this stage (then *out says
 * how to rewrite it). */
bool glsl_compat_lower_token(enum glsl_stage stage, const char *s, size_t len,
                             struct glsl_compat_edit *out);
/* The declarations a unit needs (the OR of its edits' need bits). */
/* provided: for a fragment unit, the need bits of the vertex stage that feeds it (~0 when
 * unknown): the built-in varyings it writes. */
void glsl_compat_prologue(enum glsl_stage stage, uint64_t need, uint64_t provided,
                          struct glsl_str *head);
/* User clip planes of a compatibility context's last vertex stage (GL_MAX_CLIP_PLANES). */
#define GLSL_COMPAT_CLIP_PLANES 8
/* What a unit that appends glsl_compat_clip_epilogue or glsl_compat_stipple_prologue must
 * declare (or into its need bits): the built-in state. */
uint64_t glsl_compat_state_need(void);
/* The statements of a compatibility fragment shader's appended main() that discard what
 * polygon stipple removes, before the app's main() runs. */
void glsl_compat_stipple_prologue(struct glsl_str *out);
/* The alpha test on colour 0 (an expression of vec4 type), after the fragment shader's main. */
void glsl_compat_alpha_epilogue(struct glsl_str *out, const char *color0);
/* Whether a vertex or geometry unit writes a built-in colour varying; the clamps of those it
 * writes under _mgl_Compat.ClampVertex (the last vertex stage's main() or EmitVertex()
 * wrapper), and of gl_FragColor (frag_outputs bit 0) and gl_FragData[] (bit 1) under
 * _mgl_Compat.ClampFragment (a fragment unit's main() wrapper). */
bool glsl_compat_writes_colors(uint64_t need);
void glsl_compat_vertex_clamp_epilogue(uint64_t need, struct glsl_str *out);
void glsl_compat_fragment_clamp_epilogue(struct glsl_str *out, unsigned frag_outputs);

/* Whether a unit of these need bits writes gl_ClipVertex. */
bool glsl_compat_writes_clip_vertex(uint64_t need);
/* The statements of the last vertex stage's appended main() that clip against the user clip
 * planes: gl_ClipDistance[i] from gl_ClipVertex when the unit writes it, else gl_Position. */
void glsl_compat_clip_epilogue(uint64_t need, struct glsl_str *out);
/* Whether name is a built-in varying (gl_FrontColor ... gl_TexCoord, gl_FogFragCoord,
 * gl_ClipVertex), which a fragment or geometry shader may read without the stage before writing
 * it (its value is undefined). */
bool glsl_compat_is_varying(const char *name);
/* A geometry shader's gl_in[e].<name> (name the member after the '.'): true for the built-in
 * varyings and gl_ClipVertex, with the edit of the `gl_in` token and of the member. */
bool glsl_compat_lower_gs_input(const char *s, size_t len, struct glsl_compat_edit *out);
/* A tessellation control shader's gl_out[e].<name>: true for the built-in varyings but
 * gl_TexCoord, and gl_ClipVertex, with the edit of the `gl_out` token (the member goes): an
 * output array of its own, per vertex (_mgl_id_<name>[e]). */
bool glsl_compat_lower_tcs_output(const char *s, size_t len, struct glsl_compat_edit *out);
/* The provided bits of a vertex unit whose outputs a geometry shader reads through gl_in[]
 * (a link with one; glsl_compat_prologue's provided means nothing else for a vertex unit). */
uint64_t glsl_compat_gs_follows(void);
/* An edit of glsl_compat_lower_token in a vertex unit of those provided bits: gl_TexCoord[] is
 * written into a block (an array per vertex needs one in GLSL 1.50) and gl_ClipVertex is an
 * output; other units' edits stay. */
void glsl_compat_feed_gs(uint64_t provided, struct glsl_compat_edit *e);

/* `\` + newline splicing (GLSL 1.30+), keeping line numbers. malloc'd; NULL when out of memory. */
char *glsl_splice_lines(const char *src);
/* glslang expands __VERSION__ but does not count it as defined: `defined __VERSION__` in #if and
 * #elif becomes 1, #ifdef / #ifndef __VERSION__ become #if 1 / #if 0 (GLSL 3.3: a predefined
 * macro, as in Mesa). Lines are kept. malloc'd; NULL when out of memory. */
char *glsl_define_version_macro(const char *src);
/* The same, and where undef_fp64 (a context without doubles) GL_ARB_gpu_shader_fp64, which
 * glslang predefines and may not be #undef'd, reads as not defined in #ifdef, #ifndef, #if and
 * #elif (`defined` and the bare name). */
char *glsl_decide_macros(const char *src, bool undef_fp64);
/* Source before the GL preprocessor, which refuses to `require` an extension glslang does not
 * know: `#extension <name> : require` becomes `: enable` in place (same length, so lines and
 * columns keep); glsl_lower_preprocessed takes the directive out. For what mgl implements
 * without glslang: GL_EXT_draw_buffers (ESSL 1.00), GL_ARB_blend_func_extended (desktop). */
void glsl_require_to_enable(char *src, const char *name);
/* The OpenGL ES extensions glslang knows in GLSL ES 3.00+ (it predefines their macros and takes
 * their #extension) that an mgl ES context does not offer, NULL-terminated (glsl_es_withheld:
 * whether one is, given the context's GLSL_DENY_*): glsl.c hides the macros and
 * glsl_lower.c judges the directives as an extension the implementation lacks. */
extern const char *const glsl_es_withheld_extensions[];
bool glsl_es_withheld(const char *name, size_t len, uint32_t deny);
/* Lowers one unit from its preprocessed text (GL-mode preprocessor output of a spliced source
 * whose #version said `version` and `profile`). False with a message in log when the unit is not
 * valid GLSL in a way only this step sees. */
/* point_size: the unit belongs to the last vertex stage (main_renamed below); xfb_point_size:
 * glTransformFeedbackVaryings captures gl_PointSize (GLSL_XFB_POINT_SIZE_NAME). deny: the
 * GLSL_DENY_* of the context (GLSL_DENY_GPU_SHADER5: its #extension directives are judged here). */
/* compat_provided: see glsl_compat_prologue. compat: a compatibility context's unit (its built-ins are lowered where its version has
 * them: GLSL 1.10-1.30, 1.40 with GL_ARB_compatibility, 1.50+ `compatibility`). */
bool glsl_lower_preprocessed(enum glsl_stage stage, const char *pp, int version,
                             const char *profile, bool compat, uint64_t compat_provided,
                             bool point_size, bool xfb_point_size, uint32_t deny,
                             struct glsl_unit *u, struct glsl_str *log);
void glsl_unit_finish(struct glsl_unit *u);

/* Lowers the atomic_uint function parameters of one preprocessed unit (glsl_atomic_arg.c): *out
 * gets the malloc'd text, NULL when the unit has none. False with an error in log for a form it
 * refuses (or out of memory). */
bool glsl_lower_atomic_args(const char *pp, int version, struct glsl_str *log, char **out);

/* ── subroutines (glsl_subroutine.c) ─────────────────────────────────────────────────────────── */

/* Lowers the subroutines of one preprocessed unit (see glsl_subroutine.c): *out gets the
 * malloc'd lowered text, NULL when the unit has nothing to lower; info what it declares. False
 * with a message in log for a unit that is not valid (or out of memory). */
bool glsl_lower_subroutines(enum glsl_stage stage, const char *pp, int version,
                            struct glsl_subroutine_stage *info, struct glsl_str *log, char **out);
void glsl_subroutine_stage_finish(struct glsl_subroutine_stage *s);
/* At the link, once the hidden uniforms' use is known: drops the inactive subroutine uniforms
 * and assigns the locations of the others (explicit ones first). False with a link error. */
bool glsl_subroutine_link(struct glsl_subroutine_stage *s, const char *stage_name,
                          struct glsl_str *log);
/* The stage's support unit: the bodies of `helpers` and of _mgl_FragCoord() for a program-wide
 * gl_FragCoord layout (GLSL_FRAGCOORD_* bits; <= 0: none), _mgl_PointCoord() and
 * _mgl_PrimitiveID() where a unit reads gl_PointCoord or (lowered) gl_PrimitiveID. NULL when
 * there is nothing to define (or out of memory). */
char *glsl_support_unit(enum glsl_stage stage, uint64_t helpers, int frag_coord_layout,
                        bool point_coord, bool primitive_id);

#endif
