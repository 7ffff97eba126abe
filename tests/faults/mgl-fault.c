/*
 * mgl-fault: what an ordinary EGL/GL program sees when mgl's server is slow, dies, closes the
 * connection or fails its session (the faults lane, tests/faults/). Every mode prints what it
 * checked and exits 0 only if the program saw what the contract promises.
 *
 *   mgl-fault lost [--wait FIFO] [--swap] [--at-once] [--upload KIB]   frame 1 is drawn and
 *       checked; (after FIFO) frame 2 is recorded, swapped (--swap), finished and read back
 *       while the fault happens; the context must be lost: glGetError says GL_CONTEXT_LOST,
 *       glGetGraphicsResetStatus reports a reset, glFinish and glReadPixels return, later GL
 *       calls are harmless; then (after FIFO again) a NEW context (a new server) must render
 *       frame 3 correctly.
 *   mgl-fault stall  --wait FIFO               frame 1; after FIFO, frame 2 while the server is
 *       stopped: the program blocks, and when the server continues frame 2 is right, with no
 *       error and no reset. Prints waited_ms (how long glReadPixels took).
 *   mgl-fault frames N [--wait FIFO]           N frames, each checked (FIFO after the first).
 *   mgl-fault fence-poll                       frame 1 with a fence, glFinish, eglSwapBuffers;
 *       then 1000 polls of GL_SYNC_STATUS and glClientWaitSync(timeout 0), and eglSwapBuffers
 *       again: run with MGL_PIPE_STATS=frame, that last frame's line must say round_trips=0
 *       (the answers come from delivered events). Prints the poll results.
 *   mgl-fault refused                          eglCreateContext must fail (e.g. a wrong token):
 *       prints the EGL error.
 *   mgl-fault decline                          one draw the server declines (GL_LINE_SMOOTH
 *       lines on a server without smoothLines), glFinish: no GL error, no reset.
 *   mgl-fault rogue KIND HOST:PORT             not a GL program: a hand-written tcp client
 *       that misbehaves after (or instead of) a proper hello, then prints what the server
 *       answered. KIND: garbage | bad-call | truncated-record | span-out-of-bounds |
 *       stale-context | truncated-frame | bad-frame-size | oversize-frame, and the decoding
 *       attacks of issue 17: tail-count (a tail count whose byte size is 0 in 32 bits) |
 *       pack-size (a read_pixels answer past 2^64 bytes) | upload-wrap (a texture upload
 *       region whose source offset wraps to before its data). Exit 0 when the server refused
 *       or failed the session with a Fatal (printed), 1 otherwise.
 *       wrong-token: the refusal must come without the server's pid (exit 0 when so).
 *       unread-events: a context, then fences with a waited flush each (each one an event for
 *       the client) sent without ever reading, until the server has taken no byte for 2 s;
 *       the server's VmRSS (MGL_FAULT_SERVER_PID) must have grown less than 16 MiB; prints
 *       "HOLDING" and keeps the connection open until its stdin ends (exit 0 when so).
 *       large-frames: two 24 MiB frames inside the stage size; the server's VmRSS
 *       (MGL_FAULT_SERVER_PID) after them, while the session lives, must be within 12 MiB of
 *       before (exit 0 when so; prints both).
 *   mgl-fault idle HOST:PORT N HOLD_S            opens N connections that never send a hello,
 *       prints "HOLDING", and waits up to HOLD_S seconds for the server to close every one.
 *       Exit 0 when it closed them all (prints how many and how fast), 1 otherwise.
 *   mgl-fault alloc MIB COUNT                   COUNT buffers of MIB MiB (glBufferData without
 *       data), glFinish; prints the reset status and glGetError (always exit 0).
 *   mgl-fault event-flood N [--lost]            frame 1, then N fences (glFenceSync, glFlush)
 *       kept alive and never asked about, then glFinish. Without --lost: the context lives,
 *       every fence reads signalled and frame 2 renders. With --lost (the client is made to
 *       leave the server's events untaken): the context is lost (GL_CONTEXT_LOST, a reset)
 *       and a new context renders frame 3.
 *   mgl-fault staging-oom                       (the server run with MGL_TEST_VK_STAGING_MAX=4m)
 *   mgl-fault descriptor-oom                    (MGL_TEST_VK_FAIL_DESCRIPTOR_POOL=1)
 *       frame 1; a 1024x1024 RGBA texture with data (4 MiB: one staging slice larger than the
 *       server may have), glFlush: glGetError says GL_OUT_OF_MEMORY; the same for
 *       glTexSubImage2D of it; then no reset, frame 2 renders right, and a 256x256 texture's
 *       upload (small slices) gives no error.
 *   mgl-fault exit-busy DRAWS [--terminate-at-exit] [--no-sync] [--draw-at-exit] [--linger-ms N]
 *       DRAWS slow screen-sized draws, glFlush,
 *       and the program returns from main at once (no glFinish, no eglTerminate): exit runs
 *       while the GPU work is in flight. --terminate-at-exit: an atexit handler registered
 *       before any GL call ends the display (eglTerminate) during exit. Exit 0 when the draws
 *       raised no GL error. --no-sync: no glGetError either (which waits for the server to
 *       apply what was sent): on inproc the apply thread may still be linking and drawing for
 *       the first time as exit begins. --linger-ms N: sleeps N ms before returning, so exit
 *       begins while the driver may be compiling the first draw.
 *   mgl-fault leak-fill                          textures (glTexImage2D with data), renderbuffers
 *       and pbuffers (cleared) and buffers (glBufferData with data) of several sizes, all filled
 *       with one 32-bit pattern, then deleted (the session ends after).
 *   mgl-fault leak-probe [--self]                the same shapes made without data (textures
 *       and renderbuffers read through a framebuffer, never cleared; buffers by
 *       glGetBufferSubData and read maps; new pbuffers and this context's first default
 *       framebuffer before any clear): prints the pattern's words found per kind, and fails if
 *       any (another session's bytes, or with --self: leak-fill first in the same context,
 *       whose own default framebuffer it cleared is then not read).
 *   mgl-fault silent-server                      listens on a free loopback port (prints
 *       "listening on PORT"), accepts, and never answers; ends after 60 s.
 *   mgl-fault full-server                        listens on a free loopback port with its
 *       backlog filled (prints "listening on PORT"): a connect gets no answer; ends after 60 s.
 *
 * --at-once (lost): the first GL call after FIFO must already say GL_CONTEXT_LOST (the server
 * died while the program was idle).
 * --no-notify (lost): the contexts are created without a reset notification strategy, so
 * NO_RESET_NOTIFICATION: after the loss glGetError never says GL_CONTEXT_LOST and
 * glGetGraphicsResetStatus always GL_NO_ERROR, and every call still returns.
 * --hang (lost): frame 2 is a draw no device finishes (the server's watchdog loses it).
 * --then-refused (lost): the server refuses the new context after the loss (its cap on hung
 * devices): eglCreateContext must fail.
 * --fence-wait (lost): frame 2 ends in glFenceSync + glClientWaitSync(FLUSH, 50 s) instead of
 * going straight to glFinish: the wait must return GL_WAIT_FAILED well before its timeout.
 * --leak-fd PATH: first of all, open PATH without O_CLOEXEC (a descriptor a careless app
 * leaves open, which no child server may inherit).
 * --upload KIB: frame 2 uploads six KIB-sized buffers right after its swap, before any draw
 * (to fill a small stage segment).
 * --wait FIFO: print "READY" on stdout, then block reading a line from FIFO (the test script
 * does its harm in between, then writes the line).
 *
 * Exit: 0 as promised, 1 not as promised, 2 setup error.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include "egl_app.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "pipe_codec.h"
#include "pipe_pack.h"
#include "pipe_stream.h"

#define W 64
#define H 64

#define GL_FUNCS(X)                                                                                \
   X(PFNGLGENBUFFERSPROC, GenBuffers)                                                              \
   X(PFNGLBINDBUFFERPROC, BindBuffer)                                                              \
   X(PFNGLBUFFERDATAPROC, BufferData)                                                              \
   X(PFNGLGENVERTEXARRAYSPROC, GenVertexArrays)                                                    \
   X(PFNGLBINDVERTEXARRAYPROC, BindVertexArray)                                                    \
   X(PFNGLVERTEXATTRIBPOINTERPROC, VertexAttribPointer)                                            \
   X(PFNGLENABLEVERTEXATTRIBARRAYPROC, EnableVertexAttribArray)                                    \
   X(PFNGLCREATESHADERPROC, CreateShader)                                                          \
   X(PFNGLSHADERSOURCEPROC, ShaderSource)                                                          \
   X(PFNGLCOMPILESHADERPROC, CompileShader)                                                        \
   X(PFNGLGETSHADERIVPROC, GetShaderiv)                                                            \
   X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                                        \
   X(PFNGLATTACHSHADERPROC, AttachShader)                                                          \
   X(PFNGLLINKPROGRAMPROC, LinkProgram)                                                            \
   X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                                          \
   X(PFNGLUSEPROGRAMPROC, UseProgram)                                                              \
   X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation)                                              \
   X(PFNGLUNIFORM4FPROC, Uniform4f)                                                                \
   X(PFNGLUNIFORM1IPROC, Uniform1i)                                                                \
   X(PFNGLGETGRAPHICSRESETSTATUSPROC, GetGraphicsResetStatus)                                      \
   X(PFNGLFENCESYNCPROC, FenceSync)                                                                \
   X(PFNGLCLIENTWAITSYNCPROC, ClientWaitSync)                                                      \
   X(PFNGLGETSYNCIVPROC, GetSynciv)                                                                \
   X(PFNGLGENQUERIESPROC, GenQueries)                                                              \
   X(PFNGLBEGINQUERYPROC, BeginQuery)                                                              \
   X(PFNGLENDQUERYPROC, EndQuery)                                                                  \
   X(PFNGLGETQUERYOBJECTUIVPROC, GetQueryObjectuiv)                                                \
   X(PFNGLGETQUERYOBJECTUI64VPROC, GetQueryObjectui64v)                                            \
   X(PFNGLGETQUERYIVPROC, GetQueryiv)                                                              \
   X(PFNGLQUERYCOUNTERPROC, QueryCounter)                                                          \
   X(PFNGLGETBUFFERSUBDATAPROC, GetBufferSubData)                                                  \
   X(PFNGLMAPBUFFERRANGEPROC, MapBufferRange)                                                      \
   X(PFNGLUNMAPBUFFERPROC, UnmapBuffer)                                                            \
   X(PFNGLBUFFERSUBDATAPROC, BufferSubData)                                                        \
   X(PFNGLBINDBUFFERBASEPROC, BindBufferBase)                                                      \
   X(PFNGLTRANSFORMFEEDBACKVARYINGSPROC, TransformFeedbackVaryings)                                \
   X(PFNGLBEGINTRANSFORMFEEDBACKPROC, BeginTransformFeedback)                                      \
   X(PFNGLENDTRANSFORMFEEDBACKPROC, EndTransformFeedback)                                          \
   X(PFNGLGETINTEGER64VPROC, GetInteger64v)                                                        \
   X(PFNGLDRAWARRAYSINSTANCEDPROC, DrawArraysInstanced)                                            \
   X(PFNGLDELETEBUFFERSPROC, DeleteBuffers)                                                        \
   X(PFNGLGENFRAMEBUFFERSPROC, GenFramebuffers)                                                    \
   X(PFNGLBINDFRAMEBUFFERPROC, BindFramebuffer)                                                    \
   X(PFNGLDELETEFRAMEBUFFERSPROC, DeleteFramebuffers)                                              \
   X(PFNGLFRAMEBUFFERTEXTURE2DPROC, FramebufferTexture2D)                                          \
   X(PFNGLFRAMEBUFFERRENDERBUFFERPROC, FramebufferRenderbuffer)                                    \
   X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, CheckFramebufferStatus)                                      \
   X(PFNGLGENRENDERBUFFERSPROC, GenRenderbuffers)                                                  \
   X(PFNGLBINDRENDERBUFFERPROC, BindRenderbuffer)                                                  \
   X(PFNGLDELETERENDERBUFFERSPROC, DeleteRenderbuffers)                                            \
   X(PFNGLRENDERBUFFERSTORAGEPROC, RenderbufferStorage)                                            \
   X(PFNGLBLITFRAMEBUFFERPROC, BlitFramebuffer)                                                    \
   X(PFNGLCOPYBUFFERSUBDATAPROC, CopyBufferSubData)                                                \
   X(PFNGLDELETEPROGRAMPROC, DeleteProgram)                                                        \
   X(PFNGLDELETEVERTEXARRAYSPROC, DeleteVertexArrays)

static struct {
#define X(type, name) type name;
   GL_FUNCS(X)
#undef X
} gl;

static int failures;
static bool hang;         /* lost --hang: the loss comes from this program's own endless draw */
static bool then_refused; /* lost --then-refused: the server refuses the new context */

static void
die_setup(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fprintf(stderr, "mgl-fault: SETUP ERROR: ");
   vfprintf(stderr, fmt, ap);
   fputc('\n', stderr);
   va_end(ap);
   exit(2);
}

static void
expect(bool ok, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   printf("%s: ", ok ? "ok" : "FAIL");
   vprintf(fmt, ap);
   putchar('\n');
   va_end(ap);
   if (!ok)
      failures++;
}

static double
now_ms(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static const char *
gl_error_name(GLenum e)
{
   switch (e) {
   case GL_NO_ERROR: return "GL_NO_ERROR";
   case GL_CONTEXT_LOST: return "GL_CONTEXT_LOST";
   case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
   case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
   case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
   case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
   case GL_GUILTY_CONTEXT_RESET: return "GL_GUILTY_CONTEXT_RESET";
   case GL_INNOCENT_CONTEXT_RESET: return "GL_INNOCENT_CONTEXT_RESET";
   case GL_UNKNOWN_CONTEXT_RESET: return "GL_UNKNOWN_CONTEXT_RESET";
   default: return "?";
   }
}

/* glGetError must say want at this point: "ok: WHAT: glGetError NAME (want NAME)". */
static void
expect_error(GLenum want, const char *what)
{
   const GLenum e = glGetError();
   expect(e == want, "%s: glGetError %s (want %s)", what, gl_error_name(e), gl_error_name(want));
}

/* ---- EGL ------------------------------------------------------------------------------------ */

static struct egl_app app = EGL_APP_INIT;
static EGLDisplay dpy;
static EGLConfig cfg;
static EGLSurface surf;

/* The display, config and pbuffer come from egl_app; the contexts are this program's own
 * (context_create: robust with a reset strategy, or none with --no-notify; new ones after a
 * loss). */
static void
egl_setup(void)
{
   const struct egl_app_options opt = {W, H, 0, 0, false, 0, true, false, true};
   if (!egl_app_open(&app, "mgl-fault", &opt))
      die_setup("no surfaceless EGL display, RGBA8 pbuffer config or pbuffer (see above)");
   dpy = app.display;
   cfg = app.config;
   surf = app.surface;
}

static bool no_notify; /* --no-notify: the default strategy, NO_RESET_NOTIFICATION */

/* A robust 3.3 core context that is lost on reset (EGL_EXT_create_context_robustness), or with
 * --no-notify one that names no strategy (so NO_RESET_NOTIFICATION). */
static EGLContext
context_create(void)
{
   const EGLint attr[] = {EGL_CONTEXT_MAJOR_VERSION,
                          3,
                          EGL_CONTEXT_MINOR_VERSION,
                          3,
                          EGL_CONTEXT_OPENGL_PROFILE_MASK,
                          EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                          EGL_CONTEXT_OPENGL_ROBUST_ACCESS,
                          EGL_TRUE,
                          no_notify ? EGL_NONE : EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
                          EGL_LOSE_CONTEXT_ON_RESET,
                          EGL_NONE};
   return eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, attr);
}

static void
make_current(EGLContext ctx)
{
   if (!eglMakeCurrent(dpy, surf, surf, ctx))
      die_setup("eglMakeCurrent failed (0x%x)", eglGetError());
#define X(type, name)                                                                              \
   gl.name = (type)eglGetProcAddress("gl" #name);                                                  \
   if (!gl.name)                                                                                   \
      die_setup("no gl" #name);
   GL_FUNCS(X)
#undef X
}

/* What most modes begin with: the display, and a context of their own made current (a failure
 * is a set-up failure). */
static EGLContext
session_open(void)
{
   egl_setup();
   EGLContext ctx = context_create();
   if (ctx == EGL_NO_CONTEXT)
      die_setup("eglCreateContext failed (0x%x)", eglGetError());
   make_current(ctx);
   return ctx;
}

/* Ends what session_open began; the mode's exit status (1 after a failed expectation). */
static int
session_close(EGLContext ctx)
{
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   return failures ? 1 : 0;
}

/* ---- one frame: a clear and a quad, checked in every pixel ----------------------------------- */

struct scene {
   GLuint prog, vao, vbo, scratch;
   GLint u_color;
};

static unsigned upload_kib; /* --upload KIB: each frame also uploads two blobs this big */

static GLuint
compile(GLenum type, const char *src)
{
   GLuint sh = gl.CreateShader(type);
   gl.ShaderSource(sh, 1, &src, NULL);
   gl.CompileShader(sh);
   GLint ok = 0;
   gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok)
      die_setup("shader did not compile");
   return sh;
}

static void
scene_init(struct scene *s)
{
   static const char *vs = "#version 330 core\n"
                           "layout(location = 0) in vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   static const char *fs = "#version 330 core\n"
                           "uniform vec4 u_color;\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = u_color; }\n";
   s->prog = gl.CreateProgram();
   gl.AttachShader(s->prog, compile(GL_VERTEX_SHADER, vs));
   gl.AttachShader(s->prog, compile(GL_FRAGMENT_SHADER, fs));
   gl.LinkProgram(s->prog);
   GLint ok = 0;
   gl.GetProgramiv(s->prog, GL_LINK_STATUS, &ok);
   if (!ok)
      die_setup("program did not link");
   s->u_color = gl.GetUniformLocation(s->prog, "u_color");
   gl.GenBuffers(1, &s->scratch);
   gl.GenVertexArrays(1, &s->vao);
   gl.BindVertexArray(s->vao);
   gl.GenBuffers(1, &s->vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, s->vbo);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   glViewport(0, 0, W, H);
}

/* Frame k: background and quad colours and the quad's place depend on k. */
static void
frame_colors(int k, uint8_t bg[4], uint8_t fg[4], int rect[4])
{
   const uint8_t palette[6][4] = {{51, 102, 153, 255}, {204, 51, 0, 255},  {0, 153, 51, 255},
                                  {255, 204, 51, 255}, {102, 0, 204, 255}, {153, 153, 153, 255}};
   memcpy(bg, palette[k % 6], 4);
   memcpy(fg, palette[(k + 3) % 6], 4);
   rect[0] = 8 + (k * 4) % 16;
   rect[1] = 8 + (k * 8) % 16;
   rect[2] = rect[0] + 32;
   rect[3] = rect[1] + 24;
}

/* --upload: `count` buffer uploads in a row, no verb between them (so nothing looks at the
 * session's state until the stage segment is full). */
static void
upload_burst(struct scene *s, int count)
{
   static uint8_t blob[1 << 20];
   size_t n = (size_t)upload_kib << 10 < sizeof(blob) ? (size_t)upload_kib << 10 : sizeof(blob);
   for (int i = 0; i < count && n; i++) {
      memset(blob, i, n);
      gl.BindBuffer(GL_ARRAY_BUFFER, s->scratch);
      gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)n, blob, GL_STREAM_DRAW);
   }
}

/* Records frame k (no wait): a clear and two triangles of a quad. */
static void
frame_record(struct scene *s, int k)
{
   uint8_t bg[4], fg[4];
   int r[4];
   frame_colors(k, bg, fg, r);
   glClearColor(bg[0] / 255.0f, bg[1] / 255.0f, bg[2] / 255.0f, bg[3] / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   const float v[12] = {(float)r[0], (float)r[1], (float)r[2], (float)r[1],
                        (float)r[2], (float)r[3], (float)r[0], (float)r[1],
                        (float)r[2], (float)r[3], (float)r[0], (float)r[3]};
   gl.UseProgram(s->prog);
   gl.Uniform4f(s->u_color, fg[0] / 255.0f, fg[1] / 255.0f, fg[2] / 255.0f, fg[3] / 255.0f);
   gl.BindVertexArray(s->vao);
   gl.BindBuffer(GL_ARRAY_BUFFER, s->vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glDrawArrays(GL_TRIANGLES, 3, 3);
}

/* Reads frame k back and counts the pixels that are not what it drew. */
static int
frame_check(int k, const uint8_t *px)
{
   uint8_t bg[4], fg[4];
   int r[4], wrong = 0;
   frame_colors(k, bg, fg, r);
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         bool in = x >= r[0] && x < r[2] && y >= r[1] && y < r[3];
         const uint8_t *want = in ? fg : bg;
         if (memcmp(px + 4 * (y * W + x), want, 4)) {
            if (!wrong)
               printf("  frame %d: pixel (%d,%d) is %u,%u,%u,%u, expected %u,%u,%u,%u\n", k, x, y,
                      px[4 * (y * W + x)], px[4 * (y * W + x) + 1], px[4 * (y * W + x) + 2],
                      px[4 * (y * W + x) + 3], want[0], want[1], want[2], want[3]);
            wrong++;
         }
      }
   }
   return wrong;
}

static bool
frame_draw_and_check(struct scene *s, int k)
{
   static uint8_t px[W * H * 4];
   frame_record(s, k);
   memset(px, 0, sizeof(px));
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   GLenum e = glGetError();
   int wrong = frame_check(k, px);
   expect(e == GL_NO_ERROR && wrong == 0, "frame %d: %d wrong pixels, glGetError %s", k, wrong,
          gl_error_name(e));
   return e == GL_NO_ERROR && wrong == 0;
}

/* After a loss: a new context renders frame 3 with no reset (each step an expectation); false
 * when no context could be made. */
static bool
new_context_renders(void)
{
   EGLContext ctx = context_create();
   expect(ctx != EGL_NO_CONTEXT, "a new context after the loss (0x%x)", eglGetError());
   if (ctx == EGL_NO_CONTEXT)
      return false;
   make_current(ctx);
   struct scene s;
   scene_init(&s);
   const bool ok = frame_draw_and_check(&s, 3);
   const GLenum r = gl.GetGraphicsResetStatus();
   expect(ok && r == GL_NO_ERROR, "the new context renders (reset status %s)", gl_error_name(r));
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   return true;
}

static void
wait_fifo(const char *fifo)
{
   static int times;
   if (!fifo)
      return;
   printf("READY%s\n", times++ ? "-AGAIN" : "");
   fflush(stdout);
   /* An open can meet the previous writer still closing its end: then the read ends with
    * nothing, and the next open waits for the script's real line. */
   for (int tries = 0;; tries++) {
      FILE *f = fopen(fifo, "r");
      if (!f)
         die_setup("cannot open %s: %s", fifo, strerror(errno));
      char line[64];
      bool got = fgets(line, sizeof(line), f) != NULL;
      fclose(f);
      if (got)
         return;
      if (tries == 100)
         die_setup("nothing came from %s", fifo);
   }
}

/* The reset's attribution (KHR_robustness): this program's own endless work (--hang) is a
 * GUILTY reset; a loss it did not cause (the server killed, its device lost) is never GUILTY. */
static bool
reset_as_expected(GLenum r)
{
   if (hang)
      return r == GL_GUILTY_CONTEXT_RESET;
   return r == GL_UNKNOWN_CONTEXT_RESET || r == GL_INNOCENT_CONTEXT_RESET;
}

static const char *
reset_wanted(void)
{
   return hang ? "GL_GUILTY_CONTEXT_RESET" : "GL_UNKNOWN_ or GL_INNOCENT_CONTEXT_RESET";
}

/* ---- modes ---------------------------------------------------------------------------------- */

static int
mode_lost(const char *fifo, bool swap, bool at_once, bool fence_wait)
{
   EGLContext ctx = session_open();
   GLint strategy = 0;
   glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &strategy);
   expect(strategy == (no_notify ? GL_NO_RESET_NOTIFICATION : GL_LOSE_CONTEXT_ON_RESET),
          "GL_RESET_NOTIFICATION_STRATEGY is 0x%x", (unsigned)strategy);
   struct scene s;
   scene_init(&s);
   if (!frame_draw_and_check(&s, 1))
      return 1;
   wait_fifo(fifo);
   GLenum e, r;
   if (no_notify) {
      /* Lost all the same, but never told (GL 4.5 §2.3.2): no GL_CONTEXT_LOST, no reset. */
      frame_record(&s, 2);
      if (swap)
         eglSwapBuffers(dpy, surf);
      glFinish();
      static uint8_t npx[W * H * 4];
      glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, npx);
      expect(true, "glFinish and glReadPixels returned");
      e = glGetError();
      r = gl.GetGraphicsResetStatus();
      expect(e == GL_NO_ERROR && r == GL_NO_ERROR,
             "no reset notification: glGetError %s, glGetGraphicsResetStatus %s", gl_error_name(e),
             gl_error_name(r));
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glFinish();
      e = glGetError();
      r = gl.GetGraphicsResetStatus();
      expect(e == GL_NO_ERROR && r == GL_NO_ERROR,
             "still no notification after more calls: glGetError %s, reset status %s",
             gl_error_name(e), gl_error_name(r));
   }
   if (at_once && !no_notify) {
      /* The server died while this program did nothing: the very first question knows. */
      e = glGetError();
      expect(e == GL_CONTEXT_LOST, "glGetError says %s (want GL_CONTEXT_LOST) at once",
             gl_error_name(e));
      r = gl.GetGraphicsResetStatus();
      expect(reset_as_expected(r), "glGetGraphicsResetStatus says %s (want %s) at once",
             gl_error_name(r), reset_wanted());
   }

   /* Frame 2, while the server goes away. */
   double t0 = now_ms();
   frame_record(&s, 2);
   if (hang) /* a billion screen-sized triangles: GPU work that outlasts any watchdog */
      gl.DrawArraysInstanced(GL_TRIANGLES, 0, 3, 1 << 30);
   if (swap)
      eglSwapBuffers(dpy, surf);
   upload_burst(&s, 6);
   frame_record(&s, 2);
   if (fence_wait) {
      double tw = now_ms();
      GLsync f = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
      r = gl.ClientWaitSync(f, GL_SYNC_FLUSH_COMMANDS_BIT, 50000000000ull);
      double waited = now_ms() - tw;
      expect(r == GL_WAIT_FAILED && waited < 20000,
             "glClientWaitSync returned %s0x%04x after %.0f ms (want GL_WAIT_FAILED, before 50 s)",
             r == GL_WAIT_FAILED ? "GL_WAIT_FAILED " : "", (unsigned)r, waited);
   }
   glFinish();
   expect(true, "glFinish returned after %.0f ms", now_ms() - t0);
   static uint8_t px[W * H * 4];
   memset(px, 0xAB, sizeof(px));
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   expect(true, "glReadPixels returned");
   if (!at_once && !no_notify) {
      e = glGetError();
      expect(e == GL_CONTEXT_LOST, "glGetError says %s (want GL_CONTEXT_LOST)", gl_error_name(e));
      r = gl.GetGraphicsResetStatus();
      expect(reset_as_expected(r), "glGetGraphicsResetStatus says %s (want %s)", gl_error_name(r),
             reset_wanted());
   }

   /* Everything after is harmless and returns. */
   GLuint b = 0;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   gl.BufferData(GL_ARRAY_BUFFER, 1 << 20, NULL, GL_STATIC_DRAW);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   GLint vp[4] = {0};
   glGetIntegerv(GL_VIEWPORT, vp);
   glFlush();
   glFinish();
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   eglSwapBuffers(dpy, surf);
   /* Each verb on the lost context generated GL_CONTEXT_LOST (none without notification);
    * glGetError itself generates nothing, so a second one says GL_NO_ERROR. */
   e = glGetError();
   GLenum e2 = glGetError();
   GLenum want = no_notify ? GL_NO_ERROR : GL_CONTEXT_LOST;
   expect(e == want && e2 == GL_NO_ERROR,
          "GL calls on the lost context returned (then glGetError %s, again %s)", gl_error_name(e),
          gl_error_name(e2));

   /* A new context starts a new server and renders again (tcp: the script starts one first). */
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   wait_fifo(fifo);
   if (then_refused) {
      EGLContext ctx2 = context_create();
      EGLint err = eglGetError();
      expect(ctx2 == EGL_NO_CONTEXT, "the new context after the loss is refused (EGL 0x%x)", err);
      eglTerminate(dpy);
      return failures ? 1 : 0;
   }
   if (!new_context_renders())
      return 1;
   eglTerminate(dpy);
   return failures ? 1 : 0;
}

static int
mode_stall(const char *fifo)
{
   EGLContext ctx = session_open();
   struct scene s;
   scene_init(&s);
   if (!frame_draw_and_check(&s, 1))
      return 1;
   wait_fifo(fifo);
   double t0 = now_ms();
   bool ok = frame_draw_and_check(&s, 2);
   double waited = now_ms() - t0;
   printf("waited_ms=%.0f\n", waited);
   GLenum r = gl.GetGraphicsResetStatus();
   expect(ok && r == GL_NO_ERROR, "frame 2 right after the stall (reset status %s)",
          gl_error_name(r));
   ok = frame_draw_and_check(&s, 3);
   return session_close(ctx);
}

static int
mode_frames(int n, const char *fifo)
{
   EGLContext ctx = session_open();
   struct scene s;
   scene_init(&s);
   for (int k = 1; k <= n; k++) {
      frame_draw_and_check(&s, k);
      if (k == 1)
         wait_fifo(fifo);
   }
   GLenum r = gl.GetGraphicsResetStatus();
   expect(r == GL_NO_ERROR, "%d frames, reset status %s", n, gl_error_name(r));
   return session_close(ctx);
}

/* COUNT buffers of MIB MiB each (glBufferData, no data), then glFinish: prints whether the
 * context survived (the test sets the server's per-session memory cap around it). */
static int
mode_alloc(int mib, int count)
{
   EGLContext ctx = session_open();
   for (int i = 0; i < count; i++) {
      GLuint b;
      gl.GenBuffers(1, &b);
      gl.BindBuffer(GL_ARRAY_BUFFER, b);
      gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)mib << 20, NULL, GL_STATIC_DRAW);
   }
   glFinish();
   GLenum r = gl.GetGraphicsResetStatus();
   GLenum e = glGetError();
   printf("alloc: %d MiB in %d buffers: reset status %s, glGetError %s\n", mib * count, count,
          gl_error_name(r), gl_error_name(e));
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   return 0;
}

/* ---- exit-busy: the program ends with GPU work in flight ------------------------------------ */

/* DRAWS screen-sized draws of a slow fragment shader into a 512x512 renderbuffer, glFlush,
 * then the program returns from main with no glFinish, no eglTerminate: exit runs while the
 * driver still executes the work. The process must end with status 0 (fault.sh). */
static void
terminate_at_exit(void)
{
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(dpy);
}

/* --draw-at-exit: the program's own exit handler, registered before any GL, draws again (as a
 * program's cleanup may) after mgl's exit hook waited for the work in flight: the context is
 * lost by then, so nothing reaches the driver while its own exit handlers run. */
static void
draw_at_exit(void)
{
   for (int i = 0; i < 4; i++)
      glDrawArrays(GL_TRIANGLES, 0, 3);
   glFinish();
   const GLenum status = gl.GetGraphicsResetStatus();
   printf("draw-at-exit: reset status 0x%x (%s)\n", status,
          status == GL_NO_ERROR ? "the draws went to the driver" : "the context is lost");
}

static int
mode_exit_busy(int draws, bool terminate, bool no_sync, bool draw_late, int linger_ms)
{
   /* --terminate-at-exit: the program's own exit handler, registered before any GL, ends the
    * display (it then runs after every handler registered later, the driver's among them). */
   if (terminate && atexit(terminate_at_exit))
      die_setup("atexit failed");
   if (draw_late && atexit(draw_at_exit))
      die_setup("atexit failed");
   session_open();
   static const char *vs = "#version 330 core\n"
                           "layout(location = 0) in vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
   static const char *fs = "#version 330 core\n"
                           "uniform int u_n;\n"
                           "out vec4 o_color;\n"
                           "void main() {\n"
                           "   vec4 a = vec4(0.0);\n"
                           "   for (int i = 0; i < u_n; i++)\n"
                           "      a += sin(gl_FragCoord.xyxy * float(i));\n"
                           "   o_color = a;\n"
                           "}\n";
   GLuint prog = gl.CreateProgram();
   gl.AttachShader(prog, compile(GL_VERTEX_SHADER, vs));
   gl.AttachShader(prog, compile(GL_FRAGMENT_SHADER, fs));
   gl.LinkProgram(prog);
   GLint ok = 0;
   gl.GetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok)
      die_setup("program did not link");
   GLuint fb, rb, vao, vbo;
   gl.GenFramebuffers(1, &fb);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fb);
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 512, 512);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, 512, 512);
   static const float tri[6] = {-1, -1, 3, -1, -1, 3};
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   gl.UseProgram(prog);
   gl.Uniform1i(gl.GetUniformLocation(prog, "u_n"), 200);
   for (int i = 0; i < draws; i++)
      glDrawArrays(GL_TRIANGLES, 0, 3);
   glFlush();
   if (!no_sync)
      expect_error(GL_NO_ERROR, "the draws");
   printf("exit-busy: %d draws flushed, leaving without glFinish or eglTerminate\n", draws);
   fflush(stdout);
   if (linger_ms > 0) /* exit begins while the driver may be compiling the draws */
      nanosleep(&(struct timespec){linger_ms / 1000, (long)(linger_ms % 1000) * 1000000L}, NULL);
   return failures ? 1 : 0;
}

/* ---- leak-fill / leak-probe: contents of objects made without data ------------------------- */

/* The pattern a filling session leaves everywhere: one 32-bit word, four distinct bytes, which
 * an honest zeroed or never-touched store does not hold. */
static const uint8_t leak_word[4] = {0x5a, 0xa5, 0xc3, 0x3c};

/* The shapes both modes make: textures and renderbuffers (RGBA8, side x side), buffers (bytes)
 * and pbuffers (side x side), count of each. */
static const struct {
   int side, count;
} leak_images[] = {{64, 16}, {256, 8}, {512, 4}, {1024, 2}};
static const struct {
   int bytes, count;
} leak_buffers[] = {{4096, 16}, {65536, 8}, {1 << 20, 4}, {4 << 20, 2}};
static const int leak_pbuffer_sides[] = {64, 256, 512};

static void
leak_pattern(uint8_t *p, size_t n)
{
   for (size_t i = 0; i < n; i++)
      p[i] = leak_word[i % 4];
}

/* How many aligned words of p[0, n) are the pattern's. */
static size_t
leak_count(const uint8_t *p, size_t n)
{
   size_t hits = 0;
   for (size_t i = 0; i + 4 <= n; i += 4)
      hits += !memcmp(p + i, leak_word, 4);
   return hits;
}

static EGLSurface
leak_pbuffer(int side)
{
   const EGLint attr[] = {EGL_WIDTH, side, EGL_HEIGHT, side, EGL_NONE};
   EGLSurface s = eglCreatePbufferSurface(dpy, cfg, attr);
   if (s == EGL_NO_SURFACE)
      die_setup("eglCreatePbufferSurface %dx%d failed (0x%x)", side, side, eglGetError());
   return s;
}

static void
leak_clear_pattern(void)
{
   glClearColor(leak_word[0] / 255.0f, leak_word[1] / 255.0f, leak_word[2] / 255.0f,
                leak_word[3] / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
}

/* Fills every shape with the pattern (textures by upload, renderbuffers and pbuffers by clear,
 * buffers by glBufferData), glFinish, deletes them all, glFinish. */
static void
leak_fill(void)
{
   uint8_t *data = malloc((size_t)4 << 20);
   if (!data)
      die_setup("out of memory");
   leak_pattern(data, (size_t)4 << 20);
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   GLuint tex[64], rb[64], buf[64];
   int nt = 0, nr = 0, nb = 0;
   for (size_t k = 0; k < sizeof(leak_images) / sizeof(leak_images[0]); k++)
      for (int i = 0; i < leak_images[k].count; i++) {
         const int side = leak_images[k].side;
         glGenTextures(1, &tex[nt]);
         glBindTexture(GL_TEXTURE_2D, tex[nt++]);
         glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, side, side, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
         gl.GenRenderbuffers(1, &rb[nr]);
         gl.BindRenderbuffer(GL_RENDERBUFFER, rb[nr]);
         gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, side, side);
         gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                    rb[nr++]);
         glViewport(0, 0, side, side);
         leak_clear_pattern();
      }
   for (size_t k = 0; k < sizeof(leak_buffers) / sizeof(leak_buffers[0]); k++)
      for (int i = 0; i < leak_buffers[k].count; i++) {
         gl.GenBuffers(1, &buf[nb]);
         gl.BindBuffer(GL_ARRAY_BUFFER, buf[nb++]);
         gl.BufferData(GL_ARRAY_BUFFER, leak_buffers[k].bytes, data, GL_STATIC_DRAW);
      }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   leak_clear_pattern(); /* this session's own default framebuffer too */
   EGLContext ctx = eglGetCurrentContext();
   for (size_t k = 0; k < sizeof(leak_pbuffer_sides) / sizeof(leak_pbuffer_sides[0]); k++) {
      EGLSurface s = leak_pbuffer(leak_pbuffer_sides[k]);
      eglMakeCurrent(dpy, s, s, ctx);
      glViewport(0, 0, leak_pbuffer_sides[k], leak_pbuffer_sides[k]);
      leak_clear_pattern();
      glFinish();
      eglMakeCurrent(dpy, surf, surf, ctx);
      eglDestroySurface(dpy, s);
   }
   glFinish();
   glDeleteTextures(nt, tex);
   gl.DeleteRenderbuffers(nr, rb);
   gl.DeleteBuffers(nb, buf);
   gl.DeleteFramebuffers(1, &fbo);
   glFinish();
   expect(glGetError() == GL_NO_ERROR,
          "leak-fill: %d textures, %d renderbuffers, %d buffers and "
          "%zu pbuffers filled with the pattern and deleted",
          nt, nr, nb, sizeof(leak_pbuffer_sides) / sizeof(leak_pbuffer_sides[0]));
   free(data);
}

/* Reads the current read framebuffer's side x side RGBA8 pixels into px; the pattern's words. */
static size_t
leak_read(uint8_t *px, int side)
{
   memset(px, 0, (size_t)side * side * 4);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   glReadPixels(0, 0, side, side, GL_RGBA, GL_UNSIGNED_BYTE, px);
   return leak_count(px, (size_t)side * side * 4);
}

/* Makes every shape again without data and reads it back (textures and renderbuffers attached
 * to a framebuffer, never cleared; buffers by glGetBufferSubData and a read map; new pbuffers
 * and this context's first default framebuffer before any clear). Prints the pattern's words
 * found per kind; the mode fails if any is found. */
static void
leak_probe(const char *who, bool first_frame)
{
   uint8_t *px = malloc((size_t)4 << 20);
   if (!px)
      die_setup("out of memory");
   size_t hit_fb = first_frame ? leak_read(px, W) : 0, hit_tex = 0, hit_rb = 0, hit_buf = 0,
          hit_map = 0, hit_pb = 0;
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   int nt = 0, nb = 0, np = 0;
   for (size_t k = 0; k < sizeof(leak_images) / sizeof(leak_images[0]); k++)
      for (int i = 0; i < leak_images[k].count; i++) {
         const int side = leak_images[k].side;
         GLuint tex, rb;
         glGenTextures(1, &tex);
         glBindTexture(GL_TEXTURE_2D, tex);
         glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, side, side, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
         gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
         if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
            die_setup("a %dx%d RGBA8 texture is not a complete framebuffer", side, side);
         hit_tex += leak_read(px, side);
         gl.GenRenderbuffers(1, &rb);
         gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
         gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, side, side);
         gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
         if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
            die_setup("a %dx%d RGBA8 renderbuffer is not a complete framebuffer", side, side);
         hit_rb += leak_read(px, side);
         nt++;
      }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   for (size_t k = 0; k < sizeof(leak_buffers) / sizeof(leak_buffers[0]); k++)
      for (int i = 0; i < leak_buffers[k].count; i++) {
         const int bytes = leak_buffers[k].bytes;
         GLuint b;
         gl.GenBuffers(1, &b);
         gl.BindBuffer(GL_ARRAY_BUFFER, b);
         gl.BufferData(GL_ARRAY_BUFFER, bytes, NULL, GL_STATIC_DRAW);
         memset(px, 0, (size_t)bytes);
         if (i % 2) {
            const void *m = gl.MapBufferRange(GL_ARRAY_BUFFER, 0, bytes, GL_MAP_READ_BIT);
            if (!m)
               die_setup("glMapBufferRange of a %d-byte buffer failed", bytes);
            hit_map += leak_count(m, (size_t)bytes);
            gl.UnmapBuffer(GL_ARRAY_BUFFER);
         } else {
            gl.GetBufferSubData(GL_ARRAY_BUFFER, 0, bytes, px);
            hit_buf += leak_count(px, (size_t)bytes);
         }
         nb++;
      }
   EGLContext ctx = eglGetCurrentContext();
   for (size_t k = 0; k < sizeof(leak_pbuffer_sides) / sizeof(leak_pbuffer_sides[0]); k++) {
      EGLSurface s = leak_pbuffer(leak_pbuffer_sides[k]);
      eglMakeCurrent(dpy, s, s, ctx);
      hit_pb += leak_read(px, leak_pbuffer_sides[k]);
      eglMakeCurrent(dpy, surf, surf, ctx);
      eglDestroySurface(dpy, s);
      np++;
   }
   const GLenum err = glGetError();
   printf("leak-probe %s: pattern words found: default framebuffer %zu, textures %zu, "
          "renderbuffers %zu, buffers (glGetBufferSubData) %zu, buffers (read map) %zu, "
          "pbuffers %zu\n",
          who, hit_fb, hit_tex, hit_rb, hit_buf, hit_map, hit_pb);
   expect(err == GL_NO_ERROR, "leak-probe %s: glGetError %s", who, gl_error_name(err));
   expect(!hit_fb && !hit_tex && !hit_rb && !hit_buf && !hit_map && !hit_pb,
          "leak-probe %s: no byte another object left shows in %d new textures, %d "
          "renderbuffers, %d buffers, %d pbuffers%s",
          who, nt, nt, nb, np, first_frame ? " and the first default framebuffer" : "");
   free(px);
}

/* Words of p[0, n) equal to the word of four bytes b. */
static size_t
word_count(const uint8_t *p, size_t n, uint8_t b)
{
   size_t hits = 0;
   for (size_t i = 0; i + 4 <= n; i += 4)
      hits += p[i] == b && p[i + 1] == b && p[i + 2] == b && p[i + 3] == b;
   return hits;
}

/* A new RGBA8 texture of side x side (levels 0 and 1 when mip), made without data. */
static GLuint
leak_texture(int side, bool mip)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, mip ? 1 : 0);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, side, side, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   if (mip)
      glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, side / 2, side / 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   NULL);
   return tex;
}

/* Reads level `level` of tex (side x side) through a framebuffer into px; the pattern's words. */
static size_t
leak_read_tex(GLuint tex, int level, int side, uint8_t *px)
{
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, level);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("level %d of a texture is not a complete framebuffer", level);
   const size_t hits = leak_read(px, side);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   return hits;
}

/* Where the zeroing is skipped or paid late (the Vulkan backend zeroes a new store only when
 * something could observe it, and never a level an upload writes whole): partial uploads keep
 * zeros around them, a whole upload of level 0 leaves level 1 zeroed, and each path that reads
 * a store (framebuffer read, glGetTexImage, sampling in a draw, a blit, a buffer copy,
 * glGetBufferSubData) finds no byte of the pattern. Every written part is checked too. */
static void
leak_probe_paths(const char *who)
{
   enum { S = 256, B = 1 << 20 };
   uint8_t *px = malloc((size_t)4 << 20), *src = malloc((size_t)4 << 20);
   if (!px || !src)
      die_setup("out of memory");
   size_t hit = 0;
   /* 1. a partial upload: a quarter written, three quarters zero */
   GLuint t = leak_texture(S, false);
   memset(src, 0x11, (size_t)S * S * 4);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, S / 2, S / 2, GL_RGBA, GL_UNSIGNED_BYTE, src);
   hit += leak_read_tex(t, 0, S, px);
   const size_t part = word_count(px, (size_t)S * S * 4, 0x11),
                zero1 = word_count(px, (size_t)S * S * 4, 0);
   glDeleteTextures(1, &t);
   /* 2. level 0 written whole (its zeroing skipped), level 1 never written */
   t = leak_texture(S, true);
   memset(src, 0x22, (size_t)S * S * 4);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, src);
   hit += leak_read_tex(t, 1, S / 2, px);
   const size_t zero2 = word_count(px, (size_t)S / 2 * S / 2 * 4, 0);
   hit += leak_read_tex(t, 0, S, px);
   const size_t whole = word_count(px, (size_t)S * S * 4, 0x22);
   /* 3. glGetTexImage of a level never written */
   memset(px, 0, (size_t)S * S * 4);
   glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   hit += leak_count(px, (size_t)S / 2 * S / 2 * 4);
   glDeleteTextures(1, &t);
   /* 4. a draw sampling a texture never written, into a framebuffer cleared to 0x33 */
   static const char *vs = "#version 330 core\n"
                           "void main() { gl_Position = vec4(vec2(gl_VertexID & 1, "
                           "gl_VertexID >> 1) * 4.0 - 1.0, 0.0, 1.0); }\n";
   static const char *fs =
      "#version 330 core\n"
      "uniform sampler2D u_tex;\n"
      "out vec4 o_color;\n"
      "void main() { o_color = texelFetch(u_tex, ivec2(gl_FragCoord.xy), 0); }\n";
   GLuint prog = gl.CreateProgram(), vao, dst = leak_texture(S, false);
   gl.AttachShader(prog, compile(GL_VERTEX_SHADER, vs));
   gl.AttachShader(prog, compile(GL_FRAGMENT_SHADER, fs));
   gl.LinkProgram(prog);
   GLint ok = 0;
   gl.GetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok)
      die_setup("the sampling program did not link");
   gl.GenVertexArrays(1, &vao);
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dst, 0);
   glViewport(0, 0, S, S);
   glClearColor(0.2f, 0.2f, 0.2f, 0.2f); /* 0x33 */
   glClear(GL_COLOR_BUFFER_BIT);
   t = leak_texture(S, false);
   gl.UseProgram(prog);
   gl.BindVertexArray(vao);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   const size_t sampled = leak_read(px, S);
   const size_t zero4 = word_count(px, (size_t)S * S * 4, 0);
   hit += sampled;
   /* 5. a blit from a renderbuffer never written over the cleared texture */
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint rb, rfbo;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, S, S);
   gl.GenFramebuffers(1, &rfbo);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, rfbo);
   gl.FramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   gl.BlitFramebuffer(0, 0, S, S, 0, 0, S, S, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   hit += leak_read(px, S);
   const size_t zero5 = word_count(px, (size_t)S * S * 4, 0);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteFramebuffers(1, &rfbo);
   gl.DeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &t);
   glDeleteTextures(1, &dst);
   gl.DeleteProgram(prog);
   gl.DeleteVertexArrays(1, &vao);
   glViewport(0, 0, W, H);
   /* 6. a buffer never written copied over one filled with 0x44 */
   GLuint b[2];
   gl.GenBuffers(2, b);
   memset(src, 0x44, B);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, b[0]);
   gl.BufferData(GL_COPY_WRITE_BUFFER, B, src, GL_STATIC_DRAW);
   gl.BindBuffer(GL_COPY_READ_BUFFER, b[1]);
   gl.BufferData(GL_COPY_READ_BUFFER, B, NULL, GL_STATIC_DRAW);
   gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, B);
   gl.GetBufferSubData(GL_COPY_WRITE_BUFFER, 0, B, px);
   hit += leak_count(px, B);
   const size_t zero6 = word_count(px, B, 0);
   /* 7. a buffer's first 4 KiB written, the rest read */
   memset(src, 0x55, 4096);
   gl.BufferData(GL_COPY_READ_BUFFER, B, NULL, GL_STATIC_DRAW);
   gl.BufferSubData(GL_COPY_READ_BUFFER, 0, 4096, src);
   gl.GetBufferSubData(GL_COPY_READ_BUFFER, 0, B, px);
   hit += leak_count(px, B);
   const size_t part7 = word_count(px, B, 0x55), zero7 = word_count(px, B, 0);
   gl.DeleteBuffers(2, b);
   const GLenum err = glGetError();
   printf("leak-probe %s paths: pattern words %zu; partial texture 0x11 %zu zero %zu; level 1 "
          "zero %zu, level 0 0x22 %zu; sampled zero %zu; blitted zero %zu; copied buffer zero "
          "%zu; partial buffer 0x55 %zu zero %zu\n",
          who, hit, part, zero1, zero2, whole, zero4, zero5, zero6, part7, zero7);
   const size_t q = (size_t)S * S / 4;
   expect(err == GL_NO_ERROR, "leak-probe %s paths: glGetError %s", who, gl_error_name(err));
   expect(!hit && part == q && zero1 == 3 * q && zero2 == q && whole == 4 * q && zero4 == 4 * q &&
             zero5 == 4 * q && zero6 == B / 4 && part7 == 1024 && zero7 == B / 4 - 1024,
          "leak-probe %s paths: partial uploads, an unwritten level, glGetTexImage, sampling, "
          "a blit and a buffer copy show zeros where nothing was written, and what was",
          who);
   free(px);
   free(src);
}

/* leak-fill: a session that fills and deletes. leak-probe: a new session that reads what it
 * made without data (--self: fills and deletes first, in the same context). */
static int
mode_leak(bool fill, bool probe)
{
   EGLContext ctx = session_open();
   if (probe && !fill) {
      leak_probe("new session", true);
      leak_probe_paths("new session");
   }
   if (fill)
      leak_fill();
   if (probe && fill) { /* the fill cleared this default framebuffer to the pattern itself */
      leak_probe("same session", false);
      leak_fill();
      leak_probe_paths("same session");
   }
   return session_close(ctx);
}

/* An upload the server has no staging memory for: GL_OUT_OF_MEMORY, and the context goes on. */
static int
mode_staging_oom(void)
{
   EGLContext ctx = session_open();
   struct scene s;
   scene_init(&s);
   frame_draw_and_check(&s, 1);
   const int n = 1024;
   uint8_t *data = malloc((size_t)n * n * 4);
   if (!data)
      die_setup("out of memory");
   memset(data, 0x5a, (size_t)n * n * 4);
   GLuint t[2];
   glGenTextures(2, t);
   glBindTexture(GL_TEXTURE_2D, t[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
   glFlush();
   expect_error(GL_OUT_OF_MEMORY, "glTexImage2D of 1024x1024 RGBA");
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, n, n, GL_RGBA, GL_UNSIGNED_BYTE, data);
   glFlush();
   expect_error(GL_OUT_OF_MEMORY, "glTexSubImage2D of 1024x1024");
   /* A read-back as large: its staging is refused the same way (it was Fatal{OutOfMemory}). */
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
   expect_error(GL_OUT_OF_MEMORY, "glGetTexImage of 1024x1024");
   /* A draw whose indices the server stages in the middle of the draw: GL_LINE_LOOP goes out
    * as a strip of indices the client makes (fe_prim_rewrite.c), 1.1 M vertices' worth, 4.4 MB
    * (it was Fatal{OutOfMemory, "arena memory: ... bytes of staging"}). The draw is dropped. */
   const GLsizei loop_n = 1100000;
   GLuint loop_vao, loop_vbo;
   gl.GenVertexArrays(1, &loop_vao);
   gl.BindVertexArray(loop_vao);
   gl.GenBuffers(1, &loop_vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, loop_vbo);
   gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)loop_n * 8, NULL, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   gl.UseProgram(s.prog);
   glDrawArrays(GL_LINE_LOOP, 0, loop_n);
   expect_error(GL_OUT_OF_MEMORY,
                "glDrawArrays(GL_LINE_LOOP) of 1.1 M vertices (indices staged by the server)");
   GLenum r = gl.GetGraphicsResetStatus();
   expect(r == GL_NO_ERROR, "no reset after the refused uploads, read-back and draw (%s)",
          gl_error_name(r));
   expect(frame_draw_and_check(&s, 2), "frame 2 renders after the refused uploads");
   glBindTexture(GL_TEXTURE_2D, t[1]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 256, 256, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
   glFlush();
   expect_error(GL_NO_ERROR, "a 256x256 texture uploads");
   expect(frame_draw_and_check(&s, 3), "frame 3 renders");
   r = gl.GetGraphicsResetStatus();
   expect(r == GL_NO_ERROR, "reset status %s at the end", gl_error_name(r));
   free(data);
   glDeleteTextures(2, t);
   gl.DeleteBuffers(1, &loop_vbo);
   return session_close(ctx);
}

/* A descriptor pool the server cannot make (run with MGL_TEST_VK_FAIL_DESCRIPTOR_POOL=1: its
 * first): the draw that needed it is dropped with GL_OUT_OF_MEMORY, the context goes on. */
static int
mode_descriptor_oom(void)
{
   EGLContext ctx = session_open();
   struct scene s;
   scene_init(&s);
   static uint8_t px[W * H * 4];
   int oom_frames = 0;
   for (int k = 1; k <= 4; k++) {
      frame_record(&s, k);
      memset(px, 0, sizeof(px));
      glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
      const GLenum e = glGetError();
      const int wrong = frame_check(k, px);
      if (e == GL_OUT_OF_MEMORY) {
         oom_frames++;
         printf("frame %d: GL_OUT_OF_MEMORY, %d wrong pixels (the refused draw)\n", k, wrong);
         continue;
      }
      expect(e == GL_NO_ERROR && wrong == 0, "frame %d: %d wrong pixels, glGetError %s", k, wrong,
             gl_error_name(e));
   }
   expect(oom_frames == 1, "one frame had a draw refused with GL_OUT_OF_MEMORY (%d did)",
          oom_frames);
   expect(frame_draw_and_check(&s, 5), "frame 5 renders");
   const GLenum r = gl.GetGraphicsResetStatus();
   expect(r == GL_NO_ERROR, "reset status %s at the end", gl_error_name(r));
   return session_close(ctx);
}

/* N fences the app never asks about: the server has an event for each. */
static int
mode_event_flood(int n, bool lost)
{
   EGLContext ctx = session_open();
   struct scene s;
   scene_init(&s);
   frame_draw_and_check(&s, 1);
   GLsync *f = calloc((size_t)n, sizeof(*f));
   if (!f)
      die_setup("out of memory");
   for (int i = 0; i < n; i++) {
      f[i] = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
      glFlush();
   }
   glFinish();
   GLenum e = glGetError();
   GLenum r = gl.GetGraphicsResetStatus();
   printf("event-flood: %d fences, glGetError %s, reset status %s\n", n, gl_error_name(e),
          gl_error_name(r));
   if (!lost) {
      int signalled = 0;
      for (int i = 0; i < n; i++) {
         GLint v = 0;
         gl.GetSynciv(f[i], GL_SYNC_STATUS, 1, NULL, &v);
         signalled += v == GL_SIGNALED;
      }
      expect(e == GL_NO_ERROR && r == GL_NO_ERROR, "%d fences: no error, no reset", n);
      expect(signalled == n, "%d of %d fences read signalled after glFinish", signalled, n);
      expect(frame_draw_and_check(&s, 2), "frame 2 renders after the fences");
   } else {
      expect(e == GL_CONTEXT_LOST, "glGetError says %s (want GL_CONTEXT_LOST)", gl_error_name(e));
      expect(r != GL_NO_ERROR, "glGetGraphicsResetStatus says %s (want a reset)", gl_error_name(r));
   }
   free(f);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   if (lost && !new_context_renders())
      return 1;
   eglTerminate(dpy);
   return failures ? 1 : 0;
}

static int
mode_fence_poll(void)
{
   EGLContext ctx = session_open();
   struct scene s;
   scene_init(&s);
   frame_draw_and_check(&s, 1);
   GLsync f = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   glFinish();
   eglSwapBuffers(dpy, surf); /* the frame line before the polls */
   unsigned signalled = 0, already = 0;
   for (int i = 0; i < 1000; i++) {
      GLint v = 0;
      gl.GetSynciv(f, GL_SYNC_STATUS, 1, NULL, &v);
      signalled += v == GL_SIGNALED;
      already += gl.ClientWaitSync(f, 0, 0) == GL_ALREADY_SIGNALED;
   }
   eglSwapBuffers(dpy, surf); /* the polls' frame line */
   expect(signalled == 1000 && already == 1000,
          "after glFinish: GL_SYNC_STATUS signalled %u/1000, GL_ALREADY_SIGNALED %u/1000",
          signalled, already);
   GLenum e = glGetError();
   expect(e == GL_NO_ERROR, "glGetError %s", gl_error_name(e));
   return session_close(ctx);
}

/* Buffer reads cost only the round trips GL needs (PIPE.md#round-trips). Frame 2: a buffer the app
 * filled, read 100 times with glGetBufferSubData and once through a read map: no round trip.
 * Frame 3: transform feedback writes it on the GPU; the first read fetches (one round trip) and
 * returns the captured bytes, the next 99 and a read map are served from what it fetched.
 * Frame 4: 100 reads more, no round trip. */
static int
mode_buffer_reads(void)
{
   EGLContext ctx = session_open();
   static const char *vs = "#version 330 core\n"
                           "layout(location = 0) in vec2 a_pos;\n"
                           "out vec2 v_out;\n"
                           "void main() { v_out = a_pos * 2.0 + 1.0;\n"
                           "              gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
   static const char *fs = "#version 330 core\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = vec4(1.0); }\n";
   GLuint prog = gl.CreateProgram();
   gl.AttachShader(prog, compile(GL_VERTEX_SHADER, vs));
   gl.AttachShader(prog, compile(GL_FRAGMENT_SHADER, fs));
   const char *names[] = {"v_out"};
   gl.TransformFeedbackVaryings(prog, 1, names, GL_INTERLEAVED_ATTRIBS);
   gl.LinkProgram(prog);
   GLint ok = 0;
   gl.GetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok)
      die_setup("transform feedback program did not link");
   const float pos[6] = {0.0f, 0.5f, -0.5f, -0.25f, 0.75f, -1.0f};
   GLuint vao, vbo, buf;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof pos, pos, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   gl.GenBuffers(1, &buf);
   glFinish();
   eglSwapBuffers(dpy, surf); /* frame 1: set-up (the caps' round trip) */

   float fill[6] = {1, 2, 3, 4, 5, 6}, got[6];
   gl.BindBuffer(GL_COPY_READ_BUFFER, buf);
   gl.BufferData(GL_COPY_READ_BUFFER, sizeof fill, fill, GL_STREAM_READ);
   unsigned same = 0;
   for (int i = 0; i < 100; i++) {
      gl.GetBufferSubData(GL_COPY_READ_BUFFER, 0, sizeof got, got);
      same += !memcmp(got, fill, sizeof got);
   }
   const float *m = gl.MapBufferRange(GL_COPY_READ_BUFFER, 4, 8, GL_MAP_READ_BIT);
   bool map_ok = m && m[0] == 2.0f && m[1] == 3.0f;
   gl.UnmapBuffer(GL_COPY_READ_BUFFER);
   eglSwapBuffers(dpy, surf); /* frame 2 */
   expect(same == 100 && map_ok, "the app's bytes read back 100/100 (%u) and by a read map (%d)",
          same, map_ok);

   gl.UseProgram(prog);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
   glEnable(GL_RASTERIZER_DISCARD);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   gl.EndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   float want[6];
   for (int i = 0; i < 6; i++)
      want[i] = pos[i] * 2.0f + 1.0f;
   same = 0;
   for (int i = 0; i < 100; i++) {
      gl.GetBufferSubData(GL_COPY_READ_BUFFER, 0, sizeof got, got);
      same += !memcmp(got, want, sizeof got);
   }
   m = gl.MapBufferRange(GL_COPY_READ_BUFFER, 0, sizeof want, GL_MAP_READ_BIT);
   map_ok = m && !memcmp(m, want, sizeof want);
   gl.UnmapBuffer(GL_COPY_READ_BUFFER);
   eglSwapBuffers(dpy, surf); /* frame 3 */
   expect(same == 100 && map_ok,
          "the captured bytes read back 100/100 (%u) and by a read map "
          "(%d)",
          same, map_ok);

   same = 0;
   for (int i = 0; i < 100; i++) {
      gl.GetBufferSubData(GL_COPY_READ_BUFFER, 0, sizeof got, got);
      same += !memcmp(got, want, sizeof got);
   }
   eglSwapBuffers(dpy, surf); /* frame 4 */
   expect(same == 100, "the captured bytes again 100/100 (%u)", same);
   GLenum e = glGetError();
   expect(e == GL_NO_ERROR, "glGetError %s", gl_error_name(e));
   return session_close(ctx);
}

/* Query polling after glFinish: the result came with a "query result" event, so neither
 * GL_QUERY_RESULT_AVAILABLE nor GL_QUERY_RESULT asks the server (frame 2: round_trips=0). */
static int
mode_query_poll(void)
{
   EGLContext ctx = session_open();
   struct scene s;
   scene_init(&s);
   GLuint q = 0, qt[2] = {0, 0};
   gl.GenQueries(1, &q);
   gl.GenQueries(2, qt);
   gl.BeginQuery(GL_SAMPLES_PASSED, q);
   gl.BeginQuery(GL_TIME_ELAPSED, qt[0]);
   frame_record(&s, 1);
   gl.EndQuery(GL_TIME_ELAPSED);
   gl.EndQuery(GL_SAMPLES_PASSED);
   gl.QueryCounter(qt[1], GL_TIMESTAMP);
   glFinish();
   eglSwapBuffers(dpy, surf); /* the frame line before the polls */
   unsigned available = 0, right = 0, timers = 0;
   uint8_t bg[4], fg[4];
   int r[4];
   frame_colors(1, bg, fg, r);
   const GLuint64 want = (GLuint64)(r[2] - r[0]) * (GLuint64)(r[3] - r[1]);
   GLuint64 last = 0;
   for (int i = 0; i < 1000; i++) {
      GLuint avail = 0;
      GLuint64 v = 0;
      gl.GetQueryObjectuiv(q, GL_QUERY_RESULT_AVAILABLE, &avail);
      gl.GetQueryObjectui64v(q, GL_QUERY_RESULT, &v);
      available += avail == GL_TRUE;
      right += v == want;
      last = v;
      GLuint tavail = 0;
      GLuint64 el = 0, ts = 0;
      gl.GetQueryObjectuiv(qt[0], GL_QUERY_RESULT_AVAILABLE, &tavail);
      gl.GetQueryObjectui64v(qt[0], GL_QUERY_RESULT, &el);
      gl.GetQueryObjectui64v(qt[1], GL_QUERY_RESULT, &ts);
      timers += tavail == GL_TRUE && el && ts;
   }
   eglSwapBuffers(dpy, surf); /* the polls' frame line */
   expect(available == 1000 && right == 1000 && timers == 1000,
          "after glFinish: GL_QUERY_RESULT_AVAILABLE true %u/1000, GL_QUERY_RESULT %llu "
          "samples (want %llu) %u/1000, timers available and nonzero %u/1000",
          available, (unsigned long long)last, (unsigned long long)want, right, timers);
   GLenum e = glGetError();
   expect(e == GL_NO_ERROR, "glGetError %s", gl_error_name(e));
   return session_close(ctx);
}

/* Timer queries around frame 1, a counter after it, glGet GL_TIMESTAMP, then frame 2: prints
 * what the program saw. With MGL_TEST_VK_NO_TIMESTAMPS the server's queue has no timestamps:
 * the counter bits read 0, every timer read is a named decline that reads 0, and both frames
 * still render with no GL error. */
static int
mode_timer(void)
{
   EGLContext ctx = session_open();
   struct scene s;
   scene_init(&s);
   GLint bits = -1;
   gl.GetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &bits);
   GLuint q[2];
   gl.GenQueries(2, q);
   gl.BeginQuery(GL_TIME_ELAPSED, q[0]);
   frame_draw_and_check(&s, 1);
   gl.EndQuery(GL_TIME_ELAPSED);
   gl.QueryCounter(q[1], GL_TIMESTAMP);
   GLint64 now = -1;
   gl.GetInteger64v(GL_TIMESTAMP, &now);
   GLuint avail = 0;
   GLuint64 el = ~0ull, ts = ~0ull;
   gl.GetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &avail);
   gl.GetQueryObjectui64v(q[0], GL_QUERY_RESULT, &el);
   gl.GetQueryObjectui64v(q[1], GL_QUERY_RESULT, &ts);
   printf("timer: counter bits %d, elapsed %s, counter %s, GL_TIMESTAMP %s, available %u\n", bits,
          el ? "nonzero" : "0", ts ? "nonzero" : "0", now ? "nonzero" : "0", avail);
   GLenum e = glGetError();
   expect(e == GL_NO_ERROR, "timer queries: glGetError %s", gl_error_name(e));
   frame_draw_and_check(&s, 2);
   return session_close(ctx);
}

/* More GL_TIME_ELAPSED queries in flight than one server timestamp pool holds: the server
 * chains another, every one reads its time and ends (its result comes as an event, so reading
 * them after glFinish does not ask per query), and the session lives. */
static int
mode_timer_many(void)
{
   EGLContext ctx = session_open();
   struct scene s;
   scene_init(&s);
   enum { N = 600 };
   static GLuint q[N];
   gl.GenQueries(N, q);
   for (int i = 0; i < N; i++) {
      gl.BeginQuery(GL_TIME_ELAPSED, q[i]);
      frame_record(&s, 1);
      gl.EndQuery(GL_TIME_ELAPSED);
   }
   glFinish();
   eglSwapBuffers(dpy, surf); /* the frame line before the reads */
   unsigned timed = 0, zero = 0;
   for (int i = 0; i < N; i++) {
      GLuint64 v = 0;
      gl.GetQueryObjectui64v(q[i], GL_QUERY_RESULT, &v);
      timed += v != 0;
      zero += v == 0;
   }
   eglSwapBuffers(dpy, surf); /* the reads' frame line: every result comes as an event */
   GLenum r = gl.GetGraphicsResetStatus();
   GLenum e = glGetError();
   printf("timer-many: %u timed, %u read 0, reset status %s, glGetError %s\n", timed, zero,
          gl_error_name(r), gl_error_name(e));
   expect(r == GL_NO_ERROR && e == GL_NO_ERROR && timed > 0 && timed + zero == N,
          "%d timer queries: the session lives", N);
   frame_draw_and_check(&s, 2);
   return session_close(ctx);
}

static int
mode_refused(void)
{
   egl_setup();
   double t0 = now_ms();
   EGLContext ctx = context_create();
   EGLint e = eglGetError();
   expect(ctx == EGL_NO_CONTEXT, "eglCreateContext refused (EGL error 0x%x)", e);
   printf("refused_ms=%.0f\n", now_ms() - t0);
   eglTerminate(dpy);
   return failures ? 1 : 0;
}

/* One draw the server declines (lines with GL_LINE_SMOOTH, on a server whose device has no
 * smoothLines, e.g. with MGL_TEST_VK_NO_SMOOTH_LINES=1: drawn aliased, counted by name), then
 * glFinish: the session goes on, with no GL error. */
static int
mode_decline(void)
{
   EGLContext ctx = session_open();
   struct scene s;
   scene_init(&s);
   const float v[4] = {4.0f, 4.0f, 60.0f, 60.0f};
   glEnable(GL_LINE_SMOOTH);
   gl.UseProgram(s.prog);
   gl.BindVertexArray(s.vao);
   gl.BindBuffer(GL_ARRAY_BUFFER, s.vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW);
   glDrawArrays(GL_LINES, 0, 2);
   glFinish();
   GLenum e = glGetError();
   GLenum r = gl.GetGraphicsResetStatus();
   expect(e == GL_NO_ERROR && r == GL_NO_ERROR, "declined draw: glGetError %s, reset status %s",
          gl_error_name(e), gl_error_name(r));
   return session_close(ctx);
}

/* ---- rogue: a tcp client that breaks the protocol ------------------------------------------- */

static int
rogue_connect(const char *hostport)
{
   char host[256];
   snprintf(host, sizeof(host), "%s", hostport);
   char *colon = strrchr(host, ':');
   if (!colon)
      die_setup("rogue: HOST:PORT expected");
   *colon = '\0';
   struct addrinfo hints = {.ai_family = AF_INET, .ai_socktype = SOCK_STREAM}, *res;
   if (getaddrinfo(host, colon + 1, &hints, &res))
      die_setup("rogue: cannot resolve %s", hostport);
   int fd = socket(res->ai_family, res->ai_socktype, 0);
   if (fd < 0 || connect(fd, res->ai_addr, res->ai_addrlen) < 0)
      die_setup("rogue: cannot connect to %s: %s", hostport, strerror(errno));
   freeaddrinfo(res);
   return fd;
}

static void
put(int fd, const void *p, size_t n)
{
   const uint8_t *b = p;
   while (n) {
      ssize_t w = send(fd, b, n, MSG_NOSIGNAL);
      if (w <= 0)
         die_setup("rogue: send: %s", strerror(errno));
      b += w;
      n -= (size_t)w;
   }
}

static bool
get(int fd, void *p, size_t n)
{
   uint8_t *b = p;
   while (n) {
      ssize_t r = recv(fd, b, n, 0);
      if (r <= 0)
         return false;
      b += r;
      n -= (size_t)r;
   }
   return true;
}

/* A RECORD frame: record (a multiple of 8) then the inline area, as pipe_stream.h says. */
/* A RECORD frame with inl_size inline bytes and a reply area of reply_size bytes. */
static void
put_record_reply(int fd, const void *record, uint32_t record_size, const void *inl,
                 uint32_t inl_size, uint32_t reply_size)
{
   uint32_t rec_padded = inl_size ? (record_size + 15u) & ~15u : record_size;
   uint32_t inl_padded = (inl_size + 7u) & ~7u;
   struct mgp_frame h = {
      .size = rec_padded + inl_padded, .kind = MGP_FRAME_RECORD, .a = record_size, .b = reply_size};
   static const uint8_t zeros[16];
   put(fd, &h, sizeof(h));
   put(fd, record, record_size);
   put(fd, zeros, rec_padded - record_size);
   if (inl_size)
      put(fd, inl, inl_size);
   put(fd, zeros, inl_padded - inl_size);
}

static void
put_record(int fd, const void *record, uint32_t record_size, const void *inl, uint32_t inl_size)
{
   put_record_reply(fd, record, record_size, inl, inl_size, 0);
}

/* A record of call with a zeroed payload of its catalog size. */
static uint32_t
make_record(uint8_t *buf, enum mgp_call_id call, uint16_t ctx_slot)
{
   uint32_t size = mgp_record_size(call, 0);
   memset(buf, 0, size);
   struct mgp_record_header h = {size, (uint16_t)call, ctx_slot};
   memcpy(buf, &h, sizeof(h));
   return size;
}

/* A proper hello (stage_size: what the client says its stage is), then the welcome and the
 * caps. false (printed) when refused. */
static bool
rogue_hello(int fd, const char *kind, const char *token, uint64_t stage_size)
{
   struct mgp_hello hello;
   memset(&hello, 0, sizeof(hello));
   hello.magic = MGP_HELLO_MAGIC;
   hello.abi_version = MGP_ABI_VERSION;
   hello.transport = MGP_HELLO_TCP;
   hello.log_level = 1;
   hello.stage_size = stage_size;
   snprintf(hello.token, sizeof(hello.token), "%s", token ? token : "");
   snprintf(hello.backend, sizeof(hello.backend), "vulkan");
   put(fd, &hello, sizeof(hello));
   struct mgp_welcome w;
   if (!get(fd, &w, sizeof(w)) || w.status != MGP_WELCOME_OK) {
      w.reason[sizeof(w.reason) - 1] = '\0';
      printf("rogue %s: refused at the handshake: %s\n", kind, w.reason);
      return false;
   }
   struct mgp_caps caps; /* an OK welcome brings the caps */
   if (w.caps_size != sizeof(caps) || !get(fd, &caps, sizeof(caps))) {
      printf("rogue %s: the welcome brought no caps\n", kind);
      return false;
   }
   return true;
}

/* A wrong token: refused, and the refusal tells a stranger nothing (no pid). */
static int
rogue_wrong_token(int fd)
{
   struct mgp_hello hello;
   memset(&hello, 0, sizeof(hello));
   hello.magic = MGP_HELLO_MAGIC;
   hello.abi_version = MGP_ABI_VERSION;
   hello.transport = MGP_HELLO_TCP;
   snprintf(hello.token, sizeof(hello.token), "not-the-token");
   snprintf(hello.backend, sizeof(hello.backend), "vulkan");
   put(fd, &hello, sizeof(hello));
   struct mgp_welcome w;
   if (!get(fd, &w, sizeof(w))) {
      printf("rogue wrong-token: closed without a welcome\n");
      return 1;
   }
   w.reason[sizeof(w.reason) - 1] = '\0';
   printf("rogue wrong-token: status %u, server_pid %u, reason: %s\n", w.status, w.server_pid,
          w.reason);
   close(fd);
   return w.magic == MGP_WELCOME_MAGIC && w.status == MGP_WELCOME_BAD_TOKEN && w.server_pid == 0
             ? 0
             : 1;
}

static long
rss_kib(int pid)
{
   char path[64], line[256];
   snprintf(path, sizeof(path), "/proc/%d/status", pid);
   FILE *f = fopen(path, "r");
   long kib = -1;
   while (f && fgets(line, sizeof(line), f))
      if (sscanf(line, "VmRSS: %ld kB", &kib) == 1)
         break;
   if (f)
      fclose(f);
   return kib;
}

/* Waits for SYNC_ACK n, skipping the server's LOG and EVENT frames. */
static bool
rogue_wait_ack(int fd, uint32_t n)
{
   for (;;) {
      struct mgp_frame h;
      if (!get(fd, &h, sizeof(h)))
         return false;
      static char body[1 << 16];
      if (h.size > sizeof(body) || !get(fd, body, h.size))
         return false;
      if (h.kind == MGP_FRAME_SYNC_ACK && h.a == n)
         return true;
      if (h.kind == MGP_FRAME_FATAL) {
         printf("rogue large-frames: Fatal{%u, \"%.200s\"}\n", h.a, body);
         return false;
      }
   }
}

/* Two 24 MiB SYNC frames inside the 32 MiB stage this client declares: legal, so the server
 * reads them; what it took for them must not stay once they are done. */
static int
rogue_large_frames(int fd)
{
   const char *pid_s = getenv("MGL_FAULT_SERVER_PID");
   int pid = pid_s ? atoi(pid_s) : 0;
   if (pid <= 0)
      die_setup("rogue large-frames: MGL_FAULT_SERVER_PID is not set");
   if (!rogue_hello(fd, "large-frames", getenv("MGL_SERVER_TOKEN"), 32u << 20))
      return 1;
   uint32_t size = 24u << 20;
   uint8_t *body = malloc(size);
   if (!body)
      die_setup("out of memory");
   memset(body, 0x5a, size);
   struct mgp_frame h = {.size = 0, .kind = MGP_FRAME_SYNC, .a = 1};
   put(fd, &h, sizeof(h));
   if (!rogue_wait_ack(fd, 1))
      die_setup("rogue large-frames: no SYNC_ACK 1");
   long before = rss_kib(pid);
   for (uint32_t i = 2; i <= 3; i++) {
      h = (struct mgp_frame){.size = size, .kind = MGP_FRAME_SYNC, .a = i};
      put(fd, &h, sizeof(h));
      put(fd, body, size);
      if (!rogue_wait_ack(fd, i)) {
         printf("rogue large-frames: frame %u was not acknowledged\n", i);
         return 1;
      }
   }
   /* One more frame, empty: its SYNC_ACK comes after the server finished the large ones. */
   h = (struct mgp_frame){.size = 0, .kind = MGP_FRAME_SYNC, .a = 4};
   put(fd, &h, sizeof(h));
   if (!rogue_wait_ack(fd, 4))
      die_setup("rogue large-frames: no SYNC_ACK 4");
   long after = rss_kib(pid);
   free(body);
   printf("rogue large-frames: server VmRSS %ld KiB before, %ld KiB after two 24 MiB frames "
          "(session still open)\n",
          before, after);
   h = (struct mgp_frame){.kind = MGP_FRAME_BYE};
   put(fd, &h, sizeof(h));
   close(fd);
   return before > 0 && after > 0 && after - before < 12 * 1024 ? 0 : 1;
}

/* A client that asks for events and never reads: fences, each with a waited flush (the
 * server answers each with a "fence signalled" event), sent without blocking until the server
 * takes nothing more. What the server holds for it must stay small; the connection then stays
 * open (the session alone is stalled) until stdin ends. */
static int
rogue_unread_events(int fd)
{
   const char *pid_s = getenv("MGL_FAULT_SERVER_PID");
   int pid = pid_s ? atoi(pid_s) : 0;
   if (pid <= 0)
      die_setup("rogue unread-events: MGL_FAULT_SERVER_PID is not set");
   if (!rogue_hello(fd, "unread-events", getenv("MGL_SERVER_TOKEN"), 1u << 20))
      return 1;
   long before = rss_kib(pid);
   /* context 1, then per fence: fence_create {i,1} and flush(FINISH) on context 1 */
   static _Alignas(16) uint8_t buf[1u << 16];
   size_t len = 0;
   uint8_t rec[64];
   uint32_t n = make_record(rec, MGP_CALL_context_create, 0);
   memcpy(rec + sizeof(struct mgp_record_header), &(struct mgp_context_desc){.ctx = {1, 1}},
          sizeof(struct mgp_context_desc));
   put_record(fd, rec, n, NULL, 0);
   uint64_t sent = 0, fences = 0;
   double idle_since = now_ms();
   while (now_ms() - idle_since < 2000 && fences < 400000) {
      if (!len) {
         for (int k = 0; k < 256; k++, fences++) {
            struct mgp_frame h = {.kind = MGP_FRAME_RECORD};
            n = make_record(rec, MGP_CALL_fence_create, 0);
            struct mgp_handle_args fa = {.h = {(uint32_t)(fences + 1), 1}};
            memcpy(rec + sizeof(struct mgp_record_header), &fa, sizeof(fa));
            h.size = h.a = n;
            memcpy(buf + len, &h, sizeof(h));
            memcpy(buf + len + sizeof(h), rec, n);
            len += sizeof(h) + n;
            n = make_record(rec, MGP_CALL_flush, 1);
            struct mgp_u32_args fl = {.value = MGP_FLUSH_FINISH};
            memcpy(rec + sizeof(struct mgp_record_header), &fl, sizeof(fl));
            h.size = h.a = n;
            memcpy(buf + len, &h, sizeof(h));
            memcpy(buf + len + sizeof(h), rec, n);
            len += sizeof(h) + n;
         }
      }
      ssize_t w = send(fd, buf, len, MSG_DONTWAIT | MSG_NOSIGNAL);
      if (w > 0) {
         memmove(buf, buf + w, len - (size_t)w);
         len -= (size_t)w;
         sent += (uint64_t)w;
         idle_since = now_ms();
      } else if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
         printf("rogue unread-events: send: %s\n", strerror(errno));
         return 1;
      } else {
         usleep(10000);
      }
   }
   long after = rss_kib(pid);
   printf("rogue unread-events: %llu bytes (%llu fences' records) sent, none read; the server "
          "took nothing more for 2 s; server VmRSS %ld KiB before, %ld KiB after\n",
          (unsigned long long)sent, (unsigned long long)fences, before, after);
   printf("HOLDING\n");
   char line[16];
   while (fgets(line, sizeof(line), stdin))
      ;
   close(fd);
   return before > 0 && after > 0 && after - before < 16 * 1024 ? 0 : 1;
}

/* N connections that never say hello. */
static int
mode_idle(const char *hostport, int n, int hold_s)
{
   struct rlimit rl;
   if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
      rl.rlim_cur = rl.rlim_max; /* the server may have fewer descriptors than this */
      setrlimit(RLIMIT_NOFILE, &rl);
   }
   struct pollfd *p = calloc((size_t)n, sizeof(*p));
   if (!p)
      die_setup("out of memory");
   for (int i = 0; i < n; i++) {
      p[i].fd = rogue_connect(hostport);
      p[i].events = POLLIN;
   }
   printf("HOLDING %d\n", n);
   double t0 = now_ms(), last = t0;
   int closed = 0;
   while (closed < n && now_ms() - t0 < hold_s * 1e3) {
      if (poll(p, (nfds_t)n, 100) <= 0)
         continue;
      for (int i = 0; i < n; i++) {
         if (p[i].fd < 0 || !p[i].revents)
            continue;
         char b[512];
         ssize_t r = recv(p[i].fd, b, sizeof(b), MSG_DONTWAIT);
         if (r > 0)
            continue; /* a refusal's welcome: the close follows */
         if (r < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
         close(p[i].fd);
         p[i].fd = -1;
         closed++;
         last = now_ms();
      }
   }
   printf("idle: %d of %d connections closed by the server, the last after %.1f s\n", closed, n,
          (last - t0) / 1e3);
   for (int i = 0; i < n; i++)
      if (p[i].fd >= 0)
         close(p[i].fd);
   free(p);
   return closed == n ? 0 : 1;
}

/* A peer that accepts and never answers. */
static int
mode_silent_server(void)
{
   int l = socket(AF_INET, SOCK_STREAM, 0);
   struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
   socklen_t len = sizeof(a);
   if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof(a)) || listen(l, 16) ||
       getsockname(l, (struct sockaddr *)&a, &len))
      die_setup("silent-server: %s", strerror(errno));
   printf("listening on %u\n", ntohs(a.sin_port));
   double t0 = now_ms();
   while (now_ms() - t0 < 60e3) {
      struct pollfd p = {.fd = l, .events = POLLIN};
      if (poll(&p, 1, 500) > 0)
         (void)accept(l, NULL, NULL); /* held open, never written */
   }
   return 0;
}

/* A listener that answers no new connection: backlog 0, filled by connections of its own and
 * never accepted, so the kernel drops every further SYN (a connect to it waits for the
 * kernel's retries, minutes, like one to an address that drops packets). */
static int
mode_full_server(void)
{
   int l = socket(AF_INET, SOCK_STREAM, 0);
   struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
   socklen_t len = sizeof(a);
   if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof(a)) || listen(l, 0) ||
       getsockname(l, (struct sockaddr *)&a, &len))
      die_setup("full-server: %s", strerror(errno));
   /* Fill until a connection of our own is left unanswered for half a second. */
   bool full = false;
   for (int i = 0; i < 16 && !full; i++) {
      int c = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
      if (c < 0 || (connect(c, (struct sockaddr *)&a, sizeof(a)) && errno != EINPROGRESS))
         die_setup("full-server: connect: %s", strerror(errno));
      struct pollfd p = {.fd = c, .events = POLLOUT};
      full = poll(&p, 1, 500) == 0; /* held open, like the answered ones */
   }
   if (!full)
      die_setup("full-server: 16 connections and the backlog still answers");
   printf("listening on %u\n", ntohs(a.sin_port));
   fflush(stdout);
   sleep(60);
   return 0;
}

/* A record of call with payload (its catalog size) and tail_count tail elements, sent with an
 * inline area of inl_size zero bytes (where span_in/span_out of seg INLINE point). */
static void
put_call(int fd, enum mgp_call_id call, uint16_t ctx_slot, const void *payload, const void *tail,
         uint32_t tail_count, uint32_t inl_size, uint32_t reply_size)
{
   const struct mgp_call_info *ci = &mgp_call_info[call];
   static _Alignas(16) uint8_t rec[8192], inl[4096];
   const uint32_t size = mgp_record_size(call, tail_count);
   if (size > sizeof(rec) || inl_size > sizeof(inl))
      die_setup("rogue: record too large");
   memset(rec, 0, size);
   memcpy(rec, &(struct mgp_record_header){size, (uint16_t)call, ctx_slot}, 8);
   memcpy(rec + 8, payload, ci->payload_size);
   if (tail_count)
      memcpy(rec + 8 + mgp_align8(ci->payload_size), tail, (size_t)tail_count * ci->tail_elem_size);
   put_record_reply(fd, rec, size, inl, inl_size, reply_size);
}

/* The decoding attacks of issue 17 (each, before its fix, crashed the server or read its
 * memory): context 1, then the hostile records. */
static void
rogue_decode_attack(int fd, const char *kind)
{
   put_call(fd, MGP_CALL_context_create, 0, &(struct mgp_context_desc){.ctx = {1, 1}}, NULL, 0, 0,
            0);
   const struct mgp_resource_desc tex = {.res = {7, 1},
                                         .target = MGP_RESOURCE_TARGET_TEX_2D,
                                         .levels = 1,
                                         .samples = 1,
                                         .format = MGP_FORMAT_RGBA8_UNORM,
                                         .width = 4,
                                         .height = 4,
                                         .depth = 1,
                                         .array_layers = 1,
                                         .bind_mask = MGP_BIND_SAMPLER | MGP_BIND_RENDER_TARGET};
   if (!strcmp(kind, "tail-count")) {
      /* 16 bytes whose count says 2^29 elements of 24 bytes (3 x 2^32: 0 in 32 bits). */
      put_call(fd, MGP_CALL_set_vertex_attrib_defaults, 1,
               &(struct mgp_set_vertex_attrib_defaults){.count = 0x20000000u}, NULL, 0, 0, 0);
   } else if (!strcmp(kind, "pack-size")) {
      /* A read whose answer needs more than 2^64 bytes, into 256. */
      put_call(fd, MGP_CALL_resource_create, 0, &tex, NULL, 0, 0, 0);
      struct mgp_framebuffer_state fb = {
         .fbo = {2, 1}, .width = 4, .height = 4, .layers = 1, .samples = 1};
      fb.color[0] = (struct mgp_surface){.res = tex.res, .format = tex.format, .kind = 1};
      fb.read = fb.color[0];
      for (int i = 0; i < 8; i++)
         fb.draw_buffers[i] = i == 0 ? 0 : -1;
      put_call(fd, MGP_CALL_set_framebuffer_state, 1, &fb, NULL, 0, 0, 0);
      put_call(fd, MGP_CALL_set_pixel_pack_state, 1,
               &(struct mgp_pixel_pack_state){
                  .alignment = 1, .row_length = 0x7fffffff, .skip_pixels = 0x7fffffff},
               NULL, 0, 0, 0);
      put_call(fd, MGP_CALL_read_pixels, 1,
               &(struct mgp_read_pixels){.width = UINT32_MAX,
                                         .height = UINT32_MAX,
                                         .format = MGP_FORMAT_RGBA8_UNORM,
                                         .what = MGP_PACK_WHAT_COLOR,
                                         .out = {.size = 256, .seg = MGP_SEG_REPLY}},
               NULL, 0, 0, 256);
   } else if (!strcmp(kind, "upload-wrap")) {
      /* A region starting 64 bytes before its data (offset 2^64 - 64, stride 64), then a read
       * of the texture: the bytes before the data would come back. */
      put_call(fd, MGP_CALL_resource_create, 0, &tex, NULL, 0, 0, 0);
      const struct mgp_sub_region g = {
         .width = 4, .height = 2, .depth = 1, .src_offset = UINT64_MAX - 63, .src_row_stride = 64};
      put_call(fd, MGP_CALL_resource_subdata, 1,
               &(struct mgp_resource_subdata){.res = tex.res,
                                              .format = tex.format,
                                              .box = {0, 0, 0, 4, 2, 1},
                                              .region_count = 1,
                                              .data = {.size = 64, .seg = MGP_SEG_INLINE}},
               &g, 1, 64, 0);
      put_call(fd, MGP_CALL_get_texture_image, 1,
               &(struct mgp_get_texture_image){.res = tex.res,
                                               .width = 4,
                                               .height = 2,
                                               .format = tex.format,
                                               .what = MGP_PACK_WHAT_COLOR,
                                               .out = {.size = 64, .seg = MGP_SEG_REPLY}},
               NULL, 0, 0, 64);
   } else {
      die_setup("rogue: unknown kind %s", kind);
   }
   /* The end of what this client says: a server that took it all closes, without a FATAL. */
   shutdown(fd, SHUT_WR);
}

static int
mode_rogue(const char *kind, const char *hostport)
{
   int fd = rogue_connect(hostport);
   /* Nothing the server does may hold a rogue longer than this. */
   struct timeval tv = {.tv_sec = 20};
   setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
   if (!strcmp(kind, "wrong-token"))
      return rogue_wrong_token(fd);
   if (!strcmp(kind, "large-frames"))
      return rogue_large_frames(fd);
   if (!strcmp(kind, "unread-events"))
      return rogue_unread_events(fd);
   if (!strcmp(kind, "garbage")) {
      uint8_t junk[256];
      for (unsigned i = 0; i < sizeof(junk); i++)
         junk[i] = (uint8_t)(i * 37 + 11);
      put(fd, junk, sizeof(junk));
   } else {
      if (!rogue_hello(fd, kind, getenv("MGL_SERVER_TOKEN"), 1u << 20))
         return 1; /* these kinds are meant to get past the handshake */
      _Alignas(16) uint8_t rec[4096];
      if (!strcmp(kind, "bad-call")) {
         uint32_t n = make_record(rec, MGP_CALL_flush, 1);
         struct mgp_record_header h = {n, 0x7ffe, 1};
         memcpy(rec, &h, sizeof(h));
         put_record(fd, rec, n, NULL, 0);
      } else if (!strcmp(kind, "truncated-record")) {
         /* The record says it is 64 bytes longer than the frame carries. */
         uint32_t n = make_record(rec, MGP_CALL_context_create, 0);
         struct mgp_record_header h = {n + 64, MGP_CALL_context_create, 0};
         memcpy(rec, &h, sizeof(h));
         put_record(fd, rec, n, NULL, 0);
      } else if (!strcmp(kind, "span-out-of-bounds")) {
         /* resource_subdata naming 4 KiB of a 64-byte inline area. */
         uint32_t n = make_record(rec, MGP_CALL_resource_subdata, 1);
         const struct mgp_call_info *ci = &mgp_call_info[MGP_CALL_resource_subdata];
         struct mgp_span sp = {.ptr = NULL, .size = 4096, .seg = MGP_SEG_INLINE, .offset = 0};
         memcpy(rec + sizeof(struct mgp_record_header) + ci->spans[0].offset, &sp, sizeof(sp));
         uint8_t inl[64] = {0};
         /* A context first, so the record is not stale before it is out of bounds. */
         uint8_t cc[256];
         uint32_t cn = make_record(cc, MGP_CALL_context_create, 0);
         struct mgp_context_desc d = {.ctx = {1, 1}};
         memcpy(cc + sizeof(struct mgp_record_header), &d, sizeof(d));
         put_record(fd, cc, cn, NULL, 0);
         put_record(fd, rec, n, inl, sizeof(inl));
      } else if (!strcmp(kind, "stale-context")) {
         /* A draw-class call for a context that was never created. */
         uint32_t n = make_record(rec, MGP_CALL_flush, 9);
         put_record(fd, rec, n, NULL, 0);
      } else if (!strcmp(kind, "truncated-frame")) {
         /* A frame header promising 4 KiB, 16 bytes of it, then the end. */
         struct mgp_frame h = {.size = 4096, .kind = MGP_FRAME_RECORD, .a = 64};
         put(fd, &h, sizeof(h));
         put(fd, rec, 16);
         shutdown(fd, SHUT_WR);
      } else if (!strcmp(kind, "oversize-frame")) {
         /* 64 MiB announced by a client whose stage is 1 MiB (rogue_hello): refused at the
          * header, before the server waits for, or takes memory for, any of the body. */
         struct mgp_frame h = {.size = 64u << 20, .kind = MGP_FRAME_RECORD, .a = 64};
         put(fd, &h, sizeof(h));
      } else if (!strcmp(kind, "bad-frame-size")) {
         struct mgp_frame h = {.size = 13, .kind = MGP_FRAME_RECORD, .a = 8};
         put(fd, &h, sizeof(h));
      } else {
         rogue_decode_attack(fd, kind);
      }
   }
   /* What the server says: a refusal (garbage), or log lines and a FATAL, then the end. */
   if (!strcmp(kind, "garbage")) {
      struct mgp_welcome w;
      bool answered = get(fd, &w, sizeof(w));
      w.reason[sizeof(w.reason) - 1] = '\0';
      printf("rogue %s: %s%s\n", kind, answered ? "refused: " : "closed without an answer",
             answered ? w.reason : "");
      close(fd);
      return answered && w.magic == MGP_WELCOME_MAGIC && w.status == MGP_WELCOME_BAD_HELLO ? 0 : 1;
   }
   int rc = 1;
   for (;;) {
      struct mgp_frame h;
      if (!get(fd, &h, sizeof(h)))
         break;
      char body[4096] = "";
      if (h.size > sizeof(body) - 1 || !get(fd, body, h.size))
         break;
      if (h.kind == MGP_FRAME_FATAL) {
         printf("rogue %s: server failed the session: Fatal{%u, \"%s\"}\n", kind, h.a, body);
         rc = h.a == 0 ? 1 : 0;
      } else if (h.kind == MGP_FRAME_LOG) {
         printf("rogue %s: server log: %s\n", kind, body);
      }
   }
   close(fd);
   if (rc)
      printf("rogue %s: the server closed without a FATAL\n", kind);
   return rc;
}

int
main(int argc, char **argv)
{
   setvbuf(stdout, NULL, _IOLBF, 0);
   const char *fifo = NULL;
   bool swap = false, at_once = false, fence_wait = false, event_lost = false, self_fill = false;
   bool terminate_late = false, no_sync = false, draw_late = false;
   int linger_ms = 0;
   const char *args[4] = {0};
   int nargs = 0;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--wait") && i + 1 < argc)
         fifo = argv[++i];
      else if (!strcmp(argv[i], "--swap"))
         swap = true;
      else if (!strcmp(argv[i], "--at-once"))
         at_once = true;
      else if (!strcmp(argv[i], "--no-notify"))
         no_notify = true;
      else if (!strcmp(argv[i], "--hang"))
         hang = true;
      else if (!strcmp(argv[i], "--then-refused"))
         then_refused = true;
      else if (!strcmp(argv[i], "--fence-wait"))
         fence_wait = true;
      else if (!strcmp(argv[i], "--lost"))
         event_lost = true;
      else if (!strcmp(argv[i], "--self"))
         self_fill = true;
      else if (!strcmp(argv[i], "--terminate-at-exit"))
         terminate_late = true;
      else if (!strcmp(argv[i], "--no-sync"))
         no_sync = true;
      else if (!strcmp(argv[i], "--draw-at-exit"))
         draw_late = true;
      else if (!strcmp(argv[i], "--linger-ms") && i + 1 < argc)
         linger_ms = atoi(argv[++i]);
      else if (!strcmp(argv[i], "--leak-fd") && i + 1 < argc) {
         /* deliberately without O_CLOEXEC */
         if (open(argv[++i], O_RDWR | O_CREAT, 0600) < 0)
            die_setup("--leak-fd %s: %s", argv[i], strerror(errno));
      } else if (!strcmp(argv[i], "--upload") && i + 1 < argc)
         upload_kib = (unsigned)atoi(argv[++i]);
      else if (nargs < 4)
         args[nargs++] = argv[i];
   }
   if (nargs >= 1 && !strcmp(args[0], "fence-poll"))
      return mode_fence_poll();
   if (nargs >= 1 && !strcmp(args[0], "buffer-reads"))
      return mode_buffer_reads();
   if (nargs >= 1 && !strcmp(args[0], "query-poll"))
      return mode_query_poll();
   if (nargs >= 1 && !strcmp(args[0], "timer"))
      return mode_timer();
   if (nargs >= 1 && !strcmp(args[0], "timer-many"))
      return mode_timer_many();
   if (nargs >= 1 && !strcmp(args[0], "lost"))
      return mode_lost(fifo, swap, at_once, fence_wait);
   if (nargs >= 1 && !strcmp(args[0], "stall") && fifo)
      return mode_stall(fifo);
   if (nargs >= 2 && !strcmp(args[0], "frames"))
      return mode_frames(atoi(args[1]), fifo);
   if (nargs >= 1 && !strcmp(args[0], "refused"))
      return mode_refused();
   if (nargs >= 3 && !strcmp(args[0], "rogue"))
      return mode_rogue(args[1], args[2]);
   if (nargs >= 4 && !strcmp(args[0], "idle"))
      return mode_idle(args[1], atoi(args[2]), atoi(args[3]));
   if (nargs >= 3 && !strcmp(args[0], "alloc"))
      return mode_alloc(atoi(args[1]), atoi(args[2]));
   if (nargs >= 2 && !strcmp(args[0], "event-flood"))
      return mode_event_flood(atoi(args[1]), event_lost);
   if (nargs >= 2 && !strcmp(args[0], "exit-busy"))
      return mode_exit_busy(atoi(args[1]), terminate_late, no_sync, draw_late, linger_ms);
   if (nargs >= 1 && !strcmp(args[0], "staging-oom"))
      return mode_staging_oom();
   if (nargs >= 1 && !strcmp(args[0], "descriptor-oom"))
      return mode_descriptor_oom();
   if (nargs >= 1 && !strcmp(args[0], "leak-fill"))
      return mode_leak(true, false);
   if (nargs >= 1 && !strcmp(args[0], "leak-probe"))
      return mode_leak(self_fill, true);
   if (nargs >= 1 && !strcmp(args[0], "silent-server"))
      return mode_silent_server();
   if (nargs >= 1 && !strcmp(args[0], "full-server"))
      return mode_full_server();
   if (nargs >= 1 && !strcmp(args[0], "decline"))
      return mode_decline();
   fprintf(stderr,
           "usage: mgl-fault lost [--wait FIFO] [--swap] [--at-once] [--no-notify] [--hang]\n"
           "       [--then-refused] [--upload KIB] |\n"
           "       stall --wait FIFO |\n"
           "       frames N [--wait FIFO] | refused | decline | fence-poll | query-poll | timer | "
           "timer-many |\n"
           "       rogue KIND HOST:PORT | idle HOST:PORT N HOLD_S | silent-server |\n"
           "       full-server |\n"
           "       alloc MIB COUNT | event-flood N [--lost] | staging-oom | descriptor-oom | "
           "leak-fill |\n"
           "       leak-probe [--self]\n");
   return 2;
}
