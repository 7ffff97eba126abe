/* vkb_mipmap.c — generate_mipmap: each level a linear vkCmdBlitImage of the one above it; for
 * a float format the device does not blit linearly (R11G11B10_FLOAT and RGB9E5_FLOAT on
 * lavapipe), the levels are made on the CPU from the base level, read back through a staging
 * buffer (the server waits for the batch, counted as colour-convert-waits). */
#include <stdlib.h>

#include "log.h"
#include "pipe_pixel.h"
#include "vkb_blit.h"

#define CTX_SELF                                                                                   \
   struct vkb_context *ctx = self;                                                                 \
   struct vkb_screen *scr = ctx->scr;                                                              \
   (void)tail, (void)tail_count;                                                                   \
   if (scr->failed)                                                                                \
   return

#define MIP(v, l) ((v) >> (l) ? (uint32_t)((v) >> (l)) : 1u)

/* Levels base+1..last of r made on the CPU; false when its format is not a float one the
 * texel codec decodes and encodes (the caller declines). */
static bool
mipmap_on_cpu(struct vkb_screen *scr, struct vkb_resource *r, uint32_t base, uint32_t last)
{
   const unsigned fmt = r->fmt->storage;
   const uint32_t ts = r->fmt->vk_texel_size;
   uint8_t probe[16] = {0};
   struct mgp_texel t;
   if (r->fmt->kind != MGP_SAMPLER_KIND_FLOAT || !mgp_texel_decode(fmt, probe, &t) || t.is_int ||
       !mgp_texel_encode_float(fmt, t.f, probe))
      return false;
   const bool is3d = r->image_type == VK_IMAGE_TYPE_3D;
   const uint32_t layers = is3d ? 1 : r->layers;
   uint32_t w = MIP(r->width, base), h = MIP(r->height, base), d = is3d ? MIP(r->depth, base) : 1;
   const size_t n = (size_t)w * h * d * layers;
   VkDeviceSize out_bytes = 0;
   for (uint32_t l = base + 1; l <= last; l++)
      out_bytes += (VkDeviceSize)MIP(r->width, l) * MIP(r->height, l) *
                   (is3d ? MIP(r->depth, l) : 1) * layers * ts;
   float *cur = malloc(n * 4 * sizeof(float));
   if (!cur) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "generate_mipmap");
      return true;
   }
   struct vkb_alloc in, out;
   if (!vkb_arena_or_refuse(scr, (VkDeviceSize)n * ts, 16, &in, r->base.h, "generate_mipmap")) {
      free(cur);
      return true;
   }
   vkb_image_transition(scr, r, base, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd) {
      free(cur);
      return true;
   }
   const VkBufferImageCopy rd = {
      .bufferOffset = in.offset,
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, base, 0, r->layers},
      .imageExtent = {w, h, d},
   };
   vkCmdCopyImageToBuffer(cmd, r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, in.buf, 1, &rd);
   r->last_use = vkb_current_serial(scr);
   const uint64_t serial = vkb_submit(scr);
   if (!serial || vkb_wait_serial(scr, serial, UINT64_MAX, false) != VK_SUCCESS) {
      free(cur);
      return true;
   }
   scr->stats.color_convert_waits++;
   /* the staging slice stays valid until the batch that holds it is retired */
   const bool ok = vkb_arena_or_refuse(scr, out_bytes, 16, &out, r->base.h, "generate_mipmap");
   for (size_t i = 0; ok && i < n; i++) {
      mgp_texel_decode(fmt, in.ptr + i * ts, &t);
      for (int c = 0; c < 4; c++)
         cur[4 * i + c] = (float)t.f[c];
   }
   vkb_retire(scr);
   VkBufferImageCopy *regions = ok ? calloc(last - base, sizeof(*regions)) : NULL;
   if (!regions) {
      if (ok)
         vkb_fatal(scr, MGU_FATAL_OutOfMemory, "generate_mipmap");
      free(cur);
      return true;
   }
   VkDeviceSize at = 0;
   for (uint32_t l = base + 1; l <= last; l++) {
      const uint32_t nw = MIP(r->width, l), nh = MIP(r->height, l),
                     nd = is3d ? MIP(r->depth, l) : 1;
      const size_t nn = (size_t)nw * nh * nd * layers;
      float *next = malloc(nn * 4 * sizeof(float));
      if (!next) {
         vkb_fatal(scr, MGU_FATAL_OutOfMemory, "generate_mipmap");
         free(regions);
         free(cur);
         return true;
      }
      mgp_downsample_linear(cur, w, h, d, layers, next, nw, nh, nd);
      for (size_t i = 0; i < nn; i++) {
         const double f[4] = {next[4 * i], next[4 * i + 1], next[4 * i + 2], next[4 * i + 3]};
         mgp_texel_encode_float(fmt, f, out.ptr + at + i * ts);
      }
      regions[l - base - 1] = (VkBufferImageCopy){
         .bufferOffset = out.offset + at,
         .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, r->layers},
         .imageExtent = {nw, nh, nd},
      };
      at += (VkDeviceSize)nn * ts;
      free(cur);
      cur = next;
      w = nw, h = nh, d = nd;
   }
   free(cur);
   vkb_image_transition(scr, r, base + 1, last - base, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   cmd = vkb_cmd(scr);
   if (cmd)
      vkCmdCopyBufferToImage(cmd, out.buf, r->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                             last - base, regions);
   free(regions);
   r->last_use = vkb_current_serial(scr);
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
