/* scenario_aoa.c — GL 4.3 arrays of arrays (ARB_arrays_of_arrays) in a GLSL 3.30 unit that
 * enables the extension: a uniform vec4 u_aa[2][3] set element by element through the
 * locations of "u_aa[i][j]" and read back by a draw (a rectangle per element, its pixels
 * asserted); its reflection as GL names it (one active uniform per innermost array,
 * "u_aa[0][0]" and "u_aa[1][0]" of size 3, consecutive locations within each); a local
 * array of arrays and a varying one; and the named link refusal of an array of arrays of
 * samplers. */
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

static const char *FS_SAMPLERS = "#version 330 core\n"
                                 "#extension GL_ARB_arrays_of_arrays : require\n"
                                 "uniform sampler2D u_tex[2][2];\n"
                                 "out vec4 o_color;\n"
                                 "void main() { o_color = texture(u_tex[1][1], vec2(0.5)); }\n";

static vec4f
cell_color(int c)
{
   return V4((float)(c % 3) * 0.5f, (float)(c / 3), 0.25f * (float)(1 + c % 2), 1.0f);
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

   /* samplers take one array level in a Vulkan descriptor: a named link error */
   GLuint s = gl.CreateProgram();
   gl.AttachShader(s, compile(GL_VERTEX_SHADER, VS_PIXELS));
   gl.AttachShader(s, compile(GL_FRAGMENT_SHADER, FS_SAMPLERS));
   gl.LinkProgram(s);
   GLint ok = 1;
   char log[512] = "";
   gl.GetProgramiv(s, GL_LINK_STATUS, &ok);
   gl.GetProgramInfoLog(s, sizeof log, NULL, log);
   if (on_mgl() && (ok || !strstr(log, "arrays of arrays of texture samplers are not supported")))
      fail("an array of arrays of samplers: link status %d, log \"%s\"", ok, log);
   gl.DeleteProgram(s);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   check_gl_error("end");
}
