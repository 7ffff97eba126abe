/* fe_compat_rm_draw.c — what a draw does in GL_SELECT and GL_FEEDBACK render modes (GL 2.1
 * §5.2, §5.3): nothing is rasterized; the vertices go through the fixed-function transform on
 * the CPU (modelview, projection, clipping against the view volume and the user clip planes,
 * perspective division, viewport and depth range), the primitives are assembled, clipped and
 * culled as the rasterizer would, and each that survives becomes feedback tokens or reaches
 * the pending selection hit.
 *
 * Colours are the vertices' own (the current colour or the colour array), clamped, and texture
 * coordinates unit 0's through its texture matrix: lit colours, texture coordinate generation,
 * polygon modes other than GL_FILL and a bound GLSL program are named declines (the first three
 * still record the primitives with the unlit values and filled polygons). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fe_compat_vertex.h"
#include "fe_ff.h"
#include "log.h"

#define FE_GL_FEEDBACK 0x1C01
#define FE_GL_2D 0x0600
#define FE_GL_3D 0x0601
#define FE_GL_3D_COLOR 0x0602
#define FE_GL_3D_COLOR_TEXTURE 0x0603
#define FE_GL_4D_COLOR_TEXTURE 0x0604
#define FE_GL_POINT_TOKEN 0x0701
#define FE_GL_LINE_TOKEN 0x0702
#define FE_GL_POLYGON_TOKEN 0x0703
#define FE_GL_LINE_RESET_TOKEN 0x0707

/* Clip planes: the view volume's six, then the user planes. */
#define RM_PLANES (6 + FE_FF_MAX_CLIP_PLANES)

struct rm_vertex {
   float clip[4];
   float color[4];
   float tex[4];
   float dist[RM_PLANES]; /* signed distance to each plane (inside: >= 0) */
};

struct rm_draw {
   struct fe_context *ctx;
   struct fe_compat_rendermode *rm;
   uint32_t planes; /* bit p: plane p clips */
};

/* The value of generic slot s for vertex i: its array's element, or the current value. */
static void
fetch(struct fe_context *ctx, unsigned s, GLint i, float out[4])
{
   const struct fe_vertex_attrib *a = &ctx->vao->attribs[s];
   if (a->enabled && fe_compat_array_element(ctx, a, i, out))
      return;
   for (unsigned k = 0; k < 4; k++)
      out[k] = ctx->attrib_kind[s] ? (float)(int32_t)ctx->attrib_value[s][k]
                                   : fe_u2f(ctx->attrib_value[s][k]);
}

static void
vertex_transform(struct rm_draw *d, GLint i, const float mvp[16], const float mv[16],
                 const float tm[16], struct rm_vertex *v)
{
   struct fe_context *ctx = d->ctx;
   float obj[4], eye[4], col[4], tc[4];
   fetch(ctx, FE_FF_ATTRIB_POSITION, i, obj);
   fetch(ctx, FE_FF_ATTRIB_COLOR0, i, col);
   fetch(ctx, FE_FF_ATTRIB_TEXCOORD0, i, tc);
   fe_ff_mat_transform(v->clip, mvp, obj);
   fe_ff_mat_transform(eye, mv, obj);
   fe_ff_mat_transform(v->tex, tm, tc);
   for (unsigned k = 0; k < 4; k++)
      v->color[k] = fe_clampf(col[k], 0.0f, 1.0f);
   const float *c = v->clip;
   /* GL_ZERO_TO_ONE clips at 0 <= z_c (GL 4.6 §13.7) */
   const float zmin = ctx->rs.clip_control & MGP_CLIP_ZERO_TO_ONE ? c[2] : c[3] + c[2];
   const float box[6] = {c[3] + c[0], c[3] - c[0], c[3] + c[1], c[3] - c[1], zmin, c[3] - c[2]};
   for (unsigned p = 0; p < 6; p++)
      v->dist[p] = box[p];
   for (unsigned p = 0; p < FE_FF_MAX_CLIP_PLANES; p++) {
      const float *pl = ctx->ff->clip_plane[p];
      v->dist[6 + p] = pl[0] * eye[0] + pl[1] * eye[1] + pl[2] * eye[2] + pl[3] * eye[3];
   }
}

static void
lerp(struct rm_vertex *out, const struct rm_vertex *a, const struct rm_vertex *b, float t)
{
   const float *pa = (const float *)a, *pb = (const float *)b;
   float *po = (float *)out;
   for (size_t k = 0; k < sizeof(*out) / sizeof(float); k++)
      po[k] = pa[k] + (pb[k] - pa[k]) * t;
}

/* Window coordinates (x, y, z) and 1/w, as Mesa's feedback reports w. */
static void
window(const struct fe_context *ctx, const struct rm_vertex *v, float win[4])
{
   const float *vp = ctx->ds.viewport, *dr = ctx->ds.depth_range;
   const float inv_w = v->clip[3] != 0.0f ? 1.0f / v->clip[3] : 0.0f;
   const float x = v->clip[0] * inv_w, y = v->clip[1] * inv_w, z = v->clip[2] * inv_w;
   win[0] = vp[0] + (x + 1.0f) * 0.5f * vp[2];
   /* glClipControl (GL 4.6 §13.8): y_d negated at GL_UPPER_LEFT, z_d itself at GL_ZERO_TO_ONE */
   const uint8_t cc = ctx->rs.clip_control;
   win[1] = vp[1] + ((cc & MGP_CLIP_UPPER_LEFT ? -y : y) + 1.0f) * 0.5f * vp[3];
   win[2] = cc & MGP_CLIP_ZERO_TO_ONE ? dr[0] + z * (dr[1] - dr[0])
                                      : dr[0] + (z + 1.0f) * 0.5f * (dr[1] - dr[0]);
   win[3] = inv_w;
}

static void
emit_vertex(struct rm_draw *d, const struct rm_vertex *v)
{
   struct fe_compat_rendermode *rm = d->rm;
   float win[4];
   window(d->ctx, v, win);
   if (rm->mode != FE_GL_FEEDBACK) {
      fe_compat_rm_hit(rm, win[2]);
      return;
   }
   const GLenum type = rm->feedback_type;
   fe_compat_rm_word(rm, win[0], 0);
   fe_compat_rm_word(rm, win[1], 0);
   if (type != FE_GL_2D)
      fe_compat_rm_word(rm, win[2], 0);
   if (type == FE_GL_4D_COLOR_TEXTURE)
      fe_compat_rm_word(rm, win[3], 0);
   if (type == FE_GL_3D_COLOR || type == FE_GL_3D_COLOR_TEXTURE || type == FE_GL_4D_COLOR_TEXTURE)
      for (unsigned k = 0; k < 4; k++)
         fe_compat_rm_word(rm, v->color[k], 0);
   if (type == FE_GL_3D_COLOR_TEXTURE || type == FE_GL_4D_COLOR_TEXTURE)
      for (unsigned k = 0; k < 4; k++)
         fe_compat_rm_word(rm, v->tex[k], 0);
}

static void
token(struct rm_draw *d, GLenum t)
{
   if (d->rm->mode == FE_GL_FEEDBACK)
      fe_compat_rm_word(d->rm, (float)t, 0);
}

static void
point(struct rm_draw *d, const struct rm_vertex *v)
{
   for (unsigned p = 0; p < RM_PLANES; p++)
      if ((d->planes >> p & 1u) && v->dist[p] < 0.0f)
         return;
   token(d, FE_GL_POINT_TOKEN);
   emit_vertex(d, v);
}

static void
line(struct rm_draw *d, const struct rm_vertex *a, const struct rm_vertex *b, bool reset)
{
   float t0 = 0.0f, t1 = 1.0f;
   for (unsigned p = 0; p < RM_PLANES; p++) {
      if (!(d->planes >> p & 1u))
         continue;
      const float da = a->dist[p], db = b->dist[p];
      if (da < 0.0f && db < 0.0f)
         return;
      if (da < 0.0f)
         t0 = fmaxf(t0, da / (da - db));
      else if (db < 0.0f)
         t1 = fminf(t1, da / (da - db));
   }
   if (t0 > t1)
      return;
   struct rm_vertex ca, cb;
   lerp(&ca, a, b, t0);
   lerp(&cb, a, b, t1);
   token(d, reset ? FE_GL_LINE_RESET_TOKEN : FE_GL_LINE_TOKEN);
   emit_vertex(d, &ca);
   emit_vertex(d, &cb);
}

/* Twice the signed window-space area of a polygon (counter-clockwise positive). */
static float
area(const struct fe_context *ctx, const struct rm_vertex *v, unsigned n)
{
   float s = 0.0f, w0[4], w1[4];
   for (unsigned i = 0; i < n; i++) {
      window(ctx, &v[i], w0);
      window(ctx, &v[(i + 1) % n], w1);
      s += w0[0] * w1[1] - w1[0] * w0[1];
   }
   return s;
}

/* A polygon of n vertices: clipped plane by plane (Sutherland-Hodgman; each plane adds at
 * most one vertex to a convex polygon), culled, recorded. */
static void
polygon(struct rm_draw *d, const struct rm_vertex *const *in, unsigned n)
{
   struct fe_context *ctx = d->ctx;
   const unsigned cap = n + RM_PLANES;
   struct rm_vertex *buf = malloc(sizeof(*buf) * cap * 2);
   if (!buf) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   struct rm_vertex *cur = buf, *next = buf + cap;
   for (unsigned i = 0; i < n; i++)
      cur[i] = *in[i];
   for (unsigned p = 0; p < RM_PLANES && n >= 3; p++) {
      if (!(d->planes >> p & 1u))
         continue;
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         const struct rm_vertex *a = &cur[i], *b = &cur[(i + 1) % n];
         const float da = a->dist[p], db = b->dist[p];
         if (da >= 0.0f && m < cap)
            next[m++] = *a;
         if ((da >= 0.0f) != (db >= 0.0f) && m < cap)
            lerp(&next[m++], a, b, da / (da - db));
      }
      struct rm_vertex *t = cur;
      cur = next;
      next = t;
      n = m;
   }
   if (n >= 3) {
      const float s = area(ctx, cur, n);
      const bool ccw_front = ctx->rs.front_face == MGP_FRONT_FACE_CCW;
      /* GL_UPPER_LEFT negates the area tested (GL 4.6 §14.6.1) */
      const bool upper = ctx->rs.clip_control & MGP_CLIP_UPPER_LEFT;
      const bool front = ((s > 0.0f) != upper) == ccw_front;
      const bool culled = ctx->cull_enabled && (ctx->cull_mode == GL_FRONT_AND_BACK ||
                                                ctx->cull_mode == (front ? GL_FRONT : GL_BACK));
      if (!culled) {
         token(d, FE_GL_POLYGON_TOKEN);
         if (d->rm->mode == FE_GL_FEEDBACK)
            fe_compat_rm_word(d->rm, (float)n, 0);
         for (unsigned i = 0; i < n; i++)
            emit_vertex(d, &cur[i]);
      }
   }
   free(buf);
}

static void
tri(struct rm_draw *d, const struct rm_vertex *a, const struct rm_vertex *b,
    const struct rm_vertex *c)
{
   const struct rm_vertex *v[3] = {a, b, c};
   polygon(d, v, 3);
}

/* Assembles mode's primitives from the n transformed vertices. */
static void
assemble(struct rm_draw *d, GLenum mode, const struct rm_vertex *v, uint32_t n)
{
   switch (mode) {
   case GL_POINTS:
      for (uint32_t i = 0; i < n; i++)
         point(d, &v[i]);
      return;
   case GL_LINES:
      /* the stipple restarts at each segment: each is a reset token */
      for (uint32_t i = 0; i + 1 < n; i += 2)
         line(d, &v[i], &v[i + 1], true);
      return;
   case GL_LINE_STRIP:
   case GL_LINE_LOOP:
      if (n < 2)
         return;
      for (uint32_t i = 0; i + 1 < n; i++)
         line(d, &v[i], &v[i + 1], i == 0);
      if (mode == GL_LINE_LOOP)
         line(d, &v[n - 1], &v[0], false);
      return;
   case GL_TRIANGLES:
      for (uint32_t i = 0; i + 2 < n; i += 3)
         tri(d, &v[i], &v[i + 1], &v[i + 2]);
      return;
   case GL_TRIANGLE_STRIP:
      for (uint32_t i = 0; i + 2 < n; i++) {
         if (i & 1u)
            tri(d, &v[i + 1], &v[i], &v[i + 2]);
         else
            tri(d, &v[i], &v[i + 1], &v[i + 2]);
      }
      return;
   case GL_TRIANGLE_FAN:
      for (uint32_t i = 1; i + 1 < n; i++)
         tri(d, &v[0], &v[i], &v[i + 1]);
      return;
   case GL_QUADS:
      for (uint32_t i = 0; i + 3 < n; i += 4) {
         const struct rm_vertex *q[4] = {&v[i], &v[i + 1], &v[i + 2], &v[i + 3]};
         polygon(d, q, 4);
      }
      return;
   case GL_QUAD_STRIP:
      for (uint32_t i = 0; i + 3 < n; i += 2) {
         const struct rm_vertex *q[4] = {&v[i], &v[i + 1], &v[i + 3], &v[i + 2]};
         polygon(d, q, 4);
      }
      return;
   case GL_POLYGON: {
      if (n < 3)
         return;
      const struct rm_vertex **p = malloc(sizeof(*p) * n);
      if (!p) {
         fe_error(d->ctx, GL_OUT_OF_MEMORY);
         return;
      }
      for (uint32_t i = 0; i < n; i++)
         p[i] = &v[i];
      polygon(d, p, n);
      free(p);
      return;
   }
   default:
      MGU_DECLINE(gl_render_mode_draw_unsupported,
                  "a draw of mode 0x%04x in selection or feedback mode: nothing recorded", mode);
      return;
   }
}

/* The vertex indices of the draw (basevertex added); false after an error or a decline. */
static bool
draw_indices(struct fe_context *ctx, GLint first, GLsizei count, GLenum type, const void *indices,
             GLint basevertex, GLint *out)
{
   if (!type) {
      if ((int64_t)first + count - 1 > INT32_MAX) {
         MGU_DECLINE(gl_draw_out_of_bounds, "vertices past 2^31 in selection or feedback mode");
         return false;
      }
      for (GLsizei i = 0; i < count; i++)
         out[i] = first + i;
      return true;
   }
   const unsigned size = type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
   const uint64_t bytes = (uint64_t)count * size;
   uint8_t *raw = malloc(bytes ? bytes : 1);
   if (!raw) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   struct fe_buffer *eb = ctx->vao->elements;
   if (eb) {
      const uint64_t off = (uint64_t)(uintptr_t)indices;
      if (off > (uint64_t)eb->size || bytes > (uint64_t)eb->size - off) {
         MGU_DECLINE(gl_draw_out_of_bounds, "indices past a %lld-byte buffer", (long long)eb->size);
         free(raw);
         return false;
      }
      fe_buffer_read(ctx, eb, off, bytes, raw);
   } else if (indices) {
      memcpy(raw, indices, bytes);
   } else {
      MGU_DECLINE(gl_draw_out_of_bounds, "client-side indices at NULL");
      free(raw);
      return false;
   }
   for (GLsizei i = 0; i < count; i++) {
      uint32_t x;
      if (size == 1) {
         x = raw[i];
      } else if (size == 2) {
         uint16_t h;
         memcpy(&h, raw + 2 * (size_t)i, 2);
         x = h;
      } else {
         memcpy(&x, raw + 4 * (size_t)i, 4);
      }
      const int64_t vtx = (int64_t)x + basevertex;
      if (vtx < 0 || vtx > INT32_MAX) {
         MGU_DECLINE(gl_draw_out_of_bounds, "index %lld in selection or feedback mode",
                     (long long)vtx);
         free(raw);
         return false;
      }
      out[i] = (GLint)vtx;
   }
   free(raw);
   return true;
}

void
fe_compat_rm_draw(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count, GLenum type,
                  const void *indices, GLint basevertex)
{
   struct fe_ff *ff = ctx->ff;
   if (count <= 0)
      return;
   if (ff->override_exec) {
      MGU_DECLINE(gl_render_mode_draw_unsupported,
                  "glBitmap, glDrawPixels or glCopyPixels in selection or feedback mode: no "
                  "token, no hit, nothing drawn");
      return;
   }
   if (ctx->program || ctx->pipeline) {
      MGU_DECLINE(gl_render_mode_draw_unsupported,
                  "a draw with a GLSL program in selection or feedback mode: nothing recorded");
      return;
   }
   if (ff->lighting)
      MGU_DECLINE(gl_render_mode_draw_unsupported,
                  "lit colours in feedback mode: the vertices' unlit colours are recorded");
   if (ff->unit[0].texgen_enabled)
      MGU_DECLINE(gl_render_mode_draw_unsupported,
                  "texture coordinate generation in feedback mode: the texture coordinates "
                  "given are recorded");
   if (ctx->polygon_mode != GL_FILL || ctx->polygon_mode_back != GL_FILL)
      MGU_DECLINE(gl_render_mode_draw_unsupported,
                  "polygon mode GL_LINE or GL_POINT in selection or feedback mode: polygons are "
                  "recorded filled");
   struct rm_draw d = {.ctx = ctx, .rm = &ctx->compat->rm, .planes = 0x3f};
   if (ctx->rs.depth_clamp)
      d.planes &= ~0x30u;
   d.planes |= (uint32_t)ctx->rs.clip_distance_mask << 6;

   GLint *idx = malloc(sizeof(*idx) * (size_t)count);
   struct rm_vertex *v = malloc(sizeof(*v) * (size_t)count);
   if (!idx || !v) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      goto out;
   }
   if (!draw_indices(ctx, first, count, type, indices, basevertex, idx))
      goto out;
   float mvp[16];
   const float *mv = fe_ff_top(ff, FE_FF_MODELVIEW);
   fe_ff_mat_mul(mvp, fe_ff_top(ff, FE_FF_PROJECTION), mv);
   const float *tm = fe_ff_top(ff, FE_FF_TEXTURE0);
   for (GLsizei i = 0; i < count; i++)
      vertex_transform(&d, idx[i], mvp, mv, tm, &v[i]);
   assemble(&d, mode, v, (uint32_t)count);
out:
   free(idx);
   free(v);
}
