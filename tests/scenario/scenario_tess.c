/* scenario_tess.c — GL 4.0 tessellation (ARB_tessellation_shader, issue 20): a patch tessellated
 * into points at levels the control shader sets, where GL 4.6 11.2.2 fixes every point (equal
 * spacing at a power-of-two level: u and v are k / level exactly), with per-vertex and per-patch
 * varyings, a default-block uniform in each stage and a uniform block in the evaluation stage;
 * then the API's errors, limits and program queries. A context without the extension must
 * refuse the stages and GL_PATCHES. */
#include "scenario.h"

static const char *VS_TESS = "#version 150 core\n"
                             "in vec2 a_pos;\n"
                             "out vec2 v_pix;\n"
                             "void main() {\n"
                             "  v_pix = a_pos;\n"
                             "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                             "}\n";

static const char *TCS_LEVEL = "#version 150 core\n"
                               "#extension GL_ARB_tessellation_shader : require\n"
                               "layout(vertices = 4) out;\n"
                               "in vec2 v_pix[];\n"
                               "out vec2 c_pix[];\n"
                               "patch out vec4 p_color;\n"
                               "uniform float u_level;\n"
                               "uniform vec4 u_color;\n"
                               "void main() {\n"
                               "  c_pix[gl_InvocationID] = v_pix[gl_InvocationID];\n"
                               "  gl_out[gl_InvocationID].gl_Position =\n"
                               "    gl_in[gl_InvocationID].gl_Position;\n"
                               "  p_color = u_color;\n"
                               "  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = u_level;\n"
                               "  gl_TessLevelInner[0] = u_level;\n"
                               "  gl_TessLevelInner[1] = u_level;\n"
                               "}\n";

/* pixel (x, y) of the patch's bilinear map, drawn at that pixel's centre */
static const char *TES_POINTS = "#version 150 core\n"
                                "#extension GL_ARB_tessellation_shader : require\n"
                                "layout(quads, equal_spacing, cw, point_mode) in;\n"
                                "in vec2 c_pix[];\n"
                                "patch in vec4 p_color;\n"
                                "layout(std140) uniform Shift { vec2 u_shift; };\n"
                                "out vec4 t_color;\n"
                                "void main() {\n"
                                "  float u = gl_TessCoord.x, v = gl_TessCoord.y;\n"
                                "  vec2 pix = mix(mix(c_pix[0], c_pix[1], u),\n"
                                "                 mix(c_pix[3], c_pix[2], u), v) + u_shift;\n"
                                "  gl_Position = vec4((pix + 0.5) / 32.0 - 1.0, 0.0, 1.0);\n"
                                "  t_color = p_color;\n"
                                "}\n";

static const char *FS_TESS = "#version 150 core\n"
                             "in vec4 t_color;\n"
                             "out vec4 o_color;\n"
                             "void main() { o_color = t_color; }\n";

/* Links the stages given (NULL: absent); 0 when the link fails, with its log in log
 * (scenario.h). */
GLuint
tess_try_link(const char *vs, const char *tcs, const char *tes, const char *fs, char *log, int n)
{
   const GLenum types[4] = {GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER, GL_TESS_EVALUATION_SHADER,
                            GL_FRAGMENT_SHADER};
   const char *src[4] = {vs, tcs, tes, fs};
   GLuint p = gl.CreateProgram();
   for (int i = 0; i < 4; i++) {
      if (!src[i])
         continue;
      GLuint sh = compile(types[i], src[i]);
      gl.AttachShader(p, sh);
      gl.DeleteShader(sh);
   }
   gl.BindAttribLocation(p, 0, "a_pos");
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   check_gl_error("tessellation program link");
   if (!ok) {
      log[0] = '\0';
      gl.GetProgramInfoLog(p, n, NULL, log);
      gl.DeleteProgram(p);
      return 0;
   }
   return p;
}

/* Whether the context offers tessellation; where it does not (the GLES backend), the stages and
 * the mode are refused as GL 3.3 does (scenario.h). A context that offers them lists
 * GL_ARB_tessellation_shader (mgl: where the backend has MGP_CAP_TESSELLATION). */
bool
tess_offered(void)
{
   if (has_ext("GL_ARB_tessellation_shader") || context_version() >= 40)
      return true;
   if (!on_mgl())
      die_setup("the reference GL has no GL_ARB_tessellation_shader");
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   GLuint sh = gl.CreateShader(GL_TESS_CONTROL_SHADER);
   if (sh) {
      gl.DeleteShader(sh);
      fail("renderer %s makes tessellation control shaders without listing "
           "GL_ARB_tessellation_shader",
           renderer ? renderer : "(null)");
      return true;
   }
   /* only the GLES backend ("mgl (GLES: ...)") offers no tessellation here; a Vulkan device
    * without tessellationShader would be named too */
   if (!renderer || !strstr(renderer, "(GLES:"))
      fail("no tessellation on renderer %s", renderer ? renderer : "(null)");
   expect_gl_error(GL_INVALID_ENUM, "glCreateShader(GL_TESS_CONTROL_SHADER) without tessellation");
   glDrawArrays(GL_PATCHES, 0, 4);
   expect_gl_error(GL_INVALID_ENUM, "glDrawArrays(GL_PATCHES) without tessellation");
   skipped("GL_ARB_tessellation_shader is not offered");
   return false;
}

/* The points a quad patch over [8, 56]^2 makes at level n (a power of two), shifted. */
static void
model_grid(model *m, int n, int shift, rgba8 c)
{
   for (int j = 0; j <= n; j++)
      for (int i = 0; i <= n; i++) {
         const int x = 8 + 48 * i / n + shift, y = 8 + 48 * j / n + shift;
         model_rect(m, x, y, x + 1, y + 1, c);
      }
}

void
sc_tess_points(void)
{
   if (!tess_offered())
      return;
   char log[4096];
   GLuint p = tess_try_link(VS_TESS, TCS_LEVEL, TES_POINTS, FS_TESS, log, sizeof log);
   if (!p) {
      fail("VS + TCS + TES + FS did not link:\n%s", log);
      return;
   }
   expect_program_iv(p, GL_TESS_CONTROL_OUTPUT_VERTICES, 4, "GL_TESS_CONTROL_OUTPUT_VERTICES");
   expect_program_iv(p, GL_TESS_GEN_MODE, GL_QUADS, "GL_TESS_GEN_MODE");
   expect_program_iv(p, GL_TESS_GEN_SPACING, GL_EQUAL, "GL_TESS_GEN_SPACING");
   expect_program_iv(p, GL_TESS_GEN_VERTEX_ORDER, GL_CW, "GL_TESS_GEN_VERTEX_ORDER");
   expect_program_iv(p, GL_TESS_GEN_POINT_MODE, GL_TRUE, "GL_TESS_GEN_POINT_MODE");
   const GLuint block = gl.GetUniformBlockIndex(p, "Shift");
   GLint tes_ref = -1, tcs_ref = -1;
   gl.GetActiveUniformBlockiv(p, block, GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_EVALUATION_SHADER,
                              &tes_ref);
   gl.GetActiveUniformBlockiv(p, block, GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_CONTROL_SHADER,
                              &tcs_ref);
   check_gl_error("uniform block of the evaluation stage");
   if (tes_ref != 1 || tcs_ref != 0)
      fail("block Shift referenced by TES %d, TCS %d; expected 1, 0", tes_ref, tcs_ref);
   gl.UseProgram(p);
   gl.UniformBlockBinding(p, block, 1);
   GLuint ubo;
   const float shift[4] = {0, 0, 0, 0};
   gl.GenBuffers(1, &ubo);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
   gl.BufferData(GL_UNIFORM_BUFFER, sizeof shift, shift, GL_DYNAMIC_DRAW);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, 1, ubo);
   /* no 0.5 channel: 127.5 may round either way (GL 4.6 2.3.5.2; NVIDIA gives 127) */
   const vec4f c1 = V4(1.0f, 0.6f, 0.0f, 1.0f), c2 = V4(0.0f, 0.75f, 1.0f, 1.0f);
   gl.Uniform1f(uloc(p, "u_level"), 4.0f);
   set_vec4(p, "u_color", c1);
   const float corners[8] = {8, 8, 56, 8, 56, 56, 8, 56};
   mesh me = make_mesh(corners, 4);
   gl.PatchParameteri(GL_PATCH_VERTICES, 4);
   check_gl_error("glPatchParameteri(GL_PATCH_VERTICES, 4)");
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_PATCHES, 0, 4);
   check_gl_error("glDrawArrays(GL_PATCHES) at level 4");
   model m;
   model_init(&m, bg);
   model_grid(&m, 4, 0, to8(c1));
   check_frame("a quad patch at level 4: 5 x 5 points", &m);

   /* level 2, shifted by the evaluation stage's block: 3 x 3 points, none of the first's */
   const float shift2[4] = {2, 2, 0, 0};
   gl.BufferSubData(GL_UNIFORM_BUFFER, 0, sizeof shift2, shift2);
   gl.Uniform1f(uloc(p, "u_level"), 2.0f);
   set_vec4(p, "u_color", c2);
   clear_to(bg);
   glDrawArrays(GL_PATCHES, 0, 4);
   check_gl_error("glDrawArrays(GL_PATCHES) at level 2");
   model m2;
   model_init(&m2, bg);
   model_grid(&m2, 2, 2, to8(c2));
   check_frame("level 2, shifted by the TES's uniform block: 3 x 3 points", &m2);

   /* two patches in one draw: the second's corners are the first's, 1 pixel up and right */
   const float two[16] = {8, 8, 56, 8, 56, 56, 8, 56, 9, 9, 57, 9, 57, 57, 9, 57};
   gl.BindBuffer(GL_ARRAY_BUFFER, me.vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof two, two, GL_STATIC_DRAW);
   gl.BufferSubData(GL_UNIFORM_BUFFER, 0, sizeof shift, shift);
   clear_to(bg);
   glDrawArrays(GL_PATCHES, 0, 8);
   check_gl_error("glDrawArrays(GL_PATCHES) of two patches");
   model m3;
   model_init(&m3, bg);
   model_grid(&m3, 2, 0, to8(c2));
   model_grid(&m3, 2, 1, to8(c2));
   check_frame("two patches of 4 vertices in one draw", &m3);
   gl.DeleteBuffers(1, &ubo);
   gl.DeleteProgram(p);
}

static void
expect_link_fails(const char *what, const char *vs, const char *tcs, const char *tes,
                  const char *fs)
{
   char log[4096];
   GLuint p = tess_try_link(vs, tcs, tes, fs, log, sizeof log);
   if (p) {
      fail("%s linked; GL 4.6 7.3 fails the link", what);
      gl.DeleteProgram(p);
   }
}

void
sc_tess_errors(void)
{
   if (!tess_offered())
      return;
   GLint v = 0;
   glGetIntegerv(GL_MAX_PATCH_VERTICES, &v);
   if (v < 32)
      fail("GL_MAX_PATCH_VERTICES = %d, below GL 4.0's 32", v);
   glGetIntegerv(GL_MAX_TESS_GEN_LEVEL, &v);
   if (v < 64)
      fail("GL_MAX_TESS_GEN_LEVEL = %d, below GL 4.0's 64", v);
   glGetIntegerv(GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS, &v);
   if (v < 12)
      fail("GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS = %d, below GL 4.0's 12", v);
   glGetIntegerv(GL_PATCH_VERTICES, &v);
   check_gl_error("tessellation limits");
   if (v != 3)
      fail("GL_PATCH_VERTICES starts at %d, expected 3", v);

   /* glPatchParameter (GL 4.6 10.1.15) */
   GLint max = 0;
   glGetIntegerv(GL_MAX_PATCH_VERTICES, &max);
   gl.PatchParameteri(GL_PATCH_VERTICES, 0);
   expect_gl_error(GL_INVALID_VALUE, "glPatchParameteri(GL_PATCH_VERTICES, 0)");
   gl.PatchParameteri(GL_PATCH_VERTICES, max + 1);
   expect_gl_error(GL_INVALID_VALUE, "glPatchParameteri(GL_PATCH_VERTICES, MAX + 1)");
   gl.PatchParameteri(GL_PATCH_DEFAULT_OUTER_LEVEL, 4);
   expect_gl_error(GL_INVALID_ENUM, "glPatchParameteri(GL_PATCH_DEFAULT_OUTER_LEVEL)");
   gl.PatchParameteri(GL_PATCH_VERTICES, max);
   check_gl_error("glPatchParameteri(GL_PATCH_VERTICES, MAX)");
   glGetIntegerv(GL_PATCH_VERTICES, &v);
   if (v != max)
      fail("GL_PATCH_VERTICES = %d after setting %d", v, max);
   const GLfloat outer[4] = {2, 3, 4, 5}, inner[2] = {6, 7};
   gl.PatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer);
   gl.PatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, inner);
   check_gl_error("glPatchParameterfv");
   gl.PatchParameterfv(GL_PATCH_VERTICES, outer);
   expect_gl_error(GL_INVALID_ENUM, "glPatchParameterfv(GL_PATCH_VERTICES)");
   GLfloat got[4] = {0};
   glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, got);
   if (memcmp(got, outer, sizeof outer))
      fail("GL_PATCH_DEFAULT_OUTER_LEVEL = %g %g %g %g", got[0], got[1], got[2], got[3]);
   glGetFloatv(GL_PATCH_DEFAULT_INNER_LEVEL, got);
   if (got[0] != 6 || got[1] != 7)
      fail("GL_PATCH_DEFAULT_INNER_LEVEL = %g %g", got[0], got[1]);
   check_gl_error("patch state queries");
   gl.PatchParameteri(GL_PATCH_VERTICES, 4);

   /* the link rules (GL 4.6 7.3; GLSL 4.00 4.3.4 / 4.3.6 / 4.4.1) */
   static const char *tes_no_mode = "#version 150 core\n"
                                    "#extension GL_ARB_tessellation_shader : require\n"
                                    "in vec2 c_pix[];\n"
                                    "patch in vec4 p_color;\n"
                                    "out vec4 t_color;\n"
                                    "void main() { gl_Position = vec4(c_pix[0], 0.0, 1.0);\n"
                                    "  t_color = p_color; }\n";
   static const char *tes_not_patch = "#version 150 core\n"
                                      "#extension GL_ARB_tessellation_shader : require\n"
                                      "layout(quads) in;\n"
                                      "in vec2 c_pix[];\n"
                                      "in vec4 p_color[];\n"
                                      "out vec4 t_color;\n"
                                      "void main() { gl_Position = vec4(c_pix[0], 0.0, 1.0);\n"
                                      "  t_color = p_color[0]; }\n";
   expect_link_fails("a TES without a primitive mode", VS_TESS, TCS_LEVEL, tes_no_mode, FS_TESS);
   expect_link_fails("a TES without a vertex shader", NULL, TCS_LEVEL, TES_POINTS, FS_TESS);
   expect_link_fails("a per-patch output read as per-vertex", VS_TESS, TCS_LEVEL, tes_not_patch,
                     FS_TESS);

   /* draws (GL 4.6 10.5, 11.2): patches only with a TES, and a TES only with patches */
   char log[4096];
   GLuint p = tess_try_link(VS_TESS, TCS_LEVEL, TES_POINTS, FS_TESS, log, sizeof log);
   if (!p) {
      fail("VS + TCS + TES + FS did not link:\n%s", log);
      return;
   }
   const float corners[8] = {8, 8, 56, 8, 56, 56, 8, 56};
   mesh me = make_mesh(corners, 4);
   gl.UseProgram(p);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawArrays(GL_TRIANGLES) with a TES");
   static const GLushort idx[4] = {0, 1, 2, 3};
   glDrawElements(GL_POINTS, 4, GL_UNSIGNED_SHORT, idx);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawElements(GL_POINTS) with a TES");
   GLuint plain = link_program(VS_PIXELS, FS_UNIFORM);
   gl.UseProgram(plain);
   glDrawArrays(GL_PATCHES, 0, 4);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawArrays(GL_PATCHES) without a TES");
   gl.GetProgramiv(plain, GL_TESS_GEN_MODE, &v);
   expect_gl_error(GL_INVALID_OPERATION, "GL_TESS_GEN_MODE of a program without a TES");
   gl.GetProgramiv(plain, GL_TESS_CONTROL_OUTPUT_VERTICES, &v);
   expect_gl_error(GL_INVALID_OPERATION,
                   "GL_TESS_CONTROL_OUTPUT_VERTICES of a program without a TCS");
   glDrawArrays(GL_TRIANGLES, 0, 3);
   check_gl_error("a plain program still draws triangles");
   gl.DeleteProgram(plain);
   gl.DeleteProgram(p);
   (void)me;
}

/* GL 4.6 11.3: a geometry stage after the evaluation stage takes the tessellator's primitives
 * (points here, from point_mode) with the evaluation stage's outputs as its inputs. */
static const char *GS_AFTER_TES =
   "#version 150 core\n"
   "layout(points) in;\n"
   "layout(points, max_vertices = 2) out;\n"
   "in vec4 t_color[];\n"
   "out vec4 g_color;\n"
   "void main() {\n"
   "  g_color = t_color[0];\n"
   "  gl_Position = gl_in[0].gl_Position;\n"
   "  EmitVertex();\n"
   "  g_color = t_color[0].bgra;\n"
   "  gl_Position = gl_in[0].gl_Position + vec4(2.0 / 32.0, 0, 0, 0);\n"
   "  EmitVertex();\n"
   "}\n";

static const char *FS_AFTER_GS = "#version 150 core\n"
                                 "in vec4 g_color;\n"
                                 "out vec4 o_color;\n"
                                 "void main() { o_color = g_color; }\n";

void
sc_tess_gs(void)
{
   if (!tess_offered())
      return;
   const GLenum types[5] = {GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER, GL_TESS_EVALUATION_SHADER,
                            GL_GEOMETRY_SHADER, GL_FRAGMENT_SHADER};
   const char *src[5] = {VS_TESS, TCS_LEVEL, TES_POINTS, GS_AFTER_TES, FS_AFTER_GS};
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
      fail("VS + TCS + TES + GS + FS did not link:\n%s", log);
      gl.DeleteProgram(p);
      return;
   }
   expect_program_iv(p, GL_GEOMETRY_INPUT_TYPE, GL_POINTS, "GL_GEOMETRY_INPUT_TYPE");
   gl.UseProgram(p);
   const GLuint block = gl.GetUniformBlockIndex(p, "Shift");
   gl.UniformBlockBinding(p, block, 1);
   GLuint ubo;
   const float shift[4] = {0, 0, 0, 0};
   gl.GenBuffers(1, &ubo);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
   gl.BufferData(GL_UNIFORM_BUFFER, sizeof shift, shift, GL_DYNAMIC_DRAW);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, 1, ubo);
   /* no 0.5 channel: 127.5 may round either way (GL 4.6 2.3.5.2; NVIDIA gives 127) */
   const vec4f c = V4(1.0f, 0.6f, 0.0f, 1.0f);
   gl.Uniform1f(uloc(p, "u_level"), 2.0f);
   set_vec4(p, "u_color", c);
   const float corners[8] = {8, 8, 56, 8, 56, 56, 8, 56};
   mesh me = make_mesh(corners, 4);
   gl.PatchParameteri(GL_PATCH_VERTICES, 4);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_PATCHES, 0, 4);
   check_gl_error("glDrawArrays(GL_PATCHES) through a geometry stage");
   /* each of the 3 x 3 points, and beside it (+2 pixels in x) its colour swizzled */
   model m;
   model_init(&m, bg);
   for (int j = 0; j <= 2; j++)
      for (int i = 0; i <= 2; i++) {
         const int x = 8 + 24 * i, y = 8 + 24 * j;
         model_rect(&m, x, y, x + 1, y + 1, to8(c));
         model_rect(&m, x + 2, y, x + 3, y + 1, to8(V4(c.v[2], c.v[1], c.v[0], c.v[3])));
      }
   check_frame("a quad patch at level 2 through a geometry stage: 9 points, each doubled", &m);
   gl.DeleteBuffers(1, &ubo);
   gl.DeleteProgram(p);
   (void)me;
}
