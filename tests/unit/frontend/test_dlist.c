/* test_dlist.c — display lists and the generated entry layer in a compatibility context: the
 * errors and queries of glNewList/glEndList/glGenLists/glDeleteLists/glCallLists, recording
 * (COMPILE vs COMPILE_AND_EXECUTE, arguments copied at compile time), the commands that execute
 * immediately while compiling, nesting, every glCallLists type with a base, lists shared through
 * the share group, and the glBegin/glEnd gate. Calls go through mgl_entry_glFoo, as an
 * application's do. The gate is driven by setting FE_ENTRY_IN_BEGIN_END with fe_entry_mode_set
 * (a stand-in for glBegin, which is not part of this branch). */
#include "decline.h"
#include "fe_compat.h"
#include "fe_test_util.h"
#include "gl_entry.h"

#define COMPILE 0x1300
#define COMPILE_AND_EXECUTE 0x1301
#define LIST_MODE 0x0B30
#define MAX_LIST_NESTING 0x0B31
#define LIST_BASE 0x0B32
#define LIST_INDEX 0x0B33
#define TWO_BYTES 0x1407
#define THREE_BYTES 0x1408
#define FOUR_BYTES 0x1409

static GLint
get_int(GLenum pname)
{
   GLint v = -12345;
   mgl_entry_glGetIntegerv(pname, &v);
   return v;
}

static float
clear_red(void)
{
   GLfloat c[4] = {-1, -1, -1, -1};
   mgl_entry_glGetFloatv(GL_COLOR_CLEAR_VALUE, c);
   return c[0];
}

static void
env_init_compat(struct fe_test_env *e, struct fe_context *share)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   memset(e, 0, sizeof(*e));
   CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e->surf) == FE_OK);
   struct fe_context_desc d = {.api = FE_API_GL_COMPAT, .major = 3, .minor = 3, .format = f};
   CHECK(fe_context_create(&d, share, &e->ctx) == FE_OK);
   CHECK(fe_make_current(e->ctx, e->surf, e->surf) == FE_OK);
}

static void
test_errors_and_gets(void)
{
   CHECK_EQ(get_int(MAX_LIST_NESTING), 64);
   CHECK_EQ(get_int(LIST_INDEX), 0);
   CHECK_EQ(get_int(LIST_MODE), 0);
   CHECK_EQ(get_int(LIST_BASE), 0);
   CHECK_ERR(GL_NO_ERROR);

   mgl_entry_glNewList(0, COMPILE);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_entry_glNewList(1, 0x1234);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_entry_glEndList();
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_entry_glGenLists(-1);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_EQ(mgl_entry_glGenLists(0), 0);
   CHECK_ERR(GL_NO_ERROR);
   mgl_entry_glDeleteLists(1, -1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_entry_glCallLists(-1, GL_UNSIGNED_BYTE, "");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_entry_glCallLists(1, GL_DOUBLE, "");
   CHECK_ERR(GL_INVALID_ENUM);

   mgl_entry_glNewList(7, COMPILE_AND_EXECUTE);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(get_int(LIST_INDEX), 7);
   CHECK_EQ(get_int(LIST_MODE), COMPILE_AND_EXECUTE);
   mgl_entry_glNewList(8, COMPILE);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(get_int(LIST_INDEX), 7);
   mgl_entry_glEndList();
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(get_int(LIST_INDEX), 0);
   CHECK(mgl_entry_glIsList(7));
   CHECK(!mgl_entry_glIsList(8));

   mgl_entry_glListBase(5);
   CHECK_EQ(get_int(LIST_BASE), 5);
   mgl_entry_glListBase(0);

   GLuint first = mgl_entry_glGenLists(3);
   CHECK(first > 7);
   CHECK(mgl_entry_glIsList(first) && mgl_entry_glIsList(first + 2));
   CHECK(!mgl_entry_glIsList(first + 3));
   mgl_entry_glDeleteLists(first, 2);
   CHECK(!mgl_entry_glIsList(first) && !mgl_entry_glIsList(first + 1));
   CHECK(mgl_entry_glIsList(first + 2));
   mgl_entry_glDeleteLists(first + 2, 1);
   mgl_entry_glDeleteLists(7, 1);
   CHECK(!mgl_entry_glIsList(7));
   CHECK_ERR(GL_NO_ERROR);
}

static void
test_compile_modes(void)
{
   mgl_entry_glClearColor(0.0f, 0, 0, 0);
   mgl_entry_glNewList(1, COMPILE);
   mgl_entry_glClearColor(0.2f, 0, 0, 0);
   mgl_entry_glEndList();
   CHECK(clear_red() == 0.0f); /* GL_COMPILE: recorded, not executed */
   mgl_entry_glCallList(1);
   CHECK(clear_red() == 0.2f);

   mgl_entry_glNewList(2, COMPILE_AND_EXECUTE);
   mgl_entry_glClearColor(0.4f, 0, 0, 0);
   CHECK(clear_red() == 0.4f); /* executed as it is compiled */
   mgl_entry_glEndList();
   mgl_entry_glCallList(1);
   CHECK(clear_red() == 0.2f);
   mgl_entry_glCallList(2);
   CHECK(clear_red() == 0.4f);

   /* Replacing a list: the old contents are used until glEndList. */
   mgl_entry_glNewList(1, COMPILE);
   mgl_entry_glClearColor(0.6f, 0, 0, 0);
   mgl_entry_glCallList(1); /* recorded: a call of list 1 as it is when executed */
   mgl_entry_glEndList();
   mgl_entry_glCallList(1); /* 0.6, then itself until the nesting limit: terminates */
   CHECK(clear_red() == 0.6f);
   CHECK_ERR(GL_NO_ERROR);

   /* Arguments are copied when compiled. */
   GLfloat v[4] = {1, 2, 3, 4};
   mgl_entry_glNewList(3, COMPILE);
   mgl_entry_glVertexAttrib4fv(1, v);
   mgl_entry_glEndList();
   v[0] = 9;
   mgl_entry_glVertexAttrib4f(1, 0, 0, 0, 0);
   mgl_entry_glCallList(3);
   GLfloat got[4] = {0};
   mgl_entry_glGetVertexAttribfv(1, GL_CURRENT_VERTEX_ATTRIB, got);
   CHECK(got[0] == 1 && got[1] == 2 && got[2] == 3 && got[3] == 4);

   /* Nesting: list 4 calls list 3 and list 1. */
   mgl_entry_glNewList(4, COMPILE);
   mgl_entry_glCallList(3);
   mgl_entry_glClearColor(0.8f, 0, 0, 0);
   mgl_entry_glEndList();
   mgl_entry_glVertexAttrib4f(1, 0, 0, 0, 0);
   mgl_entry_glCallList(4);
   mgl_entry_glGetVertexAttribfv(1, GL_CURRENT_VERTEX_ATTRIB, got);
   CHECK(got[3] == 4);
   CHECK(clear_red() == 0.8f);
   mgl_entry_glDeleteLists(1, 4);
   CHECK_ERR(GL_NO_ERROR);
}

static void
test_immediate_while_compiling(void)
{
   mgl_entry_glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   mgl_entry_glNewList(1, COMPILE);
   GLuint n = mgl_entry_glGenLists(1); /* executes: a name comes back */
   CHECK(n != 0);
   mgl_entry_glPixelStorei(GL_UNPACK_ALIGNMENT, 2); /* client state: executes, not recorded */
   CHECK_EQ(get_int(GL_UNPACK_ALIGNMENT), 2);       /* queries execute */
   GLuint buf = 0;
   mgl_entry_glGenBuffers(1, &buf);
   mgl_entry_glBindBuffer(GL_ARRAY_BUFFER, buf);
   CHECK_EQ(get_int(GL_ARRAY_BUFFER_BINDING), (GLint)buf);
   /* EXT_debug_label's label is client state as KHR_debug's: executes */
   mgl_entry_glLabelObjectEXT(0x9151 /* GL_BUFFER_OBJECT_EXT */, buf, 0, "in-list");
   CHECK_ERR(GL_NO_ERROR);
   char label[16] = {0};
   mgl_entry_glGetObjectLabel(GL_BUFFER, buf, sizeof(label), NULL, label);
   CHECK(!strcmp(label, "in-list"));
   mgl_entry_glClearColor(0.2f, 0, 0, 0);                  /* compiled: not executed */
   mgl_entry_glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 2); /* ARB_draw_instanced: an error */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_entry_glDispatchComputeIndirect(0); /* ARB_compute_shader: an error, neither kept nor run */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_entry_glEndList();
   mgl_entry_glNewList(2, COMPILE_AND_EXECUTE);
   mgl_entry_glDispatchComputeIndirect(0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_entry_glEndList();
   mgl_entry_glDeleteLists(2, 1);
   CHECK(clear_red() != 0.2f);
   mgl_entry_glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   mgl_entry_glBindBuffer(GL_ARRAY_BUFFER, 0);
   mgl_entry_glCallList(1);
   CHECK_EQ(get_int(GL_UNPACK_ALIGNMENT), 4);
   CHECK_EQ(get_int(GL_ARRAY_BUFFER_BINDING), 0);
   CHECK(clear_red() == 0.2f);
   mgl_entry_glDeleteBuffers(1, &buf);
   mgl_entry_glDeleteLists(1, 1);
   mgl_entry_glDeleteLists(n, 1);
   CHECK_ERR(GL_NO_ERROR);
}

/* glPatchParameterfv keeps its four outer or two inner levels in a list (the values are copied
 * at compile time, by the size pname gives) and sets them when the list runs. */
static void
test_patch_parameters(void)
{
   const GLfloat outer[4] = {2, 4, 7, 6}, inner[2] = {5, 3};
   const GLfloat other_outer[4] = {1, 3, 5, 2}, other_inner[2] = {6, 4};
   /* the recorder's caps with what fe_tess_offered asks of a device */
   const struct mgp_caps saved = fake_caps;
   fake_caps.cap_bits |= MGP_CAP_TESSELLATION;
   fake_caps.max_uniform_buffer_bindings = 5 * GLSL_MAX_STAGE_UNIFORM_BLOCKS;
   fake_caps.max_texture_units = 5 * FE_MAX_STAGE_TEXTURE_UNITS;
   mgl_entry_glNewList(3, COMPILE);
   GLfloat copy_outer[4], copy_inner[2];
   memcpy(copy_outer, outer, sizeof outer);
   memcpy(copy_inner, inner, sizeof inner);
   mgl_entry_glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, copy_outer);
   mgl_entry_glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, copy_inner);
   mgl_entry_glEndList();
   memset(copy_outer, 0, sizeof copy_outer); /* the list holds its own copy */
   memset(copy_inner, 0, sizeof copy_inner);
   mgl_entry_glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, other_outer);
   mgl_entry_glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, other_inner);
   mgl_entry_glCallList(3);
   CHECK_ERR(GL_NO_ERROR);
   GLfloat got[4] = {0};
   mgl_entry_glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, got);
   for (int i = 0; i < 4; i++)
      CHECK(got[i] == outer[i]);
   memset(got, 0, sizeof got);
   mgl_entry_glGetFloatv(GL_PATCH_DEFAULT_INNER_LEVEL, got);
   for (int i = 0; i < 2; i++)
      CHECK(got[i] == inner[i]);
   mgl_entry_glDeleteLists(3, 1);
   CHECK_ERR(GL_NO_ERROR);
   fake_caps = saved;
}

/* ARB_texture_buffer_object: glTexBuffer (and glTexBufferRange) are not compiled but executed
 * at once, as glBindBuffer is. */
static void
test_tex_buffer_not_compiled(void)
{
   GLuint buf = 0, tex = 0;
   mgl_entry_glGenBuffers(1, &buf);
   mgl_entry_glBindBuffer(GL_TEXTURE_BUFFER, buf);
   mgl_entry_glBufferData(GL_TEXTURE_BUFFER, 256, NULL, GL_STATIC_DRAW);
   mgl_entry_glGenTextures(1, &tex);
   mgl_entry_glBindTexture(GL_TEXTURE_BUFFER, tex);
   mgl_entry_glNewList(1, COMPILE);
   mgl_entry_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, buf);
   CHECK_EQ(get_int(0x8C2E /* GL_TEXTURE_BUFFER_FORMAT_ARB */), GL_RGBA8);
   CHECK_EQ(get_int(0x8C2D /* GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB */), (GLint)buf);
   mgl_entry_glTexBufferRange(GL_TEXTURE_BUFFER, GL_R32F, buf, 0, 64);
   CHECK_EQ(get_int(0x8C2E), GL_R32F);
   mgl_entry_glEndList();
   mgl_entry_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 0);
   mgl_entry_glCallList(1); /* nothing recorded: the format stays */
   CHECK_EQ(get_int(0x8C2E), GL_RGBA8);
   CHECK_EQ(get_int(0x8C2D), 0);
   mgl_entry_glDeleteLists(1, 1);
   mgl_entry_glDeleteTextures(1, &tex);
   mgl_entry_glDeleteBuffers(1, &buf);
   CHECK_ERR(GL_NO_ERROR);
}

static void
test_call_lists_types(void)
{
   /* Lists 10..13 set the clear colour's red to (list - 9) / 8 (exact in binary). */
   for (GLuint l = 10; l <= 13; l++) {
      mgl_entry_glNewList(l, COMPILE);
      mgl_entry_glClearColor((float)(l - 9) / 8, 0, 0, 0);
      mgl_entry_glEndList();
   }
   const GLbyte b[] = {1, 2};
   const GLubyte ub[] = {2, 3};
   const GLshort s[] = {0, 1};
   const GLushort us[] = {3, 2};
   const GLint i[] = {1, 3};
   const GLuint ui[] = {2, 1};
   const GLfloat f[] = {0.0f, 3.0f};
   const GLubyte b2[] = {0, 1, 0, 2};
   const GLubyte b3[] = {0, 0, 3, 0, 0, 1};
   const GLubyte b4[] = {0, 0, 0, 2, 0, 0, 0, 3};
   const struct {
      GLenum type;
      const void *data;
      float last;
   } cases[] = {
      {GL_BYTE, b, 0.375f},     {GL_UNSIGNED_BYTE, ub, 0.5f},
      {GL_SHORT, s, 0.25f},     {GL_UNSIGNED_SHORT, us, 0.375f},
      {GL_INT, i, 0.5f},        {GL_UNSIGNED_INT, ui, 0.25f},
      {GL_FLOAT, f, 0.5f},      {TWO_BYTES, b2, 0.375f},
      {THREE_BYTES, b3, 0.25f}, {FOUR_BYTES, b4, 0.5f},
   };
   mgl_entry_glListBase(10);
   for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      mgl_entry_glClearColor(0, 0, 0, 0);
      mgl_entry_glCallLists(2, cases[k].type, cases[k].data);
      if (clear_red() != cases[k].last)
         fprintf(stderr, "glCallLists type 0x%x: red %g, expected %g\n", cases[k].type, clear_red(),
                 cases[k].last);
      CHECK(clear_red() == cases[k].last);
   }
   /* A signed name below the base. */
   mgl_entry_glListBase(14);
   const GLbyte neg[] = {-3};
   mgl_entry_glCallLists(1, GL_BYTE, neg);
   CHECK(clear_red() == 0.25f);

   /* Recorded glCallLists: the array is copied, the base is read when it executes. */
   GLubyte arr[] = {1};
   mgl_entry_glNewList(20, COMPILE);
   mgl_entry_glCallLists(1, GL_UNSIGNED_BYTE, arr);
   mgl_entry_glEndList();
   arr[0] = 2;
   mgl_entry_glListBase(11);
   mgl_entry_glCallList(20);
   CHECK(clear_red() == 0.375f);
   mgl_entry_glListBase(0);
   mgl_entry_glDeleteLists(10, 11);
   CHECK_ERR(GL_NO_ERROR);
}

static void
test_begin_end_gate(struct fe_context *ctx)
{
   mgl_entry_glClearColor(0.2f, 0, 0, 0);
   mgl_entry_glNewList(1, COMPILE);
   mgl_entry_glClearColor(0.6f, 0, 0, 0);
   mgl_entry_glVertexAttrib4f(1, 5, 6, 7, 8);
   mgl_entry_glEndList();

   fe_entry_mode_set(ctx, FE_ENTRY_IN_BEGIN_END, true);
   mgl_entry_glClearColor(0.4f, 0, 0, 0); /* not allowed: error, not executed */
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_entry_glVertexAttrib4f(1, 1, 2, 3, 4); /* allowed */
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   GLuint none = mgl_entry_glGenLists(1); /* not allowed, returns 0 */
   CHECK_EQ(none, 0);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_entry_glCallList(1); /* allowed; the list's glClearColor is not */
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   fe_entry_mode_set(ctx, FE_ENTRY_IN_BEGIN_END, false);

   CHECK(clear_red() == 0.2f);
   GLfloat got[4] = {0};
   mgl_entry_glGetVertexAttribfv(1, GL_CURRENT_VERTEX_ATTRIB, got);
   CHECK(got[0] == 5 && got[3] == 8); /* the list's allowed command ran */
   mgl_entry_glDeleteLists(1, 1);
   CHECK_ERR(GL_NO_ERROR);
}

static void
test_shared(struct fe_test_env *e1)
{
   mgl_entry_glNewList(30, COMPILE);
   mgl_entry_glClearColor(0.8f, 0, 0, 0);
   mgl_entry_glEndList();
   struct fe_test_env e2;
   env_init_compat(&e2, e1->ctx);
   CHECK(mgl_entry_glIsList(30));
   mgl_entry_glCallList(30);
   CHECK(clear_red() == 0.8f);
   mgl_entry_glDeleteLists(30, 1);
   CHECK_ERR(GL_NO_ERROR);
   fe_make_current(e1->ctx, e1->surf, e1->surf);
   CHECK(!mgl_entry_glIsList(30));
   fe_context_destroy(e2.ctx);
   fe_surface_destroy(e2.surf);
}

/* Commands whose pixel data is unpacked when compiled (GL 2.1 section 5.4): the list holds the
 * values the client had then; an argument the command refuses raises its error when the list
 * executes, not when it is compiled. */
static void
test_pixel_commands(void)
{
   GLfloat map[2] = {0.25f, 0.5f}, got[2] = {0, 0};
   mgl_entry_glNewList(50, COMPILE);
   mgl_entry_glPixelMapfv(0x0C76 /* GL_PIXEL_MAP_R_TO_R */, 2, map);
   mgl_entry_glPixelMapfv(0x0C76, 0, map); /* INVALID_VALUE */
   mgl_entry_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, -1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   mgl_entry_glDrawPixels(1, 1, GL_RGBA, 0x1234, map);
   mgl_entry_glEndList();
   CHECK_ERR(GL_NO_ERROR);
   map[0] = map[1] = 1.0f;
   mgl_entry_glCallList(50);
   CHECK_ERR(GL_INVALID_VALUE); /* the first error the list raised */
   mgl_entry_glGetPixelMapfv(0x0C76, got);
   CHECK(got[0] == 0.25f && got[1] == 0.5f);
   GLint size = 0;
   mgl_entry_glGetIntegerv(0x0CB6 /* GL_PIXEL_MAP_R_TO_R_SIZE */, &size);
   CHECK_EQ(size, 2);
   mgl_entry_glDeleteLists(50, 1);
   CHECK_ERR(GL_NO_ERROR);
}

/* KHR_debug's GL_DISPLAY_LIST labels (piglit khr_debug-object-label_gl): a name glGenLists or
 * glNewList made takes one, it goes with glDeleteLists, and the identifier is GL_INVALID_ENUM in
 * a core context (test_core_context). */
#define DISPLAY_LIST 0x82E7
/* IBM_multimode_draw_arrays while compiling: the list holds the draws the call stands for (as
 * Mesa's do), not a declined command; GL_COMPILE runs none of them now. */
static void
test_multimode_compiled(void)
{
   static const GLfloat verts[6] = {0, 0, 1, 0, 0, 1};
   const GLenum modes[2] = {GL_TRIANGLES, GL_POINTS};
   const GLint firsts[2] = {0, 1};
   const GLsizei counts[2] = {3, 1};
   mgl_entry_glVertexPointer(2, GL_FLOAT, 0, verts);
   mgl_entry_glEnableClientState(GL_VERTEX_ARRAY);
   const uint64_t declined = mgu_decline_count(MGU_DECLINE_dlist_command_not_compilable);
   mgl_entry_glNewList(70, COMPILE);
   mgl_entry_glMultiModeDrawArraysIBM(modes, firsts, counts, 2, sizeof(GLenum));
   mgl_entry_glEndList();
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_dlist_command_not_compilable), declined);
   mgl_entry_glCallList(70);
   CHECK_ERR(GL_NO_ERROR);
   mgl_entry_glDisableClientState(GL_VERTEX_ARRAY);
   mgl_entry_glDeleteLists(70, 1);
}

static void
test_labels(void)
{
   GLchar buf[32] = "";
   GLsizei len = -1;
   const GLuint first = mgl_entry_glGenLists(3);
   CHECK(first != 0);
   mgl_entry_glObjectLabel(DISPLAY_LIST, first + 1, -1, "a list");
   CHECK_ERR(GL_NO_ERROR);
   mgl_entry_glNewList(60, COMPILE);
   mgl_entry_glEndList();
   mgl_entry_glObjectLabel(DISPLAY_LIST, 60, 4, "compiled");
   CHECK_ERR(GL_NO_ERROR);
   mgl_entry_glGetObjectLabel(DISPLAY_LIST, first + 1, sizeof(buf), &len, buf);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(len == 6 && !strcmp(buf, "a list"));
   mgl_entry_glGetObjectLabel(DISPLAY_LIST, 60, sizeof(buf), &len, buf);
   CHECK(len == 4 && !strcmp(buf, "comp"));
   mgl_entry_glGetObjectLabel(DISPLAY_LIST, first, sizeof(buf), &len, buf);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(len, 0);
   /* deleting the name before it shifts the labels; the deleted names are no objects */
   mgl_entry_glDeleteLists(first, 1);
   mgl_entry_glGetObjectLabel(DISPLAY_LIST, first + 1, sizeof(buf), &len, buf);
   CHECK(len == 6 && !strcmp(buf, "a list"));
   mgl_entry_glObjectLabel(DISPLAY_LIST, first, -1, "gone");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_entry_glDeleteLists(first, 3);
   mgl_entry_glDeleteLists(60, 1);
   mgl_entry_glGetObjectLabel(DISPLAY_LIST, 60, sizeof(buf), &len, buf);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_entry_glNewList(60, COMPILE); /* a new list under the name has no label */
   mgl_entry_glEndList();
   mgl_entry_glGetObjectLabel(DISPLAY_LIST, 60, sizeof(buf), &len, buf);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(len, 0);
   mgl_entry_glDeleteLists(60, 1);
   CHECK_ERR(GL_NO_ERROR);
}

static void
test_core_context(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   mgl_entry_glNewList(1, COMPILE);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(fe_entry_mode, 0);
   CHECK(!mgl_entry_glIsList(1));
   CHECK_ERR(GL_INVALID_OPERATION);
   GLint v = -1;
   mgl_entry_glGetIntegerv(MAX_LIST_NESTING, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_entry_glObjectLabel(DISPLAY_LIST, 1, -1, "x");
   CHECK_ERR(GL_INVALID_ENUM);
   env_finish(&e);
}

int
main(void)
{
   struct fe_test_env e;
   env_init_compat(&e, NULL);
   test_errors_and_gets();
   test_compile_modes();
   test_immediate_while_compiling();
   test_patch_parameters();
   test_tex_buffer_not_compiled();
   test_call_lists_types();
   test_begin_end_gate(e.ctx);
   test_shared(&e);
   test_pixel_commands();
   test_labels();
   test_multimode_compiled();
   /* A list being compiled when the context goes is dropped with it. */
   mgl_entry_glNewList(40, COMPILE);
   mgl_entry_glClearColor(0, 0, 0, 0);
   env_finish(&e);
   test_core_context();
   if (fe_test_failures)
      fprintf(stderr, "test_dlist: %d failure(s)\n", fe_test_failures);
   return fe_test_failures ? 1 : 0;
}
