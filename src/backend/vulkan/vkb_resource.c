/* vkb_resource.c — buffers, textures and renderbuffers (one slot space), their layouts and
 * barriers, and GL fences.
 *
 * Buffers: one VkBuffer with every usage GL may bind it to, in device-local memory that is
 * also host-visible when the device has such a type (then an update of a buffer the GPU is not
 * using is a plain memcpy; otherwise it is a staged copy in the command stream, see
 * vkb_transfer.c). Images: optimal tiling, every level allocated, layouts tracked per level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vkb.h"

static bool
is_oom(VkResult r)
{
   return r == VK_ERROR_OUT_OF_DEVICE_MEMORY || r == VK_ERROR_OUT_OF_HOST_MEMORY;
}

/* The allocation wrapper of resource memory; shared: a range of a block may do
 * (vkb_suballoc.c, r->sub_block). Out of memory (the device's, or past
 * MGL_VK_MEMORY_BUDGET) is returned, not fatal: the caller leaves the resource without storage
 * and the client reports GL_OUT_OF_MEMORY. Any other failure is a Fatal (vkb_check). */
static VkResult
alloc_memory(struct vkb_screen *scr, struct vkb_resource *r, const VkMemoryRequirements *req,
             bool shared, const VkMemoryPropertyFlags *prefs, int nprefs, VkDeviceMemory *mem,
             VkMemoryPropertyFlags *got, const char *what)
{
   if (scr->mem_budget &&
       (req->size > scr->mem_budget || scr->mem_in_use > scr->mem_budget - req->size))
      return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   /* The session's cap (MGL_SERVER_SESSION_MEMORY) fails the same way as the device: the GL
    * call reports GL_OUT_OF_MEMORY and the session goes on; the log names the cap once. */
   if (scr->resource_budget &&
       (req->size > scr->resource_budget || scr->mem_in_use > scr->resource_budget - req->size)) {
      if (!scr->stats.resource_cap_refusals++)
         mgu_warn("vulkan: %s: %llu bytes more than the session's %llu "
                  "(MGL_SERVER_SESSION_MEMORY), %llu in use: GL_OUT_OF_MEMORY",
                  what, (unsigned long long)req->size, (unsigned long long)scr->resource_budget,
                  (unsigned long long)scr->mem_in_use);
      return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   }
   VkResult last = VK_ERROR_OUT_OF_DEVICE_MEMORY;
   for (int i = 0; i < nprefs; i++) {
      int32_t type = vkb_find_memory(scr, req->memoryTypeBits, prefs[i], 0);
      if (type < 0)
         continue;
      if (shared &&
          vkb_sub_alloc(scr, req, (uint32_t)type, !r->is_buffer, &r->sub_block, &r->mem_offset)) {
         *mem = r->sub_block->mem;
         *got = scr->mem_props.memoryTypes[type].propertyFlags;
         r->mem_bytes = req->size;
         scr->mem_in_use += req->size;
         return VK_SUCCESS;
      }
      VkMemoryAllocateInfo mai = {
         .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
         .allocationSize = req->size,
         .memoryTypeIndex = (uint32_t)type,
      };
      last = vkAllocateMemory(scr->dev, &mai, NULL, mem);
      if (last == VK_SUCCESS) {
         *got = scr->mem_props.memoryTypes[type].propertyFlags;
         r->mem_bytes = req->size;
         scr->mem_in_use += req->size;
         return VK_SUCCESS;
      }
      if (last != VK_ERROR_OUT_OF_DEVICE_MEMORY)
         break;
   }
   if (!is_oom(last))
      vkb_check(scr, last, what);
   return last;
}

/* r's memory could not be allocated: r keeps no storage (every use but sampling declines by
 * name, as for a resource declined at creation) and the client is told, so the GL call that
 * made it reports GL_OUT_OF_MEMORY. The session goes on. */
static bool
leave_without_storage(struct vkb_screen *scr, struct vkb_resource *r, VkDeviceSize bytes)
{
   vkDestroyBuffer(scr->dev, r->buf, NULL);
   vkDestroyImage(scr->dev, r->img, NULL);
   r->buf = VK_NULL_HANDLE;
   r->img = VK_NULL_HANDLE;
   r->mem = VK_NULL_HANDLE;
   r->unsupported = true;
   r->no_storage = true;
   if (!scr->stats.resource_oom++)
      mgu_warn("vulkan: resource {%u,%u}: out of memory for its %llu bytes (in use %llu, "
               "budget %llu): no storage, GL_OUT_OF_MEMORY",
               r->base.h.slot, r->base.h.gen, (unsigned long long)bytes,
               (unsigned long long)scr->mem_in_use, (unsigned long long)scr->mem_budget);
   const struct mgp_event ev = {.kind = MGP_EVENT_OUT_OF_MEMORY,
                                .slot = r->base.h.slot,
                                .gen = r->base.h.gen,
                                .value = bytes};
   if (scr->env.event)
      scr->env.event(scr->env.session, &ev);
   return true;
}

static VkBufferUsageFlags
buffer_usage(const struct vkb_screen *scr)
{
   VkBufferUsageFlags u = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                          VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
                          VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT |
                          VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                          VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
                          VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT;
   if (scr->has_xfb)
      u |= VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT;
   return u;
}

/* The store is the client's heap span (stage.h): its pages become the buffer's memory
 * (VK_EXT_external_memory_host), so a write the client makes into its own mapping while the
 * server says the buffer is idle is the only copy. Bound into the imported block of the heap
 * that holds it (vkb_heap_block.c), else imported alone where over_budget (the store's bytes
 * past a budget) is false. False leaves r without a VkBuffer. */
static bool
import_heap_store(struct vkb_screen *scr, struct vkb_resource *r, bool over_budget)
{
   const struct mgp_span *st = &r->desc.store;
   const VkDeviceSize align = scr->host_import_align;
   if (!align || !scr->host_pointer_props || !st->ptr || (uintptr_t)st->ptr % align ||
       st->size % align || st->size < r->size)
      return false;
   VkExternalMemoryBufferCreateInfo ext = {
      .sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO,
      .handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT};
   VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .pNext = &ext,
      .size = r->size ? (r->size + 3) & ~(VkDeviceSize)3 : 4,
      .usage = buffer_usage(scr),
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
   };
   if (vkCreateBuffer(scr->dev, &bci, NULL, &r->buf) != VK_SUCCESS)
      return false;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(scr->dev, r->buf, &req);
   if (vkb_heap_block_bind(scr, r, r->buf, &req)) {
      r->coherent = true;
      r->heap_store = true;
      r->mem_bytes = 0; /* the block is counted (mem_in_use) once */
      scr->heap_buffer_count++;
      scr->stats.heap_buffers_made++;
      return true;
   }
   if (over_budget)
      goto fail_buffer;
   VkMemoryHostPointerPropertiesEXT hp = {.sType =
                                             VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
   int32_t type = -1;
   if (req.size <= st->size &&
       scr->host_pointer_props(scr->dev, VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT,
                               st->ptr, &hp) == VK_SUCCESS)
      type = vkb_find_memory(
         scr, req.memoryTypeBits & hp.memoryTypeBits,
         VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
   VkImportMemoryHostPointerInfoEXT imp = {
      .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT,
      .handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT,
      .pHostPointer = st->ptr};
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .pNext = &imp,
                               .allocationSize = st->size,
                               .memoryTypeIndex = (uint32_t)type};
   if (type < 0 || vkAllocateMemory(scr->dev, &mai, NULL, &r->mem) != VK_SUCCESS) {
      r->mem = VK_NULL_HANDLE;
      goto fail_buffer;
   }
   if (vkBindBufferMemory(scr->dev, r->buf, r->mem, 0) != VK_SUCCESS ||
       vkMapMemory(scr->dev, r->mem, 0, VK_WHOLE_SIZE, 0, (void **)&r->map) != VK_SUCCESS)
      goto fail_memory;
   r->coherent = true;
   r->heap_store = true;
   r->mem_bytes = st->size; /* imported, but the server holds it as device memory: budgeted */
   scr->mem_in_use += st->size;
   scr->heap_buffer_count++;
   scr->stats.heap_buffers_made++;
   scr->stats.heap_imports++;
   return true;

fail_memory:
   r->map = NULL;
   vkFreeMemory(scr->dev, r->mem, NULL);
   r->mem = VK_NULL_HANDLE;
fail_buffer:
   vkDestroyBuffer(scr->dev, r->buf, NULL);
   r->buf = VK_NULL_HANDLE;
   return false;
}

static bool
create_buffer(struct vkb_screen *scr, struct vkb_resource *r)
{
   r->is_buffer = true;
   r->size = r->desc.size;
   /* The size is the client's: bounded before the sums below. No allocation on this device
    * can hold more, so a larger buffer is out of memory, as GL says. */
   if (r->size > scr->max_alloc_size)
      return leave_without_storage(scr, r, r->size);
   /* an imported store counts as the server's memory (mem_in_use), so the session's cap
    * (MGL_SERVER_SESSION_MEMORY) holds it too: a heap block once, whatever number of stores
    * name spans of it; a store imported alone, each time (a client may name one span for any
    * number of stores) */
   const bool over_budget = vkb_over_budget(scr, r->desc.store.size);
   if (r->desc.store.size) {
      if (!scr->knobs.test_no_heap_import && import_heap_store(scr, r, over_budget))
         return true;
      /* Nothing is dropped: the client never gets an idle stamp for this buffer, so every
       * write goes through the stage as without a heap, and map_persistent declines it (the
       * client's persistent map is its shadow). Counted (heap-import-fallbacks). */
      if (!scr->stats.heap_import_fallbacks++)
         mgu_warn("buffer {%u,%u}: its %llu-byte heap store was not imported as buffer "
                  "memory (%s); its writes are staged",
                  r->base.h.slot, r->base.h.gen, (unsigned long long)r->desc.store.size,
                  over_budget ? "over the memory budget or the session's cap"
                              : "VK_EXT_external_memory_host refused it");
   }
   VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = r->size ? (r->size + 3) & ~(VkDeviceSize)3 : 4,
      .usage = buffer_usage(scr),
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
   };
   if (!vkb_check(scr, vkCreateBuffer(scr->dev, &bci, NULL, &r->buf), "vkCreateBuffer"))
      return false;
   VkMemoryDedicatedRequirements ded = {.sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS};
   VkMemoryRequirements2 req2 = {.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2, .pNext = &ded};
   vkGetBufferMemoryRequirements2(
      scr->dev,
      &(VkBufferMemoryRequirementsInfo2){
         .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_REQUIREMENTS_INFO_2, .buffer = r->buf},
      &req2);
   const VkMemoryRequirements req = req2.memoryRequirements;
   /* A store the client maps persistently is best memory the host reaches: with
    * MGP_CAP_CLIENT_MAP the map is that memory (vkb_map_persistent), else the client ships. */
   const bool persistent = (r->desc.storage_flags & MGP_STORAGE_MAP_PERSISTENT) != 0;
   const VkMemoryPropertyFlags host =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   const VkMemoryPropertyFlags prefs[] = {
      VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | host,
      persistent ? host : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
      VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
      0,
   };
   VkMemoryPropertyFlags got = 0;
   /* where the driver wants the buffer alone in its memory, it gets memory of its own */
   const bool shared = !ded.prefersDedicatedAllocation && !ded.requiresDedicatedAllocation;
   const VkResult ar = alloc_memory(scr, r, &req, shared, prefs, 4, &r->mem, &got, "buffer memory");
   if (ar != VK_SUCCESS)
      return is_oom(ar) && leave_without_storage(scr, r, req.size);
   if (!vkb_check(scr, vkBindBufferMemory(scr->dev, r->buf, r->mem, r->mem_offset),
                  "vkBindBufferMemory"))
      return false;
   r->coherent = (got & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) != 0;
   if ((got & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) && r->coherent) {
      if (r->sub_block)
         r->map = r->sub_block->map + r->mem_offset; /* the block is mapped whole */
      else if (!vkb_check(scr, vkMapMemory(scr->dev, r->mem, 0, VK_WHOLE_SIZE, 0, (void **)&r->map),
                          "vkMapMemory"))
         return false;
   }
   vkb_zero_owe(scr, r, 0, 0); /* a store imported from the client's heap is its own */
   vkb_shadow_init(scr, r);
   return true;
}

static uint32_t
full_levels(uint32_t w, uint32_t h, uint32_t d)
{
   uint32_t m = w > h ? w : h, n = 1;
   m = m > d ? m : d;
   while (m > 1) {
      m >>= 1;
      n++;
   }
   return n;
}

VkSampleCountFlags
vkb_format_sample_counts(const struct vkb_screen *scr, const struct vkb_format *f)
{
   const VkPhysicalDeviceLimits *l = &scr->props.limits;
   VkSampleCountFlags c = l->framebufferColorSampleCounts;
   if (f->aspect & VK_IMAGE_ASPECT_DEPTH_BIT)
      c = l->framebufferDepthSampleCounts;
   if (f->aspect == VK_IMAGE_ASPECT_STENCIL_BIT)
      c = l->framebufferStencilSampleCounts;
   else if (f->aspect & VK_IMAGE_ASPECT_STENCIL_BIT)
      c &= l->framebufferStencilSampleCounts;
   if (f->kind != MGP_SAMPLER_KIND_FLOAT && f->aspect == VK_IMAGE_ASPECT_COLOR_BIT)
      c &= l->sampledImageIntegerSampleCounts;
   VkImageFormatProperties ifp;
   VkImageUsageFlags usage = f->aspect == VK_IMAGE_ASPECT_COLOR_BIT
                                ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
                                : VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
   usage |= VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   if (f->caps & MGP_FORMAT_CAP_SAMPLE)
      usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
   if (vkGetPhysicalDeviceImageFormatProperties(scr->phys, f->vk, VK_IMAGE_TYPE_2D,
                                                VK_IMAGE_TILING_OPTIMAL, usage, 0,
                                                &ifp) != VK_SUCCESS)
      return VK_SAMPLE_COUNT_1_BIT;
   return c & ifp.sampleCounts;
}

VkSampleCountFlagBits
vkb_sample_count(const struct vkb_screen *scr, const struct vkb_format *f, uint32_t n)
{
   if (n <= 1)
      return VK_SAMPLE_COUNT_1_BIT;
   const VkSampleCountFlags have = vkb_format_sample_counts(scr, f);
   for (uint32_t c = 2; c <= 64; c <<= 1)
      if (c >= n && (have & c))
         return (VkSampleCountFlagBits)c;
   return 0;
}

uint32_t
vkb_max_samples(const struct vkb_screen *scr)
{
   static const unsigned probe[] = {MGP_FORMAT_RGBA8_UNORM, MGP_FORMAT_D24_UNORM_S8_UINT,
                                    MGP_FORMAT_D32_FLOAT, MGP_FORMAT_D16_UNORM};
   VkSampleCountFlags all = ~(VkSampleCountFlags)0;
   for (unsigned i = 0; i < sizeof(probe) / sizeof(probe[0]); i++) {
      const struct vkb_format *f = vkb_format_get(scr, probe[i]);
      if (f)
         all &= vkb_format_sample_counts(scr, f);
   }
   uint32_t best = 1;
   for (uint32_t c = 2; c <= 64; c <<= 1)
      if (all & c)
         best = c;
   return best;
}

uint32_t
vkb_resource_level_layers(const struct vkb_resource *r, uint32_t level)
{
   if (r->image_type == VK_IMAGE_TYPE_3D) {
      const uint32_t d = r->depth >> level;
      return d ? d : 1;
   }
   return r->layers;
}

static bool
create_image(struct vkb_screen *scr, struct vkb_resource *r)
{
   const struct mgp_resource_desc *d = &r->desc;
   const unsigned t = d->target;
   const bool is_1d = t == MGP_RESOURCE_TARGET_TEX_1D || t == MGP_RESOURCE_TARGET_TEX_1D_ARRAY;
   const bool is_3d = t == MGP_RESOURCE_TARGET_TEX_3D;
   const bool is_cube =
      t == MGP_RESOURCE_TARGET_TEX_CUBE || t == MGP_RESOURCE_TARGET_TEX_CUBE_ARRAY;
   const bool is_array =
      t == MGP_RESOURCE_TARGET_TEX_1D_ARRAY || t == MGP_RESOURCE_TARGET_TEX_2D_ARRAY ||
      t == MGP_RESOURCE_TARGET_TEX_2D_MS_ARRAY || t == MGP_RESOURCE_TARGET_TEX_CUBE_ARRAY;
   const bool is_ms = t == MGP_RESOURCE_TARGET_TEX_2D_MS ||
                      t == MGP_RESOURCE_TARGET_TEX_2D_MS_ARRAY ||
                      t == MGP_RESOURCE_TARGET_RENDERBUFFER;
   r->width = d->width ? d->width : 1;
   r->height = is_1d ? 1 : (d->height ? d->height : 1);
   r->depth = is_3d ? (d->depth ? d->depth : 1) : 1;
   r->layers = is_cube ? (d->array_layers > 6 && is_array ? d->array_layers : 6)
                       : (is_array ? (d->array_layers ? d->array_layers : 1) : 1);
   if (t == MGP_RESOURCE_TARGET_TEX_1D_ARRAY && d->array_layers <= 1 && d->height > 1)
      r->layers = d->height; /* GL's 1D arrays name their layers by height */
   r->image_type = is_1d ? VK_IMAGE_TYPE_1D : is_3d ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D;
   const struct vkb_format *f = r->fmt;
   r->samples = VK_SAMPLE_COUNT_1_BIT;
   r->centre_compatible = r->centre_drawn = false;
   if (is_ms && d->samples > 1) {
      r->samples = vkb_sample_count(scr, f, d->samples);
      if (!r->samples) {
         r->unsupported = true;
         MGU_DECLINE(backend_format_unsupported,
                     "%s of format %s with %u samples: no such "
                     "count here",
                     mgp_resource_target_name(t), vkb_format_name(d->format), d->samples);
         return true;
      }
   }
   const bool ms = r->samples != VK_SAMPLE_COUNT_1_BIT;
   r->levels = t == MGP_RESOURCE_TARGET_RENDERBUFFER || ms ? 1 : (d->levels ? d->levels : 1);
   const uint32_t maxl = full_levels(r->width, r->height, r->depth);
   if (r->levels > maxl)
      r->levels = maxl;
   if (r->levels > VKB_MAX_LEVELS)
      r->levels = VKB_MAX_LEVELS;
   VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   if (f->caps & MGP_FORMAT_CAP_SAMPLE)
      usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
   if (f->caps & MGP_FORMAT_CAP_RENDER)
      usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   /* a texture an image unit may take (GL 4.2 8.26): where the format stores; multisampled
    * ones only where the device stores to them */
   if ((f->caps & MGP_FORMAT_CAP_STORAGE) && t != MGP_RESOURCE_TARGET_RENDERBUFFER &&
       (!ms || scr->features.shaderStorageImageMultisample))
      usage |= VK_IMAGE_USAGE_STORAGE_BIT;
   if ((f->caps & MGP_FORMAT_CAP_DEPTH_STENCIL) && !is_3d) {
      /* a 1D depth/stencil attachment is the device's choice (lavapipe has it) */
      VkImageFormatProperties p1;
      if (!is_1d || vkGetPhysicalDeviceImageFormatProperties(
                       scr->phys, f->vk, VK_IMAGE_TYPE_1D, VK_IMAGE_TILING_OPTIMAL,
                       usage | VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, 0, &p1) == VK_SUCCESS)
         usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
   }
   r->ds_attachment = usage & VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
   r->storage_usage = usage & VK_IMAGE_USAGE_STORAGE_BIT;
   VkImageCreateFlags flags =
      f->aspect == VK_IMAGE_ASPECT_COLOR_BIT ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT : 0;
   /* A square 2D array of six layers or more may be viewed as a cube (GL_ARB_texture_view):
    * the flag costs nothing where the device takes it (it only permits cube views). */
   VkImageFormatProperties cp;
   if (is_cube ||
       (t == MGP_RESOURCE_TARGET_TEX_2D_ARRAY && r->width == r->height && r->layers >= 6 &&
        vkGetPhysicalDeviceImageFormatProperties(
           scr->phys, f->vk, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL, usage,
           flags | VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT, &cp) == VK_SUCCESS &&
        cp.maxArrayLayers >= r->layers)) {
      flags |= VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
      r->cube_compatible = true;
   }
   if (is_3d && (usage & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT))
      flags |= VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT; /* render into a slice */
   if (is_3d && (usage & VK_IMAGE_USAGE_STORAGE_BIT) && scr->has_2d_view_of_3d)
      flags |= VK_IMAGE_CREATE_2D_VIEW_COMPATIBLE_BIT_EXT; /* a slice in a 2D image unit */
   /* A multisampled depth/stencil attachment that GL_MULTISAMPLE-off draws may use with
    * pixel-centre sample locations must be made for them (VUID-vkCmdDraw-sampleLocationsEnable-
    * 02689), where the device takes the flag for this image. */
   VkImageFormatProperties lp;
   if (ms && (scr->centre_sample_counts & r->samples) &&
       (usage & VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT) &&
       vkGetPhysicalDeviceImageFormatProperties(
          scr->phys, f->vk, r->image_type, VK_IMAGE_TILING_OPTIMAL, usage,
          flags | VK_IMAGE_CREATE_SAMPLE_LOCATIONS_COMPATIBLE_DEPTH_BIT_EXT, &lp) == VK_SUCCESS &&
       (lp.sampleCounts & r->samples) && lp.maxArrayLayers >= r->layers) {
      flags |= VK_IMAGE_CREATE_SAMPLE_LOCATIONS_COMPATIBLE_DEPTH_BIT_EXT;
      r->centre_compatible = true;
   }
   /* GL_ARB_texture_barrier: a texture that is sampled and may be attached may be both at once
    * (a feedback loop), which Vulkan allows only to images of this usage. No texture says
    * beforehand whether it will be, so each such texture has it where the device takes it.
    * Renderbuffers (the default framebuffer's images too) are sampled only by the advanced
    * blend equations in the shader (MGP_CAP_BLEND_SHADER), which read draw buffer 0: the
    * single-sampled colour ones. */
   VkImageFormatProperties fp;
   r->feedback_usage =
      scr->has_feedback_loop &&
      (t != MGP_RESOURCE_TARGET_RENDERBUFFER ||
       (!ms && (usage & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT))) &&
      (usage & VK_IMAGE_USAGE_SAMPLED_BIT) &&
      (usage &
       (VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT)) &&
      vkGetPhysicalDeviceImageFormatProperties(
         scr->phys, f->vk, r->image_type, VK_IMAGE_TILING_OPTIMAL,
         usage | VK_IMAGE_USAGE_ATTACHMENT_FEEDBACK_LOOP_BIT_EXT, flags, &fp) == VK_SUCCESS;
   if (r->feedback_usage)
      usage |= VK_IMAGE_USAGE_ATTACHMENT_FEEDBACK_LOOP_BIT_EXT;
   VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .flags = flags,
      .imageType = r->image_type,
      .format = f->vk,
      .extent = {r->width, r->height, r->depth},
      .mipLevels = r->levels,
      .arrayLayers = r->layers,
      .samples = r->samples,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = usage,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   VkImageFormatProperties ifp;
   if (vkGetPhysicalDeviceImageFormatProperties(scr->phys, ici.format, ici.imageType, ici.tiling,
                                                ici.usage, ici.flags, &ifp) != VK_SUCCESS ||
       ifp.maxExtent.width < r->width || ifp.maxExtent.height < r->height ||
       ifp.maxExtent.depth < r->depth || ifp.maxArrayLayers < r->layers ||
       !(ifp.sampleCounts & r->samples)) {
      r->unsupported = true;
      MGU_DECLINE(backend_format_unsupported,
                  "%s %ux%ux%u (%u layers, %u samples) of format "
                  "%s: no such Vulkan image",
                  mgp_resource_target_name(d->target), r->width, r->height, r->depth, r->layers,
                  (unsigned)r->samples, vkb_format_name(d->format));
      return true;
   }
   if (!vkb_check(scr, vkCreateImage(scr->dev, &ici, NULL, &r->img), "vkCreateImage"))
      return false;
   VkMemoryDedicatedRequirements ded = {.sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS};
   VkMemoryRequirements2 req2 = {.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2, .pNext = &ded};
   vkGetImageMemoryRequirements2(
      scr->dev,
      &(VkImageMemoryRequirementsInfo2){.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_REQUIREMENTS_INFO_2,
                                        .image = r->img},
      &req2);
   const VkMemoryRequirements req = req2.memoryRequirements;
   const VkMemoryPropertyFlags prefs[] = {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0};
   VkMemoryPropertyFlags got;
   /* small images share blocks of images (vkb_suballoc.c), unless the driver wants them alone */
   const bool shared = !ded.prefersDedicatedAllocation && !ded.requiresDedicatedAllocation;
   const VkResult ar = alloc_memory(scr, r, &req, shared, prefs, 2, &r->mem, &got, "image memory");
   if (ar != VK_SUCCESS)
      return is_oom(ar) && leave_without_storage(scr, r, req.size);
   if (!vkb_check(scr, vkBindImageMemory(scr->dev, r->img, r->mem, r->mem_offset),
                  "vkBindImageMemory"))
      return false;
   vkb_zero_owe(scr, r, (got & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) ? req.size : 0, got);
   for (uint32_t l = 0; l < VKB_MAX_LEVELS; l++)
      r->layout[l] = VK_IMAGE_LAYOUT_UNDEFINED;
   return true;
}

/* Builds the storage for r->desc. A shape this slice does not do marks r unsupported (later
 * uses decline by name); only a Vulkan failure returns false (already a fatal). */
/* The field of a texture's description that is larger than the caps told the client (the
 * front end refuses those with GL_INVALID_VALUE, so no honest record has one, and vkCreateImage
 * must not see one), or NULL. */
static const char *
image_extent_bad(const struct vkb_screen *scr, const struct mgp_resource_desc *d)
{
   const VkPhysicalDeviceLimits *l = &scr->props.limits;
   const unsigned t = d->target;
   const uint32_t layers = l->maxImageArrayLayers;
   uint32_t max = l->maxImageDimension2D;
   if (t == MGP_RESOURCE_TARGET_TEX_3D)
      max = l->maxImageDimension3D;
   else if (t == MGP_RESOURCE_TARGET_TEX_CUBE || t == MGP_RESOURCE_TARGET_TEX_CUBE_ARRAY)
      max = l->maxImageDimensionCube;
   else if (t == MGP_RESOURCE_TARGET_RENDERBUFFER)
      max = l->maxImageDimension2D < l->maxFramebufferWidth ? l->maxImageDimension2D
                                                            : l->maxFramebufferWidth;
   if (d->width > max)
      return "width";
   /* A 1D array names its layers by height. */
   if (d->height > (t == MGP_RESOURCE_TARGET_TEX_1D_ARRAY ? layers : max))
      return "height";
   if (t == MGP_RESOURCE_TARGET_TEX_3D && d->depth > max)
      return "depth";
   if (d->array_layers > layers)
      return "array_layers";
   return NULL;
}

static bool
init_storage(struct vkb_screen *scr, struct vkb_resource *r)
{
   const struct mgp_resource_desc *d = &r->desc;
   r->unsupported = false;
   r->no_storage = false;
   r->params = (struct mgp_texture_params){.res = d->res,
                                           .max_level = 1000,
                                           .swizzle = {0, 1, 2, 3},
                                           .min_lod = -1000.0f,
                                           .max_lod = 1000.0f};
   r->params_version++;
   r->storage_version++;
   r->store_id = ++scr->next_store_id;
   if (d->target == MGP_RESOURCE_TARGET_BUFFER)
      return create_buffer(scr, r);
   if (d->target == MGP_RESOURCE_TARGET_TEX_BUFFER) {
      /* No storage of its own: the view of desc.buffer is made at draw (vkb_draw.c). */
      r->is_texbuf = true;
      r->fmt = vkb_format_get(scr, d->format);
      return true;
   }
   switch (d->target) {
   case MGP_RESOURCE_TARGET_TEX_1D:
   case MGP_RESOURCE_TARGET_TEX_2D:
   case MGP_RESOURCE_TARGET_TEX_3D:
   case MGP_RESOURCE_TARGET_TEX_CUBE:
   case MGP_RESOURCE_TARGET_TEX_1D_ARRAY:
   case MGP_RESOURCE_TARGET_TEX_2D_ARRAY:
   case MGP_RESOURCE_TARGET_TEX_RECT:
   case MGP_RESOURCE_TARGET_TEX_2D_MS:
   case MGP_RESOURCE_TARGET_TEX_2D_MS_ARRAY:
   case MGP_RESOURCE_TARGET_RENDERBUFFER: break;
   case MGP_RESOURCE_TARGET_TEX_CUBE_ARRAY:
      if (scr->features.imageCubeArray)
         break;
      /* fall through */
   default:
      r->unsupported = true;
      MGU_DECLINE(backend_feature_unimplemented, "resource target %s",
                  mgp_resource_target_name(d->target));
      return true;
   }
   r->fmt = vkb_format_get_alpha(scr, d->format, d->no_alpha);
   if (!r->fmt) {
      r->unsupported = true;
      MGU_DECLINE(backend_format_unsupported, "%s of format %s",
                  mgp_resource_target_name(d->target), vkb_format_name(d->format));
      return true;
   }
   const char *bad = image_extent_bad(scr, d);
   if (bad) {
      char detail[128];
      snprintf(detail, sizeof(detail),
               "resource_create.%s: %ux%ux%u, %u layers, beyond the "
               "caps",
               bad, d->width, d->height, d->depth, d->array_layers);
      r->unsupported = true;
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
      return true;
   }
   return create_image(scr, r); /* it owes its zeroing (vkb_zero.c) */
}

static void
drop_view(struct vkb_screen *scr, VkImageView *v, bool now)
{
   if (now && *v) {
      vkb_kept_sets_drop(scr); /* a kept set may name it */
      vkDestroyImageView(scr->dev, *v, NULL);
   } else
      VKB_DEFER(scr, VKB_GARBAGE_IMAGE_VIEW, *v);
   *v = VK_NULL_HANDLE;
}

void
vkb_resource_drop_views(struct vkb_screen *scr, struct vkb_resource *r, bool now)
{
   for (int l = 0; l < VKB_MAX_LEVELS; l++) {
      drop_view(scr, &r->att_view[l], now);
      drop_view(scr, &r->layered_view[l], now);
      drop_view(scr, &r->lin_view[l], now);
      drop_view(scr, &r->lin_layered_view[l], now);
   }
   VkImageView **caches[2] = {&r->layer_views, &r->lin_layer_views};
   for (int c = 0; c < 2; c++) {
      if (!*caches[c])
         continue;
      for (uint32_t i = 0; i < r->levels * r->layer_view_slices; i++)
         drop_view(scr, &(*caches[c])[i], now);
      free(*caches[c]);
      *caches[c] = NULL;
   }
   r->layer_view_slices = 0;
   for (unsigned i = 0; i < sizeof(r->alias_view) / sizeof(r->alias_view[0]); i++)
      if (r->alias_view[i].view)
         drop_view(scr, &r->alias_view[i].view, now);
   for (unsigned i = 0; i < sizeof(r->storage_view) / sizeof(r->storage_view[0]); i++)
      if (r->storage_view[i].view)
         drop_view(scr, &r->storage_view[i].view, now);
   if (now && r->texbuf_view) {
      vkb_kept_sets_drop(scr);
      vkDestroyBufferView(scr->dev, r->texbuf_view, NULL);
   } else
      VKB_DEFER(scr, VKB_GARBAGE_BUFFER_VIEW, r->texbuf_view);
   r->texbuf_view = VK_NULL_HANDLE;
   if (now && r->texbuf_alias)
      vkDestroyBuffer(scr->dev, r->texbuf_alias, NULL);
   else
      VKB_DEFER(scr, VKB_GARBAGE_BUFFER, r->texbuf_alias);
   r->texbuf_alias = VK_NULL_HANDLE;
   if (now && r->stexbuf_view) {
      vkb_kept_sets_drop(scr);
      vkDestroyBufferView(scr->dev, r->stexbuf_view, NULL);
   } else
      VKB_DEFER(scr, VKB_GARBAGE_BUFFER_VIEW, r->stexbuf_view);
   r->stexbuf_view = VK_NULL_HANDLE;
}

static void
release_storage(struct vkb_screen *scr, struct vkb_resource *r)
{
   if (r->img) {
      vkb_end_rendering(scr); /* it may be an attachment of the scope in progress */
      scr->storage_epoch++;
   }
   /* Up to which batch the GPU may use r's memory: none where r still owes all its zeroing
    * (every call but the blind ones pays it first, and none of those records GPU work on r);
    * a buffer's last use (every recorded use sets it, as the direct write trusts); an image
    * the batch open now (attachments do not keep last_use). */
   const bool untouched =
      r->zero_owed && r->zero_owed == vkb_zero_all_levels(r) && !r->zero_partial;
   const uint64_t busy = untouched ? 0 : r->is_buffer ? r->last_use : vkb_current_serial(scr);
   vkb_zero_forget(scr, r);
   vkb_rename_forget(scr, r); /* a draw recorded with a version keeps its arena slice */
   vkb_resource_drop_views(scr, r, false);
   if (r->map && !r->sub_block && !r->heap_block)
      vkUnmapMemory(scr->dev, r->mem);
   vkb_heap_block_release(scr, r, busy);
   if (r->heap_store) {
      /* The client reuses the span only once no GPU work is in flight (stage.h, quiet). */
      scr->heap_buffer_count--;
      r->heap_store = false;
   }
   r->texbuf_store = 0;
   r->stexbuf_store = 0;
   r->is_texbuf = false;
   VKB_DEFER(scr, VKB_GARBAGE_IMAGE, r->img);
   VKB_DEFER(scr, VKB_GARBAGE_BUFFER, r->buf);
   if (r->sub_block)
      vkb_sub_free(scr, r->sub_block, r->mem_offset, r->mem_bytes, busy);
   else
      vkb_defer_memory(scr, r->mem, r->mem_bytes);
   r->sub_block = NULL;
   r->mem_offset = 0;
   r->img = VK_NULL_HANDLE;
   r->buf = VK_NULL_HANDLE;
   r->mem = VK_NULL_HANDLE;
   scr->mem_in_use -= r->mem_bytes;
   r->mem_bytes = 0;
   r->map = NULL;
   r->fmt = NULL;
   r->is_buffer = false;
}

/* Why a view of owner with d's shape cannot be made, or NULL. Every field of the record is
 * checked: it may come from a hostile client. */
static const char *
view_refusal(struct vkb_screen *scr, const struct mgp_resource_desc *d,
             const struct vkb_resource *owner)
{
   if (!owner)
      return "its owner is not a live resource";
   if (owner->view_owner || !owner->img || owner->is_buffer || owner->is_texbuf || !owner->fmt)
      return "its owner is not a texture image";
   if (owner->samples > 1 || d->samples > 1)
      return "multisampled views are not made";
   if (!d->levels || (uint32_t)d->view_min_level + d->levels > owner->levels)
      return "its levels are past the owner's";
   const uint32_t layers = d->array_layers ? d->array_layers : 1;
   if (d->view_min_layer >= owner->layers || layers > owner->layers - d->view_min_layer)
      return "its layers are past the owner's";
   const struct vkb_format *vf = vkb_format_get(scr, d->format);
   const struct vkb_format *of = owner->fmt;
   if (!vf || vf->vk == VK_FORMAT_UNDEFINED)
      return "its format has no Vulkan format";
   if (vf->vk != of->vk &&
       (vf->vk_texel_size != of->vk_texel_size || vf->vk != vf->wanted || of->vk != of->wanted ||
        vf->aspect != VK_IMAGE_ASPECT_COLOR_BIT || of->aspect != VK_IMAGE_ASPECT_COLOR_BIT))
      return "its format is not of the owner's view class";
   VkImageViewType vt;
   if (!vkb_view_type_for_target(d->target, &vt))
      return "its target has no view type";
   const bool is_3d = vt == VK_IMAGE_VIEW_TYPE_3D;
   const bool is_1d = vt == VK_IMAGE_VIEW_TYPE_1D || vt == VK_IMAGE_VIEW_TYPE_1D_ARRAY;
   if (is_3d != (owner->image_type == VK_IMAGE_TYPE_3D) ||
       is_1d != (owner->image_type == VK_IMAGE_TYPE_1D))
      return "its target is not of the owner's dimensionality";
   const bool cube = vt == VK_IMAGE_VIEW_TYPE_CUBE || vt == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
   if (cube && (layers % 6 || !owner->cube_compatible))
      return "a cube view needs whole cubes of a cube-compatible image";
   return NULL;
}

/* resource_create with view_of: a view of the owner's image. */
static void
create_view(struct vkb_screen *scr, struct vkb_resource *r)
{
   const struct mgp_resource_desc *d = &r->desc;
   struct vkb_resource *owner = (struct vkb_resource *)vkb_table_peek(&scr->resources, d->view_of);
   r->unsupported = true; /* no image of its own: only sampler views reach through it */
   r->params = (struct mgp_texture_params){.res = d->res,
                                           .max_level = 1000,
                                           .swizzle = {0, 1, 2, 3},
                                           .min_lod = -1000.0f,
                                           .max_lod = 1000.0f};
   r->params_version++;
   r->storage_version++;
   const char *why = view_refusal(scr, d, owner);
   if (why) {
      scr->stats.texture_views_refused++;
      MGU_DECLINE(texture_view_refused, "view {%u,%u} of {%u,%u}: %s", d->res.slot, d->res.gen,
                  d->view_of.slot, d->view_of.gen, why);
      return;
   }
   r->view_owner = owner;
   r->view_level = d->view_min_level;
   r->view_layer = d->view_min_layer;
   r->fmt = vkb_format_get(scr, d->format);
   r->levels = d->levels;
   r->layers = d->array_layers ? d->array_layers : 1;
   owner->view_refs++;
}

static void free_image_resource(struct vkb_screen *scr, struct vkb_resource *r);

/* A view goes: its owner loses a reference, and an orphaned owner without views goes too. */
static void
release_view(struct vkb_screen *scr, struct vkb_resource *r)
{
   struct vkb_resource *o = r->view_owner;
   r->view_owner = NULL;
   if (!o || --o->view_refs)
      return;
   for (struct vkb_resource **p = &scr->view_orphans; *p; p = &(*p)->orphan_next) {
      if (*p == o) {
         *p = o->orphan_next;
         free_image_resource(scr, o);
         return;
      }
   }
}

void
vkb_resource_create(void *self, const struct mgp_resource_desc *args, const void *tail,
                    uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed)
      return;
   struct vkb_resource *r = calloc(1, sizeof(*r));
   if (!r) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "resource_create");
      return;
   }
   r->base.h = args->res;
   r->desc = *args;
   if (!vkb_table_put(scr, &scr->resources, &r->base, "resource_create")) {
      free(r);
      return;
   }
   if (!mgp_handle_is_null(args->view_of))
      create_view(scr, r);
   else
      init_storage(scr, r);
}

void
vkb_resource_respecify(void *self, const struct mgp_resource_desc *args, const void *tail,
                       uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed)
      return;
   struct vkb_resource *r = vkb_lookup(scr, &scr->resources, args->res, "resource_respecify");
   if (!r)
      return;
   if (r->view_owner || r->view_refs || !mgp_handle_is_null(args->view_of)) {
      /* an immutable texture's storage, or a view: GL never respecifies either */
      scr->stats.texture_views_refused++;
      MGU_DECLINE(texture_view_refused, "resource_respecify of {%u,%u}, a view or viewed",
                  args->res.slot, args->res.gen);
      return;
   }
   release_storage(scr, r);
   r->desc = *args;
   init_storage(scr, r);
}

void
vkb_resource_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                     uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed)
      return;
   struct vkb_resource *r = vkb_lookup(scr, &scr->resources, args->h, "resource_destroy");
   if (!r)
      return;
   vkb_table_remove(&scr->resources, &r->base);
   if (r->view_refs) {
      /* views of it live: the handle ends, the storage stays until the last view goes */
      r->orphan_next = scr->view_orphans;
      scr->view_orphans = r;
      return;
   }
   if (r->view_owner) {
      release_view(scr, r);
      free(r);
      return;
   }
   free_image_resource(scr, r);
}

static void
free_image_resource(struct vkb_screen *scr, struct vkb_resource *r)
{
   release_storage(scr, r);
   free(r);
}

bool
vkb_heap_idle(void *screen, void (*idle)(void *ctx, uint32_t slot), void *ctx)
{
   struct vkb_screen *scr = screen;
   if (scr->failed || !scr->dev)
      return false;
   vkb_retire(scr);
   /* The same two terms as buffer_subdata's direct write (vkb_transfer.c). */
   for (uint32_t i = 0; scr->heap_buffer_count && i < scr->resources.cap; i++) {
      const struct vkb_resource *r = (const struct vkb_resource *)scr->resources.slots[i];
      if (r && r->heap_store && r->last_use <= scr->completed_serial &&
          vkb_serial_fence_signalled(scr, r->last_use))
         idle(ctx, i);
   }
   return !scr->inflight_head && !(scr->cur && scr->cur->recording);
}

struct vkb_resource *
vkb_resource_for_version(struct vkb_screen *scr, struct mgp_handle h, const char *call)
{
   struct vkb_resource *r = vkb_lookup(scr, &scr->resources, h, call);
   if (r && r->unsupported) {
      MGU_DECLINE(backend_draw_incomplete, "%s uses resource {%u,%u}, which %s", call, h.slot,
                  h.gen,
                  r->no_storage                          ? "has no storage (GL_OUT_OF_MEMORY)"
                  : !mgp_handle_is_null(r->desc.view_of) ? "is a texture view (only sampled)"
                                                         : "was declined at creation");
      return NULL;
   }
   return r;
}

struct vkb_resource *
vkb_resource_for_read(struct vkb_screen *scr, struct mgp_handle h, const char *call)
{
   struct vkb_resource *r = vkb_resource_for_version(scr, h, call);
   if (r && r->ver_buf)
      vkb_end_rendering(scr); /* copies the latest version into the store (vkb_rename.c) */
   return r;
}

struct vkb_resource *
vkb_resource_for_use(struct vkb_screen *scr, struct mgp_handle h, const char *call)
{
   struct vkb_resource *r = vkb_resource_for_read(scr, h, call);
   if (r && (r->shadow || r->shadow_zero))
      vkb_rename_forget(scr, r); /* the GPU may write it: the shadow may go stale */
   return r;
}

/* The view caches of r: its own format's, or the UNORM twin's of an sRGB image. */
static VkImageView *
level_slot(struct vkb_resource *r, uint32_t level, bool lin)
{
   return lin ? &r->lin_view[level] : &r->att_view[level];
}

static VkImageView *
layered_slot(struct vkb_resource *r, uint32_t level, bool lin)
{
   return lin ? &r->lin_layered_view[level] : &r->layered_view[level];
}

static VkImageView
make_view(struct vkb_screen *scr, struct vkb_resource *r, VkImageView *v, VkImageViewType type,
          uint32_t level, uint32_t layer, uint32_t layers, bool lin, const char *what)
{
   if (*v)
      return *v;
   VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = r->img,
      .viewType = type,
      .format = lin ? vkb_format_linear(r->fmt->vk) : r->fmt->vk,
      .subresourceRange = {r->fmt->aspect, level, 1, layer, layers},
   };
   if (!vkb_check(scr, vkCreateImageView(scr->dev, &vci, NULL, v), what))
      return VK_NULL_HANDLE;
   return *v;
}

static VkImageView
level_view(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level, bool lin)
{
   if (!r->img || level >= r->levels)
      return VK_NULL_HANDLE;
   return make_view(scr, r, level_slot(r, level, lin), VK_IMAGE_VIEW_TYPE_2D, level, 0, 1, lin,
                    "attachment view");
}

static VkImageView
layered_view(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level, bool lin)
{
   if (!r->img || level >= r->levels)
      return VK_NULL_HANDLE;
   /* A 3D image's slices are layers of a 2D-array view (the image is 2D_ARRAY_COMPATIBLE). */
   return make_view(scr, r, layered_slot(r, level, lin),
                    r->image_type == VK_IMAGE_TYPE_1D ? VK_IMAGE_VIEW_TYPE_1D_ARRAY
                                                      : VK_IMAGE_VIEW_TYPE_2D_ARRAY,
                    level, 0, vkb_resource_level_layers(r, level), lin, "layered attachment view");
}

static VkImageView
layer_view(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level, uint32_t layer, bool lin)
{
   if (!r->img || level >= r->levels || layer >= vkb_resource_level_layers(r, level))
      return VK_NULL_HANDLE;
   if (r->image_type == VK_IMAGE_TYPE_2D && r->layers == 1)
      return level_view(scr, r, level, lin);
   const uint32_t slices = r->image_type == VK_IMAGE_TYPE_3D ? r->depth : r->layers;
   VkImageView **cache = lin ? &r->lin_layer_views : &r->layer_views;
   if (!*cache) {
      *cache = calloc((size_t)r->levels * slices, sizeof(VkImageView));
      if (!*cache) {
         vkb_fatal(scr, MGU_FATAL_OutOfMemory, "layer views");
         return VK_NULL_HANDLE;
      }
      r->layer_view_slices = slices;
   }
   return make_view(scr, r, &(*cache)[level * slices + layer],
                    r->image_type == VK_IMAGE_TYPE_1D ? VK_IMAGE_VIEW_TYPE_1D
                                                      : VK_IMAGE_VIEW_TYPE_2D,
                    level, layer, 1, lin, "layer view");
}

VkImageView
vkb_resource_level_view(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level)
{
   return level_view(scr, r, level, false);
}

VkImageView
vkb_resource_layered_view(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level)
{
   return layered_view(scr, r, level, false);
}

VkImageView
vkb_resource_layer_view(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level,
                        uint32_t layer)
{
   return layer_view(scr, r, level, layer, false);
}

VkImageView
vkb_resource_alias_view(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level,
                        uint32_t layer, bool layered, VkFormat fmt)
{
   if (!r->img || level >= r->levels || layer >= vkb_resource_level_layers(r, level))
      return VK_NULL_HANDLE;
   const unsigned n = sizeof(r->alias_view) / sizeof(r->alias_view[0]);
   for (unsigned i = 0; i < n; i++) {
      const struct vkb_alias_view *a = &r->alias_view[i];
      if (a->view && a->format == fmt && a->level == level && a->layered == layered &&
          (layered || a->layer == layer))
         return a->view;
   }
   struct vkb_alias_view *a = &r->alias_view[r->alias_view_next++ % n];
   if (a->view)
      drop_view(scr, &a->view, false);
   const bool is_3d = r->image_type == VK_IMAGE_TYPE_3D, is_1d = r->image_type == VK_IMAGE_TYPE_1D;
   const uint32_t count = layered ? vkb_resource_level_layers(r, level) : 1;
   VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = r->img,
      .viewType = is_1d ? (layered ? VK_IMAGE_VIEW_TYPE_1D_ARRAY : VK_IMAGE_VIEW_TYPE_1D)
                        : (layered || is_3d ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D),
      .format = fmt,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, level, 1, layered ? 0 : layer, count},
   };
   if (is_3d && !layered)
      vci.viewType = VK_IMAGE_VIEW_TYPE_2D; /* a slice of a 2D_ARRAY_COMPATIBLE image */
   *a = (struct vkb_alias_view){.format = fmt, .level = level, .layer = layer, .layered = layered};
   if (!vkb_check(scr, vkCreateImageView(scr->dev, &vci, NULL, &a->view), "alias view"))
      return VK_NULL_HANDLE;
   return a->view;
}

VkImageView
vkb_resource_attachment_view(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level,
                             uint32_t layer, bool layered, bool linear)
{
   /* A format without an sRGB twin shares its one set of views. */
   const bool lin = linear && r->img && vkb_format_linear(r->fmt->vk) != r->fmt->vk;
   return layered ? layered_view(scr, r, level, lin) : layer_view(scr, r, level, layer, lin);
}

/* ---- barriers ---------------------------------------------------------------------------- */

/* The feedback-loop layout: an attachment (colour, or depth/stencil, by the image's aspect) that
 * the fragment shader samples (GL_ARB_texture_barrier) */
static void
feedback_loop_access(const struct vkb_screen *scr, VkImageAspectFlags aspect, bool as_dst,
                     VkPipelineStageFlags *stage, VkAccessFlags *access)
{
   if (aspect & VK_IMAGE_ASPECT_COLOR_BIT) {
      *stage |= VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
      *access |=
         VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT | (as_dst ? VK_ACCESS_COLOR_ATTACHMENT_READ_BIT : 0);
   } else {
      *stage |=
         VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;
      *access |= VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT |
                 (as_dst ? VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT : 0);
   }
   *stage |= scr->shader_pipe_stages;
   if (as_dst)
      *access |= VK_ACCESS_SHADER_READ_BIT;
}

static void
layout_as_src(const struct vkb_screen *scr, VkImageAspectFlags aspect, VkImageLayout l,
              VkPipelineStageFlags *stage, VkAccessFlags *access)
{
   switch (l) {
   case VK_IMAGE_LAYOUT_UNDEFINED: *stage |= VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT; break;
   case VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL:
      *stage |= VK_PIPELINE_STAGE_TRANSFER_BIT;
      *access |= VK_ACCESS_TRANSFER_WRITE_BIT;
      break;
   case VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL: *stage |= VK_PIPELINE_STAGE_TRANSFER_BIT; break;
   case VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL: *stage |= scr->shader_pipe_stages; break;
   case VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL:
      *stage |= VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
      *access |= VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
      break;
   case VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL:
      *stage |=
         VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;
      *access |= VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
      break;
   case VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT:
      feedback_loop_access(scr, aspect, false, stage, access);
      break;
   default:
      *stage |= VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
      *access |= VK_ACCESS_MEMORY_WRITE_BIT;
      break;
   }
}

static void
layout_as_dst(const struct vkb_screen *scr, VkImageAspectFlags aspect, VkImageLayout l,
              VkPipelineStageFlags *stage, VkAccessFlags *access)
{
   switch (l) {
   case VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL:
      *stage |= VK_PIPELINE_STAGE_TRANSFER_BIT;
      *access |= VK_ACCESS_TRANSFER_WRITE_BIT;
      break;
   case VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL:
      *stage |= VK_PIPELINE_STAGE_TRANSFER_BIT;
      *access |= VK_ACCESS_TRANSFER_READ_BIT;
      break;
   case VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL:
      *stage |= scr->shader_pipe_stages;
      *access |= VK_ACCESS_SHADER_READ_BIT;
      break;
   case VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL:
      *stage |= VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
      *access |= VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
      break;
   case VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL:
      *stage |=
         VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;
      *access |=
         VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
      break;
   case VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT:
      feedback_loop_access(scr, aspect, true, stage, access);
      break;
   default:
      *stage |= VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
      *access |= VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
      break;
   }
}

void
vkb_image_transition(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level, uint32_t count,
                     VkImageLayout layout, bool force)
{
   if (!r->img)
      return;
   VkImageMemoryBarrier b[VKB_MAX_LEVELS];
   uint32_t n = 0;
   VkPipelineStageFlags src = 0, dst = 0;
   /* A depth image last drawn with pixel-centre sample locations keeps its contents through a
    * transition only when the barrier names those locations (VK_EXT_sample_locations). */
   VkSampleLocationEXT centre[64];
   VkSampleLocationsInfoEXT centre_info;
   if (r->centre_drawn)
      vkb_centre_locations(r->samples, centre, &centre_info);
   for (uint32_t l = level; l < level + count && l < r->levels; l++) {
      if (r->layout[l] == layout && !force)
         continue;
      VkAccessFlags sa = 0, da = 0;
      layout_as_src(scr, r->fmt->aspect, r->layout[l], &src, &sa);
      layout_as_dst(scr, r->fmt->aspect, layout, &dst, &da);
      b[n++] = (VkImageMemoryBarrier){
         .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
         .pNext = r->centre_drawn ? &centre_info : NULL,
         .srcAccessMask = sa,
         .dstAccessMask = da,
         .oldLayout = r->layout[l],
         .newLayout = layout,
         .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
         .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
         .image = r->img,
         .subresourceRange = {r->fmt->aspect, l, 1, 0, VK_REMAINING_ARRAY_LAYERS},
      };
   }
   if (!n)
      return;
   /* Barriers are recorded outside a rendering scope. */
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   for (uint32_t i = 0; i < n; i++)
      r->layout[b[i].subresourceRange.baseMipLevel] = layout;
   r->last_use = vkb_current_serial(scr);
   vkCmdPipelineBarrier(cmd, src, dst, 0, 0, NULL, 0, NULL, n, b);
   scr->stats.image_transitions++;
}

/* Buffers: one global barrier each side of a transfer write (cheap on every device; buffer
 * ranges are not tracked in this slice). Shader stores (storage buffers) are writes on either
 * side: write-after-write needs the memory dependency too. */
void
vkb_buffer_barrier_before_write(struct vkb_screen *scr)
{
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
   };
   vkCmdPipelineBarrier(cmd,
                        VK_PIPELINE_STAGE_VERTEX_INPUT_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT |
                           scr->shader_pipe_stages | VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
}

void
vkb_buffer_barrier_after_write(struct vkb_screen *scr)
{
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_INDEX_READ_BIT |
                       VK_ACCESS_UNIFORM_READ_BIT | VK_ACCESS_SHADER_READ_BIT |
                       VK_ACCESS_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT |
                       VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_PIPELINE_STAGE_VERTEX_INPUT_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT |
                           scr->shader_pipe_stages | VK_PIPELINE_STAGE_TRANSFER_BIT,
                        0, 1, &mb, 0, NULL, 0, NULL);
}

/* ---- GL fences --------------------------------------------------------------------------- */

static void
write_status(const struct mgp_span *out, uint32_t status)
{
   if (out->ptr && out->size >= sizeof(uint32_t))
      memcpy(out->ptr, &status, sizeof(status));
}

void
vkb_fence_create(void *self, const struct mgp_handle_args *args, const void *tail,
                 uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed)
      return;
   struct vkb_fence *f = calloc(1, sizeof(*f));
   if (!f) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "fence_create");
      return;
   }
   f->base.h = args->h;
   if (!vkb_table_put(scr, &scr->fences, &f->base, "fence_create")) {
      free(f);
      return;
   }
   /* Everything recorded so far is in the current batch (or older ones). */
   f->serial = vkb_current_serial(scr);
   scr->fences_unannounced++;
}

void
vkb_fences_announce(struct vkb_screen *scr)
{
   for (uint32_t i = 0; i < scr->fences.cap && scr->fences_unannounced; i++) {
      struct vkb_fence *f = (struct vkb_fence *)scr->fences.slots[i];
      if (!f || f->announced || f->serial > scr->completed_serial)
         continue;
      f->announced = true;
      scr->fences_unannounced--;
      struct mgp_event ev = {
         .kind = MGP_EVENT_FENCE_SIGNALLED, .slot = f->base.h.slot, .gen = f->base.h.gen};
      if (scr->env.event)
         scr->env.event(scr->env.session, &ev);
   }
}

void
vkb_fence_status(void *self, const struct mgp_fence_query *args, const void *tail,
                 uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed) {
      write_status(&args->out, MGP_FENCE_LOST);
      return;
   }
   struct vkb_fence *f = vkb_lookup(scr, &scr->fences, args->fence, "fence_status");
   if (!f) {
      write_status(&args->out, MGP_FENCE_LOST);
      return;
   }
   vkb_retire(scr);
   if (f->serial > scr->completed_serial && scr->cur && f->serial >= scr->cur->serial)
      vkb_submit(scr); /* a poll must be able to see the fence signal */
   write_status(&args->out, scr->failed                          ? MGP_FENCE_LOST
                            : f->serial <= scr->completed_serial ? MGP_FENCE_SIGNALLED
                                                                 : MGP_FENCE_UNSIGNALLED);
}

void
vkb_fence_wait(void *self, const struct mgp_fence_query *args, const void *tail,
               uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed) {
      write_status(&args->out, MGP_FENCE_LOST);
      return;
   }
   struct vkb_fence *f = vkb_lookup(scr, &scr->fences, args->fence, "fence_wait");
   if (!f) {
      write_status(&args->out, MGP_FENCE_LOST);
      return;
   }
   VkResult r = vkb_wait_serial(scr, f->serial, args->timeout_ns, true);
   write_status(&args->out, r == VK_SUCCESS   ? MGP_FENCE_SIGNALLED
                            : r == VK_TIMEOUT ? MGP_FENCE_UNSIGNALLED
                                              : MGP_FENCE_LOST);
}

void
vkb_fence_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                  uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed)
      return;
   struct vkb_fence *f = vkb_lookup(scr, &scr->fences, args->h, "fence_destroy");
   if (!f)
      return;
   vkb_table_remove(&scr->fences, &f->base);
   if (!f->announced)
      scr->fences_unannounced--;
   free(f);
}
