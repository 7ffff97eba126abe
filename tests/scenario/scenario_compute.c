/* scenario_compute.c — GL 4.3 compute and shader storage at the API (issue 20): the
 * storage-buffer binding points against the device's offset alignment, the compute limits, and
 * the errors of glDispatchCompute(Indirect), glMemoryBarrierByRegion and
 * glShaderStorageBlockBinding, and compute programs' link and GL_COMPUTE_WORK_GROUP_SIZE. A backend without storage buffers (the GLES backend) must refuse
 * the targets as GL 3.3 does. */
#include "scenario.h"

/* GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, or 0 where the context refuses the name. */
static GLint
ssbo_bindings(void)
{
   GLint n = -1;
   glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &n);
   if (glGetError() != GL_NO_ERROR)
      return 0;
   return n;
}

static void
storage_ranges(GLint n)
{
   GLint align = 0;
   glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &align);
   check_gl_error("glGet GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT");
   if (align <= 0 || align > 256 || (align & (align - 1)))
      fail("GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT = %d is not a power of two in [1, 256]",
           align);
   if (n < 8)
      fail("GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS = %d, below GL 4.3's 8", n);
   if (align <= 0 || align > 256)
      align = 256;

   GLuint buf;
   gl.GenBuffers(1, &buf);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, 4 * align, NULL, GL_DYNAMIC_COPY);
   check_gl_error("glBufferData(GL_SHADER_STORAGE_BUFFER)");
   GLint bound = 0;
   glGetIntegerv(GL_SHADER_STORAGE_BUFFER_BINDING, &bound);
   if ((GLuint)bound != buf)
      fail("GL_SHADER_STORAGE_BUFFER_BINDING = %d, want %u", bound, buf);

   if (align > 1) {
      gl.BindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, buf, align / 2, 16);
      expect_gl_error(GL_INVALID_VALUE, "glBindBufferRange at half the storage offset alignment");
   }
   gl.BindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, buf, align, 0);
   expect_gl_error(GL_INVALID_VALUE, "glBindBufferRange of size 0");
   gl.BindBufferRange(GL_SHADER_STORAGE_BUFFER, (GLuint)n, buf, 0, 16);
   expect_gl_error(GL_INVALID_VALUE, "glBindBufferRange at GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS");
   gl.BindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, buf, align, 16);
   check_gl_error("glBindBufferRange at the storage offset alignment");
   GLint b = 0, start = 0, size = 0;
   gl.GetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, 1, &b);
   gl.GetIntegeri_v(GL_SHADER_STORAGE_BUFFER_START, 1, &start);
   gl.GetIntegeri_v(GL_SHADER_STORAGE_BUFFER_SIZE, 1, &size);
   check_gl_error("glGetIntegeri_v of the storage binding");
   if ((GLuint)b != buf || start != align || size != 16)
      fail("storage binding 1 = {%d, %d, %d}, want {%u, %d, 16}", b, start, size, buf, align);
   gl.GetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, (GLuint)n, &b);
   expect_gl_error(GL_INVALID_VALUE, "glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, max)");
   /* deleting the buffer unbinds it from the indexed point too */
   gl.DeleteBuffers(1, &buf);
   gl.GetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, 1, &b);
   if (b != 0)
      fail("storage binding 1 = %d after glDeleteBuffers, want 0", b);
}

static void
compute_limits(void)
{
   static const GLint least_count[3] = {65535, 65535, 65535}, least_size[3] = {1024, 1024, 64};
   for (GLuint i = 0; i < 3; i++) {
      GLint c = 0, s = 0;
      gl.GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &c);
      gl.GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &s);
      check_gl_error("glGetIntegeri_v of the compute limits");
      if (c < least_count[i] || s < least_size[i])
         fail("GL_MAX_COMPUTE_WORK_GROUP_COUNT/SIZE[%u] = %d/%d, below GL 4.3's %d/%d", i, c, s,
              least_count[i], least_size[i]);
   }
   GLint c = 0;
   gl.GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 3, &c);
   expect_gl_error(GL_INVALID_VALUE, "glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 3)");
   GLint inv = 0;
   glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &inv);
   check_gl_error("glGet GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS");
   if (inv < 1024)
      fail("GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS = %d, below GL 4.3's 1024", inv);
}

static void
dispatch_errors(void)
{
   /* no program, then a program without a compute stage: GL_INVALID_OPERATION */
   gl.UseProgram(0);
   gl.DispatchCompute(1, 1, 1);
   expect_gl_error(GL_INVALID_OPERATION, "glDispatchCompute without a program");
   const char *fs = "#version 330 core\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.DispatchCompute(1, 1, 1);
   expect_gl_error(GL_INVALID_OPERATION, "glDispatchCompute with a vertex+fragment program");

   /* a program without storage blocks has no active block index 0 */
   gl.ShaderStorageBlockBinding(p, 0, 0);
   expect_gl_error(GL_INVALID_VALUE, "glShaderStorageBlockBinding of a program without blocks");
   gl.UseProgram(0);
   gl.DeleteProgram(p);

   /* barriers: a bit ByRegion does not take is GL_INVALID_VALUE; the rest are accepted */
   gl.MemoryBarrierByRegion(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
   expect_gl_error(GL_INVALID_VALUE, "glMemoryBarrierByRegion(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT)");
   gl.MemoryBarrierByRegion(GL_SHADER_STORAGE_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT);
   check_gl_error("glMemoryBarrierByRegion(storage | uniform)");
   gl.MemoryBarrier(GL_ALL_BARRIER_BITS);
   check_gl_error("glMemoryBarrier(GL_ALL_BARRIER_BITS)");
}

/* A program of one compute shader; 0 with *linked false when it fails (the log is kept). */
static GLuint
compute_program(const char *src, GLint *linked)
{
   GLuint sh = gl.CreateShader(GL_COMPUTE_SHADER);
   gl.ShaderSource(sh, 1, &src, NULL);
   gl.CompileShader(sh);
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, sh);
   gl.LinkProgram(p);
   gl.DeleteShader(sh);
   gl.GetProgramiv(p, GL_LINK_STATUS, linked);
   return p;
}

static void
compute_programs(void)
{
   const char *cs = "#version 430\n"
                    "layout(local_size_x = 4, local_size_y = 2) in;\n"
                    "uniform uint u_scale;\n"
                    "void main() { if (gl_GlobalInvocationID.x * u_scale > 1000u) return; }\n";
   GLint linked = 0;
   GLuint p = compute_program(cs, &linked);
   if (!linked) {
      char log[512] = "";
      gl.GetProgramInfoLog(p, sizeof log, NULL, log);
      fail("a #version 430 compute shader does not link: %s", log);
      return;
   }
   GLint size[3] = {0, 0, 0};
   gl.GetProgramiv(p, GL_COMPUTE_WORK_GROUP_SIZE, size);
   check_gl_error("glGetProgramiv(GL_COMPUTE_WORK_GROUP_SIZE)");
   if (size[0] != 4 || size[1] != 2 || size[2] != 1)
      fail("GL_COMPUTE_WORK_GROUP_SIZE = {%d, %d, %d}, want {4, 2, 1}", size[0], size[1], size[2]);

   /* dispatch counts over GL_MAX_COMPUTE_WORK_GROUP_COUNT: GL_INVALID_VALUE */
   gl.UseProgram(p);
   GLint max_x = 0;
   gl.GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &max_x);
   if (max_x > 0 && max_x < INT32_MAX) {
      gl.DispatchCompute((GLuint)max_x + 1, 1, 1);
      expect_gl_error(GL_INVALID_VALUE, "glDispatchCompute past GL_MAX_COMPUTE_WORK_GROUP_COUNT");
   }
   /* indirect, with a compute program current (drivers differ in which error comes first
    * otherwise): an unaligned offset is GL_INVALID_VALUE, no buffer or one too short
    * GL_INVALID_OPERATION */
   gl.DispatchComputeIndirect(2);
   expect_gl_error(GL_INVALID_VALUE, "glDispatchComputeIndirect(2)");
   gl.DispatchComputeIndirect(0);
   expect_gl_error(GL_INVALID_OPERATION, "glDispatchComputeIndirect without a buffer");
   GLuint ind;
   gl.GenBuffers(1, &ind);
   gl.BindBuffer(GL_DISPATCH_INDIRECT_BUFFER, ind);
   const GLuint groups[2] = {1, 1};
   gl.BufferData(GL_DISPATCH_INDIRECT_BUFFER, sizeof groups, groups, GL_STATIC_DRAW);
   check_gl_error("glBufferData(GL_DISPATCH_INDIRECT_BUFFER)");
   gl.DispatchComputeIndirect(0);
   expect_gl_error(GL_INVALID_OPERATION, "glDispatchComputeIndirect past an 8-byte buffer");
   gl.BindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
   gl.DeleteBuffers(1, &ind);
   /* drawing with only a compute stage: no active program for the vertex stage, whose results
    * GL 4.6 7.3 leaves undefined, "however, this is not an error" (the pixels are not checked) */
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   check_gl_error("glDrawArrays with a compute program");
   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(1, &vao);
   gl.ShaderStorageBlockBinding(p, 0, 0);
   expect_gl_error(GL_INVALID_VALUE, "glShaderStorageBlockBinding of a compute program's block 0");
   gl.UseProgram(0);

   /* a vertex+fragment program has no work-group size */
   const char *fs = "#version 330 core\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
   GLuint g = link_program(VS_PIXELS, fs);
   gl.GetProgramiv(g, GL_COMPUTE_WORK_GROUP_SIZE, size);
   expect_gl_error(GL_INVALID_OPERATION, "GL_COMPUTE_WORK_GROUP_SIZE of a graphics program");
   gl.DeleteProgram(g);
   gl.DeleteProgram(p);

   /* more invocations than the device's limit fail the link */
   GLint inv = 0;
   glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &inv);
   if (inv < 2048) {
      const char *big = "#version 430\n"
                        "layout(local_size_x = 32, local_size_y = 64) in;\n"
                        "void main() {}\n";
      p = compute_program(big, &linked);
      if (linked)
         fail("a 32x64 local size links with GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS = %d", inv);
      gl.DeleteProgram(p);
   }
   check_gl_error("a compute program that fails to link (no GL error)");
}

void
sc_compute_errors(void)
{
   GLint n = ssbo_bindings();
   if (n == 0) {
      /* no storage buffers on this backend: the GL 4.3 targets stay unknown */
      if (!on_mgl())
         die_setup("the reference GL has no GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS");
      /* only the GLES backend ("mgl (GLES: ...)") publishes no storage limits */
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (!renderer || !strstr(renderer, "(GLES:")) {
         fail("no GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS on renderer %s",
              renderer ? renderer : "(null)");
         return;
      }
      GLuint buf;
      gl.GenBuffers(1, &buf);
      gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
      expect_gl_error(GL_INVALID_ENUM, "glBindBuffer(GL_SHADER_STORAGE_BUFFER) without storage");
      gl.DeleteBuffers(1, &buf);
      gl.DispatchCompute(1, 1, 1);
      expect_gl_error(GL_INVALID_OPERATION, "glDispatchCompute without compute");
      skipped("storage and compute limits (the backend has neither)");
      return;
   }
   storage_ranges(n);
   compute_limits();
   dispatch_errors();
   compute_programs();
}

/* ---- compute that runs: storage blocks written, read back, drawn and dispatched indirectly -- */

/* A linked compute program, or a failure naming its log (scenario.h). */
GLuint
must_compute(const char *src)
{
   GLint linked = 0;
   GLuint p = compute_program(src, &linked);
   if (!linked) {
      char log[512] = "";
      gl.GetProgramInfoLog(p, sizeof log, NULL, log);
      fail("compute program does not link: %s", log);
   }
   return p;
}

/* A storage buffer of n words, each `fill`. */
static GLuint
words_buffer(unsigned n, uint32_t fill)
{
   uint32_t *init = malloc(n * 4u);
   for (unsigned i = 0; i < n; i++)
      init[i] = fill;
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, (GLsizeiptr)n * 4, init, GL_DYNAMIC_COPY);
   free(init);
   check_gl_error("glBufferData of a storage buffer");
   return b;
}

/* Words [0, n) of buffer b are want(i) for every i; else one failure naming the first. */
static void
expect_words(const char *phase, GLuint b, unsigned n, uint32_t (*want)(unsigned, const void *),
             const void *ctx)
{
   uint32_t *got = calloc(n, 4);
   read_buffer(b, 0, (GLsizeiptr)n * 4, got);
   for (unsigned i = 0; i < n; i++)
      if (got[i] != want(i, ctx)) {
         fail("%s: word %u = %u, want %u", phase, i, got[i], want(i, ctx));
         break;
      }
   free(got);
}

static uint32_t
want_affine(unsigned i, const void *ctx)
{
   const uint32_t *k = ctx; /* out[i] = in[i] * k[0] + i + k[1] */
   return (i * 7u + 1u) * k[0] + i + k[1];
}

static const char *CS_AFFINE = "#version 430\n"
                               "layout(local_size_x = 16) in;\n"
                               "layout(std430, binding = 2) buffer Out { uint o[]; };\n"
                               "layout(std430, binding = 5) readonly buffer In { uint v[]; } src;\n"
                               "uniform uint u_mul;\n"
                               "uniform uint u_add;\n"
                               "void main() {\n"
                               "  uint i = gl_GlobalInvocationID.x;\n"
                               "  o[i] = src.v[i] * u_mul + i + u_add;\n"
                               "}\n";

/* The program interface answers for the two blocks: names, layout bindings, sizes. */
static void
storage_block_queries(GLuint p)
{
   GLint n = -1;
   gl.GetProgramInterfaceiv(p, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES, &n);
   check_gl_error("GL_ACTIVE_RESOURCES of GL_SHADER_STORAGE_BLOCK");
   if (n != 2)
      fail("GL_SHADER_STORAGE_BLOCK active resources = %d, want 2", n);
   const char *names[2] = {"Out", "In"};
   const GLint bindings[2] = {2, 5};
   for (int k = 0; k < 2; k++) {
      GLuint idx = gl.GetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, names[k]);
      if (idx == GL_INVALID_INDEX) {
         fail("no storage block index for %s", names[k]);
         continue;
      }
      const GLenum props[3] = {GL_BUFFER_BINDING, GL_NAME_LENGTH, GL_REFERENCED_BY_COMPUTE_SHADER};
      GLint v[3] = {-1, -1, -1}, len = 0;
      gl.GetProgramResourceiv(p, GL_SHADER_STORAGE_BLOCK, idx, 3, props, 3, &len, v);
      check_gl_error("glGetProgramResourceiv of a storage block");
      if (len != 3 || v[0] != bindings[k] || v[1] != (GLint)strlen(names[k]) + 1 || v[2] != 1)
         fail("block %s: binding %d, name length %d, compute %d (%d values); want %d, %d, 1",
              names[k], v[0], v[1], v[2], len, bindings[k], (int)strlen(names[k]) + 1);
   }
   if (gl.GetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "Nope") != GL_INVALID_INDEX)
      fail("a storage block named Nope has an index");
   gl.ShaderStorageBlockBinding(p, 0, 99999);
   expect_gl_error(GL_INVALID_VALUE, "glShaderStorageBlockBinding past the binding points");
}

/* CS_AFFINE's buffers: `out` (binding 2) n words of `fill`, `in` (binding 5) word i = 7i + 1;
 * program p in use with u_mul and u_add set, and one dispatch of n / 16 groups. */
static void
affine_dispatch(GLuint p, unsigned n, uint32_t fill, uint32_t mul, uint32_t add, GLuint *out,
                GLuint *in)
{
   *out = words_buffer(n, fill);
   uint32_t *in_words = malloc(n * 4u);
   for (unsigned i = 0; i < n; i++)
      in_words[i] = i * 7u + 1u;
   gl.GenBuffers(1, in);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, *in);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, (GLsizeiptr)n * 4, in_words, GL_STATIC_DRAW);
   free(in_words);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, *out);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, *in);
   gl.UseProgram(p);
   gl.Uniform1ui(uloc(p, "u_mul"), mul);
   gl.Uniform1ui(uloc(p, "u_add"), add);
   gl.DispatchCompute(n / 16, 1, 1);
   check_gl_error("glDispatchCompute");
}

void
sc_compute_ssbo_readback(void)
{
   if (ssbo_bindings() == 0) {
      skipped("storage buffers (the backend has none)");
      return;
   }
   enum { N = 64 };
   GLuint p = must_compute(CS_AFFINE);
   storage_block_queries(p);
   GLuint out, in;
   affine_dispatch(p, N, 0xdeadbeefu, 3u, 1000u, &out, &in);
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   const uint32_t k1[2] = {3u, 1000u};
   expect_words("glGetBufferSubData after a dispatch", out, N, want_affine, k1);

   /* a mapped read sees the next dispatch's bytes too (no barrier: the readback makes the
    * writes visible itself) */
   gl.Uniform1ui(uloc(p, "u_add"), 5u);
   gl.DispatchCompute(N / 16, 1, 1);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, out);
   const uint32_t *m = gl.MapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, N * 4, GL_MAP_READ_BIT);
   check_gl_error("glMapBufferRange of the written storage buffer");
   const uint32_t k2[2] = {3u, 5u};
   for (unsigned i = 0; m && i < N; i++)
      if (m[i] != want_affine(i, k2)) {
         fail("mapped word %u = %u, want %u", i, m[i], want_affine(i, k2));
         break;
      }
   gl.UnmapBuffer(GL_SHADER_STORAGE_BUFFER);

   /* the block's binding point moved: the output goes to the buffer at point 7, a range at
    * the storage offset alignment */
   GLint align = 256;
   glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &align);
   GLuint out2 = words_buffer((unsigned)align / 4 + N, 0u);
   gl.ShaderStorageBlockBinding(p, gl.GetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "Out"),
                                7);
   gl.BindBufferRange(GL_SHADER_STORAGE_BUFFER, 7, out2, align, N * 4);
   check_gl_error("glShaderStorageBlockBinding / glBindBufferRange");
   gl.Uniform1ui(uloc(p, "u_mul"), 2u);
   gl.Uniform1ui(uloc(p, "u_add"), 0u);
   gl.DispatchCompute(N / 16, 1, 1);
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   uint32_t got[N + 64];
   read_buffer(out2, 0, align + N * 4, got);
   const uint32_t k3[2] = {2u, 0u};
   for (unsigned i = 0; i < (unsigned)align / 4; i++)
      if (got[i] != 0) {
         fail("word %u before the bound range = %u, want 0", i, got[i]);
         break;
      }
   for (unsigned i = 0; i < N; i++)
      if (got[align / 4 + i] != want_affine(i, k3)) {
         fail("rebound block: word %u = %u, want %u", i, got[align / 4 + i], want_affine(i, k3));
         break;
      }
   /* the old buffer kept the second dispatch's bytes */
   expect_words("the unbound buffer", out, N, want_affine, k2);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   GLuint bufs[3] = {out, in, out2};
   gl.DeleteBuffers(3, bufs);
}

/* compute_left_at_exit: a program that dispatched is still alive (and in use) when the context
 * and its display go: the server frees its compute pipeline with the rest (the validation lane
 * finds a pipeline left at vkDestroyDevice). The dispatch's words are checked first. */
void
sc_compute_left_at_exit(void)
{
   if (ssbo_bindings() == 0) {
      skipped("storage buffers (the backend has none)");
      return;
   }
   enum { N = 32 };
   GLuint p = must_compute(CS_AFFINE);
   GLuint out, in;
   affine_dispatch(p, N, 0u, 2u, 7u, &out, &in);
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   const uint32_t k[2] = {2u, 7u};
   expect_words("glGetBufferSubData after a dispatch", out, N, want_affine, k);
   /* p, out and in are left to the context's end */
}

/* A compute shader writes a rectangle's six vertices; after a vertex-attribute barrier the
 * same buffer is the draw's vertex buffer, and a fragment shader reads its colour from a
 * storage block (GL_ARB_shader_storage_buffer_object in GLSL 3.30). */
void
sc_compute_feeds_draw(void)
{
   if (ssbo_bindings() == 0) {
      skipped("storage buffers (the backend has none)");
      return;
   }
   const char *cs =
      "#version 430\n"
      "layout(local_size_x = 6) in;\n"
      "layout(std430, binding = 0) writeonly buffer Verts { vec2 xy[6]; };\n"
      "uniform vec4 u_rect;\n"
      "void main() {\n"
      "  const ivec2 c[6] = ivec2[6](ivec2(0,0), ivec2(1,0), ivec2(1,1),\n"
      "                              ivec2(0,0), ivec2(1,1), ivec2(0,1));\n"
      "  uint i = gl_LocalInvocationID.x;\n"
      "  xy[i] = vec2(c[i].x == 0 ? u_rect.x : u_rect.z, c[i].y == 0 ? u_rect.y : u_rect.w);\n"
      "}\n";
   GLuint p = must_compute(cs);
   GLuint vb;
   gl.GenBuffers(1, &vb);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, vb);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, 6 * 8, NULL, GL_DYNAMIC_COPY);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, vb);
   gl.UseProgram(p);
   set_vec4(p, "u_rect", V4(8, 16, 40, 48));
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
   check_gl_error("dispatch writing vertices");

   const char *fs = "#version 330 core\n"
                    "#extension GL_ARB_shader_storage_buffer_object : require\n"
                    "layout(std430) buffer Tint { vec4 tint; };\n"
                    "out vec4 o;\n"
                    "void main() { o = tint; }\n";
   GLuint g = link_program(VS_PIXELS, fs);
   GLuint tint;
   const float colour[4] = {0.0f, 1.0f, 0.0f, 1.0f};
   gl.GenBuffers(1, &tint);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, tint);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, sizeof colour, colour, GL_STATIC_DRAW);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, tint);
   gl.ShaderStorageBlockBinding(g, gl.GetProgramResourceIndex(g, GL_SHADER_STORAGE_BLOCK, "Tint"),
                                3);
   check_gl_error("the fragment shader's storage block");

   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.BindBuffer(GL_ARRAY_BUFFER, vb);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   clear_to(V4(0, 0, 0, 1));
   gl.UseProgram(g);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw from the compute-written buffer");
   model m;
   model_init(&m, V4(0, 0, 0, 1));
   model_rect(&m, 8, 16, 40, 48, to8(V4(0, 1, 0, 1)));
   check_frame("rectangle from compute-written vertices, storage-block colour", &m);

   /* the compute program moves the rectangle; the draw sees the new vertices */
   gl.UseProgram(p);
   set_vec4(p, "u_rect", V4(32, 0, 64, 24));
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
   clear_to(V4(0, 0, 0, 1));
   gl.UseProgram(g);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   model_init(&m, V4(0, 0, 0, 1));
   model_rect(&m, 32, 0, 64, 24, to8(V4(0, 1, 0, 1)));
   check_frame("after a second dispatch", &m);
   gl.UseProgram(0);
   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(p);
   gl.DeleteProgram(g);
   GLuint bufs[2] = {vb, tint};
   gl.DeleteBuffers(2, bufs);
}

static uint32_t
want_count(unsigned i, const void *ctx)
{
   const unsigned *groups = ctx; /* invocation i ran iff i < 8 * groups; it wrote 2 * (i + 1) */
   return i < 8u * *groups ? 2u * (i + 1u) : 0u;
}

/* One dispatch writes the next one's group count (a command barrier between them); a third
 * reads what the second wrote only after a storage barrier. */
void
sc_compute_indirect_barrier(void)
{
   if (ssbo_bindings() == 0) {
      skipped("storage buffers (the backend has none)");
      return;
   }
   enum { N = 64 };
   const char *cs_groups = "#version 430\n"
                           "layout(local_size_x = 1) in;\n"
                           "layout(std430, binding = 0) buffer Cmd { uint pad, gx, gy, gz; };\n"
                           "uniform uint u_groups;\n"
                           "void main() { gx = u_groups; gy = 1u; gz = 1u; }\n";
   const char *cs_fill =
      "#version 430\n"
      "layout(local_size_x = 8) in;\n"
      "layout(std430, binding = 1) buffer A { uint a[]; };\n"
      "void main() { a[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x + 1u; }\n";
   const char *cs_double = "#version 430\n"
                           "layout(local_size_x = 8) in;\n"
                           "layout(std430, binding = 1) readonly buffer A { uint a[]; };\n"
                           "layout(std430, binding = 2) writeonly buffer B { uint b[]; };\n"
                           "void main() { uint i = gl_GlobalInvocationID.x; b[i] = a[i] * 2u; }\n";
   GLuint pg = must_compute(cs_groups), pf = must_compute(cs_fill), pd = must_compute(cs_double);
   GLuint cmd = words_buffer(4, 0u), a = words_buffer(N, 0u), b = words_buffer(N, 0u);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, cmd);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, a);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, b);
   const unsigned groups = 5;
   gl.UseProgram(pg);
   gl.Uniform1ui(uloc(pg, "u_groups"), groups);
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_COMMAND_BARRIER_BIT);
   gl.BindBuffer(GL_DISPATCH_INDIRECT_BUFFER, cmd);
   gl.UseProgram(pf);
   gl.DispatchComputeIndirect(4); /* the three words after the pad word */
   check_gl_error("glDispatchComputeIndirect at 4");
   gl.MemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
   gl.UseProgram(pd);
   gl.DispatchComputeIndirect(4);
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   check_gl_error("dispatches and barriers");
   expect_words("indirect dispatch of a compute-written group count, then a barrier", b, N,
                want_count, &groups);
   gl.BindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
   gl.UseProgram(0);
   gl.DeleteProgram(pg);
   gl.DeleteProgram(pf);
   gl.DeleteProgram(pd);
   GLuint bufs[3] = {cmd, a, b};
   gl.DeleteBuffers(3, bufs);
}

static uint32_t
want_value(unsigned i, const void *ctx)
{
   (void)i;
   return *(const uint32_t *)ctx;
}

static void
set_groups(GLuint p, uint32_t x, uint32_t y, uint32_t z)
{
   gl.Uniform1ui(uloc(p, "u_x"), x);
   gl.Uniform1ui(uloc(p, "u_y"), y);
   gl.Uniform1ui(uloc(p, "u_z"), z);
}

/* Group counts over GL_MAX_COMPUTE_WORK_GROUP_COUNT in the indirect buffer (undefined in GL,
 * where no error can be raised: the GPU reads them) must not reach the device, which would run
 * the grid for minutes or lose itself for every session: such a dispatch runs nothing and the
 * server counts compute-grid-over-limit. The counts come from the client (glBufferData) and
 * from a shader (the GPU wrote them: no client-side check can see them); a valid dispatch after
 * them runs, and so does one from the same buffer after it is rewritten. */
void
sc_compute_indirect_over_limit(void)
{
   if (ssbo_bindings() == 0) {
      skipped("storage buffers (the backend has none)");
      return;
   }
   GLint max[3] = {0, 0, 0};
   for (GLuint i = 0; i < 3; i++)
      gl.GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &max[i]);
   check_gl_error("glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT)");
   const char *cs_groups = "#version 430\n"
                           "layout(local_size_x = 1) in;\n"
                           "layout(std430, binding = 0) buffer Cmd { uint pad, gx, gy, gz; };\n"
                           "uniform uint u_x, u_y, u_z;\n"
                           "void main() { gx = u_x; gy = u_y; gz = u_z; }\n";
   const char *cs_count = "#version 430\n"
                          "layout(local_size_x = 1) in;\n"
                          "layout(std430, binding = 1) buffer N { uint n; };\n"
                          "void main() { atomicAdd(n, 1u); }\n";
   GLuint pg = must_compute(cs_groups), pc = must_compute(cs_count);
   GLuint cmd = words_buffer(4, 0u), n = words_buffer(1, 0u);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, cmd);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, n);
   gl.BindBuffer(GL_DISPATCH_INDIRECT_BUFFER, cmd);
   const uint32_t zero = 0, three = 3;

   /* the client's bytes: one over the limit in x */
   const uint32_t host[4] = {0, (uint32_t)max[0] + 1u, 1, 1};
   gl.BufferSubData(GL_DISPATCH_INDIRECT_BUFFER, 0, sizeof(host), host);
   gl.UseProgram(pc);
   gl.DispatchComputeIndirect(4);
   check_gl_error("glDispatchComputeIndirect of a client-written count over the limit");
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   expect_words("a client-written group count over the limit in x", n, 1, want_value, &zero);

   /* a shader's: one over the limit in z */
   gl.UseProgram(pg);
   set_groups(pg, 1u, 1u, (uint32_t)max[2] + 1u);
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_COMMAND_BARRIER_BIT);
   gl.UseProgram(pc);
   gl.DispatchComputeIndirect(4);
   check_gl_error("glDispatchComputeIndirect of a shader-written count over the limit");
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   expect_words("a shader-written group count over the limit in z", n, 1, want_value, &zero);

   /* a shader's valid one runs */
   gl.UseProgram(pg);
   set_groups(pg, 3u, 1u, 1u);
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_COMMAND_BARRIER_BIT);
   gl.UseProgram(pc);
   gl.DispatchComputeIndirect(4);
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   expect_words("a shader-written group count of 3 after the refusals", n, 1, want_value, &three);

   /* all ones in y (4294967295 groups: hours on a CPU device), then a valid one again */
   const uint32_t huge[4] = {0, 1, UINT32_MAX, 1}, ok[4] = {0, 1, 2, 1};
   gl.BufferSubData(GL_DISPATCH_INDIRECT_BUFFER, 0, sizeof(huge), huge);
   gl.DispatchComputeIndirect(4);
   gl.BufferSubData(GL_DISPATCH_INDIRECT_BUFFER, 0, sizeof(ok), ok);
   gl.DispatchComputeIndirect(4);
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   check_gl_error("dispatches and barriers");
   const uint32_t five = 5;
   expect_words("a count of 2^32 - 1 groups in y, then 2", n, 1, want_value, &five);

   gl.BindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
   gl.UseProgram(0);
   gl.DeleteProgram(pg);
   gl.DeleteProgram(pc);
   GLuint bufs[2] = {cmd, n};
   gl.DeleteBuffers(2, bufs);
}
