/* gs_split_test.c — unit.vulkan.gs_split: spv_gs_split on the words a client may send. The
 * backend validates a client's module before any pass reads it (create_modules), but the pass
 * is bounds-safe on any words all the same, and this proves it (run it under ASan): a module
 * cut short or with an instruction's word count past the end, an id past the bound, an emit
 * outside a function or after a block's terminator, an entry point with no room left, and
 * thousands of garbled copies are each refused by name or split without a read past the
 * words. Each named refusal of a module read whole is hit by a one-place change of split.geom
 * (refusals, loop_header_twice), and the arithmetic's edges with it: OutputVertices 2^32 - 1
 * (shares whose 32-bit bounds would wrap) and invocations x k past gl_InvocationID's int.
 * glslang's and the assembled modules the pixel cases draw (split*.geom/.spv) split into
 * modules the validator passes. Beside it, spv_point_size.c's cut of a geometry stage's
 * gl_PointSize stores, the stage the backend makes where the write puts it over the device's
 * output limits (point_cut.geom): the write there before, gone after, the components counted.
 *
 * usage: mgl_unit_vulkan_gs_split <dir with split.geom.spv> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "spv.h"
#include "vkb.h"

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
/* The first execution mode mode's argument in words w (UINT32_MAX: none). */
static uint32_t
mode_arg(const uint32_t *w, size_t n, uint32_t mode)
{
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == SpvOpExecutionMode && it.nops >= 3 && it.o[1] == mode)
         return it.o[2];
   return UINT32_MAX;
}

/* What every split must give, whatever words it took (vertices and invocations: the module's,
 * invocations 1 where it names none): k invocations for each, each within gl_InvocationID (an
 * int), and k shares of c vertices that cover the module's and whose bounds, j * c and
 * j * c + c, the device's 32-bit arithmetic holds (k * c <= 2^32). */
static void
check_shares(const char *what, const uint32_t *out, size_t out_n, uint32_t k, uint32_t vertices,
             uint32_t invocations)
{
   const uint64_t c = mode_arg(out, out_n, SpvExecutionModeOutputVertices);
   const uint64_t inv = mode_arg(out, out_n, SpvExecutionModeInvocations);
   CHECK(inv == (uint64_t)invocations * k && inv <= INT32_MAX,
         "%s: %llu invocations (want %u x %u, at most INT32_MAX)", what, (unsigned long long)inv,
         invocations, k);
   CHECK(c * k >= vertices && c * k <= (1ull << 32),
         "%s: %u shares of %llu vertices for %u: want them to cover it within 2^32", what, k,
         (unsigned long long)c, vertices);
}

/* Words w (n of them) split in k: refused with a why containing want (NULL: split, and the
 * result valid where valid, its shares checked). Each case runs on its own heap copy of
 * exactly n words, so ASan sees a read past them. */
static void
expect_k(const char *what, const uint32_t *w, size_t n, uint32_t k, const char *want, bool valid)
{
   uint32_t *copy = malloc(n * 4);
   if (!copy)
      abort();
   memcpy(copy, w, n * 4);
   size_t out_n = 0;
   const char *why = NULL;
   uint32_t *out = spv_gs_split(copy, n, k, &out_n, &why);
   if (want) {
      CHECK(!out && why && strstr(why, want), "%s: refused as \"%s\" (got %s, \"%s\")", what, want,
            out ? "a split" : "a refusal", why ? why : "");
      if (!out && why && strstr(why, want))
         printf("  ok   %s: refused, \"%s\"\n", what, why);
   } else {
      char invalid[256] = "";
      const bool ok = out && (!valid || spv_validate(SPV_VALID_VULKAN_1_1, out, out_n, invalid,
                                                     sizeof(invalid)));
      CHECK(ok, "%s: split into a%s module (%s)", what, valid ? " valid" : "", out ? invalid : why);
      const uint32_t inv = mode_arg(w, n, SpvExecutionModeInvocations);
      if (out)
         check_shares(what, out, out_n, k, mode_arg(w, n, SpvExecutionModeOutputVertices),
                      inv == UINT32_MAX ? 1 : inv);
      if (ok)
         printf("  ok   %s: split in %u, %zu words -> %zu%s\n", what, k, n, out_n,
                valid ? ", valid" : "");
   }
   free(out);
   free(copy);
}

static void
expect(const char *what, const uint32_t *w, size_t n, const char *want)
{
   expect_k(what, w, n, 3, want, true);
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

/* The instruction that defines id (its pc), 0 if none. */
static size_t
def_of(const uint32_t *w, size_t n, uint32_t id)
{
   struct spv_walk d;
   return spv_find_def(w, n, id, &d) ? d.pc : 0;
}

/* The OpDecorate ... BuiltIn builtin (its pc), 0 if none. */
static size_t
builtin_decoration(const uint32_t *w, size_t n, uint32_t builtin)
{
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == SpvOpDecorate && it.nops >= 3 && it.o[1] == SpvDecorationBuiltIn &&
          it.o[2] == builtin)
         return it.pc;
   return 0;
}

/* w with words ins (m of them) inserted at pc (a malloc'd copy, n + m words). */
static uint32_t *
insert_words(const uint32_t *w, size_t n, size_t pc, const uint32_t *ins, size_t m)
{
   uint32_t *c = malloc((n + m) * 4);
   if (!c)
      abort();
   memcpy(c, w, pc * 4);
   memcpy(c + pc, ins, m * 4);
   memcpy(c + pc + m, w + pc, (n - pc) * 4);
   return c;
}

/* Each of spv_gs_split's named refusals of a module the walk reads whole, on split.geom (one
 * entry point, 2 invocations of 200 points, gl_InvocationID loaded) changed in one place, and
 * the arithmetic's edges: OutputVertices near 2^32, invocations x k past an int. */
static void
refusals(const uint32_t *w, size_t n)
{
   uint32_t *c = malloc(n * 4);
   if (!c)
      abort();
   const size_t inv = builtin_decoration(w, n, SpvBuiltInInvocationId);
   const uint32_t inv_var = w[inv + 1];
   size_t inv_load = 0, first_store = 0;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (!inv_load && it.op == SpvOpLoad && it.nops >= 3 && it.o[2] == inv_var)
         inv_load = it.pc;
      if (!first_store && it.op == SpvOpStore)
         first_store = it.pc;
   }
   const size_t ep = find_op(w, n, SpvOpEntryPoint, 0), fn = find_op(w, n, SpvOpFunction, 0);
   CHECK(inv && inv_load && first_store && ep && fn, "split.geom: the instructions changed");
   if (!inv || !inv_load || !first_store || !ep || !fn) {
      free(c);
      return;
   }

   /* the arithmetic: OutputVertices 2^32 - 1 in 3 shares of 0x55555555 (exactly 2^32 - 1);
    * in 7, shares of 613566757 end at 2^32 + 3: j = 6's bounds wrap onto j = 0's vertices */
   memcpy(c, w, n * 4);
   struct spv_walk m = spv_walk_begin(c, n);
   while (spv_walk_next(&m))
      if (m.op == SpvOpExecutionMode && m.nops >= 3 && m.o[1] == SpvExecutionModeOutputVertices)
         c[m.pc + 3] = UINT32_MAX;
   expect_k("OutputVertices 2^32 - 1 in 3", c, n, 3, NULL, false);
   expect_k("OutputVertices 2^32 - 1 in 2", c, n, 2, NULL, false);
   expect_k("OutputVertices 2^32 - 1 in 7", c, n, 7, "too many output vertices to share out",
            false);
   /* 2 invocations: x 2^30 is 2^31, past gl_InvocationID's INT32_MAX (and its numbers from
    * 2^31 on negative: OpSDiv by k gave -1 for invocation 2^31); x (2^30 - 1) fits */
   expect_k("2 invocations in 2^30", w, n, 1u << 30, "too many invocations", false);
   expect_k("2 invocations in 2^31 + 1", w, n, (1u << 31) + 1, "too many invocations", false);
   expect_k("2 invocations in 2^31 (k an int's INT_MIN)", w, n, 1u << 31, "too many invocations",
            false);
   expect_k("2 invocations in 2^30 - 1", w, n, (1u << 30) - 1, NULL, false);
   memcpy(c, w, n * 4);
   m = spv_walk_begin(c, n);
   while (spv_walk_next(&m))
      if (m.op == SpvOpExecutionMode && m.nops >= 3 && m.o[1] == SpvExecutionModeInvocations)
         c[m.pc + 3] = 0;
   expect("Invocations 0", c, n, "no invocations");
   expect_k("k 1", w, n, 1, "no module to split", false);

   /* the module: its entry point, output, decorations, stores and loads */
   memcpy(c, w, n * 4);
   c[ep + 1] = SpvExecutionModelVertex;
   expect("a vertex entry point", c, n, "not a geometry entry point");
   memcpy(c, w, n * 4);
   m = spv_walk_begin(c, n);
   while (spv_walk_next(&m))
      if (m.op == SpvOpExecutionMode && m.nops >= 2 && m.o[1] == SpvExecutionModeOutputPoints)
         c[m.pc + 2] = SpvExecutionModeOutputLineStrip;
   expect("line strips out", c, n, "not a points geometry module");
   free(c);

   /* two entry points (the same one twice) */
   c = insert_words(w, n, ep, w + ep, w[ep] >> 16);
   expect("two entry points", c, n + (w[ep] >> 16), "not a points geometry module");
   free(c);

   /* a second InvocationId variable: the pointer the first store writes decorated too */
   const uint32_t dec2[4] = {(4u << 16) | SpvOpDecorate, w[first_store + 1], SpvDecorationBuiltIn,
                             SpvBuiltInInvocationId};
   c = insert_words(w, n, inv, dec2, 4);
   expect("two InvocationId decorations", c, n + 4, "more than one InvocationId variable");
   free(c);

   c = malloc(n * 4);
   if (!c)
      abort();
   /* the decoration on an id that is no variable (gl_InvocationID's pointer type) */
   memcpy(c, w, n * 4);
   c[inv + 1] = w[def_of(w, n, inv_var) + 1];
   expect("InvocationId on a type", c, n, "InvocationId is not a variable");
   /* loaded as another type (its pointer type's id as the result type) */
   memcpy(c, w, n * 4);
   c[inv_load + 1] = w[def_of(w, n, inv_var) + 1];
   expect("InvocationId loaded as a pointer type", c, n, "InvocationId is not a 32-bit int");
   /* the decoration moved to the pointer the first store writes */
   memcpy(c, w, n * 4);
   c[inv + 1] = w[first_store + 1];
   expect("InvocationId stored to", c, n, "InvocationId is used other than loaded");
   /* the first store's pointer type made a storage buffer's */
   memcpy(c, w, n * 4);
   const size_t var = def_of(w, n, w[first_store + 1]), ptr = var ? def_of(w, n, w[var + 1]) : 0;
   CHECK(ptr && (w[ptr] & 0xffffu) == SpvOpTypePointer, "the first store's pointer type");
   if (ptr) {
      c[ptr + 2] = SpvStorageClassStorageBuffer;
      expect("a store through a storage buffer pointer", c, n,
             "stores through a pointer outside the invocation");
   }
   /* every annotation made OpNops, InvocationId with them: nowhere to declare it */
   memcpy(c, w, n * 4);
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (spv_is_annotation(it.op))
         for (size_t k = 0; k < it.len; k++)
            c[it.pc + k] = (1u << 16) | SpvOpNop;
   expect("no annotations", c, n, "no annotation section to declare InvocationId in");
   /* an id bound that leaves no room for the new ids */
   memcpy(c, w, n * 4);
   c[3] = 0x400000u - 20;
   expect("an id bound 20 short of the most", c, n, "id bound");
   c[3] = 0x400001u;
   expect("an id bound past the most", c, n, "no module to split");
   free(c);

   /* what the code writes outside the invocation: a vertex stream's end, an atomic */
   const size_t br = find_op(w, n, SpvOpBranch, fn);
   const uint32_t end_stream[2] = {(2u << 16) | SpvOpEndStreamPrimitive, 1};
   c = insert_words(w, n, br, end_stream, 2);
   expect("an EndStreamPrimitive", c, n + 2, "writes memory outside the invocation");
   free(c);
   const uint32_t atomic[6] = {(6u << 16) | SpvOpAtomicIIncrement, 1, 2, inv_var, 1, 0};
   c = insert_words(w, n, br, atomic, 6);
   expect("an OpAtomicIIncrement", c, n + 6, "writes memory outside the invocation");
   free(c);
}

/* split_head.spv (a loop header that emits) with its OpLoopMerge twice in the header. */
static void
loop_header_twice(const uint32_t *w, size_t n)
{
   const size_t lm = find_op(w, n, SpvOpLoopMerge, 0);
   CHECK(lm, "split_head.spv: an OpLoopMerge");
   if (!lm)
      return;
   uint32_t *c = insert_words(w, n, lm, w + lm, w[lm] >> 16);
   expect("a loop header with two OpLoopMerges", c, n + (w[lm] >> 16), "malformed loop header");
   free(c);
}

/* vkb_gs_point_size_optional on a device's feature sets: a points geometry stage may leave
 * gl_PointSize unwritten where the device writes no size past the vertex stage, or with
 * VK_KHR_maintenance5 (NVIDIA's); without it, on a device with
 * shaderTessellationAndGeometryPointSize (lavapipe 22.3), it may not. */
static void
point_size_optional(void)
{
   VkPhysicalDeviceFeatures f = {0};
   f.shaderTessellationAndGeometryPointSize = VK_TRUE;
   CHECK(!vkb_gs_point_size_optional(&f, false),
         "shaderTessellationAndGeometryPointSize without maintenance5: gl_PointSize required");
   CHECK(vkb_gs_point_size_optional(&f, true),
         "shaderTessellationAndGeometryPointSize with maintenance5: gl_PointSize optional");
   f.shaderTessellationAndGeometryPointSize = VK_FALSE;
   CHECK(vkb_gs_point_size_optional(&f, false) && vkb_gs_point_size_optional(&f, true),
         "no shaderTessellationAndGeometryPointSize: gl_PointSize never written");
   printf("  ok   gl_PointSize unwritten in a points GS: refused with the point-size feature "
          "alone, allowed with maintenance5 or without the feature\n");
}

/* The stage's gl_PointSize write (SPIRV-Cross's active built-in, vkb_spirv_scan) and its
 * interface (vkb_io_measure_words) in words w; false where the scan refuses them. */
static bool
gs_facts(const uint32_t *w, size_t n, bool *writes_size, struct spv_stage_io *io)
{
   struct vkb_shader *sh = calloc(1, sizeof(*sh));
   uint32_t *copy = malloc(n * 4); /* the scan moves descriptor sets in place */
   const char *why = NULL;
   bool ok = sh && copy;
   if (ok) {
      memcpy(copy, w, n * 4);
      ok = vkb_spirv_scan(copy, n, VK_SHADER_STAGE_GEOMETRY_BIT, sh, &why) &&
           vkb_io_measure_words(w, n, VK_SHADER_STAGE_GEOMETRY_BIT, io);
      *writes_size = ok && sh->writes_point_size[MGP_SHADER_STAGE_GEOMETRY];
   }
   free(copy);
   free(sh);
   return ok;
}

/* point_cut.geom without its gl_PointSize stores (spv_point_size.c) and its gl_PerVertex cut
 * after the last member it still reaches (spv_pervertex_trim.c), as the backend's
 * gs_point_size_cut_patch makes it: the write present before and absent after (SPIRV-Cross's
 * view, not the pass's), valid, and 8 components a vertex where the device counted 11
 * (1024 of 128 vertices, 1408 with the write). A module without the write is left alone; the
 * words cut short at every length are refused without a read past them (ASan). */
static void
point_size_cut(const uint32_t *w, size_t n, const uint32_t *no_size, size_t no_size_n)
{
   bool writes = false;
   struct spv_stage_io io = {0};
   CHECK(gs_facts(w, n, &writes, &io) && writes && io.out_comps == 4 && io.out_builtin_comps == 7 &&
            io.vertices == 128,
         "point_cut.geom as glslang made it: gl_PointSize written, 4 + 7 components x 128 "
         "(written %d, %u + %u x %u)",
         writes, io.out_comps, io.out_builtin_comps, io.vertices);
   /* a GL host's compiler counts what is written (the GLES backend's geometry_fit): gl_Position
    * and gl_PointSize, 9 x 128 = 1152 over NVIDIA's 1024 */
   CHECK(io.out_builtin_written == 5, "point_cut.geom: 5 built-in components written (%u)",
         io.out_builtin_written);
   size_t cut_n = 0, trim_n = 0;
   const char *err = NULL;
   uint32_t *cut = spv_cut_point_size(w, n, &cut_n, &err);
   CHECK(cut && !err, "point_cut.geom: its gl_PointSize stores cut (%s)", err ? err : "none");
   uint32_t *trim = cut ? spv_trim_pervertex_out(cut, cut_n, &trim_n, &err) : NULL;
   CHECK(trim && !err, "point_cut.geom: gl_PerVertex trimmed after the cut (%s)",
         err ? err : "none");
   char invalid[256] = "";
   CHECK(trim && spv_validate(SPV_VALID_VULKAN_1_1, trim, trim_n, invalid, sizeof(invalid)),
         "point_cut.geom without gl_PointSize: valid (%s)", invalid);
   writes = true;
   io = (struct spv_stage_io){0};
   CHECK(trim && gs_facts(trim, trim_n, &writes, &io) && !writes && io.out_comps == 4 &&
            io.out_builtin_comps == 4 &&
            (io.out_comps + io.out_builtin_comps) * io.vertices == 1024,
         "point_cut.geom without gl_PointSize: no write, 4 + 4 components x 128 = 1024 "
         "(written %d, %u + %u x %u)",
         writes, io.out_comps, io.out_builtin_comps, io.vertices);
   CHECK(io.out_builtin_written == 4,
         "point_cut.geom without gl_PointSize: 4 built-in components written (%u)",
         io.out_builtin_written);
   free(trim);
   free(cut);
   err = NULL;
   uint32_t *none = spv_cut_point_size(no_size, no_size_n, &cut_n, &err);
   CHECK(!none && !err, "a module without gl_PointSize stores: left alone (%s)",
         none  ? "rewritten"
         : err ? err
               : "none");
   free(none);
   unsigned refused = 0;
   for (size_t len = 0; len < n; len++) {
      uint32_t *copy = malloc(len ? len * 4 : 4);
      if (!copy)
         abort();
      memcpy(copy, w, len * 4);
      err = NULL;
      uint32_t *out = spv_cut_point_size(copy, len, &cut_n, &err);
      refused += !out;
      CHECK(!out || cut_n < len, "cut at %zu words: the rewrite grew past them (%zu)", len, cut_n);
      free(out);
      free(copy);
   }
   CHECK(refused > 0, "point_cut.geom cut short: no length refused");
   printf("  ok   point_cut.geom: gl_PointSize written before the cut, not after; 1408 -> 1024 "
          "components; %u of %zu short lengths refused\n",
          refused, n);
}

/* Transform feedback (the Xfb execution mode): point_cut_xfb.geom captures its gl_PointSize
 * (Offset on the gl_PerVertex member, decorated before the member's BuiltIn), so the pass
 * leaves it whole and says why; point_cut_xfb_color.geom captures only its colour and is cut.
 * Red before: point_cut_xfb.geom cut, its captured size left unwritten. */
static void
point_size_captured(const uint32_t *w, size_t n, const uint32_t *color, size_t color_n)
{
   size_t cut_n = 0;
   const char *err = NULL;
   uint32_t *cut = spv_cut_point_size(w, n, &cut_n, &err);
   CHECK(!cut && err && !strcmp(err, SPV_POINT_SIZE_CAPTURED),
         "point_cut_xfb.geom, its gl_PointSize captured: left whole (%s, %s)",
         cut ? "cut" : "not cut", err ? err : "no reason");
   free(cut);
   err = NULL;
   cut = spv_cut_point_size_trim(color, color_n, &cut_n, &err);
   char invalid[256] = "";
   CHECK(cut && !err && spv_validate(SPV_VALID_VULKAN_1_1, cut, cut_n, invalid, sizeof(invalid)),
         "point_cut_xfb_color.geom, its colour captured: cut, valid (%s%s)", err ? err : "no error",
         invalid);
   free(cut);
}

/* point_cut_xfb_copy.geom: the size loaded into a captured output of its own, as the front end
 * copies a gl_PointSize that glTransformFeedbackVaryings captures: left whole for the capture.
 * Red before: left whole as "used otherwise than stored to", the capture unnamed. */
static void
point_size_copied(const uint32_t *w, size_t n)
{
   size_t cut_n = 0;
   const char *err = NULL;
   uint32_t *cut = spv_cut_point_size_trim(w, n, &cut_n, &err);
   CHECK(!cut && err && !strcmp(err, SPV_POINT_SIZE_CAPTURED),
         "point_cut_xfb_copy.geom, its gl_PointSize copied into a captured output: left whole "
         "for the capture (%s, %s)",
         cut ? "cut" : "not cut", err ? err : "no reason");
   free(cut);
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
      if (f == 0) {
         hostile(w, n);
         refusals(w, n);
      }
      if (f == 3)
         loop_header_twice(w, n);
      free(w);
   }
   point_size_optional();
   size_t pn = 0, on = 0;
   uint32_t *pw = load(argv[1], "point_cut.geom.spv", &pn);
   uint32_t *ow = load(argv[1], "over_limit.geom.spv", &on);
   CHECK(pw && ow, "point_cut.geom.spv, over_limit.geom.spv: read");
   if (pw && ow)
      point_size_cut(pw, pn, ow, on);
   free(pw);
   free(ow);
   uint32_t *xw = load(argv[1], "point_cut_xfb.geom.spv", &pn);
   uint32_t *cw = load(argv[1], "point_cut_xfb_color.geom.spv", &on);
   CHECK(xw && cw, "point_cut_xfb.geom.spv, point_cut_xfb_color.geom.spv: read");
   if (xw && cw)
      point_size_captured(xw, pn, cw, on);
   free(xw);
   free(cw);
   uint32_t *kw = load(argv[1], "point_cut_xfb_copy.geom.spv", &pn);
   CHECK(kw, "point_cut_xfb_copy.geom.spv: read");
   if (kw)
      point_size_copied(kw, pn);
   free(kw);
   printf("%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
   return failures ? 1 : 0;
}
