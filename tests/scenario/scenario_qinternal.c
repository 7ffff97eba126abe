/* scenario_qinternal.c — the work mgl records itself inside the application's queries (issue
 * 20). GL counts drawing commands only (GL 4.6 §4.2, §13.3, §11.1.3; ARB_pipeline_statistics_query):
 * glBlitFramebuffer, glClear and glClearBuffer*, glGenerateMipmap, glCopyTexSubImage*,
 * glCopyImageSubData, glReadPixels and buffer copies are none, and an indirect draw or dispatch
 * counts what its command says, nothing of the checks mgl runs on it. The Vulkan backend does
 * several of these with draws or dispatches of its own (the blit pipeline, masked clears, the
 * indirect clamp and grid checks, the line-loop index stream), which an active Vulkan query would
 * count. Each scenario here runs one family of operations three ways under every query it can:
 *   alone:   begin, the operations, end: what GL counts for them (the reference sequence's
 *            counts: nothing, or the indirect commands' draws written directly);
 *   between: begin, a draw, the operations, a draw, end: the two draws' counts plus the above;
 *   capture: the same under transform feedback: primitives generated and written.
 * The queries: GL_SAMPLES_PASSED (and GL_ANY_SAMPLES_PASSED alone, then a conditional render on
 * it), GL_PRIMITIVES_GENERATED and, where offered, the 11 pipeline statistics. */
#include "scenario.h"

enum { QI_STATS = 11, QI_N = 2 + QI_STATS };

static const GLenum qi_target[QI_N] = {
   GL_SAMPLES_PASSED,
   GL_PRIMITIVES_GENERATED,
   GL_VERTICES_SUBMITTED_ARB,
   GL_PRIMITIVES_SUBMITTED_ARB,
   GL_VERTEX_SHADER_INVOCATIONS_ARB,
   GL_TESS_CONTROL_SHADER_PATCHES_ARB,
   GL_TESS_EVALUATION_SHADER_INVOCATIONS_ARB,
   GL_GEOMETRY_SHADER_INVOCATIONS,
   GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED_ARB,
   GL_FRAGMENT_SHADER_INVOCATIONS_ARB,
   GL_COMPUTE_SHADER_INVOCATIONS_ARB,
   GL_CLIPPING_INPUT_PRIMITIVES_ARB,
   GL_CLIPPING_OUTPUT_PRIMITIVES_ARB,
};

static const char *const qi_name[QI_N] = {
   "GL_SAMPLES_PASSED",
   "GL_PRIMITIVES_GENERATED",
   "GL_VERTICES_SUBMITTED_ARB",
   "GL_PRIMITIVES_SUBMITTED_ARB",
   "GL_VERTEX_SHADER_INVOCATIONS_ARB",
   "GL_TESS_CONTROL_SHADER_PATCHES_ARB",
   "GL_TESS_EVALUATION_SHADER_INVOCATIONS_ARB",
   "GL_GEOMETRY_SHADER_INVOCATIONS",
   "GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED_ARB",
   "GL_FRAGMENT_SHADER_INVOCATIONS_ARB",
   "GL_COMPUTE_SHADER_INVOCATIONS_ARB",
   "GL_CLIPPING_INPUT_PRIMITIVES_ARB",
   "GL_CLIPPING_OUTPUT_PRIMITIVES_ARB",
};

/* A family: `ops` the operations under test, `ref` what GL counts for them written as direct
 * drawing commands (NULL: nothing). Both leave the bindings as they found them, but for the
 * program, vertex array, framebuffers and viewport, which qi_run puts back. */
typedef struct {
   const char *what;
   void (*ops)(void *arg);
   void (*ref)(void *arg);
   void *arg;
   bool capture;  /* the operations may run during a transform feedback capture */
   uint32_t skip; /* bits (1 << i) of qi_target whose counts GL leaves to the implementation */
} qi_family;

typedef struct {
   GLuint draw_prog, xfb_prog, vao, vbo, xfb_buf;
   GLint fb_draw, fb_read;
   bool stats;
} qi_env;

static qi_env qe;

/* A program capturing its one varying, v_a, for the capture pass. */
static const char *VS_QI_XFB = "#version 330 core\n"
                               "layout(location = 0) in vec2 a_pos;\n"
                               "out vec4 v_a;\n"
                               "void main() {\n"
                               "  v_a = vec4(a_pos, float(gl_VertexID), 1.0);\n"
                               "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                               "}\n";

static void
qi_setup(void)
{
   qe = (qi_env){0};
   qe.stats = has_ext("GL_ARB_pipeline_statistics_query");
   qe.draw_prog = solid_program();
   set_vec4(qe.draw_prog, "u_color", V4(0.2f, 0.8f, 0.4f, 1.0f));
   float v[12];
   rect_vertices(v, 0, 0, 16, 8); /* 128 pixels, two triangles */
   mesh m = make_mesh(v, 6);
   qe.vao = m.vao, qe.vbo = m.vbo;
   GLuint vs = compile(GL_VERTEX_SHADER, VS_QI_XFB);
   GLuint fs = compile(GL_FRAGMENT_SHADER, FS_UNIFORM);
   qe.xfb_prog = gl.CreateProgram();
   gl.AttachShader(qe.xfb_prog, vs);
   gl.AttachShader(qe.xfb_prog, fs);
   const char *names[] = {"v_a"};
   gl.TransformFeedbackVaryings(qe.xfb_prog, 1, names, GL_INTERLEAVED_ATTRIBS);
   gl.LinkProgram(qe.xfb_prog);
   gl.DeleteShader(vs);
   gl.DeleteShader(fs);
   GLint ok = 0;
   gl.GetProgramiv(qe.xfb_prog, GL_LINK_STATUS, &ok);
   if (!ok)
      die_setup("transform feedback program failed to link");
   gl.UseProgram(qe.xfb_prog);
   set_vec4(qe.xfb_prog, "u_color", V4(0.2f, 0.8f, 0.4f, 1.0f));
   gl.UseProgram(qe.draw_prog);
   qe.xfb_buf = xfb_buffer(64 * 16);
   glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &qe.fb_draw);
   glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &qe.fb_read);
   glDisable(GL_DEPTH_TEST);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   check_gl_error("query family setup");
}

static void
qi_teardown(void)
{
   gl.UseProgram(0);
   gl.DeleteProgram(qe.draw_prog);
   gl.DeleteProgram(qe.xfb_prog);
   GLuint bufs[] = {qe.vbo, qe.xfb_buf};
   gl.DeleteBuffers(2, bufs);
   gl.DeleteVertexArrays(1, &qe.vao);
}

/* What the operations may have changed that the draws rely on. */
static void
qi_restore(GLuint prog)
{
   GLint cur = 0;
   glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
   if ((GLuint)cur != prog) /* (no glUseProgram during a capture, not even of the same one) */
      gl.UseProgram(prog);
   gl.BindVertexArray(qe.vao);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)qe.fb_draw);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)qe.fb_read);
   glViewport(0, 0, W, H);
}

/* GL_FRAGMENT_SHADER_INVOCATIONS_ARB is compared nowhere: GL lets helper and early-tested
 * invocations count or not, and lavapipe's counter is not repeatable (the same two draws read
 * 104832 in one query and 109951162752 in the next). */
#define QI_FS (2 + 7)

static bool
qi_used(int i)
{
   return i < 2 || (qe.stats && i != QI_FS);
}

static void
qi_begin(const GLuint *q)
{
   for (int i = 0; i < QI_N; i++)
      if (qi_used(i))
         gl.BeginQuery(qi_target[i], q[i]);
}

static void
qi_end(const GLuint *q, GLuint64 *out)
{
   for (int i = QI_N; i-- > 0;)
      if (qi_used(i))
         gl.EndQuery(qi_target[i]);
   check_gl_error("ending the queries");
   for (int i = 0; i < QI_N; i++) {
      out[i] = 0;
      if (qi_used(i))
         gl.GetQueryObjectui64v(q[i], GL_QUERY_RESULT, &out[i]);
   }
   check_gl_error("reading the queries");
}

static void
qi_draw(void)
{
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

/* Under every query: `body` alone (ops, or ref for the expectation), and between two draws. */
static void
qi_measure(const qi_family *f, bool between, bool real, GLuint64 *out)
{
   GLuint q[QI_N];
   gl.GenQueries(QI_N, q);
   qi_restore(qe.draw_prog);
   qi_begin(q);
   if (between)
      qi_draw();
   if (real)
      f->ops(f->arg);
   else if (f->ref)
      f->ref(f->arg);
   qi_restore(qe.draw_prog);
   if (between)
      qi_draw();
   qi_end(q, out);
   gl.DeleteQueries(QI_N, q);
}

static void
qi_compare(const qi_family *f, const char *how, const GLuint64 *got, const GLuint64 *want)
{
   for (int i = 0; i < QI_N; i++)
      if (qi_used(i) && !(f->skip & (1u << i)) && got[i] != want[i])
         fail("%s %s: %s = %llu, want %llu (what GL's drawing commands alone count)", f->what, how,
              qi_name[i], (unsigned long long)got[i], (unsigned long long)want[i]);
}

/* GL_ANY_SAMPLES_PASSED over the operations alone, and a conditional render on it: where GL
 * counts no sample (no ref, or one that passes none) the render is discarded. */
static void
qi_any_samples(const qi_family *f, GLuint64 want_any)
{
   GLuint q;
   gl.GenQueries(1, &q);
   qi_restore(qe.draw_prog);
   gl.BeginQuery(GL_ANY_SAMPLES_PASSED, q);
   f->ops(f->arg);
   gl.EndQuery(GL_ANY_SAMPLES_PASSED);
   qi_restore(qe.draw_prog);
   check_gl_error("GL_ANY_SAMPLES_PASSED over the operations");
   /* a marker at (40..48, 40..48) drawn on the query, read before the result is asked for */
   glEnable(GL_SCISSOR_TEST);
   glScissor(40, 40, 8, 8);
   glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   gl.BeginConditionalRender(q, GL_QUERY_WAIT);
   gl.Uniform2f(uloc(qe.draw_prog, "u_offset"), 40.0f, 40.0f);
   qi_draw();
   gl.Uniform2f(uloc(qe.draw_prog, "u_offset"), 0.0f, 0.0f);
   gl.EndConditionalRender();
   check_gl_error("a conditional render on the query");
   GLubyte px[4] = {0};
   glReadPixels(44, 42, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   const bool drawn = px[1] > 128;
   GLuint64 any = ~0ull;
   gl.GetQueryObjectui64v(q, GL_QUERY_RESULT, &any);
   check_gl_error("GL_ANY_SAMPLES_PASSED result");
   if (any != want_any)
      fail("%s alone: GL_ANY_SAMPLES_PASSED = %llu, want %llu", f->what, (unsigned long long)any,
           (unsigned long long)want_any);
   if (drawn != (want_any != 0))
      fail("%s alone: a GL_QUERY_WAIT conditional render on GL_ANY_SAMPLES_PASSED %s, want %s",
           f->what, drawn ? "drew" : "discarded", want_any ? "drawn" : "discarded");
   gl.DeleteQueries(1, &q);
}

/* Primitives generated and written by two captured draws with the operations between them. */
static void
qi_capture(const qi_family *f)
{
   GLuint q[2];
   gl.GenQueries(2, q);
   qi_restore(qe.xfb_prog);
   gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, qe.xfb_buf, 0, 64 * 16);
   gl.BeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
   gl.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   qi_draw();
   f->ops(f->arg);
   qi_restore(qe.xfb_prog);
   qi_draw();
   gl.EndTransformFeedback();
   gl.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   gl.EndQuery(GL_PRIMITIVES_GENERATED);
   check_gl_error("the operations in a capture");
   GLuint64 generated = ~0ull, written = ~0ull;
   gl.GetQueryObjectui64v(q[0], GL_QUERY_RESULT, &generated);
   gl.GetQueryObjectui64v(q[1], GL_QUERY_RESULT, &written);
   check_gl_error("primitive query results");
   GLuint64 ref[QI_N] = {0};
   if (f->ref) {
      /* what the reference draws add, counted outside the capture */
      qi_measure(f, false, false, ref);
      qi_restore(qe.xfb_prog);
   }
   if (generated != 4 + ref[1] || written != 4 + ref[1])
      fail("%s between two captured draws: generated %llu written %llu, want %llu and %llu",
           f->what, (unsigned long long)generated, (unsigned long long)written,
           (unsigned long long)(4 + ref[1]), (unsigned long long)(4 + ref[1]));
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
   gl.DeleteQueries(2, q);
}

static void
qi_run(const qi_family *f)
{
   GLuint64 want[QI_N], got[QI_N], two[QI_N];
   qi_measure(f, false, false, want);
   qi_measure(f, false, true, got);
   qi_compare(f, "alone", got, want);
   /* the two draws alone, and with the operations between */
   qi_family none = {.what = f->what};
   qi_measure(&none, true, false, two);
   if (two[0] != 256 && two[0] != 1)
      fail("two draws of 128 pixels: GL_SAMPLES_PASSED = %llu", (unsigned long long)two[0]);
   if (two[1] != 4)
      fail("two draws of two triangles: GL_PRIMITIVES_GENERATED = %llu",
           (unsigned long long)two[1]);
   for (int i = 0; i < QI_N; i++)
      want[i] += two[i];
   if (two[0] == 1) /* a boolean occlusion counter (GL_QUERY_COUNTER_BITS 0) */
      want[0] = 1;
   qi_measure(f, true, true, got);
   qi_compare(f, "between two draws", got, want);
   qi_any_samples(f, f->ref ? 1 : 0);
   if (f->capture)
      qi_capture(f);
   qi_restore(qe.draw_prog);
}

/* ---- glBlitFramebuffer ----------------------------------------------------------------------- */

typedef struct {
   GLuint tex, fbo, ms_rb, ms_fbo, big_tex, big_fbo;
} qi_blit;

static void
blit_ops(void *arg)
{
   qi_blit *b = arg;
   /* a copy (same format, 1:1) into the window */
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, b->fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)qe.fb_draw);
   gl.BlitFramebuffer(0, 0, 16, 16, 20, 20, 36, 36, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   /* scaled, linear, and mirrored */
   gl.BlitFramebuffer(0, 0, 16, 16, 20, 0, 52, 16, GL_COLOR_BUFFER_BIT, GL_LINEAR);
   gl.BlitFramebuffer(16, 0, 0, 16, 52, 20, 60, 36, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   /* a single-sample source into a multisampled destination: drawn by mgl */
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, b->ms_fbo);
   gl.BlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   /* and resolved into the window */
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, b->ms_fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)qe.fb_draw);
   gl.BlitFramebuffer(0, 0, 16, 16, 0, 40, 16, 56, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   /* a scaled blit whose source rectangle leaves the read surface: drawn by mgl */
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, b->big_fbo);
   gl.BlitFramebuffer(-8, -8, 40, 40, 40, 0, 64, 12, GL_COLOR_BUFFER_BIT, GL_LINEAR);
}

static GLuint
qi_tex_fbo(GLuint *tex, GLenum ifmt, int w, int h, const GLubyte rgba[4])
{
   glGenTextures(1, tex);
   glBindTexture(GL_TEXTURE_2D, *tex);
   GLubyte *px = malloc((size_t)w * (size_t)h * 4);
   for (int i = 0; i < w * h; i++)
      memcpy(px + 4 * i, rgba, 4);
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   free(px);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("a 0x%x texture framebuffer is incomplete", ifmt);
   return fbo;
}

void
sc_query_internal_blit(void)
{
   qi_setup();
   qi_blit b;
   const GLubyte blue[4] = {0, 0, 255, 255};
   b.fbo = qi_tex_fbo(&b.tex, GL_RGBA8, 16, 16, blue);
   b.big_fbo = qi_tex_fbo(&b.big_tex, GL_RGBA8, 32, 32, blue);
   b.ms_fbo = ms_rgba8_fbo(&b.ms_rb);
   qi_restore(qe.draw_prog);
   check_gl_error("blit framebuffers");
   qi_run(&(qi_family){"glBlitFramebuffer (copy, scaled, mirrored, into and out of 4 samples)",
                       blit_ops, NULL, &b, true, 0});
   readback();
   expect_px("a blit's pixels", 24, 24, to8(V4(0.0f, 0.0f, 1.0f, 1.0f)));
   GLuint fbos[] = {b.fbo, b.big_fbo, b.ms_fbo}, texs[] = {b.tex, b.big_tex};
   gl.DeleteFramebuffers(3, fbos);
   glDeleteTextures(2, texs);
   gl.DeleteRenderbuffers(1, &b.ms_rb);
   qi_teardown();
}

/* ---- glClear and glClearBuffer* with write masks and a scissor ------------------------------ */

static void
clear_ops(void *arg)
{
   (void)arg;
   const GLfloat white[4] = {1.0f, 1.0f, 1.0f, 1.0f};
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
   gl.ClearBufferfv(GL_COLOR, 0, white); /* magenta over the window's green */
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glStencilMask(0x5);
   const GLint one = 1;
   gl.ClearBufferiv(GL_STENCIL, 0, &one);
   glStencilMask(0xff);
   glEnable(GL_SCISSOR_TEST);
   glScissor(56, 56, 8, 8);
   glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
   glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDisable(GL_SCISSOR_TEST);
   const GLfloat depth = 0.5f;
   gl.ClearBufferfv(GL_DEPTH, 0, &depth);
}

void
sc_query_internal_clear(void)
{
   qi_setup();
   qi_run(&(qi_family){"masked and scissored glClear and glClearBuffer*", clear_ops, NULL, NULL,
                       true, 0});
   readback();
   expect_px("a masked clear's pixels", 60, 60, to8(V4(1.0f, 1.0f, 1.0f, 1.0f)));
   qi_teardown();
}

/* ---- copies and readbacks ---------------------------------------------------------------------- */

typedef struct {
   GLuint tex, tex565, tex_r8, dst, buf[2];
   bool copy_image, clear_tex;
} qi_copy;

static void
copy_ops(void *arg)
{
   qi_copy *c = arg;
   glBindTexture(GL_TEXTURE_2D, c->tex);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 16, 16);
   glBindTexture(GL_TEXTURE_2D, c->tex565); /* a copy that converts */
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 4, 4, 8, 8);
   glBindTexture(GL_TEXTURE_2D, c->tex_r8);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 0, 0, 16, 16, 0);
   if (c->copy_image)
      gl.CopyImageSubData(c->tex, GL_TEXTURE_2D, 0, 0, 0, 0, c->dst, GL_TEXTURE_2D, 0, 4, 4, 0, 8,
                          8, 1);
   if (c->clear_tex) {
      const GLubyte red[4] = {255, 0, 0, 255};
      gl.ClearTexImage(c->dst, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
   }
   const GLubyte px[4 * 4] = {0};
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RED, GL_UNSIGNED_BYTE, px);
   gl.BindBuffer(GL_COPY_READ_BUFFER, c->buf[0]);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, c->buf[1]);
   gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 64, 64);
   GLubyte back[16 * 16 * 4];
   glReadPixels(0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, back);
   GLfloat backf[8 * 8];
   glReadPixels(0, 0, 8, 8, GL_GREEN, GL_FLOAT, backf); /* converting */
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, c->buf[1]);
   glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, NULL); /* into a buffer */
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   glBindTexture(GL_TEXTURE_2D, 0);
}

void
sc_query_internal_copy(void)
{
   qi_setup();
   qi_copy c = {0};
   GLuint t[4];
   glGenTextures(4, t);
   c.tex = t[0], c.tex565 = t[1], c.tex_r8 = t[2], c.dst = t[3];
   const GLenum fmt[4] = {GL_RGBA8, GL_RGB565, GL_R8, GL_RGBA8};
   for (int i = 0; i < 4; i++) {
      if (i == 2)
         continue; /* glCopyTexImage2D defines it */
      glBindTexture(GL_TEXTURE_2D, t[i]);
      gl.TexStorage2D(GL_TEXTURE_2D, 1, fmt[i], 16, 16);
   }
   glBindTexture(GL_TEXTURE_2D, 0);
   c.copy_image = context_version() >= 43 || has_ext("GL_ARB_copy_image");
   c.clear_tex = context_version() >= 44 || has_ext("GL_ARB_clear_texture");
   gl.GenBuffers(2, c.buf);
   for (int i = 0; i < 2; i++) {
      gl.BindBuffer(GL_COPY_WRITE_BUFFER, c.buf[i]);
      gl.BufferData(GL_COPY_WRITE_BUFFER, 256, NULL, GL_STREAM_READ);
   }
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, 0);
   check_gl_error("copy textures and buffers");
   qi_run(&(qi_family){"glCopyTex(Sub)Image2D, glCopyImageSubData, glClearTexImage, "
                       "glTexSubImage2D, glCopyBufferSubData and glReadPixels",
                       copy_ops, NULL, &c, true, 0});
   glDeleteTextures(4, t);
   gl.DeleteBuffers(2, c.buf);
   qi_teardown();
}

/* ---- glGenerateMipmap ------------------------------------------------------------------------- */

typedef struct {
   GLuint tex[3];
} qi_mip;

static void
mip_ops(void *arg)
{
   qi_mip *m = arg;
   for (int i = 0; i < 3; i++) {
      glBindTexture(GL_TEXTURE_2D, m->tex[i]);
      gl.GenerateMipmap(GL_TEXTURE_2D);
   }
   glBindTexture(GL_TEXTURE_2D, 0);
}

void
sc_query_internal_mipmap(void)
{
   qi_setup();
   qi_mip m;
   glGenTextures(3, m.tex);
   const GLenum fmt[3] = {GL_RGBA8, GL_SRGB8_ALPHA8, GL_RGBA16F};
   GLubyte px[32 * 32 * 4];
   for (int i = 0; i < 32 * 32 * 4; i++)
      px[i] = (GLubyte)(i * 7);
   for (int i = 0; i < 3; i++) {
      glBindTexture(GL_TEXTURE_2D, m.tex[i]);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fmt[i], 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   }
   glBindTexture(GL_TEXTURE_2D, 0);
   check_gl_error("mipmapped textures");
   qi_run(
      &(qi_family){"glGenerateMipmap (RGBA8, SRGB8_ALPHA8, RGBA16F)", mip_ops, NULL, &m, true, 0});
   glDeleteTextures(3, m.tex);
   qi_teardown();
}

/* ---- indirect draws and dispatches ------------------------------------------------------------- */

typedef struct {
   GLuint cmd_buf, idx_buf, cs, ssbo;
   bool compute;
} qi_ind;

static const char *CS_QI = "#version 430\n"
                           "layout(local_size_x = 4) in;\n"
                           "layout(std430, binding = 0) buffer B { uint n[]; };\n"
                           "void main() { atomicAdd(n[0], 1u); }\n";

/* The commands: a glDrawArraysIndirect of the rectangle (6 vertices), a glDrawElementsIndirect
 * of it moved 20 pixels up, a glMultiDrawArraysIndirect of two draws of it of which the second
 * has no instances, and a glDispatchComputeIndirect of 3 x 1 x 1 groups of 4. */
static void
ind_ops(void *arg)
{
   qi_ind *d = arg;
   gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, d->cmd_buf);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, d->idx_buf);
   gl.DrawArraysIndirect(GL_TRIANGLES, (const void *)0);
   gl.Uniform2f(uloc(qe.draw_prog, "u_offset"), 0.0f, 20.0f);
   gl.DrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (const void *)16);
   gl.Uniform2f(uloc(qe.draw_prog, "u_offset"), 0.0f, 0.0f);
   gl.MultiDrawArraysIndirect(GL_TRIANGLES, (const void *)36, 2, 16);
   gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
   if (d->compute) {
      gl.UseProgram(d->cs);
      gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, d->ssbo);
      gl.BindBuffer(GL_DISPATCH_INDIRECT_BUFFER, d->cmd_buf);
      gl.DispatchComputeIndirect(68);
      gl.BindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
   }
}

/* The same commands, direct. */
static void
ind_ref(void *arg)
{
   qi_ind *d = arg;
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform2f(uloc(qe.draw_prog, "u_offset"), 0.0f, 20.0f);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, d->idx_buf);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (const void *)0);
   gl.Uniform2f(uloc(qe.draw_prog, "u_offset"), 0.0f, 0.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   if (d->compute) {
      gl.UseProgram(d->cs);
      gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, d->ssbo);
      gl.DispatchCompute(3, 1, 1);
   }
}

void
sc_query_internal_indirect(void)
{
   if (context_version() < 40 && !has_ext("GL_ARB_draw_indirect")) {
      skipped("no indirect draws in this context");
      return;
   }
   qi_setup();
   qi_ind d = {0};
   d.compute = context_version() >= 43 || has_ext("GL_ARB_compute_shader");
   const GLuint cmds[] = {
      6, 1, 0, 0,    /* arrays: count, instances, first, base instance */
      6, 1, 0, 0, 0, /* elements: count, instances, first index, base vertex, base inst. */
      6, 1, 0, 0,    /* multi: the first draw */
      6, 0, 0, 0,    /* and one of no instances */
      3, 1, 1,       /* dispatch at 68 */
   };
   /* copied on the GPU, so the server cannot read the commands it draws: mgl clamps them with
    * a compute step (vkb_draw_clamp.c) */
   GLuint src;
   gl.GenBuffers(1, &src);
   gl.BindBuffer(GL_COPY_READ_BUFFER, src);
   gl.BufferData(GL_COPY_READ_BUFFER, sizeof cmds, cmds, GL_STATIC_DRAW);
   gl.GenBuffers(1, &d.cmd_buf);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, d.cmd_buf);
   gl.BufferData(GL_COPY_WRITE_BUFFER, sizeof cmds, NULL, GL_STATIC_DRAW);
   gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, sizeof cmds);
   gl.DeleteBuffers(1, &src);
   const GLushort idx[6] = {0, 1, 2, 3, 4, 5};
   gl.GenBuffers(1, &d.idx_buf);
   gl.BindVertexArray(qe.vao);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, d.idx_buf);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
   if (d.compute) {
      d.cs = must_compute(CS_QI);
      gl.GenBuffers(1, &d.ssbo);
      gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, d.ssbo);
      gl.BufferData(GL_SHADER_STORAGE_BUFFER, 16, NULL, GL_DYNAMIC_COPY);
      gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
   }
   check_gl_error("indirect commands");
   qi_family f = {"indirect draws and an indirect dispatch", ind_ops, ind_ref, &d, false, 0};
   GLuint64 want[QI_N];
   qi_measure(&f, false, false, want);
   if (want[1] != 6)
      fail("the direct draws generate %llu primitives, want 6", (unsigned long long)want[1]);
   if (d.compute && qe.stats && want[2 + 8] != 12)
      fail("3 groups of 4 invocations: GL_COMPUTE_SHADER_INVOCATIONS_ARB = %llu, want 12",
           (unsigned long long)want[2 + 8]);
   qi_run(&f);
   if (d.compute) {
      gl.DeleteProgram(d.cs);
      gl.DeleteBuffers(1, &d.ssbo);
   }
   GLuint bufs[] = {d.cmd_buf, d.idx_buf};
   gl.DeleteBuffers(2, bufs);
   qi_teardown();
}

/* ---- GL_LINE_LOOP ------------------------------------------------------------------------------ */

/* A loop of the rectangle's 4 corners (mgl sends it as a line strip that repeats the first
 * index), against GL_LINES of its 4 edges: the same 4 lines, the same pixels. */
typedef struct {
   GLuint vao, vbo, idx;
} qi_loop;

static void
loop_ops(void *arg)
{
   qi_loop *l = arg;
   gl.BindVertexArray(l->vao);
   glDrawArrays(GL_LINE_LOOP, 0, 4);
   glDrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_SHORT, (const void *)0);
}

static void
loop_ref(void *arg)
{
   qi_loop *l = arg;
   gl.BindVertexArray(l->vao);
   glDrawArrays(GL_LINES, 4, 8);
   glDrawElements(GL_LINES, 8, GL_UNSIGNED_SHORT, (const void *)8);
}

void
sc_query_internal_lineloop(void)
{
   qi_setup();
   qi_loop l;
   /* 4 corners at pixel centres, then the 4 edges as lines */
   const float a = 30.5f, b = 50.5f;
   const float v[24] = {a, a, b, a, b, b, a, b, a, a, b, a, b, a, b, b, b, b, a, b, a, b, a, a};
   const GLushort idx[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
   gl.GenVertexArrays(1, &l.vao);
   gl.BindVertexArray(l.vao);
   gl.GenBuffers(1, &l.vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, l.vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (void *)0);
   gl.EnableVertexAttribArray(0);
   gl.GenBuffers(1, &l.idx);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, l.idx);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
   check_gl_error("line loop");
   /* a loop of 4 vertices against lines of 8: the vertex counts differ in GL too */
   qi_family f = {
      "GL_LINE_LOOP (drawn as a strip)", loop_ops, loop_ref, &l, false, 1u << 2 | 1u << 4};
   GLuint64 want[QI_N];
   qi_measure(&f, false, false, want);
   if (want[1] != 8)
      fail("two GL_LINES draws of 4 edges generate %llu primitives, want 8",
           (unsigned long long)want[1]);
   qi_run(&f);
   GLuint bufs[] = {l.vbo, l.idx};
   gl.DeleteBuffers(2, bufs);
   gl.DeleteVertexArrays(1, &l.vao);
   qi_teardown();
}

/* ---- glPolygonMode per face (compatibility) ------------------------------------------------ */

/* A compatibility context's glPolygonMode(GL_BACK, GL_LINE) beside GL_FRONT's GL_FILL: one
 * drawing command, which mgl sends as two draws (each face in its own mode, culling the other).
 * GL counts it once: its vertices and primitives once (and captures them once), its fragments
 * those of each face in that face's mode. */
static void
face_ops(void *arg)
{
   const GLuint *vao = arg;
   gl.BindVertexArray(*vao);
   glPolygonMode(GL_BACK, GL_LINE);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
}

/* All faces front: the draw in one mode. */
static void
face_ref_front(void *arg)
{
   const GLuint *vao = arg;
   gl.BindVertexArray(*vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

/* A front and a back face: two draws in one mode each, the front one filled, the back one
 * outlined. */
static void
face_ref(void *arg)
{
   const GLuint *vao = arg;
   gl.BindVertexArray(*vao);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   glDrawArrays(GL_TRIANGLES, 3, 3);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
}

/* GL_PRIMITIVES_GENERATED over one draw: what GL counts for it. */
static GLuint64
pm_generated(GLenum mode, GLsizei count, GLsizei instances)
{
   GLuint q;
   gl.GenQueries(1, &q);
   gl.BeginQuery(GL_PRIMITIVES_GENERATED, q);
   gl.DrawElementsInstanced(mode, count, GL_UNSIGNED_SHORT, NULL, instances);
   gl.EndQuery(GL_PRIMITIVES_GENERATED);
   GLuint64 n = ~0ull;
   gl.GetQueryObjectui64v(q, GL_QUERY_RESULT, &n);
   gl.DeleteQueries(1, &q);
   check_gl_error("GL_PRIMITIVES_GENERATED over one draw");
   return n;
}

/* Polygons drawn as lines or points are counted as polygons (GL 4.6 §13.3, §14.6.4: the mode
 * applies at rasterization): strips and fans with a restart index, instanced, count their
 * triangles whatever the mode, and a capture under GL_LINE writes the triangles' vertices. */
static void
pm_strips_and_capture(void)
{
   /* a strip of 4 vertices, a restart, one of 3: 2 + 1 triangles (a fan alike) */
   static const GLushort idx[] = {0, 1, 2, 3, 0xffff, 4, 5, 6};
   const float v[14] = {4, 4, 12, 4, 4, 12, 12, 12, 20, 4, 28, 4, 20, 12};
   mesh m = make_mesh(v, 7);
   GLuint ib;
   gl.GenBuffers(1, &ib);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   glEnable(GL_PRIMITIVE_RESTART);
   gl.PrimitiveRestartIndex(0xffff);
   static const GLenum modes[] = {GL_TRIANGLE_STRIP, GL_TRIANGLE_FAN};
   static const GLenum fills[] = {GL_LINE, GL_POINT, GL_FILL};
   for (int i = 0; i < 2; i++)
      for (int f = 0; f < 3; f++) {
         glPolygonMode(GL_FRONT_AND_BACK, fills[f]);
         const GLuint64 n = pm_generated(modes[i], 8, 3);
         if (n != 9)
            fail("%s with a restart, 3 instances, polygon mode %s: GL_PRIMITIVES_GENERATED = "
                 "%llu, want 9",
                 i ? "GL_TRIANGLE_FAN" : "GL_TRIANGLE_STRIP",
                 f == 0   ? "GL_LINE"
                 : f == 1 ? "GL_POINT"
                          : "GL_FILL",
                 (unsigned long long)n);
      }
   glDisable(GL_PRIMITIVE_RESTART);
   /* one query over 300 triangles drawn as lines, a draw each: 300 (on the GLES backend, a
    * pause of the host query around each draw: the result is the sum of 300 parts) */
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   GLuint many;
   gl.GenQueries(1, &many);
   gl.BeginQuery(GL_PRIMITIVES_GENERATED, many);
   for (int k = 0; k < 300; k++)
      gl.DrawElementsInstanced(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL, 1);
   gl.EndQuery(GL_PRIMITIVES_GENERATED);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   GLuint64 n300 = ~0ull;
   gl.GetQueryObjectui64v(many, GL_QUERY_RESULT, &n300);
   gl.DeleteQueries(1, &many);
   check_gl_error("one GL_PRIMITIVES_GENERATED over 300 draws in polygon mode GL_LINE");
   if (n300 != 300)
      fail("300 triangles drawn as lines under one query: GL_PRIMITIVES_GENERATED = %llu, want "
           "300",
           (unsigned long long)n300);
   gl.DeleteBuffers(1, &ib);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   /* a capture of two triangles drawn as lines: 6 vertices written, each its own (v_a.z is
    * gl_VertexID) */
   qi_restore(qe.xfb_prog);
   GLuint q;
   gl.GenQueries(1, &q);
   gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, qe.xfb_buf, 0, 64 * 16);
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   gl.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
   gl.BeginTransformFeedback(GL_TRIANGLES);
   qi_draw();
   gl.EndTransformFeedback();
   gl.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   GLuint64 written = ~0ull;
   gl.GetQueryObjectui64v(q, GL_QUERY_RESULT, &written);
   gl.DeleteQueries(1, &q);
   check_gl_error("a capture in polygon mode GL_LINE");
   float got[6 * 4];
   read_buffer(qe.xfb_buf, 0, sizeof(got), got);
   if (written != 2)
      fail("a capture of two triangles in polygon mode GL_LINE: %llu written, want 2",
           (unsigned long long)written);
   for (int k = 0; k < 6; k++)
      if (got[4 * k + 2] != (float)k)
         fail("a capture of two triangles in polygon mode GL_LINE: vertex %d captured "
              "gl_VertexID %g, want %d",
              k, (double)got[4 * k + 2], k);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
   qi_restore(qe.draw_prog);
}

void
sc_query_internal_polygon_mode(void)
{
   qi_setup();
   /* the query rectangle: both triangles face the front, so the back pass draws nothing */
   qi_run(&(qi_family){"a draw with glPolygonMode(GL_BACK, GL_LINE), all faces front", face_ops,
                       face_ref_front, &qe.vao, true, 0});
   /* a front triangle and a back one apart: the back pass's outline counts its samples. What
    * clipping outputs is the implementation's (ARB_pipeline_statistics_query: lavapipe clips
    * an outlined triangle as its 3 edges), so GL_CLIPPING_OUTPUT_PRIMITIVES_ARB is not
    * compared here */
   const float v[12] = {4, 20, 28, 20, 4, 44, 32, 20, 32, 44, 56, 20};
   mesh m = make_mesh(v, 6);
   check_gl_error("front and back triangles");
   qi_run(&(qi_family){"a draw with glPolygonMode(GL_BACK, GL_LINE) of a front and a back face",
                       face_ops, face_ref, &m.vao, true, 1u << (2 + 10)});
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   pm_strips_and_capture();
   qi_teardown();
}
