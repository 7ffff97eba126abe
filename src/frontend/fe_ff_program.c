/* fe_ff_program.c — fixed-function processing as generated programs. A draw with no program
 * in a compatibility context reduces the fixed-function state to a key (only what changes the
 * code: which lights, which texture targets and environments, fog mode, alpha function, ...),
 * generates GLSL for a key it has not seen, links it once through the front end's GLSL path as
 * an internal program (no GL name) and keeps it per key. Values (matrices, colours, planes)
 * live in one uniform array, ff[], whose slots the generator assigns per key; they are
 * re-derived only when the state moved (ff->version) and re-sent only when their bytes did. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "fe_arbp.h"
#include "fe_compat_vertex.h"
#include "fe_ff.h"
#include "fe_format.h"
#include "fe_sb.h"
#include "glsl.h"
#include "hash.h"
#include "log.h"

#define FE_FF_MAX_PROGRAMS 256 /* kept per context; the least recently used goes beyond */

enum ff_tex_format { TEXF_RGBA, TEXF_NO_ALPHA, TEXF_ALPHA, TEXF_INTENSITY };

/* Only state that changes the generated code; zeroed whole, so equal keys compare equal. */
struct fe_ff_key {
   uint8_t lights; /* lighting on: bit i light i enabled (0: lighting off) */
   uint8_t lighting;
   uint8_t light_local;    /* bit i: positional light (w != 0) */
   uint8_t light_spot;     /* bit i: spot cutoff other than 180 */
   uint8_t color_material; /* bits 0-3 front emission/ambient/diffuse/specular, 4-7 back */
   uint8_t two_side, local_viewer, separate_specular, normalize, rescale;
   uint8_t flat, color_sum;
   uint8_t fog;        /* 0 off, 1 linear, 2 exp, 3 exp2 */
   uint8_t fog_coord;  /* the fog coordinate attribute, not the eye distance */
   uint8_t alpha_func; /* 0 no test, else func - GL_NEVER + 1 */
   uint8_t clip_planes;
   uint8_t stipple;      /* filled polygons with GL_POLYGON_STIPPLE on */
   uint8_t points;       /* a point draw: the next three apply */
   uint8_t point_size;   /* the derived size (attenuation, clamps, fade) is computed */
   uint8_t point_fade;   /* faded below the threshold (multisampling) */
   uint8_t sprite;       /* bit u: unit u's coordinates are gl_PointCoord (GL_COORD_REPLACE) */
   uint8_t point_smooth; /* GL_POINT_SMOOTH: 1 alpha takes the pixel's coverage of a disc; 2
                          * (multisampling) the samples outside the disc are discarded */
   uint8_t vmat[FE_FF_VMAT_SLOTS]; /* per-vertex material properties (fe_ff_vmaterial.c) */
   uint8_t draw_buffers;           /* colour outputs: the highest enabled draw buffer + 1 */
   uint8_t units;                  /* bit u: unit u textures (a fragment program: reads) */
   uint8_t vp_two_side;            /* a vertex program with GL_VERTEX_PROGRAM_TWO_SIDE */
   uint8_t vp_point_size; /* a vertex program's result.pointsize, GL_PROGRAM_POINT_SIZE on */
   uint8_t fog_varying;   /* a fragment program reads the fog coordinate (fragment.fogcoord) */
   uint8_t clamp;         /* fe_ff.clamp_bits: vertex (bit 0), fragment (bit 1) colours clamped */
   uint32_t vp, fp;       /* the ARB programs in use (their serials; 0: fixed function) */
   /* the polygon rewrite's triangles with adjacency through the generated outline stage
    * (gen_geometry; zero: no such stage): [0] 1 + the pass's mgp_polygon_mode; for LINE and
    * POINT [1] the faces it drops (bit 0 front, bit 1 back), [2] front faces are clockwise,
    * [3] the rasterizer's provoking vertex is a triangle's last, [4] the stage offsets the
    * depth of its lines or points (GL_POLYGON_OFFSET_LINE / _POINT) (fe_ff_outline_key) */
   uint8_t outline[FE_FF_OUTLINE_KEY];
   struct {
      uint8_t target; /* enum fe_tex_target */
      uint8_t format; /* enum ff_tex_format */
      uint8_t mode;   /* env mode index (env_modes) */
      uint8_t texgen; /* bit c: coordinate c generated */
      uint8_t clamp;  /* bit c: coordinate c wraps GL_CLAMP through the border: clamped first */
      uint8_t shadow; /* a depth texture compared (ARB_shadow): 1 + GL_DEPTH_TEXTURE_MODE as
                       * 0 RED, 1 LUMINANCE, 2 INTENSITY, 3 ALPHA; 0: no comparison */
      uint8_t gen_mode[4];
      uint8_t combine_mode[2];
      uint8_t combine_src[2][3];
      uint8_t combine_op[2][3];
   } unit[FE_FF_UNITS];
};

/* Where each value lives in ff[] (slot index; -1: the program does not read it). */
struct fe_ff_layout {
   int mvp, mv, normal, lm_ambient;
   int material[2];             /* ambient, diffuse, specular, emission, (shininess) : 5 slots */
   int light[FE_FF_MAX_LIGHTS]; /* ambient, diffuse, specular, position, spot, atten: 6 */
   int clip[FE_FF_MAX_CLIP_PLANES];
   int tex_matrix[FE_FF_UNITS];
   int texgen[FE_FF_UNITS][4]; /* the plane of the coordinate's mode */
   int env_color[FE_FF_UNITS], env_scale[FE_FF_UNITS];
   int fog_color, fog_params, alpha_ref;
   int point;   /* 2 slots: size, min, max, fade threshold; attenuation a, b, c */
   int stipple; /* 16 slots: the pattern as 16-bit halves, row y at [2y], [2y + 1] */
   int offset;  /* 3 slots: polygon offset factor, units, clamp, r (0: a float depth buffer);
                 * half the viewport's width and height, the depth range's scale and bias (clip z
                 * to window z); the clip volume's near z over w, -1 or 0 (gen_offset) */
   int slots;
};

struct fe_ff_program {
   struct fe_ff_key key;
   struct fe_arbp_prog *arbp[FE_ARBP_TARGETS]; /* the programs key.vp and key.fp name */
   int arbp_base[FE_ARBP_TARGETS];             /* their parameters' first slot in ff[] */
   bool unversioned; /* reads state the fixed-function version does not follow */
   uint64_t hash;
   struct fe_ff_layout layout;
   struct fe_exec *exec;
   uint32_t ff_offset; /* of ff[0] in the default block; UINT32_MAX: not active */
   uint32_t ff_size;   /* bytes of ff[] the block holds */
   uint64_t last_use;
};

static const GLenum env_modes[] = {GL_MODULATE, GL_REPLACE, GL_DECAL, GL_BLEND, GL_ADD, GL_COMBINE};
static const GLenum combine_modes[] = {GL_REPLACE,     GL_MODULATE, GL_ADD,      GL_ADD_SIGNED,
                                       GL_INTERPOLATE, GL_SUBTRACT, GL_DOT3_RGB, GL_DOT3_RGBA};
static const GLenum combine_ops[] = {GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR, GL_SRC_ALPHA,
                                     GL_ONE_MINUS_SRC_ALPHA};
static const GLenum texgen_modes[] = {GL_OBJECT_LINEAR, GL_EYE_LINEAR, GL_SPHERE_MAP,
                                      GL_REFLECTION_MAP, GL_NORMAL_MAP};

static uint8_t
index_of(const GLenum *list, unsigned n, GLenum v)
{
   for (unsigned i = 0; i < n; i++)
      if (list[i] == v)
         return (uint8_t)i;
   return 0;
}
#define INDEX_OF(list, v) index_of(list, sizeof(list) / sizeof(list[0]), v)

/* combine sources: 0 texture, 1 constant, 2 primary colour, 3 previous, 4 + n GL_TEXTUREn */
static uint8_t
combine_source(GLenum s)
{
   switch (s) {
   case GL_TEXTURE: return 0;
   case GL_CONSTANT: return 1;
   case GL_PRIMARY_COLOR: return 2;
   case GL_PREVIOUS: return 3;
   default: return (uint8_t)(4 + (s - GL_TEXTURE0));
   }
}

/* ---- the key ------------------------------------------------------------------------------- */

static enum ff_tex_format
tex_format(const struct fe_texture *tex, unsigned level)
{
   const struct fe_format_info *fi = fe_format_lookup(tex->image[0][level].internal_format);
   const GLenum base = fi ? fi->base : tex->image[0][level].internal_format;
   switch (base) {
   case GL_ALPHA: return TEXF_ALPHA;
   case GL_INTENSITY: return TEXF_INTENSITY;
   case GL_RGBA:
   case GL_LUMINANCE_ALPHA: return TEXF_RGBA;
   case GL_DEPTH_COMPONENT:
   case GL_DEPTH_STENCIL:
      /* the base format GL_DEPTH_TEXTURE_MODE names (fe_tex_params.c swizzles the texel so) */
      return tex->params.depth_mode == GL_ALPHA       ? TEXF_ALPHA
             : tex->params.depth_mode == GL_INTENSITY ? TEXF_INTENSITY
                                                      : TEXF_NO_ALPHA;
   default: return TEXF_NO_ALPHA; /* RED, RG, RGB, LUMINANCE */
   }
}

/* The target a unit textures with (GL 2.1 §3.8.15: cube over 3D over 2D over 1D), when the
 * texture bound there is complete; false: the unit is as if disabled. */
/* GL 2.1 §3.8.14: a depth texture with GL_TEXTURE_COMPARE_MODE on samples the comparison,
 * expanded as its GL_DEPTH_TEXTURE_MODE says (the key's shadow); 1D, 2D and rectangles (a
 * cube map compares only in GLSL: not done here). */
static uint8_t
unit_shadow(const struct fe_texture *tex, const struct fe_tex_params *sp, unsigned level,
            enum fe_tex_target t)
{
   const struct fe_format_info *fi = fe_format_lookup(tex->image[0][level].internal_format);
   if (sp->compare_mode == GL_NONE || !fi ||
       (fi->base != GL_DEPTH_COMPONENT && fi->base != GL_DEPTH_STENCIL) ||
       (t != FE_TEX_1D && t != FE_TEX_2D && t != FE_TEX_RECT))
      return 0;
   const GLenum m = tex->params.depth_mode;
   return m == GL_LUMINANCE ? 2 : m == GL_INTENSITY ? 3 : m == GL_ALPHA ? 4 : 1;
}

static bool
unit_texture(struct fe_context *ctx, unsigned u, enum fe_tex_target *target,
             enum ff_tex_format *format, uint8_t *clamp, uint8_t *shadow)
{
   const uint8_t en = ctx->ff->unit[u].enabled;
   if (!en)
      return false;
   enum fe_tex_target t = en & FE_FF_TEX_CUBE   ? FE_TEX_CUBE
                          : en & FE_FF_TEX_3D   ? FE_TEX_3D
                          : en & FE_FF_TEX_RECT ? FE_TEX_RECT
                          : en & FE_FF_TEX_2D   ? FE_TEX_2D
                                                : FE_TEX_1D;
   struct fe_texture *tex = fe_unit_texture(ctx, u, t); /* texture 0 is the default one */
   if (!tex)
      return false;
   const struct fe_tex_params *sp =
      ctx->unit_samplers[u] ? &ctx->unit_samplers[u]->params : &tex->params;
   uint16_t min_level, num_levels;
   if (!fe_texture_complete(tex, sp, &min_level, &num_levels))
      return false;
   *target = t;
   *format = tex_format(tex, min_level);
   *shadow = unit_shadow(tex, sp, min_level, t);
   *clamp = 0;
   for (unsigned c = 0; c < 3 && t != FE_TEX_CUBE; c++)
      if (fe_tex_params_gl_clamp_border(sp, c))
         *clamp |= (uint8_t)(1u << c);
   return true;
}

uint8_t
fe_ff_draw_buffer_count(const struct fe_context *ctx)
{
   if (!ctx->draw_fbo)
      return 1;
   uint8_t n = 1;
   for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
      if (ctx->draw_fbo->draw_buffers[i] != GL_NONE)
         n = (uint8_t)(i + 1);
   return n;
}

/* A fragment program replaces texturing, colour sum and fog (but for its ARB_fog option). */
static void
key_fragment_program(struct fe_context *ctx, struct fe_ff_key *k, const struct fe_arbp_prog *fp)
{
   const struct fe_ff *ff = ctx->ff;
   k->fp = fp->serial;
   k->fog = fp->fog;
   k->fog_varying = fp->fog || (fp->inputs_read & (1u << FE_ARBP_FIN_FOGC));
   k->fog_coord = k->fog_varying && ff->fog_coord_src == GL_FOG_COORD;
   /* the vertex stage passes the secondary colour when the program reads it */
   k->color_sum = !ff->lighting && (fp->inputs_read & (1u << FE_ARBP_FIN_COL1));
}

/* A vertex program replaces transform, lighting, texgen, fog coordinates and point size. */
static void
key_vertex_program(struct fe_context *ctx, struct fe_ff_key *k, const struct fe_arbp_prog *vp)
{
   const struct fe_ff *ff = ctx->ff;
   k->lights = k->lighting = k->light_local = k->light_spot = k->color_material = 0;
   k->two_side = k->local_viewer = k->separate_specular = k->normalize = k->rescale = 0;
   memset(k->vmat, 0, sizeof(k->vmat));
   k->fog_coord = 0;
   k->point_size = k->point_fade = 0;
   if (!k->fp)
      k->color_sum = ff->color_sum; /* GL_ARB_vertex_program 3.9: COLOR_SUM alone decides */
   for (unsigned u = 0; u < FE_FF_UNITS; u++) {
      k->unit[u].texgen = 0;
      memset(k->unit[u].gen_mode, 0, sizeof(k->unit[u].gen_mode));
   }
   k->vp = vp->serial;
   k->vp_two_side = ff->arbp->vp_two_side;
   k->vp_point_size =
      ctx->rs.program_point_size && (vp->outputs_written & (1u << FE_ARBP_VOUT_PSIZ));
}

void
fe_ff_outline_key(const struct fe_context *ctx, uint8_t out[FE_FF_OUTLINE_KEY])
{
   memset(out, 0, FE_FF_OUTLINE_KEY);
   if (!ctx->compat || !ctx->compat->outline_draw)
      return;
   const struct mgp_render_state *rs = &ctx->rs;
   out[0] = (uint8_t)(1 + rs->polygon_mode);
   if (rs->polygon_mode == MGP_POLYGON_MODE_FILL)
      return; /* triangles: the device culls them and gives their facing */
   out[1] = rs->cull_face == MGP_CULL_MODE_FRONT            ? 1
            : rs->cull_face == MGP_CULL_MODE_BACK           ? 2
            : rs->cull_face == MGP_CULL_MODE_FRONT_AND_BACK ? 3
                                                            : 0;
   out[2] = rs->front_face == MGP_FRONT_FACE_CW;
   out[3] = rs->provoking_vertex_last;
   out[4] =
      (ctx->compat->outline_offset & (rs->polygon_mode == MGP_POLYGON_MODE_LINE ? 2u : 4u)) != 0;
}

static void
build_key(struct fe_context *ctx, struct fe_ff_key *k)
{
   const struct fe_ff *ff = ctx->ff;
   memset(k, 0, sizeof(*k));
   if (ff->lighting) {
      k->lighting = 1;
      k->lights = ff->lights_enabled;
      for (int i = 0; i < FE_FF_MAX_LIGHTS; i++) {
         if (!(k->lights & (1u << i)))
            continue;
         if (ff->light[i].position[3] != 0.0f)
            k->light_local |= (uint8_t)(1u << i);
         if (ff->light[i].spot_cutoff != 180.0f)
            k->light_spot |= (uint8_t)(1u << i);
      }
      static const GLenum props[4] = {GL_EMISSION, GL_AMBIENT, GL_DIFFUSE, GL_SPECULAR};
      for (int f = 0; f < 2; f++)
         for (int p = 0; p < 4; p++)
            if (fe_ff_material_tracks(ff, f, props[p]))
               k->color_material |= (uint8_t)(1u << (f * 4 + p));
      k->two_side = ff->two_side;
      k->local_viewer = ff->local_viewer;
      k->separate_specular = ff->color_control == GL_SEPARATE_SPECULAR_COLOR;
      k->normalize = ff->normalize;
      k->rescale = ff->rescale_normal && !ff->normalize;
   }
   k->flat = ff->shade_model == GL_FLAT;
   k->color_sum = ff->color_sum && !ff->lighting;
   if (ff->fog) {
      k->fog = ff->fog_mode == GL_LINEAR ? 1 : ff->fog_mode == GL_EXP ? 2 : 3;
      k->fog_coord = ff->fog_coord_src == GL_FOG_COORD;
   }
   if (ff->alpha_test && ff->alpha_func != GL_ALWAYS)
      k->alpha_func = (uint8_t)(ff->alpha_func - GL_NEVER + 1);
   k->clip_planes = ctx->rs.clip_distance_mask;
   k->stipple = ff->polygon_stipple && ff->draw_fills;
   if (ff->lighting)
      memcpy(k->vmat, ff->vmat, sizeof(k->vmat));
   if (ff->draw_points) {
      k->points = 1;
      k->point_fade = ctx->rs.multisample && fe_fbo_draw_samples(ctx) > 0;
      k->point_size = k->point_fade || ff->point_atten[0] != 1.0f || ff->point_atten[1] != 0.0f ||
                      ff->point_atten[2] != 0.0f || ff->point_min != 0.0f || ff->point_max >= 0.0f;
      /* GL 2.1 §3.3.1: a point sprite is a square whatever GL_POINT_SMOOTH says */
      k->point_smooth = ff->point_smooth && !ff->point_sprite;
      /* GL 2.1 §3.3.3: under multisampling a round point covers the samples inside its disc
       * (no alpha factor): 2, shaded per sample, each sample outside the disc discarded; a
       * device without sample shading keeps the alpha factor (declined) */
      if (k->point_smooth && ctx->rs.multisample && fe_fbo_draw_samples(ctx) > 0) {
         if (fe_sample_shading_offered(ctx))
            k->point_smooth = 2;
         else
            MGU_DECLINE(gl_feature_unimplemented,
                        "GL_POINT_SMOOTH under multisampling without sample shading: the "
                        "pixel's coverage as an alpha factor");
      }
   }
   k->draw_buffers = fe_ff_draw_buffer_count(ctx);
   k->clamp = ff->clamp_bits;
   const struct fe_arbp_prog *fp = fe_arbp_active(ctx, FE_ARBP_FRAGMENT);
   for (unsigned u = 0; u < FE_FF_UNITS; u++) {
      if (fp) {
         /* the vertex stage passes the coordinates the program reads: texgen and matrix
          * still apply; the fragment side is the program's */
         if (!(fp->inputs_read & (1u << (FE_ARBP_FIN_TEX0 + u))))
            continue;
         const struct fe_ff_unit *fu = &ff->unit[u];
         k->units |= (uint8_t)(1u << u);
         if (ff->draw_points && ff->point_sprite && fu->coord_replace)
            k->sprite |= (uint8_t)(1u << u);
         k->unit[u].texgen = fu->texgen_enabled;
         for (int c = 0; c < 4; c++)
            if (fu->texgen_enabled & (1u << c))
               k->unit[u].gen_mode[c] = INDEX_OF(texgen_modes, fu->gen[c].mode);
         continue;
      }
      enum fe_tex_target t;
      enum ff_tex_format f;
      uint8_t clamp, shadow;
      if (!unit_texture(ctx, u, &t, &f, &clamp, &shadow))
         continue;
      const struct fe_ff_unit *fu = &ff->unit[u];
      k->units |= (uint8_t)(1u << u);
      if (ff->draw_points && ff->point_sprite && fu->coord_replace)
         k->sprite |= (uint8_t)(1u << u);
      k->unit[u].target = (uint8_t)t;
      k->unit[u].format = (uint8_t)f;
      k->unit[u].mode = INDEX_OF(env_modes, fu->env_mode);
      k->unit[u].texgen = fu->texgen_enabled;
      k->unit[u].clamp = clamp;
      k->unit[u].shadow = shadow;
      for (int c = 0; c < 4; c++)
         if (fu->texgen_enabled & (1u << c))
            k->unit[u].gen_mode[c] = INDEX_OF(texgen_modes, fu->gen[c].mode);
      if (fu->env_mode == GL_COMBINE)
         for (int a = 0; a < 2; a++) {
            k->unit[u].combine_mode[a] = INDEX_OF(combine_modes, fu->combine.mode[a]);
            for (int n = 0; n < 3; n++) {
               k->unit[u].combine_src[a][n] = combine_source(fu->combine.source[a][n]);
               k->unit[u].combine_op[a][n] = INDEX_OF(combine_ops, fu->combine.operand[a][n]);
            }
         }
   }
   if (fp)
      key_fragment_program(ctx, k, fp);
   const struct fe_arbp_prog *vp = fe_arbp_active(ctx, FE_ARBP_VERTEX);
   if (vp)
      key_vertex_program(ctx, k, vp);
   fe_ff_outline_key(ctx, k->outline);
}

/* ---- GLSL ---------------------------------------------------------------------------------- */

static int
slot(struct fe_ff_layout *l, int n)
{
   int s = l->slots;
   l->slots += n;
   return s;
}

static const char *const sampler_types[FE_TEX_TARGET_COUNT] = {
   [FE_TEX_1D] = "sampler1D",       [FE_TEX_2D] = "sampler2D",     [FE_TEX_3D] = "sampler3D",
   [FE_TEX_RECT] = "sampler2DRect", [FE_TEX_CUBE] = "samplerCube",
};
static const char *const shadow_sampler_types[FE_TEX_TARGET_COUNT] = {
   [FE_TEX_1D] = "sampler1DShadow",
   [FE_TEX_2D] = "sampler2DShadow",
   [FE_TEX_RECT] = "sampler2DRectShadow",
};

/* A compared unit's texel from its comparison r%u: the vector its depth mode makes of it. */
static void
gen_shadow_texel(struct fe_sb *s, const struct fe_ff_key *k, unsigned u)
{
   switch (k->unit[u].shadow) {
   case 1: fe_sb_put(s, "   vec4 t%u = vec4(r%u, 0.0, 0.0, 1.0);\n", u, u); break;
   case 2: fe_sb_put(s, "   vec4 t%u = vec4(vec3(r%u), 1.0);\n", u, u); break;
   case 3: fe_sb_put(s, "   vec4 t%u = vec4(r%u);\n", u, u); break;
   default: fe_sb_put(s, "   vec4 t%u = vec4(0.0, 0.0, 0.0, r%u);\n", u, u); break;
   }
}

/* The vertex stage's colour outputs from their values: clamped to [0, 1] when
 * GL_CLAMP_VERTEX_COLOR is in effect (GL 3.3 compatibility §2.19.6), else as they are. */
static void
put_colors(struct fe_sb *s, const struct fe_ff_key *k, const char *out0, const char *in0,
           const char *out1, const char *in1)
{
   if (k->clamp & 1)
      fe_sb_put(s, "   %s = clamp(%s, 0.0, 1.0);\n   %s = clamp(%s, 0.0, 1.0);\n", out0, in0, out1,
                in1);
   else
      fe_sb_put(s, "   %s = %s;\n   %s = %s;\n", out0, in0, out1, in1);
}

/* Whether the stages pass a fog coordinate (v_fog). */
static bool
fog_out(const struct fe_ff_key *k)
{
   return k->fog || k->fog_varying;
}

/* Whether the fragment stage picks back colours for back faces. */
static bool
two_sided(const struct fe_ff_key *k)
{
   return (k->lighting && k->two_side) || k->vp_two_side;
}

static bool
needs_eye(const struct fe_ff_key *k)
{
   bool texgen_eye = false;
   for (unsigned u = 0; u < FE_FF_UNITS; u++)
      if (k->units & (1u << u))
         texgen_eye |= k->unit[u].texgen != 0;
   return k->lighting || (fog_out(k) && !k->fog_coord) || k->clip_planes || texgen_eye ||
          k->point_size;
}

static bool
needs_normal(const struct fe_ff_key *k)
{
   if (k->lighting)
      return true;
   for (unsigned u = 0; u < FE_FF_UNITS; u++)
      for (int c = 0; c < 4; c++)
         if ((k->units & (1u << u)) && (k->unit[u].texgen & (1u << c)) &&
             k->unit[u].gen_mode[c] >= 2)
            return true;
   return false;
}

/* One face's lit colour (GL 2.1 §2.14.1) into pri / sec; f 0 front, 1 back. */
static void
gen_lighting(struct fe_sb *s, const struct fe_ff_key *k, const struct fe_ff_layout *l, int f)
{
   const int m = l->material[f];
   const char *n = f ? "-nrm" : "nrm";
   const unsigned cm = (k->color_material >> (f * 4)) & 15u;
   fe_sb_put(s, "   {\n      vec3 N = %s;\n", n);
   static const char *const names[4] = {"m_emi", "m_amb", "m_dif", "m_spe"};
   static const int slots[4] = {3, 0, 1, 2};
   for (int p = 0; p < 4; p++) {
      int vm = -1; /* a per-vertex material slot for this property and face */
      for (int i = 0; i < FE_FF_VMAT_SLOTS; i++)
         if (k->vmat[i] && (k->vmat[i] & 3) == p && (k->vmat[i] >> 2) & (1u << f))
            vm = i;
      if (cm & (1u << p))
         fe_sb_put(s, "      vec4 %s = a_color;\n", names[p]);
      else if (vm >= 0)
         fe_sb_put(s, "      vec4 %s = a_vmat%d;\n", names[p], vm);
      else
         fe_sb_put(s, "      vec4 %s = ff[%d];\n", names[p], m + slots[p]);
   }
   fe_sb_put(s, "      float shin = ff[%d].x;\n", m + 4);
   fe_sb_put(s, "      vec3 c = m_emi.rgb + m_amb.rgb * ff[%d].rgb;\n      vec3 sp = vec3(0.0);\n",
             l->lm_ambient);
   for (int i = 0; i < FE_FF_MAX_LIGHTS; i++) {
      if (!(k->lights & (1u << i)))
         continue;
      const int L = l->light[i];
      fe_sb_put(s, "      {\n");
      if (k->light_local & (1u << i)) {
         fe_sb_put(s, "         vec3 VP = ff[%d].xyz / ff[%d].w - eye.xyz / eye.w;\n", L + 3,
                   L + 3);
         fe_sb_put(s, "         float d = length(VP);\n         VP = VP / d;\n");
         fe_sb_put(s, "         float att = 1.0 / (ff[%d].y + ff[%d].z * d + ff[%d].w * d * d);\n",
                   L + 5, L + 5, L + 5);
      } else {
         fe_sb_put(s, "         vec3 VP = normalize(ff[%d].xyz);\n         float att = 1.0;\n",
                   L + 3);
      }
      if (k->light_spot & (1u << i)) {
         fe_sb_put(s, "         float sd = dot(-VP, normalize(ff[%d].xyz));\n", L + 4);
         fe_sb_put(s, "         att *= sd >= ff[%d].w ? pow(max(sd, 0.0), ff[%d].x) : 0.0;\n",
                   L + 4, L + 5);
      }
      fe_sb_put(s, "         float nl = dot(N, VP);\n");
      if (k->local_viewer)
         fe_sb_put(s, "         vec3 H = normalize(VP - normalize(eye.xyz / eye.w));\n");
      else
         fe_sb_put(s, "         vec3 H = normalize(VP + vec3(0.0, 0.0, 1.0));\n");
      fe_sb_put(s, "         float nh = max(dot(N, H), 0.0);\n");
      fe_sb_put(s, "         float spf = nl > 0.0 ? (shin == 0.0 ? 1.0 : pow(nh, shin)) : 0.0;\n");
      fe_sb_put(s,
                "         c += att * (m_amb.rgb * ff[%d].rgb + max(nl, 0.0) * m_dif.rgb * "
                "ff[%d].rgb);\n",
                L + 0, L + 1);
      fe_sb_put(s, "         sp += att * spf * m_spe.rgb * ff[%d].rgb;\n      }\n", L + 2);
   }
   const char *pri = f ? "bcol" : "col", *sec = f ? "bcol1" : "col1";
   if (k->separate_specular)
      fe_sb_put(s, "      %s = vec4(c, m_dif.a);\n      %s = vec4(sp, 0.0);\n", pri, sec);
   else
      fe_sb_put(s, "      %s = vec4(c + sp, m_dif.a);\n", pri);
   fe_sb_put(s, "   }\n");
}

static void
gen_texgen(struct fe_sb *s, const struct fe_ff_key *k, struct fe_ff_layout *l, unsigned u)
{
   static const char comp[4] = {'x', 'y', 'z', 'w'};
   bool sphere = false, refl = false;
   for (int c = 0; c < 4; c++)
      if (k->unit[u].texgen & (1u << c)) {
         sphere |= k->unit[u].gen_mode[c] == 2;
         refl |= k->unit[u].gen_mode[c] == 3;
      }
   if (sphere || refl)
      fe_sb_put(
         s, "   vec3 u%u = normalize(eye.xyz);\n   vec3 r%u = u%u - 2.0 * dot(nrm, u%u) * nrm;\n",
         u, u, u, u);
   if (sphere)
      fe_sb_put(
         s,
         "   float m%u = 2.0 * sqrt(r%u.x * r%u.x + r%u.y * r%u.y + (r%u.z + 1.0) * (r%u.z + "
         "1.0));\n",
         u, u, u, u, u, u, u);
   for (int c = 0; c < 4; c++) {
      if (!(k->unit[u].texgen & (1u << c)))
         continue;
      switch (k->unit[u].gen_mode[c]) {
      case 0: /* object linear */
         l->texgen[u][c] = slot(l, 1);
         fe_sb_put(s, "   tc%u.%c = dot(ff[%d], a_pos);\n", u, comp[c], l->texgen[u][c]);
         break;
      case 1: /* eye linear */
         l->texgen[u][c] = slot(l, 1);
         fe_sb_put(s, "   tc%u.%c = dot(ff[%d], eye);\n", u, comp[c], l->texgen[u][c]);
         break;
      case 2:
         if (c < 2)
            fe_sb_put(s, "   tc%u.%c = r%u.%c / m%u + 0.5;\n", u, comp[c], u, comp[c], u);
         else
            fe_sb_put(s, "   tc%u.%c = 0.0;\n", u, comp[c]);
         break;
      case 3: fe_sb_put(s, "   tc%u.%c = r%u.%c;\n", u, comp[c], u, c < 3 ? comp[c] : 'x'); break;
      default: fe_sb_put(s, "   tc%u.%c = nrm.%c;\n", u, comp[c], c < 3 ? comp[c] : 'x'); break;
      }
   }
}

static char *
gen_vertex(const struct fe_ff_key *k, struct fe_ff_layout *l)
{
   struct fe_sb s = {0};
   const bool eye = needs_eye(k), normal = needs_normal(k);
   const char *flat = k->flat ? "flat " : "";
   fe_sb_put(&s, "#version 330 core\n");
   fe_sb_put(&s, "layout(location = %d) in vec4 a_pos;\n", FE_FF_ATTRIB_POSITION);
   if (normal)
      fe_sb_put(&s, "layout(location = %d) in vec3 a_normal;\n", FE_FF_ATTRIB_NORMAL);
   fe_sb_put(&s, "layout(location = %d) in vec4 a_color;\n", FE_FF_ATTRIB_COLOR0);
   for (unsigned i = 0; i < FE_FF_VMAT_SLOTS; i++)
      if (k->vmat[i])
         fe_sb_put(&s, "layout(location = %u) in vec4 a_vmat%u;\n", fe_ff_vmat_slot(i), i);
   if (k->color_sum)
      fe_sb_put(&s, "layout(location = %d) in vec4 a_color1;\n", FE_FF_ATTRIB_COLOR1);
   if (fog_out(k) && k->fog_coord)
      fe_sb_put(&s, "layout(location = %d) in float a_fog;\n", FE_FF_ATTRIB_FOG);
   for (unsigned u = 0; u < FE_FF_UNITS; u++)
      if (k->units & (1u << u))
         fe_sb_put(&s, "layout(location = %d) in vec4 a_tc%u;\nout vec4 v_tc%u;\n",
                   FE_FF_ATTRIB_TEXCOORD0 + (int)u, u, u);
   fe_sb_put(&s, "%sout vec4 v_col;\n%sout vec4 v_col1;\n", flat, flat);
   if (k->lighting && k->two_side)
      fe_sb_put(&s, "%sout vec4 v_bcol;\n%sout vec4 v_bcol1;\n", flat, flat);
   if (fog_out(k))
      fe_sb_put(&s, "out float v_fog;\n");
   fe_sb_put(&s, "uniform vec4 ff[FF_SLOTS];\n");
   fe_sb_put(&s, "void main()\n{\n");
   l->mvp = slot(l, 4);
   fe_sb_put(&s, "   gl_Position = mat4(ff[%d], ff[%d], ff[%d], ff[%d]) * a_pos;\n", l->mvp,
             l->mvp + 1, l->mvp + 2, l->mvp + 3);
   if (eye) {
      l->mv = slot(l, 4);
      fe_sb_put(&s, "   vec4 eye = mat4(ff[%d], ff[%d], ff[%d], ff[%d]) * a_pos;\n", l->mv,
                l->mv + 1, l->mv + 2, l->mv + 3);
   }
   if (normal) {
      l->normal = slot(l, 3);
      fe_sb_put(&s, "   vec3 nrm = mat3(ff[%d].xyz, ff[%d].xyz, ff[%d].xyz) * a_normal;\n",
                l->normal, l->normal + 1, l->normal + 2);
      if (k->normalize)
         fe_sb_put(&s, "   nrm = normalize(nrm);\n");
      else if (k->rescale)
         fe_sb_put(&s, "   nrm *= ff[%d].w;\n", l->normal);
   }
   fe_sb_put(&s, "   vec4 col = a_color;\n   vec4 col1 = %s;\n",
             k->color_sum ? "a_color1" : "vec4(0.0)");
   if (k->lighting) {
      fe_sb_put(&s, "   vec4 bcol = col, bcol1 = col1;\n");
      l->lm_ambient = slot(l, 1);
      l->material[0] = slot(l, 5);
      l->material[1] = k->two_side ? slot(l, 5) : -1;
      for (int i = 0; i < FE_FF_MAX_LIGHTS; i++)
         l->light[i] = k->lights & (1u << i) ? slot(l, 6) : -1;
      gen_lighting(&s, k, l, 0);
      if (k->two_side) {
         gen_lighting(&s, k, l, 1);
         put_colors(&s, k, "v_bcol", "bcol", "v_bcol1", "bcol1");
      }
   }
   put_colors(&s, k, "v_col", "col", "v_col1", "col1");
   if (k->point_size) {
      /* GL 2.1 §3.4: size * sqrt(1 / (a + b d + c d^2)), clamped; d the eye distance taken
       * along the view axis, |z_eye|, as Mesa's fixed-function vertex program and piglit's
       * arb_point_parameters-point-attenuation do (the vertex's full distance from the eye
       * differs off the axis) */
      const int p = l->point = slot(l, 2);
      fe_sb_put(
         &s,
         "   float pd = abs(eye.z);\n"
         "   float psz = ff[%d].x * inversesqrt(max(ff[%d].x + ff[%d].y * pd + ff[%d].z * pd * pd,"
         " 1e-30));\n"
         "   psz = clamp(psz, ff[%d].y, ff[%d].z);\n",
         p, p + 1, p + 1, p + 1, p, p);
      if (k->point_fade) {
         fe_sb_put(
            &s,
            "   if (psz < ff[%d].w) {\n      float fa = psz / ff[%d].w;\n      v_col.a *= fa * "
            "fa;\n",
            p, p);
         if (k->lighting && k->two_side)
            fe_sb_put(&s, "      v_bcol.a *= fa * fa;\n");
         fe_sb_put(&s, "      psz = ff[%d].w;\n   }\n", p);
      }
      fe_sb_put(&s, "   gl_PointSize = psz;\n");
   }
   for (int p = 0; p < FE_FF_MAX_CLIP_PLANES; p++)
      if (k->clip_planes & (1u << p)) {
         l->clip[p] = slot(l, 1);
         fe_sb_put(&s, "   gl_ClipDistance[%d] = dot(ff[%d], eye);\n", p, l->clip[p]);
      }
   if (fog_out(k))
      fe_sb_put(&s, "   v_fog = %s;\n", k->fog_coord ? "a_fog" : "abs(eye.z / eye.w)");
   for (unsigned u = 0; u < FE_FF_UNITS; u++) {
      if (!(k->units & (1u << u)))
         continue;
      fe_sb_put(&s, "   vec4 tc%u = a_tc%u;\n", u, u);
      if (k->unit[u].texgen)
         gen_texgen(&s, k, l, u);
      l->tex_matrix[u] = slot(l, 4);
      const int t = l->tex_matrix[u];
      fe_sb_put(&s, "   v_tc%u = mat4(ff[%d], ff[%d], ff[%d], ff[%d]) * tc%u;\n", u, t, t + 1,
                t + 2, t + 3, u);
   }
   fe_sb_put(&s, "}\n");
   if (s.oom) {
      free(s.p);
      return NULL;
   }
   return s.p;
}

/* The vertex stage of a vertex program: its body between the varyings the fragment stage reads
 * (clamped colours, GL_ARB_vertex_program 2.14.1.6) and the clip distances of the enabled user
 * planes (the object position through the modelview, as fixed function). */
static char *
gen_vertex_program(const struct fe_ff_key *k, struct fe_ff_layout *l, const struct fe_arbp_prog *vp,
                   int *vp_base)
{
   *vp_base = slot(l, (int)vp->num_params);
   char *decls = NULL;
   char *body = fe_arbp_glsl(vp, *vp_base, &decls);
   if (!body)
      return NULL;
   struct fe_sb s = {0};
   const char *flat = k->flat ? "flat " : "";
   fe_sb_put(&s, "#version 330 core\n%s", decls);
   const bool pos = vp->position_invariant || k->clip_planes;
   if (pos && !(vp->inputs_read & 1u))
      fe_sb_put(&s, "layout(location = 0) in vec4 a_in0;\n");
   fe_sb_put(&s, "%sout vec4 v_col;\n%sout vec4 v_col1;\n", flat, flat);
   if (two_sided(k))
      fe_sb_put(&s, "%sout vec4 v_bcol;\n%sout vec4 v_bcol1;\n", flat, flat);
   if (fog_out(k))
      fe_sb_put(&s, "out float v_fog;\n");
   for (unsigned u = 0; u < FE_FF_UNITS; u++)
      if (k->units & (1u << u))
         fe_sb_put(&s, "out vec4 v_tc%u;\n", u);
   fe_sb_put(&s, "uniform vec4 ff[FF_SLOTS];\n");
   if (vp->position_invariant)
      fe_sb_put(&s, "invariant gl_Position;\n");
   fe_sb_put(&s, "void main()\n{\n   vec4 o_pos = vec4(0.0, 0.0, 0.0, 1.0);\n");
   static const char *const outs[] = {"o_col0", "o_col1", "o_bcol0", "o_bcol1", "o_fogc", "o_psiz"};
   for (unsigned i = 0; i < sizeof(outs) / sizeof(outs[0]); i++)
      fe_sb_put(&s, "   vec4 %s = vec4(0.0, 0.0, 0.0, 1.0);\n", outs[i]);
   for (unsigned u = 0; u < FE_FF_UNITS; u++)
      fe_sb_put(&s, "   vec4 o_tc%u = vec4(0.0, 0.0, 0.0, 1.0);\n", u);
   fe_sb_put(&s, "%s", body);
   free(decls);
   free(body);
   if (vp->position_invariant) {
      /* the fixed-function transform, written as gen_vertex writes it */
      l->mvp = slot(l, 4);
      fe_sb_put(&s, "   o_pos = mat4(ff[%d], ff[%d], ff[%d], ff[%d]) * a_in0;\n", l->mvp,
                l->mvp + 1, l->mvp + 2, l->mvp + 3);
   }
   fe_sb_put(&s, "   gl_Position = o_pos;\n");
   put_colors(&s, k, "v_col", "o_col0", "v_col1", "o_col1");
   if (two_sided(k))
      put_colors(&s, k, "v_bcol", "o_bcol0", "v_bcol1", "o_bcol1");
   if (fog_out(k))
      fe_sb_put(&s, "   v_fog = o_fogc.x;\n");
   for (unsigned u = 0; u < FE_FF_UNITS; u++)
      if (k->units & (1u << u))
         fe_sb_put(&s, "   v_tc%u = o_tc%u;\n", u, u);
   if (k->vp_point_size)
      fe_sb_put(&s, "   gl_PointSize = o_psiz.x;\n");
   if (k->clip_planes) {
      l->mv = slot(l, 4);
      fe_sb_put(&s, "   vec4 eye = mat4(ff[%d], ff[%d], ff[%d], ff[%d]) * a_in0;\n", l->mv,
                l->mv + 1, l->mv + 2, l->mv + 3);
      for (int p = 0; p < FE_FF_MAX_CLIP_PLANES; p++)
         if (k->clip_planes & (1u << p)) {
            l->clip[p] = slot(l, 1);
            fe_sb_put(&s, "   gl_ClipDistance[%d] = dot(ff[%d], eye);\n", p, l->clip[p]);
         }
   }
   fe_sb_put(&s, "}\n");
   return fe_sb_take(&s);
}

/* A combine argument: source and operand of arg n of combiner a (0 RGB, 1 alpha). */
static void
gen_combine_arg(struct fe_sb *s, const struct fe_ff_key *k, unsigned u, int a, int n)
{
   const uint8_t src = k->unit[u].combine_src[a][n], op = k->unit[u].combine_op[a][n];
   char v[32];
   switch (src) {
   case 0: snprintf(v, sizeof(v), "t%u", u); break;
   case 1: snprintf(v, sizeof(v), "envc%u", u); break;
   case 2: snprintf(v, sizeof(v), "prim"); break;
   case 3: snprintf(v, sizeof(v), "prev"); break;
   default:
      /* crossbar: the texture of another unit (vec4(1.0) when that unit does not texture) */
      if (k->units & (1u << (src - 4)))
         snprintf(v, sizeof(v), "t%u", (unsigned)(src - 4));
      else
         snprintf(v, sizeof(v), "vec4(1.0)");
      break;
   }
   const char *sw = a ? ".a" : (op >= 2 ? ".aaa" : ".rgb");
   if (op == 1 || op == 3)
      fe_sb_put(s, "(1.0 - %s%s)", v, sw);
   else
      fe_sb_put(s, "%s%s", v, sw);
}

static void
gen_combine(struct fe_sb *s, const struct fe_ff_key *k, const struct fe_ff_layout *l, unsigned u)
{
   static const char *const sw[2] = {"rgb", "a"};
   fe_sb_put(s, "   {\n      vec4 envc%u = ff[%d];\n      vec4 r;\n", u, l->env_color[u]);
   for (int a = 0; a < 2; a++) {
      const uint8_t m = k->unit[u].combine_mode[a];
      if (a == 1 && k->unit[u].combine_mode[0] == 7)
         break; /* DOT3_RGBA wrote the alpha too */
      fe_sb_put(s, "      r.%s = ", m >= 6 ? "rgba" : sw[a]);
#define ARG(n) gen_combine_arg(s, k, u, a, n)
      switch (m) {
      case 0: ARG(0); break;
      case 1: ARG(0), fe_sb_put(s, " * "), ARG(1); break;
      case 2: ARG(0), fe_sb_put(s, " + "), ARG(1); break;
      case 3: ARG(0), fe_sb_put(s, " + "), ARG(1), fe_sb_put(s, " - 0.5"); break;
      case 4:
         ARG(0), fe_sb_put(s, " * "), ARG(2), fe_sb_put(s, " + "), ARG(1),
            fe_sb_put(s, " * (1.0 - "), ARG(2);
         fe_sb_put(s, ")");
         break;
      case 5: ARG(0), fe_sb_put(s, " - "), ARG(1); break;
      default:
         fe_sb_put(s, "vec4(4.0 * dot(");
         ARG(0), fe_sb_put(s, " - 0.5, "), ARG(1), fe_sb_put(s, " - 0.5))");
         break;
      }
#undef ARG
      fe_sb_put(s, ";\n");
   }
   fe_sb_put(s, "      prev = clamp(r * vec4(ff[%d].xxx, ff[%d].y), 0.0, 1.0);\n   }\n",
             l->env_scale[u], l->env_scale[u]);
}

/* Unit u's sample with GL_CLAMP coordinates clamped to [0, 1] (a rectangle's to [0, size])
 * after the projection, as GL 2.1 §3.8.8 clamps them before filtering; the sampler's
 * CLAMP_TO_BORDER then mixes the edge texels with the border colour as GL's LINEAR does. The
 * level of detail comes from the coordinates before the clamp (GL 2.1 §3.8.8's rho is taken of
 * s and t themselves), so the gradients are given. */
static void
gen_clamped_sample(struct fe_sb *s, const struct fe_ff_key *k, unsigned u)
{
   static const char *const comps[FE_TEX_TARGET_COUNT] = {
      [FE_TEX_1D] = "x", [FE_TEX_2D] = "xy", [FE_TEX_3D] = "xyz", [FE_TEX_RECT] = "xy"};
   const unsigned target = k->unit[u].target;
   fe_sb_put(s, "   vec3 p%u = c%u.xyz / c%u.w;\n   vec3 g%u = p%u;\n", u, u, u, u, u);
   for (unsigned c = 0; c < 3; c++) {
      if (!(k->unit[u].clamp & (1u << c)))
         continue;
      if (target == FE_TEX_RECT)
         fe_sb_put(s, "   p%u[%u] = clamp(p%u[%u], 0.0, float(textureSize(ff_tex%u)[%u]));\n", u, c,
                   u, c, u, c < 2 ? c : 1);
      else
         fe_sb_put(s, "   p%u[%u] = clamp(p%u[%u], 0.0, 1.0);\n", u, c, u, c);
   }
   const char *sw = comps[target] ? comps[target] : "xy";
   if (k->unit[u].shadow) {
      /* the reference is r (p.z; a 1D shadow coordinate's second component is not read) */
      fe_sb_put(s, "   float r%u = textureGrad(ff_tex%u, p%u.xyz, dFdx(g%u.%s), dFdy(g%u.%s));\n",
                u, u, u, u, sw, u, sw);
      gen_shadow_texel(s, k, u);
      return;
   }
   fe_sb_put(s, "   vec4 t%u = textureGrad(ff_tex%u, p%u.%s, dFdx(g%u.%s), dFdy(g%u.%s));\n", u, u,
             u, sw, u, sw, u, sw);
}

static void
gen_env(struct fe_sb *s, const struct fe_ff_key *k, struct fe_ff_layout *l, unsigned u)
{
   const uint8_t f = k->unit[u].format;
   const bool color = f != TEXF_ALPHA;
   char t[8];
   snprintf(t, sizeof(t), "t%u", u);
   switch (env_modes[k->unit[u].mode]) {
   case GL_REPLACE:
      if (color)
         fe_sb_put(s, "   prev.rgb = %s.rgb;\n", t);
      if (f != TEXF_NO_ALPHA)
         fe_sb_put(s, "   prev.a = %s.a;\n", t);
      break;
   case GL_MODULATE:
      if (color)
         fe_sb_put(s, "   prev.rgb *= %s.rgb;\n", t);
      fe_sb_put(s, "   prev.a *= %s.a;\n", t);
      break;
   case GL_DECAL: fe_sb_put(s, "   prev.rgb = mix(prev.rgb, %s.rgb, %s.a);\n", t, t); break;
   case GL_BLEND:
      l->env_color[u] = slot(l, 1);
      if (color)
         fe_sb_put(s, "   prev.rgb = mix(prev.rgb, ff[%d].rgb, %s.rgb);\n", l->env_color[u], t);
      if (f == TEXF_INTENSITY)
         fe_sb_put(s, "   prev.a = mix(prev.a, ff[%d].a, %s.a);\n", l->env_color[u], t);
      else
         fe_sb_put(s, "   prev.a *= %s.a;\n", t);
      break;
   case GL_ADD:
      if (color)
         fe_sb_put(s, "   prev.rgb = clamp(prev.rgb + %s.rgb, 0.0, 1.0);\n", t);
      if (f == TEXF_INTENSITY)
         fe_sb_put(s, "   prev.a = clamp(prev.a + %s.a, 0.0, 1.0);\n", t);
      else
         fe_sb_put(s, "   prev.a *= %s.a;\n", t);
      break;
   default:
      l->env_color[u] = slot(l, 1);
      l->env_scale[u] = slot(l, 1);
      gen_combine(s, k, l, u);
      break;
   }
}

/* A fragment program's part of main(): its inputs from the varyings, its body, prev from its
 * colour (fog, alpha test and the outputs follow as for fixed function). */
static void
gen_fragment_program(struct fe_sb *s, const struct fe_ff_key *k, const char *body,
                     const struct fe_arbp_prog *fp)
{
   fe_sb_put(s, "   vec4 i_col0 = prim;\n   vec4 i_col1 = sec;\n   vec4 i_wpos = gl_FragCoord;\n");
   fe_sb_put(s, "   vec4 i_fogc = vec4(%s, 0.0, 0.0, 1.0);\n", fog_out(k) ? "v_fog" : "0.0");
   for (unsigned u = 0; u < FE_FF_UNITS; u++) {
      if (!(k->units & (1u << u)))
         continue;
      if (k->sprite & (1u << u)) /* GL_COORD_REPLACE */
         fe_sb_put(s, "   vec4 i_tc%u = vec4(gl_PointCoord, 0.0, 1.0);\n", u);
      else
         fe_sb_put(s, "   vec4 i_tc%u = v_tc%u;\n", u, u);
   }
   fe_sb_put(s, "   vec4 o_color = vec4(0.0, 0.0, 0.0, 1.0);\n");
   for (unsigned b = 1; b < FE_ARBP_MAX_DRAW_BUFFERS; b++)
      if (fp->outputs_written & (1u << (FE_ARBP_FOUT_COLOR1 + b - 1)))
         fe_sb_put(s, "   vec4 o_color_%u = vec4(0.0, 0.0, 0.0, 1.0);\n", b);
   fe_sb_put(s, "   vec4 o_depth = vec4(gl_FragCoord.z);\n%s", body);
   if (fp->outputs_written & (1u << FE_ARBP_FOUT_DEPTH))
      fe_sb_put(s, "   gl_FragDepth = clamp(o_depth.z, 0.0, 1.0);\n");
   fe_sb_put(s, "   vec4 prev = o_color;\n");
}

static char *
gen_fragment(const struct fe_ff_key *k, struct fe_ff_layout *l, const struct fe_arbp_prog *fp,
             int *fp_base)
{
   struct fe_sb s = {0};
   char *fp_decls = NULL, *fp_body = NULL;
   if (fp) {
      *fp_base = slot(l, (int)fp->num_params);
      if (!(fp_body = fe_arbp_glsl(fp, *fp_base, &fp_decls)))
         return NULL;
   }
   const char *flat = k->flat ? "flat " : "";
   fe_sb_put(&s, "#version 330 core\n");
   if (k->point_smooth == 2)
      fe_sb_put(&s, "#extension GL_ARB_sample_shading : require\n");
   if (fp && fp->frag_coord) /* ARB_fragment_coord_conventions' options: gl_FragCoord's layout */
      fe_sb_put(&s, "layout(%s%s%s) in vec4 gl_FragCoord;\n",
                fp->frag_coord & FE_ARBP_COORD_UPPER_LEFT ? "origin_upper_left" : "",
                fp->frag_coord == (FE_ARBP_COORD_UPPER_LEFT | FE_ARBP_COORD_PIXEL_CENTER_INTEGER)
                   ? ", "
                   : "",
                fp->frag_coord & FE_ARBP_COORD_PIXEL_CENTER_INTEGER ? "pixel_center_integer" : "");
   fe_sb_put(&s, "%sin vec4 v_col;\n%sin vec4 v_col1;\n", flat, flat);
   if (two_sided(k))
      fe_sb_put(&s, "%sin vec4 v_bcol;\n%sin vec4 v_bcol1;\n", flat, flat);
   if (fog_out(k))
      fe_sb_put(&s, "in float v_fog;\n");
   for (unsigned u = 0; u < FE_FF_UNITS; u++) {
      if (!(k->units & (1u << u)))
         continue;
      fe_sb_put(&s, "in vec4 v_tc%u;\n", u);
      if (!fp)
         fe_sb_put(&s, "uniform %s ff_tex%u;\n",
                   (k->unit[u].shadow ? shadow_sampler_types : sampler_types)[k->unit[u].target],
                   u);
   }
   if (fp)
      fe_sb_put(&s, "%s", fp_decls);
   fe_sb_put(&s, "uniform vec4 ff[FF_SLOTS];\n");
   for (unsigned b = 0; b < k->draw_buffers; b++)
      fe_sb_put(&s, "layout(location = %u) out vec4 o_color%u;\n", b, b);
   fe_sb_put(&s, "void main()\n{\n");
   if (two_sided(k))
      fe_sb_put(&s, "   vec4 prim = gl_FrontFacing ? v_col : v_bcol;\n"
                    "   vec4 sec = gl_FrontFacing ? v_col1 : v_bcol1;\n");
   else
      fe_sb_put(&s, "   vec4 prim = v_col;\n   vec4 sec = v_col1;\n");
   if (k->stipple) {
      /* GL 2.1 §3.5.2: the fragment at window (x, y) needs bit (x mod 32, y mod 32) */
      l->stipple = slot(l, 16);
      fe_sb_put(&s,
                "   ivec2 sp = ivec2(gl_FragCoord.xy) & 31;\n"
                "   int sw = sp.y * 2 + (sp.x >> 4);\n"
                "   if (((int(ff[%d + (sw >> 2)][sw & 3]) >> (sp.x & 15)) & 1) == 0)\n"
                "      discard;\n",
                l->stipple);
   }
   if (fp)
      gen_fragment_program(&s, k, fp_body, fp);
   else
      fe_sb_put(&s, "   vec4 prev = prim;\n");
   for (unsigned u = 0; u < FE_FF_UNITS && !fp; u++) {
      if (!(k->units & (1u << u)))
         continue;
      /* a point sprite's unit with GL_COORD_REPLACE: (s, t, 0, 1) across the point */
      if (k->sprite & (1u << u))
         fe_sb_put(&s, "   vec4 c%u = vec4(gl_PointCoord, 0.0, 1.0);\n", u);
      else
         fe_sb_put(&s, "   vec4 c%u = v_tc%u;\n", u, u);
      if (k->unit[u].target == FE_TEX_CUBE)
         fe_sb_put(&s, "   vec4 t%u = texture(ff_tex%u, c%u.xyz);\n", u, u, u);
      else if (k->unit[u].clamp)
         gen_clamped_sample(&s, k, u);
      else if (k->unit[u].shadow) {
         /* textureProj of a shadow sampler compares r / q */
         fe_sb_put(&s, "   float r%u = textureProj(ff_tex%u, c%u);\n", u, u, u);
         gen_shadow_texel(&s, k, u);
      } else
         fe_sb_put(&s, "   vec4 t%u = textureProj(ff_tex%u, c%u);\n", u, u, u);
   }
   for (unsigned u = 0; u < FE_FF_UNITS && !fp; u++)
      if (k->units & (1u << u))
         gen_env(&s, k, l, u);
   if (!fp && (k->color_sum || k->separate_specular))
      fe_sb_put(&s, k->clamp & 2 ? "   prev.rgb = clamp(prev.rgb + sec.rgb, 0.0, 1.0);\n"
                                 : "   prev.rgb += sec.rgb;\n");
   if (k->fog) {
      l->fog_color = slot(l, 1);
      l->fog_params = slot(l, 1);
      const int p = l->fog_params;
      if (k->fog == 1)
         fe_sb_put(&s, "   float fog = (ff[%d].y - v_fog) * ff[%d].w;\n", p, p);
      else if (k->fog == 2)
         fe_sb_put(&s, "   float fog = exp(-ff[%d].z * v_fog);\n", p);
      else
         fe_sb_put(&s, "   float fog = exp(-(ff[%d].z * v_fog) * (ff[%d].z * v_fog));\n", p, p);
      fe_sb_put(&s, "   prev.rgb = mix(ff[%d].rgb, prev.rgb, clamp(fog, 0.0, 1.0));\n",
                l->fog_color);
   }
   /* GL 2.1 §3.3.1, §3.11: a smooth point's fragment takes the share of its pixel the disc
    * of the point's diameter covers as a factor of its alpha (antialiasing application, before
    * the alpha test); approximated, as Mesa does, by a one-pixel ramp at the disc's radius
    * along the distance of the pixel's centre from the point's. The diameter is the point's
    * size in pixels: gl_PointCoord crosses the point in 1 / size a pixel. */
   /* Under multisampling (GL 2.1 §3.3.3) the disc decides each sample's coverage: the
    * invocation runs per sample (gl_SamplePosition) and its sample, outside the disc, is
    * discarded; the point's centre is where gl_PointCoord is 0.5, found from gl_FragCoord and
    * gl_PointCoord's derivatives (which also give the orientation of its t axis). */
   if (k->point_smooth == 2 && !(fp && fp->frag_coord))
      fe_sb_put(&s, "   vec2 pdd = vec2(dFdx(gl_PointCoord.x), dFdy(gl_PointCoord.y));\n"
                    "   pdd = vec2(abs(pdd.x) > 1e-6 ? pdd.x : 1e-6, "
                    "abs(pdd.y) > 1e-6 ? pdd.y : 1e-6);\n"
                    "   vec2 pctr = gl_FragCoord.xy - (gl_PointCoord - vec2(0.5)) / pdd;\n"
                    "   vec2 psmp = floor(gl_FragCoord.xy) + gl_SamplePosition;\n"
                    "   if (length(psmp - pctr) > 0.5 / abs(pdd.x))\n"
                    "      discard;\n");
   else if (k->point_smooth)
      fe_sb_put(&s, "   float psd = 1.0 / max(abs(dFdx(gl_PointCoord.x)), 1e-6);\n"
                    "   float pdist = length(gl_PointCoord - vec2(0.5)) * psd;\n"
                    "   prev.a *= clamp(0.5 * psd - pdist + 0.5, 0.0, 1.0);\n");
   /* GL 3.3 compatibility §3.9.8: the fragment's colour clamped to [0, 1] when
    * GL_CLAMP_FRAGMENT_COLOR is in effect (before the alpha test) */
   if (k->clamp & 2)
      fe_sb_put(&s, "   prev = clamp(prev, 0.0, 1.0);\n");
   if (k->alpha_func) {
      static const char *const ops[8] = {"false", "<", "==", "<=", ">", "!=", ">=", "true"};
      const unsigned f = k->alpha_func - 1u;
      l->alpha_ref = slot(l, 1);
      if (f == 0)
         fe_sb_put(&s, "   discard;\n");
      else
         fe_sb_put(&s, "   if (!(prev.a %s ff[%d].x))\n      discard;\n", ops[f], l->alpha_ref);
   }
   for (unsigned b = 0; b < k->draw_buffers; b++) {
      /* OPTION ARB_draw_buffers: buffer b > 0 takes result.color[b] (undefined unwritten: 0),
       * clamped as the colour is */
      if (!fp || !fp->draw_buffers || b == 0)
         fe_sb_put(&s, "   o_color%u = prev;\n", b);
      else if (b < FE_ARBP_MAX_DRAW_BUFFERS &&
               (fp->outputs_written & (1u << (FE_ARBP_FOUT_COLOR1 + b - 1))))
         fe_sb_put(&s,
                   k->clamp & 2 ? "   o_color%u = clamp(o_color_%u, 0.0, 1.0);\n"
                                : "   o_color%u = o_color_%u;\n",
                   b, b);
      else
         fe_sb_put(&s, "   o_color%u = vec4(0.0);\n", b);
   }
   fe_sb_put(&s, "}\n");
   free(fp_decls);
   free(fp_body);
   return fe_sb_take(&s);
}

/* ---- the outline stage ---------------------------------------------------------------------
 * A polygon in GL_LINE or GL_POINT mode is drawn as its own edges or vertices, and only where
 * its facing is not culled (GL 2.1 §3.5.4-3.5.6: facing and culling come first, from the
 * polygon's window area). The front end knows neither facing, so the polygon rewrite
 * (fe_compat_prim.c) sends each triangle of a polygon with adjacency, the vertex after each
 * corner naming the next corner where the edge between them is one the polygon draws (its own
 * edge, with its edge flag on) and the corner itself where it is not; this stage finds the
 * triangle's facing from its clip coordinates (the determinant of (x, y, w): the sign of its
 * window area, which the triangles of a convex polygon share with it), drops a culled face and
 * emits the drawn edges as lines or their first vertices as points. GL_FILL passes the
 * triangle on (a mode per face draws a pass per face, fe_draw.c). */

/* The varyings the vertex stage writes and the fragment stage reads: the vertex stage's own
 * are renamed g_ under an outline stage, which writes the v_ ones. */
static const char *const outline_colors[4] = {"col", "col1", "bcol", "bcol1"};

static char *
outline_rename(const char *vs)
{
   const char *body = strchr(vs, '\n');
   if (!body)
      return NULL;
   body++;
   struct fe_sb s = {0};
   fe_sb_put(&s, "%.*s", (int)(body - vs), vs);
   for (unsigned i = 0; i < 4; i++)
      fe_sb_put(&s, "#define v_%s g_%s\n", outline_colors[i], outline_colors[i]);
   fe_sb_put(&s, "#define v_fog g_fog\n");
   for (unsigned u = 0; u < FE_FF_UNITS; u++)
      fe_sb_put(&s, "#define v_tc%u g_tc%u\n", u, u);
   fe_sb_put(&s, "%s", body);
   return fe_sb_take(&s);
}

/* GL 4.6 §14.6.5 for a polygon drawn as lines or points: every fragment of its edges or
 * vertices takes the polygon's offset o = m * factor + r * units (clamped), m its largest window
 * depth slope, r the depth buffer's resolvable difference (2^-n for n fixed-point bits; for
 * float, 2^(e - 23), e the exponent of the polygon's largest depth). The device's depth bias
 * is for polygons, so the stage moves each vertex's clip z by w * o / (the depth range's
 * scale). GL clamps the offset depth to the range: a vertex inside the clip volume in z stays
 * there. m is 0 for a triangle with a vertex behind the eye (w <= 0), whose window shape is
 * only known after clipping. */
static void
gen_offset(struct fe_sb *s, int o)
{
   fe_sb_put(s, "float offset_ndc;\n");
   fe_sb_put(s,
             "vec3 win(int i)\n{\n   vec4 p = gl_in[i].gl_Position;\n"
             "   return vec3(p.xy * ff[%d].xy, p.z * ff[%d].z) / p.w + vec3(0.0, 0.0, ff[%d].w);\n"
             "}\n",
             o + 1, o + 1, o + 1);
   fe_sb_put(s,
             "void find_offset()\n{\n"
             "   vec3 a = win(0), b = win(2), c = win(4);\n"
             "   float m = 0.0;\n"
             "   if (min(gl_in[0].gl_Position.w, min(gl_in[2].gl_Position.w, "
             "gl_in[4].gl_Position.w)) > 0.0) {\n"
             "      vec3 n = cross(b - a, c - a);\n"
             "      if (n.z != 0.0)\n"
             "         m = max(abs(n.x), abs(n.y)) / abs(n.z);\n"
             "   }\n"
             "   float r = ff[%d].w;\n"
             "   if (r == 0.0) {\n"
             "      float z = max(abs(a.z), max(abs(b.z), abs(c.z)));\n"
             "      r = z > 0.0 ? exp2(floor(log2(z)) - 23.0) : 0.0;\n"
             "   }\n"
             "   float o = m * ff[%d].x + r * ff[%d].y;\n"
             "   if (ff[%d].z > 0.0)\n      o = min(o, ff[%d].z);\n"
             "   else if (ff[%d].z < 0.0)\n      o = max(o, ff[%d].z);\n"
             "   offset_ndc = ff[%d].z != 0.0 ? o / ff[%d].z : 0.0;\n"
             "}\n",
             o, o, o, o, o, o, o, o + 1, o + 1);
   fe_sb_put(s,
             "vec4 offset_z(vec4 p)\n{\n"
             "   float lo = ff[%d].x * p.w;\n"
             "   float z = p.z + p.w * offset_ndc;\n"
             "   if (p.z >= lo && p.z <= p.w)\n      z = clamp(z, lo, p.w);\n"
             "   return vec4(p.xy, z, p.w);\n}\n",
             o + 2);
}

char *
fe_ff_outline_offset_glsl(const float v[FE_FF_OUTLINE_OFFSET_FLOATS])
{
   struct fe_sb s = {0};
   fe_sb_put(&s, "const vec4 ff[3] = vec4[3](");
   for (int i = 0; i < FE_FF_OUTLINE_OFFSET_FLOATS; i++) {
      /* a literal GLSL reads back as the same float; no literal is infinite or NaN */
      const float x = isnan(v[i]) ? 0.0f : isinf(v[i]) ? copysignf(FLT_MAX, v[i]) : v[i];
      fe_sb_put(&s, "%s%.9e%s", i % 4 ? ", " : "vec4(", (double)x,
                i % 4 < 3                             ? ""
                : i + 1 < FE_FF_OUTLINE_OFFSET_FLOATS ? "), "
                                                      : "));\n");
   }
   gen_offset(&s, 0);
   return fe_sb_take(&s);
}

static char *
gen_geometry(const struct fe_ff_key *k, struct fe_ff_layout *l)
{
   struct fe_sb s = {0};
   const unsigned mode = k->outline[0] - 1u; /* mgp_polygon_mode */
   static const char *const outputs[3] = {
      [MGP_POLYGON_MODE_FILL] = "triangle_strip, max_vertices = 3",
      [MGP_POLYGON_MODE_LINE] = "line_strip, max_vertices = 6",
      [MGP_POLYGON_MODE_POINT] = "points, max_vertices = 3",
   };
   const char *flat = k->flat ? "flat " : "";
   const unsigned colors = two_sided(k) ? 4 : 2;
   const bool fill = mode == MGP_POLYGON_MODE_FILL;
   fe_sb_put(&s, "#version 330 core\nlayout(triangles_adjacency) in;\nlayout(%s) out;\n",
             outputs[mode < 3 ? mode : 0]);
   for (unsigned i = 0; i < colors; i++)
      fe_sb_put(&s, "%sin vec4 g_%s[];\n%sout vec4 v_%s;\n", flat, outline_colors[i], flat,
                outline_colors[i]);
   if (fog_out(k))
      fe_sb_put(&s, "in float g_fog[];\nout float v_fog;\n");
   for (unsigned u = 0; u < FE_FF_UNITS; u++)
      if (k->units & (1u << u))
         fe_sb_put(&s, "in vec4 g_tc%u[];\nout vec4 v_tc%u;\n", u, u);
   const bool offset = !fill && k->outline[4];
   fe_sb_put(&s, "uniform vec4 ff[FF_SLOTS];\n"); /* with_slots wants it */
   if (offset)
      gen_offset(&s, l->offset = slot(l, 3));
   /* vertex i of the input; c: the one whose colours it takes; f: the face is front */
   fe_sb_put(&s, "void put(int i, int c, bool f)\n{\n   gl_Position = %s;\n",
             offset ? "offset_z(gl_in[i].gl_Position)" : "gl_in[i].gl_Position");
   if (colors == 4 && !fill)
      /* lines and points are front-facing to the fragment stage: the face picks here */
      fe_sb_put(&s,
                "   v_col = f ? g_col[c] : g_bcol[c];\n   v_col1 = f ? g_col1[c] : g_bcol1[c];\n"
                "   v_bcol = v_col;\n   v_bcol1 = v_col1;\n");
   else
      for (unsigned i = 0; i < colors; i++)
         fe_sb_put(&s, "   v_%s = g_%s[c];\n", outline_colors[i], outline_colors[i]);
   if (fog_out(k))
      fe_sb_put(&s, "   v_fog = g_fog[i];\n");
   for (unsigned u = 0; u < FE_FF_UNITS; u++)
      if (k->units & (1u << u))
         fe_sb_put(&s, "   v_tc%u = g_tc%u[i];\n", u, u);
   if (k->point_size || k->vp_point_size)
      fe_sb_put(&s, "   gl_PointSize = gl_in[i].gl_PointSize;\n");
   for (int p = 0; p < FE_FF_MAX_CLIP_PLANES; p++)
      if (k->clip_planes & (1u << p))
         fe_sb_put(&s, "   gl_ClipDistance[%d] = gl_in[i].gl_ClipDistance[%d];\n", p, p);
   fe_sb_put(&s, "   EmitVertex();\n}\nvoid main()\n{\n");
   if (fill) {
      fe_sb_put(&s, "   put(0, 0, true);\n   put(2, 2, true);\n   put(4, 4, true);\n}\n");
      return fe_sb_take(&s);
   }
   /* GL's a (eq. 14.8) is positive for counter-clockwise window vertices; clip control's
    * upper-left origin negates both y and the a GL tests (vkb_front_face), so clip space
    * decides alone */
   fe_sb_put(&s,
             "   float a = dot(gl_in[0].gl_Position.xyw, cross(gl_in[2].gl_Position.xyw, "
             "gl_in[4].gl_Position.xyw));\n"
             "   bool f = %s;\n",
             k->outline[2] ? "a < 0.0" : "a > 0.0");
   if (k->outline[1] & 1)
      fe_sb_put(&s, "   if (f)\n      return;\n");
   if (k->outline[1] & 2)
      fe_sb_put(&s, "   if (!f)\n      return;\n");
   if (offset)
      fe_sb_put(&s, "   find_offset();\n");
   /* flat shading: every vertex takes the polygon's, the triangle's provoking vertex */
   const char *pv = k->outline[3] ? "4" : "0";
   fe_sb_put(&s,
             "   for (int e = 0; e < 6; e += 2) {\n"
             "      if (gl_in[e + 1].gl_Position == gl_in[e].gl_Position)\n"
             "         continue; /* not an edge the polygon draws */\n"
             "      put(e, %s, f);\n",
             k->flat ? pv : "e");
   if (mode == MGP_POLYGON_MODE_LINE)
      fe_sb_put(&s, "      put((e + 2) %% 6, %s, f);\n", k->flat ? pv : "(e + 2) % 6");
   fe_sb_put(&s, "      EndPrimitive();\n   }\n}\n");
   return fe_sb_take(&s);
}

/* The source with FF_SLOTS replaced by the count (the layout is known only at the end). */
static char *
with_slots(const char *src, int slots)
{
   const char *at = strstr(src, "FF_SLOTS");
   if (!at)
      return NULL;
   char num[16];
   snprintf(num, sizeof(num), "%d", slots > 0 ? slots : 1);
   const size_t pre = (size_t)(at - src), rest = strlen(at + 8);
   char *out = malloc(pre + strlen(num) + rest + 1);
   if (!out)
      return NULL;
   memcpy(out, src, pre);
   memcpy(out + pre, num, strlen(num));
   memcpy(out + pre + strlen(num), at + 8, rest + 1);
   return out;
}

/* ---- programs ------------------------------------------------------------------------------ */

static void
layout_init(struct fe_ff_layout *l)
{
   memset(l, 0xff, sizeof(*l)); /* every slot -1 */
   l->slots = 0;
}

static void
program_destroy(struct fe_context *ctx, struct fe_ff_program *p)
{
   if (!p)
      return;
   fe_exec_unref(ctx, p->exec);
   for (int t = 0; t < FE_ARBP_TARGETS; t++)
      fe_arbp_prog_unref(p->arbp[t]);
   free(p);
}

static struct fe_ff_program *
program_create(struct fe_context *ctx, const struct fe_ff_key *k, uint64_t hash)
{
   struct fe_ff_program *p = calloc(1, sizeof(*p));
   if (!p)
      return NULL;
   p->key = *k;
   p->hash = hash;
   layout_init(&p->layout);
   static const enum fe_arbp_target targets[2] = {FE_ARBP_VERTEX, FE_ARBP_FRAGMENT};
   for (int t = 0; t < 2; t++) {
      const struct fe_arbp_prog *a = (t ? k->fp : k->vp) ? fe_arbp_active(ctx, targets[t]) : NULL;
      if (a) {
         p->arbp[t] = (struct fe_arbp_prog *)a;
         fe_arbp_prog_ref(p->arbp[t]);
         p->unversioned |= a->reads_state_unversioned;
      }
   }
   char *vs0 = p->arbp[0] ? gen_vertex_program(k, &p->layout, p->arbp[0], &p->arbp_base[0])
                          : gen_vertex(k, &p->layout);
   char *fs0 = gen_fragment(k, &p->layout, p->arbp[1], &p->arbp_base[1]);
   char *gs0 = k->outline[0] ? gen_geometry(k, &p->layout) : NULL;
   char *vs = vs0 ? with_slots(vs0, p->layout.slots) : NULL;
   char *fs = fs0 ? with_slots(fs0, p->layout.slots) : NULL;
   char *gs = gs0 ? with_slots(gs0, p->layout.slots) : NULL;
   free(vs0);
   free(fs0);
   free(gs0);
   bool made = vs && fs;
   if (made && k->outline[0]) {
      char *renamed = outline_rename(vs);
      free(vs);
      vs = renamed;
      made = vs && gs;
   }
   char *log = NULL;
   if (made)
      p->exec = fe_exec_create_internal(ctx, vs, gs, fs, &log);
   if (!p->exec)
      mgu_log(MGU_LOG_ERROR,
              "fixed-function program failed to link: %s\n--- vertex\n%s--- geometry\n%s"
              "--- fragment\n%s",
              log ? log : "(out of memory)", vs ? vs : "", gs ? gs : "", fs ? fs : "");
   free(log);
   free(vs);
   free(gs);
   free(fs);
   if (!p->exec) {
      program_destroy(ctx, p);
      return NULL;
   }
   ctx->ff->programs_created++;
   /* where ff[] lives, and which unit each sampler reads */
   const struct glsl_program *gp = p->exec->glsl;
   p->ff_offset = UINT32_MAX;
   for (unsigned i = 0; i < gp->default_block.num_uniforms; i++) {
      const struct glsl_uniform *u = &gp->default_block.uniforms[i];
      if (strcmp(u->name, "ff") && strcmp(u->name, "ff[0]"))
         continue;
      const uint32_t stride = u->array_stride ? u->array_stride : 16;
      if (stride != 16)
         break; /* std140 vec4 arrays are tight: anything else is not a layout we fill */
      p->ff_offset = u->offset;
      p->ff_size = u->array_size * 16;
      if (p->ff_offset > p->exec->uniform_size || p->ff_size > p->exec->uniform_size - p->ff_offset)
         p->ff_size = p->exec->uniform_size -
                      (p->ff_offset < p->exec->uniform_size ? p->ff_offset : p->exec->uniform_size);
   }
   for (unsigned j = 0; j < gp->num_samplers && j < FE_MAX_SAMPLERS; j++) {
      unsigned unit;
      if (sscanf(gp->samplers[j].name, "ff_tex%u", &unit) == 1 && unit < FE_FF_UNITS)
         p->exec->sampler_units[j] = (GLint)unit;
   }
   p->exec->bindings_version++;
   return p;
}

void
fe_ff_programs_finish(struct fe_context *ctx)
{
   struct fe_ff *ff = ctx->ff;
   for (uint32_t i = 0; i < ff->num_programs; i++)
      program_destroy(ctx, ff->programs[i]);
   free(ff->programs);
   ff->programs = NULL;
   ff->num_programs = ff->cap_programs = 0;
   ff->current = NULL;
}

static struct fe_ff_program *
program_for(struct fe_context *ctx, const struct fe_ff_key *k)
{
   struct fe_ff *ff = ctx->ff;
   const uint64_t h = mgu_hash64(k, sizeof(*k), 0);
   for (uint32_t i = 0; i < ff->num_programs; i++)
      if (ff->programs[i]->hash == h && !memcmp(&ff->programs[i]->key, k, sizeof(*k)))
         return ff->programs[i];
   struct fe_ff_program *p = program_create(ctx, k, h);
   if (!p)
      return NULL;
   if (ff->num_programs >= FE_FF_MAX_PROGRAMS) {
      uint32_t lru = 0;
      for (uint32_t i = 1; i < ff->num_programs; i++)
         if (ff->programs[i]->last_use < ff->programs[lru]->last_use)
            lru = i;
      program_destroy(ctx, ff->programs[lru]);
      ff->programs[lru] = p;
      return p;
   }
   if (!mgu_array_reserve(ff->programs, ff->cap_programs, (uint64_t)ff->num_programs + 1)) {
      program_destroy(ctx, p);
      return NULL;
   }
   ff->programs[ff->num_programs++] = p;
   return p;
}

/* ---- uniforms ------------------------------------------------------------------------------ */

static void
put_vec(float *buf, int s, const float *v, unsigned n)
{
   if (s >= 0)
      memcpy(buf + s * 4, v, n * sizeof(float));
}

static void
put_mat(float *buf, int s, const float *m)
{
   put_vec(buf, s, m, 16);
}

/* The outline stage's polygon offset (gen_offset): 3 slots at v. */
void
fe_ff_outline_offset_values(const struct fe_context *ctx, float v[FE_FF_OUTLINE_OFFSET_FLOATS])
{
   const struct mgp_dynamic_state *ds = &ctx->ds;
   const uint16_t depth = fe_framebuffer_depth_format(ctx);
   const struct fe_mgp_format_desc *fd = depth != MGP_FORMAT_NONE ? fe_mgp_format(depth) : NULL;
   const bool zero_one = ctx->rs.clip_control & MGP_CLIP_ZERO_TO_ONE;
   const float n = ds->depth_range[0], f = ds->depth_range[1];
   const float depth_scale = zero_one ? f - n : (f - n) * 0.5f;
   v[0] = ds->polygon_offset_factor;
   v[1] = ds->polygon_offset_units;
   v[2] = ds->polygon_offset_clamp;
   /* r: 2^-n for n fixed-point bits; 0 asks the stage for the float one */
   v[3] = fd && depth != MGP_FORMAT_D32_FLOAT && depth != MGP_FORMAT_D32_FLOAT_S8_UINT &&
                fd->bits[4] > 0 && fd->bits[4] < 32
             ? ldexpf(1.0f, -(int)fd->bits[4])
             : 0.0f;
   v[4] = ds->viewport[2] * 0.5f;
   v[5] = ds->viewport[3] * 0.5f;
   v[6] = depth_scale;
   v[7] = zero_one ? n : (n + f) * 0.5f;
   v[8] = zero_one ? 0.0f : -1.0f;
}

static void
fill(struct fe_context *ctx, const struct fe_ff_program *p, float *buf)
{
   const struct fe_ff *ff = ctx->ff;
   const struct fe_ff_layout *l = &p->layout;
   const float *mv = fe_ff_top((struct fe_ff *)ff, FE_FF_MODELVIEW);
   float mvp[16];
   fe_ff_mat_mul(mvp, fe_ff_top((struct fe_ff *)ff, FE_FF_PROJECTION), mv);
   put_mat(buf, l->mvp, mvp);
   put_mat(buf, l->mv, mv);
   if (l->normal >= 0) {
      /* the inverse transpose of the modelview's upper 3x3, as three columns */
      float inv[16];
      if (!fe_ff_mat_invert(inv, mv))
         memset(inv, 0, sizeof(inv));
      float *n = buf + l->normal * 4;
      for (int c = 0; c < 3; c++)
         for (int r = 0; r < 3; r++)
            n[c * 4 + r] = inv[r * 4 + c];
      /* GL 2.1 §2.11.3: the rescale factor from the inverse's third row */
      const float f2 = inv[2] * inv[2] + inv[6] * inv[6] + inv[10] * inv[10];
      n[3] = f2 > 0.0f ? 1.0f / sqrtf(f2) : 1.0f;
   }
   put_vec(buf, l->lm_ambient, ff->light_model_ambient, 4);
   for (int f = 0; f < 2; f++) {
      if (l->material[f] < 0)
         continue;
      const struct fe_ff_material *m = &ff->material[f];
      const int s = l->material[f];
      put_vec(buf, s + 0, m->ambient, 4);
      put_vec(buf, s + 1, m->diffuse, 4);
      put_vec(buf, s + 2, m->specular, 4);
      put_vec(buf, s + 3, m->emission, 4);
      const float sh[4] = {m->shininess, 0, 0, 0};
      put_vec(buf, s + 4, sh, 4);
   }
   for (int i = 0; i < FE_FF_MAX_LIGHTS; i++) {
      if (l->light[i] < 0)
         continue;
      const struct fe_ff_light *lt = &ff->light[i];
      const int s = l->light[i];
      put_vec(buf, s + 0, lt->ambient, 4);
      put_vec(buf, s + 1, lt->diffuse, 4);
      put_vec(buf, s + 2, lt->specular, 4);
      put_vec(buf, s + 3, lt->position, 4);
      const float spot[4] = {lt->spot_dir[0], lt->spot_dir[1], lt->spot_dir[2],
                             cosf(lt->spot_cutoff * (float)M_PI / 180.0f)};
      put_vec(buf, s + 4, spot, 4);
      const float att[4] = {lt->spot_exponent, lt->atten[0], lt->atten[1], lt->atten[2]};
      put_vec(buf, s + 5, att, 4);
   }
   for (int c = 0; c < FE_FF_MAX_CLIP_PLANES; c++)
      put_vec(buf, l->clip[c], ff->clip_plane[c], 4);
   for (unsigned u = 0; u < FE_FF_UNITS; u++) {
      const struct fe_ff_unit *fu = &ff->unit[u];
      put_mat(buf, l->tex_matrix[u], fe_ff_top((struct fe_ff *)ff, FE_FF_TEXTURE0 + u));
      float envc[4];
      for (int k = 0; k < 4; k++)
         envc[k] = fe_ff_frag_value(ff, fu->env_color[k]);
      put_vec(buf, l->env_color[u], envc, 4);
      const float sc[4] = {fu->combine.scale[0], fu->combine.scale[1], 0, 0};
      put_vec(buf, l->env_scale[u], sc, 4);
      for (int c = 0; c < 4; c++)
         put_vec(buf, l->texgen[u][c],
                 fu->gen[c].mode == GL_OBJECT_LINEAR ? fu->gen[c].object_plane
                                                     : fu->gen[c].eye_plane,
                 4);
   }
   put_vec(buf, l->fog_color, ff->fog_color, 4);
   const float range = ff->fog_end - ff->fog_start;
   const float fogp[4] = {ff->fog_start, ff->fog_end, ff->fog_density,
                          range != 0.0f ? 1.0f / range : 0.0f};
   put_vec(buf, l->fog_params, fogp, 4);
   const float ref[4] = {fe_ff_frag_value(ff, ff->alpha_ref), 0, 0, 0};
   put_vec(buf, l->alpha_ref, ref, 4);
   if (l->point >= 0) {
      const float ps[8] = {
         ctx->ds.point_size, ff->point_min,      fe_ff_point_max(ctx), ctx->point_fade_threshold,
         ff->point_atten[0], ff->point_atten[1], ff->point_atten[2],   0.0f};
      put_vec(buf, l->point, ps, 4);
      put_vec(buf, l->point + 1, ps + 4, 4);
   }
   if (p->arbp[0] || p->arbp[1]) {
      struct glsl_compat_state st;
      fe_compat_glsl_state(ctx, &st);
      for (int t = 0; t < FE_ARBP_TARGETS; t++)
         for (uint32_t i = 0; p->arbp[t] && i < p->arbp[t]->num_params; i++)
            fe_arbp_param_value(ctx, p->arbp[t], &p->arbp[t]->params[i], &st,
                                buf + (p->arbp_base[t] + (int)i) * 4);
   }
   if (l->offset >= 0)
      fe_ff_outline_offset_values(ctx, buf + l->offset * 4);
   if (l->stipple >= 0)
      for (int y = 0; y < 32; y++) {
         buf[l->stipple * 4 + 2 * y] = (float)(ff->stipple[y] & 0xffffu);
         buf[l->stipple * 4 + 2 * y + 1] = (float)(ff->stipple[y] >> 16);
      }
}

static bool
upload(struct fe_context *ctx, struct fe_ff_program *p)
{
   if (p->ff_offset == UINT32_MAX || !p->ff_size)
      return true;
   float *buf = calloc((size_t)p->layout.slots + 1, 16);
   if (!buf)
      return false;
   fill(ctx, p, buf);
   struct fe_exec *e = p->exec;
   const uint32_t n =
      (uint32_t)p->layout.slots * 16 < p->ff_size ? (uint32_t)p->layout.slots * 16 : p->ff_size;
   if (memcmp(e->uniforms + p->ff_offset, buf, n)) {
      memcpy(e->uniforms + p->ff_offset, buf, n);
      fe_exec_mark_dirty(e, p->ff_offset, p->ff_offset + n);
      e->uniform_version++;
   }
   free(buf);
   return true;
}

/* Whether a draw of mode rasterizes filled polygons (what polygon stipple applies to). */
static bool
draws_fills(const struct fe_context *ctx, GLenum mode)
{
   switch (mode) {
   case GL_TRIANGLES:
   case GL_TRIANGLE_STRIP:
   case GL_TRIANGLE_FAN:
   case GL_TRIANGLES_ADJACENCY:
   case GL_TRIANGLE_STRIP_ADJACENCY:
      /* an outlined polygon's pass: that pass's mode (fe_draw.c sets it per face) */
      if (ctx->compat && ctx->compat->outline_draw)
         return ctx->rs.polygon_mode == MGP_POLYGON_MODE_FILL;
      return ctx->polygon_mode == GL_FILL;
   default: return mode == GL_QUADS || mode == GL_QUAD_STRIP || mode == GL_POLYGON;
   }
}

/* The colour clamps in effect for this draw (glClampColor's settings; GL_FIXED_ONLY reads the
 * draw framebuffer's formats): a change moves the version, so a generated program re-keys and
 * a GLSL program's built-in state (_mgl_Compat.ClampVertex, ClampFragment) is re-sent. */
static void
note_clamp(struct fe_context *ctx)
{
   struct fe_ff *ff = ctx->ff;
   const uint8_t bits =
      (uint8_t)((fe_clamp_color_applies(ctx, ctx->clamp_vertex_color, false) ? 1u : 0u) |
                (fe_clamp_color_applies(ctx, ctx->clamp_fragment_color, false) ? 2u : 0u));
   if (bits != ff->clamp_bits) {
      ff->clamp_bits = bits;
      fe_ff_bump(ff);
   }
}

bool
fe_ff_validate(struct fe_context *ctx, GLenum mode)
{
   struct fe_ff *ff = ctx->ff;
   if (ff->override_exec)
      return true;
   const uint64_t tex_gen = atomic_load(&ctx->share->texture_gen);
   const uint64_t sampler_gen = atomic_load(&ctx->share->sampler_gen);
   ff->draw_fills = ff->polygon_stipple && draws_fills(ctx, mode);
   /* the outline stage's points are points to the fragment stage (GL 2.1 §3.5.4: the
    * point state applies) */
   uint8_t outline[FE_FF_OUTLINE_KEY];
   fe_ff_outline_key(ctx, outline);
   ff->draw_points = mode == GL_POINTS || outline[0] == 1 + MGP_POLYGON_MODE_POINT;
   note_clamp(ctx);
   /* point draws re-key and refill every time: their size reads state not versioned here
    * (glPointSize, the fade threshold, multisampling of the framebuffer); so do outlines the
    * stage offsets (glPolygonOffset, the viewport, the depth range and buffer) */
   if (ff->current && !ff->draw_points && !outline[4] && ff->validated_version == ff->version &&
       ff->validated_units == ctx->unit_version && ff->validated_texture_gen == tex_gen &&
       ff->validated_sampler_gen == sampler_gen &&
       ff->current->key.clip_planes == ctx->rs.clip_distance_mask &&
       ff->current->key.stipple == ff->draw_fills && !ff->current->key.points &&
       !memcmp(ff->current->key.outline, outline, sizeof(outline)) && !ff->current->unversioned &&
       ff->current->key.draw_buffers == fe_ff_draw_buffer_count(ctx))
      return true;
   struct fe_ff_key k;
   build_key(ctx, &k);
   struct fe_ff_program *p =
      ff->current && !memcmp(&ff->current->key, &k, sizeof(k)) ? ff->current : program_for(ctx, &k);
   if (!p || !upload(ctx, p)) {
      MGU_DECLINE(gl_ff_program_failed,
                  "a draw with no program: its fixed-function program could not be made");
      ff->current = NULL;
      return false;
   }
   p->last_use = ++ff->use_clock;
   ff->current = p;
   ff->validated_version = ff->version;
   ff->validated_units = ctx->unit_version;
   ff->validated_texture_gen = tex_gen;
   ff->validated_sampler_gen = sampler_gen;
   return true;
}

void
fe_ff_note_program_draw(struct fe_context *ctx, GLenum mode)
{
   struct fe_ff *ff = ctx->ff;
   note_clamp(ctx);
   const bool fills = ff->polygon_stipple && draws_fills(ctx, mode);
   if (ff->draw_fills != fills) {
      ff->draw_fills = fills;
      ff->version++; /* the built-in state a program reads changed (GLSL_STATE_COMPAT) */
   }
   /* GLSL 1.50 7.1: a fragment shader's gl_PrimitiveID counts the draw's primitives, or is
    * what the geometry shader wrote (a tessellation stage draws patches, never rewritten) */
   const struct fe_exec *pe = fe_ctx_exec(ctx);
   const uint32_t made_by =
      GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY) | GLSL_STAGE_BIT(GLSL_STAGE_TESS_EVAL);
   const bool own_ids = pe && pe->glsl && (pe->glsl->stages & made_by);
   const uint32_t rewrite = ctx->compat ? ctx->compat->rewrite_divisor : 1;
   if (!rewrite && !own_ids && pe && pe->glsl &&
       (pe->glsl->default_block.state_mask & (1u << GLSL_STATE_PRIMITIVE_DIVISOR)))
      MGU_DECLINE(gl_feature_unimplemented,
                  "gl_PrimitiveID of polygons drawn as differing numbers of triangles, lines or "
                  "points (polygons of several sizes, or edge flags): the device's count");
   const uint32_t divisor = own_ids || !rewrite ? 1 : rewrite;
   if (ff->prim_divisor != divisor) {
      ff->prim_divisor = divisor;
      fe_ff_bump(ff); /* GLSL_STATE_PRIMITIVE_DIVISOR */
   }
   /* GL 2.1 §2.15: a program without a vertex shader gets fixed-function vertex processing;
    * the vertex shader fe_program.c links in its place does the transform, the unlit colours,
    * the texture matrices, the eye distance for fog and the clip vertex, not the rest */
   const struct fe_exec *e = ctx->program ? ctx->program->exec : NULL;
   if (e && e->ff_fragment) {
      /* GL 2.1 §3.11 for a program without a fragment shader: the one fe_program.c links in
       * its place takes the interpolated colour, not textures, colour sum or fog */
      bool textured = false;
      for (int u = 0; u < FE_FF_UNITS; u++)
         textured |= ff->unit[u].enabled != 0;
      if (textured || ff->fog || ff->color_sum ||
          (ff->lighting && ff->color_control == GL_SEPARATE_SPECULAR_COLOR))
         MGU_DECLINE(gl_feature_unimplemented,
                     "a program without a fragment shader: fixed-function texturing, colour "
                     "sum or fog is not applied");
   }
   /* GL 3.3 compatibility §4.1.4 for a GLSL fragment shader: its appended main() tests
    * colour 0 when it writes gl_FragColor or gl_FragData there; an output of its own at
    * location 0, colour 0 written in another unit, or a unit without the compatibility
    * built-ins draws untested */
   if (e && e->glsl && ff->alpha_test && ff->alpha_func != GL_ALWAYS &&
       (e->glsl->stages & GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT)) && !e->glsl->alpha_tested)
      MGU_DECLINE(gl_feature_unimplemented,
                  "GL_ALPHA_TEST with a fragment shader that writes colour 0 other than through "
                  "gl_FragColor or gl_FragData in main()'s unit: not applied");
   /* GL 3.3 compatibility §3.9.8: the appended main() clamps gl_FragColor and gl_FragData[]
    * of main()'s unit; an output of the shader's own, or the colour of the fragment stage
    * fe_program.c links for a program without a fragment shader, is not clamped (which shows
    * only in a draw buffer that is not fixed-point) */
   if (e && (ff->clamp_bits & 2) &&
       (e->ff_fragment || (e->glsl && (e->glsl->stages & GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT)) &&
                           !e->glsl->alpha_tested)) &&
       !fe_fbo_draw_fixed_point(ctx))
      MGU_DECLINE(gl_feature_unimplemented,
                  "GL_CLAMP_FRAGMENT_COLOR with a program whose colour is not gl_FragColor or "
                  "gl_FragData in main()'s unit: a float draw buffer takes it unclamped");
   if (e && mode == GL_POINTS && ff->point_smooth && !ff->point_sprite)
      MGU_DECLINE(gl_feature_unimplemented,
                  "GL_POINT_SMOOTH with a GLSL program: the points are drawn square");
   if (!e || !e->ff_vertex)
      return;
   bool texgen = false;
   for (int u = 0; u < FE_FF_UNITS; u++)
      texgen |= ff->unit[u].texgen_enabled != 0;
   if (ff->lighting || texgen || (ff->fog && ff->fog_coord_src == GL_FOG_COORD))
      MGU_DECLINE(gl_feature_unimplemented,
                  "a program without a vertex shader: fixed-function lighting, texture "
                  "coordinate generation or the fog coordinate is not applied");
}

bool
fe_ff_outline_offered(const struct fe_context *ctx)
{
   return ctx->ff && !ctx->program && !ctx->pipeline && !ctx->ff->override_exec &&
          (ctx->share->caps->cap_bits & MGP_CAP_GEOMETRY_STAGE);
}

bool
fe_ff_writes_point_size(const struct fe_context *ctx)
{
   return !ctx->program && !ctx->pipeline && ctx->ff && ctx->ff->current &&
          (ctx->ff->current->key.point_size || ctx->ff->current->key.vp_point_size);
}

struct fe_exec *
fe_ff_exec(struct fe_context *ctx)
{
   if (ctx->ff->override_exec)
      return ctx->ff->override_exec;
   return ctx->ff->current ? ctx->ff->current->exec : NULL;
}
