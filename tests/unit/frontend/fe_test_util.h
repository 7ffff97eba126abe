/* fe_test_util.h — checks and fixtures for the front end's unit tests: a pbuffer, a current
 * GL 3.3 core context over the recording session, and helpers for programs and geometry. */
#ifndef MGL_TEST_FE_TEST_UTIL_H
#define MGL_TEST_FE_TEST_UTIL_H

#include <stdio.h>
#include <string.h>

#include "fake_glsl.h"
#include "fake_session.h"
#include "fe_gl.h"
#include "gl_api.h"

static int fe_test_failures;

#define CHECK(cond)                                                                                \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                  \
         fe_test_failures++;                                                                       \
      }                                                                                            \
   } while (0)

#define CHECK_EQ(a, b)                                                                             \
   do {                                                                                            \
      long long a_ = (long long)(a), b_ = (long long)(b);                                          \
      if (a_ != b_) {                                                                              \
         fprintf(stderr, "%s:%d: check failed: %s == %s (%lld != %lld)\n", __FILE__, __LINE__, #a, \
                 #b, a_, b_);                                                                      \
         fe_test_failures++;                                                                       \
      }                                                                                            \
   } while (0)

#define CHECK_ERR(expected) CHECK_EQ(mgl_glGetError(), expected)

struct fe_test_env {
   struct fe_context *ctx;
   struct fe_surface *surf;
};

static inline void
env_init(struct fe_test_env *e, int w, int h)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   memset(e, 0, sizeof(*e));
   CHECK(fe_surface_create_pbuffer(&f, w, h, &e->surf) == FE_OK);
   struct fe_context_desc d = {.api = FE_API_GL_CORE, .major = 3, .minor = 3, .format = f};
   CHECK(fe_context_create(&d, NULL, &e->ctx) == FE_OK);
   CHECK(fe_make_current(e->ctx, e->surf, e->surf) == FE_OK);
}

static inline void
env_finish(struct fe_test_env *e)
{
   fe_make_current(NULL, NULL, NULL);
   fe_context_destroy(e->ctx);
   fe_surface_destroy(e->surf);
   fake_clear();
}

static inline GLuint
make_program(const struct fake_program *fp)
{
   fake_glsl_next(fp);
   const char *src = "#version 330 core\nvoid main() {}\n";
   GLuint vs = mgl_glCreateShader(GL_VERTEX_SHADER);
   mgl_glShaderSource(vs, 1, &src, NULL);
   mgl_glCompileShader(vs);
   GLuint fs = mgl_glCreateShader(GL_FRAGMENT_SHADER);
   mgl_glShaderSource(fs, 1, &src, NULL);
   mgl_glCompileShader(fs);
   GLuint prog = mgl_glCreateProgram();
   mgl_glAttachShader(prog, vs);
   mgl_glAttachShader(prog, fs);
   mgl_glLinkProgram(prog);
   GLint ok = 0;
   mgl_glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   CHECK(ok);
   mgl_glDeleteShader(vs);
   mgl_glDeleteShader(fs);
   return prog;
}

/* A vertex array with one vec3 attribute at location 0 in a 3-vertex buffer. */
static inline void
make_triangle(GLuint *vao, GLuint *vbo)
{
   static const float verts[9] = {-1, -1, 0, 1, -1, 0, 0, 1, 0};
   mgl_glGenVertexArrays(1, vao);
   mgl_glBindVertexArray(*vao);
   mgl_glGenBuffers(1, vbo);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, *vbo);
   mgl_glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, NULL);
   mgl_glEnableVertexAttribArray(0);
}

/* A context ready to draw: a program reading "pos" and a triangle. */
static inline GLuint
make_drawable(void)
{
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   return prog;
}

static inline int
fe_test_report(const char *name)
{
   if (fake_verify_mismatches()) {
      fprintf(stderr, "%llu payloads differed after the wire codec\n",
              (unsigned long long)fake_verify_mismatches());
      fe_test_failures++;
   }
   printf("%s: %s (%d failed checks)\n", name, fe_test_failures ? "FAIL" : "ok", fe_test_failures);
   return fe_test_failures ? 1 : 0;
}

#endif
