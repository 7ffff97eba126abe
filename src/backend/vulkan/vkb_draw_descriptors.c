/* vkb_draw_descriptors.c — a draw's descriptors: the program's uniform blocks, samplers and
 * texel buffers resolved to what they name now (placeholders for absent textures, padded
 * sub-word uniform ranges), and the descriptor sets written from them, cached per batch.
 *
 * A layout transition or a placeholder made here is recorded before the rendering scope
 * begins (they may need barriers, which come outside it). */
#include <string.h>

#include "log.h"
#include "vkb_draw.h"

/* ---- placeholders for absent textures ------------------------------------------------------ */

static VkImageView
dummy_view(struct vkb_screen *scr, unsigned kind)
{
   if (kind > 2)
      return VK_NULL_HANDLE;
   if (scr->dummy_view[kind])
      return scr->dummy_view[kind];
   static const VkFormat fmt[3] = {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_SINT,
                                   VK_FORMAT_R8G8B8A8_UINT};
   VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = fmt[kind],
      .extent = {1, 1, 1},
      .mipLevels = 1,
      .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   if (!vkb_check(scr, vkCreateImage(scr->dev, &ici, NULL, &scr->dummy_img[kind]), "placeholder"))
      return VK_NULL_HANDLE;
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(scr->dev, scr->dummy_img[kind], &req);
   int32_t type = vkb_find_memory(scr, req.memoryTypeBits, 0, 0);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = type < 0 ? 0 : (uint32_t)type};
   if (!vkb_check(scr, vkAllocateMemory(scr->dev, &mai, NULL, &scr->dummy_mem[kind]),
                  "placeholder memory") ||
       !vkb_check(scr, vkBindImageMemory(scr->dev, scr->dummy_img[kind], scr->dummy_mem[kind], 0),
                  "placeholder bind"))
      return VK_NULL_HANDLE;
   VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = scr->dummy_img[kind],
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = fmt[kind],
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   VkImageView view;
   if (!vkb_check(scr, vkCreateImageView(scr->dev, &vci, NULL, &view), "placeholder view"))
      return VK_NULL_HANDLE;
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return VK_NULL_HANDLE;
   VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = scr->dummy_img[kind],
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                        0, NULL, 0, NULL, 1, &b);
   VkClearColorValue black = {.uint32 = {0, 0, 0, 1}};
   if (kind == 0)
      black = (VkClearColorValue){.float32 = {0, 0, 0, 1}};
   vkCmdClearColorImage(cmd, scr->dummy_img[kind], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &black, 1,
                        &b.subresourceRange);
   b.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
   b.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
   b.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
   b.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, scr->shader_pipe_stages, 0, 0, NULL, 0,
                        NULL, 1, &b);
   scr->dummy_view[kind] = view;
   return view;
}

/* ---- descriptors --------------------------------------------------------------------------- */

/* Draw buffer 0 blends with an advanced equation (MGP_CAP_BLEND_SHADER: the fragment stage does
 * it, reading VKB_BLEND_DST_BINDING). */
static bool
blends_advanced(struct vkb_context *ctx)
{
   const struct vkb_render_state *rs =
      vkb_lookup(ctx->scr, &ctx->scr->render_states, ctx->rs, "draw_vbo (render state)");
   return rs && rs->s.blend[0].enable && rs->s.blend[0].eq_rgb >= MGP_BLEND_OP_MULTIPLY;
}

/* A uniform range that ends inside a 32-bit word: a shader load of that word would read the
 * bytes past the range (GL's range excludes them; Vulkan reads whole words, or whatever robust
 * access returns). Copy the range into a zeroed arena slice at this point of the stream and bind
 * that (PIPE.md#ranges: sub-word ranges are padded through staging). */
static bool
pad_uniform_range(struct vkb_screen *scr, struct vkb_resource *r, VkDeviceSize offset,
                  VkDeviceSize range, VkDescriptorBufferInfo *out)
{
   const VkDeviceSize padded = (range + 15) / 16 * 16;
   struct vkb_alloc st;
   if (!vkb_arena_or_refuse(scr, padded, scr->props.limits.minUniformBufferOffsetAlignment, &st,
                            r->base.h, "draw_vbo (uniform range padding)"))
      return false;
   memset(st.ptr, 0, padded);
   if (scr->rendering_ctx) {
      scr->stats.render_pass_splits++;
      vkb_end_rendering(scr);
   }
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return false;
   vkb_buffer_barrier_before_write(scr);
   vkCmdCopyBuffer(cmd, r->buf, st.buf, 1, &(VkBufferCopy){offset, st.offset, range});
   vkb_buffer_barrier_after_write(scr);
   scr->stats.uniform_ranges_padded++;
   *out = (VkDescriptorBufferInfo){st.buf, st.offset, padded};
   return true;
}

/* The placeholder texel buffer of a sampler kind: 16 zero bytes viewed as RGBA32 (a format
 * every device has for texel buffers), so a texture buffer that cannot be viewed reads zero. */
static VkBufferView
texbuf_zero_view(struct vkb_screen *scr, unsigned kind)
{
   static const VkFormat fmt[3] = {VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_R32G32B32A32_SINT,
                                   VK_FORMAT_R32G32B32A32_UINT};
   if (kind > 2)
      kind = 0;
   if (scr->texbuf_zero_view[kind])
      return scr->texbuf_zero_view[kind];
   if (!scr->texbuf_zero_buf) {
      VkBufferCreateInfo bci = {
         .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
         .size = 16,
         .usage = VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT,
      };
      if (!vkb_check(scr, vkCreateBuffer(scr->dev, &bci, NULL, &scr->texbuf_zero_buf),
                     "placeholder texel buffer"))
         return VK_NULL_HANDLE;
      VkMemoryRequirements req;
      vkGetBufferMemoryRequirements(scr->dev, scr->texbuf_zero_buf, &req);
      const int32_t type = vkb_find_memory(
         scr, req.memoryTypeBits,
         VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
      VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                  .allocationSize = req.size,
                                  .memoryTypeIndex = type < 0 ? 0 : (uint32_t)type};
      void *p = NULL;
      if (type < 0 ||
          !vkb_check(scr, vkAllocateMemory(scr->dev, &mai, NULL, &scr->texbuf_zero_mem),
                     "placeholder texel buffer memory") ||
          !vkb_check(scr,
                     vkBindBufferMemory(scr->dev, scr->texbuf_zero_buf, scr->texbuf_zero_mem, 0),
                     "placeholder texel buffer bind") ||
          !vkb_check(scr, vkMapMemory(scr->dev, scr->texbuf_zero_mem, 0, VK_WHOLE_SIZE, 0, &p),
                     "placeholder texel buffer map"))
         return VK_NULL_HANDLE;
      memset(p, 0, (size_t)req.size);
      vkUnmapMemory(scr->dev, scr->texbuf_zero_mem);
   }
   VkBufferViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
      .buffer = scr->texbuf_zero_buf,
      .format = fmt[kind],
      .range = VK_WHOLE_SIZE,
   };
   vkb_check(scr, vkCreateBufferView(scr->dev, &vci, NULL, &scr->texbuf_zero_view[kind]),
             "placeholder texel buffer view");
   return scr->texbuf_zero_view[kind];
}

/* The texel buffer view for sampler j: the texture buffer's view of the buffer it names (made
 * here, against the buffer as it is now: "resolved live"), or the placeholder reading zero
 * (GL leaves a buffer texture without a buffer undefined; a format the device cannot view is a
 * named decline). *used gets the buffer the draw reads. */
static VkBufferView
texel_buffer_view(struct vkb_context *ctx, uint32_t j, unsigned kind, struct vkb_resource **used)
{
   struct vkb_screen *scr = ctx->scr;
   *used = NULL;
   struct vkb_sampler_view *v =
      vkb_lookup(scr, &scr->sampler_views, ctx->views[j], "draw_vbo (sampler view)");
   if (scr->failed)
      return VK_NULL_HANDLE;
   struct vkb_resource *tex =
      v ? (struct vkb_resource *)vkb_table_peek(&scr->resources, v->desc.texture) : NULL;
   struct vkb_resource *buf =
      tex && tex->is_texbuf
         ? (struct vkb_resource *)vkb_table_peek(&scr->resources, tex->desc.buffer)
         : NULL;
   if (!buf || !buf->is_buffer || !buf->size || !buf->buf) /* no buffer, or no storage */
      return texbuf_zero_view(scr, kind);
   buf->desc_read = true; /* its renames move the sets' ticks (vkb_rename.c) */
   if (buf->ver_buf)
      vkb_end_rendering(scr); /* the view reads the store: the latest version goes there */
   /* the format itself, never an image's stand-in (RGB32 kept as RGBA): the buffer's bytes are
    * texels of the format the application named */
   VkFormatProperties fp = {0};
   if (tex->fmt && tex->fmt->wanted != VK_FORMAT_UNDEFINED)
      vkGetPhysicalDeviceFormatProperties(scr->phys, tex->fmt->wanted, &fp);
   if (!tex->fmt || !(fp.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT)) {
      MGU_DECLINE(backend_format_unsupported,
                  "texture buffer of format %s: the device has no "
                  "texel-buffer view of it; it reads zero",
                  vkb_format_name(tex->desc.format));
      return texbuf_zero_view(scr, kind);
   }
   VkDeviceSize off = tex->desc.buffer_offset < buf->size ? tex->desc.buffer_offset : buf->size;
   VkDeviceSize range = tex->desc.buffer_size == ~0ull ? buf->size - off : tex->desc.buffer_size;
   if (off + range > buf->size)
      range = buf->size - off;
   const VkDeviceSize ts = tex->fmt->texel_size ? tex->fmt->texel_size : 1;
   range = range / ts * ts;
   const VkDeviceSize max = (VkDeviceSize)scr->props.limits.maxTexelBufferElements * ts;
   if (range > max)
      range = max;
   if (!range)
      return texbuf_zero_view(scr, kind);
   *used = buf;
   if (tex->texbuf_view && tex->texbuf_store == buf->store_id && tex->texbuf_offset == off &&
       tex->texbuf_range == range)
      return tex->texbuf_view;
   VKB_DEFER(scr, VKB_GARBAGE_BUFFER_VIEW, tex->texbuf_view);
   tex->texbuf_view = VK_NULL_HANDLE;
   VKB_DEFER(scr, VKB_GARBAGE_BUFFER, tex->texbuf_alias);
   tex->texbuf_alias = VK_NULL_HANDLE;
   VkBuffer viewed = buf->buf;
   if (!(fp.bufferFeatures & VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT)) {
      /* buf has STORAGE_TEXEL usage (vkb_resource.c): the view takes a second VkBuffer over
       * the same memory with UNIFORM_TEXEL usage alone. A store imported from the client's
       * heap would need its external-memory chain again: declined by name there. */
      VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                .size = buf->size,
                                .usage = VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT,
                                .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
      VkMemoryRequirements req = {0};
      if (buf->heap_store || !buf->mem ||
          vkCreateBuffer(scr->dev, &bci, NULL, &tex->texbuf_alias) != VK_SUCCESS) {
         tex->texbuf_alias = VK_NULL_HANDLE;
         MGU_DECLINE(backend_format_unsupported,
                     "texture buffer of format %s over a client-heap buffer: the device "
                     "stores to no texel buffer of it; it reads zero",
                     vkb_format_name(tex->desc.format));
         *used = NULL;
         return texbuf_zero_view(scr, kind);
      }
      vkGetBufferMemoryRequirements(scr->dev, tex->texbuf_alias, &req);
      /* a buffer in a shared block (vkb_suballoc.c) sits at its own offset there: its usage
       * asks at least the alignment of the alias's, which this check holds it to */
      if (req.alignment && buf->mem_offset % req.alignment) {
         vkDestroyBuffer(scr->dev, tex->texbuf_alias, NULL);
         tex->texbuf_alias = VK_NULL_HANDLE;
         MGU_DECLINE(backend_format_unsupported,
                     "texture buffer of format %s: its buffer's offset in shared memory is not "
                     "of the alias's alignment; it reads zero",
                     vkb_format_name(tex->desc.format));
         *used = NULL;
         return texbuf_zero_view(scr, kind);
      }
      if (!vkb_check(scr,
                     vkBindBufferMemory(scr->dev, tex->texbuf_alias, buf->mem, buf->mem_offset),
                     "texel buffer alias bind"))
         return VK_NULL_HANDLE;
      viewed = tex->texbuf_alias;
   }
   VkBufferViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
      .buffer = viewed,
      .format = tex->fmt->wanted,
      .offset = off,
      .range = range,
   };
   if (!vkb_check(scr, vkCreateBufferView(scr->dev, &vci, NULL, &tex->texbuf_view),
                  "texel buffer view"))
      return VK_NULL_HANDLE;
   tex->texbuf_store = buf->store_id, tex->texbuf_offset = off, tex->texbuf_range = range;
   return tex->texbuf_view;
}

/* The placeholder storage buffer (made at its first use); VK_NULL_HANDLE when it cannot be. */
static VkBuffer
ssbo_placeholder(struct vkb_screen *scr)
{
   if (scr->ssbo_placeholder_buf)
      return scr->ssbo_placeholder_buf;
   VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = 256,
      .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
   };
   VkBuffer buf = VK_NULL_HANDLE;
   if (!vkb_check(scr, vkCreateBuffer(scr->dev, &bci, NULL, &buf), "placeholder storage buffer"))
      return VK_NULL_HANDLE;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(scr->dev, buf, &req);
   const int32_t type = vkb_find_memory(scr, req.memoryTypeBits, 0, 0);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = type < 0 ? 0 : (uint32_t)type};
   if (type < 0 ||
       !vkb_check(scr, vkAllocateMemory(scr->dev, &mai, NULL, &scr->ssbo_placeholder_mem),
                  "placeholder storage buffer memory") ||
       !vkb_check(scr, vkBindBufferMemory(scr->dev, buf, scr->ssbo_placeholder_mem, 0),
                  "placeholder storage buffer bind")) {
      vkDestroyBuffer(scr->dev, buf, NULL);
      return VK_NULL_HANDLE;
   }
   scr->ssbo_placeholder_buf = buf;
   return buf;
}

/* The buffer range storage binding b (VKB_SSBO_BASE + k) names, checked against the buffer
 * and the device's limits (the range came from the client: offsets and sizes are compared
 * without sums that could wrap); *used the buffer (NULL: the placeholder). False when the draw
 * or dispatch must decline. */
static bool
storage_range(struct vkb_context *ctx, uint32_t b, VkDescriptorBufferInfo *out,
              struct vkb_resource **used)
{
   struct vkb_screen *scr = ctx->scr;
   const VkPhysicalDeviceLimits *lim = &scr->props.limits;
   const struct mgp_buffer_range *br = &ctx->ssbos[b - VKB_SSBO_BASE];
   *used = NULL;
   if (mgp_handle_is_null(br->res)) {
      /* GL 4.6 7.8: a block without a buffer is undefined behaviour, the draw still runs (its
       * other bindings' effects stand); with robustBufferAccess the placeholder's 256 bytes
       * bound every access */
      const VkBuffer ph = scr->features.robustBufferAccess ? ssbo_placeholder(scr) : NULL;
      if (!ph) {
         MGU_DECLINE(backend_draw_incomplete, "storage block binding %u has no buffer", b);
         return false;
      }
      *out = (VkDescriptorBufferInfo){ph, 0, VK_WHOLE_SIZE};
      return true;
   }
   struct vkb_resource *r = vkb_resource_for_use(scr, br->res, "storage block");
   if (!r)
      return false;
   if (!r->is_buffer || !r->buf || br->offset >= r->size ||
       br->offset % lim->minStorageBufferOffsetAlignment) {
      MGU_DECLINE(backend_draw_incomplete,
                  "storage block binding %u: offset %llu of a %llu-byte buffer "
                  "(alignment %llu)",
                  b, (unsigned long long)br->offset, (unsigned long long)r->size,
                  (unsigned long long)lim->minStorageBufferOffsetAlignment);
      return false;
   }
   VkDeviceSize range = br->size && br->size != ~0ull ? br->size : r->size - br->offset;
   if (range > r->size - br->offset)
      range = r->size - br->offset;
   if (range > lim->maxStorageBufferRange) {
      MGU_DECLINE(backend_draw_incomplete,
                  "storage block binding %u: %llu bytes, over maxStorageBufferRange %u", b,
                  (unsigned long long)range, lim->maxStorageBufferRange);
      return false;
   }
   *out = (VkDescriptorBufferInfo){r->buf, br->offset, range};
   *used = r;
   return true;
}

/* The sampler memo's epoch, moved on when more than bindings and programs reached the backend
 * since it was read (a renamed buffer too: a buffer texture over it reads its new version), or
 * the batch changed: the texture and buffer set memos are stale (their sets are the batch's).
 * The ways are stale only in the first case (res_epoch): a new batch carries them. */
uint64_t
vkb_draw_sampler_memo_epoch(struct vkb_context *ctx)
{
   return vkb_draw_sampler_memo_epoch_at(ctx, vkb_current_serial(ctx->scr));
}

/* ... where the caller knows the current batch's serial (vkb_current_serial's answer). */
uint64_t
vkb_draw_sampler_memo_epoch_at(struct vkb_context *ctx, uint64_t serial)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_sampler_memo *memo = &ctx->smemo;
   const uint64_t memo_tick = scr->state_tick - scr->program_tick + scr->rename_tick;
   if (memo->state_tick != memo_tick || !memo->res_epoch) {
      memo->res_epoch++;
      memo->epoch++;
      memo->state_tick = memo_tick;
      memo->serial = serial;
   } else if (memo->serial != serial) {
      memo->epoch++;
      memo->serial = serial;
   }
   return memo->epoch;
}

/* A way resolved in an earlier batch, sampled in this one: what its resolution did for the
 * batch, again (the layout of the levels it samples, which a read-back between may have
 * moved, and the texture's last use). */
static void
way_carry(struct vkb_screen *scr, struct vkb_sampler_memo_way *way, uint64_t serial)
{
   struct vkb_resource *tex = way->tex;
   if (tex) {
      for (uint32_t l = way->base; l < way->base + way->count && l < tex->levels; l++)
         if (tex->layout[l] != way->info.imageLayout) {
            vkb_image_transition(scr, tex, way->base, way->count, way->info.imageLayout, false);
            break;
         }
      tex->last_use = serial;
   }
   way->serial = serial;
   scr->stats.sampler_memo_carries++;
}

/* Resolves the program's bindings to descriptors, of the sets in set_mask (bit n: set n);
 * declines (false) when one cannot be. */
bool
vkb_draw_gather_descriptors(struct vkb_context *ctx, struct vkb_shader *sh,
                            struct vkb_draw_descriptors *d, uint32_t set_mask)
{
   struct vkb_screen *scr = ctx->scr;
   const VkPhysicalDeviceLimits *lim = &scr->props.limits;
   uint32_t nbuf = 0, nimg = 0, ntbv = 0;
   /* GL 4.3 19: a dispatch is no rendering; the textures it samples and the images it stores
    * to may be attached to the draw framebuffer (vkb_draw_storage_image too) */
   const bool compute = sh->stage_mask == 1u << MGP_SHADER_STAGE_COMPUTE;
   d->nw = d->n_used_bufs = d->n_written = 0;
   d->has_dynamic = false;
   d->writes = false;
   d->loop = 0;
   for (int set = 0; set < VKB_SET_COUNT; set++) {
      d->nsig[set] = 0;
      d->sig[set][d->nsig[set]++] = (uint64_t)(uintptr_t)sh->dsl[set];
   }

   /* Sampler indices whose view, sampler and kind one of the memo's ways holds resolve to
    * what they did, when nothing but bindings and programs reached the backend since in this
    * batch: the textures' layouts, views and the attachments are as that resolution left
    * them, and the textures are in use by this batch already. */
   struct vkb_sampler_memo *memo = &ctx->smemo;
   vkb_draw_sampler_memo_epoch(ctx);
   const uint32_t begin = set_mask & (1u << VKB_SET_BUFFERS) ? 0 : VKB_SAMPLER_BASE;
   const uint32_t end = set_mask & (1u << VKB_SET_TEXTURES) || sh->max_binding < VKB_SAMPLER_BASE
                           ? sh->max_binding
                           : VKB_SAMPLER_BASE;
   for (uint32_t b = begin; b < end; b++) {
      /* to the next binding present (binding_used), a word of absent ones at a time */
      const uint64_t rest = sh->binding_used[b / 64] >> (b % 64);
      if (!rest) {
         b |= 63;
         continue;
      }
      b += (uint32_t)__builtin_ctzll(rest);
      if (b >= end)
         break;
      const struct vkb_shader_binding *sb = &sh->binding[b];
      const int set = b < VKB_SAMPLER_BASE ? VKB_SET_BUFFERS : VKB_SET_TEXTURES;
      uint64_t *sig = d->sig[set];
      uint32_t *nsig = &d->nsig[set];
      d->wset[d->nw] = (uint8_t)set;
      VkWriteDescriptorSet *w = &d->w[d->nw++];
      *w = (VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstBinding = b,
         .descriptorCount = sb->count,
      };
      if (b == 0) {
         /* The default uniform block: this shader's latest bytes, in this batch's arena. */
         if ((!sh->consts_buf || sh->consts_serial != vkb_current_serial(scr)) &&
             !vkb_shader_upload_consts(scr, sh, ctx))
            return false;
         w->descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
         w->pBufferInfo = &d->buf[nbuf];
         d->buf[nbuf++] = (VkDescriptorBufferInfo){sh->consts_buf, 0, sh->consts_size};
         d->dynoff = (uint32_t)sh->consts_offset;
         d->has_dynamic = true;
         sig[(*nsig)++] = (uint64_t)(uintptr_t)sh->consts_buf;
         continue;
      }
      if (sb->type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER) {
         w->descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
         w->pBufferInfo = &d->buf[nbuf];
         for (uint32_t k = 0; k < sb->count; k++) {
            const struct mgp_buffer_range *br = &ctx->ubos[b + k];
            if (mgp_handle_is_null(br->res)) {
               MGU_DECLINE(backend_draw_incomplete, "uniform block binding %u has no buffer",
                           b + k);
               return false;
            }
            struct vkb_resource *r =
               vkb_resource_for_version(scr, br->res, "draw_vbo (uniform block)");
            if (!r)
               return false;
            r->desc_read = true; /* its renames move the sets' ticks (vkb_rename.c) */
            if (!r->is_buffer || br->offset >= r->size ||
                br->offset % lim->minUniformBufferOffsetAlignment) {
               MGU_DECLINE(backend_draw_incomplete,
                           "uniform block binding %u: offset %llu of a "
                           "%llu-byte buffer (alignment %llu)",
                           b + k, (unsigned long long)br->offset, (unsigned long long)r->size,
                           (unsigned long long)lim->minUniformBufferOffsetAlignment);
               return false;
            }
            VkDeviceSize range = br->size && br->size != ~0ull ? br->size : r->size - br->offset;
            if (br->offset + range > r->size)
               range = r->size - br->offset;
            if (range > lim->maxUniformBufferRange)
               range = lim->maxUniformBufferRange;
            /* a buffer renamed inside this scope: its latest version (vkb_rename.c) */
            VkDescriptorBufferInfo info = {r->ver_buf ? r->ver_buf : r->buf,
                                           (r->ver_buf ? r->ver_offset : 0) + br->offset, range};
            if (range % 4 && !pad_uniform_range(scr, r, br->offset, range, &info))
               return false;
            d->buf[nbuf++] = info;
            sig[(*nsig)++] = (uint64_t)(uintptr_t)info.buffer;
            sig[(*nsig)++] = info.offset;
            sig[(*nsig)++] = info.range;
            d->used_bufs[d->n_used_bufs++] = r;
         }
         continue;
      }
      if (sb->type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER) {
         w->descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
         w->pBufferInfo = &d->buf[nbuf];
         for (uint32_t k = 0; k < sb->count; k++) {
            VkDescriptorBufferInfo info;
            struct vkb_resource *r;
            if (!storage_range(ctx, b + k, &info, &r))
               return false;
            d->buf[nbuf++] = info;
            sig[(*nsig)++] = (uint64_t)(uintptr_t)info.buffer;
            sig[(*nsig)++] = info.offset;
            sig[(*nsig)++] = info.range;
            if (r) {
               d->used_bufs[d->n_used_bufs++] = r;
               d->written[d->n_written++] = r;
               r->shader_written = true;
            }
            scr->shader_writes_pending = d->writes = true;
         }
         continue;
      }
      if (sb->type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE) {
         /* image j: binding 160 + j, the unit's texture level in GENERAL layout */
         w->descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
         w->pImageInfo = &d->img[nimg];
         for (uint32_t k = 0; k < sb->count; k++) {
            struct vkb_resource *used;
            if (!vkb_draw_storage_image(ctx, sh, b - VKB_IMAGE_BASE + k, &d->img[nimg], &used,
                                        &d->loop))
               return false;
            sig[(*nsig)++] = (uint64_t)(uintptr_t)d->img[nimg++].imageView;
            if (!used)
               continue; /* an invalid unit (nullDescriptor) */
            d->written[d->n_written++] = used;
            used->shader_written = true;
            scr->shader_writes_pending = d->writes = true;
         }
         continue;
      }
      if (sb->type == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER) {
         /* imageBuffer j: binding 160 + j, a storage texel buffer view of the unit's buffer
          * texture's buffer, which the shader may write (a readback orders after it) */
         w->descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
         w->pTexelBufferView = &d->tbv[ntbv];
         for (uint32_t k = 0; k < sb->count; k++) {
            struct vkb_resource *used;
            if (!vkb_draw_storage_texel_buffer(ctx, sh, b - VKB_IMAGE_BASE + k, &d->tbv[ntbv],
                                               &used))
               return false;
            sig[(*nsig)++] = (uint64_t)(uintptr_t)d->tbv[ntbv++];
            if (!used)
               continue; /* an invalid unit (nullDescriptor) */
            d->used_bufs[d->n_used_bufs++] = used;
            d->written[d->n_written++] = used;
            used->shader_written = true;
            scr->shader_writes_pending = d->writes = true;
         }
         continue;
      }
      if (sb->type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER) {
         /* samplerBuffer: binding 64 + j like any sampler, a texel buffer view */
         w->descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
         w->pTexelBufferView = &d->tbv[ntbv];
         for (uint32_t k = 0; k < sb->count; k++) {
            const uint32_t j = b - VKB_SAMPLER_BASE + k;
            const unsigned kind = j < VKB_MAX_SAMPLERS ? sh->refl.sampler_kind[j] : 0;
            struct vkb_resource *used;
            VkBufferView view = texel_buffer_view(ctx, j, kind, &used);
            if (!view)
               return false;
            d->tbv[ntbv++] = view;
            sig[(*nsig)++] = (uint64_t)(uintptr_t)view;
            if (used)
               d->used_bufs[d->n_used_bufs++] = used;
         }
         continue;
      }
      if (b == VKB_BLEND_DST_BINDING) {
         /* MGP_CAP_BLEND_SHADER: draw buffer 0 where it blends with an advanced equation (in
          * the feedback-loop layout, which the scope keeps for the attachment), else a
          * placeholder the fragment stage does not read */
         w->descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
         w->pImageInfo = &d->img[nimg];
         VkDescriptorImageInfo info = {scr->default_sampler, VK_NULL_HANDLE,
                                       VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
         struct vkb_resource *dst = NULL;
         uint32_t level = 0;
         if (blends_advanced(ctx) && !vkb_context_blend_dst(ctx, &dst, &level, &info.imageView))
            return false;
         if (dst) {
            info.imageLayout = VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT;
            vkb_image_transition(scr, dst, level, 1, info.imageLayout, false);
            dst->last_use = vkb_current_serial(scr);
            d->loop |= VKB_LOOP_COLOR;
            scr->stats.blend_shader_views++;
         } else if (!(info.imageView = dummy_view(scr, 0))) {
            return false;
         }
         d->img[nimg++] = info;
         sig[(*nsig)++] = (uint64_t)(uintptr_t)info.imageView;
         sig[(*nsig)++] = (uint64_t)info.imageLayout;
         continue;
      }
      /* combined image samplers: binding 64 + j, element k is sampler j + k */
      w->descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
      w->pImageInfo = &d->img[nimg];
      for (uint32_t k = 0; k < sb->count; k++) {
         const uint32_t j = b - VKB_SAMPLER_BASE + k;
         const unsigned kind = j < VKB_MAX_SAMPLERS ? sh->refl.sampler_kind[j] : 0;
         /* a dispatch's resolution is its own way: it ignores the framebuffer's attachments */
         const uint32_t way_kind = kind | (compute ? VKB_WAY_COMPUTE : 0u);
         struct vkb_sampler_memo_way *way = memo->way[j];
         if (way[0].epoch != memo->res_epoch || !mgp_handle_eq(way[0].view, ctx->views[j]) ||
             !mgp_handle_eq(way[0].sampler, ctx->samplers[j]) || way[0].kind != way_kind) {
            const struct vkb_sampler_memo_way t = way[0];
            if (way[1].epoch == memo->res_epoch && mgp_handle_eq(way[1].view, ctx->views[j]) &&
                mgp_handle_eq(way[1].sampler, ctx->samplers[j]) && way[1].kind == way_kind) {
               way[0] = way[1];
            } else {
               way[0].epoch = 0; /* resolved below */
            }
            way[1] = t;
         }
         if (way[0].epoch == memo->res_epoch) {
            const uint64_t serial = vkb_current_serial(scr);
            if (way[0].serial != serial)
               way_carry(scr, &way[0], serial);
            d->loop |= (uint8_t)way[0].loop;
            d->img[nimg++] = way[0].info;
            sig[(*nsig)++] = (uint64_t)(uintptr_t)way[0].info.imageView;
            sig[(*nsig)++] = (uint64_t)(uintptr_t)way[0].info.sampler;
            continue;
         }
         scr->stats.sampler_resolves++;
         struct vkb_sampler_view *v =
            vkb_lookup(scr, &scr->sampler_views, ctx->views[j], "draw_vbo (sampler view)");
         if (scr->failed)
            return false;
         struct vkb_resource *tex = NULL;
         bool declined = false;
         VkImageView view = v ? vkb_sampler_view_get(scr, v, &tex, &declined) : VK_NULL_HANDLE;
         if (declined)
            return false;
         struct vkb_sampler *s =
            vkb_lookup(scr, &scr->samplers, ctx->samplers[j], "draw_vbo (sampler)");
         if (scr->failed)
            return false;
         /* GL 3.3 4.4.3: a texture may be sampled while attached to the draw framebuffer when
          * no attached level can be sampled: without a mipmap minifying filter only the base
          * level is, with one base..max (the view's levels). The attached levels then stay
          * COLOR/DEPTH_ATTACHMENT and the sampled ones SHADER_READ_ONLY (layouts per level).
          * GL 4.5 9.3.1 (GL_ARB_texture_barrier): an attached level may be sampled too; the
          * view's levels are then all in the feedback-loop layout, which the rendering scope
          * keeps for the attachment (vkb_begin_rendering), and the pipeline has the loop flag. */
         uint32_t sampled_count = v ? v->made_count : 0;
         VkImageLayout sampled_layout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
         uint32_t loop = 0;
         if (tex && !compute &&
             vkb_context_attached_in(ctx, tex, v->made_base, v->made_base + v->made_count - 1)) {
            const bool mipmapped = !s || (s->st.min_filter != MGP_FILTER_NEAREST &&
                                          s->st.min_filter != MGP_FILTER_LINEAR);
            const bool reads_attached =
               mipmapped || vkb_context_attached_in(ctx, tex, v->made_base, v->made_base);
            if (reads_attached && tex->feedback_usage) {
               sampled_layout = VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT;
               loop = tex->fmt->aspect == VK_IMAGE_ASPECT_COLOR_BIT ? VKB_LOOP_COLOR : VKB_LOOP_DS;
               scr->stats.feedback_loop_views++;
            } else if (reads_attached) {
               MGU_DECLINE(feedback_loop_undefined,
                           "sampler %u reads level(s) %u..%u of a "
                           "texture whose level in that range is attached to the framebuffer",
                           j, v->made_base,
                           mipmapped ? v->made_base + v->made_count - 1 : v->made_base);
               return false;
            } else {
               view = vkb_sampler_view_base_only(scr, v);
               if (!view)
                  return false;
               sampled_count = 1;
               scr->stats.feedback_base_only_views++;
            }
         }
         /* the view's format says what the sampler reads (a texture view's may differ from
          * its image's in kind: RGBA8UI storage seen as RGBA8) */
         const struct vkb_format *sf = tex ? vkb_format_get(scr, v->desc.format) : NULL;
         if (tex && !sf)
            sf = tex->fmt;
         /* Another kind (a usampler2DMS of an RGBA8 texture): GL leaves the lookups undefined
          * but textureSize and textureSamples defined, and Vulkan needs a view of the shader's
          * kind: one in a format of that kind and the same texel size. */
         bool kind_view = false;
         if (tex && sf->kind != (kind == MGP_SAMPLER_KIND_SHADOW ? MGP_SAMPLER_KIND_FLOAT : kind) &&
             tex->fmt->aspect == VK_IMAGE_ASPECT_COLOR_BIT) {
            if (kind == MGP_SAMPLER_KIND_SHADOW ||
                !(view =
                     vkb_sampler_view_of_kind(scr, v, sampled_count, sf->vk_texel_size, kind))) {
               MGU_DECLINE(backend_draw_incomplete,
                           "sampler %u: texture format %s does not match "
                           "the sampler type",
                           j, vkb_format_name(tex->desc.format));
               return false;
            }
            kind_view = true;
         }
         if (tex && kind == MGP_SAMPLER_KIND_SHADOW &&
             !(tex->fmt->aspect & VK_IMAGE_ASPECT_DEPTH_BIT)) {
            /* GL: undefined; Vulkan: a depth comparison needs a format that has one */
            MGU_DECLINE(backend_draw_incomplete,
                        "shadow sampler %u reads a texture of format %s, which has no depth", j,
                        vkb_format_name(tex->desc.format));
            return false;
         }
         if (tex) {
            vkb_image_transition(scr, tex, v->made_base, sampled_count, sampled_layout, false);
            tex->last_use = vkb_current_serial(scr);
         } else {
            if (kind == MGP_SAMPLER_KIND_SHADOW) {
               MGU_DECLINE(backend_feature_unimplemented,
                           "shadow sampler %u without a depth "
                           "texture",
                           j);
               return false;
            }
            if (v && v->desc.target != MGP_RESOURCE_TARGET_TEX_2D &&
                v->desc.target != MGP_RESOURCE_TARGET_TEX_RECT) {
               MGU_DECLINE(backend_feature_unimplemented,
                           "incomplete texture of target %u on "
                           "sampler %u (the placeholder is 2D only)",
                           v->desc.target, j);
               return false;
            }
            view = dummy_view(scr, kind);
            if (!view)
               return false;
         }
         VkSampler vs = scr->default_sampler;
         if (s && s->vk) {
            /* the view's swizzle on the border colour too (GL), where the sampler must say it */
            vs = vkb_sampler_for_view(scr, s, tex ? &v->made_info : NULL,
                                      s->vk_plain && kind != MGP_SAMPLER_KIND_SHADOW);
         }
         if (kind_view && kind != MGP_SAMPLER_KIND_FLOAT)
            vs = scr->nearest_sampler; /* an integer view does not filter */
         d->img[nimg++] = (VkDescriptorImageInfo){vs, view, sampled_layout};
         d->loop |= (uint8_t)loop;
         way[0] = (struct vkb_sampler_memo_way){
            .epoch = memo->res_epoch,
            .serial = vkb_current_serial(scr),
            .view = ctx->views[j],
            .sampler = ctx->samplers[j],
            .kind = way_kind,
            .loop = loop,
            .tex = tex,
            .base = tex ? v->made_base : 0,
            .count = tex ? sampled_count : 0,
            .info = d->img[nimg - 1],
         };
         sig[(*nsig)++] = (uint64_t)(uintptr_t)view;
         sig[(*nsig)++] = (uint64_t)(uintptr_t)vs;
      }
   }
   return true;
}

/* The descriptor set `set` of this draw: one written earlier with the same descriptors
 * (ctx->sets, by layout and signature: in this batch, or in an earlier one while nothing a
 * kept set may name has gone since, scr->keep_epoch; what goes in a batch is destroyed only
 * when it completes), or a new one. A set is never written again
 * once made, so one bound in a batch still in flight may be bound in this one too (the draw
 * after a read-back: no new set). Writes are in binding order, so a set's writes are
 * contiguous (set 0's bindings are all below set 1's). */
VkDescriptorSet
vkb_draw_descriptor_set(struct vkb_context *ctx, struct vkb_shader *sh,
                        struct vkb_draw_descriptors *dd, int set, uint64_t serial)
{
   struct vkb_screen *scr = ctx->scr;
   const uint32_t sig_bytes = dd->nsig[set] * sizeof(uint64_t);
   const VkDescriptorSetLayout dsl = sh->dsl[set];
   for (uint32_t i = 0; i < VKB_SET_CACHE; i++) {
      struct vkb_set_entry *e = &ctx->sets[i];
      if (e->set && (e->keep_epoch == scr->keep_epoch || e->serial == serial) && e->dsl == dsl &&
          e->sig_size == sig_bytes && !memcmp(e->sig, dd->sig[set], sig_bytes)) {
         if (e->serial != serial) {
            e->serial = serial;
            scr->stats.kept_set_reuses++;
         }
         return e->set;
      }
   }
   VkDescriptorSet vs = vkb_alloc_kept_set(scr, dsl, ctx->base.h);
   if (!vs)
      return VK_NULL_HANDLE;
   uint32_t first = 0, n = 0;
   while (first < dd->nw && dd->wset[first] != set)
      first++;
   while (first + n < dd->nw && dd->wset[first + n] == set)
      dd->w[first + n++].dstSet = vs;
   vkUpdateDescriptorSets(scr->dev, n, dd->w + first, 0, NULL);
   struct vkb_set_entry *e = &ctx->sets[ctx->set_next++ % VKB_SET_CACHE];
   e->set = vs;
   e->dsl = dsl;
   e->keep_epoch = scr->keep_epoch;
   e->serial = serial;
   e->sig_size = sig_bytes;
   memcpy(e->sig, dd->sig[set], sig_bytes);
   return vs;
}
