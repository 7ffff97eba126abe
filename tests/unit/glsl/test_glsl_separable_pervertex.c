/* unit.glsl.separable_pervertex — ARB_separate_shader_objects: a separable program whose
 * stages pass a gl_PerVertex member (written by one, read from gl_in[] by the next) fails to
 * link unless both redeclare their gl_PerVertex block; a program that is not separable, a
 * member no later stage of the program reads, and redeclared blocks link. */
#include "glsl_test_util.h"

static const char *vs_plain = "#version 150\n"
                              "void main() { gl_Position = vec4(1.0); gl_PointSize = 2.0; }\n";
static const char *vs_redeclared = "#version 150\n"
                                   "out gl_PerVertex { vec4 gl_Position; float gl_PointSize; };\n"
                                   "void main() { gl_Position = vec4(1.0); gl_PointSize = 2.0; }\n";
static const char *gs_plain = "#version 150\n"
                              "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
                              "out vec4 c;\n"
                              "void main() { c = gl_in[0].gl_Position; EmitVertex(); }\n";
static const char *gs_redeclared =
   "#version 150\n"
   "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
   "in gl_PerVertex { vec4 gl_Position; float gl_PointSize; } gl_in[];\n"
   "out vec4 c;\n"
   "void main() { c = gl_in[0].gl_Position; EmitVertex(); }\n";
static const char *gs_own = "#version 150\n"
                            "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
                            "out vec4 c;\n"
                            "void main() { c = vec4(0.5); gl_Position = c; EmitVertex(); }\n";
static const char *fs = "#version 150\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n";

static void
try_link(const char *what, const char *vs, const char *gs, bool separable, bool want_ok)
{
   struct glsl_link_input in = {.separable = separable};
   in.source[GLSL_STAGE_VERTEX] = vs;
   in.source[GLSL_STAGE_GEOMETRY] = gs;
   in.source[GLSL_STAGE_FRAGMENT] = fs;
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   if (want_ok)
      CHECK(p, "%s: link failed: %s", what, log);
   else
      CHECK(!p && log && strstr(log, "gl_Position") && strstr(log, "redeclare gl_PerVertex"),
            "%s: linked (log: %s)", what, log ? log : "");
   glsl_program_destroy(p);
   free(log);
}

int
main(void)
{
   try_link("separable, neither redeclares", vs_plain, gs_plain, true, false);
   try_link("separable, only the vertex shader redeclares", vs_redeclared, gs_plain, true, false);
   try_link("separable, only the geometry shader redeclares", vs_plain, gs_redeclared, true, false);
   try_link("separable, both redeclare", vs_redeclared, gs_redeclared, true, true);
   try_link("not separable", vs_plain, gs_plain, false, true);
   try_link("separable, nothing passes", vs_plain, gs_own, true, true);
   return t_finish("unit.glsl.separable_pervertex");
}
