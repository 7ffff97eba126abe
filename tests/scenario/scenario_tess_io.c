/* scenario_tess_io.c — what crosses between the tessellation stages (GL 4.0, issue 20): a
 * per-vertex output block of two array members and `patch` arrays, read back whole by the
 * evaluation stage, each element an exact value, so a wrong location of a member (or of an
 * element) shows as a red point where a green one belongs. */
#include "scenario.h"

static const char *VS_PASS = "#version 150 core\n"
                             "in vec2 a_pos;\n"
                             "out vec2 v_pix;\n"
                             "void main() {\n"
                             "  v_pix = a_pos;\n"
                             "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                             "}\n";

/* m1[i] of vertex v is 16 v + i, m2[j] is 16 v + 8 + j: no two elements alike */
static const char *TCS_BLOCK = "#version 150 core\n"
                               "#extension GL_ARB_tessellation_shader : require\n"
                               "layout(vertices = 4) out;\n"
                               "in vec2 v_pix[];\n"
                               "out vec2 c_pix[];\n"
                               "out Blk { vec4 m1[6]; vec4 m2[5]; } blk[];\n"
                               "void main() {\n"
                               "  int v = gl_InvocationID;\n"
                               "  c_pix[gl_InvocationID] = v_pix[v];\n"
                               "  for (int i = 0; i < 6; i++)\n"
                               "    blk[gl_InvocationID].m1[i] = vec4(float(16 * v + i));\n"
                               "  for (int j = 0; j < 5; j++)\n"
                               "    blk[gl_InvocationID].m2[j] = vec4(float(16 * v + 8 + j));\n"
                               "  gl_out[gl_InvocationID].gl_Position = gl_in[v].gl_Position;\n"
                               "  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = 2.0;\n"
                               "  gl_TessLevelInner[0] = 2.0;\n"
                               "  gl_TessLevelInner[1] = 2.0;\n"
                               "}\n";

/* green where every element of every vertex's block reads as written, red otherwise */
static const char *TES_BLOCK =
   "#version 150 core\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "layout(quads, equal_spacing, cw, point_mode) in;\n"
   "in vec2 c_pix[];\n"
   "in Blk { vec4 m1[6]; vec4 m2[5]; } blk[];\n"
   "out vec4 t_color;\n"
   "void main() {\n"
   "  bool ok = true;\n"
   "  for (int v = 0; v < 4; v++) {\n"
   "    for (int i = 0; i < 6; i++)\n"
   "      ok = ok && blk[v].m1[i] == vec4(float(16 * v + i));\n"
   "    for (int j = 0; j < 5; j++)\n"
   "      ok = ok && blk[v].m2[j] == vec4(float(16 * v + 8 + j));\n"
   "  }\n"
   "  ok = ok && blk[3].m2[4] == vec4(60.0) && blk[1].m1[5] == vec4(21.0);\n"
   "  float u = gl_TessCoord.x, v = gl_TessCoord.y;\n"
   "  vec2 pix = mix(mix(c_pix[0], c_pix[1], u), mix(c_pix[3], c_pix[2], u), v);\n"
   "  gl_Position = vec4((pix + 0.5) / 32.0 - 1.0, 0.0, 1.0);\n"
   "  t_color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

static const char *FS_COLOR = "#version 150 core\n"
                              "in vec4 t_color;\n"
                              "out vec4 o_color;\n"
                              "void main() { o_color = t_color; }\n";

void
sc_tess_block_arrays(void)
{
   if (!tess_offered())
      return;
   char log[4096];
   GLuint p = tess_try_link(VS_PASS, TCS_BLOCK, TES_BLOCK, FS_COLOR, log, sizeof log);
   if (!p) {
      fail("VS + TCS + TES + FS with a two-array block did not link:\n%s", log);
      return;
   }
   gl.UseProgram(p);
   const float corners[8] = {8, 8, 56, 8, 56, 56, 8, 56};
   mesh me = make_mesh(corners, 4);
   gl.PatchParameteri(GL_PATCH_VERTICES, 4);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_PATCHES, 0, 4);
   check_gl_error("glDrawArrays(GL_PATCHES) with a per-vertex block of two arrays");
   model m;
   model_init(&m, bg);
   for (int j = 0; j <= 2; j++)
      for (int i = 0; i <= 2; i++) {
         const int x = 8 + 24 * i, y = 8 + 24 * j;
         model_rect(&m, x, y, x + 1, y + 1, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
      }
   check_frame("a block { vec4 m1[6]; vec4 m2[5]; } blk[] from the TCS: 9 green points", &m);
   gl.DeleteProgram(p);
   (void)me;
}

/* `patch out vec4 pa[3]` against `patch in vec4 pa[3]`: GLSL 4.00 4.3.6 lets per-patch varyings
 * be arrays (glslang 12's own cross-stage check refuses the pair: glsl_lower.c). Each element
 * of both arrays is exact in the evaluation stage, with constant and uniform indices. */
static const char *TCS_PATCH = "#version 150 core\n"
                               "#extension GL_ARB_tessellation_shader : require\n"
                               "layout(vertices = 4) out;\n"
                               "in vec2 v_pix[];\n"
                               "out vec2 c_pix[];\n"
                               "patch out vec4 pa[3];\n"
                               "patch out vec4 pb[2];\n"
                               "void main() {\n"
                               "  c_pix[gl_InvocationID] = v_pix[gl_InvocationID];\n"
                               "  for (int i = 0; i < 3; i++) pa[i] = vec4(float(i + 1));\n"
                               "  for (int j = 0; j < 2; j++) pb[j] = vec4(float(j + 10));\n"
                               "  gl_out[gl_InvocationID].gl_Position =\n"
                               "    gl_in[gl_InvocationID].gl_Position;\n"
                               "  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = 2.0;\n"
                               "  gl_TessLevelInner[0] = 2.0;\n"
                               "  gl_TessLevelInner[1] = 2.0;\n"
                               "}\n";

static const char *TES_PATCH =
   "#version 150 core\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "layout(quads, equal_spacing, cw, point_mode) in;\n"
   "in vec2 c_pix[];\n"
   "patch in vec4 pa[3];\n"
   "patch in vec4 pb[2];\n"
   "uniform int u_index;\n"
   "out vec4 t_color;\n"
   "void main() {\n"
   "  bool ok = pa[0] == vec4(1.0) && pa[2] == vec4(3.0) &&\n"
   "            pb[1] == vec4(11.0);\n"
   "  ok = ok && pa[u_index] == vec4(float(u_index + 1)) &&\n"
   "       pb[u_index - 1] == vec4(float(u_index + 9));\n"
   "  float u = gl_TessCoord.x, v = gl_TessCoord.y;\n"
   "  vec2 pix = mix(mix(c_pix[0], c_pix[1], u), mix(c_pix[3], c_pix[2], u), v);\n"
   "  gl_Position = vec4((pix + 0.5) / 32.0 - 1.0, 0.0, 1.0);\n"
   "  t_color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

void
sc_tess_patch_arrays(void)
{
   if (!tess_offered())
      return;
   char log[4096];
   GLuint p = tess_try_link(VS_PASS, TCS_PATCH, TES_PATCH, FS_COLOR, log, sizeof log);
   if (!p) {
      fail("VS + TCS + TES + FS with patch arrays did not link:\n%s", log);
      return;
   }
   gl.UseProgram(p);
   const float corners[8] = {8, 8, 56, 8, 56, 56, 8, 56};
   mesh me = make_mesh(corners, 4);
   gl.PatchParameteri(GL_PATCH_VERTICES, 4);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   for (int index = 1; index <= 2; index++) {
      gl.Uniform1i(uloc(p, "u_index"), index);
      clear_to(bg);
      glDrawArrays(GL_PATCHES, 0, 4);
      check_gl_error("glDrawArrays(GL_PATCHES) with patch arrays");
      model m;
      model_init(&m, bg);
      for (int j = 0; j <= 2; j++)
         for (int i = 0; i <= 2; i++) {
            const int x = 8 + 24 * i, y = 8 + 24 * j;
            model_rect(&m, x, y, x + 1, y + 1, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
         }
      check_frame(index == 1 ? "patch arrays read at index 1: 9 green points"
                             : "patch arrays read at index 2: 9 green points",
                  &m);
   }
   gl.DeleteProgram(p);
   (void)me;
}

/* GL 4.6 11.2.1.2.2: the invocations of a patch write each its own component of one `patch out`
 * vector (after a barrier, at an index only the invocation knows: plain, through a swizzle and
 * inside an array element); the evaluation stage sees every component. A driver that writes a
 * dynamically indexed component as the whole vector loses all but one invocation's write
 * (spv_tcs_stores.c). Each vector's components, 0..3, make one colour channel exactly. */
static const char *TCS_COMPONENTS =
   "#version 150 core\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "layout(vertices = 4) out;\n"
   "in vec2 v_pix[];\n"
   "out vec2 c_pix[];\n"
   "patch out ivec4 pv;\n"
   "patch out vec4 pw;\n"
   "patch out ivec2 pa[2];\n"
   "void main() {\n"
   "  int id = gl_InvocationID;\n"
   "  if (id == 0) {\n"
   "    pv = ivec4(-1);\n"
   "    pw = vec4(-1.0);\n"
   "    pa[0] = ivec2(-1);\n"
   "    pa[1] = ivec2(-1);\n"
   "  }\n"
   "  barrier();\n"
   "  pv[id] = 3 - id;\n"
   "  pw.yxwz[id] = float(id);\n"
   "  pa[id / 2][id % 2] = id;\n"
   "  c_pix[gl_InvocationID] = v_pix[gl_InvocationID];\n"
   "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
   "  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = 2.0;\n"
   "  gl_TessLevelInner[0] = 2.0;\n"
   "  gl_TessLevelInner[1] = 2.0;\n"
   "}\n";

static const char *TES_COMPONENTS =
   "#version 150 core\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "layout(quads, equal_spacing, cw, point_mode) in;\n"
   "in vec2 c_pix[];\n"
   "patch in ivec4 pv;\n"
   "patch in vec4 pw;\n"
   "patch in ivec2 pa[2];\n"
   "out vec4 t_color;\n"
   "int digits(ivec4 d) {\n"
   "  return clamp(d.x, 0, 3) + 4 * clamp(d.y, 0, 3) + 16 * clamp(d.z, 0, 3) +\n"
   "         64 * clamp(d.w, 0, 3);\n"
   "}\n"
   "void main() {\n"
   "  int r = digits(pv), g = digits(ivec4(pw)), b = digits(ivec4(pa[0], pa[1]));\n"
   "  float u = gl_TessCoord.x, v = gl_TessCoord.y;\n"
   "  vec2 pix = mix(mix(c_pix[0], c_pix[1], u), mix(c_pix[3], c_pix[2], u), v);\n"
   "  gl_Position = vec4((pix + 0.5) / 32.0 - 1.0, 0.0, 1.0);\n"
   "  t_color = vec4(float(r), float(g), float(b), 255.0) / 255.0;\n"
   "}\n";

void
sc_tess_patch_components(void)
{
   if (!tess_offered())
      return;
   char log[4096];
   GLuint p = tess_try_link(VS_PASS, TCS_COMPONENTS, TES_COMPONENTS, FS_COLOR, log, sizeof log);
   if (!p) {
      fail("VS + TCS + TES + FS writing patch components did not link:\n%s", log);
      return;
   }
   gl.UseProgram(p);
   const float corners[8] = {8, 8, 56, 8, 56, 56, 8, 56};
   mesh me = make_mesh(corners, 4);
   gl.PatchParameteri(GL_PATCH_VERTICES, 4);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_PATCHES, 0, 4);
   check_gl_error("glDrawArrays(GL_PATCHES) with per-invocation patch components");
   /* pv (3, 2, 1, 0): 3 + 2*4 + 1*16 = 27; pw (1, 0, 3, 2): 1 + 3*16 + 2*64 = 177;
    * pa (0, 1), (2, 3): 1*4 + 2*16 + 3*64 = 228 */
   const rgba8 want = {{27, 177, 228, 255}};
   model m;
   model_init(&m, bg);
   for (int j = 0; j <= 2; j++)
      for (int i = 0; i <= 2; i++) {
         const int x = 8 + 24 * i, y = 8 + 24 * j;
         model_rect(&m, x, y, x + 1, y + 1, want);
      }
   check_frame("every invocation's patch component: 9 points of (27, 177, 228)", &m);
   gl.DeleteVertexArrays(1, &me.vao);
   gl.DeleteBuffers(1, &me.vbo);
   gl.DeleteProgram(p);
}

/* GLSL 4.00 4.3.8.2: one of a control stage's shader objects declares the output patch size,
 * and it sizes the per-vertex outputs of the others, which index them by gl_InvocationID: the
 * object without the layout compiles, the program links and draws each vertex's copy. */
static const char *TCS_MAIN_OBJECT = "#version 150 core\n"
                                     "#extension GL_ARB_tessellation_shader : require\n"
                                     "layout(vertices = 4) out;\n"
                                     "void copy_vertex();\n"
                                     "void main() {\n"
                                     "  copy_vertex();\n"
                                     "  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = 2.0;\n"
                                     "  gl_TessLevelInner[0] = 2.0;\n"
                                     "  gl_TessLevelInner[1] = 2.0;\n"
                                     "}\n";

static const char *TCS_COPY_OBJECT =
   "#version 150 core\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "void copy_vertex() {\n"
   "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
   "}\n";

static const char *TES_GREEN =
   "#version 150 core\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "layout(quads, equal_spacing, cw, point_mode) in;\n"
   "out vec4 t_color;\n"
   "void main() {\n"
   "  float u = gl_TessCoord.x, v = gl_TessCoord.y;\n"
   "  vec2 pix = mix(mix(gl_in[0].gl_Position.xy, gl_in[1].gl_Position.xy, u),\n"
   "                 mix(gl_in[3].gl_Position.xy, gl_in[2].gl_Position.xy, u), v);\n"
   "  gl_Position = vec4((pix + 0.5) / 32.0 - 1.0, 0.0, 1.0);\n"
   "  t_color = vec4(0.0, 1.0, 0.0, 1.0);\n"
   "}\n";

void
sc_tess_control_objects(void)
{
   if (!tess_offered())
      return;
   GLuint copy = gl.CreateShader(GL_TESS_CONTROL_SHADER);
   gl.ShaderSource(copy, 1, &TCS_COPY_OBJECT, NULL);
   gl.CompileShader(copy);
   GLint ok = 0;
   gl.GetShaderiv(copy, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[2048] = "";
      gl.GetShaderInfoLog(copy, sizeof log, NULL, log);
      fail("a control shader object without layout(vertices) did not compile:\n%s", log);
      gl.DeleteShader(copy);
      return;
   }
   GLuint p = gl.CreateProgram();
   const GLenum types[4] = {GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER, GL_TESS_EVALUATION_SHADER,
                            GL_FRAGMENT_SHADER};
   const char *src[4] = {VS_PASS, TCS_MAIN_OBJECT, TES_GREEN, FS_COLOR};
   for (int i = 0; i < 4; i++) {
      GLuint sh = compile(types[i], src[i]);
      gl.AttachShader(p, sh);
      gl.DeleteShader(sh);
   }
   gl.AttachShader(p, copy);
   gl.DeleteShader(copy);
   gl.BindAttribLocation(p, 0, "a_pos");
   gl.LinkProgram(p);
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   check_gl_error("two control shader objects");
   if (!ok) {
      char log[4096] = "";
      gl.GetProgramInfoLog(p, sizeof log, NULL, log);
      fail("the patch size in another control shader object did not link:\n%s", log);
      gl.DeleteProgram(p);
      return;
   }
   expect_program_iv(p, GL_TESS_CONTROL_OUTPUT_VERTICES, 4, "GL_TESS_CONTROL_OUTPUT_VERTICES");
   gl.UseProgram(p);
   const float corners[8] = {8, 8, 56, 8, 56, 56, 8, 56};
   mesh me = make_mesh(corners, 4);
   gl.PatchParameteri(GL_PATCH_VERTICES, 4);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_PATCHES, 0, 4);
   check_gl_error("glDrawArrays(GL_PATCHES) through two control shader objects");
   model m;
   model_init(&m, bg);
   for (int j = 0; j <= 2; j++)
      for (int i = 0; i <= 2; i++) {
         const int x = 8 + 24 * i, y = 8 + 24 * j;
         model_rect(&m, x, y, x + 1, y + 1, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
      }
   check_frame("gl_out written by the object without the patch size: 9 green points", &m);
   gl.DeleteVertexArrays(1, &me.vao);
   gl.DeleteBuffers(1, &me.vbo);
   gl.DeleteProgram(p);
}

/* GL 4.6 11.2: a program with an evaluation shader and no control shader tessellates each patch
 * as the vertex stage made it, with GL_PATCH_VERTICES vertices (gl_PatchVerticesIn) and the
 * default levels, plain and block varyings alike; Vulkan needs a control stage, which mgl makes
 * for the draw's size and levels (fe_program.c: fe_tess_passthrough_emit). */
static const char *VS_COLOR = "#version 150 core\n"
                              "in vec2 a_pos;\n"
                              "out vec2 v_pix;\n"
                              "out vec4 v_color;\n"
                              "out int v_id;\n"
                              "out VB { vec4 c; float f[2]; } vb;\n"
                              "void main() {\n"
                              "  vb.c = vec4(0.0, 0.75, 1.0, 1.0);\n"
                              "  vb.f = float[2](1.0, float(gl_VertexID));\n"
                              "  v_pix = a_pos;\n"
                              "  v_color = vec4(0.0, 0.75, 1.0, 1.0);\n"
                              "  v_id = gl_VertexID;\n"
                              "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                              "}\n";

static const char *TES_NO_TCS =
   "#version 150 core\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "layout(quads, equal_spacing, cw, point_mode) in;\n"
   "in vec2 v_pix[];\n"
   "in vec4 v_color[];\n"
   "in int v_id[];\n"
   "in VB { vec4 c; float f[2]; } vb[];\n"
   "out vec4 t_color;\n"
   "void main() {\n"
   "  bool ok = gl_PatchVerticesIn == 4 && v_id[2] == v_id[0] + 2;\n"
   "  ok = ok && vb[3].c == v_color[3] && vb[1].f[0] == 1.0 &&\n"
   "       vb[2].f[1] == float(v_id[2]);\n"
   "  float u = gl_TessCoord.x, v = gl_TessCoord.y;\n"
   "  vec2 pix = mix(mix(v_pix[0], v_pix[1], u), mix(v_pix[3], v_pix[2], u), v);\n"
   "  gl_Position = vec4((pix + 0.5) / 32.0 - 1.0, 0.0, 1.0);\n"
   "  t_color = ok ? v_color[3] : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

/* The bound program's patch of corners (8, 8)-(56, 56) drawn at default levels 2, then 4: its
 * (level + 1)^2 points in the evaluation stage's colour c, checked as what[0] and what[1]. */
static void
no_tcs_levels(vec4f c, const char *const what[2])
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   for (int level = 2; level <= 4; level += 2) {
      const GLfloat outer[4] = {(float)level, (float)level, (float)level, (float)level};
      const GLfloat inner[2] = {(float)level, (float)level};
      gl.PatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer);
      gl.PatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, inner);
      clear_to(bg);
      glDrawArrays(GL_PATCHES, 0, 4);
      check_gl_error("glDrawArrays(GL_PATCHES) without a TCS");
      model m;
      model_init(&m, bg);
      for (int j = 0; j <= level; j++)
         for (int i = 0; i <= level; i++) {
            const int x = 8 + 48 * i / level, y = 8 + 48 * j / level;
            model_rect(&m, x, y, x + 1, y + 1, to8(c));
         }
      check_frame(what[level / 2 - 1], &m);
   }
}

void
sc_tess_no_tcs(void)
{
   if (!tess_offered())
      return;
   char log[4096];
   GLuint p = tess_try_link(VS_COLOR, NULL, TES_NO_TCS, FS_COLOR, log, sizeof log);
   if (!p) {
      fail("VS + TES + FS did not link:\n%s", log);
      return;
   }
   GLint v = 0;
   gl.GetProgramiv(p, GL_TESS_CONTROL_OUTPUT_VERTICES, &v);
   expect_gl_error(GL_INVALID_OPERATION, "GL_TESS_CONTROL_OUTPUT_VERTICES without a TCS");
   gl.UseProgram(p);
   const float corners[8] = {8, 8, 56, 8, 56, 56, 8, 56};
   mesh me = make_mesh(corners, 4);
   gl.PatchParameteri(GL_PATCH_VERTICES, 4);
   static const char *const what[2] = {"no TCS, default levels 2: 3 x 3 points",
                                       "no TCS, default levels 4: 5 x 5 points"};
   no_tcs_levels(V4(0.0f, 0.75f, 1.0f, 1.0f), what);
   gl.DeleteProgram(p);
   (void)me;
}

/* Without a control shader the evaluation stage reads gl_in[] as the vertex stage wrote it: the
 * built-ins too (GL 4.6 11.2.3.1). One program reads gl_in[].gl_Position alone (the vertex stage
 * names neither clip distances nor cull distances); the next reads the two clip distances the
 * vertex stage writes, each element an exact value of its vertex (red where one is wrong). The
 * clip planes stay off: the distances only travel. With ARB_cull_distance, a third reads the
 * two cull distances the vertex stage writes (no clip distances), all positive, and writes one
 * of its own (1: every point kept). */
static const char *VS_BUILTINS = "#version 150 core\n"
                                 "in vec2 a_pos;\n"
                                 "void main() {\n"
                                 "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                                 "}\n";

static const char *VS_CLIP = "#version 150 core\n"
                             "in vec2 a_pos;\n"
                             "out float gl_ClipDistance[2];\n"
                             "void main() {\n"
                             "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                             "  gl_ClipDistance[0] = float(gl_VertexID) + 0.5;\n"
                             "  gl_ClipDistance[1] = 2.0 * float(gl_VertexID) + 0.25;\n"
                             "}\n";

static const char *VS_CULL = "#version 150 core\n"
                             "#extension GL_ARB_cull_distance : require\n"
                             "in vec2 a_pos;\n"
                             "out float gl_CullDistance[2];\n"
                             "void main() {\n"
                             "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                             "  gl_CullDistance[0] = float(gl_VertexID) + 0.5;\n"
                             "  gl_CullDistance[1] = 2.0 * float(gl_VertexID) + 0.25;\n"
                             "}\n";

#define TES_BUILTINS_HEAD                                                                          \
   "#version 150 core\n"                                                                           \
   "#extension GL_ARB_tessellation_shader : require\n"                                             \
   "layout(quads, equal_spacing, cw, point_mode) in;\n"                                            \
   "out vec4 t_color;\n"                                                                           \
   "vec4 at_coord() {\n"                                                                           \
   "  float u = gl_TessCoord.x, v = gl_TessCoord.y;\n"                                             \
   "  vec4 p = mix(mix(gl_in[0].gl_Position, gl_in[1].gl_Position, u),\n"                          \
   "               mix(gl_in[3].gl_Position, gl_in[2].gl_Position, u), v);\n"                      \
   "  return vec4((p.xy + 0.5) / 32.0 - 1.0, 0.0, 1.0);\n"                                         \
   "}\n"

static const char *TES_POSITION = TES_BUILTINS_HEAD "void main() {\n"
                                                    "  gl_Position = at_coord();\n"
                                                    "  t_color = vec4(0.0, 0.75, 1.0, 1.0);\n"
                                                    "}\n";

static const char *TES_CLIP =
   TES_BUILTINS_HEAD "void main() {\n"
                     "  bool ok = true;\n"
                     "  for (int k = 0; k < 4; k++)\n"
                     "    ok = ok && gl_in[k].gl_ClipDistance[0] == float(k) + 0.5 &&\n"
                     "         gl_in[k].gl_ClipDistance[1] == 2.0 * float(k) + 0.25;\n"
                     "  gl_Position = at_coord();\n"
                     "  t_color = ok ? vec4(0.0, 0.75, 1.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
                     "}\n";

static const char *TES_CULL =
   "#version 150 core\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "#extension GL_ARB_cull_distance : require\n"
   "layout(quads, equal_spacing, cw, point_mode) in;\n"
   "out vec4 t_color;\n"
   "out float gl_CullDistance[1];\n"
   "void main() {\n"
   "  float u = gl_TessCoord.x, v = gl_TessCoord.y;\n"
   "  vec4 p = mix(mix(gl_in[0].gl_Position, gl_in[1].gl_Position, u),\n"
   "               mix(gl_in[3].gl_Position, gl_in[2].gl_Position, u), v);\n"
   "  bool ok = true;\n"
   "  for (int k = 0; k < 4; k++)\n"
   "    ok = ok && gl_in[k].gl_CullDistance[0] == float(k) + 0.5 &&\n"
   "         gl_in[k].gl_CullDistance[1] == 2.0 * float(k) + 0.25;\n"
   "  gl_Position = vec4((p.xy + 0.5) / 32.0 - 1.0, 0.0, 1.0);\n"
   "  gl_CullDistance[0] = 1.0;\n"
   "  t_color = ok ? vec4(0.0, 0.75, 1.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

void
sc_tess_no_tcs_builtins(void)
{
   if (!tess_offered())
      return;
   const struct {
      const char *vs, *tes, *what;
   } cases[] = {
      {VS_BUILTINS, TES_POSITION, "no TCS, gl_in[].gl_Position: 3 x 3 points"},
      {VS_CLIP, TES_CLIP, "no TCS, gl_in[].gl_ClipDistance[2]: 3 x 3 points"},
      {VS_CULL, TES_CULL, "no TCS, gl_in[].gl_CullDistance[2]: 3 x 3 points"},
   };
   const float corners[8] = {8, 8, 56, 8, 56, 56, 8, 56};
   mesh me = make_mesh(corners, 4);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), c = V4(0.0f, 0.75f, 1.0f, 1.0f);
   for (size_t n = 0; n < sizeof(cases) / sizeof(cases[0]); n++) {
      if (cases[n].vs == VS_CULL && !has_ext("GL_ARB_cull_distance")) {
         skipped("GL_ARB_cull_distance is not listed: no gl_in[].gl_CullDistance case");
         continue;
      }
      char log[4096];
      GLuint p = tess_try_link(cases[n].vs, NULL, cases[n].tes, FS_COLOR, log, sizeof log);
      if (!p) {
         fail("%s: VS + TES + FS did not link:\n%s", cases[n].what, log);
         continue;
      }
      gl.UseProgram(p);
      gl.PatchParameteri(GL_PATCH_VERTICES, 4);
      const GLfloat outer[4] = {2, 2, 2, 2}, inner[2] = {2, 2};
      gl.PatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer);
      gl.PatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, inner);
      clear_to(bg);
      glDrawArrays(GL_PATCHES, 0, 4);
      check_gl_error("glDrawArrays(GL_PATCHES) without a TCS");
      model m;
      model_init(&m, bg);
      for (int j = 0; j <= 2; j++)
         for (int i = 0; i <= 2; i++) {
            const int x = 8 + 24 * i, y = 8 + 24 * j;
            model_rect(&m, x, y, x + 1, y + 1, to8(c));
         }
      check_frame(cases[n].what, &m);
      gl.DeleteProgram(p);
   }
   (void)me;
}

/* The control stage mgl makes for a program without one is re-made when a draw wants other
 * levels (fe_tess_passthrough_emit: the program's CSO deleted and created again under its
 * handle); the program's default block must reach the new one, though no glUniform came
 * between the draws. The evaluation stage's colour is the uniform u_color: black where the
 * block did not arrive. */
static const char *TES_UNIFORM = TES_BUILTINS_HEAD "uniform vec4 u_color;\n"
                                                   "void main() {\n"
                                                   "  gl_Position = at_coord();\n"
                                                   "  t_color = u_color;\n"
                                                   "}\n";

void
sc_tess_no_tcs_uniform(void)
{
   if (!tess_offered())
      return;
   char log[4096];
   GLuint p = tess_try_link(VS_BUILTINS, NULL, TES_UNIFORM, FS_COLOR, log, sizeof log);
   if (!p) {
      fail("VS + TES + FS did not link:\n%s", log);
      return;
   }
   gl.UseProgram(p);
   const vec4f c = V4(0.0f, 0.75f, 1.0f, 1.0f);
   set_vec4(p, "u_color", c);
   const float corners[8] = {8, 8, 56, 8, 56, 56, 8, 56};
   mesh me = make_mesh(corners, 4);
   gl.PatchParameteri(GL_PATCH_VERTICES, 4);
   static const char *const what[2] = {
      "no TCS, u_color, levels 2: 3 x 3 points",
      "no TCS, u_color, levels 4 (control stage re-made): 5 x 5 points"};
   no_tcs_levels(c, what);
   gl.DeleteProgram(p);
   (void)me;
}

/* A geometry stage after the evaluation stage reads gl_in[] as the evaluation stage wrote it
 * (GL 4.6 11.3.4.5): its gl_ClipDistance and gl_CullDistance of the evaluation stage's sizes,
 * whatever the vertex stage writes. Each program tessellates the patch into 3 x 3 points; the
 * evaluation stage writes gl_ClipDistance[2] (element 0 -1 in the column u = 1, element 1
 * 0.25 + u) and, with ARB_cull_distance, gl_CullDistance[1] (-0.5 in the row v = 1); the
 * geometry stage checks each element exactly (red where one is wrong) and writes them on, with
 * GL_CLIP_DISTANCE0 and 1 on: the 2 x 2 points of u, v < 1 green, the others clipped (the
 * column) or culled (the row; only clipped without cull distances). One program's vertex stage
 * writes no distances; another's writes gl_ClipDistance[3], which its control stage checks and
 * copies to its gl_out and its evaluation stage checks in gl_in[] (sizes unlike the evaluation
 * stage's own outputs). The last program's geometry stage writes gl_ClipDistance[4], more than
 * its gl_in has, while reading gl_in[].gl_CullDistance. */
static const char *VS_PLAIN = "#version 150 core\n"
                              "in vec2 a_pos;\n"
                              "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";

static const char *VS_CLIP3 = "#version 150 core\n"
                              "in vec2 a_pos;\n"
                              "out float gl_ClipDistance[3];\n"
                              "void main() {\n"
                              "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                              "  gl_ClipDistance[0] = float(4 * gl_VertexID) + 0.5;\n"
                              "  gl_ClipDistance[1] = float(4 * gl_VertexID + 1) + 0.5;\n"
                              "  gl_ClipDistance[2] = float(4 * gl_VertexID + 2) + 0.5;\n"
                              "}\n";

#define TCS_GS_HEAD                                                                                \
   "#version 150 core\n"                                                                           \
   "#extension GL_ARB_tessellation_shader : require\n"                                             \
   "layout(vertices = 4) out;\n"                                                                   \
   "out float c_ok[];\n"                                                                           \
   "void levels() {\n"                                                                             \
   "  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = 2.0;\n"                                   \
   "  gl_TessLevelInner[0] = 2.0;\n"                                                               \
   "  gl_TessLevelInner[1] = 2.0;\n"                                                               \
   "}\n"

static const char *TCS_PLAIN =
   TCS_GS_HEAD "void main() {\n"
               "  c_ok[gl_InvocationID] = 1.0;\n"
               "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
               "  levels();\n"
               "}\n";

static const char *TCS_CLIP3 =
   TCS_GS_HEAD "void main() {\n"
               "  int v = gl_InvocationID;\n"
               "  c_ok[gl_InvocationID] = gl_in[v].gl_ClipDistance[0] == float(4 * v) + 0.5 &&\n"
               "            gl_in[v].gl_ClipDistance[1] == float(4 * v + 1) + 0.5 &&\n"
               "            gl_in[v].gl_ClipDistance[2] == float(4 * v + 2) + 0.5 ? 1.0 : 0.0;\n"
               "  gl_out[gl_InvocationID].gl_Position = gl_in[v].gl_Position;\n"
               "  gl_out[gl_InvocationID].gl_ClipDistance[0] = gl_in[v].gl_ClipDistance[0];\n"
               "  gl_out[gl_InvocationID].gl_ClipDistance[1] = gl_in[v].gl_ClipDistance[1];\n"
               "  gl_out[gl_InvocationID].gl_ClipDistance[2] = gl_in[v].gl_ClipDistance[2];\n"
               "  levels();\n"
               "}\n";

static const char *TCS_CULL =
   "#version 150 core\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "#extension GL_ARB_cull_distance : require\n"
   "layout(vertices = 4) out;\n"
   "out float c_ok[];\n"
   "void main() {\n"
   "  c_ok[gl_InvocationID] = 1.0;\n"
   "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
   "  gl_out[gl_InvocationID].gl_CullDistance[0] = float(gl_InvocationID) + 0.5;\n"
   "  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = 2.0;\n"
   "  gl_TessLevelInner[0] = 2.0;\n"
   "  gl_TessLevelInner[1] = 2.0;\n"
   "}\n";

/* EXT: the #extension lines; READ: what the evaluation stage checks beside c_ok; CULL: its
 * gl_CullDistance declaration and write */
#define TES_GS(EXT, READ, CULL_DECL, CULL)                                                         \
   "#version 150 core\n"                                                                           \
   "#extension GL_ARB_tessellation_shader : require\n" EXT                                         \
   "layout(quads, equal_spacing, cw, point_mode) in;\n"                                            \
   "in float c_ok[];\n"                                                                            \
   "out vec2 t_uv;\n"                                                                              \
   "out float t_ok;\n"                                                                             \
   "out float gl_ClipDistance[2];\n" CULL_DECL "void main() {\n"                                   \
   "  float u = gl_TessCoord.x, v = gl_TessCoord.y;\n"                                             \
   "  vec4 p = mix(mix(gl_in[0].gl_Position, gl_in[1].gl_Position, u),\n"                          \
   "               mix(gl_in[3].gl_Position, gl_in[2].gl_Position, u), v);\n"                      \
   "  gl_Position = vec4((p.xy + 0.5) / 32.0 - 1.0, 0.0, 1.0);\n"                                  \
   "  bool ok = true;\n"                                                                           \
   "  for (int k = 0; k < 4; k++) {\n"                                                             \
   "    ok = ok && c_ok[k] == 1.0;\n" READ "  }\n"                                                 \
   "  t_uv = vec2(u, v);\n"                                                                        \
   "  t_ok = ok ? 1.0 : 0.0;\n"                                                                    \
   "  gl_ClipDistance[0] = u < 0.75 ? 1.0 : -1.0;\n"                                               \
   "  gl_ClipDistance[1] = 0.25 + u;\n" CULL "}\n"

#define CULL_EXT "#extension GL_ARB_cull_distance : require\n"
#define TES_READ_CLIP3                                                                             \
   "    ok = ok && gl_in[k].gl_ClipDistance[0] == float(4 * k) + 0.5 &&\n"                         \
   "         gl_in[k].gl_ClipDistance[1] == float(4 * k + 1) + 0.5 &&\n"                           \
   "         gl_in[k].gl_ClipDistance[2] == float(4 * k + 2) + 0.5;\n"
/* gl_in[].gl_CullDistance read after a control stage that declares none (GL 1.50): GL leaves the
 * value undefined, so the check holds for any value, NaN too */
#define TES_READ_CULL                                                                              \
   "    ok = ok && (gl_in[k].gl_CullDistance[0] < 1.0 || !(gl_in[k].gl_CullDistance[0] < 1.0));\n"
/* ... and the values TCS_CULL wrote */
#define TES_READ_CULL_VALUES "    ok = ok && gl_in[k].gl_CullDistance[0] == float(k) + 0.5;\n"
#define TES_CULL_DECL "out float gl_CullDistance[1];\n"
#define TES_CULL "  gl_CullDistance[0] = v < 0.75 ? 0.5 : -0.5;\n"

static const char *TES_GS_CLIP = TES_GS("", "", "", "");
static const char *TES_GS_CULL = TES_GS(CULL_EXT, "", TES_CULL_DECL, TES_CULL);
static const char *TES_GS_CLIP3_CULL = TES_GS(CULL_EXT, TES_READ_CLIP3, TES_CULL_DECL, TES_CULL);
static const char *TES_GS_CULL_READ_CULL = TES_GS(CULL_EXT, TES_READ_CULL, TES_CULL_DECL, TES_CULL);
static const char *TES_GS_READ_CULL_CULL =
   TES_GS(CULL_EXT, TES_READ_CULL_VALUES, TES_CULL_DECL, TES_CULL);

/* CLIPS: the size of the gl_ClipDistance it writes; MORE: its writes past element 1 */
#define GS_DISTANCES(EXT, CLIPS, CULL_DECL, CULL_CHECK, CULL, MORE)                                \
   "#version 150 core\n" EXT "layout(points) in;\n"                                                \
   "layout(points, max_vertices = 1) out;\n"                                                       \
   "in vec2 t_uv[];\n"                                                                             \
   "in float t_ok[];\n"                                                                            \
   "out vec4 g_color;\n"                                                                           \
   "out float gl_ClipDistance[" CLIPS "];\n" CULL_DECL "void main() {\n"                           \
   "  float u = t_uv[0].x, v = t_uv[0].y;\n"                                                       \
   "  bool ok = t_ok[0] == 1.0 &&\n"                                                               \
   "            gl_in[0].gl_ClipDistance[0] == (u < 0.75 ? 1.0 : -1.0) &&\n"                       \
   "            gl_in[0].gl_ClipDistance[1] == 0.25 + u;\n" CULL_CHECK                             \
   "  g_color = ok ? vec4(0.0, 1.0, 0.4, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"                       \
   "  gl_Position = gl_in[0].gl_Position;\n"                                                       \
   "  gl_ClipDistance[0] = gl_in[0].gl_ClipDistance[0];\n"                                         \
   "  gl_ClipDistance[1] = gl_in[0].gl_ClipDistance[1];\n" MORE CULL "  EmitVertex();\n"           \
   "}\n"

#define GS_CULL_DECL "out float gl_CullDistance[1];\n"
#define GS_CULL_CHECK "  ok = ok && gl_in[0].gl_CullDistance[0] == (v < 0.75 ? 0.5 : -0.5);\n"
#define GS_CULL_WRITE "  gl_CullDistance[0] = gl_in[0].gl_CullDistance[0];\n"
static const char *GS_CLIP = GS_DISTANCES("", "2", "", "", "", "");
static const char *GS_CULL =
   GS_DISTANCES(CULL_EXT, "2", GS_CULL_DECL, GS_CULL_CHECK, GS_CULL_WRITE, "");
/* more clip distances than the evaluation stage gives it (planes 2 and 3 off) */
static const char *GS_CLIP4_CULL =
   GS_DISTANCES(CULL_EXT, "4", GS_CULL_DECL, GS_CULL_CHECK, GS_CULL_WRITE,
                "  gl_ClipDistance[2] = 2.0;\n  gl_ClipDistance[3] = -3.0;\n");

static const char *FS_GS_COLOR = "#version 150 core\n"
                                 "in vec4 g_color;\n"
                                 "out vec4 o_color;\n"
                                 "void main() { o_color = g_color; }\n";

/* One program of distance_programs: its stages, what it checks, whether it culls. */
struct distance_program {
   const char *vs, *tcs, *tes, *gs, *what;
   bool cull;
};

/* Each program linked and drawn on the patch, its 2 x 2 green points checked. */
static void
distance_programs(const struct distance_program *cases, size_t count)
{
   const GLenum types[5] = {GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER, GL_TESS_EVALUATION_SHADER,
                            GL_GEOMETRY_SHADER, GL_FRAGMENT_SHADER};
   const float corners[8] = {8, 8, 56, 8, 56, 56, 8, 56};
   mesh me = make_mesh(corners, 4);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), c = V4(0.0f, 1.0f, 0.4f, 1.0f);
   glEnable(GL_CLIP_DISTANCE0);
   glEnable(GL_CLIP_DISTANCE1);
   for (size_t n = 0; n < count; n++) {
      if (cases[n].cull && !has_ext("GL_ARB_cull_distance")) {
         skipped("GL_ARB_cull_distance is not listed: no gl_CullDistance case");
         continue;
      }
      const char *src[5] = {cases[n].vs, cases[n].tcs, cases[n].tes, cases[n].gs, FS_GS_COLOR};
      GLuint p = gl.CreateProgram();
      for (int i = 0; i < 5; i++) {
         GLuint sh = compile(types[i], src[i]);
         gl.AttachShader(p, sh);
         gl.DeleteShader(sh);
      }
      gl.BindAttribLocation(p, 0, "a_pos");
      gl.LinkProgram(p);
      GLint ok = 0;
      gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
      check_gl_error("VS + TCS + TES + GS + FS link");
      if (!ok) {
         char log[4096] = "";
         gl.GetProgramInfoLog(p, sizeof log, NULL, log);
         fail("%s: VS + TCS + TES + GS + FS did not link:\n%s", cases[n].what, log);
         gl.DeleteProgram(p);
         continue;
      }
      gl.UseProgram(p);
      gl.PatchParameteri(GL_PATCH_VERTICES, 4);
      clear_to(bg);
      glDrawArrays(GL_PATCHES, 0, 4);
      check_gl_error("glDrawArrays(GL_PATCHES) through a geometry stage");
      model m;
      model_init(&m, bg);
      for (int j = 0; j <= 2; j++)
         for (int i = 0; i <= 2; i++) {
            const int x = 8 + 24 * i, y = 8 + 24 * j;
            if (i < 2 && (j < 2 || !cases[n].cull))
               model_rect(&m, x, y, x + 1, y + 1, to8(c));
         }
      check_frame(cases[n].what, &m);
      gl.DeleteProgram(p);
   }
   glDisable(GL_CLIP_DISTANCE0);
   glDisable(GL_CLIP_DISTANCE1);
   (void)me;
}

void
sc_tess_gs_distances(void)
{
   if (!tess_offered())
      return;
   const struct distance_program cases[] = {
      {VS_PLAIN, TCS_PLAIN, TES_GS_CLIP, GS_CLIP,
       "TES -> GS gl_ClipDistance[2], none from the VS: 2 x 2 points", false},
      {VS_PLAIN, TCS_PLAIN, TES_GS_CULL, GS_CULL,
       "TES -> GS gl_ClipDistance[2] and gl_CullDistance[1], none from the VS: 2 x 2 points", true},
      {VS_CLIP3, TCS_CLIP3, TES_GS_CLIP3_CULL, GS_CULL,
       "VS gl_ClipDistance[3] to the TCS and TES, TES -> GS gl_ClipDistance[2] and "
       "gl_CullDistance[1]: 2 x 2 points",
       true},
      {VS_PLAIN, TCS_PLAIN, TES_GS_CULL, GS_CLIP4_CULL,
       "TES -> GS gl_ClipDistance[2] and gl_CullDistance[1], the GS writing gl_ClipDistance[4]: "
       "2 x 2 points",
       true},
   };
   distance_programs(cases, sizeof(cases) / sizeof(cases[0]));
}

/* An evaluation stage with ARB_cull_distance (glslang compiles it as GLSL 4.50) reading
 * gl_in[].gl_CullDistance after a GLSL 1.50 control stage, whose gl_out has no such member: GL
 * leaves the values undefined and the program links, and Vulkan still wants the built-in blocks
 * between the two stages alike (the linker adds the member to the control stage's gl_out; the
 * validation lane counts "Number of elements inside builtin block differ between stages"
 * otherwise). Drawn as tess_gs_distances draws. */
void
sc_tess_cull_in_unwritten(void)
{
   if (!tess_offered())
      return;
   const struct distance_program cases[] = {
      {VS_PLAIN, TCS_PLAIN, TES_GS_CULL_READ_CULL, GS_CULL,
       "TES reading gl_in[].gl_CullDistance the GLSL 1.50 TCS lacks, TES -> GS gl_ClipDistance[2] "
       "and gl_CullDistance[1]: 2 x 2 points",
       true},
   };
   distance_programs(cases, sizeof(cases) / sizeof(cases[0]));
}

/* The control stage writes gl_out[].gl_CullDistance[0] (its vertex + 0.5), the evaluation stage
 * checks it in gl_in[] while writing its own distances, and the geometry stage writes
 * gl_ClipDistance[4], more than its gl_in has. On the GLES backend Mesa's lowering would read
 * the evaluation stage's gl_in[].gl_CullDistance past where the control stage put them once
 * its output block is padded for the geometry stage: that program is declined by name there
 * (glb_shader.c:clip_padding; gate.gles.declined). */
void
sc_tess_gs_cull_in(void)
{
   if (!tess_offered())
      return;
   const struct distance_program cases[] = {
      {VS_PLAIN, TCS_CULL, TES_GS_READ_CULL_CULL, GS_CLIP4_CULL,
       "TCS gl_out[].gl_CullDistance read by the TES, TES -> GS gl_ClipDistance[2] and "
       "gl_CullDistance[1], the GS writing gl_ClipDistance[4]: 2 x 2 points",
       true},
   };
   distance_programs(cases, sizeof(cases) / sizeof(cases[0]));
}
