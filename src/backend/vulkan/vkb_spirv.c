/* vkb_spirv.c — the little the backend reads from SPIR-V itself: each descriptor variable's
 * binding, type and array size (the reflection carries masks, not descriptor counts: an array
 * of N samplers is one binding with descriptorCount N), the entry point's name, and whether
 * the module needs shaderDrawParameters. Everything is bounds-checked: the words come from
 * the client. */
#include <stdlib.h>
#include <string.h>

#include "vkb.h"

enum {
   OP_ENTRY_POINT = 15,
   OP_EXECUTION_MODE = 16,
   OP_CAPABILITY = 17,
   OP_TYPE_IMAGE = 25,
   OP_TYPE_SAMPLER = 26,
   OP_TYPE_SAMPLED_IMAGE = 27,
   OP_TYPE_ARRAY = 28,
   OP_TYPE_RUNTIME_ARRAY = 29,
   OP_TYPE_STRUCT = 30,
   OP_TYPE_POINTER = 32,
   OP_CONSTANT = 43,
   OP_VARIABLE = 59,
   OP_STORE = 62,
   OP_ACCESS_CHAIN = 65,
   OP_IN_BOUNDS_ACCESS_CHAIN = 66,
   OP_DECORATE = 71,
   OP_MEMBER_DECORATE = 72,
};
enum { DEC_BLOCK = 2, DEC_BUFFER_BLOCK = 3, DEC_BUILTIN = 11, DEC_BINDING = 33,
       DEC_DESCRIPTOR_SET = 34 };
enum { BUILTIN_POINT_SIZE = 1, BUILTIN_PRIMITIVE_ID = 7, BUILTIN_LAYER = 9 };
enum { SC_UNIFORM_CONSTANT = 0, SC_UNIFORM = 2, SC_OUTPUT = 3, SC_STORAGE_BUFFER = 12 };
enum { CAP_DRAW_PARAMETERS = 4427, CAP_INTERPOLATION_FUNCTION = 52 };
enum { MODE_OUTPUT_POINTS = 27, MODE_OUTPUT_LINE_STRIP = 28 };
enum { DIM_BUFFER = 5 };

static uint32_t
exec_model_for(VkShaderStageFlagBits stage)
{
   switch (stage) {
   case VK_SHADER_STAGE_VERTEX_BIT: return 0;
   case VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT: return 1;
   case VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT: return 2;
   case VK_SHADER_STAGE_GEOMETRY_BIT: return 3;
   case VK_SHADER_STAGE_FRAGMENT_BIT: return 4;
   default: return 5;
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
   if (n < 5 || w[0] != 0x07230203u) {
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
   size_t pc = 5;
   while (pc < n) {
      const uint32_t op = w[pc] & 0xffffu, len = w[pc] >> 16;
      if (len == 0 || pc + len > n) {
         *why = "truncated SPIR-V instruction";
         ok = false;
         break;
      }
      const uint32_t *o = &w[pc + 1];
      const uint32_t nops = len - 1;
      switch (op) {
      case OP_CAPABILITY:
         if (nops >= 1 && o[0] == CAP_DRAW_PARAMETERS)
            sh->needs_draw_params = true;
         /* interpolateAt*: InterpolateAtSample rules out custom sample locations */
         if (nops >= 1 && o[0] == CAP_INTERPOLATION_FUNCTION &&
             stage == VK_SHADER_STAGE_FRAGMENT_BIT)
            sh->interp_functions = true;
         break;
      case OP_ENTRY_POINT:
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
      case OP_EXECUTION_MODE:
         if (nops >= 2 && o[1] == MODE_OUTPUT_POINTS && stage == VK_SHADER_STAGE_GEOMETRY_BIT)
            sh->gs_output_points = true;
         if (nops >= 2 && o[1] == MODE_OUTPUT_LINE_STRIP &&
             stage == VK_SHADER_STAGE_GEOMETRY_BIT)
            sh->gs_output_lines = true;
         break;
      case OP_DECORATE:
         if (nops >= 2 && o[0] < bound) {
            if (o[1] == DEC_BINDING && nops >= 3)
               binding[o[0]] = (int32_t)o[2];
            else if (o[1] == DEC_DESCRIPTOR_SET && nops >= 3)
               set[o[0]] = (int32_t)o[2];
            else if (o[1] == DEC_BLOCK)
               block[o[0]] = 1;
            else if (o[1] == DEC_BUFFER_BLOCK)
               block[o[0]] = 2;
            else if (o[1] == DEC_BUILTIN && nops >= 3 && o[2] == BUILTIN_POINT_SIZE)
               ps[o[0]] = 1;
            else if (o[1] == DEC_BUILTIN && nops >= 3 && o[2] == BUILTIN_LAYER &&
                     stage == VK_SHADER_STAGE_GEOMETRY_BIT) {
               sh->writes_layer = true;
               sh->layer_word = (uint32_t)(pc + 3);
            } else if (o[1] == DEC_BUILTIN && nops >= 3 && o[2] == BUILTIN_PRIMITIVE_ID &&
                       stage == VK_SHADER_STAGE_GEOMETRY_BIT && n_prim < 4)
               prim_ids[n_prim++] = o[0];
         }
         break;
      case OP_MEMBER_DECORATE:
         if (nops >= 4 && o[0] < bound && o[2] == DEC_BUILTIN && o[3] == BUILTIN_POINT_SIZE &&
             o[1] < 127)
            ps[o[0]] = (uint8_t)(0x80u | o[1]);
         break;
      case OP_VARIABLE:
         if (nops >= 3 && o[1] < bound)
            def[o[1]] = (uint32_t)pc;
         break;
      case OP_ACCESS_CHAIN:
      case OP_IN_BOUNDS_ACCESS_CHAIN:
         /* a pointer into an output block's PointSize member (base -> pointer -> struct) */
         if (nops >= 4 && o[1] < bound && o[2] < bound && def[o[2]] &&
             (w[def[o[2]]] & 0xffffu) == OP_VARIABLE && w[def[o[2]] + 3] == SC_OUTPUT) {
            const uint32_t ptype = w[def[o[2]] + 1];
            if (ptype < bound && def[ptype] && (w[def[ptype]] & 0xffffu) == OP_TYPE_POINTER) {
               const uint32_t st = w[def[ptype] + 3];
               const uint32_t idx = o[3];
               if (st < bound && (ps[st] & 0x80) && idx < bound && def[idx] &&
                   (w[def[idx]] & 0xffffu) == OP_CONSTANT && w[def[idx] + 3] == (ps[st] & 0x7fu))
                  ps[o[1]] = 2;
            }
         }
         break;
      case OP_STORE:
         if (nops >= 2 && o[0] < bound && (ps[o[0]] == 1 || ps[o[0]] == 2))
            sh->writes_point_size[stage_index(stage)] = true;
         break;
      case OP_TYPE_IMAGE:
      case OP_TYPE_SAMPLER:
      case OP_TYPE_SAMPLED_IMAGE:
      case OP_TYPE_ARRAY:
      case OP_TYPE_RUNTIME_ARRAY:
      case OP_TYPE_STRUCT:
      case OP_TYPE_POINTER:
         if (nops >= 1 && o[0] < bound)
            def[o[0]] = (uint32_t)pc;
         break;
      case OP_CONSTANT:
         if (nops >= 3 && o[1] < bound)
            def[o[1]] = (uint32_t)pc;
         break;
      default:
         break;
      }
      if (!ok)
         break;
      pc += len;
   }
   if (ok && !found_entry) {
      *why = "no entry point for the stage";
      ok = false;
   }
   for (uint32_t i = 0; ok && i < n_prim; i++)
      if (def[prim_ids[i]] && (w[def[prim_ids[i]]] & 0xffffu) == OP_VARIABLE &&
          w[def[prim_ids[i]] + 3] == SC_OUTPUT)
         sh->gs_primitive_id_out = true;

   /* Second pass: the descriptor variables. */
   for (pc = 5; ok && pc < n; pc += w[pc] >> 16) {
      const uint32_t op = w[pc] & 0xffffu, len = w[pc] >> 16;
      if (op != OP_VARIABLE || len < 4)
         continue;
      const uint32_t type = w[pc + 1], id = w[pc + 2], sc = w[pc + 3];
      if (sc != SC_UNIFORM_CONSTANT && sc != SC_UNIFORM && sc != SC_STORAGE_BUFFER)
         continue;
      if (id >= bound || binding[id] < 0)
         continue;
      if (set[id] > 0) {
         *why = "descriptor set other than 0";
         ok = false;
         break;
      }
      /* pointer -> (array ->) element */
      if (type >= bound || !def[type] || (w[def[type]] & 0xffffu) != OP_TYPE_POINTER) {
         *why = "descriptor variable without a pointer type";
         ok = false;
         break;
      }
      uint32_t t = w[def[type] + 3], count = 1;
      if (t < bound && def[t] && (w[def[t]] & 0xffffu) == OP_TYPE_RUNTIME_ARRAY) {
         *why = "runtime-sized descriptor array";
         ok = false;
         break;
      }
      if (t < bound && def[t] && (w[def[t]] & 0xffffu) == OP_TYPE_ARRAY) {
         const uint32_t len_id = w[def[t] + 3];
         if (len_id >= bound || !def[len_id] || (w[def[len_id]] & 0xffffu) != OP_CONSTANT) {
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
      const uint32_t top = w[def[t]] & 0xffffu;
      VkDescriptorType dt;
      const char *unsupported = NULL;
      if (top == OP_TYPE_STRUCT && sc == SC_UNIFORM && block[t] == 1)
         dt = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
      else if (top == OP_TYPE_STRUCT)
         unsupported = "shader storage block";
      else if (top == OP_TYPE_SAMPLED_IMAGE) {
         const uint32_t img = w[def[t] + 2];
         if (img < bound && def[img] && (w[def[img]] & 0xffffu) == OP_TYPE_IMAGE &&
             w[def[img] + 3] == DIM_BUFFER)
            dt = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
         else
            dt = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
      } else if (top == OP_TYPE_IMAGE)
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
      for (size_t pc = 5; pc < n;) {
         const uint32_t op = w[pc] & 0xffffu, len = w[pc] >> 16;
         if (len == 0 || pc + len > n)
            break;
         uint32_t *o = &w[pc + 1];
         if (op == OP_DECORATE && len >= 4 && o[0] < bound) {
            if (pass == 0 && o[1] == DEC_BINDING && o[2] >= VKB_SAMPLER_BASE)
               tex[o[0]] = 1;
            else if (pass == 1 && o[1] == DEC_DESCRIPTOR_SET && tex[o[0]])
               o[2] = VKB_SET_TEXTURES;
         }
         pc += len;
      }
   }
   free(tex);
}
