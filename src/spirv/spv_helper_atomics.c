/* spv_helper_atomics.c — what a fragment shader's atomics return in helper invocations.
 *
 * GL and Vulkan let a helper invocation's atomic change nothing and return an undefined value.
 * A loop that retries an atomic until its guess holds (a counter taken with imageAtomicMin,
 * imageAtomicMax or imageAtomicCompSwap) may then never end in a helper invocation: on NVIDIA's
 * driver it does not, the GPU stays busy and the context is lost. So in a fragment module each
 * atomic with a result is followed by a plain read of the same memory (OpImageRead of the texel,
 * OpLoad of the buffer word), and a helper invocation takes the read's value instead: the answer
 * an atomic that changed nothing gives, which ends such loops as in the other invocations.
 *
 *    %raw = OpAtomicUMin %uint %ptr ...          (the atomic, under a new id)
 *    %img = OpLoad %image %image_ptr              (image texels: the texel pointer's image,
 *    %t4  = OpImageRead %v4uint %img %coord        coordinate and sample)
 *    %now = OpCompositeExtract %uint %t4 0        (buffers: %now = OpLoad %uint %ptr)
 *    %h   = OpLoad %bool %helper_invocation
 *    %res = OpSelect %uint %h %now %raw           (the atomic's own result id)
 *
 * An atomic whose memory the pass cannot read back (a write-only or format-less image, another
 * storage class) is left as it is. New declarations follow spv_draw_params.c's placement. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

/* Ids above this are not rewritten: a validated module's bound is below 0x400000 (spirv-val's
 * default limit), and the per-id tables below stay small. */
#define HA_MAX_BOUND 0x400000u

struct ha_scan {
   uint32_t bound;
   uint32_t *type_of; /* per id: the result type of a variable, access chain or texel pointer */
   uint32_t *def_pc;  /* per id: the word offset of the instruction defining it (some kinds) */
   uint8_t *flags;    /* per id: HA_* */
   uint32_t t_bool, t_ptr_in_bool, helper_var;
   size_t annot_end, globals_end;
   unsigned atomics; /* atomics the pass rewrites */
   bool fragment;
};

enum {
   HA_NON_READABLE = 1 << 0, /* decorated NonReadable (a writeonly image) */
   HA_TYPE_INT = 1 << 1,     /* OpTypeInt / OpTypeFloat of 32 bits */
};

/* Atomics with a result id (operands: type, result, pointer, scope, semantics, ...). */
static bool
is_atomic_with_result(uint32_t op)
{
   switch (op) {
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
   case SpvOpAtomicFMaxEXT: return true;
   default: return false;
   }
}

static bool
id_ok(const struct ha_scan *s, uint32_t id)
{
   return id && id < s->bound;
}

/* The pointee of pointer type ptr_type when it is in storage class sc (any: sc ~0u), or 0. */
static uint32_t
pointee(const struct ha_scan *s, const uint32_t *w, uint32_t ptr_type, uint32_t sc)
{
   if (!id_ok(s, ptr_type) || !s->def_pc[ptr_type])
      return 0;
   const uint32_t *d = w + s->def_pc[ptr_type];
   if ((d[0] & SpvOpCodeMask) != SpvOpTypePointer || (d[0] >> 16) != 4)
      return 0;
   return (sc == ~0u || d[2] == sc) ? d[3] : 0;
}

/* How the atomic at it reads its memory back: 0 (it cannot), 1 (a buffer load), 2 (an image
 * read). For an image, *image_type gets the image's type and *texel the texel pointer's pc. */
static int
readback_kind(const struct ha_scan *s, const uint32_t *w, const struct spv_walk *it,
              uint32_t *image_type, size_t *texel)
{
   const uint32_t result_type = it->o[0], ptr = it->o[2];
   if (!id_ok(s, ptr) || !id_ok(s, result_type) || !(s->flags[result_type] & HA_TYPE_INT))
      return 0;
   const size_t pc = s->def_pc[ptr];
   if (pc && (w[pc] & SpvOpCodeMask) == SpvOpImageTexelPointer && (w[pc] >> 16) == 6) {
      const uint32_t image_ptr = w[pc + 3];
      if (!id_ok(s, image_ptr) || (s->flags[image_ptr] & HA_NON_READABLE))
         return 0;
      /* an access chain into an image array: the array variable carries the decoration */
      const size_t ipc = s->def_pc[image_ptr];
      if (ipc && ((w[ipc] & SpvOpCodeMask) == SpvOpAccessChain ||
                  (w[ipc] & SpvOpCodeMask) == SpvOpInBoundsAccessChain)) {
         const uint32_t base = w[ipc + 3];
         if (!id_ok(s, base) || (s->flags[base] & HA_NON_READABLE))
            return 0;
      }
      const uint32_t img = pointee(s, w, s->type_of[image_ptr], SpvStorageClassUniformConstant);
      if (!id_ok(s, img) || !s->def_pc[img])
         return 0;
      const uint32_t *t = w + s->def_pc[img];
      /* OpTypeImage result sampled dim depth arrayed ms sampled format: a storage image of a
       * known format whose texels are the atomic's type */
      if ((t[0] & SpvOpCodeMask) != SpvOpTypeImage || (t[0] >> 16) < 9 || t[2] != result_type ||
          t[7] != 2 || t[8] == SpvImageFormatUnknown)
         return 0;
      *image_type = img;
      *texel = pc;
      return 2;
   }
   const uint32_t ptr_type = id_ok(s, ptr) ? s->type_of[ptr] : 0;
   if (pointee(s, w, ptr_type, SpvStorageClassStorageBuffer) == result_type ||
       pointee(s, w, ptr_type, SpvStorageClassUniform) == result_type)
      return 1;
   return 0;
}

static bool
scan(const uint32_t *w, size_t n, struct ha_scan *s)
{
   bool atomics = false;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpEntryPoint && it.nops >= 1 && it.o[0] == SpvExecutionModelFragment)
         s->fragment = true;
      atomics |= is_atomic_with_result(it.op);
      if (spv_is_annotation(it.op))
         s->annot_end = it.next;
      if (it.op == SpvOpFunction && !s->globals_end)
         s->globals_end = it.pc;
   }
   /* the tables below only for a fragment module with an atomic */
   if (it.bad || !s->fragment || !atomics || !s->globals_end || !s->annot_end)
      return false;
   s->type_of = calloc(s->bound, sizeof(*s->type_of));
   s->def_pc = calloc(s->bound, sizeof(*s->def_pc));
   s->flags = calloc(s->bound, 1);
   if (!s->type_of || !s->def_pc || !s->flags)
      return false;
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      switch (it.op) {
      case SpvOpDecorate:
         if (it.nops >= 2 && id_ok(s, it.o[0]) && it.o[1] == SpvDecorationNonReadable)
            s->flags[it.o[0]] |= HA_NON_READABLE;
         if (it.nops >= 3 && it.o[1] == SpvDecorationBuiltIn &&
             it.o[2] == SpvBuiltInHelperInvocation)
            s->helper_var = it.o[0];
         break;
      case SpvOpTypeBool:
         if (it.nops >= 1 && id_ok(s, it.o[0]))
            s->t_bool = it.o[0];
         break;
      case SpvOpTypeInt:
      case SpvOpTypeFloat:
      case SpvOpTypeImage:
      case SpvOpTypeVector:
         if (it.nops >= 1 && id_ok(s, it.o[0]))
            s->def_pc[it.o[0]] = it.pc;
         if ((it.op == SpvOpTypeInt || it.op == SpvOpTypeFloat) && it.nops >= 2 &&
             id_ok(s, it.o[0]) && it.o[1] == 32)
            s->flags[it.o[0]] |= HA_TYPE_INT;
         break;
      case SpvOpTypePointer:
         if (it.nops == 3 && id_ok(s, it.o[0])) {
            s->def_pc[it.o[0]] = it.pc;
            if (it.o[1] == SpvStorageClassInput && s->t_bool && it.o[2] == s->t_bool)
               s->t_ptr_in_bool = it.o[0];
         }
         break;
      case SpvOpVariable:
      case SpvOpAccessChain:
      case SpvOpInBoundsAccessChain:
      case SpvOpImageTexelPointer:
         if (it.nops >= 2 && id_ok(s, it.o[0]) && id_ok(s, it.o[1])) {
            s->type_of[it.o[1]] = it.o[0];
            s->def_pc[it.o[1]] = it.pc;
         }
         break;
      default: break;
      }
   }
   uint32_t type_dummy;
   size_t pc_dummy;
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (is_atomic_with_result(it.op) && it.nops >= 5 &&
          readback_kind(s, w, &it, &type_dummy, &pc_dummy))
         s->atomics++;
   return s->atomics > 0;
}

/* A 4-vector type of `scalar` the module declares, or 0. */
static uint32_t
find_vec4(const uint32_t *w, size_t n, uint32_t scalar)
{
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == SpvOpTypeVector && it.nops == 3 && it.o[1] == scalar && it.o[2] == 4)
         return it.o[0];
   return 0;
}

struct ha_vec4 {
   uint32_t scalar, vec4;
   bool added;
};

uint32_t *
spv_helper_atomics(const uint32_t *words, size_t num_words, size_t *out_n, const char **err)
{
   *err = NULL;
   if (num_words < 5 || words[3] > HA_MAX_BOUND)
      return NULL;
   struct ha_scan s = {.bound = words[3]};
   uint32_t *out = NULL;
   if (!scan(words, num_words, &s))
      goto done;
   /* new ids: bool, its Input pointer, the variable, a vec4 per scalar type (at most 3 kinds
    * of 32-bit texel), and 6 per atomic */
   uint32_t bound = s.bound;
   if ((uint64_t)bound + 8 + 6ull * s.atomics > UINT32_MAX) {
      *err = "id bound";
      goto done;
   }
   const bool new_var = !s.helper_var;
   const bool new_bool = new_var && !s.t_bool, new_ptr = new_var && !s.t_ptr_in_bool;
   const uint32_t t_bool = new_bool ? bound++ : s.t_bool;
   const uint32_t t_ptr = new_ptr ? bound++ : s.t_ptr_in_bool;
   const uint32_t var = new_var ? bound++ : s.helper_var;
   /* the vec4 types the image reads need */
   struct ha_vec4 vec4s[4] = {{0}};
   unsigned num_vec4 = 0;
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it)) {
      uint32_t img;
      size_t texel;
      if (!is_atomic_with_result(it.op) || it.nops < 5 ||
          readback_kind(&s, words, &it, &img, &texel) != 2)
         continue;
      unsigned k = 0;
      while (k < num_vec4 && vec4s[k].scalar != it.o[0])
         k++;
      if (k < num_vec4)
         continue;
      if (num_vec4 == 4) {
         *err = "too many texel types";
         goto done;
      }
      const uint32_t found = find_vec4(words, num_words, it.o[0]);
      vec4s[num_vec4++] = (struct ha_vec4){it.o[0], found ? found : bound++, !found};
   }

   struct spirv_out o = {0};
   spirv_out_put(&o, words, 5);
   it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it) && !o.oom) {
      if (it.pc == s.annot_end && new_var) {
         spirv_out_put(&o,
                       (uint32_t[]){(4u << 16) | SpvOpDecorate, var, SpvDecorationBuiltIn,
                                    SpvBuiltInHelperInvocation},
                       4);
         /* SPIR-V 1.6: a helper invocation may end (demote) between two loads of it */
         if (words[1] >= 0x10600)
            spirv_out_put(&o, (uint32_t[]){(3u << 16) | SpvOpDecorate, var, SpvDecorationVolatile},
                          3);
      }
      if (it.pc == s.globals_end) {
         if (new_bool)
            spirv_out_put(&o, (uint32_t[]){(2u << 16) | SpvOpTypeBool, t_bool}, 2);
         if (new_ptr)
            spirv_out_put(
               &o, (uint32_t[]){(4u << 16) | SpvOpTypePointer, t_ptr, SpvStorageClassInput, t_bool},
               4);
         for (unsigned k = 0; k < num_vec4; k++)
            if (vec4s[k].added)
               spirv_out_put(
                  &o, (uint32_t[]){(4u << 16) | SpvOpTypeVector, vec4s[k].vec4, vec4s[k].scalar, 4},
                  4);
         if (new_var)
            spirv_out_put(
               &o, (uint32_t[]){(4u << 16) | SpvOpVariable, t_ptr, var, SpvStorageClassInput}, 4);
      }
      if (it.op == SpvOpEntryPoint && new_var) {
         /* an Input variable is in the entry point's interface in every SPIR-V version */
         const uint32_t head = ((it.len + 1) << 16) | SpvOpEntryPoint;
         spirv_out_put(&o, &head, 1);
         spirv_out_put(&o, it.o, it.nops);
         spirv_out_put(&o, &var, 1);
         continue;
      }
      uint32_t img = 0;
      size_t texel = 0;
      const int kind = is_atomic_with_result(it.op) && it.nops >= 5
                          ? readback_kind(&s, words, &it, &img, &texel)
                          : 0;
      if (!kind) {
         spirv_out_put(&o, words + it.pc, it.len);
         continue;
      }
      const uint32_t type = it.o[0], result = it.o[1], ptr = it.o[2];
      const uint32_t raw = bound++, now = bound++, h = bound++;
      const uint32_t head = words[it.pc];
      spirv_out_put(&o, &head, 1);
      spirv_out_put(&o, (uint32_t[]){type, raw}, 2);
      spirv_out_put(&o, it.o + 2, it.nops - 2);
      if (kind == 1) {
         spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpLoad, type, now, ptr}, 4);
      } else {
         const uint32_t image = bound++, t4 = bound++;
         const uint32_t image_ptr = words[texel + 3], coord = words[texel + 4],
                        sample = words[texel + 5];
         const uint32_t *t = words + s.def_pc[img];
         uint32_t v4 = 0;
         for (unsigned k = 0; k < num_vec4; k++)
            if (vec4s[k].scalar == type)
               v4 = vec4s[k].vec4;
         spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpLoad, img, image, image_ptr}, 4);
         if (t[6]) /* multisampled: the texel pointer's sample */
            spirv_out_put(&o,
                          (uint32_t[]){(7u << 16) | SpvOpImageRead, v4, t4, image, coord,
                                       SpvImageOperandsSampleMask, sample},
                          7);
         else
            spirv_out_put(&o, (uint32_t[]){(5u << 16) | SpvOpImageRead, v4, t4, image, coord}, 5);
         spirv_out_put(&o, (uint32_t[]){(5u << 16) | SpvOpCompositeExtract, type, now, t4, 0}, 5);
      }
      spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpLoad, t_bool, h, var}, 4);
      spirv_out_put(&o, (uint32_t[]){(6u << 16) | SpvOpSelect, type, result, h, now, raw}, 6);
   }
   if (o.oom || it.bad) {
      free(o.w);
      *err = o.oom ? "out of memory" : "malformed module";
      goto done;
   }
   o.w[3] = bound;
   *out_n = o.n;
   out = o.w;
done:
   free(s.type_of);
   free(s.def_pc);
   free(s.flags);
   return out;
}
