/* scenario_glsl4.c — GLSL 4.x shaders at the API (issue 20): a #version 460 program (the
 * reference GL's own GLSL version where it stops before 4.60) that leans on what 4.00-4.60 added
 * — explicit input and output locations matched by location, a redeclared gl_PerVertex,
 * `precise`, fma() and GLSL 4.60's extra semicolons — with a uniform block and a sampler, drawn
 * to the pixel; a version past 4.60 refused; and an explicit uniform location (GLSL 4.30)
 * honoured by glGetUniformLocation and glUniform*, drawn to the pixel. */
#include "scenario.h"

static const char *VS_FMT = "#version %d core\n"
                            "layout(location = 0) in vec2 a_pos;;\n"
                            "out gl_PerVertex { vec4 gl_Position; };\n"
                            "layout(location = 2) out vec2 v_uv;\n"
                            "void main() {\n"
                            "  precise vec2 p = fma(a_pos, vec2(1.0 / 32.0), vec2(-1.0));\n"
                            "  gl_Position = vec4(p, 0.0, 1.0);\n"
                            "  v_uv = vec2(0.5);\n"
                            "};\n";
static const char *FS_FMT = "#version %d core\n"
                            "layout(std140) uniform Tint { vec4 tint; };\n"
                            "uniform sampler2D tex;\n"
                            "layout(location = 2) in vec2 v_uv;\n"
                            "layout(location = 0) out vec4 o;\n"
                            "void main() { o = texture(tex, v_uv) + tint; }\n";

/* Whether a shader of `src` compiles; its info log into log (size n). */
static bool
compiles(GLenum stage, const char *src, char *log, GLsizei n)
{
   GLuint sh = gl.CreateShader(stage);
   gl.ShaderSource(sh, 1, &src, NULL);
   gl.CompileShader(sh);
   GLint ok = 0;
   gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   log[0] = '\0';
   gl.GetShaderInfoLog(sh, n, NULL, log);
   gl.DeleteShader(sh);
   check_gl_error("compiling a GLSL 4.x shader");
   return ok != 0;
}

void
sc_glsl460(void)
{
   /* mgl takes 4.60 (GL_SHADING_LANGUAGE_VERSION stays 3.30 until GL 4.6 is claimed); a
    * reference GL takes what its GLSL version says */
   const char *slv = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
   int major = 0, minor = 0;
   if (!slv || sscanf(slv, "%d.%d", &major, &minor) != 2)
      die_setup("GL_SHADING_LANGUAGE_VERSION %s", slv ? slv : "(null)");
   const int version = on_mgl() ? 460 : major * 100 + minor;
   if (version < 450) {
      skipped("GLSL 4.x (the reference GL's GLSL is older)");
      return;
   }
   char vs[1024], fs[1024], log[1024];
   snprintf(vs, sizeof vs, VS_FMT, version);
   snprintf(fs, sizeof fs, FS_FMT, version);
   GLuint prog = link_program(vs, fs);

   /* the block at binding 2 and the sampler at unit 3 */
   gl.UniformBlockBinding(prog, gl.GetUniformBlockIndex(prog, "Tint"), 2);
   gl.UseProgram(prog);
   gl.Uniform1i(gl.GetUniformLocation(prog, "tex"), 3);
   const float tint[4] = {0, 1, 0, 0};
   GLuint ubo, tex, vao, vbo;
   gl.GenBuffers(1, &ubo);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
   gl.BufferData(GL_UNIFORM_BUFFER, sizeof tint, tint, GL_STATIC_DRAW);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, 2, ubo);
   const uint8_t red[4] = {255, 0, 0, 255};
   glGenTextures(1, &tex);
   gl.ActiveTexture(GL_TEXTURE3);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.ActiveTexture(GL_TEXTURE0);
   float xy[12];
   rect_vertices(xy, 8, 16, 40, 48);
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof xy, xy, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   gl.UseProgram(prog);
   clear_to(V4(0, 0, 1, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("the GLSL 4.x draw");
   model m;
   model_init(&m, V4(0, 0, 1, 1));
   model_rect(&m, 8, 16, 40, 48, to8(V4(1, 1, 0, 1)));
   check_frame("a GLSL 4.x program: binding layouts, locations, precise, fma", &m);

   /* a version past 4.60 is no GLSL */
   if (compiles(GL_VERTEX_SHADER, "#version 470\nvoid main() { gl_Position = vec4(0); }\n", log,
                sizeof log))
      fail("#version 470 compiled");
   /* explicit uniform locations (GLSL 4.30): the uniform is where the shader put it, the
    * others around it, and glUniform* at the location sets it */
   char ufs[512];
   snprintf(ufs, sizeof ufs,
            "#version %d core\nlayout(location = 7) uniform vec4 col;\nuniform vec4 add;\n"
            "layout(location = 0) out vec4 o;\nvoid main() { o = col + add; }\n",
            version);
   GLuint uprog = link_program(vs, ufs);
   const GLint col_loc = gl.GetUniformLocation(uprog, "col");
   const GLint add_loc = gl.GetUniformLocation(uprog, "add");
   if (col_loc != 7 || add_loc < 0 || add_loc == 7)
      fail("explicit uniform location: col at %d (want 7), add at %d", col_loc, add_loc);
   gl.UseProgram(uprog);
   gl.Uniform4f(7, 1, 0, 1, 1);
   gl.Uniform4f(add_loc, 0, 0, 0, 0);
   clear_to(V4(0, 0, 1, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("the explicit-uniform-location draw");
   model_init(&m, V4(0, 0, 1, 1));
   model_rect(&m, 8, 16, 40, 48, to8(V4(1, 0, 1, 1)));
   check_frame("a uniform at its explicit location", &m);
   gl.DeleteProgram(uprog);

   gl.UseProgram(0);
   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(1, &vao);
   GLuint bufs[2] = {vbo, ubo};
   gl.DeleteBuffers(2, bufs);
   glDeleteTextures(1, &tex);
   gl.DeleteProgram(prog);
}

/* es31_compat: GL 4.5 / GL_ARB_ES3_1_compatibility in a desktop context. GLSL ES 3.10 shaders
 * compile and run: a draw whose colour comes from an explicitly located uniform (ES 3.10's
 * layout(location) on a uniform), a compute shader writing a storage buffer; an ES 3.10 stage
 * does not link with a desktop one; the extension's macro in a desktop unit;
 * glMemoryBarrierByRegion takes the by-region bits only (GL_INVALID_VALUE for another). */
void
sc_es31_compat(void)
{
   if (!has_ext("GL_ARB_ES3_1_compatibility")) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && renderer && strstr(renderer, "(Vulkan:"))
         fail("GL_ARB_ES3_1_compatibility not listed on renderer %s", renderer);
      skipped("GL_ARB_ES3_1_compatibility is not listed");
      return;
   }
   static const char *vs = "#version 310 es\n"
                           "layout(location = 0) in vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   static const char *fs = "#version 310 es\n"
                           "precision mediump float;\n"
                           "layout(location = 3) uniform vec4 u_c;\n"
                           "layout(location = 0) out vec4 o;\n"
                           "void main() { o = u_c; }\n";
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   gl.Uniform4f(3, 0.0f, 1.0f, 0.0f, 1.0f);
   float v[12];
   rect_vertices(v, 16, 16, 48, 48);
   mesh m = make_mesh(v, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a GLSL ES 3.10 draw in a desktop context");
   model md;
   model_init(&md, bg);
   model_rect(&md, 16, 16, 48, 48, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("a GLSL ES 3.10 draw", &md);

   /* an ES 3.10 vertex stage with a desktop fragment stage: not one program */
   GLuint a = compile(GL_VERTEX_SHADER, vs);
   GLuint b = compile(GL_FRAGMENT_SHADER, "#version 330 core\nout vec4 o;\n"
                                          "void main() { o = vec4(1.0); }\n");
   GLuint mixed = gl.CreateProgram();
   gl.AttachShader(mixed, a);
   gl.AttachShader(mixed, b);
   gl.LinkProgram(mixed);
   GLint ok = 1;
   gl.GetProgramiv(mixed, GL_LINK_STATUS, &ok);
   if (ok)
      fail("an ES 3.10 vertex shader linked with a GLSL 3.30 fragment shader");

   /* compute in GLSL ES 3.10 */
   GLuint c = must_compute("#version 310 es\n"
                           "layout(local_size_x = 4) in;\n"
                           "layout(std430, binding = 0) buffer B { uint v[]; };\n"
                           "void main() { v[gl_LocalInvocationID.x] =\n"
                           "  gl_LocalInvocationID.x * 3u + 1u; }\n");
   GLuint buf;
   gl.GenBuffers(1, &buf);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, 16, NULL, GL_DYNAMIC_COPY);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
   gl.UseProgram(c);
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrierByRegion(GL_SHADER_STORAGE_BARRIER_BIT);
   check_gl_error("glMemoryBarrierByRegion(GL_SHADER_STORAGE_BARRIER_BIT)");
   gl.MemoryBarrierByRegion(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
   expect_error(GL_INVALID_VALUE, "glMemoryBarrierByRegion(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT)");
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   GLuint got[4] = {0, 0, 0, 0};
   read_buffer(buf, 0, sizeof got, got);
   for (unsigned i = 0; i < 4; i++)
      if (got[i] != i * 3 + 1)
         fail("the GLSL ES 3.10 compute shader's word %u = %u, expected %u", i, got[i], i * 3 + 1);

   /* the macro in a desktop unit */
   GLuint d = compile(GL_FRAGMENT_SHADER, "#version 430\n"
                                          "#extension GL_ARB_ES3_1_compatibility : require\n"
                                          "#ifndef GL_ARB_ES3_1_compatibility\n#error no macro\n"
                                          "#endif\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n");
   gl.UseProgram(0);
   gl.DeleteShader(a);
   gl.DeleteShader(b);
   gl.DeleteShader(d);
   gl.DeleteProgram(mixed);
   gl.DeleteProgram(p);
   gl.DeleteProgram(c);
   GLuint bufs[] = {buf, m.vbo};
   gl.DeleteBuffers(2, bufs);
}

/* group_vote: GL_ARB_shader_group_vote in a vertex shader (GL 4.6 §8.18's votes). A uniform
 * bool is the same in every invocation: anyInvocationARB(u) and allInvocationsARB(u) are u and
 * allInvocationsEqualARB(u) is true, whichever way the invocations are grouped; two rects, u true
 * and false, checked by pixels. Where the extension is not listed (the gate sets
 * MGL_TEST_VK_NO_SUBGROUP_VOTE=1), `#extension ... : require` must fail to compile. */
void
sc_group_vote(void)
{
   static const char *vs = "#version 150\n"
                           "#extension GL_ARB_shader_group_vote : require\n"
                           "in vec2 a_pos;\n"
                           "uniform bool u;\n"
                           "out vec4 v_c;\n"
                           "void main() {\n"
                           "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                           "  v_c = vec4(allInvocationsARB(u) ? 1.0 : 0.0,\n"
                           "             anyInvocationARB(!u) ? 1.0 : 0.0,\n"
                           "             allInvocationsEqualARB(u) ? 1.0 : 0.0, 1.0);\n"
                           "}\n";
   static const char *fs = "#version 150\nin vec4 v_c;\nout vec4 o;\nvoid main() { o = v_c; }\n";
   if (!has_ext("GL_ARB_shader_group_vote")) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && renderer && strstr(renderer, "(Vulkan:") &&
          !getenv("MGL_TEST_VK_NO_SUBGROUP_VOTE"))
         fail("GL_ARB_shader_group_vote not listed on renderer %s", renderer);
      GLuint sh = gl.CreateShader(GL_VERTEX_SHADER);
      gl.ShaderSource(sh, 1, &vs, NULL);
      gl.CompileShader(sh);
      GLint ok = 1;
      gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
      if (ok)
         fail("#extension GL_ARB_shader_group_vote : require compiled where it is not listed");
      gl.DeleteShader(sh);
      check_gl_error("a vertex shader requiring GL_ARB_shader_group_vote, not listed");
      return;
   }
   if (on_mgl() && getenv("MGL_TEST_VK_NO_SUBGROUP_VOTE"))
      fail("GL_ARB_shader_group_vote listed on a device whose subgroup votes are hidden");
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   static const binding frags[] = {{"o", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, frags);
   gl.UseProgram(p);
   float v[24];
   rect_vertices(v, 8, 8, 28, 56);
   rect_vertices(v + 12, 36, 8, 56, 56);
   mesh m = make_mesh(v, 12);
   gl.Uniform1i(uloc(p, "u"), 1);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform1i(uloc(p, "u"), 0);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   check_gl_error("draws voting in the vertex shader");
   model md;
   model_init(&md, bg);
   model_rect(&md, 8, 8, 28, 56, to8(V4(1.0f, 0.0f, 1.0f, 1.0f)));
   model_rect(&md, 36, 8, 56, 56, to8(V4(0.0f, 1.0f, 1.0f, 1.0f)));
   check_frame("votes on a uniform", &md);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &m.vbo);
}
