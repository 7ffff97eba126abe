/* unit.glsl.conservative_depth — GL_ARB_conservative_depth in GLSL 1.30+ fragment units
 * (glslang knows no such extension and takes the depth layouts from 4.20 on only): the
 * directive goes, the macro is defined, the redeclaration of gl_FragDepth is taken out of the
 * text and its layout lands as the fragment entry point's execution mode (DepthGreater,
 * DepthLess, DepthUnchanged; depth_any none); a layout without the extension below 4.20, one
 * after gl_FragDepth's first use, different layouts in two objects of a program, and an object
 * that assigns gl_FragDepth without the layout another one declares fail. */
#include "glsl_test_util.h"

enum { EXEC_MODE_DEPTH_GREATER = 14, EXEC_MODE_DEPTH_LESS = 15, EXEC_MODE_DEPTH_UNCHANGED = 16 };

static const char *vs = "#version 130\n"
                        "in vec4 pos;\n"
                        "void main() { gl_Position = pos; }\n";

/* a fragment unit at `version` that redeclares gl_FragDepth with `layout` */
static char *
fs_with(int version, const char *ext, const char *layout)
{
   static char buf[1024];
   snprintf(buf, sizeof buf,
            "#version %d\n"
            "%s"
            "%s out float gl_FragDepth;\n"
            "out vec4 color;\n"
            "void main() {\n"
            "#ifdef GL_ARB_conservative_depth\n"
            "  color = vec4(float(GL_ARB_conservative_depth));\n"
            "#else\n"
            "  color = vec4(0.0);\n"
            "#endif\n"
            "  gl_FragDepth = gl_FragCoord.z * 0.5 + 0.5;\n"
            "}\n",
            version, ext, layout);
   return buf;
}

/* The execution modes of the module's OpExecutionMode instructions, as bits (modes < 32). */
static uint32_t
exec_modes(const struct glsl_spirv *s)
{
   uint32_t bits = 0;
   for (size_t at = 5; at < s->num_words && (s->words[at] >> 16);) {
      if ((s->words[at] & 0xffff) == 16 /* OpExecutionMode */ && s->words[at + 2] < 32)
         bits |= 1u << s->words[at + 2];
      at += s->words[at] >> 16;
   }
   return bits;
}

static bool
compiles(const char *src, const char *says, const char *what)
{
   char *log = NULL;
   bool ok = glsl_compile_shader_opts(GLSL_STAGE_FRAGMENT, GLSL_API_CORE, 0, 0, src, &log);
   if (says)
      CHECK(log && strstr(log, says), "%s: log: %s", what, log ? log : "(none)");
   free(log);
   return ok;
}

/* Links vs with the fragment objects; returns the fragment stage's execution mode bits, or
 * ~0u when the program does not link. */
static uint32_t
link_modes(const char *const *fs, unsigned n, const char *what)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs}};
   in.objects[GLSL_STAGE_FRAGMENT] = fs;
   in.num_objects[GLSL_STAGE_FRAGMENT] = n;
   struct glsl_program *p = glsl_link(&in, &log);
   uint32_t bits = ~0u;
   if (p) {
      bits = exec_modes(&p->spirv[GLSL_STAGE_FRAGMENT]);
      CHECK(t_spirv_val(&p->spirv[GLSL_STAGE_FRAGMENT], "conservative_depth") != 0,
            "%s: spirv-val refuses it", what);
      glsl_program_destroy(p);
   }
   free(log);
   return bits;
}

int
main(void)
{
   static const struct {
      int version;
      const char *layout;
      uint32_t mode; /* 0: none */
   } cases[] = {
      {130, "layout(depth_greater)", EXEC_MODE_DEPTH_GREATER},
      {130, "layout(depth_less)", EXEC_MODE_DEPTH_LESS},
      {330, "layout(depth_unchanged)", EXEC_MODE_DEPTH_UNCHANGED},
      {150, "layout(depth_any)", 0},
      {130, "", 0},
      {420, "layout(depth_less)", EXEC_MODE_DEPTH_LESS},
   };
   const uint32_t depth_modes = (1u << EXEC_MODE_DEPTH_GREATER) | (1u << EXEC_MODE_DEPTH_LESS) |
                                (1u << EXEC_MODE_DEPTH_UNCHANGED);
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      const char *ext =
         cases[k].version < 420 ? "#extension GL_ARB_conservative_depth : require\n" : "";
      char src[1024];
      snprintf(src, sizeof src, "%s", fs_with(cases[k].version, ext, cases[k].layout));
      char what[64];
      snprintf(what, sizeof what, "%d %s", cases[k].version, cases[k].layout);
      CHECK(compiles(src, NULL, what), "%s: does not compile", what);
      const char *objs[] = {src};
      const uint32_t bits = link_modes(objs, 1, what);
      CHECK(bits != ~0u, "%s: does not link", what);
      const uint32_t want = cases[k].mode ? 1u << cases[k].mode : 0;
      CHECK(bits != ~0u && (bits & depth_modes) == want, "%s: depth modes 0x%x, want 0x%x", what,
            bits & depth_modes, want);
   }

   /* without the extension below 4.20 */
   CHECK(!compiles(fs_with(330, "", "layout(depth_greater)"), NULL, "no extension"),
         "a depth layout compiled without GL_ARB_conservative_depth in GLSL 3.30");
   CHECK(!compiles(fs_with(330, "#extension GL_ARB_conservative_depth : disable\n",
                           "layout(depth_greater)"),
                   NULL, "disabled"),
         "a depth layout compiled with GL_ARB_conservative_depth disabled");
   /* the first redeclaration comes before any use */
   CHECK(!compiles("#version 130\n"
                   "#extension GL_ARB_conservative_depth : enable\n"
                   "void f() { gl_FragDepth = 0.0; }\n"
                   "layout(depth_any) out float gl_FragDepth;\n"
                   "void main() { f(); }\n",
                   "redeclared after its first use", "late"),
         "a redeclaration after the first use compiled");
   CHECK(!compiles("#version 130\n"
                   "#extension GL_ARB_conservative_depth : enable\n"
                   "layout(depth_less) out float gl_FragDepth;\n"
                   "layout(depth_greater) out float gl_FragDepth;\n"
                   "void main() { gl_FragDepth = 0.0; }\n",
                   "redeclared with a different depth layout", "twice"),
         "two layouts in one unit compiled");

   /* two objects of a program: the same layout links, different ones do not */
   static const char *fs_a = "#version 130\n"
                             "#extension GL_ARB_conservative_depth : require\n"
                             "layout(depth_less) out float gl_FragDepth;\n"
                             "void f();\n"
                             "void main() { gl_FragDepth = gl_FragCoord.z; f(); }\n";
   static const char *fs_b = "#version 130\n"
                             "#extension GL_ARB_conservative_depth : require\n"
                             "layout(depth_less) out float gl_FragDepth;\n"
                             "void f() { if (gl_FragCoord.z > 0.5) gl_FragDepth = 0.5; }\n";
   static const char *fs_c = "#version 130\n"
                             "#extension GL_ARB_conservative_depth : require\n"
                             "layout(depth_greater) out float gl_FragDepth;\n"
                             "void f() { if (gl_FragCoord.z > 0.5) gl_FragDepth = 0.5; }\n";
   static const char *fs_d = "#version 130\n"
                             "void f() { if (gl_FragCoord.z > 0.5) gl_FragDepth = 0.5; }\n";
   const char *same[] = {fs_a, fs_b}, *different[] = {fs_a, fs_c}, *missing[] = {fs_a, fs_d};
   const uint32_t bits = link_modes(same, 2, "same");
   CHECK(bits != ~0u && (bits & depth_modes) == 1u << EXEC_MODE_DEPTH_LESS,
         "two objects with depth_less: modes 0x%x", bits);
   CHECK(link_modes(different, 2, "different") == ~0u,
         "two objects with different depth layouts linked");
   /* an object that assigns gl_FragDepth without the redeclaration another one has */
   CHECK(link_modes(missing, 2, "missing") == ~0u,
         "an object assigning gl_FragDepth without the program's depth layout linked");
   return t_finish("unit.glsl.conservative_depth");
}
