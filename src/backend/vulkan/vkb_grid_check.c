/* vkb_grid_check.c — the group counts of an indirect dispatch are the client's (a buffer it
 * filled, or a shader it wrote): Vulkan leaves a count over maxComputeWorkGroupCount undefined,
 * and a device runs such a grid for minutes (lavapipe) or loses itself to the watchdog, for
 * every session. So the dispatch never reads the client's buffer: its 12 bytes are copied into
 * the screen's grid buffer, a one-invocation compute step zeroes them when any is over the
 * limit (the dispatch then runs nothing) and counts the refusal in word 4, and the dispatch
 * reads the checked words. The server reads the count back when batches complete (a retire
 * hook; the session's report waits for the last check) and counts compute-grid-over-limit
 * declines. The
 * buffer is host-visible and coherent, so the read needs no copy; made at the first indirect
 * dispatch and kept for the screen's life. */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vkb.h"
#include "vkb_spv_grid_check.h"

#define GRID_BYTES 32u /* words 0-2 the counts, 4 the refusals */

static bool
grid_buffer(struct vkb_screen *scr)
{
   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = GRID_BYTES,
      .usage = VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
   };
   if (!vkb_check(scr, vkCreateBuffer(scr->dev, &bci, NULL, &scr->grid_buf), "grid buffer"))
      return false;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(scr->dev, scr->grid_buf, &req);
   const int32_t type = vkb_find_memory(
      scr, req.memoryTypeBits,
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
   if (type < 0) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "no host-visible memory type for the grid buffer");
      return false;
   }
   const VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                     .allocationSize = req.size,
                                     .memoryTypeIndex = (uint32_t)type};
   void *map = NULL;
   if (!vkb_check(scr, vkAllocateMemory(scr->dev, &mai, NULL, &scr->grid_mem), "grid memory") ||
       !vkb_check(scr, vkBindBufferMemory(scr->dev, scr->grid_buf, scr->grid_mem, 0),
                  "grid bind") ||
       !vkb_check(scr, vkMapMemory(scr->dev, scr->grid_mem, 0, VK_WHOLE_SIZE, 0, &map), "grid map"))
      return false;
   memset(map, 0, GRID_BYTES);
   scr->grid_map = map;
   return true;
}

static bool
grid_init(struct vkb_screen *scr)
{
   if (scr->grid.pipe)
      return true;
   if (scr->grid_failed)
      return false;
   scr->grid_failed = true; /* until everything below is made */
   if (!grid_buffer(scr))
      return false;
   if (!vkb_buffer_pass_init(scr, &scr->grid, vkb_spv_grid_check, sizeof(vkb_spv_grid_check),
                             &scr->grid_buf, 1, 12, "grid-check pass"))
      return false;
   scr->grid_failed = false;
   return true;
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
vkb_grid_check_record(struct vkb_screen *scr, VkCommandBuffer cmd, VkBuffer buf,
                      VkDeviceSize offset, VkBuffer *out)
{
   vkb_grid_check_count(scr);
   if (!grid_init(scr)) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "launch_grid: an indirect dispatch without its group-count check");
      return false;
   }
   const VkPipelineStageFlags xfer = VK_PIPELINE_STAGE_TRANSFER_BIT,
                              comp = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                              ind = VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT;
   const VkAccessFlags rw = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
   /* The client's counts as a shader or a transfer wrote them (its command barrier names the
    * indirect read, not this copy's), and the grid words free of the last check and dispatch. */
   VkPipelineStageFlags src = scr->shader_pipe_stages | comp | xfer | ind;
   VkAccessFlags src_access = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
   if (scr->has_xfb)
      src |= VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT,
         src_access |= VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT;
   barrier(cmd, src, src_access, xfer, VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
   vkCmdCopyBuffer(cmd, buf, scr->grid_buf, 1, &(VkBufferCopy){offset, 0, 12});
   barrier(cmd, xfer, VK_ACCESS_TRANSFER_WRITE_BIT, comp, rw);
   const uint32_t *max = scr->props.limits.maxComputeWorkGroupCount;
   const uint32_t lim[3] = {max[0], max[1], max[2]};
   vkb_buffer_pass_bind(cmd, &scr->grid);
   vkCmdPushConstants(cmd, scr->grid.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(lim), lim);
   vkCmdDispatch(cmd, 1, 1, 1);
   /* the checked counts to the dispatch, the refusal count to the host */
   barrier(cmd, comp, VK_ACCESS_SHADER_WRITE_BIT, ind | VK_PIPELINE_STAGE_HOST_BIT,
           VK_ACCESS_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_HOST_READ_BIT);
   vkb_binds_lost(scr); /* push constants of another layout: bound state is bound again */
   scr->grid_serial = vkb_current_serial(scr);
   *out = scr->grid_buf;
   return true;
}

void
vkb_grid_check_count(struct vkb_screen *scr)
{
   if (!scr->grid_map)
      return;
   /* word 4 as the completed batches left it (a batch still running may add to it later) */
   const uint32_t now = scr->grid_map[4];
   for (uint32_t n = now - scr->grid_refused_seen; n; n--)
      MGU_DECLINE(compute_grid_over_limit,
                  "launch_grid: an indirect dispatch's group counts over maxComputeWorkGroupCount "
                  "(%u, %u, %u): it ran nothing",
                  scr->props.limits.maxComputeWorkGroupCount[0],
                  scr->props.limits.maxComputeWorkGroupCount[1],
                  scr->props.limits.maxComputeWorkGroupCount[2]);
   scr->grid_refused_seen = now;
}

void
vkb_grid_check_settle(struct vkb_screen *scr)
{
   if (scr->grid_map && !scr->failed && scr->grid_serial > scr->completed_serial)
      vkb_wait_serial(scr, scr->grid_serial, UINT64_MAX, true);
   vkb_grid_check_count(scr);
}

void
vkb_grid_check_finish(struct vkb_screen *scr)
{
   vkb_grid_check_count(scr); /* after the device went idle: every refusal */
   vkb_buffer_pass_finish(scr, &scr->grid);
   if (scr->grid_buf)
      vkDestroyBuffer(scr->dev, scr->grid_buf, NULL);
   if (scr->grid_mem)
      vkFreeMemory(scr->dev, scr->grid_mem, NULL);
   scr->grid_buf = VK_NULL_HANDLE;
   scr->grid_mem = VK_NULL_HANDLE;
   scr->grid_map = NULL;
}
