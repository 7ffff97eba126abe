/* scenario_compat.c: the compatibility profile's legacy vertex paths, in a 3.3 compatibility
 * context (scenarios.def's es 1), drawn with a #version 330 program whose inputs sit at the
 * conventional attribute slots (position 0, colour 3) and whose colour is flat, so every
 * primitive shows the colour of GL's flat-shading vertex. */
#include "scenario.h"

static const char *VS_COMPAT = "#version 330 core\n"
                               "layout(location = 0) in vec4 pos;\n"
                               "layout(location = 3) in vec4 color;\n"
                               "flat out vec4 v_color;\n"
                               "void main() {\n"
                               "  gl_Position = vec4(pos.xy / 32.0 - 1.0, 0.0, 1.0);\n"
                               "  v_color = color;\n"
                               "}\n";
static const char *FS_COMPAT = "#version 330 core\n"
                               "flat in vec4 v_color;\n"
                               "out vec4 o_color;\n"
                               "void main() { o_color = v_color; }\n";

static void
color(vec4f c)
{
   glColor4f(c.v[0], c.v[1], c.v[2], c.v[3]);
}

/* compat_immediate: glBegin/glEnd with GL_QUADS, GL_QUAD_STRIP, GL_POLYGON (each filled in the
 * colour of its flat-shading vertex: a quad's last, a polygon's first), a triangle fan with a
 * colour per vertex, glRect; then polygon mode LINE on a quad: its outline, no diagonal. */
void
sc_compat_immediate(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), wrong = V4(0.0f, 0.0f, 1.0f, 1.0f);
   const vec4f red = V4(1.0f, 0.0f, 0.0f, 1.0f), green = V4(0.0f, 1.0f, 0.0f, 1.0f);
   const vec4f yellow = V4(1.0f, 1.0f, 0.0f, 1.0f), cyan = V4(0.0f, 1.0f, 1.0f, 1.0f);
   const vec4f grey = V4(0.6f, 0.6f, 0.6f, 1.0f), pink = V4(1.0f, 0.4f, 0.8f, 1.0f);
   const vec4f fan[4] = {V4(0.2f, 0.4f, 0.6f, 1.0f), V4(0.8f, 0.2f, 0.0f, 1.0f),
                         V4(0.4f, 0.8f, 0.2f, 1.0f), V4(1.0f, 1.0f, 1.0f, 1.0f)};
   if (!on_mgl()) {
      /* Mesa feeds a generic input at location 3 from glVertexAttrib, not glColor */
      skipped("glColor as generic attribute 3 (mgl's conventional slots, NVIDIA's layout)");
      return;
   }
   GLuint p = link_program(VS_COMPAT, FS_COMPAT);
   gl.UseProgram(p);
   clear_to(bg);

   glBegin(GL_QUADS); /* [4,20) x [4,20): vertex 3 decides */
   color(wrong);
   glVertex2f(4, 4);
   glVertex2f(20, 4);
   glVertex2f(20, 20);
   color(red);
   glVertex2f(4, 20);
   glEnd();

   glBegin(GL_QUAD_STRIP); /* [24,42) and [42,60) x [4,20): vertices 3 and 5 decide */
   color(wrong);
   glVertex2i(24, 4);
   glVertex2i(24, 20);
   glVertex2i(42, 4);
   color(green);
   glVertex2i(42, 20);
   color(wrong);
   glVertex2i(60, 4);
   color(yellow);
   glVertex2i(60, 20);
   glEnd();

   glBegin(GL_POLYGON); /* [4,28) x [24,40), five vertices: vertex 0 decides */
   color(cyan);
   glVertex2f(4, 24);
   color(wrong);
   glVertex2f(16, 24);
   glVertex2f(28, 24);
   glVertex2f(28, 40);
   glVertex2f(4, 40);
   glEnd();

   /* a fan over [34,58) x [24,40) around its centre: each triangle its last vertex's colour */
   glBegin(GL_TRIANGLE_FAN);
   color(wrong);
   glVertex2f(46, 32);
   glVertex2f(34, 24);
   glColor3ub(51, 102, 153);
   glVertex2f(58, 24);
   glColor3f(fan[1].v[0], fan[1].v[1], fan[1].v[2]);
   glVertex2f(58, 40);
   glColor4ubv((const GLubyte[]){102, 204, 51, 255});
   glVertex2f(34, 40);
   glColor3d(1.0, 1.0, 1.0);
   glVertex2f(34, 24);
   glEnd();

   color(grey);
   glRectf(4, 44, 20, 60);
   check_gl_error("immediate mode");

   model m;
   model_init(&m, bg);
   model_rect(&m, 4, 4, 20, 20, to8(red));
   model_rect(&m, 24, 4, 42, 20, to8(green));
   model_rect(&m, 42, 4, 60, 20, to8(yellow));
   model_rect(&m, 4, 24, 28, 40, to8(cyan));
   const float c[2] = {46, 32};
   const float ring[5][2] = {{34, 24}, {58, 24}, {58, 40}, {34, 40}, {34, 24}};
   for (int t = 0; t < 4; t++) {
      const float tri[6] = {c[0], c[1], ring[t][0], ring[t][1], ring[t + 1][0], ring[t + 1][1]};
      model_tri(&m, tri, to8(fan[t]));
   }
   model_rect(&m, 4, 44, 20, 60, to8(grey));
   check_frame("compat_immediate", &m);

   /* polygon mode LINE: the quad's four edges at pixel centres, nothing inside (no diagonal) */
   clear_to(bg);
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   color(pink);
   glBegin(GL_QUADS);
   glVertex2f(24.5f, 24.5f);
   glVertex2f(56.5f, 24.5f);
   glVertex2f(56.5f, 56.5f);
   glVertex2f(24.5f, 56.5f);
   glEnd();
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   check_gl_error("polygon mode line");
   readback();
   const rgba8 pk = to8(pink), bg8 = to8(bg);
   for (int k = 28; k <= 52; k += 4) {
      expect_px("quad outline bottom", k, 24, pk);
      expect_px("quad outline right", 56, k, pk);
      expect_px("quad outline top", k, 56, pk);
      expect_px("quad outline left", 24, k, pk);
      expect_px("no diagonal (0-2)", k, k, bg8);
      expect_px("no diagonal (1-3)", 80 - k, k, bg8);
   }
}

/* compat_client_arrays: the legacy arrays with vertex array object zero: glVertexPointer and
 * glColorPointer from client memory through glDrawArrays(GL_QUADS) and glDrawElements(GL_QUADS)
 * (client indices), from a buffer with an element buffer, glInterleavedArrays with a quad strip,
 * and glArrayElement between glBegin and glEnd. Each quad is its last vertex's colour. */
void
sc_compat_client_arrays(void)
{
   if (!on_mgl()) {
      skipped("glColorPointer as generic attribute 3 (mgl's conventional slots, NVIDIA's layout)");
      return;
   }
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const GLubyte wrong[4] = {0, 0, 255, 255}, red[4] = {255, 0, 0, 255},
                 green[4] = {0, 255, 0, 255}, yellow[4] = {255, 255, 0, 255},
                 cyan[4] = {0, 255, 255, 255}, grey[4] = {153, 153, 153, 255},
                 pink[4] = {255, 102, 204, 255};
   GLuint p = link_program(VS_COMPAT, FS_COMPAT);
   gl.UseProgram(p);
   clear_to(bg);

   /* three quads in client memory: A [4,20), B [24,40), C [44,60) x [4,20) */
   const float xy[24] = {4,  4,  20, 4,  20, 20, 4,  20, 24, 4,  40, 4,
                         40, 20, 24, 20, 44, 4,  60, 4,  60, 20, 44, 20};
   GLubyte rgba[12][4];
   for (int v = 0; v < 12; v++)
      memcpy(rgba[v], wrong, 4);
   memcpy(rgba[3], red, 4);
   memcpy(rgba[7], green, 4);
   memcpy(rgba[11], yellow, 4); /* C's last index below */
   glVertexPointer(2, GL_FLOAT, 0, xy);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, rgba);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_COLOR_ARRAY);
   glDrawArrays(GL_QUADS, 0, 8);
   const GLushort quad_c[4] = {8, 9, 10, 11};
   glDrawElements(GL_QUADS, 4, GL_UNSIGNED_SHORT, quad_c);
   check_gl_error("client arrays");

   /* D [4,20) x [24,40): positions from a buffer, indices from an element buffer */
   const float xy_d[8] = {4, 24, 20, 24, 20, 40, 4, 40};
   const GLubyte rgba_d[4][4] = {
      {0, 0, 255, 255}, {0, 0, 255, 255}, {0, 0, 255, 255}, {0, 255, 255, 255}};
   const GLuint idx_d[4] = {0, 1, 2, 3};
   GLuint bufs[2];
   gl.GenBuffers(2, bufs);
   gl.BindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof xy_d, xy_d, GL_STATIC_DRAW);
   glVertexPointer(2, GL_FLOAT, 0, (void *)0);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, rgba_d);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[1]);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx_d, idx_d, GL_STATIC_DRAW);
   glDrawElements(GL_QUADS, 4, GL_UNSIGNED_INT, (void *)0);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   check_gl_error("buffer arrays");

   /* E [24,40) x [24,40): glInterleavedArrays, one quad of a strip (vertex 3 decides) */
   struct {
      GLubyte c[4];
      float x, y;
   } strip[4] = {{{0, 0, 255, 255}, 24, 24},
                 {{0, 0, 255, 255}, 24, 40},
                 {{0, 0, 255, 255}, 40, 24},
                 {{153, 153, 153, 255}, 40, 40}};
   glInterleavedArrays(GL_C4UB_V2F, 0, strip);
   glDrawArrays(GL_QUAD_STRIP, 0, 4);

   /* F [44,60) x [24,40): glArrayElement inside glBegin/glEnd */
   struct {
      GLubyte c[4];
      float x, y;
   } f[4] = {{{0, 0, 255, 255}, 44, 24},
             {{0, 0, 255, 255}, 60, 24},
             {{0, 0, 255, 255}, 60, 40},
             {{255, 102, 204, 255}, 44, 40}};
   glInterleavedArrays(GL_C4UB_V2F, 0, f);
   glBegin(GL_QUADS);
   for (int k = 0; k < 4; k++)
      glArrayElement(k);
   glEnd();
   glDisableClientState(GL_COLOR_ARRAY);
   glDisableClientState(GL_VERTEX_ARRAY);
   check_gl_error("interleaved arrays");

   model m;
   model_init(&m, bg);
   const rgba8 r8 = {{red[0], red[1], red[2], 255}}, g8 = {{green[0], green[1], green[2], 255}},
               y8 = {{yellow[0], yellow[1], yellow[2], 255}},
               c8 = {{cyan[0], cyan[1], cyan[2], 255}}, gr8 = {{grey[0], grey[1], grey[2], 255}},
               pk8 = {{pink[0], pink[1], pink[2], 255}};
   model_rect(&m, 4, 4, 20, 20, r8);
   model_rect(&m, 24, 4, 40, 20, g8);
   model_rect(&m, 44, 4, 60, 20, y8);
   model_rect(&m, 4, 24, 20, 40, c8);
   model_rect(&m, 24, 24, 40, 40, gr8);
   model_rect(&m, 44, 24, 60, 40, pk8);
   check_frame("compat_client_arrays", &m);
   gl.DeleteBuffers(2, bufs);
}

/* compat_client_vertex_id: gl_VertexID over client-side arrays (vertex array object zero, no
 * GL_ARRAY_BUFFER) is first + i for glDrawArrays, each draw's first for glMultiDrawArrays and
 * glDrawArraysIndirect, and index + basevertex for glDrawElementsBaseVertex (GL 4.6 11.1.3.9),
 * however mgl copies the client's vertices to the server. Each vertex carries the id GL gives
 * it in a second client array; a rectangle is green where every vertex saw its own id, red
 * where one did not. */
void
sc_compat_client_vertex_id(void)
{
   const char *vs = "#version 330 compatibility\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "layout(location = 1) in float a_id;\n"
                    "out float v_ok;\n"
                    "void main() {\n"
                    "  v_ok = gl_VertexID == int(a_id) ? 1.0 : 0.0;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs =
      "#version 330 compatibility\n"
      "in float v_ok;\n"
      "out vec4 o_color;\n"
      "void main() {\n"
      "  o_color = v_ok > 0.999 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
      "}\n";
   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);

   /* 48 vertices, 8 rectangles of 6: rectangle r at vertices [6r, 6r + 6) */
   float pos[96], id[48];
   for (int r = 0; r < 8; r++) {
      const float x = (float)(2 + (r % 4) * 16), y = (float)(2 + (r / 4) * 16);
      rect_vertices(pos + 12 * r, x, y, x + 12, y + 12);
   }
   for (int k = 0; k < 48; k++)
      id[k] = (float)k;
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
   gl.VertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, 0, id);
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);

   /* rectangle 1: glDrawArrays(first 6) */
   glDrawArrays(GL_TRIANGLES, 6, 6);
   check_gl_error("glDrawArrays(first 6) from client arrays");
   /* rectangles 2 and 3: glMultiDrawArrays */
   const GLint firsts[2] = {12, 18};
   const GLsizei counts[2] = {6, 6};
   gl.MultiDrawArrays(GL_TRIANGLES, firsts, counts, 2);
   check_gl_error("glMultiDrawArrays from client arrays");
   /* rectangles 4 and 5: glDrawArraysIndirect and glMultiDrawArraysIndirect (GL 4.0 and 4.3),
    * the commands in a buffer, the vertices in client memory */
   GLint major = 0, minor = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   const bool indirect = major >= 4 && gl.DrawArraysIndirect;
   const bool multi_indirect = major * 10 + minor >= 43 && gl.MultiDrawArraysIndirect;
   GLuint ibo = 0;
   if (indirect) {
      const GLuint cmds[8] = {6, 1, 24, 0, 6, 1, 30, 0}; /* count, instances, first, base */
      gl.GenBuffers(1, &ibo);
      gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, ibo);
      gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof cmds, cmds, GL_STATIC_DRAW);
      gl.DrawArraysIndirect(GL_TRIANGLES, (void *)0);
      check_gl_error("glDrawArraysIndirect over client arrays");
      if (multi_indirect)
         gl.MultiDrawArraysIndirect(GL_TRIANGLES, (void *)16, 1, 0);
      else
         gl.DrawArraysIndirect(GL_TRIANGLES, (void *)16);
      check_gl_error("glMultiDrawArraysIndirect over client arrays");
      gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
   } else {
      glDrawArrays(GL_TRIANGLES, 24, 12);
   }
   /* rectangle 6: glDrawElementsBaseVertex, client indices 0..5, base vertex 36 */
   const GLubyte idx[6] = {0, 1, 2, 3, 4, 5};
   gl.DrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx, 36);
   check_gl_error("glDrawElementsBaseVertex over client arrays");
   /* rectangle 7: indices 0..5 from an element buffer, base vertex 42 */
   GLuint ebo;
   gl.GenBuffers(1, &ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
   gl.DrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, (void *)0, 42);
   check_gl_error("glDrawElementsBaseVertex of buffer indices over client arrays");
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   gl.DeleteBuffers(1, &ebo);
   /* rectangle 0: glDrawArrays(first 0) */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DisableVertexAttribArray(0);
   gl.DisableVertexAttribArray(1);
   if (ibo)
      gl.DeleteBuffers(1, &ibo);

   model m;
   model_init(&m, bg);
   const rgba8 g8 = {{0, 255, 0, 255}};
   for (int r = 0; r < 8; r++) {
      const int x = 2 + (r % 4) * 16, y = 2 + (r / 4) * 16;
      model_rect(&m, x, y, x + 12, y + 12, g8);
   }
   check_frame("compat_client_vertex_id", &m);
   gl.DeleteProgram(p);
}
