/* unit.glsl.xfb: transform feedback varyings at link (GL 3.3, 2.11.8). Interleaved and separate
 * layouts (buffer, offset, stride per varying and the SPIR-V decorations that carry them), the
 * link errors (unknown name, same name twice, too many components for the mode), capture from
 * the geometry stage when there is one, and gl_Position captured from a hidden pre-remap copy. */
#include "glsl_test_util.h"

#define SPV_XFB_BUFFER 36
#define SPV_XFB_STRIDE 37
#define SPV_OFFSET 35
#define SPV_LOCATION 30

static const char *vs = "#version 150\n"
                        "in vec4 pos;\n"
                        "out vec4 a;\n"
                        "out float b;\n"
                        "out vec3 c[2];\n"
                        "out mat2 m;\n"
                        "void main() {\n"
                        "   a = pos; b = pos.x; c[0] = pos.xyz; c[1] = pos.yzw; m = mat2(pos);\n"
                        "   gl_Position = pos;\n"
                        "}\n";

static struct glsl_program *
link_xfb(const char *const *names, unsigned n, bool separate, const char *gs, char **log)
{
   struct glsl_link_input in = {.source = {vs, NULL, gs},
                                .xfb_varyings = names,
                                .num_xfb_varyings = n,
                                .xfb_separate = separate};
   return glsl_link(&in, log);
}

/* Whether the stage's words contain `OpCapability cap` / `OpExecutionMode <ep> mode`. */
static bool
has_op(const struct glsl_spirv *s, uint32_t op_want, uint32_t operand_index, uint32_t value)
{
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == op_want && wc > operand_index && s->words[p + operand_index] == value)
         return true;
      p += wc;
   }
   return false;
}

static void
test_interleaved(void)
{
   const char *names[] = {"b", "a", "c", "m"};
   char *log = NULL;
   struct glsl_program *p = link_xfb(names, 4, false, NULL, &log);
   CHECK(p, "interleaved link failed: %s", log ? log : "");
   free(log);
   if (!p)
      return;
   CHECK(p->num_xfb == 4 && !p->xfb_separate, "%u varyings", p->num_xfb);
   /* b: 1, a: 4, c: 2*3, m: 4 components, back to back in the app's order */
   static const uint32_t off[] = {0, 4, 20, 44};
   for (unsigned i = 0; i < 4 && i < p->num_xfb; i++) {
      CHECK(!strcmp(p->xfb[i].name, names[i]), "name %s", p->xfb[i].name);
      CHECK(p->xfb[i].buffer == 0 && p->xfb[i].offset == off[i], "%s at buffer %u offset %u",
            names[i], p->xfb[i].buffer, p->xfb[i].offset);
   }
   CHECK(p->xfb[2].size == 2 && p->xfb[2].components == 6, "c: size %u comps %u", p->xfb[2].size,
         p->xfb[2].components);
   CHECK(p->xfb_stride[0] == 60 && p->xfb_stride[1] == 0, "stride %u", p->xfb_stride[0]);
   const struct glsl_spirv *s = &p->spirv[GLSL_STAGE_VERTEX];
   CHECK(t_var_decoration(s, "c", SPV_XFB_BUFFER) == 0, "c XfbBuffer");
   CHECK(t_var_decoration(s, "c", SPV_OFFSET) == 20, "c Offset %lld",
         (long long)t_var_decoration(s, "c", SPV_OFFSET));
   CHECK(t_var_decoration(s, "m", SPV_XFB_STRIDE) == 60, "m XfbStride");
   CHECK(has_op(s, 17 /* OpCapability */, 1, 53 /* TransformFeedback */), "capability");
   CHECK(has_op(s, 16 /* OpExecutionMode */, 2, 11 /* Xfb */), "execution mode Xfb");
   glsl_program_destroy(p);
}

/* ARB_transform_feedback3: gl_NextBuffer moves on to the next buffer, gl_SkipComponents# leaves
 * # components (counted in the stride) unwritten; both listed as varyings of type GL_NONE. Not
 * allowed separate, nor more buffers than 4, nor at all without the extension. */
static void
test_next_buffer(void)
{
   const char *names[] = {"b",
                          "gl_SkipComponents2",
                          "gl_NextBuffer",
                          "gl_SkipComponents1",
                          "a",
                          "gl_NextBuffer",
                          "gl_NextBuffer",
                          "m",
                          "gl_SkipComponents3"};
   struct glsl_link_input in = {
      .source = {vs}, .xfb_varyings = names, .num_xfb_varyings = 9, .xfb_special_names = true};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "gl_NextBuffer link failed: %s", log ? log : "");
   free(log);
   if (!p)
      return;
   CHECK(p->num_xfb == 9 && p->xfb_buffers == 4, "%u varyings, %u buffers", p->num_xfb,
         p->xfb_buffers);
   /* buffer 0: b, 2 skipped; 1: 1 skipped, a; 2: nothing; 3: m, 3 skipped */
   CHECK(p->xfb_stride[0] == 12 && p->xfb_stride[1] == 20 && p->xfb_stride[2] == 0 &&
            p->xfb_stride[3] == 28,
         "strides %u %u %u %u", p->xfb_stride[0], p->xfb_stride[1], p->xfb_stride[2],
         p->xfb_stride[3]);
   CHECK(p->xfb[4].buffer == 1 && p->xfb[4].offset == 4, "a at buffer %u offset %u",
         p->xfb[4].buffer, p->xfb[4].offset);
   CHECK(p->xfb[7].buffer == 3 && p->xfb[7].offset == 0, "m at buffer %u offset %u",
         p->xfb[7].buffer, p->xfb[7].offset);
   CHECK(p->xfb[1].type == 0 && p->xfb[1].size == 2 && !strcmp(p->xfb[1].name, names[1]),
         "gl_SkipComponents2: type 0x%x size %u", p->xfb[1].type, p->xfb[1].size);
   CHECK(p->xfb[2].type == 0 && p->xfb[2].size == 0, "gl_NextBuffer: type 0x%x size %u",
         p->xfb[2].type, p->xfb[2].size);
   const struct glsl_spirv *s = &p->spirv[GLSL_STAGE_VERTEX];
   CHECK(t_var_decoration(s, "a", SPV_XFB_BUFFER) == 1, "a XfbBuffer");
   CHECK(t_var_decoration(s, "a", SPV_OFFSET) == 4, "a Offset");
   CHECK(t_var_decoration(s, "a", SPV_XFB_STRIDE) == 20, "a XfbStride");
   CHECK(t_var_decoration(s, "m", SPV_XFB_BUFFER) == 3, "m XfbBuffer");
   CHECK(t_var_decoration(s, "b", SPV_XFB_STRIDE) == 12, "b XfbStride");
   glsl_program_destroy(p);

   const char *five[] = {"b", "gl_NextBuffer", "a",          "gl_NextBuffer", "c", "gl_NextBuffer",
                         "m", "gl_NextBuffer", "gl_Position"};
   in.xfb_varyings = five;
   p = glsl_link(&in, &log);
   CHECK(!p && log && strstr(log, "GL_MAX_TRANSFORM_FEEDBACK_BUFFERS"), "five buffers: %s",
         log ? log : "");
   glsl_program_destroy(p);
   free(log);
   const char *sep[] = {"b", "gl_SkipComponents1"};
   in.xfb_varyings = sep;
   in.num_xfb_varyings = 2;
   in.xfb_separate = true;
   p = glsl_link(&in, &log);
   CHECK(!p && log && strstr(log, "GL_SEPARATE_ATTRIBS"), "separate skip: %s", log ? log : "");
   glsl_program_destroy(p);
   free(log);
   /* without ARB_transform_feedback3 the names are unknown outputs */
   in.xfb_separate = false;
   in.xfb_special_names = false;
   p = glsl_link(&in, &log);
   CHECK(!p && log && strstr(log, "gl_SkipComponents1"), "no extension: %s", log ? log : "");
   glsl_program_destroy(p);
   free(log);
}

static void
test_separate(void)
{
   const char *names[] = {"a", "b"};
   char *log = NULL;
   struct glsl_program *p = link_xfb(names, 2, true, NULL, &log);
   CHECK(p, "separate link failed: %s", log ? log : "");
   free(log);
   if (!p)
      return;
   CHECK(p->xfb_separate && p->num_xfb == 2, "separate");
   CHECK(p->xfb[1].buffer == 1 && p->xfb[1].offset == 0, "b in buffer 1 at 0");
   CHECK(p->xfb_stride[0] == 16 && p->xfb_stride[1] == 4, "strides %u %u", p->xfb_stride[0],
         p->xfb_stride[1]);
   const struct glsl_spirv *s = &p->spirv[GLSL_STAGE_VERTEX];
   CHECK(t_var_decoration(s, "b", SPV_XFB_BUFFER) == 1, "b XfbBuffer");
   CHECK(t_var_decoration(s, "b", SPV_XFB_STRIDE) == 4, "b XfbStride");
   CHECK(t_var_decoration(s, "c", SPV_XFB_BUFFER) == -1, "c not captured");
   glsl_program_destroy(p);
}

static void
expect_fail(const char *what, const char *const *names, unsigned n, bool separate,
            const char *needle)
{
   char *log = NULL;
   struct glsl_program *p = link_xfb(names, n, separate, NULL, &log);
   CHECK(!p, "%s linked", what);
   CHECK(log && strstr(log, needle), "%s: log lacks '%s': %s", what, needle, log ? log : "");
   glsl_program_destroy(p);
   free(log);
}

static void
test_errors(void)
{
   const char *unknown[] = {"a", "nope"};
   expect_fail("unknown", unknown, 2, false, "nope");
   const char *twice[] = {"a", "b", "a"};
   expect_fail("twice", twice, 3, false, "more than once");
   /* separate: a vec3[2] is 6 components, within GLSL_MAX_XFB_SEPARATE_COMPONENTS (64; the
    * separate limit past 64 is unit.glsl.glsl4x's) */
   const char *big[] = {"c"};
   char *big_log = NULL;
   struct glsl_program *big_p = link_xfb(big, 1, true, NULL, &big_log);
   CHECK(big_p && big_p->num_xfb == 1, "separate vec3[2]: %s", big_log ? big_log : "");
   glsl_program_destroy(big_p);
   free(big_log);
   /* interleaved: 17 vec4 = 68 components, more than 64 (the same name is not repeated: use
    * every varying several times through a shader with many outputs) */
   char src[2048] = "#version 150\nin vec4 pos;\nout vec4 v0";
   for (int i = 1; i < 17; i++)
      snprintf(src + strlen(src), sizeof(src) - strlen(src), ", v%d", i);
   strcat(src, ";\nvoid main() {\n");
   for (int i = 0; i < 17; i++)
      snprintf(src + strlen(src), sizeof(src) - strlen(src), "v%d = pos;\n", i);
   strcat(src, "gl_Position = pos;\n}\n");
   char nbuf[17][8];
   const char *names[17];
   for (int i = 0; i < 17; i++) {
      snprintf(nbuf[i], sizeof(nbuf[i]), "v%d", i);
      names[i] = nbuf[i];
   }
   struct glsl_link_input in = {.source = {src},
                                .xfb_varyings = names,
                                .num_xfb_varyings = 16,
                                .max_varying_components = 128};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p && p->xfb_stride[0] == 256, "16 vec4 interleaved (64 components) must link: %s",
         log ? log : "");
   glsl_program_destroy(p);
   free(log);
   log = NULL;
   in.num_xfb_varyings = 17;
   p = glsl_link(&in, &log);
   CHECK(!p && log && strstr(log, "INTERLEAVED_COMPONENTS"), "17 vec4 interleaved: %s",
         log ? log : "");
   glsl_program_destroy(p);
   free(log);
}

static void
test_geometry_and_position(void)
{
   const char *gs = "#version 150\n"
                    "layout(points) in;\n"
                    "layout(points, max_vertices = 1) out;\n"
                    "in vec4 a[];\n"
                    "out vec4 g;\n"
                    "void main() {\n"
                    "   g = a[0] * 2.0; gl_Position = gl_in[0].gl_Position; EmitVertex();\n"
                    "}\n";
   const char *names[] = {"g", "gl_Position"};
   char *log = NULL;
   struct glsl_program *p = link_xfb(names, 2, false, gs, &log);
   CHECK(p, "geometry capture failed: %s", log ? log : "");
   free(log);
   if (!p)
      return;
   const struct glsl_spirv *g = &p->spirv[GLSL_STAGE_GEOMETRY];
   const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX];
   CHECK(t_var_decoration(g, "g", SPV_OFFSET) == 0, "g Offset");
   CHECK(!has_op(v, 16, 2, 11), "vertex stage must not capture when a geometry stage exists");
   CHECK(has_op(g, 16, 2, 11), "geometry stage declares Xfb");
   CHECK(p->xfb[1].type == 0x8B52 /* GL_FLOAT_VEC4 */ && p->xfb[1].offset == 16,
         "gl_Position type %#x offset %u", p->xfb[1].type, p->xfb[1].offset);
   /* Exactly one variable carries Offset 16 in buffer 0: the hidden gl_Position copy. */
   unsigned at16 = 0;
   for (size_t q = 5; q < g->num_words;) {
      uint32_t wc = g->words[q] >> 16, op = g->words[q] & 0xffff;
      if (!wc)
         break;
      if (op == 71 && wc >= 4 && g->words[q + 2] == SPV_OFFSET && g->words[q + 3] == 16)
         at16++;
      q += wc;
   }
   CHECK(at16 == 1, "%u variables at offset 16", at16);
   glsl_program_destroy(p);
}

/* Parts of outputs (an array element, a struct member) are captured from copies: the variable
 * itself is not decorated, a new output carries the capture. */
static void
test_parts(void)
{
   static const char *vs_s = "#version 150\n"
                             "struct S { float f; vec2 g[2]; };\n"
                             "in vec4 pos;\n"
                             "out vec3 c[2];\n"
                             "flat out S s;\n"
                             "void main() {\n"
                             "   c[0] = pos.xyz; c[1] = pos.yzw; s.f = pos.x;\n"
                             "   s.g[0] = pos.xy; s.g[1] = pos.zw; gl_Position = pos;\n"
                             "}\n";
   const char *names[] = {"c[1]", "s.g[1]", "s.f"};
   struct glsl_link_input in = {.source = {vs_s}, .xfb_varyings = names, .num_xfb_varyings = 3};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "capturing parts failed to link: %s", log ? log : "");
   free(log);
   if (!p)
      return;
   CHECK(p->xfb[0].type == 0x8B51 /* GL_FLOAT_VEC3 */ && p->xfb[0].size == 1 &&
            p->xfb[1].type == 0x8B50 /* GL_FLOAT_VEC2 */ && p->xfb[2].type == 0x1406,
         "types %#x %#x %#x", p->xfb[0].type, p->xfb[1].type, p->xfb[2].type);
   CHECK(p->xfb[1].offset == 12 && p->xfb[2].offset == 20 && p->xfb_stride[0] == 24,
         "offsets %u %u stride %u", p->xfb[1].offset, p->xfb[2].offset, p->xfb_stride[0]);
   const struct glsl_spirv *sp = &p->spirv[GLSL_STAGE_VERTEX];
   CHECK(t_var_decoration(sp, "c", SPV_XFB_BUFFER) == -1, "c itself must not be captured");
   unsigned offsets[3] = {0, 0, 0};
   for (size_t q = 5; q < sp->num_words;) {
      uint32_t wc = sp->words[q] >> 16, op = sp->words[q] & 0xffff;
      if (!wc)
         break;
      if (op == 71 && wc >= 4 && sp->words[q + 2] == SPV_OFFSET)
         for (int k = 0; k < 3; k++)
            offsets[k] += sp->words[q + 3] == (uint32_t[]){0, 12, 20}[k];
      q += wc;
   }
   CHECK(offsets[0] == 1 && offsets[1] == 1 && offsets[2] == 1, "copies at 0/12/20: %u %u %u",
         offsets[0], offsets[1], offsets[2]);
   glsl_program_destroy(p);
   const char *whole[] = {"s"};
   in.xfb_varyings = whole;
   in.num_xfb_varyings = 1;
   log = NULL;
   p = glsl_link(&in, &log);
   CHECK(!p, "a whole struct must not be capturable");
   glsl_program_destroy(p);
   free(log);
}

int
main(void)
{
   test_interleaved();
   test_separate();
   test_next_buffer();
   test_errors();
   test_geometry_and_position();
   test_parts();
   return t_finish("unit.glsl.xfb");
}
