/* vkb_draw.c — draw_vbo: resolve the program, pipeline, descriptors, vertex and index
 * buffers, begin rendering, set dynamic state, draw every range.
 *
 * Order inside one draw matters: everything that may need a barrier (sampled textures into
 * SHADER_READ_ONLY, the placeholder texture) happens before the rendering scope begins, because
 * layout transitions are recorded outside it. */
#include <GL/glcorearb.h>
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "vkb.h"

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
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, scr->shader_pipe_stages, 0, 0, NULL,
                        0, NULL, 1, &b);
   scr->dummy_view[kind] = view;
   return view;
}

/* ---- descriptors --------------------------------------------------------------------------- */

struct draw_descriptors {
   VkDescriptorBufferInfo buf[VKB_MAX_BINDING];
   VkDescriptorImageInfo img[VKB_MAX_BINDING];
   VkBufferView tbv[VKB_MAX_BINDING];
   VkWriteDescriptorSet w[VKB_MAX_BINDING];
   uint8_t wset[VKB_MAX_BINDING]; /* the set each write goes to */
   uint32_t nw;
   /* per set: what its descriptors are (set layout first), the key of the set cache */
   uint64_t sig[VKB_SET_COUNT][1 + VKB_MAX_BINDING * 3];
   uint32_t nsig[VKB_SET_COUNT];
   uint32_t dynoff;
   bool has_dynamic;
   struct vkb_resource *used_bufs[VKB_MAX_BINDING];
   uint32_t n_used_bufs;
};

/* A uniform range that ends inside a 32-bit word: a shader load of that word would read the
 * bytes past the range (GL's range excludes them; Vulkan reads whole words, or whatever robust
 * access returns). Copy the range into a zeroed arena slice at this point of the stream and bind
 * that (DESIGN.md §5: sub-word ranges are padded through staging). */
static bool
pad_uniform_range(struct vkb_screen *scr, struct vkb_resource *r, VkDeviceSize offset,
                  VkDeviceSize range, VkDescriptorBufferInfo *out)
{
   const VkDeviceSize padded = (range + 15) / 16 * 16;
   struct vkb_alloc st;
   if (!vkb_arena_alloc(scr, padded, scr->props.limits.minUniformBufferOffsetAlignment, &st))
      return false;
   memset(st.ptr, 0, padded);
   if (scr->rendering_ctx) {
      scr->render_pass_splits++;
      vkb_end_rendering(scr);
   }
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return false;
   vkb_buffer_barrier_before_write(scr);
   vkCmdCopyBuffer(cmd, r->buf, st.buf, 1, &(VkBufferCopy){offset, st.offset, range});
   vkb_buffer_barrier_after_write(scr);
   scr->uniform_ranges_padded++;
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
      const int32_t type = vkb_find_memory(scr, req.memoryTypeBits,
                                           VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                              VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
      VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                  .allocationSize = req.size,
                                  .memoryTypeIndex = type < 0 ? 0 : (uint32_t)type};
      void *p = NULL;
      if (type < 0 ||
          !vkb_check(scr, vkAllocateMemory(scr->dev, &mai, NULL, &scr->texbuf_zero_mem),
                     "placeholder texel buffer memory") ||
          !vkb_check(scr, vkBindBufferMemory(scr->dev, scr->texbuf_zero_buf, scr->texbuf_zero_mem,
                                             0), "placeholder texel buffer bind") ||
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
      tex && tex->is_texbuf ? (struct vkb_resource *)vkb_table_peek(&scr->resources,
                                                                     tex->desc.buffer)
                            : NULL;
   if (!buf || !buf->is_buffer || !buf->size || !buf->buf) /* no buffer, or no storage */
      return texbuf_zero_view(scr, kind);
   VkFormatProperties fp = {0};
   if (tex->fmt)
      vkGetPhysicalDeviceFormatProperties(scr->phys, tex->fmt->vk, &fp);
   if (!tex->fmt || tex->fmt->vk != tex->fmt->wanted ||
       !(fp.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT)) {
      MGL_DECLINE(backend_format_unsupported, "texture buffer of format %s: the device has no "
                  "texel-buffer view of it; it reads zero", vkb_format_name(tex->desc.format));
      return texbuf_zero_view(scr, kind);
   }
   VkDeviceSize off = tex->desc.buffer_offset < buf->size ? tex->desc.buffer_offset : buf->size;
   VkDeviceSize range = tex->desc.buffer_size == ~0ull ? buf->size - off : tex->desc.buffer_size;
   if (off + range > buf->size)
      range = buf->size - off;
   const VkDeviceSize ts = tex->fmt->vk_texel_size ? tex->fmt->vk_texel_size : 1;
   range = range / ts * ts;
   const VkDeviceSize max = (VkDeviceSize)scr->props.limits.maxTexelBufferElements * ts;
   if (range > max)
      range = max;
   if (!range)
      return texbuf_zero_view(scr, kind);
   *used = buf;
   if (tex->texbuf_view && tex->texbuf_for == buf->buf && tex->texbuf_offset == off &&
       tex->texbuf_range == range)
      return tex->texbuf_view;
   VKB_DEFER(scr, VKB_GARBAGE_BUFFER_VIEW, tex->texbuf_view);
   tex->texbuf_view = VK_NULL_HANDLE;
   VkBufferViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
      .buffer = buf->buf,
      .format = tex->fmt->vk,
      .offset = off,
      .range = range,
   };
   if (!vkb_check(scr, vkCreateBufferView(scr->dev, &vci, NULL, &tex->texbuf_view),
                  "texel buffer view"))
      return VK_NULL_HANDLE;
   tex->texbuf_for = buf->buf, tex->texbuf_offset = off, tex->texbuf_range = range;
   return tex->texbuf_view;
}

/* Resolves the program's bindings to descriptors, of the sets in set_mask (bit n: set n);
 * declines (false) when one cannot be. */
static bool
gather_descriptors(struct vkb_context *ctx, struct vkb_shader *sh, struct draw_descriptors *d,
                   uint32_t set_mask)
{
   struct vkb_screen *scr = ctx->scr;
   const VkPhysicalDeviceLimits *lim = &scr->props.limits;
   uint32_t nbuf = 0, nimg = 0, ntbv = 0;
   d->nw = d->n_used_bufs = 0;
   d->has_dynamic = false;
   for (int set = 0; set < VKB_SET_COUNT; set++) {
      d->nsig[set] = 0;
      d->sig[set][d->nsig[set]++] = (uint64_t)(uintptr_t)sh->dsl[set];
   }

   /* Sampler indices whose view, sampler and kind one of the memo's ways holds resolve to
    * what they did, when nothing but bindings and programs reached the backend since in this
    * batch: the textures' layouts, views and the attachments are as that resolution left
    * them, and the textures are in use by this batch already. */
   struct vkb_sampler_memo *memo = &ctx->smemo;
   const uint64_t serial = vkb_current_serial(scr);
   const uint64_t memo_tick = scr->state_tick - scr->program_tick;
   if (memo->state_tick != memo_tick || memo->serial != serial) {
      memo->epoch++;
      memo->state_tick = memo_tick;
      memo->serial = serial;
   }
   const uint32_t begin = set_mask & (1u << VKB_SET_BUFFERS) ? 0 : VKB_SAMPLER_BASE;
   const uint32_t end = set_mask & (1u << VKB_SET_TEXTURES) || sh->max_binding < VKB_SAMPLER_BASE
                           ? sh->max_binding
                           : VKB_SAMPLER_BASE;
   for (uint32_t b = begin; b < end; b++) {
      const struct vkb_shader_binding *sb = &sh->binding[b];
      if (!sb->count)
         continue;
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
         if (!sh->consts_buf || sh->consts_serial != vkb_current_serial(scr))
            vkb_shader_upload_consts(scr, sh);
         if (!sh->consts_buf)
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
               MGL_DECLINE(backend_draw_incomplete, "uniform block binding %u has no buffer",
                           b + k);
               return false;
            }
            struct vkb_resource *r = vkb_resource_for_use(scr, br->res, "draw_vbo (uniform block)");
            if (!r)
               return false;
            if (!r->is_buffer || br->offset >= r->size ||
                br->offset % lim->minUniformBufferOffsetAlignment) {
               MGL_DECLINE(backend_draw_incomplete, "uniform block binding %u: offset %llu of a "
                           "%llu-byte buffer (alignment %llu)", b + k,
                           (unsigned long long)br->offset, (unsigned long long)r->size,
                           (unsigned long long)lim->minUniformBufferOffsetAlignment);
               return false;
            }
            VkDeviceSize range = br->size && br->size != ~0ull ? br->size : r->size - br->offset;
            if (br->offset + range > r->size)
               range = r->size - br->offset;
            if (range > lim->maxUniformBufferRange)
               range = lim->maxUniformBufferRange;
            VkDescriptorBufferInfo info = {r->buf, br->offset, range};
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
      if (sb->type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER) {
         /* samplerBuffer: binding 32 + j like any sampler, a texel buffer view */
         w->descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
         w->pTexelBufferView = &d->tbv[ntbv];
         for (uint32_t k = 0; k < sb->count; k++) {
            const uint32_t j = b - VKB_SAMPLER_BASE + k;
            const unsigned kind = j < 64 ? sh->refl.sampler_kind[j] : 0;
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
      /* combined image samplers: binding 32 + j, element k is sampler j + k */
      w->descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
      w->pImageInfo = &d->img[nimg];
      for (uint32_t k = 0; k < sb->count; k++) {
         const uint32_t j = b - VKB_SAMPLER_BASE + k;
         const unsigned kind = j < 64 ? sh->refl.sampler_kind[j] : 0;
         struct vkb_sampler_memo_way *way = memo->way[j];
         if (way[0].epoch != memo->epoch || !mgp_handle_eq(way[0].view, ctx->views[j]) ||
             !mgp_handle_eq(way[0].sampler, ctx->samplers[j]) || way[0].kind != kind) {
            const struct vkb_sampler_memo_way t = way[0];
            if (way[1].epoch == memo->epoch && mgp_handle_eq(way[1].view, ctx->views[j]) &&
                mgp_handle_eq(way[1].sampler, ctx->samplers[j]) && way[1].kind == kind) {
               way[0] = way[1];
            } else {
               way[0].epoch = 0; /* resolved below */
            }
            way[1] = t;
         }
         if (way[0].epoch == memo->epoch) {
            d->img[nimg++] = way[0].info;
            sig[(*nsig)++] = (uint64_t)(uintptr_t)way[0].info.imageView;
            sig[(*nsig)++] = (uint64_t)(uintptr_t)way[0].info.sampler;
            continue;
         }
         scr->sampler_resolves++;
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
          * COLOR/DEPTH_ATTACHMENT and the sampled ones SHADER_READ_ONLY (layouts per level). */
         uint32_t sampled_count = v ? v->made_count : 0;
         if (tex && vkb_context_attached_in(ctx, tex, v->made_base,
                                            v->made_base + v->made_count - 1)) {
            const bool mipmapped = !s || (s->st.min_filter != GL_NEAREST &&
                                          s->st.min_filter != GL_LINEAR);
            if (mipmapped || vkb_context_attached_in(ctx, tex, v->made_base, v->made_base)) {
               MGL_DECLINE(feedback_loop_undefined, "sampler %u reads level(s) %u..%u of a "
                           "texture whose level in that range is attached to the framebuffer",
                           j, v->made_base,
                           mipmapped ? v->made_base + v->made_count - 1 : v->made_base);
               return false;
            }
            view = vkb_sampler_view_base_only(scr, v);
            if (!view)
               return false;
            sampled_count = 1;
            scr->feedback_base_only_views++;
         }
         if (tex && tex->fmt->kind != (kind == MGP_SAMPLER_KIND_SHADOW ? MGP_SAMPLER_KIND_FLOAT : kind) &&
             tex->fmt->aspect == VK_IMAGE_ASPECT_COLOR_BIT) {
            MGL_DECLINE(backend_draw_incomplete, "sampler %u: texture format %s does not match "
                        "the sampler type", j, vkb_format_name(tex->desc.format));
            return false;
         }
         if (tex) {
            vkb_image_transition(scr, tex, v->made_base, sampled_count,
                                 VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, false);
            tex->last_use = vkb_current_serial(scr);
         } else {
            if (kind == MGP_SAMPLER_KIND_SHADOW) {
               MGL_DECLINE(backend_feature_unimplemented, "shadow sampler %u without a depth "
                           "texture", j);
               return false;
            }
            if (v && v->desc.target != MGP_RESOURCE_TARGET_TEX_2D &&
                v->desc.target != MGP_RESOURCE_TARGET_TEX_RECT) {
               MGL_DECLINE(backend_feature_unimplemented, "incomplete texture of target %u on "
                           "sampler %u (the placeholder is 2D only)", v->desc.target, j);
               return false;
            }
            view = dummy_view(scr, kind);
            if (!view)
               return false;
         }
         VkSampler vs = s && s->vk ? s->vk : scr->default_sampler;
         d->img[nimg++] = (VkDescriptorImageInfo){vs, view,
                                                  VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
         way[0] = (struct vkb_sampler_memo_way){memo->epoch, ctx->views[j], ctx->samplers[j],
                                                kind, d->img[nimg - 1]};
         sig[(*nsig)++] = (uint64_t)(uintptr_t)view;
         sig[(*nsig)++] = (uint64_t)(uintptr_t)vs;
      }
   }
   return true;
}

/* The descriptor set `set` of this draw: one written earlier in this batch with the same
 * descriptors (ctx->sets, by signature), or a new one. Writes are in binding order, so a set's
 * writes are contiguous (set 0's bindings are all below set 1's). */
static VkDescriptorSet
descriptor_set(struct vkb_context *ctx, struct vkb_shader *sh, struct draw_descriptors *dd,
               int set, uint64_t serial)
{
   struct vkb_screen *scr = ctx->scr;
   const uint32_t sig_bytes = dd->nsig[set] * sizeof(uint64_t);
   for (uint32_t i = 0; i < VKB_SET_CACHE; i++) {
      const struct vkb_set_entry *e = &ctx->sets[i];
      if (e->set && e->serial == serial && e->sig_size == sig_bytes &&
          !memcmp(e->sig, dd->sig[set], sig_bytes))
         return e->set;
   }
   VkDescriptorSet vs = vkb_alloc_set(scr, sh->dsl[set]);
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
   e->serial = serial;
   e->sig_size = sig_bytes;
   memcpy(e->sig, dd->sig[set], sig_bytes);
   return vs;
}

/* ---- draw_vbo ------------------------------------------------------------------------------ */

/* glSampleCoverage: the first round(value * samples) samples (inverted on request). Vulkan's
 * sample mask is pipeline state, so the mask is part of the key (multisampled only). */
static uint32_t
coverage_mask(const struct vkb_context *ctx, uint32_t samples)
{
   if (samples <= 1 || !ctx->dyn.sample_coverage_enable)
      return ~0u;
   float v = ctx->dyn.sample_coverage_value;
   v = v < 0 ? 0 : v > 1 ? 1 : v;
   const uint32_t n = (uint32_t)(v * (float)samples + 0.5f);
   uint32_t m = n >= 32 ? ~0u : (1u << n) - 1u;
   if (ctx->dyn.sample_coverage_invert)
      m = ~m;
   return m & ((samples >= 32 ? 0u : 1u << samples) - 1u);
}

static void
set_dynamic(struct vkb_context *ctx, VkCommandBuffer cmd)
{
   struct vkb_screen *scr = ctx->scr;
   const struct mgp_dynamic_state *d = &ctx->dyn;
   const VkPhysicalDeviceLimits *l = &scr->props.limits;
   const VkExtent2D ext = ctx->render_extent;

   /* Positive viewport: memory row r is GL window row r. */
   VkViewport vp = {d->viewport[0], d->viewport[1], d->viewport[2], d->viewport[3],
                    d->depth_range[0], d->depth_range[1]};
   bool empty = false;
   if (!(vp.width > 0.0f) || !(vp.height > 0.0f)) {
      vp.width = vp.height = 1.0f; /* GL draws nothing; the scissor below rejects everything */
      empty = true;
   }
   if (vp.width > (float)l->maxViewportDimensions[0])
      vp.width = (float)l->maxViewportDimensions[0];
   if (vp.height > (float)l->maxViewportDimensions[1])
      vp.height = (float)l->maxViewportDimensions[1];
   const float lo = l->viewportBoundsRange[0], hi = l->viewportBoundsRange[1];
   if (vp.x < lo)
      vp.x = lo;
   if (vp.y < lo)
      vp.y = lo;
   if (vp.x + vp.width > hi)
      vp.x = hi - vp.width;
   if (vp.y + vp.height > hi)
      vp.y = hi - vp.height;
   vp.minDepth = vp.minDepth < 0 ? 0 : vp.minDepth > 1 ? 1 : vp.minDepth;
   vp.maxDepth = vp.maxDepth < 0 ? 0 : vp.maxDepth > 1 ? 1 : vp.maxDepth;
   /* Every draw pipeline has the same dynamic states, so what was recorded stays set across
    * pipeline binds and render passes; a new command buffer or a clear clears dyn_recorded. */
   const bool all = !ctx->dyn_recorded;
   ctx->dyn_recorded = true;
   if (all || memcmp(&vp, &ctx->rec_viewport, sizeof(vp))) {
      vkCmdSetViewport(cmd, 0, 1, &vp);
      ctx->rec_viewport = vp;
      scr->cmd_set_state++;
   }

   int64_t x0 = 0, y0 = 0, x1 = ext.width, y1 = ext.height;
   if (d->scissor_enable) {
      const int64_t sx = d->scissor[0], sy = d->scissor[1];
      const int64_t sw = d->scissor[2] < 0 ? 0 : d->scissor[2];
      const int64_t sh = d->scissor[3] < 0 ? 0 : d->scissor[3];
      x0 = sx > x0 ? sx : x0;
      y0 = sy > y0 ? sy : y0;
      x1 = sx + sw < x1 ? sx + sw : x1;
      y1 = sy + sh < y1 ? sy + sh : y1;
   }
   VkRect2D sc = {{0, 0}, {0, 0}};
   if (!empty && x1 > x0 && y1 > y0)
      sc = (VkRect2D){{(int32_t)x0, (int32_t)y0}, {(uint32_t)(x1 - x0), (uint32_t)(y1 - y0)}};
   if (all || memcmp(&sc, &ctx->rec_scissor, sizeof(sc))) {
      vkCmdSetScissor(cmd, 0, 1, &sc);
      ctx->rec_scissor = sc;
      scr->cmd_set_state++;
   }

   float lw = d->line_width > 0 ? d->line_width : 1.0f;
   if (!scr->features.wideLines)
      lw = 1.0f;
   else if (lw < l->lineWidthRange[0])
      lw = l->lineWidthRange[0];
   else if (lw > l->lineWidthRange[1])
      lw = l->lineWidthRange[1];
   if (all || lw != ctx->rec_line_width) {
      vkCmdSetLineWidth(cmd, lw);
      ctx->rec_line_width = lw;
      scr->cmd_set_state++;
   }
   const float bias[3] = {d->polygon_offset_units,
                          scr->features.depthBiasClamp ? d->polygon_offset_clamp : 0.0f,
                          d->polygon_offset_factor};
   if (all || memcmp(bias, ctx->rec_depth_bias, sizeof(bias))) {
      vkCmdSetDepthBias(cmd, bias[0], bias[1], bias[2]);
      memcpy(ctx->rec_depth_bias, bias, sizeof(bias));
      scr->cmd_set_state++;
   }
   if (all || memcmp(d->blend_color, ctx->rec_blend, sizeof(ctx->rec_blend))) {
      vkCmdSetBlendConstants(cmd, d->blend_color);
      memcpy(ctx->rec_blend, d->blend_color, sizeof(ctx->rec_blend));
      scr->cmd_set_state++;
   }
   for (int f = 0; f < 2; f++) {
      const VkStencilFaceFlags face = f ? VK_STENCIL_FACE_BACK_BIT : VK_STENCIL_FACE_FRONT_BIT;
      /* GL clamps the reference to the stencil buffer's range (8 bits here). */
      const uint32_t v[3] = {d->stencil_ref[f] > 255 ? 255 : d->stencil_ref[f],
                             d->stencil_read_mask[f], d->stencil_write_mask[f]};
      uint32_t *rec = ctx->rec_stencil[f];
      if (all || v[0] != rec[0])
         vkCmdSetStencilReference(cmd, face, v[0]);
      if (all || v[1] != rec[1])
         vkCmdSetStencilCompareMask(cmd, face, v[1]);
      if (all || v[2] != rec[2])
         vkCmdSetStencilWriteMask(cmd, face, v[2]);
      for (int i = 0; i < 3; i++)
         scr->cmd_set_state += all || v[i] != rec[i];
      memcpy(rec, v, sizeof(v));
   }
}

/* ---- the draw queue (vkb.h: struct vkb_draw_queue) ------------------------------------------ */

void
vkb_flush_draws(struct vkb_screen *scr)
{
   struct vkb_draw_queue *q = &scr->draws;
   const uint32_t n = q->n;
   if (!n)
      return;
   q->n = 0;
   if (!scr->cur || !scr->cur->recording)
      return;
   VkCommandBuffer cmd = scr->cur->cmd;
   /* gl_DrawID would count through a merged run; no program mgl accepts reads it. */
   if (n == 1 && q->indexed)
      vkCmdDrawIndexed(cmd, q->idx[0].indexCount, q->instance_count, q->idx[0].firstIndex,
                       q->idx[0].vertexOffset, q->first_instance);
   else if (n == 1)
      vkCmdDraw(cmd, q->arr[0].vertexCount, q->instance_count, q->arr[0].firstVertex,
                q->first_instance);
   else if (q->indexed)
      scr->draw_multi_indexed(cmd, n, q->idx, q->instance_count, q->first_instance,
                              sizeof(q->idx[0]), NULL);
   else
      scr->draw_multi(cmd, n, q->arr, q->instance_count, q->first_instance, sizeof(q->arr[0]));
   scr->cmd_draws++;
}

/* Queues one draw behind those it can share a command with (recorded now without
 * VK_EXT_multi_draw). The state bound now is the state it draws with: every bind flushes. */
static void
queue_draw(struct vkb_screen *scr, bool indexed, const struct mgp_draw_range *r,
           uint32_t instance_count, uint32_t first_instance)
{
   struct vkb_draw_queue *q = &scr->draws;
   if (q->n && (q->indexed != indexed || q->instance_count != instance_count ||
                q->first_instance != first_instance || q->n >= scr->max_multi_draw))
      vkb_flush_draws(scr);
   q->indexed = indexed;
   q->instance_count = instance_count;
   q->first_instance = first_instance;
   if (indexed)
      q->idx[q->n] = (VkMultiDrawIndexedInfoEXT){r->start, r->count, r->index_bias};
   else
      q->arr[q->n] = (VkMultiDrawInfoEXT){r->start, r->count};
   q->n++;
   scr->draws_recorded++;
   scr->cur->draws++;
   if (!scr->has_multi_draw)
      vkb_flush_draws(scr);
}

#define ALL_SETS ((1u << VKB_SET_COUNT) - 1u)

/* The draw flags that make a draw take the whole way every time. */
#define SLOW_DRAW_FLAGS (MGP_DRAW_USER_INDICES | MGP_DRAW_INDIRECT | MGP_DRAW_PRIMITIVE_RESTART)

/* draw_fast after set_vertex_buffers: binds the buffers now named at the bindings the
 * pipeline reads. False (nothing recorded) when one would be declined: the draw then goes the
 * whole way, which declines it. */
static bool
fast_vertex_buffers(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_fast_draw *f = &ctx->fast;
   struct vkb_resource *res[VKB_MAX_VB];
   for (uint32_t b = 0; b < VKB_MAX_VB; b++) {
      res[b] = NULL;
      if (!(f->vb_bindings & (1u << b)))
         continue;
      struct vkb_resource *r =
         (struct vkb_resource *)vkb_table_peek(&scr->resources, ctx->vbs[b].res);
      if (!r || r->unsupported || !r->is_buffer ||
          ctx->vbs[b].offset >= (r->size ? r->size : 1))
         return false;
      res[b] = r;
   }
   for (uint32_t b = 0; b < VKB_MAX_VB; b++) {
      if (!res[b])
         continue;
      res[b]->last_use = f->serial;
      if (ctx->bound_vb[b] == res[b]->buf && ctx->bound_vb_off[b] == ctx->vbs[b].offset)
         continue;
      vkb_flush_draws(scr);
      vkCmdBindVertexBuffers(scr->cur->cmd, b, 1, &res[b]->buf, &ctx->vbs[b].offset);
      scr->cmd_bind_vertex_buffers++;
      ctx->bound_vb[b] = res[b]->buf;
      ctx->bound_vb_off[b] = ctx->vbs[b].offset;
   }
   f->vertex_tick = scr->vertex_tick;
   return true;
}

/* A draw of the mode and index size of its context's last full draw, with only draws reaching
 * the backend since (scr->state_tick, vkb_tables.c), in the same batch and rendering scope with
 * the binds it made still bound: everything the full path resolves (program, pipeline,
 * descriptors, buffers, layouts) would come out the same, so only the ranges are queued. When
 * uniform blocks or default-block bytes changed too (scr->buffer_tick), set 0 is resolved
 * again and rebound first, likewise set 1 after texture or sampler bindings changed
 * (scr->texture_tick), changed vertex buffers (scr->vertex_tick) are rebound, and a render
 * state bound since (scr->rs_tick) with the same pipeline part records its dynamic state;
 * pipeline and vertex layout stay. False sends the draw the
 * whole way (which also declines what must be declined). */
static bool
draw_fast(struct vkb_context *ctx, const struct mgp_draw_vbo *args,
          const struct mgp_draw_range *ranges, uint32_t ndraws)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_fast_draw *f = &ctx->fast;
   if (!f->valid || f->tick != scr->state_tick || f->mode != args->mode ||
       f->index_size != args->index_size || (args->flags & SLOW_DRAW_FLAGS) ||
       scr->rendering_ctx != ctx || scr->bind_owner != ctx || ctx->bind_epoch != scr->bind_epoch ||
       !scr->cur || !scr->cur->recording || scr->cur->serial != f->serial)
      return false;
   /* dyn_dirty here is set_dynamic_state's alone (every other setter moves state_tick); the
    * sample coverage mask it carries is pipeline state */
   if (ctx->dyn_dirty && coverage_mask(ctx, f->key.samples) != f->key.coverage_mask)
      return false;
   for (uint32_t i = 0; f->index_size && i < ndraws; i++)
      if (((uint64_t)ranges[i].start + ranges[i].count) * f->index_size > f->ib_size)
         return false;
   const uint32_t set_mask = (f->buffer_tick != scr->buffer_tick ? 1u << VKB_SET_BUFFERS : 0) |
                             (f->texture_tick != scr->texture_tick ? 1u << VKB_SET_TEXTURES : 0);
   if (set_mask) {
      struct vkb_shader *sh = f->sh;
      struct draw_descriptors dd;
      if (!gather_descriptors(ctx, sh, &dd, set_mask) || scr->failed) {
         f->valid = false;
         return true; /* declined by name there: the draw is dropped, once */
      }
      /* A padded uniform range, a layout transition or a placeholder texture made there ends
       * the rendering scope: then the whole way. */
      if (scr->rendering_ctx != ctx || !scr->cur || !scr->cur->recording ||
          scr->cur->serial != f->serial)
         return false;
      for (int i = 0; i < VKB_SET_COUNT; i++) {
         if (!(set_mask & (1u << i)) || !sh->set_used[i])
            continue;
         VkDescriptorSet set = descriptor_set(ctx, sh, &dd, i, f->serial);
         if (!set)
            return true; /* a fatal */
         const bool dyn = i == VKB_SET_BUFFERS && dd.has_dynamic;
         if (ctx->bound_set[i] == set && (!dyn || ctx->bound_dynoff == dd.dynoff))
            continue;
         vkb_flush_draws(scr);
         vkCmdBindDescriptorSets(scr->cur->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, sh->layout,
                                 (uint32_t)i, 1, &set, dyn ? 1 : 0, &dd.dynoff);
         scr->cmd_bind_sets++;
         ctx->bound_set[i] = set;
         if (dyn)
            ctx->bound_dynoff = dd.dynoff;
      }
      for (uint32_t i = 0; i < dd.n_used_bufs; i++)
         dd.used_bufs[i]->last_use = f->serial;
      f->buffer_tick = scr->buffer_tick;
      f->texture_tick = scr->texture_tick;
   }
   if (f->vertex_tick != scr->vertex_tick && !fast_vertex_buffers(ctx))
      return false;
   if (f->rs_tick != scr->rs_tick) {
      /* A render state whose pipeline part is the last full draw's (same share, so everything
       * the whole way derives from the CSO comes out the same) records its dynamic part only:
       * GL's enable/draw/disable/draw toggles. */
      const struct vkb_render_state *rs =
         mgp_handle_is_null(ctx->rs)
            ? NULL
            : (const struct vkb_render_state *)vkb_table_peek(&scr->render_states, ctx->rs);
      if (!mgp_handle_is_null(ctx->rs) && !rs)
         return false;
      if (!mgp_handle_eq(rs ? rs->share->id : mgp_handle_null(), f->key.rs))
         return false;
      if (!vkb_render_state_record(ctx, scr->cur->cmd, rs ? &rs->s : NULL, &f->key, false)) {
         f->valid = false;
         return true; /* declined by name there: the draw is dropped, once */
      }
      f->rs_tick = scr->rs_tick;
   }
   if (ctx->dyn_dirty) {
      vkb_flush_draws(scr);
      set_dynamic(ctx, scr->cur->cmd);
      ctx->dyn_dirty = false;
   }
   for (uint32_t i = 0; i < ndraws; i++) {
      if (ranges[i].count && args->instance_count) {
         queue_draw(scr, f->index_size != 0, &ranges[i], args->instance_count,
                    args->start_instance);
         scr->fast_draws++;
      }
   }
   return true;
}

/* GL 3.3 §3.3.1: with GL_MULTISAMPLE off a multisampled framebuffer is rasterized as if
 * single-sampled: a pixel's coverage is its centre's, applied to all its samples (and the
 * pipeline turns every per-sample control off). True when this draw's pipeline puts every
 * sample at the pixel centre, which does exactly that (the device has VK_EXT_sample_locations
 * at this count, scr->centre_sample_counts); *ds is then the depth/stencil attachment to mark
 * (NULL if none). Otherwise a fragment's sample mask can only take coverage away: the draw
 * keeps per-sample coverage, counted by name. */
static bool
multisample_off_centre(struct vkb_context *ctx, const struct vkb_render_state *rs,
                       const struct vkb_shader *sh, struct vkb_resource **ds)
{
   struct vkb_screen *scr = ctx->scr;
   const uint32_t samples = ctx->fb_key.samples;
   *ds = NULL;
   if (samples <= 1)
      return false;
   const struct mgp_surface *s = ctx->fb.depth.kind     ? &ctx->fb.depth
                                 : ctx->fb.stencil.kind ? &ctx->fb.stencil
                                                        : NULL;
   if (s && scr->centre_sample_counts) /* else no depth image is ever drawn with them */
      *ds = vkb_resource_for_use(scr, s->res, "draw_vbo");
   if (!rs || rs->s.multisample)
      return false;
   const char *why = !(scr->centre_sample_counts & samples)
                        ? "the device cannot put samples at the pixel centre at this count"
                     : sh->interp_functions
                        ? "the fragment shader uses interpolateAt* (no custom sample locations)"
                     : *ds && !(*ds)->centre_compatible
                        ? "its depth/stencil attachment was not made for custom sample locations"
                        : NULL;
   if (why) {
      MGL_DECLINE(multisample_off_approximated, "GL_MULTISAMPLE disabled while drawing into a "
                  "%u-sample framebuffer: drawn with per-sample coverage (%s)", samples, why);
      return false;
   }
   return true;
}

VKB_CALL(draw_vbo, mgp_draw_vbo)
{
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   if (scr->failed || ctx->cond_discard)
      return;
   const struct mgp_draw_range *ranges = tail;
   const uint32_t ndraws = tail_count < args->num_draws ? tail_count : args->num_draws;
   if (!ndraws)
      return;
   vkb_arena_pressure_point(scr);
   if (draw_fast(ctx, args, ranges, ndraws))
      return;
   ctx->fast.valid = false; /* until this draw has gone the whole way */
   if (args->flags & MGP_DRAW_INDIRECT) {
      MGL_DECLINE(backend_feature_unimplemented, "indirect draws");
      return;
   }
   VkPrimitiveTopology topo;
   /* The client sends a loop as a line strip of indices that close it (fe_prim_rewrite.c). */
   if (args->mode == GL_LINE_LOOP) {
      MGL_DECLINE(backend_draw_needs_rewrite, "GL_LINE_LOOP (Vulkan has no loop)");
      return;
   }
   if (!vkb_gl_topology(args->mode, &topo)) {
      MGL_DECLINE(backend_feature_unimplemented, "primitive mode %s (0x%x)",
                  vkb_gl_mode_name(args->mode), args->mode);
      return;
   }

   /* Program and CSOs. */
   if (mgp_handle_is_null(ctx->program)) {
      MGL_DECLINE(backend_draw_incomplete, "draw with no program");
      return;
   }
   struct vkb_shader *sh = vkb_lookup(scr, &scr->shaders, ctx->program, "draw_vbo (program)");
   if (!sh)
      return;
   if (sh->broken) {
      MGL_DECLINE(backend_draw_incomplete, "program {%u,%u} cannot be used: %s",
                  sh->base.h.slot, sh->base.h.gen, sh->broken_why);
      return;
   }
   struct vkb_render_state *rs =
      vkb_lookup(scr, &scr->render_states, ctx->rs, "draw_vbo (render state)");
   struct vkb_vertex_elements *ve =
      vkb_lookup(scr, &scr->vertex_elements, ctx->ve, "draw_vbo (vertex elements)");
   if (scr->failed)
      return;
   /* GL_LINE_SMOOTH: the pipeline draws it (vkb_pipeline.c) where the device has smoothLines
    * and the framebuffer one sample; multisampled with GL_MULTISAMPLE on GL ignores it
    * (GL 3.3 §3.5.4). Otherwise the line is drawn aliased, counted by name. */
   const bool line_class =
      topo == VK_PRIMITIVE_TOPOLOGY_LINE_LIST || topo == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP ||
      (sh->mod[MGP_SHADER_STAGE_GEOMETRY]
          ? sh->gs_output_lines || (!sh->gs_output_points && rs && rs->s.polygon_mode == GL_LINE)
          : rs && rs->s.polygon_mode == GL_LINE && topo >= VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
   if (rs && rs->s.line_smooth && line_class) {
      const uint32_t samples = vkb_context_fb_key(ctx) ? ctx->fb_key.samples : 1;
      if (samples <= 1 && !scr->has_smooth_lines)
         MGL_DECLINE(line_smooth_approximated, "GL_LINE_SMOOTH lines drawn aliased: the device "
                     "has no smoothLines (VK_EXT_line_rasterization)");
      else if (samples > 1 && !rs->s.multisample)
         MGL_DECLINE(line_smooth_approximated, "GL_LINE_SMOOTH lines with GL_MULTISAMPLE off into "
                     "a %u-sample framebuffer drawn aliased", samples);
   }
   /* Vulkan rasterizes points at the size the last pre-rasterization stage writes; it has no
    * fixed-function point size. */
   if (topo == VK_PRIMITIVE_TOPOLOGY_POINT_LIST && !sh->mod[MGP_SHADER_STAGE_GEOMETRY] &&
       !sh->writes_point_size[MGP_SHADER_STAGE_VERTEX]) {
      MGL_DECLINE(backend_feature_unimplemented, "GL_POINTS with a program that does not write "
                  "gl_PointSize (fixed-function point size)");
      return;
   }
   /* the front end's wrapper writes it for every emitted vertex unless the geometry shader
    * redeclares gl_PerVertex without it */
   if (sh->gs_output_points && scr->features.shaderTessellationAndGeometryPointSize &&
       !sh->writes_point_size[MGP_SHADER_STAGE_GEOMETRY]) {
      MGL_DECLINE(backend_feature_unimplemented, "a geometry shader that emits points without "
                  "writing gl_PointSize");
      return;
   }
   /* A framebuffer that is not layered has one layer: GL ignores gl_Layer then, Vulkan leaves
    * a layer past the framebuffer's undefined; the GS variant without a Layer output draws. */
   const bool layer_ignored =
      sh->writes_layer && vkb_context_fb_key(ctx) && ctx->render_layers <= 1;
   if (layer_ignored && !sh->gs_layer_ignored) {
      MGL_DECLINE(backend_feature_unimplemented, "gl_Layer and gl_PrimitiveID written by a "
                  "geometry shader into a framebuffer that is not layered");
      return;
   }
   const bool provoking_last = rs ? rs->s.provoking_vertex_last : true;
   if (provoking_last && !scr->has_provoking_vertex && rs) {
      MGL_DECLINE(backend_feature_unimplemented,
                  "last-vertex provoking convention without VK_EXT_provoking_vertex");
      return;
   }

   /* Index buffer. */
   uint32_t isz = args->index_size;
   struct vkb_resource *ib = NULL;
   VkBuffer ib_buf = VK_NULL_HANDLE;
   VkDeviceSize ib_off = 0, ib_size = 0;
   VkIndexType itype = VK_INDEX_TYPE_UINT16;
   bool restart = false;
   if (isz) {
      if (isz != 1 && isz != 2 && isz != 4) {
         MGL_DECLINE(backend_draw_incomplete, "index size %u", isz);
         return;
      }
      if (isz == 1 && !scr->has_index_uint8) {
         MGL_DECLINE(backend_feature_unimplemented,
                     "GL_UNSIGNED_BYTE indices without VK_EXT_index_type_uint8");
         return;
      }
      itype = isz == 1 ? VK_INDEX_TYPE_UINT8_EXT : isz == 2 ? VK_INDEX_TYPE_UINT16
                                                            : VK_INDEX_TYPE_UINT32;
      if (args->flags & MGP_DRAW_PRIMITIVE_RESTART) {
         const uint32_t all_ones = isz == 4 ? 0xffffffffu : (1u << (isz * 8)) - 1;
         const bool list = topo == VK_PRIMITIVE_TOPOLOGY_POINT_LIST ||
                           topo == VK_PRIMITIVE_TOPOLOGY_LINE_LIST ||
                           topo == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST ||
                           topo == VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY ||
                           topo == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY;
         /* Vulkan restarts only at the all-ones index, and in a list only with the extension
          * (MGP_CAP_LIST_RESTART): the client rewrites any other draw (fe_prim_rewrite.c). */
         if (args->restart_index != all_ones) {
            MGL_DECLINE(backend_draw_needs_rewrite, "primitive restart at index %u of %u-byte "
                        "indices (Vulkan restarts only at all-ones)", args->restart_index, isz);
            return;
         }
         if (list && !scr->has_list_restart) {
            MGL_DECLINE(backend_draw_needs_rewrite, "primitive restart in a list topology "
                        "without primitiveTopologyListRestart");
            return;
         }
         restart = true;
      }
      if (args->flags & MGP_DRAW_USER_INDICES) {
         struct vkb_alloc a;
         if (!args->user_indices.ptr || !args->user_indices.size) {
            MGL_DECLINE(backend_draw_incomplete, "user indices without bytes");
            return;
         }
         if (!vkb_arena_alloc(scr, args->user_indices.size, 4, &a))
            return;
         memcpy(a.ptr, args->user_indices.ptr, args->user_indices.size);
         ib_buf = a.buf;
         ib_off = a.offset;
         ib_size = args->user_indices.size;
      } else {
         if (mgp_handle_is_null(ctx->ib.res)) {
            MGL_DECLINE(backend_draw_incomplete, "indexed draw with no index buffer");
            return;
         }
         ib = vkb_resource_for_use(scr, ctx->ib.res, "draw_vbo (index buffer)");
         if (!ib)
            return;
         if (!ib->is_buffer || ctx->ib.offset % isz || ctx->ib.offset > ib->size) {
            MGL_DECLINE(backend_draw_incomplete, "index buffer offset %llu",
                        (unsigned long long)ctx->ib.offset);
            return;
         }
         ib_buf = ib->buf;
         ib_off = ctx->ib.offset;
         ib_size = ib->size - ctx->ib.offset;
      }
      for (uint32_t i = 0; i < ndraws; i++) {
         if (((uint64_t)ranges[i].start + ranges[i].count) * isz > ib_size) {
            MGL_DECLINE(backend_draw_incomplete, "indices [%u, +%u) beyond the index buffer",
                        ranges[i].start, ranges[i].count);
            return;
         }
      }
   }

   /* The pipeline key. */
   if (!vkb_context_fb_key(ctx))
      return;
   struct vkb_resource *ms_ds;
   const bool centre_locations = multisample_off_centre(ctx, rs, sh, &ms_ds);
   struct vkb_pipeline_key key = ctx->fb_key;
   key.centre_locations = centre_locations;
   key.rs = rs ? rs->share->id : mgp_handle_null();
   key.ve = ve ? ve->base.h : mgp_handle_null();
   key.shader = sh->base.h;
   key.restart = restart && !scr->has_dyn_rs; /* else vkb_render_state_record sets it */
   key.provoking_last = provoking_last && scr->has_provoking_vertex;
   key.layer_ignored = layer_ignored;
   /* glSampleCoverage: the first round(value * samples) samples (inverted on request). Vulkan's
    * sample mask is pipeline state, so the mask is part of the key (multisampled only). */
   key.coverage_mask = coverage_mask(ctx, key.samples);
   /* A geometry stage's input primitive must match the pipeline's own topology, not only its
    * class: such pipelines keep the exact one. */
   if (scr->has_dynamic_topology && !restart && !sh->mod[MGP_SHADER_STAGE_GEOMETRY]) {
      switch (topo) {
      case VK_PRIMITIVE_TOPOLOGY_POINT_LIST: key.topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST; break;
      case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
      case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
      case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
      case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
         key.topology = VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
         break;
      default: key.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST; break;
      }
   } else {
      key.topology = (uint8_t)topo;
   }

   /* Vertex bindings the pipeline will read, and a free one for the default values. */
   const uint32_t reads = sh->refl.vertex_input_mask;
   const uint32_t enabled = ve ? ve->ve.enabled_mask & reads & 0xffffu : 0;
   uint32_t used_bindings = 0;
   for (uint32_t loc = 0; loc < VKB_MAX_ATTRIBS; loc++)
      if ((enabled & (1u << loc)) && ve->ve.attribs[loc].binding < VKB_MAX_VB)
         used_bindings |= 1u << ve->ve.attribs[loc].binding;
   uint32_t default_binding = 0;
   while (used_bindings & (1u << default_binding))
      default_binding++;
   const bool need_defaults = (reads & ~enabled) != 0;

   VkPipeline pipe = vkb_pipeline_get(scr, &key, rs, ve, sh, default_binding);
   if (!pipe)
      return;

   VkBuffer vb_buf[VKB_MAX_VB + 1];
   VkDeviceSize vb_off[VKB_MAX_VB + 1];
   struct vkb_resource *vb_res[VKB_MAX_VB];
   for (uint32_t b = 0; b < VKB_MAX_VB; b++) {
      vb_res[b] = NULL;
      if (!(used_bindings & (1u << b)))
         continue;
      if (mgp_handle_is_null(ctx->vbs[b].res)) {
         MGL_DECLINE(backend_draw_incomplete, "vertex buffer binding %u has no buffer", b);
         return;
      }
      struct vkb_resource *r = vkb_resource_for_use(scr, ctx->vbs[b].res, "draw_vbo (vertex buffer)");
      if (!r)
         return;
      if (!r->is_buffer || ctx->vbs[b].offset >= (r->size ? r->size : 1)) {
         MGL_DECLINE(backend_draw_incomplete, "vertex buffer binding %u: offset %llu of a "
                     "%llu-byte buffer", b, (unsigned long long)ctx->vbs[b].offset,
                     (unsigned long long)r->size);
         return;
      }
      vb_res[b] = r;
      vb_buf[b] = r->buf;
      vb_off[b] = ctx->vbs[b].offset;
   }
   if (need_defaults) {
      if (ctx->attr_serial != vkb_current_serial(scr) ||
          ctx->attr_version_made != ctx->attrib_version || !ctx->attr_buf) {
         struct vkb_alloc a;
         if (!vkb_arena_alloc(scr, sizeof(ctx->attrib_value), 16, &a))
            return;
         memcpy(a.ptr, ctx->attrib_value, sizeof(ctx->attrib_value));
         ctx->attr_buf = a.buf;
         ctx->attr_off = a.offset;
         ctx->attr_serial = vkb_current_serial(scr);
         ctx->attr_version_made = ctx->attrib_version;
      }
      vb_buf[default_binding] = ctx->attr_buf;
      vb_off[default_binding] = ctx->attr_off;
   }

   /* Descriptors (may record texture transitions: before the rendering scope). */
   struct draw_descriptors dd;
   if (!gather_descriptors(ctx, sh, &dd, ALL_SETS) || scr->failed)
      return;
   const uint64_t serial = vkb_current_serial(scr);
   VkDescriptorSet sets[VKB_SET_COUNT] = {VK_NULL_HANDLE, VK_NULL_HANDLE};
   for (int i = 0; i < VKB_SET_COUNT; i++) {
      if (sh->set_used[i] && !(sets[i] = descriptor_set(ctx, sh, &dd, i, serial)))
         return;
   }

   if (!vkb_begin_rendering(ctx))
      return;
   /* Not vkb_cmd: that records the queued draws, which only a bind below must do. */
   if (!scr->cur || !scr->cur->recording)
      return;
   VkCommandBuffer cmd = scr->cur->cmd;

   /* Bound state survives within one command buffer and one context. */
   if (ctx->bind_epoch != scr->bind_epoch || scr->bind_owner != ctx) {
      ctx->bind_epoch = scr->bind_epoch;
      scr->bind_owner = ctx;
      ctx->bound_pipeline = VK_NULL_HANDLE;
      memset(ctx->bound_set, 0, sizeof(ctx->bound_set));
      ctx->bound_layout = VK_NULL_HANDLE;
      ctx->bound_ib = VK_NULL_HANDLE;
      ctx->bound_topology = -1;
      memset(ctx->bound_vb, 0, sizeof(ctx->bound_vb));
      ctx->dyn_dirty = true;
      ctx->dyn_recorded = false;
      ctx->rs_recorded = false;
   }
   if (ctx->bound_pipeline != pipe && ctx->xfb.in_scope) {
      /* No pipeline may be bound under an active capture: end this scope (the counters keep
       * the write position) and capture on in the next. */
      vkb_end_rendering(scr);
      if (!vkb_begin_rendering(ctx) || !scr->cur || !scr->cur->recording)
         return;
      cmd = scr->cur->cmd;
   }
   if (ctx->bound_pipeline != pipe) {
      vkb_flush_draws(scr);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
      scr->cmd_bind_pipeline++;
      ctx->bound_pipeline = pipe;
   }
   /* the locations its depth was last drawn with, for the barriers after this scope (inside
    * it, where no barrier comes) */
   if (ms_ds)
      ms_ds->centre_drawn = centre_locations;
   if (ctx->dyn_dirty) {
      vkb_flush_draws(scr);
      set_dynamic(ctx, cmd);
      ctx->dyn_dirty = false;
   }
   /* Per full draw, not per dyn_dirty: a render-state bind changes it (the fast path records
    * it too after a bind that keeps the pipeline, rs_tick). */
   if (!vkb_render_state_record(ctx, cmd, rs ? &rs->s : NULL, &key, restart))
      return;
   if (scr->has_dynamic_topology && ctx->bound_topology != (int)topo) {
      vkb_flush_draws(scr);
      scr->set_topology(cmd, topo);
      scr->cmd_set_state++;
      ctx->bound_topology = (int)topo;
   }
   /* A set is rebound when it (or, for set 0, the default block's offset) changed; a new
    * pipeline layout rebinds both. */
   const bool new_layout = ctx->bound_layout != sh->layout;
   for (int i = 0; i < VKB_SET_COUNT; i++) {
      const bool dyn = i == VKB_SET_BUFFERS && dd.has_dynamic;
      if (!sets[i] || (!new_layout && ctx->bound_set[i] == sets[i] &&
                       (!dyn || ctx->bound_dynoff == dd.dynoff)))
         continue;
      vkb_flush_draws(scr);
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, sh->layout, (uint32_t)i, 1,
                              &sets[i], dyn ? 1 : 0, &dd.dynoff);
      scr->cmd_bind_sets++;
      ctx->bound_set[i] = sets[i];
      if (dyn)
         ctx->bound_dynoff = dd.dynoff;
   }
   ctx->bound_layout = sh->layout;
   const uint32_t vb_mask = used_bindings | (need_defaults ? 1u << default_binding : 0);
   for (uint32_t b = 0; b <= VKB_MAX_VB; b++) {
      if (!(vb_mask & (1u << b)))
         continue;
      if (ctx->bound_vb[b] != vb_buf[b] || ctx->bound_vb_off[b] != vb_off[b]) {
         vkb_flush_draws(scr);
         vkCmdBindVertexBuffers(cmd, b, 1, &vb_buf[b], &vb_off[b]);
         scr->cmd_bind_vertex_buffers++;
         ctx->bound_vb[b] = vb_buf[b];
         ctx->bound_vb_off[b] = vb_off[b];
      }
   }
   if (isz && (ctx->bound_ib != ib_buf || ctx->bound_ib_off != ib_off ||
               ctx->bound_ib_type != itype)) {
      vkb_flush_draws(scr);
      vkCmdBindIndexBuffer(cmd, ib_buf, ib_off, itype);
      scr->cmd_bind_index_buffer++;
      ctx->bound_ib = ib_buf;
      ctx->bound_ib_off = ib_off;
      ctx->bound_ib_type = itype;
   }

   /* Everything this draw reads is in use by the current batch. */
   for (uint32_t b = 0; b < VKB_MAX_VB; b++)
      if (vb_res[b])
         vb_res[b]->last_use = serial;
   for (uint32_t i = 0; i < dd.n_used_bufs; i++)
      dd.used_bufs[i]->last_use = serial;
   if (ib)
      ib->last_use = serial;

   if (ctx->cond_pred && !scr->pred_open)
      vkb_cond_scope_begin(ctx);
   vkb_xfb_draw(ctx, cmd);
   for (uint32_t i = 0; i < ndraws; i++)
      if (ranges[i].count && args->instance_count)
         queue_draw(scr, isz != 0, &ranges[i], args->instance_count, args->start_instance);

   /* What the next draw needs to take the fast path. */
   if (!(args->flags & SLOW_DRAW_FLAGS) && (!isz || ib))
      ctx->fast = (struct vkb_fast_draw){
         .valid = true,
         .mode = args->mode,
         .index_size = args->index_size,
         .tick = scr->state_tick,
         .buffer_tick = scr->buffer_tick,
         .vertex_tick = scr->vertex_tick,
         .texture_tick = scr->texture_tick,
         .rs_tick = scr->rs_tick,
         .key = key,
         .vb_bindings = used_bindings,
         .serial = scr->cur->serial,
         .sh = sh,
         .ib_size = ib_size,
      };
}

/* The compact draw is draw_vbo with its defaults (pipe_types.def). */
VKB_CALL(draw, mgp_draw)
{
   (void)tail;
   (void)tail_count;
   const struct mgp_draw_vbo full = {
      .mode = args->mode,
      .index_size = args->index_size,
      .instance_count = 1,
      .num_draws = 1,
   };
   const struct mgp_draw_range range = {args->start, args->count, args->index_bias};
   vkb_draw_vbo(self, &full, &range, 1);
}
