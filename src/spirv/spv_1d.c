/* spv_1d.c — 1D images for a target without them (GLSL ES: the GLES backend stores a 1D texture
 * as a 2D texture one texel high and a 1D array as a 2D array of such layers). Each sampled
 * `Dim 1D` image type becomes `Dim 2D` and every use adapts, so that SPIRV-Cross writes
 * sampler2D / sampler2DArray (and their shadow and integer forms) with ESSL's own built-ins:
 *
 *  - sampling (implicit/explicit lod, Dref, and OpImageQueryLod): the coordinate (u) becomes
 *    (u, 0.5), (u, layer) becomes (u, 0.5, layer): the centre of the one row, whatever the
 *    sampler's wrap_t (GL ignores it for 1D). Projective (u, q) becomes (u, 0.5 q, q).
 *    Explicit gradients d become (d, 0); an offset o becomes (o, 0) (a constant one a new
 *    constant vector). Bias, lod, min lod and the Dref operand stay.
 *  - OpImageFetch (texelFetch): (x) becomes (x, 0), (x, layer) becomes (x, 0, layer).
 *  - OpImageQuerySize/OpImageQuerySizeLod (textureSize): the query answers the 2D size, and the
 *    value the module uses is its x (and layer count, for an array).
 *
 * Done on the SPIR-V rather than in the ESSL: SPIRV-Cross has an option for this only for MSL
 * (texture_1D_as_2D), ESSL forbids overloading the built-ins, and rewriting the text would need
 * every texture/texelFetch/textureSize/textureProj overload recognised by its argument types;
 * SPIR-V says exactly which instructions take a 1D image and which operand is the coordinate.
 * The pass re-emits the words, as spv_rect.c does; a rewritten image type identical to a 2D one
 * the module has is merged into the first (SPIR-V forbids duplicate image types), and so are the
 * sampled-image types over them.
 *  - storage images (image1D, image1DArray): imageLoad, imageStore and the atomics'
 *    OpImageTexelPointer take (x) as (x, 0) and (x, layer) as (x, 0, layer), as texelFetch
 *    does; imageSize answers as textureSize does.
 * A sparse sampling of a 1D image is not rewritten: the pass fails with the reason. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

enum {
   OpUndef = 1,
   OpSpecConstant = 50,
   OpImageSampleImplicitLod = 87,
   OpImageSampleExplicitLod = 88,
   OpImageSampleDrefImplicitLod = 89,
   OpImageSampleDrefExplicitLod = 90,
   OpImageSampleProjImplicitLod = 91,
   OpImageSampleProjExplicitLod = 92,
   OpImageSampleProjDrefImplicitLod = 93,
   OpImageSampleProjDrefExplicitLod = 94,
   OpImageTexelPointer = 60,
   OpImageFetch = 95,
   OpImageRead = 98,
   OpImageWrite = 99,
   OpImageQuerySizeLod = 103,
   OpImageQuerySize = 104,
   OpImageQueryLod = 105,
   OpImageSparseSampleImplicitLod = 305,
   OpImageSparseRead = 320,
   CapSampled1D = 43,
   CapImage1D = 44,
   ImgOpBias = 0x1,
   ImgOpLod = 0x2,
   ImgOpGrad = 0x4,
   ImgOpConstOffset = 0x8,
   ImgOpOffset = 0x10,
};

/* F_1D_PTR: a pointer type to a 1D storage image (OpImageTexelPointer's image operand) */
enum {
   F_TYPE = 1,
   F_1D_IMAGE = 2,
   F_1D_SI = 4,
   F_ARRAYED = 8,
   F_INT_CONST = 16,
   F_DROP = 32,
   F_1D_PTR = 64
};

struct oned_state {
   uint32_t bound;
   uint32_t *type_of;  /* [bound] the result type of a value */
   uint8_t *flags;     /* [bound] */
   uint32_t *vec_n;    /* [bound] component count of a vector type (0: not a vector) */
   uint32_t *vec_c;    /* [bound] component type of a vector type */
   uint32_t *si_image; /* [bound] sampled-image type -> its image type */
   uint32_t *remap;    /* [bound] merged type -> the type it merges into (0: itself) */
   uint32_t *off2;     /* [bound] int constant -> the (c, 0) constant vector made for it */
   uint32_t int_t, float_t, ivec2_t, ivec3_t, vec2_t, vec3_t, izero, fzero, fhalf;
   bool new_int, new_float, new_ivec2, new_ivec3, new_vec2, new_vec3, new_izero, new_fzero,
      new_fhalf;
};

static uint32_t
map_id(const struct oned_state *s, uint32_t id)
{
   return id < s->bound && s->remap[id] ? s->remap[id] : id;
}

/* An image type's operands after the sampled type, with Dim 1D read as 2D. */
static void
image_key(const uint32_t *in, uint32_t wc, uint32_t key[8])
{
   memset(key, 0, 8 * sizeof(*key));
   memcpy(key, &in[2], (wc - 2 < 8 ? wc - 2 : 8) * sizeof(*key));
   if (key[1] == SpvDim1D)
      key[1] = SpvDim2D;
}

static bool
sampling_op(uint32_t op)
{
   return (op >= OpImageSampleImplicitLod && op <= OpImageSampleProjDrefExplicitLod) ||
          op == OpImageQueryLod;
}

static bool
proj_op(uint32_t op)
{
   return op >= OpImageSampleProjImplicitLod && op <= OpImageSampleProjDrefExplicitLod;
}

/* Ops that address a 1D image by integer texel: texelFetch and the storage image accesses. */
static bool
texel_op(uint32_t op)
{
   return op == OpImageFetch || op == OpImageRead || op == OpImageWrite ||
          op == OpImageTexelPointer;
}

/* Ops with an operand (Dref) between the coordinate and the image-operands mask. */
static bool
dref_op(uint32_t op)
{
   return op == OpImageSampleDrefImplicitLod || op == OpImageSampleDrefExplicitLod ||
          op == OpImageSampleProjDrefImplicitLod || op == OpImageSampleProjDrefExplicitLod;
}

static uint32_t
value_flags(const struct oned_state *s, uint32_t value)
{
   if (value >= s->bound || s->type_of[value] >= s->bound)
      return 0;
   return s->flags[s->type_of[value]];
}

/* The image type a sampling op's (sampled image) or a fetch/query's (image) operand has, when
 * it is a rewritten 1D one: its flags, else 0. */
static uint32_t
oned_operand(const struct oned_state *s, uint32_t op, uint32_t value)
{
   const uint32_t f = value_flags(s, value);
   if (sampling_op(op) && (f & F_1D_SI))
      return f;
   if ((op == OpImageFetch || op == OpImageRead || op == OpImageQuerySize ||
        op == OpImageQuerySizeLod) &&
       (f & F_1D_IMAGE))
      return f;
   if (op == OpImageTexelPointer && (f & F_1D_PTR))
      return f;
   return 0;
}

/* Where the image-operands mask of a sampling or fetch op sits in its operands (after the
 * opcode word), or 0 when the op has none. */
static unsigned
mask_index(uint32_t op)
{
   if (op == OpImageQueryLod || op == OpImageQuerySize || op == OpImageQuerySizeLod ||
       op == OpImageTexelPointer)
      return 0;
   return dref_op(op) ? 5 : 4;
}

/* Finds the 1D types and records value types and the helper types the rewrite reuses. Returns
 * false when the module has no 1D image (nothing to do); *err set: one it cannot rewrite. */
static bool
oned_scan(struct oned_state *s, const uint32_t *w, size_t n, const char **err)
{
   bool any = false, in_fn = false;
   for (size_t at = 5; at < n;) {
      const uint32_t wc = w[at] >> 16, op = w[at] & 0xffff;
      const uint32_t *in = &w[at];
      if (wc == 0 || at + wc > n) {
         *err = "a malformed instruction";
         return false;
      }
      at += wc;
      if (op == SpvOpFunction)
         in_fn = true;
      if (op >= SpvOpTypeVoid && op <= SpvOpTypeFunction && wc >= 2 && in[1] < s->bound)
         s->flags[in[1]] |= F_TYPE;
      if (op == SpvOpTypeImage && wc >= 9 && in[1] < s->bound) {
         if (in[3] == SpvDim1D) {
            s->flags[in[1]] |= F_1D_IMAGE | (in[5] ? F_ARRAYED : 0);
            any = true;
         }
         /* an earlier image type with the same operands (after its own rewrite) absorbs it */
         uint32_t key[8], bkey[8];
         image_key(in, wc, key);
         for (size_t bt = 5; bt < at - wc;) {
            const uint32_t bwc = w[bt] >> 16;
            const uint32_t *bi = &w[bt];
            if ((bi[0] & 0xffff) == SpvOpTypeImage && bwc == wc && bi[1] < s->bound &&
                !(s->flags[bi[1]] & F_DROP)) {
               image_key(bi, bwc, bkey);
               if (!memcmp(key, bkey, sizeof(key))) {
                  s->remap[in[1]] = bi[1];
                  s->flags[in[1]] |= F_DROP;
                  break;
               }
            }
            bt += bwc;
         }
      } else if (op == SpvOpTypeSampledImage && wc >= 3 && in[1] < s->bound && in[2] < s->bound) {
         s->si_image[in[1]] = in[2];
         if (s->flags[in[2]] & F_1D_IMAGE)
            s->flags[in[1]] |= F_1D_SI | (s->flags[in[2]] & F_ARRAYED);
         const uint32_t img = map_id(s, in[2]);
         for (uint32_t id = 1; id < in[1]; id++)
            if (s->si_image[id] && !(s->flags[id] & F_DROP) && map_id(s, s->si_image[id]) == img) {
               s->remap[in[1]] = id;
               s->flags[in[1]] |= F_DROP;
               break;
            }
      } else if (op == SpvOpTypePointer && wc >= 4 && in[1] < s->bound && in[3] < s->bound &&
                 (s->flags[in[3]] & F_1D_IMAGE)) {
         s->flags[in[1]] |= F_1D_PTR | (s->flags[in[3]] & F_ARRAYED);
      } else if (op == SpvOpTypeInt && wc >= 4 && in[2] == 32 && in[3] == 1 && !s->int_t) {
         s->int_t = in[1];
      } else if (op == SpvOpTypeFloat && wc >= 3 && in[2] == 32 && !s->float_t) {
         s->float_t = in[1];
      } else if (op == SpvOpTypeVector && wc >= 4 && in[1] < s->bound) {
         s->vec_n[in[1]] = in[3];
         s->vec_c[in[1]] = in[2];
         const bool i = s->int_t && in[2] == s->int_t, f = s->float_t && in[2] == s->float_t;
         if (i && in[3] == 2 && !s->ivec2_t)
            s->ivec2_t = in[1];
         if (i && in[3] == 3 && !s->ivec3_t)
            s->ivec3_t = in[1];
         if (f && in[3] == 2 && !s->vec2_t)
            s->vec2_t = in[1];
         if (f && in[3] == 3 && !s->vec3_t)
            s->vec3_t = in[1];
      } else if (op == SpvOpConstant && wc == 4 && in[2] < s->bound) {
         if (s->int_t && in[1] == s->int_t) {
            s->flags[in[2]] |= F_INT_CONST;
            if (in[3] == 0 && !s->izero)
               s->izero = in[2];
         }
         if (s->float_t && in[1] == s->float_t && in[3] == 0 && !s->fzero)
            s->fzero = in[2];
         if (s->float_t && in[1] == s->float_t && in[3] == 0x3f000000u && !s->fhalf)
            s->fhalf = in[2];
      }
      /* values: (type, id) in function code and global values */
      const bool value = in_fn || op == SpvOpVariable || op == OpUndef ||
                         (op >= SpvOpConstantTrue && op <= OpSpecConstant + 2);
      if (value && wc >= 3 && in[1] < s->bound && in[2] < s->bound && (s->flags[in[1]] & F_TYPE))
         s->type_of[in[2]] = in[1];
      if (in_fn && op >= OpImageSparseSampleImplicitLod && op <= OpImageSparseRead && wc >= 4 &&
          (value_flags(s, in[3]) & (F_1D_SI | F_1D_IMAGE))) {
         *err = "a sparse sampling of a 1D image";
         return false;
      }
      /* a constant offset of a 1D access: a (c, 0) constant vector is made for it */
      if (in_fn && wc >= 5 && oned_operand(s, op, in[3])) {
         const unsigned mi = mask_index(op);
         if (mi && wc - 1 > mi && (in[1 + mi] & ImgOpConstOffset)) {
            const uint32_t mask = in[1 + mi];
            const unsigned k =
               mi + 1 + !!(mask & ImgOpBias) + !!(mask & ImgOpLod) + 2 * !!(mask & ImgOpGrad);
            const uint32_t c = k < wc - 1 ? in[1 + k] : 0;
            if (!c || c >= s->bound || !(s->flags[c] & F_INT_CONST)) {
               *err = "a constant offset of a 1D image that is not an int constant";
               return false;
            }
            if (!s->off2[c])
               s->off2[c] = s->bound++;
         }
      }
      if (op == SpvOpFunctionEnd)
         in_fn = false;
   }
   return any;
}

/* Component k of value v (v itself when it is a scalar and k is 0); 0: no such component. */
static uint32_t
component(struct oned_state *s, struct spirv_out *b, uint32_t v, uint32_t k, uint32_t *comp_t)
{
   const uint32_t t = v < s->bound ? s->type_of[v] : 0;
   if (!t || t >= s->bound)
      return 0;
   if (!s->vec_n[t]) {
      *comp_t = t;
      return k == 0 ? v : 0;
   }
   if (k >= s->vec_n[t])
      return 0;
   *comp_t = s->vec_c[t];
   const uint32_t r = s->bound++;
   SPIRV_OUT_EMIT(b, SpvOpCompositeExtract, s->vec_c[t], r, v, k);
   return r;
}

/* The 2D coordinate of a 1D access (see the head of the file); 0 when the coordinate is not of
 * the shape expected. */
static uint32_t
widen_coord(struct oned_state *s, struct spirv_out *b, uint32_t op, uint32_t flags, uint32_t coord)
{
   uint32_t ct = 0, ct2 = 0;
   const uint32_t u = component(s, b, coord, 0, &ct);
   if (!u || (ct != s->float_t && ct != s->int_t))
      return 0;
   const bool is_int = ct == s->int_t;
   if (is_int != texel_op(op))
      return 0;
   const uint32_t fill = is_int ? s->izero : s->fhalf;
   const bool arrayed = (flags & F_ARRAYED) && op != OpImageQueryLod;
   const uint32_t r = s->bound++;
   if (proj_op(op)) {
      const uint32_t q = component(s, b, coord, 1, &ct2);
      if (!q || ct2 != ct)
         return 0;
      const uint32_t v = s->bound++;
      SPIRV_OUT_EMIT(b, SpvOpFMul, s->float_t, v, q, s->fhalf);
      SPIRV_OUT_EMIT(b, SpvOpCompositeConstruct, s->vec3_t, r, u, v, q);
   } else if (arrayed) {
      const uint32_t layer = component(s, b, coord, 1, &ct2);
      if (!layer || ct2 != ct)
         return 0;
      SPIRV_OUT_EMIT(b, SpvOpCompositeConstruct, is_int ? s->ivec3_t : s->vec3_t, r, u, fill,
                     layer);
   } else {
      SPIRV_OUT_EMIT(b, SpvOpCompositeConstruct, is_int ? s->ivec2_t : s->vec2_t, r, u, fill);
   }
   return r;
}

/* (d, 0) for a scalar gradient or offset d of component type float or int; 0: not a scalar. */
static uint32_t
widen_scalar(struct oned_state *s, struct spirv_out *b, uint32_t v)
{
   const uint32_t t = v < s->bound ? s->type_of[v] : 0;
   if (!t || t >= s->bound || s->vec_n[t] || (t != s->float_t && t != s->int_t))
      return 0;
   const uint32_t r = s->bound++;
   if (t == s->float_t)
      SPIRV_OUT_EMIT(b, SpvOpCompositeConstruct, s->vec2_t, r, v, s->fzero);
   else
      SPIRV_OUT_EMIT(b, SpvOpCompositeConstruct, s->ivec2_t, r, v, s->izero);
   return r;
}

/* Returns the rewritten words (free them), or NULL: *err NULL when the module has no 1D image
 * (use the words as they are), else why. */
uint32_t *
spv_lower_1d(const uint32_t *w, size_t n, size_t *out_n, const char **err)
{
   *err = NULL;
   if (n < 5 || w[0] != SpvMagicNumber)
      return NULL;
   /* the tables are indexed by id: a bound no compiler gives a shader is refused */
   if (w[3] > (1u << 22)) {
      *err = "id bound";
      return NULL;
   }
   struct oned_state s = {.bound = w[3]};
   struct spirv_out b = {0};
   s.type_of = calloc(s.bound, sizeof(*s.type_of));
   s.flags = calloc(s.bound, sizeof(*s.flags));
   s.vec_n = calloc(s.bound, sizeof(*s.vec_n));
   s.vec_c = calloc(s.bound, sizeof(*s.vec_c));
   s.si_image = calloc(s.bound, sizeof(*s.si_image));
   s.off2 = calloc(s.bound, sizeof(*s.off2));
   s.remap = calloc(s.bound, sizeof(*s.remap));
   if (!s.type_of || !s.flags || !s.vec_n || !s.vec_c || !s.si_image || !s.off2 || !s.remap)
      goto oom;
   const uint32_t old_bound = s.bound;
   if (!oned_scan(&s, w, n, err)) {
      if (*err)
         goto fail;
      goto none;
   }
#define NEED(field, flag)                                                                          \
   do {                                                                                            \
      if (!s.field) {                                                                              \
         s.field = s.bound++;                                                                      \
         s.flag = true;                                                                            \
      }                                                                                            \
   } while (0)
   NEED(int_t, new_int);
   NEED(float_t, new_float);
   NEED(ivec2_t, new_ivec2);
   NEED(ivec3_t, new_ivec3);
   NEED(vec2_t, new_vec2);
   NEED(vec3_t, new_vec3);
   NEED(izero, new_izero);
   NEED(fzero, new_fzero);
   NEED(fhalf, new_fhalf);
#undef NEED

   spirv_out_emit(&b, 0, 4, &w[1]); /* header: its bound patched below */
   if (b.w)
      b.w[0] = w[0];
   bool globals_done = false, in_fn = false;
   for (size_t at = 5; at < n;) {
      const uint32_t wc = w[at] >> 16, op = w[at] & 0xffff;
      const uint32_t *in = &w[at];
      at += wc;
      if (op == SpvOpFunction)
         in_fn = true;
      else if (op == SpvOpFunctionEnd)
         in_fn = false;
      if (!globals_done && op == SpvOpFunction) {
         if (s.new_int)
            SPIRV_OUT_EMIT(&b, SpvOpTypeInt, s.int_t, 32, 1);
         if (s.new_float)
            SPIRV_OUT_EMIT(&b, SpvOpTypeFloat, s.float_t, 32);
         if (s.new_ivec2)
            SPIRV_OUT_EMIT(&b, SpvOpTypeVector, s.ivec2_t, s.int_t, 2);
         if (s.new_ivec3)
            SPIRV_OUT_EMIT(&b, SpvOpTypeVector, s.ivec3_t, s.int_t, 3);
         if (s.new_vec2)
            SPIRV_OUT_EMIT(&b, SpvOpTypeVector, s.vec2_t, s.float_t, 2);
         if (s.new_vec3)
            SPIRV_OUT_EMIT(&b, SpvOpTypeVector, s.vec3_t, s.float_t, 3);
         if (s.new_izero)
            SPIRV_OUT_EMIT(&b, SpvOpConstant, s.int_t, s.izero, 0);
         if (s.new_fzero)
            SPIRV_OUT_EMIT(&b, SpvOpConstant, s.float_t, s.fzero, 0);
         if (s.new_fhalf)
            SPIRV_OUT_EMIT(&b, SpvOpConstant, s.float_t, s.fhalf, 0x3f000000u);
         for (uint32_t c = 0; c < old_bound; c++)
            if (s.off2[c])
               SPIRV_OUT_EMIT(&b, SpvOpConstantComposite, s.ivec2_t, s.off2[c], c, s.izero);
         globals_done = true;
      }
      if (op == SpvOpCapability && wc >= 2 && (in[1] == CapSampled1D || in[1] == CapImage1D))
         continue;
      uint32_t ops[64];
      if (wc - 1 > 64) {
         spirv_out_emit(&b, op, wc - 1, &in[1]);
         continue;
      }
      memcpy(ops, &in[1], (wc - 1) * sizeof(*ops));
      /* merged types: their declarations and anything naming them go */
      if ((op == SpvOpTypeImage || op == SpvOpTypeSampledImage || op == SpvOpName ||
           op == SpvOpDecorate) &&
          wc >= 2 && in[1] < old_bound && (s.flags[in[1]] & F_DROP))
         continue;
      if (op == SpvOpTypeImage && wc >= 4 && ops[0] < old_bound && (s.flags[ops[0]] & F_1D_IMAGE))
         ops[2] = SpvDim2D;
      else if ((op == SpvOpTypeSampledImage || op == SpvOpTypeArray ||
                op == SpvOpTypeRuntimeArray) &&
               wc >= 3)
         ops[1] = map_id(&s, ops[1]);
      else if (op == SpvOpTypePointer && wc >= 4)
         ops[2] = map_id(&s, ops[2]);
      else if ((op == SpvOpTypeStruct || op == SpvOpTypeFunction) && wc >= 2)
         for (uint32_t k = 1; k < wc - 1; k++)
            ops[k] = map_id(&s, ops[k]);
      else if ((in_fn || op == SpvOpFunctionEnd || op == SpvOpVariable || op == OpUndef ||
                (op >= SpvOpConstantTrue && op <= OpSpecConstant + 2)) &&
               wc >= 3 && ops[0] < old_bound && (s.flags[ops[0]] & F_TYPE))
         ops[0] = map_id(&s, ops[0]); /* a result type */
      if (in_fn && op == OpImageWrite && wc >= 4 && (value_flags(&s, ops[0]) & F_1D_IMAGE)) {
         /* imageStore: (image, coordinate, texel[, operands]) */
         if (!(ops[1] = widen_coord(&s, &b, op, value_flags(&s, ops[0]), ops[1]))) {
            *err = "1D image coordinates of an unexpected type";
            goto fail;
         }
         spirv_out_emit(&b, op, wc - 1, ops);
         continue;
      }
      const uint32_t f = in_fn && wc >= 4 ? oned_operand(&s, op, ops[2]) : 0;
      if (!f) {
         spirv_out_emit(&b, op, wc - 1, ops);
         continue;
      }
      if (op == OpImageQuerySize || op == OpImageQuerySizeLod) {
         /* the 2D size, then the part the module asked for: x, or x and the layers */
         const bool arrayed = f & F_ARRAYED;
         const uint32_t want_t = ops[0], want = ops[1], q = s.bound++;
         if (want_t >= old_bound ||
             (arrayed ? s.vec_n[want_t] != 2 || s.vec_c[want_t] != s.int_t : want_t != s.int_t)) {
            *err = "a 1D image size query of an unexpected type";
            goto fail;
         }
         ops[0] = arrayed ? s.ivec3_t : s.ivec2_t;
         ops[1] = q;
         spirv_out_emit(&b, op, wc - 1, ops);
         if (arrayed)
            SPIRV_OUT_EMIT(&b, SpvOpVectorShuffle, want_t, want, q, q, 0, 2);
         else
            SPIRV_OUT_EMIT(&b, SpvOpCompositeExtract, want_t, want, q, 0);
         continue;
      }
      const uint32_t c = widen_coord(&s, &b, op, f, ops[3]);
      if (!c) {
         *err = "1D image coordinates of an unexpected type";
         goto fail;
      }
      ops[3] = c;
      const unsigned mi = mask_index(op);
      if (mi && wc - 1 > mi) {
         const uint32_t mask = ops[mi];
         unsigned k = mi + 1 + !!(mask & ImgOpBias) + !!(mask & ImgOpLod);
         if (mask & ImgOpGrad) {
            for (unsigned g = k; g < k + 2 && g < wc - 1; g++)
               if (!(ops[g] = widen_scalar(&s, &b, ops[g]))) {
                  *err = "1D image gradients of an unexpected type";
                  goto fail;
               }
            k += 2;
         }
         if ((mask & ImgOpConstOffset) && k < wc - 1) {
            ops[k] = s.off2[ops[k]];
            k++;
         }
         if ((mask & ImgOpOffset) && k < wc - 1 && !(ops[k] = widen_scalar(&s, &b, ops[k]))) {
            *err = "a 1D image offset of an unexpected type";
            goto fail;
         }
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
   free(s.vec_n);
   free(s.vec_c);
   free(s.si_image);
   free(s.off2);
   free(s.remap);
   return b.w;
}
