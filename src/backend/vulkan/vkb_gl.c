/* vkb_gl.c — GL enums (as they cross MGPipe) to Vulkan enums, in one place. Every function
 * answers false for a value it does not map; the caller declines by name. */
#include <GL/glcorearb.h>

#include "vkb.h"

bool
vkb_gl_blend_factor(uint32_t gl, VkBlendFactor *out)
{
   switch (gl) {
   case GL_ZERO: *out = VK_BLEND_FACTOR_ZERO; return true;
   case GL_ONE: *out = VK_BLEND_FACTOR_ONE; return true;
   case GL_SRC_COLOR: *out = VK_BLEND_FACTOR_SRC_COLOR; return true;
   case GL_ONE_MINUS_SRC_COLOR: *out = VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR; return true;
   case GL_DST_COLOR: *out = VK_BLEND_FACTOR_DST_COLOR; return true;
   case GL_ONE_MINUS_DST_COLOR: *out = VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR; return true;
   case GL_SRC_ALPHA: *out = VK_BLEND_FACTOR_SRC_ALPHA; return true;
   case GL_ONE_MINUS_SRC_ALPHA: *out = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA; return true;
   case GL_DST_ALPHA: *out = VK_BLEND_FACTOR_DST_ALPHA; return true;
   case GL_ONE_MINUS_DST_ALPHA: *out = VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA; return true;
   case GL_CONSTANT_COLOR: *out = VK_BLEND_FACTOR_CONSTANT_COLOR; return true;
   case GL_ONE_MINUS_CONSTANT_COLOR: *out = VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR; return true;
   case GL_CONSTANT_ALPHA: *out = VK_BLEND_FACTOR_CONSTANT_ALPHA; return true;
   case GL_ONE_MINUS_CONSTANT_ALPHA: *out = VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA; return true;
   case GL_SRC_ALPHA_SATURATE: *out = VK_BLEND_FACTOR_SRC_ALPHA_SATURATE; return true;
   case GL_SRC1_COLOR: *out = VK_BLEND_FACTOR_SRC1_COLOR; return true;
   case GL_ONE_MINUS_SRC1_COLOR: *out = VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR; return true;
   case GL_SRC1_ALPHA: *out = VK_BLEND_FACTOR_SRC1_ALPHA; return true;
   case GL_ONE_MINUS_SRC1_ALPHA: *out = VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA; return true;
   default: return false;
   }
}

bool
vkb_gl_blend_op(uint32_t gl, VkBlendOp *out)
{
   switch (gl) {
   case GL_FUNC_ADD: *out = VK_BLEND_OP_ADD; return true;
   case GL_FUNC_SUBTRACT: *out = VK_BLEND_OP_SUBTRACT; return true;
   case GL_FUNC_REVERSE_SUBTRACT: *out = VK_BLEND_OP_REVERSE_SUBTRACT; return true;
   case GL_MIN: *out = VK_BLEND_OP_MIN; return true;
   case GL_MAX: *out = VK_BLEND_OP_MAX; return true;
   default: return false;
   }
}

bool
vkb_gl_compare_op(uint32_t gl, VkCompareOp *out)
{
   switch (gl) {
   case GL_NEVER: *out = VK_COMPARE_OP_NEVER; return true;
   case GL_LESS: *out = VK_COMPARE_OP_LESS; return true;
   case GL_EQUAL: *out = VK_COMPARE_OP_EQUAL; return true;
   case GL_LEQUAL: *out = VK_COMPARE_OP_LESS_OR_EQUAL; return true;
   case GL_GREATER: *out = VK_COMPARE_OP_GREATER; return true;
   case GL_NOTEQUAL: *out = VK_COMPARE_OP_NOT_EQUAL; return true;
   case GL_GEQUAL: *out = VK_COMPARE_OP_GREATER_OR_EQUAL; return true;
   case GL_ALWAYS: *out = VK_COMPARE_OP_ALWAYS; return true;
   default: return false;
   }
}

bool
vkb_gl_stencil_op(uint32_t gl, VkStencilOp *out)
{
   switch (gl) {
   case GL_KEEP: *out = VK_STENCIL_OP_KEEP; return true;
   case GL_ZERO: *out = VK_STENCIL_OP_ZERO; return true;
   case GL_REPLACE: *out = VK_STENCIL_OP_REPLACE; return true;
   case GL_INCR: *out = VK_STENCIL_OP_INCREMENT_AND_CLAMP; return true;
   case GL_DECR: *out = VK_STENCIL_OP_DECREMENT_AND_CLAMP; return true;
   case GL_INVERT: *out = VK_STENCIL_OP_INVERT; return true;
   case GL_INCR_WRAP: *out = VK_STENCIL_OP_INCREMENT_AND_WRAP; return true;
   case GL_DECR_WRAP: *out = VK_STENCIL_OP_DECREMENT_AND_WRAP; return true;
   default: return false;
   }
}

bool
vkb_gl_logic_op(uint32_t gl, VkLogicOp *out)
{
   switch (gl) {
   case GL_CLEAR: *out = VK_LOGIC_OP_CLEAR; return true;
   case GL_AND: *out = VK_LOGIC_OP_AND; return true;
   case GL_AND_REVERSE: *out = VK_LOGIC_OP_AND_REVERSE; return true;
   case GL_COPY: *out = VK_LOGIC_OP_COPY; return true;
   case GL_AND_INVERTED: *out = VK_LOGIC_OP_AND_INVERTED; return true;
   case GL_NOOP: *out = VK_LOGIC_OP_NO_OP; return true;
   case GL_XOR: *out = VK_LOGIC_OP_XOR; return true;
   case GL_OR: *out = VK_LOGIC_OP_OR; return true;
   case GL_NOR: *out = VK_LOGIC_OP_NOR; return true;
   case GL_EQUIV: *out = VK_LOGIC_OP_EQUIVALENT; return true;
   case GL_INVERT: *out = VK_LOGIC_OP_INVERT; return true;
   case GL_OR_REVERSE: *out = VK_LOGIC_OP_OR_REVERSE; return true;
   case GL_COPY_INVERTED: *out = VK_LOGIC_OP_COPY_INVERTED; return true;
   case GL_OR_INVERTED: *out = VK_LOGIC_OP_OR_INVERTED; return true;
   case GL_NAND: *out = VK_LOGIC_OP_NAND; return true;
   case GL_SET: *out = VK_LOGIC_OP_SET; return true;
   default: return false;
   }
}

/* QUADS is not mapped; LINE_LOOP arrives rewritten by the client (fe_prim_rewrite.c). The
 * adjacency modes map one to one (their extra vertices reach only a geometry stage; without
 * one they are ignored, as in GL). */
bool
vkb_gl_topology(uint32_t mode, VkPrimitiveTopology *out)
{
   switch (mode) {
   case GL_POINTS: *out = VK_PRIMITIVE_TOPOLOGY_POINT_LIST; return true;
   case GL_LINES: *out = VK_PRIMITIVE_TOPOLOGY_LINE_LIST; return true;
   case GL_LINE_STRIP: *out = VK_PRIMITIVE_TOPOLOGY_LINE_STRIP; return true;
   case GL_TRIANGLES: *out = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST; return true;
   case GL_TRIANGLE_STRIP: *out = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP; return true;
   case GL_TRIANGLE_FAN: *out = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN; return true;
   case GL_LINES_ADJACENCY: *out = VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY; return true;
   case GL_LINE_STRIP_ADJACENCY:
      *out = VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY;
      return true;
   case GL_TRIANGLES_ADJACENCY:
      *out = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY;
      return true;
   case GL_TRIANGLE_STRIP_ADJACENCY:
      *out = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY;
      return true;
   default: return false;
   }
}

const char *
vkb_gl_mode_name(uint32_t mode)
{
   switch (mode) {
   case GL_POINTS: return "GL_POINTS";
   case GL_LINES: return "GL_LINES";
   case GL_LINE_LOOP: return "GL_LINE_LOOP";
   case GL_LINE_STRIP: return "GL_LINE_STRIP";
   case GL_TRIANGLES: return "GL_TRIANGLES";
   case GL_TRIANGLE_STRIP: return "GL_TRIANGLE_STRIP";
   case GL_TRIANGLE_FAN: return "GL_TRIANGLE_FAN";
   case GL_LINES_ADJACENCY: return "GL_LINES_ADJACENCY";
   case GL_LINE_STRIP_ADJACENCY: return "GL_LINE_STRIP_ADJACENCY";
   case GL_TRIANGLES_ADJACENCY: return "GL_TRIANGLES_ADJACENCY";
   case GL_TRIANGLE_STRIP_ADJACENCY: return "GL_TRIANGLE_STRIP_ADJACENCY";
   case GL_PATCHES: return "GL_PATCHES";
   default: return "unknown mode";
   }
}

bool
vkb_gl_wrap(const struct vkb_screen *scr, uint32_t gl, VkSamplerAddressMode *out)
{
   switch (gl) {
   case GL_REPEAT: *out = VK_SAMPLER_ADDRESS_MODE_REPEAT; return true;
   case GL_CLAMP_TO_EDGE: *out = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE; return true;
   case GL_MIRRORED_REPEAT: *out = VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT; return true;
   case GL_CLAMP_TO_BORDER: *out = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER; return true;
   case GL_MIRROR_CLAMP_TO_EDGE:
      if (!scr->has_mirror_clamp)
         return false;
      *out = VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE;
      return true;
   default: return false;
   }
}

/* GL vertex attribute (type, size, normalized / integer / double) to a vertex-buffer VkFormat.
 * size 5 is GL_BGRA. Returns the element's byte size too. */
bool
vkb_gl_vertex_format(const struct mgp_vertex_attrib *a, VkFormat *out, uint32_t *bytes)
{
   const bool norm = (a->flags & MGP_ATTRIB_NORMALIZED) != 0;
   const bool integer = (a->flags & MGP_ATTRIB_INTEGER) != 0;
   const bool dbl = (a->flags & MGP_ATTRIB_DOUBLE) != 0;
   const unsigned n = a->size == MGP_ATTRIB_SIZE_BGRA ? 4 : a->size;
   if (n < 1 || n > 4)
      return false;
   const unsigned i = n - 1;

#define PICK(tbl, sz)                                                                          \
   do {                                                                                        \
      *out = (tbl)[i];                                                                         \
      *bytes = (sz) * n;                                                                       \
      return *out != VK_FORMAT_UNDEFINED;                                                      \
   } while (0)

   if (a->size == MGP_ATTRIB_SIZE_BGRA) {
      switch (a->type) {
      case GL_UNSIGNED_BYTE:
         if (!norm)
            return false;
         *out = VK_FORMAT_B8G8R8A8_UNORM;
         *bytes = 4;
         return true;
      case GL_INT_2_10_10_10_REV:
         *out = norm ? VK_FORMAT_A2R10G10B10_SNORM_PACK32 : VK_FORMAT_A2R10G10B10_SSCALED_PACK32;
         *bytes = 4;
         return true;
      case GL_UNSIGNED_INT_2_10_10_10_REV:
         *out = norm ? VK_FORMAT_A2R10G10B10_UNORM_PACK32 : VK_FORMAT_A2R10G10B10_USCALED_PACK32;
         *bytes = 4;
         return true;
      default:
         return false;
      }
   }

   switch (a->type) {
   case GL_FLOAT: {
      if (integer || dbl)
         return false;
      static const VkFormat f[4] = {VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT,
                                    VK_FORMAT_R32G32B32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT};
      PICK(f, 4);
   }
   case GL_HALF_FLOAT: {
      static const VkFormat f[4] = {VK_FORMAT_R16_SFLOAT, VK_FORMAT_R16G16_SFLOAT,
                                    VK_FORMAT_R16G16B16_SFLOAT, VK_FORMAT_R16G16B16A16_SFLOAT};
      PICK(f, 2);
   }
   case GL_DOUBLE: {
      if (!dbl)
         return false; /* GL converts doubles to float here; no Vulkan format does */
      static const VkFormat f[4] = {VK_FORMAT_R64_SFLOAT, VK_FORMAT_R64G64_SFLOAT,
                                    VK_FORMAT_R64G64B64_SFLOAT, VK_FORMAT_R64G64B64A64_SFLOAT};
      PICK(f, 8);
   }
   case GL_BYTE: {
      static const VkFormat fi[4] = {VK_FORMAT_R8_SINT, VK_FORMAT_R8G8_SINT, VK_FORMAT_R8G8B8_SINT,
                                     VK_FORMAT_R8G8B8A8_SINT};
      static const VkFormat fn[4] = {VK_FORMAT_R8_SNORM, VK_FORMAT_R8G8_SNORM,
                                     VK_FORMAT_R8G8B8_SNORM, VK_FORMAT_R8G8B8A8_SNORM};
      static const VkFormat fs[4] = {VK_FORMAT_R8_SSCALED, VK_FORMAT_R8G8_SSCALED,
                                     VK_FORMAT_R8G8B8_SSCALED, VK_FORMAT_R8G8B8A8_SSCALED};
      PICK(integer ? fi : norm ? fn : fs, 1);
   }
   case GL_UNSIGNED_BYTE: {
      static const VkFormat fi[4] = {VK_FORMAT_R8_UINT, VK_FORMAT_R8G8_UINT, VK_FORMAT_R8G8B8_UINT,
                                     VK_FORMAT_R8G8B8A8_UINT};
      static const VkFormat fn[4] = {VK_FORMAT_R8_UNORM, VK_FORMAT_R8G8_UNORM,
                                     VK_FORMAT_R8G8B8_UNORM, VK_FORMAT_R8G8B8A8_UNORM};
      static const VkFormat fs[4] = {VK_FORMAT_R8_USCALED, VK_FORMAT_R8G8_USCALED,
                                     VK_FORMAT_R8G8B8_USCALED, VK_FORMAT_R8G8B8A8_USCALED};
      PICK(integer ? fi : norm ? fn : fs, 1);
   }
   case GL_SHORT: {
      static const VkFormat fi[4] = {VK_FORMAT_R16_SINT, VK_FORMAT_R16G16_SINT,
                                     VK_FORMAT_R16G16B16_SINT, VK_FORMAT_R16G16B16A16_SINT};
      static const VkFormat fn[4] = {VK_FORMAT_R16_SNORM, VK_FORMAT_R16G16_SNORM,
                                     VK_FORMAT_R16G16B16_SNORM, VK_FORMAT_R16G16B16A16_SNORM};
      static const VkFormat fs[4] = {VK_FORMAT_R16_SSCALED, VK_FORMAT_R16G16_SSCALED,
                                     VK_FORMAT_R16G16B16_SSCALED, VK_FORMAT_R16G16B16A16_SSCALED};
      PICK(integer ? fi : norm ? fn : fs, 2);
   }
   case GL_UNSIGNED_SHORT: {
      static const VkFormat fi[4] = {VK_FORMAT_R16_UINT, VK_FORMAT_R16G16_UINT,
                                     VK_FORMAT_R16G16B16_UINT, VK_FORMAT_R16G16B16A16_UINT};
      static const VkFormat fn[4] = {VK_FORMAT_R16_UNORM, VK_FORMAT_R16G16_UNORM,
                                     VK_FORMAT_R16G16B16_UNORM, VK_FORMAT_R16G16B16A16_UNORM};
      static const VkFormat fs[4] = {VK_FORMAT_R16_USCALED, VK_FORMAT_R16G16_USCALED,
                                     VK_FORMAT_R16G16B16_USCALED, VK_FORMAT_R16G16B16A16_USCALED};
      PICK(integer ? fi : norm ? fn : fs, 2);
   }
   case GL_INT: {
      if (!integer)
         return false; /* normalized / float-converted 32-bit ints: no Vulkan format */
      static const VkFormat f[4] = {VK_FORMAT_R32_SINT, VK_FORMAT_R32G32_SINT,
                                    VK_FORMAT_R32G32B32_SINT, VK_FORMAT_R32G32B32A32_SINT};
      PICK(f, 4);
   }
   case GL_UNSIGNED_INT: {
      if (!integer)
         return false;
      static const VkFormat f[4] = {VK_FORMAT_R32_UINT, VK_FORMAT_R32G32_UINT,
                                    VK_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32A32_UINT};
      PICK(f, 4);
   }
   case GL_INT_2_10_10_10_REV:
      if (n != 4)
         return false;
      *out = norm ? VK_FORMAT_A2B10G10R10_SNORM_PACK32 : VK_FORMAT_A2B10G10R10_SSCALED_PACK32;
      *bytes = 4;
      return true;
   case GL_UNSIGNED_INT_2_10_10_10_REV:
      if (n != 4)
         return false;
      *out = norm ? VK_FORMAT_A2B10G10R10_UNORM_PACK32 : VK_FORMAT_A2B10G10R10_USCALED_PACK32;
      *bytes = 4;
      return true;
   case GL_UNSIGNED_INT_10F_11F_11F_REV:
      if (n != 3)
         return false;
      *out = VK_FORMAT_B10G11R11_UFLOAT_PACK32;
      *bytes = 4;
      return true;
   default:
      return false;
   }
#undef PICK
}
