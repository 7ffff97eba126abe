/* vkb_transfer.c — resource_subdata, resource_readback, clear and read_pixels.
 *
 * Buffer updates keep GL's order: an update lands between the draws it was issued between.
 * When the GPU does not use the buffer (its last batch has completed, proved by the fence) and
 * the buffer is host-visible, the bytes are copied in place. Otherwise they go through the
 * current batch's arena and a vkCmdCopyBuffer recorded at this point of the stream: that ends
 * the rendering scope in progress (counted as render-pass-splits; the next draw resumes with
 * LOAD), copies, and a barrier makes the new bytes visible to later draws only. That split is
 * the cost of "each draw keeps its own data" for a streamed glBufferSubData, unless the buffer
 * can be renamed instead (vkb_rename.c: a small buffer whose bytes the CPU knows). */
#include <stdio.h>
#include <string.h>

#include "checked.h"
#include "log.h"
#include "vkb.h"

#define CTX_SELF                                                                                   \
   struct vkb_context *ctx = self;                                                                 \
   struct vkb_screen *scr = ctx->scr;                                                              \
   (void)tail, (void)tail_count;                                                                   \
   if (scr->failed)                                                                                \
   return

/* True when every byte landed (written in place or a copy recorded). */
static bool
buffer_subdata(struct vkb_screen *scr, struct vkb_resource *r, const struct mgp_resource_subdata *a)
{
   const uint64_t size = a->box.width;
   if (a->box.x < 0 || (uint64_t)a->box.x + size > r->size || a->data.size < size ||
       (size && !a->data.ptr)) {
      MGU_DECLINE(backend_draw_incomplete,
                  "buffer subdata [%d, +%llu) of a %llu-byte buffer "
                  "with %llu source bytes",
                  a->box.x, (unsigned long long)size, (unsigned long long)r->size,
                  (unsigned long long)a->data.size);
      return false;
   }
   if (!size)
      return true;
   const uint64_t off = (uint64_t)a->box.x;
   vkb_retire(scr);
   /* Busy test, two terms (docs/PIPE.md#frame-floor): the serial term is the guarantee (completed
    * batches retire in order, each proved by its fence); the fence term asks the last batch's
    * own VkFence and is defence in depth: it counts each time it alone keeps the write in
    * order. The MGL_TEST_ knobs make the first lie and switch the second off (red once). */
   const bool idle_by_serial =
      scr->knobs.test_stale_buffer_serial || r->last_use <= scr->completed_serial;
   const bool idle_by_fence =
      scr->knobs.test_no_buffer_fence_term || vkb_serial_fence_signalled(scr, r->last_use);
   if (r->map && idle_by_serial && !idle_by_fence)
      scr->stats.buffer_fence_term_busy++;
   if (r->map && idle_by_serial && idle_by_fence && !r->ver_buf) {
      memcpy(r->map + off, a->data.ptr, size);
      vkb_shadow_write(scr, r, off, a->data.ptr, size);
      scr->stats.direct_buffer_writes++;
      return true;
   }
   if (vkb_rename_subdata(scr, r, off, a->data.ptr, size))
      return true;
   struct vkb_alloc st;
   const enum vkb_arena_result ar = vkb_arena_try(scr, size, 16, &st);
   if (ar == VKB_ARENA_OOM)
      vkb_staging_oom(scr, r->base.h, size, "resource_subdata");
   if (ar != VKB_ARENA_OK)
      return false;
   memcpy(st.ptr, a->data.ptr, size);
   if (scr->rendering_ctx) {
      scr->stats.render_pass_splits++;
      vkb_end_rendering(scr);
   }
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return false;
   vkb_buffer_barrier_before_write(scr);
   vkCmdCopyBuffer(cmd, st.buf, r->buf, 1, &(VkBufferCopy){st.offset, off, size});
   vkb_buffer_barrier_after_write(scr);
   vkb_shadow_write(scr, r, off, a->data.ptr, size);
   r->last_use = vkb_current_serial(scr);
   scr->stats.staged_buffer_copies++;
   return true;
}

static VkDeviceSize
lcm16(VkDeviceSize t)
{
   VkDeviceSize a = 16;
   while (a % t)
      a += 16;
   return a;
}

/* The regions of a texture upload (its whole box when it lists none) and its level's size. */
struct level_regions {
   struct mgp_sub_region whole;
   const struct mgp_sub_region *list;
   uint32_t n, lw, lh;
};

static void
level_regions_init(struct level_regions *l, const struct vkb_resource *r,
                   const struct mgp_resource_subdata *a, const struct mgp_sub_region *regions,
                   uint32_t nregions)
{
   l->list = regions;
   l->n = nregions;
   if (!nregions) {
      l->whole = (struct mgp_sub_region){
         a->box.x, a->box.y, a->box.z, a->box.width, a->box.height, a->box.depth, 0, 0, 0};
      l->list = &l->whole;
      l->n = 1;
   }
   const uint32_t lw = r->width >> a->level, lh = r->height >> a->level;
   l->lw = lw ? lw : 1;
   l->lh = lh ? lh : 1;
}

/* A region of a texture upload lies inside its level and reads only the bytes sent with it
 * (both upload paths, colour and depth/stencil, check the same way). Outside the level is a
 * named decline; a source outside the bytes sent is a record no honest client makes (its front
 * end sends exactly the bytes its regions read): Fatal{ProtocolCorruption} naming the call, the
 * region and the field. The source's extent is computed without wrapping: an offset of
 * 2^64 - K with a stride of K summed to inside the data and read the K bytes before it. */
static bool
region_fits(struct vkb_screen *scr, const char *call, const struct vkb_resource *r,
            const struct mgp_resource_subdata *a, const struct mgp_sub_region *g, uint32_t index,
            uint32_t lw, uint32_t lh, uint32_t ts)
{
   if (g->x < 0 || g->y < 0 || g->z < 0 || (uint64_t)g->x + g->width > lw ||
       (uint64_t)g->y + g->height > lh ||
       (uint64_t)g->z + g->depth > vkb_resource_level_layers(r, a->level)) {
      MGU_DECLINE(backend_draw_incomplete,
                  "texture subdata region %d,%d,%d %ux%ux%u outside "
                  "level %u (%ux%u)",
                  g->x, g->y, g->z, g->width, g->height, g->depth, a->level, lw, lh);
      return false;
   }
   /* width, height, depth > 0 and inside the level; ts <= 16: row and the tight sizes fit. */
   const uint64_t row = (uint64_t)g->width * ts;
   const uint64_t stride = g->src_row_stride ? g->src_row_stride : row;
   uint64_t slice = g->src_slice_stride, rows_end, end;
   const char *bad = NULL;
   if (stride < row)
      bad = "src_row_stride";
   else if ((!slice && !mgu_mul_u64(stride, g->height, &slice)) ||
            !mgu_mul_u64(stride, g->height - 1, &rows_end) ||
            !mgu_add_u64(rows_end, row, &rows_end) || slice < rows_end)
      bad = "src_slice_stride";
   else if (!mgu_mul_u64(slice, g->depth - 1, &end) || !mgu_add_u64(end, rows_end, &end) ||
            !a->data.ptr || !mgu_range_fits(g->src_offset, end, a->data.size))
      bad = "src_offset";
   if (bad) {
      char detail[128];
      snprintf(detail, sizeof(detail),
               "%s.regions[%u].%s: the region reads past its %llu "
               "source bytes",
               call, index, bad, (unsigned long long)a->data.size);
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
      return false;
   }
   return true;
}

/* Combined depth/stencil texels arrive packed as GL packs them: D24_UNORM_S8_UINT as one
 * 32-bit word (depth << 8 | stencil, GL_UNSIGNED_INT_24_8), D32_FLOAT_S8_UINT as a float and a
 * word with stencil in its low 8 bits (GL_FLOAT_32_UNSIGNED_INT_24_8_REV). Vulkan copies each
 * aspect separately: the depth aspect as 4-byte texels (24 low bits, or a float, as the image
 * really is), the stencil aspect as bytes; both are staged in one block. */
static void
texture_subdata_ds(struct vkb_screen *scr, const char *call, struct vkb_resource *r,
                   const struct mgp_resource_subdata *a, const struct mgp_sub_region *regions,
                   uint32_t nregions)
{
   const struct vkb_format *f = r->fmt;
   const bool src_float = r->desc.format == MGP_FORMAT_D32_FLOAT_S8_UINT;
   const bool dst_float = f->vk == VK_FORMAT_D32_SFLOAT_S8_UINT;
   if (f->vk != VK_FORMAT_D24_UNORM_S8_UINT && !dst_float) {
      MGU_DECLINE(backend_feature_unimplemented, "depth/stencil texture upload (%s)",
                  vkb_format_name(r->desc.format));
      return;
   }
   struct level_regions lr;
   level_regions_init(&lr, r, a, regions, nregions);
   regions = lr.list;
   nregions = lr.n;
   const uint32_t lw = lr.lw, lh = lr.lh;
   const uint32_t ts = f->texel_size;
   VkBufferImageCopy copies[64];
   uint32_t ncopies = 0;
   VkBuffer src_buf = VK_NULL_HANDLE;
   for (uint32_t i = 0; i < nregions; i++) {
      const struct mgp_sub_region *g = &regions[i];
      if (!g->width || !g->height || !g->depth)
         continue;
      if (!region_fits(scr, call, r, a, g, i, lw, lh, ts))
         return;
      const uint64_t row = (uint64_t)g->width * ts;
      const uint64_t stride = g->src_row_stride ? g->src_row_stride : row;
      const uint64_t slice = g->src_slice_stride ? g->src_slice_stride : stride * g->height;
      const uint64_t n = (uint64_t)g->width * g->height * g->depth;
      const uint64_t s_off = (4 * n + 15) / 16 * 16;
      struct vkb_alloc st;
      const enum vkb_arena_result ar = vkb_arena_try(scr, s_off + n, 16, &st);
      if (ar == VKB_ARENA_FAILED)
         return;
      if (ar == VKB_ARENA_OOM) { /* the regions before it land: GL leaves the image undefined */
         vkb_staging_oom(scr, r->base.h, s_off + n, call);
         break;
      }
      if (src_buf && st.buf != src_buf) {
         MGU_DECLINE(backend_feature_unimplemented, "texture subdata larger than one staging "
                                                    "block in several regions");
         return;
      }
      src_buf = st.buf;
      const uint8_t *src = (const uint8_t *)a->data.ptr + g->src_offset;
      uint8_t *dd = st.ptr, *sd = st.ptr + s_off;
      for (uint32_t yz = 0; yz < g->height * g->depth; yz++) {
         const uint32_t y = yz % g->height, z = yz / g->height;
         const uint8_t *s = src + slice * z + stride * y;
         for (uint32_t x = 0; x < g->width; x++, s += ts) {
            uint32_t w0, w1 = 0, d24;
            float df;
            memcpy(&w0, s, 4);
            if (src_float) {
               memcpy(&w1, s + 4, 4);
               memcpy(&df, &w0, 4);
               df = df < 0.0f ? 0.0f : df > 1.0f ? 1.0f : df; /* a unorm image holds [0, 1] */
               d24 = (uint32_t)((double)df * 16777215.0 + 0.5);
            } else {
               d24 = w0 >> 8;
               df = (float)((double)d24 / 16777215.0);
            }
            const uint64_t k = (uint64_t)yz * g->width + x;
            if (dst_float)
               memcpy(dd + 4 * k, src_float ? &w0 : (const void *)&df, 4);
            else
               memcpy(dd + 4 * k, &d24, 4);
            sd[k] = (uint8_t)(src_float ? w1 : w0);
         }
      }
      if (ncopies + 2 > sizeof(copies) / sizeof(copies[0])) {
         MGU_DECLINE(backend_feature_unimplemented, "texture subdata with over 64 regions");
         return;
      }
      for (int aspect = 0; aspect < 2; aspect++)
         copies[ncopies++] = (VkBufferImageCopy){
            .bufferOffset = st.offset + (aspect ? s_off : 0),
            .imageSubresource = {aspect ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT,
                                 a->level, (uint32_t)g->z, g->depth},
            .imageOffset = {g->x, g->y, 0},
            .imageExtent = {g->width, g->height, 1},
         };
   }
   if (!ncopies)
      return;
   vkb_image_transition(scr, r, a->level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   vkCmdCopyBufferToImage(cmd, src_buf, r->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, ncopies,
                          copies);
   r->last_use = vkb_current_serial(scr);
}

static bool
copies_overlap(const VkBufferImageCopy *a, const VkBufferImageCopy *b)
{
   const VkImageSubresourceLayers *la = &a->imageSubresource, *lb = &b->imageSubresource;
   return la->baseArrayLayer < lb->baseArrayLayer + lb->layerCount &&
          lb->baseArrayLayer < la->baseArrayLayer + la->layerCount &&
          a->imageOffset.x < b->imageOffset.x + (int32_t)b->imageExtent.width &&
          b->imageOffset.x < a->imageOffset.x + (int32_t)a->imageExtent.width &&
          a->imageOffset.y < b->imageOffset.y + (int32_t)b->imageExtent.height &&
          b->imageOffset.y < a->imageOffset.y + (int32_t)a->imageExtent.height &&
          a->imageOffset.z < b->imageOffset.z + (int32_t)b->imageExtent.depth &&
          b->imageOffset.z < a->imageOffset.z + (int32_t)a->imageExtent.depth;
}

/* Records one vkCmdCopyBufferToImage of the copies gathered from one staging block. The forced
 * transition is also a transfer-to-transfer barrier: a later group that overlaps an earlier
 * one lands after it, as the regions' order says. */
static void
texture_copy_group(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level, VkBuffer src,
                   const VkBufferImageCopy *copies, uint32_t n)
{
   if (!n)
      return;
   /* Row 0 of the source is image row 0 (GL's bottom row): no flip anywhere. */
   vkb_image_transition(scr, r, level, 1, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, true);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   vkCmdCopyBufferToImage(cmd, src, r->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, n, copies);
   r->last_use = vkb_current_serial(scr);
}

/* True when every region landed (a refusal, a staging failure or a lost device: false). */
static bool
texture_subdata(struct vkb_screen *scr, const char *call, struct vkb_resource *r,
                const struct mgp_resource_subdata *a, const struct mgp_sub_region *regions,
                uint32_t nregions)
{
   const struct vkb_format *f = r->fmt;
   if (a->level >= r->levels) {
      MGU_DECLINE(backend_draw_incomplete, "texture subdata level %u of %u", a->level, r->levels);
      return false;
   }
   if (a->format != r->desc.format) {
      MGU_DECLINE(backend_feature_unimplemented, "texture subdata converting %s to %s",
                  vkb_format_name(a->format), vkb_format_name(r->desc.format));
      return false;
   }
   /* Depth-only texels copy into the depth aspect. A buffer's depth-aspect texels are 4 bytes
    * for D24 (24 bits low) and D32F whether or not the image also has stencil, so X8_D24 and
    * D32F sources also fit their stencil-carrying substitutes; D16 fits only D16. Stencil-only
    * texels (S8) are one byte in the stencil aspect of S8 or of its D24S8 / D32S8 stand-in.
    * Combined texels are split into both aspects (texture_subdata_ds). */
   if (r->desc.format == MGP_FORMAT_D24_UNORM_S8_UINT ||
       r->desc.format == MGP_FORMAT_D32_FLOAT_S8_UINT) {
      texture_subdata_ds(scr, call, r, a, regions, nregions);
      return false; /* never counted whole: its zeroing is paid first (upload_covers_level) */
   }
   VkImageAspectFlags aspect = VK_IMAGE_ASPECT_COLOR_BIT;
   uint32_t vts = f->vk_texel_size;
   if (f->aspect != VK_IMAGE_ASPECT_COLOR_BIT) {
      const unsigned m = r->desc.format;
      const bool stencil = m == MGP_FORMAT_S8_UINT;
      const bool fits = m == MGP_FORMAT_X8_D24_UNORM || m == MGP_FORMAT_D32_FLOAT || stencil ||
                        (m == MGP_FORMAT_D16_UNORM && f->vk == VK_FORMAT_D16_UNORM);
      if (!fits) {
         MGU_DECLINE(backend_feature_unimplemented, "depth/stencil texture upload (%s)",
                     vkb_format_name(r->desc.format));
         return false;
      }
      aspect = stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT;
      vts = f->texel_size;
   }
   struct level_regions lr;
   level_regions_init(&lr, r, a, regions, nregions);
   regions = lr.list;
   nregions = lr.n;
   const uint32_t lw = lr.lw, lh = lr.lh;
   const uint32_t ts = f->texel_size;
   VkBufferImageCopy copies[64];
   uint32_t ncopies = 0;
   VkBuffer src_buf = VK_NULL_HANDLE;
   /* Every region is checked before any is copied: a call lands whole or not at all. */
   for (uint32_t i = 0; i < nregions; i++)
      if (regions[i].width && regions[i].height && regions[i].depth &&
          !region_fits(scr, call, r, a, &regions[i], i, lw, lh, ts))
         return false;
   bool landed = true;
   for (uint32_t i = 0; i < nregions; i++) {
      const struct mgp_sub_region *g = &regions[i];
      if (!g->width || !g->height || !g->depth)
         continue;
      const uint64_t row = (uint64_t)g->width * ts;
      const uint64_t stride = g->src_row_stride ? g->src_row_stride : row;
      const uint64_t slice = g->src_slice_stride ? g->src_slice_stride : stride * g->height;
      struct vkb_alloc st;
      const uint64_t out_row = (uint64_t)g->width * vts;
      const uint64_t bytes = out_row * g->height * g->depth;
      const enum vkb_arena_result ar = vkb_arena_try(scr, bytes, lcm16(vts), &st);
      if (ar == VKB_ARENA_FAILED)
         return false;
      if (ar == VKB_ARENA_OOM) { /* the regions before it land: GL leaves the image undefined */
         vkb_staging_oom(scr, r->base.h, bytes, call);
         landed = false;
         break;
      }
      /* One copy command per staging block, and a region that overlaps one gathered already
       * starts the next command, so regions land in their order. */
      const bool is3d = r->image_type == VK_IMAGE_TYPE_3D;
      const VkBufferImageCopy copy = {
         .bufferOffset = st.offset,
         .imageSubresource = {aspect, a->level, is3d ? 0 : (uint32_t)g->z, is3d ? 1 : g->depth},
         .imageOffset = {g->x, g->y, is3d ? g->z : 0},
         .imageExtent = {g->width, g->height, is3d ? g->depth : 1},
      };
      bool split = (src_buf && st.buf != src_buf) || ncopies == sizeof(copies) / sizeof(copies[0]);
      for (uint32_t k = 0; k < ncopies && !split; k++)
         split = copies_overlap(&copies[k], &copy);
      if (split) {
         texture_copy_group(scr, r, a->level, src_buf, copies, ncopies);
         ncopies = 0;
      }
      src_buf = st.buf;
      const uint8_t *src = (const uint8_t *)a->data.ptr + g->src_offset;
      /* A GL format without alpha in RGBA storage: texels arrive with whatever alpha the
       * app's pixels had; storage keeps 1 (read back, blended with DST_ALPHA, blitted). */
      uint8_t one[4];
      const uint32_t one_n = !f->has_alpha && !f->expand_rgb && aspect == VK_IMAGE_ASPECT_COLOR_BIT
                                ? vkb_format_alpha_one(f->vk, one)
                                : 0;
      for (uint32_t yz = 0; yz < g->height * g->depth; yz++) {
         const uint32_t y = yz % g->height, z = yz / g->height;
         const uint8_t *s = src + slice * z + stride * y;
         uint8_t *d = st.ptr + out_row * yz;
         if (!f->expand_rgb) {
            memcpy(d, s, row);
            for (uint32_t x = 0; one_n && x < g->width; x++)
               memcpy(d + (size_t)vts * x + vts - one_n, one, one_n);
         } else if (ts == 3) { /* RGB8 -> RGBA8, alpha 1 */
            for (uint32_t x = 0; x < g->width; x++) {
               d[4 * x + 0] = s[3 * x + 0];
               d[4 * x + 1] = s[3 * x + 1];
               d[4 * x + 2] = s[3 * x + 2];
               d[4 * x + 3] = 0xff;
            }
         } else { /* RGB32F -> RGBA32F, alpha 1.0 */
            const float one = 1.0f;
            for (uint32_t x = 0; x < g->width; x++) {
               memcpy(d + 16 * x, s + 12 * x, 12);
               memcpy(d + 16 * x + 12, &one, 4);
            }
         }
      }
      copies[ncopies++] = copy;
   }
   texture_copy_group(scr, r, a->level, src_buf, copies, ncopies);
   return landed && !scr->failed;
}

/* Whether an upload writes every texel of its level: a colour image (a depth/stencil one has a
 * second aspect some uploads leave alone), every region inside the level, no two overlapping,
 * and their volumes summing to the level's. Then the level's owed zeroing is skipped once the
 * upload lands whole (vkb_zero.c); a partial upload pays it first. */
static bool
upload_covers_level(const struct vkb_resource *r, const struct mgp_resource_subdata *a,
                    const struct mgp_sub_region *regions, uint32_t nregions)
{
   if (r->fmt->aspect != VK_IMAGE_ASPECT_COLOR_BIT || a->format != r->desc.format ||
       a->level >= r->levels)
      return false;
   struct level_regions lr;
   level_regions_init(&lr, r, a, regions, nregions);
   const uint64_t layers = vkb_resource_level_layers(r, a->level);
   uint64_t sum = 0;
   for (uint32_t i = 0; i < lr.n; i++) {
      const struct mgp_sub_region *g = &lr.list[i];
      if (g->x < 0 || g->y < 0 || g->z < 0 || (uint64_t)g->x + g->width > lr.lw ||
          (uint64_t)g->y + g->height > lr.lh || (uint64_t)g->z + g->depth > layers)
         return false;
      sum += (uint64_t)g->width * g->height * g->depth; /* each < 2^48: no wrap */
      for (uint32_t k = 0; k < i; k++) {
         const struct mgp_sub_region *h = &lr.list[k];
         if (g->x < h->x + (int64_t)h->width && h->x < g->x + (int64_t)g->width &&
             g->y < h->y + (int64_t)h->height && h->y < g->y + (int64_t)g->height &&
             g->z < h->z + (int64_t)h->depth && h->z < g->z + (int64_t)g->depth)
            return false;
      }
   }
   return sum == (uint64_t)lr.lw * lr.lh * layers;
}

/* An upload into a store that still owes its zeroing: skipped where it writes the whole level
 * (or buffer) and lands whole, paid first otherwise, and paid after a whole one that did not
 * land (GL leaves those contents undefined; no other owner's bytes may show). */
static void
owed_upload(struct vkb_screen *scr, const char *call, struct vkb_resource *r,
            const struct mgp_resource_subdata *a, const struct mgp_sub_region *regions,
            uint32_t nregions)
{
   bool whole;
   uint32_t bit;
   if (r->is_buffer) {
      bit = 1;
      whole = a->box.x == 0 && a->box.width == r->size && r->size && r->size % 4 == 0;
   } else {
      bit = a->level < r->levels ? 1u << a->level : 0;
      whole = bit && upload_covers_level(r, a, regions, nregions);
   }
   if (!(r->zero_owed & bit)) {
      r->is_buffer ? (void)buffer_subdata(scr, r, a)
                   : (void)texture_subdata(scr, call, r, a, regions, nregions);
      return;
   }
   if (!whole)
      vkb_zero_pay(scr, r, bit);
   const bool landed = r->is_buffer ? buffer_subdata(scr, r, a)
                                    : texture_subdata(scr, call, r, a, regions, nregions);
   if (whole && landed)
      vkb_zero_written(scr, r, r->is_buffer ? 0 : a->level);
   else
      vkb_zero_pay(scr, r, bit);
}

void
vkb_resource_subdata(void *self, const struct mgp_resource_subdata *args, const void *tail,
                     uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_resource *r = vkb_resource_for_version(scr, args->res, "resource_subdata");
   if (!r)
      return;
   vkb_arena_pressure_point(scr);
   owed_upload(scr, "resource_subdata", r, args, tail,
               tail_count < args->region_count ? tail_count : args->region_count);
}

/* The texels are in a buffer the server holds: once every batch that used the buffer has
 * completed (a staged write to it, a draw reading it), its host mapping is the source of the
 * usual texture upload; the client waits for nothing. */
void
vkb_texture_subdata_from_buffer(void *self, const struct mgp_texture_subdata_from_buffer *args,
                                const void *tail, uint32_t tail_count)
{
   CTX_SELF;
   const char *call = "texture_subdata_from_buffer";
   struct vkb_resource *r = vkb_resource_for_use(scr, args->res, call);
   struct vkb_resource *b = r ? vkb_resource_for_read(scr, args->buffer, call) : NULL;
   if (!b)
      return;
   if (r->is_buffer || !b->is_buffer || args->offset > b->size) {
      MGU_DECLINE(backend_draw_incomplete, "%s: offset %llu of a %llu-byte buffer", call,
                  (unsigned long long)args->offset, (unsigned long long)b->size);
      return;
   }
   if (!b->map) {
      MGU_DECLINE(backend_feature_unimplemented, "%s from a buffer without a host mapping", call);
      return;
   }
   if (vkb_wait_serial(scr, b->last_use, UINT64_MAX, true) != VK_SUCCESS)
      return;
   vkb_arena_pressure_point(scr);
   const struct mgp_resource_subdata a = {
      .res = args->res,
      .level = args->level,
      .format = args->format,
      .region_count = args->region_count,
      .data = {.ptr = b->map + args->offset, .size = b->size - args->offset},
   };
   owed_upload(scr, call, r, &a, tail,
               tail_count < args->region_count ? tail_count : args->region_count);
}

void
vkb_resource_readback(void *self, const struct mgp_resource_readback *args, const void *tail,
                      uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_resource *r = vkb_resource_for_read(scr, args->res, "resource_readback");
   if (!r)
      return;
   if (!r->is_buffer) {
      MGU_DECLINE(backend_feature_unimplemented, "resource_readback of a texture");
      return;
   }
   if (args->offset > r->size || args->size > r->size - args->offset ||
       args->out.size < args->size || (args->size && !args->out.ptr)) {
      MGU_DECLINE(backend_draw_incomplete,
                  "resource_readback [%llu, +%llu) of a %llu-byte "
                  "buffer into %llu bytes",
                  (unsigned long long)args->offset, (unsigned long long)args->size,
                  (unsigned long long)r->size, (unsigned long long)args->out.size);
      return;
   }
   if (!args->size)
      return;
   vkb_shader_writes_visible(scr, r);
   if (r->map) {
      /* Wait for the last batch that touched it, then read in place. */
      if (vkb_wait_serial(scr, r->last_use, UINT64_MAX, true) != VK_SUCCESS)
         return;
      memcpy(args->out.ptr, r->map + args->offset, args->size);
      return;
   }
   struct vkb_alloc st;
   const enum vkb_arena_result ar = vkb_arena_try(scr, args->size, 16, &st);
   if (ar == VKB_ARENA_OOM)
      vkb_staging_oom(scr, r->base.h, args->size, "resource_readback");
   if (ar != VKB_ARENA_OK)
      return;
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   vkb_buffer_barrier_after_write(scr);
   vkCmdCopyBuffer(cmd, r->buf, st.buf, 1, &(VkBufferCopy){args->offset, st.offset, args->size});
   r->last_use = vkb_current_serial(scr);
   const uint64_t serial = vkb_submit(scr);
   if (!serial || vkb_wait_serial(scr, serial, UINT64_MAX, false) != VK_SUCCESS)
      return;
   /* Read the slice before the batch retires (retiring may unmap its block). */
   memcpy(args->out.ptr, st.ptr, args->size);
   vkb_retire(scr);
}

/* ---- clear ------------------------------------------------------------------------------- */

static const struct vkb_format *
attachment_format(const struct vkb_screen *scr, VkFormat vk)
{
   for (unsigned f = 0; f < MGP_FORMAT_COUNT; f++)
      if (scr->format_mapped[f] && scr->formats[f].vk == vk)
         return &scr->formats[f];
   return NULL;
}

static const char *
kind_name(unsigned kind)
{
   return kind == MGP_SAMPLER_KIND_INT ? "int" : kind == MGP_SAMPLER_KIND_UINT ? "uint" : "float";
}

void
vkb_clear(void *self, const struct mgp_clear *args, const void *tail, uint32_t tail_count)
{
   CTX_SELF;
   if (!args->color_buffers && !args->depth && !args->stencil)
      return;
   if (ctx->cond_discard) /* conditional rendering on a zero result (GL 3.3 §2.18) */
      return;
   if (!vkb_context_fb_key(ctx))
      return;
   const struct vkb_pipeline_key *k = &ctx->fb_key;
   const VkExtent2D ext = ctx->render_extent;
   int64_t x0 = 0, y0 = 0, x1 = ext.width, y1 = ext.height;
   if (args->scissor_enable) {
      const int64_t sw = args->scissor[2] < 0 ? 0 : args->scissor[2];
      const int64_t sh = args->scissor[3] < 0 ? 0 : args->scissor[3];
      x0 = args->scissor[0] > 0 ? args->scissor[0] : 0;
      y0 = args->scissor[1] > 0 ? args->scissor[1] : 0;
      x1 = args->scissor[0] + sw < x1 ? args->scissor[0] + sw : x1;
      y1 = args->scissor[1] + sh < y1 ? args->scissor[1] + sh : y1;
   }
   if (x1 <= x0 || y1 <= y0)
      return; /* GL: the scissor rejects every pixel */

   VkClearAttachment att[VKB_MAX_COLOR + 1];
   uint32_t n = 0;
   uint8_t partial[VKB_MAX_COLOR] = {0}; /* attachments whose mask is partial: drawn */
   bool any_partial = false;
   for (uint32_t i = 0; i < VKB_MAX_COLOR; i++) {
      if (!(args->color_buffers & (1u << i)))
         continue;
      if (i >= k->color_count || k->color[i] == VK_FORMAT_UNDEFINED)
         continue; /* GL_NONE or no attachment: nothing to clear */
      const uint8_t mask = args->color_write_mask[i] & 0xf;
      if (!mask)
         continue;
      const uint8_t full = (k->color_has_alpha & (1u << i)) ? 0xf : 0x7;
      if (!(mask & full))
         continue; /* only the alpha of a substituted RGB format: nothing GL can see */
      if ((mask & full) != full) {
         const struct vkb_format *f = attachment_format(scr, k->color[i]);
         if (!f || f->kind != args->color_kind) {
            MGU_DECLINE(backend_feature_unimplemented,
                        "masked clear of draw buffer %u "
                        "(colour mask 0x%x) with a %s colour on a %s attachment",
                        i, mask, kind_name(args->color_kind), f ? kind_name(f->kind) : "unknown");
            continue;
         }
         /* GL's mask bits are R,G,B,A from bit 0, as VkColorComponentFlagBits */
         partial[i] = mask & full;
         any_partial = true;
         continue;
      }
      VkClearAttachment *a = &att[n++];
      a->aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
      a->colorAttachment = i;
      memcpy(a->clearValue.color.uint32, args->color, sizeof(args->color));
      if (!(k->color_has_alpha & (1u << i))) {
         /* a substituted RGB format keeps alpha 1 */
         if (args->color_kind == 0)
            a->clearValue.color.float32[3] = 1.0f;
         else
            a->clearValue.color.uint32[3] = 1;
      }
   }
   VkImageAspectFlags ds = 0;
   VkClearValue dsv = {.depthStencil = {args->depth_value, (uint32_t)args->stencil_value & 0xff}};
   if (dsv.depthStencil.depth < 0.0f)
      dsv.depthStencil.depth = 0.0f;
   if (dsv.depthStencil.depth > 1.0f)
      dsv.depthStencil.depth = 1.0f;
   if (args->depth && args->depth_write && k->depth != VK_FORMAT_UNDEFINED)
      ds |= VK_IMAGE_ASPECT_DEPTH_BIT;
   uint8_t stencil_partial = 0;
   if (args->stencil && (args->stencil_write_mask & 0xff) && k->stencil != VK_FORMAT_UNDEFINED) {
      if ((args->stencil_write_mask & 0xff) != 0xff)
         stencil_partial = (uint8_t)(args->stencil_write_mask & 0xff);
      else
         ds |= VK_IMAGE_ASPECT_STENCIL_BIT;
   }
   if (ds)
      att[n++] = (VkClearAttachment){.aspectMask = ds, .clearValue = dsv};
   if (!n && !any_partial && !stencil_partial)
      return;
   /* may submit: before the scope this clear may open takes the active queries' slots (a run
    * of clears under one query, with no draw between, holds as many as a run of draws) */
   vkb_query_pressure_point(scr);
   if (!vkb_begin_rendering(ctx))
      return;
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   if (ctx->cond_pred && !scr->pred_open)
      vkb_cond_scope_begin(ctx);
   VkClearRect rect = {
      .rect = {{(int32_t)x0, (int32_t)y0}, {(uint32_t)(x1 - x0), (uint32_t)(y1 - y0)}},
      .baseArrayLayer = 0,
      .layerCount = ctx->render_layers, /* GL: a layered framebuffer clears every layer */
   };
   if (n)
      vkCmdClearAttachments(cmd, n, att, 1, &rect);
   if ((any_partial || stencil_partial) && ctx->render_layers > 1 &&
       !scr->features.geometryShader) {
      /* The masked clear sends its rectangle to every layer through a geometry shader. */
      MGU_DECLINE(backend_feature_unimplemented, "masked clear of a layered framebuffer "
                                                 "without geometryShader");
      return;
   }
   if (any_partial || stencil_partial)
      vkb_clear_masked(ctx, args, &rect.rect, partial, stencil_partial);
}
