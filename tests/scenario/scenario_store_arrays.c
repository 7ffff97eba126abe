/* scenario_store_arrays.c — arrays of writable resources, each element at its own binding
 * (issue 21): a shader storage block array written through every element by a compute and a
 * fragment shader, one element moved by glShaderStorageBlockBinding; an image2D[2][2] stored
 * through every element. Every buffer and texture is read back, and the ones no element names
 * must keep their bytes (a write through a later element lost, or landing in the buffer a
 * previous program left bound, fails). */
#include "scenario.h"

enum { SA_N = 64 };

/* GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, or 0 where the context refuses the name. */
static GLint
storage_bindings(void)
{
   GLint n = -1;
   glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &n);
   if (glGetError() != GL_NO_ERROR)
      return 0;
   return n;
}

/* A storage buffer of SA_N words, each `fill`. */
static GLuint
fill_buffer(uint32_t fill)
{
   uint32_t init[SA_N];
   for (unsigned i = 0; i < SA_N; i++)
      init[i] = fill;
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, sizeof init, init, GL_DYNAMIC_COPY);
   check_gl_error("glBufferData of a storage buffer");
   return b;
}

/* Words [0, n) of buffer b are base + i * step; else one failure naming the first. */
static void
expect_ramp(const char *what, GLuint b, unsigned n, uint32_t base, uint32_t step)
{
   uint32_t got[SA_N];
   read_buffer(b, 0, (GLsizeiptr)n * 4, got);
   for (unsigned i = 0; i < n; i++)
      if (got[i] != base + i * step) {
         fail("%s: word %u = %u, want %u", what, i, got[i], base + i * step);
         return;
      }
}

/* Two blocks at slots the array's elements take next: their buffers stay bound on a backend
 * that binds only what a program names. */
static const char *CS_PAIR = "#version 430\n"
                             "layout(local_size_x = 16) in;\n"
                             "layout(std430, binding = 5) buffer A { uint w[]; } a;\n"
                             "layout(std430, binding = 6) buffer B { uint w[]; } b;\n"
                             "void main() {\n"
                             "  uint i = gl_GlobalInvocationID.x;\n"
                             "  a.w[i] = 500u + i;\n"
                             "  b.w[i] = 600u + i;\n"
                             "}\n";

static const char *CS_ARRAY = "#version 430\n"
                              "layout(local_size_x = 16) in;\n"
                              "layout(std430, binding = 1) buffer Out { uint w[]; } outs[3];\n"
                              "uniform uint u_add;\n"
                              "void main() {\n"
                              "  uint i = gl_GlobalInvocationID.x;\n"
                              "  outs[0].w[i] = 1000u + u_add + i;\n"
                              "  outs[1].w[i] = 2000u + u_add + i;\n"
                              "  outs[2].w[i] = 3000u + u_add + i;\n"
                              "}\n";

static const char *FS_ARRAY = "#version 430\n"
                              "layout(std430, binding = 2) buffer Hits { uint n[4]; } hits[3];\n"
                              "out vec4 o;\n"
                              "void main() {\n"
                              "  atomicAdd(hits[0].n[0], 1u);\n"
                              "  atomicAdd(hits[1].n[1], 2u);\n"
                              "  atomicAdd(hits[2].n[2], 3u);\n"
                              "  o = vec4(0.0, 1.0, 0.0, 1.0);\n"
                              "}\n";

/* The fragment stage's block array: a 16 x 16 rectangle adds 1, 2, 3 per fragment into word
 * 0, 1, 2 of the buffers at binding points 2, 3, 4. */
static void
block_array_fragment(void)
{
   GLint fs_blocks = 0;
   glGetIntegerv(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, &fs_blocks);
   check_gl_error("glGet GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS");
   if (fs_blocks < 3) {
      skipped("three storage blocks in a fragment shader");
      return;
   }
   GLuint p = link_program(VS_PIXELS, FS_ARRAY), hits[3];
   for (unsigned k = 0; k < 3; k++) {
      hits[k] = fill_buffer(0u);
      gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 2 + k, hits[k]);
   }
   float q[12];
   rect_vertices(q, 8.0f, 8.0f, 24.0f, 24.0f);
   mesh m = make_mesh(q, 6);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   gl.UseProgram(p);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   check_gl_error("the fragment block array's draw");
   for (unsigned k = 0; k < 3; k++) {
      uint32_t got[4];
      read_buffer(hits[k], 0, sizeof got, got);
      for (unsigned j = 0; j < 4; j++) {
         const uint32_t want = j == k ? 256u * (k + 1) : 0u;
         if (got[j] != want)
            fail("fragment stage: hits[%u] word %u = %u, want %u", k, j, got[j], want);
      }
   }
   readback();
   model md;
   model_init(&md, V4(0.0f, 0.0f, 0.0f, 1.0f));
   model_rect(&md, 8, 8, 24, 24, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("the fragment block array's draw", &md);
   gl.UseProgram(0);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteBuffers(3, hits);
   gl.DeleteProgram(p);
}

void
sc_ssbo_block_array(void)
{
   if (storage_bindings() < 8) {
      skipped("eight storage buffer binding points");
      return;
   }
   /* a program of two blocks runs first: its buffers at the slots outs[1] and outs[2] take */
   GLuint pair = must_compute(CS_PAIR);
   GLuint pa = fill_buffer(0u), pb = fill_buffer(0u);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, pa);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, pb);
   gl.UseProgram(pair);
   gl.DispatchCompute(SA_N / 16, 1, 1);
   check_gl_error("the two-block dispatch");

   GLuint p = must_compute(CS_ARRAY);
   GLuint outs[3], moved = fill_buffer(0xdeadbeefu);
   for (unsigned k = 0; k < 3; k++) {
      outs[k] = fill_buffer(0xdeadbeefu);
      gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1 + k, outs[k]);
   }
   gl.UseProgram(p);
   gl.Uniform1ui(uloc(p, "u_add"), 0u);
   gl.DispatchCompute(SA_N / 16, 1, 1);
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   check_gl_error("the block array's dispatch");
   static const char *const elem[3] = {"outs[0]", "outs[1]", "outs[2]"};
   for (unsigned k = 0; k < 3; k++)
      expect_ramp(elem[k], outs[k], SA_N, 1000u * (k + 1), 1u);
   expect_ramp("the first program's block A", pa, SA_N, 500u, 1u);
   expect_ramp("the first program's block B", pb, SA_N, 600u, 1u);

   /* each element has its own binding point: Out[1] moves to point 7, the others stay */
   const GLuint idx = gl.GetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "Out[1]");
   if (idx == GL_INVALID_INDEX)
      fail("no storage block Out[1]");
   gl.ShaderStorageBlockBinding(p, idx, 7);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, moved);
   gl.Uniform1ui(uloc(p, "u_add"), 100u);
   gl.DispatchCompute(SA_N / 16, 1, 1);
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   check_gl_error("the dispatch after glShaderStorageBlockBinding");
   expect_ramp("outs[0] again", outs[0], SA_N, 1100u, 1u);
   expect_ramp("outs[1] moved to binding point 7", moved, SA_N, 2100u, 1u);
   expect_ramp("binding point 2, no longer outs[1]'s", outs[1], SA_N, 2000u, 1u);
   expect_ramp("outs[2] again", outs[2], SA_N, 3100u, 1u);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteProgram(pair);
   GLuint bufs[6] = {outs[0], outs[1], outs[2], moved, pa, pb};
   gl.DeleteBuffers(6, bufs);

   block_array_fragment();
}

static const char *CS_IMAGES = "#version 430\n"
                               "#extension GL_ARB_arrays_of_arrays : require\n"
                               "layout(local_size_x = 4, local_size_y = 4) in;\n"
                               "layout(rgba8, binding = 2) writeonly uniform image2D imgs[2][2];\n"
                               "void main() {\n"
                               "  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
                               "  imageStore(imgs[0][0], p, vec4(1.0, 0.0, 0.0, 1.0));\n"
                               "  imageStore(imgs[0][1], p, vec4(0.0, 1.0, 0.0, 1.0));\n"
                               "  imageStore(imgs[1][0], p, vec4(0.0, 0.0, 1.0, 1.0));\n"
                               "  imageStore(imgs[1][1], p, vec4(1.0, 1.0, 0.0, 1.0));\n"
                               "}\n";

void
sc_image_array_store(void)
{
   GLint units = -1, cs_images = -1;
   glGetIntegerv(GL_MAX_IMAGE_UNITS, &units);
   glGetIntegerv(GL_MAX_COMPUTE_IMAGE_UNIFORMS, &cs_images);
   if (glGetError() != GL_NO_ERROR || units < 7 || cs_images < 4 ||
       !has_ext("GL_ARB_arrays_of_arrays")) {
      skipped("four image uniforms of a compute shader at units 2..6, arrays of arrays");
      return;
   }
   static const uint8_t want[4][4] = {
      {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 0, 255}};
   static const uint8_t grey[4] = {0x80, 0x80, 0x80, 0x80};
   uint8_t init[4 * 4 * 4];
   for (unsigned i = 0; i < 16; i++)
      memcpy(init + 4 * i, grey, 4);
   /* units 2..5: imgs[0][0], [0][1], [1][0], [1][1]; unit 6 no element's */
   GLuint tex[5];
   glGenTextures(5, tex);
   for (unsigned k = 0; k < 5; k++) {
      glBindTexture(GL_TEXTURE_2D, tex[k]);
      gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, init);
      gl.BindImageTexture(2 + k, tex[k], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
   }
   check_gl_error("the image units");
   GLuint p = must_compute(CS_IMAGES);
   gl.UseProgram(p);
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
   check_gl_error("the image array's dispatch");
   for (unsigned k = 0; k < 5; k++) {
      uint8_t got[4 * 4 * 4];
      memset(got, 0xee, sizeof got);
      glBindTexture(GL_TEXTURE_2D, tex[k]);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
      check_gl_error("glGetTexImage of an image unit's texture");
      const uint8_t *w = k < 4 ? want[k] : grey;
      for (unsigned i = 0; i < 16; i++)
         if (memcmp(got + 4 * i, w, 4)) {
            fail("unit %u (%s) texel %u = %02x%02x%02x%02x, want %02x%02x%02x%02x", 2 + k,
                 k < 4 ? "an element of imgs" : "no element's", i, got[4 * i], got[4 * i + 1],
                 got[4 * i + 2], got[4 * i + 3], w[0], w[1], w[2], w[3]);
            break;
         }
   }
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   glDeleteTextures(5, tex);
}
