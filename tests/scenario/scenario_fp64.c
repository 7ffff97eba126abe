/* scenario_fp64.c — GL_ARB_gpu_shader_fp64 (GL 4.0): double arithmetic whose result float
 * precision cannot give. fp64_precision: in a GLSL 3.30 fragment shader with the extension,
 * (1 + 1e-12) - 1 > 0 selects green where it is computed in double, from a glUniform1d
 * uniform, from a dvec2 glUniform2dv set and from a double member of a std140 uniform block
 * (after a float, at offset 8); 1e-20 in its place (below double precision) selects blue. A
 * context without the extension (mgl's GLES backend) must refuse the #extension by name. */
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
