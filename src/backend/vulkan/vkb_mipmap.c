/* vkb_mipmap.c — generate_mipmap: each level a linear vkCmdBlitImage of the one above it; for
 * a float format the device does not blit linearly (R11G11B10_FLOAT and RGB9E5_FLOAT on
 * lavapipe), the levels are made on the CPU from the base level (mgp_mipmap_chain), read back a
 * band of rows at a time through a staging buffer (the server waits for each band's batch,
 * counted as colour-convert-waits) and copied in a band at a time. */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "pipe_mipmap.h"
#include "pipe_pixel.h"
#include "vkb_blit.h"

#define CTX_SELF                                                                                   \
   struct vkb_context *ctx = self;                                                                 \
   struct vkb_screen *scr = ctx->scr;                                                              \
   (void)tail, (void)tail_count;                                                                   \
   if (scr->failed)                                                                                \
   return

#define MIP(v, l) ((v) >> (l) ? (uint32_t)((v) >> (l)) : 1u)

/* One volume (3D) or layer of r whose levels mgp_mipmap_chain makes from level base. */
struct vk_chain {
   struct vkb_screen *scr;
   struct vkb_resource *r;
   uint32_t base, layer;
   bool is3d;
};

/* Rows y .. y + rows - 1 of slice z of level base, through a staging slice: the server waits
 * for the batch (a colour-convert-wait). False: no staging memory (refused) or no batch. */
static bool
chain_read(void *user, uint32_t z, uint32_t y, uint32_t rows, uint8_t *texels)
{
   struct vk_chain *g = user;
   struct vkb_screen *scr = g->scr;
   struct vkb_resource *r = g->r;
   const uint32_t w = MIP(r->width, g->base);
   const VkDeviceSize bytes = (VkDeviceSize)w * rows * r->fmt->vk_texel_size;
   struct vkb_alloc in;
   if (!vkb_arena_or_refuse(scr, bytes, 16, &in, r->base.h, "generate_mipmap"))
      return false;
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return false;
   const VkBufferImageCopy rd = {
      .bufferOffset = in.offset,
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, g->base, g->is3d ? 0 : g->layer, 1},
      .imageOffset = {0, (int32_t)y, g->is3d ? (int32_t)z : 0},
      .imageExtent = {w, rows, 1},
   };
   vkCmdCopyImageToBuffer(cmd, r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, in.buf, 1, &rd);
   r->last_use = vkb_current_serial(scr);
   const uint64_t serial = vkb_submit(scr);
   if (!serial || vkb_wait_serial(scr, serial, UINT64_MAX, false) != VK_SUCCESS)
      return false;
   scr->stats.color_convert_waits++;
   /* the staging slice stays valid until the batch that holds it is retired */
   memcpy(texels, in.ptr, (size_t)bytes);
   vkb_retire(scr);
   return true;
}

/* Rows y .. y + rows - 1 of slice z of level base + level, copied in from a staging slice of
 * the batch being recorded. False: no staging memory (refused) or no batch. */
static bool
chain_write(void *user, uint32_t level, uint32_t z, uint32_t y, uint32_t rows,
            const uint8_t *texels)
{
   struct vk_chain *g = user;
   struct vkb_screen *scr = g->scr;
   struct vkb_resource *r = g->r;
   const uint32_t w = MIP(r->width, g->base + level);
   const VkDeviceSize bytes = (VkDeviceSize)w * rows * r->fmt->vk_texel_size;
   struct vkb_alloc out;
   if (!vkb_arena_or_refuse(scr, bytes, 16, &out, r->base.h, "generate_mipmap"))
      return false;
   memcpy(out.ptr, texels, (size_t)bytes);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return false;
   const VkBufferImageCopy wr = {
      .bufferOffset = out.offset,
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, g->base + level, g->is3d ? 0 : g->layer, 1},
      .imageOffset = {0, (int32_t)y, g->is3d ? (int32_t)z : 0},
      .imageExtent = {w, rows, 1},
   };
   vkCmdCopyBufferToImage(cmd, out.buf, r->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &wr);
   r->last_use = vkb_current_serial(scr);
   return true;
}

/* Levels base+1..last of r made on the CPU in bands of rows (mgp_mipmap_chain), each layer of
 * an array on its own; false when its format is not a float one the texel codec decodes and
 * encodes (the caller declines). */
static bool
mipmap_on_cpu(struct vkb_screen *scr, struct vkb_resource *r, uint32_t base, uint32_t last)
{
   const unsigned fmt = r->fmt->storage;
   uint8_t probe[16] = {0};
   struct mgp_texel t;
   if (r->fmt->kind != MGP_SAMPLER_KIND_FLOAT || !mgp_texel_decode(fmt, probe, &t) || t.is_int ||
       !mgp_texel_encode_float(fmt, t.f, probe) ||
       mgp_format_desc(fmt)->bytes != r->fmt->vk_texel_size)
      return false;
   struct vk_chain g = {.scr = scr, .r = r, .base = base};
   g.is3d = r->image_type == VK_IMAGE_TYPE_3D;
   const struct mgp_mip_chain c = {
      .format = fmt,
      .width = MIP(r->width, base),
      .height = MIP(r->height, base),
      .depth = g.is3d ? MIP(r->depth, base) : 1,
      .levels = last - base,
      .user = &g,
      .read = chain_read,
      .write = chain_write,
   };
   vkb_image_transition(scr, r, base, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_image_transition(scr, r, base + 1, last - base, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   for (uint32_t layer = 0; layer < (g.is3d ? 1 : r->layers) && !scr->failed; layer++) {
      g.layer = layer;
      const enum mgp_mip_result got = mgp_mipmap_chain(&c, NULL);
      if (got == MGP_MIP_NO_MEMORY)
         vkb_fatal(scr, MGU_FATAL_OutOfMemory, "generate_mipmap");
      if (got != MGP_MIP_DONE)
         break; /* refused (GL_OUT_OF_MEMORY told) or failed: the other layers too */
   }
   return true;
}

void
vkb_generate_mipmap(void *self, const struct mgp_generate_mipmap *args, const void *tail,
                    uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_resource *r = vkb_resource_for_use(scr, args->res, "generate_mipmap");
   if (!r)
      return;
   if (r->is_buffer || !r->img || r->samples != VK_SAMPLE_COUNT_1_BIT) {
      MGU_DECLINE(backend_draw_incomplete, "generate_mipmap of a buffer or multisampled image");
      return;
   }
   uint32_t last = args->last_level < r->levels ? args->last_level : r->levels - 1;
   if (args->base_level >= last)
      return;
   const bool blit =
      vkb_blit_has_features(scr, r->fmt->vk,
                            VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT |
                               VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT);
   uint8_t probe[16] = {0};
   struct mgp_texel t;
   const bool cpu = r->fmt->kind == MGP_SAMPLER_KIND_FLOAT &&
                    mgp_texel_decode(r->fmt->storage, probe, &t) && !t.is_int;
   if (r->fmt->aspect != VK_IMAGE_ASPECT_COLOR_BIT || (!blit && !cpu)) {
      MGU_DECLINE(backend_format_unsupported, "generate_mipmap of %s: no linear Vulkan blit",
                  vkb_format_name(r->desc.format));
      return;
   }
   /* Each level base+1..last is written whole (every layer, the whole extent) from the one above
    * it, so it owes no zeroing; all else owed (the base level read here, other stores) is paid as
    * any call pays (vkb_zero_call_blind lets this call do it). */
   for (uint32_t l = args->base_level + 1; l <= last; l++)
      vkb_zero_written(scr, r, l);
   vkb_zero_pay_all(scr);
   if (!blit) {
      if (!mipmap_on_cpu(scr, r, args->base_level, last))
         MGU_DECLINE(backend_format_unsupported, "generate_mipmap of %s: no linear Vulkan blit",
                     vkb_format_name(r->desc.format));
      return;
   }
   const bool is3d = r->image_type == VK_IMAGE_TYPE_3D;
   for (uint32_t l = args->base_level + 1; l <= last; l++) {
      vkb_image_transition(scr, r, l - 1, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
      vkb_image_transition(scr, r, l, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
      vkb_end_rendering(scr);
      VkCommandBuffer cmd = vkb_cmd(scr);
      if (!cmd)
         return;
#define MIPI(v, l) ((int32_t)MIP(v, l))
      VkImageBlit b = {
         .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l - 1, 0, r->layers},
         .srcOffsets = {{0, 0, 0},
                        {MIPI(r->width, l - 1), MIPI(r->height, l - 1),
                         is3d ? MIPI(r->depth, l - 1) : 1}},
         .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, r->layers},
         .dstOffsets = {{0, 0, 0},
                        {MIPI(r->width, l), MIPI(r->height, l), is3d ? MIPI(r->depth, l) : 1}},
      };
#undef MIPI
      vkCmdBlitImage(cmd, r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &b, VK_FILTER_LINEAR);
   }
   r->last_use = vkb_current_serial(scr);
}
