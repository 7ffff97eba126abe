/* vkb_cond_sum.c — the GPU predicate of a query whose count is spread over several occlusion
 * slots (a rendering-scope break inside the query): each slot's result is copied into scratch
 * words of the predicate buffer, and a one-invocation compute step ORs them into the predicate
 * word, so conditional rendering in a WAIT mode never waits on the server. The pipeline is made
 * at the first such query and kept for the screen's life. */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vkb.h"
#include "vkb_spv_cond_sum.h"

static bool
cond_sum_init(struct vkb_screen *scr)
{
   if (scr->sum.pipe)
      return true;
   if (scr->sum_failed)
      return false;
   scr->sum_failed = true; /* until everything below is made */
   uint32_t nq = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(scr->phys, &nq, NULL);
   VkQueueFamilyProperties *qp = calloc(nq ? nq : 1, sizeof(*qp));
   if (!qp)
      return false;
   vkGetPhysicalDeviceQueueFamilyProperties(scr->phys, &nq, qp);
   const bool compute =
      scr->queue_family < nq && (qp[scr->queue_family].queueFlags & VK_QUEUE_COMPUTE_BIT);
   free(qp);
   if (!compute)
      return false;
   if (!vkb_buffer_pass_init(scr, &scr->sum, vkb_spv_cond_sum, sizeof(vkb_spv_cond_sum),
                             &scr->pred_buf, 1, 12, "cond-sum pass"))
      return false;
   scr->sum_failed = false;
   return true;
}

void
vkb_cond_sum_finish(struct vkb_screen *scr)
{
   vkb_buffer_pass_finish(scr, &scr->sum);
}

static void
barrier(VkCommandBuffer cmd, VkPipelineStageFlags src, VkAccessFlags src_access,
        VkPipelineStageFlags dst, VkAccessFlags dst_access)
{
   const VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                               .srcAccessMask = src_access,
                               .dstAccessMask = dst_access};
   vkCmdPipelineBarrier(cmd, src, dst, 0, 1, &mb, 0, NULL, 0, NULL);
}

bool
vkb_cond_sum_record(struct vkb_screen *scr, VkCommandBuffer cmd, const struct vkb_query *q,
                    bool wait, bool inverted, VkDeviceSize dst)
{
   if (!cond_sum_init(scr))
      return false;
   const VkPipelineStageFlags xfer = VK_PIPELINE_STAGE_TRANSFER_BIT,
                              comp = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
   const VkAccessFlags rw = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
   const VkDeviceSize scratch = (VkDeviceSize)VKB_PRED_WORDS * 4;
   /* earlier sums still reading the scratch words, and predicates still read (this queue, in
    * submission order) */
   barrier(cmd, comp | VK_PIPELINE_STAGE_CONDITIONAL_RENDERING_BIT_EXT, rw, xfer,
           VK_ACCESS_TRANSFER_WRITE_BIT);
   vkCmdFillBuffer(cmd, scr->pred_buf, dst, 4, 0);
   vkb_buffer_pass_bind(cmd, &scr->sum);
   for (uint32_t first = 0; first < q->slot_count; first += VKB_PRED_SCRATCH) {
      const uint32_t n =
         q->slot_count - first < VKB_PRED_SCRATCH ? q->slot_count - first : VKB_PRED_SCRATCH;
      if (first) /* the scratch words read, the predicate word written and read again */
         barrier(cmd, comp, rw, xfer | comp, VK_ACCESS_TRANSFER_WRITE_BIT | rw);
      /* NO_WAIT: a slot not yet available keeps 1 (render), as for a query of one slot */
      vkCmdFillBuffer(cmd, scr->pred_buf, scratch, (VkDeviceSize)n * 4, wait || inverted ? 0 : 1);
      barrier(cmd, xfer, VK_ACCESS_TRANSFER_WRITE_BIT, xfer, VK_ACCESS_TRANSFER_WRITE_BIT);
      /* 32-bit words: a slot counting 2^32 samples would read 0; nothing GL draws gets there */
      for (uint32_t i = 0; i < n; i++)
         vkCmdCopyQueryPoolResults(cmd, vkb_query_slot_pool(&scr->occ, q->slots[first + i]),
                                   q->slots[first + i] % VKB_QUERY_POOL_SLOTS, 1, scr->pred_buf,
                                   scratch + (VkDeviceSize)i * 4, 4,
                                   wait ? VK_QUERY_RESULT_WAIT_BIT : 0);
      barrier(cmd, xfer, VK_ACCESS_TRANSFER_WRITE_BIT, comp, rw);
      const uint32_t args[3] = {VKB_PRED_WORDS, n, (uint32_t)(dst / 4)};
      vkCmdPushConstants(cmd, scr->sum.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(args), args);
      vkCmdDispatch(cmd, 1, 1, 1);
   }
   barrier(cmd, comp, VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_CONDITIONAL_RENDERING_BIT_EXT,
           VK_ACCESS_CONDITIONAL_RENDERING_READ_BIT_EXT);
   vkb_binds_lost(scr); /* push constants of another layout: graphics state is bound again */
   scr->stats.cond_sums++;
   return true;
}
