/* scenario_compat_glsl.c — the compatibility profile's GLSL built-ins in a 3.3 compatibility
 * context: conventional attributes at their generic slots, ftransform(), built-in varyings, and
 * the built-in uniform state read at offsets across the whole hidden struct: GL's initial
 * values, and two that fixed-function commands changed. */
#include "scenario.h"

typedef void(APIENTRYP pfn_lightf)(GLenum, GLenum, GLfloat);
typedef void(APIENTRYP pfn_fogf)(GLenum, GLfloat);

/* A vertex array of its own whose attribute 0 (gl_Vertex) reads the vec2 positions in quad. */
static void
attrib0_rects(const float *quad, GLsizeiptr bytes)
{
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, bytes, quad, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.EnableVertexAttribArray(0);
}

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
   /* gl_Vertex is generic attribute 0 (GL 2.1 2.7: they alias); gl_Color is the current colour
    * glColor sets (whether a generic attribute aliases it is not GL's: none does on Mesa) */
   GLint color_loc = gl.GetAttribLocation(p, "gl_Color");
   if (color_loc != -1)
      fail("glGetAttribLocation(gl_Color) = %d, want -1 (a built-in)", color_loc);

   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   attrib0_rects(quad, sizeof quad);
   glColor4f(0.5f, 1.0f, 0.25f, 1.0f);
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

/* compat_arb_shader_objects: GLSL through the GL_ARB_shader_objects / GL_ARB_vertex_shader /
 * GL_ARB_fragment_shader names a compatibility context lists (what programs from before GL 2.0
 * call): handles made, compiled, linked and queried with the ARB commands, the handle
 * commands' errors, and a GLSL 1.10 program drawing two immediate-mode rectangles with a tint
 * uniform set through glUniform4fARB. */
void
sc_compat_arb_shader_objects(void)
{
   static const char *const exts[] = {"GL_ARB_shader_objects", "GL_ARB_vertex_shader",
                                      "GL_ARB_fragment_shader"};
   for (unsigned i = 0; i < 3; i++)
      if (!has_ext(exts[i]))
         fail("%s is not listed", exts[i]);
   const char *all = (const char *)glGetString(GL_EXTENSIONS);
   if (!all || !strstr(all, "GL_ARB_shader_objects"))
      fail("glGetString(GL_EXTENSIONS) lacks GL_ARB_shader_objects");
#define P(type, name) type name = (type)eglGetProcAddress("gl" #name "ARB")
   P(PFNGLCREATESHADEROBJECTARBPROC, CreateShaderObject);
   P(PFNGLSHADERSOURCEARBPROC, ShaderSource);
   P(PFNGLCOMPILESHADERARBPROC, CompileShader);
   P(PFNGLCREATEPROGRAMOBJECTARBPROC, CreateProgramObject);
   P(PFNGLATTACHOBJECTARBPROC, AttachObject);
   P(PFNGLLINKPROGRAMARBPROC, LinkProgram);
   P(PFNGLUSEPROGRAMOBJECTARBPROC, UseProgramObject);
   P(PFNGLGETOBJECTPARAMETERIVARBPROC, GetObjectParameteriv);
   P(PFNGLGETOBJECTPARAMETERFVARBPROC, GetObjectParameterfv);
   P(PFNGLGETINFOLOGARBPROC, GetInfoLog);
   P(PFNGLGETATTACHEDOBJECTSARBPROC, GetAttachedObjects);
   P(PFNGLGETHANDLEARBPROC, GetHandle);
   P(PFNGLDELETEOBJECTARBPROC, DeleteObject);
   P(PFNGLGETUNIFORMLOCATIONARBPROC, GetUniformLocation);
   P(PFNGLUNIFORM4FARBPROC, Uniform4f);
#undef P
   if (!CreateShaderObject || !ShaderSource || !CompileShader || !CreateProgramObject ||
       !AttachObject || !LinkProgram || !UseProgramObject || !GetObjectParameteriv ||
       !GetObjectParameterfv || !GetInfoLog || !GetAttachedObjects || !GetHandle || !DeleteObject ||
       !GetUniformLocation || !Uniform4f)
      die_setup("an ARB_shader_objects command is missing");

   const GLcharARB *vs_src = "uniform vec4 tint;\n"
                             "void main() {\n"
                             "  gl_Position = ftransform();\n"
                             "  gl_FrontColor = gl_Color * tint;\n"
                             "}\n";
   const GLcharARB *fs_src = "void main() { gl_FragColor = gl_Color; }\n";
   const GLenum stages[2] = {GL_VERTEX_SHADER_ARB, GL_FRAGMENT_SHADER_ARB};
   const GLcharARB *srcs[2] = {vs_src, fs_src};
   GLhandleARB sh[2];
   for (int i = 0; i < 2; i++) {
      sh[i] = CreateShaderObject(stages[i]);
      ShaderSource(sh[i], 1, &srcs[i], NULL);
      CompileShader(sh[i]);
      GLint status = 0, type = 0, subtype = 0;
      GetObjectParameteriv(sh[i], GL_OBJECT_COMPILE_STATUS_ARB, &status);
      GetObjectParameteriv(sh[i], GL_OBJECT_TYPE_ARB, &type);
      GetObjectParameteriv(sh[i], GL_OBJECT_SUBTYPE_ARB, &subtype);
      if (!status || type != GL_SHADER_OBJECT_ARB || subtype != (GLint)stages[i])
         fail("shader %d: compile status %d, type 0x%x, subtype 0x%x", i, status, type, subtype);
   }
   GLhandleARB prog = CreateProgramObject();
   AttachObject(prog, sh[0]);
   AttachObject(prog, sh[1]);
   LinkProgram(prog);
   GLint linked = 0, type = 0;
   GetObjectParameteriv(prog, GL_OBJECT_LINK_STATUS_ARB, &linked);
   GetObjectParameteriv(prog, GL_OBJECT_TYPE_ARB, &type);
   GLfloat attached = 0.0f;
   GetObjectParameterfv(prog, GL_OBJECT_ATTACHED_OBJECTS_ARB, &attached);
   if (!linked || type != GL_PROGRAM_OBJECT_ARB || attached != 2.0f) {
      GLcharARB log[512] = "";
      GetInfoLog(prog, sizeof log, NULL, log);
      fail("program: link status %d, type 0x%x, %g attached: %s", linked, type, attached, log);
   }
   GLhandleARB objs[4] = {0};
   GLsizei n = 0;
   GetAttachedObjects(prog, 4, &n, objs);
   if (n != 2 ||
       !((objs[0] == sh[0] && objs[1] == sh[1]) || (objs[0] == sh[1] && objs[1] == sh[0])))
      fail("glGetAttachedObjectsARB: %d objects %u %u", n, objs[0], objs[1]);
   check_gl_error("compile and link through the ARB names");

   /* the handle commands' errors, as Mesa raises them; a failed query writes nothing */
   const GLhandleARB none = prog + sh[0] + sh[1] + 100;
   GLint iv = -7;
   GetObjectParameteriv(none, GL_OBJECT_TYPE_ARB, &iv);
   expect_gl_error(GL_INVALID_VALUE, "glGetObjectParameterivARB of no object");
   GetObjectParameteriv(sh[0], GL_OBJECT_LINK_STATUS_ARB, &iv);
   expect_gl_error(GL_INVALID_ENUM, "glGetObjectParameterivARB(shader, LINK_STATUS)");
   GLfloat fv = -7.0f;
   GetObjectParameterfv(none, GL_OBJECT_TYPE_ARB, &fv);
   expect_gl_error(GL_INVALID_VALUE, "glGetObjectParameterfvARB of no object");
   if (iv != -7 || fv != -7.0f)
      fail("a failed glGetObjectParameter*vARB wrote %d / %g", iv, fv);
   GLcharARB log[8];
   GetInfoLog(none, sizeof log, NULL, log);
   expect_gl_error(GL_INVALID_OPERATION, "glGetInfoLogARB of no object");
   if (GetHandle(GL_VERTEX_SHADER_ARB) != 0)
      fail("glGetHandleARB(GL_VERTEX_SHADER_ARB) is not 0");
   expect_gl_error(GL_INVALID_ENUM, "glGetHandleARB(GL_VERTEX_SHADER_ARB)");

   UseProgramObject(prog);
   if (GetHandle(GL_PROGRAM_OBJECT_ARB) != prog)
      fail("glGetHandleARB(GL_PROGRAM_OBJECT_ARB) is not the program in use");
   /* shaders flagged for deletion live on while attached */
   DeleteObject(sh[0]);
   DeleteObject(sh[1]);
   GLint deleted = 0;
   GetObjectParameteriv(sh[0], GL_OBJECT_DELETE_STATUS_ARB, &deleted);
   if (deleted != GL_TRUE)
      fail("glDeleteObjectARB(shader): delete status %d", deleted);
   check_gl_error("use, handle, delete");

   compat_pixel_ortho(-1.0f, 1.0f);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   Uniform4f(GetUniformLocation(prog, "tint"), 1.0f, 0.5f, 0.25f, 1.0f);
   glColor4f(0.2f, 0.8f, 1.0f, 1.0f);
   compat_rect(0, 0, 32, 64);
   /* 0.6, not 0.5: 127.5 is a tie a GPU may round down (NVIDIA does) */
   Uniform4f(GetUniformLocation(prog, "tint"), 0.6f, 1.0f, 1.0f, 1.0f);
   glColor4f(1.0f, 0.4f, 0.2f, 1.0f);
   compat_rect(32, 0, 64, 64);
   check_gl_error("draw");
   model m;
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   model_rect(&m, 0, 0, 32, 64, to8(V4(0.2f, 0.4f, 0.25f, 1.0f)));
   model_rect(&m, 32, 0, 64, 64, to8(V4(0.6f, 0.4f, 0.2f, 1.0f)));
   check_frame("ARB_shader_objects program", &m);

   UseProgramObject(0);
   DeleteObject(prog);
   check_gl_error("delete the program");
   /* gone, and its shaders with it (flagged, then detached) */
   GetObjectParameteriv(prog, GL_OBJECT_TYPE_ARB, &iv);
   expect_gl_error(GL_INVALID_VALUE, "the deleted program");
   GetObjectParameteriv(sh[0], GL_OBJECT_TYPE_ARB, &iv);
   expect_gl_error(GL_INVALID_VALUE, "the deleted program's vertex shader");
}

/* compat_glsl_state_between_draws: a GLSL program that reads the built-in uniform state, drawn
 * twice with only fixed-function state changed between the draws (glTranslatef, glLightfv):
 * the second draw must see the new matrix and light, though no binding, program, render or
 * dynamic state moved (a draw that compared only those would skip its uniforms and draw the
 * second rectangle where the first was, in the first one's colour). */
void
sc_compat_glsl_state_between_draws(void)
{
   const char *vs = "#version 120\n"
                    "void main() {\n"
                    "  vec4 v = gl_ModelViewMatrix * gl_Vertex;\n"
                    "  gl_Position = vec4(v.xy / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "#version 120\n"
                    "void main() { gl_FragColor = gl_LightSource[2].diffuse; }\n";
   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   float quad[12];
   rect_vertices(quad, 0, 0, 32, 32);
   attrib0_rects(quad, sizeof quad);
   const float red[4] = {1.0f, 0.0f, 0.0f, 1.0f}, green[4] = {0.0f, 1.0f, 0.0f, 1.0f};
   glLightfv(GL_LIGHT2, GL_DIFFUSE, red);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6); /* bottom left, red */
   glTranslatef(32.0f, 32.0f, 0.0f);
   glLightfv(GL_LIGHT2, GL_DIFFUSE, green);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* top right, green */
   check_gl_error("draws");

   model m;
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   model_rect(&m, 0, 0, 32, 32, to8(V4(1.0f, 0.0f, 0.0f, 1.0f)));
   model_rect(&m, 32, 32, 64, 64, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("built-in state changed between draws", &m);
}

/* compat_glsl_clip_vertex: user clip planes under a GLSL vertex shader (GL 3.3 compatibility
 * §2.20, GLSL 1.30 §7.1): the eye-space plane is compared with gl_ClipVertex when the shader
 * writes it, else with gl_Position; only enabled planes clip; a shader writing both
 * gl_ClipVertex and gl_ClipDistance does not link. */
void
sc_compat_glsl_clip_vertex(void)
{
   /* gl_Vertex in pixels of the 64 x 64 frame; the clip vertex carries the pixel x */
   const char *vs_cv = "#version 120\n"
                       "void main() {\n"
                       "  gl_Position = vec4(gl_Vertex.xy / 32.0 - 1.0, 0.0, 1.0);\n"
                       "  gl_ClipVertex = vec4(gl_Vertex.x, 0.0, 0.0, 1.0);\n"
                       "}\n";
   const char *vs_pos =
      "#version 120\n"
      "void main() { gl_Position = vec4(gl_Vertex.xy / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 120\n"
                    "uniform vec4 colour;\n"
                    "void main() { gl_FragColor = colour; }\n";
   GLuint p_cv = link_program(vs_cv, fs), p_pos = link_program(vs_pos, fs);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   attrib0_rects(quad, sizeof quad);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   /* plane 0 keeps clip-vertex x >= 40 (the modelview is the identity: eye = object) */
   const GLdouble keep_right[4] = {1.0, 0.0, 0.0, -40.0};
   glClipPlane(GL_CLIP_PLANE0, keep_right);
   glEnable(GL_CLIP_PLANE0);
   gl.UseProgram(p_cv);
   {
      const GLfloat c[4] = {1.0f, 0.0f, 0.0f, 1.0f};
      gl.Uniform4fv(gl.GetUniformLocation(p_cv, "colour"), 1, c);
   }
   glDrawArrays(GL_TRIANGLES, 0, 6); /* red where x >= 40 */
   /* plane 1 alone, against gl_Position: keeps clip-space y >= 0.5 (pixel rows 48 and up) */
   const GLdouble keep_top[4] = {0.0, 1.0, 0.0, -0.5};
   glClipPlane(GL_CLIP_PLANE1, keep_top);
   glDisable(GL_CLIP_PLANE0);
   glEnable(GL_CLIP_PLANE1);
   gl.UseProgram(p_pos);
   {
      const GLfloat c[4] = {0.0f, 1.0f, 0.0f, 1.0f};
      gl.Uniform4fv(gl.GetUniformLocation(p_pos, "colour"), 1, c);
   }
   glDrawArrays(GL_TRIANGLES, 0, 6); /* green where y >= 48 */
   /* no plane enabled: the clip vertex clips nothing */
   glDisable(GL_CLIP_PLANE1);
   gl.UseProgram(p_cv);
   {
      const GLfloat c[4] = {0.0f, 0.0f, 1.0f, 1.0f};
      gl.Uniform4fv(gl.GetUniformLocation(p_cv, "colour"), 1, c);
   }
   gl.VertexAttrib4f(0, 0.0f, 0.0f, 0.0f, 1.0f);
   float strip[12];
   rect_vertices(strip, 0, 0, 8, 8);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof strip, strip, GL_STATIC_DRAW);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* blue 8 x 8 at the origin */
   check_gl_error("draws");

   model m;
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   model_rect(&m, 40, 0, 64, 64, to8(V4(1.0f, 0.0f, 0.0f, 1.0f)));
   model_rect(&m, 0, 48, 64, 64, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   model_rect(&m, 0, 0, 8, 8, to8(V4(0.0f, 0.0f, 1.0f, 1.0f)));
   check_frame("user clip planes by gl_ClipVertex and gl_Position", &m);

   /* both written: no link (GLSL 1.30 §7.1) */
   const char *vs_both = "#version 130\n"
                         "void main() {\n"
                         "  gl_Position = gl_Vertex;\n"
                         "  gl_ClipVertex = gl_Vertex;\n"
                         "  gl_ClipDistance[0] = 1.0;\n"
                         "}\n";
   GLuint vs = gl.CreateShader(GL_VERTEX_SHADER), f = gl.CreateShader(GL_FRAGMENT_SHADER);
   gl.ShaderSource(vs, 1, &vs_both, NULL);
   gl.CompileShader(vs);
   gl.ShaderSource(f, 1, &fs, NULL);
   gl.CompileShader(f);
   GLint ok = 0;
   gl.GetShaderiv(vs, GL_COMPILE_STATUS, &ok);
   if (!ok)
      fail("a vertex shader writing gl_ClipVertex and gl_ClipDistance did not compile");
   GLuint both = gl.CreateProgram();
   gl.AttachShader(both, vs);
   gl.AttachShader(both, f);
   gl.LinkProgram(both);
   gl.GetProgramiv(both, GL_LINK_STATUS, &ok);
   if (ok)
      fail("a program writing both gl_ClipVertex and gl_ClipDistance linked");
   check_gl_error("link of gl_ClipVertex and gl_ClipDistance");
}

/* compat_glsl_gs_builtins: a `#version 150 compatibility` geometry shader reads the vertex
 * stage's built-in varyings through gl_in[] (gl_in[i].gl_FrontColor, .gl_FrontSecondaryColor)
 * and writes its own, which the fragment shader's gl_Color and gl_SecondaryColor read; as the
 * last vertex stage it clips each vertex it emits by the user clip planes against its
 * gl_ClipVertex, or gl_Position when it writes none (GL 3.3 compatibility §2.20, GLSL 1.50
 * compatibility §7.1). The first program's gl_PerVertex redeclarations list gl_ClipVertex and
 * the colours the shaders use (a member a redeclaration leaves out is no longer declared:
 * GLSL 4.10 §7.1, which Mesa applies to 1.50 compatibility too). */
void
sc_compat_glsl_gs_builtins(void)
{
   /* gl_Vertex in pixels of the 64 x 64 frame */
   const char *vs = "#version 150 compatibility\n"
                    "out gl_PerVertex { vec4 gl_Position; vec4 gl_ClipVertex;\n"
                    "  vec4 gl_FrontColor; vec4 gl_FrontSecondaryColor; };\n"
                    "void main() {\n"
                    "  gl_Position = vec4(gl_Vertex.xy / 32.0 - 1.0, 0.0, 1.0);\n"
                    "  gl_FrontColor = gl_Color;\n"
                    "  gl_FrontSecondaryColor = vec4(0.0, 0.0, 1.0, 0.0);\n"
                    "}\n";
   /* the clip vertex carries the pixel x */
   const char *gs_cv = "#version 150 compatibility\n"
                       "layout(triangles) in;\n"
                       "layout(triangle_strip, max_vertices = 3) out;\n"
                       "in gl_PerVertex { vec4 gl_Position; vec4 gl_ClipVertex;\n"
                       "  vec4 gl_FrontColor; vec4 gl_FrontSecondaryColor; } gl_in[];\n"
                       "void main() {\n"
                       "  for (int i = 0; i < 3; i++) {\n"
                       "    gl_Position = gl_in[i].gl_Position;\n"
                       "    gl_ClipVertex = vec4((gl_in[i].gl_Position.x + 1.0) * 32.0, 0.0, "
                       "0.0, 1.0);\n"
                       "    gl_FrontColor = gl_in[i].gl_FrontColor;\n"
                       "    gl_FrontSecondaryColor = gl_in[i].gl_FrontSecondaryColor;\n"
                       "    EmitVertex();\n"
                       "  }\n"
                       "}\n";
   const char *gs_pos = "#version 150 compatibility\n"
                        "layout(triangles) in;\n"
                        "layout(triangle_strip, max_vertices = 3) out;\n"
                        "void main() {\n"
                        "  for (int i = 0; i < 3; i++) {\n"
                        "    gl_Position = gl_in[i].gl_Position;\n"
                        "    gl_FrontColor = gl_in[i].gl_FrontColor;\n"
                        "    gl_FrontSecondaryColor = vec4(0.0);\n"
                        "    EmitVertex();\n"
                        "  }\n"
                        "}\n";
   /* gl_PerVertex redeclared in one stage only would not match the other's (glslang) */
   const char *vs_plain = "#version 150 compatibility\n"
                          "void main() {\n"
                          "  gl_Position = vec4(gl_Vertex.xy / 32.0 - 1.0, 0.0, 1.0);\n"
                          "  gl_FrontColor = gl_Color;\n"
                          "}\n";
   const char *fs = "#version 120\n"
                    "void main() { gl_FragColor = gl_Color + gl_SecondaryColor; }\n";
   GLuint p_cv = link_program_gs(vs, gs_cv, fs), p_pos = link_program_gs(vs_plain, gs_pos, fs);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   attrib0_rects(quad, sizeof quad);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   /* plane 0 keeps clip-vertex x >= 40 (the modelview is the identity: eye = object) */
   const GLdouble keep_right[4] = {1.0, 0.0, 0.0, -40.0};
   glClipPlane(GL_CLIP_PLANE0, keep_right);
   glEnable(GL_CLIP_PLANE0);
   gl.UseProgram(p_cv);
   glColor4f(1.0f, 0.0f, 0.0f, 1.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* red + blue where x >= 40 */
   /* plane 1 alone, against the geometry shader's gl_Position: keeps y >= 0.5 (rows 48 up) */
   const GLdouble keep_top[4] = {0.0, 1.0, 0.0, -0.5};
   glClipPlane(GL_CLIP_PLANE1, keep_top);
   glDisable(GL_CLIP_PLANE0);
   glEnable(GL_CLIP_PLANE1);
   gl.UseProgram(p_pos);
   glColor4f(0.0f, 1.0f, 0.0f, 1.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* green where y >= 48 */
   check_gl_error("draws through compatibility geometry shaders");

   model m;
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   model_rect(&m, 40, 0, 64, 64, to8(V4(1.0f, 0.0f, 1.0f, 1.0f)));
   model_rect(&m, 0, 48, 64, 64, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("geometry shader built-in varyings and user clip planes", &m);
}

/* compat_glsl_gs_per_vertex: a vertex shader that redeclares gl_PerVertex with compatibility
 * members (gl_TexCoord[], gl_ClipVertex: GLSL 1.50 compatibility §7.1) feeds a geometry shader
 * that reads them per vertex, gl_in[i].gl_TexCoord[k] and gl_in[i].gl_ClipVertex; the geometry
 * shader, the last vertex stage, clips by the clip vertex it passes on. Its own varying is an
 * `out` (GLSL 1.50 §4.3.6): GLSL 1.50 §4.3 gives the deprecated `varying` as the linkage
 * between a vertex and a fragment shader, and Mesa does not take it as a geometry shader's
 * output. */
void
sc_compat_glsl_gs_per_vertex(void)
{
   /* gl_Vertex in pixels of the 64 x 64 frame; the clip vertex carries the pixel x */
   const char *vs = "#version 150 compatibility\n"
                    "out gl_PerVertex { vec4 gl_Position; vec4 gl_ClipVertex; "
                    "vec4 gl_TexCoord[3]; };\n"
                    "void main() {\n"
                    "  gl_Position = vec4(gl_Vertex.xy / 32.0 - 1.0, 0.0, 1.0);\n"
                    "  gl_ClipVertex = vec4(gl_Vertex.x, 0.0, 0.0, 1.0);\n"
                    "  gl_TexCoord[0] = vec4(0.0);\n"
                    "  gl_TexCoord[2] = vec4(0.0, 1.0, 1.0, 1.0);\n"
                    "}\n";
   const char *gs = "#version 150 compatibility\n"
                    "layout(triangles) in;\n"
                    "layout(triangle_strip, max_vertices = 3) out;\n"
                    "in gl_PerVertex { vec4 gl_Position; vec4 gl_ClipVertex; "
                    "vec4 gl_TexCoord[3]; } gl_in[];\n"
                    "out vec4 tint;\n"
                    "void main() {\n"
                    "  for (int i = 0; i < 3; i++) {\n"
                    "    gl_Position = gl_in[i].gl_Position;\n"
                    "    gl_ClipVertex = gl_in[i].gl_ClipVertex;\n"
                    "    tint = gl_in[i].gl_TexCoord[2] * vec4(1.0, 1.0, 0.0, 1.0);\n"
                    "    EmitVertex();\n"
                    "  }\n"
                    "}\n";
   const char *fs = "#version 150 compatibility\n"
                    "in vec4 tint;\n"
                    "void main() { gl_FragColor = tint; }\n";
   GLuint p = link_program_gs(vs, gs, fs);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   attrib0_rects(quad, sizeof quad);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   /* plane 0 keeps clip-vertex x < 24 (the modelview is the identity: eye = object) */
   const GLdouble keep_left[4] = {-1.0, 0.0, 0.0, 24.0};
   glClipPlane(GL_CLIP_PLANE0, keep_left);
   glEnable(GL_CLIP_PLANE0);
   gl.UseProgram(p);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* green where x < 24 */
   check_gl_error("draw through a gl_PerVertex with compatibility members");

   model m;
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   model_rect(&m, 0, 0, 24, 64, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("gl_in[].gl_TexCoord[] and gl_in[].gl_ClipVertex", &m);
}

/* The colour of a stippled region: c where the pattern (columns and rows 0, 2, 4, ..) keeps
 * the pixel, the clear colour elsewhere. */
static rgba8
checker_px(const void *ctx, int x, int y)
{
   const rgba8 *c = ctx;
   return x % 2 == 0 && y % 2 == 0 ? c[0] : c[1];
}

/* compat_glsl_stipple: polygon stipple (GL 2.1 §3.5.2) discards under a GLSL fragment shader
 * too, for filled polygons only; a program of a fragment shader alone gets fixed-function
 * vertex processing (GL 2.1 §2.15: the transform, the colour, the texture matrix). */
void
sc_compat_glsl_stipple(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   GLubyte pat[128];
   for (int r = 0; r < 32; r++)
      for (int b = 0; b < 4; b++)
         pat[r * 4 + b] = r % 2 ? 0x00 : 0xaa; /* MSB first: columns 0, 2, ..; rows 0, 2, .. */
   glPolygonStipple(pat);
   glEnable(GL_POLYGON_STIPPLE);
   /* a fragment shader alone: texture coordinate 0 through the texture matrix, the colour */
   const char *fs_only =
      "#version 110\n"
      "void main() { gl_FragColor = vec4(gl_TexCoord[0].xy, gl_Color.b, 1.0); }\n";
   GLuint fs = gl.CreateShader(GL_FRAGMENT_SHADER);
   gl.ShaderSource(fs, 1, &fs_only, NULL);
   gl.CompileShader(fs);
   GLuint p1 = gl.CreateProgram();
   gl.AttachShader(p1, fs);
   gl.LinkProgram(p1);
   GLint ok = 0;
   gl.GetProgramiv(p1, GL_LINK_STATUS, &ok);
   if (!ok)
      die_setup("a program of a fragment shader alone did not link");
   glMatrixMode(GL_TEXTURE);
   glScalef(0.5f, 0.5f, 1.0f);
   glMatrixMode(GL_MODELVIEW);
   gl.UseProgram(p1);
   glColor4f(0.0f, 0.0f, 1.0f, 1.0f);
   glTexCoord2f(0.4f, 1.6f); /* (0.2, 0.8) after the matrix */
   compat_rect(0, 0, 32, 32);
   /* a vertex and a fragment shader: the stipple applies to its polygons, not to its points */
   const char *vs = "#version 120\nvoid main() { gl_Position = ftransform(); }\n";
   const char *fs_green = "#version 120\nvoid main() { gl_FragColor = vec4(0, 1, 0, 1); }\n";
   GLuint p2 = link_program(vs, fs_green);
   gl.UseProgram(p2);
   compat_rect(0, 32, 64, 64);
   glBegin(GL_POINTS);
   for (int x = 1; x < 6; x += 2)
      glVertex2f((float)x + 0.5f, 40.5f);
   glEnd();
   /* stipple off: the whole rectangle */
   glDisable(GL_POLYGON_STIPPLE);
   compat_rect(48, 0, 64, 16);
   gl.UseProgram(0);
   check_gl_error("draws");

   const rgba8 black = to8(bg), green = to8(V4(0.0f, 1.0f, 0.0f, 1.0f));
   const rgba8 a[2] = {to8(V4(0.2f, 0.8f, 1.0f, 1.0f)), black}, b[2] = {green, black};
   model m;
   model_init(&m, bg);
   model_rect_fn(&m, 0, 0, 32, 32, checker_px, a);
   model_rect_fn(&m, 0, 32, 64, 64, checker_px, b);
   for (int x = 1; x < 6; x += 2)
      model_rect(&m, x, 40, x + 1, 41, green);
   model_rect(&m, 48, 0, 64, 16, green);
   check_frame("polygon stipple under GLSL programs", &m);
}

/* compat_glsl_vertex_only: a program with a vertex shader and no fragment shader takes
 * fixed-function fragment processing (GL 2.1 §3.11): what the vertex shader writes to
 * gl_FrontColor reaches the framebuffer, interpolated. The left rectangle's colour is the
 * current colour (glColor4f, no colour array) through gl_Color; the right one's a constant the
 * shader writes. Before the fixed-function fragment stage was linked in, such a draw left
 * whatever the device had in the attachments (piglit's attribs, mixed-immediate-and-vbo). */
typedef void(APIENTRYP pfn_color4f)(GLfloat, GLfloat, GLfloat, GLfloat);

void
sc_compat_glsl_vertex_only(void)
{
   const char *vs =
      "#version 120\n"
      "void main() {\n"
      "  gl_Position = vec4(gl_Vertex.xy / 32.0 - 1.0, 0.0, 1.0);\n"
      "  gl_FrontColor = gl_Vertex.x < 32.0 ? gl_Color : vec4(1.0, 0.625, 0.0, 1.0);\n"
      "}\n";
   GLuint sh = compile(GL_VERTEX_SHADER, vs);
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, sh);
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok)
      die_setup("a program of one vertex shader did not link");
   gl.UseProgram(p);
   float quad[24];
   rect_vertices(quad, 0, 0, 31, 64);
   rect_vertices(quad + 12, 33, 0, 64, 64);
   attrib0_rects(quad, sizeof quad);
   pfn_color4f color4f = (pfn_color4f)eglGetProcAddress("glColor4f");
   if (!color4f)
      die_setup("glColor4f not found");
   color4f(0.0f, 1.0f, 0.25f, 1.0f);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 12);
   check_gl_error("draw");
   model m;
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   model_rect(&m, 0, 0, 31, 64, to8(V4(0.0f, 1.0f, 0.25f, 1.0f)));
   model_rect(&m, 33, 0, 64, 64, to8(V4(1.0f, 0.625f, 0.0f, 1.0f)));
   check_frame("a vertex shader with fixed-function fragment processing", &m);
}

/* compat_glsl_alpha_test: GL_ALPHA_TEST applies after a fragment shader too (GL 3.3
 * compatibility §4.1.4), on colour 0 whether the shader writes gl_FragColor or gl_FragData[0]:
 * each rectangle's left half has alpha 0.25 and its right half 0.75. The bottom one, through
 * gl_FragColor with GL_GEQUAL 0.5, keeps its right half; the top one, through gl_FragData
 * with GL_LESS 0.5, its left half. Before, the test was applied to generated programs only
 * (piglit's fbo-mrt-alphatest). */
typedef void(APIENTRYP pfn_alpha_func)(GLenum, GLfloat);

void
sc_compat_glsl_alpha_test(void)
{
   const char *vs = "#version 120\n"
                    "void main() { gl_Position = vec4(gl_Vertex.xy / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs_color =
      "#version 120\n"
      "void main() {\n"
      "  gl_FragColor = vec4(1.0, 0.0, 0.0, gl_FragCoord.x < 32.0 ? 0.25 : 0.75);\n"
      "}\n";
   const char *fs_data =
      "#version 130\n"
      "void main() {\n"
      "  gl_FragData[0] = vec4(0.0, 0.0, 1.0, gl_FragCoord.x < 32.0 ? 0.25 : 0.75);\n"
      "}\n";
   GLuint p_color = link_program(vs, fs_color), p_data = link_program(vs, fs_data);
   float quad[24];
   rect_vertices(quad, 0, 0, 64, 32);
   rect_vertices(quad + 12, 0, 32, 64, 64);
   attrib0_rects(quad, sizeof quad);
   pfn_alpha_func alpha_func = (pfn_alpha_func)eglGetProcAddress("glAlphaFunc");
   if (!alpha_func)
      die_setup("glAlphaFunc not found");
   clear_to(V4(0.0f, 1.0f, 0.0f, 1.0f));
   glEnable(0x0BC0 /* GL_ALPHA_TEST */);
   alpha_func(GL_GEQUAL, 0.5f);
   gl.UseProgram(p_color);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   alpha_func(GL_LESS, 0.5f);
   gl.UseProgram(p_data);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   glDisable(0x0BC0 /* GL_ALPHA_TEST */);
   check_gl_error("draws");
   model m;
   model_init(&m, V4(0.0f, 1.0f, 0.0f, 1.0f));
   model_rect(&m, 32, 0, 64, 32, to8(V4(1.0f, 0.0f, 0.0f, 0.75f)));
   model_rect(&m, 0, 32, 32, 64, to8(V4(0.0f, 0.0f, 1.0f, 0.25f)));
   check_frame("the alpha test after a fragment shader", &m);
}

/* compat_glsl_primitive_id: without a geometry shader, a fragment shader's gl_PrimitiveID
 * counts the primitives the draw's mode makes (GLSL 1.50 §7.1): one per quad of GL_QUADS and
 * GL_QUAD_STRIP, one for a GL_POLYGON, although mgl draws them as triangles (two a quad, three
 * the pentagon here). A GL_TRIANGLES draw after them counts its triangles again. Each vertex
 * carries the id GL gives its primitive (the same on every vertex of it, so the flat value does
 * not depend on which vertex provokes); green where the two agree. Before, the quads' ids were
 * 0, 2, 4, 6 (piglit's primitive-id-no-gs-quads). */
void
sc_compat_glsl_primitive_id(void)
{
   const char *vs = "#version 150\n"
                    "in vec3 pos;\n"
                    "flat out int expected;\n"
                    "void main() {\n"
                    "  gl_Position = vec4(pos.xy / 32.0 - 1.0, 0.0, 1.0);\n"
                    "  expected = int(pos.z);\n"
                    "}\n";
   const char *fs = "#version 150\n"
                    "flat in int expected;\n"
                    "out vec4 color;\n"
                    "void main() {\n"
                    "  color = expected == gl_PrimitiveID ? vec4(0.0, 1.0, 0.0, 1.0)\n"
                    "        : vec4(1.0, 0.0, float(gl_PrimitiveID) / 8.0, 1.0);\n"
                    "}\n";
   GLuint p = link_program_b(vs, fs, (const binding[]){{"pos", 0}, {NULL, 0}}, NULL);
   /* bottom half: 4 quads 16 pixels wide, ids 0..3 */
   float v[(16 + 6 + 5 + 6) * 3];
   unsigned n = 0;
#define VTX(x, y, id) (v[n++] = (float)(x), v[n++] = (float)(y), v[n++] = (float)(id))
   for (int q = 0; q < 4; q++) {
      VTX(16 * q, 0, q);
      VTX(16 * q + 16, 0, q);
      VTX(16 * q + 16, 32, q);
      VTX(16 * q, 32, q);
   }
   /* top left: a strip of 2 quads over x 0..32; quad k is made of pairs k and k + 1, so its
    * vertices' ids are k (pair 0 belongs to quad 0 alone, pair 2 to quad 1 alone, pair 1 to
    * both: its id is the provoking quad's, GL's flat vertex of a strip's quad k being the last,
    * 2k + 3, which is in pair k + 1) */
   for (int j = 0; j < 3; j++) {
      VTX(16 * j, 32, j ? j - 1 : 0);
      VTX(16 * j, 64, j ? j - 1 : 0);
   }
   /* x 32..48: one pentagon (a rectangle with a vertex on its right edge), id 0 */
   VTX(32, 32, 0);
   VTX(48, 32, 0);
   VTX(48, 48, 0);
   VTX(48, 64, 0);
   VTX(32, 64, 0);
   /* x 48..64: two triangles, ids 0 and 1 */
   VTX(48, 32, 0);
   VTX(64, 32, 0);
   VTX(64, 64, 0);
   VTX(48, 32, 1);
   VTX(64, 64, 1);
   VTX(48, 64, 1);
#undef VTX
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)sizeof v, v, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.EnableVertexAttribArray(0);
   gl.UseProgram(p);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   glDrawArrays(0x0007 /* GL_QUADS */, 0, 16);
   glDrawArrays(0x0008 /* GL_QUAD_STRIP */, 16, 6);
   glDrawArrays(0x0009 /* GL_POLYGON */, 22, 5);
   glDrawArrays(GL_TRIANGLES, 27, 6);
   check_gl_error("draws");
   model m;
   model_init(&m, V4(0.0f, 1.0f, 0.0f, 1.0f));
   check_frame("gl_PrimitiveID of quads, a quad strip, a polygon and triangles", &m);
}

/* compat_glsl_gs_quads: a geometry shader takes the primitives of its input type only (GL 3.2
 * compatibility §2.12.1: triangles from GL_TRIANGLES, GL_TRIANGLE_STRIP and GL_TRIANGLE_FAN),
 * so GL_QUADS, GL_QUAD_STRIP and GL_POLYGON with one are GL_INVALID_OPERATION and draw
 * nothing, by glDrawArrays, glDrawElements and glBegin/glEnd alike (llvmpipe and Zink agree);
 * a geometry shader's gl_PrimitiveIDIn thus never counts the triangles mgl makes of them.
 * Then GL_TRIANGLES through the same shader: green where gl_PrimitiveIDIn is each triangle's
 * id. Before, glDrawArrays and glBegin drew the quads as triangles with no error. */
void
sc_compat_glsl_gs_quads(void)
{
   const char *vs = "#version 150\n"
                    "in vec3 pos;\n"
                    "flat out int v_expected;\n"
                    "void main() {\n"
                    "  gl_Position = vec4(pos.xy / 32.0 - 1.0, 0.0, 1.0);\n"
                    "  v_expected = int(pos.z);\n"
                    "}\n";
   const char *gs = "#version 150\n"
                    "layout(triangles) in;\n"
                    "layout(triangle_strip, max_vertices = 3) out;\n"
                    "flat in int v_expected[];\n"
                    "flat out int expected;\n"
                    "flat out int got;\n"
                    "void main() {\n"
                    "  for (int i = 0; i < 3; i++) {\n"
                    "    gl_Position = gl_in[i].gl_Position;\n"
                    "    expected = v_expected[0];\n"
                    "    got = gl_PrimitiveIDIn;\n"
                    "    EmitVertex();\n"
                    "  }\n"
                    "}\n";
   const char *fs = "#version 150\n"
                    "flat in int expected;\n"
                    "flat in int got;\n"
                    "out vec4 color;\n"
                    "void main() {\n"
                    "  color = expected == got ? vec4(0.0, 1.0, 0.0, 1.0)\n"
                    "        : vec4(1.0, 0.0, float(got) / 8.0, 1.0);\n"
                    "}\n";
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, compile(GL_VERTEX_SHADER, vs));
   gl.AttachShader(p, compile(GL_GEOMETRY_SHADER, gs));
   gl.AttachShader(p, compile(GL_FRAGMENT_SHADER, fs));
   gl.BindAttribLocation(p, 0, "pos");
   gl.LinkProgram(p);
   GLint linked = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &linked);
   if (!linked) {
      fail("the geometry shader program did not link");
      return;
   }
   /* the whole surface: a quad (as a quad, a strip and a polygon) and two triangles */
   static const float v[] = {0,  0, 0, 64, 0,  0, 64, 64, 0, 0,  64, 0, 0, 0,  0,
                             64, 0, 0, 64, 64, 0, 0,  0,  1, 64, 64, 1, 0, 64, 1};
   static const GLushort quad_strip[4] = {0, 1, 3, 2};
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)sizeof v, v, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.EnableVertexAttribArray(0);
   gl.UseProgram(p);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   static const struct {
      GLenum mode;
      const char *what;
   } draws[3] = {{0x0007, "glDrawArrays(GL_QUADS) with a geometry shader"},
                 {0x0008, "glDrawArrays(GL_QUAD_STRIP) with a geometry shader"},
                 {0x0009, "glDrawArrays(GL_POLYGON) with a geometry shader"}};
   for (int k = 0; k < 3; k++) {
      glDrawArrays(draws[k].mode, 0, 4);
      expect_gl_error(GL_INVALID_OPERATION, draws[k].what);
   }
   GLuint ebo;
   gl.GenBuffers(1, &ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)sizeof quad_strip, quad_strip,
                 GL_STATIC_DRAW);
   glDrawElements(0x0008 /* GL_QUAD_STRIP */, 4, GL_UNSIGNED_SHORT, (void *)0);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawElements(GL_QUAD_STRIP) with a geometry shader");
   glBegin(0x0007 /* GL_QUADS */);
   for (int i = 0; i < 4; i++)
      glVertex3f(v[i * 3], v[i * 3 + 1], v[i * 3 + 2]);
   glEnd();
   expect_gl_error(GL_INVALID_OPERATION, "glBegin(GL_QUADS)/glEnd with a geometry shader");
   model m;
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   check_frame("quads, a quad strip and a polygon refused", &m);
   glDrawArrays(GL_TRIANGLES, 4, 6);
   check_gl_error("glDrawArrays(GL_TRIANGLES) with a geometry shader");
   model_init(&m, V4(0.0f, 1.0f, 0.0f, 1.0f));
   check_frame("gl_PrimitiveIDIn of two triangles", &m);
   gl.DeleteBuffers(1, &ebo);
   gl.DeleteBuffers(1, &vbo);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(p);
}

/* A quad at window pixels [x0, x1] x [y0, y1] (the vertex shaders below map gl_Vertex.xy + 0.5
 * to the pixel's centre), counter-clockwise (front with GL_CCW) or clockwise. */
static void
facing_quad(float x0, float y0, float x1, float y1, bool ccw)
{
   const float x[4] = {x0, ccw ? x1 : x0, x1, ccw ? x0 : x1};
   const float y[4] = {y0, ccw ? y0 : y1, y1, ccw ? y1 : y0};
   glBegin(GL_QUADS);
   for (int i = 0; i < 4; i++)
      glVertex2f(x[i], y[i]);
   glEnd();
}

/* The quad's four edges (GL_LINE) or corners (GL_POINT) drawn in colour c, its inside not. */
static void
expect_outline(const char *what, int x0, int y0, int x1, int y1, bool points, rgba8 c, rgba8 bg)
{
   char phase[160];
   const int mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
   const int at[4][2] = {{mx, y0}, {x1, my}, {mx, y1}, {x0, my}};
   const int corner[4][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
   for (int k = 0; k < 4; k++) {
      snprintf(phase, sizeof phase, "%s: %s", what, points ? "corner" : "edge");
      expect_px(phase, points ? corner[k][0] : at[k][0], points ? corner[k][1] : at[k][1], c);
      if (points) {
         snprintf(phase, sizeof phase, "%s: no edge", what);
         expect_px(phase, at[k][0], at[k][1], bg);
      }
   }
   snprintf(phase, sizeof phase, "%s: inside", what);
   expect_px(phase, mx, my, bg);
}

/* compat_glsl_two_side: GL_VERTEX_PROGRAM_TWO_SIDE under a GLSL program (GL 2.1 §2.15.3,
 * §3.11): on, a back-facing polygon's fragments read gl_BackColor and gl_BackSecondaryColor
 * through gl_Color and gl_SecondaryColor, filled, outlined (GL_LINE) and as its corners
 * (GL_POINT) alike; off, the front ones. Front: primary red, secondary green (yellow); back:
 * primary blue, secondary none (blue); a back face with the front colours is yellow, with one of
 * each cyan or black. Before, the switch never reached programs: every back face was yellow. */
void
sc_compat_glsl_two_side(void)
{
   static const char *vs = "#version 110\n"
                           "void main() {\n"
                           "   gl_Position = vec4((gl_Vertex.xy + 0.5) / 32.0 - 1.0, 0.0, 1.0);\n"
                           "   gl_FrontColor = vec4(1.0, 0.0, 0.0, 1.0);\n"
                           "   gl_BackColor = vec4(0.0, 0.0, 1.0, 1.0);\n"
                           "   gl_FrontSecondaryColor = vec4(0.0, 1.0, 0.0, 1.0);\n"
                           "   gl_BackSecondaryColor = vec4(0.0);\n"
                           "}\n";
   static const char *fs =
      "#version 110\n"
      "void main() {\n"
      "   gl_FragColor = vec4(gl_Color.r, gl_SecondaryColor.g, gl_Color.b, 1.0);\n"
      "}\n";
   const GLuint prog = link_program(vs, fs);
   const vec4f bgf = V4(0, 0, 0, 1);
   const rgba8 bg = to8(bgf), F = to8(V4(1, 1, 0, 1)), B = to8(V4(0, 0, 1, 1));
   gl.UseProgram(prog);
   glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   /* filled: front left, back right; outlined above them */
   clear_to(bgf);
   facing_quad(4, 4, 27, 27, true);
   facing_quad(36, 4, 59, 27, false);
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   facing_quad(4, 36, 27, 59, true);
   facing_quad(36, 36, 59, 59, false);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   check_gl_error("compat_glsl_two_side: filled and outlined");
   readback();
   expect_px("two-side on, filled front", 16, 16, F);
   expect_px("two-side on, filled back", 48, 16, B);
   expect_outline("two-side on, GL_LINE front", 4, 36, 27, 59, false, F, bg);
   expect_outline("two-side on, GL_LINE back", 36, 36, 59, 59, false, B, bg);
   /* corners: front left, back right; two-side off above: a back face, filled and outlined */
   clear_to(bgf);
   glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
   facing_quad(4, 4, 27, 27, true);
   facing_quad(36, 4, 59, 27, false);
   glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   facing_quad(4, 36, 27, 59, false);
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   facing_quad(36, 36, 59, 59, false);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   check_gl_error("compat_glsl_two_side: points and two-side off");
   readback();
   expect_outline("two-side on, GL_POINT front", 4, 4, 27, 27, true, F, bg);
   expect_outline("two-side on, GL_POINT back", 36, 4, 59, 27, true, B, bg);
   expect_px("two-side off, filled back", 16, 48, F);
   expect_outline("two-side off, GL_LINE back", 36, 36, 59, 59, false, F, bg);
   gl.UseProgram(0);
   gl.DeleteProgram(prog);
}

/* compat_glsl_facing_outline: gl_FrontFacing of a polygon drawn as lines or points is the
 * polygon's (GL 4.6 §14.6.4 and §15.2.2: its fragments are a polygon's), though the device draws
 * lines and points, which it calls front-facing. Green where the fragment stage sees a front
 * face, magenta a back one: GL_LINE and GL_POINT, a mode per face each way round, and
 * glFrontFace(GL_CW), which turns each quad over. Before, every outlined back face was green. */
void
sc_compat_glsl_facing_outline(void)
{
   static const char *vs = "#version 110\n"
                           "void main() {\n"
                           "   gl_Position = vec4((gl_Vertex.xy + 0.5) / 32.0 - 1.0, 0.0, 1.0);\n"
                           "}\n";
   static const char *fs = "#version 110\n"
                           "void main() {\n"
                           "   gl_FragColor = gl_FrontFacing ? vec4(0.0, 1.0, 0.0, 1.0)\n"
                           "                                 : vec4(1.0, 0.0, 1.0, 1.0);\n"
                           "}\n";
   const GLuint prog = link_program(vs, fs);
   const vec4f bgf = V4(0, 0, 0, 1);
   const rgba8 bg = to8(bgf), G = to8(V4(0, 1, 0, 1)), M = to8(V4(1, 0, 1, 1));
   gl.UseProgram(prog);
   for (int pass = 0; pass < 4; pass++) {
      /* front faces counter-clockwise, then clockwise; above, front GL_POINT / back GL_LINE,
       * then the other way round */
      const bool cw = pass & 1, point_front = pass < 2;
      const rgba8 ccw_c = cw ? M : G, cw_c = cw ? G : M;
      glFrontFace(cw ? GL_CW : GL_CCW);
      clear_to(bgf);
      /* below: both faces as lines, counter-clockwise left; above: a mode per face */
      glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
      facing_quad(4, 4, 27, 27, true);
      facing_quad(36, 4, 59, 27, false);
      glPolygonMode(GL_FRONT, point_front ? GL_POINT : GL_LINE);
      glPolygonMode(GL_BACK, point_front ? GL_LINE : GL_POINT);
      facing_quad(4, 36, 27, 59, true);
      facing_quad(36, 36, 59, 59, false);
      glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
      check_gl_error("compat_glsl_facing_outline");
      readback();
      const char *face = cw ? "GL_CW" : "GL_CCW";
      const char *modes =
         point_front ? "front GL_POINT / back GL_LINE" : "front GL_LINE / back GL_POINT";
      char what[128];
      snprintf(what, sizeof what, "%s, GL_LINE, counter-clockwise", face);
      expect_outline(what, 4, 4, 27, 27, false, ccw_c, bg);
      snprintf(what, sizeof what, "%s, GL_LINE, clockwise", face);
      expect_outline(what, 36, 4, 59, 27, false, cw_c, bg);
      /* the counter-clockwise quad is the front face unless cw */
      const bool ccw_points = cw ? !point_front : point_front;
      snprintf(what, sizeof what, "%s, %s, counter-clockwise", face, modes);
      expect_outline(what, 4, 36, 27, 59, ccw_points, ccw_c, bg);
      snprintf(what, sizeof what, "%s, %s, clockwise", face, modes);
      expect_outline(what, 36, 36, 59, 59, !ccw_points, cw_c, bg);
   }
   glFrontFace(GL_CCW);
   gl.UseProgram(0);
   gl.DeleteProgram(prog);
}
