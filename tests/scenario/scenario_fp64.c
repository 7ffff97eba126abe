/* scenario_fp64.c — GL_ARB_gpu_shader_fp64 (GL 4.0): double arithmetic whose result float
 * precision cannot give. fp64_precision: in a GLSL 3.30 fragment shader with the extension,
 * (1 + 1e-12) - 1 > 0 selects green where it is computed in double, from a glUniform1d
 * uniform, from a dvec2 glUniform2dv set and from a double member of a std140 uniform block
 * (after a float, at offset 8); 1e-20 in its place (below double precision) selects blue. A
 * context without the extension (mgl's GLES backend) must refuse the #extension by name.
 * fp64_vertex_arrays: double vertex input arrays; fp64_varyings: double varyings (below). */
#include "scenario.h"

static const char *FS_FP64 =
   "#version 330 core\n"
   "#extension GL_ARB_gpu_shader_fp64 : require\n"
   "uniform double u_one;\n"
   "uniform double u_eps;\n"
   "uniform double u_sub;\n" /* 1 too: a compiler may not fold (a + b) - a to b with it */
   "uniform dvec2 u_pair;\n" /* (one, eps) */
   "uniform int u_src;\n"
   "layout(std140) uniform Doubles {\n"
   "  float b_pad;\n"
   "  double b_eps;\n"
   "};\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "  double eps = u_src == 0 ? u_eps : u_src == 1 ? u_pair.y : b_eps;\n"
   "  double one = u_src == 1 ? u_pair.x : u_one;\n"
   "  double d = (one + eps) - u_sub;\n"
   "  o_color = d > 0.0lf ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(0.0, 0.0, 1.0, 1.0);\n"
   "  if (b_pad != 0.5) o_color = vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

/* Where the extension is not offered: the #extension that requires it does not compile and
 * the log names it. */
static void
fp64_refused(void)
{
   if (!on_mgl())
      die_setup("the reference GL has no GL_ARB_gpu_shader_fp64");
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   if (!renderer || !strstr(renderer, "(GLES:"))
      fail("no GL_ARB_gpu_shader_fp64 on renderer %s", renderer ? renderer : "(null)");
   GLuint sh = gl.CreateShader(GL_FRAGMENT_SHADER);
   gl.ShaderSource(sh, 1, &FS_FP64, NULL);
   gl.CompileShader(sh);
   GLint ok = 1;
   gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   char log[1024] = "";
   gl.GetShaderInfoLog(sh, sizeof log, NULL, log);
   if (ok)
      fail("`#extension GL_ARB_gpu_shader_fp64 : require' compiled without the extension");
   if (!strstr(log, "GL_ARB_gpu_shader_fp64"))
      fail("the refusal's log does not name the extension: %s", log);
   gl.DeleteShader(sh);
   check_gl_error("fp64 refusal");
   skipped("GL_ARB_gpu_shader_fp64 is not offered");
}

void
sc_fp64_precision(void)
{
   if (!has_ext("GL_ARB_gpu_shader_fp64") && context_version() < 40) {
      fp64_refused();
      return;
   }
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   GLuint p = link_program(VS_PIXELS, FS_FP64);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   const double fine = 1e-12, lost = 1e-20;
   gl.Uniform1d(uloc(p, "u_one"), 1.0);
   gl.Uniform1d(uloc(p, "u_sub"), 1.0);
   /* the block: a float at 0 and the double at 8 (std140) */
   unsigned char block[16] = {0};
   const float pad = 0.5f;
   memcpy(block, &pad, 4);
   GLuint ubo;
   gl.GenBuffers(1, &ubo);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
   gl.UniformBlockBinding(p, gl.GetUniformBlockIndex(p, "Doubles"), 2);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, 2, ubo);
   check_gl_error("fp64 program");
   model m;
   model_init(&m, bg);
   glEnable(GL_SCISSOR_TEST);
   const rgba8 green = {{0, 255, 0, 255}}, blue = {{0, 0, 255, 255}};
   /* columns: 0 glUniform1d, 1 glUniform2dv, 2 the block; rows: the fine epsilon (green), the
    * lost one (blue) */
   for (int src = 0; src < 3; src++) {
      for (int row = 0; row < 2; row++) {
         const double eps = row == 0 ? fine : lost;
         const double pair[2] = {1.0, eps};
         gl.Uniform1i(uloc(p, "u_src"), src);
         gl.Uniform1d(uloc(p, "u_eps"), eps);
         gl.Uniform2dv(uloc(p, "u_pair"), 1, pair);
         memcpy(block + 8, &eps, 8);
         gl.BufferData(GL_UNIFORM_BUFFER, sizeof block, block, GL_DYNAMIC_DRAW);
         const int x0 = 2 + 20 * src, y0 = 2 + 32 * row;
         glScissor(x0, y0, 18, 28);
         glDrawArrays(GL_TRIANGLES, 0, 6);
         model_rect(&m, x0, y0, x0 + 18, y0 + 28, row == 0 ? green : blue);
      }
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("fp64 draws");
   /* the uniform keeps its double value */
   GLdouble got[2] = {0, 0};
   gl.GetUniformdv(p, uloc(p, "u_pair"), got);
   if (got[0] != 1.0 || got[1] != lost)
      fail("glGetUniformdv(u_pair) = (%.17g, %.17g), want (1, %.17g)", got[0], got[1], lost);
   gl.Uniform1f(uloc(p, "u_one"), 1.0f); /* a float command on a double */
   expect_gl_error(GL_INVALID_OPERATION, "glUniform1f on a double uniform");
   check_frame("fp64 precision", &m);
   gl.DeleteBuffers(1, &ubo);
}

/* fp64_vertex_arrays: GL_ARB_vertex_attrib_64bit inputs that are arrays (GLSL 4.60 4.4.1: one
 * location a column of each element, a dvec3 / dvec4 element one too): a dvec3[2], a dmat2[2],
 * a double[2] and a dvec4[2] at explicit locations, fed by glVertexAttribLPointer from one
 * buffer (a_d[1] from its current value, glVertexAttribL1d), each value exact only in double.
 * The vertex shader compares them with uniforms of the same values, whole arrays and one
 * element picked by a uniform index, and passes green or red on: two quads green (index 0,
 * 1), a third red (one expected value off by 2^-40: the comparison is not vacuous). */
static const char *VS_FP64_ARRAYS =
   "#version 330 core\n"
   "#extension GL_ARB_gpu_shader_fp64 : require\n"
   "#extension GL_ARB_vertex_attrib_64bit : require\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "layout(location = 1) in dvec3 a_v[2];\n"
   "layout(location = 3) in dmat2 a_m[2];\n"
   "layout(location = 7) in double a_d[2];\n"
   "layout(location = 9) in dvec4 a_w[2];\n"
   "uniform dvec3 u_v[2];\n"
   "uniform dmat2 u_m[2];\n"
   "uniform double u_d[2];\n"
   "uniform dvec4 u_w[2];\n"
   "uniform int u_idx;\n"
   "uniform vec2 u_offset;\n"
   "flat out vec4 v_color;\n"
   "void main() {\n"
   "  gl_Position = vec4((a_pos + u_offset) / 32.0 - 1.0, 0.0, 1.0);\n"
   "  bool ok = a_v == u_v && a_m[u_idx] == u_m[u_idx] && a_m[1 - u_idx][1] == u_m[1 - u_idx][1]\n"
   "            && a_d == u_d && a_w[u_idx] == u_w[u_idx] && a_w[1 - u_idx].w == u_w[1 - "
   "u_idx].w;\n"
   "  v_color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

static const char *FS_FP64_ARRAYS = "#version 330 core\n"
                                    "flat in vec4 v_color;\n"
                                    "out vec4 o_color;\n"
                                    "void main() { o_color = v_color; }\n";

void
sc_fp64_vertex_arrays(void)
{
   if (!has_ext("GL_ARB_vertex_attrib_64bit") && context_version() < 41) {
      /* (mgl's GLES backend: no doubles at all) the shader does not compile, and says why */
      if (!on_mgl())
         die_setup("the reference GL has no GL_ARB_vertex_attrib_64bit");
      GLuint sh = gl.CreateShader(GL_VERTEX_SHADER);
      gl.ShaderSource(sh, 1, &VS_FP64_ARRAYS, NULL);
      gl.CompileShader(sh);
      GLint ok = 1;
      gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
      char log[1024] = "";
      gl.GetShaderInfoLog(sh, sizeof log, NULL, log);
      if (ok)
         fail("double vertex input arrays compiled without GL_ARB_vertex_attrib_64bit");
      if (!strstr(log, "GL_ARB_gpu_shader_fp64") && !strstr(log, "GL_ARB_vertex_attrib_64bit"))
         fail("the refusal's log does not name the extension: %s", log);
      gl.DeleteShader(sh);
      check_gl_error("vertex_attrib_64bit refusal");
      skipped("GL_ARB_vertex_attrib_64bit is not offered");
      return;
   }
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 16, 32);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   GLuint p = link_program(VS_FP64_ARRAYS, FS_FP64_ARRAYS);
   gl.UseProgram(p);
   /* each value k + 1 + (k + 1) 2^-40: distinct, and float would round the fraction away */
   enum {
      AT_V = 0,
      AT_M = 6,
      AT_D = 14,
      AT_W = 15,
      NUM_D = 23
   }; /* doubles a vertex; each input's */
   double vals[NUM_D];
   for (int k = 0; k < NUM_D; k++)
      vals[k] = (k + 1) + (k + 1) * 0x1p-40;
   double vertices[6][NUM_D];
   for (int i = 0; i < 6; i++)
      memcpy(vertices[i], vals, sizeof vals);
   GLuint vbo;
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof vertices, vertices, GL_STATIC_DRAW);
   const GLsizei stride = (GLsizei)sizeof vertices[0];
   const struct {
      GLuint loc;
      GLint size;
      int at;
   } attrs[] = {{1, 3, AT_V},     {2, 3, AT_V + 3}, {3, 2, AT_M},
                {4, 2, AT_M + 2}, {5, 2, AT_M + 4}, {6, 2, AT_M + 6},
                {7, 1, AT_D},     {9, 4, AT_W},     {10, 4, AT_W + 4}};
   for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
      gl.VertexAttribLPointer(attrs[i].loc, attrs[i].size, GL_DOUBLE, stride,
                              (void *)(attrs[i].at * sizeof(double)));
      gl.EnableVertexAttribArray(attrs[i].loc);
   }
   const double d1 = 0.5 + 0x1p-41; /* a_d[1]: the current value */
   gl.VertexAttribL1d(8, d1);
   check_gl_error("fp64 vertex arrays setup");
   const double u_d[2] = {vals[AT_D], d1};
   gl.Uniform3dv(uloc(p, "u_v"), 2, vals + AT_V);
   gl.UniformMatrix2dv(uloc(p, "u_m"), 2, GL_FALSE, vals + AT_M);
   gl.Uniform1dv(uloc(p, "u_d"), 2, u_d);
   gl.Uniform4dv(uloc(p, "u_w"), 2, vals + AT_W);
   model m;
   model_init(&m, bg);
   const rgba8 green = {{0, 255, 0, 255}}, red = {{255, 0, 0, 255}};
   for (int q = 0; q < 3; q++) {
      gl.Uniform1i(uloc(p, "u_idx"), q & 1);
      gl.Uniform2f(uloc(p, "u_offset"), 20.0f * q, 0.0f);
      if (q == 2) {
         double off[4];
         memcpy(off, vals + AT_W + 4, sizeof off);
         off[3] += 0x1p-40; /* a_w[1].w, compared at either index */
         gl.Uniform4dv(uloc(p, "u_w[1]"), 1, off);
      }
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, 20 * q, 0, 20 * q + 16, 32, q == 2 ? red : green);
   }
   check_gl_error("fp64 vertex arrays draws");
   check_frame("fp64 vertex arrays", &m);
   gl.DeleteBuffers(1, &vbo);
   gl.DeleteProgram(p);
}

/* fp64_varyings: a vertex shader writes double varyings of the shapes NVIDIA's driver read wrong
 * (issue 20: a dvec4, a struct {dmat4x3; double}, a double array, a dmat4x2), each value from
 * u_k = 1 + 2^-40 (exact only in double); the fragment shader compares every component with
 * the same expressions plus u_off and paints green, else red. Left quad u_off = 0: green; right
 * quad u_off = 2^-40: red (the comparison is not vacuous, and the low words cross). */
void
sc_fp64_varyings(void)
{
   static const char *vs = "#version 330 core\n"
                           "#extension GL_ARB_gpu_shader_fp64 : require\n"
                           "in vec2 a_pos;\n"
                           "uniform double u_k;\n"
                           "struct S { dmat4x3 m; double d; };\n"
                           "flat out dvec4 v;\n"
                           "flat out S s;\n"
                           "flat out double a[3];\n"
                           "flat out dmat4x2 m2;\n"
                           "void main() {\n"
                           "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                           "  v = dvec4(u_k, -u_k, u_k * 3.0lf, 0.25lf);\n"
                           "  for (int c = 0; c < 4; c++) s.m[c] = dvec3(c, c + 1, c + 2) * u_k;\n"
                           "  s.d = u_k / 3.0lf;\n"
                           "  for (int i = 0; i < 3; i++) a[i] = u_k + double(i);\n"
                           "  m2 = dmat4x2(u_k);\n"
                           "  m2[3].y = -2.0lf * u_k;\n"
                           "}\n";
   static const char *fs =
      "#version 330 core\n"
      "#extension GL_ARB_gpu_shader_fp64 : require\n"
      "uniform double u_k;\n"
      "uniform double u_off;\n"
      "struct S { dmat4x3 m; double d; };\n"
      "flat in dvec4 v;\n"
      "flat in S s;\n"
      "flat in double a[3];\n"
      "flat in dmat4x2 m2;\n"
      "out vec4 o;\n"
      "void main() {\n"
      "  double k = u_k + u_off;\n"
      "  bool ok = v == dvec4(k, -k, k * 3.0lf, 0.25lf);\n"
      "  for (int c = 0; c < 4; c++) ok = ok && s.m[c] == dvec3(c, c + 1, "
      "c + 2) * k;\n"
      "  ok = ok && s.d == k / 3.0lf;\n"
      "  for (int i = 0; i < 3; i++) ok = ok && a[i] == k + double(i);\n"
      "  ok = ok && m2[0] == dvec2(k, 0.0lf) && m2[1] == dvec2(0.0lf, k);\n"
      "  ok = ok && m2[2] == dvec2(0.0lf) && m2[3] == dvec2(0.0lf, -2.0lf * k);\n"
      "  o = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
      "}\n";
   if (!has_ext("GL_ARB_gpu_shader_fp64") && context_version() < 40) {
      fp64_refused();
      return;
   }
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 8, 64, 56);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   static const binding frags[] = {{"o", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, frags);
   gl.UseProgram(p);
   gl.Uniform1d(uloc(p, "u_k"), 1.0 + 0x1p-40);
   model m;
   model_init(&m, bg);
   glEnable(GL_SCISSOR_TEST);
   for (int q = 0; q < 2; q++) {
      gl.Uniform1d(uloc(p, "u_off"), q ? 0x1p-40 : 0.0);
      glScissor(4 + 32 * q, 0, 24, 64);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, 4 + 32 * q, 8, 28 + 32 * q, 56,
                 q ? (rgba8){{255, 0, 0, 255}} : (rgba8){{0, 255, 0, 255}});
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("double varyings");
   check_frame("double varyings", &m);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &mq.vbo);
}
