/* vkb_buffer_pass.c — a compute step the backend records for itself over a few of its own
 * storage buffers, with a few push-constant words (the conditional-rendering OR step, the
 * indirect dispatch group-count check, the indirect draw count clamp): its set layout,
 * pipeline layout, one descriptor set naming the buffers (binding i the i-th), and the
 * pipeline, made once and kept for the screen's life (or until its buffers change). */
#include "vkb.h"

bool
vkb_buffer_pass_init(struct vkb_screen *scr, struct vkb_buffer_pass *p, const uint32_t *spv,
                     size_t spv_size, const VkBuffer *bufs, uint32_t nbufs, uint32_t push_size,
                     const char *what)
{
   VkDescriptorSetLayoutBinding b[VKB_BUFFER_PASS_MAX];
   VkDescriptorBufferInfo bi[VKB_BUFFER_PASS_MAX];
   if (nbufs > VKB_BUFFER_PASS_MAX)
      nbufs = VKB_BUFFER_PASS_MAX;
   for (uint32_t i = 0; i < nbufs; i++) {
      b[i] = (VkDescriptorSetLayoutBinding){i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                            VK_SHADER_STAGE_COMPUTE_BIT, NULL};
      bi[i] = (VkDescriptorBufferInfo){bufs[i], 0, VK_WHOLE_SIZE};
   }
   const VkDescriptorSetLayoutCreateInfo dli = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = nbufs,
      .pBindings = b,
   };
   if (!vkb_check(scr, vkCreateDescriptorSetLayout(scr->dev, &dli, NULL, &p->dsl), what))
      return false;
   const VkPushConstantRange pc = {VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size};
   const VkPipelineLayoutCreateInfo pli = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = &p->dsl,
      .pushConstantRangeCount = push_size ? 1u : 0u,
      .pPushConstantRanges = &pc,
   };
   if (!vkb_check(scr, vkCreatePipelineLayout(scr->dev, &pli, NULL, &p->layout), what))
      return false;
   const VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, nbufs};
   const VkDescriptorPoolCreateInfo dpi = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 1,
      .poolSizeCount = 1,
      .pPoolSizes = &ps,
   };
   if (!vkb_check(scr, vkCreateDescriptorPool(scr->dev, &dpi, NULL, &p->pool), what))
      return false;
   const VkDescriptorSetAllocateInfo dai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = p->pool,
      .descriptorSetCount = 1,
      .pSetLayouts = &p->dsl,
   };
   if (!vkb_check(scr, vkAllocateDescriptorSets(scr->dev, &dai, &p->set), what))
      return false;
   VkWriteDescriptorSet wr[VKB_BUFFER_PASS_MAX];
   for (uint32_t i = 0; i < nbufs; i++)
      wr[i] = (VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = p->set,
         .dstBinding = i,
         .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .pBufferInfo = &bi[i],
      };
   vkUpdateDescriptorSets(scr->dev, nbufs, wr, 0, NULL);
   const VkShaderModuleCreateInfo mci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = spv_size,
      .pCode = spv,
   };
   VkShaderModule mod = VK_NULL_HANDLE;
   if (!vkb_check(scr, vkCreateShaderModule(scr->dev, &mci, NULL, &mod), what))
      return false;
   const VkComputePipelineCreateInfo cpi = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = mod,
                .pName = "main"},
      .layout = p->layout,
   };
   const VkResult r = vkCreateComputePipelines(scr->dev, scr->pipes.vk, 1, &cpi, NULL, &p->pipe);
   vkDestroyShaderModule(scr->dev, mod, NULL);
   scr->stats.compute_pipelines_created += r == VK_SUCCESS;
   return vkb_check(scr, r, what);
}

void
vkb_buffer_pass_bind(VkCommandBuffer cmd, const struct vkb_buffer_pass *p)
{
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->pipe);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->layout, 0, 1, &p->set, 0, NULL);
}

void
vkb_buffer_pass_defer(struct vkb_screen *scr, struct vkb_buffer_pass *p)
{
   if (p->pipe)
      vkb_defer(scr, VKB_GARBAGE_PIPELINE, (uint64_t)p->pipe);
   if (p->pool)
      vkb_defer(scr, VKB_GARBAGE_DESCRIPTOR_POOL, (uint64_t)p->pool);
   if (p->layout)
      vkb_defer(scr, VKB_GARBAGE_PIPELINE_LAYOUT, (uint64_t)p->layout);
   if (p->dsl)
      vkb_defer(scr, VKB_GARBAGE_SET_LAYOUT, (uint64_t)p->dsl);
   *p = (struct vkb_buffer_pass){0};
}

void
vkb_buffer_pass_finish(struct vkb_screen *scr, struct vkb_buffer_pass *p)
{
   vkDestroyPipeline(scr->dev, p->pipe, NULL);
   vkDestroyDescriptorPool(scr->dev, p->pool, NULL); /* frees the set */
   vkDestroyPipelineLayout(scr->dev, p->layout, NULL);
   vkDestroyDescriptorSetLayout(scr->dev, p->dsl, NULL);
   *p = (struct vkb_buffer_pass){0};
}
