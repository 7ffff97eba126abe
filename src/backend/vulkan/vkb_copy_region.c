/* vkb_copy_region.c — resource_copy_region: a buffer range into a buffer (glCopyBufferSubData)
 * or a box of texels between two images of one texel size (glCopyImageSubData's shape), through
 * a staging buffer between a 1D image and a 2D or 3D one. */
#include "log.h"
#include "vkb.h"

#define CTX_SELF                                                                                   \
   struct vkb_context *ctx = self;                                                                 \
   struct vkb_screen *scr = ctx->scr;                                                              \
   (void)tail, (void)tail_count;                                                                   \
   if (scr->failed)                                                                                \
   return

/* The subresource and offset of box layer/slice z.. of r (a 3D image's slices are depth). */
static void
image_place(const struct vkb_resource *r, VkImageAspectFlags aspect, uint32_t level, int32_t x,
            int32_t y, int32_t z, uint32_t depth, VkImageSubresourceLayers *sub, VkOffset3D *off)
{
   const bool is3d = r->image_type == VK_IMAGE_TYPE_3D;
   *sub = (VkImageSubresourceLayers){aspect, level, is3d ? 0 : (uint32_t)z, is3d ? 1 : depth};
   *off = (VkOffset3D){x, y, is3d ? z : 0};
}

/* vkCmdCopyImage does not copy between a 1D image and a 2D or 3D one (Vulkan 1.1,
 * VUID-vkCmdCopyImage-srcImage-07743): the box goes image -> staging buffer -> image, one
 * aspect at a time, its layers or slices one after another in the buffer on both sides. */
static void
copy_via_buffer(struct vkb_screen *scr, struct vkb_resource *s, struct vkb_resource *d,
                const struct mgp_resource_copy_region *args)
{
   const struct mgp_box *b = &args->src_box;
   const VkDeviceSize texels = (VkDeviceSize)b->width * b->height * b->depth;
   const VkImageAspectFlags aspects = s->fmt->aspect;
   const bool two =
      (aspects & VK_IMAGE_ASPECT_DEPTH_BIT) && (aspects & VK_IMAGE_ASPECT_STENCIL_BIT);
   /* a depth aspect is at most 4 bytes a texel in a buffer, stencil 1 */
   const VkDeviceSize first = two ? (texels * 4 + 15) / 16 * 16 : texels * s->fmt->vk_texel_size;
   const VkDeviceSize total = first + (two ? texels : 0);
   struct vkb_alloc st;
   if (!vkb_arena_or_refuse(scr, total, 16, &st, d->base.h, "resource_copy_region"))
      return;
   vkb_image_transition(scr, s, args->src_level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_image_transition(scr, d, args->dst_level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   VkBufferImageCopy out[2], in[2];
   uint32_t n = 0;
   for (int k = 0; k < 2; k++) {
      VkImageAspectFlags a = aspects;
      if (two)
         a = k ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT;
      else if (k)
         break;
      const VkExtent3D ext = {b->width, b->height, 1};
      out[n] = (VkBufferImageCopy){.bufferOffset = st.offset + (k ? first : 0)};
      image_place(s, a, args->src_level, b->x, b->y, b->z, b->depth, &out[n].imageSubresource,
                  &out[n].imageOffset);
      out[n].imageExtent = ext;
      if (s->image_type == VK_IMAGE_TYPE_3D)
         out[n].imageExtent.depth = b->depth;
      in[n] = (VkBufferImageCopy){.bufferOffset = out[n].bufferOffset};
      image_place(d, a, args->dst_level, args->dst_x, args->dst_y, args->dst_z, b->depth,
                  &in[n].imageSubresource, &in[n].imageOffset);
      in[n].imageExtent = ext;
      if (d->image_type == VK_IMAGE_TYPE_3D)
         in[n].imageExtent.depth = b->depth;
      n++;
   }
   vkb_copy_image_via_buffer(cmd, s->img, d->img, st.buf, st.offset, total, n, out, in);
   s->last_use = d->last_use = vkb_current_serial(scr);
}

void
vkb_resource_copy_region(void *self, const struct mgp_resource_copy_region *args, const void *tail,
                         uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_resource *d = vkb_resource_for_use(scr, args->dst, "resource_copy_region");
   struct vkb_resource *s = vkb_resource_for_read(scr, args->src, "resource_copy_region");
   if (!d || !s)
      return;
   const struct mgp_box *b = &args->src_box;
   if (d->is_buffer && s->is_buffer) {
      const uint64_t so = (uint64_t)(int64_t)b->x, dox = (uint64_t)(int64_t)args->dst_x,
                     n = b->width;
      if (b->x < 0 || args->dst_x < 0 || so + n > s->size || dox + n > d->size ||
          (s == d && so < dox + n && dox < so + n)) {
         MGU_DECLINE(backend_draw_incomplete,
                     "buffer copy [%d, +%u) -> [%d, +%u) out of range "
                     "or overlapping",
                     b->x, b->width, args->dst_x, b->width);
         return;
      }
      if (!n)
         return;
      if (scr->rendering_ctx) {
         scr->stats.render_pass_splits++;
         vkb_end_rendering(scr);
      }
      VkCommandBuffer cmd = vkb_cmd(scr);
      if (!cmd)
         return;
      vkb_buffer_barrier_before_write(scr);
      vkCmdCopyBuffer(cmd, s->buf, d->buf, 1, &(VkBufferCopy){so, dox, n});
      vkb_buffer_barrier_after_write(scr);
      s->last_use = d->last_use = vkb_current_serial(scr);
      return;
   }
   if (d->is_buffer || s->is_buffer) {
      MGU_DECLINE(backend_feature_unimplemented, "resource_copy_region between a buffer and an "
                                                 "image");
      return;
   }
   if (!d->img || !s->img || args->dst_level >= d->levels || args->src_level >= s->levels ||
       s->samples != d->samples || s->fmt->vk_texel_size != d->fmt->vk_texel_size ||
       s->fmt->aspect != d->fmt->aspect) {
      MGU_DECLINE(backend_draw_incomplete,
                  "image copy %s level %u -> %s level %u (sizes, "
                  "samples or aspects differ)",
                  vkb_format_name(s->desc.format), args->src_level, vkb_format_name(d->desc.format),
                  args->dst_level);
      return;
   }
   if (!b->width || !b->height || !b->depth)
      return;
   const uint32_t sl = args->src_level, dl = args->dst_level;
   const int64_t sw = s->width >> sl ? s->width >> sl : 1,
                 sh = s->height >> sl ? s->height >> sl : 1;
   const int64_t dw = d->width >> dl ? d->width >> dl : 1,
                 dh = d->height >> dl ? d->height >> dl : 1;
   if (b->x < 0 || b->y < 0 || b->z < 0 || args->dst_x < 0 || args->dst_y < 0 || args->dst_z < 0 ||
       b->x + (int64_t)b->width > sw || b->y + (int64_t)b->height > sh ||
       b->z + (int64_t)b->depth > vkb_resource_level_layers(s, sl) ||
       args->dst_x + (int64_t)b->width > dw || args->dst_y + (int64_t)b->height > dh ||
       args->dst_z + (int64_t)b->depth > vkb_resource_level_layers(d, dl)) {
      MGU_DECLINE(backend_draw_incomplete, "image copy box outside a level");
      return;
   }
   /* Within one level the level cannot be in two layouts: both sides use GENERAL, which
    * Vulkan allows for one image when the boxes do not overlap (GL leaves overlapping copies
    * undefined; Vulkan makes them invalid, so those stay declined). */
   const bool one_level = s == d && sl == dl;
   if (one_level && b->x < args->dst_x + (int64_t)b->width &&
       args->dst_x < b->x + (int64_t)b->width && b->y < args->dst_y + (int64_t)b->height &&
       args->dst_y < b->y + (int64_t)b->height && b->z < args->dst_z + (int64_t)b->depth &&
       args->dst_z < b->z + (int64_t)b->depth) {
      MGU_DECLINE(backend_feature_unimplemented, "image copy between overlapping boxes of one "
                                                 "level");
      return;
   }
   /* vkCmdCopyImage copies between images of one type, or 2D and 3D: a 3D image's slices
    * z.. are the other side's layers z.. (Vulkan 1.1, VUID-vkCmdCopyImage-srcImage-07743). */
   if (s->image_type != d->image_type &&
       (s->image_type == VK_IMAGE_TYPE_1D || d->image_type == VK_IMAGE_TYPE_1D)) {
      copy_via_buffer(scr, s, d, args);
      return;
   }
   const VkImageLayout src_layout =
      one_level ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
   const VkImageLayout dst_layout =
      one_level ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
   vkb_image_transition(scr, s, sl, 1, src_layout, false);
   vkb_image_transition(scr, d, dl, 1, dst_layout, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   const bool s3 = s->image_type == VK_IMAGE_TYPE_3D, d3 = d->image_type == VK_IMAGE_TYPE_3D;
   VkImageCopy c = {
      .srcSubresource = {s->fmt->aspect, sl, s3 ? 0 : (uint32_t)b->z, s3 ? 1 : b->depth},
      .srcOffset = {b->x, b->y, s3 ? b->z : 0},
      .dstSubresource = {d->fmt->aspect, dl, d3 ? 0 : (uint32_t)args->dst_z, d3 ? 1 : b->depth},
      .dstOffset = {args->dst_x, args->dst_y, d3 ? args->dst_z : 0},
      .extent = {b->width, b->height, s3 || d3 ? b->depth : 1},
   };
   vkCmdCopyImage(cmd, s->img, src_layout, d->img, dst_layout, 1, &c);
   s->last_use = d->last_use = vkb_current_serial(scr);
}
