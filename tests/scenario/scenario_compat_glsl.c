/* scenario_compat_glsl.c — the compatibility profile's GLSL built-ins in a 3.3 compatibility
 * context: conventional attributes at their generic slots, ftransform(), built-in varyings, and
 * the built-in uniform state read at offsets across the whole hidden struct: GL's initial
 * values, and two that fixed-function commands changed. */
#include "scenario.h"

typedef void(APIENTRYP pfn_lightf)(GLenum, GLenum, GLfloat);
typedef void(APIENTRYP pfn_fogf)(GLenum, GLfloat);

void
sc_compat_glsl_builtins(void)
{
   const char *vs =
      "#version 120\n"
      "void main() {\n"
      "  vec4 v = ftransform();\n" /* identity matrices: gl_Vertex */
      "  gl_Position = vec4(v.xy / 32.0 - 1.0, 0.0, 1.0);\n"
      "  gl_FrontColor = gl_Color * gl_FrontMaterial.diffuse;\n"
      "  gl_TexCoord[1] = vec4(gl_LightSource[1].spotCutoff / 360.0,\n"
      "                        gl_Fog.scale * 0.5, gl_FrontMaterial.shininess + 0.25,\n"
      "                        gl_LightModel.ambient.r);\n"
      "}\n";
   /* bottom left: the colour; bottom right: the vertex stage's probe; top: a fragment-stage
    * probe of other members */
   const char *fs =
      "#version 120\n"
      "varying vec4 gl_TexCoord[2];\n"
      "void main() {\n"
      "  vec4 probe = vec4(gl_FrontLightProduct[0].diffuse.r,\n"
      "                    gl_BackLightModelProduct.sceneColor.r * 10.0,\n"
      "                    gl_EyePlaneT[7].y * gl_NormalMatrix[2][2] * gl_TextureMatrix[7][3][3] "
      "*\n"
      "                       gl_ModelViewProjectionMatrixInverseTranspose[3][3] * 0.6,\n"
      "                    gl_Point.distanceConstantAttenuation * gl_Point.size * 0.3 -\n"
      "                       gl_LightSource[7].spotDirection.z * 0.1);\n"
      "  if (gl_FragCoord.y >= 32.0) gl_FragColor = probe;\n"
      "  else if (gl_FragCoord.x >= 32.0) gl_FragColor = gl_TexCoord[1];\n"
      "  else gl_FragColor = gl_Color;\n"
      "}\n";
   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   /* gl_Vertex is generic attribute 0; gl_Color generic 3 (mgl's conventional slots) */
   GLint color_loc = gl.GetAttribLocation(p, "gl_Color");
   if (color_loc != -1)
      fail("glGetAttribLocation(gl_Color) = %d, want -1 (a built-in)", color_loc);

   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.EnableVertexAttribArray(0);
   gl.VertexAttrib4f(3, 0.5f, 1.0f, 0.25f, 1.0f);
   /* fixed-function state the built-ins follow: light 1's cutoff and the fog's end */
   pfn_lightf lightf = (pfn_lightf)eglGetProcAddress("glLightf");
   pfn_fogf fogf = (pfn_fogf)eglGetProcAddress("glFogf");
   if (!lightf || !fogf)
      die_setup("glLightf / glFogf not found");
   lightf(0x4001 /* GL_LIGHT1 */, 0x1206 /* GL_SPOT_CUTOFF */, 90.0f);
   fogf(0x0B64 /* GL_FOG_END */, 2.0f);
   check_gl_error("glLightf, glFogf");
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw");

   model m;
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   /* gl_Color x the front material's initial diffuse (0.8, 0.8, 0.8, 1) */
   model_rect(&m, 0, 0, 32, 32, to8(V4(0.4f, 0.8f, 0.2f, 1.0f)));
   /* spotCutoff 90 / 360, fog scale 1 / (end - start) = 0.5 (x 0.5), shininess 0, light model
    * ambient 0.2 */
   model_rect(&m, 32, 0, 64, 32, to8(V4(0.25f, 0.25f, 0.25f, 0.2f)));
   /* light 0's diffuse 1 x material 0.8; back scene colour 0.2 x 0.2 + emission 0 (x10);
    * eye plane T (0, 1, 0, 0) and identity matrices; point attenuation 1, size 1, light 7's
    * spot direction (0, 0, -1) */
   model_rect(&m, 0, 32, 64, 64, to8(V4(0.8f, 0.4f, 0.6f, 0.4f)));
   check_frame("compatibility built-ins", &m);
}
