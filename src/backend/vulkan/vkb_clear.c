/* vkb_clear.c — clears that honour a partial colour write mask or a partial stencil write mask
 * (glColorMask / glStencilMask apply to glClear and glClearBuffer*). vkCmdClearAttachments
 * writes whole attachments' aspects, so these clears draw one triangle over the clear
 * rectangle with an internal pipeline: the clear colour from push constants, the GL masks as
 * the pipeline's colour write masks, and stencil ALWAYS/REPLACE with the stencil write mask.
 * A layered framebuffer gets one triangle per layer, sent to its layer by a geometry shader.
 * Internal pipelines are keyed by attachment formats, masks and colour kind, kept for the
 * screen's life, and not counted as pipelines-created (that gate counts the app's). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vkb.h"
#include "vkb_spv_clear_frag_f.h"
#include "vkb_spv_clear_frag_i.h"
#include "vkb_spv_clear_frag_u.h"
#include "vkb_spv_clear_geom.h"
#include "vkb_spv_clear_vert.h"

struct vkb_clear_key {
   VkFormat color[VKB_MAX_COLOR];
   VkFormat depth, stencil;
   uint8_t color_mask[VKB_MAX_COLOR]; /* VkColorComponentFlags per attachment; 0 = untouched */
   uint8_t color_count, samples, kind, stencil_mask;
   uint8_t layered; /* with clear.geom: triangle k to layer k */
};

#define CLEAR_MODULE(spv) vkb_internal_module(scr, spv, sizeof(spv), "clear shader module")

static bool
clear_init(struct vkb_screen *scr)
{
   if (scr->clear_layout)
      return true;
   scr->clear_vs = CLEAR_MODULE(vkb_spv_clear_vert);
   if (scr->features.geometryShader)
      scr->clear_gs = CLEAR_MODULE(vkb_spv_clear_geom);
   scr->clear_fs[MGP_SAMPLER_KIND_FLOAT] = CLEAR_MODULE(vkb_spv_clear_frag_f);
   scr->clear_fs[MGP_SAMPLER_KIND_INT] = CLEAR_MODULE(vkb_spv_clear_frag_i);
   scr->clear_fs[MGP_SAMPLER_KIND_UINT] = CLEAR_MODULE(vkb_spv_clear_frag_u);
   if (scr->failed)
      return false;
   VkPushConstantRange pc = {VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16};
   VkPipelineLayoutCreateInfo li = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &pc,
   };
   return vkb_check(scr, vkCreatePipelineLayout(scr->dev, &li, NULL, &scr->clear_layout),
                    "clear pipeline layout");
}

void
vkb_clear_finish(struct vkb_screen *scr)
{
   vkb_keyed_pipes_finish(scr, &scr->clear_pipes);
   vkDestroyPipelineLayout(scr->dev, scr->clear_layout, NULL);
   vkDestroyShaderModule(scr->dev, scr->clear_vs, NULL);
   vkDestroyShaderModule(scr->dev, scr->clear_gs, NULL);
   for (int k = 0; k < 3; k++)
      vkDestroyShaderModule(scr->dev, scr->clear_fs[k], NULL);
}

static VkPipeline
build(struct vkb_screen *scr, const struct vkb_clear_key *key)
{
   VkPipelineShaderStageCreateInfo stages[3] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = scr->clear_vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = scr->clear_fs[key->kind],
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_GEOMETRY_BIT,
       .module = scr->clear_gs,
       .pName = "main"},
   };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
   };
   VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .scissorCount = 1,
   };
   VkPipelineRasterizationStateCreateInfo rast = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE,
      .lineWidth = 1.0f,
   };
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples =
         key->samples ? (VkSampleCountFlagBits)key->samples : VK_SAMPLE_COUNT_1_BIT,
   };
   const VkStencilOpState so = {
      .failOp = VK_STENCIL_OP_KEEP,
      .passOp = VK_STENCIL_OP_REPLACE,
      .depthFailOp = VK_STENCIL_OP_REPLACE,
      .compareOp = VK_COMPARE_OP_ALWAYS,
      .compareMask = 0xff,
      .writeMask = key->stencil_mask,
   };
   VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .stencilTestEnable = key->stencil_mask != 0,
      .front = so,
      .back = so,
   };
   VkPipelineColorBlendAttachmentState cb[VKB_MAX_COLOR];
   memset(cb, 0, sizeof(cb));
   for (uint32_t i = 0; i < key->color_count; i++)
      cb[i].colorWriteMask = key->color_mask[i];
   VkPipelineColorBlendStateCreateInfo blend = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = key->color_count,
      .pAttachments = cb,
   };
   const VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                                 VK_DYNAMIC_STATE_STENCIL_REFERENCE};
   VkPipelineDynamicStateCreateInfo dy = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = sizeof(dyn) / sizeof(dyn[0]),
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
      .stageCount = key->layered ? 3 : 2,
      .pStages = stages,
      .pVertexInputState = &vi,
      .pInputAssemblyState = &ia,
      .pViewportState = &vp,
      .pRasterizationState = &rast,
      .pMultisampleState = &ms,
      .pDepthStencilState = &ds,
      .pColorBlendState = &blend,
      .pDynamicState = &dy,
      .layout = scr->clear_layout,
   };
   VkPipeline p = VK_NULL_HANDLE;
   if (!vkb_check(scr, vkCreateGraphicsPipelines(scr->dev, scr->pipes.vk, 1, &gci, NULL, &p),
                  "clear pipeline"))
      return VK_NULL_HANDLE;
   return p;
}

static VkPipeline
get_pipeline(struct vkb_screen *scr, const struct vkb_clear_key *key)
{
   scr->clear_pipes.key_size = sizeof(*key);
   VkPipeline p = vkb_keyed_pipes_find(&scr->clear_pipes, key);
   if (p || !vkb_keyed_pipes_reserve(scr, &scr->clear_pipes, "clear pipeline"))
      return p;
   p = build(scr, key);
   if (!p)
      return VK_NULL_HANDLE;
   vkb_keyed_pipes_add(&scr->clear_pipes, key, p);
   scr->stats.clear_pipelines_created++;
   return p;
}

bool
vkb_clear_masked(struct vkb_context *ctx, const struct mgp_clear *args, const VkRect2D *rect,
                 const uint8_t color_mask[VKB_MAX_COLOR], uint8_t stencil_mask)
{
   struct vkb_screen *scr = ctx->scr;
   const struct vkb_pipeline_key *k = &ctx->fb_key;
   struct vkb_clear_key key;
   memset(&key, 0, sizeof(key)); /* memcmp'd: padding too */
   memcpy(key.color, k->color, sizeof(key.color));
   key.depth = k->depth;
   key.stencil = k->stencil;
   key.color_count = k->color_count;
   key.samples = k->samples;
   key.kind = args->color_kind <= MGP_SAMPLER_KIND_UINT ? args->color_kind : 0;
   key.stencil_mask = stencil_mask;
   key.layered = ctx->render_layers > 1;
   memcpy(key.color_mask, color_mask, sizeof(key.color_mask));
   if (!clear_init(scr) || (key.layered && !scr->clear_gs))
      return false;
   VkPipeline pipe = get_pipeline(scr, &key);
   /* GL 3.3 §4.2.3: a clear generates no fragments, so an active occlusion query must not count
    * this draw: it gets a rendering scope of its own without a query scope (the next draw's
    * scope opens a new one); nor may a pipeline statistics query (GL counts draws), nor a
    * primitive query (a clear generates and writes no primitives, §2.18) */
   const bool hide =
      ctx->occ_active != NULL || vkb_stat_any_active(ctx) || vkb_prim_any_active(ctx);
   if (ctx->xfb.in_scope || hide)
      vkb_end_rendering(scr); /* no pipeline may be bound under an active capture */
   ctx->occ_suspended = hide;
   const bool begun = pipe && vkb_begin_rendering(ctx);
   ctx->occ_suspended = false;
   if (!begun)
      return false;
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return false;
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   const VkViewport vp = {
      0, 0, (float)ctx->render_extent.width, (float)ctx->render_extent.height, 0.0f, 1.0f};
   vkCmdSetViewport(cmd, 0, 1, &vp);
   vkCmdSetScissor(cmd, 0, 1, rect);
   vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK,
                            (uint32_t)args->stencil_value & 0xff);
   vkCmdPushConstants(cmd, scr->clear_layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16, args->color);
   vkCmdDraw(cmd, 3 * (key.layered ? ctx->render_layers : 1), 1, 0, 0);
   if (hide)
      vkb_end_rendering(scr);
   /* The app's pipeline, dynamic state and descriptor sets must be bound again. */
   vkb_binds_lost(scr);
   scr->stats.masked_clears++;
   return true;
}
