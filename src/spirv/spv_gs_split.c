/* spv_gs_split.c — a points geometry module whose vertices are shared out among k invocations
 * for each one it had, each emitting a k-th of them.
 *
 * A device counts every output a geometry stage declares against maxGeometryTotalOutputComponents
 * (output components x OutputVertices), the built-ins included; GL counts what the program
 * writes. mgl's own gl_PointSize (glPointSize's size, written at every emit) can so put a
 * GL-legal shader over the device's total (piglit tes-gs-max-output: 5 components x 204
 * vertices = 1020 in GL, 6 x 204 on the device). Invocation i of the module becomes invocations
 * i * k .. i * k + k - 1; each runs the whole code, and sub-invocation j = InvocationId % k
 * emits only the vertices numbered [j * c, j * c + c), c = ceil(OutputVertices / k), which is
 * its OutputVertices. The code reads InvocationId / k, the invocation GL numbered. Vulkan passes
 * an instanced geometry shader's primitives on by invocation, lowest first, and each point is a
 * primitive of its own, so the points keep their order and their values.
 *
 *    %c  = OpLoad %uint %count                 (each OpEmitVertex, in its block)
 *    %c1 = OpIAdd %uint %c %uint_1
 *          OpStore %count %c1
 *    %i  = OpLoad %int %invocation_id
 *    %iu = OpBitcast %uint %i
 *    %j  = OpUMod %uint %iu %uint_k
 *    %lo = OpIMul %uint %j %uint_c
 *    %d  = OpISub %uint %c %lo
 *    %in = OpULessThan %bool %d %uint_c
 *          OpSelectionMerge %m None
 *          OpBranchConditional %in %e %m
 *    %e  = OpLabel
 *          OpEmitVertex
 *          OpBranch %m
 *    %m  = OpLabel                              (the rest of the block; an OpPhi naming the
 *                                                block as a parent names the last %m)
 *
 * A block that heads a loop and emits (spirv-opt's one-block do-while) keeps its OpPhis and
 * takes its OpLoopMerge up to them, then branches to a new block %h2 holding the rest: the
 * back edge still reaches the header, and a header that was its own continue target names %h2
 * instead (a loop header holds no selection).
 *
 * Only a module the split cannot change the meaning of: one Geometry entry point, OutputPoints,
 * no vertex streams, nothing written outside the invocation (no atomics, image writes or stores
 * through a pointer that is not Function, Private or Output: the code runs k times), an
 * InvocationId variable only loaded, at most INT32_MAX invocations after the split (the
 * numbers gl_InvocationID, an int, holds) and k * c within 2^32 (the shares' bounds the code
 * computes in 32 bits). Otherwise NULL with the reason in *why. The words may be
 * any words (each read is bounded by the walk and the id bound): a malformed module is refused
 * by name too. */
#include "spv.h"

#define GS_MAX_BOUND 0x400000u

struct gs_scan {
   uint32_t bound;
   uint32_t *ptr_class; /* per pointer type id: its storage class + 1 (0: not a pointer type) */
   uint32_t *type_of;   /* per id: the result type (variables, access chains, parameters) */
   uint32_t *last_m;    /* per block label with an emit: the label its rest ends under */
   uint32_t *h2;        /* per loop header with an emit: the label of the block after it */
   uint32_t entry, inv_var, inv_type, t_int, t_uint, t_bool;
   uint32_t vertices, invocations;
   size_t modes_end, annot_end, globals_end;
   unsigned emits, inv_loads, loop_heads;
   bool points, has_invocations;
};

/* Atomics (OpAtomicLoad .. OpAtomicXor are one run of opcodes), image writes and vertex
 * streams. */
static bool
writes_memory(uint32_t op)
{
   return (op >= SpvOpAtomicLoad && op <= SpvOpAtomicXor) || op == SpvOpAtomicFlagTestAndSet ||
          op == SpvOpAtomicFlagClear || op == SpvOpAtomicFAddEXT || op == SpvOpAtomicFMinEXT ||
          op == SpvOpAtomicFMaxEXT || op == SpvOpImageWrite || op == SpvOpEmitStreamVertex ||
          op == SpvOpEndStreamPrimitive;
}

static bool
id_ok(const struct gs_scan *s, uint32_t id)
{
   return id && id < s->bound;
}

/* Whether a store through pointer id stays inside the invocation. */
static bool
local_pointer(const struct gs_scan *s, uint32_t id)
{
   if (!id_ok(s, id) || !id_ok(s, s->type_of[id]))
      return false;
   const uint32_t sc = s->ptr_class[s->type_of[id]];
   return sc == SpvStorageClassFunction + 1 || sc == SpvStorageClassPrivate + 1 ||
          sc == SpvStorageClassOutput + 1;
}

static const char *
scan(const uint32_t *w, size_t n, struct gs_scan *s)
{
   s->ptr_class = calloc(s->bound, sizeof(*s->ptr_class));
   s->type_of = calloc(s->bound, sizeof(*s->type_of));
   s->last_m = calloc(s->bound, sizeof(*s->last_m));
   s->h2 = calloc(s->bound, sizeof(*s->h2));
   if (!s->ptr_class || !s->type_of || !s->last_m || !s->h2)
      return "out of memory";
   unsigned entries = 0, inv_decorations = 0;
   uint32_t block = 0;       /* the label of the block being walked (0: none) */
   bool block_emits = false; /* it has an emit so far */
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      if (writes_memory(it.op))
         return "it writes memory outside the invocation (atomics, images, vertex streams)";
      switch (it.op) {
      case SpvOpEntryPoint:
         entries++;
         if (it.nops < 2 || o[0] != SpvExecutionModelGeometry)
            return "not a geometry entry point";
         s->entry = o[1];
         break;
      case SpvOpExecutionMode:
         if (it.nops >= 2 && o[1] == SpvExecutionModeOutputPoints)
            s->points = true;
         if (it.nops >= 3 && o[1] == SpvExecutionModeOutputVertices)
            s->vertices = o[2];
         if (it.nops >= 3 && o[1] == SpvExecutionModeInvocations) {
            s->invocations = o[2];
            s->has_invocations = true;
         }
         s->modes_end = it.next;
         break;
      case SpvOpDecorate:
         if (it.nops >= 3 && o[1] == SpvDecorationBuiltIn && o[2] == SpvBuiltInInvocationId) {
            s->inv_var = o[0];
            inv_decorations++;
         }
         break;
      case SpvOpTypeInt:
         if (it.nops >= 3 && o[1] == 32 && o[2] == 1)
            s->t_int = o[0];
         if (it.nops >= 3 && o[1] == 32 && o[2] == 0)
            s->t_uint = o[0];
         break;
      case SpvOpTypeBool:
         if (it.nops >= 1)
            s->t_bool = o[0];
         break;
      case SpvOpTypePointer:
         if (it.nops >= 3 && id_ok(s, o[0]))
            s->ptr_class[o[0]] = o[1] + 1;
         break;
      case SpvOpVariable:
      case SpvOpAccessChain:
      case SpvOpInBoundsAccessChain:
      case SpvOpPtrAccessChain:
      case SpvOpFunctionParameter:
      case SpvOpCopyObject:
         if (it.nops >= 2 && id_ok(s, o[1]))
            s->type_of[o[1]] = o[0];
         break;
      case SpvOpStore:
      case SpvOpCopyMemory:
      case SpvOpCopyMemorySized:
         if (it.nops < 1 || !local_pointer(s, o[0]))
            return "it stores through a pointer outside the invocation (buffers, images)";
         break;
      case SpvOpLabel:
         if (it.nops < 1 || !id_ok(s, o[0]))
            return "a label past the id bound";
         block = o[0];
         block_emits = false;
         break;
      case SpvOpFunction:
      case SpvOpFunctionEnd:
      case SpvOpBranch:
      case SpvOpBranchConditional:
      case SpvOpSwitch:
      case SpvOpReturn:
      case SpvOpReturnValue:
      case SpvOpKill:
      case SpvOpUnreachable:
      case SpvOpTerminateInvocation:
         block = 0; /* an emit needs a label first */
         break;
      case SpvOpEmitVertex:
         if (!block)
            return "an emit outside a block";
         block_emits = true;
         s->emits++;
         break;
      case SpvOpLoopMerge:
         if (block_emits) {
            if (it.nops < 3 || s->h2[block])
               return "malformed loop header";
            s->h2[block] = 1; /* its label comes in spv_gs_split */
            s->loop_heads++;
         }
         break;
      default: break;
      }
      if (spv_is_annotation(it.op))
         s->annot_end = it.next;
      if (it.op == SpvOpFunction && !s->globals_end)
         s->globals_end = it.pc;
   }
   if (it.bad)
      return "malformed module";
   if (entries != 1 || !s->points || !s->vertices || !s->emits || !s->globals_end || !s->modes_end)
      return "not a points geometry module with one entry point and an emit";
   if (!s->has_invocations)
      s->invocations = 1;
   if (inv_decorations > 1)
      return "more than one InvocationId variable";
   if (!s->inv_var && !s->annot_end)
      return "no annotation section to declare InvocationId in";
   /* the InvocationId variable: an int, only loaded */
   if (s->inv_var) {
      if (!id_ok(s, s->inv_var) || !s->type_of[s->inv_var])
         return "InvocationId is not a variable";
      it = spv_walk_begin(w, n);
      while (spv_walk_next(&it)) {
         if (it.op == SpvOpVariable && it.nops >= 2 && it.o[1] == s->inv_var)
            continue;
         if (it.op == SpvOpLoad && it.nops >= 3 && it.o[2] == s->inv_var) {
            if (it.o[0] != s->t_int || !s->t_int)
               return "InvocationId is not a 32-bit int";
            s->inv_loads++;
            continue;
         }
         /* only the operands that may take a pointer: a literal elsewhere (a constant's value,
          * an OpMemberName's member) may equal the variable's id */
         unsigned from = 0, to = it.nops;
         if (it.op == SpvOpCopyMemorySized)
            to = it.nops < 2 ? it.nops : 2;
         else if (!spv_pointer_taken_from(&it, &from))
            continue;
         else if (it.op == SpvOpStore || it.op == SpvOpCopyMemory)
            to = it.nops < 2 ? it.nops : 2; /* then memory operands */
         for (uint32_t k = from; k < to; k++)
            if (it.o[k] == s->inv_var)
               return "InvocationId is used other than loaded";
      }
   }
   return NULL;
}

uint32_t *
spv_gs_split(const uint32_t *words, size_t num_words, uint32_t k, size_t *out_n, const char **why)
{
   *why = NULL;
   if (num_words < 5 || words[0] != SpvMagicNumber || words[3] > GS_MAX_BOUND || k < 2) {
      *why = "no module to split";
      return NULL;
   }
   struct gs_scan s = {.bound = words[3]};
   uint32_t *out = NULL;
   struct spirv_out o = {0};
   *why = scan(words, num_words, &s);
   if (*why)
      goto done;
   const uint32_t c = (uint32_t)(((uint64_t)s.vertices + k - 1) / k);
   /* the device computes sub-invocation j's first vertex, j * c, and its distance from the
    * count in 32 bits: k * c past 2^32 wraps the last shares onto the first */
   if ((uint64_t)k * c > (1ull << 32)) {
      *why = "too many output vertices to share out in 32 bits";
      goto done;
   }
   /* gl_InvocationID is an int: every new invocation's number, and k (its divisor), in it */
   if (!s.invocations) {
      *why = "no invocations";
      goto done;
   }
   if ((uint64_t)s.invocations * k > INT32_MAX) {
      *why = "too many invocations";
      goto done;
   }
   /* new ids: 12 declarations, 10 per emit, 1 per InvocationId load, 1 per loop header */
   uint32_t bound = s.bound;
   if ((uint64_t)bound + 12 + 10ull * s.emits + s.inv_loads + s.loop_heads > GS_MAX_BOUND) {
      *why = "id bound";
      goto done;
   }
   const bool new_uint = !s.t_uint, new_int = !s.inv_var && !s.t_int, new_bool = !s.t_bool;
   const bool new_var = !s.inv_var;
   const uint32_t t_uint = new_uint ? bound++ : s.t_uint;
   const uint32_t t_int = new_int ? bound++ : s.t_int;
   const uint32_t t_bool = new_bool ? bound++ : s.t_bool;
   const uint32_t t_in_int = new_var ? bound++ : 0;
   const uint32_t inv_var = new_var ? bound++ : s.inv_var;
   const uint32_t t_priv_uint = bound++, count = bound++;
   const uint32_t u0 = bound++, u1 = bound++, uk = bound++, uc = bound++, ik = bound++;
   for (uint32_t id = 0; id < s.bound; id++)
      if (s.h2[id])
         s.h2[id] = bound++;
   /* each emit block's last merge label, for the OpPhis that name the block (the walk meets
    * the labels and emits the scan checked) */
   {
      uint32_t block = 0;
      uint32_t next = bound;
      struct spv_walk it = spv_walk_begin(words, num_words);
      while (spv_walk_next(&it)) {
         if (it.op == SpvOpLabel && it.nops >= 1)
            block = it.o[0];
         if (it.op == SpvOpLoad && it.nops >= 3 && it.o[2] == inv_var && !new_var)
            next++; /* the rewritten load's raw value (below) */
         if (it.op == SpvOpEmitVertex) {
            next += 10;
            s.last_m[block] = next - 1; /* %m is an emit's tenth id */
         }
      }
   }
   spirv_out_put(&o, words, 5);
   uint32_t head = 0;         /* the loop header with an emit being walked */
   const uint32_t *lm = NULL; /* its OpLoopMerge's operands, until they are moved up */
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it) && !o.oom) {
      if (lm && it.op != SpvOpPhi && it.op != SpvOpLine && it.op != SpvOpNoLine) {
         /* the header's OpPhis done: its merge, and a branch to the rest */
         const uint32_t h2 = s.h2[head], cont = lm[1] == head ? h2 : lm[1];
         spirv_out_put(&o, lm - 1, 1);
         spirv_out_put(&o, (uint32_t[]){lm[0], cont}, 2);
         spirv_out_put(&o, lm + 2, (lm[-1] >> 16) - 3);
         spirv_out_emit(&o, SpvOpBranch, 1, (uint32_t[]){h2});
         spirv_out_emit(&o, SpvOpLabel, 1, (uint32_t[]){h2});
         lm = NULL;
      }
      if (it.pc == s.modes_end && !s.has_invocations)
         spirv_out_emit(&o, SpvOpExecutionMode, 3,
                        (uint32_t[]){s.entry, SpvExecutionModeInvocations, k});
      if (it.pc == s.annot_end && new_var)
         spirv_out_emit(&o, SpvOpDecorate, 3,
                        (uint32_t[]){inv_var, SpvDecorationBuiltIn, SpvBuiltInInvocationId});
      if (it.pc == s.globals_end) {
         if (new_uint)
            spirv_out_emit(&o, SpvOpTypeInt, 3, (uint32_t[]){t_uint, 32, 0});
         if (new_int)
            spirv_out_emit(&o, SpvOpTypeInt, 3, (uint32_t[]){t_int, 32, 1});
         if (new_bool)
            spirv_out_emit(&o, SpvOpTypeBool, 1, (uint32_t[]){t_bool});
         if (new_var) {
            spirv_out_emit(&o, SpvOpTypePointer, 3,
                           (uint32_t[]){t_in_int, SpvStorageClassInput, t_int});
            spirv_out_emit(&o, SpvOpVariable, 3,
                           (uint32_t[]){t_in_int, inv_var, SpvStorageClassInput});
         }
         spirv_out_emit(&o, SpvOpTypePointer, 3,
                        (uint32_t[]){t_priv_uint, SpvStorageClassPrivate, t_uint});
         spirv_out_emit(&o, SpvOpConstant, 3, (uint32_t[]){t_uint, u0, 0});
         spirv_out_emit(&o, SpvOpConstant, 3, (uint32_t[]){t_uint, u1, 1});
         spirv_out_emit(&o, SpvOpConstant, 3, (uint32_t[]){t_uint, uk, k});
         spirv_out_emit(&o, SpvOpConstant, 3, (uint32_t[]){t_uint, uc, c});
         spirv_out_emit(&o, SpvOpConstant, 3, (uint32_t[]){t_int, ik, k});
         spirv_out_emit(&o, SpvOpVariable, 4,
                        (uint32_t[]){t_priv_uint, count, SpvStorageClassPrivate, u0});
      }
      const uint32_t *op = it.o;
      switch (it.op) {
      case SpvOpLabel:
         head = s.h2[op[0]] ? op[0] : 0;
         if (head) {
            /* the block's OpLoopMerge, before its end (a label defined twice has none) */
            struct spv_walk b = it;
            while (spv_walk_next(&b) && b.op != SpvOpLoopMerge && b.op != SpvOpLabel &&
                   b.op != SpvOpFunctionEnd)
               ;
            if (b.bad || b.pc == it.pc || b.op != SpvOpLoopMerge || b.nops < 3) {
               *why = "malformed loop header";
               goto done;
            }
            lm = b.o;
         }
         break;
      case SpvOpLoopMerge:
         if (head)
            continue; /* moved up to the header's OpPhis */
         break;
      case SpvOpEntryPoint: {
         /* the new Input variable, and from SPIR-V 1.4 on the Private one, join the interface */
         const uint32_t add[2] = {inv_var, count};
         const unsigned num_add = (new_var ? 1u : 0u) + (words[1] >= 0x10400 ? 1u : 0u);
         if (it.len + num_add > 0xffff) {
            *why = "the entry point's interface is full";
            goto done;
         }
         const uint32_t word = ((it.len + num_add) << 16) | SpvOpEntryPoint;
         spirv_out_put(&o, &word, 1);
         spirv_out_put(&o, op, it.nops);
         spirv_out_put(&o, new_var ? add : add + 1, num_add);
         continue;
      }
      case SpvOpExecutionMode:
         if (it.nops >= 3 && op[1] == SpvExecutionModeOutputVertices) {
            spirv_out_emit(&o, SpvOpExecutionMode, 3, (uint32_t[]){op[0], op[1], c});
            continue;
         }
         if (it.nops >= 3 && op[1] == SpvExecutionModeInvocations) {
            spirv_out_emit(&o, SpvOpExecutionMode, 3,
                           (uint32_t[]){op[0], op[1], s.invocations * k});
            continue;
         }
         break;
      case SpvOpLoad:
         if (it.nops >= 3 && op[2] == inv_var && !new_var) {
            /* the app's gl_InvocationID: the invocation GL numbered */
            const uint32_t raw = bound++;
            spirv_out_emit(&o, SpvOpLoad, 3, (uint32_t[]){op[0], raw, inv_var});
            spirv_out_emit(&o, SpvOpSDiv, 4, (uint32_t[]){op[0], op[1], raw, ik});
            continue;
         }
         break;
      case SpvOpPhi:
         if (it.nops >= 2) {
            spirv_out_put(&o, words + it.pc, 1);
            spirv_out_put(&o, op, 2);
            for (uint32_t p = 2; p + 1 < it.nops; p += 2) {
               const uint32_t parent =
                  id_ok(&s, op[p + 1]) && s.last_m[op[p + 1]] ? s.last_m[op[p + 1]] : op[p + 1];
               spirv_out_put(&o, (uint32_t[]){op[p], parent}, 2);
            }
            continue;
         }
         break;
      case SpvOpEmitVertex: {
         const uint32_t cn = bound++, c1 = bound++, i = bound++, iu = bound++, j = bound++,
                        lo = bound++, d = bound++, in = bound++, e = bound++, m = bound++;
         spirv_out_emit(&o, SpvOpLoad, 3, (uint32_t[]){t_uint, cn, count});
         spirv_out_emit(&o, SpvOpIAdd, 4, (uint32_t[]){t_uint, c1, cn, u1});
         spirv_out_emit(&o, SpvOpStore, 2, (uint32_t[]){count, c1});
         spirv_out_emit(&o, SpvOpLoad, 3, (uint32_t[]){t_int, i, inv_var});
         spirv_out_emit(&o, SpvOpBitcast, 3, (uint32_t[]){t_uint, iu, i});
         spirv_out_emit(&o, SpvOpUMod, 4, (uint32_t[]){t_uint, j, iu, uk});
         spirv_out_emit(&o, SpvOpIMul, 4, (uint32_t[]){t_uint, lo, j, uc});
         spirv_out_emit(&o, SpvOpISub, 4, (uint32_t[]){t_uint, d, cn, lo});
         spirv_out_emit(&o, SpvOpULessThan, 4, (uint32_t[]){t_bool, in, d, uc});
         spirv_out_emit(&o, SpvOpSelectionMerge, 2, (uint32_t[]){m, SpvSelectionControlMaskNone});
         spirv_out_emit(&o, SpvOpBranchConditional, 3, (uint32_t[]){in, e, m});
         spirv_out_emit(&o, SpvOpLabel, 1, (uint32_t[]){e});
         spirv_out_emit(&o, SpvOpEmitVertex, 0, NULL);
         spirv_out_emit(&o, SpvOpBranch, 1, (uint32_t[]){m});
         spirv_out_emit(&o, SpvOpLabel, 1, (uint32_t[]){m});
         continue;
      }
      default: break;
      }
      spirv_out_put(&o, words + it.pc, it.len);
   }
   if (it.bad) {
      *why = "malformed module";
      goto done;
   }
   out = spirv_out_finish(&o, bound, out_n);
   o.w = NULL;
   if (!out)
      *why = "out of memory";
done:
   free(o.w);
   free(s.ptr_class);
   free(s.type_of);
   free(s.last_m);
   free(s.h2);
   return out;
}
