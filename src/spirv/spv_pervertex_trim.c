/* spv_pervertex_trim.c — the output built-in block of a module (gl_PerVertex) cut after the last
 * member the code reaches. glslang declares the implicit block with gl_PointSize and
 * gl_ClipDistance[1] whatever the shader writes, and a Vulkan device counts every member the
 * block declares against its output limits (maxGeometryTotalOutputComponents among them), so a
 * geometry shader that GL's limits allow could be over the device's with members it never
 * writes. Only trailing members go (the kept ones keep their indices); the module is left alone
 * wherever the block or its type is used otherwise than through constant-index access chains (a
 * literal operand that equals one of their ids is no use: spv_operand_is_literal). */
#include "spv.h"

/* A constant's value (one-word OpConstant), or UINT32_MAX. */
static uint32_t
constant_value(const uint32_t *w, size_t n, uint32_t id)
{
   struct spv_walk d;
   if (!spv_find_def(w, n, id, &d) || d.op != SpvOpConstant || d.nops < 3)
      return UINT32_MAX;
   return d.o[2];
}

/* The Output variable of a struct type whose members are built-ins, its struct and pointer
 * type, and the struct's member count; false when there is none or more than one. */
static bool
find_block(const uint32_t *w, size_t n, uint32_t *var, uint32_t *type, uint32_t *ptr,
           uint32_t *members)
{
   uint32_t found = 0;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op != SpvOpVariable || it.nops < 3 || it.o[2] != SpvStorageClassOutput)
         continue;
      struct spv_walk p, s;
      if (!spv_find_def(w, n, it.o[0], &p) || p.op != SpvOpTypePointer || p.nops < 3 ||
          !spv_find_def(w, n, p.o[2], &s) || s.op != SpvOpTypeStruct)
         continue;
      bool builtin = false;
      struct spv_walk d = spv_walk_begin(w, n);
      while (spv_walk_next(&d) && !builtin)
         builtin = d.op == SpvOpMemberDecorate && d.nops >= 3 && d.o[0] == s.o[0] &&
                   d.o[2] == SpvDecorationBuiltIn;
      if (!builtin)
         continue;
      if (found++)
         return false;
      *var = it.o[1];
      *type = s.o[0];
      *ptr = p.o[0];
      *members = s.nops - 1;
   }
   return found == 1;
}

uint32_t *
spv_trim_pervertex_out(const uint32_t *words, size_t num_words, size_t *out_n, const char **err)
{
   *err = NULL;
   if (num_words < 5)
      return NULL;
   uint32_t var = 0, type = 0, ptr = 0, members = 0;
   if (!find_block(words, num_words, &var, &type, &ptr, &members))
      return NULL;
   /* every mention of the variable and its type must be one the cut can follow */
   uint32_t keep = 1;
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it)) {
      const bool chain = (it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) &&
                         it.nops >= 4 && it.o[2] == var;
      if (chain) {
         const uint32_t m = constant_value(words, num_words, it.o[3]);
         if (m >= members)
            return NULL;
         if (m + 1 > keep)
            keep = m + 1;
      }
      const bool names = it.op == SpvOpName || it.op == SpvOpMemberName ||
                         it.op == SpvOpMemberDecorate || it.op == SpvOpDecorate;
      const bool own = (it.op == SpvOpVariable && it.nops >= 2 && it.o[1] == var) ||
                       (it.op == SpvOpTypeStruct && it.o[0] == type) ||
                       (it.op == SpvOpTypePointer && it.nops >= 3 && it.o[0] == ptr) ||
                       it.op == SpvOpEntryPoint;
      if (own || names)
         continue;
      /* a literal equal to one by chance is no use (piglit's tes-gs-max-output: an int[124]
       * output beside the block's variable %124); one the grammar table does not know is
       * taken for a use, and the block left alone */
      for (uint32_t k = 0; k < it.nops; k++) {
         if ((chain && k == 2) || spv_operand_is_literal(&it, k))
            continue;
         if (it.o[k] == var || it.o[k] == type || it.o[k] == ptr)
            return NULL;
      }
   }
   if (it.bad) {
      *err = "malformed module";
      return NULL;
   }
   if (keep >= members)
      return NULL;
   struct spirv_out o = {0};
   spirv_out_put(&o, words, 5);
   it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it)) {
      if ((it.op == SpvOpMemberName || it.op == SpvOpMemberDecorate) && it.nops >= 2 &&
          it.o[0] == type && it.o[1] >= keep)
         continue;
      if (it.op == SpvOpTypeStruct && it.o[0] == type) {
         spirv_out_emit(&o, it.op, 1 + keep, it.o);
         continue;
      }
      spirv_out_put(&o, words + it.pc, it.len);
   }
   uint32_t *w = spirv_out_finish(&o, words[3], out_n);
   if (!w)
      *err = "out of memory";
   return w;
}
