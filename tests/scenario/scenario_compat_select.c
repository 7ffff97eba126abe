/* scenario_compat_select.c: selection and feedback render modes (GL 2.1 §5.2, §5.3) and
 * evaluators (§5.1) in a 3.3 compatibility context: exact feedback words, hit records, the
 * modes' errors, and evaluated geometry both through feedback (exact vertices) and in pixels. */
#include <math.h>

#include "scenario.h"

/* Compares n feedback words with the expected ones (tokens exact, coordinates within 1e-4). */
static void
expect_words(const char *phase, const GLfloat *got, const GLfloat *want, int n)
{
   for (int i = 0; i < n; i++)
      if (fabsf(got[i] - want[i]) > 1e-4f) {
         fail("%s: feedback word %d is %g, want %g", phase, i, got[i], want[i]);
         return;
      }
}

static void
expect_count(const char *phase, GLint got, GLint want)
{
   if (got != want)
      fail("%s: glRenderMode returned %d, want %d", phase, got, want);
}

/* Expected feedback words, built up. */
struct words {
   GLfloat w[256];
   int n;
};

static void
put1(struct words *w, float a)
{
   if (w->n < 256)
      w->w[w->n++] = a;
}

static void
put2(struct words *w, float a, float b)
{
   put1(w, a);
   put1(w, b);
}

/* A GL_3D_COLOR vertex: window x, y, z and the colour. */
static void
put_vertex(struct words *w, float x, float y, float z, vec4f c)
{
   put2(w, x, y);
   put1(w, z);
   for (int k = 0; k < 4; k++)
      put1(w, c.v[k]);
}

/* compat_feedback: in an orthographic 64x64 window (z 0.5 at window depth 0.25, z 0 at 0.5): a pass-through
 * token, a triangle with its colour (GL_3D_COLOR), a glRect clipped by the view volume at x = 0
 * (four vertices, two on the edge), a line strip (a reset token, then a line token), a point
 * inside and one outside (dropped), a back face culled, a line clipped by a user clip plane,
 * glDrawElements from client arrays; the count returned; then overflow (-1) and the errors. */
void
sc_compat_feedback(void)
{
   compat_pixel_ortho(-1, 1);
   static GLfloat buf[256];
   glFeedbackBuffer(256, GL_3D_COLOR, buf);
   check_gl_error("glFeedbackBuffer");
   if (glRenderMode(GL_FEEDBACK) != 0)
      fail("glRenderMode(GL_FEEDBACK) from GL_RENDER returned non-zero");
   GLint mode = 0;
   glGetIntegerv(GL_RENDER_MODE, &mode);
   if (mode != GL_FEEDBACK)
      fail("GL_RENDER_MODE reads 0x%x, want GL_FEEDBACK", mode);
   glPassThrough(7.0f);
   glColor4f(0.25f, 0.5f, 0.75f, 1.0f);
   glBegin(GL_TRIANGLES);
   glVertex3f(10, 10, 0.5f);
   glVertex3f(20, 10, 0.5f);
   glVertex3f(10, 20, 0.5f);
   glEnd();
   glColor4f(1, 0, 0, 1);
   glRectf(-10, 5, 10, 15);
   glColor4f(0, 1, 0, 1);
   glBegin(GL_LINE_STRIP);
   glVertex2f(30, 30);
   glVertex2f(40, 30);
   glVertex2f(40, 40);
   glEnd();
   glBegin(GL_POINTS);
   glVertex2f(50, 50);
   glVertex2f(70, 50); /* outside the view volume */
   glEnd();
   glEnable(GL_CULL_FACE);
   glBegin(GL_TRIANGLES); /* clockwise: a back face */
   glVertex2f(10, 10);
   glVertex2f(10, 20);
   glVertex2f(20, 10);
   glEnd();
   glDisable(GL_CULL_FACE);
   const GLdouble plane[4] = {1, 0, 0, -32}; /* x >= 32 */
   glClipPlane(GL_CLIP_PLANE0, plane);
   glEnable(GL_CLIP_PLANE0);
   glBegin(GL_LINES);
   glVertex2f(16, 60);
   glVertex2f(48, 60);
   glEnd();
   glDisable(GL_CLIP_PLANE0);
   static const GLfloat pos[] = {0, 0, 60, 2, 62, 2, 60, 4};
   static const GLubyte idx[] = {3, 1};
   glVertexPointer(2, GL_FLOAT, 0, pos);
   glEnableClientState(GL_VERTEX_ARRAY);
   glColor4f(0, 0, 1, 1);
   glDrawElements(GL_LINES, 2, GL_UNSIGNED_BYTE, idx);
   glDisableClientState(GL_VERTEX_ARRAY);
   const GLint n = glRenderMode(GL_RENDER);
   check_gl_error("feedback");

   const float P = GL_POLYGON_TOKEN, L = GL_LINE_TOKEN, R = GL_LINE_RESET_TOKEN;
   const float z = 0.5f; /* z 0 in the window: depth 0.5 */
   const vec4f tc = V4(0.25f, 0.5f, 0.75f, 1), red = V4(1, 0, 0, 1), green = V4(0, 1, 0, 1);
   const vec4f blue = V4(0, 0, 1, 1);
   struct words w = {.n = 0};
   put2(&w, GL_PASS_THROUGH_TOKEN, 7);
   put2(&w, P, 3);
   put_vertex(&w, 10, 10, 0.25f, tc);
   put_vertex(&w, 20, 10, 0.25f, tc);
   put_vertex(&w, 10, 20, 0.25f, tc);
   put2(&w, P, 4); /* glRect clipped at x = 0 */
   put_vertex(&w, 0, 5, z, red);
   put_vertex(&w, 10, 5, z, red);
   put_vertex(&w, 10, 15, z, red);
   put_vertex(&w, 0, 15, z, red);
   put1(&w, R); /* the line strip */
   put_vertex(&w, 30, 30, z, green);
   put_vertex(&w, 40, 30, z, green);
   put1(&w, L);
   put_vertex(&w, 40, 30, z, green);
   put_vertex(&w, 40, 40, z, green);
   put1(&w, GL_POINT_TOKEN);
   put_vertex(&w, 50, 50, z, green);
   put1(&w, R); /* clipped by the user plane at x = 32 */
   put_vertex(&w, 32, 60, z, green);
   put_vertex(&w, 48, 60, z, green);
   put1(&w, R); /* glDrawElements: indices 3, 1 */
   put_vertex(&w, 60, 4, z, blue);
   put_vertex(&w, 60, 2, z, blue);
   expect_count("feedback words", n, w.n);
   expect_words("feedback", buf, w.w, n < w.n ? n : w.n);

   /* GL_2D, and a buffer too small: the words that fit, then -1 */
   for (int i = 0; i < 8; i++)
      buf[i] = -1;
   glFeedbackBuffer(4, GL_2D, buf);
   glRenderMode(GL_FEEDBACK);
   glBegin(GL_TRIANGLES);
   glVertex2f(10, 10);
   glVertex2f(20, 10);
   glVertex2f(10, 20);
   glEnd();
   expect_count("feedback overflow", glRenderMode(GL_RENDER), -1);
   const GLfloat want2[] = {P, 3, 10, 10, -1};
   expect_words("feedback overflow words", buf, want2, 5);

   /* errors: the buffer changed in the mode, glRenderMode inside glBegin/glEnd */
   glFeedbackBuffer(256, GL_3D, buf);
   glRenderMode(GL_FEEDBACK);
   glFeedbackBuffer(256, GL_3D, buf);
   expect_gl_error(GL_INVALID_OPERATION, "glFeedbackBuffer in GL_FEEDBACK");
   glBegin(GL_POINTS);
   glRenderMode(GL_RENDER); /* refused: the mode stays GL_FEEDBACK */
   glVertex2f(1, 1);
   glEnd();
   expect_gl_error(GL_INVALID_OPERATION, "glRenderMode inside glBegin/glEnd");
   expect_count("GL_3D point", glRenderMode(GL_RENDER), 4);
   const GLfloat want3[] = {GL_POINT_TOKEN, 1, 1, 0.5f};
   expect_words("GL_3D point", buf, want3, 4);
   check_gl_error("compat_feedback end");
}

/* One hit record: depth, min and max z (scaled to 2^32 - 1), the names. */
static const GLuint *
expect_hit(const char *phase, const GLuint *rec, GLuint depth, float zmin, float zmax,
           const GLuint *names)
{
   const double s = 4294967295.0;
   if (rec[0] != depth) {
      fail("%s: hit depth %u, want %u", phase, rec[0], depth);
      return rec;
   }
   if (fabs(rec[1] / s - zmin) > 1e-6 || fabs(rec[2] / s - zmax) > 1e-6)
      fail("%s: hit z [%u, %u], want [%g, %g]", phase, rec[1], rec[2], zmin, zmax);
   for (GLuint i = 0; i < depth; i++)
      if (rec[3 + i] != names[i])
         fail("%s: hit name %u is %u, want %u", phase, i, rec[3 + i], names[i]);
   return rec + 3 + depth;
}

static void
rect_z(float x0, float y0, float x1, float y1, float zz)
{
   glBegin(GL_QUADS);
   glVertex3f(x0, y0, zz);
   glVertex3f(x1, y0, zz);
   glVertex3f(x1, y1, zz);
   glVertex3f(x0, y1, zz);
   glEnd();
}

/* compat_select: the name stack and hit records (a record when the stack changes after a hit,
 * with the least and greatest window z of the primitives since), nothing drawn, a primitive
 * outside the view volume no hit; overflow -1; the stack's errors. */
void
sc_compat_select(void)
{
   compat_pixel_ortho(-1, 1);
   clear_to(V4(0, 0, 0, 1));
   static GLuint buf[64];
   glSelectBuffer(64, buf);
   glRenderMode(GL_SELECT);
   glInitNames();
   glPushName(1);
   rect_z(4, 4, 20, 20, 0.6f); /* window z 0.2 */
   glPushName(2);
   rect_z(24, 4, 40, 20, 0.2f);   /* 0.4 */
   rect_z(24, 24, 40, 40, -0.4f); /* 0.7 */
   glLoadName(3);
   rect_z(80, 4, 90, 20, 0.0f); /* outside: no hit */
   glPopName();
   glPushName(4);
   glBegin(GL_POINTS);
   glVertex3f(50, 50, 0.0f); /* 0.5 */
   glEnd();
   GLint depth = 0;
   glGetIntegerv(GL_NAME_STACK_DEPTH, &depth);
   if (depth != 2)
      fail("GL_NAME_STACK_DEPTH reads %d, want 2", depth);
   const GLint hits = glRenderMode(GL_RENDER);
   check_gl_error("selection");
   if (hits != 3) {
      fail("selection: %d hits, want 3", hits);
   } else {
      const GLuint n1[] = {1}, n2[] = {1, 2}, n3[] = {1, 4};
      const GLuint *r = expect_hit("hit 1", buf, 1, 0.2f, 0.2f, n1);
      r = expect_hit("hit 2", r, 2, 0.4f, 0.7f, n2);
      expect_hit("hit 3", r, 2, 0.5f, 0.5f, n3);
   }
   readback();
   expect_px("nothing drawn in GL_SELECT", 10, 10, to8(V4(0, 0, 0, 1)));

   /* overflow: a record that does not fit */
   glSelectBuffer(4, buf);
   glRenderMode(GL_SELECT);
   glPushName(9);
   glPushName(10);
   rect_z(4, 4, 20, 20, 0.0f);
   expect_count("selection overflow", glRenderMode(GL_RENDER), -1);

   /* errors */
   glSelectBuffer(64, buf);
   glRenderMode(GL_SELECT);
   glSelectBuffer(64, buf);
   expect_gl_error(GL_INVALID_OPERATION, "glSelectBuffer in GL_SELECT");
   glInitNames();
   glPopName();
   expect_gl_error(GL_STACK_UNDERFLOW, "glPopName of an empty stack");
   glLoadName(1);
   expect_gl_error(GL_INVALID_OPERATION, "glLoadName of an empty stack");
   GLint max = 0;
   glGetIntegerv(GL_MAX_NAME_STACK_DEPTH, &max);
   for (GLint i = 0; i < max; i++)
      glPushName((GLuint)i);
   check_gl_error("glPushName up to GL_MAX_NAME_STACK_DEPTH");
   glPushName(99);
   expect_gl_error(GL_STACK_OVERFLOW, "glPushName past GL_MAX_NAME_STACK_DEPTH");
   expect_count("selection without hits", glRenderMode(GL_RENDER), 0);
   check_gl_error("compat_select end");
}

/* compat_evaluators: a quadratic map1 curve and a linear colour map evaluated at a grid of
 * three points, read back as feedback (exact vertices; the current colour left alone); the same
 * from a display list compiled before the maps changed; map2 patch EvalMesh2(GL_FILL) in
 * pixels; glGetMap; the errors. */
void
sc_compat_evaluators(void)
{
   compat_pixel_ortho(-1, 1);
   const GLfloat curve[] = {8, 8, 0, 32, 56, 0, 56, 8, 0};
   const GLfloat colors[] = {1, 0, 0, 1, 0, 0, 1, 1};
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 3, curve);
   glMap1f(GL_MAP1_COLOR_4, 0, 1, 4, 2, colors);
   glEnable(GL_MAP1_VERTEX_3);
   glEnable(GL_MAP1_COLOR_4);
   glMapGrid1f(2, 0, 1);
   check_gl_error("glMap1f");
   const GLuint list = glGenLists(1);
   glNewList(list, GL_COMPILE);
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 3, curve);
   glEvalMesh1(GL_POINT, 0, 2);
   glEndList();
   check_gl_error("a list with glMap1f and glEvalMesh1");

   glColor4f(0.1f, 0.2f, 0.3f, 0.4f);
   static GLfloat buf[128];
   glFeedbackBuffer(128, GL_3D_COLOR, buf);
   glRenderMode(GL_FEEDBACK);
   glEvalMesh1(GL_POINT, 0, 2);
   glBegin(GL_POINTS);
   glEvalCoord1f(0.25f);
   glEvalPoint1(2);
   glEnd();
   GLint n = glRenderMode(GL_RENDER);
   const float T = GL_POINT_TOKEN, z = 0.5f;
   struct words w = {.n = 0};
   const vec4f c0 = V4(1, 0, 0, 1), c1 = V4(0, 0, 1, 1);
   put1(&w, T);
   put_vertex(&w, 8, 8, z, c0);
   put1(&w, T);
   put_vertex(&w, 32, 32, z, V4(0.5f, 0, 0.5f, 1));
   put1(&w, T);
   put_vertex(&w, 56, 8, z, c1);
   /* u = 0.25: ((8 * 9 + 32 * 6 + 56) / 16, (8 * 9 + 56 * 6 + 8) / 16), colour 3:1 */
   put1(&w, T);
   put_vertex(&w, 20, 26, z, V4(0.75f, 0, 0.25f, 1));
   put1(&w, T);
   put_vertex(&w, 56, 8, z, c1);
   expect_count("evaluated points", n, w.n);
   expect_words("evaluated points", buf, w.w, n < w.n ? n : w.n);
   GLfloat cur[4];
   glGetFloatv(GL_CURRENT_COLOR, cur);
   if (fabsf(cur[0] - 0.1f) > 1e-6f || fabsf(cur[3] - 0.4f) > 1e-6f)
      fail("the current colour changed to (%g, .., %g) by evaluation", cur[0], cur[3]);

   /* the list replays its own copy of the curve, whatever the map is now */
   const GLfloat line[] = {0, 0, 0, 1, 1, 0};
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, line);
   glDisable(GL_MAP1_COLOR_4);
   glFeedbackBuffer(128, GL_2D, buf);
   glRenderMode(GL_FEEDBACK);
   glCallList(list);
   n = glRenderMode(GL_RENDER);
   const GLfloat want_list[] = {T, 8, 8, T, 32, 32, T, 56, 8};
   expect_count("a list's map", n, 9);
   expect_words("a list's map", buf, want_list, n > 9 ? 9 : n);
   glDeleteLists(list, 1);

   /* glGetMap: the list's map is the current one now */
   GLint order = 0;
   glGetMapiv(GL_MAP1_VERTEX_3, GL_ORDER, &order);
   GLfloat dom[2] = {0}, coeff[9] = {0};
   glMap1f(GL_MAP1_VERTEX_3, 2, 4, 3, 3, curve);
   glGetMapfv(GL_MAP1_VERTEX_3, GL_DOMAIN, dom);
   glGetMapfv(GL_MAP1_VERTEX_3, GL_COEFF, coeff);
   if (order != 3 || dom[0] != 2 || dom[1] != 4 || coeff[3] != 32 || coeff[4] != 56)
      fail("glGetMap: order %d, domain [%g, %g], coefficient 1 (%g, %g)", order, dom[0], dom[1],
           coeff[3], coeff[4]);
   GLint max = 0;
   glGetIntegerv(GL_MAX_EVAL_ORDER, &max);
   if (max < 8)
      fail("GL_MAX_EVAL_ORDER %d below GL's 8", max);
   check_gl_error("glGetMap");

   /* errors */
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 0, curve);
   expect_gl_error(GL_INVALID_VALUE, "glMap1f of order 0");
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, max + 1, curve);
   expect_gl_error(GL_INVALID_VALUE, "glMap1f past GL_MAX_EVAL_ORDER");
   glMap1f(GL_MAP1_VERTEX_3, 1, 1, 3, 3, curve);
   expect_gl_error(GL_INVALID_VALUE, "glMap1f with u1 == u2");
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 2, 3, curve);
   expect_gl_error(GL_INVALID_VALUE, "glMap1f with a stride below 3");
   glMap1f(GL_MAP2_VERTEX_3, 0, 1, 3, 3, curve);
   expect_gl_error(GL_INVALID_ENUM, "glMap1f of a GL_MAP2 target");
   glBegin(GL_POINTS);
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 3, curve);
   glEnd();
   expect_gl_error(GL_INVALID_OPERATION, "glMap1f inside glBegin/glEnd");
   glEvalMesh1(GL_FILL, 0, 1);
   expect_gl_error(GL_INVALID_ENUM, "glEvalMesh1(GL_FILL)");
   glMapGrid1f(0, 0, 1);
   expect_gl_error(GL_INVALID_VALUE, "glMapGrid1f of 0 segments");
   glGetMapfv(GL_MAP1_VERTEX_3, 0x1234, coeff);
   expect_gl_error(GL_INVALID_ENUM, "glGetMapfv of a bad query");
   glDisable(GL_MAP1_VERTEX_3);

   /* a bilinear patch over [16,48)^2, green from its colour map, filled by EvalMesh2 */
   const vec4f bg = V4(0, 0, 0, 1);
   clear_to(bg);
   const GLfloat patch[] = {16, 16, 0, 48, 16, 0, 16, 48, 0, 48, 48, 0};
   const GLfloat green[] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
   glMap2f(GL_MAP2_VERTEX_3, 0, 1, 3, 2, 0, 1, 6, 2, patch);
   glMap2f(GL_MAP2_COLOR_4, 0, 1, 4, 2, 0, 1, 8, 2, green);
   glEnable(GL_MAP2_VERTEX_3);
   glEnable(GL_MAP2_COLOR_4);
   glMapGrid2f(4, 0, 1, 4, 0, 1);
   glEvalMesh2(GL_FILL, 0, 4, 0, 4);
   glDisable(GL_MAP2_VERTEX_3);
   glDisable(GL_MAP2_COLOR_4);
   check_gl_error("glEvalMesh2");
   model m;
   model_init(&m, bg);
   model_rect(&m, 16, 16, 48, 48, to8(V4(0, 1, 0, 1)));
   check_frame("compat_evaluators EvalMesh2", &m);
}
