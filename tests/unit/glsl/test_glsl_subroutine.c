/* unit.glsl.subroutine — ARB_shader_subroutine lowered in the source (glsl_subroutine.c): a
 * fragment shader with three subroutine types, a subroutine uniform array and an unused one
 * links as GLSL 4.30 (with layout(index) and layout(location)), 4.00 and 3.30 with `#extension
 * GL_ARB_shader_subroutine : require`; the reflection gives the functions' indices (explicit
 * first, then in order) and compatible types, the active uniforms' locations, sizes, defaults
 * and hidden offsets (not reported as uniforms). Compile errors: an unknown type, a taken index,
 * layout(index) before 4.30, a signature mismatch, an overloaded subroutine function. */
#include "glsl_test_util.h"

static const char *const vs = "#version 330 core\n"
                              "in vec4 vertex;\n"
                              "void main() { gl_Position = vertex; }\n";

static const char *const fs_body =
   "subroutine vec4 color_t(vec4 base, float k);\n"
   "subroutine vec4 other_t(vec4 b, float);\n"
   "subroutine void nop_t(inout vec4);\n"
   "subroutine(color_t) vec4 red(vec4 base, float k) { return vec4(k, 0.0, 0.0, 1.0); }\n"
   "%ssubroutine(color_t) vec4 green(vec4 base, float k) {\n"
   "   return vec4(0.0, k, 0.0, 1.0);\n"
   "}\n"
   "subroutine(color_t, other_t) vec4 both(vec4 base, float k) { return base; }\n"
   "subroutine(nop_t) void twice(inout vec4 v) { v *= 2.0; }\n"
   "subroutine uniform color_t u_color;\n"
   "%ssubroutine uniform nop_t u_nop[2];\n"
   "subroutine uniform color_t u_unused;\n"
   "uniform float u_k;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   vec4 c = u_color(vec4(0.5), u_k);\n"
   "   u_nop[1](c);\n"
   "   o = c;\n"
   "}\n";

static struct glsl_program *
link_fs(const char *head, bool explicit, char **log)
{
   static char fs[4096], body[4096];
   snprintf(body, sizeof(body), fs_body, explicit ? "layout(index = 5) " : "",
            explicit ? "layout(location = 3) " : "");
   snprintf(fs, sizeof(fs), "%s%s", head, body);
   return glsl_link(&(struct glsl_link_input){.source = {vs, fs}}, log);
}

static const struct glsl_subroutine_fn *
fn(const struct glsl_subroutine_stage *s, const char *name)
{
   for (unsigned k = 0; k < s->num_fns; k++)
      if (!strcmp(s->fns[k].name, name))
         return &s->fns[k];
   return NULL;
}

static void
check_program(const char *head, bool explicit)
{
   char *log = NULL;
   struct glsl_program *p = link_fs(head, explicit, &log);
   CHECK(p, "%s: link failed: %s", head, log);
   free(log);
   if (!p)
      return;
   const struct glsl_subroutine_stage *s = &p->subroutines[GLSL_STAGE_FRAGMENT];
   CHECK(s->num_types == 3, "%u types", s->num_types);
   CHECK(s->num_fns == 4, "%u functions", s->num_fns);
   const struct glsl_subroutine_fn *red = fn(s, "red"), *green = fn(s, "green"),
                                   *both = fn(s, "both"), *twice = fn(s, "twice");
   CHECK(red && green && both && twice, "functions missing");
   if (red && green && both && twice) {
      CHECK(green->index == (explicit ? 5u : 1u), "green index %u", green->index);
      CHECK(red->index == 0 && both->index == (explicit ? 1u : 2u) &&
               twice->index == (explicit ? 2u : 3u),
            "indices %u %u %u", red->index, both->index, twice->index);
      CHECK(red->types == 1 && both->types == 3 && twice->types == 4, "types");
   }
   CHECK(s->num_uniforms == 2, "%u active subroutine uniforms (u_unused is not)", s->num_uniforms);
   for (unsigned k = 0; k < s->num_uniforms; k++) {
      const struct glsl_subroutine_uniform *u = &s->uniforms[k];
      if (!strcmp(u->name, "u_color")) {
         CHECK(u->location == 0 && u->size == 1 && !u->is_array && u->def == 0,
               "u_color loc %d size %u def %u", u->location, u->size, u->def);
      } else {
         CHECK(!strcmp(u->name, "u_nop"), "%s", u->name);
         CHECK(u->location == (explicit ? 3 : 1) && u->size == 2 && u->is_array &&
                  u->def == (explicit ? 2u : 3u),
               "u_nop loc %d size %u def %u", u->location, u->size, u->def);
      }
   }
   CHECK(s->num_locations == (explicit ? 5u : 3u), "%u locations", s->num_locations);
   if (s->num_uniforms == 2)
      CHECK(s->uniforms[0].offset != s->uniforms[1].offset, "offsets %u %u", s->uniforms[0].offset,
            s->uniforms[1].offset);
   CHECK(p->default_block.num_uniforms == 1 && !strcmp(p->default_block.uniforms[0].name, "u_k"),
         "reported uniforms: %u", p->default_block.num_uniforms);
   CHECK(p->subroutines[GLSL_STAGE_VERTEX].num_fns == 0, "vertex stage has subroutines");
   glsl_program_destroy(p);
}

static void
check_error(const char *fs, const char *what)
{
   char *log = NULL;
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, GLSL_API_CORE, fs, &log), "%s compiled", what);
   CHECK(log && strstr(log, what), "log: %s", log ? log : "(null)");
   free(log);
}

int
main(void)
{
   check_program("#version 430 core\n", true);
   check_program("#version 400 core\n", false);
   check_program("#version 330 core\n#extension GL_ARB_shader_subroutine : require\n", false);
   check_error("#version 400\nsubroutine(nothing_t) float f() { return 1.0; }\n"
               "void main() {}\n",
               "not a subroutine type");
   check_error("#version 430\nsubroutine float t();\n"
               "layout(index = 1) subroutine(t) float f() { return 1.0; }\n"
               "layout(index = 1) subroutine(t) float g() { return 2.0; }\n"
               "void main() {}\n",
               "invalid subroutine index");
   check_error("#version 400\nsubroutine float t();\n"
               "layout(index = 1) subroutine(t) float f() { return 1.0; }\n"
               "void main() {}\n",
               "needs GLSL 4.30");
   check_error("#version 400\nsubroutine float t(vec2 p);\n"
               "subroutine(t) float f(vec3 p) { return 1.0; }\n"
               "void main() {}\n",
               "does not match");
   check_error("#version 400\nsubroutine float t();\n"
               "subroutine(t) float f() { return 1.0; }\n"
               "float f(int x) { return 1.0; }\n"
               "void main() {}\n",
               "may not be overloaded");
   return t_finish("unit.glsl.subroutine");
}
