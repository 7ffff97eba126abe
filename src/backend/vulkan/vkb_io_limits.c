/* vkb_io_limits.c — a stage's input and output interface measured through SPIRV-Cross's
 * reflection, and checked against the device's interface limits before any pipeline is made
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
 * Counting: a located variable by its components (a 64-bit component counts two), its extent
 * as location * 4 + component + components; built-in outputs by the whole variable, as the
 * Vulkan validation layer counts them (gl_PerVertex with every member it declares), for the
 * geometry stage's total only, the figure a GPU lays its output buffer out by. The per-vertex
 * arrayness of tessellation and geometry inputs, and of tessellation control outputs, is left
 * out; per-patch variables go to the patch figure.
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

#include <spirv_cross_c.h>

#include "vkb.h"

#define IO_DEPTH 16 /* struct nesting followed (validated modules nest far less) */

/* Components a type takes, saturated at UINT32_MAX; false where an array's length is not a
 * literal (a specialization constant the check cannot bound) or the nesting runs deep. */
static bool
type_components(spvc_compiler comp, spvc_type t, bool strip_outer, unsigned depth, uint64_t *out)
{
   if (depth > IO_DEPTH)
      return false;
   uint64_t n = 0;
   if (spvc_type_get_basetype(t) == SPVC_BASETYPE_STRUCT) {
      const unsigned members = spvc_type_get_num_member_types(t);
      for (unsigned m = 0; m < members; m++) {
         uint64_t c = 0;
         spvc_type mt = spvc_compiler_get_type_handle(comp, spvc_type_get_member_type(t, m));
         if (!mt || !type_components(comp, mt, false, depth + 1, &c))
            return false;
         n += c;
         if (n > UINT32_MAX)
            n = UINT32_MAX;
      }
   } else {
      n = (uint64_t)spvc_type_get_vector_size(t) * spvc_type_get_columns(t) *
          (spvc_type_get_bit_width(t) == 64 ? 2 : 1);
   }
   /* SPIRV-Cross keeps array lengths outermost last */
   const unsigned dims = spvc_type_get_num_array_dimensions(t);
   for (unsigned d = 0; d < dims; d++) {
      if (strip_outer && d == dims - 1)
         continue;
      if (!spvc_type_array_dimension_is_literal(t, d))
         return false;
      n *= spvc_type_get_array_dimension(t, d);
      if (n > UINT32_MAX)
         n = UINT32_MAX;
   }
   *out = n;
   return true;
}

static uint32_t
add_sat(uint32_t a, uint64_t b)
{
   const uint64_t s = a + b;
   return s > UINT32_MAX ? UINT32_MAX : (uint32_t)s;
}

/* One direction's located variables (input or output) into io. */
static bool
measure_located(spvc_compiler comp, spvc_resources res, spvc_resource_type list_type, bool strip,
                bool output, struct vkb_stage_io *io)
{
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_resource_list_for_type(res, list_type, &list, &count) != SPVC_SUCCESS)
      return false;
   for (size_t i = 0; i < count; i++) {
      const bool patch = spvc_compiler_has_decoration(comp, list[i].id, SpvDecorationPatch);
      spvc_type t = spvc_compiler_get_type_handle(comp, list[i].type_id);
      uint64_t c = 0;
      if (!t || !type_components(comp, t, strip && !patch, 0, &c))
         return false;
      const uint64_t loc = spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationLocation);
      const uint64_t at = spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationComponent);
      const uint64_t end = loc * 4 + at + c;
      if (patch) {
         if (output)
            io->patch_out_comps = add_sat(io->patch_out_comps, c);
         continue;
      }
      uint32_t *sum = output ? &io->out_comps : &io->in_comps;
      uint32_t *ext = output ? &io->out_end : &io->in_end;
      *sum = add_sat(*sum, c);
      if (end > *ext)
         *ext = end > UINT32_MAX ? UINT32_MAX : (uint32_t)end;
   }
   return true;
}

/* Built-in outputs, each variable once (SPIRV-Cross lists a block once per member). */
static bool
measure_builtin_outputs(spvc_compiler comp, spvc_resources res, bool strip, struct vkb_stage_io *io)
{
   const spvc_reflected_builtin_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_builtin_resource_list_for_type(
          res, SPVC_BUILTIN_RESOURCE_TYPE_STAGE_OUTPUT, &list, &count) != SPVC_SUCCESS)
      return false;
   for (size_t i = 0; i < count; i++) {
      bool seen = false;
      for (size_t j = 0; j < i && !seen; j++)
         seen = list[j].resource.id == list[i].resource.id;
      if (seen || spvc_compiler_has_decoration(comp, list[i].resource.id, SpvDecorationPatch))
         continue;
      spvc_type t = spvc_compiler_get_type_handle(comp, list[i].resource.type_id);
      uint64_t c = 0;
      if (!t || !type_components(comp, t, strip, 0, &c))
         return false;
      io->out_builtin_comps = add_sat(io->out_builtin_comps, c);
   }
   return true;
}

bool
vkb_io_measure(void *compiler, void *resources, VkShaderStageFlagBits stage,
               struct vkb_stage_io *io)
{
   spvc_compiler comp = compiler;
   spvc_resources res = resources;
   *io = (struct vkb_stage_io){0};
   const bool arrayed_in = stage == VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT ||
                           stage == VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT ||
                           stage == VK_SHADER_STAGE_GEOMETRY_BIT;
   const bool arrayed_out = stage == VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT;
   if (!measure_located(comp, res, SPVC_RESOURCE_TYPE_STAGE_INPUT, arrayed_in, false, io) ||
       !measure_located(comp, res, SPVC_RESOURCE_TYPE_STAGE_OUTPUT, arrayed_out, true, io) ||
       !measure_builtin_outputs(comp, res, arrayed_out, io))
      return false;
   if (stage == VK_SHADER_STAGE_GEOMETRY_BIT || stage == VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT) {
      io->vertices =
         spvc_compiler_get_execution_mode_argument(comp, SpvExecutionModeOutputVertices);
      io->invocations =
         spvc_compiler_get_execution_mode_argument(comp, SpvExecutionModeInvocations);
   }
   return true;
}

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
vkb_io_limits_check(const struct vkb_screen *scr, const struct vkb_stage_io *io, int s,
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
vkb_io_gs_split_factor(const struct vkb_screen *scr, struct vkb_stage_io *io)
{
   const VkPhysicalDeviceLimits *l = &scr->props.limits;
   const uint64_t per_vertex = (uint64_t)io->out_comps + io->out_builtin_comps;
   const uint64_t invocations = io->invocations ? io->invocations : 1;
   if (!per_vertex || per_vertex > l->maxGeometryTotalOutputComponents ||
       per_vertex * io->vertices <= l->maxGeometryTotalOutputComponents)
      return 0;
   /* the vertices one invocation may emit, then the invocations that takes */
   const uint64_t fit = l->maxGeometryTotalOutputComponents / per_vertex;
   const uint64_t k = (io->vertices + fit - 1) / fit;
   if (invocations * k > l->maxGeometryShaderInvocations)
      return 0;
   io->vertices = (uint32_t)((io->vertices + k - 1) / k);
   io->invocations = (uint32_t)(invocations * k);
   return (uint32_t)k;
}
