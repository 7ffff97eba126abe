/* fe_es_ext.c — the OpenGL ES extensions an ES context offers, and the ES-only enums they let
 * through. Each row is an extension mgl implements in full in the context versions it names,
 * offered only where the device can do what it needs (format capabilities, query support) and
 * only once a test draws with it (scenarios es2_ext, es2_probe*, es2_aniso);
 * docs/ES-EXTENSIONS.md says why each one Mesa offers and this table lacks is not offered. */
#include <stdlib.h>
#include <string.h>

#include "fe_es_ext.h"
#include "fe_format.h"
#include "fe_gl.h"

/* What a row needs of the device, beyond the context's ES version. */
enum need {
   NEED_NONE,
   NEED_OCCLUSION,      /* MGP_CAP_OCCLUSION_QUERY or _ANY */
   NEED_ANISOTROPY,     /* max_anisotropy of 2 or more (the extension's minimum) */
   NEED_HALF_SAMPLE,    /* RGBA16_FLOAT sampled */
   NEED_HALF_FILTER,    /* ... and filtered */
   NEED_HALF_RENDER,    /* RGBA16_FLOAT rendered to */
   NEED_FLOAT_SAMPLE,   /* RGBA32_FLOAT sampled */
   NEED_FLOAT_FILTER,   /* ... and filtered */
   NEED_FLOAT_RENDER,   /* R/RG/RGBA 16F and 32F and R11G11B10F rendered to */
   NEED_FLOAT_BLEND,    /* ... and RGBA32F blended */
   NEED_DEPTH_CLAMP,    /* MGP_CAP_DEPTH_CLAMP */
   NEED_IMAGE_ATOMIC,   /* atomics on R32I and R32UI storage images */
   NEED_SAMPLE_RATE,    /* MGP_CAP_SAMPLE_SHADING */
   NEED_GEOMETRY,       /* fe_geometry_offered */
   NEED_TESSELLATION,   /* fe_tess_offered */
   NEED_GPU_SHADER5,    /* MGP_CAP_GPU_SHADER5 */
   NEED_SAMPLE_INTERP,  /* NEED_SAMPLE_RATE and NEED_GPU_SHADER5 (interpolateAt*) */
   NEED_TEX_BUFFER,     /* MGP_CAP_TEXTURE_BUFFER */
   NEED_CUBE_ARRAY,     /* MGP_CAP_CUBE_MAP_ARRAY */
   NEED_STENCIL8,       /* MGP_CAP_TEXTURE_STENCIL8 */
   NEED_SRGB_DECODE,    /* MGP_CAP_SRGB_SKIP_DECODE */
   NEED_COPY_IMAGE,     /* the server copies images (as GL_ARB_copy_image) */
   NEED_BLEND_ADV,      /* fe_blend_advanced_offered */
   NEED_CULL_DISTANCE,  /* fe_cull_distance_offered (MGP_CAP_CULL_DISTANCE) */
   NEED_CLIP_CONTROL,   /* MGP_CAP_CLIP_CONTROL */
   NEED_BASE_INSTANCE,  /* MGP_CAP_BASE_INSTANCE */
   NEED_OFFSET_CLAMP,   /* MGP_CAP_POLYGON_OFFSET_CLAMP */
   NEED_MIRROR_CLAMP,   /* MGP_CAP_MIRROR_CLAMP_TO_EDGE */
   NEED_GEOMETRY_PSIZE, /* NEED_GEOMETRY and MGP_CAP_STAGE_POINT_SIZE */
   NEED_TESS_PSIZE,     /* NEED_TESSELLATION and MGP_CAP_STAGE_POINT_SIZE */
   NEED_VIEWPORTS,      /* NEED_GEOMETRY and the viewports past 0 (as GL_ARB_viewport_array) */
   NEED_TEXTURE_VIEW,   /* MGP_CAP_TEXTURE_VIEW */
   NEED_NORM16,         /* the 16-bit normalized formats sampled and filtered, unorm rendered */
   NEED_RENDER_SNORM,   /* the snorm formats rendered and blended (16-bit ones: NEED_NORM16) */
   NEED_IMAGE_FORMATS, /* image units, and storage images of the formats GL 4.2 has past ES 3.1's */
   NEED_QUERY_LOD,     /* fe_texture_query_lod_offered (MGP_CAP_TEXTURE_QUERY_LOD) */
   NEED_GROUP_VOTE,    /* fe_group_vote_offered (MGP_CAP_SUBGROUP_VOTE) */
};

#define ES2 1u
#define ES3 2u  /* ES 3.0 and 3.1 */
#define ES31 4u /* ES 3.1 and 3.2 */

struct row {
   const char *name;
   unsigned versions;
   enum need need;
   int gate; /* enum fe_es_ext, or -1 */
};

/* Sorted as Mesa lists them: the ES 2.0-era names first, then KHR. */
static const struct row rows[] = {
   {"GL_EXT_blend_minmax", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_multi_draw_arrays", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_texture_filter_anisotropic", ES2 | ES3, NEED_ANISOTROPY,
    FE_ES_EXT_TEXTURE_FILTER_ANISOTROPIC},
   {"GL_EXT_texture_compression_rgtc", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_texture_format_BGRA8888", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_compressed_ETC1_RGB8_texture", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_depth24", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_fbo_render_mipmap", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_get_program_binary", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_element_index_uint", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_mapbuffer", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_rgb8_rgba8", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_standard_derivatives", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_texture_3D", ES2 | ES3, NEED_NONE, FE_ES_EXT_TEXTURE_3D},
   {"GL_OES_texture_float", ES2 | ES3, NEED_FLOAT_SAMPLE, FE_ES_EXT_TEXTURE_FLOAT},
   {"GL_OES_texture_float_linear", ES2 | ES3, NEED_FLOAT_FILTER, -1},
   {"GL_OES_texture_half_float", ES2 | ES3, NEED_HALF_SAMPLE, FE_ES_EXT_TEXTURE_HALF_FLOAT},
   {"GL_OES_texture_half_float_linear", ES2 | ES3, NEED_HALF_FILTER, -1},
   {"GL_OES_texture_npot", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_vertex_half_float", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_vertex_array_object", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_depth_texture", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_packed_depth_stencil", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_texture_type_2_10_10_10_REV", ES2 | ES3, NEED_NONE, -1},
   {"GL_NV_conditional_render", ES2 | ES3, NEED_OCCLUSION, -1},
   {"GL_EXT_discard_framebuffer", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_read_format_bgra", ES2 | ES3, NEED_NONE, -1},
   {"GL_NV_pack_subimage", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_frag_depth", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_occlusion_query_boolean", ES2 | ES3, NEED_OCCLUSION, -1},
   {"GL_EXT_texture_rg", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_unpack_subimage", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_draw_buffers", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_map_buffer_range", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_instanced_arrays", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_draw_instanced", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_compressed_ETC1_RGB8_sub_texture", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_draw_elements_base_vertex", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_draw_elements_base_vertex", ES2 | ES3, NEED_NONE, -1},
   {"GL_APPLE_texture_max_level", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_surfaceless_context", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_color_buffer_half_float", ES2 | ES3, NEED_HALF_RENDER, -1},
   {"GL_EXT_color_buffer_float", ES3, NEED_FLOAT_RENDER, -1},
   {"GL_EXT_float_blend", ES3, NEED_FLOAT_BLEND, -1},
   {"GL_EXT_texture_border_clamp", ES2 | ES3, NEED_NONE, -1},
   /* GL_TEXTURE_SRGB_DECODE_EXT on ES 3.0's sRGB textures (fe_srgb_decode_offered) */
   {"GL_EXT_texture_sRGB_decode", ES3, NEED_SRGB_DECODE, -1},
   {"GL_OES_texture_border_clamp", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_depth_clamp", ES2 | ES3, NEED_DEPTH_CLAMP, -1},
   /* ESSL 3.00's gl_ClipDistance and gl_CullDistance, as desktop GL_ARB_cull_distance */
   {"GL_EXT_clip_cull_distance", ES3, NEED_CULL_DISTANCE, -1},
   /* GL 4.0's per-draw-buffer blend and colour mask, which every desktop context has */
   {"GL_EXT_draw_buffers_indexed", ES3, NEED_NONE, FE_ES_EXT_DRAW_BUFFERS_INDEXED},
   {"GL_OES_draw_buffers_indexed", ES3, NEED_NONE, FE_ES_EXT_DRAW_BUFFERS_INDEXED},
   /* GL_SAMPLE_SHADING and glMinSampleShading (fe_sample_shading_offered) */
   {"GL_OES_sample_shading", ES3, NEED_SAMPLE_RATE, -1},
   /* desktop ARB_texture_query_lod's textureQueryLOD and ARB_shader_group_vote's votes under
    * their ESSL 3.00 names (glsl_lower.c:es_arb_extension); no commands, no enums */
   {"GL_EXT_texture_query_lod", ES3, NEED_QUERY_LOD, -1},
   {"GL_EXT_shader_group_vote", ES3, NEED_GROUP_VOTE, -1},
   {"GL_OES_shader_image_atomic", ES31, NEED_IMAGE_ATOMIC, FE_ES_EXT_SHADER_IMAGE_ATOMIC},
   /* the ES 3.2 features desktop contexts have, in ES 3.1 contexts where the device does them */
   {"GL_EXT_copy_image", ES31, NEED_COPY_IMAGE, -1},
   {"GL_EXT_geometry_shader", ES31, NEED_GEOMETRY, -1},
   {"GL_EXT_gpu_shader5", ES31, NEED_GPU_SHADER5, -1},
   {"GL_EXT_primitive_bounding_box", ES31, NEED_NONE, -1},
   {"GL_EXT_shader_io_blocks", ES31, NEED_NONE, -1},
   {"GL_EXT_tessellation_shader", ES31, NEED_TESSELLATION, -1},
   {"GL_EXT_texture_buffer", ES31, NEED_TEX_BUFFER, -1},
   {"GL_EXT_texture_cube_map_array", ES31, NEED_CUBE_ARRAY, -1},
   {"GL_OES_copy_image", ES31, NEED_COPY_IMAGE, -1},
   {"GL_OES_geometry_shader", ES31, NEED_GEOMETRY, -1},
   {"GL_OES_gpu_shader5", ES31, NEED_GPU_SHADER5, -1},
   {"GL_OES_primitive_bounding_box", ES31, NEED_NONE, -1},
   {"GL_OES_sample_variables", ES31, NEED_SAMPLE_RATE, -1},
   {"GL_OES_shader_io_blocks", ES31, NEED_NONE, -1},
   {"GL_OES_shader_multisample_interpolation", ES31, NEED_SAMPLE_INTERP, -1},
   {"GL_OES_tessellation_shader", ES31, NEED_TESSELLATION, -1},
   {"GL_OES_texture_buffer", ES31, NEED_TEX_BUFFER, -1},
   {"GL_OES_texture_cube_map_array", ES31, NEED_CUBE_ARRAY, -1},
   {"GL_OES_texture_stencil8", ES31, NEED_STENCIL8, -1},
   /* multisample 2D array textures, which every desktop context has (ARB_texture_multisample) */
   {"GL_OES_texture_storage_multisample_2d_array", ES31, NEED_NONE, FE_ES_EXT_MS_2D_ARRAY},
   /* gl_PointSize in the geometry and tessellation stages (ESSL only: GLSL_DENY_ES_POINT_SIZE) */
   {"GL_EXT_geometry_point_size", ES31, NEED_GEOMETRY_PSIZE, -1},
   {"GL_EXT_tessellation_point_size", ES31, NEED_TESS_PSIZE, -1},
   {"GL_OES_geometry_point_size", ES31, NEED_GEOMETRY_PSIZE, -1},
   {"GL_OES_tessellation_point_size", ES31, NEED_TESS_PSIZE, -1},
   /* the 15 equations (layout(blend_support_*) needs ESSL 3.00's layout qualifiers) */
   {"GL_KHR_blend_equation_advanced", ES3, NEED_BLEND_ADV, -1},
   /* GL 4.x features desktop contexts have, under the ES names (each extension's ES version;
    * the device's cap where desktop GL asks it too) */
   {"GL_EXT_base_instance", ES3, NEED_BASE_INSTANCE, FE_ES_EXT_BASE_INSTANCE},
   {"GL_EXT_buffer_storage", ES31, NEED_NONE, FE_ES_EXT_BUFFER_STORAGE},
   {"GL_EXT_clear_texture", ES31, NEED_NONE, FE_ES_EXT_CLEAR_TEXTURE},
   {"GL_EXT_clip_control", ES2 | ES3, NEED_CLIP_CONTROL, FE_ES_EXT_CLIP_CONTROL},
   {"GL_EXT_polygon_offset_clamp", ES2 | ES3, NEED_OFFSET_CLAMP, FE_ES_EXT_POLYGON_OFFSET_CLAMP},
   {"GL_EXT_texture_mirror_clamp_to_edge", ES2 | ES3, NEED_MIRROR_CLAMP, FE_ES_EXT_MIRROR_CLAMP},
   {"GL_KHR_parallel_shader_compile", ES2 | ES3, NEED_NONE, FE_ES_EXT_PARALLEL_SHADER_COMPILE},
   /* gl_ViewportIndex from the geometry stage (ES 3.2 with a geometry stage: mgl's ES 3.1
    * contexts that have one) */
   {"GL_OES_viewport_array", ES31, NEED_VIEWPORTS, FE_ES_EXT_VIEWPORT_ARRAY},
   /* GL 4.3's texture views (desktop GL_ARB_texture_view), under both ES 3.1 names */
   {"GL_EXT_texture_view", ES31, NEED_TEXTURE_VIEW, FE_ES_EXT_TEXTURE_VIEW},
   {"GL_OES_texture_view", ES31, NEED_TEXTURE_VIEW, FE_ES_EXT_TEXTURE_VIEW},
   /* desktop GL's 16-bit normalized and snorm-renderable formats, under the ES 3.1 names */
   {"GL_EXT_texture_norm16", ES31, NEED_NORM16, FE_ES_EXT_TEXTURE_NORM16},
   {"GL_EXT_render_snorm", ES31, NEED_RENDER_SNORM, FE_ES_EXT_RENDER_SNORM},
   /* GL 4.1's program pipelines (core in ES 3.1) in ES 3.0 contexts: the *EXT commands */
   {"GL_EXT_separate_shader_objects", ES3, NEED_NONE, FE_ES_EXT_SEPARATE_SHADER_OBJECTS},
   /* desktop GL 4.2's image formats in ESSL 3.10 layout qualifiers */
   {"GL_NV_image_formats", ES31, NEED_IMAGE_FORMATS, FE_ES_EXT_IMAGE_FORMATS},
   {"GL_KHR_debug", ES2 | ES3, NEED_NONE, -1},
   {"GL_KHR_no_error", ES2 | ES3, NEED_NONE, -1},
   {"GL_KHR_robustness", ES3, NEED_NONE, -1},
   {"GL_KHR_texture_compression_astc_ldr", ES2 | ES3, NEED_NONE, -1},
   {"GL_KHR_texture_compression_astc_sliced_3d", ES3, NEED_NONE, -1},
};
#define NUM_ROWS (sizeof(rows) / sizeof(rows[0]))

struct fe_es_ext_list {
   const char *names[NUM_ROWS];
   unsigned count;
   bool on[FE_ES_EXT_COUNT];
   char *joined;
};

static bool
format_can(const struct mgp_caps *caps, uint16_t format, unsigned need)
{
   return (caps->format_flags[format] & need) == need;
}

static bool
device_has(const struct fe_context *ctx, enum need need)
{
   const struct mgp_caps *caps = ctx->share->caps;
   switch (need) {
   case NEED_NONE: return true;
   case NEED_OCCLUSION:
      return (caps->cap_bits & (MGP_CAP_OCCLUSION_QUERY | MGP_CAP_OCCLUSION_ANY)) != 0;
   case NEED_ANISOTROPY: return caps->max_anisotropy >= 2.0f;
   case NEED_DEPTH_CLAMP: return (caps->cap_bits & MGP_CAP_DEPTH_CLAMP) != 0;
   case NEED_SAMPLE_RATE: return (caps->cap_bits & MGP_CAP_SAMPLE_SHADING) != 0;
   case NEED_GEOMETRY: return fe_geometry_offered(ctx);
   case NEED_TESSELLATION: return fe_tess_offered(ctx);
   /* the cap bits fe_gpu_shader5_offered, fe_texture_buffer_offered, fe_cube_array_offered and
    * fe_texture_stencil8_offered read in an ES 3.1 context, as the rows are ES 3.1's */
   case NEED_GPU_SHADER5: return (caps->cap_bits & MGP_CAP_GPU_SHADER5) != 0;
   case NEED_SAMPLE_INTERP:
      return device_has(ctx, NEED_SAMPLE_RATE) && device_has(ctx, NEED_GPU_SHADER5);
   case NEED_TEX_BUFFER: return (caps->cap_bits & MGP_CAP_TEXTURE_BUFFER) != 0;
   case NEED_CUBE_ARRAY: return (caps->cap_bits & MGP_CAP_CUBE_MAP_ARRAY) != 0;
   case NEED_STENCIL8: return (caps->cap_bits & MGP_CAP_TEXTURE_STENCIL8) != 0;
   case NEED_SRGB_DECODE: return (caps->cap_bits & MGP_CAP_SRGB_SKIP_DECODE) != 0;
   case NEED_COPY_IMAGE: return fe_call_supported(ctx->share, MGP_CALL_resource_copy_region);
   case NEED_BLEND_ADV: return fe_blend_advanced_offered(ctx);
   case NEED_CULL_DISTANCE: return fe_cull_distance_offered(ctx);
   case NEED_CLIP_CONTROL: return (caps->cap_bits & MGP_CAP_CLIP_CONTROL) != 0;
   case NEED_BASE_INSTANCE: return (caps->cap_bits & MGP_CAP_BASE_INSTANCE) != 0;
   case NEED_OFFSET_CLAMP: return (caps->cap_bits & MGP_CAP_POLYGON_OFFSET_CLAMP) != 0;
   case NEED_MIRROR_CLAMP: return (caps->cap_bits & MGP_CAP_MIRROR_CLAMP_TO_EDGE) != 0;
   case NEED_GEOMETRY_PSIZE:
      return fe_geometry_offered(ctx) && (caps->cap_bits & MGP_CAP_STAGE_POINT_SIZE) != 0;
   case NEED_TESS_PSIZE:
      return fe_tess_offered(ctx) && (caps->cap_bits & MGP_CAP_STAGE_POINT_SIZE) != 0;
   case NEED_VIEWPORTS: /* fe_viewport_array_offered's device half (it asks this list) */
      return fe_geometry_offered(ctx) && (caps->cap_bits & MGP_CAP_VIEWPORT_ARRAY) != 0 &&
             fe_call_supported(ctx->share, MGP_CALL_set_viewports);
   case NEED_TEXTURE_VIEW: return (caps->cap_bits & MGP_CAP_TEXTURE_VIEW) != 0;
   case NEED_QUERY_LOD: return fe_texture_query_lod_offered(ctx);
   case NEED_GROUP_VOTE: return fe_group_vote_offered(ctx);
   case NEED_IMAGE_ATOMIC:
      return fe_image_units(ctx) != 0 &&
             format_can(caps, MGP_FORMAT_R32_SINT, MGP_FORMAT_CAP_STORAGE_ATOMIC) &&
             format_can(caps, MGP_FORMAT_R32_UINT, MGP_FORMAT_CAP_STORAGE_ATOMIC);
   case NEED_HALF_SAMPLE: return format_can(caps, MGP_FORMAT_RGBA16_FLOAT, MGP_FORMAT_CAP_SAMPLE);
   case NEED_HALF_FILTER:
      return format_can(caps, MGP_FORMAT_RGBA16_FLOAT,
                        MGP_FORMAT_CAP_SAMPLE | MGP_FORMAT_CAP_FILTER);
   case NEED_HALF_RENDER: return format_can(caps, MGP_FORMAT_RGBA16_FLOAT, MGP_FORMAT_CAP_RENDER);
   case NEED_FLOAT_SAMPLE: return format_can(caps, MGP_FORMAT_RGBA32_FLOAT, MGP_FORMAT_CAP_SAMPLE);
   case NEED_FLOAT_FILTER:
      return format_can(caps, MGP_FORMAT_RGBA32_FLOAT,
                        MGP_FORMAT_CAP_SAMPLE | MGP_FORMAT_CAP_FILTER);
   case NEED_FLOAT_RENDER: {
      static const uint16_t f[] = {MGP_FORMAT_R16_FLOAT,      MGP_FORMAT_RG16_FLOAT,
                                   MGP_FORMAT_RGBA16_FLOAT,   MGP_FORMAT_R32_FLOAT,
                                   MGP_FORMAT_RG32_FLOAT,     MGP_FORMAT_RGBA32_FLOAT,
                                   MGP_FORMAT_R11G11B10_FLOAT};
      for (size_t k = 0; k < sizeof(f) / sizeof(f[0]); k++)
         if (!format_can(caps, f[k], MGP_FORMAT_CAP_RENDER))
            return false;
      return true;
   }
   case NEED_FLOAT_BLEND:
      return device_has(ctx, NEED_FLOAT_RENDER) &&
             format_can(caps, MGP_FORMAT_RGBA32_FLOAT, MGP_FORMAT_CAP_BLEND);
   case NEED_NORM16: {
      /* RGBA16_SNORM rendered too: GL_RGB16_SNORM is kept in it with alpha 1, which the GLES
       * backend writes through a framebuffer (its host's EXT_render_snorm) */
      const unsigned sf = MGP_FORMAT_CAP_SAMPLE | MGP_FORMAT_CAP_FILTER;
      const unsigned rb = sf | MGP_FORMAT_CAP_RENDER | MGP_FORMAT_CAP_BLEND;
      return format_can(caps, MGP_FORMAT_R16_UNORM, rb) &&
             format_can(caps, MGP_FORMAT_RG16_UNORM, rb) &&
             format_can(caps, MGP_FORMAT_RGBA16_UNORM, rb) &&
             format_can(caps, MGP_FORMAT_R16_SNORM, sf) &&
             format_can(caps, MGP_FORMAT_RG16_SNORM, sf) &&
             format_can(caps, MGP_FORMAT_RGBA16_SNORM, sf | MGP_FORMAT_CAP_RENDER);
   }
   case NEED_IMAGE_FORMATS: {
      static const uint16_t f[] = {
         MGP_FORMAT_RG32_FLOAT,   MGP_FORMAT_RG16_FLOAT,    MGP_FORMAT_R11G11B10_FLOAT,
         MGP_FORMAT_R16_FLOAT,    MGP_FORMAT_RGB10A2_UNORM, MGP_FORMAT_RG8_UNORM,
         MGP_FORMAT_R8_UNORM,     MGP_FORMAT_RG8_SNORM,     MGP_FORMAT_R8_SNORM,
         MGP_FORMAT_RGB10A2_UINT, MGP_FORMAT_RG32_UINT,     MGP_FORMAT_RG16_UINT,
         MGP_FORMAT_RG8_UINT,     MGP_FORMAT_R16_UINT,      MGP_FORMAT_R8_UINT,
         MGP_FORMAT_RG32_SINT,    MGP_FORMAT_RG16_SINT,     MGP_FORMAT_RG8_SINT,
         MGP_FORMAT_R16_SINT,     MGP_FORMAT_R8_SINT};
      if (!fe_image_units(ctx))
         return false;
      for (size_t k = 0; k < sizeof(f) / sizeof(f[0]); k++)
         if (!format_can(caps, f[k], MGP_FORMAT_CAP_STORAGE))
            return false;
      return true; /* the 16-bit normalized ones with EXT_texture_norm16 (the image's format) */
   }
   case NEED_RENDER_SNORM: {
      const unsigned rb = MGP_FORMAT_CAP_RENDER | MGP_FORMAT_CAP_BLEND;
      if (!format_can(caps, MGP_FORMAT_R8_SNORM, rb) ||
          !format_can(caps, MGP_FORMAT_RG8_SNORM, rb) ||
          !format_can(caps, MGP_FORMAT_RGBA8_SNORM, rb))
         return false;
      /* with EXT_texture_norm16 the 16-bit ones render too (EXT_render_snorm's dependency) */
      return !device_has(ctx, NEED_NORM16) || (format_can(caps, MGP_FORMAT_R16_SNORM, rb) &&
                                               format_can(caps, MGP_FORMAT_RG16_SNORM, rb) &&
                                               format_can(caps, MGP_FORMAT_RGBA16_SNORM, rb));
   }
   }
   return false;
}

static struct fe_es_ext_list *
list_of(struct fe_context *ctx)
{
   if (ctx->es_ext || ctx->desc.api != FE_API_GLES)
      return ctx->es_ext;
   struct fe_es_ext_list *l = calloc(1, sizeof(*l));
   if (!l)
      return NULL;
   /* an ES 3.2 context lists what its 3.1 self does (the extensions stay valid names) */
   const unsigned version = ctx->desc.major == 2 ? ES2 : fe_es31(ctx) ? ES3 | ES31 : ES3;
   size_t len = 1;
   for (size_t k = 0; k < NUM_ROWS; k++) {
      if (!(rows[k].versions & version) || !device_has(ctx, rows[k].need))
         continue;
      l->names[l->count++] = rows[k].name;
      len += strlen(rows[k].name) + 1;
      if (rows[k].gate >= 0)
         l->on[rows[k].gate] = true;
   }
   l->joined = malloc(len);
   if (!l->joined) {
      free(l);
      return NULL;
   }
   char *p = l->joined;
   for (unsigned k = 0; k < l->count; k++) {
      const size_t n = strlen(l->names[k]);
      if (k)
         *p++ = ' ';
      memcpy(p, l->names[k], n);
      p += n;
   }
   *p = '\0';
   ctx->es_ext = l;
   return l;
}

const char *const *
fe_es_extensions(struct fe_context *ctx, unsigned *n)
{
   const struct fe_es_ext_list *l = list_of(ctx);
   *n = l ? l->count : 0;
   return l ? l->names : NULL;
}

const char *
fe_es_extensions_string(struct fe_context *ctx)
{
   const struct fe_es_ext_list *l = list_of(ctx);
   return l ? l->joined : NULL;
}

bool
fe_es_ext_on(struct fe_context *ctx, enum fe_es_ext e)
{
   const struct fe_es_ext_list *l = list_of(ctx);
   return l && l->on[e];
}

bool
fe_es_ext_lacks(struct fe_context *ctx, enum fe_es_ext e)
{
   return ctx->desc.api == FE_API_GLES && !fe_es_ext_on(ctx, e);
}

static bool
is_norm16(GLenum f)
{
   return f == GL_R16 || f == GL_RG16 || f == GL_RGB16 || f == GL_RGBA16 || f == GL_R16_SNORM ||
          f == GL_RG16_SNORM || f == GL_RGB16_SNORM || f == GL_RGBA16_SNORM;
}

bool
fe_es_format_lacks(struct fe_context *ctx, GLenum internal_format)
{
   return is_norm16(internal_format) && fe_es_ext_lacks(ctx, FE_ES_EXT_TEXTURE_NORM16);
}

bool
fe_es_snorm_renders(struct fe_context *ctx, GLenum f)
{
   if (f == GL_R8_SNORM || f == GL_RG8_SNORM || f == GL_RGBA8_SNORM)
      return fe_es_ext_on(ctx, FE_ES_EXT_RENDER_SNORM);
   if (f == GL_R16_SNORM || f == GL_RG16_SNORM || f == GL_RGBA16_SNORM)
      return fe_es_ext_on(ctx, FE_ES_EXT_RENDER_SNORM) &&
             fe_es_ext_on(ctx, FE_ES_EXT_TEXTURE_NORM16);
   return false; /* RGB8_SNORM and RGB16_SNORM render under no extension */
}

/* What OpenGL ES 3.2 folds into 3.1 (ES 3.2 1.2 and appendix F.1), each as the extension whose
 * name an ES 3.1 context lists where mgl implements it: a context is 3.2 only where its 3.1 self
 * lists every one. GL_KHR_texture_compression_astc_ldr and GL_KHR_blend_equation_advanced
 * included: 3.2 turns on once the last of them is offered. */
static const char *const es32_features[] = {
   "GL_KHR_blend_equation_advanced",
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

const char *
fe_es32_lacks(struct fe_context *ctx)
{
   if (!fe_es31(ctx))
      return "OpenGL ES 3.1";
   unsigned n;
   const char *const *names = fe_es_extensions(ctx, &n);
   for (size_t k = 0; k < sizeof(es32_features) / sizeof(es32_features[0]); k++) {
      bool found = false;
      for (unsigned i = 0; i < n && !found; i++)
         found = !strcmp(names[i], es32_features[k]);
      if (!found)
         return es32_features[k];
   }
   if (GLSL_ES_VERSION_MAX < 320)
      return "GLSL ES 3.20 (#version 320 es)";
   return NULL;
}

bool
fe_es_lacks_sampling_param(struct fe_context *ctx, GLenum pname)
{
   if (pname == GL_TEXTURE_SRGB_DECODE_EXT)
      return !fe_srgb_decode_offered(ctx);
   if (pname == GL_TEXTURE_CUBE_MAP_SEAMLESS)
      return !fe_seamless_per_texture_offered(ctx);
   if (pname != FE_GL_TEXTURE_MAX_ANISOTROPY)
      return false;
   /* desktop GL: GL 4.6's ARB_texture_filter_anisotropic (and the EXT), on the same cap */
   if (ctx->desc.api != FE_API_GLES)
      return !fe_anisotropy_offered(ctx);
   return !fe_es_ext_on(ctx, FE_ES_EXT_TEXTURE_FILTER_ANISOTROPIC);
}

bool
fe_srgb_decode_offered(const struct fe_context *ctx)
{
   /* ES: sRGB textures are ES 3.0's (the extension's ES 2.0 form needs EXT_sRGB) */
   return (ctx->desc.api != FE_API_GLES || ctx->desc.major >= 3) &&
          (ctx->share->caps->cap_bits & MGP_CAP_SRGB_SKIP_DECODE) != 0;
}

/* The image units the context offers (fe_image_state.c's queries and binds); here, with the other
 * questions of what a context offers, so the extension lists ask no file that asks them back. */
unsigned
fe_image_units(const struct fe_context *ctx)
{
   if ((ctx->desc.api == FE_API_GLES && !fe_es31(ctx)) ||
       !fe_call_supported(ctx->share, MGP_CALL_set_shader_images))
      return 0; /* ES 2.0 and 3.0 have none; the GLES backend has no shader images */
   const uint32_t n = ctx->share->caps->max_image_units;
   return n < FE_MAX_IMAGE_UNITS ? n : FE_MAX_IMAGE_UNITS;
}

bool
fe_viewport_array_offered(const struct fe_context *ctx)
{
   /* ES: OES_viewport_array where the context lists it; here, as fe_image_units */
   return (ctx->desc.api != FE_API_GLES ||
           fe_es_ext_on((struct fe_context *)ctx, FE_ES_EXT_VIEWPORT_ARRAY)) &&
          (ctx->share->caps->cap_bits & MGP_CAP_VIEWPORT_ARRAY) != 0 &&
          fe_call_supported(ctx->share, MGP_CALL_set_viewports);
}

bool
fe_seamless_per_texture_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES &&
          (ctx->share->caps->cap_bits & MGP_CAP_NON_SEAMLESS_CUBE) != 0;
}

bool
fe_anisotropy_offered(const struct fe_context *ctx)
{
   return ctx->share->caps->max_anisotropy >= 2.0f; /* the extensions' least limit */
}

void
fe_es_ext_finish(struct fe_context *ctx)
{
   if (!ctx->es_ext)
      return;
   free(ctx->es_ext->joined);
   free(ctx->es_ext);
   ctx->es_ext = NULL;
}

GLenum
fe_es_pixel_type(struct fe_context *ctx, GLenum type)
{
   if (type == FE_GL_HALF_FLOAT_OES && fe_es_ext_on(ctx, FE_ES_EXT_TEXTURE_HALF_FLOAT))
      return GL_HALF_FLOAT;
   return type;
}

void
fe_es_tex_format(struct fe_context *ctx, GLint *internalformat, GLenum *type)
{
   if (ctx->desc.api != FE_API_GLES)
      return;
   const bool half =
      *type == FE_GL_HALF_FLOAT_OES && fe_es_ext_on(ctx, FE_ES_EXT_TEXTURE_HALF_FLOAT);
   const bool flt = *type == GL_FLOAT && fe_es_ext_on(ctx, FE_ES_EXT_TEXTURE_FLOAT);
   *type = fe_es_pixel_type(ctx, *type);
   if (*internalformat == FE_GL_BGRA_EXT) {
      *internalformat = GL_RGBA;
      return;
   }
   static const GLint unsized[4] = {GL_RED, GL_RG, GL_RGB, GL_RGBA};
   static const GLint as_half[4] = {GL_R16F, GL_RG16F, GL_RGB16F, GL_RGBA16F};
   static const GLint as_float[4] = {GL_R32F, GL_RG32F, GL_RGB32F, GL_RGBA32F};
   for (int k = 0; k < 4; k++) {
      if (*internalformat != unsized[k])
         continue;
      if (half)
         *internalformat = as_half[k];
      else if (flt)
         *internalformat = as_float[k];
      else if (k == 3 && *type == GL_UNSIGNED_INT_2_10_10_10_REV)
         *internalformat = GL_RGB10_A2;
      return;
   }
}

static bool
is_legacy_enum(GLenum f)
{
   return f == FE_GL_LUMINANCE || f == GL_ALPHA || f == FE_GL_LUMINANCE_ALPHA;
}

/* The internal format a luminance/alpha base takes with a type: the base itself for
 * UNSIGNED_BYTE, its 16F or 32F form for the float types the context offers; 0 for none. */
static GLenum
legacy_internal(struct fe_context *ctx, GLenum base, GLenum type)
{
   static const GLenum bases[3] = {FE_GL_LUMINANCE, GL_ALPHA, FE_GL_LUMINANCE_ALPHA};
   static const GLenum half[3] = {GL_LUMINANCE16F_EXT, GL_ALPHA16F_EXT, GL_LUMINANCE_ALPHA16F_EXT};
   static const GLenum full[3] = {GL_LUMINANCE32F_EXT, GL_ALPHA32F_EXT, GL_LUMINANCE_ALPHA32F_EXT};
   for (int k = 0; k < 3; k++) {
      if (base != bases[k])
         continue;
      if (type == GL_UNSIGNED_BYTE)
         return base;
      if (type == FE_GL_HALF_FLOAT_OES && fe_es_ext_on(ctx, FE_ES_EXT_TEXTURE_HALF_FLOAT))
         return half[k];
      if (type == GL_FLOAT && fe_es_ext_on(ctx, FE_ES_EXT_TEXTURE_FLOAT))
         return full[k];
   }
   return 0;
}

/* A type this format does not take: INVALID_OPERATION when GL knows the type at all. */
static GLenum
bad_type(GLenum type)
{
   return fe_pixel_type_size(type) || type == FE_GL_HALF_FLOAT_OES ? GL_INVALID_OPERATION
                                                                   : GL_INVALID_ENUM;
}

/* The pixel format and type whose bytes are the stored texels of a luminance/alpha base. */
static void
legacy_pixels(GLenum base, GLenum *format, GLenum *type)
{
   *format = base == FE_GL_LUMINANCE_ALPHA ? GL_RG : GL_RED;
   if (*type == FE_GL_HALF_FLOAT_OES)
      *type = GL_HALF_FLOAT;
}

GLenum
fe_es_legacy_tex_format(struct fe_context *ctx, GLint *internalformat, GLenum *format, GLenum *type)
{
   if (ctx->desc.api != FE_API_GLES)
      return GL_NO_ERROR;
   const struct fe_format_info *in = fe_format_lookup((GLenum)*internalformat);
   /* the sized float names are mgl's own record of a type, not formats an app passes */
   if (fe_format_is_legacy(in) && in->internal_format != in->base)
      return GL_INVALID_VALUE;
   if (!is_legacy_enum((GLenum)*internalformat) && !is_legacy_enum(*format))
      return GL_NO_ERROR;
   if (!in)
      return GL_INVALID_VALUE;
   if ((GLenum)*internalformat != *format)
      return GL_INVALID_OPERATION;
   const GLenum stored = legacy_internal(ctx, *format, *type);
   if (!stored)
      return bad_type(*type);
   *internalformat = (GLint)stored;
   legacy_pixels(in->base, format, type);
   return GL_NO_ERROR;
}

GLenum
fe_es_legacy_sub_format(struct fe_context *ctx, GLenum stored, GLenum *format, GLenum *type)
{
   if (ctx->desc.api != FE_API_GLES)
      return GL_NO_ERROR;
   const struct fe_format_info *info = stored ? fe_format_lookup(stored) : NULL;
   const bool legacy = fe_format_is_legacy(info);
   if (!legacy && !is_legacy_enum(*format))
      return GL_NO_ERROR;
   if (!info)
      return GL_NO_ERROR; /* the caller answers an undefined image */
   if (!legacy || *format != info->base)
      return GL_INVALID_OPERATION;
   if (legacy_internal(ctx, info->base, *type) != stored)
      return bad_type(*type);
   legacy_pixels(info->base, format, type);
   return GL_NO_ERROR;
}
