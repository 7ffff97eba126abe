/* spv_sample_inputs.c — a fragment module whose inputs are interpolated at the sample.
 *
 * GL 4.6 14.3.1.1: at a sample shading fraction of 1.0 "a separate set of colors and other
 * associated data are evaluated for each sample, and each set of values are evaluated at the
 * sample location" (ARB_sample_shading: centroid is then ignored). Vulkan shades each sample
 * at that fraction but interpolates an input without the Sample decoration wherever the
 * implementation likes (lavapipe: the pixel centre). The copy made here decorates each
 * user input Sample: a Centroid decoration (of a variable or a block member) becomes Sample in
 * place, every other non-flat input variable gets an OpDecorate ... Sample before the first
 * annotation, and the module declares capability SampleRateShading. Built-ins, flat inputs
 * (nothing to interpolate) and inputs already per-sample are left alone. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

#define SI_MAX_BOUND 0x400000u

uint32_t *
spv_sample_inputs(const uint32_t *w, size_t n, size_t *out_n)
{
   *out_n = 0;
   if (n < 5 || w[3] == 0 || w[3] > SI_MAX_BOUND)
      return NULL;
   const uint32_t bound = w[3];
   /* per id: bit 0 an Input variable, 1 Flat, 2 BuiltIn, 3 Sample, 4 Centroid, 5 a member
    * BuiltIn (its type) */
   uint8_t *f = calloc(bound, 1);
   uint32_t *type_of = calloc(bound, sizeof(uint32_t));
   if (!f || !type_of) {
      free(f);
      free(type_of);
      return NULL;
   }
   bool has_cap = false, fragment = false;
   size_t first_annotation = 0, first_type = 0;
   for (size_t at = 5; at < n;) {
      const uint32_t len = w[at] >> 16, op = w[at] & 0xffffu;
      if (!len || len > n - at)
         break;
      if (op == SpvOpCapability && len == 2 && w[at + 1] == SpvCapabilitySampleRateShading)
         has_cap = true;
      if (op == SpvOpEntryPoint && len >= 3 && w[at + 1] == SpvExecutionModelFragment)
         fragment = true;
      if ((op == SpvOpDecorate || op == SpvOpMemberDecorate || op == SpvOpDecorationGroup) &&
          !first_annotation)
         first_annotation = at;
      if (op >= SpvOpTypeVoid && op <= SpvOpTypeForwardPointer && !first_type)
         first_type = at;
      if (op == SpvOpDecorate && len >= 3 && w[at + 1] < bound) {
         const uint32_t d = w[at + 2];
         f[w[at + 1]] |= d == SpvDecorationFlat       ? 2u
                         : d == SpvDecorationBuiltIn  ? 4u
                         : d == SpvDecorationSample   ? 8u
                         : d == SpvDecorationCentroid ? 16u
                                                      : 0u;
      }
      if (op == SpvOpMemberDecorate && len >= 4 && w[at + 3] == SpvDecorationBuiltIn &&
          w[at + 1] < bound)
         f[w[at + 1]] |= 32u;
      if (op == SpvOpVariable && len >= 4 && w[at + 3] == SpvStorageClassInput &&
          w[at + 2] < bound) {
         f[w[at + 2]] |= 1u;
         type_of[w[at + 2]] = w[at + 1];
      }
      if (op == SpvOpFunction)
         break;
      at += len;
   }
   /* the pointee struct of an input block whose members are built-ins: left alone */
   for (size_t at = 5; at < n;) {
      const uint32_t len = w[at] >> 16, op = w[at] & 0xffffu;
      if (!len || len > n - at || op == SpvOpFunction)
         break;
      if (op == SpvOpTypePointer && len == 4 && w[at + 1] < bound && w[at + 3] < bound &&
          (f[w[at + 3]] & 32u))
         f[w[at + 1]] |= 32u; /* the pointer type marks its variables below */
      at += len;
   }
   uint32_t adds = 0;
   for (uint32_t id = 1; id < bound; id++) {
      if (!(f[id] & 1u) || (f[id] & (2u | 4u | 8u | 16u)) || (f[type_of[id]] & 32u))
         continue;
      adds++;
   }
   if (!fragment) {
      free(f);
      free(type_of);
      return NULL;
   }
   const size_t insert_at = first_annotation ? first_annotation : first_type;
   if (!insert_at) {
      free(f);
      free(type_of);
      return NULL;
   }
   const size_t extra = (has_cap ? 0 : 2) + 3u * adds;
   uint32_t *o = malloc((n + extra) * sizeof(uint32_t));
   if (!o) {
      free(f);
      free(type_of);
      return NULL;
   }
   size_t k = 0;
   memcpy(o, w, 5 * sizeof(uint32_t));
   k = 5;
   bool cap_done = has_cap;
   bool changed = false;
   for (size_t at = 5; at < n;) {
      const uint32_t len = w[at] >> 16, op = w[at] & 0xffffu;
      if (!cap_done && op != SpvOpCapability) {
         o[k++] = (2u << 16) | SpvOpCapability;
         o[k++] = SpvCapabilitySampleRateShading;
         cap_done = true;
      }
      if (at == insert_at) {
         for (uint32_t id = 1; id < bound; id++) {
            if (!(f[id] & 1u) || (f[id] & (2u | 4u | 8u | 16u)) || (f[type_of[id]] & 32u))
               continue;
            o[k++] = (3u << 16) | SpvOpDecorate;
            o[k++] = id;
            o[k++] = SpvDecorationSample;
            changed = true;
         }
      }
      memcpy(o + k, w + at, len * sizeof(uint32_t));
      /* Centroid on an input variable, or on a member of a struct (an input block's: output
       * blocks do not reach a fragment module's interface) becomes Sample */
      if (op == SpvOpDecorate && len == 3 && w[at + 2] == SpvDecorationCentroid &&
          w[at + 1] < bound && (f[w[at + 1]] & 1u) && !(f[w[at + 1]] & 8u)) {
         o[k + 2] = SpvDecorationSample;
         changed = true;
      }
      if (op == SpvOpMemberDecorate && len == 4 && w[at + 3] == SpvDecorationCentroid) {
         o[k + 3] = SpvDecorationSample;
         changed = true;
      }
      k += len;
      at += len;
   }
   free(f);
   free(type_of);
   if (!changed) {
      free(o);
      return NULL;
   }
   *out_n = k;
   return o;
}
