/* fe_compat_glsl.c — the value of the compatibility profile's GLSL built-in state
 * (struct glsl_compat_state: gl_ModelViewMatrix, gl_LightSource[], gl_Fog, ...) that a program
 * of a compatibility context reads through its hidden _mgl_Compat uniform (glsl_compat.c),
 * derived from the fixed-function state (fe_ff.h) as GL 2.1 §2.15.3 and §7.5 of GLSL 1.20
 * define it. */
#include <math.h>
#include <string.h>

#include "fe_arbp.h"
#include "fe_compat.h"
#include "fe_ff.h"

static void
transpose(float out[16], const float m[16])
{
   for (int c = 0; c < 4; c++)
      for (int r = 0; r < 4; r++)
         out[c * 4 + r] = m[r * 4 + c];
}

/* m, its inverse, transpose and inverse transpose (a singular matrix's inverse is zero). */
static void
matrix_set(const float m[16], float *plain, float *inverse, float *transposed, float *inv_t)
{
   float inv[16];
   if (!fe_ff_mat_invert(inv, m))
      memset(inv, 0, sizeof(inv));
   memcpy(plain, m, sizeof(inv));
   memcpy(inverse, inv, sizeof(inv));
   transpose(transposed, m);
   transpose(inv_t, inv);
}

static void
vec4_mul(float out[4], const float a[4], const float b[4])
{
   for (int k = 0; k < 4; k++)
      out[k] = a[k] * b[k];
}

/* A material property as GLSL sees it: the current colour where GL_COLOR_MATERIAL tracks it. */
static void
material_value(const struct fe_context *ctx, int face, GLenum pname, const float *stored,
               float out[4])
{
   if (fe_ff_material_tracks(ctx->ff, face, pname))
      memcpy(out, ctx->attrib_value[FE_FF_ATTRIB_COLOR0], 16);
   else
      memcpy(out, stored, 16);
}

void
fe_compat_glsl_state(const struct fe_context *ctx, struct glsl_compat_state *st)
{
   memset(st, 0, sizeof(*st));
   struct fe_ff *ff = ctx->ff;
   const float *mv = fe_ff_top(ff, FE_FF_MODELVIEW), *p = fe_ff_top(ff, FE_FF_PROJECTION);
   float mvp[16];
   fe_ff_mat_mul(mvp, p, mv);
   matrix_set(mv, st->modelview, st->modelview_inverse, st->modelview_transpose,
              st->modelview_inverse_transpose);
   matrix_set(p, st->projection, st->projection_inverse, st->projection_transpose,
              st->projection_inverse_transpose);
   matrix_set(mvp, st->mvp, st->mvp_inverse, st->mvp_transpose, st->mvp_inverse_transpose);
   for (int u = 0; u < 8; u++) {
      matrix_set(fe_ff_top(ff, (enum fe_ff_stack_id)(FE_FF_TEXTURE0 + u)), st->texture_matrix[u],
                 st->texture_matrix_inverse[u], st->texture_matrix_transpose[u],
                 st->texture_matrix_inverse_transpose[u]);
      const struct fe_ff_unit *un = &ff->unit[u];
      for (int k = 0; k < 4; k++)
         st->texture_env_color[u][k] = fe_ff_frag_value(ff, un->env_color[k]);
      for (int c = 0; c < 4; c++) {
         memcpy(st->eye_plane[c][u], un->gen[c].eye_plane, 16);
         memcpy(st->object_plane[c][u], un->gen[c].object_plane, 16);
      }
   }
   /* gl_NormalMatrix: the transpose of the inverse of the modelview's upper 3x3 */
   for (int c = 0; c < 3; c++)
      for (int r = 0; r < 3; r++)
         st->normal_matrix[c][r] = st->modelview_inverse_transpose[c * 4 + r];
   /* GL 2.1 (2.38): the rescale factor from the inverse modelview's third row */
   const float *inv = st->modelview_inverse;
   const float len = sqrtf(inv[2] * inv[2] + inv[6] * inv[6] + inv[10] * inv[10]);
   st->normal_scale = len > 0.0f ? 1.0f / len : 1.0f;
   /* GL 2.1 §2.15.3: the switch a fragment's gl_Color and gl_SecondaryColor read (glsl_compat.c:
    * the back colours on back faces); ARB_vertex_program's enable is the same one, which the
    * fixed-function key reads for a vertex program (fe_ff_program.c) */
   st->vertex_program_two_side = ff->arbp->vp_two_side ? 1.0f : 0.0f;
   for (int i = 0; i < 8; i++)
      memcpy(st->clip_plane[i], ff->clip_plane[i], 16);

   st->point.size = ctx->ds.point_size;
   st->point.size_min = ff->point_min;
   st->point.size_max = fe_ff_point_max(ctx);
   st->point.fade_threshold_size = ctx->point_fade_threshold;
   st->point.distance_constant_attenuation = ff->point_atten[0];
   st->point.distance_linear_attenuation = ff->point_atten[1];
   st->point.distance_quadratic_attenuation = ff->point_atten[2];

   static const GLenum props[] = {GL_EMISSION, GL_AMBIENT, GL_DIFFUSE, GL_SPECULAR};
   for (int f = 0; f < 2; f++) {
      const struct fe_ff_material *m = &ff->material[f];
      struct glsl_compat_material *out = f ? &st->back_material : &st->front_material;
      const float *stored[] = {m->emission, m->ambient, m->diffuse, m->specular};
      float *dst[] = {out->emission, out->ambient, out->diffuse, out->specular};
      for (int k = 0; k < 4; k++)
         material_value(ctx, f, props[k], stored[k], dst[k]);
      out->shininess = m->shininess;
   }
   memcpy(st->light_model_ambient, ff->light_model_ambient, 16);
   for (int i = 0; i < 8; i++) {
      const struct fe_ff_light *l = &ff->light[i];
      struct glsl_compat_light *o = &st->light_source[i];
      memcpy(o->ambient, l->ambient, 16);
      memcpy(o->diffuse, l->diffuse, 16);
      memcpy(o->specular, l->specular, 16);
      memcpy(o->position, l->position, 16);
      /* the half vector for a viewer at infinity: normalize(unit direction to the light +
       * (0, 0, 1)); a positional light uses its position's direction */
      float d[3] = {l->position[0], l->position[1], l->position[2]};
      float n = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      float h[3] = {n > 0 ? d[0] / n : 0, n > 0 ? d[1] / n : 0, (n > 0 ? d[2] / n : 0) + 1.0f};
      float hn = sqrtf(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
      for (int k = 0; k < 3; k++)
         o->half_vector[k] = hn > 0 ? h[k] / hn : 0;
      memcpy(o->spot_direction, l->spot_dir, 12);
      o->spot_exponent = l->spot_exponent;
      o->spot_cutoff = l->spot_cutoff;
      o->spot_cos_cutoff = cosf(l->spot_cutoff * 3.14159265f / 180.0f);
      o->constant_attenuation = l->atten[0];
      o->linear_attenuation = l->atten[1];
      o->quadratic_attenuation = l->atten[2];
      for (int f = 0; f < 2; f++) {
         const struct glsl_compat_material *mat = f ? &st->back_material : &st->front_material;
         struct glsl_compat_light_product *pr =
            f ? &st->back_light_product[i] : &st->front_light_product[i];
         vec4_mul(pr->ambient, mat->ambient, l->ambient);
         vec4_mul(pr->diffuse, mat->diffuse, l->diffuse);
         vec4_mul(pr->specular, mat->specular, l->specular);
      }
   }
   for (int f = 0; f < 2; f++) {
      const struct glsl_compat_material *mat = f ? &st->back_material : &st->front_material;
      float *scene = f ? st->back_light_model_scene_color : st->front_light_model_scene_color;
      vec4_mul(scene, mat->ambient, st->light_model_ambient);
      for (int k = 0; k < 4; k++)
         scene[k] += mat->emission[k];
   }
   memcpy(st->fog.color, ff->fog_color, 16);
   st->fog.density = ff->fog_density;
   st->fog.start = ff->fog_start;
   st->fog.end = ff->fog_end;
   st->fog.scale = ff->fog_end != ff->fog_start ? 1.0f / (ff->fog_end - ff->fog_start) : 0.0f;
   /* polygon stipple for the fragment shader's appended main(): exact in floats as 16-bit
    * halves (fe_ff_note_program_draw keeps draw_fills for program draws) */
   st->polygon_stipple_on = ff->polygon_stipple && ff->draw_fills ? 1.0f : 0.0f;
   /* the alpha test for the fragment shader's appended main() (glsl_compat_alpha_epilogue) */
   st->alpha_func =
      ff->alpha_test && ff->alpha_func != GL_ALWAYS ? (float)(ff->alpha_func - GL_NEVER + 1) : 0.0f;
   st->alpha_ref = fe_ff_frag_value(ff, ff->alpha_ref);
   /* the colour clamps of the draw (fe_ff_note_program_draw keeps clamp_bits) */
   st->clamp_vertex = (ff->clamp_bits & 1) ? 1.0f : 0.0f;
   st->clamp_fragment = (ff->clamp_bits & 2) ? 1.0f : 0.0f;
   for (int y = 0; y < 32; y++) {
      st->polygon_stipple[2 * y] = (float)(ff->stipple[y] & 0xffffu);
      st->polygon_stipple[2 * y + 1] = (float)(ff->stipple[y] >> 16);
   }
}
