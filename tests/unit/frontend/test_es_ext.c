/* test_es_ext.c — unit.frontend.es_ext: the OpenGL ES 2.0 extensions mgl advertises and their
 * entry points' errors: GL_EXT_discard_framebuffer, GL_EXT_draw_buffers (glDrawBuffersEXT on the
 * default framebuffer and on an FBO), GL_OES_vertex_array_object; the extension string and the
 * glGetStringi list say the same; GL_FIXED and the desktop-only types of
 * glVertexAttribPointer on ES 2.0 / 3.0 / GL 3.3 core; program binaries (OES_get_program_binary,
 * ES 3.0, ARB_get_program_binary): a round trip, the errors, refused, truncated and flipped binaries; glGetShaderPrecisionFormat and glShaderBinary (ES 2.0, and GL
 * 4.1 semantics in a desktop context); ES 2.0's own state (and not ES 3.0's); no buffer
 * storage on ES 3.0; GL_EXT_depth_clamp only where the backend clamps (MGP_CAP_DEPTH_CLAMP);
 * the GL 4.x features under their ES names (EXT_clip_control, EXT_polygon_offset_clamp,
 * EXT_texture_mirror_clamp_to_edge, EXT_base_instance, EXT_buffer_storage, EXT_clear_texture,
 * KHR_parallel_shader_compile) where the ES version and the device's caps allow them. */
#include "fe_test_util.h"

#include <stdlib.h>

#include "fe_egl.h" /* fe_get_proc_address */
#include "hash.h"

static void
es_env(struct fe_test_env *e, int major)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   memset(e, 0, sizeof(*e));
   CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e->surf) == FE_OK);
   struct fe_context_desc d = {.api = FE_API_GLES, .major = major, .minor = 0, .format = f};
   CHECK(fe_context_create(&d, NULL, &e->ctx) == FE_OK);
   CHECK(fe_make_current(e->ctx, e->surf, e->surf) == FE_OK);
}

/* glGetString(GL_EXTENSIONS) is the glGetStringi list joined by spaces, and names `want`. */
static void
check_extensions(int major)
{
   struct fe_test_env e;
   es_env(&e, major);
   const char *all = (const char *)mgl_glGetString(GL_EXTENSIONS);
   CHECK(all != NULL);
   /* ES 2.0 has neither GL_NUM_EXTENSIONS nor glGetStringi: the list is walked to its end */
   char joined[4096] = "";
   for (GLuint k = 0; k < 128; k++) {
      const char *x = (const char *)mgl_glGetStringi(GL_EXTENSIONS, k);
      if (!x) {
         CHECK_ERR(GL_INVALID_VALUE);
         break;
      }
      CHECK(strlen(joined) + strlen(x) + 2 < sizeof(joined));
      if (strlen(joined) + strlen(x) + 2 >= sizeof(joined))
         break;
      if (k)
         strcat(joined, " ");
      strcat(joined, x);
   }
   CHECK(all && !strcmp(all, joined));
   static const char *const want[] = {"GL_EXT_discard_framebuffer",
                                      "GL_EXT_draw_buffers",
                                      "GL_EXT_frag_depth",
                                      "GL_OES_vertex_array_object",
                                      "GL_OES_mapbuffer",
                                      "GL_EXT_map_buffer_range",
                                      "GL_EXT_instanced_arrays",
                                      "GL_OES_texture_3D",
                                      "GL_OES_texture_half_float",
                                      "GL_OES_texture_float",
                                      "GL_OES_standard_derivatives",
                                      "GL_OES_compressed_ETC1_RGB8_texture",
                                      "GL_EXT_texture_format_BGRA8888",
                                      "GL_EXT_blend_minmax"};
   for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++)
      CHECK(all && strstr(all, want[k]));
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

static void
test_entry_points(void)
{
   static const char *const names[] = {"glDiscardFramebufferEXT",
                                       "glDrawBuffersEXT",
                                       "glGenVertexArraysOES",
                                       "glBindVertexArrayOES",
                                       "glDeleteVertexArraysOES",
                                       "glIsVertexArrayOES",
                                       "glTexStorage1D",
                                       "glMapBufferOES",
                                       "glUnmapBufferOES",
                                       "glGetBufferPointervOES",
                                       "glMapBufferRangeEXT",
                                       "glFlushMappedBufferRangeEXT",
                                       "glVertexAttribDivisorEXT",
                                       "glDrawArraysInstancedEXT",
                                       "glDrawElementsInstancedEXT",
                                       "glTexImage3DOES",
                                       "glTexSubImage3DOES",
                                       "glCopyTexSubImage3DOES",
                                       "glCompressedTexImage3DOES",
                                       "glCompressedTexSubImage3DOES",
                                       "glFramebufferTexture3DOES",
                                       "glGenQueriesEXT",
                                       "glDeleteQueriesEXT",
                                       "glIsQueryEXT",
                                       "glBeginQueryEXT",
                                       "glEndQueryEXT",
                                       "glGetQueryivEXT",
                                       "glGetQueryObjectuivEXT",
                                       "glMultiDrawArraysEXT",
                                       "glMultiDrawElementsEXT",
                                       "glDrawElementsBaseVertexEXT",
                                       "glDrawElementsBaseVertexOES",
                                       "glBeginConditionalRenderNV"};
   for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++)
      CHECK(fe_get_proc_address(names[k]) != NULL);
}

/* EXT_discard_framebuffer, Errors: target FRAMEBUFFER only; the default framebuffer takes
 * COLOR_EXT/DEPTH_EXT/STENCIL_EXT, an FBO COLOR_ATTACHMENT0/DEPTH_ATTACHMENT/STENCIL_ATTACHMENT;
 * a negative count is INVALID_VALUE. */
static void
test_discard(void)
{
   struct fe_test_env e;
   es_env(&e, 2);
   const GLenum def[] = {GL_COLOR, GL_DEPTH, GL_STENCIL}; /* COLOR_EXT... share the values */
   const GLenum usr[] = {GL_COLOR_ATTACHMENT0, GL_DEPTH_ATTACHMENT, GL_STENCIL_ATTACHMENT};
   mgl_glDiscardFramebufferEXT(GL_RENDERBUFFER, 1, usr);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDiscardFramebufferEXT(GL_DRAW_FRAMEBUFFER, 1, def); /* ES 3.0's target, not this one's */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDiscardFramebufferEXT(GL_FRAMEBUFFER, -1, def);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDiscardFramebufferEXT(GL_FRAMEBUFFER, 3, def);
   CHECK_ERR(GL_NO_ERROR);
   for (int k = 0; k < 3; k++) {
      mgl_glDiscardFramebufferEXT(GL_FRAMEBUFFER, 1, &usr[k]);
      CHECK_ERR(GL_INVALID_ENUM);
   }
   GLuint fbo;
   mgl_glGenFramebuffers(1, &fbo);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   mgl_glDiscardFramebufferEXT(GL_FRAMEBUFFER, 3, usr);
   CHECK_ERR(GL_NO_ERROR);
   for (int k = 0; k < 3; k++) {
      mgl_glDiscardFramebufferEXT(GL_FRAMEBUFFER, 1, &def[k]);
      CHECK_ERR(GL_INVALID_ENUM);
   }
   const GLenum more[] = {GL_COLOR_ATTACHMENT1, GL_DEPTH_STENCIL_ATTACHMENT, GL_COMPILE_STATUS};
   for (int k = 0; k < 3; k++) {
      mgl_glDiscardFramebufferEXT(GL_FRAMEBUFFER, 1, &more[k]);
      CHECK_ERR(GL_INVALID_ENUM);
   }
   mgl_glDeleteFramebuffers(1, &fbo);
   env_finish(&e);
}

/* EXT_draw_buffers, Errors (and ES 3.0 4.2.1 for glDrawBuffers): the default framebuffer takes
 * exactly one of BACK or NONE (n = 0 included); an FBO takes COLOR_ATTACHMENTi or NONE at i;
 * n above MAX_DRAW_BUFFERS_EXT is INVALID_VALUE. */
static void
test_draw_buffers(int major)
{
   struct fe_test_env e;
   es_env(&e, major);
   const GLenum back = GL_BACK, none = GL_NONE;
   const GLenum two_back[] = {GL_BACK, GL_BACK};
   mgl_glDrawBuffersEXT(0, &back);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDrawBuffers(0, &back);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDrawBuffersEXT(2, two_back);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDrawBuffersEXT(1, &none);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDrawBuffersEXT(1, &back);
   CHECK_ERR(GL_NO_ERROR);
   GLint v = 0;
   mgl_glGetIntegerv(GL_DRAW_BUFFER0, &v);
   CHECK_EQ(v, GL_BACK);

   GLint max = 0;
   mgl_glGetIntegerv(0x8824 /* GL_MAX_DRAW_BUFFERS_EXT */, &max);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(max >= 4 && max <= 16);
   GLuint fbo;
   mgl_glGenFramebuffers(1, &fbo);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   GLenum bufs[17];
   for (int k = 0; k < 17; k++)
      bufs[k] = GL_COLOR_ATTACHMENT0 + (GLenum)k;
   const GLenum wrong[] = {GL_COLOR_ATTACHMENT0, GL_BACK, GL_COLOR_ATTACHMENT1};
   mgl_glDrawBuffersEXT(3, wrong);
   CHECK_ERR(GL_INVALID_OPERATION);
   const GLenum swapped[] = {GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT0};
   mgl_glDrawBuffersEXT(2, swapped);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDrawBuffersEXT(max + 1, bufs);
   CHECK_ERR(GL_INVALID_VALUE);
   const GLenum gap[] = {GL_COLOR_ATTACHMENT0, GL_NONE, GL_COLOR_ATTACHMENT2};
   mgl_glDrawBuffersEXT(3, gap);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegerv(GL_DRAW_BUFFER0 + 2, &v);
   CHECK_EQ(v, GL_COLOR_ATTACHMENT2);
   mgl_glGetIntegerv(GL_DRAW_BUFFER0 + 1, &v);
   CHECK_EQ(v, GL_NONE);
   mgl_glDrawBuffersEXT(0, bufs); /* an FBO may draw to nothing */
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegerv(GL_DRAW_BUFFER0, &v);
   CHECK_EQ(v, GL_NONE);
   mgl_glDeleteFramebuffers(1, &fbo);
   env_finish(&e);
}

/* OES_vertex_array_object: ES 3.0's vertex array objects under OES names. */
static void
test_vao_oes(void)
{
   struct fe_test_env e;
   es_env(&e, 2);
   GLuint a[2];
   mgl_glGenVertexArraysOES(2, a);
   CHECK(a[0] && a[1] && a[0] != a[1]);
   CHECK(!mgl_glIsVertexArrayOES(a[0])); /* a name until first bound */
   mgl_glBindVertexArrayOES(a[0]);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glIsVertexArrayOES(a[0]));
   GLint v = 0;
   mgl_glGetIntegerv(0x85B5 /* GL_VERTEX_ARRAY_BINDING_OES */, &v);
   CHECK_EQ(v, (GLint)a[0]);
   mgl_glBindVertexArrayOES(a[1] + 100); /* never generated */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glGenVertexArraysOES(-1, a);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDeleteVertexArraysOES(1, &a[0]); /* the bound one: binding reverts to zero */
   CHECK(!mgl_glIsVertexArrayOES(a[0]));
   mgl_glGetIntegerv(0x85B5, &v);
   CHECK_EQ(v, 0);
   mgl_glDeleteVertexArraysOES(1, &a[1]);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* GL_FIXED is ES's (and GL 4.1's, ARB_ES2_compatibility): a GL 3.3 core context, ES 2.0 and
 * ES 3.0 take it for glVertexAttribPointer, never for glVertexAttribIPointer; ES 2.0 refuses
 * the desktop types. */
static void
test_fixed_types(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLuint vao, vbo;
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   mgl_glGenBuffers(1, &vbo);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo);
   mgl_glVertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 0, (void *)0);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glVertexAttribIPointer(1, 2, GL_FIXED, 0, (void *)0);
   CHECK_ERR(GL_INVALID_ENUM);
   env_finish(&e);

   for (int major = 2; major <= 3; major++) {
      es_env(&e, major);
      mgl_glBindBuffer(GL_ARRAY_BUFFER, 0);
      static const GLint data[8];
      mgl_glVertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 0, data);
      CHECK_ERR(GL_NO_ERROR);
      GLint v = 0;
      mgl_glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_TYPE, &v);
      CHECK_EQ(v, GL_FIXED);
      mgl_glVertexAttribIPointer(0, 2, GL_FIXED, 0, data);
      CHECK_ERR(GL_INVALID_ENUM);
      static const GLenum desktop[] = {GL_INT, GL_UNSIGNED_INT, GL_HALF_FLOAT,
                                       GL_INT_2_10_10_10_REV, GL_UNSIGNED_INT_2_10_10_10_REV};
      for (size_t k = 0; k < sizeof(desktop) / sizeof(desktop[0]); k++) {
         mgl_glVertexAttribPointer(0, 4, desktop[k], GL_FALSE, 0, data);
         CHECK_ERR(major == 2 ? GL_INVALID_ENUM : GL_NO_ERROR);
      }
      mgl_glVertexAttribPointer(0, 4, 0x8D61 /* GL_HALF_FLOAT_OES */, GL_FALSE, 0, data);
      CHECK_ERR(major == 2 ? GL_NO_ERROR : GL_INVALID_ENUM);
      env_finish(&e);
   }
}

/* ES 3.0 2.12.4 with no program binary format: the count is 0 and the list empty (ES 2.0 and
 * GL 3.3 have neither query), the hint is kept, no binary comes out and none goes in. */
/* glGetShaderPrecisionFormat (ES 2.0 §2.10.4; GL 4.1's in a desktop context): highp's IEEE
 * figures for every qualifier, errors for the shader and precision types. glShaderBinary: no
 * binary format exists. */
static void
test_shader_precision_and_binary(enum fe_api api, int major)
{
   struct fe_test_env e;
   if (api == FE_API_GLES)
      es_env(&e, major);
   else
      env_init(&e, 16, 16);
   static const GLenum floats[] = {GL_LOW_FLOAT, GL_MEDIUM_FLOAT, GL_HIGH_FLOAT};
   static const GLenum ints[] = {GL_LOW_INT, GL_MEDIUM_INT, GL_HIGH_INT};
   static const GLenum stages[] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
   for (int s = 0; s < 2; s++) {
      for (int k = 0; k < 3; k++) {
         GLint range[2] = {-1, -1}, precision = -1;
         mgl_glGetShaderPrecisionFormat(stages[s], floats[k], range, &precision);
         CHECK(range[0] == 127 && range[1] == 127 && precision == 23);
         mgl_glGetShaderPrecisionFormat(stages[s], ints[k], range, &precision);
         CHECK(range[0] == 31 && range[1] == 30 && precision == 0);
      }
   }
   CHECK_ERR(GL_NO_ERROR);
   GLint range[2] = {-1, -1}, precision = -1;
   mgl_glGetShaderPrecisionFormat(GL_GEOMETRY_SHADER, GL_HIGH_FLOAT, range, &precision);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetShaderPrecisionFormat(GL_VERTEX_SHADER, GL_FLOAT, range, &precision);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK(range[0] == -1 && precision == -1);

   GLint n = -1;
   mgl_glGetIntegerv(GL_NUM_SHADER_BINARY_FORMATS, &n);
   if (api == FE_API_GLES)
      CHECK_EQ(n, 0);
   mgl_glGetError();
   GLuint sh = mgl_glCreateShader(GL_VERTEX_SHADER);
   const uint8_t blob[8] = {0};
   mgl_glShaderBinary(1, &sh, 0x1234, blob, sizeof(blob));
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glShaderBinary(-1, &sh, 0x1234, blob, sizeof(blob));
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glShaderBinary(1, &sh, 0x1234, blob, -1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDeleteShader(sh);
   env_finish(&e);
}

/* The binary's header hash (fe_program_binary.c: the 64 bits at 24 hash bytes 32 to the end)
 * made again, so a changed body reaches the table reader. */
static void
rehash(uint8_t *b, size_t n)
{
   const uint64_t h = mgu_hash64(b + 32, n - 32, 0);
   for (int k = 0; k < 8; k++)
      b[24 + k] = (uint8_t)(h >> (8 * k));
}

static GLint
link_status(GLuint prog)
{
   GLint ok = -1;
   mgl_glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   return ok;
}

/* GL 4.1 7.5 / ES 3.0 2.12.4 (OES_get_program_binary in ES 2.0): one format; a linked program's
 * binary loads into another program, which then has the same uniforms at their initial values;
 * the errors; a binary of another build, truncated, or with any bit flipped never loads into
 * something the front end could index outside of (the sanitizer build runs this). */
static void
test_program_binary(enum fe_api api, int major)
{
   struct fe_test_env e;
   if (api == FE_API_GLES)
      es_env(&e, major);
   else
      env_init(&e, 16, 16);
   GLint n = -1, formats[2] = {-7, -7};
   mgl_glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &n);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(n, 1);
   mgl_glGetIntegerv(GL_PROGRAM_BINARY_FORMATS, formats);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(formats[0], (GLint)FE_PROGRAM_BINARY_FORMAT_MGL);
   CHECK_EQ(formats[1], -7);
   GLint num_ext = 0;
   bool listed = false;
   if (api == FE_API_GLES) {
      listed = strstr((const char *)mgl_glGetString(GL_EXTENSIONS), "GL_OES_get_program_binary");
   } else {
      mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &num_ext);
      for (GLint i = 0; i < num_ext; i++)
         listed |= !strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i),
                           "GL_ARB_get_program_binary");
   }
   CHECK(listed);

   /* not linked: no binary */
   GLuint none = mgl_glCreateProgram();
   GLint v = -1;
   mgl_glGetProgramiv(none, GL_PROGRAM_BINARY_LENGTH, &v);
   CHECK_EQ(v, 0);
   GLsizei len = -1;
   GLenum fmt = 0;
   uint8_t small[16];
   mgl_glGetProgramBinary(none, sizeof(small), &len, &fmt, small);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(len, -1);
   /* the hint: stored, read by the next link */
   mgl_glProgramParameteri(none, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);
   v = -1;
   mgl_glGetProgramiv(none, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, &v);
   if (api == FE_API_GLES && major < 3) { /* ES 3.0's query, not OES_get_program_binary's */
      CHECK_ERR(GL_INVALID_ENUM);
      v = GL_FALSE;
   }
   CHECK_EQ(v, GL_FALSE);
   mgl_glProgramParameteri(none, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, 2);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glProgramParameteri(none, GL_LINK_STATUS, GL_TRUE);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glProgramParameteri(none + 100, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glProgramBinary(none, 0x1234, small, sizeof(small));
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glProgramBinary(none, FE_PROGRAM_BINARY_FORMAT_MGL, small, -1);
   CHECK_ERR(GL_INVALID_VALUE);

   struct fake_program fp = {
      .num_uniforms = 2,
      .uniforms = {{"tint", GL_FLOAT_VEC4, 0}, {"k", GL_FLOAT, 3}},
      .num_samplers = 1,
      .samplers = {{"tex", GL_SAMPLER_2D, 0}},
      .num_blocks = 1,
      .blocks = {"Params"},
      .block_sizes = {32},
      .num_inputs = 1,
      .inputs = {"pos"},
   };
   GLuint prog = make_program(&fp);
   mgl_glGetProgramiv(prog, GL_PROGRAM_BINARY_LENGTH, &v);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(v > 40);
   const GLsizei size = v;
   uint8_t *bin = malloc((size_t)size);
   /* bufSize below the length: INVALID_OPERATION, nothing written */
   mgl_glGetProgramBinary(prog, size - 1, &len, &fmt, bin);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(len, -1);
   mgl_glGetProgramBinary(prog, size, &len, &fmt, bin);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(len, size);
   CHECK_EQ(fmt, FE_PROGRAM_BINARY_FORMAT_MGL);

   /* loaded into another program, after the first is gone: linked, the same locations, the
    * uniforms at their initial values (not the first program's current ones) */
   const GLint loc_k = mgl_glGetUniformLocation(prog, "k[1]");
   const GLint loc_tex = mgl_glGetUniformLocation(prog, "tex");
   mgl_glUseProgram(prog);
   mgl_glUniform1f(loc_k, 5.0f);
   mgl_glUseProgram(0);
   mgl_glDeleteProgram(prog);
   GLuint copy = mgl_glCreateProgram();
   mgl_glProgramBinary(copy, fmt, bin, len);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(link_status(copy), GL_TRUE);
   char log[160] = "";
   mgl_glGetProgramInfoLog(copy, sizeof(log), NULL, log);
   CHECK_EQ(log[0], '\0');
   CHECK_EQ(mgl_glGetUniformLocation(copy, "k[1]"), loc_k);
   CHECK_EQ(mgl_glGetUniformLocation(copy, "tex"), loc_tex);
   CHECK_EQ(mgl_glGetUniformBlockIndex(copy, "Params"), 0);
   GLfloat kv = -1.0f;
   mgl_glGetUniformfv(copy, loc_k, &kv);
   CHECK(kv == 0.0f);
   mgl_glGetProgramiv(copy, GL_ACTIVE_UNIFORMS, &v);
   CHECK_EQ(v, 3);
   mgl_glGetProgramiv(copy, GL_PROGRAM_BINARY_LENGTH, &v);
   CHECK_EQ(v, size);

   /* a binary of another build (the build id at byte 8 edited): LINK_STATUS FALSE, an info
    * log, no GL error; the program has no executable any more */
   uint8_t *other = malloc((size_t)size);
   memcpy(other, bin, (size_t)size);
   other[8] ^= 1;
   mgl_glProgramBinary(copy, fmt, other, len);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(link_status(copy), GL_FALSE);
   mgl_glGetProgramiv(copy, GL_INFO_LOG_LENGTH, &v);
   CHECK(v > 1);
   mgl_glGetProgramInfoLog(copy, sizeof(log), NULL, log);
   CHECK(strstr(log, "another build") != NULL);
   mgl_glGetProgramBinary(copy, size, &len, &fmt, bin);
   CHECK_ERR(GL_INVALID_OPERATION);
   /* another device or context type: the device hash at byte 16 */
   memcpy(other, bin, (size_t)size);
   other[16] ^= 0x80;
   mgl_glProgramBinary(copy, fmt, other, len);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(link_status(copy), GL_FALSE);

   /* every truncation (each on an exact-size copy) */
   unsigned loaded = 0;
   for (GLsizei cut = 0; cut < size; cut++) {
      uint8_t *t = malloc(cut ? (size_t)cut : 1);
      memcpy(t, bin, (size_t)cut);
      mgl_glProgramBinary(copy, fmt, t, cut);
      CHECK_ERR(GL_NO_ERROR);
      loaded += link_status(copy) == GL_TRUE;
      free(t);
   }
   CHECK_EQ(loaded, 0);
   /* every bit flipped: as given (the hash refuses it), and with the hash made again (the
    * tables' reader refuses it, or it loads and answers queries) */
   unsigned refused = 0;
   for (size_t bit = 0; bit < (size_t)size * 8; bit++) {
      memcpy(other, bin, (size_t)size);
      other[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      mgl_glProgramBinary(copy, fmt, other, len);
      CHECK_ERR(GL_NO_ERROR);
      CHECK(link_status(copy) == GL_FALSE || (bit >= 24 * 8 && bit < 32 * 8));
      if (bit < 32 * 8)
         continue;
      rehash(other, (size_t)size);
      mgl_glProgramBinary(copy, fmt, other, len);
      GLenum err = mgl_glGetError();
      CHECK(err == GL_NO_ERROR || err == GL_OUT_OF_MEMORY);
      if (link_status(copy) == GL_TRUE) {
         mgl_glGetProgramiv(copy, GL_ACTIVE_UNIFORMS, &v);
         mgl_glUseProgram(copy);
         mgl_glUniform1f(mgl_glGetUniformLocation(copy, "k[1]"), 2.0f);
         mgl_glUniform4f(mgl_glGetUniformLocation(copy, "tint"), 1, 2, 3, 4);
         mgl_glUseProgram(0);
         while (mgl_glGetError() != GL_NO_ERROR)
            ;
      } else {
         refused++;
      }
   }
   CHECK(refused > 0);
   /* and the good binary still loads */
   mgl_glProgramBinary(copy, fmt, bin, size);
   CHECK_EQ(link_status(copy), GL_TRUE);
   free(other);
   free(bin);

   if (api != FE_API_GLES) {
      /* subroutines (fake_glsl.h's fragment ones) and the separable flag come back: the
       * indices, the uniform's location, its default value after the load */
      struct fake_program sp = {.num_inputs = 1, .inputs = {"pos"}, .subroutines = true};
      fake_glsl_next(&sp);
      GLuint sep = mgl_glCreateProgram();
      mgl_glProgramParameteri(sep, GL_PROGRAM_SEPARABLE, GL_TRUE);
      const char *src = "#version 330 core\nvoid main() {}\n";
      GLuint fsh = mgl_glCreateShader(GL_FRAGMENT_SHADER);
      mgl_glShaderSource(fsh, 1, &src, NULL);
      mgl_glCompileShader(fsh);
      GLuint vsh = mgl_glCreateShader(GL_VERTEX_SHADER);
      mgl_glShaderSource(vsh, 1, &src, NULL);
      mgl_glCompileShader(vsh);
      mgl_glAttachShader(sep, vsh);
      mgl_glAttachShader(sep, fsh);
      mgl_glLinkProgram(sep);
      CHECK_EQ(link_status(sep), GL_TRUE);
      mgl_glGetProgramiv(sep, GL_PROGRAM_BINARY_LENGTH, &v);
      uint8_t *sb = malloc((size_t)v);
      mgl_glGetProgramBinary(sep, v, &len, &fmt, sb);
      CHECK_ERR(GL_NO_ERROR);
      GLuint sc = mgl_glCreateProgram();
      mgl_glProgramBinary(sc, fmt, sb, len);
      CHECK_EQ(link_status(sc), GL_TRUE);
      mgl_glGetProgramiv(sc, GL_PROGRAM_SEPARABLE, &v);
      CHECK_EQ(v, GL_TRUE);
      CHECK_EQ(mgl_glGetSubroutineIndex(sc, GL_FRAGMENT_SHADER, "blue"), 1);
      CHECK_EQ(mgl_glGetSubroutineUniformLocation(sc, GL_FRAGMENT_SHADER, "u_scale"), 1);
      mgl_glUseProgram(sc);
      GLuint set[3] = {1, 2, 2}, got = 99;
      mgl_glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 3, set);
      mgl_glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 0, &got);
      CHECK_EQ(got, 1);
      /* loaded again while current: the default (red, 0) is back */
      mgl_glProgramBinary(sc, fmt, sb, len);
      mgl_glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 0, &got);
      CHECK_EQ(got, 0);
      CHECK_ERR(GL_NO_ERROR);
      mgl_glUseProgram(0);
      free(sb);
      mgl_glDeleteShader(vsh);
      mgl_glDeleteShader(fsh);
      mgl_glDeleteProgram(sc);
      mgl_glDeleteProgram(sep);
   }
   mgl_glDeleteProgram(copy);
   mgl_glDeleteProgram(none);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* ES 2.0 refuses the state ES 3.0 added (one ES 2.0 context sharing ES 3.0's machine) and
 * keeps its own: GL_GENERATE_MIPMAP_HINT and the framebuffer's GL_RED_BITS ... STENCIL_BITS,
 * which GL 3.3 core no longer has. */
static void
test_es2_state(void)
{
   static const GLenum es3_only[] = {GL_MAX_SAMPLES,
                                     GL_READ_FRAMEBUFFER_BINDING,
                                     GL_PIXEL_PACK_BUFFER_BINDING,
                                     GL_RASTERIZER_DISCARD,
                                     0x8D6B /* GL_MAX_ELEMENT_INDEX */,
                                     GL_UNPACK_IMAGE_HEIGHT,
                                     GL_MAX_VERTEX_UNIFORM_BLOCKS,
                                     GL_TRANSFORM_FEEDBACK_BINDING,
                                     GL_MAX_TEXTURE_LOD_BIAS,
                                     GL_MAX_VARYING_COMPONENTS};
   struct fe_test_env e;
   for (int major = 2; major <= 3; major++) {
      es_env(&e, major);
      for (size_t k = 0; k < sizeof(es3_only) / sizeof(es3_only[0]); k++) {
         GLint v[4];
         mgl_glGetIntegerv(es3_only[k], v);
         CHECK_ERR(major == 2 ? GL_INVALID_ENUM : GL_NO_ERROR);
      }
      mgl_glHint(0x8192 /* GL_GENERATE_MIPMAP_HINT */, GL_NICEST);
      CHECK_ERR(GL_NO_ERROR);
      GLint v = 0;
      mgl_glGetIntegerv(0x8192, &v);
      CHECK_EQ(v, GL_NICEST);
      mgl_glHint(GL_LINE_SMOOTH_HINT, GL_NICEST);
      CHECK_ERR(GL_INVALID_ENUM);
      /* OES_standard_derivatives' hint; EXT_unpack_subimage's and NV_pack_subimage's state */
      mgl_glHint(GL_FRAGMENT_SHADER_DERIVATIVE_HINT, GL_FASTEST);
      CHECK_ERR(GL_NO_ERROR);
      mgl_glGetIntegerv(GL_FRAGMENT_SHADER_DERIVATIVE_HINT, &v);
      CHECK_EQ(v, GL_FASTEST);
      static const GLenum subimage[] = {GL_UNPACK_ROW_LENGTH,  GL_UNPACK_SKIP_ROWS,
                                        GL_UNPACK_SKIP_PIXELS, GL_PACK_ROW_LENGTH,
                                        GL_PACK_SKIP_ROWS,     GL_PACK_SKIP_PIXELS};
      for (size_t k = 0; k < sizeof(subimage) / sizeof(subimage[0]); k++) {
         mgl_glPixelStorei(subimage[k], 3);
         mgl_glGetIntegerv(subimage[k], &v);
         CHECK_ERR(GL_NO_ERROR);
         CHECK_EQ(v, 3);
         mgl_glPixelStorei(subimage[k], 0);
      }
      mgl_glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &v); /* OES_texture_3D's */
      CHECK_ERR(GL_NO_ERROR);
      CHECK(v >= 16);

      GLint bits[6];
      for (int c = 0; c < 6; c++)
         mgl_glGetIntegerv(0x0D52 + (GLenum)c /* GL_RED_BITS ... GL_STENCIL_BITS */, &bits[c]);
      CHECK_ERR(GL_NO_ERROR);
      CHECK(bits[0] == 8 && bits[1] == 8 && bits[2] == 8 && bits[3] == 8 && bits[4] == 24 &&
            bits[5] == 8);
      GLuint fbo, rb;
      mgl_glGenFramebuffers(1, &fbo);
      mgl_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      mgl_glGenRenderbuffers(1, &rb);
      mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb);
      mgl_glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 4, 4);
      mgl_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      CHECK_ERR(GL_NO_ERROR);
      for (int c = 0; c < 6; c++)
         mgl_glGetIntegerv(0x0D52 + (GLenum)c, &bits[c]);
      /* the colour bits are those of the format the renderbuffer got (GL_RGB565 or what
       * stands in for it), as glGetRenderbufferParameteriv says; nothing else is attached */
      static const GLenum rb_sizes[4] = {GL_RENDERBUFFER_RED_SIZE, GL_RENDERBUFFER_GREEN_SIZE,
                                         GL_RENDERBUFFER_BLUE_SIZE, GL_RENDERBUFFER_ALPHA_SIZE};
      for (int c = 0; c < 4; c++) {
         GLint want = -1;
         mgl_glGetRenderbufferParameteriv(GL_RENDERBUFFER, rb_sizes[c], &want);
         CHECK_EQ(bits[c], want);
      }
      CHECK(bits[0] >= 5 && bits[4] == 0 && bits[5] == 0);
      mgl_glDeleteFramebuffers(1, &fbo);
      mgl_glDeleteRenderbuffers(1, &rb);
      env_finish(&e);
   }
   env_init(&e, 16, 16);
   GLint v;
   mgl_glGetIntegerv(0x0D52, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glHint(0x8192, GL_NICEST);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glHint(GL_LINE_SMOOTH_HINT, GL_NICEST);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* Desktop GL state no ES 3.0 state table lists: INVALID_ENUM on ES 2.0 and 3.0, a value on
 * GL 3.3 core (so the list is state this front end does answer). */
/* glTexParameter / glGetTexParameter names an ES context lacks (ES 3.0: LOD bias; ES 2.0: all
 * but the filters, S/T wraps and what its extensions add) are INVALID_ENUM and change nothing;
 * GL 3.3 core takes them. The border colour and CLAMP_TO_BORDER are EXT/OES_texture_border_clamp's
 * in ES contexts, TEXTURE_MAX_LEVEL APPLE_texture_max_level's on ES 2.0. A float parameter read as an integer is rounded to nearest
 * (GL 3.3 §6.1.2). */
static void
test_tex_params(void)
{
   struct fe_test_env e;
   for (int api = 0; api < 3; api++) {
      if (api < 2)
         es_env(&e, 2 + api);
      else
         env_init(&e, 16, 16);
      const bool es = api < 2, es2 = api == 0;
      GLuint tex;
      mgl_glGenTextures(1, &tex);
      mgl_glBindTexture(GL_TEXTURE_2D, tex);
      mgl_glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 1.5f);
      CHECK_ERR(es ? GL_INVALID_ENUM : GL_NO_ERROR);
      const GLfloat border[4] = {1, 0, 0, 1};
      mgl_glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
      CHECK_ERR(GL_NO_ERROR);
      mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
      CHECK_ERR(GL_NO_ERROR);
      GLint wrap = 0;
      mgl_glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &wrap);
      CHECK_EQ(wrap, GL_CLAMP_TO_BORDER);
      GLfloat got_border[4] = {0};
      mgl_glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, got_border);
      CHECK_ERR(GL_NO_ERROR);
      CHECK(got_border[0] == 1 && got_border[1] == 0 && got_border[3] == 1);
      GLfloat f = -7;
      mgl_glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, &f);
      CHECK_ERR(es ? GL_INVALID_ENUM : GL_NO_ERROR);
      CHECK(es ? f == -7 : f == 1.5f);
      mgl_glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 2.6f);
      CHECK_ERR(es2 ? GL_INVALID_ENUM : GL_NO_ERROR);
      mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 3); /* APPLE_texture_max_level */
      CHECK_ERR(GL_NO_ERROR);
      GLint lod = 0;
      mgl_glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, &lod);
      CHECK_ERR(es2 ? GL_INVALID_ENUM : GL_NO_ERROR);
      CHECK_EQ(lod, es2 ? 0 : 3);
      if (!es2) {
         mgl_glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, -2.6f);
         mgl_glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, &lod);
         CHECK_EQ(lod, -3);
      }
      mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
      CHECK_ERR(GL_NO_ERROR);
      mgl_glDeleteTextures(1, &tex);
      env_finish(&e);
   }
}

/* ES 3.0 has no buffer storage (GL_EXT_buffer_storage is not listed): a map asking for
 * GL_MAP_PERSISTENT_BIT or GL_MAP_COHERENT_BIT has an unknown bit (ES 3.0 2.10.3:
 * GL_INVALID_VALUE) and the storage queries are unknown names (GL_INVALID_ENUM); the same map
 * without them works. */
static void
test_es3_no_buffer_storage(void)
{
   struct fe_test_env e;
   es_env(&e, 3);
   GLuint b;
   mgl_glGenBuffers(1, &b);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b);
   mgl_glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_DYNAMIC_DRAW);
   CHECK(!mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, 64, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT));
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK(!mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, 64, GL_MAP_WRITE_BIT | GL_MAP_COHERENT_BIT));
   CHECK_ERR(GL_INVALID_VALUE);
   GLint v = -1;
   mgl_glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_IMMUTABLE_STORAGE, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_STORAGE_FLAGS, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_EQ(v, -1);
   CHECK(mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, 64, GL_MAP_WRITE_BIT) != NULL);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glUnmapBuffer(GL_ARRAY_BUFFER));
   mgl_glDeleteBuffers(1, &b);
   env_finish(&e);
}

/* GL_EXT_depth_clamp is listed, and GL_DEPTH_CLAMP_EXT known, exactly where the caps have
 * MGP_CAP_DEPTH_CLAMP; without it the enum is GL_INVALID_ENUM as in core ES. */
static void
test_es_depth_clamp(int major, bool offered)
{
   const uint64_t bits = fake_caps.cap_bits;
   if (!offered)
      fake_caps.cap_bits &= ~MGP_CAP_DEPTH_CLAMP;
   struct fe_test_env e;
   es_env(&e, major);
   const char *all = (const char *)mgl_glGetString(GL_EXTENSIONS);
   CHECK(all && (strstr(all, "GL_EXT_depth_clamp") != NULL) == offered);
   mgl_glEnable(GL_DEPTH_CLAMP);
   CHECK_ERR(offered ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK_EQ(mgl_glIsEnabled(GL_DEPTH_CLAMP), offered ? GL_TRUE : GL_FALSE);
   CHECK_ERR(offered ? GL_NO_ERROR : GL_INVALID_ENUM);
   env_finish(&e);
   fake_caps.cap_bits = bits;
}

static void
test_desktop_only_state(void)
{
   static const GLenum desktop[] = {
      GL_PRIMITIVE_RESTART_INDEX,
      GL_MAX_RECTANGLE_TEXTURE_SIZE,
      GL_MAX_TEXTURE_BUFFER_SIZE,
      GL_MAX_GEOMETRY_OUTPUT_VERTICES,
      GL_TEXTURE_BINDING_1D,
      GL_TEXTURE_BINDING_RECTANGLE,
      GL_TEXTURE_BINDING_2D_MULTISAMPLE,
      GL_POLYGON_MODE,
      GL_POINT_SIZE,
      GL_PROVOKING_VERTEX,
      GL_LOGIC_OP_MODE,
      GL_DRAW_BUFFER,
      GL_CLAMP_READ_COLOR,
      GL_PACK_IMAGE_HEIGHT,
      GL_PACK_SWAP_BYTES,
      GL_UNPACK_LSB_FIRST,
      GL_DOUBLEBUFFER,
      GL_CONTEXT_FLAGS,
      GL_MAX_DUAL_SOURCE_DRAW_BUFFERS,
      GL_MAX_SAMPLE_MASK_WORDS,
      GL_POINT_SIZE_RANGE,
      GL_SMOOTH_LINE_WIDTH_RANGE,
      GL_TIMESTAMP,
      GL_BLEND_SRC,
   };
   struct fe_test_env e;
   for (int api = 0; api < 3; api++) {
      if (api < 2)
         es_env(&e, 2 + api);
      else
         env_init(&e, 16, 16);
      for (size_t k = 0; k < sizeof(desktop) / sizeof(desktop[0]); k++) {
         GLint64 v[16];
         mgl_glGetInteger64v(desktop[k], v);
         GLenum err = mgl_glGetError();
         if (err != (api < 2 ? GL_INVALID_ENUM : GL_NO_ERROR))
            fprintf(stderr, "  api %d pname 0x%04x: error 0x%04x\n", api, desktop[k], err);
         CHECK_EQ(err, api < 2 ? GL_INVALID_ENUM : GL_NO_ERROR);
      }
      /* ES 3.0 state and EXT_draw_buffers' (advertised on ES 2.0) stay */
      static const GLenum es[] = {GL_MAX_COLOR_ATTACHMENTS, GL_MAX_DRAW_BUFFERS,
                                  GL_ALIASED_LINE_WIDTH_RANGE, GL_DEPTH_RANGE};
      for (size_t k = 0; k < sizeof(es) / sizeof(es[0]); k++) {
         GLint64 v[16];
         mgl_glGetInteger64v(es[k], v);
         CHECK_ERR(GL_NO_ERROR);
      }
      env_finish(&e);
   }
}

/* The ES-only enums of the texture extensions: GL_HALF_FLOAT_OES (0x8D61, not GL_HALF_FLOAT)
 * and the internal format GL_BGRA_EXT in glTexImage2D, GL_ETC1_RGB8_OES in
 * glCompressedTexImage2D, TEXTURE_WRAP_R_OES on ES 2.0 — and none of them in a desktop context,
 * where they are no GL enums. OES_mapbuffer: WRITE_ONLY_OES only. */
static void
test_es_enums(enum fe_api api, int major)
{
   struct fe_test_env e;
   if (api == FE_API_GLES)
      es_env(&e, major);
   else
      env_init(&e, 16, 16);
   const bool es = api == FE_API_GLES;
   GLuint t;
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, 0x8D61, NULL);
   CHECK_ERR(es ? GL_NO_ERROR : GL_INVALID_ENUM);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, 0x80E1 /* GL_BGRA_EXT */, 2, 2, 0, GL_BGRA, GL_UNSIGNED_BYTE,
                    NULL);
   CHECK_ERR(es ? GL_NO_ERROR : GL_INVALID_VALUE);
   static const uint8_t etc1[8] = {0x88, 0x44, 0xcc, 0, 0, 0, 0, 0};
   mgl_glCompressedTexImage2D(GL_TEXTURE_2D, 0, 0x8D64, 4, 4, 0, 8, etc1);
   CHECK_ERR(es ? GL_NO_ERROR : GL_INVALID_ENUM);
   mgl_glCompressedTexImage2D(GL_TEXTURE_2D, 0, 0x8D64, 4, 4, 0, 7, etc1);
   CHECK_ERR(es ? GL_INVALID_VALUE : GL_INVALID_ENUM);
   GLuint t3;
   mgl_glGenTextures(1, &t3);
   mgl_glBindTexture(GL_TEXTURE_3D, t3);
   mgl_glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
   CHECK_ERR(GL_NO_ERROR);
   /* EXT_texture_filter_anisotropic: ES only, and only where the device has anisotropy
    * (the fake session's caps have none) */
   mgl_glTexParameterf(GL_TEXTURE_2D, 0x84FE, 4.0f);
   CHECK_ERR(GL_INVALID_ENUM);
   GLfloat maxa = 0.0f;
   mgl_glGetFloatv(0x84FF, &maxa);
   CHECK_ERR(GL_INVALID_ENUM);
   GLuint smp;
   mgl_glGenSamplers(1, &smp);
   mgl_glSamplerParameterf(smp, 0x84FE, 4.0f);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDeleteSamplers(1, &smp);
   mgl_glDeleteTextures(1, &t3);
   mgl_glDeleteTextures(1, &t);
   if (es) {
      GLuint b;
      mgl_glGenBuffers(1, &b);
      mgl_glBindBuffer(GL_ARRAY_BUFFER, b);
      mgl_glBufferData(GL_ARRAY_BUFFER, 16, NULL, GL_DYNAMIC_DRAW);
      CHECK(mgl_glMapBufferOES(GL_ARRAY_BUFFER, GL_READ_ONLY) == NULL);
      CHECK_ERR(GL_INVALID_ENUM);
      CHECK(mgl_glMapBufferOES(GL_ARRAY_BUFFER, GL_READ_WRITE) == NULL);
      CHECK_ERR(GL_INVALID_ENUM);
      CHECK(mgl_glUnmapBufferOES(GL_ARRAY_BUFFER) == GL_FALSE);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glBindBuffer(GL_ARRAY_BUFFER, 0);
      CHECK(mgl_glMapBufferOES(GL_ARRAY_BUFFER, GL_WRITE_ONLY) == NULL);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glDeleteBuffers(1, &b);
   }
   env_finish(&e);
}

/* ES 2.0/3.0's unsized LUMINANCE, ALPHA and LUMINANCE_ALPHA (Table 3.3): taken by glTexImage2D
 * with UNSIGNED_BYTE (FLOAT / HALF_FLOAT_OES where OES_texture_(half_)float is offered) and
 * format equal to internalformat (INVALID_OPERATION otherwise, INVALID_ENUM for no type at
 * all); glTexSubImage2D with the image's own format and type; glCopyTexImage2D into LUMINANCE;
 * not renderable, not glTexStorage formats. A desktop core context knows none of them:
 * glTexImage2D and glCopyTexImage2D say INVALID_VALUE, a LUMINANCE pixel format INVALID_ENUM. */
static void
test_lum_alpha(enum fe_api api, int major)
{
   struct fe_test_env e;
   if (api == FE_API_GLES)
      es_env(&e, major);
   else
      env_init(&e, 16, 16);
   const bool es = api == FE_API_GLES;
   const char *ext = es ? (const char *)mgl_glGetString(GL_EXTENSIONS) : NULL;
   const bool half = es && ext && strstr(ext, "GL_OES_texture_half_float");
   const bool flt = es && ext && strstr(ext, "GL_OES_texture_float");
   const GLenum L = 0x1909, LA = 0x190A, HALF_OES = 0x8D61;
   static const uint8_t px[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
   mgl_glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   GLuint t, rgba;
   mgl_glGenTextures(1, &rgba);
   mgl_glBindTexture(GL_TEXTURE_2D, rgba);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, L, GL_UNSIGNED_BYTE, px);
   CHECK_ERR(es ? GL_INVALID_OPERATION : GL_INVALID_ENUM);
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   const GLenum fmts[3] = {L, GL_ALPHA, LA};
   for (int k = 0; k < 3; k++) {
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fmts[k], 2, 2, 0, fmts[k], GL_UNSIGNED_BYTE, px);
      CHECK_ERR(es ? GL_NO_ERROR : GL_INVALID_VALUE);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fmts[k], 2, 2, 0, fmts[k], GL_FLOAT, NULL);
      CHECK_ERR(!es ? GL_INVALID_VALUE : flt ? GL_NO_ERROR : GL_INVALID_OPERATION);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fmts[k], 2, 2, 0, fmts[k], HALF_OES, NULL);
      CHECK_ERR(!es ? GL_INVALID_VALUE : half ? GL_NO_ERROR : GL_INVALID_OPERATION);
   }
   if (es) {
      /* internalformat and format must be the same unsized format */
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)L, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, L, GL_UNSIGNED_BYTE, px);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)LA, 2, 2, 0, GL_ALPHA, GL_UNSIGNED_BYTE, px);
      CHECK_ERR(GL_INVALID_OPERATION);
      /* a type the format does not take; no type at all */
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)L, 2, 2, 0, L, GL_UNSIGNED_SHORT_5_6_5, px);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)L, 2, 2, 0, L, GL_UNSIGNED_SHORT, px);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)L, 2, 2, 0, L, 0x1234, px);
      CHECK_ERR(GL_INVALID_ENUM);
      /* the float forms are mgl's record of the type, no internal formats of ES */
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE32F_EXT, 2, 2, 0, L, GL_FLOAT, NULL);
      CHECK_ERR(GL_INVALID_VALUE);
      /* glTexSubImage2D: the image's own format and type */
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)L, 2, 2, 0, L, GL_UNSIGNED_BYTE, px);
      CHECK_ERR(GL_NO_ERROR);
      mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 1, L, GL_UNSIGNED_BYTE, px);
      CHECK_ERR(GL_NO_ERROR);
      mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_ALPHA, GL_UNSIGNED_BYTE, px);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RED, GL_UNSIGNED_BYTE, px);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, L, GL_FLOAT, px);
      CHECK_ERR(GL_INVALID_OPERATION);
      mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, L, 0x1234, px);
      CHECK_ERR(GL_INVALID_ENUM);
      /* not renderable: a framebuffer with one attached is incomplete */
      GLuint fbo;
      mgl_glGenFramebuffers(1, &fbo);
      mgl_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
      CHECK(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
      mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0);
      mgl_glDeleteFramebuffers(1, &fbo);
      GLuint rb;
      mgl_glGenRenderbuffers(1, &rb);
      mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb);
      mgl_glRenderbufferStorage(GL_RENDERBUFFER, L, 2, 2);
      CHECK_ERR(GL_INVALID_ENUM);
      mgl_glDeleteRenderbuffers(1, &rb);
      CHECK_ERR(GL_NO_ERROR);
   }
   if (es && major >= 3) {
      GLuint s;
      mgl_glGenTextures(1, &s);
      mgl_glBindTexture(GL_TEXTURE_2D, s);
      mgl_glTexStorage2D(GL_TEXTURE_2D, 1, L, 2, 2);
      CHECK_ERR(GL_INVALID_ENUM);
      mgl_glTexStorage2D(GL_TEXTURE_2D, 1, GL_LUMINANCE32F_EXT, 2, 2);
      CHECK_ERR(GL_INVALID_ENUM);
      mgl_glDeleteTextures(1, &s);
      mgl_glBindTexture(GL_TEXTURE_2D, t);
   }
   /* glCopyTexImage2D from the RGBA8 default framebuffer: LUMINANCE takes its red */
   mgl_glCopyTexImage2D(GL_TEXTURE_2D, 0, L, 0, 0, 2, 2, 0);
   CHECK_ERR(es ? GL_NO_ERROR : GL_INVALID_VALUE);
   mgl_glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE32F_EXT, 0, 0, 2, 2, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   if (es) {
      mgl_glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 1, 1);
      CHECK_ERR(GL_NO_ERROR);
   }
   mgl_glDeleteTextures(1, &t);
   mgl_glDeleteTextures(1, &rgba);
   env_finish(&e);
}

/* The GL 4.x features desktop contexts have, under their ES extensions' names (fe_es_ext.c):
 * each listed in the ES versions its specification names and only where the device has the
 * cap desktop GL asks (clip control, depth bias clamp, mirror-clamp wrap, base instance), its
 * commands and enums taken there, and GL_INVALID_OPERATION / GL_INVALID_ENUM where not listed. */
static bool
es_listed(const char *name)
{
   const char *all = (const char *)mgl_glGetString(GL_EXTENSIONS);
   if (!all)
      return false;
   const size_t n = strlen(name);
   for (const char *p = strstr(all, name); p; p = strstr(p + 1, name))
      if ((p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   return false;
}

static bool
es_env_minor(struct fe_test_env *e, int major, int minor)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   memset(e, 0, sizeof(*e));
   CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e->surf) == FE_OK);
   struct fe_context_desc d = {.api = FE_API_GLES, .major = major, .minor = minor, .format = f};
   if (fe_context_create(&d, NULL, &e->ctx) != FE_OK) {
      fe_surface_destroy(e->surf);
      return false;
   }
   CHECK(fe_make_current(e->ctx, e->surf, e->surf) == FE_OK);
   return true;
}

#define GL4_CAPS                                                                                   \
   (MGP_CAP_CLIP_CONTROL | MGP_CAP_POLYGON_OFFSET_CLAMP | MGP_CAP_MIRROR_CLAMP_TO_EDGE |           \
    MGP_CAP_BASE_INSTANCE | MGP_CAP_TEXTURE_VIEW | MGP_CAP_TEXTURE_QUERY_LOD |                     \
    MGP_CAP_SUBGROUP_VOTE)

static void
test_es_gl4_features(int major, int minor, bool caps)
{
   const uint64_t bits = fake_caps.cap_bits;
   const uint32_t inv = fake_caps.max_compute_work_group_invocations;
   const uint32_t ssbo = fake_caps.max_storage_buffer_bindings;
   fake_caps.cap_bits = caps ? bits | GL4_CAPS : bits & ~(uint64_t)GL4_CAPS;
   if (minor) { /* what an ES 3.1 context needs of the fake device (fe_es31_lacks) */
      fake_caps.cap_bits |= MGP_CAP_NO_ATTACHMENTS | MGP_CAP_TEXTURE_GATHER;
      fake_caps.max_compute_work_group_invocations = 1024;
      fake_caps.max_storage_buffer_bindings = 8;
   }
   struct fe_test_env e;
   CHECK(es_env_minor(&e, major, minor));
   if (!e.ctx)
      goto out;
   const bool es3 = major >= 3, es31 = es3 && minor >= 1;
   CHECK_EQ(es_listed("GL_EXT_clip_control"), caps);
   CHECK_EQ(es_listed("GL_EXT_polygon_offset_clamp"), caps);
   CHECK_EQ(es_listed("GL_EXT_texture_mirror_clamp_to_edge"), caps);
   CHECK_EQ(es_listed("GL_EXT_base_instance"), caps && es3);
   CHECK_EQ(es_listed("GL_EXT_buffer_storage"), es31);
   CHECK_EQ(es_listed("GL_EXT_clear_texture"), es31);
   CHECK(es_listed("GL_KHR_parallel_shader_compile"));
   CHECK_EQ(es_listed("GL_OES_texture_view"), caps && es31);
   CHECK_EQ(es_listed("GL_EXT_texture_view"), caps && es31);
   /* ES 3.0's GL_EXT_texture_query_lod and GL_EXT_shader_group_vote (GLSL only) */
   CHECK_EQ(es_listed("GL_EXT_texture_query_lod"), caps && es3);
   CHECK_EQ(es_listed("GL_EXT_shader_group_vote"), caps && es3);

   /* EXT_clip_control */
   GLint v = -1;
   mgl_glClipControl(GL_UPPER_LEFT, GL_ZERO_TO_ONE);
   CHECK_ERR(caps ? GL_NO_ERROR : GL_INVALID_OPERATION);
   mgl_glGetIntegerv(GL_CLIP_ORIGIN, &v);
   CHECK_ERR(caps ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK_EQ(v, caps ? GL_UPPER_LEFT : -1);
   mgl_glGetIntegerv(GL_CLIP_DEPTH_MODE, &v);
   CHECK_ERR(caps ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK_EQ(v, caps ? GL_ZERO_TO_ONE : -1);
   mgl_glClipControl(GL_ZERO_TO_ONE, GL_ZERO_TO_ONE);
   CHECK_ERR(caps ? GL_INVALID_ENUM : GL_INVALID_OPERATION);

   /* EXT_polygon_offset_clamp */
   GLfloat f = -1.0f;
   mgl_glPolygonOffsetClamp(1.0f, 2.0f, 0.25f);
   CHECK_ERR(caps ? GL_NO_ERROR : GL_INVALID_OPERATION);
   mgl_glGetFloatv(GL_POLYGON_OFFSET_CLAMP, &f);
   CHECK_ERR(caps ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK(caps ? f == 0.25f : f == -1.0f);

   /* EXT_texture_mirror_clamp_to_edge */
   GLuint tex;
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
   CHECK_ERR(caps ? GL_NO_ERROR : GL_INVALID_ENUM);

   /* KHR_parallel_shader_compile: every ES context; compiles and links finish in the call */
   GLuint sh = mgl_glCreateShader(GL_VERTEX_SHADER);
   GLint done = 0;
   mgl_glGetShaderiv(sh, GL_COMPLETION_STATUS_KHR, &done);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(done, GL_TRUE);
   GLuint prog = mgl_glCreateProgram();
   done = 0;
   mgl_glGetProgramiv(prog, GL_COMPLETION_STATUS_KHR, &done);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(done, GL_TRUE);
   mgl_glMaxShaderCompilerThreadsKHR(3);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegerv(GL_MAX_SHADER_COMPILER_THREADS_KHR, &v);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(v, 3);
   mgl_glDeleteProgram(prog);
   mgl_glDeleteShader(sh);

   /* EXT_clear_texture (ES 3.1) */
   static const GLubyte red[4] = {255, 0, 0, 255};
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glClearTexImage(tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_OPERATION);
   mgl_glClearTexSubImage(tex, 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, red);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_OPERATION);
   mgl_glDeleteTextures(1, &tex);

   /* EXT_buffer_storage (ES 3.1): the store, its queries and a persistent, coherent map */
   GLuint b;
   mgl_glGenBuffers(1, &b);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b);
   const GLbitfield flags = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
   mgl_glBufferStorage(GL_ARRAY_BUFFER, 64, NULL, flags);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_OPERATION);
   if (es31) {
      mgl_glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_IMMUTABLE_STORAGE, &v);
      CHECK_ERR(GL_NO_ERROR);
      CHECK_EQ(v, GL_TRUE);
      mgl_glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_STORAGE_FLAGS, &v);
      CHECK_EQ(v, flags);
      CHECK(mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, 64, flags) != NULL);
      CHECK_ERR(GL_NO_ERROR);
      CHECK(mgl_glUnmapBuffer(GL_ARRAY_BUFFER));
      mgl_glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW); /* immutable */
      CHECK_ERR(GL_INVALID_OPERATION);
   }
   mgl_glDeleteBuffers(1, &b);
   CHECK_ERR(GL_NO_ERROR);

   /* OES/EXT_texture_view (ES 3.1, MGP_CAP_TEXTURE_VIEW): glTextureViewOES/EXT forward to
    * glTextureView, and the view's queries */
   const bool views = caps && es31;
   CHECK(fe_get_proc_address("glTextureViewOES") != NULL);
   CHECK(fe_get_proc_address("glTextureViewEXT") != NULL);
   GLuint t[2];
   mgl_glGenTextures(2, t);
   if (es3) {
      mgl_glBindTexture(GL_TEXTURE_2D_ARRAY, t[0]);
      mgl_glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 3);
      CHECK_ERR(GL_NO_ERROR);
      mgl_glTextureView(t[1], GL_TEXTURE_2D_ARRAY, t[0], GL_RGBA8UI, 0, 1, 1, 2);
      CHECK_ERR(views ? GL_NO_ERROR : GL_INVALID_OPERATION);
      v = -1;
      mgl_glBindTexture(GL_TEXTURE_2D_ARRAY, t[1]);
      mgl_glGetTexParameteriv(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_VIEW_MIN_LAYER, &v);
      CHECK_ERR(views ? GL_NO_ERROR : GL_INVALID_ENUM);
      CHECK_EQ(v, views ? 1 : -1);
   }
   mgl_glDeleteTextures(2, t);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
out:
   fake_caps.cap_bits = bits;
   fake_caps.max_compute_work_group_invocations = inv;
   fake_caps.max_storage_buffer_bindings = ssbo;
}

/* EXT_texture_norm16 and EXT_render_snorm (ES 3.1 contexts, where the device samples, filters
 * and renders the formats) and EXT_separate_shader_objects (ES 3.0): an ES context takes the
 * 16-bit normalized internal formats, renders the snorm ones and makes program pipelines only
 * where it lists the name. snorm_render: the device renders R8_SNORM. */
static void
test_es_formats(int major, int minor, bool snorm_render)
{
   const uint64_t bits = fake_caps.cap_bits;
   const uint32_t inv = fake_caps.max_compute_work_group_invocations;
   const uint32_t ssbo = fake_caps.max_storage_buffer_bindings;
   const uint32_t r8s = fake_caps.format_flags[MGP_FORMAT_R8_SNORM];
   if (!snorm_render)
      fake_caps.format_flags[MGP_FORMAT_R8_SNORM] &= ~MGP_FORMAT_CAP_RENDER;
   if (minor) { /* what an ES 3.1 context needs of the fake device (fe_es31_lacks) */
      fake_caps.cap_bits |= MGP_CAP_NO_ATTACHMENTS | MGP_CAP_TEXTURE_GATHER;
      fake_caps.max_compute_work_group_invocations = 1024;
      fake_caps.max_storage_buffer_bindings = 8;
   }
   struct fe_test_env e;
   CHECK(es_env_minor(&e, major, minor));
   if (!e.ctx)
      goto out;
   const bool es3 = major >= 3, es31 = es3 && minor >= 1, snorm = es31 && snorm_render;
   CHECK_EQ(es_listed("GL_EXT_texture_norm16"), es31);
   CHECK_EQ(es_listed("GL_EXT_render_snorm"), snorm);
   CHECK_EQ(es_listed("GL_EXT_separate_shader_objects"), es3);
   /* NV_image_formats: ES 3.1 only (and a device that stores images of its formats) */
   if (!es31)
      CHECK(!es_listed("GL_NV_image_formats"));

   /* EXT_texture_norm16: textures of the eight formats, uploads of UNSIGNED_SHORT / SHORT */
   static const GLushort texels[4] = {0, 0x4000, 0x8000, 0xffff};
   GLuint t[3];
   mgl_glGenTextures(3, t);
   mgl_glBindTexture(GL_TEXTURE_2D, t[0]);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_R16, 2, 2, 0, GL_RED, GL_UNSIGNED_SHORT, texels);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_VALUE);
   mgl_glBindTexture(GL_TEXTURE_2D, t[1]);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RG16_SNORM, 1, 1, 0, GL_RG, GL_SHORT, texels);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_VALUE);
   if (es3) {
      mgl_glBindTexture(GL_TEXTURE_2D, t[1]);
      mgl_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA16_SNORM, 4, 4);
      CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
      mgl_glBindTexture(GL_TEXTURE_2D, t[2]);
      mgl_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGB16, 4, 4);
      CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   }
   /* colour-renderable: R16, RG16, RGBA16 with norm16; the snorm ones with render_snorm (the
    * 16-bit ones with both); RGB16, RGB8_SNORM and RGB16_SNORM under neither */
   static const struct {
      GLenum f;
      int need; /* 1 norm16, 2 render_snorm, 3 both, 0 never */
   } rbs[] = {{GL_R16, 1},       {GL_RG16, 1},         {GL_RGBA16, 1},      {GL_RGB16, 0},
              {GL_R8_SNORM, 2},  {GL_RG8_SNORM, 2},    {GL_RGBA8_SNORM, 2}, {GL_RGB8_SNORM, 0},
              {GL_R16_SNORM, 3}, {GL_RGBA16_SNORM, 3}, {GL_RGB16_SNORM, 0}};
   GLuint rb, fbo;
   mgl_glGenRenderbuffers(1, &rb);
   mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   for (size_t k = 0; k < sizeof(rbs) / sizeof(rbs[0]); k++) {
      const bool ok = rbs[k].need == 1 ? es31 : rbs[k].need ? snorm : false;
      mgl_glRenderbufferStorage(GL_RENDERBUFFER, rbs[k].f, 4, 4);
      if (mgl_glGetError() != (ok ? GL_NO_ERROR : GL_INVALID_ENUM)) {
         fprintf(stderr, "ES %d.%d renderbuffer 0x%04x: not %s\n", major, minor, rbs[k].f,
                 ok ? "taken" : "refused");
         fe_test_failures++;
      }
   }
   mgl_glGenFramebuffers(1, &fbo);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   GLuint ts;
   mgl_glGenTextures(1, &ts);
   mgl_glBindTexture(GL_TEXTURE_2D, ts);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_R8_SNORM, 4, 4, 0, GL_RED, GL_BYTE, NULL);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, ts, 0);
   CHECK_EQ(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER),
            snorm ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
   if (es31) {
      mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t[0], 0);
      CHECK_EQ(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   }
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   mgl_glDeleteFramebuffers(1, &fbo);
   mgl_glDeleteRenderbuffers(1, &rb);
   mgl_glDeleteTextures(1, &ts);
   mgl_glDeleteTextures(3, t);
   CHECK_ERR(GL_NO_ERROR);

   /* EXT_separate_shader_objects: the *EXT commands are the GL 4.1 ones, in ES 3.0 too */
   static const char *const sso[] = {"glGenProgramPipelinesEXT",  "glUseProgramStagesEXT",
                                     "glProgramUniform1fEXT",     "glProgramUniformMatrix2x3fvEXT",
                                     "glCreateShaderProgramvEXT", "glValidateProgramPipelineEXT"};
   for (size_t k = 0; k < sizeof(sso) / sizeof(sso[0]); k++)
      CHECK(fe_get_proc_address(sso[k]) != NULL);
   typedef void (*gen_fn)(GLsizei, GLuint *);
   typedef GLboolean (*is_fn)(GLuint);
   gen_fn gen = (gen_fn)fe_get_proc_address("glGenProgramPipelinesEXT");
   typedef void (*bind_fn)(GLuint);
   bind_fn bind = (bind_fn)fe_get_proc_address("glBindProgramPipelineEXT");
   is_fn is = (is_fn)fe_get_proc_address("glIsProgramPipelineEXT");
   GLuint pipe = 0;
   if (gen && bind && is) {
      gen(1, &pipe);
      CHECK_ERR(es3 ? GL_NO_ERROR : GL_INVALID_OPERATION);
      bind(pipe);
      CHECK_ERR(es3 ? GL_NO_ERROR : GL_INVALID_OPERATION);
      CHECK_EQ(is(pipe), es3);
      GLint sep = -1;
      GLuint prog = mgl_glCreateProgram();
      mgl_glProgramParameteri(prog, GL_PROGRAM_SEPARABLE, GL_TRUE);
      CHECK_ERR(es3 ? GL_NO_ERROR : GL_INVALID_OPERATION);
      mgl_glGetProgramiv(prog, GL_PROGRAM_SEPARABLE, &sep);
      CHECK_ERR(es3 ? GL_NO_ERROR : GL_INVALID_ENUM);
      CHECK_EQ(sep, es3 ? GL_TRUE : -1);
      mgl_glDeleteProgram(prog);
      /* glCreateShaderProgramvEXT is glCreateShaderProgramv (a separable program) */
      const GLchar *src = "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n";
      fake_glsl_next(&(struct fake_program){0});
      prog = mgl_glCreateShaderProgramvEXT(GL_VERTEX_SHADER, 1, &src);
      CHECK_ERR(es3 ? GL_NO_ERROR : GL_INVALID_OPERATION);
      CHECK_EQ(prog != 0, es3);
      sep = -1;
      if (prog)
         mgl_glGetProgramiv(prog, GL_PROGRAM_SEPARABLE, &sep);
      CHECK_EQ(sep, es3 ? GL_TRUE : -1);
      mgl_glDeleteProgram(prog);
      CHECK_ERR(GL_NO_ERROR);
      if (es3) {
         bind(0);
         mgl_glDeleteProgramPipelines(1, &pipe);
      }
   }
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
out:
   fake_caps.cap_bits = bits;
   fake_caps.max_compute_work_group_invocations = inv;
   fake_caps.max_storage_buffer_bindings = ssbo;
   fake_caps.format_flags[MGP_FORMAT_R8_SNORM] = r8s;
}

int
main(void)
{
   check_extensions(2);
   check_extensions(3);
   test_entry_points();
   test_discard();
   test_draw_buffers(2);
   test_draw_buffers(3);
   test_vao_oes();
   test_fixed_types();
   test_program_binary(FE_API_GLES, 2);
   test_program_binary(FE_API_GLES, 3);
   test_program_binary(FE_API_GL_CORE, 3);
   test_shader_precision_and_binary(FE_API_GLES, 2);
   test_shader_precision_and_binary(FE_API_GLES, 3);
   test_shader_precision_and_binary(FE_API_GL_CORE, 3);
   test_es2_state();
   test_desktop_only_state();
   test_es3_no_buffer_storage();
   test_es_depth_clamp(2, true);
   test_es_depth_clamp(3, false);
   test_tex_params();
   test_es_enums(FE_API_GLES, 2);
   test_es_enums(FE_API_GLES, 3);
   test_es_enums(FE_API_GL_CORE, 3);
   test_lum_alpha(FE_API_GLES, 2);
   test_lum_alpha(FE_API_GLES, 3);
   test_lum_alpha(FE_API_GL_CORE, 3);
   test_es_gl4_features(2, 0, true);
   test_es_gl4_features(2, 0, false);
   test_es_gl4_features(3, 0, true);
   test_es_gl4_features(3, 0, false);
   test_es_gl4_features(3, 1, true);
   test_es_formats(2, 0, true);
   test_es_formats(3, 0, true);
   test_es_formats(3, 1, true);
   test_es_formats(3, 1, false);
   return fe_test_report("unit.frontend.es_ext");
}
