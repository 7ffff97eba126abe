/* unit.glsl.facing — the outline stage's facing for a fragment stage that reads gl_FrontFacing
 * (glsl_passthrough.c, spv_facing.c): the location chosen is the first the fragment stage does
 * not read; the fragment module's copy has no FrontFacing built-in left, the same interface
 * size, a Flat input at that location and every load of the built-in replaced, and stays valid;
 * the geometry stage that writes it is valid too. A module without gl_FrontFacing, a vertex
 * module and a truncated module are left alone. Read with the test's own scanner and spirv-val. */
#include "glsl_test_util.h"

#include "spv.h"

enum {
   OP_ENTRY_POINT = 15,
   OP_DECORATE = 71,
   OP_INOTEQUAL = 171,
   DECO_FLAT = 14,
   DECO_LOCATION = 30,
   BUILTIN_FRONT_FACING = 17,
};

static const char *const vs = "#version 330 core\n"
                              "layout(location = 0) in vec4 pos;\n"
                              "out vec4 v_col;\n"
                              "void main() { gl_Position = pos; v_col = pos; }\n";

/* gl_FrontFacing read twice: in main and in a function main calls */
static const char *const fs_facing = "#version 330 core\n"
                                     "in vec4 v_col;\n"
                                     "out vec4 o;\n"
                                     "float side() { return gl_FrontFacing ? 1.0 : 0.0; }\n"
                                     "void main() {\n"
                                     "  o = gl_FrontFacing ? v_col : vec4(side());\n"
                                     "}\n";

static const char *const fs_plain = "#version 330 core\n"
                                    "in vec4 v_col;\n"
                                    "out vec4 o;\n"
                                    "void main() { o = v_col; }\n";

/* The number of ids the entry point's interface lists. */
static int
interface_size(const struct glsl_spirv *s)
{
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == OP_ENTRY_POINT)
         return (int)(wc - 1 - 2 - spv_string_words(s->words + p + 3, wc - 3));
      p += wc;
   }
   return -1;
}

/* Whether some id is decorated Location `location` and Flat. */
static bool
flat_at(const struct glsl_spirv *s, uint32_t location)
{
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16;
      if (!wc)
         break;
      if ((s->words[p] & 0xffff) == OP_DECORATE && wc == 4 && s->words[p + 2] == DECO_LOCATION &&
          s->words[p + 3] == location) {
         const uint32_t id = s->words[p + 1];
         for (size_t q = 5; q < s->num_words;) {
            uint32_t wq = s->words[q] >> 16;
            if (!wq)
               break;
            if ((s->words[q] & 0xffff) == OP_DECORATE && wq == 3 && s->words[q + 1] == id &&
                s->words[q + 2] == DECO_FLAT)
               return true;
            q += wq;
         }
      }
      p += wc;
   }
   return false;
}

static void
test_facing(void)
{
   struct glsl_program *p = t_link_vs_fs(vs, fs_facing);
   if (!p)
      return;
   const char *why = NULL;
   const int facing = glsl_outline_facing(p, &why);
   /* v_col takes location 0 */
   CHECK(facing == 1 && !why, "facing location %d (%s), want 1", facing, why ? why : "");
   const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
   size_t n = 0;
   uint32_t *w = glsl_outline_fs(p, facing, &n, &why);
   CHECK(w, "fragment copy not made: %s", why ? why : "");
   if (w) {
      struct glsl_spirv after = {.words = w, .num_words = n};
      CHECK(t_spv_has_builtin(f, BUILTIN_FRONT_FACING), "the source has no FrontFacing");
      CHECK(!t_spv_has_builtin(&after, BUILTIN_FRONT_FACING), "FrontFacing left");
      CHECK(interface_size(&after) == interface_size(f), "interface %d entries, was %d",
            interface_size(&after), interface_size(f));
      CHECK(flat_at(&after, 1), "no Flat input at location 1");
      CHECK(t_spv_count_op(&after, OP_INOTEQUAL) == t_spv_count_op(f, OP_INOTEQUAL) + 2,
            "%d loads compared, want 2",
            t_spv_count_op(&after, OP_INOTEQUAL) - t_spv_count_op(f, OP_INOTEQUAL));
      CHECK(t_spirv_val(&after, "facing-fs") != 0, "rewritten fragment module invalid");
      const char *err = NULL;
      size_t n2 = 0;
      uint32_t *w2 = spv_facing_from_input(w, n, 1, &n2, &err);
      CHECK(!w2 && !err, "rewritten twice");
      free(w2);
      free(w);
   }
   for (int points = 0; points < 2; points++) {
      const struct glsl_outline o = {.points = points, .facing = facing};
      size_t gn = 0;
      uint32_t *gs = glsl_outline_gs(p, &o, &gn, &why);
      CHECK(gs, "outline stage not made: %s", why ? why : "");
      if (gs) {
         struct glsl_spirv g = {.words = gs, .num_words = gn};
         CHECK(flat_at(&g, 1), "the outline stage writes no flat output at location 1");
         CHECK(t_spirv_val(&g, "facing-gs") != 0, "outline stage invalid");
      }
      free(gs);
   }
   /* the vertex module is no fragment module */
   const char *err = NULL;
   const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX];
   w = spv_facing_from_input(v->words, v->num_words, 1, &n, &err);
   CHECK(!w && !err, "vertex module rewritten");
   free(w);
   /* a module whose last instruction runs past its end is refused, not read past it */
   uint32_t *cut = malloc(f->num_words * sizeof(uint32_t));
   if (cut) {
      memcpy(cut, f->words, f->num_words * sizeof(uint32_t));
      cut[f->num_words - 1] += 1u << 16; /* OpFunctionEnd claims a second word */
      w = spv_facing_from_input(cut, f->num_words, 1, &n, &err);
      CHECK(!w && err, "a truncated module was rewritten");
      free(w);
      free(cut);
   }
   glsl_program_destroy(p);
}

static void
test_nothing(void)
{
   struct glsl_program *p = t_link_vs_fs(vs, fs_plain);
   if (!p)
      return;
   const char *why = "unset";
   CHECK(glsl_outline_facing(p, &why) == -1 && !why, "a location for a stage without facing");
   const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
   const char *err = NULL;
   size_t n = 0;
   uint32_t *w = spv_facing_from_input(f->words, f->num_words, 1, &n, &err);
   CHECK(!w && !err, "a module without gl_FrontFacing was rewritten (%s)", err ? err : "");
   free(w);
   glsl_program_destroy(p);
}

int
main(void)
{
   test_facing();
   test_nothing();
   return t_finish("unit.glsl.facing");
}
