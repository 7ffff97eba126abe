/* test_dsa.c — unit.frontend.dsa: GL 4.5 direct state access (ARB_direct_state_access) on a
 * core context: objects that glCreate* makes exist at once, commands that name an object act on
 * it without touching any binding, GL 4.6's errors for names that are no object, and the named
 * and bound paths leave the same state. */
#include "fe_test_util.h"

static GLint
binding(GLenum pname)
{
   GLint v = -1;
   mgl_glGetIntegerv(pname, &v);
   return v;
}

static void
test_buffers(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);

   GLuint gen, made[2];
   mgl_glGenBuffers(1, &gen);
   mgl_glCreateBuffers(-1, made);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glCreateBuffers(2, made);
   CHECK_ERR(GL_NO_ERROR);
   /* created objects exist before any bind; a generated name does not */
   CHECK(mgl_glIsBuffer(made[0]) && mgl_glIsBuffer(made[1]));
   CHECK(!mgl_glIsBuffer(gen));
   mgl_glNamedBufferData(gen, 16, NULL, GL_STATIC_DRAW);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glNamedBufferData(0, 16, NULL, GL_STATIC_DRAW);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glNamedBufferData(made[0], -1, NULL, GL_STATIC_DRAW);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glNamedBufferData(made[0], 16, NULL, GL_RGBA);
   CHECK_ERR(GL_INVALID_ENUM);

   /* data, subdata and reads, with no buffer bound anywhere */
   const uint8_t bytes[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
   mgl_glNamedBufferData(made[0], 16, bytes, GL_DYNAMIC_DRAW);
   mgl_glNamedBufferSubData(made[0], 4, 4, (const uint8_t[]){40, 50, 60, 70});
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(binding(GL_ARRAY_BUFFER_BINDING), 0);
   CHECK_EQ(binding(GL_COPY_READ_BUFFER_BINDING), 0);
   mgl_glNamedBufferSubData(made[0], 12, 8, bytes);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glNamedBufferSubData(made[0], -4, 4, bytes);
   CHECK_ERR(GL_INVALID_VALUE);
   /* an offset near the top of the range: no wrap past the store's end */
   mgl_glNamedBufferSubData(made[0], INTPTR_MAX - 2, 4, bytes);
   CHECK_ERR(GL_INVALID_VALUE);
   uint8_t got[16] = {0};
   mgl_glGetNamedBufferSubData(made[0], 0, 16, got);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(got[3], 4);
   CHECK_EQ(got[4], 40);
   CHECK_EQ(got[7], 70);
   CHECK_EQ(got[8], 9);
   mgl_glGetNamedBufferSubData(gen, 0, 4, got);
   CHECK_ERR(GL_INVALID_OPERATION);

   GLint v = -1;
   GLint64 v64 = -1;
   mgl_glGetNamedBufferParameteriv(made[0], GL_BUFFER_SIZE, &v);
   CHECK_EQ(v, 16);
   mgl_glGetNamedBufferParameteri64v(made[0], GL_BUFFER_USAGE, &v64);
   CHECK_EQ(v64, GL_DYNAMIC_DRAW);
   mgl_glGetNamedBufferParameteriv(made[0], GL_TEXTURE_2D, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetNamedBufferParameteriv(gen, GL_BUFFER_SIZE, &v);
   CHECK_ERR(GL_INVALID_OPERATION);
   /* a created buffer has the initial state (GL 4.6 table 23.6) */
   mgl_glGetNamedBufferParameteriv(made[1], GL_BUFFER_SIZE, &v);
   CHECK_EQ(v, 0);
   mgl_glGetNamedBufferParameteriv(made[1], GL_BUFFER_USAGE, &v);
   CHECK_EQ(v, GL_STATIC_DRAW);

   /* copy between two unbound buffers (whose bytes the client knows: read from its copy) */
   mgl_glNamedBufferData(made[1], 8, (const uint8_t[8]){0}, GL_STATIC_DRAW);
   mgl_glCopyNamedBufferSubData(made[0], made[1], 4, 0, 8);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glCopyNamedBufferSubData(made[0], made[1], 12, 0, 8);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glCopyNamedBufferSubData(made[0], gen, 0, 0, 4);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glCopyNamedBufferSubData(made[0], made[0], 0, 2, 4); /* overlapping */
   CHECK_ERR(GL_INVALID_VALUE);
   memset(got, 0, sizeof(got));
   mgl_glGetNamedBufferSubData(made[1], 0, 8, got);
   CHECK_EQ(got[0], 40);
   CHECK_EQ(got[4], 9);

   /* mapping by name */
   uint8_t *p =
      mgl_glMapNamedBufferRange(made[1], 2, 4, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(p != NULL);
   void *ptr = NULL;
   mgl_glGetNamedBufferPointerv(made[1], GL_BUFFER_MAP_POINTER, &ptr);
   CHECK(ptr == p);
   mgl_glGetNamedBufferParameteriv(made[1], GL_BUFFER_MAPPED, &v);
   CHECK_EQ(v, GL_TRUE);
   mgl_glGetNamedBufferParameteri64v(made[1], GL_BUFFER_MAP_OFFSET, &v64);
   CHECK_EQ(v64, 2);
   mgl_glMapNamedBufferRange(made[1], 0, 4, GL_MAP_READ_BIT); /* already mapped */
   CHECK_ERR(GL_INVALID_OPERATION);
   p[0] = 0xAA;
   p[3] = 0xBB;
   mgl_glFlushMappedNamedBufferRange(made[1], 3, 2); /* past the mapped range */
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glFlushMappedNamedBufferRange(made[1], 0, 1);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glUnmapNamedBuffer(made[1]));
   CHECK(!mgl_glUnmapNamedBuffer(made[1]));
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetNamedBufferSubData(made[1], 0, 8, got);
   CHECK_EQ(got[2], 0xAA);
   CHECK_EQ(got[1], 50); /* before the mapped range */
   p = mgl_glMapNamedBuffer(made[1], GL_READ_ONLY);
   CHECK(p != NULL && p[2] == 0xAA);
   mgl_glGetNamedBufferParameteriv(made[1], GL_BUFFER_ACCESS, &v);
   CHECK_EQ(v, GL_READ_ONLY);
   mgl_glUnmapNamedBuffer(made[1]);
   mgl_glMapNamedBuffer(made[1], GL_RGBA);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glMapNamedBuffer(gen, GL_READ_ONLY);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(binding(GL_ARRAY_BUFFER_BINDING), 0);
   CHECK_EQ(binding(GL_COPY_WRITE_BUFFER_BINDING), 0);

   /* clears by name (GL 4.5 with ARB_clear_buffer_object), with no buffer bound anywhere */
   mgl_glClearNamedBufferSubData(made[0], GL_R8UI, 4, 4, GL_RED_INTEGER, GL_UNSIGNED_BYTE,
                                 (const uint8_t[]){7});
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetNamedBufferSubData(made[0], 0, 16, got);
   CHECK_EQ(got[3], 4);
   CHECK_EQ(got[4], 7);
   CHECK_EQ(got[7], 7);
   CHECK_EQ(got[8], 9);
   mgl_glClearNamedBufferSubData(made[0], GL_R8UI, 12, 8, GL_RED_INTEGER, GL_UNSIGNED_BYTE,
                                 (const uint8_t[]){7});
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glClearNamedBufferData(gen, GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, (const uint8_t[]){7});
   CHECK_ERR(GL_INVALID_OPERATION); /* generated, never bound nor created */
   mgl_glClearNamedBufferData(made[0], GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE,
                              (const uint8_t[]){3});
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetNamedBufferSubData(made[0], 0, 16, got);
   CHECK_EQ(got[0], 3);
   CHECK_EQ(got[15], 3);
   CHECK_EQ(binding(GL_ARRAY_BUFFER_BINDING), 0);

   /* the bound path is untouched: a bound buffer and a named one side by side */
   mgl_glBindBuffer(GL_ARRAY_BUFFER, gen);
   mgl_glBufferData(GL_ARRAY_BUFFER, 4, bytes, GL_STATIC_DRAW);
   mgl_glNamedBufferSubData(gen, 0, 1, (const uint8_t[]){99});
   mgl_glGetBufferSubData(GL_ARRAY_BUFFER, 0, 2, got);
   CHECK_EQ(got[0], 99);
   CHECK_EQ(got[1], 2);
   CHECK_EQ(binding(GL_ARRAY_BUFFER_BINDING), (GLint)gen);
   CHECK_ERR(GL_NO_ERROR);

   mgl_glDeleteBuffers(2, made);
   mgl_glNamedBufferData(made[0], 4, NULL, GL_STATIC_DRAW); /* deleted */
   CHECK_ERR(GL_INVALID_OPERATION);
   env_finish(&e);
}

static void
test_vertex_arrays(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);

   GLuint gen, vao[2], buf[2];
   mgl_glGenVertexArrays(1, &gen);
   mgl_glCreateVertexArrays(2, vao);
   mgl_glCreateBuffers(2, buf);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glIsVertexArray(vao[0]));
   CHECK(!mgl_glIsVertexArray(gen));
   mgl_glCreateVertexArrays(-1, vao);
   CHECK_ERR(GL_INVALID_VALUE);

   /* names that are no vertex array: generated and never bound, and zero in a core profile */
   mgl_glEnableVertexArrayAttrib(gen, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexArrayElementBuffer(0, buf[0]);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexArrayVertexBuffer(999, 0, buf[0], 0, 16);
   CHECK_ERR(GL_INVALID_OPERATION);

   mgl_glVertexArrayElementBuffer(vao[0], buf[1]);
   mgl_glVertexArrayVertexBuffer(vao[0], 3, buf[0], 32, 24);
   mgl_glVertexArrayAttribFormat(vao[0], 1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 12);
   mgl_glVertexArrayAttribIFormat(vao[0], 2, 2, GL_INT, 4);
   mgl_glVertexArrayAttribBinding(vao[0], 1, 3);
   mgl_glVertexArrayBindingDivisor(vao[0], 3, 2);
   mgl_glEnableVertexArrayAttrib(vao[0], 1);
   CHECK_ERR(GL_NO_ERROR);
   /* no binding changed, and the current (zero) vertex array is still none */
   CHECK_EQ(binding(GL_VERTEX_ARRAY_BINDING), 0);
   CHECK_EQ(binding(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0);
   CHECK_EQ(binding(GL_ARRAY_BUFFER_BINDING), 0);

   /* errors of the shared bodies, on the named object */
   mgl_glVertexArrayVertexBuffer(vao[0], 16, buf[0], 0, 16);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexArrayVertexBuffer(vao[0], 0, buf[0], -1, 16);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexArrayElementBuffer(vao[0], 999);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glVertexArrayAttribFormat(vao[0], 0, 5, GL_FLOAT, GL_FALSE, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glVertexArrayAttribIFormat(vao[0], 0, 4, GL_FLOAT, 0);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glVertexArrayAttribBinding(vao[0], 0, 16);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glEnableVertexArrayAttrib(vao[0], 16);
   CHECK_ERR(GL_INVALID_VALUE);

   GLint v = -1;
   GLint64 v64 = -1;
   mgl_glGetVertexArrayiv(vao[0], GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ(v, (GLint)buf[1]);
   mgl_glGetVertexArrayiv(vao[1], GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ(v, 0);
   mgl_glGetVertexArrayiv(vao[0], GL_ARRAY_BUFFER_BINDING, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetVertexArrayIndexediv(vao[0], 1, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   CHECK_EQ(v, GL_TRUE);
   mgl_glGetVertexArrayIndexediv(vao[0], 1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET, &v);
   CHECK_EQ(v, 12);
   mgl_glGetVertexArrayIndexediv(vao[0], 1, GL_VERTEX_ATTRIB_ARRAY_DIVISOR, &v);
   CHECK_EQ(v, 2);
   mgl_glGetVertexArrayIndexediv(vao[0], 1, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, &v);
   CHECK_EQ(v, GL_TRUE);
   mgl_glGetVertexArrayIndexediv(vao[0], 2, GL_VERTEX_ATTRIB_ARRAY_INTEGER, &v);
   CHECK_EQ(v, GL_TRUE);
   mgl_glGetVertexArrayIndexediv(vao[0], 2, GL_VERTEX_ATTRIB_ARRAY_LONG, &v);
   CHECK_EQ(v, GL_FALSE);
   mgl_glGetVertexArrayIndexediv(vao[0], 1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetVertexArrayIndexediv(vao[0], 16, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetVertexArrayIndexed64iv(vao[0], 3, GL_VERTEX_BINDING_OFFSET, &v64);
   CHECK_EQ(v64, 32);
   mgl_glGetVertexArrayIndexed64iv(vao[0], 3, GL_VERTEX_BINDING_STRIDE, &v64);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_ERR(GL_NO_ERROR);

   /* bound, the named object answers the bound queries with what DSA set */
   mgl_glBindVertexArray(vao[0]);
   CHECK_EQ(binding(GL_ELEMENT_ARRAY_BUFFER_BINDING), (GLint)buf[1]);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 3, &v);
   CHECK_EQ(v, 24);
   mgl_glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ(v, (GLint)buf[0]);
   mgl_glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_BINDING, &v);
   CHECK_EQ(v, 3);
   /* and DSA on another vertex array leaves the bound one */
   mgl_glVertexArrayElementBuffer(vao[1], buf[0]);
   CHECK_EQ(binding(GL_ELEMENT_ARRAY_BUFFER_BINDING), (GLint)buf[1]);
   const GLuint bufs[2] = {buf[1], buf[0]};
   const GLintptr offs[2] = {4, 8};
   const GLsizei strides[2] = {12, 20};
   mgl_glVertexArrayVertexBuffers(vao[1], 0, 2, bufs, offs, strides);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetVertexArrayIndexed64iv(vao[1], 1, GL_VERTEX_BINDING_OFFSET, &v64);
   CHECK_EQ(v64, 8);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_OFFSET, 1, &v);
   CHECK_EQ(v, 0); /* vao[0]'s binding 1 */
   mgl_glDisableVertexArrayAttrib(vao[0], 1);
   mgl_glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   CHECK_EQ(v, GL_FALSE);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

static GLint
tex_level(GLuint tex, GLint level, GLenum pname)
{
   GLint v = -1;
   mgl_glGetTextureLevelParameteriv(tex, level, pname, &v);
   return v;
}

static void
test_textures(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);

   GLuint gen, t[3];
   mgl_glGenTextures(1, &gen);
   mgl_glCreateTextures(GL_RGBA, 1, t);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glCreateTextures(GL_TEXTURE_2D, -1, t);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glCreateTextures(GL_TEXTURE_2D, 2, t);
   mgl_glCreateTextures(GL_TEXTURE_3D, 1, &t[2]);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glIsTexture(t[0]) && !mgl_glIsTexture(gen));
   /* a created texture has its target: binding it to another is an error */
   mgl_glBindTexture(GL_TEXTURE_3D, t[0]);
   CHECK_ERR(GL_INVALID_OPERATION);

   mgl_glTextureStorage2D(gen, 1, GL_RGBA8, 4, 4);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glTextureStorage3D(t[0], 1, GL_RGBA8, 4, 4, 1); /* a 2D texture (GL 4.6 §8.19) */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glTextureStorage2D(t[0], 4, GL_RGBA8, 8, 8);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTextureStorage2D(t[0], 1, GL_RGBA8, 8, 8); /* immutable now */
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(tex_level(t[0], 2, GL_TEXTURE_WIDTH), 2);
   CHECK_EQ(tex_level(t[0], 0, GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA8);
   mgl_glGetTextureLevelParameteriv(t[0], -1, GL_TEXTURE_WIDTH, (GLint[1]){0});
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTextureStorage3D(t[2], 1, GL_RGBA8, 4, 4, 2);
   CHECK_EQ(tex_level(t[2], 0, GL_TEXTURE_DEPTH), 2);
   CHECK_ERR(GL_NO_ERROR);
   /* the texture unit bindings never moved */
   CHECK_EQ(binding(GL_TEXTURE_BINDING_2D), 0);
   CHECK_EQ(binding(GL_TEXTURE_BINDING_3D), 0);

   const uint8_t texels[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 9};
   mgl_glTextureSubImage2D(t[0], 0, 6, 6, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTextureSubImage2D(t[0], 0, 7, 7, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTextureSubImage1D(t[0], 0, 0, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels); /* not 1D */
   CHECK_ERR(GL_INVALID_OPERATION); /* a named texture's effective target (GL 4.6 §8.6) */
   mgl_glTextureSubImage3D(t[2], 0, 0, 0, 1, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTextureSubImage3D(t[2], 0, 0, 0, 2, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   CHECK_ERR(GL_INVALID_VALUE);

   /* parameters by name, read back by name and through a binding */
   mgl_glTextureParameteri(t[0], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   mgl_glTextureParameterf(t[0], GL_TEXTURE_MAX_LOD, 3.0f);
   mgl_glTextureParameteriv(t[0], GL_TEXTURE_SWIZZLE_RGBA,
                            (const GLint[4]){GL_BLUE, GL_GREEN, GL_RED, GL_ONE});
   mgl_glTextureParameterIuiv(t[0], GL_TEXTURE_BORDER_COLOR, (const GLuint[4]){1, 2, 3, 4});
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTextureParameteri(t[0], GL_TEXTURE_MIN_FILTER, GL_RGBA);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTextureParameteri(gen, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   CHECK_ERR(GL_INVALID_OPERATION);
   GLint v[4] = {0};
   GLfloat f = 0;
   mgl_glGetTextureParameteriv(t[0], GL_TEXTURE_MIN_FILTER, v);
   CHECK_EQ(v[0], GL_NEAREST);
   mgl_glGetTextureParameterfv(t[0], GL_TEXTURE_MAX_LOD, &f);
   CHECK(f == 3.0f);
   mgl_glGetTextureParameterIuiv(t[0], GL_TEXTURE_BORDER_COLOR, (GLuint *)v);
   CHECK_EQ(v[3], 4);
   mgl_glGetTextureParameteriv(t[0], GL_TEXTURE_IMMUTABLE_LEVELS, v);
   CHECK_EQ(v[0], 4);
   mgl_glGetTextureParameteriv(gen, GL_TEXTURE_MIN_FILTER, v);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindTexture(GL_TEXTURE_2D, t[0]);
   mgl_glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, v);
   CHECK_EQ(v[0], GL_BLUE);
   mgl_glBindTexture(GL_TEXTURE_2D, 0);

   /* glBindTextureUnit binds at the texture's own target, leaves the active unit */
   mgl_glBindTextureUnit(3, t[2]);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(binding(GL_ACTIVE_TEXTURE), GL_TEXTURE0);
   mgl_glActiveTexture(GL_TEXTURE3);
   CHECK_EQ(binding(GL_TEXTURE_BINDING_3D), (GLint)t[2]);
   mgl_glBindTextureUnit(3, 0);
   CHECK_EQ(binding(GL_TEXTURE_BINDING_3D), 0);
   mgl_glActiveTexture(GL_TEXTURE0);
   mgl_glBindTextureUnit(3, gen);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindTextureUnit(FE_MAX_TEXTURE_UNITS, t[0]);
   CHECK_ERR(GL_INVALID_VALUE);

   /* compressed sub-images by name: the shared body's checks */
   mgl_glCompressedTextureSubImage2D(t[0], 0, 0, 0, 4, 4, GL_RGBA8, 16, texels);
   CHECK_ERR(GL_INVALID_ENUM); /* not a compressed format */
   mgl_glCompressedTextureSubImage2D(gen, 0, 0, 0, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, texels);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glCompressedTextureSubImage2D(t[0], 0, 0, 0, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, texels);
   CHECK_ERR(GL_INVALID_OPERATION); /* the image is GL_RGBA8 */
   mgl_glCompressedTextureSubImage1D(t[0], 0, 0, 4, GL_COMPRESSED_RED_RGTC1, 8, texels);
   CHECK_ERR(GL_INVALID_OPERATION); /* a 2D texture */
   GLuint ct;
   mgl_glCreateTextures(GL_TEXTURE_2D, 1, &ct);
   mgl_glTextureStorage2D(ct, 1, GL_COMPRESSED_RED_RGTC1, 8, 8);
   mgl_glCompressedTextureSubImage2D(ct, 0, 4, 4, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, texels);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(tex_level(ct, 0, GL_TEXTURE_COMPRESSED), GL_TRUE);

   /* texels back by name */
   uint8_t img[8 * 8 * 4];
   mgl_glGetTextureImage(t[0], 0, GL_RGBA, GL_UNSIGNED_BYTE, sizeof img, img);
   CHECK_ERR(GL_NO_ERROR);
   /* GL 4.5's glGetnTexImage of the bound texture: bufSize bounds the bytes */
   uint8_t img2[8 * 8 * 4];
   GLint bound = 0;
   mgl_glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
   mgl_glBindTexture(GL_TEXTURE_2D, t[0]);
   mgl_glGetnTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, sizeof img2 - 1, img2);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetnTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, sizeof img2, img2);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(!memcmp(img, img2, sizeof img));
   mgl_glBindTexture(GL_TEXTURE_2D, (GLuint)bound);
   mgl_glGetTextureImage(t[0], -1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof img, img);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetTextureImage(gen, 0, GL_RGBA, GL_UNSIGNED_BYTE, sizeof img, img);
   CHECK_ERR(GL_INVALID_OPERATION);

   /* a buffer texture by name */
   GLuint tb, b;
   mgl_glCreateTextures(GL_TEXTURE_BUFFER, 1, &tb);
   mgl_glCreateBuffers(1, &b);
   mgl_glNamedBufferData(b, 64, NULL, GL_STATIC_DRAW);
   mgl_glTextureBuffer(t[0], GL_RGBA8, b); /* a 2D texture */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glTextureBuffer(tb, GL_RGBA8, b);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(tex_level(tb, 0, GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA8);
   CHECK_EQ(binding(GL_TEXTURE_BINDING_BUFFER), 0);

   mgl_glGenerateTextureMipmap(t[0]);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGenerateTextureMipmap(gen);
   CHECK_ERR(GL_INVALID_OPERATION);
   env_finish(&e);
}

static void
test_framebuffers(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);

   GLuint gen, fb[2], rb[2], tex;
   mgl_glGenFramebuffers(1, &gen);
   mgl_glCreateFramebuffers(2, fb);
   mgl_glCreateRenderbuffers(2, rb);
   mgl_glCreateTextures(GL_TEXTURE_2D, 1, &tex);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glIsFramebuffer(fb[0]) && mgl_glIsRenderbuffer(rb[0]));
   CHECK(!mgl_glIsFramebuffer(gen));

   mgl_glNamedRenderbufferStorage(rb[0], GL_DEPTH24_STENCIL8, 8, 8);
   mgl_glNamedRenderbufferStorageMultisample(rb[1], 0, GL_RGBA8, 8, 8);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glNamedRenderbufferStorage(999, GL_RGBA8, 8, 8);
   CHECK_ERR(GL_INVALID_OPERATION);
   GLint v = -1;
   mgl_glGetNamedRenderbufferParameteriv(rb[1], GL_RENDERBUFFER_WIDTH, &v);
   CHECK_EQ(v, 8);
   CHECK_EQ(binding(GL_RENDERBUFFER_BINDING), 0);
   mgl_glTextureStorage2D(tex, 1, GL_RGBA8, 8, 8);

   CHECK_EQ(mgl_glCheckNamedFramebufferStatus(fb[0], GL_DRAW_FRAMEBUFFER),
            GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
   mgl_glNamedFramebufferTexture(fb[0], GL_COLOR_ATTACHMENT0, tex, 0);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(mgl_glCheckNamedFramebufferStatus(fb[0], GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   mgl_glNamedFramebufferRenderbuffer(fb[0], GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[0]);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(mgl_glCheckNamedFramebufferStatus(fb[0], GL_RGBA), 0);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_EQ(mgl_glCheckNamedFramebufferStatus(gen, GL_FRAMEBUFFER), 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   /* the default framebuffer is complete, and has no attachments to set */
   CHECK_EQ(mgl_glCheckNamedFramebufferStatus(0, GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   mgl_glNamedFramebufferTexture(0, GL_COLOR_ATTACHMENT0, tex, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glNamedFramebufferTexture(fb[1], GL_RGBA, tex, 0);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glNamedFramebufferRenderbuffer(fb[1], GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rb[1]);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glNamedFramebufferTextureLayer(fb[1], GL_COLOR_ATTACHMENT0, tex, 0, 0); /* 2D: no layers */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetNamedFramebufferAttachmentParameteriv(fb[0], GL_COLOR_ATTACHMENT0,
                                                  GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   CHECK_EQ(v, (GLint)tex);
   mgl_glGetNamedFramebufferAttachmentParameteriv(fb[0], GL_STENCIL_ATTACHMENT,
                                                  GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   CHECK_EQ(v, GL_RENDERBUFFER);
   CHECK_EQ(binding(GL_DRAW_FRAMEBUFFER_BINDING), 0);
   CHECK_EQ(binding(GL_READ_FRAMEBUFFER_BINDING), 0);

   /* draw and read buffers of an unbound framebuffer */
   mgl_glNamedFramebufferDrawBuffers(fb[1], 2, (const GLenum[2]){GL_NONE, GL_COLOR_ATTACHMENT1});
   mgl_glNamedFramebufferReadBuffer(fb[1], GL_COLOR_ATTACHMENT2);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glNamedFramebufferDrawBuffer(fb[1], GL_BACK); /* not for an FBO */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glNamedFramebufferReadBuffer(gen, GL_COLOR_ATTACHMENT0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fb[1]);
   CHECK_EQ(binding(GL_DRAW_BUFFER0), GL_NONE);
   CHECK_EQ(binding(GL_DRAW_BUFFER1), GL_COLOR_ATTACHMENT1);
   CHECK_EQ(binding(GL_READ_BUFFER), GL_COLOR_ATTACHMENT2);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0);

   /* clears and blits name their framebuffers; the bindings stay */
   fake_clear();
   mgl_glClearNamedFramebufferfv(fb[0], GL_COLOR, 0, (const GLfloat[4]){0, 1, 0, 1});
   mgl_glClearNamedFramebufferfi(fb[0], GL_DEPTH_STENCIL, 0, 1.0f, 0);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_clear), 2);
   mgl_glClearNamedFramebufferiv(fb[0], GL_DEPTH, 0, (const GLint[1]){0});
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glClearNamedFramebufferfv(fb[1], GL_COLOR, 0, (const GLfloat[4]){0});
   CHECK_ERR(GL_INVALID_FRAMEBUFFER_OPERATION); /* incomplete */
   mgl_glClearNamedFramebufferuiv(gen, GL_COLOR, 0, (const GLuint[4]){0});
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glBlitNamedFramebuffer(fb[0], 0, 0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBlitNamedFramebuffer(fb[0], fb[1], 0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT,
                              GL_NEAREST);
   CHECK_ERR(GL_INVALID_FRAMEBUFFER_OPERATION);
   mgl_glBlitNamedFramebuffer(fb[0], gen, 0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glInvalidateNamedFramebufferData(fb[0], 1, (const GLenum[1]){GL_COLOR_ATTACHMENT0});
   mgl_glInvalidateNamedFramebufferSubData(0, 1, (const GLenum[1]){GL_COLOR}, 0, 0, 4, 4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glInvalidateNamedFramebufferData(0, 1, (const GLenum[1]){GL_COLOR_ATTACHMENT0});
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_EQ(binding(GL_DRAW_FRAMEBUFFER_BINDING), 0);
   CHECK_EQ(binding(GL_READ_FRAMEBUFFER_BINDING), 0);

   GLuint smp, q;
   mgl_glCreateSamplers(1, &smp);
   CHECK(mgl_glIsSampler(smp));
   mgl_glCreateQueries(GL_TIME_ELAPSED, 1, &q);
   CHECK(mgl_glIsQuery(q));
   /* a created query has its initial state: result available, and 0 (GL 4.6 table 23.44) */
   GLint avail = -1, result = -1;
   mgl_glGetQueryObjectiv(q, GL_QUERY_RESULT_AVAILABLE, &avail);
   mgl_glGetQueryObjectiv(q, GL_QUERY_RESULT, &result);
   CHECK_EQ(avail, GL_TRUE);
   CHECK_EQ(result, 0);
   CHECK_ERR(GL_NO_ERROR);
   /* GL 4.4 ARB_query_buffer_object: with a buffer at GL_QUERY_BUFFER, params is an offset into
    * it, where glGetQueryObject* writes (the rest of the buffer kept) */
   GLuint qb;
   uint8_t fill[16];
   memset(fill, 0xff, sizeof(fill));
   mgl_glGenBuffers(1, &qb);
   mgl_glBindBuffer(GL_QUERY_BUFFER, qb);
   mgl_glBufferData(GL_QUERY_BUFFER, sizeof(fill), fill, GL_STATIC_DRAW);
   GLint bound = -1;
   mgl_glGetIntegerv(GL_QUERY_BUFFER_BINDING, &bound);
   CHECK_EQ(bound, (GLint)qb);
   mgl_glGetQueryObjectuiv(q, GL_QUERY_RESULT, (GLuint *)(uintptr_t)4);
   mgl_glGetQueryObjectuiv(q, GL_QUERY_RESULT_AVAILABLE, (GLuint *)(uintptr_t)8);
   mgl_glGetQueryObjectuiv(q, GL_QUERY_RESULT, (GLuint *)(uintptr_t)14); /* past the end */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGetQueryObjectuiv(q, GL_QUERY_RESULT_NO_WAIT, (GLuint *)(uintptr_t)12);
   CHECK_ERR(GL_NO_ERROR);
   uint32_t got[4] = {0};
   mgl_glGetBufferSubData(GL_QUERY_BUFFER, 0, sizeof(got), got);
   CHECK_EQ(got[0], 0xffffffffu);
   CHECK_EQ(got[1], 0u);
   CHECK_EQ(got[2], 1u);
   CHECK_EQ(got[3], 0u);
   mgl_glBindBuffer(GL_QUERY_BUFFER, 0);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glCreateQueries(GL_RGBA, 1, &q);
   CHECK_ERR(GL_INVALID_ENUM);
   env_finish(&e);
}

/* A cube map's faces are the slices of a named box (GL 4.6 §8.6, §8.11.4): compressed blocks
 * written to faces 1..3 with glCompressedTextureSubImage3D come back, all six faces in order, from
 * glGetCompressedTextureImage; a level with a face never written is GL_INVALID_OPERATION; and
 * glGenerateTextureMipmap of a buffer texture is GL_INVALID_OPERATION (GL 4.6 §8.14.4). */
static void
test_cube_faces(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLuint cube, partial, tb;
   mgl_glCreateTextures(GL_TEXTURE_CUBE_MAP, 1, &cube);
   mgl_glTextureStorage2D(cube, 1, GL_COMPRESSED_RED_RGTC1, 4, 4);
   CHECK_ERR(GL_NO_ERROR);
   uint8_t blocks[6][8];
   for (int f = 0; f < 6; f++)
      for (int i = 0; i < 8; i++)
         blocks[f][i] = (uint8_t)(16 * f + i);
   mgl_glCompressedTextureSubImage3D(cube, 0, 0, 0, 0, 4, 4, 6, GL_COMPRESSED_RED_RGTC1, 48,
                                     blocks);
   CHECK_ERR(GL_NO_ERROR);
   /* three faces' blocks, of other values, into faces 1..3 */
   uint8_t three[3][8];
   for (int f = 0; f < 3; f++)
      for (int i = 0; i < 8; i++)
         three[f][i] = (uint8_t)(200 + 8 * f + i);
   mgl_glCompressedTextureSubImage3D(cube, 0, 0, 0, 1, 4, 4, 3, GL_COMPRESSED_RED_RGTC1, 24, three);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glCompressedTextureSubImage3D(cube, 0, 0, 0, 4, 4, 4, 3, GL_COMPRESSED_RED_RGTC1, 24, three);
   CHECK_ERR(GL_INVALID_VALUE); /* faces 4..6: past the sixth */
   uint8_t got[6][8];
   memset(got, 0, sizeof got);
   mgl_glGetCompressedTextureImage(cube, 0, 47, got);
   CHECK_ERR(GL_INVALID_OPERATION); /* six faces need 48 bytes */
   mgl_glGetCompressedTextureImage(cube, 0, 48, got);
   CHECK_ERR(GL_NO_ERROR);
   for (int f = 0; f < 6; f++)
      CHECK(!memcmp(got[f], f >= 1 && f <= 3 ? three[f - 1] : blocks[f], 8));

   mgl_glCreateTextures(GL_TEXTURE_CUBE_MAP, 1, &partial);
   mgl_glBindTexture(GL_TEXTURE_CUBE_MAP, partial);
   mgl_glCompressedTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0,
                              8, blocks[0]);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetCompressedTextureImage(partial, 0, 48, got);
   CHECK_ERR(GL_INVALID_OPERATION); /* five faces undefined: not cube complete */
   mgl_glGetCompressedTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, got);
   CHECK_ERR(GL_NO_ERROR); /* one face through the binding */
   CHECK(!memcmp(got[0], blocks[0], 8));

   mgl_glCreateTextures(GL_TEXTURE_BUFFER, 1, &tb);
   mgl_glGenerateTextureMipmap(tb);
   CHECK_ERR(GL_INVALID_OPERATION);
   env_finish(&e);
}

/* A multisample texture has no sampler state (GL 4.6 §8.10): glTextureParameter* of a sampler
 * state is GL_INVALID_OPERATION, glTexParameter* through a multisample target GL_INVALID_ENUM;
 * a name that is no parameter stays GL_INVALID_ENUM, and the texture's own parameters (swizzle,
 * max level) are set through either. */
static void
test_multisample_params(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLuint ms[2];
   mgl_glCreateTextures(GL_TEXTURE_2D_MULTISAMPLE, 1, &ms[0]);
   mgl_glCreateTextures(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 1, &ms[1]);
   static const GLenum sampler[] = {GL_TEXTURE_MIN_FILTER,   GL_TEXTURE_MAG_FILTER,
                                    GL_TEXTURE_WRAP_S,       GL_TEXTURE_WRAP_R,
                                    GL_TEXTURE_COMPARE_MODE, GL_TEXTURE_MIN_LOD};
   static const GLint value[] = {GL_NEAREST,       GL_NEAREST, GL_CLAMP_TO_EDGE,
                                 GL_CLAMP_TO_EDGE, GL_NONE,    0};
   const GLenum targets[2] = {GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY};
   for (int t = 0; t < 2; t++) {
      mgl_glBindTexture(targets[t], ms[t]);
      for (size_t i = 0; i < sizeof sampler / sizeof sampler[0]; i++) {
         mgl_glTextureParameteri(ms[t], sampler[i], value[i]);
         CHECK_ERR(GL_INVALID_OPERATION);
         mgl_glTexParameteri(targets[t], sampler[i], value[i]);
         CHECK_ERR(GL_INVALID_ENUM);
      }
      const GLfloat border[4] = {1, 0, 0, 1};
      mgl_glTextureParameterfv(ms[t], GL_TEXTURE_BORDER_COLOR, border);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glTexParameterfv(targets[t], GL_TEXTURE_BORDER_COLOR, border);
      CHECK_ERR(GL_INVALID_ENUM);
      mgl_glTextureParameteri(ms[t], GL_TEXTURE_WIDTH, 1); /* no parameter at all */
      CHECK_ERR(GL_INVALID_ENUM);
      mgl_glTextureParameteri(ms[t], GL_TEXTURE_SWIZZLE_R, GL_GREEN);
      CHECK_ERR(GL_NO_ERROR);
      mgl_glTexParameteri(targets[t], GL_TEXTURE_MAX_LEVEL, 0);
      CHECK_ERR(GL_NO_ERROR);
      mgl_glTextureParameteri(ms[t], GL_TEXTURE_BASE_LEVEL, 1);
      CHECK_ERR(GL_INVALID_OPERATION);
   }
   mgl_glDeleteTextures(2, ms);
   env_finish(&e);
}

int
main(void)
{
   test_buffers();
   test_vertex_arrays();
   test_textures();
   test_framebuffers();
   test_cube_faces();
   test_multisample_params();
   return fe_test_report("unit.frontend.dsa");
}
