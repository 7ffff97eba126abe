/* unit.glsl.versions — #version 140, 150 and 330 compile and link; other versions fail with a
 * message naming the supported ones; a syntax error fails with a log naming its line; a missing
 * main() is a link error, not a compile error. */
#include "glsl_test_util.h"

static const char *vs_body = "in vec4 pos;\nout vec4 col;\nvoid main() { gl_Position = pos; col = pos; }\n";
static const char *fs_body = "in vec4 col;\nout vec4 o;\nvoid main() { o = col; }\n";

static char *
cat(const char *a, const char *b)
{
   size_t la = strlen(a), lb = strlen(b);
   char *s = malloc(la + lb + 1);
   memcpy(s, a, la);
   memcpy(s + la, b, lb + 1);
   return s;
}

static void
accepted(const char *header)
{
   char *vs = cat(header, vs_body), *fs = cat(header, fs_body), *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, vs, &log), "[%s] vertex: %s", header, log);
   free(log);
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, fs, &log), "[%s] fragment: %s", header, log);
   free(log);
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "[%s] link: %s", header, log);
   if (p) {
      CHECK(t_spirv_val(&p->spirv[0], "versions-vs") != 0, "[%s] vertex SPIR-V", header);
      CHECK(t_spirv_val(&p->spirv[1], "versions-fs") != 0, "[%s] fragment SPIR-V", header);
   }
   glsl_program_destroy(p);
   free(log);
   free(vs);
   free(fs);
}

static void
rejected(const char *header, const char *where)
{
   char *vs = cat(header, vs_body), *log = NULL;
   CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, vs, &log), "[%s] compiled", header);
   CHECK(log && strstr(log, "is not supported") &&
            strstr(log, "Supported versions are: 1.40, 1.50 core, and 3.30 core"),
         "[%s] log: %s", header, log);
   if (where)
      CHECK(log && strstr(log, where), "[%s] log does not say %s: %s", header, where, log);
   printf("  [%s] -> %s", header, log);
   free(log);
   struct glsl_link_input in = {.source = {vs, NULL}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(!p && log && strstr(log, "is not supported"), "[%s] link: %s", header, log);
   glsl_program_destroy(p);
   free(log);
   free(vs);
}

int
main(void)
{
   accepted("#version 140\n");
   accepted("#version 150\n");
   accepted("#version 150 core\n");
   accepted("#version 330\n");
   accepted("#version 330 core\n");
   accepted("// leading comment\n/* block\n comment */  #version 330 core\n");

   rejected("", "GLSL 1.10");
   rejected("#version 110\n", "0:1(10): error: GLSL 1.10");
   rejected("#version 120\n", "GLSL 1.20");
   rejected("#version 130\n", "GLSL 1.30");
   rejected("#version 400\n", "GLSL 4.00");
   rejected("#version 450\n", "GLSL 4.50");
   rejected("#version 450 core\n", "GLSL 4.50");
   rejected("#version 300 es\n", "GLSL 3.00 ES");
   rejected("#version 150 compatibility\n", "GLSL 1.50 compatibility profile");
   rejected("/* x */\n\n  #  version   450\n", "0:3(16)");

   /* Syntax error on line 4. */
   char *log = NULL;
   const char *bad = "#version 330 core\nvoid main() {\n   float x = 1.0;\n   x = ;\n}\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, bad, &log), "syntax error compiled");
   CHECK(log && strstr(log, "0:4"), "log does not name line 4: %s", log);
   printf("  syntax error -> %s", log);
   free(log);

   /* Undeclared identifier on line 3. */
   const char *undecl = "#version 150\nout vec4 o;\nvoid main() { o = vec4(nope); }\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, undecl, &log), "undeclared compiled");
   CHECK(log && strstr(log, "0:3") && strstr(log, "nope"), "log: %s", log);
   free(log);

   /* Link with a stage that does not compile. */
   struct glsl_link_input in = {.source = {"#version 330 core\nvoid main() { gl_Position = vec4(0); }\n", bad}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(!p && log && strstr(log, "fragment shader failed to compile") && strstr(log, "0:4"),
         "link of a broken shader: %s", log);
   free(log);

   /* No main(): compiles (it may come from another shader object), does not link. */
   const char *nomain = "#version 330 core\nfloat helper(float x) { return x * 2.0; }\n";
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, nomain, &log), "no-main compile: %s", log);
   free(log);
   struct glsl_link_input in2 = {.source = {nomain, NULL}};
   p = glsl_link(&in2, &log);
   CHECK(!p && log && *log, "no-main link: %p %s", (void *)p, log);
   printf("  no main -> %s", log);
   glsl_program_destroy(p);
   free(log);

   /* NULL info_log is allowed. */
   CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, "#version 450\n", NULL), "NULL log");
   /* NULL source does not crash. */
   CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, NULL, &log), "NULL source");
   free(log);
   struct glsl_link_input none = {0};
   CHECK(!glsl_link(&none, &log), "empty program linked");
   free(log);

   return t_finish("unit.glsl.versions");
}
