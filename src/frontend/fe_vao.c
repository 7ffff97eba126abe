/* fe_vao.c — vertex array objects, vertex attribute pointers and formats, vertex buffer
 * bindings (GL 4.3 §10.3, ARB_vertex_attrib_binding) and the current generic vertex
 * attributes. At a draw the tracker turns a vertex array into a content-addressed vertex
 * elements CSO (formats, relative offsets, binding strides and divisors: buffer offsets never
 * change the CSO; attributes that share a GL binding share its pipe binding) plus
 * set_vertex_buffers (handles and offsets, one per binding read). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fe_compat_vertex.h"
#include "fe_enum.h"
#include "fe_gl.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"

#define FE_HALF_FLOAT_OES 0x8D61 /* GL_OES_vertex_half_float (not in glcorearb.h) */

static unsigned
type_bytes(GLenum type)
{
   switch (type) {
   case GL_BYTE:
   case GL_UNSIGNED_BYTE: return 1;
   case GL_SHORT:
   case GL_UNSIGNED_SHORT:
   case GL_HALF_FLOAT: return 2;
   case GL_INT:
   case GL_UNSIGNED_INT:
   case GL_FLOAT:
   case GL_FIXED: return 4;
   case GL_DOUBLE: return 8;
   case GL_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_10F_11F_11F_REV: return 4;
   default: return 0;
   }
}

static bool
is_packed(GLenum type)
{
   return type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV;
}

/* What attribute or binding state a fresh vertex array has (GL 4.6 table 23.4/23.5). */
static void
init_attribs(struct fe_vao *vao)
{
   vao->layout_version = vao->buffers_version = 1;
   for (int i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++) {
      vao->attribs[i].size = 4;
      vao->attribs[i].type = GL_FLOAT;
      vao->attribs[i].binding_stride = 16;
   }
}

unsigned
fe_vao_attrib_binding(const struct fe_vao *vao, unsigned i)
{
   const uint8_t alt = vao->attribs[i].binding_alt;
   return alt ? alt - 1u : i;
}

/* GL_MAX_VERTEX_ATTRIB_BINDINGS: the bindings a vertex array holds, as many as the backend
 * can bind beside the default values' (caps.max_vertex_bindings). */
unsigned
fe_vao_max_bindings(const struct fe_context *ctx)
{
   const uint32_t m = ctx->share->caps->max_vertex_bindings;
   return m < FE_MAX_VERTEX_ATTRIBS ? m : FE_MAX_VERTEX_ATTRIBS;
}

void
fe_vao_unbind_buffer(struct fe_context *ctx, struct fe_vao *vao, struct fe_buffer *buf)
{
   for (int i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++) {
      if (vao->attribs[i].buffer == buf) {
         FE_REBIND(ctx, &vao->attribs[i].buffer, NULL);
         fe_draw_bump(ctx, &vao->buffers_version);
      }
   }
   if (vao->elements == buf) {
      FE_REBIND(ctx, &vao->elements, NULL);
      fe_draw_bump(ctx, &vao->buffers_version);
   }
}

void
fe_vao_destroy(struct fe_context *ctx, struct fe_vao *vao)
{
   for (int i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++)
      FE_REBIND(ctx, &vao->attribs[i].buffer, NULL);
   FE_REBIND(ctx, &vao->elements, NULL);
   fe_client_arrays_finish(ctx, vao);
   /* its vertex input id goes to the next vertex array, which defines it before a bind */
   struct fe_tracker *t = &ctx->tracker;
   if (vao->vi_id && t->vi_free_count < MGP_MAX_VERTEX_INPUTS)
      t->vi_free[t->vi_free_count++] = (uint16_t)vao->vi_id;
   vao->vi_id = 0;
   free(vao->label);
   vao->label = NULL;
   if (vao != &ctx->default_vao)
      free(vao);
}

bool
fe_vao_uses_mapped_buffer(const struct fe_vao *vao)
{
   for (unsigned i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++) {
      const struct fe_buffer *b = vao->attribs[fe_vao_attrib_binding(vao, i)].buffer;
      if (vao->attribs[i].enabled && b && fe_buffer_map_blocks(b))
         return true;
   }
   return vao->elements && fe_buffer_map_blocks(vao->elements);
}

uint32_t
fe_vao_attrib_bytes(const struct fe_vertex_attrib *a)
{
   const unsigned comps = a->size == MGP_ATTRIB_SIZE_BGRA ? 4 : a->size;
   return is_packed(a->type) || a->type == GL_UNSIGNED_INT_10F_11F_11F_REV
             ? 4u
             : comps * type_bytes(a->type);
}

/* fe_vao_attrib_streamed's answer, inline where this file asks it at every rebind */
static inline bool
attrib_streamed(const struct fe_vao *vao, unsigned i)
{
   /* client and the buffer are binding i's: an attribute moved to another binding reads that
    * binding's buffer */
   const struct fe_vertex_attrib *a = &vao->attribs[i];
   return a->enabled && !a->binding_alt && (a->client || a->type == GL_FIXED);
}

bool
fe_vao_attrib_streamed(const struct fe_vao *vao, unsigned i)
{
   return attrib_streamed(vao, i);
}

/* Keeps vao->streamed_mask in step with attribute i, so a draw asks one word, not 16 attributes. */
static inline void
update_streamed(struct fe_vao *vao, unsigned i)
{
   const uint32_t bit = 1u << i;
   if (attrib_streamed(vao, i))
      vao->streamed_mask |= bit;
   else
      vao->streamed_mask &= ~bit;
}

uint32_t
fe_vao_attrib_stride(const struct fe_vertex_attrib *a)
{
   return a->stride ? (uint32_t)a->stride : fe_vao_attrib_bytes(a);
}

void
fe_vao_build_elements(const struct fe_vao *vao, struct mgp_create_vertex_elements *out)
{
   memset(out, 0, sizeof(*out));
   uint32_t count = 0;
   for (uint32_t i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++) {
      const struct fe_vertex_attrib *a = &vao->attribs[i];
      if (!a->enabled)
         continue;
      const unsigned comps = a->size == MGP_ATTRIB_SIZE_BGRA ? 4 : a->size;
      const bool fixed = a->type == GL_FIXED; /* streamed as tight floats */
      out->enabled_mask |= 1u << i;
      out->attribs[i].type = (uint16_t)fe_mgp_vertex_type(fixed ? GL_FLOAT : a->type);
      out->attribs[i].size = a->size;
      out->attribs[i].flags =
         (uint8_t)((a->normalized && !fixed ? MGP_ATTRIB_NORMALIZED : 0) |
                   (a->integer ? MGP_ATTRIB_INTEGER : 0) | (a->dbl ? MGP_ATTRIB_DOUBLE : 0));
      /* One pipe binding per GL binding read: attributes that share one (glVertexAttribBinding)
       * reach the backend as one vertex buffer binding with their relative offsets, and so do
       * bindings folded into one (fe_vao_fold). A streamed array is copied from its own
       * binding alone. */
      const uint32_t gb = fe_vao_attrib_binding(vao, i);
      const struct fe_vertex_attrib *src = &vao->attribs[gb];
      /* a binding folded into another (fe_vao_fold) is read through that one, further on */
      const bool folded = (vao->fold_mask >> gb) & 1u;
      const uint32_t b = folded ? vao->fold_into[gb] : gb;
      out->attribs[i].binding = (uint8_t)b;
      if (attrib_streamed(vao, i)) {
         out->bindings[b].stride = fixed ? comps * 4u : fe_vao_attrib_stride(a);
      } else {
         out->attribs[i].relative_offset = a->relative_offset + (folded ? vao->fold_delta[gb] : 0);
         out->bindings[b].stride = src->binding_stride;
      }
      out->bindings[b].divisor = src->divisor;
      if (b + 1 > count)
         count = b + 1;
   }
   out->binding_count = count;
}

/* read_bindings' walk after a layout change (out of line: a rebind between draws finds the
 * bindings kept). */
static __attribute__((noinline)) uint32_t
read_bindings_walk(struct fe_vao *vao)
{
   uint32_t read = 0;
   for (uint32_t i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++)
      if (vao->attribs[i].enabled)
         read |= 1u << fe_vao_attrib_binding(vao, i);
   vao->read_bindings = read;
   vao->read_layout_version = vao->layout_version;
   return read;
}

/* The bindings the enabled attributes read, walked again only after a layout change. */
static inline uint32_t
read_bindings(struct fe_vao *vao)
{
   if (vao->read_layout_version != vao->layout_version)
      return read_bindings_walk(vao);
   return vao->read_bindings;
}

/* Whether GL binding b of vao may share a pipe binding with another: a buffer (not a client
 * array, not a stream copy) with storage past b's offset (an offset at or past the end keeps
 * its own binding, which the backend declines as before). */
static bool
foldable(const struct fe_vao *vao, uint32_t b)
{
   const struct fe_vertex_attrib *a = &vao->attribs[b];
   return a->buffer && !a->client && !attrib_streamed(vao, b) &&
          a->offset < (uint64_t)a->buffer->size;
}

/* The fold of vao's bindings as they are now (fe_vao_fold): each group of foldable bindings
 * of one buffer, stride and divisor is read through the binding of its lowest offset (the
 * first such), the others' attributes that many bytes further on, where that keeps every
 * relative offset within FE_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET (a double's second half,
 * 16 bytes on, too). */
static uint32_t
fold_compute(const struct fe_vao *vao, uint32_t read, uint8_t *into, uint32_t *delta)
{
   uint32_t reach[FE_MAX_VERTEX_ATTRIBS] = {0}; /* per binding: its attributes' last offset */
   for (uint32_t i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++) {
      const struct fe_vertex_attrib *a = &vao->attribs[i];
      if (!a->enabled || attrib_streamed(vao, i))
         continue;
      const uint32_t b = fe_vao_attrib_binding(vao, i);
      const uint32_t r = a->relative_offset + (a->dbl ? 16u : 0u);
      if (r > reach[b])
         reach[b] = r;
   }
   uint32_t mask = 0, done = 0;
   for (uint32_t m = read; m; m &= m - 1) {
      const uint32_t b = (uint32_t)__builtin_ctz(m);
      if ((done >> b) & 1u || !foldable(vao, b))
         continue;
      const struct fe_vertex_attrib *p = &vao->attribs[b];
      /* b's group: the foldable bindings after it of its buffer, stride and divisor */
      uint32_t group = 1u << b, lead = b;
      for (uint32_t n = m & (m - 1); n; n &= n - 1) {
         const uint32_t c = (uint32_t)__builtin_ctz(n);
         const struct fe_vertex_attrib *q = &vao->attribs[c];
         if (q->buffer != p->buffer || q->binding_stride != p->binding_stride ||
             q->divisor != p->divisor || !foldable(vao, c))
            continue;
         group |= 1u << c;
         if (q->offset < vao->attribs[lead].offset)
            lead = c;
      }
      done |= group;
      const uint64_t base = vao->attribs[lead].offset;
      for (uint32_t g = group & ~(1u << lead); g; g &= g - 1) {
         const uint32_t c = (uint32_t)__builtin_ctz(g);
         const uint64_t d = vao->attribs[c].offset - base;
         if (reach[c] > FE_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET ||
             d > FE_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET - reach[c])
            continue;
         mask |= 1u << c;
         into[c] = (uint8_t)lead;
         delta[c] = (uint32_t)d;
      }
   }
   return mask;
}

bool
fe_vao_fold_update(struct fe_vao *vao, uint64_t bgen)
{
   const uint32_t read = read_bindings(vao);
   uint8_t into[FE_MAX_VERTEX_ATTRIBS] = {0};
   uint32_t delta[FE_MAX_VERTEX_ATTRIBS] = {0};
   /* one binding read (a single array, or every attribute on one binding) has nothing to fold */
   const uint32_t mask = read & (read - 1) ? fold_compute(vao, read, into, delta) : 0;
   const bool changed =
      mask != vao->fold_mask || (mask && (memcmp(into, vao->fold_into, sizeof(into)) ||
                                          memcmp(delta, vao->fold_delta, sizeof(delta))));
   if (changed) {
      vao->fold_mask = mask;
      memcpy(vao->fold_into, into, sizeof(into));
      memcpy(vao->fold_delta, delta, sizeof(delta));
      /* the elements and the buffers both read the fold: each is sent again (a draw's
       * validate moves them, so no draw serial moves) */
      vao->layout_version++;
      vao->buffers_version++;
   }
   vao->fold_layout_version = vao->layout_version;
   vao->fold_buffers_version = vao->buffers_version;
   vao->fold_bgen = bgen;
   return changed;
}

uint32_t
fe_vao_build_buffers(struct fe_vao *vao, struct mgp_vertex_buffer *out)
{
   const uint32_t read = read_bindings(vao) & ~vao->fold_mask;
   /* one past the highest binding read: the entries the caller reads (a streamed array is
    * an enabled attribute reading its own binding, so below it too) */
   const uint32_t count = read ? 32u - (uint32_t)__builtin_clz(read) : 0;
   for (uint32_t b = 0; b < count; b++) {
      const struct fe_vertex_attrib *a = &vao->attribs[b];
      const bool on = (read >> b) & 1u;
      if (attrib_streamed(vao, b)) {
         out[b].res = vao->stream_size ? vao->stream_res : mgp_handle_null();
         out[b].offset = a->stream_offset;
      } else {
         out[b].res = on ? fe_buffer_res(a->buffer) : mgp_handle_null();
         out[b].offset = on ? a->offset : 0;
      }
   }
   return count;
}

/* ---- objects -------------------------------------------------------------------------------- */

void
mgl_glGenVertexArrays(GLsizei n, GLuint *arrays)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++)
      arrays[i] = fe_names_gen(&ctx->vaos);
}

void
mgl_glDeleteVertexArrays(GLsizei n, const GLuint *arrays)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      void *obj = fe_names_get(&ctx->vaos, arrays[i]);
      if (!obj)
         continue;
      fe_names_delete(&ctx->vaos, arrays[i]);
      if (obj == FE_NAME_RESERVED)
         continue;
      if (ctx->vao == obj) {
         ctx->vao = fe_vao_zero(ctx);
         fe_draw_touch(ctx);
      }
      /* its address may come back as another vertex array */
      if (ctx->tracker.vao == obj)
         ctx->tracker.vao = NULL;
      fe_tracker_forget_draw(ctx);
      fe_vao_destroy(ctx, obj);
   }
}

struct fe_vao *
fe_vao_zero(struct fe_context *ctx)
{
   /* OpenGL ES (2.0, and 3.0 §2.10) and the compatibility profile keep a default vertex array
    * object that draws may use; a core profile has none, and draws with zero bound are
    * INVALID_OPERATION. */
   return ctx->desc.api == FE_API_GLES || ctx->compat ? &ctx->default_vao : NULL;
}

void
fe_vao_init_default(struct fe_context *ctx)
{
   init_attribs(&ctx->default_vao);
   ctx->vao = fe_vao_zero(ctx);
   fe_draw_touch(ctx);
}

/* The object of a reserved name (first bind, or glCreateVertexArrays): NULL after recording
 * GL_OUT_OF_MEMORY. */
static struct fe_vao *
vao_new(struct fe_context *ctx, GLuint name)
{
   struct fe_vao *vao = calloc(1, sizeof(*vao));
   FE_CHECK(!vao, GL_OUT_OF_MEMORY, NULL);
   vao->name = name;
   vao->ever_bound = true;
   init_attribs(vao);
   fe_names_set(&ctx->vaos, name, vao);
   return vao;
}

/* GL 4.5 §10.3.1: names whose objects exist at once (the binding does not change). */
void
mgl_glCreateVertexArrays(GLsizei n, GLuint *arrays)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      arrays[i] = fe_names_gen(&ctx->vaos);
      if (!vao_new(ctx, arrays[i]))
         return;
   }
}

/* The vertex array a direct-state-access command names (GL 4.6 §10.3): zero is the default
 * vertex array where there is one; GL_INVALID_OPERATION for a name that is no vertex array
 * object is recorded here. */
static struct fe_vao *
named_vao(struct fe_context *ctx, GLuint vaobj)
{
   void *obj = vaobj ? fe_names_get(&ctx->vaos, vaobj) : fe_vao_zero(ctx);
   FE_CHECK(!obj || obj == FE_NAME_RESERVED, GL_INVALID_OPERATION, NULL);
   return obj;
}

#define VAO_OR_RETURN(vaobj)                                                                       \
   FE_CTX_OR_RETURN();                                                                             \
   struct fe_vao *vao = named_vao(ctx, vaobj);                                                     \
   if (!vao)                                                                                       \
   return

void
mgl_glBindVertexArray(GLuint array)
{
   FE_CTX_OR_RETURN();
   if (!array) {
      ctx->vao = fe_vao_zero(ctx);
      fe_draw_touch(ctx);
      return;
   }
   void *obj = fe_names_get(&ctx->vaos, array);
   FE_CHECK(!obj, GL_INVALID_OPERATION);
   if (obj == FE_NAME_RESERVED)
      obj = vao_new(ctx, array);
   if (obj) {
      struct fe_vao *vao = obj;
      ctx->vao = vao;
      /* a draw from client memory copies it (no repeat draw); otherwise the switch is one the
       * repeat draw takes (zero, above, may leave no vertex array: draw_ready refuses it) */
      if (vao->streamed_mask)
         fe_ctx_unusual(ctx);
      fe_draw_bump_array(ctx);
   }
}

GLboolean
mgl_glIsVertexArray(GLuint array)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   void *obj = fe_names_get(&ctx->vaos, array);
   return obj && obj != FE_NAME_RESERVED ? GL_TRUE : GL_FALSE;
}

/* GL_OES_vertex_array_object (ES 2.0): the same objects and errors as ES 3.0's. */
void
mgl_glGenVertexArraysOES(GLsizei n, GLuint *arrays)
{
   mgl_glGenVertexArrays(n, arrays);
}

void
mgl_glDeleteVertexArraysOES(GLsizei n, const GLuint *arrays)
{
   mgl_glDeleteVertexArrays(n, arrays);
}

void
mgl_glBindVertexArrayOES(GLuint array)
{
   mgl_glBindVertexArray(array);
}

GLboolean
mgl_glIsVertexArrayOES(GLuint array)
{
   return mgl_glIsVertexArray(array);
}

/* ---- attribute arrays ----------------------------------------------------------------------- */

/* The checks of a vertex attribute format that glVertexAttrib*Pointer and glVertexAttrib*Format
 * share (GL 4.6 §10.3.1/10.3.2): false after recording the error. *type may become
 * GL_HALF_FLOAT (ES 2.0's own enum); *bgra says size was GL_BGRA. */
static bool
check_format(struct fe_context *ctx, GLint size, GLenum *type, GLboolean normalized, bool integer,
             bool *bgra)
{
   if (ctx->desc.api == FE_API_GLES) {
      /* ES 2.0 2.8: bytes, shorts, GL_FIXED and floats (+ GL_OES_vertex_half_float, which
       * names half floats by its own enum); ES 3.0 2.9 adds half, int and 2_10_10_10; neither
       * has GL_DOUBLE or GL_BGRA sizes. */
      const bool es2 = ctx->desc.major == 2;
      /* ES 2.0 knows half floats only by the extension's enum, not GL_HALF_FLOAT (0x140B) */
      const GLenum t = *type;
      const bool es2_type = t == GL_BYTE || t == GL_UNSIGNED_BYTE || t == GL_SHORT ||
                            t == GL_UNSIGNED_SHORT || t == GL_FIXED || t == GL_FLOAT ||
                            t == FE_HALF_FLOAT_OES;
      if (t == GL_DOUBLE || (es2 && !es2_type) || size == GL_BGRA) {
         fe_error(ctx, GL_INVALID_ENUM);
         return false;
      }
      if (t == FE_HALF_FLOAT_OES && es2 && !integer)
         *type = GL_HALF_FLOAT;
   } /* desktop: GL_FIXED since GL 4.1 / ARB_ES2_compatibility (float attributes only) */
   const GLenum type_ = *type;
   *bgra = size == GL_BGRA && !integer;
   GLenum err = GL_NO_ERROR;
   if ((size < 1 || size > 4) && !*bgra)
      err = GL_INVALID_VALUE;
   else if (integer ? type_ != GL_BYTE && type_ != GL_UNSIGNED_BYTE && type_ != GL_SHORT &&
                         type_ != GL_UNSIGNED_SHORT && type_ != GL_INT && type_ != GL_UNSIGNED_INT
                    : !type_bytes(type_))
      err = GL_INVALID_ENUM;
   else if (*bgra && ((type_ != GL_UNSIGNED_BYTE && !is_packed(type_)) || !normalized))
      err = GL_INVALID_OPERATION;
   else if (is_packed(type_) && size != 4 && !*bgra)
      err = GL_INVALID_OPERATION;
   /* GL 4.4 / ARB_vertex_type_10f_11f_11f_rev: three packed unsigned floats, where the
    * backend fetches them (fe_get.c lists the extension there); ES has no such type */
   else if (type_ == GL_UNSIGNED_INT_10F_11F_11F_REV &&
            (ctx->desc.api == FE_API_GLES ||
             !(ctx->share->caps->format_flags[MGP_FORMAT_R11G11B10_FLOAT] & MGP_FORMAT_CAP_VERTEX)))
      err = GL_INVALID_ENUM;
   else if (type_ == GL_UNSIGNED_INT_10F_11F_11F_REV && size != 3)
      err = GL_INVALID_OPERATION;
   if (err != GL_NO_ERROR) {
      fe_error(ctx, err);
      return false;
   }
   return true;
}

/* GL 4.6 §10.3.1/10.3.2 for glVertexAttribL*Pointer / L*Format (ARB_vertex_attrib_64bit):
 * doubles of 1-4 components; false after recording the error. Where the context does not offer
 * the extension, GL_INVALID_OPERATION after a named decline. */
static bool
check_long_format(struct fe_context *ctx, const char *name, GLint size, GLenum type)
{
   if (!fe_vertex_fp64_offered(ctx)) {
      MGU_DECLINE(gl_entry_not_in_version, "%s without ARB_vertex_attrib_64bit", name);
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   FE_CHECK(type != GL_DOUBLE, GL_INVALID_ENUM, false);
   FE_CHECK(size < 1 || size > 4, GL_INVALID_VALUE, false);
   return true;
}

/* Sets attribute index's format; bumps layout_version when it changed. Inline: a
 * glVertexAttribPointer between draws runs it. */
static inline __attribute__((always_inline)) void
set_format(struct fe_context *ctx, struct fe_vao *vao, GLuint index, GLint size, GLenum type,
           bool bgra, GLboolean normalized, bool integer, bool dbl, uint32_t relative_offset)
{
   struct fe_vertex_attrib *a = &vao->attribs[index];
   const uint8_t new_size = (uint8_t)(bgra ? (GLint)MGP_ATTRIB_SIZE_BGRA : size);
   const bool new_normalized = !integer && normalized;
   /* What fe_vao_build_elements reads of the attribute: the same format with another buffer
    * or offset (the common rebind) keeps the vertex-elements CSO and its lookup. */
   if (a->size != new_size || a->type != type || a->normalized != new_normalized ||
       a->integer != integer || a->dbl != dbl || a->relative_offset != relative_offset)
      fe_draw_bump(ctx, &vao->layout_version);
   a->size = new_size;
   a->type = type;
   a->normalized = new_normalized;
   a->integer = integer;
   a->dbl = dbl;
   a->relative_offset = relative_offset;
}

/* glVertexAttribBinding's work: attribute index reads binding b. */
static inline __attribute__((always_inline)) void
set_binding(struct fe_context *ctx, struct fe_vao *vao, GLuint index, GLuint b)
{
   struct fe_vertex_attrib *a = &vao->attribs[index];
   const uint8_t alt = (uint8_t)(b == index ? 0 : b + 1);
   if (a->binding_alt == alt)
      return;
   a->binding_alt = alt;
   update_streamed(vao, index);
   fe_draw_bump(ctx, &vao->layout_version);
   fe_draw_bump(ctx, &vao->buffers_version);
}

/* glBindVertexBuffer's work on binding b (client: a client-side array at offset). Inline:
 * glVertexAttribPointer's rebind between draws runs it. */
static inline __attribute__((always_inline)) void
set_buffer(struct fe_context *ctx, struct fe_vao *vao, GLuint b, struct fe_buffer *buf,
           uint64_t offset, uint32_t stride, bool client)
{
   struct fe_vertex_attrib *a = &vao->attribs[b];
   if (a->binding_stride != stride) {
      a->binding_stride = stride;
      fe_draw_bump(ctx, &vao->layout_version);
   }
   a->offset = offset;
   a->client = client;
   FE_REBIND(ctx, &a->buffer, buf);
   update_streamed(vao, b);
   /* a draw from client memory copies it (no repeat draw); the serial move below is a
    * vertex-buffer rebind, which the repeat draw takes */
   if (client)
      fe_ctx_unusual(ctx);
   fe_draw_bump_buffers(ctx, &vao->buffers_version);
}

/* glVertexBindingDivisor's work. */
static void
set_divisor(struct fe_context *ctx, struct fe_vao *vao, GLuint b, GLuint divisor)
{
   struct fe_vertex_attrib *a = &vao->attribs[b];
   if (a->divisor != divisor) {
      a->divisor = divisor;
      fe_draw_bump(ctx, &vao->layout_version);
   }
}

/* Inline in glVertexAttribPointer (a rebind between draws, attrib_change's): its integer and
 * double flags constants there, no frame of its own; attrib_pointer for the others. */
static inline __attribute__((always_inline)) void
attrib_pointer_in(struct fe_context *ctx, GLuint index, GLint size, GLenum type,
                  GLboolean normalized, GLsizei stride, const void *pointer, bool integer, bool dbl)
{
   FE_CHECK(index >= FE_MAX_VERTEX_ATTRIBS, GL_INVALID_VALUE);
   bool bgra = false;
   /* 1-4 floats (the common array) pass check_format in every API and profile, and take
    * 4 bytes a component when packed tight */
   const bool floats = !dbl && !integer && type == GL_FLOAT && size >= 1 && size <= 4;
   if (!floats && (dbl ? !check_long_format(ctx, "glVertexAttribLPointer", size, type)
                       : !check_format(ctx, size, &type, normalized, integer, &bgra)))
      return;
   FE_CHECK(stride < 0, GL_INVALID_VALUE); /* GL 3.3 has no MAX_VERTEX_ATTRIB_STRIDE */
   FE_CHECK(!ctx->vao, GL_INVALID_OPERATION);
   /* A client-side array: OpenGL ES or the compatibility profile with vertex array object zero
    * only (ES 3.0 §2.9.6; a core profile and a named vertex array need a buffer). */
   const bool client = !ctx->array_buffer && (ctx->desc.api == FE_API_GLES || ctx->compat) &&
                       ctx->vao == &ctx->default_vao;
   FE_CHECK(!ctx->array_buffer && pointer && !client, GL_INVALID_OPERATION);

   /* GL 4.3 §10.3.2: the format at relative offset 0, attribute index on binding index, and
    * that binding's buffer, offset and effective stride. */
   struct fe_vao *vao = ctx->vao;
   struct fe_vertex_attrib *a = &vao->attribs[index];
   set_format(ctx, vao, index, size, type, bgra, normalized, integer, dbl, 0);
   if (a->stride != stride)
      fe_draw_bump(ctx, &vao->layout_version); /* a streamed array's stride */
   a->stride = stride;
   set_binding(ctx, vao, index, index);
   const uint32_t eff_stride = stride   ? (uint32_t)stride
                               : floats ? 4u * (uint32_t)size
                                        : fe_vao_attrib_bytes(a);
   set_buffer(ctx, vao, index, ctx->array_buffer, (uint64_t)(uintptr_t)pointer, eff_stride, client);
}

static void
attrib_pointer(struct fe_context *ctx, GLuint index, GLint size, GLenum type, GLboolean normalized,
               GLsizei stride, const void *pointer, bool integer, bool dbl)
{
   attrib_pointer_in(ctx, index, size, type, normalized, stride, pointer, integer, dbl);
}

void
fe_vao_attrib_pointer(struct fe_context *ctx, GLuint index, GLint size, GLenum type,
                      GLboolean normalized, GLsizei stride, const void *pointer)
{
   attrib_pointer(ctx, index, size, type, normalized, stride, pointer, false, false);
}

void
mgl_glVertexAttribPointer(GLuint index, GLint size, GLenum type, GLboolean normalized,
                          GLsizei stride, const void *pointer)
{
   FE_CTX_OR_RETURN();
   attrib_pointer_in(ctx, index, size, type, normalized, stride, pointer, false, false);
}

void
mgl_glVertexAttribIPointer(GLuint index, GLint size, GLenum type, GLsizei stride,
                           const void *pointer)
{
   FE_CTX_OR_RETURN();
   attrib_pointer(ctx, index, size, type, GL_FALSE, stride, pointer, true, false);
}

void
mgl_glVertexAttribLPointer(GLuint index, GLint size, GLenum type, GLsizei stride,
                           const void *pointer)
{
   FE_CTX_OR_RETURN();
   attrib_pointer(ctx, index, size, type, GL_FALSE, stride, pointer, false, true);
}

static void
attrib_enable(struct fe_context *ctx, struct fe_vao *vao, GLuint index, bool on)
{
   FE_CHECK(index >= FE_MAX_VERTEX_ATTRIBS, GL_INVALID_VALUE);
   FE_CHECK(!vao, GL_INVALID_OPERATION);
   struct fe_vertex_attrib *a = &vao->attribs[index];
   if (a->enabled == on)
      return;
   a->enabled = on;
   update_streamed(vao, index);
   fe_draw_bump(ctx, &vao->layout_version);
   fe_draw_bump(ctx, &vao->buffers_version);
}

void
fe_vao_attrib_enable(struct fe_context *ctx, GLuint index, bool on)
{
   attrib_enable(ctx, ctx->vao, index, on);
}

void
mgl_glEnableVertexAttribArray(GLuint index)
{
   FE_CTX_OR_RETURN();
   attrib_enable(ctx, ctx->vao, index, true);
}

void
mgl_glDisableVertexAttribArray(GLuint index)
{
   FE_CTX_OR_RETURN();
   attrib_enable(ctx, ctx->vao, index, false);
}

void
mgl_glEnableVertexArrayAttrib(GLuint vaobj, GLuint index)
{
   VAO_OR_RETURN(vaobj);
   attrib_enable(ctx, vao, index, true);
}

void
mgl_glDisableVertexArrayAttrib(GLuint vaobj, GLuint index)
{
   VAO_OR_RETURN(vaobj);
   attrib_enable(ctx, vao, index, false);
}

/* GL 4.6 §10.3.2: the element array buffer of a vertex array (glBindBuffer of
 * GL_ELEMENT_ARRAY_BUFFER for the bound one). */
void
mgl_glVertexArrayElementBuffer(GLuint vaobj, GLuint buffer)
{
   VAO_OR_RETURN(vaobj);
   bool ok;
   struct fe_buffer *buf = fe_buffer_for_bind(ctx, buffer, &ok);
   FE_CHECK(!ok, GL_INVALID_OPERATION);
   if (vao->elements == buf)
      return;
   FE_REBIND(ctx, &vao->elements, buf);
   fe_draw_bump(ctx, &vao->buffers_version);
}

void
mgl_glVertexAttribDivisor(GLuint index, GLuint divisor)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(index >= FE_MAX_VERTEX_ATTRIBS, GL_INVALID_VALUE);
   FE_CHECK(!ctx->vao, GL_INVALID_OPERATION);
   /* GL 4.3 §10.3.2: glVertexAttribBinding(index, index) and glVertexBindingDivisor(index) */
   set_binding(ctx, ctx->vao, index, index);
   set_divisor(ctx, ctx->vao, index, divisor);
}

/* ---- vertex buffer bindings (GL 4.3 §10.3.1-10.3.2, ARB_vertex_attrib_binding) ------------ */

/* The entry points are ES 3.1's: an ES 3.0 context has none. */
#define VAB_CTX_OR_RETURN(name)                                                                    \
   FE_CTX_OR_RETURN();                                                                             \
   if (ctx->desc.api == FE_API_GLES) {                                                             \
      MGU_DECLINE(gl_entry_unimplemented, "%s in an OpenGL ES 3.0 context", name);                 \
      fe_error(ctx, GL_INVALID_OPERATION);                                                         \
      return;                                                                                      \
   }

/* glBindVertexBuffer(s)' checks of offset and stride (GL 4.6 §10.3.1). */
static bool
offset_stride_ok(const struct fe_context *ctx, GLintptr offset, GLsizei stride)
{
   const uint32_t max = ctx->share->caps->max_vertex_attrib_stride;
   return offset >= 0 && stride >= 0 && (!max || (uint32_t)stride <= max);
}

static void
vertex_buffer(struct fe_context *ctx, struct fe_vao *vao, GLuint bindingindex, GLuint buffer,
              GLintptr offset, GLsizei stride)
{
   FE_CHECK(!vao, GL_INVALID_OPERATION);
   FE_CHECK(bindingindex >= fe_vao_max_bindings(ctx), GL_INVALID_VALUE);
   FE_CHECK(!offset_stride_ok(ctx, offset, stride), GL_INVALID_VALUE);
   bool ok;
   struct fe_buffer *buf = fe_buffer_for_bind(ctx, buffer, &ok);
   FE_CHECK(!ok, GL_INVALID_OPERATION);
   set_buffer(ctx, vao, bindingindex, buf, (uint64_t)offset, (uint32_t)stride, false);
}

void
mgl_glBindVertexBuffer(GLuint bindingindex, GLuint buffer, GLintptr offset, GLsizei stride)
{
   VAB_CTX_OR_RETURN("glBindVertexBuffer");
   vertex_buffer(ctx, ctx->vao, bindingindex, buffer, offset, stride);
}

void
mgl_glVertexArrayVertexBuffer(GLuint vaobj, GLuint bindingindex, GLuint buffer, GLintptr offset,
                              GLsizei stride)
{
   VAO_OR_RETURN(vaobj);
   vertex_buffer(ctx, vao, bindingindex, buffer, offset, stride);
}

/* GL 4.4 §10.3.1 (ARB_multi_bind): bindings [first, first + count), as many glBindVertexBuffer
 * calls except that names are not created; a binding in error (a name that is no buffer
 * object: GL_INVALID_OPERATION; a negative offset or stride, or one over the limit:
 * GL_INVALID_VALUE) is left, the others are made. A NULL list unbinds them all, to offset 0
 * and stride 16. */
static void
vertex_buffers(struct fe_context *ctx, struct fe_vao *vao, GLuint first, GLsizei count,
               const GLuint *buffers, const GLintptr *offsets, const GLsizei *strides)
{
   FE_CHECK(!vao, GL_INVALID_OPERATION);
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   FE_CHECK((uint64_t)first + (uint64_t)count > fe_vao_max_bindings(ctx), GL_INVALID_OPERATION);
   for (GLsizei i = 0; i < count; i++) {
      const GLuint b = first + (GLuint)i;
      if (!buffers) {
         set_buffer(ctx, vao, b, NULL, 0, 16, false);
         continue;
      }
      struct fe_buffer *buf = NULL;
      if (buffers[i]) {
         buf = fe_buffer_lookup(ctx, buffers[i]);
         if (!buf) {
            fe_error(ctx, GL_INVALID_OPERATION);
            continue;
         }
      }
      if (!offset_stride_ok(ctx, offsets[i], strides[i])) {
         fe_error(ctx, GL_INVALID_VALUE);
         continue;
      }
      set_buffer(ctx, vao, b, buf, (uint64_t)offsets[i], (uint32_t)strides[i], false);
   }
}

void
mgl_glBindVertexBuffers(GLuint first, GLsizei count, const GLuint *buffers, const GLintptr *offsets,
                        const GLsizei *strides)
{
   VAB_CTX_OR_RETURN("glBindVertexBuffers");
   vertex_buffers(ctx, ctx->vao, first, count, buffers, offsets, strides);
}

void
mgl_glVertexArrayVertexBuffers(GLuint vaobj, GLuint first, GLsizei count, const GLuint *buffers,
                               const GLintptr *offsets, const GLsizei *strides)
{
   VAO_OR_RETURN(vaobj);
   vertex_buffers(ctx, vao, first, count, buffers, offsets, strides);
}

static void
attrib_format(struct fe_context *ctx, struct fe_vao *vao, GLuint index, GLint size, GLenum type,
              GLboolean normalized, GLuint relativeoffset, bool integer, const char *long_name)
{
   FE_CHECK(!vao, GL_INVALID_OPERATION);
   FE_CHECK(index >= FE_MAX_VERTEX_ATTRIBS, GL_INVALID_VALUE);
   bool bgra = false;
   if (long_name ? !check_long_format(ctx, long_name, size, type)
                 : !check_format(ctx, size, &type, normalized, integer, &bgra))
      return;
   FE_CHECK(relativeoffset > FE_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, GL_INVALID_VALUE);
   set_format(ctx, vao, index, size, type, bgra, normalized, integer, long_name != NULL,
              relativeoffset);
}

void
mgl_glVertexAttribFormat(GLuint attribindex, GLint size, GLenum type, GLboolean normalized,
                         GLuint relativeoffset)
{
   VAB_CTX_OR_RETURN("glVertexAttribFormat");
   attrib_format(ctx, ctx->vao, attribindex, size, type, normalized, relativeoffset, false, NULL);
}

void
mgl_glVertexArrayAttribFormat(GLuint vaobj, GLuint attribindex, GLint size, GLenum type,
                              GLboolean normalized, GLuint relativeoffset)
{
   VAO_OR_RETURN(vaobj);
   attrib_format(ctx, vao, attribindex, size, type, normalized, relativeoffset, false, NULL);
}

void
mgl_glVertexAttribIFormat(GLuint attribindex, GLint size, GLenum type, GLuint relativeoffset)
{
   VAB_CTX_OR_RETURN("glVertexAttribIFormat");
   attrib_format(ctx, ctx->vao, attribindex, size, type, GL_FALSE, relativeoffset, true, NULL);
}

void
mgl_glVertexArrayAttribIFormat(GLuint vaobj, GLuint attribindex, GLint size, GLenum type,
                               GLuint relativeoffset)
{
   VAO_OR_RETURN(vaobj);
   attrib_format(ctx, vao, attribindex, size, type, GL_FALSE, relativeoffset, true, NULL);
}

/* GL 4.6 §10.3.2: a double-precision attribute's format (ARB_vertex_attrib_64bit; where the
 * context does not offer it, GL_INVALID_OPERATION after a named decline). */
void
mgl_glVertexAttribLFormat(GLuint attribindex, GLint size, GLenum type, GLuint relativeoffset)
{
   VAB_CTX_OR_RETURN("glVertexAttribLFormat");
   attrib_format(ctx, ctx->vao, attribindex, size, type, GL_FALSE, relativeoffset, false,
                 "glVertexAttribLFormat");
}

void
mgl_glVertexArrayAttribLFormat(GLuint vaobj, GLuint attribindex, GLint size, GLenum type,
                               GLuint relativeoffset)
{
   VAO_OR_RETURN(vaobj);
   attrib_format(ctx, vao, attribindex, size, type, GL_FALSE, relativeoffset, false,
                 "glVertexArrayAttribLFormat");
}

static void
attrib_binding(struct fe_context *ctx, struct fe_vao *vao, GLuint attribindex, GLuint bindingindex)
{
   FE_CHECK(!vao, GL_INVALID_OPERATION);
   FE_CHECK(attribindex >= FE_MAX_VERTEX_ATTRIBS || bindingindex >= fe_vao_max_bindings(ctx),
            GL_INVALID_VALUE);
   set_binding(ctx, vao, attribindex, bindingindex);
}

void
mgl_glVertexAttribBinding(GLuint attribindex, GLuint bindingindex)
{
   VAB_CTX_OR_RETURN("glVertexAttribBinding");
   attrib_binding(ctx, ctx->vao, attribindex, bindingindex);
}

void
mgl_glVertexArrayAttribBinding(GLuint vaobj, GLuint attribindex, GLuint bindingindex)
{
   VAO_OR_RETURN(vaobj);
   attrib_binding(ctx, vao, attribindex, bindingindex);
}

static void
binding_divisor(struct fe_context *ctx, struct fe_vao *vao, GLuint bindingindex, GLuint divisor)
{
   FE_CHECK(!vao, GL_INVALID_OPERATION);
   FE_CHECK(bindingindex >= fe_vao_max_bindings(ctx), GL_INVALID_VALUE);
   set_divisor(ctx, vao, bindingindex, divisor);
}

void
mgl_glVertexBindingDivisor(GLuint bindingindex, GLuint divisor)
{
   VAB_CTX_OR_RETURN("glVertexBindingDivisor");
   binding_divisor(ctx, ctx->vao, bindingindex, divisor);
}

void
mgl_glVertexArrayBindingDivisor(GLuint vaobj, GLuint bindingindex, GLuint divisor)
{
   VAO_OR_RETURN(vaobj);
   binding_divisor(ctx, vao, bindingindex, divisor);
}

bool
fe_vao_binding_get(struct fe_context *ctx, GLenum target, GLuint index, int64_t *out)
{
   const struct fe_vao *vao = ctx->vao ? ctx->vao : &ctx->default_vao;
   if (index >= fe_vao_max_bindings(ctx)) {
      fe_error(ctx, GL_INVALID_VALUE);
      return false;
   }
   const struct fe_vertex_attrib *a = &vao->attribs[index];
   switch (target) {
   case GL_VERTEX_BINDING_OFFSET: *out = (int64_t)a->offset; break;
   case GL_VERTEX_BINDING_STRIDE: *out = a->binding_stride; break;
   case GL_VERTEX_BINDING_DIVISOR: *out = a->divisor; break;
   default: *out = a->buffer ? a->buffer->base.name : 0; break;
   }
   return true;
}

/* ---- queries -------------------------------------------------------------------------------- */

static bool vao_attrib_param(const struct fe_context *ctx, const struct fe_vao *vao, GLuint index,
                             GLenum pname, GLint *iv);

/* Fills up to 4 values; returns the count, 0 after recording an error. kind: 0 float, 1 int,
 * 2 uint for CURRENT_VERTEX_ATTRIB, else integers in iv. */
static int
attrib_query(struct fe_context *ctx, GLuint index, GLenum pname, GLint iv[4], uint32_t cur[4],
             int *cur_kind)
{
   if (index >= FE_MAX_VERTEX_ATTRIBS) {
      fe_error(ctx, GL_INVALID_VALUE);
      return 0;
   }
   if (pname == GL_CURRENT_VERTEX_ATTRIB) {
      memcpy(cur, ctx->attrib_value[index], 16);
      *cur_kind = ctx->attrib_kind[index];
      return 4;
   }
   if (!ctx->vao) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return 0;
   }
   *cur_kind = -1;
   if (vao_attrib_param(ctx, ctx->vao, index, pname, iv))
      return 1;
   fe_error(ctx, GL_INVALID_ENUM);
   return 0;
}

/* glGetVertexArrayIndexediv (GL 4.6 §10.5): the attribute's pnames of glGetVertexAttribiv but
 * its buffer and binding, and VERTEX_ATTRIB_ARRAY_LONG. */
void
mgl_glGetVertexArrayIndexediv(GLuint vaobj, GLuint index, GLenum pname, GLint *param)
{
   VAO_OR_RETURN(vaobj);
   FE_CHECK(index >= FE_MAX_VERTEX_ATTRIBS, GL_INVALID_VALUE);
   FE_CHECK(pname == GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING || pname == GL_VERTEX_ATTRIB_BINDING,
            GL_INVALID_ENUM);
   FE_CHECK(!vao_attrib_param(ctx, vao, index, pname, param), GL_INVALID_ENUM);
}

/* glGetVertexArrayIndexed64iv: a binding's offset, the one pname it takes. */
void
mgl_glGetVertexArrayIndexed64iv(GLuint vaobj, GLuint index, GLenum pname, GLint64 *param)
{
   VAO_OR_RETURN(vaobj);
   FE_CHECK(index >= fe_vao_max_bindings(ctx), GL_INVALID_VALUE);
   FE_CHECK(pname != GL_VERTEX_BINDING_OFFSET, GL_INVALID_ENUM);
   *param = (GLint64)vao->attribs[index].offset;
}

void
mgl_glGetVertexArrayiv(GLuint vaobj, GLenum pname, GLint *param)
{
   VAO_OR_RETURN(vaobj);
   FE_CHECK(pname != GL_ELEMENT_ARRAY_BUFFER_BINDING, GL_INVALID_ENUM);
   *param = vao->elements ? (GLint)vao->elements->base.name : 0;
}

/* An attribute pname of a vertex array's attribute index (checked) into iv[0]; false for a
 * pname that is none. */
static bool
vao_attrib_param(const struct fe_context *ctx, const struct fe_vao *vao, GLuint index, GLenum pname,
                 GLint *iv)
{
   const struct fe_vertex_attrib *a = &vao->attribs[index];
   const struct fe_vertex_attrib *bound = &vao->attribs[fe_vao_attrib_binding(vao, index)];
   switch (pname) {
   case GL_VERTEX_ATTRIB_ARRAY_ENABLED: iv[0] = a->enabled; return true;
   case GL_VERTEX_ATTRIB_ARRAY_SIZE:
      iv[0] = a->size == MGP_ATTRIB_SIZE_BGRA ? GL_BGRA : a->size;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_STRIDE: iv[0] = a->stride; return true;
   case GL_VERTEX_ATTRIB_ARRAY_TYPE: iv[0] = (GLint)a->type; return true;
   case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED: iv[0] = a->normalized; return true;
   case GL_VERTEX_ATTRIB_ARRAY_INTEGER: iv[0] = a->integer; return true;
   case GL_VERTEX_ATTRIB_ARRAY_LONG: /* GL 4.1 / ARB_vertex_attrib_64bit */
      if (ctx->desc.api == FE_API_GLES)
         break;
      iv[0] = a->dbl;
      return true;
   /* GL 4.3 §10.5: the divisor and buffer of the attribute's binding */
   case GL_VERTEX_ATTRIB_ARRAY_DIVISOR: iv[0] = (GLint)bound->divisor; return true;
   case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING:
      iv[0] = bound->buffer ? (GLint)bound->buffer->base.name : 0;
      return true;
   case GL_VERTEX_ATTRIB_BINDING:
      if (ctx->desc.api == FE_API_GLES)
         break;
      iv[0] = (GLint)fe_vao_attrib_binding(vao, index);
      return true;
   case GL_VERTEX_ATTRIB_RELATIVE_OFFSET:
      if (ctx->desc.api == FE_API_GLES)
         break;
      iv[0] = (GLint)a->relative_offset;
      return true;
   default: break;
   }
   return false;
}

void
mgl_glGetVertexAttribiv(GLuint index, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   GLint iv[4];
   uint32_t cur[4];
   int kind;
   int n = attrib_query(ctx, index, pname, iv, cur, &kind);
   for (int i = 0; i < n; i++)
      params[i] = kind < 0 ? iv[i] : kind == 0 ? (GLint)fe_u2f(cur[i]) : (GLint)cur[i];
}

void
mgl_glGetVertexAttribfv(GLuint index, GLenum pname, GLfloat *params)
{
   FE_CTX_OR_RETURN();
   GLint iv[4];
   uint32_t cur[4];
   int kind;
   int n = attrib_query(ctx, index, pname, iv, cur, &kind);
   for (int i = 0; i < n; i++)
      params[i] = kind < 0    ? (GLfloat)iv[i]
                  : kind == 0 ? fe_u2f(cur[i])
                  : kind == 1 ? (GLfloat)(int32_t)cur[i]
                              : (GLfloat)cur[i];
}

void
mgl_glGetVertexAttribdv(GLuint index, GLenum pname, GLdouble *params)
{
   FE_CTX_OR_RETURN();
   GLint iv[4];
   uint32_t cur[4];
   int kind;
   int n = attrib_query(ctx, index, pname, iv, cur, &kind);
   for (int i = 0; i < n; i++)
      params[i] = kind < 0    ? (GLdouble)iv[i]
                  : kind == 0 ? fe_u2f(cur[i])
                  : kind == 1 ? (GLdouble)(int32_t)cur[i]
                              : (GLdouble)cur[i];
}

/* GL 4.6 §10.5 (ARB_vertex_attrib_64bit): CURRENT_VERTEX_ATTRIB as the four doubles
 * glVertexAttribL* gave (another kind's value converted), the other pnames as
 * glGetVertexAttribdv's. */
void
mgl_glGetVertexAttribLdv(GLuint index, GLenum pname, GLdouble *params)
{
   FE_CTX_OR_RETURN();
   if (!fe_vertex_fp64_offered(ctx)) {
      MGU_DECLINE(gl_entry_not_in_version, "glGetVertexAttribLdv without ARB_vertex_attrib_64bit");
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (pname == GL_CURRENT_VERTEX_ATTRIB && index < FE_MAX_VERTEX_ATTRIBS &&
       ctx->attrib_kind[index] == 3) {
      memcpy(params, ctx->attrib_value[index], 2 * sizeof(double));
      memcpy(params + 2, ctx->attrib_value_hi[index], 2 * sizeof(double));
      return;
   }
   mgl_glGetVertexAttribdv(index, pname, params);
}

void
mgl_glGetVertexAttribIiv(GLuint index, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   GLint iv[4];
   uint32_t cur[4];
   int kind;
   int n = attrib_query(ctx, index, pname, iv, cur, &kind);
   for (int i = 0; i < n; i++)
      params[i] = kind < 0 ? iv[i] : (GLint)cur[i];
}

void
mgl_glGetVertexAttribIuiv(GLuint index, GLenum pname, GLuint *params)
{
   FE_CTX_OR_RETURN();
   GLint iv[4];
   uint32_t cur[4];
   int kind;
   int n = attrib_query(ctx, index, pname, iv, cur, &kind);
   for (int i = 0; i < n; i++)
      params[i] = kind < 0 ? (GLuint)iv[i] : cur[i];
}

void
mgl_glGetVertexAttribPointerv(GLuint index, GLenum pname, void **pointer)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(index >= FE_MAX_VERTEX_ATTRIBS, GL_INVALID_VALUE);
   FE_CHECK(pname != GL_VERTEX_ATTRIB_ARRAY_POINTER, GL_INVALID_ENUM);
   FE_CHECK(!ctx->vao, GL_INVALID_OPERATION);
   *pointer = (void *)(uintptr_t)ctx->vao->attribs[index].offset;
}

/* ---- current generic attributes ------------------------------------------------------------- */

static void
set_current(struct fe_context *ctx, GLuint index, uint8_t kind, uint32_t x, uint32_t y, uint32_t z,
            uint32_t w)
{
   FE_CHECK(index >= FE_MAX_VERTEX_ATTRIBS, GL_INVALID_VALUE);
   if (ctx->entry_mode & FE_ENTRY_IN_BEGIN_END) {
      /* compatibility: attribute 0 is the vertex (GL 3.3 compatibility 2.7) */
      if (index == 0 && kind == 0) {
         fe_compat_imm_vertex(ctx, fe_u2f(x), fe_u2f(y), fe_u2f(z), fe_u2f(w));
         return;
      }
      fe_compat_imm_touch(ctx, index);
   }
   uint32_t v[4] = {x, y, z, w};
   if (ctx->attrib_kind[index] == kind && !memcmp(ctx->attrib_value[index], v, sizeof(v)))
      return;
   memcpy(ctx->attrib_value[index], v, sizeof(v));
   ctx->attrib_kind[index] = kind;
   ctx->tracker.attrib_defaults_dirty |= 1u << index;
   fe_draw_touch(ctx);
}

/* glVertexAttribL* (GL 4.6 §10.2.1, ARB_vertex_attrib_64bit): four doubles, kind 3. */
static void
set_d(GLuint index, double x, double y, double z, double w)
{
   FE_CTX_OR_RETURN();
   if (!fe_vertex_fp64_offered(ctx)) {
      MGU_DECLINE(gl_entry_not_in_version, "glVertexAttribL* without ARB_vertex_attrib_64bit");
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   FE_CHECK(index >= FE_MAX_VERTEX_ATTRIBS, GL_INVALID_VALUE);
   const double lo[2] = {x, y}, hi[2] = {z, w};
   if (ctx->attrib_kind[index] == 3 && !memcmp(ctx->attrib_value[index], lo, sizeof(lo)) &&
       !memcmp(ctx->attrib_value_hi[index], hi, sizeof(hi)))
      return;
   memcpy(ctx->attrib_value[index], lo, sizeof(lo));
   memcpy(ctx->attrib_value_hi[index], hi, sizeof(hi));
   ctx->attrib_kind[index] = 3;
   ctx->tracker.attrib_defaults_dirty |= 1u << index;
   fe_draw_touch(ctx);
}

void
mgl_glVertexAttribL1d(GLuint i, GLdouble x)
{
   set_d(i, x, 0, 0, 1);
}
void
mgl_glVertexAttribL2d(GLuint i, GLdouble x, GLdouble y)
{
   set_d(i, x, y, 0, 1);
}
void
mgl_glVertexAttribL3d(GLuint i, GLdouble x, GLdouble y, GLdouble z)
{
   set_d(i, x, y, z, 1);
}
void
mgl_glVertexAttribL4d(GLuint i, GLdouble x, GLdouble y, GLdouble z, GLdouble w)
{
   set_d(i, x, y, z, w);
}
void
mgl_glVertexAttribL1dv(GLuint i, const GLdouble *v)
{
   set_d(i, v[0], 0, 0, 1);
}
void
mgl_glVertexAttribL2dv(GLuint i, const GLdouble *v)
{
   set_d(i, v[0], v[1], 0, 1);
}
void
mgl_glVertexAttribL3dv(GLuint i, const GLdouble *v)
{
   set_d(i, v[0], v[1], v[2], 1);
}
void
mgl_glVertexAttribL4dv(GLuint i, const GLdouble *v)
{
   set_d(i, v[0], v[1], v[2], v[3]);
}

static void
set_f(GLuint index, float x, float y, float z, float w)
{
   FE_CTX_OR_RETURN();
   set_current(ctx, index, 0, fe_f2u(x), fe_f2u(y), fe_f2u(z), fe_f2u(w));
}

static void
set_i(GLuint index, int32_t x, int32_t y, int32_t z, int32_t w)
{
   FE_CTX_OR_RETURN();
   set_current(ctx, index, 1, (uint32_t)x, (uint32_t)y, (uint32_t)z, (uint32_t)w);
}

static void
set_ui(GLuint index, uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
   FE_CTX_OR_RETURN();
   set_current(ctx, index, 2, x, y, z, w);
}

void
mgl_glVertexAttrib1f(GLuint i, GLfloat x)
{
   set_f(i, x, 0, 0, 1);
}
void
mgl_glVertexAttrib2f(GLuint i, GLfloat x, GLfloat y)
{
   set_f(i, x, y, 0, 1);
}
void
mgl_glVertexAttrib3f(GLuint i, GLfloat x, GLfloat y, GLfloat z)
{
   set_f(i, x, y, z, 1);
}
void
mgl_glVertexAttrib4f(GLuint i, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   set_f(i, x, y, z, w);
}
void
mgl_glVertexAttrib1fv(GLuint i, const GLfloat *v)
{
   set_f(i, v[0], 0, 0, 1);
}
void
mgl_glVertexAttrib2fv(GLuint i, const GLfloat *v)
{
   set_f(i, v[0], v[1], 0, 1);
}
void
mgl_glVertexAttrib3fv(GLuint i, const GLfloat *v)
{
   set_f(i, v[0], v[1], v[2], 1);
}
void
mgl_glVertexAttrib4fv(GLuint i, const GLfloat *v)
{
   set_f(i, v[0], v[1], v[2], v[3]);
}
void
mgl_glVertexAttrib1d(GLuint i, GLdouble x)
{
   set_f(i, (float)x, 0, 0, 1);
}
void
mgl_glVertexAttrib2d(GLuint i, GLdouble x, GLdouble y)
{
   set_f(i, (float)x, (float)y, 0, 1);
}
void
mgl_glVertexAttrib3d(GLuint i, GLdouble x, GLdouble y, GLdouble z)
{
   set_f(i, (float)x, (float)y, (float)z, 1);
}
void
mgl_glVertexAttrib4d(GLuint i, GLdouble x, GLdouble y, GLdouble z, GLdouble w)
{
   set_f(i, (float)x, (float)y, (float)z, (float)w);
}
void
mgl_glVertexAttrib1dv(GLuint i, const GLdouble *v)
{
   set_f(i, (float)v[0], 0, 0, 1);
}
void
mgl_glVertexAttrib2dv(GLuint i, const GLdouble *v)
{
   set_f(i, (float)v[0], (float)v[1], 0, 1);
}
void
mgl_glVertexAttrib3dv(GLuint i, const GLdouble *v)
{
   set_f(i, (float)v[0], (float)v[1], (float)v[2], 1);
}
void
mgl_glVertexAttrib4dv(GLuint i, const GLdouble *v)
{
   set_f(i, (float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}
void
mgl_glVertexAttrib1s(GLuint i, GLshort x)
{
   set_f(i, x, 0, 0, 1);
}
void
mgl_glVertexAttrib2s(GLuint i, GLshort x, GLshort y)
{
   set_f(i, x, y, 0, 1);
}
void
mgl_glVertexAttrib3s(GLuint i, GLshort x, GLshort y, GLshort z)
{
   set_f(i, x, y, z, 1);
}
void
mgl_glVertexAttrib4s(GLuint i, GLshort x, GLshort y, GLshort z, GLshort w)
{
   set_f(i, x, y, z, w);
}
void
mgl_glVertexAttrib1sv(GLuint i, const GLshort *v)
{
   set_f(i, v[0], 0, 0, 1);
}
void
mgl_glVertexAttrib2sv(GLuint i, const GLshort *v)
{
   set_f(i, v[0], v[1], 0, 1);
}
void
mgl_glVertexAttrib3sv(GLuint i, const GLshort *v)
{
   set_f(i, v[0], v[1], v[2], 1);
}
void
mgl_glVertexAttrib4sv(GLuint i, const GLshort *v)
{
   set_f(i, v[0], v[1], v[2], v[3]);
}
void
mgl_glVertexAttrib4bv(GLuint i, const GLbyte *v)
{
   set_f(i, v[0], v[1], v[2], v[3]);
}
void
mgl_glVertexAttrib4iv(GLuint i, const GLint *v)
{
   set_f(i, (float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}
void
mgl_glVertexAttrib4ubv(GLuint i, const GLubyte *v)
{
   set_f(i, v[0], v[1], v[2], v[3]);
}
void
mgl_glVertexAttrib4usv(GLuint i, const GLushort *v)
{
   set_f(i, v[0], v[1], v[2], v[3]);
}
void
mgl_glVertexAttrib4uiv(GLuint i, const GLuint *v)
{
   set_f(i, (float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}

static float
snorm_f(double v, double max)
{
   double f = v / max;
   return (float)(f < -1.0 ? -1.0 : f);
}

void
mgl_glVertexAttrib4Nbv(GLuint i, const GLbyte *v)
{
   set_f(i, snorm_f(v[0], 127), snorm_f(v[1], 127), snorm_f(v[2], 127), snorm_f(v[3], 127));
}
void
mgl_glVertexAttrib4Nsv(GLuint i, const GLshort *v)
{
   set_f(i, snorm_f(v[0], 32767), snorm_f(v[1], 32767), snorm_f(v[2], 32767), snorm_f(v[3], 32767));
}
void
mgl_glVertexAttrib4Niv(GLuint i, const GLint *v)
{
   set_f(i, snorm_f(v[0], 2147483647.0), snorm_f(v[1], 2147483647.0), snorm_f(v[2], 2147483647.0),
         snorm_f(v[3], 2147483647.0));
}
void
mgl_glVertexAttrib4Nub(GLuint i, GLubyte x, GLubyte y, GLubyte z, GLubyte w)
{
   set_f(i, x / 255.0f, y / 255.0f, z / 255.0f, w / 255.0f);
}
void
mgl_glVertexAttrib4Nubv(GLuint i, const GLubyte *v)
{
   set_f(i, v[0] / 255.0f, v[1] / 255.0f, v[2] / 255.0f, v[3] / 255.0f);
}
void
mgl_glVertexAttrib4Nusv(GLuint i, const GLushort *v)
{
   set_f(i, v[0] / 65535.0f, v[1] / 65535.0f, v[2] / 65535.0f, v[3] / 65535.0f);
}
void
mgl_glVertexAttrib4Nuiv(GLuint i, const GLuint *v)
{
   set_f(i, (float)(v[0] / 4294967295.0), (float)(v[1] / 4294967295.0),
         (float)(v[2] / 4294967295.0), (float)(v[3] / 4294967295.0));
}

void
mgl_glVertexAttribI1i(GLuint i, GLint x)
{
   set_i(i, x, 0, 0, 1);
}
void
mgl_glVertexAttribI2i(GLuint i, GLint x, GLint y)
{
   set_i(i, x, y, 0, 1);
}
void
mgl_glVertexAttribI3i(GLuint i, GLint x, GLint y, GLint z)
{
   set_i(i, x, y, z, 1);
}
void
mgl_glVertexAttribI4i(GLuint i, GLint x, GLint y, GLint z, GLint w)
{
   set_i(i, x, y, z, w);
}
void
mgl_glVertexAttribI1iv(GLuint i, const GLint *v)
{
   set_i(i, v[0], 0, 0, 1);
}
void
mgl_glVertexAttribI2iv(GLuint i, const GLint *v)
{
   set_i(i, v[0], v[1], 0, 1);
}
void
mgl_glVertexAttribI3iv(GLuint i, const GLint *v)
{
   set_i(i, v[0], v[1], v[2], 1);
}
void
mgl_glVertexAttribI4iv(GLuint i, const GLint *v)
{
   set_i(i, v[0], v[1], v[2], v[3]);
}
void
mgl_glVertexAttribI4bv(GLuint i, const GLbyte *v)
{
   set_i(i, v[0], v[1], v[2], v[3]);
}
void
mgl_glVertexAttribI4sv(GLuint i, const GLshort *v)
{
   set_i(i, v[0], v[1], v[2], v[3]);
}
void
mgl_glVertexAttribI1ui(GLuint i, GLuint x)
{
   set_ui(i, x, 0, 0, 1);
}
void
mgl_glVertexAttribI2ui(GLuint i, GLuint x, GLuint y)
{
   set_ui(i, x, y, 0, 1);
}
void
mgl_glVertexAttribI3ui(GLuint i, GLuint x, GLuint y, GLuint z)
{
   set_ui(i, x, y, z, 1);
}
void
mgl_glVertexAttribI4ui(GLuint i, GLuint x, GLuint y, GLuint z, GLuint w)
{
   set_ui(i, x, y, z, w);
}
void
mgl_glVertexAttribI1uiv(GLuint i, const GLuint *v)
{
   set_ui(i, v[0], 0, 0, 1);
}
void
mgl_glVertexAttribI2uiv(GLuint i, const GLuint *v)
{
   set_ui(i, v[0], v[1], 0, 1);
}
void
mgl_glVertexAttribI3uiv(GLuint i, const GLuint *v)
{
   set_ui(i, v[0], v[1], v[2], 1);
}
void
mgl_glVertexAttribI4uiv(GLuint i, const GLuint *v)
{
   set_ui(i, v[0], v[1], v[2], v[3]);
}
void
mgl_glVertexAttribI4ubv(GLuint i, const GLubyte *v)
{
   set_ui(i, v[0], v[1], v[2], v[3]);
}
void
mgl_glVertexAttribI4usv(GLuint i, const GLushort *v)
{
   set_ui(i, v[0], v[1], v[2], v[3]);
}

/* ---- packed current attributes (glVertexAttribP*) ------------------------------------------- */

/* Component k of a packed word. Signed normalized values convert as GL 3.3 §2.1.6 equation
 * 2.2 says, (2c + 1) / (2^b - 1), or with gl42 as GL 4.2 changed it, max(c / (2^(b-1) - 1), -1)
 * (what devices fetch vertex arrays with). */
static float
packed_component(uint32_t w, unsigned k, bool is_signed, bool normalized, bool gl42)
{
   const unsigned bits = k == 3 ? 2 : 10;
   const uint32_t raw = (w >> (10 * k)) & ((1u << bits) - 1);
   if (!is_signed)
      return normalized ? (float)raw / (float)((1u << bits) - 1) : (float)raw;
   const int32_t sv = (int32_t)(raw << (32 - bits)) >> (32 - bits);
   if (!normalized)
      return (float)sv;
   if (!gl42)
      return (2.0f * (float)sv + 1.0f) / (float)((1u << bits) - 1);
   const float f = (float)sv / (float)((1 << (bits - 1)) - 1);
   return f < -1.0f ? -1.0f : f;
}

bool
fe_packed_snorm_eq23(const struct fe_context *ctx)
{
   return ctx->desc.api == FE_API_GLES || ctx->desc.major * 10 + ctx->desc.minor >= 42;
}

bool
fe_unpack_2_10_10_10(GLenum type, bool normalized, bool gl42, uint32_t w, float out[4])
{
   if (type != GL_INT_2_10_10_10_REV && type != GL_UNSIGNED_INT_2_10_10_10_REV)
      return false;
   for (unsigned k = 0; k < 4; k++)
      out[k] = packed_component(w, k, type == GL_INT_2_10_10_10_REV, normalized, gl42);
   return true;
}

/* An unsigned float of `mbits` mantissa bits and 5 exponent bits (GL 4.6 §2.3.4.3, 2.3.4.4). */
static float
unsigned_float(uint32_t v, unsigned mbits)
{
   const uint32_t m = v & ((1u << mbits) - 1), e = v >> mbits;
   if (e == 31)
      return m ? NAN : INFINITY;
   const float frac = (float)m / (float)(1u << mbits);
   return e ? ldexpf(1.0f + frac, (int)e - 15) : ldexpf(frac, -14);
}

static void
attrib_packed(GLuint index, GLenum type, GLboolean normalized, GLuint value, unsigned comps)
{
   FE_CTX_OR_RETURN();
   float c[4];
   if (type == GL_UNSIGNED_INT_10F_11F_11F_REV && comps < 4 && ctx->desc.api != FE_API_GLES) {
      /* GL 4.4 / ARB_vertex_type_10f_11f_11f_rev: glVertexAttribP1-3ui take three packed
       * unsigned floats (11, 11 and 10 bits; normalized is ignored) */
      c[0] = unsigned_float(value & 0x7ff, 6);
      c[1] = unsigned_float((value >> 11) & 0x7ff, 6);
      c[2] = unsigned_float(value >> 22, 5);
      c[3] = 1.0f;
   } else
      FE_CHECK(!fe_unpack_2_10_10_10(type, normalized, fe_packed_snorm_eq23(ctx), value, c),
               GL_INVALID_ENUM);
   if (comps < 4)
      c[3] = 1.0f;
   if (comps < 3)
      c[2] = 0.0f;
   if (comps < 2)
      c[1] = 0.0f;
   set_current(ctx, index, 0, fe_f2u(c[0]), fe_f2u(c[1]), fe_f2u(c[2]), fe_f2u(c[3]));
}

void
mgl_glVertexAttribP1ui(GLuint i, GLenum t, GLboolean n, GLuint v)
{
   attrib_packed(i, t, n, v, 1);
}
void
mgl_glVertexAttribP2ui(GLuint i, GLenum t, GLboolean n, GLuint v)
{
   attrib_packed(i, t, n, v, 2);
}
void
mgl_glVertexAttribP3ui(GLuint i, GLenum t, GLboolean n, GLuint v)
{
   attrib_packed(i, t, n, v, 3);
}
void
mgl_glVertexAttribP4ui(GLuint i, GLenum t, GLboolean n, GLuint v)
{
   attrib_packed(i, t, n, v, 4);
}
void
mgl_glVertexAttribP1uiv(GLuint i, GLenum t, GLboolean n, const GLuint *v)
{
   attrib_packed(i, t, n, v[0], 1);
}
void
mgl_glVertexAttribP2uiv(GLuint i, GLenum t, GLboolean n, const GLuint *v)
{
   attrib_packed(i, t, n, v[0], 2);
}
void
mgl_glVertexAttribP3uiv(GLuint i, GLenum t, GLboolean n, const GLuint *v)
{
   attrib_packed(i, t, n, v[0], 3);
}
void
mgl_glVertexAttribP4uiv(GLuint i, GLenum t, GLboolean n, const GLuint *v)
{
   attrib_packed(i, t, n, v[0], 4);
}
