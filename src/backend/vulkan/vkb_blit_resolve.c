/* vkb_blit_resolve.c — unscaled blits from or between multisampled surfaces that no single
 * transfer command does: a colour resolve that mirrors or converts (resolved into a scratch
 * image, then blitted), a depth/stencil resolve (sample 0, in a rendering scope), and a
 * stencil-only copy between multisampled depth/stencil surfaces that keeps the depth. */
#include "log.h"
#include "vkb_blit.h"

/* A stencil-only copy of w x h pixels between multisampled depth/stencil surfaces of one
 * format: no buffer copy takes a multisampled image, and lavapipe's vkCmdCopyImage of the
 * stencil aspect writes depth too. The destination is kept in a scratch copy, the stencil
 * copied, and the depth of the rectangle drawn back from the scratch copy. */
void
vkb_blit_copy_stencil_keep_depth(struct vkb_screen *scr, const struct vkb_blit_surf *s,
                                 const struct vkb_blit_surf *d, int32_t sx, int32_t sy, int32_t dx,
                                 int32_t dy, uint32_t w, uint32_t h)
{
   struct vkb_blit_surf kept = *d;
   struct vkb_resource tmp;
   if (!vkb_blit_copy_to_scratch(scr, &kept, d->r->fmt->aspect, &tmp))
      return;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_image_transition(scr, d->r, d->level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (cmd) {
      const VkImageCopy c = {
         .srcSubresource = vkb_blit_sub(s->r, VK_IMAGE_ASPECT_STENCIL_BIT, s->level, s->layer),
         .srcOffset = {sx, sy, vkb_blit_zof(s->r, s->layer)},
         .dstSubresource = vkb_blit_sub(d->r, VK_IMAGE_ASPECT_STENCIL_BIT, d->level, d->layer),
         .dstOffset = {dx, dy, vkb_blit_zof(d->r, d->layer)},
         .extent = {w, h, 1},
      };
      vkCmdCopyImage(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
      s->r->last_use = d->r->last_use = vkb_current_serial(scr);
      const int64_t box[4] = {dx, dy, dx + (int64_t)w, dy + (int64_t)h};
      vkb_blit_draw_surfaces(scr, VK_IMAGE_ASPECT_DEPTH_BIT, &kept, d, box, box, box[0], box[1],
                             box[2], box[3], false, false);
   }
   vkb_blit_scratch_release(scr, &tmp);
}

/* An unscaled colour resolve that also mirrors or converts: vkCmdResolveImage does neither
 * and vkCmdBlitImage takes no multisampled source, so the w x h rectangle at (sx, sy) is
 * resolved into a single-sample scratch image of the source's format and blitted from there
 * to (dx, dy). */
void
vkb_blit_resolve_then_blit(struct vkb_screen *scr, const struct vkb_blit_surf *s,
                           const struct vkb_blit_surf *d, int32_t sx, int32_t sy, int32_t dx,
                           int32_t dy, uint32_t w, uint32_t h, bool mirror_x, bool mirror_y)
{
   if (!vkb_blit_features(scr, s->r->fmt->vk, VK_FORMAT_FEATURE_BLIT_SRC_BIT) ||
       !vkb_blit_features(scr, d->r->fmt->vk, VK_FORMAT_FEATURE_BLIT_DST_BIT) ||
       d->r->image_type == VK_IMAGE_TYPE_3D) {
      /* no Vulkan blit for these formats, or none from the 2D scratch image into a 3D slice
       * (blit_into_slice): resolved by drawing */
      const int64_t x0 = sx, y0 = sy, x1 = sx + (int64_t)w, y1 = sy + (int64_t)h;
      const int64_t sb[4] = {mirror_x ? x1 : x0, mirror_y ? y1 : y0, mirror_x ? x0 : x1,
                             mirror_y ? y0 : y1};
      const int64_t db[4] = {dx, dy, dx + (int64_t)w, dy + (int64_t)h};
      vkb_blit_draw_surfaces(scr, VK_IMAGE_ASPECT_COLOR_BIT, s, d, sb, db, db[0], db[1], db[2],
                             db[3], false, false);
      return;
   }
   struct vkb_resource tmp;
   if (!vkb_blit_scratch_image(scr, s->r->fmt, w, h, VK_SAMPLE_COUNT_1_BIT, 0, &tmp))
      return;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_image_transition(scr, &tmp, 0, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (cmd) {
      const VkImageResolve rr = {
         .srcSubresource = vkb_blit_sub(s->r, VK_IMAGE_ASPECT_COLOR_BIT, s->level, s->layer),
         .srcOffset = {sx, sy, vkb_blit_zof(s->r, s->layer)},
         .dstSubresource = vkb_blit_sub(&tmp, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0),
         .extent = {w, h, 1},
      };
      vkCmdResolveImage(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, tmp.img,
                        VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &rr);
      vkb_image_transition(scr, &tmp, 0, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
      vkb_image_transition(scr, d->r, d->level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
      cmd = vkb_cmd(scr);
   }
   if (cmd) {
      const int32_t dz = vkb_blit_zof(d->r, d->layer);
      const VkImageBlit b = {
         .srcSubresource = vkb_blit_sub(&tmp, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0),
         .srcOffsets = {{mirror_x ? (int32_t)w : 0, mirror_y ? (int32_t)h : 0, 0},
                        {mirror_x ? 0 : (int32_t)w, mirror_y ? 0 : (int32_t)h, 1}},
         .dstSubresource = vkb_blit_sub(d->r, VK_IMAGE_ASPECT_COLOR_BIT, d->level, d->layer),
         .dstOffsets = {{dx, dy, dz}, {dx + (int32_t)w, dy + (int32_t)h, dz + 1}},
      };
      vkCmdBlitImage(cmd, tmp.img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &b, VK_FILTER_NEAREST);
      s->r->last_use = d->r->last_use = vkb_current_serial(scr);
   }
   vkb_blit_scratch_release(scr, &tmp);
}

/* Whether the device resolves these depth/stencil aspects in a rendering scope, taking
 * sample 0 (Vulkan 1.2 depth/stencil resolve). */
bool
vkb_blit_ds_resolve_supported(const struct vkb_screen *scr, VkImageAspectFlags aspect)
{
   if (scr->api_version < VK_API_VERSION_1_2)
      return false;
   VkPhysicalDeviceDepthStencilResolveProperties r = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_STENCIL_RESOLVE_PROPERTIES};
   VkPhysicalDeviceProperties2 p = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                    .pNext = &r};
   vkGetPhysicalDeviceProperties2(scr->phys, &p);
   return (!(aspect & VK_IMAGE_ASPECT_DEPTH_BIT) ||
           (r.supportedDepthResolveModes & VK_RESOLVE_MODE_SAMPLE_ZERO_BIT)) &&
          (!(aspect & VK_IMAGE_ASPECT_STENCIL_BIT) ||
           (r.supportedStencilResolveModes & VK_RESOLVE_MODE_SAMPLE_ZERO_BIT));
}

/* An unscaled multisampled depth/stencil resolve of one format: vkCmdResolveImage takes
 * colour only, so an empty rendering scope over the rectangle, with the source as its
 * depth/stencil attachment, resolves sample 0 of each pixel into a single-sample scratch image
 * the size of the source, and the rectangle is copied from there to (dx, dy). */
void
vkb_blit_resolve_depth_stencil(struct vkb_screen *scr, const struct vkb_blit_surf *s,
                               const struct vkb_blit_surf *d, VkImageAspectFlags aspect, int32_t sx,
                               int32_t sy, int32_t dx, int32_t dy, uint32_t w, uint32_t h)
{
   struct vkb_resource tmp;
   if (!vkb_blit_scratch_image(scr, s->r->fmt, (uint32_t)s->w, (uint32_t)s->h,
                               VK_SAMPLE_COUNT_1_BIT, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                               &tmp))
      return;
   const VkImageView sv = vkb_resource_layer_view(scr, s->r, s->level, s->layer);
   const VkImageView tv = vkb_resource_level_view(scr, &tmp, 0);
   const VkImageLayout att = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   if (sv && tv) {
      vkb_image_transition(scr, s->r, s->level, 1, att, true);
      vkb_image_transition(scr, &tmp, 0, 1, att, true);
      vkb_end_rendering(scr);
      cmd = vkb_cmd(scr);
   }
   if (cmd) {
      const VkRenderingAttachmentInfo a = {
         .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
         .imageView = sv,
         .imageLayout = att,
         .resolveMode = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT,
         .resolveImageView = tv,
         .resolveImageLayout = att,
         .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
         .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      };
      const VkRenderingInfo ri = {
         .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
         .renderArea = {{sx, sy}, {w, h}},
         .layerCount = 1,
         .pDepthAttachment = aspect & VK_IMAGE_ASPECT_DEPTH_BIT ? &a : NULL,
         .pStencilAttachment = aspect & VK_IMAGE_ASPECT_STENCIL_BIT ? &a : NULL,
      };
      scr->begin_rendering(cmd, &ri);
      scr->end_rendering(cmd);
      vkb_image_transition(scr, &tmp, 0, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
      vkb_image_transition(scr, d->r, d->level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
      cmd = vkb_cmd(scr);
   }
   if (cmd && aspect != d->r->fmt->aspect) {
      /* one aspect: through a buffer, as in blit_surfaces */
      const struct vkb_blit_surf t = {.r = &tmp, .level = 0, .layer = 0, .w = s->w, .h = s->h};
      vkb_blit_copy_depth_via_buffer(scr, &t, d, aspect, sx, sy, dx, dy, w, h);
      s->r->last_use = vkb_current_serial(scr);
   } else if (cmd) {
      const VkImageCopy c = {
         .srcSubresource = vkb_blit_sub(&tmp, aspect, 0, 0),
         .srcOffset = {sx, sy, 0},
         .dstSubresource = vkb_blit_sub(d->r, aspect, d->level, d->layer),
         .dstOffset = {dx, dy, vkb_blit_zof(d->r, d->layer)},
         .extent = {w, h, 1},
      };
      vkCmdCopyImage(cmd, tmp.img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
      s->r->last_use = d->r->last_use = vkb_current_serial(scr);
   }
   vkb_blit_scratch_release(scr, &tmp);
}
