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

/* GL 4.6 §13.8 ARB_clip_control: GL_UPPER_LEFT turns window y over (pixel-space y p lands at
 * 64 - p) and keeps facing as in clip space; GL_ZERO_TO_ONE takes window z from z_d itself and
 * clips below z_c = 0. Checked by pixels (a CCW and a CW rectangle with back faces culled, a
 * rectangle at z -0.5 clipped away, gl_FragCoord.y still window rows), by read-back depth, in
 * the window and in a framebuffer object, and the state: defaults, errors, back to GL's. */
static const char *FS_FRAGCOORD = "#version 330 core\n"
                                  "out vec4 o_color;\n"
                                  "void main() {\n"
                                  "  o_color = gl_FragCoord.y < 32.0 ? vec4(0, 1, 0, 1)\n"
                                  "                                  : vec4(0, 0, 1, 1);\n"
                                  "}\n";

static void
clip_control_draw(GLuint p, GLuint cw_vao, GLuint ccw_vao, GLuint low_vao)
{
   const GLint uz = uloc(p, "u_z");
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_BACK);
   gl.Uniform1f(uz, 0.25f);
   gl.BindVertexArray(ccw_vao); /* pixel rows [4, 20): window rows [44, 60), blue */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindVertexArray(cw_vao); /* clockwise in clip space: culled */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform1f(uz, -0.5f); /* below z_c = 0: clipped */
   glDisable(GL_CULL_FACE);
   gl.BindVertexArray(ccw_vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform1f(uz, 0.75f);
   gl.BindVertexArray(low_vao); /* pixel rows [40, 60): window rows [4, 24), green */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_DEPTH_TEST);
}

static void
clip_control_depths(const char *where)
{
   static const struct {
      int x, y;
      float d;
   } probe[] = {{12, 50, 0.25f}, {40, 10, 0.75f}, {12, 10, 1.0f}, {40, 50, 1.0f}};
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   for (size_t i = 0; i < sizeof probe / sizeof probe[0]; i++) {
      GLfloat dv = -1.0f;
      glReadPixels(probe[i].x, probe[i].y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &dv);
      if (fabsf(dv - probe[i].d) > 1e-5f)
         fail("%s: depth at (%d,%d) = %.7f, expected %.7f", where, probe[i].x, probe[i].y, dv,
              probe[i].d);
   }
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
}

void
sc_clip_control(void)
{
   if (!has_ext("GL_ARB_clip_control")) {
      /* every Vulkan device has what it needs (specialization constants) */
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && renderer && strstr(renderer, "(Vulkan:"))
         fail("GL_ARB_clip_control not listed on renderer %s", renderer);
      skipped("GL_ARB_clip_control is not listed");
      return;
   }
   GLint v = 0;
   glGetIntegerv(GL_CLIP_ORIGIN, &v);
   if (v != GL_LOWER_LEFT)
      fail("GL_CLIP_ORIGIN starts 0x%x", v);
   glGetIntegerv(GL_CLIP_DEPTH_MODE, &v);
   if (v != GL_NEGATIVE_ONE_TO_ONE)
      fail("GL_CLIP_DEPTH_MODE starts 0x%x", v);
   gl.ClipControl(GL_LOWER_LEFT + 7, GL_ZERO_TO_ONE);
   expect_gl_error(GL_INVALID_ENUM, "glClipControl with a bad origin");
   gl.ClipControl(GL_UPPER_LEFT, GL_ZERO_TO_ONE + 7);
   expect_gl_error(GL_INVALID_ENUM, "glClipControl with a bad depth mode");
   glGetIntegerv(GL_CLIP_ORIGIN, &v);
   if (v != GL_LOWER_LEFT)
      fail("GL_CLIP_ORIGIN after the errors 0x%x", v);

   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   glClearDepth(1.0);
   clear_to(bg);
   GLuint p = link_program(VS_PIXELS, FS_FRAGCOORD);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   float q[12];
   rect_vertices(q, 4, 4, 20, 20);
   mesh ccw = make_mesh(q, 6);
   const float cw_q[12] = {30, 4, 50, 20, 50, 4, 30, 4, 30, 20, 50, 20};
   mesh cw = make_mesh(cw_q, 6);
   rect_vertices(q, 30, 40, 50, 60);
   mesh low = make_mesh(q, 6);

   gl.ClipControl(GL_UPPER_LEFT, GL_ZERO_TO_ONE);
   check_gl_error("glClipControl(GL_UPPER_LEFT, GL_ZERO_TO_ONE)");
   glGetIntegerv(GL_CLIP_ORIGIN, &v);
   if (v != GL_UPPER_LEFT)
      fail("GL_CLIP_ORIGIN reads 0x%x", v);
   glGetIntegerv(GL_CLIP_DEPTH_MODE, &v);
   if (v != GL_ZERO_TO_ONE)
      fail("GL_CLIP_DEPTH_MODE reads 0x%x", v);
   clip_control_draw(p, cw.vao, ccw.vao, low.vao);
   check_gl_error("the clip-control draws");
   model m;
   model_init(&m, bg);
   model_rect(&m, 4, 44, 20, 60, (rgba8){{0, 0, 255, 255}});
   model_rect(&m, 30, 4, 50, 24, (rgba8){{0, 255, 0, 255}});
   check_frame("GL_UPPER_LEFT, GL_ZERO_TO_ONE in the window", &m);
   clip_control_depths("window");

   /* the same in a framebuffer object */
   GLuint fbo, rb[2];
   gl.GenRenderbuffers(2, rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT32F, W, H);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("RGBA8 + DEPTH_COMPONENT32F framebuffer incomplete");
   clear_to(bg);
   clip_control_draw(p, cw.vao, ccw.vao, low.vao);
   check_frame("GL_UPPER_LEFT, GL_ZERO_TO_ONE in a framebuffer object", &m);
   clip_control_depths("framebuffer object");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(2, rb);

   /* back to GL's: pixel rows are window rows, z 0.25 lands at 0.625 */
   gl.ClipControl(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
   clear_to(bg);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   gl.Uniform1f(uloc(p, "u_z"), 0.25f);
   gl.BindVertexArray(ccw.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_DEPTH_TEST);
   check_gl_error("the default clip space draw");
   model_init(&m, bg);
   model_rect(&m, 4, 4, 20, 20, (rgba8){{0, 255, 0, 255}});
   check_frame("GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE", &m);
   GLfloat dv = -1.0f;
   glReadPixels(12, 12, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &dv);
   if (fabsf(dv - 0.625f) > 1e-5f)
      fail("depth at (12,12) = %.7f, expected 0.625", dv);
   glDepthFunc(GL_LESS);
   mesh all[3] = {ccw, cw, low};
   for (int i = 0; i < 3; i++) {
      gl.DeleteBuffers(1, &all[i].vbo);
      gl.DeleteVertexArrays(1, &all[i].vao);
   }
   gl.DeleteProgram(p);
}

/* GL 4.6 §13.5 ARB_cull_distance in a GLSL 3.30 core context: a primitive whose vertices all
 * have a negative gl_CullDistance[i] is discarded, whatever GL_CLIP_DISTANCEi says. A vertex
 * shader culls the left of two rectangles by gl_VertexID, and its fragment shader reads the
 * interpolated distances (1 and 0.25 at the vertices: green where they arrive); a geometry
 * shader culls the lower two of four triangles by gl_PrimitiveIDIn, beside a clip distance.
 * The limits read 8, and gl_CullDistance without the directive does not compile. */
static const char *VS_CULL = "#version 330 core\n"
                             "#extension GL_ARB_cull_distance : require\n"
                             "layout(location = 0) in vec2 a_pos;\n"
                             "out float gl_CullDistance[2];\n"
                             "void main() {\n"
                             "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                             "  gl_CullDistance[0] = gl_VertexID < 6 ? -1.0 : 1.0;\n"
                             "  gl_CullDistance[1] = gl_MaxCullDistances == 8 ? 0.25 : -8.0;\n"
                             "}\n";
static const char *FS_CULL = "#version 330 core\n"
                             "#extension GL_ARB_cull_distance : enable\n"
                             "in float gl_CullDistance[2];\n"
                             "out vec4 o_color;\n"
                             "void main() {\n"
                             "#ifdef GL_ARB_cull_distance\n"
                             "  bool ok = abs(gl_CullDistance[0] - 1.0) < 0.01 &&\n"
                             "            abs(gl_CullDistance[1] - 0.25) < 0.01;\n"
                             "  o_color = ok ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1);\n"
                             "#else\n"
                             "  o_color = vec4(1, 1, 0, 1);\n"
                             "#endif\n"
                             "}\n";
/* (the extension enabled here too: a 3.30 vertex unit without it before a geometry unit with
 * it does not link, glslang's gl_PerVertex blocks differing) */
static const char *VS_CULL_PASS = "#version 330 core\n"
                                  "#extension GL_ARB_cull_distance : enable\n"
                                  "layout(location = 0) in vec2 a_pos;\n"
                                  "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, "
                                  "1.0); }\n";
static const char *GS_CULL = "#version 330 core\n"
                             "#extension GL_ARB_cull_distance : require\n"
                             "layout(triangles) in;\n"
                             "layout(triangle_strip, max_vertices = 3) out;\n"
                             "out float gl_CullDistance[1];\n"
                             "out float gl_ClipDistance[1];\n"
                             "void main() {\n"
                             "  for (int i = 0; i < 3; i++) {\n"
                             "    gl_Position = gl_in[i].gl_Position;\n"
                             "    gl_CullDistance[0] = gl_PrimitiveIDIn < 2 ? -2.0 : 2.0;\n"
                             "    gl_ClipDistance[0] = 1.0;\n"
                             "    EmitVertex();\n"
                             "  }\n"
                             "}\n";

void
sc_cull_distance(void)
{
   if (!has_ext("GL_ARB_cull_distance")) {
      /* lavapipe and the NVIDIA devices mgl is tested on have shaderCullDistance */
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && renderer && strstr(renderer, "(Vulkan:"))
         fail("GL_ARB_cull_distance not listed on renderer %s", renderer);
      GLint v = -1;
      glGetIntegerv(GL_MAX_CULL_DISTANCES, &v);
      expect_gl_error(GL_INVALID_ENUM, "GL_MAX_CULL_DISTANCES without the extension");
      skipped("GL_ARB_cull_distance is not listed");
      return;
   }
   GLint v = 0;
   glGetIntegerv(GL_MAX_CULL_DISTANCES, &v);
   if (v < 8)
      fail("GL_MAX_CULL_DISTANCES reads %d", v);
   glGetIntegerv(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES, &v);
   if (v < 8)
      fail("GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES reads %d", v);
   check_gl_error("the limits");

   /* GLSL 3.30 has no gl_CullDistance of its own */
   const char *bare = "#version 330 core\n"
                      "out float gl_CullDistance[1];\n"
                      "void main() { gl_Position = vec4(0.0); gl_CullDistance[0] = 1.0; }\n";
   GLuint s = gl.CreateShader(GL_VERTEX_SHADER);
   gl.ShaderSource(s, 1, &bare, NULL);
   gl.CompileShader(s);
   GLint ok = -1;
   gl.GetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (ok != GL_FALSE)
      fail("gl_CullDistance compiled in GLSL 3.30 without the extension");
   gl.DeleteShader(s);

   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   clear_to(bg);
   float q[24];
   rect_vertices(q, 4, 8, 28, 56);
   rect_vertices(q + 12, 36, 8, 60, 56);
   mesh two = make_mesh(q, 12);
   GLuint p = link_program(VS_CULL, FS_CULL);
   gl.UseProgram(p);
   glDrawArrays(GL_TRIANGLES, 0, 12);
   check_gl_error("the vertex-stage cull draw");
   model m;
   model_init(&m, bg);
   model_rect(&m, 36, 8, 60, 56, (rgba8){{0, 255, 0, 255}});
   check_frame("the left rectangle culled in the vertex stage", &m);

   /* the geometry stage: the lower rectangle's two triangles go, the clip plane enabled */
   clear_to(bg);
   rect_vertices(q, 8, 4, 56, 28);
   rect_vertices(q + 12, 8, 36, 56, 60);
   mesh two_rows = make_mesh(q, 12);
   GLuint g = link_program_gs(VS_CULL_PASS, GS_CULL, FS_UNIFORM);
   gl.UseProgram(g);
   set_vec4(g, "u_color", V4(0, 0, 1, 1));
   glEnable(GL_CLIP_DISTANCE0);
   glDrawArrays(GL_TRIANGLES, 0, 12);
   glDisable(GL_CLIP_DISTANCE0);
   check_gl_error("the geometry-stage cull draw");
   model_init(&m, bg);
   model_rect(&m, 8, 36, 56, 60, (rgba8){{0, 0, 255, 255}});
   check_frame("the lower rectangle culled in the geometry stage", &m);

   mesh all[2] = {two, two_rows};
   for (int i = 0; i < 2; i++) {
      gl.DeleteBuffers(1, &all[i].vbo);
      gl.DeleteVertexArrays(1, &all[i].vao);
   }
   gl.DeleteProgram(p);
   gl.DeleteProgram(g);
}

/* GL 4.6 ARB_texture_filter_anisotropic (and the EXT by the same enums) in a core context, as
 * es2_aniso checks ES's EXT: seven mip levels of one colour each, rectangles whose texture
 * coordinates step 16 texels a pixel across and 1 down; isotropic filtering takes level 4, a
 * maximum anisotropy of 16 samples along the long axis and takes level 0. The state: 1 by
 * default on textures and sampler objects, below 1 GL_INVALID_VALUE, the limit at least 2. */
void
sc_texture_filter_anisotropic(void)
{
   const bool arb = has_ext("GL_ARB_texture_filter_anisotropic");
   if (!arb || !has_ext("GL_EXT_texture_filter_anisotropic")) {
      if (on_mgl() && (arb || has_ext("GL_EXT_texture_filter_anisotropic")))
         fail("only one of GL_ARB/EXT_texture_filter_anisotropic listed");
      /* the Vulkan devices mgl is tested on have samplerAnisotropy (lavapipe, NVIDIA: 16) */
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && renderer && strstr(renderer, "(Vulkan:"))
         fail("GL_ARB_texture_filter_anisotropic not listed on renderer %s", renderer);
      GLuint t;
      glGenTextures(1, &t);
      glBindTexture(GL_TEXTURE_2D, t);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, 2.0f);
      expect_gl_error(GL_INVALID_ENUM, "GL_TEXTURE_MAX_ANISOTROPY without the extension");
      glDeleteTextures(1, &t);
      skipped("GL_ARB_texture_filter_anisotropic is not listed");
      return;
   }
   GLfloat maxa = 0.0f;
   glGetFloatv(GL_MAX_TEXTURE_MAX_ANISOTROPY, &maxa);
   check_gl_error("GL_MAX_TEXTURE_MAX_ANISOTROPY");
   if (maxa < 2.0f)
      fail("GL_MAX_TEXTURE_MAX_ANISOTROPY %g (at least 2)", (double)maxa);
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "layout(location = 1) in vec2 a_tc;\n"
                    "out vec2 v_tc;\n"
                    "void main() {\n"
                    "  v_tc = a_tc;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "#version 330 core\n"
                    "uniform sampler2D u_tex;\n"
                    "in vec2 v_tc;\n"
                    "out vec4 o;\n"
                    "void main() { o = texture(u_tex, v_tc); }\n";
   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   static const uint8_t level_rgb[7][3] = {{255, 0, 0},    {0, 255, 0},   {0, 0, 255},
                                           {255, 255, 0},  {0, 255, 255}, {255, 0, 255},
                                           {255, 255, 255}};
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   static uint8_t texels[64 * 64 * 4];
   for (int l = 0; l < 7; l++) {
      const int n = 64 >> l;
      for (int k = 0; k < n * n; k++) {
         memcpy(&texels[4 * k], level_rgb[l], 3);
         texels[4 * k + 3] = 255;
      }
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   }
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   GLfloat a = 0.0f;
   glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, &a);
   if (a != 1.0f)
      fail("GL_TEXTURE_MAX_ANISOTROPY starts at %g (1)", (double)a);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, 0.5f);
   expect_gl_error(GL_INVALID_VALUE, "GL_TEXTURE_MAX_ANISOTROPY 0.5");
   GLuint smp;
   gl.GenSamplers(1, &smp);
   gl.GetSamplerParameterfv(smp, GL_TEXTURE_MAX_ANISOTROPY, &a);
   if (a != 1.0f)
      fail("a sampler object's GL_TEXTURE_MAX_ANISOTROPY starts at %g (1)", (double)a);
   gl.SamplerParameterf(smp, GL_TEXTURE_MAX_ANISOTROPY, 0.0f);
   expect_gl_error(GL_INVALID_VALUE, "a sampler object's GL_TEXTURE_MAX_ANISOTROPY 0");
   gl.DeleteSamplers(1, &smp);
   check_gl_error("mip levels");

   const vec4f bg = V4(0, 0, 0, 1);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   for (int k = 0; k < 2; k++) {
      const float x0 = 8 + 32 * k, y0 = 24, x1 = x0 + 16, y1 = y0 + 16;
      const float q[12] = {x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1};
      const float tc[12] = {0, 0, 4, 0, 4, 0.25f, 0, 0, 4, 0.25f, 0, 0.25f};
      float data[24];
      for (int v = 0; v < 6; v++) {
         data[4 * v] = q[2 * v], data[4 * v + 1] = q[2 * v + 1];
         data[4 * v + 2] = tc[2 * v], data[4 * v + 3] = tc[2 * v + 1];
      }
      gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STREAM_DRAW);
      gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 16, (void *)0);
      gl.VertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 16, (void *)8);
      gl.EnableVertexAttribArray(0);
      gl.EnableVertexAttribArray(1);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY,
                      k ? (maxa < 16.0f ? maxa : 16.0f) : 1.0f);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      const uint8_t *c = level_rgb[k ? (maxa >= 16.0f ? 0 : 4 - (int)log2f(maxa)) : 4];
      model_rect(&m, (int)x0, (int)y0, (int)x1, (int)y1, (rgba8){{c[0], c[1], c[2], 255}});
   }
   check_gl_error("anisotropic draws");
   glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, &a);
   if (a != (maxa < 16.0f ? maxa : 16.0f))
      fail("GL_TEXTURE_MAX_ANISOTROPY reads %g", (double)a);
   check_frame("anisotropic filtering, 1 then the most up to 16", &m);
   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteBuffers(1, &vbo);
   glDeleteTextures(1, &t);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
}

/* A 1x1 RGBA8 texture of colour c. */
static GLuint
lb_texel(GLubyte r, GLubyte g, GLubyte b)
{
   const GLubyte c[4] = {r, g, b, 255};
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, c);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   return t;
}

/* GLSL 4.20's layout(binding = N) (ARB_shading_language_420pack): a uniform block and samplers
 * (one, and an array of two) read the binding point and units their layout names, with no API
 * call: the queries answer them and the pixels come from those units and that buffer; a
 * binding past the limits fails the link. */
void
sc_layout_binding(void)
{
   if (!has_ext("GL_ARB_shading_language_420pack")) {
      skipped("GL_ARB_shading_language_420pack is not listed");
      return;
   }
   const char *fs =
      "#version 330 core\n"
      "#extension GL_ARB_shading_language_420pack : require\n"
      "layout(std140, binding = 3) uniform Tint { vec4 tint; };\n"
      "layout(binding = 5) uniform sampler2D u_one;\n"
      "layout(binding = 6) uniform sampler2D u_two[2];\n"
      "in vec2 v_uv;\n"
      "out vec4 o_color;\n"
      "void main() {\n"
      "  vec4 c = v_uv.x < 0.5 ? texture(u_one, v_uv)\n"
      "          : (v_uv.y < 0.5 ? texture(u_two[0], v_uv) : texture(u_two[1], v_uv));\n"
      "  o_color = c * tint;\n"
      "}\n";
   GLuint p = link_program(VS_TEXTURED, fs);
   gl.UseProgram(p);
   GLint v = -1;
   const GLuint block = gl.GetUniformBlockIndex(p, "Tint");
   gl.GetActiveUniformBlockiv(p, block, GL_UNIFORM_BLOCK_BINDING, &v);
   if (v != 3)
      fail("layout(binding = 3) uniform block: GL_UNIFORM_BLOCK_BINDING %d", v);
   static const struct {
      const char *name;
      GLint unit;
   } samplers[] = {{"u_one", 5}, {"u_two[0]", 6}, {"u_two[1]", 7}};
   for (unsigned k = 0; k < 3; k++) {
      v = -1;
      gl.GetUniformiv(p, uloc(p, samplers[k].name), &v);
      if (v != samplers[k].unit)
         fail("layout(binding) sampler %s: unit %d, want %d", samplers[k].name, v,
              samplers[k].unit);
   }
   check_gl_error("the layout bindings' queries");

   /* nothing else bound at units 0 and binding point 0: a program that ignored the layout
    * would read black and no block */
   GLuint tex[3] = {lb_texel(255, 0, 0), lb_texel(0, 255, 0), lb_texel(0, 0, 255)};
   for (unsigned k = 0; k < 3; k++) {
      glActiveTexture(GL_TEXTURE0 + (GLenum)samplers[k].unit);
      glBindTexture(GL_TEXTURE_2D, tex[k]);
   }
   glActiveTexture(GL_TEXTURE0);
   const float tint[4] = {1.0f, 0.6f, 0.2f, 1.0f};
   GLuint ubo;
   gl.GenBuffers(1, &ubo);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
   gl.BufferData(GL_UNIFORM_BUFFER, sizeof(tint), tint, GL_STATIC_DRAW);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, 3, ubo);
   GLuint vao = textured_quad_vao(0, 0, 64, 64);
   clear_to(V4(0, 0, 0, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw through the layout bindings");
   model m;
   model_init(&m, V4(0, 0, 0, 1));
   model_rect(&m, 0, 0, 32, 64, to8(V4(1.0f, 0.0f, 0.0f, 1.0f)));
   model_rect(&m, 32, 0, 64, 32, to8(V4(0.0f, 0.6f, 0.0f, 1.0f)));
   model_rect(&m, 32, 32, 64, 64, to8(V4(0.0f, 0.0f, 0.2f, 1.0f)));
   check_frame("layout(binding) block and samplers", &m);

   /* past GL_MAX_UNIFORM_BUFFER_BINDINGS / GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: no compile */
   GLint max_ubo = 0, max_units = 0;
   glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &max_ubo);
   glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &max_units);
   for (int which = 0; which < 2; which++) {
      char bad[512];
      snprintf(bad, sizeof(bad),
               "#version 330 core\n"
               "#extension GL_ARB_shading_language_420pack : require\n"
               "layout(std140, binding = %d) uniform Tint { vec4 tint; };\n"
               "layout(binding = %d) uniform sampler2D u_one;\n"
               "out vec4 o_color;\n"
               "void main() { o_color = texture(u_one, vec2(0.5)) * tint; }\n",
               which ? 0 : max_ubo, which ? max_units : 0);
      /* GLSL 4.20 4.4.5 and 4.4.6: a compile-time error (so the program does not link) */
      GLuint vs = compile(GL_VERTEX_SHADER, VS_TEXTURED), f = gl.CreateShader(GL_FRAGMENT_SHADER);
      const char *bad_src = bad;
      gl.ShaderSource(f, 1, &bad_src, NULL);
      gl.CompileShader(f);
      GLint ok = -1;
      gl.GetShaderiv(f, GL_COMPILE_STATUS, &ok);
      if (ok != GL_FALSE)
         fail("a %s binding at the limit compiled", which ? "sampler" : "uniform block");
      GLuint q = gl.CreateProgram();
      gl.AttachShader(q, vs);
      gl.AttachShader(q, f);
      gl.LinkProgram(q);
      ok = -1;
      gl.GetProgramiv(q, GL_LINK_STATUS, &ok);
      if (ok != GL_FALSE)
         fail("a %s binding at the limit linked", which ? "sampler" : "uniform block");
      gl.DeleteProgram(q);
      gl.DeleteShader(vs);
      gl.DeleteShader(f);
   }
   check_gl_error("links past the binding limits");
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &ubo);
   gl.DeleteVertexArrays(1, &vao);
   glDeleteTextures(3, tex);
}

/* GL_ARB_robust_buffer_access_behavior and GL_KHR_robust_buffer_access_behavior (GL 4.6 §6.4;
 * MGP_CAP_ROBUST_BUFFER_ACCESS): listed together, and on the Vulkan backend. A dispatch reads and
 * writes a storage block far past the range bound to it: the reads give zero or values from
 * within the buffer, .length() is the range's, a write lands nowhere but in the buffer (another
 * buffer keeps its bytes), and nothing faults. A draw fetches a vertex far past the end of its
 * vertex buffers: no error, and the next draw renders as usual. */
void
sc_robust_buffer_access(void)
{
   const bool arb = has_ext("GL_ARB_robust_buffer_access_behavior");
   if (arb != has_ext("GL_KHR_robust_buffer_access_behavior"))
      fail("GL_ARB_robust_buffer_access_behavior listed %d, GL_KHR_ %d", arb, !arb);
   if (!arb) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && renderer && strstr(renderer, "(Vulkan:"))
         fail("GL_ARB_robust_buffer_access_behavior not listed on renderer %s", renderer);
      skipped("GL_ARB_robust_buffer_access_behavior is not listed");
      return;
   }
   static const char cs[] = "#version 430\n"
                            "layout(local_size_x = 1) in;\n"
                            "layout(std430, binding = 0) buffer Data { uint d[]; };\n"
                            "layout(std430, binding = 1) buffer Out { uint o[4]; };\n"
                            "uniform uint u_far;\n"
                            "void main() {\n"
                            "  o[0] = d[u_far];\n"
                            "  o[1] = d[u_far * 4096u];\n"
                            "  o[2] = uint(d.length());\n"
                            "  d[u_far] = 99u;\n"
                            "  d[u_far * 4096u + 3u] = 98u;\n"
                            "  o[3] = 1u;\n"
                            "}\n";
   enum { WORDS = 16, RANGE = 4 };
   uint32_t init[WORDS], sentinel[WORDS], outw[4] = {7, 7, 7, 7};
   for (unsigned i = 0; i < WORDS; i++)
      init[i] = 0x1000u + i, sentinel[i] = 0x5000u + i;
   GLuint b[3];
   gl.GenBuffers(3, b);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, b[0]);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, sizeof init, init, GL_DYNAMIC_COPY);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, b[1]);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, sizeof outw, outw, GL_DYNAMIC_COPY);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, b[2]);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, sizeof sentinel, sentinel, GL_DYNAMIC_COPY);
   gl.BindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, b[0], 0, RANGE * 4);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, b[1]);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, b[2]); /* bound, never named */
   GLuint p = must_compute(cs);
   gl.UseProgram(p);
   gl.Uniform1ui(uloc(p, "u_far"), 1000u);
   gl.DispatchCompute(1, 1, 1);
   check_gl_error("a dispatch past its storage range");
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   uint32_t got[WORDS];
   read_buffer(b[1], 0, sizeof outw, outw);
   if (outw[3] != 1u)
      fail("the dispatch did not run (o[3] = %u)", outw[3]);
   if (outw[2] != RANGE)
      fail("d.length() = %u, want the range's %u", outw[2], (unsigned)RANGE);
   for (unsigned k = 0; k < 2; k++) {
      bool within = outw[k] == 0u;
      for (unsigned i = 0; i < WORDS; i++)
         within |= outw[k] == init[i];
      if (!within)
         fail("read %u past the range gave 0x%x: neither zero nor a word of the buffer", k,
              outw[k]);
   }
   read_buffer(b[0], 0, sizeof got, got);
   for (unsigned i = 0; i < WORDS; i++)
      if (got[i] != init[i] && got[i] != 99u && got[i] != 98u)
         fail("data word %u = 0x%x after the writes past the range", i, got[i]);
   read_buffer(b[2], 0, sizeof got, got);
   if (memcmp(got, sentinel, sizeof got))
      fail("another storage buffer changed under writes past a range");
   gl.DeleteProgram(p);

   /* a vertex fetched past the end of its buffers, then an ordinary draw */
   const vec4f bg = V4(0.0f, 0.0f, 1.0f, 1.0f);
   clear_to(bg);
   GLuint prog = link_program(VS_PIXELS, FS_UNIFORM);
   gl.UseProgram(prog);
   gl.Uniform2f(uloc(prog, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(prog, "u_z"), 0.0f);
   set_vec4(prog, "u_color", V4(0.0f, 1.0f, 0.0f, 1.0f));
   const float tri[6] = {40, 40, 60, 40, 60, 60};
   const GLuint idx[6] = {0, 1, 100000, 0, 1, 2};
   GLuint vao, vb[2];
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(2, vb);
   gl.BindBuffer(GL_ARRAY_BUFFER, vb[0]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof tri, tri, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, vb[1]);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
   glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_INT, NULL);
   check_gl_error("a draw that fetches vertex 100000 of a 3-vertex buffer");
   glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_INT, (const void *)(3 * sizeof(GLuint)));
   check_gl_error("the draw after it");
   GLubyte px[4] = {0};
   glReadPixels(57, 43, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   if (px[0] != 0 || px[1] != 255 || px[2] != 0)
      fail("pixel (57,43) inside the ordinary triangle is %u,%u,%u", px[0], px[1], px[2]);
   /* (5,60): outside any triangle of the buffer's vertices or the origin's zeros */
   glReadPixels(5, 60, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   if (px[0] != 0 || px[1] != 0 || px[2] != 255)
      fail("pixel (5,60) is %u,%u,%u, not the clear colour", px[0], px[1], px[2]);
   gl.DeleteProgram(prog);
}
