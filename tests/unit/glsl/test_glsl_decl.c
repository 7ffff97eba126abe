/* unit.glsl.decl — what glslang's SPIR-V does not say, in ESSL 3.00 and GLSL 3.30: bool members
 * of uniform blocks and bool loose uniforms stay GL_BOOL* (SPIR-V stores them as uint) and vertex
 * inputs are listed and placed in declaration order (SPIR-V orders them by first use), both from
 * the unit's declarations; integer fragment-input block members without flat and non-constant
 * uniform-block-array indices are compile errors (glslang takes both), found in the SPIR-V, also
 * in a function main never calls, and at link for a shader object without main. */
#include "glsl_test_util.h"

#include <GL/glcorearb.h>

static const char *const head[2] = {"#version 300 es\nprecision mediump float;\n",
                                    "#version 330 core\n"};

static char *
src(int k, const char *body)
{
   static char buf[4][2048];
   static unsigned next;
   char *b = buf[next++ % 4];
   snprintf(b, sizeof(buf[0]), "%s%s", head[k], body);
   return b;
}

static void
check_bool(int k)
{
   const char *vs = src(k, "in vec4 p;\nvoid main() { gl_Position = p; }\n");
   const char *fs =
      src(k, "struct S { bool sb; uint su; };\n"
             "uniform Blk { bool bb; uint bu; bvec3 bbv; S s; } blk;\n"
             "uniform B2 { bvec2 nb; uint nu; };\n"
             "uniform bool loose;\n"
             "uniform uint looseu;\n"
             "out vec4 o;\n"
             "void main() {\n"
             "   o = vec4(float(blk.bb), float(blk.bu), float(blk.bbv.z), float(blk.s.sb))\n"
             "     + vec4(float(blk.s.su), float(nb.y), float(loose), float(nu + looseu));\n"
             "}\n");
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}, .es = k == 0};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "%s: link: %s", head[k], log);
   free(log);
   if (!p)
      return;
   const struct {
      const char *name;
      uint32_t type;
   } x[] = {
      {"Blk.bb", GL_BOOL},           {"Blk.bu", GL_UNSIGNED_INT},
      {"Blk.bbv", GL_BOOL_VEC3},     {"Blk.s.sb", GL_BOOL},
      {"Blk.s.su", GL_UNSIGNED_INT}, {"nb", GL_BOOL_VEC2},
      {"nu", GL_UNSIGNED_INT},       {"loose", GL_BOOL},
      {"looseu", GL_UNSIGNED_INT},
   };
   for (size_t i = 0; i < sizeof(x) / sizeof(x[0]); i++) {
      const struct glsl_uniform *u = glsl_program_find_uniform(p, x[i].name);
      CHECK(u && u->type == x[i].type, "%s: %s: type 0x%x, want 0x%x", head[k], x[i].name,
            u ? u->type : 0, x[i].type);
   }
   glsl_program_destroy(p);
}

static void
check_order(int k)
{
   /* used in the reverse of the declaration order; `sampler', a Vulkan GLSL keyword, reaches
    * glslang under another name */
   const char *vs = k ? src(k, "in vec4 zed;\nin vec2 alpha;\nin float sampler;\n"
                               "void main() { gl_Position = vec4(sampler) + alpha.xyxy + zed; }\n")
                      : src(k, "in vec4 zed;\nin vec2 alpha;\nin float mid;\n"
                               "void main() { gl_Position = vec4(mid) + alpha.xyxy + zed; }\n");
   const char *fs = src(k, "out vec4 o;\nvoid main() { o = vec4(1.0); }\n");
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}, .es = k == 0};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "%s: link: %s", head[k], log);
   free(log);
   if (!p)
      return;
   const char *const want[3] = {"zed", "alpha", k ? "sampler" : "mid"};
   CHECK(p->num_inputs == 3, "%s: %u inputs", head[k], p->num_inputs);
   for (unsigned i = 0; i < 3 && i < p->num_inputs; i++) {
      CHECK(!strcmp(p->inputs[i].name, want[i]), "%s: input %u is %s, want %s", head[k], i,
            p->inputs[i].name, want[i]);
      CHECK(p->inputs[i].location == (int32_t)i, "%s: %s at location %d, want %u", head[k],
            p->inputs[i].name, p->inputs[i].location, i);
   }
   glsl_program_destroy(p);
}

static void
compile(int k, enum glsl_stage stage, const char *s, bool want_ok, const char *want_log,
        const char *what)
{
   char *log = NULL;
   bool ok = glsl_compile_shader(stage, k == 0, s, &log);
   CHECK(ok == want_ok, "%s %s: %s (%s)", head[k], what, ok ? "compiled" : "refused", log);
   if (!want_ok)
      CHECK(log && strstr(log, want_log), "%s %s: log: %s", head[k], what, log);
   free(log);
}

static void
check_flat(int k)
{
   compile(k, GLSL_STAGE_FRAGMENT,
           src(k, "in IB { vec4 f; mediump ivec2 bad; };\nout vec4 o;\n"
                  "void main() { o = f + vec4(bad.x); }\n"),
           false,
           "'bad' : a fragment input block member of integer or double type must be "
           "qualified flat",
           "integer block member");
   compile(k, GLSL_STAGE_FRAGMENT,
           src(k, "in IB { vec4 f; flat mediump ivec2 good; };\nout vec4 o;\n"
                  "void main() { o = f + vec4(good.x); }\n"),
           true, NULL, "flat integer block member");
   /* a shader object without main does not link alone: it is checked at glLinkProgram */
   const char *lib = src(k, "in IB { mediump uvec2 bad; };\nuint get_bad() { return bad.y; }\n");
   compile(k, GLSL_STAGE_FRAGMENT, lib, true, NULL, "object without main");
   if (k == 0)
      return; /* ES has one shader object per stage */
   const char *fs[2] = {lib, src(k, "out vec4 o;\nuint get_bad();\n"
                                    "void main() { o = vec4(get_bad()); }\n")};
   const char *vs = src(k, "out IB { uvec2 bad; };\n"
                           "void main() { bad = uvec2(1u); gl_Position = vec4(0.0); }\n");
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs}, .objects = {NULL, fs}, .num_objects = {0, 2}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(!p && log && strstr(log, "'bad' : a fragment input block member"), "link: %s", log);
   glsl_program_destroy(p);
   free(log);
}

static void
check_block_index(int k)
{
   const char *decl = "uniform T { mat4 m; } cam[2];\nuniform int idx;\n";
   char body[512];
   snprintf(body, sizeof(body), "%svoid main() { gl_Position = cam[idx].m[0]; }\n", decl);
   compile(k, GLSL_STAGE_VERTEX, src(k, body), false,
           k ? "ERROR: 0:4: 'cam' : a uniform block array must be indexed with a constant "
               "integral expression"
             : "ERROR: 0:5: 'cam' : a uniform block array must be indexed with a constant "
               "integral expression",
           "non-constant index");
   snprintf(body, sizeof(body),
            "%svec4 never_called() { return cam[idx].m[1]; }\n"
            "void main() { gl_Position = cam[1].m[0]; }\n",
            decl);
   compile(k, GLSL_STAGE_VERTEX, src(k, body), false, "constant integral expression",
           "in a function main never calls");
   snprintf(body, sizeof(body),
            "%sconst int one = 1;\nvoid main() { gl_Position = cam[one].m[idx] + cam[0].m[0]; }\n",
            decl);
   compile(k, GLSL_STAGE_VERTEX, src(k, body), true, NULL, "constant indices");
}

int
main(void)
{
   for (int k = 0; k < 2; k++) {
      check_bool(k);
      check_order(k);
      check_flat(k);
      check_block_index(k);
   }
   return t_finish("unit.glsl.decl");
}
