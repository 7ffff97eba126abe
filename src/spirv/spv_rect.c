/* spv_rect.c — rectangle textures for Vulkan. glslang's Vulkan target gives sampler2DRect
 * images `Dim Rect` and capability SampledRect, which Vulkan does not allow. Here, after the
 * linker's other rewrites (reflection has already seen the Rect images and named them
 * GL_SAMPLER_2D_RECT*), each Rect image type becomes 2D and every use adapts:
 *
 *  - sampling and gather: the coordinates are texels in GL; the first two components (and
 *    explicit gradients) are divided by the level-0 size (OpImageQuerySizeLod). Projective q,
 *    a shadow reference and texel offsets are already right for a normalised 2D image.
 *  - OpImageQuerySize (textureSize) becomes OpImageQuerySizeLod of level 0: a sampled 2D image
 *    has levels as far as SPIR-V knows.
 *  - OpImageFetch (texelFetch) gets an explicit Lod 0.
 *  - image2DRect (a storage image, GL 4.2) becomes image2D with its uses unchanged: loads,
 *    stores and imageSize take texels and no level already; capability ImageRect goes too.
 *
 * Done on the SPIR-V rather than in the GLSL source: the source would need every overload of
 * texture/textureProj/textureOffset/texelFetch/textureSize/shadow2DRect recognised by the types
 * of its arguments (a type checker), while SPIR-V says exactly which instructions take a Rect
 * image. A 2D image type that the rewrite makes identical to another is merged into the first
 * (Vulkan SPIR-V forbids duplicate image types), and so are the sampled-image types over them.
 * SPIRV-Cross reflects a module but does not rewrite its types and instructions, so the pass
 * re-emits the words itself, with the few ids it reads. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

enum {
   OpUndef = 1,
   OpFunctionParameter = 55,
   OpFunctionCall = 57,
   OpSampledImage = 86,
   OpImageSampleImplicitLod = 87,
   OpImageSampleExplicitLod = 88,
   OpImageSampleDrefImplicitLod = 89,
   OpImageSampleDrefExplicitLod = 90,
   OpImageSampleProjImplicitLod = 91,
   OpImageSampleProjExplicitLod = 92,
   OpImageSampleProjDrefImplicitLod = 93,
   OpImageSampleProjDrefExplicitLod = 94,
   OpImageFetch = 95,
   OpImageGather = 96,
   OpImageDrefGather = 97,
   OpImage = 100,
   OpImageQuerySizeLod = 103,
   OpImageQuerySize = 104,
   OpConvertSToF = 111,
   OpVectorShuffle = 79,
   OpFDiv = 136,
   OpTypeRuntimeArray = 29,
   OpTypeStruct = 30,
   OpTypeFunction = 33,
   OpConstantComposite = 44,
   OpSpecConstant = 50,
   CapImageRect = 36,
   CapSampledRect = 37,
   CapImageQuery = 50,
   ImgOpBias = 0x1,
   ImgOpLod = 0x2,
   ImgOpGrad = 0x4,
};

struct rect_state {
   uint32_t bound;
   uint32_t *type_of;  /* [bound] the (original) result type of a value */
   uint8_t *flags;     /* [bound] */
   uint32_t *remap;    /* [bound] merged type -> the type it merges into (0: itself) */
   uint32_t *vec_n;    /* [bound] component count of a vector type (0: not a vector) */
   uint32_t *si_image; /* [bound] sampled-image type -> its image type */
   uint32_t int_t, float_t, ivec2_t, vec2_t, zero;
   bool new_int, new_ivec2, new_vec2, new_zero, have_query_cap;
};

enum { F_TYPE = 1, F_RECT_IMAGE = 2, F_RECT_SI = 4, F_DROP = 8 };

static bool
sampling_op(uint32_t op)
{
   return (op >= OpImageSampleImplicitLod && op <= OpImageSampleProjDrefExplicitLod) ||
          op == OpImageGather || op == OpImageDrefGather;
}

/* Ops with an operand between the coordinate and the image-operands mask. */
static bool
extra_operand_op(uint32_t op)
{
   return op == OpImageSampleDrefImplicitLod || op == OpImageSampleDrefExplicitLod ||
          op == OpImageSampleProjDrefImplicitLod || op == OpImageSampleProjDrefExplicitLod ||
          op == OpImageDrefGather || op == OpImageGather; /* Gather: the component operand */
}

static uint32_t
map_id(const struct rect_state *s, uint32_t id)
{
   return id < s->bound && s->remap[id] ? s->remap[id] : id;
}

/* Finds rect types, merges duplicates, records value types and the helper types we reuse.
 * false: the module has no Rect image (nothing to do). */
static bool
rect_scan(struct rect_state *s, const uint32_t *w, size_t n)
{
   bool any = false, in_fn = false;
   /* image types seen so far, by their operands after Rect -> 2D, for merging */
   for (size_t at = 5; at < n;) {
      uint32_t wc = w[at] >> 16, op = w[at] & 0xffff;
      const uint32_t *in = &w[at];
      if (wc == 0 || at + wc > n)
         return false;
      at += wc;
      if (op == SpvOpCapability && wc >= 2 && in[1] == CapImageQuery)
         s->have_query_cap = true;
      if (op == SpvOpFunction)
         in_fn = true;
      if (op >= SpvOpTypeVoid && op <= SpvOpTypeFunction && wc >= 2 && in[1] < s->bound)
         s->flags[in[1]] |= F_TYPE;
      if (op == SpvOpTypeImage && wc >= 9 && in[1] < s->bound) {
         uint32_t key[8];
         memcpy(key, &in[2], (wc - 2 < 8 ? wc - 2 : 8) * sizeof(*key));
         if (in[3] == SpvDimRect) {
            /* a storage image (image2DRect, Sampled 2) takes texel coordinates already and
             * queries its size without a level: its uses stay as they are */
            if (in[7] != 2)
               s->flags[in[1]] |= F_RECT_IMAGE;
            key[1] = SpvDim2D;
            any = true;
         }
         /* an earlier image type with the same operands (after its own rewrite) absorbs it */
         for (size_t bt = 5; bt < at - wc;) {
            uint32_t bwc = w[bt] >> 16;
            const uint32_t *b = &w[bt];
            if ((b[0] & 0xffff) == SpvOpTypeImage && bwc == wc && !(s->flags[b[1]] & F_DROP)) {
               uint32_t bkey[8];
               memcpy(bkey, &b[2], (bwc - 2 < 8 ? bwc - 2 : 8) * sizeof(*bkey));
               if (b[3] == SpvDimRect)
                  bkey[1] = SpvDim2D;
               if (!memcmp(key, bkey, (wc - 2 < 8 ? wc - 2 : 8) * sizeof(*key))) {
                  s->remap[in[1]] = b[1];
                  s->flags[in[1]] |= F_DROP;
                  break;
               }
            }
            bt += bwc;
         }
      } else if (op == SpvOpTypeSampledImage && wc >= 3 && in[1] < s->bound && in[2] < s->bound) {
         s->si_image[in[1]] = in[2];
         if (s->flags[in[2]] & F_RECT_IMAGE)
            s->flags[in[1]] |= F_RECT_SI;
         uint32_t img = map_id(s, in[2]);
         for (uint32_t id = 1; id < in[1]; id++)
            if (s->si_image[id] && id != in[1] && !(s->flags[id] & F_DROP) &&
                map_id(s, s->si_image[id]) == img) {
               s->remap[in[1]] = id;
               s->flags[in[1]] |= F_DROP;
               break;
            }
      } else if (op == SpvOpTypeInt && wc >= 4 && in[2] == 32 && in[3] == 1 && !s->int_t) {
         s->int_t = in[1];
      } else if (op == SpvOpTypeFloat && wc >= 3 && in[2] == 32 && !s->float_t) {
         s->float_t = in[1];
      } else if (op == SpvOpTypeVector && wc >= 4 && in[1] < s->bound) {
         s->vec_n[in[1]] = in[3];
         if (in[3] == 2 && in[2] == s->int_t && s->int_t && !s->ivec2_t)
            s->ivec2_t = in[1];
         if (in[3] == 2 && in[2] == s->float_t && s->float_t && !s->vec2_t)
            s->vec2_t = in[1];
      } else if (op == SpvOpConstant && wc == 4 && in[1] == s->int_t && s->int_t && in[3] == 0 &&
                 !s->zero) {
         s->zero = in[2];
      }
      /* values: (type, id) in function code and global values */
      bool value = in_fn || op == SpvOpVariable || op == OpUndef ||
                   (op >= SpvOpConstantTrue && op <= OpSpecConstant + 2);
      if (value && wc >= 3 && in[1] < s->bound && in[2] < s->bound && (s->flags[in[1]] & F_TYPE))
         s->type_of[in[2]] = in[1];
      if (op == SpvOpFunctionEnd)
         in_fn = false;
   }
   return any;
}

static bool
is_rect_si(const struct rect_state *s, uint32_t value)
{
   return value < s->bound && s->type_of[value] < s->bound &&
          (s->flags[s->type_of[value]] & F_RECT_SI);
}

/* A float vector `v` (2 to 4 components), its first two divided by `szf` (a vec2); 0 if `v` is
 * not such a vector. */
static uint32_t
scale_xy(struct rect_state *s, struct spirv_out *b, uint32_t v, uint32_t szf)
{
   uint32_t t = v < s->bound ? s->type_of[v] : 0;
   uint32_t nc = t < s->bound ? s->vec_n[t] : 0;
   if (nc < 2 || nc > 4)
      return 0;
   uint32_t xy = v;
   if (nc != 2) {
      xy = s->bound++;
      SPIRV_OUT_EMIT(b, OpVectorShuffle, s->vec2_t, xy, v, v, 0, 1);
   }
   uint32_t d = s->bound++;
   SPIRV_OUT_EMIT(b, OpFDiv, s->vec2_t, d, xy, szf);
   if (nc == 2)
      return d;
   uint32_t r = s->bound++;
   uint32_t ops[8] = {t, r, d, v, 0, 1, 4, 5};
   spirv_out_emit(b, OpVectorShuffle, 4 + nc, ops);
   return r;
}

/* Returns the rewritten words (free them), or NULL: *err NULL when the module has no
 * rectangle image (use the words as they are), else why. */
uint32_t *
spv_lower_rect(const uint32_t *w, size_t n, size_t *out_n, const char **err)
{
   *err = NULL;
   if (n < 5 || w[0] != SpvMagicNumber)
      return NULL;
   struct rect_state s = {.bound = w[3]};
   struct spirv_out b = {0};
   s.type_of = calloc(s.bound, sizeof(*s.type_of));
   s.flags = calloc(s.bound, sizeof(*s.flags));
   s.remap = calloc(s.bound, sizeof(*s.remap));
   s.vec_n = calloc(s.bound, sizeof(*s.vec_n));
   s.si_image = calloc(s.bound, sizeof(*s.si_image));
   if (!s.type_of || !s.flags || !s.remap || !s.vec_n || !s.si_image)
      goto oom;
   if (!rect_scan(&s, w, n))
      goto none;
   const uint32_t old_bound = s.bound;
   if (!s.int_t) {
      s.int_t = s.bound++;
      s.new_int = true;
   }
   if (!s.ivec2_t) {
      s.ivec2_t = s.bound++;
      s.new_ivec2 = true;
   }
   if (!s.zero) {
      s.zero = s.bound++;
      s.new_zero = true;
   }
   if (!s.vec2_t && s.float_t) {
      s.vec2_t = s.bound++;
      s.new_vec2 = true;
   }

   spirv_out_emit(&b, 0, 4, &w[1]); /* header: patched below */
   b.w[0] = w[0];
   bool caps_done = false, globals_done = false, in_fn = false;
   for (size_t at = 5; at < n;) {
      uint32_t wc = w[at] >> 16, op = w[at] & 0xffff;
      const uint32_t *in = &w[at];
      at += wc;
      if (op == SpvOpFunction)
         in_fn = true;
      else if (op == SpvOpFunctionEnd)
         in_fn = false;
      if (!caps_done && op != SpvOpCapability) {
         if (!s.have_query_cap)
            SPIRV_OUT_EMIT(&b, SpvOpCapability, CapImageQuery);
         caps_done = true;
      }
      if (!globals_done && op == SpvOpFunction) {
         if (s.new_int)
            SPIRV_OUT_EMIT(&b, SpvOpTypeInt, s.int_t, 32, 1);
         if (s.new_ivec2)
            SPIRV_OUT_EMIT(&b, SpvOpTypeVector, s.ivec2_t, s.int_t, 2);
         if (s.new_zero)
            SPIRV_OUT_EMIT(&b, SpvOpConstant, s.int_t, s.zero, 0);
         if (s.new_vec2)
            SPIRV_OUT_EMIT(&b, SpvOpTypeVector, s.vec2_t, s.float_t, 2);
         globals_done = true;
      }
      if (op == SpvOpCapability && wc >= 2 && (in[1] == CapSampledRect || in[1] == CapImageRect))
         continue;
      /* merged types: their declarations and anything naming them go */
      if ((op == SpvOpTypeImage || op == SpvOpTypeSampledImage || op == SpvOpName ||
           op == SpvOpDecorate) &&
          wc >= 2 && in[1] < old_bound && (s.flags[in[1]] & F_DROP))
         continue;

      uint32_t ops[64];
      if (wc - 1 > 64) {
         spirv_out_emit(&b, op, wc - 1, &in[1]);
         continue;
      }
      memcpy(ops, &in[1], (wc - 1) * sizeof(*ops));
      /* type references to merged types */
      if (op == SpvOpTypeImage && wc >= 4 && ops[2] == SpvDimRect)
         ops[2] = SpvDim2D;
      else if ((op == SpvOpTypeSampledImage || op == SpvOpTypeArray || op == OpTypeRuntimeArray) &&
               wc >= 3)
         ops[1] = map_id(&s, ops[1]);
      else if (op == SpvOpTypePointer && wc >= 4)
         ops[2] = map_id(&s, ops[2]);
      else if ((op == OpTypeStruct || op == OpTypeFunction) && wc >= 2)
         for (uint32_t k = 1; k < wc - 1; k++)
            ops[k] = map_id(&s, ops[k]);
      else if ((in_fn || op == SpvOpFunctionEnd || op == SpvOpVariable || op == OpUndef ||
                (op >= SpvOpConstantTrue && op <= OpSpecConstant + 2)) &&
               wc >= 3 && ops[0] < old_bound && (s.flags[ops[0]] & F_TYPE))
         ops[0] = map_id(&s, ops[0]); /* a result type */

      if (sampling_op(op) && wc >= 5 && is_rect_si(&s, ops[2]) && s.vec2_t) {
         uint32_t img = s.bound++, sz = s.bound++, szf = s.bound++;
         SPIRV_OUT_EMIT(&b, OpImage, map_id(&s, s.si_image[s.type_of[ops[2]]]), img, ops[2]);
         SPIRV_OUT_EMIT(&b, OpImageQuerySizeLod, s.ivec2_t, sz, img, s.zero);
         SPIRV_OUT_EMIT(&b, OpConvertSToF, s.vec2_t, szf, sz);
         uint32_t c = scale_xy(&s, &b, ops[3], szf);
         if (!c) {
            *err = "rectangle texture coordinates of an unexpected type";
            goto fail;
         }
         ops[3] = c;
         unsigned mask_at = extra_operand_op(op) ? 5 : 4; /* in ops[] */
         if (wc - 1 > mask_at && (ops[mask_at] & ImgOpGrad)) {
            unsigned g = mask_at + 1 + !!(ops[mask_at] & ImgOpBias) + !!(ops[mask_at] & ImgOpLod);
            for (unsigned k = g; k < g + 2 && k < wc - 1; k++) {
               uint32_t d = scale_xy(&s, &b, ops[k], szf);
               if (!d) {
                  *err = "rectangle texture gradients of an unexpected type";
                  goto fail;
               }
               ops[k] = d;
            }
         }
         spirv_out_emit(&b, op, wc - 1, ops);
         continue;
      }
      if (op == OpImageQuerySize && wc == 4 && ops[2] < old_bound &&
          (s.flags[s.type_of[ops[2]]] & F_RECT_IMAGE)) {
         SPIRV_OUT_EMIT(&b, OpImageQuerySizeLod, ops[0], ops[1], ops[2], s.zero);
         continue;
      }
      if (op == OpImageFetch && wc >= 5 && ops[2] < old_bound &&
          (s.flags[s.type_of[ops[2]]] & F_RECT_IMAGE) && (wc == 5 || !(ops[4] & ImgOpLod))) {
         /* Lod sits before every other operand a fetch can have (offsets, sample) */
         uint32_t f[66];
         memcpy(f, ops, 4 * sizeof(*f));
         f[4] = (wc > 5 ? ops[4] : 0) | ImgOpLod;
         f[5] = s.zero;
         unsigned nf = 6;
         for (uint32_t k = 5; k < wc - 1; k++)
            f[nf++] = ops[k];
         spirv_out_emit(&b, op, nf, f);
         continue;
      }
      spirv_out_emit(&b, op, wc - 1, ops);
   }
   if (b.oom)
      goto oom;
   b.w[3] = s.bound;
   *out_n = b.n;
   goto done;

oom:
   *err = "out of memory";
fail:
   free(b.w);
   b.w = NULL;
   goto done;
none:
   b.w = NULL;
done:
   free(s.type_of);
   free(s.flags);
   free(s.remap);
   free(s.vec_n);
   free(s.si_image);
   return b.w;
}
