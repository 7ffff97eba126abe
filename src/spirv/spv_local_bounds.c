/* spv_local_bounds.c — an index into a shader's own memory (a Function, Private or Workgroup
 * array, matrix or vector) known only when the shader runs is held inside its composite.
 *
 * GLSL leaves an access past a local array, matrix or vector undefined (GLSL 1.20 5.6 and 5.7),
 * and Vulkan's robustBufferAccess bounds buffers only: a driver may compile `m[i]` with
 * i = 2147483647 into a wild access of the invocation's private memory (NVIDIA's crashed on
 * piglit fs-mat4-out-of-bounds-6). So each such index of an OpAccessChain becomes the smaller
 * of itself, read unsigned, and the composite's last element:
 *
 *    %c = OpExtInst %int %glsl UMin %i %int_3     (a negative index, read unsigned, is large)
 *    %p = OpAccessChain %ptr_Function_v4float %m %c
 *
 * Constant indices are the compiler's to check and stay; buffers, images and interface
 * variables are the device's (robustBufferAccess) and stay; an array whose length is a
 * specialization constant stays (counted in *left). */
#include "spv.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <stdlib.h>
#include <string.h>

/* Ids above this are not rewritten: a validated module's bound is below 0x400000 (spirv-val's
 * default limit), and the per-id tables below stay small. */
#define LB_MAX_BOUND 0x400000u

struct lb_scan {
   uint32_t bound;
   uint32_t *def_pc;  /* per id: the word offset of the type or constant declaring it */
   uint32_t *type_of; /* per id: its result type (values, variables, access chains) */
   uint32_t glsl;     /* the GLSL.std.450 import, 0 when the module has none */
   size_t memory_model, globals_end;
};

static bool
id_ok(const struct lb_scan *s, uint32_t id)
{
   return id && id < s->bound;
}

static const uint32_t *
decl(const struct lb_scan *s, const uint32_t *w, uint32_t id, uint32_t op)
{
   if (!id_ok(s, id) || !s->def_pc[id])
      return NULL;
   const uint32_t *d = w + s->def_pc[id];
   return (d[0] & SpvOpCodeMask) == op ? d : NULL;
}

/* Instructions in a function that name an id in operand 1 without declaring it (forward labels,
 * stored values): the rest of a function's instructions with two operands or more are
 * (result type, result, ...), and a definition comes before every use but an OpPhi's, so the
 * first instruction naming an id there is the one that defines it. */
static bool
untyped(uint32_t op)
{
   switch (op) {
   case SpvOpStore:
   case SpvOpCopyMemory:
   case SpvOpCopyMemorySized:
   case SpvOpBranchConditional:
   case SpvOpSwitch:
   case SpvOpSelectionMerge:
   case SpvOpLoopMerge:
   case SpvOpLine:
   case SpvOpControlBarrier:
   case SpvOpMemoryBarrier:
   case SpvOpImageWrite:
   case SpvOpAtomicStore:
   case SpvOpEmitStreamVertex:
   case SpvOpEndStreamPrimitive:
   case SpvOpLifetimeStart:
   case SpvOpLifetimeStop: return true;
   default: return false;
   }
}

static bool
local_class(uint32_t sc)
{
   return sc == SpvStorageClassFunction || sc == SpvStorageClassPrivate ||
          sc == SpvStorageClassWorkgroup;
}

static bool
scan(const uint32_t *w, size_t n, struct lb_scan *s)
{
   bool in_functions = false;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpFunction && !s->globals_end)
         s->globals_end = it.pc, in_functions = true;
      if (it.op == SpvOpMemoryModel && !s->memory_model)
         s->memory_model = it.pc;
      if (it.op == SpvOpExtInstImport && it.nops >= 2 && it.nops - 1 >= 4 &&
          !memcmp(&it.o[1], "GLSL.std.450", 13))
         s->glsl = it.o[0];
      uint32_t id = 0, type = 0;
      if (!in_functions) {
         if (it.op >= SpvOpTypeVoid && it.op <= SpvOpTypeForwardPointer && it.nops >= 1)
            id = it.o[0];
         else if ((it.op == SpvOpConstant || it.op == SpvOpSpecConstant ||
                   it.op == SpvOpConstantNull || it.op == SpvOpVariable) &&
                  it.nops >= 2)
            id = it.o[1], type = it.o[0];
         if (id_ok(s, id))
            s->def_pc[id] = (uint32_t)it.pc;
      } else if (it.nops >= 2 && !untyped(it.op)) {
         id = it.o[1], type = it.o[0];
      }
      if (id_ok(s, id) && type && !s->type_of[id])
         s->type_of[id] = type;
   }
   return !it.bad && s->globals_end && s->memory_model;
}

/* The elements of composite type t an index into it chooses among (0: a struct, whose index is
 * a constant, or a length the pass does not know), and in *elem the type the index leads to
 * (member `index` of a struct). */
static uint32_t
elements(const struct lb_scan *s, const uint32_t *w, uint32_t t, uint32_t index, uint32_t *elem)
{
   *elem = 0;
   if (!id_ok(s, t) || !s->def_pc[t])
      return 0;
   const uint32_t *d = w + s->def_pc[t];
   const uint32_t len = d[0] >> 16;
   switch (d[0] & SpvOpCodeMask) {
   case SpvOpTypeVector:
   case SpvOpTypeMatrix:
      if (len < 4)
         return 0;
      *elem = d[2];
      return d[3];
   case SpvOpTypeArray: {
      if (len < 4)
         return 0;
      *elem = d[2];
      const uint32_t *k = decl(s, w, d[3], SpvOpConstant);
      /* a 32-bit length, or a 64-bit one below 2^32 */
      if (!k || (k[0] >> 16) < 4 || ((k[0] >> 16) == 5 && k[4]) || (k[0] >> 16) > 5)
         return 0;
      return k[3];
   }
   case SpvOpTypeStruct: {
      const uint32_t *k = decl(s, w, index, SpvOpConstant);
      if (k && (k[0] >> 16) == 4 && k[3] < len - 2)
         *elem = d[2 + k[3]];
      return 0;
   }
   default: return 0;
   }
}

/* Whether id is a constant the compiler already checked (not a specialization constant). */
static bool
is_constant(const struct lb_scan *s, const uint32_t *w, uint32_t id)
{
   return decl(s, w, id, SpvOpConstant) || decl(s, w, id, SpvOpConstantNull);
}

uint32_t *
spv_clamp_local_indices(const uint32_t *words, size_t num_words, size_t *out_n, unsigned *clamped,
                        unsigned *left, const char **err)
{
   *err = NULL;
   *clamped = *left = 0;
   if (num_words < 5 || words[3] == 0 || words[3] > LB_MAX_BOUND)
      return NULL;
   struct lb_scan s = {.bound = words[3]};
   struct spirv_parts parts = {0};
   struct spirv_made_consts consts = {0};
   struct spirv_out chain = {0};
   uint32_t *result = NULL;
   s.def_pc = calloc(s.bound, sizeof(*s.def_pc));
   s.type_of = calloc(s.bound, sizeof(*s.type_of));
   if (!s.def_pc || !s.type_of) {
      *err = "out of memory";
      goto done;
   }
   if (!scan(words, num_words, &s))
      goto done;
   uint32_t bound = s.bound;
   const uint32_t glsl = s.glsl ? s.glsl : bound++;
   spirv_out_put(&parts.head, words, 5);
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it)) {
      struct spirv_out *o = spirv_parts_at(&parts, it.op);
      if (it.pc == s.memory_model && !s.glsl) {
         const uint32_t name[4] = {0x4c534c47, 0x6474732e, 0x3035342e, 0}; /* "GLSL.std.450" */
         spirv_out_put(o, (const uint32_t[]){(6u << 16) | SpvOpExtInstImport, glsl}, 2);
         spirv_out_put(o, name, 4);
      }
      const uint32_t *ptr_type = (it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) &&
                                       it.nops >= 4 && id_ok(&s, it.o[2])
                                    ? decl(&s, words, s.type_of[it.o[2]], SpvOpTypePointer)
                                    : NULL;
      if (!parts.in_functions || !ptr_type || (ptr_type[0] >> 16) != 4 ||
          !local_class(ptr_type[2])) {
         spirv_out_put(o, words + it.pc, it.len);
         continue;
      }
      /* the chain again, each dynamic index into a composite of known length the UMin before */
      chain.n = 0;
      spirv_out_put(&chain, words + it.pc, 4);
      uint32_t t = ptr_type[3];
      for (uint32_t k = 3; k < it.nops; k++) {
         const uint32_t index = it.o[k];
         uint32_t elem;
         const uint32_t count = elements(&s, words, t, index, &elem);
         const uint32_t itype = id_ok(&s, index) ? s.type_of[index] : 0;
         const uint32_t *int_type = decl(&s, words, itype, SpvOpTypeInt);
         uint32_t use = index;
         if (is_constant(&s, words, index) || !elem) {
            /* a constant, or a struct member */
         } else if (!count || !int_type || (int_type[0] >> 16) != 4 || int_type[2] > 64) {
            (*left)++;
         } else {
            const uint32_t last = spirv_made_const(&consts, &bound, itype, count - 1);
            use = bound++;
            if (!last) {
               parts.body.oom = true;
               break;
            }
            SPIRV_OUT_EMIT(o, SpvOpExtInst, itype, use, glsl, GLSLstd450UMin, index, last);
            (*clamped)++;
         }
         spirv_out_put(&chain, &use, 1);
         t = elem;
      }
      spirv_out_put(o, chain.w, chain.n);
   }
   if (!*clamped)
      goto done;
   /* the declarations, the new constants (64-bit ones with a high word of 0), the functions */
   spirv_out_put(&parts.out, parts.head.w, parts.head.n);
   for (unsigned k = 0; k < consts.n; k++) {
      const uint32_t *type = decl(&s, words, consts.v[k][0], SpvOpTypeInt);
      if (type[2] == 64)
         SPIRV_OUT_EMIT(&parts.out, SpvOpConstant, consts.v[k][0], consts.v[k][2], consts.v[k][1],
                        0);
      else
         SPIRV_OUT_EMIT(&parts.out, SpvOpConstant, consts.v[k][0], consts.v[k][2], consts.v[k][1]);
   }
   if (chain.oom || parts.head.oom)
      parts.body.oom = true;
   result = spirv_parts_join(&parts, bound, out_n, err);
done:
   if (!result)
      *clamped = 0;
   spirv_parts_finish(&parts);
   spirv_made_consts_finish(&consts);
   free(chain.w);
   free(s.def_pc);
   free(s.type_of);
   return result;
}
