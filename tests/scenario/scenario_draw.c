/* scenario_draw.c: scenarios of drawing: clears, draws, vertex input, primitive restart, points
 * and lines, raster and per-fragment state, buffers. */
#include "scenario.h"

/* restart_loop: primitive restart at an arbitrary index (7 here; Vulkan restarts only at
 * all-ones) and GL_LINE_LOOP (Vulkan has no loop), alone and with restart.
 * Top: one GL_TRIANGLE_STRIP of GL_UNSIGNED_SHORT indices {0,1,2,3,7,4,5,6,8}: two quads, and
 * vertex 7 sits in the gap between them, so a strip that did not restart paints the gap.
 * Bottom left: glDrawArrays(GL_LINE_LOOP) of a rectangle's 4 corners: the closing (left) edge.
 * Bottom right: glDrawElements(GL_LINE_LOOP) of GL_UNSIGNED_INT {0,1,2,3,9,4,5,6,7} with restart
 * index 9: two closed rectangles, nothing between them. Lines lie on pixel centres; only edge
 * interiors (not corners) and the inside are asserted. */

/* Asserts the outline of [x0,x1] x [y0,y1] (pixel centres) without its corners, and inside. */
static void
expect_outline(const char *phase, int x0, int y0, int x1, int y1, rgba8 line, rgba8 inside)
{
   for (int x = x0 + 2; x <= x1 - 2; x++) {
      expect_px(phase, x, y0, line);
      expect_px(phase, x, y1, line);
   }
   for (int y = y0 + 2; y <= y1 - 2; y++) {
      expect_px(phase, x0, y, line);
      expect_px(phase, x1, y, line);
   }
   for (int y = y0 + 2; y <= y1 - 2; y++)
      for (int x = x0 + 2; x <= x1 - 2; x++)
         expect_px(phase, x, y, inside);
}

void
sc_restart_loop(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = solid_program();
   const rgba8 bg8 = to8(bg);

   /* top: triangle strips split by restart index 7 */
   const float strip[] = {4,  36, 26, 36, 4,  60, 26, 60, /* quad A: 0..3 */
                          38, 36, 60, 36, 38, 60,         /* quad B: 4..6 */
                          32, 48,                         /* 7: in the gap */
                          60, 60};                        /* 8: quad B's last corner */
   const GLushort sidx[] = {0, 1, 2, 3, 7, 4, 5, 6, 8};
   GLuint vao, vbo, ebo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof strip, strip, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.EnableVertexAttribArray(0);
   gl.GenBuffers(1, &ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
   /* The indices arrive by glBufferSubData after a draw without restart (scissored away) read
    * the buffer on the GPU, so they land in stream order, after that draw: the restart rewrite
    * must read them there, not what the buffer held before. */
   const GLushort zeros[9] = {0};
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof zeros, zeros, GL_DYNAMIC_DRAW);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 1, 1);
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, (void *)0);
   glDisable(GL_SCISSOR_TEST);
   gl.BufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, sizeof sidx, sidx);
   glEnable(GL_PRIMITIVE_RESTART);
   gl.PrimitiveRestartIndex(7);
   const vec4f green = V4(0.0f, 1.0f, 0.0f, 1.0f);
   set_vec4(p, "u_color", green);
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, (void *)0);
   check_gl_error("strip with restart index 7");

   /* bottom left: a non-indexed line loop */
   const float loop[] = {4.5f, 4.5f, 20.5f, 4.5f, 20.5f, 28.5f, 4.5f, 28.5f};
   GLuint vao2, vbo2;
   gl.GenVertexArrays(1, &vao2);
   gl.BindVertexArray(vao2);
   gl.GenBuffers(1, &vbo2);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo2);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof loop, loop, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.EnableVertexAttribArray(0);
   const vec4f yellow = V4(1.0f, 1.0f, 0.0f, 1.0f);
   set_vec4(p, "u_color", yellow);
   glDrawArrays(GL_LINE_LOOP, 0, 4);
   check_gl_error("glDrawArrays(GL_LINE_LOOP)");

   /* bottom right: indexed line loops split by restart index 9 */
   const float loops[] = {26.5f, 4.5f, 38.5f, 4.5f, 38.5f, 28.5f, 26.5f, 28.5f,
                          46.5f, 4.5f, 58.5f, 4.5f, 58.5f, 28.5f, 46.5f, 28.5f};
   const GLuint lidx[] = {0, 1, 2, 3, 9, 4, 5, 6, 7};
   GLuint vao3, vbo3, ebo3;
   gl.GenVertexArrays(1, &vao3);
   gl.BindVertexArray(vao3);
   gl.GenBuffers(1, &vbo3);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo3);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof loops, loops, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.EnableVertexAttribArray(0);
   gl.GenBuffers(1, &ebo3);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo3);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof lidx, lidx, GL_STATIC_DRAW);
   gl.PrimitiveRestartIndex(9);
   const vec4f cyan = V4(0.0f, 1.0f, 1.0f, 1.0f);
   set_vec4(p, "u_color", cyan);
   glDrawElements(GL_LINE_LOOP, 9, GL_UNSIGNED_INT, (void *)0);
   glDisable(GL_PRIMITIVE_RESTART);
   check_gl_error("glDrawElements(GL_LINE_LOOP) with restart index 9");

   readback();
   const int before = g_failures;
   /* the quads, and the gap between them (x 27..37) left alone */
   for (int y = 37; y < 59; y++) {
      for (int x = 5; x < 25; x++)
         expect_px("strip quad A", x, y, to8(green));
      for (int x = 28; x < 36; x++)
         expect_px("strip gap (restart)", x, y, bg8);
      for (int x = 39; x < 59; x++)
         expect_px("strip quad B", x, y, to8(green));
   }
   expect_outline("line loop", 4, 4, 20, 28, to8(yellow), bg8);
   expect_outline("line loop A (restart)", 26, 4, 38, 28, to8(cyan), bg8);
   expect_outline("line loop B (restart)", 46, 4, 58, 28, to8(cyan), bg8);
   for (int y = 6; y < 27; y++) /* the strip that would join loop A's end to loop B's start */
      for (int x = 40; x < 45; x++)
         expect_px("between the loops (restart)", x, y, bg8);
   printf("  restart and line loops: %d wrong pixels\n", g_failures - before);
}

/* loop_run: a run of GL_LINE_LOOP draws, each a different rectangle of one vertex buffer, with
 * an indexed draw from an element buffer in the middle and a colour change. The client rewrites
 * each loop into indices that travel with the draw; the backend may queue such draws together
 * (its fast path), each reading its own indices, and the element buffer's draw between them must
 * read the element buffer. Bottom half: eight loops on a 4 x 2 grid (the first four yellow, the
 * last four magenta); top: a green quad of indexed triangles, drawn after the fourth loop. */
void
sc_loop_run(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = solid_program();
   const rgba8 bg8 = to8(bg);
   float verts[8 * 8 + 8];
   for (int i = 0; i < 8; i++) {
      const float x0 = 2.5f + 16.0f * (float)(i % 4), y0 = 2.5f + 16.0f * (float)(i / 4);
      const float r[8] = {x0, y0, x0 + 12.0f, y0, x0 + 12.0f, y0 + 12.0f, x0, y0 + 12.0f};
      memcpy(verts + 8 * i, r, sizeof r);
   }
   const float quad[8] = {4.0f, 38.0f, 60.0f, 38.0f, 60.0f, 60.0f, 4.0f, 60.0f};
   memcpy(verts + 64, quad, sizeof quad);
   const GLushort qidx[] = {32, 33, 34, 32, 34, 35};
   GLuint vao, vbo, ebo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof verts, verts, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.EnableVertexAttribArray(0);
   gl.GenBuffers(1, &ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof qidx, qidx, GL_STATIC_DRAW);
   const vec4f yellow = V4(1.0f, 1.0f, 0.0f, 1.0f), magenta = V4(1.0f, 0.0f, 1.0f, 1.0f);
   const vec4f green = V4(0.0f, 1.0f, 0.0f, 1.0f);
   set_vec4(p, "u_color", yellow);
   for (int i = 0; i < 4; i++)
      glDrawArrays(GL_LINE_LOOP, 4 * i, 4);
   set_vec4(p, "u_color", green);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);
   set_vec4(p, "u_color", magenta);
   for (int i = 4; i < 8; i++)
      glDrawArrays(GL_LINE_LOOP, 4 * i, 4);
   check_gl_error("the run of line loops");

   readback();
   const int before = g_failures;
   for (int i = 0; i < 8; i++) {
      const int x0 = 2 + 16 * (i % 4), y0 = 2 + 16 * (i / 4);
      expect_outline(i < 4 ? "loop (yellow)" : "loop (magenta)", x0, y0, x0 + 12, y0 + 12,
                     to8(i < 4 ? yellow : magenta), bg8);
   }
   for (int y = 40; y < 58; y++)
      for (int x = 6; x < 58; x++)
         expect_px("indexed quad between the loops", x, y, to8(green));
   printf("  run of line loops: %d wrong pixels\n", g_failures - before);
   gl.DeleteBuffers(1, &ebo);
   gl.DeleteBuffers(1, &vbo);
   gl.DeleteVertexArrays(1, &vao);
}

/* loop_cache: GL_LINE_LOOP draws whose rewritten indices the client keeps in a server buffer
 * (fe_prim_rewrite.c, the cache), each drawn after a change the cache must see. One vertex
 * buffer holds 16 rectangles on a 4 x 4 grid (12-pixel outlines, 16 apart); each draw below
 * outlines a rectangle no draw before it did, so a draw the cache answered with an earlier
 * stream outlines an old one again and leaves its own missing:
 *   0, 1  glDrawArrays(GL_LINE_LOOP, 4 r, 4): the same count from another first vertex;
 *   2     a 3-vertex loop of rectangle 2's first corners (a triangle: its long edge closes it);
 *   3     glDrawElements from an element buffer holding rectangle 3's indices;
 *   4     the same draw after glBufferSubData wrote rectangle 4's indices there;
 *   5     after glBufferData gave the buffer a new store (rectangle 5's, then rectangle 6's);
 *   6     the same count at the next offset of that store;
 *   7     after glCopyBufferSubData copied rectangle 7's indices in (a write by the server);
 *   8     after a write map wrote rectangle 8's;
 *   9, 10 with primitive restart at index 99 (two loops), then 11 after a glBufferSubData
 *         moved the second loop to rectangle 11;
 *   12    glDrawArrays(GL_LINE_LOOP, 48, 4) again after the element draws.
 * Rectangles 10 (drawn only before the last write), 13, 14 and 15 stay empty. */
void
sc_loop_cache(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = solid_program();
   const rgba8 bg8 = to8(bg);
   float verts[16 * 8];
   for (int i = 0; i < 16; i++) {
      const float x0 = 2.5f + 16.0f * (float)(i % 4), y0 = 2.5f + 16.0f * (float)(i / 4);
      const float r[8] = {x0, y0, x0 + 12.0f, y0, x0 + 12.0f, y0 + 12.0f, x0, y0 + 12.0f};
      memcpy(verts + 8 * i, r, sizeof r);
   }
   GLuint vao, vbo, ebo, src;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof verts, verts, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.EnableVertexAttribArray(0);
   const vec4f yellow = V4(1.0f, 1.0f, 0.0f, 1.0f), magenta = V4(1.0f, 0.0f, 1.0f, 1.0f);
   set_vec4(p, "u_color", yellow);
   glDrawArrays(GL_LINE_LOOP, 0, 4);
   glDrawArrays(GL_LINE_LOOP, 4, 4);
   glDrawArrays(GL_LINE_LOOP, 8, 3);
   check_gl_error("glDrawArrays(GL_LINE_LOOP)");

   set_vec4(p, "u_color", magenta);
   GLushort idx[9];
   for (int i = 0; i < 4; i++)
      idx[i] = (GLushort)(12 + i);
   gl.GenBuffers(1, &ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, 8, idx, GL_DYNAMIC_DRAW);
   glDrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_SHORT, (void *)0);
   for (int i = 0; i < 4; i++)
      idx[i] = (GLushort)(16 + i);
   gl.BufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, 8, idx);
   glDrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_SHORT, (void *)0);
   check_gl_error("glDrawElements(GL_LINE_LOOP) after glBufferSubData");

   for (int i = 0; i < 8; i++)
      idx[i] = (GLushort)(20 + i);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, 16, idx, GL_DYNAMIC_DRAW);
   glDrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_SHORT, (void *)0);
   glDrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_SHORT, (void *)8);
   check_gl_error("glDrawElements(GL_LINE_LOOP) after glBufferData");

   for (int i = 0; i < 4; i++)
      idx[i] = (GLushort)(28 + i);
   gl.GenBuffers(1, &src);
   gl.BindBuffer(GL_COPY_READ_BUFFER, src);
   gl.BufferData(GL_COPY_READ_BUFFER, 8, idx, GL_STATIC_DRAW);
   gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_ELEMENT_ARRAY_BUFFER, 0, 0, 8);
   glDrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_SHORT, (void *)0);
   check_gl_error("glDrawElements(GL_LINE_LOOP) after glCopyBufferSubData");

   GLushort *m = gl.MapBufferRange(GL_ELEMENT_ARRAY_BUFFER, 0, 8, GL_MAP_WRITE_BIT);
   if (m) {
      for (int i = 0; i < 4; i++)
         m[i] = (GLushort)(32 + i);
   }
   gl.UnmapBuffer(GL_ELEMENT_ARRAY_BUFFER);
   glDrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_SHORT, (void *)0);
   check_gl_error("glDrawElements(GL_LINE_LOOP) after a write map");

   const GLushort restart[9] = {36, 37, 38, 39, 99, 40, 41, 42, 43};
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof restart, restart, GL_DYNAMIC_DRAW);
   glEnable(GL_PRIMITIVE_RESTART);
   gl.PrimitiveRestartIndex(99);
   glDrawElements(GL_LINE_LOOP, 9, GL_UNSIGNED_SHORT, (void *)0);
   /* rectangle 10 was outlined; clear it, then the second loop moves to rectangle 11 */
   glEnable(GL_SCISSOR_TEST);
   glScissor(32, 32, 16, 16);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   const GLushort moved[4] = {44, 45, 46, 47};
   gl.BufferSubData(GL_ELEMENT_ARRAY_BUFFER, 10, sizeof moved, moved);
   glDrawElements(GL_LINE_LOOP, 9, GL_UNSIGNED_SHORT, (void *)0);
   glDisable(GL_PRIMITIVE_RESTART);
   check_gl_error("glDrawElements(GL_LINE_LOOP) with restart index 99");

   set_vec4(p, "u_color", yellow);
   glDrawArrays(GL_LINE_LOOP, 48, 4);
   check_gl_error("glDrawArrays(GL_LINE_LOOP) after the element draws");

   readback();
   const int before = g_failures;
   for (int i = 0; i < 16; i++) {
      const int x0 = 2 + 16 * (i % 4), y0 = 2 + 16 * (i / 4);
      const bool drawn = i <= 12 && i != 10;
      if (i == 2)
         continue; /* the triangle, below */
      const rgba8 line = !drawn ? bg8 : to8(i < 2 || i == 12 ? yellow : magenta);
      expect_outline("loop rectangle", x0, y0, x0 + 12, y0 + 12, line, bg8);
   }
   /* rectangle 2's triangle: its bottom and right edges, and the diagonal that closes it */
   for (int k = 4; k <= 10; k++) {
      expect_px("3-vertex loop, bottom edge", 34 + k, 2, to8(yellow));
      expect_px("3-vertex loop, right edge", 46, 2 + k, to8(yellow));
   }
   expect_px("3-vertex loop, closing edge", 40, 8, to8(yellow));
   expect_px("3-vertex loop, left edge (none)", 34, 8, bg8);
   printf("  cached line loops: %d wrong pixels\n", g_failures - before);
   gl.DeleteBuffers(1, &src);
   gl.DeleteBuffers(1, &ebo);
   gl.DeleteBuffers(1, &vbo);
   gl.DeleteVertexArrays(1, &vao);
}

/* clear_masks: glColorMask and glStencilMask apply to glClear and glClearBuffer* (GL 3.3
 * §17.4.3): masked channels and stencil bits keep their values. Top half: colour, through
 * glClear (left) and glClearBufferfv (right) with partial masks; an RGBA8UI renderbuffer cleared
 * with glClearBufferuiv under a mask, read back as integers. Bottom half: stencil written
 * through two partial write masks, then shown by stencil-tested draws. */
void
sc_clear_masks(void)
{
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   glClearStencil(0);
   clear_to(bg);
   glEnable(GL_SCISSOR_TEST);
   /* left top: glClear, red and blue only */
   glScissor(4, 34, 26, 26);
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   glClearColor(1.0f, 1.0f, 1.0f, 0.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   /* right top: glClearBufferfv, green only */
   glScissor(34, 34, 26, 26);
   glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_FALSE);
   const GLfloat c[4] = {1.0f, 0.6f, 1.0f, 0.0f};
   gl.ClearBufferfv(GL_COLOR, 0, c);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   check_gl_error("masked colour clears");

   /* stencil: whole buffer 0xff through mask 0x0f (-> 0x0f), then a region 0x35 through 0xf0
    * (-> 0x3f); the depth clear beside it keeps its own (full) write mask */
   glScissor(0, 0, W, H);
   glStencilMask(0x0f);
   glClearStencil(0xff);
   glClear(GL_STENCIL_BUFFER_BIT);
   glScissor(8, 8, 20, 16);
   glStencilMask(0xf0);
   const GLint sv = 0x35;
   gl.ClearBufferiv(GL_STENCIL, 0, &sv);
   glStencilMask(0xff);
   check_gl_error("masked stencil clears");

   /* show the stencil in the bottom half: green where 0x3f, blue where 0x0f */
   GLuint p = solid_program();
   float quad[12];
   rect_vertices(quad, 0, 0, W, 30);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   glScissor(0, 0, W, 30);
   glEnable(GL_STENCIL_TEST);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   glStencilFunc(GL_EQUAL, 0x3f, 0xff);
   set_vec4(p, "u_color", V4(0.0f, 1.0f, 0.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glStencilFunc(GL_EQUAL, 0x0f, 0xff);
   set_vec4(p, "u_color", V4(0.0f, 0.0f, 1.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_STENCIL_TEST);
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("stencil-tested draws");

   model m;
   model_init(&m, bg);
   model_rect(&m, 4, 34, 30, 60, to8(V4(1.0f, 0.2f, 1.0f, 1.0f)));
   model_rect(&m, 34, 34, 60, 60, to8(V4(0.2f, 0.6f, 0.2f, 1.0f)));
   model_rect(&m, 0, 0, W, 30, to8(V4(0.0f, 0.0f, 1.0f, 1.0f)));
   model_rect(&m, 8, 8, 28, 24, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("masked clears", &m);

   /* an unsigned-integer attachment: glClearBufferuiv through a mask */
   GLuint fbo, rb;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8UI, 4, 4);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("RGBA8UI framebuffer incomplete");
   const GLuint u0[4] = {1, 2, 3, 4}, u1[4] = {9, 9, 9, 9};
   gl.ClearBufferuiv(GL_COLOR, 0, u0);
   glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
   gl.ClearBufferuiv(GL_COLOR, 0, u1);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   GLuint px[4 * 4 * 4];
   memset(px, 0xee, sizeof px);
   glReadPixels(0, 0, 4, 4, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
   check_gl_error("RGBA8UI masked clear and read-back");
   int bad = 0;
   for (int i = 0; i < 16; i++) {
      const GLuint *q = &px[4 * i];
      if (q[0] != 1 || q[1] != 9 || q[2] != 3 || q[3] != 9) {
         if (!bad)
            fail("RGBA8UI texel %d: expected (1,9,3,9) got (%u,%u,%u,%u)", i, q[0], q[1], q[2],
                 q[3]);
         bad++;
      }
   }
   printf("  RGBA8UI masked clear: 16 texels checked, %d wrong\n", bad);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   readback(); /* the PNG shows the default framebuffer */
}

/* clear: full clear, then a scissored clear of a sub-rectangle. */
void
sc_clear(void)
{
   model m;
   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 0.8f);
   clear_to(bg);
   model_init(&m, bg);
   check_frame("full clear", &m);

   const vec4f red = V4(1.0f, 0.0f, 0.2f, 1.0f);
   const int sx = 16, sy = 8, sw = 20, sh = 24;
   glEnable(GL_SCISSOR_TEST);
   glScissor(sx, sy, sw, sh);
   glClearColor(red.v[0], red.v[1], red.v[2], red.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   model_rect(&m, sx, sy, sx + sw, sy + sh, to8(red));
   check_frame("scissored clear", &m);

   /* The four corners and the centre, spelled out (the full-frame check covers them too). */
   const int pts[5][2] = {{0, 0}, {W - 1, 0}, {0, H - 1}, {W - 1, H - 1}, {W / 2, H / 2}};
   for (int i = 0; i < 5; i++) {
      rgba8 want, got = pixel_at(pts[i][0], pts[i][1]);
      model_eval(&m, pts[i][0], pts[i][1], &want);
      if (!rgba_eq(want, got))
         fail("probe pixel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", pts[i][0], pts[i][1],
              want.c[0], want.c[1], want.c[2], want.c[3], got.c[0], got.c[1], got.c[2], got.c[3]);
   }
}

/* triangle: one triangle from a VBO + VAO, solid colour from a loose uniform. */
void
sc_triangle(void)
{
   const float tri[6] = {10.0f, 8.0f, 54.0f, 14.0f, 30.0f, 56.0f};
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const vec4f col = V4(0.2f, 0.8f, 0.4f, 1.0f);
   GLuint p = solid_program();
   set_vec4(p, "u_color", col);
   mesh me = make_mesh(tri, 3);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   check_gl_error("draw");

   model m;
   model_init(&m, bg);
   model_tri(&m, tri, to8(col));
   check_frame("triangle", &m);
   (void)me;
}

/* indexed_quad: glDrawElements with GL_UNSIGNED_SHORT (left quad, offset 0) and
 * GL_UNSIGNED_INT (right quad, at a byte offset into the same element buffer). */
void
sc_indexed_quad(void)
{
   const float verts[16] = {/* quad A: [6,28) x [10,50) */
                            6, 10, 28, 10, 28, 50, 6, 50,
                            /* quad B: [34,58) x [4,40) */
                            34, 4, 58, 4, 58, 40, 34, 40};
   const GLushort idx16[6] = {0, 1, 2, 0, 2, 3};
   const GLuint idx32[6] = {4, 5, 6, 4, 6, 7};
   const size_t off32 = 16; /* 6 ushorts = 12 bytes, padded to a 4-byte multiple */
   unsigned char elements[16 + sizeof idx32];
   memset(elements, 0, sizeof elements);
   memcpy(elements, idx16, sizeof idx16);
   memcpy(elements + off32, idx32, sizeof idx32);

   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   const vec4f ca = V4(1.0f, 0.6f, 0.0f, 1.0f), cb = V4(0.0f, 0.4f, 1.0f, 0.6f);
   GLuint p = solid_program();
   mesh me = make_mesh(verts, 8);
   GLuint ebo;
   gl.GenBuffers(1, &ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo); /* recorded in the VAO */
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof elements, elements, GL_STATIC_DRAW);

   clear_to(bg);
   set_vec4(p, "u_color", ca);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);
   set_vec4(p, "u_color", cb);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)off32);
   check_gl_error("draws");

   model m;
   model_init(&m, bg);
   model_rect(&m, 6, 10, 28, 50, to8(ca));
   model_rect(&m, 34, 4, 58, 40, to8(cb));
   check_frame("indexed", &m);
   (void)me;
}

/* depth_test: a far and a near quad overlapping, drawn in both orders with GL_LESS. */
void
sc_depth_test(void)
{
   /* far quad [8,40)^2 at z = +0.5, near quad [24,56)^2 at z = -0.5 (smaller depth = nearer) */
   float far_v[12], near_v[12];
   rect_vertices(far_v, 8, 8, 40, 40);
   rect_vertices(near_v, 24, 24, 56, 56);
   const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f);
   const vec4f far_c = V4(0.0f, 1.0f, 0.0f, 1.0f), near_c = V4(1.0f, 0.0f, 0.0f, 1.0f);
   const float far_z = 0.5f, near_z = -0.5f;

   GLuint p = solid_program();
   mesh mf = make_mesh(far_v, 6);
   mesh mn = make_mesh(near_v, 6);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glClearDepth(1.0);

   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 8, 40, 40, to8(far_c));
   model_rect(&m, 24, 24, 56, 56, to8(near_c)); /* nearer wins where they overlap */

   for (int order = 0; order < 2; order++) {
      clear_to(bg);
      for (int k = 0; k < 2; k++) {
         bool draw_near = (order == 0) ? (k == 1) : (k == 0);
         gl.BindVertexArray(draw_near ? mn.vao : mf.vao);
         gl.Uniform1f(uloc(p, "u_z"), draw_near ? near_z : far_z);
         set_vec4(p, "u_color", draw_near ? near_c : far_c);
         glDrawArrays(GL_TRIANGLES, 0, 6);
      }
      check_gl_error("draws");
      check_frame(order == 0 ? "far then near" : "near then far", &m);
   }
   glDisable(GL_DEPTH_TEST);
}

/* instanced: glDrawArraysInstanced with gl_InstanceID offsets (bottom row), and with
 * per-instance attributes through glVertexAttribDivisor (top row). */
#define INST_N 4

#define INST_SIZE 10

#define INST_STEP 14

#define INST_X0 4

#define INST_ROW_A 8

#define INST_ROW_B 40

static vec4f
inst_colour_a(int id)
{
   /* must match the shader: vec4(0.2 * (id + 1), 1.0 - 0.2 * id, 0.4, 1.0) */
   return V4(0.2f * (float)(id + 1), 1.0f - 0.2f * (float)id, 0.4f, 1.0f);
}

void
sc_instanced(void)
{
   const char *vs_a = "#version 330 core\n"
                      "layout(location = 0) in vec2 a_pos;\n"
                      "uniform float u_step;\n"
                      "flat out vec4 v_color;\n"
                      "void main() {\n"
                      "  float id = float(gl_InstanceID);\n"
                      "  v_color = vec4(0.2 * (id + 1.0), 1.0 - 0.2 * id, 0.4, 1.0);\n"
                      "  vec2 p = a_pos + vec2(u_step * id, 0.0);\n"
                      "  gl_Position = vec4(p / 32.0 - 1.0, 0.0, 1.0);\n"
                      "}\n";
   const char *vs_b = "#version 330 core\n"
                      "layout(location = 0) in vec2 a_pos;\n"
                      "layout(location = 1) in vec2 a_offset;\n" /* divisor 1 */
                      "layout(location = 2) in vec4 a_color;\n"  /* divisor 1 */
                      "flat out vec4 v_color;\n"
                      "void main() {\n"
                      "  v_color = a_color;\n"
                      "  gl_Position = vec4((a_pos + a_offset) / 32.0 - 1.0, 0.0, 1.0);\n"
                      "}\n";
   const char *fs = "#version 330 core\n"
                    "flat in vec4 v_color;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = v_color; }\n";
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   model m;
   model_init(&m, bg);

   /* variant A: gl_InstanceID */
   GLuint pa = link_program(vs_a, fs);
   gl.UseProgram(pa);
   gl.Uniform1f(uloc(pa, "u_step"), (float)INST_STEP);
   float quad[12];
   rect_vertices(quad, INST_X0, INST_ROW_A, INST_X0 + INST_SIZE, INST_ROW_A + INST_SIZE);
   make_mesh(quad, 6);
   gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, INST_N);
   check_gl_error("instanced draw (gl_InstanceID)");
   for (int i = 0; i < INST_N; i++) {
      int x0 = INST_X0 + i * INST_STEP;
      model_rect(&m, x0, INST_ROW_A, x0 + INST_SIZE, INST_ROW_A + INST_SIZE, to8(inst_colour_a(i)));
   }

   /* variant B: per-instance offset and colour with glVertexAttribDivisor(1) */
   float offsets[INST_N * 2];
   float colours[INST_N * 4];
   for (int i = 0; i < INST_N; i++) {
      offsets[2 * i] = (float)(i * INST_STEP);
      offsets[2 * i + 1] = (float)((i & 1) * 4); /* zig-zag: odd instances 4 px higher */
      vec4f c = V4(1.0f - 0.2f * (float)i, 0.2f * (float)i, 0.8f, 0.2f * (float)(i + 2));
      memcpy(&colours[4 * i], c.v, sizeof c.v);
      int x0 = INST_X0 + (int)offsets[2 * i], y0 = INST_ROW_B + (int)offsets[2 * i + 1];
      model_rect(&m, x0, y0, x0 + INST_SIZE, y0 + INST_SIZE, to8(c));
   }
   GLuint pb = link_program(vs_b, fs);
   gl.UseProgram(pb);
   rect_vertices(quad, INST_X0, INST_ROW_B, INST_X0 + INST_SIZE, INST_ROW_B + INST_SIZE);
   mesh mb = make_mesh(quad, 6);
   GLuint ib;
   gl.GenBuffers(1, &ib);
   gl.BindBuffer(GL_ARRAY_BUFFER, ib);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof offsets + sizeof colours, NULL, GL_STATIC_DRAW);
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof offsets, offsets);
   gl.BufferSubData(GL_ARRAY_BUFFER, sizeof offsets, sizeof colours, colours);
   gl.VertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.VertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, 0, (void *)sizeof offsets);
   gl.EnableVertexAttribArray(1);
   gl.EnableVertexAttribArray(2);
   gl.VertexAttribDivisor(1, 1);
   gl.VertexAttribDivisor(2, 1);
   gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, INST_N);
   check_gl_error("instanced draw (divisor)");
   (void)mb;

   check_frame("instanced", &m);
}

/* streamed_subdata: the same UBO range (row A) and the same VBO range (row B) rewritten with
 * glBufferSubData before each of 4 draws; every draw must show its own data. */
#define SS_N 4

void
sc_streamed_subdata(void)
{
   const char *vs_ubo = "#version 330 core\n"
                        "layout(location = 0) in vec2 a_pos;\n"
                        "layout(std140) uniform Draw { vec4 offset; vec4 color; } u_draw;\n"
                        "void main() {\n"
                        "  gl_Position = vec4((a_pos + u_draw.offset.xy) / 32.0 - 1.0, 0.0, 1.0);\n"
                        "}\n";
   const char *fs_ubo = "#version 330 core\n"
                        "layout(std140) uniform Draw { vec4 offset; vec4 color; } u_draw;\n"
                        "out vec4 o_color;\n"
                        "void main() { o_color = u_draw.color; }\n";
   const char *vs_vbo = "#version 330 core\n"
                        "layout(location = 0) in vec2 a_pos;\n"
                        "layout(location = 1) in vec4 a_color;\n"
                        "flat out vec4 v_color;\n"
                        "void main() {\n"
                        "  v_color = a_color;\n"
                        "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                        "}\n";
   const char *fs_vbo = "#version 330 core\n"
                        "flat in vec4 v_color;\n"
                        "out vec4 o_color;\n"
                        "void main() { o_color = v_color; }\n";
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   clear_to(bg);
   model m;
   model_init(&m, bg);

   /* row A: a 32-byte UBO range rewritten before each draw */
   GLuint pu = link_program(vs_ubo, fs_ubo);
   GLuint blk = gl.GetUniformBlockIndex(pu, "Draw");
   if (blk == GL_INVALID_INDEX)
      die_setup("uniform block Draw not found");
   gl.UniformBlockBinding(pu, blk, 1);
   GLuint ubo;
   gl.GenBuffers(1, &ubo);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
   gl.BufferData(GL_UNIFORM_BUFFER, 32, NULL, GL_DYNAMIC_DRAW);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, 1, ubo);
   gl.UseProgram(pu);
   float quad[12];
   rect_vertices(quad, 0, 0, 12, 12);
   make_mesh(quad, 6);
   for (int i = 0; i < SS_N; i++) {
      float data[8] = {(float)(4 + 15 * i), 6.0f, 0, 0};
      vec4f c = V4(0.2f * (float)(i + 1), 0.8f - 0.2f * (float)i, (i & 1) ? 1.0f : 0.0f, 1.0f);
      memcpy(&data[4], c.v, sizeof c.v);
      gl.BufferSubData(GL_UNIFORM_BUFFER, 0, sizeof data, data);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, 4 + 15 * i, 6, 4 + 15 * i + 12, 18, to8(c));
   }
   check_gl_error("UBO-streamed draws");

   /* row B: positions and colours of one 6-vertex VBO range rewritten before each draw */
   GLuint pv = link_program(vs_vbo, fs_vbo);
   gl.UseProgram(pv);
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, 6 * 6 * sizeof(float), NULL, GL_DYNAMIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)0);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)(2 * sizeof(float)));
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);
   for (int i = 0; i < SS_N; i++) {
      int x0 = 4 + 15 * i, y0 = 30 + 6 * (i & 1);
      float r[12];
      rect_vertices(r, (float)x0, (float)y0, (float)(x0 + 12), (float)(y0 + 20));
      vec4f c = V4(1.0f - 0.2f * (float)i, 0.2f * (float)i, 0.6f, 0.8f);
      float data[36];
      for (int k = 0; k < 6; k++) {
         data[6 * k] = r[2 * k];
         data[6 * k + 1] = r[2 * k + 1];
         memcpy(&data[6 * k + 2], c.v, sizeof c.v);
      }
      gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof data, data);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, x0, y0, x0 + 12, y0 + 20, to8(c));
   }
   check_gl_error("VBO-streamed draws");

   check_frame("streamed", &m);
}

/* streamed_heap_subdata: as row B of streamed_subdata, in a 256 KiB vertex buffer. On the ring
 * arms such a buffer's store is in the heap both sides map, and a glBufferSubData goes straight
 * into it while the server has stamped the buffer idle after every record sent (stage.h). The
 * pause after each draw lets the apply thread apply that draw (recorded, not yet run) and
 * reach its stamp point: a stamp that took the drawn-from buffer for idle would let the next
 * write change what that draw reads. The writes after a glFinish (the first, and one at an
 * offset into the second half of the buffer) find it idle: those are the direct ones. Every
 * draw must show its own data. A last draw is flushed and left running when the scenario ends,
 * so the server's teardown meets GPU work that reads the store (gate.heap_teardown). */
#define SH_BYTES (256 << 10)

#define SH_VERTEX (6 * sizeof(float))

static void
heap_pause(void)
{
   nanosleep(&(struct timespec){.tv_nsec = 30 * 1000 * 1000}, NULL);
}

static void
heap_quad(float *data, int x0, int y0, int x1, int y1, vec4f c)
{
   float r[12];
   rect_vertices(r, (float)x0, (float)y0, (float)x1, (float)y1);
   for (int k = 0; k < 6; k++) {
      data[6 * k] = r[2 * k];
      data[6 * k + 1] = r[2 * k + 1];
      memcpy(&data[6 * k + 2], c.v, sizeof c.v);
   }
}

void
sc_streamed_heap_subdata(void)
{
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "layout(location = 1) in vec4 a_color;\n"
                    "flat out vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "#version 330 core\n"
                    "flat in vec4 v_color;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = v_color; }\n";
   const vec4f bg = V4(0.2f, 0.2f, 0.4f, 1.0f);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   gl.UseProgram(link_program(vs, fs));
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, SH_BYTES, NULL, GL_STREAM_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, SH_VERTEX, (void *)0);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, SH_VERTEX, (void *)(2 * sizeof(float)));
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);
   glFinish();
   heap_pause();
   for (int i = 0; i < SS_N; i++) {
      int x0 = 4 + 15 * i, y0 = 8 + 6 * (i & 1);
      vec4f c = V4(0.2f + 0.2f * (float)i, 1.0f - 0.2f * (float)i, (i & 1) ? 0.0f : 1.0f, 1.0f);
      float data[36];
      heap_quad(data, x0, y0, x0 + 12, y0 + 20, c);
      gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof data, data);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, x0, y0, x0 + 12, y0 + 20, to8(c));
      heap_pause();
   }
   check_gl_error("heap-streamed draws");

   /* After a glFinish, a write into the second half: idle again, so direct on the ring arms. */
   glFinish();
   heap_pause();
   const GLint first = (SH_BYTES / 2) / (GLint)SH_VERTEX;
   const vec4f c = V4(0.8f, 0.8f, 0.2f, 1.0f);
   float data[36];
   heap_quad(data, 10, 36, 50, 56, c);
   gl.BufferSubData(GL_ARRAY_BUFFER, (GLintptr)first * (GLintptr)SH_VERTEX, sizeof data, data);
   glDrawArrays(GL_TRIANGLES, first, 6);
   model_rect(&m, 10, 36, 50, 56, to8(c));
   check_gl_error("heap write at an offset");

   check_frame("streamed_heap", &m);
   /* A last draw from the store, submitted and never waited for: the session ends while the
    * device may still read the heap (gate.heap_teardown holds the batch there). */
   glDrawArrays(GL_TRIANGLES, first, 6);
   glFlush();
   gl.DeleteBuffers(1, &vbo);
   gl.DeleteVertexArrays(1, &vao);
}

/* cull_winding: a CCW triangle (left) and a CW one (right) with back-face culling; then
 * glFrontFace(GL_CW) flips which one survives. */
void
sc_cull_winding(void)
{
   /* window-space winding: y up, as GL defines it */
   const float ccw[6] = {4, 8, 28, 8, 16, 56};
   const float cw[6] = {36, 8, 48, 56, 60, 8};
   float both[12];
   memcpy(both, ccw, sizeof ccw);
   memcpy(both + 6, cw, sizeof cw);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const vec4f col = V4(1.0f, 0.8f, 0.0f, 1.0f);
   GLuint p = solid_program();
   set_vec4(p, "u_color", col);
   make_mesh(both, 6);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_BACK);

   glFrontFace(GL_CCW);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw (front = CCW)");
   model m;
   model_init(&m, bg);
   model_tri(&m, ccw, to8(col));
   check_frame("front=CCW, cull back: CCW visible", &m);

   glFrontFace(GL_CW);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw (front = CW)");
   model_init(&m, bg);
   model_tri(&m, cw, to8(col));
   check_frame("front=CW, cull back: CW visible", &m);

   glFrontFace(GL_CCW);
   glDisable(GL_CULL_FACE);
}

/* viewport_scissor: a full-NDC quad drawn into a viewport sub-rectangle, then through a
 * scissor, then through a viewport and a scissor together. */
void
sc_viewport_scissor(void)
{
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_ndc;\n"
                    "void main() { gl_Position = vec4(a_ndc, 0.0, 1.0); }\n";
   GLuint p = link_program(vs, FS_UNIFORM);
   gl.UseProgram(p);
   float full[12];
   rect_vertices(full, -1, -1, 1, 1);
   make_mesh(full, 6);
   const vec4f bg = V4(0.2f, 0.0f, 0.2f, 1.0f);
   const vec4f ca = V4(0.0f, 1.0f, 0.6f, 1.0f), cb = V4(1.0f, 0.4f, 0.0f, 1.0f),
               cc = V4(0.6f, 0.6f, 1.0f, 0.4f);
   clear_to(bg);
   model m;
   model_init(&m, bg);

   /* 1: viewport only -- the NDC square fills exactly the viewport rectangle */
   const int vx = 8, vy = 16, vw = 32, vh = 24;
   glViewport(vx, vy, vw, vh);
   set_vec4(p, "u_color", ca);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   model_rect(&m, vx, vy, vx + vw, vy + vh, to8(ca));
   check_gl_error("viewport draw");
   check_frame("viewport", &m);

   /* 2: full viewport, scissor only (overlaps the first rectangle) */
   const int sx = 32, sy = 8, sw = 24, sh = 24;
   glViewport(0, 0, W, H);
   glEnable(GL_SCISSOR_TEST);
   glScissor(sx, sy, sw, sh);
   set_vec4(p, "u_color", cb);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   model_rect(&m, sx, sy, sx + sw, sy + sh, to8(cb));
   check_gl_error("scissored draw");
   check_frame("viewport + scissor", &m);

   /* 3: viewport [40,64)x[40,64) and scissor [44,52)x[36,76): the intersection is drawn */
   const int v3x = 40, v3y = 40, v3w = 24, v3h = 24;
   const int s3x = 44, s3y = 36, s3w = 8, s3h = 40;
   glViewport(v3x, v3y, v3w, v3h);
   glScissor(s3x, s3y, s3w, s3h);
   set_vec4(p, "u_color", cc);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_SCISSOR_TEST);
   glViewport(0, 0, W, H);
   int ix0 = v3x > s3x ? v3x : s3x, iy0 = v3y > s3y ? v3y : s3y;
   int ix1 = (v3x + v3w) < (s3x + s3w) ? v3x + v3w : s3x + s3w;
   int iy1 = (v3y + v3h) < (s3y + s3h) ? v3y + v3h : s3y + s3h;
   model_rect(&m, ix0, iy0, ix1, iy1, to8(cc));
   check_gl_error("viewport and scissor draw");
   check_frame("viewport and scissor together", &m);
}

/* multisample_off: GL 3.3 §3.3.1: with GL_MULTISAMPLE disabled, a multisampled framebuffer is
 * rasterized as if single-sampled: a pixel is covered when its centre is, and then all its
 * samples are written alike. The triangle of msaa_resolve, drawn into a 4-sample renderbuffer
 * with GL_MULTISAMPLE off and resolved, must then give every pixel either the clear colour or
 * the triangle's: no partly covered pixel. mgl does that where the server says so
 * (GL_MGL_multisample_off_exact: its device puts every sample at the pixel centre,
 * VK_EXT_sample_locations); without that extension mgl draws with per-sample coverage and
 * counts the named decline multisample-off-approximated (gate.decline_counted checks it), and
 * this checks what holds either way: every pixel well inside the triangle covered, nothing
 * well outside. Mesa is held to GL. Also: GL_MULTISAMPLE reads back as set; with it on again
 * edge pixels are mixes. */
static int
ms_off_draw(GLuint fbo, GLuint p, vec4f bg, vec4f tc, bool ms)
{
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   if (!ms)
      glDisable(GL_MULTISAMPLE);
   if (glIsEnabled(GL_MULTISAMPLE) != (ms ? GL_TRUE : GL_FALSE))
      fail("glIsEnabled(GL_MULTISAMPLE) is not %s", ms ? "GL_TRUE" : "GL_FALSE");
   set_vec4(p, "u_color", tc);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glEnable(GL_MULTISAMPLE);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error(ms ? "draw and resolve, GL_MULTISAMPLE on"
                     : "draw and resolve, GL_MULTISAMPLE off");
   readback();
   int mixed = 0;
   const rgba8 b8 = to8(bg), t8 = to8(tc);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const rgba8 got = pixel_at(x, y);
         if (!rgba_eq(got, b8) && !rgba_eq(got, t8))
            mixed++;
      }
   return mixed;
}

void
sc_multisample_off(void)
{
   GLuint rb, fbo = ms_rgba8_fbo(&rb);
   if (!glIsEnabled(GL_MULTISAMPLE))
      fail("GL_MULTISAMPLE is not enabled initially");
   const vec4f bg = V4(0.2f, 0.0f, 0.4f, 1.0f), tc = V4(0.0f, 0.6f, 1.0f, 1.0f);
   GLuint p = solid_program();
   const float tri[6] = {34, 4, 60, 10, 40, 58};
   mesh m = make_mesh(tri, 3);
   const int on = ms_off_draw(fbo, p, bg, tc, true);
   if (on < 20)
      fail("GL_MULTISAMPLE on: only %d partly covered edge pixels", on);
   const int off = ms_off_draw(fbo, p, bg, tc, false);
   printf("  partly covered edge pixels: %d with GL_MULTISAMPLE on, %d off (GL: 0)\n", on, off);
   model md;
   model_init(&md, bg);
   model_tri(&md, tri, to8(tc));
   check_frame("triangle drawn with GL_MULTISAMPLE off, resolved", &md);
   const bool is_mgl = !strncmp((const char *)glGetString(GL_RENDERER), "mgl", 3);
   GLint next = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &next);
   bool exact_ext = false;
   for (GLint i = 0; i < next; i++)
      exact_ext |= !strcmp((const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i),
                           "GL_MGL_multisample_off_exact");
   if (exact_ext && !is_mgl)
      fail("GL_MGL_multisample_off_exact listed by a driver that is not mgl");
   if (!is_mgl || exact_ext) {
      /* expect_decline.sh: on this session the decline must not be counted */
      if (is_mgl)
         printf(
            "  NO-DECLINE-EXPECTED multisample-off-approximated (GL_MGL_multisample_off_exact)\n");
      if (off)
         fail("GL_MULTISAMPLE off: %d partly covered pixels after the resolve (GL: every pixel "
              "is the clear colour or the triangle's)",
              off);
   }
   /* Again with a 4-sample depth/stencil attachment and the depth test on (mgl: the depth
    * image is made for pixel-centre sample locations and its transitions name them). */
   GLuint ds;
   gl.GenRenderbuffers(1, &ds);
   gl.BindRenderbuffer(GL_RENDERBUFFER, ds);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH24_STENCIL8, W, H);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ds);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("multisampled FBO with depth/stencil incomplete");
   glEnable(GL_DEPTH_TEST);
   const int on_d = ms_off_draw(fbo, p, bg, tc, true);
   const int off_d = ms_off_draw(fbo, p, bg, tc, false);
   const int off_d2 = ms_off_draw(fbo, p, bg, tc, false);
   glDisable(GL_DEPTH_TEST);
   printf("  with depth/stencil: %d partly covered with GL_MULTISAMPLE on, %d and %d off\n", on_d,
          off_d, off_d2);
   check_frame("triangle drawn with GL_MULTISAMPLE off and a depth test, resolved", &md);
   if (on_d < 20)
      fail("GL_MULTISAMPLE on with depth: only %d partly covered edge pixels", on_d);
   if ((!is_mgl || exact_ext) && (off_d || off_d2))
      fail("GL_MULTISAMPLE off with depth: %d, %d partly covered pixels after the resolve", off_d,
           off_d2);
   gl.DeleteRenderbuffers(1, &ds);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   gl.DeleteProgram(p);
}

/* copy_buffer: glCopyBufferSubData moves a rectangle's vertices from the middle of one buffer to
 * the start of another, which is then drawn; glGetBufferSubData reads the copy back. */
void
sc_copy_buffer(void)
{
   float src[36];
   for (int i = 0; i < 36; i++)
      src[i] = -100.0f - (float)i;
   rect_vertices(src + 12, 12, 16, 44, 36);
   GLuint b[2];
   gl.GenBuffers(2, b);
   gl.BindBuffer(GL_COPY_READ_BUFFER, b[0]);
   gl.BufferData(GL_COPY_READ_BUFFER, sizeof src, src, GL_STATIC_DRAW);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
   gl.BufferData(GL_COPY_WRITE_BUFFER, sizeof src, NULL, GL_STATIC_DRAW);
   gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 12 * sizeof(float), 0,
                        12 * sizeof(float));
   check_gl_error("glCopyBufferSubData");
   float back[12];
   memset(back, 0, sizeof back);
   gl.GetBufferSubData(GL_COPY_WRITE_BUFFER, 0, sizeof back, back);
   if (memcmp(back, src + 12, sizeof back))
      fail("glGetBufferSubData after the copy: first float %g, expected %g", back[0], src[12]);
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.BindBuffer(GL_ARRAY_BUFFER, b[1]);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), (void *)0);
   gl.EnableVertexAttribArray(0);
   const vec4f bg = V4(0.4f, 0.4f, 0.4f, 1.0f), rc = V4(0.0f, 0.2f, 1.0f, 1.0f);
   clear_to(bg);
   GLuint p = solid_program();
   set_vec4(p, "u_color", rc);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw from the copy");
   model m;
   model_init(&m, bg);
   model_rect(&m, 12, 16, 44, 36, to8(rc));
   check_frame("rectangle drawn from the copied vertices", &m);
   gl.DeleteBuffers(2, b);
}

/* client_arrays: OpenGL ES client-side vertex arrays (ES 3.0 §2.9.6): with vertex array object
 * zero and no GL_ARRAY_BUFFER, glVertexAttribPointer names the app's memory. Drawn: arrays from
 * a non-zero first vertex; client indices over client vertices; a buffer's indices over client
 * vertices with a base vertex; a buffer attribute beside a client one; an instanced client
 * attribute (divisor 1); and the same client memory changed between two draws (each draw reads
 * the memory as it is at that draw). A named vertex array refuses a client pointer. */
void
sc_client_arrays(void)
{
   (void)es_version(30);
   const char *vs = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "layout(location = 1) in vec4 a_color;\n"
                    "layout(location = 2) in vec2 a_shift;\n"
                    "flat out lowp vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4((a_pos + a_shift) / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "#version 300 es\n"
                    "precision mediump float;\n"
                    "flat in lowp vec4 v_color;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = v_color; }\n";
   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   gl.VertexAttrib2f(2, 0.0f, 0.0f); /* no shift unless the array says */

   /* 1: glDrawArrays from vertex 6 of 12 client vertices (the first six are off-screen junk) */
   float pos[24], col[48];
   for (int k = 0; k < 12; k++) {
      pos[2 * k] = -500.0f, pos[2 * k + 1] = -500.0f;
   }
   rect_vertices(pos + 12, 2, 2, 14, 14);
   const vec4f c1 = V4(1.0f, 0.2f, 0.2f, 1.0f);
   for (int k = 0; k < 12; k++)
      memcpy(col + 4 * k, c1.v, 16);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, col);
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   check_gl_error("glDrawArrays(first 6) from client arrays");

   /* 2: client indices (bytes 8..11 of a quad) over client vertices 8..11 */
   float qpos[24];
   for (int k = 0; k < 8; k++)
      qpos[2 * k] = -500.0f, qpos[2 * k + 1] = -500.0f;
   const float quad[8] = {18, 2, 30, 2, 30, 14, 18, 14};
   memcpy(qpos + 16, quad, sizeof quad);
   const vec4f c2 = V4(0.2f, 1.0f, 0.2f, 1.0f);
   float qcol[48];
   for (int k = 0; k < 12; k++)
      memcpy(qcol + 4 * k, c2.v, 16);
   const GLubyte idx[6] = {8, 9, 10, 8, 10, 11};
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, qpos);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, qcol);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx);
   check_gl_error("glDrawElements with client indices and client arrays");

   /* 3: indices 12..15 from a buffer over client vertices 12..15 */
   float bpos[32];
   for (int k = 0; k < 16; k++)
      bpos[2 * k] = -500.0f, bpos[2 * k + 1] = -500.0f;
   const float quad3[8] = {34, 2, 46, 2, 46, 14, 34, 14};
   memcpy(bpos + 24, quad3, sizeof quad3);
   const vec4f c3 = V4(0.2f, 0.2f, 1.0f, 1.0f);
   float bcol[64];
   for (int k = 0; k < 16; k++)
      memcpy(bcol + 4 * k, c3.v, 16);
   GLuint ebo;
   gl.GenBuffers(1, &ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
   const GLubyte idx3[6] = {12, 13, 14, 12, 14, 15};
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx3, idx3, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, bpos);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, bcol);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, (void *)0);
   check_gl_error("glDrawElements with buffer indices over client arrays");
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);

   /* 4: positions from a buffer, colours from client memory (no rebase) */
   float vpos[12];
   rect_vertices(vpos, 50, 2, 62, 14);
   GLuint vbo;
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof vpos, vpos, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   const vec4f c4 = V4(1.0f, 1.0f, 0.2f, 1.0f);
   float mcol[24];
   for (int k = 0; k < 6; k++)
      memcpy(mcol + 4 * k, c4.v, 16);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, mcol);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a buffer attribute beside a client one");

   /* 5: three instances, the shift a client array with divisor 1 */
   float ipos[12];
   rect_vertices(ipos, 2, 20, 14, 32);
   const float shift[6] = {0, 0, 16, 0, 32, 0};
   const vec4f c5 = V4(0.2f, 1.0f, 1.0f, 1.0f);
   float icol[24];
   for (int k = 0; k < 6; k++)
      memcpy(icol + 4 * k, c5.v, 16);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, ipos);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, icol);
   gl.VertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 0, shift);
   gl.EnableVertexAttribArray(2);
   gl.VertexAttribDivisor(2, 1);
   gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, 3);
   check_gl_error("instanced client array");
   gl.VertexAttribDivisor(2, 0);
   gl.DisableVertexAttribArray(2);

   /* 6: the same memory drawn twice, changed between the draws */
   float cpos[12];
   rect_vertices(cpos, 2, 40, 14, 52);
   const vec4f c6a = V4(1.0f, 0.2f, 1.0f, 1.0f), c6b = V4(0.6f, 0.6f, 0.6f, 1.0f);
   float ccol[24];
   for (int k = 0; k < 6; k++)
      memcpy(ccol + 4 * k, c6a.v, 16);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, cpos);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, ccol);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   rect_vertices(cpos, 18, 40, 30, 52);
   for (int k = 0; k < 6; k++)
      memcpy(ccol + 4 * k, c6b.v, 16);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("client memory changed between draws");

   /* a named vertex array takes no client pointer */
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, cpos);
   expect_gl_error(GL_INVALID_OPERATION, "glVertexAttribPointer(client memory) with a named VAO");
   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(1, &vao);

   model m;
   model_init(&m, bg);
   model_rect(&m, 2, 2, 14, 14, to8(c1));
   model_rect(&m, 18, 2, 30, 14, to8(c2));
   model_rect(&m, 34, 2, 46, 14, to8(c3));
   model_rect(&m, 50, 2, 62, 14, to8(c4));
   for (int i = 0; i < 3; i++)
      model_rect(&m, 2 + 16 * i, 20, 14 + 16 * i, 32, to8(c5));
   model_rect(&m, 2, 40, 14, 52, to8(c6a));
   model_rect(&m, 18, 40, 30, 52, to8(c6b));
   check_frame("client arrays", &m);
   GLuint bufs[2] = {ebo, vbo};
   gl.DeleteBuffers(2, bufs);
   gl.DeleteProgram(p);
}

/* point_coord: gl_PointCoord's origin is the upper left (GL 3.3 §3.4.1, the default
 * GL_POINT_SPRITE_COORD_ORIGIN): in a 16-pixel point, x grows rightwards and y downwards; with
 * GL_LOWER_LEFT y grows upwards. The fragment shader paints the quadrants by
 * step(0.5, gl_PointCoord). */
void
sc_point_coord(void)
{
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_PointSize = 16.0;\n"
                    "              gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 330 core\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = vec4(step(0.5, gl_PointCoord), 0.0, 1.0); }\n";
   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   const float pt[2] = {32.0f, 32.0f};
   mesh mp = make_mesh(pt, 1);
   glEnable(GL_PROGRAM_POINT_SIZE);
   const vec4f bg = V4(0.0f, 0.0f, 1.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_POINTS, 0, 1);
   glDisable(GL_PROGRAM_POINT_SIZE);
   check_gl_error("draw a 16-pixel point");
   model m;
   model_init(&m, bg);
   model_rect(&m, 24, 32, 32, 40, (rgba8){{0, 0, 0, 255}});     /* top left: (0, 0) */
   model_rect(&m, 32, 32, 40, 40, (rgba8){{255, 0, 0, 255}});   /* top right: (1, 0) */
   model_rect(&m, 24, 24, 32, 32, (rgba8){{0, 255, 0, 255}});   /* bottom left: (0, 1) */
   model_rect(&m, 32, 24, 40, 32, (rgba8){{255, 255, 0, 255}}); /* bottom right: (1, 1) */
   check_frame("gl_PointCoord quadrants", &m);

   /* GL_POINT_SPRITE_COORD_ORIGIN = GL_LOWER_LEFT: y grows upwards */
   gl.PointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
   check_gl_error("glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT)");
   GLint origin = 0;
   glGetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, &origin);
   if (origin != GL_LOWER_LEFT)
      fail("GL_POINT_SPRITE_COORD_ORIGIN reads 0x%x after setting GL_LOWER_LEFT", origin);
   clear_to(bg);
   glEnable(GL_PROGRAM_POINT_SIZE);
   glDrawArrays(GL_POINTS, 0, 1);
   glDisable(GL_PROGRAM_POINT_SIZE);
   gl.PointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
   check_gl_error("draw with the lower-left origin");
   model ml;
   model_init(&ml, bg);
   model_rect(&ml, 24, 24, 32, 32, (rgba8){{0, 0, 0, 255}});     /* bottom left: (0, 0) */
   model_rect(&ml, 32, 24, 40, 32, (rgba8){{255, 0, 0, 255}});   /* bottom right: (1, 0) */
   model_rect(&ml, 24, 32, 32, 40, (rgba8){{0, 255, 0, 255}});   /* top left: (0, 1) */
   model_rect(&ml, 32, 32, 40, 40, (rgba8){{255, 255, 0, 255}}); /* top right: (1, 1) */
   check_frame("gl_PointCoord quadrants, lower-left origin", &ml);
   gl.DeleteBuffers(1, &mp.vbo);
   gl.DeleteVertexArrays(1, &mp.vao);
   gl.DeleteProgram(p);
}

/* restart_fixed: OpenGL ES 3.0's GL_PRIMITIVE_RESTART_FIXED_INDEX (§2.8.1): the index type's
 * maximum (0xFF for bytes, 0xFFFF for shorts) splits a triangle strip into two quads; ES has
 * no GL_PRIMITIVE_RESTART and a desktop-only capability such as GL_PROGRAM_POINT_SIZE is
 * GL_INVALID_ENUM for glEnable and glIsEnabled. */
void
sc_restart_fixed(void)
{
   (void)es_version(30);
   const char *vs = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 300 es\n"
                    "precision mediump float;\n"
                    "uniform vec4 u_color;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = u_color; }\n";
   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   /* two quads as strips: vertices 0-3 and 4-7 */
   const float v[16] = {4, 4, 20, 4, 4, 20, 20, 20, 36, 4, 52, 4, 36, 20, 52, 20};
   mesh mv = make_mesh(v, 8);
   const GLushort i16[9] = {0, 1, 2, 3, 0xffff, 4, 5, 6, 7};
   const GLubyte i8[9] = {0, 1, 2, 3, 0xff, 4, 5, 6, 7};
   GLuint ebo[2];
   gl.GenBuffers(2, ebo);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), c16 = V4(0.2f, 0.8f, 0.4f, 1.0f),
               c8 = V4(0.8f, 0.4f, 0.2f, 1.0f);
   clear_to(bg);
   glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   check_gl_error("glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX)");
   if (!glIsEnabled(GL_PRIMITIVE_RESTART_FIXED_INDEX))
      fail("GL_PRIMITIVE_RESTART_FIXED_INDEX not enabled after glEnable");
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[0]);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof i16, i16, GL_STATIC_DRAW);
   set_vec4(p, "u_color", c16);
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, (void *)0);
   /* the same strips moved up by 24 pixels through byte indices */
   glViewport(0, 24, 64, 64);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[1]);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof i8, i8, GL_STATIC_DRAW);
   set_vec4(p, "u_color", c8);
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_BYTE, (void *)0);
   glViewport(0, 0, 64, 64);
   glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   check_gl_error("strips with restart indices");

   glEnable(GL_PRIMITIVE_RESTART);
   expect_gl_error(GL_INVALID_ENUM, "glEnable(GL_PRIMITIVE_RESTART) on OpenGL ES");
   glEnable(GL_PROGRAM_POINT_SIZE); /* ES always takes gl_PointSize; no switch */
   expect_gl_error(GL_INVALID_ENUM, "glEnable(GL_PROGRAM_POINT_SIZE) on OpenGL ES");
   (void)glIsEnabled(GL_PROGRAM_POINT_SIZE);
   expect_gl_error(GL_INVALID_ENUM, "glIsEnabled(GL_PROGRAM_POINT_SIZE) on OpenGL ES");

   model m;
   model_init(&m, bg);
   model_rect(&m, 4, 4, 20, 20, to8(c16));
   model_rect(&m, 36, 4, 52, 20, to8(c16));
   model_rect(&m, 4, 28, 20, 44, to8(c8));
   model_rect(&m, 36, 28, 52, 44, to8(c8));
   check_frame("strips split by the fixed restart index", &m);
   gl.DeleteBuffers(2, ebo);
   gl.DeleteBuffers(1, &mv.vbo);
   gl.DeleteVertexArrays(1, &mv.vao);
   gl.DeleteProgram(p);
}

/* point_size: GL 3.3 §3.4 (points): with GL_PROGRAM_POINT_SIZE disabled the size is
 * glPointSize's, whether or not the shader writes gl_PointSize; enabled, the shader's. Three
 * points: a shader that writes nothing at glPointSize(8); one writing 16 at glPointSize(4)
 * (4 wins); the same with GL_PROGRAM_POINT_SIZE enabled (16). */
void
sc_point_size(void)
{
   const char *vs0 = "#version 330 core\n"
                     "layout(location = 0) in vec2 a_pos;\n"
                     "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *vs16 = "#version 330 core\n"
                      "layout(location = 0) in vec2 a_pos;\n"
                      "void main() { gl_PointSize = 16.0;\n"
                      "              gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 330 core\n"
                    "uniform vec4 u_color;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = u_color; }\n";
   GLuint p0 = link_program(vs0, fs), p16 = link_program(vs16, fs);
   const float pts[6] = {12.0f, 12.0f, 40.0f, 12.0f, 32.0f, 44.0f};
   mesh mp = make_mesh(pts, 3);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), c0 = V4(1.0f, 0.2f, 0.2f, 1.0f),
               c1 = V4(0.2f, 1.0f, 0.2f, 1.0f), c2 = V4(0.2f, 0.2f, 1.0f, 1.0f);
   clear_to(bg);
   gl.UseProgram(p0);
   set_vec4(p0, "u_color", c0);
   glPointSize(8.0f);
   glDrawArrays(GL_POINTS, 0, 1);
   gl.UseProgram(p16);
   set_vec4(p16, "u_color", c1);
   glPointSize(4.0f);
   glDrawArrays(GL_POINTS, 1, 1);
   glEnable(GL_PROGRAM_POINT_SIZE);
   set_vec4(p16, "u_color", c2);
   glDrawArrays(GL_POINTS, 2, 1);
   glDisable(GL_PROGRAM_POINT_SIZE);
   glPointSize(1.0f);
   check_gl_error("points of three sizes");
   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 8, 16, 16, to8(c0));
   model_rect(&m, 38, 10, 42, 14, to8(c1));
   model_rect(&m, 24, 36, 40, 52, to8(c2));
   check_frame("point sizes", &m);
   gl.DeleteBuffers(1, &mp.vbo);
   gl.DeleteVertexArrays(1, &mp.vao);
   gl.DeleteProgram(p0);
   gl.DeleteProgram(p16);
}

/* point_size_mixed: GL 3.3 §3.4 across primitive classes. One program writing gl_PointSize = 16
 * draws triangles, points at glPointSize(6) (GL_PROGRAM_POINT_SIZE disabled: glPointSize's
 * size), then with GL_PROGRAM_POINT_SIZE enabled triangles and points again (the shader's
 * 16), each points draw right after a triangle draw.
 * The GLES backend runs the triangles on a variant of the program without the gl_PointSize
 * write (spv_point_size.c) and must go back to the one with it for each points draw. */
void
sc_point_size_mixed(void)
{
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_PointSize = 16.0;\n"
                    "              gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 330 core\n"
                    "uniform vec4 u_color;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = u_color; }\n";
   GLuint p = link_program(vs, fs);
   /* two quads of two triangles each, then two points */
   const float v[28] = {4.0f,  44.0f, 20.0f, 44.0f, 20.0f, 60.0f, 4.0f,  44.0f, 20.0f, 60.0f,
                        4.0f,  60.0f, 44.0f, 4.0f,  60.0f, 4.0f,  60.0f, 20.0f, 44.0f, 4.0f,
                        60.0f, 20.0f, 44.0f, 20.0f, 40.0f, 40.0f, 24.0f, 20.0f};
   mesh mv = make_mesh(v, 14);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), c0 = V4(1.0f, 0.2f, 0.2f, 1.0f),
               c1 = V4(0.2f, 0.2f, 1.0f, 1.0f);
   clear_to(bg);
   /* no call between a triangle draw and the points draw after it: the primitive alone
    * chooses the program's variant */
   gl.UseProgram(p);
   glPointSize(6.0f);
   set_vec4(p, "u_color", c0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDrawArrays(GL_POINTS, 12, 1);
   set_vec4(p, "u_color", c1);
   glEnable(GL_PROGRAM_POINT_SIZE);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   glDrawArrays(GL_POINTS, 13, 1);
   glDisable(GL_PROGRAM_POINT_SIZE);
   glPointSize(1.0f);
   check_gl_error("triangles and points of one program");
   model m;
   model_init(&m, bg);
   model_rect(&m, 4, 44, 20, 60, to8(c0));
   model_rect(&m, 37, 37, 43, 43, to8(c0));
   model_rect(&m, 44, 4, 60, 20, to8(c1));
   model_rect(&m, 16, 12, 32, 28, to8(c1));
   check_frame("triangles and points of one program", &m);
   gl.DeleteBuffers(1, &mv.vbo);
   gl.DeleteVertexArrays(1, &mv.vao);
   gl.DeleteProgram(p);
}

/* clear_layered: GL 3.3 §4.4.7: glClear on a layered framebuffer clears every layer, and the
 * colour mask and the scissor apply as to any clear. A 3-layer 2D array: cleared whole, then
 * cleared to white with red and blue writable only, inside a scissor rectangle; each layer
 * read back alone, then blitted into the window. */
void
sc_clear_layered(void)
{
   enum { LAYERS = 3 };
   const vec4f win = V4(0.0f, 0.0f, 0.0f, 1.0f), bg = V4(0.2f, 0.4f, 0.6f, 1.0f),
               masked = V4(1.0f, 0.4f, 1.0f, 1.0f);
   clear_to(win);
   static GLubyte junk[FL_N * FL_N * 4 * LAYERS];
   memset(junk, 0xA5, sizeof junk);
   GLuint tex, fbo[2];
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, FL_N, FL_N, LAYERS, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 junk);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.GenFramebuffers(2, fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0);
   const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("layered 2D array: status 0x%x", st);
   glViewport(0, 0, FL_N, FL_N);
   glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   glEnable(GL_SCISSOR_TEST);
   glScissor(2, 3, 4, 3);
   glClearColor(1.0f, 1.0f, 1.0f, 0.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   check_gl_error("masked, scissored clear of a layered framebuffer");

   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
   for (int l = 0; l < LAYERS; l++) {
      gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, l);
      char phase[64];
      snprintf(phase, sizeof phase, "layer %d after the masked clear", l);
      fl_expect_read(phase, 2, 3, 6, 6, masked, bg);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
      gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
      glViewport(0, 0, W, H);
      gl.BlitFramebuffer(0, 0, FL_N, FL_N, 10 * l, 10, 10 * l + FL_N, 10 + FL_N,
                         GL_COLOR_BUFFER_BIT, GL_NEAREST);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   check_gl_error("layers read back");
   model m;
   model_init(&m, win);
   for (int l = 0; l < LAYERS; l++) {
      model_rect(&m, 10 * l, 10, 10 * l + FL_N, 10 + FL_N, to8(bg));
      model_rect(&m, 10 * l + 2, 13, 10 * l + 6, 16, to8(masked));
   }
   check_frame("every layer of the masked clear blitted into the window", &m);
   gl.DeleteFramebuffers(2, fbo);
   glDeleteTextures(1, &tex);
}

/* point_size_gs: GL 3.3 §3.4 with a geometry shader, the last vertex stage, emitting two points
 * per input point (the second 16 pixels to the right). With GL_PROGRAM_POINT_SIZE disabled
 * every emitted point takes glPointSize's size, whether the GS writes gl_PointSize or not; the
 * GS's outputs are undefined after each EmitVertex, so the second point needs it as much as the
 * first. Enabled, each point has the size the GS wrote before its EmitVertex (10, then 2).
 * Last, a GS that redeclares gl_PerVertex with gl_PointSize, writing 10 at glPointSize(2): 2. */
void
sc_point_size_gs(void)
{
   const char *vs = "#version 150 core\n"
                    "in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *gs_none = "#version 150 core\n"
                         "layout(points) in;\n"
                         "layout(points, max_vertices = 2) out;\n"
                         "void main() {\n"
                         "  gl_Position = gl_in[0].gl_Position;\n"
                         "  EmitVertex();\n"
                         "  gl_Position = gl_in[0].gl_Position + vec4(0.5, 0.0, 0.0, 0.0);\n"
                         "  EmitVertex();\n"
                         "  EndPrimitive();\n"
                         "}\n";
   const char *gs_sized = "#version 150 core\n"
                          "layout(points) in;\n"
                          "layout(points, max_vertices = 2) out;\n"
                          "void main() {\n"
                          "  gl_PointSize = 10.0;\n"
                          "  gl_Position = gl_in[0].gl_Position;\n"
                          "  EmitVertex();\n"
                          "  gl_PointSize = 2.0;\n"
                          "  gl_Position = gl_in[0].gl_Position + vec4(0.5, 0.0, 0.0, 0.0);\n"
                          "  EmitVertex();\n"
                          "}\n";
   /* gl_PerVertex redeclared (GLSL 1.50 §7.1), gl_PointSize kept */
   const char *gs_block = "#version 150 core\n"
                          "layout(points) in;\n"
                          "layout(points, max_vertices = 1) out;\n"
                          "out gl_PerVertex { vec4 gl_Position; float gl_PointSize; };\n"
                          "void main() {\n"
                          "  gl_PointSize = 10.0;\n"
                          "  gl_Position = gl_in[0].gl_Position;\n"
                          "  EmitVertex();\n"
                          "}\n";
   const char *fs = "#version 150 core\n"
                    "uniform vec4 u_color;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = u_color; }\n";
   GLuint p0 = link_program_gs(vs, gs_none, fs), p1 = link_program_gs(vs, gs_sized, fs);
   GLuint p2 = link_program_gs(vs, gs_block, fs);
   expect_program_iv(p1, GL_GEOMETRY_OUTPUT_TYPE, GL_POINTS, "GL_GEOMETRY_OUTPUT_TYPE");
   const float pts[8] = {12.0f, 12.0f, 12.0f, 36.0f, 40.0f, 52.0f, 50.0f, 24.0f};
   mesh mp = make_mesh(pts, 4);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), c0 = V4(1.0f, 0.2f, 0.2f, 1.0f),
               c1 = V4(0.2f, 1.0f, 0.2f, 1.0f), c2 = V4(0.2f, 0.2f, 1.0f, 1.0f);
   clear_to(bg);
   gl.UseProgram(p0);
   set_vec4(p0, "u_color", c0);
   glPointSize(6.0f);
   glDrawArrays(GL_POINTS, 0, 1);
   gl.UseProgram(p1);
   set_vec4(p1, "u_color", c1);
   glPointSize(4.0f);
   glDrawArrays(GL_POINTS, 1, 1);
   glEnable(GL_PROGRAM_POINT_SIZE);
   set_vec4(p1, "u_color", c2);
   glDrawArrays(GL_POINTS, 2, 1);
   glDisable(GL_PROGRAM_POINT_SIZE);
   gl.UseProgram(p2);
   set_vec4(p2, "u_color", c0);
   glPointSize(2.0f);
   glDrawArrays(GL_POINTS, 3, 1);
   glPointSize(1.0f);
   check_gl_error("points from a geometry shader");
   model m;
   model_init(&m, bg);
   model_rect(&m, 9, 9, 15, 15, to8(c0));
   model_rect(&m, 25, 9, 31, 15, to8(c0));
   model_rect(&m, 10, 34, 14, 38, to8(c1));
   model_rect(&m, 26, 34, 30, 38, to8(c1));
   model_rect(&m, 35, 47, 45, 57, to8(c2));
   model_rect(&m, 55, 51, 57, 53, to8(c2));
   model_rect(&m, 49, 23, 51, 25, to8(c0));
   check_frame("geometry shader point sizes", &m);
   gl.DeleteBuffers(1, &mp.vbo);
   gl.DeleteVertexArrays(1, &mp.vao);
   gl.DeleteProgram(p0);
   gl.DeleteProgram(p1);
   gl.DeleteProgram(p2);
}

/* points_es: OpenGL ES 3.0 has no fixed-function point size; a vertex shader that writes no
 * gl_PointSize leaves it undefined, and Mesa draws 1-pixel points: so does mgl. A shader that
 * writes 4 gets 4-pixel points. */
void
sc_points_es(void)
{
   (void)es_version(30);
   const char *vs = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *vs4 = "#version 300 es\n"
                     "layout(location = 0) in vec2 a_pos;\n"
                     "void main() { gl_PointSize = 4.0;\n"
                     "              gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 300 es\n"
                    "precision mediump float;\n"
                    "uniform vec4 u_color;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = u_color; }\n";
   GLuint p1 = link_program(vs, fs), p4 = link_program(vs4, fs);
   const float pts[8] = {12.5f, 12.5f, 40.5f, 20.5f, 24.5f, 50.5f, 48.0f, 48.0f};
   mesh mp = make_mesh(pts, 4);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), c1 = V4(1.0f, 0.8f, 0.2f, 1.0f),
               c4 = V4(0.2f, 0.6f, 1.0f, 1.0f);
   clear_to(bg);
   gl.UseProgram(p1);
   set_vec4(p1, "u_color", c1);
   glDrawArrays(GL_POINTS, 0, 3);
   gl.UseProgram(p4);
   set_vec4(p4, "u_color", c4);
   glDrawArrays(GL_POINTS, 3, 1);
   check_gl_error("ES points");
   model m;
   model_init(&m, bg);
   model_rect(&m, 12, 12, 13, 13, to8(c1));
   model_rect(&m, 40, 20, 41, 21, to8(c1));
   model_rect(&m, 24, 50, 25, 51, to8(c1));
   model_rect(&m, 46, 46, 50, 50, to8(c4));
   check_frame("ES points without and with gl_PointSize", &m);
   gl.DeleteBuffers(1, &mp.vbo);
   gl.DeleteVertexArrays(1, &mp.vao);
   gl.DeleteProgram(p1);
   gl.DeleteProgram(p4);
}

/* state_toggles: the enable/draw/disable/draw pattern of real games, through every render
 * state a Vulkan 1.3 device with extended dynamic state 3 takes as dynamic state (mgl then binds
 * no other pipeline for it: gate.state_toggles reads the counters). 16 columns of 4 pixels;
 * each draws a base rectangle over the whole column (depth ALWAYS at z = 0, stencil REPLACE 1,
 * no blending) and then, over the top half, a second rectangle under that column's state.
 * Every state goes back to the base's before the next column, and the frame is drawn twice. */
static void
st_base_state(void)
{
   glDisable(GL_BLEND);
   gl.BlendEquation(GL_FUNC_ADD);
   glBlendFunc(GL_ONE, GL_ZERO);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   glDepthMask(GL_TRUE);
   glDisable(GL_CULL_FACE);
   glCullFace(GL_BACK);
   glFrontFace(GL_CCW);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_ALWAYS, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   glDisable(GL_POLYGON_OFFSET_FILL);
   glPolygonOffset(0.0f, 0.0f);
}

void
sc_state_toggles(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f);
   const vec4f base = V4(0.4f, 0.2f, 0.0f, 1.0f), second = V4(0.2f, 0.4f, 0.6f, 1.0f);
   const vec4f third = V4(0.0f, 0.6f, 0.2f, 1.0f);
   const vec4f sum = V4(0.6f, 0.6f, 0.6f, 1.0f);        /* ADD, ONE, ONE */
   const vec4f difference = V4(0.2f, 0.0f, 0.0f, 0.0f); /* REVERSE_SUBTRACT: base - second */
   const vec4f red_only = V4(0.2f, 0.2f, 0.0f, 1.0f);   /* glColorMask(R): second's red */
   float col_v[12], top_v[12];
   rect_vertices(col_v, 0, 0, 4, 64);
   rect_vertices(top_v, 0, 32, 4, 64);
   GLuint p = solid_program();
   mesh mc = make_mesh(col_v, 6);
   mesh mt = make_mesh(top_v, 6);
   const GLint u_offset = uloc(p, "u_offset"), u_z = uloc(p, "u_z");

   /* What the top half of each column shows. */
   const vec4f top[16] = {sum,  second, base,   second, base,  second, red_only, difference,
                          base, second, second, base,   third, second, base,     second};
   model m;
   model_init(&m, bg);
   for (int c = 0; c < 16; c++) {
      model_rect(&m, 4 * c, 0, 4 * c + 4, 32, to8(base));
      model_rect(&m, 4 * c, 32, 4 * c + 4, 64, to8(top[c]));
   }

   for (int frame = 0; frame < 2; frame++) {
      st_base_state();
      clear_to(bg);
      for (int c = 0; c < 16; c++) {
         st_base_state();
         gl.Uniform2f(u_offset, (float)(4 * c), 0.0f);
         gl.Uniform1f(u_z, 0.0f);
         set_vec4(p, "u_color", base);
         gl.BindVertexArray(mc.vao);
         glDrawArrays(GL_TRIANGLES, 0, 6);

         glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
         float z = 0.0f;
         switch (c) {
         case 0:
            glEnable(GL_BLEND);
            glBlendFunc(GL_ONE, GL_ONE);
            break;
         case 1: break; /* blending off: the second colour */
         case 2:
            glDepthFunc(GL_LESS);
            z = 0.5f;
            break; /* farther: fails */
         case 3:
            glDepthFunc(GL_GREATER);
            z = 0.5f;
            break; /* farther: passes */
         case 4:
            glEnable(GL_CULL_FACE);
            glCullFace(GL_FRONT);
            break; /* CCW is front: culled */
         case 5:
            glEnable(GL_CULL_FACE);
            glCullFace(GL_FRONT);
            glFrontFace(GL_CW);
            break;
         case 6: glColorMask(GL_TRUE, GL_FALSE, GL_FALSE, GL_FALSE); break;
         case 7:
            glEnable(GL_BLEND);
            gl.BlendEquation(GL_FUNC_REVERSE_SUBTRACT);
            glBlendFunc(GL_ONE, GL_ONE);
            break;
         case 8: glStencilFunc(GL_EQUAL, 2, 0xff); break; /* the base wrote 1: fails */
         case 9: glStencilFunc(GL_EQUAL, 1, 0xff); break;
         case 10: /* the same depth, pulled nearer by the offset: passes GL_LESS */
            glDepthFunc(GL_LESS);
            glEnable(GL_POLYGON_OFFSET_FILL);
            glPolygonOffset(0.0f, -64.0f);
            break;
         case 11:
            glDepthFunc(GL_LESS);
            glPolygonOffset(0.0f, -64.0f);
            break; /* offset off: fails */
         case 12:
            glDepthMask(GL_FALSE);
            z = -0.5f;
            break; /* the third draw below tests it */
         case 13: z = -0.5f; break;
         case 14:
            glEnable(GL_BLEND);
            glBlendFunc(GL_ZERO, GL_ONE);
            break; /* keeps the base */
         case 15:
            glEnable(GL_BLEND);
            glBlendFunc(GL_ONE, GL_ZERO);
            break;
         }
         gl.Uniform1f(u_z, z);
         set_vec4(p, "u_color", second);
         gl.BindVertexArray(mt.vao);
         glDrawArrays(GL_TRIANGLES, 0, 6);
         if (c == 12 || c == 13) {
            /* z = -0.2 passes GL_LESS against the base's 0 and fails against the second's -0.5:
             * only a second draw that wrote no depth lets it through. */
            glDepthMask(GL_TRUE);
            glDepthFunc(GL_LESS);
            gl.Uniform1f(u_z, -0.2f);
            set_vec4(p, "u_color", third);
            glDrawArrays(GL_TRIANGLES, 0, 6);
         }
      }
      check_gl_error("state toggles");
      check_frame(frame == 0 ? "state toggles, first frame" : "state toggles, second frame", &m);
   }
   st_base_state();
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_STENCIL_TEST);
   glDepthFunc(GL_LESS);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   GLuint bufs[] = {mc.vbo, mt.vbo};
   gl.DeleteBuffers(2, bufs);
   GLuint vaos[] = {mc.vao, mt.vao};
   gl.DeleteVertexArrays(2, vaos);
}

/* dual_source: GL 3.3 dual-source blending (ARB_blend_func_extended). The background is white,
 * so each product with the destination is exact in 8 bits. Left half: a shader that places its
 * second colour with layout(location = 0, index = 1), blended with GL_ONE /
 * GL_ONE_MINUS_SRC1_COLOR. Right half: a shader without layout qualifiers whose outputs are
 * placed by glBindFragDataLocationIndexed, blended with GL_SRC1_COLOR /
 * GL_ONE_MINUS_SRC1_ALPHA for colour and GL_ZERO / GL_SRC1_ALPHA for alpha. Plus
 * glGetFragDataIndex / glGetFragDataLocation and the GL errors of index and colour number. */
void
sc_dual_source(void)
{
   const char *fs_layout = "#version 330 core\n"
                           "layout(location = 0, index = 0) out vec4 c0;\n"
                           "layout(location = 0, index = 1) out vec4 c1;\n"
                           "void main() { c0 = vec4(0.2, 0.0, 0.4, 0.2);\n"
                           "              c1 = vec4(0.6, 1.0, 0.0, 0.4); }\n";
   const char *fs_bound = "#version 330 core\n"
                          "out vec4 second;\n"
                          "out vec4 first;\n"
                          "void main() { first = vec4(1.0, 1.0, 0.0, 1.0);\n"
                          "              second = vec4(0.4, 0.8, 1.0, 0.6); }\n";
   GLint max_dual = 0;
   glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &max_dual);
   if (max_dual != 1)
      fail("GL_MAX_DUAL_SOURCE_DRAW_BUFFERS = %d (expected 1)", max_dual);

   GLuint pl = link_program(VS_PIXELS, fs_layout);
   GLuint vs = compile(GL_VERTEX_SHADER, VS_PIXELS), fs = compile(GL_FRAGMENT_SHADER, fs_bound);
   GLuint pb = gl.CreateProgram();
   gl.AttachShader(pb, vs);
   gl.AttachShader(pb, fs);
   gl.BindFragDataLocationIndexed(pb, 1, 1, "second");
   expect_gl_error(GL_INVALID_VALUE, "glBindFragDataLocationIndexed(color 1, index 1)");
   gl.BindFragDataLocationIndexed(pb, 0, 2, "second");
   expect_gl_error(GL_INVALID_VALUE, "glBindFragDataLocationIndexed(index 2)");
   gl.BindFragDataLocationIndexed(pb, 0, 1, "gl_second");
   expect_gl_error(GL_INVALID_OPERATION, "glBindFragDataLocationIndexed(\"gl_second\")");
   gl.BindFragDataLocationIndexed(pb, 0, 1, "second");
   gl.BindFragDataLocationIndexed(pb, 0, 0, "first");
   check_gl_error("glBindFragDataLocationIndexed");
   gl.LinkProgram(pb);
   GLint ok = 0;
   gl.GetProgramiv(pb, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[4096] = "";
      gl.GetProgramInfoLog(pb, sizeof log, NULL, log);
      die_setup("program with indexed fragment data bindings failed to link:\n%s", log);
   }
   gl.DeleteShader(vs);
   gl.DeleteShader(fs);

   const struct {
      GLuint p;
      const char *name;
      GLint loc, index;
   } q[] = {{pl, "c0", 0, 0},
            {pl, "c1", 0, 1},
            {pb, "first", 0, 0},
            {pb, "second", 0, 1},
            {pb, "missing", -1, -1}};
   for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
      GLint loc = gl.GetFragDataLocation(q[i].p, q[i].name);
      GLint index = gl.GetFragDataIndex(q[i].p, q[i].name);
      if (loc != q[i].loc || index != q[i].index)
         fail("\"%s\": location %d index %d (expected %d and %d)", q[i].name, loc, index, q[i].loc,
              q[i].index);
   }
   check_gl_error("glGetFragDataLocation / glGetFragDataIndex");

   /* a second source at location 1 is past GL_MAX_DUAL_SOURCE_DRAW_BUFFERS: the link fails */
   const char *fs_past = "#version 330 core\n"
                         "layout(location = 0, index = 0) out vec4 c0;\n"
                         "layout(location = 1, index = 1) out vec4 c1;\n"
                         "void main() { c0 = vec4(1.0); c1 = vec4(0.0); }\n";
   vs = compile(GL_VERTEX_SHADER, VS_PIXELS);
   fs = compile(GL_FRAGMENT_SHADER, fs_past);
   GLuint pp = gl.CreateProgram();
   gl.AttachShader(pp, vs);
   gl.AttachShader(pp, fs);
   gl.LinkProgram(pp);
   ok = 1;
   gl.GetProgramiv(pp, GL_LINK_STATUS, &ok);
   if (ok)
      fail("a program with layout(location = 1, index = 1) linked");
   gl.DeleteShader(vs);
   gl.DeleteShader(fs);
   gl.DeleteProgram(pp);
   check_gl_error("link with index 1 at location 1");

   const vec4f bg = V4(1.0f, 1.0f, 1.0f, 1.0f);
   clear_to(bg);
   float v[24];
   rect_vertices(v, 4, 4, 30, 60);
   rect_vertices(v + 12, 34, 4, 60, 60);
   mesh m = make_mesh(v, 12);
   glEnable(GL_BLEND);
   gl.UseProgram(pl);
   gl.Uniform2f(uloc(pl, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(pl, "u_z"), 0.0f);
   glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC1_COLOR);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.UseProgram(pb);
   gl.Uniform2f(uloc(pb, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(pb, "u_z"), 0.0f);
   gl.BlendFuncSeparate(GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_ALPHA, GL_ZERO, GL_SRC1_ALPHA);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   glBlendFunc(GL_ONE, GL_ZERO);
   glDisable(GL_BLEND);
   check_gl_error("dual-source draws");

   model mo;
   model_init(&mo, bg);
   /* c0 + (1 - c1) * dst, clamped */
   model_rect(&mo, 4, 4, 30, 60, to8(V4(0.6f, 0.0f, 1.0f, 0.8f)));
   /* rgb: first * second + (1 - second.a) * dst; alpha: second.a * dst */
   model_rect(&mo, 34, 4, 60, 60, to8(V4(0.8f, 1.0f, 0.4f, 0.6f)));
   check_frame("dual-source blending", &mo);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(pl);
   gl.DeleteProgram(pb);
}

/* restart_lists: GL 3.3 §2.8.1 applies primitive restart to every mode, lists included: the
 * restart index ends the primitive being assembled (an incomplete one is dropped) and assembly
 * starts over. Top: GL_TRIANGLES of GL_UNSIGNED_SHORT indices {0,1,2, 3,4, R, 5,6,7, 8,9,10}
 * with R = 0xFFFF: triangles A, B, C, and the stray 3,4 drawn with nothing (without restart
 * (3,4,5) would cross the gap). Bottom left: GL_LINES of GL_UNSIGNED_INT {0,1, 2, 50, 3,4, 5,6}
 * with R = 50: three horizontal lines, vertex 2 dropped. Bottom right: GL_POINTS of
 * GL_UNSIGNED_BYTE {0, 3, 1, 2} with R = 3: vertex 3 exists (a point at (56,24)) and must not
 * be drawn. */
void
sc_restart_lists(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = solid_program();
   const float tv[] = {4,  36, 28, 36, 4,  60,  /* A: 0..2 */
                       28, 60, 16, 48,          /* stray: 3, 4 */
                       36, 36, 60, 36, 36, 60,  /* B: 5..7 */
                       60, 44, 60, 60, 44, 60}; /* C: 8..10 */
   const GLushort ti[] = {0, 1, 2, 3, 4, 0xffff, 5, 6, 7, 8, 9, 10};
   mesh mt = make_mesh(tv, 11);
   GLuint ebo[3];
   gl.GenBuffers(3, ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[0]);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof ti, ti, GL_STATIC_DRAW);
   glEnable(GL_PRIMITIVE_RESTART);
   gl.PrimitiveRestartIndex(0xffff);
   const vec4f green = V4(0.2f, 0.8f, 0.4f, 1.0f);
   set_vec4(p, "u_color", green);
   glDrawElements(GL_TRIANGLES, 12, GL_UNSIGNED_SHORT, (void *)0);
   check_gl_error("GL_TRIANGLES with restart index 0xFFFF");

   /* from outside the viewport to x = 30.25: pixels 0..29 of the row, no end pixel in doubt */
   const float lv[] = {-8.0f, 6.5f,  30.25f, 6.5f,   /* 0, 1 */
                       16.5f, 26.5f,                 /* 2: dropped */
                       -8.0f, 12.5f, 30.25f, 12.5f,  /* 3, 4 */
                       -8.0f, 18.5f, 30.25f, 18.5f}; /* 5, 6 */
   const GLuint li[] = {0, 1, 2, 50, 3, 4, 5, 6};
   mesh ml = make_mesh(lv, 7);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[1]);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof li, li, GL_STATIC_DRAW);
   gl.PrimitiveRestartIndex(50);
   const vec4f yellow = V4(1.0f, 0.8f, 0.2f, 1.0f);
   set_vec4(p, "u_color", yellow);
   glDrawElements(GL_LINES, 8, GL_UNSIGNED_INT, (void *)0);
   check_gl_error("GL_LINES with restart index 50");

   const float pv[] = {40, 8, 48, 8, 40, 16, 56, 24};
   const GLubyte pi[] = {0, 3, 1, 2};
   mesh mp = make_mesh(pv, 4);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[2]);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof pi, pi, GL_STATIC_DRAW);
   gl.PrimitiveRestartIndex(3);
   const vec4f cyan = V4(0.2f, 0.6f, 1.0f, 1.0f);
   set_vec4(p, "u_color", cyan);
   glPointSize(4.0f);
   glDrawElements(GL_POINTS, 4, GL_UNSIGNED_BYTE, (void *)0);
   glPointSize(1.0f);
   glDisable(GL_PRIMITIVE_RESTART);
   check_gl_error("GL_POINTS with restart index 3");

   model m;
   model_init(&m, bg);
   const rgba8 g8 = to8(green), y8 = to8(yellow), c8 = to8(cyan);
   for (int t = 0; t < 3; t++) {
      static const int tri[3][3] = {{0, 1, 2}, {5, 6, 7}, {8, 9, 10}};
      float xy[6];
      for (int k = 0; k < 3; k++) {
         xy[2 * k] = tv[2 * tri[t][k]];
         xy[2 * k + 1] = tv[2 * tri[t][k] + 1];
      }
      model_tri(&m, xy, g8);
   }
   for (int k = 0; k < 3; k++)
      model_rect(&m, 0, 6 + 6 * k, 30, 7 + 6 * k, y8);
   for (int k = 0; k < 3; k++)
      model_rect(&m, (int)pv[2 * k] - 2, (int)pv[2 * k + 1] - 2, (int)pv[2 * k] + 2,
                 (int)pv[2 * k + 1] + 2, c8);
   check_frame("lists split by restart indices", &m);
   gl.DeleteBuffers(3, ebo);
   mesh meshes[3] = {mt, ml, mp};
   for (int i = 0; i < 3; i++) {
      gl.DeleteBuffers(1, &meshes[i].vbo);
      gl.DeleteVertexArrays(1, &meshes[i].vao);
   }
   gl.DeleteProgram(p);
}

/* point_size_unwritable: the two point-size declines, reached honestly. A vertex shader (and a
 * geometry shader emitting points) that redeclares gl_PerVertex without gl_PointSize (GLSL 1.50
 * §7.1) leaves the last stage no gl_PointSize to write glPointSize's size into, and Vulkan has
 * no fixed-function point size: mgl declines those two GL_POINTS draws by name (Mesa draws
 * them, 8 pixels wide, at (16,48) and (48,48)). What follows must render: a rectangle at the
 * bottom, and nothing anywhere else outside the two points' neighbourhoods. */
void
sc_point_size_unwritable(void)
{
   const char *vs_block = "#version 150 core\n"
                          "in vec2 a_pos;\n"
                          "out gl_PerVertex { vec4 gl_Position; };\n"
                          "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *vs = "#version 150 core\n"
                    "in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *gs_block = "#version 150 core\n"
                          "layout(points) in;\n"
                          "layout(points, max_vertices = 1) out;\n"
                          "out gl_PerVertex { vec4 gl_Position; };\n"
                          "void main() {\n"
                          "  gl_Position = gl_in[0].gl_Position;\n"
                          "  EmitVertex();\n"
                          "}\n";
   const char *fs = "#version 150 core\n"
                    "uniform vec4 u_color;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = u_color; }\n";
   const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
   GLuint pv = link_program_b(vs_block, fs, attribs, NULL);
   GLuint pg = link_program_gs(vs, gs_block, fs);
   const float pts[4] = {16.0f, 48.0f, 48.0f, 48.0f};
   mesh mp = make_mesh(pts, 2);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), cp = V4(1.0f, 0.2f, 0.2f, 1.0f),
               cr = V4(0.2f, 0.8f, 0.4f, 1.0f);
   clear_to(bg);
   glPointSize(8.0f);
   gl.UseProgram(pv);
   set_vec4(pv, "u_color", cp);
   glDrawArrays(GL_POINTS, 0, 1);
   gl.UseProgram(pg);
   set_vec4(pg, "u_color", cp);
   glDrawArrays(GL_POINTS, 1, 1);
   glPointSize(1.0f);
   check_gl_error("points without a gl_PointSize to write");

   GLuint p = solid_program();
   float v[12];
   rect_vertices(v, 4, 4, 60, 28);
   mesh mr = make_mesh(v, 6);
   set_vec4(p, "u_color", cr);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw after the declined points");
   readback();
   const rgba8 bg8 = to8(bg), cr8 = to8(cr);
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         if (y >= 40 && y < 56 && ((x >= 8 && x < 24) || (x >= 40 && x < 56)))
            continue; /* the points: drawn by Mesa, declined by mgl */
         const bool in = x >= 4 && x < 60 && y >= 4 && y < 28;
         const rgba8 want = in ? cr8 : bg8, got = pixel_at(x, y);
         if (!rgba_eq(want, got) && bad++ < 8)
            fail("pixel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", x, y, want.c[0],
                 want.c[1], want.c[2], want.c[3], got.c[0], got.c[1], got.c[2], got.c[3]);
      }
   printf("  the frame around the points: %d wrong\n", bad);
   mesh ms[2] = {mp, mr};
   for (int i = 0; i < 2; i++) {
      gl.DeleteBuffers(1, &ms[i].vbo);
      gl.DeleteVertexArrays(1, &ms[i].vao);
   }
   gl.DeleteProgram(pv);
   gl.DeleteProgram(pg);
   gl.DeleteProgram(p);
}

/* vertex_formats: GL 3.3 §2.8 vertex attribute formats, each feeding one rectangle's flat
 * colour, so every expected byte is exact: GL_UNSIGNED_BYTE normalized (tightly packed, stride
 * 0), the same bytes in GL_BGRA order, GL_HALF_FLOAT, GL_UNSIGNED_INT_2_10_10_10_REV normalized
 * (the 2-bit alpha 1 is 1/3 = byte 85), GL_UNSIGNED_SHORT normalized with size 3 (the missing
 * w reads 1), a disabled array (the current generic value from glVertexAttrib4f), and
 * glVertexAttribIPointer of GL_UNSIGNED_BYTE (stride 8) and GL_SHORT read as uvec4 / ivec4
 * (integers, never normalized or converted to float). */
static void
vf_rect(int i, const void *data, GLsizeiptr bytes, GLint size, GLenum type, GLboolean norm,
        GLsizei stride, int integer)
{
   float q[12];
   const int x0 = 2 + 16 * (i % 4), y0 = i < 4 ? 34 : 2;
   rect_vertices(q, (float)x0, (float)y0, (float)(x0 + 14), (float)(y0 + 28));
   (void)make_mesh(q, 6); /* binds its vertex array */
   if (data) {
      GLuint b;
      gl.GenBuffers(1, &b);
      gl.BindBuffer(GL_ARRAY_BUFFER, b);
      gl.BufferData(GL_ARRAY_BUFFER, bytes, data, GL_STATIC_DRAW);
      if (integer)
         gl.VertexAttribIPointer(1, size, type, stride, (void *)0);
      else
         gl.VertexAttribPointer(1, size, type, norm, stride, (void *)0);
      gl.EnableVertexAttribArray(1);
   }
   check_gl_error("vertex format setup");
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("vertex format draw");
}

void
sc_vertex_formats(void)
{
   const char *fs = "#version 330 core\n"
                    "flat in vec4 v_col;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = v_col; }\n";
   const char *vs_f =
      "#version 330 core\n"
      "layout(location = 0) in vec2 a_pos;\n"
      "layout(location = 1) in vec4 a_col;\n"
      "flat out vec4 v_col;\n"
      "void main() { v_col = a_col; gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *vs_u = "#version 330 core\n"
                      "layout(location = 0) in vec2 a_pos;\n"
                      "layout(location = 1) in uvec4 a_col;\n"
                      "flat out vec4 v_col;\n"
                      "void main() { v_col = vec4(a_col) / 255.0;\n"
                      "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *vs_i = "#version 330 core\n"
                      "layout(location = 0) in vec2 a_pos;\n"
                      "layout(location = 1) in ivec4 a_col;\n"
                      "flat out vec4 v_col;\n"
                      "void main() { v_col = vec4(-a_col) / 255.0;\n"
                      "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint pf = link_program(vs_f, fs), pu = link_program(vs_u, fs), pi = link_program(vs_i, fs);

   GLubyte ub[6][4], bgra[6][4], ui8[6][8];
   GLushort half[6][4], us[6][3];
   GLuint p2[6];
   GLshort s16[6][4];
   const GLubyte ub_c[4] = {51, 102, 153, 255}, bgra_c[4] = {200, 100, 50, 255};
   const GLushort half_c[4] = {0x38cd, 0x3266, 0x3c00, 0x3666}; /* 0.6 0.2 1.0 0.4 */
   const GLushort us_c[3] = {13107, 52428, 0};                  /* 0.2 0.8 0 */
   const GLshort s16_c[4] = {-40, -80, -120, -255};
   for (int v = 0; v < 6; v++) {
      memcpy(ub[v], ub_c, 4);
      memcpy(bgra[v], bgra_c, 4);
      memcpy(half[v], half_c, sizeof half_c);
      memcpy(us[v], us_c, sizeof us_c);
      memcpy(s16[v], s16_c, sizeof s16_c);
      p2[v] = 1023u | 0u << 10 | 1023u << 20 | 1u << 30;
      const GLubyte u8[8] = {10, 20, 30, 255, 0xee, 0xee, 0xee, 0xee};
      memcpy(ui8[v], u8, 8);
   }
   gl.UseProgram(pf);
   vf_rect(0, ub, sizeof ub, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, 0);
   vf_rect(1, bgra, sizeof bgra, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0, 0);
   vf_rect(2, half, sizeof half, 4, GL_HALF_FLOAT, GL_FALSE, 0, 0);
   vf_rect(3, p2, sizeof p2, 4, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 0, 0);
   vf_rect(4, us, sizeof us, 3, GL_UNSIGNED_SHORT, GL_TRUE, 0, 0);
   gl.VertexAttrib4f(1, 0.4f, 0.8f, 0.2f, 1.0f);
   vf_rect(5, NULL, 0, 0, 0, GL_FALSE, 0, 0);
   gl.UseProgram(pu);
   vf_rect(6, ui8, sizeof ui8, 4, GL_UNSIGNED_BYTE, GL_FALSE, 8, 1);
   gl.UseProgram(pi);
   vf_rect(7, s16, sizeof s16, 4, GL_SHORT, GL_FALSE, 0, 1);

   /* GL_BGRA needs normalized GL_UNSIGNED_BYTE (or a packed type) and is not an integer size */
   gl.VertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0, (void *)0);
   expect_gl_error(GL_INVALID_OPERATION, "glVertexAttribPointer(GL_BGRA, not normalized)");
   gl.VertexAttribIPointer(1, 4, GL_FLOAT, 0, (void *)0);
   expect_gl_error(GL_INVALID_ENUM, "glVertexAttribIPointer(GL_FLOAT)");

   static const rgba8 want[8] = {
      {{51, 102, 153, 255}}, {{50, 100, 200, 255}}, {{153, 51, 255, 102}}, {{255, 0, 255, 85}},
      {{51, 204, 0, 255}},   {{102, 204, 51, 255}}, {{10, 20, 30, 255}},   {{40, 80, 120, 255}}};
   model m;
   model_init(&m, bg);
   for (int i = 0; i < 8; i++) {
      const int x0 = 2 + 16 * (i % 4), y0 = i < 4 ? 34 : 2;
      model_rect(&m, x0, y0, x0 + 14, y0 + 28, want[i]);
   }
   check_frame("vertex formats", &m);
}

/* draw_entry_points: every GL 3.3 draw entry point not drawn elsewhere, each putting one
 * colour into its own cells of a 4x4 grid of 12x12 quads (quad k = vertices 4k..4k+3 of one
 * vertex buffer): glDrawElementsBaseVertex, glDrawRangeElements, glDrawRangeElementsBaseVertex,
 * glDrawElementsInstanced and glDrawElementsInstancedBaseVertex (instance i moves 16 pixels
 * right), glMultiDrawArrays (GL_TRIANGLE_FAN), glMultiDrawElements and
 * glMultiDrawElementsBaseVertex (two ranges each). Quads no call names stay the clear colour;
 * plus glDrawRangeElements' end < start error, which draws nothing. */
void
sc_draw_entry_points(void)
{
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() {\n"
                    "  vec2 p = a_pos + vec2(16.0 * float(gl_InstanceID), 0.0);\n"
                    "  gl_Position = vec4(p / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f);
   clear_to(bg);
   GLuint p = link_program(vs, FS_UNIFORM);
   gl.UseProgram(p);

   float pos[16 * 4 * 2];
   for (int k = 0; k < 16; k++) {
      const float x0 = (float)(2 + 16 * (k % 4)), y0 = (float)(2 + 16 * (k / 4));
      const float q[8] = {x0, y0, x0 + 12, y0, x0 + 12, y0 + 12, x0, y0 + 12};
      memcpy(pos + 8 * k, q, sizeof q);
   }
   mesh m = make_mesh(pos, 64);
   /* indices: the pattern of quad 0 at index 0, then each quad k's own at index 6 * (k + 1) */
   GLuint idx[6 * 17];
   for (int k = -1; k < 16; k++) {
      const GLuint b = k < 0 ? 0 : 4u * (GLuint)k, pat[6] = {0, 1, 2, 0, 2, 3};
      for (int i = 0; i < 6; i++)
         idx[6 * (k + 1) + i] = b + pat[i];
   }
   GLuint ebo;
   gl.GenBuffers(1, &ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
#define QUAD_IDX(k) ((const void *)(uintptr_t)(6 * ((k) + 1) * sizeof(GLuint)))
   const vec4f c[8] = {V4(1.0f, 0.2f, 0.2f, 1.0f), V4(0.2f, 1.0f, 0.2f, 1.0f),
                       V4(0.2f, 0.2f, 1.0f, 1.0f), V4(1.0f, 1.0f, 0.2f, 1.0f),
                       V4(1.0f, 0.2f, 1.0f, 1.0f), V4(0.2f, 1.0f, 1.0f, 1.0f),
                       V4(0.6f, 0.4f, 0.2f, 1.0f), V4(1.0f, 1.0f, 1.0f, 1.0f)};
   const GLint ucol = uloc(p, "u_color");

   gl.Uniform4fv(ucol, 1, c[0].v);
   gl.DrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_INT, QUAD_IDX(-1), 4); /* quad 1 */
   gl.Uniform4fv(ucol, 1, c[1].v);
   gl.DrawRangeElements(GL_TRIANGLES, 8, 11, 6, GL_UNSIGNED_INT, QUAD_IDX(2)); /* quad 2 */
   gl.Uniform4fv(ucol, 1, c[2].v);
   gl.DrawRangeElementsBaseVertex(GL_TRIANGLES, 0, 3, 6, GL_UNSIGNED_INT, QUAD_IDX(-1),
                                  12); /* quad 3 */
   gl.Uniform4fv(ucol, 1, c[3].v);
   gl.DrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_INT, QUAD_IDX(4), 2); /* quads 4, 5 */
   gl.Uniform4fv(ucol, 1, c[4].v);
   gl.DrawElementsInstancedBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_INT, QUAD_IDX(-1), 2,
                                      24); /* quads 6, 7 */
   check_gl_error("single draws");
   gl.Uniform4fv(ucol, 1, c[5].v);
   const GLint first[2] = {32, 40};
   const GLsizei four[2] = {4, 4}, six[2] = {6, 6};
   gl.MultiDrawArrays(GL_TRIANGLE_FAN, first, four, 2); /* quads 8, 10 */
   gl.Uniform4fv(ucol, 1, c[6].v);
   const void *offs[2] = {QUAD_IDX(9), QUAD_IDX(11)};
   gl.MultiDrawElements(GL_TRIANGLES, six, GL_UNSIGNED_INT, offs, 2); /* quads 9, 11 */
   gl.Uniform4fv(ucol, 1, c[7].v);
   const void *base_offs[2] = {QUAD_IDX(-1), QUAD_IDX(-1)};
   GLint bases[2] = {48, 52};
   gl.MultiDrawElementsBaseVertex(GL_TRIANGLES, six, GL_UNSIGNED_INT, base_offs, 2,
                                  bases); /* quads 12, 13 */
   check_gl_error("multi-draws");
   gl.DrawRangeElements(GL_TRIANGLES, 59, 56, 6, GL_UNSIGNED_INT, QUAD_IDX(14));
   expect_gl_error(GL_INVALID_VALUE, "glDrawRangeElements with end < start");
#undef QUAD_IDX

   static const int quad_colour[16] = {-1, 0, 1, 2, 3, 3, 4, 4, 5, 6, 5, 6, 7, 7, -1, -1};
   model md;
   model_init(&md, bg);
   for (int k = 0; k < 16; k++)
      if (quad_colour[k] >= 0) {
         const int x0 = 2 + 16 * (k % 4), y0 = 2 + 16 * (k / 4);
         model_rect(&md, x0, y0, x0 + 12, y0 + 12, to8(c[quad_colour[k]]));
      }
   check_frame("draw entry points", &md);
   gl.DeleteBuffers(1, &ebo);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
}

/* blend_state: GL 3.3 §4.1.8-4.1.10 beyond glBlendFunc. Over a clear of (0.2, 0.4, 0.6, 0.8),
 * one rectangle each: GL_MIN and GL_MAX (the factors ignored), glBlendEquationSeparate (ADD for
 * RGB, MAX for alpha), GL_FUNC_REVERSE_SUBTRACT, glBlendColor with GL_CONSTANT_COLOR /
 * GL_CONSTANT_ALPHA and with GL_ONE_MINUS_CONSTANT_COLOR, and the logic op GL_XOR (which
 * replaces blending while GL_COLOR_LOGIC_OP is on). Every factor is 0, 1 or a constant times 1,
 * so each byte is exact. Then a framebuffer object with two colour attachments: blending enabled
 * on attachment 1 only (glEnablei, GL_MAX) and a colour mask on attachment 0 only
 * (glColorMaski); each attachment read back; glIsEnabledi and glEnablei's index error. */
void
sc_blend_state(void)
{
   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 0.8f);
   clear_to(bg);
   GLuint p = solid_program();
   const GLint ucol = uloc(p, "u_color");
   float q[8][12];
   mesh m[8];
   for (int i = 0; i < 8; i++) {
      const float x0 = (float)(2 + 16 * (i % 4)), y0 = (float)(i < 4 ? 34 : 2);
      rect_vertices(q[i], x0, y0, x0 + 14, y0 + 28);
      m[i] = make_mesh(q[i], 6);
   }
   glEnable(GL_BLEND);
   const vec4f s0 = V4(0.6f, 0.2f, 1.0f, 0.4f), s1 = V4(0.2f, 0.2f, 0.2f, 0.2f),
               white = V4(1.0f, 1.0f, 1.0f, 1.0f), sx = V4(1.0f, 0.2f, 0.6f, 1.0f);
   glBlendFunc(GL_ZERO, GL_ZERO); /* MIN and MAX ignore the factors */
   gl.BlendEquation(GL_MIN);
   gl.Uniform4fv(ucol, 1, s0.v);
   gl.BindVertexArray(m[0].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BlendEquation(GL_MAX);
   gl.BindVertexArray(m[1].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BlendEquationSeparate(GL_FUNC_ADD, GL_MAX);
   glBlendFunc(GL_ONE, GL_ONE);
   gl.Uniform4fv(ucol, 1, s1.v);
   gl.BindVertexArray(m[2].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BlendEquation(GL_FUNC_REVERSE_SUBTRACT);
   gl.BindVertexArray(m[3].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BlendEquation(GL_FUNC_ADD);
   gl.BlendColor(0.6f, 1.0f, 0.2f, 0.4f);
   gl.BlendFuncSeparate(GL_CONSTANT_COLOR, GL_ZERO, GL_CONSTANT_ALPHA, GL_ZERO);
   gl.Uniform4fv(ucol, 1, white.v);
   gl.BindVertexArray(m[4].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glBlendFunc(GL_ONE_MINUS_CONSTANT_COLOR, GL_ZERO);
   gl.BindVertexArray(m[5].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEnable(GL_COLOR_LOGIC_OP);
   glLogicOp(GL_XOR);
   gl.Uniform4fv(ucol, 1, sx.v);
   gl.BindVertexArray(m[6].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_COLOR_LOGIC_OP);
   glLogicOp(GL_COPY);
   glDisable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_ZERO);
   check_gl_error("blended draws");

   static const rgba8 want[7] = {
      {{51, 51, 153, 102}},  {{153, 102, 255, 204}}, {{102, 153, 204, 204}}, {{0, 51, 102, 153}},
      {{153, 255, 51, 102}}, {{102, 0, 204, 153}},   {{204, 85, 0, 51}}};
   model md;
   model_init(&md, bg);
   for (int i = 0; i < 7; i++) {
      const int x0 = 2 + 16 * (i % 4), y0 = i < 4 ? 34 : 2;
      model_rect(&md, x0, y0, x0 + 14, y0 + 28, want[i]);
   }
   check_frame("blend equations, constant colour, logic op", &md);

   /* two attachments: per-attachment blend enable and colour mask */
   const char *fs2 = "#version 330 core\n"
                     "uniform vec4 u_color;\n"
                     "layout(location = 0) out vec4 o0;\n"
                     "layout(location = 1) out vec4 o1;\n"
                     "void main() { o0 = u_color; o1 = u_color; }\n";
   GLuint p2 = link_program(VS_PIXELS, fs2);
   gl.UseProgram(p2);
   gl.Uniform2f(uloc(p2, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p2, "u_z"), 0.0f);
   GLuint fbo, rb[2];
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.GenRenderbuffers(2, rb);
   for (int i = 0; i < 2; i++) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER, rb[i]);
   }
   const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   gl.DrawBuffers(2, bufs);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("two-attachment framebuffer incomplete");
   glViewport(0, 0, 8, 8);
   glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.Enablei(GL_BLEND, 1);
   gl.BlendEquation(GL_MAX);
   gl.ColorMaski(0, GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
   if (gl.IsEnabledi(GL_BLEND, 0) || !gl.IsEnabledi(GL_BLEND, 1) || glIsEnabled(GL_BLEND))
      fail("glIsEnabledi(GL_BLEND): attachment 0 %d, 1 %d, glIsEnabled %d (expected 0, 1, 0)",
           gl.IsEnabledi(GL_BLEND, 0), gl.IsEnabledi(GL_BLEND, 1), glIsEnabled(GL_BLEND));
   GLint max_db = 0;
   glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_db);
   gl.Enablei(GL_BLEND, (GLuint)max_db);
   expect_gl_error(GL_INVALID_VALUE, "glEnablei(GL_BLEND, GL_MAX_DRAW_BUFFERS)");
   gl.Uniform4fv(uloc(p2, "u_color"), 1, s0.v);
   float full[12];
   rect_vertices(full, 0, 0, 64, 64);
   mesh mf = make_mesh(full, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.ColorMaski(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDisable(GL_BLEND);
   gl.BlendEquation(GL_FUNC_ADD);
   check_gl_error("two-attachment draw");
   const rgba8 want_att[2] = {{{51, 51, 255, 102}}, {{153, 102, 255, 204}}};
   for (int i = 0; i < 2; i++) {
      GLubyte px[8 * 8 * 4];
      memset(px, 0xee, sizeof px);
      glReadBuffer(GL_COLOR_ATTACHMENT0 + i);
      glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, px);
      check_gl_error("glReadPixels of one attachment");
      int bad = 0;
      for (int t = 0; t < 64; t++)
         if (memcmp(&px[4 * t], want_att[i].c, 4)) {
            if (!bad)
               fail("attachment %d texel %d: expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", i, t,
                    want_att[i].c[0], want_att[i].c[1], want_att[i].c[2], want_att[i].c[3],
                    px[4 * t], px[4 * t + 1], px[4 * t + 2], px[4 * t + 3]);
            bad++;
         }
      printf("  attachment %d (%s): 64 texels checked, %d wrong\n", i,
             i ? "blend GL_MAX" : "no blend, red masked", bad);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(2, rb);
   gl.DeleteBuffers(1, &mf.vbo);
   gl.DeleteVertexArrays(1, &mf.vao);
   for (int i = 0; i < 8; i++) {
      gl.DeleteBuffers(1, &m[i].vbo);
      gl.DeleteVertexArrays(1, &m[i].vao);
   }
   gl.DeleteProgram(p2);
   gl.DeleteProgram(p);
   readback(); /* the PNG shows the default framebuffer */
}

/* depth_stencil_state: GL 3.3 §4.1.4-4.1.6, §4.2.3 and §3.6.4 state no other scenario draws
 * with. glClearBufferfi(GL_DEPTH_STENCIL) sets depth 0.5 and stencil 0x5a at once. Separate
 * faces: a front-facing rectangle A passes GL_EQUAL 0x5a and increments (0x5b), so drawing it
 * again in white under the same test fails; a back-facing B inverts (0xa5); a back-facing C,
 * over a scissored stencil clear to 0, decrements with wrap through a back write mask of 0x0f
 * (0x0f). glDepthRange(0.25, 0.75) puts NDC z 0 at 0.5 and -0.5 at 0.375; GL_DEPTH_CLAMP keeps
 * a rectangle at z -1.5 (depth 0, range 0..1) that is clipped away once the clamp is off. A
 * triangle in glPolygonMode(GL_POINT) lights exactly its three vertices' pixels. Colours,
 * depths (glReadPixels GL_DEPTH_COMPONENT) and stencil values (GL_STENCIL_INDEX) are read back. */
void
sc_depth_stencil_state(void)
{
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f), red = V4(1.0f, 0.0f, 0.0f, 1.0f),
               green = V4(0.0f, 1.0f, 0.0f, 1.0f), blue = V4(0.0f, 0.0f, 1.0f, 1.0f),
               white = V4(1.0f, 1.0f, 1.0f, 1.0f), yellow = V4(1.0f, 1.0f, 0.0f, 1.0f),
               grey = V4(0.6f, 0.6f, 0.6f, 1.0f);
   glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.ClearBufferfi(GL_DEPTH_STENCIL, 0, 0.5f, 0x5a);
   check_gl_error("glClearBufferfi(GL_DEPTH_STENCIL)");
   gl.ClearBufferfi(GL_COLOR, 0, 0.5f, 0x5a);
   expect_gl_error(GL_INVALID_ENUM, "glClearBufferfi(GL_COLOR)");
   GLuint p = solid_program();
   const GLint ucol = uloc(p, "u_color"), uz = uloc(p, "u_z");
   /* A, C: CCW rectangles (front); B, C as drawn: CW (back) */
   const float a[12] = {4, 36, 20, 36, 20, 60, 4, 36, 20, 60, 4, 60};
   const float b[12] = {24, 36, 24, 60, 40, 60, 24, 36, 40, 60, 40, 36};
   const float c[12] = {44, 36, 44, 60, 60, 60, 44, 36, 60, 60, 60, 36};
   mesh ma = make_mesh(a, 6), mb = make_mesh(b, 6), mc = make_mesh(c, 6);
   glEnable(GL_STENCIL_TEST);
   gl.StencilFuncSeparate(GL_FRONT, GL_EQUAL, 0x5a, 0xff);
   gl.StencilOpSeparate(GL_FRONT, GL_KEEP, GL_KEEP, GL_INCR);
   gl.StencilFuncSeparate(GL_BACK, GL_ALWAYS, 0, 0xff);
   gl.StencilOpSeparate(GL_BACK, GL_KEEP, GL_KEEP, GL_INVERT);
   gl.Uniform4fv(ucol, 1, red.v);
   gl.BindVertexArray(ma.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform4fv(ucol, 1, white.v); /* 0x5b now: the front test fails */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform4fv(ucol, 1, green.v);
   gl.BindVertexArray(mb.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEnable(GL_SCISSOR_TEST);
   glScissor(44, 36, 16, 24);
   const GLint zero = 0;
   gl.ClearBufferiv(GL_STENCIL, 0, &zero);
   glDisable(GL_SCISSOR_TEST);
   gl.StencilOpSeparate(GL_BACK, GL_KEEP, GL_KEEP, GL_DECR_WRAP);
   gl.StencilMaskSeparate(GL_BACK, 0x0f);
   gl.Uniform4fv(ucol, 1, blue.v);
   gl.BindVertexArray(mc.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.StencilMaskSeparate(GL_BACK, 0xff);
   glDisable(GL_STENCIL_TEST);
   GLint v = 0;
   glGetIntegerv(GL_STENCIL_BACK_WRITEMASK, &v);
   if (v != 0xff)
      fail("GL_STENCIL_BACK_WRITEMASK = 0x%x after glStencilMaskSeparate(GL_BACK, 0xff)", v);
   check_gl_error("separate stencil draws");

   /* depth range and depth clamp: depth written under GL_ALWAYS */
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   float q[12];
   rect_vertices(q, 4, 4, 20, 30);
   mesh me = make_mesh(q, 6);
   rect_vertices(q, 24, 4, 40, 30);
   mesh mf = make_mesh(q, 6);
   rect_vertices(q, 44, 4, 60, 30);
   mesh mg = make_mesh(q, 6);
   glDepthRange(0.25, 0.75);
   gl.Uniform4fv(ucol, 1, grey.v);
   gl.BindVertexArray(me.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform1f(uz, -0.5f);
   gl.BindVertexArray(mf.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDepthRange(0.0, 1.0);
   glEnable(GL_DEPTH_CLAMP);
   gl.Uniform1f(uz, -1.5f);
   gl.Uniform4fv(ucol, 1, yellow.v);
   gl.BindVertexArray(mg.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_DEPTH_CLAMP);
   gl.Uniform4fv(ucol, 1, red.v); /* clipped: nothing */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform1f(uz, 0.0f);
   glDisable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   check_gl_error("depth range and clamp draws");

   /* polygon mode GL_POINT: a triangle's vertices at pixel centres, 1-pixel points */
   const float t[6] = {10.5f, 32.5f, 50.5f, 32.5f, 30.5f, 33.5f};
   mesh mt = make_mesh(t, 3);
   glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
   glPointSize(1.0f);
   gl.Uniform4fv(ucol, 1, white.v);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   check_gl_error("polygon mode GL_POINT");

   model md;
   model_init(&md, bg);
   model_rect(&md, 4, 36, 20, 60, to8(red));
   model_rect(&md, 24, 36, 40, 60, to8(green));
   model_rect(&md, 44, 36, 60, 60, to8(blue));
   model_rect(&md, 4, 4, 20, 30, to8(grey));
   model_rect(&md, 24, 4, 40, 30, to8(grey));
   model_rect(&md, 44, 4, 60, 30, to8(yellow));
   model_rect(&md, 10, 32, 11, 33, to8(white));
   model_rect(&md, 50, 32, 51, 33, to8(white));
   model_rect(&md, 30, 33, 31, 34, to8(white));
   check_frame("separate stencil, depth range, depth clamp, polygon mode", &md);

   static const struct {
      int x, y;
      GLubyte s;
      float d;
   } probe[] = {{12, 48, 0x5b, 0.5f}, {32, 48, 0xa5, 0.5f},   {52, 48, 0x0f, 0.5f},
                {12, 16, 0x5a, 0.5f}, {32, 16, 0x5a, 0.375f}, {52, 16, 0x5a, 0.0f},
                {2, 2, 0x5a, 0.5f}};
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   for (size_t i = 0; i < sizeof probe / sizeof probe[0]; i++) {
      GLubyte sv = 0xee;
      GLfloat dv = -1.0f;
      glReadPixels(probe[i].x, probe[i].y, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &sv);
      glReadPixels(probe[i].x, probe[i].y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &dv);
      if (sv != probe[i].s)
         fail("stencil at (%d,%d) = 0x%02x, expected 0x%02x", probe[i].x, probe[i].y, sv,
              probe[i].s);
      if (fabsf(dv - probe[i].d) > 1e-5f)
         fail("depth at (%d,%d) = %.7f, expected %.7f", probe[i].x, probe[i].y, dv, probe[i].d);
   }
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   check_gl_error("depth and stencil read-back");
   readback();
   mesh all[7] = {ma, mb, mc, me, mf, mg, mt};
   for (int i = 0; i < 7; i++) {
      gl.DeleteBuffers(1, &all[i].vbo);
      gl.DeleteVertexArrays(1, &all[i].vao);
   }
   gl.DeleteProgram(p);
}

/* map_buffer_write: vertex data written through mapped buffers (GL 3.3 §2.9.3), one region of
 * one vertex buffer per cell: GL_MAP_INVALIDATE_RANGE_BIT; a region drawn, then mapped again
 * with GL_MAP_INVALIDATE_RANGE_BIT and rewritten before the next draw (each draw must show its
 * own data: the first draw is queued, not done, when the map comes); GL_MAP_FLUSH_EXPLICIT_BIT
 * with glFlushMappedBufferRange; GL_MAP_UNSYNCHRONIZED_BIT on a region no queued draw reads;
 * glMapBuffer(GL_WRITE_ONLY) of the whole buffer writing one region, which keeps the others
 * (region 0 is drawn again after it, in another colour). Plus GL_BUFFER_MAPPED and the errors
 * of a read map that invalidates, a flush without FLUSH_EXPLICIT, a draw from a mapped buffer. */
static void
mb_cell(float *out12, int cell)
{
   const float x0 = (float)(4 + 16 * (cell % 4)), y0 = (float)(cell < 4 ? 36 : 8);
   rect_vertices(out12, x0, y0, x0 + 12, y0 + 20);
}

static void
mb_write(GLintptr region, GLbitfield access, int cell)
{
   float q[12];
   mb_cell(q, cell);
   float *w = gl.MapBufferRange(GL_ARRAY_BUFFER, region * (GLintptr)sizeof q, sizeof q, access);
   if (!w) {
      fail("glMapBufferRange(region %ld, access 0x%x) returned NULL", (long)region, access);
      return;
   }
   memcpy(w, q, sizeof q);
   if (access & GL_MAP_FLUSH_EXPLICIT_BIT)
      gl.FlushMappedBufferRange(GL_ARRAY_BUFFER, 0, sizeof q);
   if (!gl.UnmapBuffer(GL_ARRAY_BUFFER))
      fail("glUnmapBuffer after a write map returned GL_FALSE");
}

void
sc_map_buffer_write(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = solid_program();
   const GLint ucol = uloc(p, "u_color");
   const vec4f c[8] = {V4(1.0f, 0.2f, 0.2f, 1.0f), V4(0.2f, 1.0f, 0.2f, 1.0f),
                       V4(0.2f, 0.2f, 1.0f, 1.0f), V4(1.0f, 1.0f, 0.2f, 1.0f),
                       V4(1.0f, 0.2f, 1.0f, 1.0f), V4(0.2f, 1.0f, 1.0f, 1.0f),
                       V4(0.6f, 0.4f, 0.2f, 1.0f), V4(1.0f, 1.0f, 1.0f, 1.0f)};
   /* regions 0..6 of 6 vertices; region 0 holds cell 0 from glBufferData, the rest zeros */
   float init[7 * 12] = {0};
   mb_cell(init, 0);
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof init, init, GL_DYNAMIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.EnableVertexAttribArray(0);
   check_gl_error("vertex buffer");

   gl.Uniform4fv(ucol, 1, c[0].v);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* cell 0 */
   mb_write(1, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT, 1);
   gl.Uniform4fv(ucol, 1, c[1].v);
   glDrawArrays(GL_TRIANGLES, 6, 6); /* cell 1 */
   mb_write(2, GL_MAP_WRITE_BIT, 2);
   gl.Uniform4fv(ucol, 1, c[2].v);
   glDrawArrays(GL_TRIANGLES, 12, 6); /* cell 2 */
   mb_write(2, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT, 3);
   gl.Uniform4fv(ucol, 1, c[3].v);
   glDrawArrays(GL_TRIANGLES, 12, 6); /* cell 3, from the same region */
   mb_write(4, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT, 4);
   gl.Uniform4fv(ucol, 1, c[4].v);
   glDrawArrays(GL_TRIANGLES, 24, 6); /* cell 4 */
   mb_write(5, GL_MAP_WRITE_BIT | GL_MAP_UNSYNCHRONIZED_BIT, 5);
   gl.Uniform4fv(ucol, 1, c[5].v);
   glDrawArrays(GL_TRIANGLES, 30, 6); /* cell 5 */
   check_gl_error("mapped writes and draws");

   float *all = gl.MapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY);
   GLint mapped = 0;
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &mapped);
   if (!all || !mapped)
      fail("glMapBuffer(GL_WRITE_ONLY): %p, GL_BUFFER_MAPPED %d", (void *)all, mapped);
   /* GL 3.3 §2.9.3: a command that reads a mapped buffer "may" be GL_INVALID_OPERATION; mgl
    * raises it, Mesa draws */
   if (on_mgl()) {
      glDrawArrays(GL_TRIANGLES, 0, 6);
      expect_gl_error(GL_INVALID_OPERATION, "glDrawArrays from a mapped buffer");
   } else {
      skipped("the error of a draw from a mapped buffer (GL 3.3 says \"may\", mgl raises it)");
   }
   gl.FlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
   expect_gl_error(GL_INVALID_OPERATION, "glFlushMappedBufferRange without FLUSH_EXPLICIT");
   if (all)
      mb_cell(all + 6 * 12, 6);
   gl.UnmapBuffer(GL_ARRAY_BUFFER);
   gl.Uniform4fv(ucol, 1, c[6].v);
   glDrawArrays(GL_TRIANGLES, 36, 6); /* cell 6 */
   gl.Uniform4fv(ucol, 1, c[7].v);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* cell 0 again: glMapBuffer kept region 0 */
   gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
   expect_gl_error(GL_INVALID_OPERATION, "glMapBufferRange(READ | INVALIDATE_RANGE)");
   check_gl_error("after the maps");

   static const int cell_colour[8] = {7, 1, 2, 3, 4, 5, 6, -1};
   model md;
   model_init(&md, bg);
   for (int k = 0; k < 8; k++)
      if (cell_colour[k] >= 0) {
         const int x0 = 4 + 16 * (k % 4), y0 = k < 4 ? 36 : 8;
         model_rect(&md, x0, y0, x0 + 12, y0 + 20, to8(c[cell_colour[k]]));
      }
   check_frame("mapped vertex writes", &md);
   gl.DeleteBuffers(1, &vbo);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(p);
}

/* sample_coverage: GL 3.3 §4.1.3 (multisample fragment operations) on a 4-sample RGBA8
 * renderbuffer, a full-frame rectangle of colour (1, 1, 1, a) over a clear of (0, 0, 0, 0),
 * resolved by a blit: the resolved red byte is 255 times the share of samples written.
 * SAMPLE_ALPHA_TO_COVERAGE: alpha 0 writes no sample, alpha 1 all; between them the count is
 * the implementation's, so only its bounds and that it grows with alpha are asserted.
 * SAMPLE_ALPHA_TO_ONE: alpha written as 1. SAMPLE_COVERAGE: value 0 and 1 exact, the inverted
 * mask is the bitwise inverse (two draws with 0.5 and 0.5 inverted write every sample once).
 * SAMPLE_MASK: mask 0 writes nothing, one sample gives a quarter of the colour, the queries
 * and their errors. With GL_MULTISAMPLE disabled, and on the single-sample default
 * framebuffer, all of these are ignored (§4.1.3: "if MULTISAMPLE is enabled and the value of
 * SAMPLE_BUFFERS is one"). */
typedef struct {
   int min, max;
   double mean;
} chan_stats;

/* Draws the full-frame rectangle in colour c into fbo (cleared first unless keep), resolves
 * it into the default framebuffer and returns the statistics of channel ch. */
static chan_stats
cov_draw(GLuint fbo, GLuint p, vec4f c, int ch, bool keep)
{
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   if (!keep) {
      glClearColor(0, 0, 0, 0);
      glClear(GL_COLOR_BUFFER_BIT);
   }
   set_vec4(p, "u_color", c);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   if (fbo) {
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
      gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
      gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   }
   check_gl_error("coverage draw and resolve");
   readback();
   chan_stats s = {255, 0, 0.0};
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const int v = pixel_at(x, y).c[ch];
         s.min = v < s.min ? v : s.min;
         s.max = v > s.max ? v : s.max;
         s.mean += v;
      }
   s.mean /= W * H;
   return s;
}

/* Every pixel's channel ch within tol of want. */
static void
cov_expect(const char *what, chan_stats s, int want, int tol)
{
   if (s.min < want - tol || s.max > want + tol)
      fail("%s: resolved channel in [%d, %d], expected %d (+-%d)", what, s.min, s.max, want, tol);
}

void
sc_sample_coverage(void)
{
   GLuint rb, fbo;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
   GLint samples = 0;
   gl.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
   if (samples != 4)
      die_setup("a 4-sample RGBA8 renderbuffer has %d samples", samples);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("4-sample framebuffer incomplete");
   GLuint p = solid_program();
   float r[12];
   rect_vertices(r, 0, 0, W, H);
   mesh m = make_mesh(r, 6);
   const vec4f white = V4(1, 1, 1, 1);

   /* Queries and their initial values (GL 3.3 table 6.17). */
   GLint words = 0;
   glGetIntegerv(GL_MAX_SAMPLE_MASK_WORDS, &words);
   if (words < 1)
      fail("GL_MAX_SAMPLE_MASK_WORDS = %d (GL 3.3: at least 1)", words);
   GLint mv = 0;
   gl.GetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &mv);
   if ((GLuint)mv != ~0u)
      fail("initial GL_SAMPLE_MASK_VALUE = 0x%x (GL: all bits set)", (unsigned)mv);
   gl.GetIntegeri_v(GL_SAMPLE_MASK_VALUE, (GLuint)words, &mv);
   expect_gl_error(GL_INVALID_VALUE,
                   "glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, MAX_SAMPLE_MASK_WORDS)");
   gl.SampleMaski((GLuint)words, 0);
   expect_gl_error(GL_INVALID_VALUE, "glSampleMaski(MAX_SAMPLE_MASK_WORDS, 0)");
   GLfloat cv = -1;
   GLboolean ci = GL_TRUE;
   glGetFloatv(GL_SAMPLE_COVERAGE_VALUE, &cv);
   glGetBooleanv(GL_SAMPLE_COVERAGE_INVERT, &ci);
   if (cv != 1.0f || ci != GL_FALSE)
      fail("initial SAMPLE_COVERAGE_VALUE %g, INVERT %d (GL: 1, FALSE)", cv, ci);
   gl.SampleCoverage(1.5f, GL_TRUE);
   glGetFloatv(GL_SAMPLE_COVERAGE_VALUE, &cv);
   glGetBooleanv(GL_SAMPLE_COVERAGE_INVERT, &ci);
   if (cv != 1.0f || ci != GL_TRUE)
      fail("glSampleCoverage(1.5, TRUE) reads back %g, %d (GL: clamped to 1, TRUE)", cv, ci);
   if (glIsEnabled(GL_SAMPLE_ALPHA_TO_COVERAGE) || glIsEnabled(GL_SAMPLE_ALPHA_TO_ONE) ||
       glIsEnabled(GL_SAMPLE_COVERAGE) || glIsEnabled(GL_SAMPLE_MASK))
      fail("a multisample fragment operation is enabled initially");
   check_gl_error("queries");

   cov_expect("no operation enabled", cov_draw(fbo, p, white, 0, false), 255, 0);

   /* Alpha to coverage. */
   glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
   cov_expect("alpha to coverage, alpha 0", cov_draw(fbo, p, V4(1, 1, 1, 0), 0, false), 0, 0);
   cov_expect("alpha to coverage, alpha 1", cov_draw(fbo, p, white, 0, false), 255, 0);
   double prev = 0.0;
   for (int k = 1; k <= 3; k++) {
      const chan_stats s = cov_draw(fbo, p, V4(1, 1, 1, (float)k / 4), 0, false);
      printf("  alpha to coverage, alpha %.2f: mean resolved red %.1f\n", (double)k / 4, s.mean);
      if (s.mean + 0.5 < prev)
         fail("alpha to coverage: alpha %.2f covers less (mean %.1f) than a lower alpha (%.1f)",
              (double)k / 4, s.mean, prev);
      prev = s.mean;
   }
   glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);

   /* Alpha to one: every written sample's alpha is 1, the colour kept. */
   glEnable(GL_SAMPLE_ALPHA_TO_ONE);
   cov_expect("alpha to one: alpha", cov_draw(fbo, p, V4(0.4f, 1, 1, 0.25f), 3, false), 255, 0);
   cov_expect("alpha to one: red", cov_draw(fbo, p, V4(0.4f, 1, 1, 0.25f), 0, false), 102, 0);
   glDisable(GL_SAMPLE_ALPHA_TO_ONE);
   cov_expect("alpha to one disabled: alpha", cov_draw(fbo, p, V4(1, 1, 1, 0.25f), 3, false), 64,
              0);

   /* Sample coverage. */
   glEnable(GL_SAMPLE_COVERAGE);
   gl.SampleCoverage(0.0f, GL_FALSE);
   cov_expect("glSampleCoverage(0, FALSE)", cov_draw(fbo, p, white, 0, false), 0, 0);
   gl.SampleCoverage(1.0f, GL_FALSE);
   cov_expect("glSampleCoverage(1, FALSE)", cov_draw(fbo, p, white, 0, false), 255, 0);
   gl.SampleCoverage(1.0f, GL_TRUE);
   cov_expect("glSampleCoverage(1, TRUE)", cov_draw(fbo, p, white, 0, false), 0, 0);
   gl.SampleCoverage(0.0f, GL_TRUE);
   cov_expect("glSampleCoverage(0, TRUE)", cov_draw(fbo, p, white, 0, false), 255, 0);
   /* value 0.5 writes red, 0.5 inverted then green: each sample gets exactly one of them */
   gl.SampleCoverage(0.5f, GL_FALSE);
   const chan_stats half_r = cov_draw(fbo, p, V4(1, 0, 0, 1), 0, false);
   gl.SampleCoverage(0.5f, GL_TRUE);
   cov_draw(fbo, p, V4(0, 1, 0, 1), 0, true);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const rgba8 c = pixel_at(x, y);
         if (abs(c.c[0] + c.c[1] - 255) > 1 || c.c[3] != 255) {
            fail("glSampleCoverage(0.5) then (0.5, inverted): pixel (%d,%d) = %d,%d,%d,%d "
                 "(GL: the inverted mask writes exactly the other samples)",
                 x, y, c.c[0], c.c[1], c.c[2], c.c[3]);
            y = H;
            break;
         }
      }
   printf("  glSampleCoverage(0.5, FALSE): resolved red %d..%d\n", half_r.min, half_r.max);
   gl.SampleCoverage(1.0f, GL_FALSE);
   glDisable(GL_SAMPLE_COVERAGE);

   /* Sample mask. */
   glEnable(GL_SAMPLE_MASK);
   if (!glIsEnabled(GL_SAMPLE_MASK))
      fail("glIsEnabled(GL_SAMPLE_MASK) after glEnable");
   gl.SampleMaski(0, 0);
   cov_expect("glSampleMaski(0, 0)", cov_draw(fbo, p, white, 0, false), 0, 0);
   gl.SampleMaski(0, 0x1);
   cov_expect("glSampleMaski(0, 1): a quarter", cov_draw(fbo, p, white, 0, false), 64, 1);
   gl.SampleMaski(0, 0x8);
   cov_expect("glSampleMaski(0, 8): a quarter", cov_draw(fbo, p, white, 0, false), 64, 1);
   gl.SampleMaski(0, 0x5);
   cov_draw(fbo, p, V4(1, 0, 0, 1), 0, false);
   gl.SampleMaski(0, 0xA);
   cov_expect("mask 0x5 red then 0xA green: green", cov_draw(fbo, p, V4(0, 1, 0, 1), 1, true), 128,
              1);
   cov_expect("mask 0x5 red then 0xA green: red",
              (chan_stats){pixel_at(0, 0).c[0], pixel_at(W - 1, H - 1).c[0], 0}, 128, 1);
   gl.GetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &mv);
   if (mv != 0xA)
      fail("GL_SAMPLE_MASK_VALUE = 0x%x after glSampleMaski(0, 0xA)", (unsigned)mv);
   gl.SampleMaski(0, 0);

   /* GL_MULTISAMPLE off: every operation above is ignored (mask 0, coverage 0, alpha 0). */
   glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
   glEnable(GL_SAMPLE_COVERAGE);
   gl.SampleCoverage(0.0f, GL_FALSE);
   glDisable(GL_MULTISAMPLE);
   cov_expect("GL_MULTISAMPLE off: mask 0, coverage 0, alpha 0 ignored",
              cov_draw(fbo, p, V4(1, 1, 1, 0), 0, false), 255, 0);
   glEnable(GL_MULTISAMPLE);
   cov_expect("GL_MULTISAMPLE on again: nothing written",
              cov_draw(fbo, p, V4(1, 1, 1, 0), 0, false), 0, 0);
   /* The single-sample default framebuffer: SAMPLE_BUFFERS is 0, so they are ignored too. */
   cov_expect("default framebuffer (no sample buffers)", cov_draw(0, p, V4(1, 1, 1, 0), 0, false),
              255, 0);
   glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);
   glDisable(GL_SAMPLE_COVERAGE);
   glDisable(GL_SAMPLE_MASK);
   gl.SampleCoverage(1.0f, GL_FALSE);
   gl.SampleMaski(0, ~0u);
   check_gl_error("end");
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
}

/* polygon_line: glPolygonMode(GL_FRONT_AND_BACK, GL_LINE) on the two triangles of a rectangle
 * whose corners sit on pixel centres, (16.5, 16.5) to (48.5, 48.5). GL 3.3 §3.6.4 draws each
 * edge as a line segment (§3.5: a pixel is drawn when the segment exits its diamond): the
 * horizontal edge y = 16.5 runs through the centres of row 16, so its pixels 17..47 (away from
 * the ends) are drawn and rows 15 and 17 beside them are not; the same for the other three
 * edges and the shared diagonal; pixels of the interior off the diagonal stay clear. Also
 * glLineWidth's errors for widths <= 0, GL_LINE_WIDTH, and the line width ranges: width 1 is in
 * both, and a horizontal line of width 3 covers exactly three rows where
 * ALIASED_LINE_WIDTH_RANGE reaches 3 (§3.5.2: a column of w pixels for an x-major line), one
 * where the range is 1..1 (the width is clamped to it; gate.line_width runs both paths). */
void
sc_polygon_line(void)
{
   GLuint p = solid_program();
   float r[12];
   rect_vertices(r, 16.5f, 16.5f, 48.5f, 48.5f);
   mesh m = make_mesh(r, 6);
   /* fg keeps to the file's rule (multiples of 0.2): 0.5 * 255 = 127.5 is a tie that GL 3.3
    * §2.1.6 leaves to the implementation (the NVIDIA driver writes 127, Mesa 128) */
   const vec4f bg = V4(0, 0, 0, 1), fg = V4(1, 0.6f, 0, 1);
   const rgba8 b8 = to8(bg), f8 = to8(fg);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   clear_to(bg);
   set_vec4(p, "u_color", fg);
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   GLint pm[2] = {0, 0};
   glGetIntegerv(GL_POLYGON_MODE, pm);
   if (pm[0] != GL_LINE)
      fail("GL_POLYGON_MODE = 0x%x after glPolygonMode(GL_LINE)", (unsigned)pm[0]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   check_gl_error("GL_LINE draw");
   readback();
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const rgba8 got = pixel_at(x, y);
         bool want_fg = false, want_bg = false;
         const bool mid_x = x >= 18 && x <= 46, mid_y = y >= 18 && y <= 46;
         if ((mid_x && (y == 16 || y == 48)) || (mid_y && (x == 16 || x == 48)) ||
             (mid_x && x == y))
            want_fg = true; /* the middle of an edge or of the diagonal */
         else if (x < 14 || x > 50 || y < 14 || y > 50)
            want_bg = true; /* well outside */
         else if ((mid_x && (y == 15 || y == 17 || y == 47 || y == 49)) ||
                  (mid_y && (x == 15 || x == 17 || x == 47 || x == 49)))
            want_bg = x != y && abs(x - y) > 1; /* beside an edge, away from the diagonal */
         else if (x > 18 && x < 46 && y > 18 && y < 46 && abs(x - y) > 1)
            want_bg = true; /* the interior off the diagonal */
         if ((want_fg && !rgba_eq(got, f8)) || (want_bg && !rgba_eq(got, b8))) {
            if (bad++ < 5)
               fail("GL_LINE rectangle: pixel (%d,%d) = %d,%d,%d,%d, expected the %s", x, y,
                    got.c[0], got.c[1], got.c[2], got.c[3],
                    want_fg ? "line colour" : "clear colour");
         }
      }
   if (bad > 5)
      fail("GL_LINE rectangle: %d wrong pixels in all", bad);

   /* glLineWidth */
   GLfloat lw = 0, ar[2] = {0, 0}, sr[2] = {0, 0};
   glGetFloatv(GL_LINE_WIDTH, &lw);
   if (lw != 1.0f)
      fail("initial GL_LINE_WIDTH = %g", lw);
   glLineWidth(0.0f);
   expect_gl_error(GL_INVALID_VALUE, "glLineWidth(0)");
   glLineWidth(-1.0f);
   expect_gl_error(GL_INVALID_VALUE, "glLineWidth(-1)");
   glGetFloatv(GL_LINE_WIDTH, &lw);
   if (lw != 1.0f)
      fail("GL_LINE_WIDTH = %g after refused widths (GL: unchanged, 1)", lw);
   glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, ar);
   glGetFloatv(GL_SMOOTH_LINE_WIDTH_RANGE, sr);
   check_gl_error("line width ranges");
   printf("  ALIASED_LINE_WIDTH_RANGE %g..%g, SMOOTH_LINE_WIDTH_RANGE %g..%g\n", ar[0], ar[1],
          sr[0], sr[1]);
   if (!(ar[0] <= 1.0f && ar[1] >= 1.0f && sr[0] <= 1.0f && sr[1] >= 1.0f && ar[0] > 0 &&
         sr[0] > 0))
      fail("line width ranges do not hold width 1 (GL 3.3 table 6.50: at least 1..1)");
   const float line[4] = {8.5f, 56.5f, 56.5f, 56.5f};
   gl.BindBuffer(GL_ARRAY_BUFFER, m.vbo);
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof line, line);
   /* GL 3.3 §3.5.2: the width is rounded and clamped to the aliased maximum, so where that is
    * below 3 the line of width 3 is drawn as wide as the maximum (1 or 2 rows) */
   const int drawn3 = ar[1] >= 3.0f ? 3 : ar[1] >= 2.0f ? 2 : 1;
   for (int wide = 0; wide <= 1; wide++) {
      glLineWidth(wide ? 3.0f : 1.0f);
      check_gl_error("glLineWidth");
      glGetFloatv(GL_LINE_WIDTH, &lw);
      if (lw != (wide ? 3.0f : 1.0f))
         fail("GL_LINE_WIDTH = %g after glLineWidth(%d) (GL: the value set, unclamped)", lw,
              wide ? 3 : 1);
      clear_to(bg);
      glDrawArrays(GL_LINES, 0, 2);
      glLineWidth(1.0f);
      readback();
      for (int y = 52; y < 61; y++) {
         const int rows = wide ? drawn3 : 1;
         const bool in = rows == 1 ? y == 56 : rows == 3 ? (y >= 55 && y <= 57) : y == 56;
         if (rows == 2 && (y == 55 || y == 57))
            continue; /* a 2-wide line centred on row 56's centres takes one of them */
         for (int x = 12; x < 52; x += 13)
            if (!rgba_eq(pixel_at(x, y), in ? f8 : b8))
               fail("width %d (drawn as %d) horizontal line at y 56.5: pixel (%d,%d) should be %s",
                    wide ? 3 : 1, wide ? drawn3 : 1, x, y, in ? "drawn" : "clear");
      }
   }
   check_gl_error("end");
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* int_attrib_defaults: the current values of generic attributes whose arrays are disabled,
 * set by glVertexAttribI4i, glVertexAttribI4iv and glVertexAttribI4ui and read by ivec4 /
 * uvec4 inputs (GL 3.3 §2.7: kept as integers). Every value lies beyond 2^24, so a path
 * through float would change it; the vertex shader compares each component with the value
 * set and writes 1 per component that matches. Also glGetVertexAttribIiv/Iuiv of
 * GL_CURRENT_VERTEX_ATTRIB and the INVALID_VALUE of an index past GL_MAX_VERTEX_ATTRIBS. */
void
sc_int_attrib_defaults(void)
{
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "layout(location = 1) in ivec4 a_i;\n"
                    "layout(location = 2) in uvec4 a_u;\n"
                    "uniform int u_case;\n"
                    "flat out vec4 v_c;\n"
                    "void main() {\n"
                    "  const ivec4 i0 = ivec4(16777217, -16777219, 2147483647, -2147483647);\n"
                    "  const ivec4 i1 = ivec4(33554435, -1, 123456789, -2000000001);\n"
                    "  const uvec4 u0 = uvec4(4294967295u, 16777217u, 2147483649u, 7u);\n"
                    "  if (u_case == 2) v_c = vec4(equal(a_u, u0));\n"
                    "  else v_c = vec4(equal(a_i, u_case == 0 ? i0 : i1));\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "#version 330 core\n"
                    "flat in vec4 v_c;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = v_c; }\n";
   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   float r[12];
   rect_vertices(r, 0, 0, W, H);
   mesh m = make_mesh(r, 6);
   const GLint i1[4] = {33554435, -1, 123456789, -2000000001};
   const GLuint u0[4] = {4294967295u, 16777217u, 2147483649u, 7u};
   for (int k = 0; k < 3; k++) {
      if (k == 0)
         gl.VertexAttribI4i(1, 16777217, -16777219, 2147483647, -2147483647);
      else if (k == 1)
         gl.VertexAttribI4iv(1, i1);
      else
         gl.VertexAttribI4ui(2, u0[0], u0[1], u0[2], u0[3]);
      check_gl_error("glVertexAttribI4*");
      gl.Uniform1i(uloc(p, "u_case"), k);
      clear_to(V4(0.5f, 0.5f, 0.5f, 0.5f));
      glDrawArrays(GL_TRIANGLES, 0, 6);
      readback();
      const rgba8 got = pixel_at(W / 2, H / 2);
      static const char *what[3] = {"glVertexAttribI4i", "glVertexAttribI4iv",
                                    "glVertexAttribI4ui"};
      if (got.c[0] != 255 || got.c[1] != 255 || got.c[2] != 255 || got.c[3] != 255)
         fail("%s: the shader saw components match %d %d %d %d (255 = the value set)", what[k],
              got.c[0], got.c[1], got.c[2], got.c[3]);
   }
   GLint gi[4] = {0, 0, 0, 0};
   GLuint gu[4] = {0, 0, 0, 0};
   gl.GetVertexAttribIiv(1, GL_CURRENT_VERTEX_ATTRIB, gi);
   gl.GetVertexAttribIuiv(2, GL_CURRENT_VERTEX_ATTRIB, gu);
   check_gl_error("glGetVertexAttribI*v(GL_CURRENT_VERTEX_ATTRIB)");
   if (memcmp(gi, i1, sizeof gi))
      fail("glGetVertexAttribIiv(1, CURRENT_VERTEX_ATTRIB) = %d %d %d %d", gi[0], gi[1], gi[2],
           gi[3]);
   if (memcmp(gu, u0, sizeof gu))
      fail("glGetVertexAttribIuiv(2, CURRENT_VERTEX_ATTRIB) = %u %u %u %u", gu[0], gu[1], gu[2],
           gu[3]);
   GLint max_attribs = 0;
   glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs);
   gl.VertexAttribI4i((GLuint)max_attribs, 1, 2, 3, 4);
   expect_gl_error(GL_INVALID_VALUE, "glVertexAttribI4i(GL_MAX_VERTEX_ATTRIBS, ...)");
   gl.GetVertexAttribIiv((GLuint)max_attribs, GL_CURRENT_VERTEX_ATTRIB, gi);
   expect_gl_error(GL_INVALID_VALUE, "glGetVertexAttribIiv(GL_MAX_VERTEX_ATTRIBS, ...)");
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteProgram(p);
}

/* snorm_attribs: GL_BYTE, GL_SHORT and GL_INT_2_10_10_10_REV attributes with normalized TRUE, captured by transform
 * feedback as the floats the vertex shader received. GL 3.3 §2.1.2 converts a signed
 * c of b bits to (2c + 1) / (2^b - 1); GL 4.2 and later, and Vulkan's SNORM formats, to
 * max(c / (2^(b-1) - 1), -1), where 0 stays 0 and -128 and -127 both give -1. Every value
 * captured must follow one rule or the other, the same for all of them; mgl follows the later
 * rule (docs/COVERAGE.md says why), and so does llvmpipe. */
void
sc_snorm_attribs(void)
{
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec4 a_b;\n"
                    "layout(location = 1) in vec4 a_s;\n"
                    "layout(location = 2) in vec4 a_p;\n"
                    "out vec4 v_b;\n"
                    "out vec4 v_s;\n"
                    "out vec4 v_p;\n"
                    "void main() {\n"
                    "  v_b = a_b;\n"
                    "  v_s = a_s;\n"
                    "  v_p = a_p;\n"
                    "  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"
                    "}\n";
   GLuint vsh = compile(GL_VERTEX_SHADER, vs);
   GLuint fsh = compile(GL_FRAGMENT_SHADER, FS_UNIFORM);
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, vsh);
   gl.AttachShader(p, fsh);
   const char *names[3] = {"v_b", "v_s", "v_p"};
   gl.TransformFeedbackVaryings(p, 3, names, GL_INTERLEAVED_ATTRIBS);
   gl.LinkProgram(p);
   gl.DeleteShader(vsh);
   gl.DeleteShader(fsh);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok)
      die_setup("snorm capture program failed to link");
   enum { NV = 2, NC = 12 };
   const int8_t bytes[NV * 4] = {-128, -127, 0, 127, 64, -64, 1, -1};
   const int16_t shorts[NV * 4] = {-32768, -32767, 0, 32767, 16384, -16384, 1, -1};
   /* GL_INT_2_10_10_10_REV: x, y, z of 10 bits, w of 2 */
   const int packed[NV * 4] = {-512, -511, 0, -2, 511, 1, -1, 0};
   uint32_t words[NV];
   for (int v = 0; v < NV; v++) {
      const int *c = &packed[v * 4];
      words[v] = ((uint32_t)c[0] & 0x3ffu) | (((uint32_t)c[1] & 0x3ffu) << 10) |
                 (((uint32_t)c[2] & 0x3ffu) << 20) | (((uint32_t)c[3] & 0x3u) << 30);
   }
   GLuint vao, vb[3];
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(3, vb);
   gl.BindBuffer(GL_ARRAY_BUFFER, vb[0]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof bytes, bytes, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 4, GL_BYTE, GL_TRUE, 4, (void *)0);
   gl.BindBuffer(GL_ARRAY_BUFFER, vb[1]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof shorts, shorts, GL_STATIC_DRAW);
   gl.VertexAttribPointer(1, 4, GL_SHORT, GL_TRUE, 8, (void *)0);
   gl.BindBuffer(GL_ARRAY_BUFFER, vb[2]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof words, words, GL_STATIC_DRAW);
   gl.VertexAttribPointer(2, 4, GL_INT_2_10_10_10_REV, GL_TRUE, 4, (void *)0);
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);
   gl.EnableVertexAttribArray(2);
   GLuint b = xfb_buffer(NV * NC * 4);
   gl.UseProgram(p);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   glEnable(GL_RASTERIZER_DISCARD);
   gl.BeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, NV);
   gl.EndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   check_gl_error("capture of the normalized attributes");
   float got[NV * NC];
   read_buffer(b, 0, sizeof got, got);
   int match_old = 0, match_new = 0;
   for (int v = 0; v < NV; v++)
      for (int k = 0; k < NC; k++) {
         const int bits = k < 4 ? 8 : k < 8 ? 16 : k < 11 ? 10 : 2;
         const double c = k < 4   ? bytes[v * 4 + k]
                          : k < 8 ? shorts[v * 4 + k - 4]
                                  : packed[v * 4 + k - 8];
         const double scale = (double)((1 << (bits - 1)) - 1);
         double nw = c / scale;
         nw = nw < -1.0 ? -1.0 : nw;
         const double od = (2.0 * c + 1.0) / (double)((1 << bits) - 1);
         const double g = got[v * NC + k];
         const bool is_new = fabs(g - nw) <= 2e-6, is_old = fabs(g - od) <= 2e-6;
         match_new += is_new;
         match_old += is_old;
         if (!is_new && !is_old)
            fail("%s %d normalized = %.9g: neither GL 4.2's %.9g nor GL 3.3's %.9g",
                 k < 4   ? "GL_BYTE"
                 : k < 8 ? "GL_SHORT"
                         : "GL_INT_2_10_10_10_REV component",
                 (int)c, g, nw, od);
      }
   const char *rule = match_new == NV * NC   ? "GL 4.2 / Vulkan: max(c / (2^(b-1) - 1), -1)"
                      : match_old == NV * NC ? "GL 3.3: (2c + 1) / (2^b - 1)"
                                             : NULL;
   printf("  signed normalized attributes follow %s\n", rule ? rule : "no single rule");
   if (!rule)
      fail("signed normalized attributes: %d of %d values follow GL 4.2's rule, %d GL 3.3's; "
           "GL allows one rule, not a mix",
           match_new, NV * NC, match_old);
   else if (on_mgl() && match_new != NV * NC)
      fail("mgl converts signed normalized attributes by GL 3.3's rule; its decision "
           "(docs/COVERAGE.md) is GL 4.2's");
   gl.DeleteBuffers(3, vb);
   gl.DeleteBuffers(1, &b);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(p);
}

/* line_smooth: GL_LINE_SMOOTH lines (GL 3.3 §3.5.2, "Antialiasing"). GL leaves the exact
 * coverage to the implementation, so this asserts what it guarantees: each fragment's coverage
 * goes into its alpha (§3.5.2, §3.10: blending off, alpha = coverage), a pixel whose centre a
 * line of width 1 runs through is drawn with alpha near 1, pixels farther than width / 2 + 1
 * from the segment are untouched, and a slanted line has partly covered pixels (its rectangle
 * crosses pixels partly; an aliased line has none). Into a multisampled framebuffer with
 * GL_MULTISAMPLE on GL ignores GL_LINE_SMOOTH (§3.5.4): the line is drawn with multisample
 * coverage, alpha untouched, as a rectangle with square ends: each end pixel keeps the samples
 * inside it (llvmpipe covers the diamond-exit pixels fully instead; on_mesa-expect.txt). Before,
 * mgl dropped every such draw by name. */
static float
seg_dist(float px, float py, const float *s)
{
   const float dx = s[2] - s[0], dy = s[3] - s[1];
   float t = ((px - s[0]) * dx + (py - s[1]) * dy) / (dx * dx + dy * dy);
   t = t < 0 ? 0 : t > 1 ? 1 : t;
   const float ex = s[0] + t * dx - px, ey = s[1] + t * dy - py;
   return sqrtf(ex * ex + ey * ey);
}

void
sc_line_smooth(void)
{
   GLuint p = solid_program();
   /* a horizontal line through the centres of row 20, and a slanted one */
   const float lines[8] = {8.5f, 20.5f, 56.5f, 20.5f, 6.0f, 34.0f, 58.0f, 47.0f};
   mesh m = make_mesh(lines, 4);
   const vec4f fg = V4(1, 0.6f, 0, 1);
   const rgba8 f8 = to8(fg);
   if (glIsEnabled(GL_LINE_SMOOTH))
      fail("GL_LINE_SMOOTH is enabled initially");
   glEnable(GL_LINE_SMOOTH);
   if (!glIsEnabled(GL_LINE_SMOOTH))
      fail("glIsEnabled(GL_LINE_SMOOTH) is false after glEnable");
   GLint hint = 0;
   glGetIntegerv(GL_LINE_SMOOTH_HINT, &hint);
   if (hint != GL_DONT_CARE)
      fail("GL_LINE_SMOOTH_HINT = 0x%x (GL: GL_DONT_CARE initially)", (unsigned)hint);
   glHint(GL_LINE_SMOOTH_HINT, GL_NICEST);
   check_gl_error("GL_LINE_SMOOTH state");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   clear_to(V4(0, 0, 0, 0));
   set_vec4(p, "u_color", fg);
   glDrawArrays(GL_LINES, 0, 4);
   check_gl_error("smooth lines");
   readback();
   int bad = 0, partial = 0, min_centre = 255;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const rgba8 got = pixel_at(x, y);
         const float cx = x + 0.5f, cy = y + 0.5f;
         const float d = fminf(seg_dist(cx, cy, lines), seg_dist(cx, cy, lines + 4));
         const bool touched = got.c[3] != 0;
         if (touched && (got.c[0] != f8.c[0] || got.c[1] != f8.c[1] || got.c[2] != f8.c[2])) {
            if (bad++ < 5)
               fail(
                  "smooth lines: pixel (%d,%d) = %d,%d,%d,%d: not the line's colour (blending off: "
                  "coverage goes to alpha only)",
                  x, y, got.c[0], got.c[1], got.c[2], got.c[3]);
         }
         if (d > 1.5f && touched) {
            if (bad++ < 5)
               fail("smooth lines: pixel (%d,%d) = %d,%d,%d,%d, %.2f from the nearest line (GL: "
                    "untouched beyond width / 2 + 1)",
                    x, y, got.c[0], got.c[1], got.c[2], got.c[3], d);
         }
         if (y == 20 && x >= 12 && x <= 52) {
            if (got.c[3] < min_centre)
               min_centre = got.c[3];
            if (got.c[3] < 230 && bad++ < 5)
               fail("smooth lines: pixel (%d,%d) on the horizontal line's centre has alpha %d "
                    "(GL: coverage near 1)",
                    x, y, got.c[3]);
         }
         if (x >= 12 && x <= 52 && seg_dist(cx, cy, lines + 4) < 2.0f && got.c[3] > 0 &&
             got.c[3] < 255)
            partial++;
      }
   printf("  smooth lines: least centre alpha %d, %d partly covered pixels along the slanted "
          "line\n",
          min_centre, partial);
   if (partial < 20)
      fail("smooth lines: only %d partly covered pixels (0 < alpha < 255) along the slanted line "
           "near pixel (32,40): drawn aliased?",
           partial);

   /* multisampled, GL_MULTISAMPLE on: GL_LINE_SMOOTH is ignored */
   GLuint rb, fbo;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("multisampled FBO incomplete");
   clear_to(V4(0, 0, 0, 0));
   glDrawArrays(GL_LINES, 0, 2);
   /* A multisample line is a rectangle of the line's width with square ends (§3.5.4), here
    * x 8.5..56.5, y 20..21: pixel 8 has the samples right of its centre, pixel 56 those left of
    * it (by the framebuffer's GL_SAMPLE_POSITIONs), not the diamond-exit pixels of §3.5.1. */
   int end_cov[2] = {0, 0}, on_edge = 0;
   for (GLuint i = 0; i < 4; i++) {
      GLfloat pos[2] = {0.5f, 0.5f};
      gl.GetMultisamplefv(GL_SAMPLE_POSITION, i, pos);
      end_cov[0] += pos[0] > 0.5f, end_cov[1] += pos[0] < 0.5f, on_edge += pos[0] == 0.5f;
   }
   check_gl_error("GL_SAMPLE_POSITION of the 4-sample framebuffer");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("smooth line into a 4-sample framebuffer, resolved");
   readback();
   for (int x = 12; x <= 52; x += 4) {
      if (!rgba_eq(pixel_at(x, 20), f8))
         fail("4 samples, GL_MULTISAMPLE on: pixel (%d,20) = %d,%d,%d,%d, expected the line's "
              "colour with alpha 255 (GL ignores GL_LINE_SMOOTH there)",
              x, pixel_at(x, 20).c[0], pixel_at(x, 20).c[1], pixel_at(x, 20).c[2],
              pixel_at(x, 20).c[3]);
      for (int y = 16; y <= 24; y += 8)
         if (pixel_at(x, y).c[3] != 0)
            fail("4 samples, GL_MULTISAMPLE on: pixel (%d,%d) touched, 4 rows from the line", x, y);
   }
   for (int e = 0; e < 2 && !on_edge; e++) {
      const int x = e ? 56 : 8, want_a = (255 * end_cov[e] + 2) / 4;
      const rgba8 got = pixel_at(x, 20);
      if (abs(got.c[3] - want_a) > 1 || abs(got.c[0] - (f8.c[0] * end_cov[e] + 2) / 4) > 1)
         fail("4 samples, GL_MULTISAMPLE on: the line's %s end, pixel (%d,20) = %d,%d,%d,%d, "
              "expected %d of 4 samples covered (alpha %d: the rectangle of GL 3.3 §3.5.4 ends at "
              "x = %.1f)",
              e ? "right" : "left", x, got.c[0], got.c[1], got.c[2], got.c[3], end_cov[e], want_a,
              e ? 56.5 : 8.5);
   }
   glDisable(GL_LINE_SMOOTH);
   glHint(GL_LINE_SMOOTH_HINT, GL_DONT_CARE);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* loop_gpu_indices: GL_LINE_LOOP and restart index 99 from element buffers the client holds no
 * copy of, so the client's index rewrite must read them back from the server (the counted
 * slow path, decline index-rewrite-readback; gate.loop_rewrite checks the count).
 * Left: a 4-byte index buffer written by the GPU only (glCopyBufferSubData from a 2 MiB buffer,
 * larger than the client copies): one rectangle loop. Right: the 2 MiB buffer itself as the
 * element buffer, GL_UNSIGNED_INT {4,5,6,7,99,8,9,10,11} at its start with restart index 99:
 * two loops, nothing between. */
void
sc_loop_gpu_indices(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = solid_program();
   const rgba8 bg8 = to8(bg);
   const float verts[] = {4.5f,  4.5f, 20.5f, 4.5f, 20.5f, 28.5f, 4.5f,  28.5f,
                          26.5f, 4.5f, 38.5f, 4.5f, 38.5f, 28.5f, 26.5f, 28.5f,
                          46.5f, 4.5f, 58.5f, 4.5f, 58.5f, 28.5f, 46.5f, 28.5f};
   GLuint vao, vbo, big, ebo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof verts, verts, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.EnableVertexAttribArray(0);

   const size_t big_size = 2u << 20;
   GLuint *big_data = calloc(1, big_size);
   if (!big_data) {
      fail("out of memory");
      return;
   }
   const GLuint lidx[] = {4, 5, 6, 7, 99, 8, 9, 10, 11};
   memcpy(big_data, lidx, sizeof lidx);
   const GLushort one_loop[] = {0, 1, 2, 3};
   memcpy(big_data + 64, one_loop, sizeof one_loop);
   gl.GenBuffers(1, &big);
   gl.BindBuffer(GL_COPY_READ_BUFFER, big);
   gl.BufferData(GL_COPY_READ_BUFFER, (GLsizeiptr)big_size, big_data, GL_STATIC_DRAW);
   free(big_data);

   /* left: the GPU writes the indices into a buffer the client then has no copy of */
   gl.GenBuffers(1, &ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
   const GLushort zeros[4] = {0};
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof zeros, zeros, GL_STATIC_DRAW);
   gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_ELEMENT_ARRAY_BUFFER, 64 * sizeof(GLuint), 0,
                        sizeof one_loop);
   const vec4f yellow = V4(1.0f, 1.0f, 0.0f, 1.0f);
   set_vec4(p, "u_color", yellow);
   glDrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_SHORT, (void *)0);
   check_gl_error("glDrawElements(GL_LINE_LOOP) from a GPU-written index buffer");

   /* right: restart index 99 in the large buffer */
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, big);
   glEnable(GL_PRIMITIVE_RESTART);
   gl.PrimitiveRestartIndex(99);
   const vec4f cyan = V4(0.0f, 1.0f, 1.0f, 1.0f);
   set_vec4(p, "u_color", cyan);
   glDrawElements(GL_LINE_LOOP, 9, GL_UNSIGNED_INT, (void *)0);
   glDisable(GL_PRIMITIVE_RESTART);
   check_gl_error("glDrawElements(GL_LINE_LOOP) with restart index 99 from a 2 MiB buffer");

   readback();
   const int before = g_failures;
   expect_outline("GPU-written loop", 4, 4, 20, 28, to8(yellow), bg8);
   expect_outline("large-buffer loop A (restart)", 26, 4, 38, 28, to8(cyan), bg8);
   expect_outline("large-buffer loop B (restart)", 46, 4, 58, 28, to8(cyan), bg8);
   for (int y = 6; y < 27; y++)
      for (int x = 40; x < 45; x++)
         expect_px("between the loops (restart)", x, y, bg8);
   printf("  loops from GPU-held indices: %d wrong pixels\n", g_failures - before);
}

/* line_diamond_exit: aliased lines (no GL_LINE_SMOOTH, single-sampled) follow GL 3.3 §3.5.1's
 * diamond-exit rule: an x-major line lights exactly one pixel in each column it crosses (a
 * y-major one, one in each row), the one whose diamond the line leaves, so a line whose ends lie
 * inside their pixels' diamonds lights its first pixel and not its last. Vulkan's default line
 * rasterization may draw the line's 1-pixel-wide rectangle instead (lavapipe does), which takes
 * the pixels whose centres it covers: one pixel further at both ends, what glmark2-es2's "ideas"
 * title showed (28 px off llvmpipe). mgl asks for VK_EXT_line_rasterization's Bresenham mode,
 * which is GL's rule. */
static void
check_one_per_line(const char *what, const float *s, bool x_major)
{
   readback();
   const int lo = (int)(x_major ? s[0] : s[1]), hi = (int)(x_major ? s[2] : s[3]);
   int bad = 0, lit_all = 0;
   for (int i = 0; i < (x_major ? W : H); i++) {
      int lit = 0, at = -1;
      for (int j = 0; j < (x_major ? H : W); j++) {
         const rgba8 got = x_major ? pixel_at(i, j) : pixel_at(j, i);
         if (got.c[3] != 0) {
            lit++;
            at = j;
         }
      }
      lit_all += lit;
      /* the line's minor coordinate where it crosses this column's (row's) centre */
      const float t = (i + 0.5f - (x_major ? s[0] : s[1])) / (x_major ? s[2] - s[0] : s[3] - s[1]);
      const float minor = x_major ? s[1] + t * (s[3] - s[1]) : s[0] + t * (s[2] - s[0]);
      const bool inside = i > lo && i < hi; /* away from the end pixels */
      if (lit > 1 || (inside && lit != 1) || (!inside && (i < lo || i > hi) && lit != 0) ||
          (lit == 1 && fabsf(at + 0.5f - minor) > 1.0f)) {
         if (bad++ < 5)
            fail("%s: %s %d has %d lit pixels%s%d (the line crosses its centre at %.2f; GL's "
                 "diamond-exit rule: exactly one, beside the line)",
                 what, x_major ? "column" : "row", i, lit, lit ? ", the last at " : "", at, minor);
      }
   }
   if (bad > 5)
      fail("%s: %d wrong %s in all", what, bad, x_major ? "columns" : "rows");
   printf("  %s: %d pixels lit, one per %s\n", what, lit_all, x_major ? "column" : "row");
}

/* Exactly pixels [x0, x1] of row y lit, nothing else. */
static void
check_row_span(const char *what, int y, int x0, int x1)
{
   readback();
   int bad = 0;
   for (int j = 0; j < H; j++)
      for (int i = 0; i < W; i++) {
         const bool want = j == y && i >= x0 && i <= x1;
         const rgba8 got = pixel_at(i, j);
         if ((got.c[3] != 0) != want && bad++ < 5)
            fail("%s: pixel (%d,%d) is %s (GL's diamond-exit rule: pixels %d..%d of row %d)", what,
                 i, j, want ? "unlit" : "lit", x0, x1, y);
      }
   if (bad > 5)
      fail("%s: %d wrong pixels in all", what, bad);
}

void
sc_line_diamond_exit(void)
{
   GLuint p = solid_program();
   /* slope 1/2 and 2, endpoints off pixel centres and diamond edges */
   const float lines[8] = {4.3f, 10.2f, 60.3f, 38.2f, 10.2f, 4.3f, 38.2f, 60.3f};
   mesh m = make_mesh(lines, 4);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   set_vec4(p, "u_color", V4(1, 0.6f, 0, 1));
   clear_to(V4(0, 0, 0, 0));
   glDrawArrays(GL_LINES, 0, 2);
   check_gl_error("x-major line");
   check_one_per_line("x-major GL_LINES", lines, true);
   clear_to(V4(0, 0, 0, 0));
   glDrawArrays(GL_LINE_STRIP, 2, 2);
   check_gl_error("y-major line strip");
   check_one_per_line("y-major GL_LINE_STRIP", lines + 4, false);

   /* The ends: each lies past the centre of its pixel, inside the pixel's diamond. The first
    * pixel is lit (the line leaves its diamond), the last is not (the line ends inside it): 8..55.
    * The line's rectangle would cover the centres 9.5..56.5 instead: 9..56. */
   const float ends[4] = {8.7f, 20.4f, 56.7f, 20.4f};
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof ends, ends);
   clear_to(V4(0, 0, 0, 0));
   glDrawArrays(GL_LINES, 0, 2);
   check_gl_error("horizontal line");
   check_row_span("GL_LINES from (8.7,20.4) to (56.7,20.4)", 20, 8, 55);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
}

/* clip_distance: a program writes gl_ClipDistance[0], [1] and [3], [1] negative everywhere;
 * with GL_CLIP_DISTANCE0 and GL_CLIP_DISTANCE3 enabled a rectangle is cut to x in [16, 48) and
 * distance 1, not enabled, cuts nothing (GL 3.3 §2.20); with GL_CLIP_DISTANCE0 then disabled
 * too, the next draw keeps x < 48. A host that enables none of them (the GLES backend before
 * its switch table named them) clips by every distance written, so nothing is drawn; a backend
 * that clips by every distance written (the Vulkan backend before spv_clip_enables.c) draws
 * nothing either. */
void
sc_clip_distance(void)
{
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() {\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "  gl_ClipDistance[0] = a_pos.x - 16.0;\n"
                    "  gl_ClipDistance[1] = -1.0;\n"
                    "  gl_ClipDistance[3] = 48.0 - a_pos.x;\n"
                    "}\n";
   const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f), col = V4(0.8f, 0.4f, 0.2f, 1.0f);
   GLuint p = link_program(vs, FS_UNIFORM);
   gl.UseProgram(p);
   set_vec4(p, "u_color", col);
   float bottom[12], top[12];
   rect_vertices(bottom, 0, 0, 64, 32);
   rect_vertices(top, 0, 32, 64, 64);
   mesh mb = make_mesh(bottom, 6), mt = make_mesh(top, 6);
   clear_to(bg);
   glEnable(GL_CLIP_DISTANCE0);
   glEnable(GL_CLIP_DISTANCE3);
   gl.BindVertexArray(mb.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_CLIP_DISTANCE0);
   gl.BindVertexArray(mt.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_CLIP_DISTANCE3);
   check_gl_error("clip distances");
   model m;
   model_init(&m, bg);
   model_rect(&m, 16, 0, 48, 32, to8(col));
   model_rect(&m, 0, 32, 48, 64, to8(col));
   check_frame("clip_distance", &m);
}

/* draw_marks: pairs of draws with one state change between them and nothing else (no clear, no
 * read, no upload), one change per 4-pixel column, each visible in pixels: a backend that skips
 * re-applying state a call did not change (the GLES backend's change marks) draws the second of
 * a pair with the first's state if the call's mark is missing. Columns: 0 viewport, 1 blending,
 * 2 a uniform, 3 the program, 4 a uniform buffer binding, 5 a texture binding, 6 a vertex
 * buffer, 7 a current attribute value, 8 a vertex stride, 9 the framebuffer, 10 the scissor
 * switch, 11 the stencil reference alone, 12 two draws with nothing between, 13 a vertex array
 * switch alone, from one where attribute 1 has an array to one where it reads its current
 * value, 14 two indexed draws with nothing between (their indices from the buffer's third). */
void
sc_draw_marks(void)
{
   static const char *vs_color = "#version 330 core\n"
                                 "layout(location = 0) in vec2 a_pos;\n"
                                 "layout(location = 1) in vec4 a_color;\n"
                                 "out vec4 v_color;\n"
                                 "void main() {\n"
                                 "  v_color = a_color;\n"
                                 "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                                 "}\n";
   static const char *fs_color = "#version 330 core\n"
                                 "in vec4 v_color;\n"
                                 "out vec4 o_color;\n"
                                 "void main() { o_color = v_color; }\n";
   static const char *fs_block = "#version 330 core\n"
                                 "layout(std140) uniform Tint { vec4 tint; };\n"
                                 "out vec4 o_color;\n"
                                 "void main() { o_color = tint; }\n";
   static const char *fs_tex = "#version 330 core\n"
                               "uniform sampler2D u_tex;\n"
                               "out vec4 o_color;\n"
                               "void main() { o_color = texture(u_tex, vec2(0.5)); }\n";
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const vec4f a = V4(0.2f, 0.4f, 0.2f, 1.0f), a2 = V4(0.4f, 0.8f, 0.4f, 1.0f);
   const vec4f b = V4(0.6f, 0.2f, 0.0f, 1.0f), c = V4(0.0f, 0.2f, 0.6f, 1.0f);
   const GLubyte tex_c[2][4] = {{200, 0, 0, 255}, {0, 200, 100, 255}};

   GLuint p = solid_program(), p2 = solid_program();
   set_vec4(p2, "u_color", c);
   GLuint pb = link_program(VS_PIXELS, fs_block), pt = link_program(VS_PIXELS, fs_tex);
   GLuint pc = link_program(vs_color, fs_color);
   gl.UseProgram(pb);
   gl.Uniform2f(uloc(pb, "u_offset"), 0.0f, 0.0f);
   gl.UniformBlockBinding(pb, gl.GetUniformBlockIndex(pb, "Tint"), 1);
   gl.UseProgram(pt);
   gl.Uniform2f(uloc(pt, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1i(uloc(pt, "u_tex"), 0);
   GLuint ubo[2];
   gl.GenBuffers(2, ubo);
   for (int i = 0; i < 2; i++) {
      const vec4f v = i ? c : b;
      gl.BindBuffer(GL_UNIFORM_BUFFER, ubo[i]);
      gl.BufferData(GL_UNIFORM_BUFFER, sizeof(v), &v, GL_STATIC_DRAW);
   }
   GLuint tex[2];
   glGenTextures(2, tex);
   for (int i = 0; i < 2; i++) {
      glBindTexture(GL_TEXTURE_2D, tex[i]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex_c[i]);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   }
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   float v[24];
   mesh col[15];
   for (int i = 0; i < 15; i++) {
      rect_vertices(v, (float)(4 * i), 0, (float)(4 * i + 4), i == 6 ? 32 : 64);
      col[i] = make_mesh(v, 6);
   }
   /* column 6: the top half from a second buffer */
   GLuint top6;
   rect_vertices(v, 24, 32, 28, 64);
   gl.GenBuffers(1, &top6);
   gl.BindBuffer(GL_ARRAY_BUFFER, top6);
   gl.BufferData(GL_ARRAY_BUFFER, 12 * sizeof(float), v, GL_STATIC_DRAW);
   /* column 8: the top half at stride 16 after the bottom half at stride 8 */
   GLuint buf8;
   float v8[12 + 24] = {0};
   rect_vertices(v8, 32, 0, 36, 32);
   rect_vertices(v, 32, 32, 36, 64);
   for (int i = 0; i < 6; i++)
      memcpy(&v8[12 + 4 * i], &v[2 * i], 2 * sizeof(float));
   gl.GenBuffers(1, &buf8);
   gl.BindBuffer(GL_ARRAY_BUFFER, buf8);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(v8), v8, GL_STATIC_DRAW);
   /* column 13: a second vertex array of the column whose attribute 1 is an array of b */
   rect_vertices(v, 52, 0, 56, 64);
   const mesh arr13 = make_mesh(v, 6);
   GLuint col13_colors;
   float colors13[6 * 4];
   for (int i = 0; i < 6; i++)
      memcpy(&colors13[4 * i], b.v, sizeof(b.v));
   gl.GenBuffers(1, &col13_colors);
   gl.BindBuffer(GL_ARRAY_BUFFER, col13_colors);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(colors13), colors13, GL_STATIC_DRAW);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 4 * sizeof(float), (void *)0);
   gl.EnableVertexAttribArray(1);
   /* column 14: its six vertices' indices after two that would draw another triangle */
   static const GLushort idx14[8] = {5, 5, 0, 1, 2, 3, 4, 5};
   GLuint ebo14;
   gl.GenBuffers(1, &ebo14);
   gl.BindVertexArray(col[14].vao);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo14);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx14), idx14, GL_STATIC_DRAW);
   gl.BindVertexArray(0);
   /* column 9: the second draw goes to this framebuffer, not the window */
   GLuint fbo, fbo_tex;
   glGenTextures(1, &fbo_tex);
   glBindTexture(GL_TEXTURE_2D, fbo_tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, fbo_tex, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("draw_marks: framebuffer incomplete");
   clear_to(bg);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("draw_marks set-up");
   clear_to(bg);

   gl.UseProgram(p);
   set_vec4(p, "u_color", a);
   /* 0: the viewport */
   gl.BindVertexArray(col[0].vao);
   glViewport(0, 0, 64, 32);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* the column, squeezed into y 0..32 */
   glViewport(0, 32, 64, 32);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* and into y 32..64 */
   glViewport(0, 0, 64, 64);
   /* 1: blending */
   gl.BindVertexArray(col[1].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_ONE);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_BLEND);
   /* 2: a uniform of the program */
   gl.BindVertexArray(col[2].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   set_vec4(p, "u_color", b);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   set_vec4(p, "u_color", a);
   /* 3: the program */
   gl.BindVertexArray(col[3].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.UseProgram(p2);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   /* 4: a uniform buffer binding */
   gl.UseProgram(pb);
   gl.BindVertexArray(col[4].vao);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, 1, ubo[0]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, 1, ubo[1]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   /* 5: a texture binding */
   gl.UseProgram(pt);
   gl.BindVertexArray(col[5].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   /* 6: a vertex buffer (the bottom half, then the top half from another buffer) */
   gl.UseProgram(p);
   gl.BindVertexArray(col[6].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindBuffer(GL_ARRAY_BUFFER, top6);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), (void *)0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   /* 7: a current attribute value (attribute 1 has no array) */
   gl.UseProgram(pc);
   gl.BindVertexArray(col[7].vao);
   gl.VertexAttrib4f(1, b.v[0], b.v[1], b.v[2], b.v[3]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.VertexAttrib4f(1, c.v[0], c.v[1], c.v[2], c.v[3]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   /* 8: a vertex stride (the bottom half at stride 8, the top half at stride 16) */
   gl.UseProgram(p);
   gl.BindVertexArray(col[8].vao);
   gl.BindBuffer(GL_ARRAY_BUFFER, buf8);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), (void *)0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(float), (void *)0);
   glDrawArrays(GL_TRIANGLES, 3, 6);
   /* 9: the framebuffer, blending adding: a second draw into the window would double it */
   gl.BindVertexArray(col[9].vao);
   glEnable(GL_BLEND);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   /* 10: the scissor switch (the top half of the column gets a second, adding draw) */
   gl.BindVertexArray(col[10].vao);
   glScissor(40, 32, 4, 32);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEnable(GL_SCISSOR_TEST);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_SCISSOR_TEST);
   glDisable(GL_BLEND);
   /* 11: the stencil reference alone (the stencil is 0: reference 1 fails, 0 passes) */
   gl.BindVertexArray(col[11].vao);
   glEnable(GL_STENCIL_TEST);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   glStencilFunc(GL_EQUAL, 1, 0xff);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glStencilFunc(GL_EQUAL, 0, 0xff);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_STENCIL_TEST);
   /* 12: the same draw twice, adding */
   gl.BindVertexArray(col[12].vao);
   glEnable(GL_BLEND);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_BLEND);
   /* 13: the vertex array alone (attribute 1 from an array of b, then its current value c) */
   gl.UseProgram(pc);
   gl.VertexAttrib4f(1, c.v[0], c.v[1], c.v[2], c.v[3]);
   gl.BindVertexArray(arr13.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindVertexArray(col[13].vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   /* 14: the same indexed draw twice, adding */
   gl.UseProgram(p);
   gl.BindVertexArray(col[14].vao);
   glEnable(GL_BLEND);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)(2 * sizeof(GLushort)));
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)(2 * sizeof(GLushort)));
   glDisable(GL_BLEND);
   check_gl_error("draw_marks");

   model m;
   model_init(&m, bg);
   /* what each column's bottom and top halves show (column 5: the second texture's) */
   const struct {
      vec4f bottom, top;
   } want[15] = {
      {a, a}, {a2, a2}, {b, b},  {c, c}, {c, c},   {bg, bg}, {a, a},   {c, c},
      {a, a}, {a, a},   {a, a2}, {a, a}, {a2, a2}, {c, c},   {a2, a2},
   };
   for (int i = 0; i < 15; i++) {
      model_rect(&m, 4 * i, 0, 4 * i + 4, 32, to8(want[i].bottom));
      model_rect(&m, 4 * i, 32, 4 * i + 4, 64, to8(want[i].top));
   }
   const rgba8 t1 = {{tex_c[1][0], tex_c[1][1], tex_c[1][2], tex_c[1][3]}};
   model_rect(&m, 20, 0, 24, 64, t1);
   check_frame("draw_marks", &m);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   readback();
   expect_px("draw_marks: the framebuffer's draw", 37, 10, to8(a));
   expect_px("draw_marks: the framebuffer's draw", 36, 50, to8(a));
   expect_px("draw_marks: the framebuffer, outside the draw", 40, 10, to8(bg));
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
}

/* depth_clamp: GL 3.3 §2.20 and §4.1.4 (GL_DEPTH_CLAMP) alone, which depth_stencil_state draws
 * only beside a polygon mode. With the clamp on, a rectangle in front of the near plane
 * (z -1.5) and one behind the far plane (z 1.5) are not clipped and their depths are clamped to
 * the depth range: with glDepthRange(0.25, 0.75), 0.25 and 0.75. Turned off again, the same
 * draws are clipped away; a rectangle inside the volume (z 0.5) draws at 0.625 either way.
 * glIsEnabled follows the switch. */
void
sc_depth_clamp(void)
{
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f), red = V4(1.0f, 0.0f, 0.0f, 1.0f),
               green = V4(0.0f, 1.0f, 0.0f, 1.0f), blue = V4(0.0f, 0.0f, 1.0f, 1.0f),
               yellow = V4(1.0f, 1.0f, 0.0f, 1.0f);
   glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   GLuint p = solid_program();
   const GLint ucol = uloc(p, "u_color"), uz = uloc(p, "u_z");
   float q[12];
   rect_vertices(q, 4, 8, 20, 56);
   mesh mn = make_mesh(q, 6);
   rect_vertices(q, 24, 8, 40, 56);
   mesh mf = make_mesh(q, 6);
   rect_vertices(q, 44, 8, 60, 56);
   mesh mi = make_mesh(q, 6);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   glDepthRange(0.25, 0.75);
   if (glIsEnabled(GL_DEPTH_CLAMP))
      fail("GL_DEPTH_CLAMP enabled before glEnable");
   glEnable(GL_DEPTH_CLAMP);
   check_gl_error("glEnable(GL_DEPTH_CLAMP)");
   if (!glIsEnabled(GL_DEPTH_CLAMP))
      fail("GL_DEPTH_CLAMP not enabled after glEnable");
   gl.Uniform1f(uz, -1.5f);
   gl.Uniform4fv(ucol, 1, green.v);
   gl.BindVertexArray(mn.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform1f(uz, 1.5f);
   gl.Uniform4fv(ucol, 1, blue.v);
   gl.BindVertexArray(mf.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform1f(uz, 0.5f);
   gl.Uniform4fv(ucol, 1, yellow.v);
   gl.BindVertexArray(mi.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_DEPTH_CLAMP);
   if (glIsEnabled(GL_DEPTH_CLAMP))
      fail("GL_DEPTH_CLAMP enabled after glDisable");
   /* clipped now: nothing of these */
   gl.Uniform4fv(ucol, 1, red.v);
   gl.Uniform1f(uz, -1.5f);
   gl.BindVertexArray(mn.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform1f(uz, 1.5f);
   gl.BindVertexArray(mf.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("depth clamp draws");

   model md;
   model_init(&md, bg);
   model_rect(&md, 4, 8, 20, 56, to8(green));
   model_rect(&md, 24, 8, 40, 56, to8(blue));
   model_rect(&md, 44, 8, 60, 56, to8(yellow));
   check_frame("depth clamp on near, far and inside rectangles, then off", &md);

   static const struct {
      int x, y;
      float d;
   } probe[] = {{12, 32, 0.25f}, {32, 32, 0.75f}, {52, 32, 0.625f}, {2, 2, 1.0f}};
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   for (size_t i = 0; i < sizeof probe / sizeof probe[0]; i++) {
      GLfloat dv = -1.0f;
      glReadPixels(probe[i].x, probe[i].y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &dv);
      if (fabsf(dv - probe[i].d) > 1e-5f)
         fail("depth at (%d,%d) = %.7f, expected %.7f", probe[i].x, probe[i].y, dv, probe[i].d);
   }
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   check_gl_error("depth read-back");
   glDepthRange(0.0, 1.0);
   glDepthFunc(GL_LESS);
   glDisable(GL_DEPTH_TEST);
   readback();
   mesh all[3] = {mn, mf, mi};
   for (int i = 0; i < 3; i++) {
      gl.DeleteBuffers(1, &all[i].vbo);
      gl.DeleteVertexArrays(1, &all[i].vao);
   }
   gl.DeleteProgram(p);
}

/* provoking_first: glProvokingVertex(GL_FIRST_VERTEX_CONVENTION) with a flat-shaded colour
 * (GL 3.3 §2.19, table 2.12): each line takes its first vertex's colour, each triangle its
 * first (a fan's triangle its second), through every primitive type and draw shape: GL_LINES,
 * a line strip and a line loop (its closing line from the last vertex), then a triangle strip
 * (arrays), independent triangles (unsigned int indices wrapping with a base vertex), a fan
 * (unsigned byte indices with a base vertex) and two strips split by a primitive restart index
 * (a negative base vertex), all counter-clockwise with
 * back faces culled (a winding turned by the provoking vertex's placement loses the triangle).
 * A program without flat inputs draws too. The GLES backend, whose host has only the last
 * convention, unrolls these draws with the provoking vertex last (gles-first-vertex-draws). */
typedef struct {
   float x, y;
   uint8_t c[4];
} pf_vertex;

static rgba8
pf_colour(int g)
{
   return (rgba8){{(uint8_t)(g * 53 + 17), (uint8_t)(g * 97 + 41), (uint8_t)(g * 31 + 200), 255}};
}

void
sc_provoking_first(void)
{
   static const float pos[][2] = {
      /* 0..7: a triangle strip in [2,26] x [2,30] */
      {2, 30},
      {2, 2},
      {10, 30},
      {10, 2},
      {18, 30},
      {18, 2},
      {26, 30},
      {26, 2},
      /* 8..11: a quad of two triangles (8,9,10) and (10,11,8) */
      {2, 34},
      {30, 34},
      {30, 62},
      {2, 62},
      /* 12..17: a fan around (48,4) */
      {48, 4},
      {62, 6},
      {62, 30},
      {48, 30},
      {34, 30},
      {34, 6},
      /* 18..25: two strips of two triangles */
      {34, 48},
      {34, 34},
      {48, 48},
      {48, 34},
      {50, 62},
      {50, 50},
      {62, 62},
      {62, 50},
      /* 26..27 lines; 28..30 a line strip; 31..34 a line loop */
      {4, 40.5f},
      {28, 40.5f},
      {4, 44.5f},
      {16, 44.5f},
      {28, 44.5f},
      {36.5f, 36.5f},
      {60.5f, 36.5f},
      {60.5f, 60.5f},
      {36.5f, 60.5f},
   };
   enum { NV = sizeof pos / sizeof pos[0] };
   pf_vertex v[NV];
   for (int i = 0; i < NV; i++) {
      v[i].x = pos[i][0];
      v[i].y = pos[i][1];
      memcpy(v[i].c, pf_colour(i).c, 4);
   }
   /* each indexed draw with a base vertex (GL 4.6 10.4: index + basevertex in 32-bit unsigned
    * arithmetic, wrapping; a restart index compared before it is added): the fan's unsigned
    * bytes at 0 (base vertex 12), the quad's unsigned ints at 8 (base vertex 16, the indices
    * 16 below their vertices, wrapping), the restart strips' unsigned shorts at 32 (base
    * vertex -8, the restart index not moved by it) */
   uint8_t idx[56] = {0, 1, 2, 3, 4, 5};
   const uint32_t quad_idx[6] = {8u - 16u, 9u - 16u, 10u - 16u, 10u - 16u, 11u - 16u, 8u - 16u};
   const uint16_t strips[9] = {26, 27, 28, 29, 0xffff, 30, 31, 32, 33};
   memcpy(idx + 8, quad_idx, sizeof quad_idx);
   memcpy(idx + 32, strips, sizeof strips);

   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "layout(location = 1) in vec4 a_col;\n"
                    "flat out vec4 v_col;\n"
                    "void main() {\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "  v_col = a_col;\n"
                    "}\n";
   const char *fs = "#version 330 core\n"
                    "flat in vec4 v_col;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = v_col; }\n";
   GLuint p = link_program(vs, fs);
   GLuint vao, buf[2];
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(2, buf);
   gl.BindBuffer(GL_ARRAY_BUFFER, buf[0]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(pf_vertex), (void *)0);
   gl.VertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(pf_vertex),
                          (void *)offsetof(pf_vertex, c));
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[1]);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
   gl.ProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
   GLint conv = 0;
   glGetIntegerv(GL_PROVOKING_VERTEX, &conv);
   if (conv != GL_FIRST_VERTEX_CONVENTION)
      fail("GL_PROVOKING_VERTEX is 0x%x after glProvokingVertex(GL_FIRST_VERTEX_CONVENTION)", conv);

   /* the lines: each checked at a pixel of its middle */
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   clear_to(bg);
   gl.UseProgram(p);
   glDrawArrays(GL_LINES, 26, 2);
   glDrawArrays(GL_LINE_STRIP, 28, 3);
   glDrawArrays(GL_LINE_LOOP, 31, 4);
   /* a program without flat inputs: drawn as it is */
   GLuint solid = solid_program();
   const float quad[12] = {2, 50, 12, 50, 12, 60, 2, 50, 12, 60, 2, 60};
   mesh m = make_mesh(quad, 6);
   set_vec4(solid, "u_color", V4(0.6f, 0.8f, 0.4f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("first-vertex lines");
   readback();
   expect_px("GL_LINES", 16, 40, pf_colour(26));
   expect_px("line strip, first line", 10, 44, pf_colour(28));
   expect_px("line strip, second line", 22, 44, pf_colour(29));
   expect_px("line loop, bottom", 48, 36, pf_colour(31));
   expect_px("line loop, right", 60, 48, pf_colour(32));
   expect_px("line loop, top", 48, 60, pf_colour(33));
   expect_px("line loop, closing line", 36, 48, pf_colour(34));
   expect_px("a program without flat inputs", 7, 55, to8(V4(0.6f, 0.8f, 0.4f, 1.0f)));

   /* the triangles, back faces culled */
   clear_to(bg);
   gl.UseProgram(p);
   gl.BindVertexArray(vao);
   glEnable(GL_CULL_FACE);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 8);
   gl.DrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)8, 16);
   gl.DrawElementsBaseVertex(GL_TRIANGLE_FAN, 6, GL_UNSIGNED_BYTE, (void *)0, 12);
   glEnable(GL_PRIMITIVE_RESTART);
   gl.PrimitiveRestartIndex(0xffff);
   gl.DrawElementsBaseVertex(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, (void *)32, -8);
   glDisable(GL_PRIMITIVE_RESTART);
   glDisable(GL_CULL_FACE);
   check_gl_error("first-vertex triangles");
   model md;
   model_init(&md, bg);
   float t[6];
#define PF_TRI(a, b, c, provoking)                                                                 \
   do {                                                                                            \
      t[0] = pos[a][0], t[1] = pos[a][1], t[2] = pos[b][0], t[3] = pos[b][1];                      \
      t[4] = pos[c][0], t[5] = pos[c][1];                                                          \
      model_tri(&md, t, pf_colour(provoking));                                                     \
   } while (0)
   for (int i = 0; i < 6; i++)
      PF_TRI(i, i + 1, i + 2, i);
   PF_TRI(8, 9, 10, 8);
   PF_TRI(10, 11, 8, 10);
   for (int i = 0; i < 4; i++)
      PF_TRI(12, 13 + i, 14 + i, 13 + i);
   PF_TRI(18, 19, 20, 18);
   PF_TRI(19, 20, 21, 19);
   PF_TRI(22, 23, 24, 22);
   PF_TRI(23, 24, 25, 23);
#undef PF_TRI
   check_frame("first-vertex triangles", &md);
   gl.ProvokingVertex(GL_LAST_VERTEX_CONVENTION);
   gl.DeleteBuffers(2, buf);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(solid);
   gl.DeleteProgram(p);
}

/* sample_shading (GL 4.0 / ARB_sample_shading): with GL_SAMPLE_SHADING on and a minimum of 1.0
 * the fragment shader runs once for each of the 4 samples, at the sample's position
 * (gl_FragCoord), so a shader that writes white only right of the pixel centre colours some
 * samples of every pixel: the resolve is grey. Off, it runs once a pixel at the centre
 * (fract(x) = 0.5, not right of it) and the resolve is black. The state's queries, clamping and
 * errors with it. */
static int
shaded_grey(GLuint fbo, bool on, float min)
{
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   if (on)
      glEnable(GL_SAMPLE_SHADING);
   gl.MinSampleShading(min);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_SAMPLE_SHADING);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error(on ? "draw and resolve, sample shading on" : "draw and resolve, off");
   readback();
   const rgba8 first = pixel_at(0, 0);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         if (!rgba_eq(pixel_at(x, y), first))
            fail("sample shading %s: pixel (%d,%d) is %d, pixel (0,0) %d: every pixel holds the "
                 "same samples",
                 on ? "on" : "off", x, y, pixel_at(x, y).c[0], first.c[0]);
   return first.c[0];
}

void
sc_sample_shading(void)
{
   if (!has_ext("GL_ARB_sample_shading") && context_version() < 40) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (!on_mgl())
         die_setup("the reference GL has no GL_ARB_sample_shading");
      /* lavapipe and NVIDIA shade per sample; only the GLES backend does not here */
      if (!renderer || !strstr(renderer, "(GLES:"))
         fail("no GL_ARB_sample_shading on renderer %s", renderer ? renderer : "(null)");
      glEnable(GL_SAMPLE_SHADING);
      expect_gl_error(GL_INVALID_ENUM, "glEnable(GL_SAMPLE_SHADING) without sample shading");
      skipped("GL_ARB_sample_shading is not offered");
      return;
   }
   GLfloat v = -1.0f;
   glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
   if (v != 0.0f || glIsEnabled(GL_SAMPLE_SHADING))
      fail("initial state: GL_MIN_SAMPLE_SHADING_VALUE %g (want 0), GL_SAMPLE_SHADING %d (want "
           "off)",
           v, glIsEnabled(GL_SAMPLE_SHADING));
   gl.MinSampleShading(2.5f);
   glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
   if (v != 1.0f)
      fail("glMinSampleShading(2.5): GL_MIN_SAMPLE_SHADING_VALUE %g, want 1 (clamped)", v);
   gl.MinSampleShading(-1.0f);
   glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
   if (v != 0.0f)
      fail("glMinSampleShading(-1): GL_MIN_SAMPLE_SHADING_VALUE %g, want 0 (clamped)", v);
   check_gl_error("glMinSampleShading and its query");

   GLuint rb, fbo = ms_rgba8_fbo(&rb);
   GLint samples = 0;
   gl.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
   static const char *fs = "#version 330 core\n"
                           "out vec4 o_color;\n"
                           "void main() {\n"
                           "  o_color = vec4(vec3(fract(gl_FragCoord.x) > 0.5 ? 1.0 : 0.0), 1.0);\n"
                           "}\n";
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   float quad[12];
   rect_vertices(quad, 0, 0, W, H);
   mesh m = make_mesh(quad, 6);
   const int off = shaded_grey(fbo, false, 1.0f);
   const int on = shaded_grey(fbo, true, 1.0f);
   printf("  %d samples: resolved red %d with sample shading off, %d on (minimum 1.0)\n", samples,
          off, on);
   if (off != 0)
      fail("sample shading off: resolved red %d, want 0 (one invocation at the pixel centre)", off);
   if (on <= 0 || on >= 255)
      fail("sample shading on, minimum 1.0: resolved red %d, want between 0 and 255 (each sample "
           "shaded at its own position)",
           on);
   /* the enable travels with each draw: off again, black again */
   const int again = shaded_grey(fbo, false, 1.0f);
   if (again != 0)
      fail("sample shading switched off again: resolved red %d, want 0", again);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   gl.DeleteProgram(p);
}

/* A framebuffer of one colour texture of the target and samples (0: GL_TEXTURE_2D), W x H. */
static GLuint
sample_fbo(GLsizei samples, GLuint *tex)
{
   glGenTextures(1, tex);
   const GLenum target = samples ? GL_TEXTURE_2D_MULTISAMPLE : GL_TEXTURE_2D;
   glBindTexture(target, *tex);
   if (samples) {
      gl.TexImage2DMultisample(target, samples, GL_RGBA8, W, H, GL_TRUE);
   } else {
      glTexImage2D(target, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   }
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, target, *tex, 0);
   check_gl_error("a colour texture's framebuffer");
   return fbo;
}

/* Draws a W x H rectangle into fbo with p after clearing to black, resolves it into the
 * default framebuffer and reads it back. */
static void
sample_draw(GLuint fbo, GLuint p, bool ms)
{
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.UseProgram(p);
   if (!ms)
      glDisable(GL_MULTISAMPLE);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEnable(GL_MULTISAMPLE);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("draw and resolve");
   readback();
}

/* Single-sample rasterization (GL 4.6 14.3.1, 17.3.1): with GL_MULTISAMPLE off a fragment
 * shader runs once per pixel, gl_SampleID reads 0 and gl_SampleMaskIn sample 0's bit; into a
 * framebuffer without sample buffers a gl_SampleMask write changes nothing, while into a
 * multisample texture of one sample it does (GL_SAMPLE_BUFFERS 1). A multisample texture of 2
 * samples takes the next count the device has (GL 4.6 8.8) and its framebuffer is complete. */
void
sc_sample_single(void)
{
   const char *fs_ids =
      "#version 400 core\n"
      "out vec4 o;\n"
      "void main() {\n"
      "  o = vec4(float(gl_SampleID) / 255.0, float(gl_SampleMaskIn[0]) / 255.0,\n"
      "           gl_SamplePosition.x * 0.8, 1.0);\n"
      "}\n";
   const char *fs_mask = "#version 400 core\n"
                         "out vec4 o;\n"
                         "void main() {\n"
                         "  gl_SampleMask[0] = 0;\n"
                         "  o = vec4(0.0, 1.0, 0.0, 1.0);\n"
                         "}\n";
   GLuint p_ids = link_program(VS_PIXELS, fs_ids), p_mask = link_program(VS_PIXELS, fs_mask);
   float xy[12];
   rect_vertices(xy, 0, 0, W, H);
   mesh m = make_mesh(xy, 6);
   model one, black;
   model_init(&one, V4(0, 0, 0, 1));
   /* the centre's 0.5 scaled to 0.4: 102 exactly, where 0.5's 127.5 is a tie a device may round
    * either way (NVIDIA: 127) */
   model_rect(&one, 0, 0, W, H, (rgba8){{0, 1, 102, 255}});
   model_init(&black, V4(0, 0, 0, 1));
   model green;
   model_init(&green, V4(0, 1, 0, 1));

   /* two samples asked: at least two, a complete framebuffer */
   GLuint t2, f2 = sample_fbo(2, &t2);
   GLint got_samples = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &got_samples);
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &max_samples);
   if (got_samples < 2 || got_samples > max_samples)
      fail("GL_TEXTURE_SAMPLES of a 2-sample request is %d (max %d)", got_samples, max_samples);
   /* with a depth renderbuffer of 2 samples asked too: the same count (GL 4.6 9.4.2) */
   GLuint ds;
   gl.GenRenderbuffers(1, &ds);
   gl.BindRenderbuffer(GL_RENDERBUFFER, ds);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 2, GL_DEPTH24_STENCIL8, W, H);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ds);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("the framebuffer of a 2-sample texture and a 2-sample renderbuffer is incomplete");

   /* GL_MULTISAMPLE off: sample 0, its bit, the pixel centre, in every sample */
   sample_draw(f2, p_ids, false);
   check_frame("gl_SampleID, gl_SampleMaskIn, gl_SamplePosition with GL_MULTISAMPLE off", &one);

   /* no sample buffers: gl_SampleMask ignored */
   GLuint t0, f0 = sample_fbo(0, &t0);
   sample_draw(f0, p_mask, true);
   check_frame("gl_SampleMask 0 into a single-sample framebuffer", &green);

   /* one sample of a multisample texture: gl_SampleMask 0 removes it */
   GLuint t1, f1 = sample_fbo(1, &t1);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE) {
      sample_draw(f1, p_mask, true);
      check_frame("gl_SampleMask 0 into a 1-sample multisample texture", &black);
   }

   GLuint fbos[3] = {f0, f1, f2}, texs[3] = {t0, t1, t2};
   gl.DeleteFramebuffers(3, fbos);
   gl.DeleteRenderbuffers(1, &ds);
   glDeleteTextures(3, texs);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteProgram(p_ids);
   gl.DeleteProgram(p_mask);
}
