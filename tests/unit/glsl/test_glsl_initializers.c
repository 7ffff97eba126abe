/* unit.glsl.initializers — GLSL uniform initializers ("uniform float x = 2.0;") survive as the
 * default block's initial data, at the std140 offsets the reflection reports; uniforms without
 * one start at 0. */
#include "glsl_test_util.h"

#include <GL/glcorearb.h>

static float
f_at(const struct glsl_program *p, const char *name, uint32_t extra)
{
   const struct glsl_uniform *u = glsl_program_find_uniform(p, name);
   float v = -999.0f;
   if (u && u->offset + extra + 4 <= p->default_block.size)
      memcpy(&v, p->default_block.initial_data + u->offset + extra, 4);
   return v;
}

static int32_t
i_at(const struct glsl_program *p, const char *name, uint32_t extra)
{
   const struct glsl_uniform *u = glsl_program_find_uniform(p, name);
   int32_t v = -999;
   if (u && u->offset + extra + 4 <= p->default_block.size)
      memcpy(&v, p->default_block.initial_data + u->offset + extra, 4);
   return v;
}

int
main(void)
{
   const char *vs = "#version 150\n"
                    "uniform float scale = 0.5;\n"
                    "in vec4 pos;\n"
                    "void main() { gl_Position = pos * scale; }\n";
   const char *fs =
      "#version 330 core\n"
      "struct S { float a; int b; bool c; };\n"
      "uniform float x = 2.0;\n"
      "uniform vec3 v = vec3(1.0, 2.0, 3.0);\n"
      "uniform S s = S(4.0, 5, true);\n"
      "uniform float arr[2] = float[2](6.0, 7.0);\n"
      "uniform mat2 m = mat2(1.0, 2.0, 3.0, 4.0);\n"
      "uniform float noinit;\n"
      "uniform float scale = 0.5;\n"
      "uniform sampler2D tex;\n"
      "out vec4 o;\n"
      "void main() {\n"
      "   o = vec4(v, x + s.a + float(s.b) + float(s.c) + arr[1] + m[1][0] + noinit + scale)\n"
      "     + texture(tex, vec2(0));\n"
      "}\n";
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   CHECK(!log || !strstr(log, "warning"), "warnings: %s", log);
   free(log);
   if (!p)
      return t_finish("unit.glsl.initializers");
   CHECK(p->default_block.initial_data, "no initial data");
   if (p->default_block.initial_data) {
      CHECK(f_at(p, "scale", 0) == 0.5f, "scale %g", f_at(p, "scale", 0));
      CHECK(f_at(p, "x", 0) == 2.0f, "x %g", f_at(p, "x", 0));
      CHECK(f_at(p, "v", 0) == 1.0f && f_at(p, "v", 4) == 2.0f && f_at(p, "v", 8) == 3.0f, "v");
      CHECK(f_at(p, "s.a", 0) == 4.0f, "s.a %g", f_at(p, "s.a", 0));
      CHECK(i_at(p, "s.b", 0) == 5, "s.b %d", i_at(p, "s.b", 0));
      CHECK(i_at(p, "s.c", 0) == 1, "s.c %d", i_at(p, "s.c", 0));
      const struct glsl_uniform *arr = glsl_program_find_uniform(p, "arr[0]");
      CHECK(arr && f_at(p, "arr[0]", 0) == 6.0f && f_at(p, "arr[0]", arr->array_stride) == 7.0f,
            "arr");
      const struct glsl_uniform *m = glsl_program_find_uniform(p, "m");
      CHECK(m && m->matrix_stride == 16, "m stride");
      if (m)
         CHECK(f_at(p, "m", 0) == 1.0f && f_at(p, "m", 4) == 2.0f && f_at(p, "m", 16) == 3.0f &&
                  f_at(p, "m", 20) == 4.0f,
               "m = %g %g %g %g", f_at(p, "m", 0), f_at(p, "m", 4), f_at(p, "m", 16),
               f_at(p, "m", 20));
      CHECK(f_at(p, "noinit", 0) == 0.0f, "noinit %g", f_at(p, "noinit", 0));
   }
   CHECK(t_spirv_val(&p->spirv[0], "init-vs") != 0, "vertex SPIR-V");
   CHECK(t_spirv_val(&p->spirv[1], "init-fs") != 0, "fragment SPIR-V");
   glsl_program_destroy(p);

   /* No initializers: zeros. */
   const char *vs2 = "#version 330 core\nuniform vec4 k;\nvoid main() { gl_Position = k; }\n";
   struct glsl_link_input in2 = {.source = {vs2, NULL}};
   p = glsl_link(&in2, &log);
   /* 16 bytes of k and the hidden _mgl_PointSize (GLSL_STATE_POINT_SIZE) */
   CHECK(p && p->default_block.size == 32 && p->default_block.initial_data, "zeros: %s", log);
   const struct glsl_uniform *k = p ? glsl_program_find_uniform(p, "k") : NULL;
   CHECK(k && k->offset + 16 <= 32, "k at %d", k ? (int)k->offset : -1);
   if (k && p->default_block.initial_data) {
      static const uint8_t zero[16];
      CHECK(!memcmp(p->default_block.initial_data + k->offset, zero, 16), "not zero");
   }
   glsl_program_destroy(p);
   free(log);

   /* An unsized array takes its initializer's size (GLSL 1.20+, 4.1.9), indexed by a variable,
    * in a vertex stage followed by a geometry stage. */
   const char *vs3 =
      "#version 150\n"
      "uniform vec4 c[] = vec4[](vec4(0.0, 1.0, 0.0, 1.0),\n"
      "                         vec4(0.0, 0.5, 0.5, 1.0), vec4(0.0, 0.0, 1.0, 1.0));\n"
      "out vec4 color;\n"
      "void main() { color = c[gl_InstanceID]; gl_Position = vec4(0.0); }\n";
   const char *gs3 =
      "#version 150\nlayout(points) in;\n"
      "layout(points, max_vertices = 1) out;\n"
      "in vec4 color[];\nout vec4 fs_color;\n"
      "void main() { fs_color = color[0]; gl_Position = vec4(0.0); EmitVertex(); }\n";
   const char *fs3 = "#version 150\nin vec4 fs_color;\nout vec4 o;\n"
                     "void main() { o = fs_color; }\n";
   struct glsl_link_input in3 = {.source = {vs3, fs3, gs3}};
   log = NULL;
   p = glsl_link(&in3, &log);
   CHECK(p, "unsized initialized array: %s", log);
   CHECK(!log || !strstr(log, "warning"), "warnings: %s", log);
   const struct glsl_uniform *c = p ? glsl_program_find_uniform(p, "c[0]") : NULL;
   CHECK(c && c->array_size == 3, "c[] has %u elements", c ? c->array_size : 0);
   if (c && p->default_block.initial_data)
      CHECK(f_at(p, "c[0]", 4) == 1.0f && f_at(p, "c[0]", c->array_stride + 8) == 0.5f &&
               f_at(p, "c[0]", 2 * c->array_stride + 8) == 1.0f,
            "c = (%g ...) (... %g ...) (... %g ...)", f_at(p, "c[0]", 4),
            f_at(p, "c[0]", c->array_stride + 8), f_at(p, "c[0]", 2 * c->array_stride + 8));
   glsl_program_destroy(p);
   free(log);
   return t_finish("unit.glsl.initializers");
}
