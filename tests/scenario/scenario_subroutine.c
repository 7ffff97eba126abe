/* scenario_subroutine.c — GL 4.0 shader subroutines (ARB_shader_subroutine, issue 20): a
 * fragment shader with two subroutine uniforms (a colour and a scale) drawn three times with
 * different glUniformSubroutinesuiv values, each rectangle's pixels asserted; the values'
 * reset by glUseProgram (to valid ones: the pixels of a fourth draw follow what
 * glGetUniformSubroutineuiv then says); the stage queries; the errors of a wrong count, an
 * unknown index (GL_INVALID_VALUE), an incompatible one (GL_INVALID_OPERATION, as Mesa gives)
 * and no current program. */
#include "scenario.h"

static const char *FS_SUBROUTINES =
   "#version 330 core\n"
   "#extension GL_ARB_shader_subroutine : require\n"
   "subroutine vec4 color_t();\n"
   "subroutine float scale_t(float x);\n"
   "subroutine(color_t) vec4 red() { return vec4(1.0, 0.0, 0.0, 1.0); }\n"
   "subroutine(color_t) vec4 blue() { return vec4(0.0, 0.0, 1.0, 1.0); }\n"
   "subroutine(scale_t) float full(float x) { return x; }\n"
   "subroutine(scale_t) float half_of(float x) { return x * 0.625; }\n"
   "subroutine uniform color_t u_color;\n"
   "subroutine uniform scale_t u_scale;\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "  vec4 c = u_color();\n"
   "  o_color = vec4(c.rgb * u_scale(1.0), 1.0);\n"
   "}\n";

/* The colour the shader gives with these subroutines. */
static rgba8
expected(GLuint color, GLuint scale, GLuint red, GLuint half_of)
{
   /* 0.625, not 0.5: 0.5 is a tie at 8 bits, which NVIDIA rounds to 127 (H200 lanes) */
   const float s = scale == half_of ? 0.625f : 1.0f;
   return to8(color == red ? V4(s, 0.0f, 0.0f, 1.0f) : V4(0.0f, 0.0f, s, 1.0f));
}

void
sc_subroutine_switch(void)
{
   if (!has_ext("GL_ARB_shader_subroutine")) {
      if (on_mgl())
         fail("mgl does not list GL_ARB_shader_subroutine");
      skipped("GL_ARB_shader_subroutine");
      return;
   }
   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
   clear_to(bg);
   GLuint p = link_program(VS_PIXELS, FS_SUBROUTINES);
   gl.UseProgram(p);
   const GLuint red = gl.GetSubroutineIndex(p, GL_FRAGMENT_SHADER, "red");
   const GLuint blue = gl.GetSubroutineIndex(p, GL_FRAGMENT_SHADER, "blue");
   const GLuint full = gl.GetSubroutineIndex(p, GL_FRAGMENT_SHADER, "full");
   const GLuint half_of = gl.GetSubroutineIndex(p, GL_FRAGMENT_SHADER, "half_of");
   const GLint lc = gl.GetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "u_color");
   const GLint ls = gl.GetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "u_scale");
   check_gl_error("subroutine queries");
   if (red == GL_INVALID_INDEX || blue == GL_INVALID_INDEX || full == GL_INVALID_INDEX ||
       half_of == GL_INVALID_INDEX || lc < 0 || ls < 0 || lc > 1 || ls > 1 || lc == ls) {
      fail("subroutine indices %u %u %u %u, locations %d %d", red, blue, full, half_of, lc, ls);
      return;
   }
   GLint n = -1;
   gl.GetProgramStageiv(p, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS, &n);
   if (n != 2)
      fail("GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS %d, expected 2", n);
   gl.GetProgramStageiv(p, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINES, &n);
   if (n != 4)
      fail("GL_ACTIVE_SUBROUTINES %d, expected 4", n);
   check_gl_error("glGetProgramStageiv");

   float q[4][12];
   mesh m[4];
   for (int i = 0; i < 4; i++) {
      rect_vertices(q[i], (float)(4 + 15 * i), 8.0f, (float)(15 + 15 * i), 56.0f);
      m[i] = make_mesh(q[i], 6);
   }
   const GLuint draws[3][2] = {{blue, full}, {red, half_of}, {blue, half_of}};
   for (int i = 0; i < 3; i++) {
      GLuint v[2];
      v[lc] = draws[i][0];
      v[ls] = draws[i][1];
      gl.UniformSubroutinesuiv(GL_FRAGMENT_SHADER, 2, v);
      gl.BindVertexArray(m[i].vao);
      glDrawArrays(GL_TRIANGLES, 0, 6);
   }
   check_gl_error("draws with glUniformSubroutinesuiv");
   GLuint cur = 0;
   gl.GetUniformSubroutineuiv(GL_FRAGMENT_SHADER, lc, &cur);
   if (cur != blue)
      fail("glGetUniformSubroutineuiv(u_color) %u, expected %u (blue)", cur, blue);

   /* errors leave the values alone */
   GLuint one[1] = {red};
   gl.UniformSubroutinesuiv(GL_FRAGMENT_SHADER, 1, one);
   expect_gl_error(GL_INVALID_VALUE, "glUniformSubroutinesuiv with a count of 1 of 2");
   /* the bad value first: Mesa stores the values before it in the order it checks them */
   GLuint wrong[2];
   wrong[0] = lc == 0 ? full : red; /* a function of the other uniform's type */
   wrong[1] = lc == 0 ? full : red;
   gl.UniformSubroutinesuiv(GL_FRAGMENT_SHADER, 2, wrong);
   expect_gl_error(GL_INVALID_OPERATION, "glUniformSubroutinesuiv of an incompatible subroutine");
   wrong[0] = 1000;
   gl.UniformSubroutinesuiv(GL_FRAGMENT_SHADER, 2, wrong);
   expect_gl_error(GL_INVALID_VALUE, "glUniformSubroutinesuiv of an unknown index");
   gl.GetUniformSubroutineuiv(GL_FRAGMENT_SHADER, lc, &cur);
   if (cur != blue)
      fail("after refused calls u_color is %u, expected %u (blue)", cur, blue);

   /* GL 4.6 7.10: glUseProgram resets the subroutine uniforms (to valid values) */
   gl.UseProgram(p);
   GLuint c = 0, s = 0;
   gl.GetUniformSubroutineuiv(GL_FRAGMENT_SHADER, lc, &c);
   gl.GetUniformSubroutineuiv(GL_FRAGMENT_SHADER, ls, &s);
   check_gl_error("glGetUniformSubroutineuiv after glUseProgram");
   if ((c != red && c != blue) || (s != full && s != half_of))
      fail("after glUseProgram: u_color %u, u_scale %u are not compatible subroutines", c, s);
   if (on_mgl() && (c != red || s != full))
      fail("after glUseProgram: u_color %u, u_scale %u, expected the first compatible (%u, %u)", c,
           s, red, full);
   gl.BindVertexArray(m[3].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw after glUseProgram");

   gl.UseProgram(0);
   gl.UniformSubroutinesuiv(GL_FRAGMENT_SHADER, 2, draws[0]);
   expect_gl_error(GL_INVALID_OPERATION, "glUniformSubroutinesuiv without a current program");

   readback();
   model mo;
   model_init(&mo, bg);
   for (int i = 0; i < 3; i++)
      model_rect(&mo, 4 + 15 * i, 8, 15 + 15 * i, 56,
                 expected(draws[i][0], draws[i][1], red, half_of));
   model_rect(&mo, 49, 8, 60, 56, expected(c, s, red, half_of));
   check_frame("subroutines switched between draws", &mo);
   for (int i = 0; i < 4; i++) {
      gl.DeleteVertexArrays(1, &m[i].vao);
      gl.DeleteBuffers(1, &m[i].vbo);
   }
   gl.DeleteProgram(p);
}
