/* scenario_blit.c: scenarios of glBlitFramebuffer: scaled, multisampled, depth/stencil, 1D/3D,
 * sRGB. */
#include "scenario.h"

/* blit_scaled: a 16x16 texture FBO with four quadrant colours (scissored clears), blitted 2x
 * (nearest) to [8,40)^2 and mirrored in x and y at scale 1 to [44,60)^2, then a scissored
 * blit (only the scissor's pixels change). */
static const vec4f BQ[4] = {{{1.0f, 0.0f, 0.0f, 1.0f}},
                            {{0.0f, 1.0f, 0.0f, 1.0f}},
                            {{0.0f, 0.0f, 1.0f, 1.0f}},
                            {{1.0f, 1.0f, 0.4f, 1.0f}}};

void
sc_blit_scaled(void)
{
   GLuint tex, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   glEnable(GL_SCISSOR_TEST);
   for (int q = 0; q < 4; q++) {
      glScissor((q & 1) * 8, (q >> 1) * 8, 8, 8);
      glClearColor(BQ[q].v[0], BQ[q].v[1], BQ[q].v[2], BQ[q].v[3]);
      glClear(GL_COLOR_BUFFER_BIT);
   }
   glDisable(GL_SCISSOR_TEST);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   clear_to(bg);
   gl.BlitFramebuffer(0, 0, 16, 16, 8, 8, 40, 40, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BlitFramebuffer(0, 0, 16, 16, 60, 60, 44, 44, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 44, 20, 10);
   gl.BlitFramebuffer(0, 0, 16, 16, 0, 40, 32, 72, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glDisable(GL_SCISSOR_TEST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("blits");
   model m;
   model_init(&m, bg);
   for (int q = 0; q < 4; q++) {
      const int qx = q & 1, qy = q >> 1;
      model_rect(&m, 8 + 16 * qx, 8 + 16 * qy, 24 + 16 * qx, 24 + 16 * qy, to8(BQ[q]));
      /* mirrored: source quadrant qx lands on the other half */
      model_rect(&m, 52 - 8 * qx, 52 - 8 * qy, 60 - 8 * qx, 60 - 8 * qy, to8(BQ[q]));
   }
   /* the scissored 2x blit: window rows [44,54) are source rows 2..6 (quadrant row 0), columns
    * [0,20) source columns 0..9: quadrant column 0 up to x = 16 */
   model_rect(&m, 0, 44, 16, 54, to8(BQ[0]));
   model_rect(&m, 16, 44, 20, 54, to8(BQ[1]));
   check_frame("scaled, mirrored and scissored blits", &m);
   gl.DeleteFramebuffers(1, &fbo);
}

/* blit_same: glBlitFramebuffer with one framebuffer as read and draw (GL 3.3 §4.3.2 allows
 * it; only overlapping rectangles are undefined). A source square [4,20)^2 of two colours (A
 * left, B right) in the default framebuffer is blitted unscaled to [24,40) x [4,20), mirrored
 * in x to [44,60) x [4,20), and scaled x2 (nearest) to [24,56) x [28,60); the depth of a quad
 * at [4,20) x [28,44) (0.5 on a 1.0 clear) is blitted to [4,20) x [46,62). */
void
sc_blit_same(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
               cb = V4(0.2f, 0.6f, 1.0f, 1.0f), cz = V4(0.4f, 0.4f, 0.4f, 1.0f);
   glClearDepth(1.0);
   clear_to(bg);
   GLuint p = solid_program();
   float v[36];
   rect_vertices(v, 4, 4, 12, 20);
   rect_vertices(v + 12, 12, 4, 20, 20);
   rect_vertices(v + 24, 4, 28, 20, 44);
   mesh m = make_mesh(v, 18);
   set_vec4(p, "u_color", ca);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   set_vec4(p, "u_color", cb);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   glEnable(GL_DEPTH_TEST);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f); /* window depth 0.5 */
   set_vec4(p, "u_color", cz);
   glDrawArrays(GL_TRIANGLES, 12, 6);
   glDisable(GL_DEPTH_TEST);
   check_gl_error("source draws");

   gl.BlitFramebuffer(4, 4, 20, 20, 24, 4, 40, 20, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BlitFramebuffer(20, 4, 4, 20, 44, 4, 60, 20, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BlitFramebuffer(4, 4, 20, 20, 24, 28, 56, 60, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BlitFramebuffer(4, 28, 20, 44, 4, 46, 20, 62, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   check_gl_error("blits within the default framebuffer");

   static float zf[W * H];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, zf);
   check_gl_error("depth readback");
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const bool in = x >= 4 && x < 20 && ((y >= 28 && y < 44) || (y >= 46 && y < 62));
         const float want = in ? 0.5f : 1.0f;
         if (fabsf(zf[y * W + x] - want) > 1e-6f && bad++ < 8)
            fail("depth at (%d,%d) is %.8f (expected %.2f)", x, y, zf[y * W + x], want);
      }
   printf("  depth of %d pixels read, %d wrong\n", W * H, bad);

   model mo;
   model_init(&mo, bg);
   const rgba8 a8 = to8(ca), b8 = to8(cb);
   model_rect(&mo, 4, 4, 12, 20, a8);
   model_rect(&mo, 12, 4, 20, 20, b8);
   model_rect(&mo, 4, 28, 20, 44, to8(cz));
   model_rect(&mo, 24, 4, 32, 20, a8);
   model_rect(&mo, 32, 4, 40, 20, b8);
   model_rect(&mo, 44, 4, 52, 20, b8);
   model_rect(&mo, 52, 4, 60, 20, a8);
   model_rect(&mo, 24, 28, 40, 60, a8);
   model_rect(&mo, 40, 28, 56, 60, b8);
   check_frame("blits within one surface", &mo);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
}

/* blit_ms_same: glBlitFramebuffer with one multisampled surface as read and draw (GL 3.3
 * §4.3.2: equal sample counts copy samples unchanged; only overlapping rectangles are
 * undefined), and between two layers of one array texture (one level, two surfaces).
 * Bottom half: a 4-sample colour + D24S8 framebuffer, A [4,12) and B [12,20) x [4,20) drawn at
 * depth 0.5 over a 1.0 clear; its colour [4,20)^2 blitted to [24,40) x [4,20), its depth to
 * [44,60) x [4,20); a quad at depth 0.75 over [40,64) x [0,24) with GL_LESS then shows where the
 * depth went; the half is resolved into the window. Top half: layer 0 of a 4-sample and of a
 * single-sample 16x16x2 array texture (A left, B right) blitted to the upper half of layer 1
 * (cleared to Z), each layer 1 then resolved or copied into the window at (4,36) and (28,36). */
static void
blit_layers(GLenum target, GLuint tex, int wx, vec4f ca, vec4f cb, vec4f cz)
{
   GLuint fbo[2];
   gl.GenFramebuffers(2, fbo);
   for (int l = 0; l < 2; l++) {
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[l]);
      gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, l);
      const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
      if (st != GL_FRAMEBUFFER_COMPLETE)
         fail("array layer %d framebuffer (target 0x%04x) status 0x%04x", l, target, st);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
   glClearColor(cz.v[0], cz.v[1], cz.v[2], cz.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   glClearColor(ca.v[0], ca.v[1], ca.v[2], ca.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(8, 0, 8, 16);
   glClearColor(cb.v[0], cb.v[1], cb.v[2], cb.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(0, 0, 16, 8, 0, 8, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("blit between two layers of one array texture");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, 16, 16, wx, 36, wx + 16, 52, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("layer 1 into the window");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(2, fbo);
}

void
sc_blit_ms_same(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
               cb = V4(0.2f, 0.6f, 1.0f, 1.0f), cc = V4(0.4f, 0.8f, 0.2f, 1.0f),
               cz = V4(0.6f, 0.6f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint rb[2], fbo;
   gl.GenRenderbuffers(2, rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH24_STENCIL8, W, H);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("4-sample colour + depth framebuffer incomplete");
   glClearDepth(1.0);
   clear_to(bg);
   GLuint p = solid_program();
   float v[36];
   rect_vertices(v, 4, 4, 12, 20);
   rect_vertices(v + 12, 12, 4, 20, 20);
   rect_vertices(v + 24, 40, 0, 64, 24);
   mesh m = make_mesh(v, 18);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   set_vec4(p, "u_color", ca);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   set_vec4(p, "u_color", cb);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   glDisable(GL_DEPTH_TEST);
   check_gl_error("multisampled source draws");
   /* fbo is both the read and the draw framebuffer */
   gl.BlitFramebuffer(4, 4, 20, 20, 24, 4, 40, 20, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BlitFramebuffer(4, 4, 20, 20, 44, 4, 60, 20, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   check_gl_error("blits within one multisampled framebuffer");
   glEnable(GL_DEPTH_TEST);
   gl.Uniform1f(uloc(p, "u_z"), 0.5f); /* window depth 0.75 */
   set_vec4(p, "u_color", cc);
   glDrawArrays(GL_TRIANGLES, 12, 6);
   glDisable(GL_DEPTH_TEST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, W, 32, 0, 0, W, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("resolve");

   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[0]);
   gl.TexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 16, 16, 2, GL_TRUE);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[1]);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 16, 16, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   check_gl_error("array textures");
   blit_layers(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[0], 4, ca, cb, cz);
   blit_layers(GL_TEXTURE_2D_ARRAY, tex[1], 28, ca, cb, cz);

   model mo;
   model_init(&mo, bg);
   const rgba8 a8 = to8(ca), b8 = to8(cb);
   model_rect(&mo, 4, 4, 12, 20, a8);
   model_rect(&mo, 12, 4, 20, 20, b8);
   model_rect(&mo, 24, 4, 32, 20, a8);
   model_rect(&mo, 32, 4, 40, 20, b8);
   model_rect(&mo, 40, 0, 64, 24, to8(cc));
   model_rect(&mo, 44, 4, 60, 20, to8(bg));
   for (int i = 0; i < 2; i++) {
      const int x = i ? 28 : 4;
      model_rect(&mo, x, 36, x + 16, 44, to8(cz));
      model_rect(&mo, x, 44, x + 8, 52, a8);
      model_rect(&mo, x + 8, 44, x + 16, 52, b8);
   }
   check_frame("multisampled blits within one surface and between layers", &mo);
   glDeleteTextures(2, tex);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(2, rb);
}

/* blit_ms_errors: the GL errors of multisampled blits and copies (GL 3.3 §4.3.2, §3.8.5), as
 * Mesa raises them: a scaled blit from or to a multisampled framebuffer, glCopyTexImage2D and
 * glCopyTexSubImage2D from a multisampled read framebuffer, and a blit from a signed- to an
 * unsigned-integer buffer; none of them changes the window. Then the legal resolves that are
 * not plain copies: a 4-sample RGBA8 buffer (M left, N right) mirrored in x into the window's
 * [16,48) x [16,48), and resolved into an RGB10_A2 buffer whose corners are blitted to the
 * window's lower corners. */
void
sc_blit_ms_errors(void)
{
   const vec4f bg = V4(0.0f, 0.2f, 0.4f, 1.0f), cm = V4(1.0f, 0.6f, 0.2f, 1.0f),
               cn = V4(0.4f, 0.0f, 0.8f, 1.0f);
   clear_to(bg);
   GLuint rb[4], fbo[4];
   gl.GenRenderbuffers(4, rb);
   gl.GenFramebuffers(4, fbo);
   const GLenum fmt[4] = {GL_RGBA8, GL_RGB10_A2, GL_RGBA8I, GL_RGBA8UI};
   for (int i = 0; i < 4; i++) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, i == 0 ? 4 : 0, fmt[i], W, H);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[i]);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         fail("framebuffer %d (0x%04x) incomplete", i, fmt[i]);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   glClearColor(cm.v[0], cm.v[1], cm.v[2], cm.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(32, 0, 32, H);
   glClearColor(cn.v[0], cn.v[1], cn.v[2], cn.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("framebuffers");

   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, 32, 32, 0, 0, 64, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   expect_gl_error(GL_INVALID_OPERATION, "a scaled blit from a multisampled framebuffer");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   gl.BlitFramebuffer(0, 0, 32, 32, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   expect_gl_error(GL_INVALID_OPERATION, "a scaled blit to a multisampled framebuffer");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 8, 8, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glCopyTexImage2D from a multisampled framebuffer");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 8, 8);
   expect_gl_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D from a multisampled framebuffer");
   glDeleteTextures(1, &t);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[2]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[3]);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   expect_gl_error(GL_INVALID_OPERATION, "a blit from RGBA8I to RGBA8UI");

   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(16, 16, 48, 48, 48, 16, 16, 48, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("mirrored resolve");
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("resolve from RGBA8 into RGB10_A2");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BlitFramebuffer(48, 0, 64, 16, 48, 0, 64, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("RGB10_A2 into the window");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   model mo;
   model_init(&mo, bg);
   model_rect(&mo, 16, 16, 32, 48, to8(cn));
   model_rect(&mo, 32, 16, 48, 48, to8(cm));
   model_rect(&mo, 0, 0, 16, 16, to8(cm));
   model_rect(&mo, 48, 0, 64, 16, to8(cn));
   check_frame("the legal resolves only", &mo);
   gl.DeleteFramebuffers(4, fbo);
   gl.DeleteRenderbuffers(4, rb);
}

/* blit_ms_depth: glBlitFramebuffer of depth and stencil from a 4-sample DEPTH24_STENCIL8
 * framebuffer into a single-sample one (GL 3.3 §4.3.2: the samples become one value; with
 * integer rectangle edges every sample of a pixel agrees). A rectangle [8,40)^2 drawn at depth
 * 0.5 with stencil 0x37 over 1.0 / 0; the whole buffer resolved, then its [8,24)^2 once more
 * to [40,56)^2, and within the single-sample buffer to [40,56) x [8,24) and (its [8,16)^2,
 * scaled 2x) to [48,64) x [24,40), all depth only (the stencil there stays 0). glReadPixels of the single-sample buffer reads the depths and
 * stencil values back. */
void
sc_blit_ms_depth(void)
{
   GLuint rb[4], fbo[2];
   gl.GenRenderbuffers(4, rb);
   gl.GenFramebuffers(2, fbo);
   for (int i = 0; i < 2; i++) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2 * i]);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, i ? 0 : 4, GL_RGBA8, W, H);
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2 * i + 1]);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, i ? 0 : 4, GL_DEPTH24_STENCIL8, W, H);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[2 * i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                 rb[2 * i + 1]);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         fail("framebuffer %d incomplete", i);
      glClearDepth(i ? 0.25 : 1.0);
      glClearStencil(i ? 0x11 : 0);
      clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   }
   glClearDepth(1.0);
   glClearStencil(0);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   GLuint p = solid_program();
   float v[12];
   rect_vertices(v, 8, 8, 40, 40);
   mesh m = make_mesh(v, 6);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_ALWAYS, 0x37, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   set_vec4(p, "u_color", V4(1.0f, 1.0f, 1.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_STENCIL_TEST);
   check_gl_error("multisampled depth/stencil draw");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
                      GL_NEAREST);
   gl.BlitFramebuffer(8, 8, 24, 24, 40, 40, 56, 56, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(8, 8, 24, 24, 40, 8, 56, 24, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   gl.BlitFramebuffer(8, 8, 16, 16, 48, 24, 64, 40, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   check_gl_error("depth/stencil resolves and depth blits");
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
   static float z[W * H];
   static uint8_t st[W * H];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, z);
   glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
   check_gl_error("read back");
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const bool in = x >= 8 && x < 40 && y >= 8 && y < 40;
         const bool moved = (x >= 40 && x < 56 && ((y >= 40 && y < 56) || (y >= 8 && y < 24))) ||
                            (x >= 48 && y >= 24 && y < 40);
         const float wz = in || moved ? 0.5f : 1.0f;
         const uint8_t ws = in ? 0x37 : 0;
         if ((fabsf(z[y * W + x] - wz) > 1e-6f || st[y * W + x] != ws) && bad++ < 8)
            fail("(%d,%d): depth %.7f stencil 0x%02x, expected %.2f 0x%02x", x, y, z[y * W + x],
                 st[y * W + x], wz, ws);
      }
   printf("  %d pixels' depth and stencil read, %d wrong\n", W * H, bad);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(2, fbo);
   gl.DeleteRenderbuffers(4, rb);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
}

/* blit_scaled_outside: a scaled nearest glBlitFramebuffer whose source rectangle reaches past
 * the read surface's left edge writes only the destination pixels whose source pixel is
 * inside it (as Mesa does). Source: A [0,8) and B [8,16) x [0,16) in the window. x [-8,16) is
 * blitted at 2x to [24,72) x [0,32) (the pixels from x < 0 and those past the window's edge are
 * not written), and mirrored in x to [0,48) x [32,64). */
void
sc_blit_scaled_outside(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
               cb = V4(0.2f, 0.6f, 1.0f, 1.0f);
   clear_to(bg);
   GLuint p = solid_program();
   float v[24];
   rect_vertices(v, 0, 0, 8, 16);
   rect_vertices(v + 12, 8, 0, 16, 16);
   mesh m = make_mesh(v, 12);
   set_vec4(p, "u_color", ca);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   set_vec4(p, "u_color", cb);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   gl.BlitFramebuffer(-8, 0, 16, 16, 24, 0, 72, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BlitFramebuffer(16, 0, -8, 16, 0, 32, 48, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("scaled blits reading past the left edge");
   model mo;
   model_init(&mo, bg);
   const rgba8 a8 = to8(ca), b8 = to8(cb);
   model_rect(&mo, 0, 0, 8, 16, a8);
   model_rect(&mo, 8, 0, 16, 16, b8);
   model_rect(&mo, 40, 0, 56, 32, a8);
   model_rect(&mo, 56, 0, 64, 32, b8);
   model_rect(&mo, 0, 32, 16, 64, b8);
   model_rect(&mo, 16, 32, 32, 64, a8);
   check_frame("scaled blits from partly outside the read surface", &mo);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
}

/* ---- blits drawn by the Vulkan backend (vkb_blit_draw.c) ---------------------------------- */

/* A W x H framebuffer with one colour renderbuffer of fmt and samples (0: single-sample). */
static GLuint
bd_fbo(GLenum fmt, int samples, GLuint *rb)
{
   GLuint fbo;
   gl.GenRenderbuffers(1, rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, *rb);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, fmt, W, H);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb);
   const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      die_setup("framebuffer of 0x%04x with %d samples: status 0x%04x", fmt, samples, st);
   return fbo;
}

/* Clears [x0,x1) x [y0,y1) of the draw framebuffer to c. */
static void
bd_fill(int x0, int y0, int x1, int y1, vec4f c)
{
   glEnable(GL_SCISSOR_TEST);
   glScissor(x0, y0, x1 - x0, y1 - y0);
   glClearColor(c.v[0], c.v[1], c.v[2], c.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
}

/* Checks [x0,x1) x [y0,y1) of the last readback against want; counts the wrong pixels. */
static int
bd_expect(const char *phase, int x0, int y0, int x1, int y1, rgba8 want)
{
   int bad = 0;
   for (int y = y0; y < y1; y++)
      for (int x = x0; x < x1; x++)
         if (!rgba_eq(pixel_at(x, y), want)) {
            if (bad++ < 4)
               expect_px(phase, x, y, want);
            else
               g_failures++;
         }
   return bad;
}

/* blit_ms_convert: glBlitFramebuffer between two 4-sample framebuffers (GL 3.3 §4.3.2: equal
 * sample counts copy the samples) that mirrors or converts. Source: a 4-sample RGBA8 buffer,
 * A on [0,32) and B on [32,64) columns of its lower half, and a triangle of colour C whose
 * slanted edges leave pixels with samples of two colours. (1) Mirrored in x into a second
 * 4-sample RGBA8 buffer: its resolve equals the source's resolve mirrored, pixel for pixel,
 * edges included (the samples of a pixel move together). (2) Into a 4-sample RGB10_A2 buffer,
 * mirrored in y, resolved into the window: A, B and C where every sample agrees. (3) A 4-sample
 * RGBA8UI buffer mirrored in x and y into another, resolved and read as integers. */
void
sc_blit_ms_convert(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
               cb = V4(0.2f, 0.6f, 1.0f, 1.0f), cc = V4(1.0f, 0.8f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint rb[6], fbo[6];
   fbo[0] = bd_fbo(GL_RGBA8, 4, &rb[0]); /* source */
   clear_to(bg);
   bd_fill(0, 0, 32, 32, ca);
   bd_fill(32, 0, 64, 32, cb);
   GLuint p = solid_program();
   static const float tri[6] = {8.0f, 4.0f, 60.0f, 12.0f, 20.0f, 44.0f};
   mesh m = make_mesh(tri, 3);
   set_vec4(p, "u_color", cc);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   check_gl_error("4-sample source");
   fbo[1] = bd_fbo(GL_RGBA8, 4, &rb[1]);
   clear_to(bg);
   fbo[2] = bd_fbo(GL_RGBA8, 0, &rb[2]); /* resolves, read back */
   fbo[3] = bd_fbo(GL_RGB10_A2, 4, &rb[3]);
   clear_to(bg);

   /* (1) */
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[2]);
   static uint8_t want[W * H * 4];
   readback();
   memcpy(want, g_pixels, sizeof want);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(0, 0, W, H, W, 0, 0, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("mirrored blit between 4-sample buffers");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[2]);
   readback();
   int bad = 0, mixed = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const uint8_t *w = &want[(y * W + W - 1 - x) * 4];
         rgba8 wc;
         memcpy(wc.c, w, 4);
         mixed += !rgba_eq(wc, to8(bg)) && !rgba_eq(wc, to8(ca)) && !rgba_eq(wc, to8(cb)) &&
                  !rgba_eq(wc, to8(cc));
         if (!rgba_eq(pixel_at(x, y), wc) && bad++ < 4)
            expect_px("(1) mirrored 4-sample copy, resolved", x, y, wc);
      }
   if (mixed < 20)
      fail("(1) only %d resolved pixels mix two colours: the source has no partly covered pixels",
           mixed);
   printf("  (1) mirrored 4-sample copy: %d pixels, %d partly covered, %d wrong\n", W * H, mixed,
          bad);
   g_failures += bad > 4 ? bad - 4 : 0;

   /* (2) */
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[3]);
   gl.BlitFramebuffer(0, 0, W, 32, 0, 32, W, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("RGBA8 to RGB10_A2 between 4-sample buffers, mirrored in y");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[3]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("RGB10_A2 resolved into the window");
   model mo;
   model_init(&mo, bg);
   model_rect(&mo, 0, 0, 32, 32, to8(ca));
   model_rect(&mo, 32, 0, 64, 32, to8(cb));
   const float flipped[6] = {tri[0],         32.0f - tri[1], tri[2],
                             32.0f - tri[3], tri[4],         32.0f - tri[5]};
   model_tri(&mo, flipped, to8(cc));
   model_rect(&mo, 0, 32, 64, 64, to8(bg));
   check_frame("(2) converted and mirrored 4-sample copy, resolved", &mo);

   /* (3) */
   GLint max_int = 0;
   glGetIntegerv(GL_MAX_INTEGER_SAMPLES, &max_int);
   if (max_int >= 4) {
      fbo[4] = bd_fbo(GL_RGBA8UI, 4, &rb[4]);
      static const GLuint z[4] = {0, 0, 0, 0}, u0[4] = {7, 200, 33, 255}, u1[4] = {250, 1, 90, 4};
      gl.ClearBufferuiv(GL_COLOR, 0, z);
      glEnable(GL_SCISSOR_TEST);
      glScissor(0, 0, 16, 8);
      gl.ClearBufferuiv(GL_COLOR, 0, u0);
      glScissor(16, 0, 8, 24);
      gl.ClearBufferuiv(GL_COLOR, 0, u1);
      glDisable(GL_SCISSOR_TEST);
      fbo[5] = bd_fbo(GL_RGBA8UI, 4, &rb[5]);
      gl.ClearBufferuiv(GL_COLOR, 0, z);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[4]);
      gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[5]);
      gl.BlitFramebuffer(0, 0, 32, 32, 32, 32, 0, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      check_gl_error("RGBA8UI between 4-sample buffers, mirrored in x and y");
      GLuint rb1, res = bd_fbo(GL_RGBA8UI, 0, &rb1);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[5]);
      gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, res);
      gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, res);
      static GLuint px[32 * 32 * 4];
      glPixelStorei(GL_PACK_ALIGNMENT, 4);
      glReadPixels(0, 0, 32, 32, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
      check_gl_error("RGBA8UI resolve read back");
      int ibad = 0;
      for (int y = 0; y < 32; y++)
         for (int x = 0; x < 32; x++) {
            const int sx = 31 - x, sy = 31 - y;
            const GLuint *w = sx < 16 && sy < 8 ? u0 : sx >= 16 && sx < 24 && sy < 24 ? u1 : z;
            if (memcmp(&px[(y * 32 + x) * 4], w, 16) && ibad++ < 4)
               fail("(3) RGBA8UI texel (%d,%d) is (%u,%u,%u,%u), expected (%u,%u,%u,%u)", x, y,
                    px[(y * 32 + x) * 4], px[(y * 32 + x) * 4 + 1], px[(y * 32 + x) * 4 + 2],
                    px[(y * 32 + x) * 4 + 3], w[0], w[1], w[2], w[3]);
         }
      printf("  (3) RGBA8UI mirrored 4-sample copy: %d texels wrong\n", ibad);
      gl.DeleteFramebuffers(1, &res);
      gl.DeleteRenderbuffers(1, &rb1);
      gl.DeleteFramebuffers(2, &fbo[4]);
      gl.DeleteRenderbuffers(2, &rb[4]);
   } else {
      printf("  (3) skipped: GL_MAX_INTEGER_SAMPLES is %d\n", max_int);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(4, fbo);
   gl.DeleteRenderbuffers(4, rb);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
}

/* blit_to_ms: glBlitFramebuffer from the single-sample window into 4-sample framebuffers (GL
 * 3.3 §4.3.2: the source value reaches every sample). Window: A [0,16), B [16,32) x [0,16) and
 * C [0,32) x [16,32). Into a 4-sample RGBA8 buffer as is; mirrored in x, into a 4-sample
 * RGBA16F buffer's [8,32) x [0,32) (source x [0,24)). Each is resolved back into the window's
 * upper half: at [0,32) and [32,64) x [32,64). (A scissored blit into a multisampled buffer
 * is left out: llvmpipe writes some samples of the pixel left of the scissor.) */
void
sc_blit_to_ms(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
               cb = V4(0.2f, 0.6f, 1.0f, 1.0f), cc = V4(0.4f, 1.0f, 0.2f, 1.0f),
               cz = V4(0.6f, 0.6f, 0.6f, 1.0f);
   clear_to(bg);
   bd_fill(0, 0, 16, 16, ca);
   bd_fill(16, 0, 32, 16, cb);
   bd_fill(0, 16, 32, 32, cc);
   GLuint rb[2], fbo[2];
   fbo[0] = bd_fbo(GL_RGBA8, 4, &rb[0]);
   clear_to(cz);
   fbo[1] = bd_fbo(GL_RGBA16F, 4, &rb[1]);
   clear_to(cz);
   check_gl_error("4-sample framebuffers");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   gl.BlitFramebuffer(0, 0, 32, 32, 0, 0, 32, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(0, 0, 24, 32, 32, 0, 8, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("single-sample to 4-sample blits");
   for (int i = 0; i < 2; i++) {
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[i]);
      gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
      gl.BlitFramebuffer(0, 0, 32, 32, 32 * i, 32, 32 * i + 32, 64, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("resolves into the window");
   model mo;
   model_init(&mo, bg);
   model_rect(&mo, 0, 0, 16, 16, to8(ca));
   model_rect(&mo, 16, 0, 32, 16, to8(cb));
   model_rect(&mo, 0, 16, 32, 32, to8(cc));
   model_rect(&mo, 0, 32, 16, 48, to8(ca));
   model_rect(&mo, 16, 32, 32, 48, to8(cb));
   model_rect(&mo, 0, 48, 32, 64, to8(cc));
   model_rect(&mo, 32, 32, 40, 64, to8(cz)); /* not written */
   model_rect(&mo, 40, 32, 48, 48, to8(cb));
   model_rect(&mo, 48, 32, 64, 48, to8(ca));
   model_rect(&mo, 40, 48, 64, 64, to8(cc));
   check_frame("single-sample sources copied into every sample", &mo);
   gl.DeleteFramebuffers(2, fbo);
   gl.DeleteRenderbuffers(2, rb);
}

/* blit_linear_outside: a scaled GL_LINEAR glBlitFramebuffer whose source rectangle reaches past
 * the read surface's left edge (GL 3.3 §4.3.2: the pixels read from outside are undefined; the
 * rest is filtered as usual). Window: A [0,8) and B [8,16) x [0,24). x [-16,16) x [0,16) is
 * blitted at 2x to the upper half: the destination columns whose filter taps all lie in A
 * (x 33..46) or all in B (49..62) read exactly A or B; columns left of 32 read outside and the
 * ones between mix A and B, so they are not checked; the row of y 32 takes taps from y -1. */
void
sc_blit_linear_outside(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
               cb = V4(0.2f, 0.6f, 1.0f, 1.0f);
   clear_to(bg);
   bd_fill(0, 0, 8, 24, ca);
   bd_fill(8, 0, 16, 24, cb);
   gl.BlitFramebuffer(-16, 0, 16, 16, 0, 32, 64, 64, GL_COLOR_BUFFER_BIT, GL_LINEAR);
   check_gl_error("linear 2x blit reading past the left edge");
   readback();
   int bad = bd_expect("source untouched", 0, 0, 8, 24, to8(ca));
   bad += bd_expect("source untouched", 8, 0, 16, 24, to8(cb));
   bad += bd_expect("background untouched", 16, 0, 64, 32, to8(bg));
   bad += bd_expect("background untouched", 0, 24, 16, 32, to8(bg));
   bad += bd_expect("filtered from A only", 33, 33, 47, 64, to8(ca));
   bad += bd_expect("filtered from B only", 49, 33, 63, 64, to8(cb));
   printf("  linear blit from partly outside: %d wrong\n", bad);
}

/* blit_clip_box: a scaled nearest glBlitFramebuffer to a destination box far larger than any
 * image (x from -65536 to 65536) clipped to the 64x64 window and to the scissor. Source: an
 * RGBA8 framebuffer with A [0,32) and B [32,64) in rows [0,8), C and D in rows [8,16). Its
 * [0,64) x [0,16) box, 2048x wide and 4x high, puts source column 32 (B, D) on every window
 * column; mirrored in x, column 31 (A, C). The mirrored blit has the scissor on [0,32), the
 * other [32,64). A rectangle E drawn before the blits (overwritten) and one drawn after them
 * with the same program at [24,40)^2 show the blits leave no state to later draws. */
void
sc_blit_clip_box(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
               cb = V4(0.2f, 0.6f, 1.0f, 1.0f), cc = V4(0.4f, 1.0f, 0.2f, 1.0f),
               cd = V4(1.0f, 0.8f, 0.0f, 1.0f), ce = V4(0.6f, 0.4f, 0.8f, 1.0f);
   clear_to(bg);
   GLuint rb, fbo = bd_fbo(GL_RGBA8, 0, &rb);
   clear_to(bg);
   bd_fill(0, 0, 32, 8, ca);
   bd_fill(32, 0, 64, 8, cb);
   bd_fill(0, 8, 32, 16, cc);
   bd_fill(32, 8, 64, 16, cd);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   GLuint p = solid_program();
   float v[24];
   rect_vertices(v, 0, 0, 64, 64);
   rect_vertices(v + 12, 24, 24, 40, 40);
   mesh m = make_mesh(v, 12);
   set_vec4(p, "u_color", ce);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   glEnable(GL_SCISSOR_TEST);
   glScissor(32, 0, 32, H);
   gl.BlitFramebuffer(0, 0, 64, 16, -65536, 0, 65536, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glScissor(0, 0, 32, H);
   gl.BlitFramebuffer(64, 0, 0, 16, -65536, 0, 65536, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glDisable(GL_SCISSOR_TEST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   check_gl_error("blits to a 131072-wide box");
   model mo;
   model_init(&mo, bg);
   model_rect(&mo, 0, 0, 32, 32, to8(ca));
   model_rect(&mo, 32, 0, 64, 32, to8(cb));
   model_rect(&mo, 0, 32, 32, 64, to8(cc));
   model_rect(&mo, 32, 32, 64, 64, to8(cd));
   model_rect(&mo, 24, 24, 40, 40, to8(ce));
   check_frame("a huge box clipped to the window and the scissor", &mo);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
}

/* blit_no_vk_blit: blits into GL_R11F_G11F_B10F, a colour-renderable format lavapipe cannot
 * vkCmdBlitImage into. Source: an RGBA16F framebuffer whose [0,32)^2 holds four 16x16
 * quadrants P, Q (bottom), R, S (top), and a 4-sample RGBA16F one alike. Into an R11F_G11F_B10F
 * framebuffer cleared to Z: (1) mirrored in x to [0,32) x [0,32); (2) scaled to half height at
 * [32,64) x [0,16); (3) the 4-sample one resolved and mirrored in y to [0,32) x [32,64). Read
 * back as floats; every value is exact in both formats. */
void
sc_blit_no_vk_blit(void)
{
   static const float q[4][3] = {
      {0.25f, 0.5f, 1.0f}, {1.0f, 0.75f, 0.5f}, {0.5f, 0.0f, 0.25f}, {0.0f, 1.0f, 0.75f}};
   static const float z[3] = {0.5f, 0.5f, 0.5f};
   GLuint rb[3], fbo[3];
   for (int i = 0; i < 2; i++) {
      fbo[i] = bd_fbo(GL_RGBA16F, i ? 4 : 0, &rb[i]);
      clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
      for (int k = 0; k < 4; k++)
         bd_fill(16 * (k & 1), 16 * (k >> 1), 16 * (k & 1) + 16, 16 * (k >> 1) + 16,
                 V4(q[k][0], q[k][1], q[k][2], 1.0f));
   }
   fbo[2] = bd_fbo(GL_R11F_G11F_B10F, 0, &rb[2]);
   clear_to(V4(z[0], z[1], z[2], 1.0f));
   check_gl_error("framebuffers");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BlitFramebuffer(0, 0, 32, 32, 32, 0, 0, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BlitFramebuffer(0, 0, 32, 32, 32, 0, 64, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(0, 0, 32, 32, 0, 64, 32, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("blits into R11F_G11F_B10F");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[2]);
   static float px[W * H * 4];
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_FLOAT, px);
   check_gl_error("R11F_G11F_B10F read back");
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const float *w = z;
         if (x < 32 && y < 32) /* (1): source (31 - x, y) */
            w = q[((31 - x) >= 16) | ((y >= 16) << 1)];
         else if (y < 16) /* (2): source (x - 32, 2y + 1) */
            w = q[(x >= 48) | ((y >= 8) << 1)];
         else if (x < 32 && y >= 32) /* (3): source (x, 63 - y) */
            w = q[(x >= 16) | ((63 - y >= 16) << 1)];
         const float *g = &px[(y * W + x) * 4];
         if ((g[0] != w[0] || g[1] != w[1] || g[2] != w[2] || g[3] != 1.0f) && bad++ < 6)
            fail("R11F_G11F_B10F (%d,%d) is (%g,%g,%g,%g), expected (%g,%g,%g,1)", x, y, g[0], g[1],
                 g[2], g[3], w[0], w[1], w[2]);
      }
   printf("  %d texels of R11F_G11F_B10F read, %d wrong\n", W * H, bad);
   g_failures += bad > 6 ? bad - 6 : 0;
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(3, fbo);
   gl.DeleteRenderbuffers(3, rb);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
}

/* blit_ms_depth_keeps_stencil: a depth-only glBlitFramebuffer between two 4-sample
 * DEPTH24_STENCIL8 framebuffers copies depth and leaves the destination's stencil, and a
 * stencil-only one the reverse (GL 3.3 §4.3.2: only the buffers in the mask are written).
 * Source: depth 1.0, a rectangle [8,40)^2 at depth 0.5, stencil 0x37 everywhere. Destination:
 * depth 0.25, stencil 0x5a. Its x [0,32) gets the source's depth, its x [48,64) the source's
 * stencil; it is then resolved (depth and stencil) into a single-sample DEPTH24_STENCIL8
 * framebuffer and read back. */
void
sc_blit_ms_depth_keeps_stencil(void)
{
   GLuint rb[5], fbo[3];
   gl.GenRenderbuffers(5, rb);
   gl.GenFramebuffers(3, fbo);
   for (int i = 0; i < 3; i++) {
      const int samples = i < 2 ? 4 : 0;
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2 * i]);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, W, H);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                 rb[2 * i]);
      if (i < 2) {
         gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2 * i + 1]);
         gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, W, H);
         gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                    rb[2 * i + 1]);
      } else {
         glDrawBuffer(GL_NONE);
         glReadBuffer(GL_NONE);
      }
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         fail("framebuffer %d incomplete", i);
      glClearDepth(i == 1 ? 0.25 : 1.0);
      glClearStencil(i == 1 ? 0x5a : 0x37);
      clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   }
   glClearDepth(1.0);
   glClearStencil(0);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   GLuint p = solid_program();
   float v[12];
   rect_vertices(v, 8, 8, 40, 40);
   mesh m = make_mesh(v, 6);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   set_vec4(p, "u_color", V4(1.0f, 1.0f, 1.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_DEPTH_TEST);
   check_gl_error("4-sample depth draw");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(0, 0, 32, H, 0, 0, 32, H, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   gl.BlitFramebuffer(48, 0, W, H, 48, 0, W, H, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
   check_gl_error("depth-only and stencil-only blits between 4-sample DEPTH24_STENCIL8 buffers");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
                      GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[2]);
   static float z[W * H];
   static uint8_t st[W * H];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, z);
   glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
   check_gl_error("resolve and read back");
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const bool copied = x < 32, in = x >= 8 && y >= 8 && y < 40;
         const float wz = copied ? (in ? 0.5f : 1.0f) : 0.25f;
         const uint8_t ws = x >= 48 ? 0x37 : 0x5a;
         if ((fabsf(z[y * W + x] - wz) > 1e-6f || st[y * W + x] != ws) && bad++ < 8)
            fail("(%d,%d): depth %.7f stencil 0x%02x, expected %.2f 0x%02x", x, y, z[y * W + x],
                 st[y * W + x], wz, ws);
      }
   printf("  %d pixels' depth and stencil read, %d wrong\n", W * H, bad);
   g_failures += bad > 8 ? bad - 8 : 0;
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(3, fbo);
   gl.DeleteRenderbuffers(5, rb);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
}

/* blit_depth_to_ms: the depth blits into or out of 4-sample DEPTH24_STENCIL8 buffers that are
 * not copies of samples (GL 3.3 §4.3.2), depth only, so every stencil stays. The window's
 * depth (1.0, a rectangle [8,24)^2 at 0.5) is blitted (a) from its [0,32)^2 into 4-sample
 * buffer A (depth 0.25, stencil 0x5a) as is: every sample takes the value; (b) A's [0,32)^2
 * into 4-sample buffer B (0.75, 0x11) mirrored in x at [32,64) x [0,32); (c) B resolved
 * (depth and stencil) into single-sample buffer C (0.125, 0x22) at [0,64) x [0,32), and B's
 * [32,64) x [0,32) resolved again, depth only and mirrored in y, to C's [32,64) x [32,64);
 * (d) the window's [0,32)^2 into C with a 131072-wide destination box scaled 4096x in x, the
 * scissor keeping C's [0,32) x [32,64): source column 16 on every column. C's depth and
 * stencil are read back. */
void
sc_blit_depth_to_ms(void)
{
   static const double zc[3] = {0.25, 0.75, 0.125};
   static const int sc[3] = {0x5a, 0x11, 0x22};
   GLuint rb[5], fbo[3];
   gl.GenRenderbuffers(5, rb);
   gl.GenFramebuffers(3, fbo);
   for (int i = 0; i < 3; i++) {
      const int samples = i < 2 ? 4 : 0;
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2 * i]);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, W, H);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                 rb[2 * i]);
      if (i < 2) {
         gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2 * i + 1]);
         gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, W, H);
         gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                    rb[2 * i + 1]);
      } else {
         glDrawBuffer(GL_NONE);
         glReadBuffer(GL_NONE);
      }
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         fail("framebuffer %d incomplete", i);
      glClearDepth(zc[i]);
      glClearStencil(sc[i]);
      clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   }
   glClearDepth(1.0);
   glClearStencil(0);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   GLuint p = solid_program();
   float v[12];
   rect_vertices(v, 8, 8, 24, 24);
   mesh m = make_mesh(v, 6);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_DEPTH_TEST);
   check_gl_error("window depth");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   gl.BlitFramebuffer(0, 0, 32, 32, 0, 0, 32, 32, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(0, 0, 32, 32, 64, 0, 32, 32, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
   gl.BlitFramebuffer(0, 0, W, 32, 0, 0, W, 32, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
                      GL_NEAREST);
   gl.BlitFramebuffer(32, 0, 64, 32, 32, 64, 64, 32, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 32, 32, 32);
   gl.BlitFramebuffer(0, 0, 32, 32, -65536, 32, 65536, 64, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("depth blits");
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[2]);
   static float z[W * H];
   static uint8_t st[W * H];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, z);
   glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
   check_gl_error("read back");
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         float wz;
         uint8_t ws;
         if (y < 32) { /* B: its clear left, A mirrored right */
            wz = x < 32 ? 0.75f : (x >= 40 && x < 56 && y >= 8 && y < 24 ? 0.5f : 1.0f);
            ws = 0x11;
         } else if (x < 32) { /* (d): the window's column 16 */
            wz = y >= 40 && y < 56 ? 0.5f : 1.0f;
            ws = 0x22;
         } else { /* B's right half mirrored in y, depth only */
            wz = x >= 40 && x < 56 && y >= 40 && y < 56 ? 0.5f : 1.0f;
            ws = 0x22;
         }
         if ((fabsf(z[y * W + x] - wz) > 1e-6f || st[y * W + x] != ws) && bad++ < 8)
            fail("(%d,%d): depth %.7f stencil 0x%02x, expected %.3f 0x%02x", x, y, z[y * W + x],
                 st[y * W + x], wz, ws);
      }
   printf("  %d pixels' depth and stencil read, %d wrong\n", W * H, bad);
   g_failures += bad > 8 ? bad - 8 : 0;
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(3, fbo);
   gl.DeleteRenderbuffers(5, rb);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
}

/* blit_stencil_declined: stencil blits that are drawn, through gl_FragStencilRefARB where the
 * device has VK_EXT_shader_stencil_export and one bit a draw without it (blit_stencil_drawn
 * checks their values; gate.stencil_bits runs both without it): the window's stencil into a 4-sample
 * DEPTH24_STENCIL8 buffer, and into a single-sample one through a 131072-wide scaled box. The
 * scenario checks only what holds either way: no GL error, and the window still renders after
 * them. */
void
sc_blit_stencil_declined(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f);
   glClearStencil(0x33);
   clear_to(bg);
   glClearStencil(0);
   GLuint rb[2], fbo[2];
   gl.GenRenderbuffers(2, rb);
   gl.GenFramebuffers(2, fbo);
   for (int i = 0; i < 2; i++) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, i ? 0 : 4, GL_DEPTH24_STENCIL8, W, H);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                 rb[i]);
      glDrawBuffer(GL_NONE);
      glReadBuffer(GL_NONE);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         fail("depth/stencil framebuffer %d incomplete", i);
   }
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(0, 0, 32, 32, -65536, 0, 65536, 64, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
   check_gl_error("stencil blits");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   GLuint p = solid_program();
   float v[12];
   rect_vertices(v, 16, 16, 48, 40);
   mesh m = make_mesh(v, 6);
   set_vec4(p, "u_color", ca);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   model mo;
   model_init(&mo, bg);
   model_rect(&mo, 16, 16, 48, 40, to8(ca));
   check_frame("the window renders after the stencil blits", &mo);
   gl.DeleteFramebuffers(2, fbo);
   gl.DeleteRenderbuffers(2, rb);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
}

/* blit_srgb_switch: glBlitFramebuffer between sRGB and linear images follows
 * GL_FRAMEBUFFER_SRGB as Mesa does (GL 4.4 §18.3.1: with the switch off nothing is converted;
 * on, an sRGB source is decoded and an sRGB destination encoded; GL 3.3 §4.3.2 converts
 * whatever the switch says, and llvmpipe and Zink follow 4.4). 128 is stored (a clear of 0.5
 * with the switch off) and blitted, with the switch off and then on:
 *   SRGB8_ALPHA8 8x8 -> RGBA8 8x8 (plain), -> RGBA8 16x16 (2x nearest), and a 4x
 *   multisampled SRGB8_ALPHA8 8x8 resolved -> RGBA8 8x8: off 128, on 55 (decode: 0.2158);
 *   RGBA8 8x8 -> SRGB8_ALPHA8 8x8 (plain) and -> SRGB8_ALPHA8 16x16 (2x nearest):
 *   off 128, on 188 (encode of 0.502: 187.5);
 * alpha stays 128 throughout (never converted); every check within 1: the clear of 0.5 is a
 * 127.5 tie GL lets either way (NVIDIA stores 127, lavapipe 128), and a converting blit is
 * still 60 or more away. */
static GLuint
srgb_blit_fbo(GLenum ifmt, GLsizei samples, GLsizei size, GLuint *rb)
{
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.GenRenderbuffers(1, rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, *rb);
   if (samples)
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, ifmt, size, size);
   else
      gl.RenderbufferStorage(GL_RENDERBUFFER, ifmt, size, size);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("blit_srgb_switch: 0x%x framebuffer (%d samples) incomplete", ifmt, samples);
   return fbo;
}

void
sc_blit_srgb_switch(void)
{
   enum { S8, L8, L16, S16, MS, N_FB };
   static const GLenum ifmt[N_FB] = {GL_SRGB8_ALPHA8, GL_RGBA8, GL_RGBA8, GL_SRGB8_ALPHA8,
                                     GL_SRGB8_ALPHA8};
   static const GLsizei size[N_FB] = {8, 8, 16, 16, 8}, samples[N_FB] = {0, 0, 0, 0, 4};
   GLuint fbo[N_FB], rb[N_FB];
   for (int i = 0; i < N_FB; i++)
      fbo[i] = srgb_blit_fbo(ifmt[i], samples[i], size[i], &rb[i]);
   glDisable(GL_SCISSOR_TEST);
   /* src -> dst, and whether the source (1) or the destination (0) is the sRGB side */
   static const struct {
      int src, dst, decode;
      const char *what;
   } cases[] = {
      {S8, L8, 1, "SRGB8_ALPHA8 -> RGBA8, plain"},
      {S8, L16, 1, "SRGB8_ALPHA8 -> RGBA8, 2x nearest"},
      {MS, L8, 1, "4x SRGB8_ALPHA8 -> RGBA8, resolve"},
      {L8, S8, 0, "RGBA8 -> SRGB8_ALPHA8, plain"},
      {L8, S16, 0, "RGBA8 -> SRGB8_ALPHA8, 2x nearest"},
   };
   const GLfloat half[4] = {0.5f, 0.5f, 0.5f, 0.5f}, zero[4] = {0, 0, 0, 0};
   for (int on = 0; on < 2; on++) {
      for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
         const int src = cases[c].src, dst = cases[c].dst;
         glDisable(GL_FRAMEBUFFER_SRGB);
         gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[src]);
         gl.ClearBufferfv(GL_COLOR, 0, half); /* stores 128 (off: no encoding) */
         gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[dst]);
         gl.ClearBufferfv(GL_COLOR, 0, zero);
         if (on)
            glEnable(GL_FRAMEBUFFER_SRGB);
         gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[src]);
         gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[dst]);
         gl.BlitFramebuffer(0, 0, size[src], size[src], 0, 0, size[dst], size[dst],
                            GL_COLOR_BUFFER_BIT, GL_NEAREST);
         glDisable(GL_FRAMEBUFFER_SRGB);
         check_gl_error(cases[c].what);
         const int want = !on ? 128 : cases[c].decode ? 55 : 188, tol = 1;
         GLubyte px[16 * 16 * 4];
         memset(px, 0xee, sizeof px);
         gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[dst]);
         glReadPixels(0, 0, size[dst], size[dst], GL_RGBA, GL_UNSIGNED_BYTE, px);
         for (int t = 0; t < size[dst] * size[dst]; t++) {
            const GLubyte *q = px + 4 * t;
            if (abs(q[0] - want) > tol || abs(q[1] - want) > tol || abs(q[2] - want) > tol ||
                abs(q[3] - 128) > 1) {
               fail("%s, GL_FRAMEBUFFER_SRGB %s: texel %d expected (%d,%d,%d,128) got "
                    "(%u,%u,%u,%u)",
                    cases[c].what, on ? "on" : "off", t, want, want, want, q[0], q[1], q[2], q[3]);
               break;
            }
         }
      }
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(N_FB, fbo);
   gl.DeleteRenderbuffers(N_FB, rb);
   check_window_cleared("the window (untouched by the framebuffer objects)");
}

/* blit_3d_slice: glBlitFramebuffer from and to slices of 3D textures (glFramebufferTextureLayer),
 * on every path a blit takes: scaled 2x nearest and linear, mirrored, a plain copy, clipped by
 * the destination surface, sRGB with GL_FRAMEBUFFER_SRGB off (bytes copied, no conversion) and
 * on (decoded / encoded), slice to 2D, 2D to slice, slice to a slice of another 3D texture, and
 * slice to slice of one 3D texture. The scenario keeps a copy of every texture, applies each
 * blit to it as GL 3.3 §4.3.2 says (pixel centres mapped to the source; nearest takes the
 * texel there, linear the clamp-to-edge bilinear mix inside that one slice), and after each
 * blit reads the whole destination texture back (glGetTexImage): the blitted pixels must
 * match, and every other pixel and slice must keep its bytes. Within 1 where sRGB converts
 * (the curve's rounding), 2 for linear; exact otherwise. */
typedef struct {
   GLuint tex;
   GLenum target;
   int w, h, d, srgb, uint; /* uint: RGBA8UI, uploaded and read as GL_RGBA_INTEGER */
   GLubyte *px;             /* w * h * d RGBA8 */
} b3_tex;

static float
b3_decode(int v)
{
   const float c = (float)v / 255.0f;
   return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

static int
b3_encode(float l)
{
   l = l < 0.0f ? 0.0f : l > 1.0f ? 1.0f : l;
   const float c = l <= 0.0031308f ? l * 12.92f : 1.055f * powf(l, 1.0f / 2.4f) - 0.055f;
   return (int)floorf(c * 255.0f + 0.5f);
}

static void
b3_make(b3_tex *t, GLenum target, GLenum ifmt, int w, int h, int d, int pattern)
{
   t->target = target;
   t->w = w, t->h = h, t->d = d;
   t->srgb = ifmt == GL_SRGB8_ALPHA8;
   t->uint = ifmt == GL_RGBA8UI;
   const GLenum fmt = t->uint ? GL_RGBA_INTEGER : GL_RGBA;
   t->px = malloc((size_t)w * h * d * 4);
   if (!t->px)
      die_setup("blit_3d_slice: out of memory");
   for (int z = 0; z < d; z++)
      for (int y = 0; y < h; y++)
         for (int x = 0; x < w; x++) {
            GLubyte *p = t->px + (((size_t)z * h + y) * w + x) * 4;
            if (pattern == 0) { /* ramps in x and y, one blue per slice */
               p[0] = (GLubyte)(20 + 24 * x), p[1] = (GLubyte)(20 + 24 * y);
               p[2] = (GLubyte)(40 + 60 * z), p[3] = 255;
            } else if (pattern == 3) { /* two halves, for a multisampled renderbuffer (clears) */
               p[0] = x < 4 ? 204 : 51, p[1] = x < 4 ? 0 : 102, p[2] = x < 4 ? 102 : 153,
               p[3] = 255;
            } else if (pattern == 1) { /* another ramp, for 2D sources */
               p[0] = (GLubyte)(200 - 20 * x), p[1] = (GLubyte)(30 + 25 * y), p[2] = 99, p[3] = 200;
            } else { /* untouched destination */
               p[0] = 7, p[1] = 17, p[2] = 27, p[3] = 37;
            }
         }
   if (target == GL_RENDERBUFFER) {
      /* 4 samples, every sample of a pixel alike: a resolve gives the pixel exactly */
      GLuint fbo;
      gl.GenRenderbuffers(1, &t->tex);
      gl.BindRenderbuffer(GL_RENDERBUFFER, t->tex);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, ifmt, w, h);
      gl.GenFramebuffers(1, &fbo);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, t->tex);
      const GLfloat right[4] = {0.2f, 0.4f, 0.6f, 1.0f}, left[4] = {0.8f, 0.0f, 0.4f, 1.0f};
      gl.ClearBufferfv(GL_COLOR, 0, right);
      glEnable(GL_SCISSOR_TEST);
      glScissor(0, 0, 4, h);
      gl.ClearBufferfv(GL_COLOR, 0, left);
      glDisable(GL_SCISSOR_TEST);
      gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
      gl.DeleteFramebuffers(1, &fbo);
      return;
   }
   glGenTextures(1, &t->tex);
   glBindTexture(target, t->tex);
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_MAX_LEVEL, 0);
   if (target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY)
      gl.TexImage3D(target, 0, ifmt, w, h, d, 0, fmt, GL_UNSIGNED_BYTE, t->px);
   else
      glTexImage2D(target, 0, ifmt, w, h, 0, fmt, GL_UNSIGNED_BYTE, t->px);
}

static void
b3_attach(GLenum fb, const b3_tex *t, int layer)
{
   if (t->target == GL_RENDERBUFFER)
      gl.FramebufferRenderbuffer(fb, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, t->tex);
   else if (t->target == GL_TEXTURE_3D || t->target == GL_TEXTURE_2D_ARRAY)
      gl.FramebufferTextureLayer(fb, GL_COLOR_ATTACHMENT0, t->tex, 0, layer);
   else
      gl.FramebufferTexture2D(fb, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t->tex, 0);
   if (gl.CheckFramebufferStatus(fb) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("blit_3d_slice: framebuffer of layer %d incomplete", layer);
}

/* One source texel channel in the blit's working space: linear when the switch is on and the
 * source is sRGB, else the stored value / 255. */
static float
b3_texel(const b3_tex *s, int layer, int x, int y, int c, int on)
{
   x = x < 0 ? 0 : x >= s->w ? s->w - 1 : x;
   y = y < 0 ? 0 : y >= s->h ? s->h - 1 : y;
   const int v = s->px[(((size_t)layer * s->h + y) * s->w + x) * 4 + c];
   return on && s->srgb && c < 3 ? b3_decode(v) : (float)v / 255.0f;
}

static void b3_check(const char *what, b3_tex *d, int tol);

/* glCopyTexSubImage3D of the w x h rectangle at (x, y) of layer sl of s (the read framebuffer)
 * into slice or layer dl of d at (xo, yo): texels copied unchanged (one format, switch off). */
static void
b3_copy(const char *what, b3_tex *s, int sl, b3_tex *d, int dl, int x, int y, int w, int h, int xo,
        int yo)
{
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   b3_attach(GL_READ_FRAMEBUFFER, s, sl);
   glBindTexture(d->target, d->tex);
   gl.CopyTexSubImage3D(d->target, 0, xo, yo, dl, x, y, w, h);
   check_gl_error(what);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   for (int j = 0; j < h; j++)
      for (int i = 0; i < w; i++)
         memcpy(d->px + (((size_t)dl * d->h + yo + j) * d->w + xo + i) * 4,
                s->px + (((size_t)sl * s->h + y + j) * s->w + x + i) * 4, 4);
   b3_check(what, d, 0);
}

static void
b3_blit(const char *what, b3_tex *s, int sl, b3_tex *d, int dl, const int sb[4], const int db[4],
        GLenum filter, int on)
{
   GLuint fbo[2];
   gl.GenFramebuffers(2, fbo);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   b3_attach(GL_READ_FRAMEBUFFER, s, sl);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   b3_attach(GL_DRAW_FRAMEBUFFER, d, dl);
   if (on)
      glEnable(GL_FRAMEBUFFER_SRGB);
   gl.BlitFramebuffer(sb[0], sb[1], sb[2], sb[3], db[0], db[1], db[2], db[3], GL_COLOR_BUFFER_BIT,
                      filter);
   glDisable(GL_FRAMEBUFFER_SRGB);
   check_gl_error(what);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(2, fbo);

   /* the model: the source as it was (a blit within one texture reads it before writing) */
   const size_t sbytes = (size_t)s->w * s->h * s->d * 4;
   b3_tex src = *s;
   src.px = malloc(sbytes);
   if (!src.px)
      die_setup("blit_3d_slice: out of memory");
   memcpy(src.px, s->px, sbytes);
   int tol = on && (s->srgb || d->srgb) ? 1 : 0;
   if (filter == GL_LINEAR)
      tol = 2;
   const int dx0 = db[0] < db[2] ? db[0] : db[2], dx1 = db[0] < db[2] ? db[2] : db[0];
   const int dy0 = db[1] < db[3] ? db[1] : db[3], dy1 = db[1] < db[3] ? db[3] : db[1];
   /* destination ascending, the source keeps the relative mirroring */
   const float sx0 = (float)(db[0] < db[2] ? sb[0] : sb[2]),
               sx1 = (float)(db[0] < db[2] ? sb[2] : sb[0]);
   const float sy0 = (float)(db[1] < db[3] ? sb[1] : sb[3]),
               sy1 = (float)(db[1] < db[3] ? sb[3] : sb[1]);
   for (int y = dy0 > 0 ? dy0 : 0; y < dy1 && y < d->h; y++)
      for (int x = dx0 > 0 ? dx0 : 0; x < dx1 && x < d->w; x++) {
         const float u = sx0 + ((float)x + 0.5f - (float)dx0) * (sx1 - sx0) / (float)(dx1 - dx0);
         const float v = sy0 + ((float)y + 0.5f - (float)dy0) * (sy1 - sy0) / (float)(dy1 - dy0);
         GLubyte *p = d->px + (((size_t)dl * d->h + y) * d->w + x) * 4;
         for (int c = 0; c < 4; c++) {
            float l;
            if (filter == GL_NEAREST) {
               l = b3_texel(&src, sl, (int)floorf(u), (int)floorf(v), c, on);
            } else {
               const float fu = u - 0.5f, fv = v - 0.5f;
               const int i = (int)floorf(fu), j = (int)floorf(fv);
               const float a = fu - (float)i, b = fv - (float)j;
               l = (1 - a) * (1 - b) * b3_texel(&src, sl, i, j, c, on) +
                   a * (1 - b) * b3_texel(&src, sl, i + 1, j, c, on) +
                   (1 - a) * b * b3_texel(&src, sl, i, j + 1, c, on) +
                   a * b * b3_texel(&src, sl, i + 1, j + 1, c, on);
            }
            p[c] =
               (GLubyte)(on && d->srgb && c < 3 ? b3_encode(l) : (int)floorf(l * 255.0f + 0.5f));
         }
      }
   free(src.px);
   b3_check(what, d, tol);
}

/* The whole destination texture, every slice, against the model within tol. */
static void
b3_check(const char *what, b3_tex *d, int tol)
{
   const size_t dbytes = (size_t)d->w * d->h * d->d * 4;
   GLubyte *back = malloc(dbytes);
   if (!back)
      die_setup("blit_3d_slice: out of memory");
   memset(back, 0xee, dbytes);
   glBindTexture(d->target, d->tex);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   glGetTexImage(d->target, 0, d->uint ? GL_RGBA_INTEGER : GL_RGBA, GL_UNSIGNED_BYTE, back);
   check_gl_error("glGetTexImage after a blit");
   for (size_t i = 0; i < dbytes; i++)
      if (abs((int)back[i] - (int)d->px[i]) > tol) {
         const size_t t = i / 4;
         fail("%s: texel (%d,%d) of slice %d channel %d: expected %u got %u", what,
              (int)(t % (size_t)d->w), (int)(t / (size_t)d->w % (size_t)d->h),
              (int)(t / ((size_t)d->w * d->h)), (int)(i % 4), d->px[i], back[i]);
         break;
      }
   /* keep the model what the texture holds (within tol), so one miss is reported once */
   memcpy(d->px, back, dbytes);
   free(back);
}

void
sc_blit_3d_slice(void)
{
   b3_tex a3, s3, d2, d3, ds3, a2, ms, u3, u2, ar;
   b3_make(&a3, GL_TEXTURE_3D, GL_RGBA8, 8, 8, 4, 0);
   b3_make(&s3, GL_TEXTURE_3D, GL_SRGB8_ALPHA8, 8, 8, 4, 0);
   b3_make(&d2, GL_TEXTURE_2D, GL_RGBA8, 16, 16, 1, 2);
   b3_make(&d3, GL_TEXTURE_3D, GL_RGBA8, 16, 16, 3, 2);
   b3_make(&ds3, GL_TEXTURE_3D, GL_SRGB8_ALPHA8, 16, 16, 3, 2);
   b3_make(&a2, GL_TEXTURE_2D, GL_RGBA8, 8, 8, 1, 1);
   b3_make(&ms, GL_RENDERBUFFER, GL_RGBA8, 8, 8, 1, 3);
   b3_make(&u3, GL_TEXTURE_3D, GL_RGBA8UI, 8, 8, 4, 0);
   b3_make(&u2, GL_TEXTURE_2D, GL_RGBA8UI, 16, 16, 1, 2);
   b3_make(&ar, GL_TEXTURE_2D_ARRAY, GL_RGBA8, 8, 8, 3, 2);
   check_gl_error("blit_3d_slice textures");
   glDisable(GL_SCISSOR_TEST);
   static const int whole8[4] = {0, 0, 8, 8}, mirror8[4] = {8, 8, 0, 0}, mirror8x[4] = {8, 0, 0, 8};
   static const int twice[4] = {0, 0, 16, 16}, corner[4] = {0, 0, 8, 8}, mid[4] = {4, 4, 12, 12};
   static const int past[4] = {8, 8, 24, 24}; /* half outside the 16x16 destination */
   /* from a 3D slice into a 2D texture */
   b3_blit("3D slice 2 -> 2D, 2x nearest", &a3, 2, &d2, 0, whole8, twice, GL_NEAREST, 0);
   b3_blit("3D slice 1 -> 2D, mirrored", &a3, 1, &d2, 0, mirror8, corner, GL_NEAREST, 0);
   b3_blit("3D slice 3 -> 2D, 2x linear", &a3, 3, &d2, 0, whole8, twice, GL_LINEAR, 0);
   b3_blit("sRGB 3D slice 2 -> 2D, 2x nearest, switch off", &s3, 2, &d2, 0, whole8, twice,
           GL_NEAREST, 0);
   b3_blit("sRGB 3D slice 1 -> 2D, 2x nearest, switch on", &s3, 1, &d2, 0, whole8, twice,
           GL_NEAREST, 1);
   b3_blit("sRGB 3D slice 3 -> 2D, 2x linear, switch off", &s3, 3, &d2, 0, whole8, twice, GL_LINEAR,
           0);
   b3_blit("sRGB 3D slice 0 -> 2D, mirrored, switch off", &s3, 0, &d2, 0, mirror8, mid, GL_NEAREST,
           0);
   b3_blit("sRGB 3D slice 2 -> 2D, mirrored, switch on", &s3, 2, &d2, 0, mirror8x, corner,
           GL_NEAREST, 1);
   /* from a 2D texture into a 3D slice */
   b3_blit("2D -> 3D slice 1, 2x nearest", &a2, 0, &d3, 1, whole8, twice, GL_NEAREST, 0);
   b3_blit("2D -> 3D slice 2, mirrored in x", &a2, 0, &d3, 2, mirror8x, mid, GL_NEAREST, 0);
   b3_blit("2D -> 3D slice 0, 2x linear", &a2, 0, &d3, 0, whole8, twice, GL_LINEAR, 0);
   b3_blit("2D -> sRGB 3D slice 0, 2x nearest, switch off", &a2, 0, &ds3, 0, whole8, twice,
           GL_NEAREST, 0);
   b3_blit("2D -> sRGB 3D slice 2, 2x nearest, switch on", &a2, 0, &ds3, 2, whole8, twice,
           GL_NEAREST, 1);
   b3_blit("2D -> sRGB 3D slice 1, mirrored, switch off", &a2, 0, &ds3, 1, mirror8, mid, GL_NEAREST,
           0);
   /* integer texels (nearest only): from and into slices */
   b3_blit("RGBA8UI 3D slice 2 -> 2D, 2x nearest", &u3, 2, &u2, 0, whole8, twice, GL_NEAREST, 0);
   b3_blit("RGBA8UI 3D slice 1 -> 2D, mirrored", &u3, 1, &u2, 0, mirror8, mid, GL_NEAREST, 0);
   b3_blit("RGBA8UI 3D slice 3 -> slice 0 of itself, 2x nearest, clipped", &u3, 3, &u3, 0, corner,
           past, GL_NEAREST, 0);
   /* glCopyTexSubImage3D: a 3D slice into a 2D array layer, a 2D texture and a 3D slice into
    * 3D slices (the copies reach the server as blits of one texel per texel) */
   b3_copy("glCopyTexSubImage3D 3D slice 2 -> 2D array layer 1", &a3, 2, &ar, 1, 1, 1, 5, 4, 2, 3);
   b3_copy("glCopyTexSubImage3D 2D -> 3D slice 2", &a2, 0, &d3, 2, 0, 0, 8, 8, 3, 4);
   b3_copy("glCopyTexSubImage3D 3D slice 3 -> 3D slice 1 of another", &a3, 3, &d3, 1, 2, 0, 6, 8, 9,
           1);
   b3_copy("glCopyTexSubImage3D sRGB 3D slice 1 -> sRGB 3D slice 2", &s3, 1, &ds3, 2, 0, 0, 8, 8, 8,
           8);
   /* resolves of a 4-sample renderbuffer into a slice */
   b3_blit("4x resolve -> 3D slice 2", &ms, 0, &d3, 2, whole8, mid, GL_NEAREST, 0);
   b3_blit("4x resolve -> 3D slice 1, mirrored", &ms, 0, &d3, 1, mirror8x, corner, GL_NEAREST, 0);
   b3_blit("4x resolve -> sRGB 3D slice 2, switch off", &ms, 0, &ds3, 2, whole8, corner, GL_NEAREST,
           0);
   /* from a slice of one 3D texture into a slice of another, and within one */
   b3_blit("3D slice 3 -> 3D slice 0, copy", &a3, 3, &d3, 0, whole8, mid, GL_NEAREST, 0);
   b3_blit("3D slice 1 -> 3D slice 2, 2x nearest, clipped", &a3, 1, &d3, 2, whole8, past,
           GL_NEAREST, 0);
   b3_blit("3D slice 0 -> 3D slice 1, 2x linear", &a3, 0, &d3, 1, whole8, twice, GL_LINEAR, 0);
   b3_blit("sRGB 3D slice 2 -> sRGB 3D slice 1, 2x nearest, switch off", &s3, 2, &ds3, 1, whole8,
           twice, GL_NEAREST, 0);
   b3_blit("sRGB 3D slice 3 -> sRGB 3D slice 0, 2x linear, switch off", &s3, 3, &ds3, 0, whole8,
           twice, GL_LINEAR, 0);
   b3_blit("sRGB 3D slice 1 -> sRGB 3D slice 2, 2x nearest, switch on", &s3, 1, &ds3, 2, whole8,
           twice, GL_NEAREST, 1);
   b3_blit("3D slice 0 -> slice 3 of itself, mirrored", &a3, 0, &a3, 3, mirror8, corner, GL_NEAREST,
           0);
   b3_blit("sRGB 3D slice 1 -> slice 0 of itself, mirrored, switch off", &s3, 1, &s3, 0, mirror8,
           corner, GL_NEAREST, 0);
   b3_tex *all[] = {&a3, &s3, &d2, &d3, &ds3, &a2, &ms, &u3, &u2, &ar};
   for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
      if (all[i]->target == GL_RENDERBUFFER)
         gl.DeleteRenderbuffers(1, &all[i]->tex);
      else
         glDeleteTextures(1, &all[i]->tex);
      free(all[i]->px);
   }
   check_window_cleared("the window (untouched by the framebuffer objects)");
}

/* blit_stencil_drawn: stencil blits of the shapes Vulkan's transfer commands cannot do, checked
 * by exact stencil values read back with glReadPixels(GL_STENCIL_INDEX). The source is a
 * single-sample DEPTH24_STENCIL8 buffer: stencil 0x11, a rectangle [8,40)x[16,48) of 0x5a and
 * over it [16,56)x[4,28) of 0xc3 (drawn with GL_REPLACE). With the stencil write mask at 0x0f
 * and depth writes off (a blit ignores both: only the pixel ownership and scissor tests affect
 * it):
 * 1. stencil only, mirrored in x, into a 4-sample buffer cleared to depth 0.25 (depth kept);
 * 2. depth and stencil of that, mirrored in y, into a second 4-sample buffer (depth 0.75);
 * each resolved into a single-sample buffer and read back (the source, too, is read back first);
 * 3. stencil through a 131072x64 box, (0,0,32,32) -> (-65536,0,65536,64) under a scissor
 *    [0,32), and mirrored (32,0,0,32) under [32,64): pixel (x, y) takes source pixel
 *    (16, y / 2), mirrored (15, y / 2). */
static uint8_t
bsd_src(int x, int y)
{
   if (x >= 16 && x < 56 && y >= 4 && y < 28)
      return 0xc3;
   if (x >= 8 && x < 40 && y >= 16 && y < 48)
      return 0x5a;
   return 0x11;
}

static int
bsd_check(const char *what, float wz, int mode)
{
   static float z[W * H];
   static uint8_t st[W * H];
   memset(st, 0xee, sizeof st);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
   if (wz >= 0.0f)
      glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, z);
   check_gl_error(what);
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const uint8_t ws = mode == 0   ? bsd_src(W - 1 - x, y)
                            : mode == 1 ? bsd_src(W - 1 - x, H - 1 - y)
                            : mode == 2 ? bsd_src(x < 32 ? 16 : 15, y / 2)
                                        : bsd_src(x, y);
         const bool zbad = wz >= 0.0f && fabsf(z[y * W + x] - wz) > 1e-6f;
         if ((st[y * W + x] != ws || zbad) && bad++ < 6)
            fail("%s: pixel (%d,%d): stencil 0x%02x depth %.7f, expected 0x%02x depth %.2f", what,
                 x, y, st[y * W + x], wz >= 0.0f ? z[y * W + x] : 0.0f, ws, wz);
      }
   printf("  %s: %d pixels read, %d wrong\n", what, W * H, bad);
   g_failures += bad > 6 ? bad - 6 : 0;
   return bad;
}

void
sc_blit_stencil_drawn(void)
{
   GLuint rb[6], fbo[5];
   gl.GenRenderbuffers(6, rb);
   gl.GenFramebuffers(5, fbo);
   const int samples[5] = {0, 4, 4, 0, 0};
   const double depth[5] = {1.0, 0.25, 0.75, 1.0, 1.0};
   for (int i = 0; i < 5; i++) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples[i], GL_DEPTH24_STENCIL8, W, H);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                                 rb[i]);
      if (i == 0) {
         /* the source is drawn into: it has a colour buffer too */
         gl.BindRenderbuffer(GL_RENDERBUFFER, rb[5]);
         gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 0, GL_RGBA8, W, H);
         gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[5]);
      } else {
         glDrawBuffer(GL_NONE);
         glReadBuffer(GL_NONE);
      }
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         fail("depth/stencil framebuffer %d incomplete", i);
      glClearDepth(depth[i]);
      glClearStencil(i == 0 ? 0x11 : 0);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   }
   glClearDepth(1.0);
   glClearStencil(0);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   glViewport(0, 0, W, H);
   GLuint p = solid_program();
   float v[24];
   rect_vertices(v, 8, 16, 40, 48);
   rect_vertices(v + 12, 16, 4, 56, 28);
   mesh m = make_mesh(v, 12);
   set_vec4(p, "u_color", V4(1.0f, 1.0f, 1.0f, 1.0f));
   glEnable(GL_STENCIL_TEST);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   glStencilFunc(GL_ALWAYS, 0x5a, 0xff);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glStencilFunc(GL_ALWAYS, 0xc3, 0xff);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   glDisable(GL_STENCIL_TEST);
   check_gl_error("stencil drawn into the source");
   /* the source itself first: a wrong blit below is then the blit's */
   bsd_check("the source as drawn", -1.0f, 3);
   /* masks a blit ignores */
   glStencilMask(0x0f);
   glDepthMask(GL_FALSE);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(0, 0, W, H, W, 0, 0, H, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
   gl.BlitFramebuffer(0, 0, W, H, 0, H, W, 0, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
                      GL_NEAREST);
   check_gl_error("mirrored stencil blits into 4-sample buffers");
   for (int i = 0; i < 2; i++) {
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1 + i]);
      gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[3]);
      gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
                         GL_NEAREST);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[3]);
      bsd_check(i ? "4-sample -> 4-sample mirrored in y, resolved"
                  : "single-sample -> 4-sample stencil only mirrored in x, resolved",
                0.25f, i);
   }
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[4]);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 32, H);
   gl.BlitFramebuffer(0, 0, 32, 32, -65536, 0, 65536, 64, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
   glScissor(32, 0, 32, H);
   gl.BlitFramebuffer(32, 0, 0, 32, -65536, 0, 65536, 64, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
   glDisable(GL_SCISSOR_TEST);
   glScissor(0, 0, W, H);
   glStencilMask(0xff);
   glDepthMask(GL_TRUE);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[4]);
   bsd_check("stencil through a 131072x64 box, and mirrored", -1.0f, 2);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(5, fbo);
   gl.DeleteRenderbuffers(6, rb);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
}

/* blit_1d_dst: a 2D RGBA8 texture of 4-pixel vertical stripes (stripe k has colour
 * (16k, 255 - 16k, 8k + 3, 255), rows y >= 32 cleared white), its row 20 blitted into a 64-texel
 * 1D RGBA8 texture's framebuffer mirrored and scaled 2x, nearest: (0,20,32,21) ->
 * (64,0,0,1), so texel x takes source pixel 31 - x / 2; then (0,40,64,41) -> (0,0,16,1) under a
 * scissor [4,12) (scaled 1/4: texel x takes source pixel 4x + 2). Read back with glReadPixels
 * and glGetTexImage. With MGL_TEST_VK_NO_BLIT_FORMATS=1 (gate.blit_draw) both are drawn into
 * the 1D image. */
void
sc_blit_1d_dst(void)
{
   GLuint tex[2], fbo[2];
   glGenTextures(2, tex);
   gl.GenFramebuffers(2, fbo);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glBindTexture(GL_TEXTURE_1D, tex[1]);
   glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("2D framebuffer incomplete");
   glEnable(GL_SCISSOR_TEST);
   for (int k = 0; k < W / 4; k++) {
      glScissor(4 * k, 0, 4, 32);
      glClearColor((float)(16 * k) / 255.0f, (float)(255 - 16 * k) / 255.0f,
                   (float)(8 * k + 3) / 255.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
   }
   glScissor(0, 32, W, 32);
   glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
   gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, tex[1], 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("1D framebuffer incomplete");
   glScissor(0, 0, 64, 1);
   glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(0, 20, 32, 21, 64, 0, 0, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glEnable(GL_SCISSOR_TEST);
   glScissor(4, 0, 8, 1);
   gl.BlitFramebuffer(0, 40, 64, 41, 0, 0, 16, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glDisable(GL_SCISSOR_TEST);
   glScissor(0, 0, W, H);
   check_gl_error("blits into a 1D texture");
   GLubyte px[64][4], tx[64][4];
   memset(px, 0xee, sizeof px);
   memset(tx, 0xee, sizeof tx);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   glReadPixels(0, 0, 64, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glBindTexture(GL_TEXTURE_1D, tex[1]);
   glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, tx);
   check_gl_error("1D read back");
   int bad = 0;
   for (int x = 0; x < 64; x++) {
      /* the second blit's texels (row 40 is white) inside its scissor, else the first's */
      const int k = (31 - x / 2) / 4;
      const bool white = x >= 4 && x < 12;
      const GLubyte w[4] = {white ? 255 : (GLubyte)(16 * k), white ? 255 : (GLubyte)(255 - 16 * k),
                            white ? 255 : (GLubyte)(8 * k + 3), 255};
      if ((memcmp(px[x], w, 4) || memcmp(tx[x], w, 4)) && bad++ < 6)
         fail("1D texel pixel (%d,0): read %u,%u,%u,%u, texture %u,%u,%u,%u, expected %u,%u,%u,%u",
              x, px[x][0], px[x][1], px[x][2], px[x][3], tx[x][0], tx[x][1], tx[x][2], tx[x][3],
              w[0], w[1], w[2], w[3]);
   }
   printf("  64 1D texels read two ways, %d wrong\n", bad);
   g_failures += bad > 6 ? bad - 6 : 0;
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(2, fbo);
   glDeleteTextures(2, tex);
}

/* blit_1d_src: a 64-texel 1D RGBA8 texture (texel i = (4i, 255 - 4i, 2i + 1, 255)) as the read
 * framebuffer's colour buffer, blitted nearest:
 * 1. mirrored and stretched to rows [8,40) of a 4-sample RGBA8 renderbuffer (a single-sample
 *    source into a multisampled buffer: drawn), resolved into a 2D RGBA8 texture: pixel x of
 *    those rows takes texel 63 - x;
 * 2. its box (-32,0,32,1) scaled 2x to (0,50,32,51) of that 2D texture: the box leaves the 1D
 *    image, pixel x takes texel 2x - 31, and x < 16 (source outside) is not written;
 * 3. mirrored and halved into a second 1D texture: (64,0,0,1) -> (0,0,32,1), texel x takes
 *    texel 63 - 2x (texels 32..63 keep their clear colour).
 * Everything else is the clear colour (0, 0, 0, 255). Read with glReadPixels. With
 * MGL_TEST_VK_NO_BLIT_FORMATS=1 (gate.blit_draw) the blits are drawn from the 1D image too. */
static GLubyte
b1s_texel(int i, int c)
{
   const GLubyte t[4] = {(GLubyte)(4 * i), (GLubyte)(255 - 4 * i), (GLubyte)(2 * i + 1), 255};
   return t[c];
}

void
sc_blit_1d_src(void)
{
   GLuint tex[3], rb, fbo[4];
   glGenTextures(3, tex);
   gl.GenRenderbuffers(1, &rb);
   gl.GenFramebuffers(4, fbo);
   GLubyte texels[64][4];
   for (int i = 0; i < 64; i++)
      for (int c = 0; c < 4; c++)
         texels[i][c] = b1s_texel(i, c);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (int i = 0; i < 2; i++) {
      glBindTexture(GL_TEXTURE_1D, tex[i]);
      glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, i ? NULL : texels);
   }
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
   for (int i = 0; i < 4; i++) {
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      if (i < 2)
         gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, tex[i], 0);
      else if (i == 2)
         gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      else
         gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[2], 0);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         fail("framebuffer %d incomplete", i);
      if (i)
         clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   }
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
   gl.BlitFramebuffer(0, 0, 64, 1, 64, 8, 0, 9, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[2]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[3]);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   gl.BlitFramebuffer(-32, 0, 32, 1, 0, 50, 32, 51, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
   gl.BlitFramebuffer(64, 0, 0, 1, 0, 0, 32, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("blits from a 1D texture");
   static GLubyte px[H][W][4];
   GLubyte row[64][4];
   memset(px, 0xee, sizeof px);
   memset(row, 0xee, sizeof row);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[3]);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   glReadPixels(0, 0, 64, 1, GL_RGBA, GL_UNSIGNED_BYTE, row);
   check_gl_error("read back");
   int bad = 0;
   for (int y = 0; y <= H; y++)
      for (int x = 0; x < W; x++) {
         /* y == H: the second 1D texture */
         int i = -1;
         if (y == H)
            i = x < 32 ? 63 - 2 * x : -1;
         else if (y == 8)
            i = 63 - x;
         else if (y == 50 && x >= 16 && x < 32)
            i = 2 * x - 31;
         const GLubyte *got = y == H ? row[x] : px[y][x];
         GLubyte w[4] = {0, 0, 0, 255};
         for (int c = 0; c < 4 && i >= 0; c++)
            w[c] = b1s_texel(i, c);
         if (memcmp(got, w, 4) && bad++ < 6)
            fail("%s pixel (%d,%d): %u,%u,%u,%u, expected %u,%u,%u,%u",
                 y == H ? "second 1D texture" : "2D", x, y == H ? 0 : y, got[0], got[1], got[2],
                 got[3], w[0], w[1], w[2], w[3]);
      }
   printf("  %d pixels read, %d wrong\n", W * H + 64, bad);
   g_failures += bad > 6 ? bad - 6 : 0;
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(4, fbo);
   gl.DeleteRenderbuffers(1, &rb);
   glDeleteTextures(3, tex);
}
