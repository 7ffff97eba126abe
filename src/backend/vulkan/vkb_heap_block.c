/* vkb_heap_block.c — the ring arms' heap (stage.h) imported into the device by block of
 * MGP_HEAP_BLOCK_SIZE bytes, so a buffer store the client placed inside one block is a VkBuffer
 * bound into memory imported once (VK_EXT_external_memory_host), not an import of its own. An
 * import pins the pages on a discrete GPU's driver (tens of microseconds), which made every
 * glBufferData of a heap-sized store on spawn and inproc cost that (docs/BENCHMARKS.md, round
 * 50).
 *
 * A block stays imported while buffers use it and after (the next store placed in it binds at
 * once); it counts as the server's memory (mem_in_use) once, whatever number of stores the
 * client names in it, so the session's cap holds the heap as a whole. Unused blocks whose last
 * GPU use completed are freed when a new import would pass a budget or finds
 * VKB_HEAP_IDLE_BLOCKS of them kept, and every block goes before the heap is unmapped
 * (vkb_heap_unmap) or the device is destroyed. */
#include <stdlib.h>

#include "log.h"
#include "vkb.h"

void
vkb_heap_attach(void *screen, void *base, size_t len)
{
   struct vkb_screen *scr = screen;
   struct vkb_heap_blocks *h = &scr->heap_blocks;
   if (h->blocks || !base || !len || !scr->host_import_align || !scr->host_pointer_props ||
       (uintptr_t)base % scr->host_import_align || MGP_HEAP_BLOCK_SIZE % scr->host_import_align)
      return; /* every heap store is imported alone, as before this file */
   const uint64_t count = (len + MGP_HEAP_BLOCK_SIZE - 1) / MGP_HEAP_BLOCK_SIZE;
   h->blocks = count <= UINT32_MAX ? calloc((size_t)count, sizeof(*h->blocks)) : NULL;
   if (!h->blocks)
      return;
   h->base = base;
   h->len = len;
   h->count = (uint32_t)count;
}

static VkDeviceSize
block_size(const struct vkb_heap_blocks *h, uint32_t i)
{
   const VkDeviceSize at = (VkDeviceSize)i * MGP_HEAP_BLOCK_SIZE;
   return h->len - at < MGP_HEAP_BLOCK_SIZE ? h->len - at : MGP_HEAP_BLOCK_SIZE;
}

static void
block_free(struct vkb_screen *scr, struct vkb_heap_block *b)
{
   if (!b->mem)
      return;
   vkUnmapMemory(scr->dev, b->mem);
   vkFreeMemory(scr->dev, b->mem, NULL);
   b->mem = VK_NULL_HANDLE;
   b->map = NULL;
   scr->mem_in_use -= b->size;
   scr->stats.heap_blocks_freed++;
}

/* Unused blocks kept imported past which a new import first frees those no batch reads: the
 * client walks the heap while its freed ranges wait for the server's quiet stamp (a create and
 * delete loop imports block after block), so kept blocks are pinned memory that a later store
 * may never come back to. */
#define VKB_HEAP_IDLE_BLOCKS 4

static uint32_t
idle_blocks(const struct vkb_heap_blocks *h)
{
   uint32_t n = 0;
   for (uint32_t i = 0; i < h->count; i++)
      n += h->blocks[i].mem && !h->blocks[i].users;
   return n;
}

/* Frees the unused blocks no batch still reads; true when one was. */
static bool
free_idle_blocks(struct vkb_screen *scr)
{
   struct vkb_heap_blocks *h = &scr->heap_blocks;
   bool freed = false;
   vkb_retire(scr);
   for (uint32_t i = 0; i < h->count; i++) {
      struct vkb_heap_block *b = &h->blocks[i];
      if (b->mem && !b->users && b->busy <= scr->completed_serial &&
          vkb_serial_fence_signalled(scr, b->busy)) {
         block_free(scr, b);
         freed = true;
      }
   }
   return freed;
}

/* Block i imported as memory of a type the buffer's requirements allow, else false. */
static bool
block_import(struct vkb_screen *scr, uint32_t i, uint32_t type_bits)
{
   struct vkb_heap_blocks *h = &scr->heap_blocks;
   struct vkb_heap_block *b = &h->blocks[i];
   if (b->mem)
      return (type_bits >> b->type) & 1u;
   if (b->refused || h->unmapped)
      return false;
   const VkDeviceSize size = block_size(h, i);
   if (size % scr->host_import_align)
      return false;
   if (idle_blocks(h) >= VKB_HEAP_IDLE_BLOCKS)
      free_idle_blocks(scr);
   if (vkb_over_budget(scr, size) && (!free_idle_blocks(scr) || vkb_over_budget(scr, size)))
      return false;
   void *ptr = h->base + (size_t)i * MGP_HEAP_BLOCK_SIZE;
   VkMemoryHostPointerPropertiesEXT hp = {.sType =
                                             VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
   if (scr->host_pointer_props(scr->dev, VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT,
                               ptr, &hp) != VK_SUCCESS)
      goto refused;
   const int32_t type = vkb_find_memory(
      scr, type_bits & hp.memoryTypeBits,
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
   if (type < 0)
      goto refused;
   VkImportMemoryHostPointerInfoEXT imp = {
      .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT,
      .handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT,
      .pHostPointer = ptr};
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .pNext = &imp,
                               .allocationSize = size,
                               .memoryTypeIndex = (uint32_t)type};
   if (vkAllocateMemory(scr->dev, &mai, NULL, &b->mem) != VK_SUCCESS) {
      b->mem = VK_NULL_HANDLE;
      goto refused;
   }
   if (vkMapMemory(scr->dev, b->mem, 0, VK_WHOLE_SIZE, 0, (void **)&b->map) != VK_SUCCESS) {
      vkFreeMemory(scr->dev, b->mem, NULL);
      b->mem = VK_NULL_HANDLE;
      goto refused;
   }
   b->size = size;
   b->type = (uint32_t)type;
   scr->mem_in_use += size;
   scr->stats.heap_imports++;
   return true;

refused:
   b->refused = true; /* the device takes no import of it: not asked again */
   return false;
}

bool
vkb_heap_block_bind(struct vkb_screen *scr, struct vkb_resource *r, VkBuffer buf,
                    const VkMemoryRequirements *req)
{
   struct vkb_heap_blocks *h = &scr->heap_blocks;
   const struct mgp_span *st = &r->desc.store;
   const uintptr_t p = (uintptr_t)st->ptr, base = (uintptr_t)h->base;
   if (!h->blocks || p < base || p - base >= h->len || st->size > h->len - (p - base))
      return false;
   const uint64_t off = p - base;
   const uint32_t i = (uint32_t)(off / MGP_HEAP_BLOCK_SIZE);
   const VkDeviceSize in_block = off % MGP_HEAP_BLOCK_SIZE, size = block_size(h, i);
   /* The store within one block, the buffer's bytes within the store, its offset aligned. */
   if (st->size > size - in_block || req->size > st->size || !req->alignment ||
       in_block % req->alignment || !block_import(scr, i, req->memoryTypeBits))
      return false;
   struct vkb_heap_block *b = &h->blocks[i];
   if (vkBindBufferMemory(scr->dev, buf, b->mem, in_block) != VK_SUCCESS)
      return false;
   b->users++;
   r->heap_block = b;
   r->map = b->map + in_block;
   return true;
}

void
vkb_heap_block_release(struct vkb_screen *scr, struct vkb_resource *r, uint64_t busy)
{
   struct vkb_heap_block *b = r->heap_block;
   r->heap_block = NULL;
   if (!b)
      return;
   b->users--;
   if (busy > b->busy)
      b->busy = busy;
   if (!b->users && scr->heap_blocks.unmapped)
      block_free(scr, b); /* the heap is going: only after the device went idle */
}

void
vkb_heap_blocks_unmapped(struct vkb_screen *scr)
{
   struct vkb_heap_blocks *h = &scr->heap_blocks;
   h->unmapped = true;
   for (uint32_t i = 0; i < h->count; i++)
      block_free(scr, &h->blocks[i]);
}

void
vkb_heap_blocks_finish(struct vkb_screen *scr)
{
   struct vkb_heap_blocks *h = &scr->heap_blocks;
   if (scr->dev)
      vkb_heap_blocks_unmapped(scr);
   free(h->blocks);
   *h = (struct vkb_heap_blocks){0};
}
