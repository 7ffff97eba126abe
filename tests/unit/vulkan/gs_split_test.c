/* gs_split_test.c — unit.vulkan.gs_split: spv_gs_split on the words a client may send. The
 * backend validates a client's module before any pass reads it (create_modules), but the pass
 * is bounds-safe on any words all the same, and this proves it (run it under ASan): a module
 * cut short or with an instruction's word count past the end, an id past the bound, an emit
 * outside a function or after a block's terminator, an entry point with no room left, and
 * thousands of garbled copies are each refused by name or split without a read past the
 * words. glslang's and the assembled modules the pixel cases draw (split*.geom/.spv) split
 * into modules the validator passes.
 *
 * usage: mgl_unit_vulkan_gs_split <dir with split.geom.spv> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "spv.h"

static int failures;

#define CHECK(c, ...)                                                                              \
   do {                                                                                            \
      if (!(c)) {                                                                                  \
         failures++;                                                                               \
         printf("FAIL %s:%d: ", __FILE__, __LINE__);                                               \
         printf(__VA_ARGS__);                                                                      \
         printf("\n");                                                                             \
      }                                                                                            \
   } while (0)

static uint32_t *
load(const char *dir, const char *name, size_t *n)
{
   char path[1024];
   snprintf(path, sizeof(path), "%s/%s", dir, name);
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   const long size = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint32_t *w = size > 0 ? malloc((size_t)size) : NULL;
   *n = w && fread(w, 1, (size_t)size, f) == (size_t)size ? (size_t)size / 4 : 0;
   fclose(f);
   if (!*n) {
      free(w);
      return NULL;
   }
   return w;
}

/* Words w (n of them) split in 3: refused with a why containing want (NULL: split, and the
 * result valid). Each case runs on its own heap copy of exactly n words, so ASan sees a read
 * past them. */
static void
expect(const char *what, const uint32_t *w, size_t n, const char *want)
{
   uint32_t *copy = malloc(n * 4);
   if (!copy)
      abort();
   memcpy(copy, w, n * 4);
   size_t out_n = 0;
   const char *why = NULL;
   uint32_t *out = spv_gs_split(copy, n, 3, &out_n, &why);
   if (want) {
      CHECK(!out && why && strstr(why, want), "%s: refused as \"%s\" (got %s, \"%s\")", what, want,
            out ? "a split" : "a refusal", why ? why : "");
   } else {
      char invalid[256] = "";
      const bool valid =
         out && spv_validate(SPV_VALID_VULKAN_1_1, out, out_n, invalid, sizeof(invalid));
      CHECK(valid, "%s: split into a valid module (%s)", what, out ? invalid : why);
      if (valid)
         printf("  ok   %s: split, %zu words -> %zu, valid\n", what, n, out_n);
   }
   free(out);
   free(copy);
}

/* The word offset of the first instruction with opcode op (after after), 0 if none. */
static size_t
find_op(const uint32_t *w, size_t n, uint32_t op, size_t after)
{
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == op && it.pc > after)
         return it.pc;
   return 0;
}

/* w with one word inserted at pc (a malloc'd copy, n + 1 words). */
static uint32_t *
insert_word(const uint32_t *w, size_t n, size_t pc, uint32_t word)
{
   uint32_t *c = malloc((n + 1) * 4);
   if (!c)
      abort();
   memcpy(c, w, pc * 4);
   c[pc] = word;
   memcpy(c + pc + 1, w + pc, (n - pc) * 4);
   return c;
}

static void
hostile(const uint32_t *w, size_t n)
{
   const uint32_t emit = (1u << 16) | SpvOpEmitVertex;
   /* cut inside each instruction: the last one's word count runs past the end */
   unsigned cuts = 0;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.len > 1) {
         char what[64];
         snprintf(what, sizeof(what), "cut inside the instruction at word %zu", it.pc);
         if (cuts++ % 7 == 0) /* every seventh: the walk is the same for each */
            expect(what, w, it.pc + 1, "malformed module");
      }
   uint32_t *c = malloc(n * 4);
   if (!c)
      abort();
   memcpy(c, w, n * 4);
   const size_t fn = find_op(w, n, SpvOpFunction, 0);
   c[fn] = (0xffffu << 16) | SpvOpFunction;
   expect("an OpFunction's word count past the end", c, n, "malformed module");
   c[fn] = SpvOpFunction; /* word count 0 */
   expect("an instruction of word count 0", c, n, "malformed module");
   memcpy(c, w, n * 4);
   c[find_op(w, n, SpvOpLabel, 0) + 1] = w[3]; /* the first label's id: the bound */
   expect("a label past the id bound", c, n, "label past the id bound");
   c[0] = 0x07230203u ^ 0xff;
   expect("no SPIR-V magic", c, n, "no module to split");
   free(c);

   c = insert_word(w, n, fn, emit);
   expect("an OpEmitVertex outside a function", c, n + 1, "an emit outside a block");
   free(c);
   const size_t br = find_op(w, n, SpvOpBranch, fn);
   c = insert_word(w, n, br + (w[br] >> 16), emit);
   expect("an OpEmitVertex after a block's terminator", c, n + 1, "an emit outside a block");
   free(c);

   /* an entry point of 65535 words in a SPIR-V 1.4 module (the Private counter joins the
    * interface): no room for it */
   const size_t ep = find_op(w, n, SpvOpEntryPoint, 0), ep_len = w[ep] >> 16;
   const size_t pad = 0xffff - ep_len, big_n = n + pad;
   c = malloc(big_n * 4);
   if (!c)
      abort();
   memcpy(c, w, (ep + ep_len) * 4);
   for (size_t i = 0; i < pad; i++)
      c[ep + ep_len + i] = w[ep + ep_len - 1]; /* the last interface id again */
   memcpy(c + ep + ep_len + pad, w + ep + ep_len, (n - ep - ep_len) * 4);
   c[ep] = (0xffffu << 16) | SpvOpEntryPoint;
   c[1] = 0x10400;
   expect("an entry point with no room left", c, big_n, "entry point's interface is full");
   free(c);

   /* garbled copies: a word replaced by a random one, a small one or a near id, or a word count
    * changed; each split or refused, nothing read past the words (ASan) */
   unsigned long long r = 0x9e3779b97f4a7c15ull;
   unsigned refused = 0, split = 0;
   c = malloc(n * 4);
   if (!c)
      abort();
   for (unsigned i = 0; i < 20000; i++) {
      memcpy(c, w, n * 4);
      for (unsigned m = 0; m < 1 + i % 3; m++) {
         r = r * 6364136223846793005ull + 1442695040888963407ull;
         const size_t pc = 5 + (size_t)((r >> 33) % (n - 5));
         const uint32_t v = (uint32_t)(r >> 7);
         switch ((r >> 60) % 4) {
         case 0: c[pc] = v; break;
         case 1: c[pc] = v % 64; break;
         case 2: c[pc] = (c[pc] & 0xffffu) | ((v % 80) << 16); break; /* its word count */
         default: c[pc] = w[3] - 2 + v % 4; break;                    /* an id at the bound */
         }
      }
      size_t out_n = 0;
      const char *why = NULL;
      uint32_t *out = spv_gs_split(c, n, 2 + i % 3, &out_n, &why);
      CHECK(out || why, "garbled copy %u: refused without a reason", i);
      out ? split++ : refused++;
      free(out);
   }
   free(c);
   printf("  ok   20000 garbled copies: %u split, %u refused by name\n", split, refused);
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s <dir with split.geom.spv>\n", argv[0]);
      return 2;
   }
   const char *files[] = {"split.geom.spv", "split_flow.geom.spv", "split_phi.spv",
                          "split_head.spv"};
   for (unsigned f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
      size_t n = 0;
      uint32_t *w = load(argv[1], files[f], &n);
      CHECK(w, "%s: read", files[f]);
      if (!w)
         continue;
      expect(files[f], w, n, NULL);
      if (f == 0)
         hostile(w, n);
      free(w);
   }
   printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
   return failures ? 1 : 0;
}
