/* glsl_link_types.c — GL type enums and names of SPIR-V types (walked through SPIRV-Cross's
 * reflection), and type equality across stages. */
#include "glsl_link_internal.h"

#include "decline.h"

#include <GL/glcorearb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ── GL types ──────────────────────────────────────────────────────────────────────────────── */

struct gl_type_info {
   uint32_t gl;
   const char *name;
   char base; /* f d i u b, I U (64-bit integers) */
   uint8_t cols, rows;
};

static const struct gl_type_info gl_types[] = {
   {GL_FLOAT, "float", 'f', 1, 1},
   {GL_FLOAT_VEC2, "vec2", 'f', 1, 2},
   {GL_FLOAT_VEC3, "vec3", 'f', 1, 3},
   {GL_FLOAT_VEC4, "vec4", 'f', 1, 4},
   {GL_FLOAT_MAT2, "mat2", 'f', 2, 2},
   {GL_FLOAT_MAT2x3, "mat2x3", 'f', 2, 3},
   {GL_FLOAT_MAT2x4, "mat2x4", 'f', 2, 4},
   {GL_FLOAT_MAT3x2, "mat3x2", 'f', 3, 2},
   {GL_FLOAT_MAT3, "mat3", 'f', 3, 3},
   {GL_FLOAT_MAT3x4, "mat3x4", 'f', 3, 4},
   {GL_FLOAT_MAT4x2, "mat4x2", 'f', 4, 2},
   {GL_FLOAT_MAT4x3, "mat4x3", 'f', 4, 3},
   {GL_FLOAT_MAT4, "mat4", 'f', 4, 4},
   {GL_DOUBLE, "double", 'd', 1, 1},
   {GL_DOUBLE_VEC2, "dvec2", 'd', 1, 2},
   {GL_DOUBLE_VEC3, "dvec3", 'd', 1, 3},
   {GL_DOUBLE_VEC4, "dvec4", 'd', 1, 4},
   {GL_DOUBLE_MAT2, "dmat2", 'd', 2, 2},
   {GL_DOUBLE_MAT2x3, "dmat2x3", 'd', 2, 3},
   {GL_DOUBLE_MAT2x4, "dmat2x4", 'd', 2, 4},
   {GL_DOUBLE_MAT3x2, "dmat3x2", 'd', 3, 2},
   {GL_DOUBLE_MAT3, "dmat3", 'd', 3, 3},
   {GL_DOUBLE_MAT3x4, "dmat3x4", 'd', 3, 4},
   {GL_DOUBLE_MAT4x2, "dmat4x2", 'd', 4, 2},
   {GL_DOUBLE_MAT4x3, "dmat4x3", 'd', 4, 3},
   {GL_DOUBLE_MAT4, "dmat4", 'd', 4, 4},
   {GL_INT, "int", 'i', 1, 1},
   {GL_INT_VEC2, "ivec2", 'i', 1, 2},
   {GL_INT_VEC3, "ivec3", 'i', 1, 3},
   {GL_INT_VEC4, "ivec4", 'i', 1, 4},
   {GL_UNSIGNED_INT, "uint", 'u', 1, 1},
   {GL_UNSIGNED_INT_VEC2, "uvec2", 'u', 1, 2},
   {GL_UNSIGNED_INT_VEC3, "uvec3", 'u', 1, 3},
   {GL_UNSIGNED_INT_VEC4, "uvec4", 'u', 1, 4},
   {GL_INT64_ARB, "int64_t", 'I', 1, 1},
   {GL_INT64_VEC2_ARB, "i64vec2", 'I', 1, 2},
   {GL_INT64_VEC3_ARB, "i64vec3", 'I', 1, 3},
   {GL_INT64_VEC4_ARB, "i64vec4", 'I', 1, 4},
   {GL_UNSIGNED_INT64_ARB, "uint64_t", 'U', 1, 1},
   {GL_UNSIGNED_INT64_VEC2_ARB, "u64vec2", 'U', 1, 2},
   {GL_UNSIGNED_INT64_VEC3_ARB, "u64vec3", 'U', 1, 3},
   {GL_UNSIGNED_INT64_VEC4_ARB, "u64vec4", 'U', 1, 4},
   {GL_BOOL, "bool", 'b', 1, 1},
   {GL_BOOL_VEC2, "bvec2", 'b', 1, 2},
   {GL_BOOL_VEC3, "bvec3", 'b', 1, 3},
   {GL_BOOL_VEC4, "bvec4", 'b', 1, 4},
};

struct gl_sampler_info {
   uint32_t gl;
   const char *name;
   char base; /* f i u */
   uint8_t dim, arrayed, depth, ms;
};

static const struct gl_sampler_info gl_samplers[] = {
   {GL_SAMPLER_1D, "sampler1D", 'f', SpvDim1D, 0, 0, 0},
   {GL_SAMPLER_2D, "sampler2D", 'f', SpvDim2D, 0, 0, 0},
   {GL_SAMPLER_3D, "sampler3D", 'f', SpvDim3D, 0, 0, 0},
   {GL_SAMPLER_CUBE, "samplerCube", 'f', SpvDimCube, 0, 0, 0},
   {GL_SAMPLER_2D_RECT, "sampler2DRect", 'f', SpvDimRect, 0, 0, 0},
   {GL_SAMPLER_BUFFER, "samplerBuffer", 'f', SpvDimBuffer, 0, 0, 0},
   {GL_SAMPLER_1D_ARRAY, "sampler1DArray", 'f', SpvDim1D, 1, 0, 0},
   {GL_SAMPLER_2D_ARRAY, "sampler2DArray", 'f', SpvDim2D, 1, 0, 0},
   {GL_SAMPLER_CUBE_MAP_ARRAY, "samplerCubeArray", 'f', SpvDimCube, 1, 0, 0},
   {GL_SAMPLER_2D_MULTISAMPLE, "sampler2DMS", 'f', SpvDim2D, 0, 0, 1},
   {GL_SAMPLER_2D_MULTISAMPLE_ARRAY, "sampler2DMSArray", 'f', SpvDim2D, 1, 0, 1},
   {GL_SAMPLER_1D_SHADOW, "sampler1DShadow", 'f', SpvDim1D, 0, 1, 0},
   {GL_SAMPLER_2D_SHADOW, "sampler2DShadow", 'f', SpvDim2D, 0, 1, 0},
   {GL_SAMPLER_CUBE_SHADOW, "samplerCubeShadow", 'f', SpvDimCube, 0, 1, 0},
   {GL_SAMPLER_2D_RECT_SHADOW, "sampler2DRectShadow", 'f', SpvDimRect, 0, 1, 0},
   {GL_SAMPLER_1D_ARRAY_SHADOW, "sampler1DArrayShadow", 'f', SpvDim1D, 1, 1, 0},
   {GL_SAMPLER_2D_ARRAY_SHADOW, "sampler2DArrayShadow", 'f', SpvDim2D, 1, 1, 0},
   {GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW, "samplerCubeArrayShadow", 'f', SpvDimCube, 1, 1, 0},
   {GL_INT_SAMPLER_1D, "isampler1D", 'i', SpvDim1D, 0, 0, 0},
   {GL_INT_SAMPLER_2D, "isampler2D", 'i', SpvDim2D, 0, 0, 0},
   {GL_INT_SAMPLER_3D, "isampler3D", 'i', SpvDim3D, 0, 0, 0},
   {GL_INT_SAMPLER_CUBE, "isamplerCube", 'i', SpvDimCube, 0, 0, 0},
   {GL_INT_SAMPLER_2D_RECT, "isampler2DRect", 'i', SpvDimRect, 0, 0, 0},
   {GL_INT_SAMPLER_BUFFER, "isamplerBuffer", 'i', SpvDimBuffer, 0, 0, 0},
   {GL_INT_SAMPLER_1D_ARRAY, "isampler1DArray", 'i', SpvDim1D, 1, 0, 0},
   {GL_INT_SAMPLER_2D_ARRAY, "isampler2DArray", 'i', SpvDim2D, 1, 0, 0},
   {GL_INT_SAMPLER_CUBE_MAP_ARRAY, "isamplerCubeArray", 'i', SpvDimCube, 1, 0, 0},
   {GL_INT_SAMPLER_2D_MULTISAMPLE, "isampler2DMS", 'i', SpvDim2D, 0, 0, 1},
   {GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY, "isampler2DMSArray", 'i', SpvDim2D, 1, 0, 1},
   {GL_UNSIGNED_INT_SAMPLER_1D, "usampler1D", 'u', SpvDim1D, 0, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_2D, "usampler2D", 'u', SpvDim2D, 0, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_3D, "usampler3D", 'u', SpvDim3D, 0, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_CUBE, "usamplerCube", 'u', SpvDimCube, 0, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_2D_RECT, "usampler2DRect", 'u', SpvDimRect, 0, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_BUFFER, "usamplerBuffer", 'u', SpvDimBuffer, 0, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_1D_ARRAY, "usampler1DArray", 'u', SpvDim1D, 1, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_2D_ARRAY, "usampler2DArray", 'u', SpvDim2D, 1, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY, "usamplerCubeArray", 'u', SpvDimCube, 1, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE, "usampler2DMS", 'u', SpvDim2D, 0, 0, 1},
   {GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY, "usampler2DMSArray", 'u', SpvDim2D, 1, 0, 1},
};

/* Scalar component kind (f d i u b; I U: 64-bit int, uint) of a scalar / vector / matrix type; 0
 * otherwise. A 32-bit
 * uint that the declaration says is a bool (SPIR-V keeps bool block members as uint) reads as
 * bool with as_bool. */
char
glsl_link_component(const struct spv_refl *r, spv_tref type, bool as_bool)
{
   struct spv_tinfo t;
   spv_refl_type(r, type, &t);
   if (t.kind != SPV_TK_SCALAR && t.kind != SPV_TK_VECTOR && t.kind != SPV_TK_MATRIX)
      return 0;
   if (t.scalar == 'f' && t.width == 64)
      return 'd';
   if ((t.scalar == 'i' || t.scalar == 'u') && t.width == 64)
      return t.scalar == 'i' ? 'I' : 'U';
   if (as_bool && (t.scalar == 'i' || t.scalar == 'u'))
      return 'b';
   return t.scalar;
}

/* GL enum of a scalar / vector / matrix type; 0 for anything else. */
uint32_t
glsl_link_gl_type(const struct spv_refl *r, spv_tref type, bool as_bool)
{
   struct spv_tinfo t;
   spv_refl_type(r, type, &t);
   uint8_t cols = 1, rows = 1;
   if (t.kind == SPV_TK_MATRIX) {
      cols = (uint8_t)t.columns;
      rows = (uint8_t)t.vecsize;
   } else if (t.kind == SPV_TK_VECTOR) {
      rows = (uint8_t)t.vecsize;
   }
   char base = glsl_link_component(r, type, as_bool);
   for (size_t i = 0; i < sizeof(gl_types) / sizeof(gl_types[0]); i++)
      if (gl_types[i].base == base && gl_types[i].cols == cols && gl_types[i].rows == rows)
         return gl_types[i].gl;
   return 0;
}

/* GL enum of a sampled image (or image) type; 0 if none fits. */
uint32_t
glsl_link_gl_sampler(const struct spv_refl *r, spv_tref type)
{
   struct spv_tinfo t;
   spv_refl_type(r, type, &t);
   if (t.kind != SPV_TK_SAMPLED_IMAGE && t.kind != SPV_TK_IMAGE)
      return 0;
   const char base = t.scalar;
   for (size_t i = 0; i < sizeof(gl_samplers) / sizeof(gl_samplers[0]); i++) {
      const struct gl_sampler_info *s = &gl_samplers[i];
      if (s->base == base && s->dim == t.dim && s->depth == t.depth && s->arrayed == t.arrayed &&
          s->ms == t.ms)
         return s->gl;
   }
   return 0;
}

/* GLSL's image types (GL 4.2, ARB_shader_image_load_store): each base's enums run in this
 * order from GL_IMAGE_1D, GL_INT_IMAGE_1D and GL_UNSIGNED_INT_IMAGE_1D. */
static const struct {
   const char *name;
   uint8_t dim, arrayed, ms;
} gl_image_shapes[] = {
   {"image1D", SpvDim1D, 0, 0},          {"image2D", SpvDim2D, 0, 0},
   {"image3D", SpvDim3D, 0, 0},          {"image2DRect", SpvDimRect, 0, 0},
   {"imageCube", SpvDimCube, 0, 0},      {"imageBuffer", SpvDimBuffer, 0, 0},
   {"image1DArray", SpvDim1D, 1, 0},     {"image2DArray", SpvDim2D, 1, 0},
   {"imageCubeArray", SpvDimCube, 1, 0}, {"image2DMS", SpvDim2D, 0, 1},
   {"image2DMSArray", SpvDim2D, 1, 1},
};

/* GL enum of a storage image type (GL_IMAGE_2D, GL_UNSIGNED_INT_IMAGE_3D ...); 0 if none. */
uint32_t
glsl_link_gl_image(const struct spv_refl *r, spv_tref type)
{
   struct spv_tinfo t;
   spv_refl_type(r, type, &t);
   if (t.kind != SPV_TK_IMAGE || !t.storage)
      return 0;
   const uint32_t first = t.scalar == 'f'   ? GL_IMAGE_1D
                          : t.scalar == 'i' ? GL_INT_IMAGE_1D
                          : t.scalar == 'u' ? GL_UNSIGNED_INT_IMAGE_1D
                                            : 0;
   for (uint32_t i = 0; first && i < sizeof(gl_image_shapes) / sizeof(gl_image_shapes[0]); i++)
      if (gl_image_shapes[i].dim == t.dim && gl_image_shapes[i].arrayed == t.arrayed &&
          gl_image_shapes[i].ms == t.ms)
         return first + i;
   return 0;
}

static const char *
gl_type_name(uint32_t gl)
{
   for (size_t i = 0; i < sizeof(gl_types) / sizeof(gl_types[0]); i++)
      if (gl_types[i].gl == gl)
         return gl_types[i].name;
   for (size_t i = 0; i < sizeof(gl_samplers) / sizeof(gl_samplers[0]); i++)
      if (gl_samplers[i].gl == gl)
         return gl_samplers[i].name;
   for (uint32_t i = 0; i < sizeof(gl_image_shapes) / sizeof(gl_image_shapes[0]); i++)
      if (gl == GL_IMAGE_1D + i || gl == GL_INT_IMAGE_1D + i || gl == GL_UNSIGNED_INT_IMAGE_1D + i)
         return gl_image_shapes[i].name;
   return "?";
}

/* A readable GLSL-ish name for messages ("vec4", "vec4[3]", "struct S"). */
void
glsl_link_type_name(const struct spv_refl *r, spv_tref type, char *buf, size_t size)
{
   uint32_t count;
   spv_tref elem = spv_refl_strip_arrays(r, type, &count);
   struct spv_tinfo t;
   spv_refl_type(r, elem, &t);
   const char *base;
   char tmp[64];
   if (t.kind == SPV_TK_STRUCT) {
      snprintf(tmp, sizeof(tmp), "struct %s", t.name);
      base = tmp;
   } else {
      base = gl_type_name(glsl_link_gl_type(r, elem, false));
   }
   if (elem != type)
      snprintf(buf, size, "%s[%u]", base, count);
   else
      snprintf(buf, size, "%s", base);
}

/* Structural equality of two types, possibly from different modules (layout included). */
bool
glsl_link_types_equal(const struct spv_refl *ra, spv_tref a, const struct spv_refl *rb, spv_tref b)
{
   struct spv_tinfo ta, tb;
   spv_refl_type(ra, a, &ta);
   spv_refl_type(rb, b, &tb);
   if (ta.kind != tb.kind)
      return false;
   switch (ta.kind) {
   case SPV_TK_SCALAR:
   case SPV_TK_VECTOR:
   case SPV_TK_MATRIX:
      return ta.scalar == tb.scalar && ta.width == tb.width && ta.vecsize == tb.vecsize &&
             ta.columns == tb.columns;
   case SPV_TK_ARRAY:
      return ta.length == tb.length && ta.array_stride == tb.array_stride &&
             glsl_link_types_equal(ra, ta.elem, rb, tb.elem);
   case SPV_TK_STRUCT:
      if (ta.num_members != tb.num_members)
         return false;
      for (uint32_t k = 0; k < ta.num_members; k++) {
         struct spv_tmember x, y;
         spv_refl_member(ra, a, k, &x);
         spv_refl_member(rb, b, k, &y);
         if (x.offset != y.offset || x.matrix_stride != y.matrix_stride ||
             x.row_major != y.row_major || strcmp(x.name, y.name) ||
             !glsl_link_types_equal(ra, x.type, rb, y.type))
            return false;
      }
      return true;
   case SPV_TK_SAMPLED_IMAGE:
   case SPV_TK_IMAGE:
      return ta.dim == tb.dim && ta.depth == tb.depth && ta.arrayed == tb.arrayed &&
             ta.ms == tb.ms && ta.scalar == tb.scalar && ta.storage == tb.storage &&
             ta.format == tb.format;
   default: return true;
   }
}
