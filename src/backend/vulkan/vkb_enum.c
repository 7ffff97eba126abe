/* vkb_enum.c — MGPipe's enums (pipe_types.def) to Vulkan's, in one place: small tables indexed
 * by the mgp_ value. Every function answers false for a value it does not map (or one past the
 * enum, which only a broken monolith front end could pass: the decoder refuses it on the wire);
 * the caller declines by name. */
#include "vkb.h"

#define LOOKUP(table, v, out)                                                                      \
   do {                                                                                            \
      if ((v) >= sizeof(table) / sizeof((table)[0]))                                               \
         return false;                                                                             \
      *(out) = (table)[v];                                                                         \
      return true;                                                                                 \
   } while (0)

bool
vkb_enum_blend_factor(uint32_t v, VkBlendFactor *out)
{
   static const VkBlendFactor t[MGP_BLEND_FACTOR_COUNT] = {
      [MGP_BLEND_FACTOR_ZERO] = VK_BLEND_FACTOR_ZERO,
      [MGP_BLEND_FACTOR_ONE] = VK_BLEND_FACTOR_ONE,
      [MGP_BLEND_FACTOR_SRC_COLOR] = VK_BLEND_FACTOR_SRC_COLOR,
      [MGP_BLEND_FACTOR_ONE_MINUS_SRC_COLOR] = VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR,
      [MGP_BLEND_FACTOR_DST_COLOR] = VK_BLEND_FACTOR_DST_COLOR,
      [MGP_BLEND_FACTOR_ONE_MINUS_DST_COLOR] = VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR,
      [MGP_BLEND_FACTOR_SRC_ALPHA] = VK_BLEND_FACTOR_SRC_ALPHA,
      [MGP_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA] = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
      [MGP_BLEND_FACTOR_DST_ALPHA] = VK_BLEND_FACTOR_DST_ALPHA,
      [MGP_BLEND_FACTOR_ONE_MINUS_DST_ALPHA] = VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA,
      [MGP_BLEND_FACTOR_CONSTANT_COLOR] = VK_BLEND_FACTOR_CONSTANT_COLOR,
      [MGP_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR] = VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR,
      [MGP_BLEND_FACTOR_CONSTANT_ALPHA] = VK_BLEND_FACTOR_CONSTANT_ALPHA,
      [MGP_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA] = VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA,
      [MGP_BLEND_FACTOR_SRC_ALPHA_SATURATE] = VK_BLEND_FACTOR_SRC_ALPHA_SATURATE,
      [MGP_BLEND_FACTOR_SRC1_COLOR] = VK_BLEND_FACTOR_SRC1_COLOR,
      [MGP_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR] = VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR,
      [MGP_BLEND_FACTOR_SRC1_ALPHA] = VK_BLEND_FACTOR_SRC1_ALPHA,
      [MGP_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA] = VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA,
   };
   LOOKUP(t, v, out);
}

bool
vkb_enum_blend_op(uint32_t v, VkBlendOp *out)
{
   /* the advanced equations (MGP_BLEND_OP_MULTIPLY ..) come only with MGP_CAP_BLEND_ADVANCED,
    * which this backend does not set: past the table, refused */
   static const VkBlendOp t[MGP_BLEND_OP_MAX + 1] = {
      [MGP_BLEND_OP_ADD] = VK_BLEND_OP_ADD,
      [MGP_BLEND_OP_SUBTRACT] = VK_BLEND_OP_SUBTRACT,
      [MGP_BLEND_OP_REVERSE_SUBTRACT] = VK_BLEND_OP_REVERSE_SUBTRACT,
      [MGP_BLEND_OP_MIN] = VK_BLEND_OP_MIN,
      [MGP_BLEND_OP_MAX] = VK_BLEND_OP_MAX,
   };
   LOOKUP(t, v, out);
}

bool
vkb_enum_compare_op(uint32_t v, VkCompareOp *out)
{
   static const VkCompareOp t[MGP_COMPARE_FUNC_COUNT] = {
      [MGP_COMPARE_FUNC_NEVER] = VK_COMPARE_OP_NEVER,
      [MGP_COMPARE_FUNC_LESS] = VK_COMPARE_OP_LESS,
      [MGP_COMPARE_FUNC_EQUAL] = VK_COMPARE_OP_EQUAL,
      [MGP_COMPARE_FUNC_LEQUAL] = VK_COMPARE_OP_LESS_OR_EQUAL,
      [MGP_COMPARE_FUNC_GREATER] = VK_COMPARE_OP_GREATER,
      [MGP_COMPARE_FUNC_NOTEQUAL] = VK_COMPARE_OP_NOT_EQUAL,
      [MGP_COMPARE_FUNC_GEQUAL] = VK_COMPARE_OP_GREATER_OR_EQUAL,
      [MGP_COMPARE_FUNC_ALWAYS] = VK_COMPARE_OP_ALWAYS,
   };
   LOOKUP(t, v, out);
}

bool
vkb_enum_stencil_op(uint32_t v, VkStencilOp *out)
{
   static const VkStencilOp t[MGP_STENCIL_OP_COUNT] = {
      [MGP_STENCIL_OP_KEEP] = VK_STENCIL_OP_KEEP,
      [MGP_STENCIL_OP_ZERO] = VK_STENCIL_OP_ZERO,
      [MGP_STENCIL_OP_REPLACE] = VK_STENCIL_OP_REPLACE,
      [MGP_STENCIL_OP_INCR] = VK_STENCIL_OP_INCREMENT_AND_CLAMP,
      [MGP_STENCIL_OP_DECR] = VK_STENCIL_OP_DECREMENT_AND_CLAMP,
      [MGP_STENCIL_OP_INVERT] = VK_STENCIL_OP_INVERT,
      [MGP_STENCIL_OP_INCR_WRAP] = VK_STENCIL_OP_INCREMENT_AND_WRAP,
      [MGP_STENCIL_OP_DECR_WRAP] = VK_STENCIL_OP_DECREMENT_AND_WRAP,
   };
   LOOKUP(t, v, out);
}

bool
vkb_enum_logic_op(uint32_t v, VkLogicOp *out)
{
   static const VkLogicOp t[MGP_LOGIC_OP_COUNT] = {
      [MGP_LOGIC_OP_CLEAR] = VK_LOGIC_OP_CLEAR,
      [MGP_LOGIC_OP_AND] = VK_LOGIC_OP_AND,
      [MGP_LOGIC_OP_AND_REVERSE] = VK_LOGIC_OP_AND_REVERSE,
      [MGP_LOGIC_OP_COPY] = VK_LOGIC_OP_COPY,
      [MGP_LOGIC_OP_AND_INVERTED] = VK_LOGIC_OP_AND_INVERTED,
      [MGP_LOGIC_OP_NOOP] = VK_LOGIC_OP_NO_OP,
      [MGP_LOGIC_OP_XOR] = VK_LOGIC_OP_XOR,
      [MGP_LOGIC_OP_OR] = VK_LOGIC_OP_OR,
      [MGP_LOGIC_OP_NOR] = VK_LOGIC_OP_NOR,
      [MGP_LOGIC_OP_EQUIV] = VK_LOGIC_OP_EQUIVALENT,
      [MGP_LOGIC_OP_INVERT] = VK_LOGIC_OP_INVERT,
      [MGP_LOGIC_OP_OR_REVERSE] = VK_LOGIC_OP_OR_REVERSE,
      [MGP_LOGIC_OP_COPY_INVERTED] = VK_LOGIC_OP_COPY_INVERTED,
      [MGP_LOGIC_OP_OR_INVERTED] = VK_LOGIC_OP_OR_INVERTED,
      [MGP_LOGIC_OP_NAND] = VK_LOGIC_OP_NAND,
      [MGP_LOGIC_OP_SET] = VK_LOGIC_OP_SET,
   };
   LOOKUP(t, v, out);
}

/* LINE_LOOP is not mapped; it arrives rewritten by the client (fe_prim_rewrite.c). The adjacency modes map
 * one to one (their extra vertices reach only a geometry stage; without one they are ignored,
 * as in GL). PATCHES is a patch list (the draw checks the program tessellates). */
bool
vkb_enum_topology(uint32_t mode, VkPrimitiveTopology *out)
{
   static const VkPrimitiveTopology t[MGP_PRIM_COUNT] = {
      [MGP_PRIM_POINTS] = VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
      [MGP_PRIM_LINES] = VK_PRIMITIVE_TOPOLOGY_LINE_LIST,
      [MGP_PRIM_LINE_LOOP] = VK_PRIMITIVE_TOPOLOGY_MAX_ENUM,
      [MGP_PRIM_LINE_STRIP] = VK_PRIMITIVE_TOPOLOGY_LINE_STRIP,
      [MGP_PRIM_TRIANGLES] = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
      [MGP_PRIM_TRIANGLE_STRIP] = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP,
      [MGP_PRIM_TRIANGLE_FAN] = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN,
      [MGP_PRIM_LINES_ADJACENCY] = VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY,
      [MGP_PRIM_LINE_STRIP_ADJACENCY] = VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY,
      [MGP_PRIM_TRIANGLES_ADJACENCY] = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY,
      [MGP_PRIM_TRIANGLE_STRIP_ADJACENCY] = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY,
      [MGP_PRIM_PATCHES] = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST,
   };
   if (mode >= MGP_PRIM_COUNT || t[mode] == VK_PRIMITIVE_TOPOLOGY_MAX_ENUM)
      return false;
   *out = t[mode];
   return true;
}

const char *
vkb_enum_prim_name(uint32_t mode)
{
   static const char *const names[MGP_PRIM_COUNT] = {
      [MGP_PRIM_POINTS] = "POINTS",
      [MGP_PRIM_LINES] = "LINES",
      [MGP_PRIM_LINE_LOOP] = "LINE_LOOP",
      [MGP_PRIM_LINE_STRIP] = "LINE_STRIP",
      [MGP_PRIM_TRIANGLES] = "TRIANGLES",
      [MGP_PRIM_TRIANGLE_STRIP] = "TRIANGLE_STRIP",
      [MGP_PRIM_TRIANGLE_FAN] = "TRIANGLE_FAN",
      [MGP_PRIM_LINES_ADJACENCY] = "LINES_ADJACENCY",
      [MGP_PRIM_LINE_STRIP_ADJACENCY] = "LINE_STRIP_ADJACENCY",
      [MGP_PRIM_TRIANGLES_ADJACENCY] = "TRIANGLES_ADJACENCY",
      [MGP_PRIM_TRIANGLE_STRIP_ADJACENCY] = "TRIANGLE_STRIP_ADJACENCY",
      [MGP_PRIM_PATCHES] = "PATCHES",
   };
   return mode < MGP_PRIM_COUNT ? names[mode] : "unknown mode";
}

bool
vkb_enum_wrap(const struct vkb_screen *scr, uint32_t v, VkSamplerAddressMode *out)
{
   static const VkSamplerAddressMode t[MGP_WRAP_COUNT] = {
      [MGP_WRAP_REPEAT] = VK_SAMPLER_ADDRESS_MODE_REPEAT,
      [MGP_WRAP_CLAMP_TO_EDGE] = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      [MGP_WRAP_MIRRORED_REPEAT] = VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT,
      [MGP_WRAP_CLAMP_TO_BORDER] = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
      [MGP_WRAP_MIRROR_CLAMP_TO_EDGE] = VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE,
   };
   if (v == MGP_WRAP_MIRROR_CLAMP_TO_EDGE && !scr->has_mirror_clamp)
      return false;
   LOOKUP(t, v, out);
}

bool
vkb_enum_vertex_format(const struct mgp_vertex_attrib *a, VkFormat *out, uint32_t *bytes)
{
   const bool norm = (a->flags & MGP_ATTRIB_NORMALIZED) != 0;
   const bool integer = (a->flags & MGP_ATTRIB_INTEGER) != 0;
   const bool dbl = (a->flags & MGP_ATTRIB_DOUBLE) != 0;
   const unsigned n = a->size == MGP_ATTRIB_SIZE_BGRA ? 4 : a->size;
   if (n < 1 || n > 4)
      return false;
   const unsigned i = n - 1;

#define PICK(tbl, sz)                                                                              \
   do {                                                                                            \
      *out = (tbl)[i];                                                                             \
      *bytes = (sz)*n;                                                                             \
      return *out != VK_FORMAT_UNDEFINED;                                                          \
   } while (0)

   if (a->size == MGP_ATTRIB_SIZE_BGRA) {
      switch (a->type) {
      case MGP_VERTEX_TYPE_UNSIGNED_BYTE:
         if (!norm)
            return false;
         *out = VK_FORMAT_B8G8R8A8_UNORM;
         *bytes = 4;
         return true;
      case MGP_VERTEX_TYPE_INT_2_10_10_10_REV:
         *out = norm ? VK_FORMAT_A2R10G10B10_SNORM_PACK32 : VK_FORMAT_A2R10G10B10_SSCALED_PACK32;
         *bytes = 4;
         return true;
      case MGP_VERTEX_TYPE_UNSIGNED_INT_2_10_10_10_REV:
         *out = norm ? VK_FORMAT_A2R10G10B10_UNORM_PACK32 : VK_FORMAT_A2R10G10B10_USCALED_PACK32;
         *bytes = 4;
         return true;
      default: return false;
      }
   }

   switch (a->type) {
   case MGP_VERTEX_TYPE_FLOAT: {
      if (integer || dbl)
         return false;
      static const VkFormat f[4] = {VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT,
                                    VK_FORMAT_R32G32B32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT};
      PICK(f, 4);
   }
   case MGP_VERTEX_TYPE_HALF_FLOAT: {
      static const VkFormat f[4] = {VK_FORMAT_R16_SFLOAT, VK_FORMAT_R16G16_SFLOAT,
                                    VK_FORMAT_R16G16B16_SFLOAT, VK_FORMAT_R16G16B16A16_SFLOAT};
      PICK(f, 2);
   }
   case MGP_VERTEX_TYPE_DOUBLE: {
      if (!dbl)
         return false; /* GL converts doubles to float here; no Vulkan format does */
      static const VkFormat f[4] = {VK_FORMAT_R64_SFLOAT, VK_FORMAT_R64G64_SFLOAT,
                                    VK_FORMAT_R64G64B64_SFLOAT, VK_FORMAT_R64G64B64A64_SFLOAT};
      PICK(f, 8);
   }
   case MGP_VERTEX_TYPE_BYTE: {
      static const VkFormat fi[4] = {VK_FORMAT_R8_SINT, VK_FORMAT_R8G8_SINT, VK_FORMAT_R8G8B8_SINT,
                                     VK_FORMAT_R8G8B8A8_SINT};
      static const VkFormat fn[4] = {VK_FORMAT_R8_SNORM, VK_FORMAT_R8G8_SNORM,
                                     VK_FORMAT_R8G8B8_SNORM, VK_FORMAT_R8G8B8A8_SNORM};
      static const VkFormat fs[4] = {VK_FORMAT_R8_SSCALED, VK_FORMAT_R8G8_SSCALED,
                                     VK_FORMAT_R8G8B8_SSCALED, VK_FORMAT_R8G8B8A8_SSCALED};
      PICK(integer ? fi : norm ? fn : fs, 1);
   }
   case MGP_VERTEX_TYPE_UNSIGNED_BYTE: {
      static const VkFormat fi[4] = {VK_FORMAT_R8_UINT, VK_FORMAT_R8G8_UINT, VK_FORMAT_R8G8B8_UINT,
                                     VK_FORMAT_R8G8B8A8_UINT};
      static const VkFormat fn[4] = {VK_FORMAT_R8_UNORM, VK_FORMAT_R8G8_UNORM,
                                     VK_FORMAT_R8G8B8_UNORM, VK_FORMAT_R8G8B8A8_UNORM};
      static const VkFormat fs[4] = {VK_FORMAT_R8_USCALED, VK_FORMAT_R8G8_USCALED,
                                     VK_FORMAT_R8G8B8_USCALED, VK_FORMAT_R8G8B8A8_USCALED};
      PICK(integer ? fi : norm ? fn : fs, 1);
   }
   case MGP_VERTEX_TYPE_SHORT: {
      static const VkFormat fi[4] = {VK_FORMAT_R16_SINT, VK_FORMAT_R16G16_SINT,
                                     VK_FORMAT_R16G16B16_SINT, VK_FORMAT_R16G16B16A16_SINT};
      static const VkFormat fn[4] = {VK_FORMAT_R16_SNORM, VK_FORMAT_R16G16_SNORM,
                                     VK_FORMAT_R16G16B16_SNORM, VK_FORMAT_R16G16B16A16_SNORM};
      static const VkFormat fs[4] = {VK_FORMAT_R16_SSCALED, VK_FORMAT_R16G16_SSCALED,
                                     VK_FORMAT_R16G16B16_SSCALED, VK_FORMAT_R16G16B16A16_SSCALED};
      PICK(integer ? fi : norm ? fn : fs, 2);
   }
   case MGP_VERTEX_TYPE_UNSIGNED_SHORT: {
      static const VkFormat fi[4] = {VK_FORMAT_R16_UINT, VK_FORMAT_R16G16_UINT,
                                     VK_FORMAT_R16G16B16_UINT, VK_FORMAT_R16G16B16A16_UINT};
      static const VkFormat fn[4] = {VK_FORMAT_R16_UNORM, VK_FORMAT_R16G16_UNORM,
                                     VK_FORMAT_R16G16B16_UNORM, VK_FORMAT_R16G16B16A16_UNORM};
      static const VkFormat fs[4] = {VK_FORMAT_R16_USCALED, VK_FORMAT_R16G16_USCALED,
                                     VK_FORMAT_R16G16B16_USCALED, VK_FORMAT_R16G16B16A16_USCALED};
      PICK(integer ? fi : norm ? fn : fs, 2);
   }
   case MGP_VERTEX_TYPE_INT: {
      if (!integer)
         return false; /* normalized / float-converted 32-bit ints: no Vulkan format */
      static const VkFormat f[4] = {VK_FORMAT_R32_SINT, VK_FORMAT_R32G32_SINT,
                                    VK_FORMAT_R32G32B32_SINT, VK_FORMAT_R32G32B32A32_SINT};
      PICK(f, 4);
   }
   case MGP_VERTEX_TYPE_UNSIGNED_INT: {
      if (!integer)
         return false;
      static const VkFormat f[4] = {VK_FORMAT_R32_UINT, VK_FORMAT_R32G32_UINT,
                                    VK_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32A32_UINT};
      PICK(f, 4);
   }
   case MGP_VERTEX_TYPE_INT_2_10_10_10_REV:
      if (n != 4)
         return false;
      *out = norm ? VK_FORMAT_A2B10G10R10_SNORM_PACK32 : VK_FORMAT_A2B10G10R10_SSCALED_PACK32;
      *bytes = 4;
      return true;
   case MGP_VERTEX_TYPE_UNSIGNED_INT_2_10_10_10_REV:
      if (n != 4)
         return false;
      *out = norm ? VK_FORMAT_A2B10G10R10_UNORM_PACK32 : VK_FORMAT_A2B10G10R10_USCALED_PACK32;
      *bytes = 4;
      return true;
   case MGP_VERTEX_TYPE_UNSIGNED_INT_10F_11F_11F_REV:
      if (n != 3)
         return false;
      *out = VK_FORMAT_B10G11R11_UFLOAT_PACK32;
      *bytes = 4;
      return true;
   default: return false;
   }
#undef PICK
}
