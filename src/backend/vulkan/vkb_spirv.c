/* vkb_spirv.c — the little the backend reads from SPIR-V itself: each descriptor variable's
 * binding, type and array size (the reflection carries masks, not descriptor counts: an array
 * of N samplers is one binding with descriptorCount N), the entry point's name, and whether
 * the module needs shaderDrawParameters. Everything is bounds-checked: the words come from
 * the client. */
#include <stdlib.h>
#include <string.h>

#include "spv.h"
#include "vkb.h"


static uint32_t
exec_model_for(VkShaderStageFlagBits stage)
{
   switch (stage) {
   case VK_SHADER_STAGE_VERTEX_BIT: return SpvExecutionModelVertex;
   case VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT: return SpvExecutionModelTessellationControl;
   case VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT: return SpvExecutionModelTessellationEvaluation;
   case VK_SHADER_STAGE_GEOMETRY_BIT: return SpvExecutionModelGeometry;
   case VK_SHADER_STAGE_FRAGMENT_BIT: return SpvExecutionModelFragment;
   default: return SpvExecutionModelGLCompute;
   }
}

static int
stage_index(VkShaderStageFlagBits stage)
{
   switch (stage) {
   case VK_SHADER_STAGE_VERTEX_BIT: return MGP_SHADER_STAGE_VERTEX;
   case VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT: return MGP_SHADER_STAGE_TESS_CTRL;
   case VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT: return MGP_SHADER_STAGE_TESS_EVAL;
   case VK_SHADER_STAGE_GEOMETRY_BIT: return MGP_SHADER_STAGE_GEOMETRY;
   case VK_SHADER_STAGE_FRAGMENT_BIT: return MGP_SHADER_STAGE_FRAGMENT;
   default: return MGP_SHADER_STAGE_COMPUTE;
   }
}

bool
vkb_spirv_scan(const uint32_t *w, size_t n, VkShaderStageFlagBits stage, struct vkb_shader *sh,
               const char **why)
{
   if (n < 5 || w[0] != SpvMagicNumber) {
      *why = "not SPIR-V (bad magic or too short)";
      return false;
   }
   const uint32_t bound = w[3];
   if (bound == 0 || bound > (1u << 22)) {
      *why = "SPIR-V id bound out of range";
      return false;
   }
   /* Per id: offset of the defining instruction (types, constants, variables), decorations. */
   uint32_t *def = calloc(bound, sizeof(uint32_t));
   int32_t *binding = malloc(bound * sizeof(int32_t));
   int32_t *set = malloc(bound * sizeof(int32_t));
   uint8_t *block = calloc(bound, 1);
   uint8_t *ps = calloc(bound, 1); /* 1: PointSize variable, 2: pointer to it, 0x80|m: struct
                                      whose member m is PointSize (m < 127) */
   if (!def || !binding || !set || !block || !ps) {
      free(def), free(binding), free(set), free(block), free(ps);
      *why = "out of memory scanning SPIR-V";
      return false;
   }
   for (uint32_t i = 0; i < bound; i++)
      binding[i] = set[i] = -1;

   bool ok = true, found_entry = false;
   const int si = stage_index(stage);
   uint32_t prim_ids[4], n_prim = 0; /* ids decorated BuiltIn PrimitiveId (GS: in and out) */
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const size_t pc = it.pc;
      const uint32_t *o = it.o;
      const uint32_t nops = it.nops;
      switch (it.op) {
      case SpvOpCapability:
         if (nops >= 1 && o[0] == SpvCapabilityDrawParameters)
            sh->needs_draw_params = true;
         /* interpolateAt*: InterpolateAtSample rules out custom sample locations */
         if (nops >= 1 && o[0] == SpvCapabilityInterpolationFunction &&
             stage == VK_SHADER_STAGE_FRAGMENT_BIT)
            sh->interp_functions = true;
         break;
      case SpvOpEntryPoint:
         if (nops >= 3 && o[0] == exec_model_for(stage) && !found_entry) {
            size_t max = (nops - 2) * 4;
            const char *name = (const char *)&o[2];
            size_t l = strnlen(name, max);
            if (l == max || l >= sizeof(sh->entry[0])) {
               *why = "entry point name unterminated or too long";
               ok = false;
               break;
            }
            memcpy(sh->entry[si], name, l + 1);
            found_entry = true;
         }
         break;
      case SpvOpExecutionMode:
         if (nops >= 2 && o[1] == SpvExecutionModeOutputPoints && stage == VK_SHADER_STAGE_GEOMETRY_BIT)
            sh->gs_output_points = true;
         if (nops >= 2 && o[1] == SpvExecutionModeOutputLineStrip &&
             stage == VK_SHADER_STAGE_GEOMETRY_BIT)
            sh->gs_output_lines = true;
         break;
      case SpvOpDecorate:
         if (nops >= 2 && o[0] < bound) {
            if (o[1] == SpvDecorationBinding && nops >= 3)
               binding[o[0]] = (int32_t)o[2];
            else if (o[1] == SpvDecorationDescriptorSet && nops >= 3)
               set[o[0]] = (int32_t)o[2];
            else if (o[1] == SpvDecorationBlock)
               block[o[0]] = 1;
            else if (o[1] == SpvDecorationBufferBlock)
               block[o[0]] = 2;
            else if (o[1] == SpvDecorationBuiltIn && nops >= 3 && o[2] == SpvBuiltInPointSize)
               ps[o[0]] = 1;
            else if (o[1] == SpvDecorationBuiltIn && nops >= 3 && o[2] == SpvBuiltInLayer &&
                     stage == VK_SHADER_STAGE_GEOMETRY_BIT) {
               sh->writes_layer = true;
               sh->layer_word = (uint32_t)(pc + 3);
            } else if (o[1] == SpvDecorationBuiltIn && nops >= 3 && o[2] == SpvBuiltInPrimitiveId &&
                       stage == VK_SHADER_STAGE_GEOMETRY_BIT && n_prim < 4)
               prim_ids[n_prim++] = o[0];
         }
         break;
      case SpvOpMemberDecorate:
         if (nops >= 4 && o[0] < bound && o[2] == SpvDecorationBuiltIn && o[3] == SpvBuiltInPointSize &&
             o[1] < 127)
            ps[o[0]] = (uint8_t)(0x80u | o[1]);
         break;
      case SpvOpVariable:
         if (nops >= 3 && o[1] < bound)
            def[o[1]] = (uint32_t)pc;
         break;
      case SpvOpAccessChain:
      case SpvOpInBoundsAccessChain:
         /* a pointer into an output block's PointSize member (base -> pointer -> struct) */
         if (nops >= 4 && o[1] < bound && o[2] < bound && def[o[2]] &&
             (w[def[o[2]]] & SpvOpCodeMask) == SpvOpVariable && w[def[o[2]] + 3] == SpvStorageClassOutput) {
            const uint32_t ptype = w[def[o[2]] + 1];
            if (ptype < bound && def[ptype] && (w[def[ptype]] & SpvOpCodeMask) == SpvOpTypePointer) {
               const uint32_t st = w[def[ptype] + 3];
               const uint32_t idx = o[3];
               if (st < bound && (ps[st] & 0x80) && idx < bound && def[idx] &&
                   (w[def[idx]] & SpvOpCodeMask) == SpvOpConstant && w[def[idx] + 3] == (ps[st] & 0x7fu))
                  ps[o[1]] = 2;
            }
         }
         break;
      case SpvOpStore:
         if (nops >= 2 && o[0] < bound && (ps[o[0]] == 1 || ps[o[0]] == 2))
            sh->writes_point_size[stage_index(stage)] = true;
         break;
      case SpvOpTypeImage:
      case SpvOpTypeSampler:
      case SpvOpTypeSampledImage:
      case SpvOpTypeArray:
      case SpvOpTypeRuntimeArray:
      case SpvOpTypeStruct:
      case SpvOpTypePointer:
         if (nops >= 1 && o[0] < bound)
            def[o[0]] = (uint32_t)pc;
         break;
      case SpvOpConstant:
         if (nops >= 3 && o[1] < bound)
            def[o[1]] = (uint32_t)pc;
         break;
      default:
         break;
      }
      if (!ok)
         break;
   }
   if (ok && it.bad) {
      *why = "truncated SPIR-V instruction";
      ok = false;
   }
   if (ok && !found_entry) {
      *why = "no entry point for the stage";
      ok = false;
   }
   for (uint32_t i = 0; ok && i < n_prim; i++)
      if (def[prim_ids[i]] && (w[def[prim_ids[i]]] & SpvOpCodeMask) == SpvOpVariable &&
          w[def[prim_ids[i]] + 3] == SpvStorageClassOutput)
         sh->gs_primitive_id_out = true;

   /* Second pass: the descriptor variables. */
   for (it = spv_walk_begin(w, n); ok && spv_walk_next(&it);) {
      const size_t pc = it.pc;
      if (it.op != SpvOpVariable || it.len < 4)
         continue;
      const uint32_t type = w[pc + 1], id = w[pc + 2], sc = w[pc + 3];
      if (sc != SpvStorageClassUniformConstant && sc != SpvStorageClassUniform && sc != SpvStorageClassStorageBuffer)
         continue;
      if (id >= bound || binding[id] < 0)
         continue;
      if (set[id] > 0) {
         *why = "descriptor set other than 0";
         ok = false;
         break;
      }
      /* pointer -> (array ->) element */
      if (type >= bound || !def[type] || (w[def[type]] & SpvOpCodeMask) != SpvOpTypePointer) {
         *why = "descriptor variable without a pointer type";
         ok = false;
         break;
      }
      uint32_t t = w[def[type] + 3], count = 1;
      if (t < bound && def[t] && (w[def[t]] & SpvOpCodeMask) == SpvOpTypeRuntimeArray) {
         *why = "runtime-sized descriptor array";
         ok = false;
         break;
      }
      if (t < bound && def[t] && (w[def[t]] & SpvOpCodeMask) == SpvOpTypeArray) {
         const uint32_t len_id = w[def[t] + 3];
         if (len_id >= bound || !def[len_id] || (w[def[len_id]] & SpvOpCodeMask) != SpvOpConstant) {
            *why = "descriptor array without a constant length";
            ok = false;
            break;
         }
         count = w[def[len_id] + 3];
         t = w[def[t] + 2];
      }
      if (t >= bound || !def[t]) {
         *why = "descriptor variable of unknown type";
         ok = false;
         break;
      }
      const uint32_t top = w[def[t]] & SpvOpCodeMask;
      VkDescriptorType dt;
      const char *unsupported = NULL;
      if (top == SpvOpTypeStruct && sc == SpvStorageClassUniform && block[t] == 1)
         dt = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
      else if (top == SpvOpTypeStruct)
         unsupported = "shader storage block";
      else if (top == SpvOpTypeSampledImage) {
         const uint32_t img = w[def[t] + 2];
         if (img < bound && def[img] && (w[def[img]] & SpvOpCodeMask) == SpvOpTypeImage &&
             w[def[img] + 3] == SpvDimBuffer)
            dt = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
         else
            dt = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
      } else if (top == SpvOpTypeImage)
         unsupported = "image (storage or separate)";
      else
         unsupported = "descriptor of an unsupported kind";
      const uint32_t b = (uint32_t)binding[id];
      if (b >= VKB_UNUSED_BINDING_BASE)
         continue; /* declared, statically unused (glsl.h contract) */
      if (unsupported) {
         *why = unsupported;
         ok = false;
         break;
      }
      if (b >= VKB_MAX_BINDING || count == 0 || b + count > VKB_MAX_BINDING) {
         *why = "descriptor binding out of range";
         ok = false;
         break;
      }
      const bool sampler_like = dt == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER ||
                                dt == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
      if ((b < VKB_SAMPLER_BASE) == sampler_like) {
         *why = "descriptor type does not match the binding contract";
         ok = false;
         break;
      }
      struct vkb_shader_binding *sb = &sh->binding[b];
      if (sb->count && (sb->type != dt || sb->count != count)) {
         *why = "binding declared differently in two stages";
         ok = false;
         break;
      }
      sb->type = dt;
      sb->count = count;
      sb->stages |= stage;
      if (b + 1 > sh->max_binding)
         sh->max_binding = b + 1;
   }

   free(def), free(binding), free(set), free(block), free(ps);
   return ok;
}

void
vkb_spirv_split_sets(uint32_t *w, size_t n)
{
   if (n < 5)
      return;
   const uint32_t bound = w[3];
   uint8_t *tex = bound && bound <= (1u << 22) ? calloc(bound, 1) : NULL;
   if (!tex)
      return; /* vkb_spirv_scan refused such a module already, or out of memory: set 0 */
   for (int pass = 0; pass < 2; pass++) {
      struct spv_walk it = spv_walk_begin(w, n);
      while (spv_walk_next(&it)) {
         uint32_t *o = &w[it.pc + 1];
         if (it.op == SpvOpDecorate && it.len >= 4 && o[0] < bound) {
            if (pass == 0 && o[1] == SpvDecorationBinding && o[2] >= VKB_SAMPLER_BASE)
               tex[o[0]] = 1;
            else if (pass == 1 && o[1] == SpvDecorationDescriptorSet && tex[o[0]])
               o[2] = VKB_SET_TEXTURES;
         }
      }
   }
   free(tex);
}
