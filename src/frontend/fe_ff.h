/* fe_ff.h — the fixed-function state of a compatibility context (matrix stacks, lighting,
 * materials, fog, alpha test, texture environments) and the programs generated from it.
 *
 * A compatibility context holds one struct fe_ff (ctx->ff; NULL in core and ES contexts, which
 * pay nothing). The entry points live in fe_ff_matrix.c (matrix stacks) and fe_ff_state.c (the
 * rest of the state, its creation, enables and queries); fe_ff_program.c turns the state into a key,
 * generates GLSL for each new key, links it once as an internal program and sets its uniforms
 * from the state at the draws that use no program. */
#ifndef MGL_FE_FF_H
#define MGL_FE_FF_H

#include <stdbool.h>
#include <stdint.h>

#include "fe_compat.h"
#include "fe_ff_enums.h"
#include "fe_gl.h"

#define FE_FF_MAX_LIGHTS 8
#define FE_FF_MAX_CLIP_PLANES 8
#define FE_FF_UNITS FE_FF_TEXCOORD_UNITS /* fixed-function texture units (GL_MAX_TEXTURE_UNITS) */
/* Matrix stack depths (Mesa's): GL asks at least 32 for modelview, 2 for the others. */
#define FE_FF_MODELVIEW_DEPTH 32
#define FE_FF_PROJECTION_DEPTH 32
#define FE_FF_TEXTURE_DEPTH 10
#define FE_FF_COLOR_DEPTH 4
/* ARB_vertex_program's program matrices (GL_MATRIX0_ARB + i): GL asks at least 8 matrices
 * (GL_MAX_PROGRAM_MATRICES_ARB) of stack depth 1; Mesa's depth is 4. */
#define FE_FF_PROGRAM_MATRICES 8
#define FE_FF_PROGRAM_DEPTH 4
#define FE_FF_VMAT_SLOTS 3 /* material properties that may vary inside one glBegin/glEnd */

enum fe_ff_stack_id {
   FE_FF_MODELVIEW,
   FE_FF_PROJECTION,
   FE_FF_COLOR,
   FE_FF_TEXTURE0,                                /* + unit */
   FE_FF_PROGRAM0 = FE_FF_TEXTURE0 + FE_FF_UNITS, /* + i: GL_MATRIX0_ARB + i */
   FE_FF_STACK_COUNT = FE_FF_PROGRAM0 + FE_FF_PROGRAM_MATRICES
};

/* One matrix stack: m[depth - 1] is the current matrix (column-major, as GL gives it). */
struct fe_ff_stack {
   float (*m)[16];
   uint32_t depth, max;
   uint64_t version; /* the top matrix changed (a load, multiply, push or pop) */
};

struct fe_ff_light {
   float ambient[4], diffuse[4], specular[4];
   float position[4]; /* eye space: transformed by the modelview matrix at glLight time */
   float spot_dir[3]; /* eye space: transformed by the modelview's upper 3x3 */
   float spot_exponent, spot_cutoff;
   float atten[3]; /* constant, linear, quadratic */
};

struct fe_ff_material {
   float ambient[4], diffuse[4], specular[4], emission[4];
   float shininess;
   float color_indexes[3];
};

/* Texture targets a unit may enable (GL_TEXTURE_1D ..), lowest priority first. */
enum fe_ff_tex_bit {
   FE_FF_TEX_1D = 1u << 0,
   FE_FF_TEX_2D = 1u << 1,
   FE_FF_TEX_RECT = 1u << 2,
   FE_FF_TEX_3D = 1u << 3,
   FE_FF_TEX_CUBE = 1u << 4,
};

/* ARB_texture_env_combine state of one unit: [0] RGB, [1] alpha. */
struct fe_ff_combine {
   GLenum mode[2];
   GLenum source[2][3];
   GLenum operand[2][3];
   float scale[2]; /* GL_RGB_SCALE, GL_ALPHA_SCALE */
};

struct fe_ff_texgen {
   GLenum mode;
   float object_plane[4], eye_plane[4]; /* eye_plane: transformed by the inverse modelview */
};

struct fe_ff_unit {
   uint8_t enabled;        /* fe_ff_tex_bit */
   uint8_t texgen_enabled; /* bit c: GL_TEXTURE_GEN_S + c */
   GLenum env_mode;
   float env_color[4];
   float lod_bias;     /* GL_TEXTURE_FILTER_CONTROL's GL_TEXTURE_LOD_BIAS */
   bool coord_replace; /* GL_POINT_SPRITE's GL_COORD_REPLACE */
   struct fe_ff_combine combine;
   struct fe_ff_texgen gen[4]; /* S, T, R, Q */
};

struct fe_ff_program;
struct fe_arbp_state;

struct fe_ff {
   /* matrix stacks */
   GLenum matrix_mode;
   struct fe_ff_stack stack[FE_FF_STACK_COUNT];
   float storage[FE_FF_MODELVIEW_DEPTH + FE_FF_PROJECTION_DEPTH + FE_FF_COLOR_DEPTH +
                 FE_FF_UNITS * FE_FF_TEXTURE_DEPTH +
                 FE_FF_PROGRAM_MATRICES * FE_FF_PROGRAM_DEPTH][16];

   /* lighting */
   bool lighting;
   uint8_t lights_enabled; /* bit i: GL_LIGHTi */
   struct fe_ff_light light[FE_FF_MAX_LIGHTS];
   float light_model_ambient[4];
   bool local_viewer, two_side;
   GLenum color_control;
   struct fe_ff_material material[2]; /* front, back */
   bool color_material;
   GLenum color_material_face, color_material_mode;
   bool normalize, rescale_normal;
   /* GL_RASTER_POSITION_UNCLIPPED_IBM (IBM_rasterpos_clip): glRasterPos keeps a position
    * outside the view volume's x and y planes valid */
   bool raster_unclipped;
#define FE_GL_RASTER_POSITION_UNCLIPPED_IBM 0x19262

   /* fragment */
   bool fog;
   GLenum fog_mode, fog_coord_src;
   float fog_density, fog_start, fog_end, fog_index, fog_color[4];
   bool alpha_test;
   GLenum alpha_func;
   float alpha_ref;
   GLenum shade_model;
   bool color_sum;
   struct fe_ff_unit unit[FE_FF_UNITS];

   /* glMaterial inside glBegin/glEnd (fe_ff_vmaterial.c): per slot 0x80 | faces << 2 | property
    * (0 emission, 1 ambient, 2 diffuse, 3 specular); 0 unused */
   uint8_t vmat[FE_FF_VMAT_SLOTS];

   /* points (fe_ff_point.c): point_max < 0 is the implementation's largest size */
   bool point_sprite;
   bool point_smooth; /* GL_POINT_SMOOTH: round points (the generated fragment stage) */
   float point_min, point_max, point_atten[3];
   bool draw_points; /* the draw being validated rasterizes points */

   /* polygon stipple (fe_ff_stipple.c): bit x of stipple[y] is window pixel (x, y) mod 32 */
   bool polygon_stipple;
   uint32_t stipple[32];
   bool draw_fills; /* the draw being validated rasterizes filled polygons */

   /* line stipple (fe_ff_stipple.c): kept, queried and pushed; drawing declines it */
   bool line_stipple;
   GLint line_stipple_repeat; /* 1 .. 256 */
   uint16_t line_stipple_pattern;

   /* user clip planes, eye space (glClipPlane) */
   float clip_plane[FE_FF_MAX_CLIP_PLANES][4];

   /* ARB assembly programs (fe_arbp.c): bound programs, enables, env parameters */
   struct fe_arbp_state *arbp;

   /* Bumped by every change of the state above that a generated program reads, always through
    * fe_ff_bump: the next draw with no program re-derives its key and uniforms only when it
    * moved, and a GLSL program's built-in state (GLSL_STATE_COMPAT) is a draw input
    * (fe_tracker.c, DRAW_INPUTS' ff_version). */
   uint64_t version;
   /* Which colours the draw clamps to [0, 1] (fe_clamp_color_applies of glClampColor's
    * settings and the draw framebuffer): bit 0 the vertex stage's, bit 1 the fragment
    * stage's. Kept by every draw (fe_ff_validate, fe_ff_note_program_draw), which moves version
    * when it changes. */
   uint8_t clamp_bits;
   /* The divisor a GLSL fragment shader's gl_PrimitiveID takes (GLSL_STATE_PRIMITIVE_DIVISOR):
    * fe_compat.rewrite_divisor where no geometry or tessellation stage makes the primitives,
    * else 1. Kept by fe_ff_note_program_draw, which moves version when it changes. */
   uint32_t prim_divisor;
   /* the context's draw serial, which every move of version moves (fe_ff_bump) */
   uint64_t *draw_serial;

   /* generated programs (fe_ff_program.c) */
   struct fe_ff_program **programs;
   uint32_t num_programs, cap_programs;
   struct fe_ff_program *current;
   uint64_t validated_version, validated_units; /* version and ctx->unit_version checked */
   uint64_t validated_texture_gen;
   uint64_t validated_sampler_gen; /* a sampler object's GL_CLAMP is in the key */
   uint64_t use_clock;
   uint64_t programs_created; /* programs generated and linked, ever (a steady frame adds none) */
   /* Set for the duration of an internal draw (a pixel rectangle, fe_compat_pixels.c): the
    * program that draw uses instead of the generated one. */
   struct fe_exec *override_exec;
};

/* fe_ff_state.c: the context's fixed-function state at its GL initial values, and its end. */
struct fe_ff *fe_ff_create(uint64_t *draw_serial);

/* The state a generated program or the GLSL built-in state reads changed: its version, and the
 * context's draw serial as a render-state change moves it (fe_draw_bump_value), so the next
 * draw compares ff_version beside render and dynamic state. */
/* A colour state value as the draw uses it: GL 3.0 keeps glAlphaFunc's reference and the
 * texture environment colour as given, clamped to [0, 1] where fragment colours are
 * (GL_ARB_color_buffer_float). */
static inline float
fe_ff_frag_value(const struct fe_ff *ff, float v)
{
   return !(ff->clamp_bits & 2) ? v : v > 1.0f ? 1.0f : v >= 0.0f ? v : 0.0f;
}

static inline void
fe_ff_bump(struct fe_ff *ff)
{
   ff->version++;
   (*ff->draw_serial)++;
}
void fe_ff_destroy(struct fe_context *ctx);

/* fe_ff_matrix.c: every stack at depth 1 holding the identity, GL_MODELVIEW selected. */
void fe_ff_stacks_init(struct fe_ff *ff);
/* fe_ff_program.c: the generated programs let go (context teardown). */
void fe_ff_programs_finish(struct fe_context *ctx);
/* Whether material property pname (GL_EMISSION .. GL_SPECULAR) of face f (0 front, 1 back)
 * follows the current colour (GL_COLOR_MATERIAL). */
bool fe_ff_material_tracks(const struct fe_ff *ff, int f, GLenum pname);

/* fe_ff_vmaterial.c: a glMaterial inside glBegin/glEnd, before the state takes it; glEnd's
 * draw done; the generic slot of vmat[i]. */
void fe_ff_vmat_note(struct fe_context *ctx, GLenum face, GLenum pname, const float *p);
void fe_ff_vmat_end(struct fe_context *ctx);
unsigned fe_ff_vmat_slot(unsigned i);

/* fe_ff_point.c: glPointParameter of the compatibility pnames (false: not one; v holds three
 * values when vector), their glGet (count written, 0: not one), GL_POINT_SIZE_MAX resolved. */
bool fe_ff_point_parameter(struct fe_context *ctx, GLenum pname, const float *v, bool vector);
int fe_ff_point_get(struct fe_context *ctx, GLenum pname, double *out);
float fe_ff_point_max(const struct fe_context *ctx);
/* fe_ff_program.c: whether the fixed-function program of the last validated draw writes the
 * point size itself (glPointSize's is then not forced over it). */
bool fe_ff_writes_point_size(const struct fe_context *ctx);

/* The current matrix of a stack. */
static inline float *
fe_ff_top(struct fe_ff *ff, enum fe_ff_stack_id s)
{
   return ff->stack[s].m[ff->stack[s].depth - 1];
}

/* Column-major 4x4 helpers (fe_ff_matrix.c). */
void fe_ff_mat_mul(float out[16], const float a[16], const float b[16]);
bool fe_ff_mat_invert(float out[16], const float m[16]);
void fe_ff_mat_transform(float out[4], const float m[16], const float v[4]);

/* glEnable/glDisable (on 1/0) or glIsEnabled (on -1) of a fixed-function capability: the state
 * (0/1), or -1 for a cap that is not one (the caller raises GL_INVALID_ENUM). */
int fe_ff_set_enable(struct fe_context *ctx, GLenum cap, int on);

/* glGet* of fixed-function state: how many values were written to out (at most 16), and their
 * kind; 0 for a pname that is not fixed-function state. */
enum fe_ff_value_kind {
   FE_FF_VALUE_FLOAT,
   FE_FF_VALUE_INT,
   FE_FF_VALUE_BOOL,
   FE_FF_VALUE_ENUM,
   FE_FF_VALUE_COLOR, /* glGetIntegerv maps it linearly to the integer range */
};
int fe_ff_get(struct fe_context *ctx, GLenum pname, double out[16], enum fe_ff_value_kind *kind);
int fe_ff_get_matrix(struct fe_context *ctx, GLenum pname, double out[16]);

/* A draw of `mode` with no program bound in a compatibility context: selects (generating on
 * first use) the program for the current state and brings its uniforms up to date. False when
 * the draw must be skipped (a named decline was counted). */
bool fe_ff_validate(struct fe_context *ctx, GLenum mode);
/* A draw under a GLSL program: keeps what its built-in state says of polygon stipple for mode
 * (draw_fills), and declines the fixed-function vertex processing a program without a vertex
 * shader does not get. */
void fe_ff_note_program_draw(struct fe_context *ctx, GLenum mode);
/* How many colour outputs a fixed-function fragment program writes: GL 2.1 §4.2.1 sends the
 * one fragment colour to every enabled draw buffer (gl_FragColor's meaning), so outputs
 * 0 .. the highest draw buffer that is not GL_NONE all get it. */
uint8_t fe_ff_draw_buffer_count(const struct fe_context *ctx);
/* Whether a polygon drawn in GL_LINE or GL_POINT mode can go through the generated outline
 * stage (a geometry stage that takes each triangle of the polygon with its edges marked, finds
 * the facing and culls, and draws the polygon's own edges or vertices): fixed function (or
 * ARB programs) with no GLSL program, where the renderer has a geometry stage. */
bool fe_ff_outline_offered(const struct fe_context *ctx);
/* The outline stage's key (fe_ff_program.c, fe_ff_key.outline): zero outside an outline draw;
 * else [0] 1 + the pass's mgp_polygon_mode; for LINE and POINT [1] the faces it drops (bit 0
 * front, bit 1 back), [2] front faces are clockwise, [3] the rasterizer's provoking vertex is
 * a triangle's last, [4] the stage offsets its lines or points (GL_POLYGON_OFFSET_LINE /
 * _POINT). fe_program.c keys a GLSL program's outline stage by it too. */
#define FE_FF_OUTLINE_KEY 5
void fe_ff_outline_key(const struct fe_context *ctx, uint8_t out[FE_FF_OUTLINE_KEY]);
/* The polygon offset the outline stage applies (factor, units, clamp, r; the viewport's half
 * size, the depth range's scale and centre, clip control's z floor) and, for a stage that takes
 * them as literals, GLSL of them as `ff[0..2]` with find_offset() and offset_z(). */
#define FE_FF_OUTLINE_OFFSET_FLOATS 12
void fe_ff_outline_offset_values(const struct fe_context *ctx,
                                 float v[FE_FF_OUTLINE_OFFSET_FLOATS]);
char *fe_ff_outline_offset_glsl(const float v[FE_FF_OUTLINE_OFFSET_FLOATS]);
/* The generated program fe_ff_validate selected (NULL before the first). */
struct fe_exec *fe_ff_exec(struct fe_context *ctx);

#endif
