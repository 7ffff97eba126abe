/* fe_version.c — which OpenGL version a desktop context claims: the highest whose requirements
 * the backend's caps meet, so GL_VERSION, GL_MAJOR/MINOR_VERSION, GL_SHADING_LANGUAGE_VERSION
 * and context creation (EGL, GLX) say only what the backend does (docs/CONFORMANCE.md,
 * "Which version a context claims"). Each step up names the one capability it needs; what
 * else a version asks that a backend declines by name is documented there, not counted here. */
#include <stdio.h>

#include "fe_gl.h"

/* The steps above 3.0, lowest first: a version is met when its steps and every lower one are. */
static const struct {
   int version; /* major * 10 + minor */
   const char *needs;
   uint64_t cap_bit; /* MGP_CAP_*, or 0: the step needs dual-source blending */
} steps[] = {
   {31, "buffer textures", MGP_CAP_TEXTURE_BUFFER},
   {32, "a geometry stage", MGP_CAP_GEOMETRY_STAGE},
   {32, "depth clamp", MGP_CAP_DEPTH_CLAMP},
   {33, "dual-source blending", 0},
};

static bool
step_met(const struct mgp_caps *caps, unsigned i)
{
   return steps[i].cap_bit ? (caps->cap_bits & steps[i].cap_bit) != 0
                           : caps->max_dual_source_draw_buffers != 0;
}

int
fe_gl_version_max(const struct mgp_caps *caps, const char **missing)
{
   /* below: the highest version whose steps are all met, short of the current one's */
   int v = 30, below = 30;
   if (missing)
      *missing = NULL;
   for (unsigned i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
      if (steps[i].version != v)
         below = v;
      if (!step_met(caps, i)) {
         if (missing)
            *missing = steps[i].needs;
         return below;
      }
      v = steps[i].version;
   }
   return v;
}

/* What OpenGL ES 3.1 adds to 3.0, each named by what it needs of the backend: an ES context is
 * 3.1 only where every one is met (ES 3.1 6.1.x minimums). The front end has the rest itself
 * (program pipelines, program interface queries, vertex attribute bindings, multisample
 * textures). */
const char *
fe_es31_lacks(const struct mgp_caps *caps)
{
   const uint64_t *m = caps->call_mask;
#define HAS(call) ((m[(call) / 64] >> ((call) % 64)) & 1)
   if (caps->max_compute_work_group_invocations < 128 || !HAS(MGP_CALL_launch_grid))
      return "compute shaders";
   if (caps->max_storage_buffer_bindings < 4)
      return "four shader storage buffer bindings";
   if (!HAS(MGP_CALL_memory_barrier))
      return "memory barriers";
   if (caps->max_image_units < 4 || !HAS(MGP_CALL_set_shader_images))
      return "four image units";
   if (!HAS(MGP_CALL_draw_indirect))
      return "indirect draws";
   if (caps->max_vertex_bindings < 16)
      return "16 vertex buffer bindings";
   if (!(caps->cap_bits & MGP_CAP_STENCIL_TEXTURING))
      return "stencil texturing";
   if (!(caps->cap_bits & MGP_CAP_NO_ATTACHMENTS))
      return "framebuffers without attachments";
   if (!(caps->cap_bits & MGP_CAP_TEXTURE_GATHER))
      return "texture gathers";
#undef HAS
   return NULL;
}

bool
fe_texture_buffer_offered(const struct fe_context *ctx)
{
   /* ES 3.0 has no buffer textures whatever the backend has; ES 3.1 has EXT_texture_buffer */
   return (ctx->desc.api != FE_API_GLES || fe_es31(ctx)) &&
          (ctx->share->caps->cap_bits & MGP_CAP_TEXTURE_BUFFER) != 0;
}

bool
fe_cube_array_offered(const struct fe_context *ctx)
{
   /* ES 3.0 has no cube map arrays (ES 3.2 and EXT_texture_cube_map_array, which ES 3.1
    * contexts offer, bring them) */
   return (ctx->desc.api != FE_API_GLES || fe_es31(ctx)) &&
          (ctx->share->caps->cap_bits & MGP_CAP_CUBE_MAP_ARRAY) != 0;
}

bool
fe_texture_gather_offered(const struct fe_context *ctx)
{
   return (ctx->desc.api != FE_API_GLES || fe_es31(ctx)) &&
          (ctx->share->caps->cap_bits & MGP_CAP_TEXTURE_GATHER) != 0;
}

bool
fe_texture_query_lod_offered(const struct fe_context *ctx)
{
   /* ESSL has no textureQueryLod (nor does ES 3.2): ES 3.0+ contexts have textureQueryLOD as
    * GL_EXT_texture_query_lod (fe_es_ext.c) */
   return (ctx->desc.api != FE_API_GLES || ctx->desc.major >= 3) &&
          (ctx->share->caps->cap_bits & MGP_CAP_TEXTURE_QUERY_LOD) != 0;
}

bool
fe_gpu_shader5_offered(const struct fe_context *ctx)
{
   /* ES 3.1 contexts: EXT_gpu_shader5. Desktop ARB_gpu_shader5 also has the geometry stage's
    * vertex streams (EmitStreamVertex, layout(stream), GL_MAX_VERTEX_STREAMS): not where the
    * backend has no streams (the GLES backend) */
   const uint64_t bits = ctx->share->caps->cap_bits;
   if (ctx->desc.api == FE_API_GLES)
      return fe_es31(ctx) && (bits & MGP_CAP_GPU_SHADER5) != 0;
   return (bits & MGP_CAP_GPU_SHADER5) && (bits & MGP_CAP_VERTEX_STREAMS);
}

bool
fe_fp64_offered(const struct fe_context *ctx)
{
   /* ES has no doubles (neither 3.0 nor 3.2) */
   return ctx->desc.api != FE_API_GLES && (ctx->share->caps->cap_bits & MGP_CAP_FLOAT64) != 0;
}

/* GL_ARB_vertex_attrib_64bit (GL 4.1): double vertex inputs fetched from 64-bit attributes */
bool
fe_vertex_fp64_offered(const struct fe_context *ctx)
{
   return fe_fp64_offered(ctx) && (ctx->share->caps->cap_bits & MGP_CAP_VERTEX_FLOAT64) != 0;
}

bool
fe_cull_distance_offered(const struct fe_context *ctx)
{
   /* ES 3.0+: GL_EXT_clip_cull_distance (fe_es_ext.c), which brings ESSL 3.00 its
    * gl_ClipDistance, gl_CullDistance and the GL_CLIP_DISTANCEi enables */
   return (ctx->desc.api != FE_API_GLES || ctx->desc.major >= 3) &&
          (ctx->share->caps->cap_bits & MGP_CAP_CULL_DISTANCE);
}

bool
fe_image_queries_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES && (ctx->share->caps->cap_bits & MGP_CAP_IMAGE_QUERIES);
}

bool
fe_es31_compat_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES && !fe_es31_lacks(ctx->share->caps);
}

bool
fe_group_vote_offered(const struct fe_context *ctx)
{
   /* ES 3.0+ contexts: the same votes as GL_EXT_shader_group_vote (fe_es_ext.c) */
   return (ctx->desc.api != FE_API_GLES || ctx->desc.major >= 3) &&
          (ctx->share->caps->cap_bits & MGP_CAP_SUBGROUP_VOTE) != 0;
}

bool
fe_shader_clock_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES && (ctx->share->caps->cap_bits & MGP_CAP_SHADER_CLOCK) != 0;
}

bool
fe_int64_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES && (ctx->share->caps->cap_bits & MGP_CAP_SHADER_INT64) != 0;
}

bool
fe_ballot_offered(const struct fe_context *ctx)
{
   const uint64_t need = MGP_CAP_SHADER_INT64 | MGP_CAP_SHADER_BALLOT;
   return ctx->desc.api != FE_API_GLES && (ctx->share->caps->cap_bits & need) == need;
}

bool
fe_stencil_export_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES &&
          (ctx->share->caps->cap_bits & MGP_CAP_SHADER_STENCIL_EXPORT) != 0;
}

bool
fe_layer_viewport_offered(const struct fe_context *ctx)
{
   /* gl_ViewportIndex needs viewports past 0 (fe_viewport_array_offered's desktop answer),
    * gl_Layer layered attachments (GL 3.2); desktop names only */
   return ctx->desc.api != FE_API_GLES &&
          (ctx->share->caps->cap_bits & MGP_CAP_VIEWPORT_ARRAY) != 0 &&
          fe_call_supported(ctx->share, MGP_CALL_set_viewports) &&
          (ctx->share->caps->cap_bits & MGP_CAP_SHADER_LAYER_VIEWPORT) != 0;
}

bool
fe_enhanced_layouts_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES && (ctx->share->caps->cap_bits & MGP_CAP_ENHANCED_LAYOUTS);
}

bool
fe_derivative_control_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES && (ctx->share->caps->cap_bits & MGP_CAP_DERIVATIVE_CONTROL);
}

const char *
fe_gl_version_string(const struct fe_context *ctx)
{
   static const char *const core[] = {
      "4.0 (Core Profile) mgl 0.1", "4.1 (Core Profile) mgl 0.1", "4.2 (Core Profile) mgl 0.1",
      "4.3 (Core Profile) mgl 0.1", "4.4 (Core Profile) mgl 0.1", "4.5 (Core Profile) mgl 0.1",
      "4.6 (Core Profile) mgl 0.1",
   };
   static const char *const compat[] = {
      "4.0 (Compatibility Profile) mgl 0.1", "4.1 (Compatibility Profile) mgl 0.1",
      "4.2 (Compatibility Profile) mgl 0.1", "4.3 (Compatibility Profile) mgl 0.1",
      "4.4 (Compatibility Profile) mgl 0.1", "4.5 (Compatibility Profile) mgl 0.1",
      "4.6 (Compatibility Profile) mgl 0.1",
   };
   const bool is_compat = ctx->desc.api == FE_API_GL_COMPAT;
   switch (ctx->desc.major * 10 + ctx->desc.minor) {
   case 30: return "3.0 mgl 0.1";
   case 31: return "3.1 mgl 0.1";
   case 32: return is_compat ? "3.2 (Compatibility Profile) mgl 0.1" : "3.2 (Core Profile) mgl 0.1";
   case 33: return is_compat ? "3.3 (Compatibility Profile) mgl 0.1" : "3.3 (Core Profile) mgl 0.1";
   default: {
      const unsigned m = ctx->desc.minor <= 6 ? (unsigned)ctx->desc.minor : 0;
      return is_compat ? compat[m] : core[m];
   }
   }
}

const char *
fe_glsl_version_string(const struct fe_context *ctx)
{
   /* GL 3.0-3.3 pair with GLSL 1.30, 1.40, 1.50 and 3.30; GL 4.x with GLSL 4.x0 */
   static const char *const gl4[] = {"4.00", "4.10", "4.20", "4.30", "4.40", "4.50", "4.60"};
   switch (ctx->desc.major * 10 + ctx->desc.minor) {
   case 30: return "1.30";
   case 31: return "1.40";
   case 32: return "1.50";
   case 33: return "3.30";
   default: return gl4[ctx->desc.minor <= 6 ? ctx->desc.minor : 0];
   }
}
