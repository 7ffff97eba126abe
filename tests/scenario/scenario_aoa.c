/* scenario_aoa.c — GL 4.3 arrays of arrays (ARB_arrays_of_arrays) in a GLSL 3.30 unit that
 * enables the extension: a uniform vec4 u_aa[2][3] set element by element through the
 * locations of "u_aa[i][j]" and read back by a draw (a rectangle per element, its pixels
 * asserted); its reflection as GL names it (one active uniform per innermost array,
 * "u_aa[0][0]" and "u_aa[1][0]" of size 3, consecutive locations within each); a local
 * array of arrays and a varying one.
 * arrays_of_arrays_opaque: arrays of arrays of samplers, uniform blocks and atomic counters,
 * which mgl flattens to one array level in the SPIR-V (a Vulkan descriptor binding holds one)
 * while GL sees their shape: a sampler2D u_tex[2][3] whose every element a cell of the draw
 * reads, its texture units set through "u_tex[i]" runs (clipped at the inner array's end) and
 * single elements, its reflection (one active uniform per innermost array); a block array
 * Blk[2][3] indexed by uniforms (dynamically uniform, ARB_gpu_shader5), its blocks named
 * "Blk[i][j]" and bound one by one; atomic counters c[2][3] listed as "c[i][0]" at offsets
 * 12 i.
 * io_structs: struct varyings holding arrays and structs, and an array of structs holding
 * arrays, written by the vertex stage and read by the fragment stage with dynamic indices (the
 * GLES backend splits them into one varying per member before SPIRV-Cross: ESSL has no such
 * varyings); each cell of the draw shows one member. */
#include "scenario.h"

static const char *VS_AOA = "#version 330 core\n"
                            "#extension GL_ARB_arrays_of_arrays : require\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "flat out int v_cell[2][1];\n"
                            "void main() {\n"
                            "  v_cell[1][0] = 7;\n"
                            "  v_cell[0][0] = -1;\n"
                            "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                            "}\n";

static const char *FS_AOA =
   "#version 330 core\n"
   "#extension GL_ARB_arrays_of_arrays : require\n"
   "uniform vec4 u_aa[2][3];\n"
   "flat in int v_cell[2][1];\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "  vec4 local[2][3] = u_aa;\n"
   "  int c = int(gl_FragCoord.x) / 10 + v_cell[1][0] - 7 + v_cell[0][0] + 1;\n"
   "  o_color = local[c / 3][c % 3] + u_aa[1 - c / 3][2 - c % 3] * 0.0;\n"
   "}\n";

/* Every channel a whole number of 255ths: GL leaves a tie (0.5 is 127.5) to the implementation,
 * and NVIDIA stores it as 127. */
static vec4f
cell_color(int c)
{
   return V4((float)(c % 3) * 0.4f, (float)(c / 3), 0.2f * (float)(1 + c % 2), 1.0f);
}

void
sc_arrays_of_arrays(void)
{
   if (!has_ext("GL_ARB_arrays_of_arrays")) {
      if (on_mgl())
         fail("mgl does not list GL_ARB_arrays_of_arrays");
      skipped("GL_ARB_arrays_of_arrays");
      return;
   }
   GLuint p = link_program(VS_AOA, FS_AOA);
   gl.UseProgram(p);
   for (int c = 0; c < 6; c++) {
      char name[32];
      snprintf(name, sizeof name, "u_aa[%d][%d]", c / 3, c % 3);
      const GLint loc = gl.GetUniformLocation(p, name);
      const GLint base = gl.GetUniformLocation(p, c < 3 ? "u_aa[0]" : "u_aa[1]");
      if (loc < 0 || loc != base + c % 3)
         fail("location of %s = %d, want %d + %d", name, loc, base, c % 3);
      const vec4f v = cell_color(c);
      gl.Uniform4fv(loc, 1, v.v);
   }
   GLint n = 0;
   gl.GetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
   if (n != 2)
      fail("GL_ACTIVE_UNIFORMS = %d, want 2 (one per innermost array)", n);
   for (GLuint i = 0; i < (GLuint)n && i < 2; i++) {
      char name[32] = "";
      GLint size = 0;
      GLenum type = 0;
      gl.GetActiveUniform(p, i, sizeof name, NULL, &size, &type, name);
      if ((strcmp(name, "u_aa[0][0]") && strcmp(name, "u_aa[1][0]")) || size != 3 ||
          type != GL_FLOAT_VEC4)
         fail("active uniform %u: %s, size %d, type 0x%04x; want u_aa[k][0], 3, GL_FLOAT_VEC4", i,
              name, size, type);
   }
   check_gl_error("uniform arrays of arrays");

   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   float q[12];
   rect_vertices(q, 0.0f, 0.0f, 60.0f, 64.0f);
   mesh m = make_mesh(q, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw");
   readback();
   for (int c = 0; c < 6; c++)
      expect_px("the element of u_aa the cell reads", 10 * c + 5, 32, to8(cell_color(c)));

   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   check_gl_error("end");
}

static const char *FS_TEX_AOA = "#version 330 core\n"
                                "#extension GL_ARB_arrays_of_arrays : require\n"
                                "uniform sampler2D u_tex[2][3];\n"
                                "out vec4 o_color;\n"
                                "void main() {\n"
                                "  int c = int(gl_FragCoord.x) / 10;\n"
                                "  vec2 uv = vec2(0.5);\n"
                                "  if (c == 0) o_color = texture(u_tex[0][0], uv);\n"
                                "  else if (c == 1) o_color = texture(u_tex[0][1], uv);\n"
                                "  else if (c == 2) o_color = texture(u_tex[0][2], uv);\n"
                                "  else if (c == 3) o_color = texture(u_tex[1][0], uv);\n"
                                "  else if (c == 4) o_color = texture(u_tex[1][1], uv);\n"
                                "  else o_color = texture(u_tex[1][2], uv);\n"
                                "}\n";

static const char *FS_BLK_AOA = "#version 330 core\n"
                                "#extension GL_ARB_arrays_of_arrays : require\n"
                                "#extension GL_ARB_gpu_shader5 : require\n"
                                "uniform Blk { vec4 color; } u_blk[2][3];\n"
                                "uniform int u_i, u_j;\n"
                                "out vec4 o_color;\n"
                                "void main() { o_color = u_blk[u_i][u_j].color; }\n";

static const char *FS_ATOMIC_AOA = "#version 330 core\n"
                                   "#extension GL_ARB_arrays_of_arrays : require\n"
                                   "#extension GL_ARB_shader_atomic_counters : require\n"
                                   "layout(binding = 0) uniform atomic_uint c[2][3];\n"
                                   "out vec4 o_color;\n"
                                   "void main() {\n"
                                   "  o_color = vec4(float(atomicCounter(c[1][2])));\n"
                                   "}\n";

/* The colour of texture unit / block binding u (u < 6). */
static vec4f
unit_color(int u)
{
   return V4(0.2f * (float)u, (float)(u % 2), (float)(u / 3), 1.0f);
}

static void
aoa_samplers(mesh *m)
{
   GLuint p = link_program(VS_AOA, FS_TEX_AOA);
   gl.UseProgram(p);
   GLuint tex[6];
   glGenTextures(6, tex);
   for (int u = 0; u < 6; u++) {
      gl.ActiveTexture(GL_TEXTURE0 + (GLenum)u);
      glBindTexture(GL_TEXTURE_2D, tex[u]);
      const rgba8 c = to8(unit_color(u));
      const GLubyte texel[4] = {c.c[0], c.c[1], c.c[2], c.c[3]};
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   }
   gl.ActiveTexture(GL_TEXTURE0);
   /* element [i][j] (flattened f = 3 i + j) reads unit 5 - f */
   const GLint row0[3] = {5, 4, 3}, tail[2] = {1, 0}, past[2] = {3, 5};
   const GLint l0 = gl.GetUniformLocation(p, "u_tex[0]"), l1 = gl.GetUniformLocation(p, "u_tex[1]");
   if (l0 < 0 || l1 < 0 || gl.GetUniformLocation(p, "u_tex[0][0]") != l0 ||
       gl.GetUniformLocation(p, "u_tex[1][2]") != l1 + 2 ||
       gl.GetUniformLocation(p, "u_tex[0][2]") != l0 + 2)
      fail("sampler locations: u_tex[0] %d, u_tex[1] %d, u_tex[1][2] %d", l0, l1,
           gl.GetUniformLocation(p, "u_tex[1][2]"));
   if (gl.GetUniformLocation(p, "u_tex[2][0]") != -1 ||
       gl.GetUniformLocation(p, "u_tex[0][3]") != -1)
      fail("a location past the sampler array's shape is not -1");
   gl.Uniform1i(l1, 2);
   gl.Uniform1iv(l0, 3, row0);
   gl.Uniform1iv(l0 + 2, 2, past); /* [0][2] = 3; the second value is past the inner array */
   gl.Uniform1iv(l1 + 1, 2, tail);
   check_gl_error("sampler units");
   GLint unit = -1;
   gl.GetUniformiv(p, l1, &unit);
   if (unit != 2)
      fail("u_tex[1][0] = %d after a run that ended at u_tex[0][2], want 2", unit);

   GLint n = 0;
   gl.GetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
   if (n != 2)
      fail("GL_ACTIVE_UNIFORMS = %d, want 2 (u_tex[0][0], u_tex[1][0])", n);
   for (GLuint i = 0; i < (GLuint)n && i < 2; i++) {
      char name[32] = "";
      GLint size = 0;
      GLenum type = 0;
      gl.GetActiveUniform(p, i, sizeof name, NULL, &size, &type, name);
      if ((strcmp(name, "u_tex[0][0]") && strcmp(name, "u_tex[1][0]")) || size != 3 ||
          type != GL_SAMPLER_2D)
         fail("active uniform %u: %s, size %d, type 0x%04x; want u_tex[k][0], 3, GL_SAMPLER_2D", i,
              name, size, type);
   }

   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("sampler draw");
   readback();
   for (int c = 0; c < 6; c++)
      expect_px("the texture of u_tex[c / 3][c % 3]", 10 * c + 5, 32, to8(unit_color(5 - c)));
   (void)m;
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   glDeleteTextures(6, tex);
}

static void
aoa_blocks(void)
{
   if (!has_ext("GL_ARB_gpu_shader5") && context_version() < 40) {
      skipped("GL_ARB_gpu_shader5 (a block array indexed by uniforms)");
      return;
   }
   GLuint p = link_program(VS_AOA, FS_BLK_AOA);
   gl.UseProgram(p);
   GLint align = 256;
   glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
   if (align < 16)
      align = 16;
   GLint nb = 0;
   gl.GetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &nb);
   if (nb != 6)
      fail("GL_ACTIVE_UNIFORM_BLOCKS = %d, want 6", nb);
   static const char *const not_blocks[] = {"Blk[2][0]", "Blk[0][3]", "Blk"};
   for (unsigned k = 0; k < sizeof not_blocks / sizeof not_blocks[0]; k++)
      if (gl.GetUniformBlockIndex(p, not_blocks[k]) != GL_INVALID_INDEX)
         fail("%s, past or short of Blk[2][3]'s shape, has a block index", not_blocks[k]);
   if (has_ext("GL_ARB_program_interface_query")) {
      /* GL 4.6 7.3.1.1: a name that matches once "[0]" is appended names that resource */
      const GLuint b10 = gl.GetProgramResourceIndex(p, GL_UNIFORM_BLOCK, "Blk[1][0]");
      const GLuint b1 = gl.GetProgramResourceIndex(p, GL_UNIFORM_BLOCK, "Blk[1]");
      char rn[16] = "";
      gl.GetProgramResourceName(p, GL_UNIFORM_BLOCK, b10, sizeof rn, NULL, rn);
      if (b10 == GL_INVALID_INDEX || b1 != b10 || strcmp(rn, "Blk[1][0]") ||
          b10 != gl.GetUniformBlockIndex(p, "Blk[1][0]"))
         fail("program interface: Blk[1][0] %u (named \"%s\"), Blk[1] %u", b10, rn, b1);
   }
   GLubyte data[6 * 256];
   memset(data, 0, sizeof data);
   for (int f = 0; f < 6; f++) {
      char name[16];
      snprintf(name, sizeof name, "Blk[%d][%d]", f / 3, f % 3);
      const GLuint idx = gl.GetUniformBlockIndex(p, name);
      if (idx == GL_INVALID_INDEX) {
         fail("no uniform block %s", name);
         continue;
      }
      /* block [i][j] reads binding point 5 - f, which holds unit_color(5 - f) */
      gl.UniformBlockBinding(p, idx, (GLuint)(5 - f));
      const vec4f c = unit_color(f);
      memcpy(data + (size_t)f * (size_t)align, c.v, sizeof c.v);
   }
   GLuint buf;
   gl.GenBuffers(1, &buf);
   gl.BindBuffer(GL_UNIFORM_BUFFER, buf);
   gl.BufferData(GL_UNIFORM_BUFFER, 6 * align, data, GL_STATIC_DRAW);
   for (int b = 0; b < 6; b++)
      gl.BindBufferRange(GL_UNIFORM_BUFFER, (GLuint)b, buf, b * align, 16);
   check_gl_error("block bindings");

   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   const GLint li = gl.GetUniformLocation(p, "u_i"), lj = gl.GetUniformLocation(p, "u_j");
   for (int c = 0; c < 6; c++) {
      float q[12];
      rect_vertices(q, 10.0f * (float)c, 0.0f, 10.0f * (float)c + 10.0f, 64.0f);
      mesh m = make_mesh(q, 6);
      gl.Uniform1i(li, c / 3);
      gl.Uniform1i(lj, c % 3);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      gl.DeleteVertexArrays(1, &m.vao);
      gl.DeleteBuffers(1, &m.vbo);
   }
   check_gl_error("block draws");
   readback();
   for (int c = 0; c < 6; c++)
      expect_px("u_blk[u_i][u_j] through binding point 5 - c", 10 * c + 5, 32,
                to8(unit_color(5 - c)));
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &buf);
}

static void
aoa_atomic_counters(void)
{
   if (!has_ext("GL_ARB_shader_atomic_counters")) {
      skipped("GL_ARB_shader_atomic_counters");
      return;
   }
   GLuint p = link_program(VS_AOA, FS_ATOMIC_AOA);
   GLint n = 0;
   gl.GetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
   if (n != 2)
      fail("GL_ACTIVE_UNIFORMS = %d, want 2 (c[0][0], c[1][0])", n);
   for (GLuint i = 0; i < (GLuint)n && i < 2; i++) {
      char name[32] = "";
      GLint size = 0, offset = -1, stride = -1;
      GLenum type = 0;
      gl.GetActiveUniform(p, i, sizeof name, NULL, &size, &type, name);
      gl.GetActiveUniformsiv(p, 1, &i, GL_UNIFORM_OFFSET, &offset);
      gl.GetActiveUniformsiv(p, 1, &i, GL_UNIFORM_ARRAY_STRIDE, &stride);
      const int row = !strcmp(name, "c[1][0]") ? 1 : !strcmp(name, "c[0][0]") ? 0 : -1;
      if (row < 0 || size != 3 || type != GL_UNSIGNED_INT_ATOMIC_COUNTER || offset != 12 * row ||
          stride != 4)
         fail("active uniform %u: %s, size %d, type 0x%04x, offset %d, stride %d; want c[k][0], "
              "3, GL_UNSIGNED_INT_ATOMIC_COUNTER, 12 k, 4",
              i, name, size, type, offset, stride);
   }
   check_gl_error("atomic counters");
   gl.DeleteProgram(p);
}

void
sc_arrays_of_arrays_opaque(void)
{
   if (!has_ext("GL_ARB_arrays_of_arrays")) {
      if (on_mgl())
         fail("mgl does not list GL_ARB_arrays_of_arrays");
      skipped("GL_ARB_arrays_of_arrays");
      return;
   }
   float q[12];
   rect_vertices(q, 0.0f, 0.0f, 60.0f, 64.0f);
   mesh m = make_mesh(q, 6);
   aoa_samplers(&m);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   aoa_blocks();
   aoa_atomic_counters();
   check_gl_error("end");
}

static const char *VS_IO_STRUCTS = "#version 330 core\n"
                                   "layout(location = 0) in vec2 a_pos;\n"
                                   "struct S { vec2 a[2]; int k; };\n"
                                   "struct U { S s; float f[3]; };\n"
                                   "flat out U v;\n"
                                   "flat out S w[2];\n"
                                   "void main() {\n"
                                   "  v.s.a[0] = vec2(0.2, 0.4);\n"
                                   "  v.s.a[1] = vec2(0.6, 0.8);\n"
                                   "  v.s.k = 3;\n"
                                   "  for (int i = 0; i < 3; i++)\n"
                                   "    v.f[i] = 0.2 * float(i + 1);\n"
                                   "  for (int i = 0; i < 2; i++) {\n"
                                   "    w[i].a[0] = vec2(0.2 * float(i), 1.0);\n"
                                   "    w[i].a[1] = vec2(0.6, 0.4 * float(i));\n"
                                   "    w[i].k = 5 + i;\n"
                                   "  }\n"
                                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                                   "}\n";

static const char *FS_IO_STRUCTS =
   "#version 330 core\n"
   "struct S { vec2 a[2]; int k; };\n"
   "struct U { S s; float f[3]; };\n"
   "flat in U v;\n"
   "flat in S w[2];\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "  int c = int(gl_FragCoord.x) / 8;\n"
   "  int i = c & 1;\n"
   "  if (c < 2)\n"
   "    o_color = vec4(v.s.a[i], float(v.s.k) * 0.2, 1.0);\n"
   "  else if (c < 5)\n"
   "    o_color = vec4(v.f[c - 2], 0.0, 1.0, 1.0);\n"
   "  else\n"
   "    o_color = vec4(w[i].a[0], w[i].a[1].x + w[i].a[1].y, float(w[i].k) * 0.2 - 0.8);\n"
   "}\n";

/* What cell c of the draw shows (every channel a whole number of 255ths: 0.2 steps). */
static vec4f
io_structs_color(int c)
{
   const int i = c & 1;
   if (c < 2)
      return V4(i ? 0.6f : 0.2f, i ? 0.8f : 0.4f, 0.6f, 1.0f);
   if (c < 5)
      return V4(0.2f * (float)(c - 1), 0.0f, 1.0f, 1.0f);
   return V4(0.2f * (float)i, 1.0f, 0.6f + 0.4f * (float)i, 0.2f * (float)(5 + i) - 0.8f);
}

void
sc_io_structs(void)
{
   GLuint p = link_program(VS_IO_STRUCTS, FS_IO_STRUCTS);
   gl.UseProgram(p);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   float q[12];
   rect_vertices(q, 0.0f, 0.0f, 64.0f, 64.0f);
   mesh m = make_mesh(q, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw");
   readback();
   for (int c = 0; c < 7; c++)
      expect_px("the struct member the cell reads", 8 * c + 4, 32, to8(io_structs_color(c)));
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   check_gl_error("end");
}
