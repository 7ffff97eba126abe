/* vkb_mipmap.c — generate_mipmap: each level a linear vkCmdBlitImage of the one above it. */
#include "log.h"
#include "vkb_blit.h"

#define CTX_SELF                                                                                   \
   struct vkb_context *ctx = self;                                                                 \
   struct vkb_screen *scr = ctx->scr;                                                              \
   (void)tail, (void)tail_count;                                                                   \
   if (scr->failed)                                                                                \
   return

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
   if (r->fmt->aspect != VK_IMAGE_ASPECT_COLOR_BIT ||
       !vkb_blit_has_features(scr, r->fmt->vk,
                              VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT |
                                 VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)) {
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
   const bool is3d = r->image_type == VK_IMAGE_TYPE_3D;
   for (uint32_t l = args->base_level + 1; l <= last; l++) {
      vkb_image_transition(scr, r, l - 1, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
      vkb_image_transition(scr, r, l, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
      vkb_end_rendering(scr);
      VkCommandBuffer cmd = vkb_cmd(scr);
      if (!cmd)
         return;
#define MIP(v, l) ((v) >> (l) ? (int32_t)((v) >> (l)) : 1)
      VkImageBlit b = {
         .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l - 1, 0, r->layers},
         .srcOffsets = {{0, 0, 0},
                        {MIP(r->width, l - 1), MIP(r->height, l - 1),
                         is3d ? MIP(r->depth, l - 1) : 1}},
         .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, r->layers},
         .dstOffsets = {{0, 0, 0},
                        {MIP(r->width, l), MIP(r->height, l), is3d ? MIP(r->depth, l) : 1}},
      };
#undef MIP
      vkCmdBlitImage(cmd, r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &b, VK_FILTER_LINEAR);
   }
   r->last_use = vkb_current_serial(scr);
}
