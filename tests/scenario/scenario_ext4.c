/* scenario_ext4.c — small GL 4.x extensions a 3.3 core context may list: buffer clears
 * (ARB_clear_buffer_object), GL_MIRROR_CLAMP_TO_EDGE (ARB_texture_mirror_clamp_to_edge) and the
 * depth offset clamp (ARB_polygon_offset_clamp). Each part runs where the extension is listed. */
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

/* A buffer of 16 RGBA8 colours filled by glClearBufferData / glClearBufferSubData (converted
 * from float, taken as bytes, written as R32UI words, zeros from NULL), read as a per-instance
 * colour attribute (every fourth colour) by four 16-pixel columns; then a 5 MiB buffer (more
 * than one upload piece) cleared and its ends read back. */
void
sc_clear_buffer(void)
{
   if (!has_ext("GL_ARB_clear_buffer_object")) {
      skipped("GL_ARB_clear_buffer_object is not listed");
      return;
   }
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "layout(location = 1) in vec4 a_color;\n"
                    "flat out vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  vec2 p = a_pos + vec2(16.0 * float(gl_InstanceID), 0.0);\n"
                    "  gl_Position = vec4(p / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "#version 330 core\n"
                    "flat in vec4 v_color;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = v_color; }\n";
   GLubyte init[64];
   for (int i = 0; i < 64; i++)
      init[i] = (GLubyte)(i * 7);
   GLuint bo;
   gl.GenBuffers(1, &bo);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, bo);
   gl.BufferData(GL_COPY_WRITE_BUFFER, sizeof init, init, GL_DYNAMIC_DRAW);
   const float green[4] = {0.f, 1.f, 0.f, 1.f};
   gl.ClearBufferData(GL_COPY_WRITE_BUFFER, GL_RGBA8, GL_RGBA, GL_FLOAT, green);
   const GLubyte red[4] = {255, 0, 0, 255};
   gl.ClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_RGBA8, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, red);
   const GLuint blue = 0xffff0000u; /* bytes 00 00 ff ff */
   gl.ClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32UI, 32, 16, GL_RED_INTEGER, GL_UNSIGNED_INT,
                         &blue);
   gl.ClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_RG16UI, 48, 16, GL_RG_INTEGER, GL_UNSIGNED_SHORT,
                         NULL);
   check_gl_error("glClearBuffer{Sub,}Data");
   gl.ClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_RGBA32F, 8, 16, GL_RGBA, GL_FLOAT, green);
   expect_gl_error(GL_INVALID_VALUE, "glClearBufferSubData at an offset no multiple of 16");
   gl.ClearBufferData(GL_COPY_WRITE_BUFFER, GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, red);
   expect_gl_error(GL_INVALID_ENUM, "glClearBufferData of GL_RGB8");
   gl.ClearBufferData(GL_COPY_WRITE_BUFFER, GL_R32UI, GL_RED, GL_FLOAT, green);
   expect_gl_error(GL_INVALID_OPERATION, "glClearBufferData of float data into GL_R32UI");
   gl.MapBufferRange(GL_COPY_WRITE_BUFFER, 0, 4, GL_MAP_WRITE_BIT);
   gl.ClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R8, 0, 8, GL_RED, GL_UNSIGNED_BYTE, red);
   expect_gl_error(GL_INVALID_OPERATION, "glClearBufferSubData over a mapped range");
   gl.UnmapBuffer(GL_COPY_WRITE_BUFFER);

   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 16, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   gl.BindBuffer(GL_ARRAY_BUFFER, bo);
   gl.VertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 16, (void *)0);
   gl.VertexAttribDivisor(1, 1);
   gl.EnableVertexAttribArray(1);
   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, 4);
   check_gl_error("the instanced draw");
   model m;
   model_init(&m, bg);
   const rgba8 cols[4] = {
      {{0, 255, 0, 255}}, {{255, 0, 0, 255}}, {{0, 0, 255, 255}}, {{0, 0, 0, 0}}};
   for (int q = 0; q < 4; q++)
      model_rect(&m, 16 * q, 0, 16 * q + 16, 64, cols[q]);
   check_frame("colours cleared by glClearBuffer{Sub,}Data", &m);

   /* A buffer larger than one upload piece: every byte of the range, none past it. */
   const GLsizeiptr big = 5 << 20;
   GLuint bb;
   gl.GenBuffers(1, &bb);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, bb);
   gl.BufferData(GL_COPY_WRITE_BUFFER, big, NULL, GL_STATIC_DRAW);
   const GLuint word = 0x5a5a0101u;
   gl.ClearBufferData(GL_COPY_WRITE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &word);
   const GLushort half = 0xbeef;
   gl.ClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R16UI, big - 6, 4, GL_RED_INTEGER,
                         GL_UNSIGNED_SHORT, &half);
   check_gl_error("glClearBufferData of 5 MiB");
   GLuint head[2], tail[4];
   read_buffer(bb, 0, sizeof head, head);
   read_buffer(bb, big - 16, sizeof tail, tail);
   if (head[0] != word || head[1] != word || tail[0] != word || tail[1] != word ||
       tail[2] != 0xbeef0101u || tail[3] != 0x5a5abeefu)
      fail("5 MiB clear: head %08x %08x tail %08x %08x %08x %08x", head[0], head[1], tail[0],
           tail[1], tail[2], tail[3]);
   GLuint mid;
   read_buffer(bb, (4 << 20) + 4, sizeof mid, &mid); /* past the first upload piece */
   if (mid != word)
      fail("5 MiB clear: word at 4 MiB + 4 is %08x", mid);
   gl.DeleteBuffers(1, &bb);
   gl.DeleteBuffers(1, &bo);
}

/* A 4x1 texture of four colours sampled NEAREST from s = -2 to 2 across the surface: the top
 * half with GL_MIRROR_CLAMP_TO_EDGE (texel min(3, floor(4|s|))), the bottom half with
 * GL_MIRRORED_REPEAT through a sampler object (the pattern repeats mirrored). */
static const rgba8 mc_colours[4] = {
   {{255, 0, 0, 255}}, {{0, 255, 0, 255}}, {{0, 0, 255, 255}}, {{255, 255, 0, 255}}};

static rgba8
mirror_clamp_px(const void *ctx, int x, int y)
{
   (void)ctx;
   (void)y;
   const float s = (x + 0.5f) / 16.0f - 2.0f;
   const float a = s < 0 ? -s : s;
   int i = (int)(a * 4.0f);
   return mc_colours[i > 3 ? 3 : i];
}

static rgba8
mirrored_repeat_px(const void *ctx, int x, int y)
{
   (void)ctx;
   (void)y;
   /* s + 2 in [0, 4): mirrored every other unit */
   const float u = (x + 0.5f) / 16.0f;
   const int unit = (int)u;
   const int i = (int)((u - (float)unit) * 4.0f);
   return mc_colours[unit % 2 ? 3 - i : i];
}

void
sc_mirror_clamp(void)
{
   if (!has_ext("GL_ARB_texture_mirror_clamp_to_edge")) {
      skipped("GL_ARB_texture_mirror_clamp_to_edge is not listed");
      return;
   }
   const char *fs = "#version 330 core\n"
                    "uniform sampler2D u_tex;\n"
                    "in vec2 v_uv;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = texture(u_tex, vec2(v_uv.x * 4.0 - 2.0, 0.5)); }\n";
   GLuint tex, smp;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, mc_colours);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRROR_CLAMP_TO_EDGE);
   check_gl_error("GL_MIRROR_CLAMP_TO_EDGE wraps");
   GLint wrap = 0;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &wrap);
   if (wrap != GL_MIRROR_CLAMP_TO_EDGE)
      fail("GL_TEXTURE_WRAP_S reads 0x%x", wrap);
   gl.GenSamplers(1, &smp);
   gl.SamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);

   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
   clear_to(bg);
   GLuint p = link_program(VS_TEXTURED, fs);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   GLuint top = textured_quad_vao(0, 32, 64, 64);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   GLuint bottom = textured_quad_vao(0, 0, 64, 32);
   gl.BindSampler(0, smp);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindSampler(0, 0);
   check_gl_error("the wrapped draws");
   model m;
   model_init(&m, bg);
   model_rect_fn(&m, 0, 32, 64, 64, mirror_clamp_px, NULL);
   model_rect_fn(&m, 0, 0, 64, 32, mirrored_repeat_px, NULL);
   check_frame("GL_MIRROR_CLAMP_TO_EDGE (top) and GL_MIRRORED_REPEAT (bottom)", &m);
   gl.DeleteVertexArrays(1, &top);
   gl.DeleteVertexArrays(1, &bottom);
   gl.DeleteSamplers(1, &smp);
   glDeleteTextures(1, &tex);
}

/* A red quad at window depth 0.5 pushed back by 10^6 units of depth offset (about 0.06 in a
 * 24-bit or 0.5-exponent float buffer), clamped to 0.01 on the left half, unclamped on the
 * right; then a green quad at depth 0.53 with GL_LESS: hidden on the left, drawn on the right. */
void
sc_polygon_offset_clamp(void)
{
   if (!has_ext("GL_ARB_polygon_offset_clamp")) {
      skipped("GL_ARB_polygon_offset_clamp is not listed");
      return;
   }
   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
   clear_to(bg);
   GLuint p = solid_program();
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glEnable(GL_POLYGON_OFFSET_FILL);
   glEnable(GL_SCISSOR_TEST);
   set_vec4(p, "u_color", V4(1, 0, 0, 1));
   gl.PolygonOffsetClamp(0.0f, 1e6f, 0.01f);
   GLfloat clamp = 0.0f;
   glGetFloatv(GL_POLYGON_OFFSET_CLAMP, &clamp);
   if (clamp != 0.01f)
      fail("GL_POLYGON_OFFSET_CLAMP reads %g", (double)clamp);
   glScissor(0, 0, 32, 64);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glPolygonOffset(0.0f, 1e6f); /* the clamp goes back to 0 */
   glGetFloatv(GL_POLYGON_OFFSET_CLAMP, &clamp);
   if (clamp != 0.0f)
      fail("GL_POLYGON_OFFSET_CLAMP after glPolygonOffset reads %g", (double)clamp);
   glScissor(32, 0, 32, 64);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_POLYGON_OFFSET_FILL);
   glDisable(GL_SCISSOR_TEST);
   set_vec4(p, "u_color", V4(0, 1, 0, 1));
   gl.Uniform1f(uloc(p, "u_z"), 0.06f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_DEPTH_TEST);
   check_gl_error("the offset draws");
   model m;
   model_init(&m, bg);
   model_rect(&m, 0, 0, 32, 64, (rgba8){{255, 0, 0, 255}});
   model_rect(&m, 32, 0, 64, 64, (rgba8){{0, 255, 0, 255}});
   check_frame("depth offset clamped (left) and not (right)", &m);
}
