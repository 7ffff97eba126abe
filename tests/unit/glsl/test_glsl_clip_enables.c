/* unit.glsl.clip_enables — the GL_CLIP_DISTANCEi enables as specialization constants
 * (spv_clip_enables.c): a vertex module that writes gl_ClipDistance[0..2] gains one boolean
 * specialization constant per element (SpecId SPV_CLIP_ENABLE_SPEC_ID + i) and, per element
 * before its return, an OpFOrdGreaterThanEqual against 0.0 and two OpSelects (the written
 * value, else max(value, 0.0)); a geometry module, one per element before each OpEmitVertex; both
 * stay valid. A module that writes no clip distance (glslang still declares the member), a
 * fragment module, a truncated module and one whose id bound leaves no room are not rewritten.
 * Read with the test's own scanner (glsl_test_util.h) and spirv-val. */
#include "glsl_test_util.h"

#include "spv.h"

enum {
   OP_SPEC_CONSTANT_TRUE = 48,
   OP_DECORATE = 71,
   OP_SELECT = 169,
   OP_FORD_GREATER_THAN_EQUAL = 190,
   OP_EMIT_VERTEX = 218,
   DECORATION_SPEC_ID = 1,
};

static const char *const vs_clip = "#version 330 core\n"
                                   "layout(location = 0) in vec4 pos;\n"
                                   "void main() {\n"
                                   "  gl_Position = pos;\n"
                                   "  gl_ClipDistance[0] = pos.x;\n"
                                   "  gl_ClipDistance[2] = pos.y;\n"
                                   "}\n";
static const char *const vs_plain = "#version 330 core\n"
                                    "layout(location = 0) in vec4 pos;\n"
                                    "void main() { gl_Position = pos; }\n";
static const char *const gs_clip = "#version 150 core\n"
                                   "layout(triangles) in;\n"
                                   "layout(triangle_strip, max_vertices = 3) out;\n"
                                   "void emit(int i) {\n"
                                   "  gl_Position = gl_in[i].gl_Position;\n"
                                   "  gl_ClipDistance[0] = gl_in[i].gl_Position.x;\n"
                                   "  gl_ClipDistance[1] = gl_in[i].gl_Position.y;\n"
                                   "  EmitVertex();\n"
                                   "}\n"
                                   "void main() {\n"
                                   "  emit(0);\n"
                                   "  emit(1);\n"
                                   "  gl_Position = gl_in[2].gl_Position;\n"
                                   "  gl_ClipDistance[0] = 1.0;\n"
                                   "  gl_ClipDistance[1] = 1.0;\n"
                                   "  EmitVertex();\n"
                                   "  EndPrimitive();\n"
                                   "}\n";
static const char *const fs = "#version 330 core\n"
                              "out vec4 o;\n"
                              "void main() { o = vec4(1.0); }\n";

/* How many OpDecorate SpecId name SPV_CLIP_ENABLE_SPEC_ID + i, for i below `planes`. */
static int
spec_ids(const uint32_t *w, size_t n, uint32_t planes)
{
   int found = 0;
   for (size_t p = 5; p < n;) {
      uint32_t wc = w[p] >> 16;
      if (!wc)
         break;
      if ((w[p] & 0xffff) == OP_DECORATE && wc == 4 && w[p + 2] == DECORATION_SPEC_ID &&
          w[p + 3] >= SPV_CLIP_ENABLE_SPEC_ID && w[p + 3] < SPV_CLIP_ENABLE_SPEC_ID + planes)
         found++;
      p += wc;
   }
   return found;
}

static void
check_rewrite(const struct glsl_spirv *m, uint32_t want_planes, int sites, const char *tag)
{
   const char *err = NULL;
   bool blocked = true;
   size_t n = 0;
   uint32_t planes = 0;
   uint32_t *w = spv_clip_enables(m->words, m->num_words, &n, &planes, &blocked, &err);
   CHECK(w && !err && !blocked, "%s: not rewritten: %s", tag, err ? err : "nothing to rewrite");
   if (!w)
      return;
   struct glsl_spirv after = {.words = w, .num_words = n};
   CHECK(planes == want_planes, "%s: %u planes, want %u", tag, planes, want_planes);
   const int specs =
      t_spv_count_op(&after, OP_SPEC_CONSTANT_TRUE) - t_spv_count_op(m, OP_SPEC_CONSTANT_TRUE);
   CHECK(specs == (int)want_planes, "%s: %d specialization constants, want %u", tag, specs,
         want_planes);
   CHECK(spec_ids(w, n, want_planes) == (int)want_planes, "%s: %d SpecIds, want %u", tag,
         spec_ids(w, n, want_planes), want_planes);
   const int selects = t_spv_count_op(&after, OP_SELECT) - t_spv_count_op(m, OP_SELECT);
   CHECK(selects == 2 * sites * (int)want_planes, "%s: %d selects, want %d", tag, selects,
         2 * sites * (int)want_planes);
   const int compares = t_spv_count_op(&after, OP_FORD_GREATER_THAN_EQUAL) -
                        t_spv_count_op(m, OP_FORD_GREATER_THAN_EQUAL);
   CHECK(compares == sites * (int)want_planes, "%s: %d comparisons with 0.0, want %d", tag,
         compares, sites * (int)want_planes);
   CHECK(t_spirv_val(&after, tag) != 0, "%s: rewritten module invalid", tag);
   free(w);
}

static void
check_left(const struct glsl_spirv *m, const char *tag)
{
   const char *err = NULL;
   bool blocked = true;
   size_t n = 0;
   uint32_t planes = 7;
   uint32_t *w = spv_clip_enables(m->words, m->num_words, &n, &planes, &blocked, &err);
   CHECK(!w && !err && !blocked && !planes, "%s: rewritten (%s)", tag, err ? err : "");
   free(w);
}

static void
test_vertex(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs_clip, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX];
   check_rewrite(v, 3, 1, "clip-enables-vs");
   check_left(&p->spirv[GLSL_STAGE_FRAGMENT], "fragment");

   /* hostile shapes: a last instruction whose length runs past the end, an id bound with no
    * room left */
   const char *err = NULL;
   bool blocked = false;
   size_t n = 0;
   uint32_t planes = 0;
   uint32_t *copy = malloc(v->num_words * 4);
   if (copy) {
      memcpy(copy, v->words, v->num_words * 4);
      copy[v->num_words - 1] = (2u << 16) | (copy[v->num_words - 1] & 0xffff);
      uint32_t *w = spv_clip_enables(copy, v->num_words, &n, &planes, &blocked, &err);
      CHECK(!w && err, "a module whose last instruction runs past its end was rewritten");
      free(w);
      memcpy(copy, v->words, v->num_words * 4);
      copy[3] = UINT32_MAX - 3;
      w = spv_clip_enables(copy, v->num_words, &n, &planes, &blocked, &err);
      CHECK(!w && err, "an id bound at UINT32_MAX was rewritten");
      free(w);
      free(copy);
   }
   glsl_program_destroy(p);
}

static void
test_geometry(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs_plain, fs}};
   in.source[GLSL_STAGE_GEOMETRY] = gs_clip;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   const struct glsl_spirv *g = &p->spirv[GLSL_STAGE_GEOMETRY];
   CHECK(t_spv_count_op(g, OP_EMIT_VERTEX) == 2, "%d OpEmitVertex",
         t_spv_count_op(g, OP_EMIT_VERTEX));
   check_rewrite(g, 2, 2, "clip-enables-gs");
   /* the vertex stage writes none: glslang's gl_PerVertex member alone is no write */
   check_left(&p->spirv[GLSL_STAGE_VERTEX], "vertex without clip distances");
   glsl_program_destroy(p);
}

int
main(void)
{
   test_vertex();
   test_geometry();
   return t_finish("unit.glsl.clip_enables");
}
