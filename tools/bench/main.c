/*
 * mgl-bench: a headless OpenGL 3.3 core-profile benchmark over EGL + GL only,
 * so the same binary measures mgl on every MGL_TRANSPORT arm and backend, Mesa
 * llvmpipe and Zink; with --es the same calls on an OpenGL ES 3.0 context
 * (Mesa's native GLES, the peer of mgl's GLES backend).  Cases (one table row each; MB is 10^6 bytes):
 *
 *   draw overhead (modelled on piglit's drawoverhead): draws/s of a tiny
 *     triangle (a few pixels, so the rasterizer does not dominate) with no
 *     state change (arrays, elements; draw_elements_restart the elements with
 *     GL_PRIMITIVE_RESTART_FIXED_INDEX on) and with one state change per draw;
 *   streaming: glBufferSubData / glTexSubImage2D MB/s at several sizes, and
 *     draws/s when the drawn sub-range is rewritten before each draw;
 *   readback: glReadPixels latency of one pixel and MB/s of the surface;
 *   frame: mgl-demo's scene (tools/common/demo_scene.c, 48x48 cubes, one
 *     draw each) at the pbuffer's size, frames/s, eglSwapBuffers per frame;
 *   frame_1500: a voxel-game-like frame (tools/bench/chunk_frame.c: 1,536 draws over 384
 *     chunks' own small buffers, a uniform-block update per 16 draws, a few program and
 *     render-state switches), frames/s, eglSwapBuffers per frame;
 *   both frame cases add a row NAME_appcpu: the CPU time of the app's thread per frame (us,
 *     CLOCK_THREAD_CPUTIME_ID of the calling thread over the timed loop), which excludes
 *     inproc's apply thread, the spawn/tcp server and the driver's own threads;
 *   creation: MB/s of storage made without data and deleted again (a new
 *     texture of glTexImage2D NULL, a new buffer of glBufferData NULL: what
 *     zeroing new stores costs, docs/RELIABILITY.md);
 *   multi-draw-indirect: draws/s of glMultiDrawElementsIndirect calls of
 *     BENCH_MDI_DRAWS tiny-triangle commands each (GL_ARB_multi_draw_indirect;
 *     skipped, named, where the GL does not list it); multi_draw_indirect_restart the same
 *     with GL_PRIMITIVE_RESTART_FIXED_INDEX on (an indirect draw that restarts);
 *   mixed frames (mixed_frame, mixed_frame_direct): per step four draws and a compute
 *     dispatch, four draws and a glMultiDrawElementsIndirect of four commands (in
 *     mixed_frame_direct the same four as glDrawElements: after one indirect draw in the
 *     warm-up, no scope draws indirectly) and a 1-pixel glReadPixels: rendering scopes ended
 *     by a dispatch and a read back, what a scope of its own costs (skipped, named, without
 *     GL_ARB_compute_shader and GL_ARB_multi_draw_indirect);
 *   compute dispatch (dispatch, dispatch_read): per step one glDispatchCompute(1, 1, 1) of
 *     four invocations, each adding to its word of a 16-byte storage buffer that the next
 *     dispatch reads, with the glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT) that read needs:
 *     dispatches/s; dispatch_read also reads the four words back (glGetBufferSubData after
 *     GL_BUFFER_UPDATE_BARRIER_BIT), a GPGPU round trip, us per step like readpixels_1px.
 *     Both check the words after the loop (dispatch_read at every step too) and fail, named,
 *     where the GL computed anything else (skipped, named, without GL_ARB_compute_shader);
 *   first_draws (only where --case names it; issue 20's first-use stall): 16 programs never
 *     linked before in the process, linked (first_draws_link, ms) and each drawn once up to a
 *     glFinish (first_draws, ms: where mgl creates their pipelines); one figure a process, so
 *     cold or warm is the caches the process starts with (mgl's pipeline cache file,
 *     MGL_PIPELINE_CACHE_DIR; Mesa's disk cache, MESA_SHADER_CACHE_DISABLE);
 *   persistent streaming: stream_draw through a coherent persistent map
 *     (GL_ARB_buffer_storage) used as a ring of that many bytes: each draw's
 *     triangle is written into the next slot and drawn from there, no GL call
 *     between; a fence waited for at each wrap;
 *   memcpy MB/s of the upload sizes, as the physical limit.
 *
 * Each case warms up, ends a frame (eglSwapBuffers), runs its timed loop and
 * ends a second frame before its closing glFinish, so with MGL_PIPE_STATS=frame
 * the second MGL-PIPE-FRAME line of a `--case NAME` run is that case's steady
 * state.  `--warmup-only` stops after the warm-up; tools/bench/compare.sh
 * subtracts the two runs' MGL-GATES counters to get pipelines and render
 * passes created after warm-up.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include "chunk_frame.h"
#include "demo_scene.h"
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

#define BENCH_SIZE 256 /* pbuffer edge: the readback case reads it whole */
#define BENCH_WARMUP 64
#define BENCH_FRAME_WARMUP 4
#define BENCH_DEMO_GRID 48 /* mgl-demo's default */
#define BENCH_BATCH 64
#define BENCH_UNITS 8
#define BENCH_UNIFORMS 16
#define BENCH_TEX_MAX 1024
#define BENCH_BUF_MAX (4u << 20)
#define BENCH_STREAM_SIZE 4096 /* the buffer stream_draw and orphan_draw draw from */
#define BENCH_MDI_DRAWS 1000   /* commands per glMultiDrawElementsIndirect */

#define BENCH_GL_FUNCS(X)                                                                          \
   X(PFNGLACTIVETEXTUREPROC, ActiveTexture)                                                        \
   X(PFNGLGENBUFFERSPROC, GenBuffers)                                                              \
   X(PFNGLDELETEBUFFERSPROC, DeleteBuffers)                                                        \
   X(PFNGLBINDBUFFERPROC, BindBuffer)                                                              \
   X(PFNGLBINDBUFFERBASEPROC, BindBufferBase)                                                      \
   X(PFNGLBUFFERDATAPROC, BufferData)                                                              \
   X(PFNGLBUFFERSUBDATAPROC, BufferSubData)                                                        \
   X(PFNGLGENVERTEXARRAYSPROC, GenVertexArrays)                                                    \
   X(PFNGLDELETEVERTEXARRAYSPROC, DeleteVertexArrays)                                              \
   X(PFNGLBINDVERTEXARRAYPROC, BindVertexArray)                                                    \
   X(PFNGLVERTEXATTRIBPOINTERPROC, VertexAttribPointer)                                            \
   X(PFNGLENABLEVERTEXATTRIBARRAYPROC, EnableVertexAttribArray)                                    \
   X(PFNGLCREATESHADERPROC, CreateShader)                                                          \
   X(PFNGLDELETESHADERPROC, DeleteShader)                                                          \
   X(PFNGLSHADERSOURCEPROC, ShaderSource)                                                          \
   X(PFNGLCOMPILESHADERPROC, CompileShader)                                                        \
   X(PFNGLGETSHADERIVPROC, GetShaderiv)                                                            \
   X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog)                                                  \
   X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                                        \
   X(PFNGLDELETEPROGRAMPROC, DeleteProgram)                                                        \
   X(PFNGLATTACHSHADERPROC, AttachShader)                                                          \
   X(PFNGLLINKPROGRAMPROC, LinkProgram)                                                            \
   X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                                          \
   X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)                                                \
   X(PFNGLUSEPROGRAMPROC, UseProgram)                                                              \
   X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation)                                              \
   X(PFNGLGETUNIFORMBLOCKINDEXPROC, GetUniformBlockIndex)                                          \
   X(PFNGLUNIFORMBLOCKBINDINGPROC, UniformBlockBinding)                                            \
   X(PFNGLUNIFORM1IPROC, Uniform1i)                                                                \
   X(PFNGLUNIFORM4FPROC, Uniform4f)                                                                \
   X(PFNGLGETSTRINGIPROC, GetStringi)                                                              \
   X(PFNGLMULTIDRAWELEMENTSINDIRECTPROC, MultiDrawElementsIndirect)                                \
   X(PFNGLBUFFERSTORAGEPROC, BufferStorage)                                                        \
   X(PFNGLMAPBUFFERRANGEPROC, MapBufferRange)                                                      \
   X(PFNGLFENCESYNCPROC, FenceSync)                                                                \
   X(PFNGLCLIENTWAITSYNCPROC, ClientWaitSync)                                                      \
   X(PFNGLDELETESYNCPROC, DeleteSync)

struct gl_api {
#define BENCH_GL_MEMBER(type, name) type name;
   BENCH_GL_FUNCS(BENCH_GL_MEMBER)
#undef BENCH_GL_MEMBER
};

struct options {
   double seconds;
   bool csv;
   bool warmup_only;
   bool es; /* --es: an OpenGL ES 3.0 context (the native-GLES peer of the GLES backend) */
   bool transport_only;
   const char *only;    /* one case name, or NULL for all */
   unsigned steps;      /* --steps: this many timed steps instead of --seconds */
   unsigned warm_steps; /* --warm-steps: steps run after the warm-up's frame, not timed */
   bool loose_block;    /* MGL_BENCH_LOOSE_BLOCK=1: vs_loose_src instead of vs_src */
};

/* GL objects every case shares. */
struct bench {
   struct gl_api gl;
   struct egl_app egl;
   const struct options *opt;
   const char *arm;
   GLuint programs[2];
   GLint loc_u[2][BENCH_UNIFORMS];
   GLuint vao;
   GLuint vbos[2];
   GLuint ibo;
   GLuint ubos[2];
   GLuint loose_ubo;        /* MGL_BENCH_LOOSE_BLOCK's Loose block (0: none) */
   GLuint stream_buf;       /* drawn from by stream_draw */
   GLuint upload_buf;       /* never drawn from: upload_* measures the transfer alone */
   GLuint mdi_buf;          /* BENCH_MDI_DRAWS indirect commands (0: the GL has no MDI) */
   GLuint cs_program;       /* the mixed cases' compute step (0: no GL_ARB_compute_shader) */
   GLuint cs_buf;           /* the storage buffer it writes */
   GLuint dispatch_program; /* the dispatch cases' (0 where cs_program is) */
   GLuint dispatch_buf;     /* its four words */
   uint32_t dispatched;     /* dispatches into dispatch_buf since the case zeroed it */
   uint32_t read_wrong;     /* dispatch_read: the first step whose read-back was wrong, + 1 */
   PFNGLDISPATCHCOMPUTEPROC DispatchCompute;
   PFNGLMEMORYBARRIERPROC MemoryBarrier;
   PFNGLGETBUFFERSUBDATAPROC GetBufferSubData;
   bool has_storage;   /* GL_ARB_buffer_storage listed */
   GLuint persist_buf; /* the persistent_draw case's ring, while it runs */
   float *persist_map;
   GLuint textures[BENCH_UNITS][2];
   GLuint big_texture;
   struct demo_scene *scene;   /* the frame case's, while it runs */
   struct chunk_frame *chunks; /* frame_1500's, while it runs */
   unsigned char *src;
   unsigned char *dst;
};

static void
fail(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fputs("mgl-bench: ", stderr);
   vfprintf(stderr, fmt, ap);
   fputc('\n', stderr);
   va_end(ap);
}

static bool
gl_check(const char *where)
{
   bool ok = true;
   for (int i = 0; i < 16; i++) {
      GLenum err = glGetError();
      if (err == GL_NO_ERROR)
         break;
      fail("GL error after %s: 0x%04x", where, (unsigned)err);
      ok = false;
   }
   /* A lost context's timings measure nothing: the case fails. */
   if (egl_app_context_lost("mgl-bench"))
      ok = false;
   return ok;
}

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the calling thread (the app's): on inproc the apply thread's and on spawn and
 * tcp the server's work are not in it, on monolith the backend's is, with the driver's work
 * where the driver runs it on the calling thread. */
static double
thread_cpu_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool
load_gl(struct gl_api *gl)
{
#define BENCH_GL_LOAD(type, name)                                                                  \
   gl->name = (type)eglGetProcAddress("gl" #name);                                                 \
   if (gl->name == NULL) {                                                                         \
      fail("eglGetProcAddress(\"gl" #name "\") returned NULL");                                    \
      return false;                                                                                \
   }
   BENCH_GL_FUNCS(BENCH_GL_LOAD)
#undef BENCH_GL_LOAD
   return true;
}

/* mgl's GL_RENDERER starts with "mgl" and ends with the arm in use (so an unset
 * MGL_TRANSPORT reports mgl's default arm); anything else is named by its renderer, with
 * "-es" on an OpenGL ES context (--es). */
static const char *
arm_name(bool es)
{
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   if (renderer == NULL || strncmp(renderer, "mgl", 3) != 0) {
      if (renderer != NULL && strstr(renderer, "zink") != NULL)
         return es ? "zink-es" : "zink";
      return es ? "mesa-es" : "mesa";
   }
   const char *t = getenv("MGL_TRANSPORT");
   if (t != NULL && strncmp(t, "tcp://", 6) == 0)
      return "tcp"; /* the arm, not the server's address */
   if (t != NULL && *t != '\0')
      return t;
   const char *last = strrchr(renderer, ' ');
   return last != NULL ? last + 1 : renderer;
}

static void
report(const struct bench *b, const char *name, double value, const char *unit)
{
   if (b->opt->csv)
      printf("%s,%s,%.2f,%s\n", name, b->arm, value, unit);
   else
      printf("%-22s %-10s %14.2f %s\n", name, b->arm, value, unit);
   fflush(stdout);
}

/* ------------------------------------------------------------------ */
/* Shared objects                                                      */

/* One program for every draw case: a vertex attribute, a uniform block, 16
 * loose vec4 uniforms and eight samplers, so a change of any of them is a
 * change of state the draw really consumes. */
static const char *vs_src = "layout(location = 0) in vec2 pos;\n"
                            "uniform vec4 u[16];\n"
                            "layout(std140) uniform Block { vec4 b; };\n"
                            "out vec2 uv;\n"
                            "void main() {\n"
                            "  vec4 s = b;\n"
                            "  for (int i = 0; i < 16; i++) s += u[i];\n"
                            "  gl_Position = vec4(pos + s.xy * 1e-4, 0.0, 1.0);\n"
                            "  uv = pos;\n"
                            "}\n";
/* MGL_BENCH_LOOSE_BLOCK=1: vs_src with its 16 loose uniforms declared as a uniform block of
 * their own (Loose, binding 1, a zeroed buffer; the glUniform* cases then set nothing): on
 * native GLES the vertex stage then reads two uniform blocks, as the GLES backend's
 * translation of vs_src does (the default block is a host uniform block there). */
static const char *vs_loose_src = "layout(location = 0) in vec2 pos;\n"
                                  "layout(std140) uniform Loose { vec4 u[16]; };\n"
                                  "layout(std140) uniform Block { vec4 b; };\n"
                                  "out vec2 uv;\n"
                                  "void main() {\n"
                                  "  vec4 s = b;\n"
                                  "  for (int i = 0; i < 16; i++) s += u[i];\n"
                                  "  gl_Position = vec4(pos + s.xy * 1e-4, 0.0, 1.0);\n"
                                  "  uv = pos;\n"
                                  "}\n";
static const char *fs_src_fmt =
   "in vec2 uv;\n"
   "uniform sampler2D t0, t1, t2, t3, t4, t5, t6, t7;\n"
   "out vec4 color;\n"
   "void main() {\n"
   "  color = (texture(t0, uv) + texture(t1, uv) + texture(t2, uv) + texture(t3, uv) +\n"
   "           texture(t4, uv) + texture(t5, uv) + texture(t6, uv) + texture(t7, uv)) *\n"
   "          0.125 * vec4(%s);\n"
   "}\n";

static GLuint
compile(const struct gl_api *gl, GLenum type, const char *src)
{
   GLuint sh = gl->CreateShader(type);
   const char *srcs[2] = {demo_glsl_header(), src};
   gl->ShaderSource(sh, 2, srcs, NULL);
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

static GLuint
link_program(const struct gl_api *gl, const char *vs_text, const char *tint)
{
   char fs_src[1024];
   snprintf(fs_src, sizeof fs_src, fs_src_fmt, tint);
   GLuint vs = compile(gl, GL_VERTEX_SHADER, vs_text);
   GLuint fs = compile(gl, GL_FRAGMENT_SHADER, fs_src);
   if (vs == 0 || fs == 0) {
      if (vs != 0)
         gl->DeleteShader(vs);
      if (fs != 0)
         gl->DeleteShader(fs);
      return 0;
   }
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
      return 0;
   }
   return prog;
}

/* A compute program of src, or 0 (named). */
static GLuint
compute_program(const struct gl_api *gl, const char *src)
{
   GLuint sh = gl->CreateShader(GL_COMPUTE_SHADER);
   gl->ShaderSource(sh, 1, &src, NULL);
   gl->CompileShader(sh);
   GLint ok = GL_FALSE;
   gl->GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      gl->GetShaderInfoLog(sh, sizeof log, NULL, log);
      fail("compute shader compile failed: %s", log);
      gl->DeleteShader(sh);
      return 0;
   }
   GLuint prog = gl->CreateProgram();
   gl->AttachShader(prog, sh);
   gl->LinkProgram(prog);
   gl->DeleteShader(sh);
   gl->GetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      fail("compute program link failed");
      gl->DeleteProgram(prog);
      return 0;
   }
   return prog;
}

/* The mixed cases' compute step: one invocation adding to a storage buffer; the dispatch
 * cases' program: four invocations, each adding its index + 1 to its word, so after n
 * dispatches word j holds n * (j + 1) (GLSL 4.30, which a GL listing GL_ARB_compute_shader on
 * a 4.3 context compiles). */
static bool
setup_compute(struct bench *b)
{
   const struct gl_api *gl = &b->gl;
   GLint major = 0, minor = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   b->DispatchCompute = (PFNGLDISPATCHCOMPUTEPROC)eglGetProcAddress("glDispatchCompute");
   b->MemoryBarrier = (PFNGLMEMORYBARRIERPROC)eglGetProcAddress("glMemoryBarrier");
   b->GetBufferSubData = (PFNGLGETBUFFERSUBDATAPROC)eglGetProcAddress("glGetBufferSubData");
   if (major * 10 + minor < 43 || !b->DispatchCompute || !b->MemoryBarrier || !b->GetBufferSubData)
      return true; /* the mixed and dispatch cases are skipped */
   static const char *cs_src = "#version 430 core\n"
                               "layout(local_size_x = 1) in;\n"
                               "layout(std430, binding = 0) buffer B { uint n[]; };\n"
                               "void main() { n[0] += 1u; }\n";
   static const char *dispatch_src =
      "#version 430 core\n"
      "layout(local_size_x = 4) in;\n"
      "layout(std430, binding = 0) buffer D { uint w[4]; };\n"
      "void main() { w[gl_LocalInvocationIndex] += gl_LocalInvocationIndex + 1u; }\n";
   b->cs_program = compute_program(gl, cs_src);
   b->dispatch_program = compute_program(gl, dispatch_src);
   if (!b->cs_program || !b->dispatch_program)
      return false;
   static const GLuint zero[4];
   gl->GenBuffers(1, &b->cs_buf);
   gl->BindBuffer(GL_SHADER_STORAGE_BUFFER, b->cs_buf);
   gl->BufferData(GL_SHADER_STORAGE_BUFFER, sizeof zero, zero, GL_DYNAMIC_DRAW);
   gl->GenBuffers(1, &b->dispatch_buf);
   gl->BindBuffer(GL_SHADER_STORAGE_BUFFER, b->dispatch_buf);
   gl->BufferData(GL_SHADER_STORAGE_BUFFER, sizeof zero, zero, GL_DYNAMIC_DRAW);
   return true;
}

static bool
bench_setup(struct bench *b)
{
   const struct gl_api *gl = &b->gl;
   static const char *const tints[2] = {"1.0, 0.5, 0.25, 1.0", "0.25, 0.5, 1.0, 1.0"};
   const bool loose = b->opt->loose_block;
   for (int p = 0; p < 2; p++) {
      b->programs[p] = link_program(gl, loose ? vs_loose_src : vs_src, tints[p]);
      if (b->programs[p] == 0)
         return false;
      gl->UseProgram(b->programs[p]);
      for (int i = 0; i < BENCH_UNIFORMS; i++) {
         char name[16];
         snprintf(name, sizeof name, "u[%d]", i);
         b->loc_u[p][i] = gl->GetUniformLocation(b->programs[p], name);
         gl->Uniform4f(b->loc_u[p][i], 0.0f, 0.0f, 0.0f, 0.0f);
      }
      for (int t = 0; t < BENCH_UNITS; t++) {
         char name[8];
         snprintf(name, sizeof name, "t%d", t);
         gl->Uniform1i(gl->GetUniformLocation(b->programs[p], name), t);
      }
      gl->UniformBlockBinding(b->programs[p], gl->GetUniformBlockIndex(b->programs[p], "Block"), 0);
      if (loose)
         gl->UniformBlockBinding(b->programs[p], gl->GetUniformBlockIndex(b->programs[p], "Loose"),
                                 1);
   }

   /* A triangle of a few pixels in the corner; the second buffer holds the same. */
   static const float tri[6] = {-0.95f, -0.95f, -0.93f, -0.95f, -0.95f, -0.93f};
   static const GLushort idx[3] = {0, 1, 2};
   gl->GenVertexArrays(1, &b->vao);
   gl->BindVertexArray(b->vao);
   gl->GenBuffers(2, b->vbos);
   for (int i = 0; i < 2; i++) {
      gl->BindBuffer(GL_ARRAY_BUFFER, b->vbos[i]);
      gl->BufferData(GL_ARRAY_BUFFER, sizeof tri, tri, GL_STATIC_DRAW);
   }
   gl->GenBuffers(1, &b->ibo);
   gl->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, b->ibo);
   gl->BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
   gl->BindBuffer(GL_ARRAY_BUFFER, b->vbos[0]);
   gl->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl->EnableVertexAttribArray(0);

   static const float block[2][4] = {{0.0f, 0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 0.0f}};
   gl->GenBuffers(2, b->ubos);
   for (int i = 0; i < 2; i++) {
      gl->BindBuffer(GL_UNIFORM_BUFFER, b->ubos[i]);
      gl->BufferData(GL_UNIFORM_BUFFER, sizeof block[i], block[i], GL_STATIC_DRAW);
   }
   gl->BindBufferBase(GL_UNIFORM_BUFFER, 0, b->ubos[0]);
   if (loose) {
      static const float zeros[BENCH_UNIFORMS][4];
      gl->GenBuffers(1, &b->loose_ubo);
      gl->BindBuffer(GL_UNIFORM_BUFFER, b->loose_ubo);
      gl->BufferData(GL_UNIFORM_BUFFER, sizeof zeros, zeros, GL_STATIC_DRAW);
      gl->BindBufferBase(GL_UNIFORM_BUFFER, 1, b->loose_ubo);
   }

   gl->GenBuffers(1, &b->stream_buf);
   gl->BindBuffer(GL_ARRAY_BUFFER, b->stream_buf);
   gl->BufferData(GL_ARRAY_BUFFER, BENCH_STREAM_SIZE, NULL, GL_STREAM_DRAW);
   gl->GenBuffers(1, &b->upload_buf);
   gl->BindBuffer(GL_COPY_WRITE_BUFFER, b->upload_buf);
   gl->BufferData(GL_COPY_WRITE_BUFFER, BENCH_BUF_MAX, NULL, GL_DYNAMIC_DRAW);

   GLint n_ext = 0;
   bool has_cs = false;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n_ext);
   for (GLint i = 0; i < n_ext; i++) {
      const char *e = (const char *)gl->GetStringi(GL_EXTENSIONS, (GLuint)i);
      if (e && !strcmp(e, "GL_ARB_buffer_storage"))
         b->has_storage = true;
      if (e && !strcmp(e, "GL_ARB_compute_shader"))
         has_cs = true;
      if (e && !strcmp(e, "GL_ARB_multi_draw_indirect") && !b->mdi_buf) {
         /* {count 3, one instance, first index 0, base vertex 0, base instance 0} each */
         static GLuint cmds[BENCH_MDI_DRAWS][5];
         for (int d = 0; d < BENCH_MDI_DRAWS; d++)
            cmds[d][0] = 3, cmds[d][1] = 1;
         gl->GenBuffers(1, &b->mdi_buf);
         gl->BindBuffer(GL_DRAW_INDIRECT_BUFFER, b->mdi_buf);
         gl->BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof cmds, cmds, GL_STATIC_DRAW);
      }
   }

   if (has_cs && !setup_compute(b))
      return false;

   unsigned char texel[2][4 * 4 * 4];
   memset(texel[0], 0xff, sizeof texel[0]);
   memset(texel[1], 0x80, sizeof texel[1]);
   for (int t = 0; t < BENCH_UNITS; t++) {
      glGenTextures(2, b->textures[t]);
      for (int k = 0; k < 2; k++) {
         glBindTexture(GL_TEXTURE_2D, b->textures[t][k]);
         glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel[k]);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      }
   }
   glGenTextures(1, &b->big_texture);
   glBindTexture(GL_TEXTURE_2D, b->big_texture);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, BENCH_TEX_MAX, BENCH_TEX_MAX, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   return gl_check("setup");
}

/* Back to the state every case starts from. */
static void
bench_reset(struct bench *b)
{
   const struct gl_api *gl = &b->gl;
   gl->UseProgram(b->programs[0]);
   gl->BindVertexArray(b->vao);
   gl->BindBuffer(GL_ARRAY_BUFFER, b->vbos[0]);
   gl->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl->BindBufferBase(GL_UNIFORM_BUFFER, 0, b->ubos[0]);
   for (int t = BENCH_UNITS - 1; t >= 0; t--) {
      gl->ActiveTexture(GL_TEXTURE0 + (GLenum)t);
      glBindTexture(GL_TEXTURE_2D, b->textures[t][0]);
   }
   glViewport(0, 0, BENCH_SIZE, BENCH_SIZE);
   glScissor(0, 0, BENCH_SIZE, BENCH_SIZE);
   glDisable(GL_SCISSOR_TEST);
   glDisable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glDisable(GL_DEPTH_TEST);
   glDepthFunc(GL_LEQUAL);
   glDisable(GL_CULL_FACE);
   glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

/* ------------------------------------------------------------------ */
/* Cases                                                               */

enum case_kind {
   K_ARRAYS,
   K_ELEMENTS,
   K_ELEMENTS_RESTART,
   K_LOOP_ARRAYS,
   K_LOOP_ELEMENTS,
   K_ATTRIB,
   K_PROGRAM,
   K_TEX1,
   K_TEX8,
   K_UBO,
   K_UNIFORM_FEW,
   K_UNIFORM_MANY,
   K_VIEWPORT,
   K_SCISSOR,
   K_BLEND_TOGGLE,
   K_DEPTH_TOGGLE,
   K_STREAM_DRAW,
   K_ORPHAN_DRAW,
   K_PERSIST_DRAW,
   K_UPLOAD,
   K_TEXSUB,
   K_TEXSUB_DRAW,
   K_READ_LATENCY,
   K_READ_BANDWIDTH,
   K_FRAME,
   K_MEMCPY,
   K_TEX_CREATE,
   K_BUF_CREATE,
   K_TEX_CREATE_DATA,
   K_BUF_CREATE_DATA,
   K_MULTI_DRAW_INDIRECT,
   K_MDI_RESTART,
   K_CHUNK_FRAME,
   K_MIXED,
   K_MIXED_DIRECT,
   K_DISPATCH,
   K_DISPATCH_READ,
   K_FIRST_DRAWS,
};

struct bench_case {
   const char *name;
   enum case_kind kind;
   size_t size;    /* bytes (upload, memcpy) or texture edge (texsub) */
   bool transport; /* in the `transport` subset (tools/bench/transport.sh) */
};

static const struct bench_case cases[] = {
   {"draw_arrays", K_ARRAYS, 0, true},
   {"draw_elements", K_ELEMENTS, 0, false},
   {"draw_elements_restart", K_ELEMENTS_RESTART, 0, false},
   {"line_loop_arrays", K_LOOP_ARRAYS, 0, false},
   {"line_loop_elements", K_LOOP_ELEMENTS, 0, false},
   {"attrib_change", K_ATTRIB, 0, false},
   {"program_change", K_PROGRAM, 0, false},
   {"texture1_change", K_TEX1, 0, false},
   {"texture8_change", K_TEX8, 0, false},
   {"ubo_change", K_UBO, 0, false},
   {"uniform_few_change", K_UNIFORM_FEW, 0, false},
   {"uniform_many_change", K_UNIFORM_MANY, 0, false},
   {"viewport_change", K_VIEWPORT, 0, false},
   {"scissor_change", K_SCISSOR, 0, false},
   {"blend_toggle", K_BLEND_TOGGLE, 0, false},
   {"depth_toggle", K_DEPTH_TOGGLE, 0, false},
   {"stream_draw", K_STREAM_DRAW, 0, false},
   {"orphan_draw", K_ORPHAN_DRAW, 0, false},
   {"upload_4KiB", K_UPLOAD, 4u << 10, false},
   {"upload_64KiB", K_UPLOAD, 64u << 10, true},
   {"upload_1MiB", K_UPLOAD, 1u << 20, true},
   {"upload_4MiB", K_UPLOAD, 4u << 20, true},
   {"texsub_16KiB", K_TEXSUB, 64, false},
   {"texsub_256KiB", K_TEXSUB, 256, false},
   {"texsub_4MiB", K_TEXSUB, 1024, false},
   {"texsub_draw_256KiB", K_TEXSUB_DRAW, 256, false},
   {"readpixels_1px", K_READ_LATENCY, 0, false},
   {"readpixels_256KiB", K_READ_BANDWIDTH, 0, false},
   {"demo_frame", K_FRAME, 0, false},
   {"frame_1500", K_CHUNK_FRAME, 0, false},
   {"memcpy_64KiB", K_MEMCPY, 64u << 10, true},
   {"memcpy_256KiB", K_MEMCPY, 256u << 10, true},
   {"memcpy_1MiB", K_MEMCPY, 1u << 20, true},
   {"memcpy_4MiB", K_MEMCPY, 4u << 20, true},
   {"texcreate_256KiB", K_TEX_CREATE, 256, false},
   {"texcreate_4MiB", K_TEX_CREATE, 1024, false},
   {"bufcreate_64KiB", K_BUF_CREATE, 64u << 10, false},
   {"bufcreate_4MiB", K_BUF_CREATE, 4u << 20, false},
   {"texcreate_data_1MiB", K_TEX_CREATE_DATA, 512, false},
   {"bufcreate_data_1MiB", K_BUF_CREATE_DATA, 1u << 20, false},
   {"multi_draw_indirect", K_MULTI_DRAW_INDIRECT, 0, false},
   {"multi_draw_indirect_restart", K_MDI_RESTART, 0, false},
   {"mixed_frame", K_MIXED, 0, false},
   {"mixed_frame_direct", K_MIXED_DIRECT, 0, false},
   {"persistent_draw_64KiB", K_PERSIST_DRAW, 64u << 10, false},
   {"persistent_draw_4MiB", K_PERSIST_DRAW, 4u << 20, false},
   {"dispatch", K_DISPATCH, 0, false},
   {"dispatch_read", K_DISPATCH_READ, 0, false},
   {"first_draws", K_FIRST_DRAWS, 16, false}, /* only where --case names it */
};
#define BENCH_NCASES (sizeof cases / sizeof cases[0])

/* One iteration of a case; returns the draws (or transfers) it made. */
static inline unsigned
case_step(struct bench *b, const struct bench_case *c, unsigned i)
{
   const struct gl_api *gl = &b->gl;
   unsigned k = i & 1;
   switch (c->kind) {
   case K_ARRAYS: glDrawArrays(GL_TRIANGLES, 0, 3); return 1;
   case K_ELEMENTS:
   case K_ELEMENTS_RESTART: glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL); return 1;
   /* Vulkan has no loop: the draw is rewritten into a line strip */
   case K_LOOP_ARRAYS: glDrawArrays(GL_LINE_LOOP, 0, 3); return 1;
   case K_LOOP_ELEMENTS: glDrawElements(GL_LINE_LOOP, 3, GL_UNSIGNED_SHORT, NULL); return 1;
   case K_ATTRIB:
      gl->BindBuffer(GL_ARRAY_BUFFER, b->vbos[k]);
      gl->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 1;
   case K_PROGRAM:
      gl->UseProgram(b->programs[k]);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 1;
   case K_TEX1:
      glBindTexture(GL_TEXTURE_2D, b->textures[0][k]); /* unit 0 is active */
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 1;
   case K_TEX8:
      for (int t = BENCH_UNITS - 1; t >= 0; t--) {
         gl->ActiveTexture(GL_TEXTURE0 + (GLenum)t);
         glBindTexture(GL_TEXTURE_2D, b->textures[t][k]);
      }
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 1;
   case K_UBO:
      gl->BindBufferBase(GL_UNIFORM_BUFFER, 0, b->ubos[k]);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 1;
   case K_UNIFORM_FEW:
      gl->Uniform4f(b->loc_u[0][0], (float)k, 0.0f, 0.0f, 0.0f);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 1;
   case K_UNIFORM_MANY:
      for (int u = 0; u < BENCH_UNIFORMS; u++)
         gl->Uniform4f(b->loc_u[0][u], (float)k, (float)u, 0.0f, 0.0f);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 1;
   case K_VIEWPORT:
      glViewport(0, 0, BENCH_SIZE - (GLsizei)k, BENCH_SIZE - (GLsizei)k);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 1;
   case K_SCISSOR:
      glScissor(0, 0, BENCH_SIZE - (GLsizei)k, BENCH_SIZE - (GLsizei)k);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 1;
   case K_BLEND_TOGGLE:
   case K_DEPTH_TOGGLE: {
      GLenum cap = c->kind == K_BLEND_TOGGLE ? GL_BLEND : GL_DEPTH_TEST;
      glEnable(cap);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glDisable(cap);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 2;
   }
   case K_STREAM_DRAW: {
      /* The drawn range is rewritten before each draw: the previous draw may
       * still be reading it. */
      float tri[6] = {-0.95f, -0.95f, -0.93f + 0.001f * (float)k, -0.95f, -0.95f, -0.93f};
      gl->BufferSubData(GL_ARRAY_BUFFER, 0, sizeof tri, tri);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 1;
   }
   case K_ORPHAN_DRAW: {
      /* stream_draw's update after the streaming idiom: the store is orphaned first
       * (glBufferData without data), so the update never waits for the draw before it */
      float tri[6] = {-0.95f, -0.95f, -0.93f + 0.001f * (float)k, -0.95f, -0.95f, -0.93f};
      gl->BufferData(GL_ARRAY_BUFFER, BENCH_STREAM_SIZE, NULL, GL_STREAM_DRAW);
      gl->BufferSubData(GL_ARRAY_BUFFER, 0, sizeof tri, tri);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 1;
   }
   case K_PERSIST_DRAW: {
      /* stream_draw's triangle in the ring's next slot; at a wrap the app must know the
       * previous lap's draws are done before it writes over them */
      const unsigned slots = (unsigned)(c->size / (6 * sizeof(float))), slot = i % slots;
      if (slot == 0 && i) {
         GLsync f = gl->FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
         gl->ClientWaitSync(f, GL_SYNC_FLUSH_COMMANDS_BIT, GL_TIMEOUT_IGNORED);
         gl->DeleteSync(f);
      }
      float *tri = b->persist_map + 6 * slot;
      tri[0] = -0.95f, tri[1] = -0.95f, tri[2] = -0.93f + 0.001f * (float)k;
      tri[3] = -0.95f, tri[4] = -0.95f, tri[5] = -0.93f;
      glDrawArrays(GL_TRIANGLES, (GLint)(3 * slot), 3);
      return 1;
   }
   case K_UPLOAD:
      gl->BufferSubData(GL_COPY_WRITE_BUFFER, 0, (GLsizeiptr)c->size, b->src + k);
      return 1;
   case K_TEXSUB:
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, (GLsizei)c->size, (GLsizei)c->size, GL_RGBA,
                      GL_UNSIGNED_BYTE, b->src + 4 * k);
      return 1;
   case K_TEXSUB_DRAW: /* the draw samples unit 0: each upload is sent, none coalesced */
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, (GLsizei)c->size, (GLsizei)c->size, GL_RGBA,
                      GL_UNSIGNED_BYTE, b->src + 4 * k);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      return 1;
   case K_TEX_CREATE: /* a new texture each time: GL may keep a respecified one's store */
   case K_TEX_CREATE_DATA: {
      GLuint t;
      glGenTextures(1, &t);
      glBindTexture(GL_TEXTURE_2D, t);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, (GLsizei)c->size, (GLsizei)c->size, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, c->kind == K_TEX_CREATE_DATA ? b->src + 4 * k : NULL);
      glDeleteTextures(1, &t);
      return 1;
   }
   case K_BUF_CREATE:
   case K_BUF_CREATE_DATA: {
      GLuint buf;
      gl->GenBuffers(1, &buf);
      gl->BindBuffer(GL_COPY_WRITE_BUFFER, buf);
      gl->BufferData(GL_COPY_WRITE_BUFFER, (GLsizeiptr)c->size,
                     c->kind == K_BUF_CREATE_DATA ? b->src + k : NULL, GL_STATIC_DRAW);
      gl->DeleteBuffers(1, &buf);
      return 1;
   }
   case K_READ_LATENCY:
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, b->dst);
      return 1;
   case K_READ_BANDWIDTH:
      glReadPixels(0, 0, BENCH_SIZE, BENCH_SIZE, GL_RGBA, GL_UNSIGNED_BYTE, b->dst);
      return 1;
   case K_MULTI_DRAW_INDIRECT:
   case K_MDI_RESTART:
      gl->MultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL, BENCH_MDI_DRAWS, 0);
      return BENCH_MDI_DRAWS;
   case K_MIXED:
   case K_MIXED_DIRECT:
      for (int d = 0; d < 4; d++)
         glDrawArrays(GL_TRIANGLES, 0, 3);
      gl->UseProgram(b->cs_program);
      b->DispatchCompute(1, 1, 1);
      gl->UseProgram(b->programs[0]);
      for (int d = 0; d < 4; d++)
         glDrawArrays(GL_TRIANGLES, 0, 3);
      if (c->kind == K_MIXED)
         gl->MultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL, 4, 0);
      else
         for (int d = 0; d < 4; d++)
            glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
      glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, b->dst);
      return 12;
   case K_DISPATCH:
      /* the next dispatch reads what this one wrote */
      b->DispatchCompute(1, 1, 1);
      b->MemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      b->dispatched++;
      return 1;
   case K_DISPATCH_READ: {
      /* ... and the client reads it too: a round trip */
      b->DispatchCompute(1, 1, 1);
      b->MemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
      GLuint w[4];
      b->GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof w, w);
      b->dispatched++;
      for (GLuint j = 0; j < 4; j++)
         if (w[j] != b->dispatched * (j + 1) && !b->read_wrong)
            b->read_wrong = b->dispatched;
      return 1;
   }
   case K_FRAME:
      demo_scene_draw_frame(b->scene, (int)i);
      eglSwapBuffers(b->egl.display, b->egl.surface);
      return 1;
   case K_CHUNK_FRAME:
      chunk_frame_draw(b->chunks, (int)i);
      eglSwapBuffers(b->egl.display, b->egl.surface);
      return 1;
   case K_MEMCPY:
      memcpy(b->dst, b->src + k, c->size);
      __asm__ volatile("" : : "r"(b->dst) : "memory"); /* keep the copy */
      return 1;
   case K_FIRST_DRAWS: return 0; /* no steps: run_first_draws */
   }
   return 0;
}

/* A timed step. tools/bench/callgrind.sh's STEP_ONLY=1 counts inside this function alone, so
 * the warm-up (case_step directly) stays out of the count: the host's shader compiles at the
 * first draws (and a disk shader cache that holds them for one run and not the other) made
 * two runs' difference come out at minus a compile per step. */
static __attribute__((noinline)) unsigned
step(struct bench *b, const struct bench_case *c, unsigned i)
{
   return case_step(b, c, i);
}

/* Whether name is one of list's comma-separated names. */
static bool
case_listed(const char *list, const char *name)
{
   const size_t len = strlen(name);
   for (const char *n = list; *n;) {
      const size_t l = strcspn(n, ",");
      if (l == len && !strncmp(n, name, len))
         return true;
      n += l + (n[l] == ',');
   }
   return false;
}

static bool
case_prepare(struct bench *b, const struct bench_case *c)
{
   const struct gl_api *gl = &b->gl;
   bench_reset(b);
   switch (c->kind) {
   case K_SCISSOR: glEnable(GL_SCISSOR_TEST); break;
   case K_STREAM_DRAW:
   case K_ORPHAN_DRAW:
      gl->BindBuffer(GL_ARRAY_BUFFER, b->stream_buf);
      gl->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
      break;
   case K_TEXSUB:
   case K_TEXSUB_DRAW:
      glBindTexture(GL_TEXTURE_2D, b->big_texture); /* unit 0 is active */
      break;
   case K_FRAME:
      b->scene = demo_scene_create(BENCH_SIZE, BENCH_SIZE, BENCH_DEMO_GRID);
      return b->scene != NULL;
   case K_CHUNK_FRAME: b->chunks = chunk_frame_create(); return b->chunks != NULL;
   case K_MULTI_DRAW_INDIRECT: gl->BindBuffer(GL_DRAW_INDIRECT_BUFFER, b->mdi_buf); break;
   case K_MDI_RESTART:
      gl->BindBuffer(GL_DRAW_INDIRECT_BUFFER, b->mdi_buf);
      glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
      break;
   case K_ELEMENTS_RESTART: glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX); break;
   case K_MIXED:
   case K_MIXED_DIRECT:
      gl->BindBuffer(GL_DRAW_INDIRECT_BUFFER, b->mdi_buf);
      gl->BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b->cs_buf);
      /* the screen has drawn indirectly (what sec35's split keys on) */
      gl->MultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL, 1, 0);
      break;
   case K_DISPATCH:
   case K_DISPATCH_READ: {
      static const GLuint zero[4];
      gl->UseProgram(b->dispatch_program);
      gl->BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b->dispatch_buf);
      b->MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT); /* an earlier case's writes, then ours */
      gl->BufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof zero, zero);
      b->dispatched = 0;
      b->read_wrong = 0;
      break;
   }
   case K_PERSIST_DRAW: {
      const GLbitfield bits = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
      gl->GenBuffers(1, &b->persist_buf);
      gl->BindBuffer(GL_ARRAY_BUFFER, b->persist_buf);
      gl->BufferStorage(GL_ARRAY_BUFFER, (GLsizeiptr)c->size, NULL, bits);
      b->persist_map = gl->MapBufferRange(GL_ARRAY_BUFFER, 0, (GLsizeiptr)c->size, bits);
      gl->VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
      if (!b->persist_map)
         fail("%s: glMapBufferRange(WRITE | PERSISTENT | COHERENT) returned NULL", c->name);
      return b->persist_map != NULL;
   }
   default: break;
   }
   return true;
}

/* What case_prepare made for one case alone, deleted (a persistent map left in place would
 * be scanned at every later draw on mgl). */
static void
case_finish(struct bench *b)
{
   if (!b->persist_buf)
      return;
   b->gl.DeleteBuffers(1, &b->persist_buf);
   b->persist_buf = 0;
   b->persist_map = NULL;
}

/* After the timed loop: whether what the case computed is right (a rate of wrong results
 * measures nothing). */
static bool
case_verify(struct bench *b, const struct bench_case *c)
{
   if (c->kind != K_DISPATCH && c->kind != K_DISPATCH_READ)
      return true;
   if (b->read_wrong) {
      fail("%s: wrong result: the read-back after dispatch %u is not what it computed", c->name,
           b->read_wrong);
      return false;
   }
   GLuint w[4] = {0};
   b->MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   b->GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof w, w);
   for (GLuint j = 0; j < 4; j++) {
      if (w[j] != b->dispatched * (j + 1)) {
         fail("%s: wrong result: word %u is %u after %u dispatches (want %u)", c->name, j, w[j],
              b->dispatched, b->dispatched * (j + 1));
         return false;
      }
   }
   return true;
}

static double
case_value(const struct bench_case *c, uint64_t n, double secs, const char **unit)
{
   switch (c->kind) {
   case K_UPLOAD:
   case K_BUF_CREATE:
   case K_BUF_CREATE_DATA:
   case K_MEMCPY: *unit = "MB/s"; return (double)n * (double)c->size / secs / 1e6;
   case K_TEXSUB:
   case K_TEXSUB_DRAW:
   case K_TEX_CREATE:
   case K_TEX_CREATE_DATA:
      *unit = "MB/s";
      return (double)n * (double)(c->size * c->size * 4) / secs / 1e6;
   case K_READ_BANDWIDTH:
      *unit = "MB/s";
      return (double)n * (double)(BENCH_SIZE * BENCH_SIZE * 4) / secs / 1e6;
   case K_FRAME:
   case K_CHUNK_FRAME: *unit = "frames/s"; return (double)n / secs;
   case K_READ_LATENCY:
   case K_DISPATCH_READ: *unit = "us"; return secs / (double)n * 1e6;
   case K_DISPATCH: *unit = "dispatches/s"; return (double)n / secs;
   default: *unit = "draws/s"; return (double)n / secs;
   }
}

/* first_draws (issue 20, the first-use stall): c->size programs no earlier run of this case
 * linked in this process, each drawn once. Two figures, ms: linking them
 * (first_draws_link), and their first draws up to the glFinish (first_draws: mgl creates each
 * pipeline there). Run it in a fresh process, cold or with a pipeline cache from an earlier
 * run (mgl's MGL_PIPELINE_CACHE_DIR, Mesa's disk cache). */
static bool
run_first_draws(struct bench *b, const struct bench_case *c)
{
   const struct gl_api *gl = &b->gl;
   GLuint progs[64] = {0};
   const unsigned n = c->size < 64 ? (unsigned)c->size : 64;
   bench_reset(b);
   glDrawArrays(GL_TRIANGLES, 0, 3); /* the compiler's own start, outside the figure */
   glFinish();
   const double t0 = now_s();
   bool ok = true;
   for (unsigned i = 0; i < n && ok; i++) {
      char tint[64];
      snprintf(tint, sizeof tint, "1.0, %u.0 / 64.0, 0.5, 1.0", i + 1);
      progs[i] = link_program(gl, vs_src, tint);
      ok = progs[i] != 0;
   }
   const double t1 = now_s();
   for (unsigned i = 0; i < n && ok; i++) {
      gl->UseProgram(progs[i]);
      glDrawArrays(GL_TRIANGLES, 0, 3);
   }
   glFinish();
   const double t2 = now_s();
   ok = gl_check(c->name) && ok;
   gl->UseProgram(b->programs[0]);
   for (unsigned i = 0; i < n; i++)
      if (progs[i])
         gl->DeleteProgram(progs[i]);
   if (ok && !b->opt->warmup_only) {
      char name[64];
      snprintf(name, sizeof name, "%s_link", c->name);
      report(b, name, (t1 - t0) * 1e3, "ms");
      report(b, c->name, (t2 - t1) * 1e3, "ms");
   }
   return ok;
}

/* Not inlined: tools/bench/callgrind.sh's ONE_PROCESS=1 dumps the profile after each call. */
static __attribute__((noinline)) bool
run_case(struct bench *b, const struct bench_case *c)
{
   if (c->kind == K_FIRST_DRAWS)
      return run_first_draws(b, c);
   if ((c->kind == K_MULTI_DRAW_INDIRECT || c->kind == K_MDI_RESTART) && !b->mdi_buf) {
      fprintf(stderr, "mgl-bench: %s skipped: no GL_ARB_multi_draw_indirect\n", c->name);
      return true;
   }
   if ((c->kind == K_MIXED || c->kind == K_MIXED_DIRECT) && (!b->mdi_buf || !b->cs_program)) {
      fprintf(stderr,
              "mgl-bench: %s skipped: no GL_ARB_compute_shader or no "
              "GL_ARB_multi_draw_indirect\n",
              c->name);
      return true;
   }
   if ((c->kind == K_DISPATCH || c->kind == K_DISPATCH_READ) && !b->dispatch_program) {
      fprintf(stderr, "mgl-bench: %s skipped: no GL_ARB_compute_shader\n", c->name);
      return true;
   }
   if (c->kind == K_PERSIST_DRAW && !b->has_storage) {
      fprintf(stderr, "mgl-bench: %s skipped: no GL_ARB_buffer_storage\n", c->name);
      return true;
   }
   if (!case_prepare(b, c)) {
      case_finish(b);
      return false;
   }
   unsigned i = 0;
   const bool frame = c->kind == K_FRAME || c->kind == K_CHUNK_FRAME;
   for (unsigned w = frame ? BENCH_FRAME_WARMUP : BENCH_WARMUP; i < w; i++)
      case_step(b, c, i);
   glFinish();
   bool ok = gl_check(c->name);
   /* Frame boundary: with MGL_PIPE_STATS=frame the next frame line is the steady state. */
   eglSwapBuffers(b->egl.display, b->egl.surface);
   /* The new frame's first step goes the whole way (and mallocs what the frame holds): outside
    * step(), STEP_ONLY counts only the steady steps after it. */
   for (unsigned w = 0; !b->opt->warmup_only && w < b->opt->warm_steps; w++, i++)
      case_step(b, c, i);
   uint64_t n = 0;
   double t0 = now_s(), t1 = t0, cpu0 = thread_cpu_s();
   if (!b->opt->warmup_only && b->opt->steps) {
      /* a fixed count: two counts' difference under callgrind is the cost of one step */
      for (unsigned j = 0; j < b->opt->steps; j++, i++)
         n += step(b, c, i);
   } else if (!b->opt->warmup_only) {
      do {
         for (unsigned j = 0; j < BENCH_BATCH; j++, i++)
            n += step(b, c, i);
         t1 = now_s();
      } while (t1 - t0 < b->opt->seconds);
   }
   eglSwapBuffers(b->egl.display, b->egl.surface);
   glFinish();
   t1 = now_s();
   const double cpu = thread_cpu_s() - cpu0;
   ok = case_verify(b, c) && ok;
   ok = gl_check(c->name) && ok;
   demo_scene_destroy(b->scene);
   b->scene = NULL;
   chunk_frame_destroy(b->chunks);
   b->chunks = NULL;
   case_finish(b);
   if (ok && !b->opt->warmup_only) {
      const char *unit = "";
      double v = case_value(c, n, t1 - t0, &unit);
      report(b, c->name, v, unit);
      if (frame && n > 0) {
         char name[64];
         snprintf(name, sizeof name, "%s_appcpu", c->name);
         report(b, name, cpu / (double)n * 1e6, "us");
      }
   }
   return ok;
}

static void
bench_teardown(struct bench *b)
{
   const struct gl_api *gl = &b->gl;
   gl->UseProgram(0);
   gl->BindVertexArray(0);
   for (int p = 0; p < 2; p++)
      if (b->programs[p] != 0)
         gl->DeleteProgram(b->programs[p]);
   gl->DeleteVertexArrays(1, &b->vao);
   gl->DeleteBuffers(2, b->vbos);
   gl->DeleteBuffers(2, b->ubos);
   if (b->loose_ubo)
      gl->DeleteBuffers(1, &b->loose_ubo);
   gl->DeleteBuffers(1, &b->ibo);
   gl->DeleteBuffers(1, &b->stream_buf);
   gl->DeleteBuffers(1, &b->upload_buf);
   if (b->mdi_buf)
      gl->DeleteBuffers(1, &b->mdi_buf);
   if (b->cs_program)
      gl->DeleteProgram(b->cs_program);
   if (b->cs_buf)
      gl->DeleteBuffers(1, &b->cs_buf);
   if (b->dispatch_program)
      gl->DeleteProgram(b->dispatch_program);
   if (b->dispatch_buf)
      gl->DeleteBuffers(1, &b->dispatch_buf);
   for (int t = 0; t < BENCH_UNITS; t++)
      glDeleteTextures(2, b->textures[t]);
   glDeleteTextures(1, &b->big_texture);
}

/* ------------------------------------------------------------------ */
/* Command line                                                        */

static void
print_usage(FILE *f)
{
   fputs("usage: mgl-bench [transport] [--case NAME] [--seconds S | --steps N] [--warmup-only]\n"
         "                 [--warm-steps N] [--csv] [--es]\n"
         "       mgl-bench --list\n"
         "Runs the cases (one row each) on the GL the environment selects: mgl on any\n"
         "MGL_TRANSPORT arm, Mesa llvmpipe or Zink.  `transport` runs only the subset\n"
         "tools/bench/transport.sh tabulates.  With MGL_PIPE_STATS=frame, each case ends\n"
         "a frame after its warm-up and another after its timed loop (demo_frame and\n"
         "frame_1500 end one per frame and add a row NAME_appcpu: the app thread's CPU\n"
         "time per frame, us).  With MGL_BENCH_LOOSE_BLOCK=1 the program's 16 loose\n"
         "uniforms are a uniform block of their own (binding 1; glUniform* set nothing).\n"
         "\n"
         "  --case NAME     run only case NAME, or the cases of a comma-separated list\n"
         "                  of names, in the table's order (see --list)\n"
         "  --seconds S     timed length of each case (default 1)\n"
         "  --steps N       time exactly N steps of each case instead (instruction counts:\n"
         "                  the difference of two counts under callgrind is per step)\n"
         "  --warm-steps N  after the warm-up's frame, run N steps before the timed loop,\n"
         "                  untimed and outside step() (callgrind.sh: the new frame's first\n"
         "                  step, which goes the whole way, out of STEP_ONLY's count)\n"
         "  --warmup-only   run each case's set-up and warm-up, not its timed loop\n"
         "  --csv           print CSV (case,arm,value,unit)\n"
         "  --es            an OpenGL ES 3.0 context instead of OpenGL 3.3 core (the same\n"
         "                  calls; GLSL ES 3.00): Mesa's native GLES, the GLES backend's peer\n"
         "  --list          print the case names and exit\n"
         "  --help          show this help and exit\n"
         "\n"
         "Exit status: 0 on success, 1 on an EGL/GL failure, 2 on bad usage.\n",
         f);
}

static int
parse_options(int argc, char **argv, struct options *opt)
{
   for (int i = 1; i < argc; i++) {
      if (strcmp(argv[i], "transport") == 0 && i == 1) {
         opt->transport_only = true;
      } else if (strcmp(argv[i], "--csv") == 0) {
         opt->csv = true;
      } else if (strcmp(argv[i], "--es") == 0) {
         opt->es = true;
      } else if (strcmp(argv[i], "--warmup-only") == 0) {
         opt->warmup_only = true;
      } else if (strcmp(argv[i], "--case") == 0 && i + 1 < argc) {
         opt->only = argv[++i];
         /* every name of the comma-separated list is a case */
         for (const char *n = opt->only; *n;) {
            const size_t len = strcspn(n, ",");
            bool known = false;
            for (size_t c = 0; c < BENCH_NCASES; c++)
               known = known || (strlen(cases[c].name) == len && !strncmp(cases[c].name, n, len));
            if (!known) {
               fail("unknown case '%.*s' (see --list)", (int)len, n);
               return 2;
            }
            n += len + (n[len] == ',');
         }
      } else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
         char *end = NULL;
         errno = 0;
         double v = strtod(argv[++i], &end);
         if (errno != 0 || end == argv[i] || *end != '\0' || !(v > 0.0 && v <= 3600.0)) {
            fail("--seconds wants a number in (0, 3600], got '%s'", argv[i]);
            return 2;
         }
         opt->seconds = v;
      } else if (strcmp(argv[i], "--steps") == 0 && i + 1 < argc) {
         char *end = NULL;
         errno = 0;
         unsigned long v = strtoul(argv[++i], &end, 10);
         if (errno != 0 || end == argv[i] || *end != '\0' || v == 0 || v > 100000000ul) {
            fail("--steps wants a count in [1, 100000000], got '%s'", argv[i]);
            return 2;
         }
         opt->steps = (unsigned)v;
      } else if (strcmp(argv[i], "--warm-steps") == 0 && i + 1 < argc) {
         char *end = NULL;
         errno = 0;
         unsigned long v = strtoul(argv[++i], &end, 10);
         if (errno != 0 || end == argv[i] || *end != '\0' || v > 1000ul) {
            fail("--warm-steps wants a count in [0, 1000], got '%s'", argv[i]);
            return 2;
         }
         opt->warm_steps = (unsigned)v;
      } else if (strcmp(argv[i], "--list") == 0) {
         for (size_t c = 0; c < BENCH_NCASES; c++)
            printf("%s\n", cases[c].name);
         return -1;
      } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
         print_usage(stdout);
         return -1;
      } else {
         fail("unknown option '%s'", argv[i]);
         print_usage(stderr);
         return 2;
      }
   }
   return 0;
}

int
main(int argc, char **argv)
{
   struct options opt = {.seconds = 1.0};
   int parsed = parse_options(argc, argv, &opt);
   if (parsed != 0)
      return parsed < 0 ? 0 : parsed;
   const char *loose = getenv("MGL_BENCH_LOOSE_BLOCK");
   opt.loose_block = loose != NULL && strcmp(loose, "1") == 0;

   static struct bench b;
   b.opt = &opt;
   b.egl = (struct egl_app)EGL_APP_INIT;
   /* Sources of any case; texsub reads up to BENCH_TEX_MAX^2 texels plus the odd offset. */
   size_t src_size = (size_t)BENCH_TEX_MAX * BENCH_TEX_MAX * 4 + 8;
   b.src = malloc(src_size);
   b.dst = malloc(BENCH_BUF_MAX);
   int rc = 1;
   if (b.src == NULL || b.dst == NULL) {
      fail("out of memory");
      goto out;
   }
   for (size_t i = 0; i < src_size; i++)
      b.src[i] = (unsigned char)(i * 2654435761u >> 24);
   memset(b.dst, 0, BENCH_BUF_MAX);

   struct egl_app_options eo = EGL_APP_OPTIONS(BENCH_SIZE, BENCH_SIZE, 24);
   eo.es = opt.es ? 3 : 0;
   if (!egl_app_open(&b.egl, "mgl-bench", &eo) || !load_gl(&b.gl))
      goto out;
   b.arm = arm_name(opt.es);
   fprintf(stderr, "mgl-bench: arm=%s renderer=%s\n", b.arm,
           (const char *)glGetString(GL_RENDERER));
   if (!bench_setup(&b))
      goto out;
   if (opt.csv)
      printf("case,arm,value,unit\n");
   rc = 0;
   for (size_t c = 0; c < BENCH_NCASES && rc == 0; c++) {
      if (opt.only != NULL
             ? !case_listed(opt.only, cases[c].name)
             : (cases[c].kind == K_FIRST_DRAWS || (opt.transport_only && !cases[c].transport)))
         continue;
      if (!run_case(&b, &cases[c]))
         rc = 1;
   }
   bench_teardown(&b);
out:
   egl_app_teardown(&b.egl);
   free(b.src);
   free(b.dst);
   return rc;
}
