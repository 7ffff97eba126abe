/* scenario_atomic.c — GL 4.2 atomic counters (ARB_shader_atomic_counters, issue 20): the
 * GL_ATOMIC_COUNTER_BUFFER binding points and their errors, the limits, link errors, and
 * counters that a fragment shader and a compute shader advance, read back by the client. A
 * backend without storage buffers (the GLES backend) must refuse the target as GL 3.3 does. */
#include "scenario.h"

#include <string.h>

/* GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, or 0 where the context refuses the name (and the
 * target, which is then checked): only where it has no storage buffers either. */
static GLint
atomic_bindings(void)
{
   GLint n = -1;
   glGetIntegerv(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, &n);
   if (glGetError() == GL_NO_ERROR)
      return n;
   GLint ssbo = 0;
   glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &ssbo);
   if (glGetError() == GL_NO_ERROR && ssbo > 0)
      fail("GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS refused where %d storage bindings are offered",
           ssbo);
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ATOMIC_COUNTER_BUFFER, b);
   expect_gl_error(GL_INVALID_ENUM, "glBindBuffer(GL_ATOMIC_COUNTER_BUFFER) without the limits");
   gl.DeleteBuffers(1, &b);
   return 0;
}

/* A buffer of n words, each `fill`, bound to the generic GL_ATOMIC_COUNTER_BUFFER point. */
static GLuint
counter_buffer(unsigned n, uint32_t fill)
{
   uint32_t init[64];
   for (unsigned i = 0; i < n && i < 64; i++)
      init[i] = fill;
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ATOMIC_COUNTER_BUFFER, b);
   gl.BufferData(GL_ATOMIC_COUNTER_BUFFER, (GLsizeiptr)n * 4, init, GL_DYNAMIC_COPY);
   check_gl_error("glBufferData(GL_ATOMIC_COUNTER_BUFFER)");
   return b;
}

static const char *FS_COUNT = "#version 330 core\n"
                              "#extension GL_ARB_shader_atomic_counters : require\n"
                              "layout(binding = 1, offset = 4) uniform atomic_uint u_up;\n"
                              "layout(binding = 1, offset = 12) uniform atomic_uint u_down;\n"
                              "out vec4 o;\n"
                              "void main() {\n"
                              "  atomicCounterIncrement(u_up);\n"
                              "  atomicCounterDecrement(u_down);\n"
                              "  o = vec4(0.0, 1.0, 0.0, 1.0);\n"
                              "}\n";

static void
link_fails(const char *fs, const char *why)
{
   GLuint v = compile(GL_VERTEX_SHADER, VS_PIXELS);
   GLuint f = gl.CreateShader(GL_FRAGMENT_SHADER);
   gl.ShaderSource(f, 1, &fs, NULL);
   gl.CompileShader(f);
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, v);
   gl.AttachShader(p, f);
   gl.LinkProgram(p);
   GLint linked = 1;
   gl.GetProgramiv(p, GL_LINK_STATUS, &linked);
   if (linked)
      fail("%s: the program linked", why);
   gl.DeleteShader(v);
   gl.DeleteShader(f);
   gl.DeleteProgram(p);
}

void
sc_atomic_errors(void)
{
   const GLint n = atomic_bindings();
   if (n == 0) {
      skipped("atomic counters (the backend has no storage buffers)");
      return;
   }
   if (n < 1)
      fail("GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS = %d, below GL 4.2's 1", n);
   GLint v = 0;
   glGetIntegerv(GL_MAX_FRAGMENT_ATOMIC_COUNTERS, &v);
   if (v < 8)
      fail("GL_MAX_FRAGMENT_ATOMIC_COUNTERS = %d, below GL 4.2's 8", v);
   glGetIntegerv(GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE, &v);
   if (v < 32)
      fail("GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE = %d, below GL 4.2's 32", v);
   check_gl_error("glGet of the atomic counter limits");

   GLuint b = counter_buffer(16, 0);
   GLint bound = 0;
   glGetIntegerv(GL_ATOMIC_COUNTER_BUFFER_BINDING, &bound);
   if ((GLuint)bound != b)
      fail("GL_ATOMIC_COUNTER_BUFFER_BINDING = %d, want %u", bound, b);
   /* GL 4.2, 6.1.1: the offset a multiple of 4, the size positive, the index below the limit */
   gl.BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, b, 2, 8);
   expect_gl_error(GL_INVALID_VALUE, "glBindBufferRange(GL_ATOMIC_COUNTER_BUFFER) at offset 2");
   gl.BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, b, 4, 0);
   expect_gl_error(GL_INVALID_VALUE, "glBindBufferRange(GL_ATOMIC_COUNTER_BUFFER) of size 0");
   gl.BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, (GLuint)n, b);
   expect_gl_error(GL_INVALID_VALUE, "glBindBufferBase at GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS");
   gl.BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, b, 4, 8);
   check_gl_error("glBindBufferRange(GL_ATOMIC_COUNTER_BUFFER) at offset 4");
   GLint name = 0, start = 0, size = 0;
   gl.GetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_BINDING, 0, &name);
   gl.GetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_START, 0, &start);
   gl.GetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_SIZE, 0, &size);
   check_gl_error("glGetIntegeri_v of the atomic counter binding");
   if ((GLuint)name != b || start != 4 || size != 8)
      fail("atomic counter binding 0 = {%d, %d, %d}, want {%u, 4, 8}", name, start, size, b);
   gl.GetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_BINDING, (GLuint)n, &name);
   expect_gl_error(GL_INVALID_VALUE, "glGetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_BINDING, max)");
   /* a deleted buffer leaves the points */
   gl.DeleteBuffers(1, &b);
   gl.GetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_BINDING, 0, &name);
   glGetIntegerv(GL_ATOMIC_COUNTER_BUFFER_BINDING, &bound);
   if (name != 0 || bound != 0)
      fail("after glDeleteBuffers the atomic counter bindings read %d and %d, want 0", name, bound);

   /* GLSL 4.20 4.4.4.1: two counters of one binding may not share bytes */
   link_fails("#version 330 core\n"
              "#extension GL_ARB_shader_atomic_counters : require\n"
              "layout(binding = 0, offset = 0) uniform atomic_uint a;\n"
              "layout(binding = 0, offset = 0) uniform atomic_uint b;\n"
              "out vec4 o;\n"
              "void main() { o = vec4(float(atomicCounter(a) + atomicCounter(b))); }\n",
              "two counters at one binding and offset");
   link_fails("#version 330 core\n"
              "#extension GL_ARB_shader_atomic_counters : require\n"
              "layout(binding = 0, offset = 0) uniform atomic_uint a[2];\n"
              "layout(binding = 0, offset = 4) uniform atomic_uint b;\n"
              "out vec4 o;\n"
              "void main() { o = vec4(float(atomicCounter(a[1]) + atomicCounter(b))); }\n",
              "an array overlapping a counter");
   link_fails("#version 330 core\n"
              "#extension GL_ARB_shader_atomic_counters : require\n"
              "layout(binding = 64) uniform atomic_uint a;\n"
              "out vec4 o;\n"
              "void main() { o = vec4(float(atomicCounter(a))); }\n",
              "a binding at GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS");
   gl.MemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT);
   check_gl_error("glMemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT)");
}

/* Words [0, n) of buffer b against want[]: one failure naming the first difference. */
static void
expect_counters(const char *phase, const uint32_t *got, const uint32_t *want, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      if (got[i] != want[i]) {
         fail("%s: word %u = %u, want %u", phase, i, got[i], want[i]);
         return;
      }
}

/* A fragment shader counts the fragments of a 16x16 rectangle up and down; the client reads
 * the counts with glGetBufferSubData after one draw and glMapBufferRange after the next. */
void
sc_atomic_fragment_count(void)
{
   if (atomic_bindings() == 0) {
      skipped("atomic counters (the backend has no storage buffers)");
      return;
   }
   GLuint b = counter_buffer(8, 1000);
   gl.BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 1, b);
   GLuint g = link_program(VS_PIXELS, FS_COUNT);
   gl.UseProgram(g);
   float xy[12];
   rect_vertices(xy, 8, 8, 24, 24);
   mesh m = make_mesh(xy, 6);
   clear_to(V4(0, 0, 0, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw with atomic counters");
   model md;
   model_init(&md, V4(0, 0, 0, 1));
   model_rect(&md, 8, 8, 24, 24, to8(V4(0, 1, 0, 1)));
   check_frame("the counting draw's colour", &md);

   uint32_t got[8];
   read_buffer(b, 0, sizeof got, got);
   const uint32_t want1[8] = {1000, 1256, 1000, 744, 1000, 1000, 1000, 1000};
   expect_counters("glGetBufferSubData after one draw", got, want1, 8);

   /* no barrier: the mapped read makes the second draw's counts visible itself */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindBuffer(GL_ATOMIC_COUNTER_BUFFER, b);
   const uint32_t *mp = gl.MapBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, 32, GL_MAP_READ_BIT);
   check_gl_error("glMapBufferRange of the counter buffer");
   const uint32_t want2[8] = {1000, 1512, 1000, 488, 1000, 1000, 1000, 1000};
   if (mp) {
      memcpy(got, mp, sizeof got);
      expect_counters("glMapBufferRange after the second draw", got, want2, 8);
   }
   gl.UnmapBuffer(GL_ATOMIC_COUNTER_BUFFER);

   /* the binding point moves to a range 16 bytes in: the counters are words 5 and 7 */
   GLuint b2 = counter_buffer(16, 0);
   gl.BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 1, b2, 16, 32);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.MemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
   uint32_t got2[16];
   read_buffer(b2, 0, sizeof got2, got2);
   uint32_t want3[16] = {0};
   want3[5] = 256;
   want3[7] = (uint32_t)-256;
   expect_counters("a range 16 bytes in", got2, want3, 16);
   read_buffer(b, 0, sizeof got, got);
   expect_counters("the unbound buffer", got, want2, 8);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.UseProgram(0);
   gl.DeleteProgram(g);
   GLuint bufs[2] = {b, b2};
   gl.DeleteBuffers(2, bufs);
}

/* 256 compute invocations take unique values from a counter and write their index at it: the
 * counter ends at 256 and the storage buffer holds each index once. */
void
sc_atomic_compute_unique(void)
{
   if (atomic_bindings() == 0) {
      skipped("atomic counters (the backend has no storage buffers)");
      return;
   }
   enum { N = 256 };
   GLuint p = must_compute("#version 430\n"
                           "layout(local_size_x = 64) in;\n"
                           "layout(binding = 0, offset = 0) uniform atomic_uint u_next;\n"
                           "layout(std430, binding = 3) buffer Out { uint slot[]; };\n"
                           "void main() {\n"
                           "  uint i = atomicCounterIncrement(u_next);\n"
                           "  slot[i] = gl_GlobalInvocationID.x + 1u;\n"
                           "}\n");
   GLuint c = counter_buffer(1, 0);
   gl.BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, c);
   uint32_t *zero = calloc(N, 4);
   GLuint out;
   gl.GenBuffers(1, &out);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, out);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, N * 4, zero, GL_DYNAMIC_COPY);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, out);
   gl.UseProgram(p);
   gl.DispatchCompute(N / 64, 1, 1);
   check_gl_error("glDispatchCompute with an atomic counter");
   uint32_t count = 0;
   read_buffer(c, 0, 4, &count);
   if (count != N)
      fail("the counter after the dispatch = %u, want %u", count, N);
   uint32_t *got = calloc(N, 4);
   read_buffer(out, 0, N * 4, got);
   unsigned char *seen = calloc(N + 1, 1);
   for (unsigned i = 0; i < N; i++) {
      if (got[i] == 0 || got[i] > N || seen[got[i]]) {
         fail("slot %u = %u: not a fresh invocation index in [1, %u]", i, got[i], N);
         break;
      }
      seen[got[i]] = 1;
   }
   free(seen);
   free(got);
   free(zero);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   GLuint bufs[2] = {c, out};
   gl.DeleteBuffers(2, bufs);
}

/* atomic_function_args: atomic_uint function parameters (GLSL 4.20 4.1.7): a function taking a
 * counter and a uint, called with two counters, an element of a counter array by a constant
 * and by a uniform index, and a function that passes its own counter parameter on to another.
 * Over a 16x16 rectangle (256 fragments): a counts 256 up, b 512 down, c[1] 256 up, c[2] (the
 * uniform index) 256 up, and the colour is green where every call returned what it should. */
static const char *FS_ARGS = "#version 420\n"
                             "layout(binding = 2, offset = 0) uniform atomic_uint a;\n"
                             "layout(binding = 2, offset = 4) uniform atomic_uint b;\n"
                             "layout(binding = 2, offset = 8) uniform atomic_uint c[3];\n"
                             "uniform int u_index;\n"
                             "out vec4 o;\n"
                             "uint bump(atomic_uint z, uint k) {\n"
                             "  return atomicCounterIncrement(z) + k;\n"
                             "}\n"
                             "uint down(atomic_uint z) { return atomicCounterDecrement(z); }\n"
                             "uint twice(atomic_uint w) {\n"
                             "  down(w);\n"
                             "  return down(w);\n"
                             "}\n"
                             "void main() {\n"
                             "  uint x = bump(a, 1000u);\n"
                             "  twice(b);\n"
                             "  uint y = bump(c[1], 0u);\n"
                             "  uint z = bump(c[u_index], 0u);\n"
                             "  bool ok = x >= 1000u && x < 1256u && y < 256u && z < 256u;\n"
                             "  o = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
                             "}\n";

void
sc_atomic_function_args(void)
{
   if (atomic_bindings() == 0) {
      skipped("atomic counters (the backend has no storage buffers)");
      return;
   }
   GLuint buf = counter_buffer(8, 0);
   gl.BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 2, buf);
   GLuint g = link_program(VS_PIXELS, FS_ARGS);
   gl.UseProgram(g);
   gl.Uniform1i(uloc(g, "u_index"), 2);
   float xy[12];
   rect_vertices(xy, 8, 8, 24, 24);
   mesh m = make_mesh(xy, 6);
   clear_to(V4(0, 0, 0, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw calling functions with atomic_uint parameters");
   gl.MemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
   uint32_t got[8];
   read_buffer(buf, 0, sizeof got, got);
   const uint32_t want[8] = {256, (uint32_t)-512, 0, 256, 256, 0, 0, 0};
   expect_counters("counters passed to functions", got, want, 8);
   model md;
   model_init(&md, V4(0, 0, 0, 1));
   model_rect(&md, 8, 8, 24, 24, to8(V4(0, 1, 0, 1)));
   check_frame("every call returned a count in range", &md);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.UseProgram(0);
   gl.DeleteProgram(g);
   gl.DeleteBuffers(1, &buf);
}
