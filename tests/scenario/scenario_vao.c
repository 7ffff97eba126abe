/* scenario_vao.c — vertex array switches (issue 22): three vertex arrays, each with its own
 * vertex and element buffer, drawn in turn so that a switch back finds the array's buffers held
 * by the server (bind_vertex_input where the backend has it); between rounds each way GL lets a
 * program change what an array names, each checked to the pixel: a buffer given new storage by
 * glBufferData while another array is bound, buffers deleted while their array is not bound
 * (GL 4.6 §5.1.2: the array keeps them), an element buffer replaced, a binding edited while the
 * array is not bound (glVertexArrayVertexBuffer) and while it is, bytes rewritten in place.
 * vertex_fold: glVertexAttribPointer arrays of one buffer that mgl reads through one binding
 * (fe_vao_fold) and those it does not, each drawn to the pixel. */
#include "scenario.h"

enum { NVAO = 3 };

/* Quads of four vertices: q[k] = {x0, y0, x1, y1}. Array i draws quad 0 of its buffer with
 * the first element buffer, quad 1 with the second. */
static void
quad_verts(float *out, const float (*q)[4], int nquads)
{
   for (int k = 0; k < nquads; k++) {
      const float v[8] = {q[k][0], q[k][1], q[k][2], q[k][1], q[k][2], q[k][3], q[k][0], q[k][3]};
      memcpy(out + 8 * k, v, sizeof v);
   }
}

/* Array i's first place (row 0) and its second (row 1). */
static void
place(int i, int row, float q[4])
{
   q[0] = (float)(2 + 16 * i);
   q[1] = (float)(2 + 16 * row);
   q[2] = q[0] + 12.0f;
   q[3] = q[1] + 12.0f;
}

static const vec4f COLOUR[NVAO] = {{{1, 0, 0, 1}}, {{0, 1, 0, 1}}, {{0, 0, 1, 1}}};

struct vao_set {
   GLuint prog, vao[NVAO], vbo[NVAO], ebo[NVAO], ebo_alt;
   int row[NVAO]; /* where each array's draw lands now */
};

/* Writes array i's vertex buffer bytes: quad 0 at row `first`, quad 1 at the other row. */
static void
fill_vbo(GLuint vbo, int i, int first, GLsizeiptr extra)
{
   float q[2][4];
   place(i, first, q[0]);
   place(i, !first, q[1]);
   float v[16];
   quad_verts(v, (const float(*)[4])q, 2);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)sizeof v + extra, NULL, GL_STATIC_DRAW);
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof v, v);
}

/* Draws every array in the order given (each bound, then drawn) and checks the frame. */
static void
draw_round(struct vao_set *s, const int *order, int n, const char *phase)
{
   /* 0.2 is 51.0 in 8 bits; 0.1 (25.5) rounds to 25 on NVIDIA and 26 on lavapipe */
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   clear_to(bg);
   for (int k = 0; k < n; k++) {
      const int i = order[k];
      gl.BindVertexArray(s->vao[i]);
      set_vec4(s->prog, "u_color", COLOUR[i]);
      glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL);
   }
   check_gl_error(phase);
   model m;
   model_init(&m, bg);
   for (int i = 0; i < NVAO; i++) {
      float q[4];
      place(i, s->row[i], q);
      model_rect(&m, (int)q[0], (int)q[1], (int)q[2], (int)q[3], to8(COLOUR[i]));
   }
   check_frame(phase, &m);
}

void
sc_vao_switch(void)
{
   static const GLushort IDX[6] = {0, 1, 2, 0, 2, 3};
   static const GLushort IDX_ALT[6] = {4, 5, 6, 4, 6, 7};
   static const int ABCABC[6] = {0, 1, 2, 0, 1, 2}, CAB[3] = {2, 0, 1};
   struct vao_set s = {0};
   s.prog = solid_program();
   gl.GenVertexArrays(NVAO, s.vao);
   gl.GenBuffers(NVAO, s.vbo);
   gl.GenBuffers(NVAO, s.ebo);
   gl.GenBuffers(1, &s.ebo_alt);
   for (int i = 0; i < NVAO; i++) {
      gl.BindVertexArray(s.vao[i]);
      fill_vbo(s.vbo[i], i, 0, 0);
      gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), (void *)0);
      gl.EnableVertexAttribArray(0);
      gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, s.ebo[i]);
      gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof IDX, IDX, GL_STATIC_DRAW);
   }
   /* the second element buffer, made while array 2 is bound (the binding is the array's) */
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, s.ebo_alt);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof IDX_ALT, IDX_ALT, GL_STATIC_DRAW);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, s.ebo[2]); /* back to its own */
   check_gl_error("setup");

   /* each array twice: the second time a switch to an array the server holds */
   draw_round(&s, ABCABC, 6, "switches");

   /* array 0's buffer given new, larger storage while array 2 is bound: quad 0 at row 1 */
   gl.BindVertexArray(s.vao[2]);
   fill_vbo(s.vbo[0], 0, 1, 64);
   s.row[0] = 1;
   draw_round(&s, CAB, 3, "glBufferData while another array is bound");
   draw_round(&s, ABCABC, 6, "glBufferData, switched again");

   /* array 1's vertex and element buffers deleted while array 0 is bound: array 1 keeps both */
   gl.BindVertexArray(s.vao[0]);
   gl.DeleteBuffers(1, &s.vbo[1]);
   gl.DeleteBuffers(1, &s.ebo[1]);
   draw_round(&s, ABCABC, 6, "buffers deleted while their array is not bound");

   /* array 2's element buffer replaced (it is bound): quad 1, the other row */
   gl.BindVertexArray(s.vao[2]);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, s.ebo_alt);
   s.row[2] = 1;
   draw_round(&s, CAB, 3, "element buffer replaced");
   draw_round(&s, ABCABC, 6, "element buffer replaced, switched again");

   /* array 1's binding 0 edited while array 0 is bound (GL 4.5 direct state access): a new
    * buffer whose quad 0 lies at row 1 */
   GLuint vbo_b2;
   gl.GenBuffers(1, &vbo_b2);
   fill_vbo(vbo_b2, 1, 1, 0);
   /* mgl defines the command without listing the extension yet (as scenario_dsa.c uses it) */
   if (on_mgl() || context_version() >= 45 || has_ext("GL_ARB_direct_state_access")) {
      gl.BindVertexArray(s.vao[0]);
      gl.VertexArrayVertexBuffer(s.vao[1], 0, vbo_b2, 0, 2 * sizeof(float));
      s.row[1] = 1;
      draw_round(&s, ABCABC, 6, "binding edited while its array is not bound");
   } else {
      skipped("glVertexArrayVertexBuffer (GL 4.5, ARB_direct_state_access)");
   }

   /* array 0's pointer edited while it is bound: a buffer whose quad 0 lies at row 0 again */
   GLuint vbo_a2;
   gl.GenBuffers(1, &vbo_a2);
   fill_vbo(vbo_a2, 0, 0, 0);
   gl.BindVertexArray(s.vao[0]);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), (void *)0);
   s.row[0] = 0;
   draw_round(&s, ABCABC, 6, "pointer edited while its array is bound");

   /* array 2's bytes rewritten in place (glBufferSubData, the same storage): its quad 1, which
    * its element buffer now draws, moves to row 0 */
   gl.BindVertexArray(s.vao[0]);
   float q[4], v[8];
   place(2, 0, q);
   quad_verts(v, (const float(*)[4]) & q, 1);
   gl.BindBuffer(GL_ARRAY_BUFFER, s.vbo[2]);
   gl.BufferSubData(GL_ARRAY_BUFFER, sizeof v, sizeof v, v);
   s.row[2] = 0;
   draw_round(&s, ABCABC, 6, "bytes rewritten in place");

   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(NVAO, s.vao);
   gl.DeleteBuffers(1, &s.vbo[0]);
   gl.DeleteBuffers(1, &s.vbo[2]);
   gl.DeleteBuffers(1, &s.ebo[0]);
   gl.DeleteBuffers(1, &s.ebo[2]);
   gl.DeleteBuffers(1, &s.ebo_alt);
   gl.DeleteBuffers(1, &vbo_b2);
   gl.DeleteBuffers(1, &vbo_a2);
   check_gl_error("teardown");
}

/* ---- vertex_fold ---- */

/* A vertex of the fold's buffers: position and colour (normalized bytes), 12 bytes. */
struct fold_vtx {
   float x, y;
   uint8_t rgba[4];
};

enum { FOLD_SIDE = 8, FOLD_N = 6, FOLD_FAR = 1200, FOLD_PAST = 2400 };

static const char *VS_FOLD = "#version 330 core\n"
                             "layout(location = 0) in vec2 a_pos;\n"
                             "layout(location = 1) in vec4 a_colour;\n"
                             "layout(location = 2) in vec2 a_shift;\n"
                             "out vec4 v_colour;\n"
                             "void main() {\n"
                             "  gl_Position = vec4((a_pos + a_shift) / 32.0 - 1.0, 0.0, 1.0);\n"
                             "  v_colour = a_colour;\n"
                             "}\n";
static const char *FS_FOLD = "#version 330 core\n"
                             "in vec4 v_colour;\n"
                             "out vec4 o;\n"
                             "void main() { o = v_colour; }\n";

/* Six vertices of an 8x8 square at (x0, y0) in colour c. */
static void
fold_square(struct fold_vtx *v, float x0, float y0, const uint8_t c[4])
{
   const float xy[FOLD_N][2] = {{x0, y0},
                                {x0 + FOLD_SIDE, y0},
                                {x0, y0 + FOLD_SIDE},
                                {x0, y0 + FOLD_SIDE},
                                {x0 + FOLD_SIDE, y0},
                                {x0 + FOLD_SIDE, y0 + FOLD_SIDE}};
   for (int k = 0; k < FOLD_N; k++) {
      v[k] = (struct fold_vtx){.x = xy[k][0], .y = xy[k][1]};
      memcpy(v[k].rgba, c, 4);
   }
}

/* A vertex array of its own buffer `bytes` long, with the square's positions at pos_off and
 * its colours at col_off (12-byte stride both: one buffer, one stride, so mgl folds them where
 * the difference allows), drawn. */
static void
fold_draw_one(const struct fold_vtx *sq, size_t pos_off, size_t col_off, size_t bytes, GLuint *vao,
              GLuint *vbo)
{
   uint8_t *data = calloc(1, bytes);
   for (int k = 0; k < FOLD_N; k++) {
      memcpy(data + pos_off + 12 * (size_t)k, &sq[k].x, 8);
      memcpy(data + col_off + 12 * (size_t)k, sq[k].rgba, 4);
   }
   gl.GenVertexArrays(1, vao);
   gl.BindVertexArray(*vao);
   gl.GenBuffers(1, vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, *vbo);
   gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)bytes, data, GL_STATIC_DRAW);
   free(data);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 12, (void *)pos_off);
   gl.VertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 12, (void *)col_off);
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);
   glDrawArrays(GL_TRIANGLES, 0, FOLD_N);
}

/* Issue 22: an interleaved array in a buffer of exactly its vertices (the colour's last read
 * ends at the buffer's end), positions and colours in two buffers, two per-instance arrays of
 * one buffer (divisor 1) beside a per-vertex one, colours 1200 bytes past the positions in
 * one buffer (folded with a relative offset of 1200) and 2400 past (over
 * GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET: a binding of its own); every vertex array drawn
 * again after the others, a switch back. */
void
sc_vertex_fold(void)
{
   static const uint8_t red[4] = {255, 0, 0, 255}, green[4] = {0, 255, 0, 255},
                        blue[4] = {0, 0, 255, 255}, yellow[4] = {255, 255, 0, 255};
   const GLuint prog = link_program(VS_FOLD, FS_FOLD);
   gl.UseProgram(prog);
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   for (int pass = 0; pass < 2; pass++) {
      clear_to(bg);
      GLuint vao[5], vbo[6];
      struct fold_vtx sq[FOLD_N];
      /* interleaved, the buffer exactly six vertices long */
      fold_square(sq, 0, 0, red);
      fold_draw_one(sq, 0, 8, sizeof sq, &vao[0], &vbo[0]);
      /* far, then past the relative offset limit */
      fold_square(sq, 16, 0, green);
      fold_draw_one(sq, 0, FOLD_FAR, FOLD_FAR + sizeof sq, &vao[1], &vbo[1]);
      fold_square(sq, 32, 0, blue);
      fold_draw_one(sq, 0, FOLD_PAST, FOLD_PAST + sizeof sq, &vao[2], &vbo[2]);
      /* two buffers */
      fold_square(sq, 48, 0, yellow);
      gl.GenVertexArrays(1, &vao[3]);
      gl.BindVertexArray(vao[3]);
      gl.GenBuffers(2, &vbo[3]);
      gl.BindBuffer(GL_ARRAY_BUFFER, vbo[3]);
      gl.BufferData(GL_ARRAY_BUFFER, sizeof sq, sq, GL_STATIC_DRAW);
      gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 12, (void *)0);
      gl.BindBuffer(GL_ARRAY_BUFFER, vbo[4]);
      gl.BufferData(GL_ARRAY_BUFFER, sizeof sq, sq, GL_STATIC_DRAW);
      gl.VertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 12, (void *)8);
      gl.EnableVertexAttribArray(0);
      gl.EnableVertexAttribArray(1);
      glDrawArrays(GL_TRIANGLES, 0, FOLD_N);
      /* per instance: a shift and a colour per instance (magenta, cyan) interleaved in one
       * buffer; the positions are the red square's */
      const struct fold_vtx inst[2] = {{0, 16, {255, 0, 255, 255}}, {16, 16, {0, 255, 255, 255}}};
      gl.GenVertexArrays(1, &vao[4]);
      gl.BindVertexArray(vao[4]);
      gl.BindBuffer(GL_ARRAY_BUFFER, vbo[0]);
      gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 12, (void *)0);
      gl.GenBuffers(1, &vbo[5]);
      gl.BindBuffer(GL_ARRAY_BUFFER, vbo[5]);
      gl.BufferData(GL_ARRAY_BUFFER, sizeof inst, inst, GL_STATIC_DRAW);
      gl.VertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 12, (void *)0);
      gl.VertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 12, (void *)8);
      gl.VertexAttribDivisor(1, 1);
      gl.VertexAttribDivisor(2, 1);
      for (GLuint a = 0; a < 3; a++)
         gl.EnableVertexAttribArray(a);
      gl.DrawArraysInstanced(GL_TRIANGLES, 0, FOLD_N, 2);
      check_gl_error(pass ? "vertex_fold, switched back" : "vertex_fold");
      if (pass) {
         /* every array drawn again, the vertex arrays bound in another order */
         clear_to(bg);
         for (int i = 4; i >= 0; i--) {
            gl.BindVertexArray(vao[i]);
            if (i == 4)
               gl.DrawArraysInstanced(GL_TRIANGLES, 0, FOLD_N, 2);
            else
               glDrawArrays(GL_TRIANGLES, 0, FOLD_N);
         }
      }
      model m;
      model_init(&m, bg);
      model_rect(&m, 0, 0, FOLD_SIDE, FOLD_SIDE, to8(V4(1, 0, 0, 1)));
      model_rect(&m, 16, 0, 16 + FOLD_SIDE, FOLD_SIDE, to8(V4(0, 1, 0, 1)));
      model_rect(&m, 32, 0, 32 + FOLD_SIDE, FOLD_SIDE, to8(V4(0, 0, 1, 1)));
      model_rect(&m, 48, 0, 48 + FOLD_SIDE, FOLD_SIDE, to8(V4(1, 1, 0, 1)));
      model_rect(&m, 0, 16, FOLD_SIDE, 16 + FOLD_SIDE, to8(V4(1, 0, 1, 1)));
      model_rect(&m, 16, 16, 16 + FOLD_SIDE, 16 + FOLD_SIDE, to8(V4(0, 1, 1, 1)));
      check_frame(pass ? "vertex_fold, switched back" : "vertex_fold", &m);
      gl.BindVertexArray(0);
      gl.DeleteVertexArrays(5, vao);
      gl.DeleteBuffers(6, vbo);
   }
   gl.DeleteProgram(prog);
   check_gl_error("vertex_fold teardown");
}
