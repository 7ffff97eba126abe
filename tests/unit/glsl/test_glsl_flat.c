/* unit.glsl.flat — GLSL 1.50 / ESSL 3.00 section 4.3.4: a fragment input that is, or holds, an
 * integer must be qualified flat, also as (part of) an interface-block member (glslang checks
 * only plain variables). Vertex outputs are not bound by the rule. */
#include "glsl_test_util.h"

static void
frag(bool es, const char *src, bool want_ok, const char *what)
{
   char *log = NULL;
   bool ok = glsl_compile_shader(GLSL_STAGE_FRAGMENT, es, src, &log);
   CHECK(ok == want_ok, "%s: %s (%s)", what, ok ? "compiled" : "refused", log);
   if (!want_ok)
      CHECK(log && strstr(log, "must be qualified flat"), "%s: log: %s", what, log);
   free(log);
}

#define FS150(decl, use)                                                                           \
   "#version 150\n" decl "\nout vec4 color;\nvoid main() { color = vec4(" use "); }\n"

int
main(void)
{
   /* refused: a non-flat integer member, whatever the block's shape or the member's qualifier */
   frag(false, FS150("in IB { uvec4 u; };", "u"), false, "block uvec4");
   frag(false, FS150("in IB { smooth int i; };", "i"), false, "block smooth int");
   frag(false, FS150("in IB { noperspective ivec2 i; };", "i, 0, 0"), false, "block noperspective");
   frag(false, FS150("in IB { uint u[2]; };", "u[1]"), false, "block member array");
   frag(false, FS150("struct S { uvec4 u; };\nin IB { S s; };", "s.u"), false, "block struct");
   frag(false, FS150("struct S { int i; vec3 f; };\nin IB { S s[2]; } ib;", "ib.s[1].i"), false,
        "block struct array, instance name");
   frag(false, FS150("in IB { uvec4 u; } ib[2];", "ib[1].u"), false, "block array");
   frag(false, FS150("in IB { flat int ok; vec4 f; uint bad; };", "ok + int(bad)"), false,
        "one bad member among good ones");
   frag(true,
        "#version 300 es\nprecision mediump float;\nin IB { mediump ivec4 i; };\n"
        "out vec4 color;\nvoid main() { color = vec4(i); }\n",
        false, "ESSL 3.00 block");

   /* accepted: flat on the member, float members, integer outputs */
   frag(false, FS150("in IB { flat uvec4 u; };", "u"), true, "flat member");
   frag(false, FS150("struct S { uvec4 u; };\nin IB { flat S s; };", "s.u"), true, "flat struct");
   frag(false, FS150("in IB { vec4 f; flat int i; } ib[2];", "ib[0].f.x + float(ib[1].i)"), true,
        "float and flat int");
   frag(false, FS150("flat in int i;", "i"), true, "plain flat int");
   frag(false, FS150("in vec4 interp;", "interp"), true, "float named like 'int...'");
   frag(false, FS150("", "gl_PrimitiveID"), true, "built-in integer input");

   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, false,
                             "#version 150\nout VB { uvec4 u; };\n"
                             "void main() { u = uvec4(1); gl_Position = vec4(0); }\n",
                             &log),
         "vertex integer block output: %s", log);
   free(log);
   return t_finish("unit.glsl.flat");
}
