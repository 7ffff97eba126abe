/* vkb_pipeline.c — graphics pipelines, made lazily at draw and cached by (the pipeline part of
 * the render-state CSO (its share id, vkb_dynstate.c), vertex-elements CSO, shader CSO,
 * attachment formats, sample count, topology (class)) in a hash table, backed by a
 * VkPipelineCache that outlives the process (vkb_pipeline_disk.c). Viewport, scissor, depth range and bias, blend constants, stencil
 * reference / masks and line width are dynamic state, and so are, where the device has them,
 * the render-state fields vkb_dynstate.c records: they never reach this file, so a change of
 * them never creates a pipeline (pipelines_created proves it). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "log.h"
#include "spv.h"
#include "vkb.h"

static struct vkb_pipeline_entry *
entry_at(const struct vkb_pipeline_cache *c, uint32_t slot)
{
   return (struct vkb_pipeline_entry *)(uintptr_t)c->table.slots[slot].value;
}

bool
vkb_pipeline_cache_init(struct vkb_screen *scr)
{
   struct vkb_pipeline_cache *c = &scr->pipes;
   mgu_hash_table_init(&c->table);
   if (!mgu_hash_table_reserve(&c->table, 128))
      return false;
   /* the file of an earlier run, its header checked (vkb_pipeline_disk.c) */
   size_t size = 0;
   void *data = vkb_pipeline_disk_load(scr, &size);
   VkPipelineCacheCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
                                    .initialDataSize = size,
                                    .pInitialData = data};
   VkResult r = vkCreatePipelineCache(scr->dev, &pci, NULL, &c->vk);
   if (r != VK_SUCCESS && data) {
      vkb_pipeline_disk_rejected(scr, "vkCreatePipelineCache refused it");
      pci.initialDataSize = size = 0;
      pci.pInitialData = NULL;
      r = vkCreatePipelineCache(scr->dev, &pci, NULL, &c->vk);
   }
   if (r == VK_SUCCESS)
      vkb_pipeline_disk_loaded(scr, data, size);
   free(data);
   if (r != VK_SUCCESS) {
      mgu_hash_table_finish(&c->table);
      free(c->path);
      c->path = NULL;
      return false;
   }
   return true;
}

void
vkb_pipeline_cache_finish(struct vkb_screen *scr)
{
   struct vkb_pipeline_cache *c = &scr->pipes;
   for (uint32_t i = mgu_hash_table_next(&c->table, 0); i != MGU_HASH_NONE;
        i = mgu_hash_table_next(&c->table, i + 1)) {
      struct vkb_pipeline_entry *e = entry_at(c, i);
      if (!e->failed)
         vkDestroyPipeline(scr->dev, e->pipeline, NULL);
      free(e);
   }
   mgu_hash_table_finish(&c->table);
   vkb_pipeline_disk_save(scr); /* what this run compiled, for the next */
   free(c->path);
   c->path = NULL;
   if (c->vk)
      vkDestroyPipelineCache(scr->dev, c->vk, NULL);
   c->vk = VK_NULL_HANDLE;
}

static uint64_t
key_hash(const struct vkb_pipeline_key *k)
{
   uint64_t h = mgu_hash64(k, sizeof(*k), 0x6d676c70u);
   return h ? h : 1;
}

static bool
key_eq(const struct vkb_pipeline_key *a, const struct vkb_pipeline_key *b)
{
   return memcmp(a, b, sizeof(*a)) == 0;
}

/* ---- building one pipeline ----------------------------------------------------------------- */

void
vkb_centre_locations(VkSampleCountFlagBits n, VkSampleLocationEXT *locs,
                     VkSampleLocationsInfoEXT *info)
{
   for (uint32_t i = 0; i < (uint32_t)n; i++)
      locs[i] = (VkSampleLocationEXT){0.5f, 0.5f};
   *info = (VkSampleLocationsInfoEXT){
      .sType = VK_STRUCTURE_TYPE_SAMPLE_LOCATIONS_INFO_EXT,
      .sampleLocationsPerPixel = n,
      .sampleLocationGridSize = {1, 1},
      .sampleLocationsCount = (uint32_t)n,
      .pSampleLocations = locs,
   };
}

const struct mgp_render_state vkb_default_render_state = {
   .blend = {{.color_mask = 0xf,
              .eq_rgb = MGP_BLEND_OP_ADD,
              .eq_alpha = MGP_BLEND_OP_ADD,
              .src_rgb = MGP_BLEND_FACTOR_ONE,
              .dst_rgb = MGP_BLEND_FACTOR_ZERO,
              .src_alpha = MGP_BLEND_FACTOR_ONE,
              .dst_alpha = MGP_BLEND_FACTOR_ZERO}},
   .depth_write = 1,
   .depth_func = MGP_COMPARE_FUNC_LESS,
   .front_face = MGP_FRONT_FACE_CCW,
   .polygon_mode = MGP_POLYGON_MODE_FILL,
   .stencil_func = {MGP_COMPARE_FUNC_ALWAYS, MGP_COMPARE_FUNC_ALWAYS},
   .stencil_fail = {MGP_STENCIL_OP_KEEP, MGP_STENCIL_OP_KEEP},
   .stencil_zfail = {MGP_STENCIL_OP_KEEP, MGP_STENCIL_OP_KEEP},
   .stencil_zpass = {MGP_STENCIL_OP_KEEP, MGP_STENCIL_OP_KEEP},
   .sample_mask = 0xffffffffu,
   .multisample = 1,
};

static VkPrimitiveTopology
topology_class_rep(VkPrimitiveTopology t)
{
   switch (t) {
   case VK_PRIMITIVE_TOPOLOGY_POINT_LIST: return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY: return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
   case VK_PRIMITIVE_TOPOLOGY_PATCH_LIST: return VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
   default: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   }
}

/* A fragment variant (vkb_shader.fs_per_sample, fs_single), made from its words at the
 * first pipeline that needs it; VK_NULL_HANDLE where there is none (a rewrite that does not
 * validate is dropped: the pipeline then takes the client's module). */
static VkShaderModule
variant_module(struct vkb_screen *scr, uint32_t **words, size_t *nwords, VkShaderModule *mod,
               const char *what)
{
   if (*mod || !*words)
      return *mod;
   char invalid[256];
   if (vkb_spirv_validate(scr, *words, *nwords, invalid, sizeof(invalid))) {
      const VkShaderModuleCreateInfo mci = {
         .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
         .codeSize = *nwords * 4,
         .pCode = *words,
      };
      if (!vkb_check(scr, vkCreateShaderModule(scr->dev, &mci, NULL, mod), what))
         *mod = VK_NULL_HANDLE;
   } else {
      mgu_warn("vulkan: the %s rewrite does not validate: %s", what, invalid);
   }
   free(*words);
   *words = NULL;
   return *mod;
}

static const char *
build(struct vkb_screen *scr, const struct vkb_pipeline_key *key,
      const struct vkb_render_state *rso, const struct vkb_vertex_elements *veo,
      const struct vkb_shader *sh, uint32_t default_binding, VkPipeline *out)
{
   /* What is dynamic state on this device is left at zero here: the draw records it
    * (vkb_dynstate.c), and CSOs that differ only there share this pipeline. */
   struct mgp_render_state default_part;
   if (!rso)
      vkb_render_state_pipeline_part(scr, &vkb_default_render_state, &default_part);
   const struct mgp_render_state *rs = rso ? &rso->share->part : &default_part;

   /* Stages. Sample shading at a fraction of 1.0 evaluates each sample's inputs at its
    * location (GL 4.6 14.3.1.1): the fragment variant whose inputs are Sample-decorated. */
   struct vkb_shader *shm = vkb_lookup(scr, &scr->shaders, key->shader, "fragment variant");
   const bool ms_raster = (key->samples > 1 || key->ms_one) && rs->multisample;
   VkShaderModule fs_variant = VK_NULL_HANDLE;
   if (shm && ms_raster && rs->sample_shading && !(rs->min_sample_shading < 1.0f))
      fs_variant = variant_module(scr, &shm->fs_per_sample_words, &shm->fs_per_sample_n,
                                  &shm->fs_per_sample, "per-sample inputs");
   /* Single-sample rasterization (GL_MULTISAMPLE off, or one sample): one invocation per
    * pixel, gl_SampleMask ignored (spv_single_sample.c). */
   if (shm && !ms_raster)
      fs_variant = variant_module(scr, &shm->fs_single_words, &shm->fs_single_n, &shm->fs_single,
                                  "single-sample built-ins");
   VkPipelineShaderStageCreateInfo stages[MGP_SHADER_STAGE_COUNT];
   uint32_t nstages = 0;
   static const VkShaderStageFlagBits bits[MGP_SHADER_STAGE_COUNT] = {
      VK_SHADER_STAGE_VERTEX_BIT,
      VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
      VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
      VK_SHADER_STAGE_GEOMETRY_BIT,
      VK_SHADER_STAGE_FRAGMENT_BIT,
      VK_SHADER_STAGE_COMPUTE_BIT};
   /* GL_CLIP_DISTANCEi: the last pre-rasterization stage's enables (spv_clip_enables.c). */
   VkBool32 clip_on[SPV_CLIP_ENABLE_MAX];
   VkSpecializationMapEntry clip_map[SPV_CLIP_ENABLE_MAX];
   for (uint32_t i = 0; i < sh->clip_planes; i++) {
      clip_on[i] = (rs->clip_distance_mask >> i) & 1u;
      clip_map[i] = (VkSpecializationMapEntry){SPV_CLIP_ENABLE_SPEC_ID + i,
                                               i * (uint32_t)sizeof(VkBool32), sizeof(VkBool32)};
   }
   const VkSpecializationInfo clip_spec = {
      .mapEntryCount = sh->clip_planes,
      .pMapEntries = clip_map,
      .dataSize = sh->clip_planes * sizeof(VkBool32),
      .pData = clip_on,
   };
   /* glClipControl: the factors of the last pre-rasterization stage's clip-space remap
    * (spv_patch.c; spv.h, SPV_CLIP_CONTROL_SPEC_ID), left at their defaults (GL's lower-left,
    * [-1, 1]) unless the state says otherwise. A stage without them ignores the entries. */
   struct cc_data {
      VkBool32 on[SPV_CLIP_ENABLE_MAX];
      float f[3]; /* y's, z's and w's */
   } cc_data;
   VkSpecializationMapEntry cc_map[SPV_CLIP_ENABLE_MAX + 3];
   const bool upper = rs->clip_control & MGP_CLIP_UPPER_LEFT;
   const bool zero_one = rs->clip_control & MGP_CLIP_ZERO_TO_ONE;
   cc_data.f[0] = upper ? -1.0f : 1.0f;
   cc_data.f[1] = zero_one ? 1.0f : 0.5f;
   cc_data.f[2] = zero_one ? 0.0f : 0.5f;
   memcpy(cc_data.on, clip_on, sh->clip_planes * sizeof(VkBool32));
   memcpy(cc_map, clip_map, sh->clip_planes * sizeof(*cc_map));
   for (uint32_t i = 0; i < 3; i++)
      cc_map[sh->clip_planes + i] = (VkSpecializationMapEntry){
         SPV_CLIP_CONTROL_SPEC_ID + i, (uint32_t)offsetof(struct cc_data, f) + i * 4u, 4};
   const VkSpecializationInfo cc_spec = {
      .mapEntryCount = sh->clip_planes + 3,
      .pMapEntries = cc_map,
      .dataSize = sizeof(cc_data),
      .pData = &cc_data,
   };
   for (int s = 0; s < MGP_SHADER_STAGE_COUNT; s++) {
      if (!sh->mod[s])
         continue;
      const VkSpecializationInfo *spec = NULL;
      if (rs->clip_control && s != MGP_SHADER_STAGE_FRAGMENT && s != MGP_SHADER_STAGE_COMPUTE)
         spec = &cc_spec; /* carries the clip enables too (clip_map's entries first) */
      else if (sh->clip_planes && s == sh->clip_stage)
         spec = &clip_spec;
      stages[nstages++] = (VkPipelineShaderStageCreateInfo){
         .pSpecializationInfo = spec,
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = bits[s],
         .module = s == MGP_SHADER_STAGE_GEOMETRY && key->layer_ignored ? sh->gs_layer_ignored
                   : s == MGP_SHADER_STAGE_FRAGMENT && fs_variant       ? fs_variant
                                                                        : sh->mod[s],
         .pName = sh->entry[s],
      };
   }

   /* Vertex input: the enabled attributes the program reads, then the default values. */
   VkVertexInputBindingDescription bd[VKB_MAX_VB + 1];
   VkVertexInputAttributeDescription ad[32];
   VkVertexInputBindingDivisorDescriptionEXT dd[VKB_MAX_VB];
   uint32_t nb = 0, na = 0, nd = 0, used_bindings = 0;
   const uint32_t reads = sh->refl.vertex_input_mask;
   const uint32_t enabled = veo ? veo->ve.enabled_mask & reads & 0xffffu : 0;
   for (uint32_t loc = 0; loc < VKB_MAX_ATTRIBS; loc++) {
      if (!(enabled & (1u << loc)))
         continue;
      const struct mgp_vertex_attrib *a = &veo->ve.attribs[loc];
      VkFormat f;
      uint32_t bytes;
      if (a->binding >= VKB_MAX_VB)
         return "vertex attribute binding out of range";
      /* a 64-bit format feeds a double input, and only that (GL leaves a mismatch undefined;
       * Vulkan forbids it) */
      if ((sh->refl.vertex_input_kind[loc] == 3) != ((a->flags & MGP_ATTRIB_DOUBLE) != 0))
         return "a double vertex input with a non-64-bit attribute, or the reverse";
      if (a->flags & MGP_ATTRIB_DOUBLE) {
         /* the module reads unsigned pairs (spv_double_inputs.c): x and y at loc, z and w at
          * loc + SPV_DOUBLE_HI_LOCATION where a dvec3 / dvec4 reads them (a smaller attribute's
          * undefined components read its own bytes again; a dvec2 or double ignores them) */
         if (a->type != MGP_VERTEX_TYPE_DOUBLE || a->size < 1 || a->size > 4)
            return "a 64-bit vertex attribute of another type or size";
         /* (compared without the sum: a hostile offset near 2^32 would wrap past the limit) */
         const uint32_t max_off = scr->props.limits.maxVertexInputAttributeOffset;
         if (a->relative_offset > max_off || max_off - a->relative_offset < 16u)
            return "vertex attribute offset over maxVertexInputAttributeOffset";
         if (na + 2 > 32)
            return "too many vertex inputs";
         ad[na++] = (VkVertexInputAttributeDescription){
            .location = loc,
            .binding = a->binding,
            .format = a->size == 1 ? VK_FORMAT_R32G32_UINT : VK_FORMAT_R32G32B32A32_UINT,
            .offset = a->relative_offset};
         if (loc + SPV_DOUBLE_HI_LOCATION >= scr->props.limits.maxVertexInputAttributes)
            return "too many vertex inputs";
         ad[na++] = (VkVertexInputAttributeDescription){
            .location = loc + SPV_DOUBLE_HI_LOCATION,
            .binding = a->binding,
            .format = a->size == 4 ? VK_FORMAT_R32G32B32A32_UINT : VK_FORMAT_R32G32_UINT,
            .offset = a->relative_offset + (a->size > 2 ? 16u : 0u)};
         used_bindings |= 1u << a->binding;
         continue;
      }
      if (!vkb_enum_vertex_format(a, &f, &bytes))
         return "vertex attribute type/size has no Vulkan format";
      if (a->relative_offset > scr->props.limits.maxVertexInputAttributeOffset)
         return "vertex attribute offset over maxVertexInputAttributeOffset";
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(scr->phys, f, &fp);
      if (!(fp.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT))
         return "vertex attribute format not fetchable on this device";
      ad[na++] = (VkVertexInputAttributeDescription){
         .location = loc, .binding = a->binding, .format = f, .offset = a->relative_offset};
      used_bindings |= 1u << a->binding;
   }
   for (uint32_t b = 0; b < VKB_MAX_VB; b++) {
      if (!(used_bindings & (1u << b)))
         continue;
      const struct mgp_vertex_binding *vb = &veo->ve.bindings[b];
      if (vb->stride > scr->props.limits.maxVertexInputBindingStride)
         return "vertex stride over maxVertexInputBindingStride";
      bd[nb++] = (VkVertexInputBindingDescription){
         .binding = b,
         .stride = vb->stride,
         .inputRate = vb->divisor ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX,
      };
      if (vb->divisor > 1) {
         if (!scr->has_divisor)
            return "instance divisor > 1 needs VK_EXT_vertex_attribute_divisor";
         dd[nd++] = (VkVertexInputBindingDivisorDescriptionEXT){b, vb->divisor};
      }
   }
   const uint32_t defaults = reads & ~enabled;
   if (defaults) {
      for (uint32_t loc = 0; loc < 32; loc++) {
         if (!(defaults & (1u << loc)))
            continue;
         /* kind 3: a double's x and y as the unsigned pairs the module reads
          * (spv_double_inputs.c), z and w at loc + SPV_DOUBLE_HI_LOCATION */
         static const VkFormat kf[4] = {VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_R32G32B32A32_SINT,
                                        VK_FORMAT_R32G32B32A32_UINT, VK_FORMAT_R32G32B32A32_UINT};
         const uint8_t kind = sh->refl.vertex_input_kind[loc];
         if (kind > 3)
            return "vertex input of an unknown kind";
         const bool wide = kind == 3;
         const uint32_t last = loc + (wide ? SPV_DOUBLE_HI_LOCATION : 0u);
         if (na + (wide ? 2 : 1) > 32 || last >= scr->props.limits.maxVertexInputAttributes)
            return "too many vertex inputs";
         /* vkb_context.attrib_value: 32 bytes a location */
         ad[na++] = (VkVertexInputAttributeDescription){
            .location = loc, .binding = default_binding, .format = kf[kind], .offset = loc * 32};
         if (wide)
            ad[na++] = (VkVertexInputAttributeDescription){.location = last,
                                                           .binding = default_binding,
                                                           .format = kf[kind],
                                                           .offset = loc * 32 + 16};
      }
      bd[nb++] = (VkVertexInputBindingDescription){
         .binding = default_binding, .stride = 0, .inputRate = VK_VERTEX_INPUT_RATE_VERTEX};
   }
   VkPipelineVertexInputDivisorStateCreateInfoEXT divisor = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT,
      .vertexBindingDivisorCount = nd,
      .pVertexBindingDivisors = dd,
   };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .pNext = nd ? &divisor : NULL,
      .vertexBindingDescriptionCount = nb,
      .pVertexBindingDescriptions = bd,
      .vertexAttributeDescriptionCount = na,
      .pVertexAttributeDescriptions = ad,
   };

   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = (VkPrimitiveTopology)key->topology,
      .primitiveRestartEnable = key->restart,
   };
   /* GL's domain origin: gl_TessCoord and the vertex order as GL defines them */
   VkPipelineTessellationDomainOriginStateCreateInfo origin = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_DOMAIN_ORIGIN_STATE_CREATE_INFO,
      .domainOrigin = VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT,
   };
   VkPipelineTessellationStateCreateInfo tess = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
      .pNext = &origin,
      .patchControlPoints = key->patch_vertices,
   };
   VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = key->viewports ? key->viewports : 1,
      .scissorCount = key->viewports ? key->viewports : 1,
   };

   /* Rasterization. */
   VkPipelineRasterizationStateCreateInfo rast = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .rasterizerDiscardEnable = rs->rasterizer_discard,
      .lineWidth = 1.0f,
   };
   unsigned bias_bit = 0;
   switch (rs->polygon_mode) {
   case MGP_POLYGON_MODE_FILL:
      rast.polygonMode = VK_POLYGON_MODE_FILL;
      bias_bit = 1;
      break;
   case MGP_POLYGON_MODE_LINE:
      rast.polygonMode = VK_POLYGON_MODE_LINE;
      bias_bit = 2;
      break;
   case MGP_POLYGON_MODE_POINT:
      rast.polygonMode = VK_POLYGON_MODE_POINT;
      bias_bit = 4;
      break;
   default: return "polygon mode";
   }
   if (rast.polygonMode != VK_POLYGON_MODE_FILL && !scr->features.fillModeNonSolid)
      return "polygon mode LINE/POINT needs fillModeNonSolid";
   /* GL's depth offset applies to polygons only; its enable depends on the polygon mode. */
   const bool tri =
      topology_class_rep((VkPrimitiveTopology)key->topology) == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   rast.depthBiasEnable = tri && (rs->polygon_offset_enable & bias_bit);
   if (rs->depth_clamp) {
      if (!scr->features.depthClamp)
         return "depth clamp needs the depthClamp feature";
      rast.depthClampEnable = VK_TRUE;
   }
   switch (rs->cull_face) {
   case MGP_CULL_MODE_NONE: rast.cullMode = VK_CULL_MODE_NONE; break;
   case MGP_CULL_MODE_FRONT: rast.cullMode = VK_CULL_MODE_FRONT_BIT; break;
   case MGP_CULL_MODE_BACK: rast.cullMode = VK_CULL_MODE_BACK_BIT; break;
   case MGP_CULL_MODE_FRONT_AND_BACK: rast.cullMode = VK_CULL_MODE_FRONT_AND_BACK; break;
   default: return "cull face";
   }
   /* A positive viewport keeps GL's rows, but Vulkan's area sign is GL's negated. */
   rast.frontFace = vkb_front_face(rs);
   VkPipelineRasterizationProvokingVertexStateCreateInfoEXT pv = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT,
      .provokingVertexMode = VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT,
   };
   if (key->provoking_last)
      rast.pNext = &pv;
   /* GL_LINE_SMOOTH (GL 3.3 §3.5.2): whatever reaches the rasterizer as lines (a line
    * topology, polygon edges, a geometry shader's strips; the mode leaves other primitives
    * alone), single-sampled only: multisampled, GL ignores it (§3.5.4). vkb_draw.c counts the
    * draws it cannot do. */
   /* Aliased lines, GL_LINE_SMOOTH drawn aliased included: the diamond-exit rule (§3.5.1),
    * Vulkan's Bresenham mode, wherever GL rasterizes single-sampled (one sample, or
    * GL_MULTISAMPLE off); multisampled, GL's line is a rectangle (§3.5.4): the default mode.
    * vkb_draw.c counts the lines a device without bresenhamLines draws otherwise. */
   VkPipelineRasterizationLineStateCreateInfoEXT line = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT,
      .pNext = rast.pNext,
      .lineRasterizationMode = vkb_line_mode(scr, rs, key->samples),
   };
   /* GL_LINE_STIPPLE (GL 2.1 §3.4.2): the stipple of the mode chosen, the factor and pattern
    * dynamic state. vkb_draw.c counts lines drawn unstippled. */
   if (rs->line_stipple) {
      line.stippledLineEnable = vkb_line_stippled(scr, line.lineRasterizationMode);
      line.lineStippleFactor = 1;
      line.lineStipplePattern = 0xffff;
   }
   if (line.lineRasterizationMode != VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT)
      rast.pNext = &line;

   /* Multisampling: the attachments' count. GL_MULTISAMPLE off keeps that count but turns
    * off every per-sample control, as GL does; where the draw found the device able
    * (key->centre_locations, vkb_draw.c) every sample sits at the pixel centre, so coverage is
    * the pixel centre's for all of them (GL 3.3 §3.3.1). The locations are static state:
    * the draw's key names them, and the device has variableSampleLocations. */
   const VkSampleCountFlagBits nsamples =
      key->samples > 1 ? (VkSampleCountFlagBits)key->samples : VK_SAMPLE_COUNT_1_BIT;
   const bool ms_on = (nsamples != VK_SAMPLE_COUNT_1_BIT || key->ms_one) && rs->multisample;
   VkSampleMask sample_mask = 0xffffffffu;
   if (ms_on)
      sample_mask = rs->sample_mask & key->coverage_mask;
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = nsamples,
      .pSampleMask = ms_on ? &sample_mask : NULL,
      .alphaToCoverageEnable = ms_on && rs->alpha_to_coverage,
   };
   VkSampleLocationEXT centre[64];
   VkPipelineSampleLocationsStateCreateInfoEXT locs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SAMPLE_LOCATIONS_STATE_CREATE_INFO_EXT};
   if (key->centre_locations && !ms_on && (scr->centre_sample_counts & nsamples)) {
      vkb_centre_locations(nsamples, centre, &locs.sampleLocationsInfo);
      locs.sampleLocationsEnable = VK_TRUE;
      ms.pNext = &locs;
   }
   if (ms_on && rs->alpha_to_one) {
      if (!scr->features.alphaToOne)
         return "alpha to one needs the alphaToOne feature";
      ms.alphaToOneEnable = VK_TRUE;
   }
   if (ms_on && rs->sample_shading) {
      if (!scr->features.sampleRateShading)
         return "sample shading needs the sampleRateShading feature";
      ms.sampleShadingEnable = VK_TRUE;
      /* the client's float: Vulkan takes [0, 1] only (NaN fails both tests: 1) */
      const float m = rs->min_sample_shading;
      ms.minSampleShading = m >= 0.0f && m <= 1.0f ? m : m < 0.0f ? 0.0f : 1.0f;
   }

   /* Depth / stencil: GL tests only against buffers that exist. */
   VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
   };
   if (rs->depth_test && key->depth != VK_FORMAT_UNDEFINED) {
      ds.depthTestEnable = VK_TRUE;
      ds.depthWriteEnable = rs->depth_write != 0;
      if (!vkb_enum_compare_op(rs->depth_func, &ds.depthCompareOp))
         return "depth func";
   }
   if (rs->stencil_test && key->stencil != VK_FORMAT_UNDEFINED) {
      ds.stencilTestEnable = VK_TRUE;
      VkStencilOpState *st[2] = {&ds.front, &ds.back};
      for (int i = 0; i < 2; i++) {
         if (!vkb_enum_compare_op(rs->stencil_func[i], &st[i]->compareOp) ||
             !vkb_enum_stencil_op(rs->stencil_fail[i], &st[i]->failOp) ||
             !vkb_enum_stencil_op(rs->stencil_zfail[i], &st[i]->depthFailOp) ||
             !vkb_enum_stencil_op(rs->stencil_zpass[i], &st[i]->passOp))
            return "stencil func/op";
      }
   }

   /* Blend, one state per draw buffer (rendering attachment i == draw buffer i). */
   VkPipelineColorBlendAttachmentState cb[VKB_MAX_COLOR];
   for (uint32_t i = 0; i < key->color_count; i++) {
      const struct mgp_blend_target *bt = &rs->blend[rs->independent_blend ? i : 0];
      VkPipelineColorBlendAttachmentState *a = &cb[i];
      memset(a, 0, sizeof(*a));
      a->colorWriteMask = bt->color_mask & 0xf;
      if (!(key->color_has_alpha & (1u << i)))
         a->colorWriteMask &= ~VK_COLOR_COMPONENT_A_BIT;
      /* an advanced equation (MGP_CAP_BLEND_SHADER) is the fragment stage's: no blending here,
       * and a program that does not blend it is refused */
      const bool advanced = bt->enable && bt->eq_rgb >= MGP_BLEND_OP_MULTIPLY;
      if (advanced && (i > 0 || !sh->blend_dst))
         return "an advanced blend equation on a draw buffer the program does not blend";
      if (bt->enable && (key->color_blendable & (1u << i)) && !advanced) {
         a->blendEnable = VK_TRUE;
         if (!vkb_enum_blend_factor(bt->src_rgb, &a->srcColorBlendFactor) ||
             !vkb_enum_blend_factor(bt->dst_rgb, &a->dstColorBlendFactor) ||
             !vkb_enum_blend_factor(bt->src_alpha, &a->srcAlphaBlendFactor) ||
             !vkb_enum_blend_factor(bt->dst_alpha, &a->dstAlphaBlendFactor))
            return "blend factor";
         if (!vkb_enum_blend_op(bt->eq_rgb, &a->colorBlendOp) ||
             !vkb_enum_blend_op(bt->eq_alpha, &a->alphaBlendOp))
            return "blend equation (advanced blending not implemented)";
         const VkBlendFactor f[4] = {a->srcColorBlendFactor, a->dstColorBlendFactor,
                                     a->srcAlphaBlendFactor, a->dstAlphaBlendFactor};
         for (int k = 0; k < 4; k++)
            if (f[k] >= VK_BLEND_FACTOR_SRC1_COLOR &&
                f[k] <= VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA && !scr->features.dualSrcBlend)
               return "dual-source blending needs dualSrcBlend";
      }
      if (i > 0 && !scr->features.independentBlend && memcmp(a, &cb[0], sizeof(*a)))
         return "per-draw-buffer blend / mask needs independentBlend";
   }
   VkPipelineColorBlendStateCreateInfo blend = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = key->color_count,
      .pAttachments = cb,
   };
   if (rs->logic_op_enable) {
      if (!scr->features.logicOp)
         return "logic op needs the logicOp feature";
      blend.logicOpEnable = VK_TRUE;
      if (!vkb_enum_logic_op(rs->logic_op, &blend.logicOp))
         return "logic op";
   }

   VkDynamicState dyn[24];
   uint32_t ndyn = 0;
   dyn[ndyn++] = VK_DYNAMIC_STATE_VIEWPORT;
   dyn[ndyn++] = VK_DYNAMIC_STATE_SCISSOR;
   dyn[ndyn++] = VK_DYNAMIC_STATE_LINE_WIDTH;
   dyn[ndyn++] = VK_DYNAMIC_STATE_DEPTH_BIAS;
   dyn[ndyn++] = VK_DYNAMIC_STATE_BLEND_CONSTANTS;
   dyn[ndyn++] = VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK;
   dyn[ndyn++] = VK_DYNAMIC_STATE_STENCIL_WRITE_MASK;
   dyn[ndyn++] = VK_DYNAMIC_STATE_STENCIL_REFERENCE;
   if (scr->stipple_modes)
      dyn[ndyn++] = VK_DYNAMIC_STATE_LINE_STIPPLE_EXT;
   if (scr->has_dynamic_topology)
      dyn[ndyn++] = VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY;
   if (scr->has_dyn_rs) {
      dyn[ndyn++] = VK_DYNAMIC_STATE_CULL_MODE;
      dyn[ndyn++] = VK_DYNAMIC_STATE_FRONT_FACE;
      dyn[ndyn++] = VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE;
      dyn[ndyn++] = VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE;
      dyn[ndyn++] = VK_DYNAMIC_STATE_DEPTH_COMPARE_OP;
      dyn[ndyn++] = VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE;
      dyn[ndyn++] = VK_DYNAMIC_STATE_STENCIL_OP;
      dyn[ndyn++] = VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE;
      dyn[ndyn++] = VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE;
      dyn[ndyn++] = VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE;
   }
   /* Not with no colour attachment (depth-only passes): a pipeline that declares them must
    * have them set before a draw (VUID-vkCmdDraw-None-07627..07629), and vkCmdSetColor*EXT
    * needs an attachment to describe. vkb_render_state_record sets them again when the next
    * pipeline has colour attachments (its colour count differs). */
   if (scr->has_dyn_blend && key->color_count) {
      dyn[ndyn++] = VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT;
      dyn[ndyn++] = VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT;
      dyn[ndyn++] = VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT;
   }
   VkPipelineDynamicStateCreateInfo dy = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = ndyn,
      .pDynamicStates = dyn,
   };

   VkPipelineRenderingCreateInfo rinfo = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = key->color_count,
      .pColorAttachmentFormats = key->color,
      .depthAttachmentFormat = key->depth,
      .stencilAttachmentFormat = key->stencil,
   };
   VkGraphicsPipelineCreateInfo gci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &rinfo,
      /* a draw that samples a level it renders into (vkb_draw_descriptors.c) */
      .flags =
         (key->loop & VKB_LOOP_COLOR ? VK_PIPELINE_CREATE_COLOR_ATTACHMENT_FEEDBACK_LOOP_BIT_EXT
                                     : 0) |
         (key->loop & VKB_LOOP_DS
             ? VK_PIPELINE_CREATE_DEPTH_STENCIL_ATTACHMENT_FEEDBACK_LOOP_BIT_EXT
             : 0),
      .stageCount = nstages,
      .pStages = stages,
      .pVertexInputState = &vi,
      .pInputAssemblyState = &ia,
      .pTessellationState = key->patch_vertices ? &tess : NULL,
      .pViewportState = &vp,
      .pRasterizationState = &rast,
      .pMultisampleState = &ms,
      .pDepthStencilState = &ds,
      .pColorBlendState = &blend,
      .pDynamicState = &dy,
      .layout = sh->layout,
   };
   VkResult r = vkCreateGraphicsPipelines(scr->dev, scr->pipes.vk, 1, &gci, NULL, out);
   if (r != VK_SUCCESS) {
      vkb_check(scr, r, "vkCreateGraphicsPipelines");
      return "vkCreateGraphicsPipelines failed";
   }
   if (!scr->stats.pipelines_created++ && scr->env.rearm_exit)
      scr->env.rearm_exit(scr->env.session); /* the driver's compiler has set up */
   return NULL;
}

VkLineRasterizationModeEXT
vkb_line_mode(const struct vkb_screen *scr, const struct mgp_render_state *rs, uint32_t samples)
{
   if (rs->line_smooth && samples <= 1 && scr->has_smooth_lines)
      return VK_LINE_RASTERIZATION_MODE_RECTANGULAR_SMOOTH_EXT;
   if ((samples <= 1 || !rs->multisample) && scr->has_bresenham)
      return VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT;
   /* GL's multisampled line is a rectangle (GL 3.3 §3.5.4): the default mode, or the
    * rectangular one where a stippled line needs it (Vulkan stipples no default-mode line) */
   if (rs->line_stipple && (scr->stipple_modes & VKB_STIPPLE_RECTANGULAR))
      return VK_LINE_RASTERIZATION_MODE_RECTANGULAR_EXT;
   return VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT;
}

bool
vkb_line_stippled(const struct vkb_screen *scr, VkLineRasterizationModeEXT mode)
{
   switch (mode) {
   case VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT:
      return (scr->stipple_modes & VKB_STIPPLE_BRESENHAM) != 0;
   case VK_LINE_RASTERIZATION_MODE_RECTANGULAR_EXT:
      return (scr->stipple_modes & VKB_STIPPLE_RECTANGULAR) != 0;
   case VK_LINE_RASTERIZATION_MODE_RECTANGULAR_SMOOTH_EXT:
      return (scr->stipple_modes & VKB_STIPPLE_SMOOTH) != 0;
   default: return false;
   }
}

VkPipeline
vkb_pipeline_get(struct vkb_screen *scr, const struct vkb_pipeline_key *key,
                 const struct vkb_render_state *rs, const struct vkb_vertex_elements *ve,
                 const struct vkb_shader *sh, uint32_t default_attrib_binding)
{
   struct vkb_pipeline_cache *c = &scr->pipes;
   const uint64_t h = key_hash(key);
   for (uint32_t i = mgu_hash_table_find(&c->table, h); i != MGU_HASH_NONE;
        i = mgu_hash_table_find_next(&c->table, h, i)) {
      const struct vkb_pipeline_entry *e = entry_at(c, i);
      if (key_eq(&e->key, key)) {
         if (e->failed)
            MGU_DECLINE(backend_draw_incomplete, "pipeline for shader {%u,%u} failed before",
                        key->shader.slot, key->shader.gen);
         return e->pipeline;
      }
   }
   VkPipeline p = VK_NULL_HANDLE;
   const char *why = build(scr, key, rs, ve, sh, default_attrib_binding, &p);
   if (why)
      MGU_DECLINE(backend_draw_incomplete, "no pipeline for shader {%u,%u}: %s", key->shader.slot,
                  key->shader.gen, why);
   if (scr->failed)
      return VK_NULL_HANDLE;
   struct vkb_pipeline_entry *e = malloc(sizeof(*e));
   if (!e || !mgu_hash_table_insert(&c->table, h, (uintptr_t)e)) {
      free(e);
      if (p)
         vkDestroyPipeline(scr->dev, p, NULL);
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "pipeline cache");
      return VK_NULL_HANDLE;
   }
   *e = (struct vkb_pipeline_entry){.key = *key, .pipeline = p, .failed = why != NULL};
   return p;
}

void
vkb_pipeline_evict(struct vkb_screen *scr, int kind, struct mgp_handle h)
{
   /* A linear walk, on CSO deletion only (never at draw). */
   struct vkb_pipeline_cache *c = &scr->pipes;
   for (uint32_t i = mgu_hash_table_next(&c->table, 0); i != MGU_HASH_NONE;) {
      struct vkb_pipeline_entry *e = entry_at(c, i);
      const struct mgp_handle k = kind == 0 ? e->key.rs : kind == 1 ? e->key.ve : e->key.shader;
      if (!mgp_handle_eq(k, h)) {
         i = mgu_hash_table_next(&c->table, i + 1);
         continue;
      }
      VKB_DEFER(scr, VKB_GARBAGE_PIPELINE, e->pipeline);
      free(e);
      /* Another entry may move into slot i: look at it again. */
      mgu_hash_table_remove_at(&c->table, i);
      i = mgu_hash_table_next(&c->table, i);
   }
}
