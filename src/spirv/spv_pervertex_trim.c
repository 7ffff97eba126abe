/* spv_pervertex_trim.c — a module's built-in block (gl_PerVertex, gl_in[] or gl_out[]) cut
 * after a given member. Two uses:
 * - the last vertex stage's output block cut after the last member the code reaches: glslang
 *   declares the implicit block with gl_PointSize and gl_ClipDistance[1] whatever the shader
 *   writes, and a Vulkan device counts every member the block declares against its output limits
 *   (maxGeometryTotalOutputComponents among them), so a geometry shader that GL's limits allow
 *   could be over the device's with members it never writes;
 * - the blocks between two linked vertex stages cut to the same members: glslang's implicit
 *   block follows each unit's version (gl_CullDistance from GLSL 4.50, which an
 *   ARB_cull_distance unit compiles as), and Vulkan wants the built-in blocks of two linked
 *   stages other than the fragment stage to match exactly (the Interface Matching rules).
 * Only trailing members go (the kept ones keep their indices); the module is left alone
 * wherever the block or its type is used otherwise than through constant-index access chains
 * (a literal operand that equals one of their ids is no use: spv_operand_is_literal). */
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

/* A built-in block variable: its struct type, the pointer type, the array type between them
 * (gl_in[] and gl_out[]; 0 for a block that is not arrayed) and the struct's member count. */
struct block {
   uint32_t var, type, ptr, arr, members;
};

/* The variable of storage class sc whose type is a struct (or an array of one) with built-in
 * members; false when there is none or more than one. */
static bool
find_block(const uint32_t *w, size_t n, uint32_t sc, struct block *b)
{
   uint32_t found = 0;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op != SpvOpVariable || it.nops < 3 || it.o[2] != sc)
         continue;
      struct spv_walk p, s;
      if (!spv_find_def(w, n, it.o[0], &p) || p.op != SpvOpTypePointer || p.nops < 3 ||
          !spv_find_def(w, n, p.o[2], &s))
         continue;
      uint32_t arr = 0;
      if (s.op == SpvOpTypeArray && s.nops >= 3) {
         arr = s.o[0];
         if (!spv_find_def(w, n, s.o[1], &s))
            continue;
      }
      if (s.op != SpvOpTypeStruct)
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
      *b = (struct block){
         .var = it.o[1], .type = s.o[0], .ptr = p.o[0], .arr = arr, .members = s.nops - 1};
   }
   return found == 1;
}

/* Members the code reaches (the last one's index + 1, at least 1), or 0 when the block is used
 * in a way a cut cannot follow; *bad when the words are malformed. */
static uint32_t
members_reached(const uint32_t *w, size_t n, const struct block *b, bool *bad)
{
   uint32_t reach = 1;
   /* operand of a chain on the variable that selects the member: after the vertex index */
   const uint32_t at = b->arr ? 4 : 3;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const bool chain = (it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) &&
                         it.nops >= 3 && it.o[2] == b->var;
      if (chain) {
         /* a chain that stops at a whole block (gl_in[i]) is a use the cut cannot follow */
         if (it.nops <= at)
            return 0;
         const uint32_t m = constant_value(w, n, it.o[at]);
         if (m >= b->members)
            return 0;
         if (m + 1 > reach)
            reach = m + 1;
      }
      const bool names = it.op == SpvOpName || it.op == SpvOpMemberName ||
                         it.op == SpvOpMemberDecorate || it.op == SpvOpDecorate;
      const bool own = (it.op == SpvOpVariable && it.nops >= 2 && it.o[1] == b->var) ||
                       (it.op == SpvOpTypeStruct && it.o[0] == b->type) ||
                       (it.op == SpvOpTypePointer && it.nops >= 3 && it.o[0] == b->ptr) ||
                       (b->arr && it.op == SpvOpTypeArray && it.o[0] == b->arr) ||
                       it.op == SpvOpEntryPoint;
      if (own || names)
         continue;
      /* a literal equal to one by chance is no use (piglit's tes-gs-max-output: an int[124]
       * output beside the block's variable %124); one the grammar table does not know is
       * taken for a use, and the block left alone */
      for (uint32_t k = 0; k < it.nops; k++) {
         if ((chain && k == 2) || spv_operand_is_literal(&it, k))
            continue;
         if (it.o[k] == b->var || it.o[k] == b->type || it.o[k] == b->ptr ||
             (b->arr && it.o[k] == b->arr))
            return 0;
      }
   }
   *bad = it.bad;
   return it.bad ? 0 : reach;
}

/* The module with the block's struct declaring its first keep members. */
static uint32_t *
cut_block(const uint32_t *words, size_t num_words, const struct block *b, uint32_t keep,
          size_t *out_n, const char **err)
{
   struct spirv_out o = {0};
   spirv_out_put(&o, words, 5);
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it)) {
      if ((it.op == SpvOpMemberName || it.op == SpvOpMemberDecorate) && it.nops >= 2 &&
          it.o[0] == b->type && it.o[1] >= keep)
         continue;
      if (it.op == SpvOpTypeStruct && it.o[0] == b->type) {
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

uint32_t *
spv_trim_pervertex_out(const uint32_t *words, size_t num_words, size_t *out_n, const char **err)
{
   *err = NULL;
   if (num_words < 5)
      return NULL;
   struct block b;
   if (!find_block(words, num_words, SpvStorageClassOutput, &b) || b.arr)
      return NULL;
   bool bad = false;
   const uint32_t keep = members_reached(words, num_words, &b, &bad);
   if (bad)
      *err = "malformed module";
   if (!keep || keep >= b.members)
      return NULL;
   return cut_block(words, num_words, &b, keep, out_n, err);
}

uint32_t
spv_pervertex_members(const uint32_t *words, size_t num_words, SpvStorageClass sc)
{
   struct block b;
   if (num_words < 5 || !find_block(words, num_words, sc, &b))
      return 0;
   return b.members;
}

uint32_t *
spv_cut_pervertex(const uint32_t *words, size_t num_words, SpvStorageClass sc, uint32_t keep,
                  size_t *out_n, const char **err)
{
   *err = NULL;
   struct block b;
   if (num_words < 5 || !keep || !find_block(words, num_words, sc, &b) || keep >= b.members)
      return NULL;
   bool bad = false;
   const uint32_t reach = members_reached(words, num_words, &b, &bad);
   if (bad)
      *err = "malformed module";
   if (!reach || reach > keep)
      return NULL;
   return cut_block(words, num_words, &b, keep, out_n, err);
}
