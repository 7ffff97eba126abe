/* unit.glsl.input_copies — a fragment stage's input block array indexed by a uniform
 * (spv_input_copies.c), as the GLES backend hands it to SPIRV-Cross: the shaders of the
 * block_array_interp scenario, whose `b[which].f` NVIDIA's GLES compiler fails on. Rewritten, no
 * access chain into an Input array of structs has an index that is not a constant, the
 * dynamically indexed chains read a Private array instead, the entry point first copies each
 * element's every member from the input at constant indices, the input keeps its location and
 * its members' interpolation, and the module stays valid (spirv-val). Left alone: a module whose
 * block array is indexed by constants only, one with an interpolateAt* on the array (blocked),
 * a vertex module, a truncated module. Read with spv.h's walker and spirv-val. */
#include "glsl_test_util.h"

#include "spv.h"

static const char *const vs = "#version 150\n"
                              "in vec2 a_pos;\n"
                              "noperspective out float n_loose;\n"
                              "out Blk {\n"
                              "  flat float f;\n"
                              "  noperspective float n;\n"
                              "  centroid vec3 c;\n"
                              "} b[2];\n"
                              "void main() {\n"
                              "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                              "  n_loose = a_pos.x;\n"
                              "  for (int i = 0; i < 2; i++) {\n"
                              "    b[i].f = a_pos.x; b[i].n = n_loose; b[i].c = vec3(a_pos, 1.0);\n"
                              "  }\n"
                              "}\n";
static const char *const fs_dynamic =
   "#version 150\n"
   "noperspective in float n_loose;\n"
   "in Blk {\n"
   "  flat float f;\n"
   "  noperspective float n;\n"
   "  centroid vec3 c;\n"
   "} b[2];\n"
   "uniform int which;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "  bool ok = b[which].f == 1.0 && abs(b[which].n - n_loose) < 1e-5 &&\n"
   "            all(greaterThanEqual(b[which].c, vec3(-0.001)));\n"
   "  o = ok ? vec4(0.0, 1.0, 0.0, b[0].n) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";
static const char *const fs_constant = "#version 150\n"
                                       "in Blk {\n"
                                       "  flat float f;\n"
                                       "  noperspective float n;\n"
                                       "  centroid vec3 c;\n"
                                       "} b[2];\n"
                                       "out vec4 o;\n"
                                       "void main() { o = vec4(b[1].f, b[0].n, b[1].c.xy); }\n";
static const char *const vs_400 = "#version 400\n"
                                  "in vec2 a_pos;\n"
                                  "out Blk { float n; } b[2];\n"
                                  "void main() {\n"
                                  "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                                  "  b[0].n = a_pos.x; b[1].n = a_pos.y;\n"
                                  "}\n";
static const char *const fs_interpolate = "#version 400\n"
                                          "in Blk { float n; } b[2];\n"
                                          "uniform int which;\n"
                                          "out vec4 o;\n"
                                          "void main() {\n"
                                          "  o = vec4(interpolateAtCentroid(b[which].n));\n"
                                          "}\n";

/* What the module's access chains into Input arrays of structs are: those whose first index is
 * no OpConstant (dynamic), those whose first index is one (constant); and the chains into a
 * Private variable of an array of structs with an index that is no constant (private_dynamic). */
struct chains {
   int dynamic, constant, private_dynamic;
};

/* The storage class of variable id's pointer and whether it points to an array of structs. */
static uint32_t
var_class(const uint32_t *w, size_t n, uint32_t id, bool *struct_array)
{
   struct spv_walk v, p, a, s;
   *struct_array = false;
   if (!spv_find_def(w, n, id, &v) || v.op != SpvOpVariable || !spv_find_def(w, n, v.o[0], &p) ||
       p.op != SpvOpTypePointer)
      return UINT32_MAX;
   *struct_array = spv_find_def(w, n, p.o[2], &a) && a.op == SpvOpTypeArray &&
                   spv_find_def(w, n, a.o[1], &s) && s.op == SpvOpTypeStruct;
   return v.o[2];
}

static struct chains
count_chains(const uint32_t *w, size_t n)
{
   struct chains c = {0};
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op != SpvOpAccessChain || it.nops < 4)
         continue;
      bool struct_array = false;
      const uint32_t sc = var_class(w, n, it.o[2], &struct_array);
      struct spv_walk idx;
      const bool constant = spv_find_def(w, n, it.o[3], &idx) && idx.op == SpvOpConstant;
      if (!struct_array)
         continue;
      if (sc == SpvStorageClassInput)
         (constant ? &c.constant : &c.dynamic)[0]++;
      else if (sc == SpvStorageClassPrivate && !constant)
         c.private_dynamic++;
   }
   return c;
}

/* The decoration's count on id (OpDecorate) or on member `member` of id (OpMemberDecorate). */
static int
decorations(const uint32_t *w, size_t n, uint32_t id, int member, uint32_t deco)
{
   int count = 0;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.nops < 3)
         continue;
      if (member < 0)
         count += it.op == SpvOpDecorate && it.o[0] == id && it.o[1] == deco;
      else
         count += it.op == SpvOpMemberDecorate && it.o[0] == id && it.o[1] == (uint32_t)member &&
                  it.o[2] == deco;
   }
   return count;
}

static void
check_left(const uint32_t *w, size_t n, bool want_blocked, const char *tag)
{
   const char *err = "unset";
   bool blocked = !want_blocked;
   size_t out_n = 0;
   uint32_t *out = spv_copy_indexed_inputs(w, n, &out_n, &blocked, &err);
   CHECK(!out && !err && blocked == want_blocked, "%s: rewritten (%s), blocked %d", tag,
         err ? err : "", blocked);
   free(out);
}

static void
test_copy(void)
{
   struct glsl_program *p = t_link_vs_fs(vs, fs_dynamic);
   if (!p)
      return;
   const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
   const struct chains before = count_chains(f->words, f->num_words);
   /* b[which].f, .n, .c (twice); b[0].n */
   CHECK(before.dynamic >= 3 && before.constant >= 1, "before: %d dynamic chains, %d constant",
         before.dynamic, before.constant);
   const uint32_t b = t_spv_id_named(f, "b"), blk = t_spv_id_named(f, "Blk");
   const int64_t location = t_spv_decoration(f, b, SpvDecorationLocation);
   CHECK(b && blk && location >= 0, "no input b of block Blk with a location");

   const char *err = "unset";
   bool blocked = true;
   size_t n = 0;
   uint32_t *w = spv_copy_indexed_inputs(f->words, f->num_words, &n, &blocked, &err);
   CHECK(w && !err && !blocked, "not rewritten: %s, blocked %d", err ? err : "nothing", blocked);
   if (w) {
      const struct chains after = count_chains(w, n);
      CHECK(after.dynamic == 0, "after: %d dynamic chains into the input", after.dynamic);
      CHECK(after.private_dynamic == before.dynamic,
            "after: %d dynamic chains into a copy, want %d", after.private_dynamic, before.dynamic);
      /* the copy: 2 elements of 3 members, each a chain at constant indices */
      CHECK(after.constant == 6, "after: %d constant chains into the input, want 6",
            after.constant);
      struct glsl_spirv out = {.words = w, .num_words = n};
      CHECK(t_spv_id_named(&out, "_mgl_copy_b") != 0, "the copy is not named _mgl_copy_b");
      CHECK(t_spv_decoration(&out, b, SpvDecorationLocation) == location,
            "the input's location moved");
      CHECK(decorations(w, n, blk, 0, SpvDecorationFlat) == 1 &&
               decorations(w, n, blk, 1, SpvDecorationNoPerspective) == 1 &&
               decorations(w, n, blk, 2, SpvDecorationCentroid) == 1,
            "the input's members lost their interpolation");
      CHECK(t_spirv_val(&out, "input-copies") != 0, "rewritten module invalid");
      /* a module the pass made is not rewritten again */
      check_left(w, n, false, "rewritten");
      free(w);
   }
   /* cut inside its last instruction of three words or more: nothing read past the cut,
    * nothing rewritten */
   size_t cut = 0;
   struct spv_walk it = spv_walk_begin(f->words, f->num_words);
   while (spv_walk_next(&it))
      if (it.len >= 3)
         cut = it.pc + 2;
   CHECK(cut, "no instruction to cut");
   check_left(f->words, cut, false, "truncated");
   check_left(p->spirv[GLSL_STAGE_VERTEX].words, p->spirv[GLSL_STAGE_VERTEX].num_words, false,
              "vertex");
   glsl_program_destroy(p);
}

static void
test_left(void)
{
   struct glsl_program *p = t_link_vs_fs(vs, fs_constant);
   if (p) {
      const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
      const struct chains c = count_chains(f->words, f->num_words);
      CHECK(c.dynamic == 0 && c.constant >= 3, "constant: %d dynamic, %d constant chains",
            c.dynamic, c.constant);
      check_left(f->words, f->num_words, false, "constant indices");
      glsl_program_destroy(p);
   }
   /* interpolateAtCentroid takes the input itself: the array stays as it is */
   p = t_link_vs_fs(vs_400, fs_interpolate);
   if (p) {
      const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
      CHECK(count_chains(f->words, f->num_words).dynamic >= 1, "interpolate: no dynamic chain");
      check_left(f->words, f->num_words, true, "interpolateAtCentroid");
      glsl_program_destroy(p);
   }
}

int
main(void)
{
   test_copy();
   test_left();
   return t_finish("unit.glsl.input_copies");
}
