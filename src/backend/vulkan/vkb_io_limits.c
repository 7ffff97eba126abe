/* vkb_io_limits.c — a stage's input and output interface (measured by spv_io.c) checked against the device's interface limits before any pipeline is made
 * from it (VUID-RuntimeSpirv-Location-06272 and its siblings: per-stage components, a geometry
 * stage's output vertices, total output components and invocations, a tessellation control
 * stage's patch size and outputs). A pipeline over them is invalid usage, and on NVIDIA it is a
 * GPU fault ("Shader Program Header" error, the device lost for every session on it): the
 * words come from the client (GLSL through the front end, or arb_gl_spirv modules), so the
 * shader is refused by name instead (the decline shader-over-device-limits). A points
 * geometry stage over the total output components alone is split first, its vertices shared out
 * among more invocations (vkb_io_gs_split_factor, spv_gs_split.c), where that fits; a geometry
 * stage over them by its gl_PointSize write is made without it (vkb_cso.c,
 * gs_point_size_cut_patch), where that fits.
 *
 * Counting (spv_io.c): built-in outputs by the whole variable, as the Vulkan validation layer
 * counts them (gl_PerVertex with every member it declares, out_builtin_comps), for the geometry
 * stage's total only, the figure a GPU lays its output buffer out by.
 *
 * Inputs are checked too: vertex attributes by location against maxVertexInputAttributes, the
 * tessellation and fragment stages' located inputs against their per-stage input limits, which
 * the front end reports as GL's (mgp_caps.stage_io_components), so a GL-legal program is within
 * them. A geometry stage's inputs are measured, not checked: the front end reports lavapipe's
 * maxGeometryInputComponents of 64 now, but piglit's variable-indexing gs-input-array-* and
 * vs-output-array-*-before-gs tests pass 124 components into it (they ask only for 128 vertex
 * outputs), which lavapipe draws; refusing them would turn 8 passing tests of the lane into
 * fails. */
#include <stdio.h>

#include "vkb.h"

/* "<what> <have> over the device's <limit> <max>" into why when have > max. */
static bool
over(uint64_t have, uint32_t max, const char *stage, const char *what, const char *limit, char *why,
     size_t why_size)
{
   if (have <= max)
      return false;
   snprintf(why, why_size, "%s stage: %s %llu, over the device's %s of %u", stage, what,
            (unsigned long long)have, limit, max);
   return true;
}

const char *
vkb_io_limits_check(const struct vkb_screen *scr, const struct spv_stage_io *io, int s,
                    const char *name, char *why, size_t why_size)
{
   const VkPhysicalDeviceLimits *l = &scr->props.limits;
   const uint64_t out = io->out_comps > io->out_end ? io->out_comps : io->out_end;
   const uint64_t in = io->in_comps > io->in_end ? io->in_comps : io->in_end;
   bool bad = false;
   switch (s) {
   case MGP_SHADER_STAGE_VERTEX:
      bad = over(io->in_end,
                 (uint64_t)l->maxVertexInputAttributes * 4 > UINT32_MAX
                    ? UINT32_MAX
                    : l->maxVertexInputAttributes * 4,
                 name, "input components", "maxVertexInputAttributes x 4", why, why_size) ||
            over(out, l->maxVertexOutputComponents, name, "output components",
                 "maxVertexOutputComponents", why, why_size);
      break;
   case MGP_SHADER_STAGE_TESS_CTRL:
      bad = over(in, l->maxTessellationControlPerVertexInputComponents, name, "input components",
                 "maxTessellationControlPerVertexInputComponents", why, why_size) ||
            over(out, l->maxTessellationControlPerVertexOutputComponents, name, "output components",
                 "maxTessellationControlPerVertexOutputComponents", why, why_size) ||
            over(io->patch_out_comps, l->maxTessellationControlPerPatchOutputComponents, name,
                 "patch output components", "maxTessellationControlPerPatchOutputComponents", why,
                 why_size) ||
            over(io->vertices, l->maxTessellationPatchSize, name, "output vertices",
                 "maxTessellationPatchSize", why, why_size) ||
            over((uint64_t)io->out_comps * io->vertices + io->patch_out_comps,
                 l->maxTessellationControlTotalOutputComponents, name, "total output components",
                 "maxTessellationControlTotalOutputComponents", why, why_size);
      break;
   case MGP_SHADER_STAGE_TESS_EVAL:
      bad = over(in, l->maxTessellationEvaluationInputComponents, name, "input components",
                 "maxTessellationEvaluationInputComponents", why, why_size) ||
            over(out, l->maxTessellationEvaluationOutputComponents, name, "output components",
                 "maxTessellationEvaluationOutputComponents", why, why_size);
      break;
   case MGP_SHADER_STAGE_GEOMETRY:
      bad = over(out, l->maxGeometryOutputComponents, name, "output components",
                 "maxGeometryOutputComponents", why, why_size) ||
            over(io->vertices, l->maxGeometryOutputVertices, name, "output vertices",
                 "maxGeometryOutputVertices", why, why_size) ||
            over(io->invocations, l->maxGeometryShaderInvocations, name, "invocations",
                 "maxGeometryShaderInvocations", why, why_size) ||
            over(((uint64_t)io->out_comps + io->out_builtin_comps) * io->vertices,
                 l->maxGeometryTotalOutputComponents, name,
                 "output components (built-ins included) x output vertices",
                 "maxGeometryTotalOutputComponents", why, why_size);
      break;
   case MGP_SHADER_STAGE_FRAGMENT:
      bad = over(in, l->maxFragmentInputComponents, name, "input components",
                 "maxFragmentInputComponents", why, why_size) ||
            over(io->out_end,
                 (uint64_t)l->maxFragmentOutputAttachments * 4 > UINT32_MAX
                    ? UINT32_MAX
                    : l->maxFragmentOutputAttachments * 4,
                 name, "output components", "maxFragmentOutputAttachments x 4", why, why_size);
      break;
   default: break;
   }
   return bad ? why : NULL;
}

bool
vkb_gs_point_size_optional(const VkPhysicalDeviceFeatures *features, bool maintenance5)
{
   return !features->shaderTessellationAndGeometryPointSize || maintenance5;
}

uint32_t
vkb_io_gs_split_factor(const struct vkb_screen *scr, struct spv_stage_io *io)
{
   const VkPhysicalDeviceLimits *l = &scr->props.limits;
   return spv_gs_split_factor(io, (uint64_t)io->out_comps + io->out_builtin_comps,
                              l->maxGeometryTotalOutputComponents, l->maxGeometryShaderInvocations);
}
