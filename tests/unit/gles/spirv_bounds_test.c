/* spirv_bounds_test.c — glb_lod_bias.c, spv_point_size.c and spv_split.c on malformed SPIR-V: a
 * module whose last instruction is a sampling op too short for its operands ends at a page the
 * process may not read, so any read past the instruction faults instead of going unseen. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "glb.h"
#include "spv.h"

static int failures;

#define CHECK(c)                                                                                   \
   do {                                                                                            \
      if (!(c)) {                                                                                  \
         fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);                              \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

/* words placed so that the last one is the last readable word before a PROT_NONE page */
static uint32_t *
at_page_end(void *pages, size_t page, const uint32_t *words, size_t n)
{
   uint32_t *w = (uint32_t *)((char *)pages + page) - n;
   memcpy(w, words, n * sizeof(*w));
   return w;
}

int
main(void)
{
   const size_t page = (size_t)sysconf(_SC_PAGESIZE);
   void *pages = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (pages == MAP_FAILED || mprotect((char *)pages + page, page, PROT_NONE)) {
      perror("mmap");
      return 2;
   }
   /* OpImageSampleImplicitLod (87) with 2 operands (result type, result id): it has no sampled
    * image, coordinate or image operands; the pass read its operand 2, past the module's end */
   static const uint32_t short_sample[] = {0x07230203, 0x00010000,       0, 16,
                                           0,          (3u << 16) | 87u, 1, 2};
   const size_t n = sizeof(short_sample) / sizeof(short_sample[0]);
   const uint32_t *w = at_page_end(pages, page, short_sample, n);
   size_t out_n = 1;
   const char *unbiased = "x", *err = "x";
   uint32_t *out = glb_spv_lod_bias(w, n, true, 4, &out_n, &unbiased, &err);
   CHECK(out == NULL && out_n == 0); /* nothing biased: the module stays as it is */
   CHECK(unbiased == NULL);
   /* an instruction whose word count runs past the module: malformed, said so */
   static const uint32_t overlong[] = {0x07230203, 0x00010000, 0, 16, 0, (9u << 16) | 87u, 1, 2};
   w = at_page_end(pages, page, overlong, n);
   out = glb_spv_lod_bias(w, n, true, 4, &out_n, &unbiased, &err);
   CHECK(out == NULL && err != NULL);
   /* spv_point_size.c: a store to the PointSize built-in is dropped (OpDecorate %5 BuiltIn (11)
    * PointSize (1); OpStore %5 %7), a load of it keeps the module, a module with no store to it
    * comes back as NULL without an error, and one whose last instruction runs past its end
    * is malformed */
   static const uint32_t ps_store[] = {
      0x07230203, 0x00010000, 0, 16, 0, (4u << 16) | 71u, 5, 11, 1u, (3u << 16) | 62u, 5, 7};
   const size_t ps_n = sizeof(ps_store) / sizeof(ps_store[0]);
   w = at_page_end(pages, page, ps_store, ps_n);
   err = "x";
   out = spv_cut_point_size(w, ps_n, &out_n, &err);
   CHECK(out != NULL && err == NULL && out_n == ps_n - 3);
   CHECK(out && !memcmp(out, ps_store, (ps_n - 3) * sizeof(uint32_t)));
   free(out);
   static const uint32_t ps_load[] = {
      0x07230203, 0x00010000,       0, 16, 0, (4u << 16) | 71u, 5, 11, 1u, (3u << 16) | 62u, 5,
      7,          (4u << 16) | 61u, 2, 8,  5};
   const size_t load_n = sizeof(ps_load) / sizeof(ps_load[0]);
   w = at_page_end(pages, page, ps_load, load_n);
   out = spv_cut_point_size(w, load_n, &out_n, &err);
   CHECK(out == NULL && err != NULL);
   w = at_page_end(pages, page, ps_store, ps_n - 3);
   err = "x";
   out = spv_cut_point_size(w, ps_n - 3, &out_n, &err);
   CHECK(out == NULL && err == NULL && out_n == 0);
   static const uint32_t ps_overlong[] = {
      0x07230203, 0x00010000, 0, 16, 0, (4u << 16) | 71u, 5, 11, 1u, (9u << 16) | 62u, 5, 7};
   w = at_page_end(pages, page, ps_overlong, ps_n);
   out = spv_cut_point_size(w, ps_n, &out_n, &err);
   CHECK(out == NULL && err != NULL);
   /* spv_split.c (the Vulkan backend's split-io-blocks quirk) on a module that does not
    * validate: an OpAccessChain outside any function into a Block Input variable, its member
    * index an id (0x01003800) past the bound. The rewrite took the member from it unchecked
    * (an index far past its tables: the fuzzer's heap-buffer-overflow); it must stop short. */
   static const uint32_t split_chain[] = {
      0x07230203, 0x00010300, 0x0008000b, 0x29, 0,          0x00030047, 0x1e, 0x2,
      0x00040047, 0x20,       0x1e,       0x9,  0x0004001e, 0x1e,       0x7,  0x10,
      0x00040020, 0x1f,       0x3,        0x1e, 0x0004003b, 0x1f,       0x20, 0x3,
      0x00050041, 0x27,       0x28,       0x20, 0x01003800};
   const size_t sc_n = sizeof(split_chain) / sizeof(split_chain[0]);
   w = at_page_end(pages, page, split_chain, sc_n);
   bool blocked = false;
   err = NULL;
   out = spv_split_blocks(w, sc_n, &out_n, &blocked, &err);
   free(out); /* any answer but a read past the tables */
   /* glb_block_pad.c on a Block whose second member's Offset leaves a gap of 70000 words:
    * the padded OpTypeStruct would pass a word count's 16 bits (and a gap near 2^32 bytes made
    * the server emit GiBs of padding): refused, said so */
   static const uint32_t wide_gap[] = {
      0x07230203,       0x00010000, 0,  16, 0,
      (3u << 16) | 71u, 3,          2,                        /* OpDecorate %3 Block */
      (5u << 16) | 72u, 3,          0,  35, 0,                /* OpMemberDecorate %3 0 Offset 0 */
      (5u << 16) | 72u, 3,          1,  35, 4u + 4u * 70000u, /* member 1 at 280004 */
      (4u << 16) | 21u, 1,          32, 0,                    /* %1 = OpTypeInt 32 0 */
      (4u << 16) | 30u, 3,          1,  1};                   /* %3 = OpTypeStruct %1 %1 */
   const size_t wg_n = sizeof(wide_gap) / sizeof(wide_gap[0]);
   w = at_page_end(pages, page, wide_gap, wg_n);
   err = NULL;
   out = glb_spv_pad_blocks(w, wg_n, &out_n, &err);
   CHECK(out == NULL && err != NULL);
   free(out);
   /* a Block whose one member is a struct at offset 64 (a separable program's compatibility
    * state, _mgl_Compat, after the pipeline's other stages' block): padded with 16 words in
    * front of it, the struct then member 16 at its own offset; at offset 68 (not a multiple of
    * 16, where std140 cannot start a struct) it is left as it is */
   uint32_t struct_block[] = {
      0x07230203,       0x00010000, 0,  16, 0,  (3u << 16) | 71u, 3, 2, /* OpDecorate %3 Block */
      (5u << 16) | 72u, 2,          0,  35, 0,  /* OpMemberDecorate %2 0 Offset 0 */
      (5u << 16) | 72u, 2,          1,  35, 4,  /* OpMemberDecorate %2 1 Offset 4 */
      (5u << 16) | 72u, 3,          0,  35, 64, /* OpMemberDecorate %3 0 Offset 64 */
      (3u << 16) | 22u, 1,          32,         /* %1 = OpTypeFloat 32 */
      (4u << 16) | 30u, 2,          1,  1,      /* %2 = OpTypeStruct %1 %1 */
      (3u << 16) | 30u, 3,          2};         /* %3 = OpTypeStruct %2 */
   const size_t sb_n = sizeof(struct_block) / sizeof(struct_block[0]);
   w = at_page_end(pages, page, struct_block, sb_n);
   err = NULL;
   out = glb_spv_pad_blocks(w, sb_n, &out_n, &err);
   CHECK(out != NULL && err == NULL);
   unsigned pads = 0, struct_at = ~0u;
   for (size_t i = 5; out && i < out_n; i += out[i] >> 16 ? out[i] >> 16 : out_n) {
      const uint32_t op = out[i] & 0xffffu, len = out[i] >> 16;
      if (op == SpvOpTypeStruct && len >= 2 && out[i + 1] == 3) {
         for (uint32_t k = 2; k < len; k++)
            pads += out[i + k] == 1;
         CHECK(len == 2 + 17 && out[i + 2 + 16] == 2);
      }
      if (op == SpvOpMemberDecorate && len == 5 && out[i + 1] == 3 && out[i + 3] == 35 &&
          out[i + 4] == 64)
         struct_at = out[i + 2];
   }
   CHECK(pads == 16 && struct_at == 16);
   free(out);
   struct_block[22] = 68;
   w = at_page_end(pages, page, struct_block, sb_n);
   out = glb_spv_pad_blocks(w, sb_n, &out_n, &err);
   CHECK(out == NULL && err == NULL);
   free(out);
   /* a struct that holds itself (no valid module has one): no extent, no padding, no loop */
   struct_block[32] = 3;
   struct_block[22] = 64;
   w = at_page_end(pages, page, struct_block, sb_n);
   out = glb_spv_pad_blocks(w, sb_n, &out_n, &err);
   CHECK(out == NULL && err == NULL);
   free(out);
   munmap(pages, 2 * page);
   if (failures)
      return 1;
   printf("unit.gles.spirv_bounds: ok\n");
   return 0;
}
