/* fe_dlist_draw.c — draws from vertex arrays compiled into display lists: glDrawArrays,
 * glDrawElements and their range, base-vertex and multi-draw forms, and glArrayElement. GL 2.1
 * section 5.4 (and the 4.6 compatibility profile's 21.4) dereferences vertex array data when
 * the list is compiled: compiling reads every vertex the draw references from each array
 * enabled then (client memory or a buffer object's data; element indices too, and primitive
 * restart as it is then) into the record, and executing draws those copies from a private
 * vertex array, whatever the arrays hold by then. Arguments the command refuses are recorded
 * as the error the list raises when it executes. */
#include <stdlib.h>
#include <string.h>

#include "decline.h"
#include "fe_compat_vertex.h"
#include "fe_dlist.h"
#include "fe_dlist_entry.h"
#include "gl_entry.h"

/* A draw: the header, then counts[groups] (uint32, padded to 8 bytes), then for each slot of
 * mask in order vertices * 4 words, then with edges a flag byte per vertex. */
struct dl_draw {
   struct mgl_dl_rec hdr;
   GLenum mode;
   GLenum error;      /* raised when the list executes, in place of the draw */
   uint32_t vertices; /* captured */
   uint32_t groups;   /* primitives drawn one after another from the vertices */
   uint32_t mask;     /* the slots captured: the arrays enabled when compiled */
   uint32_t sint;     /* of them, GL_INT words (glVertexAttribIPointer of a signed type) */
   uint32_t uint;     /* of them, GL_UNSIGNED_INT words */
   uint32_t edges;    /* the edge-flag array was enabled: its flags follow */
   uint32_t edges_vary;
   uint32_t pad_;
};

/* glArrayElement: the values it read. */
struct dl_element {
   struct mgl_dl_rec hdr;
   struct fe_compat_element e;
};

static uint64_t
align8(uint64_t n)
{
   return (n + 7) & ~(uint64_t)7;
}

/* A record that raises error when the list executes. */
static bool
record_error(struct fe_context *ctx, GLenum error)
{
   bool execute = fe_dlist_executes(ctx);
   struct dl_draw *r = fe_dlist_record(FE_DL_DRAW, sizeof(*r), &execute);
   if (r)
      r->error = error;
   return execute;
}

/* The error the draw's arguments raise (0: none), as fe_draw.c checks them. */
static GLenum
draw_error(const struct fe_context *ctx, const struct fe_dlist_draw *d)
{
   if (!fe_draw_mode_valid(ctx, d->mode))
      return GL_INVALID_ENUM;
   if (d->drawcount < 0)
      return GL_INVALID_VALUE;
   for (GLsizei k = 0; k < d->drawcount; k++)
      if (d->count[k] < 0 || (!d->type && d->first[k] < 0))
         return GL_INVALID_VALUE;
   if (d->type && d->type != GL_UNSIGNED_BYTE && d->type != GL_UNSIGNED_SHORT &&
       d->type != GL_UNSIGNED_INT)
      return GL_INVALID_ENUM;
   if (d->range && d->end < d->start)
      return GL_INVALID_VALUE;
   return 0;
}

/* The vertices a draw reads, in order, cut into groups by primitive restart. */
struct seq {
   uint32_t *v;
   uint64_t n;
   uint32_t *counts;
   uint32_t groups;
   uint64_t group_start;
};

static void
seq_close(struct seq *q)
{
   if (q->n > q->group_start)
      q->counts[q->groups++] = (uint32_t)(q->n - q->group_start);
   q->group_start = q->n;
}

/* Appends draw k's vertices; false (nothing of it kept) when they cannot be read. */
static bool
seq_draw(struct fe_context *ctx, const struct fe_dlist_draw *d, GLsizei k, struct seq *q)
{
   const GLsizei count = d->count[k];
   if (!count)
      return true;
   if (!d->type) {
      for (GLsizei j = 0; j < count; j++)
         q->v[q->n++] = (uint32_t)d->first[k] + (uint32_t)j;
      seq_close(q);
      return true;
   }
   uint32_t *idx = fe_compat_source_indices(ctx, 0, count, d->type, d->indices[k]);
   if (!idx)
      return false;
   const unsigned size = d->type == GL_UNSIGNED_BYTE ? 1 : d->type == GL_UNSIGNED_SHORT ? 2 : 4;
   const bool restart = ctx->rs.primitive_restart;
   const uint32_t restart_index = fe_restart_index(ctx, size);
   const int64_t base = d->basevertex ? d->basevertex[k] : 0;
   const uint64_t n0 = q->n;
   const uint32_t groups0 = q->groups;
   for (GLsizei j = 0; j < count; j++) {
      if (restart && idx[j] == restart_index) {
         seq_close(q);
         continue;
      }
      const int64_t v = (int64_t)idx[j] + base;
      if (v < 0 || v > (int64_t)UINT32_MAX) {
         MGU_DECLINE(gl_draw_out_of_bounds, "a compiled draw reads vertex %lld", (long long)v);
         q->n = q->group_start = n0;
         q->groups = groups0;
         free(idx);
         return false;
      }
      q->v[q->n++] = (uint32_t)v;
   }
   seq_close(q);
   free(idx);
   return true;
}

/* Array a's elements at the vertices q names (element 0 for an instanced array: instance 0)
 * as four words each into out. False, with a decline, when they cannot be read. */
static bool
capture_array(struct fe_context *ctx, const struct fe_vertex_attrib *a, const struct seq *q,
              uint32_t *out)
{
   uint32_t lo = UINT32_MAX, hi = 0;
   for (uint64_t j = 0; j < q->n; j++) {
      const uint32_t v = a->divisor ? 0 : q->v[j];
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
   }
   const uint64_t stride = fe_vao_attrib_stride(a), size = fe_vao_attrib_bytes(a);
   const uint64_t skip = (uint64_t)lo * stride, span = (uint64_t)(hi - lo) * stride + size;
   const uint8_t *base;
   uint8_t *owned = NULL;
   if (a->buffer) {
      const uint64_t bsize = a->buffer->created ? (uint64_t)a->buffer->size : 0;
      if (a->offset > bsize || skip > bsize - a->offset || span > bsize - a->offset - skip) {
         MGU_DECLINE(gl_draw_out_of_bounds, "a compiled draw reads past its array's buffer");
         return false;
      }
      if (!(owned = malloc(span))) {
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return false;
      }
      fe_buffer_read(ctx, a->buffer, a->offset + skip, span, owned);
      base = owned;
   } else if (a->client && a->offset) {
      base = (const uint8_t *)(uintptr_t)(a->offset + skip);
   } else {
      MGU_DECLINE(gl_draw_out_of_bounds, "a compiled draw reads an array at NULL");
      return false;
   }
   bool ok = true;
   for (uint64_t j = 0; j < q->n && ok; j++) {
      const uint32_t v = a->divisor ? 0 : q->v[j];
      ok = fe_compat_element_words(a, base + (uint64_t)(v - lo) * stride, out + 4 * j);
   }
   if (!ok)
      MGU_DECLINE(gl_feature_unimplemented, "a compiled draw of a type 0x%x array", a->type);
   free(owned);
   return ok;
}

/* The edge-flag array's flags at the vertices q names into out; *vary: some are off. */
static bool
capture_edges(struct fe_context *ctx, const struct seq *q, uint8_t *out, bool *vary)
{
   const struct fe_compat_edge_array *a = &ctx->compat->edge_array;
   const uint64_t stride = a->stride ? (uint64_t)a->stride : 1u;
   *vary = false;
   for (uint64_t j = 0; j < q->n; j++) {
      const uint64_t at = a->offset + (uint64_t)q->v[j] * stride;
      uint8_t flag = 1;
      if (a->buffer) {
         if (!a->buffer->created || at >= (uint64_t)a->buffer->size) {
            MGU_DECLINE(gl_draw_out_of_bounds, "the edge flag array reads past its buffer");
            return false;
         }
         fe_buffer_read(ctx, a->buffer, at, 1, &flag);
      } else if (a->offset) {
         flag = *(const uint8_t *)(uintptr_t)at;
      } else {
         MGU_DECLINE(gl_draw_out_of_bounds, "client-side edge flag array at NULL");
         return false;
      }
      out[j] = flag != 0;
      *vary |= !out[j];
   }
   return true;
}

static bool
compile_element(struct fe_context *ctx, GLint i)
{
   if (i < 0)
      return record_error(ctx, GL_INVALID_VALUE);
   bool execute = fe_dlist_executes(ctx);
   struct dl_element *r = fe_dlist_record(FE_DL_ELEMENT, sizeof(*r), &execute);
   if (r)
      fe_compat_element_read(ctx, i, &r->e);
   return execute;
}

bool
fe_dlist_compile_draw(const struct fe_dlist_draw *d)
{
   struct fe_context *ctx = fe_ctx_live();
   if (!ctx || !ctx->compat)
      return true;
   if (d->element)
      return compile_element(ctx, d->first[0]);
   const GLenum error = draw_error(ctx, d);
   if (error)
      return record_error(ctx, error);
   bool execute = fe_dlist_executes(ctx);
   uint64_t total = 0;
   for (GLsizei k = 0; k < d->drawcount; k++)
      total += (uint64_t)d->count[k];
   const struct fe_vao *vao = ctx->vao;
   uint32_t mask = 0;
   for (unsigned s = 0; s < FE_MAX_VERTEX_ATTRIBS; s++)
      if (vao->attribs[s].enabled)
         mask |= 1u << s;
   const bool edges = ctx->compat->edge_array.enabled;
   const uint64_t per_vertex = 16u * (uint64_t)__builtin_popcount(mask) + (edges ? 1u : 0u) + 8u;
   if (total > FE_DLIST_MAX_BYTES / per_vertex) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return execute;
   }
   struct seq q = {
      .v = malloc(total ? total * 4u : 4u),
      .counts = malloc(total ? total * 4u : 4u),
   };
   if (!q.v || !q.counts) {
      free(q.v);
      free(q.counts);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return execute;
   }
   for (GLsizei k = 0; k < d->drawcount; k++)
      seq_draw(ctx, d, k, &q);
   const uint64_t counts_bytes = align8((uint64_t)q.groups * 4u);
   const uint64_t data_bytes = (uint64_t)__builtin_popcount(mask) * q.n * 16u;
   const uint64_t size =
      sizeof(struct dl_draw) + counts_bytes + data_bytes + (edges ? align8(q.n) : 0);
   struct dl_draw *r = fe_dlist_record(FE_DL_DRAW, (int64_t)size, &execute);
   if (r) {
      r->mode = d->mode;
      r->vertices = (uint32_t)q.n;
      r->groups = q.groups;
      r->mask = mask;
      r->edges = edges;
      uint8_t *p = (uint8_t *)(r + 1);
      if (q.groups)
         memcpy(p, q.counts, (size_t)q.groups * 4u);
      p += counts_bytes;
      bool ok = true;
      for (unsigned s = 0; s < FE_MAX_VERTEX_ATTRIBS && ok; s++) {
         if (!(mask & (1u << s)))
            continue;
         const struct fe_vertex_attrib *a = &vao->attribs[s];
         if (a->integer) {
            const bool sgn = a->type == GL_BYTE || a->type == GL_SHORT || a->type == GL_INT;
            (sgn ? &r->sint : &r->uint)[0] |= 1u << s;
         }
         ok = !q.n || capture_array(ctx, a, &q, (uint32_t *)(void *)p);
         p += q.n * 16u;
      }
      bool vary = false;
      if (ok && edges && q.n)
         ok = capture_edges(ctx, &q, p, &vary);
      r->edges_vary = vary;
      if (!ok)
         r->groups = 0; /* the draw would read nothing either: it draws nothing */
   }
   free(q.v);
   free(q.counts);
   return execute;
}

/* The captured vertices as client-memory arrays of the context's private vertex array. */
static void
draw_arrays_of(struct fe_context *ctx, struct fe_vao *vao, const struct dl_draw *r,
               const uint8_t *data)
{
   bool layout = false;
   for (unsigned s = 0; s < FE_MAX_VERTEX_ATTRIBS; s++) {
      struct fe_vertex_attrib *a = &vao->attribs[s];
      const bool on = (r->mask >> s) & 1u;
      const GLenum type = (r->sint >> s) & 1u   ? GL_INT
                          : (r->uint >> s) & 1u ? GL_UNSIGNED_INT
                                                : GL_FLOAT;
      if (a->enabled != on || (on && (a->type != type || a->size != 4)))
         layout = true;
      a->enabled = on;
      a->size = 4;
      a->type = type;
      a->integer = type != GL_FLOAT;
      a->normalized = false;
      a->stride = 16;
      a->client = on;
      a->offset = on ? (uint64_t)(uintptr_t)data : 0;
      if (on)
         data += (uint64_t)r->vertices * 16u;
   }
   vao->streamed_mask = r->mask;
   if (layout)
      fe_draw_bump(ctx, &vao->layout_version);
   fe_draw_bump(ctx, &vao->buffers_version);
}

static void
draw_replay(struct fe_context *ctx, const struct dl_draw *r)
{
   if (r->error) {
      fe_error(ctx, r->error);
      return;
   }
   FE_CHECK(ctx->entry_mode & FE_ENTRY_IN_BEGIN_END, GL_INVALID_OPERATION);
   if (!r->groups)
      return;
   struct fe_compat *c = ctx->compat;
   const uint8_t *p = (const uint8_t *)(r + 1);
   const uint32_t *counts = (const uint32_t *)(const void *)p;
   p += align8((uint64_t)r->groups * 4u);
   draw_arrays_of(ctx, &c->dl_vao, r, p);
   p += (uint64_t)__builtin_popcount(r->mask) * r->vertices * 16u;
   struct fe_vao *bound = ctx->vao;
   const bool edge_array = c->edge_array.enabled;
   ctx->vao = &c->dl_vao;
   fe_draw_touch(ctx);
   /* the edge flags captured, or (the array off when compiled) the current edge flag */
   c->edge_array.enabled = false;
   c->draw_edges = r->edges ? p : NULL;
   c->draw_edges_n = r->vertices;
   c->draw_edges_vary = r->edges_vary;
   GLint first = 0;
   for (uint32_t g = 0; g < r->groups; g++) {
      fe_draw_arrays(ctx, r->mode, first, (GLsizei)counts[g], 1);
      first += (GLint)counts[g];
   }
   c->draw_edges = NULL;
   c->edge_array.enabled = edge_array;
   ctx->vao = bound;
   fe_draw_touch(ctx);
}

void
fe_dlist_draw_replay(struct fe_context *ctx, const void *rec)
{
   const struct mgl_dl_rec *h = rec;
   if (h->op == FE_DL_ELEMENT)
      fe_compat_element_apply(ctx, &((const struct dl_element *)rec)->e);
   else
      draw_replay(ctx, (const struct dl_draw *)rec);
}
