/*
 * mgl-bench: a headless OpenGL 3.3 core-profile benchmark over EGL + GL only.
 *
 * Mode "transport" measures, on whatever GL the environment selects (mgl on
 * any MGL_TRANSPORT arm, or Mesa):
 *   draw         draws/s of a 3-vertex glDrawArrays into a 64x64 pbuffer with
 *                no state change between draws (glFinish ends the timed loop)
 *   upload_SIZE  glBufferSubData MB/s of SIZE bytes into one buffer
 *                (glFinish ends the timed loop)
 *   memcpy_SIZE  memcpy MB/s of the same sizes in this process, as the
 *                physical limit
 * MB is 10^6 bytes.  Records are not visible to a GL application; with
 * MGL_PIPE_STATS set, mgl prints its own record counts at exit.
 *
 * The EGL setup follows tools/demo/main.c.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include "egl_app.h"
#include <GL/gl.h>
#include <GL/glext.h>

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_SIZE 64

#define BENCH_GL_FUNCS(X)                                                     \
  X(PFNGLGENBUFFERSPROC, GenBuffers)                                          \
  X(PFNGLDELETEBUFFERSPROC, DeleteBuffers)                                    \
  X(PFNGLBINDBUFFERPROC, BindBuffer)                                          \
  X(PFNGLBUFFERDATAPROC, BufferData)                                          \
  X(PFNGLBUFFERSUBDATAPROC, BufferSubData)                                    \
  X(PFNGLGENVERTEXARRAYSPROC, GenVertexArrays)                                \
  X(PFNGLDELETEVERTEXARRAYSPROC, DeleteVertexArrays)                          \
  X(PFNGLBINDVERTEXARRAYPROC, BindVertexArray)                                \
  X(PFNGLCREATESHADERPROC, CreateShader)                                      \
  X(PFNGLDELETESHADERPROC, DeleteShader)                                      \
  X(PFNGLSHADERSOURCEPROC, ShaderSource)                                      \
  X(PFNGLCOMPILESHADERPROC, CompileShader)                                    \
  X(PFNGLGETSHADERIVPROC, GetShaderiv)                                        \
  X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog)                              \
  X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                    \
  X(PFNGLDELETEPROGRAMPROC, DeleteProgram)                                    \
  X(PFNGLATTACHSHADERPROC, AttachShader)                                      \
  X(PFNGLLINKPROGRAMPROC, LinkProgram)                                        \
  X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                      \
  X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)                            \
  X(PFNGLUSEPROGRAMPROC, UseProgram)

struct gl_api {
#define BENCH_GL_MEMBER(type, name) type name;
  BENCH_GL_FUNCS(BENCH_GL_MEMBER)
#undef BENCH_GL_MEMBER
};

struct options {
  double seconds;
  bool csv;
};

static void fail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("mgl-bench: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static bool gl_check(const char *where)
{
  bool ok = true;
  for (int i = 0; i < 16; i++) {
    GLenum err = glGetError();
    if (err == GL_NO_ERROR)
      break;
    fail("GL error after %s: 0x%04x", where, (unsigned)err);
    ok = false;
  }
  return ok;
}

static double now_s(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------ */
/* EGL setup (as in tools/demo/main.c)                                 */

static bool load_gl(struct gl_api *gl)
{
#define BENCH_GL_LOAD(type, name)                                             \
  gl->name = (type)eglGetProcAddress("gl" #name);                             \
  if (gl->name == NULL) {                                                     \
    fail("eglGetProcAddress(\"gl" #name "\") returned NULL");                 \
    return false;                                                             \
  }
  BENCH_GL_FUNCS(BENCH_GL_LOAD)
#undef BENCH_GL_LOAD
  return true;
}

/* ------------------------------------------------------------------ */
/* Cases                                                               */

/* mgl's GL_RENDERER starts with "mgl"; anything else is reported as Mesa. */
static const char *arm_name(void)
{
  const char *renderer = (const char *)glGetString(GL_RENDERER);
  if (renderer == NULL || strncmp(renderer, "mgl", 3) != 0)
    return "mesa";
  const char *t = getenv("MGL_TRANSPORT");
  return (t != NULL && *t != '\0') ? t : "inproc";
}

static void report(const struct options *opt, const char *name, const char *arm, double value,
                   const char *unit)
{
  if (opt->csv)
    printf("%s,%s,%.1f,%s\n", name, arm, value, unit);
  else
    printf("case=%s arm=%s value=%.1f unit=%s\n", name, arm, value, unit);
  fflush(stdout);
}

static GLuint compile(const struct gl_api *gl, GLenum type, const char *src)
{
  GLuint sh = gl->CreateShader(type);
  gl->ShaderSource(sh, 1, &src, NULL);
  gl->CompileShader(sh);
  GLint ok = GL_FALSE;
  gl->GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[1024] = "";
    gl->GetShaderInfoLog(sh, sizeof log, NULL, log);
    fail("shader compile failed: %s", log);
    gl->DeleteShader(sh);
    return 0;
  }
  return sh;
}

/* Draws/s of a 3-vertex triangle with no state change between draws. */
static bool bench_draw(const struct gl_api *gl, const struct options *opt, const char *arm)
{
  static const char *vs_src =
      "#version 330 core\n"
      "void main() {\n"
      "  vec2 p = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) * 0.5 - 0.25;\n"
      "  gl_Position = vec4(p, 0.0, 1.0);\n"
      "}\n";
  static const char *fs_src =
      "#version 330 core\n"
      "out vec4 color;\n"
      "void main() { color = vec4(1.0, 0.5, 0.25, 1.0); }\n";
  GLuint vs = compile(gl, GL_VERTEX_SHADER, vs_src);
  GLuint fs = compile(gl, GL_FRAGMENT_SHADER, fs_src);
  if (vs == 0 || fs == 0)
    return false;
  GLuint prog = gl->CreateProgram();
  gl->AttachShader(prog, vs);
  gl->AttachShader(prog, fs);
  gl->LinkProgram(prog);
  gl->DeleteShader(vs);
  gl->DeleteShader(fs);
  GLint linked = GL_FALSE;
  gl->GetProgramiv(prog, GL_LINK_STATUS, &linked);
  if (!linked) {
    char log[1024] = "";
    gl->GetProgramInfoLog(prog, sizeof log, NULL, log);
    fail("program link failed: %s", log);
    gl->DeleteProgram(prog);
    return false;
  }
  GLuint vao = 0;
  gl->GenVertexArrays(1, &vao);
  gl->BindVertexArray(vao);
  gl->UseProgram(prog);
  glViewport(0, 0, BENCH_SIZE, BENCH_SIZE);
  glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);

  /* Warm-up: the first draw builds pipelines. */
  for (int i = 0; i < 64; i++)
    glDrawArrays(GL_TRIANGLES, 0, 3);
  glFinish();
  bool ok = gl_check("draw warm-up");

  uint64_t draws = 0;
  double t0 = now_s(), t1;
  do {
    for (int i = 0; i < 256; i++)
      glDrawArrays(GL_TRIANGLES, 0, 3);
    draws += 256;
    t1 = now_s();
  } while (t1 - t0 < opt->seconds);
  glFinish();
  t1 = now_s();
  ok = gl_check("draw loop") && ok;

  gl->UseProgram(0);
  gl->BindVertexArray(0);
  gl->DeleteVertexArrays(1, &vao);
  gl->DeleteProgram(prog);
  if (ok)
    report(opt, "draw", arm, (double)draws / (t1 - t0), "draws/s");
  return ok;
}

static const size_t bench_sizes[] = {64u << 10, 1u << 20, 4u << 20};
static const char *const bench_size_names[] = {"64KiB", "1MiB", "4MiB"};
#define BENCH_NSIZES (sizeof bench_sizes / sizeof bench_sizes[0])
#define BENCH_MAX_SIZE (4u << 20)

/* glBufferSubData MB/s into one buffer of BENCH_MAX_SIZE. */
static bool bench_upload(const struct gl_api *gl, const struct options *opt, const char *arm,
                         const unsigned char *src)
{
  GLuint buf = 0;
  gl->GenBuffers(1, &buf);
  gl->BindBuffer(GL_ARRAY_BUFFER, buf);
  gl->BufferData(GL_ARRAY_BUFFER, BENCH_MAX_SIZE, NULL, GL_DYNAMIC_DRAW);
  bool ok = gl_check("glBufferData");
  for (size_t s = 0; ok && s < BENCH_NSIZES; s++) {
    size_t size = bench_sizes[s];
    gl->BufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)size, src); /* warm-up */
    glFinish();
    uint64_t bytes = 0;
    double t0 = now_s(), t1;
    do {
      gl->BufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)size, src);
      bytes += size;
      t1 = now_s();
    } while (t1 - t0 < opt->seconds);
    glFinish();
    t1 = now_s();
    ok = gl_check("glBufferSubData loop");
    if (ok) {
      char name[32];
      snprintf(name, sizeof name, "upload_%s", bench_size_names[s]);
      report(opt, name, arm, (double)bytes / (t1 - t0) / 1e6, "MB/s");
    }
  }
  gl->BindBuffer(GL_ARRAY_BUFFER, 0);
  gl->DeleteBuffers(1, &buf);
  return ok;
}

/* memcpy MB/s of the same sizes: the physical limit in this process. */
static void bench_memcpy(const struct options *opt, const char *arm, const unsigned char *src,
                         unsigned char *dst)
{
  for (size_t s = 0; s < BENCH_NSIZES; s++) {
    size_t size = bench_sizes[s];
    memcpy(dst, src, size); /* warm-up: fault the pages in */
    uint64_t bytes = 0;
    double t0 = now_s(), t1;
    do {
      memcpy(dst, src, size);
      __asm__ volatile("" : : "r"(dst) : "memory"); /* keep the copy */
      bytes += size;
      t1 = now_s();
    } while (t1 - t0 < opt->seconds);
    char name[32];
    snprintf(name, sizeof name, "memcpy_%s", bench_size_names[s]);
    report(opt, name, arm, (double)bytes / (t1 - t0) / 1e6, "MB/s");
  }
}

/* ------------------------------------------------------------------ */
/* Command line                                                        */

static void print_usage(FILE *f)
{
  fputs("usage: mgl-bench transport [--seconds S] [--csv]\n"
        "Measures, on the GL the environment selects (mgl on any MGL_TRANSPORT\n"
        "arm, or Mesa): draws/s of a tiny draw with no state change, glBufferSubData\n"
        "MB/s for 64 KiB, 1 MiB and 4 MiB uploads, and memcpy MB/s of the same\n"
        "sizes as the physical limit (MB = 10^6 bytes).  With MGL_PIPE_STATS set,\n"
        "mgl prints its own record counts at exit.\n"
        "\n"
        "  --seconds S     timed length of each case (default 1)\n"
        "  --csv           print CSV (case,arm,value,unit) instead of key=value lines\n"
        "  --help          show this help and exit\n"
        "\n"
        "Exit status: 0 on success, 1 on an EGL/GL failure, 2 on bad usage.\n",
        f);
}

int main(int argc, char **argv)
{
  struct options opt = {1.0, false};
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    print_usage(stdout);
    return 0;
  }
  if (argc < 2 || strcmp(argv[1], "transport") != 0) {
    print_usage(stderr);
    return 2;
  }
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--csv") == 0) {
      opt.csv = true;
    } else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
      char *end = NULL;
      errno = 0;
      double v = strtod(argv[++i], &end);
      if (errno != 0 || end == argv[i] || *end != '\0' || !(v > 0.0 && v <= 3600.0)) {
        fail("--seconds wants a number in (0, 3600], got '%s'", argv[i]);
        return 2;
      }
      opt.seconds = v;
    } else if (strcmp(argv[i], "--help") == 0) {
      print_usage(stdout);
      return 0;
    } else {
      fail("unknown option '%s'", argv[i]);
      print_usage(stderr);
      return 2;
    }
  }

  unsigned char *src = malloc(BENCH_MAX_SIZE);
  unsigned char *dst = malloc(BENCH_MAX_SIZE);
  if (src == NULL || dst == NULL) {
    fail("out of memory");
    free(src);
    free(dst);
    return 1;
  }
  for (size_t i = 0; i < BENCH_MAX_SIZE; i++)
    src[i] = (unsigned char)(i * 2654435761u >> 24);
  memset(dst, 0, BENCH_MAX_SIZE);

  int rc = 1;
  struct egl_app egl = EGL_APP_INIT;
  struct gl_api gl;
  if (egl_app_setup(&egl, "mgl-bench", BENCH_SIZE, BENCH_SIZE, 0) && load_gl(&gl)) {
    const char *arm = arm_name();
    fprintf(stderr, "mgl-bench: arm=%s renderer=%s\n", arm,
            (const char *)glGetString(GL_RENDERER));
    if (opt.csv)
      printf("case,arm,value,unit\n");
    if (bench_draw(&gl, &opt, arm) && bench_upload(&gl, &opt, arm, src)) {
      bench_memcpy(&opt, arm, src, dst);
      rc = 0;
    }
  }
  egl_app_teardown(&egl);
  free(src);
  free(dst);
  return rc;
}
