/* fe_compat_raster.c — the current raster position of a compatibility context (GL 2.1 §2.13,
 * §2.12 for glWindowPos): glRasterPos transforms its vertex as a vertex is (modelview,
 * projection, user clip planes, the view volume, viewport and depth range) and takes the
 * current colour (lit when lighting is on), secondary colour, texture coordinates (through the
 * texture matrices) and the eye distance or fog coordinate; glWindowPos sets window
 * coordinates directly. glPixelZoom and the glGets of this state live here too. */
#include <math.h>
#include <string.h>

#include "fe_arbp.h"
#include "fe_compat_pixels.h"
#include "fe_compat_vertex.h"
#include "fe_ff.h"
#include "gl_api.h"
#include "log.h"

static void
set4(float *d, float a, float b, float c, float e)
{
   d[0] = a, d[1] = b, d[2] = c, d[3] = e;
}

void
fe_compat_pixels_init(struct fe_compat_pixels *px)
{
   set4(px->raster_pos, 0, 0, 0, 1);
   px->raster_valid = true;
   set4(px->raster_color, 1, 1, 1, 1);
   set4(px->raster_color1, 0, 0, 0, 1);
   for (unsigned u = 0; u < FE_FF_TEXCOORD_UNITS; u++)
      set4(px->raster_tc[u], 0, 0, 0, 1);
   px->raster_distance = 0;
   px->raster_index = 1;
   px->zoom[0] = px->zoom[1] = 1.0f;
   set4(px->scale, 1, 1, 1, 1);
   set4(px->bias, 0, 0, 0, 0);
   px->depth_scale = 1.0f;
   px->depth_bias = 0.0f;
   /* each map holds one entry, 0 (table 6.18) */
   for (unsigned m = 0; m < FE_PIXEL_MAPS; m++) {
      px->map_size[m] = 1;
      px->map[m][0] = 0.0f;
   }
}

static void
current(const struct fe_context *ctx, unsigned slot, float out[4])
{
   for (int i = 0; i < 4; i++)
      out[i] = fe_u2f(ctx->attrib_value[slot][i]);
}

static float
clamp01(float f)
{
   return f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
}

/* The front face's lit colour of a vertex at eye position eye with eye normal n (GL 2.1
 * §2.14.1), as the generated vertex program computes it: primary into pri, the specular
 * part into sec when the colour control separates it. */
static void
light_front(const struct fe_ff *ff, const float eye[4], const float n[3], const float color[4],
            float pri[4], float sec[4])
{
   const struct fe_ff_material *m = &ff->material[0];
   const float *emi = fe_ff_material_tracks(ff, 0, GL_EMISSION) ? color : m->emission;
   const float *amb = fe_ff_material_tracks(ff, 0, GL_AMBIENT) ? color : m->ambient;
   const float *dif = fe_ff_material_tracks(ff, 0, GL_DIFFUSE) ? color : m->diffuse;
   const float *spe = fe_ff_material_tracks(ff, 0, GL_SPECULAR) ? color : m->specular;
   float c[3], sp[3] = {0, 0, 0};
   for (int k = 0; k < 3; k++)
      c[k] = emi[k] + amb[k] * ff->light_model_ambient[k];
   for (int i = 0; i < FE_FF_MAX_LIGHTS; i++) {
      if (!(ff->lights_enabled & (1u << i)))
         continue;
      const struct fe_ff_light *L = &ff->light[i];
      float vp[3], att = 1.0f;
      if (L->position[3] != 0.0f) {
         for (int k = 0; k < 3; k++)
            vp[k] = L->position[k] / L->position[3] - eye[k] / eye[3];
         const float d = sqrtf(vp[0] * vp[0] + vp[1] * vp[1] + vp[2] * vp[2]);
         if (d > 0.0f)
            for (int k = 0; k < 3; k++)
               vp[k] /= d;
         att = 1.0f / (L->atten[0] + L->atten[1] * d + L->atten[2] * d * d);
      } else {
         const float d = sqrtf(L->position[0] * L->position[0] + L->position[1] * L->position[1] +
                               L->position[2] * L->position[2]);
         for (int k = 0; k < 3; k++)
            vp[k] = d > 0.0f ? L->position[k] / d : 0.0f;
      }
      if (L->spot_cutoff != 180.0f) {
         const float sl = sqrtf(L->spot_dir[0] * L->spot_dir[0] + L->spot_dir[1] * L->spot_dir[1] +
                                L->spot_dir[2] * L->spot_dir[2]);
         const float sd =
            sl > 0.0f
               ? -(vp[0] * L->spot_dir[0] + vp[1] * L->spot_dir[1] + vp[2] * L->spot_dir[2]) / sl
               : 0.0f;
         att *= sd >= cosf(L->spot_cutoff * (float)M_PI / 180.0f)
                   ? powf(sd > 0.0f ? sd : 0.0f, L->spot_exponent)
                   : 0.0f;
      }
      const float nl = n[0] * vp[0] + n[1] * vp[1] + n[2] * vp[2];
      float h[3];
      if (ff->local_viewer) {
         const float el = sqrtf(eye[0] * eye[0] + eye[1] * eye[1] + eye[2] * eye[2]);
         for (int k = 0; k < 3; k++)
            h[k] = vp[k] - (el > 0.0f ? eye[k] / el : 0.0f);
      } else {
         h[0] = vp[0], h[1] = vp[1], h[2] = vp[2] + 1.0f;
      }
      const float hl = sqrtf(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
      float nh = hl > 0.0f ? (n[0] * h[0] + n[1] * h[1] + n[2] * h[2]) / hl : 0.0f;
      nh = nh > 0.0f ? nh : 0.0f;
      const float spf = nl > 0.0f ? (m->shininess == 0.0f ? 1.0f : powf(nh, m->shininess)) : 0.0f;
      for (int k = 0; k < 3; k++) {
         c[k] += att * (amb[k] * L->ambient[k] + (nl > 0.0f ? nl : 0.0f) * dif[k] * L->diffuse[k]);
         sp[k] += att * spf * spe[k] * L->specular[k];
      }
   }
   const bool separate = ff->color_control == GL_SEPARATE_SPECULAR_COLOR;
   for (int k = 0; k < 3; k++) {
      pri[k] = clamp01(separate ? c[k] : c[k] + sp[k]);
      sec[k] = separate ? clamp01(sp[k]) : 0.0f;
   }
   pri[3] = clamp01(dif[3]);
   sec[3] = 0.0f;
}

/* The raster position's colours, texture coordinates and distance from the current values;
 * eye is the vertex's eye position (NULL for glWindowPos: no lighting, no texture matrix,
 * distance 0 unless the fog coordinate is its source). */
static void
associated(struct fe_context *ctx, const float eye[4])
{
   struct fe_compat_pixels *px = ctx->compat->pixels;
   struct fe_ff *ff = ctx->ff;
   float col[4], col1[4];
   current(ctx, FE_FF_ATTRIB_COLOR0, col);
   current(ctx, FE_FF_ATTRIB_COLOR1, col1);
   if (eye && ff->lighting) {
      float nrm[4], n[3] = {0, 0, 0}, inv[16];
      current(ctx, FE_FF_ATTRIB_NORMAL, nrm);
      const float *mv = fe_ff_top(ff, FE_FF_MODELVIEW);
      if (fe_ff_mat_invert(inv, mv))
         for (int r = 0; r < 3; r++) /* the inverse transpose's upper 3x3 */
            n[r] = inv[r * 4 + 0] * nrm[0] + inv[r * 4 + 1] * nrm[1] + inv[r * 4 + 2] * nrm[2];
      if (ff->normalize || ff->rescale_normal) {
         const float l = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
         for (int k = 0; k < 3 && l > 0.0f; k++)
            n[k] /= l;
      }
      light_front(ff, eye, n, col, px->raster_color, px->raster_color1);
   } else {
      for (int k = 0; k < 4; k++) {
         px->raster_color[k] = clamp01(col[k]);
         px->raster_color1[k] = clamp01(col1[k]);
      }
   }
   for (unsigned u = 0; u < FE_FF_TEXCOORD_UNITS; u++) {
      float tc[4];
      current(ctx, FE_FF_ATTRIB_TEXCOORD0 + u, tc);
      if (eye) {
         if (ff->unit[u].texgen_enabled)
            MGU_DECLINE(gl_feature_unimplemented,
                        "glRasterPos with texture coordinate generation on unit %u: the current "
                        "texture coordinates are taken ungenerated",
                        u);
         fe_ff_mat_transform(px->raster_tc[u], fe_ff_top(ff, FE_FF_TEXTURE0 + u), tc);
      } else {
         memcpy(px->raster_tc[u], tc, sizeof(tc));
      }
   }
   if (ff->fog_coord_src == GL_FOG_COORD) {
      px->raster_distance = fe_u2f(ctx->attrib_value[FE_FF_ATTRIB_FOG][0]);
   } else if (eye) {
      /* Mesa's and the generated program's measure: |z_eye|, which GL allows for the
       * distance (§3.10 lets it approximate the Euclidean one) */
      px->raster_distance = fabsf(eye[2] / (eye[3] != 0.0f ? eye[3] : 1.0f));
   } else {
      px->raster_distance = 0.0f;
   }
   px->raster_index = ctx->compat->index;
}

static void
raster_pos(float x, float y, float z, float w)
{
   FE_COMPAT_CTX_OR_RETURN();
   /* an enabled ARB program that never loaded (ARB_vertex_program 2.14, ARB_fragment_program
    * 3.11: Begin, RasterPos and the implicit Begins) */
   FE_CHECK(!ctx->program && !ctx->pipeline && fe_arbp_draw_invalid(ctx), GL_INVALID_OPERATION);
   struct fe_compat_pixels *px = ctx->compat->pixels;
   struct fe_ff *ff = ctx->ff;
   const float obj[4] = {x, y, z, w};
   float eye[4], clip[4];
   fe_ff_mat_transform(eye, fe_ff_top(ff, FE_FF_MODELVIEW), obj);
   fe_ff_mat_transform(clip, fe_ff_top(ff, FE_FF_PROJECTION), eye);
   /* clipped against the view volume and the enabled user clip planes (§2.13); with
    * GL_RASTER_POSITION_UNCLIPPED_IBM enabled, not against the volume's x and y planes */
   const uint8_t cc = ctx->rs.clip_control; /* glClipControl (GL 4.6 §13.7, §13.8) */
   bool inside = clip[3] != 0.0f;
   for (int k = ff->raster_unclipped ? 2 : 0; k < 3 && inside; k++)
      inside =
         (k == 2 && (cc & MGP_CLIP_ZERO_TO_ONE) ? 0.0f : -clip[3]) <= clip[k] && clip[k] <= clip[3];
   for (int p = 0; p < FE_FF_MAX_CLIP_PLANES && inside; p++)
      if (ctx->rs.clip_distance_mask & (1u << p)) {
         const float *pl = ff->clip_plane[p];
         inside = pl[0] * eye[0] + pl[1] * eye[1] + pl[2] * eye[2] + pl[3] * eye[3] >= 0.0f;
      }
   px->raster_valid = inside;
   if (!inside)
      return; /* the other raster state keeps its values (§2.13) */
   const float *vp = ctx->ds.viewport, *dr = ctx->ds.depth_range;
   const float nx = clip[0] / clip[3], ny = clip[1] / clip[3], nz = clip[2] / clip[3];
   px->raster_pos[0] = vp[0] + (nx + 1.0f) * vp[2] * 0.5f;
   px->raster_pos[1] = vp[1] + ((cc & MGP_CLIP_UPPER_LEFT ? -ny : ny) + 1.0f) * vp[3] * 0.5f;
   px->raster_pos[2] = cc & MGP_CLIP_ZERO_TO_ONE ? dr[0] + nz * (dr[1] - dr[0])
                                                 : dr[0] + (nz + 1.0f) * (dr[1] - dr[0]) * 0.5f;
   px->raster_pos[3] = clip[3];
   associated(ctx, eye);
}

/* glWindowPos (§2.12): window coordinates taken as given, z through the depth range; w is
 * MESA_window_pos's glWindowPos4*MESA (1 for the others), kept as the raster position's w. */
static void
window_pos4(float x, float y, float z, float w)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_compat_pixels *px = ctx->compat->pixels;
   const float *dr = ctx->ds.depth_range;
   const float zc = clamp01(z);
   set4(px->raster_pos, x, y, dr[0] + zc * (dr[1] - dr[0]), w);
   px->raster_valid = true;
   associated(ctx, NULL);
}

static void
window_pos(float x, float y, float z)
{
   window_pos4(x, y, z, 1.0f);
}

#define P(c) ((float)(c))
#define RASTER_POS(sfx, T)                                                                         \
   void mgl_glRasterPos2##sfx(T x, T y)                                                            \
   {                                                                                               \
      raster_pos(P(x), P(y), 0, 1);                                                                \
   }                                                                                               \
   void mgl_glRasterPos2##sfx##v(const T *v)                                                       \
   {                                                                                               \
      raster_pos(P(v[0]), P(v[1]), 0, 1);                                                          \
   }                                                                                               \
   void mgl_glRasterPos3##sfx(T x, T y, T z)                                                       \
   {                                                                                               \
      raster_pos(P(x), P(y), P(z), 1);                                                             \
   }                                                                                               \
   void mgl_glRasterPos3##sfx##v(const T *v)                                                       \
   {                                                                                               \
      raster_pos(P(v[0]), P(v[1]), P(v[2]), 1);                                                    \
   }                                                                                               \
   void mgl_glRasterPos4##sfx(T x, T y, T z, T w)                                                  \
   {                                                                                               \
      raster_pos(P(x), P(y), P(z), P(w));                                                          \
   }                                                                                               \
   void mgl_glRasterPos4##sfx##v(const T *v)                                                       \
   {                                                                                               \
      raster_pos(P(v[0]), P(v[1]), P(v[2]), P(v[3]));                                              \
   }                                                                                               \
   void mgl_glWindowPos2##sfx(T x, T y)                                                            \
   {                                                                                               \
      window_pos(P(x), P(y), 0);                                                                   \
   }                                                                                               \
   void mgl_glWindowPos2##sfx##v(const T *v)                                                       \
   {                                                                                               \
      window_pos(P(v[0]), P(v[1]), 0);                                                             \
   }                                                                                               \
   void mgl_glWindowPos3##sfx(T x, T y, T z)                                                       \
   {                                                                                               \
      window_pos(P(x), P(y), P(z));                                                                \
   }                                                                                               \
   void mgl_glWindowPos3##sfx##v(const T *v)                                                       \
   {                                                                                               \
      window_pos(P(v[0]), P(v[1]), P(v[2]));                                                       \
   }                                                                                               \
   void mgl_glWindowPos4##sfx##MESA(T x, T y, T z, T w)                                            \
   {                                                                                               \
      window_pos4(P(x), P(y), P(z), P(w));                                                         \
   }                                                                                               \
   void mgl_glWindowPos4##sfx##vMESA(const T *v)                                                   \
   {                                                                                               \
      window_pos4(P(v[0]), P(v[1]), P(v[2]), P(v[3]));                                             \
   }

RASTER_POS(s, GLshort)
RASTER_POS(i, GLint)
RASTER_POS(f, GLfloat)
RASTER_POS(d, GLdouble)

void
mgl_glPixelZoom(GLfloat xfactor, GLfloat yfactor)
{
   FE_COMPAT_CTX_OR_RETURN();
   ctx->compat->pixels->zoom[0] = xfactor;
   ctx->compat->pixels->zoom[1] = yfactor;
}

static int
vals(double *f, const float *v, int n)
{
   for (int k = 0; k < n; k++)
      f[k] = v[k];
   return n;
}

int
fe_compat_pixels_get(struct fe_context *ctx, GLenum pname, double f[16], int *kind)
{
   const struct fe_compat_pixels *px = ctx->compat->pixels;
   *kind = 0;
   switch (pname) {
   case GL_CURRENT_RASTER_POSITION: return vals(f, px->raster_pos, 4);
   case GL_CURRENT_RASTER_POSITION_VALID: *kind = 2, f[0] = px->raster_valid; return 1;
   case GL_CURRENT_RASTER_COLOR: *kind = 3; return vals(f, px->raster_color, 4);
   case GL_CURRENT_RASTER_SECONDARY_COLOR: *kind = 3; return vals(f, px->raster_color1, 4);
   case GL_CURRENT_RASTER_DISTANCE: f[0] = px->raster_distance; return 1;
   case GL_CURRENT_RASTER_INDEX: f[0] = px->raster_index; return 1;
   case GL_CURRENT_RASTER_TEXTURE_COORDS:
      /* of the active texture unit, as GL_CURRENT_TEXTURE_COORDS */
      if (ctx->active_unit >= FE_FF_TEXCOORD_UNITS) {
         fe_error(ctx, GL_INVALID_OPERATION);
         return 0;
      }
      return vals(f, px->raster_tc[ctx->active_unit], 4);
   case GL_ZOOM_X: f[0] = px->zoom[0]; return 1;
   case GL_ZOOM_Y: f[0] = px->zoom[1]; return 1;
   case GL_MAP_COLOR: *kind = 2, f[0] = px->map_color; return 1;
   case GL_MAP_STENCIL: *kind = 2, f[0] = px->map_stencil; return 1;
   case GL_INDEX_SHIFT: *kind = 1, f[0] = px->index_shift; return 1;
   case GL_INDEX_OFFSET: *kind = 1, f[0] = px->index_offset; return 1;
   case GL_RED_SCALE: f[0] = px->scale[0]; return 1;
   case GL_GREEN_SCALE: f[0] = px->scale[1]; return 1;
   case GL_BLUE_SCALE: f[0] = px->scale[2]; return 1;
   case GL_ALPHA_SCALE: f[0] = px->scale[3]; return 1;
   case GL_RED_BIAS: f[0] = px->bias[0]; return 1;
   case GL_GREEN_BIAS: f[0] = px->bias[1]; return 1;
   case GL_BLUE_BIAS: f[0] = px->bias[2]; return 1;
   case GL_ALPHA_BIAS: f[0] = px->bias[3]; return 1;
   case GL_DEPTH_SCALE: f[0] = px->depth_scale; return 1;
   case GL_DEPTH_BIAS: f[0] = px->depth_bias; return 1;
   case GL_MAX_PIXEL_MAP_TABLE: *kind = 1, f[0] = FE_PIXEL_MAP_MAX; return 1;
   default: break;
   }
   if (pname >= GL_PIXEL_MAP_I_TO_I_SIZE && pname < GL_PIXEL_MAP_I_TO_I_SIZE + FE_PIXEL_MAPS) {
      *kind = 1;
      f[0] = px->map_size[pname - GL_PIXEL_MAP_I_TO_I_SIZE];
      return 1;
   }
   return 0;
}
