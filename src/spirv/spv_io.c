/* spv_io.c — a stage's input and output interface measured through SPIRV-Cross's reflection,
 * as the backends check it against their device's or host's interface limits before they make
 * anything of it (the Vulkan backend's vkb_io_limits.c, the GLES backend's geometry stage in
 * glb_shader.c), and the factor a geometry stage over its total output components is split by
 * (spv_gs_split.c). Device-neutral: the limits come from each backend.
 *
 * Counting: a located variable by its components (a 64-bit component counts two), its extent
 * as location * 4 + component + components; built-in outputs twice, by the whole variable as
 * the Vulkan validation layer counts them (gl_PerVertex with every member it declares), and by
 * the members the code reaches, as a GL host's compiler counts what a stage writes (NVIDIA's:
 * gl_Position 4, gl_PointSize 1, each written gl_ClipDistance element). The per-vertex arrayness
 * of tessellation and geometry inputs, and of tessellation control outputs, is left out;
 * per-patch variables go to the patch figure. */
#include <spirv_cross_c.h>

#include "spv.h"

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
                bool output, struct spv_stage_io *io)
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
measure_builtin_outputs(spvc_compiler comp, spvc_resources res, bool strip, struct spv_stage_io *io)
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

/* Built-in outputs the code reaches (written, as a GL host's compiler counts them), each
 * block member once; an arrayed stage's per-vertex arrayness left out. */
static bool
measure_builtins_written(spvc_compiler comp, spvc_resources res, bool strip,
                         struct spv_stage_io *io)
{
   const spvc_reflected_builtin_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_builtin_resource_list_for_type(
          res, SPVC_BUILTIN_RESOURCE_TYPE_STAGE_OUTPUT, &list, &count) != SPVC_SUCCESS)
      return false;
   spvc_compiler_update_active_builtins(comp);
   for (size_t i = 0; i < count; i++) {
      bool seen = false;
      for (size_t j = 0; j < i && !seen; j++)
         seen = list[j].builtin == list[i].builtin;
      if (seen || !spvc_compiler_has_active_builtin(comp, list[i].builtin, SpvStorageClassOutput) ||
          spvc_compiler_has_decoration(comp, list[i].resource.id, SpvDecorationPatch))
         continue;
      spvc_type t = spvc_compiler_get_type_handle(comp, list[i].value_type_id);
      uint64_t c = 0;
      if (!t || !type_components(comp, t, strip, 0, &c))
         return false;
      io->out_builtin_written = add_sat(io->out_builtin_written, c);
   }
   return true;
}

bool
spv_io_measure(void *compiler, void *resources, SpvExecutionModel model, struct spv_stage_io *io)
{
   spvc_compiler comp = compiler;
   spvc_resources res = resources;
   *io = (struct spv_stage_io){0};
   const bool arrayed_in = model == SpvExecutionModelTessellationControl ||
                           model == SpvExecutionModelTessellationEvaluation ||
                           model == SpvExecutionModelGeometry;
   const bool arrayed_out = model == SpvExecutionModelTessellationControl;
   if (!measure_located(comp, res, SPVC_RESOURCE_TYPE_STAGE_INPUT, arrayed_in, false, io) ||
       !measure_located(comp, res, SPVC_RESOURCE_TYPE_STAGE_OUTPUT, arrayed_out, true, io) ||
       !measure_builtin_outputs(comp, res, arrayed_out, io) ||
       !measure_builtins_written(comp, res, arrayed_out, io))
      return false;
   if (model == SpvExecutionModelGeometry || model == SpvExecutionModelTessellationControl) {
      io->vertices =
         spvc_compiler_get_execution_mode_argument(comp, SpvExecutionModeOutputVertices);
      io->invocations =
         spvc_compiler_get_execution_mode_argument(comp, SpvExecutionModeInvocations);
   }
   return true;
}

bool
spv_io_measure_words(const uint32_t *words, size_t count, SpvExecutionModel model,
                     struct spv_stage_io *io)
{
   spvc_context ctx = NULL;
   spvc_parsed_ir ir = NULL;
   spvc_compiler comp = NULL;
   spvc_resources res = NULL;
   const spvc_entry_point *eps = NULL;
   size_t num_eps = 0, e = 0;
   if (spvc_context_create(&ctx) != SPVC_SUCCESS)
      return false;
   bool ok =
      spvc_context_parse_spirv(ctx, words, count, &ir) == SPVC_SUCCESS &&
      spvc_context_create_compiler(ctx, SPVC_BACKEND_NONE, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP,
                                   &comp) == SPVC_SUCCESS &&
      spvc_compiler_get_entry_points(comp, &eps, &num_eps) == SPVC_SUCCESS;
   while (ok && e < num_eps && eps[e].execution_model != model)
      e++;
   ok = ok && e < num_eps &&
        spvc_compiler_set_entry_point(comp, eps[e].name, model) == SPVC_SUCCESS &&
        spvc_compiler_create_shader_resources(comp, &res) == SPVC_SUCCESS &&
        spv_io_measure(comp, res, model, io);
   spvc_context_destroy(ctx);
   return ok;
}

uint32_t
spv_gs_split_factor(struct spv_stage_io *io, uint64_t per_vertex, uint32_t max_total,
                    uint32_t max_invocations)
{
   const uint64_t invocations = io->invocations ? io->invocations : 1;
   if (!per_vertex || per_vertex > max_total || per_vertex * io->vertices <= max_total)
      return 0;
   /* the vertices one invocation may emit, then the invocations that takes */
   const uint64_t fit = max_total / per_vertex;
   const uint64_t k = (io->vertices + fit - 1) / fit;
   if (invocations * k > max_invocations)
      return 0;
   io->vertices = (uint32_t)((io->vertices + k - 1) / k);
   io->invocations = (uint32_t)(invocations * k);
   return (uint32_t)k;
}
