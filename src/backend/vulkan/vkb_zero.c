/* vkb_zero.c — new stores are zeroed before anything can observe them, and only when needed.
 *
 * A new image or buffer holds whatever its memory held before: on a shared server (mgl-server
 * --listen) bytes another session left there, or an earlier object of this one. GL leaves the
 * contents undefined, but no session may read another's. So a new store owes its zeroing, per
 * level (vkb_resource.zero_owed), and sits on the screen's zero list until it has paid:
 * - an upload that writes a whole owed level, and lands whole, writes every texel of it: that
 *   level's zeroing is skipped (levels-zero-skipped; vkb_transfer.c proves the cover);
 * - any other upload to an owed level pays that level first, so a partial upload keeps zeros
 *   around it;
 * - generate_mipmap writes each level it makes whole from the level above: those levels' zeroing
 *   is skipped (a level 0 uploaded, then a mipmap chain generated, is never cleared), and the
 *   call pays all else owed itself (vkb_mipmap.c);
 * - a store deleted while it still owes frees memory nothing read (stores-zero-skipped counts
 *   the stores that never paid at all);
 * - every other call pays every store on the list before it runs (vkb_tables.c), except the
 *   calls vkb_zero_call_blind names, which neither read nor write any store's contents (or, as
 *   above, pay for themselves). A call
 *   added to the catalog pays by default: no path that reads a store (sampling, attachments,
 *   clears, copies, blits, read-back, mapping, transform feedback, present) can be forgotten.
 * Counted: images-zeroed and buffers-zeroed when paid, stores-zero-deferred-paid for those paid
 * at a later call than their creation. */
#include <string.h>

#include "vkb.h"

/* Bytes of new stores zeroed in this batch: their pages stay held until the batch that frees
 * them retires, so a loop that makes and deletes stores submits at VKB_BATCH_ZERO_LIMIT. */
static void
note_zeroed(struct vkb_screen *scr, VkDeviceSize bytes)
{
   (void)vkb_current_serial(scr); /* opens the batch, records nothing */
   if (!scr->cur)
      return;
   scr->cur->zeroed_bytes += bytes;
   vkb_arena_pressure_point(scr);
}

/* The whole allocation of a new image zeroed through a mapping, where its memory is host-visible
 * (lavapipe, integrated GPUs): no GPU work, and the contents, metadata included, hold nothing
 * of an earlier owner. On lavapipe this is far cheaper than vkCmdClearColorImage (a
 * glTexImage2D of 1 MiB with data: 28 MB/s with the clear, about what it was without). Only
 * while no level has been written: nothing on the GPU has used the image yet. */
static bool
zero_image_memory(struct vkb_screen *scr, struct vkb_resource *r)
{
   if (r->sub_block) {
      /* its range of a block, mapped whole (vkb_suballoc.c): in memory that is not coherent the
       * range starts at a multiple of nonCoherentAtomSize, and the next range no earlier than
       * the next multiple after its end */
      if (!r->sub_block->map)
         return false;
      memset(r->sub_block->map + r->mem_offset, 0, (size_t)r->zero_host_size);
      if (r->zero_host_got & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)
         return true;
      const VkDeviceSize atom = scr->props.limits.nonCoherentAtomSize;
      VkDeviceSize size = r->zero_host_size;
      if (atom > 1)
         size = (size + atom - 1) / atom * atom;
      if (size > r->sub_block->size - r->mem_offset)
         size = VK_WHOLE_SIZE;
      const VkMappedMemoryRange range = {.sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
                                         .memory = r->mem,
                                         .offset = r->mem_offset,
                                         .size = size};
      return vkFlushMappedMemoryRanges(scr->dev, 1, &range) == VK_SUCCESS;
   }
   void *p = NULL;
   if (vkMapMemory(scr->dev, r->mem, 0, VK_WHOLE_SIZE, 0, &p) != VK_SUCCESS)
      return false;
   memset(p, 0, (size_t)r->zero_host_size);
   bool ok = true;
   if (!(r->zero_host_got & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)) {
      const VkMappedMemoryRange range = {
         .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE, .memory = r->mem, .size = VK_WHOLE_SIZE};
      ok = vkFlushMappedMemoryRanges(scr->dev, 1, &range) == VK_SUCCESS;
   }
   vkUnmapMemory(scr->dev, r->mem);
   return ok;
}

/* The owed levels in mask cleared on the GPU: to 0, and alpha 1 for a GL format without alpha
 * in RGBA storage (mgp_resource_desc.no_alpha), so that writers which leave A alone (draws and
 * drawn blits mask it) keep what GL reads. */
static void
clear_levels(struct vkb_screen *scr, struct vkb_resource *r, uint32_t mask, bool alpha_one)
{
   vkb_end_rendering(scr);
   for (uint32_t l = 0; l < r->levels; l++) {
      if (!(mask & (1u << l)))
         continue;
      vkb_image_transition(scr, r, l, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, false);
      VkCommandBuffer cmd = vkb_cmd(scr);
      if (!cmd)
         return;
      const VkImageSubresourceRange range = {r->fmt->aspect, l, 1, 0, r->layers};
      if (r->fmt->aspect == VK_IMAGE_ASPECT_COLOR_BIT) {
         VkClearColorValue v = {.uint32 = {0, 0, 0, alpha_one ? 1 : 0}};
         if (r->fmt->kind == MGP_SAMPLER_KIND_FLOAT)
            v = (VkClearColorValue){.float32 = {0, 0, 0, alpha_one ? 1.0f : 0.0f}};
         vkCmdClearColorImage(cmd, r->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &v, 1, &range);
      } else {
         const VkClearDepthStencilValue v = {0.0f, 0};
         vkCmdClearDepthStencilImage(cmd, r->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &v, 1,
                                     &range);
      }
   }
   r->last_use = vkb_current_serial(scr);
}

static void
pay_buffer(struct vkb_screen *scr, struct vkb_resource *r)
{
   if (r->map) {
      memset(r->map, 0, r->size ? (size_t)((r->size + 3) & ~(VkDeviceSize)3) : 4);
   } else {
      vkb_end_rendering(scr);
      VkCommandBuffer cmd = vkb_cmd(scr);
      if (!cmd)
         return;
      vkCmdFillBuffer(cmd, r->buf, 0, VK_WHOLE_SIZE, 0);
      vkb_buffer_barrier_after_write(scr);
      r->last_use = vkb_current_serial(scr);
   }
   scr->stats.buffers_zeroed++;
   note_zeroed(scr, r->mem_bytes);
}

void
vkb_zero_pay(struct vkb_screen *scr, struct vkb_resource *r, uint32_t mask)
{
   mask &= r->zero_owed;
   if (!mask || scr->failed)
      return;
   if (r->is_buffer) {
      pay_buffer(scr, r);
      vkb_zero_unlink(scr, r);
      return;
   }
   uint8_t one[4];
   const bool alpha_one = !r->fmt->has_alpha && r->fmt->aspect == VK_IMAGE_ASPECT_COLOR_BIT &&
                          vkb_format_alpha_one(r->fmt->vk, one);
   /* Nothing written yet: the whole memory at once where the CPU can reach it. */
   if (r->zero_host_size && !alpha_one && !r->zero_partial && zero_image_memory(scr, r))
      mask = r->zero_owed;
   else
      clear_levels(scr, r, mask, alpha_one);
   scr->stats.images_zeroed++;
   note_zeroed(scr, r->mem_bytes);
   r->zero_owed &= ~mask;
   r->zero_partial = true;
   if (!r->zero_owed)
      vkb_zero_unlink(scr, r);
}

void
vkb_zero_written(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level)
{
   const uint32_t bit = r->is_buffer ? 1u : 1u << level;
   if (!(r->zero_owed & bit))
      return;
   scr->stats.levels_zero_skipped++;
   const bool none_paid = r->zero_owed == vkb_zero_all_levels(r) && !r->zero_partial;
   r->zero_owed &= ~bit;
   r->zero_partial = true;
   if (!r->zero_owed) {
      if (none_paid)
         scr->stats.stores_zero_skipped++;
      vkb_zero_unlink(scr, r);
   }
}

void
vkb_zero_pay_all(struct vkb_screen *scr)
{
   while (scr->zero_head && !scr->failed) {
      struct vkb_resource *r = scr->zero_head;
      scr->stats.stores_zero_deferred_paid++;
      vkb_zero_pay(scr, r, r->zero_owed);
      if (scr->zero_head == r) /* a failure on the way: never pay twice, never loop */
         vkb_zero_unlink(scr, r);
   }
}

bool
vkb_zero_call_blind(unsigned call)
{
   switch (call) {
   /* A store's own life and its uploads: these pay for themselves (vkb_resource.c,
    * vkb_transfer.c) and read no other store. */
   case MGP_CALL_resource_create:
   case MGP_CALL_resource_respecify:
   case MGP_CALL_resource_destroy:
   case MGP_CALL_resource_subdata:
   /* Writes levels whole from the level above and pays the rest itself (vkb_mipmap.c). */
   case MGP_CALL_generate_mipmap:
   /* State that names no store's contents; what later reads a store through it pays then. */
   case MGP_CALL_set_texture_params:
   case MGP_CALL_create_sampler_view:
   case MGP_CALL_delete_sampler_view:
   case MGP_CALL_create_sampler:
   case MGP_CALL_delete_sampler:
   case MGP_CALL_bind_sampler_states:
   case MGP_CALL_set_pixel_pack_state:
   case MGP_CALL_set_patch_state:
   case MGP_CALL_fence_create:
   case MGP_CALL_fence_status:
   case MGP_CALL_fence_wait:
   case MGP_CALL_fence_destroy: return true;
   default: return false;
   }
}
