/* scenario_viewport.c — GL_ARB_viewport_array (GL 4.1). viewport_array: a geometry shader
 * sends each triangle of a full-screen quad to viewports 0 .. 3 (gl_ViewportIndex), each in its
 * own colour. The four viewports are the quadrants of the surface, set by glViewportIndexedf,
 * glViewportIndexedfv and glViewportArrayv; the scissor test is enabled for all and then off
 * again for 0 and 3 (glDisablei), while 1 and 2 keep boxes of glScissorIndexed(v) inside their
 * quadrants; viewport 3's depth range (glDepthRangeArrayv) puts its copy at depth 1, which
 * GL_LESS against a clear depth of 1 rejects. So quadrant 0 is filled, 1 and 2 only inside their
 * boxes, 3 not at all. Before the draw, the indexed queries and the spec's errors
 * (GL_INVALID_VALUE for an index past GL_MAX_VIEWPORTS, a negative size, a range past the last
 * viewport). A context without the extension (mgl's GLES backend) refuses the #extension. */
#include "scenario.h"

static const char *VS_VP = "#version 150 core\n"
                           "in vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";

static const char *GS_VP = "#version 150 core\n"
                           "#extension GL_ARB_viewport_array : require\n"
                           "layout(triangles) in;\n"
                           "layout(triangle_strip, max_vertices = 12) out;\n"
                           "uniform vec4 u_colors[4];\n"
                           "out vec4 g_color;\n"
                           "void main() {\n"
                           "  for (int v = 0; v < 4; v++) {\n"
                           "    for (int i = 0; i < 3; i++) {\n"
                           "      gl_Position = gl_in[i].gl_Position;\n"
                           "      gl_ViewportIndex = v;\n"
                           "      g_color = u_colors[v];\n"
                           "      EmitVertex();\n"
                           "    }\n"
                           "    EndPrimitive();\n"
                           "  }\n"
                           "}\n";

/* Where the extension is not offered: the #extension that requires it does not compile. */
static void
viewport_array_refused(void)
{
   if (!on_mgl())
      die_setup("the reference GL has no GL_ARB_viewport_array");
   GLuint sh = gl.CreateShader(GL_GEOMETRY_SHADER);
   if (!sh) {
      glGetError();
      skipped("no geometry stage, so no GL_ARB_viewport_array");
      return;
   }
   gl.ShaderSource(sh, 1, &GS_VP, NULL);
   gl.CompileShader(sh);
   GLint ok = 1;
   gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (ok)
      fail("`#extension GL_ARB_viewport_array : require' compiled without the extension");
   gl.DeleteShader(sh);
   check_gl_error("viewport array refusal");
   skipped("GL_ARB_viewport_array is not offered");
}

static void
expect_floats(const char *what, const float *got, const float *want, int n)
{
   for (int k = 0; k < n; k++)
      if (got[k] != want[k]) {
         fail("%s[%d] = %g, want %g", what, k, got[k], want[k]);
         return;
      }
}

/* glGet*i_v and the errors, on the state sc_viewport_array set. */
static void
viewport_queries(void)
{
   GLint max = 0;
   glGetIntegerv(GL_MAX_VIEWPORTS, &max);
   if (max < 16)
      fail("GL_MAX_VIEWPORTS = %d, want at least 16", max);
   GLfloat bounds[2] = {0, 0};
   glGetFloatv(GL_VIEWPORT_BOUNDS_RANGE, bounds);
   if (bounds[0] > -32768.0f || bounds[1] < 32767.0f)
      fail("GL_VIEWPORT_BOUNDS_RANGE = [%g, %g], want at least [-32768, 32767]", bounds[0],
           bounds[1]);
   check_gl_error("the viewport limits");

   GLfloat f[4];
   gl.GetFloati_v(GL_VIEWPORT, 1, f);
   expect_floats("GL_VIEWPORT 1", f, (const float[]){32, 0, 32, 32}, 4);
   gl.GetFloati_v(GL_VIEWPORT, 3, f);
   expect_floats("GL_VIEWPORT 3", f, (const float[]){32, 32, 32, 32}, 4);
   GLint box[4];
   gl.GetIntegeri_v(GL_SCISSOR_BOX, 2, box);
   if (box[0] != 0 || box[1] != 32 || box[2] != 8 || box[3] != 32)
      fail("GL_SCISSOR_BOX 2 = (%d, %d, %d, %d), want (0, 32, 8, 32)", box[0], box[1], box[2],
           box[3]);
   GLdouble d[2];
   gl.GetDoublei_v(GL_DEPTH_RANGE, 3, d);
   if (d[0] != 1.0 || d[1] != 1.0)
      fail("GL_DEPTH_RANGE 3 = (%g, %g), want (1, 1)", d[0], d[1]);
   gl.GetDoublei_v(GL_DEPTH_RANGE, 0, d);
   if (d[0] != 0.0 || d[1] != 1.0)
      fail("GL_DEPTH_RANGE 0 = (%g, %g), want (0, 1)", d[0], d[1]);
   const GLboolean on[4] = {gl.IsEnabledi(GL_SCISSOR_TEST, 0), gl.IsEnabledi(GL_SCISSOR_TEST, 1),
                            gl.IsEnabledi(GL_SCISSOR_TEST, 2), gl.IsEnabledi(GL_SCISSOR_TEST, 3)};
   if (on[0] || !on[1] || !on[2] || on[3])
      fail("glIsEnabledi(GL_SCISSOR_TEST, 0..3) = %d %d %d %d, want 0 1 1 0", on[0], on[1], on[2],
           on[3]);
   if (glIsEnabled(GL_SCISSOR_TEST))
      fail("glIsEnabled(GL_SCISSOR_TEST) is viewport 0's, which is off");
   check_gl_error("the indexed queries");

   gl.ViewportIndexedf((GLuint)max, 0, 0, 1, 1);
   expect_gl_error(GL_INVALID_VALUE, "glViewportIndexedf past GL_MAX_VIEWPORTS");
   gl.ViewportIndexedf(1, 0, 0, -1, 1);
   expect_gl_error(GL_INVALID_VALUE, "glViewportIndexedf with a negative width");
   const GLint boxes[8] = {0, 0, 1, 1, 0, 0, 1, 1};
   gl.ScissorArrayv((GLuint)max - 1, 2, boxes);
   expect_gl_error(GL_INVALID_VALUE, "glScissorArrayv past the last viewport");
   gl.ScissorIndexed(1, 0, 0, 4, -4);
   expect_gl_error(GL_INVALID_VALUE, "glScissorIndexed with a negative height");
   const GLdouble ranges[2] = {0, 1};
   gl.DepthRangeArrayv(0, -1, ranges);
   expect_gl_error(GL_INVALID_VALUE, "glDepthRangeArrayv with a negative count");
   gl.Enablei(GL_SCISSOR_TEST, (GLuint)max);
   expect_gl_error(GL_INVALID_VALUE, "glEnablei(GL_SCISSOR_TEST) past GL_MAX_VIEWPORTS");
   gl.GetFloati_v(GL_VIEWPORT, (GLuint)max, f);
   expect_gl_error(GL_INVALID_VALUE, "glGetFloati_v(GL_VIEWPORT) past GL_MAX_VIEWPORTS");
   /* the refused calls changed nothing */
   gl.GetFloati_v(GL_VIEWPORT, 1, f);
   expect_floats("GL_VIEWPORT 1 after the errors", f, (const float[]){32, 0, 32, 32}, 4);
   gl.GetIntegeri_v(GL_SCISSOR_BOX, 1, box);
   if (box[0] != 40 || box[1] != 8 || box[2] != 16 || box[3] != 16)
      fail("GL_SCISSOR_BOX 1 after the errors = (%d, %d, %d, %d)", box[0], box[1], box[2], box[3]);
}

void
sc_viewport_array(void)
{
   if (!has_ext("GL_ARB_viewport_array") && context_version() < 41) {
      viewport_array_refused();
      return;
   }
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const vec4f colours[4] = {V4(1.0f, 0.0f, 0.0f, 1.0f), V4(0.0f, 1.0f, 0.0f, 1.0f),
                             V4(0.0f, 0.0f, 1.0f, 1.0f), V4(1.0f, 1.0f, 0.0f, 1.0f)};
   clear_to(bg);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);

   /* glViewport and glScissor set every viewport; the indexed forms then one or a range */
   glViewport(0, 0, 64, 64);
   glScissor(0, 0, 64, 64);
   gl.ViewportIndexedf(0, 0, 0, 32, 32);
   gl.ViewportIndexedfv(1, (const float[]){32, 0, 32, 32});
   gl.ViewportArrayv(2, 2, (const float[]){0, 32, 32, 32, 32, 32, 32, 32});
   glEnable(GL_SCISSOR_TEST);
   gl.Disablei(GL_SCISSOR_TEST, 0);
   gl.Disablei(GL_SCISSOR_TEST, 3);
   gl.ScissorIndexed(1, 40, 8, 16, 16);
   gl.ScissorIndexedv(2, (const GLint[]){0, 32, 8, 32});
   gl.ScissorArrayv(3, 1, (const GLint[]){32, 32, 32, 32});
   glDepthRange(0.0, 1.0);
   gl.DepthRangeArrayv(3, 1, (const GLdouble[]){1.0, 1.0});
   gl.DepthRangeIndexed(2, 0.25, 0.75);
   check_gl_error("the viewport array state");
   viewport_queries();

   GLuint p = link_program_gs(VS_VP, GS_VP, FS_GS);
   gl.UseProgram(p);
   gl.Uniform4fv(uloc(p, "u_colors"), 4, colours[0].v);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("the geometry shader's draw");
   glDisable(GL_SCISSOR_TEST);
   glDisable(GL_DEPTH_TEST);

   model m;
   model_init(&m, bg);
   model_rect(&m, 0, 0, 32, 32, to8(colours[0]));
   model_rect(&m, 40, 8, 56, 24, to8(colours[1]));
   model_rect(&m, 0, 32, 8, 64, to8(colours[2]));
   check_frame("four viewports, their scissors and depth ranges", &m);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &mq.vbo);
   gl.DeleteVertexArrays(1, &mq.vao);
}

/* viewport_index_once: gl_ViewportIndex and the colour written once per primitive, before the
 * three emits (piglit's arb_viewport_array-render-* shape). GL keeps an output's value across
 * EmitVertex, so every vertex of the copy carries them: each quadrant shows its viewport's
 * colour. A driver that drops outputs at an emit puts every copy in viewport 0 (NVIDIA's
 * Vulkan driver did, before the geometry module copied its outputs at each emit). */
static const char *GS_VP_ONCE = "#version 150 core\n"
                                "#extension GL_ARB_viewport_array : require\n"
                                "layout(triangles) in;\n"
                                "layout(triangle_strip, max_vertices = 12) out;\n"
                                "uniform vec4 u_colors[4];\n"
                                "out vec4 g_color;\n"
                                "void main() {\n"
                                "  for (int v = 0; v < 4; v++) {\n"
                                "    gl_ViewportIndex = v;\n"
                                "    g_color = u_colors[v];\n"
                                "    for (int i = 0; i < 3; i++) {\n"
                                "      gl_Position = gl_in[i].gl_Position;\n"
                                "      EmitVertex();\n"
                                "    }\n"
                                "    EndPrimitive();\n"
                                "  }\n"
                                "}\n";

void
sc_viewport_index_once(void)
{
   if (!has_ext("GL_ARB_viewport_array") && context_version() < 41) {
      viewport_array_refused();
      return;
   }
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const vec4f colours[4] = {V4(1.0f, 0.0f, 0.0f, 1.0f), V4(0.0f, 1.0f, 0.0f, 1.0f),
                             V4(0.0f, 0.0f, 1.0f, 1.0f), V4(1.0f, 1.0f, 0.0f, 1.0f)};
   clear_to(bg);
   gl.ViewportArrayv(0, 4,
                     (const float[]){0, 0, 32, 32, 32, 0, 32, 32, 0, 32, 32, 32, 32, 32, 32, 32});
   check_gl_error("the viewport array");

   GLuint p = link_program_gs(VS_VP, GS_VP_ONCE, FS_GS);
   gl.UseProgram(p);
   gl.Uniform4fv(uloc(p, "u_colors"), 4, colours[0].v);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("the geometry shader's draw");
   glViewport(0, 0, 64, 64);

   model m;
   model_init(&m, bg);
   model_rect(&m, 0, 0, 32, 32, to8(colours[0]));
   model_rect(&m, 32, 0, 64, 32, to8(colours[1]));
   model_rect(&m, 0, 32, 32, 64, to8(colours[2]));
   model_rect(&m, 32, 32, 64, 64, to8(colours[3]));
   check_frame("each quadrant its viewport's colour, the index written once per primitive", &m);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &mq.vbo);
   gl.DeleteVertexArrays(1, &mq.vao);
}
