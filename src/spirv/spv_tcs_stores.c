/* spv_tcs_stores.c — a tessellation control shader's write of one component of an output vector
 * at an index known only when it runs (GLSL `v[i] = x`, `v.wxy[i] = x`), made a write of that
 * component alone.
 *
 * GL writes the one component (GL 4.6 11.2.1.2.2: the invocations of a patch may each write
 * another component of one `patch out` vector). glslang gives an OpStore through an
 * OpAccessChain whose last index is the dynamic one, and a Vulkan driver may turn that into a
 * read of the whole vector, an insert and a write of the whole vector back (lavapipe does): then
 * the invocations that run together write each other's components back with the values they
 * read, and all but one write is lost. A component index that is a constant is a write of that
 * component in every driver. So each such store becomes a switch over the index, a store at each
 * constant component:
 *
 *       OpSelectionMerge %merge None
 *       OpSwitch %i %merge 0 %c0 1 %c1 ...    (an index past the vector writes nothing: GL
 *  %c0 = OpLabel                               leaves such a write undefined)
 *  %p0 = OpAccessChain %ptr %base <the other indices> %int_0
 *       OpStore %p0 %value
 *       OpBranch %merge
 *  ...
 *  %merge = OpLabel                           (the rest of the store's block)
 *
 * Blocks that branch on from the store's block now do so from %merge: their OpPhi operands that
 * named the old block name %merge. A store in a loop header block (its OpLoopMerge must stay in
 * the block the back edge reaches) and an index whose type the pass cannot tell are left as
 * they are. Only a tessellation control module is rewritten: the other stages' outputs belong to
 * one invocation. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

/* Ids above this are not rewritten: a validated module's bound is below 0x400000 (spirv-val's
 * default limit), and the per-id table stays small. */
#define TS_MAX_BOUND 0x400000u
#define TS_MAX_COMPONENTS 4u

struct ts_store {
   size_t pc;         /* the OpStore */
   size_t chain_pc;   /* its OpAccessChain */
   uint32_t sel_type; /* the dynamic index's type (a 32-bit integer) */
   uint32_t n;        /* the vector's components */
   uint32_t konst[TS_MAX_COMPONENTS];
};

struct ts_scan {
   uint32_t bound;
   uint32_t *def_pc; /* per id: the word offset of the instruction that defines it */
   size_t globals_end;
   bool tess_control;
   struct ts_store *stores;
   uint32_t num_stores, cap_stores;
};

static bool
id_ok(const struct ts_scan *s, uint32_t id)
{
   return id && id < s->bound;
}

static const uint32_t *
def(const struct ts_scan *s, const uint32_t *w, uint32_t id, uint32_t op)
{
   if (!id_ok(s, id) || !s->def_pc[id])
      return NULL;
   const uint32_t *d = w + s->def_pc[id];
   return (d[0] & SpvOpCodeMask) == op ? d : NULL;
}

/* The result type of the instructions an index is made by (operand 0), 0 for another. */
static uint32_t
typed_result(const uint32_t *d)
{
   switch (d[0] & SpvOpCodeMask) {
   case SpvOpLoad:
   case SpvOpCopyObject:
   case SpvOpFunctionParameter:
   case SpvOpFunctionCall:
   case SpvOpIAdd:
   case SpvOpISub:
   case SpvOpIMul:
   case SpvOpSDiv:
   case SpvOpUDiv:
   case SpvOpSRem:
   case SpvOpSMod:
   case SpvOpUMod:
   case SpvOpSNegate:
   case SpvOpNot:
   case SpvOpBitwiseAnd:
   case SpvOpBitwiseOr:
   case SpvOpBitwiseXor:
   case SpvOpShiftLeftLogical:
   case SpvOpShiftRightLogical:
   case SpvOpShiftRightArithmetic:
   case SpvOpBitcast:
   case SpvOpSConvert:
   case SpvOpUConvert:
   case SpvOpConvertFToS:
   case SpvOpConvertFToU:
   case SpvOpSelect:
   case SpvOpPhi:
   case SpvOpCompositeExtract:
   case SpvOpVectorExtractDynamic:
   case SpvOpExtInst: return (d[0] >> 16) >= 3 ? d[1] : 0;
   default: return 0;
   }
}

/* The type one index step into type t leads to (0: the pass does not follow it). */
static uint32_t
step(const struct ts_scan *s, const uint32_t *w, uint32_t t, uint32_t index)
{
   if (!id_ok(s, t) || !s->def_pc[t])
      return 0;
   const uint32_t *d = w + s->def_pc[t];
   const uint32_t len = d[0] >> 16;
   switch (d[0] & SpvOpCodeMask) {
   case SpvOpTypeArray:
   case SpvOpTypeRuntimeArray:
   case SpvOpTypeMatrix:
   case SpvOpTypeVector: return len >= 3 ? d[2] : 0;
   case SpvOpTypeStruct: {
      const uint32_t *k = def(s, w, index, SpvOpConstant);
      if (!k || (k[0] >> 16) != 4 || k[3] >= len - 2)
         return 0;
      return d[2 + k[3]];
   }
   default: return 0;
   }
}

/* Whether the store at it (OpStore pointer value ...) writes one output vector component at a
 * dynamic index, and if so its entry. */
static bool
candidate(const struct ts_scan *s, const uint32_t *w, const struct spv_walk *it,
          struct ts_store *out)
{
   if (it->nops < 2 || !id_ok(s, it->o[0]) || !s->def_pc[it->o[0]])
      return false;
   const size_t cpc = s->def_pc[it->o[0]];
   const uint32_t *c = w + cpc;
   const uint32_t cop = c[0] & SpvOpCodeMask, clen = c[0] >> 16;
   if ((cop != SpvOpAccessChain && cop != SpvOpInBoundsAccessChain) || clen < 5)
      return false;
   const uint32_t nidx = clen - 4, last = c[clen - 1];
   const uint32_t *rptr = def(s, w, c[1], SpvOpTypePointer);
   if (!rptr || (rptr[0] >> 16) != 4 || rptr[2] != SpvStorageClassOutput)
      return false;
   if (!id_ok(s, last) || !s->def_pc[last] || def(s, w, last, SpvOpConstant))
      return false;
   /* the index's type: a 32-bit integer (OpSwitch takes one-word literals then) */
   const uint32_t sel_type = typed_result(w + s->def_pc[last]);
   const uint32_t *st = def(s, w, sel_type, SpvOpTypeInt);
   if (!st || (st[0] >> 16) != 4 || st[2] != 32)
      return false;
   /* walk from the base's pointee to the indexed vector */
   uint32_t base_ptr_type = 0;
   if (!id_ok(s, c[3]) || !s->def_pc[c[3]])
      return false;
   const uint32_t *b = w + s->def_pc[c[3]];
   const uint32_t bop = b[0] & SpvOpCodeMask;
   if (bop == SpvOpVariable || bop == SpvOpAccessChain || bop == SpvOpInBoundsAccessChain)
      base_ptr_type = b[1];
   const uint32_t *bptr = def(s, w, base_ptr_type, SpvOpTypePointer);
   if (!bptr || (bptr[0] >> 16) != 4)
      return false;
   uint32_t t = bptr[3];
   for (uint32_t k = 0; k + 1 < nidx && t; k++)
      t = step(s, w, t, c[4 + k]);
   const uint32_t *vec = def(s, w, t, SpvOpTypeVector);
   if (!vec || (vec[0] >> 16) != 4 || vec[3] < 2 || vec[3] > TS_MAX_COMPONENTS || vec[2] != rptr[3])
      return false;
   *out = (struct ts_store){.pc = it->pc, .chain_pc = cpc, .sel_type = sel_type, .n = vec[3]};
   return true;
}

/* 1: stores to rewrite, 0: none, -1: out of memory */
static int
scan(const uint32_t *w, size_t n, struct ts_scan *s)
{
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpEntryPoint && it.nops >= 1 &&
          it.o[0] == SpvExecutionModelTessellationControl)
         s->tess_control = true;
      if (it.op == SpvOpFunction && !s->globals_end)
         s->globals_end = it.pc;
   }
   if (it.bad || !s->tess_control || !s->globals_end)
      return 0;
   s->def_pc = calloc(s->bound, sizeof(*s->def_pc));
   if (!s->def_pc)
      return -1;
   /* every result id's instruction: types and constants (operand 0 or 1), the rest by operand
    * 1 where they have a result type (the walk below only reads what candidate() asks for) */
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      uint32_t id = 0;
      switch (it.op) {
      case SpvOpTypeInt:
      case SpvOpTypeVector:
      case SpvOpTypeMatrix:
      case SpvOpTypeArray:
      case SpvOpTypeRuntimeArray:
      case SpvOpTypeStruct:
      case SpvOpTypePointer: id = it.nops >= 1 ? it.o[0] : 0; break;
      case SpvOpConstant:
      case SpvOpVariable:
      case SpvOpAccessChain:
      case SpvOpInBoundsAccessChain: id = it.nops >= 2 ? it.o[1] : 0; break;
      default:
         if (it.pc >= s->globals_end && it.nops >= 2 && typed_result(it.w + it.pc))
            id = it.o[1];
         break;
      }
      if (id_ok(s, id))
         s->def_pc[id] = it.pc;
   }
   /* the candidates, but none in a block with an OpLoopMerge */
   size_t block_first = 0; /* the block's first candidate */
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpLabel)
         block_first = s->num_stores;
      if (it.op == SpvOpLoopMerge)
         s->num_stores = (uint32_t)block_first;
      struct ts_store st;
      if (it.op == SpvOpStore && candidate(s, w, &it, &st)) {
         struct ts_store *a = mgu_array_grow(s->stores, s->num_stores, s->cap_stores, 1);
         if (!a)
            return -1;
         *a = st;
      }
   }
   return s->num_stores != 0;
}

/* The constant of type `type` and value v: an existing one, else a new id (added to *added). */
static uint32_t
constant(const uint32_t *w, size_t n, uint32_t type, uint32_t v, struct spirv_out *added,
         uint32_t *bound)
{
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == SpvOpConstant && it.nops == 3 && it.o[0] == type && it.o[2] == v)
         return it.o[1];
   for (size_t k = 0; k + 4 <= added->n; k += 4)
      if (added->w[k + 1] == type && added->w[k + 3] == v)
         return added->w[k + 2];
   const uint32_t id = (*bound)++;
   spirv_out_put(added, (const uint32_t[]){(4u << 16) | SpvOpConstant, type, id, v}, 4);
   return id;
}

uint32_t *
spv_tcs_component_stores(const uint32_t *words, size_t num_words, size_t *out_n, const char **err)
{
   *err = NULL;
   if (num_words < 5 || words[3] == 0 || words[3] > TS_MAX_BOUND)
      return NULL;
   struct ts_scan s = {.bound = words[3]};
   struct spirv_out added = {0}, o = {0};
   uint32_t *phi_from = NULL, *phi_to = NULL;
   uint32_t num_phi = 0, cap_phi = 0, cap_phi_to = 0;
   const int found = scan(words, num_words, &s);
   if (found <= 0) {
      if (found < 0)
         *err = "out of memory";
      goto done;
   }
   uint32_t bound = s.bound;
   for (uint32_t k = 0; k < s.num_stores; k++)
      for (uint32_t c = 0; c < s.stores[k].n; c++)
         s.stores[k].konst[c] = constant(words, num_words, s.stores[k].sel_type, c, &added, &bound);

   /* the module again: the new constants before the first function, each store a switch */
   spirv_out_put(&o, words, 5);
   uint32_t next = 0, label = 0;
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it)) {
      if (it.pc == s.globals_end)
         spirv_out_put(&o, added.w, added.n);
      if (it.op == SpvOpLabel && it.nops >= 1)
         label = it.o[0];
      if (next >= s.num_stores || it.pc != s.stores[next].pc) {
         spirv_out_put(&o, words + it.pc, it.len);
         continue;
      }
      const struct ts_store *st = &s.stores[next++];
      const uint32_t *c = words + st->chain_pc;
      const uint32_t clen = c[0] >> 16;
      const uint32_t merge = bound++, first_case = bound;
      bound += 2 * st->n; /* a label and a pointer per component */
      spirv_out_put(&o, (const uint32_t[]){(3u << 16) | SpvOpSelectionMerge, merge, 0}, 3);
      const uint32_t sw[3] = {((3u + 2u * st->n) << 16) | SpvOpSwitch, c[clen - 1], merge};
      spirv_out_put(&o, sw, 3);
      for (uint32_t k = 0; k < st->n; k++)
         spirv_out_put(&o, (const uint32_t[]){k, first_case + 2 * k}, 2);
      for (uint32_t k = 0; k < st->n; k++) {
         const uint32_t case_label = first_case + 2 * k, ptr = case_label + 1;
         spirv_out_put(&o, (const uint32_t[]){(2u << 16) | SpvOpLabel, case_label}, 2);
         /* the chain again, its last index the constant: same type, base and other indices */
         spirv_out_put(&o, (const uint32_t[]){c[0], c[1], ptr}, 3);
         spirv_out_put(&o, c + 3, clen - 4);
         spirv_out_put(&o, &st->konst[k], 1);
         /* the store with its memory operands */
         spirv_out_put(&o, (const uint32_t[]){words[it.pc], ptr}, 2);
         spirv_out_put(&o, words + it.pc + 2, it.len - 2);
         spirv_out_put(&o, (const uint32_t[]){(2u << 16) | SpvOpBranch, merge}, 2);
      }
      spirv_out_put(&o, (const uint32_t[]){(2u << 16) | SpvOpLabel, merge}, 2);
      /* the block's successors now branch from merge */
      uint32_t *from = mgu_array_grow(phi_from, num_phi, cap_phi, 1);
      uint32_t *to = from ? mgu_array_grow(phi_to, num_phi, cap_phi_to, 1) : NULL;
      if (!to) {
         o.oom = true;
         break;
      }
      *from = label;
      *to = merge;
      num_phi++;
      label = merge;
   }
   if (o.oom || added.oom) {
      *err = "out of memory";
      free(o.w);
      o.w = NULL;
      goto done;
   }
   /* OpPhi parents: a block split more than once maps to its last part */
   it = spv_walk_begin(o.w, o.n);
   while (spv_walk_next(&it)) {
      if (it.op != SpvOpPhi)
         continue;
      for (uint32_t k = 3; k < it.nops; k += 2) {
         uint32_t *parent = o.w + it.pc + 1 + k;
         for (uint32_t j = 0; j < num_phi; j++)
            if (phi_from[j] == *parent)
               *parent = phi_to[j];
      }
   }
   o.w[3] = bound;
   *out_n = o.n;
done:
   free(s.def_pc);
   free(s.stores);
   free(added.w);
   free(phi_from);
   free(phi_to);
   return o.w;
}
