/* scenario_sso.c — GL 4.1 separate shader objects (ARB_separate_shader_objects): a program
 * pipeline drawing with the vertex stage of one separable program and the fragment stage of
 * another, each with its own default-block uniforms laid out at the same offsets (set by
 * glProgramUniform*, and by glUniform* through glActiveShaderProgram), the varying between
 * them met by location; glUseProgram taking precedence over the bound pipeline and the pipeline
 * drawing again after glUseProgram(0); the pipeline queries; the errors of a non-separable
 * program in glUseProgramStages, an unlinked one in glActiveShaderProgram and a draw with a
 * pipeline that fails validation; a dispatch of a pipeline's compute stage. */
#include "scenario.h"

static const char *VS_SEP = "#version 330 core\n"
                            "#extension GL_ARB_separate_shader_objects : require\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "uniform vec2 u_offset;\n"
                            "uniform vec4 u_tint;\n"
                            "layout(location = 3) out vec4 v_tint;\n"
                            "out gl_PerVertex { vec4 gl_Position; };\n"
                            "void main() {\n"
                            "  v_tint = u_tint;\n"
                            "  gl_Position = vec4((a_pos + u_offset) / 32.0 - 1.0, 0.0, 1.0);\n"
                            "}\n";

static const char *FS_SEP =
   "#version 330 core\n"
   "#extension GL_ARB_separate_shader_objects : require\n"
   "uniform vec4 u_color;\n"
   "uniform float u_mix;\n"
   "layout(location = 3) in vec4 v_tint;\n"
   "out vec4 o_color;\n"
   "void main() { o_color = vec4(u_color.rgb * u_mix + v_tint.rgb, 1.0); }\n";

static const char *CS_SEP = "#version 430\n"
                            "layout(local_size_x = 4) in;\n"
                            "uniform uint u_add;\n"
                            "layout(std430, binding = 3) buffer B { uint w[]; };\n"
                            "void main() { w[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x + "
                            "u_add; }\n";

/* GL 4.6 19.1: with no current program a dispatch runs the bound pipeline's compute stage. */
static void
dispatch_with_pipeline(void)
{
   GLint points = 0;
   glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &points);
   if (glGetError() != GL_NO_ERROR || points < 4) {
      skipped("storage buffers (a pipeline's compute stage)");
      return;
   }
   const GLuint cs = gl.CreateShaderProgramv(GL_COMPUTE_SHADER, 1, &CS_SEP);
   expect_program_iv(cs, GL_LINK_STATUS, GL_TRUE, "compute program GL_LINK_STATUS");
   GLuint pipe = 0;
   gl.GenProgramPipelines(1, &pipe);
   gl.UseProgramStages(pipe, GL_COMPUTE_SHADER_BIT, cs);
   gl.BindProgramPipeline(pipe);
   gl.ActiveShaderProgram(pipe, cs);
   gl.Uniform1ui(gl.GetUniformLocation(cs, "u_add"), 100u);
   uint32_t words[8] = {0};
   GLuint buf = 0;
   gl.GenBuffers(1, &buf);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, sizeof words, words, GL_STATIC_DRAW);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, buf);
   gl.DispatchCompute(2, 1, 1);
   check_gl_error("glDispatchCompute with a pipeline's compute stage");
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   read_buffer(buf, 0, sizeof words, words);
   for (uint32_t i = 0; i < 8; i++)
      if (words[i] != i + 100u) {
         fail("word %u after the pipeline's dispatch: %u, expected %u", i, words[i], i + 100u);
         break;
      }
   gl.BindProgramPipeline(0);
   gl.DeleteProgramPipelines(1, &pipe);
   gl.DeleteBuffers(1, &buf);
   gl.DeleteProgram(cs);
}

static void
expect_pipeline_iv(GLuint pipe, GLenum pname, GLint want, const char *what)
{
   GLint got = -1;
   gl.GetProgramPipelineiv(pipe, pname, &got);
   check_gl_error(what);
   if (got != want)
      fail("glGetProgramPipelineiv(%s) = %d, expected %d", what, got, want);
}

void
sc_sso_pipeline(void)
{
   if (!has_ext("GL_ARB_separate_shader_objects")) {
      if (on_mgl())
         fail("mgl does not list GL_ARB_separate_shader_objects");
      skipped("GL_ARB_separate_shader_objects");
      return;
   }
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   clear_to(bg);
   const GLuint vs = gl.CreateShaderProgramv(GL_VERTEX_SHADER, 1, &VS_SEP);
   const GLuint fs = gl.CreateShaderProgramv(GL_FRAGMENT_SHADER, 1, &FS_SEP);
   check_gl_error("glCreateShaderProgramv");
   expect_program_iv(vs, GL_LINK_STATUS, GL_TRUE, "vertex program GL_LINK_STATUS");
   expect_program_iv(fs, GL_LINK_STATUS, GL_TRUE, "fragment program GL_LINK_STATUS");
   expect_program_iv(vs, GL_PROGRAM_SEPARABLE, GL_TRUE, "GL_PROGRAM_SEPARABLE");
   const GLint l_offset = gl.GetUniformLocation(vs, "u_offset");
   const GLint l_tint = gl.GetUniformLocation(vs, "u_tint");
   const GLint l_color = gl.GetUniformLocation(fs, "u_color");
   const GLint l_mix = gl.GetUniformLocation(fs, "u_mix");
   if (l_offset < 0 || l_tint < 0 || l_color < 0 || l_mix < 0) {
      fail("uniform locations %d %d %d %d", l_offset, l_tint, l_color, l_mix);
      return;
   }

   GLuint pipe = 0;
   gl.GenProgramPipelines(1, &pipe);
   gl.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs);
   gl.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs);
   gl.BindProgramPipeline(pipe);
   check_gl_error("pipeline set-up");
   expect_pipeline_iv(pipe, GL_VERTEX_SHADER, (GLint)vs, "GL_VERTEX_SHADER");
   expect_pipeline_iv(pipe, GL_FRAGMENT_SHADER, (GLint)fs, "GL_FRAGMENT_SHADER");
   expect_pipeline_iv(pipe, GL_ACTIVE_PROGRAM, 0, "GL_ACTIVE_PROGRAM before any");
   gl.ValidateProgramPipeline(pipe);
   expect_pipeline_iv(pipe, GL_VALIDATE_STATUS, GL_TRUE, "GL_VALIDATE_STATUS");

   float q[4][12];
   mesh m[4];
   for (int i = 0; i < 4; i++) {
      rect_vertices(q[i], (float)(4 + 15 * i), 8.0f, (float)(15 + 15 * i), 40.0f);
      m[i] = make_mesh(q[i], 6);
   }
   /* draw 0: both programs' uniforms by glProgramUniform* */
   gl.ProgramUniform2f(vs, l_offset, 0.0f, 0.0f);
   gl.ProgramUniform4f(vs, l_tint, 0.0f, 0.4f, 0.0f, 1.0f);
   gl.ProgramUniform4f(fs, l_color, 0.8f, 0.0f, 0.6f, 1.0f);
   gl.ProgramUniform1f(fs, l_mix, 1.0f);
   gl.BindVertexArray(m[0].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw 0 with the pipeline");

   /* draw 1: glUniform* without a current program writes the active program's */
   gl.ActiveShaderProgram(pipe, fs);
   expect_pipeline_iv(pipe, GL_ACTIVE_PROGRAM, (GLint)fs, "GL_ACTIVE_PROGRAM");
   gl.Uniform1f(l_mix, 0.0f);
   gl.ActiveShaderProgram(pipe, vs);
   gl.Uniform4f(l_tint, 0.0f, 0.0f, 1.0f, 1.0f);
   gl.BindVertexArray(m[1].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw 1 after glActiveShaderProgram + glUniform*");

   /* draw 2: glUseProgram takes precedence over the bound pipeline */
   const GLuint whole = link_program(VS_PIXELS, FS_UNIFORM);
   gl.UseProgram(whole);
   set_vec4(whole, "u_color", V4(1.0f, 1.0f, 0.0f, 1.0f));
   gl.BindVertexArray(m[2].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw 2 with glUseProgram");

   /* draw 3: glUseProgram(0) gives the pipeline back; moving a uniform by 8 pixels */
   gl.UseProgram(0);
   gl.ProgramUniform2f(vs, l_offset, 0.0f, 16.0f);
   gl.ProgramUniform1f(fs, l_mix, 1.0f);
   gl.BindVertexArray(m[3].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw 3 with the pipeline again");

   /* errors */
   const GLuint plain = link_program(VS_PIXELS, FS_UNIFORM);
   gl.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, plain);
   expect_gl_error(GL_INVALID_OPERATION, "glUseProgramStages of a non-separable program");
   const GLuint unlinked = gl.CreateProgram();
   gl.ActiveShaderProgram(pipe, unlinked);
   expect_gl_error(GL_INVALID_OPERATION, "glActiveShaderProgram of an unlinked program");
   expect_pipeline_iv(pipe, GL_FRAGMENT_SHADER, (GLint)fs, "GL_FRAGMENT_SHADER after refusal");
   /* a separable program of both stages used for its vertex stage only fails validation */
   GLuint both = gl.CreateProgram();
   GLuint sh[2] = {gl.CreateShader(GL_VERTEX_SHADER), gl.CreateShader(GL_FRAGMENT_SHADER)};
   gl.ShaderSource(sh[0], 1, &VS_SEP, NULL);
   gl.ShaderSource(sh[1], 1, &FS_SEP, NULL);
   gl.CompileShader(sh[0]);
   gl.CompileShader(sh[1]);
   gl.AttachShader(both, sh[0]);
   gl.AttachShader(both, sh[1]);
   gl.ProgramParameteri(both, GL_PROGRAM_SEPARABLE, GL_TRUE);
   gl.LinkProgram(both);
   expect_program_iv(both, GL_LINK_STATUS, GL_TRUE, "two-stage separable GL_LINK_STATUS");
   GLuint half_pipe = 0;
   gl.GenProgramPipelines(1, &half_pipe);
   gl.UseProgramStages(half_pipe, GL_VERTEX_SHADER_BIT, both);
   gl.ValidateProgramPipeline(half_pipe);
   expect_pipeline_iv(half_pipe, GL_VALIDATE_STATUS, GL_FALSE, "GL_VALIDATE_STATUS of half");
   gl.BindProgramPipeline(half_pipe);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   expect_gl_error(GL_INVALID_OPERATION, "a draw with a pipeline that fails validation");
   gl.BindProgramPipeline(0);
   dispatch_with_pipeline();

   readback();
   model mo;
   model_init(&mo, bg);
   model_rect(&mo, 4, 8, 15, 40, to8(V4(0.8f, 0.4f, 0.6f, 1.0f)));
   model_rect(&mo, 19, 8, 30, 40, to8(V4(0.0f, 0.0f, 1.0f, 1.0f)));
   model_rect(&mo, 34, 8, 45, 40, to8(V4(1.0f, 1.0f, 0.0f, 1.0f)));
   model_rect(&mo, 49, 24, 60, 56, to8(V4(0.8f, 0.0f, 1.0f, 1.0f)));
   check_frame("pipeline of two separable programs", &mo);
   for (int i = 0; i < 4; i++) {
      gl.DeleteVertexArrays(1, &m[i].vao);
      gl.DeleteBuffers(1, &m[i].vbo);
   }
   gl.DeleteProgramPipelines(1, &pipe);
   gl.DeleteProgramPipelines(1, &half_pipe);
   gl.DeleteShader(sh[0]);
   gl.DeleteShader(sh[1]);
   gl.DeleteProgram(both);
   gl.DeleteProgram(unlinked);
   gl.DeleteProgram(plain);
   gl.DeleteProgram(whole);
   gl.DeleteProgram(vs);
   gl.DeleteProgram(fs);
}
