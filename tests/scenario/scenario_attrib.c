/* scenario_attrib.c: the attribute stacks of a compatibility context (glPushAttrib /
 * glPopAttrib, glPushClientAttrib / glPopClientAttrib): what a pop brings back, drawn and
 * queried, what a mask leaves alone, and the stack errors. Fixed-function drawing with no
 * program bound, so the same code runs on Mesa. */
#include "scenario.h"

static void
expect_int(GLenum pname, GLint want, const char *what)
{
   GLint v = -12345;
   glGetIntegerv(pname, &v);
   if (v != want)
      fail("%s: 0x%04x is %d, want %d", what, pname, v, want);
}

static void
expect_enabled(GLenum cap, bool want, const char *what)
{
   if (!!glIsEnabled(cap) != want)
      fail("%s: cap 0x%04x is %s, want %s", what, cap, want ? "off" : "on", want ? "on" : "off");
}

static void
expect_floats(GLenum pname, const float *want, int n, const char *what)
{
   float v[16] = {0};
   glGetFloatv(pname, v);
   for (int i = 0; i < n; i++)
      if (fabsf(v[i] - want[i]) > 1e-5f)
         fail("%s: 0x%04x[%d] is %g, want %g", what, pname, i, v[i], want[i]);
}

/* compat_push_attrib: a pop brings back the current colour, enables, blending, scissor,
 * viewport, depth, lighting, fog, matrix mode and texture unit state that its push saved, and
 * only those groups; the frame draws with what was restored. Then the stack errors: one push
 * past GL_MAX_ATTRIB_STACK_DEPTH is GL_STACK_OVERFLOW (the depth stays), a pop of an empty
 * stack GL_STACK_UNDERFLOW. */
void
sc_compat_push_attrib(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const vec4f red = V4(1.0f, 0.0f, 0.0f, 1.0f), green = V4(0.0f, 1.0f, 0.0f, 1.0f);
   const vec4f blue = V4(0.0f, 0.0f, 1.0f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   expect_int(GL_ATTRIB_STACK_DEPTH, 0, "initial depth");

   /* current colour: pushed red, drawn after the pop in red although green was set */
   glColor4f(1.0f, 0.0f, 0.0f, 1.0f);
   glPushAttrib(GL_CURRENT_BIT);
   expect_int(GL_ATTRIB_STACK_DEPTH, 1, "depth after a push");
   glColor4f(0.0f, 1.0f, 0.0f, 1.0f);
   glPopAttrib();
   compat_rect(4, 4, 20, 20); /* A: red */

   /* a mask without GL_CURRENT_BIT leaves the colour as set after the push */
   glPushAttrib(GL_FOG_BIT | GL_HINT_BIT);
   glColor4f(0.0f, 1.0f, 0.0f, 1.0f);
   glPopAttrib();
   compat_rect(24, 4, 40, 20); /* B: green */

   /* enable and colour-buffer groups: blending that draws nothing and a scissor box that
    * clips everything are undone by the pop */
   glPushAttrib(GL_ENABLE_BIT | GL_COLOR_BUFFER_BIT | GL_SCISSOR_BIT);
   glEnable(GL_BLEND);
   glBlendFunc(GL_ZERO, GL_ONE);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 1, 1);
   glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
   glColorMask(GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
   glPopAttrib();
   glColor4f(0.0f, 0.0f, 1.0f, 1.0f);
   compat_rect(44, 4, 60, 20); /* C: blue */
   expect_enabled(GL_BLEND, false, "GL_BLEND after the pop");
   expect_enabled(GL_SCISSOR_TEST, false, "GL_SCISSOR_TEST after the pop");
   expect_int(GL_BLEND_DST_RGB, GL_ZERO, "blend destination after the pop");
   const float clear0[4] = {0.0f, 0.0f, 0.0f, 1.0f};
   expect_floats(GL_COLOR_CLEAR_VALUE, clear0, 4, "clear colour after the pop");
   GLboolean mask[4] = {0};
   glGetBooleanv(GL_COLOR_WRITEMASK, mask);
   if (!mask[0] || !mask[1] || !mask[2] || !mask[3])
      fail("colour mask after the pop: %d %d %d %d", mask[0], mask[1], mask[2], mask[3]);

   /* viewport group: a pop restores the full-window viewport the next quad is drawn with */
   glPushAttrib(GL_VIEWPORT_BIT);
   glViewport(0, 0, 8, 8);
   glDepthRange(0.25, 0.5);
   glPopAttrib();
   const float vp[4] = {0, 0, W, H}, dr[2] = {0.0f, 1.0f};
   expect_floats(GL_VIEWPORT, vp, 4, "viewport after the pop");
   expect_floats(GL_DEPTH_RANGE, dr, 2, "depth range after the pop");
   glColor4f(1.0f, 0.0f, 0.0f, 1.0f);
   compat_rect(4, 24, 20, 40); /* D: red */

   /* lighting, fog, depth, transform and texture groups, by value */
   glPushAttrib(GL_LIGHTING_BIT | GL_FOG_BIT | GL_DEPTH_BUFFER_BIT | GL_TRANSFORM_BIT |
                GL_TEXTURE_BIT | GL_POLYGON_BIT | GL_LINE_BIT | GL_POINT_BIT);
   glEnable(GL_LIGHTING);
   glEnable(GL_LIGHT3);
   const float amb[4] = {0.5f, 0.25f, 0.125f, 1.0f};
   glLightfv(GL_LIGHT3, GL_AMBIENT, amb);
   glShadeModel(GL_FLAT);
   glEnable(GL_FOG);
   glFogf(GL_FOG_DENSITY, 0.5f);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_GREATER);
   glMatrixMode(GL_PROJECTION);
   glEnable(GL_NORMALIZE);
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_DECAL);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_FRONT);
   glLineWidth(3.0f);
   glPointSize(5.0f);
   glPopAttrib();
   expect_enabled(GL_LIGHTING, false, "lighting after the pop");
   expect_enabled(GL_LIGHT3, false, "light 3 after the pop");
   const float amb0[4] = {0.0f, 0.0f, 0.0f, 1.0f};
   float got[4] = {0};
   glGetLightfv(GL_LIGHT3, GL_AMBIENT, got);
   for (int i = 0; i < 4; i++)
      if (got[i] != amb0[i])
         fail("light 3 ambient[%d] after the pop: %g, want %g", i, got[i], amb0[i]);
   expect_int(GL_SHADE_MODEL, GL_SMOOTH, "shade model after the pop");
   expect_enabled(GL_FOG, false, "fog after the pop");
   const float density = 1.0f;
   expect_floats(GL_FOG_DENSITY, &density, 1, "fog density after the pop");
   expect_enabled(GL_DEPTH_TEST, false, "depth test after the pop");
   expect_int(GL_DEPTH_FUNC, GL_LESS, "depth func after the pop");
   expect_int(GL_MATRIX_MODE, GL_MODELVIEW, "matrix mode after the pop");
   expect_enabled(GL_NORMALIZE, false, "normalize after the pop");
   expect_enabled(GL_TEXTURE_2D, false, "GL_TEXTURE_2D after the pop");
   GLint env = 0;
   glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &env);
   if (env != GL_MODULATE)
      fail("texture env mode after the pop: 0x%x, want GL_MODULATE", env);
   expect_enabled(GL_CULL_FACE, false, "cull face after the pop");
   expect_int(GL_CULL_FACE_MODE, GL_BACK, "cull face mode after the pop");
   const float one = 1.0f;
   expect_floats(GL_LINE_WIDTH, &one, 1, "line width after the pop");
   expect_floats(GL_POINT_SIZE, &one, 1, "point size after the pop");
   glColor4f(0.0f, 1.0f, 0.0f, 1.0f);
   compat_rect(24, 24, 40, 40); /* E: green (no lighting, fog, depth test or culling left on) */
   check_gl_error("push/pop groups");

   /* nesting: the inner pop restores the inner push, the outer pop the outer one */
   glColor4f(0.0f, 0.0f, 1.0f, 1.0f);
   glPushAttrib(GL_CURRENT_BIT);
   glColor4f(1.0f, 0.0f, 0.0f, 1.0f);
   glPushAttrib(GL_ALL_ATTRIB_BITS);
   glColor4f(0.0f, 1.0f, 0.0f, 1.0f);
   expect_int(GL_ATTRIB_STACK_DEPTH, 2, "nested depth");
   glPopAttrib();
   compat_rect(44, 24, 60, 40); /* F: red */
   glPopAttrib();
   compat_rect(4, 44, 20, 60); /* G: blue */
   check_gl_error("nested push/pop");

   model m;
   model_init(&m, bg);
   model_rect(&m, 4, 4, 20, 20, to8(red));
   model_rect(&m, 24, 4, 40, 20, to8(green));
   model_rect(&m, 44, 4, 60, 20, to8(blue));
   model_rect(&m, 4, 24, 20, 40, to8(red));
   model_rect(&m, 24, 24, 40, 40, to8(green));
   model_rect(&m, 44, 24, 60, 40, to8(red));
   model_rect(&m, 4, 44, 20, 60, to8(blue));
   check_frame("compat_push_attrib", &m);

   /* the stack's bounds */
   GLint max = 0;
   glGetIntegerv(GL_MAX_ATTRIB_STACK_DEPTH, &max);
   if (max < 16 || max > 1024) {
      fail("GL_MAX_ATTRIB_STACK_DEPTH %d (GL asks at least 16)", max);
      return;
   }
   for (int i = 0; i < max; i++)
      glPushAttrib(GL_CURRENT_BIT);
   check_gl_error("pushes up to the maximum");
   glPushAttrib(GL_CURRENT_BIT);
   expect_gl_error(GL_STACK_OVERFLOW, "a push past GL_MAX_ATTRIB_STACK_DEPTH");
   expect_int(GL_ATTRIB_STACK_DEPTH, max, "depth after the overflow");
   for (int i = 0; i < max; i++)
      glPopAttrib();
   check_gl_error("pops down to empty");
   glPopAttrib();
   expect_gl_error(GL_STACK_UNDERFLOW, "a pop of the empty stack");
   expect_int(GL_ATTRIB_STACK_DEPTH, 0, "depth after the underflow");
}

/* compat_push_client_attrib: glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT) saves the legacy
 * arrays (pointers, enables); changes after it are undone by the pop, which the next draw
 * shows. GL_CLIENT_PIXEL_STORE_BIT saves the pixel store. Then the client stack's errors. */
void
sc_compat_push_client_attrib(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const vec4f yellow = V4(1.0f, 1.0f, 0.0f, 1.0f), cyan = V4(0.0f, 1.0f, 1.0f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   const float left[8] = {4, 4, 28, 4, 28, 28, 4, 28};
   const float right[8] = {36, 36, 60, 36, 60, 60, 36, 60};
   const GLubyte yel[4][4] = {
      {255, 255, 0, 255}, {255, 255, 0, 255}, {255, 255, 0, 255}, {255, 255, 0, 255}};
   glVertexPointer(2, GL_FLOAT, 0, left);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, yel);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_COLOR_ARRAY);

   glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT | GL_CLIENT_PIXEL_STORE_BIT);
   expect_int(GL_CLIENT_ATTRIB_STACK_DEPTH, 1, "client depth after a push");
   glVertexPointer(2, GL_FLOAT, 0, right);
   glDisableClientState(GL_COLOR_ARRAY);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glPixelStorei(GL_PACK_ROW_LENGTH, 7);
   glColor4f(0.0f, 1.0f, 1.0f, 1.0f);
   glDrawArrays(GL_QUADS, 0, 4); /* the right square, cyan (the current colour) */
   glPopClientAttrib();
   expect_int(GL_CLIENT_ATTRIB_STACK_DEPTH, 0, "client depth after the pop");
   expect_enabled(GL_COLOR_ARRAY, true, "colour array after the pop");
   expect_int(GL_UNPACK_ALIGNMENT, 4, "unpack alignment after the pop");
   expect_int(GL_PACK_ROW_LENGTH, 0, "pack row length after the pop");
   void *ptr = NULL;
   glGetPointerv(GL_VERTEX_ARRAY_POINTER, &ptr);
   if (ptr != (const void *)left)
      fail("vertex array pointer after the pop: %p, want %p", ptr, (const void *)left);
   glDrawArrays(GL_QUADS, 0, 4); /* the left square, yellow from the restored colour array */
   glDisableClientState(GL_COLOR_ARRAY);
   glDisableClientState(GL_VERTEX_ARRAY);
   check_gl_error("client push/pop");

   model m;
   model_init(&m, bg);
   model_rect(&m, 4, 4, 28, 28, to8(yellow));
   model_rect(&m, 36, 36, 60, 60, to8(cyan));
   check_frame("compat_push_client_attrib", &m);

   GLint max = 0;
   glGetIntegerv(GL_MAX_CLIENT_ATTRIB_STACK_DEPTH, &max);
   if (max < 16 || max > 1024) {
      fail("GL_MAX_CLIENT_ATTRIB_STACK_DEPTH %d (GL asks at least 16)", max);
      return;
   }
   for (int i = 0; i < max; i++)
      glPushClientAttrib(GL_CLIENT_PIXEL_STORE_BIT);
   check_gl_error("client pushes up to the maximum");
   glPushClientAttrib(GL_CLIENT_PIXEL_STORE_BIT);
   expect_gl_error(GL_STACK_OVERFLOW, "a client push past the maximum");
   for (int i = 0; i < max; i++)
      glPopClientAttrib();
   glPopClientAttrib();
   expect_gl_error(GL_STACK_UNDERFLOW, "a client pop of the empty stack");
}

/* compat_index_array: glIndexPointer's state (GL 2.1 table 6.7: GL_INDEX_ARRAY_TYPE,
 * _STRIDE, _POINTER, _BUFFER_BINDING and the GL_INDEX_ARRAY enable) reads back as set, through
 * every glGet, and glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT) saves it. In RGBA mode the
 * indexes have no effect on drawing (GL 2.1 §2.14), so only the state is checked. */
void
sc_compat_index_array(void)
{
   expect_int(GL_INDEX_ARRAY_TYPE, GL_FLOAT, "initial index array type");
   expect_int(GL_INDEX_ARRAY_STRIDE, 0, "initial index array stride");
   expect_enabled(GL_INDEX_ARRAY, false, "initial index array enable");
   GLubyte dummy[64];
   glIndexPointer(GL_SHORT, 10, dummy);
   check_gl_error("glIndexPointer(GL_SHORT, 10)");
   expect_int(GL_INDEX_ARRAY_TYPE, GL_SHORT, "index array type");
   expect_int(GL_INDEX_ARRAY_STRIDE, 10, "index array stride");
   GLfloat f = 0.0f;
   glGetFloatv(GL_INDEX_ARRAY_STRIDE, &f);
   GLdouble d = 0.0;
   glGetDoublev(GL_INDEX_ARRAY_TYPE, &d);
   GLboolean b = GL_FALSE;
   glGetBooleanv(GL_INDEX_ARRAY_STRIDE, &b);
   if (f != 10.0f || d != (GLdouble)GL_SHORT || b != GL_TRUE)
      fail("index array stride as float %g, type as double %g, stride as boolean %d", f, d, b);
   void *ptr = NULL;
   glGetPointerv(GL_INDEX_ARRAY_POINTER, &ptr);
   if (ptr != (void *)dummy)
      fail("GL_INDEX_ARRAY_POINTER %p, want %p", ptr, (void *)dummy);
   glIndexPointer(GL_RGBA, 0, dummy);
   expect_gl_error(GL_INVALID_ENUM, "glIndexPointer(GL_RGBA)");
   expect_int(GL_INDEX_ARRAY_TYPE, GL_SHORT, "index array type after the error");

   GLuint buf;
   gl.GenBuffers(1, &buf);
   gl.BindBuffer(GL_ARRAY_BUFFER, buf);
   gl.BufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
   glIndexPointer(GL_UNSIGNED_BYTE, 3, (void *)16);
   glEnableClientState(GL_INDEX_ARRAY);
   expect_int(GL_INDEX_ARRAY_BUFFER_BINDING, (GLint)buf, "index array buffer binding");
   expect_int(GL_INDEX_ARRAY_TYPE, GL_UNSIGNED_BYTE, "index array type from a buffer");
   expect_enabled(GL_INDEX_ARRAY, true, "index array enable");
   glPopClientAttrib();
   check_gl_error("client push/pop of the index array");
   expect_int(GL_INDEX_ARRAY_BUFFER_BINDING, 0, "index array buffer binding after the pop");
   expect_int(GL_INDEX_ARRAY_TYPE, GL_SHORT, "index array type after the pop");
   expect_int(GL_INDEX_ARRAY_STRIDE, 10, "index array stride after the pop");
   expect_enabled(GL_INDEX_ARRAY, false, "index array enable after the pop");
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   gl.DeleteBuffers(1, &buf);
   glIndexPointer(GL_INT, -1, dummy);
   expect_gl_error(GL_INVALID_VALUE, "glIndexPointer with a negative stride");
}
