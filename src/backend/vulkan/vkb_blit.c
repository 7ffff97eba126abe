/* vkb_blit.c — blit (glBlitFramebuffer), generate_mipmap and resource_copy_region.
 *
 * blit follows GL: the boxes are (x0, y0, x1, y1) as the app gave them, possibly mirrored; the
 * destination rectangle is clipped to the destination surface and to the scissor, without
 * changing the mapping of destination pixels to source pixels. A blit at scale 1 maps every
 * clipped destination pixel to one source pixel, so it is a vkCmdCopyImage (same format, not
 * mirrored), a vkCmdResolveImage (multisampled source) or a vkCmdBlitImage (mirrored or
 * converting), each on exactly the pixels GL writes. A scaled blit is one vkCmdBlitImage with
 * the whole boxes when nothing clips the destination; when something does, it blits the whole
 * boxes into a scratch image and copies the clipped part from there (the scaled mapping of the
 * kept pixels is exactly the unclipped one). A blit whose source and destination share a level
 * (one surface, or two layers of it) reads a scratch copy of the source surface, multisampled
 * or not. What none of Vulkan's transfer commands can do is drawn (vkb_blit_draw.c): colour
 * blits into a multisampled destination that are not copies of samples (mirrored, converting,
 * or from a single-sample source), resolves and blits between formats with no vkCmdBlitImage,
 * scaled linear blits whose source leaves the read surface, scaled blits whose boxes are
 * larger than an image may be, and blits from a 1D or 2D image into a 3D slice
 * (blit_into_slice); depth alone likewise into or between multisampled surfaces
 * (gl_FragDepth), which also keeps the stencil of a multisampled depth/stencil destination,
 * and stencil (gl_FragStencilRefARB) where the device has VK_EXT_shader_stencil_export;
 * without it stencil blits of those shapes stay declined. Coordinates are GL's and image rows are GL rows
 * (docs/ARCHITECTURE.md), so nothing is flipped. */
#include <GL/glcorearb.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "vkb.h"

#define CTX_SELF                                                                               \
   struct vkb_context *ctx = self;                                                             \
   struct vkb_screen *scr = ctx->scr;                                                          \
   (void)tail, (void)tail_count;                                                               \
   if (scr->failed)                                                                            \
      return

static bool
has_features(const struct vkb_screen *scr, VkFormat f, VkFormatFeatureFlags want)
{
   VkFormatProperties p;
   vkGetPhysicalDeviceFormatProperties(scr->phys, f, &p);
   return (p.optimalTilingFeatures & want) == want;
}

/* has_features for a blit: MGL_TEST_VK_NO_BLIT_FORMATS=1 (test-only, read at screen creation)
 * takes vkCmdBlitImage from every format, so the blits that need it are drawn. */
static bool
blit_features(const struct vkb_screen *scr, VkFormat f, VkFormatFeatureFlags want)
{
   if (scr->test_no_blit_formats &&
       (want & (VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT)))
      return false;
   return has_features(scr, f, want);
}

static VkImageSubresourceLayers
sub(const struct vkb_resource *r, VkImageAspectFlags aspect, uint32_t level, uint32_t layer)
{
   return (VkImageSubresourceLayers){aspect, level,
                                     r->image_type == VK_IMAGE_TYPE_3D ? 0 : layer, 1};
}

static int32_t
zof(const struct vkb_resource *r, uint32_t layer)
{
   return r->image_type == VK_IMAGE_TYPE_3D ? (int32_t)layer : 0;
}

struct surf {
   struct vkb_resource *r;
   uint32_t level, layer;
   int64_t w, h;
};

static bool
get_surf(struct vkb_screen *scr, const struct mgp_surface *s, struct surf *o)
{
   o->r = vkb_resource_for_use(scr, s->res, "blit");
   if (!o->r)
      return false;
   if (o->r->is_buffer || !o->r->img || s->level >= o->r->levels ||
       s->layer >= vkb_resource_level_layers(o->r, s->level)) {
      MGU_DECLINE(backend_draw_incomplete, "blit surface {%u,%u} level %u layer %u", s->res.slot,
                  s->res.gen, s->level, s->layer);
      return false;
   }
   o->level = s->level;
   o->layer = s->layer;
   o->w = o->r->width >> s->level ? o->r->width >> s->level : 1;
   o->h = o->r->height >> s->level ? o->r->height >> s->level : 1;
   return true;
}

static void
swap64(int64_t *a, int64_t *b)
{
   const int64_t t = *a;
   *a = *b;
   *b = t;
}

/* Clips the destination range [*c0, *c1) of a scale-1 blit so that its source pixels lie in
 * [0, src_size). Destination pixel d0 + i reads source s0 + i (ascending) or s0 - 1 - i
 * (mirrored, s0 > s1). Returns the first source pixel of the clipped range (the lowest). */
static int64_t
clip_unscaled(int64_t d0, int64_t s0, bool mirror, int64_t src_size, int64_t *c0, int64_t *c1)
{
   if (!mirror) {
      int64_t a0 = s0 + (*c0 - d0), a1 = s0 + (*c1 - d0);
      a0 = a0 < 0 ? 0 : a0;
      a1 = a1 > src_size ? src_size : a1;
      *c0 = d0 + (a0 - s0);
      *c1 = d0 + (a1 - s0);
      return a0;
   }
   int64_t a0 = s0 - (*c1 - d0), a1 = s0 - (*c0 - d0);
   a0 = a0 < 0 ? 0 : a0;
   a1 = a1 > src_size ? src_size : a1;
   *c0 = d0 + s0 - a1;
   *c1 = d0 + s0 - a0;
   return a0;
}

/* A scratch image (one level, one layer) in the current batch, released when it completes.
 * A multisampled one also carries an attachment usage: the sample counts a device must offer
 * are those of attachment (or sampled) images, not of transfer-only ones. */
static VkImageUsageFlags
attachment_usage(const struct vkb_format *fmt)
{
   return fmt->aspect == VK_IMAGE_ASPECT_COLOR_BIT ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
                                                   : VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
}

static bool
scratch_image(struct vkb_screen *scr, const struct vkb_format *fmt, uint32_t w, uint32_t h,
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

static void
scratch_release(struct vkb_screen *scr, struct vkb_resource *t)
{
   if (t->att_view[0])
      VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, t->att_view[0]);
   if (t->lin_view[0])
      VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, t->lin_view[0]);
   VKB_DEFER(scr, VKB_GARBAGE_IMAGE, t->img);
   VKB_DEFER(scr, VKB_GARBAGE_MEMORY, t->mem);
}

/* How a depth/stencil blit between two formats copies: not through a buffer (same format),
 * through one on the GPU, or converted by the server. */
enum ds_copy { DS_COPY_NONE, DS_COPY_BUFFER, DS_COPY_CONVERT };

/* The depth family of a Vulkan depth format: formats of one family lay the depth aspect out
 * alike in a buffer (4-byte texels, 24 low bits or a float), so a copy between them may pass
 * through one. 0: none. */
static int
depth_family(VkFormat f)
{
   switch (f) {
   case VK_FORMAT_D24_UNORM_S8_UINT: case VK_FORMAT_X8_D24_UNORM_PACK32: return 1;
   case VK_FORMAT_D32_SFLOAT: case VK_FORMAT_D32_SFLOAT_S8_UINT: return 2;
   default: return 0;
   }
}

/* An unscaled depth/stencil copy between two formats of one depth family (glCopyTexImage of
 * a D24S8 buffer into DEPTH_COMPONENT24, say): vkCmdCopyImage needs one format, so each aspect
 * goes image -> staging buffer -> image. */
static void
copy_depth_via_buffer(struct vkb_screen *scr, const struct surf *s, const struct surf *d,
                      VkImageAspectFlags aspect, int32_t sx, int32_t sy, int32_t dx, int32_t dy,
                      uint32_t w, uint32_t h)
{
   const VkDeviceSize depth_bytes = (VkDeviceSize)w * h * 4;
   const VkDeviceSize s_off = (depth_bytes + 15) / 16 * 16;
   struct vkb_alloc st;
   if (!vkb_arena_alloc(scr, s_off + (VkDeviceSize)w * h, 16, &st))
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
                                   .imageSubresource = sub(s->r, a, s->level, s->layer),
                                   .imageOffset = {sx, sy, zof(s->r, s->layer)},
                                   .imageExtent = {w, h, 1}};
      in[n] = out[n];
      in[n].imageSubresource = sub(d->r, a, d->level, d->layer);
      in[n].imageOffset = (VkOffset3D){dx, dy, zof(d->r, d->layer)};
      n++;
   }
   vkCmdCopyImageToBuffer(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, st.buf, n, out);
   VkBufferMemoryBarrier bb = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .buffer = st.buf,
      .offset = st.offset,
      .size = s_off + (VkDeviceSize)w * h,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                        NULL, 1, &bb, 0, NULL);
   vkCmdCopyBufferToImage(cmd, st.buf, d->r->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, n, in);
   s->r->last_use = d->r->last_use = vkb_current_serial(scr);
}

/* Depth texels as a buffer copy lays them out: D16 2 bytes; D24 4 bytes, depth in the low
 * 24 bits; D32F a float. */
static uint32_t
depth_copy_bytes(VkFormat f)
{
   return f == VK_FORMAT_D16_UNORM ? 2 : 4;
}

static double
depth_decode(VkFormat f, const uint8_t *p)
{
   switch (f) {
   case VK_FORMAT_D16_UNORM: {
      uint16_t v;
      memcpy(&v, p, 2);
      return v / 65535.0;
   }
   case VK_FORMAT_X8_D24_UNORM_PACK32:
   case VK_FORMAT_D24_UNORM_S8_UINT: {
      uint32_t v;
      memcpy(&v, p, 4);
      return (v & 0xffffffu) / 16777215.0;
   }
   default: {
      float v;
      memcpy(&v, p, 4);
      return v;
   }
   }
}

/* GL's conversion of a depth value to a texture's format (GL 3.3 §2.1.6): fixed-point formats
 * take it clamped to [0, 1], rounded to the nearest step. */
static void
depth_encode(VkFormat f, double d, uint8_t *p)
{
   if (f != VK_FORMAT_D16_UNORM && f != VK_FORMAT_X8_D24_UNORM_PACK32 &&
       f != VK_FORMAT_D24_UNORM_S8_UINT) {
      const float v = (float)d;
      memcpy(p, &v, 4);
      return;
   }
   d = d > 0.0 ? (d < 1.0 ? d : 1.0) : 0.0;
   if (f == VK_FORMAT_D16_UNORM) {
      const uint16_t v = (uint16_t)(d * 65535.0 + 0.5);
      memcpy(p, &v, 2);
   } else {
      const uint32_t v = (uint32_t)(d * 16777215.0 + 0.5);
      memcpy(p, &v, 4);
   }
}

/* An unscaled depth copy between depth families (glCopyTexImage of a D32F buffer into
 * DEPTH_COMPONENT16, say): no Vulkan copy converts depth. The aspects go to a staging
 * buffer, the server waits for that batch (counted: depth-convert-waits), converts the depth
 * on the CPU as GL converts it, and copies the result into the destination; stencil bytes
 * are alike in every format and pass unchanged. */
static void
copy_depth_convert(struct vkb_screen *scr, const struct surf *s, const struct surf *d,
                   VkImageAspectFlags aspect, int32_t sx, int32_t sy, int32_t dx, int32_t dy,
                   uint32_t w, uint32_t h)
{
   const VkFormat sf = s->r->fmt->vk, df = d->r->fmt->vk;
   const VkDeviceSize n = (VkDeviceSize)w * h;
   const VkDeviceSize in_z = (n * depth_copy_bytes(sf) + 15) / 16 * 16;
   const VkDeviceSize out_z = (n * depth_copy_bytes(df) + 15) / 16 * 16;
   const bool stencil = aspect & VK_IMAGE_ASPECT_STENCIL_BIT;
   struct vkb_alloc in, out;
   if (!vkb_arena_alloc(scr, in_z + (stencil ? n : 0), 16, &in))
      return;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   VkBufferImageCopy rg[2] = {
      {.bufferOffset = in.offset,
       .imageSubresource = sub(s->r, VK_IMAGE_ASPECT_DEPTH_BIT, s->level, s->layer),
       .imageOffset = {sx, sy, zof(s->r, s->layer)},
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
   scr->depth_convert_waits++;
   /* the staging slice stays valid until the batch that holds it is retired */
   const bool ok = vkb_arena_alloc(scr, out_z + (stencil ? n : 0), 16, &out);
   if (ok) {
      for (VkDeviceSize i = 0; i < n; i++)
         depth_encode(df, depth_decode(sf, in.ptr + i * depth_copy_bytes(sf)),
                      out.ptr + i * depth_copy_bytes(df));
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
   rg[0].imageSubresource = sub(d->r, VK_IMAGE_ASPECT_DEPTH_BIT, d->level, d->layer);
   rg[0].imageOffset = (VkOffset3D){dx, dy, zof(d->r, d->layer)};
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
static bool
copy_color_convert(struct vkb_screen *scr, const struct surf *s, const struct surf *d,
                   int32_t sx, int32_t sy, int32_t dx, int32_t dy, uint32_t w, uint32_t h)
{
   const VkFormat sf = vkb_format_linear(s->r->fmt->vk), df = d->r->fmt->vk;
   const uint32_t sts = s->r->fmt->vk_texel_size, dts = d->r->fmt->vk_texel_size;
   uint8_t probe[16] = {0};
   double f[4];
   if (s->r->fmt->kind != MGP_SAMPLER_KIND_FLOAT || !vkb_pack_decode_float(sf, probe, f) ||
       !vkb_pack_encode_float(df, f, probe))
      return false;
   const VkDeviceSize n = (VkDeviceSize)w * h;
   struct vkb_alloc in, out;
   if (!vkb_arena_alloc(scr, n * sts, 16, &in))
      return true;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return true;
   VkBufferImageCopy rg = {
      .bufferOffset = in.offset,
      .imageSubresource = sub(s->r, VK_IMAGE_ASPECT_COLOR_BIT, s->level, s->layer),
      .imageOffset = {sx, sy, zof(s->r, s->layer)},
      .imageExtent = {w, h, 1},
   };
   vkCmdCopyImageToBuffer(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, in.buf, 1, &rg);
   s->r->last_use = vkb_current_serial(scr);
   const uint64_t serial = vkb_submit(scr);
   if (!serial || vkb_wait_serial(scr, serial, UINT64_MAX, false) != VK_SUCCESS)
      return true;
   scr->color_convert_waits++;
   /* the staging slice stays valid until the batch that holds it is retired */
   const bool ok = vkb_arena_alloc(scr, n * dts, 16, &out);
   for (VkDeviceSize i = 0; ok && i < n; i++) {
      vkb_pack_decode_float(sf, in.ptr + i * sts, f);
      vkb_pack_encode_float(df, f, out.ptr + i * dts);
   }
   vkb_retire(scr);
   if (!ok)
      return true;
   vkb_image_transition(scr, d->r, d->level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   cmd = vkb_cmd(scr);
   if (!cmd)
      return true;
   rg.bufferOffset = out.offset;
   rg.imageSubresource = sub(d->r, VK_IMAGE_ASPECT_COLOR_BIT, d->level, d->layer);
   rg.imageOffset = (VkOffset3D){dx, dy, zof(d->r, d->layer)};
   vkCmdCopyBufferToImage(cmd, out.buf, d->r->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &rg);
   d->r->last_use = vkb_current_serial(scr);
   return true;
}

/* Copies level s->level, layer s->layer of s into a new scratch image and makes *s name it. */
static bool
copy_to_scratch(struct vkb_screen *scr, struct surf *s, VkImageAspectFlags aspect,
                struct vkb_resource *tmp)
{
   if (!scratch_image(scr, s->r->fmt, (uint32_t)s->w, (uint32_t)s->h, s->r->samples, 0, tmp))
      return false;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_image_transition(scr, tmp, 0, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd) {
      scratch_release(scr, tmp);
      return false;
   }
   VkImageCopy c = {
      .srcSubresource = sub(s->r, aspect, s->level, s->layer),
      .srcOffset = {0, 0, zof(s->r, s->layer)},
      .dstSubresource = sub(tmp, aspect, 0, 0),
      .extent = {(uint32_t)s->w, (uint32_t)s->h, 1},
   };
   vkCmdCopyImage(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, tmp->img,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
   s->r->last_use = vkb_current_serial(scr);
   *s = (struct surf){.r = tmp, .level = 0, .layer = 0, .w = s->w, .h = s->h};
   return true;
}

/* A vkCmdBlitImage from a 1D or 2D image into a slice of a 3D one: lavapipe (Mesa 22.3.6)
 * writes slice 0 whatever dstOffsets' z says (blit_3d_slice; Zink on lavapipe likewise), so
 * such blits are drawn into the slice instead (vkb_blit_draw.c renders into a 2D view of it). */
static bool
blit_into_slice(const struct vkb_resource *s, const struct vkb_resource *d)
{
   return d->image_type == VK_IMAGE_TYPE_3D && s->image_type != VK_IMAGE_TYPE_3D;
}

/* Whether blits of these aspects may be drawn: every aspect (stencil from a fragment shader
 * where the device exports it, else one bit a draw: vkb_blit_draw.c). */
static bool
drawable(const struct vkb_screen *scr, VkImageAspectFlags aspect)
{
   (void)scr;
   (void)aspect;
   return true;
}

/* The colour, depth or stencil blit of the source box sb (x0, y0, x1, y1: mirrored where
 * x0 > x1 or y0 > y1) to the ascending destination box db, drawn into the destination pixels
 * [cx0, cx1) x [cy0, cy1) (vkb_blit_draw.c), one draw per depth/stencil aspect. */
static void
draw_blit(struct vkb_screen *scr, VkImageAspectFlags aspect, const struct surf *s,
          const struct surf *d, const int64_t sb[4], const int64_t db[4], int64_t cx0,
          int64_t cy0, int64_t cx1, int64_t cy1, bool linear, bool unorm)
{
   const double scale_x = (double)(sb[2] - sb[0]) / (double)(db[2] - db[0]);
   const double scale_y = (double)(sb[3] - sb[1]) / (double)(db[3] - db[1]);
   struct vkb_blit_draw_args a = {
      .aspect = aspect,
      .src = s->r,
      .dst = d->r,
      .src_level = s->level,
      .src_layer = s->layer,
      .dst_level = d->level,
      .dst_layer = d->layer,
      .src_w = (uint32_t)s->w,
      .src_h = (uint32_t)s->h,
      .origin = {(double)sb[0] - (double)db[0] * scale_x, (double)sb[1] - (double)db[1] * scale_y},
      .scale = {scale_x, scale_y},
      .clip = {{(int32_t)cx0, (int32_t)cy0}, {(uint32_t)(cx1 - cx0), (uint32_t)(cy1 - cy0)}},
      .linear = linear,
      .unorm = unorm,
   };
   if (aspect == VK_IMAGE_ASPECT_COLOR_BIT) {
      vkb_blit_draw(scr, &a);
      return;
   }
   if (aspect & VK_IMAGE_ASPECT_DEPTH_BIT) {
      a.aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
      if (!vkb_blit_draw(scr, &a))
         return;
   }
   if (aspect & VK_IMAGE_ASPECT_STENCIL_BIT) {
      a.aspect = VK_IMAGE_ASPECT_STENCIL_BIT;
      vkb_blit_draw(scr, &a);
   }
}

/* A stencil-only copy of w x h pixels between multisampled depth/stencil surfaces of one
 * format: no buffer copy takes a multisampled image, and lavapipe's vkCmdCopyImage of the
 * stencil aspect writes depth too. The destination is kept in a scratch copy, the stencil
 * copied, and the depth of the rectangle drawn back from the scratch copy. */
static void
copy_stencil_keep_depth(struct vkb_screen *scr, const struct surf *s, const struct surf *d,
                        int32_t sx, int32_t sy, int32_t dx, int32_t dy, uint32_t w, uint32_t h)
{
   struct surf kept = *d;
   struct vkb_resource tmp;
   if (!copy_to_scratch(scr, &kept, d->r->fmt->aspect, &tmp))
      return;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_image_transition(scr, d->r, d->level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (cmd) {
      const VkImageCopy c = {
         .srcSubresource = sub(s->r, VK_IMAGE_ASPECT_STENCIL_BIT, s->level, s->layer),
         .srcOffset = {sx, sy, zof(s->r, s->layer)},
         .dstSubresource = sub(d->r, VK_IMAGE_ASPECT_STENCIL_BIT, d->level, d->layer),
         .dstOffset = {dx, dy, zof(d->r, d->layer)},
         .extent = {w, h, 1},
      };
      vkCmdCopyImage(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
      s->r->last_use = d->r->last_use = vkb_current_serial(scr);
      const int64_t box[4] = {dx, dy, dx + (int64_t)w, dy + (int64_t)h};
      draw_blit(scr, VK_IMAGE_ASPECT_DEPTH_BIT, &kept, d, box, box, box[0], box[1], box[2],
                box[3], false, false);
   }
   scratch_release(scr, &tmp);
}

/* A blit drawn over the part of the destination box inside the clip rectangle c
 * (x0, y0, x1, y1); an unscaled one also clipped to what its source holds. */
static void
draw_blit_clipped(struct vkb_screen *scr, VkImageAspectFlags aspect, const struct surf *s,
                  const struct surf *d, const int64_t sb[4], const int64_t db[4], bool mirror_x,
                  bool mirror_y, bool scaled, const int64_t c[4], bool linear, bool unorm)
{
   int64_t cx0 = c[0], cy0 = c[1], cx1 = c[2], cy1 = c[3];
   if (!scaled) {
      clip_unscaled(db[0], sb[0], mirror_x, s->w, &cx0, &cx1);
      clip_unscaled(db[1], sb[1], mirror_y, s->h, &cy0, &cy1);
   }
   if (cx1 > cx0 && cy1 > cy0)
      draw_blit(scr, aspect, s, d, sb, db, cx0, cy0, cx1, cy1, linear, unorm);
}

/* An unscaled colour resolve that also mirrors or converts: vkCmdResolveImage does neither
 * and vkCmdBlitImage takes no multisampled source, so the w x h rectangle at (sx, sy) is
 * resolved into a single-sample scratch image of the source's format and blitted from there
 * to (dx, dy). */
static void
resolve_then_blit(struct vkb_screen *scr, const struct surf *s, const struct surf *d, int32_t sx,
                  int32_t sy, int32_t dx, int32_t dy, uint32_t w, uint32_t h, bool mirror_x,
                  bool mirror_y)
{
   if (!blit_features(scr, s->r->fmt->vk, VK_FORMAT_FEATURE_BLIT_SRC_BIT) ||
       !blit_features(scr, d->r->fmt->vk, VK_FORMAT_FEATURE_BLIT_DST_BIT) ||
       d->r->image_type == VK_IMAGE_TYPE_3D) {
      /* no Vulkan blit for these formats, or none from the 2D scratch image into a 3D slice
       * (blit_into_slice): resolved by drawing */
      const int64_t x0 = sx, y0 = sy, x1 = sx + (int64_t)w, y1 = sy + (int64_t)h;
      const int64_t sb[4] = {mirror_x ? x1 : x0, mirror_y ? y1 : y0, mirror_x ? x0 : x1,
                             mirror_y ? y0 : y1};
      const int64_t db[4] = {dx, dy, dx + (int64_t)w, dy + (int64_t)h};
      draw_blit(scr, VK_IMAGE_ASPECT_COLOR_BIT, s, d, sb, db, db[0], db[1], db[2], db[3], false,
                false);
      return;
   }
   struct vkb_resource tmp;
   if (!scratch_image(scr, s->r->fmt, w, h, VK_SAMPLE_COUNT_1_BIT, 0, &tmp))
      return;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_image_transition(scr, &tmp, 0, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (cmd) {
      const VkImageResolve rr = {
         .srcSubresource = sub(s->r, VK_IMAGE_ASPECT_COLOR_BIT, s->level, s->layer),
         .srcOffset = {sx, sy, zof(s->r, s->layer)},
         .dstSubresource = sub(&tmp, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0),
         .extent = {w, h, 1},
      };
      vkCmdResolveImage(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, tmp.img,
                        VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &rr);
      vkb_image_transition(scr, &tmp, 0, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
      vkb_image_transition(scr, d->r, d->level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
      cmd = vkb_cmd(scr);
   }
   if (cmd) {
      const int32_t dz = zof(d->r, d->layer);
      const VkImageBlit b = {
         .srcSubresource = sub(&tmp, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0),
         .srcOffsets = {{mirror_x ? (int32_t)w : 0, mirror_y ? (int32_t)h : 0, 0},
                        {mirror_x ? 0 : (int32_t)w, mirror_y ? 0 : (int32_t)h, 1}},
         .dstSubresource = sub(d->r, VK_IMAGE_ASPECT_COLOR_BIT, d->level, d->layer),
         .dstOffsets = {{dx, dy, dz}, {dx + (int32_t)w, dy + (int32_t)h, dz + 1}},
      };
      vkCmdBlitImage(cmd, tmp.img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &b, VK_FILTER_NEAREST);
      s->r->last_use = d->r->last_use = vkb_current_serial(scr);
   }
   scratch_release(scr, &tmp);
}

/* Whether the device resolves these depth/stencil aspects in a rendering scope, taking
 * sample 0 (Vulkan 1.2 depth/stencil resolve). */
static bool
ds_resolve_supported(const struct vkb_screen *scr, VkImageAspectFlags aspect)
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
static void
resolve_depth_stencil(struct vkb_screen *scr, const struct surf *s, const struct surf *d,
                      VkImageAspectFlags aspect, int32_t sx, int32_t sy, int32_t dx, int32_t dy,
                      uint32_t w, uint32_t h)
{
   struct vkb_resource tmp;
   if (!scratch_image(scr, s->r->fmt, (uint32_t)s->w, (uint32_t)s->h, VK_SAMPLE_COUNT_1_BIT,
                      VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, &tmp))
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
      const struct surf t = {.r = &tmp, .level = 0, .layer = 0, .w = s->w, .h = s->h};
      copy_depth_via_buffer(scr, &t, d, aspect, sx, sy, dx, dy, w, h);
      s->r->last_use = vkb_current_serial(scr);
   } else if (cmd) {
      const VkImageCopy c = {
         .srcSubresource = sub(&tmp, aspect, 0, 0),
         .srcOffset = {sx, sy, 0},
         .dstSubresource = sub(d->r, aspect, d->level, d->layer),
         .dstOffset = {dx, dy, zof(d->r, d->layer)},
         .extent = {w, h, 1},
      };
      vkCmdCopyImage(cmd, tmp.img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
      s->r->last_use = d->r->last_use = vkb_current_serial(scr);
   }
   scratch_release(scr, &tmp);
}

/* A scaled nearest blit reads, for destination pixel d0 + i, box pixel
 * floor((i + 0.5) * sw / dw) (counted from the box's far end when mirrored), box pixel k being
 * source pixel smin + k. Narrows [*c0, *c1) to the pixels whose source pixel lies in
 * [0, size), which GL writes (as Mesa's clipping does); false when none does. */
static bool
keep_inside(int64_t d0, int64_t dw, int64_t smin, int64_t sw, bool mirror, int64_t size,
            int64_t *c0, int64_t *c1)
{
   int64_t lo = *c1, hi = *c0;
   for (int64_t x = *c0; x < *c1; x++) {
      int64_t k = (int64_t)floor(((double)(x - d0) + 0.5) * (double)sw / (double)dw);
      if (mirror)
         k = sw - 1 - k;
      if (smin + k >= 0 && smin + k < size) {
         lo = x < lo ? x : lo;
         hi = x + 1;
      }
   }
   if (lo >= hi)
      return false;
   *c0 = lo;
   *c1 = hi;
   return true;
}

/* A scratch image the size of the source box (sw x sh at smin), holding the part of *s inside
 * the surface at its place in the box; *s then names it. The rest of it is never read. */
static bool
source_box_scratch(struct vkb_screen *scr, struct surf *s, VkImageAspectFlags aspect,
                   int64_t smin_x, int64_t smin_y, int64_t sw, int64_t sh,
                   struct vkb_resource *tmp)
{
   const int64_t x0 = smin_x > 0 ? smin_x : 0, y0 = smin_y > 0 ? smin_y : 0;
   const int64_t x1 = smin_x + sw < s->w ? smin_x + sw : s->w;
   const int64_t y1 = smin_y + sh < s->h ? smin_y + sh : s->h;
   if (!scratch_image(scr, s->r->fmt, (uint32_t)sw, (uint32_t)sh, VK_SAMPLE_COUNT_1_BIT, 0, tmp))
      return false;
   vkb_image_transition(scr, s->r, s->level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   vkb_image_transition(scr, tmp, 0, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd) {
      scratch_release(scr, tmp);
      return false;
   }
   const VkImageCopy c = {
      .srcSubresource = sub(s->r, aspect, s->level, s->layer),
      .srcOffset = {(int32_t)x0, (int32_t)y0, zof(s->r, s->layer)},
      .dstSubresource = sub(tmp, aspect, 0, 0),
      .dstOffset = {(int32_t)(x0 - smin_x), (int32_t)(y0 - smin_y), 0},
      .extent = {(uint32_t)(x1 - x0), (uint32_t)(y1 - y0), 1},
   };
   vkCmdCopyImage(cmd, s->r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, tmp->img,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
   s->r->last_use = vkb_current_serial(scr);
   *s = (struct surf){.r = tmp, .level = 0, .layer = 0, .w = sw, .h = sh};
   return true;
}

/* The blit of args from surface s to surface d (different subresources). */
static void
blit_surfaces(struct vkb_screen *scr, const struct mgp_blit *args, const struct surf *sp,
              const struct surf *dp, VkImageAspectFlags aspect, bool color, bool same_format,
              enum ds_copy via_buffer, bool raw)
{
   struct surf s = *sp;
   const struct surf d = *dp;
   int64_t sx0 = args->src_box[0], sy0 = args->src_box[1], sx1 = args->src_box[2],
           sy1 = args->src_box[3];
   int64_t dx0 = args->dst_box[0], dy0 = args->dst_box[1], dx1 = args->dst_box[2],
           dy1 = args->dst_box[3];
   /* Make the destination ascending; the source keeps the relative mirroring. */
   if (dx0 > dx1) {
      swap64(&dx0, &dx1);
      swap64(&sx0, &sx1);
   }
   if (dy0 > dy1) {
      swap64(&dy0, &dy1);
      swap64(&sy0, &sy1);
   }
   const int64_t dw = dx1 - dx0, dh = dy1 - dy0;
   const bool mirror_x = sx0 > sx1, mirror_y = sy0 > sy1;
   const int64_t sw = mirror_x ? sx0 - sx1 : sx1 - sx0, sh = mirror_y ? sy0 - sy1 : sy1 - sy0;
   if (!dw || !dh || !sw || !sh)
      return;

   /* What GL writes: the destination rectangle inside the surface and the scissor. */
   int64_t cx0 = dx0 > 0 ? dx0 : 0, cy0 = dy0 > 0 ? dy0 : 0;
   int64_t cx1 = dx1 < d.w ? dx1 : d.w, cy1 = dy1 < d.h ? dy1 : d.h;
   if (args->scissor_enable) {
      const int64_t x = args->scissor[0], y = args->scissor[1];
      const int64_t w = args->scissor[2] > 0 ? args->scissor[2] : 0;
      const int64_t h = args->scissor[3] > 0 ? args->scissor[3] : 0;
      cx0 = cx0 > x ? cx0 : x;
      cy0 = cy0 > y ? cy0 : y;
      cx1 = cx1 < x + w ? cx1 : x + w;
      cy1 = cy1 < y + h ? cy1 : y + h;
   }
   if (cx1 <= cx0 || cy1 <= cy0)
      return;
   const bool scaled = sw != dw || sh != dh;
   const bool ms_src = s.r->samples != VK_SAMPLE_COUNT_1_BIT;
   const bool ms_dst = d.r->samples != VK_SAMPLE_COUNT_1_BIT;

   if (via_buffer && (scaled || mirror_x || mirror_y || ms_src || ms_dst)) {
      MGU_DECLINE(backend_feature_unimplemented, "scaled, mirrored or multisampled depth/stencil "
                  "blit from %s to %s", vkb_format_name(s.r->desc.format),
                  vkb_format_name(d.r->desc.format));
      return;
   }
   uint8_t one[4];
   if (color && s.r->fmt->has_alpha && !d.r->fmt->has_alpha &&
       vkb_format_alpha_one(d.r->fmt->vk, one) && !(ms_src && scaled) &&
       !(ms_src && ms_dst && s.r->samples != d.r->samples)) {
      /* Into a GL format without alpha kept in RGBA storage from one that stores alpha: no
       * transfer command leaves the destination's A alone, so the blit is drawn with A masked
       * (vkb_blit_draw.c) and the stored alpha stays 1. */
      draw_blit_clipped(scr, aspect, &s, &d, (const int64_t[4]){sx0, sy0, sx1, sy1},
                        (const int64_t[4]){dx0, dy0, dx1, dy1}, mirror_x, mirror_y, scaled,
                        (const int64_t[4]){cx0, cy0, cx1, cy1},
                        scaled && args->filter == GL_LINEAR, raw);
      return;
   }
   if (ms_src || ms_dst) {
      /* A colour resolve may mirror or convert (through a scratch image below); a
       * depth/stencil one resolves sample 0 in a rendering scope. Drawn: a colour or depth
       * blit into a multisampled destination that is not a copy of samples, a depth resolve
       * that mirrors, and depth alone between two depth/stencil buffers (lavapipe's
       * vkCmdCopyImage of the depth aspect writes stencil too); stencil likewise where the
       * device exports it. */
      const bool resolve = ms_src && !ms_dst;
      const bool not_copy = !resolve && (mirror_x || mirror_y || !same_format || !ms_src);
      const bool one_aspect = !color && aspect != d.r->fmt->aspect;
      const bool drawn =
         color ? not_copy
               : drawable(scr, aspect) && (not_copy || (resolve && (mirror_x || mirror_y)) ||
                                           (!resolve && one_aspect));
      if (scaled || (ms_dst && ms_src && s.r->samples != d.r->samples) ||
          (!color && !drawn &&
           (not_copy || (resolve && (mirror_x || mirror_y || !same_format)))) ||
          (resolve && !color && !drawn && !ds_resolve_supported(scr, aspect))) {
         MGU_DECLINE(backend_feature_unimplemented, "multisampled blit (%u -> %u samples, %s%s"
                     "%s -> %s)", (unsigned)s.r->samples, (unsigned)d.r->samples,
                     scaled ? "scaled, " : "", mirror_x || mirror_y ? "mirrored, " : "",
                     vkb_format_name(s.r->desc.format), vkb_format_name(d.r->desc.format));
         return;
      }
      if (drawn) {
         clip_unscaled(dx0, sx0, mirror_x, s.w, &cx0, &cx1);
         clip_unscaled(dy0, sy0, mirror_y, s.h, &cy0, &cy1);
         if (cx1 > cx0 && cy1 > cy0)
            draw_blit(scr, aspect, &s, &d, (const int64_t[4]){sx0, sy0, sx1, sy1},
                      (const int64_t[4]){dx0, dy0, dx1, dy1}, cx0, cy0, cx1, cy1, false, raw);
         return;
      }
   }

   if (color && !scaled && !mirror_x && !mirror_y && !ms_src && !ms_dst && !same_format &&
       !(d.r->fmt->caps & MGP_FORMAT_CAP_RENDER) &&
       !blit_features(scr, d.r->fmt->vk, VK_FORMAT_FEATURE_BLIT_DST_BIT)) {
      const int64_t ax = clip_unscaled(dx0, sx0, mirror_x, s.w, &cx0, &cx1);
      const int64_t ay = clip_unscaled(dy0, sy0, mirror_y, s.h, &cy0, &cy1);
      if (cx1 <= cx0 || cy1 <= cy0 ||
          copy_color_convert(scr, &s, &d, (int32_t)ax, (int32_t)ay, (int32_t)cx0, (int32_t)cy0,
                             (uint32_t)(cx1 - cx0), (uint32_t)(cy1 - cy0)))
         return;
   }

   /* 1D against 2D: vkCmdCopyImage takes images of one type (or 2D with 3D) */
   const VkImageType st = s.r->image_type, dt = d.r->image_type;
   const bool types_copy = st == dt || (st != VK_IMAGE_TYPE_1D && dt != VK_IMAGE_TYPE_1D);
   if (raw && (scaled || mirror_x || mirror_y || !same_format || !types_copy ||
               s.r->samples != d.r->samples)) {
      /* GL_FRAMEBUFFER_SRGB off with an sRGB side: no conversion, which vkCmdBlitImage and
       * vkCmdResolveImage cannot leave out (they take the images' own formats), so anything
       * but a copy of texels is drawn through UNORM views. */
      draw_blit_clipped(scr, aspect, &s, &d, (const int64_t[4]){sx0, sy0, sx1, sy1},
                        (const int64_t[4]){dx0, dy0, dx1, dy1}, mirror_x, mirror_y, scaled,
                        (const int64_t[4]){cx0, cy0, cx1, cy1},
                        scaled && args->filter == GL_LINEAR, true);
      return;
   }

   if (!scaled) {
      const int64_t ax = clip_unscaled(dx0, sx0, mirror_x, s.w, &cx0, &cx1);
      const int64_t ay = clip_unscaled(dy0, sy0, mirror_y, s.h, &cy0, &cy1);
      if (cx1 <= cx0 || cy1 <= cy0)
         return;
      const uint32_t w = (uint32_t)(cx1 - cx0), h = (uint32_t)(cy1 - cy0);
      if (ms_src && !ms_dst && !color) {
         resolve_depth_stencil(scr, &s, &d, aspect, (int32_t)ax, (int32_t)ay, (int32_t)cx0,
                               (int32_t)cy0, w, h);
         return;
      }
      /* into a 3D slice too: NVIDIA's vkCmdResolveImage (580) from a 2D multisampled image
       * into a 3D one wrote slice 0 whatever dstOffset.z said (blit_3d_slice on the H200) */
      if (ms_src && !ms_dst &&
          (mirror_x || mirror_y || !same_format || d.r->image_type == VK_IMAGE_TYPE_3D)) {
         resolve_then_blit(scr, &s, &d, (int32_t)ax, (int32_t)ay, (int32_t)cx0, (int32_t)cy0, w,
                           h, mirror_x, mirror_y);
         return;
      }
      if (ms_src && ms_dst && !color && aspect != d.r->fmt->aspect) {
         /* stencil alone (depth alone is drawn above) */
         copy_stencil_keep_depth(scr, &s, &d, (int32_t)ax, (int32_t)ay, (int32_t)cx0,
                                 (int32_t)cy0, w, h);
         return;
      }
      if (via_buffer == DS_COPY_CONVERT) {
         copy_depth_convert(scr, &s, &d, aspect, (int32_t)ax, (int32_t)ay, (int32_t)cx0,
                            (int32_t)cy0, w, h);
         return;
      }
      /* One aspect of a depth/stencil format: lavapipe's vkCmdCopyImage writes the whole
       * texel (stencil too), a copy through a buffer writes only the aspect asked for. */
      if (via_buffer || (!ms_src && !ms_dst && !color && aspect != d.r->fmt->aspect)) {
         copy_depth_via_buffer(scr, &s, &d, aspect, (int32_t)ax, (int32_t)ay, (int32_t)cx0,
                               (int32_t)cy0, w, h);
         return;
      }
      /* a 1D image against a 2D one (a window row copied into a 1D texture) goes through
       * vkCmdBlitImage at scale 1 (types_copy above); an sRGB image and its UNORM twin copy
       * (one compatibility class) when raw */
      const bool copy = same_format && !mirror_x && !mirror_y && types_copy;
      if (!copy && !ms_src &&
          (!blit_features(scr, s.r->fmt->vk, VK_FORMAT_FEATURE_BLIT_SRC_BIT) ||
           !blit_features(scr, d.r->fmt->vk, VK_FORMAT_FEATURE_BLIT_DST_BIT) ||
           blit_into_slice(s.r, d.r))) {
         if (drawable(scr, aspect)) {
            draw_blit(scr, aspect, &s, &d, (const int64_t[4]){sx0, sy0, sx1, sy1},
                      (const int64_t[4]){dx0, dy0, dx1, dy1}, cx0, cy0, cx1, cy1, false,
                      false);
            return;
         }
         MGU_DECLINE(backend_format_unsupported, "mirrored stencil blit %s -> %s: no "
                     "Vulkan blit for these formats", vkb_format_name(s.r->desc.format),
                     vkb_format_name(d.r->desc.format));
         return;
      }
      vkb_image_transition(scr, s.r, s.level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
      vkb_image_transition(scr, d.r, d.level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
      vkb_end_rendering(scr);
      VkCommandBuffer cmd = vkb_cmd(scr);
      if (!cmd)
         return;
      if (ms_src && !ms_dst) {
         VkImageResolve rr = {
            .srcSubresource = sub(s.r, aspect, s.level, s.layer),
            .srcOffset = {(int32_t)ax, (int32_t)ay, zof(s.r, s.layer)},
            .dstSubresource = sub(d.r, aspect, d.level, d.layer),
            .dstOffset = {(int32_t)cx0, (int32_t)cy0, zof(d.r, d.layer)},
            .extent = {w, h, 1},
         };
         vkCmdResolveImage(cmd, s.r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d.r->img,
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &rr);
      } else if (copy) {
         VkImageCopy c = {
            .srcSubresource = sub(s.r, aspect, s.level, s.layer),
            .srcOffset = {(int32_t)ax, (int32_t)ay, zof(s.r, s.layer)},
            .dstSubresource = sub(d.r, aspect, d.level, d.layer),
            .dstOffset = {(int32_t)cx0, (int32_t)cy0, zof(d.r, d.layer)},
            .extent = {w, h, 1},
         };
         vkCmdCopyImage(cmd, s.r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d.r->img,
                        VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
      } else {
         const int32_t sz = zof(s.r, s.layer), dz = zof(d.r, d.layer);
         VkImageBlit b = {
            .srcSubresource = sub(s.r, aspect, s.level, s.layer),
            .srcOffsets = {{(int32_t)(mirror_x ? ax + w : ax), (int32_t)(mirror_y ? ay + h : ay), sz},
                           {(int32_t)(mirror_x ? ax : ax + w), (int32_t)(mirror_y ? ay : ay + h),
                            sz + 1}},
            .dstSubresource = sub(d.r, aspect, d.level, d.layer),
            .dstOffsets = {{(int32_t)cx0, (int32_t)cy0, dz},
                           {(int32_t)cx1, (int32_t)cy1, dz + 1}},
         };
         vkCmdBlitImage(cmd, s.r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d.r->img,
                        VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &b, VK_FILTER_NEAREST);
      }
      s.r->last_use = d.r->last_use = vkb_current_serial(scr);
      return;
   }

   /* Scaled. */
   const int64_t smin_x = mirror_x ? sx1 : sx0, smin_y = mirror_y ? sy1 : sy0;
   const VkFilter filter = args->filter == GL_LINEAR && color ? VK_FILTER_LINEAR
                                                              : VK_FILTER_NEAREST;
   const bool src_out = smin_x < 0 || smin_y < 0 || smin_x + sw > s.w || smin_y + sh > s.h;
   const int64_t maxdim = scr->props.limits.maxImageDimension2D;
   const bool clipped = cx0 != dx0 || cy0 != dy0 || cx1 != dx1 || cy1 != dy1;
   /* Drawn: a colour blit whose source box leaves the read surface with a linear filter
    * (which reads the clamped texels around the inside part) or that is larger than an image
    * may be, a clipped one to a box larger than that, and one with no Vulkan blit for its
    * formats; depth and stencil likewise (nearest; stencil where the device exports it). The
    * shader writes nothing for a nearest source pixel outside, and GL leaves a linear one
    * undefined there. */
   const VkFormatFeatureFlags src_want =
      VK_FORMAT_FEATURE_BLIT_SRC_BIT |
      (filter == VK_FILTER_LINEAR ? VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT : 0);
   /* A clipped one into a 1D image too, and one whose source box leaves a 1D image: the
    * scratch images below are 2D, and vkCmdCopyImage copies between images of one type (or
    * 2D and 3D) only. (The draw samples a 1D source in colour only.) */
   const bool clipped_1d = ((clipped && d.r->image_type == VK_IMAGE_TYPE_1D) ||
                            (src_out && s.r->image_type == VK_IMAGE_TYPE_1D)) &&
                           (color || s.r->image_type == VK_IMAGE_TYPE_2D);
   if (drawable(scr, aspect) &&
       ((src_out && (filter == VK_FILTER_LINEAR || sw > maxdim || sh > maxdim)) ||
        (clipped && (dw > maxdim || dh > maxdim)) || clipped_1d ||
        !blit_features(scr, s.r->fmt->vk, src_want) ||
        !blit_features(scr, d.r->fmt->vk, VK_FORMAT_FEATURE_BLIT_DST_BIT) ||
        (blit_into_slice(s.r, d.r) || (src_out && d.r->image_type == VK_IMAGE_TYPE_3D)))) {
      draw_blit(scr, aspect, &s, &d, (const int64_t[4]){sx0, sy0, sx1, sy1},
                (const int64_t[4]){dx0, dy0, dx1, dy1}, cx0, cy0, cx1, cy1,
                filter == VK_FILTER_LINEAR, false);
      return;
   }
   if (src_out) {
      /* Nearest: only destination pixels whose source pixel is inside are written. */
      if (sw > maxdim || sh > maxdim) {
         MGU_DECLINE(backend_feature_unimplemented, "scaled stencil blit whose source "
                     "rectangle leaves the read surface, over %lld texels", (long long)maxdim);
         return;
      }
      if (!keep_inside(dx0, dw, smin_x, sw, mirror_x, s.w, &cx0, &cx1) ||
          !keep_inside(dy0, dh, smin_y, sh, mirror_y, s.h, &cy0, &cy1))
         return;
   }
   if (!blit_features(scr, s.r->fmt->vk, src_want) ||
       !blit_features(scr, d.r->fmt->vk, VK_FORMAT_FEATURE_BLIT_DST_BIT)) {
      MGU_DECLINE(backend_format_unsupported, "scaled stencil blit %s -> %s (%s): no "
                  "Vulkan blit for these formats", vkb_format_name(s.r->desc.format),
                  vkb_format_name(d.r->desc.format), filter == VK_FILTER_LINEAR ? "linear" : "nearest");
      return;
   }
   /* one aspect of a depth/stencil format reaches the destination through a buffer (see
    * blit_surfaces' unscaled copy), so it is blitted into the scratch image first */
   const bool one_aspect = !color && aspect != d.r->fmt->aspect;
   /* (keep_inside may have narrowed the clipped rectangle) */
   const bool whole = cx0 == dx0 && cy0 == dy0 && cx1 == dx1 && cy1 == dy1 && !one_aspect;
   struct vkb_resource tmp;
   if (!whole) {
      if (dw > maxdim || dh > maxdim) {
         MGU_DECLINE(backend_feature_unimplemented, "clipped scaled stencil blit to a "
                     "%lldx%lld box", (long long)dw, (long long)dh);
         return;
      }
      if (!scratch_image(scr, d.r->fmt, (uint32_t)dw, (uint32_t)dh, VK_SAMPLE_COUNT_1_BIT, 0, &tmp))
         return;
   }
   /* a source box leaving the surface is read from a scratch image the size of the box */
   struct vkb_resource box_tmp;
   if (src_out) {
      if (!source_box_scratch(scr, &s, aspect, smin_x, smin_y, sw, sh, &box_tmp)) {
         if (!whole)
            scratch_release(scr, &tmp);
         return;
      }
      sx0 -= smin_x, sx1 -= smin_x, sy0 -= smin_y, sy1 -= smin_y;
   }
   vkb_image_transition(scr, s.r, s.level, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   struct vkb_resource *target = whole ? d.r : &tmp;
   const uint32_t tlevel = whole ? d.level : 0, tlayer = whole ? d.layer : 0;
   vkb_image_transition(scr, target, tlevel, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return; /* the session failed: scratch images go with the device */
   const int32_t sz = zof(s.r, s.layer), tz = zof(target, tlayer);
   const int64_t ox = whole ? 0 : dx0, oy = whole ? 0 : dy0;
   VkImageBlit b = {
      .srcSubresource = sub(s.r, aspect, s.level, s.layer),
      .srcOffsets = {{(int32_t)sx0, (int32_t)sy0, sz}, {(int32_t)sx1, (int32_t)sy1, sz + 1}},
      .dstSubresource = sub(target, aspect, tlevel, tlayer),
      .dstOffsets = {{(int32_t)(dx0 - ox), (int32_t)(dy0 - oy), tz},
                     {(int32_t)(dx1 - ox), (int32_t)(dy1 - oy), tz + 1}},
   };
   vkCmdBlitImage(cmd, s.r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, target->img,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &b, filter);
   if (!whole) {
      vkb_image_transition(scr, &tmp, 0, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
      vkb_image_transition(scr, d.r, d.level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
      cmd = vkb_cmd(scr);
      if (!cmd)
         return;
      if (one_aspect) {
         const struct surf t = {.r = &tmp, .level = 0, .layer = 0, .w = dw, .h = dh};
         copy_depth_via_buffer(scr, &t, &d, aspect, (int32_t)(cx0 - dx0), (int32_t)(cy0 - dy0),
                               (int32_t)cx0, (int32_t)cy0, (uint32_t)(cx1 - cx0),
                               (uint32_t)(cy1 - cy0));
         scratch_release(scr, &tmp);
         s.r->last_use = d.r->last_use = vkb_current_serial(scr);
         if (src_out)
            scratch_release(scr, &box_tmp);
         return;
      }
      VkImageCopy c = {
         .srcSubresource = sub(&tmp, aspect, 0, 0),
         .srcOffset = {(int32_t)(cx0 - dx0), (int32_t)(cy0 - dy0), 0},
         .dstSubresource = sub(d.r, aspect, d.level, d.layer),
         .dstOffset = {(int32_t)cx0, (int32_t)cy0, zof(d.r, d.layer)},
         .extent = {(uint32_t)(cx1 - cx0), (uint32_t)(cy1 - cy0), 1},
      };
      vkCmdCopyImage(cmd, tmp.img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d.r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
      scratch_release(scr, &tmp);
   }
   s.r->last_use = d.r->last_use = vkb_current_serial(scr);
   if (src_out)
      scratch_release(scr, &box_tmp);
}

VKB_CALL(blit, mgp_blit)
{
   CTX_SELF;
   struct surf s, d;
   if (!get_surf(scr, &args->src, &s) || !get_surf(scr, &args->dst, &d))
      return;
   VkImageAspectFlags aspect = 0;
   if (args->mask & GL_COLOR_BUFFER_BIT) {
      if (s.r->fmt->aspect != VK_IMAGE_ASPECT_COLOR_BIT ||
          d.r->fmt->aspect != VK_IMAGE_ASPECT_COLOR_BIT) {
         MGU_DECLINE(backend_draw_incomplete, "colour blit between %s and %s",
                     vkb_format_name(s.r->desc.format), vkb_format_name(d.r->desc.format));
         return;
      }
      aspect = VK_IMAGE_ASPECT_COLOR_BIT;
   } else {
      if (args->mask & GL_DEPTH_BUFFER_BIT)
         aspect |= VK_IMAGE_ASPECT_DEPTH_BIT;
      if (args->mask & GL_STENCIL_BUFFER_BIT)
         aspect |= VK_IMAGE_ASPECT_STENCIL_BIT;
      aspect &= s.r->fmt->aspect & d.r->fmt->aspect;
      if (!aspect)
         return; /* GL: only the buffers both sides have */
   }
   const bool color = aspect == VK_IMAGE_ASPECT_COLOR_BIT;
   /* GL_FRAMEBUFFER_SRGB off: an sRGB colour image is read and written as its UNORM twin (no
    * conversion), as llvmpipe and Zink do (GL 4.4 §18.3.1's rule; see blit_surfaces) */
   const bool raw = color && !args->srgb_encode &&
                    (vkb_format_linear(s.r->fmt->vk) != s.r->fmt->vk ||
                     vkb_format_linear(d.r->fmt->vk) != d.r->fmt->vk);
   const bool same_format =
      raw ? vkb_format_linear(s.r->fmt->vk) == vkb_format_linear(d.r->fmt->vk)
          : s.r->fmt->vk == d.r->fmt->vk;
   /* Depth/stencil formats that differ: through a buffer, on the GPU when the depth texels
    * are laid out alike (or only stencil is copied), else converted by the server. */
   enum ds_copy via_buffer = DS_COPY_NONE;
   if (!color && !same_format)
      via_buffer = !(aspect & VK_IMAGE_ASPECT_DEPTH_BIT) ||
                         (depth_family(s.r->fmt->vk) &&
                          depth_family(s.r->fmt->vk) == depth_family(d.r->fmt->vk))
                      ? DS_COPY_BUFFER
                      : DS_COPY_CONVERT;
   if (color && s.r->fmt->kind != d.r->fmt->kind) {
      MGU_DECLINE(backend_feature_unimplemented, "colour blit from %s to %s (integer kinds "
                  "differ)", vkb_format_name(s.r->desc.format), vkb_format_name(d.r->desc.format));
      return;
   }
   /* One level as source and destination: one surface (GL allows it; overlapping rectangles
    * are undefined), or two layers of an array or slices of a 3D level. The backend keeps one
    * layout per level and a transfer cannot have it in two, so the blit reads a scratch copy
    * of the source surface (multisampled alike), taken before anything is written. */
   struct vkb_resource tmp_src;
   const bool same_level = s.r == d.r && s.level == d.level;
   if (same_level && !copy_to_scratch(scr, &s, aspect, &tmp_src))
      return;
   blit_surfaces(scr, args, &s, &d, aspect, color, same_format, via_buffer, raw);
   if (same_level)
      scratch_release(scr, &tmp_src);
}

/* ---- generate_mipmap ------------------------------------------------------------------------ */

VKB_CALL(generate_mipmap, mgp_generate_mipmap)
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
       !has_features(scr, r->fmt->vk, VK_FORMAT_FEATURE_BLIT_SRC_BIT |
                                         VK_FORMAT_FEATURE_BLIT_DST_BIT |
                                         VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)) {
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
#define MIP(v, l) ((v) >> (l) ? (int32_t)((v) >> (l)) : 1)
      VkImageBlit b = {
         .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l - 1, 0, r->layers},
         .srcOffsets = {{0, 0, 0}, {MIP(r->width, l - 1), MIP(r->height, l - 1),
                                    is3d ? MIP(r->depth, l - 1) : 1}},
         .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, r->layers},
         .dstOffsets = {{0, 0, 0}, {MIP(r->width, l), MIP(r->height, l),
                                    is3d ? MIP(r->depth, l) : 1}},
      };
#undef MIP
      vkCmdBlitImage(cmd, r->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, r->img,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &b, VK_FILTER_LINEAR);
   }
   r->last_use = vkb_current_serial(scr);
}

/* ---- resource_copy_region ------------------------------------------------------------------- */

VKB_CALL(resource_copy_region, mgp_resource_copy_region)
{
   CTX_SELF;
   struct vkb_resource *d = vkb_resource_for_use(scr, args->dst, "resource_copy_region");
   struct vkb_resource *s = vkb_resource_for_use(scr, args->src, "resource_copy_region");
   if (!d || !s)
      return;
   const struct mgp_box *b = &args->src_box;
   if (d->is_buffer && s->is_buffer) {
      const uint64_t so = (uint64_t)(int64_t)b->x, dox = (uint64_t)(int64_t)args->dst_x,
                     n = b->width;
      if (b->x < 0 || args->dst_x < 0 || so + n > s->size || dox + n > d->size ||
          (s == d && so < dox + n && dox < so + n)) {
         MGU_DECLINE(backend_draw_incomplete, "buffer copy [%d, +%u) -> [%d, +%u) out of range "
                     "or overlapping", b->x, b->width, args->dst_x, b->width);
         return;
      }
      if (!n)
         return;
      if (scr->rendering_ctx) {
         scr->render_pass_splits++;
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
      MGU_DECLINE(backend_draw_incomplete, "image copy %s level %u -> %s level %u (sizes, "
                  "samples or aspects differ)", vkb_format_name(s->desc.format), args->src_level,
                  vkb_format_name(d->desc.format), args->dst_level);
      return;
   }
   if (!b->width || !b->height || !b->depth)
      return;
   const uint32_t sl = args->src_level, dl = args->dst_level;
   const int64_t sw = s->width >> sl ? s->width >> sl : 1, sh = s->height >> sl ? s->height >> sl : 1;
   const int64_t dw = d->width >> dl ? d->width >> dl : 1, dh = d->height >> dl ? d->height >> dl : 1;
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
   if (one_level && b->x < args->dst_x + (int64_t)b->width && args->dst_x < b->x + (int64_t)b->width &&
       b->y < args->dst_y + (int64_t)b->height && args->dst_y < b->y + (int64_t)b->height &&
       b->z < args->dst_z + (int64_t)b->depth && args->dst_z < b->z + (int64_t)b->depth) {
      MGU_DECLINE(backend_feature_unimplemented, "image copy between overlapping boxes of one "
                  "level");
      return;
   }
   /* vkCmdCopyImage copies between images of one type, or 2D and 3D: a 3D image's slices
    * z.. are the other side's layers z.. (Vulkan 1.1, VUID-vkCmdCopyImage-srcImage-07743). */
   if (s->image_type != d->image_type &&
       (s->image_type == VK_IMAGE_TYPE_1D || d->image_type == VK_IMAGE_TYPE_1D)) {
      MGU_DECLINE(backend_feature_unimplemented, "image copy between a 1D and a 2D or 3D image");
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
