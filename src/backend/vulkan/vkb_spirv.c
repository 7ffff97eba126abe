/* vkb_spirv.c — the little the backend reads from SPIR-V itself, through SPIRV-Cross's
 * reflection: each descriptor variable's binding, type (storage buffers included) and array size (the reflection carries
 * masks, not descriptor counts: an array of N samplers is one binding with descriptorCount N),
 * the entry point's name, the capabilities and builtins that need a device feature or a
 * workaround. The words come from the client: only ever called on words that passed
 * vkb_spirv_validate, and every SPIRV-Cross error is a refusal. */
#include <stdatomic.h>
#include <string.h>

#include <spirv_cross_c.h>

#include "log.h"
#include "spv.h"
#include "vkb.h"

bool
vkb_spirv_validate(struct vkb_screen *scr, const uint32_t *words, size_t count, char *why,
                   size_t why_size)
{
   const enum spv_valid_env env = scr->api_version >= VK_API_VERSION_1_3   ? SPV_VALID_VULKAN_1_3
                                  : scr->api_version >= VK_API_VERSION_1_2 ? SPV_VALID_VULKAN_1_2
                                                                           : SPV_VALID_VULKAN_1_1;
   scr->stats.spirv_validations++;
   return spv_validate(env, words, count, why, why_size);
}

static uint32_t
exec_model_for(VkShaderStageFlagBits stage)
{
   switch (stage) {
   case VK_SHADER_STAGE_VERTEX_BIT: return SpvExecutionModelVertex;
   case VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT: return SpvExecutionModelTessellationControl;
   case VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT: return SpvExecutionModelTessellationEvaluation;
   case VK_SHADER_STAGE_GEOMETRY_BIT: return SpvExecutionModelGeometry;
   case VK_SHADER_STAGE_FRAGMENT_BIT: return SpvExecutionModelFragment;
   default: return SpvExecutionModelGLCompute;
   }
}

static int
stage_index(VkShaderStageFlagBits stage)
{
   switch (stage) {
   case VK_SHADER_STAGE_VERTEX_BIT: return MGP_SHADER_STAGE_VERTEX;
   case VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT: return MGP_SHADER_STAGE_TESS_CTRL;
   case VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT: return MGP_SHADER_STAGE_TESS_EVAL;
   case VK_SHADER_STAGE_GEOMETRY_BIT: return MGP_SHADER_STAGE_GEOMETRY;
   case VK_SHADER_STAGE_FRAGMENT_BIT: return MGP_SHADER_STAGE_FRAGMENT;
   default: return MGP_SHADER_STAGE_COMPUTE;
   }
}

/* The resource lists that hold descriptor variables, and what each one is to us. */
static const spvc_resource_type descriptor_lists[] = {
   SPVC_RESOURCE_TYPE_UNIFORM_BUFFER,    SPVC_RESOURCE_TYPE_SAMPLED_IMAGE,
   SPVC_RESOURCE_TYPE_STORAGE_BUFFER,    SPVC_RESOURCE_TYPE_STORAGE_IMAGE,
   SPVC_RESOURCE_TYPE_SEPARATE_IMAGE,    SPVC_RESOURCE_TYPE_SUBPASS_INPUT,
   SPVC_RESOURCE_TYPE_SEPARATE_SAMPLERS, SPVC_RESOURCE_TYPE_ACCELERATION_STRUCTURE,
};

/* One descriptor variable: its Vulkan type, or why we cannot bind it. */
static const char *
descriptor_type(spvc_compiler comp, spvc_resource_type list, const spvc_reflected_resource *r,
                VkDescriptorType *dt)
{
   switch (list) {
   case SPVC_RESOURCE_TYPE_UNIFORM_BUFFER: *dt = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER; return NULL;
   case SPVC_RESOURCE_TYPE_SAMPLED_IMAGE: {
      spvc_type t = spvc_compiler_get_type_handle(comp, r->base_type_id);
      *dt = spvc_type_get_image_dimension(t) == SpvDimBuffer
               ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
               : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
      return NULL;
   }
   case SPVC_RESOURCE_TYPE_STORAGE_BUFFER: *dt = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER; return NULL;
   case SPVC_RESOURCE_TYPE_STORAGE_IMAGE: {
      spvc_type t = spvc_compiler_get_type_handle(comp, r->base_type_id);
      /* imageBuffer: a buffer texture's storage texel buffer, in the image unit's format */
      *dt = spvc_type_get_image_dimension(t) == SpvDimBuffer
               ? VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER
               : VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
      return NULL;
   }
   case SPVC_RESOURCE_TYPE_SEPARATE_IMAGE:
   case SPVC_RESOURCE_TYPE_SUBPASS_INPUT: return "image (storage or separate)";
   default: return "descriptor of an unsupported kind";
   }
}

/* The variables the module's image atomics reach: OpImageTexelPointer's image operand, and
 * the base of an access chain that is one (an element of an image array). */
struct atomic_targets {
   uint32_t id[32];
   uint32_t n;
   bool overflow; /* more than fit: every image counts as one */
};

static void
atomic_add(struct atomic_targets *a, uint32_t id)
{
   for (uint32_t i = 0; i < a->n; i++)
      if (a->id[i] == id)
         return;
   if (a->n == sizeof(a->id) / sizeof(a->id[0]))
      a->overflow = true;
   else
      a->id[a->n++] = id;
}

static bool
atomic_target(const struct atomic_targets *a, uint32_t id)
{
   for (uint32_t i = 0; i < a->n; i++)
      if (a->id[i] == id)
         return true;
   return a->overflow;
}

static void
scan_image_atomics(const uint32_t *w, size_t n, struct atomic_targets *a)
{
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == SpvOpImageTexelPointer && it.nops >= 3)
         atomic_add(a, it.o[2]);
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if ((it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) && it.nops >= 3 &&
          atomic_target(a, it.o[1]))
         atomic_add(a, it.o[2]);
}

/* Whether variable id is among the entry point's statically used resources of this type. */
static bool
is_active(spvc_resources active, spvc_resource_type type, SpvId id)
{
   const spvc_reflected_resource *list = NULL;
   size_t n = 0;
   if (spvc_resources_get_resource_list_for_type(active, type, &list, &n) != SPVC_SUCCESS)
      return true; /* unknown: treat it as used, so it needs a real binding */
   for (size_t i = 0; i < n; i++)
      if (list[i].id == id)
         return true;
   return false;
}

/* One descriptor variable into sh->binding; false with *why. Its DescriptorSet decoration
 * word goes to *set_word (when it has one) for the set split. */
static bool
add_descriptor(spvc_compiler comp, spvc_resource_type list, const spvc_reflected_resource *r,
               spvc_resources active, const struct atomic_targets *atomics,
               VkShaderStageFlagBits stage, struct vkb_shader *sh, const char **why)
{
   if (!spvc_compiler_has_decoration(comp, r->id, SpvDecorationBinding))
      return true;
   if (spvc_compiler_get_decoration(comp, r->id, SpvDecorationDescriptorSet) > 0) {
      *why = "descriptor set other than 0";
      return false;
   }
   spvc_type t = spvc_compiler_get_type_handle(comp, r->type_id);
   const unsigned dims = spvc_type_get_num_array_dimensions(t);
   uint32_t count = 1;
   if (dims >= 1) {
      /* SPIRV-Cross keeps array lengths outermost last; a runtime array is a literal 0. */
      const unsigned outer = dims - 1;
      if (!spvc_type_array_dimension_is_literal(t, outer)) {
         *why = "descriptor array without a constant length";
         return false;
      }
      count = spvc_type_get_array_dimension(t, outer);
      if (count == 0) {
         *why = "runtime-sized descriptor array";
         return false;
      }
   }
   VkDescriptorType dt = 0;
   const char *unsupported =
      dims > 1 ? "descriptor of an unsupported kind" : descriptor_type(comp, list, r, &dt);
   const uint32_t b = spvc_compiler_get_decoration(comp, r->id, SpvDecorationBinding);
   if (b >= VKB_UNUSED_BINDING_BASE) {
      /* Left out of the pipeline layout: only a variable no code reaches may sit there (a
       * client's module that uses one would have the device read a descriptor it never got). */
      if (is_active(active, list, r->id)) {
         *why = "descriptor used by the entry point at a binding for unused ones";
         return false;
      }
      return true; /* declared, statically unused (glsl.h contract) */
   }
   if (unsupported) {
      *why = unsupported;
      return false;
   }
   if (b >= VKB_MAX_BINDING || count > VKB_MAX_BINDING - b) {
      *why = "descriptor binding out of range";
      return false;
   }
   const bool sampler_like = dt == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER ||
                             dt == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
   const bool storage = dt == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
   const bool image =
      dt == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE || dt == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
   const bool in_storage_range = b >= VKB_SSBO_BASE && b < VKB_IMAGE_BASE;
   const bool in_image_range = b >= VKB_IMAGE_BASE && b < VKB_IMAGE_BASE + VKB_MAX_IMAGES;
   if ((b < VKB_SAMPLER_BASE) == (sampler_like || storage || image) ||
       storage != in_storage_range || image != in_image_range ||
       (b == VKB_BLEND_DST_BINDING && (dt != VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER ||
                                       stage != VK_SHADER_STAGE_FRAGMENT_BIT || count != 1))) {
      *why = "descriptor type does not match the binding contract";
      return false;
   }
   if (b == VKB_BLEND_DST_BINDING)
      sh->blend_dst = true;
   if (dt == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER) {
      /* the atomics the module does on it: the device must have them on the unit's format */
      for (uint32_t k = 0; k < count; k++)
         if (atomic_target(atomics, r->id))
            sh->image_atomic |= 1u << (b - VKB_IMAGE_BASE + k);
   } else if (image) {
      /* the view an image unit's texture is seen through has the shader's shape */
      spvc_type it = spvc_compiler_get_type_handle(comp, r->base_type_id);
      const bool arrayed = spvc_type_get_image_arrayed(it);
      VkImageViewType vt;
      switch (spvc_type_get_image_dimension(it)) {
      case SpvDim1D: vt = arrayed ? VK_IMAGE_VIEW_TYPE_1D_ARRAY : VK_IMAGE_VIEW_TYPE_1D; break;
      case SpvDim3D: vt = VK_IMAGE_VIEW_TYPE_3D; break;
      case SpvDimCube:
         vt = arrayed ? VK_IMAGE_VIEW_TYPE_CUBE_ARRAY : VK_IMAGE_VIEW_TYPE_CUBE;
         break;
      default: vt = arrayed ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D; break;
      }
      if (spvc_type_get_image_multisampled(it)) {
         *why = "multisampled image (image2DMS)";
         return false;
      }
      for (uint32_t k = 0; k < count; k++)
         sh->image_view_type[b - VKB_IMAGE_BASE + k] = (uint8_t)vt;
   }
   if (dt == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER) {
      /* The client says which samplers compare (reflection.sampler_kind) and the module says it
       * too (an image type with Depth 1, which a depth comparison reads): the draw picks the
       * sampler and checks the texture's format by the first, so both must agree. */
      spvc_type it = spvc_compiler_get_type_handle(comp, r->base_type_id);
      const bool depth = spvc_type_get_image_is_depth(it);
      for (uint32_t k = 0; k < count; k++) {
         const uint32_t j = b - VKB_SAMPLER_BASE + k;
         if (j < VKB_MAX_SAMPLERS &&
             (sh->refl.sampler_kind[j] == MGP_SAMPLER_KIND_SHADOW) != depth) {
            *why = "sampler kind (shadow or not) disagrees with the module's image type";
            return false;
         }
      }
   }
   struct vkb_shader_binding *sb = &sh->binding[b];
   if (sb->count && (sb->type != dt || sb->count != count)) {
      *why = "binding declared differently in two stages";
      return false;
   }
   sb->type = dt;
   sb->count = count;
   sb->stages |= stage;
   if (b + 1 > sh->max_binding)
      sh->max_binding = b + 1;
   if (count)
      sh->binding_used[b / 64] |= 1ull << (b % 64);
   if (dt != VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER && b >= VKB_SAMPLER_BASE)
      sh->textures_mixed = true;
   return true;
}

/* Moves a variable bound at VKB_SAMPLER_BASE or above to set VKB_SET_TEXTURES: SPIRV-Cross
 * says which word holds its DescriptorSet. */
static void
split_set(spvc_compiler comp, SpvId id, uint32_t *w, size_t n)
{
   unsigned word = 0;
   if (spvc_compiler_get_decoration(comp, id, SpvDecorationBinding) >= VKB_SAMPLER_BASE &&
       spvc_compiler_get_binary_offset_for_decoration(comp, id, SpvDecorationDescriptorSet,
                                                      &word) &&
       word < n)
      w[word] = VKB_SET_TEXTURES;
}

static void
scan_builtin_outputs(spvc_compiler comp, spvc_resources res, VkShaderStageFlagBits stage,
                     struct vkb_shader *sh, size_t n)
{
   /* gl_ViewportIndex from the vertex or tessellation-evaluation stage too
    * (GL_ARB_shader_viewport_layer_array); the rest is the geometry stage's */
   if (stage != VK_SHADER_STAGE_GEOMETRY_BIT && stage != VK_SHADER_STAGE_VERTEX_BIT &&
       stage != VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT)
      return;
   const spvc_reflected_builtin_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_builtin_resource_list_for_type(
          res, SPVC_BUILTIN_RESOURCE_TYPE_STAGE_OUTPUT, &list, &count) != SPVC_SUCCESS)
      return;
   for (size_t i = 0; i < count; i++) {
      const SpvId id = list[i].resource.id;
      unsigned word = 0;
      if (list[i].builtin == SpvBuiltInViewportIndex)
         sh->writes_viewport = true;
      else if (stage != VK_SHADER_STAGE_GEOMETRY_BIT)
         continue;
      else if (list[i].builtin == SpvBuiltInPrimitiveId)
         sh->gs_primitive_id_out = true;
      else if (list[i].builtin == SpvBuiltInLayer &&
               spvc_compiler_get_decoration(comp, id, SpvDecorationBuiltIn) == SpvBuiltInLayer &&
               spvc_compiler_get_binary_offset_for_decoration(comp, id, SpvDecorationBuiltIn,
                                                              &word) &&
               word < n) {
         sh->writes_layer = true;
         sh->layer_word = word;
      }
   }
}

/* The refusal itself is a counted decline (the caller's); the library's own words are logged
 * once per process, so a client cannot flood the log with them. */
static void
log_spvc_error(void *userdata, const char *error)
{
   (void)userdata;
   static atomic_bool logged;
   if (!atomic_exchange(&logged, true))
      mgu_warn("vulkan: SPIRV-Cross (logged once): %s", error);
}

/* A SPIRV-Cross context and compiler of words w with the stage's entry point selected (its
 * name in *entry, the context's); false with why (*ctx to destroy all the same, NULL where
 * none was made). */
static bool
compiler_for_stage(const uint32_t *w, size_t n, VkShaderStageFlagBits stage, spvc_context *ctx,
                   spvc_compiler *comp, const char **entry, const char **why)
{
   spvc_parsed_ir ir = NULL;
   *ctx = NULL;
   if (spvc_context_create(ctx) != SPVC_SUCCESS) {
      *ctx = NULL;
      *why = "out of memory scanning SPIR-V";
      return false;
   }
   spvc_context_set_error_callback(*ctx, log_spvc_error, NULL);
   if (spvc_context_parse_spirv(*ctx, w, n, &ir) != SPVC_SUCCESS ||
       spvc_context_create_compiler(*ctx, SPVC_BACKEND_NONE, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP,
                                    comp) != SPVC_SUCCESS) {
      *why = "SPIRV-Cross cannot parse the module";
      return false;
   }
   const spvc_entry_point *eps = NULL;
   size_t num_eps = 0, e = 0;
   if (spvc_compiler_get_entry_points(*comp, &eps, &num_eps) != SPVC_SUCCESS)
      num_eps = 0;
   while (e < num_eps && eps[e].execution_model != (SpvExecutionModel)exec_model_for(stage))
      e++;
   if (e == num_eps) {
      *why = "no entry point for the stage";
      return false;
   }
   if (spvc_compiler_set_entry_point(*comp, eps[e].name, eps[e].execution_model) != SPVC_SUCCESS) {
      *why = "SPIRV-Cross cannot select the entry point";
      return false;
   }
   *entry = eps[e].name;
   return true;
}

bool
vkb_io_measure_words(const uint32_t *words, size_t count, VkShaderStageFlagBits stage,
                     struct spv_stage_io *io)
{
   return spv_io_measure_words(words, count, (SpvExecutionModel)exec_model_for(stage), io);
}

bool
vkb_spirv_scan(uint32_t *w, size_t n, VkShaderStageFlagBits stage, struct vkb_shader *sh,
               const char **why)
{
   spvc_context ctx = NULL;
   spvc_compiler comp = NULL;
   spvc_resources res = NULL, active = NULL;
   spvc_set active_set = NULL;
   const char *entry = NULL;
   bool ok = false;
   if (!compiler_for_stage(w, n, stage, &ctx, &comp, &entry, why))
      goto out;
   const int si = stage_index(stage);
   const size_t len = strlen(entry);
   if (len >= sizeof(sh->entry[0])) {
      *why = "entry point name unterminated or too long";
      goto out;
   }
   memcpy(sh->entry[si], entry, len + 1);

   const SpvCapability *caps = NULL;
   size_t num_caps = 0;
   if (spvc_compiler_get_declared_capabilities(comp, &caps, &num_caps) != SPVC_SUCCESS)
      num_caps = 0;
   for (size_t i = 0; i < num_caps; i++) {
      if (caps[i] == SpvCapabilityDrawParameters)
         sh->needs_draw_params = true;
      if (caps[i] == SpvCapabilitySampleRateShading)
         sh->sample_rate = true;
      /* interpolateAt*: InterpolateAtSample rules out custom sample locations */
      if (caps[i] == SpvCapabilityInterpolationFunction && stage == VK_SHADER_STAGE_FRAGMENT_BIT)
         sh->interp_functions = true;
   }
   if (stage == VK_SHADER_STAGE_GEOMETRY_BIT) {
      const SpvExecutionMode *modes = NULL;
      size_t num_modes = 0;
      if (spvc_compiler_get_execution_modes(comp, &modes, &num_modes) != SPVC_SUCCESS)
         num_modes = 0;
      for (size_t i = 0; i < num_modes; i++) {
         if (modes[i] == SpvExecutionModeOutputPoints)
            sh->gs_output_points = true;
         if (modes[i] == SpvExecutionModeOutputLineStrip)
            sh->gs_output_lines = true;
      }
   }
   spvc_compiler_update_active_builtins(comp);
   if (spvc_compiler_has_active_builtin(comp, SpvBuiltInPointSize, SpvStorageClassOutput))
      sh->writes_point_size[si] = true;
   if (spvc_compiler_has_active_builtin(comp, SpvBuiltInPrimitiveId, SpvStorageClassInput))
      sh->reads_primitive_id = true;

   if (spvc_compiler_create_shader_resources(comp, &res) != SPVC_SUCCESS) {
      *why = "SPIRV-Cross cannot reflect the module's resources";
      goto out;
   }
   if (spvc_compiler_get_active_interface_variables(comp, &active_set) != SPVC_SUCCESS ||
       spvc_compiler_create_shader_resources_for_active_variables(comp, &active, active_set) !=
          SPVC_SUCCESS) {
      *why = "SPIRV-Cross cannot find the module's used resources";
      goto out;
   }
   scan_builtin_outputs(comp, res, stage, sh, n);
   if (!spv_io_measure(comp, res, (SpvExecutionModel)exec_model_for(stage), &sh->io[si])) {
      *why = "an interface variable's array length is not a literal (or nests too deep)";
      goto out;
   }
   struct atomic_targets atomics = {.n = 0};
   scan_image_atomics(w, n, &atomics);
   for (size_t l = 0; l < sizeof(descriptor_lists) / sizeof(descriptor_lists[0]); l++) {
      const spvc_reflected_resource *list = NULL;
      size_t count = 0;
      if (spvc_resources_get_resource_list_for_type(res, descriptor_lists[l], &list, &count) !=
          SPVC_SUCCESS) {
         *why = "SPIRV-Cross cannot list the module's resources";
         goto out;
      }
      for (size_t i = 0; i < count; i++)
         if (!add_descriptor(comp, descriptor_lists[l], &list[i], active, &atomics, stage, sh, why))
            goto out;
   }
   /* Only once every variable passed: the caller's words change here. */
   for (size_t l = 0; l < sizeof(descriptor_lists) / sizeof(descriptor_lists[0]); l++) {
      const spvc_reflected_resource *list = NULL;
      size_t count = 0;
      if (spvc_resources_get_resource_list_for_type(res, descriptor_lists[l], &list, &count) ==
          SPVC_SUCCESS)
         for (size_t i = 0; i < count; i++)
            split_set(comp, list[i].id, w, n);
   }
   ok = true;
out:
   if (ctx)
      spvc_context_destroy(ctx);
   return ok;
}
