/* test_es32.c — an OpenGL ES 3.2 context (issue 20) on a backend with every feature ES 3.2
 * folds in (MGP_CAP_BLEND_ADVANCED, bit 44, among them): its ES 3.1 self lists each of those
 * extensions, its GLSL takes `#version 320 es` (no GLSL_DENY_ESSL320) and denies none of them;
 * ES 3.2's unsuffixed commands are entry points (eglGetProcAddress asks fe_get_proc_address)
 * and work, its state-table queries answer, and ES 3.1 keeps refusing what only 3.2 has.
 * Until the ES extension table lists GL_KHR_blend_equation_advanced, the ES 3.1 context is raised
 * to 3.2 by hand, as test_version.c's test_es32 does. */
#include "fe_egl.h"
#include "fe_es_ext.h"
#include "fe_test_util.h"

static struct fe_surface *surf;

/* What ES 3.2 folds in, as the extension names an ES 3.1 context lists (ES 3.2 appendix F.1) */
static const char *const es32_exts[] = {
   "GL_KHR_debug",
   "GL_KHR_robustness",
   "GL_KHR_texture_compression_astc_ldr",
   "GL_OES_sample_shading",
   "GL_OES_sample_variables",
   "GL_OES_shader_image_atomic",
   "GL_OES_shader_multisample_interpolation",
   "GL_OES_texture_stencil8",
   "GL_OES_texture_storage_multisample_2d_array",
   "GL_EXT_color_buffer_float",
   "GL_EXT_copy_image",
   "GL_EXT_draw_buffers_indexed",
   "GL_EXT_draw_elements_base_vertex",
   "GL_EXT_geometry_shader",
   "GL_EXT_gpu_shader5",
   "GL_EXT_primitive_bounding_box",
   "GL_EXT_shader_io_blocks",
   "GL_EXT_tessellation_shader",
   "GL_EXT_texture_border_clamp",
   "GL_EXT_texture_buffer",
   "GL_EXT_texture_cube_map_array",
};

/* ES 3.2's commands that ES 3.0 lacks (ES 3.2 appendix F.1's extensions, unsuffixed) */
static const char *const es32_commands[] = {
   "glBlendBarrier",
   "glCopyImageSubData",
   "glDebugMessageControl",
   "glDebugMessageInsert",
   "glDebugMessageCallback",
   "glGetDebugMessageLog",
   "glPushDebugGroup",
   "glPopDebugGroup",
   "glObjectLabel",
   "glGetObjectLabel",
   "glObjectPtrLabel",
   "glGetObjectPtrLabel",
   "glGetPointerv",
   "glEnablei",
   "glDisablei",
   "glIsEnabledi",
   "glBlendEquationi",
   "glBlendEquationSeparatei",
   "glBlendFunci",
   "glBlendFuncSeparatei",
   "glColorMaski",
   "glDrawElementsBaseVertex",
   "glDrawRangeElementsBaseVertex",
   "glDrawElementsInstancedBaseVertex",
   "glFramebufferTexture",
   "glPrimitiveBoundingBox",
   "glGetGraphicsResetStatus",
   "glReadnPixels",
   "glGetnUniformfv",
   "glGetnUniformiv",
   "glGetnUniformuiv",
   "glMinSampleShading",
   "glPatchParameteri",
   "glTexParameterIiv",
   "glTexParameterIuiv",
   "glGetTexParameterIiv",
   "glGetTexParameterIuiv",
   "glSamplerParameterIiv",
   "glSamplerParameterIuiv",
   "glGetSamplerParameterIiv",
   "glGetSamplerParameterIuiv",
   "glTexBuffer",
   "glTexBufferRange",
   "glTexStorage3DMultisample",
};

/* ES 3.2's state tables (21.x) beyond ES 3.1's: each answers in ES 3.2 */
static const GLenum es32_pnames[] = {
   GL_CONTEXT_FLAGS,
   0x9381 /* GL_MULTISAMPLE_LINE_WIDTH_RANGE */,
   0x9382 /* GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY */,
   0x92BE /* GL_PRIMITIVE_BOUNDING_BOX */,
   GL_PRIMITIVE_RESTART_FOR_PATCHES_SUPPORTED,
   GL_RESET_NOTIFICATION_STRATEGY,
   GL_LAYER_PROVOKING_VERTEX,
   GL_MAX_FRAMEBUFFER_LAYERS,
   GL_MAX_GEOMETRY_UNIFORM_BLOCKS,
   GL_MAX_GEOMETRY_UNIFORM_COMPONENTS,
   GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS,
   GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS,
   GL_MAX_GEOMETRY_INPUT_COMPONENTS,
   GL_MAX_GEOMETRY_OUTPUT_COMPONENTS,
   GL_MAX_GEOMETRY_OUTPUT_VERTICES,
   GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS,
   GL_MAX_GEOMETRY_SHADER_INVOCATIONS,
   GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS,
   GL_MAX_GEOMETRY_ATOMIC_COUNTERS,
   GL_MAX_GEOMETRY_IMAGE_UNIFORMS,
   GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS,
   GL_PATCH_VERTICES,
   GL_MAX_PATCH_VERTICES,
   GL_MAX_TESS_GEN_LEVEL,
   GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS,
   GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS,
   GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS,
   GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS,
   GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS,
   GL_MAX_TESS_PATCH_COMPONENTS,
   GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS,
   GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS,
   GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS,
   GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS,
   GL_MAX_TESS_CONTROL_INPUT_COMPONENTS,
   GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS,
   GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS,
   GL_MAX_COMBINED_TESS_EVALUATION_UNIFORM_COMPONENTS,
   GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS,
   GL_MAX_TESS_EVALUATION_ATOMIC_COUNTER_BUFFERS,
   GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS,
   GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS,
   GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS,
   GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS,
   GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS,
   GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS,
   GL_MAX_TEXTURE_BUFFER_SIZE,
   GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT,
   GL_TEXTURE_BUFFER_BINDING,
   GL_TEXTURE_BINDING_BUFFER,
   GL_TEXTURE_BINDING_CUBE_MAP_ARRAY,
   GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY,
   GL_MIN_SAMPLE_SHADING_VALUE,
   GL_MIN_FRAGMENT_INTERPOLATION_OFFSET,
   GL_MAX_FRAGMENT_INTERPOLATION_OFFSET,
   GL_FRAGMENT_INTERPOLATION_OFFSET_BITS,
   GL_MAX_DEBUG_MESSAGE_LENGTH,
   GL_MAX_DEBUG_LOGGED_MESSAGES,
   GL_MAX_DEBUG_GROUP_STACK_DEPTH,
   GL_MAX_LABEL_LENGTH,
   GL_DEBUG_LOGGED_MESSAGES,
   GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH,
   GL_DEBUG_GROUP_STACK_DEPTH,
   GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES,
   GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS,
   GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS,
   GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS,
   GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS,
};

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

static void
drop(struct fe_context *ctx)
{
   fe_make_current(NULL, NULL, NULL);
   fe_context_destroy(ctx);
   fake_clear();
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

/* Every ES 3.2 query of es32_pnames answers (es32) or, in ES 3.1, those ES 3.2 brings with no
 * extension of the context (GL_CONTEXT_FLAGS, the multisample line widths) are GL_INVALID_ENUM */
static void
check_queries(bool es32)
{
   for (size_t k = 0; k < sizeof(es32_pnames) / sizeof(es32_pnames[0]); k++) {
      GLint v[8] = {0};
      mgl_glGetIntegerv(es32_pnames[k], v);
      const GLenum err = mgl_glGetError();
      const bool only32 =
         es32_pnames[k] == GL_CONTEXT_FLAGS || es32_pnames[k] == 0x9381 || es32_pnames[k] == 0x9382;
      if (err != (es32 || !only32 ? GL_NO_ERROR : GL_INVALID_ENUM)) {
         fprintf(stderr, "ES 3.%d: glGetIntegerv(0x%04x): error 0x%x\n", es32 ? 2 : 1,
                 es32_pnames[k], err);
         fe_test_failures++;
      }
   }
   /* ES 3.2 table 21.x values */
   GLint n = -1;
   mgl_glGetIntegerv(GL_PRIMITIVE_RESTART_FOR_PATCHES_SUPPORTED, &n);
   CHECK(n == 0 || n == 1);
   mgl_glGetIntegerv(GL_MAX_FRAMEBUFFER_LAYERS, &n);
   CHECK(n >= 256); /* ES 3.2 table 21.41's minimum */
   mgl_glGetIntegerv(GL_MAX_PATCH_VERTICES, &n);
   CHECK(n >= 32);
   mgl_glGetIntegerv(GL_FRAGMENT_INTERPOLATION_OFFSET_BITS, &n);
   CHECK(n >= 4);
   GLfloat f = 0.0f;
   mgl_glGetFloatv(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET, &f);
   CHECK(f <= -0.5f);
   mgl_glGetFloatv(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET, &f);
   CHECK(f >= 0.5f);
   mgl_glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &n);
   CHECK(n == GL_NO_RESET_NOTIFICATION || n == GL_LOSE_CONTEXT_ON_RESET);
   CHECK_ERR(GL_NO_ERROR);
   /* enables of the folded-in extensions */
   static const GLenum caps[] = {GL_SAMPLE_SHADING, GL_DEBUG_OUTPUT, GL_DEBUG_OUTPUT_SYNCHRONOUS};
   for (size_t k = 0; k < sizeof(caps) / sizeof(caps[0]); k++) {
      mgl_glIsEnabled(caps[k]);
      CHECK_ERR(GL_NO_ERROR);
   }
}

/* ES 3.2's commands, each doing what it does (the context is current) */
static void
check_commands(void)
{
   for (size_t k = 0; k < sizeof(es32_commands) / sizeof(es32_commands[0]); k++)
      if (!fe_get_proc_address(es32_commands[k])) {
         fprintf(stderr, "no entry point %s\n", es32_commands[k]);
         fe_test_failures++;
      }

   /* KHR_blend_equation_advanced */
   mgl_glBlendEquation(GL_MULTIPLY_KHR);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBlendBarrier();
   CHECK_ERR(GL_NO_ERROR);
   mgl_glBlendEquation(GL_FUNC_ADD);
   /* EXT_draw_buffers_indexed */
   mgl_glEnablei(GL_BLEND, 1);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glIsEnabledi(GL_BLEND, 1) && !mgl_glIsEnabledi(GL_BLEND, 0));
   mgl_glBlendEquationi(1, GL_MAX);
   mgl_glBlendFunci(1, GL_ONE, GL_ONE);
   mgl_glColorMaski(1, GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   CHECK_ERR(GL_NO_ERROR);
   GLint eq = 0;
   mgl_glGetIntegeri_v(GL_BLEND_EQUATION_RGB, 1, &eq);
   CHECK_EQ(eq, GL_MAX);
   mgl_glDisablei(GL_BLEND, 1);
   mgl_glEnablei(GL_BLEND, 1000); /* past GL_MAX_DRAW_BUFFERS */
   CHECK_ERR(GL_INVALID_VALUE);
   /* KHR_debug */
   mgl_glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 1, -1, "group");
   GLint depth = 0;
   mgl_glGetIntegerv(GL_DEBUG_GROUP_STACK_DEPTH, &depth);
   CHECK_EQ(depth, 2);
   mgl_glPopDebugGroup();
   CHECK_ERR(GL_NO_ERROR);
   GLuint buf;
   mgl_glGenBuffers(1, &buf);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf);
   mgl_glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   mgl_glObjectLabel(GL_BUFFER, buf, -1, "vb");
   char label[8] = {0};
   GLsizei len = 0;
   mgl_glGetObjectLabel(GL_BUFFER, buf, sizeof(label), &len, label);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(len == 2 && !strcmp(label, "vb"));
   void *ptr = (void *)1;
   mgl_glGetPointerv(GL_DEBUG_CALLBACK_USER_PARAM, &ptr);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(ptr == NULL);
   /* KHR_robustness */
   CHECK_EQ(mgl_glGetGraphicsResetStatus(), GL_NO_ERROR);
   GLubyte px[4];
   mgl_glReadnPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, sizeof(px), px); /* needs 16 */
   CHECK_ERR(GL_INVALID_OPERATION);
   /* OES_sample_shading */
   mgl_glMinSampleShading(0.5f);
   GLfloat v = 0.0f;
   mgl_glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(v == 0.5f);
   mgl_glEnable(GL_SAMPLE_SHADING);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glIsEnabled(GL_SAMPLE_SHADING));
   mgl_glDisable(GL_SAMPLE_SHADING);
   /* EXT_tessellation_shader */
   mgl_glPatchParameteri(GL_PATCH_VERTICES, 4);
   GLint pv = 0;
   mgl_glGetIntegerv(GL_PATCH_VERTICES, &pv);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(pv, 4);
   mgl_glPatchParameteri(GL_PATCH_VERTICES, 0);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glPatchParameteri(GL_PATCH_VERTICES, 3);
   /* EXT_texture_border_clamp's integer parameters */
   GLuint tex[4];
   mgl_glGenTextures(4, tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[0]);
   const GLint border[4] = {1, -2, 3, 400};
   mgl_glTexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
   GLint back[4] = {0};
   mgl_glGetTexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, back);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(!memcmp(border, back, sizeof(back)));
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   CHECK_ERR(GL_NO_ERROR);
   /* EXT_texture_buffer */
   mgl_glBindTexture(GL_TEXTURE_BUFFER, tex[1]);
   mgl_glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, buf);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTexBufferRange(GL_TEXTURE_BUFFER, GL_R32F, buf, 0, 32);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTexBufferRange(GL_TEXTURE_BUFFER, GL_R32F, buf, 1, 32); /* not aligned */
   CHECK_ERR(GL_INVALID_VALUE);
   /* OES_texture_storage_multisample_2d_array */
   mgl_glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[2]);
   mgl_glTexStorage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, 2, GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);
   /* EXT_texture_cube_map_array */
   mgl_glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, tex[3]);
   mgl_glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 4, 4, 12);
   CHECK_ERR(GL_NO_ERROR);
   /* EXT_geometry_shader: a layered attachment */
   GLuint fbo;
   mgl_glGenFramebuffers(1, &fbo);
   mgl_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   mgl_glFramebufferTexture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[3], 0);
   CHECK_ERR(GL_NO_ERROR);
   GLint layered = 0;
   mgl_glGetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &layered);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(layered, GL_TRUE);
   mgl_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   mgl_glDeleteFramebuffers(1, &fbo);
   /* layers of a cube-map array and a 2D multisample array attach one by one */
   mgl_glGenFramebuffers(1, &fbo);
   mgl_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   mgl_glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[3], 0, 7);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[2], 0, 1);
   CHECK_ERR(GL_NO_ERROR);
   GLint layer = -1;
   mgl_glGetFramebufferAttachmentParameteriv(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                             GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &layer);
   CHECK_EQ(layer, 1);
   GLint max_layers = 0;
   mgl_glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &max_layers);
   mgl_glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[2], 0, max_layers);
   CHECK_ERR(GL_INVALID_VALUE); /* ES 3.2 9.2.8 */
   mgl_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   mgl_glDeleteFramebuffers(1, &fbo);
   /* a buffer texture's level parameters (ES 3.2 table 21.10) */
   GLint bound = 0, size = 0;
   mgl_glBindTexture(GL_TEXTURE_BUFFER, tex[1]);
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_DATA_STORE_BINDING, &bound);
   mgl_glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_SIZE, &size);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(bound, buf);
   CHECK_EQ(size, 32);
   /* a sampler's integer border colour */
   GLuint smp;
   mgl_glGenSamplers(1, &smp);
   const GLuint uborder[4] = {7, 8, 9, 10};
   mgl_glSamplerParameterIuiv(smp, GL_TEXTURE_BORDER_COLOR, uborder);
   GLuint uback[4] = {0};
   mgl_glGetSamplerParameterIuiv(smp, GL_TEXTURE_BORDER_COLOR, uback);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(!memcmp(uborder, uback, sizeof(uback)));
   mgl_glDeleteSamplers(1, &smp);
   /* ES 3.2 glGetPointerv names the debug callback's pointers only */
   mgl_glGetPointerv(0x808E /* GL_VERTEX_ARRAY_POINTER */, &ptr);
   CHECK_ERR(GL_INVALID_ENUM);
   /* EXT_copy_image: a cube-array texture's level into itself, a range past it refused */
   mgl_glCopyImageSubData(tex[3], GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 0, tex[3],
                          GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 6, 4, 4, 6);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glCopyImageSubData(tex[3], GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 0, tex[3],
                          GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 8, 4, 4, 6);
   CHECK_ERR(GL_INVALID_VALUE);
   /* EXT_draw_elements_base_vertex: ES 3.2 10.5's errors */
   mgl_glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_FLOAT, NULL, 1);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDrawRangeElementsBaseVertex(GL_TRIANGLES, 2, 1, 3, GL_UNSIGNED_SHORT, NULL, 1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDeleteTextures(4, tex);
   mgl_glDeleteBuffers(1, &buf);
   CHECK_ERR(GL_NO_ERROR);
}

int
main(void)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   CHECK(fe_surface_create_pbuffer(&f, 8, 8, &surf) == FE_OK);
   fake_clear();
   drop(make_es(3, 0, false)); /* the fake backend's caps are set up by its first context */
   /* a backend with every ES 3.2 feature */
   fake_caps.max_compute_work_group_invocations = 1024;
   fake_caps.max_storage_buffer_bindings = 8;
   fake_caps.max_uniform_buffer_bindings = 84;
   fake_caps.max_texture_units = 96;
   fake_caps.cap_bits |= MGP_CAP_NO_ATTACHMENTS | MGP_CAP_TEXTURE_GATHER | MGP_CAP_SAMPLE_SHADING |
                         MGP_CAP_GPU_SHADER5 | MGP_CAP_CUBE_MAP_ARRAY | MGP_CAP_TEXTURE_STENCIL8 |
                         MGP_CAP_TESSELLATION | MGP_CAP_BLEND_ADVANCED;
   fake_caps.format_flags[MGP_FORMAT_R32_SINT] |= MGP_FORMAT_CAP_STORAGE_ATOMIC;
   fake_caps.format_flags[MGP_FORMAT_R32_UINT] |= MGP_FORMAT_CAP_STORAGE_ATOMIC;
   const uint32_t es32_deny = GLSL_DENY_ES_GEOMETRY | GLSL_DENY_ES_TESSELLATION |
                              GLSL_DENY_ES_TEXTURE_BUFFER | GLSL_DENY_ES_CUBE_ARRAY |
                              GLSL_DENY_ES_SAMPLE_VARIABLES | GLSL_DENY_GPU_SHADER5 |
                              GLSL_DENY_ES_IMAGE_ATOMIC | GLSL_DENY_ES_MS_2D_ARRAY |
                              GLSL_DENY_BLEND_ADVANCED | GLSL_DENY_ESSL310;

   /* an ES 3.0 context has none of it */
   struct fe_context *ctx = make_es(3, 0, false);
   CHECK(ctx);
   if (ctx) {
      static const GLenum later[] = {GL_PATCH_VERTICES,
                                     GL_MAX_TESS_GEN_LEVEL,
                                     GL_PRIMITIVE_RESTART_FOR_PATCHES_SUPPORTED,
                                     GL_LAYER_PROVOKING_VERTEX,
                                     GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS,
                                     GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS,
                                     GL_CONTEXT_FLAGS};
      for (size_t k = 0; k < sizeof(later) / sizeof(later[0]); k++) {
         GLint n = 0;
         mgl_glGetIntegerv(later[k], &n);
         CHECK_ERR(GL_INVALID_ENUM);
      }
      GLuint tex;
      mgl_glGenTextures(1, &tex);
      mgl_glBindTexture(GL_TEXTURE_2D, tex);
      mgl_glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 4, 4, 12);
      CHECK_ERR(GL_INVALID_ENUM);
      mgl_glDeleteTextures(1, &tex);
      CHECK((fe_glsl_deny(ctx) & (GLSL_DENY_ESSL310 | GLSL_DENY_ESSL320)) ==
            (GLSL_DENY_ESSL310 | GLSL_DENY_ESSL320));
      drop(ctx);
   }

   /* an ES 3.1 context (asked for as 3.1): every folded-in extension listed, GLSL ES 3.20 not
    * taken, ES 3.2's own queries refused */
   ctx = make_es(3, 1, false);
   CHECK(ctx);
   if (ctx) {
      for (size_t k = 0; k < sizeof(es32_exts) / sizeof(es32_exts[0]); k++)
         if (!listed(es32_exts[k])) {
            fprintf(stderr, "ES 3.1 context lacks %s\n", es32_exts[k]);
            fe_test_failures++;
         }
      const char *lacks = fe_es32_lacks(ctx);
      CHECK(!lacks || !strcmp(lacks, "GL_KHR_blend_equation_advanced"));
      CHECK((fe_glsl_deny(ctx) & GLSL_DENY_ESSL320) != 0);
      CHECK((fe_glsl_deny(ctx) & es32_deny) == 0);
      check_queries(false);
      drop(ctx);
   }
   /* GL_OES_viewport_array: listed where the device draws viewports past 0 (as desktop
    * GL_ARB_viewport_array), its OES commands, queries and the indexed scissor enable taken
    * there; elsewhere the commands are GL_INVALID_OPERATION and the queries unknown names */
   for (int on = 0; on < 2; on++) {
      const uint64_t bits = fake_caps.cap_bits;
      fake_caps.cap_bits = on ? bits | MGP_CAP_VIEWPORT_ARRAY : bits & ~MGP_CAP_VIEWPORT_ARRAY;
      ctx = make_es(3, 1, false);
      CHECK(ctx);
      if (ctx) {
         CHECK_EQ(listed("GL_OES_viewport_array"), on);
         CHECK_EQ((fe_glsl_deny(ctx) & GLSL_DENY_VIEWPORT_ARRAY) == 0, on);
         void (*vp_indexed)(GLuint, GLfloat, GLfloat, GLfloat, GLfloat) =
            (void (*)(GLuint, GLfloat, GLfloat, GLfloat, GLfloat))fe_get_proc_address(
               "glViewportIndexedfOES");
         void (*dr_array)(GLuint, GLsizei, const GLfloat *) = (void (*)(
            GLuint, GLsizei, const GLfloat *))fe_get_proc_address("glDepthRangeArrayfvOES");
         void (*dr_indexed)(GLuint, GLfloat, GLfloat) =
            (void (*)(GLuint, GLfloat, GLfloat))fe_get_proc_address("glDepthRangeIndexedfOES");
         void (*sc_indexed)(GLuint, GLint, GLint, GLsizei, GLsizei) = (void (*)(
            GLuint, GLint, GLint, GLsizei, GLsizei))fe_get_proc_address("glScissorIndexedOES");
         void (*get_fi)(GLenum, GLuint, GLfloat *) =
            (void (*)(GLenum, GLuint, GLfloat *))fe_get_proc_address("glGetFloati_vOES");
         CHECK(vp_indexed && dr_array && dr_indexed && sc_indexed && get_fi);
         if (vp_indexed && dr_array && dr_indexed && sc_indexed && get_fi) {
            const GLenum op = on ? GL_NO_ERROR : GL_INVALID_OPERATION;
            vp_indexed(3, 1.0f, 2.0f, 5.0f, 6.0f);
            CHECK_ERR(op);
            vp_indexed(3, 1.0f, 2.0f, -5.0f, 6.0f);
            CHECK_ERR(on ? GL_INVALID_VALUE : GL_INVALID_OPERATION);
            static const GLfloat dr[4] = {0.25f, 0.5f, 0.125f, 2.0f};
            dr_array(1, 2, dr);
            CHECK_ERR(op);
            dr_indexed(4, 0.75f, 0.5f);
            CHECK_ERR(op);
            sc_indexed(3, 4, 5, 6, 7);
            CHECK_ERR(op);
            GLfloat f[4] = {-1.0f, -1.0f, -1.0f, -1.0f};
            get_fi(GL_VIEWPORT, 3, f);
            CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
            CHECK(!on || (f[0] == 1.0f && f[1] == 2.0f && f[2] == 5.0f && f[3] == 6.0f));
            get_fi(GL_DEPTH_RANGE, 2, f);
            CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
            CHECK(!on || (f[0] == 0.125f && f[1] == 1.0f)); /* clamped to [0, 1] */
            get_fi(GL_DEPTH_RANGE, 4, f);
            CHECK(!on || (f[0] == 0.75f && f[1] == 0.5f));
            GLint sc[4] = {0};
            mgl_glGetIntegeri_v(GL_SCISSOR_BOX, 3, sc);
            CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
            CHECK(!on || (sc[0] == 4 && sc[1] == 5 && sc[2] == 6 && sc[3] == 7));
            mgl_glEnablei(GL_SCISSOR_TEST, 3); /* glEnableiOES */
            CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
            CHECK_EQ(mgl_glIsEnabledi(GL_SCISSOR_TEST, 3), on ? GL_TRUE : GL_FALSE);
            CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
            CHECK_EQ(mgl_glIsEnabledi(GL_SCISSOR_TEST, 2), GL_FALSE);
            CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
            GLint n = -1;
            mgl_glGetIntegerv(GL_MAX_VIEWPORTS, &n);
            CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
            CHECK(on ? n >= 16 : n == -1);
         }
         drop(ctx);
      }
      fake_caps.cap_bits = bits;
   }
   /* GL_OES/EXT_geometry_point_size and _tessellation_point_size: listed, and their GLSL let
    * through, only where the device sizes points by those stages' gl_PointSize */
   for (int on = 0; on < 2; on++) {
      const uint64_t bits = fake_caps.cap_bits;
      fake_caps.cap_bits = on ? bits | MGP_CAP_STAGE_POINT_SIZE : bits & ~MGP_CAP_STAGE_POINT_SIZE;
      ctx = make_es(3, 1, false);
      CHECK(ctx);
      if (ctx) {
         CHECK_EQ(listed("GL_OES_geometry_point_size"), on);
         CHECK_EQ(listed("GL_EXT_geometry_point_size"), on);
         CHECK_EQ(listed("GL_OES_tessellation_point_size"), on);
         CHECK_EQ(listed("GL_EXT_tessellation_point_size"), on);
         CHECK_EQ((fe_glsl_deny(ctx) & GLSL_DENY_ES_POINT_SIZE) == 0, on);
         drop(ctx);
      }
      fake_caps.cap_bits = bits;
   }

   /* the same backend's ES 3.2 context */
   ctx = make_es(3, 0, true);
   CHECK(ctx);
   if (ctx) {
      if (ctx->desc.minor != 2) { /* the ES extension table lacks the KHR name still */
         CHECK_EQ(ctx->desc.minor, 1);
         ctx->desc.minor = 2;
         fe_es_ext_finish(ctx);
      }
      CHECK(!strcmp((const char *)mgl_glGetString(GL_VERSION), "OpenGL ES 3.2 mgl 0.1"));
      CHECK(!strcmp((const char *)mgl_glGetString(GL_SHADING_LANGUAGE_VERSION),
                    "OpenGL ES GLSL ES 3.20"));
      CHECK((fe_glsl_deny(ctx) & (GLSL_DENY_ESSL320 | es32_deny)) == 0);
      check_queries(true);
      /* desktop GL's default tessellation levels are not ES state */
      GLfloat lv[4];
      mgl_glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, lv);
      CHECK_ERR(GL_INVALID_ENUM);
      mgl_glGetFloatv(GL_PATCH_DEFAULT_INNER_LEVEL, lv);
      CHECK_ERR(GL_INVALID_ENUM);
      check_commands();
      drop(ctx);
   }
   /* desktop GL_ARB_ES3_2_compatibility: on the same backend, listed with its command, its
    * queries and GLSL ES 3.20; without one ES 3.2 feature (advanced blending) none of it. Its
    * gpu_shader5 is the desktop extension's, which has vertex streams */
   fake_caps.cap_bits |= MGP_CAP_VERTEX_STREAMS;
   for (int on = 1; on >= 0; on--) {
      if (!on)
         fake_caps.cap_bits &= ~MGP_CAP_BLEND_ADVANCED;
      struct fe_context_desc d = {
         .api = FE_API_GL_CORE, .major = 3, .minor = 3, .format = {8, 8, 8, 8, 24, 8, 0, 0}};
      ctx = NULL;
      CHECK(fe_context_create(&d, NULL, &ctx) == FE_OK);
      if (!ctx)
         break;
      CHECK(fe_make_current(ctx, surf, surf) == FE_OK);
      CHECK_EQ(listed("GL_ARB_ES3_2_compatibility"), on);
      CHECK(listed("GL_ARB_ES3_1_compatibility"));
      CHECK_EQ((fe_glsl_deny(ctx) & GLSL_DENY_ESSL320) == 0, on);
      void (*bbox)(GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat) =
         (void (*)(GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat, GLfloat,
                   GLfloat))fe_get_proc_address("glPrimitiveBoundingBoxARB");
      CHECK(bbox != NULL);
      if (bbox)
         bbox(-1.0f, -0.5f, 0.0f, 1.0f, 0.25f, 0.5f, 1.0f, 1.0f);
      CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_OPERATION);
      GLfloat box[8] = {0};
      mgl_glGetFloatv(0x92BE /* GL_PRIMITIVE_BOUNDING_BOX_ARB */, box);
      CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
      CHECK(!on || (box[0] == -1.0f && box[1] == -0.5f && box[4] == 0.25f && box[6] == 1.0f));
      GLfloat range[2] = {0};
      mgl_glGetFloatv(0x9381 /* GL_MULTISAMPLE_LINE_WIDTH_RANGE_ARB */, range);
      CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
      CHECK(!on || (range[0] == 1.0f && range[1] >= 1.0f));
      mgl_glGetFloatv(0x9382 /* GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY_ARB */, range);
      CHECK_ERR(on ? GL_NO_ERROR : GL_INVALID_ENUM);
      drop(ctx);
   }
   fe_surface_destroy(surf);
   return fe_test_report("unit.frontend.es32");
}
