/* fe_get.c — glGetString(i), glGet{Integer,Boolean,Float,Double,Integer64}v and their indexed
 * forms: answered from client state and the caps fetched once (docs/PIPE.md#round-trips: the server
 * answers no question the client can answer). */
#include <string.h>

#include "fe_arbp.h"
#include "fe_compat_vertex.h"
#include "fe_dlist.h"
#include "fe_enum.h"
#include "fe_es_ext.h"
#include "fe_format.h"
#include "fe_ff.h"
#include "fe_gl.h"
#include "gl_api.h"

/* Not in the core-profile header (gl.xml gives them to compatibility and ES). */
#define FE_GL_ALIASED_POINT_SIZE_RANGE 0x846D
#define FE_GL_GENERATE_MIPMAP_HINT 0x8192
#define FE_GL_RED_BITS 0x0D52 /* ... GREEN, BLUE, ALPHA, DEPTH, STENCIL: consecutive */
#define FE_GL_GREEN_BITS 0x0D53
#define FE_GL_BLUE_BITS 0x0D54
#define FE_GL_ALPHA_BITS 0x0D55
#define FE_GL_DEPTH_BITS 0x0D56
#define FE_GL_STENCIL_BITS 0x0D57

/* Extensions whose functionality GL 2.0-3.3 made core and mgl implements: core-profile drivers
 * still list them and programs and test suites (piglit's FBO mode) look for them by name
 * (buffer objects, float, sRGB, snorm, packed-float and shared-exponent textures, RGTC, texture
 * arrays and buffers, sampler objects, packed vertex formats; their suffixed commands forward
 * to the core ones: gen_gl.py's DESKTOP_ALIAS_EXTENSIONS); and
 * ARB_texture_storage, ARB_texture_storage_multisample and ARB_invalidate_subdata (GL 4.2 and
 * 4.3), ARB_draw_indirect and ARB_multi_draw_indirect (GL 4.0 and 4.3) where the backend
 * draws indirectly, ARB_base_instance (GL 4.2) where it draws from a base instance, and
 * ARB_vertex_attrib_binding (GL 4.3) where it binds 16 vertex buffers, ARB_shader_draw_parameters
 * (GL 4.6) where it reads gl_BaseVertex and gl_DrawID as GL does, ARB_shader_atomic_counters
 * (GL 4.2) where storage buffers are written from fragment shaders, ARB_indirect_parameters
 * (GL 4.6) where it reads draw counts from buffers, ARB_texture_filter_anisotropic (GL 4.6) and
 * its EXT where the device filters anisotropically, ARB_tessellation_shader (GL 4.0) where it
 * tessellates (fe_tess_offered), ARB_texture_cube_map_array (GL 4.0) where it makes cube-array
 * images (fe_cube_array_offered), ARB_texture_gather (GL 4.0) where the backend gathers
 * (fe_texture_gather_offered), ARB_texture_query_lod (GL 4.0) where it queries LODs
 * (fe_texture_query_lod_offered), ARB_gpu_shader5 (GL 4.0) where it
 * runs such programs (fe_gpu_shader5_offered), ARB_gpu_shader_fp64 (GL 4.0) where it runs
 * double-precision shaders (fe_fp64_offered), ARB_sample_shading (GL 4.0) where
 * it shades per sample (fe_sample_shading_offered), ARB_transform_feedback2 and _3 (GL 4.0) and
 * ARB_transform_feedback_instanced (GL 4.2) where the server holds transform feedback objects
 * and draws their counts (fe_xfb_draw_offered), ARB_vertex_attrib_64bit (GL 4.1) where it fetches
 * double vertex inputs (fe_vertex_fp64_offered), ARB_direct_state_access (GL 4.5) where every
 * command it names works, ARB_buffer_storage (GL 4.4: persistent maps are client
 * shadows, fe_buffer.c) everywhere; AMD_draw_buffers_blend, AMD_multi_draw_indirect,
 * AMD_query_buffer_object, ARB features under other names, where those are (their commands forward to the core ones, their enums are the core
 * ones); EXT_texture_integer (GL 3.0; in compatibility contexts with its integer luminance,
 * alpha and intensity formats: fe_format.c, fe_compat_texformat.c), with glClearColorI{i,ui}EXT's colour for
 * integer draw buffers (fe_clear.c) and GL_RGBA_INTEGER_MODE_EXT; EXT_transform_feedback (GL 3.0
 * under EXT names, with glBindBufferOffsetEXT: fe_buffer.c) and EXT_vertex_attrib_64bit (ARB's
 * commands) where their ARB features are; S3_s3tc (its RGB_S3TC/RGBA_S3TC internal formats,
 * stored uncompressed as the generic compressed ones are: fe_format.c) and
 * ANGLE_texture_compression_dxt3/dxt5 (the EXT_texture_compression_s3tc enums); EXT_abgr
 * (GL_ABGR_EXT pixels both ways: fe_format.c) and MESA_pack_invert (GL_PACK_INVERT_MESA:
 * fe_pack.c); EXT_debug_label (KHR_debug's labels under EXT type names: fe_debug.c);
 * IBM_multimode_draw_arrays (a loop of draws: fe_draw.c); NV_copy_image where ARB_copy_image is
 * (glCopyImageSubDataNV: ARB's copy between images of one internal format, fe_copy_image.c);
 * ARB_shader_texture_lod (its *GradARB lookups) and AMD_shader_trinary_minmax (min3, max3,
 * mid3), GLSL built-ins glsl_lower.c provides, everywhere, as Mesa lists them. */
static const char *const extensions[] = {
   "GL_AMD_draw_buffers_blend",
   "GL_AMD_multi_draw_indirect",
   "GL_AMD_query_buffer_object",
   "GL_AMD_seamless_cubemap_per_texture",
   "GL_AMD_shader_trinary_minmax",
   "GL_AMD_vertex_shader_layer",
   "GL_AMD_vertex_shader_viewport_index",
   "GL_ANGLE_texture_compression_dxt3",
   "GL_ANGLE_texture_compression_dxt5",
   "GL_ARB_arrays_of_arrays",
   "GL_ARB_base_instance",
   "GL_ARB_blend_func_extended",
   "GL_ARB_buffer_storage",
   "GL_ARB_clear_buffer_object",
   "GL_ARB_clear_texture",
   "GL_ARB_clip_control",
   "GL_ARB_compressed_texture_pixel_storage",
   "GL_ARB_compute_shader",
   "GL_ARB_conditional_render_inverted",
   "GL_ARB_conservative_depth",
   "GL_ARB_copy_buffer",
   "GL_ARB_copy_image",
   "GL_ARB_cull_distance",
   "GL_ARB_debug_output",
   "GL_ARB_derivative_control",
   "GL_ARB_depth_buffer_float",
   "GL_ARB_depth_clamp",
   "GL_ARB_direct_state_access",
   "GL_ARB_draw_buffers",
   "GL_ARB_draw_buffers_blend",
   "GL_ARB_draw_elements_base_vertex",
   "GL_ARB_draw_indirect",
   "GL_ARB_draw_instanced",
   "GL_ARB_enhanced_layouts",
   "GL_ARB_ES2_compatibility",
   "GL_ARB_ES3_1_compatibility",
   "GL_ARB_ES3_2_compatibility",
   "GL_ARB_ES3_compatibility",
   "GL_ARB_explicit_attrib_location",
   "GL_ARB_explicit_uniform_location",
   "GL_ARB_fragment_coord_conventions",
   "GL_ARB_fragment_layer_viewport",
   "GL_ARB_framebuffer_no_attachments",
   "GL_ARB_framebuffer_object",
   "GL_ARB_framebuffer_sRGB",
   "GL_ARB_get_program_binary",
   "GL_ARB_get_texture_sub_image",
   "GL_ARB_gl_spirv",
   "GL_ARB_gpu_shader5",
   "GL_ARB_gpu_shader_fp64",
   "GL_ARB_gpu_shader_int64",
   "GL_ARB_half_float_pixel",
   "GL_ARB_half_float_vertex",
   "GL_ARB_indirect_parameters",
   "GL_ARB_instanced_arrays",
   "GL_ARB_internalformat_query",
   "GL_ARB_internalformat_query2",
   "GL_ARB_invalidate_subdata",
   "GL_ARB_map_buffer_alignment",
   "GL_ARB_map_buffer_range",
   "GL_ARB_multi_bind",
   "GL_ARB_multi_draw_indirect",
   "GL_ARB_occlusion_query2",
   "GL_ARB_parallel_shader_compile",
   "GL_ARB_pipeline_statistics_query",
   "GL_ARB_pixel_buffer_object",
   "GL_ARB_polygon_offset_clamp",
   "GL_ARB_program_interface_query",
   "GL_ARB_provoking_vertex",
   "GL_ARB_query_buffer_object",
   "GL_ARB_robust_buffer_access_behavior",
   "GL_ARB_robustness",
   "GL_ARB_sample_shading",
   "GL_ARB_sampler_objects",
   "GL_ARB_seamless_cube_map",
   "GL_ARB_seamless_cubemap_per_texture",
   "GL_ARB_separate_shader_objects",
   "GL_ARB_shader_atomic_counter_ops",
   "GL_ARB_shader_atomic_counters",
   "GL_ARB_shader_ballot",
   "GL_ARB_shader_bit_encoding",
   "GL_ARB_shader_clock",
   "GL_ARB_shader_draw_parameters",
   "GL_ARB_shader_group_vote",
   "GL_ARB_shader_image_load_store",
   "GL_ARB_shader_image_size",
   "GL_ARB_shader_precision",
   "GL_ARB_shader_stencil_export",
   "GL_ARB_shader_storage_buffer_object",
   "GL_ARB_shader_subroutine",
   "GL_ARB_shader_texture_lod",
   "GL_ARB_shader_viewport_layer_array",
   "GL_ARB_shader_texture_image_samples",
   "GL_ARB_shading_language_420pack",
   "GL_ARB_shading_language_packing",
   "GL_ARB_spirv_extensions",
   "GL_ARB_stencil_texturing",
   "GL_ARB_sync",
   "GL_ARB_tessellation_shader",
   "GL_ARB_texture_buffer_object",
   "GL_ARB_texture_buffer_object_rgb32",
   "GL_ARB_texture_buffer_range",
   "GL_ARB_texture_barrier",
   "GL_ARB_texture_compression_bptc",
   "GL_ARB_texture_compression_rgtc",
   "GL_ARB_texture_cube_map_array",
   "GL_ARB_texture_filter_anisotropic",
   "GL_ARB_texture_float",
   "GL_ARB_texture_gather",
   "GL_ARB_texture_mirror_clamp_to_edge",
   "GL_ARB_texture_multisample",
   "GL_ARB_texture_non_power_of_two",
   "GL_ARB_texture_query_levels",
   "GL_ARB_texture_query_lod",
   "GL_ARB_texture_rectangle",
   "GL_ARB_texture_rg",
   "GL_ARB_texture_rgb10_a2ui",
   "GL_ARB_texture_stencil8",
   "GL_ARB_texture_storage",
   "GL_ARB_texture_storage_multisample",
   "GL_ARB_texture_swizzle",
   "GL_ARB_texture_view",
   "GL_ARB_timer_query",
   "GL_ARB_transform_feedback2",
   "GL_ARB_transform_feedback3",
   "GL_ARB_transform_feedback_instanced",
   "GL_ARB_transform_feedback_overflow_query",
   "GL_ARB_uniform_buffer_object",
   "GL_ARB_vertex_array_bgra",
   "GL_ARB_vertex_array_object",
   "GL_ARB_vertex_attrib_64bit",
   "GL_ARB_vertex_attrib_binding",
   "GL_ARB_vertex_buffer_object",
   "GL_ARB_vertex_type_10f_11f_11f_rev",
   "GL_ARB_vertex_type_2_10_10_10_rev",
   "GL_ARB_viewport_array",
   "GL_EXT_abgr",
   "GL_EXT_blend_equation_separate",
   "GL_EXT_debug_label",
   "GL_EXT_draw_buffers2",
   "GL_EXT_draw_instanced",
   "GL_EXT_framebuffer_blit",
   "GL_EXT_framebuffer_multisample",
   "GL_EXT_framebuffer_object",
   "GL_EXT_framebuffer_sRGB",
   "GL_EXT_packed_depth_stencil",
   "GL_EXT_packed_float",
   "GL_EXT_pixel_buffer_object",
   "GL_EXT_polygon_offset_clamp",
   "GL_EXT_provoking_vertex",
   "GL_EXT_shader_integer_mix",
   "GL_EXT_texture_array",
   "GL_EXT_texture_compression_dxt1",
   "GL_EXT_texture_compression_rgtc",
   "GL_EXT_texture_compression_s3tc",
   "GL_EXT_texture_filter_anisotropic",
   "GL_EXT_texture_integer",
   "GL_EXT_texture_sRGB",
   "GL_EXT_texture_sRGB_decode",
   "GL_EXT_texture_shared_exponent",
   "GL_EXT_texture_snorm",
   "GL_EXT_texture_swizzle",
   "GL_EXT_timer_query",
   "GL_EXT_transform_feedback",
   "GL_EXT_vertex_attrib_64bit",
   "GL_EXT_vertex_array_bgra",
   "GL_NV_conditional_render",
   "GL_NV_copy_image",
   "GL_NV_depth_clamp",
   "GL_NV_packed_depth_stencil",
   "GL_NV_texture_barrier",
   "GL_MESA_pack_invert",
   "GL_S3_s3tc",
   "GL_IBM_multimode_draw_arrays",
   "GL_KHR_blend_equation_advanced",
   "GL_KHR_context_flush_control",
   "GL_KHR_debug",
   "GL_KHR_no_error",
   "GL_KHR_parallel_shader_compile",
   "GL_KHR_robust_buffer_access_behavior",
   "GL_KHR_robustness",
   "GL_KHR_texture_compression_astc_ldr",
   "GL_KHR_texture_compression_astc_sliced_3d",
   /* mgl's own, last: listed when the server rasterizes GL_MULTISAMPLE off exactly at every
    * sample count (MGP_CAP_MULTISAMPLE_OFF_EXACT); absent, such draws keep per-sample
    * coverage (README, "Multisampling") */
   "GL_MGL_multisample_off_exact",
};
#define NUM_EXTENSIONS (sizeof(extensions) / sizeof(extensions[0]))

/* GL 4.1's shader arithmetic bounds (ARB_shader_precision; GL 4.1 §4.7.1's table) hold in the
 * GL 4.0 context the extension requires: the SPIR-V carries no RelaxedPrecision (spv_patch.c),
 * and the Vulkan specification's "Precision and Operation of SPIR-V Instructions" table gives
 * every device the same bounds for full-precision 32-bit floats (the GLES backend compiles at
 * highp, whose GLSL ES 3.20 §4.7.3 bounds are these too). */
bool
fe_shader_precision_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES && ctx->desc.major >= 4;
}

bool
fe_atomic_counters_offered(struct fe_context *ctx)
{
   return fe_atomic_bindings(ctx) != 0 && fe_pipe_has(ctx, MGP_CALL_memory_barrier) &&
          (ctx->share->caps->cap_bits & MGP_CAP_FRAGMENT_STORES);
}

/* Whether the context offers extension `name` of the list: some only where the device (or
 * the backend) has what they need. */
static bool
offered(struct fe_context *ctx, const char *name)
{
   if (!strcmp(name, "GL_ARB_copy_image") || !strcmp(name, "GL_NV_copy_image"))
      return fe_pipe_has(ctx, MGP_CALL_resource_copy_region); /* the server copies images */
   if (!strcmp(name, "GL_ARB_get_texture_sub_image"))
      return fe_pipe_has(ctx, MGP_CALL_get_texture_image); /* the server reads levels back */
   if (!strcmp(name, "GL_ARB_framebuffer_no_attachments"))
      return fe_no_attachments_offered(ctx);
   if (!strcmp(name, "GL_ARB_blend_func_extended"))
      return fe_max_dual_source_draw_buffers(ctx) != 0; /* the device blends two sources */
   if (!strcmp(name, "GL_MGL_multisample_off_exact"))
      return (ctx->share->caps->cap_bits & MGP_CAP_MULTISAMPLE_OFF_EXACT) != 0;
   if (!strcmp(name, "GL_ARB_texture_mirror_clamp_to_edge"))
      return fe_mirror_clamp_offered(ctx);
   if (!strcmp(name, "GL_ARB_polygon_offset_clamp") || !strcmp(name, "GL_EXT_polygon_offset_clamp"))
      return (ctx->share->caps->cap_bits & MGP_CAP_POLYGON_OFFSET_CLAMP) != 0;
   if (!strcmp(name, "GL_ARB_base_instance"))
      return fe_base_instance_offered(ctx);
   if (!strcmp(name, "GL_ARB_separate_shader_objects"))
      return fe_separate_shaders_offered(ctx);
   if (!strcmp(name, "GL_ARB_pipeline_statistics_query"))
      return fe_pipeline_stats_offered(ctx);
   if (!strcmp(name, "GL_ARB_internalformat_query2"))
      return fe_internalformat_query2_offered(ctx);
   if (!strcmp(name, "GL_ARB_texture_view"))
      return fe_texture_view_offered(ctx);
   if (!strcmp(name, "GL_ARB_clip_control"))
      return (ctx->share->caps->cap_bits & MGP_CAP_CLIP_CONTROL) != 0;
   if (!strcmp(name, "GL_ARB_cull_distance"))
      return fe_cull_distance_offered(ctx);
   if (!strcmp(name, "GL_ARB_fragment_layer_viewport")) /* a layer and a viewport to read */
      return fe_viewport_array_offered(ctx) && fe_geometry_offered(ctx);
   if (!strcmp(name, "GL_ARB_derivative_control"))
      return fe_derivative_control_offered(ctx);
   if (!strcmp(name, "GL_ARB_ES3_1_compatibility"))
      return fe_es31_compat_offered(ctx);
   if (!strcmp(name, "GL_ARB_ES3_2_compatibility"))
      return fe_es32_compat_offered(ctx);
   if (!strcmp(name, "GL_ARB_shader_group_vote"))
      return fe_group_vote_offered(ctx);
   if (!strcmp(name, "GL_ARB_shader_clock"))
      return fe_shader_clock_offered(ctx);
   if (!strcmp(name, "GL_ARB_gpu_shader_int64"))
      return fe_int64_offered(ctx);
   if (!strcmp(name, "GL_ARB_shader_ballot"))
      return fe_ballot_offered(ctx);
   if (!strcmp(name, "GL_ARB_shader_stencil_export"))
      return fe_stencil_export_offered(ctx);
   if (!strcmp(name, "GL_ARB_shader_viewport_layer_array") ||
       !strcmp(name, "GL_AMD_vertex_shader_layer") ||
       !strcmp(name, "GL_AMD_vertex_shader_viewport_index"))
      return fe_layer_viewport_offered(ctx);
   if (!strcmp(name, "GL_ARB_enhanced_layouts"))
      return fe_enhanced_layouts_offered(ctx);
   if (!strcmp(name, "GL_ARB_texture_query_levels") ||
       !strcmp(name, "GL_ARB_shader_texture_image_samples"))
      return fe_image_queries_offered(ctx);
   if (!strcmp(name, "GL_ARB_depth_clamp") || !strcmp(name, "GL_NV_depth_clamp"))
      return (ctx->share->caps->cap_bits & MGP_CAP_DEPTH_CLAMP) != 0;
   if (!strcmp(name, "GL_ARB_shader_draw_parameters"))
      return (ctx->share->caps->cap_bits & MGP_CAP_DRAW_PARAMETERS) != 0;
   if (!strcmp(name, "GL_ARB_query_buffer_object") || !strcmp(name, "GL_AMD_query_buffer_object"))
      return fe_query_buffer_offered(ctx);
   if (!strcmp(name, "GL_ARB_vertex_attrib_64bit") || !strcmp(name, "GL_EXT_vertex_attrib_64bit"))
      return fe_vertex_fp64_offered(ctx);
   if (!strcmp(name, "GL_ARB_direct_state_access"))
      /* every command's feature: transform feedback objects, buffer textures, levels read
       * back, 64-bit attributes (glVertexArrayAttribLFormat) */
      return fe_xfb_objects_offered(ctx) && fe_texture_buffer_offered(ctx) &&
             fe_pipe_has(ctx, MGP_CALL_get_texture_image) && fe_vertex_fp64_offered(ctx);
   if (!strcmp(name, "GL_ARB_vertex_attrib_binding"))
      return fe_vao_max_bindings(ctx) >= 16; /* GL 4.3's least MAX_VERTEX_ATTRIB_BINDINGS */
   if (!strcmp(name, "GL_ARB_draw_indirect") || !strcmp(name, "GL_ARB_multi_draw_indirect") ||
       !strcmp(name, "GL_AMD_multi_draw_indirect"))
      return fe_draw_indirect_offered(ctx);
   if (!strcmp(name, "GL_ARB_texture_filter_anisotropic") ||
       !strcmp(name, "GL_EXT_texture_filter_anisotropic"))
      return fe_anisotropy_offered(ctx);
   if (!strcmp(name, "GL_ARB_indirect_parameters"))
      return fe_indirect_count_offered(ctx);
   if (!strcmp(name, "GL_ARB_tessellation_shader"))
      return fe_tess_offered(ctx);
   if (!strcmp(name, "GL_ARB_sample_shading"))
      return fe_sample_shading_offered(ctx);
   if (!strcmp(name, "GL_ARB_transform_feedback_overflow_query"))
      return fe_xfb_overflow_offered(ctx);
   if (!strcmp(name, "GL_ARB_transform_feedback2") || !strcmp(name, "GL_ARB_transform_feedback3") ||
       !strcmp(name, "GL_ARB_transform_feedback_instanced"))
      return fe_xfb_draw_offered(ctx);
   if (!strcmp(name, "GL_ARB_texture_cube_map_array"))
      return fe_cube_array_offered(ctx);
   if (!strcmp(name, "GL_ARB_texture_gather"))
      return fe_texture_gather_offered(ctx);
   if (!strcmp(name, "GL_ARB_texture_query_lod"))
      return fe_texture_query_lod_offered(ctx);
   if (!strcmp(name, "GL_ARB_gpu_shader5"))
      return fe_gpu_shader5_offered(ctx);
   if (!strcmp(name, "GL_ARB_gpu_shader_fp64"))
      return fe_fp64_offered(ctx);
   if (!strcmp(name, "GL_ARB_viewport_array"))
      return fe_viewport_array_offered(ctx);
   if (!strcmp(name, "GL_ARB_texture_buffer_object_rgb32"))
      /* not where ARB_texture_buffer_object is not listed (compatibility contexts) */
      return fe_texture_buffer_rgb32_offered(ctx) && !ctx->compat;
   if (!strcmp(name, "GL_ARB_stencil_texturing"))
      return fe_stencil_texturing_offered(ctx);
   if (!strcmp(name, "GL_EXT_texture_sRGB_decode"))
      return fe_srgb_decode_offered(ctx);
   if (!strcmp(name, "GL_AMD_seamless_cubemap_per_texture") ||
       !strcmp(name, "GL_ARB_seamless_cubemap_per_texture"))
      return fe_seamless_per_texture_offered(ctx);
   if (!strcmp(name, "GL_ARB_texture_stencil8"))
      return fe_texture_stencil8_offered(ctx);
   if (!strcmp(name, "GL_ARB_texture_barrier") || !strcmp(name, "GL_NV_texture_barrier"))
      return fe_texture_barrier_offered(ctx);
   if (!strcmp(name, "GL_KHR_blend_equation_advanced"))
      return fe_blend_advanced_offered(ctx);
   if (!strcmp(name, "GL_ARB_texture_buffer_object") ||
       !strcmp(name, "GL_ARB_texture_buffer_range"))
      return fe_texture_buffer_offered(ctx); /* a GL 3.0 context lacks them */
   if (!strcmp(name, "GL_ARB_vertex_array_bgra") || !strcmp(name, "GL_EXT_vertex_array_bgra"))
      /* the backend fetches BGRA vertices (the GLES backend declines them at the draw) */
      return (ctx->share->caps->format_flags[MGP_FORMAT_BGRA8_UNORM] & MGP_FORMAT_CAP_VERTEX) != 0;
   if (!strcmp(name, "GL_ARB_vertex_type_10f_11f_11f_rev"))
      /* the backend fetches packed unsigned floats (GLES has no such vertex type) */
      return (ctx->share->caps->format_flags[MGP_FORMAT_R11G11B10_FLOAT] & MGP_FORMAT_CAP_VERTEX) !=
             0;
   if (!strcmp(name, "GL_ARB_shader_atomic_counters") ||
       !strcmp(name, "GL_ARB_shader_atomic_counter_ops")) /* lowered as the counters are */
      return fe_atomic_counters_offered(ctx);
   if (!strcmp(name, "GL_ARB_shader_image_load_store") ||
       !strcmp(name, "GL_ARB_shader_image_size")) /* imageSize() needs images */
      return fe_image_units(ctx) >= 8 && fe_pipe_has(ctx, MGP_CALL_memory_barrier) &&
             (ctx->share->caps->cap_bits & MGP_CAP_FRAGMENT_STORES);
   if (!strcmp(name, "GL_ARB_compute_shader") ||
       !strcmp(name, "GL_ARB_shader_storage_buffer_object"))
      return fe_compute_offered(ctx) && fe_ssbo_bindings(ctx) >= 8 &&
             fe_pipe_has(ctx, MGP_CALL_launch_grid) && fe_pipe_has(ctx, MGP_CALL_memory_barrier);
   if (!strcmp(name, "GL_ARB_robust_buffer_access_behavior") ||
       !strcmp(name, "GL_KHR_robust_buffer_access_behavior"))
      /* the server bounds every buffer access (the GLES backend does not say it does) */
      return (ctx->share->caps->cap_bits & MGP_CAP_ROBUST_BUFFER_ACCESS) != 0;
   if (!strcmp(name, "GL_ARB_shader_precision"))
      return fe_shader_precision_offered(ctx);
   if (!strcmp(name, "GL_ARB_gl_spirv") || !strcmp(name, "GL_ARB_spirv_extensions"))
      return fe_gl_spirv_offered(ctx); /* desktop contexts (glsl_spirv_gl.c) */
   return true;
}

/* What each GL 4.x version adds (the "new features" of its specification, each an ARB or KHR
 * extension mgl lists where the backend runs it; GL 4.0 also needs ARB_transform_feedback3's four
 * vertex streams): a 3.3 context whose backend offers all of 4.0 .. 4.x is a 4.x context. */
static const struct {
   uint8_t minor;
   const char *name;
} gl4_features[] = {
   {0, "GL_ARB_draw_buffers_blend"},
   {0, "GL_ARB_draw_indirect"},
   {0, "GL_ARB_gpu_shader5"},
   {0, "GL_ARB_gpu_shader_fp64"},
   {0, "GL_ARB_sample_shading"},
   {0, "GL_ARB_shader_subroutine"},
   {0, "GL_ARB_tessellation_shader"},
   {0, "GL_ARB_texture_buffer_object_rgb32"},
   {0, "GL_ARB_texture_cube_map_array"},
   {0, "GL_ARB_texture_gather"},
   {0, "GL_ARB_texture_query_lod"},
   {0, "GL_ARB_transform_feedback2"},
   {0, "GL_ARB_transform_feedback3"},
   {1, "GL_ARB_ES2_compatibility"},
   {1, "GL_ARB_get_program_binary"},
   {1, "GL_ARB_separate_shader_objects"},
   {1, "GL_ARB_shader_precision"},
   {1, "GL_ARB_vertex_attrib_64bit"},
   {1, "GL_ARB_viewport_array"},
   {2, "GL_ARB_base_instance"},
   {2, "GL_ARB_compressed_texture_pixel_storage"},
   {2, "GL_ARB_conservative_depth"},
   {2, "GL_ARB_internalformat_query"},
   {2, "GL_ARB_map_buffer_alignment"},
   {2, "GL_ARB_shader_atomic_counters"},
   {2, "GL_ARB_shader_image_load_store"},
   {2, "GL_ARB_shading_language_420pack"},
   {2, "GL_ARB_shading_language_packing"},
   {2, "GL_ARB_texture_compression_bptc"},
   {2, "GL_ARB_texture_storage"},
   {2, "GL_ARB_transform_feedback_instanced"},
   {3, "GL_ARB_ES3_compatibility"},
   {3, "GL_ARB_arrays_of_arrays"},
   {3, "GL_ARB_clear_buffer_object"},
   {3, "GL_ARB_compute_shader"},
   {3, "GL_ARB_copy_image"},
   {3, "GL_ARB_explicit_uniform_location"},
   {3, "GL_ARB_fragment_layer_viewport"},
   {3, "GL_ARB_framebuffer_no_attachments"},
   {3, "GL_ARB_internalformat_query2"},
   {3, "GL_ARB_invalidate_subdata"},
   {3, "GL_ARB_multi_draw_indirect"},
   {3, "GL_ARB_program_interface_query"},
   {3, "GL_ARB_robust_buffer_access_behavior"},
   {3, "GL_ARB_shader_image_size"},
   {3, "GL_ARB_shader_storage_buffer_object"},
   {3, "GL_ARB_stencil_texturing"},
   {3, "GL_ARB_texture_buffer_range"},
   {3, "GL_ARB_texture_query_levels"},
   {3, "GL_ARB_texture_storage_multisample"},
   {3, "GL_ARB_texture_view"},
   {3, "GL_ARB_vertex_attrib_binding"},
   {3, "GL_KHR_debug"},
   {4, "GL_ARB_buffer_storage"},
   {4, "GL_ARB_clear_texture"},
   {4, "GL_ARB_enhanced_layouts"},
   {4, "GL_ARB_multi_bind"},
   {4, "GL_ARB_query_buffer_object"},
   {4, "GL_ARB_texture_mirror_clamp_to_edge"},
   {4, "GL_ARB_texture_stencil8"},
   {4, "GL_ARB_vertex_type_10f_11f_11f_rev"},
   {5, "GL_ARB_ES3_1_compatibility"},
   {5, "GL_ARB_clip_control"},
   {5, "GL_ARB_conditional_render_inverted"},
   {5, "GL_ARB_cull_distance"},
   {5, "GL_ARB_derivative_control"},
   {5, "GL_ARB_direct_state_access"},
   {5, "GL_ARB_get_texture_sub_image"},
   {5, "GL_ARB_shader_texture_image_samples"},
   {5, "GL_ARB_texture_barrier"},
   {5, "GL_KHR_context_flush_control"},
   {5, "GL_KHR_robustness"},
   {6, "GL_ARB_gl_spirv"},
   {6, "GL_ARB_indirect_parameters"},
   {6, "GL_ARB_pipeline_statistics_query"},
   {6, "GL_ARB_polygon_offset_clamp"},
   {6, "GL_ARB_shader_atomic_counter_ops"},
   {6, "GL_ARB_shader_draw_parameters"},
   {6, "GL_ARB_shader_group_vote"},
   {6, "GL_ARB_spirv_extensions"},
   {6, "GL_ARB_texture_filter_anisotropic"},
   {6, "GL_ARB_transform_feedback_overflow_query"},
};

/* The name is in mgl's list and offered on this context (offered() answers true for a name it has
 * no rule for: one mgl does not list at all is not offered). */
static bool
listed(struct fe_context *ctx, const char *name)
{
   for (unsigned i = 0; i < NUM_EXTENSIONS; i++)
      if (!strcmp(extensions[i], name))
         return offered(ctx, name);
   return false;
}

/* GL 4.3 22.2: the GLSL versions a desktop context compiles, as #version names them, newest
 * first: its own GLSL version down to 1.20, "" for 1.10 (a shader without #version), then the
 * ES versions its ARB_ES*_compatibility take. Returns the count; *name gets entry index. Core
 * and compatibility contexts compile 1.10-1.40 too (glsl.c check_version). */
static unsigned
glsl_versions(struct fe_context *ctx, unsigned index, const char **name)
{
   static const char *const desktop[] = {"460", "450", "440", "430", "420", "410", "400",
                                         "330", "150", "140", "130", "120", ""};
   static const int number[] = {460, 450, 440, 430, 420, 410, 400, 330, 150, 140, 130, 120, 110};
   const int own = ctx->desc.major >= 4   ? 400 + 10 * ctx->desc.minor
                   : ctx->desc.minor == 3 ? 330
                   : ctx->desc.minor == 2 ? 150
                   : ctx->desc.minor == 1 ? 140
                                          : 130;
   const uint32_t deny = fe_glsl_deny(ctx);
   const char *list[sizeof(desktop) / sizeof(desktop[0]) + 4];
   unsigned n = 0;
   for (unsigned i = 0; i < sizeof(desktop) / sizeof(desktop[0]); i++)
      if (number[i] <= own)
         list[n++] = desktop[i];
   if (!(deny & GLSL_DENY_ESSL320))
      list[n++] = "320 es";
   if (!(deny & GLSL_DENY_ESSL310))
      list[n++] = "310 es";
   if (offered(ctx, "GL_ARB_ES3_compatibility"))
      list[n++] = "300 es";
   list[n++] = "100"; /* ARB_ES2_compatibility, in every desktop context */
   if (name)
      *name = index < n ? list[index] : NULL;
   return n;
}

/* GL_NUM_SHADING_LANGUAGE_VERSIONS and glGetStringi(GL_SHADING_LANGUAGE_VERSION) exist from
 * GL 4.3 on, in desktop contexts. */
static bool
glsl_versions_queryable(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES && ctx->desc.major >= 4 && ctx->desc.minor >= 3;
}

int
fe_gl4_minor(struct fe_context *ctx, const char **lacks)
{
   if (fe_max_vertex_streams(ctx) < 4) {
      *lacks = "four vertex streams (GL_MAX_VERTEX_STREAMS)";
      return -1;
   }
   /* Past 4.0's features the context is asked as the 4.0 context it then is: some names
    * (ARB_shader_precision) are offered only in a GL 4.0 context. */
   const int major = ctx->desc.major, minor = ctx->desc.minor;
   int have = 6;
   *lacks = NULL;
   for (unsigned i = 0; i < sizeof(gl4_features) / sizeof(gl4_features[0]); i++) {
      if (gl4_features[i].minor > 0 && ctx->desc.major < 4) {
         ctx->desc.major = 4;
         ctx->desc.minor = 0;
      }
      if (!listed(ctx, gl4_features[i].name)) {
         *lacks = gl4_features[i].name;
         have = (int)gl4_features[i].minor - 1;
         break;
      }
   }
   ctx->desc.major = major;
   ctx->desc.minor = minor;
   return have;
}

/* The context's extension list (glGetStringi) and its length. */
static const char *const *
context_extensions(struct fe_context *ctx, unsigned *n)
{
   if (ctx->desc.api != FE_API_GLES) {
      /* Made afresh at each query (a few compares): what is offered follows the caps. */
      _Static_assert(NUM_EXTENSIONS <= sizeof(ctx->core_ext) / sizeof(ctx->core_ext[0]),
                     "fe_context.core_ext holds the list");
      ctx->core_ext_n = 0;
      for (unsigned i = 0; i < NUM_EXTENSIONS; i++)
         if (offered(ctx, extensions[i]))
            ctx->core_ext[ctx->core_ext_n++] = extensions[i];
      *n = ctx->core_ext_n;
      if (ctx->compat) {
         const char *const *list = fe_compat_extensions(ctx, ctx->core_ext, *n, n);
         if (list)
            return list;
      }
      return ctx->core_ext;
   }
   return fe_es_extensions(ctx, n);
}

bool
fe_texture_buffer_rgb32_offered(const struct fe_context *ctx)
{
   const uint64_t want = 1ull << MGP_FORMAT_RGB32_FLOAT | 1ull << MGP_FORMAT_RGB32_SINT |
                         1ull << MGP_FORMAT_RGB32_UINT;
   return fe_texture_buffer_offered(ctx) && (ctx->share->caps->texel_buffer_formats & want) == want;
}

GLint
fe_texture_buffer_alignment(const struct fe_context *ctx)
{
   const uint32_t a = ctx->share->caps->texel_buffer_offset_alignment;
   return a && a <= 65536 ? (GLint)a : 256; /* GL 4.6 Table 23.64's most */
}

/* One answer: up to 16 values of one kind. NORM values are colours / depth values that
 * glGetIntegerv maps linearly to the integer range. */
enum gv_kind { GV_INT, GV_FLOAT, GV_BOOL, GV_NORM, GV_ENUM };

/* room for the longest answer: GL_COMPRESSED_TEXTURE_FORMATS of ES 3 (39) */
#define GV_MAX 40
struct gv {
   enum gv_kind kind;
   int n;
   int64_t i[GV_MAX];
   double f[GV_MAX];
};

static void
ints(struct gv *v, int n, const int64_t *vals)
{
   v->kind = GV_INT;
   v->n = n < GV_MAX ? n : GV_MAX;
   for (int k = 0; k < v->n; k++)
      v->i[k] = vals[k];
}

#define INT1(x)                                                                                    \
   do {                                                                                            \
      int64_t t_[1] = {(int64_t)(x)};                                                              \
      ints(v, 1, t_);                                                                              \
   } while (0)
#define ENUM1(x)                                                                                   \
   do {                                                                                            \
      INT1(x);                                                                                     \
      v->kind = GV_ENUM;                                                                           \
   } while (0)
#define BOOL1(x)                                                                                   \
   do {                                                                                            \
      INT1((x) ? 1 : 0);                                                                           \
      v->kind = GV_BOOL;                                                                           \
   } while (0)
#define FLOATN(kind_, n_, ...)                                                                     \
   do {                                                                                            \
      double t_[] = {__VA_ARGS__};                                                                 \
      v->kind = kind_;                                                                             \
      v->n = n_;                                                                                   \
      for (int k_ = 0; k_ < n_; k_++)                                                              \
         v->f[k_] = t_[k_];                                                                        \
   } while (0)

/* A colour answered clamped where fe_clamp_color_queries says so. */
static void
clamp_color_query(struct fe_context *ctx, struct gv *v)
{
   if (fe_clamp_color_queries(ctx))
      for (int k = 0; k < v->n; k++)
         v->f[k] = fe_clamp01(v->f[k]);
}

/* The per-stage varying limit the linker applies (glsl_link_input.max_varying_components). */
static uint32_t
varying_components(const struct mgp_caps *caps)
{
   return glsl_varying_components(
      &(struct glsl_link_input){.max_varying_components = caps->max_varying_components});
}

_Static_assert((int)MGP_IO_COUNT == (int)GLSL_IO_COUNT &&
                  (int)MGP_IO_GEOMETRY_IN == (int)GLSL_IO_GEOMETRY_IN &&
                  (int)MGP_IO_FRAGMENT_IN == (int)GLSL_IO_FRAGMENT_IN,
               "mgp_caps.stage_io_components is indexed by GLSL_IO_*");

/* One stage interface's limit, as its shaders' gl_Max*Components (glsl_stage_io_components). */
static uint32_t
stage_io_components(const struct mgp_caps *caps, enum glsl_stage_io io)
{
   return glsl_stage_io_components(varying_components(caps), caps->stage_io_components, io);
}

static uint32_t
cap_or(uint32_t v, uint32_t def)
{
   return v ? v : def;
}

GLint
fe_max_dual_source_draw_buffers(const struct fe_context *ctx)
{
   const uint32_t dev = ctx->share->caps->max_dual_source_draw_buffers;
   return (GLint)(dev < FE_MAX_DUAL_SOURCE_DRAW_BUFFERS ? dev : FE_MAX_DUAL_SOURCE_DRAW_BUFFERS);
}

/* GL's sample limits from the device's masks (caps.sample_counts): GL_MAX_SAMPLES is what
 * every colour, depth and stencil attachment takes (and no more than the backend's own
 * max_samples); a multisample texture also needs the sampled-image counts; integer formats
 * both. */
uint32_t
fe_max_samples(const struct mgp_caps *caps, enum fe_samples_kind kind)
{
   const uint8_t *m = caps->sample_counts;
   uint32_t mask;
   switch (kind) {
   case FE_SAMPLES_COLOR_TEXTURE:
      mask = m[MGP_SAMPLE_CLASS_FB_COLOR] & m[MGP_SAMPLE_CLASS_SAMPLED_COLOR];
      break;
   case FE_SAMPLES_DEPTH_TEXTURE:
      mask = m[MGP_SAMPLE_CLASS_FB_DEPTH] & m[MGP_SAMPLE_CLASS_SAMPLED_DEPTH];
      break;
   case FE_SAMPLES_INTEGER:
      mask = m[MGP_SAMPLE_CLASS_FB_INTEGER] & m[MGP_SAMPLE_CLASS_SAMPLED_INTEGER];
      break;
   default: {
      mask = m[MGP_SAMPLE_CLASS_FB_COLOR] & m[MGP_SAMPLE_CLASS_FB_DEPTH] &
             m[MGP_SAMPLE_CLASS_FB_STENCIL];
      const uint32_t n = fe_sample_mask_max(mask);
      return caps->max_samples && caps->max_samples < n ? caps->max_samples : n;
   }
   }
   return fe_sample_mask_max(mask);
}

static GLuint
texture_binding(struct fe_context *ctx, enum fe_tex_target t)
{
   struct fe_texture *tex = ctx->units[ctx->active_unit][t];
   return tex ? tex->base.name : 0;
}

static GLenum
draw_buffer(struct fe_context *ctx, int i)
{
   if (!ctx->draw_fbo)
      return i == 0 ? ctx->default_draw_buffer : GL_NONE;
   return ctx->draw_fbo->draw_buffers[i];
}

/* get_value for versions and context: 1 answered, 0 GL_INVALID_ENUM, -1 not one of these. */
static int
get_context_value(struct fe_context *ctx, GLenum pname, struct gv *v)
{
   switch (pname) {
   /* ES 2.0 has neither query (INVALID_ENUM below); ES 3.0 says 3.0. */
   case GL_MAJOR_VERSION:
      if (ctx->desc.api == FE_API_GLES && ctx->desc.major == 2)
         return false;
      INT1(ctx->desc.major);
      return true;
   case GL_MINOR_VERSION:
      if (ctx->desc.api == FE_API_GLES && ctx->desc.major == 2)
         return false;
      INT1(ctx->desc.minor); /* the version the caps allow (fe_version.c) */
      return true;
   case GL_NUM_EXTENSIONS:
      if (ctx->desc.api == FE_API_GLES && ctx->desc.major == 2)
         return false;
      unsigned n;
      context_extensions(ctx, &n);
      INT1(n);
      return true;
   case GL_MAX_SHADER_COMPILER_THREADS_KHR: /* KHR_parallel_shader_compile */
      INT1((GLint)ctx->max_compiler_threads);
      return true;
   case GL_CONTEXT_FLAGS:
      INT1((ctx->desc.forward_compatible ? GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT : 0) |
           (ctx->desc.debug ? GL_CONTEXT_FLAG_DEBUG_BIT : 0) |
           (ctx->desc.robust_access ? GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT : 0) |
           (ctx->desc.no_error ? GL_CONTEXT_FLAG_NO_ERROR_BIT : 0));
      return true;
   /* KHR_context_flush_control: releasing a context flushes it (fe_context.c); a context made
    * with EGL_CONTEXT_RELEASE_BEHAVIOR_NONE_KHR says GL_NONE (and flushes all the same) */
   case GL_CONTEXT_RELEASE_BEHAVIOR:
      ENUM1(ctx->desc.release_none ? GL_NONE : GL_CONTEXT_RELEASE_BEHAVIOR_FLUSH);
      return true;
   case GL_CONTEXT_PROFILE_MASK:
      if (ctx->desc.api == FE_API_GLES || ctx->desc.major * 10 + ctx->desc.minor < 32)
         return false; /* a desktop GL 3.2+ query */
      INT1(ctx->desc.api == FE_API_GL_COMPAT ? GL_CONTEXT_COMPATIBILITY_PROFILE_BIT
                                             : GL_CONTEXT_CORE_PROFILE_BIT);
      return true;
   case GL_RESET_NOTIFICATION_STRATEGY:
      ENUM1(ctx->desc.lose_context_on_reset ? GL_LOSE_CONTEXT_ON_RESET : GL_NO_RESET_NOTIFICATION);
      return true;
   case GL_CONTEXT_ROBUST_ACCESS: /* ES 3.2 table 21.53, ES 3.x's KHR_robustness */
      if (ctx->desc.api != FE_API_GLES || ctx->desc.major < 3)
         return false;
      BOOL1(ctx->desc.robust_access);
      return true;
   /* ES 3.0 requires the ten ETC2/EAC formats and lists them (§6.1.1); desktop GL lists only
    * general-purpose formats, which RGTC and BPTC are not (their extensions say so): the three
    * S3TC ones llvmpipe lists (DXT1 with punch-through alpha is not general-purpose either). */
   /* ES lists OES_compressed_ETC1_RGB8_texture's format too (ES 2.0 and 3.0), and the 28 of
    * KHR_texture_compression_astc_ldr (as Mesa's ES contexts do; its desktop ones do not) */
   case GL_NUM_COMPRESSED_TEXTURE_FORMATS:
      INT1(ctx->desc.api != FE_API_GLES ? 3 : (ctx->desc.major >= 3 ? 11 : 1) + 28);
      return true;
   case GL_COMPRESSED_TEXTURE_FORMATS: {
      static const int64_t s3tc[3] = {
         GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
         GL_COMPRESSED_RGBA_S3TC_DXT3_EXT,
         GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
      };
      static const int64_t etc[11] = {
         FE_GL_ETC1_RGB8_OES,
         GL_COMPRESSED_R11_EAC,
         GL_COMPRESSED_SIGNED_R11_EAC,
         GL_COMPRESSED_RG11_EAC,
         GL_COMPRESSED_SIGNED_RG11_EAC,
         GL_COMPRESSED_RGB8_ETC2,
         GL_COMPRESSED_SRGB8_ETC2,
         GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2,
         GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2,
         GL_COMPRESSED_RGBA8_ETC2_EAC,
         GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC,
      };
      if (ctx->desc.api != FE_API_GLES) {
         ints(v, 3, s3tc);
      } else {
         int64_t all[11 + 28];
         const unsigned n = ctx->desc.major >= 3 ? 11 : 1;
         memcpy(all, etc, n * sizeof(etc[0]));
         for (unsigned i = 0; i < 14; i++) {
            all[n + i] = GL_COMPRESSED_RGBA_ASTC_4x4_KHR + i;
            all[n + 14 + i] = GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR + i;
         }
         ints(v, (int)n + 28, all);
      }
      v->kind = GV_ENUM;
      return true;
   }
   case GL_DOUBLEBUFFER: BOOL1(0); return true;
   case GL_STEREO: BOOL1(0); return true;
   case GL_SAMPLE_BUFFERS: INT1(fe_fbo_draw_samples(ctx) ? 1 : 0); return true;
   case GL_SAMPLES: INT1((GLint)fe_fbo_draw_samples(ctx)); return true;
   case GL_IMPLEMENTATION_COLOR_READ_FORMAT: ENUM1(GL_RGBA); return true;
   case GL_IMPLEMENTATION_COLOR_READ_TYPE: ENUM1(GL_UNSIGNED_BYTE); return true;
   default: return -1;
   }
}

/* get_value for limits: 1 answered, 0 GL_INVALID_ENUM, -1 not one of these. */
static int
get_limit_value(struct fe_context *ctx, GLenum pname, struct gv *v)
{
   const struct mgp_caps *caps = ctx->share->caps;
   switch (pname) {
   case GL_MAX_TEXTURE_SIZE: INT1(cap_or(caps->max_texture_size, 16384)); return true;
   case GL_MAX_3D_TEXTURE_SIZE: INT1(cap_or(caps->max_3d_texture_size, 2048)); return true;
   case GL_MAX_ARRAY_TEXTURE_LAYERS: INT1(cap_or(caps->max_array_layers, 2048)); return true;
   case GL_MAX_CUBE_MAP_TEXTURE_SIZE: INT1(cap_or(caps->max_cube_size, 16384)); return true;
   case GL_MAX_RECTANGLE_TEXTURE_SIZE: INT1(cap_or(caps->max_texture_size, 16384)); return true;
   case GL_MAX_RENDERBUFFER_SIZE: INT1(cap_or(caps->max_renderbuffer_size, 16384)); return true;
   case GL_MAX_TEXTURE_BUFFER_SIZE: INT1(65536); return true;
   case GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT: INT1(fe_texture_buffer_alignment(ctx)); return true;
   case GL_MAX_VIEWPORT_DIMS: {
      int64_t d[2] = {cap_or(caps->max_viewport_dims[0], FE_MAX_VIEWPORT),
                      cap_or(caps->max_viewport_dims[1], FE_MAX_VIEWPORT)};
      ints(v, 2, d);
      return true;
   }
   /* GL 4.1 (ARB_viewport_array), desktop contexts: the state exists whether or not the
    * backend draws more than viewport 0 (fe_viewport_array_offered) */
   case GL_MAX_VIEWPORTS:
   case GL_VIEWPORT_SUBPIXEL_BITS:
   case GL_VIEWPORT_BOUNDS_RANGE:
   case GL_LAYER_PROVOKING_VERTEX:
   case GL_VIEWPORT_INDEX_PROVOKING_VERTEX: {
      /* ES: EXT_geometry_shader's (and ES 3.2 table 21.41's) GL_LAYER_PROVOKING_VERTEX, the
       * rest where the context lists OES_viewport_array */
      if (ctx->desc.api == FE_API_GLES &&
          (pname != GL_LAYER_PROVOKING_VERTEX || !fe_geometry_offered(ctx)) &&
          !fe_es_ext_on(ctx, FE_ES_EXT_VIEWPORT_ARRAY))
         return false;
      float bounds[2];
      fe_viewport_bounds(ctx, bounds);
      if (pname == GL_MAX_VIEWPORTS)
         INT1(FE_MAX_VIEWPORTS);
      else if (pname == GL_VIEWPORT_SUBPIXEL_BITS)
         INT1(0); /* Vulkan's least viewportSubPixelBits: viewport corners are whole pixels */
      else if (pname == GL_VIEWPORT_BOUNDS_RANGE)
         FLOATN(GV_FLOAT, 2, bounds[0], bounds[1]);
      else
         ENUM1(GL_UNDEFINED_VERTEX); /* Vulkan names no vertex for Layer and ViewportIndex */
      return true;
   }
   case GL_MAX_COLOR_ATTACHMENTS: INT1(FE_MAX_COLOR_ATTACHMENTS); return true;
   case GL_MAX_DRAW_BUFFERS: INT1(FE_MAX_DRAW_BUFFERS); return true;
   case GL_MAX_DUAL_SOURCE_DRAW_BUFFERS: INT1(fe_max_dual_source_draw_buffers(ctx)); return true;
   case GL_MAX_SAMPLES: INT1(fe_max_samples(caps, FE_SAMPLES_ANY)); return true;
   case GL_MAX_FRAMEBUFFER_WIDTH:
   case GL_MAX_FRAMEBUFFER_HEIGHT:
   case GL_MAX_FRAMEBUFFER_LAYERS:
   case GL_MAX_FRAMEBUFFER_SAMPLES:
      if (!fe_no_attachments_offered(ctx))
         return false;
      INT1(fe_max_framebuffer_limit(ctx, pname));
      return true;
   case GL_MAX_COLOR_TEXTURE_SAMPLES:
      INT1(fe_max_samples(caps, FE_SAMPLES_COLOR_TEXTURE));
      return true;
   case GL_MAX_DEPTH_TEXTURE_SAMPLES:
      INT1(fe_max_samples(caps, FE_SAMPLES_DEPTH_TEXTURE));
      return true;
   case GL_MAX_INTEGER_SAMPLES: INT1(fe_max_samples(caps, FE_SAMPLES_INTEGER)); return true;
   case GL_MAX_SAMPLE_MASK_WORDS: INT1(1); return true;
   case GL_MAX_VERTEX_ATTRIBS: INT1(FE_MAX_VERTEX_ATTRIBS); return true;
   case GL_MAX_VERTEX_UNIFORM_BLOCKS:
   case GL_MAX_FRAGMENT_UNIFORM_BLOCKS:
   case GL_MAX_GEOMETRY_UNIFORM_BLOCKS: INT1(GLSL_MAX_STAGE_UNIFORM_BLOCKS); return true;
   /* 12 for each stage the context offers (GL 3.3's three, GL 4.0's five), as the backend
    * allows: fe_gl.h, the value the link checks */
   case GL_MAX_COMBINED_UNIFORM_BLOCKS: INT1(fe_max_combined_uniform_blocks(ctx)); return true;
   case GL_MAX_UNIFORM_BUFFER_BINDINGS: INT1(FE_MAX_UBO_BINDINGS); return true;
   case GL_MAX_UNIFORM_BLOCK_SIZE: INT1(cap_or(caps->max_uniform_block_size, 16384)); return true;
   case GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT:
      INT1(cap_or(caps->uniform_buffer_offset_alignment, 256));
      return true;
   /* GL 4.2 / ARB_map_buffer_alignment: the maps' shadows honour it (fe_buffer.c) */
   case GL_MIN_MAP_BUFFER_ALIGNMENT: INT1(64); return true;
   case GL_MAX_VERTEX_UNIFORM_COMPONENTS:
   case GL_MAX_FRAGMENT_UNIFORM_COMPONENTS:
   case GL_MAX_GEOMETRY_UNIFORM_COMPONENTS: INT1(GLSL_MAX_STAGE_UNIFORM_COMPONENTS); return true;
   case GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS:
   case GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS:
   case GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS:
      /* GL: the default block's components plus every block's */
      INT1(GLSL_MAX_STAGE_UNIFORM_COMPONENTS + (int64_t)GLSL_MAX_STAGE_UNIFORM_BLOCKS *
                                                  cap_or(caps->max_uniform_block_size, 16384) / 4);
      return true;
   case GL_MAX_TEXTURE_IMAGE_UNITS:
   case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS:
   case GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS: INT1(FE_MAX_STAGE_TEXTURE_UNITS); return true;
   case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: INT1(fe_max_texture_units(ctx)); return true;
   case GL_MAX_VARYING_COMPONENTS: INT1(varying_components(caps)); return true;
   case GL_MAX_ELEMENT_INDEX: /* ES 3.0 (desktop: 4.3 / ARB_ES3_compatibility) */
      INT1(UINT32_MAX);       /* 32-bit indices are whole */
      return true;
   /* ES 2.0's limits in vectors and shader-binary state, which desktop GL has from 4.1 on
    * (ARB_ES2_compatibility, listed in every desktop context) */
   case GL_MAX_VERTEX_UNIFORM_VECTORS:
   case GL_MAX_FRAGMENT_UNIFORM_VECTORS: INT1(GLSL_MAX_STAGE_UNIFORM_COMPONENTS / 4); return true;
   case GL_MAX_VARYING_VECTORS: INT1(varying_components(caps) / 4); return true;
   case GL_SHADER_COMPILER: BOOL1(1); return true;
   /* GL 4.6 (ARB_gl_spirv): SPIR-V, the one format (fe_shader.c) */
   case GL_NUM_SHADER_BINARY_FORMATS: INT1(fe_gl_spirv_offered(ctx) ? 1 : 0); return true;
   case GL_SHADER_BINARY_FORMATS:
      if (fe_gl_spirv_offered(ctx))
         INT1(GL_SHADER_BINARY_FORMAT_SPIR_V_ARB);
      else
         ints(v, 0, NULL);
      return true;
   /* GL 4.6 (ARB_spirv_extensions): the SPIR-V extensions glShaderBinary takes */
   case GL_NUM_SHADING_LANGUAGE_VERSIONS:
      if (!glsl_versions_queryable(ctx))
         return false;
      INT1((GLint)glsl_versions(ctx, 0, NULL));
      return true;
   case GL_NUM_SPIR_V_EXTENSIONS:
      if (!fe_gl_spirv_offered(ctx))
         return false;
      INT1(__builtin_popcount(fe_spirv_extensions(ctx)));
      return true;
   /* GL 4.1 (ARB_get_program_binary), ES 3.0 (OES_get_program_binary in ES 2.0): mgl's one
    * format (fe_program_binary.c) */
   case GL_NUM_PROGRAM_BINARY_FORMATS: INT1(1); return true;
   case GL_PROGRAM_BINARY_FORMATS: INT1(FE_PROGRAM_BINARY_FORMAT_MGL); return true;
   /* Each stage interface's own limit (the device's, net of what the backend adds to it) */
   case GL_MAX_VERTEX_OUTPUT_COMPONENTS:
      INT1(stage_io_components(caps, GLSL_IO_VERTEX_OUT));
      return true;
   case GL_MAX_GEOMETRY_INPUT_COMPONENTS:
      INT1(stage_io_components(caps, GLSL_IO_GEOMETRY_IN));
      return true;
   case GL_MAX_FRAGMENT_INPUT_COMPONENTS:
      INT1(stage_io_components(caps, GLSL_IO_FRAGMENT_IN));
      return true;
   case GL_MAX_GEOMETRY_OUTPUT_COMPONENTS:
      INT1(stage_io_components(caps, GLSL_IO_GEOMETRY_OUT));
      return true;
   case GL_MAX_GEOMETRY_OUTPUT_VERTICES: INT1(GLSL_MAX_GEOMETRY_OUTPUT_VERTICES); return true;
   case GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS:
      INT1(GLSL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS);
      return true;
   case GL_MAX_CLIP_DISTANCES: INT1(cap_or(caps->max_clip_distances, 8)); return true;
   case GL_MAX_ELEMENTS_VERTICES:
   case GL_MAX_ELEMENTS_INDICES: INT1(1 << 20); return true;
   case GL_MAX_TEXTURE_LOD_BIAS:
      FLOATN(GV_FLOAT, 1, caps->max_texture_lod_bias ? caps->max_texture_lod_bias : 15.0);
      return true;
   case FE_GL_MAX_TEXTURE_MAX_ANISOTROPY:
      if (fe_es_lacks_sampling_param(ctx, FE_GL_TEXTURE_MAX_ANISOTROPY))
         return false;
      FLOATN(GV_FLOAT, 1, caps->max_anisotropy);
      return true;
   case GL_MAX_PROGRAM_TEXEL_OFFSET: INT1(GLSL_MAX_PROGRAM_TEXEL_OFFSET); return true;
   /* ARB_texture_gather: any component of any format (Vulkan gathers each); the offsets are
    * GL's and Vulkan's least range, which every device has (minTexelGatherOffset <= -8,
    * maxTexelGatherOffset >= 7) */
   case GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB:
   case GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET:
   case GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET:
      if (!fe_texture_gather_offered(ctx))
         return false;
      INT1(pname == GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB ? 4
           : pname == GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET       ? GLSL_MIN_PROGRAM_TEXEL_OFFSET
                                                                 : GLSL_MAX_PROGRAM_TEXEL_OFFSET);
      return true;
   case GL_MIN_PROGRAM_TEXEL_OFFSET: INT1(GLSL_MIN_PROGRAM_TEXEL_OFFSET); return true;
   /* ARB_cull_distance (ES 3.0+: EXT_clip_cull_distance, the same enums): what
    * MGP_CAP_CULL_DISTANCE promises (pipe_base.h) */
   case GL_MAX_CULL_DISTANCES:
   case GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES:
      if (!fe_cull_distance_offered(ctx))
         return false;
      INT1(pname == GL_MAX_CULL_DISTANCES ? 8 : GLSL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES);
      return true;
   /* ARB_gpu_shader5: what MGP_CAP_GPU_SHADER5 promises (pipe_base.h) */
   case GL_MAX_GEOMETRY_SHADER_INVOCATIONS:
   case GL_FRAGMENT_INTERPOLATION_OFFSET_BITS:
      if (!fe_gpu_shader5_offered(ctx))
         return false;
      INT1(pname == GL_MAX_GEOMETRY_SHADER_INVOCATIONS ? FE_MAX_GEOMETRY_SHADER_INVOCATIONS
                                                       : FE_FRAGMENT_INTERPOLATION_OFFSET_BITS);
      return true;
   case GL_MIN_FRAGMENT_INTERPOLATION_OFFSET:
   case GL_MAX_FRAGMENT_INTERPOLATION_OFFSET:
      if (!fe_gpu_shader5_offered(ctx))
         return false;
      FLOATN(GV_FLOAT, 1,
             pname == GL_MIN_FRAGMENT_INTERPOLATION_OFFSET ? FE_MIN_FRAGMENT_INTERPOLATION_OFFSET
                                                           : FE_MAX_FRAGMENT_INTERPOLATION_OFFSET);
      return true;
   case GL_MAX_SERVER_WAIT_TIMEOUT: INT1(INT64_MAX); return true;
   case GL_TIMESTAMP: /* GL 3.3; ES has it only with EXT_disjoint_timer_query */
      if (ctx->desc.api == FE_API_GLES)
         return false;
      INT1(fe_query_gpu_time(ctx));
      return true;
   case GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS:
      INT1(GLSL_MAX_XFB_INTERLEAVED_COMPONENTS);
      return true;
   case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS: INT1(GLSL_MAX_XFB_BUFFERS); return true;
   case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS:
      INT1(GLSL_MAX_XFB_SEPARATE_COMPONENTS);
      return true;
   case GL_MAX_TRANSFORM_FEEDBACK_BUFFERS: /* ARB_transform_feedback3 */
      if (!fe_xfb_draw_offered(ctx))
         return false;
      INT1(GLSL_MAX_XFB_BUFFERS);
      return true;
   case GL_MAX_VERTEX_STREAMS: /* ARB_transform_feedback3: 4 with MGP_CAP_VERTEX_STREAMS, else 1 */
      if (!fe_xfb_draw_offered(ctx))
         return false;
      INT1(fe_max_vertex_streams(ctx));
      return true;
   case GL_MAX_SUBROUTINES: /* ARB_shader_subroutine (fe_subroutine.c): desktop only */
      if (ctx->desc.api == FE_API_GLES)
         return false;
      INT1(GLSL_MAX_SUBROUTINES);
      return true;
   case GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS:
      if (ctx->desc.api == FE_API_GLES)
         return false;
      INT1(GLSL_MAX_SUBROUTINE_LOCATIONS);
      return true;
   case GL_MAX_UNIFORM_LOCATIONS: /* GL 4.3, ARB_explicit_uniform_location; ES 3.1 */
      if (ctx->desc.api == FE_API_GLES && !fe_es31(ctx))
         return false;
      INT1(GLSL_MAX_UNIFORM_LOCATIONS);
      return true;
   case GL_SUBPIXEL_BITS: INT1(cap_or(caps->subpixel_bits, 4)); return true;
   case GL_ALIASED_LINE_WIDTH_RANGE:
   case GL_SMOOTH_LINE_WIDTH_RANGE:
      FLOATN(GV_FLOAT, 2, 1.0, caps->line_width_range[1] ? caps->line_width_range[1] : 1.0);
      return true;
   case GL_SMOOTH_LINE_WIDTH_GRANULARITY: FLOATN(GV_FLOAT, 1, 0.125); return true;
   /* ES 3.2 table 21.40 (and ARB_ES3_2_compatibility): wide lines drawn multisampled are the
    * smooth ones */
   case FE_GL_MULTISAMPLE_LINE_WIDTH_RANGE:
      if (!fe_es32(ctx) && !fe_es32_compat_offered(ctx))
         return false;
      FLOATN(GV_FLOAT, 2, 1.0, caps->line_width_range[1] ? caps->line_width_range[1] : 1.0);
      return true;
   case FE_GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY:
      if (!fe_es32(ctx) && !fe_es32_compat_offered(ctx))
         return false;
      FLOATN(GV_FLOAT, 1, 0.125);
      return true;
   /* ES 3.2 table 21.6, ES 3.1's EXT_primitive_bounding_box, ARB_ES3_2_compatibility */
   case FE_GL_PRIMITIVE_BOUNDING_BOX:
      if (!fe_es31(ctx) && !fe_es32_compat_offered(ctx))
         return false;
      FLOATN(GV_FLOAT, 8, ctx->bounding_box[0], ctx->bounding_box[1], ctx->bounding_box[2],
             ctx->bounding_box[3], ctx->bounding_box[4], ctx->bounding_box[5], ctx->bounding_box[6],
             ctx->bounding_box[7]);
      return true;
   case FE_GL_ALIASED_POINT_SIZE_RANGE: /* ES's name (desktop: compatibility profile only) */
      if (ctx->desc.api != FE_API_GLES && !ctx->compat)
         return false;
      FLOATN(GV_FLOAT, 2, 1.0, caps->point_size_range[1] ? caps->point_size_range[1] : 64.0);
      return true;
   case GL_POINT_SIZE_RANGE:
      FLOATN(GV_FLOAT, 2, 1.0, caps->point_size_range[1] ? caps->point_size_range[1] : 64.0);
      return true;
   case GL_POINT_SIZE_GRANULARITY: FLOATN(GV_FLOAT, 1, 0.125); return true;
   default: return -1;
   }
}

/* get_value for bindings: 1 answered, 0 GL_INVALID_ENUM, -1 not one of these. */
static int
get_binding_value(struct fe_context *ctx, GLenum pname, struct gv *v)
{
   switch (pname) {
   case GL_ARRAY_BUFFER_BINDING:
   case GL_ELEMENT_ARRAY_BUFFER_BINDING:
   case GL_COPY_READ_BUFFER_BINDING:
   case GL_COPY_WRITE_BUFFER_BINDING:
   case GL_PIXEL_PACK_BUFFER_BINDING:
   case GL_PIXEL_UNPACK_BUFFER_BINDING:
   case GL_UNIFORM_BUFFER_BINDING:
   case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING: {
      static const struct {
         GLenum pname, target;
      } map[] = {
         {GL_ARRAY_BUFFER_BINDING, GL_ARRAY_BUFFER},
         {GL_ELEMENT_ARRAY_BUFFER_BINDING, GL_ELEMENT_ARRAY_BUFFER},
         {GL_COPY_READ_BUFFER_BINDING, GL_COPY_READ_BUFFER},
         {GL_COPY_WRITE_BUFFER_BINDING, GL_COPY_WRITE_BUFFER},
         {GL_PIXEL_PACK_BUFFER_BINDING, GL_PIXEL_PACK_BUFFER},
         {GL_PIXEL_UNPACK_BUFFER_BINDING, GL_PIXEL_UNPACK_BUFFER},
         {GL_UNIFORM_BUFFER_BINDING, GL_UNIFORM_BUFFER},
         {GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, GL_TRANSFORM_FEEDBACK_BUFFER},
      };
      for (size_t k = 0; k < sizeof(map) / sizeof(map[0]); k++)
         if (map[k].pname == pname)
            INT1(fe_buffer_binding_name(ctx, map[k].target));
      return true;
   }
   case GL_TEXTURE_BUFFER: INT1(fe_buffer_binding_name(ctx, GL_TEXTURE_BUFFER)); return true;
   case GL_VERTEX_ARRAY_BINDING: INT1(ctx->vao ? ctx->vao->name : 0); return true;
   case GL_TRANSFORM_FEEDBACK_BINDING:
   case GL_TRANSFORM_FEEDBACK_ACTIVE:
   case GL_TRANSFORM_FEEDBACK_PAUSED: { /* ES 3.0 (desktop: 4.0) */
      GLint x;
      if (!fe_xfb_get(ctx, pname, &x))
         return false;
      if (pname == GL_TRANSFORM_FEEDBACK_BINDING)
         INT1(x);
      else
         BOOL1(x);
      return true;
   }
   case GL_CURRENT_PROGRAM: INT1(ctx->program ? ctx->program->base.name : 0); return true;
   case GL_PROGRAM_PIPELINE_BINDING:
      if (!fe_separate_shaders_offered(ctx))
         return false;
      INT1(ctx->pipeline ? ctx->pipeline->name : 0);
      return true;
   case GL_ACTIVE_TEXTURE: ENUM1(GL_TEXTURE0 + ctx->active_unit); return true;
   case GL_TEXTURE_BINDING_1D: INT1(texture_binding(ctx, FE_TEX_1D)); return true;
   case GL_TEXTURE_BINDING_2D: INT1(texture_binding(ctx, FE_TEX_2D)); return true;
   case GL_TEXTURE_BINDING_3D: INT1(texture_binding(ctx, FE_TEX_3D)); return true;
   case GL_TEXTURE_BINDING_1D_ARRAY: INT1(texture_binding(ctx, FE_TEX_1D_ARRAY)); return true;
   case GL_TEXTURE_BINDING_2D_ARRAY: INT1(texture_binding(ctx, FE_TEX_2D_ARRAY)); return true;
   case GL_TEXTURE_BINDING_CUBE_MAP_ARRAY:
      if (!fe_cube_array_offered(ctx))
         return false;
      INT1(texture_binding(ctx, FE_TEX_CUBE_ARRAY));
      return true;
   case GL_TEXTURE_BINDING_RECTANGLE: INT1(texture_binding(ctx, FE_TEX_RECT)); return true;
   case GL_TEXTURE_BINDING_CUBE_MAP: INT1(texture_binding(ctx, FE_TEX_CUBE)); return true;
   case GL_TEXTURE_BINDING_BUFFER: INT1(texture_binding(ctx, FE_TEX_BUFFER)); return true;
   case 0x8D9E: { /* GL_RGBA_INTEGER_MODE_EXT (EXT_texture_integer): a draw buffer is integer */
      if (ctx->desc.api == FE_API_GLES)
         return false;
      bool integer = false;
      for (unsigned i = 0; i < FE_MAX_DRAW_BUFFERS; i++) {
         const int kind = fe_fbo_draw_buffer_kind(ctx, i);
         integer |= kind == FE_FMT_INT || kind == FE_FMT_UINT;
      }
      INT1(integer);
      v->kind = GV_BOOL;
      return true;
   }
   case 0x8DBA: /* GL_FRAMEBUFFER_SRGB_CAPABLE_EXT (EXT_framebuffer_sRGB; desktop lists it) */
      if (ctx->desc.api == FE_API_GLES)
         return false;
      INT1(fe_fbo_draw_srgb_capable(ctx));
      v->kind = GV_BOOL;
      return true;
   case 0x8C3C: { /* GL_RGBA_SIGNED_COMPONENTS_EXT (EXT_packed_float; desktop lists it) */
      if (ctx->desc.api == FE_API_GLES)
         return false;
      int c[4];
      fe_fbo_draw_signed_components(ctx, c);
      const int64_t t[4] = {c[0], c[1], c[2], c[3]};
      ints(v, 4, t);
      return true;
   }
   case 0x8C2E:   /* GL_TEXTURE_BUFFER_FORMAT_ARB */
   case 0x8C2D: { /* GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB */
      /* ARB_texture_buffer_object's glGet names (desktop contexts list it) for the active
       * unit's buffer texture, as Mesa answers them: its format (initially GL_LUMINANCE8 in a
       * compatibility context, GL_R8 in a core one) and buffer */
      if (ctx->desc.api == FE_API_GLES || !fe_texture_buffer_offered(ctx))
         return false;
      const struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, FE_TEX_BUFFER);
      if (pname == 0x8C2D) {
         INT1(tex && tex->buffer_obj ? tex->buffer_obj->base.name : 0);
         return true;
      }
      ENUM1(tex && tex->image[0][0].defined ? tex->image[0][0].internal_format
            : ctx->compat                   ? 0x8040 /* GL_LUMINANCE8 */
                                            : GL_R8);
      return true;
   }
   case GL_TEXTURE_BINDING_2D_MULTISAMPLE: INT1(texture_binding(ctx, FE_TEX_2D_MS)); return true;
   case GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY:
      INT1(texture_binding(ctx, FE_TEX_2D_MS_ARRAY));
      return true;
   case GL_SAMPLER_BINDING:
      INT1(ctx->unit_samplers[ctx->active_unit] ? ctx->unit_samplers[ctx->active_unit]->base.name
                                                : 0);
      return true;
   case GL_DRAW_FRAMEBUFFER_BINDING: INT1(ctx->draw_fbo ? ctx->draw_fbo->name : 0); return true;
   case GL_READ_FRAMEBUFFER_BINDING: INT1(ctx->read_fbo ? ctx->read_fbo->name : 0); return true;
   case GL_RENDERBUFFER_BINDING:
      INT1(ctx->renderbuffer ? ctx->renderbuffer->base.name : 0);
      return true;
   case GL_DRAW_BUFFER: ENUM1(draw_buffer(ctx, 0)); return true;
   case GL_READ_BUFFER:
      ENUM1(ctx->read_fbo ? ctx->read_fbo->read_buffer : ctx->default_read_buffer);
      return true;
   default: return -1;
   }
}

/* get_value for render state: 1 answered, 0 GL_INVALID_ENUM, -1 not one of these. */
static int
get_render_state_value(struct fe_context *ctx, GLenum pname, struct gv *v)
{
   const struct mgp_render_state *rs = &ctx->rs;
   const struct mgp_dynamic_state *ds = &ctx->ds;
   switch (pname) {
   case GL_VIEWPORT:
      FLOATN(GV_FLOAT, 4, ds->viewport[0], ds->viewport[1], ds->viewport[2], ds->viewport[3]);
      v->kind = GV_INT;
      for (int k = 0; k < 4; k++)
         v->i[k] = (int64_t)v->f[k];
      return true;
   case GL_SCISSOR_BOX: {
      int64_t s[4] = {ds->scissor[0], ds->scissor[1], ds->scissor[2], ds->scissor[3]};
      ints(v, 4, s);
      return true;
   }
   case GL_DEPTH_RANGE: FLOATN(GV_NORM, 2, ds->depth_range[0], ds->depth_range[1]); return true;
   case GL_COLOR_CLEAR_VALUE:
      FLOATN(GV_NORM, 4, ctx->clear_color[0], ctx->clear_color[1], ctx->clear_color[2],
             ctx->clear_color[3]);
      clamp_color_query(ctx, v);
      return true;
   case GL_DEPTH_CLEAR_VALUE: FLOATN(GV_NORM, 1, ctx->clear_depth); return true;
   case GL_STENCIL_CLEAR_VALUE: INT1(ctx->clear_stencil); return true;
   case GL_COLOR_WRITEMASK: {
      int64_t m[4];
      for (int k = 0; k < 4; k++)
         m[k] = (rs->blend[0].color_mask >> k) & 1;
      ints(v, 4, m);
      v->kind = GV_BOOL;
      return true;
   }
   case GL_DEPTH_WRITEMASK: BOOL1(rs->depth_write); return true;
   case GL_DEPTH_FUNC: ENUM1(fe_gl_compare_func(rs->depth_func)); return true;
   case GL_BLEND_SRC_RGB:
   case GL_BLEND_SRC: ENUM1(fe_gl_blend_factor(rs->blend[0].src_rgb)); return true;
   case GL_BLEND_DST_RGB:
   case GL_BLEND_DST: ENUM1(fe_gl_blend_factor(rs->blend[0].dst_rgb)); return true;
   case GL_BLEND_SRC_ALPHA: ENUM1(fe_gl_blend_factor(rs->blend[0].src_alpha)); return true;
   case GL_BLEND_DST_ALPHA: ENUM1(fe_gl_blend_factor(rs->blend[0].dst_alpha)); return true;
   case GL_BLEND_EQUATION_RGB: ENUM1(fe_gl_blend_op(rs->blend[0].eq_rgb)); return true;
   case GL_BLEND_EQUATION_ALPHA: ENUM1(fe_gl_blend_op(rs->blend[0].eq_alpha)); return true;
   case GL_BLEND_COLOR:
      FLOATN(GV_NORM, 4, ds->blend_color[0], ds->blend_color[1], ds->blend_color[2],
             ds->blend_color[3]);
      clamp_color_query(ctx, v);
      return true;
   case GL_LOGIC_OP_MODE: ENUM1(fe_gl_logic_op(rs->logic_op)); return true;
   case GL_CULL_FACE_MODE: ENUM1(ctx->cull_mode); return true;
   case GL_FRONT_FACE: ENUM1(fe_gl_front_face(rs->front_face)); return true;
   case GL_CLIP_ORIGIN:
      ENUM1(rs->clip_control & MGP_CLIP_UPPER_LEFT ? GL_UPPER_LEFT : GL_LOWER_LEFT);
      return true;
   case GL_CLIP_DEPTH_MODE:
      ENUM1(rs->clip_control & MGP_CLIP_ZERO_TO_ONE ? GL_ZERO_TO_ONE : GL_NEGATIVE_ONE_TO_ONE);
      return true;
   case GL_POLYGON_MODE: {
      int64_t m[2] = {ctx->polygon_mode, ctx->polygon_mode_back};
      ints(v, 2, m);
      v->kind = GV_ENUM;
      return true;
   }
   case GL_POLYGON_OFFSET_FACTOR: FLOATN(GV_FLOAT, 1, ds->polygon_offset_factor); return true;
   case GL_POLYGON_OFFSET_UNITS: FLOATN(GV_FLOAT, 1, ds->polygon_offset_units); return true;
   case GL_POLYGON_OFFSET_CLAMP:
      if (fe_es_ext_lacks(ctx, FE_ES_EXT_POLYGON_OFFSET_CLAMP))
         return false;
      FLOATN(GV_FLOAT, 1, ds->polygon_offset_clamp);
      return true;
   case GL_LINE_WIDTH: FLOATN(GV_FLOAT, 1, ds->line_width); return true;
   case GL_POINT_SIZE: FLOATN(GV_FLOAT, 1, ds->point_size); return true;
   case GL_POINT_FADE_THRESHOLD_SIZE: FLOATN(GV_FLOAT, 1, ctx->point_fade_threshold); return true;
   case GL_POINT_SPRITE_COORD_ORIGIN: ENUM1(ctx->point_sprite_origin); return true;
   case GL_PROVOKING_VERTEX:
      ENUM1(rs->provoking_vertex_last ? GL_LAST_VERTEX_CONVENTION : GL_FIRST_VERTEX_CONVENTION);
      return true;
   case GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION:
      /* Table 6.45 of GL 3.2 core listed it by mistake; GL 3.3 core has no such state (only the
       * compatibility profile keeps it), and a core context here is always 3.3. */
      if (ctx->desc.api != FE_API_GL_COMPAT)
         return false;
      BOOL1(0); /* implementation-dependent */
      return true;
   case GL_PRIMITIVE_RESTART_INDEX: INT1(ctx->restart_index); return true;
   case GL_SAMPLE_COVERAGE_VALUE: FLOATN(GV_FLOAT, 1, ds->sample_coverage_value); return true;
   case GL_MIN_SAMPLE_SHADING_VALUE:
      if (!fe_sample_shading_offered(ctx))
         return false;
      FLOATN(GV_FLOAT, 1, rs->min_sample_shading);
      return true;
   case GL_SAMPLE_COVERAGE_INVERT: BOOL1(ds->sample_coverage_invert); return true;
   case GL_STENCIL_FUNC:
   case GL_STENCIL_REF:
   case GL_STENCIL_VALUE_MASK:
   case GL_STENCIL_WRITEMASK:
   case GL_STENCIL_FAIL:
   case GL_STENCIL_PASS_DEPTH_FAIL:
   case GL_STENCIL_PASS_DEPTH_PASS:
   case GL_STENCIL_BACK_FUNC:
   case GL_STENCIL_BACK_REF:
   case GL_STENCIL_BACK_VALUE_MASK:
   case GL_STENCIL_BACK_WRITEMASK:
   case GL_STENCIL_BACK_FAIL:
   case GL_STENCIL_BACK_PASS_DEPTH_FAIL:
   case GL_STENCIL_BACK_PASS_DEPTH_PASS: {
      /* the front names answer GL_EXT_stencil_two_side's back face while
       * glActiveStencilFaceEXT(GL_BACK) is chosen (as Mesa); the GL_STENCIL_BACK_ names GL 2.0's */
      const bool back = pname == GL_STENCIL_BACK_FUNC || pname == GL_STENCIL_BACK_REF ||
                        pname == GL_STENCIL_BACK_VALUE_MASK || pname == GL_STENCIL_BACK_WRITEMASK ||
                        pname == GL_STENCIL_BACK_FAIL || pname == GL_STENCIL_BACK_PASS_DEPTH_FAIL ||
                        pname == GL_STENCIL_BACK_PASS_DEPTH_PASS;
      struct fe_compat_stencil_face st;
      fe_stencil_face_state(ctx,
                            back                                              ? 1
                            : ctx->compat && ctx->compat->stencil_active_back ? 2
                                                                              : 0,
                            &st);
      switch (pname) {
      case GL_STENCIL_FUNC:
      case GL_STENCIL_BACK_FUNC: ENUM1(fe_gl_compare_func(st.func)); return true;
      case GL_STENCIL_REF:
      case GL_STENCIL_BACK_REF: INT1((int32_t)st.ref); return true;
      case GL_STENCIL_VALUE_MASK:
      case GL_STENCIL_BACK_VALUE_MASK: INT1(st.read_mask); return true;
      case GL_STENCIL_WRITEMASK:
      case GL_STENCIL_BACK_WRITEMASK: INT1(st.write_mask); return true;
      case GL_STENCIL_FAIL:
      case GL_STENCIL_BACK_FAIL: ENUM1(fe_gl_stencil_op(st.fail)); return true;
      case GL_STENCIL_PASS_DEPTH_FAIL:
      case GL_STENCIL_BACK_PASS_DEPTH_FAIL: ENUM1(fe_gl_stencil_op(st.zfail)); return true;
      default: ENUM1(fe_gl_stencil_op(st.zpass)); return true;
      }
   }
   case GL_LINE_SMOOTH_HINT:
   case GL_POLYGON_SMOOTH_HINT:
   case GL_TEXTURE_COMPRESSION_HINT:
   case GL_FRAGMENT_SHADER_DERIVATIVE_HINT:
   case FE_GL_GENERATE_MIPMAP_HINT:
      if (!fe_state_hint_valid(ctx, pname))
         return false; /* not a hint of this API */
      ENUM1(fe_state_hint(ctx, pname));
      return true;
   /* ES and the compatibility profile (GL 3.3 compatibility table 6.53) keep the
    * framebuffer's bit depths as state (GL 3.3 core moved them to
    * glGetFramebufferAttachmentParameteriv) */
   case FE_GL_RED_BITS:
   case FE_GL_GREEN_BITS:
   case FE_GL_BLUE_BITS:
   case FE_GL_ALPHA_BITS:
   case FE_GL_DEPTH_BITS:
   case FE_GL_STENCIL_BITS: {
      if (ctx->desc.api != FE_API_GLES && ctx->desc.api != FE_API_GL_COMPAT)
         return false;
      int bits[6];
      fe_framebuffer_bits(ctx, bits);
      INT1(bits[pname - FE_GL_RED_BITS]);
      return true;
   }
   case GL_CLAMP_READ_COLOR: ENUM1(ctx->clamp_read_color); return true;
   case GL_CLAMP_VERTEX_COLOR:
   case GL_CLAMP_FRAGMENT_COLOR:
      if (!ctx->ff)
         return false; /* compatibility contexts' (GL 3.3 compatibility Table 6.9, 6.14) */
      ENUM1(pname == GL_CLAMP_VERTEX_COLOR ? ctx->clamp_vertex_color : ctx->clamp_fragment_color);
      return true;
   default: return -1;
   }
}

/* get_value for pixel store: 1 answered, 0 GL_INVALID_ENUM, -1 not one of these. */
static int
get_pixel_store_value(struct fe_context *ctx, GLenum pname, struct gv *v)
{
   switch (pname) {
   case GL_PACK_ALIGNMENT: INT1(ctx->pack.alignment); return true;
   case GL_PACK_ROW_LENGTH: INT1(ctx->pack.row_length); return true;
   case GL_PACK_SKIP_ROWS: INT1(ctx->pack.skip_rows); return true;
   case GL_PACK_SKIP_PIXELS: INT1(ctx->pack.skip_pixels); return true;
   case GL_PACK_IMAGE_HEIGHT: INT1(ctx->pack.image_height); return true;
   case GL_PACK_SKIP_IMAGES: INT1(ctx->pack.skip_images); return true;
   case GL_PACK_SWAP_BYTES: BOOL1(ctx->pack.swap_bytes); return true;
   case GL_PACK_LSB_FIRST: BOOL1(ctx->pack.lsb_first); return true;
   case FE_GL_PACK_INVERT_MESA:
      if (ctx->desc.api == FE_API_GLES)
         return false; /* MESA_pack_invert: desktop contexts */
      BOOL1(ctx->pack.invert);
      return true;
   case GL_UNPACK_ALIGNMENT: INT1(ctx->unpack.alignment); return true;
   case GL_UNPACK_ROW_LENGTH: INT1(ctx->unpack.row_length); return true;
   case GL_UNPACK_SKIP_ROWS: INT1(ctx->unpack.skip_rows); return true;
   case GL_UNPACK_SKIP_PIXELS: INT1(ctx->unpack.skip_pixels); return true;
   case GL_UNPACK_IMAGE_HEIGHT: INT1(ctx->unpack.image_height); return true;
   case GL_UNPACK_SKIP_IMAGES: INT1(ctx->unpack.skip_images); return true;
   case GL_UNPACK_SWAP_BYTES: BOOL1(ctx->unpack.swap_bytes); return true;
   case GL_UNPACK_LSB_FIRST: BOOL1(ctx->unpack.lsb_first); return true;
   default: break;
   }
   if (ctx->desc.api == FE_API_GLES)
      return -1;
   switch (pname) { /* ARB_compressed_texture_pixel_storage (GL 4.2) */
   case GL_PACK_COMPRESSED_BLOCK_WIDTH: INT1(ctx->pack.block_width); return true;
   case GL_PACK_COMPRESSED_BLOCK_HEIGHT: INT1(ctx->pack.block_height); return true;
   case GL_PACK_COMPRESSED_BLOCK_DEPTH: INT1(ctx->pack.block_depth); return true;
   case GL_PACK_COMPRESSED_BLOCK_SIZE: INT1(ctx->pack.block_size); return true;
   case GL_UNPACK_COMPRESSED_BLOCK_WIDTH: INT1(ctx->unpack.block_width); return true;
   case GL_UNPACK_COMPRESSED_BLOCK_HEIGHT: INT1(ctx->unpack.block_height); return true;
   case GL_UNPACK_COMPRESSED_BLOCK_DEPTH: INT1(ctx->unpack.block_depth); return true;
   case GL_UNPACK_COMPRESSED_BLOCK_SIZE: INT1(ctx->unpack.block_size); return true;
   default: return -1;
   }
}

/* Copies n values of a compatibility-profile query (as doubles) into v. */
static void
put_values(struct gv *v, enum gv_kind kind, const double *f, int n)
{
   v->kind = kind;
   v->n = n;
   for (int k = 0; k < n; k++) {
      v->f[k] = f[k];
      v->i[k] = (int64_t)f[k];
   }
}

/* The compatibility profile's state (fe_compat_context.c). */
static int
get_compat_value(struct fe_context *ctx, GLenum pname, struct gv *v)
{
   static const enum gv_kind kinds[] = {GV_FLOAT, GV_INT, GV_BOOL, GV_NORM, GV_ENUM};
   double f[16];
   int kind;
   const int n = fe_compat_get(ctx, pname, f, &kind);
   if (!n)
      return -1;
   put_values(v, kinds[kind], f, n);
   return 1;
}

/* Fixed-function state of a compatibility context (fe_ff_state.c). */
static bool
get_ff_value(struct fe_context *ctx, GLenum pname, struct gv *v)
{
   enum fe_ff_value_kind kind;
   double f[16];
   const int n = fe_ff_get(ctx, pname, f, &kind);
   if (!n)
      return false;
   static const enum gv_kind kinds[] = {
      [FE_FF_VALUE_FLOAT] = GV_FLOAT, [FE_FF_VALUE_INT] = GV_INT,    [FE_FF_VALUE_BOOL] = GV_BOOL,
      [FE_FF_VALUE_ENUM] = GV_ENUM,   [FE_FF_VALUE_COLOR] = GV_NORM,
   };
   if (pname == GL_FOG_COLOR && fe_clamp_color_queries(ctx))
      for (int k = 0; k < n; k++)
         f[k] = fe_clamp01(f[k]);
   put_values(v, kinds[kind], f, n);
   return true;
}

/* ---- GL 4.3 compute and storage state ---------------------------------------------------- */

/* glGet of the GL 4.2 atomic counter limits and the generic binding, as compute_get. A stage
 * that cannot write buffers (caps) has no counters. */
static int
atomic_get(struct fe_context *ctx, GLenum pname, int64_t *out)
{
   const uint64_t bits = ctx->share->caps->cap_bits;
   const int64_t vertex = bits & MGP_CAP_VERTEX_STORES ? 1 : 0;
   const int64_t fragment = bits & MGP_CAP_FRAGMENT_STORES ? 1 : 0;
   switch (pname) {
   case GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS: *out = FE_MAX_ATOMIC_BINDINGS; break;
   case GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE: /* GLSL's gl_MaxAtomicCounterBufferSize too */
      *out = ctx->share->caps->max_storage_buffer_range < GLSL_MAX_ATOMIC_COUNTERS * 4
                ? ctx->share->caps->max_storage_buffer_range
                : GLSL_MAX_ATOMIC_COUNTERS * 4;
      break;
   case GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS:
   case GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS: *out = GLSL_MAX_ATOMIC_BUFFERS; break;
   case GL_MAX_COMBINED_ATOMIC_COUNTERS:
   case GL_MAX_COMPUTE_ATOMIC_COUNTERS: *out = GLSL_MAX_ATOMIC_COUNTERS; break;
   /* the tessellation stages are vertex-pipeline stages too (0 where the context has none) */
   case GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS:
   case GL_MAX_TESS_EVALUATION_ATOMIC_COUNTER_BUFFERS:
      *out = fe_tess_offered(ctx) ? vertex * GLSL_MAX_ATOMIC_BUFFERS : 0;
      break;
   case GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS:
   case GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS:
      *out = fe_tess_offered(ctx) ? vertex * GLSL_MAX_ATOMIC_COUNTERS : 0;
      break;
   case GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS:
   case GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS: *out = vertex * GLSL_MAX_ATOMIC_BUFFERS; break;
   case GL_MAX_VERTEX_ATOMIC_COUNTERS:
   case GL_MAX_GEOMETRY_ATOMIC_COUNTERS: *out = vertex * GLSL_MAX_ATOMIC_COUNTERS; break;
   case GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS: *out = fragment * GLSL_MAX_ATOMIC_BUFFERS; break;
   case GL_MAX_FRAGMENT_ATOMIC_COUNTERS: *out = fragment * GLSL_MAX_ATOMIC_COUNTERS; break;
   case GL_ATOMIC_COUNTER_BUFFER_BINDING:
      *out = ctx->atomic_counter_buffer ? ctx->atomic_counter_buffer->base.name : 0;
      break;
   default: return fe_image_get(ctx, pname, out);
   }
   return fe_atomic_bindings(ctx) ? 1 : 0;
}

/* glGet of the compute and storage limits and bindings: -1 for another pname, 0 for one this
 * context does not offer (GL_INVALID_ENUM), 1 with *out filled. */
static int
compute_get(struct fe_context *ctx, GLenum pname, int64_t *out)
{
   const struct mgp_caps *caps = ctx->share->caps;
   switch (pname) {
   case GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS: *out = fe_ssbo_bindings(ctx); break;
   case GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT:
      *out = caps->storage_buffer_offset_alignment;
      break;
   case GL_MAX_SHADER_STORAGE_BLOCK_SIZE: *out = caps->max_storage_buffer_range; break;
   case GL_SHADER_STORAGE_BUFFER_BINDING:
      *out = ctx->storage_buffer ? ctx->storage_buffer->base.name : 0;
      break;
   case GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS:
      if (!fe_compute_offered(ctx))
         return 0;
      *out = caps->max_compute_work_group_invocations;
      return 1;
   case GL_MAX_COMPUTE_SHARED_MEMORY_SIZE:
      if (!fe_compute_offered(ctx))
         return 0;
      *out = caps->max_compute_shared_memory_size;
      return 1;
   /* GL 4.3 / ES 3.1: the compute stage's uniform and texture limits are every stage's */
   case GL_MAX_COMPUTE_UNIFORM_COMPONENTS:
   case GL_MAX_COMPUTE_UNIFORM_BLOCKS:
   case GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS:
   case GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS:
      if (!fe_compute_offered(ctx))
         return 0;
      *out = pname == GL_MAX_COMPUTE_UNIFORM_COMPONENTS ? GLSL_MAX_STAGE_UNIFORM_COMPONENTS
             : pname == GL_MAX_COMPUTE_UNIFORM_BLOCKS   ? GLSL_MAX_STAGE_UNIFORM_BLOCKS
             : pname == GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS
                ? FE_MAX_STAGE_TEXTURE_UNITS
                : GLSL_MAX_STAGE_UNIFORM_COMPONENTS +
                     (int64_t)GLSL_MAX_STAGE_UNIFORM_BLOCKS *
                        cap_or(caps->max_uniform_block_size, 16384) / 4;
      return 1;
   /* the storage blocks a stage (and a program) may use: its binding points, no more than the
    * 8 the GLSL built-ins gl_Max*ShaderStorageBlocks say */
   case GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS:
   case GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS:
   case GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS:
   case GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS:
      *out = fe_ssbo_bindings(ctx) < 8 ? fe_ssbo_bindings(ctx) : 8;
      break;
   /* GL 4.3 table 23.64 (ES 3.2's with the geometry and tessellation extensions): the vertex
    * stage's, 0 where the context has no such stage (the atomic counter limits do the same) */
   case GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS:
   case GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS:
   case GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS: {
      const bool stage = pname == GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS ? fe_geometry_offered(ctx)
                                                                        : fe_tess_offered(ctx);
      if (ctx->desc.api == FE_API_GLES && !stage)
         return 0;
      *out = !stage ? 0 : fe_ssbo_bindings(ctx) < 8 ? fe_ssbo_bindings(ctx) : 8;
      break;
   }
   case GL_DISPATCH_INDIRECT_BUFFER_BINDING:
      if (!fe_compute_offered(ctx))
         return 0;
      *out = ctx->dispatch_indirect_buffer ? ctx->dispatch_indirect_buffer->base.name : 0;
      return 1;
   case GL_DRAW_INDIRECT_BUFFER_BINDING:
      if (!fe_draw_indirect_offered(ctx))
         return 0;
      *out = ctx->draw_indirect_buffer ? ctx->draw_indirect_buffer->base.name : 0;
      return 1;
   case GL_PARAMETER_BUFFER_BINDING:
      if (!fe_indirect_count_offered(ctx))
         return 0;
      *out = ctx->parameter_buffer ? ctx->parameter_buffer->base.name : 0;
      return 1;
   case GL_QUERY_BUFFER_BINDING:
      if (!fe_query_buffer_offered(ctx))
         return 0;
      *out = ctx->query_buffer ? ctx->query_buffer->base.name : 0;
      return 1;
   /* GL 4.3 §10.3 (ARB_vertex_attrib_binding) and GL 4.4's stride limit */
   case GL_MAX_VERTEX_ATTRIB_BINDINGS:
      if (ctx->desc.api == FE_API_GLES && !fe_es31(ctx))
         return 0;
      *out = fe_vao_max_bindings(ctx);
      return 1;
   case GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET:
      if (ctx->desc.api == FE_API_GLES && !fe_es31(ctx))
         return 0;
      *out = FE_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET;
      return 1;
   case GL_MAX_VERTEX_ATTRIB_STRIDE: /* GL 4.4, ES 3.1 */
      if ((ctx->desc.api == FE_API_GLES && !fe_es31(ctx)) || !caps->max_vertex_attrib_stride)
         return 0;
      *out = caps->max_vertex_attrib_stride;
      return 1;
   default: return atomic_get(ctx, pname, out);
   }
   return fe_ssbo_bindings(ctx) ? 1 : 0; /* the storage pnames above */
}

/* Whether index is one of n indexed points: none (n 0) is GL_INVALID_ENUM, an index at or past
 * n GL_INVALID_VALUE. */
static bool
index_valid(struct fe_context *ctx, unsigned n, GLuint index)
{
   if (!n)
      fe_error(ctx, GL_INVALID_ENUM);
   else if (index >= n)
      fe_error(ctx, GL_INVALID_VALUE);
   return n && index < n;
}

/* Indexed binding `index` of n (0: the context has none, GL_INVALID_ENUM): its buffer's name
 * (which 0), its start (1) or its size (2). The *_BINDING, *_START and *_SIZE names of the
 * storage and atomic counter points are consecutive, in that order. */
static int
indexed_buffer_get(struct fe_context *ctx, const struct fe_ubo_binding *bindings, unsigned n,
                   GLuint index, unsigned which, int64_t *out)
{
   if (!index_valid(ctx, n, index))
      return 0;
   const struct fe_ubo_binding *b = &bindings[index];
   *out = which == 0 ? (b->buffer ? b->buffer->base.name : 0) : which == 1 ? b->offset : b->size;
   return 1;
}
_Static_assert(GL_SHADER_STORAGE_BUFFER_START == GL_SHADER_STORAGE_BUFFER_BINDING + 1 &&
                  GL_SHADER_STORAGE_BUFFER_SIZE == GL_SHADER_STORAGE_BUFFER_BINDING + 2 &&
                  GL_ATOMIC_COUNTER_BUFFER_START == GL_ATOMIC_COUNTER_BUFFER_BINDING + 1 &&
                  GL_ATOMIC_COUNTER_BUFFER_SIZE == GL_ATOMIC_COUNTER_BUFFER_BINDING + 2,
               "indexed_buffer_get reads the names as consecutive");

static int
image_get_indexed(struct fe_context *ctx, GLenum target, GLuint index, int64_t *out)
{
   switch (target) {
   case GL_IMAGE_BINDING_NAME:
   case GL_IMAGE_BINDING_LEVEL:
   case GL_IMAGE_BINDING_LAYERED:
   case GL_IMAGE_BINDING_LAYER:
   case GL_IMAGE_BINDING_ACCESS:
   case GL_IMAGE_BINDING_FORMAT: break;
   default: return -1;
   }
   const unsigned n = fe_image_units(ctx);
   if (!index_valid(ctx, n, index))
      return 0;
   const struct fe_image_unit *u = &ctx->image_units[index];
   switch (target) {
   case GL_IMAGE_BINDING_NAME: *out = u->tex ? u->tex->base.name : 0; break;
   case GL_IMAGE_BINDING_LEVEL: *out = u->level; break;
   case GL_IMAGE_BINDING_LAYERED: *out = u->layered; break;
   case GL_IMAGE_BINDING_LAYER: *out = u->layer; break;
   case GL_IMAGE_BINDING_ACCESS: *out = u->access ? u->access : GL_READ_ONLY; break;
   default: *out = u->format ? u->format : GL_R8; break;
   }
   return 1;
}

/* The same for the indexed ones; 0 after raising the error itself. */
static int
compute_get_indexed(struct fe_context *ctx, GLenum target, GLuint index, int64_t *out)
{
   const struct mgp_caps *caps = ctx->share->caps;
   switch (target) {
   case GL_MAX_COMPUTE_WORK_GROUP_COUNT:
   case GL_MAX_COMPUTE_WORK_GROUP_SIZE:
      if (!fe_compute_offered(ctx)) {
         fe_error(ctx, GL_INVALID_ENUM);
         return 0;
      }
      if (index >= 3) {
         fe_error(ctx, GL_INVALID_VALUE);
         return 0;
      }
      *out = target == GL_MAX_COMPUTE_WORK_GROUP_COUNT ? caps->max_compute_work_group_count[index]
                                                       : caps->max_compute_work_group_size[index];
      /* no more than gl_MaxComputeWorkGroupSize, past which the compile fails */
      if (target == GL_MAX_COMPUTE_WORK_GROUP_SIZE) {
         const int64_t glsl_max =
            index < 2 ? GLSL_MAX_COMPUTE_WORK_GROUP_SIZE_XY : GLSL_MAX_COMPUTE_WORK_GROUP_SIZE_Z;
         *out = *out < glsl_max ? *out : glsl_max;
      }
      return 1;
   case GL_SHADER_STORAGE_BUFFER_BINDING:
   case GL_SHADER_STORAGE_BUFFER_START:
   case GL_SHADER_STORAGE_BUFFER_SIZE:
      return indexed_buffer_get(ctx, ctx->ssbo, fe_ssbo_bindings(ctx), index,
                                target - GL_SHADER_STORAGE_BUFFER_BINDING, out);
   case GL_ATOMIC_COUNTER_BUFFER_BINDING:
   case GL_ATOMIC_COUNTER_BUFFER_START:
   case GL_ATOMIC_COUNTER_BUFFER_SIZE:
      return indexed_buffer_get(ctx, ctx->atomic, fe_atomic_bindings(ctx), index,
                                target - GL_ATOMIC_COUNTER_BUFFER_BINDING, out);
   default: return image_get_indexed(ctx, target, index, out);
   }
}

/* glGet of the tessellation state and limits (GL 4.6 tables 23.42 and 23.63; ES 3.2 tables
 * 21.5 and 21.40, ES 3.1's EXT_tessellation_shader): -1 for another pname, 0 for one this
 * context does not offer (GL_INVALID_ENUM), 1 with *v filled. The
 * per-stage limits are the other stages' (one linker, glsl.h); the interface ones each the
 * device's own (stage_io_components), as for the geometry stage. */
static int
get_tess_value(struct fe_context *ctx, GLenum pname, struct gv *v)
{
   const uint32_t varyings = varying_components(ctx->share->caps);
   switch (pname) {
   case GL_PATCH_VERTICES: INT1(ctx->patch_vertices); break;
   case GL_PATCH_DEFAULT_OUTER_LEVEL:
      if (ctx->desc.api == FE_API_GLES)
         return 0; /* EXT_tessellation_shader and ES 3.2 have no default levels */
      FLOATN(GV_FLOAT, 4, ctx->patch_outer[0], ctx->patch_outer[1], ctx->patch_outer[2],
             ctx->patch_outer[3]);
      break;
   case GL_PATCH_DEFAULT_INNER_LEVEL:
      if (ctx->desc.api == FE_API_GLES)
         return 0;
      FLOATN(GV_FLOAT, 2, ctx->patch_inner[0], ctx->patch_inner[1]);
      break;
   case GL_MAX_PATCH_VERTICES: INT1(FE_MAX_PATCH_VERTICES); break;
   /* GL 4.6 table 23.66, ES 3.2 table 21.40: whether a restart index also restarts a patch
    * list; the Vulkan backend does not ask for primitiveTopologyPatchListRestart */
   case GL_PRIMITIVE_RESTART_FOR_PATCHES_SUPPORTED: BOOL1(false); break;
   case GL_MAX_TESS_GEN_LEVEL: INT1(FE_MAX_TESS_GEN_LEVEL); break;
   case GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS:
   case GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS: INT1(GLSL_MAX_STAGE_UNIFORM_COMPONENTS); break;
   case GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS:
   case GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS: INT1(FE_MAX_STAGE_TEXTURE_UNITS); break;
   case GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS:
   case GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS: INT1(GLSL_MAX_STAGE_UNIFORM_BLOCKS); break;
   case GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS:
   case GL_MAX_COMBINED_TESS_EVALUATION_UNIFORM_COMPONENTS:
      INT1(GLSL_MAX_STAGE_UNIFORM_COMPONENTS +
           (int64_t)GLSL_MAX_STAGE_UNIFORM_BLOCKS *
              cap_or(ctx->share->caps->max_uniform_block_size, 16384) / 4);
      break;
   case GL_MAX_TESS_CONTROL_INPUT_COMPONENTS:
      INT1(stage_io_components(ctx->share->caps, GLSL_IO_TESS_CTRL_IN));
      break;
   case GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS:
      INT1(stage_io_components(ctx->share->caps, GLSL_IO_TESS_CTRL_OUT));
      break;
   case GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS:
      INT1(stage_io_components(ctx->share->caps, GLSL_IO_TESS_EVAL_IN));
      break;
   case GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS:
      INT1(stage_io_components(ctx->share->caps, GLSL_IO_TESS_EVAL_OUT));
      break;
   case GL_MAX_TESS_PATCH_COMPONENTS: INT1(varyings < 120 ? varyings : 120); break;
   case GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS:
      INT1((int64_t)varyings * FE_MAX_PATCH_VERTICES);
      break;
   default: return -1;
   }
   return fe_tess_offered(ctx) ? 1 : 0;
}

static bool
get_value(struct fe_context *ctx, GLenum pname, struct gv *v)
{
   int en = fe_state_is_enabled(ctx, pname);
   if (en >= 0) {
      BOOL1(en);
      return true;
   }
   GLint dbg;
   if (fe_debug_get(ctx, pname, &dbg) || fe_dlist_get(ctx, pname, &dbg)) {
      INT1(dbg);
      return true;
   }
   if (ctx->ff && get_ff_value(ctx, pname, v))
      return true;
   int64_t cv[3];
   int r = compute_get(ctx, pname, cv);
   if (r > 0)
      INT1(cv[0]);
   if (r >= 0)
      return r > 0;
   r = get_context_value(ctx, pname, v);
   if (r < 0)
      r = get_tess_value(ctx, pname, v);
   if (r < 0)
      r = get_limit_value(ctx, pname, v);
   if (r < 0)
      r = get_binding_value(ctx, pname, v);
   if (r < 0)
      r = get_render_state_value(ctx, pname, v);
   if (r < 0)
      r = get_pixel_store_value(ctx, pname, v);
   if (r < 0 && ctx->compat)
      r = get_compat_value(ctx, pname, v);
   if (r >= 0)
      return r > 0;
   if (pname >= GL_DRAW_BUFFER0 && pname < GL_DRAW_BUFFER0 + FE_MAX_DRAW_BUFFERS) {
      ENUM1(draw_buffer(ctx, (int)(pname - GL_DRAW_BUFFER0)));
      return true;
   }
   return false;
}

/* Whether pname is state OpenGL ES 3.0 added over ES 2.0 (ES 3.0 tables 6.x against ES 2.0's),
 * which an ES 2.0 context refuses with GL_INVALID_ENUM: ES 2.0 shares the ES 3.0 state machine
 * here. The ES 2.0 extensions mgl advertises keep theirs (OES_vertex_array_object's binding,
 * EXT_draw_buffers' limits and GL_DRAW_BUFFERi). Desktop-only names are not this list's job. */
static bool
es3_only_pname(GLenum pname)
{
   switch (pname) {
   case GL_MAJOR_VERSION:
   case GL_MINOR_VERSION:
   case GL_NUM_EXTENSIONS:
   case GL_MAX_ELEMENT_INDEX:
   case GL_MAX_SERVER_WAIT_TIMEOUT:
   case GL_MAX_SAMPLES:
   case GL_MAX_VERTEX_UNIFORM_COMPONENTS:
   case GL_MAX_FRAGMENT_UNIFORM_COMPONENTS:
   case GL_MAX_VARYING_COMPONENTS:
   case GL_MAX_VERTEX_OUTPUT_COMPONENTS:
   case GL_MAX_FRAGMENT_INPUT_COMPONENTS:
   case GL_MAX_VERTEX_UNIFORM_BLOCKS:
   case GL_MAX_FRAGMENT_UNIFORM_BLOCKS:
   case GL_MAX_COMBINED_UNIFORM_BLOCKS:
   case GL_MAX_UNIFORM_BLOCK_SIZE:
   case GL_MAX_UNIFORM_BUFFER_BINDINGS:
   case GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS:
   case GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS:
   case GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT:
   case GL_UNIFORM_BUFFER_BINDING:
   case GL_TRANSFORM_FEEDBACK_PAUSED:
   case GL_TRANSFORM_FEEDBACK_ACTIVE:
   case GL_TRANSFORM_FEEDBACK_BINDING:
   case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
   case GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS:
   case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS:
   case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS:
   case GL_RASTERIZER_DISCARD:
   case GL_READ_FRAMEBUFFER_BINDING:
   case GL_READ_BUFFER:
   case GL_PIXEL_PACK_BUFFER_BINDING:
   case GL_PIXEL_UNPACK_BUFFER_BINDING:
   case GL_COPY_READ_BUFFER_BINDING:
   case GL_COPY_WRITE_BUFFER_BINDING:
   /* (MAX_3D_TEXTURE_SIZE and TEXTURE_BINDING_3D: OES_texture_3D gives them to ES 2.0) */
   case GL_MAX_TEXTURE_LOD_BIAS:
   case GL_MAX_ARRAY_TEXTURE_LAYERS:
   case GL_TEXTURE_BINDING_2D_ARRAY:
   case GL_SAMPLER_BINDING:
   case GL_MIN_PROGRAM_TEXEL_OFFSET:
   case GL_MAX_PROGRAM_TEXEL_OFFSET:
   case GL_MAX_ELEMENTS_VERTICES:
   case GL_MAX_ELEMENTS_INDICES:
   /* (PACK_ and UNPACK_ ROW_LENGTH, SKIP_ROWS, SKIP_PIXELS: NV_pack_subimage and
    * EXT_unpack_subimage give them to ES 2.0, FRAGMENT_SHADER_DERIVATIVE_HINT
    * OES_standard_derivatives) */
   case GL_UNPACK_IMAGE_HEIGHT:
   case GL_UNPACK_SKIP_IMAGES:
   case GL_PRIMITIVE_RESTART_FIXED_INDEX: return true;
   default: return false;
   }
}

/* Whether pname is desktop GL state that no OpenGL ES 3.0 state table (6.1-6.35) lists and no
 * ES extension mgl advertises brings back: an ES context refuses it with GL_INVALID_ENUM.
 * (Several of these come to ES 3.1/3.2 — multisample textures, texture buffers, geometry
 * shaders, GL_CONTEXT_FLAGS — or with extensions mgl does not advertise for ES.)
 * GL_MAX_CLIP_DISTANCES (EXT_clip_cull_distance on ES 3.0+, where the device has cull distances)
 * is knowingly answered in every ES context: piglit's shader_runner_gles2/3 (Debian's 2022 build) read it at start-up without
 * checking, and the error left pending fails their next glGetError check; Mesa answers it as an
 * ES 3.2 context. */
static bool
desktop_only_pname(GLenum pname)
{
   switch (pname) {
   case GL_CONTEXT_FLAGS:
   case GL_MAX_SHADER_COMPILER_THREADS_KHR:
   case GL_CONTEXT_PROFILE_MASK:
   case GL_CONTEXT_RELEASE_BEHAVIOR:
   case GL_RESET_NOTIFICATION_STRATEGY:
   case GL_DOUBLEBUFFER:
   case GL_STEREO:
   case GL_MAX_RECTANGLE_TEXTURE_SIZE:
   case GL_MAX_TEXTURE_BUFFER_SIZE:
   case GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT:
   case GL_MAX_DUAL_SOURCE_DRAW_BUFFERS:
   case GL_MAX_COLOR_TEXTURE_SAMPLES:
   case GL_MAX_DEPTH_TEXTURE_SAMPLES:
   case GL_MAX_INTEGER_SAMPLES:
   case GL_MAX_SAMPLE_MASK_WORDS:
   case GL_MIN_MAP_BUFFER_ALIGNMENT:
   case GL_MAX_GEOMETRY_UNIFORM_BLOCKS:
   case GL_MAX_GEOMETRY_UNIFORM_COMPONENTS:
   case GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS:
   case GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS:
   case GL_MAX_GEOMETRY_INPUT_COMPONENTS:
   case GL_MAX_GEOMETRY_OUTPUT_COMPONENTS:
   case GL_MAX_GEOMETRY_OUTPUT_VERTICES:
   case GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS:
   case GL_TIMESTAMP:
   case GL_SMOOTH_LINE_WIDTH_RANGE:
   case GL_SMOOTH_LINE_WIDTH_GRANULARITY:
   case GL_POINT_SIZE_RANGE:
   case GL_POINT_SIZE_GRANULARITY:
   case GL_TEXTURE_BUFFER:
   case GL_TEXTURE_BINDING_1D:
   case GL_TEXTURE_BINDING_1D_ARRAY:
   case GL_TEXTURE_BINDING_RECTANGLE:
   case GL_TEXTURE_BINDING_BUFFER:
   case GL_TEXTURE_BINDING_2D_MULTISAMPLE:
   case GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY:
   case GL_DRAW_BUFFER:
   case GL_BLEND_SRC:
   case GL_BLEND_DST:
   case GL_LOGIC_OP_MODE:
   case GL_POLYGON_MODE:
   case GL_CLIP_ORIGIN:
   case GL_CLIP_DEPTH_MODE:
   case GL_POINT_SIZE:
   case GL_POINT_FADE_THRESHOLD_SIZE:
   case GL_POINT_SPRITE_COORD_ORIGIN:
   case GL_PROVOKING_VERTEX:
   case GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION:
   case GL_PRIMITIVE_RESTART_INDEX:
   case GL_CLAMP_READ_COLOR:
   case GL_CLAMP_VERTEX_COLOR:
   case GL_CLAMP_FRAGMENT_COLOR:
   case GL_PACK_IMAGE_HEIGHT:
   case GL_PACK_SKIP_IMAGES:
   case GL_PACK_SWAP_BYTES:
   case GL_PACK_LSB_FIRST:
   case GL_UNPACK_SWAP_BYTES:
   case GL_UNPACK_LSB_FIRST: return true;
   default: return false;
   }
}

/* Of desktop_only_pname's, the state OpenGL ES 3.1 brings to ES (its tables 20.x: multisample
 * textures and their limits), which an ES 3.1 context answers, and that of the extensions ES 3.2
 * folds in where the ES 3.1 context offers them (fe_es_ext.c). */
static bool
es31_pname(const struct fe_context *ctx, GLenum pname)
{
   switch (pname) {
   /* EXT_texture_buffer */
   case GL_MAX_TEXTURE_BUFFER_SIZE:
   case GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT:
   case GL_TEXTURE_BUFFER:
   case GL_TEXTURE_BINDING_BUFFER: return fe_texture_buffer_offered(ctx);
   /* EXT_geometry_shader */
   case GL_MAX_GEOMETRY_UNIFORM_BLOCKS:
   case GL_MAX_GEOMETRY_UNIFORM_COMPONENTS:
   case GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS:
   case GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS:
   case GL_MAX_GEOMETRY_INPUT_COMPONENTS:
   case GL_MAX_GEOMETRY_OUTPUT_COMPONENTS:
   case GL_MAX_GEOMETRY_OUTPUT_VERTICES:
   case GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS: return fe_geometry_offered(ctx);
   case GL_MAX_COLOR_TEXTURE_SAMPLES:
   case GL_MAX_DEPTH_TEXTURE_SAMPLES:
   case GL_MAX_INTEGER_SAMPLES:
   case GL_MAX_SAMPLE_MASK_WORDS:
   case GL_TEXTURE_BINDING_2D_MULTISAMPLE:
   /* OES_texture_storage_multisample_2d_array, which every ES 3.1 context offers */
   case GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY: return true;
   default: return false;
   }
}

/* Of desktop_only_pname's, the state OpenGL ES 3.2 brings to ES (its tables 21.x) that an ES 3.2
 * context answers; GL_RESET_NOTIFICATION_STRATEGY in ES 3.x too (KHR_robustness). */
static bool
es32_pname(const struct fe_context *ctx, GLenum pname)
{
   switch (pname) {
   case GL_CONTEXT_FLAGS: return fe_es32(ctx);
   case GL_RESET_NOTIFICATION_STRATEGY: return ctx->desc.major >= 3;
   default: return false;
   }
}

/* Of desktop_only_pname's, the state an ES extension of a GL 4.x feature brings back where
 * the ES context lists it (fe_es_ext.c). */
static bool
es_ext_pname(struct fe_context *ctx, GLenum pname)
{
   switch (pname) {
   case GL_CLIP_ORIGIN:
   case GL_CLIP_DEPTH_MODE: return fe_es_ext_on(ctx, FE_ES_EXT_CLIP_CONTROL);
   case GL_MAX_SHADER_COMPILER_THREADS_KHR:
      return fe_es_ext_on(ctx, FE_ES_EXT_PARALLEL_SHADER_COMPILE);
   default: return false;
   }
}

static bool
get(GLenum pname, struct gv *v)
{
   struct fe_context *ctx = fe_ctx_live();
   if (!ctx)
      return false;
   if ((ctx->desc.api == FE_API_GLES && ctx->desc.major == 2 && es3_only_pname(pname)) ||
       (ctx->desc.api == FE_API_GLES && desktop_only_pname(pname) &&
        !(fe_es31(ctx) && es31_pname(ctx, pname)) && !es32_pname(ctx, pname) &&
        !es_ext_pname(ctx, pname)) ||
       !get_value(ctx, pname, v)) {
      fe_error(ctx, GL_INVALID_ENUM);
      return false;
   }
   return true;
}

static int64_t
norm_to_int(double f)
{
   double c = f < -1.0 ? -1.0 : f > 1.0 ? 1.0 : f;
   double r = c * 2147483647.0;
   return (int64_t)(r < 0 ? r - 0.5 : r + 0.5);
}

static int64_t
to_int(const struct gv *v, int k)
{
   switch (v->kind) {
   case GV_FLOAT: return (int64_t)(v->f[k] < 0 ? v->f[k] - 0.5 : v->f[k] + 0.5);
   case GV_NORM: return norm_to_int(v->f[k]);
   default: return v->i[k];
   }
}

static double
to_double(const struct gv *v, int k)
{
   return v->kind == GV_FLOAT || v->kind == GV_NORM ? v->f[k] : (double)v->i[k];
}

void
mgl_glGetIntegerv(GLenum pname, GLint *data)
{
   struct gv v;
   if (get(pname, &v))
      for (int k = 0; k < v.n; k++) {
         int64_t x = to_int(&v, k);
         data[k] = x > INT32_MAX ? INT32_MAX : x < INT32_MIN ? INT32_MIN : (GLint)x;
      }
}

void
mgl_glGetInteger64v(GLenum pname, GLint64 *data)
{
   struct gv v;
   if (get(pname, &v))
      for (int k = 0; k < v.n; k++)
         data[k] = to_int(&v, k);
}

void
mgl_glGetBooleanv(GLenum pname, GLboolean *data)
{
   struct gv v;
   if (get(pname, &v))
      for (int k = 0; k < v.n; k++)
         data[k] = to_double(&v, k) != 0.0 ? GL_TRUE : GL_FALSE;
}

void
mgl_glGetFloatv(GLenum pname, GLfloat *data)
{
   struct gv v;
   if (get(pname, &v))
      for (int k = 0; k < v.n; k++)
         data[k] = (GLfloat)to_double(&v, k);
}

void
mgl_glGetDoublev(GLenum pname, GLdouble *data)
{
   struct gv v;
   if (get(pname, &v))
      for (int k = 0; k < v.n; k++)
         data[k] = to_double(&v, k);
}

/* ---- indexed state ------------------------------------------------------------------------- */

static bool
get_indexed(struct fe_context *ctx, GLenum target, GLuint index, struct gv *v)
{
   int64_t cv[3];
   int r = compute_get_indexed(ctx, target, index, cv);
   if (r > 0)
      INT1(cv[0]);
   if (r >= 0)
      return r > 0;
   switch (target) {
   case GL_VERTEX_BINDING_OFFSET:
   case GL_VERTEX_BINDING_STRIDE:
   case GL_VERTEX_BINDING_DIVISOR:
   case GL_VERTEX_BINDING_BUFFER:
      if (ctx->desc.api == FE_API_GLES && !fe_es31(ctx))
         break;
      if (!fe_vao_binding_get(ctx, target, index, cv))
         return false;
      INT1(cv[0]);
      return true;
   case GL_UNIFORM_BUFFER_BINDING:
   case GL_UNIFORM_BUFFER_START:
   case GL_UNIFORM_BUFFER_SIZE: {
      if (index >= FE_MAX_UBO_BINDINGS) {
         fe_error(ctx, GL_INVALID_VALUE);
         return false;
      }
      const struct fe_ubo_binding *b = &ctx->ubo[index];
      INT1(target == GL_UNIFORM_BUFFER_BINDING ? (b->buffer ? b->buffer->base.name : 0)
           : target == GL_UNIFORM_BUFFER_START ? b->offset
                                               : b->size);
      return true;
   }
   case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
   case GL_TRANSFORM_FEEDBACK_BUFFER_START:
   case GL_TRANSFORM_FEEDBACK_BUFFER_SIZE: {
      if (index >= FE_MAX_XFB_BUFFERS) {
         fe_error(ctx, GL_INVALID_VALUE);
         return false;
      }
      const struct fe_ubo_binding *b = &ctx->tfo->xfb[index];
      INT1(target == GL_TRANSFORM_FEEDBACK_BUFFER_BINDING ? (b->buffer ? b->buffer->base.name : 0)
           : target == GL_TRANSFORM_FEEDBACK_BUFFER_START ? b->offset
                                                          : b->size);
      return true;
   }
   case GL_COLOR_WRITEMASK:
   case GL_BLEND: {
      if (index >= FE_MAX_DRAW_BUFFERS) {
         fe_error(ctx, GL_INVALID_VALUE);
         return false;
      }
      if (target == GL_BLEND) {
         BOOL1(ctx->rs.blend[index].enable);
         return true;
      }
      int64_t m[4];
      for (int k = 0; k < 4; k++)
         m[k] = (ctx->rs.blend[index].color_mask >> k) & 1;
      ints(v, 4, m);
      v->kind = GV_BOOL;
      return true;
   }
   case GL_BLEND_SRC:
   case GL_BLEND_DST:
   case GL_BLEND_SRC_RGB:
   case GL_BLEND_DST_RGB:
   case GL_BLEND_SRC_ALPHA:
   case GL_BLEND_DST_ALPHA:
   case GL_BLEND_EQUATION_RGB:
   case GL_BLEND_EQUATION_ALPHA: {
      /* GL 4.0 (ARB_draw_buffers_blend): one draw buffer's function and equation (the 1.x
       * names GL_BLEND_SRC and GL_BLEND_DST too, as glGetIntegerv answers them); ES with
       * EXT/OES_draw_buffers_indexed, which has not those two */
      if (ctx->desc.api == FE_API_GLES && (target == GL_BLEND_SRC || target == GL_BLEND_DST ||
                                           !fe_es_ext_on(ctx, FE_ES_EXT_DRAW_BUFFERS_INDEXED)))
         break;
      if (index >= FE_MAX_DRAW_BUFFERS) {
         fe_error(ctx, GL_INVALID_VALUE);
         return false;
      }
      const struct mgp_blend_target *b = &ctx->rs.blend[index];
      const uint16_t f = target == GL_BLEND_SRC_RGB || target == GL_BLEND_SRC   ? b->src_rgb
                         : target == GL_BLEND_DST_RGB || target == GL_BLEND_DST ? b->dst_rgb
                         : target == GL_BLEND_SRC_ALPHA                         ? b->src_alpha
                                                                                : b->dst_alpha;
      if (target == GL_BLEND_EQUATION_RGB || target == GL_BLEND_EQUATION_ALPHA)
         ENUM1(fe_gl_blend_op(target == GL_BLEND_EQUATION_RGB ? b->eq_rgb : b->eq_alpha));
      else
         ENUM1(fe_gl_blend_factor(f));
      return true;
   }
   case GL_VIEWPORT:
   case GL_SCISSOR_BOX:
   case GL_DEPTH_RANGE:
   case GL_SCISSOR_TEST: {
      /* GL 4.1 (ARB_viewport_array): one viewport's; index 0 is glGet*v's (ES: where the
       * context lists OES_viewport_array) */
      if (fe_es_ext_lacks(ctx, FE_ES_EXT_VIEWPORT_ARRAY))
         break;
      if (index >= FE_MAX_VIEWPORTS) {
         fe_error(ctx, GL_INVALID_VALUE);
         return false;
      }
      if (index)
         fe_viewports_settle(ctx);
      const struct mgp_viewport *p = index ? &ctx->viewports[index - 1] : NULL;
      const float *vp = p ? p->viewport : ctx->ds.viewport;
      const float *dr = p ? p->depth_range : ctx->ds.depth_range;
      const int32_t *sc = p ? p->scissor : ctx->ds.scissor;
      if (target == GL_VIEWPORT) {
         FLOATN(GV_FLOAT, 4, vp[0], vp[1], vp[2], vp[3]);
      } else if (target == GL_DEPTH_RANGE) {
         /* rounded for glGetIntegeri_v, as Mesa answers and piglit's
          * arb_viewport_array-queries checks (glGetIntegerv(GL_DEPTH_RANGE) normalizes) */
         FLOATN(GV_FLOAT, 2, dr[0], dr[1]);
      } else if (target == GL_SCISSOR_BOX) {
         int64_t s[4] = {sc[0], sc[1], sc[2], sc[3]};
         ints(v, 4, s);
      } else {
         BOOL1(fe_scissor_enabled_at(ctx, index));
      }
      return true;
   }
   case GL_SAMPLE_MASK_VALUE:
      if (index >= 1) {
         fe_error(ctx, GL_INVALID_VALUE);
         return false;
      }
      INT1(ctx->sample_mask_value);
      return true;
   default: break;
   }
   fe_error(ctx, GL_INVALID_ENUM);
   return false;
}

void
mgl_glGetIntegeri_v(GLenum target, GLuint index, GLint *data)
{
   FE_CTX_OR_RETURN();
   struct gv v;
   if (get_indexed(ctx, target, index, &v))
      for (int k = 0; k < v.n; k++)
         data[k] = (GLint)to_int(&v, k);
}

void
mgl_glGetInteger64i_v(GLenum target, GLuint index, GLint64 *data)
{
   FE_CTX_OR_RETURN();
   struct gv v;
   if (get_indexed(ctx, target, index, &v))
      for (int k = 0; k < v.n; k++)
         data[k] = to_int(&v, k);
}

void
mgl_glGetFloati_v(GLenum target, GLuint index, GLfloat *data)
{
   FE_CTX_OR_RETURN();
   struct gv v;
   if (get_indexed(ctx, target, index, &v))
      for (int k = 0; k < v.n; k++)
         data[k] = (GLfloat)to_double(&v, k);
}

void
mgl_glGetDoublei_v(GLenum target, GLuint index, GLdouble *data)
{
   FE_CTX_OR_RETURN();
   struct gv v;
   if (get_indexed(ctx, target, index, &v))
      for (int k = 0; k < v.n; k++)
         data[k] = to_double(&v, k);
}

void
mgl_glGetBooleani_v(GLenum target, GLuint index, GLboolean *data)
{
   FE_CTX_OR_RETURN();
   struct gv v;
   if (get_indexed(ctx, target, index, &v))
      for (int k = 0; k < v.n; k++)
         data[k] = to_int(&v, k) ? GL_TRUE : GL_FALSE;
}

/* ---- strings ------------------------------------------------------------------------------- */

/* glGetString(i) answer on a lost context too: GL lets them return NULL there, but programs
 * (and piglit) print the strings without checking, so a NULL would turn a lost context into a
 * crash. The call still records GL_CONTEXT_LOST where the strategy says (fe_ctx_lost_command),
 * and an invalid name is then only that, as any command on a lost context has no other effect. */
static struct fe_context *
string_ctx(void)
{
   struct fe_context *ctx = fe_tls_ctx;
   if (ctx && ctx->lost)
      fe_ctx_lost_command(ctx);
   return ctx;
}

static void
string_error(struct fe_context *ctx, GLenum error)
{
   if (!ctx->lost)
      fe_error(ctx, error);
}

const GLubyte *
mgl_glGetString(GLenum name)
{
   struct fe_context *ctx = string_ctx();
   if (!ctx)
      return NULL;
   switch (name) {
   case GL_VENDOR: return (const GLubyte *)"mgl";
   case GL_RENDERER: return (const GLubyte *)ctx->share->renderer;
   case GL_VERSION:
      /* ES: "OpenGL ES N.M" first (ES 3.0 §6.1.6); the context is the version asked for. */
      if (ctx->desc.api == FE_API_GLES)
         return (const GLubyte *)(ctx->desc.major == 2 ? "OpenGL ES 2.0 mgl 0.1"
                                  : fe_es32(ctx)       ? "OpenGL ES 3.2 mgl 0.1"
                                  : fe_es31(ctx)       ? "OpenGL ES 3.1 mgl 0.1"
                                                       : "OpenGL ES 3.0 mgl 0.1");
      return (const GLubyte *)fe_gl_version_string(ctx);
   case GL_EXTENSIONS:
      /* ES keeps glGetString(GL_EXTENSIONS) (ES 2.0 has no glGetStringi), with ES's own
       * names (context_extensions joined). */
      if (ctx->desc.api == FE_API_GLES) {
         const char *all = fe_es_extensions_string(ctx);
         if (!all)
            string_error(ctx, GL_OUT_OF_MEMORY);
         return (const GLubyte *)all;
      }
      if (ctx->compat) {
         /* the compatibility profile keeps glGetString(GL_EXTENSIONS) */
         unsigned n;
         const char *const *list = context_extensions(ctx, &n);
         const char *all = fe_compat_extensions_string(ctx, list + 1, n - 1);
         if (!all)
            string_error(ctx, GL_OUT_OF_MEMORY);
         return (const GLubyte *)all;
      }
      string_error(ctx, GL_INVALID_ENUM);
      return NULL;
   case GL_PROGRAM_ERROR_STRING_ARB:
      /* GL_ARB_vertex_program: the last glProgramStringARB's message */
      if (ctx->ff)
         return (const GLubyte *)fe_arbp_error_string(ctx);
      string_error(ctx, GL_INVALID_ENUM);
      return NULL;
   case GL_SHADING_LANGUAGE_VERSION:
      if (ctx->desc.api == FE_API_GLES)
         return (const GLubyte *)(ctx->desc.major == 2 ? "OpenGL ES GLSL ES 1.00"
                                  : fe_es32(ctx)       ? "OpenGL ES GLSL ES 3.20"
                                  : fe_es31(ctx)       ? "OpenGL ES GLSL ES 3.10"
                                                       : "OpenGL ES GLSL ES 3.00");
      return (const GLubyte *)fe_glsl_version_string(ctx);
   default:
      /* GL_EXTENSIONS is not a glGetString name in core profiles: glGetStringi only. */
      string_error(ctx, GL_INVALID_ENUM);
      return NULL;
   }
}

const GLubyte *
mgl_glGetStringi(GLenum name, GLuint index)
{
   struct fe_context *ctx = string_ctx();
   if (!ctx)
      return NULL;
   switch (name) {
   case GL_EXTENSIONS: {
      /* a block: C11 puts no declaration right after a label (clang-14 refuses it) */
      unsigned n;
      const char *const *list = context_extensions(ctx, &n);
      if (index >= n) {
         string_error(ctx, GL_INVALID_VALUE);
         return NULL;
      }
      return (const GLubyte *)list[index];
   }
   case GL_SHADING_LANGUAGE_VERSION: {
      const char *version;
      if (!glsl_versions_queryable(ctx))
         break;
      glsl_versions(ctx, index, &version);
      if (version)
         return (const GLubyte *)version;
      string_error(ctx, GL_INVALID_VALUE);
      return NULL;
   }
   case GL_SPIR_V_EXTENSIONS: {
      /* GL 4.6 22.2: index past GL_NUM_SPIR_V_EXTENSIONS is INVALID_VALUE */
      const unsigned accepted = fe_spirv_extensions(ctx);
      if (!fe_gl_spirv_offered(ctx))
         break;
      for (unsigned i = 0, k = 0; i < GLSL_SPV_EXT_COUNT; i++)
         if ((accepted & (1u << i)) && k++ == index)
            return (const GLubyte *)glsl_spirv_extension_name(i);
      string_error(ctx, GL_INVALID_VALUE);
      return NULL;
   }
   default: break;
   }
   string_error(ctx, GL_INVALID_ENUM);
   return NULL;
}

/* ---- query limits -------------------------------------------------------------------------- */

void
mgl_glGetQueryiv(GLenum target, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   const struct mgp_caps *caps = ctx->share->caps;
   GLint bits;
   switch (target) {
   /* A server that answers only whether any sample passed (MGP_CAP_OCCLUSION_ANY) gives
    * GL_SAMPLES_PASSED 0 bits, which GL allows ("the counter contains no useful information"),
    * and GL_ANY_SAMPLES_PASSED the one bit its answer has. */
   case GL_SAMPLES_PASSED: bits = (caps->cap_bits & MGP_CAP_OCCLUSION_QUERY) ? 64 : 0; break;
   case GL_ANY_SAMPLES_PASSED:
   case GL_ANY_SAMPLES_PASSED_CONSERVATIVE:
      bits = (caps->cap_bits & MGP_CAP_OCCLUSION_QUERY) ? 64
             : (caps->cap_bits & MGP_CAP_OCCLUSION_ANY) ? 1
                                                        : 0;
      break;
   case GL_PRIMITIVES_GENERATED:
   case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN:
      bits = (caps->cap_bits & MGP_CAP_XFB_PRIMITIVES_QUERY) ? 64 : 0;
      break;
   case GL_TRANSFORM_FEEDBACK_OVERFLOW:
   case GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW:
      if (!fe_xfb_overflow_offered(ctx)) {
         fe_error(ctx, GL_INVALID_ENUM);
         return;
      }
      bits = 1; /* a boolean */
      break;
   case GL_TIME_ELAPSED:
   case GL_TIMESTAMP:
      bits = (caps->cap_bits & MGP_CAP_TIMER_QUERY) ? (GLint)caps->timestamp_bits : 0;
      break;
   default:
      /* GL_ARB_pipeline_statistics_query: 64-bit counts (Vulkan's with VK_QUERY_RESULT_64_BIT) */
      if (fe_query_stat_index(target) >= 0 && fe_pipeline_stats_offered(ctx)) {
         bits = 64;
         break;
      }
      fe_error(ctx, GL_INVALID_ENUM);
      return;
   }
   switch (pname) {
   case GL_QUERY_COUNTER_BITS: *params = bits; return;
   case GL_CURRENT_QUERY:
      /* GL 3.3 §6.1.7: TIMESTAMP is a target here too; never active, so it reads 0 */
      *params = (GLint)fe_query_current(ctx, target);
      return;
   default: fe_error(ctx, GL_INVALID_ENUM);
   }
}
