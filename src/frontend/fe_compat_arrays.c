/* fe_compat_arrays.c — the legacy client arrays of compatibility contexts: glVertexPointer,
 * glNormalPointer, glColorPointer, glSecondaryColorPointer, glFogCoordPointer, glTexCoordPointer
 * (of the client-active unit), glEdgeFlagPointer, glEnableClientState/glDisableClientState,
 * glGetPointerv, glInterleavedArrays and glArrayElement. Each array is the bound vertex array's
 * generic array at its conventional slot (fe_compat.h), set with glVertexAttribPointer's own
 * checks (a buffer, or client memory with vertex array object zero), so draws need nothing of
 * their own; the edge flags, which no shader reads, stay here for fe_compat_prim.c. */
#include <math.h>
#include <string.h>

#include "fe_compat_vertex.h"
#include "gl_api.h"
#include "log.h"

#define IN_BEGIN_END_CHECK() FE_CHECK(ctx->entry_mode &FE_ENTRY_IN_BEGIN_END, GL_INVALID_OPERATION)

static bool
type_in(GLenum type, const GLenum *list, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      if (list[i] == type)
         return true;
   return false;
}

/* One legacy pointer: the sizes and types GL 3.3 compatibility 2.8 allows it, then
 * glVertexAttribPointer's work at its slot. */
static void
legacy_pointer(struct fe_context *ctx, unsigned slot, GLint size, bool size_ok, GLenum type,
               const GLenum *types, unsigned ntypes, bool normalized, GLsizei stride,
               const void *pointer)
{
   IN_BEGIN_END_CHECK();
   FE_CHECK(!size_ok || stride < 0, GL_INVALID_VALUE);
   FE_CHECK(!type_in(type, types, ntypes), GL_INVALID_ENUM);
   if (type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV) {
      /* ARB_vertex_type_2_10_10_10_rev: a packed word is four components (or BGRA); normals
       * and secondary colours, three by their commands, read the first three of the four */
      if (slot == FE_FF_ATTRIB_NORMAL || (slot == FE_FF_ATTRIB_COLOR1 && size == 3))
         size = 4;
      FE_CHECK(size != 4 && size != GL_BGRA, GL_INVALID_OPERATION);
   }
   const bool integer = type != GL_FLOAT && type != GL_DOUBLE && type != GL_HALF_FLOAT;
   fe_vao_attrib_pointer(ctx, slot, size, type, normalized && integer, stride, pointer);
}

/* GL 3.3 compatibility table 2.5, with ARB_vertex_type_2_10_10_10_rev's packed types */
#define PACKED_TYPES GL_INT_2_10_10_10_REV, GL_UNSIGNED_INT_2_10_10_10_REV
static const GLenum position_types[] = {GL_SHORT,  GL_INT,        GL_FLOAT,
                                        GL_DOUBLE, GL_HALF_FLOAT, PACKED_TYPES};
static const GLenum normal_types[] = {GL_BYTE,   GL_SHORT,      GL_INT,      GL_FLOAT,
                                      GL_DOUBLE, GL_HALF_FLOAT, PACKED_TYPES};
static const GLenum color_types[] = {GL_BYTE,       GL_UNSIGNED_BYTE, GL_SHORT, GL_UNSIGNED_SHORT,
                                     GL_INT,        GL_UNSIGNED_INT,  GL_FLOAT, GL_DOUBLE,
                                     GL_HALF_FLOAT, PACKED_TYPES};
static const GLenum fog_types[] = {GL_FLOAT, GL_DOUBLE, GL_HALF_FLOAT};
#define N(a) (sizeof(a) / sizeof((a)[0]))

void
mgl_glVertexPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   FE_COMPAT_CTX_OR_RETURN();
   legacy_pointer(ctx, FE_FF_ATTRIB_POSITION, size, size >= 2 && size <= 4, type, position_types,
                  N(position_types), false, stride, pointer);
}

void
mgl_glNormalPointer(GLenum type, GLsizei stride, const void *pointer)
{
   FE_COMPAT_CTX_OR_RETURN();
   legacy_pointer(ctx, FE_FF_ATTRIB_NORMAL, 3, true, type, normal_types, N(normal_types), true,
                  stride, pointer);
}

void
mgl_glColorPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   FE_COMPAT_CTX_OR_RETURN();
   legacy_pointer(ctx, FE_FF_ATTRIB_COLOR0, size, size == 3 || size == 4 || size == GL_BGRA, type,
                  color_types, N(color_types), true, stride, pointer);
}

void
mgl_glSecondaryColorPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   FE_COMPAT_CTX_OR_RETURN();
   legacy_pointer(ctx, FE_FF_ATTRIB_COLOR1, size, size == 3 || size == GL_BGRA, type, color_types,
                  N(color_types), true, stride, pointer);
}

void
mgl_glFogCoordPointer(GLenum type, GLsizei stride, const void *pointer)
{
   FE_COMPAT_CTX_OR_RETURN();
   legacy_pointer(ctx, FE_FF_ATTRIB_FOG, 1, true, type, fog_types, N(fog_types), false, stride,
                  pointer);
}

void
mgl_glTexCoordPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   FE_COMPAT_CTX_OR_RETURN();
   legacy_pointer(ctx, FE_FF_ATTRIB_TEXCOORD0 + ctx->compat->client_unit, size,
                  size >= 1 && size <= 4, type, position_types, N(position_types), false, stride,
                  pointer);
}

void
mgl_glEdgeFlagPointer(GLsizei stride, const void *pointer)
{
   FE_COMPAT_CTX_OR_RETURN();
   IN_BEGIN_END_CHECK();
   FE_CHECK(stride < 0, GL_INVALID_VALUE);
   /* client memory only with vertex array object zero, as for the other arrays */
   FE_CHECK(!ctx->array_buffer && pointer && ctx->vao != &ctx->default_vao, GL_INVALID_OPERATION);
   struct fe_compat_edge_array *a = &ctx->compat->edge_array;
   a->stride = stride;
   a->offset = (uint64_t)(uintptr_t)pointer;
   FE_REBIND(ctx, &a->buffer, ctx->array_buffer);
}

void
mgl_glIndexPointer(GLenum type, GLsizei stride, const void *pointer)
{
   FE_COMPAT_CTX_OR_RETURN();
   /* GL 3.3 compatibility 2.8: the index types */
   FE_CHECK(type != GL_UNSIGNED_BYTE && type != GL_SHORT && type != GL_INT && type != GL_FLOAT &&
               type != GL_DOUBLE,
            GL_INVALID_ENUM);
   FE_CHECK(stride < 0, GL_INVALID_VALUE);
   /* client memory only with vertex array object zero, as for the other arrays */
   FE_CHECK(!ctx->array_buffer && pointer && ctx->vao != &ctx->default_vao, GL_INVALID_OPERATION);
   MGU_DECLINE(gl_color_index_ignored, "glIndexPointer in an RGBA context: state only");
   struct fe_compat_edge_array *a = &ctx->compat->index_array;
   a->type = type;
   a->stride = stride;
   a->offset = (uint64_t)(uintptr_t)pointer;
   FE_REBIND(ctx, &a->buffer, ctx->array_buffer);
}

/* EXT_vertex_array's pointer commands: GL 1.1's with a count of the elements the program
 * means to use, which GL 1.1 dropped; a negative count is GL_INVALID_VALUE, else it is not
 * needed (draws read the arrays as GL 1.1's do). */
#define EXT_COUNT_CHECK(count)                                                                     \
   do {                                                                                            \
      FE_COMPAT_CTX_OR_RETURN();                                                                   \
      IN_BEGIN_END_CHECK();                                                                        \
      FE_CHECK((count) < 0, GL_INVALID_VALUE);                                                     \
   } while (0)

void
mgl_glVertexPointerEXT(GLint size, GLenum type, GLsizei stride, GLsizei count, const void *pointer)
{
   EXT_COUNT_CHECK(count);
   mgl_glVertexPointer(size, type, stride, pointer);
}

void
mgl_glNormalPointerEXT(GLenum type, GLsizei stride, GLsizei count, const void *pointer)
{
   EXT_COUNT_CHECK(count);
   mgl_glNormalPointer(type, stride, pointer);
}

void
mgl_glColorPointerEXT(GLint size, GLenum type, GLsizei stride, GLsizei count, const void *pointer)
{
   EXT_COUNT_CHECK(count);
   mgl_glColorPointer(size, type, stride, pointer);
}

void
mgl_glTexCoordPointerEXT(GLint size, GLenum type, GLsizei stride, GLsizei count,
                         const void *pointer)
{
   EXT_COUNT_CHECK(count);
   mgl_glTexCoordPointer(size, type, stride, pointer);
}

void
mgl_glEdgeFlagPointerEXT(GLsizei stride, GLsizei count, const GLboolean *pointer)
{
   EXT_COUNT_CHECK(count);
   mgl_glEdgeFlagPointer(stride, pointer);
}

void
mgl_glIndexPointerEXT(GLenum type, GLsizei stride, GLsizei count, const void *pointer)
{
   EXT_COUNT_CHECK(count);
   mgl_glIndexPointer(type, stride, pointer);
}

void
mgl_glClientActiveTexture(GLenum texture)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(texture < GL_TEXTURE0 || texture - GL_TEXTURE0 >= FE_FF_TEXCOORD_UNITS,
            GL_INVALID_ENUM);
   ctx->compat->client_unit = texture - GL_TEXTURE0;
}

static int
cap_slot(struct fe_context *ctx, GLenum cap)
{
   switch (cap) {
   case GL_VERTEX_ARRAY: return FE_FF_ATTRIB_POSITION;
   case GL_NORMAL_ARRAY: return FE_FF_ATTRIB_NORMAL;
   case GL_COLOR_ARRAY: return FE_FF_ATTRIB_COLOR0;
   case GL_SECONDARY_COLOR_ARRAY: return FE_FF_ATTRIB_COLOR1;
   case GL_FOG_COORD_ARRAY: return FE_FF_ATTRIB_FOG;
   case GL_TEXTURE_COORD_ARRAY: return FE_FF_ATTRIB_TEXCOORD0 + (int)ctx->compat->client_unit;
   default: return -1;
   }
}

static void
client_state(struct fe_context *ctx, GLenum cap, bool on)
{
   if (cap == GL_EDGE_FLAG_ARRAY) {
      ctx->compat->edge_array.enabled = on;
      return;
   }
   if (cap == GL_INDEX_ARRAY) {
      ctx->compat->index_array.enabled = on; /* RGBA only: no draw reads it */
      return;
   }
   if (cap == FE_GL_PRIMITIVE_RESTART_NV) {
      /* GL_NV_primitive_restart's switch (client state there) is GL 3.1's, as in Mesa */
      if (on)
         mgl_glEnable(GL_PRIMITIVE_RESTART);
      else
         mgl_glDisable(GL_PRIMITIVE_RESTART);
      return;
   }
   const int slot = cap_slot(ctx, cap);
   FE_CHECK(slot < 0, GL_INVALID_ENUM);
   fe_vao_attrib_enable(ctx, (GLuint)slot, on);
}

bool
fe_compat_enable_array(struct fe_context *ctx, GLenum cap, bool on)
{
   if (cap == FE_GL_PRIMITIVE_RESTART_NV) {
      client_state(ctx, cap, on); /* glEnable takes it too (Mesa) */
      return true;
   }
   if (cap == FE_GL_STENCIL_TEST_TWO_SIDE_EXT) {
      fe_stencil_two_side(ctx, on);
      return true;
   }
   if (cap != GL_EDGE_FLAG_ARRAY && cap != GL_INDEX_ARRAY && cap_slot(ctx, cap) < 0)
      return false;
   client_state(ctx, cap, on);
   return true;
}

void
mgl_glEnableClientState(GLenum array)
{
   FE_COMPAT_CTX_OR_RETURN();
   IN_BEGIN_END_CHECK();
   client_state(ctx, array, true);
}

void
mgl_glDisableClientState(GLenum array)
{
   FE_COMPAT_CTX_OR_RETURN();
   IN_BEGIN_END_CHECK();
   client_state(ctx, array, false);
}

/* EXT_compiled_vertex_array: a lock with a first below zero or an empty range is
 * GL_INVALID_VALUE, locking locked arrays or unlocking unlocked ones GL_INVALID_OPERATION. */
void
mgl_glLockArraysEXT(GLint first, GLsizei count)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(first < 0 || count <= 0, GL_INVALID_VALUE);
   FE_CHECK(ctx->compat->lock_count, GL_INVALID_OPERATION);
   ctx->compat->lock_first = first;
   ctx->compat->lock_count = count;
}

void
mgl_glUnlockArraysEXT(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(!ctx->compat->lock_count, GL_INVALID_OPERATION);
   ctx->compat->lock_first = 0;
   ctx->compat->lock_count = 0;
}

bool
fe_compat_get_pointer(struct fe_context *ctx, GLenum pname, void **params)
{
   static const struct {
      GLenum pname, cap;
   } t[] = {
      {GL_VERTEX_ARRAY_POINTER, GL_VERTEX_ARRAY},
      {GL_NORMAL_ARRAY_POINTER, GL_NORMAL_ARRAY},
      {GL_COLOR_ARRAY_POINTER, GL_COLOR_ARRAY},
      {GL_SECONDARY_COLOR_ARRAY_POINTER, GL_SECONDARY_COLOR_ARRAY},
      {GL_FOG_COORD_ARRAY_POINTER, GL_FOG_COORD_ARRAY},
      {GL_TEXTURE_COORD_ARRAY_POINTER, GL_TEXTURE_COORD_ARRAY},
   };
   if (pname == GL_EDGE_FLAG_ARRAY_POINTER) {
      *params = (void *)(uintptr_t)ctx->compat->edge_array.offset;
      return true;
   }
   if (pname == FE_GL_INDEX_ARRAY_POINTER) {
      *params = (void *)(uintptr_t)ctx->compat->index_array.offset;
      return true;
   }
   for (size_t i = 0; i < N(t); i++)
      if (t[i].pname == pname) {
         *params = (void *)(uintptr_t)ctx->vao->attribs[cap_slot(ctx, t[i].cap)].offset;
         return true;
      }
   return false;
}

/* ---- glInterleavedArrays ---------------------------------------------------------------- */

/* GL 2.1 table 2.5: which arrays a format enables, their sizes and byte offsets. */
struct interleaved {
   GLenum format;
   uint8_t tex_size, color_size, vertex_size;
   bool normal;
   GLenum color_type;
   uint8_t color_off, normal_off, vertex_off, stride;
};

#define F 4u
#define C 4u /* four unsigned bytes, a float's size */
static const struct interleaved formats[] = {
   {GL_V2F, 0, 0, 2, false, 0, 0, 0, 0, 2 * F},
   {GL_V3F, 0, 0, 3, false, 0, 0, 0, 0, 3 * F},
   {GL_C4UB_V2F, 0, 4, 2, false, GL_UNSIGNED_BYTE, 0, 0, C, C + 2 * F},
   {GL_C4UB_V3F, 0, 4, 3, false, GL_UNSIGNED_BYTE, 0, 0, C, C + 3 * F},
   {GL_C3F_V3F, 0, 3, 3, false, GL_FLOAT, 0, 0, 3 * F, 6 * F},
   {GL_N3F_V3F, 0, 0, 3, true, 0, 0, 0, 3 * F, 6 * F},
   {GL_C4F_N3F_V3F, 0, 4, 3, true, GL_FLOAT, 0, 4 * F, 7 * F, 10 * F},
   {GL_T2F_V3F, 2, 0, 3, false, 0, 0, 0, 2 * F, 5 * F},
   {GL_T4F_V4F, 4, 0, 4, false, 0, 0, 0, 4 * F, 8 * F},
   {GL_T2F_C4UB_V3F, 2, 4, 3, false, GL_UNSIGNED_BYTE, 2 * F, 0, C + 2 * F, C + 5 * F},
   {GL_T2F_C3F_V3F, 2, 3, 3, false, GL_FLOAT, 2 * F, 0, 5 * F, 8 * F},
   {GL_T2F_N3F_V3F, 2, 0, 3, true, 0, 0, 2 * F, 5 * F, 8 * F},
   {GL_T2F_C4F_N3F_V3F, 2, 4, 3, true, GL_FLOAT, 2 * F, 6 * F, 9 * F, 12 * F},
   {GL_T4F_C4F_N3F_V4F, 4, 4, 4, true, GL_FLOAT, 4 * F, 8 * F, 11 * F, 15 * F},
};

void
mgl_glInterleavedArrays(GLenum format, GLsizei stride, const void *pointer)
{
   FE_COMPAT_CTX_OR_RETURN();
   IN_BEGIN_END_CHECK();
   FE_CHECK(stride < 0, GL_INVALID_VALUE);
   const struct interleaved *f = NULL;
   for (size_t i = 0; i < N(formats); i++)
      if (formats[i].format == format)
         f = &formats[i];
   FE_CHECK(!f, GL_INVALID_ENUM);
   const GLsizei s = stride ? stride : (GLsizei)f->stride;
   const uint8_t *p = pointer;
   struct fe_compat *c = ctx->compat;
   c->edge_array.enabled = false;
   c->index_array.enabled = false;
   fe_vao_attrib_enable(ctx, FE_FF_ATTRIB_COLOR1, false);
   fe_vao_attrib_enable(ctx, FE_FF_ATTRIB_FOG, false);
   const unsigned tex = FE_FF_ATTRIB_TEXCOORD0 + c->client_unit;
   fe_vao_attrib_enable(ctx, tex, f->tex_size != 0);
   if (f->tex_size)
      fe_vao_attrib_pointer(ctx, tex, f->tex_size, GL_FLOAT, GL_FALSE, s, p);
   fe_vao_attrib_enable(ctx, FE_FF_ATTRIB_COLOR0, f->color_size != 0);
   if (f->color_size)
      fe_vao_attrib_pointer(ctx, FE_FF_ATTRIB_COLOR0, f->color_size, f->color_type,
                            f->color_type == GL_UNSIGNED_BYTE, s, p + f->color_off);
   fe_vao_attrib_enable(ctx, FE_FF_ATTRIB_NORMAL, f->normal);
   if (f->normal)
      fe_vao_attrib_pointer(ctx, FE_FF_ATTRIB_NORMAL, 3, GL_FLOAT, GL_FALSE, s, p + f->normal_off);
   fe_vao_attrib_enable(ctx, FE_FF_ATTRIB_POSITION, true);
   fe_vao_attrib_pointer(ctx, FE_FF_ATTRIB_POSITION, f->vertex_size, GL_FLOAT, GL_FALSE, s,
                         p + f->vertex_off);
}

/* ---- glArrayElement ----------------------------------------------------------------------- */

static float
half_to_float(uint16_t h)
{
   const int e = (h >> 10) & 31, m = h & 1023;
   const float v = e == 0    ? ldexpf((float)m, -24)
                   : e == 31 ? (m ? NAN : INFINITY)
                             : ldexpf((float)(m | 1024), e - 25);
   return h & 0x8000 ? -v : v;
}

/* Component k of an element of a's type at src, as a float (normalized as the array says). */
static float
component(const struct fe_vertex_attrib *a, const uint8_t *src, unsigned k)
{
   union {
      int8_t b;
      uint8_t ub;
      int16_t s;
      uint16_t us;
      int32_t i;
      uint32_t ui;
      float f;
      double d;
   } u;
   const bool n = a->normalized;
   switch (a->type) {
   case GL_BYTE: memcpy(&u.b, src + k, 1); return n ? (2.0f * u.b + 1.0f) / 255.0f : u.b;
   case GL_UNSIGNED_BYTE: memcpy(&u.ub, src + k, 1); return n ? u.ub / 255.0f : u.ub;
   case GL_SHORT: memcpy(&u.s, src + 2 * k, 2); return n ? (2.0f * u.s + 1.0f) / 65535.0f : u.s;
   case GL_UNSIGNED_SHORT: memcpy(&u.us, src + 2 * k, 2); return n ? u.us / 65535.0f : u.us;
   case GL_INT:
      memcpy(&u.i, src + 4 * k, 4);
      return n ? (float)((2.0 * u.i + 1.0) / 4294967295.0) : (float)u.i;
   case GL_UNSIGNED_INT:
      memcpy(&u.ui, src + 4 * k, 4);
      return n ? (float)(u.ui / 4294967295.0) : (float)u.ui;
   case GL_HALF_FLOAT: memcpy(&u.us, src + 2 * k, 2); return half_to_float(u.us);
   case GL_DOUBLE: memcpy(&u.d, src + 8 * k, 8); return (float)u.d;
   default: memcpy(&u.f, src + 4 * k, 4); return u.f;
   }
}

/* An element of a's type and size at bytes as four 32-bit words: floats, or for an integer
 * array (glVertexAttribIPointer) the integers. False for a type no conversion here reads. */
bool
fe_compat_element_words(const struct fe_vertex_attrib *a, const uint8_t *bytes, uint32_t out[4])
{
   const bool bgra = a->size == MGP_ATTRIB_SIZE_BGRA;
   const unsigned comps = bgra ? 4 : a->size;
   if (a->integer) {
      out[0] = out[1] = out[2] = 0;
      out[3] = 1;
      for (unsigned k = 0; k < comps; k++) {
         switch (a->type) {
         case GL_BYTE: out[k] = (uint32_t)(int32_t)(int8_t)bytes[k]; break;
         case GL_UNSIGNED_BYTE: out[k] = bytes[k]; break;
         case GL_SHORT: {
            int16_t v;
            memcpy(&v, bytes + 2 * k, 2);
            out[k] = (uint32_t)(int32_t)v;
            break;
         }
         case GL_UNSIGNED_SHORT: {
            uint16_t v;
            memcpy(&v, bytes + 2 * k, 2);
            out[k] = v;
            break;
         }
         case GL_INT:
         case GL_UNSIGNED_INT: memcpy(&out[k], bytes + 4 * k, 4); break;
         default: return false;
         }
      }
      return true;
   }
   float f[4] = {0.0f, 0.0f, 0.0f, 1.0f};
   if (a->type == GL_INT_2_10_10_10_REV || a->type == GL_UNSIGNED_INT_2_10_10_10_REV) {
      uint32_t w;
      memcpy(&w, bytes, 4);
      float all[4];
      fe_unpack_2_10_10_10(a->type, a->normalized, true, w, all);
      for (unsigned k = 0; k < comps; k++)
         f[k] = all[k];
   } else if (a->type == GL_UNSIGNED_INT_10F_11F_11F_REV || a->type == GL_FIXED) {
      return false;
   } else {
      for (unsigned k = 0; k < comps; k++)
         f[k] = component(a, bytes, k);
   }
   if (bgra) {
      const float b = f[0];
      f[0] = f[2];
      f[2] = b;
   }
   memcpy(out, f, 16);
   return true;
}

/* Element i of array a: its bytes from client memory or its buffer. False: nothing to read. */
bool
fe_compat_array_element(struct fe_context *ctx, const struct fe_vertex_attrib *a, GLint i,
                        float out[4])
{
   uint8_t bytes[32];
   const uint64_t size = fe_vao_attrib_bytes(a);
   const uint64_t at = a->offset + (uint64_t)i * fe_vao_attrib_stride(a);
   if (size > sizeof(bytes)) {
      MGU_DECLINE(gl_feature_unimplemented, "glArrayElement of an oversized array");
      return false;
   }
   if (a->buffer) {
      if (at > (uint64_t)a->buffer->size || size > (uint64_t)a->buffer->size - at) {
         MGU_DECLINE(gl_draw_out_of_bounds, "glArrayElement reads past its array's buffer");
         return false;
      }
      fe_buffer_read(ctx, a->buffer, at, size, bytes);
   } else if (a->client && a->offset) {
      memcpy(bytes, (const void *)(uintptr_t)at, size);
   } else {
      MGU_DECLINE(gl_draw_out_of_bounds, "glArrayElement of an array at NULL");
      return false;
   }
   struct fe_vertex_attrib as_float = *a;
   as_float.integer = false; /* glArrayElement sets current values as floats */
   uint32_t w[4];
   if (!fe_compat_element_words(&as_float, bytes, w)) {
      MGU_DECLINE(gl_feature_unimplemented, "glArrayElement of a type 0x%x array", a->type);
      return false;
   }
   memcpy(out, w, 16);
   return true;
}

void
fe_compat_element_read(struct fe_context *ctx, GLint i, struct fe_compat_element *e)
{
   struct fe_compat *c = ctx->compat;
   const struct fe_vao *vao = ctx->vao;
   e->mask = 0;
   e->has_edge = c->edge_array.enabled;
   if (e->has_edge) {
      const struct fe_compat_edge_array *a = &c->edge_array;
      const uint64_t at = a->offset + (uint64_t)i * (a->stride ? (uint64_t)a->stride : 1u);
      uint8_t flag = 1;
      if (a->buffer && at < (uint64_t)a->buffer->size)
         fe_buffer_read(ctx, a->buffer, at, 1, &flag);
      else if (!a->buffer && a->offset)
         flag = *(const uint8_t *)(uintptr_t)at;
      e->edge = flag ? GL_TRUE : GL_FALSE;
   }
   for (unsigned s = 0; s < FE_MAX_VERTEX_ATTRIBS; s++)
      if (vao->attribs[s].enabled && fe_compat_array_element(ctx, &vao->attribs[s], i, e->v[s]))
         e->mask |= 1u << s;
}

void
fe_compat_element_apply(struct fe_context *ctx, const struct fe_compat_element *e)
{
   if (e->has_edge)
      ctx->compat->edge_flag = e->edge;
   /* every array but the position, then the position, which makes the vertex */
   for (unsigned s = 1; s < FE_MAX_VERTEX_ATTRIBS; s++)
      if (e->mask & (1u << s))
         fe_compat_attr(ctx, s, e->v[s][0], e->v[s][1], e->v[s][2], e->v[s][3]);
   if (e->mask & 1u)
      fe_compat_imm_vertex(ctx, e->v[0][0], e->v[0][1], e->v[0][2], e->v[0][3]);
}

void
mgl_glArrayElement(GLint i)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(i < 0, GL_INVALID_VALUE);
   /* the restart index between glBegin and glEnd restarts the primitive (GL 3.1's switch or
    * NV_primitive_restart's, the same state), as Mesa does */
   if (ctx->restart_gl && (GLuint)i == ctx->restart_index &&
       (ctx->entry_mode & FE_ENTRY_IN_BEGIN_END)) {
      mgl_glPrimitiveRestartNV();
      return;
   }
   struct fe_compat_element e;
   fe_compat_element_read(ctx, i, &e);
   fe_compat_element_apply(ctx, &e);
}
