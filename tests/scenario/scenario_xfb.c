/* scenario_xfb.c: scenarios of transform feedback. */
#include "scenario.h"

/* ---- transform feedback -------------------------------------------------------------------- */

/* Every captured vertex says which vertex and which draw it came from: v_a = (x, y, vertex id,
 * u_k), v_b = x + 100 y, and gl_Position with z = 0.25 (GL's z: the backend's clip-depth remap
 * must not reach the buffer). Positions are whole window pixels, so every float is exact. */
static const char *VS_XFB = "#version 330 core\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "uniform float u_k;\n"
                            "out vec4 v_a;\n"
                            "out float v_b;\n"
                            "void main() {\n"
                            "  v_a = vec4(a_pos, float(gl_VertexID), u_k);\n"
                            "  v_b = a_pos.x + a_pos.y * 100.0;\n"
                            "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.25, 1.0);\n"
                            "}\n";

/* A program capturing `names`; returns 0 (and leaves the log) when the link fails. */
static GLuint
xfb_program(const char *const *names, GLsizei n, GLenum mode, char *log, size_t log_size)
{
   GLuint vs = compile(GL_VERTEX_SHADER, VS_XFB);
   GLuint fs = compile(GL_FRAGMENT_SHADER, FS_UNIFORM);
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, vs);
   gl.AttachShader(p, fs);
   gl.TransformFeedbackVaryings(p, n, names, mode);
   gl.LinkProgram(p);
   gl.DeleteShader(vs);
   gl.DeleteShader(fs);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (log)
      gl.GetProgramInfoLog(p, (GLsizei)log_size, NULL, log);
   check_gl_error("transform feedback program link");
   if (!ok) {
      gl.DeleteProgram(p);
      return 0;
   }
   return p;
}

/* The words vertex `v` (of the 6 rect vertices xy) writes for the named varying. */
static int
xfb_expect(const char *name, const float *xy, int v, float k, float *out)
{
   const float x = xy[2 * v], y = xy[2 * v + 1];
   if (!strcmp(name, "v_a")) {
      out[0] = x, out[1] = y, out[2] = (float)v, out[3] = k;
      return 4;
   }
   if (!strcmp(name, "v_b")) {
      out[0] = x + y * 100.0f;
      return 1;
   }
   out[0] = x / 32.0f - 1.0f, out[1] = y / 32.0f - 1.0f, out[2] = 0.25f, out[3] = 1.0f;
   return 4;
}

static void
check_words(const char *what, const float *got, const float *want, int n)
{
   for (int i = 0; i < n; i++) {
      if (memcmp(&got[i], &want[i], sizeof(float))) {
         fail("%s: word %d = %g (0x%08x), expected %g", what, i, got[i],
              *(const unsigned *)(const void *)&got[i], want[i]);
         return;
      }
   }
}

static void
check_sentinel(const char *what, const unsigned char *b, int n)
{
   for (int i = 0; i < n; i++) {
      if (b[i] != 0xAB) {
         fail("%s: byte %d = 0x%02x, expected the untouched 0xAB", what, i, b[i]);
         return;
      }
   }
}

/* xfb_capture: GL 3.3 transform feedback (§2.15) and its API. Interleaved capture of v_b,
 * gl_Position and v_a (36 bytes a vertex, in the app's order) while the rect also renders;
 * separate capture into two buffers, one bound at an offset; glGetTransformFeedbackVarying and
 * the program queries; link errors; the spec's errors of glTransformFeedbackVaryings,
 * glBegin/End/Pause/ResumeTransformFeedback, of a draw whose mode does not match, of
 * glUseProgram and glBindBufferBase while capturing. The bytes around every capture must stay
 * as they were. */
void
sc_xfb_capture(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), rc = V4(0.2f, 0.6f, 1.0f, 1.0f);
   float v[12];
   rect_vertices(v, 8, 8, 40, 24);
   mesh m = make_mesh(v, 6);
   clear_to(bg);
   char log[2048] = "";

   /* glTransformFeedbackVaryings errors, and link errors. */
   const char *il[] = {"v_b", "gl_Position", "v_a"};
   GLuint p0 = gl.CreateProgram();
   gl.TransformFeedbackVaryings(p0, 1, il, GL_TRIANGLES);
   expect_error(GL_INVALID_ENUM, "glTransformFeedbackVaryings(bad buffer mode)");
   const char *five[] = {"v_a", "v_b", "v_a", "v_b", "v_a"};
   gl.TransformFeedbackVaryings(p0, 5, five, GL_SEPARATE_ATTRIBS);
   expect_error(GL_INVALID_VALUE, "glTransformFeedbackVaryings(5 separate)");
   gl.TransformFeedbackVaryings(p0 + 100, 1, il, GL_INTERLEAVED_ATTRIBS);
   expect_error(GL_INVALID_VALUE, "glTransformFeedbackVaryings(not a program)");
   char nb[32];
   GLsizei len = 0, size = 0;
   GLenum type = 0;
   gl.GetTransformFeedbackVarying(p0, 0, sizeof nb, &len, &size, &type, nb);
   expect_error(GL_INVALID_VALUE, "glGetTransformFeedbackVarying(never linked)");
   gl.DeleteProgram(p0);
   const char *unknown[] = {"v_a", "v_nope"};
   if (xfb_program(unknown, 2, GL_INTERLEAVED_ATTRIBS, log, sizeof log))
      fail("a program capturing an undeclared varying linked");
   else if (!strstr(log, "v_nope"))
      fail("link log does not name the undeclared varying: %s", log);
   const char *twice[] = {"v_a", "v_a"};
   if (xfb_program(twice, 2, GL_INTERLEAVED_ATTRIBS, NULL, 0))
      fail("a program capturing v_a twice linked");
   const char *big[] = {"v_a", "gl_Position"};
   if (!xfb_program(big, 2, GL_SEPARATE_ATTRIBS, log, sizeof log))
      fail("two vec4 varyings in separate mode failed to link: %s", log);

   GLuint p = xfb_program(il, 3, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (!p)
      die_setup("interleaved transform feedback program failed to link:\n%s", log);
   GLint iv = -1;
   gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &iv);
   if (iv != 3)
      fail("GL_TRANSFORM_FEEDBACK_VARYINGS = %d, expected 3", iv);
   gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &iv);
   if (iv != GL_INTERLEAVED_ATTRIBS)
      fail("GL_TRANSFORM_FEEDBACK_BUFFER_MODE = 0x%x", iv);
   gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH, &iv);
   if (iv != (GLint)sizeof "gl_Position")
      fail("GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH = %d, expected 12", iv);
   gl.GetTransformFeedbackVarying(p, 1, sizeof nb, &len, &size, &type, nb);
   check_gl_error("glGetTransformFeedbackVarying");
   if (strcmp(nb, "gl_Position") || len != 11 || size != 1 || type != GL_FLOAT_VEC4)
      fail("varying 1 = %s (len %d size %d type 0x%x), expected gl_Position vec4", nb, len, size,
           type);
   gl.GetTransformFeedbackVarying(p, 3, sizeof nb, &len, &size, &type, nb);
   expect_error(GL_INVALID_VALUE, "glGetTransformFeedbackVarying(index 3 of 3)");

   /* GL 3.3 has no transform feedback objects (ARB_transform_feedback2 is not advertised):
    * their entry points refuse and their state is not a glGet enum. */
   if (context_version() < 40 && !has_ext("GL_ARB_transform_feedback2")) {
      GLuint tfo = 0;
      gl.GenTransformFeedbacks(1, &tfo);
      expect_error(GL_INVALID_OPERATION, "glGenTransformFeedbacks in a GL 3.3 context");
      gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
      expect_error(GL_INVALID_OPERATION, "glBindTransformFeedback in a GL 3.3 context");
      GLint tfb = -1;
      glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &tfb);
      expect_error(GL_INVALID_ENUM, "glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING) in GL 3.3");
      glGetIntegerv(GL_TRANSFORM_FEEDBACK_PAUSED, &tfb);
      expect_error(GL_INVALID_ENUM, "glGetIntegerv(GL_TRANSFORM_FEEDBACK_PAUSED) in GL 3.3");
   } else {
      skipped("the refusals of transform feedback objects (the context is GL 4.0+ "
              "or has ARB_transform_feedback2)");
   }
   /* Begin errors before anything is bound. */
   gl.UseProgram(0);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   expect_error(GL_INVALID_OPERATION, "glBeginTransformFeedback(no program)");
   gl.UseProgram(p);
   gl.Uniform4fv(uloc(p, "u_color"), 1, rc.v);
   gl.Uniform1f(uloc(p, "u_k"), 7.0f);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   expect_error(GL_INVALID_OPERATION, "glBeginTransformFeedback(no buffer bound)");
   gl.BeginTransformFeedback(GL_TRIANGLE_STRIP);
   expect_error(GL_INVALID_ENUM, "glBeginTransformFeedback(GL_TRIANGLE_STRIP)");
   gl.EndTransformFeedback();
   expect_error(GL_INVALID_OPERATION, "glEndTransformFeedback(not active)");
   gl.PauseTransformFeedback();
   expect_error(GL_INVALID_OPERATION, "glPauseTransformFeedback(not active)");

   /* Interleaved: 6 vertices x 36 bytes, between 16 untouched bytes each side. */
   enum { STRIDE = 36, N = 6 };
   GLuint bi = xfb_buffer(16 + N * STRIDE + 16);
   gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bi, 16, N * STRIDE);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   check_gl_error("glBeginTransformFeedback(GL_TRIANGLES)");
   gl.BeginTransformFeedback(GL_TRIANGLES);
   expect_error(GL_INVALID_OPERATION, "glBeginTransformFeedback while active");
   gl.ResumeTransformFeedback();
   expect_error(GL_INVALID_OPERATION, "glResumeTransformFeedback(not paused)");
   glDrawArrays(GL_POINTS, 0, 6);
   expect_error(GL_INVALID_OPERATION, "GL_POINTS draw under a GL_TRIANGLES capture");
   gl.UseProgram(0);
   expect_error(GL_INVALID_OPERATION, "glUseProgram while capturing");
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, bi);
   expect_error(GL_INVALID_OPERATION, "glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER) while "
                                      "capturing");
   gl.LinkProgram(p);
   expect_error(GL_INVALID_OPERATION, "glLinkProgram of the capturing program");
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.EndTransformFeedback();
   check_gl_error("interleaved capture");
   unsigned char raw[16 + N * STRIDE + 16];
   read_buffer(bi, 0, sizeof raw, raw);
   check_sentinel("interleaved: bytes before the range", raw, 16);
   check_sentinel("interleaved: bytes after the range", raw + 16 + N * STRIDE, 16);
   for (int vx = 0; vx < N; vx++) {
      float want[9], got[9];
      int k = 0;
      for (int j = 0; j < 3; j++)
         k += xfb_expect(il[j], v, vx, 7.0f, want + k);
      memcpy(got, raw + 16 + vx * STRIDE, sizeof got);
      char what[64];
      snprintf(what, sizeof what, "interleaved vertex %d", vx);
      check_words(what, got, want, 9);
   }

   /* Separate: v_a alone into buffer 0, v_b alone into buffer 1 at offset 16; the frame is not
    * touched (rasterizer discard). */
   const char *sep[] = {"v_a", "v_b"};
   GLuint ps = xfb_program(sep, 2, GL_SEPARATE_ATTRIBS, log, sizeof log);
   if (!ps)
      die_setup("separate transform feedback program failed to link:\n%s", log);
   gl.GetProgramiv(ps, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &iv);
   if (iv != GL_SEPARATE_ATTRIBS)
      fail("separate program: GL_TRANSFORM_FEEDBACK_BUFFER_MODE = 0x%x", iv);
   gl.UseProgram(ps);
   gl.Uniform4fv(uloc(ps, "u_color"), 1, V4(1.0f, 0.0f, 0.0f, 1.0f).v);
   gl.Uniform1f(uloc(ps, "u_k"), -3.0f);
   GLuint b0 = xfb_buffer(N * 16), b1 = xfb_buffer(16 + N * 4 + 8);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b0);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   expect_error(GL_INVALID_OPERATION, "separate capture with binding 1 empty");
   gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 1, b1, 16, N * 4);
   glEnable(GL_RASTERIZER_DISCARD);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.EndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   check_gl_error("separate capture");
   float ga[N * 4], gb[N], wa[N * 4], wb[N];
   unsigned char r1[16 + N * 4 + 8];
   read_buffer(b0, 0, sizeof ga, ga);
   read_buffer(b1, 0, sizeof r1, r1);
   memcpy(gb, r1 + 16, sizeof gb);
   for (int vx = 0; vx < N; vx++) {
      xfb_expect("v_a", v, vx, -3.0f, wa + 4 * vx);
      xfb_expect("v_b", v, vx, -3.0f, wb + vx);
   }
   check_words("separate buffer 0 (v_a)", ga, wa, N * 4);
   check_words("separate buffer 1 (v_b)", gb, wb, N);
   check_sentinel("separate buffer 1 before its range", r1, 16);
   check_sentinel("separate buffer 1 after its range", r1 + 16 + N * 4, 8);

   model md;
   model_init(&md, bg);
   model_rect(&md, 8, 8, 40, 24, to8(rc));
   check_frame("the interleaved capture's rect (the separate one discarded)", &md);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteProgram(ps);
   GLuint bufs[] = {bi, b0, b1, m.vbo};
   gl.DeleteBuffers(4, bufs);
}

/* xfb_resume: one capture that spans everything the backend breaks its rendering scopes at, and
 * a pause. Draw 0 (u_k = 1), draw 1 (u_k = 2) with blending on (a new pipeline under the
 * capture), a glBufferSubData of another buffer, a glFlush, pause, draw 2 (u_k = 3: not
 * captured, but rendered), resume, draw 3 (u_k = 4) with rasterizer discard: the buffer holds
 * draws 0, 1 and 3 back to back. Then the captured vertices of draw 3 are drawn as a vertex buffer in a second
 * colour over the rect of draws 0..2, so a capture that went wrong also shows in pixels. */
void
sc_xfb_resume(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), rc = V4(0.4f, 0.8f, 0.2f, 1.0f);
   float v[12], other[12];
   rect_vertices(v, 16, 16, 48, 48);
   memset(other, 0, sizeof other);
   mesh m = make_mesh(v, 6);
   GLuint spare;
   gl.GenBuffers(1, &spare);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, spare);
   gl.BufferData(GL_COPY_WRITE_BUFFER, sizeof other, other, GL_DYNAMIC_DRAW);
   clear_to(bg);
   char log[2048] = "";
   const char *names[] = {"v_a"};
   GLuint p = xfb_program(names, 1, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (!p)
      die_setup("transform feedback program failed to link:\n%s", log);
   gl.UseProgram(p);
   gl.Uniform4fv(uloc(p, "u_color"), 1, rc.v);
   enum { N = 6, DRAWS = 4 };
   GLuint b = xfb_buffer((DRAWS + 1) * N * 16);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   glBlendFunc(GL_ONE, GL_ZERO); /* blending that changes nothing: only the pipeline differs */

   gl.BeginTransformFeedback(GL_TRIANGLES);
   gl.Uniform1f(uloc(p, "u_k"), 1.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEnable(GL_BLEND); /* a new pipeline with nothing else between the two draws */
   gl.Uniform1f(uloc(p, "u_k"), 2.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_BLEND);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, spare);
   gl.BufferSubData(GL_COPY_WRITE_BUFFER, 0, sizeof other, v);
   glFlush();
   gl.PauseTransformFeedback();
   check_gl_error("glPauseTransformFeedback");
   gl.PauseTransformFeedback();
   expect_error(GL_INVALID_OPERATION, "glPauseTransformFeedback(already paused)");
   gl.Uniform1f(uloc(p, "u_k"), 3.0f);
   glEnable(GL_RASTERIZER_DISCARD);
   glDrawArrays(GL_LINES, 0, 6); /* paused: any mode may draw */
   glDisable(GL_RASTERIZER_DISCARD);
   check_gl_error("a GL_LINES draw while paused");
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.ResumeTransformFeedback();
   check_gl_error("glResumeTransformFeedback");
   glEnable(GL_RASTERIZER_DISCARD);
   gl.Uniform1f(uloc(p, "u_k"), 4.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_RASTERIZER_DISCARD);
   gl.EndTransformFeedback();
   check_gl_error("the resumed capture");

   /* The GPU reads what it captured: the third captured draw's v_a.xy as vertex positions, in a
    * second colour (no CPU read in between). */
   const vec4f c2 = V4(0.8f, 0.2f, 0.6f, 1.0f);
   GLuint sp = solid_program();
   set_vec4(sp, "u_color", c2);
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 16, (void *)(uintptr_t)(2 * N * 16));
   gl.EnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("drawing the captured vertices");

   float got[(DRAWS + 1) * N * 4], want[DRAWS * N * 4];
   read_buffer(b, 0, sizeof got, got);
   const float ks[] = {1.0f, 2.0f, 4.0f};
   for (int d = 0; d < 3; d++)
      for (int vx = 0; vx < N; vx++)
         xfb_expect("v_a", v, vx, ks[d], want + (d * N + vx) * 4);
   check_words("captured draws 0, 1, 3", got, want, 3 * N * 4);
   check_sentinel("past the last captured draw", (const unsigned char *)(got + 3 * N * 4),
                  2 * N * 16);

   model md;
   model_init(&md, bg);
   model_rect(&md, 16, 16, 48, 48, to8(c2));
   check_frame("the captured vertices drawn over draws 0..2 (draw 3 discarded)", &md);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteProgram(sp);
   gl.DeleteVertexArrays(1, &vao);
   GLuint bufs[] = {b, spare, m.vbo};
   gl.DeleteBuffers(3, bufs);
}

/* xfb_parts_packed: capture of every member of an array of structs by name ("v[1].a", ...):
 * the array takes 24 of the 32 output locations (lavapipe's 128 components), so the captured
 * parts only fit when their hidden copies share locations. 3 vertices, each word a distinct
 * exact value (floats and ints in the same capture), read back byte for byte. */
void
sc_xfb_parts_packed(void)
{
   static const char *vs_src =
      "#version 330 core\n"
      "struct S { float a[3]; int b[2]; vec2 c; };\n"
      "flat out S v[4];\n"
      "void main() {\n"
      "  float k = float(gl_VertexID * 100);\n"
      "  for (int i = 0; i < 4; i++) {\n"
      "    for (int j = 0; j < 3; j++) v[i].a[j] = k + float(i * 10 + j);\n"
      "    for (int j = 0; j < 2; j++) v[i].b[j] = -(gl_VertexID * 100 + i * 10 + j);\n"
      "    v[i].c = vec2(k + float(i * 10) + 0.5, k + float(i * 10) + 0.25);\n"
      "  }\n"
      "  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"
      "}\n";
   static const char *names[] = {"v[0].a", "v[0].b", "v[0].c", "v[1].a", "v[1].b", "v[1].c",
                                 "v[2].a", "v[2].b", "v[2].c", "v[3].a", "v[3].b", "v[3].c"};
   enum { WORDS = 4 * 7, N = 3 };
   GLuint vs = compile(GL_VERTEX_SHADER, vs_src);
   GLuint fs = compile(GL_FRAGMENT_SHADER, FS_UNIFORM);
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, vs);
   gl.AttachShader(p, fs);
   gl.TransformFeedbackVaryings(p, 12, names, GL_INTERLEAVED_ATTRIBS);
   gl.LinkProgram(p);
   gl.DeleteShader(vs);
   gl.DeleteShader(fs);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[4096] = "";
      gl.GetProgramInfoLog(p, sizeof log, NULL, log);
      fail("capturing the members of S v[4] failed to link: %s", log);
      gl.DeleteProgram(p);
      return;
   }
   GLsizei len = 0, size = 0;
   GLenum type = 0;
   char nb[32] = "";
   gl.GetTransformFeedbackVarying(p, 4, sizeof nb, &len, &size, &type, nb);
   if (strcmp(nb, "v[1].b") || size != 2 || type != GL_INT)
      fail("varying 4 = %s (size %d type 0x%x), expected v[1].b int[2]", nb, size, type);
   GLuint vao, b = xfb_buffer(N * WORDS * 4 + 16);
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.UseProgram(p);
   gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, N * WORDS * 4);
   glEnable(GL_RASTERIZER_DISCARD);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_TRIANGLES, 0, N);
   gl.EndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   check_gl_error("capture of the struct members");
   union {
      float f;
      int32_t i;
   } got[N * WORDS + 4], want[N * WORDS];
   read_buffer(b, 0, sizeof got, got);
   for (int vx = 0, w = 0; vx < N; vx++) {
      for (int i = 0; i < 4; i++) {
         for (int j = 0; j < 3; j++)
            want[w++].f = (float)(vx * 100 + i * 10 + j);
         for (int j = 0; j < 2; j++)
            want[w++].i = -(vx * 100 + i * 10 + j);
         want[w++].f = (float)(vx * 100 + i * 10) + 0.5f;
         want[w++].f = (float)(vx * 100 + i * 10) + 0.25f;
      }
   }
   for (int w = 0; w < N * WORDS; w++) {
      if (got[w].i != want[w].i) {
         fail("captured word %d (vertex %d) = 0x%08x (%g), expected 0x%08x (%g)", w, w / WORDS,
              (unsigned)got[w].i, got[w].f, (unsigned)want[w].i, want[w].f);
         break;
      }
   }
   check_sentinel("past the capture", (const unsigned char *)(got + N * WORDS), 16);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteBuffers(1, &b);
}

/* xfb_queries: GL_PRIMITIVES_GENERATED and GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN (§2.16).
 * A capture with room for 2 triangles gets 4 (2 draws, a glBufferSubData between them so the
 * queries span two rendering scopes): 4 generated, 2 written, and the buffer holds the first
 * draw's. Without a capture, under rasterizer discard: a triangle and a 6-vertex strip generate
 * 1 + 4. The frame stays the clear colour. Plus the query errors these targets add. */
void
sc_xfb_queries(void)
{
   const vec4f bg = V4(0.2f, 0.2f, 0.4f, 1.0f);
   float v[12], spare_data[12];
   rect_vertices(v, 8, 8, 56, 56);
   memset(spare_data, 0, sizeof spare_data);
   mesh m = make_mesh(v, 6);
   GLuint spare;
   gl.GenBuffers(1, &spare);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, spare);
   gl.BufferData(GL_COPY_WRITE_BUFFER, sizeof spare_data, spare_data, GL_DYNAMIC_DRAW);
   clear_to(bg);
   char log[2048] = "";
   const char *names[] = {"v_a"};
   GLuint p = xfb_program(names, 1, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (!p)
      die_setup("transform feedback program failed to link:\n%s", log);
   gl.UseProgram(p);
   gl.Uniform4fv(uloc(p, "u_color"), 1, V4(1.0f, 1.0f, 1.0f, 1.0f).v);
   gl.Uniform1f(uloc(p, "u_k"), 5.0f);
   GLint bits = 0;
   gl.GetQueryiv(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, GL_QUERY_COUNTER_BITS, &bits);
   if (bits < 32)
      fail("GL_QUERY_COUNTER_BITS of GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN = %d", bits);

   enum { N = 6 };
   GLuint b = xfb_buffer(N * 16 + 32); /* 2 triangles fit in the bound range, the rest is fence */
   gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, N * 16);
   GLuint q[3];
   gl.GenQueries(3, q);
   glEnable(GL_RASTERIZER_DISCARD);
   gl.BeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
   gl.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
   check_gl_error("glBeginQuery(primitive queries)");
   gl.BeginQuery(GL_PRIMITIVES_GENERATED, q[2]);
   expect_error(GL_INVALID_OPERATION, "glBeginQuery(GL_PRIMITIVES_GENERATED) while active");
   gl.BeginQuery(GL_SAMPLES_PASSED, q[1]);
   expect_error(GL_INVALID_OPERATION, "glBeginQuery of an active query on another target");
   GLint cur = 0;
   gl.GetQueryiv(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, GL_CURRENT_QUERY, &cur);
   if ((GLuint)cur != q[1])
      fail("GL_CURRENT_QUERY of GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN = %d, expected %u", cur,
           q[1]);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, spare);
   gl.BufferSubData(GL_COPY_WRITE_BUFFER, 0, sizeof v, v);
   gl.Uniform1f(uloc(p, "u_k"), 6.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* the range is full: generated, not written */
   gl.EndTransformFeedback();
   gl.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   gl.EndQuery(GL_PRIMITIVES_GENERATED);
   check_gl_error("the queried capture");
   GLuint64 generated = 0, written = 0;
   gl.GetQueryObjectui64v(q[0], GL_QUERY_RESULT, &generated);
   gl.GetQueryObjectui64v(q[1], GL_QUERY_RESULT, &written);
   check_gl_error("glGetQueryObjectui64v(primitive queries)");
   if (generated != 4 || written != 2)
      fail("captured into room for 2 of 4 triangles: generated %llu written %llu, expected 4 and 2",
           (unsigned long long)generated, (unsigned long long)written);
   float got[N * 4 + 8], want[N * 4];
   read_buffer(b, 0, sizeof got, got);
   for (int vx = 0; vx < N; vx++)
      xfb_expect("v_a", v, vx, 5.0f, want + 4 * vx);
   check_words("the two triangles that fit", got, want, N * 4);
   check_sentinel("past the bound range", (const unsigned char *)(got + N * 4), 32);

   /* No capture: primitives are still generated (discarded before rasterization). */
   gl.BeginQuery(GL_PRIMITIVES_GENERATED, q[2]);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 6);
   gl.EndQuery(GL_PRIMITIVES_GENERATED);
   gl.GetQueryObjectui64v(q[2], GL_QUERY_RESULT, &generated);
   if (generated != 5)
      fail("a triangle and a 6-vertex strip generated %llu primitives, expected 5",
           (unsigned long long)generated);
   glDisable(GL_RASTERIZER_DISCARD);
   gl.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   expect_error(GL_INVALID_OPERATION, "glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN) "
                                      "not active");
   gl.DeleteQueries(3, q);

   model md;
   model_init(&md, bg);
   check_frame("every draw discarded", &md);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   GLuint bufs[] = {b, spare, m.vbo};
   gl.DeleteBuffers(3, bufs);
}

/* xfb_query_clear: GL 3.3 §2.16, §2.18 and §4.2.3: a clear is no draw, so during a capture
 * it generates, writes and captures no primitives. Three captured draws of a rectangle (two
 * triangles each, u_k 1 to 3) between masked clears that mgl draws as a triangle (a colour
 * mask, a stencil mask, a scissored colour mask) under GL_PRIMITIVES_GENERATED and
 * GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: 6 and 6, the buffer holds the three draws' 18
 * vertices and nothing after them, and the clears reach their pixels. */
void
sc_xfb_query_clear(void)
{
   const vec4f rc = V4(0.2f, 0.8f, 0.4f, 1.0f);
   float v[12];
   rect_vertices(v, 8, 8, 24, 16);
   mesh m = make_mesh(v, 6);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   char log[2048] = "";
   const char *names[] = {"v_a"};
   GLuint p = xfb_program(names, 1, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (!p)
      die_setup("transform feedback program failed to link:\n%s", log);
   gl.UseProgram(p);
   gl.Uniform4fv(uloc(p, "u_color"), 1, rc.v);
   enum { N = 6, DRAWS = 3 };
   GLuint b = xfb_buffer((DRAWS + 1) * N * 16 + 32); /* room for a fourth draw, then fence */
   gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, (DRAWS + 1) * N * 16);
   GLuint q[2];
   gl.GenQueries(2, q);
   gl.BeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
   gl.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE); /* magenta everywhere */
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   gl.Uniform1f(uloc(p, "u_k"), 1.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glStencilMask(0x1);
   glClear(GL_STENCIL_BUFFER_BIT);
   glStencilMask(0xff);
   gl.Uniform1f(uloc(p, "u_k"), 2.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEnable(GL_SCISSOR_TEST);
   glScissor(W - 8, H - 8, 8, 8);
   glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE); /* the top right corner white */
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDisable(GL_SCISSOR_TEST);
   gl.Uniform1f(uloc(p, "u_k"), 3.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.EndTransformFeedback();
   gl.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   gl.EndQuery(GL_PRIMITIVES_GENERATED);
   check_gl_error("masked clears in a queried capture");
   GLuint64 generated = ~0ull, written = ~0ull;
   gl.GetQueryObjectui64v(q[0], GL_QUERY_RESULT, &generated);
   gl.GetQueryObjectui64v(q[1], GL_QUERY_RESULT, &written);
   check_gl_error("glGetQueryObjectui64v(primitive queries)");
   if (generated != DRAWS * 2 || written != DRAWS * 2)
      fail("3 captured draws of two triangles and 3 masked clears: generated %llu written %llu, "
           "expected %d and %d",
           (unsigned long long)generated, (unsigned long long)written, DRAWS * 2, DRAWS * 2);
   float got[(DRAWS + 1) * N * 4 + 8], want[DRAWS * N * 4];
   read_buffer(b, 0, sizeof got, got);
   for (int d = 0; d < DRAWS; d++)
      for (int vx = 0; vx < N; vx++)
         xfb_expect("v_a", v, vx, (float)(d + 1), want + 4 * (d * N + vx));
   check_words("three draws' vertices, no clear's", got, want, DRAWS * N * 4);
   check_sentinel("past the three draws", (const unsigned char *)(got + DRAWS * N * 4),
                  (N * 4 + 8) * (int)sizeof(float));
   model md;
   model_init(&md, V4(1.0f, 0.0f, 1.0f, 1.0f));
   model_rect(&md, 8, 8, 24, 16, to8(rc));
   model_rect(&md, W - 8, H - 8, W, H, to8(V4(1.0f, 1.0f, 1.0f, 1.0f)));
   check_frame("captured draws and masked clears", &md);
   gl.DeleteQueries(2, q);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   GLuint bufs[] = {b, m.vbo};
   gl.DeleteBuffers(2, bufs);
   gl.DeleteVertexArrays(1, &m.vao);
}

/* ---- transform feedback objects (ES 3.0 §2.15.1) ------------------------------------------- */

static GLint
get_int(GLenum pname)
{
   GLint v = -1;
   glGetIntegerv(pname, &v);
   return v;
}

static void
expect_tfo_state(const char *what, GLuint binding, GLint active, GLint paused)
{
   GLint b = get_int(GL_TRANSFORM_FEEDBACK_BINDING), a = get_int(GL_TRANSFORM_FEEDBACK_ACTIVE),
         p = get_int(GL_TRANSFORM_FEEDBACK_PAUSED);
   check_gl_error("glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, _ACTIVE, _PAUSED)");
   if ((GLuint)b != binding || a != active || p != paused)
      fail("%s: binding %d active %d paused %d, expected %u %d %d", what, b, a, p, binding, active,
           paused);
}

/* The words of a capture buffer, read through a read mapping (ES 3.0 has no
 * glGetBufferSubData). */
static void
map_read(GLuint b, GLsizeiptr bytes, void *out)
{
   gl.BindBuffer(GL_COPY_READ_BUFFER, b);
   const void *m = gl.MapBufferRange(GL_COPY_READ_BUFFER, 0, bytes, GL_MAP_READ_BIT);
   if (!m) {
      fail("glMapBufferRange(GL_MAP_READ_BIT) of a capture buffer: 0x%x", glGetError());
      memset(out, 0, (size_t)bytes);
      return;
   }
   memcpy(out, m, (size_t)bytes);
   gl.UnmapBuffer(GL_COPY_READ_BUFFER);
   check_gl_error("reading a capture buffer");
}

/* xfb_objects: two transform feedback objects captured alternately on an ES 3.0 context. Object
 * A (whole buffer bA) captures draws k = 1, 3, 5 and object B (bB from byte 16, room for exactly
 * two draws) k = 2, 4: each pause, bind of the other object and resume must go on at the
 * object's own write position, so bA holds 1, 3, 5 and bB 2, 4 back to back. Plus the object
 * errors (a bind while capturing, deleting an active object, names not from Gen, the target),
 * each object's own indexed bindings, GL_TRANSFORM_FEEDBACK_BINDING/_ACTIVE/_PAUSED, and ES
 * 3.0 §2.15.2: a glDrawArrays that would write past the range and any indexed draw while
 * capturing are GL_INVALID_OPERATION and write nothing. */
void
sc_xfb_objects(void)
{
   (void)es_version(30);
   const char *vs_src = "#version 300 es\n"
                        "layout(location = 0) in vec2 a_pos;\n"
                        "uniform float u_k;\n"
                        "out vec4 v_a;\n"
                        "void main() {\n"
                        "  v_a = vec4(a_pos, float(gl_VertexID), u_k);\n"
                        "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                        "}\n";
   const char *fs_src = "#version 300 es\n"
                        "precision mediump float;\n"
                        "out vec4 o_color;\n"
                        "void main() { o_color = vec4(1.0); }\n";
   GLuint vs = compile(GL_VERTEX_SHADER, vs_src), fs = compile(GL_FRAGMENT_SHADER, fs_src);
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, vs);
   gl.AttachShader(p, fs);
   const char *names[] = {"v_a"};
   gl.TransformFeedbackVaryings(p, 1, names, GL_INTERLEAVED_ATTRIBS);
   gl.LinkProgram(p);
   gl.DeleteShader(vs);
   gl.DeleteShader(fs);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok)
      die_setup("ES transform feedback program failed to link");
   gl.UseProgram(p);
   const GLint uk = uloc(p, "u_k");
   float v[12];
   rect_vertices(v, 8, 8, 40, 40);
   mesh m = make_mesh(v, 6);
   enum { N = 6, VB = 16 /* bytes a vertex */ };
   GLuint bA = xfb_buffer(3 * N * VB + 32), bB = xfb_buffer(16 + 2 * N * VB + 32), ebo;
   const GLubyte tri[3] = {0, 1, 2};
   gl.GenBuffers(1, &ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof tri, tri, GL_STATIC_DRAW);

   expect_tfo_state("a fresh context", 0, 0, 0);
   GLuint t[2];
   gl.GenTransformFeedbacks(2, t);
   check_gl_error("glGenTransformFeedbacks");
   if (!t[0] || !t[1] || t[0] == t[1])
      fail("glGenTransformFeedbacks gave %u and %u", t[0], t[1]);
   if (gl.IsTransformFeedback(t[0]))
      fail("glIsTransformFeedback of a name never bound is GL_TRUE");
   gl.GenTransformFeedbacks(-1, t);
   expect_error(GL_INVALID_VALUE, "glGenTransformFeedbacks(-1)");
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1] + 100);
   expect_error(GL_INVALID_OPERATION, "glBindTransformFeedback of a name not from Gen");
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK_BUFFER, t[0]);
   expect_error(GL_INVALID_ENUM, "glBindTransformFeedback(GL_TRANSFORM_FEEDBACK_BUFFER)");

   /* Each object keeps its own indexed bindings; the default object's stay empty. */
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   check_gl_error("glBindTransformFeedback(A)");
   if (!gl.IsTransformFeedback(t[0]))
      fail("glIsTransformFeedback of a bound object is GL_FALSE");
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bA);
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bB, 16, 2 * N * VB);
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
   check_gl_error("binding capture ranges in two objects");
   GLint got = -1;
   gl.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &got);
   if (got != 0)
      fail("object 0's binding 0 = %d, expected 0 (the ranges went into A and B)", got);
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   gl.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &got);
   if ((GLuint)got != bA)
      fail("object A's binding 0 = %d, expected %u", got, bA);
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   gl.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &got);
   GLint start = -1, size = -1;
   gl.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 0, &start);
   gl.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 0, &size);
   if ((GLuint)got != bB || start != 16 || size != 2 * N * VB)
      fail("object B's binding 0 = %d [%d, +%d), expected %u [16, +%d)", got, start, size, bB,
           2 * N * VB);
   check_gl_error("glGetIntegeri_v of each object's bindings");

   glEnable(GL_RASTERIZER_DISCARD);
   /* A: k = 1, then paused. */
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   gl.Uniform1f(uk, 1.0f);
   glDrawArrays(GL_TRIANGLES, 0, N);
   check_gl_error("A's first draw");
   expect_tfo_state("A capturing", t[0], 1, 0);
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   expect_error(GL_INVALID_OPERATION, "glBindTransformFeedback while A captures, unpaused");
   /* OES/EXT_geometry_shader (and ES 3.2) drop ES 3.0's two draw errors while capturing */
   const bool es30_rules = context_version() < 32 && !has_ext("GL_OES_geometry_shader") &&
                           !has_ext("GL_EXT_geometry_shader");
   if (es30_rules) {
      glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, (void *)0);
      expect_error(GL_INVALID_OPERATION, "glDrawElements while capturing (ES 3.0)");
   } else {
      skipped("ES 3.0's errors for indexed and overflowing draws while capturing "
              "(the context is ES 3.2 or has a geometry shader extension)");
   }
   gl.PauseTransformFeedback();
   expect_tfo_state("A paused", t[0], 1, 1);
   gl.DeleteTransformFeedbacks(2, t);
   expect_error(GL_INVALID_OPERATION, "glDeleteTransformFeedbacks of a paused (active) object");
   if (!gl.IsTransformFeedback(t[1]))
      fail("a refused glDeleteTransformFeedbacks deleted the other object");
   glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, (void *)0);
   check_gl_error("glDrawElements while paused");
   /* B: k = 2, paused; A resumes at its own position: k = 3. */
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   expect_tfo_state("B bound, A paused", t[1], 0, 0);
   gl.LinkProgram(p);
   expect_error(GL_INVALID_OPERATION, "glLinkProgram of paused object A's program");
   gl.BeginTransformFeedback(GL_TRIANGLES);
   gl.Uniform1f(uk, 2.0f);
   glDrawArrays(GL_TRIANGLES, 0, N);
   gl.PauseTransformFeedback();
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   expect_tfo_state("A bound again", t[0], 1, 1);
   gl.ResumeTransformFeedback();
   gl.Uniform1f(uk, 3.0f);
   glDrawArrays(GL_TRIANGLES, 0, N);
   gl.PauseTransformFeedback();
   check_gl_error("A, B, A");
   /* B resumes (k = 4), is full, and refuses one more draw; then ends. */
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   gl.ResumeTransformFeedback();
   gl.Uniform1f(uk, 4.0f);
   glDrawArrays(GL_TRIANGLES, 0, N);
   check_gl_error("B's second draw (fills its range)");
   if (es30_rules) {
      gl.Uniform1f(uk, 9.0f);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      expect_error(GL_INVALID_OPERATION, "glDrawArrays past the end of B's range (ES 3.0)");
   }
   gl.EndTransformFeedback();
   /* A resumes (k = 5) and ends. */
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   gl.ResumeTransformFeedback();
   gl.Uniform1f(uk, 5.0f);
   glDrawArrays(GL_TRIANGLES, 0, N);
   gl.EndTransformFeedback();
   check_gl_error("A's last draw");
   expect_tfo_state("A ended", t[0], 0, 0);
   glDisable(GL_RASTERIZER_DISCARD);

   float want[3 * N * 4];
   unsigned char ra[3 * N * VB + 32], rb[16 + 2 * N * VB + 32];
   map_read(bA, sizeof ra, ra);
   map_read(bB, sizeof rb, rb);
   const float ka[3] = {1.0f, 3.0f, 5.0f}, kb[2] = {2.0f, 4.0f};
   for (int d = 0; d < 3; d++)
      for (int vx = 0; vx < N; vx++)
         xfb_expect("v_a", v, vx, ka[d], want + (d * N + vx) * 4);
   check_words("object A: draws 1, 3, 5", (const float *)(const void *)ra, want, 3 * N * 4);
   check_sentinel("object A: past its three draws", ra + 3 * N * VB, 32);
   for (int d = 0; d < 2; d++)
      for (int vx = 0; vx < N; vx++)
         xfb_expect("v_a", v, vx, kb[d], want + (d * N + vx) * 4);
   float gb[2 * N * 4];
   memcpy(gb, rb + 16, sizeof gb);
   check_words("object B: draws 2, 4", gb, want, 2 * N * 4);
   check_sentinel("object B: before its range", rb, 16);
   check_sentinel("object B: past its range (the refused draw)", rb + 16 + 2 * N * VB, 32);

   /* Deleting the bound object binds zero; its name is gone. */
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   gl.DeleteTransformFeedbacks(2, t);
   check_gl_error("glDeleteTransformFeedbacks");
   expect_tfo_state("after deleting the bound object", 0, 0, 0);
   if (gl.IsTransformFeedback(t[0]) || gl.IsTransformFeedback(t[1]))
      fail("glIsTransformFeedback of a deleted object is GL_TRUE");
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   expect_error(GL_INVALID_OPERATION, "glBindTransformFeedback of a deleted name");
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   GLuint bufs[] = {bA, bB, ebo, m.vbo};
   gl.DeleteBuffers(4, bufs);
   gl.DeleteVertexArrays(1, &m.vao);
}

/* xfb_block_array: transform feedback of members of an array of interface blocks, named as GL
 * 3.3 §2.11.8 names them, by block name and element ("Blk[1].x"): out Blk { float x; vec2 y; }
 * blk[2], captured interleaved as Blk[1].x, Blk[0].y, Blk[1].y (5 words a vertex, each a
 * distinct exact value), read back byte for byte; glGetTransformFeedbackVarying names and
 * types; an element past the array ("Blk[2].x") fails to link. */
void
sc_xfb_block_array(void)
{
   static const char *vs_src = "#version 330 core\n"
                               "out Blk { float x; vec2 y; } blk[2];\n"
                               "void main() {\n"
                               "  float k = float(gl_VertexID * 100);\n"
                               "  blk[0].x = k + 1.0; blk[0].y = vec2(k + 2.0, k + 3.0);\n"
                               "  blk[1].x = k + 11.0; blk[1].y = vec2(k + 12.0, k + 13.0);\n"
                               "  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"
                               "}\n";
   static const char *names[] = {"Blk[1].x", "Blk[0].y", "Blk[1].y"};
   static const char *bad[] = {"Blk[2].x"};
   enum { WORDS = 5, N = 3 };
   GLuint p = 0;
   for (int pass = 0; pass < 2; pass++) {
      GLuint vs = compile(GL_VERTEX_SHADER, vs_src);
      GLuint fs = compile(GL_FRAGMENT_SHADER, FS_UNIFORM);
      GLuint q = gl.CreateProgram();
      gl.AttachShader(q, vs);
      gl.AttachShader(q, fs);
      gl.TransformFeedbackVaryings(q, pass ? 1 : 3, pass ? bad : names, GL_INTERLEAVED_ATTRIBS);
      gl.LinkProgram(q);
      gl.DeleteShader(vs);
      gl.DeleteShader(fs);
      GLint ok = 0;
      gl.GetProgramiv(q, GL_LINK_STATUS, &ok);
      if (pass == 1) {
         if (ok)
            fail("capturing Blk[2].x of Blk blk[2] linked");
         gl.DeleteProgram(q);
      } else if (!ok) {
         char log[4096] = "";
         gl.GetProgramInfoLog(q, sizeof log, NULL, log);
         fail("capturing members of Blk blk[2] failed to link: %s", log);
         gl.DeleteProgram(q);
         readback();
         return;
      } else {
         p = q;
      }
   }
   check_gl_error("links");
   GLsizei len = 0, size = 0;
   GLenum type = 0;
   char nb[32] = "";
   gl.GetTransformFeedbackVarying(p, 0, sizeof nb, &len, &size, &type, nb);
   if (strcmp(nb, "Blk[1].x") || size != 1 || type != GL_FLOAT)
      fail("varying 0 = %s (size %d type 0x%x), expected Blk[1].x float", nb, size, type);
   gl.GetTransformFeedbackVarying(p, 2, sizeof nb, &len, &size, &type, nb);
   if (strcmp(nb, "Blk[1].y") || size != 1 || type != GL_FLOAT_VEC2)
      fail("varying 2 = %s (size %d type 0x%x), expected Blk[1].y vec2", nb, size, type);
   GLuint vao, b = xfb_buffer(N * WORDS * 4 + 16);
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.UseProgram(p);
   gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, N * WORDS * 4);
   glEnable(GL_RASTERIZER_DISCARD);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_TRIANGLES, 0, N);
   gl.EndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   check_gl_error("capture of the block members");
   float got[N * WORDS + 4], want[N * WORDS];
   read_buffer(b, 0, sizeof got, got);
   for (int vx = 0; vx < N; vx++) {
      const float k = (float)(vx * 100), w[WORDS] = {k + 11, k + 2, k + 3, k + 12, k + 13};
      memcpy(want + vx * WORDS, w, sizeof w);
   }
   for (int w = 0; w < N * WORDS; w++)
      if (memcmp(&got[w], &want[w], 4)) {
         fail("captured word %d (vertex %d) = %g, expected %g", w, w / WORDS, got[w], want[w]);
         break;
      }
   check_sentinel("past the capture", (const unsigned char *)(got + N * WORDS), 16);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteBuffers(1, &b);
   const vec4f bg = V4(0.0f, 0.2f, 0.4f, 1.0f);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   check_frame("the frame (nothing rasterized)", &m);
}

/* xfb_gs_no_fs: transform feedback from a geometry stage, in a program with no fragment stage
 * (GL links one; its fragments' colours are undefined, here all discarded). Three GL_POINTS go
 * in; for each the geometry shader emits two points, g_v = (x, y, gl_PrimitiveIDIn, i) and
 * gl_Position at GL z 0.25 (the backend's clip-depth remap must not reach the buffer):
 * GL_POINTS capture of g_v and gl_Position, interleaved, six vertices in emission order. Then
 * the window, untouched by the discarded points, is the clear colour. */
void
sc_xfb_gs_no_fs(void)
{
   static const char *vs = "#version 150 core\n"
                           "in vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
   static const char *gs = "#version 150 core\n"
                           "layout(points) in;\n"
                           "layout(points, max_vertices = 2) out;\n"
                           "out vec4 g_v;\n"
                           "void main() {\n"
                           "  for (int i = 0; i < 2; i++) {\n"
                           "    vec2 p = gl_in[0].gl_Position.xy;\n"
                           "    g_v = vec4(p, float(gl_PrimitiveIDIn), float(i));\n"
                           "    gl_Position = vec4(p / 32.0 - 1.0, 0.25, 1.0);\n"
                           "    EmitVertex();\n"
                           "  }\n"
                           "}\n";
   GLuint sv = compile(GL_VERTEX_SHADER, vs), sg = compile(GL_GEOMETRY_SHADER, gs);
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, sv);
   gl.AttachShader(p, sg);
   const char *names[] = {"g_v", "gl_Position"};
   gl.TransformFeedbackVaryings(p, 2, names, GL_INTERLEAVED_ATTRIBS);
   gl.BindAttribLocation(p, 0, "a_pos");
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[2048] = "";
      gl.GetProgramInfoLog(p, sizeof log, NULL, log);
      die_setup("vertex and geometry program without a fragment stage failed to link:\n%s", log);
   }
   gl.DeleteShader(sv);
   gl.DeleteShader(sg);
   check_gl_error("vertex and geometry program link");
   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
   clear_to(bg);
   const float pts[6] = {8.0f, 40.0f, 24.0f, 16.0f, 56.0f, 48.0f};
   mesh m = make_mesh(pts, 3);
   enum { N = 6, WORDS = 8 };
   GLuint b = xfb_buffer(N * WORDS * 4 + 16);
   gl.UseProgram(p);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   glEnable(GL_RASTERIZER_DISCARD);
   gl.BeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, 3);
   gl.EndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   check_gl_error("capture from the geometry stage");
   float got[N * WORDS], want[N * WORDS];
   unsigned char tail[16];
   read_buffer(b, 0, sizeof got, got);
   read_buffer(b, sizeof got, sizeof tail, tail);
   for (int v = 0; v < N; v++) {
      const float x = pts[2 * (v / 2)], y = pts[2 * (v / 2) + 1];
      const float w[WORDS] = {
         x, y, (float)(v / 2), (float)(v % 2), x / 32.0f - 1.0f, y / 32.0f - 1.0f, 0.25f, 1.0f};
      memcpy(want + v * WORDS, w, sizeof w);
   }
   check_words("the geometry stage's captured vertices", got, want, N * WORDS);
   check_sentinel("after the six captured vertices", tail, 16);
   model md;
   model_init(&md, bg);
   check_frame("the window after discarded points", &md);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &b);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
}

/* xfb_draw: GL 4.0 transform feedback objects in a GL 3.3 core context (ARB_transform_feedback2)
 * and glDrawTransformFeedback(Instanced). Object A captures rect 1, is paused, bound away;
 * object B begins, captures rect 2 and ends; A is bound again, resumes and captures rect 3 (an
 * indexed draw: desktop GL allows it while capturing) and ends. A's buffer must hold rects 1 and
 * 3 back to back (the resume went on at A's own position, not B's and not the start), which
 * glDrawTransformFeedback(A) draws in red: 12 vertices, a count the client never computed; B's
 * 6 are drawn twice in green by glDrawTransformFeedbackInstanced, the second instance moved up.
 * Plus GL 4.0 13.2's errors (a bind while capturing, deleting an active object, a draw of an
 * object that never ended or of no object, a negative instance count) and the binding, active
 * and paused queries. */
void
sc_xfb_draw(void)
{
   if (!has_ext("GL_ARB_transform_feedback2") || !has_ext("GL_ARB_transform_feedback_instanced")) {
      if (on_mgl())
         fail("mgl on this device lists no ARB_transform_feedback2 / _instanced");
      else
         skipped("ARB_transform_feedback2 and ARB_transform_feedback_instanced not listed");
      return;
   }
   const char *cap_vs = "#version 330 core\n"
                        "layout(location = 0) in vec2 a_pos;\n"
                        "uniform vec2 u_off;\n"
                        "out vec4 v_pos;\n"
                        "void main() {\n"
                        "  v_pos = vec4((a_pos + u_off) / 32.0 - 1.0, 0.0, 1.0);\n"
                        "  gl_Position = v_pos;\n"
                        "}\n";
   const char *draw_vs =
      "#version 330 core\n"
      "layout(location = 0) in vec4 a_clip;\n"
      "uniform float u_dy;\n"
      "void main() {\n"
      "  gl_Position = a_clip + vec4(0.0, u_dy * float(gl_InstanceID), 0.0, 0.0);\n"
      "}\n";
   GLuint cap = gl.CreateProgram(), drw = gl.CreateProgram();
   GLuint vs = compile(GL_VERTEX_SHADER, cap_vs), fs = compile(GL_FRAGMENT_SHADER, FS_UNIFORM);
   GLuint vs2 = compile(GL_VERTEX_SHADER, draw_vs);
   gl.AttachShader(cap, vs);
   gl.AttachShader(cap, fs);
   const char *names[] = {"v_pos"};
   gl.TransformFeedbackVaryings(cap, 1, names, GL_INTERLEAVED_ATTRIBS);
   gl.LinkProgram(cap);
   gl.AttachShader(drw, vs2);
   gl.AttachShader(drw, fs);
   gl.LinkProgram(drw);
   gl.DeleteShader(vs);
   gl.DeleteShader(vs2);
   gl.DeleteShader(fs);
   GLint ok1 = 0, ok2 = 0;
   gl.GetProgramiv(cap, GL_LINK_STATUS, &ok1);
   gl.GetProgramiv(drw, GL_LINK_STATUS, &ok2);
   if (!ok1 || !ok2)
      die_setup("xfb_draw programs failed to link");
   float v[12];
   rect_vertices(v, 4, 4, 16, 16);
   mesh m = make_mesh(v, 6);
   const GLubyte idx[6] = {0, 1, 2, 3, 4, 5};
   GLuint ebo;
   gl.GenBuffers(1, &ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
   enum { N = 6, VB = 16 };
   GLuint bA = xfb_buffer(2 * N * VB + 32), bB = xfb_buffer(N * VB + 32);

   expect_tfo_state("a fresh GL 3.3 context", 0, 0, 0);
   GLuint t[2];
   gl.GenTransformFeedbacks(2, t);
   check_gl_error("glGenTransformFeedbacks");
   gl.DrawTransformFeedback(GL_TRIANGLES, t[1] + 100);
   expect_error(GL_INVALID_VALUE, "glDrawTransformFeedback of a name not from Gen");
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bA);
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bB);
   check_gl_error("binding a buffer in each object");
   if (!gl.IsTransformFeedback(t[0]) || !gl.IsTransformFeedback(t[1]))
      fail("glIsTransformFeedback of a bound object is GL_FALSE");
   gl.DrawTransformFeedback(GL_TRIANGLES, t[0]);
   expect_error(GL_INVALID_OPERATION, "glDrawTransformFeedback of an object that never ended");
   gl.DrawTransformFeedback(GL_TRIANGLES, 0);
   expect_error(GL_INVALID_OPERATION,
                "glDrawTransformFeedback of the default object (never ended)");

   gl.UseProgram(cap);
   const GLint uoff = uloc(cap, "u_off");
   glEnable(GL_RASTERIZER_DISCARD);
   /* A: rect 1, paused. */
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   gl.Uniform2f(uoff, 0.0f, 0.0f);
   glDrawArrays(GL_TRIANGLES, 0, N);
   expect_tfo_state("A capturing", t[0], 1, 0);
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   expect_error(GL_INVALID_OPERATION, "glBindTransformFeedback while A captures, unpaused");
   gl.PauseTransformFeedback();
   expect_tfo_state("A paused", t[0], 1, 1);
   gl.DeleteTransformFeedbacks(1, &t[0]);
   expect_error(GL_INVALID_OPERATION, "glDeleteTransformFeedbacks of a paused (active) object");
   /* B: rect 2, begun and ended while A is paused. */
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   expect_tfo_state("B bound, A paused", t[1], 0, 0);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   gl.Uniform2f(uoff, 20.0f, 0.0f);
   glDrawArrays(GL_TRIANGLES, 0, N);
   gl.EndTransformFeedback();
   check_gl_error("B's capture");
   /* A again: resumes at its own position, rect 3 (indexed). */
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   expect_tfo_state("A bound again", t[0], 1, 1);
   gl.ResumeTransformFeedback();
   gl.Uniform2f(uoff, 40.0f, 0.0f);
   glDrawElements(GL_TRIANGLES, N, GL_UNSIGNED_BYTE, (void *)0);
   check_gl_error("an indexed draw while A captures");
   gl.EndTransformFeedback();
   expect_tfo_state("A ended", t[0], 0, 0);
   glDisable(GL_RASTERIZER_DISCARD);
   check_gl_error("A's capture");

   /* A's buffer: rects 1 and 3, then the untouched bytes. */
   float got[2 * N * 4], want[2 * N * 4];
   unsigned char tail[32];
   read_buffer(bA, 0, sizeof got, got);
   read_buffer(bA, sizeof got, sizeof tail, tail);
   for (int d = 0; d < 2; d++)
      for (int i = 0; i < N; i++) {
         float *w = want + (d * N + i) * 4;
         w[0] = (v[2 * i] + (d ? 40.0f : 0.0f)) / 32.0f - 1.0f;
         w[1] = v[2 * i + 1] / 32.0f - 1.0f;
         w[2] = 0.0f;
         w[3] = 1.0f;
      }
   check_words("object A's buffer: rect 1, then rect 3 after the resume", got, want, 2 * N * 4);
   check_sentinel("object A's buffer past its 12 vertices", tail, (int)sizeof tail);

   /* Draw what each captured. */
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), red = V4(1.0f, 0.0f, 0.0f, 1.0f),
               green = V4(0.0f, 1.0f, 0.0f, 1.0f);
   clear_to(bg);
   gl.UseProgram(drw);
   const GLint udy = uloc(drw, "u_dy");
   GLuint va[2];
   gl.GenVertexArrays(2, va);
   const GLuint src[2] = {bA, bB};
   for (int i = 0; i < 2; i++) {
      gl.BindVertexArray(va[i]);
      gl.BindBuffer(GL_ARRAY_BUFFER, src[i]);
      gl.VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, VB, (void *)0);
      gl.EnableVertexAttribArray(0);
   }
   gl.Uniform1f(udy, 0.75f); /* 24 window pixels: 24 / 32 clip units */
   gl.BindVertexArray(va[0]);
   set_vec4(drw, "u_color", red);
   gl.DrawTransformFeedback(GL_TRIANGLES, t[0]);
   check_gl_error("glDrawTransformFeedback(A)");
   gl.BindVertexArray(va[1]);
   set_vec4(drw, "u_color", green);
   gl.DrawTransformFeedbackInstanced(GL_TRIANGLES, t[1], -1);
   expect_error(GL_INVALID_VALUE, "glDrawTransformFeedbackInstanced(-1 instances)");
   gl.DrawTransformFeedbackInstanced(GL_TRIANGLES, t[1], 2);
   check_gl_error("glDrawTransformFeedbackInstanced(B, 2)");
   model mo;
   model_init(&mo, bg);
   model_rect(&mo, 4, 4, 16, 16, to8(red));
   model_rect(&mo, 44, 4, 56, 16, to8(red));
   model_rect(&mo, 24, 4, 36, 16, to8(green));
   model_rect(&mo, 24, 28, 36, 40, to8(green));
   check_frame("glDrawTransformFeedback(A) red, glDrawTransformFeedbackInstanced(B, 2) green", &mo);

   /* Deleting the bound object binds zero. */
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   gl.DeleteTransformFeedbacks(2, t);
   check_gl_error("glDeleteTransformFeedbacks");
   expect_tfo_state("after deleting the bound object", 0, 0, 0);
   gl.DrawTransformFeedback(GL_TRIANGLES, t[0]);
   expect_error(GL_INVALID_VALUE, "glDrawTransformFeedback of a deleted object");
   gl.UseProgram(0);
   gl.DeleteProgram(cap);
   gl.DeleteProgram(drw);
   GLuint bufs[] = {bA, bB, ebo, m.vbo};
   gl.DeleteBuffers(4, bufs);
   gl.DeleteVertexArrays(2, va);
   gl.DeleteVertexArrays(1, &m.vao);
}

/* xfb_next_buffer: ARB_transform_feedback3's interleaved capture into two buffers. The varyings
 * v_k, gl_SkipComponents2, gl_NextBuffer, gl_SkipComponents1, v_pos put v_k at the start of
 * 12-byte records in buffer 0 and v_pos 4 bytes into 20-byte records in buffer 1; six points are
 * captured and both buffers read back word for word, with the bytes past the records
 * untouched. glGetTransformFeedbackVarying lists the special names (GL_NONE, their component
 * counts), and a gl_NextBuffer in separate mode is GL_INVALID_OPERATION. */
void
sc_xfb_next_buffer(void)
{
   if (!has_ext("GL_ARB_transform_feedback3")) {
      if (on_mgl())
         fail("mgl on this device lists no ARB_transform_feedback3");
      else
         skipped("ARB_transform_feedback3 not listed");
      return;
   }
   const char *vs_src = "#version 330 core\n"
                        "layout(location = 0) in vec2 a_pos;\n"
                        "out vec4 v_pos;\n"
                        "out float v_k;\n"
                        "void main() {\n"
                        "  v_pos = vec4(a_pos / 32.0 - 1.0, 0.5, 1.0);\n"
                        "  v_k = 7.0 + float(gl_VertexID);\n"
                        "  gl_Position = v_pos;\n"
                        "}\n";
   GLuint p = gl.CreateProgram();
   GLuint vs = compile(GL_VERTEX_SHADER, vs_src), fs = compile(GL_FRAGMENT_SHADER, FS_UNIFORM);
   gl.AttachShader(p, vs);
   gl.AttachShader(p, fs);
   const char *sep[] = {"v_k", "gl_NextBuffer"};
   gl.TransformFeedbackVaryings(p, 2, sep, GL_SEPARATE_ATTRIBS);
   expect_error(GL_INVALID_OPERATION, "glTransformFeedbackVaryings(gl_NextBuffer, separate)");
   const char *names[] = {"v_k", "gl_SkipComponents2", "gl_NextBuffer", "gl_SkipComponents1",
                          "v_pos"};
   gl.TransformFeedbackVaryings(p, 5, names, GL_INTERLEAVED_ATTRIBS);
   gl.LinkProgram(p);
   gl.DeleteShader(vs);
   gl.DeleteShader(fs);
   GLint ok = 0, n = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok)
      die_setup("a program capturing into two interleaved buffers failed to link");
   gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &n);
   if (n != 5)
      fail("GL_TRANSFORM_FEEDBACK_VARYINGS = %d, expected 5 (the special names count)", n);
   char nb[64] = "";
   GLsizei len = 0, size = 0;
   GLenum type = 1;
   gl.GetTransformFeedbackVarying(p, 1, sizeof nb, &len, &size, &type, nb);
   if (strcmp(nb, "gl_SkipComponents2") || type != GL_NONE || size != 2)
      fail("varying 1: `%s' type 0x%x size %d, expected gl_SkipComponents2 GL_NONE 2", nb, type,
           size);
   check_gl_error("the program's transform feedback queries");

   float v[12];
   rect_vertices(v, 8, 8, 40, 24);
   mesh m = make_mesh(v, 6);
   enum { N = 6, S0 = 12, S1 = 20 };
   GLuint b0 = xfb_buffer(N * S0 + 16), b1 = xfb_buffer(N * S1 + 16);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b0);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, b1);
   gl.UseProgram(p);
   glEnable(GL_RASTERIZER_DISCARD);
   gl.BeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, N);
   gl.EndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   check_gl_error("capture into two interleaved buffers");

   unsigned char r0[N * S0 + 16], r1[N * S1 + 16];
   read_buffer(b0, 0, sizeof r0, r0);
   read_buffer(b1, 0, sizeof r1, r1);
   for (int i = 0; i < N; i++) {
      const float k = 7.0f + (float)i;
      float got;
      memcpy(&got, r0 + i * S0, 4);
      check_words("buffer 0: v_k at the start of a 12-byte record", &got, &k, 1);
      const float pos[4] = {v[2 * i] / 32.0f - 1.0f, v[2 * i + 1] / 32.0f - 1.0f, 0.5f, 1.0f};
      float gp[4];
      memcpy(gp, r1 + i * S1 + 4, sizeof gp);
      check_words("buffer 1: v_pos 4 bytes into a 20-byte record", gp, pos, 4);
   }
   check_sentinel("buffer 0 past its six records", r0 + N * S0, 16);
   check_sentinel("buffer 1 past its six records", r1 + N * S1, 16);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   GLuint bufs[] = {b0, b1, m.vbo};
   gl.DeleteBuffers(3, bufs);
   gl.DeleteVertexArrays(1, &m.vao);
}

/* dsa_xfb_query: GL 4.5 direct state access to transform feedback objects and query results
 * (ARB_direct_state_access). An object made by glCreateTransformFeedbacks exists unbound; its
 * bindings are set and read by name (the generic binding and the default object's stay), with
 * the spec's errors (§13.2.2, §22.4); a capture through it writes the buffer it names. A
 * GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN query made by glCreateQueries writes its result, its
 * availability and its target into a buffer (glGetQueryBufferObject*, §4.2.3), with the errors
 * of an offset past the store, a non-buffer and a bad pname; the bytes around stay. */
void
sc_dsa_xfb_query(void)
{
   /* the commands are defined whether or not GL_ARB_direct_state_access is listed */
   if (!has_ext("GL_ARB_transform_feedback2")) {
      skipped("transform feedback objects (GL_ARB_transform_feedback2 is not listed)");
      return;
   }
   float v[12];
   rect_vertices(v, 8, 8, 40, 24);
   mesh m = make_mesh(v, 6);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   const char *names[] = {"v_b"};
   char log[2048] = "";
   GLuint p = xfb_program(names, 1, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (!p)
      die_setup("transform feedback program failed to link:\n%s", log);

   GLuint t = 0;
   gl.CreateTransformFeedbacks(1, &t);
   check_gl_error("glCreateTransformFeedbacks");
   if (!gl.IsTransformFeedback(t))
      fail("a created transform feedback object is not one before it is bound");
   GLuint b = xfb_buffer(16 + 6 * 4 + 16);
   gl.TransformFeedbackBufferRange(t, 0, b, 16, 6 * 4);
   check_gl_error("glTransformFeedbackBufferRange");
   GLint name = -1, generic = -1, def = -1;
   gl.GetTransformFeedbacki_v(t, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &name);
   GLint64 start = -1, size = -1;
   gl.GetTransformFeedbacki64_v(t, GL_TRANSFORM_FEEDBACK_BUFFER_START, 0, &start);
   gl.GetTransformFeedbacki64_v(t, GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 0, &size);
   check_gl_error("glGetTransformFeedbacki*_v");
   if (name != (GLint)b || start != 16 || size != 24)
      fail("object binding 0: buffer %d [%lld, +%lld), expected %u [16, +24)", name,
           (long long)start, (long long)size, b);
   glGetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &generic);
   gl.GetTransformFeedbacki_v(0, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &def);
   if (generic != 0 || def != 0)
      fail("the generic binding (%d) or the default object's (%d) changed", generic, def);

   gl.TransformFeedbackBufferBase(t + 100, 0, b);
   expect_error(GL_INVALID_OPERATION, "glTransformFeedbackBufferBase(not an object)");
   gl.TransformFeedbackBufferBase(t, 0, b + 100);
   expect_error(GL_INVALID_VALUE, "glTransformFeedbackBufferBase(not a buffer)");
   gl.TransformFeedbackBufferRange(t, 0, b, 2, 8);
   expect_error(GL_INVALID_VALUE, "glTransformFeedbackBufferRange(offset 2)");
   gl.TransformFeedbackBufferRange(t, 0, b, 0, 0);
   expect_error(GL_INVALID_VALUE, "glTransformFeedbackBufferRange(size 0)");
   GLint iv = -1;
   gl.GetTransformFeedbackiv(t, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &iv);
   expect_error(GL_INVALID_ENUM, "glGetTransformFeedbackiv(a binding pname)");
   gl.GetTransformFeedbacki_v(t, GL_TRANSFORM_FEEDBACK_BUFFER_START, 0, &iv);
   expect_error(GL_INVALID_ENUM, "glGetTransformFeedbacki_v(GL_TRANSFORM_FEEDBACK_BUFFER_START)");
   GLint64 i64 = -1;
   gl.GetTransformFeedbacki64_v(t, GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 64, &i64);
   expect_error(GL_INVALID_VALUE, "glGetTransformFeedbacki64_v(index 64)");

   /* capture through the object, counted by a created query */
   GLuint q = 0;
   gl.CreateQueries(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 1, &q);
   check_gl_error("glCreateQueries");
   gl.UseProgram(p);
   gl.Uniform4fv(uloc(p, "u_color"), 1, V4(0.2f, 0.6f, 1.0f, 1.0f).v);
   gl.Uniform1f(uloc(p, "u_k"), 0.0f);
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t);
   gl.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   gl.GetTransformFeedbackiv(t, GL_TRANSFORM_FEEDBACK_ACTIVE, &iv);
   if (iv != 1)
      fail("GL_TRANSFORM_FEEDBACK_ACTIVE of the capturing object = %d", iv);
   gl.TransformFeedbackBufferBase(t, 0, b);
   expect_error(GL_INVALID_OPERATION, "glTransformFeedbackBufferBase of an active object");
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.EndTransformFeedback();
   gl.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
   check_gl_error("capture through a created object");
   unsigned char raw[16 + 24 + 16];
   read_buffer(b, 0, sizeof raw, raw);
   check_sentinel("created object: bytes before the range", raw, 16);
   check_sentinel("created object: bytes after the range", raw + 40, 16);
   for (int vx = 0; vx < 6; vx++) {
      float want, got;
      xfb_expect("v_b", v, vx, 0.0f, &want);
      memcpy(&got, raw + 16 + 4 * vx, 4);
      check_words("created object: v_b", &got, &want, 1);
   }

   /* the query's result, availability and target, written into a buffer */
   unsigned char qb[32];
   memset(qb, 0xAB, sizeof qb);
   GLuint r = 0;
   gl.CreateBuffers(1, &r);
   gl.NamedBufferData(r, sizeof qb, qb, GL_STATIC_DRAW);
   gl.GetQueryBufferObjectui64v(q, r, GL_QUERY_RESULT, 8);
   gl.GetQueryBufferObjectiv(q, r, GL_QUERY_RESULT_AVAILABLE, 16);
   gl.GetQueryBufferObjectiv(q, r, GL_QUERY_TARGET, 20);
   check_gl_error("glGetQueryBufferObject*");
   gl.GetQueryBufferObjectui64v(q, r, GL_QUERY_RESULT, 28);
   expect_error(GL_INVALID_OPERATION, "glGetQueryBufferObjectui64v(past the store)");
   gl.GetQueryBufferObjectiv(q, r, GL_QUERY_RESULT, -4);
   expect_error(GL_INVALID_VALUE, "glGetQueryBufferObjectiv(offset -4)");
   gl.GetQueryBufferObjectiv(q, r + 100, GL_QUERY_RESULT, 0);
   expect_error(GL_INVALID_OPERATION, "glGetQueryBufferObjectiv(not a buffer)");
   gl.GetQueryBufferObjectiv(q, r, GL_QUERY_COUNTER_BITS, 0);
   expect_error(GL_INVALID_ENUM, "glGetQueryBufferObjectiv(GL_QUERY_COUNTER_BITS)");
   gl.GetQueryBufferObjectiv(q + 100, r, GL_QUERY_RESULT, 0);
   expect_error(GL_INVALID_OPERATION, "glGetQueryBufferObjectiv(not a query)");
   GLuint target = 0;
   gl.GetQueryObjectuiv(q, GL_QUERY_TARGET, &target);
   check_gl_error("glGetQueryObjectuiv(GL_QUERY_TARGET)");
   if (target != GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN)
      fail("glGetQueryObjectuiv(GL_QUERY_TARGET) = 0x%04x", target);
   unsigned char got[32];
   gl.GetNamedBufferSubData(r, 0, sizeof got, got);
   uint64_t prims;
   int32_t avail, qtarget;
   memcpy(&prims, got + 8, 8);
   memcpy(&avail, got + 16, 4);
   memcpy(&qtarget, got + 20, 4);
   if (prims != 2 || avail != 1 || qtarget != GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN)
      fail("query buffer: result %llu (2), available %d (1), target 0x%04x",
           (unsigned long long)prims, avail, (unsigned)qtarget);
   check_sentinel("query buffer: bytes before the result", got, 8);
   check_sentinel("query buffer: bytes after the target", got + 24, 8);
   gl.DeleteBuffers(1, &r);
   gl.DeleteQueries(1, &q);
   gl.DeleteTransformFeedbacks(1, &t);
   gl.DeleteBuffers(1, &b);
   gl.DeleteProgram(p);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* xfb_streams: GL 4.0's vertex streams (ARB_gpu_shader5, ARB_transform_feedback3). A geometry
 * shader turns each of 4 points into one stream-0 vertex (s0, and gl_Position: drawn) and two
 * stream-1 vertices (s1, placed 16 and 32 pixels higher: never rasterized, GL rasterizes stream
 * 0 alone). Capturing s0, gl_NextBuffer, s1 puts each stream in a buffer of its own; both are
 * read back word for word, with the bytes past them untouched. glBeginQueryIndexed counts
 * each stream: PRIMITIVES_GENERATED and TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN are 4 for stream
 * 0, 8 for stream 1 and 0 for stream 2, which emitted nothing. glDrawTransformFeedbackStream
 * then draws each stream's count from its buffer (stream 1 green, stream 0 blue). Plus the
 * spec's errors: two streams' varyings in one buffer fail to link (separate mode links), a
 * stream or query index at GL_MAX_VERTEX_STREAMS is GL_INVALID_VALUE. Where the context offers
 * one stream (mgl on the GLES backend) a stream-1 geometry shader must fail to compile, naming
 * GL_MAX_VERTEX_STREAMS. */
void
sc_xfb_streams(void)
{
   static const char *gs_src = "#version 150\n"
                               "#extension GL_ARB_gpu_shader5 : require\n"
                               "layout(points) in;\n"
                               "layout(points, max_vertices = 3) out;\n"
                               "layout(stream = 0) out vec4 s0;\n"
                               "layout(stream = 1) out vec4 s1;\n"
                               "void main() {\n"
                               "  vec4 p = gl_in[0].gl_Position;\n"
                               "  gl_Position = p;\n"
                               "  s0 = p;\n"
                               "  EmitStreamVertex(0);\n"
                               "  EndStreamPrimitive(0);\n"
                               "  for (int k = 1; k <= 2; k++) {\n"
                               "    gl_Position = p + vec4(0.0, 0.5 * float(k), 0.0, 0.0);\n"
                               "    s1 = gl_Position;\n"
                               "    EmitStreamVertex(1);\n"
                               "  }\n"
                               "  EndStreamPrimitive(1);\n"
                               "}\n";
   GLint streams = 0;
   glGetIntegerv(GL_MAX_VERTEX_STREAMS, &streams);
   glGetError(); /* a context without ARB_transform_feedback3 has no such limit */
   if (streams < 4 || !has_ext("GL_ARB_gpu_shader5")) {
      if (!on_mgl())
         die_setup("the reference GL has %d vertex streams", streams);
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (!renderer || !strstr(renderer, "(GLES:"))
         fail("GL_MAX_VERTEX_STREAMS %d on renderer %s", streams, renderer ? renderer : "(null)");
      if (has_ext("GL_ARB_gpu_shader5")) {
         GLuint sh = gl.CreateShader(GL_GEOMETRY_SHADER);
         gl.ShaderSource(sh, 1, &gs_src, NULL);
         gl.CompileShader(sh);
         GLint ok = 1;
         char log[1024] = "";
         gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
         gl.GetShaderInfoLog(sh, sizeof log, NULL, log);
         gl.DeleteShader(sh);
         if (ok || !strstr(log, "GL_MAX_VERTEX_STREAMS"))
            fail("a stream-1 geometry shader with one vertex stream: compiled %d, log %s", ok, log);
      }
      check_gl_error("the one-stream checks");
      skipped("one vertex stream");
      return;
   }
   enum { N = 4, V = 16, PAD = 16 };
   const char *vs_src =
      "#version 150\n"
      "in vec2 a_pos;\n"
      "void main() { gl_Position = vec4((a_pos + 0.5) / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *draw_vs = "#version 150\n"
                         "in vec4 a_pos;\n"
                         "void main() { gl_Position = a_pos; }\n";
   GLuint p = gl.CreateProgram();
   GLuint vs = compile(GL_VERTEX_SHADER, vs_src), gs = compile(GL_GEOMETRY_SHADER, gs_src),
          fs = compile(GL_FRAGMENT_SHADER, FS_UNIFORM);
   gl.AttachShader(p, vs);
   gl.AttachShader(p, gs);
   gl.AttachShader(p, fs);
   gl.BindAttribLocation(p, 0, "a_pos");
   /* two streams in one buffer: a link error (GL 4.0 11.1.2.1); separate buffers link */
   const char *mixed[] = {"s0", "s1"};
   GLint ok = 1;
   gl.TransformFeedbackVaryings(p, 2, mixed, GL_INTERLEAVED_ATTRIBS);
   gl.LinkProgram(p);
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (ok)
      fail("varyings of streams 0 and 1 interleaved into one buffer linked");
   gl.TransformFeedbackVaryings(p, 2, mixed, GL_SEPARATE_ATTRIBS);
   gl.LinkProgram(p);
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok)
      fail("varyings of streams 0 and 1 in separate buffers failed to link");
   const char *names[] = {"s0", "gl_NextBuffer", "s1"};
   gl.TransformFeedbackVaryings(p, 3, names, GL_INTERLEAVED_ATTRIBS);
   gl.LinkProgram(p);
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      gl.GetProgramInfoLog(p, sizeof log, NULL, log);
      die_setup("the two-stream capture program failed to link: %s", log);
   }
   GLuint drw = link_program(draw_vs, FS_UNIFORM);
   gl.DeleteShader(vs);
   gl.DeleteShader(gs);
   gl.DeleteShader(fs);
   check_gl_error("the stream programs");

   float pts[2 * N];
   for (int i = 0; i < N; i++)
      pts[2 * i] = 8.0f + 12.0f * (float)i, pts[2 * i + 1] = 16.0f;
   mesh m = make_mesh(pts, N);
   GLuint b0 = xfb_buffer(N * V + PAD), b1 = xfb_buffer(2 * N * V + PAD);
   GLuint tfo;
   gl.GenTransformFeedbacks(1, &tfo);
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, tfo);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b0);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, b1);
   GLuint q[5];
   gl.GenQueries(5, q);
   gl.BeginQueryIndexed(GL_PRIMITIVES_GENERATED, 4, q[0]);
   expect_error(GL_INVALID_VALUE, "glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 4)");
   gl.BeginQueryIndexed(GL_PRIMITIVES_GENERATED, 0, q[0]);
   gl.BeginQueryIndexed(GL_PRIMITIVES_GENERATED, 1, q[1]);
   gl.BeginQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 0, q[2]);
   gl.BeginQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 1, q[3]);
   gl.BeginQueryIndexed(GL_PRIMITIVES_GENERATED, 2, q[4]);
   check_gl_error("glBeginQueryIndexed of streams 0, 1 and 2");
   GLint cur = 0;
   gl.GetQueryIndexediv(GL_PRIMITIVES_GENERATED, 1, GL_CURRENT_QUERY, &cur);
   if ((GLuint)cur != q[1])
      fail("GL_CURRENT_QUERY of GL_PRIMITIVES_GENERATED stream 1 = %d, expected %u", cur, q[1]);

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), red = V4(1.0f, 0.0f, 0.0f, 1.0f),
               green = V4(0.0f, 1.0f, 0.0f, 1.0f), blue = V4(0.0f, 0.0f, 1.0f, 1.0f);
   clear_to(bg);
   gl.UseProgram(p);
   set_vec4(p, "u_color", red);
   gl.BeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, N);
   gl.EndTransformFeedback();
   for (int k = 0; k < 2; k++) {
      gl.EndQueryIndexed(GL_PRIMITIVES_GENERATED, (GLuint)k);
      gl.EndQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, (GLuint)k);
   }
   gl.EndQueryIndexed(GL_PRIMITIVES_GENERATED, 2);
   check_gl_error("the two-stream capture");
   model mo;
   model_init(&mo, bg);
   for (int i = 0; i < N; i++)
      model_rect(&mo, 8 + 12 * i, 16, 9 + 12 * i, 17, to8(red));
   check_frame("stream 0's points drawn, stream 1's not", &mo);

   const GLuint want_q[5] = {N, 2 * N, N, 2 * N, 0};
   const char *qname[5] = {"PRIMITIVES_GENERATED stream 0", "PRIMITIVES_GENERATED stream 1",
                           "PRIMITIVES_WRITTEN stream 0", "PRIMITIVES_WRITTEN stream 1",
                           "PRIMITIVES_GENERATED stream 2"};
   for (int i = 0; i < 5; i++) {
      GLuint got = 12345;
      gl.GetQueryObjectuiv(q[i], GL_QUERY_RESULT, &got);
      if (got != want_q[i])
         fail("%s = %u, expected %u", qname[i], got, want_q[i]);
   }

   unsigned char r0[N * V + PAD], r1[2 * N * V + PAD];
   read_buffer(b0, 0, sizeof r0, r0);
   read_buffer(b1, 0, sizeof r1, r1);
   for (int i = 0; i < N; i++) {
      const float x = (pts[2 * i] + 0.5f) / 32.0f - 1.0f, y = (16.0f + 0.5f) / 32.0f - 1.0f;
      const float w0[4] = {x, y, 0.0f, 1.0f};
      float g[4];
      memcpy(g, r0 + i * V, sizeof g);
      check_words("buffer 0: stream 0's s0", g, w0, 4);
      for (int k = 1; k <= 2; k++) {
         const float w1[4] = {x, y + 0.5f * (float)k, 0.0f, 1.0f};
         memcpy(g, r1 + (2 * i + k - 1) * V, sizeof g);
         check_words("buffer 1: stream 1's s1", g, w1, 4);
      }
   }
   check_sentinel("buffer 0 past stream 0's 4 vertices", r0 + N * V, PAD);
   check_sentinel("buffer 1 past stream 1's 8 vertices", r1 + 2 * N * V, PAD);

   /* Each stream's count, drawn from its buffer. */
   GLuint va[2];
   gl.GenVertexArrays(2, va);
   const GLuint src[2] = {b0, b1};
   for (int i = 0; i < 2; i++) {
      gl.BindVertexArray(va[i]);
      gl.BindBuffer(GL_ARRAY_BUFFER, src[i]);
      gl.VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, V, (void *)0);
      gl.EnableVertexAttribArray(0);
   }
   clear_to(bg);
   gl.UseProgram(drw);
   gl.DrawTransformFeedbackStream(GL_POINTS, tfo, (GLuint)streams);
   expect_error(GL_INVALID_VALUE, "glDrawTransformFeedbackStream at GL_MAX_VERTEX_STREAMS");
   gl.BindVertexArray(va[1]);
   set_vec4(drw, "u_color", green);
   gl.DrawTransformFeedbackStream(GL_POINTS, tfo, 1);
   gl.BindVertexArray(va[0]);
   set_vec4(drw, "u_color", blue);
   gl.DrawTransformFeedbackStream(GL_POINTS, tfo, 0);
   check_gl_error("glDrawTransformFeedbackStream of streams 1 and 0");
   model_init(&mo, bg);
   for (int i = 0; i < N; i++) {
      model_rect(&mo, 8 + 12 * i, 16, 9 + 12 * i, 17, to8(blue));
      model_rect(&mo, 8 + 12 * i, 32, 9 + 12 * i, 33, to8(green));
      model_rect(&mo, 8 + 12 * i, 48, 9 + 12 * i, 49, to8(green));
   }
   check_frame("glDrawTransformFeedbackStream: stream 1's 8 points green, stream 0's 4 blue", &mo);

   gl.UseProgram(0);
   gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
   gl.DeleteTransformFeedbacks(1, &tfo);
   gl.DeleteQueries(5, q);
   gl.DeleteProgram(p);
   gl.DeleteProgram(drw);
   GLuint bufs[] = {b0, b1, m.vbo};
   gl.DeleteBuffers(3, bufs);
   gl.DeleteVertexArrays(2, va);
   gl.DeleteVertexArrays(1, &m.vao);
}

/* ---- GL_ARB_transform_feedback_overflow_query (GL 4.6 §4.2) -------------------------------- */

/* One capture of `draws` 6-vertex triangle lists into room for 2 triangles, counted by a
 * written query, a stream-0 overflow query and an any-stream overflow query all active at once
 * (the server shares one Vulkan stream query among them); their results into out[3]. */
static void
overflow_run(GLuint b, const GLuint q[3], int draws, GLuint64 out[3])
{
   gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, 6 * 16);
   glEnable(GL_RASTERIZER_DISCARD);
   gl.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[0]);
   gl.BeginQueryIndexed(GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW, 0, q[1]);
   gl.BeginQuery(GL_TRANSFORM_FEEDBACK_OVERFLOW, q[2]);
   check_gl_error("glBeginQuery(written and both overflow targets)");
   gl.BeginTransformFeedback(GL_TRIANGLES);
   for (int i = 0; i < draws; i++)
      glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.EndTransformFeedback();
   gl.EndQuery(GL_TRANSFORM_FEEDBACK_OVERFLOW);
   gl.EndQueryIndexed(GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW, 0);
   gl.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   glDisable(GL_RASTERIZER_DISCARD);
   for (int i = 0; i < 3; i++)
      gl.GetQueryObjectui64v(q[i], GL_QUERY_RESULT, &out[i]);
   check_gl_error("the overflow queries' results");
}

/* xfb_overflow: GL_TRANSFORM_FEEDBACK_OVERFLOW and _STREAM_OVERFLOW beside
 * GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN on the same stream: a capture that fits reads 0, one
 * that needed more room reads 1 (written stops at what fit); conditional rendering on them draws
 * where the query is 1 (and, inverted, where it is 0); their counter bits and index errors. */
void
sc_xfb_overflow(void)
{
   if (!has_ext("GL_ARB_transform_feedback_overflow_query")) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && renderer && strstr(renderer, "(Vulkan:"))
         fail("GL_ARB_transform_feedback_overflow_query not listed on renderer %s", renderer);
      skipped("GL_ARB_transform_feedback_overflow_query is not listed");
      return;
   }
   const vec4f bg = V4(0.2f, 0.2f, 0.4f, 1.0f);
   float v[12];
   rect_vertices(v, 8, 8, 24, 24);
   mesh m = make_mesh(v, 6);
   clear_to(bg);
   char log[2048] = "";
   const char *names[] = {"v_a"};
   GLuint p = xfb_program(names, 1, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (!p)
      die_setup("transform feedback program failed to link:\n%s", log);
   gl.UseProgram(p);
   gl.Uniform1f(uloc(p, "u_k"), 1.0f);
   gl.Uniform4fv(uloc(p, "u_color"), 1, V4(0.0f, 1.0f, 0.0f, 1.0f).v);
   GLint bits = -1;
   gl.GetQueryiv(GL_TRANSFORM_FEEDBACK_OVERFLOW, GL_QUERY_COUNTER_BITS, &bits);
   if (bits < 1)
      fail("GL_QUERY_COUNTER_BITS of GL_TRANSFORM_FEEDBACK_OVERFLOW = %d", bits);
   GLuint q[7];
   gl.GenQueries(7, q);
   gl.BeginQueryIndexed(GL_TRANSFORM_FEEDBACK_OVERFLOW, 1, q[6]);
   expect_error(GL_INVALID_VALUE, "glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_OVERFLOW, 1)");

   GLuint b = xfb_buffer(6 * 16);
   GLuint64 fits[3], over[3];
   overflow_run(b, q, 1, fits);
   overflow_run(b, q + 3, 2, over);
   if (fits[0] != 2 || fits[1] != 0 || fits[2] != 0)
      fail("2 triangles into room for 2: written %llu, stream overflow %llu, overflow %llu; "
           "expected 2, 0, 0",
           (unsigned long long)fits[0], (unsigned long long)fits[1], (unsigned long long)fits[2]);
   if (over[0] != 2 || over[1] != 1 || over[2] != 1)
      fail("4 triangles into room for 2: written %llu, stream overflow %llu, overflow %llu; "
           "expected 2, 1, 1",
           (unsigned long long)over[0], (unsigned long long)over[1], (unsigned long long)over[2]);

   /* conditional rendering: the left rect on the overflowed stream query (drawn), the right
    * one on the fitting any-stream query (discarded), the top one inverted on it (drawn) */
   gl.BeginConditionalRender(q[4], GL_QUERY_WAIT);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.EndConditionalRender();
   float r[12];
   rect_vertices(r, 40, 8, 56, 24);
   mesh mr = make_mesh(r, 6);
   gl.BeginConditionalRender(q[2], GL_QUERY_WAIT);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.EndConditionalRender();
   rect_vertices(r, 8, 40, 24, 56);
   mesh mt = make_mesh(r, 6);
   gl.BeginConditionalRender(q[2], GL_QUERY_WAIT_INVERTED);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.EndConditionalRender();
   check_gl_error("conditional rendering on overflow queries");
   model md;
   model_init(&md, bg);
   model_rect(&md, 8, 8, 24, 24, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   model_rect(&md, 8, 40, 24, 56, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("conditional rendering on overflow queries", &md);

   gl.DeleteQueries(7, q);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   GLuint bufs[] = {b, m.vbo, mr.vbo, mt.vbo};
   gl.DeleteBuffers(4, bufs);
}

/* xfb_layouts: GL 4.4 ARB_enhanced_layouts. The vertex shader declares its own capture (GLSL
 * 4.40 4.4.2.1), which wins over the glTransformFeedbackVaryings the app also gave: buffer 0
 * holds v_b at 0 and v_xy at 8 in a 24-byte record (xfb_stride; the holes at 4 and 16..23 stay
 * untouched), buffer 2 (binding 1 captures nothing and stays unbound) a block member at 4 of a
 * 20-byte record, and, where doubles are offered, buffer 3 a float at 0 and a double at 8 of an
 * implicit 16-byte record. The fragment shader's colour comes from varyings that share a
 * location by layout(component), and a vertex input reads component 3 of attribute 0 (the
 * vec2 array's missing w: 1). The program's transform feedback and interface queries say so; a
 * capture past GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS and two varyings of different
 * numerical types in one location fail to link. */
void
sc_xfb_layouts(void)
{
   if (!has_ext("GL_ARB_enhanced_layouts")) {
      if (!on_mgl()) {
         skipped("ARB_enhanced_layouts not listed");
         return;
      }
      /* mgl withholds it where the backend lacks MGP_CAP_ENHANCED_LAYOUTS (the GLES backend):
       * its #extension and, in GLSL 4.40, a component or a declared capture fail to compile,
       * naming the extension */
      const char *refused[] = {"#version 330 core\n"
                               "#extension GL_ARB_enhanced_layouts : require\n"
                               "void main() { gl_Position = vec4(0.0); }\n",
                               "#version 440 core\n"
                               "layout(location = 0, component = 1) out float v;\n"
                               "void main() { v = 1.0; gl_Position = vec4(0.0); }\n",
                               "#version 440 core\n"
                               "layout(xfb_offset = 0) out float v;\n"
                               "void main() { v = 1.0; gl_Position = vec4(0.0); }\n"};
      for (int k = 0; k < 3; k++) {
         GLuint s = gl.CreateShader(GL_VERTEX_SHADER);
         gl.ShaderSource(s, 1, &refused[k], NULL);
         gl.CompileShader(s);
         GLint ok = 1;
         char log[1024] = "";
         gl.GetShaderiv(s, GL_COMPILE_STATUS, &ok);
         gl.GetShaderInfoLog(s, sizeof log, NULL, log);
         if (ok || !strstr(log, "GL_ARB_enhanced_layouts"))
            fail("refused shader %d: compiled %d, log `%s' (expected a failure naming "
                 "GL_ARB_enhanced_layouts)",
                 k, ok, log);
         gl.DeleteShader(s);
      }
      check_gl_error("the refused shaders");
      skipped("the capture and the component varyings (ARB_enhanced_layouts not offered)");
      return;
   }
   const bool fp64 = has_ext("GL_ARB_gpu_shader_fp64");
   char vs_src[2048];
   snprintf(vs_src, sizeof vs_src,
            "#version 330 core\n"
            "#extension GL_ARB_enhanced_layouts : require\n"
            "#extension GL_ARB_separate_shader_objects : enable\n"
            "%s"
            "const int base = 4;\n"
            "layout(location = 0) in vec2 a_pos;\n"
            "layout(location = 0, component = 3) in float a_w;\n"
            "layout(xfb_buffer = 0, xfb_stride = 24) out;\n"
            "layout(xfb_offset = 0) out float v_b;\n"
            "layout(xfb_offset = base * 2) out vec2 v_xy;\n"
            "layout(xfb_buffer = 2) out Blk { layout(xfb_offset = base) vec4 m; } blk;\n"
            "%s"
            "layout(location = 1, component = 0) out vec2 c_rg;\n"
            "layout(location = 1, component = 2) out float c_b;\n"
            "layout(location = 1, component = 3) out float c_a;\n"
            "void main() {\n"
            "  v_b = a_pos.x + a_pos.y * 100.0;\n"
            "  v_xy = a_pos;\n"
            "  blk.m = vec4(a_pos, float(gl_VertexID), a_w);\n"
            "%s"
            "  c_rg = vec2(0.2, 0.6);\n"
            "  c_b = a_w;\n"
            "  c_a = 1.0;\n"
            "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.25, a_w);\n"
            "}\n",
            fp64 ? "#extension GL_ARB_gpu_shader_fp64 : require\n" : "",
            fp64 ? "layout(xfb_buffer = 3, xfb_offset = 0) out float v_f;\n"
                   "layout(xfb_buffer = 3, xfb_offset = 8) out double v_d;\n"
                 : "",
            fp64 ? "  v_f = float(gl_VertexID) + 0.5;\n"
                   "  v_d = double(a_pos.x) * 1.0e10lf + 1.0lf / 3.0lf;\n"
                 : "");
   const char *fs_src = "#version 330 core\n"
                        "#extension GL_ARB_enhanced_layouts : require\n"
                        "#extension GL_ARB_separate_shader_objects : enable\n"
                        "layout(location = 1, component = 0) in vec2 c_rg;\n"
                        "layout(location = 1, component = 2) in float c_b;\n"
                        "layout(location = 1, component = 3) in float c_a;\n"
                        "out vec4 o;\n"
                        "void main() { o = vec4(c_rg, c_b, c_a); }\n";
   GLuint vs = compile(GL_VERTEX_SHADER, vs_src), fs = compile(GL_FRAGMENT_SHADER, fs_src);
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, vs);
   gl.AttachShader(p, fs);
   const char *ignored[] = {"v_xy"}; /* the shader's own layout wins (GL 4.6 11.1.2.1) */
   gl.TransformFeedbackVaryings(p, 1, ignored, GL_SEPARATE_ATTRIBS);
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[2048] = "";
      gl.GetProgramInfoLog(p, sizeof log, NULL, log);
      die_setup("a program declaring its capture failed to link:\n%s", log);
   }
   check_gl_error("link of the program declaring its capture");

   /* what the program says it captures */
   const int nv = fp64 ? 5 : 3;
   GLint iv = -1;
   gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &iv);
   if (iv != nv)
      fail("GL_TRANSFORM_FEEDBACK_VARYINGS = %d, expected %d", iv, nv);
   gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &iv);
   if (iv != GL_SEPARATE_ATTRIBS) /* program state glTransformFeedbackVaryings set */
      fail("GL_TRANSFORM_FEEDBACK_BUFFER_MODE = 0x%x, expected GL_SEPARATE_ATTRIBS", iv);
   gl.GetProgramInterfaceiv(p, GL_TRANSFORM_FEEDBACK_BUFFER, GL_ACTIVE_RESOURCES, &iv);
   if (iv != (fp64 ? 3 : 2))
      fail("GL_TRANSFORM_FEEDBACK_BUFFER resources = %d, expected %d", iv, fp64 ? 3 : 2);
   const struct {
      const char *name;
      GLint buffer, offset, type;
   } want[] = {{"v_b", 0, 0, GL_FLOAT},
               {"v_xy", 0, 8, GL_FLOAT_VEC2},
               {"Blk.m", 2, 4, GL_FLOAT_VEC4},
               {"v_f", 3, 0, GL_FLOAT},
               {"v_d", 3, 8, GL_DOUBLE}};
   for (int i = 0; i < nv; i++) {
      const GLuint idx = gl.GetProgramResourceIndex(p, GL_TRANSFORM_FEEDBACK_VARYING, want[i].name);
      if (idx == GL_INVALID_INDEX) {
         fail("no transform feedback varying `%s'", want[i].name);
         continue;
      }
      const GLenum props[] = {GL_TRANSFORM_FEEDBACK_BUFFER_INDEX, GL_OFFSET, GL_TYPE};
      GLint got[3] = {-1, -1, -1};
      gl.GetProgramResourceiv(p, GL_TRANSFORM_FEEDBACK_VARYING, idx, 3, props, 3, NULL, got);
      GLint binding = -1, stride = -1;
      const GLenum bprops[] = {GL_BUFFER_BINDING, GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE};
      GLint bv[2] = {-1, -1};
      gl.GetProgramResourceiv(p, GL_TRANSFORM_FEEDBACK_BUFFER, (GLuint)got[0], 2, bprops, 2, NULL,
                              bv);
      binding = bv[0], stride = bv[1];
      const GLint want_stride = want[i].buffer == 0 ? 24 : want[i].buffer == 2 ? 20 : 16;
      if (binding != want[i].buffer || got[1] != want[i].offset || got[2] != want[i].type ||
          stride != want_stride)
         fail("`%s': binding %d offset %d type 0x%x stride %d, expected %d %d 0x%x %d",
              want[i].name, binding, got[1], got[2], stride, want[i].buffer, want[i].offset,
              want[i].type, want_stride);
   }
   const GLuint aw = gl.GetProgramResourceIndex(p, GL_PROGRAM_INPUT, "a_w");
   const GLenum lc[] = {GL_LOCATION, GL_LOCATION_COMPONENT};
   GLint lcv[2] = {-1, -1};
   if (aw != GL_INVALID_INDEX)
      gl.GetProgramResourceiv(p, GL_PROGRAM_INPUT, aw, 2, lc, 2, NULL, lcv);
   if (lcv[0] != 0 || lcv[1] != 3)
      fail("input a_w: location %d component %d, expected 0 and 3", lcv[0], lcv[1]);
   check_gl_error("the program's transform feedback and interface queries");

   /* the capture, while the rect renders */
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   float v[12];
   rect_vertices(v, 8, 8, 40, 24);
   mesh m = make_mesh(v, 6);
   clear_to(bg);
   enum { N = 6 };
   GLuint b0 = xfb_buffer(N * 24 + 16), b2 = xfb_buffer(N * 20 + 16), b3 = xfb_buffer(N * 16 + 16);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b0);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 2, b2);
   if (fp64)
      gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 3, b3);
   gl.UseProgram(p);
   gl.BindVertexArray(m.vao);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   check_gl_error("glBeginTransformFeedback with bindings 0, 2 (and 3) only");
   glDrawArrays(GL_TRIANGLES, 0, N);
   gl.EndTransformFeedback();
   check_gl_error("capture by the shader's layout");

   unsigned char r0[N * 24 + 16], r2[N * 20 + 16], r3[N * 16 + 16];
   read_buffer(b0, 0, sizeof r0, r0);
   read_buffer(b2, 0, sizeof r2, r2);
   for (int i = 0; i < N; i++) {
      const float x = v[2 * i], y = v[2 * i + 1];
      const float wb = x + y * 100.0f, wxy[2] = {x, y}, wm[4] = {x, y, (float)i, 1.0f};
      float gb, gxy[2], gm[4];
      memcpy(&gb, r0 + i * 24, 4);
      memcpy(gxy, r0 + i * 24 + 8, 8);
      memcpy(gm, r2 + i * 20 + 4, 16);
      char what[64];
      snprintf(what, sizeof what, "buffer 0 vertex %d: v_b at 0", i);
      check_words(what, &gb, &wb, 1);
      snprintf(what, sizeof what, "buffer 0 vertex %d: v_xy at 8", i);
      check_words(what, gxy, wxy, 2);
      snprintf(what, sizeof what, "buffer 0 vertex %d: the hole at 4", i);
      check_sentinel(what, r0 + i * 24 + 4, 4);
      snprintf(what, sizeof what, "buffer 0 vertex %d: the hole at 16 (xfb_stride 24)", i);
      check_sentinel(what, r0 + i * 24 + 16, 8);
      snprintf(what, sizeof what, "buffer 2 vertex %d: Blk.m at 4 (a_w: 1)", i);
      check_words(what, gm, wm, 4);
      snprintf(what, sizeof what, "buffer 2 vertex %d: the hole at 0", i);
      check_sentinel(what, r2 + i * 20, 4);
   }
   check_sentinel("buffer 0 past six records", r0 + N * 24, 16);
   check_sentinel("buffer 2 past six records", r2 + N * 20, 16);
   if (fp64) {
      read_buffer(b3, 0, sizeof r3, r3);
      for (int i = 0; i < N; i++) {
         const float wf = (float)i + 0.5f;
         const double wd = (double)v[2 * i] * 1.0e10 + 1.0 / 3.0;
         float gf;
         double gd;
         memcpy(&gf, r3 + i * 16, 4);
         memcpy(&gd, r3 + i * 16 + 8, 8);
         char what[64];
         snprintf(what, sizeof what, "buffer 3 vertex %d: v_f at 0", i);
         check_words(what, &gf, &wf, 1);
         snprintf(what, sizeof what, "buffer 3 vertex %d: the hole at 4", i);
         check_sentinel(what, r3 + i * 16 + 4, 4);
         if (memcmp(&gd, &wd, 8))
            fail("buffer 3 vertex %d: v_d at 8 = %.17g, expected %.17g", i, gd, wd);
      }
      check_sentinel("buffer 3 past six records", r3 + N * 16, 16);
   } else {
      skipped("the double capture (ARB_gpu_shader_fp64 not listed)");
   }
   model md;
   model_init(&md, bg);
   model_rect(&md, 8, 8, 40, 24, to8(V4(0.2f, 0.6f, 1.0f, 1.0f)));
   check_frame("the rect coloured by varyings sharing location 1 by component", &md);
   gl.UseProgram(0);

   /* link errors: 68 components a record; a float and an int in one location */
   const char *too_big = "#version 330 core\n"
                         "#extension GL_ARB_enhanced_layouts : require\n"
                         "#extension GL_ARB_separate_shader_objects : enable\n"
                         "layout(xfb_offset = 0) out vec4 v_big[17];\n"
                         "void main() { for (int i = 0; i < 17; i++) v_big[i] = vec4(i);\n"
                         "  gl_Position = vec4(0.0); }\n";
   const char *mixed = "#version 330 core\n"
                       "#extension GL_ARB_enhanced_layouts : require\n"
                       "#extension GL_ARB_separate_shader_objects : enable\n"
                       "layout(location = 0) out vec3 v_f;\n"
                       "layout(location = 0, component = 3) flat out int v_i;\n"
                       "void main() { v_f = vec3(1.0); v_i = 1; gl_Position = vec4(0.0); }\n";
   const char *bad[] = {too_big, mixed};
   const char *why[] = {"a 68-component capture record", "a float and an int in location 0"};
   for (int k = 0; k < 2; k++) {
      GLuint s = gl.CreateShader(GL_VERTEX_SHADER);
      gl.ShaderSource(s, 1, &bad[k], NULL);
      gl.CompileShader(s);
      GLuint q = gl.CreateProgram();
      gl.AttachShader(q, s);
      gl.LinkProgram(q);
      gl.GetProgramiv(q, GL_LINK_STATUS, &ok);
      if (ok)
         fail("a program with %s linked", why[k]);
      gl.DeleteShader(s);
      gl.DeleteProgram(q);
   }
   check_gl_error("the refused programs");
   gl.DeleteShader(vs);
   gl.DeleteShader(fs);
   gl.DeleteProgram(p);
   GLuint bufs[] = {b0, b2, b3, m.vbo};
   gl.DeleteBuffers(4, bufs);
   gl.DeleteVertexArrays(1, &m.vao);
}

/* ---- captured built-ins -------------------------------------------------------------------- */

/* A program of vs (and gs when not NULL) and fs capturing `names` in `mode`; 0 when the link
 * fails (its log in log). */
static GLuint
builtin_program(const char *vs_src, const char *gs_src, const char *fs_src,
                const char *const *names, GLsizei n, GLenum mode, char *log, size_t log_size)
{
   GLuint p = gl.CreateProgram();
   GLuint sh[3] = {compile(GL_VERTEX_SHADER, vs_src), compile(GL_FRAGMENT_SHADER, fs_src),
                   gs_src ? compile(GL_GEOMETRY_SHADER, gs_src) : 0};
   for (int i = 0; i < 3; i++)
      if (sh[i]) {
         gl.AttachShader(p, sh[i]);
         gl.DeleteShader(sh[i]);
      }
   gl.TransformFeedbackVaryings(p, n, names, mode);
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   log[0] = '\0';
   gl.GetProgramInfoLog(p, (GLsizei)log_size, NULL, log);
   check_gl_error("link of a program capturing built-ins");
   if (!ok) {
      gl.DeleteProgram(p);
      return 0;
   }
   return p;
}

/* glGetTransformFeedbackVarying(p, index) must answer name, type and size. */
static void
expect_varying(GLuint p, GLuint index, const char *name, GLenum want_type, GLint size)
{
   char got[64] = "";
   GLsizei len = -1, sz = -1;
   GLenum type = 0;
   gl.GetTransformFeedbackVarying(p, index, sizeof got, &len, &sz, &type, got);
   check_gl_error("glGetTransformFeedbackVarying");
   if (strcmp(got, name) || len != (GLsizei)strlen(name) || type != want_type || sz != size)
      fail("transform feedback varying %u: %s (length %d), type 0x%x, size %d; expected %s, "
           "type 0x%x, size %d",
           index, got, len, type, sz, name, want_type, size);
}

/* Captures `verts` points drawn from the program into buffers b[0..nb-1] (each bytes[i] long,
 * bound whole) under rasterizer discard, and reads them into out[i]. */
static void
builtin_capture(GLuint p, int verts, int nb, const GLsizeiptr *bytes, float **out)
{
   GLuint b[4], vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.UseProgram(p);
   for (int i = 0; i < nb; i++) {
      b[i] = xfb_buffer(bytes[i] + 16);
      gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, (GLuint)i, b[i], 0, bytes[i]);
   }
   glEnable(GL_RASTERIZER_DISCARD);
   gl.BeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, verts);
   gl.EndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   check_gl_error("capture of the built-ins");
   for (int i = 0; i < nb; i++) {
      unsigned char *all = malloc((size_t)bytes[i] + 16);
      if (!all)
         die_setup("out of memory");
      map_read(b[i], bytes[i] + 16, all);
      memcpy(out[i], all, (size_t)bytes[i]);
      check_sentinel("past a capture of built-ins", all + bytes[i], 16);
      free(all);
   }
   gl.UseProgram(0);
   gl.DeleteBuffers(nb, b);
   gl.DeleteVertexArrays(1, &vao);
}

/* xfb_builtins: glTransformFeedbackVaryings capturing the built-in outputs GL 3.3 §2.15.2 names:
 * gl_Position, gl_PointSize and gl_ClipDistance (whole, and one element "gl_ClipDistance[1]")
 * with a user varying, interleaved and separate, every float exact (gl_Position's z is GL's, the
 * point size the shader's though GL_PROGRAM_POINT_SIZE is off and glPointSize says 4); the same
 * from a geometry shader that emits points; glGetTransformFeedbackVarying's answers (GL_FLOAT,
 * size 2 for the clip distances); and the links that must fail: an element past the shader's
 * gl_ClipDistance[2], and gl_ClipDistance of a shader that writes none. */
void
sc_xfb_builtins(void)
{
   static const char *vs_src = "#version 330 core\n"
                               "out float v_k;\n"
                               "void main() {\n"
                               "  float i = float(gl_VertexID);\n"
                               "  gl_Position = vec4(i * 0.25 - 0.5, 0.5 - i * 0.125, 0.25, 1.0);\n"
                               "  gl_PointSize = 1.5 + i;\n"
                               "  gl_ClipDistance[0] = 0.5 + i;\n"
                               "  gl_ClipDistance[1] = 2.0 + i * 0.25;\n"
                               "  v_k = i * 3.0 + 0.125;\n"
                               "}\n";
   enum { N = 3 };
   /* per vertex i: v_k, gl_Position (4), gl_PointSize, gl_ClipDistance (2) */
   float want[N][8];
   for (int v = 0; v < N; v++) {
      const float i = (float)v;
      const float w[8] = {i * 3.0f + 0.125f, i * 0.25f - 0.5f, 0.5f - i * 0.125f, 0.25f, 1.0f,
                          1.5f + i,          0.5f + i,         2.0f + i * 0.25f};
      memcpy(want[v], w, sizeof w);
   }
   glPointSize(4.0f); /* not what is captured: the shader's size is */
   char log[2048];

   /* interleaved, the clip distances first */
   static const char *inter[] = {"gl_ClipDistance", "v_k", "gl_Position", "gl_PointSize"};
   GLuint p =
      builtin_program(vs_src, NULL, FS_UNIFORM, inter, 4, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (!p) {
      fail("capturing gl_ClipDistance, v_k, gl_Position and gl_PointSize: link failed: %s", log);
   } else {
      expect_varying(p, 0, "gl_ClipDistance", GL_FLOAT, 2);
      expect_varying(p, 1, "v_k", GL_FLOAT, 1);
      expect_varying(p, 3, "gl_PointSize", GL_FLOAT, 1);
      expect_program_iv(p, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH, 16,
                        "GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH");
      float got[N * 8], expect[N * 8];
      float *outs[1] = {got};
      const GLsizeiptr bytes[1] = {sizeof got};
      builtin_capture(p, N, 1, bytes, outs);
      for (int v = 0; v < N; v++) {
         float *e = &expect[v * 8];
         e[0] = want[v][6], e[1] = want[v][7], e[2] = want[v][0];
         memcpy(&e[3], &want[v][1], 4 * sizeof(float));
         e[7] = want[v][5];
      }
      check_words("interleaved gl_ClipDistance, v_k, gl_Position, gl_PointSize", got, expect,
                  N * 8);
      gl.DeleteProgram(p);
   }

   /* separate: one buffer each, one element of the clip distances */
   static const char *sep[] = {"gl_PointSize", "gl_ClipDistance[1]", "gl_Position", "v_k"};
   p = builtin_program(vs_src, NULL, FS_UNIFORM, sep, 4, GL_SEPARATE_ATTRIBS, log, sizeof log);
   if (!p) {
      fail("capturing gl_PointSize, gl_ClipDistance[1], gl_Position, v_k separately: link "
           "failed: %s",
           log);
   } else {
      expect_varying(p, 1, "gl_ClipDistance[1]", GL_FLOAT, 1);
      expect_varying(p, 2, "gl_Position", GL_FLOAT_VEC4, 1);
      float size[N], clip[N], pos[N * 4], k[N], esize[N], eclip[N], epos[N * 4], ek[N];
      float *outs[4] = {size, clip, pos, k};
      const GLsizeiptr bytes[4] = {sizeof size, sizeof clip, sizeof pos, sizeof k};
      builtin_capture(p, N, 4, bytes, outs);
      for (int v = 0; v < N; v++) {
         esize[v] = want[v][5], eclip[v] = want[v][7], ek[v] = want[v][0];
         memcpy(&epos[v * 4], &want[v][1], 4 * sizeof(float));
      }
      check_words("separate gl_PointSize", size, esize, N);
      check_words("separate gl_ClipDistance[1]", clip, eclip, N);
      check_words("separate gl_Position", pos, epos, N * 4);
      check_words("separate v_k", k, ek, N);
      gl.DeleteProgram(p);
   }

   /* a geometry shader emitting points: its own size and clip distance for each vertex */
   static const char *gs_src = "#version 330 core\n"
                               "layout(points) in;\n"
                               "layout(points, max_vertices = 2) out;\n"
                               "void main() {\n"
                               "  for (int j = 0; j < 2; j++) {\n"
                               "    float k = float(gl_PrimitiveIDIn * 2 + j);\n"
                               "    gl_Position = vec4(k * 0.125, 0.0, 0.5, 1.0);\n"
                               "    gl_PointSize = 2.5 + k;\n"
                               "    gl_ClipDistance[0] = 8.0 - k;\n"
                               "    EmitVertex();\n"
                               "  }\n"
                               "}\n";
   static const char *gnames[] = {"gl_PointSize", "gl_ClipDistance[0]", "gl_Position"};
   p = builtin_program(vs_src, gs_src, FS_UNIFORM, gnames, 3, GL_INTERLEAVED_ATTRIBS, log,
                       sizeof log);
   if (!p) {
      fail("a geometry shader capturing gl_PointSize, gl_ClipDistance[0], gl_Position: link "
           "failed: %s",
           log);
   } else {
      expect_varying(p, 1, "gl_ClipDistance[0]", GL_FLOAT, 1);
      float got[2 * N * 6], expect[2 * N * 6];
      float *outs[1] = {got};
      const GLsizeiptr bytes[1] = {sizeof got};
      builtin_capture(p, N, 1, bytes, outs);
      for (int v = 0; v < 2 * N; v++) {
         const float kk = (float)v;
         const float e[6] = {2.5f + kk, 8.0f - kk, kk * 0.125f, 0.0f, 0.5f, 1.0f};
         memcpy(&expect[v * 6], e, sizeof e);
      }
      check_words("gl_PointSize, gl_ClipDistance[0], gl_Position of a geometry shader", got, expect,
                  2 * N * 6);
      gl.DeleteProgram(p);
   }
   glPointSize(1.0f);

   /* GL 3.3 §2.15.2: an element past the array's size fails the link */
   static const char *past[] = {"gl_ClipDistance[2]"};
   p = builtin_program(vs_src, NULL, FS_UNIFORM, past, 1, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (p) {
      fail("capturing gl_ClipDistance[2] of a shader writing gl_ClipDistance[0..1] linked");
      gl.DeleteProgram(p);
   }
   /* a shader that writes no clip distance has none to capture (as Mesa: undeclared) */
   static const char *vs_none = "#version 330 core\n"
                                "void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n";
   static const char *clip[] = {"gl_ClipDistance"};
   p = builtin_program(vs_none, NULL, FS_UNIFORM, clip, 1, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (p) {
      fail("capturing gl_ClipDistance of a shader writing none linked");
      gl.DeleteProgram(p);
   }
}

/* es3_xfb_point_size: ES 3.0 §2.15.2 lets a program capture gl_PointSize (and gl_Position):
 * interleaved with a user varying, every float exact. */
void
sc_es3_xfb_point_size(void)
{
   (void)es_version(30);
   static const char *vs_src = "#version 300 es\n"
                               "out float v_k;\n"
                               "void main() {\n"
                               "  float i = float(gl_VertexID);\n"
                               "  gl_Position = vec4(i * 0.25, -0.5, 0.75, 1.0);\n"
                               "  gl_PointSize = 3.25 + i;\n"
                               "  v_k = 7.0 - i;\n"
                               "}\n";
   static const char *fs_src = "#version 300 es\n"
                               "precision mediump float;\n"
                               "out vec4 o_color;\n"
                               "void main() { o_color = vec4(1.0); }\n";
   static const char *names[] = {"gl_PointSize", "v_k", "gl_Position"};
   char log[2048];
   GLuint p =
      builtin_program(vs_src, NULL, fs_src, names, 3, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (!p) {
      fail("ES: capturing gl_PointSize, v_k and gl_Position: link failed: %s", log);
      return;
   }
   expect_varying(p, 0, "gl_PointSize", GL_FLOAT, 1);
   enum { N = 3 };
   float got[N * 6], expect[N * 6];
   float *outs[1] = {got};
   const GLsizeiptr bytes[1] = {sizeof got};
   builtin_capture(p, N, 1, bytes, outs);
   for (int v = 0; v < N; v++) {
      const float i = (float)v;
      const float e[6] = {3.25f + i, 7.0f - i, i * 0.25f, -0.5f, 0.75f, 1.0f};
      memcpy(&expect[v * 6], e, sizeof e);
   }
   check_words("ES interleaved gl_PointSize, v_k, gl_Position", got, expect, N * 6);
   gl.DeleteProgram(p);
}

/* xfb_cull_distance: glTransformFeedbackVaryings capturing gl_CullDistance (GL 4.6 §11.1.2.1,
 * ARB_cull_distance) as it does gl_ClipDistance: whole and one element "gl_CullDistance[i]",
 * interleaved beside gl_ClipDistance, gl_Position and a user varying and separate, and from a
 * geometry shader emitting points, every float exact; glGetTransformFeedbackVarying's answers
 * (GL_FLOAT, size 2 for the whole); the links that must fail (an element past the shader's
 * gl_CullDistance[2], gl_CullDistance of a shader that writes none); and a capture while
 * drawing, which records the vertices of the rectangle its cull distance culls (transform
 * feedback comes before culling, GL 4.6 §13.7) while only the other rectangle is drawn. */
void
sc_xfb_cull_distance(void)
{
   if (!has_ext("GL_ARB_cull_distance")) {
      /* lavapipe's Vulkan and llvmpipe's GLES (EXT_clip_cull_distance) have cull distances */
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && renderer &&
          (strstr(renderer, "(Vulkan:") || strstr(renderer, "(GLES: llvmpipe")))
         fail("GL_ARB_cull_distance not listed on renderer %s", renderer);
      skipped("GL_ARB_cull_distance is not listed");
      return;
   }
   static const char *vs_src = "#version 330 core\n"
                               "#extension GL_ARB_cull_distance : require\n"
                               "out float v_k;\n"
                               "void main() {\n"
                               "  float i = float(gl_VertexID);\n"
                               "  gl_Position = vec4(i * 0.25 - 0.5, 0.5 - i * 0.125, 0.25, 1.0);\n"
                               "  gl_ClipDistance[0] = 0.5 + i;\n"
                               "  gl_CullDistance[0] = 1.25 + i;\n"
                               "  gl_CullDistance[1] = 3.0 + i * 0.5;\n"
                               "  v_k = i * 3.0 + 0.125;\n"
                               "}\n";
   enum { N = 3 };
   /* per vertex i: v_k, gl_Position (4), gl_ClipDistance[0], gl_CullDistance (2) */
   float want[N][8];
   for (int v = 0; v < N; v++) {
      const float i = (float)v;
      const float w[8] = {i * 3.0f + 0.125f, i * 0.25f - 0.5f, 0.5f - i * 0.125f, 0.25f, 1.0f,
                          0.5f + i,          1.25f + i,        3.0f + i * 0.5f};
      memcpy(want[v], w, sizeof w);
   }
   char log[2048];

   /* interleaved, the cull distances first and the clip distance last */
   static const char *inter[] = {"gl_CullDistance", "v_k", "gl_Position", "gl_ClipDistance"};
   GLuint p =
      builtin_program(vs_src, NULL, FS_UNIFORM, inter, 4, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (!p) {
      fail("capturing gl_CullDistance, v_k, gl_Position and gl_ClipDistance: link failed: %s", log);
   } else {
      expect_varying(p, 0, "gl_CullDistance", GL_FLOAT, 2);
      expect_varying(p, 3, "gl_ClipDistance", GL_FLOAT, 1);
      float got[N * 8], expect[N * 8];
      float *outs[1] = {got};
      const GLsizeiptr bytes[1] = {sizeof got};
      builtin_capture(p, N, 1, bytes, outs);
      for (int v = 0; v < N; v++) {
         float *e = &expect[v * 8];
         e[0] = want[v][6], e[1] = want[v][7], e[2] = want[v][0];
         memcpy(&e[3], &want[v][1], 4 * sizeof(float));
         e[7] = want[v][5];
      }
      check_words("interleaved gl_CullDistance, v_k, gl_Position, gl_ClipDistance", got, expect,
                  N * 8);
      gl.DeleteProgram(p);
   }

   /* separate: one element each, the second first */
   static const char *sep[] = {"gl_CullDistance[1]", "v_k", "gl_CullDistance[0]"};
   p = builtin_program(vs_src, NULL, FS_UNIFORM, sep, 3, GL_SEPARATE_ATTRIBS, log, sizeof log);
   if (!p) {
      fail("capturing gl_CullDistance[1], v_k, gl_CullDistance[0] separately: link failed: %s",
           log);
   } else {
      expect_varying(p, 0, "gl_CullDistance[1]", GL_FLOAT, 1);
      expect_varying(p, 2, "gl_CullDistance[0]", GL_FLOAT, 1);
      float c1[N], k[N], c0[N], e1[N], ek[N], e0[N];
      float *outs[3] = {c1, k, c0};
      const GLsizeiptr bytes[3] = {sizeof c1, sizeof k, sizeof c0};
      builtin_capture(p, N, 3, bytes, outs);
      for (int v = 0; v < N; v++)
         e1[v] = want[v][7], ek[v] = want[v][0], e0[v] = want[v][6];
      check_words("separate gl_CullDistance[1]", c1, e1, N);
      check_words("separate v_k", k, ek, N);
      check_words("separate gl_CullDistance[0]", c0, e0, N);
      gl.DeleteProgram(p);
   }

   /* a geometry shader emitting points: its own cull distances for each vertex */
   static const char *gs_src = "#version 330 core\n"
                               "#extension GL_ARB_cull_distance : require\n"
                               "layout(points) in;\n"
                               "layout(points, max_vertices = 2) out;\n"
                               "void main() {\n"
                               "  for (int j = 0; j < 2; j++) {\n"
                               "    float k = float(gl_PrimitiveIDIn * 2 + j);\n"
                               "    gl_Position = vec4(k * 0.125, 0.0, 0.5, 1.0);\n"
                               "    gl_CullDistance[0] = 8.0 - k;\n"
                               "    gl_CullDistance[1] = 0.75 + k;\n"
                               "    gl_CullDistance[2] = 16.0 + k * 0.25;\n"
                               "    EmitVertex();\n"
                               "  }\n"
                               "}\n";
   static const char *gnames[] = {"gl_CullDistance[2]", "gl_Position", "gl_CullDistance"};
   p = builtin_program(vs_src, gs_src, FS_UNIFORM, gnames, 3, GL_INTERLEAVED_ATTRIBS, log,
                       sizeof log);
   if (!p) {
      fail("a geometry shader capturing gl_CullDistance[2], gl_Position, gl_CullDistance: link "
           "failed: %s",
           log);
   } else {
      expect_varying(p, 0, "gl_CullDistance[2]", GL_FLOAT, 1);
      expect_varying(p, 2, "gl_CullDistance", GL_FLOAT, 3);
      float got[2 * N * 8], expect[2 * N * 8];
      float *outs[1] = {got};
      const GLsizeiptr bytes[1] = {sizeof got};
      builtin_capture(p, N, 1, bytes, outs);
      for (int v = 0; v < 2 * N; v++) {
         const float kk = (float)v;
         const float e[8] = {16.0f + kk * 0.25f, kk * 0.125f,       0.0f, 0.5f, 1.0f, 8.0f - kk,
                             0.75f + kk,         16.0f + kk * 0.25f};
         memcpy(&expect[v * 8], e, sizeof e);
      }
      check_words("gl_CullDistance[2], gl_Position, gl_CullDistance of a geometry shader", got,
                  expect, 2 * N * 8);
      gl.DeleteProgram(p);
   }

   /* an element past the array's size fails the link */
   static const char *past[] = {"gl_CullDistance[2]"};
   p = builtin_program(vs_src, NULL, FS_UNIFORM, past, 1, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (p) {
      fail("capturing gl_CullDistance[2] of a shader writing gl_CullDistance[0..1] linked");
      gl.DeleteProgram(p);
   }
   /* a shader that writes no cull distance has none to capture (as Mesa: undeclared) */
   static const char *vs_none = "#version 330 core\n"
                                "#extension GL_ARB_cull_distance : require\n"
                                "void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"
                                "  gl_ClipDistance[0] = 1.0; }\n";
   static const char *cull[] = {"gl_CullDistance"};
   p = builtin_program(vs_none, NULL, FS_UNIFORM, cull, 1, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
   if (p) {
      fail("capturing gl_CullDistance of a shader writing none linked");
      gl.DeleteProgram(p);
   }

   /* drawn while captured: the left rectangle's cull distance culls it, its vertices are still
    * recorded */
   static const char *vs_draw = "#version 330 core\n"
                                "#extension GL_ARB_cull_distance : require\n"
                                "layout(location = 0) in vec2 a_pos;\n"
                                "void main() {\n"
                                "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                                "  gl_CullDistance[0] = gl_VertexID < 6 ? -1.5 : 2.0;\n"
                                "  gl_CullDistance[1] = float(gl_VertexID) * 0.5;\n"
                                "}\n";
   static const char *dnames[] = {"gl_CullDistance"};
   p = builtin_program(vs_draw, NULL, FS_UNIFORM, dnames, 1, GL_INTERLEAVED_ATTRIBS, log,
                       sizeof log);
   if (!p) {
      fail("a drawing program capturing gl_CullDistance: link failed: %s", log);
      return;
   }
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   clear_to(bg);
   float q[24];
   rect_vertices(q, 4, 8, 28, 56);
   rect_vertices(q + 12, 36, 8, 60, 56);
   mesh two = make_mesh(q, 12);
   enum { V = 12 };
   const GLsizeiptr size = V * 2 * sizeof(float);
   GLuint b = xfb_buffer(size + 16);
   gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, size);
   gl.UseProgram(p);
   set_vec4(p, "u_color", V4(0, 1, 0, 1));
   gl.BeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_TRIANGLES, 0, V);
   gl.EndTransformFeedback();
   check_gl_error("the captured cull draw");
   unsigned char all[V * 2 * sizeof(float) + 16];
   map_read(b, size + 16, all);
   float got[V * 2], expect[V * 2];
   memcpy(got, all, sizeof got);
   check_sentinel("past the captured cull draw", all + size, 16);
   for (int v = 0; v < V; v++)
      expect[v * 2] = v < 6 ? -1.5f : 2.0f, expect[v * 2 + 1] = (float)v * 0.5f;
   check_words("gl_CullDistance of the drawn rectangles, the culled one's too", got, expect, V * 2);
   model m;
   model_init(&m, bg);
   model_rect(&m, 36, 8, 60, 56, (rgba8){{0, 255, 0, 255}});
   check_frame("the left rectangle culled while its cull distances are captured", &m);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &b);
   gl.DeleteBuffers(1, &two.vbo);
   gl.DeleteVertexArrays(1, &two.vao);
}
