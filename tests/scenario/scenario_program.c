/* scenario_program.c: scenarios of programs: GLSL, uniforms and uniform blocks, geometry shaders,
 * interpolation, KHR_debug. */
#include "scenario.h"

/* ubo_ranges (docs/PIPE.md#ranges): uniform block ranges as GL defines them.
 * Left: a 19-byte range at an aligned offset whose uint b (bytes 16..19) straddles its end, with
 * a poison byte 0xff at byte 19: the shader must see 0 there, never the poison. GL leaves bytes
 * past a range undefined (Mesa llvmpipe and lavapipe's robust access return other bytes of the
 * buffer); mgl's contract (docs/PIPE.md#ranges) pads sub-word ranges with zeros through staging. Right: a range larger than GL_MAX_UNIFORM_BLOCK_SIZE is legal and
 * reads like a clamped one. And GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT is enforced. */
void
sc_ubo_ranges(void)
{
   const char *fs = "#version 330 core\n"
                    "layout(std140) uniform R { uvec4 a; uint b; };\n"
                    "out vec4 o_color;\n"
                    "void main() {\n"
                    "  o_color = vec4(float(b >> 24u), float(b & 255u), float((b >> 16u) & 255u),\n"
                    "                 a.x == 7u ? 255.0 : 128.0) / 255.0;\n"
                    "}\n";
   const char *fs_big = "#version 330 core\n"
                        "layout(std140) uniform Big { vec4 c[4]; };\n"
                        "out vec4 o_color;\n"
                        "void main() { o_color = c[1]; }\n";
   GLint align = 0, max_block = 0;
   glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
   glGetIntegerv(GL_MAX_UNIFORM_BLOCK_SIZE, &max_block);
   if (align <= 0 || align > 4096 || (align & (align - 1)))
      fail("GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT = %d is not a power of two in [1, 4096]", align);
   if (max_block < 16384 || max_block > (1 << 24))
      die_setup("GL_MAX_UNIFORM_BLOCK_SIZE = %d out of this test's range", max_block);
   if (align <= 0 || align > 4096)
      align = 256;

   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   GLuint blk = gl.GetUniformBlockIndex(p, "R");
   if (blk == GL_INVALID_INDEX)
      die_setup("uniform block R not found");
   gl.UniformBlockBinding(p, blk, 2);

   /* the small buffer: garbage, then the block at `align`, poison at byte 19, garbage after */
   size_t size = (size_t)align + 64;
   uint8_t *bytes = malloc(size);
   if (!bytes)
      die_setup("out of memory");
   memset(bytes, 0xff, size);
   const uint32_t a[4] = {7, 1, 2, 3};
   memcpy(bytes + align, a, sizeof a);
   bytes[align + 16] = 0x40;
   bytes[align + 17] = 0x80;
   bytes[align + 18] = 0xc0;
   GLuint ubo;
   gl.GenBuffers(1, &ubo);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
   gl.BufferData(GL_UNIFORM_BUFFER, (GLsizeiptr)size, bytes, GL_STATIC_DRAW);
   free(bytes);

   /* alignment errors: an unaligned offset and a zero size are GL_INVALID_VALUE */
   if (align > 1) {
      gl.BindBufferRange(GL_UNIFORM_BUFFER, 2, ubo, align / 2, 19);
      expect_gl_error(GL_INVALID_VALUE, "glBindBufferRange at half the offset alignment");
   }
   gl.BindBufferRange(GL_UNIFORM_BUFFER, 2, ubo, align, 0);
   expect_gl_error(GL_INVALID_VALUE, "glBindBufferRange of size 0");
   gl.BindBufferRange(GL_UNIFORM_BUFFER, 2, ubo, align, 19);
   check_gl_error("glBindBufferRange (19 bytes)");

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float left[12], right[12];
   rect_vertices(left, 4, 4, 30, 60);
   rect_vertices(right, 34, 4, 60, 60);
   mesh ml = make_mesh(left, 6);
   mesh mr = make_mesh(right, 6);
   gl.BindVertexArray(ml.vao);
   /* red shows byte 19, past the range: GL leaves it undefined, mgl's contract makes it 0 */
   const bool padded = on_mgl();
   if (!padded) {
      skipped("the byte past the 19-byte range (red: mgl pads it with zeros, "
              "docs/PIPE.md#ranges, GL leaves it undefined)");
      glColorMask(GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
   }
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   check_gl_error("draw with the 19-byte range");

   /* the large buffer: a range reaching past GL_MAX_UNIFORM_BLOCK_SIZE */
   GLuint pb = link_program(VS_PIXELS, fs_big);
   gl.UseProgram(pb);
   gl.Uniform2f(uloc(pb, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(pb, "u_z"), 0.0f);
   GLuint bblk = gl.GetUniformBlockIndex(pb, "Big");
   if (bblk == GL_INVALID_INDEX)
      die_setup("uniform block Big not found");
   gl.UniformBlockBinding(pb, bblk, 5);
   const size_t big_size = (size_t)align + (size_t)max_block * 2;
   float *big = calloc(1, big_size);
   if (!big)
      die_setup("out of memory");
   const vec4f c1 = V4(0.2f, 0.6f, 1.0f, 1.0f);
   memcpy((char *)big + align + 16, c1.v, 16);
   GLuint ubo_big;
   gl.GenBuffers(1, &ubo_big);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo_big);
   gl.BufferData(GL_UNIFORM_BUFFER, (GLsizeiptr)big_size, big, GL_STATIC_DRAW);
   free(big);
   gl.BindBufferRange(GL_UNIFORM_BUFFER, 5, ubo_big, align, (GLsizeiptr)max_block * 2);
   check_gl_error("glBindBufferRange past GL_MAX_UNIFORM_BLOCK_SIZE");
   gl.BindVertexArray(mr.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw with the over-long range");

   model m;
   model_init(&m, bg);
   rgba8 want_left = {{0x00, 0x40, 0xc0, 0xff}};
   model_rect(&m, 4, 4, 30, 60, want_left);
   model_rect(&m, 34, 4, 60, 60, to8(c1));
   check_frame("ubo ranges", &m);
}

/* uniforms_ubo: out = u_loose * block.tint + block.bias, the block bound with
 * glUniformBlockBinding + glBindBufferBase (left) and glBindBufferRange at an aligned
 * offset (right). */
void
sc_uniforms_ubo(void)
{
   const char *fs = "#version 330 core\n"
                    "uniform vec4 u_loose;\n"
                    "layout(std140) uniform Material { vec4 tint; vec4 bias; };\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = u_loose * tint + bias; }\n";
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   const GLuint binding_point = 3;
   GLuint blk = gl.GetUniformBlockIndex(p, "Material");
   if (blk == GL_INVALID_INDEX)
      die_setup("uniform block Material not found");
   gl.UniformBlockBinding(p, blk, binding_point);

   /* tint components are 0 or 1 and the rest multiples of 0.2, so the products are exact */
   const vec4f loose_a = V4(0.2f, 0.4f, 0.6f, 1.0f);
   const vec4f tint_a = V4(1.0f, 0.0f, 1.0f, 1.0f), bias_a = V4(0.4f, 0.2f, 0.0f, 0.0f);
   const vec4f loose_b = V4(0.6f, 0.2f, 0.4f, 0.4f);
   const vec4f tint_b = V4(0.0f, 1.0f, 1.0f, 1.0f), bias_b = V4(0.2f, 0.0f, 0.4f, 0.6f);

   GLint align = 256;
   glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
   if (align <= 0 || align > 4096)
      die_setup("odd GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT %d", align);
   GLuint ubo_a, ubo_b;
   gl.GenBuffers(1, &ubo_a);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo_a);
   float a[8];
   memcpy(a, tint_a.v, 16);
   memcpy(a + 4, bias_a.v, 16);
   gl.BufferData(GL_UNIFORM_BUFFER, sizeof a, a, GL_STATIC_DRAW);

   /* buffer B: garbage at offset 0, the block at offset `align` */
   size_t bsize = (size_t)align + 32;
   float *b = malloc(bsize);
   if (!b)
      die_setup("out of memory");
   for (size_t i = 0; i < bsize / sizeof(float); i++)
      b[i] = 0.8f; /* would show as a wrong colour if the offset were ignored */
   memcpy((char *)b + align, tint_b.v, 16);
   memcpy((char *)b + align + 16, bias_b.v, 16);
   gl.GenBuffers(1, &ubo_b);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo_b);
   gl.BufferData(GL_UNIFORM_BUFFER, (GLsizeiptr)bsize, b, GL_STATIC_DRAW);
   free(b);

   float left[12], right[12];
   rect_vertices(left, 6, 6, 30, 58);
   rect_vertices(right, 34, 6, 58, 58);
   mesh ml = make_mesh(left, 6);
   mesh mr = make_mesh(right, 6);

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   gl.BindVertexArray(ml.vao);
   set_vec4(p, "u_loose", loose_a);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, binding_point, ubo_a);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindVertexArray(mr.vao);
   set_vec4(p, "u_loose", loose_b);
   gl.BindBufferRange(GL_UNIFORM_BUFFER, binding_point, ubo_b, align, 32);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draws");

   vec4f ea, eb;
   for (int i = 0; i < 4; i++) {
      ea.v[i] = loose_a.v[i] * tint_a.v[i] + bias_a.v[i];
      eb.v[i] = loose_b.v[i] * tint_b.v[i] + bias_b.v[i];
   }
   model m;
   model_init(&m, bg);
   model_rect(&m, 6, 6, 30, 58, to8(ea));
   model_rect(&m, 34, 6, 58, 58, to8(eb));
   check_frame("loose uniform + block", &m);
}

/* glsl140: a #version 140 program (no layout qualifiers: attribute and output locations come
 * from glBindAttribLocation / glBindFragDataLocation), a uniform block and a loose uniform. */
void
sc_glsl140(void)
{
   const char *vs = "#version 140\n"
                    "in vec2 pos;\n"
                    "in vec4 color;\n"
                    "flat out vec4 v_color;\n"
                    "uniform vec2 u_offset;\n"
                    "void main() {\n"
                    "  v_color = color;\n"
                    "  gl_Position = vec4((pos + u_offset) / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "#version 140\n"
                    "flat in vec4 v_color;\n"
                    "layout(std140) uniform Params { vec4 add; };\n"
                    "uniform float u_scale;\n"
                    "out vec4 result;\n"
                    "void main() { result = v_color * u_scale + add; }\n";
   const binding attribs[] = {{"pos", 3}, {"color", 5}, {NULL, 0}};
   const binding frags[] = {{"result", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, frags);
   gl.UseProgram(p);
   GLuint blk = gl.GetUniformBlockIndex(p, "Params");
   if (blk == GL_INVALID_INDEX)
      die_setup("uniform block Params not found");
   gl.UniformBlockBinding(p, blk, 0);

   const vec4f add = V4(0.0f, 0.2f, 0.0f, 0.2f);
   const float scale = 1.0f;
   const vec4f c0 = V4(0.8f, 0.0f, 0.4f, 0.8f), c1 = V4(0.2f, 0.6f, 1.0f, 0.4f);
   GLuint ubo;
   gl.GenBuffers(1, &ubo);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
   gl.BufferData(GL_UNIFORM_BUFFER, 16, add.v, GL_STATIC_DRAW);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, 0, ubo);
   gl.Uniform1f(uloc(p, "u_scale"), scale);

   /* two quads in one draw; colour per vertex, constant per quad (flat) */
   float q0[12], q1[12], data[12 * 6];
   rect_vertices(q0, 4, 4, 36, 28);
   rect_vertices(q1, 20, 32, 60, 60);
   for (int k = 0; k < 12; k++) {
      const float *q = k < 6 ? q0 : q1;
      const vec4f *c = k < 6 ? &c0 : &c1;
      data[6 * k] = q[2 * (k % 6)];
      data[6 * k + 1] = q[2 * (k % 6) + 1];
      memcpy(&data[6 * k + 2], c->v, 16);
   }
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
   gl.VertexAttribPointer(3, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)0);
   gl.VertexAttribPointer(5, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)(2 * sizeof(float)));
   gl.EnableVertexAttribArray(3);
   gl.EnableVertexAttribArray(5);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);

   const vec4f bg = V4(0.0f, 0.0f, 0.4f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 12);
   check_gl_error("draw");

   vec4f e0, e1;
   for (int i = 0; i < 4; i++) {
      e0.v[i] = c0.v[i] * scale + add.v[i];
      e1.v[i] = c1.v[i] * scale + add.v[i];
   }
   model m;
   model_init(&m, bg);
   model_rect(&m, 4, 4, 36, 28, to8(e0));
   model_rect(&m, 20, 32, 60, 60, to8(e1));
   check_frame("glsl 1.40", &m);
}

/* Vertex shader for the geometry scenarios: a_pos in window pixels to clip space, and a size
 * through an interface block (its GS side is an unsized array of blocks). */
static const char *VS_GS = "#version 150 core\n"
                           "in vec2 a_pos;\n"
                           "uniform float u_half;\n"
                           "out VertexData { float half_size; } vs_out;\n"
                           "void main() {\n"
                           "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                           "  vs_out.half_size = u_half / 32.0;\n"
                           "}\n";

static const vec4f GS_COLOURS[3] = {
   {{1.0f, 0.2f, 0.0f, 1.0f}}, {{0.0f, 0.8f, 0.4f, 1.0f}}, {{0.2f, 0.4f, 1.0f, 1.0f}}};

/* gs_points_to_quads: three GL_POINTS, each expanded by the GS into a square of u_half pixels
 * each way (a 4-vertex strip); the colour is picked by gl_PrimitiveIDIn. The GS sets GL clip z
 * -0.5: remapped to Vulkan's [0, 1] that is window depth 0.25, unremapped it would be clipped
 * away. A second pass of larger squares at GL z 0 (window 0.5) with depth func LESS must then
 * show only around the first ones. */
void
sc_gs_points_to_quads(void)
{
   static const char *gs = "#version 150 core\n"
                           "layout(points) in;\n"
                           "layout(triangle_strip, max_vertices = 4) out;\n"
                           "in VertexData { float half_size; } gs_in[];\n"
                           "uniform vec4 u_colors[3];\n"
                           "uniform float u_z;\n"
                           "out vec4 g_color;\n"
                           "void main() {\n"
                           "  vec4 c = gl_in[0].gl_Position;\n"
                           "  float h = gs_in[0].half_size;\n"
                           "  for (int i = 0; i < 4; i++) {\n"
                           "    vec2 d = vec2((i & 1) != 0 ? h : -h, (i & 2) != 0 ? h : -h);\n"
                           "    gl_Position = vec4(c.xy + d, u_z, 1.0);\n"
                           "    g_color = u_colors[gl_PrimitiveIDIn];\n"
                           "    EmitVertex();\n"
                           "  }\n"
                           "  EndPrimitive();\n"
                           "}\n";
   GLuint p = link_program_gs(VS_GS, gs, FS_GS);
   expect_program_iv(p, GL_GEOMETRY_INPUT_TYPE, GL_POINTS, "GL_GEOMETRY_INPUT_TYPE");
   expect_program_iv(p, GL_GEOMETRY_OUTPUT_TYPE, GL_TRIANGLE_STRIP, "GL_GEOMETRY_OUTPUT_TYPE");
   expect_program_iv(p, GL_GEOMETRY_VERTICES_OUT, 4, "GL_GEOMETRY_VERTICES_OUT");
   gl.UseProgram(p);
   gl.Uniform4fv(uloc(p, "u_colors"), 3, GS_COLOURS[0].v);
   gl.Uniform1f(uloc(p, "u_half"), 6.0f);
   gl.Uniform1f(uloc(p, "u_z"), -0.5f);
   const float pts[6] = {12.0f, 12.0f, 40.0f, 20.0f, 24.0f, 48.0f};
   mesh me = make_mesh(pts, 3);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glDrawArrays(GL_POINTS, 0, 3);
   check_gl_error("GS draw (points)");
   model m;
   model_init(&m, bg);
   for (int i = 0; i < 3; i++)
      model_rect(&m, (int)pts[2 * i] - 6, (int)pts[2 * i + 1] - 6, (int)pts[2 * i] + 6,
                 (int)pts[2 * i + 1] + 6, to8(GS_COLOURS[i]));
   check_frame("points expanded into squares", &m);

   /* Larger squares behind (window z 0.5 > 0.25 written above, < 1.0 cleared). */
   const vec4f back[3] = {V4(0.6f, 0.6f, 0.6f, 1.0f), V4(0.6f, 0.6f, 0.6f, 1.0f),
                          V4(0.6f, 0.6f, 0.6f, 1.0f)};
   gl.Uniform4fv(uloc(p, "u_colors"), 3, back[0].v);
   gl.Uniform1f(uloc(p, "u_half"), 8.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   glDrawArrays(GL_POINTS, 0, 3);
   check_gl_error("GS draw (points, behind)");
   model m2;
   model_init(&m2, bg);
   for (int i = 0; i < 3; i++)
      model_rect(&m2, (int)pts[2 * i] - 8, (int)pts[2 * i + 1] - 8, (int)pts[2 * i] + 8,
                 (int)pts[2 * i + 1] + 8, to8(back[i]));
   for (int i = 0; i < 3; i++)
      model_rect(&m2, (int)pts[2 * i] - 6, (int)pts[2 * i + 1] - 6, (int)pts[2 * i] + 6,
                 (int)pts[2 * i + 1] + 6, to8(GS_COLOURS[i]));
   check_frame("squares behind the first ones (GS depth remap)", &m2);
   glDisable(GL_DEPTH_TEST);
   gl.DeleteProgram(p);
   (void)me;
}

/* gs_two_prims: two GL_TRIANGLES (one rectangle); the GS emits each triangle twice, as two
 * primitives (EndPrimitive between): in place in colour 0 and shifted right by 30 pixels in
 * colour 1, so one draw gives two rectangles. */
void
sc_gs_two_prims(void)
{
   static const char *gs = "#version 150 core\n"
                           "layout(triangles) in;\n"
                           "layout(triangle_strip, max_vertices = 6) out;\n"
                           "in VertexData { float half_size; } gs_in[3];\n"
                           "uniform vec4 u_colors[3];\n"
                           "out vec4 g_color;\n"
                           "void main() {\n"
                           "  for (int copy = 0; copy < 2; copy++) {\n"
                           "    for (int i = 0; i < 3; i++) {\n"
                           "      gl_Position = gl_in[i].gl_Position + vec4(copy * 30.0 / 32.0,\n"
                           "                                                0.0, 0.0, 0.0);\n"
                           "      g_color = u_colors[copy];\n"
                           "      EmitVertex();\n"
                           "    }\n"
                           "    EndPrimitive();\n"
                           "  }\n"
                           "}\n";
   GLuint p = link_program_gs(VS_GS, gs, FS_GS);
   expect_program_iv(p, GL_GEOMETRY_INPUT_TYPE, GL_TRIANGLES, "GL_GEOMETRY_INPUT_TYPE");
   expect_program_iv(p, GL_GEOMETRY_VERTICES_OUT, 6, "GL_GEOMETRY_VERTICES_OUT");
   gl.UseProgram(p);
   gl.Uniform4fv(uloc(p, "u_colors"), 3, GS_COLOURS[0].v);
   float v[12];
   rect_vertices(v, 4, 10, 28, 50);
   mesh me = make_mesh(v, 6);
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("GS draw (triangles)");
   model m;
   model_init(&m, bg);
   model_rect(&m, 4, 10, 28, 50, to8(GS_COLOURS[0]));
   model_rect(&m, 34, 10, 58, 50, to8(GS_COLOURS[1]));
   check_frame("each triangle emitted twice", &m);

   /* A draw mode the GS does not take is GL_INVALID_OPERATION and draws nothing. */
   glDrawArrays(GL_POINTS, 0, 6);
   GLenum e = glGetError();
   if (e != GL_INVALID_OPERATION)
      fail("GL_POINTS draw with a triangles GS: glGetError() = 0x%04x, expected "
           "GL_INVALID_OPERATION",
           (unsigned)e);
   check_frame("after the refused draw", &m);
   gl.DeleteProgram(p);
   (void)me;
}

/* gs_adjacency: one GL_LINES_ADJACENCY primitive (4 vertices); the GS fills the box spanned by
 * the two adjacency vertices (gl_in[0] and gl_in[3]) in colour 2, so only a GS that sees the
 * adjacency vertices draws it. Then a GL_LINE_STRIP_ADJACENCY of 5 vertices: two primitives,
 * (v0 v1 v2 v3) and (v1 v2 v3 v4), each box drawn in the colour of its gl_PrimitiveIDIn. */
void
sc_gs_adjacency(void)
{
   static const char *gs = "#version 150 core\n"
                           "layout(lines_adjacency) in;\n"
                           "layout(triangle_strip, max_vertices = 4) out;\n"
                           "uniform vec4 u_colors[3];\n"
                           "uniform int u_base;\n"
                           "out vec4 g_color;\n"
                           "void main() {\n"
                           "  vec2 a = gl_in[0].gl_Position.xy, b = gl_in[3].gl_Position.xy;\n"
                           "  for (int i = 0; i < 4; i++) {\n"
                           "    gl_Position = vec4((i & 1) != 0 ? b.x : a.x,\n"
                           "                       (i & 2) != 0 ? b.y : a.y, 0.0, 1.0);\n"
                           "    g_color = u_colors[u_base + gl_PrimitiveIDIn];\n"
                           "    EmitVertex();\n"
                           "  }\n"
                           "}\n";
   GLuint p = link_program_gs(VS_GS, gs, FS_GS);
   expect_program_iv(p, GL_GEOMETRY_INPUT_TYPE, GL_LINES_ADJACENCY, "GL_GEOMETRY_INPUT_TYPE");
   gl.UseProgram(p);
   gl.Uniform4fv(uloc(p, "u_colors"), 3, GS_COLOURS[0].v);
   gl.Uniform1i(uloc(p, "u_base"), 2);
   /* v0 and v3 span [8,30) x [6,26); v1, v2 lie elsewhere and must not matter. */
   const float lines[8] = {8.0f, 6.0f, 50.0f, 50.0f, 60.0f, 2.0f, 30.0f, 26.0f};
   mesh me = make_mesh(lines, 4);
   const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_LINES_ADJACENCY, 0, 4);
   check_gl_error("GS draw (lines adjacency)");
   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 6, 30, 26, to8(GS_COLOURS[2]));
   check_frame("box from the adjacency vertices", &m);

   /* Strip: primitive 0 spans v0..v3 = [4,20) x [34,60); primitive 1 spans v1..v4 = [40,60) x
    * [30,44)... v1 and v4 are its corners. */
   const float strip[10] = {4.0f, 34.0f, 40.0f, 30.0f, 0.0f, 0.0f, 20.0f, 60.0f, 60.0f, 44.0f};
   mesh ms = make_mesh(strip, 5);
   gl.Uniform1i(uloc(p, "u_base"), 0);
   clear_to(bg);
   glDrawArrays(GL_LINE_STRIP_ADJACENCY, 0, 5);
   check_gl_error("GS draw (line strip adjacency)");
   model_init(&m, bg);
   model_rect(&m, 4, 34, 20, 60, to8(GS_COLOURS[0]));
   model_rect(&m, 40, 30, 60, 44, to8(GS_COLOURS[1]));
   check_frame("two boxes from a line strip with adjacency", &m);

   /* GL_LINES is not a lines_adjacency mode. */
   glDrawArrays(GL_LINES, 0, 4);
   GLenum e = glGetError();
   if (e != GL_INVALID_OPERATION)
      fail("GL_LINES draw with a lines_adjacency GS: glGetError() = 0x%04x, expected "
           "GL_INVALID_OPERATION",
           (unsigned)e);
   gl.DeleteProgram(p);
   (void)me;
   (void)ms;
}

/* gs_offered: the geometry stage where the server has it (MGP_CAP_GEOMETRY_STAGE) and its
 * refusal where it has not (tests/gles/hide_geometry.sh hides the GLES host's): either
 * glCreateShader(GL_GEOMETRY_SHADER) makes a shader, and a program with it expands a point into
 * a square, or it is GL_INVALID_ENUM and makes nothing, as in a context before GL 3.2 (the type
 * is unknown there). Vertex and fragment rectangles draw either way, under depth test GL_LESS:
 * the square is at GL z -0.5 (window depth 0.25), one rectangle crossing it at z 0 (0.5) stays
 * behind it and one at z -0.75 (0.125) in front, so the square's depth must be GL's as the
 * vertex stage's is. Prints which it saw. */
void
sc_gs_offered(void)
{
   static const char *gs = "#version 150 core\n"
                           "layout(points) in;\n"
                           "layout(triangle_strip, max_vertices = 4) out;\n"
                           "in VertexData { float half_size; } gs_in[];\n"
                           "uniform vec4 u_colors[3];\n"
                           "uniform float u_z;\n"
                           "out vec4 g_color;\n"
                           "void main() {\n"
                           "  for (int i = 0; i < 4; i++) {\n"
                           "    float h = gs_in[0].half_size;\n"
                           "    vec2 d = vec2((i & 1) != 0 ? h : -h, (i & 2) != 0 ? h : -h);\n"
                           "    gl_Position = vec4(gl_in[0].gl_Position.xy + d, u_z, 1.0);\n"
                           "    g_color = u_colors[0];\n"
                           "    EmitVertex();\n"
                           "  }\n"
                           "}\n";
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), cr = V4(0.2f, 0.8f, 0.4f, 1.0f),
               cb = V4(0.6f, 0.6f, 0.6f, 1.0f), cf = V4(0.2f, 0.4f, 1.0f, 1.0f);
   model m;
   model_init(&m, bg);
   clear_to(bg);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   const GLuint sh = gl.CreateShader(GL_GEOMETRY_SHADER);
   const GLenum err = glGetError();
   const bool offered = sh != 0;
   if (offered) {
      if (err != GL_NO_ERROR)
         fail("glCreateShader(GL_GEOMETRY_SHADER) made shader %u with error 0x%04x", sh, err);
      gl.DeleteShader(sh);
      printf("  geometry stage: offered\n");
      GLuint p = link_program_gs(VS_GS, gs, FS_GS);
      gl.UseProgram(p);
      gl.Uniform4fv(uloc(p, "u_colors"), 3, GS_COLOURS[0].v);
      gl.Uniform1f(uloc(p, "u_half"), 6.0f);
      gl.Uniform1f(uloc(p, "u_z"), -0.5f);
      const float pt[2] = {16.0f, 16.0f};
      mesh mp = make_mesh(pt, 1);
      glDrawArrays(GL_POINTS, 0, 1);
      check_gl_error("GS draw");
      gl.DeleteProgram(p);
      gl.DeleteBuffers(1, &mp.vbo);
      gl.DeleteVertexArrays(1, &mp.vao);
   } else {
      if (err != GL_INVALID_ENUM)
         fail("glCreateShader(GL_GEOMETRY_SHADER) made nothing with error 0x%04x (expected "
              "GL_INVALID_ENUM)",
              err);
      printf("  geometry stage: refused\n");
   }
   GLuint p = solid_program();
   const struct {
      int x0, y0, x1, y1;
      float z;
      vec4f c;
   } rects[3] = {{16, 4, 28, 28, 0.0f, cb}, {4, 4, 14, 14, -0.75f, cf}, {32, 32, 60, 60, 0.0f, cr}};
   for (int i = 0; i < 3; i++) {
      set_vec4(p, "u_color", rects[i].c);
      gl.Uniform1f(uloc(p, "u_z"), rects[i].z);
      float v[12];
      rect_vertices(v, (float)rects[i].x0, (float)rects[i].y0, (float)rects[i].x1,
                    (float)rects[i].y1);
      mesh mr = make_mesh(v, 6);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      gl.DeleteBuffers(1, &mr.vbo);
      gl.DeleteVertexArrays(1, &mr.vao);
      model_rect(&m, rects[i].x0, rects[i].y0, rects[i].x1, rects[i].y1, to8(rects[i].c));
      if (i == 0 && offered) /* the square, in front of the first rectangle */
         model_rect(&m, 10, 10, 22, 22, to8(GS_COLOURS[0]));
   }
   check_gl_error("the vertex and fragment draws");
   glDisable(GL_DEPTH_TEST);
   check_frame("the geometry stage offered or refused", &m);
   gl.DeleteProgram(p);
}

/* gs_per_vertex_in: the geometry stage reads what the vertex stage wrote into gl_PerVertex:
 * gl_in[i].gl_ClipDistance[j] at an index only a uniform bounds, and gl_in[i].gl_PointSize.
 * The vertex stage writes distance j = x - 20 + j (x in window pixels) and size y; the GS
 * checks each against its gl_in[i].gl_Position (exact: small integers and powers of two),
 * draws the triangle green where every value matched and red where one did not, and clips by
 * its own gl_ClipDistance[0], copied from the input's [2]: the rectangle loses x < 18. */
void
sc_gs_per_vertex_in(void)
{
   static const char *vs = "#version 150 core\n"
                           "in vec2 a_pos;\n"
                           "out float gl_ClipDistance[3];\n"
                           "void main() {\n"
                           "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                           "  for (int j = 0; j < 3; j++)\n"
                           "    gl_ClipDistance[j] = a_pos.x - 20.0 + float(j);\n"
                           "  gl_PointSize = a_pos.y;\n"
                           "}\n";
   static const char *gs =
      "#version 150 core\n"
      "layout(triangles) in;\n"
      "layout(triangle_strip, max_vertices = 3) out;\n"
      "in gl_PerVertex {\n"
      "  vec4 gl_Position;\n"
      "  float gl_PointSize;\n"
      "  float gl_ClipDistance[3];\n"
      "} gl_in[];\n"
      "out float gl_ClipDistance[1];\n"
      "uniform int u_count;\n"
      "out vec4 g_color;\n"
      "void main() {\n"
      "  bool ok = true;\n"
      "  for (int i = 0; i < 3; i++) {\n"
      "    vec2 px = (gl_in[i].gl_Position.xy + 1.0) * 32.0;\n"
      "    for (int j = 0; j < u_count; j++)\n"
      "      if (gl_in[i].gl_ClipDistance[j] != px.x - 20.0 + float(j))\n"
      "        ok = false;\n"
      "    if (gl_in[i].gl_PointSize != px.y)\n"
      "      ok = false;\n"
      "  }\n"
      "  for (int i = 0; i < 3; i++) {\n"
      "    gl_Position = gl_in[i].gl_Position;\n"
      "    gl_ClipDistance[0] = gl_in[i].gl_ClipDistance[u_count - 1];\n"
      "    g_color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
      "    EmitVertex();\n"
      "  }\n"
      "}\n";
   GLuint p = link_program_gs(vs, gs, FS_GS);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_count"), 3);
   float v[12];
   rect_vertices(v, 4, 10, 60, 50);
   mesh me = make_mesh(v, 6);
   const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f);
   clear_to(bg);
   glEnable(GL_CLIP_DISTANCE0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_CLIP_DISTANCE0);
   check_gl_error("GS draw reading gl_in's gl_ClipDistance and gl_PointSize");
   model m;
   model_init(&m, bg);
   model_rect(&m, 18, 10, 60, 50, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("gl_in's values matched, clipped by the copied distance", &m);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &me.vbo);
}

/* Pixel (x, y) of the geometry-stage limit scenarios: primitive v's colour ((v + 1) / 255,
 * 0.25, 0.75, 1), or bg where v < 0; a miss counted in *wrong, the first four said. */
static void
gs_pixel_check(const char *what, int x, int y, int v, vec4f bg, int *wrong)
{
   const rgba8 want = v < 0 ? to8(bg) : to8(V4((float)(v + 1) / 255.0f, 0.25f, 0.75f, 1.0f));
   const rgba8 got = pixel_at(x, y);
   if (!rgba_eq(want, got) && (*wrong)++ < 4)
      fail("%s: pixel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", what, x, y, want.c[0],
           want.c[1], want.c[2], want.c[3], got.c[0], got.c[1], got.c[2], got.c[3]);
}

/* gs_split_points: a points geometry shader GL's limits allow that is over the device's by what
 * mgl adds. It writes gl_Position and one float for 204 vertices, 5 x 204 = 1020 of GL's
 * GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS (1024, lavapipe's maxGeometryTotalOutputComponents
 * too); the gl_PointSize mgl writes makes 6 x 204 = 1224 on the device, so mgl's Vulkan backend
 * shares the vertices out among 2 invocations (spv_gs_split.c, counted as gs-splits:
 * gate.gs_split.<arm>). Each point lands on its own pixel, the float naming it in red; the last
 * 4 points land on the first 4's pixels and must be on top (GL's order across the shares). */
void
sc_gs_split_points(void)
{
   enum { VERTICES = 204, COLS = 40, PIXELS = 200, X0 = 4, Y0 = 8 };
   GLint total = 0, verts = 0;
   glGetIntegerv(GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, &total);
   glGetIntegerv(GL_MAX_GEOMETRY_OUTPUT_VERTICES, &verts);
   if (total < 5 * VERTICES || verts < VERTICES)
      fail("GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS %d, GL_MAX_GEOMETRY_OUTPUT_VERTICES %d: GL "
           "asks for at least 1024 and 256",
           total, verts);
   static const char *vs = "#version 150 core\n"
                           "in vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
   static const char *gs = "#version 150 core\n"
                           "layout(points) in;\n"
                           "layout(points, max_vertices = 204) out;\n"
                           "out float g_v;\n"
                           "void main() {\n"
                           "  for (int v = 0; v < 204; v++) {\n"
                           "    int p = v % 200;\n"
                           "    vec2 px = gl_in[0].gl_Position.xy + vec2(p % 40, 2 * (p / 40));\n"
                           "    gl_Position = vec4((px + 0.5) / 32.0 - 1.0, 0.0, 1.0);\n"
                           "    g_v = float(v + 1) / 255.0;\n"
                           "    EmitVertex();\n"
                           "  }\n"
                           "}\n";
   static const char *fs = "#version 150 core\n"
                           "in float g_v;\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = vec4(g_v, 0.25, 0.75, 1.0); }\n";
   GLuint p = link_program_gs(vs, gs, fs);
   expect_program_iv(p, GL_GEOMETRY_VERTICES_OUT, VERTICES, "GL_GEOMETRY_VERTICES_OUT");
   gl.UseProgram(p);
   const float pt[2] = {X0, Y0}; /* the GS's origin, in pixels */
   mesh me = make_mesh(pt, 1);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_POINTS, 0, 1);
   check_gl_error("a points GS of 204 vertices x 5 components");
   readback();
   int wrong = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int v = -1;
         const int dx = x - X0, dy = y - Y0;
         if (dx >= 0 && dx < COLS && dy >= 0 && dy % 2 == 0 && dy / 2 < PIXELS / COLS)
            v = dy / 2 * COLS + dx;
         if (v >= 0 && v < VERTICES - PIXELS)
            v += PIXELS; /* the later point on top */
         gs_pixel_check("points GS over the device's total", x, y, v, bg, &wrong);
      }
   if (wrong)
      fail("points GS over the device's total: %d pixel(s) wrong", wrong);
   gl.DeleteProgram(p);
   gl.DeleteVertexArrays(1, &me.vao);
   gl.DeleteBuffers(1, &me.vbo);
}

/* gs_point_size_cut's and gs_point_size_cut_xfb's geometry stage: quads of 2 x 2 pixels,
 * CUT_COLS a row CUT_PITCH apart from the first vertex's position, as many as fit the device's
 * GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS at 8 components a vertex (gl_Position and g_color),
 * each vertex writing gl_PointSize = `size` and g_color = `color` (GLSL expressions of the
 * quad q). Answers the quads. */
enum { CUT_COLS = 8, CUT_X0 = 4, CUT_Y0 = 8, CUT_PITCH = 4 };
static int
gs_cut_source(char *gs, size_t gs_size, const char *size, const char *color)
{
   GLint total = 0, verts = 0;
   glGetIntegerv(GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, &total);
   glGetIntegerv(GL_MAX_GEOMETRY_OUTPUT_VERTICES, &verts);
   /* 4 vertices a quad: the most quads at 8 components a vertex */
   int vertices = total / 8 < verts ? total / 8 : verts;
   vertices -= vertices % 4;
   const int quads = vertices / 4;
   if (quads < CUT_COLS || quads > 255)
      fail("GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS %d, GL_MAX_GEOMETRY_OUTPUT_VERTICES %d: "
           "GL asks for at least 1024 and 256",
           total, verts);
   snprintf(gs, gs_size,
            "#version 150 core\n"
            "layout(triangles) in;\n"
            "layout(triangle_strip, max_vertices = %d) out;\n"
            "out vec4 g_color;\n"
            "void main() {\n"
            "  for (int q = 0; q < %d; q++) {\n"
            "    vec2 o = gl_in[0].gl_Position.xy + vec2(%d * (q %% %d), %d * (q / %d));\n"
            "    for (int c = 0; c < 4; c++) {\n"
            "      vec2 px = o + vec2(2 * (c & 1), 2 * (c >> 1));\n"
            "      gl_Position = vec4(px / 32.0 - 1.0, 0.0, 1.0);\n"
            "      gl_PointSize = %s;\n"
            "      g_color = %s;\n"
            "      EmitVertex();\n"
            "    }\n"
            "    EndPrimitive();\n"
            "  }\n"
            "}\n",
            vertices, quads, CUT_PITCH, CUT_COLS, CUT_PITCH, CUT_COLS, size, color);
   return quads;
}

/* gs_point_size_cut: a triangle geometry shader at exactly GL's
 * GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS (1024, lavapipe's and NVIDIA's
 * maxGeometryTotalOutputComponents too) without gl_PointSize: 1024 / 8 = 128 vertices of
 * gl_Position and a vec4. It writes gl_PointSize too, which a triangle never reads, but a device
 * counts (9 x 128 = 1152 over 1024): mgl's Vulkan backend makes the stage without its
 * gl_PointSize stores (spv_point_size.c), counted as gs-point-size-cuts
 * (gate.gs_point_size_cut.<arm>), where it refused the shader before. 32 quads of 2 x 2
 * pixels, 8 a row, the red naming each. */
void
sc_gs_point_size_cut(void)
{
   enum { COLS = CUT_COLS, X0 = CUT_X0, Y0 = CUT_Y0, PITCH = CUT_PITCH };
   char gs[1024];
   const int quads =
      gs_cut_source(gs, sizeof(gs), "4.0", "vec4(float(q + 1) / 255.0, 0.25, 0.75, 1.0)");
   static const char *vs = "#version 150 core\n"
                           "in vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
   static const char *fs = "#version 150 core\n"
                           "in vec4 g_color;\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = g_color; }\n";
   GLuint p = link_program_gs(vs, gs, fs);
   gl.UseProgram(p);
   const float tri[6] = {X0, Y0, X0, Y0, X0, Y0}; /* the GS's origin, in pixels */
   mesh me = make_mesh(tri, 3);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   check_gl_error("a triangle GS of 8 components a vertex at GL's total, writing gl_PointSize");
   readback();
   int wrong = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const int dx = x - X0, dy = y - Y0;
         int q = -1;
         if (dx >= 0 && dy >= 0 && dx % PITCH < 2 && dy % PITCH < 2 && dx / PITCH < COLS)
            q = dy / PITCH * COLS + dx / PITCH;
         gs_pixel_check("triangle GS at the device's total", x, y, q < quads ? q : -1, bg, &wrong);
      }
   if (wrong)
      fail("triangle GS at the device's total: %d pixel(s) wrong", wrong);
   gl.DeleteProgram(p);
   gl.DeleteVertexArrays(1, &me.vao);
   gl.DeleteBuffers(1, &me.vbo);
}

/* gs_point_size_cut_xfb: gs_point_size_cut's geometry shader (over the device's total by its
 * gl_PointSize alone on lavapipe and NVIDIA) under transform feedback capturing g_color, its 32
 * strips of 4 captured as 64 triangles: the stage may still go without its gl_PointSize stores
 * (gate.gs_point_size_cut_xfb.<arm>: gs-point-size-cuts > 0), every captured colour exact.
 * (A stage whose gl_PointSize is captured keeps the stores: the Vulkan backend refuses it by
 * name where it is over without the cut, unit.vulkan.backend; mgl's front end does not link a
 * capture of gl_PointSize yet, gl-feature-unimplemented.) */
static GLuint
gs_xfb_program(const char *vs, const char *gs, const char *fs, const char *varying)
{
   GLuint sh[3] = {compile(GL_VERTEX_SHADER, vs), compile(GL_GEOMETRY_SHADER, gs),
                   compile(GL_FRAGMENT_SHADER, fs)};
   GLuint p = gl.CreateProgram();
   for (int i = 0; i < 3; i++)
      gl.AttachShader(p, sh[i]);
   gl.TransformFeedbackVaryings(p, 1, &varying, GL_INTERLEAVED_ATTRIBS);
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[4096] = "";
      gl.GetProgramInfoLog(p, sizeof log, NULL, log);
      die_setup("program capturing %s failed to link:\n%s", varying, log);
   }
   for (int i = 0; i < 3; i++)
      gl.DeleteShader(sh[i]);
   check_gl_error("program link (geometry, transform feedback)");
   return p;
}

/* Program p's triangle captured (GL_TRIANGLES) into a new buffer of bytes, read back into out;
 * the buffer's bytes were 0xAB before. */
static void
gs_xfb_capture(GLuint p, GLsizeiptr bytes, void *out)
{
   GLuint b = xfb_buffer(bytes);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   gl.UseProgram(p);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   gl.BeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   gl.EndTransformFeedback();
   check_gl_error("a captured triangle GS at the device's total");
   read_buffer(b, 0, bytes, out);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
   gl.DeleteBuffers(1, &b);
}

void
sc_gs_point_size_cut_xfb(void)
{
   enum { COLS = CUT_COLS, X0 = CUT_X0, Y0 = CUT_Y0, PITCH = CUT_PITCH };
   char gs[1024];
   const int quads =
      gs_cut_source(gs, sizeof(gs), "float(q + 1)", "vec4(float(q + 1) * 0.0625, 0.25, 0.75, 1.0)");
   static const char *vs = "#version 150 core\n"
                           "in vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
   const float tri[6] = {X0, Y0, X0, Y0, X0, Y0}; /* the GS's origin, in pixels */
   mesh me = make_mesh(tri, 3);
   const int captured = quads * 6; /* two triangles a strip of 4 */
   float *got = malloc((size_t)captured * 16);
   if (!got)
      die_setup("out of memory");

   GLuint p = gs_xfb_program(vs, gs, FS_GS, "g_color");
   gs_xfb_capture(p, (GLsizeiptr)captured * 16, got);
   int wrong = 0, first = -1;
   for (int v = 0; v < captured; v++) {
      const float *c = &got[v * 4];
      if (c[0] != (float)(v / 6 + 1) * 0.0625f || c[1] != 0.25f || c[2] != 0.75f || c[3] != 1.0f) {
         wrong++;
         first = first < 0 ? v : first;
      }
   }
   if (wrong)
      fail("g_color captured from a triangle GS at the device's total: %d of %d vertices wrong, "
           "the first %d (%g, %g, %g, %g), want (%g, 0.25, 0.75, 1)",
           wrong, captured, first, (double)got[first * 4], (double)got[first * 4 + 1],
           (double)got[first * 4 + 2], (double)got[first * 4 + 3],
           (double)((float)(first / 6 + 1) * 0.0625f));
   gl.DeleteProgram(p);
   free(got);
   gl.DeleteVertexArrays(1, &me.vao);
   gl.DeleteBuffers(1, &me.vbo);
}

/* vs_input_arrays: vertex inputs that are arrays (GLSL 1.50 4.3.4: of floats, integer vectors,
 * matrices), read at an index only a uniform bounds: a[2] at locations 1-2, b[2] at 3-4, d[2]
 * (mat2, two locations each) at 5-8; a[1] comes from a buffer, the others are current values.
 * The program draws green where every element holds what was set, red where one does not;
 * then a[0] is set wrong and the rectangle must turn red (the values are read, not assumed). */
void
sc_vs_input_arrays(void)
{
   static const char *vs =
      "#version 330 core\n"
      "layout(location = 0) in vec2 a_pos;\n"
      "layout(location = 1) in float a[2];\n"
      "layout(location = 3) in ivec2 b[2];\n"
      "layout(location = 5) in mat2 d[2];\n"
      "uniform int u_n;\n"
      "out vec4 v_color;\n"
      "void main() {\n"
      "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
      "  bool ok = true;\n"
      "  for (int i = 0; i < u_n; i++) {\n"
      "    float k = float(4 * i);\n"
      "    if (a[i] != 10.0 + float(i)) ok = false;\n"
      "    if (b[i] != ivec2(20 + 2 * i, 21 + 2 * i)) ok = false;\n"
      "    if (d[i] != mat2(30.0 + k, 31.0 + k, 32.0 + k, 33.0 + k)) ok = false;\n"
      "  }\n"
      "  v_color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
      "}\n";
   static const char *fs = "#version 330 core\n"
                           "in vec4 v_color;\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = v_color; }\n";
   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_n"), 2);
   float v[12];
   rect_vertices(v, 8, 8, 56, 56);
   mesh me = make_mesh(v, 6);
   /* a[1] from a buffer: 11.0 at each of the 6 vertices */
   const float eleven[6] = {11.0f, 11.0f, 11.0f, 11.0f, 11.0f, 11.0f};
   GLuint buf = 0;
   gl.GenBuffers(1, &buf);
   gl.BindBuffer(GL_ARRAY_BUFFER, buf);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(eleven), eleven, GL_STATIC_DRAW);
   gl.VertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(2);
   gl.VertexAttrib4f(1, 10.0f, 0.0f, 0.0f, 1.0f);
   gl.VertexAttribI4i(3, 20, 21, 0, 1);
   gl.VertexAttribI4i(4, 22, 23, 0, 1);
   for (GLuint col = 0; col < 4; col++)
      gl.VertexAttrib2f(5 + col, 30.0f + 2.0f * (float)col, 31.0f + 2.0f * (float)col);
   check_gl_error("vertex input arrays set up");
   const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw with vertex input arrays");
   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 8, 56, 56, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("every element of a, b and d as set", &m);

   gl.VertexAttrib4f(1, 12.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw with a[0] wrong");
   model_init(&m, bg);
   model_rect(&m, 8, 8, 56, 56, to8(V4(1.0f, 0.0f, 0.0f, 1.0f)));
   check_frame("a[0] set wrong is seen", &m);
   gl.DisableVertexAttribArray(2);
   gl.DeleteBuffers(1, &buf);
   gl.DeleteBuffers(1, &me.vbo);
   gl.DeleteProgram(p);
}

/* varying_pack: GL counts a stage interface in components, so nearly as many scalar varyings
 * as GL_MAX_VERTEX_OUTPUT_COMPONENTS says (120 floats on lavapipe, far more than its 32
 * locations) pass from the vertex to the fragment stage, each element its own value (read back
 * with a dynamic index and checked in the fragment shader). 8 components are left over because
 * the Vulkan validation layer (1.3.239) also counts gl_PerVertex's built-ins against
 * maxVertexOutputComponents. */
void
sc_varying_pack(void)
{
   static const char *vs = "#version 150\n"
                           "in vec2 a_pos;\n"
                           "flat out float v_f[min(gl_MaxVertexOutputComponents,\n"
                           "                       gl_MaxFragmentInputComponents) - 8];\n"
                           "void main() {\n"
                           "  for (int i = 0; i < v_f.length(); i++) v_f[i] = float(i * 3 + 1);\n"
                           "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                           "}\n";
   static const char *fs = "#version 150\n"
                           "flat in float v_f[min(gl_MaxVertexOutputComponents,\n"
                           "                      gl_MaxFragmentInputComponents) - 8];\n"
                           "out vec4 o_color;\n"
                           "void main() {\n"
                           "  int bad = 0;\n"
                           "  for (int i = 0; i < v_f.length(); i++)\n"
                           "    if (v_f[i] != float(i * 3 + 1)) bad++;\n"
                           "  o_color = bad == 0 ? vec4(0.0, 1.0, 0.0, 1.0)\n"
                           "                     : vec4(1.0, 0.0, float(bad) / 255.0, 1.0);\n"
                           "}\n";
   GLint comps = 0;
   glGetIntegerv(GL_MAX_VERTEX_OUTPUT_COMPONENTS, &comps);
   if (comps < 64)
      fail("GL_MAX_VERTEX_OUTPUT_COMPONENTS %d is below GL 3.2's 64", comps);
   static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, NULL);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   float quad[12];
   rect_vertices(quad, 4, 4, 28, 20);
   mesh m = make_mesh(quad, 6);
   clear_to(bg);
   gl.UseProgram(p);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw with every varying component in use");
   model md;
   model_init(&md, bg);
   model_rect(&md, 4, 4, 28, 20, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("each of the scalar varyings arrives", &md);
   gl.DeleteProgram(p);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* uniform_init: GL uniform initializers (GLSL 1.20+, 4.3.5) are the uniforms' values after
 * link: an unsized array sized by its initializer and indexed by gl_InstanceID picks each
 * instance's colour, a scalar one moves the rects; then glUniform replaces one element and a
 * relink brings the initializer's value back. */
void
sc_uniform_init(void)
{
   static const char *vs = "#version 150\n"
                           "in vec2 a_pos;\n"
                           "uniform vec4 u_colors[] = vec4[](vec4(0.0, 1.0, 0.0, 1.0),\n"
                           "                                 vec4(0.0, 0.6, 0.4, 1.0),\n"
                           "                                 vec4(0.2, 0.0, 1.0, 1.0));\n"
                           "uniform float u_step = 16.0;\n"
                           "flat out vec4 v_color;\n"
                           "void main() {\n"
                           "  v_color = u_colors[gl_InstanceID];\n"
                           "  vec2 p = a_pos + vec2(u_step * float(gl_InstanceID), 0.0);\n"
                           "  gl_Position = vec4(p / 32.0 - 1.0, 0.0, 1.0);\n"
                           "}\n";
   static const char *fs = "#version 150\n"
                           "flat in vec4 v_color;\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = v_color; }\n";
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const vec4f cols[3] = {V4(0.0f, 1.0f, 0.0f, 1.0f), V4(0.0f, 0.6f, 0.4f, 1.0f),
                          V4(0.2f, 0.0f, 1.0f, 1.0f)};
   static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, NULL);
   GLint size = 0;
   GLenum type = 0;
   char name[32] = "";
   GLint n = 0;
   gl.GetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
   for (GLint i = 0; i < n; i++) {
      gl.GetActiveUniform(p, (GLuint)i, sizeof name, NULL, &size, &type, name);
      if (!strcmp(name, "u_colors[0]") && (size != 3 || type != GL_FLOAT_VEC4))
         fail("u_colors: size %d type 0x%x, expected 3 vec4", size, type);
   }
   float got[4] = {0};
   gl.GetUniformfv(p, uloc(p, "u_colors[2]"), got);
   if (memcmp(got, cols[2].v, sizeof got))
      fail("glGetUniformfv(u_colors[2]) = %g %g %g %g", got[0], got[1], got[2], got[3]);
   float quad[12];
   rect_vertices(quad, 4, 8, 16, 24);
   mesh m = make_mesh(quad, 6);
   clear_to(bg);
   gl.UseProgram(p);
   gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, 3);
   check_gl_error("instanced draw with initialized uniforms");
   model md;
   model_init(&md, bg);
   for (int i = 0; i < 3; i++)
      model_rect(&md, 4 + 16 * i, 8, 16 + 16 * i, 24, to8(cols[i]));
   check_frame("colours from u_colors' initializer", &md);

   /* glUniform overrides; a relink starts again from the initializers */
   const vec4f red = V4(1.0f, 0.0f, 0.0f, 1.0f);
   gl.Uniform4fv(uloc(p, "u_colors[1]"), 1, red.v);
   gl.Uniform1f(uloc(p, "u_step"), 20.0f);
   clear_to(bg);
   gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, 3);
   model_init(&md, bg);
   for (int i = 0; i < 3; i++)
      model_rect(&md, 4 + 20 * i, 8, 16 + 20 * i, 24, to8(i == 1 ? red : cols[i]));
   check_frame("u_colors[1] and u_step set with glUniform", &md);
   gl.LinkProgram(p);
   clear_to(bg);
   gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, 3);
   model_init(&md, bg);
   for (int i = 0; i < 3; i++)
      model_rect(&md, 4 + 16 * i, 8, 16 + 16 * i, 24, to8(cols[i]));
   check_frame("after a relink: the initializers' values again", &md);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* khr_debug: KHR_debug through the EGL vendor on every arm. The callback is called in the app's
 * thread, inside the call that caused the message: a GL error (source API, type ERROR), an
 * inserted marker, a debug group's push and pop around a labelled draw; on mgl also a decline
 * (glGenTransformFeedbacks without ARB_transform_feedback2, else glGetCompressedTexImage of
 * an ETC2 level glGenerateMipmap made) as a message naming it. Then, with no callback, the
 * log returns inserted messages in order; object labels read back; the draw's pixels check. */
typedef struct {
   GLenum source, type, severity;
   GLuint id;
   char text[128];
   bool app_thread;
} debug_msg;

static debug_msg g_dbg[16];

static int g_dbg_n;

static pthread_t g_main_thread;

static void APIENTRY
debug_record(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
             const GLchar *message, const void *user)
{
   if (user != &g_dbg_n)
      fail("debug callback: user param %p, expected %p", user, (const void *)&g_dbg_n);
   if (g_dbg_n < 16) {
      debug_msg *m = &g_dbg[g_dbg_n];
      m->source = source, m->type = type, m->id = id, m->severity = severity;
      snprintf(m->text, sizeof m->text, "%.*s", (int)length, message);
      m->app_thread = pthread_equal(pthread_self(), g_main_thread);
   }
   g_dbg_n++;
}

static void
expect_debug(int k, GLenum source, GLenum type, GLuint id, const char *text, const char *what)
{
   if (k >= g_dbg_n) {
      fail("%s: no message %d (got %d)", what, k, g_dbg_n);
      return;
   }
   const debug_msg *m = &g_dbg[k];
   if (m->source != source || m->type != type || (text && m->id != id) ||
       (text && strcmp(m->text, text)) || !m->app_thread)
      fail("%s: message source 0x%x type 0x%x id %u \"%s\" app thread %d, expected 0x%x 0x%x %u "
           "\"%s\"",
           what, m->source, m->type, m->id, m->text, m->app_thread, source, type, id,
           text ? text : "(any)");
}

void
sc_khr_debug(void)
{
   bool listed = false;
   GLint n_ext = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n_ext);
   for (GLint i = 0; i < n_ext; i++)
      listed |= !strcmp((const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i), "GL_KHR_debug");
   if (!listed)
      fail("GL_KHR_debug is not listed");
   const bool is_mgl = !strncmp((const char *)glGetString(GL_RENDERER), "mgl", 3);
   g_main_thread = pthread_self();

   /* Not a debug context: output starts off. Only errors and the app's own messages pass. */
   if (glIsEnabled(GL_DEBUG_OUTPUT))
      fail("GL_DEBUG_OUTPUT is on in a non-debug context");
   glEnable(GL_DEBUG_OUTPUT);
   glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
   gl.DebugMessageCallback(debug_record, &g_dbg_n);
   void *cb = NULL;
   gl.GetPointerv(GL_DEBUG_CALLBACK_FUNCTION, &cb);
   if (cb != (void *)debug_record)
      fail("glGetPointerv(GL_DEBUG_CALLBACK_FUNCTION) = %p", cb);
   gl.DebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE);
   gl.DebugMessageControl(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_DONT_CARE, 0, NULL, GL_TRUE);
   gl.DebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, GL_DONT_CARE, 0, NULL,
                          GL_TRUE);
   if (is_mgl)
      gl.DebugMessageControl(GL_DEBUG_SOURCE_OTHER, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE, 0, NULL,
                             GL_TRUE);
   check_gl_error("debug setup");

   glEnable(0x1234); /* not a capability */
   if (g_dbg_n != 1)
      fail("glEnable(0x1234): %d messages in the call, expected 1", g_dbg_n);
   expect_debug(0, GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_INVALID_ENUM,
                is_mgl ? "GL_INVALID_ENUM generated" : NULL, "error");
   if (glGetError() != GL_INVALID_ENUM)
      fail("glEnable(0x1234) did not raise GL_INVALID_ENUM");

   if (is_mgl && !has_ext("GL_ARB_transform_feedback2")) {
      g_dbg_n = 0;
      GLuint tfo = 0;
      gl.GenTransformFeedbacks(1, &tfo); /* ES 3.0's objects: a decline in a 3.3 context */
      if (g_dbg_n != 2)
         fail("declined glGenTransformFeedbacks: %d messages, expected 2", g_dbg_n);
      expect_debug(0, GL_DEBUG_SOURCE_OTHER, GL_DEBUG_TYPE_OTHER, 0, NULL, "decline");
      if (strncmp(g_dbg[0].text, "decline gl-entry-not-in-version: glGenTransformFeedbacks", 55))
         fail("decline message \"%s\"", g_dbg[0].text);
      expect_debug(1, GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_INVALID_OPERATION,
                   "GL_INVALID_OPERATION generated", "decline's error");
      if (glGetError() != GL_INVALID_OPERATION)
         fail("declined glGenTransformFeedbacks did not raise GL_INVALID_OPERATION");
   } else if (is_mgl) {
      /* transform feedback objects are offered (ARB_transform_feedback2): a feature mgl
       * declines by name is the decline instead: glClearTexImage of a multisample
       * depth/stencil texture (GL 4.4 allows it; mgl raises GL_INVALID_OPERATION with the
       * decline) */
      static const char want[] = "decline gl-feature-unimplemented: glClearTex(Sub)Image of a "
                                 "multisample texture of internal format 0x88f0";
      static const GLuint d24s8 = 0x80000001u;
      GLuint tex = 0;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
      gl.TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_DEPTH24_STENCIL8, 8, 8, GL_TRUE);
      check_gl_error("glTexImage2DMultisample(4, GL_DEPTH24_STENCIL8)");
      g_dbg_n = 0;
      gl.ClearTexImage(tex, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &d24s8);
      if (g_dbg_n != 2)
         fail("declined glClearTexImage: %d messages, expected 2", g_dbg_n);
      expect_debug(0, GL_DEBUG_SOURCE_OTHER, GL_DEBUG_TYPE_OTHER, 0, NULL, "decline");
      if (strncmp(g_dbg[0].text, want, sizeof want - 1))
         fail("decline message \"%s\"", g_dbg[0].text);
      expect_debug(1, GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_INVALID_OPERATION,
                   "GL_INVALID_OPERATION generated", "decline's error");
      if (glGetError() != GL_INVALID_OPERATION)
         fail("declined glClearTexImage did not raise GL_INVALID_OPERATION");
      glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
      glDeleteTextures(1, &tex);
   }

   /* A labelled draw inside a group. */
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), col = V4(0.4f, 0.8f, 0.2f, 1.0f);
   g_dbg_n = 0;
   gl.PushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 77, -1, "labelled draw");
   GLuint p = solid_program();
   set_vec4(p, "u_color", col);
   float quad[12];
   rect_vertices(quad, 8, 12, 40, 52);
   mesh me = make_mesh(quad, 6);
   gl.ObjectLabel(GL_PROGRAM, p, -1, "solid");
   gl.ObjectLabel(GL_BUFFER, me.vbo, -1, "quad vertices");
   gl.ObjectLabel(GL_VERTEX_ARRAY, me.vao, 4, "quad and more");
   gl.DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 5,
                         GL_DEBUG_SEVERITY_NOTIFICATION, -1, "before the draw");
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.PopDebugGroup();
   check_gl_error("labelled draw in a debug group");
   if (g_dbg_n != 3)
      fail("debug group: %d messages, expected push, marker, pop", g_dbg_n);
   expect_debug(0, GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_PUSH_GROUP, 77, "labelled draw",
                "push");
   expect_debug(1, GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 5, "before the draw",
                "marker");
   expect_debug(2, GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_POP_GROUP, 77, "labelled draw",
                "pop");
   char label[32] = "";
   GLsizei len = -1;
   gl.GetObjectLabel(GL_BUFFER, me.vbo, sizeof label, &len, label);
   if (strcmp(label, "quad vertices") || len != 13)
      fail("buffer label \"%s\" (%d)", label, len);
   gl.GetObjectLabel(GL_VERTEX_ARRAY, me.vao, sizeof label, &len, label);
   if (strcmp(label, "quad") || len != 4)
      fail("vertex array label \"%s\" (%d)", label, len);
   gl.GetObjectLabel(GL_PROGRAM, p, 3, &len, label);
   if (strcmp(label, "so") || len != 2)
      fail("program label truncated to bufSize 3: \"%s\" (%d)", label, len);
   check_gl_error("object labels");

   /* No callback: the log keeps the messages for glGetDebugMessageLog. */
   gl.DebugMessageCallback(NULL, NULL);
   gl.DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                         GL_DEBUG_SEVERITY_HIGH, -1, "one");
   gl.DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 2,
                         GL_DEBUG_SEVERITY_HIGH, -1, "two");
   GLint logged = 0, next = 0;
   glGetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &logged);
   glGetIntegerv(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH, &next);
   if (logged != 2 || next != 4)
      fail("log: %d messages, next length %d; expected 2 and 4", logged, next);
   GLuint ids[4];
   GLsizei lens[4];
   char buf[64];
   GLuint got = gl.GetDebugMessageLog(4, sizeof buf, NULL, NULL, ids, NULL, lens, buf);
   if (got != 2 || ids[0] != 1 || ids[1] != 2 || lens[0] != 4 || strcmp(buf, "one") ||
       strcmp(buf + 4, "two"))
      fail("glGetDebugMessageLog: %u messages", got);
   glGetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &logged);
   if (logged != 0)
      fail("log not emptied: %d", logged);
   check_gl_error("message log");

   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 12, 40, 52, to8(col));
   check_frame("the labelled draw", &m);
}

/* block_array_interp: flat, noperspective and centroid members of an array of interface blocks
 * (GLSL 1.50), read through a dynamic index. On Mesa 22.3's lavapipe such members of a block
 * array interpolated as plain smooth ones; mgl now gives the driver one variable per member
 * (spirv_split.c). The flat member is 1 at the first and last vertex of the triangle and 0 at the
 * middle one (so either provoking-vertex convention reads 1); the noperspective member must
 * equal a loose noperspective varying (the vertices have different w); the centroid member holds
 * barycentrics, which leave [0, 1] only when sampled outside the triangle. A pixel passes green,
 * fails red: single-sampled every covered pixel is green, and in a 4-sample framebuffer
 * (resolved) no pixel has any red, edge pixels included. */
void
sc_block_array_interp(void)
{
   const char *vs = "#version 150\n"
                    "in vec2 a_pos;\n"
                    "in vec2 a_fw;\n"
                    "in vec3 a_bary;\n"
                    "noperspective out float n_loose;\n"
                    "out Blk {\n"
                    "  flat float f;\n"
                    "  noperspective float n;\n"
                    "  centroid vec3 c;\n"
                    "} b[2];\n"
                    "void main() {\n"
                    "  float w = a_fw.y;\n"
                    "  gl_Position = vec4((a_pos / 32.0 - 1.0) * w, 0.0, w);\n"
                    "  n_loose = a_pos.x / 64.0 + a_pos.y / 128.0;\n"
                    "  for (int i = 0; i < 2; i++) {\n"
                    "    b[i].f = a_fw.x; b[i].n = n_loose; b[i].c = a_bary;\n"
                    "  }\n"
                    "}\n";
   const char *fs = "#version 150\n"
                    "noperspective in float n_loose;\n"
                    "in Blk {\n"
                    "  flat float f;\n"
                    "  noperspective float n;\n"
                    "  centroid vec3 c;\n"
                    "} b[2];\n"
                    "uniform int which;\n"
                    "out vec4 o;\n"
                    "void main() {\n"
                    "  bool ok = b[which].f == 1.0 && abs(b[which].n - n_loose) < 1e-5 &&\n"
                    "            all(greaterThanEqual(b[which].c, vec3(-0.001))) &&\n"
                    "            all(lessThanEqual(b[which].c, vec3(1.001)));\n"
                    "  o = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
                    "}\n";
   const binding attribs[] = {{"a_pos", 0}, {"a_fw", 1}, {"a_bary", 2}, {NULL, 0}};
   const binding frags[] = {{"o", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, frags);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "which"), 1);

   const float tri[6] = {4, 4, 60, 12, 10, 58};
   const float fw[6] = {1, 1, 0, 2, 1, 3}; /* flat value, w */
   float data[3 * 7];
   for (int k = 0; k < 3; k++) {
      data[7 * k] = tri[2 * k];
      data[7 * k + 1] = tri[2 * k + 1];
      data[7 * k + 2] = fw[2 * k];
      data[7 * k + 3] = fw[2 * k + 1];
      for (int j = 0; j < 3; j++)
         data[7 * k + 4 + j] = j == k ? 1.0f : 0.0f;
   }
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 7 * sizeof(float), (void *)0);
   gl.VertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 7 * sizeof(float), (void *)(2 * sizeof(float)));
   gl.VertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, 7 * sizeof(float), (void *)(4 * sizeof(float)));
   for (GLuint a = 0; a < 3; a++)
      gl.EnableVertexAttribArray(a);
   check_gl_error("block_array_interp setup");

   const vec4f bg = V4(0.0f, 0.0f, 0.6f, 1.0f), green = V4(0.0f, 1.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   check_gl_error("single-sampled draw");
   model m;
   model_init(&m, bg);
   model_tri(&m, tri, to8(green));
   check_frame("flat and noperspective members of a block array", &m);

   GLuint rb, fbo = ms_rgba8_fbo(&rb);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("multisampled draw and resolve");
   check_frame("centroid member of a block array, resolved", &m);
   int red = 0, mixed = 0;
   const rgba8 b8 = to8(bg), g8 = to8(green);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         rgba8 got = pixel_at(x, y);
         if (got.c[0] && red++ < 8)
            fail("pixel (%d,%d) has red %u: a centroid member was sampled outside the triangle", x,
                 y, got.c[0]);
         mixed += !rgba_eq(got, b8) && !rgba_eq(got, g8);
      }
   if (mixed < 20)
      fail("only %d partly covered pixels on the triangle's edges: not multisampled?", mixed);
   printf("  %d partly covered edge pixels, %d with red\n", mixed, red);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   gl.DeleteBuffers(1, &vbo);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(p);
}

/* One GL_CLIP_DISTANCEi enable state, its clip-space result: a quad over the window whose
 * distances are d0 = x - 16 and d1 = y - 40 in window pixels (linear across it, so the clipped
 * edges fall on pixel boundaries). Only enabled planes clip (GL 4.6 §13.7); what the shader
 * writes for a disabled one is ignored. */
static void
clip_enables_phase(const char *what, bool on0, bool on1, vec4f bg, vec4f fg)
{
   const GLenum caps[2] = {GL_CLIP_DISTANCE0, GL_CLIP_DISTANCE0 + 1};
   const bool on[2] = {on0, on1};
   for (int i = 0; i < 2; i++) {
      if (on[i])
         glEnable(caps[i]);
      else
         glDisable(caps[i]);
      if (glIsEnabled(caps[i]) != (on[i] ? GL_TRUE : GL_FALSE))
         fail("%s: glIsEnabled(GL_CLIP_DISTANCE%d) does not say %d", what, i, on[i]);
   }
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error(what);
   model m;
   model_init(&m, bg);
   model_rect(&m, on0 ? 16 : 0, on1 ? 40 : 0, W, H, to8(fg));
   check_frame(what, &m);
}

/* clip_distance_enables: a vertex shader, then a geometry shader (the last stage before
 * rasterization), write gl_ClipDistance[0] and [1]; each combination of the two enables clips
 * by the enabled planes only: with plane 0 on and plane 1 off the part below y 40 is drawn. */
void
sc_clip_distance_enables(void)
{
   static const char *vs_clip = "#version 330 core\n"
                                "layout(location = 0) in vec2 a_pos;\n"
                                "void main() {\n"
                                "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                                "  gl_ClipDistance[0] = a_pos.x - 16.0;\n"
                                "  gl_ClipDistance[1] = a_pos.y - 40.0;\n"
                                "}\n";
   static const char *vs_plain =
      "#version 330 core\n"
      "layout(location = 0) in vec2 a_pos;\n"
      "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   static const char *gs_clip = "#version 150 core\n"
                                "layout(triangles) in;\n"
                                "layout(triangle_strip, max_vertices = 3) out;\n"
                                "uniform vec4 u_color;\n"
                                "out vec4 g_color;\n"
                                "void main() {\n"
                                "  for (int i = 0; i < 3; i++) {\n"
                                "    vec4 p = gl_in[i].gl_Position;\n"
                                "    vec2 px = (p.xy + 1.0) * 32.0;\n"
                                "    gl_Position = p;\n"
                                "    gl_ClipDistance[0] = px.x - 16.0;\n"
                                "    gl_ClipDistance[1] = px.y - 40.0;\n"
                                "    g_color = u_color;\n"
                                "    EmitVertex();\n"
                                "  }\n"
                                "  EndPrimitive();\n"
                                "}\n";
   float q[12];
   rect_vertices(q, 0, 0, W, H);
   mesh me = make_mesh(q, 6);
   const vec4f bg = V4(0.0f, 0.0f, 0.4f, 1.0f);

   GLuint p = link_program(vs_clip, FS_UNIFORM);
   gl.UseProgram(p);
   const vec4f fg = V4(1.0f, 0.6f, 0.2f, 1.0f);
   set_vec4(p, "u_color", fg);
   clip_enables_phase("vertex shader: plane 0 on, plane 1 off", true, false, bg, fg);
   clip_enables_phase("vertex shader: both planes on", true, true, bg, fg);
   clip_enables_phase("vertex shader: plane 0 off, plane 1 on", false, true, bg, fg);
   clip_enables_phase("vertex shader: both planes off", false, false, bg, fg);
   clip_enables_phase("vertex shader: plane 0 on again, plane 1 off", true, false, bg, fg);

   GLuint pg = link_program_gs(vs_plain, gs_clip, FS_GS);
   gl.UseProgram(pg);
   const vec4f fg2 = V4(0.2f, 1.0f, 0.6f, 1.0f);
   set_vec4(pg, "u_color", fg2);
   clip_enables_phase("geometry shader: plane 0 on, plane 1 off", true, false, bg, fg2);
   clip_enables_phase("geometry shader: both planes on", true, true, bg, fg2);
   clip_enables_phase("geometry shader: plane 0 off, plane 1 on", false, true, bg, fg2);
   clip_enables_phase("geometry shader: both planes off", false, false, bg, fg2);

   glDisable(GL_CLIP_DISTANCE0);
   glDisable(GL_CLIP_DISTANCE0 + 1);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteProgram(pg);
   gl.DeleteBuffers(1, &me.vbo);
   gl.DeleteVertexArrays(1, &me.vao);
}

/* ubo_subdata_pass: glBufferSubData into one uniform buffer between the draws of one pass
 * (nothing else ends it), each draw checked: draws before an update read the old bytes, draws
 * after it the new ones, and the bytes an update leaves alone keep their value (the Vulkan
 * backend renames such a buffer, vkb_rename.c: a version must carry the whole buffer). Then a
 * buffer the GPU wrote (glCopyBufferSubData) is updated the same way: its other bytes are the
 * copied ones, never what the CPU wrote before the copy. */
void
sc_ubo_subdata_pass(void)
{
   const char *fs = "#version 330 core\n"
                    "layout(std140) uniform Cell { vec4 color; vec4 extra; };\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = vec4(color.rg, extra.b, 1.0); }\n";
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   const GLint off = uloc(p, "u_offset");
   GLuint blk = gl.GetUniformBlockIndex(p, "Cell");
   if (blk == GL_INVALID_INDEX)
      die_setup("uniform block Cell not found");
   gl.UniformBlockBinding(p, blk, 1);

   /* the block at 0 in a 256-byte buffer; extra.b = 0.4 is written once, before the draws */
   float init[64] = {0};
   init[6] = 0.4f;
   GLuint ubo;
   gl.GenBuffers(1, &ubo);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
   gl.BufferData(GL_UNIFORM_BUFFER, sizeof init, init, GL_DYNAMIC_DRAW);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, 1, ubo);

   float cell[12];
   rect_vertices(cell, 0, 0, 6, 12);
   mesh mc = make_mesh(cell, 6);
   gl.BindVertexArray(mc.vao);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   /* row 1: 8 cells, a 16-byte update of color before each pair of draws (the second of a
    * pair reads what the first did) */
   for (int i = 0; i < 8; i++) {
      if (i % 2 == 0) {
         const float c[4] = {(float)(i / 2 % 2), 0.2f * (float)(i / 2 + 1), 0.0f, 1.0f};
         gl.BufferSubData(GL_UNIFORM_BUFFER, 0, sizeof c, c);
      }
      gl.Uniform2f(off, (float)(8 * i), 4.0f);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      const float r = (float)(i / 2 % 2), g = 0.2f * (float)(i / 2 + 1);
      model_rect(&m, 8 * i, 4, 8 * i + 6, 16, to8(V4(r, g, 0.4f, 1.0f)));
   }
   check_gl_error("draws with an update between pairs");

   /* row 2: the buffer's bytes come from a GPU copy (extra.b = 0.8 replaces the CPU's 0.4),
    * then the same updates between draws */
   float src[64] = {0};
   src[0] = 1.0f;
   src[6] = 0.8f;
   GLuint from;
   gl.GenBuffers(1, &from);
   gl.BindBuffer(GL_COPY_READ_BUFFER, from);
   gl.BufferData(GL_COPY_READ_BUFFER, sizeof src, src, GL_STATIC_DRAW);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, ubo);
   gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, sizeof src);
   check_gl_error("glCopyBufferSubData into the uniform buffer");
   for (int i = 0; i < 4; i++) {
      if (i) {
         const float c[4] = {0.0f, 0.2f * (float)i, 0.0f, 1.0f};
         gl.BufferSubData(GL_UNIFORM_BUFFER, 0, sizeof c, c);
      }
      gl.Uniform2f(off, (float)(8 * i), 24.0f);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      const vec4f want = i ? V4(0.0f, 0.2f * (float)i, 0.8f, 1.0f) : V4(1.0f, 0.0f, 0.8f, 1.0f);
      model_rect(&m, 8 * i, 24, 8 * i + 6, 36, to8(want));
   }
   check_gl_error("draws after the copy");

   /* the buffer read back between the draws: the last update and the copied bytes beside it,
    * then one more update and draw (row 3) */
   float back[8];
   read_buffer(ubo, 0, sizeof back, back);
   const float want_back[8] = {0.0f, 0.2f * 3.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.8f, 0.0f};
   if (memcmp(back, want_back, sizeof back))
      fail("glGetBufferSubData between the draws: {%g %g %g %g %g %g %g %g}, want "
           "{0 0.6 0 1 0 0 0.8 0}",
           back[0], back[1], back[2], back[3], back[4], back[5], back[6], back[7]);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
   const float c5[4] = {1.0f, 1.0f, 0.0f, 1.0f};
   gl.BufferSubData(GL_UNIFORM_BUFFER, 0, sizeof c5, c5);
   gl.Uniform2f(off, 0.0f, 44.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   model_rect(&m, 0, 44, 6, 56, to8(V4(1.0f, 1.0f, 0.8f, 1.0f)));
   check_frame("uniform-buffer updates between the draws of one pass", &m);
   gl.DeleteBuffers(1, &from);
   gl.DeleteBuffers(1, &ubo);
}

/* ssbo_subdata_pass: as ubo_subdata_pass, with a shader storage block the fragment stage reads:
 * glBufferSubData into it between the draws of one pass, each draw checked against the bytes
 * it was given. On the GLES backend the host's driver ordered the write after the draws before
 * it only for a store it made as a storage buffer (glb_resource.c): each draw read the last
 * bytes written. */
void
sc_ssbo_subdata_pass(void)
{
   GLint fs_blocks = 0;
   glGetIntegerv(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, &fs_blocks);
   if (glGetError() != GL_NO_ERROR || fs_blocks < 1) {
      skipped("a storage block in a fragment shader");
      return;
   }
   const char *fs =
      "#version 430\n"
      "layout(std430, binding = 2) readonly buffer Cell { vec4 color; float scale; };\n"
      "out vec4 o_color;\n"
      "void main() { o_color = vec4(color.rgb * scale, 1.0); }\n";
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   const GLint off = uloc(p, "u_offset");
   float init[8] = {0};
   GLuint ssbo;
   gl.GenBuffers(1, &ssbo);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, ssbo);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, sizeof init, init, GL_DYNAMIC_DRAW);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, ssbo);
   float cell[12];
   rect_vertices(cell, 0, 0, 6, 12);
   mesh mc = make_mesh(cell, 6);
   gl.BindVertexArray(mc.vao);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   /* 8 cells, each after an update of the whole block (color and scale) */
   for (int i = 0; i < 8; i++) {
      const float c[5] = {(float)(i % 2), 0.25f * (float)(i % 4), (float)(i / 4), 1.0f, 0.8f};
      gl.BufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof c, c);
      gl.Uniform2f(off, (float)(8 * i), 4.0f);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, 8 * i, 4, 8 * i + 6, 16, to8(V4(0.8f * c[0], 0.8f * c[1], 0.8f * c[2], 1.0f)));
   }
   check_gl_error("draws with a storage-buffer update before each");
   check_frame("storage-buffer updates between the draws of one pass", &m);
   gl.DeleteBuffers(1, &ssbo);
   gl.DeleteProgram(p);
}

/* gs_invariant: invariant varyings through a geometry stage (GLSL 1.50 4.6.1: the qualifier on
 * an output and on the next stage's input), the geometry stage's inputs among them (which the
 * GLES backend's ESSL takes on outputs only); the rectangle takes the colour passed down. */
void
sc_gs_invariant(void)
{
   static const char *vs = "#version 150 core\n"
                           "in vec2 a_pos;\n"
                           "invariant gl_Position;\n"
                           "invariant out vec4 v_color;\n"
                           "void main() {\n"
                           "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                           "  v_color = vec4(0.2, 0.6, 1.0, 1.0);\n"
                           "}\n";
   static const char *gs = "#version 150 core\n"
                           "layout(triangles) in;\n"
                           "layout(triangle_strip, max_vertices = 3) out;\n"
                           "invariant in vec4 v_color[];\n"
                           "invariant out vec4 g_color;\n"
                           "void main() {\n"
                           "  for (int i = 0; i < 3; i++) {\n"
                           "    gl_Position = gl_in[i].gl_Position;\n"
                           "    g_color = v_color[i].bgra;\n"
                           "    EmitVertex();\n"
                           "  }\n"
                           "}\n";
   static const char *fs = "#version 150 core\n"
                           "invariant in vec4 g_color;\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = g_color; }\n";
   GLuint p = link_program_gs(vs, gs, fs);
   gl.UseProgram(p);
   float v[12];
   rect_vertices(v, 8, 8, 40, 48);
   mesh me = make_mesh(v, 6);
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw with invariant varyings");
   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 8, 40, 48, to8(V4(1.0f, 0.6f, 0.2f, 1.0f)));
   check_frame("the colour through the invariant varyings", &m);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteVertexArrays(1, &me.vao);
   gl.DeleteBuffers(1, &me.vbo);
   check_gl_error("end");
}

/* link_compiled_source: GL 4.6 §7.1 / §7.3 (GL 3.3 §2.11.1, §2.11.3 alike): glLinkProgram links
 * each shader's last compiled code; a glShaderSource since then changes only what
 * glGetShaderSource and GL_SHADER_SOURCE_LENGTH report, until the next glCompileShader. Red
 * compiled, green set without a compile: the link draws red. A source that does not compile,
 * set without a compile: the link still draws red. A compile that failed, then a valid source
 * set without a compile: the shader is not compiled and the link fails. */
void
sc_link_compiled_source(void)
{
   static const char *fs_red = "#version 330 core\n"
                               "out vec4 o_color;\n"
                               "void main() { o_color = vec4(1.0, 0.0, 0.0, 1.0); }\n";
   static const char *fs_green = "#version 330 core\n"
                                 "out vec4 o_color;\n"
                                 "void main() { o_color = vec4(0.0, 1.0, 0.0, 1.0); }\n";
   static const char *fs_broken = "#version 330 core\n"
                                  "out vec4 o_color;\n"
                                  "void main() { o_color = not_declared; }\n";
   const GLuint vs = compile(GL_VERTEX_SHADER, VS_PIXELS);
   const GLuint fs = compile(GL_FRAGMENT_SHADER, fs_red);
   gl.ShaderSource(fs, 1, &fs_green, NULL);
   GLint n = 0;
   gl.GetShaderiv(fs, GL_SHADER_SOURCE_LENGTH, &n);
   if (n != (GLint)strlen(fs_green) + 1)
      fail("GL_SHADER_SOURCE_LENGTH after glShaderSource: %d, want %d (the new source's)", n,
           (int)strlen(fs_green) + 1);
   char got[256] = "";
   gl.GetShaderSource(fs, sizeof got, NULL, got);
   if (strcmp(got, fs_green))
      fail("glGetShaderSource after glShaderSource: not the new source");
   gl.GetShaderiv(fs, GL_COMPILE_STATUS, &n);
   if (n != GL_TRUE)
      fail("GL_COMPILE_STATUS after glShaderSource without a compile: %d, want GL_TRUE", n);

   float v[3][12];
   rect_vertices(v[0], 4, 4, 28, 28);
   rect_vertices(v[1], 36, 4, 60, 28);
   rect_vertices(v[2], 4, 36, 60, 60);
   mesh me = make_mesh(&v[0][0], 18);
   const vec4f bg = V4(0.0f, 0.0f, 0.4f, 1.0f);
   clear_to(bg);

   /* red compiled, green set since: red */
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, vs);
   gl.AttachShader(p, fs);
   gl.LinkProgram(p);
   expect_program_iv(p, GL_LINK_STATUS, GL_TRUE, "link after an uncompiled glShaderSource");
   gl.UseProgram(p);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw of the compiled source");

   /* a source that does not compile, set without a compile: the relink still links red */
   gl.ShaderSource(fs, 1, &fs_broken, NULL);
   gl.LinkProgram(p);
   expect_program_iv(p, GL_LINK_STATUS, GL_TRUE, "link after an uncompiled broken source");
   gl.UseProgram(p);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   check_gl_error("draw after the relink");
   gl.UseProgram(0);

   /* the broken source compiled (fails), then green set without a compile: not compiled, so
    * the link fails */
   gl.CompileShader(fs);
   gl.GetShaderiv(fs, GL_COMPILE_STATUS, &n);
   if (n != GL_FALSE)
      fail("GL_COMPILE_STATUS of a source that does not compile: %d", n);
   gl.ShaderSource(fs, 1, &fs_green, NULL);
   GLuint q = gl.CreateProgram();
   gl.AttachShader(q, vs);
   gl.AttachShader(q, fs);
   gl.LinkProgram(q);
   expect_program_iv(q, GL_LINK_STATUS, GL_FALSE, "link of a shader whose compile failed");

   /* green compiled: green */
   gl.CompileShader(fs);
   gl.LinkProgram(q);
   expect_program_iv(q, GL_LINK_STATUS, GL_TRUE, "link after green's compile");
   gl.UseProgram(q);
   glDrawArrays(GL_TRIANGLES, 12, 6);
   check_gl_error("draw of green");

   model m;
   model_init(&m, bg);
   model_rect(&m, 4, 4, 28, 28, to8(V4(1.0f, 0.0f, 0.0f, 1.0f)));
   model_rect(&m, 36, 4, 60, 28, to8(V4(1.0f, 0.0f, 0.0f, 1.0f)));
   model_rect(&m, 4, 36, 60, 60, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("each link draws what its shaders last compiled", &m);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteProgram(q);
   gl.DeleteShader(vs);
   gl.DeleteShader(fs);
   gl.DeleteVertexArrays(1, &me.vao);
   gl.DeleteBuffers(1, &me.vbo);
   check_gl_error("end");
}
