/* test_internalformat.c — glGetInternalformativ / glGetInternalformati64v with
 * ARB_internalformat_query2's pnames (GL 4.6 §22.3): the errors, the unsupported answers, and
 * answers that follow the device's per-format caps and what the texture calls create. */
#include <limits.h>

#include "fe_test_util.h"

static GLint
query(GLenum target, GLenum internalformat, GLenum pname)
{
   GLint v = -12345;
   mgl_glGetInternalformativ(target, internalformat, pname, 1, &v);
   return v;
}

static GLint64
query64(GLenum target, GLenum internalformat, GLenum pname)
{
   GLint64 v = -12345;
   mgl_glGetInternalformati64v(target, internalformat, pname, 1, &v);
   return v;
}

/* GL 4.6 §22.3: an unknown target or pname is GL_INVALID_ENUM, a negative count
 * GL_INVALID_VALUE; an unknown internal format is no error, only unsupported. */
static void
test_errors(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLint v = -1;
   mgl_glGetInternalformativ(GL_FRAMEBUFFER, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED, 1, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_TEXTURE_WIDTH, 1, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   /* no ARB/EXT_texture_sRGB_decode here: its pname is GL_INVALID_ENUM */
   mgl_glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, 0x8299 /* GL_SRGB_DECODE_ARB */, 1, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetInternalformati64v(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED, -1, NULL);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_EQ(v, -1);
   /* an unknown format: the unsupported answers (FALSE, 0, NONE), no error */
   CHECK_EQ(query(GL_TEXTURE_2D, 0x1234, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);
   CHECK_EQ(query(GL_TEXTURE_2D, 0x1234, GL_MAX_WIDTH), 0);
   CHECK_EQ(query(GL_TEXTURE_2D, 0x1234, GL_READ_PIXELS_FORMAT), GL_NONE);
   CHECK_ERR(GL_NO_ERROR);
   /* count 0 writes nothing */
   v = -7;
   mgl_glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED, 0, &v);
   CHECK_EQ(v, -7);
   CHECK_ERR(GL_NO_ERROR);
   /* the extension is listed */
   GLint n = 0;
   bool listed = false;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++)
      listed |= !strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i),
                        "GL_ARB_internalformat_query2");
   CHECK(listed);
   env_finish(&e);
}

/* A resource is supported exactly when the texture calls create it. */
static void
test_supported(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED), GL_TRUE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_PREFERRED), GL_RGBA8);
   /* depth formats have no 3D textures (glTexImage3D: GL_INVALID_OPERATION) */
   CHECK_EQ(query(GL_TEXTURE_3D, GL_DEPTH_COMPONENT24, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);
   GLuint tex;
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_3D, tex);
   mgl_glTexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH_COMPONENT24, 4, 4, 4, 0, GL_DEPTH_COMPONENT,
                    GL_UNSIGNED_INT, NULL);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDeleteTextures(1, &tex);
   CHECK_EQ(query(GL_TEXTURE_2D_ARRAY, GL_DEPTH_COMPONENT24, GL_INTERNALFORMAT_SUPPORTED), GL_TRUE);
   /* RGTC: 2D images only, not 1D or rectangles */
   CHECK_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RED_RGTC1, GL_INTERNALFORMAT_SUPPORTED), GL_TRUE);
   CHECK_EQ(query(GL_TEXTURE_1D, GL_COMPRESSED_RED_RGTC1, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);
   CHECK_EQ(query(GL_TEXTURE_RECTANGLE, GL_COMPRESSED_RED_RGTC1, GL_INTERNALFORMAT_SUPPORTED),
            GL_FALSE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RED_RGTC1, GL_TEXTURE_COMPRESSED), GL_TRUE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RED_RGTC1, GL_TEXTURE_COMPRESSED_BLOCK_WIDTH), 4);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RED_RGTC1, GL_TEXTURE_COMPRESSED_BLOCK_SIZE), 8);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_TEXTURE_COMPRESSED_BLOCK_SIZE), 0);
   /* buffer textures: the formats glTexBuffer takes */
   CHECK_EQ(query(GL_TEXTURE_BUFFER, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED), GL_TRUE);
   CHECK_EQ(query(GL_TEXTURE_BUFFER, GL_RGB8, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);
   CHECK_EQ(query(GL_TEXTURE_BUFFER, GL_RGBA8, GL_CLEAR_BUFFER), GL_FULL_SUPPORT);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_CLEAR_BUFFER), GL_NONE);
   /* multisample textures: renderable formats only */
   CHECK_EQ(query(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED), GL_TRUE);
   CHECK_EQ(query(GL_TEXTURE_2D_MULTISAMPLE, GL_RGB9_E5, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);
   /* the sample counts: none for a target without samples (SAMPLES writes nothing) */
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_NUM_SAMPLE_COUNTS), 0);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES), -12345);
   CHECK_EQ(query(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS), 2); /* 4 and 2 */
   CHECK_EQ(query(GL_RENDERBUFFER, GL_RGB9_E5, GL_NUM_SAMPLE_COUNTS), 0);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* Sizes and types are what glGetTexLevelParameter says of such an image, in the format the
 * device stores it as: D24 without X8_D24 on the device is kept as D32F. */
static void
test_sizes_follow_storage(void)
{
   const struct mgp_caps saved = fake_caps;
   fake_caps.format_flags[MGP_FORMAT_X8_D24_UNORM] = 0;
   struct fe_test_env e;
   env_init(&e, 16, 16);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_DEPTH_COMPONENT24, GL_INTERNALFORMAT_DEPTH_SIZE), 32);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_DEPTH_COMPONENT24, GL_INTERNALFORMAT_DEPTH_TYPE), GL_FLOAT);
   GLuint tex;
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 4, 0, GL_DEPTH_COMPONENT,
                    GL_UNSIGNED_INT, NULL);
   GLint bits = 0;
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_DEPTH_SIZE, &bits);
   CHECK_EQ(bits, 32);
   mgl_glDeleteTextures(1, &tex);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGB8, GL_INTERNALFORMAT_RED_SIZE), 8);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGB8, GL_INTERNALFORMAT_ALPHA_SIZE), 0);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGB8, GL_INTERNALFORMAT_RED_TYPE), GL_UNSIGNED_NORMALIZED);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8I, GL_INTERNALFORMAT_RED_TYPE), GL_INT);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_DEPTH24_STENCIL8, GL_INTERNALFORMAT_STENCIL_SIZE), 8);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_DEPTH24_STENCIL8, GL_INTERNALFORMAT_STENCIL_TYPE),
            GL_UNSIGNED_INT);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_DEPTH24_STENCIL8, GL_COLOR_COMPONENTS), GL_FALSE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_DEPTH24_STENCIL8, GL_STENCIL_COMPONENTS), GL_TRUE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_DEPTH24_STENCIL8, GL_READ_PIXELS_FORMAT), GL_DEPTH_STENCIL);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_DEPTH24_STENCIL8, GL_READ_PIXELS_TYPE), GL_UNSIGNED_INT_24_8);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
   fake_caps = saved;
}

/* Renderability, blending, filtering and image load/store follow caps.format_flags. */
static void
test_device_caps(void)
{
   const struct mgp_caps saved = fake_caps;
   fake_caps.format_flags[MGP_FORMAT_RGBA16_FLOAT] &=
      ~(MGP_FORMAT_CAP_RENDER | MGP_FORMAT_CAP_FILTER);
   fake_caps.format_flags[MGP_FORMAT_RGBA8_UNORM] |= MGP_FORMAT_CAP_STORAGE;
   fake_caps.format_flags[MGP_FORMAT_R32_UINT] |=
      MGP_FORMAT_CAP_STORAGE | MGP_FORMAT_CAP_STORAGE_ATOMIC;
   struct fe_test_env e;
   env_init(&e, 16, 16);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_FRAMEBUFFER_RENDERABLE), GL_FULL_SUPPORT);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_FRAMEBUFFER_BLEND), GL_FULL_SUPPORT);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_FILTER), GL_FULL_SUPPORT);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA16F, GL_FRAMEBUFFER_RENDERABLE), GL_NONE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA16F, GL_COLOR_RENDERABLE), GL_FALSE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA16F, GL_FILTER), GL_NONE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA16F, GL_MANUAL_GENERATE_MIPMAP), GL_NONE);
   /* integer formats neither blend nor filter; multisample targets never filter */
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8UI, GL_FRAMEBUFFER_BLEND), GL_NONE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8UI, GL_FILTER), GL_NONE);
   CHECK_EQ(query(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_FILTER), GL_NONE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_SHADER_IMAGE_LOAD), GL_FULL_SUPPORT);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_SHADER_IMAGE_ATOMIC), GL_NONE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_R32UI, GL_SHADER_IMAGE_ATOMIC), GL_FULL_SUPPORT);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA16, GL_SHADER_IMAGE_STORE), GL_NONE); /* no STORAGE */
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_IMAGE_TEXEL_SIZE), 32);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_IMAGE_COMPATIBILITY_CLASS), GL_IMAGE_CLASS_4_X_8);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_R11F_G11F_B10F, GL_IMAGE_PIXEL_TYPE),
            GL_UNSIGNED_INT_10F_11F_11F_REV);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGB8, GL_IMAGE_TEXEL_SIZE), 0); /* no image format */
   CHECK_EQ(query(GL_TEXTURE_2D, GL_SRGB8_ALPHA8, GL_COLOR_ENCODING), GL_SRGB);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_COLOR_ENCODING), GL_LINEAR);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_DEPTH_COMPONENT16, GL_COLOR_ENCODING), GL_NONE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_DEPTH_COMPONENT16, GL_TEXTURE_SHADOW), GL_FULL_SUPPORT);
   CHECK_EQ(query(GL_TEXTURE_3D, GL_RGBA8, GL_TEXTURE_SHADOW), GL_NONE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_VIEW_COMPATIBILITY_CLASS),
            fe_texture_view_offered(e.ctx) ? GL_VIEW_CLASS_32_BITS : GL_NONE);
   CHECK_EQ(query(GL_RENDERBUFFER, GL_RGBA8, GL_MIPMAP), GL_FALSE);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_MIPMAP), GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
   fake_caps = saved;
}

/* The limits are glGet's; the combined product does not fit 32 bits for a 3D texture. */
static void
test_dimensions(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   GLint max = 0, max3d = 0, layers = 0;
   mgl_glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max);
   mgl_glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
   mgl_glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &layers);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_MAX_WIDTH), max);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_MAX_DEPTH), 0);
   CHECK_EQ(query(GL_TEXTURE_1D_ARRAY, GL_RGBA8, GL_MAX_HEIGHT), layers);
   CHECK_EQ(query(GL_TEXTURE_2D_ARRAY, GL_RGBA8, GL_MAX_LAYERS), layers);
   CHECK_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_MAX_LAYERS), 0);
   const GLint64 combined = (GLint64)max3d * max3d * max3d;
   CHECK(combined > INT_MAX);
   CHECK_EQ(query64(GL_TEXTURE_3D, GL_RGBA8, GL_MAX_COMBINED_DIMENSIONS), combined);
   CHECK_EQ(query(GL_TEXTURE_3D, GL_RGBA8, GL_MAX_COMBINED_DIMENSIONS), INT_MAX);
   CHECK_EQ(query64(GL_TEXTURE_CUBE_MAP, GL_RGBA8, GL_MAX_COMBINED_DIMENSIONS),
            (GLint64)query(GL_TEXTURE_CUBE_MAP, GL_RGBA8, GL_MAX_WIDTH) *
               query(GL_TEXTURE_CUBE_MAP, GL_RGBA8, GL_MAX_HEIGHT) * 6);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* ES 3.0 keeps its own query: renderbuffers, the two sample pnames. */
static void
test_es(void)
{
   struct fe_test_env e;
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   memset(&e, 0, sizeof(e));
   CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e.surf) == FE_OK);
   struct fe_context_desc d = {.api = FE_API_GLES, .major = 3, .minor = 0, .format = f};
   CHECK(fe_context_create(&d, NULL, &e.ctx) == FE_OK);
   CHECK(fe_make_current(e.ctx, e.surf, e.surf) == FE_OK);
   GLint v = -1;
   mgl_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED, 1, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetInternalformativ(GL_RENDERBUFFER, GL_RGB9_E5, GL_NUM_SAMPLE_COUNTS, 1, &v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &v);
   CHECK_EQ(v, 2);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

int
main(void)
{
   test_errors();
   test_supported();
   test_sizes_follow_storage();
   test_device_caps();
   test_dimensions();
   test_es();
   return fe_test_report("unit.frontend.internalformat");
}
