/* fe_program_types.c — GL uniform and attribute type information: base type, shape, sampler
 * targets. */
#include "fe_program_internal.h"

/* ---- GL type information -------------------------------------------------------------------- */

struct type_info
fe_gl_type_info(GLenum type)
{
   switch (type) {
   case GL_FLOAT: return (struct type_info){BT_FLOAT, 1, 1};
   case GL_FLOAT_VEC2: return (struct type_info){BT_FLOAT, 2, 1};
   case GL_FLOAT_VEC3: return (struct type_info){BT_FLOAT, 3, 1};
   case GL_FLOAT_VEC4: return (struct type_info){BT_FLOAT, 4, 1};
   case GL_INT: return (struct type_info){BT_INT, 1, 1};
   case GL_INT_VEC2: return (struct type_info){BT_INT, 2, 1};
   case GL_INT_VEC3: return (struct type_info){BT_INT, 3, 1};
   case GL_INT_VEC4: return (struct type_info){BT_INT, 4, 1};
   case GL_UNSIGNED_INT: return (struct type_info){BT_UINT, 1, 1};
   case GL_UNSIGNED_INT_VEC2: return (struct type_info){BT_UINT, 2, 1};
   case GL_UNSIGNED_INT_VEC3: return (struct type_info){BT_UINT, 3, 1};
   case GL_UNSIGNED_INT_VEC4: return (struct type_info){BT_UINT, 4, 1};
   case GL_BOOL: return (struct type_info){BT_BOOL, 1, 1};
   case GL_BOOL_VEC2: return (struct type_info){BT_BOOL, 2, 1};
   case GL_BOOL_VEC3: return (struct type_info){BT_BOOL, 3, 1};
   case GL_BOOL_VEC4: return (struct type_info){BT_BOOL, 4, 1};
   case GL_FLOAT_MAT2: return (struct type_info){BT_FLOAT, 2, 2};
   case GL_FLOAT_MAT3: return (struct type_info){BT_FLOAT, 3, 3};
   case GL_FLOAT_MAT4: return (struct type_info){BT_FLOAT, 4, 4};
   case GL_FLOAT_MAT2x3: return (struct type_info){BT_FLOAT, 3, 2};
   case GL_FLOAT_MAT2x4: return (struct type_info){BT_FLOAT, 4, 2};
   case GL_FLOAT_MAT3x2: return (struct type_info){BT_FLOAT, 2, 3};
   case GL_FLOAT_MAT3x4: return (struct type_info){BT_FLOAT, 4, 3};
   case GL_FLOAT_MAT4x2: return (struct type_info){BT_FLOAT, 2, 4};
   case GL_FLOAT_MAT4x3: return (struct type_info){BT_FLOAT, 3, 4};
   case GL_DOUBLE: return (struct type_info){BT_DOUBLE, 1, 1};
   case GL_DOUBLE_VEC2: return (struct type_info){BT_DOUBLE, 2, 1};
   case GL_DOUBLE_VEC3: return (struct type_info){BT_DOUBLE, 3, 1};
   case GL_DOUBLE_VEC4: return (struct type_info){BT_DOUBLE, 4, 1};
   case GL_DOUBLE_MAT2: return (struct type_info){BT_DOUBLE, 2, 2};
   case GL_DOUBLE_MAT3: return (struct type_info){BT_DOUBLE, 3, 3};
   case GL_DOUBLE_MAT4: return (struct type_info){BT_DOUBLE, 4, 4};
   case GL_DOUBLE_MAT2x3: return (struct type_info){BT_DOUBLE, 3, 2};
   case GL_DOUBLE_MAT2x4: return (struct type_info){BT_DOUBLE, 4, 2};
   case GL_DOUBLE_MAT3x2: return (struct type_info){BT_DOUBLE, 2, 3};
   case GL_DOUBLE_MAT3x4: return (struct type_info){BT_DOUBLE, 4, 3};
   case GL_DOUBLE_MAT4x2: return (struct type_info){BT_DOUBLE, 2, 4};
   case GL_DOUBLE_MAT4x3: return (struct type_info){BT_DOUBLE, 3, 4};
   case GL_INT64_ARB: return (struct type_info){BT_INT64, 1, 1};
   case GL_INT64_VEC2_ARB: return (struct type_info){BT_INT64, 2, 1};
   case GL_INT64_VEC3_ARB: return (struct type_info){BT_INT64, 3, 1};
   case GL_INT64_VEC4_ARB: return (struct type_info){BT_INT64, 4, 1};
   case GL_UNSIGNED_INT64_ARB: return (struct type_info){BT_UINT64, 1, 1};
   case GL_UNSIGNED_INT64_VEC2_ARB: return (struct type_info){BT_UINT64, 2, 1};
   case GL_UNSIGNED_INT64_VEC3_ARB: return (struct type_info){BT_UINT64, 3, 1};
   case GL_UNSIGNED_INT64_VEC4_ARB: return (struct type_info){BT_UINT64, 4, 1};
   default: return (struct type_info){BT_UNKNOWN, 1, 1};
   }
}

/* Texture target and MGP sampler kind of a sampler type; false for non-samplers. */
bool
fe_gl_sampler_type(GLenum type, enum fe_tex_target *target, uint8_t *kind)
{
   *kind = MGP_SAMPLER_KIND_FLOAT;
   switch (type) {
   case GL_SAMPLER_1D: *target = FE_TEX_1D; return true;
   case GL_SAMPLER_2D: *target = FE_TEX_2D; return true;
   case GL_SAMPLER_3D: *target = FE_TEX_3D; return true;
   case GL_SAMPLER_CUBE: *target = FE_TEX_CUBE; return true;
   case GL_SAMPLER_1D_ARRAY: *target = FE_TEX_1D_ARRAY; return true;
   case GL_SAMPLER_2D_ARRAY: *target = FE_TEX_2D_ARRAY; return true;
   case GL_SAMPLER_2D_RECT: *target = FE_TEX_RECT; return true;
   case GL_SAMPLER_BUFFER: *target = FE_TEX_BUFFER; return true;
   case GL_SAMPLER_2D_MULTISAMPLE: *target = FE_TEX_2D_MS; return true;
   case GL_SAMPLER_2D_MULTISAMPLE_ARRAY: *target = FE_TEX_2D_MS_ARRAY; return true;
   case GL_SAMPLER_CUBE_MAP_ARRAY: *target = FE_TEX_CUBE_ARRAY; return true;
   case GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW:
      *kind = MGP_SAMPLER_KIND_SHADOW;
      *target = FE_TEX_CUBE_ARRAY;
      return true;
   case GL_SAMPLER_1D_SHADOW:
      *kind = MGP_SAMPLER_KIND_SHADOW;
      *target = FE_TEX_1D;
      return true;
   case GL_SAMPLER_2D_SHADOW:
      *kind = MGP_SAMPLER_KIND_SHADOW;
      *target = FE_TEX_2D;
      return true;
   case GL_SAMPLER_CUBE_SHADOW:
      *kind = MGP_SAMPLER_KIND_SHADOW;
      *target = FE_TEX_CUBE;
      return true;
   case GL_SAMPLER_1D_ARRAY_SHADOW:
      *kind = MGP_SAMPLER_KIND_SHADOW;
      *target = FE_TEX_1D_ARRAY;
      return true;
   case GL_SAMPLER_2D_ARRAY_SHADOW:
      *kind = MGP_SAMPLER_KIND_SHADOW;
      *target = FE_TEX_2D_ARRAY;
      return true;
   case GL_SAMPLER_2D_RECT_SHADOW:
      *kind = MGP_SAMPLER_KIND_SHADOW;
      *target = FE_TEX_RECT;
      return true;
   case GL_INT_SAMPLER_1D:
   case GL_UNSIGNED_INT_SAMPLER_1D: *target = FE_TEX_1D; break;
   case GL_INT_SAMPLER_2D:
   case GL_UNSIGNED_INT_SAMPLER_2D: *target = FE_TEX_2D; break;
   case GL_INT_SAMPLER_3D:
   case GL_UNSIGNED_INT_SAMPLER_3D: *target = FE_TEX_3D; break;
   case GL_INT_SAMPLER_CUBE:
   case GL_UNSIGNED_INT_SAMPLER_CUBE: *target = FE_TEX_CUBE; break;
   case GL_INT_SAMPLER_1D_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_1D_ARRAY: *target = FE_TEX_1D_ARRAY; break;
   case GL_INT_SAMPLER_2D_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY: *target = FE_TEX_2D_ARRAY; break;
   case GL_INT_SAMPLER_2D_RECT:
   case GL_UNSIGNED_INT_SAMPLER_2D_RECT: *target = FE_TEX_RECT; break;
   case GL_INT_SAMPLER_BUFFER:
   case GL_UNSIGNED_INT_SAMPLER_BUFFER: *target = FE_TEX_BUFFER; break;
   case GL_INT_SAMPLER_2D_MULTISAMPLE:
   case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE: *target = FE_TEX_2D_MS; break;
   case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY: *target = FE_TEX_2D_MS_ARRAY; break;
   case GL_INT_SAMPLER_CUBE_MAP_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY: *target = FE_TEX_CUBE_ARRAY; break;
   default: return false;
   }
   switch (type) {
   case GL_INT_SAMPLER_1D:
   case GL_INT_SAMPLER_2D:
   case GL_INT_SAMPLER_3D:
   case GL_INT_SAMPLER_CUBE:
   case GL_INT_SAMPLER_1D_ARRAY:
   case GL_INT_SAMPLER_2D_ARRAY:
   case GL_INT_SAMPLER_2D_RECT:
   case GL_INT_SAMPLER_BUFFER:
   case GL_INT_SAMPLER_2D_MULTISAMPLE:
   case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
   case GL_INT_SAMPLER_CUBE_MAP_ARRAY: *kind = MGP_SAMPLER_KIND_INT; break;
   default: *kind = MGP_SAMPLER_KIND_UINT; break;
   }
   return true;
}

uint8_t
fe_gl_input_kind(GLenum type)
{
   switch (fe_gl_type_info(type).base) {
   case BT_INT: return 1;
   case BT_UINT: return 2;
   case BT_DOUBLE: return 3;
   default: return 0;
   }
}
