/* scenario_binary.c — program binaries (GL 4.1 7.5, ARB_get_program_binary): a program linked
 * in the scenario's context (its uniform then changed), its binary taken and the program
 * deleted; the binary loaded into a new program of a second, unshared context, which draws with
 * the uniforms at their initial values, its sampler and a uniform block bound there, and reads
 * the pixels back; the same binary with its build id edited (a "different build") refused there
 * (LINK_STATUS FALSE, an info log, no GL error); then loaded again in the first context, which
 * draws the window with it. program_binary_es: the same in OpenGL ES 3.0 contexts
 * (OES_get_program_binary). */
#include <EGL/egl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

static const char *bin_vs = "#version 330 core\n"
                            "void main() {\n"
                            "  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, "
                            "gl_VertexID == 2 ? 3.0 : -1.0);\n"
                            "  gl_Position = vec4(p, 0.0, 1.0);\n"
                            "}\n";
static const char *bin_fs = "#version 330 core\n"
                            "uniform vec4 u_tint = vec4(0.2, 0.4, 0.6, 1.0);\n"
                            "uniform sampler2D u_tex;\n"
                            "layout(std140) uniform Add { vec4 add; };\n"
                            "out vec4 o;\n"
                            "void main() { o = u_tint * texture(u_tex, vec2(0.5)) + add; }\n";

/* ES 3.0: GLSL ES has no uniform initializers; u_tint starts (and is reset to) zero. */
static const char *bin_vs_es = "#version 300 es\n"
                               "void main() {\n"
                               "  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, "
                               "gl_VertexID == 2 ? 3.0 : -1.0);\n"
                               "  gl_Position = vec4(p, 0.0, 1.0);\n"
                               "}\n";
static const char *bin_fs_es = "#version 300 es\n"
                               "precision mediump float;\n"
                               "uniform vec4 u_tint;\n"
                               "uniform sampler2D u_tex;\n"
                               "layout(std140) uniform Add { vec4 add; };\n"
                               "out vec4 o;\n"
                               "void main() {\n"
                               "  o = (u_tint + vec4(0.2, 0.4, 0.6, 1.0)) * texture(u_tex, "
                               "vec2(0.5)) + add;\n"
                               "}\n";

/* Draws the full-screen triangle with prog: a white 1x1 texture at unit 0, a uniform block of
 * (0.2, 0, 0, 0) at binding point 1. */
static void
draw_with(GLuint prog, const char *phase)
{
   GLuint tex, ubo, vao;
   static const GLubyte white[4] = {255, 255, 255, 255};
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, white);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   static const float add[4] = {0.2f, 0, 0, 0};
   gl.GenBuffers(1, &ubo);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
   gl.BufferData(GL_UNIFORM_BUFFER, sizeof(add), add, GL_STATIC_DRAW);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, 1, ubo);
   gl.UniformBlockBinding(prog, gl.GetUniformBlockIndex(prog, "Add"), 1);
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.UseProgram(prog);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   check_gl_error(phase);
   gl.UseProgram(0);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteBuffers(1, &ubo);
   glDeleteTextures(1, &tex);
}

/* A new program holding binary; its link status. */
static GLuint
load(GLenum format, const void *binary, GLsizei length, GLint *ok)
{
   GLuint p = gl.CreateProgram();
   gl.ProgramBinary(p, format, binary, length);
   *ok = -1;
   gl.GetProgramiv(p, GL_LINK_STATUS, ok);
   return p;
}

static void
expect_all(const char *phase, rgba8 want)
{
   readback();
   for (int y = 2; y < H; y += 15)
      for (int x = 2; x < W; x += 15)
         expect_px(phase, x, y, want);
}

static void
program_binary(bool es)
{
   if (!has_ext(es ? "GL_OES_get_program_binary" : "GL_ARB_get_program_binary")) {
      skipped(es ? "GL_OES_get_program_binary is not listed"
                 : "GL_ARB_get_program_binary is not listed");
      return;
   }
   GLint formats = 0;
   glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &formats);
   check_gl_error("GL_NUM_PROGRAM_BINARY_FORMATS");
   if (formats < 1)
      fail("GL_ARB_get_program_binary listed with %d binary formats", formats);
   /* (u_tint 0.2, 0.4, 0.6, 1 times white, plus 0.2, 0, 0, 0) */
   const rgba8 want = {{102, 102, 153, 255}};

   GLuint prog = es ? link_program(bin_vs_es, bin_fs_es) : link_program(bin_vs, bin_fs);
   gl.UseProgram(prog);
   set_vec4(prog, "u_tint", V4(1, 0, 0, 1)); /* not in the binary: a load resets it */
   gl.UseProgram(0);
   GLint length = 0;
   gl.GetProgramiv(prog, GL_PROGRAM_BINARY_LENGTH, &length);
   check_gl_error("GL_PROGRAM_BINARY_LENGTH");
   if (length <= 0)
      die_setup("GL_PROGRAM_BINARY_LENGTH of a linked program: %d", length);
   uint8_t *bin = malloc((size_t)length), *other = malloc((size_t)length);
   GLsizei got = 0;
   GLenum format = 0;
   gl.GetProgramBinary(prog, length - 1, &got, &format, bin);
   expect_error(GL_INVALID_OPERATION, "glGetProgramBinary with bufSize below the length");
   gl.GetProgramBinary(prog, length, &got, &format, bin);
   check_gl_error("glGetProgramBinary");
   if (got != length)
      fail("glGetProgramBinary wrote %d bytes, GL_PROGRAM_BINARY_LENGTH says %d", got, length);
   gl.DeleteProgram(prog);

   /* a second context, sharing nothing, on a pbuffer of the same config */
   EGLDisplay dpy = eglGetCurrentDisplay();
   EGLContext ctx0 = eglGetCurrentContext();
   EGLSurface draw0 = eglGetCurrentSurface(EGL_DRAW), read0 = eglGetCurrentSurface(EGL_READ);
   EGLint config_id = 0, n = 0;
   eglQueryContext(dpy, ctx0, EGL_CONFIG_ID, &config_id);
   const EGLint want_cfg[] = {EGL_CONFIG_ID, config_id, EGL_NONE};
   EGLConfig cfg = NULL;
   if (!eglChooseConfig(dpy, want_cfg, &cfg, 1, &n) || n != 1)
      die_setup("program_binary: the context's config %d: 0x%x", config_id, eglGetError());
   const EGLint pb[] = {EGL_WIDTH, W, EGL_HEIGHT, H, EGL_NONE};
   EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, pb);
   const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION,
                              3,
                              EGL_CONTEXT_MINOR_VERSION,
                              3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK,
                              EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_NONE};
   const EGLint es_attr[] = {EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE};
   EGLContext ctx1 = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es ? es_attr : ctx_attr);
   if (surf == EGL_NO_SURFACE || ctx1 == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, surf, surf, ctx1))
      die_setup("program_binary: pbuffer, context or make-current failed: 0x%x", eglGetError());

   GLint ok = -1;
   GLuint copy = load(format, bin, got, &ok);
   check_gl_error("glProgramBinary in a second context");
   if (ok != GL_TRUE) {
      char log[256] = "";
      gl.GetProgramInfoLog(copy, sizeof(log), NULL, log);
      fail("the binary does not load in a second context: %s", log);
   } else {
      draw_with(copy, "a draw with the loaded program in a second context");
      expect_all("second context, the loaded program", want);
   }
   /* a "different build": the header's build id (bytes 8-15) edited */
   memcpy(other, bin, (size_t)got);
   other[8] ^= 0x5a;
   GLuint refused = load(format, other, got, &ok);
   check_gl_error("glProgramBinary of another build's binary (no GL error)");
   GLint log_length = 0;
   gl.GetProgramiv(refused, GL_INFO_LOG_LENGTH, &log_length);
   /* (GL 4.6 7.5 lets the log say nothing; mgl's says why) */
   if (ok != GL_FALSE || (on_mgl() && log_length <= 1))
      fail("another build's binary: link status %d, info log length %d; expected FALSE and a log",
           ok, log_length);
   gl.DeleteProgram(refused);
   gl.DeleteProgram(copy);
   check_gl_error("program_binary second context");
   if (!eglMakeCurrent(dpy, draw0, read0, ctx0))
      die_setup("program_binary: switching back failed: 0x%x", eglGetError());
   eglDestroyContext(dpy, ctx1);
   eglDestroySurface(dpy, surf);

   /* back in the first context: the window drawn with the binary loaded again */
   copy = load(format, bin, got, &ok);
   if (ok != GL_TRUE)
      fail("the binary does not load in the context that made it");
   else {
      draw_with(copy, "a draw with the loaded program");
      expect_all("first context, the loaded program", want);
   }
   gl.DeleteProgram(copy);
   free(bin);
   free(other);
}

void
sc_program_binary(void)
{
   program_binary(false);
}

void
sc_program_binary_es(void)
{
   program_binary(true);
}
