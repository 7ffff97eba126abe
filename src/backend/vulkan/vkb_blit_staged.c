/* vkb_blit_staged.c — unscaled blits through a staging buffer in the batch's arena: a
 * depth/stencil copy between two formats of one depth family (image -> buffer -> image on
 * the GPU), a depth copy across families and a colour copy into a format the device neither
 * blits nor draws into (the server waits for the batch and converts on the CPU). Out of
 * staging memory refuses the blit whole (nothing reaches the destination): GL_OUT_OF_MEMORY. */
#include <string.h>

#include "log.h"
#include "vkb_blit.h"

void
vkb_copy_image_via_buffer(VkCommandBuffer cmd, VkImage src, VkImage dst, VkBuffer buf,
                          VkDeviceSize offset, VkDeviceSize size, uint32_t n,
                          const VkBufferImageCopy *out, const VkBufferImageCopy *in)
{
   vkCmdCopyImageToBuffer(cmd, src, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buf, n, out);
   const VkBufferMemoryBarrier bb = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .buffer = buf,
      .offset = offset,
      .size = size,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                        NULL, 1, &bb, 0, NULL);
   vkCmdCopyBufferToImage(cmd, buf, dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, n, in);
}

/* An unscaled depth/stencil copy between two formats of one depth family (glCopyTexImage of
 * a D24S8 buffer into DEPTH_COMPONENT24, say): vkCmdCopyImage needs one format, so each aspect
 * goes image -> staging buffer -> image. */
void
vkb_blit_copy_depth_via_buffer(struct vkb_screen *scr, const struct vkb_blit_surf *s,
                               const struct vkb_blit_surf *d, VkImageAspectFlags aspect, int32_t sx,
                               int32_t sy, int32_t dx, int32_t dy, uint32_t w, uint32_t h)
{
   const VkDeviceSize depth_bytes = (VkDeviceSize)w * h * 4;
   const VkDeviceSize s_off = (depth_bytes + 15) / 16 * 16;
   struct vkb_alloc st;
   if (!vkb_arena_or_refuse(scr, s_off + (VkDeviceSize)w * h, 16, &st, d->r->base.h, "blit"))
      return;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_image_transition(scr, d->r, d->level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   VkBufferImageCopy out[2], in[2];
   uint32_t n = 0;
   for (int k = 0; k < 2; k++) {
      const VkImageAspectFlags a = k ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT;
      if (!(aspect & a))
         continue;
      out[n] = (VkBufferImageCopy){.bufferOffset = st.offset + (k ? s_off : 0),
                                   .imageSubresource = vkb_blit_sub(s->r, a, s->level, s->layer),
                                   .imageOffset = {sx, sy, vkb_blit_zof(s->r, s->layer)},
                                   .imageExtent = {w, h, 1}};
      in[n] = out[n];
      in[n].imageSubresource = vkb_blit_sub(d->r, a, d->level, d->layer);
      in[n].imageOffset = (VkOffset3D){dx, dy, vkb_blit_zof(d->r, d->layer)};
      n++;
   }
   vkb_copy_image_via_buffer(cmd, s->r->img, d->r->img, st.buf, st.offset,
                             s_off + (VkDeviceSize)w * h, n, out, in);
   s->r->last_use = d->r->last_use = vkb_current_serial(scr);
}

/* An unscaled depth copy between depth families (glCopyTexImage of a D32F buffer into
 * DEPTH_COMPONENT16, say): no Vulkan copy converts depth. The aspects go to a staging
 * buffer, the server waits for that batch (counted: depth-convert-waits), converts the depth
 * on the CPU as GL converts it, and copies the result into the destination; stencil bytes
 * are alike in every format and pass unchanged. */
void
vkb_blit_copy_depth_convert(struct vkb_screen *scr, const struct vkb_blit_surf *s,
                            const struct vkb_blit_surf *d, VkImageAspectFlags aspect, int32_t sx,
                            int32_t sy, int32_t dx, int32_t dy, uint32_t w, uint32_t h)
{
   const VkFormat sf = s->r->fmt->vk, df = d->r->fmt->vk;
   const VkDeviceSize n = (VkDeviceSize)w * h;
   /* GL's conversion of a depth value to a texture's format (GL 3.3 §2.1.6): clamped to
    * [0, 1], fixed-point formats rounded to the nearest step (pipe_pixel.h). */
   const enum mgp_depth_layout sl = vkb_format_depth_layout(sf), dl = vkb_format_depth_layout(df);
   const VkDeviceSize in_z = (n * mgp_depth_bytes(sl) + 15) / 16 * 16;
   const VkDeviceSize out_z = (n * mgp_depth_bytes(dl) + 15) / 16 * 16;
   const bool stencil = aspect & VK_IMAGE_ASPECT_STENCIL_BIT;
   struct vkb_alloc in, out;
   if (!vkb_arena_or_refuse(scr, in_z + (stencil ? n : 0), 16, &in, d->r->base.h, "blit"))
      return;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   VkBufferImageCopy rg[2] = {
      {.bufferOffset = in.offset,
       .imageSubresource = vkb_blit_sub(s->r, VK_IMAGE_ASPECT_DEPTH_BIT, s->level, s->layer),
       .imageOffset = {sx, sy, vkb_blit_zof(s->r, s->layer)},
       .imageExtent = {w, h, 1}},
   };
   rg[1] = rg[0];
   rg[1].bufferOffset = in.offset + in_z;
   rg[1].imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
   vkCmdCopyImageToBuffer(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, in.buf,
                          stencil ? 2 : 1, rg);
   s->r->last_use = vkb_current_serial(scr);
   const uint64_t serial = vkb_submit(scr);
   if (!serial || vkb_wait_serial(scr, serial, UINT64_MAX, false) != VK_SUCCESS)
      return;
   scr->stats.depth_convert_waits++;
   /* the staging slice stays valid until the batch that holds it is retired */
   const bool ok =
      vkb_arena_or_refuse(scr, out_z + (stencil ? n : 0), 16, &out, d->r->base.h, "blit");
   if (ok) {
      for (VkDeviceSize i = 0; i < n; i++)
         mgp_depth_encode(dl, mgp_depth_decode(sl, in.ptr + i * mgp_depth_bytes(sl)),
                          out.ptr + i * mgp_depth_bytes(dl));
      if (stencil)
         memcpy(out.ptr + out_z, in.ptr + in_z, n);
   }
   vkb_retire(scr);
   if (!ok)
      return;
   vkb_image_transition(scr, d->r, d->level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   rg[0].bufferOffset = out.offset;
   rg[0].imageSubresource = vkb_blit_sub(d->r, VK_IMAGE_ASPECT_DEPTH_BIT, d->level, d->layer);
   rg[0].imageOffset = (VkOffset3D){dx, dy, vkb_blit_zof(d->r, d->layer)};
   rg[1] = rg[0];
   rg[1].bufferOffset = out.offset + out_z;
   rg[1].imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
   vkCmdCopyBufferToImage(cmd, out.buf, d->r->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                          stencil ? 2 : 1, rg);
   d->r->last_use = vkb_current_serial(scr);
}

/* An unscaled colour copy into a format that is sampled but neither drawn into nor a blit
 * destination here (GL_RGB9_E5 on lavapipe: glCopyTexImage2D into it): like
 * copy_depth_convert, through a staging buffer and the CPU (counted: colour-convert-waits).
 * The source's stored values, as copy-tex takes them (an sRGB source is not decoded). False:
 * a format pair not converted here. */
bool
vkb_blit_copy_color_convert(struct vkb_screen *scr, const struct vkb_blit_surf *s,
                            const struct vkb_blit_surf *d, int32_t sx, int32_t sy, int32_t dx,
                            int32_t dy, uint32_t w, uint32_t h)
{
   /* an sRGB source decodes as its stored values (pipe_pixel.c reads sRGB bytes as UNORM) */
   const unsigned sf = s->r->fmt->storage, df = d->r->fmt->storage;
   const uint32_t sts = s->r->fmt->vk_texel_size, dts = d->r->fmt->vk_texel_size;
   uint8_t probe[16] = {0};
   struct mgp_texel t;
   if (s->r->fmt->kind != MGP_SAMPLER_KIND_FLOAT || !mgp_texel_decode(sf, probe, &t) || t.is_int ||
       !mgp_texel_encode_float(df, t.f, probe))
      return false;
   const VkDeviceSize n = (VkDeviceSize)w * h;
   struct vkb_alloc in, out;
   if (!vkb_arena_or_refuse(scr, n * sts, 16, &in, d->r->base.h, "blit"))
      return true;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return true;
   VkBufferImageCopy rg = {
      .bufferOffset = in.offset,
      .imageSubresource = vkb_blit_sub(s->r, VK_IMAGE_ASPECT_COLOR_BIT, s->level, s->layer),
      .imageOffset = {sx, sy, vkb_blit_zof(s->r, s->layer)},
      .imageExtent = {w, h, 1},
   };
   vkCmdCopyImageToBuffer(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, in.buf, 1, &rg);
   s->r->last_use = vkb_current_serial(scr);
   const uint64_t serial = vkb_submit(scr);
   if (!serial || vkb_wait_serial(scr, serial, UINT64_MAX, false) != VK_SUCCESS)
      return true;
   scr->stats.color_convert_waits++;
   /* the staging slice stays valid until the batch that holds it is retired */
   const bool ok = vkb_arena_or_refuse(scr, n * dts, 16, &out, d->r->base.h, "blit");
   for (VkDeviceSize i = 0; ok && i < n; i++) {
      mgp_texel_decode(sf, in.ptr + i * sts, &t);
      mgp_texel_encode_float(df, t.f, out.ptr + i * dts);
   }
   vkb_retire(scr);
   if (!ok)
      return true;
   vkb_image_transition(scr, d->r, d->level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   cmd = vkb_cmd(scr);
   if (!cmd)
      return true;
   rg.bufferOffset = out.offset;
   rg.imageSubresource = vkb_blit_sub(d->r, VK_IMAGE_ASPECT_COLOR_BIT, d->level, d->layer);
   rg.imageOffset = (VkOffset3D){dx, dy, vkb_blit_zof(d->r, d->layer)};
   vkCmdCopyBufferToImage(cmd, out.buf, d->r->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &rg);
   d->r->last_use = vkb_current_serial(scr);
   return true;
}
