/* unit.glsl.interface — GL interface matching: varyings by name (also interface blocks by block
 * name), mismatches that must fail the link like a GL driver, fragment-output and attribute
 * location rules. */
#include "glsl_test_util.h"

#include <GL/glcorearb.h>

static struct glsl_program *
link2(const char *vs, const char *fs, char **log)
{
   struct glsl_link_input in = {.source = {vs, fs}};
   return glsl_link(&in, log);
}

static void
must_fail(const char *what, const char *vs, const char *fs, const char *needle)
{
   char *log = NULL;
   struct glsl_program *p = link2(vs, fs, &log);
   CHECK(!p, "%s: linked", what);
   CHECK(log && strstr(log, needle), "%s: log lacks \"%s\": %s", what, needle, log);
   printf("  %s -> %s", what, log ? log : "(null)\n");
   glsl_program_destroy(p);
   free(log);
}

/* layout(location, index) on fragment outputs before GLSL 3.30 (ARB_blend_func_extended with
 * ARB_explicit_attrib_location, as piglit's dual-src-blending-issue-1917 writes it): the
 * outputs link, and the SPIR-V carries the Index decoration (lavapipe's pixels cannot tell a
 * missing one apart, so the words are read here). */
static void
test_output_index(void)
{
   static const char *const fs_versions[] = {"130", "140", "150"};
   for (unsigned k = 0; k < 3; k++) {
      for (int with_ext = 0; with_ext < 2; with_ext++) {
         char vs[160], fs[640];
         snprintf(vs, sizeof(vs), "#version %s\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n",
                  fs_versions[k]);
         snprintf(
            fs, sizeof(fs),
            "#version %s\n#extension GL_ARB_explicit_attrib_location: require\n%s"
            "#ifndef GL_ARB_blend_func_extended\n#error no macro\n#endif\n"
            "layout (location = 0, index = 0) out vec4 col0;\n"
            "layout (index = 1, location = 0) out vec4 col1;\n"
            "layout(location = 1) out vec4 other;\n"
            "void main() { col0 = vec4(0.0, 1.0, 1.0, 1.0); col1 = vec4(1.0); other = col0; }\n",
            fs_versions[k], with_ext ? "#extension GL_ARB_blend_func_extended : require\n" : "");
         char *log = NULL;
         struct glsl_program *p = link2(vs, fs, &log);
         CHECK(p, "index %s ext %d: %s", fs_versions[k], with_ext, log);
         if (p) {
            const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
            const struct glsl_io *c0 = glsl_program_find_output(p, "col0");
            const struct glsl_io *c1 = glsl_program_find_output(p, "col1");
            CHECK(c0 && c0->location == 0 && c0->index == 0, "%s col0", fs_versions[k]);
            CHECK(c1 && c1->location == 0 && c1->index == 1, "%s col1 index %d", fs_versions[k],
                  c1 ? (int)c1->index : -9);
            CHECK(t_var_decoration(f, "col1", 32 /* Index */) == 1, "%s col1 Index: %lld",
                  fs_versions[k], (long long)t_var_decoration(f, "col1", 32));
            CHECK(t_var_decoration(f, "col1", 30 /* Location */) == 0, "%s col1 Location",
                  fs_versions[k]);
            CHECK(t_var_decoration(f, "col0", 30) == 0, "%s col0 Location", fs_versions[k]);
            CHECK(t_var_decoration(f, "col0", 32) <= 0, "%s col0 Index", fs_versions[k]);
            CHECK(t_var_decoration(f, "other", 30) == 1, "%s other Location", fs_versions[k]);
            CHECK(t_var_decoration(f, "other", 32) == -1, "%s other Index", fs_versions[k]);
            CHECK(t_spirv_val(f, "index-fs") != 0, "fragment SPIR-V");
         }
         glsl_program_destroy(p);
         free(log);
      }
   }

   /* an index is 0 or 1 */
   must_fail("index 2", "#version 130\nvoid main() { gl_Position = vec4(0.0); }\n",
             "#version 130\n#extension GL_ARB_explicit_attrib_location: require\n"
             "layout(location = 0, index = 2) out vec4 c;\nvoid main() { c = vec4(1.0); }\n",
             "index");
   /* layout qualifiers on outputs need ARB_explicit_attrib_location before GLSL 3.30 */
   char *log = NULL;
   struct glsl_program *p = link2("#version 130\nvoid main() { gl_Position = vec4(0.0); }\n",
                                  "#version 130\nlayout(location = 0, index = 1) out vec4 c;\n"
                                  "void main() { c = vec4(1.0); }\n",
                                  &log);
   CHECK(!p, "index without GL_ARB_explicit_attrib_location linked");
   glsl_program_destroy(p);
   free(log);
}

int
main(void)
{
   char *log = NULL;
   struct glsl_program *p;

   /* A used fragment input nobody writes. */
   must_fail(
      "unmatched input",
      "#version 330 core\nout vec4 a;\nvoid main() { gl_Position = vec4(0); a = vec4(1); }\n",
      "#version 330 core\nin vec4 a;\nin vec4 v_missing;\nout vec4 o;\n"
      "void main() { o = a + v_missing; }\n",
      "fragment shader varying v_missing not written by vertex shader");

   /* Declared but unused: fine. */
   p = link2(
      "#version 330 core\nout vec4 a;\nvoid main() { gl_Position = vec4(0); a = vec4(1); }\n",
      "#version 330 core\nin vec4 a;\nin vec4 unused_in;\nout vec4 o;\nvoid main() { o = a; }\n",
      &log);
   CHECK(p, "unused unmatched input: %s", log);
   if (p) {
      int64_t la = t_var_decoration(&p->spirv[1], "a", 30);
      int64_t lu = t_var_decoration(&p->spirv[1], "unused_in", 30);
      CHECK(la == t_var_decoration(&p->spirv[0], "a", 30) && la >= 0, "a location");
      CHECK(lu >= 0 && lu != la, "unused_in location %lld", (long long)lu);
      CHECK(t_spirv_val(&p->spirv[1], "iface-fs") != 0, "fragment SPIR-V");
   }
   glsl_program_destroy(p);
   free(log);

   must_fail(
      "type mismatch",
      "#version 330 core\nout vec3 c;\nvoid main() { gl_Position = vec4(0); c = vec3(1); }\n",
      "#version 330 core\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n",
      "vec3"); /* glslang's own check: "Types must match: ... vec3 c ... vec4 c" */

   must_fail(
      "flat mismatch",
      "#version 330 core\nflat out vec4 c;\nvoid main() { gl_Position = vec4(0); c = vec4(1); }\n",
      "#version 330 core\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n",
      "interpolation qualifier mismatch");

   /* ARB_gpu_shader5's `sample` is an interpolation qualifier too (both sides or neither) */
   must_fail("sample mismatch",
             "#version 150\nout vec4 c;\nvoid main() { gl_Position = vec4(0); c = vec4(1); }\n",
             "#version 150\n#extension GL_ARB_gpu_shader5 : require\nsample in vec4 c;\n"
             "out vec4 o;\nvoid main() { o = c; }\n",
             "interpolation qualifier mismatch");
   p = link2("#version 150\n#extension GL_ARB_gpu_shader5 : require\nsample out vec4 c;\n"
             "void main() { gl_Position = vec4(0); c = vec4(1); }\n",
             "#version 150\n#extension GL_ARB_gpu_shader5 : require\nsample in vec4 c;\n"
             "out vec4 o;\nvoid main() { o = c; }\n",
             &log);
   CHECK(p, "sample on both sides: %s", log);
   glsl_program_destroy(p);
   free(log);

   /* Interface blocks match by block name; instance names may differ. Arrays take locations. */
   p = link2("#version 150\n"
             "out float arr[3];\n"
             "out VS_OUT { vec4 a; vec2 b; } vo;\n"
             "out vec4 x;\n"
             "void main() { gl_Position = vec4(0); arr[0] = arr[1] = arr[2] = 1.0;\n"
             "  vo.a = vec4(1); vo.b = vec2(2); x = vec4(3); }\n",
             "#version 150\n"
             "in vec4 x;\n"
             "in VS_OUT { vec4 a; vec2 b; } fi;\n"
             "in float arr[3];\n"
             "out vec4 o;\n"
             "void main() { o = x + fi.a + vec4(fi.b, arr[1], arr[2]); }\n",
             &log);
   CHECK(p, "blocks: %s", log);
   if (p) {
      int64_t arr = t_var_decoration(&p->spirv[0], "arr", 30);
      /* the link leaves the block a block; split into a variable per member (spv_split.c, the
       * backend's split-io-blocks quirk), each member sits where it was */
      CHECK(t_var_decoration(&p->spirv[0], "vo", 30) == 3, "vertex block vo location");
      CHECK(t_split_io_blocks(p), "blocks not split");
      int64_t vo = t_var_decoration(&p->spirv[0], "vo.a", 30);
      int64_t x = t_var_decoration(&p->spirv[0], "x", 30);
      CHECK(arr == 0 && vo == 3 && x == 5, "vertex locations arr %lld vo %lld x %lld",
            (long long)arr, (long long)vo, (long long)x);
      CHECK(t_var_decoration(&p->spirv[1], "arr", 30) == arr, "fragment arr");
      CHECK(t_var_decoration(&p->spirv[0], "vo.b", 30) == 4, "vertex vo.b");
      CHECK(t_var_decoration(&p->spirv[1], "fi.a", 30) == vo, "fragment fi.a");
      CHECK(t_var_decoration(&p->spirv[1], "fi.b", 30) == 4, "fragment fi.b");
      CHECK(t_var_decoration(&p->spirv[1], "x", 30) == x, "fragment x");
      CHECK(t_spirv_val(&p->spirv[0], "blocks-vs") != 0, "vertex SPIR-V");
      CHECK(t_spirv_val(&p->spirv[1], "blocks-fs") != 0, "fragment SPIR-V");
   }
   glsl_program_destroy(p);
   free(log);

   /* Fragment outputs: glBindFragDataLocation, explicit locations, lowest free. */
   {
      const char *vs = "#version 330 core\nvoid main() { gl_Position = vec4(0); }\n";
      const char *fs =
         "#version 330 core\nout vec4 c0;\nout vec4 c1;\nlayout(location = 2) out vec4 c2;\n"
         "out vec4 c3[2];\n"
         "void main() { c0 = vec4(0); c1 = vec4(1); c2 = vec4(2); c3[0] = c3[1] = vec4(3); }\n";
      const struct glsl_binding fb[] = {{"c1", 0, 0}, {"c3[0]", 6, 0}};
      struct glsl_link_input in = {
         .source = {vs, fs}, .frag_data_bindings = fb, .num_frag_data_bindings = 2};
      p = glsl_link(&in, &log);
      CHECK(p, "outputs: %s", log);
      if (p) {
         const struct glsl_io *c0 = glsl_program_find_output(p, "c0");
         const struct glsl_io *c1 = glsl_program_find_output(p, "c1");
         const struct glsl_io *c2 = glsl_program_find_output(p, "c2");
         const struct glsl_io *c3 = glsl_program_find_output(p, "c3");
         CHECK(c1 && c1->location == 0, "c1 bound at 0: %d", c1 ? c1->location : -9);
         CHECK(c2 && c2->location == 2, "c2 explicit at 2");
         CHECK(c0 && c0->location == 1, "c0 lowest free: %d", c0 ? c0->location : -9);
         CHECK(c3 && c3->location == 6 && c3->array_size == 2 && c3->num_locations == 2,
               "c3 bound at 6");
         CHECK(t_var_decoration(&p->spirv[1], "c0", 30) == 1, "c0 SPIR-V");
         CHECK(t_var_decoration(&p->spirv[1], "c3", 30) == 6, "c3 SPIR-V");
         CHECK(t_spirv_val(&p->spirv[1], "outputs-fs") != 0, "fragment SPIR-V");
      }
      glsl_program_destroy(p);
      free(log);
   }

   /* Attribute binding on a location an explicit attribute holds: aliasing (GL 3.3, 2.11.3), here
    * of two inputs one path reads together, and of different types: a link error. */
   {
      const char *vs = "#version 330 core\nlayout(location = 0) in vec4 a;\nin mat2 m;\n"
                       "void main() { gl_Position = a + vec4(m[0], m[1]); }\n";
      const struct glsl_binding ab[] = {{"m", 0, 0}};
      struct glsl_link_input in = {
         .source = {vs, NULL}, .attrib_bindings = ab, .num_attrib_bindings = 1};
      p = glsl_link(&in, &log);
      CHECK(!p && log && strstr(log, "alias location 0") && strstr(log, "`m'"), "bound overlap: %s",
            log);
      glsl_program_destroy(p);
      free(log);

      /* Bound to 15: a mat2 needs 15..16, past GL_MAX_VERTEX_ATTRIBS. */
      const struct glsl_binding ab2[] = {{"m", 15, 0}};
      in.attrib_bindings = ab2;
      p = glsl_link(&in, &log);
      CHECK(!p && log && strstr(log, "insufficient contiguous locations"), "bound past max: %s",
            log);
      glsl_program_destroy(p);
      free(log);

      const struct glsl_binding ab3[] = {{"m", 14, 0}};
      in.attrib_bindings = ab3;
      p = glsl_link(&in, &log);
      CHECK(p, "bound at 14: %s", log);
      if (p) {
         const struct glsl_io *m = glsl_program_find_input(p, "m");
         CHECK(m && m->location == 14 && m->num_locations == 2 && m->type == GL_FLOAT_MAT2, "m");
         CHECK(t_var_decoration(&p->spirv[0], "m", 30) == 14, "m SPIR-V");
      }
      glsl_program_destroy(p);
      free(log);
   }

   /* Too many attributes. */
   {
      char vs[4096];
      size_t n = (size_t)snprintf(vs, sizeof(vs), "#version 330 core\n");
      for (int k = 0; k < 17; k++)
         n += (size_t)snprintf(vs + n, sizeof(vs) - n, "in vec4 a%d;\n", k);
      n += (size_t)snprintf(vs + n, sizeof(vs) - n, "void main() { gl_Position = vec4(0)");
      for (int k = 0; k < 17; k++)
         n += (size_t)snprintf(vs + n, sizeof(vs) - n, " + a%d", k);
      snprintf(vs + n, sizeof(vs) - n, "; }\n");
      struct glsl_link_input in = {.source = {vs, NULL}};
      p = glsl_link(&in, &log);
      CHECK(!p && log && *log, "17 attributes linked: %s", log);
      printf("  17 attributes -> %s", log);
      glsl_program_destroy(p);
      free(log);
   }

   test_output_index();
   return t_finish("unit.glsl.interface");
}
