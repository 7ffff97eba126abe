/* glb_lod_bias.c — GL's texture LOD bias (GL 3.3 §3.8.11: the sampler's or texture's
 * GL_TEXTURE_LOD_BIAS, plus a compatibility context's texture unit bias, added to lambda),
 * which GLES has no state for, added by the program: a variant of it whose sampling takes the
 * bias of sampler binding j from the uniform array _mgl_LodBias[j] (glb_shader.c builds the
 * variant only for draws where a bound sampler has a bias, and sets the array).
 *
 * Done on the SPIR-V before SPIRV-Cross, as spv_1d.c does (ESSL forbids overloading the
 * built-ins; the SPIR-V says which instruction samples which binding):
 *  - implicit-LOD sampling in the fragment stage (texture, textureProj, their shadow forms)
 *    gets a Bias operand, or its own bias plus _mgl_LodBias[j];
 *  - explicit-LOD sampling (textureLod) gets its Lod plus _mgl_LodBias[j] (GL adds the bias to
 *    an explicit lambda too).
 * j is the combined image sampler's binding - 64 (glsl.h), plus the index into an array of
 * them. What cannot be biased this way is reported, not rewritten: gradients (textureGrad),
 * shadow sampling of array textures with an implicit LOD (ESSL's texture() of
 * sampler2DArrayShadow takes no bias), and a sampled image that is not a load of a sampler
 * uniform. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"
#include "spv.h"

enum {
   OpName = 5,
   OpTypeInt = 21,
   OpTypeFloat = 22,
   OpTypeImage = 25,
   OpTypeSampledImage = 27,
   OpTypeArray = 28,
   OpTypePointer = 32,
   OpConstant = 43,
   OpFunction = 54,
   OpVariable = 59,
   OpLoad = 61,
   OpAccessChain = 65,
   OpInBoundsAccessChain = 66,
   OpDecorate = 71,
   OpCopyObject = 83,
   OpImageSampleImplicitLod = 87,
   OpImageSampleProjDrefExplicitLod = 94,
   OpIAdd = 128,
   OpFAdd = 129,
   StorageUniformConstant = 0,
   DecoBinding = 33,
   ImgOpBias = 0x1,
   ImgOpLod = 0x2,
   ImgOpGrad = 0x4,
};

static bool
implicit_op(uint32_t op)
{
   return op == 87 || op == 89 || op == 91 || op == 93;
}

static bool
dref_op(uint32_t op)
{
   return op == 89 || op == 90 || op == 93 || op == 94;
}

/* Preamble and debug instructions: the OpName goes after the last of them. */
static bool
preamble_op(uint32_t op)
{
   return op == 17 || op == 10 || op == 11 || op == 14 || op == 15 || op == 16 || op == 331 ||
          (op >= 2 && op <= 8) || op == 330;
}

struct bias_state {
   uint32_t bound;
   uint32_t *binding;   /* [bound] binding + 1 of a UniformConstant variable (0: none) */
   uint32_t *load_ptr;  /* [bound] the pointer an OpLoad read */
   uint32_t *chain;     /* [bound] an access chain's base (one index) */
   uint32_t *chain_idx; /* [bound] its index */
   uint32_t *copy_of;   /* [bound] OpCopyObject's operand */
   uint32_t *type_of;   /* [bound] a load's result type */
   uint32_t *si_image;  /* [bound] sampled-image type -> image type */
   uint8_t *arrayed;    /* [bound] image type: Arrayed */
   uint32_t float_t, int_t;
};

/* The sampler binding j a sampling op's sampled image comes from: *constant true with j in
 * *j, or false with the array's first binding in *j and the index id in *idx. False return:
 * not traced. */
static bool
trace(const struct bias_state *s, uint32_t si, uint32_t *j, uint32_t *idx, bool *constant)
{
   for (int hops = 0; si < s->bound && s->copy_of[si] && hops < 16; hops++)
      si = s->copy_of[si];
   if (si >= s->bound || !s->load_ptr[si])
      return false;
   uint32_t ptr = s->load_ptr[si];
   *constant = true;
   *idx = 0;
   if (ptr < s->bound && s->chain[ptr]) {
      *idx = s->chain_idx[ptr];
      ptr = s->chain[ptr];
      *constant = false;
   }
   if (ptr >= s->bound || s->binding[ptr] < 1 + 64)
      return false;
   *j = s->binding[ptr] - 1 - 64;
   return true;
}

uint32_t *
glb_spv_lod_bias(const uint32_t *w, size_t n, bool fragment, uint32_t count, size_t *out_n,
                 const char **unbiased, const char **err)
{
   *err = NULL;
   *unbiased = NULL;
   *out_n = 0;
   if (n < 5 || !count || w[3] > (1u << 22)) {
      *err = "no module";
      return NULL;
   }
   struct bias_state s = {.bound = w[3]};
   const size_t b = s.bound;
   s.binding = calloc(b, sizeof(uint32_t));
   s.load_ptr = calloc(b, sizeof(uint32_t));
   s.chain = calloc(b, sizeof(uint32_t));
   s.chain_idx = calloc(b, sizeof(uint32_t));
   s.copy_of = calloc(b, sizeof(uint32_t));
   s.type_of = calloc(b, sizeof(uint32_t));
   s.si_image = calloc(b, sizeof(uint32_t));
   s.arrayed = calloc(b, 1);
   uint32_t *constant_of = calloc(count, sizeof(uint32_t)); /* j -> its int constant's id */
   struct spirv_out o = {0};
   uint32_t *out = NULL;
   if (!s.binding || !s.load_ptr || !s.chain || !s.chain_idx || !s.copy_of || !s.type_of ||
       !s.si_image || !s.arrayed || !constant_of) {
      *err = "out of memory";
      goto done;
   }
   /* pass 1: what each sampling op samples, and the types reused */
   uint32_t *decos = calloc(b, sizeof(uint32_t)); /* binding + 1 of any id */
   if (!decos) {
      *err = "out of memory";
      goto done;
   }
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const uint32_t *a = it.o;
      if (it.op == OpDecorate && it.nops >= 3 && a[1] == DecoBinding && a[0] < b)
         decos[a[0]] = a[2] + 1;
      else if (it.op == OpTypeFloat && it.nops == 2 && a[1] == 32 && !s.float_t)
         s.float_t = a[0];
      else if (it.op == OpTypeInt && it.nops == 3 && a[1] == 32 && a[2] == 1 && !s.int_t)
         s.int_t = a[0];
      else if (it.op == OpTypeImage && it.nops >= 7 && a[0] < b)
         s.arrayed[a[0]] = a[4] != 0;
      else if (it.op == OpTypeSampledImage && it.nops == 2 && a[0] < b)
         s.si_image[a[0]] = a[1];
      else if (it.op == OpVariable && it.nops >= 3 && a[2] == StorageUniformConstant && a[1] < b)
         s.binding[a[1]] = decos[a[1]];
      else if (it.op == OpLoad && it.nops >= 3 && a[1] < b) {
         s.load_ptr[a[1]] = a[2];
         s.type_of[a[1]] = a[0];
      } else if ((it.op == OpAccessChain || it.op == OpInBoundsAccessChain) && it.nops == 4 &&
                 a[1] < b) {
         s.chain[a[1]] = a[2];
         s.chain_idx[a[1]] = a[3];
      } else if (it.op == OpCopyObject && it.nops == 3 && a[1] < b)
         s.copy_of[a[1]] = a[2];
   }
   free(decos);
   if (it.bad) {
      *err = "a malformed instruction";
      goto done;
   }
   /* which ops are rewritten: counted for the ids they need */
   uint32_t next = s.bound, rewrites = 0;
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op < OpImageSampleImplicitLod || it.op > OpImageSampleProjDrefExplicitLod ||
          it.nops < 4 || it.nops >= 32)
         continue; /* (pass 2 rewrites none of another length) */
      const unsigned mi = dref_op(it.op) ? 5 : 4;
      const uint32_t mask = it.nops > mi ? it.o[mi] : 0;
      const bool implicit = implicit_op(it.op);
      if (implicit && !fragment)
         continue;
      if (!implicit && !(mask & ImgOpLod)) {
         if ((mask & ImgOpGrad) && !*unbiased)
            *unbiased = "gradients (textureGrad)";
         continue;
      }
      uint32_t j = 0, idx = 0;
      bool constant = true;
      if (!trace(&s, it.o[2], &j, &idx, &constant) || j >= count) {
         if (!*unbiased)
            *unbiased = "a sampled image that is no sampler uniform's load";
         continue;
      }
      const uint32_t si_t = it.o[2] < b ? s.type_of[it.o[2]] : 0;
      const uint32_t img = si_t < b ? s.si_image[si_t] : 0;
      if (implicit && dref_op(it.op) && img < b && s.arrayed[img]) {
         if (!*unbiased)
            *unbiased = "shadow sampling of an array texture (ESSL has no bias for it)";
         continue;
      }
      constant_of[j] = 1; /* given an id below */
      rewrites++;
   }
   if (!rewrites)
      goto done; /* nothing to bias: the module stays */
   /* the ids of what is added */
   const bool new_float = !s.float_t, new_int = !s.int_t;
   if (new_float)
      s.float_t = next++;
   if (new_int)
      s.int_t = next++;
   const uint32_t len_c = next++, arr_t = next++, ptr_arr = next++, ptr_f = next++, var = next++;
   for (uint32_t j = 0; j < count; j++)
      if (constant_of[j])
         constant_of[j] = next++;
   /* pass 2: the module again, with the additions */
   if (!spirv_out_reserve(&o, n + 64 + (size_t)rewrites * 16)) {
      *err = "out of memory";
      goto done;
   }
   spirv_out_put(&o, w, 5);
   bool named = false, declared = false;
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (!named && !preamble_op(it.op)) {
         static const char name[] = "_mgl_LodBias"; /* 12 characters: 4 words with the NUL */
         uint32_t ops[5] = {var, 0, 0, 0, 0};
         memcpy(&ops[1], name, sizeof(name));
         spirv_out_emit(&o, OpName, 5, ops);
         named = true;
      }
      if (!declared && it.op == OpFunction) {
         if (new_float)
            SPIRV_OUT_EMIT(&o, OpTypeFloat, s.float_t, 32);
         if (new_int)
            SPIRV_OUT_EMIT(&o, OpTypeInt, s.int_t, 32, 1);
         SPIRV_OUT_EMIT(&o, OpConstant, s.int_t, len_c, count);
         SPIRV_OUT_EMIT(&o, OpTypeArray, arr_t, s.float_t, len_c);
         SPIRV_OUT_EMIT(&o, OpTypePointer, ptr_arr, StorageUniformConstant, arr_t);
         SPIRV_OUT_EMIT(&o, OpTypePointer, ptr_f, StorageUniformConstant, s.float_t);
         SPIRV_OUT_EMIT(&o, OpVariable, ptr_arr, var, StorageUniformConstant);
         for (uint32_t j = 0; j < count; j++)
            if (constant_of[j])
               SPIRV_OUT_EMIT(&o, OpConstant, s.int_t, constant_of[j], j);
         declared = true;
      }
      bool rewrite = it.op >= OpImageSampleImplicitLod &&
                     it.op <= OpImageSampleProjDrefExplicitLod && it.nops >= 4 && it.nops < 32;
      const unsigned mi = dref_op(it.op) ? 5 : 4;
      const uint32_t mask = rewrite && it.nops > mi ? it.o[mi] : 0;
      const bool implicit = implicit_op(it.op);
      uint32_t j = 0, idx = 0;
      bool constant = true;
      if (rewrite)
         rewrite = (implicit ? fragment : (mask & ImgOpLod) != 0) &&
                   trace(&s, it.o[2], &j, &idx, &constant) && j < count;
      if (rewrite && implicit && dref_op(it.op)) {
         const uint32_t si_t = it.o[2] < b ? s.type_of[it.o[2]] : 0;
         const uint32_t img = si_t < b ? s.si_image[si_t] : 0;
         rewrite = !(img < b && s.arrayed[img]);
      }
      if (!rewrite) {
         spirv_out_put(&o, w + it.pc, it.len);
         continue;
      }
      uint32_t index = constant_of[j];
      if (!constant) {
         const uint32_t sum = next++;
         SPIRV_OUT_EMIT(&o, OpIAdd, s.int_t, sum, constant_of[j], idx);
         index = sum;
      }
      const uint32_t elem = next++, bias = next++;
      SPIRV_OUT_EMIT(&o, OpAccessChain, ptr_f, elem, var, index);
      SPIRV_OUT_EMIT(&o, OpLoad, s.float_t, bias, elem);
      uint32_t ops[34];
      unsigned nops = it.nops;
      memcpy(ops, it.o, nops * sizeof(uint32_t));
      if (!implicit || (mask & ImgOpBias)) {
         /* the Bias or the Lod: the first operand after the mask (the lowest bits come first) */
         const uint32_t total = next++;
         SPIRV_OUT_EMIT(&o, OpFAdd, s.float_t, total, ops[mi + 1], bias);
         ops[mi + 1] = total;
      } else if (nops > mi) {
         memmove(&ops[mi + 2], &ops[mi + 1], (nops - mi - 1) * sizeof(uint32_t));
         ops[mi] |= ImgOpBias;
         ops[mi + 1] = bias;
         nops++;
      } else {
         ops[nops++] = ImgOpBias;
         ops[nops++] = bias;
      }
      spirv_out_emit(&o, it.op, nops, ops);
   }
   if (o.oom) {
      *err = "out of memory";
      goto done;
   }
   if (!declared) {
      *err = "no function to bias";
      goto done;
   }
   o.w[3] = next;
   out = o.w;
   o.w = NULL;
   *out_n = o.n;
done:
   free(o.w);
   free(s.binding);
   free(s.load_ptr);
   free(s.chain);
   free(s.chain_idx);
   free(s.copy_of);
   free(s.type_of);
   free(s.si_image);
   free(s.arrayed);
   free(constant_of);
   return out;
}
