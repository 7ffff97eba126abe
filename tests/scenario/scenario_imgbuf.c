/* scenario_imgbuf.c — image buffers (issue 20): a buffer texture bound to an image unit
 * (GL 4.2 ARB_shader_image_load_store's imageBuffer / iimageBuffer / uimageBuffer, ES 3.2's
 * and EXT_texture_buffer's). A compute shader and a fragment shader store through them; the
 * buffer's bytes are read back after GL_BUFFER_UPDATE_BARRIER_BIT and sampled through a
 * samplerBuffer after GL_TEXTURE_FETCH_BARRIER_BIT; imageAtomic* count through r32i and r32ui
 * ones; imageSize answers a glTexBufferRange's texels. The same shaders run in a GL core
 * context (#version 430), an OpenGL ES 3.2 one (#version 320 es, highp images) and an ES 3.1
 * one (#version 310 es with GL_EXT_texture_buffer and GL_OES_shader_image_atomic, where a
 * backend offers no ES 3.2: the GLES backend). Exact bytes, pixels and words. */
#include "scenario.h"

/* The context's OpenGL ES version (31, 32), 0 for GL. */
static int g_es;

/* The shaders' first lines for the context: GL 4.30, ESSL 3.20 or 3.10 with the extensions
 * (ESSL's images and samplerBuffer have no default precision: every one is declared highp). */
static const char *
header(bool es)
{
   if (!es)
      return "#version 430\n";
   return g_es >= 32 ? "#version 320 es\nprecision highp float;\nprecision highp int;\n"
                     : "#version 310 es\n#extension GL_EXT_texture_buffer : require\n"
                       "#extension GL_OES_shader_image_atomic : require\n"
                       "precision highp float;\nprecision highp int;\n";
}

static char *
with_header(bool es, const char *body)
{
   const char *h = header(es);
   char *s = malloc(strlen(h) + strlen(body) + 1);
   strcpy(s, h);
   strcat(s, body);
   return s;
}

static GLuint
compute(bool es, const char *body)
{
   char *src = with_header(es, body);
   GLuint p = must_compute(src);
   free(src);
   return p;
}

static GLuint
program(bool es, const char *vs_body, const char *fs_body)
{
   char *vs = with_header(es, vs_body), *fs = with_header(es, fs_body);
   GLuint p = link_program(vs, fs);
   free(vs);
   free(fs);
   return p;
}

/* A buffer of `size` bytes, each `fill`. */
static GLuint
filled_buffer(size_t size, uint8_t fill)
{
   uint8_t *init = malloc(size);
   memset(init, fill, size);
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_TEXTURE_BUFFER, b);
   gl.BufferData(GL_TEXTURE_BUFFER, (GLsizeiptr)size, init, GL_DYNAMIC_COPY);
   free(init);
   check_gl_error("a buffer for a buffer texture");
   return b;
}

/* A buffer texture of buffer b as `format` (the whole buffer, or size bytes from offset). */
static GLuint
buffer_texture(GLenum format, GLuint b, GLintptr offset, GLsizeiptr size)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_BUFFER, t);
   if (size)
      gl.TexBufferRange(GL_TEXTURE_BUFFER, format, b, offset, size);
   else
      gl.TexBuffer(GL_TEXTURE_BUFFER, format, b);
   check_gl_error("glTexBuffer(Range)");
   return t;
}

/* The buffer's bytes [0, size) through a read mapping (ES has no glGetBufferSubData). */
static void
imgbuf_read(GLuint b, size_t size, void *out)
{
   memset(out, 0xcd, size);
   gl.BindBuffer(GL_COPY_READ_BUFFER, b);
   const void *p = gl.MapBufferRange(GL_COPY_READ_BUFFER, 0, (GLsizeiptr)size, GL_MAP_READ_BIT);
   check_gl_error("glMapBufferRange(GL_MAP_READ_BIT)");
   if (p)
      memcpy(out, p, size);
   else
      fail("glMapBufferRange returned NULL");
   gl.UnmapBuffer(GL_COPY_READ_BUFFER);
   gl.BindBuffer(GL_COPY_READ_BUFFER, 0);
}

/* The RGBA8 texel compute and fragment stores write for index i (exact in unorm8). */
static void
texel_for(int i, uint8_t out[4])
{
   out[0] = (uint8_t)i;
   out[1] = (uint8_t)(255 - i);
   out[2] = (uint8_t)(i * 3);
   out[3] = 255;
}

/* 1. A compute shader stores 64 RGBA8 texels; the bytes read back after the barrier. */
static void
compute_stores(bool es)
{
   const char *cs = "layout(local_size_x = 64) in;\n"
                    "layout(rgba8, binding = 0) writeonly uniform highp imageBuffer u_out;\n"
                    "void main() {\n"
                    "  int i = int(gl_GlobalInvocationID.x);\n"
                    "  imageStore(u_out, i, vec4(float(i), float(255 - i), float((i * 3) & 255),\n"
                    "                            255.0) / 255.0);\n"
                    "}\n";
   GLuint p = compute(es, cs);
   GLuint b = filled_buffer(64 * 4, 0xee);
   GLuint t = buffer_texture(GL_RGBA8, b, 0, 0);
   gl.BindImageTexture(0, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
   check_gl_error("glBindImageTexture of a buffer texture");
   GLint name = -1;
   gl.GetIntegeri_v(GL_IMAGE_BINDING_NAME, 0, &name);
   if (name != (GLint)t)
      fail("GL_IMAGE_BINDING_NAME of unit 0 = %d, want the buffer texture %u", name, t);
   gl.UseProgram(p);
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   check_gl_error("an imageBuffer dispatch");
   uint8_t got[64 * 4];
   imgbuf_read(b, sizeof got, got);
   for (int i = 0; i < 64; i++) {
      uint8_t w[4];
      texel_for(i, w);
      if (memcmp(got + 4 * i, w, 4)) {
         fail("compute imageStore: texel %d = %02x%02x%02x%02x, want %02x%02x%02x%02x", i,
              got[4 * i], got[4 * i + 1], got[4 * i + 2], got[4 * i + 3], w[0], w[1], w[2], w[3]);
         break;
      }
   }
   if (!es) {
      /* and through glGetBufferSubData (GL only) */
      uint8_t again[64 * 4];
      memset(again, 0xcd, sizeof again);
      gl.BindBuffer(GL_TEXTURE_BUFFER, b);
      gl.GetBufferSubData(GL_TEXTURE_BUFFER, 0, sizeof again, again);
      check_gl_error("glGetBufferSubData of the stored buffer");
      if (memcmp(again, got, sizeof again))
         fail("glGetBufferSubData disagrees with the read map of the stored buffer");
   }
   gl.UseProgram(0);
   glDeleteTextures(1, &t);
   gl.DeleteBuffers(1, &b);
   gl.DeleteProgram(p);
}

/* 2. imageSize of a glTexBufferRange of 12 r32ui texels at the offset alignment: each of the
 * 12 gets imageSize * 100 + i, the bytes before and after the range stay. In GL, the same
 * buffer seen through an r32ui unit of an RGBA8 buffer texture (compatible by size). */
static void
ranged_size(bool es)
{
   GLint align = 0;
   glGetIntegerv(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT, &align);
   check_gl_error("GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT");
   if (align < 1 || align > 256)
      fail("GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT = %d", align);
   if (align < 4)
      align = 4;
   const size_t size = (size_t)align + 48 + 16;
   GLuint b = filled_buffer(size, 0x5a);
   GLuint t = buffer_texture(GL_R32UI, b, align, 48);
   /* an offset off the alignment is GL_INVALID_VALUE (GL 4.6 8.9) */
   if (align > 4) {
      gl.TexBufferRange(GL_TEXTURE_BUFFER, GL_R32UI, b, 4, 48);
      expect_gl_error(GL_INVALID_VALUE, "glTexBufferRange at an offset off the alignment");
   }
   const char *cs = "layout(local_size_x = 16) in;\n"
                    "layout(r32ui, binding = 3) uniform highp uimageBuffer u_r;\n"
                    "void main() {\n"
                    "  int i = int(gl_GlobalInvocationID.x);\n"
                    "  int n = imageSize(u_r);\n"
                    "  if (i < n)\n"
                    "    imageStore(u_r, i, uvec4(uint(n) * 100u + uint(i)));\n"
                    "}\n";
   GLuint p = compute(es, cs);
   gl.BindImageTexture(3, t, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
   gl.UseProgram(p);
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   check_gl_error("an imageSize dispatch");
   uint8_t *got = malloc(size);
   imgbuf_read(b, size, got);
   for (size_t k = 0; k < size; k++) {
      const bool in = k >= (size_t)align && k < (size_t)align + 48;
      uint8_t want = 0x5a;
      if (in) {
         const uint32_t word = 1200u + (uint32_t)((k - (size_t)align) / 4);
         want = (uint8_t)(word >> (8 * ((k - (size_t)align) % 4)));
      }
      if (got[k] != want) {
         fail("imageSize / ranged store: byte %zu = 0x%02x, want 0x%02x (imageSize is 12)", k,
              got[k], want);
         break;
      }
   }
   free(got);
   if (!es) {
      /* an RGBA8 buffer texture through an r32ui unit: the words land as they are */
      GLuint b2 = filled_buffer(16 * 4, 0);
      GLuint t2 = buffer_texture(GL_RGBA8, b2, 0, 0);
      gl.BindImageTexture(3, t2, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
      gl.DispatchCompute(1, 1, 1);
      gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
      check_gl_error("an r32ui unit of an RGBA8 buffer texture");
      uint32_t words[16];
      imgbuf_read(b2, sizeof words, words);
      for (int i = 0; i < 16; i++)
         if (words[i] != 1600u + (uint32_t)i) {
            fail("r32ui unit of an RGBA8 buffer texture: word %d = %u, want %u", i, words[i],
                 1600u + (uint32_t)i);
            break;
         }
      glDeleteTextures(1, &t2);
      gl.DeleteBuffers(1, &b2);
   }
   gl.UseProgram(0);
   glDeleteTextures(1, &t);
   gl.DeleteBuffers(1, &b);
   gl.DeleteProgram(p);
}

/* The colour the samplerBuffer draw reads at window pixel (x, y): what the fragment shader
 * stored for the pixel 32 to its left. */
static rgba8
stored_texel(const void *ctx, int x, int y)
{
   (void)ctx;
   rgba8 c;
   texel_for((y - 8) * 16 + (x - 40), c.c);
   return c;
}

/* 3. A fragment shader stores one RGBA8 texel per fragment of a 16x16 rectangle and counts its
 * fragments through a uimageBuffer; a samplerBuffer draw then reads the texels
 * (GL_TEXTURE_FETCH_BARRIER_BIT), and the bytes are read back (GL_BUFFER_UPDATE_BARRIER_BIT). */
static void
fragment_stores(bool es)
{
   GLint frag_images = 0;
   glGetIntegerv(GL_MAX_FRAGMENT_IMAGE_UNIFORMS, &frag_images);
   check_gl_error("GL_MAX_FRAGMENT_IMAGE_UNIFORMS");
   if (frag_images < 2) {
      if (!es)
         fail("GL_MAX_FRAGMENT_IMAGE_UNIFORMS = %d in a GL context", frag_images);
      skipped("fragment image stores (GL_MAX_FRAGMENT_IMAGE_UNIFORMS below 2)");
      return;
   }
   const char *vs = "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs_store = "layout(rgba8, binding = 1) writeonly uniform highp imageBuffer u_fb;\n"
                          "layout(r32ui, binding = 2) uniform highp uimageBuffer u_count;\n"
                          "out vec4 o;\n"
                          "void main() {\n"
                          "  ivec2 p = ivec2(gl_FragCoord.xy) - ivec2(8);\n"
                          "  int i = p.y * 16 + p.x;\n"
                          "  imageStore(u_fb, i, vec4(float(i & 255), float(255 - (i & 255)),\n"
                          "                           float((i * 3) & 255), 255.0) / 255.0);\n"
                          "  imageAtomicAdd(u_count, 0, 1u);\n"
                          "  imageAtomicMax(u_count, 1, uint(i));\n"
                          "  o = vec4(0.0, 1.0, 0.0, 1.0);\n"
                          "}\n";
   const char *fs_fetch = "uniform highp samplerBuffer u_tb;\n"
                          "out vec4 o;\n"
                          "void main() {\n"
                          "  ivec2 p = ivec2(gl_FragCoord.xy) - ivec2(40, 8);\n"
                          "  o = texelFetch(u_tb, p.y * 16 + p.x);\n"
                          "}\n";
   GLuint g = program(es, vs, fs_store);
   GLuint f = program(es, vs, fs_fetch);
   GLuint b = filled_buffer(256 * 4, 0xee);
   GLuint t = buffer_texture(GL_RGBA8, b, 0, 0);
   GLuint cb = filled_buffer(2 * 4, 0);
   GLuint ct = buffer_texture(GL_R32UI, cb, 0, 0);
   gl.BindImageTexture(1, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
   gl.BindImageTexture(2, ct, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
   check_gl_error("the fragment shader's image units");

   float xy[12], xy2[12];
   rect_vertices(xy, 8, 8, 24, 24);
   rect_vertices(xy2, 40, 8, 56, 24);
   mesh m = make_mesh(xy, 6);
   mesh m2 = make_mesh(xy2, 6);
   clear_to(V4(0, 0, 0, 1));
   gl.UseProgram(g);
   gl.BindVertexArray(m.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.MemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
   check_gl_error("a draw storing through imageBuffer");

   gl.UseProgram(f);
   gl.Uniform1i(uloc(f, "u_tb"), 0);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_BUFFER, t);
   gl.BindVertexArray(m2.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a samplerBuffer draw of the stored texels");
   model md;
   model_init(&md, V4(0, 0, 0, 1));
   model_rect(&md, 8, 8, 24, 24, to8(V4(0, 1, 0, 1)));
   model_rect_fn(&md, 40, 8, 56, 24, stored_texel, NULL);
   check_frame("fragment imageStore, then a samplerBuffer draw", &md);

   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   uint8_t got[256 * 4];
   imgbuf_read(b, sizeof got, got);
   for (int i = 0; i < 256; i++) {
      uint8_t w[4];
      texel_for(i, w);
      if (memcmp(got + 4 * i, w, 4)) {
         fail("fragment imageStore: texel %d = %02x%02x%02x%02x, want %02x%02x%02x%02x", i,
              got[4 * i], got[4 * i + 1], got[4 * i + 2], got[4 * i + 3], w[0], w[1], w[2], w[3]);
         break;
      }
   }
   uint32_t c[2];
   imgbuf_read(cb, sizeof c, c);
   if (c[0] != 256 || c[1] != 255)
      fail("fragment imageAtomicAdd / Max through a uimageBuffer: {%u, %u}, want {256, 255}", c[0],
           c[1]);

   gl.UseProgram(0);
   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m2.vao);
   gl.DeleteBuffers(1, &m2.vbo);
   GLuint ts[2] = {t, ct}, bs[2] = {b, cb};
   glDeleteTextures(2, ts);
   gl.DeleteBuffers(2, bs);
   gl.DeleteProgram(g);
   gl.DeleteProgram(f);
}

/* 4. Atomics in a compute shader: 256 invocations add into r32i texels through an
 * iimageBuffer and count, take the maximum, or bits and hand out unique slots through a
 * uimageBuffer (the value imageAtomicAdd returns). */
static void
compute_atomics(bool es)
{
   const char *cs = "layout(local_size_x = 64) in;\n"
                    "layout(r32i, binding = 5) uniform highp iimageBuffer u_i;\n"
                    "layout(r32ui, binding = 6) uniform highp uimageBuffer u_u;\n"
                    "void main() {\n"
                    "  uint i = gl_GlobalInvocationID.x;\n"
                    "  imageAtomicAdd(u_i, int(i % 4u), int(i) - 100);\n"
                    "  imageAtomicMin(u_i, 4, -int(i));\n"
                    "  imageAtomicAdd(u_u, 0, 1u);\n"
                    "  imageAtomicMax(u_u, 1, i);\n"
                    "  imageAtomicOr(u_u, 2, 1u << (i % 32u));\n"
                    "  uint slot = imageAtomicAdd(u_u, 3, 1u);\n"
                    "  imageStore(u_u, 8 + int(slot), uvec4(i + 1u));\n"
                    "}\n";
   GLuint p = compute(es, cs);
   GLuint bi = filled_buffer(8 * 4, 0), bu = filled_buffer((8 + 256) * 4, 0);
   GLuint ti = buffer_texture(GL_R32I, bi, 0, 0), tu = buffer_texture(GL_R32UI, bu, 0, 0);
   gl.BindImageTexture(5, ti, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32I);
   gl.BindImageTexture(6, tu, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
   gl.UseProgram(p);
   gl.DispatchCompute(4, 1, 1);
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   check_gl_error("an imageBuffer atomics dispatch");
   int32_t wi[8];
   imgbuf_read(bi, sizeof wi, wi);
   /* sum over i = 4j + k, j < 64, of i - 100 = 4 * 2016 + 64k - 6400 */
   for (int k = 0; k < 4; k++)
      if (wi[k] != 1664 + 64 * k)
         fail("imageAtomicAdd through iimageBuffer: texel %d = %d, want %d", k, wi[k],
              1664 + 64 * k);
   if (wi[4] != -255 || wi[5] != 0)
      fail("imageAtomicMin through iimageBuffer: {%d, %d}, want {-255, 0}", wi[4], wi[5]);
   uint32_t *wu = malloc((8 + 256) * 4);
   imgbuf_read(bu, (8 + 256) * 4, wu);
   if (wu[0] != 256 || wu[1] != 255 || wu[2] != 0xffffffffu || wu[3] != 256)
      fail("imageAtomicAdd / Max / Or through uimageBuffer: {%u, %u, 0x%x, %u}, want {256, 255, "
           "0xffffffff, 256}",
           wu[0], wu[1], wu[2], wu[3]);
   bool seen[257] = {false};
   for (int s = 0; s < 256; s++) {
      const uint32_t v = wu[8 + s];
      if (v < 1 || v > 256 || seen[v]) {
         fail("imageAtomicAdd's returned slots: slot %d holds %u (a value 1..256 once each)", s, v);
         break;
      }
      seen[v] = true;
   }
   free(wu);
   gl.UseProgram(0);
   GLuint ts[2] = {ti, tu}, bs[2] = {bi, bu};
   glDeleteTextures(2, ts);
   gl.DeleteBuffers(2, bs);
   gl.DeleteProgram(p);
}

static void
image_buffer_run(bool es)
{
   GLint units = 0;
   glGetIntegerv(GL_MAX_IMAGE_UNITS, &units);
   if (glGetError() != GL_NO_ERROR || units < 8)
      fail("GL_MAX_IMAGE_UNITS = %d, below 8", units);
   compute_stores(es);
   ranged_size(es);
   fragment_stores(es);
   compute_atomics(es);
}

void
sc_image_buffer(void)
{
   image_buffer_run(false);
}

void
sc_image_buffer_es(void)
{
   g_es = es_version(32);
   image_buffer_run(true);
}

void
sc_image_buffer_es31(void)
{
   g_es = es_version(31);
   if (!has_ext("GL_EXT_texture_buffer") || !has_ext("GL_OES_shader_image_atomic"))
      fail("an ES 3.1 context without GL_EXT_texture_buffer and GL_OES_shader_image_atomic");
   image_buffer_run(true);
}
