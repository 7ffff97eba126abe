/* fe_compat_glsl.c — the value of the compatibility profile's GLSL built-in state
 * (struct glsl_compat_state: gl_ModelViewMatrix, gl_LightSource[], gl_Fog, ...) that a program
 * of a compatibility context reads through its hidden _mgl_Compat uniform (glsl_compat.c).
 *
 * The fixed-function state behind it (matrix stacks, lights, materials, fog, texture
 * generation, clip planes) has no commands yet: they are the declining stubs, so every value
 * is the one GL 2.1's state tables give it initially, and the derived values (inverses,
 * products, half vectors) follow from those as GL 2.1 §2.15.3 defines them. */
#include <string.h>

#include "fe_compat.h"

static void
identity(float m[16])
{
   memset(m, 0, 16 * sizeof(float));
   m[0] = m[5] = m[10] = m[15] = 1.0f;
}

static void
vec4_set(float v[4], float x, float y, float z, float w)
{
   v[0] = x, v[1] = y, v[2] = z, v[3] = w;
}

static void
vec4_mul(float out[4], const float a[4], const float b[4])
{
   for (int k = 0; k < 4; k++)
      out[k] = a[k] * b[k];
}

void
fe_compat_glsl_state(const struct fe_context *ctx, struct glsl_compat_state *st)
{
   memset(st, 0, sizeof(*st));
   float *const mats[] = {st->modelview,
                          st->projection,
                          st->mvp,
                          st->modelview_inverse,
                          st->projection_inverse,
                          st->mvp_inverse,
                          st->modelview_transpose,
                          st->projection_transpose,
                          st->mvp_transpose,
                          st->modelview_inverse_transpose,
                          st->projection_inverse_transpose,
                          st->mvp_inverse_transpose};
   for (size_t i = 0; i < sizeof(mats) / sizeof(mats[0]); i++)
      identity(mats[i]);
   for (int u = 0; u < 8; u++) {
      identity(st->texture_matrix[u]);
      identity(st->texture_matrix_inverse[u]);
      identity(st->texture_matrix_transpose[u]);
      identity(st->texture_matrix_inverse_transpose[u]);
      /* glTexGen's planes: S (1, 0, 0, 0), T (0, 1, 0, 0), R and Q zero, both spaces */
      vec4_set(st->eye_plane[0][u], 1, 0, 0, 0);
      vec4_set(st->eye_plane[1][u], 0, 1, 0, 0);
      vec4_set(st->object_plane[0][u], 1, 0, 0, 0);
      vec4_set(st->object_plane[1][u], 0, 1, 0, 0);
   }
   for (int c = 0; c < 3; c++)
      st->normal_matrix[c][c] = 1.0f;
   st->normal_scale = 1.0f;

   st->point.size = ctx->ds.point_size;
   st->point.size_min = 0.0f;
   st->point.size_max =
      ctx->share->caps->point_size_range[1] ? ctx->share->caps->point_size_range[1] : 64.0f;
   st->point.fade_threshold_size = ctx->point_fade_threshold;
   st->point.distance_constant_attenuation = 1.0f;

   struct glsl_compat_material m = {0};
   vec4_set(m.emission, 0, 0, 0, 1);
   vec4_set(m.ambient, 0.2f, 0.2f, 0.2f, 1);
   vec4_set(m.diffuse, 0.8f, 0.8f, 0.8f, 1);
   vec4_set(m.specular, 0, 0, 0, 1);
   st->front_material = st->back_material = m;
   vec4_set(st->light_model_ambient, 0.2f, 0.2f, 0.2f, 1);
   for (int i = 0; i < 8; i++) {
      struct glsl_compat_light *l = &st->light_source[i];
      vec4_set(l->ambient, 0, 0, 0, 1);
      if (i == 0) {
         vec4_set(l->diffuse, 1, 1, 1, 1);
         vec4_set(l->specular, 1, 1, 1, 1);
      } else {
         vec4_set(l->diffuse, 0, 0, 0, 1);
         vec4_set(l->specular, 0, 0, 0, 1);
      }
      vec4_set(l->position, 0, 0, 1, 0);
      /* a directional light and a viewer at infinity: normalize(P + (0, 0, 1)) */
      vec4_set(l->half_vector, 0, 0, 1, 0);
      l->spot_direction[2] = -1.0f;
      l->spot_cutoff = 180.0f;
      l->spot_cos_cutoff = -1.0f;
      l->constant_attenuation = 1.0f;
      for (int side = 0; side < 2; side++) {
         const struct glsl_compat_material *mat = side ? &st->back_material : &st->front_material;
         struct glsl_compat_light_product *p =
            side ? &st->back_light_product[i] : &st->front_light_product[i];
         vec4_mul(p->ambient, mat->ambient, l->ambient);
         vec4_mul(p->diffuse, mat->diffuse, l->diffuse);
         vec4_mul(p->specular, mat->specular, l->specular);
      }
   }
   for (int side = 0; side < 2; side++) {
      const struct glsl_compat_material *mat = side ? &st->back_material : &st->front_material;
      float *scene = side ? st->back_light_model_scene_color : st->front_light_model_scene_color;
      vec4_mul(scene, mat->ambient, st->light_model_ambient);
      for (int k = 0; k < 4; k++)
         scene[k] += mat->emission[k];
   }
   vec4_set(st->fog.color, 0, 0, 0, 0);
   st->fog.density = 1.0f;
   st->fog.start = 0.0f;
   st->fog.end = 1.0f;
   st->fog.scale = 1.0f; /* 1 / (end - start) */
}
