/* fe_ff_point.c — point parameters and point sprites of a compatibility context (GL 2.1 §3.4):
 * GL_POINT_SIZE_MIN / _MAX and GL_POINT_DISTANCE_ATTENUATION (glPointParameter), GL_POINT_SPRITE
 * and each unit's GL_COORD_REPLACE. Fixed-function programs of point draws compute the derived
 * size (glPointSize's size scaled by the attenuation of the eye distance, clamped, faded below
 * GL_POINT_FADE_THRESHOLD_SIZE when multisampling) and replace the texture coordinates of the
 * units that ask with gl_PointCoord (fe_ff_program.c). The threshold and the sprite origin are
 * core state (fe_state.c). */
#include "fe_ff.h"
#include "gl_api.h"

#define FE_GL_POINT_SIZE_MIN 0x8126
#define FE_GL_POINT_SIZE_MAX 0x8127
#define FE_GL_POINT_DISTANCE_ATTENUATION 0x8129

bool
fe_ff_point_parameter(struct fe_context *ctx, GLenum pname, const float *v, bool vector)
{
   struct fe_ff *ff = ctx->ff;
   switch (pname) {
   case FE_GL_POINT_SIZE_MIN:
   case FE_GL_POINT_SIZE_MAX: {
      if (v[0] < 0.0f) {
         fe_error(ctx, GL_INVALID_VALUE);
         return true;
      }
      float *dst = pname == FE_GL_POINT_SIZE_MIN ? &ff->point_min : &ff->point_max;
      if (*dst != v[0]) {
         *dst = v[0];
         fe_ff_bump(ff);
      }
      return true;
   }
   case FE_GL_POINT_DISTANCE_ATTENUATION:
      /* three values: the scalar commands cannot set it */
      if (!vector) {
         fe_error(ctx, GL_INVALID_ENUM);
         return true;
      }
      if (ff->point_atten[0] != v[0] || ff->point_atten[1] != v[1] || ff->point_atten[2] != v[2]) {
         for (int i = 0; i < 3; i++)
            ff->point_atten[i] = v[i];
         fe_ff_bump(ff);
      }
      return true;
   default: return false;
   }
}

float
fe_ff_point_max(const struct fe_context *ctx)
{
   const float cap = ctx->share->caps->point_size_range[1];
   const float impl = cap > 0.0f ? cap : 64.0f;
   return ctx->ff->point_max < 0.0f ? impl : ctx->ff->point_max;
}

int
fe_ff_point_get(struct fe_context *ctx, GLenum pname, double *out)
{
   const struct fe_ff *ff = ctx->ff;
   switch (pname) {
   case FE_GL_POINT_SIZE_MIN: out[0] = ff->point_min; return 1;
   case FE_GL_POINT_SIZE_MAX: out[0] = fe_ff_point_max(ctx); return 1;
   case FE_GL_POINT_DISTANCE_ATTENUATION:
      for (int i = 0; i < 3; i++)
         out[i] = ff->point_atten[i];
      return 3;
   default: return 0;
   }
}
