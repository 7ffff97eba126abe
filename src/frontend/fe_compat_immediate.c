/* fe_compat_immediate.c — glBegin/glEnd (immediate mode) and glRect. Each glVertex takes a
 * snapshot of the current attributes into the vertices collected since glBegin: one array per
 * generic slot whose value changed inside the pair (the others keep one current value, which a
 * draw reads without an array), plus the edge flags. glEnd draws them through the ordinary draw
 * path from a private vertex array whose arrays are client memory (fe_client_arrays.c copies
 * them to the server), with whatever program is bound; GL_QUADS, GL_QUAD_STRIP and GL_POLYGON
 * take fe_compat_prim.c's rewrite there. */
#include <stdlib.h>
#include <string.h>

#include "fe_arbp.h"
#include "fe_compat_vertex.h"
#include "fe_ff.h"
#include "gl_api.h"
#include "log.h"

/* Vertices between one glBegin and glEnd at most (16 words of data per slot each). */
#define IMM_MAX_VERTICES (16u << 20)

void
fe_compat_imm_finish(struct fe_context *ctx, struct fe_compat_imm *imm)
{
   for (unsigned s = 0; s < FE_MAX_VERTEX_ATTRIBS; s++) {
      free(imm->data[s]);
      imm->data[s] = NULL;
   }
   free(imm->edge);
   imm->edge = NULL;
   imm->cap = imm->count = 0;
   fe_client_arrays_finish(ctx, &imm->vao);
}

/* Room for one more vertex in every array in use. */
static bool
imm_reserve(struct fe_context *ctx, struct fe_compat_imm *imm)
{
   if (imm->count < imm->cap)
      return true;
   if (imm->cap >= IMM_MAX_VERTICES) {
      MGU_DECLINE(gl_feature_unimplemented, "more than %u vertices between glBegin and glEnd",
                  IMM_MAX_VERTICES);
      return false;
   }
   const uint32_t cap = imm->cap ? imm->cap * 2 : 64;
   uint8_t *edge = realloc(imm->edge, cap);
   if (!edge)
      goto oom;
   imm->edge = edge;
   for (unsigned s = 0; s < FE_MAX_VERTEX_ATTRIBS; s++) {
      if (!imm->data[s] && s != FE_FF_ATTRIB_POSITION)
         continue;
      uint32_t *d = realloc(imm->data[s], (size_t)cap * 16u);
      if (!d)
         goto oom;
      imm->data[s] = d;
   }
   imm->cap = cap;
   return true;
oom:
   fe_error(ctx, GL_OUT_OF_MEMORY);
   return false;
}

void
fe_compat_imm_touch(struct fe_context *ctx, unsigned slot)
{
   struct fe_compat_imm *imm = &ctx->compat->imm;
   const uint32_t bit = 1u << slot;
   if (imm->mask & bit)
      return;
   /* The slot varies from here on: the vertices so far had its value before this write. */
   if (imm->cap && !imm->data[slot]) {
      imm->data[slot] = malloc((size_t)imm->cap * 16u);
      if (!imm->data[slot]) {
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
   }
   for (uint32_t v = 0; v < imm->count; v++)
      memcpy(imm->data[slot] + 4u * v, ctx->attrib_value[slot], 16);
   imm->mask |= bit;
}

void
fe_compat_imm_vertex(struct fe_context *ctx, float x, float y, float z, float w)
{
   struct fe_compat *c = ctx->compat;
   struct fe_compat_imm *imm = &c->imm;
   /* Outside glBegin/glEnd a vertex does nothing (GL leaves it undefined). */
   if (!(ctx->entry_mode & FE_ENTRY_IN_BEGIN_END) || !imm_reserve(ctx, imm))
      return;
   const uint32_t n = imm->count;
   if (imm->mask & ~1u)
      for (unsigned s = 1; s < FE_MAX_VERTEX_ATTRIBS; s++)
         if (imm->mask & (1u << s)) {
            if (!imm->data[s] && !(imm->data[s] = malloc((size_t)imm->cap * 16u))) {
               fe_error(ctx, GL_OUT_OF_MEMORY);
               return;
            }
            memcpy(imm->data[s] + 4u * n, ctx->attrib_value[s], 16);
         }
   const uint32_t p[4] = {fe_f2u(x), fe_f2u(y), fe_f2u(z), fe_f2u(w)};
   memcpy(imm->data[FE_FF_ATTRIB_POSITION] + 4u * n, p, 16);
   imm->edge[n] = c->edge_flag;
   if (!c->edge_flag)
      imm->edge_varies = true;
   imm->count = n + 1;
}

/* ARB_tessellation_shader: glBegin takes GL_PATCHES too (its vertices drawn as patches of
 * GL_PATCH_VERTICES) where tessellation is offered */
static bool
begin_mode(const struct fe_context *ctx, GLenum mode)
{
   return mode <= GL_POLYGON ||
          (mode >= GL_LINES_ADJACENCY && mode <= GL_TRIANGLE_STRIP_ADJACENCY) ||
          (mode == GL_PATCHES && fe_tess_offered(ctx));
}

static void
begin(struct fe_context *ctx, GLenum mode)
{
   FE_CHECK(ctx->entry_mode & FE_ENTRY_IN_BEGIN_END, GL_INVALID_OPERATION);
   FE_CHECK(!begin_mode(ctx, mode), GL_INVALID_ENUM);
   FE_CHECK(!ctx->program && !ctx->pipeline && ctx->ff && fe_arbp_draw_invalid(ctx),
            GL_INVALID_OPERATION);
   struct fe_compat_imm *imm = &ctx->compat->imm;
   imm->mode = mode;
   imm->count = 0;
   imm->mask = 1u << FE_FF_ATTRIB_POSITION;
   imm->edge_varies = false;
   fe_entry_mode_set(ctx, FE_ENTRY_IN_BEGIN_END, true);
}

/* The collected vertices as client-memory arrays of the private vertex array. */
static void
imm_arrays(struct fe_context *ctx, struct fe_compat_imm *imm)
{
   struct fe_vao *vao = &imm->vao;
   bool layout = false;
   for (unsigned s = 0; s < FE_MAX_VERTEX_ATTRIBS; s++) {
      struct fe_vertex_attrib *a = &vao->attribs[s];
      const bool on = (imm->mask >> s) & 1u;
      const uint8_t kind = s == FE_FF_ATTRIB_POSITION ? 0 : ctx->attrib_kind[s];
      const GLenum type = kind == 1 ? GL_INT : kind == 2 ? GL_UNSIGNED_INT : GL_FLOAT;
      if (a->enabled != on || (on && (a->type != type || a->size != 4)))
         layout = true;
      a->enabled = on;
      a->size = 4;
      a->type = type;
      a->integer = kind != 0;
      a->normalized = false;
      a->stride = 16;
      a->client = on;
      a->offset = on ? (uint64_t)(uintptr_t)imm->data[s] : 0;
   }
   vao->streamed_mask = imm->mask;
   if (layout)
      fe_draw_bump(ctx, &vao->layout_version);
   fe_draw_bump(ctx, &vao->buffers_version);
}

static void
end(struct fe_context *ctx)
{
   struct fe_compat *c = ctx->compat;
   struct fe_compat_imm *imm = &c->imm;
   FE_CHECK(!(ctx->entry_mode & FE_ENTRY_IN_BEGIN_END), GL_INVALID_OPERATION);
   fe_entry_mode_set(ctx, FE_ENTRY_IN_BEGIN_END, false);
   if (!imm->count)
      return;
   imm_arrays(ctx, imm);
   struct fe_vao *bound = ctx->vao;
   ctx->vao = &imm->vao;
   fe_draw_touch(ctx);
   c->draw_edges = imm->edge;
   c->draw_edges_n = imm->count;
   c->draw_edges_vary = imm->edge_varies;
   fe_draw_arrays(ctx, imm->mode, 0, (GLsizei)imm->count, 1);
   c->draw_edges = NULL;
   ctx->vao = bound;
   fe_draw_touch(ctx);
   imm->count = 0;
}

void
mgl_glBegin(GLenum mode)
{
   FE_COMPAT_CTX_OR_RETURN();
   begin(ctx, mode);
}

void
mgl_glEnd(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   end(ctx);
   if (ctx->ff)
      fe_ff_vmat_end(ctx);
}

/* GL_NV_primitive_restart: inside glBegin/glEnd, ends the primitive and begins another of the
 * same mode, as glEnd and glBegin would; outside, GL_INVALID_OPERATION (as Mesa). */
void
mgl_glPrimitiveRestartNV(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(!(ctx->entry_mode & FE_ENTRY_IN_BEGIN_END), GL_INVALID_OPERATION);
   const GLenum mode = ctx->compat->imm.mode;
   end(ctx);
   if (ctx->ff)
      fe_ff_vmat_end(ctx);
   begin(ctx, mode);
}

/* GL_NV_primitive_restart's index: GL 3.1's (the same state). */
void
mgl_glPrimitiveRestartIndexNV(GLuint index)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(ctx->entry_mode & FE_ENTRY_IN_BEGIN_END, GL_INVALID_OPERATION);
   ctx->restart_index = index;
}

static void
vtx(float x, float y, float z, float w)
{
   FE_COMPAT_CTX_OR_RETURN();
   fe_compat_imm_vertex(ctx, x, y, z, w);
}

#define P(c) ((float)(c))
#define VERTICES(sfx, T)                                                                           \
   void mgl_glVertex2##sfx(T x, T y)                                                               \
   {                                                                                               \
      vtx(P(x), P(y), 0, 1);                                                                       \
   }                                                                                               \
   void mgl_glVertex2##sfx##v(const T *v)                                                          \
   {                                                                                               \
      vtx(P(v[0]), P(v[1]), 0, 1);                                                                 \
   }                                                                                               \
   void mgl_glVertex3##sfx(T x, T y, T z)                                                          \
   {                                                                                               \
      vtx(P(x), P(y), P(z), 1);                                                                    \
   }                                                                                               \
   void mgl_glVertex3##sfx##v(const T *v)                                                          \
   {                                                                                               \
      vtx(P(v[0]), P(v[1]), P(v[2]), 1);                                                           \
   }                                                                                               \
   void mgl_glVertex4##sfx(T x, T y, T z, T w)                                                     \
   {                                                                                               \
      vtx(P(x), P(y), P(z), P(w));                                                                 \
   }                                                                                               \
   void mgl_glVertex4##sfx##v(const T *v)                                                          \
   {                                                                                               \
      vtx(P(v[0]), P(v[1]), P(v[2]), P(v[3]));                                                     \
   }

VERTICES(s, GLshort)
VERTICES(i, GLint)
VERTICES(f, GLfloat)
VERTICES(d, GLdouble)

/* glVertexP (ARB_vertex_type_2_10_10_10_rev): one packed word, not normalized. */
static void
vtx_packed(GLenum type, GLuint w, unsigned n)
{
   FE_COMPAT_CTX_OR_RETURN();
   float c[4];
   FE_CHECK(!fe_unpack_2_10_10_10(type, false, false, w, c), GL_INVALID_ENUM);
   fe_compat_imm_vertex(ctx, c[0], c[1], n > 2 ? c[2] : 0.0f, n > 3 ? c[3] : 1.0f);
}

#define VERTEX_PACKED(n)                                                                           \
   void mgl_glVertexP##n##ui(GLenum type, GLuint w)                                                \
   {                                                                                               \
      vtx_packed(type, w, n);                                                                      \
   }                                                                                               \
   void mgl_glVertexP##n##uiv(GLenum type, const GLuint *w)                                        \
   {                                                                                               \
      vtx_packed(type, *w, n);                                                                     \
   }

VERTEX_PACKED(2)
VERTEX_PACKED(3)
VERTEX_PACKED(4)

/* glRect: glBegin(GL_POLYGON) with the four corners counter-clockwise from (x1, y1), glEnd
 * (GL 2.1 2.11). */
static void
rect(float x1, float y1, float x2, float y2)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(ctx->entry_mode & FE_ENTRY_IN_BEGIN_END, GL_INVALID_OPERATION);
   begin(ctx, GL_POLYGON);
   fe_compat_imm_vertex(ctx, x1, y1, 0, 1);
   fe_compat_imm_vertex(ctx, x2, y1, 0, 1);
   fe_compat_imm_vertex(ctx, x2, y2, 0, 1);
   fe_compat_imm_vertex(ctx, x1, y2, 0, 1);
   end(ctx);
}

#define RECTS(sfx, T)                                                                              \
   void mgl_glRect##sfx(T x1, T y1, T x2, T y2)                                                    \
   {                                                                                               \
      rect(P(x1), P(y1), P(x2), P(y2));                                                            \
   }                                                                                               \
   void mgl_glRect##sfx##v(const T *v1, const T *v2)                                               \
   {                                                                                               \
      rect(P(v1[0]), P(v1[1]), P(v2[0]), P(v2[1]));                                                \
   }

RECTS(s, GLshort)
RECTS(i, GLint)
RECTS(f, GLfloat)
RECTS(d, GLdouble)
