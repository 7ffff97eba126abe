/* fe_eval.c — evaluators (GL 2.1 §5.1): glMap1/glMap2 keep a copy of the control points per
 * target, glEnable(GL_MAP1_* / GL_MAP2_* / GL_AUTO_NORMAL) selects them, glEvalCoord evaluates
 * the enabled maps (Bernstein polynomials, by de Casteljau's construction) and issues the vertex
 * through the immediate-mode path, glMapGrid/glEvalPoint/glEvalMesh walk a grid, and glGetMap
 * reads a map back. The evaluated colour, normal and texture coordinates go into the vertex
 * only: the current values are left as they were (§5.1). Colour-index maps are kept and
 * queried but have no effect (RGBA configs only). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fe_compat_vertex.h"
#include "fe_dlist_entry.h"
#include "fe_ff.h"
#include "gl_api.h"

#define FE_GL_COEFF 0x0A00
#define FE_GL_ORDER 0x0A01
#define FE_GL_DOMAIN 0x0A02
#define FE_GL_MAX_EVAL_ORDER 0x0D30
#define FE_GL_AUTO_NORMAL 0x0D80
#define FE_GL_MAP1_COLOR_4 0x0D90 /* .. GL_MAP1_VERTEX_4 0x0D98 */
#define FE_GL_MAP2_COLOR_4 0x0DB0 /* .. GL_MAP2_VERTEX_4 0x0DB8 */
#define FE_GL_MAP1_GRID_DOMAIN 0x0DD0
#define FE_GL_MAP1_GRID_SEGMENTS 0x0DD1
#define FE_GL_MAP2_GRID_DOMAIN 0x0DD2
#define FE_GL_MAP2_GRID_SEGMENTS 0x0DD3
#define FE_GL_POINT 0x1B00
#define FE_GL_LINE 0x1B01
#define FE_GL_FILL 0x1B02

#define EVAL_MAX_ORDER 30 /* GL_MAX_EVAL_ORDER (Mesa's; GL asks at least 8) */
#define EVAL_TARGETS 9

/* The targets in enum order: colour, index, normal, texture 1..4, vertex 3 and 4. */
enum { T_COLOR, T_INDEX, T_NORMAL, T_TEX1, T_TEX2, T_TEX3, T_TEX4, T_VERTEX3, T_VERTEX4 };
static const unsigned target_comps[EVAL_TARGETS] = {4, 1, 3, 1, 2, 3, 4, 3, 4};

struct fe_eval_map {
   int uorder, vorder;
   float u1, u2, v1, v2;
   float *points; /* uorder x vorder points of k components, u major; NULL: the initial point */
};

struct fe_eval {
   struct fe_eval_map map[2][EVAL_TARGETS]; /* [0] GL_MAP1_*, [1] GL_MAP2_* */
   uint32_t enabled[2];                     /* bit t: target t enabled */
   bool auto_normal;
   int grid1_n, grid2_un, grid2_vn;
   float grid1_u1, grid1_u2, grid2_u1, grid2_u2, grid2_v1, grid2_v2;
};

static struct fe_eval *
eval_get(struct fe_context *ctx)
{
   struct fe_compat *c = ctx->compat;
   if (c->eval)
      return c->eval;
   struct fe_eval *e = calloc(1, sizeof(*e));
   if (!e) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   for (unsigned d = 0; d < 2; d++)
      for (unsigned t = 0; t < EVAL_TARGETS; t++) {
         struct fe_eval_map *m = &e->map[d][t];
         m->uorder = m->vorder = 1;
         m->u2 = m->v2 = 1.0f;
      }
   e->grid1_n = e->grid2_un = e->grid2_vn = 1;
   e->grid1_u2 = e->grid2_u2 = e->grid2_v2 = 1.0f;
   c->eval = e;
   return e;
}

void
fe_eval_destroy(struct fe_compat *c)
{
   if (!c->eval)
      return;
   for (unsigned d = 0; d < 2; d++)
      for (unsigned t = 0; t < EVAL_TARGETS; t++)
         free(c->eval->map[d][t].points);
   free(c->eval);
   c->eval = NULL;
}

/* The target index of a GL_MAP1_* (dim 0) or GL_MAP2_* (dim 1) enum, -1 for others. */
static int
target_index(GLenum target, unsigned dim)
{
   const GLenum base = dim ? FE_GL_MAP2_COLOR_4 : FE_GL_MAP1_COLOR_4;
   return target >= base && target < base + EVAL_TARGETS ? (int)(target - base) : -1;
}

/* GL 2.1 table 5.1's initial control point of target t. */
static void
initial_point(unsigned t, float out[4])
{
   static const float init[EVAL_TARGETS][4] = {
      {1, 1, 1, 1}, {1, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 0}, {0, 0, 0, 0},
      {0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 0}, {0, 0, 0, 1},
   };
   memcpy(out, init[t], sizeof(init[t]));
}

static const float *
map_points(const struct fe_eval_map *m, unsigned t, float tmp[4])
{
   if (m->points)
      return m->points;
   initial_point(t, tmp);
   return tmp;
}

int
fe_eval_set_enable(struct fe_context *ctx, GLenum cap, int on)
{
   const int t1 = target_index(cap, 0), t2 = target_index(cap, 1);
   if (t1 < 0 && t2 < 0 && cap != FE_GL_AUTO_NORMAL)
      return -1;
   struct fe_eval *e = ctx->compat->eval;
   if (on < 0) {
      if (!e)
         return 0;
      if (cap == FE_GL_AUTO_NORMAL)
         return e->auto_normal;
      return t1 >= 0 ? (int)(e->enabled[0] >> t1 & 1u) : (int)(e->enabled[1] >> t2 & 1u);
   }
   if (!(e = eval_get(ctx)))
      return 0;
   if (cap == FE_GL_AUTO_NORMAL) {
      e->auto_normal = on;
      return on;
   }
   const unsigned d = t1 >= 0 ? 0 : 1, t = (unsigned)(t1 >= 0 ? t1 : t2);
   e->enabled[d] = on ? e->enabled[d] | 1u << t : e->enabled[d] & ~(1u << t);
   return on;
}

void
fe_eval_attrib_save(struct fe_context *ctx, struct fe_eval_attrib *a)
{
   const struct fe_eval *e = ctx->compat->eval;
   if (!e) { /* the initial state (eval_get's) */
      *a = (struct fe_eval_attrib){
         .grid1_n = 1, .grid2_un = 1, .grid2_vn = 1, .grid = {0.0f, 1.0f, 0.0f, 1.0f, 0.0f, 1.0f}};
      return;
   }
   a->enabled[0] = e->enabled[0];
   a->enabled[1] = e->enabled[1];
   a->auto_normal = e->auto_normal;
   a->grid1_n = e->grid1_n;
   a->grid2_un = e->grid2_un;
   a->grid2_vn = e->grid2_vn;
   const float g[6] = {e->grid1_u1, e->grid1_u2, e->grid2_u1,
                       e->grid2_u2, e->grid2_v1, e->grid2_v2};
   memcpy(a->grid, g, sizeof(g));
}

void
fe_eval_attrib_restore(struct fe_context *ctx, const struct fe_eval_attrib *a, bool grids)
{
   struct fe_eval *e = eval_get(ctx);
   if (!e)
      return; /* GL_OUT_OF_MEMORY recorded */
   e->enabled[0] = a->enabled[0];
   e->enabled[1] = a->enabled[1];
   e->auto_normal = a->auto_normal;
   if (!grids)
      return;
   e->grid1_n = a->grid1_n;
   e->grid2_un = a->grid2_un;
   e->grid2_vn = a->grid2_vn;
   e->grid1_u1 = a->grid[0];
   e->grid1_u2 = a->grid[1];
   e->grid2_u1 = a->grid[2];
   e->grid2_u2 = a->grid[3];
   e->grid2_v1 = a->grid[4];
   e->grid2_v2 = a->grid[5];
}

/* Elements of a control-point array glMap reads, for display lists: 0 where the call raises
 * an error before reading them (it raises it when the list executes). */
int64_t
fe_dlist_map_elements(GLenum target, GLint ustride, GLint uorder, GLint vstride, GLint vorder)
{
   const bool two = vorder != 0;
   const int t = target_index(target, two);
   if (t < 0 || uorder < 1 || uorder > EVAL_MAX_ORDER ||
       (two && (vorder < 1 || vorder > EVAL_MAX_ORDER)))
      return 0;
   const int64_t k = target_comps[t];
   if (ustride < k || (two && vstride < k))
      return 0;
   return (int64_t)(uorder - 1) * ustride + (two ? (int64_t)(vorder - 1) * vstride : 0) + k;
}

/* glMap1 and glMap2 after their type: the points as floats (get(p, i) reads element i). */
static void
map_define(struct fe_context *ctx, unsigned dim, GLenum target, float u1, float u2, GLint ustride,
           GLint uorder, float v1, float v2, GLint vstride, GLint vorder, const void *points,
           bool dbl)
{
   const int t = target_index(target, dim);
   FE_CHECK(t < 0, GL_INVALID_ENUM);
   const GLint k = (GLint)target_comps[t];
   FE_CHECK(u1 == u2 || (dim && v1 == v2), GL_INVALID_VALUE);
   FE_CHECK(ustride < k || (dim && vstride < k), GL_INVALID_VALUE);
   FE_CHECK(uorder < 1 || uorder > EVAL_MAX_ORDER, GL_INVALID_VALUE);
   FE_CHECK(dim && (vorder < 1 || vorder > EVAL_MAX_ORDER), GL_INVALID_VALUE);
   /* GL 1.3 (F.2.13): maps belong to texture unit 0 */
   FE_CHECK(ctx->active_unit != 0, GL_INVALID_OPERATION);
   if (!dim)
      vorder = 1;
   struct fe_eval *e = eval_get(ctx);
   if (!e)
      return;
   float *p = malloc(sizeof(float) * (size_t)(uorder * vorder * k));
   if (!p) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   for (GLint i = 0; i < uorder; i++)
      for (GLint j = 0; j < vorder; j++)
         for (GLint c = 0; c < k; c++) {
            const size_t at =
               (size_t)i * (size_t)ustride + (size_t)j * (size_t)(dim ? vstride : 0) + (size_t)c;
            p[((size_t)i * (size_t)vorder + (size_t)j) * (size_t)k + (size_t)c] =
               dbl ? (float)((const GLdouble *)points)[at] : ((const GLfloat *)points)[at];
         }
   struct fe_eval_map *m = &e->map[dim][t];
   free(m->points);
   m->points = p;
   m->uorder = uorder;
   m->vorder = vorder;
   m->u1 = u1;
   m->u2 = u2;
   m->v1 = dim ? v1 : 0.0f;
   m->v2 = dim ? v2 : 1.0f;
}

void
mgl_glMap1f(GLenum target, GLfloat u1, GLfloat u2, GLint stride, GLint order, const GLfloat *points)
{
   FE_COMPAT_CTX_OR_RETURN();
   map_define(ctx, 0, target, u1, u2, stride, order, 0, 1, 0, 0, points, false);
}

void
mgl_glMap1d(GLenum target, GLdouble u1, GLdouble u2, GLint stride, GLint order,
            const GLdouble *points)
{
   FE_COMPAT_CTX_OR_RETURN();
   map_define(ctx, 0, target, (float)u1, (float)u2, stride, order, 0, 1, 0, 0, points, true);
}

void
mgl_glMap2f(GLenum target, GLfloat u1, GLfloat u2, GLint ustride, GLint uorder, GLfloat v1,
            GLfloat v2, GLint vstride, GLint vorder, const GLfloat *points)
{
   FE_COMPAT_CTX_OR_RETURN();
   map_define(ctx, 1, target, u1, u2, ustride, uorder, v1, v2, vstride, vorder, points, false);
}

void
mgl_glMap2d(GLenum target, GLdouble u1, GLdouble u2, GLint ustride, GLint uorder, GLdouble v1,
            GLdouble v2, GLint vstride, GLint vorder, const GLdouble *points)
{
   FE_COMPAT_CTX_OR_RETURN();
   map_define(ctx, 1, target, (float)u1, (float)u2, ustride, uorder, (float)v1, (float)v2, vstride,
              vorder, points, true);
}

/* ---- evaluation ----------------------------------------------------------------------------- */

/* The Bezier curve of order n through k-component points p (point i at p + i * stride) at
 * parameter s in [0, 1]: its value, and its derivative in s when deriv is not NULL. */
static void
bezier(const float *p, size_t stride, int n, unsigned k, float s, float *out, float *deriv)
{
   float b[EVAL_MAX_ORDER][4];
   for (int i = 0; i < n; i++)
      for (unsigned c = 0; c < k; c++)
         b[i][c] = p[(size_t)i * stride + c];
   /* de Casteljau down to two points: their difference times the degree is the derivative */
   for (int r = n - 1; r > 1; r--)
      for (int i = 0; i < r; i++)
         for (unsigned c = 0; c < k; c++)
            b[i][c] += (b[i + 1][c] - b[i][c]) * s;
   for (unsigned c = 0; c < k; c++) {
      if (n == 1) {
         out[c] = b[0][c];
         if (deriv)
            deriv[c] = 0.0f;
         continue;
      }
      out[c] = b[0][c] + (b[1][c] - b[0][c]) * s;
      if (deriv)
         deriv[c] = (float)(n - 1) * (b[1][c] - b[0][c]);
   }
}

/* Map1 of target t at u. */
static void
eval1(const struct fe_eval_map *m, unsigned t, float u, float out[4])
{
   float tmp[4];
   const unsigned k = target_comps[t];
   bezier(map_points(m, t, tmp), k, m->uorder, k, (u - m->u1) / (m->u2 - m->u1), out, NULL);
}

/* Map2 of target t at (u, v), and its partial derivatives when du is not NULL. */
static void
eval2(const struct fe_eval_map *m, unsigned t, float u, float v, float out[4], float du[4],
      float dv[4])
{
   float tmp[4], rows[EVAL_MAX_ORDER][4], drows[EVAL_MAX_ORDER][4];
   const unsigned k = target_comps[t];
   const float *p = map_points(m, t, tmp);
   const float su = (u - m->u1) / (m->u2 - m->u1), sv = (v - m->v1) / (m->v2 - m->v1);
   /* along v in each row of constant u, then along u through the rows */
   for (int i = 0; i < m->uorder; i++)
      bezier(p + (size_t)i * (size_t)m->vorder * k, k, m->vorder, k, sv, rows[i],
             du ? drows[i] : NULL);
   bezier(&rows[0][0], 4, m->uorder, k, su, out, du);
   if (du) {
      bezier(&drows[0][0], 4, m->uorder, k, su, dv, NULL);
      for (unsigned c = 0; c < k; c++) {
         du[c] /= m->u2 - m->u1;
         dv[c] /= m->v2 - m->v1;
      }
   }
}

/* The vertex-attribute slot a target feeds and the highest texture map enabled. */
static int
tex_target(uint32_t enabled)
{
   for (int t = T_TEX4; t >= T_TEX1; t--)
      if (enabled >> t & 1u)
         return t;
   return -1;
}

struct saved {
   uint32_t value[3][4];
   uint8_t kind[3];
};
static const unsigned eval_slots[3] = {FE_FF_ATTRIB_COLOR0, FE_FF_ATTRIB_NORMAL,
                                       FE_FF_ATTRIB_TEXCOORD0};

static void
save(const struct fe_context *ctx, struct saved *s)
{
   for (unsigned i = 0; i < 3; i++) {
      memcpy(s->value[i], ctx->attrib_value[eval_slots[i]], 16);
      s->kind[i] = ctx->attrib_kind[eval_slots[i]];
   }
}

/* The current values are back as before the evaluation (§5.1: the evaluated ones go into the
 * vertex only). */
static void
restore(struct fe_context *ctx, const struct saved *s)
{
   for (unsigned i = 0; i < 3; i++) {
      const unsigned slot = eval_slots[i];
      if (!memcmp(ctx->attrib_value[slot], s->value[i], 16) && ctx->attrib_kind[slot] == s->kind[i])
         continue;
      memcpy(ctx->attrib_value[slot], s->value[i], 16);
      ctx->attrib_kind[slot] = s->kind[i];
      ctx->tracker.attrib_defaults_dirty |= 1u << slot;
      fe_draw_touch(ctx);
   }
}

static void
set_texcoord(struct fe_context *ctx, int t, const float *v)
{
   const unsigned k = target_comps[t];
   fe_compat_attr(ctx, FE_FF_ATTRIB_TEXCOORD0, v[0], k > 1 ? v[1] : 0.0f, k > 2 ? v[2] : 0.0f,
                  k > 3 ? v[3] : 1.0f);
}

static void
eval_coord1(struct fe_context *ctx, float u)
{
   struct fe_eval *e = ctx->compat->eval;
   if (!e)
      return;
   const uint32_t en = e->enabled[0];
   const int vt = en >> T_VERTEX4 & 1u ? T_VERTEX4 : en >> T_VERTEX3 & 1u ? T_VERTEX3 : -1;
   if (vt < 0)
      return; /* no vertex map: nothing is issued (§5.1) */
   struct saved s;
   save(ctx, &s);
   float v[4];
   if (en >> T_COLOR & 1u) {
      eval1(&e->map[0][T_COLOR], T_COLOR, u, v);
      fe_compat_attr(ctx, FE_FF_ATTRIB_COLOR0, v[0], v[1], v[2], v[3]);
   }
   if (en >> T_NORMAL & 1u) {
      eval1(&e->map[0][T_NORMAL], T_NORMAL, u, v);
      fe_compat_attr(ctx, FE_FF_ATTRIB_NORMAL, v[0], v[1], v[2], 1.0f);
   }
   const int tt = tex_target(en);
   if (tt >= 0) {
      eval1(&e->map[0][tt], (unsigned)tt, u, v);
      set_texcoord(ctx, tt, v);
   }
   eval1(&e->map[0][vt], (unsigned)vt, u, v);
   fe_compat_imm_vertex(ctx, v[0], v[1], v[2], vt == T_VERTEX4 ? v[3] : 1.0f);
   restore(ctx, &s);
}

static void
eval_coord2(struct fe_context *ctx, float u, float w)
{
   struct fe_eval *e = ctx->compat->eval;
   if (!e)
      return;
   const uint32_t en = e->enabled[1];
   const int vt = en >> T_VERTEX4 & 1u ? T_VERTEX4 : en >> T_VERTEX3 & 1u ? T_VERTEX3 : -1;
   if (vt < 0)
      return;
   struct saved s;
   save(ctx, &s);
   float v[4];
   if (en >> T_COLOR & 1u) {
      eval2(&e->map[1][T_COLOR], T_COLOR, u, w, v, NULL, NULL);
      fe_compat_attr(ctx, FE_FF_ATTRIB_COLOR0, v[0], v[1], v[2], v[3]);
   }
   const int tt = tex_target(en);
   if (tt >= 0) {
      eval2(&e->map[1][tt], (unsigned)tt, u, w, v, NULL, NULL);
      set_texcoord(ctx, tt, v);
   }
   float p[4] = {0, 0, 0, 1}, du[4], dv[4];
   eval2(&e->map[1][vt], (unsigned)vt, u, w, p, du, dv);
   if (e->auto_normal) {
      /* n = dp/du x dp/dv; for a rational map, of p/w (times w^2, which keeps the direction) */
      if (vt == T_VERTEX4)
         for (unsigned c = 0; c < 3; c++) {
            du[c] = du[c] * p[3] - p[c] * du[3];
            dv[c] = dv[c] * p[3] - p[c] * dv[3];
         }
      fe_compat_attr(ctx, FE_FF_ATTRIB_NORMAL, du[1] * dv[2] - du[2] * dv[1],
                     du[2] * dv[0] - du[0] * dv[2], du[0] * dv[1] - du[1] * dv[0], 1.0f);
   } else if (en >> T_NORMAL & 1u) {
      eval2(&e->map[1][T_NORMAL], T_NORMAL, u, w, v, NULL, NULL);
      fe_compat_attr(ctx, FE_FF_ATTRIB_NORMAL, v[0], v[1], v[2], 1.0f);
   }
   fe_compat_imm_vertex(ctx, p[0], p[1], p[2], vt == T_VERTEX4 ? p[3] : 1.0f);
   restore(ctx, &s);
}

#define EVAL1(sfx, T)                                                                              \
   void mgl_glEvalCoord1##sfx(T u)                                                                 \
   {                                                                                               \
      FE_COMPAT_CTX_OR_RETURN();                                                                   \
      eval_coord1(ctx, (float)u);                                                                  \
   }                                                                                               \
   void mgl_glEvalCoord1##sfx##v(const T *u)                                                       \
   {                                                                                               \
      FE_COMPAT_CTX_OR_RETURN();                                                                   \
      eval_coord1(ctx, (float)u[0]);                                                               \
   }                                                                                               \
   void mgl_glEvalCoord2##sfx(T u, T v)                                                            \
   {                                                                                               \
      FE_COMPAT_CTX_OR_RETURN();                                                                   \
      eval_coord2(ctx, (float)u, (float)v);                                                        \
   }                                                                                               \
   void mgl_glEvalCoord2##sfx##v(const T *u)                                                       \
   {                                                                                               \
      FE_COMPAT_CTX_OR_RETURN();                                                                   \
      eval_coord2(ctx, (float)u[0], (float)u[1]);                                                  \
   }

EVAL1(f, GLfloat)
EVAL1(d, GLdouble)

/* ---- grids ---------------------------------------------------------------------------------- */

void
mgl_glMapGrid1f(GLint un, GLfloat u1, GLfloat u2)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(un <= 0, GL_INVALID_VALUE);
   struct fe_eval *e = eval_get(ctx);
   if (!e)
      return;
   e->grid1_n = un;
   e->grid1_u1 = u1;
   e->grid1_u2 = u2;
}

void
mgl_glMapGrid1d(GLint un, GLdouble u1, GLdouble u2)
{
   mgl_glMapGrid1f(un, (float)u1, (float)u2);
}

void
mgl_glMapGrid2f(GLint un, GLfloat u1, GLfloat u2, GLint vn, GLfloat v1, GLfloat v2)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(un <= 0 || vn <= 0, GL_INVALID_VALUE);
   struct fe_eval *e = eval_get(ctx);
   if (!e)
      return;
   e->grid2_un = un;
   e->grid2_vn = vn;
   e->grid2_u1 = u1;
   e->grid2_u2 = u2;
   e->grid2_v1 = v1;
   e->grid2_v2 = v2;
}

void
mgl_glMapGrid2d(GLint un, GLdouble u1, GLdouble u2, GLint vn, GLdouble v1, GLdouble v2)
{
   mgl_glMapGrid2f(un, (float)u1, (float)u2, vn, (float)v1, (float)v2);
}

/* Grid point i of n segments over [a, b]; the last is b exactly (§5.1). */
static float
grid(int i, int n, float a, float b)
{
   return i == n ? b : a + (float)i * ((b - a) / (float)n);
}

static void
point1(struct fe_context *ctx, const struct fe_eval *e, GLint i)
{
   eval_coord1(ctx, grid(i, e->grid1_n, e->grid1_u1, e->grid1_u2));
}

static void
point2(struct fe_context *ctx, const struct fe_eval *e, GLint i, GLint j)
{
   eval_coord2(ctx, grid(i, e->grid2_un, e->grid2_u1, e->grid2_u2),
               grid(j, e->grid2_vn, e->grid2_v1, e->grid2_v2));
}

void
mgl_glEvalPoint1(GLint i)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_eval *e = ctx->compat->eval;
   if (e)
      point1(ctx, e, i);
}

void
mgl_glEvalPoint2(GLint i, GLint j)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_eval *e = ctx->compat->eval;
   if (e)
      point2(ctx, e, i, j);
}

void
mgl_glEvalMesh1(GLenum mode, GLint i1, GLint i2)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(mode != FE_GL_POINT && mode != FE_GL_LINE, GL_INVALID_ENUM);
   struct fe_eval *e = ctx->compat->eval;
   if (!e || i2 < i1)
      return;
   mgl_glBegin(mode == FE_GL_POINT ? GL_POINTS : GL_LINE_STRIP);
   for (GLint i = i1; i <= i2; i++)
      point1(ctx, e, i);
   mgl_glEnd();
}

void
mgl_glEvalMesh2(GLenum mode, GLint i1, GLint i2, GLint j1, GLint j2)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(mode != FE_GL_POINT && mode != FE_GL_LINE && mode != FE_GL_FILL, GL_INVALID_ENUM);
   struct fe_eval *e = ctx->compat->eval;
   if (!e || i2 < i1 || j2 < j1)
      return;
   switch (mode) {
   case FE_GL_POINT:
      mgl_glBegin(GL_POINTS);
      for (GLint j = j1; j <= j2; j++)
         for (GLint i = i1; i <= i2; i++)
            point2(ctx, e, i, j);
      mgl_glEnd();
      return;
   case FE_GL_LINE:
      for (GLint j = j1; j <= j2; j++) {
         mgl_glBegin(GL_LINE_STRIP);
         for (GLint i = i1; i <= i2; i++)
            point2(ctx, e, i, j);
         mgl_glEnd();
      }
      for (GLint i = i1; i <= i2; i++) {
         mgl_glBegin(GL_LINE_STRIP);
         for (GLint j = j1; j <= j2; j++)
            point2(ctx, e, i, j);
         mgl_glEnd();
      }
      return;
   default:
      for (GLint j = j1; j < j2; j++) {
         mgl_glBegin(GL_QUAD_STRIP);
         for (GLint i = i1; i <= i2; i++) {
            point2(ctx, e, i, j);
            point2(ctx, e, i, j + 1);
         }
         mgl_glEnd();
      }
      return;
   }
}

/* ---- queries -------------------------------------------------------------------------------- */

/* Where glGetMap writes: the application's array of one of three types. */
struct map_out {
   GLdouble *d;
   GLfloat *f;
   GLint *i;
};

static void
put(const struct map_out *o, int at, double v)
{
   if (o->d)
      o->d[at] = v;
   else if (o->f)
      o->f[at] = (GLfloat)v;
   else
      o->i[at] = (GLint)lround(v); /* as Mesa: rounded */
}

/* buf_size: the bytes at o (glGetnMap*vARB), SIZE_MAX unbounded (glGetMap*v); elem: the bytes
 * of one value. */
static void
get_map(GLenum target, GLenum query, const struct map_out *o, size_t elem, size_t buf_size)
{
   FE_COMPAT_CTX_OR_RETURN();
   const int t1 = target_index(target, 0), t2 = target_index(target, 1);
   FE_CHECK(t1 < 0 && t2 < 0, GL_INVALID_ENUM);
   FE_CHECK(query != FE_GL_COEFF && query != FE_GL_ORDER && query != FE_GL_DOMAIN, GL_INVALID_ENUM);
   const unsigned dim = t1 >= 0 ? 0 : 1, t = (unsigned)(t1 >= 0 ? t1 : t2);
   struct fe_eval *e = eval_get(ctx);
   if (!e)
      return;
   const struct fe_eval_map *m = &e->map[dim][t];
   /* ARB_robustness: a query that would write past bufSize bytes writes nothing */
   const size_t n = query == FE_GL_ORDER ? 1 + dim
                    : query == FE_GL_DOMAIN
                       ? 2 + 2 * dim
                       : (size_t)m->uorder * (size_t)m->vorder * target_comps[t];
   FE_CHECK(n * elem > buf_size, GL_INVALID_OPERATION);
   switch (query) {
   case FE_GL_ORDER:
      put(o, 0, m->uorder);
      if (dim)
         put(o, 1, m->vorder);
      return;
   case FE_GL_DOMAIN:
      put(o, 0, m->u1);
      put(o, 1, m->u2);
      if (dim) {
         put(o, 2, m->v1);
         put(o, 3, m->v2);
      }
      return;
   default: {
      float tmp[4];
      const float *p = map_points(m, t, tmp);
      const int n = m->uorder * m->vorder * (int)target_comps[t];
      for (int i = 0; i < n; i++)
         put(o, i, p[i]);
      return;
   }
   }
}

void
mgl_glGetMapdv(GLenum target, GLenum query, GLdouble *v)
{
   get_map(target, query, &(struct map_out){.d = v}, sizeof(*v), SIZE_MAX);
}

void
mgl_glGetMapfv(GLenum target, GLenum query, GLfloat *v)
{
   get_map(target, query, &(struct map_out){.f = v}, sizeof(*v), SIZE_MAX);
}

void
mgl_glGetMapiv(GLenum target, GLenum query, GLint *v)
{
   get_map(target, query, &(struct map_out){.i = v}, sizeof(*v), SIZE_MAX);
}

void
mgl_glGetnMapdvARB(GLenum target, GLenum query, GLsizei bufSize, GLdouble *v)
{
   get_map(target, query, &(struct map_out){.d = v}, sizeof(*v), bufSize < 0 ? 0 : (size_t)bufSize);
}

void
mgl_glGetnMapfvARB(GLenum target, GLenum query, GLsizei bufSize, GLfloat *v)
{
   get_map(target, query, &(struct map_out){.f = v}, sizeof(*v), bufSize < 0 ? 0 : (size_t)bufSize);
}

void
mgl_glGetnMapivARB(GLenum target, GLenum query, GLsizei bufSize, GLint *v)
{
   get_map(target, query, &(struct map_out){.i = v}, sizeof(*v), bufSize < 0 ? 0 : (size_t)bufSize);
}

int
fe_eval_get(struct fe_context *ctx, GLenum pname, double *out, int *kind)
{
   const struct fe_eval *e = ctx->compat->eval;
   switch (pname) {
   case FE_GL_MAX_EVAL_ORDER:
      *kind = 1;
      out[0] = EVAL_MAX_ORDER;
      return 1;
   case FE_GL_MAP1_GRID_DOMAIN:
      *kind = 0;
      out[0] = e ? e->grid1_u1 : 0.0;
      out[1] = e ? e->grid1_u2 : 1.0;
      return 2;
   case FE_GL_MAP1_GRID_SEGMENTS:
      *kind = 1;
      out[0] = e ? e->grid1_n : 1;
      return 1;
   case FE_GL_MAP2_GRID_DOMAIN:
      *kind = 0;
      out[0] = e ? e->grid2_u1 : 0.0;
      out[1] = e ? e->grid2_u2 : 1.0;
      out[2] = e ? e->grid2_v1 : 0.0;
      out[3] = e ? e->grid2_v2 : 1.0;
      return 4;
   case FE_GL_MAP2_GRID_SEGMENTS:
      *kind = 1;
      out[0] = e ? e->grid2_un : 1;
      out[1] = e ? e->grid2_vn : 1;
      return 2;
   default: return 0;
   }
}
