/* scenario_int64.c — 64-bit integers in shaders (GL_ARB_gpu_shader_int64) and the subgroup
 * ballot built on them (GL_ARB_shader_ballot), issue 20. Each is drawn and checked by pixels
 * where the extension is listed, with its uniforms loaded, read back and queried; where it is not
 * (the gates hide the Vulkan feature with a test knob), `#extension ... : require` must fail to
 * compile, the int64 uniform commands raise GL_INVALID_OPERATION, and a renderer on Vulkan that
 * does not list the extension fails. */
#include "scenario.h"

#include <EGL/egl.h>

static const char *const vs = "#version 150\nin vec2 a_pos;\n"
                              "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";

/* Draws a rect over (8,8)-(56,56) with program p and checks it green on black. */
static void
draw_green(GLuint p, const char *phase)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   gl.UseProgram(p);
   float v[12];
   rect_vertices(v, 8, 8, 56, 56);
   mesh m = make_mesh(v, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error(phase);
   model md;
   model_init(&md, bg);
   model_rect(&md, 8, 8, 56, 56, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame(phase, &md);
   gl.UseProgram(0);
   gl.DeleteBuffers(1, &m.vbo);
}

/* gpu_shader_int64: an int64_t and a u64vec2 uniform whose values need their high words, loaded
 * with glUniform1i64ARB and glProgramUniform2ui64vARB; the shader checks them with 64-bit
 * arithmetic (a product past 2^32, a shift, packInt2x32) and paints green, else red. The values
 * read back with glGetUniformi64vARB / ui64v, the types are GL_INT64_ARB /
 * GL_UNSIGNED_INT64_VEC2_ARB, and glUniform1i on the int64_t raises GL_INVALID_OPERATION. */
void
sc_gpu_shader_int64(void)
{
   static const char *fs = "#version 150\n"
                           "#extension GL_ARB_gpu_shader_int64 : require\n"
                           "uniform int64_t u_a;\n"
                           "uniform u64vec2 u_b;\n"
                           "out vec4 o;\n"
                           "void main() {\n"
                           "  int64_t p = u_a * 3l;\n"
                           "  bool ok = p == -30000000000l;\n"
                           "  ok = ok && (u_b.x >> 32) == 0x12345678ul && u_b.y == ~0ul;\n"
                           "  ok = ok && unpackInt2x32(u_a).y == -3;\n"
                           "  ok = ok && packUint2x32(uvec2(1u, 2u)) == 0x200000001ul;\n"
                           "  o = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
                           "}\n";
   PFNGLUNIFORM1I64ARBPROC uniform1i64 =
      (PFNGLUNIFORM1I64ARBPROC)eglGetProcAddress("glUniform1i64ARB");
   PFNGLPROGRAMUNIFORM2UI64VARBPROC program_uniform2ui64v =
      (PFNGLPROGRAMUNIFORM2UI64VARBPROC)eglGetProcAddress("glProgramUniform2ui64vARB");
   PFNGLGETUNIFORMI64VARBPROC get_i64 =
      (PFNGLGETUNIFORMI64VARBPROC)eglGetProcAddress("glGetUniformi64vARB");
   PFNGLGETUNIFORMUI64VARBPROC get_ui64 =
      (PFNGLGETUNIFORMUI64VARBPROC)eglGetProcAddress("glGetUniformui64vARB");
   if (ext_withheld("GL_ARB_gpu_shader_int64", "MGL_TEST_VK_NO_INT64", GL_FRAGMENT_SHADER, fs)) {
      if (on_mgl() && uniform1i64) {
         uniform1i64(0, 1);
         expect_gl_error(GL_INVALID_OPERATION, "glUniform1i64ARB where int64 is not offered");
      }
      return;
   }
   if (!uniform1i64 || !program_uniform2ui64v || !get_i64 || !get_ui64)
      fail("GL_ARB_gpu_shader_int64 listed without its commands");
   static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   static const binding frags[] = {{"o", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, frags);
   const GLint la = uloc(p, "u_a"), lb = uloc(p, "u_b");
   gl.UseProgram(p);
   uniform1i64(la, -10000000000ll);
   check_gl_error("glUniform1i64ARB");
   gl.Uniform1i(la, 1);
   expect_gl_error(GL_INVALID_OPERATION, "glUniform1i on an int64_t uniform");
   const GLuint64 b[2] = {0x1234567800000042ull, ~0ull};
   program_uniform2ui64v(p, lb, 1, b);
   check_gl_error("glProgramUniform2ui64vARB");
   GLint64 ra = 0;
   GLuint64 rb[2] = {0, 0};
   get_i64(p, la, &ra);
   get_ui64(p, lb, rb);
   check_gl_error("glGetUniformi64vARB / ui64v");
   if (ra != -10000000000ll || rb[0] != b[0] || rb[1] != b[1])
      fail("int64 uniforms read back %lld, 0x%llx 0x%llx", (long long)ra, (unsigned long long)rb[0],
           (unsigned long long)rb[1]);
   for (GLuint i = 0; i < 2; i++) {
      char name[16];
      GLint size = 0;
      GLenum type = 0;
      gl.GetActiveUniform(p, i, sizeof(name), NULL, &size, &type, name);
      const GLenum want = !strcmp(name, "u_a") ? GL_INT64_ARB : GL_UNSIGNED_INT64_VEC2_ARB;
      if (type != want)
         fail("glGetActiveUniform(%s) type 0x%x, want 0x%x", name, type, want);
   }
   draw_green(p, "int64 uniforms checked in the fragment shader");
   gl.DeleteProgram(p);
}

/* shader_ballot: a fragment shader checks ballotARB (false: 0; true: its own bit set), its
 * gl_SubGroupEqMaskARB against gl_SubGroupInvocationARB (< gl_SubGroupSizeARB, at most 64) and
 * readFirstInvocationARB of a uniform, and paints green, else red. */
void
sc_shader_ballot(void)
{
   static const char *fs =
      "#version 150\n"
      "#extension GL_ARB_gpu_shader_int64 : require\n"
      "#extension GL_ARB_shader_ballot : require\n"
      "uniform uint u_k;\n"
      "out vec4 o;\n"
      "void main() {\n"
      "  uint64_t me = 1ul << gl_SubGroupInvocationARB;\n"
      "  bool ok = ballotARB(false) == 0ul && (ballotARB(true) & me) != 0ul;\n"
      "  ok = ok && gl_SubGroupEqMaskARB == me;\n"
      "  ok = ok && gl_SubGroupInvocationARB < gl_SubGroupSizeARB;\n"
      "  ok = ok && gl_SubGroupSizeARB <= 64u;\n"
      "  ok = ok && (gl_SubGroupLtMaskARB | me | gl_SubGroupGtMaskARB) == "
      "(gl_SubGroupSizeARB == 64u ? ~0ul : (1ul << gl_SubGroupSizeARB) - 1ul);\n"
      "  ok = ok && readFirstInvocationARB(u_k) == 7u;\n"
      "  o = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
      "}\n";
   if (ext_withheld("GL_ARB_shader_ballot", "MGL_TEST_VK_NO_SUBGROUP_BALLOT", GL_FRAGMENT_SHADER,
                    fs))
      return;
   static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   static const binding frags[] = {{"o", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, frags);
   gl.UseProgram(p);
   gl.Uniform1ui(uloc(p, "u_k"), 7u);
   draw_green(p, "ballotARB and the subgroup masks checked in the fragment shader");
   gl.DeleteProgram(p);
}

/* int64_varyings: a vertex shader writes a u64vec2 varying and a struct varying holding an
 * i64vec3 and a u64vec2 a component at a time, each value needing its high word (or its sign
 * bit), one component from a uniform; the fragment shader checks every component and paints
 * green, else red. NVIDIA's Vulkan driver read such outputs wrong until mgl stored them whole
 * (issue 20); lavapipe reads them right either way. */
void
sc_int64_varyings(void)
{
   static const char *vs64 = "#version 150\n"
                             "#extension GL_ARB_gpu_shader_int64 : require\n"
                             "in vec2 a_pos;\n"
                             "uniform int64_t u_k;\n"
                             "struct S { i64vec3 a; u64vec2 b; };\n"
                             "flat out u64vec2 v;\n"
                             "flat out S s;\n"
                             "void main() {\n"
                             "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                             "  v.x = 3580466867ul;\n"
                             "  v.y = 0x1234567800000001ul;\n"
                             "  s.a.z = u_k;\n"
                             "  s.a.x = -5000000000l;\n"
                             "  s.b.y = ~0ul;\n"
                             "  s.a.y = 3783870998l;\n"
                             "  s.b.x = 0x8000000000000000ul;\n"
                             "}\n";
   static const char *fs = "#version 150\n"
                           "#extension GL_ARB_gpu_shader_int64 : require\n"
                           "struct S { i64vec3 a; u64vec2 b; };\n"
                           "flat in u64vec2 v;\n"
                           "flat in S s;\n"
                           "out vec4 o;\n"
                           "void main() {\n"
                           "  bool ok = v == u64vec2(3580466867ul, 0x1234567800000001ul);\n"
                           "  ok = ok && s.a == i64vec3(-5000000000l, 3783870998l, "
                           "-0x7ffffffff0l);\n"
                           "  ok = ok && s.b == u64vec2(0x8000000000000000ul, ~0ul);\n"
                           "  o = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
                           "}\n";
   if (ext_withheld("GL_ARB_gpu_shader_int64", "MGL_TEST_VK_NO_INT64", GL_VERTEX_SHADER, vs64))
      return;
   PFNGLUNIFORM1I64ARBPROC uniform1i64 =
      (PFNGLUNIFORM1I64ARBPROC)eglGetProcAddress("glUniform1i64ARB");
   if (!uniform1i64)
      fail("GL_ARB_gpu_shader_int64 listed without glUniform1i64ARB");
   static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   static const binding frags[] = {{"o", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs64, fs, attribs, frags);
   gl.UseProgram(p);
   uniform1i64(uloc(p, "u_k"), -0x7ffffffff0ll);
   check_gl_error("glUniform1i64ARB");
   draw_green(p, "64-bit integer vector varyings written a component at a time");
   gl.DeleteProgram(p);
}
