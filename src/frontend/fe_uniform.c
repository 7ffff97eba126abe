/* fe_uniform.c — glUniform* into the executable's default-block shadow, and glGetUniform*. */
#include <math.h>

#include "fe_program_internal.h"

/* ---- glUniform* ----------------------------------------------------------------------------- */

/* Whether a value kind's or a base type's components are 8 bytes (a double, ARB_gpu_shader_int64's
 * int64_t and uint64_t). */
static bool
wide_kind(enum fe_value_kind vk)
{
   return vk == FE_VK_DOUBLE || vk == FE_VK_INT64 || vk == FE_VK_UINT64;
}

static bool
wide_base(uint8_t base)
{
   return base == BT_DOUBLE || base == BT_INT64 || base == BT_UINT64;
}

/* Component i of values as the uniform holds it: 4 bytes, or a double's or a 64-bit integer's 8
 * (ARB_gpu_shader_fp64, ARB_gpu_shader_int64: only glUniform*d reaches a double uniform, only
 * glUniform*i64 / *ui64 a 64-bit integer one, and they reach nothing else). */
static uint64_t
convert_value(const void *values, size_t i, enum fe_value_kind vk, uint8_t base)
{
   if (wide_kind(vk)) {
      uint64_t raw;
      memcpy(&raw, (const uint8_t *)values + i * 8, 8);
      return raw;
   }
   uint32_t raw;
   memcpy(&raw, (const uint8_t *)values + i * 4, 4);
   if (base == BT_BOOL) {
      if (vk == FE_VK_FLOAT)
         return fe_u2f(raw) != 0.0f;
      return raw != 0;
   }
   return raw;
}

/* Writes the csz (4 or 8) low bytes of v at dst; whether they differed. */
static bool
store_component(uint8_t *dst, uint64_t v, unsigned csz)
{
   if (csz == 8) {
      if (!memcmp(dst, &v, 8))
         return false;
      memcpy(dst, &v, 8);
      return true;
   }
   const uint32_t w = (uint32_t)v;
   if (!memcmp(dst, &w, 4))
      return false;
   memcpy(dst, &w, 4);
   return true;
}

/* Whether a glUniform* of value kind vk may load a uniform of base type `base` (GL 4.6 7.6.1:
 * the command must match the uniform's type, except that a bool takes *f, *i and *ui alike; a
 * double takes only *d; ARB_gpu_shader_int64: an int64_t only *i64, a uint64_t only *ui64). */
static bool
kind_matches(enum fe_value_kind vk, uint8_t base)
{
   switch (base) {
   case BT_BOOL: return !wide_kind(vk);
   case BT_FLOAT: return vk == FE_VK_FLOAT;
   case BT_INT: return vk == FE_VK_INT;
   case BT_UINT: return vk == FE_VK_UINT;
   case BT_DOUBLE: return vk == FE_VK_DOUBLE;
   case BT_INT64: return vk == FE_VK_INT64;
   case BT_UINT64: return vk == FE_VK_UINT64;
   default: return false;
   }
}

/* A glUniform* of shape `shape`, count 1, untransposed, into e: stores the w words of values
 * and marks the ones that changed, when location's element takes that shape as one run (the
 * common call: GL's checks all pass, so none is asked again). False for every other call,
 * which the general path decides, errors included. */
static inline __attribute__((always_inline)) bool
set_uniform_words(struct fe_exec *e, GLint location, GLsizei count, uint8_t shape, unsigned w,
                  GLboolean transpose, const void *values)
{
   if (count != 1 || transpose || (uint32_t)location >= e->num_locs ||
       e->locs[location].shape != shape)
      return false;
   const uint32_t at = e->locs[location].at;
   uint8_t *dst = e->uniforms + at;
   const uint8_t *src = values;
   if (!memcmp(dst, src, w * 4u))
      return true;
   /* only the words that differ are marked (the range the next draw sends) */
   unsigned lo = 0, hi = w;
   while (!memcmp(dst + lo * 4u, src + lo * 4u, 4))
      lo++;
   while (!memcmp(dst + (hi - 1) * 4u, src + (hi - 1) * 4u, 4))
      hi--;
   memcpy(dst, src, w * 4u); /* the words outside lo..hi are equal: a copy of known size */
   fe_exec_mark_dirty(e, at + lo * 4u, at + hi * 4u);
   e->uniform_version++;
   return true;
}

/* One glUniform* call: n components per element, cols > 0 for matrix functions. */
static void
set_uniform_in(struct fe_context *ctx, struct fe_exec *e, GLint location, GLsizei count,
               enum fe_value_kind vk, unsigned n, unsigned cols, GLboolean transpose,
               const void *values)
{
   if (location == -1)
      return;
   FE_CHECK(location < 0 || (uint32_t)location >= e->num_locs, GL_INVALID_OPERATION);
   const struct fe_uniform_loc *loc = &e->locs[location];
   FE_CHECK(loc->is_sampler == FE_LOC_NONE, GL_INVALID_OPERATION);
   if (loc->is_sampler == FE_LOC_RESERVED)
      return; /* GL 4.3 7.6.1: an inactive uniform's explicit location, as -1 */
   if (loc->is_sampler == FE_LOC_IMAGE) {
      /* an image uniform's value is its image unit (GL 4.6 7.6.1: glUniform1i(v) alone) */
      FE_CHECK(vk != FE_VK_INT || n != 1 || cols, GL_INVALID_OPERATION);
      const struct glsl_image *im = &e->glsl->images[loc->index];
      const uint32_t size = im->array_size ? im->array_size : 1;
      FE_CHECK(count > 1 && size == 1, GL_INVALID_OPERATION);
      const uint32_t avail = size - im->array_element;
      const uint32_t num = (uint32_t)count < avail ? (uint32_t)count : avail;
      const GLint *units = values;
      /* below GL_MAX_IMAGE_UNITS as the context reports it (the device's, at most the front
       * end's FE_MAX_IMAGE_UNITS) */
      const GLint max_units = (GLint)fe_image_units(ctx);
      for (uint32_t k = 0; k < num; k++)
         FE_CHECK(units[k] < 0 || units[k] >= max_units, GL_INVALID_VALUE);
      for (uint32_t k = 0; k < num; k++) {
         const uint32_t j = loc->index + k;
         if (j < GLSL_MAX_IMAGES && e->image_units[j] != units[k]) {
            e->image_units[j] = units[k];
            e->bindings_version++;
         }
      }
      return;
   }
   if (loc->is_sampler) {
      FE_CHECK(vk != FE_VK_INT || n != 1 || cols, GL_INVALID_OPERATION);
      const struct glsl_sampler *s = &e->glsl->samplers[loc->index];
      uint32_t size = s->array_size ? s->array_size : 1;
      FE_CHECK(count > 1 && size == 1, GL_INVALID_OPERATION);
      uint32_t avail = size - s->array_element;
      uint32_t num = (uint32_t)count < avail ? (uint32_t)count : avail;
      const GLint *units = values;
      for (uint32_t k = 0; k < num; k++)
         FE_CHECK(units[k] < 0 || (uint32_t)units[k] >= fe_max_texture_units(ctx),
                  GL_INVALID_VALUE);
      for (uint32_t k = 0; k < num; k++) {
         uint32_t j = loc->index + k;
         if (j < FE_MAX_SAMPLERS && e->sampler_units[j] != units[k]) {
            e->sampler_units[j] = units[k];
            e->bindings_version++;
         }
      }
      return;
   }
   const struct glsl_uniform *u = &e->glsl->default_block.uniforms[loc->index];
   struct type_info ti = fe_gl_type_info(u->type);
   if (cols) {
      FE_CHECK(ti.base != (vk == FE_VK_DOUBLE ? BT_DOUBLE : BT_FLOAT) || ti.cols != cols ||
                  ti.rows != n,
               GL_INVALID_OPERATION);
   } else {
      FE_CHECK(ti.cols != 1 || ti.rows != n, GL_INVALID_OPERATION);
      FE_CHECK(!kind_matches(vk, ti.base), GL_INVALID_OPERATION);
   }
   uint32_t size = u->array_size ? u->array_size : 1;
   FE_CHECK(count > 1 && size == 1, GL_INVALID_OPERATION);
   uint32_t avail = size - loc->element;
   uint32_t num = (uint32_t)count < avail ? (uint32_t)count : avail;
   bool changed = false;
   unsigned c = cols ? cols : 1;
   const unsigned csz = wide_base(ti.base) ? 8u : 4u; /* bytes a component (std140) */
   if (ti.base != BT_BOOL && !wide_base(ti.base) && (!cols || (!transpose && !u->row_major))) {
      /* 4-byte components stored as given (a float, int or uint vector, or a column-major
       * matrix loaded untransposed): each element's columns are runs of n words, copied and
       * compared as such (the component loop below cost ~250 instructions a glUniform4f) */
      for (uint32_t k = 0; k < num; k++) {
         const size_t at0 = u->offset + (size_t)(loc->element + k) * u->array_stride;
         for (unsigned col = 0; col < c; col++) {
            const size_t at = at0 + (cols ? (size_t)col * u->matrix_stride : 0);
            /* the components inside the block (a declared uniform is) */
            const unsigned w = at + n * 4u <= e->uniform_size ? n
                               : at < e->uniform_size ? (unsigned)((e->uniform_size - at) / 4u)
                                                      : 0;
            const uint8_t *src = (const uint8_t *)values + ((size_t)k * c + col) * n * 4u;
            uint8_t *dst = e->uniforms + at;
            if (!w || !memcmp(dst, src, w * 4u))
               continue;
            unsigned lo = 0, hi = w;
            while (!memcmp(dst + lo * 4u, src + lo * 4u, 4))
               lo++;
            while (!memcmp(dst + (hi - 1) * 4u, src + (hi - 1) * 4u, 4))
               hi--;
            memcpy(dst + lo * 4u, src + lo * 4u, (hi - lo) * 4u);
            fe_exec_mark_dirty(e, (uint32_t)(at + lo * 4u), (uint32_t)(at + hi * 4u));
            changed = true;
         }
      }
      if (changed)
         e->uniform_version++;
      return;
   }
   for (uint32_t k = 0; k < num; k++) {
      uint32_t elem = loc->element + k;
      uint8_t *dst = e->uniforms + u->offset + (size_t)elem * u->array_stride;
      if (!cols && u->offset + (size_t)elem * u->array_stride + n * csz <= e->uniform_size) {
         /* A scalar or vector element inside the block: its components are contiguous, so
          * one compare finds whether it changed and one mark covers the components that did
          * (glUniform4f a component at a time cost ~265 instructions, issue 6). */
         unsigned lo = n, hi = 0;
         for (unsigned row = 0; row < n; row++) {
            const uint64_t v = convert_value(values, (size_t)k * n + row, vk, ti.base);
            if (!store_component(dst + row * csz, v, csz))
               continue;
            lo = row < lo ? row : lo;
            hi = row + 1;
         }
         if (lo < hi) {
            const uint32_t at = (uint32_t)(dst - e->uniforms);
            fe_exec_mark_dirty(e, at + lo * csz, at + hi * csz);
            changed = true;
         }
         continue;
      }
      for (unsigned col = 0; col < c; col++) {
         for (unsigned row = 0; row < n; row++) {
            size_t src_i = (size_t)k * c * n +
                           (cols && transpose ? (size_t)row * c + col : (size_t)col * n + row);
            const uint64_t v = convert_value(values, src_i, vk, ti.base);
            size_t off = !cols          ? row * csz
                         : u->row_major ? (size_t)row * u->matrix_stride + col * csz
                                        : (size_t)col * u->matrix_stride + row * csz;
            if (u->offset + (size_t)elem * u->array_stride + off + csz > e->uniform_size)
               continue;
            if (store_component(dst + off, v, csz)) {
               uint32_t at = (uint32_t)(dst + off - e->uniforms);
               fe_exec_mark_dirty(e, at, at + csz);
               changed = true;
            }
         }
      }
   }
   if (changed)
      e->uniform_version++;
}

static void
set_uniform_checked(struct fe_context *ctx, struct fe_exec *e, GLint location, GLsizei count,
                    enum fe_value_kind vk, unsigned n, unsigned cols, GLboolean transpose,
                    const void *values)
{
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   FE_CHECK(!e, GL_INVALID_OPERATION);
   set_uniform_in(ctx, e, location, count, vk, n, cols, transpose, values);
}

/* glUniform*: the current program, else the bound pipeline's active program (GL 4.6 7.6.1).
 * Inlined into each entry point, where vk, n and cols are constants: the word-for-word store's
 * shape and size are known there. */
static inline __attribute__((always_inline)) void
set_uniform(struct fe_context *ctx, GLint location, GLsizei count, enum fe_value_kind vk,
            unsigned n, unsigned cols, GLboolean transpose, const void *values)
{
   struct fe_exec *e = ctx->program ? fe_ctx_exec(ctx) : fe_uniform_exec(ctx);
   if (e && !wide_kind(vk) &&
       set_uniform_words(e, location, count, fe_uniform_shape(vk, n, cols), n * (cols ? cols : 1),
                         transpose, values))
      return;
   set_uniform_checked(ctx, e, location, count, vk, n, cols, transpose, values);
}

/* glProgramUniform* (GL 4.1, ARB_separate_shader_objects): the named program's executable */
static void
program_uniform(struct fe_context *ctx, GLuint program, GLint location, GLsizei count,
                enum fe_value_kind vk, unsigned n, unsigned cols, GLboolean transpose,
                const void *values)
{
   if (!fe_separate_shaders_offered(ctx)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   struct fe_exec *e = fe_linked_exec(ctx, program);
   if (!e)
      return;
   if (!wide_kind(vk) && set_uniform_words(e, location, count, fe_uniform_shape(vk, n, cols),
                                           n * (cols ? cols : 1), transpose, values))
      return;
   set_uniform_in(ctx, e, location, count, vk, n, cols, transpose, values);
}

#define UNIFORM_V(name, vk, n, type)                                                               \
   void mgl_glUniform##name(GLint location, GLsizei count, const type *value)                      \
   {                                                                                               \
      FE_CTX_OR_RETURN();                                                                          \
      set_uniform(ctx, location, count, vk, n, 0, GL_FALSE, value);                                \
   }

UNIFORM_V(1fv, FE_VK_FLOAT, 1, GLfloat)
UNIFORM_V(2fv, FE_VK_FLOAT, 2, GLfloat)
UNIFORM_V(3fv, FE_VK_FLOAT, 3, GLfloat)
UNIFORM_V(4fv, FE_VK_FLOAT, 4, GLfloat)
UNIFORM_V(1iv, FE_VK_INT, 1, GLint)
UNIFORM_V(2iv, FE_VK_INT, 2, GLint)
UNIFORM_V(3iv, FE_VK_INT, 3, GLint)
UNIFORM_V(4iv, FE_VK_INT, 4, GLint)
UNIFORM_V(1uiv, FE_VK_UINT, 1, GLuint)
UNIFORM_V(2uiv, FE_VK_UINT, 2, GLuint)
UNIFORM_V(3uiv, FE_VK_UINT, 3, GLuint)
UNIFORM_V(4uiv, FE_VK_UINT, 4, GLuint)

#define UNIFORM_MATRIX(name, cols, rows, vk, ctype)                                                \
   void mgl_glUniformMatrix##name(GLint location, GLsizei count, GLboolean transpose,              \
                                  const ctype *value)                                              \
   {                                                                                               \
      FE_CTX_OR_RETURN();                                                                          \
      set_uniform(ctx, location, count, vk, rows, cols, transpose, value);                         \
   }

UNIFORM_MATRIX(2fv, 2, 2, FE_VK_FLOAT, GLfloat)
UNIFORM_MATRIX(3fv, 3, 3, FE_VK_FLOAT, GLfloat)
UNIFORM_MATRIX(4fv, 4, 4, FE_VK_FLOAT, GLfloat)
UNIFORM_MATRIX(2x3fv, 2, 3, FE_VK_FLOAT, GLfloat)
UNIFORM_MATRIX(3x2fv, 3, 2, FE_VK_FLOAT, GLfloat)
UNIFORM_MATRIX(2x4fv, 2, 4, FE_VK_FLOAT, GLfloat)
UNIFORM_MATRIX(4x2fv, 4, 2, FE_VK_FLOAT, GLfloat)
UNIFORM_MATRIX(3x4fv, 3, 4, FE_VK_FLOAT, GLfloat)
UNIFORM_MATRIX(4x3fv, 4, 3, FE_VK_FLOAT, GLfloat)

/* ARB_gpu_shader_fp64 (GL 4.0): the double forms, for double uniforms only */
UNIFORM_V(1dv, FE_VK_DOUBLE, 1, GLdouble)
UNIFORM_V(2dv, FE_VK_DOUBLE, 2, GLdouble)
UNIFORM_V(3dv, FE_VK_DOUBLE, 3, GLdouble)
UNIFORM_V(4dv, FE_VK_DOUBLE, 4, GLdouble)

UNIFORM_MATRIX(2dv, 2, 2, FE_VK_DOUBLE, GLdouble)
UNIFORM_MATRIX(3dv, 3, 3, FE_VK_DOUBLE, GLdouble)
UNIFORM_MATRIX(4dv, 4, 4, FE_VK_DOUBLE, GLdouble)
UNIFORM_MATRIX(2x3dv, 2, 3, FE_VK_DOUBLE, GLdouble)
UNIFORM_MATRIX(3x2dv, 3, 2, FE_VK_DOUBLE, GLdouble)
UNIFORM_MATRIX(2x4dv, 2, 4, FE_VK_DOUBLE, GLdouble)
UNIFORM_MATRIX(4x2dv, 4, 2, FE_VK_DOUBLE, GLdouble)
UNIFORM_MATRIX(3x4dv, 3, 4, FE_VK_DOUBLE, GLdouble)
UNIFORM_MATRIX(4x3dv, 4, 3, FE_VK_DOUBLE, GLdouble)

/* ---- glProgramUniform* ---- */
#define PROGRAM_UNIFORM_V(name, vk, n, type)                                                       \
   void mgl_glProgramUniform##name(GLuint program, GLint location, GLsizei count,                  \
                                   const type *value)                                              \
   {                                                                                               \
      FE_CTX_OR_RETURN();                                                                          \
      program_uniform(ctx, program, location, count, vk, n, 0, GL_FALSE, value);                   \
   }
#define PROGRAM_UNIFORM_MATRIX(name, cols, rows, vk, ctype)                                        \
   void mgl_glProgramUniformMatrix##name(GLuint program, GLint location, GLsizei count,            \
                                         GLboolean transpose, const ctype *value)                  \
   {                                                                                               \
      FE_CTX_OR_RETURN();                                                                          \
      program_uniform(ctx, program, location, count, vk, rows, cols, transpose, value);            \
   }
PROGRAM_UNIFORM_V(1fv, FE_VK_FLOAT, 1, GLfloat)
PROGRAM_UNIFORM_V(2fv, FE_VK_FLOAT, 2, GLfloat)
PROGRAM_UNIFORM_V(3fv, FE_VK_FLOAT, 3, GLfloat)
PROGRAM_UNIFORM_V(4fv, FE_VK_FLOAT, 4, GLfloat)
PROGRAM_UNIFORM_V(1iv, FE_VK_INT, 1, GLint)
PROGRAM_UNIFORM_V(2iv, FE_VK_INT, 2, GLint)
PROGRAM_UNIFORM_V(3iv, FE_VK_INT, 3, GLint)
PROGRAM_UNIFORM_V(4iv, FE_VK_INT, 4, GLint)
PROGRAM_UNIFORM_V(1uiv, FE_VK_UINT, 1, GLuint)
PROGRAM_UNIFORM_V(2uiv, FE_VK_UINT, 2, GLuint)
PROGRAM_UNIFORM_V(3uiv, FE_VK_UINT, 3, GLuint)
PROGRAM_UNIFORM_V(4uiv, FE_VK_UINT, 4, GLuint)
PROGRAM_UNIFORM_V(1dv, FE_VK_DOUBLE, 1, GLdouble)
PROGRAM_UNIFORM_V(2dv, FE_VK_DOUBLE, 2, GLdouble)
PROGRAM_UNIFORM_V(3dv, FE_VK_DOUBLE, 3, GLdouble)
PROGRAM_UNIFORM_V(4dv, FE_VK_DOUBLE, 4, GLdouble)

/* The scalar forms, glUniform{1,2,3,4}{f,i,ui,d} and their glProgramUniform twins: each one
 * value of its vector form. */
#define UNIFORM_SCALARS(sfx, type)                                                                 \
   void mgl_glUniform1##sfx(GLint l, type x)                                                       \
   {                                                                                               \
      const type v[] = {x};                                                                        \
      mgl_glUniform1##sfx##v(l, 1, v);                                                             \
   }                                                                                               \
   void mgl_glUniform2##sfx(GLint l, type x, type y)                                               \
   {                                                                                               \
      const type v[] = {x, y};                                                                     \
      mgl_glUniform2##sfx##v(l, 1, v);                                                             \
   }                                                                                               \
   void mgl_glUniform3##sfx(GLint l, type x, type y, type z)                                       \
   {                                                                                               \
      const type v[] = {x, y, z};                                                                  \
      mgl_glUniform3##sfx##v(l, 1, v);                                                             \
   }                                                                                               \
   void mgl_glUniform4##sfx(GLint l, type x, type y, type z, type w)                               \
   {                                                                                               \
      const type v[] = {x, y, z, w};                                                               \
      mgl_glUniform4##sfx##v(l, 1, v);                                                             \
   }                                                                                               \
   void mgl_glProgramUniform1##sfx(GLuint p, GLint l, type x)                                      \
   {                                                                                               \
      const type v[] = {x};                                                                        \
      mgl_glProgramUniform1##sfx##v(p, l, 1, v);                                                   \
   }                                                                                               \
   void mgl_glProgramUniform2##sfx(GLuint p, GLint l, type x, type y)                              \
   {                                                                                               \
      const type v[] = {x, y};                                                                     \
      mgl_glProgramUniform2##sfx##v(p, l, 1, v);                                                   \
   }                                                                                               \
   void mgl_glProgramUniform3##sfx(GLuint p, GLint l, type x, type y, type z)                      \
   {                                                                                               \
      const type v[] = {x, y, z};                                                                  \
      mgl_glProgramUniform3##sfx##v(p, l, 1, v);                                                   \
   }                                                                                               \
   void mgl_glProgramUniform4##sfx(GLuint p, GLint l, type x, type y, type z, type w)              \
   {                                                                                               \
      const type v[] = {x, y, z, w};                                                               \
      mgl_glProgramUniform4##sfx##v(p, l, 1, v);                                                   \
   }

UNIFORM_SCALARS(f, GLfloat)
UNIFORM_SCALARS(i, GLint)
UNIFORM_SCALARS(ui, GLuint)
UNIFORM_SCALARS(d, GLdouble)
PROGRAM_UNIFORM_MATRIX(2fv, 2, 2, FE_VK_FLOAT, GLfloat)
PROGRAM_UNIFORM_MATRIX(3fv, 3, 3, FE_VK_FLOAT, GLfloat)
PROGRAM_UNIFORM_MATRIX(4fv, 4, 4, FE_VK_FLOAT, GLfloat)
PROGRAM_UNIFORM_MATRIX(2x3fv, 2, 3, FE_VK_FLOAT, GLfloat)
PROGRAM_UNIFORM_MATRIX(3x2fv, 3, 2, FE_VK_FLOAT, GLfloat)
PROGRAM_UNIFORM_MATRIX(2x4fv, 2, 4, FE_VK_FLOAT, GLfloat)
PROGRAM_UNIFORM_MATRIX(4x2fv, 4, 2, FE_VK_FLOAT, GLfloat)
PROGRAM_UNIFORM_MATRIX(3x4fv, 3, 4, FE_VK_FLOAT, GLfloat)
PROGRAM_UNIFORM_MATRIX(4x3fv, 4, 3, FE_VK_FLOAT, GLfloat)
PROGRAM_UNIFORM_MATRIX(2dv, 2, 2, FE_VK_DOUBLE, GLdouble)
PROGRAM_UNIFORM_MATRIX(3dv, 3, 3, FE_VK_DOUBLE, GLdouble)
PROGRAM_UNIFORM_MATRIX(4dv, 4, 4, FE_VK_DOUBLE, GLdouble)
PROGRAM_UNIFORM_MATRIX(2x3dv, 2, 3, FE_VK_DOUBLE, GLdouble)
PROGRAM_UNIFORM_MATRIX(3x2dv, 3, 2, FE_VK_DOUBLE, GLdouble)
PROGRAM_UNIFORM_MATRIX(2x4dv, 2, 4, FE_VK_DOUBLE, GLdouble)
PROGRAM_UNIFORM_MATRIX(4x2dv, 4, 2, FE_VK_DOUBLE, GLdouble)
PROGRAM_UNIFORM_MATRIX(3x4dv, 3, 4, FE_VK_DOUBLE, GLdouble)
PROGRAM_UNIFORM_MATRIX(4x3dv, 4, 3, FE_VK_DOUBLE, GLdouble)

/* ARB_gpu_shader_int64: glUniform{1,2,3,4}{i64,ui64}{,v}ARB and their glProgramUniform twins,
 * for 64-bit integer uniforms only; GL_INVALID_OPERATION where the context does not offer the
 * extension (the commands are not in its GL). */
static void
set_uniform64(struct fe_context *ctx, GLint location, GLsizei count, enum fe_value_kind vk,
              unsigned n, const void *values)
{
   FE_CHECK(!fe_int64_offered(ctx), GL_INVALID_OPERATION);
   set_uniform(ctx, location, count, vk, n, 0, GL_FALSE, values);
}

static void
program_uniform64(struct fe_context *ctx, GLuint program, GLint location, GLsizei count,
                  enum fe_value_kind vk, unsigned n, const void *values)
{
   FE_CHECK(!fe_int64_offered(ctx), GL_INVALID_OPERATION);
   program_uniform(ctx, program, location, count, vk, n, 0, GL_FALSE, values);
}

#define UNIFORM64(n, sfx, vk, type)                                                                \
   void mgl_glUniform##n##sfx##vARB(GLint location, GLsizei count, const type *value)              \
   {                                                                                               \
      FE_CTX_OR_RETURN();                                                                          \
      set_uniform64(ctx, location, count, vk, n, value);                                           \
   }                                                                                               \
   void mgl_glProgramUniform##n##sfx##vARB(GLuint program, GLint location, GLsizei count,          \
                                           const type *value)                                      \
   {                                                                                               \
      FE_CTX_OR_RETURN();                                                                          \
      program_uniform64(ctx, program, location, count, vk, n, value);                              \
   }

UNIFORM64(1, i64, FE_VK_INT64, GLint64)
UNIFORM64(2, i64, FE_VK_INT64, GLint64)
UNIFORM64(3, i64, FE_VK_INT64, GLint64)
UNIFORM64(4, i64, FE_VK_INT64, GLint64)
UNIFORM64(1, ui64, FE_VK_UINT64, GLuint64)
UNIFORM64(2, ui64, FE_VK_UINT64, GLuint64)
UNIFORM64(3, ui64, FE_VK_UINT64, GLuint64)
UNIFORM64(4, ui64, FE_VK_UINT64, GLuint64)

#define UNIFORM64_SCALARS(sfx, type)                                                               \
   void mgl_glUniform1##sfx##ARB(GLint l, type x)                                                  \
   {                                                                                               \
      const type v[] = {x};                                                                        \
      mgl_glUniform1##sfx##vARB(l, 1, v);                                                          \
   }                                                                                               \
   void mgl_glUniform2##sfx##ARB(GLint l, type x, type y)                                          \
   {                                                                                               \
      const type v[] = {x, y};                                                                     \
      mgl_glUniform2##sfx##vARB(l, 1, v);                                                          \
   }                                                                                               \
   void mgl_glUniform3##sfx##ARB(GLint l, type x, type y, type z)                                  \
   {                                                                                               \
      const type v[] = {x, y, z};                                                                  \
      mgl_glUniform3##sfx##vARB(l, 1, v);                                                          \
   }                                                                                               \
   void mgl_glUniform4##sfx##ARB(GLint l, type x, type y, type z, type w)                          \
   {                                                                                               \
      const type v[] = {x, y, z, w};                                                               \
      mgl_glUniform4##sfx##vARB(l, 1, v);                                                          \
   }                                                                                               \
   void mgl_glProgramUniform1##sfx##ARB(GLuint p, GLint l, type x)                                 \
   {                                                                                               \
      const type v[] = {x};                                                                        \
      mgl_glProgramUniform1##sfx##vARB(p, l, 1, v);                                                \
   }                                                                                               \
   void mgl_glProgramUniform2##sfx##ARB(GLuint p, GLint l, type x, type y)                         \
   {                                                                                               \
      const type v[] = {x, y};                                                                     \
      mgl_glProgramUniform2##sfx##vARB(p, l, 1, v);                                                \
   }                                                                                               \
   void mgl_glProgramUniform3##sfx##ARB(GLuint p, GLint l, type x, type y, type z)                 \
   {                                                                                               \
      const type v[] = {x, y, z};                                                                  \
      mgl_glProgramUniform3##sfx##vARB(p, l, 1, v);                                                \
   }                                                                                               \
   void mgl_glProgramUniform4##sfx##ARB(GLuint p, GLint l, type x, type y, type z, type w)         \
   {                                                                                               \
      const type v[] = {x, y, z, w};                                                               \
      mgl_glProgramUniform4##sfx##vARB(p, l, 1, v);                                                \
   }

UNIFORM64_SCALARS(i64, GLint64)
UNIFORM64_SCALARS(ui64, GLuint64)

/* glGetUniform*: the element's components (column-major for matrices) as bit patterns (a
 * double's or 64-bit integer's 8 bytes, else 4 in the low half), with the uniform's base type. Returns the count, 0
 * after recording an error. */
static unsigned
get_uniform(struct fe_context *ctx, GLuint program, GLint location, uint64_t out[16], uint8_t *base)
{
   struct fe_exec *e = fe_linked_exec(ctx, program);
   if (!e)
      return 0;
   if (location < 0 || (uint32_t)location >= e->num_locs ||
       e->locs[location].is_sampler == FE_LOC_NONE ||
       e->locs[location].is_sampler == FE_LOC_RESERVED) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return 0;
   }
   const struct fe_uniform_loc *loc = &e->locs[location];
   if (loc->is_sampler == FE_LOC_IMAGE) {
      out[0] = (uint32_t)e->image_units[loc->index];
      *base = BT_INT;
      return 1;
   }
   if (loc->is_sampler) {
      out[0] = (uint32_t)e->sampler_units[loc->index];
      *base = BT_INT;
      return 1;
   }
   const struct glsl_uniform *u = &e->glsl->default_block.uniforms[loc->index];
   struct type_info ti = fe_gl_type_info(u->type);
   const uint8_t *src = e->uniforms + u->offset + (size_t)loc->element * u->array_stride;
   const unsigned csz = wide_base(ti.base) ? 8u : 4u;
   unsigned n = 0;
   for (unsigned col = 0; col < ti.cols; col++) {
      for (unsigned row = 0; row < ti.rows; row++) {
         size_t off = ti.cols == 1   ? row * csz
                      : u->row_major ? (size_t)row * u->matrix_stride + col * csz
                                     : (size_t)col * u->matrix_stride + row * csz;
         if (csz == 8) {
            memcpy(&out[n++], src + off, 8);
         } else {
            uint32_t w;
            memcpy(&w, src + off, 4);
            out[n++] = w;
         }
      }
   }
   *base = ti.base;
   return n;
}

/* A component get_uniform read, as the double it holds. */
static double
component(uint64_t v, uint8_t base)
{
   double d;
   switch (base) {
   case BT_FLOAT: return fe_u2f((uint32_t)v);
   case BT_DOUBLE: memcpy(&d, &v, 8); return d;
   case BT_INT64: return (double)(int64_t)v;
   case BT_UINT64: return (double)v;
   case BT_UINT:
   case BT_BOOL: return (uint32_t)v;
   default: return (int32_t)(uint32_t)v;
   }
}

/* A float or double uniform read as an integer: rounded to the nearest, halves away from zero
 * as Mesa does (GL 4.6 §2.2.2; GL 3.3 leaves the rule to its state tables), clamped to the
 * type's range, NaN as 0 (a cast would be undefined outside the range). */
static GLint
real_to_int(double f)
{
   const double r = round(f);
   return r != r ? 0 : r >= 2147483647.0 ? INT32_MAX : r <= -2147483648.0 ? INT32_MIN : (GLint)r;
}

static GLuint
real_to_uint(double f)
{
   const double r = round(f);
   return r != r || r <= 0.0 ? 0u : r >= 4294967295.0 ? UINT32_MAX : (GLuint)r;
}

static void
to_float(const uint64_t *v, unsigned n, uint8_t base, GLfloat *params)
{
   for (unsigned i = 0; i < n; i++)
      params[i] = (GLfloat)component(v[i], base);
}

static void
to_int(const uint64_t *v, unsigned n, uint8_t base, GLint *params)
{
   for (unsigned i = 0; i < n; i++)
      params[i] = base == BT_FLOAT || base == BT_DOUBLE ? real_to_int(component(v[i], base))
                                                        : (GLint)(uint32_t)v[i];
}

static void
to_uint(const uint64_t *v, unsigned n, uint8_t base, GLuint *params)
{
   for (unsigned i = 0; i < n; i++)
      params[i] =
         base == BT_FLOAT || base == BT_DOUBLE ? real_to_uint(component(v[i], base)) : (GLuint)v[i];
}

static void
to_double(const uint64_t *v, unsigned n, uint8_t base, GLdouble *params)
{
   for (unsigned i = 0; i < n; i++)
      params[i] = component(v[i], base);
}

void
mgl_glGetUniformfv(GLuint program, GLint location, GLfloat *params)
{
   FE_CTX_OR_RETURN();
   uint64_t v[16];
   uint8_t base;
   const unsigned n = get_uniform(ctx, program, location, v, &base);
   to_float(v, n, base, params);
}

void
mgl_glGetUniformiv(GLuint program, GLint location, GLint *params)
{
   FE_CTX_OR_RETURN();
   uint64_t v[16];
   uint8_t base;
   const unsigned n = get_uniform(ctx, program, location, v, &base);
   to_int(v, n, base, params);
}

void
mgl_glGetUniformuiv(GLuint program, GLint location, GLuint *params)
{
   FE_CTX_OR_RETURN();
   uint64_t v[16];
   uint8_t base;
   const unsigned n = get_uniform(ctx, program, location, v, &base);
   to_uint(v, n, base, params);
}

/* GL 4.0 (ARB_gpu_shader_fp64): any uniform's values as doubles */
void
mgl_glGetUniformdv(GLuint program, GLint location, GLdouble *params)
{
   FE_CTX_OR_RETURN();
   uint64_t v[16];
   uint8_t base;
   const unsigned n = get_uniform(ctx, program, location, v, &base);
   to_double(v, n, base, params);
}

/* glGetnUniform*: the robust forms, GL_INVALID_OPERATION when bufSize (bytes) is too small for
 * the element's components of `size` bytes each. */
static unsigned
get_uniform_n(struct fe_context *ctx, GLuint program, GLint location, GLsizei buf_size, size_t size,
              uint64_t out[16], uint8_t *base)
{
   unsigned n = get_uniform(ctx, program, location, out, base);
   if (n && (buf_size < 0 || (size_t)buf_size < n * size)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return 0;
   }
   return n;
}

void
mgl_glGetnUniformfv(GLuint program, GLint location, GLsizei bufSize, GLfloat *params)
{
   FE_CTX_OR_RETURN();
   uint64_t v[16];
   uint8_t base;
   const unsigned n = get_uniform_n(ctx, program, location, bufSize, sizeof(GLfloat), v, &base);
   to_float(v, n, base, params);
}

void
mgl_glGetnUniformiv(GLuint program, GLint location, GLsizei bufSize, GLint *params)
{
   FE_CTX_OR_RETURN();
   uint64_t v[16];
   uint8_t base;
   const unsigned n = get_uniform_n(ctx, program, location, bufSize, sizeof(GLint), v, &base);
   to_int(v, n, base, params);
}

void
mgl_glGetnUniformuiv(GLuint program, GLint location, GLsizei bufSize, GLuint *params)
{
   FE_CTX_OR_RETURN();
   uint64_t v[16];
   uint8_t base;
   const unsigned n = get_uniform_n(ctx, program, location, bufSize, sizeof(GLuint), v, &base);
   to_uint(v, n, base, params);
}

/* GL 4.5's and ARB_robustness's double form */
void
mgl_glGetnUniformdv(GLuint program, GLint location, GLsizei bufSize, GLdouble *params)
{
   FE_CTX_OR_RETURN();
   uint64_t v[16];
   uint8_t base;
   const unsigned n = get_uniform_n(ctx, program, location, bufSize, sizeof(GLdouble), v, &base);
   to_double(v, n, base, params);
}

void
mgl_glGetnUniformdvARB(GLuint p, GLint l, GLsizei n, GLdouble *v)
{
   mgl_glGetnUniformdv(p, l, n, v);
}

void
mgl_glGetnUniformfvARB(GLuint p, GLint l, GLsizei n, GLfloat *v)
{
   mgl_glGetnUniformfv(p, l, n, v);
}
void
mgl_glGetnUniformfvKHR(GLuint p, GLint l, GLsizei n, GLfloat *v)
{
   mgl_glGetnUniformfv(p, l, n, v);
}
void
mgl_glGetnUniformfvEXT(GLuint p, GLint l, GLsizei n, GLfloat *v)
{
   mgl_glGetnUniformfv(p, l, n, v);
}
void
mgl_glGetnUniformivARB(GLuint p, GLint l, GLsizei n, GLint *v)
{
   mgl_glGetnUniformiv(p, l, n, v);
}
void
mgl_glGetnUniformivKHR(GLuint p, GLint l, GLsizei n, GLint *v)
{
   mgl_glGetnUniformiv(p, l, n, v);
}
void
mgl_glGetnUniformivEXT(GLuint p, GLint l, GLsizei n, GLint *v)
{
   mgl_glGetnUniformiv(p, l, n, v);
}
void
mgl_glGetnUniformuivARB(GLuint p, GLint l, GLsizei n, GLuint *v)
{
   mgl_glGetnUniformuiv(p, l, n, v);
}
void
mgl_glGetnUniformuivKHR(GLuint p, GLint l, GLsizei n, GLuint *v)
{
   mgl_glGetnUniformuiv(p, l, n, v);
}

/* ARB_gpu_shader_int64: any uniform's values as 64-bit integers (a float or double rounded to
 * the nearest, halves away from zero, clamped to the type's range, NaN as 0) */
static void
to_int64(const uint64_t *v, unsigned n, uint8_t base, GLint64 *params)
{
   for (unsigned i = 0; i < n; i++) {
      if (base == BT_FLOAT || base == BT_DOUBLE) {
         const double r = round(component(v[i], base));
         params[i] = r != r                        ? 0
                     : r >= 9223372036854775807.0  ? INT64_MAX
                     : r <= -9223372036854775808.0 ? INT64_MIN
                                                   : (GLint64)r;
      } else if (base == BT_INT) {
         params[i] = (int32_t)(uint32_t)v[i];
      } else {
         params[i] = (GLint64)v[i]; /* uint, bool: zero-extended; 64-bit: as held */
      }
   }
}

static void
to_uint64(const uint64_t *v, unsigned n, uint8_t base, GLuint64 *params)
{
   for (unsigned i = 0; i < n; i++) {
      if (base == BT_FLOAT || base == BT_DOUBLE) {
         const double r = round(component(v[i], base));
         params[i] = r != r || r <= 0.0            ? 0
                     : r >= 18446744073709551615.0 ? UINT64_MAX
                                                   : (GLuint64)r;
      } else if (base == BT_INT) {
         params[i] = (GLuint64)(int64_t)(int32_t)(uint32_t)v[i];
      } else {
         params[i] = v[i];
      }
   }
}

void
mgl_glGetUniformi64vARB(GLuint program, GLint location, GLint64 *params)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_int64_offered(ctx), GL_INVALID_OPERATION);
   uint64_t v[16];
   uint8_t base;
   const unsigned n = get_uniform(ctx, program, location, v, &base);
   to_int64(v, n, base, params);
}

void
mgl_glGetUniformui64vARB(GLuint program, GLint location, GLuint64 *params)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_int64_offered(ctx), GL_INVALID_OPERATION);
   uint64_t v[16];
   uint8_t base;
   const unsigned n = get_uniform(ctx, program, location, v, &base);
   to_uint64(v, n, base, params);
}

void
mgl_glGetnUniformi64vARB(GLuint program, GLint location, GLsizei bufSize, GLint64 *params)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_int64_offered(ctx), GL_INVALID_OPERATION);
   uint64_t v[16];
   uint8_t base;
   const unsigned n = get_uniform_n(ctx, program, location, bufSize, sizeof(GLint64), v, &base);
   to_int64(v, n, base, params);
}

void
mgl_glGetnUniformui64vARB(GLuint program, GLint location, GLsizei bufSize, GLuint64 *params)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_int64_offered(ctx), GL_INVALID_OPERATION);
   uint64_t v[16];
   uint8_t base;
   const unsigned n = get_uniform_n(ctx, program, location, bufSize, sizeof(GLuint64), v, &base);
   to_uint64(v, n, base, params);
}
