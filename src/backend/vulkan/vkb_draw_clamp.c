/* vkb_draw_clamp.c — the commands of an indirect draw are the client's (a buffer it filled, or
 * a shader it wrote). Robust buffer access keeps the GPU's reads inside the buffers, but not
 * the work: an instance or index count near 2^31 reads zeros for minutes on lavapipe (the
 * session's watchdog fires) and holds a GPU past the driver's timeout (every session lost).
 * So the draw never reads the client's buffer: its commands are copied, compacted, into the
 * screen's clamp buffer, a compute step (64 commands a group) clamps in place each command
 * whose vertices times instances run past a budget (a command within it is left as GL draws
 * it, however far past the bound buffers its reads go: robust access answers those) and
 * counts the commands it changed in a host-visible word; the draw reads the clamped copy. An
 * indirect-count draw's count is copied beside its commands and the step stores back
 * min(count, commands copied), the word the draw reads: Vulkan lets the device take that min
 * itself, but an NVIDIA H100 faulted on a count far past it (issue 20). The server reads the
 * clamp count back when batches complete (a retire hook; the session's report waits for the
 * last clamp) and counts indirect-draw-clamped declines. The clamp buffer grows to the
 * largest draw seen (the last one goes to the batch's garbage with the step's descriptor set);
 * the counter is made once and kept for the screen's life. */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vkb.h"
#include "vkb_spv_draw_clamp.h"

#define CLAMP_MIN_BYTES 4096u

static bool
make_buffer(struct vkb_screen *scr, VkDeviceSize size, VkBufferUsageFlags usage,
            VkMemoryPropertyFlags want, VkBuffer *buf, VkDeviceMemory *mem, void **map)
{
   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = size,
      .usage = usage,
   };
   if (!vkb_check(scr, vkCreateBuffer(scr->dev, &bci, NULL, buf), "clamp buffer"))
      return false;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(scr->dev, *buf, &req);
   int32_t type = vkb_find_memory(scr, req.memoryTypeBits, want, 0);
   if (type < 0 && !map)
      type = vkb_find_memory(scr, req.memoryTypeBits, 0, 0);
   if (type < 0) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "no memory type for the indirect draw clamp");
      return false;
   }
   const VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                     .allocationSize = req.size,
                                     .memoryTypeIndex = (uint32_t)type};
   return vkb_check(scr, vkAllocateMemory(scr->dev, &mai, NULL, mem), "clamp memory") &&
          vkb_check(scr, vkBindBufferMemory(scr->dev, *buf, *mem, 0), "clamp bind") &&
          (!map ||
           vkb_check(scr, vkMapMemory(scr->dev, *mem, 0, VK_WHOLE_SIZE, 0, map), "clamp map"));
}

/* The counter (once), and a clamp buffer of at least need bytes with the step over both. */
static bool
clamp_init(struct vkb_screen *scr, VkDeviceSize need)
{
   if (scr->clamp_failed)
      return false;
   if (scr->clamp.pipe && scr->clamp_size >= need)
      return true;
   scr->clamp_failed = true; /* until everything below is made */
   if (!scr->clamp_count_buf) {
      void *map = NULL;
      if (!make_buffer(scr, 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                       VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                       &scr->clamp_count_buf, &scr->clamp_count_mem, &map))
         return false;
      memset(map, 0, 16);
      scr->clamp_count_map = map;
   }
   if (scr->clamp_size < need) {
      /* the draws recorded so far read the old one: it goes when their batch retires */
      vkb_buffer_pass_defer(scr, &scr->clamp);
      if (scr->clamp_buf)
         vkb_defer(scr, VKB_GARBAGE_BUFFER, (uint64_t)scr->clamp_buf);
      if (scr->clamp_mem)
         vkb_defer(scr, VKB_GARBAGE_MEMORY, (uint64_t)scr->clamp_mem);
      scr->clamp_buf = VK_NULL_HANDLE;
      scr->clamp_mem = VK_NULL_HANDLE;
      scr->clamp_size = 0;
      VkDeviceSize size = CLAMP_MIN_BYTES;
      while (size < need)
         size *= 2;
      /* transfer source: the backend's unit test reads the bounded count word back */
      if (!make_buffer(scr, size,
                       VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                          VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                       VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, &scr->clamp_buf, &scr->clamp_mem, NULL))
         return false;
      scr->clamp_size = size;
   }
   if (!scr->clamp.pipe) {
      const VkBuffer bufs[2] = {scr->clamp_count_buf, scr->clamp_buf};
      if (!vkb_buffer_pass_init(scr, &scr->clamp, vkb_spv_draw_clamp, sizeof(vkb_spv_draw_clamp),
                                bufs, 2, 5 * sizeof(uint32_t), "draw-clamp pass"))
         return false;
   }
   scr->clamp_failed = false;
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
vkb_draw_clamp_record(struct vkb_screen *scr, VkBuffer buf, VkDeviceSize offset, uint32_t n,
                      uint32_t stride, uint32_t cmd_size, VkBuffer count_buf,
                      VkDeviceSize count_offset, bool capped, uint32_t budget, bool prepass,
                      VkBuffer *out, VkDeviceSize *base)
{
   vkb_draw_clamp_count(scr);
   const VkDeviceSize bytes = (VkDeviceSize)n * cmd_size;
   /* This clamp's region: after the batch's earlier ones, whose draws may all come after it
    * (a pre-pass runs before its scope's draws). A batch past VKB_CLAMP_BATCH_BYTES takes no
    * more pre-passes: its clamps then start at 0, each recorded after every earlier draw. */
   const uint64_t serial = vkb_current_serial(scr);
   if (scr->clamp_cursor_serial != serial) {
      scr->clamp_cursor_serial = serial;
      scr->clamp_cursor = 0;
      scr->clamp_batch_full = false;
   }
   const VkDeviceSize region = (VKB_CLAMP_CMDS + bytes + 15u) & ~(VkDeviceSize)15u;
   if (!scr->clamp_batch_full && region > VKB_CLAMP_BATCH_BYTES - scr->clamp_cursor)
      scr->clamp_batch_full = true;
   VkDeviceSize at = scr->clamp_batch_full ? 0 : scr->clamp_cursor;
   const VkBuffer was = scr->clamp_buf;
   if (!clamp_init(scr, at + region)) {
      if (!scr->failed)
         MGU_DECLINE(backend_feature_unimplemented,
                     "draw_indirect: an indirect draw without its command clamp");
      return false;
   }
   if (scr->clamp_buf != was)
      at = 0; /* a new buffer: the draws recorded so far read the old one */
   if (!scr->clamp_batch_full)
      scr->clamp_cursor = at + region;
   VkCommandBuffer pre = prepass && !scr->clamp_batch_full ? vkb_batch_pre_cmd(scr) : NULL;
   if (scr->failed)
      return false;
   /* one region where the commands lie packed, else one a command */
   const bool packed = n == 1 || stride == cmd_size;
   VkBufferCopy one, *regions = &one;
   if (!packed && !(regions = malloc(sizeof(*regions) * n))) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "indirect draw clamp regions");
      return false;
   }
   if (packed)
      one = (VkBufferCopy){offset, at + VKB_CLAMP_CMDS, bytes};
   else
      for (uint32_t i = 0; i < n; i++)
         regions[i] = (VkBufferCopy){offset + (VkDeviceSize)i * stride,
                                     at + VKB_CLAMP_CMDS + (VkDeviceSize)i * cmd_size, cmd_size};
   if (!pre)
      vkb_end_rendering(scr);
   VkCommandBuffer cmd = pre ? pre : vkb_cmd(scr);
   if (!cmd) {
      if (!packed)
         free(regions);
      return false;
   }
   const VkPipelineStageFlags xfer = VK_PIPELINE_STAGE_TRANSFER_BIT,
                              comp = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                              ind = VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT;
   const VkAccessFlags rw = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
   /* The client's commands as a shader or a transfer wrote them (its command barrier names the
    * indirect read, not this copy's), and the clamp buffer free of the last draw that read it
    * and of the last step's counter writes. */
   VkPipelineStageFlags src = scr->shader_pipe_stages | comp | xfer | ind;
   VkAccessFlags src_access = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
   if (scr->has_xfb)
      src |= VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT,
         src_access |= VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT;
   barrier(cmd, src, src_access, xfer | comp,
           VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT | rw);
   vkCmdCopyBuffer(cmd, buf, scr->clamp_buf, packed ? 1 : n, regions);
   if (!packed)
      free(regions);
   if (count_buf != VK_NULL_HANDLE)
      vkCmdCopyBuffer(cmd, count_buf, scr->clamp_buf, 1,
                      &(VkBufferCopy){count_offset, at + VKB_CLAMP_COUNT, 4});
   barrier(cmd, xfer, VK_ACCESS_TRANSFER_WRITE_BIT, comp, rw);
   const uint32_t counted = count_buf == VK_NULL_HANDLE ? 0u : capped ? 2u : 1u;
   const uint32_t params[5] = {n, cmd_size / 4, counted, budget, (uint32_t)(at / 4)};
   vkb_buffer_pass_bind(cmd, &scr->clamp);
   vkCmdPushConstants(cmd, scr->clamp.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(params),
                      params);
   vkCmdDispatch(cmd, (n + 63) / 64, 1, 1);
   /* the clamped commands to the draw, the clamp count to the host */
   barrier(cmd, comp, VK_ACCESS_SHADER_WRITE_BIT, ind | VK_PIPELINE_STAGE_HOST_BIT,
           VK_ACCESS_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_HOST_READ_BIT);
   if (pre)
      scr->stats.clamps_prepass++;
   else
      vkb_binds_lost(scr); /* push constants of another layout: bound state is bound again */
   scr->clamp_serial = serial;
   *out = scr->clamp_buf;
   *base = at;
   return true;
}

void
vkb_draw_clamp_count(struct vkb_screen *scr)
{
   if (!scr->clamp_count_map)
      return;
   /* word 0 as the completed batches left it (a batch still running may add to it later) */
   const uint32_t now = scr->clamp_count_map[0];
   for (uint32_t n = now - scr->clamp_seen; n; n--)
      MGU_DECLINE(indirect_draw_clamped,
                  "draw_indirect: a command's vertices (or indices) times instances past the "
                  "per-draw budget: drawn clamped to it");
   scr->clamp_seen = now;
}

void
vkb_draw_clamp_settle(struct vkb_screen *scr)
{
   if (scr->clamp_count_map && !scr->failed && scr->clamp_serial > scr->completed_serial)
      vkb_wait_serial(scr, scr->clamp_serial, UINT64_MAX, true);
   vkb_draw_clamp_count(scr);
}

void
vkb_draw_clamp_finish(struct vkb_screen *scr)
{
   vkb_draw_clamp_count(scr); /* after the device went idle: every clamp */
   vkb_buffer_pass_finish(scr, &scr->clamp);
   if (scr->clamp_buf)
      vkDestroyBuffer(scr->dev, scr->clamp_buf, NULL);
   if (scr->clamp_mem)
      vkFreeMemory(scr->dev, scr->clamp_mem, NULL);
   if (scr->clamp_count_buf)
      vkDestroyBuffer(scr->dev, scr->clamp_count_buf, NULL);
   if (scr->clamp_count_mem)
      vkFreeMemory(scr->dev, scr->clamp_count_mem, NULL);
   scr->clamp_buf = scr->clamp_count_buf = VK_NULL_HANDLE;
   scr->clamp_mem = scr->clamp_count_mem = VK_NULL_HANDLE;
   scr->clamp_count_map = NULL;
   scr->clamp_size = 0;
}
