/* scenario_indirect.c — indirect draws at the API (issue 20, GL 4.0 ARB_draw_indirect and GL 4.3
 * ARB_multi_draw_indirect): the spec's errors of glDraw*Indirect and glMultiDraw*Indirect, then
 * draws whose commands the client wrote and ones a compute shader wrote, checked to the pixel.
 * The commands use instanceCount, first/firstIndex, baseVertex and baseInstance (a per-instance
 * colour), so each field is seen drawn. A backend without indirect draws (the GLES one) must
 * not list the extensions and must refuse GL_DRAW_INDIRECT_BUFFER as GL 3.3 does. */
#include <stdlib.h>
#include <time.h>

#include "scenario.h"

/* Rectangle k of the vertex buffer: [0, 8) x [16k, 16k + 8), six vertices from vertex 6k. */
enum { RECTS = 4, CELL = 16, SIDE = 8 };

/* The colour of instance i (attribute 1, divisor 1). */
static const float COLOURS[6][4] = {
   {1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1}, {1, 0, 1, 1}, {0, 1, 1, 1},
};

static const char *VS_INSTANCED = "#version 330 core\n"
                                  "layout(location = 0) in vec2 a_pos;\n"
                                  "layout(location = 1) in vec4 a_colour;\n"
                                  "out vec4 v_colour;\n"
                                  "void main() {\n"
                                  "  vec2 p = a_pos + vec2(float(gl_InstanceID) * 16.0, 0.0);\n"
                                  "  gl_Position = vec4(p / 32.0 - 1.0, 0.0, 1.0);\n"
                                  "  v_colour = a_colour;\n"
                                  "}\n";
static const char *FS_VARYING = "#version 330 core\n"
                                "in vec4 v_colour;\n"
                                "out vec4 o;\n"
                                "void main() { o = v_colour; }\n";

struct scene {
   GLuint prog, vao, vbo, colours, ebo;
};

/* The program, and a VAO with the rectangles at attribute 0, the colours per instance at 1 and
 * an element buffer of six indices 0..5 (16-bit). */
static struct scene
scene_make(void)
{
   struct scene s;
   s.prog = link_program(VS_INSTANCED, FS_VARYING);
   float xy[RECTS * 12];
   for (int k = 0; k < RECTS; k++)
      rect_vertices(xy + 12 * k, 0, (float)(CELL * k), SIDE, (float)(CELL * k + SIDE));
   gl.GenVertexArrays(1, &s.vao);
   gl.BindVertexArray(s.vao);
   gl.GenBuffers(1, &s.vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, s.vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof xy, xy, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   gl.GenBuffers(1, &s.colours);
   gl.BindBuffer(GL_ARRAY_BUFFER, s.colours);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof COLOURS, COLOURS, GL_STATIC_DRAW);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.VertexAttribDivisor(1, 1);
   gl.EnableVertexAttribArray(1);
   const GLushort idx[6] = {0, 1, 2, 3, 4, 5};
   gl.GenBuffers(1, &s.ebo);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, s.ebo);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
   gl.UseProgram(s.prog);
   check_gl_error("the indirect scene");
   return s;
}

static void
scene_free(struct scene *s)
{
   gl.UseProgram(0);
   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(1, &s->vao);
   GLuint bufs[3] = {s->vbo, s->colours, s->ebo};
   gl.DeleteBuffers(3, bufs);
   gl.DeleteProgram(s->prog);
}

/* Instances [0, n) of rectangle k drawn with base instance b, into the model. */
static void
model_instances(model *m, int k, int n, int b)
{
   for (int i = 0; i < n; i++)
      model_rect(
         m, CELL * i, CELL * k, CELL * i + SIDE, CELL * k + SIDE,
         to8(V4(COLOURS[b + i][0], COLOURS[b + i][1], COLOURS[b + i][2], COLOURS[b + i][3])));
}

/* Whether the context draws indirectly; where it does not (mgl's GLES backend only), the
 * binding point must be unknown. */
static bool
indirect_offered(void)
{
   const bool draw = has_ext("GL_ARB_draw_indirect");
   const bool multi = has_ext("GL_ARB_multi_draw_indirect");
   if (draw && multi)
      return true;
   if (!on_mgl())
      die_setup("the reference GL lists no GL_ARB_draw_indirect / GL_ARB_multi_draw_indirect");
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   if (draw || multi || !renderer || !strstr(renderer, "(GLES:")) {
      fail("GL_ARB_draw_indirect %d, GL_ARB_multi_draw_indirect %d on renderer %s", draw, multi,
           renderer ? renderer : "(null)");
      return false;
   }
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, b);
   expect_gl_error(GL_INVALID_ENUM, "glBindBuffer(GL_DRAW_INDIRECT_BUFFER) without indirect draws");
   gl.DeleteBuffers(1, &b);
   skipped("indirect draws (the backend has none)");
   return false;
}

static GLuint
indirect_buffer(const void *data, GLsizeiptr size)
{
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, b);
   gl.BufferData(GL_DRAW_INDIRECT_BUFFER, size, data, GL_STATIC_DRAW);
   check_gl_error("glBufferData(GL_DRAW_INDIRECT_BUFFER)");
   return b;
}

/* The errors of the single-draw forms (GL 4.6 core 10.4). */
static void
draw_indirect_errors(struct scene *s)
{
   gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
   gl.DrawArraysIndirect(GL_TRIANGLES, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawArraysIndirect with no indirect buffer");
   const GLuint cmd[8] = {6, 1, 0, 0, 6, 1, 0, 0};
   GLuint b = indirect_buffer(cmd, sizeof cmd);
   GLint bound = 0;
   glGetIntegerv(GL_DRAW_INDIRECT_BUFFER_BINDING, &bound);
   check_gl_error("glGet GL_DRAW_INDIRECT_BUFFER_BINDING");
   if ((GLuint)bound != b)
      fail("GL_DRAW_INDIRECT_BUFFER_BINDING = %d, want %u", bound, b);
   gl.DrawArraysIndirect(GL_TRIANGLES, (const void *)2);
   expect_gl_error(GL_INVALID_VALUE, "glDrawArraysIndirect at offset 2");
   gl.DrawArraysIndirect(GL_TRIANGLES, (const void *)20);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawArraysIndirect of 16 bytes at 20 of 32");
   gl.DrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (const void *)16);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawElementsIndirect of 20 bytes at 16 of 32");
   gl.DrawArraysIndirect(GL_QUADS, NULL);
   expect_gl_error(GL_INVALID_ENUM, "glDrawArraysIndirect(GL_QUADS) in a core context");
   gl.DrawElementsIndirect(GL_TRIANGLES, GL_FLOAT, NULL);
   expect_gl_error(GL_INVALID_ENUM, "glDrawElementsIndirect of GL_FLOAT indices");
   gl.MapBufferRange(GL_DRAW_INDIRECT_BUFFER, 0, 16, GL_MAP_READ_BIT);
   check_gl_error("glMapBufferRange of the indirect buffer");
   gl.DrawArraysIndirect(GL_TRIANGLES, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawArraysIndirect from a mapped buffer");
   gl.UnmapBuffer(GL_DRAW_INDIRECT_BUFFER);
   /* indices only from an element array buffer */
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   gl.DrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawElementsIndirect with no element array buffer");
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, s->ebo);
   /* a core context draws only with a vertex array object */
   gl.BindVertexArray(0);
   gl.DrawArraysIndirect(GL_TRIANGLES, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawArraysIndirect with no vertex array object");
   gl.BindVertexArray(s->vao);
   /* deleting the buffer unbinds it */
   gl.DeleteBuffers(1, &b);
   glGetIntegerv(GL_DRAW_INDIRECT_BUFFER_BINDING, &bound);
   if (bound != 0)
      fail("GL_DRAW_INDIRECT_BUFFER_BINDING = %d after glDeleteBuffers, want 0", bound);
}

void
sc_draw_indirect(void)
{
   if (!indirect_offered())
      return;
   struct scene s = scene_make();
   draw_indirect_errors(&s);

   /* words 0-3: arrays {count 6, 3 instances, first vertex 6 (rectangle 1), base instance 1};
    * words 4-8: elements {count 6, 2 instances, first index 0, base vertex 18 (rectangle 3),
    * base instance 3}; word 9: spare, so the elements command sits at 16 and at 20 */
   const GLuint cmd[10] = {6, 3, 6, 1, 6, 2, 0, 18, 3, 0};
   GLuint b = indirect_buffer(cmd, sizeof cmd);
   clear_to(V4(0, 0, 0, 1));
   gl.DrawArraysIndirect(GL_TRIANGLES, NULL);
   gl.DrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (const void *)16);
   check_gl_error("glDrawArraysIndirect and glDrawElementsIndirect");
   model m;
   model_init(&m, V4(0, 0, 0, 1));
   model_instances(&m, 1, 3, 1);
   model_instances(&m, 3, 2, 3);
   check_frame("client-written indirect commands", &m);

   /* the commands change with glBufferSubData; the next draw reads the new bytes */
   const GLuint next[5] = {6, 1, 0, 0, 5};
   gl.BufferSubData(GL_DRAW_INDIRECT_BUFFER, 16, sizeof next, next);
   clear_to(V4(0, 0, 0, 1));
   gl.DrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (const void *)16);
   check_gl_error("glDrawElementsIndirect after glBufferSubData");
   model_init(&m, V4(0, 0, 0, 1));
   model_instances(&m, 0, 1, 5);
   check_frame("indirect command rewritten by glBufferSubData", &m);
   gl.DeleteBuffers(1, &b);
   scene_free(&s);
}

/* ---- multi-draw ---- */

static void
multi_draw_errors(void)
{
   const GLuint cmd[12] = {6, 1, 0, 0, 6, 1, 0, 0, 6, 1, 0, 0};
   GLuint b = indirect_buffer(cmd, sizeof cmd);
   gl.MultiDrawArraysIndirect(GL_TRIANGLES, NULL, -1, 0);
   expect_gl_error(GL_INVALID_VALUE, "glMultiDrawArraysIndirect of -1 draws");
   gl.MultiDrawArraysIndirect(GL_TRIANGLES, NULL, 2, 18);
   expect_gl_error(GL_INVALID_VALUE, "glMultiDrawArraysIndirect with stride 18");
   gl.MultiDrawArraysIndirect(GL_TRIANGLES, NULL, 4, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glMultiDrawArraysIndirect of 4 x 16 bytes from 48");
   gl.MultiDrawArraysIndirect(GL_TRIANGLES, NULL, 3, 20);
   expect_gl_error(GL_INVALID_OPERATION, "glMultiDrawArraysIndirect of 3 at stride 20 from 48");
   gl.MultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (const void *)12, 2, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glMultiDrawElementsIndirect of 2 x 20 at 12 of 48");
   gl.MultiDrawArraysIndirect(GL_TRIANGLES, NULL, 2, 32);
   check_gl_error("glMultiDrawArraysIndirect of 2 at stride 32, the last byte the buffer's");
   gl.MultiDrawArraysIndirect(GL_TRIANGLES, NULL, 0, 0);
   check_gl_error("glMultiDrawArraysIndirect of no draws");
   gl.MultiDrawArraysIndirect(GL_TRIANGLES, NULL, 3, 16);
   check_gl_error("glMultiDrawArraysIndirect of 3 x 16 bytes from 48");
   gl.DeleteBuffers(1, &b);
}

static const char *CS_COMMANDS =
   "#version 430\n"
   "layout(local_size_x = 4) in;\n"
   "layout(std430, binding = 0) writeonly buffer Cmds { uint w[]; };\n"
   "void main() {\n"
   "  uint k = gl_LocalInvocationID.x, at = k * 5u;\n"
   "  w[at] = 6u;               /* count */\n"
   "  w[at + 1u] = 4u - k;      /* instances: 4, 3, 2, 1 */\n"
   "  w[at + 2u] = 0u;          /* first index */\n"
   "  w[at + 3u] = 6u * k;      /* base vertex: rectangle k */\n"
   "  w[at + 4u] = k / 2u;      /* base instance */\n"
   "}\n";

void
sc_multi_draw_indirect(void)
{
   if (!indirect_offered())
      return;
   struct scene s = scene_make();
   multi_draw_errors();

   /* four array commands 32 bytes apart, the gaps holding bytes no command may read; the
    * second draws nothing (instance count 0) */
   GLuint cmd[32];
   for (int i = 0; i < 32; i++)
      cmd[i] = 0xdeadbeefu;
   const GLuint arrays[4][4] = {{6, 2, 0, 0}, {6, 0, 6, 1}, {6, 1, 12, 4}, {6, 3, 18, 2}};
   for (int k = 0; k < 4; k++)
      memcpy(cmd + 8 * k, arrays[k], sizeof arrays[k]);
   GLuint b = indirect_buffer(cmd, sizeof cmd);
   clear_to(V4(0, 0, 0, 1));
   gl.MultiDrawArraysIndirect(GL_TRIANGLES, NULL, 4, 32);
   check_gl_error("glMultiDrawArraysIndirect, stride 32");
   model m;
   model_init(&m, V4(0, 0, 0, 1));
   model_instances(&m, 0, 2, 0);
   model_instances(&m, 2, 1, 4);
   model_instances(&m, 3, 3, 2);
   check_frame("four client-written commands 32 bytes apart", &m);
   gl.DeleteBuffers(1, &b);

   GLint n = 0;
   glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &n);
   if (glGetError() != GL_NO_ERROR || n == 0) {
      skipped("commands written by a compute shader (no storage buffers)");
      scene_free(&s);
      return;
   }
   /* a compute shader writes four element commands, tightly packed; a command barrier, then
    * one call draws them all */
   GLuint cp = must_compute(CS_COMMANDS);
   GLint linked = 0;
   gl.GetProgramiv(cp, GL_LINK_STATUS, &linked);
   if (!linked) {
      gl.DeleteProgram(cp);
      scene_free(&s);
      return;
   }
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, 4 * 20, NULL, GL_DYNAMIC_DRAW);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
   gl.UseProgram(cp);
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_COMMAND_BARRIER_BIT);
   check_gl_error("the dispatch writing draw commands");
   gl.UseProgram(s.prog);
   gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, b);
   clear_to(V4(0, 0, 0, 1));
   gl.MultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL, 4, 0);
   check_gl_error("glMultiDrawElementsIndirect of compute-written commands");
   model_init(&m, V4(0, 0, 0, 1));
   for (int k = 0; k < 4; k++)
      model_instances(&m, k, 4 - k, k / 2);
   check_frame("four compute-written element commands", &m);
   gl.DeleteProgram(cp);
   gl.DeleteBuffers(1, &b);
   scene_free(&s);
}

/* ---- hostile counts ---- */

static double
seconds(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Counts near 2^31 in commands the client wrote: robust access reads zeros past the buffers,
 * but the GPU would still run the vertices (minutes on lavapipe, past a GPU's watchdog for
 * every session). mgl clamps each such command (indirect-draw-clamped, counted by the server)
 * to a per-draw budget of vertices times instances, and the whole run ends in seconds. The
 * vertices past the buffers read zeros (robust access): their triangles cover no pixel, and the
 * instances past the fourth lie outside the window, so the clamp leaves the pixels as GL's.
 * The run must end within a minute (5-7 s on lavapipe; under ASan 42 s on a loaded host, where
 * the sanitize lane raises MGL_VK_GPU_TIMEOUT_MS; without the clamp the first draw alone ran
 * into MGL_VK_GPU_TIMEOUT_MS). */
void
sc_draw_indirect_huge_counts(void)
{
   if (!indirect_offered())
      return;
   if (!on_mgl()) {
      skipped("counts near 2^31 run for minutes on a reference GL");
      return;
   }
   struct scene s = scene_make();
   const GLuint big = 0x7fffffffu;
   model m;
   const double t0 = seconds();

   /* arrays: 2^31 - 1 vertices of a 24-vertex buffer (instance colours per instance: they
    * bound nothing) */
   const GLuint arrays[4] = {big, 1, 0, 0};
   GLuint b = indirect_buffer(arrays, sizeof arrays);
   clear_to(V4(0, 0, 0, 1));
   gl.DrawArraysIndirect(GL_TRIANGLES, NULL);
   check_gl_error("glDrawArraysIndirect of 2^31 - 1 vertices");
   model_init(&m, V4(0, 0, 0, 1));
   for (int k = 0; k < RECTS; k++)
      model_instances(&m, k, 1, 0);
   check_frame("2^31 - 1 vertices: the 24 the buffer holds", &m);

   /* elements: 2^31 - 1 indices of a 6-index buffer; then 2^31 - 1 instances of rectangle 1 */
   const GLuint elements[10] = {big, 1, 0, 0, 0, 6, big, 0, 6, 0};
   gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof elements, elements, GL_STATIC_DRAW);
   clear_to(V4(0, 0, 0, 1));
   gl.DrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL);
   gl.DrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (const void *)20);
   check_gl_error("glDrawElementsIndirect of 2^31 - 1 indices, then instances");
   model_init(&m, V4(0, 0, 0, 1));
   model_instances(&m, 0, 1, 0);
   model_instances(&m, 1, 4, 0);
   check_frame("2^31 - 1 indices: the 6 the buffer holds; 2^31 - 1 instances", &m);

   /* a multi-draw of 256 such commands packed (rectangle 3), and one of three 32 bytes apart
    * (rectangle 2, the gaps holding huge counts no command may read) */
   enum { MANY = 256 };
   static GLuint many[MANY * 5];
   for (int k = 0; k < MANY; k++) {
      const GLuint c[5] = {6, big, 0, 18, 0};
      memcpy(many + 5 * k, c, sizeof c);
   }
   gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof many, many, GL_STATIC_DRAW);
   clear_to(V4(0, 0, 0, 1));
   gl.MultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL, MANY, 0);
   GLuint gapped[24];
   for (int i = 0; i < 24; i++)
      gapped[i] = big;
   for (int k = 0; k < 3; k++) {
      const GLuint c[5] = {6, big, 0, 12, 0};
      memcpy(gapped + 8 * k, c, sizeof c);
   }
   gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof gapped, gapped, GL_STATIC_DRAW);
   gl.MultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL, 3, 32);
   check_gl_error("glMultiDrawElementsIndirect of huge instance counts");
   model_init(&m, V4(0, 0, 0, 1));
   model_instances(&m, 2, 4, 0);
   model_instances(&m, 3, 4, 0);
   check_frame("multi-draws of 2^31 - 1 instances each", &m);

   /* a sane command after them draws as asked */
   const GLuint sane[4] = {6, 2, 6, 2};
   gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof sane, sane, GL_STATIC_DRAW);
   clear_to(V4(0, 0, 0, 1));
   gl.DrawArraysIndirect(GL_TRIANGLES, NULL);
   check_gl_error("glDrawArraysIndirect after the clamps");
   model_init(&m, V4(0, 0, 0, 1));
   model_instances(&m, 1, 2, 2);
   check_frame("a command of 6 vertices, 2 instances after the clamps", &m);
   /* 1 + 2 + 256 + 3 commands over any device's budget (2^30 at most), the sane one within */
   printf("  DECLINE-COUNT-EXPECTED indirect-draw-clamped 262\n");
   glFinish();
   /* a lane that raises the GPU watchdog (sanitize: ASan's interceptors slow lavapipe's own
    * threads about tenfold) allows twice that; an unclamped 2^31 - 1 still takes far longer */
   const char *knob = getenv("MGL_VK_GPU_TIMEOUT_MS");
   const double watchdog_s = knob ? atof(knob) / 1000.0 : 0.0;
   const double limit = watchdog_s * 2.0 > 60.0 ? watchdog_s * 2.0 : 60.0;
   const double took = seconds() - t0;
   if (took > limit)
      fail("the huge indirect counts took %.1f s (limit %.0f s)", took, limit);
   gl.DeleteBuffers(1, &b);
   scene_free(&s);
}

/* ---- commands within the budget draw as GL says ---- */

/* Captures gl_VertexID (word 0) and attribute 0 (words 1, 2) of each point. */
static const char *VS_VERTEX_ID = "#version 330 core\n"
                                  "layout(location = 0) in vec2 a_pos;\n"
                                  "flat out int v_id;\n"
                                  "out vec2 v_pos;\n"
                                  "void main() {\n"
                                  "  v_id = gl_VertexID;\n"
                                  "  v_pos = a_pos;\n"
                                  "  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"
                                  "}\n";
static const char *FS_WHITE = "#version 330 core\n"
                              "out vec4 o;\n"
                              "void main() { o = vec4(1.0); }\n";

enum { ID_WORDS = 3, ID_SLOTS = 48 };

/* Draws one command of `words` (4: arrays, 5: elements) as points into a capture of ID_SLOTS
 * points and checks that exactly n were captured, the first with gl_VertexID `first`, each
 * next one more (ids_known of them; the rest read indices past the buffer, whose vertices
 * robust access leaves unnamed). */
static void
expect_ids(GLuint prog, GLuint cmd_buf, bool indexed, uint32_t n, uint32_t first,
           uint32_t ids_known, const char *what)
{
   const uint32_t bytes = ID_SLOTS * ID_WORDS * 4;
   GLuint cap = xfb_buffer(bytes);
   gl.UseProgram(prog);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, cap);
   gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, cmd_buf);
   glEnable(GL_RASTERIZER_DISCARD);
   gl.BeginTransformFeedback(GL_POINTS);
   if (indexed)
      gl.DrawElementsIndirect(GL_POINTS, GL_UNSIGNED_SHORT, NULL);
   else
      gl.DrawArraysIndirect(GL_POINTS, NULL);
   gl.EndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   check_gl_error(what);
   static uint32_t got[ID_SLOTS * ID_WORDS];
   read_buffer(cap, 0, bytes, got);
   for (uint32_t v = 0; v < ID_SLOTS; v++) {
      const uint32_t id = got[v * ID_WORDS];
      if (v >= n) {
         if (id != 0xababababu)
            fail("%s: captured word %u is 0x%08x: %u points were drawn, want %u", what,
                 v * ID_WORDS, id, v + 1, n);
         break;
      }
      if (id == 0xababababu) {
         fail("%s: captured word %u untouched: %u points were drawn, want %u", what, v * ID_WORDS,
              v, n);
         break;
      }
      if (v < ids_known && id != first + v) {
         fail("%s: captured word %u is gl_VertexID %u, want %u", what, v * ID_WORDS, id, first + v);
         break;
      }
   }
   gl.DeleteBuffers(1, &cap);
}

/* The clamp bounds only the work an indirect draw runs (sc_draw_indirect_huge_counts): a
 * command within the budget draws what GL says however far past the bound buffers its
 * vertices or indices run (robust access reads zeros or values inside them) and is not
 * counted as clamped. The first is piglit arb_query_buffer_object-coherency's shape: a first
 * vertex of 2^32 - 1 (a GL_TIMESTAMP read as GL_UNSIGNED_INT saturates) with no vertex
 * buffer, which a clamp to "what the buffers hold from the first vertex" drew as nothing. */
void
sc_draw_indirect_past_buffers(void)
{
   if (!indirect_offered())
      return;
   if (on_mgl())
      printf("  NO-DECLINE-EXPECTED indirect-draw-clamped (every command within the budget)\n");
   GLuint prog = compile(GL_VERTEX_SHADER, VS_VERTEX_ID);
   GLuint fsh = compile(GL_FRAGMENT_SHADER, FS_WHITE);
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, prog);
   gl.AttachShader(p, fsh);
   const char *names[2] = {"v_id", "v_pos"};
   gl.TransformFeedbackVaryings(p, 2, names, GL_INTERLEAVED_ATTRIBS);
   gl.LinkProgram(p);
   gl.DeleteShader(prog);
   gl.DeleteShader(fsh);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok)
      die_setup("the gl_VertexID capture program failed to link");

   /* no vertex buffer: one vertex from 2^32 - 1 */
   GLuint empty;
   gl.GenVertexArrays(1, &empty);
   gl.BindVertexArray(empty);
   const GLuint last[4] = {1, 1, 0xffffffffu, 0};
   GLuint b = indirect_buffer(last, sizeof last);
   expect_ids(p, b, false, 1, 0xffffffffu, 1, "1 vertex from 2^32 - 1, no vertex buffer");

   /* 24 vertices in the buffer, 6 indices */
   struct scene s = scene_make();
   const GLuint past[4] = {3, 1, 30, 0};
   gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof past, past, GL_STATIC_DRAW);
   expect_ids(p, b, false, 3, 30, 3, "3 vertices from 30 of a 24-vertex buffer");
   const GLuint over[4] = {30, 1, 0, 0};
   gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof over, over, GL_STATIC_DRAW);
   expect_ids(p, b, false, 30, 0, 30, "30 vertices of a 24-vertex buffer");
   const GLuint elements[5] = {10, 1, 0, 0, 0};
   gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof elements, elements, GL_STATIC_DRAW);
   expect_ids(p, b, true, 10, 0, 6, "10 indices of a 6-index buffer");

   /* the first vertex a query wrote into the command on the GPU (GL_QUERY_BUFFER): the
    * primitives generated by 40 points (with no vertex buffer), drawn with the 24-vertex one */
   if (has_ext("GL_ARB_query_buffer_object")) {
      GLuint q;
      gl.GenQueries(1, &q);
      gl.UseProgram(p);
      gl.BindVertexArray(empty);
      glEnable(GL_RASTERIZER_DISCARD);
      gl.BeginQuery(GL_PRIMITIVES_GENERATED, q);
      glDrawArrays(GL_POINTS, 0, 40);
      gl.EndQuery(GL_PRIMITIVES_GENERATED);
      glDisable(GL_RASTERIZER_DISCARD);
      const GLuint queried[4] = {2, 1, 999, 0};
      gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof queried, queried, GL_STATIC_DRAW);
      gl.BindBuffer(GL_QUERY_BUFFER, b);
      gl.GetQueryObjectuiv(q, GL_QUERY_RESULT, (GLuint *)(uintptr_t)8);
      gl.BindBuffer(GL_QUERY_BUFFER, 0);
      gl.BindVertexArray(s.vao);
      check_gl_error("glGetQueryObjectuiv into the indirect buffer");
      expect_ids(p, b, false, 2, 40, 2, "2 vertices from the 40 a query wrote");
      gl.DeleteQueries(1, &q);
   }
   gl.DeleteBuffers(1, &b);
   gl.DeleteVertexArrays(1, &empty);
   gl.DeleteProgram(p);
   scene_free(&s);
}

/* ---- base instance (GL 4.2 ARB_base_instance) ---- */

/* Instances [0, n) of rectangle k drawn from base instance b with the colours at divisor div. */
static void
model_divided(model *m, int k, int n, int b, int div)
{
   for (int i = 0; i < n; i++) {
      const float *c = COLOURS[b + i / div];
      model_rect(m, CELL * i, CELL * k, CELL * i + SIDE, CELL * k + SIDE,
                 to8(V4(c[0], c[1], c[2], c[3])));
   }
}

void
sc_base_instance(void)
{
   const bool offered = has_ext("GL_ARB_base_instance");
   if (!offered && !on_mgl())
      die_setup("the reference GL lists no GL_ARB_base_instance");
   struct scene s = scene_make();
   model m;
   if (!offered) {
      /* mgl's GLES backend: not listed, and a draw from a base instance other than 0 is the
       * named decline (nothing drawn, no error); from base instance 0 it draws */
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (!renderer || !strstr(renderer, "(GLES:"))
         fail("GL_ARB_base_instance not listed on renderer %s", renderer ? renderer : "(null)");
      clear_to(V4(0, 0, 0, 1));
      gl.DrawArraysInstancedBaseInstance(GL_TRIANGLES, 6, 6, 2, 1);
      check_gl_error("glDrawArraysInstancedBaseInstance from 1 where it is declined");
      gl.DrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, 6, 2, 0);
      check_gl_error("glDrawArraysInstancedBaseInstance from 0");
      model_init(&m, V4(0, 0, 0, 1));
      model_instances(&m, 0, 2, 0);
      check_frame("base instance 0 drawn, base instance 1 declined", &m);
      skipped("draws from a base instance (the backend has none)");
      scene_free(&s);
      return;
   }
   /* no errors of their own: the instanced draws' */
   gl.DrawArraysInstancedBaseInstance(GL_QUADS, 0, 6, 1, 0);
   expect_gl_error(GL_INVALID_ENUM, "glDrawArraysInstancedBaseInstance(GL_QUADS) in core");
   gl.DrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, -1, 1, 0);
   expect_gl_error(GL_INVALID_VALUE, "glDrawArraysInstancedBaseInstance of count -1");
   gl.DrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, 6, -1, 0);
   expect_gl_error(GL_INVALID_VALUE, "glDrawArraysInstancedBaseInstance of -1 instances");
   gl.DrawElementsInstancedBaseInstance(GL_TRIANGLES, 6, GL_FLOAT, NULL, 1, 0);
   expect_gl_error(GL_INVALID_ENUM, "glDrawElementsInstancedBaseInstance of GL_FLOAT indices");
   gl.DrawElementsInstancedBaseVertexBaseInstance(GL_TRIANGLES, -1, GL_UNSIGNED_SHORT, NULL, 1, 0,
                                                  0);
   expect_gl_error(GL_INVALID_VALUE, "glDrawElementsInstancedBaseVertexBaseInstance of count -1");
   gl.BindVertexArray(0);
   gl.DrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, 6, 1, 1);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawArraysInstancedBaseInstance with no VAO");
   gl.BindVertexArray(s.vao);

   /* each form once: rectangle 1 from base instance 1, rectangle 0 from 4 by its indices,
    * rectangle 3 (base vertex 18) from 2; gl_InstanceID counts from 0 in each */
   clear_to(V4(0, 0, 0, 1));
   gl.DrawArraysInstancedBaseInstance(GL_TRIANGLES, 6, 6, 3, 1);
   gl.DrawElementsInstancedBaseInstance(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 2, 4);
   gl.DrawElementsInstancedBaseVertexBaseInstance(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 2, 18,
                                                  2);
   check_gl_error("the three base-instance draws");
   model_init(&m, V4(0, 0, 0, 1));
   model_instances(&m, 1, 3, 1);
   model_instances(&m, 0, 2, 4);
   model_instances(&m, 3, 2, 2);
   check_frame("draws from base instances 1, 4 and 2", &m);

   /* divisor 2: instance i reads colour i / 2 + baseinstance (GL 4.6 10.5), not
    * (i + baseinstance) / 2; a base instance of 0 is the plain instanced draw */
   gl.VertexAttribDivisor(1, 2);
   clear_to(V4(0, 0, 0, 1));
   gl.DrawArraysInstancedBaseInstance(GL_TRIANGLES, 12, 6, 4, 1);
   gl.DrawElementsInstancedBaseVertexBaseInstance(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 3, 0,
                                                  0);
   check_gl_error("base-instance draws at divisor 2");
   model_init(&m, V4(0, 0, 0, 1));
   model_divided(&m, 2, 4, 1, 2);
   model_divided(&m, 0, 3, 0, 2);
   check_frame("divisor 2 from base instances 1 and 0", &m);
   gl.VertexAttribDivisor(1, 1);
   scene_free(&s);
}

/* ---- draw parameters (GL 4.6 ARB_shader_draw_parameters) ---- */

/* Each drawn pixel is (gl_BaseVertexARB, gl_BaseInstanceARB, gl_DrawIDARB) in 8-bit units, on
 * a white clear: GL 4.6 11.1.3.9's values, not Vulkan's (BaseVertex is firstVertex in an
 * arrays draw; DrawIndex counts through one command, which a GL call need not be). */
static const char *VS_DRAW_PARAMS = "#version 330 core\n"
                                    "#extension GL_ARB_shader_draw_parameters : require\n"
                                    "layout(location = 0) in vec2 a_pos;\n"
                                    "flat out ivec3 v_params;\n"
                                    "void main() {\n"
                                    "  vec2 p = a_pos + vec2(float(gl_InstanceID) * 16.0, 0.0);\n"
                                    "  gl_Position = vec4(p / 32.0 - 1.0, 0.0, 1.0);\n"
                                    "  v_params = ivec3(gl_BaseVertexARB, gl_BaseInstanceARB,\n"
                                    "                   gl_DrawIDARB);\n"
                                    "}\n";
static const char *FS_DRAW_PARAMS = "#version 330 core\n"
                                    "flat in ivec3 v_params;\n"
                                    "out vec4 o;\n"
                                    "void main() { o = vec4(vec3(v_params) / 255.0, 1.0); }\n";

/* Instances [0, n) of rectangle k drawn with these parameters. */
static void
model_params(model *m, int k, int n, int base_vertex, int base_instance, int draw_id)
{
   const rgba8 c = {{(uint8_t)base_vertex, (uint8_t)base_instance, (uint8_t)draw_id, 255}};
   for (int i = 0; i < n; i++)
      model_rect(m, CELL * i, CELL * k, CELL * i + SIDE, CELL * k + SIDE, c);
}

void
sc_draw_parameters(void)
{
   const bool offered = has_ext("GL_ARB_shader_draw_parameters");
   if (!offered && !on_mgl())
      die_setup("the reference GL lists no GL_ARB_shader_draw_parameters");
   if (!offered) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (!renderer || !strstr(renderer, "(GLES:"))
         fail("GL_ARB_shader_draw_parameters not listed on renderer %s",
              renderer ? renderer : "(null)");
      skipped("draw parameters (the backend has none)");
      return;
   }
   struct scene s = scene_make();
   gl.DeleteProgram(s.prog);
   s.prog = link_program(VS_DRAW_PARAMS, FS_DRAW_PARAMS);
   gl.UseProgram(s.prog);
   model m;

   /* glMultiDrawArrays: gl_DrawID 0..3 and gl_BaseVertex 0 though first is 6k */
   clear_to(V4(1, 1, 1, 1));
   const GLint firsts[4] = {0, 6, 12, 18};
   const GLsizei six[4] = {6, 6, 6, 6};
   gl.MultiDrawArrays(GL_TRIANGLES, firsts, six, 4);
   check_gl_error("glMultiDrawArrays");
   model_init(&m, V4(1, 1, 1, 1));
   for (int k = 0; k < 4; k++)
      model_params(&m, k, 1, 0, 0, k);
   check_frame("glMultiDrawArrays: draw IDs 0..3, base vertex 0", &m);

   /* glMultiDrawElementsBaseVertex, its empty draw keeping its ID, then two separate draws:
    * each a call of its own, gl_DrawID 0 in both */
   clear_to(V4(1, 1, 1, 1));
   const GLsizei counts[4] = {6, 0, 6, 6};
   const void *offsets[4] = {NULL, NULL, NULL, NULL};
   const GLint bases[4] = {18, 0, 6, 12};
   gl.MultiDrawElementsBaseVertex(GL_TRIANGLES, counts, GL_UNSIGNED_SHORT, offsets, 4, bases);
   check_gl_error("glMultiDrawElementsBaseVertex");
   model_init(&m, V4(1, 1, 1, 1));
   model_params(&m, 3, 1, 18, 0, 0);
   model_params(&m, 1, 1, 6, 0, 2);
   model_params(&m, 2, 1, 12, 0, 3);
   check_frame("glMultiDrawElementsBaseVertex: base vertices 18, 6, 12 as draws 0, 2, 3", &m);
   clear_to(V4(1, 1, 1, 1));
   glDrawArrays(GL_TRIANGLES, 6, 6);
   glDrawArrays(GL_TRIANGLES, 12, 6);
   gl.DrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 18);
   check_gl_error("three single draws");
   model_init(&m, V4(1, 1, 1, 1));
   model_params(&m, 1, 1, 0, 0, 0);
   model_params(&m, 2, 1, 0, 0, 0);
   model_params(&m, 3, 1, 18, 0, 0);
   check_frame("single draws: draw ID 0 each", &m);

   /* base instances, instanced */
   clear_to(V4(1, 1, 1, 1));
   gl.DrawArraysInstancedBaseInstance(GL_TRIANGLES, 6, 6, 2, 3);
   gl.DrawElementsInstancedBaseVertexBaseInstance(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 3, 18,
                                                  5);
   check_gl_error("base-instance draws");
   model_init(&m, V4(1, 1, 1, 1));
   model_params(&m, 1, 2, 0, 3, 0);
   model_params(&m, 3, 3, 18, 5, 0);
   check_frame("base instances 3 and 5", &m);

   /* indirect: gl_DrawID counts the commands of one call; an arrays command's base vertex is
    * 0 whatever its first */
   if (has_ext("GL_ARB_multi_draw_indirect")) {
      GLuint el[4][5], ar[4][4];
      for (GLuint k = 0; k < 4; k++) {
         const GLuint e[5] = {6, 1, 0, 6 * k, 7 + k};
         const GLuint a[4] = {6, 2, 6 * k, 9 + k};
         memcpy(el[k], e, sizeof e);
         memcpy(ar[k], a, sizeof a);
      }
      GLuint b = indirect_buffer(el, sizeof el);
      clear_to(V4(1, 1, 1, 1));
      gl.MultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL, 4, 0);
      check_gl_error("glMultiDrawElementsIndirect");
      model_init(&m, V4(1, 1, 1, 1));
      for (int k = 0; k < 4; k++)
         model_params(&m, k, 1, 6 * k, 7 + k, k);
      check_frame("glMultiDrawElementsIndirect: four commands", &m);
      gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof ar, ar, GL_STATIC_DRAW);
      clear_to(V4(1, 1, 1, 1));
      gl.MultiDrawArraysIndirect(GL_TRIANGLES, (const void *)16, 3, 0);
      check_gl_error("glMultiDrawArraysIndirect");
      model_init(&m, V4(1, 1, 1, 1));
      for (int k = 1; k < 4; k++)
         model_params(&m, k, 2, 0, 9 + k, k - 1);
      check_frame("glMultiDrawArraysIndirect: three commands from the second", &m);
      gl.DeleteBuffers(1, &b);
   }
   scene_free(&s);
}

/* ---- draw counts from a buffer (GL 4.6 ARB_indirect_parameters) ---- */

typedef void(APIENTRYP pfn_mdai_count)(GLenum, const void *, GLintptr, GLsizei, GLsizei);
typedef void(APIENTRYP pfn_mdei_count)(GLenum, GLenum, const void *, GLintptr, GLsizei, GLsizei);

/* Where the context lists no GL_ARB_indirect_parameters (mgl's GLES backend only) the
 * parameter buffer's binding point must be unknown. */
static bool
indirect_count_offered(void)
{
   if (has_ext("GL_ARB_indirect_parameters"))
      return true;
   if (!on_mgl())
      die_setup("the reference GL lists no GL_ARB_indirect_parameters");
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   if (!renderer || !strstr(renderer, "(GLES:")) {
      fail("GL_ARB_indirect_parameters not listed on renderer %s", renderer ? renderer : "(null)");
      return false;
   }
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_PARAMETER_BUFFER, b);
   expect_gl_error(GL_INVALID_ENUM, "glBindBuffer(GL_PARAMETER_BUFFER) without the extension");
   gl.DeleteBuffers(1, &b);
   skipped("draw counts from a buffer (the backend has none)");
   return false;
}

static GLuint
parameter_buffer(const void *data, GLsizeiptr size)
{
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_PARAMETER_BUFFER, b);
   gl.BufferData(GL_PARAMETER_BUFFER, size, data, GL_STATIC_DRAW);
   check_gl_error("glBufferData(GL_PARAMETER_BUFFER)");
   return b;
}

/* ARB_indirect_parameters' errors: drawcount is an offset into GL_PARAMETER_BUFFER. */
static void
indirect_count_errors(pfn_mdai_count arrays, pfn_mdei_count elements)
{
   const GLuint cmd[12] = {6, 1, 0, 0, 6, 1, 0, 0, 6, 1, 0, 0};
   GLuint b = indirect_buffer(cmd, sizeof cmd);
   gl.BindBuffer(GL_PARAMETER_BUFFER, 0);
   arrays(GL_TRIANGLES, NULL, 0, 2, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glMultiDrawArraysIndirectCount with no parameter buffer");
   const GLuint counts[2] = {2, 1};
   GLuint p = parameter_buffer(counts, sizeof counts);
   GLint bound = 0;
   glGetIntegerv(GL_PARAMETER_BUFFER_BINDING, &bound);
   check_gl_error("glGet GL_PARAMETER_BUFFER_BINDING");
   if ((GLuint)bound != p)
      fail("GL_PARAMETER_BUFFER_BINDING = %d, want %u", bound, p);
   arrays(GL_TRIANGLES, NULL, 2, 2, 0);
   expect_gl_error(GL_INVALID_VALUE, "glMultiDrawArraysIndirectCount, drawcount 2");
   arrays(GL_TRIANGLES, NULL, 8, 2, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glMultiDrawArraysIndirectCount, a sizei at 8 of 8");
   arrays(GL_TRIANGLES, NULL, 4, -1, 0);
   expect_gl_error(GL_INVALID_VALUE, "glMultiDrawArraysIndirectCount of maxdrawcount -1");
   arrays(GL_TRIANGLES, NULL, 4, 2, 18);
   expect_gl_error(GL_INVALID_VALUE, "glMultiDrawArraysIndirectCount with stride 18");
   arrays(GL_TRIANGLES, NULL, 4, 4, 0);
   expect_gl_error(GL_INVALID_OPERATION,
                   "glMultiDrawArraysIndirectCount of at most 4 x 16 from 48");
   elements(GL_TRIANGLES, GL_UNSIGNED_SHORT, (const void *)12, 4, 2, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glMultiDrawElementsIndirectCount of 2 x 20 at 12 of 48");
   elements(GL_TRIANGLES, GL_FLOAT, NULL, 4, 1, 0);
   expect_gl_error(GL_INVALID_ENUM, "glMultiDrawElementsIndirectCount of GL_FLOAT indices");
   gl.MapBufferRange(GL_PARAMETER_BUFFER, 0, 8, GL_MAP_READ_BIT);
   check_gl_error("glMapBufferRange of the parameter buffer");
   arrays(GL_TRIANGLES, NULL, 0, 2, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glMultiDrawArraysIndirectCount from a mapped buffer");
   gl.UnmapBuffer(GL_PARAMETER_BUFFER);
   arrays(GL_TRIANGLES, NULL, 4, 0, 0);
   check_gl_error("glMultiDrawArraysIndirectCount of at most 0 draws");
   /* deleting the buffer unbinds it */
   gl.DeleteBuffers(1, &p);
   glGetIntegerv(GL_PARAMETER_BUFFER_BINDING, &bound);
   if (bound != 0)
      fail("GL_PARAMETER_BUFFER_BINDING = %d after glDeleteBuffers, want 0", bound);
   gl.DeleteBuffers(1, &b);
}

/* A compute shader writes the draw count into the parameter buffer. */
static const char *CS_COUNT = "#version 430\n"
                              "layout(local_size_x = 1) in;\n"
                              "layout(std430, binding = 0) writeonly buffer Count { uint n[]; };\n"
                              "void main() { n[0] = 2u; }\n";

void
sc_indirect_parameters(void)
{
   if (!indirect_offered() || !indirect_count_offered())
      return;
   const pfn_mdai_count arrays =
      (pfn_mdai_count)eglGetProcAddress("glMultiDrawArraysIndirectCountARB");
   const pfn_mdei_count elements =
      (pfn_mdei_count)eglGetProcAddress("glMultiDrawElementsIndirectCount");
   if (!arrays || !elements)
      die_setup("no glMultiDraw*IndirectCount entry points");
   struct scene s = scene_make();
   indirect_count_errors(arrays, elements);

   /* four array commands 32 bytes apart (rectangle k, instance colours from k) with bytes no
    * command may read between them; counts {3, 1, 0, 9} */
   GLuint cmd[32];
   for (int i = 0; i < 32; i++)
      cmd[i] = 0xdeadbeefu;
   const GLuint ar[4][4] = {{6, 1, 0, 0}, {6, 2, 6, 1}, {6, 1, 12, 2}, {6, 1, 18, 3}};
   for (int k = 0; k < 4; k++)
      memcpy(cmd + 8 * k, ar[k], sizeof ar[k]);
   GLuint b = indirect_buffer(cmd, sizeof cmd);
   const GLuint counts[4] = {3, 1, 0, 9};
   GLuint p = parameter_buffer(counts, sizeof counts);
   model m;

   clear_to(V4(0, 0, 0, 1));
   arrays(GL_TRIANGLES, NULL, 0, 4, 32);
   check_gl_error("glMultiDrawArraysIndirectCount, count 3 of at most 4");
   model_init(&m, V4(0, 0, 0, 1));
   model_instances(&m, 0, 1, 0);
   model_instances(&m, 1, 2, 1);
   model_instances(&m, 2, 1, 2);
   check_frame("count 3 of at most 4: three commands drawn", &m);

   clear_to(V4(0, 0, 0, 1));
   arrays(GL_TRIANGLES, (const void *)32, 12, 2, 32);
   check_gl_error("glMultiDrawArraysIndirectCount, count 9 of at most 2");
   model_init(&m, V4(0, 0, 0, 1));
   model_instances(&m, 1, 2, 1);
   model_instances(&m, 2, 1, 2);
   check_frame("count 9 of at most 2 from the second command: two drawn", &m);

   /* element commands, tightly packed: count 1, then count 0 */
   GLuint el[4][5];
   for (GLuint k = 0; k < 4; k++) {
      const GLuint e[5] = {6, 1, 0, 6 * k, k};
      memcpy(el[k], e, sizeof e);
   }
   gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, b);
   gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof el, el, GL_STATIC_DRAW);
   clear_to(V4(0, 0, 0, 1));
   elements(GL_TRIANGLES, GL_UNSIGNED_SHORT, (const void *)20, 4, 3, 0);
   elements(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL, 8, 4, 0);
   check_gl_error("glMultiDrawElementsIndirectCount, counts 1 and 0");
   model_init(&m, V4(0, 0, 0, 1));
   model_instances(&m, 1, 1, 1);
   check_frame("element commands: count 1 from the second, then count 0", &m);

   /* the count changes with glBufferSubData; the next draw reads the new value */
   const GLuint four = 4;
   gl.BufferSubData(GL_PARAMETER_BUFFER, 8, sizeof four, &four);
   clear_to(V4(0, 0, 0, 1));
   elements(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL, 8, 4, 0);
   check_gl_error("glMultiDrawElementsIndirectCount after glBufferSubData");
   model_init(&m, V4(0, 0, 0, 1));
   for (int k = 0; k < 4; k++)
      model_instances(&m, k, 1, k);
   check_frame("count rewritten to 4 by glBufferSubData", &m);

   GLint n = 0;
   glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &n);
   if (glGetError() != GL_NO_ERROR || n == 0) {
      skipped("a count written by a compute shader (no storage buffers)");
   } else {
      GLuint cp = must_compute(CS_COUNT);
      gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, p);
      gl.UseProgram(cp);
      gl.DispatchCompute(1, 1, 1);
      gl.MemoryBarrier(GL_COMMAND_BARRIER_BIT);
      check_gl_error("the dispatch writing the draw count");
      gl.UseProgram(s.prog);
      clear_to(V4(0, 0, 0, 1));
      elements(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL, 0, 4, 0);
      check_gl_error("glMultiDrawElementsIndirectCount of a compute-written count");
      model_init(&m, V4(0, 0, 0, 1));
      model_instances(&m, 0, 1, 0);
      model_instances(&m, 1, 1, 1);
      check_frame("count 2 written by a compute shader", &m);
      gl.DeleteProgram(cp);
   }
   gl.DeleteBuffers(1, &p);
   gl.DeleteBuffers(1, &b);
   scene_free(&s);
}
