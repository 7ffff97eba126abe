/* block_pad_test.c — glb_block_pad.c on modules built to break it. The client sends the SPIR-V
 * (spawn, tcp): array lengths from 64-bit constants, spec constants, 0 and 2^32-1, structs
 * that hold themselves, offsets that go back or overlap, ids past the bound, a truncated
 * instruction, nesting past the pass's depth, a block struct defined twice, vectors and
 * matrices whose sizes wrap 32 bits. Each is padded correctly, left as it is (NULL, no error:
 * SPIRV-Cross's own check then stands), or refused by name (NULL with an error); each module
 * ends at a page the process may not read, so a read past it faults. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "glb.h"
#include "pass_bench.h"
#include "spv.h"

static int failures;

#define CHECK(c)                                                                                   \
   do {                                                                                            \
      if (!(c)) {                                                                                  \
         fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);                              \
         failures++;                                                                               \
      }                                                                                            \
   } while (0)

/* A module being built: words, their count */
struct mod {
   uint32_t w[1024];
   size_t n;
};

static void
put(struct mod *m, uint32_t op, size_t nops, const uint32_t *o)
{
   if (m->n + 1 + nops > sizeof(m->w) / sizeof(m->w[0])) {
      fprintf(stderr, "block_pad_test: module too long\n");
      exit(2);
   }
   m->w[m->n++] = (uint32_t)(1 + nops) << 16 | op;
   memcpy(m->w + m->n, o, nops * sizeof(uint32_t));
   m->n += nops;
}

#define OP(m, op, ...)                                                                             \
   put((m), (op), sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t),                      \
       (const uint32_t[]){__VA_ARGS__})

/* The ids every module shares: a 32-bit uint, a float, the block struct, its pointer and
 * variable, a uint pointer, the constants 0 and 1, a function with one access chain. Ids from
 * 20 on are each test's own; the bound is 64. */
enum { U = 1, F, S, PS, V, PU, C0, C1, VOID, FNT, FN, LBL, CH, BOUND = 64 };
#define SB 12u /* StorageBuffer */

static void
begin(struct mod *m)
{
   static const uint32_t head[] = {0x07230203, 0x00010000, 0, BOUND, 0};
   memcpy(m->w, head, sizeof(head));
   m->n = 5;
}

/* OpDecorate S Block and each member's Offset */
static void
block_offsets(struct mod *m, const uint32_t *offsets, unsigned count)
{
   OP(m, SpvOpDecorate, S, SpvDecorationBlock);
   for (unsigned k = 0; k < count; k++)
      OP(m, SpvOpMemberDecorate, S, k, SpvDecorationOffset, offsets[k]);
}

static void
scalars(struct mod *m)
{
   OP(m, SpvOpTypeInt, U, 32, 0);
   OP(m, SpvOpTypeFloat, F, 32);
   OP(m, SpvOpConstant, U, C0, 0);
   OP(m, SpvOpConstant, U, C1, 1);
}

/* the variable of S and a function whose access chain takes its member `index` (an id) */
static void
chain(struct mod *m, uint32_t index)
{
   OP(m, SpvOpTypePointer, PS, SB, S);
   OP(m, SpvOpVariable, PS, V, SB);
   OP(m, SpvOpTypePointer, PU, SB, U);
   OP(m, SpvOpTypeVoid, VOID);
   OP(m, SpvOpTypeFunction, FNT, VOID);
   OP(m, SpvOpFunction, VOID, FN, 0, FNT);
   OP(m, SpvOpLabel, LBL);
   OP(m, SpvOpAccessChain, PU, CH, V, index);
   OP(m, SpvOpReturn);
   OP(m, SpvOpFunctionEnd);
}

/* The bytes the pass may allocate a word of the module it reads (its tables: twelve entries of 4
 * bytes a slot, fewer than two slots a word; the output and the copied operands) */
#define PAD_BYTES_A_WORD 256u

static void *pages;
static size_t page;

/* glb_spv_pad_blocks on m's words placed to end where the readable page does */
static uint32_t *
pad(const struct mod *m, size_t *out_n, const char **err)
{
   uint32_t *w = (uint32_t *)((char *)pages + page) - m->n;
   memcpy(w, m->w, m->n * sizeof(uint32_t));
   *err = "unset";
   return glb_spv_pad_blocks(w, m->n, out_n, err);
}

/* left as it is: no module back, no error */
static bool
left(const struct mod *m)
{
   size_t out_n = 1;
   const char *err;
   uint32_t *out = pad(m, &out_n, &err);
   free(out);
   return !out && !err && !out_n;
}

/* refused by name: no module back, an error */
static bool
refused(const struct mod *m)
{
   size_t out_n = 1;
   const char *err;
   uint32_t *out = pad(m, &out_n, &err);
   free(out);
   return !out && err && *err && !out_n;
}

/* The padded module's OpTypeStruct S: its member count (0: none), and the value of the
 * OpConstant the access chain CH indexes with (~0u: none) */
static unsigned
padded_members(const uint32_t *w, size_t n, uint32_t *chain_value)
{
   unsigned members = 0;
   uint32_t index = 0;
   *chain_value = ~0u;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpTypeStruct && it.nops >= 1 && it.o[0] == S)
         members = it.nops - 1;
      if (it.op == SpvOpAccessChain && it.nops >= 4 && it.o[1] == CH)
         index = it.o[3];
   }
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == SpvOpConstant && it.nops == 3 && it.o[1] == index)
         *chain_value = it.o[2];
   return members;
}

/* S = {uint at 0, uint at 8}, its member 1 taken by the chain: one padding word, member 1
 * becomes 2 */
static void
base(struct mod *m)
{
   begin(m);
   block_offsets(m, (const uint32_t[]){0, 8}, 2);
   scalars(m);
   OP(m, SpvOpTypeStruct, S, U, U);
}

/* S = {A at 0, uint at `next`}, A = uint[len] at ArrayStride 4 (len an id the caller makes
 * with `len_op`, words len_words, before A) */
static void
array_block(struct mod *m, uint32_t len_op, const uint32_t *len_words, size_t len_nops,
            uint32_t next)
{
   begin(m);
   block_offsets(m, (const uint32_t[]){0, next}, 2);
   OP(m, SpvOpDecorate, 22, SpvDecorationArrayStride, 4);
   scalars(m);
   OP(m, SpvOpTypeInt, 20, 64, 0);
   put(m, len_op, len_nops, len_words);
   OP(m, SpvOpTypeArray, 22, U, 21);
   OP(m, SpvOpTypeStruct, S, 22, U);
   chain(m, C1);
}

/* S = {uint at 0, N_depth at 16}: N_1 = {uint}, N_k = {N_(k-1)}, each member at offset 0 */
static void
nested_block(struct mod *m, unsigned depth)
{
   begin(m);
   block_offsets(m, (const uint32_t[]){0, 16}, 2);
   for (unsigned k = 1; k <= depth; k++)
      OP(m, SpvOpMemberDecorate, 20 + k, 0, SpvDecorationOffset, 0);
   scalars(m);
   OP(m, SpvOpTypeStruct, 21, U);
   for (unsigned k = 2; k <= depth; k++)
      OP(m, SpvOpTypeStruct, 20 + k, 20 + k - 1);
   OP(m, SpvOpTypeStruct, S, U, 20 + depth);
   chain(m, C0);
}

/* A module of `count` Block structs, each {uint at 0, uint at 8} (each padded), or (`chains`)
 * one such block whose member 1 `count` access chains take, in a module of bound 2^22: a
 * client's largest, for the bench below. Its words in *n; malloc'd. */
static uint32_t *
bench_module(bool chains, uint32_t count, size_t *n)
{
   const size_t cap = 32 + (size_t)count * 17;
   uint32_t *w = malloc(cap * sizeof(uint32_t));
   if (!w)
      return NULL;
   size_t at = 0;
#define EMIT(...)                                                                                  \
   do {                                                                                            \
      const uint32_t e_[] = {__VA_ARGS__};                                                         \
      memcpy(w + at, e_, sizeof(e_));                                                              \
      w[at] |= (uint32_t)(sizeof(e_) / sizeof(e_[0])) << 16;                                       \
      at += sizeof(e_) / sizeof(e_[0]);                                                            \
   } while (0)
   const uint32_t structs = chains ? 1 : count, first = 64; /* struct i: id first + i */
   w[at++] = 0x07230203;
   w[at++] = 0x00010000;
   w[at++] = 0;
   w[at++] = chains ? 1u << 22 : first + count + 1;
   w[at++] = 0;
   for (uint32_t i = 0; i < structs; i++) {
      EMIT(SpvOpDecorate, first + i, SpvDecorationBlock);
      EMIT(SpvOpMemberDecorate, first + i, 0, SpvDecorationOffset, 0);
      EMIT(SpvOpMemberDecorate, first + i, 1, SpvDecorationOffset, 8);
   }
   EMIT(SpvOpTypeInt, U, 32, 0);
   EMIT(SpvOpConstant, U, C1, 1);
   for (uint32_t i = 0; i < structs; i++)
      EMIT(SpvOpTypeStruct, first + i, U, U);
   if (chains) {
      EMIT(SpvOpTypePointer, PS, SB, first);
      EMIT(SpvOpVariable, PS, V, SB);
      EMIT(SpvOpTypePointer, PU, SB, U);
      EMIT(SpvOpTypeVoid, VOID);
      EMIT(SpvOpTypeFunction, FNT, VOID);
      EMIT(SpvOpFunction, VOID, FN, 0, FNT);
      EMIT(SpvOpLabel, LBL);
      for (uint32_t i = 0; i < count; i++)
         EMIT(SpvOpAccessChain, PU, first + 1 + i, V, C1);
      EMIT(SpvOpReturn);
      EMIT(SpvOpFunctionEnd);
   }
#undef EMIT
   *n = at;
   return w;
}

/* test_gles_block_pad --bench structs|chains COUNT...: the pass's time on bench_module's
 * modules (docs/BENCHMARKS.md); not a test */
static int
bench(int argc, char **argv)
{
   return pass_bench(argc, argv, "chains", bench_module, glb_spv_pad_blocks_counted, "padded",
                     "left");
}

int
main(int argc, char **argv)
{
   if (argc > 2 && !strcmp(argv[1], "--bench"))
      return bench(argc, argv);
   page = (size_t)sysconf(_SC_PAGESIZE);
   pages = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (pages == MAP_FAILED || mprotect((char *)pages + page, page, PROT_NONE)) {
      perror("mmap");
      return 2;
   }
   struct mod m;
   size_t out_n = 0;
   const char *err = NULL;
   uint32_t value = 0;

   /* the shape the pass is for: padded, the chain's member index moved */
   base(&m);
   chain(&m, C1);
   uint32_t *out = pad(&m, &out_n, &err);
   CHECK(out && !err && padded_members(out, out_n, &value) == 3 && value == 2);
   free(out);

   /* a runtime array after a gap, its length read by OpArrayLength: the instruction's literal
    * member index moves with the member (piglit layout-std140-write-shader on the GLES backend:
    * `.length()` of the padding member before it, which the host compiler refused) */
   begin(&m);
   block_offsets(&m, (const uint32_t[]){0, 8}, 2);
   OP(&m, SpvOpDecorate, 22, SpvDecorationArrayStride, 4);
   scalars(&m);
   OP(&m, SpvOpTypeRuntimeArray, 22, U);
   OP(&m, SpvOpTypeStruct, S, U, 22);
   OP(&m, SpvOpTypePointer, PS, SB, S);
   OP(&m, SpvOpVariable, PS, V, SB);
   OP(&m, SpvOpTypeVoid, VOID);
   OP(&m, SpvOpTypeFunction, FNT, VOID);
   OP(&m, SpvOpFunction, VOID, FN, 0, FNT);
   OP(&m, SpvOpLabel, LBL);
   OP(&m, SpvOpArrayLength, U, 23, V, 1);
   OP(&m, SpvOpReturn);
   OP(&m, SpvOpFunctionEnd);
   out = pad(&m, &out_n, &err);
   CHECK(out && !err && padded_members(out, out_n, &value) == 3);
   {
      uint32_t length_member = ~0u;
      struct spv_walk it = spv_walk_begin(out, out ? out_n : 0);
      while (out && spv_walk_next(&it))
         if (it.op == SpvOpArrayLength && it.nops == 4 && it.o[1] == 23)
            length_member = it.o[3];
      CHECK(length_member == 2);
   }
   free(out);
   /* ... its member index past the struct's: refused */
   m.w[m.n - 3] = 2;
   CHECK(refused(&m));

   /* array lengths: a 64-bit constant (2^32 + 1 elements: its low word alone said 1, padded
    * as a 4-byte array), a spec constant, 0, 2^32 - 1 and 2^32 - 2 (at stride 4 past 32 bits) */
   array_block(&m, SpvOpConstant, (const uint32_t[]){20, 21, 1, 1}, 4, 8);
   CHECK(left(&m));
   array_block(&m, SpvOpConstant, (const uint32_t[]){20, 21, 1, 0}, 4, 8);
   CHECK(left(&m)); /* a 64-bit constant is no length the pass measures, whatever its value */
   array_block(&m, SpvOpSpecConstant, (const uint32_t[]){U, 21, 1}, 3, 8);
   CHECK(left(&m));
   array_block(&m, SpvOpConstant, (const uint32_t[]){U, 21, 0}, 3, 8);
   CHECK(left(&m));
   array_block(&m, SpvOpConstant, (const uint32_t[]){U, 21, 0xffffffffu}, 3, 8);
   CHECK(left(&m));
   array_block(&m, SpvOpConstant, (const uint32_t[]){U, 21, 0xfffffffeu}, 3, 8);
   CHECK(left(&m));
   /* a 32-bit length of 1 is the array the pass pads after (the control) */
   array_block(&m, SpvOpConstant, (const uint32_t[]){U, 21, 1}, 3, 8);
   out = pad(&m, &out_n, &err);
   CHECK(out && !err && padded_members(out, out_n, &value) == 3 && value == 2);
   free(out);

   /* the chain's member index a 64-bit constant (no valid module has one): the pass made an
    * OpConstant of the 64-bit type with one literal word for the new index; refused */
   base(&m);
   OP(&m, SpvOpTypeInt, 20, 64, 0);
   OP(&m, SpvOpConstant, 20, 21, 1, 0);
   chain(&m, 21);
   CHECK(refused(&m));
   /* ... an id past the bound, and a spec constant: refused */
   base(&m);
   chain(&m, 0x01003800);
   CHECK(refused(&m));
   base(&m);
   OP(&m, SpvOpSpecConstant, U, 21, 1);
   chain(&m, 21);
   CHECK(refused(&m));

   /* a struct that holds itself through an array of it, and through another struct */
   begin(&m);
   block_offsets(&m, (const uint32_t[]){0, 16}, 2);
   OP(&m, SpvOpDecorate, 22, SpvDecorationArrayStride, 16);
   scalars(&m);
   OP(&m, SpvOpTypeArray, 22, S, C1);
   OP(&m, SpvOpTypeStruct, S, U, 22);
   chain(&m, C0);
   CHECK(left(&m));
   begin(&m);
   block_offsets(&m, (const uint32_t[]){0, 16}, 2);
   OP(&m, SpvOpMemberDecorate, 22, 0, SpvDecorationOffset, 0);
   scalars(&m);
   OP(&m, SpvOpTypeStruct, 22, S);
   OP(&m, SpvOpTypeStruct, S, U, 22);
   chain(&m, C0);
   CHECK(left(&m));

   /* offsets that go back, and that overlap (a vec4 at 0, a uint at 8) */
   begin(&m);
   block_offsets(&m, (const uint32_t[]){8, 0}, 2);
   scalars(&m);
   OP(&m, SpvOpTypeStruct, S, U, U);
   chain(&m, C1);
   CHECK(left(&m));
   begin(&m);
   block_offsets(&m, (const uint32_t[]){0, 8}, 2);
   scalars(&m);
   OP(&m, SpvOpTypeVector, 20, U, 4);
   OP(&m, SpvOpTypeStruct, S, 20, U);
   chain(&m, C1);
   CHECK(left(&m));
   /* offsets near 2^32: the second member's end past 32 bits */
   begin(&m);
   block_offsets(&m, (const uint32_t[]){0, 0xfffffffcu, 0xfffffff8u}, 3);
   scalars(&m);
   OP(&m, SpvOpTypeVector, 20, U, 4);
   OP(&m, SpvOpTypeStruct, S, U, 20, U);
   chain(&m, C1);
   CHECK(left(&m));

   /* a member's type past the bound; a member decoration past the member count; the block
    * struct's own id past the bound */
   begin(&m);
   block_offsets(&m, (const uint32_t[]){0, 8}, 2);
   scalars(&m);
   OP(&m, SpvOpTypeStruct, S, U, 0x00ffffffu);
   chain(&m, C1);
   CHECK(left(&m));
   base(&m);
   OP(&m, SpvOpMemberDecorate, S, 0xffffffffu, SpvDecorationOffset, 4);
   chain(&m, C1);
   out = pad(&m, &out_n, &err);
   CHECK(out && !err && padded_members(out, out_n, &value) == 3 && value == 2);
   free(out);
   begin(&m);
   OP(&m, SpvOpDecorate, 0x00ffffffu, SpvDecorationBlock);
   OP(&m, SpvOpMemberDecorate, 0x00ffffffu, 0, SpvDecorationOffset, 0);
   OP(&m, SpvOpMemberDecorate, 0x00ffffffu, 1, SpvDecorationOffset, 8);
   scalars(&m);
   OP(&m, SpvOpTypeStruct, 0x00ffffffu, U, U);
   CHECK(left(&m));

   /* truncated: the module's last instruction runs past its end, or has no words at all
    * (a word count of 0): malformed, said so */
   base(&m);
   chain(&m, C1);
   m.w[m.n - 1] = (5u << 16) | SpvOpFunctionEnd;
   CHECK(refused(&m));
   base(&m);
   chain(&m, C1);
   m.w[m.n - 1] = SpvOpFunctionEnd;
   CHECK(refused(&m));
   /* a member's Offset decoration without its offset word: no offset, left */
   begin(&m);
   OP(&m, SpvOpDecorate, S, SpvDecorationBlock);
   OP(&m, SpvOpMemberDecorate, S, 0, SpvDecorationOffset, 0);
   OP(&m, SpvOpMemberDecorate, S, 1, SpvDecorationOffset);
   scalars(&m);
   OP(&m, SpvOpTypeStruct, S, U, U);
   chain(&m, C1);
   CHECK(left(&m));

   /* nesting: structs 8 deep are measured (padded), 9 deep are past the pass's bound (left);
    * the walk is recursive, so its depth is bounded, not the module's */
   nested_block(&m, 8);
   out = pad(&m, &out_n, &err);
   CHECK(out && !err && padded_members(out, out_n, &value) == 5 && value == 0);
   free(out);
   nested_block(&m, 9);
   CHECK(left(&m));
   nested_block(&m, 40);
   CHECK(left(&m));

   /* the padded block's struct defined a second time, with no members, as the module's last
    * instruction: the rewrite copied the first definition's member count of operands from it,
    * past the module's end; refused */
   base(&m);
   chain(&m, C1);
   OP(&m, SpvOpTypeStruct, S);
   CHECK(refused(&m));

   /* sizes that wrap 32 bits: a vector of 2^30 + 1 components (4 bytes, said the product) and
    * a matrix of 2 columns at MatrixStride 2^31 (0 bytes): left, not padded by them */
   begin(&m);
   block_offsets(&m, (const uint32_t[]){0, 32}, 2);
   scalars(&m);
   OP(&m, SpvOpTypeVector, 20, U, 0x40000001u);
   OP(&m, SpvOpTypeStruct, S, 20, U);
   chain(&m, C1);
   CHECK(left(&m));
   begin(&m);
   block_offsets(&m, (const uint32_t[]){0, 16}, 2);
   OP(&m, SpvOpMemberDecorate, S, 0, SpvDecorationMatrixStride, 0x80000000u);
   scalars(&m);
   OP(&m, SpvOpTypeVector, 20, F, 4);
   OP(&m, SpvOpTypeMatrix, 21, 20, 2);
   OP(&m, SpvOpTypeStruct, S, 21, U);
   chain(&m, C1);
   CHECK(left(&m));
   /* an array whose stride is less than its element (uint[2] at ArrayStride 1), and a
    * runtime array before another member: no layout std430 gives, left */
   begin(&m);
   block_offsets(&m, (const uint32_t[]){0, 8}, 2);
   OP(&m, SpvOpDecorate, 22, SpvDecorationArrayStride, 1);
   scalars(&m);
   OP(&m, SpvOpConstant, U, 21, 2);
   OP(&m, SpvOpTypeArray, 22, U, 21);
   OP(&m, SpvOpTypeStruct, S, 22, U);
   chain(&m, C1);
   CHECK(left(&m));
   begin(&m);
   block_offsets(&m, (const uint32_t[]){0, 8}, 2);
   OP(&m, SpvOpDecorate, 22, SpvDecorationArrayStride, 4);
   scalars(&m);
   OP(&m, SpvOpTypeRuntimeArray, 22, U);
   OP(&m, SpvOpTypeStruct, S, 22, U);
   chain(&m, C1);
   CHECK(left(&m));

   /* its memory is linear in the module's words, not its declared bound (a client may declare
    * 2^22 in a module of a few hundred bytes, translated on a shared server): the padded shape
    * at bound 2^22, its ids below its words and then past them (each named once), each at most
    * PAD_BYTES_A_WORD bytes a word allocated (tables sized by the bound: 218 MB for each) */
   for (int far = 0; far < 2; far++) {
      const uint32_t h = far ? (1u << 22) - 64u : 0; /* its ids: h + the shared ones */
      struct glb_pass_cost cost = {0};
      begin(&m);
      m.w[3] = 1u << 22;
      OP(&m, SpvOpDecorate, h + S, SpvDecorationBlock);
      OP(&m, SpvOpMemberDecorate, h + S, 0, SpvDecorationOffset, 0);
      OP(&m, SpvOpMemberDecorate, h + S, 1, SpvDecorationOffset, 8);
      OP(&m, SpvOpTypeInt, h + U, 32, 0);
      OP(&m, SpvOpConstant, h + U, h + C1, 1);
      OP(&m, SpvOpTypeStruct, h + S, h + U, h + U);
      OP(&m, SpvOpTypePointer, h + PS, SB, h + S);
      OP(&m, SpvOpVariable, h + PS, h + V, SB);
      OP(&m, SpvOpTypePointer, h + PU, SB, h + U);
      OP(&m, SpvOpTypeVoid, h + VOID);
      OP(&m, SpvOpTypeFunction, h + FNT, h + VOID);
      OP(&m, SpvOpFunction, h + VOID, h + FN, 0, h + FNT);
      OP(&m, SpvOpLabel, h + LBL);
      OP(&m, SpvOpAccessChain, h + PU, h + CH, h + V, h + C1);
      OP(&m, SpvOpReturn);
      OP(&m, SpvOpFunctionEnd);
      out = glb_spv_pad_blocks_counted(m.w, m.n, &out_n, &err, &cost);
      unsigned three = 0, chained = 0;
      struct spv_walk it = spv_walk_begin(out, out ? out_n : 0);
      while (out && spv_walk_next(&it)) {
         three += it.op == SpvOpTypeStruct && it.nops == 4 && it.o[0] == h + S;
         chained += it.op == SpvOpAccessChain && it.nops == 4 && it.o[3] == 1u << 22;
      }
      CHECK(out && !err && three == 1 && chained == 1); /* member 1 at 2: a made constant */
      /* an id past the words is found by binary search among those (a few steps more) */
      CHECK(pass_cost_within("block_pad_test",
                             far ? "bound 2^22, ids past the words" : "bound 2^22", &cost, m.n,
                             far ? 24 : 12, PAD_BYTES_A_WORD));
      free(out);
   }

   /* the pass's work is linear in the module's words, whatever their shape (a shared server
    * translates a client's module of ~255k words per variant): 2,000 padded block structs, and
    * one block that 2,000 access chains index in a module of bound 2^22, each at most 12 words
    * visited a word (8.5 and 9.2 now; the whole-module walk per struct, per type lookup and the
    * scan of every id per chain index made them 2,000 and 4 million times more), the output
    * padded as one block is (each struct 3 members; each chain's index one made constant 2);
    * the bytes allocated at most PAD_BYTES_A_WORD a word (19 and 71 now; 218 MB for the chains'
    * bound when the bound sized the tables) */
   for (int chains = 0; chains < 2; chains++) {
      size_t n = 0;
      struct glb_pass_cost cost = {0};
      uint32_t *w = bench_module(chains, 2000, &n);
      out = w ? glb_spv_pad_blocks_counted(w, n, &out_n, &err, &cost) : NULL;
      CHECK(out && !err);
      CHECK(pass_cost_within("block_pad_test", chains ? "chains" : "structs", &cost, n, 12,
                             PAD_BYTES_A_WORD));
      unsigned three = 0, twos = 0, chained = 0;
      uint32_t two = 0;
      struct spv_walk it = spv_walk_begin(out, out ? out_n : 0);
      while (out && spv_walk_next(&it)) {
         three += it.op == SpvOpTypeStruct && it.nops == 4;
         if (it.op == SpvOpConstant && it.nops == 3 && it.o[0] == U && it.o[2] == 2) {
            twos++;
            two = it.o[1];
         }
         chained += it.op == SpvOpAccessChain && it.nops == 4 && it.o[3] == two;
      }
      CHECK(three == (chains ? 1u : 2000u) && twos == (unsigned)chains &&
            chained == (chains ? 2000u : 0u));
      free(out);
      free(w);
   }

   munmap(pages, 2 * page);
   if (failures)
      return 1;
   printf("unit.gles.block_pad: ok\n");
   return 0;
}
