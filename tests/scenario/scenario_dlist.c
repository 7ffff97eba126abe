/* scenario_dlist.c — display lists in an OpenGL 3.3 compatibility context, drawn with
 * compilable core commands: scissored clears and a GLSL program's draw, compiled with GL_COMPILE
 * and GL_COMPILE_AND_EXECUTE, nested, and called through glCallLists with every type. */
#include "scenario.h"

#define SC_COMPILE 0x1300
#define SC_COMPILE_AND_EXECUTE 0x1301
#define SC_2_BYTES 0x1407
#define SC_3_BYTES 0x1408
#define SC_4_BYTES 0x1409

static void
scissor_clear(int x0, int y0, int x1, int y1, vec4f c)
{
   glEnable(GL_SCISSOR_TEST);
   glScissor(x0, y0, x1 - x0, y1 - y0);
   glClearColor(c.v[0], c.v[1], c.v[2], c.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
}

/* dlist_paths: a scissored clear compiled (nothing drawn) then called; a compile-and-execute
 * list (drawn at once); a list drawing with a program and a uniform; a list calling the others. */
void
sc_dlist_paths(void)
{
   PFNGLUNIFORM4FPROC uniform4f = (PFNGLUNIFORM4FPROC)eglGetProcAddress("glUniform4f");
   if (!uniform4f)
      die_setup("eglGetProcAddress(\"glUniform4f\") returned NULL");
   const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f);
   const vec4f red = V4(1.0f, 0.2f, 0.2f, 1.0f), green = V4(0.2f, 0.8f, 0.4f, 1.0f);
   const vec4f blue = V4(0.2f, 0.4f, 1.0f, 1.0f);
   model m;

   GLuint base = glGenLists(4);
   if (!base)
      fail("glGenLists(4) returned 0");
   const GLuint l_red = base, l_green = base + 1, l_draw = base + 2, l_all = base + 3;
   clear_to(bg);
   glNewList(l_red, SC_COMPILE);
   scissor_clear(4, 4, 20, 30, red);
   glEndList();
   model_init(&m, bg);
   check_frame("GL_COMPILE draws nothing", &m);

   glCallList(l_red);
   model_rect(&m, 4, 4, 20, 30, to8(red));
   check_frame("glCallList of the scissored clear", &m);

   glNewList(l_green, SC_COMPILE_AND_EXECUTE);
   scissor_clear(24, 8, 40, 20, green);
   glEndList();
   model_rect(&m, 24, 8, 40, 20, to8(green));
   check_frame("GL_COMPILE_AND_EXECUTE draws as it compiles", &m);

   /* The program, its uniform's location and the vertex array are set up outside the list
    * (glLinkProgram and glBindVertexArray are never compiled); glUseProgram, glUniform4f and
    * glDrawArrays are. */
   GLuint p = solid_program();
   GLint loc = gl.GetUniformLocation(p, "u_color");
   float quad[12];
   rect_vertices(quad, 44, 30, 60, 60);
   mesh me = make_mesh(quad, 6);
   glNewList(l_draw, SC_COMPILE);
   gl.UseProgram(p);
   uniform4f(loc, blue.v[0], blue.v[1], blue.v[2], blue.v[3]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEndList();
   uniform4f(loc, 0, 0, 0, 1); /* what the list sets wins when it runs */
   check_frame("GL_COMPILE of a draw draws nothing", &m);

   glNewList(l_all, SC_COMPILE);
   glCallList(l_red);
   glCallList(l_draw);
   glCallList(l_green);
   glEndList();
   clear_to(bg);
   glCallList(l_all);
   model_init(&m, bg);
   model_rect(&m, 4, 4, 20, 30, to8(red));
   model_rect(&m, 44, 30, 60, 60, to8(blue));
   model_rect(&m, 24, 8, 40, 20, to8(green));
   check_frame("nested lists", &m);
   check_gl_error("nested lists");

   glDeleteLists(base, 4);
   if (glIsList(l_red))
      fail("glIsList after glDeleteLists");
   gl.UseProgram(0);
   (void)me;
}

/* dlist_call_lists: ten lists each clearing one stripe; glCallLists with each of the ten types
 * and a list base calls one of them (so a wrong decoding shows as a missing or wrong stripe). */
void
sc_dlist_call_lists(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const GLuint base = 1000;
   vec4f col[10];
   for (int k = 0; k < 10; k++) {
      col[k] = V4(0.2f * (float)(1 + k % 5), k < 5 ? 0.2f : 0.8f, 0.4f, 1.0f);
      glNewList(base + (GLuint)k, SC_COMPILE);
      scissor_clear(2 + 6 * k, 10, 6 + 6 * k, 50, col[k]);
      glEndList();
   }
   clear_to(bg);
   glListBase(base - 2);
   const GLbyte b[] = {2};             /* list 0 */
   const GLubyte ub[] = {3};           /* 1 */
   const GLshort s[] = {4};            /* 2 */
   const GLushort us[] = {5};          /* 3 */
   const GLint i[] = {6};              /* 4 */
   const GLuint ui[] = {7};            /* 5 */
   const GLfloat f[] = {8.0f};         /* 6 */
   const GLubyte b2[] = {0, 9};        /* 7 */
   const GLubyte b3[] = {0, 0, 10};    /* 8 */
   const GLubyte b4[] = {0, 0, 0, 11}; /* 9 */
   glCallLists(1, GL_BYTE, b);
   glCallLists(1, GL_UNSIGNED_BYTE, ub);
   glCallLists(1, GL_SHORT, s);
   glCallLists(1, GL_UNSIGNED_SHORT, us);
   glCallLists(1, GL_INT, i);
   glCallLists(1, GL_UNSIGNED_INT, ui);
   glCallLists(1, GL_FLOAT, f);
   glCallLists(1, SC_2_BYTES, b2);
   glCallLists(1, SC_3_BYTES, b3);
   glCallLists(1, SC_4_BYTES, b4);
   check_gl_error("glCallLists");
   model m;
   model_init(&m, bg);
   for (int k = 0; k < 10; k++)
      model_rect(&m, 2 + 6 * k, 10, 6 + 6 * k, 50, to8(col[k]));
   check_frame("glCallLists, every type", &m);

   /* A recorded glCallLists: its array copied when compiled, the base read when it runs. */
   GLubyte two[] = {0, 1};
   glNewList(base + 20, SC_COMPILE);
   glCallLists(2, GL_UNSIGNED_BYTE, two);
   glEndList();
   two[0] = two[1] = 9;
   clear_to(bg);
   glListBase(base + 4);
   glCallList(base + 20);
   model_init(&m, bg);
   model_rect(&m, 2 + 6 * 4, 10, 6 + 6 * 4, 50, to8(col[4]));
   model_rect(&m, 2 + 6 * 5, 10, 6 + 6 * 5, 50, to8(col[5]));
   check_frame("glCallLists inside a list", &m);
   glListBase(0);
   glDeleteLists(base, 21);
   check_gl_error("glDeleteLists");
}
