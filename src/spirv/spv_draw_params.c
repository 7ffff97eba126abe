/* spv_draw_params.c — GL's gl_BaseVertex and gl_DrawID (GL 4.6 / ARB_shader_draw_parameters)
 * from Vulkan's BaseVertex and DrawIndex, which differ:
 *
 *  - GL's gl_BaseVertex is the draw's basevertex, and 0 for a command without one (the arrays
 *    draws); Vulkan's BaseVertex is firstVertex for a non-indexed draw.
 *  - GL's gl_DrawID counts the draws of one glMultiDraw* call; Vulkan's DrawIndex counts those
 *    of one command, and the backend may record a GL call as several commands (one a range
 *    without VK_EXT_multi_draw, one an indirect command without multiDrawIndirect).
 *
 * So a vertex module that reads either gets a push-constant block {int is_indexed; int
 * draw_id_base;} at offset 0 (SPV_DRAW_PARAMS_PUSH_SIZE bytes, the vertex stage) and every load
 * of the builtin becomes BaseVertex * is_indexed, or DrawIndex + draw_id_base; the backend
 * pushes both before each draw command. gl_BaseInstance needs nothing: Vulkan's BaseInstance is
 * firstInstance, GL's baseinstance.
 *
 * The new declarations follow spv_patch.c's placement: decorations after the last annotation,
 * types, constants and the variable before the first function, ids above the old bound; from
 * SPIR-V 1.4 the variable joins the entry points' interfaces. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

enum { PC_IS_INDEXED, PC_DRAW_ID_BASE };

struct dp_scan {
   uint32_t base_vertex, draw_index; /* the builtin Input variables (0: none) */
   uint32_t int_type;                /* their pointee type */
   size_t annot_end, globals_end; /* word offsets: after the last annotation, the first function */
   bool blocked;
};

/* The pointee type of variable var's pointer type, or 0. */
static uint32_t
pointee_of(const uint32_t *w, size_t n, uint32_t var)
{
   uint32_t ptr_type = 0;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == SpvOpVariable && it.nops >= 3 && it.o[1] == var)
         ptr_type = it.o[0];
   if (!ptr_type)
      return 0;
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == SpvOpTypePointer && it.nops == 3 && it.o[0] == ptr_type)
         return it.o[2];
   return 0;
}

static void
scan(const uint32_t *w, size_t n, struct dp_scan *s)
{
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpDecorate && it.nops >= 3 && it.o[1] == SpvDecorationBuiltIn) {
         if (it.o[2] == SpvBuiltInBaseVertex)
            s->base_vertex = it.o[0];
         else if (it.o[2] == SpvBuiltInDrawIndex)
            s->draw_index = it.o[0];
      }
      if (spv_is_annotation(it.op))
         s->annot_end = it.next;
      if (it.op == SpvOpFunction && !s->globals_end)
         s->globals_end = it.pc;
   }
   if (it.bad || !s->globals_end || !s->annot_end) {
      s->blocked = true;
      return;
   }
   /* glslang declares both as `int` Inputs; a use other than OpLoad (a pointer passed on) is
    * one the rewrite cannot follow */
   const uint32_t t_bv = s->base_vertex ? pointee_of(w, n, s->base_vertex) : 0;
   const uint32_t t_di = s->draw_index ? pointee_of(w, n, s->draw_index) : 0;
   s->int_type = t_bv ? t_bv : t_di;
   if (!s->int_type || (t_bv && t_di && t_bv != t_di)) {
      s->blocked = true;
      return;
   }
   bool int32 = false;
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == SpvOpTypeInt && it.nops == 3 && it.o[0] == s->int_type && it.o[1] == 32)
         int32 = true;
   if (!int32) {
      s->blocked = true;
      return;
   }
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpLoad && it.nops >= 3 &&
          ((s->base_vertex && it.o[2] == s->base_vertex) ||
           (s->draw_index && it.o[2] == s->draw_index)) &&
          it.o[0] != s->int_type)
         s->blocked = true;
      unsigned from;
      if (!spv_pointer_taken_from(&it, &from))
         continue;
      for (unsigned k = from; k < it.nops; k++)
         if ((s->base_vertex && it.o[k] == s->base_vertex) ||
             (s->draw_index && it.o[k] == s->draw_index))
            s->blocked = true;
   }
}

uint32_t *
spv_draw_params(const uint32_t *words, size_t num_words, size_t *out_n, bool *blocked,
                const char **err)
{
   *err = NULL;
   *blocked = false;
   if (num_words < 5)
      return NULL;
   struct dp_scan s = {0};
   scan(words, num_words, &s);
   if (!s.base_vertex && !s.draw_index)
      return NULL;
   if (s.blocked) {
      *blocked = true;
      return NULL;
   }
   const uint32_t version = words[1];
   uint32_t bound = words[3];
   if (bound > UINT32_MAX - 8) {
      *err = "id bound";
      return NULL;
   }
   const uint32_t t_struct = bound++, t_ptr_struct = bound++, t_ptr_int = bound++;
   /* an initializer list's expressions are not sequenced (C11 6.7.9): no ++ inside one */
   const uint32_t var = bound++, c_member[2] = {bound, bound + 1};
   bound += 2;

   struct spirv_out o = {0};
   spirv_out_put(&o, words, 5);
   if (o.oom) {
      *err = "out of memory";
      return NULL;
   }
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it) && !o.oom) {
      if (it.pc == s.annot_end) {
         spirv_out_put(&o, (uint32_t[]){(3u << 16) | SpvOpDecorate, t_struct, SpvDecorationBlock},
                       3);
         for (uint32_t m = 0; m < 2; m++)
            spirv_out_put(&o,
                          (uint32_t[]){(5u << 16) | SpvOpMemberDecorate, t_struct, m,
                                       SpvDecorationOffset, 4 * m},
                          5);
      }
      if (it.pc == s.globals_end) {
         const uint32_t pc = SpvStorageClassPushConstant;
         spirv_out_put(
            &o, (uint32_t[]){(4u << 16) | SpvOpTypeStruct, t_struct, s.int_type, s.int_type}, 4);
         spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpTypePointer, t_ptr_struct, pc, t_struct},
                       4);
         spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpTypePointer, t_ptr_int, pc, s.int_type},
                       4);
         for (uint32_t m = 0; m < 2; m++)
            spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpConstant, s.int_type, c_member[m], m},
                          4);
         spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpVariable, t_ptr_struct, var, pc}, 4);
      }
      if (it.op == SpvOpEntryPoint && version >= 0x10400) {
         const uint32_t head = ((it.len + 1) << 16) | SpvOpEntryPoint;
         spirv_out_put(&o, &head, 1);
         spirv_out_put(&o, it.o, it.nops);
         spirv_out_put(&o, &var, 1);
         continue;
      }
      const bool bv =
         it.op == SpvOpLoad && it.nops >= 3 && it.o[2] == s.base_vertex && s.base_vertex;
      const bool di = it.op == SpvOpLoad && it.nops >= 3 && it.o[2] == s.draw_index && s.draw_index;
      if (!bv && !di) {
         spirv_out_put(&o, it.w + it.pc, it.len);
         continue;
      }
      /* %raw = OpLoad %int %builtin; %p = OpAccessChain %ptr %pc %member; %k = OpLoad %int %p;
       * %result = OpIMul (BaseVertex) / OpIAdd (DrawIndex) %int %raw %k */
      if (bound > UINT32_MAX - 3) {
         *err = "id bound";
         free(o.w);
         return NULL;
      }
      const uint32_t raw = bound++, p = bound++, k = bound++;
      const uint32_t load_head = (it.len << 16) | SpvOpLoad;
      const uint32_t load_ops[] = {it.o[0], raw, it.o[2]};
      spirv_out_put(&o, &load_head, 1);
      spirv_out_put(&o, load_ops, 3);
      spirv_out_put(&o, it.o + 3, it.nops - 3); /* memory operands, if any */
      const uint32_t member = c_member[bv ? PC_IS_INDEXED : PC_DRAW_ID_BASE];
      spirv_out_put(&o, (uint32_t[]){(5u << 16) | SpvOpAccessChain, t_ptr_int, p, var, member}, 5);
      spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpLoad, it.o[0], k, p}, 4);
      spirv_out_put(
         &o, (uint32_t[]){(5u << 16) | (bv ? SpvOpIMul : SpvOpIAdd), it.o[0], it.o[1], raw, k}, 5);
   }
   if (o.oom || it.bad) {
      free(o.w);
      *err = o.oom ? "out of memory" : "malformed module";
      return NULL;
   }
   o.w[3] = bound;
   *out_n = o.n;
   return o.w;
}
