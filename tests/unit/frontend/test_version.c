/* test_version.c — the OpenGL version a desktop context claims follows the backend's caps
 * (fe_version.c): each of buffer textures (3.1), the geometry stage and depth clamp (3.2) and
 * dual-source blending (3.3) hidden from the caps lowers it, a request above it is refused, and the
 * version queries, the GLSL version and the buffer-texture target follow. */
#include "fe_es_ext.h"
#include "fe_test_util.h"

static struct fe_surface *surf;

/* A core context asking for major.minor: NULL when refused (FE_BAD_MATCH). */
static struct fe_context *
make(int major, int minor)
{
   struct fe_context_desc d = {
      .api = FE_API_GL_CORE, .major = major, .minor = minor, .format = {8, 8, 8, 8, 24, 8, 0, 0}};
   struct fe_context *ctx = NULL;
   enum fe_status st = fe_context_create(&d, NULL, &ctx);
   if (st == FE_BAD_MATCH)
      return NULL;
   CHECK(st == FE_OK);
   CHECK(fe_make_current(ctx, surf, surf) == FE_OK);
   return ctx;
}

static void
drop(struct fe_context *ctx)
{
   fe_make_current(NULL, NULL, NULL);
   fe_context_destroy(ctx);
   fake_clear();
}

/* The current context says version `v` everywhere it is asked. */
static void
check_version(int v, const char *version, const char *glsl)
{
   GLint major = 0, minor = 0;
   mgl_glGetIntegerv(GL_MAJOR_VERSION, &major);
   mgl_glGetIntegerv(GL_MINOR_VERSION, &minor);
   CHECK_EQ(major * 10 + minor, v);
   const char *s = (const char *)mgl_glGetString(GL_VERSION);
   CHECK(s && !strcmp(s, version));
   s = (const char *)mgl_glGetString(GL_SHADING_LANGUAGE_VERSION);
   CHECK(s && !strcmp(s, glsl));
   GLint mask = 0;
   mgl_glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
   /* a 3.2+ query: a 3.0 or 3.1 context does not know it */
   CHECK_ERR(v >= 32 ? GL_NO_ERROR : GL_INVALID_ENUM);
   if (v >= 32)
      CHECK_EQ(mask, GL_CONTEXT_CORE_PROFILE_BIT);
   /* GL 4.3's list of GLSL versions: the context's own first, "" (1.10) and "100" in it */
   GLint n = -1;
   mgl_glGetIntegerv(GL_NUM_SHADING_LANGUAGE_VERSIONS, &n);
   CHECK_ERR(v >= 43 ? GL_NO_ERROR : GL_INVALID_ENUM);
   s = (const char *)mgl_glGetStringi(GL_SHADING_LANGUAGE_VERSION, 0);
   CHECK_ERR(v >= 43 ? GL_NO_ERROR : GL_INVALID_ENUM);
   if (v >= 43) {
      char own[4] = {glsl[0], glsl[2], glsl[3], '\0'};
      CHECK(n >= 3 && s && !strcmp(s, own));
      bool empty = false, es100 = false;
      for (GLint i = 0; i < n; i++) {
         s = (const char *)mgl_glGetStringi(GL_SHADING_LANGUAGE_VERSION, (GLuint)i);
         CHECK(s != NULL);
         empty |= s && !s[0];
         es100 |= s && !strcmp(s, "100");
      }
      CHECK(empty && es100);
      CHECK(!mgl_glGetStringi(GL_SHADING_LANGUAGE_VERSION, (GLuint)n));
      CHECK_ERR(GL_INVALID_VALUE);
   }
}

static bool
listed(const char *name)
{
   GLint n = 0;
   bool found = false;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++) {
      const char *e = (const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i);
      found |= e && !strcmp(e, name);
   }
   return found;
}

/* Buffer textures exist exactly when the context is 3.1 or later. */
static void
check_texture_buffer(bool offered)
{
   GLuint tex, buf;
   mgl_glGenTextures(1, &tex);
   mgl_glGenBuffers(1, &buf);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf);
   mgl_glBufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBindTexture(GL_TEXTURE_BUFFER, tex);
   CHECK_ERR(offered ? GL_NO_ERROR : GL_INVALID_ENUM);
   mgl_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, buf);
   CHECK_ERR(offered ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK_EQ(listed("GL_ARB_texture_buffer_object"), offered);
}

/* GL_DEPTH_CLAMP exists exactly where the backend clamps: else GL_INVALID_ENUM as in GL 3.1,
 * and GL_ARB_depth_clamp is not listed. */
static void
check_depth_clamp(bool offered)
{
   mgl_glEnable(GL_DEPTH_CLAMP);
   CHECK_ERR(offered ? GL_NO_ERROR : GL_INVALID_ENUM);
   const GLboolean on = mgl_glIsEnabled(GL_DEPTH_CLAMP);
   CHECK_ERR(offered ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK_EQ(on, offered ? GL_TRUE : GL_FALSE);
   mgl_glDisable(GL_DEPTH_CLAMP);
   CHECK_ERR(offered ? GL_NO_ERROR : GL_INVALID_ENUM);
   GLint n = 0;
   bool listed = false, nv = false;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++) {
      const char *e = (const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i);
      listed |= e && !strcmp(e, "GL_ARB_depth_clamp");
      nv |= e && !strcmp(e, "GL_NV_depth_clamp"); /* the same enum under NV's name */
   }
   CHECK_EQ(listed, offered);
   CHECK_EQ(nv, offered);
   CHECK_ERR(GL_NO_ERROR);
}

/* GL 4.0 features a context offers only where the backend says it has them (a cap bit each):
 * sample shading's enable, command and query; texture gather's and query-LOD's names;
 * ARB_gpu_shader_fp64's name (MGP_CAP_FLOAT64), which alone claims no GL 4.0. */
static void
test_gl40_caps(void)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   CHECK(fe_surface_create_pbuffer(&f, 8, 8, &surf) == FE_OK);
   const uint64_t bits = fake_caps.cap_bits;
   const uint32_t vk = fake_caps.vk_api_version;
   for (int on = 0; on < 2; on++) {
      /* a Vulkan device (vk_api_version set) is not enough: the bits say it */
      fake_caps.vk_api_version = 1u << 22;
      const uint64_t gl40 = MGP_CAP_SAMPLE_SHADING | MGP_CAP_TEXTURE_GATHER |
                            MGP_CAP_TEXTURE_QUERY_LOD | MGP_CAP_FLOAT64;
      fake_caps.cap_bits = on ? bits | gl40 : bits & ~gl40;
      struct fe_context *ctx = make(3, 3);
      CHECK(ctx);
      CHECK_EQ(listed("GL_ARB_sample_shading"), on);
      CHECK_EQ(listed("GL_ARB_texture_gather"), on);
      CHECK_EQ(listed("GL_ARB_texture_query_lod"), on);
      CHECK_EQ(listed("GL_ARB_gpu_shader_fp64"), on);
      CHECK_EQ(fe_fp64_offered(ctx), on);
      /* the bits past 31 (ABI 24): each names its extensions and lifts its GLSL denial */
      fake_caps.cap_bits = on ? bits | MGP_CAP_IMAGE_QUERIES | MGP_CAP_DERIVATIVE_CONTROL
                              : bits & ~(MGP_CAP_IMAGE_QUERIES | MGP_CAP_DERIVATIVE_CONTROL);
      CHECK_EQ(listed("GL_ARB_texture_query_levels"), on);
      CHECK_EQ(listed("GL_ARB_shader_texture_image_samples"), on);
      CHECK_EQ(listed("GL_ARB_derivative_control"), on);
      CHECK_EQ((fe_glsl_deny(ctx) & GLSL_DENY_IMAGE_QUERIES) != 0, !on);
      CHECK_EQ((fe_glsl_deny(ctx) & GLSL_DENY_DERIVATIVE_CONTROL) != 0, !on);
      /* gathers without LOD queries (a GLES host): ARB_texture_gather alone, and
       * textureQueryLod's GLSL denied (ABI 25 split the bit) */
      fake_caps.cap_bits = (bits & ~(MGP_CAP_TEXTURE_GATHER | MGP_CAP_TEXTURE_QUERY_LOD)) |
                           (on ? MGP_CAP_TEXTURE_GATHER : 0);
      CHECK_EQ(listed("GL_ARB_texture_gather"), on);
      CHECK(!listed("GL_ARB_texture_query_lod"));
      CHECK((fe_glsl_deny(ctx) & GLSL_DENY_TEXTURE_QUERY_LOD) != 0);
      fake_caps.cap_bits = bits | MGP_CAP_TEXTURE_QUERY_LOD;
      CHECK(listed("GL_ARB_texture_query_lod"));
      CHECK(!(fe_glsl_deny(ctx) & GLSL_DENY_TEXTURE_QUERY_LOD));
      CHECK(listed("GL_ARB_shading_language_packing")); /* ES 3.0 has them: no bit */
      CHECK(listed("GL_EXT_shader_integer_mix"));
      fake_caps.cap_bits = on ? bits | gl40 : bits & ~gl40;
      CHECK_EQ((fe_glsl_deny(ctx) & GLSL_DENY_FLOAT64) != 0, !on);
      GLint major = 0;
      mgl_glGetIntegerv(GL_MAJOR_VERSION, &major);
      CHECK_EQ(major, 3);
      mgl_glEnable(GL_SAMPLE_SHADING);
      CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
      CHECK_EQ(mgl_glIsEnabled(GL_SAMPLE_SHADING), on ? GL_TRUE : GL_FALSE);
      CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
      mgl_glMinSampleShading(0.25f);
      CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_OPERATION);
      GLfloat v = -1.0f;
      mgl_glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
      CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
      if (on)
         CHECK(v == 0.25f);
      mgl_glDisable(GL_SAMPLE_SHADING);
      CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
      drop(ctx);
   }
   fake_caps.cap_bits = bits;
   fake_caps.vk_api_version = vk;
   fe_surface_destroy(surf);
}

/* ARB_gpu_shader5 (MGP_CAP_GPU_SHADER5): listed in core and compatibility contexts, and its
 * limits answered, only where the caps say so; neither claims GL 4.0 or GLSL 4.00. Without it
 * the context's GLSL deny mask has GLSL_DENY_GPU_SHADER5 (GLSL_DENY_FLOAT64 only by its cap). */
static void
test_gpu_shader5(void)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   CHECK(fe_surface_create_pbuffer(&f, 8, 8, &surf) == FE_OK);
   const uint64_t bits = fake_caps.cap_bits;
   const uint32_t vk = fake_caps.vk_api_version;
   fake_caps.vk_api_version = 1u << 22;
   for (int on = 0; on < 2; on++) {
      for (int compat = 0; compat < 2; compat++) {
         fake_caps.cap_bits =
            on ? bits | MGP_CAP_GPU_SHADER5 | MGP_CAP_VERTEX_STREAMS : bits & ~MGP_CAP_GPU_SHADER5;
         struct fe_context_desc d = {.api = compat ? FE_API_GL_COMPAT : FE_API_GL_CORE,
                                     .major = 3,
                                     .minor = compat ? 0 : 3,
                                     .format = f};
         struct fe_context *ctx = NULL;
         CHECK(fe_context_create(&d, NULL, &ctx) == FE_OK);
         CHECK(fe_make_current(ctx, surf, surf) == FE_OK);
         CHECK_EQ(listed("GL_ARB_gpu_shader5"), on);
         /* the GLSL deny mask: its gpu_shader5 bit follows the cap, the fp64 bit its own */
         CHECK_EQ((fe_glsl_deny(ctx) & GLSL_DENY_GPU_SHADER5) != 0, !on);
         CHECK_EQ((fe_glsl_deny(ctx) & GLSL_DENY_FLOAT64) != 0, !fe_fp64_offered(ctx));
         const char *ext = (const char *)mgl_glGetString(GL_EXTENSIONS);
         CHECK_ERR(compat ? GL_NO_ERROR : GL_INVALID_ENUM);
         if (compat)
            CHECK_EQ(ext && strstr(ext, "GL_ARB_gpu_shader5") != NULL, on);
         GLint n = -1;
         mgl_glGetIntegerv(GL_MAX_GEOMETRY_SHADER_INVOCATIONS, &n);
         CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
         if (on)
            CHECK_EQ(n, 32);
         n = -1;
         mgl_glGetIntegerv(GL_FRAGMENT_INTERPOLATION_OFFSET_BITS, &n);
         CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
         if (on)
            CHECK_EQ(n, 4);
         GLfloat lo = 1.0f, hi = -1.0f;
         mgl_glGetFloatv(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET, &lo);
         CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
         mgl_glGetFloatv(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET, &hi);
         CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
         if (on)
            CHECK(lo == -0.5f && hi == 0.5f);
         GLint major = 0;
         mgl_glGetIntegerv(GL_MAJOR_VERSION, &major);
         CHECK_EQ(major, 3);
         const char *glsl = (const char *)mgl_glGetString(GL_SHADING_LANGUAGE_VERSION);
         CHECK(glsl && glsl[0] != '4');
         drop(ctx);
      }
   }
   /* the desktop extension's geometry stage has vertex streams: a backend with the rest of
    * gpu_shader5 and no streams (the GLES backend) lists it in no desktop context */
   fake_caps.cap_bits = (bits | MGP_CAP_GPU_SHADER5) & ~MGP_CAP_VERTEX_STREAMS;
   for (int compat = 0; compat < 2; compat++) {
      struct fe_context_desc d = {.api = compat ? FE_API_GL_COMPAT : FE_API_GL_CORE,
                                  .major = 3,
                                  .minor = compat ? 0 : 3,
                                  .format = f};
      struct fe_context *ctx = NULL;
      CHECK(fe_context_create(&d, NULL, &ctx) == FE_OK);
      CHECK(fe_make_current(ctx, surf, surf) == FE_OK);
      CHECK_EQ(listed("GL_ARB_gpu_shader5"), 0);
      CHECK((fe_glsl_deny(ctx) & GLSL_DENY_GPU_SHADER5) != 0);
      drop(ctx);
   }
   fake_caps.cap_bits = bits;
   fake_caps.vk_api_version = vk;
   fe_surface_destroy(surf);
}

static void
test_versions(void)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   CHECK(fe_surface_create_pbuffer(&f, 8, 8, &surf) == FE_OK);
   /* every step met: 3.3 for any request up to it (the first context also fills the caps) */
   struct fe_context *ctx = make(3, 1);
   CHECK(ctx);
   check_version(33, "3.3 (Core Profile) mgl 0.1", "3.30");
   check_texture_buffer(true);
   check_depth_clamp(true);
   drop(ctx);
   const uint64_t bits = fake_caps.cap_bits;
   const uint32_t dual = fake_caps.max_dual_source_draw_buffers;
   const char *missing = "x";
   CHECK_EQ(fe_gl_version_max(&fake_caps, &missing), 33);
   CHECK(missing == NULL);

   /* no dual-source blending: 3.2 */
   fake_caps.max_dual_source_draw_buffers = 0;
   CHECK_EQ(fe_gl_version_max(&fake_caps, &missing), 32);
   CHECK(missing && !strcmp(missing, "dual-source blending"));
   CHECK(!make(3, 3));
   ctx = make(3, 2);
   CHECK(ctx);
   check_version(32, "3.2 (Core Profile) mgl 0.1", "1.50");
   drop(ctx);

   /* and no geometry stage: 3.1 */
   fake_caps.cap_bits &= ~MGP_CAP_GEOMETRY_STAGE;
   CHECK_EQ(fe_gl_version_max(&fake_caps, &missing), 31);
   CHECK(missing && !strcmp(missing, "a geometry stage"));
   CHECK(!make(3, 2));
   ctx = make(3, 1);
   CHECK(ctx);
   check_version(31, "3.1 mgl 0.1", "1.40");
   check_texture_buffer(true);
   drop(ctx);

   /* a geometry stage but no depth clamp: 3.1, and GL_DEPTH_CLAMP is unknown */
   fake_caps.cap_bits = (bits | MGP_CAP_GEOMETRY_STAGE) & ~MGP_CAP_DEPTH_CLAMP;
   fake_caps.max_dual_source_draw_buffers = dual;
   CHECK_EQ(fe_gl_version_max(&fake_caps, &missing), 31);
   CHECK(missing && !strcmp(missing, "depth clamp"));
   CHECK(!make(3, 2));
   ctx = make(3, 1);
   CHECK(ctx);
   check_version(31, "3.1 mgl 0.1", "1.40");
   check_depth_clamp(false);
   drop(ctx);

   /* a geometry stage but no buffer textures is still 3.0: each step needs those below it */
   fake_caps.cap_bits = (bits | MGP_CAP_GEOMETRY_STAGE) & ~MGP_CAP_TEXTURE_BUFFER;
   fake_caps.max_dual_source_draw_buffers = dual;
   CHECK_EQ(fe_gl_version_max(&fake_caps, &missing), 30);
   CHECK(missing && !strcmp(missing, "buffer textures"));
   CHECK(!make(3, 3));
   CHECK(!make(3, 1));
   struct fe_context_desc d = {
      .api = FE_API_GL_CORE, .major = 3, .minor = 0, .forward_compatible = true, .format = f};
   CHECK(fe_context_create(&d, NULL, &ctx) == FE_OK);
   CHECK(fe_make_current(ctx, surf, surf) == FE_OK);
   check_version(30, "3.0 mgl 0.1", "1.30");
   check_texture_buffer(false);
   drop(ctx);

   fake_caps.cap_bits = bits;
   fake_caps.max_dual_source_draw_buffers = dual;
   fe_surface_destroy(surf);
}

/* Names of GL 2.0-3.3 features a core context lists (programs test names, not versions), and
 * the BGRA vertex names only where the backend fetches BGRA vertices. */
static void
test_core_names(void)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   CHECK(fe_surface_create_pbuffer(&f, 8, 8, &surf) == FE_OK);
   const uint32_t bgra = fake_caps.format_flags[MGP_FORMAT_BGRA8_UNORM];
   for (int on = 0; on < 2; on++) {
      fake_caps.format_flags[MGP_FORMAT_BGRA8_UNORM] =
         on ? bgra | MGP_FORMAT_CAP_VERTEX : bgra & ~MGP_FORMAT_CAP_VERTEX;
      struct fe_context *ctx = make(3, 3);
      CHECK(ctx);
      CHECK(listed("GL_ARB_texture_non_power_of_two"));
      CHECK(listed("GL_ARB_vertex_buffer_object"));
      CHECK(listed("GL_ARB_sampler_objects"));
      CHECK(listed("GL_EXT_texture_array"));
      CHECK(listed("GL_EXT_framebuffer_multisample"));
      CHECK(!listed("GL_ARB_window_pos")); /* a compatibility-profile name */
      CHECK(!listed("GL_ARB_compatibility"));
      CHECK_EQ(listed("GL_ARB_vertex_array_bgra"), on);
      CHECK_EQ(listed("GL_EXT_vertex_array_bgra"), on);
      drop(ctx);
   }
   fake_caps.format_flags[MGP_FORMAT_BGRA8_UNORM] = bgra;
   fe_surface_destroy(surf);
}

/* An OpenGL ES context of major.minor (highest: no minor asked): NULL when refused. */
static struct fe_context *
make_es(int major, int minor, bool highest)
{
   struct fe_context_desc d = {.api = FE_API_GLES,
                               .major = major,
                               .minor = minor,
                               .format = {8, 8, 8, 8, 24, 8, 0, 0},
                               .es_highest_minor = highest};
   struct fe_context *ctx = NULL;
   enum fe_status st = fe_context_create(&d, NULL, &ctx);
   if (st == FE_BAD_MATCH)
      return NULL;
   CHECK(st == FE_OK);
   CHECK(fe_make_current(ctx, surf, surf) == FE_OK);
   return ctx;
}

/* The current ES context is 3.1 (es31) or 3.0 in its strings, version queries and what ES 3.1
 * brings: storage buffers and compute's binding points and limits; desktop GL's multi-draw
 * indirect commands stay errors in both. */
static void
check_es3(bool es31)
{
   GLint major = 0, minor = -1;
   mgl_glGetIntegerv(GL_MAJOR_VERSION, &major);
   mgl_glGetIntegerv(GL_MINOR_VERSION, &minor);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(major * 10 + minor, es31 ? 31 : 30);
   const char *s = (const char *)mgl_glGetString(GL_VERSION);
   CHECK(s && !strcmp(s, es31 ? "OpenGL ES 3.1 mgl 0.1" : "OpenGL ES 3.0 mgl 0.1"));
   s = (const char *)mgl_glGetString(GL_SHADING_LANGUAGE_VERSION);
   CHECK(s && !strcmp(s, es31 ? "OpenGL ES GLSL ES 3.10" : "OpenGL ES GLSL ES 3.00"));
   /* OES_shader_image_atomic: ES 3.1 contexts on a device with R32I/R32UI image atomics */
   s = (const char *)mgl_glGetString(GL_EXTENSIONS);
   CHECK(s && (strstr(s, "GL_OES_shader_image_atomic") != NULL) == es31);
   /* OES_texture_storage_multisample_2d_array: every ES 3.1 context, its target only there */
   CHECK(s && (strstr(s, "GL_OES_texture_storage_multisample_2d_array") != NULL) == es31);
   GLuint ms_array;
   mgl_glGenTextures(1, &ms_array);
   mgl_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, ms_array);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   GLint ms_bound = -1;
   mgl_glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY, &ms_bound);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK(!es31 || ms_bound == (GLint)ms_array);
   mgl_glDeleteTextures(1, &ms_array);
   CHECK_ERR(GL_NO_ERROR);
   GLint n = 0;
   mgl_glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &n);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK(!es31 || n >= 4);
   GLint inv = 0;
   mgl_glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &inv);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK(!es31 || inv >= 128);
   mgl_glGetIntegerv(GL_MAX_VERTEX_ATTRIB_BINDINGS, &n);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   mgl_glGetIntegerv(GL_MAX_SAMPLE_MASK_WORDS, &n);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   mgl_glGetIntegerv(GL_MAX_COMPUTE_UNIFORM_BLOCKS, &n);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK(!es31 || n >= 12);
   mgl_glGetIntegerv(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, &n);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK(!es31 || n >= 4);
   mgl_glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 0, &n);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   mgl_glEnable(GL_SAMPLE_MASK);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   mgl_glDisable(GL_SAMPLE_MASK);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   /* ES 3.2's, and ES 3.1's EXT_texture_buffer where the device has buffer textures */
   const bool tex_buffer = es31 && strstr(s, "GL_EXT_texture_buffer") != NULL;
   CHECK(tex_buffer == (es31 && (fake_caps.cap_bits & MGP_CAP_TEXTURE_BUFFER) != 0));
   mgl_glGetIntegerv(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT, &n);
   CHECK_ERR(tex_buffer ? GL_NO_ERROR : GL_INVALID_ENUM);
   GLuint buf;
   mgl_glGenBuffers(1, &buf);
   mgl_glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   mgl_glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, buf);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   mgl_glDispatchCompute(1, 1, 1); /* no program: an error either way, and not drawn */
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glMultiDrawArraysIndirect(GL_TRIANGLES, NULL, 1, 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   /* ES 3.1 10.5: an indirect draw from vertex array object zero */
   mgl_glBindBuffer(GL_DRAW_INDIRECT_BUFFER, buf);
   CHECK_ERR(es31 ? GL_NO_ERROR : GL_INVALID_ENUM);
   if (es31) {
      mgl_glBufferData(GL_DRAW_INDIRECT_BUFFER, 16, NULL, GL_STATIC_DRAW);
      mgl_glDrawArraysIndirect(GL_TRIANGLES, NULL);
      CHECK_ERR(GL_INVALID_OPERATION);
   }
   mgl_glDeleteBuffers(1, &buf);
   CHECK_ERR(GL_NO_ERROR);
}

/* OpenGL ES 3.1 (issue 20): a context asking for it is 3.1 where the caps have every feature it
 * adds (fe_es31_lacks), else refused; one asking for 3 without a minor gets 3.1 or 3.0; one
 * asking for 3.0 stays 3.0. */
static void
test_es31(void)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   CHECK(fe_surface_create_pbuffer(&f, 8, 8, &surf) == FE_OK);
   fake_clear();
   const struct mgp_caps saved = fake_caps;
   fake_caps.max_compute_work_group_invocations = 1024;
   fake_caps.max_storage_buffer_bindings = 8;
   fake_caps.cap_bits |= MGP_CAP_NO_ATTACHMENTS | MGP_CAP_TEXTURE_GATHER;
   fake_caps.format_flags[MGP_FORMAT_R32_SINT] |= MGP_FORMAT_CAP_STORAGE_ATOMIC;
   fake_caps.format_flags[MGP_FORMAT_R32_UINT] |= MGP_FORMAT_CAP_STORAGE_ATOMIC;
   struct fe_context *ctx = make_es(3, 1, false);
   CHECK(ctx);
   if (ctx) {
      check_es3(true);
      drop(ctx);
   }
   ctx = make_es(3, 0, true);
   CHECK(ctx);
   if (ctx) {
      check_es3(true);
      drop(ctx);
   }
   ctx = make_es(3, 0, false);
   CHECK(ctx);
   if (ctx) {
      check_es3(false);
      drop(ctx);
   }
   /* without compute: 3.1 refused, 3 without a minor is 3.0 */
   fake_caps.max_compute_work_group_invocations = 0;
   CHECK(!make_es(3, 1, false));
   ctx = make_es(3, 0, true);
   CHECK(ctx);
   if (ctx) {
      check_es3(false);
      drop(ctx);
   }
   /* ES 2.1 does not exist; ES 3.2 without ES 3.1 is refused */
   CHECK(!make_es(3, 2, false));
   CHECK(!make_es(2, 1, false));
   fake_caps = saved;
   fe_surface_destroy(surf);
}

/* The current ES context is 3.2 (es32) or 3.1 in its strings and version queries, and answers
 * ES 3.2's state (GL_CONTEXT_FLAGS, GL_PRIMITIVE_BOUNDING_BOX and its command, the multisample
 * line widths) only if 3.2. */
static void
check_es32(bool es32)
{
   GLint major = 0, minor = -1;
   mgl_glGetIntegerv(GL_MAJOR_VERSION, &major);
   mgl_glGetIntegerv(GL_MINOR_VERSION, &minor);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(major * 10 + minor, es32 ? 32 : 31);
   const char *s = (const char *)mgl_glGetString(GL_VERSION);
   CHECK(s && !strcmp(s, es32 ? "OpenGL ES 3.2 mgl 0.1" : "OpenGL ES 3.1 mgl 0.1"));
   s = (const char *)mgl_glGetString(GL_SHADING_LANGUAGE_VERSION);
   CHECK(s && !strcmp(s, es32 ? "OpenGL ES GLSL ES 3.20" : "OpenGL ES GLSL ES 3.10"));
   GLint flags = -1;
   mgl_glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
   CHECK_ERR(es32 ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK(!es32 || flags == 0);
   /* ES 3.2 table 21.6, and ES 3.1's EXT_primitive_bounding_box: both contexts here */
   const char *ext = (const char *)mgl_glGetString(GL_EXTENSIONS);
   CHECK(ext && strstr(ext, "GL_EXT_primitive_bounding_box"));
   GLfloat box[8] = {0};
   mgl_glGetFloatv(0x92BE /* GL_PRIMITIVE_BOUNDING_BOX */, box);
   CHECK_ERR(GL_NO_ERROR);
   if (!es32) { /* ES 3.2 table 21.6's initial value (the 3.2 check runs on this context) */
      static const GLfloat initial[8] = {-1, -1, -1, 1, 1, 1, 1, 1};
      CHECK(!memcmp(box, initial, sizeof(box)));
   }
   mgl_glPrimitiveBoundingBox(-0.5f, -0.25f, 0.0f, 1.0f, 0.5f, 0.75f, 0.125f, 2.0f);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetFloatv(0x92BE, box);
   CHECK_ERR(GL_NO_ERROR);
   {
      static const GLfloat set[8] = {-0.5f, -0.25f, 0.0f, 1.0f, 0.5f, 0.75f, 0.125f, 2.0f};
      CHECK(!memcmp(box, set, sizeof(box)));
      GLint ibox[8] = {0};
      mgl_glGetIntegerv(0x92BE, ibox); /* rounded: -0.5 to -1 (away from zero), 0.75 to 1 */
      CHECK_ERR(GL_NO_ERROR);
      CHECK_EQ(ibox[7], 2);
   }
   GLfloat range[2] = {0};
   mgl_glGetFloatv(0x9381 /* GL_MULTISAMPLE_LINE_WIDTH_RANGE */, range);
   CHECK_ERR(es32 ? GL_NO_ERROR : GL_INVALID_ENUM);
   CHECK(!es32 || (range[0] == 1.0f && range[1] >= 1.0f));
   mgl_glGetFloatv(0x9382 /* GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY */, range);
   CHECK_ERR(es32 ? GL_NO_ERROR : GL_INVALID_ENUM);
}

/* OpenGL ES 3.2 (issue 20): a context asking for it is refused unless its ES 3.1 self lists every
 * extension 3.2 folds in (fe_es32_lacks names the first one it lacks); 3 without a minor gets
 * 3.1 then. No device offers them all yet (GL_KHR_blend_equation_advanced leads the table), so
 * the 3.2 strings and state are checked on a 3.1 context raised to 3.2 by hand. */
static void
test_es32(void)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   CHECK(fe_surface_create_pbuffer(&f, 8, 8, &surf) == FE_OK);
   fake_clear();
   const struct mgp_caps saved = fake_caps;
   fake_caps.max_compute_work_group_invocations = 1024;
   fake_caps.max_storage_buffer_bindings = 8;
   fake_caps.cap_bits |= MGP_CAP_NO_ATTACHMENTS | MGP_CAP_TEXTURE_GATHER;
   CHECK(!make_es(3, 2, false));
   struct fe_context *ctx = make_es(3, 0, true);
   CHECK(ctx);
   if (ctx) {
      const char *lacks = fe_es32_lacks(ctx);
      CHECK(lacks && !strcmp(lacks, "GL_KHR_blend_equation_advanced"));
      check_es32(false);
      ctx->desc.minor = 2;
      check_es32(true);
      drop(ctx);
   }
   /* a 3.0 context lacks 3.1 first */
   ctx = make_es(3, 0, false);
   CHECK(ctx);
   if (ctx) {
      const char *lacks = fe_es32_lacks(ctx);
      CHECK(lacks && !strcmp(lacks, "OpenGL ES 3.1"));
      drop(ctx);
   }
   /* without ES 3.1's compute, 3.2 is refused too */
   fake_caps.max_compute_work_group_invocations = 0;
   CHECK(!make_es(3, 2, false));
   fake_caps = saved;
   fe_surface_destroy(surf);
}

/* GL 4.x (fe_gl4_minor): a context whose backend offers every GL 4.0 feature says 4.0 and GLSL
 * 4.00 or the higher 4.x whose features it all offers, takes a request up to that and refuses one
 * above it; with any GL 4.0 feature hidden (here: the four vertex streams, then tessellation) it
 * stays 3.3 and a 4.0 request is refused. Every 4.x the table names says its own strings. */
static void
test_gl4x(void)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   CHECK(fe_surface_create_pbuffer(&f, 8, 8, &surf) == FE_OK);
   const uint64_t bits = fake_caps.cap_bits;
   const struct mgp_caps saved = fake_caps;
   const uint64_t gl40 = MGP_CAP_SAMPLE_SHADING | MGP_CAP_TEXTURE_GATHER | MGP_CAP_FLOAT64 |
                         MGP_CAP_TEXTURE_QUERY_LOD | MGP_CAP_GPU_SHADER5 | MGP_CAP_TESSELLATION |
                         MGP_CAP_CUBE_MAP_ARRAY | MGP_CAP_VERTEX_STREAMS | MGP_CAP_XFB_OBJECTS |
                         MGP_CAP_TRANSFORM_FEEDBACK;
   fake_caps.vk_api_version = 1u << 22;
   fake_caps.max_uniform_buffer_bindings = 84;
   fake_caps.max_texture_units = 96;
   fake_caps.texel_buffer_formats |= 1ull << MGP_FORMAT_RGB32_FLOAT |
                                     1ull << MGP_FORMAT_RGB32_SINT | 1ull << MGP_FORMAT_RGB32_UINT;
   fake_caps.cap_bits = bits | gl40;
   struct fe_context *ctx = make(3, 3);
   CHECK(ctx);
   const char *lacks = NULL;
   const int minor = ctx ? fe_gl4_minor(ctx, &lacks) : -1;
   if (minor < 0)
      fprintf(stderr, "gl4x: the fake backend lacks %s\n", lacks ? lacks : "a context");
   CHECK(minor >= 0 && minor <= 6);
   CHECK(minor == 6 || lacks != NULL);
   char version[64], glsl[8];
   snprintf(version, sizeof(version), "4.%d (Core Profile) mgl 0.1", minor);
   snprintf(glsl, sizeof(glsl), "4.%d0", minor);
   check_version(40 + minor, version, glsl);
   /* GL 4.1's ARB_shader_precision: in the GL 4.0 context it requires, GLSL side too */
   CHECK(listed("GL_ARB_shader_precision"));
   CHECK(ctx && !(fe_glsl_deny(ctx) & GLSL_DENY_SHADER_PRECISION));
   /* the robust buffer access behaviour: where the server bounds every buffer access */
   for (int on = 0; on < 2; on++) {
      fake_caps.cap_bits = on ? bits | gl40 | MGP_CAP_ROBUST_BUFFER_ACCESS
                              : (bits | gl40) & ~MGP_CAP_ROBUST_BUFFER_ACCESS;
      CHECK_EQ(listed("GL_ARB_robust_buffer_access_behavior"), on);
      CHECK_EQ(listed("GL_KHR_robust_buffer_access_behavior"), on);
   }
   /* GL_ARB_texture_barrier and GL_NV_texture_barrier: where the server draws feedback loops;
    * the one GL 4.5 feature a backend of every 4.4 feature can lack (lavapipe before it) */
   for (int on = 0; on < 2; on++) {
      fake_caps.cap_bits =
         on ? bits | gl40 | MGP_CAP_TEXTURE_BARRIER : (bits | gl40) & ~MGP_CAP_TEXTURE_BARRIER;
      CHECK_EQ(listed("GL_ARB_texture_barrier"), on);
      CHECK_EQ(listed("GL_NV_texture_barrier"), on);
      const char *why = NULL;
      const int m = ctx ? fe_gl4_minor(ctx, &why) : -1;
      if (minor >= 5)
         CHECK(on ? m == minor : m == 4 && why && !strcmp(why, "GL_ARB_texture_barrier"));
   }
   fake_caps.cap_bits = bits | gl40;
   /* GL 4.3 table 23.64: every stage's storage block limit is a GL 4.3 query (piglit
    * arb_shader_storage_buffer_object-minmax), the geometry and tessellation stages' the vertex
    * stage's, as their GLSL built-ins (gl_Max*ShaderStorageBlocks) say */
   static const GLenum ssbo_limits[] = {
      GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS, GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS,
      GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS, GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS};
   fake_caps.max_storage_buffer_bindings = 8;
   GLint vertex_blocks = -1;
   for (unsigned i = 0; i < sizeof(ssbo_limits) / sizeof(ssbo_limits[0]); i++) {
      GLint n = -1;
      mgl_glGetIntegerv(ssbo_limits[i], &n);
      CHECK_ERR(GL_NO_ERROR);
      if (i == 0)
         vertex_blocks = n;
      CHECK_EQ(n, vertex_blocks);
   }
   CHECK_EQ(vertex_blocks, 8);
   /* GL_MAX_COMPUTE_WORK_GROUP_SIZE: the device's, no more than gl_MaxComputeWorkGroupSize
    * (1024, 1024, 64), past which a local size fails the compile */
   const uint32_t inv = fake_caps.max_compute_work_group_invocations;
   fake_caps.max_compute_work_group_invocations = 1024;
   fake_caps.max_compute_work_group_size[0] = 512;
   fake_caps.max_compute_work_group_size[1] = fake_caps.max_compute_work_group_size[2] = 1024;
   static const GLint want_size[3] = {512, 1024, 64};
   for (GLuint k = 0; k < 3; k++) {
      GLint n = -1;
      mgl_glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, k, &n);
      CHECK_ERR(GL_NO_ERROR);
      CHECK_EQ(n, want_size[k]);
   }
   fake_caps.max_compute_work_group_invocations = inv;
   memcpy(fake_caps.max_compute_work_group_size, saved.max_compute_work_group_size,
          sizeof(saved.max_compute_work_group_size));
   fake_caps.max_storage_buffer_bindings = saved.max_storage_buffer_bindings;
   drop(ctx);
   for (int m = 0; m <= minor; m++) {
      ctx = make(4, m);
      CHECK(ctx);
      check_version(40 + minor, version, glsl);
      drop(ctx);
   }
   if (minor < 6)
      CHECK(!make(4, minor + 1)); /* above what the backend meets */
   CHECK(!make(4, 7));            /* not a version */
   const uint64_t hide[] = {MGP_CAP_VERTEX_STREAMS, MGP_CAP_TESSELLATION};
   for (unsigned i = 0; i < 2; i++) {
      fake_caps.cap_bits = (bits | gl40) & ~hide[i];
      ctx = make(3, 2);
      CHECK(ctx);
      check_version(33, "3.3 (Core Profile) mgl 0.1", "3.30");
      CHECK(ctx && fe_gl4_minor(ctx, &lacks) == -1 && lacks != NULL);
      CHECK(!listed("GL_ARB_shader_precision"));
      CHECK(ctx && (fe_glsl_deny(ctx) & GLSL_DENY_SHADER_PRECISION));
      drop(ctx);
      CHECK(!make(4, 0));
   }
   fake_caps = saved;
   fe_surface_destroy(surf);
}

int
main(void)
{
   test_versions();
   test_es31();
   test_es32();
   test_gl40_caps();
   test_gl4x();
   test_gpu_shader5();
   test_core_names();
   if (fe_test_failures)
      fprintf(stderr, "%d check(s) failed\n", fe_test_failures);
   return fe_test_failures ? 1 : 0;
}
