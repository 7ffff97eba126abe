/* spv_opaque_index.c — an array of samplers or images indexed with a non-constant (dynamically
 * uniform) expression, made a selection over the array's elements, for devices without
 * shaderSampledImageArrayDynamicIndexing / shaderStorageImageArrayDynamicIndexing.
 *
 * GLSL 4.00 (ARB_gpu_shader5) and ESSL 3.20 let a shader index an array of opaque uniforms with
 * a dynamically uniform expression; Vulkan allows only constant indices without those features
 * (lavapipe of Mesa 22 has neither). glslang gives
 *
 *    %p = OpAccessChain %ptr_UniformConstant_T %array_var %i         (the root chain)
 *    %h = OpLoad %T %p                                                (handle operations: OpLoad,
 *    %r = OpImageSampleImplicitLod %v4float %h %coord                   OpSampledImage, OpImage,
 *                                                                       OpImageTexelPointer,
 *                                                                       OpCopyObject)
 * and the first instruction that turns a handle into something else (an image instruction, or
 * an atomic through a texel pointer: the sink) becomes a switch over the index, each case doing
 * the whole path from the chain to the sink again with constant indices:
 *
 *          OpSelectionMerge %merge None
 *          OpSwitch %i %c0 1 %c1 2 %c2 ...     (default: element 0)
 *    %c0 = OpLabel
 *    %p0 = OpAccessChain %ptr %array_var %int_0
 *    %h0 = OpLoad %T %p0
 *    %r0 = OpImageSampleImplicitLod %v4float %h0 %coord
 *          OpBranch %merge
 *    ...
 *    %merge = OpLabel
 *    %r  = OpPhi %v4float %r0 %c0 %r1 %c1 ...  (not for a sink without a result: OpImageWrite)
 *
 * The handle never leaves its case block: a Vulkan module may not OpSelect or OpPhi an image or
 * sampler, and OpSampledImage must sit in the block of its consumer; OpPhi over the results is
 * valid SPIR-V for every type a sink gives (vectors, scalars, a sparse result structure). As
 * GLSL requires the index be dynamically uniform, every invocation of a quad takes the same
 * case, so implicit derivatives and the result are the original's. An index past the array
 * (undefined in GL) takes element 0, never a read outside it.
 *
 * Arrays of arrays: the non-constant indices are folded into one selector, row-major
 * (i * len_j + j); constant indices stay as they are. An inner index past its length then
 * picks another element of the array (still inside it). The struct-leaf case needs nothing of
 * its own: the linker makes each opaque structure member a plain array variable
 * (spv_opaque_structs.c, and the GLSL front end's struct leaves).
 *
 * The instructions of the path (chain and handle operations) are dropped where they were, with
 * their names and decorations (NonUniform, RelaxedPrecision: meaningless on a constant chain);
 * the sink's own result id becomes the OpPhi's, its decorations kept. Blocks that branch on
 * from the sink's block do so from %merge: OpPhi operands naming the old block name %merge
 * (as spv_tcs_stores.c). What the pass does not follow is a named refusal in *err: a chain
 * into a runtime array or not down to the element, a handle passed to a function or used by
 * another instruction (OpPhi, OpSelect), two indexed arrays in one instruction, a sink in a
 * loop header block, an index that is not a 32-bit integer, more than SOI_MAX_CASES elements. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

/* Ids above this are not rewritten: a validated module's bound is below 0x400000 (spirv-val's
 * default limit), and the per-id tables stay small. */
#define SOI_MAX_BOUND 0x400000u
#define SOI_MAX_DIMS 4u
#define SOI_MAX_CASES 256u
#define SOI_MAX_PATH 8u

/* A root: an access chain into an opaque array with at least one non-constant index. */
struct soi_root {
   size_t pc;
   uint32_t num_idx;
   uint32_t len[SOI_MAX_DIMS]; /* each index's array length */
   bool dynamic[SOI_MAX_DIMS];
   uint32_t cases; /* the product of the dynamic levels' lengths */
   uint32_t sel_type;
};

struct soi_sink {
   size_t pc;
   uint32_t root; /* index into roots */
   uint32_t path_len;
   uint32_t path[SOI_MAX_PATH]; /* the handle ids from the root's child to the sink's operand */
};

struct soi_scan {
   uint32_t bound;
   uint32_t *def_pc;  /* per id: the word offset of its defining instruction */
   uint32_t *type_of; /* per id: the result type of a function-body instruction */
   uint32_t *taint;   /* per id: 1 + the root it comes from (0: none) */
   uint32_t *parent;  /* per id: the handle operand it was made from (0: the root itself) */
   uint8_t *is_type;
   bool sampled, storage;
   size_t globals_end;
   struct soi_root *roots;
   uint32_t num_roots, cap_roots;
   struct soi_sink *sinks;
   uint32_t num_sinks, cap_sinks;
   const char *err;
};

static bool
id_ok(const struct soi_scan *s, uint32_t id)
{
   return id && id < s->bound;
}

static const uint32_t *
def(const struct soi_scan *s, const uint32_t *w, uint32_t id, uint32_t op)
{
   if (!id_ok(s, id) || !s->def_pc[id])
      return NULL;
   const uint32_t *d = w + s->def_pc[id];
   return (d[0] & SpvOpCodeMask) == op ? d : NULL;
}

static bool
is_constant(const struct soi_scan *s, const uint32_t *w, uint32_t id)
{
   if (!id_ok(s, id) || !s->def_pc[id])
      return false;
   switch (w[s->def_pc[id]] & SpvOpCodeMask) {
   case SpvOpConstant:
   case SpvOpConstantNull:
   case SpvOpSpecConstant:
   case SpvOpSpecConstantOp: return true;
   default: return false;
   }
}

/* Whether opaque type t (after the arrays) is one the pass is asked to select: samplers and
 * sampled images (sampled), storage images (storage). */
static bool
wanted_opaque(const struct soi_scan *s, const uint32_t *w, uint32_t t)
{
   if (!id_ok(s, t) || !s->def_pc[t])
      return false;
   const uint32_t *d = w + s->def_pc[t];
   switch (d[0] & SpvOpCodeMask) {
   case SpvOpTypeSampler:
   case SpvOpTypeSampledImage: return s->sampled;
   case SpvOpTypeImage: return (d[0] >> 16) >= 9 && (d[7] == 2 ? s->storage : s->sampled);
   default: return false;
   }
}

/* Handle operations: the operand range [first, first + count) that may carry a handle. */
static bool
handle_op(uint32_t op, uint32_t *first, uint32_t *count)
{
   switch (op) {
   case SpvOpLoad:
   case SpvOpCopyObject:
   case SpvOpImage:
   case SpvOpImageTexelPointer: *first = 2, *count = 1; return true;
   case SpvOpSampledImage: *first = 2, *count = 2; return true;
   default: return false;
   }
}

/* Sinks: the operand that carries the handle (an image, or a texel pointer for atomics). */
static bool
sink_op(uint32_t op, uint32_t *operand)
{
   if ((op >= SpvOpImageSampleImplicitLod && op <= SpvOpImageRead) ||
       (op >= SpvOpImageQueryFormat && op <= SpvOpImageQuerySamples) ||
       (op >= SpvOpImageSparseSampleImplicitLod && op <= SpvOpImageSparseDrefGather) ||
       op == SpvOpImageSparseRead) {
      *operand = 2;
      return true;
   }
   switch (op) {
   case SpvOpImageWrite:
   case SpvOpAtomicStore: *operand = 0; return true;
   case SpvOpAtomicLoad:
   case SpvOpAtomicExchange:
   case SpvOpAtomicCompareExchange:
   case SpvOpAtomicCompareExchangeWeak:
   case SpvOpAtomicIIncrement:
   case SpvOpAtomicIDecrement:
   case SpvOpAtomicIAdd:
   case SpvOpAtomicISub:
   case SpvOpAtomicSMin:
   case SpvOpAtomicUMin:
   case SpvOpAtomicSMax:
   case SpvOpAtomicUMax:
   case SpvOpAtomicAnd:
   case SpvOpAtomicOr:
   case SpvOpAtomicXor:
   case SpvOpAtomicFAddEXT:
   case SpvOpAtomicFMinEXT:
   case SpvOpAtomicFMaxEXT: *operand = 2; return true;
   default: return false;
   }
}

/* The operands of another instruction that may name an id (literals left out where the pass
 * knows them; a literal that happens to equal a handle's id only costs a refusal). */
static void
id_operands(uint32_t op, uint32_t nops, bool typed, uint32_t *first, uint32_t *count)
{
   *first = typed ? 2 : 0;
   switch (op) {
   case SpvOpLine:
   case SpvOpNoLine:
   case SpvOpLabel:
   case SpvOpBranch:
   case SpvOpSelectionMerge:
   case SpvOpLoopMerge: *count = 0; return;
   case SpvOpSwitch:
   case SpvOpBranchConditional: *count = 1; return;
   case SpvOpCompositeExtract: *count = 1; return;
   case SpvOpCompositeInsert:
   case SpvOpVectorShuffle: *count = 2; return;
   case SpvOpExtInst:
      *first = 4; /* after the set and the instruction number */
      break;
   default: break;
   }
   *count = nops > *first ? nops - *first : 0;
}

/* The root an access chain at it makes: 1 (a root, appended), 0 (none), -1 (refused). */
static int
chain_root(struct soi_scan *s, const uint32_t *w, const struct spv_walk *it)
{
   const uint32_t *var = def(s, w, it->o[2], SpvOpVariable);
   if (!var || (var[0] >> 16) < 4 || var[3] != SpvStorageClassUniformConstant)
      return 0;
   const uint32_t *ptr = def(s, w, var[1], SpvOpTypePointer);
   if (!ptr || (ptr[0] >> 16) != 4)
      return 0;
   struct soi_root r = {.pc = it->pc, .num_idx = it->nops - 3, .cases = 1};
   uint32_t t = ptr[3];
   bool any = false;
   for (uint32_t k = 0; k < r.num_idx; k++) {
      if (!id_ok(s, t) || !s->def_pc[t])
         return 0;
      const uint32_t *a = w + s->def_pc[t];
      const uint32_t aop = a[0] & SpvOpCodeMask;
      const uint32_t index = it->o[3 + k];
      const bool dyn = !is_constant(s, w, index);
      if (aop != SpvOpTypeArray && aop != SpvOpTypeRuntimeArray)
         return 0; /* not an array of opaque handles (a structure's are split before) */
      if (dyn && k >= SOI_MAX_DIMS) {
         s->err = "an opaque array of more than 4 levels indexed non-constantly";
         return -1;
      }
      if (k < SOI_MAX_DIMS)
         r.dynamic[k] = dyn;
      if (dyn && aop == SpvOpTypeRuntimeArray) {
         s->err = "an unsized opaque array indexed non-constantly";
         return -1;
      }
      if (dyn) {
         const uint32_t *len = def(s, w, a[3], SpvOpConstant);
         if (!len || (len[0] >> 16) != 4) {
            s->err = "an opaque array whose length is not a plain constant";
            return -1;
         }
         const uint32_t *it_t = def(s, w, s->type_of[index], SpvOpTypeInt);
         if (!it_t || (it_t[0] >> 16) != 4 || it_t[2] != 32) {
            s->err = "an opaque array index that is not a 32-bit integer";
            return -1;
         }
         if (!len[3] || len[3] > SOI_MAX_CASES || r.cases * len[3] > SOI_MAX_CASES) {
            s->err = "an opaque array of more than 256 elements indexed non-constantly";
            return -1;
         }
         r.len[k] = len[3];
         r.cases *= len[3];
         if (!any)
            r.sel_type = s->type_of[index];
         any = true;
      }
      t = a[2];
   }
   if (!any)
      return 0;
   if (!wanted_opaque(s, w, t)) {
      /* an array of arrays left partly indexed, or an opaque kind not asked for */
      if (id_ok(s, t) && s->def_pc[t] &&
          ((w[s->def_pc[t]] & SpvOpCodeMask) == SpvOpTypeArray ||
           (w[s->def_pc[t]] & SpvOpCodeMask) == SpvOpTypeRuntimeArray)) {
         s->err = "an opaque array of arrays indexed non-constantly and not down to its element";
         return -1;
      }
      return 0;
   }
   struct soi_root *slot = mgu_array_push(s->roots, s->num_roots, s->cap_roots);
   if (!slot) {
      s->err = "out of memory";
      return -1;
   }
   *slot = r;
   s->taint[it->o[1]] = s->num_roots;
   s->parent[it->o[1]] = 0;
   return 1;
}

/* 1: something to rewrite, 0: nothing, -1: refused (s->err) */
static int
scan(const uint32_t *w, size_t n, struct soi_scan *s)
{
   bool any_chain = false;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpFunction && !s->globals_end)
         s->globals_end = it.pc;
      any_chain |= it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain;
   }
   if (it.bad) {
      s->err = "malformed module";
      return -1;
   }
   if (!s->globals_end || !any_chain)
      return 0;
   s->def_pc = calloc(s->bound, sizeof(*s->def_pc));
   s->type_of = calloc(s->bound, sizeof(*s->type_of));
   s->taint = calloc(s->bound, sizeof(*s->taint));
   s->parent = calloc(s->bound, sizeof(*s->parent));
   s->is_type = calloc(s->bound, 1);
   if (!s->def_pc || !s->type_of || !s->taint || !s->parent || !s->is_type) {
      s->err = "out of memory";
      return -1;
   }
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op >= SpvOpTypeVoid && it.op <= SpvOpTypeForwardPointer && it.nops >= 1 &&
          id_ok(s, it.o[0])) {
         s->def_pc[it.o[0]] = (uint32_t)it.pc;
         s->is_type[it.o[0]] = 1;
      } else if (it.nops >= 2 && id_ok(s, it.o[0]) && s->is_type[it.o[0]] && id_ok(s, it.o[1]) &&
                 it.op != SpvOpTypeForwardPointer) {
         /* a typed result: constants, variables, the functions' instructions */
         if (!s->def_pc[it.o[1]])
            s->def_pc[it.o[1]] = (uint32_t)it.pc;
         s->type_of[it.o[1]] = it.o[0];
      }
   }
   /* the functions: roots, the handles made from them, and their sinks */
   size_t block_first_sink = 0;
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.pc < s->globals_end)
         continue;
      if (it.op == SpvOpLabel)
         block_first_sink = s->num_sinks;
      if (it.op == SpvOpLoopMerge && s->num_sinks > block_first_sink) {
         s->err = "an indexed opaque array used in a loop header block";
         return -1;
      }
      if ((it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) && it.nops >= 4 &&
          id_ok(s, it.o[1])) {
         if (id_ok(s, it.o[2]) && s->taint[it.o[2]]) {
            s->err = "an access chain into an indexed opaque array element";
            return -1;
         }
         const int r = chain_root(s, w, &it);
         if (r < 0)
            return -1;
         if (r > 0)
            continue;
      }
      const bool typed = it.nops >= 2 && id_ok(s, it.o[0]) && s->is_type[it.o[0]];
      uint32_t first = 0, count = 0, operand = 0;
      if (handle_op(it.op, &first, &count) && typed && it.nops >= first + count) {
         uint32_t from = 0;
         for (uint32_t k = first; k < first + count; k++) {
            const uint32_t id = it.o[k];
            if (!id_ok(s, id) || !s->taint[id])
               continue;
            if (from && s->taint[from] != s->taint[id]) {
               s->err = "two indexed opaque arrays in one instruction";
               return -1;
            }
            from = id;
         }
         if (from) {
            s->taint[it.o[1]] = s->taint[from];
            s->parent[it.o[1]] = from;
         }
         continue;
      }
      if (sink_op(it.op, &operand) && it.nops > operand) {
         const uint32_t h = it.o[operand];
         if (!id_ok(s, h) || !s->taint[h])
            continue;
         struct soi_sink sk = {.pc = it.pc, .root = s->taint[h] - 1};
         uint32_t path[SOI_MAX_PATH], len = 0;
         for (uint32_t x = h; s->parent[x]; x = s->parent[x]) {
            if (len == SOI_MAX_PATH) {
               s->err = "an indexed opaque handle copied too often";
               return -1;
            }
            path[len++] = x;
         }
         for (uint32_t k = 0; k < len; k++)
            sk.path[k] = path[len - 1 - k];
         sk.path_len = len;
         struct soi_sink *slot = mgu_array_push(s->sinks, s->num_sinks, s->cap_sinks);
         if (!slot) {
            s->err = "out of memory";
            return -1;
         }
         *slot = sk;
         continue;
      }
      id_operands(it.op, it.nops, typed, &first, &count);
      for (uint32_t k = first; k < first + count && k < it.nops; k++)
         if (id_ok(s, it.o[k]) && s->taint[it.o[k]]) {
            s->err = it.op == SpvOpFunctionCall
                        ? "an indexed opaque array element passed to a function"
                        : "an indexed opaque array element used other than by an image "
                          "instruction or atomic";
            return -1;
         }
   }
   return s->num_roots != 0;
}

struct soi_const {
   uint32_t type, value, id;
};

struct soi_consts {
   struct spirv_out added; /* new OpConstant instructions */
   struct soi_const *have; /* the module's 32-bit integer constants */
   uint32_t num_have, cap_have;
};

/* A block split at a sink: its successors now branch from its last part. */
struct soi_split {
   uint32_t from, to;
};

/* The constant of type `type` and value v: an existing one, else a new id. */
static uint32_t
constant(struct soi_consts *c, uint32_t type, uint32_t v, uint32_t *bound)
{
   for (uint32_t k = 0; k < c->num_have; k++)
      if (c->have[k].type == type && c->have[k].value == v)
         return c->have[k].id;
   for (size_t k = 0; k + 4 <= c->added.n; k += 4)
      if (c->added.w[k + 1] == type && c->added.w[k + 3] == v)
         return c->added.w[k + 2];
   const uint32_t id = (*bound)++;
   spirv_out_put(&c->added, (const uint32_t[]){(4u << 16) | SpvOpConstant, type, id, v}, 4);
   return id;
}

/* Whether the instruction at it names or decorates a dropped (handle) id. */
static bool
names_dropped(const struct soi_scan *s, const struct spv_walk *it)
{
   const bool debug = it->op == SpvOpName || it->op == SpvOpDecorate || it->op == SpvOpDecorateId ||
                      it->op == SpvOpDecorateString;
   return debug && it->nops >= 1 && id_ok(s, it->o[0]) && s->taint[it->o[0]];
}

/* Emits instruction words w[pc..] with its result id `result` and handle `from` renamed `to`. */
static void
emit_renamed(struct spirv_out *o, const uint32_t *w, size_t pc, bool typed, uint32_t result,
             uint32_t first, uint32_t count, uint32_t from, uint32_t to)
{
   const uint32_t len = w[pc] >> 16;
   if (!spirv_out_reserve(o, len))
      return;
   uint32_t *d = o->w + o->n;
   memcpy(d, w + pc, len * sizeof(*d));
   if (typed)
      d[2] = result;
   for (uint32_t k = first; k < first + count && 1 + k < len; k++)
      if (d[1 + k] == from)
         d[1 + k] = to;
   o->n += len;
}

uint32_t *
spv_select_opaque_indices(const uint32_t *words, size_t num_words, bool sampled, bool storage,
                          size_t *out_n, const char **err)
{
   *err = NULL;
   if (num_words < 5 || words[3] == 0 || words[3] > SOI_MAX_BOUND || (!sampled && !storage))
      return NULL;
   struct soi_scan s = {.bound = words[3], .sampled = sampled, .storage = storage};
   struct soi_consts c = {0};
   struct spirv_out o = {0};
   struct soi_split *splits = NULL;
   uint32_t num_splits = 0, cap_splits = 0;
   const int found = scan(words, num_words, &s);
   if (found <= 0) {
      *err = s.err;
      goto done;
   }
   uint32_t bound = s.bound;
   /* the module's 32-bit integer constants, to reuse */
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it) && it.pc < s.globals_end) {
      if (it.op != SpvOpConstant || it.nops != 3 || !def(&s, words, it.o[0], SpvOpTypeInt))
         continue;
      struct soi_const *t = mgu_array_push(c.have, c.num_have, c.cap_have);
      if (!t) {
         *err = "out of memory";
         goto done;
      }
      *t = (struct soi_const){it.o[0], it.o[2], it.o[1]};
   }
   /* the constants every case needs: each dynamic level's element indices, and the lengths
    * the selector folds in */
   for (uint32_t r = 0; r < s.num_roots; r++) {
      const struct soi_root *root = &s.roots[r];
      const uint32_t *chain = words + root->pc;
      for (uint32_t k = 0; k < root->num_idx && k < SOI_MAX_DIMS; k++) {
         if (!root->dynamic[k])
            continue;
         const uint32_t type = s.type_of[chain[4 + k]];
         for (uint32_t v = 0; v < root->len[k]; v++)
            constant(&c, type, v, &bound);
         constant(&c, root->sel_type, root->len[k], &bound);
      }
   }

   const size_t num_added = c.added.n; /* emission finds every constant among these */
   spirv_out_put(&o, words, 5);
   uint32_t next = 0, label = 0;
   it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it) && !o.oom) {
      if (it.pc == s.globals_end)
         spirv_out_put(&o, c.added.w, c.added.n);
      if (it.op == SpvOpLabel && it.nops >= 1)
         label = it.o[0];
      if (names_dropped(&s, &it))
         continue;
      /* the path's instructions go: each case has its own */
      if (it.pc >= s.globals_end && it.nops >= 2 && id_ok(&s, it.o[1]) && s.taint[it.o[1]] &&
          s.def_pc[it.o[1]] == it.pc)
         continue;
      if (next >= s.num_sinks || it.pc != s.sinks[next].pc) {
         spirv_out_put(&o, words + it.pc, it.len);
         continue;
      }
      const struct soi_sink *sk = &s.sinks[next++];
      const struct soi_root *root = &s.roots[sk->root];
      const uint32_t *chain = words + root->pc;
      const uint32_t chain_len = chain[0] >> 16;
      const bool sink_typed = it.nops >= 2 && id_ok(&s, it.o[0]) && s.is_type[it.o[0]];
      uint32_t operand = 0;
      sink_op(it.op, &operand);
      /* the selector: the dynamic indices folded row-major */
      uint32_t sel = 0;
      for (uint32_t k = 0; k < root->num_idx && k < SOI_MAX_DIMS; k++) {
         if (!root->dynamic[k])
            continue;
         const uint32_t index = chain[4 + k];
         if (!sel) {
            sel = index;
            continue;
         }
         const uint32_t len = constant(&c, root->sel_type, root->len[k], &bound);
         const uint32_t mul = bound++, add = bound++;
         spirv_out_put(
            &o, (const uint32_t[]){(5u << 16) | SpvOpIMul, root->sel_type, mul, sel, len}, 5);
         spirv_out_put(
            &o, (const uint32_t[]){(5u << 16) | SpvOpIAdd, root->sel_type, add, mul, index}, 5);
         sel = add;
      }
      const uint32_t merge = bound++, first_case = bound;
      const uint32_t per_case = 3 + sk->path_len; /* label, chain, path, result */
      bound += per_case * root->cases;
      spirv_out_put(&o, (const uint32_t[]){(3u << 16) | SpvOpSelectionMerge, merge, 0}, 3);
      const uint32_t sw[3] = {((3u + 2u * (root->cases - 1)) << 16) | SpvOpSwitch, sel, first_case};
      spirv_out_put(&o, sw, 3);
      for (uint32_t e = 1; e < root->cases; e++)
         spirv_out_put(&o, (const uint32_t[]){e, first_case + per_case * e}, 2);
      for (uint32_t e = 0; e < root->cases; e++) {
         const uint32_t case_label = first_case + per_case * e, ptr = case_label + 1;
         spirv_out_put(&o, (const uint32_t[]){(2u << 16) | SpvOpLabel, case_label}, 2);
         /* the chain, its dynamic indices the element's constants (last level fastest) */
         uint32_t idx[SOI_MAX_DIMS] = {0}, rest = e;
         for (uint32_t k = root->num_idx < SOI_MAX_DIMS ? root->num_idx : SOI_MAX_DIMS; k-- > 0;) {
            if (!root->dynamic[k])
               continue;
            idx[k] = rest % root->len[k];
            rest /= root->len[k];
         }
         spirv_out_put(&o, (const uint32_t[]){chain[0], chain[1], ptr, chain[3]}, 4);
         for (uint32_t k = 0; k + 4 < chain_len; k++) {
            const uint32_t index = k < SOI_MAX_DIMS && root->dynamic[k]
                                      ? constant(&c, s.type_of[chain[4 + k]], idx[k], &bound)
                                      : chain[4 + k];
            spirv_out_put(&o, &index, 1);
         }
         /* the handle operations, each naming the previous one's copy */
         uint32_t from = chain[2], to = ptr;
         for (uint32_t p = 0; p < sk->path_len; p++) {
            const uint32_t id = sk->path[p], copy = ptr + 1 + p;
            const size_t pc = s.def_pc[id];
            uint32_t first = 0, count = 0;
            handle_op(words[pc] & SpvOpCodeMask, &first, &count);
            emit_renamed(&o, words, pc, true, copy, first, count, from, to);
            from = id, to = copy;
         }
         emit_renamed(&o, words, it.pc, sink_typed, ptr + 1 + sk->path_len, operand, 1, from, to);
         spirv_out_put(&o, (const uint32_t[]){(2u << 16) | SpvOpBranch, merge}, 2);
      }
      spirv_out_put(&o, (const uint32_t[]){(2u << 16) | SpvOpLabel, merge}, 2);
      if (sink_typed) {
         const uint32_t head = ((3u + 2u * root->cases) << 16) | SpvOpPhi;
         spirv_out_put(&o, (const uint32_t[]){head, it.o[0], it.o[1]}, 3);
         for (uint32_t e = 0; e < root->cases; e++) {
            const uint32_t case_label = first_case + per_case * e;
            spirv_out_put(&o, (const uint32_t[]){case_label + 2 + sk->path_len, case_label}, 2);
         }
      }
      /* the block's successors now branch from merge */
      struct soi_split *split = mgu_array_push(splits, num_splits, cap_splits);
      if (!split) {
         o.oom = true;
         break;
      }
      *split = (struct soi_split){label, merge};
      label = merge;
   }
   if (o.oom || c.added.oom || it.bad || next != s.num_sinks || c.added.n != num_added ||
       bound > SPV_ID_BOUND_MAX) {
      *err = o.oom || c.added.oom       ? "out of memory"
             : bound > SPV_ID_BOUND_MAX ? "id bound"
                                        : "malformed module";
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
         for (uint32_t j = 0; j < num_splits; j++)
            if (splits[j].from == *parent)
               *parent = splits[j].to;
      }
   }
   o.w[3] = bound;
   *out_n = o.n;
done:
   free(s.def_pc);
   free(s.type_of);
   free(s.taint);
   free(s.parent);
   free(s.is_type);
   free(s.roots);
   free(s.sinks);
   free(c.added.w);
   free(c.have);
   free(splits);
   return o.w;
}
