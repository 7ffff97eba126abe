/* unit.glsl.unused_blocks — a std140 (or shared) uniform block that no stage uses is active
 * with all its members (GL 4.6 7.6.2.1): it has an index, its members their std140 offsets and
 * GL_UNIFORM_BLOCK_DATA_SIZE its std140 size; it is in the stages that declare it, yet no stage
 * reads it, so its variable takes a binding at or above GLSL_BINDING_UNUSED_BASE and a draw
 * binds nothing for it (bound_stages 0). A used block of the same program keeps its binding. */
#include "glsl_test_util.h"

static const char *vs = "#version 140\n"
                        "struct S { int d; bvec2 e; };\n"
                        "layout(std140) uniform Unused {\n"
                        "   float a; vec2 b; vec3 c; S f; float g; float h[2]; mat2x3 i;\n"
                        "};\n"
                        "uniform Shared { vec4 s; };\n"
                        "uniform Used { vec4 u; };\n"
                        "in vec4 p;\n"
                        "void main() { gl_Position = p + u; }\n";
static const char *fs = "#version 140\n"
                        "out vec4 c;\n"
                        "void main() { c = vec4(0.0); }\n";

static const struct glsl_uniform *
member(const struct glsl_program *p, const char *name)
{
   for (unsigned k = 0; k < p->num_block_members; k++)
      if (!strcmp(p->block_members[k].name, name))
         return &p->block_members[k];
   return NULL;
}

static const struct glsl_uniform_block *
block(const struct glsl_program *p, const char *name)
{
   for (unsigned k = 0; k < p->num_blocks; k++)
      if (!strcmp(p->blocks[k].name, name))
         return &p->blocks[k];
   return NULL;
}

int
main(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return t_finish("unit.glsl.unused_blocks");
   CHECK(p->num_blocks == 3, "%u blocks", p->num_blocks);
   static const struct {
      const char *name;
      uint32_t offset;
   } want[] = {{"a", 0},    {"b", 8},  {"c", 16},    {"f.d", 32},
               {"f.e", 40}, {"g", 48}, {"h[0]", 64}, {"i", 96}};
   for (unsigned k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
      const struct glsl_uniform *m = member(p, want[k].name);
      CHECK(m && m->offset == want[k].offset, "%s: offset %d, want %u", want[k].name,
            m ? (int)m->offset : -1, want[k].offset);
   }
   const struct glsl_uniform_block *un = block(p, "Unused"), *sh = block(p, "Shared"),
                                   *us = block(p, "Used");
   CHECK(un && un->data_size == 128 && un->num_members == 8, "Unused: size %d, %d members",
         un ? (int)un->data_size : -1, un ? (int)un->num_members : -1);
   CHECK(un && un->stages == GLSL_STAGE_BIT(GLSL_STAGE_VERTEX) && !un->bound_stages,
         "Unused: stages %x bound %x", un ? un->stages : 0u, un ? un->bound_stages : 0u);
   CHECK(sh && sh->data_size == 16 && !sh->bound_stages, "Shared (the default layout)");
   CHECK(us && us->bound_stages == GLSL_STAGE_BIT(GLSL_STAGE_VERTEX), "Used is not bound");
   const struct glsl_spirv *w = &p->spirv[GLSL_STAGE_VERTEX];
   /* the block variables' bindings are what a draw fills */
   int64_t used_binding = -1, unused_binding = -1;
   for (size_t at = 5; at < w->num_words;) {
      const uint32_t n = w->words[at] >> 16, op = w->words[at] & 0xffff;
      if (!n)
         break;
      /* OpVariable result type id, result id, storage Uniform (2) */
      if (op == 59 && n >= 4 && w->words[at + 3] == 2) {
         const int64_t b = t_spv_decoration(w, w->words[at + 2], 33 /* Binding */);
         if (b >= GLSL_BINDING_UNUSED_BASE)
            unused_binding = b;
         else if (us && b == us->binding)
            used_binding = b;
      }
      at += n;
   }
   CHECK(unused_binding >= GLSL_BINDING_UNUSED_BASE, "no block variable takes an unused binding");
   CHECK(used_binding >= 0, "the used block's variable has not its binding");
   glsl_program_destroy(p);
   return t_finish("unit.glsl.unused_blocks");
}
