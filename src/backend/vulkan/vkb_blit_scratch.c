/* vkb_blit_scratch.c — the scratch images a blit goes through: one level, one layer, in the
 * current batch, released when it completes. A blit within one level reads a scratch copy of
 * its source surface; a scaled blit clipped at its destination or whose source box leaves its
 * surface goes through one the size of its box; a resolve that converts goes through one. */
#include <string.h>

#include "log.h"
#include "vkb_blit.h"

/* A scratch image (one level, one layer) in the current batch, released when it completes.
 * A multisampled one also carries an attachment usage: the sample counts a device must offer
 * are those of attachment (or sampled) images, not of transfer-only ones. */
static VkImageUsageFlags
attachment_usage(const struct vkb_format *fmt)
{
   return fmt->aspect == VK_IMAGE_ASPECT_COLOR_BIT ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
                                                   : VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
}

bool
vkb_blit_scratch_image(struct vkb_screen *scr, const struct vkb_format *fmt, uint32_t w, uint32_t h,
                       VkSampleCountFlagBits samples, VkImageUsageFlags extra_usage,
                       struct vkb_resource *out)
{
   memset(out, 0, sizeof(*out));
   VkImageUsageFlags usage =
      VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | extra_usage;
   if (samples != VK_SAMPLE_COUNT_1_BIT)
      usage |= attachment_usage(fmt);
   if (fmt->caps & MGP_FORMAT_CAP_SAMPLE)
      usage |= VK_IMAGE_USAGE_SAMPLED_BIT; /* a blit drawn from it (vkb_blit_draw.c) */
   VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = fmt->vk,
      .extent = {w, h, 1},
      .mipLevels = 1,
      .arrayLayers = 1,
      .samples = samples,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = usage,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   /* a colour source copy may be read through its UNORM twin (GL_FRAMEBUFFER_SRGB off) */
   if (fmt->aspect == VK_IMAGE_ASPECT_COLOR_BIT)
      ici.flags = VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
   if (!vkb_check(scr, vkCreateImage(scr->dev, &ici, NULL, &out->img), "scratch image"))
      return false;
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(scr->dev, out->img, &req);
   int32_t type = vkb_find_memory(scr, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0);
   if (type < 0)
      type = vkb_find_memory(scr, req.memoryTypeBits, 0, 0);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = type < 0 ? 0 : (uint32_t)type};
   if (!vkb_check(scr, vkAllocateMemory(scr->dev, &mai, NULL, &out->mem), "scratch memory") ||
       !vkb_check(scr, vkBindImageMemory(scr->dev, out->img, out->mem, 0), "scratch bind")) {
      vkDestroyImage(scr->dev, out->img, NULL);
      out->img = VK_NULL_HANDLE;
      return false;
   }
   out->fmt = fmt;
   out->width = w;
   out->height = h;
   out->depth = 1;
   out->levels = 1;
   out->layers = 1;
   out->image_type = VK_IMAGE_TYPE_2D;
   out->samples = samples;
   out->layout[0] = VK_IMAGE_LAYOUT_UNDEFINED;
   return true;
}

void
vkb_blit_scratch_release(struct vkb_screen *scr, struct vkb_resource *t)
{
   if (t->att_view[0])
      VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, t->att_view[0]);
   if (t->lin_view[0])
      VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, t->lin_view[0]);
   VKB_DEFER(scr, VKB_GARBAGE_IMAGE, t->img);
   VKB_DEFER(scr, VKB_GARBAGE_MEMORY, t->mem);
}

/* Copies level s->level, layer s->layer of s into a new scratch image and makes *s name it. */
bool
vkb_blit_copy_to_scratch(struct vkb_screen *scr, struct vkb_blit_surf *s, VkImageAspectFlags aspect,
                         struct vkb_resource *tmp)
{
   if (!vkb_blit_scratch_image(scr, s->r->fmt, (uint32_t)s->w, (uint32_t)s->h, s->r->samples, 0,
                               tmp))
      return false;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_image_transition(scr, tmp, 0, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd) {
      vkb_blit_scratch_release(scr, tmp);
      return false;
   }
   VkImageCopy c = {
      .srcSubresource = vkb_blit_sub(s->r, aspect, s->level, s->layer),
      .srcOffset = {0, 0, vkb_blit_zof(s->r, s->layer)},
      .dstSubresource = vkb_blit_sub(tmp, aspect, 0, 0),
      .extent = {(uint32_t)s->w, (uint32_t)s->h, 1},
   };
   vkCmdCopyImage(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, tmp->img,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
   s->r->last_use = vkb_current_serial(scr);
   *s = (struct vkb_blit_surf){.r = tmp, .level = 0, .layer = 0, .w = s->w, .h = s->h};
   return true;
}

/* A scratch image the size of the source box (sw x sh at smin), holding the part of *s inside
 * the surface at its place in the box; *s then names it. The rest of it is never read. */
bool
vkb_blit_source_box_scratch(struct vkb_screen *scr, struct vkb_blit_surf *s,
                            VkImageAspectFlags aspect, int64_t smin_x, int64_t smin_y, int64_t sw,
                            int64_t sh, struct vkb_resource *tmp)
{
   const int64_t x0 = smin_x > 0 ? smin_x : 0, y0 = smin_y > 0 ? smin_y : 0;
   const int64_t x1 = smin_x + sw < s->w ? smin_x + sw : s->w;
   const int64_t y1 = smin_y + sh < s->h ? smin_y + sh : s->h;
   if (!vkb_blit_scratch_image(scr, s->r->fmt, (uint32_t)sw, (uint32_t)sh, VK_SAMPLE_COUNT_1_BIT, 0,
                               tmp))
      return false;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_image_transition(scr, tmp, 0, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd) {
      vkb_blit_scratch_release(scr, tmp);
      return false;
   }
   const VkImageCopy c = {
      .srcSubresource = vkb_blit_sub(s->r, aspect, s->level, s->layer),
      .srcOffset = {(int32_t)x0, (int32_t)y0, vkb_blit_zof(s->r, s->layer)},
      .dstSubresource = vkb_blit_sub(tmp, aspect, 0, 0),
      .dstOffset = {(int32_t)(x0 - smin_x), (int32_t)(y0 - smin_y), 0},
      .extent = {(uint32_t)(x1 - x0), (uint32_t)(y1 - y0), 1},
   };
   vkCmdCopyImage(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, tmp->img,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
   s->r->last_use = vkb_current_serial(scr);
   *s = (struct vkb_blit_surf){.r = tmp, .level = 0, .layer = 0, .w = sw, .h = sh};
   return true;
}
