/* spv_precise.c — GLSL `precise` through built-in function calls.
 *
 * glslang marks the arithmetic that computes a precise value NoContraction (OpFMul, OpFDiv...)
 * but not the GLSL.std.450 calls among it (fract, floor, fma...), so a Vulkan driver may
 * optimise those as if no NaN or infinity reached them: lavapipe folds fract(floor(a / b) * 42)
 * to 0 where a / b is NaN. Here each GLSL.std.450 call one of whose operands is marked is marked
 * too, and so on down the chain. Marking an instruction only forbids rewrites of it; the values
 * it computes stay what the shader says. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

uint32_t *
spv_precise_calls(const uint32_t *words, size_t num_words, size_t *out_n, const char **err)
{
   *err = NULL;
   if (num_words < 5 || words[3] > SPV_ID_BOUND_MAX)
      return NULL;
   const uint32_t bound = words[3];
   uint8_t *marked = calloc(bound ? bound : 1, 1);
   if (!marked) {
      *err = "out of memory";
      return NULL;
   }
   uint32_t std450 = 0;
   size_t first_mark_end = 0; /* new decorations go after the module's first NoContraction */
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpExtInstImport && it.nops >= 2 &&
          !strncmp((const char *)&it.o[1], "GLSL.std.450", (size_t)(it.nops - 1) * 4))
         std450 = it.o[0];
      if (it.op == SpvOpDecorate && it.nops >= 2 && it.o[1] == SpvDecorationNoContraction &&
          it.o[0] < bound) {
         marked[it.o[0]] = 1;
         if (!first_mark_end)
            first_mark_end = it.next;
      }
   }
   if (it.bad || !std450 || !first_mark_end) {
      free(marked);
      return NULL;
   }
   /* A definition comes before its uses in the blocks' order (they dominate them), so one
    * walk follows a chain; passes repeat while one adds (a phi's operand defined later). */
   uint32_t added = 0, *ids = NULL;
   size_t cap = 0;
   for (bool grew = true; grew;) {
      grew = false;
      it = spv_walk_begin(words, num_words);
      while (spv_walk_next(&it)) {
         if (it.op != SpvOpExtInst || it.nops < 4 || it.o[2] != std450 || it.o[1] >= bound ||
             marked[it.o[1]])
            continue;
         bool from_marked = false;
         for (uint32_t k = 4; k < it.nops && !from_marked; k++)
            from_marked = it.o[k] < bound && marked[it.o[k]] == 1;
         if (!from_marked)
            continue;
         if (added == cap) {
            cap = cap ? cap * 2 : 16;
            uint32_t *n = realloc(ids, cap * sizeof(*ids));
            if (!n) {
               free(ids);
               free(marked);
               *err = "out of memory";
               return NULL;
            }
            ids = n;
         }
         marked[it.o[1]] = 1;
         ids[added++] = it.o[1];
         grew = true;
      }
   }
   free(marked);
   if (!added)
      return NULL;
   const size_t n = num_words + (size_t)added * 3;
   uint32_t *out = malloc(n * sizeof(*out));
   if (!out) {
      free(ids);
      *err = "out of memory";
      return NULL;
   }
   memcpy(out, words, first_mark_end * sizeof(*out));
   for (uint32_t i = 0; i < added; i++) {
      uint32_t *d = out + first_mark_end + (size_t)i * 3;
      d[0] = (3u << 16) | SpvOpDecorate;
      d[1] = ids[i];
      d[2] = SpvDecorationNoContraction;
   }
   memcpy(out + first_mark_end + (size_t)added * 3, words + first_mark_end,
          (num_words - first_mark_end) * sizeof(*out));
   free(ids);
   *out_n = n;
   return out;
}
