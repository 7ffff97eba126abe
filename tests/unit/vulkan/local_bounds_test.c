/* local_bounds_test.c — unit.vulkan.local_bounds: a fragment module indexing a local mat4, a
 * local float[5], a column's component, a Private int[3] and a struct's vec3 with a dynamic
 * index (shaders/local_index.frag, glslang's words) goes through spv_clamp_local_indices as the
 * backend's create_modules applies it: before, dynamic indices into Function/Private composites
 * are found; after, none is left, each is UMin(index, elements - 1) with the composite's own
 * last element, the uniform block's index and the constant ones are untouched, and the module
 * passes the backend's validator (vkb_spirv_validate, SPIRV-Tools). Also times the pass.
 *
 * usage: mgl_unit_vulkan_local_bounds <dir with local_index.frag.spv> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <spirv/unified1/GLSL.std.450.h>
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

/* What the test reads of a module: per id its declaring instruction and result type. */
struct mod {
   const uint32_t *w;
   size_t n;
   uint32_t bound;
   size_t *pc;     /* per id: the word offset of the instruction whose result it is */
   uint32_t *type; /* per id: its result type, 0 for types */
};

static bool
mod_init(struct mod *m, const uint32_t *w, size_t n)
{
   *m = (struct mod){.w = w, .n = n, .bound = w[3]};
   m->pc = calloc(m->bound, sizeof(*m->pc));
   m->type = calloc(m->bound, sizeof(*m->type));
   if (!m->pc || !m->type)
      return false;
   for (struct spv_walk it = spv_walk_begin(w, n); spv_walk_next(&it);) {
      const bool is_type = it.op >= SpvOpTypeVoid && it.op <= SpvOpTypeForwardPointer;
      uint32_t id = 0, type = 0;
      if (is_type && it.nops >= 1)
         id = it.o[0];
      else if (it.op == SpvOpLabel || it.op == SpvOpExtInstImport || it.op == SpvOpString)
         id = it.o[0];
      else if (it.op != SpvOpStore && it.op != SpvOpDecorate && it.op != SpvOpMemberDecorate &&
               it.op != SpvOpName && it.op != SpvOpMemberName && it.op != SpvOpEntryPoint &&
               it.op != SpvOpExecutionMode && it.op != SpvOpSelectionMerge &&
               it.op != SpvOpLoopMerge && it.op != SpvOpBranchConditional && it.nops >= 2)
         id = it.o[1], type = it.o[0];
      if (id && id < m->bound && !m->pc[id]) {
         m->pc[id] = it.pc;
         m->type[id] = type;
      }
   }
   return true;
}

static void
mod_finish(struct mod *m)
{
   free(m->pc);
   free(m->type);
}

static const uint32_t *
ins(const struct mod *m, uint32_t id)
{
   return id && id < m->bound && m->pc[id] ? m->w + m->pc[id] : NULL;
}

static uint32_t
op_of(const struct mod *m, uint32_t id)
{
   const uint32_t *d = ins(m, id);
   return d ? d[0] & SpvOpCodeMask : 0;
}

struct census {
   unsigned dynamic_local;   /* dynamic indices into local composites, unclamped */
   unsigned clamped_by[8];   /* clamps by the constant they clamp to (0..7) */
   unsigned clamp_wrong;     /* a clamp whose constant is not the composite's last element */
   unsigned dynamic_uniform; /* dynamic indices into Uniform composites (stay as they are) */
   unsigned uniform_clamped;
   unsigned constant_local;
};

/* The elements an index into type t chooses among (0: a struct), and the type it leads to. */
static uint32_t
elements(const struct mod *m, uint32_t t, uint32_t index, uint32_t *elem)
{
   const uint32_t *d = ins(m, t);
   *elem = 0;
   if (!d)
      return 0;
   switch (d[0] & SpvOpCodeMask) {
   case SpvOpTypeVector:
   case SpvOpTypeMatrix: *elem = d[2]; return d[3];
   case SpvOpTypeArray: *elem = d[2]; return ins(m, d[3]) ? ins(m, d[3])[3] : 0;
   case SpvOpTypeStruct:
      *elem = ins(m, index) && ins(m, index)[3] < (d[0] >> 16) - 2 ? d[2 + ins(m, index)[3]] : 0;
      return 0;
   default: return 0;
   }
}

static void
take_census(const uint32_t *w, size_t n, struct census *c)
{
   memset(c, 0, sizeof(*c));
   struct mod m;
   if (!mod_init(&m, w, n)) {
      CHECK(false, "out of memory");
      return;
   }
   for (struct spv_walk it = spv_walk_begin(w, n); spv_walk_next(&it);) {
      if (it.op != SpvOpAccessChain || it.nops < 4)
         continue;
      const uint32_t *ptr = ins(&m, m.type[it.o[2]]);
      if (!ptr || (ptr[0] & SpvOpCodeMask) != SpvOpTypePointer)
         continue;
      const bool local = ptr[2] == SpvStorageClassFunction || ptr[2] == SpvStorageClassPrivate;
      const bool uniform = ptr[2] == SpvStorageClassUniform;
      uint32_t t = ptr[3];
      for (uint32_t k = 3; k < it.nops && t; k++) {
         uint32_t elem;
         const uint32_t count = elements(&m, t, it.o[k], &elem);
         const uint32_t *def = ins(&m, it.o[k]);
         const bool constant = op_of(&m, it.o[k]) == SpvOpConstant;
         const bool umin = def && (def[0] & SpvOpCodeMask) == SpvOpExtInst && (def[0] >> 16) == 7 &&
                           def[4] == GLSLstd450UMin;
         if (count && constant && local)
            c->constant_local++;
         else if (count && umin && local) {
            const uint32_t *k_def = ins(&m, def[6]);
            const uint32_t last =
               k_def && (k_def[0] & SpvOpCodeMask) == SpvOpConstant ? k_def[3] : ~0u;
            if (last == count - 1 && last < 8)
               c->clamped_by[last]++;
            else
               c->clamp_wrong++;
         } else if (count && local)
            c->dynamic_local++;
         else if (count && uniform && umin)
            c->uniform_clamped++;
         else if (count && uniform && !constant)
            c->dynamic_uniform++;
         t = elem;
      }
   }
   mod_finish(&m);
}

static uint32_t *
load(const char *dir, size_t *n)
{
   char path[1024];
   snprintf(path, sizeof(path), "%s/local_index.frag.spv", dir);
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   const long size = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint32_t *w = size > 20 ? malloc((size_t)size) : NULL;
   if (w && fread(w, 1, (size_t)size, f) != (size_t)size) {
      free(w);
      w = NULL;
   }
   fclose(f);
   *n = (size_t)size / 4;
   return w;
}

int
main(int argc, char **argv)
{
   size_t n = 0;
   uint32_t *w = load(argc > 1 ? argv[1] : ".", &n);
   CHECK(w, "local_index.frag.spv not found");
   if (!w)
      return 1;
   struct vkb_screen scr = {.api_version = VK_API_VERSION_1_1};
   char why[256];
   CHECK(vkb_spirv_validate(&scr, w, n, why, sizeof(why)), "glslang's module: %s", why);

   /* before: glslang's words index the locals unclamped */
   struct census before;
   take_census(w, n, &before);
   printf("before: %u dynamic local indices, %u constant, %u dynamic uniform\n",
          before.dynamic_local, before.constant_local, before.dynamic_uniform);
   CHECK(before.dynamic_local == 7, "%u dynamic local indices before, want 7",
         before.dynamic_local);

   size_t out_n = 0;
   unsigned clamped = 0, left = 0;
   const char *err = NULL;
   uint32_t *out = spv_clamp_local_indices(w, n, &out_n, &clamped, &left, &err);
   CHECK(out && !err, "the pass returned nothing: %s", err ? err : "(nothing to clamp)");
   const uint32_t *after_w = out ? out : w;
   const size_t after_n = out ? out_n : n;
   struct census after;
   take_census(after_w, after_n, &after);
   printf("after: %u unclamped, clamped to 2/3/4: %u/%u/%u, %u wrong, %u constant, "
          "%u dynamic uniform (%u clamped); %u reported, %u left, %zu -> %zu words\n",
          after.dynamic_local, after.clamped_by[2], after.clamped_by[3], after.clamped_by[4],
          after.clamp_wrong, after.constant_local, after.dynamic_uniform, after.uniform_clamped,
          clamped, left, n, after_n);
   CHECK(after.dynamic_local == 0, "an unclamped dynamic local index is left (%u)",
         after.dynamic_local);
   /* mat4 columns and a column's components: 3; float[5]: 4; int[3] and vec3: 2 */
   CHECK(after.clamped_by[3] == 3 && after.clamped_by[4] == 2 && after.clamped_by[2] == 2 &&
            after.clamp_wrong == 0,
         "clamps to 2/3/4: %u/%u/%u (want 2/3/2), %u wrong", after.clamped_by[2],
         after.clamped_by[3], after.clamped_by[4], after.clamp_wrong);
   CHECK(clamped == 7 && left == 0, "reported %u clamped, %u left; want 7, 0", clamped, left);
   CHECK(after.constant_local == before.constant_local && after.constant_local >= 3,
         "constant local indices %u -> %u", before.constant_local, after.constant_local);
   CHECK(after.dynamic_uniform == 1 && after.uniform_clamped == 0,
         "the uniform block's index: %u dynamic, %u clamped; want 1, 0", after.dynamic_uniform,
         after.uniform_clamped);
   if (out)
      CHECK(vkb_spirv_validate(&scr, out, out_n, why, sizeof(why)), "the clamped module: %s", why);

   /* a module cut inside an instruction is nothing to clamp (the ASan build checks the reads) */
   size_t cut_at = 5;
   for (struct spv_walk it = spv_walk_begin(w, n); spv_walk_next(&it);)
      if (it.op == SpvOpAccessChain && !(cut_at > 5))
         cut_at = it.pc + 2;
   uint32_t *cut = spv_clamp_local_indices(w, cut_at, &out_n, &clamped, &left, &err);
   CHECK(!cut && !err, "a module cut inside an access chain gave %s", cut ? "words" : err);
   free(cut);

   /* the cost per module, on this host (the backend pays it once per shader object) */
   const int reps = 2000;
   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   for (int r = 0; r < reps; r++) {
      size_t m = 0;
      free(spv_clamp_local_indices(w, n, &m, &clamped, &left, &err));
   }
   clock_gettime(CLOCK_MONOTONIC, &t1);
   const double us =
      ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) / 1e3 / reps;
   printf("spv_clamp_local_indices: %.2f us per %zu-word module\n", us, n);

   free(out);
   free(w);
   printf("%s: %d failure(s)\n", "unit.vulkan.local_bounds", failures);
   return failures ? 1 : 0;
}
