/* test_compat.c — unit.frontend.compat: the compatibility context's strings and queries
 * (GL_VERSION, GL_CONTEXT_PROFILE_MASK, GL_ARB_compatibility in both extension lists and in no
 * core list), the current attributes (every family, integer colours normalized, per-unit
 * texture coordinates) through glGet, glBegin/glEnd's errors, what glEnd sends (GL_QUADS as
 * triangles keeping the provoking vertex, polygon mode LINE as outer edges honouring edge
 * flags), a core context refusing the legacy commands with GL_INVALID_OPERATION, and the
 * accumulation buffer's errors and queries, glClampColor's targets, errors and defaults and
 * the colour queries its fragment clamp clamps. */
#include <math.h>

#include "decline.h"
#include "fe_compat_vertex.h"
#include "fe_ff_enums.h"
#include "fe_format.h"
#include "fe_test_util.h"
#include "pipe_codec.h"

/* the accumulation buffer's enums (GL 1.0; glcorearb.h lacks them) */
#define GL_ACCUM 0x0100
#define GL_LOAD 0x0101
#define GL_RETURN 0x0102
#define GL_MULT 0x0103
#define GL_ADD 0x0104
#define GL_ACCUM_BUFFER_BIT 0x00000200
#define GL_ACCUM_CLEAR_VALUE 0x0B80
#define GL_ACCUM_RED_BITS 0x0D58
#define GL_TEXTURE_BORDER 0x1005
#define GL_ACCUM_ALPHA_BITS 0x0D5B

/* A compatibility context on a 16 x 16 pbuffer with accum_bits of accumulation buffer. */
static void
compat_env_accum(struct fe_test_env *e, uint8_t accum_bits)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, accum_bits};
   memset(e, 0, sizeof(*e));
   CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e->surf) == FE_OK);
   struct fe_context_desc d = {.api = FE_API_GL_COMPAT, .major = 3, .minor = 3, .format = f};
   CHECK(fe_context_create(&d, NULL, &e->ctx) == FE_OK);
   CHECK(fe_make_current(e->ctx, e->surf, e->surf) == FE_OK);
}

static void
compat_env(struct fe_test_env *e)
{
   compat_env_accum(e, 0);
}

static bool
has_ext_i(const char *name)
{
   GLint n = 0;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   bool found = false;
   for (GLint k = 0; k < n; k++) {
      const char *x = (const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)k);
      CHECK(x != NULL);
      if (x && !strcmp(x, name))
         found = true;
   }
   /* one past the end is GL_INVALID_VALUE: GL_NUM_EXTENSIONS is the list's length */
   CHECK(mgl_glGetStringi(GL_EXTENSIONS, (GLuint)n) == NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   return found;
}

static void
test_strings(void)
{
   struct fe_test_env e;
   compat_env(&e);
   const char *v = (const char *)mgl_glGetString(GL_VERSION);
   CHECK(v && !strncmp(v, "3.3", 3) && !strstr(v, "Core"));
   GLint mask = 0;
   mgl_glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
   CHECK_EQ(mask, GL_CONTEXT_COMPATIBILITY_PROFILE_BIT);
   CHECK(has_ext_i("GL_ARB_compatibility"));
   CHECK(has_ext_i("GL_ARB_vertex_array_object"));
   /* GL 1.x-3.x features under the names programs of their time test */
   CHECK(has_ext_i("GL_ARB_texture_non_power_of_two"));
   CHECK(has_ext_i("GL_ARB_vertex_buffer_object"));
   CHECK(has_ext_i("GL_ARB_window_pos"));
   CHECK(has_ext_i("GL_EXT_secondary_color"));
   CHECK(has_ext_i("GL_ARB_vertex_type_2_10_10_10_rev"));
   /* listed since its GL_SLUMINANCE* formats exist in compatibility contexts (compat15) */
   CHECK(has_ext_i("GL_EXT_texture_sRGB"));
   /* listed since depth textures generate mipmaps in compatibility contexts (compat10) */
   CHECK(has_ext_i("GL_ARB_depth_buffer_float"));
   const char *all = (const char *)mgl_glGetString(GL_EXTENSIONS);
   CHECK(all && strstr(all, "GL_ARB_compatibility ") && strstr(all, "GL_ARB_vertex_array_object"));
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);

   env_init(&e, 16, 16);
   CHECK(!has_ext_i("GL_ARB_compatibility"));
   CHECK(mgl_glGetString(GL_EXTENSIONS) == NULL);
   CHECK_ERR(GL_INVALID_ENUM);
   env_finish(&e);
}

/* Each name once in either profile's list: the core list names GL 3.x features under their
 * extension names (GL_ARB_timer_query, GL_EXT_framebuffer_object, ...) that the compatibility
 * context's own names repeat. */
static void
check_no_duplicates(void)
{
   GLint n = 0;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++)
      for (GLint k = i + 1; k < n; k++) {
         const char *a = (const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i);
         const char *b = (const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)k);
         if (a && b && !strcmp(a, b)) {
            fprintf(stderr, "listed twice: %s\n", a);
            CHECK(0);
         }
      }
}

static void
test_extension_names_once(void)
{
   struct fe_test_env e;
   compat_env(&e);
   check_no_duplicates();
   CHECK(has_ext_i("GL_ARB_timer_query") && has_ext_i("GL_EXT_framebuffer_object"));
   env_finish(&e);
   env_init(&e, 16, 16);
   check_no_duplicates();
   CHECK(has_ext_i("GL_ARB_timer_query") && has_ext_i("GL_ARB_occlusion_query2"));
   CHECK(has_ext_i("GL_ARB_texture_multisample") && has_ext_i("GL_ARB_texture_rectangle"));
   CHECK(has_ext_i("GL_EXT_framebuffer_object") && has_ext_i("GL_EXT_framebuffer_blit"));
   CHECK(has_ext_i("GL_EXT_packed_depth_stencil") && has_ext_i("GL_NV_conditional_render"));
   CHECK(has_ext_i("GL_EXT_blend_equation_separate"));
   CHECK(has_ext_i("GL_ARB_robustness") && has_ext_i("GL_KHR_robustness"));
   CHECK(!has_ext_i("GL_ARB_compatibility"));
   env_finish(&e);
}

static void
get4(GLenum pname, float out[4])
{
   GLfloat f[16] = {0};
   mgl_glGetFloatv(pname, f);
   memcpy(out, f, 16);
}

static bool
near4(const float *a, float x, float y, float z, float w)
{
   return fabsf(a[0] - x) < 1e-6f && fabsf(a[1] - y) < 1e-6f && fabsf(a[2] - z) < 1e-6f &&
          fabsf(a[3] - w) < 1e-6f;
}

static void
test_current_attributes(void)
{
   struct fe_test_env e;
   compat_env(&e);
   float v[4];
   /* initial values: colour white, secondary (0,0,0,1), normal (0,0,1), texcoords (0,0,0,1) */
   get4(GL_CURRENT_COLOR, v);
   CHECK(near4(v, 1, 1, 1, 1));
   get4(GL_CURRENT_SECONDARY_COLOR, v);
   CHECK(near4(v, 0, 0, 0, 1));
   get4(GL_CURRENT_NORMAL, v);
   CHECK(near4(v, 0, 0, 1, v[3]));
   GLboolean b = GL_FALSE;
   mgl_glGetBooleanv(GL_EDGE_FLAG, &b);
   CHECK_EQ(b, GL_TRUE);

   mgl_glColor4ub(255, 0, 51, 102);
   get4(GL_CURRENT_COLOR, v);
   CHECK(near4(v, 1.0f, 0.0f, 0.2f, 0.4f));
   mgl_glColor3b(127, -128, 0); /* (2c + 1) / 255, alpha 1 */
   get4(GL_CURRENT_COLOR, v);
   CHECK(near4(v, 1.0f, -1.0f, 1.0f / 255.0f, 1.0f));
   GLint iv[4] = {0};
   mgl_glColor4f(1.0f, 0.0f, 0.5f, 1.0f);
   mgl_glGetIntegerv(GL_CURRENT_COLOR, iv); /* the linear mapping to [-2^31, 2^31 - 1] */
   CHECK_EQ(iv[0], 2147483647);
   CHECK_EQ(iv[1], 0);
   mgl_glColor3usv((const GLushort[]){65535, 0, 65535});
   get4(GL_CURRENT_COLOR, v);
   CHECK(near4(v, 1, 0, 1, 1));
   mgl_glSecondaryColor3ub(51, 102, 255);
   get4(GL_CURRENT_SECONDARY_COLOR, v);
   CHECK(near4(v, 0.2f, 0.4f, 1.0f, 1.0f));
   mgl_glNormal3s(32767, 0, -32768);
   get4(GL_CURRENT_NORMAL, v);
   CHECK(near4(v, 1.0f, 1.0f / 65535.0f, -1.0f, v[3]));
   mgl_glTexCoord2i(3, 4);
   get4(GL_CURRENT_TEXTURE_COORDS, v);
   CHECK(near4(v, 3, 4, 0, 1));
   mgl_glMultiTexCoord3d(GL_TEXTURE5, 0.5, 0.25, 2.0);
   mgl_glActiveTexture(GL_TEXTURE5);
   get4(GL_CURRENT_TEXTURE_COORDS, v);
   CHECK(near4(v, 0.5f, 0.25f, 2.0f, 1.0f));
   mgl_glActiveTexture(GL_TEXTURE0);
   get4(GL_CURRENT_TEXTURE_COORDS, v);
   CHECK(near4(v, 3, 4, 0, 1));
   mgl_glMultiTexCoord1f(GL_TEXTURE0 + FE_FF_TEXCOORD_UNITS, 1.0f);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glFogCoordf(7.5f);
   GLfloat fog = 0;
   mgl_glGetFloatv(GL_CURRENT_FOG_COORD, &fog);
   CHECK(fog == 7.5f);
   mgl_glEdgeFlag(GL_FALSE);
   mgl_glGetBooleanv(GL_EDGE_FLAG, &b);
   CHECK_EQ(b, GL_FALSE);
   /* the conventional slots are the generic attributes of fe_compat.h */
   GLfloat gv[4];
   mgl_glGetVertexAttribfv(FE_FF_ATTRIB_COLOR1, GL_CURRENT_VERTEX_ATTRIB, gv);
   CHECK(near4(gv, 0.2f, 0.4f, 1.0f, 1.0f));
   mgl_glIndexi(3); /* RGBA only: kept, draws nothing */
   GLint index = 0;
   mgl_glGetIntegerv(GL_CURRENT_INDEX, &index);
   CHECK_EQ(index, 3);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

static void
test_begin_end_errors(void)
{
   struct fe_test_env e;
   compat_env(&e);
   mgl_glEnd();
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBegin(GL_PATCHES);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBegin(GL_TRIANGLES);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBegin(GL_TRIANGLES);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glRectf(0, 0, 1, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glEnd();
   CHECK_ERR(GL_NO_ERROR);
   mgl_glEnd();
   CHECK_ERR(GL_INVALID_OPERATION);
   env_finish(&e);
}

/* The indices of the draw_vbo glEnd sent (the nth), and its mode. */
static unsigned
sent_indices(unsigned nth, uint32_t *out, unsigned max, uint16_t *mode)
{
   const struct fake_rec *r = fake_find(MGP_CALL_draw_vbo, nth);
   if (!r)
      return 0;
   const struct mgp_draw_vbo *a = (const void *)r->args;
   *mode = a->mode;
   CHECK(a->flags & MGP_DRAW_USER_INDICES);
   CHECK_EQ(a->index_size, 4);
   unsigned n = (unsigned)(r->data_size / 4);
   n = n < max ? n : max;
   memcpy(out, r->data, n * 4u);
   return n;
}

static void
quad(void)
{
   mgl_glBegin(GL_QUADS);
   mgl_glVertex2f(0, 0);
   mgl_glEdgeFlag(GL_FALSE); /* the edge from vertex 1 to 2 is not an outer edge */
   mgl_glVertex2f(1, 0);
   mgl_glEdgeFlag(GL_TRUE);
   mgl_glVertex2f(1, 1);
   mgl_glVertex2f(0, 1);
   mgl_glEnd();
}

static void
test_quads_sent(void)
{
   struct fe_test_env e;
   compat_env(&e);
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   mgl_glUseProgram(make_program(&fp));
   fake_clear();
   quad();
   CHECK_ERR(GL_NO_ERROR);
   uint32_t idx[16];
   uint16_t mode = 0;
   unsigned n = sent_indices(0, idx, 16, &mode);
   /* two triangles, each ending with vertex 3 (flat shading's vertex of a quad) */
   CHECK_EQ(mode, MGP_PRIM_TRIANGLES);
   CHECK_EQ(n, 6);
   CHECK(n == 6 && idx[2] == 3 && idx[5] == 3);
   CHECK(n == 6 && idx[0] == 0 && idx[1] == 1 && idx[3] == 1 && idx[4] == 2);

   /* the first-vertex convention: vertex 3 first */
   mgl_glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
   fake_clear();
   quad();
   n = sent_indices(0, idx, 16, &mode);
   CHECK(n == 6 && idx[0] == 3 && idx[3] == 3);
   mgl_glProvokingVertex(GL_LAST_VERTEX_CONVENTION);

   /* polygon mode LINE: the outer edges but 1-2 (its edge flag is off), no diagonal */
   mgl_glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   fake_clear();
   quad();
   n = sent_indices(0, idx, 16, &mode);
   CHECK_EQ(mode, MGP_PRIM_LINES);
   CHECK_EQ(n, 6);
   CHECK(n == 6 && idx[0] == 0 && idx[1] == 1 && idx[2] == 2 && idx[3] == 3 && idx[4] == 3 &&
         idx[5] == 0);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

static void
test_core_refuses(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   mgl_glBegin(GL_TRIANGLES);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glColor4f(1, 0, 0, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexPointer(2, GL_FLOAT, 0, NULL);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDrawArrays(GL_QUADS, 0, 4);
   CHECK_ERR(GL_INVALID_ENUM);
   GLfloat c[4];
   mgl_glGetFloatv(GL_CURRENT_COLOR, c);
   CHECK_ERR(GL_INVALID_ENUM);
   env_finish(&e);
}

static void
test_legacy_arrays(void)
{
   struct fe_test_env e;
   compat_env(&e);
   static const float xy[8] = {0, 0, 1, 0, 1, 1, 0, 1};
   static const GLubyte rgb[12] = {0};
   mgl_glVertexPointer(2, GL_FLOAT, 8, xy);
   mgl_glColorPointer(3, GL_UNSIGNED_BYTE, 0, rgb);
   mgl_glClientActiveTexture(GL_TEXTURE2);
   mgl_glTexCoordPointer(2, GL_FLOAT, 0, xy + 2);
   mgl_glEnableClientState(GL_VERTEX_ARRAY);
   mgl_glEnableClientState(GL_TEXTURE_COORD_ARRAY);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glIsEnabled(GL_VERTEX_ARRAY));
   CHECK(!mgl_glIsEnabled(GL_COLOR_ARRAY));
   CHECK(mgl_glIsEnabled(GL_TEXTURE_COORD_ARRAY));
   GLint iv = 0;
   mgl_glGetIntegerv(GL_CLIENT_ACTIVE_TEXTURE, &iv);
   CHECK_EQ(iv, GL_TEXTURE2);
   mgl_glGetIntegerv(GL_VERTEX_ARRAY_STRIDE, &iv);
   CHECK_EQ(iv, 8);
   mgl_glGetIntegerv(GL_COLOR_ARRAY_TYPE, &iv);
   CHECK_EQ(iv, GL_UNSIGNED_BYTE);
   /* the arrays are the generic ones at the conventional slots */
   mgl_glGetVertexAttribiv(FE_FF_ATTRIB_TEXCOORD0 + 2, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &iv);
   CHECK_EQ(iv, 1);
   void *ptr = NULL;
   mgl_glGetPointerv(GL_VERTEX_ARRAY_POINTER, &ptr);
   CHECK(ptr == (const void *)xy);
   mgl_glGetPointerv(GL_TEXTURE_COORD_ARRAY_POINTER, &ptr);
   CHECK(ptr == (const void *)(xy + 2));
   mgl_glClientActiveTexture(GL_TEXTURE0);
   CHECK(!mgl_glIsEnabled(GL_TEXTURE_COORD_ARRAY));
   CHECK_ERR(GL_NO_ERROR);
   /* errors */
   mgl_glVertexPointer(1, GL_FLOAT, 0, xy);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexPointer(2, GL_UNSIGNED_BYTE, 0, xy);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glColorPointer(3, GL_FLOAT, -4, xy);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glEnableClientState(GL_BLEND);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glClientActiveTexture(GL_TEXTURE0 + FE_FF_TEXCOORD_UNITS);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glInterleavedArrays(GL_RGBA, 0, xy);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBegin(GL_POINTS);
   mgl_glVertexPointer(2, GL_FLOAT, 0, xy);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glEnd();
   /* client memory needs vertex array object zero */
   GLuint vao;
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   mgl_glVertexPointer(2, GL_FLOAT, 0, xy);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindVertexArray(0);

   /* glDrawArrays(GL_QUADS) from client memory: triangles, vertex 3 last */
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   mgl_glUseProgram(make_program(&fp));
   mgl_glClientActiveTexture(GL_TEXTURE2); /* its array reads past xy for 4 vertices */
   mgl_glDisableClientState(GL_TEXTURE_COORD_ARRAY);
   fake_clear();
   mgl_glDrawArrays(GL_QUADS, 0, 4);
   uint32_t idx[8];
   uint16_t mode = 0;
   CHECK_EQ(sent_indices(0, idx, 8, &mode), 6);
   CHECK_EQ(mode, MGP_PRIM_TRIANGLES);
   CHECK(idx[2] == 3 && idx[5] == 3);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* The accumulation buffer's errors and queries (GL 2.1 §4.2.4, §6.1): GL_ACCUM_*_BITS the
 * config's on the default framebuffer and 0 on a framebuffer object or a config without one,
 * GL_INVALID_ENUM for a bad operation before anything else, GL_INVALID_OPERATION without a
 * buffer (a framebuffer object included); glClearAccum clamps; an accumulation sends one blit
 * (the read rectangle) and one draw, and the first command also clears the new buffer. */
static void
test_accum(void)
{
   struct fe_test_env e;
   compat_env_accum(&e, 16);
   GLint bits[4] = {0};
   for (int i = 0; i < 4; i++)
      mgl_glGetIntegerv(GL_ACCUM_RED_BITS + (GLenum)i, &bits[i]);
   CHECK(bits[0] == 16 && bits[1] == 16 && bits[2] == 16 && bits[3] == 16);
   mgl_glAccum(GL_RETURN + 0x10, 1.0f);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glClearAccum(2.0f, -3.0f, 0.5f, 0.0f);
   float v[4];
   get4(GL_ACCUM_CLEAR_VALUE, v);
   CHECK(near4(v, 1.0f, -1.0f, 0.5f, 0.0f));
   fake_clear();
   mgl_glAccum(GL_LOAD, 0.5f); /* made: cleared (a draw), then the read copied and loaded */
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_blit), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 2);
   fake_clear();
   mgl_glAccum(GL_MULT, 0.5f);
   mgl_glAccum(GL_RETURN, 1.0f);
   mgl_glClear(GL_ACCUM_BUFFER_BIT);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_blit), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 3);
   /* a resized drawable gets a buffer of its new size, cleared again before the load */
   fake_clear();
   mgl_glAccum(GL_LOAD, 0.5f);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 1);
   CHECK(fe_surface_resize(e.surf, 24, 8) == FE_OK);
   fake_clear();
   mgl_glAccum(GL_LOAD, 0.5f);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_blit), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 2);
   /* a framebuffer object has no accumulation buffer */
   GLuint fbo = 0, rb = 0;
   mgl_glGenRenderbuffers(1, &rb);
   mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   mgl_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   mgl_glGenFramebuffers(1, &fbo);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   mgl_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   mgl_glGetIntegerv(GL_ACCUM_RED_BITS, &bits[0]);
   CHECK_EQ(bits[0], 0);
   mgl_glAccum(GL_ACCUM, 1.0f);
   CHECK_ERR(GL_INVALID_OPERATION);
   fake_clear();
   mgl_glClear(GL_ACCUM_BUFFER_BIT); /* nothing to clear, no error */
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 0);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   env_finish(&e);

   /* a config without one */
   compat_env(&e);
   mgl_glGetIntegerv(GL_ACCUM_ALPHA_BITS, &bits[3]);
   CHECK_EQ(bits[3], 0);
   mgl_glAccum(GL_ADD, 0.5f);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glAccum(0, 0.5f);
   CHECK_ERR(GL_INVALID_ENUM);
   env_finish(&e);
}

/* glPushAttrib(GL_VIEWPORT_BIT | GL_SCISSOR_BIT) keeps every viewport's viewport, depth range,
 * scissor box and enable (ARB_viewport_array), not only index 0's; a group not pushed stays. */
static void
test_push_viewport_array(void)
{
   struct fe_test_env e;
   compat_env(&e);
   mgl_glViewportIndexedf(3, 1, 2, 3, 4);
   mgl_glScissorIndexed(5, 6, 7, 8, 9);
   mgl_glEnablei(GL_SCISSOR_TEST, 5);
   mgl_glDepthRangeIndexed(7, 0.25, 0.5);
   mgl_glPushAttrib(0x00000800 /* GL_VIEWPORT_BIT */ | 0x00080000 /* GL_SCISSOR_BIT */);
   mgl_glViewport(0, 0, 10, 10);
   mgl_glScissor(0, 0, 10, 10);
   mgl_glDisable(GL_SCISSOR_TEST);
   mgl_glDepthRange(0, 1);
   mgl_glPopAttrib();
   GLfloat f[4];
   GLint s[4];
   mgl_glGetFloati_v(GL_VIEWPORT, 3, f);
   CHECK(f[0] == 1.0f && f[1] == 2.0f && f[2] == 3.0f && f[3] == 4.0f);
   mgl_glGetIntegeri_v(GL_SCISSOR_BOX, 5, s);
   CHECK(s[0] == 6 && s[1] == 7 && s[2] == 8 && s[3] == 9);
   CHECK(mgl_glIsEnabledi(GL_SCISSOR_TEST, 5));
   CHECK(!mgl_glIsEnabledi(GL_SCISSOR_TEST, 4));
   mgl_glGetFloati_v(GL_DEPTH_RANGE, 7, f);
   CHECK(f[0] == 0.25f && f[1] == 0.5f);
   mgl_glPushAttrib(0x00000800 /* GL_VIEWPORT_BIT */);
   mgl_glScissorIndexed(5, 0, 0, 1, 1);
   mgl_glViewportIndexedf(3, 0, 0, 5, 5);
   mgl_glPopAttrib();
   mgl_glGetIntegeri_v(GL_SCISSOR_BOX, 5, s);
   CHECK(s[2] == 1); /* the scissor group was not pushed */
   mgl_glGetFloati_v(GL_VIEWPORT, 3, f);
   CHECK(f[2] == 3.0f);
   /* glViewport / glScissor of one box for every index, a pop that gives index 3 and 5 their
    * own again, then the same box: it reaches them */
   mgl_glPushAttrib(0x00000800 /* GL_VIEWPORT_BIT */ | 0x00080000 /* GL_SCISSOR_BIT */);
   mgl_glViewport(0, 0, 10, 10);
   mgl_glScissor(0, 0, 10, 10);
   mgl_glPopAttrib();
   mgl_glViewport(0, 0, 10, 10);
   mgl_glScissor(0, 0, 10, 10);
   mgl_glGetFloati_v(GL_VIEWPORT, 3, f);
   CHECK(f[0] == 0.0f && f[2] == 10.0f && f[3] == 10.0f);
   mgl_glGetIntegeri_v(GL_SCISSOR_BOX, 5, s);
   CHECK(s[0] == 0 && s[2] == 10 && s[3] == 10);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* glLineStipple (factor clamped to [1, 256]), GL_LINE_STIPPLE, glClearIndex and glIndexMask:
 * initial values, queries, glPushAttrib/glPopAttrib of GL_LINE_BIT, GL_ENABLE_BIT and
 * GL_COLOR_BUFFER_BIT; lines drawn with a stipple pattern are the named decline. */
static void
test_index_and_line_stipple(void)
{
   struct fe_test_env e;
   compat_env(&e);
   GLint v = -1;
   GLfloat f = -1;
   mgl_glGetIntegerv(0x0B25 /* GL_LINE_STIPPLE_PATTERN */, &v);
   CHECK_EQ(v, 0xffff);
   mgl_glGetIntegerv(0x0B26 /* GL_LINE_STIPPLE_REPEAT */, &v);
   CHECK_EQ(v, 1);
   CHECK(!mgl_glIsEnabled(0x0B24 /* GL_LINE_STIPPLE */));
   mgl_glGetIntegerv(GL_INDEX_WRITEMASK, &v);
   CHECK_EQ(v, -1); /* all ones */
   mgl_glGetFloatv(GL_INDEX_CLEAR_VALUE, &f);
   CHECK(f == 0.0f);
   CHECK_ERR(GL_NO_ERROR);

   mgl_glLineStipple(1000, 0x0f0f);
   mgl_glGetIntegerv(0x0B26, &v);
   CHECK_EQ(v, 256);
   mgl_glLineStipple(-3, 0x0f0f);
   mgl_glGetIntegerv(0x0B26, &v);
   CHECK_EQ(v, 1);
   mgl_glLineStipple(3, 0x0f0f);
   mgl_glEnable(0x0B24);
   CHECK(mgl_glIsEnabled(0x0B24));
   mgl_glClearIndex(5.5f);
   mgl_glIndexMask(0x0f);
   CHECK_ERR(GL_NO_ERROR);

   mgl_glPushAttrib(0x00000004 /* GL_LINE_BIT */ | GL_COLOR_BUFFER_BIT);
   mgl_glLineStipple(7, 0x1234);
   mgl_glDisable(0x0B24);
   mgl_glClearIndex(2.0f);
   mgl_glIndexMask(0xf0);
   mgl_glPopAttrib();
   mgl_glGetIntegerv(0x0B25, &v);
   CHECK_EQ(v, 0x0f0f);
   mgl_glGetIntegerv(0x0B26, &v);
   CHECK_EQ(v, 3);
   CHECK(mgl_glIsEnabled(0x0B24)); /* GL_LINE_BIT holds the enable too */
   mgl_glGetFloatv(GL_INDEX_CLEAR_VALUE, &f);
   CHECK(f == 5.5f);
   mgl_glGetIntegerv(GL_INDEX_WRITEMASK, &v);
   CHECK_EQ(v, 0x0f);
   mgl_glPushAttrib(0x00002000 /* GL_ENABLE_BIT */);
   mgl_glDisable(0x0B24);
   mgl_glPopAttrib();
   CHECK(mgl_glIsEnabled(0x0B24));
   CHECK_ERR(GL_NO_ERROR);

   /* lines with a pattern: drawn solid, counted */
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   mgl_glUseProgram(make_program(&fp));
   const uint64_t before = mgu_decline_count(MGU_DECLINE_gl_line_stipple_unimplemented);
   mgl_glBegin(GL_LINES);
   mgl_glVertex2f(0, 0);
   mgl_glVertex2f(1, 1);
   mgl_glEnd();
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_line_stipple_unimplemented), before + 1);
   mgl_glLineStipple(3, 0xffff); /* all ones: nothing to decline */
   mgl_glBegin(GL_LINES);
   mgl_glVertex2f(0, 0);
   mgl_glVertex2f(1, 1);
   mgl_glEnd();
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_line_stipple_unimplemented), before + 1);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);

   /* a core context: the removed commands */
   env_init(&e, 16, 16);
   mgl_glLineStipple(1, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glClearIndex(1.0f);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glIndexMask(1);
   CHECK_ERR(GL_INVALID_OPERATION);
   env_finish(&e);
}

/* GL_GENERATE_MIPMAP (GL 1.4, compatibility only): a base-level image or sub-image, or a copy
 * into it, regenerates the levels above (one generate_mipmap call, their sizes defined); other
 * levels and the flag off do not; a core context refuses the pname. */
static void
test_generate_mipmap_param(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLuint t;
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   mgl_glTexParameteri(GL_TEXTURE_2D, 0x8191, GL_TRUE);
   CHECK_ERR(GL_INVALID_ENUM);
   env_finish(&e);

   compat_env(&e);
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   GLint v = -1;
   mgl_glGetTexParameteriv(GL_TEXTURE_2D, 0x8191, &v);
   CHECK_EQ(v, GL_FALSE);
   static const uint8_t texels[8 * 8 * 4] = {0};
   fake_clear();
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   CHECK_EQ(fake_count_of(MGP_CALL_generate_mipmap), 0);
   mgl_glTexParameteri(GL_TEXTURE_2D, 0x8191, GL_TRUE);
   mgl_glGetTexParameteriv(GL_TEXTURE_2D, 0x8191, &v);
   CHECK_EQ(v, GL_TRUE);
   fake_clear();
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   CHECK_EQ(fake_count_of(MGP_CALL_generate_mipmap), 1);
   const struct fake_rec *r = fake_find(MGP_CALL_generate_mipmap, 0);
   if (r) {
      const struct mgp_generate_mipmap *a = (const void *)r->args;
      CHECK(a->base_level == 0 && a->last_level == 3);
   }
   GLint w = 0;
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH, &w);
   CHECK_EQ(w, 2);
   fake_clear();
   mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   CHECK_EQ(fake_count_of(MGP_CALL_generate_mipmap), 1);
   fake_clear();
   mgl_glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   CHECK_EQ(fake_count_of(MGP_CALL_generate_mipmap), 0); /* not the base level */
   fake_clear();
   mgl_glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
   CHECK_EQ(fake_count_of(MGP_CALL_generate_mipmap), 1);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* glCopyTexImage2D on a compatibility context takes LUMINANCE and INTENSITY (sized or not) as
 * glTexImage2D does: a blit of the read buffer's red into the stored red; an internal format
 * that is no format at all is INVALID_ENUM (GL 4.6 §8.6, as Mesa), one a context does not take
 * INVALID_VALUE. */
static void
test_copy_tex_image_legacy(void)
{
   struct fe_test_env e;
   compat_env(&e);
   GLuint t;
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   /* LUMINANCE8 0x8040, INTENSITY8 0x804B */
   static const GLenum ok[] = {FE_GL_LUMINANCE, 0x8040, FE_GL_INTENSITY, 0x804B};
   for (unsigned i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
      fake_clear();
      mgl_glCopyTexImage2D(GL_TEXTURE_2D, 0, ok[i], 0, 0, 4, 4, 0);
      CHECK_ERR(GL_NO_ERROR);
      CHECK_EQ(fake_count_of(MGP_CALL_blit), 1);
      GLint fmt = 0;
      mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &fmt);
      CHECK_EQ((GLenum)fmt, ok[i]);
   }
   mgl_glCopyTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 0, 0, 4, 4, 0);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 4, 4, 0);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDeleteTextures(1, &t);
   env_finish(&e);

   /* a core context: the legacy names are formats it does not take */
   env_init(&e, 16, 16);
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   mgl_glCopyTexImage2D(GL_TEXTURE_2D, 0, FE_GL_INTENSITY, 0, 0, 4, 4, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glCopyTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 0, 0, 4, 4, 0);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDeleteTextures(1, &t);
   env_finish(&e);
}

/* A texture whose storage is made again (here a LUMINANCE8 image replaced by LUMINANCE16: same
 * luminance swizzle, another format) sends its parameters again: the new storage starts from
 * the default swizzle, which would read a luminance texture as (L, 0, 0, 1). */
static void
test_params_after_respecify(void)
{
   struct fe_test_env e;
   compat_env(&e);
   GLuint t;
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   struct fake_program fp = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_samplers = 1,
                             .samplers = {{"tex", GL_SAMPLER_2D, 1}}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   static const GLenum fmts[2] = {0x8040 /* LUMINANCE8 */, 0x8042 /* LUMINANCE16 */};
   for (int i = 0; i < 2; i++) {
      fake_clear();
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fmts[i], 4, 4, 0, FE_GL_LUMINANCE, GL_UNSIGNED_BYTE,
                       NULL);
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_ERR(GL_NO_ERROR);
      CHECK_EQ(fake_count_of(i ? MGP_CALL_resource_respecify : MGP_CALL_resource_create), 1);
      CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 1);
      CHECK_EQ(fake_count_of(MGP_CALL_set_texture_params), 1);
      const struct fake_rec *r = fake_find(MGP_CALL_set_texture_params, 0);
      if (r) {
         const struct mgp_texture_params *a = (const void *)r->args;
         CHECK(a->swizzle[0] == 0 && a->swizzle[1] == 0 && a->swizzle[2] == 0 &&
               a->swizzle[3] == 5);
      }
   }
   mgl_glDeleteTextures(1, &t);
   env_finish(&e);
}

/* GL_ARB_texture_float's and GL_EXT_texture_snorm's luminance, alpha and intensity formats in a
 * compatibility context (which lists both): glTexImage2D takes them (and the unsized snorm
 * names), glGetTexLevelParameter answers their sizes and types under the luminance, intensity
 * and alpha names (none under red), and a border colour reaches the sampler where the stored
 * channel the swizzle reads alpha from is. A core context takes none of the compatibility-only
 * names nor the luminance/intensity queries. */
static GLint
level_param(GLenum pname)
{
   GLint v = -1;
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, pname, &v);
   CHECK_ERR(GL_NO_ERROR);
   return v;
}

static void
test_float_snorm_legacy(void)
{
   enum { LUM_SIZE = 0x8060, INT_SIZE = 0x8061, LUM_TYPE = 0x8C14, INT_TYPE = 0x8C15 };
   struct fe_test_env e;
   compat_env(&e);
   CHECK(has_ext_i("GL_ARB_texture_float"));
   CHECK(has_ext_i("GL_EXT_texture_snorm"));
   GLuint t;
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   static const float px[4] = {0.25f, 0.5f, 0.75f, 1.0f};
   /* GL_INTENSITY16F_ARB from luminance floats */
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x881D, 2, 2, 0, FE_GL_LUMINANCE, GL_FLOAT, px);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(level_param(GL_TEXTURE_INTERNAL_FORMAT), 0x881D);
   CHECK_EQ(level_param(INT_SIZE), 16);
   CHECK_EQ(level_param(INT_TYPE), GL_FLOAT);
   CHECK_EQ(level_param(GL_TEXTURE_RED_SIZE), 0);
   CHECK_EQ(level_param(GL_TEXTURE_RED_TYPE), GL_NONE);
   CHECK_EQ(level_param(LUM_SIZE), 0);
   /* GL_LUMINANCE_ALPHA32F_ARB */
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA32F_EXT, 1, 1, 0, GL_RGBA, GL_FLOAT, px);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(level_param(LUM_SIZE), 32);
   CHECK_EQ(level_param(LUM_TYPE), GL_FLOAT);
   CHECK_EQ(level_param(GL_TEXTURE_ALPHA_SIZE), 32);
   CHECK_EQ(level_param(GL_TEXTURE_GREEN_SIZE), 0);
   CHECK_EQ(level_param(INT_TYPE), GL_NONE);
   /* GL_ALPHA8_SNORM, and the unsized GL_RGBA_SNORM */
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x9014, 1, 1, 0, GL_RGBA, GL_FLOAT, px);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(level_param(GL_TEXTURE_ALPHA_SIZE), 8);
   CHECK_EQ(level_param(GL_TEXTURE_ALPHA_TYPE), GL_SIGNED_NORMALIZED);
   CHECK_EQ(level_param(GL_TEXTURE_RED_SIZE), 0);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, FE_GL_RGBA_SNORM, 1, 1, 0, GL_RGBA, GL_FLOAT, px);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(level_param(GL_TEXTURE_RED_TYPE), GL_SIGNED_NORMALIZED);

   /* the border of a GL_ALPHA_SNORM texture: its alpha in the stored red (GL_ALPHA16F_ARB,
    * which this checked, is kept in RGBA since compat16, its alpha in A) */
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x9010, 1, 1, 0, GL_ALPHA, GL_FLOAT, px);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   static const float border[4] = {0.1f, 0.2f, 0.3f, 0.8f};
   mgl_glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
   struct fake_program fp = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_samplers = 1,
                             .samplers = {{"tex", GL_SAMPLER_2D, 1}}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   const struct fake_rec *r = fake_find(MGP_CALL_create_sampler, 0);
   CHECK(r != NULL);
   if (r) {
      const struct mgp_create_sampler *a = (const void *)r->args;
      CHECK_EQ(a->state.border_color[0], fe_f2u(0.8f));
      CHECK_EQ(a->state.border_color[3], fe_f2u(0.8f));
   }
   /* the query keeps the colour as given */
   float got[4] = {0};
   mgl_glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, got);
   CHECK(got[0] == border[0] && got[3] == border[3]);
   mgl_glDeleteTextures(1, &t);
   env_finish(&e);

   /* a core context */
   env_init(&e, 16, 16);
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x881D, 1, 1, 0, GL_RED, GL_FLOAT, px);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, FE_GL_RED_SNORM, 1, 1, 0, GL_RED, GL_FLOAT, px);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_R8_SNORM, 1, 1, 0, GL_RED, GL_FLOAT, px);
   CHECK_ERR(GL_NO_ERROR);
   GLint v = -1;
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, LUM_SIZE, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, INT_TYPE, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_EQ(level_param(GL_TEXTURE_RED_SIZE), 8);
   CHECK_EQ(level_param(GL_TEXTURE_GREEN_SIZE), 0);
   mgl_glDeleteTextures(1, &t);
   env_finish(&e);
}

/* glGenerateMipmap of a GL_DEPTH_COMPONENT32F texture: its levels in a compatibility context
 * (read back and box-filtered by the front end: texture_subdata of level 1), GL_INVALID_OPERATION
 * in a core one, as before. */
static void
test_depth_mipmap(void)
{
   static const float px[16] = {0};
   for (int core = 0; core < 2; core++) {
      struct fe_test_env e;
      if (core)
         env_init(&e, 16, 16);
      else
         compat_env(&e);
      GLuint t;
      mgl_glGenTextures(1, &t);
      mgl_glBindTexture(GL_TEXTURE_2D, t);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 4, 4, 0, GL_DEPTH_COMPONENT,
                       GL_FLOAT, px);
      CHECK_ERR(GL_NO_ERROR);
      fake_clear();
      mgl_glGenerateMipmap(GL_TEXTURE_2D);
      CHECK_ERR(core ? GL_INVALID_OPERATION : GL_NO_ERROR);
      GLint w1 = -1;
      mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &w1);
      CHECK_EQ(w1, core ? 0 : 2);
      mgl_glFinish();
      CHECK(!fake_find(MGP_CALL_generate_mipmap, 0));
      CHECK(core ? !fake_find(MGP_CALL_get_texture_image, 0)
                 : fake_find(MGP_CALL_get_texture_image, 0) != NULL);
      mgl_glDeleteTextures(1, &t);
      env_finish(&e);
   }
}

/* GL_ARB_texture_compression's generic names, kept uncompressed: a compatibility context lists
 * the extension, takes GL_COMPRESSED_ALPHA/_LUMINANCE/_LUMINANCE_ALPHA/_INTENSITY, answers the
 * base internal format GL replaces a generic name with and GL_TEXTURE_COMPRESSED false, and
 * renders into a GL_COMPRESSED_RGBA image as GL_RGBA; a core context neither lists the
 * extension nor takes the luminance, alpha and intensity names. */
static void
test_generic_compressed(void)
{
   static const struct {
      GLenum generic, base;
   } f[] = {
      {0x84E9, GL_ALPHA},          {0x84EA, FE_GL_LUMINANCE},   {0x84EB, FE_GL_LUMINANCE_ALPHA},
      {0x84EC, FE_GL_INTENSITY},   {GL_COMPRESSED_RGB, GL_RGB}, {GL_COMPRESSED_RGBA, GL_RGBA},
      {GL_COMPRESSED_RED, GL_RED}, {GL_COMPRESSED_RG, GL_RG}};
   static const GLubyte px[16] = {0};
   for (int core = 0; core < 2; core++) {
      struct fe_test_env e;
      if (core)
         env_init(&e, 16, 16);
      else
         compat_env(&e);
      CHECK(has_ext_i("GL_ARB_texture_compression") == !core);
      GLuint t;
      mgl_glGenTextures(1, &t);
      mgl_glBindTexture(GL_TEXTURE_2D, t);
      for (unsigned i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
         const bool legacy = i < 4;
         mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f[i].generic, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                          px);
         if (core && legacy) {
            CHECK(mgl_glGetError() != GL_NO_ERROR);
            continue;
         }
         CHECK_ERR(GL_NO_ERROR);
         if (core)
            continue; /* core contexts are outside this change */
         CHECK_EQ(level_param(GL_TEXTURE_INTERNAL_FORMAT), (GLint)f[i].base);
         CHECK_EQ(level_param(GL_TEXTURE_COMPRESSED), GL_FALSE);
      }
      if (!core) {
         /* GL_COMPRESSED_RGBA is GL_RGBA: colour-renderable */
         mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                          px);
         GLuint fb;
         mgl_glGenFramebuffers(1, &fb);
         mgl_glBindFramebuffer(GL_FRAMEBUFFER, fb);
         mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
         CHECK_EQ(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
         mgl_glDeleteFramebuffers(1, &fb);
      }
      mgl_glDeleteTextures(1, &t);
      CHECK_ERR(GL_NO_ERROR);
      env_finish(&e);
   }
}

/* GL_EXT_stencil_two_side: with GL_STENCIL_TEST_TWO_SIDE_EXT on, glStencilFunc/Op/Mask after
 * glActiveStencilFaceEXT(GL_BACK) set the extension's back face alone, which back faces draw
 * with (the pipe's back state); off, they draw with GL 2.0's back state again, which the
 * GL_STENCIL_BACK_ queries answer throughout; the front names answer the chosen face;
 * glPushAttrib(GL_STENCIL_BUFFER_BIT) keeps the switch and both back faces. A core context has
 * neither the command nor the enable. */
static void
test_stencil_two_side(void)
{
   struct fe_test_env e;
   compat_env(&e);
   CHECK(has_ext_i("GL_EXT_stencil_two_side"));
   mgl_glActiveStencilFaceEXT(GL_FRONT_AND_BACK);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glEnable(FE_GL_STENCIL_TEST_TWO_SIDE_EXT);
   CHECK(mgl_glIsEnabled(FE_GL_STENCIL_TEST_TWO_SIDE_EXT));
   mgl_glActiveStencilFaceEXT(GL_BACK);
   mgl_glStencilFunc(GL_LESS, 3, 0x0f);
   mgl_glStencilOp(GL_INCR, GL_DECR, GL_INVERT);
   mgl_glStencilMask(0x30);
   CHECK_ERR(GL_NO_ERROR);
   GLint v = 0;
   mgl_glGetIntegerv(0x8911 /* GL_ACTIVE_STENCIL_FACE_EXT */, &v);
   CHECK_EQ(v, GL_BACK);
   mgl_glGetIntegerv(GL_STENCIL_FUNC, &v);
   CHECK_EQ(v, GL_LESS);
   mgl_glGetIntegerv(GL_STENCIL_REF, &v);
   CHECK_EQ(v, 3);
   mgl_glGetIntegerv(GL_STENCIL_WRITEMASK, &v);
   CHECK_EQ(v, 0x30);
   mgl_glGetIntegerv(GL_STENCIL_PASS_DEPTH_PASS, &v);
   CHECK_EQ(v, GL_INVERT);
   mgl_glGetIntegerv(GL_STENCIL_BACK_FUNC, &v);
   CHECK_EQ(v, GL_ALWAYS);
   struct fe_context *ctx = e.ctx;
   CHECK_EQ(ctx->rs.stencil_func[1], MGP_COMPARE_FUNC_LESS);
   CHECK_EQ(ctx->rs.stencil_zpass[1], MGP_STENCIL_OP_INVERT);
   CHECK_EQ(ctx->ds.stencil_write_mask[1], 0x30u);
   CHECK_EQ(ctx->rs.stencil_func[0], MGP_COMPARE_FUNC_ALWAYS);
   mgl_glActiveStencilFaceEXT(GL_FRONT);
   mgl_glGetIntegerv(GL_STENCIL_FUNC, &v);
   CHECK_EQ(v, GL_ALWAYS);
   /* GL 2.0's back face while the switch is on: kept aside */
   mgl_glStencilFuncSeparate(GL_BACK, GL_GEQUAL, 5, 0xff);
   CHECK_EQ(ctx->rs.stencil_func[1], MGP_COMPARE_FUNC_LESS);
   mgl_glGetIntegerv(GL_STENCIL_BACK_FUNC, &v);
   CHECK_EQ(v, GL_GEQUAL);
   mgl_glPushAttrib(GL_STENCIL_BUFFER_BIT);
   mgl_glDisable(FE_GL_STENCIL_TEST_TWO_SIDE_EXT);
   CHECK_EQ(ctx->rs.stencil_func[1], MGP_COMPARE_FUNC_GEQUAL);
   CHECK_EQ(ctx->ds.stencil_ref[1], 5u);
   mgl_glPopAttrib();
   CHECK(mgl_glIsEnabled(FE_GL_STENCIL_TEST_TWO_SIDE_EXT));
   CHECK_EQ(ctx->rs.stencil_func[1], MGP_COMPARE_FUNC_LESS);
   mgl_glDisable(FE_GL_STENCIL_TEST_TWO_SIDE_EXT);
   CHECK_EQ(ctx->rs.stencil_func[1], MGP_COMPARE_FUNC_GEQUAL);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);

   env_init(&e, 16, 16);
   mgl_glActiveStencilFaceEXT(GL_BACK);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glEnable(FE_GL_STENCIL_TEST_TWO_SIDE_EXT);
   CHECK_ERR(GL_INVALID_ENUM);
   env_finish(&e);
}

/* glPushAttrib(GL_ENABLE_BIT) saves every enable of GL 2.1 table 6.x's "enable" group and the
 * extensions' that join it (Mesa's list): GL_STENCIL_TEST_TWO_SIDE_EXT, ARB_vertex_program's
 * GL_VERTEX_PROGRAM_ARB and GL_VERTEX_PROGRAM_TWO_SIDE_ARB, ARB_fragment_program's
 * GL_FRAGMENT_PROGRAM_ARB; glPopAttrib brings each back, on and off. */
static void
test_enable_bit_extensions(void)
{
   static const GLenum caps[] = {
      FE_GL_STENCIL_TEST_TWO_SIDE_EXT,
      0x8620 /* GL_VERTEX_PROGRAM_ARB */,
      0x8643 /* GL_VERTEX_PROGRAM_TWO_SIDE_ARB */,
      0x8804 /* GL_FRAGMENT_PROGRAM_ARB */,
   };
   struct fe_test_env e;
   compat_env(&e);
   for (unsigned on = 0; on < 2; on++) {
      for (unsigned i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
         (on ? mgl_glEnable : mgl_glDisable)(caps[i]);
      CHECK_ERR(GL_NO_ERROR);
      mgl_glPushAttrib(0x00002000 /* GL_ENABLE_BIT */);
      for (unsigned i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
         (on ? mgl_glDisable : mgl_glEnable)(caps[i]);
      mgl_glPopAttrib();
      for (unsigned i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
         CHECK_EQ(mgl_glIsEnabled(caps[i]), (on ? GL_TRUE : GL_FALSE));
      CHECK_ERR(GL_NO_ERROR);
   }
   env_finish(&e);
}

#define GL_MAP1_VERTEX_3 0x0D97
#define GL_COEFF 0x0A00
#define GL_ORDER 0x0A01
#define GL_DOMAIN 0x0A02
#define GL_PIXEL_MAP_R_TO_R 0x0C76

/* GL_ARB_robustness's compatibility-profile queries: glGetnMap*vARB, glGetnPixelMap*ARB and
 * glGetnPolygonStippleARB raise GL_INVALID_OPERATION and write nothing when the answer needs
 * more than bufSize bytes, and answer as their unbounded forms otherwise; a core context has
 * none of them. */
static void
test_robustness_compat_queries(void)
{
   struct fe_test_env e;
   compat_env(&e);
   CHECK(has_ext_i("GL_ARB_robustness"));
   const GLfloat pts[2 * 3] = {0, 0, 0, 1, 1, 1};
   mgl_glMap1f(GL_MAP1_VERTEX_3, 0.0f, 1.0f, 3, 2, pts);
   GLfloat f[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
   mgl_glGetnMapfvARB(GL_MAP1_VERTEX_3, GL_COEFF, 5 * sizeof(GLfloat), f);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK(f[0] == -1.0f);
   mgl_glGetnMapfvARB(GL_MAP1_VERTEX_3, GL_COEFF, 6 * sizeof(GLfloat), f);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(f[3] == 1.0f && f[5] == 1.0f && f[6] == -1.0f);
   GLdouble d[2] = {-1, -1};
   mgl_glGetnMapdvARB(GL_MAP1_VERTEX_3, GL_DOMAIN, sizeof(GLdouble), d);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetnMapdvARB(GL_MAP1_VERTEX_3, GL_DOMAIN, 2 * sizeof(GLdouble), d);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(d[0] == 0.0 && d[1] == 1.0);
   GLint order = 0;
   mgl_glGetnMapivARB(GL_MAP1_VERTEX_3, GL_ORDER, 0, &order);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetnMapivARB(GL_MAP1_VERTEX_3, GL_ORDER, sizeof(GLint), &order);
   CHECK_EQ(order, 2);

   const GLfloat map[4] = {0.0f, 0.25f, 0.5f, 1.0f};
   mgl_glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 4, map);
   GLfloat got[4] = {-1, -1, -1, -1};
   mgl_glGetnPixelMapfvARB(GL_PIXEL_MAP_R_TO_R, 3 * sizeof(GLfloat), got);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK(got[0] == -1.0f);
   mgl_glGetnPixelMapfvARB(GL_PIXEL_MAP_R_TO_R, 4 * sizeof(GLfloat), got);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(got[1] == 0.25f && got[3] == 1.0f);
   GLushort us[4] = {0};
   mgl_glGetnPixelMapusvARB(GL_PIXEL_MAP_R_TO_R, 7, us);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetnPixelMapusvARB(GL_PIXEL_MAP_R_TO_R, 8, us);
   CHECK_EQ(us[3], 65535);
   GLuint ui[4] = {0};
   mgl_glGetnPixelMapuivARB(GL_PIXEL_MAP_R_TO_R, 15, ui);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetnPixelMapuivARB(GL_PIXEL_MAP_R_TO_R, 16, ui);
   CHECK_EQ(ui[3], 0xffffffffu);

   GLubyte stipple[128 + 4];
   memset(stipple, 0x5a, sizeof(stipple));
   mgl_glGetnPolygonStippleARB(127, stipple);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(stipple[0], 0x5a);
   mgl_glGetnPolygonStippleARB(128, stipple);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(stipple[0], 0xff); /* GL's initial pattern: all ones */
   CHECK_EQ(stipple[128], 0x5a);
   env_finish(&e);

   env_init(&e, 16, 16);
   mgl_glGetnPolygonStippleARB(128, stipple);
   CHECK_ERR(GL_INVALID_OPERATION);
   env_finish(&e);
}

/* ARB_texture_buffer_object's glGet names in a compatibility context: GL_TEXTURE_BUFFER_FORMAT_ARB
 * (GL_LUMINANCE8 before any glTexBuffer, then the format given) and
 * GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB of the active unit's buffer texture. */
static void
test_texture_buffer_get(void)
{
   struct fe_test_env e;
   compat_env(&e);
   GLint v = -1;
   mgl_glGetIntegerv(0x8C2E /* GL_TEXTURE_BUFFER_FORMAT_ARB */, &v);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(v, 0x8040 /* GL_LUMINANCE8 */);
   GLuint buf = 0, tex = 0;
   mgl_glGenBuffers(1, &buf);
   mgl_glBindBuffer(GL_TEXTURE_BUFFER, buf);
   mgl_glBufferData(GL_TEXTURE_BUFFER, 64, NULL, GL_STATIC_DRAW);
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_BUFFER, tex);
   mgl_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, buf);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegerv(0x8C2E, &v);
   CHECK_EQ(v, GL_RGBA8);
   mgl_glGetIntegerv(0x8C2D /* GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB */, &v);
   CHECK_EQ(v, (GLint)buf);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* EXT_framebuffer_sRGB's GL_FRAMEBUFFER_SRGB_CAPABLE_EXT: false for the window system's linear
 * buffers, true for a framebuffer object with an sRGB colour attachment. */
static void
test_framebuffer_srgb_capable(void)
{
   struct fe_test_env e;
   compat_env(&e);
   GLboolean b = GL_TRUE;
   mgl_glGetBooleanv(0x8DBA /* GL_FRAMEBUFFER_SRGB_CAPABLE_EXT */, &b);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(b, GL_FALSE);
   GLuint tex[2], fb = 0;
   mgl_glGenTextures(2, tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[0]);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[1]);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   mgl_glGenFramebuffers(1, &fb);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 0);
   mgl_glGetBooleanv(0x8DBA, &b);
   CHECK_EQ(b, GL_FALSE);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   mgl_glGetBooleanv(0x8DBA, &b);
   CHECK_EQ(b, GL_TRUE);
   GLint i = -1;
   mgl_glGetIntegerv(0x8DBA, &i);
   CHECK_EQ(i, 1);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* EXT_packed_float's GL_RGBA_SIGNED_COMPONENTS_EXT: the first draw buffer's signed components
 * (none for the window, a packed float format or a second draw buffer's float). */
static void
test_rgba_signed_components(void)
{
   struct fe_test_env e;
   compat_env(&e);
   GLint c[4] = {2, 2, 2, 2};
   mgl_glGetIntegerv(0x8C3C /* GL_RGBA_SIGNED_COMPONENTS_EXT */, c);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(c[0] == 0 && c[1] == 0 && c[2] == 0 && c[3] == 0);
   static const struct {
      GLenum format;
      GLint want[4];
      GLenum attachment;
   } cases[] = {
      {GL_RGBA8, {0, 0, 0, 0}, GL_COLOR_ATTACHMENT0},
      {GL_R8I, {1, 0, 0, 0}, GL_COLOR_ATTACHMENT0},
      {GL_RG32I, {1, 1, 0, 0}, GL_COLOR_ATTACHMENT0},
      {GL_RGBA8UI, {0, 0, 0, 0}, GL_COLOR_ATTACHMENT0},
      {GL_RGBA16F, {1, 1, 1, 1}, GL_COLOR_ATTACHMENT0},
      {GL_R11F_G11F_B10F, {0, 0, 0, 0}, GL_COLOR_ATTACHMENT0},
      {GL_RGBA16F, {0, 0, 0, 0}, GL_COLOR_ATTACHMENT1},
   };
   GLuint fb = 0;
   mgl_glGenFramebuffers(1, &fb);
   mgl_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
   static const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   mgl_glDrawBuffers(2, bufs);
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      GLuint rb = 0;
      mgl_glGenRenderbuffers(1, &rb);
      mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb);
      mgl_glRenderbufferStorage(GL_RENDERBUFFER, cases[k].format, 4, 4);
      mgl_glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, cases[k].attachment, GL_RENDERBUFFER, rb);
      for (int i = 0; i < 4; i++)
         c[i] = 2;
      mgl_glGetIntegerv(0x8C3C, c);
      CHECK_ERR(GL_NO_ERROR);
      for (int i = 0; i < 4; i++)
         CHECK_EQ(c[i], cases[k].want[i]);
      mgl_glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, cases[k].attachment, GL_RENDERBUFFER, 0);
      mgl_glDeleteRenderbuffers(1, &rb);
   }
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* GL_SUN_multi_draw_arrays: GL_EXT_multi_draw_arrays's name from Sun, which compatibility
 * programs test for; its glMultiDrawArraysEXT is GL 1.4's glMultiDrawArrays. */
static void
test_sun_multi_draw_arrays(void)
{
   struct fe_test_env e;
   compat_env(&e);
   CHECK(has_ext_i("GL_SUN_multi_draw_arrays"));
   CHECK(has_ext_i("GL_EXT_multi_draw_arrays"));
   static const GLfloat v[8] = {0, 0, 1, 0, 0, 1, 1, 1};
   mgl_glEnableClientState(GL_VERTEX_ARRAY);
   mgl_glVertexPointer(2, GL_FLOAT, 0, v);
   const GLint first[2] = {0, 1};
   const GLsizei count[2] = {3, 3};
   fake_clear();
   mgl_glMultiDrawArraysEXT(GL_TRIANGLES, first, count, 2);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(fake_count_of(MGP_CALL_draw_vbo) >= 1);
   env_finish(&e);
}

/* GL 4.6 compatibility table 13.1: while GL_TRIANGLES are captured, GL_QUADS, GL_QUAD_STRIP
 * and GL_POLYGON draw (as triangles); lines still are GL_INVALID_OPERATION. Through
 * EXT_transform_feedback's names (piglit's ext_transform_feedback-tessellation). */
static void
test_xfb_quads(void)
{
   fake_caps.cap_bits |= MGP_CAP_TRANSFORM_FEEDBACK;
   struct fe_test_env e;
   compat_env(&e);
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}, .num_xfb = 1, .xfb_stride = 16};
   mgl_glUseProgram(make_program(&fp));
   static const GLfloat v[8] = {0, 0, 1, 0, 1, 1, 0, 1};
   mgl_glEnableClientState(GL_VERTEX_ARRAY);
   mgl_glVertexPointer(2, GL_FLOAT, 0, v);
   GLuint b;
   mgl_glGenBuffers(1, &b);
   mgl_glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
   mgl_glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 1024, NULL, GL_STREAM_READ);
   mgl_glBindBufferBaseEXT(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   mgl_glBeginTransformFeedbackEXT(GL_TRIANGLES);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDrawArrays(GL_QUADS, 0, 4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDrawArrays(GL_QUAD_STRIP, 0, 4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDrawArrays(GL_POLYGON, 0, 4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDrawArrays(GL_LINES, 0, 4);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glEndTransformFeedbackEXT();
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDeleteBuffers(1, &b);
   env_finish(&e);
}

/* GL_NV_primitive_restart: its switch (glEnableClientState, as the extension has it, or
 * glEnable) and index are GL 3.1's; glPrimitiveRestartNV between glBegin and glEnd ends the
 * primitive and begins another of the same mode (two draws), and is GL_INVALID_OPERATION
 * outside; glArrayElement of the restart index there does the same. */
static void
test_nv_primitive_restart(void)
{
   struct fe_test_env e;
   compat_env(&e);
   CHECK(has_ext_i("GL_NV_primitive_restart"));
   mgl_glEnableClientState(FE_GL_PRIMITIVE_RESTART_NV);
   CHECK(mgl_glIsEnabled(GL_PRIMITIVE_RESTART));
   CHECK(mgl_glIsEnabled(FE_GL_PRIMITIVE_RESTART_NV));
   mgl_glPrimitiveRestartIndexNV(7);
   GLint v = 0;
   mgl_glGetIntegerv(GL_PRIMITIVE_RESTART_INDEX, &v);
   CHECK_EQ(v, 7);
   mgl_glGetIntegerv(0x8559 /* GL_PRIMITIVE_RESTART_INDEX_NV */, &v);
   CHECK_EQ(v, 7);
   mgl_glPrimitiveRestartNV();
   CHECK_ERR(GL_INVALID_OPERATION);
   fake_clear();
   mgl_glBegin(GL_TRIANGLE_STRIP);
   for (int i = 0; i < 4; i++)
      mgl_glVertex2f((float)i, 0.0f);
   mgl_glPrimitiveRestartNV();
   for (int i = 0; i < 3; i++)
      mgl_glVertex2f((float)i, 1.0f);
   mgl_glEnd();
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 2);
   /* glArrayElement(7) restarts too */
   static const float pos[16] = {0};
   mgl_glVertexPointer(2, GL_FLOAT, 0, pos);
   mgl_glEnableClientState(GL_VERTEX_ARRAY);
   fake_clear();
   mgl_glBegin(GL_TRIANGLE_STRIP);
   for (int i = 0; i < 3; i++)
      mgl_glArrayElement(i);
   mgl_glArrayElement(7);
   for (int i = 0; i < 3; i++)
      mgl_glArrayElement(i);
   mgl_glEnd();
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 2);
   mgl_glDisableClientState(FE_GL_PRIMITIVE_RESTART_NV);
   CHECK(!mgl_glIsEnabled(GL_PRIMITIVE_RESTART));
   env_finish(&e);
}

/* ARB_vertex_type_2_10_10_10_rev's conventional attributes: one packed word each, colours and
 * normals normalized (signed ones by GL 3.3's (2c + 1) / (2^b - 1)), coordinates not. */
static void
test_packed_attributes(void)
{
   struct fe_test_env e;
   compat_env(&e);
   float v[4];
   /* unsigned 10,10,10,2: x = 1023, y = 0, z = 511, w = 3 */
   const GLuint u = 1023u | 0u << 10 | 511u << 20 | 3u << 30;
   mgl_glColorP4ui(GL_UNSIGNED_INT_2_10_10_10_REV, u);
   get4(GL_CURRENT_COLOR, v);
   CHECK(near4(v, 1.0f, 0.0f, 511.0f / 1023.0f, 1.0f));
   mgl_glColorP3uiv(GL_UNSIGNED_INT_2_10_10_10_REV, &u); /* alpha 1 */
   get4(GL_CURRENT_COLOR, v);
   CHECK(near4(v, 1.0f, 0.0f, 511.0f / 1023.0f, 1.0f));
   /* signed: x = 511, y = -512, z = -1, w = 1 (2 bits) */
   const GLuint s = 511u | 512u << 10 | 1023u << 20 | 1u << 30;
   mgl_glNormalP3ui(GL_INT_2_10_10_10_REV, s);
   get4(GL_CURRENT_NORMAL, v);
   CHECK(near4(v, 1.0f, -1.0f, -1.0f / 1023.0f, v[3]));
   mgl_glColorP4ui(GL_INT_2_10_10_10_REV, s & ~(3u << 30)); /* w = 0: (2 * 0 + 1) / 3 */
   get4(GL_CURRENT_COLOR, v);
   CHECK(near4(v, 1.0f, -1.0f, -1.0f / 1023.0f, 1.0f / 3.0f));
   mgl_glColorP4ui(GL_UNSIGNED_INT_2_10_10_10_REV, u);
   mgl_glSecondaryColorP3ui(GL_UNSIGNED_INT_2_10_10_10_REV, u);
   get4(GL_CURRENT_SECONDARY_COLOR, v);
   CHECK(near4(v, 1.0f, 0.0f, 511.0f / 1023.0f, 1.0f));
   mgl_glTexCoordP2ui(GL_INT_2_10_10_10_REV, s); /* not normalized; r 0, q 1 */
   get4(GL_CURRENT_TEXTURE_COORDS, v);
   CHECK(near4(v, 511.0f, -512.0f, 0.0f, 1.0f));
   mgl_glMultiTexCoordP4ui(GL_TEXTURE3, GL_UNSIGNED_INT_2_10_10_10_REV, u);
   mgl_glActiveTexture(GL_TEXTURE3);
   get4(GL_CURRENT_TEXTURE_COORDS, v);
   CHECK(near4(v, 1023.0f, 0.0f, 511.0f, 3.0f));
   mgl_glActiveTexture(GL_TEXTURE0);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glColorP4ui(GL_UNSIGNED_INT, u);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glVertexP3ui(GL_FLOAT, u);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glMultiTexCoordP1ui(GL_TEXTURE0 + FE_FF_TEXCOORD_UNITS, GL_INT_2_10_10_10_REV, s);
   CHECK_ERR(GL_INVALID_ENUM);
   get4(GL_CURRENT_COLOR, v); /* the refused calls changed nothing */
   CHECK(near4(v, 1.0f, 0.0f, 511.0f / 1023.0f, 1.0f));
   env_finish(&e);

   env_init(&e, 16, 16); /* core: the conventional attributes do not exist */
   mgl_glColorP4ui(GL_UNSIGNED_INT_2_10_10_10_REV, u);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexP2ui(GL_UNSIGNED_INT_2_10_10_10_REV, u);
   CHECK_ERR(GL_INVALID_OPERATION);
   env_finish(&e);
}

/* GL 3.3 compatibility, appendix E: buffer, texture and query names need not come from
 * glGen*; a core context refuses them. A name past the flat tables' limit is declined. */
static void
test_unused_names(void)
{
   struct fe_test_env e;
   compat_env(&e);
   mgl_glBindTexture(GL_TEXTURE_2D, 1001);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glIsTexture(1001));
   mgl_glBindTexture(GL_TEXTURE_3D, 1001); /* the name now has its target */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, 77);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glIsBuffer(77));
   mgl_glBufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW);
   GLint size = 0;
   mgl_glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
   CHECK_EQ(size, 16);
   /* names taken this way are in use: glGen* does not hand them out */
   GLuint names[1100];
   mgl_glGenTextures(1100, names);
   bool clash = false;
   for (int i = 0; i < 1100; i++)
      clash |= names[i] == 1001;
   CHECK(!clash);
   mgl_glDeleteTextures(1100, names);
   const uint64_t d0 = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   mgl_glBindTexture(GL_TEXTURE_2D, 0xfffffff0u);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, FE_NAMES_COMPAT_MAX + 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented), d0 + 2);
   mgl_glDeleteTextures(1, (const GLuint[]){1001});
   mgl_glDeleteBuffers(1, (const GLuint[]){77});
   CHECK(!mgl_glIsTexture(1001) && !mgl_glIsBuffer(77));
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);

   env_init(&e, 16, 16);
   mgl_glBindTexture(GL_TEXTURE_2D, 1001);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, 77);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK(!mgl_glIsTexture(1001) && !mgl_glIsBuffer(77));
   env_finish(&e);
}

/* GL_ALPHA_TEST after a GLSL fragment shader is applied by the appended main() where colour 0
 * is gl_FragColor or gl_FragData[0] in main()'s unit (glsl_program.alpha_tested); anywhere
 * else the draw says so by a named decline instead of drawing untested in silence. */
static void
test_alpha_test_program_decline(void)
{
   struct fe_test_env e;
   compat_env(&e);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   struct fake_program fp = {.inputs = {"pos"}, .num_inputs = 1};
   const GLuint untested = make_program(&fp);
   fp.alpha_tested = true;
   const GLuint tested = make_program(&fp);
   mgl_glEnable(GL_ALPHA_TEST);
   mgl_glAlphaFunc(GL_GREATER, 0.5f);
   uint64_t d = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   mgl_glUseProgram(untested);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented), d + 1);
   d = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   mgl_glUseProgram(tested);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glAlphaFunc(GL_ALWAYS, 0.0f); /* no test to apply */
   mgl_glUseProgram(untested);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glAlphaFunc(GL_GREATER, 0.5f);
   mgl_glDisable(GL_ALPHA_TEST);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented), d);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* glClampColor (GL 3.3 compatibility §2.19.6, §3.9.8, §4.3.2; GL_ARB_color_buffer_float):
 * the three targets of a compatibility context and their defaults, the errors, a core context
 * taking GL_CLAMP_READ_COLOR only, and the colour queries the fragment clamp clamps. */
static void
test_clamp_color(void)
{
   struct fe_test_env e;
   GLint v = 0;
   env_init(&e, 16, 16);
   mgl_glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetIntegerv(GL_CLAMP_VERTEX_COLOR, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetIntegerv(GL_CLAMP_FRAGMENT_COLOR, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetIntegerv(GL_CLAMP_READ_COLOR, &v);
   CHECK_EQ(v, GL_FIXED_ONLY);
   mgl_glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE);
   mgl_glGetIntegerv(GL_CLAMP_READ_COLOR, &v);
   CHECK_EQ(v, GL_TRUE);
   /* core: the clear colour is never clamped by a query */
   mgl_glClearColor(2.0f, -1.0f, 0.5f, 1.0f);
   GLfloat c[4];
   mgl_glGetFloatv(GL_COLOR_CLEAR_VALUE, c);
   CHECK(c[0] == 2.0f && c[1] == -1.0f);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);

   compat_env(&e);
   CHECK(has_ext_i("GL_ARB_color_buffer_float"));
   static const GLenum targets[3] = {GL_CLAMP_VERTEX_COLOR, GL_CLAMP_FRAGMENT_COLOR,
                                     GL_CLAMP_READ_COLOR};
   static const GLint defaults[3] = {GL_TRUE, GL_FIXED_ONLY, GL_FIXED_ONLY};
   for (int t = 0; t < 3; t++) {
      mgl_glGetIntegerv(targets[t], &v);
      CHECK_EQ(v, defaults[t]);
      static const GLenum values[3] = {GL_FALSE, GL_TRUE, GL_FIXED_ONLY};
      for (int k = 0; k < 3; k++) {
         mgl_glClampColor(targets[t], values[k]);
         CHECK_ERR(GL_NO_ERROR);
         GLboolean b = GL_FALSE;
         mgl_glGetIntegerv(targets[t], &v);
         mgl_glGetBooleanv(targets[t], &b);
         CHECK_EQ(v, (GLint)values[k]);
         CHECK_EQ(b, values[k] != GL_FALSE);
      }
      /* an invalid value leaves the setting as it was */
      mgl_glClampColor(targets[t], GL_FIXED_ONLY + 1);
      CHECK_ERR(GL_INVALID_ENUM);
      mgl_glClampColor(targets[t], 2);
      CHECK_ERR(GL_INVALID_ENUM);
      mgl_glGetIntegerv(targets[t], &v);
      CHECK_EQ(v, GL_FIXED_ONLY);
   }
   mgl_glClampColor(GL_CLAMP_VERTEX_COLOR - 1, GL_TRUE); /* not a clamp target */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);

   /* the clear, blend and fog colours, the alpha reference and the environment colour are kept
    * as given; a query clamps them while the fragment clamp is in effect (GL_FIXED_ONLY with the
    * default framebuffer's RGBA8, or GL_TRUE) */
   mgl_glClearColor(2.0f, -1.0f, 0.5f, 1.0f);
   mgl_glBlendColor(3.0f, -2.0f, 0.25f, 1.0f);
   const GLfloat fog[4] = {4.0f, -3.0f, 0.75f, 1.0f};
   mgl_glFogfv(GL_FOG_COLOR, fog);
   mgl_glAlphaFunc(GL_LESS, 7.0f);
   const GLfloat env[4] = {5.0f, -4.0f, 0.125f, 1.0f};
   mgl_glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env);
   static const GLenum modes[3] = {GL_FIXED_ONLY, GL_TRUE, GL_FALSE};
   for (int m = 0; m < 3; m++) {
      mgl_glClampColor(GL_CLAMP_FRAGMENT_COLOR, modes[m]);
      const bool clamped = modes[m] != GL_FALSE;
      GLfloat q[4], ref = 0.0f;
      mgl_glGetFloatv(GL_COLOR_CLEAR_VALUE, q);
      CHECK(q[0] == (clamped ? 1.0f : 2.0f) && q[1] == (clamped ? 0.0f : -1.0f) && q[2] == 0.5f);
      mgl_glGetFloatv(GL_BLEND_COLOR, q);
      CHECK(q[0] == (clamped ? 1.0f : 3.0f) && q[1] == (clamped ? 0.0f : -2.0f) && q[2] == 0.25f);
      mgl_glGetFloatv(GL_FOG_COLOR, q);
      CHECK(q[0] == (clamped ? 1.0f : 4.0f) && q[1] == (clamped ? 0.0f : -3.0f) && q[2] == 0.75f);
      mgl_glGetTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, q);
      CHECK(q[0] == (clamped ? 1.0f : 5.0f) && q[1] == (clamped ? 0.0f : -4.0f) && q[2] == 0.125f);
      mgl_glGetFloatv(GL_ALPHA_TEST_REF, &ref);
      CHECK(ref == (clamped ? 1.0f : 7.0f));
   }
   /* the fragment and read clamps are colour-buffer state, the vertex clamp lighting state */
   mgl_glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE);
   mgl_glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE);
   mgl_glPushAttrib(0x00004000 /* GL_COLOR_BUFFER_BIT */ | 0x00000040 /* GL_LIGHTING_BIT */);
   mgl_glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   mgl_glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
   mgl_glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
   mgl_glPopAttrib();
   for (int t = 0; t < 3; t++) {
      mgl_glGetIntegerv(targets[t], &v);
      CHECK_EQ(v, GL_TRUE);
   }
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* A program whose colour the appended main() does not clamp (an output of its own) drawing
 * with GL_CLAMP_FRAGMENT_COLOR TRUE into a float draw buffer is the named decline; with
 * gl_FragColor (alpha_tested: written in main()'s unit), FIXED_ONLY, or an RGBA8 buffer it is
 * not. */
static void
test_clamp_fragment_decline(void)
{
   struct fe_test_env e;
   compat_env(&e);
   static const float xy[8] = {0, 0, 1, 0, 1, 1, 0, 1};
   mgl_glVertexPointer(2, GL_FLOAT, 8, xy);
   struct fake_program fp = {.inputs = {"pos"}, .num_inputs = 1};
   const GLuint own = make_program(&fp);
   fp.alpha_tested = true;
   const GLuint builtin = make_program(&fp);
   GLuint tex[2], fbo;
   mgl_glGenTextures(2, tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[0]);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[1]);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   mgl_glGenFramebuffers(1, &fbo);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   CHECK_ERR(GL_NO_ERROR);
   uint64_t d = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   mgl_glUseProgram(own);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3); /* FIXED_ONLY, a float buffer: no clamp */
   mgl_glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE);
   mgl_glUseProgram(builtin);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented), d);
   mgl_glUseProgram(own);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented), d + 1);
   d = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3); /* RGBA8 clamps anyway */
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented), d);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* The GL 1.x-2.x extension names compatibility contexts list (and core contexts do not), and
 * the state of those that have their own: EXT_compiled_vertex_array's lock, EXT_texture_object's
 * residency and priorities, NV_light_max_exponent's limits, MESA_window_pos's w. */
static void
test_legacy_extensions(void)
{
   static const char *const names[] = {
      "GL_APPLE_packed_pixels",       "GL_ARB_texture_cube_map",
      "GL_EXT_compiled_vertex_array", "GL_EXT_texture",
      "GL_EXT_texture_cube_map",      "GL_EXT_texture_object",
      "GL_INGR_blend_func_separate",  "GL_MESA_window_pos",
      "GL_NV_light_max_exponent",     "GL_NV_texgen_reflection",
      "GL_OES_read_format",           "GL_SGIS_generate_mipmap",
      "GL_IBM_rasterpos_clip",        "GL_ATI_separate_stencil",
      "GL_EXT_vertex_array",          "GL_ATI_draw_buffers",
   };
   struct fe_test_env e;
   compat_env(&e);
   for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
      CHECK(has_ext_i(names[i]));
   GLint v[2] = {-1, -1};
   mgl_glGetIntegerv(0x81A9 /* GL_ARRAY_ELEMENT_LOCK_COUNT_EXT */, v);
   CHECK_EQ(v[0], 0);
   mgl_glUnlockArraysEXT(); /* not locked */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glLockArraysEXT(-1, 4);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glLockArraysEXT(0, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glLockArraysEXT(2, 5);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glLockArraysEXT(0, 1); /* already locked */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetIntegerv(0x81A8 /* GL_ARRAY_ELEMENT_LOCK_FIRST_EXT */, &v[0]);
   mgl_glGetIntegerv(0x81A9, &v[1]);
   CHECK(v[0] == 2 && v[1] == 5);
   mgl_glUnlockArraysEXT();
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegerv(0x81A9, &v[1]);
   CHECK_EQ(v[1], 0);

   GLuint tex[2] = {0, 0};
   mgl_glGenTextures(2, tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[0]);
   GLboolean res[2] = {7, 7};
   CHECK_EQ(mgl_glAreTexturesResident(2, tex, res), GL_TRUE);
   CHECK(res[0] == 7 && res[1] == 7); /* left alone when all are resident */
   CHECK_ERR(GL_NO_ERROR);
   const GLuint bad[2] = {tex[0], 0};
   CHECK_EQ(mgl_glAreTexturesResident(2, bad, res), GL_FALSE);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_EQ(mgl_glAreTexturesResident(-1, tex, res), GL_FALSE);
   CHECK_ERR(GL_INVALID_VALUE);
   GLfloat pr = -1.0f;
   mgl_glGetTexParameterfv(GL_TEXTURE_2D, 0x8066 /* GL_TEXTURE_PRIORITY */, &pr);
   CHECK(pr == 1.0f);
   const GLfloat prio[2] = {2.0f, 0.25f};
   const GLuint some[2] = {tex[0], 12345};
   mgl_glPrioritizeTextures(2, some, prio); /* clamped; a name of no texture is ignored */
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetTexParameterfv(GL_TEXTURE_2D, 0x8066, &pr);
   CHECK(pr == 1.0f);
   mgl_glTexParameterf(GL_TEXTURE_2D, 0x8066, 0.5f);
   mgl_glGetTexParameterfv(GL_TEXTURE_2D, 0x8066, &pr);
   CHECK(pr == 0.5f);
   mgl_glPrioritizeTextures(-1, tex, prio);
   CHECK_ERR(GL_INVALID_VALUE);
   GLint resident = 0;
   mgl_glGetTexParameteriv(GL_TEXTURE_2D, 0x8067 /* GL_TEXTURE_RESIDENT */, &resident);
   CHECK_EQ(resident, GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);

   GLfloat f = 0.0f;
   mgl_glGetFloatv(0x8504 /* GL_MAX_SHININESS_NV */, &f);
   CHECK(f == 128.0f);
   mgl_glGetFloatv(0x8505 /* GL_MAX_SPOT_EXPONENT_NV */, &f);
   CHECK(f == 128.0f);

   float rp[4];
   mgl_glWindowPos4fMESA(3.0f, 4.0f, 0.5f, 2.0f);
   get4(0x0B07 /* GL_CURRENT_RASTER_POSITION */, rp);
   CHECK(near4(rp, 3.0f, 4.0f, 0.5f, 2.0f));
   mgl_glWindowPos3f(1.0f, 2.0f, 0.0f);
   get4(0x0B07, rp);
   CHECK(near4(rp, 1.0f, 2.0f, 0.0f, 1.0f));
   CHECK_ERR(GL_NO_ERROR);

   /* IBM_rasterpos_clip: outside the volume's x planes the position stays valid when enabled
    * (pushed with GL_ENABLE_BIT), its z plane still clips */
   GLboolean valid = GL_TRUE;
   CHECK_EQ(mgl_glIsEnabled(0x19262 /* GL_RASTER_POSITION_UNCLIPPED_IBM */), GL_FALSE);
   mgl_glRasterPos2f(2.0f, 0.0f);
   mgl_glGetBooleanv(0x0B08 /* GL_CURRENT_RASTER_POSITION_VALID */, &valid);
   CHECK_EQ(valid, GL_FALSE);
   mgl_glPushAttrib(0x00002000 /* GL_ENABLE_BIT */);
   mgl_glEnable(0x19262);
   CHECK_EQ(mgl_glIsEnabled(0x19262), GL_TRUE);
   mgl_glRasterPos2f(2.0f, 0.0f);
   mgl_glGetBooleanv(0x0B08, &valid);
   CHECK_EQ(valid, GL_TRUE);
   get4(0x0B07, rp);
   CHECK(near4(rp, 24.0f, 8.0f, 0.5f, 1.0f)); /* (2 + 1) * 16 / 2 on a 16 x 16 viewport */
   mgl_glRasterPos3f(0.0f, 0.0f, 2.0f);
   mgl_glGetBooleanv(0x0B08, &valid);
   CHECK_EQ(valid, GL_FALSE);
   mgl_glPopAttrib();
   CHECK_EQ(mgl_glIsEnabled(0x19262), GL_FALSE);
   CHECK_ERR(GL_NO_ERROR);

   /* EXT_vertex_array: GL 1.1's arrays with a count, negative is GL_INVALID_VALUE */
   static const GLfloat verts[8] = {0};
   mgl_glVertexPointerEXT(2, GL_FLOAT, 0, -1, verts);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexPointerEXT(2, GL_FLOAT, 8, 4, verts);
   CHECK_ERR(GL_NO_ERROR);
   GLint vsz = 0, vstride = 0;
   mgl_glGetIntegerv(GL_VERTEX_ARRAY_SIZE, &vsz);
   mgl_glGetIntegerv(GL_VERTEX_ARRAY_STRIDE, &vstride);
   CHECK(vsz == 2 && vstride == 8);
   mgl_glColorPointerEXT(5, GL_FLOAT, 0, 4, verts); /* GL 1.1's own checks */
   CHECK_ERR(GL_INVALID_VALUE);

   /* ATI_separate_stencil: both faces' functions at once, one ref and mask */
   mgl_glStencilFuncSeparateATI(GL_LESS, GL_GEQUAL, 3, 0x0f);
   CHECK_ERR(GL_NO_ERROR);
   GLint sf[4] = {0};
   mgl_glGetIntegerv(GL_STENCIL_FUNC, &sf[0]);
   mgl_glGetIntegerv(GL_STENCIL_BACK_FUNC, &sf[1]);
   mgl_glGetIntegerv(GL_STENCIL_BACK_REF, &sf[2]);
   mgl_glGetIntegerv(GL_STENCIL_VALUE_MASK, &sf[3]);
   CHECK(sf[0] == GL_LESS && sf[1] == GL_GEQUAL && sf[2] == 3 && sf[3] == 0x0f);
   mgl_glStencilFuncSeparateATI(GL_NEVER, GL_FRONT, 1, 1); /* back invalid: nothing changes */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetIntegerv(GL_STENCIL_FUNC, &sf[0]);
   CHECK_EQ(sf[0], GL_LESS);
   /* the framebuffer's bit depths stay state in the compatibility profile (table 6.53) */
   GLint bits[2] = {-1, -1};
   mgl_glGetIntegerv(0x0D57 /* GL_STENCIL_BITS */, &bits[0]);
   mgl_glGetIntegerv(0x0D52 /* GL_RED_BITS */, &bits[1]);
   CHECK(bits[0] == 8 && bits[1] == 8);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);

   env_init(&e, 16, 16);
   for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
      CHECK(!has_ext_i(names[i]));
   mgl_glLockArraysEXT(0, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetFloatv(0x8504, &f);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetTexParameterfv(GL_TEXTURE_2D, 0x8066, &pr);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glEnable(0x19262);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetIntegerv(0x0D57, &bits[0]);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glStencilFuncSeparateATI(GL_LESS, GL_LESS, 0, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   env_finish(&e);
}

/* The texels of every resource_subdata since the last fake_clear, concatenated, into out (at
 * most cap bytes); returns the bytes. */
static size_t
uploaded_texels(uint8_t *out, size_t cap)
{
   size_t n = 0;
   for (unsigned i = 0; i < fake_count(); i++) {
      const struct fake_rec *r = fake_rec(i);
      if (r->id != MGP_CALL_resource_subdata)
         continue;
      const size_t k = r->data_size < cap - n ? (size_t)r->data_size : cap - n;
      memcpy(out + n, r->data, k);
      n += k;
   }
   return n;
}

/* Texture borders (GL 3.0 §3.8.1; compatibility profile): border 1 counts in the sizes; the
 * inner image is stored (as Mesa stores it), so the image reads as border 0 of the inner size,
 * the unpack skips the border texels (with the app's own skips on top), a copy starts inside
 * the border, an FBO takes the image, and each strip counts gl-texture-border-stripped. A core
 * context keeps GL_INVALID_VALUE, and border 2, a size below 2 and a rectangle are errors. */
static void
test_texture_border(void)
{
   struct fe_test_env e;
   compat_env(&e);
   const uint64_t before = mgu_decline_count(MGU_DECLINE_gl_texture_border_stripped);
   /* a 10 x 16 RGBA8 source: texel (x, y) is (x, y, 7, 9) */
   uint8_t src[16][10][4];
   for (unsigned y = 0; y < 16; y++)
      for (unsigned x = 0; x < 10; x++)
         memcpy(src[y][x], (const uint8_t[4]){(uint8_t)x, (uint8_t)y, 7, 9}, 4);
   GLuint tex[4];
   mgl_glGenTextures(4, tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[0]);
   mgl_glPixelStorei(GL_UNPACK_ROW_LENGTH, 10);
   mgl_glPixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
   mgl_glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
   fake_clear();
   /* 6 x 6 with a border: the inner 4 x 4 from source (3 .. 6, 2 .. 5) */
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 6, 6, 1, GL_RGBA, GL_UNSIGNED_BYTE, src);
   CHECK_ERR(GL_NO_ERROR);
   GLint v = -1;
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &v);
   CHECK_EQ(v, 4);
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &v);
   CHECK_EQ(v, 4);
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_BORDER, &v);
   CHECK_EQ(v, 0);
   mgl_glFinish();
   uint8_t got[256];
   CHECK_EQ(uploaded_texels(got, sizeof(got)), 64);
   for (unsigned i = 0; i < 16; i++) {
      CHECK_EQ(got[4 * i], 3 + i % 4);
      CHECK_EQ(got[4 * i + 1], 2 + i / 4);
   }
   /* the app's unpack state is its own again */
   mgl_glGetIntegerv(GL_UNPACK_SKIP_PIXELS, &v);
   CHECK_EQ(v, 2);
   mgl_glGetIntegerv(GL_UNPACK_SKIP_ROWS, &v);
   CHECK_EQ(v, 1);
   /* an FBO takes the stripped image */
   GLuint fbo;
   mgl_glGenFramebuffers(1, &fbo);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   CHECK_EQ(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   mgl_glDeleteFramebuffers(1, &fbo);

   /* 1D: only the width carries it; skip rows does not apply */
   mgl_glBindTexture(GL_TEXTURE_1D, tex[1]);
   fake_clear();
   mgl_glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, src);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_1D, 0, GL_TEXTURE_WIDTH, &v);
   CHECK_EQ(v, 2);
   mgl_glFinish();
   CHECK_EQ(uploaded_texels(got, sizeof(got)), 8);
   CHECK_EQ(got[0], 3);
   CHECK_EQ(got[4], 4);

   /* 3D: 4 x 4 x 4 with a border, slices of 10 x 4 texels (image height 4): the inner
    * 2 x 2 x 2 from slices 1 and 2 */
   mgl_glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   mgl_glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
   mgl_glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 4);
   mgl_glBindTexture(GL_TEXTURE_3D, tex[2]);
   fake_clear();
   mgl_glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, src);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_3D, 0, GL_TEXTURE_DEPTH, &v);
   CHECK_EQ(v, 2);
   mgl_glFinish();
   CHECK_EQ(uploaded_texels(got, sizeof(got)), 32);
   /* texel (x, y, z) of the inner image is source row 4 * (z + 1) + y + 1, column x + 1 */
   for (unsigned z = 0; z < 2; z++)
      for (unsigned y = 0; y < 2; y++)
         for (unsigned x = 0; x < 2; x++) {
            const unsigned i = (z * 2 + y) * 2 + x;
            CHECK_EQ(got[4 * i], x + 1);
            CHECK_EQ(got[4 * i + 1], 4 * (z + 1) + y + 1);
         }
   mgl_glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
   mgl_glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);

   /* glCopyTexImage2D: the copy starts one texel inside */
   mgl_glBindTexture(GL_TEXTURE_2D, tex[3]);
   fake_clear();
   mgl_glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 6, 6, 1);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &v);
   CHECK_EQ(v, 4);
   const struct fake_rec *r = fake_find(MGP_CALL_blit, 0);
   CHECK(r);
   if (r) {
      const struct mgp_blit *b = (const void *)r->args;
      CHECK_EQ(b->src_box[0], 2);
      CHECK_EQ(b->src_box[2] - b->src_box[0], 4);
      CHECK_EQ(b->src_box[3] - b->src_box[1], 4);
   }
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_texture_border_stripped), before + 4);

   /* errors: border 2, a bordered size below 2, a rectangle */
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 6, 6, 2, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 6, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glCopyTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 0, 0, 6, 6, 1);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_texture_border_stripped), before + 4);
   mgl_glDeleteTextures(4, tex);
   env_finish(&e);

   /* core: border must be 0 */
   env_init(&e, 16, 16);
   GLuint t;
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 6, 6, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 6, 6, 1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_texture_border_stripped), before + 4);
   env_finish(&e);
}

/* GL_ABGR_EXT pixels into luminance/alpha images (EXT_abgr: a colour pixel format like GL_BGRA;
 * the legacy conversion took only the core ones and raised GL_INVALID_OPERATION). Texel (A, B,
 * G, R) = (10, 20, 30, 40): luminance is R, alpha A. */
static void
test_abgr_legacy_upload(void)
{
   struct fe_test_env e;
   compat_env(&e);
   static const uint8_t px[2][4] = {{10, 20, 30, 40}, {50, 60, 70, 80}};
   GLuint tex;
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   uint8_t got[64];
   fake_clear();
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x8040 /* GL_LUMINANCE8 */, 2, 1, 0, FE_GL_ABGR_EXT,
                    GL_UNSIGNED_BYTE, px);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glFinish();
   CHECK_EQ(uploaded_texels(got, sizeof(got)), 2);
   CHECK_EQ(got[0], 40);
   CHECK_EQ(got[1], 80);
   fake_clear();
   mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 1, 1, FE_GL_ABGR_EXT, GL_UNSIGNED_BYTE, px);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glFinish();
   CHECK_EQ(uploaded_texels(got, sizeof(got)), 1);
   CHECK_EQ(got[0], 40);
   fake_clear();
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x8045 /* GL_LUMINANCE8_ALPHA8 */, 2, 1, 0, FE_GL_ABGR_EXT,
                    GL_UNSIGNED_BYTE, px);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glFinish();
   /* kept in RGBA as (L, 0, 0, A) */
   CHECK_EQ(uploaded_texels(got, sizeof(got)), 8);
   static const uint8_t want[8] = {40, 0, 0, 10, 80, 0, 0, 50};
   for (unsigned i = 0; i < 8; i++)
      CHECK_EQ(got[i], want[i]);
   mgl_glDeleteTextures(1, &tex);
   env_finish(&e);
}

/* The dynamic state the server ends with after each draw (set_dynamic_state, then
 * set_dynamic_words patches) is the context's, where glPopAttrib (which writes the state
 * itself) and the setters that mark their words (glBlendColor, glViewport) change it between
 * the same two draws. */
static void
test_dynamic_state_after_pop(void)
{
   struct fe_test_env e;
   compat_env(&e);
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   mgl_glUseProgram(make_program(&fp));
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *r = fake_find(MGP_CALL_set_dynamic_state, 0);
   CHECK(r != NULL);
   if (!r) {
      env_finish(&e);
      return;
   }
   struct mgp_dynamic_state held;
   memcpy(&held, r->args, sizeof(held));
   for (int step = 0; step < 4; step++) {
      switch (step) {
      case 0:
         mgl_glPushAttrib(0x00000800 /* GL_VIEWPORT_BIT */ | 0x00080000 /* GL_SCISSOR_BIT */);
         mgl_glViewport(1, 2, 3, 4);
         mgl_glScissor(5, 6, 7, 8);
         break;
      case 1:
         mgl_glPopAttrib();                        /* the viewport and scissor, unmarked */
         mgl_glBlendColor(0.5f, 0.0f, 0.0f, 0.0f); /* a marked word far from them */
         break;
      case 2:
         mgl_glPushAttrib(0x00000800 /* GL_VIEWPORT_BIT */);
         mgl_glViewport(0, 0, 9, 9);
         mgl_glPopAttrib();
         mgl_glScissor(1, 1, 2, 2);
         break;
      default: mgl_glViewport(0, 0, 12, 10); break;
      }
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_ERR(GL_NO_ERROR);
      for (unsigned i = 0; i < fake_count(); i++) {
         const struct fake_rec *c = fake_rec(i);
         if (c->id == MGP_CALL_set_dynamic_state)
            memcpy(&held, c->args, sizeof(held));
         else if (c->id == MGP_CALL_set_dynamic_words)
            CHECK(mgp_dynamic_words_apply(&held, (const void *)c->args, c->tail, c->tail_count));
      }
      CHECK(!memcmp(&held, &e.ctx->ds, sizeof(held)));
   }
   env_finish(&e);
}

/* EXT_texture_integer in a compatibility context: listed, with its integer luminance, alpha and
 * intensity formats. GL_LUMINANCE_INTEGER_EXT words into GL_LUMINANCE16UI_EXT are sent as R16UI
 * texels, the integers themselves; GL_ALPHA_INTEGER shorts into GL_ALPHA8I_EXT as RGBA8I texels
 * (0, 0, 0, A), clamped to the format's range; float pixels into an integer image are
 * GL_INVALID_OPERATION. */
static void
test_texture_integer_legacy(void)
{
   struct fe_test_env e;
   compat_env(&e);
   CHECK(has_ext_i("GL_EXT_texture_integer"));
   GLuint t;
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   const GLuint words[2] = {7, 40000};
   fake_clear();
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x8D7A /* GL_LUMINANCE16UI_EXT */, 2, 1, 0,
                    0x8D9C /* GL_LUMINANCE_INTEGER_EXT */, GL_UNSIGNED_INT, words);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glFinish();
   const struct fake_rec *r = fake_find(MGP_CALL_resource_subdata, 0);
   CHECK(r != NULL);
   if (r) {
      CHECK_EQ(((const struct mgp_resource_subdata *)(const void *)r->args)->format,
               MGP_FORMAT_R16_UINT);
      uint16_t got[2] = {0};
      CHECK_EQ(r->data_size, 4);
      if (r->data_size == 4)
         memcpy(got, r->data, 4);
      CHECK_EQ(got[0], 7);
      CHECK_EQ(got[1], 40000);
   }
   const GLshort shorts[2] = {-5, 300};
   fake_clear();
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x8D90 /* GL_ALPHA8I_EXT */, 2, 1, 0,
                    0x8D97 /* GL_ALPHA_INTEGER */, GL_SHORT, shorts);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glFinish();
   r = fake_find(MGP_CALL_resource_subdata, 0);
   CHECK(r != NULL);
   if (r) {
      CHECK_EQ(((const struct mgp_resource_subdata *)(const void *)r->args)->format,
               MGP_FORMAT_RGBA8_SINT);
      int8_t got[8] = {1, 1, 1, 1, 1, 1, 1, 1};
      CHECK_EQ(r->data_size, 8);
      if (r->data_size == 8)
         memcpy(got, r->data, 8);
      CHECK(got[0] == 0 && got[1] == 0 && got[2] == 0 && got[3] == -5);
      CHECK(got[4] == 0 && got[7] == 127);
   }
   const GLubyte bytes[2] = {1, 2};
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x8D80 /* GL_LUMINANCE8UI_EXT */, 2, 1, 0, FE_GL_LUMINANCE,
                    GL_UNSIGNED_BYTE, bytes);
   CHECK_ERR(GL_INVALID_OPERATION);
   /* GL_RGBA_INTEGER_MODE_EXT is the extension's query here too */
   GLuint fb, rt;
   mgl_glGenTextures(1, &rt);
   mgl_glBindTexture(GL_TEXTURE_2D, rt);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32I, 4, 4, 0, GL_RGBA_INTEGER, GL_INT, NULL);
   mgl_glGenFramebuffers(1, &fb);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rt, 0);
   GLboolean integer = GL_FALSE;
   mgl_glGetBooleanv(0x8D9E /* GL_RGBA_INTEGER_MODE_EXT */, &integer);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(integer == GL_TRUE);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   mgl_glDeleteFramebuffers(1, &fb);
   mgl_glDeleteTextures(1, &rt);
   mgl_glDeleteTextures(1, &t);
   env_finish(&e);
}

/* glDrawPixels of integer data (GL 3.0 §3.7.4 in compatibility contexts too): GL_INVALID_OPERATION
 * for every integer format, before a float type's own error, into an integer colour buffer as
 * into any other, and nothing drawn; the same rectangle of GL_RGBA data draws. */
static void
test_draw_pixels_integer(void)
{
   struct fe_test_env e;
   compat_env(&e);
   GLuint fb, rt;
   mgl_glGenTextures(1, &rt);
   mgl_glBindTexture(GL_TEXTURE_2D, rt);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, NULL);
   mgl_glGenFramebuffers(1, &fb);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rt, 0);
   CHECK_EQ(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   mgl_glWindowPos2i(0, 0);
   static const GLuint px[4] = {0, 255, 0, 0};
   static const struct {
      GLenum format, type;
   } cases[] = {
      {GL_RGBA_INTEGER, GL_UNSIGNED_INT},
      {GL_RGBA_INTEGER, GL_FLOAT}, /* GL_INVALID_ENUM for the type, but the format first */
      {GL_RED_INTEGER, GL_UNSIGNED_BYTE},
      {GL_BGRA_INTEGER, GL_UNSIGNED_SHORT},
      {FE_GL_LUMINANCE_INTEGER, GL_INT},
      {FE_GL_ALPHA_INTEGER, GL_UNSIGNED_BYTE},
   };
   fake_clear();
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      mgl_glDrawPixels(1, 1, cases[i].format, cases[i].type, px);
      CHECK_ERR(GL_INVALID_OPERATION);
   }
   mgl_glFinish();
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 0);
   /* into the default framebuffer neither: the format is refused, not the buffer */
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   mgl_glDrawPixels(1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glFinish();
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 1);
   mgl_glDeleteFramebuffers(1, &fb);
   mgl_glDeleteTextures(1, &rt);
   env_finish(&e);
}

int
main(void)
{
   test_strings();
   test_extension_names_once();
   test_texture_integer_legacy();
   test_draw_pixels_integer();
   test_current_attributes();
   test_begin_end_errors();
   test_quads_sent();
   test_core_refuses();
   test_legacy_arrays();
   test_accum();
   test_index_and_line_stipple();
   test_push_viewport_array();
   test_generate_mipmap_param();
   test_copy_tex_image_legacy();
   test_params_after_respecify();
   test_float_snorm_legacy();
   test_depth_mipmap();
   test_generic_compressed();
   test_stencil_two_side();
   test_enable_bit_extensions();
   test_robustness_compat_queries();
   test_texture_buffer_get();
   test_framebuffer_srgb_capable();
   test_rgba_signed_components();
   test_nv_primitive_restart();
   test_sun_multi_draw_arrays();
   test_xfb_quads();
   test_packed_attributes();
   test_unused_names();
   test_alpha_test_program_decline();
   test_clamp_color();
   test_clamp_fragment_decline();
   test_legacy_extensions();
   test_texture_border();
   test_abgr_legacy_upload();
   test_dynamic_state_after_pop();
   return fe_test_report("compat");
}
