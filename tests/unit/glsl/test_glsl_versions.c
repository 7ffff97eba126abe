/* unit.glsl.versions — #version 110, 120, 130 (lowered to 1.40), 140, 150, 330 and 400 to 460
 * (core) compile and link; other versions fail with a message naming the supported ones; of
 * GLSL 4.x, explicit uniform locations compile (before 4.30 only with
 * GL_ARB_explicit_uniform_location, and only in range; subroutines compile: glsl_subroutine.c
 * lowers them); a syntax error fails with a log naming its line (also in a lowered version); a missing main() is a link error, not a compile
 * error. */
#include "glsl_test_util.h"

static const char *vs_body =
   "in vec4 pos;\nout vec4 col;\nvoid main() { gl_Position = pos; col = pos; }\n";
static const char *fs_body = "in vec4 col;\nout vec4 o;\nvoid main() { o = col; }\n";
/* GLSL 1.10 / 1.20 style: no global in/out yet. */
static const char *vs_legacy = "attribute vec4 pos;\nvarying vec4 col;\n"
                               "void main() { gl_Position = pos; col = pos; }\n";
static const char *fs_legacy = "varying vec4 col;\nvoid main() { gl_FragColor = col; }\n";

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
accepted_with(const char *header, const char *vbody, const char *fbody, const char *output)
{
   char *vs = cat(header, vbody), *fs = cat(header, fbody), *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, false, vs, &log), "[%s] vertex: %s", header, log);
   free(log);
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, fs, &log), "[%s] fragment: %s", header,
         log);
   free(log);
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "[%s] link: %s", header, log);
   if (p) {
      CHECK(t_spirv_val(&p->spirv[0], "versions-vs") != 0, "[%s] vertex SPIR-V", header);
      CHECK(t_spirv_val(&p->spirv[1], "versions-fs") != 0, "[%s] fragment SPIR-V", header);
      const struct glsl_io *in = glsl_program_find_input(p, "pos");
      const struct glsl_io *out = glsl_program_find_output(p, output);
      CHECK(in && in->active && in->location == 0, "[%s] input pos", header);
      CHECK(out && out->location == 0, "[%s] output %s", header, output);
      CHECK(!log || !strstr(log, "deprecated"), "[%s] log: %s", header, log);
   }
   glsl_program_destroy(p);
   free(log);
   free(vs);
   free(fs);
}

static void
accepted(const char *header)
{
   accepted_with(header, vs_body, fs_body, "o");
}

static void
rejected(const char *header, const char *where)
{
   char *vs = cat(header, vs_body), *log = NULL;
   CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, false, vs, &log), "[%s] compiled", header);
   CHECK(log && strstr(log, "is not supported") &&
            strstr(log, "Supported versions are: 1.10, 1.20, 1.30, 1.40, 1.50 core, 3.30 core, "
                        "and 4.00 to 4.60 core"),
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

/* gl_MaxLights, gl_MaxClipPlanes, gl_MaxTextureUnits, gl_MaxTextureCoords: built-in constants of
 * GLSL 1.10-1.30 that 1.40 keeps only in the compatibility profile (and ES never had). */
static void
compat_constants(void)
{
   static const char *const names[] = {"gl_MaxLights", "gl_MaxClipPlanes", "gl_MaxTextureUnits",
                                       "gl_MaxTextureCoords"};
   static const struct {
      bool es;
      const char *version;
      bool ok;
   } cases[] = {{false, "110", true},  {false, "120", true},  {false, "130", true},
                {false, "140", false}, {false, "150", false}, {false, "150 core", false},
                {false, "330", false}, {true, "100", false},  {true, "300 es", false}};
   for (unsigned n = 0; n < 4; n++) {
      for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
         char src[256];
         snprintf(src, sizeof(src), "#version %s\nint f() { return %s; }\nvoid main() {}\n",
                  cases[c].version, names[n]);
         char *log = NULL;
         bool ok = glsl_compile_shader(GLSL_STAGE_VERTEX, cases[c].es, src, &log);
         CHECK(ok == cases[c].ok, "%s in %s: %s (%s)", names[n], cases[c].version,
               ok ? "compiled" : "refused", log);
         if (!cases[c].ok)
            CHECK(log && strstr(log, names[n]), "%s in %s: log %s", names[n], cases[c].version,
                  log);
         free(log);
      }
   }
}

/* A default-block uniform's explicit location compiles in either qualifier order and on a
 * sampler (the lowering takes it out for the front end to place: glsl_lower.c); before GLSL
 * 4.30 only with GL_ARB_explicit_uniform_location enabled, and a negative or too large one is
 * an error. A location on inputs, and bindings, compile; so do GLSL 4.60's own forms
 * (gl_DrawID, extra semicolons) and subroutines (lowered in the source: glsl_subroutine.c). */
static void
four_point_x(void)
{
   static const struct {
      const char *src;
      const char *refusal; /* NULL: compiles */
   } cases[] = {
      {"#version 430\nlayout(location = 5) uniform vec4 u;\nvoid main() { gl_Position = u; }\n",
       NULL},
      {"#version 460\nuniform layout(location = 1) vec4 u;\nvoid main() { gl_Position = u; }\n",
       NULL},
      {"#version 450\nlayout(location = 2, binding = 1) uniform sampler2D s;\n"
       "void main() { gl_Position = texture(s, vec2(0)); }\n",
       NULL},
      {"#version 450\nlayout(binding = 1, location = 2) uniform sampler2D s;\n"
       "void main() { gl_Position = texture(s, vec2(0)); }\n",
       NULL},
      {"#version 330\nlayout(location = 5) uniform vec4 u;\nvoid main() { gl_Position = u; }\n",
       "need GLSL 4.30 or GL_ARB_explicit_uniform_location"},
      {"#version 330\n#extension GL_ARB_explicit_uniform_location : require\n"
       "layout(location = 5) uniform vec4 u[3];\nvoid main() { gl_Position = u[1]; }\n",
       NULL},
      {"#version 430\nlayout(location = -1) uniform vec4 u;\nvoid main() { gl_Position = u; }\n",
       "non-negative integer"},
      {"#version 430\nlayout(location = 4096) uniform vec4 u;\nvoid main() { gl_Position = u; }\n",
       "out of range"},
      {"#version 460\nsubroutine vec4 F(vec4);\nsubroutine(F) vec4 a(vec4 x) { return x; }\n"
       "subroutine uniform F f;\nvoid main() { gl_Position = f(vec4(1)); }\n",
       NULL},
      {"#version 460\nlayout(location = 3) in vec4 pos;\n"
       "layout(std140, binding = 1) uniform B { vec4 v; };\nuniform vec4 plain;\n"
       "void main() { gl_Position = pos + v + plain; }\n",
       NULL},
      {"#version 460\nin vec4 pos;;\nflat out int d;\n"
       "void main() { gl_Position = pos; d = gl_DrawID + gl_BaseVertex + gl_BaseInstance; };\n",
       NULL},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      char *log = NULL;
      const bool ok = glsl_compile_shader(GLSL_STAGE_VERTEX, false, cases[i].src, &log);
      if (cases[i].refusal)
         CHECK(!ok && log && strstr(log, cases[i].refusal), "4.x case %u: %s (log %s)", i,
               ok ? "compiled" : "refused otherwise", log ? log : "");
      else
         CHECK(ok, "4.x case %u refused: %s", i, log ? log : "");
      free(log);
   }
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
   accepted("#version 130\n");
   accepted_with("#version 130\n", vs_body, "in vec4 col;\nvoid main() { gl_FragColor = col; }\n",
                 "gl_FragColor");
   accepted_with("", vs_legacy, fs_legacy, "gl_FragColor");
   accepted_with("#version 110\n", vs_legacy, fs_legacy, "gl_FragColor");
   accepted_with("#version 120\n", vs_legacy,
                 "varying vec4 col;\nvoid main() { gl_FragData[0] = col; }\n", "gl_FragData");

   /* GLSL 4.00 to 4.60 core, as a driver listing the GL 4.x extensions takes them */
   static const char *const four[] = {
      "#version 400\n",      "#version 410 core\n", "#version 420\n",
      "#version 430\n",      "#version 440\n",      "#version 450\n",
      "#version 450 core\n", "#version 460\n",      "#version 460 core\n"};
   for (unsigned i = 0; i < sizeof(four) / sizeof(four[0]); i++)
      accepted(four[i]);
   rejected("#version 470\n", "GLSL 4.70");
   rejected("#version 455\n", "GLSL 4.55");
   rejected("#version 460 compatibility\n", "GLSL 4.60 compatibility profile");
   four_point_x();
   rejected("#version 300 es\n", "GLSL 3.00 ES");
   rejected("#version 150 compatibility\n", "GLSL 1.50 compatibility profile");
   rejected("#version 130 compatibility\n", "GLSL 1.30 compatibility profile");
   rejected("/* x */\n\n  #  version   470\n", "0:3(16)");
   rejected("#version 100\n", "GLSL 1.00");

   /* Syntax error on line 4. */
   char *log = NULL;
   const char *bad = "#version 330 core\nvoid main() {\n   float x = 1.0;\n   x = ;\n}\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, bad, &log), "syntax error compiled");
   CHECK(log && strstr(log, "0:4"), "log does not name line 4: %s", log);
   printf("  syntax error -> %s", log);
   free(log);

   /* The same in a version compiled as 1.40, and in 1.10 without a #version. */
   const char *bad130 = "#version 130\nvoid main() {\n   float x = 1.0;\n   x = ;\n}\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, bad130, &log),
         "1.30 syntax error compiled");
   CHECK(log && strstr(log, "0:4") && !strstr(log, "0:5"), "1.30: log does not name line 4: %s",
         log);
   free(log);
   const char *bad110 = "\nvoid main() {\n   float x = 1.0;\n   x = ;\n}\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, bad110, &log),
         "1.10 syntax error compiled");
   CHECK(log && strstr(log, "0:4") && !strstr(log, "0:5"), "1.10: log does not name line 4: %s",
         log);
   free(log);

   /* Undeclared identifier on line 3. */
   const char *undecl = "#version 150\nout vec4 o;\nvoid main() { o = vec4(nope); }\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, undecl, &log), "undeclared compiled");
   CHECK(log && strstr(log, "0:3") && strstr(log, "nope"), "log: %s", log);
   free(log);

   /* Link with a stage that does not compile. */
   struct glsl_link_input in = {
      .source = {"#version 330 core\nvoid main() { gl_Position = vec4(0); }\n", bad}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(!p && log && strstr(log, "fragment shader failed to compile") && strstr(log, "0:4"),
         "link of a broken shader: %s", log);
   free(log);

   /* No main(): compiles (it may come from another shader object), does not link. */
   const char *nomain = "#version 330 core\nfloat helper(float x) { return x * 2.0; }\n";
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, false, nomain, &log), "no-main compile: %s", log);
   free(log);
   struct glsl_link_input in2 = {.source = {nomain, NULL}};
   p = glsl_link(&in2, &log);
   CHECK(!p && log && *log, "no-main link: %p %s", (void *)p, log);
   printf("  no main -> %s", log);
   glsl_program_destroy(p);
   free(log);

   /* NULL info_log is allowed. */
   CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, false, "#version 470\n", NULL), "NULL log");
   /* NULL source does not crash. */
   CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, false, NULL, &log), "NULL source");
   free(log);
   struct glsl_link_input none = {0};
   CHECK(!glsl_link(&none, &log), "empty program linked");
   free(log);

   compat_constants();
   return t_finish("unit.glsl.versions");
}
