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
   /* drawing with only a compute stage: no vertex stage */
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawArrays with a compute program");
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
