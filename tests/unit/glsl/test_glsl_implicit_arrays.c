/* unit.glsl.implicit_arrays — GLSL 4.30 4.1.9 (ARB_shader_storage_buffer_object): an array
 * declared without a size takes the one its largest constant index gives, across the stage's
 * shader objects for a global one, and length() is that size (glsl_lower.c sizes the
 * declaration, glsl.c declares a global's size in each object); a storage block's unsized array
 * before its last member indexed with a non-constant expression compiles and fails the link; a
 * GLSL 1.40 unit that compiles as 4.30 (for a storage block) keeps its `varying`s. */
#include "glsl_test_util.h"

static const char *const vs = "#version 150\n"
                              "in vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";

/* length() is 5 where the largest index is 4: `ok` has a size of one, else of none */
static void
local_array(void)
{
   const char *fs = "#version 330\n"
                    "#extension GL_ARB_shader_storage_buffer_object : require\n"
                    "out vec4 o;\n"
                    "void main() {\n"
                    "   float a[];\n"
                    "   int len = a.length();\n"
                    "   a[4] = 3.0;\n"
                    "   float ok[a.length() == 5 ? 1 : 0];\n"
                    "   ok[0] = a[4];\n"
                    "   o = vec4(ok[0], float(len), 0.0, 1.0);\n"
                    "}\n";
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, fs, &log), "compile: %s", log);
   free(log);
   log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   glsl_program_destroy(p);
}

static void
global_array(void)
{
   const char *fs_main = "#version 330\n"
                         "#extension GL_ARB_shader_storage_buffer_object : require\n"
                         "out vec4 o;\n"
                         "float a[];\n"
                         "void foo();\n"
                         "void main() {\n"
                         "   foo();\n"
                         "   float ok[a.length() == 7 ? 1 : 0];\n"
                         "   ok[0] = a[2];\n"
                         "   o = vec4(ok[0], float(a.length()), 0.0, 1.0);\n"
                         "}\n";
   const char *fs_foo = "float a[];\n"
                        "void foo() { a[6] = 3.0; }\n";
   const char *const objects[] = {fs_main, fs_foo};
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs}};
   in.objects[GLSL_STAGE_FRAGMENT] = objects;
   in.num_objects[GLSL_STAGE_FRAGMENT] = 2;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   glsl_program_destroy(p);
   /* alone, the main object's largest index (2) gives the size: length() is 3 */
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, fs_main, &log), "compiled");
   free(log);
   log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, fs_foo, &log), "compile: %s", log);
   free(log);
}

/* an array redeclared with a size takes that size (GLSL 1.20 4.1.9), not its indices' */
static void
redeclared(void)
{
   const char *fs = "#version 330\n"
                    "#extension GL_ARB_shader_storage_buffer_object : require\n"
                    "out vec4 o;\n"
                    "float a[];\n"
                    "void f() { a[1] = 1.0; }\n"
                    "float a[5];\n"
                    "void main() {\n"
                    "   f();\n"
                    "   float ok[a.length() == 5 ? 1 : 0];\n"
                    "   ok[0] = a[1];\n"
                    "   o = vec4(ok[0]);\n"
                    "}\n";
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, fs, &log), "compile: %s", log);
   free(log);
}

/* before GLSL 4.30 (and without the storage buffer extension) length() of an array declared
 * without a size is a compile error (GLSL 1.20 5.9) */
static void
before_430(void)
{
   const char *fs = "#version 120\n"
                    "void main() {\n"
                    "   float a[];\n"
                    "   a[3] = 1.0;\n"
                    "   gl_FragColor = vec4(float(a.length()));\n"
                    "}\n";
   char *log = NULL;
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, fs, &log), "compiled");
   free(log);
}

static void
unsized_not_last(void)
{
   const char *vs_b = "#version 150\n"
                      "#extension GL_ARB_shader_storage_buffer_object : require\n"
                      "buffer a { vec4 s[]; vec4 a[]; } b;\n"
                      "uniform int f;\n"
                      "in vec4 pos;\n"
                      "out vec4 c;\n"
                      "void main() { c = b.s[f]; gl_Position = pos; }\n";
   const char *fs = "#version 150\n"
                    "in vec4 c;\n"
                    "out vec4 o;\n"
                    "void main() { o = c; }\n";
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, false, vs_b, &log), "compile: %s", log);
   free(log);
   log = NULL;
   struct glsl_link_input in = {.source = {vs_b, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(!p, "linked");
   CHECK(log && strstr(log, "unsized array is not its last member"), "log: %s", log ? log : "");
   free(log);
   glsl_program_destroy(p);
}

static void
varying_130(void)
{
   const char *vs_v = "#version 130\n"
                      "#extension GL_ARB_shader_storage_buffer_object : require\n"
                      "buffer B { vec4 v; };\n"
                      "in vec4 pos;\n"
                      "varying vec4 c;\n"
                      "void main() { c = v; gl_Position = pos; }\n";
   const char *fs_v = "#version 130\n"
                      "#extension GL_ARB_shader_storage_buffer_object : require\n"
                      "buffer B { vec4 v; };\n"
                      "varying vec4 c;\n"
                      "void main() { gl_FragColor = c + v; }\n";
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, false, vs_v, &log), "compile: %s", log);
   free(log);
   log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, fs_v, &log), "compile: %s", log);
   free(log);
   log = NULL;
   struct glsl_link_input in = {.source = {vs_v, fs_v}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   glsl_program_destroy(p);
}

int
main(void)
{
   CHECK(glsl_init(), "glsl_init");
   local_array();
   global_array();
   redeclared();
   before_430();
   unsized_not_last();
   varying_130();
   return t_finish("unit.glsl.implicit_arrays");
}
