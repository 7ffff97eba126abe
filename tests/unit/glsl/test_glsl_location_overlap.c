/* unit.glsl.location_overlap — overlapping explicit locations of inputs and outputs (GLSL 4.60
 * 4.4.1: "a compile-time or link-time error") fail the link, as in Mesa: the compile succeeds with
 * the overlap as a warning in its log, the link fails with it in the program's log. Any other
 * error in the same shader still fails the compile, and an ES shader keeps the compile error. */
#include "glsl_test_util.h"

/* two outputs on location 1: a mat2x4 takes locations 0 and 1 */
static const char *vs_overlap = "#version 140\n"
                                "#extension GL_ARB_separate_shader_objects : require\n"
                                "in vec4 pos;\n"
                                "layout(location = 0) out mat2x4 out1;\n"
                                "layout(location = 1) out vec4 out2;\n"
                                "void main() {\n"
                                "  gl_Position = pos;\n"
                                "  out1 = mat2x4(1.0);\n"
                                "  out2 = vec4(0.0);\n"
                                "}\n";

static const char *fs_in = "#version 140\n"
                           "#extension GL_ARB_separate_shader_objects : require\n"
                           "layout(location = 0) in mat2x4 out1;\n"
                           "layout(location = 2) in vec4 out2;\n"
                           "out vec4 color;\n"
                           "void main() { color = out1[0] + out2; }\n";

/* component aliasing of fragment outputs (ARB_enhanced_layouts) */
static const char *vs_plain = "#version 140\n"
                              "in vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";

static const char *fs_components = "#version 140\n"
                                   "#extension GL_ARB_enhanced_layouts : require\n"
                                   "#extension GL_ARB_separate_shader_objects : require\n"
                                   "#extension GL_ARB_explicit_attrib_location : require\n"
                                   "layout(location = 0) out vec2 a;\n"
                                   "layout(location = 0, component = 1) out vec2 b;\n"
                                   "void main() { a = vec2(0.0); b = vec2(1.0); }\n";

/* the overlap and an undeclared name (glslang stops at the overlap, the first error) */
static const char *vs_two_errors = "#version 140\n"
                                   "#extension GL_ARB_separate_shader_objects : require\n"
                                   "layout(location = 0) out vec4 o1;\n"
                                   "layout(location = 0) out vec4 o2;\n"
                                   "void main() { o1 = vec4(0.0); o2 = undeclared; }\n";

static const char *es_overlap = "#version 310 es\n"
                                "precision mediump float;\n"
                                "layout(location = 0) out vec4 o1;\n"
                                "layout(location = 0) out vec4 o2;\n"
                                "void main() { o1 = vec4(0.0); o2 = vec4(1.0); }\n";

static void
expect_link_time(enum glsl_stage stage, const char *shader, const char *vs, const char *fs,
                 const char *name)
{
   char *log = NULL;
   const bool compiled = glsl_compile_shader(stage, GLSL_API_CORE, shader, &log);
   CHECK(compiled, "%s: the overlap failed the compile: %s", name, log ? log : "");
   CHECK(log && strstr(log, "WARNING: ") && strstr(log, "overlapping use of location") &&
            !strstr(log, "ERROR"),
         "%s: compile log: %s", name, log ? log : "");
   free(log);
   log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(!p, "%s: the overlap linked", name);
   CHECK(log && strstr(log, "overlapping use of location"), "%s: link log: %s", name,
         log ? log : "");
   glsl_program_destroy(p);
   free(log);
}

int
main(void)
{
   expect_link_time(GLSL_STAGE_VERTEX, vs_overlap, vs_overlap, fs_in, "vertex outputs");
   expect_link_time(GLSL_STAGE_FRAGMENT, fs_components, vs_plain, fs_components,
                    "fragment output components");

   char *log = NULL;
   CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, GLSL_API_CORE, vs_two_errors, &log),
         "an undeclared name beside an overlap compiled: %s", log ? log : "");
   CHECK(log && strstr(log, "ERROR: "), "two errors: %s", log ? log : "");
   free(log);

   log = NULL;
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, GLSL_API_ES, es_overlap, &log),
         "an ES shader's overlap compiled: %s", log ? log : "");
   CHECK(log && strstr(log, "overlapping use of location"), "ES: %s", log ? log : "");
   free(log);
   return t_finish("unit.glsl.location_overlap");
}
