/* fe_ff_state.c — the fixed-function state of a compatibility context other than the matrix
 * stacks: lights, the light model, materials and colour material, fog, alpha test, shade
 * model, texture environments, user clip planes; their enables and queries (GL 2.1 §2.14,
 * §3.8.13, §3.10, §4.1.4, §6.2 tables 6.9-6.12). Every change a generated program reads bumps
 * ff->version (fe_ff_program.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fe_arbp.h"
#include "fe_ff.h"
#include "gl_api.h"

static void
set4(float *d, float a, float b, float c, float e)
{
   d[0] = a, d[1] = b, d[2] = c, d[3] = e;
}

static void
material_init(struct fe_ff_material *m)
{
   set4(m->ambient, 0.2f, 0.2f, 0.2f, 1.0f);
   set4(m->diffuse, 0.8f, 0.8f, 0.8f, 1.0f);
   set4(m->specular, 0, 0, 0, 1);
   set4(m->emission, 0, 0, 0, 1);
   m->shininess = 0;
   m->color_indexes[0] = 0, m->color_indexes[1] = 1, m->color_indexes[2] = 1;
}

struct fe_ff *
fe_ff_create(uint64_t *draw_serial)
{
   struct fe_ff *ff = calloc(1, sizeof(*ff));
   if (!ff)
      return NULL;
   ff->draw_serial = draw_serial;
   fe_ff_stacks_init(ff);
   if (!(ff->arbp = fe_arbp_state_create())) {
      free(ff);
      return NULL;
   }
   for (int i = 0; i < FE_FF_MAX_LIGHTS; i++) {
      struct fe_ff_light *l = &ff->light[i];
      set4(l->ambient, 0, 0, 0, 1);
      const float one = i == 0 ? 1.0f : 0.0f;
      set4(l->diffuse, one, one, one, 1);
      set4(l->specular, one, one, one, 1);
      set4(l->position, 0, 0, 1, 0);
      l->spot_dir[0] = 0, l->spot_dir[1] = 0, l->spot_dir[2] = -1;
      l->spot_cutoff = 180.0f;
      l->atten[0] = 1.0f;
   }
   set4(ff->light_model_ambient, 0.2f, 0.2f, 0.2f, 1.0f);
   ff->color_control = GL_SINGLE_COLOR;
   material_init(&ff->material[0]);
   material_init(&ff->material[1]);
   ff->color_material_face = GL_FRONT_AND_BACK;
   ff->color_material_mode = GL_AMBIENT_AND_DIFFUSE;
   ff->fog_mode = GL_EXP;
   ff->fog_coord_src = GL_FRAGMENT_DEPTH;
   ff->fog_density = 1.0f;
   ff->fog_end = 1.0f;
   ff->alpha_func = GL_ALWAYS;
   memset(ff->stipple, 0xff, sizeof(ff->stipple)); /* GL 2.1 table 6.14: all ones */
   ff->line_stipple_repeat = 1;                    /* table 6.13 */
   ff->line_stipple_pattern = 0xffff;
   ff->point_max = -1.0f;
   ff->point_atten[0] = 1.0f;
   ff->shade_model = GL_SMOOTH;
   for (int u = 0; u < FE_FF_UNITS; u++) {
      struct fe_ff_unit *t = &ff->unit[u];
      t->env_mode = GL_MODULATE;
      for (int k = 0; k < 2; k++) {
         t->combine.mode[k] = GL_MODULATE;
         t->combine.source[k][0] = GL_TEXTURE;
         t->combine.source[k][1] = GL_PREVIOUS;
         t->combine.source[k][2] = GL_CONSTANT;
         t->combine.scale[k] = 1.0f;
      }
      t->combine.operand[0][0] = t->combine.operand[0][1] = GL_SRC_COLOR;
      t->combine.operand[0][2] = GL_SRC_ALPHA;
      for (int n = 0; n < 3; n++)
         t->combine.operand[1][n] = GL_SRC_ALPHA;
      for (int c = 0; c < 4; c++) {
         t->gen[c].mode = GL_EYE_LINEAR;
         if (c < 2) {
            t->gen[c].object_plane[c] = 1.0f;
            t->gen[c].eye_plane[c] = 1.0f;
         }
      }
   }
   ff->version = 1;
   ff->prim_divisor = 1;
   ff->clamp_bits =
      3; /* GL_CLAMP_VERTEX_COLOR GL_TRUE, fragment GL_FIXED_ONLY: both, drawing to RGBA8 */
   return ff;
}

void
fe_ff_destroy(struct fe_context *ctx)
{
   if (!ctx->ff)
      return;
   fe_ff_programs_finish(ctx);
   fe_arbp_finish(ctx);
   free(ctx->ff);
   ctx->ff = NULL;
}

/* ---- enables ------------------------------------------------------------------------------- */

static int
flag(struct fe_ff *ff, bool *b, int on)
{
   if (on >= 0 && *b != (on != 0)) {
      *b = on != 0;
      fe_ff_bump(ff);
   }
   return *b;
}

static int
bit8(struct fe_ff *ff, uint8_t *bits, unsigned bit, int on)
{
   const uint8_t m = (uint8_t)(1u << bit);
   if (on >= 0 && ((*bits & m) != 0) != (on != 0)) {
      *bits = on ? *bits | m : *bits & ~m;
      fe_ff_bump(ff);
   }
   return (*bits & m) != 0;
}

static const float *current_color(struct fe_context *ctx);
static void color_material_apply(struct fe_context *ctx, const float *c);

int
fe_ff_set_enable(struct fe_context *ctx, GLenum cap, int on)
{
   struct fe_ff *ff = ctx->ff;
   if (cap >= GL_LIGHT0 && cap < GL_LIGHT0 + FE_FF_MAX_LIGHTS)
      return bit8(ff, &ff->lights_enabled, cap - GL_LIGHT0, on);
   const int arbp = fe_arbp_set_enable(ctx, cap, on);
   if (arbp >= 0)
      return arbp;
   switch (cap) {
   case GL_LIGHTING: return flag(ff, &ff->lighting, on);
   case GL_COLOR_MATERIAL:
      /* GL 2.1 §2.14.3: the material keeps the colour it tracked last */
      if (on == 0 && ff->color_material)
         color_material_apply(ctx, current_color(ctx));
      return flag(ff, &ff->color_material, on);
   case GL_NORMALIZE: return flag(ff, &ff->normalize, on);
   case GL_RESCALE_NORMAL: return flag(ff, &ff->rescale_normal, on);
   case GL_FOG: return flag(ff, &ff->fog, on);
   case GL_ALPHA_TEST: return flag(ff, &ff->alpha_test, on);
   case GL_COLOR_SUM: return flag(ff, &ff->color_sum, on);
   case FE_GL_RASTER_POSITION_UNCLIPPED_IBM:
      /* raster state only: no program depends on it */
      if (on >= 0)
         ff->raster_unclipped = on != 0;
      return ff->raster_unclipped;
   case GL_POLYGON_STIPPLE: return flag(ff, &ff->polygon_stipple, on);
   case GL_LINE_STIPPLE: return flag(ff, &ff->line_stipple, on);
   case GL_POINT_SPRITE: return flag(ff, &ff->point_sprite, on);
   case GL_POINT_SMOOTH: return flag(ff, &ff->point_smooth, on);
   case GL_TEXTURE_1D:
   case GL_TEXTURE_2D:
   case GL_TEXTURE_3D:
   case GL_TEXTURE_RECTANGLE:
   case GL_TEXTURE_CUBE_MAP:
   case GL_TEXTURE_GEN_S:
   case GL_TEXTURE_GEN_T:
   case GL_TEXTURE_GEN_R:
   case GL_TEXTURE_GEN_Q: {
      /* per texture unit: units past the coordinate sets have no such state */
      if (ctx->active_unit >= FE_FF_UNITS) {
         if (on >= 0)
            fe_error(ctx, GL_INVALID_OPERATION);
         return 0;
      }
      struct fe_ff_unit *u = &ff->unit[ctx->active_unit];
      switch (cap) {
      case GL_TEXTURE_1D: return bit8(ff, &u->enabled, 0, on);
      case GL_TEXTURE_2D: return bit8(ff, &u->enabled, 1, on);
      case GL_TEXTURE_RECTANGLE: return bit8(ff, &u->enabled, 2, on);
      case GL_TEXTURE_3D: return bit8(ff, &u->enabled, 3, on);
      case GL_TEXTURE_CUBE_MAP: return bit8(ff, &u->enabled, 4, on);
      default: return bit8(ff, &u->texgen_enabled, cap - GL_TEXTURE_GEN_S, on);
      }
   }
   default: return -1;
   }
}

/* ---- helpers ------------------------------------------------------------------------------- */

/* glFooiv colours: an integer maps linearly, the most positive to 1.0 (GL 2.1 table 2.9). */
static float
int_color(GLint v)
{
   return (float)((2.0 * v + 1.0) / 4294967295.0);
}

static GLint
color_int(float f)
{
   double c = f < -1.0f ? -1.0 : f > 1.0f ? 1.0 : f;
   double r = (c * 4294967295.0 - 1.0) / 2.0;
   return (GLint)(r < 0 ? r - 0.5 : r + 0.5);
}

static const float *
current_color(struct fe_context *ctx)
{
   return (const float *)ctx->attrib_value[FE_FF_ATTRIB_COLOR0];
}

static bool
changed4(struct fe_ff *ff, float *dst, const float *src, unsigned n)
{
   if (!memcmp(dst, src, n * sizeof(float)))
      return false;
   memcpy(dst, src, n * sizeof(float));
   fe_ff_bump(ff);
   return true;
}

/* A scalar glLight/glLightModel/glMaterial/glFog/glTexEnv/glTexGen call of a parameter that
 * takes a vector: GL 1.x-2.1 name no error for it, and Mesa (whose behaviour piglit's
 * gl-1.0-beginend-coverage checks) sets the vector (param, 0, 0, 0). */
static void
scalar_vector(float out[4], float v)
{
   out[0] = v;
   out[1] = out[2] = out[3] = 0.0f;
}

/* ---- lights ------------------------------------------------------------------------------- */

/* Number of values pname takes, 0 for an unknown pname. */
static unsigned
light_count(GLenum pname)
{
   switch (pname) {
   case GL_AMBIENT:
   case GL_DIFFUSE:
   case GL_SPECULAR:
   case GL_POSITION: return 4;
   case GL_SPOT_DIRECTION: return 3;
   case GL_SPOT_EXPONENT:
   case GL_SPOT_CUTOFF:
   case GL_CONSTANT_ATTENUATION:
   case GL_LINEAR_ATTENUATION:
   case GL_QUADRATIC_ATTENUATION: return 1;
   default: return 0;
   }
}

static bool
is_light_color(GLenum pname)
{
   return pname == GL_AMBIENT || pname == GL_DIFFUSE || pname == GL_SPECULAR;
}

static void
light(struct fe_context *ctx, GLenum l, GLenum pname, const float *p)
{
   FE_CHECK(l < GL_LIGHT0 || l >= GL_LIGHT0 + FE_FF_MAX_LIGHTS, GL_INVALID_ENUM);
   struct fe_ff *ff = ctx->ff;
   struct fe_ff_light *lt = &ff->light[l - GL_LIGHT0];
   switch (pname) {
   case GL_AMBIENT: changed4(ff, lt->ambient, p, 4); return;
   case GL_DIFFUSE: changed4(ff, lt->diffuse, p, 4); return;
   case GL_SPECULAR: changed4(ff, lt->specular, p, 4); return;
   case GL_POSITION: {
      /* GL 2.1 §2.14.1: transformed by the modelview matrix when it is specified */
      float eye[4];
      fe_ff_mat_transform(eye, fe_ff_top(ff, FE_FF_MODELVIEW), p);
      changed4(ff, lt->position, eye, 4);
      return;
   }
   case GL_SPOT_DIRECTION: {
      const float *m = fe_ff_top(ff, FE_FF_MODELVIEW);
      float d[3];
      for (int r = 0; r < 3; r++)
         d[r] = m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2];
      changed4(ff, lt->spot_dir, d, 3);
      return;
   }
   case GL_SPOT_EXPONENT:
      FE_CHECK(p[0] < 0.0f || p[0] > 128.0f, GL_INVALID_VALUE);
      changed4(ff, &lt->spot_exponent, p, 1);
      return;
   case GL_SPOT_CUTOFF:
      FE_CHECK((p[0] < 0.0f || p[0] > 90.0f) && p[0] != 180.0f, GL_INVALID_VALUE);
      changed4(ff, &lt->spot_cutoff, p, 1);
      return;
   case GL_CONSTANT_ATTENUATION:
   case GL_LINEAR_ATTENUATION:
   case GL_QUADRATIC_ATTENUATION:
      FE_CHECK(p[0] < 0.0f, GL_INVALID_VALUE);
      changed4(ff, &lt->atten[pname - GL_CONSTANT_ATTENUATION], p, 1);
      return;
   default: fe_error(ctx, GL_INVALID_ENUM);
   }
}

void
mgl_glLightf(GLenum l, GLenum pname, GLfloat param)
{
   FE_COMPAT_CTX_OR_RETURN();
   float p[4];
   scalar_vector(p, param);
   light(ctx, l, pname, p);
}

void
mgl_glLighti(GLenum l, GLenum pname, GLint param)
{
   FE_COMPAT_CTX_OR_RETURN();
   float p[4];
   scalar_vector(p, is_light_color(pname) ? int_color(param) : (float)param);
   light(ctx, l, pname, p);
}

void
mgl_glLightfv(GLenum l, GLenum pname, const GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(!light_count(pname), GL_INVALID_ENUM);
   light(ctx, l, pname, params);
}

void
mgl_glLightiv(GLenum l, GLenum pname, const GLint *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   const unsigned n = light_count(pname);
   FE_CHECK(!n, GL_INVALID_ENUM);
   float f[4];
   for (unsigned k = 0; k < n; k++)
      f[k] = is_light_color(pname) ? int_color(params[k]) : (float)params[k];
   light(ctx, l, pname, f);
}

/* The values of a light's pname (n of them); false after GL_INVALID_ENUM. */
static bool
get_light(struct fe_context *ctx, GLenum l, GLenum pname, float *out, unsigned *n)
{
   *n = light_count(pname);
   if (l < GL_LIGHT0 || l >= GL_LIGHT0 + FE_FF_MAX_LIGHTS || !*n) {
      fe_error(ctx, GL_INVALID_ENUM);
      return false;
   }
   const struct fe_ff_light *lt = &ctx->ff->light[l - GL_LIGHT0];
   switch (pname) {
   case GL_AMBIENT: memcpy(out, lt->ambient, 16); break;
   case GL_DIFFUSE: memcpy(out, lt->diffuse, 16); break;
   case GL_SPECULAR: memcpy(out, lt->specular, 16); break;
   case GL_POSITION: memcpy(out, lt->position, 16); break;
   case GL_SPOT_DIRECTION: memcpy(out, lt->spot_dir, 12); break;
   case GL_SPOT_EXPONENT: out[0] = lt->spot_exponent; break;
   case GL_SPOT_CUTOFF: out[0] = lt->spot_cutoff; break;
   default: out[0] = lt->atten[pname - GL_CONSTANT_ATTENUATION]; break;
   }
   return true;
}

void
mgl_glGetLightfv(GLenum l, GLenum pname, GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   float v[4];
   unsigned n;
   if (get_light(ctx, l, pname, v, &n))
      memcpy(params, v, n * sizeof(float));
}

void
mgl_glGetLightiv(GLenum l, GLenum pname, GLint *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   float v[4];
   unsigned n;
   if (!get_light(ctx, l, pname, v, &n))
      return;
   for (unsigned k = 0; k < n; k++)
      params[k] = is_light_color(pname) ? color_int(v[k]) : (GLint)lroundf(v[k]);
}

/* ---- light model --------------------------------------------------------------------------- */

static void
light_model(struct fe_context *ctx, GLenum pname, const float *p)
{
   struct fe_ff *ff = ctx->ff;
   switch (pname) {
   case GL_LIGHT_MODEL_AMBIENT: changed4(ff, ff->light_model_ambient, p, 4); return;
   case GL_LIGHT_MODEL_LOCAL_VIEWER: flag(ff, &ff->local_viewer, p[0] != 0.0f); return;
   case GL_LIGHT_MODEL_TWO_SIDE: flag(ff, &ff->two_side, p[0] != 0.0f); return;
   case GL_LIGHT_MODEL_COLOR_CONTROL: {
      const GLenum e = (GLenum)p[0];
      FE_CHECK(e != GL_SINGLE_COLOR && e != GL_SEPARATE_SPECULAR_COLOR, GL_INVALID_ENUM);
      if (ff->color_control != e) {
         ff->color_control = e;
         fe_ff_bump(ff);
      }
      return;
   }
   default: fe_error(ctx, GL_INVALID_ENUM);
   }
}

void
mgl_glLightModelf(GLenum pname, GLfloat param)
{
   FE_COMPAT_CTX_OR_RETURN();
   float p[4];
   scalar_vector(p, param);
   light_model(ctx, pname, p);
}

void
mgl_glLightModeli(GLenum pname, GLint param)
{
   FE_COMPAT_CTX_OR_RETURN();
   float p[4];
   scalar_vector(p, pname == GL_LIGHT_MODEL_AMBIENT ? int_color(param) : (float)param);
   light_model(ctx, pname, p);
}

void
mgl_glLightModelfv(GLenum pname, const GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   light_model(ctx, pname, params);
}

void
mgl_glLightModeliv(GLenum pname, const GLint *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   float f[4] = {(float)params[0]};
   if (pname == GL_LIGHT_MODEL_AMBIENT)
      for (int k = 0; k < 4; k++)
         f[k] = int_color(params[k]);
   light_model(ctx, pname, f);
}

/* ---- materials ----------------------------------------------------------------------------- */

static unsigned
material_count(GLenum pname)
{
   switch (pname) {
   case GL_AMBIENT:
   case GL_DIFFUSE:
   case GL_SPECULAR:
   case GL_EMISSION:
   case GL_AMBIENT_AND_DIFFUSE: return 4;
   case GL_COLOR_INDEXES: return 3;
   case GL_SHININESS: return 1;
   default: return 0;
   }
}

static void
material_set(struct fe_ff *ff, struct fe_ff_material *m, GLenum pname, const float *p)
{
   switch (pname) {
   case GL_AMBIENT: changed4(ff, m->ambient, p, 4); break;
   case GL_DIFFUSE: changed4(ff, m->diffuse, p, 4); break;
   case GL_SPECULAR: changed4(ff, m->specular, p, 4); break;
   case GL_EMISSION: changed4(ff, m->emission, p, 4); break;
   case GL_AMBIENT_AND_DIFFUSE:
      changed4(ff, m->ambient, p, 4);
      changed4(ff, m->diffuse, p, 4);
      break;
   case GL_SHININESS: changed4(ff, &m->shininess, p, 1); break;
   case GL_COLOR_INDEXES: changed4(ff, m->color_indexes, p, 3); break;
   default: break;
   }
}

static void
material(struct fe_context *ctx, GLenum face, GLenum pname, const float *p)
{
   FE_CHECK(face != GL_FRONT && face != GL_BACK && face != GL_FRONT_AND_BACK, GL_INVALID_ENUM);
   FE_CHECK(!material_count(pname), GL_INVALID_ENUM);
   FE_CHECK(pname == GL_SHININESS && (p[0] < 0.0f || p[0] > 128.0f), GL_INVALID_VALUE);
   struct fe_ff *ff = ctx->ff;
   if (ctx->entry_mode & FE_ENTRY_IN_BEGIN_END)
      fe_ff_vmat_note(ctx, face, pname, p);
   if (face != GL_BACK)
      material_set(ff, &ff->material[0], pname, p);
   if (face != GL_FRONT)
      material_set(ff, &ff->material[1], pname, p);
}

void
mgl_glMaterialf(GLenum face, GLenum pname, GLfloat param)
{
   FE_COMPAT_CTX_OR_RETURN();
   float p[4];
   scalar_vector(p, param);
   material(ctx, face, pname, p);
}

void
mgl_glMateriali(GLenum face, GLenum pname, GLint param)
{
   FE_COMPAT_CTX_OR_RETURN();
   float p[4];
   scalar_vector(p, material_count(pname) == 4 ? int_color(param) : (float)param);
   material(ctx, face, pname, p);
}

void
mgl_glMaterialfv(GLenum face, GLenum pname, const GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   material(ctx, face, pname, params);
}

void
mgl_glMaterialiv(GLenum face, GLenum pname, const GLint *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   const unsigned n = material_count(pname);
   float f[4] = {0};
   for (unsigned k = 0; k < n; k++)
      f[k] = n == 4 ? int_color(params[k]) : (float)params[k];
   material(ctx, face, pname, f);
}

/* Writes colour c into the material properties glColorMaterial tracks. */
static void
color_material_apply(struct fe_context *ctx, const float *c)
{
   struct fe_ff *ff = ctx->ff;
   const GLenum face = ff->color_material_face, mode = ff->color_material_mode;
   if (face != GL_BACK)
      material_set(ff, &ff->material[0], mode, c);
   if (face != GL_FRONT)
      material_set(ff, &ff->material[1], mode, c);
}

void
mgl_glColorMaterial(GLenum face, GLenum mode)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(face != GL_FRONT && face != GL_BACK && face != GL_FRONT_AND_BACK, GL_INVALID_ENUM);
   FE_CHECK(mode != GL_EMISSION && mode != GL_AMBIENT && mode != GL_DIFFUSE &&
               mode != GL_SPECULAR && mode != GL_AMBIENT_AND_DIFFUSE,
            GL_INVALID_ENUM);
   struct fe_ff *ff = ctx->ff;
   if (ff->color_material_face == face && ff->color_material_mode == mode)
      return;
   if (ff->color_material)
      color_material_apply(ctx, current_color(ctx));
   ff->color_material_face = face;
   ff->color_material_mode = mode;
   fe_ff_bump(ff);
}

/* Whether the material property pname of face f (0 front, 1 back) follows the current colour. */
bool
fe_ff_material_tracks(const struct fe_ff *ff, int f, GLenum pname)
{
   if (!ff->color_material || (f == 0 && ff->color_material_face == GL_BACK) ||
       (f == 1 && ff->color_material_face == GL_FRONT))
      return false;
   return ff->color_material_mode == pname || (ff->color_material_mode == GL_AMBIENT_AND_DIFFUSE &&
                                               (pname == GL_AMBIENT || pname == GL_DIFFUSE));
}

static void
get_material(struct fe_context *ctx, GLenum face, GLenum pname, float *out, unsigned *n)
{
   *n = 0;
   FE_CHECK(face != GL_FRONT && face != GL_BACK, GL_INVALID_ENUM);
   FE_CHECK(!material_count(pname) || pname == GL_AMBIENT_AND_DIFFUSE, GL_INVALID_ENUM);
   const int f = face == GL_BACK;
   const struct fe_ff_material *m = &ctx->ff->material[f];
   *n = material_count(pname);
   if (fe_ff_material_tracks(ctx->ff, f, pname)) {
      memcpy(out, current_color(ctx), 16);
      return;
   }
   switch (pname) {
   case GL_AMBIENT: memcpy(out, m->ambient, 16); break;
   case GL_DIFFUSE: memcpy(out, m->diffuse, 16); break;
   case GL_SPECULAR: memcpy(out, m->specular, 16); break;
   case GL_EMISSION: memcpy(out, m->emission, 16); break;
   case GL_SHININESS: out[0] = m->shininess; break;
   default: memcpy(out, m->color_indexes, 12); break;
   }
}

void
mgl_glGetMaterialfv(GLenum face, GLenum pname, GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   float v[4];
   unsigned n;
   get_material(ctx, face, pname, v, &n);
   memcpy(params, v, n * sizeof(float));
}

void
mgl_glGetMaterialiv(GLenum face, GLenum pname, GLint *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   float v[4];
   unsigned n;
   get_material(ctx, face, pname, v, &n);
   for (unsigned k = 0; k < n; k++)
      params[k] = n == 4 ? color_int(v[k]) : (GLint)lroundf(v[k]);
}

/* ---- fog, alpha test, shading -------------------------------------------------------------- */

static void
fog(struct fe_context *ctx, GLenum pname, const float *p)
{
   struct fe_ff *ff = ctx->ff;
   switch (pname) {
   case GL_FOG_MODE: {
      const GLenum m = (GLenum)p[0];
      FE_CHECK(m != GL_LINEAR && m != GL_EXP && m != GL_EXP2, GL_INVALID_ENUM);
      if (ff->fog_mode != m)
         ff->fog_mode = m, fe_ff_bump(ff);
      return;
   }
   case GL_FOG_COORD_SRC: {
      const GLenum m = (GLenum)p[0];
      FE_CHECK(m != GL_FOG_COORD && m != GL_FRAGMENT_DEPTH, GL_INVALID_ENUM);
      if (ff->fog_coord_src != m)
         ff->fog_coord_src = m, fe_ff_bump(ff);
      return;
   }
   case GL_FOG_DENSITY:
      FE_CHECK(p[0] < 0.0f, GL_INVALID_VALUE);
      changed4(ff, &ff->fog_density, p, 1);
      return;
   case GL_FOG_START: changed4(ff, &ff->fog_start, p, 1); return;
   case GL_FOG_END: changed4(ff, &ff->fog_end, p, 1); return;
   case GL_FOG_INDEX: changed4(ff, &ff->fog_index, p, 1); return;
   case GL_FOG_COLOR: changed4(ff, ff->fog_color, p, 4); return;
   default: fe_error(ctx, GL_INVALID_ENUM);
   }
}

void
mgl_glFogf(GLenum pname, GLfloat param)
{
   FE_COMPAT_CTX_OR_RETURN();
   float p[4];
   scalar_vector(p, param);
   fog(ctx, pname, p);
}

void
mgl_glFogi(GLenum pname, GLint param)
{
   FE_COMPAT_CTX_OR_RETURN();
   float p[4];
   scalar_vector(p, pname == GL_FOG_COLOR ? int_color(param) : (float)param);
   fog(ctx, pname, p);
}

void
mgl_glFogfv(GLenum pname, const GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   fog(ctx, pname, params);
}

void
mgl_glFogiv(GLenum pname, const GLint *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   float f[4] = {(float)params[0]};
   if (pname == GL_FOG_COLOR)
      for (int k = 0; k < 4; k++)
         f[k] = int_color(params[k]);
   fog(ctx, pname, f);
}

void
mgl_glAlphaFunc(GLenum func, GLfloat ref)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(func < GL_NEVER || func > GL_ALWAYS, GL_INVALID_ENUM);
   struct fe_ff *ff = ctx->ff;
   /* kept as given: the draw clamps it where fragment colours are (fe_ff_frag_value), a
    * query where GL_CLAMP_FRAGMENT_COLOR is in effect (GL_ARB_color_buffer_float) */
   const float r = ref;
   if (ff->alpha_func != func || ff->alpha_ref != r) {
      ff->alpha_func = func;
      ff->alpha_ref = r;
      fe_ff_bump(ff);
   }
}

void
mgl_glShadeModel(GLenum mode)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(mode != GL_FLAT && mode != GL_SMOOTH, GL_INVALID_ENUM);
   if (ctx->ff->shade_model != mode) {
      ctx->ff->shade_model = mode;
      fe_ff_bump(ctx->ff);
   }
}

/* ---- texture environment ------------------------------------------------------------------- */

static bool
combine_mode_ok(GLenum m, bool rgb)
{
   switch (m) {
   case GL_REPLACE:
   case GL_MODULATE:
   case GL_ADD:
   case GL_ADD_SIGNED:
   case GL_INTERPOLATE:
   case GL_SUBTRACT: return true;
   case GL_DOT3_RGB:
   case GL_DOT3_RGBA: return rgb;
   default: return false;
   }
}

static bool
combine_source_ok(GLenum s)
{
   return s == GL_TEXTURE || s == GL_CONSTANT || s == GL_PRIMARY_COLOR || s == GL_PREVIOUS ||
          (s >= GL_TEXTURE0 && s < GL_TEXTURE0 + FE_FF_UNITS);
}

static void
set_enum(struct fe_ff *ff, GLenum *dst, GLenum v)
{
   if (*dst != v) {
      *dst = v;
      fe_ff_bump(ff);
   }
}

/* Values pname takes on target; 0 for a pair GL does not define. */
static unsigned
texenv_count(GLenum target, GLenum pname)
{
   if (target == GL_TEXTURE_FILTER_CONTROL)
      return pname == GL_TEXTURE_LOD_BIAS;
   if (target == GL_POINT_SPRITE)
      return pname == GL_COORD_REPLACE;
   if (target != GL_TEXTURE_ENV)
      return 0;
   switch (pname) {
   case GL_TEXTURE_ENV_COLOR: return 4;
   case GL_TEXTURE_ENV_MODE:
   case GL_COMBINE_RGB:
   case GL_COMBINE_ALPHA:
   case GL_RGB_SCALE:
   case GL_ALPHA_SCALE: return 1;
   default:
      return (pname >= GL_SRC0_RGB && pname <= GL_SRC2_ALPHA && (pname & 7) < 3) ||
             (pname >= GL_OPERAND0_RGB && pname <= GL_OPERAND2_ALPHA && (pname & 7) < 3);
   }
}

static void
texenv(struct fe_context *ctx, GLenum target, GLenum pname, const float *p)
{
   FE_CHECK(!texenv_count(target, pname), GL_INVALID_ENUM);
   FE_CHECK(ctx->active_unit >= FE_FF_UNITS, GL_INVALID_OPERATION);
   struct fe_ff *ff = ctx->ff;
   struct fe_ff_unit *u = &ff->unit[ctx->active_unit];
   const GLenum e = (GLenum)p[0];
   switch (pname) {
   case GL_TEXTURE_LOD_BIAS:
      /* GL 2.1 §3.8.8: the unit's bias adds to the texture's and the shader's; it reaches the
       * unit's sampler state (fe_tracker.c resolve_unit), so the unit resolves again */
      if (changed4(ff, &u->lod_bias, p, 1))
         fe_unit_changed(ctx, ctx->active_unit);
      return;
   case GL_COORD_REPLACE: {
      const bool on = p[0] != 0.0f;
      if (u->coord_replace != on) {
         u->coord_replace = on;
         fe_ff_bump(ff);
      }
      return;
   }
   case GL_TEXTURE_ENV_COLOR: {
      changed4(ff, u->env_color, p, 4); /* as given, as the alpha reference is */
      return;
   }
   case GL_TEXTURE_ENV_MODE:
      FE_CHECK(e != GL_MODULATE && e != GL_DECAL && e != GL_BLEND && e != GL_REPLACE &&
                  e != GL_ADD && e != GL_COMBINE,
               GL_INVALID_ENUM);
      set_enum(ff, &u->env_mode, e);
      return;
   case GL_COMBINE_RGB:
   case GL_COMBINE_ALPHA: {
      const int k = pname == GL_COMBINE_ALPHA;
      FE_CHECK(!combine_mode_ok(e, !k), GL_INVALID_ENUM);
      set_enum(ff, &u->combine.mode[k], e);
      return;
   }
   case GL_RGB_SCALE:
   case GL_ALPHA_SCALE:
      FE_CHECK(p[0] != 1.0f && p[0] != 2.0f && p[0] != 4.0f, GL_INVALID_VALUE);
      changed4(ff, &u->combine.scale[pname == GL_ALPHA_SCALE], p, 1);
      return;
   default: break;
   }
   if (pname >= GL_SRC0_RGB && pname <= GL_SRC2_ALPHA) {
      FE_CHECK(!combine_source_ok(e), GL_INVALID_ENUM);
      set_enum(ff, &u->combine.source[pname >= GL_SRC0_ALPHA][pname & 7], e);
      return;
   }
   const bool alpha = pname >= GL_OPERAND0_ALPHA;
   FE_CHECK(e != GL_SRC_ALPHA && e != GL_ONE_MINUS_SRC_ALPHA &&
               (alpha || (e != GL_SRC_COLOR && e != GL_ONE_MINUS_SRC_COLOR)),
            GL_INVALID_ENUM);
   set_enum(ff, &u->combine.operand[alpha][pname & 7], e);
}

static bool
texenv_is_enum(GLenum pname)
{
   return pname != GL_TEXTURE_ENV_COLOR && pname != GL_RGB_SCALE && pname != GL_ALPHA_SCALE &&
          pname != GL_TEXTURE_LOD_BIAS;
}

void
mgl_glTexEnvf(GLenum target, GLenum pname, GLfloat param)
{
   FE_COMPAT_CTX_OR_RETURN();
   float p[4];
   scalar_vector(p, param);
   texenv(ctx, target, pname, p);
}

void
mgl_glTexEnvi(GLenum target, GLenum pname, GLint param)
{
   FE_COMPAT_CTX_OR_RETURN();
   float p[4];
   scalar_vector(p, pname == GL_TEXTURE_ENV_COLOR ? int_color(param) : (float)param);
   texenv(ctx, target, pname, p);
}

void
mgl_glTexEnvfv(GLenum target, GLenum pname, const GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   texenv(ctx, target, pname, params);
}

void
mgl_glTexEnviv(GLenum target, GLenum pname, const GLint *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   float f[4] = {(float)params[0]};
   if (pname == GL_TEXTURE_ENV_COLOR)
      for (int k = 0; k < 4; k++)
         f[k] = int_color(params[k]);
   texenv(ctx, target, pname, f);
}

static unsigned
get_texenv(struct fe_context *ctx, GLenum target, GLenum pname, float *out)
{
   const unsigned n = texenv_count(target, pname);
   if (!n) {
      fe_error(ctx, GL_INVALID_ENUM);
      return 0;
   }
   if (ctx->active_unit >= FE_FF_UNITS) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return 0;
   }
   const struct fe_ff_unit *u = &ctx->ff->unit[ctx->active_unit];
   switch (pname) {
   case GL_TEXTURE_LOD_BIAS: out[0] = u->lod_bias; break;
   case GL_COORD_REPLACE: out[0] = u->coord_replace; break;
   case GL_TEXTURE_ENV_COLOR:
      for (int k = 0; k < 4; k++)
         out[k] =
            fe_clamp_color_queries(ctx) ? (float)fe_clamp01(u->env_color[k]) : u->env_color[k];
      break;
   case GL_TEXTURE_ENV_MODE: out[0] = (float)u->env_mode; break;
   case GL_COMBINE_RGB: out[0] = (float)u->combine.mode[0]; break;
   case GL_COMBINE_ALPHA: out[0] = (float)u->combine.mode[1]; break;
   case GL_RGB_SCALE: out[0] = u->combine.scale[0]; break;
   case GL_ALPHA_SCALE: out[0] = u->combine.scale[1]; break;
   default:
      if (pname >= GL_SRC0_RGB && pname <= GL_SRC2_ALPHA)
         out[0] = (float)u->combine.source[pname >= GL_SRC0_ALPHA][pname & 7];
      else
         out[0] = (float)u->combine.operand[pname >= GL_OPERAND0_ALPHA][pname & 7];
   }
   return n;
}

void
mgl_glGetTexEnvfv(GLenum target, GLenum pname, GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   float v[4];
   const unsigned n = get_texenv(ctx, target, pname, v);
   memcpy(params, v, n * sizeof(float));
}

void
mgl_glGetTexEnviv(GLenum target, GLenum pname, GLint *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   float v[4];
   const unsigned n = get_texenv(ctx, target, pname, v);
   for (unsigned k = 0; k < n; k++)
      params[k] = pname == GL_TEXTURE_ENV_COLOR ? color_int(v[k])
                  : texenv_is_enum(pname)       ? (GLint)(GLenum)v[k]
                                                : (GLint)lroundf(v[k]);
}

/* ---- texture coordinate generation --------------------------------------------------------- */

/* A plane given in object coordinates, in eye space: p' = p M^-1 with the modelview now
 * (GL 2.1 §2.11.4 for GL_EYE_PLANE, §2.12 for clip planes). */
static void
plane_to_eye(struct fe_ff *ff, const double *p, float out[4])
{
   float inv[16];
   if (!fe_ff_mat_invert(inv, fe_ff_top(ff, FE_FF_MODELVIEW)))
      memset(inv, 0, sizeof(inv));
   for (int c = 0; c < 4; c++)
      out[c] = (float)(p[0] * inv[c * 4 + 0] + p[1] * inv[c * 4 + 1] + p[2] * inv[c * 4 + 2] +
                       p[3] * inv[c * 4 + 3]);
}

static void
texgen(struct fe_context *ctx, GLenum coord, GLenum pname, const double *p)
{
   FE_CHECK(coord < GL_S || coord > GL_Q, GL_INVALID_ENUM);
   FE_CHECK(ctx->active_unit >= FE_FF_UNITS, GL_INVALID_OPERATION);
   struct fe_ff *ff = ctx->ff;
   struct fe_ff_texgen *g = &ff->unit[ctx->active_unit].gen[coord - GL_S];
   switch (pname) {
   case GL_TEXTURE_GEN_MODE: {
      const GLenum m = (GLenum)p[0];
      const bool ok = m == GL_OBJECT_LINEAR || m == GL_EYE_LINEAR ||
                      (m == GL_SPHERE_MAP && coord <= GL_T) ||
                      ((m == GL_REFLECTION_MAP || m == GL_NORMAL_MAP) && coord <= GL_R);
      FE_CHECK(!ok, GL_INVALID_ENUM);
      set_enum(ff, &g->mode, m);
      return;
   }
   case GL_OBJECT_PLANE: {
      const float f[4] = {(float)p[0], (float)p[1], (float)p[2], (float)p[3]};
      changed4(ff, g->object_plane, f, 4);
      return;
   }
   case GL_EYE_PLANE: {
      float f[4];
      plane_to_eye(ff, p, f);
      changed4(ff, g->eye_plane, f, 4);
      return;
   }
   default: fe_error(ctx, GL_INVALID_ENUM);
   }
}

static void
texgen_scalar(struct fe_context *ctx, GLenum coord, GLenum pname, double v)
{
   const double p[4] = {v, 0, 0, 0}; /* a plane as (v, 0, 0, 0): scalar_vector */
   texgen(ctx, coord, pname, p);
}

void
mgl_glTexGeni(GLenum coord, GLenum pname, GLint param)
{
   FE_COMPAT_CTX_OR_RETURN();
   texgen_scalar(ctx, coord, pname, param);
}

void
mgl_glTexGenf(GLenum coord, GLenum pname, GLfloat param)
{
   FE_COMPAT_CTX_OR_RETURN();
   texgen_scalar(ctx, coord, pname, param);
}

void
mgl_glTexGend(GLenum coord, GLenum pname, GLdouble param)
{
   FE_COMPAT_CTX_OR_RETURN();
   texgen_scalar(ctx, coord, pname, param);
}

void
mgl_glTexGeniv(GLenum coord, GLenum pname, const GLint *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   const unsigned n = pname == GL_TEXTURE_GEN_MODE ? 1 : 4;
   double p[4] = {0};
   for (unsigned k = 0; k < n; k++)
      p[k] = params[k];
   texgen(ctx, coord, pname, p);
}

void
mgl_glTexGenfv(GLenum coord, GLenum pname, const GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   const unsigned n = pname == GL_TEXTURE_GEN_MODE ? 1 : 4;
   double p[4] = {0};
   for (unsigned k = 0; k < n; k++)
      p[k] = params[k];
   texgen(ctx, coord, pname, p);
}

void
mgl_glTexGendv(GLenum coord, GLenum pname, const GLdouble *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   const unsigned n = pname == GL_TEXTURE_GEN_MODE ? 1 : 4;
   double p[4] = {0};
   for (unsigned k = 0; k < n; k++)
      p[k] = params[k];
   texgen(ctx, coord, pname, p);
}

/* The values of pname (1 or 4); 0 after an error. */
static unsigned
get_texgen(struct fe_context *ctx, GLenum coord, GLenum pname, double *out)
{
   if (coord < GL_S || coord > GL_Q ||
       (pname != GL_TEXTURE_GEN_MODE && pname != GL_OBJECT_PLANE && pname != GL_EYE_PLANE)) {
      fe_error(ctx, GL_INVALID_ENUM);
      return 0;
   }
   if (ctx->active_unit >= FE_FF_UNITS) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return 0;
   }
   const struct fe_ff_texgen *g = &ctx->ff->unit[ctx->active_unit].gen[coord - GL_S];
   if (pname == GL_TEXTURE_GEN_MODE) {
      out[0] = g->mode;
      return 1;
   }
   const float *v = pname == GL_OBJECT_PLANE ? g->object_plane : g->eye_plane;
   for (int k = 0; k < 4; k++)
      out[k] = v[k];
   return 4;
}

void
mgl_glGetTexGeniv(GLenum coord, GLenum pname, GLint *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   double v[4];
   const unsigned n = get_texgen(ctx, coord, pname, v);
   for (unsigned k = 0; k < n; k++)
      params[k] = pname == GL_TEXTURE_GEN_MODE ? (GLint)v[k] : (GLint)lround(v[k]);
}

void
mgl_glGetTexGenfv(GLenum coord, GLenum pname, GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   double v[4];
   const unsigned n = get_texgen(ctx, coord, pname, v);
   for (unsigned k = 0; k < n; k++)
      params[k] = (GLfloat)v[k];
}

void
mgl_glGetTexGendv(GLenum coord, GLenum pname, GLdouble *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   double v[4];
   const unsigned n = get_texgen(ctx, coord, pname, v);
   for (unsigned k = 0; k < n; k++)
      params[k] = v[k];
}

/* ---- user clip planes ---------------------------------------------------------------------- */

void
mgl_glClipPlane(GLenum plane, const GLdouble *equation)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + FE_FF_MAX_CLIP_PLANES,
            GL_INVALID_ENUM);
   /* GL 2.1 §2.12: stored in eye space */
   struct fe_ff *ff = ctx->ff;
   float eq[4];
   plane_to_eye(ff, equation, eq);
   changed4(ff, ff->clip_plane[plane - GL_CLIP_PLANE0], eq, 4);
}

void
mgl_glGetClipPlane(GLenum plane, GLdouble *equation)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + FE_FF_MAX_CLIP_PLANES,
            GL_INVALID_ENUM);
   for (int k = 0; k < 4; k++)
      equation[k] = ctx->ff->clip_plane[plane - GL_CLIP_PLANE0][k];
}

/* ---- glGet --------------------------------------------------------------------------------- */

int
fe_ff_get(struct fe_context *ctx, GLenum pname, double out[16], enum fe_ff_value_kind *kind)
{
   struct fe_ff *ff = ctx->ff;
   *kind = FE_FF_VALUE_FLOAT;
   int n = fe_ff_point_get(ctx, pname, out);
   if (n)
      return n;
   n = fe_arbp_get(ctx, pname, out, kind);
   if (n)
      return n;
   n = fe_ff_get_matrix(ctx, pname, out);
   if (n) {
      if (n == 1)
         *kind = pname == GL_MATRIX_MODE ? FE_FF_VALUE_ENUM : FE_FF_VALUE_INT;
      return n;
   }
#define ENUM(v) return (*kind = FE_FF_VALUE_ENUM, out[0] = (v), 1)
#define INT(v) return (*kind = FE_FF_VALUE_INT, out[0] = (v), 1)
#define BOOL(v) return (*kind = FE_FF_VALUE_BOOL, out[0] = (v) ? 1 : 0, 1)
#define FLOAT(v) return (out[0] = (v), 1)
   const float *c4 = NULL;
   switch (pname) {
   case GL_MAX_LIGHTS: INT(FE_FF_MAX_LIGHTS);
   case GL_MAX_TEXTURE_UNITS: INT(FE_FF_UNITS);
   case GL_MAX_TEXTURE_COORDS: INT(FE_FF_UNITS);
   case GL_SHADE_MODEL: ENUM(ff->shade_model);
   case GL_LIGHT_MODEL_LOCAL_VIEWER: BOOL(ff->local_viewer);
   case GL_LIGHT_MODEL_TWO_SIDE: BOOL(ff->two_side);
   case GL_LIGHT_MODEL_COLOR_CONTROL: ENUM(ff->color_control);
   case GL_COLOR_MATERIAL_FACE: ENUM(ff->color_material_face);
   case GL_COLOR_MATERIAL_PARAMETER: ENUM(ff->color_material_mode);
   case GL_FOG_MODE: ENUM(ff->fog_mode);
   case GL_FOG_COORD_SRC: ENUM(ff->fog_coord_src);
   case GL_FOG_DENSITY: FLOAT(ff->fog_density);
   case GL_FOG_START: FLOAT(ff->fog_start);
   case GL_FOG_END: FLOAT(ff->fog_end);
   case GL_FOG_INDEX: FLOAT(ff->fog_index);
   case GL_LINE_STIPPLE_PATTERN: INT(ff->line_stipple_pattern);
   case GL_LINE_STIPPLE_REPEAT: INT(ff->line_stipple_repeat);
   case GL_ALPHA_TEST_FUNC: ENUM(ff->alpha_func);
   case GL_ALPHA_TEST_REF:
      *kind = FE_FF_VALUE_COLOR;
      FLOAT(fe_clamp_color_queries(ctx) ? fe_clamp01(ff->alpha_ref) : ff->alpha_ref);
   case GL_LIGHT_MODEL_AMBIENT: c4 = ff->light_model_ambient; break;
   case GL_FOG_COLOR: c4 = ff->fog_color; break;
   default: return 0;
   }
#undef ENUM
#undef INT
#undef BOOL
#undef FLOAT
   *kind = FE_FF_VALUE_COLOR;
   for (int k = 0; k < 4; k++)
      out[k] = c4[k];
   return 4;
}
