/* vkb_rename.c — a glBufferSubData between the draws of one render pass, without ending it.
 *
 * Vulkan allows no transfer inside a rendering scope, so a staged update of a buffer that a
 * recorded draw reads (vkb_transfer.c) ends the scope: a frame that updates its uniform block
 * before each group of draws paid a render pass per group. Renaming keeps the scope: the update
 * goes into the buffer's CPU shadow, the whole shadow into a fresh slice of the batch's arena
 * (the buffer's new version), and the draws recorded after it bind that slice; the draws before
 * it keep what they bound (the store, or an earlier version: each version is written once).
 * When the scope ends, the latest version is copied into the store, so outside a scope the
 * store holds the buffer's bytes and every other use reads it as before.
 *
 * The shadow must equal what the store will hold, so it is only kept while every write came
 * from the CPU: it starts as zero with the store (a new store reads as zero, vkb_zero.c), every
 * upload writes it (vkb_transfer.c), and any use that may write the store on the GPU
 * (transform feedback, storage blocks, copies, pack buffers: every vkb_resource_for_use of a
 * buffer) drops it for the store's life. A heap store (the client writes it directly) has
 * none. Only small buffers have one (VKB_SHADOW_SIZE_MAX), and all of a screen's shadows hold
 * at most VKB_SHADOW_TOTAL_MAX bytes: what a client can make the server hold stays bounded by
 * the memory its buffers already count against. */
#include <stdlib.h>
#include <string.h>

#include "vkb.h"

void
vkb_shadow_init(struct vkb_screen *scr, struct vkb_resource *r)
{
   if (!r->is_buffer || !r->buf || r->heap_store || !r->size || r->size > VKB_SHADOW_SIZE_MAX ||
       scr->shadow_bytes + r->size > VKB_SHADOW_TOTAL_MAX)
      return;
   /* all zero, as the new store reads; its bytes are allocated at the first write, so a
    * buffer made and deleted unwritten pays no calloc (bufcreate_64KiB: 110k of 115k
    * instructions a step were this memset under callgrind) */
   r->shadow_zero = true;
   r->cmds_ok_n = 0;
   scr->shadow_bytes += r->size;
}

void
vkb_shadow_write(struct vkb_screen *scr, struct vkb_resource *r, uint64_t off, const void *data,
                 uint64_t size)
{
   if (r->shadow_zero && size) {
      r->shadow = off == 0 && size == r->size ? malloc(r->size) : calloc(1, r->size);
      r->shadow_zero = false;
      if (!r->shadow)
         scr->shadow_bytes -= r->size; /* no shadow: the buffer is never renamed */
   }
   if (r->shadow && size) {
      memcpy(r->shadow + off, data, size);
      r->cmds_ok_n = 0; /* the commands found within budget may have changed */
   }
}

void
vkb_rename_forget(struct vkb_screen *scr, struct vkb_resource *r)
{
   if (r->shadow || r->shadow_zero) {
      free(r->shadow);
      r->shadow = NULL;
      r->shadow_zero = false;
      scr->shadow_bytes -= r->size;
   }
   if (!r->ver_buf)
      return;
   for (uint32_t i = 0; i < scr->renamed_count; i++) {
      if (scr->renamed[i] == r) {
         scr->renamed[i] = scr->renamed[--scr->renamed_count];
         break;
      }
   }
   r->ver_buf = VK_NULL_HANDLE;
}

bool
vkb_rename_subdata(struct vkb_screen *scr, struct vkb_resource *r, uint64_t off, const void *data,
                   uint64_t size)
{
   if ((!r->shadow && !r->shadow_zero) || !scr->rendering_ctx || scr->knobs.no_buffer_rename ||
       (!r->ver_buf && scr->renamed_count == VKB_RENAMED_MAX))
      return false;
   struct vkb_alloc a;
   if (vkb_arena_try(scr, r->size, scr->props.limits.minUniformBufferOffsetAlignment, &a) !=
       VKB_ARENA_OK)
      return false; /* the caller's staged write meets the same refusal and reports it */
   if (!scr->rendering_ctx)
      return false; /* the allocation submitted the batch: no scope to keep */
   vkb_shadow_write(scr, r, off, data, size);
   if (!r->shadow)
      return false; /* no memory for its bytes: the caller's staged write goes as without one */
   memcpy(a.ptr, r->shadow, r->size);
   if (!r->ver_buf)
      scr->renamed[scr->renamed_count++] = r;
   r->ver_buf = a.buf;
   r->ver_offset = a.offset;
   r->last_use = vkb_current_serial(scr);
   scr->stats.buffer_renames++;
   if (r->desc_read)
      scr->rename_tick++;
   else
      scr->vertex_rename_tick++; /* no set names it: only the vertex and index binds move */
   return true;
}

void
vkb_rename_settle(struct vkb_screen *scr)
{
   if (!scr->renamed_count)
      return;
   VkCommandBuffer cmd = vkb_cmd(scr);
   const uint64_t serial = vkb_current_serial(scr);
   /* the scope's reads of the stores before the copies overwrite them, and the copies before
    * every later read (the two barriers of vkb_resource.c's staged writes) */
   VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
   };
   const VkPipelineStageFlags readers = VK_PIPELINE_STAGE_VERTEX_INPUT_BIT |
                                        VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT |
                                        scr->shader_pipe_stages | VK_PIPELINE_STAGE_TRANSFER_BIT;
   if (cmd)
      vkCmdPipelineBarrier(cmd, readers, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0,
                           NULL);
   for (uint32_t i = 0; i < scr->renamed_count; i++) {
      struct vkb_resource *r = scr->renamed[i];
      if (cmd)
         vkCmdCopyBuffer(cmd, r->ver_buf, r->buf, 1, &(VkBufferCopy){r->ver_offset, 0, r->size});
      r->ver_buf = VK_NULL_HANDLE;
      r->last_use = serial;
   }
   scr->renamed_count = 0;
   scr->stats.rename_settles++;
   if (!cmd)
      return;
   mb.dstAccessMask = VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_INDEX_READ_BIT |
                      VK_ACCESS_UNIFORM_READ_BIT | VK_ACCESS_SHADER_READ_BIT |
                      VK_ACCESS_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT |
                      VK_ACCESS_TRANSFER_WRITE_BIT;
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, readers, 0, 1, &mb, 0, NULL, 0, NULL);
}
