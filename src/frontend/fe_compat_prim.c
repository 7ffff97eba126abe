/* fe_compat_prim.c — the polygon primitives of the compatibility profile (GL_QUADS,
 * GL_QUAD_STRIP, GL_POLYGON), which Vulkan cannot draw, rewritten here into a 32-bit index
 * stream of triangles that keeps GL's flat-shading vertex (GL 3.3 compatibility, table 2.15:
 * the last vertex of a quad whatever the convention, since
 * GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION is false; the first of a polygon). In polygon
 * mode LINE or POINT (either face's) the triangles go out with adjacency that marks the
 * polygon's own edges, for the generated outline stage (fe_ff_program.c), which culls by the
 * facing and draws those edges or vertices, so no diagonal shows and the edge flags
 * (glEdgeFlag, glEdgeFlagPointer) drop edges as GL 2.1 2.6.2 says; independent triangles take
 * this path too when an edge flag is off. A GLSL program gets the same stage in a variant of
 * its own (fe_program.c); one with a geometry or tessellation stage of its own (no outline
 * stage) has the outer edges (or vertices) go out as lines (points) in one mode for both faces.
 * The indices travel with the draw as client-side indices (fe_draw_rewritten). */
#include <stdlib.h>
#include <string.h>

#include "fe_compat_vertex.h"
#include "fe_ff.h"
#include "log.h"

/* Rewritten indices of one draw at most (4 bytes each). */
#define POLY_MAX_INDICES (64ull << 20)

static bool
edges_from_array(const struct fe_context *ctx)
{
   const struct fe_compat *c = ctx->compat;
   return c->draw_edges ? c->draw_edges_vary : c->edge_array.enabled;
}

/* The polygon mode the rewrite draws outlines for as lines or points (no outline stage). With
 * a mode per face the polygons go out filled (as triangles) and fe_draw.c draws each face's
 * pass in its mode: outlines then show the triangles' inner edges and ignore edge flags
 * (counted, gl-feature-unimplemented). */
static GLenum
rewrite_fill(const struct fe_context *ctx)
{
   return ctx->polygon_mode == ctx->polygon_mode_back ? ctx->polygon_mode : GL_FILL;
}

/* Whether the polygons go out as triangles with adjacency for the outline stage: a face is in
 * mode LINE or POINT and the stage is there (fe_ff_outline_offered; under a GLSL program,
 * fe_outline_offered). */
static bool
outlined(struct fe_context *ctx)
{
   return (ctx->polygon_mode != GL_FILL || ctx->polygon_mode_back != GL_FILL) &&
          (fe_ff_outline_offered(ctx) || fe_outline_offered(ctx));
}

bool
fe_compat_draw_rewritten(struct fe_context *ctx, GLenum mode)
{
   if (mode == GL_QUADS || mode == GL_QUAD_STRIP || mode == GL_POLYGON)
      return true;
   return mode == GL_TRIANGLES && (rewrite_fill(ctx) != GL_FILL || outlined(ctx)) &&
          edges_from_array(ctx);
}

struct emit {
   uint32_t *out;
   uint64_t n;
   uint32_t min, max;
   GLenum fill;         /* GL_FILL, GL_LINE or GL_POINT */
   bool adjacency;      /* triangles with adjacency for the outline stage (fill GL_FILL) */
   bool last;           /* the rasterizer's provoking vertex is a triangle's last */
   const uint8_t *edge; /* edge flag of vertex v + bias (NULL: every edge is drawn) */
   uint64_t edge_n;
   int64_t bias;
   /* primitives drawn for each GL primitive (0 before the first; UINT32_MAX once two differ):
    * the divisor of the fragment stage's gl_PrimitiveID */
   uint32_t per_prim;
};

/* A GL primitive ended; its indices began at index `from` of the output. */
static void
prim_done(struct emit *e, uint64_t from)
{
   const uint64_t vpp = e->adjacency ? 6 : e->fill == GL_LINE ? 2 : e->fill == GL_POINT ? 1 : 3;
   const uint64_t made = (e->n - from) / vpp;
   if (e->per_prim == 0 && made > 0 && made < UINT32_MAX)
      e->per_prim = (uint32_t)made;
   else if (e->per_prim != made)
      e->per_prim = UINT32_MAX;
}

static void
put(struct emit *e, uint32_t v)
{
   e->out[e->n++] = v;
   if (v < e->min)
      e->min = v;
   if (v > e->max)
      e->max = v;
}

static bool
edge_on(const struct emit *e, uint32_t v)
{
   const int64_t i = (int64_t)v + e->bias;
   return !e->edge || i < 0 || (uint64_t)i >= e->edge_n || e->edge[i];
}

/* Triangle (a, b, c) of a polygon's fan, rasterizer order, with adjacency for the outline
 * stage: after each corner the next where the polygon draws the edge between them (ab: edge
 * a-b), else the corner again (fe_ff_program.c, gen_geometry). Wound as the polygon is. */
static void
fan_adjacent(struct emit *e, uint32_t a, bool ab, uint32_t b, bool bc, uint32_t c, bool ca)
{
   if (e->last) { /* (b, c, a): the provoking vertex last */
      const uint32_t t = a;
      const bool tab = ab;
      a = b, ab = bc, b = c, bc = ca, c = t, ca = tab;
   }
   put(e, a);
   put(e, ab ? b : a);
   put(e, b);
   put(e, bc ? c : b);
   put(e, c);
   put(e, ca ? a : c);
}

/* One polygon of m vertices p[], whose flat-shading vertex is p[pv]; use_edges: the edge
 * flags apply (not to quad strips). */
static void
polygon(struct emit *e, const uint32_t *p, unsigned m, unsigned pv, bool use_edges)
{
   if (e->adjacency) {
      /* the fan around p[pv]: its first and last triangles hold the edges at p[pv] */
      for (unsigned j = 1; j + 1 < m; j++) {
         const uint32_t a = p[pv], b = p[(pv + j) % m], c = p[(pv + j + 1) % m];
         fan_adjacent(e, a, j == 1 && (!use_edges || edge_on(e, a)), b, !use_edges || edge_on(e, b),
                      c, j + 2 == m && (!use_edges || edge_on(e, c)));
      }
      return;
   }
   if (e->fill == GL_LINE) {
      for (unsigned i = 0; i < m; i++)
         if (!use_edges || edge_on(e, p[i])) {
            put(e, p[i]);
            put(e, p[(i + 1) % m]);
         }
      return;
   }
   if (e->fill == GL_POINT) {
      for (unsigned i = 0; i < m; i++)
         if (!use_edges || edge_on(e, p[i]))
            put(e, p[i]);
      return;
   }
   /* a fan around the flat-shading vertex, placed where the rasterizer takes it from */
   for (unsigned j = 1; j + 1 < m; j++) {
      const uint32_t a = p[pv], b = p[(pv + j) % m], c = p[(pv + j + 1) % m];
      if (e->last) {
         put(e, b);
         put(e, c);
         put(e, a);
      } else {
         put(e, a);
         put(e, b);
         put(e, c);
      }
   }
}

/* One run of n vertices (between restart indices) of mode. */
static void
run(struct emit *e, GLenum mode, const uint32_t *v, uint64_t n)
{
   switch (mode) {
   case GL_QUADS:
      for (uint64_t q = 0; q + 4 <= n; q += 4) {
         const uint64_t from = e->n;
         polygon(e, v + q, 4, 3, true);
         prim_done(e, from);
      }
      break;
   case GL_QUAD_STRIP:
      for (uint64_t q = 0; q + 4 <= n; q += 2) {
         const uint32_t p[4] = {v[q], v[q + 1], v[q + 3], v[q + 2]};
         const uint64_t from = e->n;
         polygon(e, p, 4, 2, false);
         prim_done(e, from);
      }
      break;
   case GL_TRIANGLES:
      for (uint64_t t = 0; t + 3 <= n; t += 3) {
         const uint64_t from = e->n;
         polygon(e, v + t, 3, 2, true);
         prim_done(e, from);
      }
      break;
   default: /* GL_POLYGON: all of the run */
      if (n >= 3) {
         const uint64_t from = e->n;
         /* fan from vertex 0 without a copy: polygons of any size */
         if (e->adjacency) {
            for (uint64_t j = 1; j + 1 < n; j++)
               fan_adjacent(e, v[0], j == 1 && edge_on(e, v[0]), v[j], edge_on(e, v[j]), v[j + 1],
                            j + 2 == n && edge_on(e, v[j + 1]));
         } else if (e->fill != GL_FILL) {
            for (uint64_t i = 0; i < n; i++)
               if (edge_on(e, v[i])) {
                  put(e, v[i]);
                  if (e->fill == GL_LINE)
                     put(e, v[(i + 1) % n]);
               }
         } else {
            for (uint64_t j = 1; j + 1 < n; j++)
               polygon(e, (const uint32_t[3]){v[0], v[j], v[j + 1]}, 3, 0, false);
         }
         prim_done(e, from);
      }
      break;
   }
}

/* The draw's source indices as 32-bit values: first.. for arrays, else from client memory or
 * the element buffer. NULL with an error or decline recorded. */
uint32_t *
fe_compat_source_indices(struct fe_context *ctx, GLint first, GLsizei count, GLenum type,
                         const void *indices)
{
   uint32_t *v = malloc((size_t)count * 4u);
   if (!v) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   if (!type) {
      for (GLsizei k = 0; k < count; k++)
         v[k] = (uint32_t)first + (uint32_t)k;
      return v;
   }
   const unsigned size = type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
   const uint64_t bytes = (uint64_t)count * size;
   const uint8_t *src = indices;
   uint8_t *owned = NULL;
   struct fe_buffer *eb = ctx->vao->elements;
   if (eb) {
      const uint64_t offset = (uint64_t)(uintptr_t)indices;
      if (!eb->created || offset > (uint64_t)eb->size || bytes > (uint64_t)eb->size - offset) {
         MGU_DECLINE(gl_draw_out_of_bounds, "indices [%llu, +%llu) past a %lld-byte buffer",
                     (unsigned long long)offset, (unsigned long long)bytes, (long long)eb->size);
         free(v);
         return NULL;
      }
      owned = malloc(bytes ? bytes : 1);
      if (!owned) {
         free(v);
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return NULL;
      }
      fe_buffer_read(ctx, eb, offset, bytes, owned); /* the client's copy, or a round trip */
      src = owned;
   } else if (!src) {
      MGU_DECLINE(gl_draw_out_of_bounds, "client-side indices at NULL");
      free(v);
      return NULL;
   }
   for (GLsizei k = 0; k < count; k++) {
      if (size == 1) {
         v[k] = src[k];
      } else if (size == 2) {
         uint16_t s;
         memcpy(&s, src + 2 * (size_t)k, 2);
         v[k] = s;
      } else {
         memcpy(&v[k], src + 4 * (size_t)k, 4);
      }
   }
   free(owned);
   return v;
}

/* The edge flags of vertices 0..n-1 (after basevertex) from the edge-flag array. */
static uint8_t *
array_edges(struct fe_context *ctx, uint64_t n)
{
   const struct fe_compat_edge_array *a = &ctx->compat->edge_array;
   const uint64_t stride = a->stride ? (uint64_t)a->stride : 1u;
   const uint64_t span = (n - 1) * stride + 1;
   uint8_t *flags = malloc(n);
   uint8_t *bytes = a->buffer ? malloc(span) : NULL;
   if (!flags || (a->buffer && !bytes)) {
      free(flags);
      free(bytes);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   const uint8_t *src = (const uint8_t *)(uintptr_t)a->offset;
   if (a->buffer) {
      if (a->offset > (uint64_t)a->buffer->size || span > (uint64_t)a->buffer->size - a->offset) {
         MGU_DECLINE(gl_draw_out_of_bounds, "the edge flag array reads past its buffer");
         free(flags);
         free(bytes);
         return NULL;
      }
      fe_buffer_read(ctx, a->buffer, a->offset, span, bytes);
      src = bytes;
   } else if (!src) {
      MGU_DECLINE(gl_draw_out_of_bounds, "client-side edge flag array at NULL");
      free(flags);
      return NULL;
   }
   for (uint64_t i = 0; i < n; i++)
      flags[i] = src[i * stride] != 0;
   free(bytes);
   return flags;
}

void
fe_compat_draw(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count, GLenum type,
               const void *indices, GLsizei instances, GLuint baseinstance, GLint basevertex)
{
   struct fe_compat *c = ctx->compat;
   if (!count || !instances)
      return;
   const bool adjacency = outlined(ctx);
   /* at most 4 indices out per vertex in (a quad strip's edges), 6 with adjacency (a quad
    * strip's two triangles per two vertices) */
   const unsigned per_vertex = adjacency ? 6u : 4u;
   if ((uint64_t)count * per_vertex > POLY_MAX_INDICES) {
      MGU_DECLINE(gl_feature_unimplemented, "a polygon draw of %d vertices (at most %llu)", count,
                  POLY_MAX_INDICES / per_vertex);
      return;
   }
   /* Outlines and vertices as lines and points are not culled by the device: with both faces
    * culled nothing is drawn (GL 2.1 §3.5.4 culls before the polygon mode); one culled face
    * needs each polygon's facing, which only the outline stage finds. */
   if (rewrite_fill(ctx) != GL_FILL && ctx->cull_enabled) {
      if (ctx->cull_mode == GL_FRONT_AND_BACK)
         return;
      if (!adjacency)
         MGU_DECLINE(gl_feature_unimplemented,
                     "polygon outlines or vertices with one face culled: drawn for both faces");
   }
   uint32_t *src = fe_compat_source_indices(ctx, first, count, type, indices);
   if (!src)
      return;
   const bool restart = type && ctx->rs.primitive_restart;
   const uint32_t restart_index = restart ? fe_restart_index(ctx, type == GL_UNSIGNED_BYTE    ? 1
                                                                  : type == GL_UNSIGNED_SHORT ? 2
                                                                                              : 4)
                                          : 0;
   if (ctx->polygon_mode != ctx->polygon_mode_back && !adjacency)
      MGU_DECLINE(gl_feature_unimplemented,
                  "polygons with a polygon mode per face: drawn as triangles, so an outlined "
                  "face shows its inner edges and edge flags are ignored");
   struct emit e = {
      .out = malloc((size_t)count * per_vertex * 4u),
      .min = UINT32_MAX,
      .fill = adjacency ? GL_FILL : rewrite_fill(ctx),
      .adjacency = adjacency,
      .last = ctx->rs.provoking_vertex_last,
   };
   uint8_t *owned_edges = NULL;
   if (e.out && (e.fill != GL_FILL || e.adjacency)) {
      if (c->draw_edges) {
         e.edge = c->draw_edges;
         e.edge_n = c->draw_edges_n;
      } else if (c->edge_array.enabled) {
         uint32_t hi = 0;
         for (GLsizei k = 0; k < count; k++)
            if (src[k] > hi && !(restart && src[k] == restart_index))
               hi = src[k];
         const int64_t n = (int64_t)hi + basevertex + 1;
         if (n > 0 && (owned_edges = array_edges(ctx, (uint64_t)n)) != NULL) {
            /* indexed by the vertex the draw reads: basevertex is applied */
            e.edge = owned_edges;
            e.edge_n = (uint64_t)n;
            e.bias = basevertex;
         } else if (n > 0) {
            free(e.out);
            free(src);
            return;
         }
      }
   }
   if (!e.out) {
      free(src);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   uint64_t start = 0;
   for (uint64_t k = 0; k <= (uint64_t)count; k++) {
      if (k < (uint64_t)count && !(restart && src[k] == restart_index))
         continue;
      run(&e, mode, src + start, k - start);
      start = k + 1;
   }
   const GLenum out_mode = e.adjacency          ? GL_TRIANGLES_ADJACENCY
                           : e.fill == GL_LINE  ? GL_LINES
                           : e.fill == GL_POINT ? GL_POINTS
                                                : GL_TRIANGLES;
   if (e.n) {
      /* GL numbers the draw's primitives (GLSL 1.50 7.1, gl_PrimitiveID): a fragment shader
       * divides the device's numbers by the primitives each one became, where that is one
       * figure (fe_ff_note_program_draw says where it is not) */
      c->rewrite_divisor = e.per_prim == UINT32_MAX ? 0 : e.per_prim ? e.per_prim : 1;
      c->outline_draw = e.adjacency;
      const uint8_t offset = ctx->rs.polygon_offset_enable;
      if (e.adjacency && (offset & 6u)) {
         c->outline_offset = offset & 6u;
         ctx->rs.polygon_offset_enable = offset & 1u;
         fe_draw_bump_value(ctx, &ctx->rs_version);
      }
      fe_draw_rewritten(ctx, out_mode, (GLsizei)e.n, e.out, e.min, e.max, instances, baseinstance,
                        basevertex);
      if (c->outline_offset) {
         ctx->rs.polygon_offset_enable = offset;
         fe_draw_bump_value(ctx, &ctx->rs_version);
         c->outline_offset = 0;
      }
      c->outline_draw = false;
      c->rewrite_divisor = 1;
   }
   free(owned_edges);
   free(e.out);
   free(src);
}
