/* vkb_blit_draw.c — glBlitFramebuffer by drawing, for the blits Vulkan's transfer commands
 * cannot do: a multisampled source into a multisampled destination that mirrors or converts
 * (samples copied one by one, with per-sample shading), a single-sample source into a
 * multisampled destination (the value reaches every sample), resolves and scaled or mirrored
 * blits between formats with no Vulkan blit, scaled blits whose source rectangle leaves the
 * read surface or whose box is larger than an image may be, and depth alone where a copy
 * would touch stencil; also every blit from a 1D or 2D image into a slice of a 3D image, and
 * those from a 3D slice that must not convert sRGB (GL_FRAMEBUFFER_SRGB off). One triangle covers the
 * destination surface; the scissor is the clipped destination rectangle; the fragment shader
 * (shaders/blit.frag) maps each pixel centre to the source as GL does and reads it with
 * texelFetch (nearest, samples) or a clamp-to-edge linear sampler. Depth goes the same way
 * into gl_FragDepth (depth test ALWAYS, writes on), from a view of the source's depth aspect;
 * the destination's stencil is not written. Stencil, where the device has
 * VK_EXT_shader_stencil_export, goes into gl_FragStencilRefARB from a view of the source's
 * stencil aspect, the stencil test ALWAYS and REPLACE with every bit written (a blit ignores
 * the GL stencil write mask, as the transfer commands do), the destination's depth attached
 * but not written. Without that extension stencil is drawn one bit at a time: a draw that
 * zeroes the pixels the blit writes, then one draw per bit, each writing only that bit (write
 * mask 1 << i, reference 0xff) where the source's bit is set and discarding elsewhere.
 *
 * Pipelines are keyed by destination format, sample count, colour kind and source kind, made
 * at first use and kept for the screen's life; they are counted apart from the app's
 * (blit-pipelines-created), whose gate reads pipelines-created. The app's pipeline, dynamic
 * state and descriptor sets are bound again by its next draw (bind_epoch). */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vkb_blit.h"
#include "vkb_spv_blit_frag_f.h"
#include "vkb_spv_blit_frag_f_1d.h"
#include "vkb_spv_blit_frag_f_3d.h"
#include "vkb_spv_blit_frag_f_ms.h"
#include "vkb_spv_blit_frag_i.h"
#include "vkb_spv_blit_frag_i_1d.h"
#include "vkb_spv_blit_frag_i_3d.h"
#include "vkb_spv_blit_frag_i_ms.h"
#include "vkb_spv_blit_frag_s.h"
#include "vkb_spv_blit_frag_s_ms.h"
#include "vkb_spv_blit_frag_sb.h"
#include "vkb_spv_blit_frag_sb_ms.h"
#include "vkb_spv_blit_frag_u.h"
#include "vkb_spv_blit_frag_u_1d.h"
#include "vkb_spv_blit_frag_u_3d.h"
#include "vkb_spv_blit_frag_u_ms.h"
#include "vkb_spv_blit_frag_z.h"
#include "vkb_spv_blit_frag_z_ms.h"
#include "vkb_spv_blit_vert.h"

/* blit.frag's push constants */
struct blit_push {
   float origin[2], scale[2];
   int32_t size[2];
   int32_t mode; /* multisampled source: 0 sample for sample, 1 resolve; else 0 nearest, 1 linear */
   int32_t bit;  /* KIND_STENCIL_BITS: the bit this draw writes, or -1: every pixel */
   int32_t clip[4];  /* x0, y0, x1, y1 */
   int32_t slice[2]; /* SRC_3D: the source slice and the depth of its level */
};

#define KIND_DEPTH 3 /* after the MGP_SAMPLER_KIND_* */
#define KIND_STENCIL 4
#define KIND_STENCIL_BITS 5 /* stencil without VK_EXT_shader_stencil_export */
#define KIND_COUNT 6

/* the source's shape: blit.frag's sampler type */
enum { SRC_2D, SRC_MS, SRC_1D, SRC_3D, SRC_COUNT };

struct blit_key {
   VkFormat format;
   uint8_t samples, kind, src_type, has_alpha, has_depth, has_stencil;
};

struct vkb_blit_draw {
   VkShaderModule vs, fs[KIND_COUNT][SRC_COUNT]; /* [kind, KIND_DEPTH or KIND_STENCIL][SRC_*] */
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkSampler nearest, linear;
   struct vkb_keyed_pipes pipes;
};

static VkSampler
sampler(struct vkb_screen *scr, VkFilter filter)
{
   VkSamplerCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = filter,
      .minFilter = filter,
      .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
   };
   VkSampler s = VK_NULL_HANDLE;
   vkb_check(scr, vkCreateSampler(scr->dev, &ci, NULL, &s), "blit sampler");
   return s;
}

#define BLIT_MODULE(spv) vkb_internal_module(scr, spv, sizeof(spv), "blit shader module")

static struct vkb_blit_draw *
blit_draw_init(struct vkb_screen *scr)
{
   if (scr->blit_draw)
      return scr->blit_draw;
   struct vkb_blit_draw *b = calloc(1, sizeof(*b));
   if (!b) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "blit draw");
      return NULL;
   }
   scr->blit_draw = b; /* vkb_blit_draw_finish takes what was made, also after a failure */
   b->vs = BLIT_MODULE(vkb_spv_blit_vert);
   b->fs[MGP_SAMPLER_KIND_FLOAT][0] = BLIT_MODULE(vkb_spv_blit_frag_f);
   b->fs[MGP_SAMPLER_KIND_INT][0] = BLIT_MODULE(vkb_spv_blit_frag_i);
   b->fs[MGP_SAMPLER_KIND_UINT][0] = BLIT_MODULE(vkb_spv_blit_frag_u);
   b->fs[KIND_DEPTH][0] = BLIT_MODULE(vkb_spv_blit_frag_z);
   b->fs[MGP_SAMPLER_KIND_FLOAT][SRC_1D] = BLIT_MODULE(vkb_spv_blit_frag_f_1d);
   b->fs[MGP_SAMPLER_KIND_INT][SRC_1D] = BLIT_MODULE(vkb_spv_blit_frag_i_1d);
   b->fs[MGP_SAMPLER_KIND_UINT][SRC_1D] = BLIT_MODULE(vkb_spv_blit_frag_u_1d);
   b->fs[MGP_SAMPLER_KIND_FLOAT][SRC_3D] = BLIT_MODULE(vkb_spv_blit_frag_f_3d);
   b->fs[MGP_SAMPLER_KIND_INT][SRC_3D] = BLIT_MODULE(vkb_spv_blit_frag_i_3d);
   b->fs[MGP_SAMPLER_KIND_UINT][SRC_3D] = BLIT_MODULE(vkb_spv_blit_frag_u_3d);
   /* (a module declaring StencilExportEXT needs the extension enabled) */
   if (scr->has_stencil_export)
      b->fs[KIND_STENCIL][0] = BLIT_MODULE(vkb_spv_blit_frag_s);
   b->fs[KIND_STENCIL_BITS][0] = BLIT_MODULE(vkb_spv_blit_frag_sb);
   /* the multisampled-source shaders read gl_SampleID: sample-rate shading */
   if (scr->features.sampleRateShading) {
      b->fs[MGP_SAMPLER_KIND_FLOAT][1] = BLIT_MODULE(vkb_spv_blit_frag_f_ms);
      b->fs[MGP_SAMPLER_KIND_INT][1] = BLIT_MODULE(vkb_spv_blit_frag_i_ms);
      b->fs[MGP_SAMPLER_KIND_UINT][1] = BLIT_MODULE(vkb_spv_blit_frag_u_ms);
      b->fs[KIND_DEPTH][1] = BLIT_MODULE(vkb_spv_blit_frag_z_ms);
      if (scr->has_stencil_export)
         b->fs[KIND_STENCIL][1] = BLIT_MODULE(vkb_spv_blit_frag_s_ms);
      b->fs[KIND_STENCIL_BITS][1] = BLIT_MODULE(vkb_spv_blit_frag_sb_ms);
   }
   b->nearest = sampler(scr, VK_FILTER_NEAREST);
   b->linear = sampler(scr, VK_FILTER_LINEAR);
   if (scr->failed)
      return NULL;
   const VkDescriptorSetLayoutBinding binding = {
      .binding = 0,
      .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
      .descriptorCount = 1,
      .stageFlags = VK_SHADER_STAGE_FRAGMENT_BIT,
   };
   const VkDescriptorSetLayoutCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = 1,
      .pBindings = &binding,
   };
   if (!vkb_check(scr, vkCreateDescriptorSetLayout(scr->dev, &dci, NULL, &b->dsl),
                  "blit set layout"))
      return NULL;
   const VkPushConstantRange pc = {VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(struct blit_push)};
   const VkPipelineLayoutCreateInfo li = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = &b->dsl,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &pc,
   };
   if (!vkb_check(scr, vkCreatePipelineLayout(scr->dev, &li, NULL, &b->layout),
                  "blit pipeline layout"))
      return NULL;
   return b;
}

void
vkb_blit_draw_finish(struct vkb_screen *scr)
{
   struct vkb_blit_draw *b = scr->blit_draw;
   if (!b)
      return;
   vkb_keyed_pipes_finish(scr, &b->pipes);
   vkDestroyPipelineLayout(scr->dev, b->layout, NULL);
   vkDestroyDescriptorSetLayout(scr->dev, b->dsl, NULL);
   vkDestroySampler(scr->dev, b->nearest, NULL);
   vkDestroySampler(scr->dev, b->linear, NULL);
   vkDestroyShaderModule(scr->dev, b->vs, NULL);
   for (int k = 0; k < KIND_COUNT; k++)
      for (int m = 0; m < SRC_COUNT; m++)
         vkDestroyShaderModule(scr->dev, b->fs[k][m], NULL);
   free(b);
   scr->blit_draw = NULL;
}

static VkPipeline
build(struct vkb_screen *scr, struct vkb_blit_draw *b, const struct blit_key *key)
{
   const VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = b->vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = b->fs[key->kind][key->src_type],
       .pName = "main"},
   };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
   };
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .scissorCount = 1,
   };
   const VkPipelineRasterizationStateCreateInfo rast = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE,
      .lineWidth = 1.0f,
   };
   /* a multisampled source shades per sample (its shader reads gl_SampleID); a single-sample
    * one once per pixel, whose value every covered sample takes */
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = (VkSampleCountFlagBits)key->samples,
      .sampleShadingEnable = key->src_type == SRC_MS,
      .minSampleShading = 1.0f,
   };
   const bool depth = key->kind == KIND_DEPTH, bits = key->kind == KIND_STENCIL_BITS;
   const bool stencil = key->kind == KIND_STENCIL || bits;
   /* stencil: every covered sample takes the exported reference, every bit of it */
   const VkStencilOpState replace = {
      .failOp = VK_STENCIL_OP_REPLACE,
      .passOp = VK_STENCIL_OP_REPLACE,
      .depthFailOp = VK_STENCIL_OP_REPLACE,
      .compareOp = VK_COMPARE_OP_ALWAYS,
      .compareMask = 0xff,
      .writeMask = 0xff,
   };
   const VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = depth,
      .depthWriteEnable = depth,
      .depthCompareOp = VK_COMPARE_OP_ALWAYS,
      .stencilTestEnable = stencil,
      .front = replace,
      .back = replace,
   };
   const bool ds_only = depth || stencil;
   /* a substituted RGB format keeps its alpha, as draws do */
   const VkPipelineColorBlendAttachmentState cb = {
      .colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT |
                        VK_COLOR_COMPONENT_B_BIT | (key->has_alpha ? VK_COLOR_COMPONENT_A_BIT : 0),
   };
   const VkPipelineColorBlendStateCreateInfo blend = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = ds_only ? 0 : 1,
      .pAttachments = &cb,
   };
   /* one bit a draw: each draw sets its write mask and reference */
   const VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                                 VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,
                                 VK_DYNAMIC_STATE_STENCIL_REFERENCE};
   const VkPipelineDynamicStateCreateInfo dy = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = bits ? 4 : 2,
      .pDynamicStates = dyn,
   };
   const VkPipelineRenderingCreateInfo rinfo = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = ds_only ? 0 : 1,
      .pColorAttachmentFormats = ds_only ? NULL : &key->format,
      .depthAttachmentFormat = key->has_depth ? key->format : VK_FORMAT_UNDEFINED,
      .stencilAttachmentFormat = key->has_stencil ? key->format : VK_FORMAT_UNDEFINED,
   };
   const VkGraphicsPipelineCreateInfo gci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &rinfo,
      .stageCount = 2,
      .pStages = stages,
      .pVertexInputState = &vi,
      .pInputAssemblyState = &ia,
      .pViewportState = &vp,
      .pRasterizationState = &rast,
      .pMultisampleState = &ms,
      .pDepthStencilState = &ds,
      .pColorBlendState = &blend,
      .pDynamicState = &dy,
      .layout = b->layout,
   };
   VkPipeline p = VK_NULL_HANDLE;
   if (!vkb_check(scr, vkCreateGraphicsPipelines(scr->dev, scr->pipes.vk, 1, &gci, NULL, &p),
                  "blit pipeline"))
      return VK_NULL_HANDLE;
   return p;
}

static VkPipeline
get_pipeline(struct vkb_screen *scr, struct vkb_blit_draw *b, const struct blit_key *key)
{
   b->pipes.key_size = sizeof(*key);
   VkPipeline p = vkb_keyed_pipes_find(&b->pipes, key);
   if (p || !vkb_keyed_pipes_reserve(scr, &b->pipes, "blit pipeline"))
      return p;
   p = build(scr, b, key);
   if (!p)
      return VK_NULL_HANDLE;
   vkb_keyed_pipes_add(&b->pipes, key, p);
   scr->stats.blit_pipelines_created++;
   return p;
}

bool
vkb_blit_draw(struct vkb_screen *scr, const struct vkb_blit_draw_args *a)
{
   struct vkb_resource *s = a->src, *d = a->dst;
   const bool ms_src = s->samples != VK_SAMPLE_COUNT_1_BIT;
   const bool depth = a->aspect == VK_IMAGE_ASPECT_DEPTH_BIT;
   const bool stencil = a->aspect == VK_IMAGE_ASPECT_STENCIL_BIT;
   const bool ds_only = depth || stencil;
   /* The source is sampled through a 2D view of one layer, a 1D colour image through its 1D
    * view (it has no 2D one), a slice of a 3D colour image through a 3D view of its level (a
    * 2D view of a slice may be an attachment but is never sampled without
    * VK_EXT_image_2d_view_of_3d); the destination is a colour or depth/stencil attachment
    * through a view of one layer or slice (a 3D colour image is 2D_ARRAY_COMPATIBLE), 1D for
    * a 1D image (rendered into as draws render into it). GL has no 3D depth/stencil texture. */
   const bool src_1d = s->image_type == VK_IMAGE_TYPE_1D && !ds_only;
   const bool src_3d = s->image_type == VK_IMAGE_TYPE_3D && !ds_only;
   const bool usable =
      ds_only
         ? (s->fmt->aspect & d->fmt->aspect & a->aspect) && d->ds_attachment && !a->linear
         : s->fmt->aspect == VK_IMAGE_ASPECT_COLOR_BIT &&
              d->fmt->aspect == VK_IMAGE_ASPECT_COLOR_BIT &&
              (d->fmt->caps & MGP_FORMAT_CAP_RENDER) && s->fmt->kind <= MGP_SAMPLER_KIND_UINT &&
              (!a->linear || (s->fmt->caps & MGP_FORMAT_CAP_FILTER));
   if (!usable || (s->image_type != VK_IMAGE_TYPE_2D && !src_1d && !src_3d) ||
       !(s->fmt->caps & MGP_FORMAT_CAP_SAMPLE)) {
      MGU_DECLINE(backend_format_unsupported,
                  "blit drawn from %s (%s) to %s: not sampled%s, "
                  "or not an attachment",
                  vkb_format_name(s->desc.format),
                  s->image_type == VK_IMAGE_TYPE_2D   ? "2D"
                  : s->image_type == VK_IMAGE_TYPE_1D ? "1D depth/stencil"
                                                      : "3D depth/stencil",
                  vkb_format_name(d->desc.format), a->linear ? " with a linear filter" : "");
      return false;
   }
   struct vkb_blit_draw *b = blit_draw_init(scr);
   if (!b)
      return false;
   if (ms_src && !b->fs[0][SRC_MS]) {
      MGU_DECLINE(backend_feature_unimplemented, "blit drawn from a multisampled source: the "
                                                 "device has no sample-rate shading");
      return false;
   }
   struct blit_key key;
   memset(&key, 0, sizeof(key)); /* memcmp'd: padding too */
   key.format = a->unorm ? vkb_format_linear(d->fmt->vk) : d->fmt->vk;
   key.samples = (uint8_t)d->samples;
   const bool bits = stencil && !b->fs[KIND_STENCIL][0];
   key.kind = depth ? KIND_DEPTH : bits ? KIND_STENCIL_BITS : stencil ? KIND_STENCIL : s->fmt->kind;
   key.src_type = ms_src ? SRC_MS : src_1d ? SRC_1D : src_3d ? SRC_3D : SRC_2D;
   key.has_alpha = d->fmt->has_alpha;
   key.has_depth = ds_only && (d->fmt->aspect & VK_IMAGE_ASPECT_DEPTH_BIT);
   key.has_stencil = ds_only && (d->fmt->aspect & VK_IMAGE_ASPECT_STENCIL_BIT);
   const VkPipeline pipe = get_pipeline(scr, b, &key);
   VkImageView sv = VK_NULL_HANDLE;
   if (ds_only) {
      /* a sampled view names one aspect: its own view, released with this batch */
      const VkImageViewCreateInfo vci = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
         .image = s->img,
         .viewType = VK_IMAGE_VIEW_TYPE_2D,
         .format = s->fmt->vk,
         .subresourceRange = {a->aspect, a->src_level, 1, a->src_layer, 1},
      };
      if (!vkb_check(scr, vkCreateImageView(scr->dev, &vci, NULL, &sv), "blit depth view"))
         return false;
      VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, sv);
   } else if (src_3d) {
      /* the level's 3D view (UNORM when unorm), released with this batch */
      const VkImageViewCreateInfo vci = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
         .image = s->img,
         .viewType = VK_IMAGE_VIEW_TYPE_3D,
         .format = a->unorm ? vkb_format_linear(s->fmt->vk) : s->fmt->vk,
         .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, a->src_level, 1, 0, 1},
      };
      if (!vkb_check(scr, vkCreateImageView(scr->dev, &vci, NULL, &sv), "blit 3D view"))
         return false;
      VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, sv);
   } else {
      /* (the same view as vkb_resource_layer_view's unless unorm; sampled, not attached) */
      sv = vkb_resource_attachment_view(scr, s, a->src_level, a->src_layer, false, a->unorm);
   }
   const VkImageView dv =
      ds_only ? vkb_resource_layer_view(scr, d, a->dst_level, a->dst_layer)
              : vkb_resource_attachment_view(scr, d, a->dst_level, a->dst_layer, false, a->unorm);
   if (!pipe || !sv || !dv)
      return false;
   const VkImageLayout dst_layout = ds_only ? VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL
                                            : VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
   vkb_image_transition(scr, s, a->src_level, 1, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, false);
   vkb_image_transition(scr, d, a->dst_level, 1, dst_layout, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   const VkDescriptorSet set = cmd ? vkb_alloc_set(scr, b->dsl, d->base.h) : VK_NULL_HANDLE;
   if (!set)
      return false;
   const VkDescriptorImageInfo ii = {
      .sampler = a->linear ? b->linear : b->nearest,
      .imageView = sv,
      .imageLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
   };
   const VkWriteDescriptorSet w = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
      .dstSet = set,
      .dstBinding = 0,
      .descriptorCount = 1,
      .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
      .pImageInfo = &ii,
   };
   vkUpdateDescriptorSets(scr->dev, 1, &w, 0, NULL);
   const VkRenderingAttachmentInfo att = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
      .imageView = dv,
      .imageLayout = dst_layout,
      .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
   };
   const VkRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
      .renderArea = a->clip,
      .layerCount = 1,
      .colorAttachmentCount = ds_only ? 0 : 1,
      .pColorAttachments = ds_only ? NULL : &att,
      .pDepthAttachment = key.has_depth ? &att : NULL,
      .pStencilAttachment = key.has_stencil ? &att : NULL,
   };
   const uint32_t dw = d->width >> a->dst_level ? d->width >> a->dst_level : 1;
   const uint32_t dh = d->height >> a->dst_level ? d->height >> a->dst_level : 1;
   struct blit_push pc = {
      .origin = {(float)a->origin[0], (float)a->origin[1]},
      .scale = {(float)a->scale[0], (float)a->scale[1]},
      .size = {(int32_t)a->src_w, (int32_t)a->src_h},
      .mode = ms_src ? d->samples == VK_SAMPLE_COUNT_1_BIT : a->linear,
      .clip = {a->clip.offset.x, a->clip.offset.y, a->clip.offset.x + (int32_t)a->clip.extent.width,
               a->clip.offset.y + (int32_t)a->clip.extent.height},
      .slice = {(int32_t)a->src_layer, (int32_t)vkb_resource_level_layers(s, a->src_level)},
   };
   scr->begin_rendering(cmd, &ri);
   scr->stats.render_passes_begun++;
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, b->layout, 0, 1, &set, 0, NULL);
   vkCmdSetViewport(cmd, 0, 1, &(VkViewport){0, 0, (float)dw, (float)dh, 0.0f, 1.0f});
   vkCmdSetScissor(cmd, 0, 1, &a->clip);
   /* bits: a draw that zeroes every written pixel, then bit i where the source has it */
   for (int bit = bits ? -1 : 0; bit < (bits ? 8 : 1); bit++) {
      if (bits) {
         pc.bit = bit;
         vkCmdSetStencilWriteMask(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, bit < 0 ? 0xffu : 1u << bit);
         vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, bit < 0 ? 0u : 0xffu);
      }
      vkCmdPushConstants(cmd, b->layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(pc), &pc);
      vkCmdDraw(cmd, 3, 1, 0, 0);
   }
   scr->end_rendering(cmd);
   /* This pipeline uses the standard sample locations: the next layout transition of a
    * multisampled depth/stencil destination (SAMPLE_LOCATIONS_COMPATIBLE_DEPTH) must name
    * those, not the pixel-centre ones of a GL_MULTISAMPLE-off draw before it (which its
    * transition into the attachment layout above still named). The source was only read:
    * its record stays. */
   if (ds_only && d->samples != VK_SAMPLE_COUNT_1_BIT)
      d->centre_drawn = false;
   /* the app's pipeline, dynamic state and descriptor sets must be bound again */
   vkb_binds_lost(scr);
   scr->stats.blit_draws++;
   s->last_use = d->last_use = vkb_current_serial(scr);
   return true;
}

/* The colour, depth or stencil blit of the source box sb (x0, y0, x1, y1: mirrored where
 * x0 > x1 or y0 > y1) to the ascending destination box db, drawn into the destination pixels
 * [cx0, cx1) x [cy0, cy1) (vkb_blit_draw), one draw per depth/stencil aspect. */
void
vkb_blit_draw_surfaces(struct vkb_screen *scr, VkImageAspectFlags aspect,
                       const struct vkb_blit_surf *s, const struct vkb_blit_surf *d,
                       const int64_t sb[4], const int64_t db[4], int64_t cx0, int64_t cy0,
                       int64_t cx1, int64_t cy1, bool linear, bool unorm)
{
   const double scale_x = (double)(sb[2] - sb[0]) / (double)(db[2] - db[0]);
   const double scale_y = (double)(sb[3] - sb[1]) / (double)(db[3] - db[1]);
   struct vkb_blit_draw_args a = {
      .aspect = aspect,
      .src = s->r,
      .dst = d->r,
      .src_level = s->level,
      .src_layer = s->layer,
      .dst_level = d->level,
      .dst_layer = d->layer,
      .src_w = (uint32_t)s->w,
      .src_h = (uint32_t)s->h,
      .origin = {(double)sb[0] - (double)db[0] * scale_x, (double)sb[1] - (double)db[1] * scale_y},
      .scale = {scale_x, scale_y},
      .clip = {{(int32_t)cx0, (int32_t)cy0}, {(uint32_t)(cx1 - cx0), (uint32_t)(cy1 - cy0)}},
      .linear = linear,
      .unorm = unorm,
   };
   if (aspect == VK_IMAGE_ASPECT_COLOR_BIT) {
      vkb_blit_draw(scr, &a);
      return;
   }
   if (aspect & VK_IMAGE_ASPECT_DEPTH_BIT) {
      a.aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
      if (!vkb_blit_draw(scr, &a))
         return;
   }
   if (aspect & VK_IMAGE_ASPECT_STENCIL_BIT) {
      a.aspect = VK_IMAGE_ASPECT_STENCIL_BIT;
      vkb_blit_draw(scr, &a);
   }
}
