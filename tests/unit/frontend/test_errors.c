/* test_errors.c — unit.frontend.errors: the spec's errors, checked in the client, and
 * glGetError's semantics (first error sticks until read; a lost session reports
 * GL_CONTEXT_LOST by the context's reset notification strategy and later calls are harmless). */
#include <math.h>
#include <stdlib.h>

#include "fe_test_util.h"

#include "fe_egl.h" /* fe_get_proc_address */

static void
test_first_error_sticks(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBindBuffer(0x1234, 0);                                 /* INVALID_ENUM */
   mgl_glBufferData(GL_ARRAY_BUFFER, -1, NULL, GL_STATIC_DRAW); /* INVALID_VALUE, dropped */
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

static void
test_buffer_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   mgl_glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0); /* GL 4.3 target, not offered (no compute) */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, 77); /* never generated */
   CHECK_ERR(GL_INVALID_OPERATION);
   GLuint b;
   mgl_glGenBuffers(1, &b);
   CHECK(!mgl_glIsBuffer(b));
   mgl_glBufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW); /* nothing bound */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b);
   CHECK(mgl_glIsBuffer(b));
   mgl_glBufferData(GL_ARRAY_BUFFER, -4, NULL, GL_STATIC_DRAW);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBufferData(GL_ARRAY_BUFFER, 16, NULL, 0x1234);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW);
   CHECK_ERR(GL_NO_ERROR);
   uint8_t d[32] = {0};
   /* glBufferSubData's target errors in their order: the target, the range's signs, then the
    * bound buffer (GL_ARRAY_BUFFER's point is found inline, the others through the switch) */
   mgl_glBufferSubData(0x1234, 0, 4, d);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBufferSubData(GL_COPY_WRITE_BUFFER, 0, 4, d); /* nothing bound there */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, 0);
   mgl_glBufferSubData(GL_ARRAY_BUFFER, -1, 4, d); /* the sign before the bound buffer */
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBufferSubData(GL_ARRAY_BUFFER, 0, 4, d);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b);
   mgl_glBindBuffer(GL_COPY_WRITE_BUFFER, b);
   mgl_glBufferSubData(GL_COPY_WRITE_BUFFER, 0, 4, d);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBufferSubData(GL_ARRAY_BUFFER, 8, 16, d); /* past the end */
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBufferSubData(GL_ARRAY_BUFFER, -1, 4, d);
   CHECK_ERR(GL_INVALID_VALUE);
   void *p =
      mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
   CHECK(p == NULL);
   CHECK_ERR(GL_INVALID_OPERATION);
   p = mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   p = mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
   CHECK(p != NULL);
   mgl_glBufferSubData(GL_ARRAY_BUFFER, 0, 4, d); /* while mapped */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_WRITE_BIT); /* already mapped */
   CHECK_ERR(GL_INVALID_OPERATION);
   GLint mapped = 0;
   mgl_glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &mapped);
   CHECK(mapped);
   CHECK(mgl_glUnmapBuffer(GL_ARRAY_BUFFER));
   mgl_glUnmapBuffer(GL_ARRAY_BUFFER);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindBufferRange(GL_UNIFORM_BUFFER, 0, b, 3, 4); /* misaligned offset */
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 1000, b);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindBufferBase(GL_ARRAY_BUFFER, 0, b);
   CHECK_ERR(GL_INVALID_ENUM);
   GLint size = 0;
   mgl_glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
   CHECK_EQ(size, 16);
   /* deleting unbinds from the current context */
   mgl_glDeleteBuffers(1, &b);
   GLint bound = -1;
   mgl_glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &bound);
   CHECK_EQ(bound, 0);
   CHECK(!mgl_glIsBuffer(b));
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

static void
test_draw_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3); /* core: no vertex array bound */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, NULL); /* no VAO */
   CHECK_ERR(GL_INVALID_OPERATION);
   GLuint vao;
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const void *)16); /* no buffer */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexAttribPointer(0, 5, GL_FLOAT, GL_FALSE, 0, NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexAttribPointer(99, 3, GL_FLOAT, GL_FALSE, 0, NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexAttribIPointer(0, 3, GL_FLOAT, 0, NULL);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDrawArrays(GL_QUADS, 0, 3); /* gone from core */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDrawArrays(GL_TRIANGLES, 0, -1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, NULL);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDrawRangeElements(GL_TRIANGLES, 5, 2, 3, GL_UNSIGNED_INT, NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDrawArraysInstanced(GL_TRIANGLES, 0, 3, -2);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 0);
   /* a mapped buffer in use by the vertex array */
   GLuint b;
   mgl_glGenBuffers(1, &b);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b);
   mgl_glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, NULL);
   mgl_glEnableVertexAttribArray(0);
   mgl_glMapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUnmapBuffer(GL_ARRAY_BUFFER);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 1);
   /* a second mapped buffer the vertex array does not use, then the array's own again: the
    * draw refuses only while the array's buffer is mapped, however many others are */
   GLuint other;
   mgl_glGenBuffers(1, &other);
   mgl_glBindBuffer(GL_COPY_WRITE_BUFFER, other);
   mgl_glBufferData(GL_COPY_WRITE_BUFFER, 16, NULL, GL_STATIC_DRAW);
   mgl_glMapBuffer(GL_COPY_WRITE_BUFFER, GL_WRITE_ONLY);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glMapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY);
   mgl_glMapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY); /* already mapped */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUnmapBuffer(GL_COPY_WRITE_BUFFER);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_INVALID_OPERATION);
   /* glBufferData unmaps (a new store); so does deleting the other buffer while mapped */
   mgl_glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glMapBuffer(GL_COPY_WRITE_BUFFER, GL_WRITE_ONLY);
   mgl_glDeleteBuffers(1, &other);
   mgl_glMapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUnmapBuffer(GL_ARRAY_BUFFER);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 3);
   /* no element buffer and NULL indices: nothing to read, skipped by name, no error */
   const uint64_t oob = mgu_decline_count(MGU_DECLINE_gl_draw_out_of_bounds);
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo) + fake_count_of(MGP_CALL_draw), 0);
   CHECK(mgu_decline_count(MGU_DECLINE_gl_draw_out_of_bounds) > oob);
   /* no program: undefined in GL, skipped by name, no error */
   mgl_glUseProgram(0);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 0);
   CHECK(mgu_decline_count(MGU_DECLINE_gl_draw_no_program) >= 1);
   env_finish(&e);
}

static bool
lists_extension(const char *name)
{
   GLint n = 0;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++)
      if (!strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i), name))
         return true;
   return false;
}

/* GL 4.4 / ARB_vertex_type_10f_11f_11f_rev: three packed unsigned floats, size 3 only, float
 * attributes only, where the backend fetches them (listed then); glVertexAttribP1-3ui decode
 * them, P4 refuses them. */
static void
test_vertex_type_10f_11f_11f(void)
{
   struct fe_test_env e;
   const uint32_t saved = fake_caps.format_flags[MGP_FORMAT_R11G11B10_FLOAT];
   fake_caps.format_flags[MGP_FORMAT_R11G11B10_FLOAT] &= ~MGP_FORMAT_CAP_VERTEX;
   env_init(&e, 16, 16);
   CHECK(!lists_extension("GL_ARB_vertex_type_10f_11f_11f_rev"));
   GLuint vao;
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   mgl_glVertexAttribFormat(0, 3, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 0);
   CHECK_ERR(GL_INVALID_ENUM);
   env_finish(&e);
   fake_caps.format_flags[MGP_FORMAT_R11G11B10_FLOAT] |= MGP_FORMAT_CAP_VERTEX;
   env_init(&e, 16, 16);
   CHECK(lists_extension("GL_ARB_vertex_type_10f_11f_11f_rev"));
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   mgl_glVertexAttribFormat(0, 3, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 0);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glVertexAttribFormat(0, 4, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexAttribFormat(0, GL_BGRA, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_TRUE, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexAttribIFormat(0, 3, GL_UNSIGNED_INT_10F_11F_11F_REV, 0);
   CHECK_ERR(GL_INVALID_ENUM);
   /* 1.0 (exponent 15, mantissa 0) in red, 2.0 in green, 0.5 in blue */
   const GLuint w = (15u << 6) | (16u << 6) << 11 | (14u << 5) << 22;
   mgl_glVertexAttribP3ui(1, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, w);
   CHECK_ERR(GL_NO_ERROR);
   GLfloat f[4] = {0};
   mgl_glGetVertexAttribfv(1, GL_CURRENT_VERTEX_ATTRIB, f);
   CHECK(f[0] == 1.0f && f[1] == 2.0f && f[2] == 0.5f && f[3] == 1.0f);
   mgl_glVertexAttribP4ui(1, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, w);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
   fake_caps.format_flags[MGP_FORMAT_R11G11B10_FLOAT] = saved;
}

/* Indirect draws (GL 4.6 core 10.4): each error sends nothing; a valid glMultiDraw*Indirect
 * is one draw_indirect record whatever its draw count, stride 0 sent as the command's size; a
 * backend without draw_indirect refuses the binding point and declines by name. */
/* glBindImageTexture (GL 4.6 8.26) and the image units' state, on a backend of 8 units. */
static bool has_extension(const char *name);

/* GL 4.2 ARB_shader_atomic_counters: the binding points exist only where storage bindings do
 * (caps); then GL 4.2 6.1.1's errors and the indexed state. */
static void
test_atomic_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   const uint32_t saved = fake_caps.max_storage_buffer_bindings;
   fake_caps.max_storage_buffer_bindings = 0;
   GLint n = -1;
   mgl_glGetIntegerv(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, &n);
   CHECK_ERR(GL_INVALID_ENUM);
   GLuint b;
   mgl_glGenBuffers(1, &b);
   mgl_glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, b);
   CHECK_ERR(GL_INVALID_ENUM);
   fake_caps.max_storage_buffer_bindings = 16;
   mgl_glGetIntegerv(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, &n);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(n == 8);
   mgl_glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, b);
   mgl_glBufferData(GL_ATOMIC_COUNTER_BUFFER, 64, NULL, GL_DYNAMIC_COPY);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, b, 6, 8);
   CHECK_ERR(GL_INVALID_VALUE); /* not a multiple of 4 */
   mgl_glBindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 8, b, 4, 8);
   CHECK_ERR(GL_INVALID_VALUE); /* index == GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS */
   mgl_glBindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 7, b, 4, 8);
   CHECK_ERR(GL_NO_ERROR);
   GLint v = -1;
   mgl_glGetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_START, 7, &v);
   CHECK(v == 4);
   mgl_glGetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_SIZE, 7, &v);
   CHECK(v == 8);
   mgl_glGetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_BINDING, 8, &v);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetActiveAtomicCounterBufferiv(999, 0, GL_ATOMIC_COUNTER_BUFFER_BINDING, &v);
   CHECK_ERR(GL_INVALID_VALUE); /* no such program */
   fake_caps.max_storage_buffer_bindings = saved;
   env_finish(&e);
}

static void
test_image_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLint n = 0;
   mgl_glGetIntegerv(GL_MAX_IMAGE_UNITS, &n);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(n == 8);
   GLuint t[2];
   mgl_glGenTextures(2, t);
   mgl_glBindTexture(GL_TEXTURE_2D, t[0]);
   mgl_glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 8, 8);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBindImageTexture(8, t[0], 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
   CHECK_ERR(GL_INVALID_VALUE); /* unit == GL_MAX_IMAGE_UNITS */
   mgl_glBindImageTexture(0, t[1], 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
   CHECK_ERR(GL_INVALID_VALUE); /* a generated name no bind made a texture */
   mgl_glBindImageTexture(0, 999, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindImageTexture(0, t[0], -1, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindImageTexture(0, t[0], 0, GL_TRUE, -1, GL_READ_ONLY, GL_RGBA8);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindImageTexture(0, t[0], 0, GL_FALSE, 0, GL_READ_ONLY + 3, GL_RGBA8);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBindImageTexture(0, t[0], 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGB8);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindImageTexture(0, t[0], 0, GL_FALSE, 0, GL_READ_ONLY, GL_SRGB8_ALPHA8);
   CHECK_ERR(GL_INVALID_VALUE); /* sRGB is not an image format */
   GLint v = -1;
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, 0, &v);
   CHECK(v == GL_R8);
   mgl_glBindImageTexture(7, t[0], 2, GL_FALSE, 1, GL_READ_WRITE, GL_R32F);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 7, &v);
   CHECK(v == (GLint)t[0]);
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_LEVEL, 7, &v);
   CHECK(v == 2);
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_ACCESS, 7, &v);
   CHECK(v == GL_READ_WRITE);
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, 8, &v);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetTexParameteriv(GL_TEXTURE_2D, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE, &v);
   CHECK(v == GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE);
   /* glBindImageTextures (GL 4.6 8.26, ARB_multi_bind) */
   GLuint t3;
   mgl_glGenTextures(1, &t3);
   mgl_glBindTexture(GL_TEXTURE_2D, t3);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBindImageTextures(0, -1, NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindImageTextures(7, 2, NULL);
   CHECK_ERR(GL_INVALID_OPERATION); /* first + count past GL_MAX_IMAGE_UNITS */
   const GLuint list[4] = {t[0], 999, t3, t[0]};
   mgl_glBindImageTextures(2, 4, list);
   CHECK_ERR(GL_INVALID_OPERATION); /* 999 is no texture, t3's RGB8 no image format */
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 2, &v);
   CHECK(v == (GLint)t[0]);
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_LAYERED, 2, &v);
   CHECK(v == GL_TRUE);
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_ACCESS, 2, &v);
   CHECK(v == GL_READ_WRITE);
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, 2, &v);
   CHECK(v == GL_RGBA8);
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 3, &v);
   CHECK(v == 0); /* left as it was */
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 4, &v);
   CHECK(v == 0);
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 5, &v);
   CHECK(v == (GLint)t[0]);
   mgl_glBindImageTextures(2, 4, NULL); /* a NULL list unbinds */
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 5, &v);
   CHECK(v == 0);
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, 5, &v);
   CHECK(v == GL_R8);
   CHECK(has_extension("GL_ARB_multi_bind"));
   mgl_glDeleteTextures(1, &t3);
   mgl_glDeleteTextures(1, &t[0]);
   mgl_glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 7, &v);
   CHECK(v == 0);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

static void
test_indirect_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, b[2];
   mgl_glGenVertexArrays(1, &vao);
   mgl_glGenBuffers(2, b);
   fake_clear();
   mgl_glDrawArraysIndirect(GL_TRIANGLES, NULL); /* core: no vertex array */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindVertexArray(vao);
   mgl_glDrawArraysIndirect(GL_TRIANGLES, NULL); /* no indirect buffer */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindBuffer(GL_DRAW_INDIRECT_BUFFER, b[0]);
   mgl_glBufferData(GL_DRAW_INDIRECT_BUFFER, 100, NULL, GL_STATIC_DRAW);
   mgl_glDrawArraysIndirect(GL_TRIANGLES, (const void *)6);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDrawArraysIndirect(GL_TRIANGLES, (const void *)88); /* 88 + 16 > 100 */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDrawArraysIndirect(0x7, NULL); /* GL_QUADS in core */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_INT, NULL); /* no element buffer */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[1]);
   mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   mgl_glDrawElementsIndirect(GL_TRIANGLES, GL_FLOAT, NULL);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_INT, (const void *)84); /* 84 + 20 */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glMultiDrawArraysIndirect(GL_TRIANGLES, NULL, -1, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glMultiDrawArraysIndirect(GL_TRIANGLES, NULL, 2, 6);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glMultiDrawArraysIndirect(GL_TRIANGLES, NULL, 2, -4);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glMultiDrawArraysIndirect(GL_TRIANGLES, NULL, 7, 0); /* 7 * 16 > 100 */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glMultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (const void *)4, 3, 40);
   CHECK_ERR(GL_INVALID_OPERATION); /* 4 + 80 + 20 > 100 */
   mgl_glMultiDrawArraysIndirect(GL_TRIANGLES, NULL, 0x7fffffff, 0x7ffffffc); /* no wrap */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glMapBufferRange(GL_DRAW_INDIRECT_BUFFER, 0, 16, GL_MAP_READ_BIT);
   mgl_glDrawArraysIndirect(GL_TRIANGLES, NULL);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUnmapBuffer(GL_DRAW_INDIRECT_BUFFER);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_indirect), 0);

   /* valid: one record each, drawcount 0 none */
   mgl_glMultiDrawArraysIndirect(GL_TRIANGLES, NULL, 0, 0);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_indirect), 0);
   mgl_glMultiDrawArraysIndirect(GL_TRIANGLES, (const void *)4, 6, 0); /* 4 + 96 = 100 */
   mgl_glMultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, (const void *)8, 2, 72);
   mgl_glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_BYTE, (const void *)80);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_indirect), 3);
   const struct fake_rec *r = fake_find(MGP_CALL_draw_indirect, 0);
   struct mgp_draw_indirect a;
   memcpy(&a, r->args, sizeof(a));
   CHECK(a.index_size == 0 && a.offset == 4 && a.stride == 16 && a.draw_count == 6);
   memcpy(&a, fake_find(MGP_CALL_draw_indirect, 1)->args, sizeof(a));
   CHECK(a.index_size == 2 && a.offset == 8 && a.stride == 72 && a.draw_count == 2);
   memcpy(&a, fake_find(MGP_CALL_draw_indirect, 2)->args, sizeof(a));
   CHECK(a.index_size == 1 && a.offset == 80 && a.draw_count == 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo) + fake_count_of(MGP_CALL_draw), 0);
   GLint bound = 0;
   mgl_glGetIntegerv(GL_DRAW_INDIRECT_BUFFER_BINDING, &bound);
   CHECK_EQ(bound, (GLint)b[0]);
   CHECK(lists_extension("GL_ARB_draw_indirect") && lists_extension("GL_ARB_multi_draw_indirect"));
   mgl_glDeleteBuffers(2, b);
   mgl_glGetIntegerv(GL_DRAW_INDIRECT_BUFFER_BINDING, &bound);
   CHECK_EQ(bound, 0);

   /* a backend without draw_indirect: no binding point, no extension, a named decline */
   fake_caps.call_mask[MGP_CALL_draw_indirect / 64] &= ~(1ull << (MGP_CALL_draw_indirect % 64));
   mgl_glGenBuffers(1, b);
   mgl_glBindBuffer(GL_DRAW_INDIRECT_BUFFER, b[0]);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK(!lists_extension("GL_ARB_draw_indirect") &&
         !lists_extension("GL_ARB_multi_draw_indirect"));
   const uint64_t declined = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   mgl_glDrawArraysIndirect(GL_TRIANGLES, NULL); /* no buffer can be bound: GL 3.3's error */
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) == declined);
   fake_caps.call_mask[MGP_CALL_draw_indirect / 64] |= 1ull << (MGP_CALL_draw_indirect % 64);
   mgl_glDeleteBuffers(1, b);
   mgl_glDeleteVertexArrays(1, &vao);
   env_finish(&e);
}

/* GL 4.6 ARB_indirect_parameters: glMultiDraw*IndirectCount's errors (drawcount an offset
 * into GL_PARAMETER_BUFFER), each sending nothing; a valid call is one draw_indirect record
 * naming the count buffer whatever its maxdrawcount; a glMultiDraw*Indirect split past
 * MGP_MAX_INDIRECT_DRAWS numbers gl_DrawID on (draw_id_offset); a backend without
 * MGP_CAP_DRAW_INDIRECT_COUNT is not listed, has no binding point and declines by name. */
static void
test_indirect_count(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   fake_caps.cap_bits |= MGP_CAP_DRAW_INDIRECT_COUNT;
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, b[4];
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   mgl_glGenBuffers(4, b);
   mgl_glBindBuffer(GL_DRAW_INDIRECT_BUFFER, b[0]);
   mgl_glBufferData(GL_DRAW_INDIRECT_BUFFER, 100, NULL, GL_STATIC_DRAW);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[1]);
   mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   fake_clear();
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 0, 2, 0); /* no parameter buffer */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindBuffer(GL_PARAMETER_BUFFER, b[2]);
   CHECK_ERR(GL_NO_ERROR);
   GLint bound = 0;
   mgl_glGetIntegerv(GL_PARAMETER_BUFFER_BINDING, &bound);
   CHECK_EQ(bound, (GLint)b[2]);
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 0, 2, 0); /* bound, no store */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBufferData(GL_PARAMETER_BUFFER, 8, NULL, GL_STATIC_DRAW);
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 2, 2, 0); /* drawcount % 4 */
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 8, 2, 0); /* 8 + 4 > 8 */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, -4, 2, 0); /* before the buffer */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 4, -1, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 4, 2, 6);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glMultiDrawArraysIndirectCount(0x7, NULL, 4, 2, 0); /* GL_QUADS in core */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glMultiDrawElementsIndirectCount(GL_TRIANGLES, GL_FLOAT, NULL, 4, 2, 0);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 4, 7, 0); /* 7 * 16 > 100 */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glMultiDrawElementsIndirectCount(GL_TRIANGLES, GL_UNSIGNED_SHORT, (const void *)4, 4, 3,
                                        40); /* 4 + 80 + 20 > 100 */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glMapBufferRange(GL_PARAMETER_BUFFER, 0, 8, GL_MAP_READ_BIT);
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 4, 2, 0); /* mapped */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUnmapBuffer(GL_PARAMETER_BUFFER);
   mgl_glBindVertexArray(0);
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 4, 2, 0); /* core: no vertex array */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindVertexArray(vao);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_indirect), 0);

   /* valid: one record each naming the count, maxdrawcount 0 none */
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 4, 0, 0);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_indirect), 0);
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, (const void *)4, 4, 6, 0);
   mgl_glMultiDrawElementsIndirectCountARB(GL_TRIANGLES, GL_UNSIGNED_SHORT, (const void *)8, 0, 2,
                                           72);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_indirect), 2);
   struct mgp_draw_indirect a;
   memcpy(&a, fake_find(MGP_CALL_draw_indirect, 0)->args, sizeof(a));
   CHECK(a.index_size == 0 && a.offset == 4 && a.stride == 16 && a.draw_count == 6 &&
         !mgp_handle_is_null(a.count) && a.count_offset == 4 && a.draw_id_offset == 0);
   memcpy(&a, fake_find(MGP_CALL_draw_indirect, 1)->args, sizeof(a));
   CHECK(a.index_size == 2 && a.offset == 8 && a.stride == 72 && a.draw_count == 2 &&
         !mgp_handle_is_null(a.count) && a.count_offset == 0);
   CHECK(lists_extension("GL_ARB_indirect_parameters"));

   /* a stride under a command's size: overlapping commands, the named decline */
   const uint64_t declined = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   fake_clear();
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 4, 2, 8);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_indirect), 0);
   CHECK(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) == declined + 1);

   /* more than MGP_MAX_INDIRECT_DRAWS commands: one record with a count buffer; without,
    * records of MGP_MAX_INDIRECT_DRAWS whose gl_DrawID goes on */
   const GLsizei many = (GLsizei)MGP_MAX_INDIRECT_DRAWS + 2;
   mgl_glBindBuffer(GL_DRAW_INDIRECT_BUFFER, b[3]);
   mgl_glBufferData(GL_DRAW_INDIRECT_BUFFER, (GLsizeiptr)many * 16, NULL, GL_STATIC_DRAW);
   fake_clear();
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 0, many, 0);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_indirect), 1);
   memcpy(&a, fake_find(MGP_CALL_draw_indirect, 0)->args, sizeof(a));
   CHECK(a.draw_count == (uint32_t)many && a.stride == 16);
   fake_clear();
   mgl_glMultiDrawArraysIndirect(GL_TRIANGLES, NULL, many, 0);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_indirect), 2);
   memcpy(&a, fake_find(MGP_CALL_draw_indirect, 0)->args, sizeof(a));
   CHECK(a.draw_count == MGP_MAX_INDIRECT_DRAWS && a.draw_id_offset == 0 && a.offset == 0 &&
         mgp_handle_is_null(a.count));
   memcpy(&a, fake_find(MGP_CALL_draw_indirect, 1)->args, sizeof(a));
   CHECK(a.draw_count == 2 && a.draw_id_offset == MGP_MAX_INDIRECT_DRAWS &&
         a.offset == (uint64_t)MGP_MAX_INDIRECT_DRAWS * 16);

   /* deleting the buffer unbinds it */
   mgl_glDeleteBuffers(1, &b[2]);
   mgl_glGetIntegerv(GL_PARAMETER_BUFFER_BINDING, &bound);
   CHECK_EQ(bound, 0);

   /* a backend without the cap: no extension, no binding point, a named decline */
   fake_caps.cap_bits &= ~MGP_CAP_DRAW_INDIRECT_COUNT;
   CHECK(!lists_extension("GL_ARB_indirect_parameters"));
   mgl_glGenBuffers(1, &b[2]);
   mgl_glBindBuffer(GL_PARAMETER_BUFFER, b[2]);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetIntegerv(GL_PARAMETER_BUFFER_BINDING, &bound);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glMultiDrawArraysIndirectCount(GL_TRIANGLES, NULL, 0, 2, 0); /* none can be bound */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDeleteBuffers(4, b);
   mgl_glDeleteVertexArrays(1, &vao);
   env_finish(&e);
}

/* GL 4.6 ARB_pipeline_statistics_query: its 11 targets begin and end queries (query_create,
 * begin_query, end_query), one active per target, with 64 counter bits, and the indexed forms
 * take index 0 only; a backend without MGP_CAP_PIPELINE_STATISTICS is not listed and the
 * targets are GL_INVALID_ENUM, sending nothing. */
static void
test_pipeline_statistics(void)
{
   static const GLenum targets[11] = {
      GL_VERTICES_SUBMITTED_ARB,
      GL_PRIMITIVES_SUBMITTED_ARB,
      GL_VERTEX_SHADER_INVOCATIONS_ARB,
      GL_TESS_CONTROL_SHADER_PATCHES_ARB,
      GL_TESS_EVALUATION_SHADER_INVOCATIONS_ARB,
      GL_GEOMETRY_SHADER_INVOCATIONS,
      GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED_ARB,
      GL_FRAGMENT_SHADER_INVOCATIONS_ARB,
      GL_COMPUTE_SHADER_INVOCATIONS_ARB,
      GL_CLIPPING_INPUT_PRIMITIVES_ARB,
      GL_CLIPPING_OUTPUT_PRIMITIVES_ARB,
   };
   struct fe_test_env e;
   env_init(&e, 16, 16);
   /* the indexed forms need ARB_transform_feedback3 */
   fake_caps.cap_bits |=
      MGP_CAP_PIPELINE_STATISTICS | MGP_CAP_XFB_OBJECTS | MGP_CAP_TRANSFORM_FEEDBACK;
   CHECK(has_extension("GL_ARB_pipeline_statistics_query"));
   GLuint q[12];
   mgl_glGenQueries(12, q);
   const unsigned begun = fake_count_of(MGP_CALL_begin_query);
   for (int i = 0; i < 11; i++) {
      GLint bits = 0;
      mgl_glGetQueryiv(targets[i], GL_QUERY_COUNTER_BITS, &bits);
      CHECK_EQ(bits, 64);
      mgl_glBeginQuery(targets[i], q[i]);
      CHECK_ERR(GL_NO_ERROR);
   }
   CHECK_EQ(fake_count_of(MGP_CALL_begin_query), begun + 11);
   GLint cur = 0;
   mgl_glGetQueryiv(GL_CLIPPING_OUTPUT_PRIMITIVES_ARB, GL_CURRENT_QUERY, &cur);
   CHECK_EQ(cur, (GLint)q[10]);
   mgl_glBeginQuery(GL_FRAGMENT_SHADER_INVOCATIONS_ARB, q[11]); /* one active per target */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBeginQuery(GL_SAMPLES_PASSED, q[3]); /* q[3] is a statistics query */
   CHECK_ERR(GL_INVALID_OPERATION);
   for (int i = 0; i < 11; i++)
      mgl_glEndQuery(targets[i]);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glEndQuery(GL_VERTICES_SUBMITTED_ARB); /* none active */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBeginQuery(GL_PRIMITIVES_SUBMITTED_ARB, q[0]); /* q[0] is GL_VERTICES_SUBMITTED_ARB's */
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK(has_extension("GL_ARB_transform_feedback3"));
   mgl_glBeginQueryIndexed(GL_VERTEX_SHADER_INVOCATIONS_ARB, 1, q[2]);
   CHECK_ERR(GL_INVALID_VALUE);

   /* a backend without the cap: no extension, no targets */
   fake_caps.cap_bits &= ~MGP_CAP_PIPELINE_STATISTICS;
   CHECK(!has_extension("GL_ARB_pipeline_statistics_query"));
   const unsigned sent = fake_count();
   GLint bits = -1;
   mgl_glGetQueryiv(GL_VERTICES_SUBMITTED_ARB, GL_QUERY_COUNTER_BITS, &bits);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBeginQuery(GL_GEOMETRY_SHADER_INVOCATIONS, q[11]);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glEndQuery(GL_GEOMETRY_SHADER_INVOCATIONS);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBeginQueryIndexed(GL_VERTEX_SHADER_INVOCATIONS_ARB, 1, q[2]);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_EQ(fake_count(), sent);
   mgl_glDeleteQueries(12, q);
   fake_caps.cap_bits &= ~(MGP_CAP_XFB_OBJECTS | MGP_CAP_TRANSFORM_FEEDBACK);
   env_finish(&e);
}

/* GL 4.2 ARB_base_instance: the instanced draws' errors, each sending nothing; a valid draw is
 * one draw_vbo whose start_instance is the base instance; a backend without
 * MGP_CAP_BASE_INSTANCE is not listed and declines a base instance other than 0 by name. */
static void
test_base_instance(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   fake_caps.cap_bits |= MGP_CAP_BASE_INSTANCE;
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, b[2];
   mgl_glGenVertexArrays(1, &vao);
   mgl_glGenBuffers(2, b);
   fake_clear();
   mgl_glDrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, 3, 2, 5); /* core: no vertex array */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindVertexArray(vao);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b[0]);
   mgl_glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   mgl_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   mgl_glEnableVertexAttribArray(0);
   mgl_glDrawArraysInstancedBaseInstance(0x7 /* GL_QUADS */, 0, 3, 2, 5);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDrawArraysInstancedBaseInstance(GL_TRIANGLES, -1, 3, 2, 5);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, 3, -2, 5);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDrawElementsInstancedBaseInstance(GL_TRIANGLES, 3, GL_FLOAT, NULL, 2, 5);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDrawElementsInstancedBaseVertexBaseInstance(GL_TRIANGLES, -3, GL_UNSIGNED_INT, NULL, 2, 1,
                                                     5);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo) + fake_count_of(MGP_CALL_draw), 0);

   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[1]);
   mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   mgl_glDrawArraysInstancedBaseInstance(GL_TRIANGLES, 1, 3, 2, 5);
   mgl_glDrawElementsInstancedBaseInstance(GL_TRIANGLES, 3, GL_UNSIGNED_INT, (const void *)8, 4,
                                           0xfffffff0u);
   mgl_glDrawElementsInstancedBaseVertexBaseInstance(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 1,
                                                     -2, 9);
   mgl_glDrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, 3, 0, 5); /* no instances: nothing */
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 3);
   struct mgp_draw_vbo a;
   memcpy(&a, fake_find(MGP_CALL_draw_vbo, 0)->args, sizeof(a));
   CHECK(a.index_size == 0 && a.instance_count == 2 && a.start_instance == 5);
   memcpy(&a, fake_find(MGP_CALL_draw_vbo, 1)->args, sizeof(a));
   CHECK(a.index_size == 4 && a.instance_count == 4 && a.start_instance == 0xfffffff0u);
   memcpy(&a, fake_find(MGP_CALL_draw_vbo, 2)->args, sizeof(a));
   CHECK(a.index_size == 2 && a.instance_count == 1 && a.start_instance == 9);
   const struct mgp_draw_range *r = fake_find(MGP_CALL_draw_vbo, 2)->tail;
   CHECK(r && r[0].index_bias == -2 && r[0].count == 6);
   CHECK(lists_extension("GL_ARB_base_instance"));

   /* a backend without base instances: not listed, a named decline, no error, nothing sent;
    * base instance 0 still draws */
   fake_caps.cap_bits &= ~MGP_CAP_BASE_INSTANCE;
   CHECK(!lists_extension("GL_ARB_base_instance"));
   fake_clear();
   const uint64_t declined = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   mgl_glDrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, 3, 2, 1);
   mgl_glDrawElementsInstancedBaseVertexBaseInstance(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 1, 0,
                                                     3);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented), declined + 2);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo) + fake_count_of(MGP_CALL_draw), 0);
   mgl_glDrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, 3, 2, 0);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 1);
   mgl_glDeleteBuffers(2, b);
   mgl_glDeleteVertexArrays(1, &vao);
   env_finish(&e);
}

/* ARB_shader_draw_parameters: listed where the backend has MGP_CAP_DRAW_PARAMETERS; a multi-draw
 * goes out as one draw_vbo whose ranges keep each draw's index (gl_DrawID): leading empty draws
 * move draw_id_offset, empty draws between drawn ones stay as ranges of count 0. */
static void
test_draw_parameters(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   fake_caps.cap_bits &= ~MGP_CAP_DRAW_PARAMETERS;
   CHECK(!lists_extension("GL_ARB_shader_draw_parameters"));
   fake_caps.cap_bits |= MGP_CAP_DRAW_PARAMETERS;
   CHECK(lists_extension("GL_ARB_shader_draw_parameters"));
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, b[2];
   mgl_glGenVertexArrays(1, &vao);
   mgl_glGenBuffers(2, b);
   mgl_glBindVertexArray(vao);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b[0]);
   mgl_glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   mgl_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   mgl_glEnableVertexAttribArray(0);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[1]);
   mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   fake_clear();
   const GLint first[5] = {0, 3, 6, 0, 4};
   const GLsizei count[5] = {0, 3, 0, 3, 0};
   mgl_glMultiDrawArrays(GL_TRIANGLES, first, count, 5);
   const GLsizei one[3] = {0, 0, 3};
   const void *at[3] = {NULL, NULL, (const void *)4};
   const GLint bv[3] = {0, 0, 7};
   mgl_glMultiDrawElementsBaseVertex(GL_TRIANGLES, one, GL_UNSIGNED_SHORT, at, 3, bv);
   mgl_glMultiDrawArrays(GL_TRIANGLES, first, count, 1); /* nothing drawn: nothing sent */
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 2);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 0);
   struct mgp_draw_vbo a;
   memcpy(&a, fake_find(MGP_CALL_draw_vbo, 0)->args, sizeof(a));
   CHECK(a.draw_id_offset == 1 && a.num_draws == 3);
   const struct mgp_draw_range *r = fake_find(MGP_CALL_draw_vbo, 0)->tail;
   CHECK(r && r[0].start == 3 && r[0].count == 3 && r[1].count == 0 && r[2].start == 0 &&
         r[2].count == 3);
   memcpy(&a, fake_find(MGP_CALL_draw_vbo, 1)->args, sizeof(a));
   CHECK(a.draw_id_offset == 2 && a.num_draws == 1 && a.index_size == 2);
   r = fake_find(MGP_CALL_draw_vbo, 1)->tail;
   CHECK(r && r[0].start == 2 && r[0].count == 3 && r[0].index_bias == 7);
   mgl_glDeleteBuffers(2, b);
   mgl_glDeleteVertexArrays(1, &vao);
   env_finish(&e);
}

/* The robust reads (ARB/KHR_robustness): bufSize in bytes, INVALID_OPERATION when the value
 * does not fit, a negative bufSize included; glGetnUniformdvARB converts (GLSL 3.30 has no
 * double uniforms). */
static void
test_robust_uniform_reads(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   struct fake_program fp = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_uniforms = 3,
      .uniforms = {{"v", GL_FLOAT_VEC3, 1}, {"i", GL_INT, 1}, {"u", GL_UNSIGNED_INT, 1}},
   };
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLint v = mgl_glGetUniformLocation(prog, "v");
   GLint i = mgl_glGetUniformLocation(prog, "i");
   GLint u = mgl_glGetUniformLocation(prog, "u");
   mgl_glUniform3f(v, 1.5f, -2.0f, 0.25f);
   mgl_glUniform1i(i, -7);
   mgl_glUniform1ui(u, 4000000000u);
   CHECK_ERR(GL_NO_ERROR);
   GLdouble d[4] = {9, 9, 9, 9};
   mgl_glGetnUniformdvARB(prog, v, sizeof(d), d);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(d[0] == 1.5 && d[1] == -2.0 && d[2] == 0.25 && d[3] == 9);
   mgl_glGetnUniformdvARB(prog, i, sizeof(GLdouble), d);
   CHECK(d[0] == -7.0);
   mgl_glGetnUniformdvARB(prog, u, sizeof(GLdouble), d);
   CHECK(d[0] == 4000000000.0);
   CHECK_ERR(GL_NO_ERROR);
   d[0] = 9;
   mgl_glGetnUniformdvARB(prog, v, 2 * sizeof(GLdouble), d); /* three doubles needed */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetnUniformdvARB(prog, i, -1, d);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK(d[0] == 9);
   mgl_glGetnUniformdvARB(prog, 99, sizeof(d), d);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetnUniformdvARB(prog + 100, v, sizeof(d), d);
   CHECK_ERR(GL_INVALID_VALUE);
   GLfloat f[4] = {9, 9, 9, 9};
   mgl_glGetnUniformfv(prog, v, -1, f);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK(f[0] == 9);
   mgl_glGetnUniformfv(prog, v, 3 * sizeof(GLfloat), f);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(f[0] == 1.5f && f[2] == 0.25f);
   env_finish(&e);
}

/* ARB_gpu_shader_fp64 (GL 4.0 7.6.1): glUniform*d loads double uniforms only and nothing else
 * takes them (a bool included); the values keep double precision in the shadow, at the std140
 * offsets (8 bytes a component), and glGetUniform* read them converted. */
static void
test_double_uniforms(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   struct fake_program fp = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_uniforms = 6,
      .uniforms = {{"d", GL_DOUBLE, 1},
                   {"dv", GL_DOUBLE_VEC3, 1},
                   {"dm", GL_DOUBLE_MAT2x3, 1},
                   {"da", GL_DOUBLE, 3},
                   {"f", GL_FLOAT, 1},
                   {"b", GL_BOOL, 1}},
   };
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   const GLint d = mgl_glGetUniformLocation(prog, "d"), dv = mgl_glGetUniformLocation(prog, "dv"),
               dm = mgl_glGetUniformLocation(prog, "dm"),
               da2 = mgl_glGetUniformLocation(prog, "da[2]"),
               f = mgl_glGetUniformLocation(prog, "f"), b = mgl_glGetUniformLocation(prog, "b");
   CHECK(d >= 0 && dv >= 0 && dm >= 0 && da2 >= 0 && f >= 0 && b >= 0);
   const double fine = 1.0 + 1e-12; /* not a float */
   mgl_glUniform1d(d, fine);
   CHECK_ERR(GL_NO_ERROR);
   GLdouble got[8] = {0};
   mgl_glGetUniformdv(prog, d, got);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(got[0] == fine);
   GLfloat gf = 0;
   mgl_glGetUniformfv(prog, d, &gf);
   CHECK(gf == 1.0f);
   GLint gi = 0;
   mgl_glUniform1d(d, -2.5);
   mgl_glGetUniformiv(prog, d, &gi);
   CHECK_EQ(gi, -3); /* rounded as a float is */
   mgl_glUniform1d(d, fine);
   /* the type must match: no float, int or uint command loads a double, no *d anything else */
   mgl_glUniform1f(d, 1.0f);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform1i(d, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform1ui(d, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform1d(f, 1.0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform1d(b, 1.0); /* a bool takes *f, *i and *ui, not *d */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform2d(d, 1.0, 2.0); /* size */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform4d(dv, 1.0, 2.0, 3.0, 4.0);
   CHECK_ERR(GL_INVALID_OPERATION);
   const GLdouble two[2] = {3.0, 4.0};
   mgl_glUniform1dv(d, 2, two); /* count > 1 for a non-array */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform1dv(d, -1, two);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glUniform1d(-1, 1.0); /* -1 is silently ignored */
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetUniformdv(prog, d, got);
   CHECK(got[0] == fine); /* nothing above changed it */
   mgl_glUniform3d(dv, 0.5, -1.0 / 3.0, 1e300);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetUniformdv(prog, dv, got);
   CHECK(got[0] == 0.5 && got[1] == -1.0 / 3.0 && got[2] == 1e300);
   /* matrices: the double command of the right shape only */
   const GLdouble m[6] = {1, 2, 3, 4, 5, 6}; /* column-major 2x3: columns (1,2,3), (4,5,6) */
   const GLdouble mt[6] = {1, 4, 2, 5, 3, 6};
   const GLfloat mf[6] = {1, 2, 3, 4, 5, 6};
   mgl_glUniformMatrix2x3fv(dm, 1, GL_FALSE, mf);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniformMatrix3x2dv(dm, 1, GL_FALSE, m);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniformMatrix2x3dv(dv, 1, GL_FALSE, m);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniformMatrix2x3dv(dm, 1, GL_TRUE, mt);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetUniformdv(prog, dm, got);
   for (int i = 0; i < 6; i++)
      CHECK(got[i] == m[i]);
   /* arrays: from the location's element on, clamped at the end */
   const GLdouble three[3] = {0.125, 7.0, 8.0};
   mgl_glUniform1dv(da2, 3, three);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetUniformdv(prog, da2, got);
   CHECK(got[0] == 0.125);
   /* the robust read counts doubles */
   got[0] = 9;
   mgl_glGetnUniformdv(prog, dv, 2 * sizeof(GLdouble), got);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK(got[0] == 9);
   mgl_glGetnUniformdv(prog, dv, 3 * sizeof(GLdouble), got);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(got[2] == 1e300);
   /* what reaches the server: the doubles' 8 bytes at their std140 offsets (the fake's layout:
    * d at 0, dv at 16, dm's columns at 48 and 80, da at 112 + 16 k) */
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   const struct fake_rec *r = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(r != NULL);
   if (r) {
      const struct mgp_set_global_constants *a = (const void *)r->args;
      CHECK_EQ(a->offset, 0);
      CHECK(r->data_size >= 160);
      double at[20];
      memcpy(at, r->data, sizeof(at));
      CHECK(at[0] == fine);
      CHECK(at[2] == 0.5 && at[3] == -1.0 / 3.0 && at[4] == 1e300);
      CHECK(at[6] == 1 && at[7] == 2 && at[8] == 3 && at[10] == 4 && at[11] == 5 && at[12] == 6);
      CHECK(at[18] == 0.125);
   }
   env_finish(&e);
}

static void
test_uniform_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   struct fake_program fp = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_uniforms = 3,
      .uniforms = {{"f", GL_FLOAT, 1}, {"v", GL_FLOAT_VEC3, 1}, {"i", GL_INT, 1}},
      .num_samplers = 2,
      .samplers = {{"tex", GL_SAMPLER_2D, 1}, {"cube", GL_SAMPLER_CUBE, 1}},
   };
   GLuint prog = make_program(&fp);
   GLint f = mgl_glGetUniformLocation(prog, "f");
   GLint v = mgl_glGetUniformLocation(prog, "v");
   GLint i = mgl_glGetUniformLocation(prog, "i");
   GLint tex = mgl_glGetUniformLocation(prog, "tex");
   GLint cube = mgl_glGetUniformLocation(prog, "cube");
   CHECK(f >= 0 && v >= 0 && i >= 0 && tex >= 0 && cube >= 0);
   mgl_glUniform1f(f, 1.0f); /* no current program */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUseProgram(prog);
   mgl_glUniform1f(tex, 1.0f); /* float into a sampler */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform1i(tex, 3);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glUniform1i(tex, 4000); /* not a texture unit */
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glUniform2f(v, 1, 2); /* size mismatch */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform1i(f, 1); /* int into a float */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform1f(i, 1.0f); /* float into an int */
   CHECK_ERR(GL_INVALID_OPERATION);
   GLfloat two[2] = {1, 2};
   mgl_glUniform1fv(f, 2, two); /* count > 1 for a non-array */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform1fv(f, -1, two);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glUniformMatrix2fv(f, 1, GL_FALSE, two);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform1f(-1, 1.0f); /* -1 is silently ignored */
   CHECK_ERR(GL_NO_ERROR);
   mgl_glUniform1f(1000, 1.0f);
   CHECK_ERR(GL_INVALID_OPERATION);
   GLint unit = -1;
   mgl_glGetUniformiv(prog, tex, &unit);
   CHECK_EQ(unit, 3);
   /* a float read as an integer is rounded to the nearest (GL 4.6 §2.2.2), clamped to range */
   GLint fi = 0;
   GLuint fu = 0;
   mgl_glUniform1f(f, -3.9f);
   mgl_glGetUniformiv(prog, f, &fi);
   CHECK_EQ(fi, -4);
   mgl_glUniform1f(f, 1.6f);
   mgl_glGetUniformuiv(prog, f, &fu);
   CHECK_EQ(fu, 2u);
   mgl_glUniform1f(f, 3e9f);
   mgl_glGetUniformiv(prog, f, &fi);
   CHECK_EQ(fi, INT32_MAX);
   mgl_glGetnUniformiv(prog, f, sizeof(fi), &fi);
   CHECK_EQ(fi, INT32_MAX);
   mgl_glUniform1f(f, -2.5f);
   mgl_glGetnUniformiv(prog, f, sizeof(fi), &fi);
   CHECK_EQ(fi, -3);
   CHECK_ERR(GL_NO_ERROR);
   /* two sampler types on one unit: the draw is an error */
   mgl_glUniform1i(cube, 3);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 0);
   mgl_glUniform1i(cube, 4);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 1);
   env_finish(&e);
}

/* glUniform* of every shape the word-for-word store takes (a float, int or uint vector, an
 * untransposed column-major mat4, count 1) beside the calls it leaves to the general path: the
 * same shape of another kind, transposed, count 0 or > 1, an array's element and its tail, a
 * bool, the other program's location, glProgramUniform. Values read back with glGetUniform*. */
static void
test_uniform_shapes(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   struct fake_program fp = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_uniforms = 6,
      .uniforms = {{"v", GL_FLOAT_VEC4, 1},
                   {"iv", GL_INT_VEC4, 1},
                   {"uv", GL_UNSIGNED_INT_VEC3, 1},
                   {"m", GL_FLOAT_MAT4, 1},
                   {"arr", GL_FLOAT_VEC4, 2},
                   {"bv", GL_BOOL_VEC4, 1}},
   };
   const GLuint prog = make_program(&fp);
   const GLuint other = make_program(&fp);
   const GLint v = mgl_glGetUniformLocation(prog, "v"), iv = mgl_glGetUniformLocation(prog, "iv"),
               uv = mgl_glGetUniformLocation(prog, "uv"), m = mgl_glGetUniformLocation(prog, "m"),
               arr1 = mgl_glGetUniformLocation(prog, "arr[1]"),
               arr0 = mgl_glGetUniformLocation(prog, "arr"),
               bv = mgl_glGetUniformLocation(prog, "bv");
   CHECK(v >= 0 && iv >= 0 && uv >= 0 && m >= 0 && arr1 >= 0 && arr0 >= 0 && bv >= 0);
   CHECK_EQ(mgl_glGetUniformLocation(other, "v"), v);
   mgl_glUseProgram(prog);
   GLfloat f[16];
   GLint i[4];
   mgl_glUniform4f(v, 1, 2, 3, 4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetUniformfv(prog, v, f);
   CHECK(f[0] == 1 && f[1] == 2 && f[2] == 3 && f[3] == 4);
   /* the vector's size but another kind; count > 1 on a non-array; a negative count */
   mgl_glUniform4i(v, 9, 9, 9, 9);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform4ui(iv, 9, 9, 9, 9);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform3i(uv, 9, 9, 9);
   CHECK_ERR(GL_INVALID_OPERATION);
   const GLfloat eight[8] = {5, 6, 7, 8, 9, 10, 11, 12};
   mgl_glUniform4fv(v, 2, eight);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUniform4fv(v, -1, eight);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glUniform4fv(v, 0, eight); /* nothing, no error */
   CHECK_ERR(GL_NO_ERROR);
   mgl_glUniformMatrix2fv(v, 1, GL_FALSE, eight); /* a matrix call on a vector */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetUniformfv(prog, v, f);
   CHECK(f[0] == 1 && f[1] == 2 && f[2] == 3 && f[3] == 4);
   mgl_glUniform4i(iv, -1, 2, -3, 4);
   mgl_glUniform3ui(uv, 7, 8, 4000000000u);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetUniformiv(prog, iv, i);
   CHECK(i[0] == -1 && i[1] == 2 && i[2] == -3 && i[3] == 4);
   GLuint u3[3];
   mgl_glGetUniformuiv(prog, uv, u3);
   CHECK(u3[0] == 7 && u3[1] == 8 && u3[2] == 4000000000u);
   /* a mat4: as given, then transposed (the general path) */
   GLfloat mat[16];
   for (int k = 0; k < 16; k++)
      mat[k] = (GLfloat)k;
   mgl_glUniformMatrix4fv(m, 1, GL_FALSE, mat);
   mgl_glGetUniformfv(prog, m, f);
   CHECK(!memcmp(f, mat, sizeof(mat)));
   mgl_glUniformMatrix4fv(m, 1, GL_TRUE, mat);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetUniformfv(prog, m, f);
   CHECK(f[1] == 4 && f[4] == 1 && f[3] == 12 && f[12] == 3 && f[15] == 15);
   mgl_glUniform4f(m, 1, 2, 3, 4); /* a vector call on a matrix */
   CHECK_ERR(GL_INVALID_OPERATION);
   /* an array's element alone; from element 1, count 3 stores the one element left */
   mgl_glUniform4fv(arr0, 2, eight);
   mgl_glUniform4f(arr1, -1, -2, -3, -4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetUniformfv(prog, arr0, f);
   mgl_glGetUniformfv(prog, arr1, f + 4);
   CHECK(f[0] == 5 && f[3] == 8 && f[4] == -1 && f[7] == -4);
   const GLfloat twelve[12] = {20, 21, 22, 23, 30, 31, 32, 33, 40, 41, 42, 43};
   mgl_glUniform4fv(arr1, 3, twelve);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetUniformfv(prog, arr1, f);
   CHECK(f[0] == 20 && f[3] == 23);
   mgl_glGetUniformfv(prog, arr0, f);
   CHECK(f[0] == 5 && f[3] == 8);
   /* a bool vector takes *f and *i, converted to 0 or 1 */
   mgl_glUniform4f(bv, 0.5f, 0.0f, -2.0f, 0.0f);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetUniformiv(prog, bv, i);
   CHECK(i[0] == 1 && i[1] == 0 && i[2] == 1 && i[3] == 0);
   /* the same location after glUseProgram(other) stores into other's, not prog's */
   mgl_glUseProgram(other);
   mgl_glUniform4f(v, 7, 7, 7, 7);
   mgl_glGetUniformfv(other, v, f);
   CHECK(f[0] == 7 && f[3] == 7);
   mgl_glGetUniformfv(prog, v, f);
   CHECK(f[0] == 1 && f[3] == 4);
   /* glProgramUniform: the named program's, errors as glUniform's */
   mgl_glProgramUniform4f(prog, v, 3, 3, 3, 3);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetUniformfv(prog, v, f);
   CHECK(f[0] == 3 && f[3] == 3);
   mgl_glGetUniformfv(other, v, f);
   CHECK(f[0] == 7);
   mgl_glProgramUniform4i(prog, v, 1, 1, 1, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glProgramUniform4fv(prog, v, 2, eight);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glProgramUniform4f(prog, -1, 1, 1, 1, 1);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glProgramUniform4f(prog, 1000, 1, 1, 1, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   /* no program: an error whatever the location */
   mgl_glUseProgram(0);
   mgl_glUniform4f(v, 1, 1, 1, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetUniformfv(prog, v, f);
   CHECK(f[0] == 3);
   env_finish(&e);
}

static void
test_program_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   CHECK_EQ(mgl_glCreateShader(0x1234), 0);
   CHECK_ERR(GL_INVALID_ENUM);
   GLuint sh = mgl_glCreateShader(GL_FRAGMENT_SHADER);
   const char *bad = "COMPILE_ERROR";
   mgl_glShaderSource(sh, 1, &bad, NULL);
   mgl_glCompileShader(sh);
   GLint ok = 1, len = 0;
   mgl_glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   mgl_glGetShaderiv(sh, GL_INFO_LOG_LENGTH, &len);
   CHECK(!ok && len > 1);
   GLuint prog = mgl_glCreateProgram();
   mgl_glGetProgramiv(sh, GL_LINK_STATUS, &ok); /* a shader name */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetProgramiv(9999, GL_LINK_STATUS, &ok); /* not a name */
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glAttachShader(prog, sh);
   mgl_glAttachShader(prog, sh);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glLinkProgram(prog);
   mgl_glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   CHECK(!ok);
   mgl_glUseProgram(prog);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(mgl_glGetUniformLocation(prog, "x"), -1);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindAttribLocation(prog, 0, "gl_Vertex");
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindAttribLocation(prog, 99, "pos");
   CHECK_ERR(GL_INVALID_VALUE);
   /* a shader deleted while attached lives until detached */
   mgl_glDeleteShader(sh);
   CHECK(mgl_glIsShader(sh));
   mgl_glGetShaderiv(sh, GL_DELETE_STATUS, &ok);
   CHECK(ok);
   mgl_glDetachShader(prog, sh);
   CHECK(!mgl_glIsShader(sh));
   /* a program in use is deleted when no longer used */
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   GLuint good = make_program(&fp);
   mgl_glUseProgram(good);
   mgl_glDeleteProgram(good);
   CHECK(mgl_glIsProgram(good));
   mgl_glUseProgram(0);
   CHECK(!mgl_glIsProgram(good));
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* ARB_shader_subroutine (GL 4.6 7.10): the queries' and glUniformSubroutinesuiv's errors, the
 * values it sets and their reset by glUseProgram (fake_glsl.h's fragment subroutines). */
static void
test_subroutine_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}, .subroutines = true};
   GLuint prog = make_program(&fp);
   const GLuint red = 0, blue = 1, half = 2;
   GLuint set[3] = {blue, half, half};
   mgl_glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, set);
   CHECK_ERR(GL_INVALID_OPERATION); /* no current program */
   GLuint got = 99;
   mgl_glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 0, &got);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glUseProgram(prog);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glUniformSubroutinesuiv(GL_VERTEX_SHADER + 1, 3, set);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 2, set);
   CHECK_ERR(GL_INVALID_VALUE); /* count is not GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS */
   mgl_glUniformSubroutinesuiv(GL_GEOMETRY_SHADER, 0, set);
   CHECK_ERR(GL_INVALID_OPERATION); /* no geometry stage */
   GLuint incompatible[3] = {half, half, half};
   mgl_glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, incompatible);
   CHECK_ERR(GL_INVALID_OPERATION);
   GLuint unknown[3] = {red, 7, half};
   mgl_glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, unknown);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 0, &got);
   CHECK_EQ(got, red); /* the refused calls changed nothing */
   mgl_glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, set);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 0, &got);
   CHECK_EQ(got, blue);
   mgl_glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 2, &got);
   CHECK_EQ(got, half);
   mgl_glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 3, &got);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glUseProgram(prog); /* resets the values, even for the current program */
   mgl_glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 0, &got);
   CHECK_EQ(got, red);

   CHECK_EQ(mgl_glGetSubroutineIndex(prog, GL_FRAGMENT_SHADER, "blue"), blue);
   CHECK_EQ(mgl_glGetSubroutineIndex(prog, GL_FRAGMENT_SHADER, "green"), GL_INVALID_INDEX);
   CHECK_EQ(mgl_glGetSubroutineIndex(prog, GL_VERTEX_SHADER, "blue"), GL_INVALID_INDEX);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(mgl_glGetSubroutineIndex(prog, GL_TEXTURE_2D, "blue"), GL_INVALID_INDEX);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_EQ(mgl_glGetSubroutineIndex(prog + 100, GL_FRAGMENT_SHADER, "blue"), GL_INVALID_INDEX);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_EQ(mgl_glGetSubroutineUniformLocation(prog, GL_FRAGMENT_SHADER, "u_scale"), 1);
   CHECK_EQ(mgl_glGetSubroutineUniformLocation(prog, GL_FRAGMENT_SHADER, "u_scale[1]"), 2);
   CHECK_EQ(mgl_glGetSubroutineUniformLocation(prog, GL_FRAGMENT_SHADER, "u_scale[2]"), -1);
   CHECK_EQ(mgl_glGetSubroutineUniformLocation(prog, GL_FRAGMENT_SHADER, "u_color[0]"), -1);
   CHECK_ERR(GL_NO_ERROR);

   GLint v = -1;
   mgl_glGetProgramStageiv(prog, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINES, &v);
   CHECK_EQ(v, 3);
   mgl_glGetProgramStageiv(prog, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORMS, &v);
   CHECK_EQ(v, 2);
   mgl_glGetProgramStageiv(prog, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS, &v);
   CHECK_EQ(v, 3);
   mgl_glGetProgramStageiv(prog, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_MAX_LENGTH, &v);
   CHECK_EQ(v, 5); /* "blue" */
   mgl_glGetProgramStageiv(prog, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINE_UNIFORM_MAX_LENGTH, &v);
   CHECK_EQ(v, 11); /* "u_scale[0]" */
   mgl_glGetProgramStageiv(prog, GL_VERTEX_SHADER, GL_ACTIVE_SUBROUTINES, &v);
   CHECK_EQ(v, 0);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetProgramStageiv(prog, GL_FRAGMENT_SHADER, GL_LINK_STATUS, &v);
   CHECK_ERR(GL_INVALID_ENUM);

   char name[16];
   GLsizei len = -1;
   mgl_glGetActiveSubroutineName(prog, GL_FRAGMENT_SHADER, half, sizeof(name), &len, name);
   CHECK(len == 4 && !strcmp(name, "half"));
   mgl_glGetActiveSubroutineName(prog, GL_FRAGMENT_SHADER, 3, sizeof(name), &len, name);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetActiveSubroutineUniformName(prog, GL_FRAGMENT_SHADER, 1, 4, &len, name);
   CHECK(len == 3 && !strcmp(name, "u_s")); /* truncated to the buffer */
   mgl_glGetActiveSubroutineUniformName(prog, GL_FRAGMENT_SHADER, 2, sizeof(name), &len, name);
   CHECK_ERR(GL_INVALID_VALUE); /* an index, not a location */
   GLint compat[4] = {-1, -1, -1, -1};
   mgl_glGetActiveSubroutineUniformiv(prog, GL_FRAGMENT_SHADER, 0, GL_NUM_COMPATIBLE_SUBROUTINES,
                                      &v);
   CHECK_EQ(v, 2);
   mgl_glGetActiveSubroutineUniformiv(prog, GL_FRAGMENT_SHADER, 0, GL_COMPATIBLE_SUBROUTINES,
                                      compat);
   CHECK(compat[0] == (GLint)red && compat[1] == (GLint)blue && compat[2] == -1);
   mgl_glGetActiveSubroutineUniformiv(prog, GL_FRAGMENT_SHADER, 1, GL_UNIFORM_SIZE, &v);
   CHECK_EQ(v, 2);
   mgl_glGetActiveSubroutineUniformiv(prog, GL_FRAGMENT_SHADER, 1, GL_UNIFORM_NAME_LENGTH, &v);
   CHECK_EQ(v, 11);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetActiveSubroutineUniformiv(prog, GL_FRAGMENT_SHADER, 1, GL_UNIFORM_TYPE, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetActiveSubroutineUniformiv(prog, GL_FRAGMENT_SHADER, 2, GL_UNIFORM_SIZE, &v);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetIntegerv(GL_MAX_SUBROUTINES, &v);
   CHECK_EQ(v, 256);
   mgl_glGetIntegerv(GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS, &v);
   CHECK_EQ(v, 1024);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* Geometry shaders: program queries and the draw-time check of the draw mode against the GS
 * input primitive (GL 3.3, 2.12.1 / 6.1.16). */
/* An image uniform's value is a unit below GL_MAX_IMAGE_UNITS, the device's (the fake caps' 8),
 * not the front end's own array size (GL 4.6 7.6.1: glUniform1i with a value past it is
 * GL_INVALID_VALUE). NVIDIA's GLES host has 8 units: image_errors failed there. */
static void
test_image_uniform_units(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   struct fake_program fp = {
      .num_inputs = 1, .inputs = {"pos"}, .num_images = 1, .images = {{"img", GL_IMAGE_2D, 0}}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLint units = 0;
   mgl_glGetIntegerv(GL_MAX_IMAGE_UNITS, &units);
   CHECK_EQ(units, 8);
   const GLint loc = mgl_glGetUniformLocation(prog, "img");
   CHECK(loc >= 0);
   mgl_glUniform1i(loc, units - 1);
   CHECK_ERR(GL_NO_ERROR);
   GLint v = -1;
   mgl_glGetUniformiv(prog, loc, &v);
   CHECK_EQ(v, units - 1);
   mgl_glUniform1i(loc, units);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glUniform1i(loc, -1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetUniformiv(prog, loc, &v);
   CHECK_EQ(v, units - 1);
   env_finish(&e);
}

static void
test_geometry_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   GLuint plain = make_program(&fp);
   GLint v = -1;
   mgl_glGetProgramiv(plain, GL_GEOMETRY_INPUT_TYPE, &v); /* no geometry shader linked */
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(v, -1);

   fp.gs_input = GL_LINES_ADJACENCY;
   fp.gs_output = GL_TRIANGLE_STRIP;
   fp.gs_vertices_out = 7;
   fake_glsl_next(&fp);
   const char *src = "#version 150 core\nvoid main() {}\n";
   GLuint sh[3] = {mgl_glCreateShader(GL_VERTEX_SHADER), mgl_glCreateShader(GL_GEOMETRY_SHADER),
                   mgl_glCreateShader(GL_FRAGMENT_SHADER)};
   CHECK_ERR(GL_NO_ERROR);
   GLuint prog = mgl_glCreateProgram();
   for (int i = 0; i < 3; i++) {
      mgl_glShaderSource(sh[i], 1, &src, NULL);
      mgl_glCompileShader(sh[i]);
      mgl_glAttachShader(prog, sh[i]);
   }
   GLint type = 0;
   mgl_glGetShaderiv(sh[1], GL_SHADER_TYPE, &type);
   CHECK_EQ(type, GL_GEOMETRY_SHADER);
   mgl_glLinkProgram(prog);
   GLint ok = 0;
   mgl_glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   CHECK(ok);
   mgl_glGetProgramiv(prog, GL_GEOMETRY_INPUT_TYPE, &v);
   CHECK_EQ(v, GL_LINES_ADJACENCY);
   mgl_glGetProgramiv(prog, GL_GEOMETRY_OUTPUT_TYPE, &v);
   CHECK_EQ(v, GL_TRIANGLE_STRIP);
   mgl_glGetProgramiv(prog, GL_GEOMETRY_VERTICES_OUT, &v);
   CHECK_EQ(v, 7);
   CHECK_ERR(GL_NO_ERROR);

   mgl_glUseProgram(prog);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDrawArrays(GL_LINES, 0, 2);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 0);
   mgl_glDrawArrays(GL_LINES_ADJACENCY, 0, 4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDrawArrays(GL_LINE_STRIP_ADJACENCY, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 2);
   /* Without the geometry shader every mode is fine again. */
   mgl_glUseProgram(plain);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 3);
   env_finish(&e);
}

static void
test_state_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   mgl_glEnable(GL_TEXTURE_2D); /* not a core capability */
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK(!mgl_glIsEnabled(0x1234));
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glViewport(0, 0, -1, 4);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glScissor(0, 0, 4, -4);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glScissor(0, 0, 0, 0);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDepthFunc(GL_ZERO);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glPolygonMode(GL_FRONT, GL_LINE); /* core: FRONT_AND_BACK only */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glLineWidth(0.0f);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glStencilFuncSeparate(GL_LEFT, GL_ALWAYS, 0, 0);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glPixelStorei(GL_UNPACK_ALIGNMENT, 3);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glEnablei(GL_BLEND, 8);
   CHECK_ERR(GL_INVALID_VALUE);
   /* GL 4.0 per-buffer blending (ARB_draw_buffers_blend): the buffer index first, then enums;
    * one buffer's function and equation change, the others keep theirs. */
   mgl_glBlendFunci(8, GL_ONE, GL_ONE);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBlendFuncSeparatei(8, 0x1234, GL_ONE, GL_ONE, GL_ONE);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBlendFunci(1, GL_ONE, 0x1234);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBlendEquationi(1, GL_ONE);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBlendEquationSeparatei(8, GL_FUNC_ADD, GL_FUNC_ADD);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBlendFuncSeparatei(1, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_DST_ALPHA);
   mgl_glBlendEquationSeparatei(1, GL_FUNC_SUBTRACT, GL_MAX);
   CHECK_ERR(GL_NO_ERROR);
   {
      GLint v[8];
      const GLenum names[6] = {GL_BLEND_SRC_RGB,   GL_BLEND_DST_RGB,      GL_BLEND_SRC_ALPHA,
                               GL_BLEND_DST_ALPHA, GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA};
      const GLint want1[6] = {GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO,
                              GL_DST_ALPHA, GL_FUNC_SUBTRACT,       GL_MAX};
      const GLint want0[6] = {GL_ONE, GL_ZERO, GL_ONE, GL_ZERO, GL_FUNC_ADD, GL_FUNC_ADD};
      for (int k = 0; k < 6; k++) {
         mgl_glGetIntegeri_v(names[k], 1, &v[0]);
         mgl_glGetIntegeri_v(names[k], 0, &v[1]);
         mgl_glGetIntegerv(names[k], &v[2]);
         CHECK(v[0] == want1[k] && v[1] == want0[k] && v[2] == want0[k]);
      }
      mgl_glGetIntegeri_v(GL_BLEND_SRC, 1, &v[0]);
      CHECK(v[0] == GL_SRC_ALPHA);
      mgl_glGetIntegeri_v(GL_BLEND_EQUATION_RGB, 8, &v[0]);
      CHECK_ERR(GL_INVALID_VALUE);
      mgl_glBlendFunc(GL_ONE, GL_ZERO); /* every buffer again */
      mgl_glBlendEquation(GL_FUNC_ADD);
      mgl_glGetIntegeri_v(GL_BLEND_SRC_RGB, 1, &v[0]);
      mgl_glGetIntegeri_v(GL_BLEND_EQUATION_ALPHA, 1, &v[1]);
      CHECK(v[0] == GL_ONE && v[1] == GL_FUNC_ADD);
      CHECK_ERR(GL_NO_ERROR);
   }
   mgl_glActiveTexture(GL_TEXTURE0 + 48);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glClear(0x8000000);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glClearBufferiv(GL_DEPTH, 0, NULL);
   CHECK_ERR(GL_INVALID_ENUM);
   GLfloat c[4] = {0};
   mgl_glClearBufferfv(GL_COLOR, 8, c);
   CHECK_ERR(GL_INVALID_VALUE);
   uint8_t px[16];
   mgl_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, px);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glReadPixels(0, 0, 1, 1, 0x1234, GL_UNSIGNED_BYTE, px);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_ERR(GL_INVALID_VALUE);
   /* A pack layout whose size wraps 2^64: alignment 1, rows of 2^31 - 1 pixels, 2^30 rows
    * skipped and 2^30 + 2 read make (2^31 + 1) x 4 (2^31 - 1) + 16 = 2^64 + 12 bytes, which
    * wrapped to 12 passed the glReadnPixels check and staged 12 bytes for the server to fill. */
   mgl_glPixelStorei(GL_PACK_ALIGNMENT, 1);
   mgl_glPixelStorei(GL_PACK_ROW_LENGTH, 0x7fffffff);
   mgl_glPixelStorei(GL_PACK_SKIP_ROWS, 1 << 30);
   mgl_glReadnPixels(0, 0, 4, (1 << 30) + 2, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(px), px);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glPixelStorei(GL_PACK_SKIP_ROWS, 0);
   mgl_glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   mgl_glPixelStorei(GL_PACK_ALIGNMENT, 4);
   GLint vp[4];
   mgl_glGetIntegerv(GL_VIEWPORT, vp);
   CHECK(vp[2] == 16 && vp[3] == 16); /* first make-current sized it */
   mgl_glGetIntegerv(0x1234, vp);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK(mgl_glGetString(GL_EXTENSIONS) == NULL);
   CHECK_ERR(GL_INVALID_ENUM);
   GLint n = -1;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   CHECK(n > 0);
   CHECK(mgl_glGetStringi(GL_EXTENSIONS, (GLuint)n) == NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   bool fbo = false;
   for (GLint k = 0; k < n; k++)
      fbo |= !strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)k),
                     "GL_ARB_framebuffer_object");
   CHECK(fbo);
   /* GL_EXT_provoking_vertex is GL 3.2's provoking vertex under EXT names: advertised, its
    * command reachable and the same as core's, its query answered */
   bool ext_pv = false;
   for (GLint k = 0; k < n; k++)
      ext_pv |= !strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)k),
                        "GL_EXT_provoking_vertex");
   CHECK(ext_pv);
   void (*provoking_ext)(GLenum) = (void (*)(GLenum))fe_get_proc_address("glProvokingVertexEXT");
   CHECK(provoking_ext);
   GLint pv = 0;
   if (provoking_ext) {
      provoking_ext(GL_FIRST_VERTEX_CONVENTION);
      mgl_glGetIntegerv(GL_PROVOKING_VERTEX, &pv);
      CHECK(pv == GL_FIRST_VERTEX_CONVENTION);
      provoking_ext(GL_TRIANGLES);
      CHECK_ERR(GL_INVALID_ENUM);
      provoking_ext(GL_LAST_VERTEX_CONVENTION);
      mgl_glGetIntegerv(GL_PROVOKING_VERTEX, &pv);
      CHECK(pv == GL_LAST_VERTEX_CONVENTION);
   }
   /* GL 3.3 core dropped this state (3.2 core listed it by mistake; EXT_provoking_vertex
    * defines it only where quads exist): a core 3.3 context refuses the query. */
   GLboolean quads = 2;
   mgl_glGetBooleanv(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, &quads);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK(quads == 2);
   GLboolean mask[4];
   mgl_glColorMask(1, 0, 1, 0);
   mgl_glGetBooleanv(GL_COLOR_WRITEMASK, mask);
   CHECK(mask[0] && !mask[1] && mask[2] && !mask[3]);
   GLfloat cc[4];
   mgl_glClearColor(0.5f, 0, 0, 1);
   GLint ci[4];
   mgl_glGetFloatv(GL_COLOR_CLEAR_VALUE, cc);
   mgl_glGetIntegerv(GL_COLOR_CLEAR_VALUE, ci);
   CHECK(cc[0] == 0.5f && ci[3] == 2147483647);
   env_finish(&e);
}

/* GL_DEPTH_STENCIL data of a type that is not a packed depth/stencil type. GL 3.3 core §3.7.2
 * and compatibility §3.7.4 ("Transfer of Pixel Rectangles", every command taking or returning
 * pixel rectangles): "If format is DEPTH_STENCIL and type is not UNSIGNED_INT_24_8 or
 * FLOAT_32_UNSIGNED_INT_24_8_REV, then the error INVALID_ENUM occurs." A packed colour type is
 * the packed-pixel mismatch (GL_INVALID_OPERATION, as Mesa), and so is a packed depth/stencil
 * type with another format. ES 3.0 §3.8.3 raises GL_INVALID_OPERATION for a format/type
 * combination its table lacks. */
static void
test_depth_stencil_type_errors(void)
{
   static const enum fe_api apis[] = {FE_API_GL_CORE, FE_API_GL_COMPAT, FE_API_GLES};
   for (size_t i = 0; i < sizeof(apis) / sizeof(apis[0]); i++) {
      const bool es = apis[i] == FE_API_GLES;
      const GLenum not_packed = es ? GL_INVALID_OPERATION : GL_INVALID_ENUM;
      struct fe_test_env e;
      struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
      memset(&e, 0, sizeof(e));
      CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e.surf) == FE_OK);
      struct fe_context_desc d = {.api = apis[i], .major = 3, .minor = es ? 0 : 3, .format = f};
      CHECK(fe_context_create(&d, NULL, &e.ctx) == FE_OK);
      CHECK(fe_make_current(e.ctx, e.surf, e.surf) == FE_OK);
      GLuint px[4] = {0};
      mgl_glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_FLOAT, px);
      CHECK_ERR(not_packed);
      mgl_glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT, px);
      CHECK_ERR(not_packed);
      mgl_glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_SHORT_5_6_5, px);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glReadPixels(0, 0, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_INT_24_8, px);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, px);
      CHECK_ERR(GL_NO_ERROR);
      GLuint t;
      mgl_glGenTextures(1, &t);
      mgl_glBindTexture(GL_TEXTURE_2D, t);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0, GL_DEPTH_STENCIL,
                       GL_UNSIGNED_BYTE, NULL);
      CHECK_ERR(not_packed);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0, GL_DEPTH_STENCIL,
                       GL_UNSIGNED_INT_24_8, NULL);
      CHECK_ERR(GL_NO_ERROR);
      mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_DEPTH_STENCIL, GL_FLOAT, px);
      CHECK_ERR(not_packed);
      if (!es) {
         mgl_glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_SHORT, px);
         CHECK_ERR(GL_INVALID_ENUM);
      }
      if (apis[i] == FE_API_GL_COMPAT) {
         mgl_glDrawPixels(1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT, px);
         CHECK_ERR(GL_INVALID_ENUM);
         mgl_glDrawPixels(1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_24_8, px);
         CHECK_ERR(GL_INVALID_OPERATION);
         mgl_glDrawPixels(1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_SHORT_4_4_4_4, px);
         CHECK_ERR(GL_INVALID_OPERATION);
      }
      mgl_glDeleteTextures(1, &t);
      env_finish(&e);
   }
}

/* GL 3.3 §4.4.4: attachments whose GL_RENDERBUFFER_SAMPLES differ are
 * GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE, one sample against zero too (piglit's
 * ext_framebuffer_multisample-negative-mismatched-samples). */
static void
test_fbo_sample_mismatch(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLuint rb[2], fb;
   mgl_glGenRenderbuffers(2, rb);
   mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   mgl_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 0, GL_RGBA8, 8, 8);
   mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   mgl_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 1, GL_RGBA8, 8, 8);
   GLint samples = 0;
   mgl_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
   CHECK(samples >= 1);
   mgl_glGenFramebuffers(1, &fb);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   mgl_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   mgl_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb[1]);
   CHECK_EQ(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   mgl_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 0, GL_RGBA8, 8, 8);
   CHECK_EQ(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   mgl_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 8, 8);
   CHECK_EQ(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

static void
test_texture_fbo_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLuint t;
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(0x1234, t);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   mgl_glBindTexture(GL_TEXTURE_CUBE_MAP, t); /* another target */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_INVALID_VALUE); /* border */
   mgl_glTexImage2D(GL_TEXTURE_2D, -1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, 0x1234, NULL);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_INVALID_OPERATION); /* integer format from normalized data */
   mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_INVALID_OPERATION); /* level never defined */
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   uint8_t px[64] = {0};
   mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_REPEAT);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, -1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGenerateMipmap(GL_TEXTURE_2D);
   CHECK_ERR(GL_NO_ERROR);
   GLint w = 0;
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH, &w);
   CHECK_EQ(w, 1);
   /* proxies (GL 3.3 §3.8.15): an image that fits is recorded, one too large for the
    * implementation zeroes the state without an error; argument errors stay errors; the
    * bound texture is untouched */
   mgl_glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 64, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
   CHECK_EQ(w, 64);
   mgl_glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &w);
   CHECK_EQ(w, GL_RGBA8);
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
   CHECK_EQ(w, 4);
   mgl_glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 1 << 20, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    NULL);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
   CHECK_EQ(w, 0);
   mgl_glTexImage2D(GL_PROXY_TEXTURE_2D, -1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexSubImage2D(GL_PROXY_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 8, 8, GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &w);
   CHECK_EQ(w, 1);
   mgl_glTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    NULL);
   mgl_glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_TEXTURE_DEPTH, &w);
   CHECK_EQ(w, 3);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
   CHECK_ERR(GL_INVALID_OPERATION); /* the default framebuffer */
   GLuint fb;
   mgl_glGenFramebuffers(1, &fb);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X,
                              t, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + 9, GL_TEXTURE_2D, t, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, 0x1234, GL_TEXTURE_2D, t, 0);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDrawBuffer(GL_BACK);
   CHECK_ERR(GL_INVALID_OPERATION);
   /* GL 3.3 §4.2.1: FRONT, BACK, LEFT, RIGHT and FRONT_AND_BACK in DrawBuffers are
    * INVALID_ENUM for framebuffer objects and the default framebuffer alike */
   static const GLenum several[] = {GL_FRONT, GL_BACK, GL_LEFT, GL_RIGHT, GL_FRONT_AND_BACK};
   for (unsigned i = 0; i < 5; i++) {
      mgl_glDrawBuffers(1, &several[i]);
      CHECK_ERR(GL_INVALID_ENUM);
   }
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   for (unsigned i = 0; i < 5; i++) {
      mgl_glDrawBuffers(1, &several[i]);
      CHECK_ERR(GL_INVALID_ENUM);
   }
   const GLenum back_right = GL_BACK_RIGHT; /* one buffer, just not one this context has */
   mgl_glDrawBuffers(1, &back_right);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   mgl_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_ERR(GL_INVALID_FRAMEBUFFER_OPERATION);
   mgl_glCheckFramebufferStatus(0x1234);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, 42);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4); /* none bound */
   CHECK_ERR(GL_INVALID_OPERATION);
   GLuint rb;
   mgl_glGenRenderbuffers(1, &rb);
   mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   mgl_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB9_E5, 4, 4); /* not renderable */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, -1, 4);
   CHECK_ERR(GL_INVALID_VALUE);
   env_finish(&e);
}

/* A current 3.3 core context on a 16x16 pbuffer, LOSE_CONTEXT_ON_RESET or not. */
static void
lost_env_init(struct fe_test_env *e, bool lose)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   memset(e, 0, sizeof(*e));
   CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e->surf) == FE_OK);
   struct fe_context_desc d = {
      .api = FE_API_GL_CORE, .major = 3, .minor = 3, .format = f, .lose_context_on_reset = lose};
   CHECK(fe_context_create(&d, NULL, &e->ctx) == FE_OK);
   CHECK(fe_make_current(e->ctx, e->surf, e->surf) == FE_OK);
}

/* A lost session. LOSE_CONTEXT_ON_RESET: glGetError says GL_CONTEXT_LOST for the reset, then
 * for each verb issued on the lost context, and never by itself; the reset status says so
 * once. NO_RESET_NOTIFICATION (the default): never told (GL 4.5 §2.3.2). Either way the calls
 * are harmless and send nothing. */
static void
test_lost_context(bool lose)
{
   struct fe_test_env e;
   lost_env_init(&e, lose);
   GLint strategy = 0;
   mgl_glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &strategy);
   CHECK_EQ(strategy, lose ? GL_LOSE_CONTEXT_ON_RESET : GL_NO_RESET_NOTIFICATION);
   make_drawable();
   mgl_glBindBuffer(0x1234, 0);
   fake_set_failed(true);
   fake_clear();
   /* the next verb notices the loss and sends nothing */
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count(), 0);
   /* LOSE: the reset replaces the context's state, its pending error with it */
   CHECK_ERR(lose ? GL_CONTEXT_LOST : GL_INVALID_ENUM);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glClear(GL_COLOR_BUFFER_BIT);
   mgl_glEnable(GL_BLEND);
   uint8_t px[4];
   mgl_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(mgl_glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY) == NULL);
   /* The strings still answer (programs print them unchecked); a bad name is only NULL. */
   const GLubyte *version = mgl_glGetString(GL_VERSION);
   CHECK(version && !strcmp((const char *)version, "3.3 (Core Profile) mgl 0.1"));
   CHECK(mgl_glGetString(GL_VENDOR) && mgl_glGetString(GL_RENDERER) &&
         mgl_glGetString(GL_SHADING_LANGUAGE_VERSION));
   CHECK(mgl_glGetStringi(GL_EXTENSIONS, 0) != NULL);
   CHECK(mgl_glGetString(GL_EXTENSIONS) == NULL);
   CHECK(mgl_glGetStringi(GL_EXTENSIONS, 100000) == NULL);
   CHECK_EQ(fake_count(), 0);
   CHECK_ERR(lose ? GL_CONTEXT_LOST : GL_NO_ERROR);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(mgl_glGetGraphicsResetStatus(), lose ? GL_UNKNOWN_CONTEXT_RESET : GL_NO_ERROR);
   CHECK_EQ(mgl_glGetGraphicsResetStatus(), GL_NO_ERROR);
   CHECK(fe_swap_buffers(e.ctx, e.surf) == FE_CONTEXT_LOST);
   fake_set_failed(false);
   env_finish(&e);
}

/* The loss check at every verb (fe_ctx_lost) tests the words the session hands it with no
 * call: monolith's two (the client's failure, the server's Fatal), the ring arms' four (those,
 * the screen encoder's failure and the ring's failed word). Each one set alone makes the next
 * verb send nothing and say GL_CONTEXT_LOST; a word left out of the test fails here. */
static void
test_lost_word(enum mgt_fail_check check, enum fake_fail_word word)
{
   fake_set_fail_check(check);
   struct fe_test_env e;
   lost_env_init(&e, true);
   make_drawable();
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   /* live: the draw went out */
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo) + fake_count_of(MGP_CALL_draw), 1);
   CHECK_ERR(GL_NO_ERROR);
   fake_set_fail_word(word, true);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   if (fake_count() != 0)
      fprintf(stderr, "fail check %d, word %d: the verb did not see the loss\n", (int)check,
              (int)word);
   CHECK_EQ(fake_count(), 0);
   CHECK_ERR(GL_CONTEXT_LOST);
   fake_set_fail_word(word, false);
   env_finish(&e);
   fake_set_fail_check(MGT_FAIL_ASK);
}

/* KHR_no_error contexts record no errors. */
static void
test_no_error_context(void)
{
   struct fe_surface_format f = {8, 8, 8, 8, 0, 0, 0, 0};
   struct fe_surface *s;
   struct fe_context *ctx;
   CHECK(fe_surface_create_pbuffer(&f, 8, 8, &s) == FE_OK);
   struct fe_context_desc d = {
      .api = FE_API_GL_CORE, .major = 3, .minor = 3, .no_error = true, .format = f};
   CHECK(fe_context_create(&d, NULL, &ctx) == FE_OK);
   CHECK(fe_make_current(ctx, s, s) == FE_OK);
   mgl_glBindBuffer(0x1234, 0);
   CHECK_ERR(GL_NO_ERROR);
   GLint flags = 0;
   mgl_glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
   CHECK(flags & GL_CONTEXT_FLAG_NO_ERROR_BIT);
   fe_make_current(NULL, NULL, NULL);
   fe_context_destroy(ctx);
   fe_surface_destroy(s);
   /* GLES and GL > 3.3 are refused */
   d.api = FE_API_GLES;
   CHECK(fe_context_create(&d, NULL, &ctx) == FE_BAD_MATCH);
   d.api = FE_API_GL_CORE;
   d.major = 4;
   CHECK(fe_context_create(&d, NULL, &ctx) == FE_BAD_MATCH);
   fake_clear();
}

/* Share groups: objects are visible across contexts; a context current elsewhere is refused. */
static void
test_share_group(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLuint b;
   mgl_glGenBuffers(1, &b);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b);
   struct fe_context *c2;
   struct fe_context_desc d = {
      .api = FE_API_GL_CORE, .major = 3, .minor = 3, .format = e.surf->format};
   CHECK(fe_context_create(&d, e.ctx, &c2) == FE_OK);
   CHECK(c2->share == e.ctx->share);
   CHECK(fe_make_current(c2, e.surf, e.surf) == FE_OK);
   CHECK(mgl_glIsBuffer(b));
   GLuint vao;
   mgl_glGenVertexArrays(1, &vao); /* containers are per context */
   mgl_glBindVertexArray(vao);
   CHECK(mgl_glIsVertexArray(vao));
   fe_make_current(e.ctx, e.surf, e.surf);
   CHECK(!mgl_glIsVertexArray(vao));
   fe_context_destroy(c2);
   env_finish(&e);
}

/* glBindTexture finds a name's object in the context's bind cache without the share group's
 * lock (fe_texture_unit.c): the names bound last give their own objects again, and a name
 * another context of the group deleted and made again (another target) is the new object
 * here, while this context's binding keeps the old one alive. */
static void
test_texture_bind_cache_share(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLuint t[2];
   GLint bound = -1;
   mgl_glGenTextures(2, t);
   for (int k = 0; k < 4; k++) { /* each name's object again, from the cache after the first */
      mgl_glBindTexture(GL_TEXTURE_2D, t[k % 2]);
      mgl_glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
      CHECK_EQ(bound, (GLint)t[k % 2]);
   }
   CHECK_ERR(GL_NO_ERROR);
   struct fe_context *c2;
   struct fe_context_desc d = {
      .api = FE_API_GL_CORE, .major = 3, .minor = 3, .format = e.surf->format};
   CHECK(fe_context_create(&d, e.ctx, &c2) == FE_OK);
   CHECK(fe_make_current(c2, e.surf, e.surf) == FE_OK);
   mgl_glDeleteTextures(1, &t[1]); /* bound in the first context: its object stays there */
   GLuint again = 0;
   mgl_glGenTextures(1, &again);
   CHECK_EQ(again, t[1]);
   mgl_glBindTexture(GL_TEXTURE_3D, again);
   CHECK_ERR(GL_NO_ERROR);
   fe_make_current(e.ctx, e.surf, e.surf);
   mgl_glBindTexture(GL_TEXTURE_2D, t[0]);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBindTexture(GL_TEXTURE_2D, again); /* a 3D texture now */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
   CHECK_EQ(bound, (GLint)t[0]);
   mgl_glBindTexture(GL_TEXTURE_3D, again);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegerv(GL_TEXTURE_BINDING_3D, &bound);
   CHECK_EQ(bound, (GLint)again);
   /* deleted here: the name is none (core: GL_INVALID_OPERATION) */
   mgl_glDeleteTextures(1, &t[0]);
   mgl_glBindTexture(GL_TEXTURE_2D, t[0]);
   CHECK_ERR(GL_INVALID_OPERATION);
   fe_context_destroy(c2);
   env_finish(&e);
}

/* A call the backend leaves NULL (caps.call_mask) is never made: a fallback or a named
 * decline with the GL error a driver would give, never a crash. */
static void
clear_call(enum mgp_call_id call, bool on)
{
   if (on)
      fake_caps.call_mask[call / 64] |= 1ull << (call % 64);
   else
      fake_caps.call_mask[call / 64] &= ~(1ull << (call % 64));
}

static void
test_missing_backend_calls(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   clear_call(MGP_CALL_generate_mipmap, false);
   clear_call(MGP_CALL_resource_copy_region, false);
   GLuint t;
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   fake_clear();
   uint64_t before = mgu_decline_count(MGU_DECLINE_pipe_call_unsupported);
   mgl_glGenerateMipmap(GL_TEXTURE_2D);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(fake_count_of(MGP_CALL_generate_mipmap), 0);
   CHECK(mgu_decline_count(MGU_DECLINE_pipe_call_unsupported) > before);
   GLint w = 0;
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &w);
   CHECK_EQ(w, 0); /* no level was defined by the failed call */
   /* buffer copies fall back to a readback and an upload */
   GLuint b[2];
   mgl_glGenBuffers(2, b);
   mgl_glBindBuffer(GL_COPY_READ_BUFFER, b[0]);
   mgl_glBufferData(GL_COPY_READ_BUFFER, 16, NULL, GL_STATIC_DRAW);
   mgl_glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
   mgl_glBufferData(GL_COPY_WRITE_BUFFER, 16, NULL, GL_STATIC_DRAW);
   fake_clear();
   mgl_glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 4, 0, 8);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_copy_region), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_readback), 1);
   /* A buffer without a valid client copy is fetched whole (its store reads back as the fake's
    * pattern, byte i = i), so the copy of [4, 12) is bytes 4..11. */
   const struct fake_rec *s = fake_find(MGP_CALL_resource_subdata, 0);
   CHECK(s && s->data_size == 8 && s->data[0] == 4 && s->data[7] == 11);
   clear_call(MGP_CALL_generate_mipmap, true);
   clear_call(MGP_CALL_resource_copy_region, true);
   env_finish(&e);
}

/* What a glBufferSubData sends: one resource_subdata of the range below FE_UPLOAD_CHECKED (the
 * group's allocations not marked unchecked), FE_UPLOAD_CHUNK pieces in order from it on (marked,
 * so the next glGetError asks the server), each piece's box and bytes the application's. */
static void
test_buffer_subdata_records(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   const uint64_t big = FE_UPLOAD_CHUNK + 24;
   uint8_t *src = malloc(big);
   CHECK(src != NULL);
   if (!src) {
      env_finish(&e);
      return;
   }
   for (uint64_t i = 0; i < big; i++)
      src[i] = (uint8_t)(i * 7 + 3);
   GLuint b;
   mgl_glGenBuffers(1, &b);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b);
   mgl_glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(big + 16), NULL, GL_STATIC_DRAW);
   CHECK_ERR(GL_NO_ERROR);
   const uint64_t sizes[] = {24, FE_UPLOAD_CHECKED - 1, FE_UPLOAD_CHECKED, big};
   for (unsigned k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
      const uint64_t n = sizes[k];
      atomic_store(&e.ctx->share->allocs_unchecked, false);
      fake_clear();
      mgl_glBufferSubData(GL_ARRAY_BUFFER, 8, (GLsizeiptr)n, src);
      const unsigned pieces = (unsigned)((n + FE_UPLOAD_CHUNK - 1) / FE_UPLOAD_CHUNK);
      CHECK_EQ(fake_count_of(MGP_CALL_resource_subdata), pieces);
      uint64_t at = 0;
      for (unsigned i = 0; i < pieces; i++) {
         const struct fake_rec *r = fake_find(MGP_CALL_resource_subdata, i);
         if (!r) {
            CHECK(r != NULL);
            break;
         }
         const struct mgp_resource_subdata *a = (const void *)r->args;
         const uint64_t want = n - at < FE_UPLOAD_CHUNK ? n - at : FE_UPLOAD_CHUNK;
         CHECK_EQ(a->box.x, (int32_t)(8 + at));
         CHECK_EQ(a->box.width, (uint32_t)want);
         CHECK(a->box.height == 1 && a->box.depth == 1);
         CHECK(r->data_size == want && !memcmp(r->data, src + at, want));
         at += want;
      }
      CHECK_EQ(atomic_load(&e.ctx->share->allocs_unchecked), n >= FE_UPLOAD_CHECKED);
      CHECK_ERR(GL_NO_ERROR);
   }
   free(src);
   env_finish(&e);
}

/* Timer queries (GL 3.3 §2.14, ARB_timer_query): the spec's errors, what crosses the pipe
 * (a counter is an end_query of kind GL_TIMESTAMP; glGet GL_TIMESTAMP one get_timestamp), and
 * a server without timestamps: counter bits 0, a named decline, results that read 0, no GL
 * error and nothing sent. */
static void
test_timer_queries(void)
{
   struct fe_test_env e;
   fake_caps.cap_bits |= MGP_CAP_TIMER_QUERY;
   fake_caps.timestamp_bits = 64;
   env_init(&e, 16, 16);
   GLuint q[3];
   mgl_glGenQueries(3, q);
   mgl_glBeginQuery(GL_TIMESTAMP, q[0]);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glEndQuery(GL_TIMESTAMP);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glQueryCounter(q[0], GL_TIME_ELAPSED);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glQueryCounter(0, GL_TIMESTAMP);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glQueryCounter(q[2] + 100, GL_TIMESTAMP);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glEndQuery(GL_TIME_ELAPSED);
   CHECK_ERR(GL_INVALID_OPERATION);
   GLint v = -1;
   mgl_glGetQueryiv(GL_TIMESTAMP, GL_CURRENT_QUERY, &v); /* GL 3.3 §6.1.7: never active, 0 */
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(v, 0);
   mgl_glGetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &v);
   CHECK_EQ(v, 64);
   fake_clear();
   mgl_glBeginQuery(GL_TIME_ELAPSED, q[0]);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetQueryiv(GL_TIME_ELAPSED, GL_CURRENT_QUERY, &v);
   CHECK_EQ(v, (GLint)q[0]);
   mgl_glBeginQuery(GL_TIME_ELAPSED, q[1]);
   CHECK_ERR(GL_INVALID_OPERATION); /* one active per target */
   mgl_glQueryCounter(q[0], GL_TIMESTAMP);
   CHECK_ERR(GL_INVALID_OPERATION); /* active */
   mgl_glEndQuery(GL_TIME_ELAPSED);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glQueryCounter(q[0], GL_TIMESTAMP);
   CHECK_ERR(GL_INVALID_OPERATION); /* a GL_TIME_ELAPSED query */
   mgl_glQueryCounter(q[1], GL_TIMESTAMP);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBeginQuery(GL_TIME_ELAPSED, q[1]);
   CHECK_ERR(GL_INVALID_OPERATION); /* a GL_TIMESTAMP query */
   CHECK_EQ(fake_count_of(MGP_CALL_query_create), 2);
   CHECK_EQ(fake_count_of(MGP_CALL_begin_query), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_end_query), 2);
   const struct fake_rec *r = fake_find(MGP_CALL_end_query, 1);
   CHECK(r && ((const struct mgp_query_desc *)r->args)->kind == MGP_QUERY_KIND_TIMESTAMP);
   GLint64 t = 0;
   mgl_glGetInteger64v(GL_TIMESTAMP, &t);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_get_timestamp), 1);
   mgl_glDeleteQueries(3, q);
   env_finish(&e);

   /* No timestamps on the server. */
   fake_caps.cap_bits &= ~MGP_CAP_TIMER_QUERY;
   fake_caps.timestamp_bits = 0;
   env_init(&e, 16, 16);
   mgl_glGenQueries(2, q);
   mgl_glGetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &v);
   CHECK_EQ(v, 0);
   fake_clear();
   uint64_t before = mgu_decline_count(MGU_DECLINE_timer_query_no_timestamps);
   mgl_glBeginQuery(GL_TIME_ELAPSED, q[0]);
   mgl_glEndQuery(GL_TIME_ELAPSED);
   mgl_glQueryCounter(q[1], GL_TIMESTAMP);
   t = -1;
   mgl_glGetInteger64v(GL_TIMESTAMP, &t);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(t, 0);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_timer_query_no_timestamps), before + 3);
   GLuint64 res = ~0ull;
   GLuint avail = 0;
   mgl_glGetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &avail);
   mgl_glGetQueryObjectui64v(q[1], GL_QUERY_RESULT, &res);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(avail, GL_TRUE);
   CHECK_EQ(res, 0);
   CHECK_EQ(fake_count(), 0);
   mgl_glDeleteQueries(2, q);
   CHECK_EQ(fake_count(), 0);
   env_finish(&e);
}

/* Conditional rendering (GL 3.3 §2.18): the spec's errors, and one begin/end pair on the pipe
 * carrying the query and the mode (the server decides what is discarded). */
static void
test_conditional_render(void)
{
   struct fe_test_env e;
   fake_caps.cap_bits |= MGP_CAP_OCCLUSION_QUERY;
   env_init(&e, 16, 16);
   GLuint q[2];
   mgl_glGenQueries(2, q);
   mgl_glBeginConditionalRender(q[0], GL_QUERY_WAIT);
   CHECK_ERR(GL_INVALID_VALUE); /* generated, no object yet */
   mgl_glBeginConditionalRender(99, GL_QUERY_WAIT);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   mgl_glBeginConditionalRender(q[0], GL_QUERY_WAIT);
   CHECK_ERR(GL_INVALID_OPERATION); /* active */
   mgl_glEndQuery(GL_SAMPLES_PASSED);
   mgl_glBeginConditionalRender(q[0], GL_SAMPLES_PASSED);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glEndConditionalRender();
   CHECK_ERR(GL_INVALID_OPERATION);
   fake_clear();
   mgl_glBeginConditionalRender(q[0], GL_QUERY_BY_REGION_NO_WAIT);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBeginConditionalRender(q[0], GL_QUERY_WAIT);
   CHECK_ERR(GL_INVALID_OPERATION); /* nested */
   mgl_glEndConditionalRender();
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_begin_conditional_render), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_end_conditional_render), 1);
   const struct fake_rec *r = fake_find(MGP_CALL_begin_conditional_render, 0);
   CHECK(r &&
         ((const struct mgp_query_desc *)r->args)->mode == MGP_COND_RENDER_MODE_BY_REGION_NO_WAIT);
   mgl_glDeleteQueries(2, q);
   env_finish(&e);
}

/* A server that answers occlusion queries only as any-samples (MGP_CAP_OCCLUSION_ANY, the GLES
 * backend): GL_SAMPLES_PASSED has 0 counter bits (GL 3.3 §6.1.7 allows it), GL_ANY_SAMPLES_PASSED
 * 1, and both targets begin and end on the pipe (before the cap they were declined). */
static void
test_occlusion_any(void)
{
   const uint64_t saved = fake_caps.cap_bits;
   fake_caps.cap_bits = (saved & ~MGP_CAP_OCCLUSION_QUERY) | MGP_CAP_OCCLUSION_ANY;
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLint bits = -1;
   mgl_glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &bits);
   CHECK_EQ(bits, 0);
   mgl_glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &bits);
   CHECK_EQ(bits, 1);
   GLuint q[2];
   mgl_glGenQueries(2, q);
   fake_clear();
   mgl_glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   mgl_glEndQuery(GL_SAMPLES_PASSED);
   mgl_glBeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
   mgl_glEndQuery(GL_ANY_SAMPLES_PASSED);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_begin_query), 2);
   CHECK_EQ(fake_count_of(MGP_CALL_end_query), 2);
   CHECK(mgl_glIsQuery(q[0]) && mgl_glIsQuery(q[1]));
   mgl_glDeleteQueries(2, q);
   env_finish(&e);
   fake_caps.cap_bits = saved;
}

/* ES 3.0 transform feedback objects (§2.15.1) as the server sees them: a paused object keeps the
 * server's capture while another is merely bound; when another object's capture replaced it, its
 * resume begins again at its own write position (the vertices it wrote, counted in the client),
 * and a glDrawArrays past its range is GL_INVALID_OPERATION (§2.15.2) and sends no draw. */
static void
test_xfb_objects(void)
{
   fake_caps.cap_bits |= MGP_CAP_TRANSFORM_FEEDBACK;
   struct fe_test_env e;
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   memset(&e, 0, sizeof(e));
   CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e.surf) == FE_OK);
   struct fe_context_desc d = {.api = FE_API_GLES, .major = 3, .minor = 0, .format = f};
   CHECK(fe_context_create(&d, NULL, &e.ctx) == FE_OK);
   CHECK(fe_make_current(e.ctx, e.surf, e.surf) == FE_OK);
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}, .num_xfb = 1, .xfb_stride = 16};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   GLuint b[2], t[2];
   mgl_glGenBuffers(2, b);
   for (int i = 0; i < 2; i++) {
      mgl_glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b[i]);
      mgl_glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 1024, NULL, GL_STREAM_READ);
   }
   mgl_glGenTransformFeedbacks(2, t);
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   mgl_glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b[0], 64, 256); /* 16 vertices */
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   mgl_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b[1]);
   CHECK_ERR(GL_NO_ERROR);

   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   mgl_glBeginTransformFeedback(GL_TRIANGLES);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glPauseTransformFeedback();
   /* Bound away and back with nothing begun: the server's capture is still this one. */
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   unsigned targets = fake_count_of(MGP_CALL_set_stream_output_targets);
   mgl_glResumeTransformFeedback();
   CHECK_EQ(fake_count_of(MGP_CALL_resume_stream_output), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_set_stream_output_targets), targets);
   mgl_glDrawArrays(GL_TRIANGLE_STRIP, 0, 4); /* 2 triangles: 6 more vertices, 9 in all */
   mgl_glPauseTransformFeedback();
   CHECK_ERR(GL_NO_ERROR);

   /* Another object captures: the server lets the first go. */
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   mgl_glBeginTransformFeedback(GL_TRIANGLES);
   CHECK_EQ(fake_count_of(MGP_CALL_end_stream_output), 1);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glPauseTransformFeedback();
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   targets = fake_count_of(MGP_CALL_set_stream_output_targets);
   const unsigned begins = fake_count_of(MGP_CALL_begin_stream_output);
   mgl_glResumeTransformFeedback();
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_end_stream_output), 2);
   CHECK_EQ(fake_count_of(MGP_CALL_begin_stream_output), begins + 1);
   CHECK_EQ(fake_count_of(MGP_CALL_resume_stream_output), 1);
   const struct fake_rec *r = fake_find(MGP_CALL_set_stream_output_targets, targets);
   CHECK(r != NULL);
   if (r) {
      const struct mgp_set_stream_output_targets *a = (const void *)r->args;
      const struct mgp_buffer_range *br = r->tail;
      CHECK_EQ(a->count, 1);
      CHECK_EQ(br[0].offset, 64 + 9 * 16);
      CHECK_EQ(br[0].size, 256 - 9 * 16);
      CHECK(!mgp_handle_is_null(br[0].res));
   }
   /* 7 vertices of room left: 6 fit, then 3 more do not. */
   const unsigned draws = fake_count_of(MGP_CALL_draw_vbo);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 6);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDrawArraysInstanced(GL_POINTS, 0, 1, 2); /* a mode that does not match first */
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), draws + 1);
   mgl_glEndTransformFeedback();
   CHECK_EQ(fake_count_of(MGP_CALL_end_stream_output), 3);

   /* Object t[1] is still paused, its capture gone from the server: ending it sends nothing. */
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   mgl_glEndTransformFeedback();
   CHECK_EQ(fake_count_of(MGP_CALL_end_stream_output), 3);
   CHECK_ERR(GL_NO_ERROR);
   /* Deleting a buffer unbinds it from the bound object's indexed points only. */
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   mgl_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, b[0]);
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   mgl_glDeleteBuffers(1, &b[0]);
   GLint name = -1;
   mgl_glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &name);
   CHECK_EQ(name, 0);
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   mgl_glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &name);
   CHECK_EQ((GLuint)name, b[0]);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDeleteTransformFeedbacks(2, t);
   GLint bound = -1;
   mgl_glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &bound);
   CHECK_EQ(bound, 0);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDeleteProgram(prog);
   env_finish(&e);
   fake_caps.cap_bits &= ~MGP_CAP_TRANSFORM_FEEDBACK;
}

static bool
has_extension(const char *name)
{
   GLint n = 0;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   bool found = false;
   for (GLint i = 0; i < n; i++)
      found |= !strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i), name);
   return found;
}

static GLint
get_int(GLenum pname)
{
   GLint v = -1;
   mgl_glGetIntegerv(pname, &v);
   return v;
}

/* GL_MAX_DUAL_SOURCE_DRAW_BUFFERS comes from the caps (the device's
 * maxFragmentDualSrcAttachments, 0 without dualSrcBlend): at 0, GL_ARB_blend_func_extended is
 * not listed and glBindFragDataLocationIndexed refuses index 1 (GL 3.3 §3.9.2). */
/* KHR_blend_equation_advanced's API where the backend blends the equations
 * (MGP_CAP_BLEND_ADVANCED): glBlendEquation(i) take them, the Separate forms do not, glGet gives
 * them back, and a draw blending with one whose fragment shader declares no blend_support is
 * GL_INVALID_OPERATION. Without the cap the equations are GL_INVALID_ENUM. */
static void
test_blend_advanced(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   mgl_glBlendEquation(GL_MULTIPLY_KHR);
   CHECK_ERR(GL_INVALID_ENUM);
   fake_caps.cap_bits |= MGP_CAP_BLEND_ADVANCED;
   mgl_glBlendEquation(GL_MULTIPLY_KHR);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(get_int(GL_BLEND_EQUATION_RGB), GL_MULTIPLY_KHR);
   CHECK_EQ(get_int(GL_BLEND_EQUATION_ALPHA), GL_MULTIPLY_KHR);
   mgl_glBlendEquationSeparate(GL_HSL_HUE_KHR, GL_FUNC_ADD);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBlendEquationSeparatei(0, GL_SCREEN_KHR, GL_SCREEN_KHR);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBlendEquationi(1, GL_HSL_LUMINOSITY_KHR);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBlendEquationi(0, GL_FUNC_ADD);
   mgl_glBlendEquationi(1, GL_FUNC_ADD);
   mgl_glBlendEquation(GL_HSL_LUMINOSITY_KHR + 1);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBlendBarrierKHR();
   mgl_glBlendBarrier();
   CHECK_ERR(GL_NO_ERROR);

   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao;
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   fake_clear();
   mgl_glEnable(GL_BLEND);
   mgl_glBlendEquation(GL_DIFFERENCE_KHR);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3); /* no layout(blend_support_difference) out */
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 0);
   mgl_glDisable(GL_BLEND);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3); /* not blending: no check */
   CHECK_ERR(GL_NO_ERROR);
   mgl_glEnable(GL_BLEND);
   mgl_glBlendEquation(GL_FUNC_ADD);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 2);
   mgl_glDisable(GL_BLEND);
   fake_caps.cap_bits &= ~MGP_CAP_BLEND_ADVANCED;
   env_finish(&e);
}

static void
test_dual_source_caps(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLint n_with = get_int(GL_NUM_EXTENSIONS);
   CHECK_EQ(get_int(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS), 1);
   CHECK(has_extension("GL_ARB_blend_func_extended"));
   GLuint prog = mgl_glCreateProgram();
   mgl_glBindFragDataLocationIndexed(prog, 0, 1, "second");
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBindFragDataLocationIndexed(prog, 1, 1, "second");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindFragDataLocationIndexed(prog, 0xffffffffu, 1, "second");
   CHECK_ERR(GL_INVALID_VALUE);

   /* GL_MGL_multisample_off_exact, last, exactly when the server says so */
   CHECK(!has_extension("GL_MGL_multisample_off_exact"));
   fake_caps.cap_bits |= MGP_CAP_MULTISAMPLE_OFF_EXACT;
   CHECK(has_extension("GL_MGL_multisample_off_exact"));
   CHECK_EQ(get_int(GL_NUM_EXTENSIONS), n_with + 1);
   CHECK(!strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)n_with),
                 "GL_MGL_multisample_off_exact"));
   fake_caps.cap_bits &= ~MGP_CAP_MULTISAMPLE_OFF_EXACT;

   fake_caps.max_dual_source_draw_buffers = 0;
   CHECK_EQ(get_int(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS), 0);
   CHECK(!has_extension("GL_ARB_blend_func_extended"));
   CHECK(has_extension("GL_ARB_copy_buffer"));
   CHECK_EQ(get_int(GL_NUM_EXTENSIONS), n_with - 1);
   mgl_glBindFragDataLocationIndexed(prog, 0, 1, "second");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindFragDataLocationIndexed(prog, 0, 0, "first");
   CHECK_ERR(GL_NO_ERROR);

   /* a device with more than the linker assigns still reports what GL can use */
   fake_caps.max_dual_source_draw_buffers = 2;
   CHECK_EQ(get_int(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS), 1);
   fake_caps.max_dual_source_draw_buffers = 1;
   mgl_glDeleteProgram(prog);
   env_finish(&e);
}

/* Sample limits and glGetInternalformativ from the device's masks (caps.sample_counts,
 * caps.format_sample_counts), not every power of two up to max_samples. */
static void
test_sample_count_caps(void)
{
   const struct mgp_caps saved = fake_caps;
   uint8_t *m = fake_caps.sample_counts;
   fake_caps.max_samples = 8;
   m[MGP_SAMPLE_CLASS_FB_COLOR] = m[MGP_SAMPLE_CLASS_FB_DEPTH] = 1 | 4 | 8;
   m[MGP_SAMPLE_CLASS_FB_STENCIL] = m[MGP_SAMPLE_CLASS_SAMPLED_COLOR] = 1 | 4 | 8;
   m[MGP_SAMPLE_CLASS_SAMPLED_DEPTH] = 1 | 4;
   m[MGP_SAMPLE_CLASS_FB_INTEGER] = 1 | 2 | 4;
   m[MGP_SAMPLE_CLASS_SAMPLED_INTEGER] = 1 | 2;
   fake_caps.format_sample_counts[MGP_FORMAT_RGBA8_UNORM] = 1 | 4 | 8;
   fake_caps.format_sample_counts[MGP_FORMAT_RGBA8_SINT] = 1 | 2 | 4;
   struct fe_test_env e;
   env_init(&e, 16, 16);
   CHECK_EQ(get_int(GL_MAX_SAMPLES), 8);
   CHECK_EQ(get_int(GL_MAX_COLOR_TEXTURE_SAMPLES), 8);
   CHECK_EQ(get_int(GL_MAX_DEPTH_TEXTURE_SAMPLES), 4);
   CHECK_EQ(get_int(GL_MAX_INTEGER_SAMPLES), 2);

   GLint n = -1, counts[4] = {-1, -1, -1, -1};
   mgl_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
   mgl_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 4, counts);
   CHECK_EQ(n, 2); /* descending, no 2 */
   CHECK_EQ(counts[0], 8);
   CHECK_EQ(counts[1], 4);
   CHECK_EQ(counts[2], -1);
   /* an integer format: its own mask, at most GL_MAX_INTEGER_SAMPLES */
   mgl_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8I, GL_NUM_SAMPLE_COUNTS, 1, &n);
   mgl_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8I, GL_SAMPLES, 4, counts);
   CHECK_EQ(n, 1);
   CHECK_EQ(counts[0], 2);
   CHECK_ERR(GL_NO_ERROR);

   GLuint rb;
   mgl_glGenRenderbuffers(1, &rb);
   mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   mgl_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 2, GL_RGBA8, 4, 4);
   CHECK_ERR(GL_NO_ERROR);
   GLint got = -1;
   mgl_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &got);
   CHECK_EQ(got, 4); /* the next count the format has */
   mgl_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 16, GL_RGBA8, 4, 4);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8I, 4, 4);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 2, GL_RGBA8I, 4, 4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &got);
   CHECK_EQ(got, 2);
   mgl_glDeleteRenderbuffers(1, &rb);

   /* glTexImage2D/3DMultisample (GL 3.3 §3.8.4): past GL_MAX_SAMPLES GL_INVALID_VALUE; past
    * the limit of the format's class (colour 8, depth 4, integer 2 here) GL_INVALID_OPERATION;
    * a proxy gets no error, its state becomes zeros. */
   GLuint tex[2];
   mgl_glGenTextures(2, tex);
   mgl_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[0]);
   mgl_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 8, GL_RGBA8, 4, 4, GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 16, GL_RGBA8, 4, 4, GL_TRUE);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 8, GL_DEPTH_COMPONENT24, 4, 4, GL_TRUE);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_DEPTH24_STENCIL8, 4, 4, GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8I, 4, 4, GL_TRUE);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA8UI, 4, 4, GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &got);
   CHECK_EQ(got, 2);
   mgl_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[1]);
   mgl_glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 8, GL_DEPTH_COMPONENT16, 4, 4, 2,
                               GL_TRUE);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 8, GL_RGBA8, 4, 4, 2, GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 8, GL_DEPTH_COMPONENT24, 4, 4,
                               GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);
   got = -1;
   mgl_glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &got);
   CHECK_EQ(got, 0);
   mgl_glTexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 4, GL_DEPTH_COMPONENT24, 4, 4,
                               GL_TRUE);
   mgl_glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &got);
   CHECK_EQ(got, 4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDeleteTextures(2, tex);
   env_finish(&e);

   /* ES 3.0 multisamples no integer format, whatever the device has; its
    * glGetInternalformativ lists no count for one. */
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   memset(&e, 0, sizeof(e));
   CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e.surf) == FE_OK);
   struct fe_context_desc d = {.api = FE_API_GLES, .major = 3, .minor = 0, .format = f};
   CHECK(fe_context_create(&d, NULL, &e.ctx) == FE_OK);
   CHECK(fe_make_current(e.ctx, e.surf, e.surf) == FE_OK);
   mgl_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8I, GL_NUM_SAMPLE_COUNTS, 1, &n);
   CHECK_EQ(n, 0);
   mgl_glGenRenderbuffers(1, &rb);
   mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   mgl_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 1, GL_RGBA8I, 4, 4);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glRenderbufferStorageMultisample(GL_RENDERBUFFER, 0, GL_RGBA8I, 4, 4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDeleteRenderbuffers(1, &rb);
   env_finish(&e);
   fake_caps = saved;
}

/* Vertex buffer bindings (GL 4.6 §10.3.1-10.3.2, ARB_vertex_attrib_binding): each error
 * changes nothing; the queries; glVertexAttribPointer and glVertexAttribDivisor through the
 * binding model; attributes sharing a binding reach the pipe as one binding. */
static void
test_vertex_binding_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLint v = -1;
   mgl_glGetIntegerv(GL_MAX_VERTEX_ATTRIB_BINDINGS, &v);
   CHECK_EQ(v, 16);
   mgl_glGetIntegerv(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, &v);
   CHECK_EQ(v, 2047);
   mgl_glGetIntegerv(GL_MAX_VERTEX_ATTRIB_STRIDE, &v);
   CHECK_EQ(v, 2048);
   CHECK_ERR(GL_NO_ERROR);
   GLuint b[2], vao;
   mgl_glGenBuffers(2, b);
   /* core, no vertex array bound */
   mgl_glBindVertexBuffer(0, b[0], 0, 16);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexAttribFormat(0, 4, GL_FLOAT, GL_FALSE, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexAttribBinding(0, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexBindingDivisor(0, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   mgl_glBindVertexBuffer(16, b[0], 0, 16);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindVertexBuffer(0, b[0], -4, 16);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindVertexBuffer(0, b[0], 0, -16);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindVertexBuffer(0, b[0], 0, 2052); /* over MAX_VERTEX_ATTRIB_STRIDE */
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindVertexBuffer(0, 999, 0, 16); /* never generated */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexAttribFormat(16, 4, GL_FLOAT, GL_FALSE, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexAttribFormat(0, 5, GL_FLOAT, GL_FALSE, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexAttribFormat(0, 4, GL_FLOAT, GL_FALSE, 2048);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexAttribFormat(0, 4, 0x1234, GL_FALSE, 0);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glVertexAttribIFormat(0, 4, GL_FLOAT, 0); /* integer formats only */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glVertexAttribIFormat(0, GL_BGRA, GL_UNSIGNED_BYTE, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexAttribFormat(0, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexAttribFormat(0, GL_BGRA, GL_SHORT, GL_TRUE, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexAttribFormat(0, 3, GL_INT_2_10_10_10_REV, GL_TRUE, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexAttribBinding(16, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexAttribBinding(0, 16);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexBindingDivisor(16, 1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 16, &v);
   CHECK_ERR(GL_INVALID_VALUE);
   /* nothing changed: the initial state (GL 4.6 table 23.4/23.5) */
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 0, &v);
   CHECK_EQ(v, 16);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_BUFFER, 0, &v);
   CHECK_EQ(v, 0);
   mgl_glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
   CHECK_EQ(v, 4);
   mgl_glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_BINDING, &v);
   CHECK_EQ(v, 3);
   CHECK_ERR(GL_NO_ERROR);

   /* two attributes on binding 5 of b[1]; a name glGenBuffers returned is bound (created) */
   mgl_glBindVertexBuffer(5, b[1], 32, 24);
   mgl_glVertexAttribFormat(0, 3, GL_FLOAT, GL_FALSE, 0);
   mgl_glVertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 12);
   mgl_glVertexAttribBinding(0, 5);
   mgl_glVertexAttribBinding(1, 5);
   mgl_glVertexBindingDivisor(5, 2);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glIsBuffer(b[1]));
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_OFFSET, 5, &v);
   CHECK_EQ(v, 32);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 5, &v);
   CHECK_EQ(v, 24);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_DIVISOR, 5, &v);
   CHECK_EQ(v, 2);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_BUFFER, 5, &v);
   CHECK_EQ(v, (GLint)b[1]);
   mgl_glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_BINDING, &v);
   CHECK_EQ(v, 5);
   mgl_glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET, &v);
   CHECK_EQ(v, 12);
   mgl_glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &v); /* the binding's */
   CHECK_EQ(v, (GLint)b[1]);
   mgl_glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_DIVISOR, &v);
   CHECK_EQ(v, 2);
   mgl_glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &v); /* the attribute's: unset */
   CHECK_EQ(v, 0);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b[1]);
   mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   mgl_glEnableVertexAttribArray(0);
   mgl_glEnableVertexAttribArray(1);
   struct fake_program fp = {.num_inputs = 2, .inputs = {"pos", "col"}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   const struct fake_rec *r = fake_find(MGP_CALL_create_vertex_elements, 0);
   CHECK(r != NULL);
   if (r) {
      struct mgp_create_vertex_elements ve;
      memcpy(&ve, r->args, sizeof(ve));
      CHECK_EQ(ve.enabled_mask, 3u);
      CHECK_EQ(ve.attribs[0].binding, 5);
      CHECK_EQ(ve.attribs[1].binding, 5);
      CHECK_EQ(ve.attribs[0].relative_offset, 0u);
      CHECK_EQ(ve.attribs[1].relative_offset, 12u);
      CHECK_EQ(ve.bindings[5].stride, 24u);
      CHECK_EQ(ve.bindings[5].divisor, 2u);
      CHECK_EQ(ve.binding_count, 6u);
   }
   /* the array's first draw: its buffers go as a vertex input (the fake offers the calls) */
   r = fake_find(MGP_CALL_define_vertex_input, 0);
   CHECK(r != NULL);
   if (r) {
      CHECK_EQ(r->tail_count, 6u);
      const struct mgp_vertex_buffer *vb = r->tail;
      for (unsigned k = 0; k < r->tail_count && k < 6; k++)
         CHECK_EQ(vb[k].res.slot != 0 || vb[k].res.gen != 0, k == 5);
      if (r->tail_count == 6)
         CHECK_EQ(vb[5].offset, 32u);
   }

   /* glVertexAttribPointer: binding index, relative offset 0, the binding's buffer, offset and
    * stride (tight when 0); glVertexAttribDivisor: binding index's divisor */
   mgl_glVertexAttribPointer(1, 2, GL_SHORT, GL_FALSE, 0, (const void *)8);
   mgl_glVertexAttribDivisor(0, 3);
   mgl_glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_BINDING, &v);
   CHECK_EQ(v, 1);
   mgl_glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET, &v);
   CHECK_EQ(v, 0);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 1, &v);
   CHECK_EQ(v, 4);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_OFFSET, 1, &v);
   CHECK_EQ(v, 8);
   mgl_glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_BINDING, &v);
   CHECK_EQ(v, 0);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_DIVISOR, 0, &v);
   CHECK_EQ(v, 3);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_DIVISOR, 5, &v); /* binding 5 keeps its own */
   CHECK_EQ(v, 2);
   CHECK_ERR(GL_NO_ERROR);
   /* glVertexAttribLFormat: no 64-bit attributes (ARB_vertex_attrib_64bit), the named decline */
   mgl_glVertexAttribLFormat(0, 1, GL_DOUBLE, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   env_finish(&e);
}

/* GL 4.4 ARB_multi_bind: first + count past the limit binds nothing (GL_INVALID_OPERATION); a
 * name that is no object is GL_INVALID_OPERATION and the rest are still bound; a range or
 * offset in error is GL_INVALID_VALUE for its binding alone; a NULL list unbinds. */
static void
test_multi_bind_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLuint b[3], never;
   GLint v = -1;
   mgl_glGenBuffers(3, b);
   for (int k = 0; k < 3; k++) {
      mgl_glBindBuffer(GL_COPY_WRITE_BUFFER, b[k]);
      mgl_glBufferData(GL_COPY_WRITE_BUFFER, 1024, NULL, GL_STATIC_DRAW);
   }
   mgl_glGenBuffers(1, &never); /* generated, never bound: no object yet */
   mgl_glBindBuffer(GL_UNIFORM_BUFFER, 0);
   CHECK_ERR(GL_NO_ERROR);

   mgl_glBindBuffersBase(GL_ARRAY_BUFFER, 0, 1, b);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBindBuffersBase(GL_UNIFORM_BUFFER, 0, -1, b);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &v);
   mgl_glBindBuffersBase(GL_UNIFORM_BUFFER, (GLuint)v - 2, 3, b);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, (GLuint)v - 2, &v);
   CHECK_EQ(v, 0); /* nothing bound */
   const GLuint with_bad[3] = {b[0], 999, b[2]};
   mgl_glBindBuffersBase(GL_UNIFORM_BUFFER, 1, 3, with_bad);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 1, &v);
   CHECK_EQ(v, (GLint)b[0]);
   mgl_glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 2, &v);
   CHECK_EQ(v, 0);
   mgl_glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 3, &v);
   CHECK_EQ(v, (GLint)b[2]);
   mgl_glGetIntegerv(GL_UNIFORM_BUFFER_BINDING, &v); /* the generic point stays */
   CHECK_EQ(v, 0);
   mgl_glBindBuffersBase(GL_UNIFORM_BUFFER, 2, 1, &never);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK(!mgl_glIsBuffer(never)); /* not created */
   /* ranges: offset 100 is not a multiple of 256; size 0 */
   const GLintptr offs[3] = {256, 100, 0};
   const GLsizeiptr sizes[3] = {64, 64, 0};
   mgl_glBindBuffersRange(GL_UNIFORM_BUFFER, 4, 3, b, offs, sizes);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 4, &v);
   CHECK_EQ(v, (GLint)b[0]);
   mgl_glGetIntegeri_v(GL_UNIFORM_BUFFER_START, 4, &v);
   CHECK_EQ(v, 256);
   mgl_glGetIntegeri_v(GL_UNIFORM_BUFFER_SIZE, 4, &v);
   CHECK_EQ(v, 64);
   mgl_glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 5, &v);
   CHECK_EQ(v, 0);
   mgl_glBindBuffersBase(GL_UNIFORM_BUFFER, 0, 5, NULL);
   CHECK_ERR(GL_NO_ERROR);
   for (GLuint k = 0; k < 5; k++) {
      mgl_glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, k, &v);
      CHECK_EQ(v, 0);
   }

   /* textures and samplers */
   GLuint tex[2], smp[2];
   mgl_glGenTextures(2, tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[0]);
   mgl_glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
   mgl_glBindTexture(GL_TEXTURE_CUBE_MAP, 0);
   mgl_glBindTexture(GL_TEXTURE_2D, 0);
   mgl_glGenSamplers(2, smp);
   mgl_glActiveTexture(GL_TEXTURE0 + 5);
   mgl_glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &v);
   mgl_glBindTextures((GLuint)v - 1, 2, tex);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindSamplers((GLuint)v, 1, smp);
   CHECK_ERR(GL_INVALID_OPERATION);
   const GLuint tex_bad[3] = {tex[0], 777, tex[1]};
   mgl_glBindTextures(1, 3, tex_bad);
   CHECK_ERR(GL_INVALID_OPERATION);
   const GLuint smp_bad[3] = {smp[0], 777, smp[1]};
   mgl_glBindSamplers(1, 3, smp_bad);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetIntegerv(GL_ACTIVE_TEXTURE, &v);
   CHECK_EQ(v, GL_TEXTURE0 + 5); /* the active unit stays */
   mgl_glActiveTexture(GL_TEXTURE1);
   mgl_glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
   CHECK_EQ(v, (GLint)tex[0]);
   mgl_glGetIntegerv(GL_SAMPLER_BINDING, &v);
   CHECK_EQ(v, (GLint)smp[0]);
   mgl_glActiveTexture(GL_TEXTURE2);
   mgl_glGetIntegerv(GL_SAMPLER_BINDING, &v);
   CHECK_EQ(v, 0);
   mgl_glActiveTexture(GL_TEXTURE3);
   mgl_glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &v);
   CHECK_EQ(v, (GLint)tex[1]);
   mgl_glGetIntegerv(GL_SAMPLER_BINDING, &v);
   CHECK_EQ(v, (GLint)smp[1]);
   mgl_glBindTextures(1, 3, NULL);
   mgl_glBindSamplers(1, 3, NULL);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &v);
   CHECK_EQ(v, 0);
   mgl_glGetIntegerv(GL_SAMPLER_BINDING, &v);
   CHECK_EQ(v, 0);

   /* vertex buffers */
   const GLintptr voffs[3] = {0, 0, -4};
   const GLsizei strides[3] = {8, 8, 8};
   mgl_glBindVertexBuffers(0, 1, b, voffs, strides); /* core, no vertex array */
   CHECK_ERR(GL_INVALID_OPERATION);
   GLuint vao;
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   mgl_glBindVertexBuffers(15, 2, b, voffs, strides);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindVertexBuffers(0, 3, with_bad, voffs, strides); /* 999, and offset -4 */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_BUFFER, 0, &v);
   CHECK_EQ(v, (GLint)b[0]);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 0, &v);
   CHECK_EQ(v, 8);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_BUFFER, 2, &v);
   CHECK_EQ(v, 0);
   const GLintptr ok_offs[2] = {16, 32};
   mgl_glBindVertexBuffers(1, 2, b, ok_offs, strides);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_OFFSET, 2, &v);
   CHECK_EQ(v, 32);
   mgl_glBindVertexBuffers(0, 3, NULL, NULL, NULL);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_BUFFER, 2, &v);
   CHECK_EQ(v, 0);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 0, &v);
   CHECK_EQ(v, 16);
   env_finish(&e);
}

/* glClearBufferData / glClearBufferSubData (GL 4.6 6.2.1, ARB_clear_buffer_object): the
 * internal format's element converted from format/type and repeated, and each error. */
static void
test_clear_buffer(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   const uint8_t zero[8] = {0};
   mgl_glClearBufferData(GL_ARRAY_BUFFER, GL_R8, GL_RED, GL_UNSIGNED_BYTE, zero);
   CHECK_ERR(GL_INVALID_VALUE); /* no buffer bound */
   mgl_glClearBufferData(0x1234, GL_R8, GL_RED, GL_UNSIGNED_BYTE, zero);
   CHECK_ERR(GL_INVALID_ENUM);
   GLuint b;
   mgl_glGenBuffers(1, &b);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b);
   uint8_t init[24];
   for (int i = 0; i < 24; i++)
      init[i] = (uint8_t)(0xa0 + i);
   mgl_glBufferData(GL_ARRAY_BUFFER, 24, init, GL_STATIC_DRAW);
   CHECK_ERR(GL_NO_ERROR);
   /* normalized float to RGBA8, repeated over [4, 12) */
   const float c[4] = {1.f, 0.f, 0.5f, 0.25f};
   mgl_glClearBufferSubData(GL_ARRAY_BUFFER, GL_RGBA8, 4, 8, GL_RGBA, GL_FLOAT, c);
   CHECK_ERR(GL_NO_ERROR);
   uint8_t got[24];
   mgl_glGetBufferSubData(GL_ARRAY_BUFFER, 0, 24, got);
   CHECK(got[3] == 0xa3 && got[12] == 0xac);
   for (int i = 4; i < 12; i += 4)
      CHECK(got[i] == 255 && got[i + 1] == 0 && got[i + 2] == 128 && got[i + 3] == 64);
   /* RGB32UI: 12-byte elements, the whole buffer; NULL data clears to zero */
   const GLuint u3[3] = {1, 2, 0xdeadbeef};
   mgl_glClearBufferData(GL_ARRAY_BUFFER, GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT, u3);
   CHECK_ERR(GL_NO_ERROR);
   GLuint gu[6];
   mgl_glGetBufferSubData(GL_ARRAY_BUFFER, 0, 24, gu);
   CHECK(gu[0] == 1 && gu[1] == 2 && gu[2] == 0xdeadbeef && gu[3] == 1 && gu[5] == 0xdeadbeef);
   mgl_glClearBufferSubData(GL_ARRAY_BUFFER, GL_R16UI, 2, 4, GL_RED_INTEGER, GL_UNSIGNED_SHORT,
                            NULL);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetBufferSubData(GL_ARRAY_BUFFER, 0, 8, got);
   CHECK(got[0] == 1 && got[1] == 0 && got[2] == 0 && got[4] == 0 && got[6] == 0);
   /* errors */
   mgl_glClearBufferData(GL_ARRAY_BUFFER, GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, zero);
   CHECK_ERR(GL_INVALID_ENUM); /* not a buffer texture format */
   mgl_glClearBufferData(GL_ARRAY_BUFFER, GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, zero);
   CHECK_ERR(GL_INVALID_ENUM); /* unsized */
   mgl_glClearBufferData(GL_ARRAY_BUFFER, GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT,
                         GL_UNSIGNED_SHORT, zero);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glClearBufferData(GL_ARRAY_BUFFER, GL_R8, GL_DEPTH_COMPONENT, GL_UNSIGNED_BYTE, zero);
   CHECK_ERR(GL_INVALID_VALUE); /* not a colour format */
   mgl_glClearBufferData(GL_ARRAY_BUFFER, GL_R8, 0x1234, GL_UNSIGNED_BYTE, zero);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glClearBufferData(GL_ARRAY_BUFFER, GL_R8, GL_RED, 0x1234, zero);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glClearBufferData(GL_ARRAY_BUFFER, GL_R8UI, GL_RED, GL_UNSIGNED_BYTE, zero);
   CHECK_ERR(GL_INVALID_OPERATION); /* integer format, normalized data */
   mgl_glClearBufferData(GL_ARRAY_BUFFER, GL_R8, GL_RED_INTEGER, GL_UNSIGNED_BYTE, zero);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glClearBufferData(GL_ARRAY_BUFFER, GL_RGBA32F, GL_RGBA, GL_FLOAT, zero);
   CHECK_ERR(GL_INVALID_VALUE); /* 24 is no multiple of 16 */
   mgl_glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32F, 2, 4, GL_RED, GL_FLOAT, zero);
   CHECK_ERR(GL_INVALID_VALUE); /* offset not a multiple of 4 */
   mgl_glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32F, 4, 6, GL_RED, GL_FLOAT, zero);
   CHECK_ERR(GL_INVALID_VALUE); /* size not a multiple of 4 */
   mgl_glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32F, 20, 8, GL_RED, GL_FLOAT, zero);
   CHECK_ERR(GL_INVALID_VALUE); /* past the end */
   mgl_glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32F, -4, 4, GL_RED, GL_FLOAT, zero);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32F, 4, -4, GL_RED, GL_FLOAT, zero);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32F, 0, 0, GL_RED, GL_FLOAT, zero);
   CHECK_ERR(GL_NO_ERROR); /* an empty range */
   /* mapped: an overlapping range refused, one beside the mapping allowed */
   CHECK(mgl_glMapBufferRange(GL_ARRAY_BUFFER, 8, 8, GL_MAP_WRITE_BIT) != NULL);
   mgl_glClearBufferData(GL_ARRAY_BUFFER, GL_R8, GL_RED, GL_UNSIGNED_BYTE, zero);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glClearBufferSubData(GL_ARRAY_BUFFER, GL_R8, 12, 8, GL_RED, GL_UNSIGNED_BYTE, zero);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glClearBufferSubData(GL_ARRAY_BUFFER, GL_R8, 16, 8, GL_RED, GL_UNSIGNED_BYTE, zero);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glUnmapBuffer(GL_ARRAY_BUFFER));
   CHECK(has_extension("GL_ARB_clear_buffer_object"));
   mgl_glDeleteBuffers(1, &b);
   env_finish(&e);
}

/* EXT_texture_integer in a core context: listed; glClearColorIiEXT / IuiEXT give glClear's
 * colour for the integer draw buffers, each kind (signed, unsigned) a clear of its own with that
 * colour kind, while float and normalized buffers keep glClearColor's, which takes integer
 * buffers back to its bits; GL_RGBA_INTEGER_MODE_EXT says whether a draw buffer is integer; the
 * EXT parameter commands are the core ones. With them, AMD_draw_buffers_blend's and
 * AMD_multi_draw_indirect's commands (the core ones under AMD names). */
static void
test_texture_integer(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   CHECK(has_extension("GL_EXT_texture_integer"));
   CHECK(has_extension("GL_AMD_draw_buffers_blend"));
   GLuint t[3], fb;
   mgl_glGenTextures(3, t);
   mgl_glGenFramebuffers(1, &fb);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fb);
   const GLenum fmts[3] = {GL_RGBA8, GL_RGBA32I, GL_RGBA16UI};
   const GLenum bufs[3] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2};
   for (int i = 0; i < 3; i++) {
      mgl_glBindTexture(GL_TEXTURE_2D, t[i]);
      mgl_glTexStorage2D(GL_TEXTURE_2D, 1, fmts[i], 8, 8);
      mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, bufs[i], GL_TEXTURE_2D, t[i], 0);
   }
   mgl_glDrawBuffers(1, bufs);
   GLboolean integer = GL_TRUE;
   mgl_glGetBooleanv(0x8D9E /* GL_RGBA_INTEGER_MODE_EXT */, &integer);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(integer == GL_FALSE);
   mgl_glDrawBuffers(3, bufs);
   CHECK_EQ(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   mgl_glGetBooleanv(0x8D9E, &integer);
   CHECK(integer == GL_TRUE);
   const float half = 0.5f;
   uint32_t half_bits;
   memcpy(&half_bits, &half, 4);
   mgl_glClearColor(0.5f, 0.f, 0.f, 1.f);
   mgl_glClearColorIiEXT(-7, 1, 2, 3);
   CHECK_ERR(GL_NO_ERROR);
   fake_clear();
   mgl_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_EQ(fake_count_of(MGP_CALL_clear), 3);
   const struct mgp_clear *c[3] = {NULL, NULL, NULL};
   for (unsigned i = 0; i < 3; i++) {
      const struct fake_rec *r = fake_find(MGP_CALL_clear, i);
      c[i] = r ? (const struct mgp_clear *)r->args : NULL;
   }
   CHECK(c[0] && c[0]->color_buffers == 1 && c[0]->color_kind == 0 && c[0]->color[0] == half_bits);
   CHECK(c[1] && c[1]->color_buffers == 2 && c[1]->color_kind == 1 &&
         c[1]->color[0] == (uint32_t)-7 && c[1]->color[3] == 3);
   CHECK(c[2] && c[2]->color_buffers == 4 && c[2]->color_kind == 2 &&
         c[2]->color[0] == (uint32_t)-7 && c[2]->color[1] == 1);
   mgl_glClearColorIuiEXT(9, 8, 7, 6);
   fake_clear();
   mgl_glClear(GL_COLOR_BUFFER_BIT);
   const struct fake_rec *r = fake_find(MGP_CALL_clear, 2);
   CHECK(r && ((const struct mgp_clear *)r->args)->color[0] == 9 &&
         ((const struct mgp_clear *)r->args)->color[3] == 6);
   mgl_glClearColor(0.5f, 0.f, 0.f, 1.f); /* one colour for all again */
   fake_clear();
   mgl_glClear(GL_COLOR_BUFFER_BIT);
   CHECK_EQ(fake_count_of(MGP_CALL_clear), 1);
   r = fake_find(MGP_CALL_clear, 0);
   CHECK(r && ((const struct mgp_clear *)r->args)->color_buffers == 7 &&
         ((const struct mgp_clear *)r->args)->color[0] == half_bits);
   /* the EXT and AMD names of core commands */
   const GLint border[4] = {-1, 2, -3, 4};
   GLint got[4] = {0};
   mgl_glBindTexture(GL_TEXTURE_2D, t[1]);
   mgl_glTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, got);
   CHECK(got[0] == -1 && got[3] == 4);
   mgl_glBlendFuncIndexedAMD(1, GL_ONE, GL_SRC_ALPHA);
   CHECK_ERR(GL_NO_ERROR);
   GLint v = 0;
   mgl_glGetIntegeri_v(GL_BLEND_DST_RGB, 1, &v);
   CHECK_EQ(v, GL_SRC_ALPHA);
   mgl_glGetIntegeri_v(GL_BLEND_DST_RGB, 0, &v);
   CHECK_EQ(v, GL_ZERO);
   mgl_glBlendEquationIndexedAMD(2, GL_MAX);
   mgl_glGetIntegeri_v(GL_BLEND_EQUATION_ALPHA, 2, &v);
   CHECK_EQ(v, GL_MAX);
   mgl_glMultiDrawArraysIndirectAMD(GL_TRIANGLES, NULL, 1, 0);
   CHECK_ERR(GL_INVALID_OPERATION); /* no indirect buffer bound: the core command's error */
   mgl_glDeleteFramebuffers(1, &fb);
   mgl_glDeleteTextures(3, t);
   env_finish(&e);
}

/* Desktop names of what mgl has (issue 20): EXT_transform_feedback (glBindBufferOffsetEXT binds
 * from an offset to the buffer's end), EXT_vertex_attrib_64bit (ARB_vertex_attrib_64bit's
 * commands under EXT names, where that is listed), S3_s3tc (its internal formats for glTexImage,
 * not glTexStorage), ANGLE's DXT3/DXT5 names and EXT_debug_label. */
static void
test_desktop_names(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   CHECK(has_extension("GL_EXT_transform_feedback"));
   CHECK(has_extension("GL_S3_s3tc"));
   CHECK(has_extension("GL_ANGLE_texture_compression_dxt3"));
   CHECK(has_extension("GL_ANGLE_texture_compression_dxt5"));
   CHECK_EQ(has_extension("GL_EXT_vertex_attrib_64bit"),
            has_extension("GL_ARB_vertex_attrib_64bit"));
   GLuint buf;
   mgl_glGenBuffers(1, &buf);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf);
   mgl_glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   mgl_glBindBufferOffsetEXT(GL_ARRAY_BUFFER, 0, buf, 8);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glBindBufferOffsetEXT(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf, 6);
   CHECK_ERR(GL_INVALID_VALUE); /* not a multiple of 4 */
   mgl_glBindBufferOffsetEXT(GL_TRANSFORM_FEEDBACK_BUFFER, 1, buf, 8);
   CHECK_ERR(GL_NO_ERROR);
   GLint v = -1;
   mgl_glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &v);
   CHECK_EQ(v, (GLint)buf);
   GLint64 v64 = -1;
   mgl_glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 1, &v64);
   CHECK_EQ(v64, 8);
   mgl_glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 1, &v64);
   CHECK_EQ(v64, 0); /* to the end, whatever its size */
   mgl_glGetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &v);
   CHECK_EQ(v, (GLint)buf);
   mgl_glBindBufferOffsetEXT(GL_TRANSFORM_FEEDBACK_BUFFER, 1, 0, 0);
   mgl_glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &v);
   CHECK_EQ(v, 0);
   if (has_extension("GL_EXT_vertex_attrib_64bit")) {
      GLdouble d[4] = {0};
      mgl_glVertexAttribL1dEXT(2, 2.5);
      mgl_glGetVertexAttribLdvEXT(2, GL_CURRENT_VERTEX_ATTRIB, d);
      CHECK_ERR(GL_NO_ERROR);
      CHECK(d[0] == 2.5);
   }
   /* S3_s3tc: GL_RGBA_S3TC and friends take plain pixels (stored uncompressed) */
   GLuint tex;
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   const uint8_t px[16] = {255, 0, 0, 255};
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x83A2 /* GL_RGBA_S3TC */, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    px);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x83A1 /* GL_RGB4_S3TC */, 2, 2, 0, GL_RGB, GL_UNSIGNED_BYTE,
                    px);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE, &v);
   CHECK_EQ(v, 0); /* an RGB format */
   GLuint tex2;
   mgl_glGenTextures(1, &tex2);
   mgl_glBindTexture(GL_TEXTURE_2D, tex2);
   mgl_glTexStorage2D(GL_TEXTURE_2D, 1, 0x83A0 /* GL_RGB_S3TC */, 2, 2);
   CHECK_ERR(GL_INVALID_ENUM); /* not a sized format */
   /* EXT_debug_label: KHR_debug's labels under the EXT type names */
   CHECK(has_extension("GL_EXT_debug_label"));
   mgl_glLabelObjectEXT(0x9151 /* GL_BUFFER_OBJECT_EXT */, buf, 0, "vertices");
   CHECK_ERR(GL_NO_ERROR);
   char got[16] = {0};
   GLsizei len = -1;
   mgl_glGetObjectLabel(GL_BUFFER, buf, sizeof(got), &len, got);
   CHECK(len == 8 && !strcmp(got, "vertices"));
   mgl_glLabelObjectEXT(GL_TEXTURE, tex, 3, "texels");
   mgl_glGetObjectLabelEXT(GL_TEXTURE, tex, sizeof(got), &len, got);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(len == 3 && !strcmp(got, "tex"));
   mgl_glLabelObjectEXT(0x9151, 999, 0, "none");
   CHECK_ERR(GL_INVALID_OPERATION); /* KHR_debug's is GL_INVALID_VALUE */
   mgl_glLabelObjectEXT(0x9151, buf, -1, "x");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glLabelObjectEXT(0x1234, buf, 0, "x");
   CHECK_ERR(GL_INVALID_ENUM);
   /* IBM_multimode_draw_arrays: a mode each, modestride bytes apart (TRIANGLES, POINTS, LINES);
    * no vertices, no draw */
   CHECK(has_extension("GL_IBM_multimode_draw_arrays"));
   make_drawable();
   const GLenum modes[6] = {GL_TRIANGLES, 0, GL_POINTS, 0, GL_LINES, 0};
   const GLint firsts[3] = {0, 0, 1};
   const GLsizei counts[3] = {3, 0, 2};
   fake_clear();
   mgl_glMultiModeDrawArraysIBM(modes, firsts, counts, 3, 2 * sizeof(GLenum));
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 2);
   const struct fake_rec *d0 = fake_find(MGP_CALL_draw_vbo, 0);
   const struct fake_rec *d1 = fake_find(MGP_CALL_draw_vbo, 1);
   CHECK(d0 && ((const struct mgp_draw_vbo *)d0->args)->mode == MGP_PRIM_TRIANGLES);
   CHECK(d1 && ((const struct mgp_draw_vbo *)d1->args)->mode == MGP_PRIM_LINES);
   mgl_glMultiModeDrawArraysIBM(modes, firsts, counts, -1, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDeleteTextures(1, &tex);
   mgl_glDeleteTextures(1, &tex2);
   mgl_glDeleteBuffers(1, &buf);
   env_finish(&e);
}

/* GL 4.4 ARB_texture_mirror_clamp_to_edge: GL_MIRROR_CLAMP_TO_EDGE is a wrap (textures and
 * samplers, not rectangle textures) and the extension is listed only where the server's
 * samplers do it (MGP_CAP_MIRROR_CLAMP_TO_EDGE); without the cap it is an unknown wrap. */
static void
test_mirror_clamp(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   const uint64_t saved = fake_caps.cap_bits;
   fake_caps.cap_bits &= ~MGP_CAP_MIRROR_CLAMP_TO_EDGE;
   CHECK(!has_extension("GL_ARB_texture_mirror_clamp_to_edge"));
   GLuint t[2], smp;
   mgl_glGenTextures(2, t);
   mgl_glGenSamplers(1, &smp);
   mgl_glBindTexture(GL_TEXTURE_2D, t[0]);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glSamplerParameteri(smp, GL_TEXTURE_WRAP_T, GL_MIRROR_CLAMP_TO_EDGE);
   CHECK_ERR(GL_INVALID_ENUM);
   fake_caps.cap_bits |= MGP_CAP_MIRROR_CLAMP_TO_EDGE;
   CHECK(has_extension("GL_ARB_texture_mirror_clamp_to_edge"));
   GLint v = 0;
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
   CHECK(v == GL_MIRROR_CLAMP_TO_EDGE);
   mgl_glSamplerParameteri(smp, GL_TEXTURE_WRAP_R, GL_MIRROR_CLAMP_TO_EDGE);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetSamplerParameteriv(smp, GL_TEXTURE_WRAP_R, &v);
   CHECK(v == GL_MIRROR_CLAMP_TO_EDGE);
   mgl_glBindTexture(GL_TEXTURE_RECTANGLE, t[1]);
   mgl_glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
   CHECK_ERR(GL_INVALID_ENUM); /* a rectangle texture only clamps */
   mgl_glDeleteSamplers(1, &smp);
   mgl_glDeleteTextures(2, t);
   fake_caps.cap_bits = saved;
   env_finish(&e);
}

/* GL 4.6 ARB_polygon_offset_clamp: glPolygonOffsetClamp sets all three (NaN clamps nothing),
 * glPolygonOffset sets the clamp to 0, the extension is listed where the server clamps
 * (MGP_CAP_POLYGON_OFFSET_CLAMP), and a clamp it cannot draw is declined by name. */
static void
test_polygon_offset_clamp(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   const uint64_t saved = fake_caps.cap_bits;
   fake_caps.cap_bits |= MGP_CAP_POLYGON_OFFSET_CLAMP;
   CHECK(has_extension("GL_ARB_polygon_offset_clamp"));
   GLfloat f = -1.f;
   mgl_glGetFloatv(GL_POLYGON_OFFSET_CLAMP, &f);
   CHECK(f == 0.f);
   mgl_glPolygonOffsetClamp(2.f, 3.f, -0.25f);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetFloatv(GL_POLYGON_OFFSET_CLAMP, &f);
   CHECK(f == -0.25f);
   mgl_glGetFloatv(GL_POLYGON_OFFSET_FACTOR, &f);
   CHECK(f == 2.f);
   mgl_glGetFloatv(GL_POLYGON_OFFSET_UNITS, &f);
   CHECK(f == 3.f);
   mgl_glPolygonOffsetClamp(1.f, 1.f, NAN);
   mgl_glGetFloatv(GL_POLYGON_OFFSET_CLAMP, &f);
   CHECK(f == 0.f);
   mgl_glPolygonOffsetClamp(1.f, 1.f, 0.5f);
   mgl_glPolygonOffset(1.f, 1.f);
   mgl_glGetFloatv(GL_POLYGON_OFFSET_CLAMP, &f);
   CHECK(f == 0.f);
   fake_caps.cap_bits &= ~MGP_CAP_POLYGON_OFFSET_CLAMP;
   CHECK(!has_extension("GL_ARB_polygon_offset_clamp"));
   const uint64_t declined = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   mgl_glPolygonOffsetClamp(1.f, 1.f, 0.5f);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) == declined + 1);
   fake_caps.cap_bits = saved;
   env_finish(&e);
}

/* GL 4.0 13.2 transform feedback objects in a GL 3.3 core context where the server holds them
 * (MGP_CAP_XFB_OBJECTS): ARB_transform_feedback2 / _instanced are listed; each bind is one
 * bind_stream_output_object; a paused object bound away and back resumes with
 * resume_stream_output (the server kept its position: no end, no fresh begin, no client
 * position); glDrawTransformFeedback* are one draw_stream_output naming the object and buffer
 * 0's stride, with the spec's errors; ARB_transform_feedback3's limits, special names and
 * indexed queries. Without the cap none of it exists. */
static void
test_xfb_objects_desktop(void)
{
   struct fe_test_env e;
   /* without the cap: refused by name, not listed */
   fake_caps.cap_bits |= MGP_CAP_TRANSFORM_FEEDBACK;
   env_init(&e, 16, 16);
   GLuint t[3] = {0, 0, 0};
   uint64_t before = mgu_decline_count(MGU_DECLINE_gl_entry_not_in_version);
   mgl_glGenTransformFeedbacks(1, t);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDrawTransformFeedback(GL_TRIANGLES, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBeginQueryIndexed(GL_SAMPLES_PASSED, 0, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_entry_not_in_version), before + 3);
   GLint streams = -1;
   mgl_glGetIntegerv(GL_MAX_VERTEX_STREAMS, &streams);
   CHECK_ERR(GL_INVALID_ENUM);
   GLint n = 0;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++)
      CHECK(strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i),
                   "GL_ARB_transform_feedback2") != 0);
   env_finish(&e);

   fake_caps.cap_bits |= MGP_CAP_XFB_OBJECTS;
   env_init(&e, 16, 16);
   bool listed[2] = {false, false};
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++) {
      const char *x = (const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i);
      listed[0] |= !strcmp(x, "GL_ARB_transform_feedback2");
      listed[1] |= !strcmp(x, "GL_ARB_transform_feedback_instanced");
   }
   CHECK(listed[0] && listed[1]);
   /* ARB_transform_feedback3: its limits, the special names' errors, the indexed queries */
   GLint lim = -1;
   mgl_glGetIntegerv(GL_MAX_VERTEX_STREAMS, &lim);
   CHECK_EQ(lim, 1);
   mgl_glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_BUFFERS, &lim);
   CHECK_EQ(lim, 4);
   CHECK_ERR(GL_NO_ERROR);
   {
      GLuint p0 = mgl_glCreateProgram(), q = 0;
      const char *sep[] = {"a", "gl_NextBuffer"};
      mgl_glTransformFeedbackVaryings(p0, 2, sep, GL_SEPARATE_ATTRIBS);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glTransformFeedbackVaryings(p0, 2, sep, GL_INTERLEAVED_ATTRIBS);
      CHECK_ERR(GL_NO_ERROR);
      const char *four[] = {"gl_NextBuffer", "gl_NextBuffer", "gl_NextBuffer", "gl_NextBuffer"};
      mgl_glTransformFeedbackVaryings(p0, 4, four, GL_INTERLEAVED_ATTRIBS);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glDeleteProgram(p0);
      mgl_glGenQueries(1, &q);
      mgl_glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 1, q);
      CHECK_ERR(GL_INVALID_VALUE);
      mgl_glBeginQueryIndexed(GL_SAMPLES_PASSED, 1, q);
      CHECK_ERR(GL_INVALID_VALUE);
      mgl_glBeginQueryIndexed(GL_TEXTURE_2D, 0, q);
      CHECK_ERR(GL_INVALID_ENUM);
      GLint bits = -1;
      mgl_glGetQueryIndexediv(GL_TIME_ELAPSED, 2, GL_QUERY_COUNTER_BITS, &bits);
      CHECK_ERR(GL_INVALID_VALUE);
      CHECK_EQ(bits, -1);
      const unsigned begins = fake_count_of(MGP_CALL_begin_query);
      mgl_glBeginQueryIndexed(GL_SAMPLES_PASSED, 0, q);
      CHECK_ERR(GL_NO_ERROR);
      CHECK_EQ(fake_count_of(MGP_CALL_begin_query), begins + 1);
      GLint cur = 0;
      mgl_glGetQueryIndexediv(GL_SAMPLES_PASSED, 0, GL_CURRENT_QUERY, &cur);
      CHECK_EQ((GLuint)cur, q);
      mgl_glEndQueryIndexed(GL_SAMPLES_PASSED, 1);
      CHECK_ERR(GL_INVALID_VALUE);
      mgl_glEndQueryIndexed(GL_SAMPLES_PASSED, 0);
      CHECK_ERR(GL_NO_ERROR);
      mgl_glEndQueryIndexed(GL_SAMPLES_PASSED, 0); /* none active */
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glDeleteQueries(1, &q);
   }
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}, .num_xfb = 1, .xfb_stride = 16};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo, b[2];
   make_triangle(&vao, &vbo);
   mgl_glGenBuffers(2, b);
   for (int i = 0; i < 2; i++) {
      mgl_glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b[i]);
      mgl_glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 1024, NULL, GL_STREAM_READ);
   }
   mgl_glGenTransformFeedbacks(3, t);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(!mgl_glIsTransformFeedback(t[0])); /* an object once bound */
   /* a name that is no object; an object that never ended (the default one too) */
   mgl_glDrawTransformFeedback(GL_TRIANGLES, t[2] + 7);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDrawTransformFeedback(GL_TRIANGLES, t[0]);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDrawTransformFeedback(GL_TRIANGLES, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   CHECK(mgl_glIsTransformFeedback(t[0]));
   CHECK_EQ(fake_count_of(MGP_CALL_bind_stream_output_object), 1);
   const struct fake_rec *r = fake_find(MGP_CALL_bind_stream_output_object, 0);
   CHECK(r && ((const struct mgp_u32_args *)(const void *)r->args)->value == t[0]);
   mgl_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b[0]);
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]); /* bound already: nothing sent */
   CHECK_EQ(fake_count_of(MGP_CALL_bind_stream_output_object), 1);
   mgl_glDrawTransformFeedback(GL_TRIANGLES, t[0]);
   CHECK_ERR(GL_INVALID_OPERATION);

   mgl_glBeginTransformFeedback(GL_TRIANGLES);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   GLint v = -1;
   mgl_glGetIntegerv(GL_TRANSFORM_FEEDBACK_ACTIVE, &v);
   CHECK_EQ(v, 1);
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]); /* capturing, unpaused */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glPauseTransformFeedback();
   mgl_glGetIntegerv(GL_TRANSFORM_FEEDBACK_PAUSED, &v);
   CHECK_EQ(v, 1);
   mgl_glDeleteTransformFeedbacks(1, &t[0]); /* active */
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(fake_count_of(MGP_CALL_delete_stream_output_object), 0);
   /* B begins and ends while A is paused: the server keeps A's capture */
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
   mgl_glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &v);
   CHECK_EQ((GLuint)v, t[1]);
   mgl_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b[1]);
   mgl_glBeginTransformFeedback(GL_TRIANGLES);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glEndTransformFeedback();
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_end_stream_output), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_begin_stream_output), 2);
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
   const unsigned targets = fake_count_of(MGP_CALL_set_stream_output_targets);
   mgl_glResumeTransformFeedback();
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_resume_stream_output), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_begin_stream_output), 2);
   CHECK_EQ(fake_count_of(MGP_CALL_set_stream_output_targets), targets);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_stream_output_object), 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glEndTransformFeedback();
   CHECK_EQ(fake_count_of(MGP_CALL_end_stream_output), 2);

   /* the draws: B's and A's counts, buffer 0's stride */
   mgl_glDrawTransformFeedback(GL_TRIANGLES, t[1]);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDrawTransformFeedbackInstanced(GL_POINTS, t[0], 3);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_stream_output), 2);
   r = fake_find(MGP_CALL_draw_stream_output, 0);
   if (r) {
      const struct mgp_draw_stream_output *a = (const void *)r->args;
      CHECK_EQ(a->object, t[1]);
      CHECK_EQ(a->stride, 16);
      CHECK_EQ(a->instances, 1);
      CHECK_EQ(a->mode, MGP_PRIM_TRIANGLES);
   }
   r = fake_find(MGP_CALL_draw_stream_output, 1);
   if (r) {
      const struct mgp_draw_stream_output *a = (const void *)r->args;
      CHECK_EQ(a->object, t[0]);
      CHECK_EQ(a->instances, 3);
      CHECK_EQ(a->mode, MGP_PRIM_POINTS);
   }
   mgl_glDrawTransformFeedbackInstanced(GL_TRIANGLES, t[0], -1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDrawTransformFeedbackInstanced(GL_TRIANGLES, t[0], 0); /* nothing to draw */
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDrawTransformFeedbackStream(GL_TRIANGLES, t[0], 1); /* GL_MAX_VERTEX_STREAMS is 1 */
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDrawTransformFeedback(GL_QUADS, t[0]);
   CHECK_ERR(GL_INVALID_ENUM);
   /* a line loop's count stays on the GPU: the device draws loops only rewritten */
   before = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   mgl_glDrawTransformFeedback(GL_LINE_LOOP, t[0]);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented), before + 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_stream_output), 2);

   /* deleting the bound object: the server forgets it and binds 0, as the client does */
   mgl_glDeleteTransformFeedbacks(3, t);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_delete_stream_output_object), 2); /* t[2] was never bound */
   mgl_glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &v);
   CHECK_EQ(v, 0);
   mgl_glDrawTransformFeedback(GL_TRIANGLES, t[0]);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDeleteProgram(prog);
   env_finish(&e);
   fake_caps.cap_bits &= ~(MGP_CAP_TRANSFORM_FEEDBACK | MGP_CAP_XFB_OBJECTS);
}

/* GL 4.0's vertex streams where the server has them (MGP_CAP_VERTEX_STREAMS):
 * GL_MAX_VERTEX_STREAMS is 4; glBegin/EndQueryIndexed of a primitive query carry the stream as
 * the record's index (GL_INVALID_VALUE at 4, GL_CURRENT_QUERY per stream); and
 * glDrawTransformFeedbackStream draws the stream's first buffer with that buffer's stride, a
 * stream no buffer captured nothing, a stream at 4 GL_INVALID_VALUE. */
static void
test_vertex_streams(void)
{
   struct fe_test_env e;
   const uint64_t caps = MGP_CAP_TRANSFORM_FEEDBACK | MGP_CAP_XFB_OBJECTS |
                         MGP_CAP_XFB_PRIMITIVES_QUERY | MGP_CAP_VERTEX_STREAMS;
   fake_caps.cap_bits |= caps;
   env_init(&e, 16, 16);
   GLint lim = -1;
   mgl_glGetIntegerv(GL_MAX_VERTEX_STREAMS, &lim);
   CHECK_EQ(lim, 4);
   GLuint q[2];
   mgl_glGenQueries(2, q);
   mgl_glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 4, q[0]);
   CHECK_ERR(GL_INVALID_VALUE);
   const unsigned begins = fake_count_of(MGP_CALL_begin_query);
   mgl_glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 3, q[0]);
   mgl_glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 1, q[1]);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_begin_query), begins + 2);
   const struct fake_rec *r = fake_find(MGP_CALL_begin_query, begins);
   CHECK(r && ((const struct mgp_query_desc *)(const void *)r->args)->index == 3);
   GLint cur = 0;
   mgl_glGetQueryIndexediv(GL_PRIMITIVES_GENERATED, 1, GL_CURRENT_QUERY, &cur);
   CHECK_EQ((GLuint)cur, q[1]);
   mgl_glGetQueryIndexediv(GL_PRIMITIVES_GENERATED, 2, GL_CURRENT_QUERY, &cur);
   CHECK_EQ(cur, 0);
   mgl_glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 1, q[0]); /* stream 1 has one active */
   CHECK_ERR(GL_INVALID_OPERATION);
   const unsigned ends = fake_count_of(MGP_CALL_end_query);
   mgl_glEndQueryIndexed(GL_PRIMITIVES_GENERATED, 3);
   CHECK_ERR(GL_NO_ERROR);
   r = fake_find(MGP_CALL_end_query, ends);
   CHECK(r && ((const struct mgp_query_desc *)(const void *)r->args)->index == 3);
   mgl_glEndQueryIndexed(GL_PRIMITIVES_GENERATED, 3); /* none active there now */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDeleteQueries(2, q); /* q[1] active on stream 1: ended with its index */
   CHECK_ERR(GL_NO_ERROR);
   r = fake_find(MGP_CALL_end_query, ends + 1);
   CHECK(r && ((const struct mgp_query_desc *)(const void *)r->args)->index == 1);

   /* buffer 0: stream 0, 16 bytes; buffer 1: stream 2, 32 bytes */
   struct fake_program fp = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_xfb = 1,
                             .xfb_stride = 16,
                             .xfb_stride1 = 32,
                             .xfb_stream1 = 2};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo, b[2], t;
   make_triangle(&vao, &vbo);
   mgl_glGenBuffers(2, b);
   mgl_glGenTransformFeedbacks(1, &t);
   mgl_glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, t);
   for (int i = 0; i < 2; i++) {
      mgl_glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b[i]);
      mgl_glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 1024, NULL, GL_STREAM_READ);
      mgl_glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, (GLuint)i, b[i]);
   }
   mgl_glBeginTransformFeedback(GL_TRIANGLES);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glEndTransformFeedback();
   CHECK_ERR(GL_NO_ERROR);
   const unsigned draws = fake_count_of(MGP_CALL_draw_stream_output);
   mgl_glDrawTransformFeedbackStream(GL_POINTS, t, 2);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_stream_output), draws + 1);
   r = fake_find(MGP_CALL_draw_stream_output, draws);
   if (r) {
      const struct mgp_draw_stream_output *a = (const void *)r->args;
      CHECK_EQ(a->object, t);
      CHECK_EQ(a->stream, 2);
      CHECK_EQ(a->buffer, 1);
      CHECK_EQ(a->stride, 32);
   }
   mgl_glDrawTransformFeedbackStream(GL_POINTS, t, 0);
   r = fake_find(MGP_CALL_draw_stream_output, draws + 1);
   CHECK(r && ((const struct mgp_draw_stream_output *)(const void *)r->args)->buffer == 0 &&
         ((const struct mgp_draw_stream_output *)(const void *)r->args)->stride == 16);
   mgl_glDrawTransformFeedbackStream(GL_POINTS, t, 1); /* no buffer held stream 1: nothing */
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDrawTransformFeedbackStream(GL_POINTS, t, 4);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_stream_output), draws + 2);
   mgl_glDeleteTransformFeedbacks(1, &t);
   mgl_glDeleteProgram(prog);
   env_finish(&e);
   fake_caps.cap_bits &= ~caps;
}

/* ARB_viewport_array's ranges (GL 4.1 13.6.1): first + count past GL_MAX_VIEWPORTS or a
 * negative count is GL_INVALID_VALUE and changes nothing; an empty range ending at the last
 * viewport is none; GL_SCISSOR_TEST indexed past the viewports is GL_INVALID_VALUE. */
static void
test_viewport_ranges(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLint max = 0;
   mgl_glGetIntegerv(GL_MAX_VIEWPORTS, &max);
   CHECK_EQ(max, 16);
   const GLfloat v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
   mgl_glViewportArrayv(16, 0, v);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glViewportArrayv(17, 0, v);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glViewportArrayv(15, 2, v);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glViewportArrayv(0, -1, v);
   CHECK_ERR(GL_INVALID_VALUE);
   const GLfloat neg[8] = {0, 0, 4, 4, 0, 0, -1, 4};
   mgl_glViewportArrayv(2, 2, neg); /* the second is refused: neither changes */
   CHECK_ERR(GL_INVALID_VALUE);
   GLfloat f[4];
   mgl_glGetFloati_v(GL_VIEWPORT, 2, f);
   CHECK(f[2] == 16.0f);
   const GLdouble d[4] = {0, 1, 0, 1};
   mgl_glDepthRangeArrayv(15, 2, d);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDepthRangeIndexed(16, 0, 1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDepthRangeIndexed(4, -1.0, 2.0); /* clamped to [0, 1] */
   GLdouble got[2];
   mgl_glGetDoublei_v(GL_DEPTH_RANGE, 4, got);
   CHECK(got[0] == 0.0 && got[1] == 1.0);
   const GLint s[4] = {0, 0, 1, 1};
   mgl_glScissorArrayv(16, 1, s);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glScissorIndexedv(16, s);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDisablei(GL_SCISSOR_TEST, 16);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK(!mgl_glIsEnabledi(GL_SCISSOR_TEST, 16));
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetIntegeri_v(GL_SCISSOR_BOX, 16, (GLint *)f);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glEnablei(GL_DEPTH_TEST, 0); /* not an indexed capability */
   CHECK_ERR(GL_INVALID_ENUM);
   GLfloat b[2];
   mgl_glGetFloatv(GL_VIEWPORT_BOUNDS_RANGE, b);
   CHECK(b[0] == -32768.0f && b[1] == 32767.0f); /* the fake device's 16384 */
   mgl_glGetIntegerv(GL_VIEWPORT_INDEX_PROVOKING_VERTEX, &max);
   CHECK_EQ(max, GL_UNDEFINED_VERTEX);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

int
main(void)
{
   test_first_error_sticks();
   test_vertex_type_10f_11f_11f();
   test_viewport_ranges();
   test_buffer_errors();
   test_clear_buffer();
   test_texture_integer();
   test_desktop_names();
   test_mirror_clamp();
   test_polygon_offset_clamp();
   test_draw_errors();
   test_indirect_errors();
   test_indirect_count();
   test_base_instance();
   test_pipeline_statistics();
   test_draw_parameters();
   test_image_errors();
   test_atomic_errors();
   test_vertex_binding_errors();
   test_multi_bind_errors();
   test_uniform_errors();
   test_uniform_shapes();
   test_robust_uniform_reads();
   test_double_uniforms();
   test_program_errors();
   test_geometry_errors();
   test_subroutine_errors();
   test_state_errors();
   test_texture_fbo_errors();
   test_fbo_sample_mismatch();
   test_depth_stencil_type_errors();
   test_lost_context(true);
   test_lost_context(false);
   test_lost_word(MGT_FAIL_DIRECT, FAKE_WORD_CLIENT);
   test_lost_word(MGT_FAIL_DIRECT, FAKE_WORD_SERVER);
   test_lost_word(MGT_FAIL_RING, FAKE_WORD_CLIENT);
   test_lost_word(MGT_FAIL_RING, FAKE_WORD_SERVER);
   test_lost_word(MGT_FAIL_RING, FAKE_WORD_ENCODER);
   test_lost_word(MGT_FAIL_RING, FAKE_WORD_RING);
   test_no_error_context();
   test_share_group();
   test_texture_bind_cache_share();
   test_missing_backend_calls();
   test_buffer_subdata_records();
   test_timer_queries();
   test_conditional_render();
   test_occlusion_any();
   test_xfb_objects();
   test_xfb_objects_desktop();
   test_vertex_streams();
   test_dual_source_caps();
   test_blend_advanced();
   test_sample_count_caps();
   test_image_uniform_units();
   return fe_test_report("unit.frontend.errors");
}
