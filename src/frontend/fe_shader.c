/* fe_shader.c — shader objects: create, source, compile, delete, and their queries. */
#include "fe_es_ext.h"
#include "fe_program_internal.h"

/* ---- shaders -------------------------------------------------------------------------------- */

void
fe_shader_destroy(struct fe_context *ctx, struct fe_shader *sh)
{
   (void)ctx;
   free(sh->source);
   free(sh->compiled_source);
   free(sh->spirv);
   free(sh->spirv_spec);
   free(sh->info_log);
   free(sh);
}

/* GL 4.6 7.2: loading source (or another binary) replaces the SPIR-V module and its state. */
static void
drop_spirv(struct fe_shader *sh)
{
   free(sh->spirv);
   free(sh->spirv_spec);
   sh->spirv = sh->spirv_spec = NULL;
   sh->spirv_words = sh->spirv_spec_words = 0;
}

GLuint
mgl_glCreateShader(GLenum type)
{
   FE_CTX_OR_RETURN(0);
   FE_CHECK(type != GL_VERTEX_SHADER && type != GL_FRAGMENT_SHADER &&
               (type != GL_GEOMETRY_SHADER || !fe_geometry_offered(ctx)) &&
               (type != GL_COMPUTE_SHADER || !fe_compute_offered(ctx)) &&
               ((type != GL_TESS_CONTROL_SHADER && type != GL_TESS_EVALUATION_SHADER) ||
                !fe_tess_offered(ctx)),
            GL_INVALID_ENUM, 0);
   struct fe_shader *sh = calloc(1, sizeof(*sh));
   FE_CHECK(!sh, GL_OUT_OF_MEMORY, 0);
   atomic_init(&sh->base.refs, 1);
   sh->base.kind = FE_OBJ_SHADER;
   sh->base.share = ctx->share;
   sh->type = type;
   pthread_mutex_lock(&ctx->share->lock);
   GLuint name = fe_names_gen(&ctx->share->programs);
   if (name)
      fe_names_set(&ctx->share->programs, name, sh);
   pthread_mutex_unlock(&ctx->share->lock);
   if (!name) {
      free(sh);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return 0;
   }
   sh->base.name = name;
   return name;
}

void
mgl_glShaderSource(GLuint shader, GLsizei count, const GLchar *const *string, const GLint *length)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh)
      return;
   size_t total = 0;
   for (GLsizei i = 0; i < count; i++)
      total += length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
   char *src = malloc(total + 1);
   FE_CHECK(!src, GL_OUT_OF_MEMORY);
   size_t off = 0;
   for (GLsizei i = 0; i < count; i++) {
      size_t n = length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
      memcpy(src + off, string[i], n);
      off += n;
   }
   src[off] = '\0';
   free(sh->source);
   sh->source = src;
   if (sh->spirv) {
      drop_spirv(sh);
      sh->compiled = false;
   }
}

static enum glsl_stage
shader_stage(GLenum type)
{
   switch (type) {
   case GL_VERTEX_SHADER: return GLSL_STAGE_VERTEX;
   case GL_GEOMETRY_SHADER: return GLSL_STAGE_GEOMETRY;
   case GL_TESS_CONTROL_SHADER: return GLSL_STAGE_TESS_CTRL;
   case GL_TESS_EVALUATION_SHADER: return GLSL_STAGE_TESS_EVAL;
   case GL_COMPUTE_SHADER: return GLSL_STAGE_COMPUTE;
   default: return GLSL_STAGE_FRAGMENT;
   }
}

GLenum
fe_shader_stage_type(enum glsl_stage s)
{
   switch (s) {
   case GLSL_STAGE_VERTEX: return GL_VERTEX_SHADER;
   case GLSL_STAGE_GEOMETRY: return GL_GEOMETRY_SHADER;
   case GLSL_STAGE_TESS_CTRL: return GL_TESS_CONTROL_SHADER;
   case GLSL_STAGE_TESS_EVAL: return GL_TESS_EVALUATION_SHADER;
   case GLSL_STAGE_COMPUTE: return GL_COMPUTE_SHADER;
   default: return GL_FRAGMENT_SHADER;
   }
}

/* What the context's GLSL leaves out (glsl.h GLSL_DENY_*): each feature the caps or the
 * context's version do not offer. */
uint32_t
fe_glsl_deny(const struct fe_context *ctx)
{
   return (fe_fp64_offered(ctx) ? 0 : GLSL_DENY_FLOAT64) |
          (fe_gpu_shader5_offered(ctx) ? 0 : GLSL_DENY_GPU_SHADER5) |
          (fe_viewport_array_offered(ctx) ? 0 : GLSL_DENY_VIEWPORT_ARRAY) |
          (fe_cull_distance_offered(ctx) ? 0 : GLSL_DENY_CULL_DISTANCE) |
          (fe_image_queries_offered(ctx) ? 0 : GLSL_DENY_IMAGE_QUERIES) |
          (fe_derivative_control_offered(ctx) ? 0 : GLSL_DENY_DERIVATIVE_CONTROL) |
          (fe_group_vote_offered(ctx) ? 0 : GLSL_DENY_GROUP_VOTE) |
          (fe_layer_viewport_offered(ctx) ? 0 : GLSL_DENY_LAYER_VIEWPORT) |
          (fe_stencil_export_offered(ctx) ? 0 : GLSL_DENY_STENCIL_EXPORT) |
          (fe_shader_clock_offered(ctx) ? 0 : GLSL_DENY_SHADER_CLOCK) |
          (fe_blend_advanced_offered(ctx) ? 0 : GLSL_DENY_BLEND_ADVANCED) |
          (fe_blend_in_shader(ctx) ? GLSL_BLEND_IN_SHADER : 0) |
          (fe_int64_offered(ctx) ? 0 : GLSL_DENY_INT64) |
          (fe_ballot_offered(ctx) ? 0 : GLSL_DENY_BALLOT) |
          (fe_atomic_counters_offered((struct fe_context *)ctx) ? 0
                                                                : GLSL_DENY_ATOMIC_COUNTER_OPS) |
          (fe_enhanced_layouts_offered(ctx) ? 0 : GLSL_DENY_ENHANCED_LAYOUTS) |
          (fe_max_vertex_streams(ctx) > 1 ? 0 : GLSL_DENY_VERTEX_STREAMS) |
          (fe_vertex_fp64_offered(ctx) ? 0 : GLSL_DENY_VERTEX_ATTRIB_64BIT) |
          (fe_texture_query_lod_offered(ctx) ? 0 : GLSL_DENY_TEXTURE_QUERY_LOD) |
          (fe_es31(ctx) || fe_es31_compat_offered(ctx) ? 0 : GLSL_DENY_ESSL310) |
          (fe_es32(ctx) || fe_es32_compat_offered(ctx) ? 0 : GLSL_DENY_ESSL320) |
          (fe_shader_precision_offered(ctx) ? 0 : GLSL_DENY_SHADER_PRECISION) |
          (fe_es_ext_on((struct fe_context *)ctx, FE_ES_EXT_SHADER_IMAGE_ATOMIC)
              ? 0
              : GLSL_DENY_ES_IMAGE_ATOMIC) |
          (fe_es_ext_on((struct fe_context *)ctx, FE_ES_EXT_MS_2D_ARRAY)
              ? 0
              : GLSL_DENY_ES_MS_2D_ARRAY) |
          (fe_es_ext_on((struct fe_context *)ctx, FE_ES_EXT_IMAGE_FORMATS)
              ? 0
              : GLSL_DENY_ES_IMAGE_FORMATS) |
          (fe_geometry_offered(ctx) ? 0 : GLSL_DENY_ES_GEOMETRY) |
          (fe_tess_offered(ctx) ? 0 : GLSL_DENY_ES_TESSELLATION) |
          (fe_texture_buffer_offered(ctx) ? 0 : GLSL_DENY_ES_TEXTURE_BUFFER) |
          (fe_cube_array_offered(ctx) ? 0 : GLSL_DENY_ES_CUBE_ARRAY) |
          (fe_sample_shading_offered(ctx) ? 0 : GLSL_DENY_ES_SAMPLE_VARIABLES) |
          ((ctx->share->caps->cap_bits & MGP_CAP_STAGE_POINT_SIZE) ? 0 : GLSL_DENY_ES_POINT_SIZE);
}

bool
fe_es32_compat_offered(const struct fe_context *ctx)
{
   /* what an ES 3.2 context needs of the device beyond ES 3.1 (fe_es_ext.c's es32_features):
    * the same predicates, which read the caps alike in desktop contexts (but gpu_shader5's,
    * whose desktop extension also needs vertex streams: not on the GLES backend, whose desktop
    * contexts are GL 3.3 and so short of the extension's GL 4.5 anyway) */
   const struct mgp_caps *caps = ctx->share->caps;
   const uint8_t atomic = MGP_FORMAT_CAP_STORAGE_ATOMIC;
   return fe_es31_compat_offered(ctx) && fe_geometry_offered(ctx) && fe_tess_offered(ctx) &&
          fe_gpu_shader5_offered(ctx) && fe_texture_buffer_offered(ctx) &&
          fe_cube_array_offered(ctx) && fe_sample_shading_offered(ctx) &&
          fe_blend_advanced_offered(ctx) && fe_texture_stencil8_offered(ctx) &&
          fe_call_supported(ctx->share, MGP_CALL_resource_copy_region) &&
          fe_image_units(ctx) != 0 && (caps->format_flags[MGP_FORMAT_R32_SINT] & atomic) &&
          (caps->format_flags[MGP_FORMAT_R32_UINT] & atomic);
}

void
mgl_glCompileShader(GLuint shader)
{
   FE_CTX_OR_RETURN();
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh)
      return;
   char *log = NULL;
   if (sh->spirv) {
      /* GL 4.6 7.2: a SPIR-V shader is compiled by glSpecializeShader, not here */
      sh->compiled = sh->spirv_spec != NULL;
      return;
   }
   const struct glsl_compile_limits limits = {
      .max_varying_components = ctx->share->caps->max_varying_components,
      .stage_io = ctx->share->caps->stage_io_components,
      .uniform_buffer_bindings = FE_MAX_UBO_BINDINGS,
      .storage_buffer_bindings = fe_ssbo_bindings(ctx),
      .texture_units = fe_max_texture_units(ctx),
      .compute_invocations = ctx->share->caps->max_compute_work_group_invocations,
      .deny = fe_glsl_deny(ctx),
   };
   /* GL 4.6 7.1: the link takes what this compile compiles, whatever glShaderSource sets
    * after it */
   char *src = dup_str(sh->source ? sh->source : "");
   if (!src) {
      sh->compiled = false;
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   free(sh->compiled_source);
   sh->compiled_source = src;
   enum glsl_api api = fe_glsl_api(ctx);
   /* GL 4.1 / ARB_ES2_compatibility, GL 4.3 / ARB_ES3_compatibility and GL 4.5 /
    * ARB_ES3_1_compatibility: a desktop context compiles GLSL ES 1.00, 3.00 and 3.10 too */
   sh->es = api == GLSL_API_ES || glsl_source_is_es(src, true);
   /* issue 20: a source a run before compiled clean compiles clean (the result depends on
    * nothing the key leaves out); the link compiles it again anyway, or finds it cached */
   struct fe_program_cache_key key;
   const bool cached =
      fe_shader_cache_key(sh->type, sh->es, src, fe_program_cache_context(ctx), &key);
   if (cached && fe_shader_cache_compiled(&key)) {
      sh->compiled = true;
      free(sh->info_log);
      sh->info_log = NULL;
      return;
   }
   sh->compiled = glsl_compile_shader_limits(shader_stage(sh->type), sh->es ? GLSL_API_ES : api,
                                             &limits, src, &log);
   if (cached && sh->compiled && (!log || !*log))
      fe_shader_cache_mark(&key);
   free(sh->info_log);
   sh->info_log = log;
}

void
mgl_glGetShaderiv(GLuint shader, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh)
      return;
   switch (pname) {
   case GL_SHADER_TYPE: *params = (GLint)sh->type; return;
   case GL_DELETE_STATUS: *params = sh->delete_pending; return;
   case GL_COMPILE_STATUS: *params = sh->compiled; return;
   case GL_SPIR_V_BINARY_ARB:
      if (!fe_gl_spirv_offered(ctx)) {
         fe_error(ctx, GL_INVALID_ENUM); /* an ES context */
         return;
      }
      *params = sh->spirv != NULL;
      return;
   case GL_COMPLETION_STATUS_KHR: /* KHR_parallel_shader_compile: compiles finish in the call */
      if (fe_es_ext_lacks(ctx, FE_ES_EXT_PARALLEL_SHADER_COMPILE)) {
         fe_error(ctx, GL_INVALID_ENUM);
         return;
      }
      *params = GL_TRUE;
      return;
   case GL_INFO_LOG_LENGTH:
      *params = sh->info_log && *sh->info_log ? (GLint)strlen(sh->info_log) + 1 : 0;
      return;
   case GL_SHADER_SOURCE_LENGTH: *params = sh->source ? (GLint)strlen(sh->source) + 1 : 0; return;
   default: fe_error(ctx, GL_INVALID_ENUM);
   }
}

/* KHR_parallel_shader_compile / ARB_parallel_shader_compile: a hint; mgl compiles and links
 * in the calling thread whatever the count (GL_COMPLETION_STATUS_KHR is GL_TRUE at once). */
void
mgl_glMaxShaderCompilerThreadsKHR(GLuint count)
{
   FE_CTX_OR_RETURN();
   if (fe_es_ext_lacks(ctx, FE_ES_EXT_PARALLEL_SHADER_COMPILE)) {
      fe_error(ctx, GL_INVALID_OPERATION); /* an ES context that does not list it */
      return;
   }
   ctx->max_compiler_threads = count;
}

void
mgl_glMaxShaderCompilerThreadsARB(GLuint count)
{
   mgl_glMaxShaderCompilerThreadsKHR(count);
}

void
mgl_glGetShaderInfoLog(GLuint shader, GLsizei buf_size, GLsizei *length, GLchar *info_log)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_shader *sh = get_shader(ctx, shader);
   if (sh)
      copy_out(sh->info_log, buf_size, length, info_log);
}

void
mgl_glGetShaderSource(GLuint shader, GLsizei buf_size, GLsizei *length, GLchar *source)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_shader *sh = get_shader(ctx, shader);
   if (sh)
      copy_out(sh->source, buf_size, length, source);
}

void
mgl_glDeleteShader(GLuint shader)
{
   FE_CTX_OR_RETURN();
   if (!shader)
      return;
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh || sh->delete_pending)
      return;
   sh->delete_pending = true;
   if (!sh->attach_count) {
      remove_name(ctx->share, shader);
      fe_object_unref(ctx, &sh->base);
   }
}

GLboolean
mgl_glIsShader(GLuint shader)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   struct fe_object *obj = lookup(ctx, shader);
   return obj && obj->kind == FE_OBJ_SHADER ? GL_TRUE : GL_FALSE;
}

void
mgl_glReleaseShaderCompiler(void)
{
   FE_CTX_OR_RETURN();
}

/* ES 2.0 §2.10.4, ES 3.0 §2.12.7, GL 4.1 §2.14.4: the range (log2 of the smallest and largest
 * magnitudes) and precision (bits) of each precision qualifier. mgl compiles every qualifier to
 * 32-bit IEEE floats and 32-bit two's-complement ints (its SPIR-V carries no RelaxedPrecision,
 * spv_patch.c), so all three answer highp's figures, above ES's minimums for lowp/mediump. */
void
mgl_glGetShaderPrecisionFormat(GLenum shadertype, GLenum precisiontype, GLint *range,
                               GLint *precision)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(shadertype != GL_VERTEX_SHADER && shadertype != GL_FRAGMENT_SHADER, GL_INVALID_ENUM);
   switch (precisiontype) {
   case GL_LOW_FLOAT:
   case GL_MEDIUM_FLOAT:
   case GL_HIGH_FLOAT:
      range[0] = range[1] = 127;
      *precision = 23;
      return;
   case GL_LOW_INT:
   case GL_MEDIUM_INT:
   case GL_HIGH_INT:
      range[0] = 31; /* -2^31 is representable, 2^31 is not */
      range[1] = 30;
      *precision = 0;
      return;
   default: fe_error(ctx, GL_INVALID_ENUM); return;
   }
}

/* GL 4.6 7.2 (ARB_gl_spirv): the one format is GL_SHADER_BINARY_FORMAT_SPIR_V, offered with
 * the extension (fe_get.c lists it then); ES 2.0 §2.10.2: any other is INVALID_ENUM. */
void
mgl_glShaderBinary(GLsizei count, const GLuint *shaders, GLenum binaryformat, const void *binary,
                   GLsizei length)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(count < 0 || length < 0, GL_INVALID_VALUE);
   FE_CHECK(binaryformat != GL_SHADER_BINARY_FORMAT_SPIR_V_ARB || !fe_gl_spirv_offered(ctx),
            GL_INVALID_ENUM);
   struct fe_shader *list[8];
   FE_CHECK(count > 8, GL_INVALID_VALUE); /* more than one shader of a stage, at least */
   for (GLsizei i = 0; i < count; i++) {
      if (!(list[i] = get_shader(ctx, shaders[i])))
         return;
      for (GLsizei j = 0; j < i; j++)
         FE_CHECK(list[j]->type == list[i]->type, GL_INVALID_OPERATION);
   }
   /* the bytes must be a valid module of the OpenGL environment */
   const char *why = NULL;
   FE_CHECK(!binary || length % 4 || length < 20, GL_INVALID_VALUE);
   const size_t n = (size_t)length / 4;
   uint32_t *words = malloc((size_t)length);
   FE_CHECK(!words, GL_OUT_OF_MEMORY);
   memcpy(words, binary, (size_t)length);
   if (!glsl_spirv_valid(words, n, fe_spirv_extensions(ctx), &why)) {
      free(words);
      fe_error(ctx, GL_INVALID_VALUE);
      return;
   }
   for (GLsizei i = 0; i < count; i++) {
      uint32_t *copy = i ? malloc((size_t)length) : words;
      if (!copy) {
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
      if (i)
         memcpy(copy, words, (size_t)length);
      struct fe_shader *sh = list[i];
      drop_spirv(sh);
      free(sh->compiled_source); /* GL 4.6 7.2: the binary replaces the compiled source */
      sh->compiled_source = NULL;
      sh->spirv = copy;
      sh->spirv_words = n;
      sh->compiled = false;
      sh->es = false;
      free(sh->info_log);
      sh->info_log = NULL;
   }
   if (!count)
      free(words);
}

/* GL 4.6 7.2.1: picks the entry point and the specialization constants of a SPIR-V shader; its
 * compile status says whether that worked. */
void
mgl_glSpecializeShader(GLuint shader, const GLchar *pEntryPoint, GLuint numSpecializationConstants,
                       const GLuint *pConstantIndex, const GLuint *pConstantValue)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_gl_spirv_offered(ctx), GL_INVALID_OPERATION);
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh)
      return;
   FE_CHECK(!sh->spirv || sh->spirv_spec, GL_INVALID_OPERATION);
   FE_CHECK(!pEntryPoint || (numSpecializationConstants && (!pConstantIndex || !pConstantValue)),
            GL_INVALID_VALUE);
   const char *why = NULL;
   size_t n = 0;
   uint32_t *w =
      glsl_spirv_specialize(shader_stage(sh->type), sh->spirv, sh->spirv_words, pEntryPoint,
                            numSpecializationConstants, pConstantIndex, pConstantValue, &n, &why);
   free(sh->info_log);
   sh->info_log = NULL;
   if (!w) {
      sh->compiled = false;
      const size_t len = strlen(why) + 16;
      if ((sh->info_log = malloc(len)))
         snprintf(sh->info_log, len, "error: %s\n", why);
      fe_error(ctx, GL_INVALID_VALUE);
      return;
   }
   sh->spirv_spec = w;
   sh->spirv_spec_words = n;
   sh->compiled = true;
}
