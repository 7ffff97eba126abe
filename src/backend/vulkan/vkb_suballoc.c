/* vkb_suballoc.c — small buffers and images share larger VkDeviceMemory blocks.
 *
 * A vkAllocateMemory and a vkFreeMemory per store were most of what a create+delete cost
 * (docs/BENCHMARKS.md rounds 35, 42). A buffer or image whose memory is at most
 * VKB_SUB_MAX_ALLOC takes a range of a block of its memory type instead; larger stores, those
 * the driver wants dedicated (VkMemoryDedicatedRequirements) and client-heap stores keep their
 * own allocation. A block holds buffers (linear) or images (optimal) alone, never both, so
 * bufferImageGranularity never applies between neighbours; a range starts at the store's
 * alignment, and at nonCoherentAtomSize in memory that is host-visible but not coherent.
 *
 * A freed range returns to its block's free list at once when nothing on the GPU may still use
 * it (the caller says up to which batch: 0 for a store that never reached the GPU, a buffer's
 * last_use); otherwise it waits (pending) until that batch has completed, seen when the fences
 * are next polled (vkb_retire). Contents are never trusted: a store made in a reused range owes
 * its zeroing like any new one (vkb_zero.c), so a range's last owner is never observed.
 *
 * No stall while memory lasts: a range that cannot be taken from the free lists comes from a
 * fresh block; pending bytes past VKB_SUB_PENDING_LIMIT whose batch is still being recorded
 * submit it (no wait), so they can complete. Bounded: blocks are made only while the session's
 * device memory (dedicated allocations plus whole blocks) stays within its budgets and all
 * blocks within VKB_SUB_MAX_BLOCK_BYTES; at that bound the allocator waits for the oldest
 * pending range's batch (sub-pending-waits) and takes from the ranges it frees, and where none
 * is pending the store is allocated on its own. A block found empty is freed unless it is the
 * last empty one of its type and kind. */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "log.h"
#include "vkb.h"

static VkDeviceSize
align_up(VkDeviceSize v, VkDeviceSize a)
{
   return a > 1 ? (v + a - 1) / a * a : v;
}

bool
vkb_sub_block_take(struct vkb_sub_block *b, VkDeviceSize size, VkDeviceSize align,
                   VkDeviceSize *offset)
{
   if (!size || (align & (align - 1)))
      return false;
   for (uint32_t i = 0; i < b->free_count; i++) {
      struct vkb_sub_range *f = &b->free[i];
      const VkDeviceSize at = align_up(f->offset, align);
      if (at < f->offset || at - f->offset >= f->size || f->size - (at - f->offset) < size)
         continue;
      const VkDeviceSize head = at - f->offset, tail = f->size - head - size;
      if (head && tail) {
         /* split in three: the head stays, the tail becomes a new range after it */
         struct vkb_sub_range *n = mgu_array_push(b->free, b->free_count, b->free_cap);
         if (!n)
            return false;
         memmove(&b->free[i + 2], &b->free[i + 1],
                 (b->free_count - 1 - (i + 1)) * sizeof(b->free[0]));
         b->free[i + 1] = (struct vkb_sub_range){at + size, tail};
         b->free[i].size = head;
      } else if (head) {
         f->size = head;
      } else if (tail) {
         f->offset = at + size;
         f->size = tail;
      } else {
         memmove(&b->free[i], &b->free[i + 1], (b->free_count - 1 - i) * sizeof(b->free[0]));
         b->free_count--;
      }
      b->used += size;
      *offset = at;
      return true;
   }
   return false;
}

bool
vkb_sub_block_give(struct vkb_sub_block *b, VkDeviceSize offset, VkDeviceSize size)
{
   if (!size || offset > b->size || size > b->size - offset || size > b->used)
      return false;
   uint32_t i = 0; /* the first free range after offset */
   while (i < b->free_count && b->free[i].offset < offset)
      i++;
   const bool prev_touch = i > 0 && b->free[i - 1].offset + b->free[i - 1].size == offset;
   const bool next_touch = i < b->free_count && offset + size == b->free[i].offset;
   if ((i > 0 && b->free[i - 1].offset + b->free[i - 1].size > offset) ||
       (i < b->free_count && offset + size > b->free[i].offset))
      return false; /* overlaps a free range: a double free */
   if (prev_touch && next_touch) {
      b->free[i - 1].size += size + b->free[i].size;
      memmove(&b->free[i], &b->free[i + 1], (b->free_count - 1 - i) * sizeof(b->free[0]));
      b->free_count--;
   } else if (prev_touch) {
      b->free[i - 1].size += size;
   } else if (next_touch) {
      b->free[i].offset = offset;
      b->free[i].size += size;
   } else {
      if (!mgu_array_reserve(b->free, b->free_cap, (uint64_t)b->free_count + 1))
         return false;
      b->free_count++;
      memmove(&b->free[i + 1], &b->free[i], (b->free_count - 1 - i) * sizeof(b->free[0]));
      b->free[i] = (struct vkb_sub_range){offset, size};
   }
   b->used -= size;
   return true;
}

bool
vkb_sub_block_init(struct vkb_sub_block *b, VkDeviceSize size)
{
   memset(b, 0, sizeof(*b));
   b->size = size;
   b->free = malloc(sizeof(b->free[0]));
   if (!b->free)
      return false;
   b->free[0] = (struct vkb_sub_range){0, size};
   b->free_count = b->free_cap = 1;
   return true;
}

void
vkb_sub_block_finish(struct vkb_sub_block *b)
{
   free(b->free);
   b->free = NULL;
   b->free_count = b->free_cap = 0;
}

bool
vkb_sub_defer(struct vkb_sub_pool *p, struct vkb_sub_block *b, VkDeviceSize offset,
              VkDeviceSize size, uint64_t serial)
{
   struct vkb_sub_pending *e = mgu_array_push(p->pending, p->pending_count, p->pending_cap);
   if (!e)
      return false;
   *e = (struct vkb_sub_pending){b, offset, size, serial};
   p->pending_bytes += size;
   return true;
}

bool
vkb_sub_release(struct vkb_sub_pool *p, struct vkb_sub_block *b, VkDeviceSize offset,
                VkDeviceSize size, uint64_t busy, uint64_t completed)
{
   if (busy <= completed)
      return vkb_sub_block_give(b, offset, size);
   /* reclaim takes a prefix in serial order: a range later than the newest pending one may
    * stand behind it, never before it (it waits a little longer, never less) */
   if (p->pending_count && p->pending[p->pending_count - 1].serial > busy)
      busy = p->pending[p->pending_count - 1].serial;
   return vkb_sub_defer(p, b, offset, size, busy);
}

uint32_t
vkb_sub_reclaim(struct vkb_sub_pool *p, uint64_t completed)
{
   /* Serials are appended in order (the open batch's, which only grows): a prefix is done. */
   uint32_t n = 0;
   while (n < p->pending_count && p->pending[n].serial <= completed) {
      const struct vkb_sub_pending *e = &p->pending[n];
      if (!vkb_sub_block_give(e->block, e->offset, e->size))
         e->block->lost += e->size; /* out of host memory for the free list: never reused */
      p->pending_bytes -= e->size;
      n++;
   }
   if (n) {
      memmove(p->pending, p->pending + n, (p->pending_count - n) * sizeof(p->pending[0]));
      p->pending_count -= n;
   }
   return n;
}

/* ---- the screen's pools ------------------------------------------------------------------ */

/* Device memory the session holds for resources: dedicated allocations plus whole blocks. */
static VkDeviceSize
held_bytes(const struct vkb_screen *scr)
{
   return scr->mem_in_use - scr->sub.used_bytes + scr->sub.block_bytes;
}

static bool
within(VkDeviceSize budget, VkDeviceSize held, VkDeviceSize more)
{
   return !budget || (more <= budget && held <= budget - more);
}

static void
block_free(struct vkb_screen *scr, struct vkb_sub_block *b)
{
   struct vkb_sub_block **pp = &scr->sub.blocks;
   while (*pp != b)
      pp = &(*pp)->next;
   *pp = b->next;
   scr->sub.block_bytes -= b->size;
   if (b->map)
      vkUnmapMemory(scr->dev, b->mem);
   vkFreeMemory(scr->dev, b->mem, NULL);
   vkb_sub_block_finish(b);
   free(b);
}

/* Pending ranges of completed batches back to their blocks; blocks left empty freed but one
 * per memory type and kind (the next create of a loop reuses it). */
static void
reclaim(struct vkb_screen *scr)
{
   if (!scr->sub.pool.pending_count || !vkb_sub_reclaim(&scr->sub.pool, scr->completed_serial))
      return;
   bool kept[VK_MAX_MEMORY_TYPES][2] = {{false}};
   for (struct vkb_sub_block *b = scr->sub.blocks, *next; b; b = next) {
      next = b->next;
      if (b->used || b->lost)
         continue;
      if (!kept[b->type][b->image]) {
         kept[b->type][b->image] = true;
         continue;
      }
      block_free(scr, b);
   }
}

static VkDeviceSize
block_limit(const struct vkb_screen *scr)
{
   return scr->sub.block_limit ? scr->sub.block_limit : VKB_SUB_MAX_BLOCK_BYTES;
}

static struct vkb_sub_block *
block_create(struct vkb_screen *scr, uint32_t type, bool image, VkDeviceSize need)
{
   VkDeviceSize size = VKB_SUB_BLOCK_MIN;
   for (const struct vkb_sub_block *b = scr->sub.blocks; b; b = b->next)
      if (b->type == type && b->image == image && b->size * 2 > size)
         size = b->size * 2; /* a type that needs more grows by doubling */
   if (size > VKB_SUB_BLOCK_MAX)
      size = VKB_SUB_BLOCK_MAX;
   while (size < need * 2)
      size *= 2;
   const VkDeviceSize held = held_bytes(scr);
   if (size > block_limit(scr) || scr->sub.block_bytes > block_limit(scr) - size ||
       !within(scr->mem_budget, held, size) || !within(scr->resource_budget, held, size) ||
       size > scr->max_alloc_size)
      return NULL;
   struct vkb_sub_block *b = malloc(sizeof(*b));
   if (!b || !vkb_sub_block_init(b, size)) {
      free(b);
      return NULL;
   }
   b->type = type;
   b->image = image;
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = size,
                               .memoryTypeIndex = type};
   const VkMemoryPropertyFlags f = scr->mem_props.memoryTypes[type].propertyFlags;
   if (vkAllocateMemory(scr->dev, &mai, NULL, &b->mem) != VK_SUCCESS)
      goto fail;
   if ((f & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) &&
       vkMapMemory(scr->dev, b->mem, 0, VK_WHOLE_SIZE, 0, (void **)&b->map) != VK_SUCCESS) {
      vkFreeMemory(scr->dev, b->mem, NULL);
      goto fail;
   }
   b->next = scr->sub.blocks;
   scr->sub.blocks = b;
   scr->sub.block_bytes += size;
   scr->stats.sub_blocks_made++;
   return b;

fail:
   vkb_sub_block_finish(b);
   free(b);
   return NULL; /* the caller allocates the store on its own, which reports what fails */
}

static bool
take_in(struct vkb_screen *scr, uint32_t type, bool image, VkDeviceSize size, VkDeviceSize align,
        struct vkb_sub_block **out, VkDeviceSize *offset)
{
   for (struct vkb_sub_block *b = scr->sub.blocks; b; b = b->next)
      if (b->type == type && b->image == image && b->size - b->used >= size &&
          vkb_sub_block_take(b, size, align, offset)) {
         *out = b;
         return true;
      }
   return false;
}

/* The oldest pending range's batch still being recorded: submitted, so that it can complete. */
static void
submit_oldest(struct vkb_screen *scr)
{
   if (scr->cur && scr->cur->serial <= scr->sub.pool.pending[0].serial) {
      scr->stats.sub_pending_submits++;
      vkb_submit(scr);
   }
}

bool
vkb_sub_alloc(struct vkb_screen *scr, const VkMemoryRequirements *req, uint32_t type, bool image,
              struct vkb_sub_block **out, VkDeviceSize *offset)
{
   if (req->size > VKB_SUB_MAX_ALLOC || scr->knobs.no_suballoc)
      return false;
   const VkMemoryPropertyFlags f = scr->mem_props.memoryTypes[type].propertyFlags;
   VkDeviceSize align = req->alignment ? req->alignment : 1;
   const VkDeviceSize atom = scr->props.limits.nonCoherentAtomSize;
   if ((f & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) && !(f & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) &&
       atom > align)
      align = atom; /* both powers of two: the larger is a multiple of the smaller */
   const VkDeviceSize size = req->size;
   const bool can_wait = !scr->failed && !scr->gpu_hung;
   reclaim(scr);
   /* freed ranges that only a batch still being recorded holds: send it, so they come back */
   if (scr->sub.pool.pending_bytes > VKB_SUB_PENDING_LIMIT && can_wait)
      submit_oldest(scr);
   if (take_in(scr, type, image, size, align, out, offset))
      goto taken;
   /* fences polled, never waited for: batches done since the last poll give their ranges */
   if (scr->sub.pool.pending_count && can_wait &&
       scr->sub.pool.pending[0].serial > scr->completed_serial) {
      vkb_retire(scr);
      reclaim(scr);
      if (take_in(scr, type, image, size, align, out, offset))
         goto taken;
   }
   struct vkb_sub_block *b = block_create(scr, type, image, size + align);
   if (b && vkb_sub_block_take(b, size, align, offset)) {
      *out = b;
      goto taken;
   }
   if (!b && scr->sub.pool.pending_count && can_wait) {
      /* At the bound: wait for the oldest freed ranges rather than grow. Counted. */
      scr->stats.sub_pending_waits++;
      submit_oldest(scr);
      vkb_wait_serial(scr, scr->sub.pool.pending[0].serial, UINT64_MAX, true);
      reclaim(scr);
      if (take_in(scr, type, image, size, align, out, offset))
         goto taken;
   }
   return false;
taken:
   scr->sub.used_bytes += size;
   if (image)
      scr->stats.images_suballocated++;
   else
      scr->stats.buffers_suballocated++;
   return true;
}

void
vkb_sub_free(struct vkb_screen *scr, struct vkb_sub_block *b, VkDeviceSize offset,
             VkDeviceSize size, uint64_t busy)
{
   scr->sub.used_bytes -= size;
   if (scr->failed || scr->gpu_hung) {
      /* nothing more will run (a fatal), or the hung device may still read it: never reused */
      b->lost += size;
      return;
   }
   if (busy <= scr->completed_serial)
      scr->stats.sub_frees_at_once++;
   if (!vkb_sub_release(&scr->sub.pool, b, offset, size, busy, scr->completed_serial))
      b->lost += size; /* out of host memory for the lists: never reused */
}

void
vkb_sub_finish(struct vkb_screen *scr)
{
   while (scr->sub.blocks)
      block_free(scr, scr->sub.blocks);
   free(scr->sub.pool.pending);
   memset(&scr->sub, 0, sizeof(scr->sub));
}
