/* test_tex_storage.c — unit.frontend.tex_storage: ARB_texture_storage on a GL 3.3 core context
 * (advertised; glTexStorage1D/2D/3D and their proxy targets, with GL 4.2 §3.9.16's errors),
 * ARB_texture_storage_multisample, ARB_texture_buffer_range (the range on the wire, the
 * caps' alignment, GL 4.6 §8.9's errors and the level queries), and
 * ES 3.0's narrower glTexStorage (2D, cube map, 3D, 2D array; no proxies). */
#include "fe_test_util.h"

#include "fe_egl.h" /* fe_get_proc_address */

static bool
advertised(const char *name)
{
   GLint n = 0;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint k = 0; k < n; k++)
      if (!strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)k), name))
         return true;
   return false;
}

static GLint
level_param(GLenum target, GLint level, GLenum pname)
{
   GLint v = -1;
   mgl_glGetTexLevelParameteriv(target, level, pname, &v);
   return v;
}

static void
test_desktop(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   CHECK(advertised("GL_ARB_texture_storage"));
   CHECK(fe_get_proc_address("glTexStorage1D") && fe_get_proc_address("glTexStorage3D"));

   /* the default texture object cannot be made immutable */
   mgl_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
   CHECK_ERR(GL_INVALID_OPERATION);

   GLuint t[4];
   mgl_glGenTextures(4, t);
   mgl_glBindTexture(GL_TEXTURE_1D, t[0]);
   mgl_glTexStorage1D(GL_TEXTURE_2D, 1, GL_RGBA8, 8); /* not a 1D target */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexStorage1D(GL_TEXTURE_1D, 1, GL_RGBA, 8); /* unsized */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexStorage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexStorage1D(GL_TEXTURE_1D, 5, GL_RGBA8, 8); /* 8 has 4 levels */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glTexStorage1D(GL_TEXTURE_1D, 4, GL_RGBA8, 8);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(level_param(GL_TEXTURE_1D, 3, GL_TEXTURE_WIDTH), 1);
   GLint v = 0;
   mgl_glGetTexParameteriv(GL_TEXTURE_1D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
   CHECK_EQ(v, GL_TRUE);
   mgl_glTexStorage1D(GL_TEXTURE_1D, 1, GL_RGBA8, 8); /* immutable now */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_ERR(GL_INVALID_OPERATION);

   mgl_glBindTexture(GL_TEXTURE_RECTANGLE, t[1]);
   mgl_glTexStorage2D(GL_TEXTURE_RECTANGLE, 2, GL_RGBA8, 8, 8); /* one level only */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glTexStorage2D(GL_TEXTURE_RECTANGLE, 1, GL_RGBA8, 8, 4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBindTexture(GL_TEXTURE_1D_ARRAY, t[2]);
   mgl_glTexStorage2D(GL_TEXTURE_1D_ARRAY, 3, GL_R8, 4, 6); /* height: 6 layers */
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(level_param(GL_TEXTURE_1D_ARRAY, 2, GL_TEXTURE_HEIGHT), 6);
   mgl_glBindTexture(GL_TEXTURE_2D_ARRAY, t[3]);
   mgl_glTexStorage3D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 2);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 4, 4, 3);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(level_param(GL_TEXTURE_2D_ARRAY, 1, GL_TEXTURE_DEPTH), 3);

   /* proxies: state only; too large is no error, the levels read back as zeros */
   mgl_glTexStorage2D(GL_PROXY_TEXTURE_2D, 3, GL_RGBA8, 16, 8);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(level_param(GL_PROXY_TEXTURE_2D, 2, GL_TEXTURE_WIDTH), 4);
   CHECK_EQ(level_param(GL_PROXY_TEXTURE_2D, 2, GL_TEXTURE_HEIGHT), 2);
   CHECK_EQ(level_param(GL_PROXY_TEXTURE_2D, 3, GL_TEXTURE_WIDTH), 0);
   GLint max = 0;
   mgl_glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max);
   mgl_glTexStorage2D(GL_PROXY_TEXTURE_2D, 1, GL_RGBA8, max + 1, 4);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 0);
   GLuint big;
   mgl_glGenTextures(1, &big);
   mgl_glBindTexture(GL_TEXTURE_2D, big);
   mgl_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, max + 1, 4); /* the real target: an error */
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDeleteTextures(1, &big);
   mgl_glTexStorage2D(GL_PROXY_TEXTURE_2D, 1, GL_RGBA, 4, 4); /* other errors stay errors */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexStorage3D(GL_PROXY_TEXTURE_3D, 1, GL_RGBA8, 4, 4, 4);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(level_param(GL_PROXY_TEXTURE_3D, 0, GL_TEXTURE_DEPTH), 4);
   mgl_glTexStorage1D(GL_PROXY_TEXTURE_1D, 1, GL_RGBA8, 4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTexStorage2D(GL_PROXY_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 4, 8); /* not square */
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDeleteTextures(4, t);
   env_finish(&e);
}

/* ARB_texture_storage_multisample: glTexImage*Multisample's errors, plus a sized format, a
 * non-empty image and a texture other than zero; immutable afterwards. */
static void
test_multisample(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   CHECK(advertised("GL_ARB_texture_storage_multisample"));
   mgl_glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, 4, GL_TRUE);
   CHECK_ERR(GL_INVALID_OPERATION); /* texture zero */
   GLuint t[2];
   mgl_glGenTextures(2, t);
   mgl_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[0]);
   mgl_glTexStorage2DMultisample(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, GL_TRUE);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA, 4, 4, GL_TRUE);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 0, 4, GL_TRUE);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 4, 4, GL_TRUE);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, 4, GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);
   GLint v = 0;
   mgl_glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
   CHECK_EQ(v, GL_TRUE);
   mgl_glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, 4, GL_TRUE);
   CHECK_ERR(GL_INVALID_OPERATION);
   /* a multisample texture's sampler state (which it cannot set: GL 4.5 8.10) reads NEAREST
    * and CLAMP_TO_EDGE, as on Mesa (piglit arb_texture_storage_multisample-tex-param) */
   static const GLenum ms_params[][2] = {{GL_TEXTURE_MIN_FILTER, GL_NEAREST},
                                         {GL_TEXTURE_MAG_FILTER, GL_NEAREST},
                                         {GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE},
                                         {GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE},
                                         {GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE}};
   for (unsigned i = 0; i < sizeof(ms_params) / sizeof(ms_params[0]); i++) {
      v = -1;
      mgl_glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, ms_params[i][0], &v);
      CHECK_ERR(GL_NO_ERROR);
      CHECK_EQ(v, (GLint)ms_params[i][1]);
      mgl_glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, ms_params[i][0], GL_LINEAR);
      CHECK_ERR(GL_INVALID_ENUM);
   }
   mgl_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, t[1]);
   v = -1;
   mgl_glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_WRAP_R, &v);
   CHECK_EQ(v, GL_CLAMP_TO_EDGE);
   mgl_glTexStorage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 1, GL_RGBA8, 4, 4, 3, GL_FALSE);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(level_param(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 0, GL_TEXTURE_DEPTH), 3);
   mgl_glTexStorage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 1, GL_RGBA8, 4, 4, 3, GL_FALSE);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDeleteTextures(2, t);
   env_finish(&e);
}

static void
test_es3(void)
{
   struct fe_test_env e;
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   memset(&e, 0, sizeof(e));
   CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e.surf) == FE_OK);
   struct fe_context_desc d = {.api = FE_API_GLES, .major = 3, .minor = 0, .format = f};
   CHECK(fe_context_create(&d, NULL, &e.ctx) == FE_OK);
   CHECK(fe_make_current(e.ctx, e.surf, e.surf) == FE_OK);
   GLuint t;
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   mgl_glTexStorage2D(GL_PROXY_TEXTURE_2D, 1, GL_RGBA8, 4, 4); /* ES has no proxies */
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexStorage2D(GL_TEXTURE_RECTANGLE, 1, GL_RGBA8, 4, 4);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexStorage2D(GL_TEXTURE_1D_ARRAY, 1, GL_RGBA8, 4, 4);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 4, 4);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDeleteTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, 0);
   mgl_glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4); /* ES 3.0 3.8.4: texture zero */
   CHECK_ERR(GL_INVALID_OPERATION);
   env_finish(&e);
}

/* The last TEX_BUFFER desc the front end sent (create or respecify). */
static const struct mgp_resource_desc *
last_texbuf_desc(void)
{
   const struct mgp_resource_desc *last = NULL;
   for (unsigned i = 0; i < fake_count(); i++) {
      const struct fake_rec *r = fake_rec(i);
      if (r->id != MGP_CALL_resource_create && r->id != MGP_CALL_resource_respecify)
         continue;
      const struct mgp_resource_desc *d = (const void *)r->args;
      if (d->target == MGP_RESOURCE_TARGET_TEX_BUFFER)
         last = d;
   }
   return last;
}

static void
test_buffer_range(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   CHECK(advertised("GL_ARB_texture_buffer_range"));
   GLint align = 0;
   mgl_glGetIntegerv(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT, &align);
   CHECK_EQ(align, 64); /* the caps' texel_buffer_offset_alignment */
   GLuint buf, tex[2];
   mgl_glGenBuffers(1, &buf);
   mgl_glBindBuffer(GL_TEXTURE_BUFFER, buf);
   mgl_glBufferData(GL_TEXTURE_BUFFER, 1024, NULL, GL_STATIC_DRAW);
   mgl_glGenTextures(2, tex);
   mgl_glBindTexture(GL_TEXTURE_BUFFER, tex[0]);
   /* ARB_texture_buffer_object's glGet names answer in a core context too: GL_R8 first */
   GLint v = -1;
   mgl_glGetIntegerv(0x8C2E /* GL_TEXTURE_BUFFER_FORMAT_ARB */, &v);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(v, GL_R8);
   mgl_glGetIntegerv(0x8C2D /* GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB */, &v);
   CHECK_EQ(v, 0);

   mgl_glTexBufferRange(GL_TEXTURE_2D, GL_RGBA8, buf, 0, 16);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGB8, buf, 0, 16);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, buf + 7, 0, 16);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, buf, -64, 16);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, buf, 0, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, buf, 960, 128); /* past the store */
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, buf, 32, 128); /* not a multiple of 64 */
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_EQ(level_param(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_DATA_STORE_BINDING), 0);

   fake_clear();
   mgl_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, buf, 64, 128);
   CHECK_ERR(GL_NO_ERROR);
   const struct mgp_resource_desc *d = last_texbuf_desc();
   CHECK(d != NULL);
   if (d) {
      CHECK_EQ(d->buffer_offset, 64);
      CHECK_EQ(d->buffer_size, 128);
      CHECK_EQ(d->format, MGP_FORMAT_RGBA8_UNORM);
   }
   CHECK_EQ(level_param(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_DATA_STORE_BINDING), (GLint)buf);
   CHECK_EQ(level_param(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_OFFSET), 64);
   CHECK_EQ(level_param(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_SIZE), 128);

   /* glTexBuffer: the whole buffer, offset 0, its size as it is */
   fake_clear();
   mgl_glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, buf);
   CHECK_ERR(GL_NO_ERROR);
   d = last_texbuf_desc();
   CHECK(d && d->buffer_offset == 0 && d->buffer_size == ~0ull);
   CHECK_EQ(level_param(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_OFFSET), 0);
   CHECK_EQ(level_param(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_SIZE), 1024);

   /* buffer 0 detaches and resets the range, whatever offset and size say */
   mgl_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, buf, 64, 128);
   mgl_glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, 0, 3, -1);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(level_param(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_DATA_STORE_BINDING), 0);
   CHECK_EQ(level_param(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_OFFSET), 0);
   CHECK_EQ(level_param(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_SIZE), 0);

   /* the named form: a texture of another target is GL_INVALID_OPERATION */
   mgl_glBindTexture(GL_TEXTURE_2D, tex[1]);
   mgl_glTextureBufferRange(tex[1], GL_RGBA8, buf, 0, 64);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glTextureBufferRange(tex[0], GL_RGBA8, buf, 128, 256);
   CHECK_ERR(GL_NO_ERROR);
   d = last_texbuf_desc();
   CHECK(d && d->buffer_offset == 128 && d->buffer_size == 256);
   mgl_glDeleteTextures(2, tex);
   mgl_glDeleteBuffers(1, &buf);
   env_finish(&e);
}

int
main(void)
{
   test_desktop();
   test_buffer_range();
   test_multisample();
   test_es3();
   return fe_test_report("unit.frontend.tex_storage");
}
