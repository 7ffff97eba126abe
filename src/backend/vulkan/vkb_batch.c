/* vkb_batch.c — command batches, their fences, the upload arena, descriptor pools, deferred
 * destruction and the frame floor.
 *
 * Serials: every batch gets the next serial when it is opened; completed_serial moves only
 * when the batch's VkFence has signalled AND every older batch has (in-flight batches are
 * retired in submission order, stopping at the first unsignalled fence). Whatever a batch owns
 * is released by that retirement and nothing else.
 *
 * Frames: a batch carries the frame serial current at its submission; present(F) submits the
 * last batch of frame F. The completed-frame floor is min(frame of any in-flight batch) - 1,
 * capped at the last presented frame. Before it moves it is proven from separate data, the frame
 * ledger (below): an attempt to move it past a frame whose work has not all completed, or work
 * submitted into a frame already below it, is counted as unsound-serial-complete (refused). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "array.h"
#include "log.h"
#include "vkb.h"

static VkDeviceSize
align_up(VkDeviceSize v, VkDeviceSize a)
{
   return (v + a - 1) / a * a;
}

static void
destroy_garbage(struct vkb_screen *scr, const struct vkb_garbage *g)
{
   const uintptr_t h = (uintptr_t)g->handle;
   switch (g->kind) {
   case VKB_GARBAGE_BUFFER: vkDestroyBuffer(scr->dev, (VkBuffer)h, NULL); break;
   case VKB_GARBAGE_IMAGE: vkDestroyImage(scr->dev, (VkImage)h, NULL); break;
   case VKB_GARBAGE_IMAGE_VIEW: vkDestroyImageView(scr->dev, (VkImageView)h, NULL); break;
   case VKB_GARBAGE_MEMORY: vkFreeMemory(scr->dev, (VkDeviceMemory)h, NULL); break;
   case VKB_GARBAGE_SAMPLER: vkDestroySampler(scr->dev, (VkSampler)h, NULL); break;
   case VKB_GARBAGE_PIPELINE: vkDestroyPipeline(scr->dev, (VkPipeline)h, NULL); break;
   case VKB_GARBAGE_SHADER_MODULE: vkDestroyShaderModule(scr->dev, (VkShaderModule)h, NULL); break;
   case VKB_GARBAGE_SET_LAYOUT:
      vkDestroyDescriptorSetLayout(scr->dev, (VkDescriptorSetLayout)h, NULL);
      break;
   case VKB_GARBAGE_BUFFER_VIEW: vkDestroyBufferView(scr->dev, (VkBufferView)h, NULL); break;
   case VKB_GARBAGE_PIPELINE_LAYOUT:
      vkDestroyPipelineLayout(scr->dev, (VkPipelineLayout)h, NULL);
      break;
   case VKB_GARBAGE_DESCRIPTOR_POOL:
      vkDestroyDescriptorPool(scr->dev, (VkDescriptorPool)h, NULL);
      break;
   }
}

static void
block_destroy(struct vkb_screen *scr, struct vkb_arena_block *blk)
{
   scr->arena_mem_bytes -= blk->size;
   vkb_kept_sets_drop(scr); /* set 0 may name the block's buffer */
   vkDestroyBuffer(scr->dev, blk->buf, NULL);
   vkFreeMemory(scr->dev, blk->mem, NULL);
   free(blk);
}

/* Releases what a completed (or never submitted) batch owns and puts it on the free list. */
static void
batch_recycle(struct vkb_screen *scr, struct vkb_batch *b)
{
   /* Objects deleted while the batch recorded: destroy in reverse order (views before the
    * images they view, images before their memory). */
   for (uint32_t i = b->garbage_count; i-- > 0;)
      destroy_garbage(scr, &b->garbage[i]);
   scr->deferred_held -= b->garbage_count;
   scr->deferred_bytes -= b->garbage_bytes;
   b->garbage_count = 0;
   b->garbage_bytes = 0;
   for (uint32_t i = 0; i < b->dpool_count; i++)
      vkResetDescriptorPool(scr->dev, b->dpools[i], 0);
   b->dpool_cur = 0;
   b->arena_bytes = 0;
   b->draws = 0;
   b->zeroed_bytes = 0;
   while (b->blocks) {
      struct vkb_arena_block *blk = b->blocks;
      b->blocks = blk->next;
      if (blk->size == VKB_ARENA_BLOCK) {
         blk->used = 0;
         blk->next = scr->free_blocks;
         scr->free_blocks = blk;
      } else {
         block_destroy(scr, blk);
      }
   }
   vkResetFences(scr->dev, 1, &b->fence);
   vkResetCommandPool(scr->dev, b->pool, 0);
   b->cmd = b->first_cmd;
   b->seg_count = b->spare_used = 0;
   b->pre_live = VK_NULL_HANDLE;
   b->recording = false;
   b->next = scr->free_batches;
   scr->free_batches = b;
}

static void
batch_destroy(struct vkb_screen *scr, struct vkb_batch *b)
{
   for (uint32_t i = b->garbage_count; i-- > 0;)
      destroy_garbage(scr, &b->garbage[i]);
   scr->deferred_held -= b->garbage_count;
   scr->deferred_bytes -= b->garbage_bytes;
   while (b->blocks) {
      struct vkb_arena_block *blk = b->blocks;
      b->blocks = blk->next;
      block_destroy(scr, blk);
   }
   for (uint32_t i = 0; i < b->dpool_count; i++)
      vkDestroyDescriptorPool(scr->dev, b->dpools[i], NULL);
   vkDestroyFence(scr->dev, b->fence, NULL);
   if (b->hold)
      vkDestroyEvent(scr->dev, b->hold, NULL);
   vkDestroyCommandPool(scr->dev, b->pool, NULL);
   free(b->segs);
   free(b->spare);
   free(b->dpools);
   free(b->garbage);
   free(b);
}

void
vkb_batch_finish_all(struct vkb_screen *scr)
{
   if (scr->cur)
      batch_destroy(scr, scr->cur);
   scr->cur = NULL;
   while (scr->inflight_head) {
      struct vkb_batch *b = scr->inflight_head;
      scr->inflight_head = b->next;
      batch_destroy(scr, b);
   }
   scr->inflight_tail = NULL;
   free(scr->frame_ledger);
   scr->frame_ledger = NULL;
   scr->frame_ledger_count = scr->frame_ledger_cap = 0;
   while (scr->free_batches) {
      struct vkb_batch *b = scr->free_batches;
      scr->free_batches = b->next;
      batch_destroy(scr, b);
   }
   if (scr->keep_pool)
      vkDestroyDescriptorPool(scr->dev, scr->keep_pool, NULL);
   scr->keep_pool = VK_NULL_HANDLE;
   vkb_kept_sets_drop(scr);
   while (scr->free_blocks) {
      struct vkb_arena_block *blk = scr->free_blocks;
      scr->free_blocks = blk->next;
      block_destroy(scr, blk);
   }
}

/* cur_batch when none is being recorded: a batch opened with the next serial. */
static __attribute__((noinline)) struct vkb_batch *
batch_open(struct vkb_screen *scr)
{
   struct vkb_batch *b = scr->free_batches;
   if (b) {
      scr->free_batches = b->next;
   } else {
      b = calloc(1, sizeof(*b));
      if (!b) {
         vkb_fatal(scr, MGU_FATAL_OutOfMemory, "batch");
         return NULL;
      }
      VkCommandPoolCreateInfo pci = {
         .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
         .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
         .queueFamilyIndex = scr->queue_family,
      };
      VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
      if (!vkb_check(scr, vkCreateCommandPool(scr->dev, &pci, NULL, &b->pool), "command pool") ||
          !vkb_check(scr, vkCreateFence(scr->dev, &fci, NULL, &b->fence), "fence")) {
         batch_destroy(scr, b);
         return NULL;
      }
      VkCommandBufferAllocateInfo cai = {
         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
         .commandPool = b->pool,
         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
         .commandBufferCount = 1,
      };
      if (!vkb_check(scr, vkAllocateCommandBuffers(scr->dev, &cai, &b->cmd), "command buffer")) {
         batch_destroy(scr, b);
         return NULL;
      }
      b->first_cmd = b->cmd;
      const VkEventCreateInfo eci = {.sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO};
      if ((scr->knobs.test_hold_batch_ms || scr->knobs.test_hold_until_wait) &&
          !vkb_check(scr, vkCreateEvent(scr->dev, &eci, NULL, &b->hold), "test hold event")) {
         batch_destroy(scr, b);
         return NULL;
      }
   }
   b->next = NULL;
   b->serial = scr->next_serial++;
   b->recording = false;
   b->pre_at = -1;
   scr->cur = b;
   return b;
}

/* The batch being recorded; opened (with the next serial) when there is none. Inline: the
 * default block's upload after every glUniform asks it twice (arena and serial). */
static inline struct vkb_batch *
cur_batch(struct vkb_screen *scr)
{
   if (scr->failed)
      return NULL;
   return scr->cur ? scr->cur : batch_open(scr);
}

/* A command buffer of the batch's pool, begun: a spare one again, else a new one. */
static VkCommandBuffer
batch_begin_spare(struct vkb_screen *scr, struct vkb_batch *b)
{
   if (b->spare_used == b->spare_count) {
      VkCommandBuffer *c = mgu_array_push(b->spare, b->spare_count, b->spare_cap);
      if (!c) {
         vkb_fatal(scr, MGU_FATAL_OutOfMemory, "batch command buffers");
         return VK_NULL_HANDLE;
      }
      const VkCommandBufferAllocateInfo cai = {
         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
         .commandPool = b->pool,
         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
         .commandBufferCount = 1,
      };
      if (!vkb_check(scr, vkAllocateCommandBuffers(scr->dev, &cai, c), "command buffer")) {
         b->spare_count--;
         return VK_NULL_HANDLE;
      }
   }
   VkCommandBuffer cmd = b->spare[b->spare_used];
   const VkCommandBufferBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   if (!vkb_check(scr, vkBeginCommandBuffer(cmd, &bi), "vkBeginCommandBuffer"))
      return VK_NULL_HANDLE;
   b->spare_used++;
   return cmd;
}

static bool
batch_push_seg(struct vkb_screen *scr, struct vkb_batch *b, VkCommandBuffer cmd)
{
   VkCommandBuffer *s = mgu_array_push(b->segs, b->seg_count, b->seg_cap);
   if (!s) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "batch segments");
      return false;
   }
   *s = cmd;
   return true;
}

/* The pre-pass being recorded is complete once another begins or the batch is submitted. */
static bool
batch_end_pre(struct vkb_screen *scr, struct vkb_batch *b)
{
   if (!b->pre_live)
      return true;
   VkCommandBuffer pre = b->pre_live;
   b->pre_live = VK_NULL_HANDLE;
   return vkb_check(scr, vkEndCommandBuffer(pre), "vkEndCommandBuffer");
}

VkCommandBuffer
vkb_batch_split(struct vkb_screen *scr)
{
   VkCommandBuffer cmd = vkb_cmd(scr);
   struct vkb_batch *b = scr->cur;
   if (!cmd || !batch_end_pre(scr, b) ||
       !vkb_check(scr, vkEndCommandBuffer(cmd), "vkEndCommandBuffer") ||
       !batch_push_seg(scr, b, cmd) || !batch_push_seg(scr, b, VK_NULL_HANDLE))
      return VK_NULL_HANDLE;
   b->pre_at = (int32_t)(b->seg_count - 1);
   if (!(b->cmd = batch_begin_spare(scr, b))) {
      b->recording = false; /* nothing more is recorded: the session failed */
      return VK_NULL_HANDLE;
   }
   vkb_binds_lost(scr); /* bound state stays with the command buffer that bound it */
   scr->stats.batch_splits++;
   return b->cmd;
}

VkCommandBuffer
vkb_batch_pre_cmd(struct vkb_screen *scr)
{
   struct vkb_batch *b = scr->cur;
   if (scr->failed || !b || !b->recording || b->pre_at < 0)
      return VK_NULL_HANDLE;
   if (!b->segs[b->pre_at]) {
      if (!batch_end_pre(scr, b) || !(b->pre_live = batch_begin_spare(scr, b)))
         return VK_NULL_HANDLE;
      b->segs[b->pre_at] = b->pre_live;
   }
   return b->pre_live;
}

VkCommandBuffer
vkb_cmd(struct vkb_screen *scr)
{
   if (scr->draws.n)
      scr->batch_hooks.flush_draws(scr);
   struct vkb_batch *b = cur_batch(scr);
   if (!b)
      return NULL;
   if (!b->recording) {
      VkCommandBufferBeginInfo bi = {
         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
         .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
      };
      if (!vkb_check(scr, vkBeginCommandBuffer(b->cmd, &bi), "vkBeginCommandBuffer"))
         return NULL;
      b->recording = true;
      vkb_binds_lost(scr);
      /* Order this batch after everything submitted before it (the first synchronization
       * scope of a barrier covers all earlier commands in submission order). */
      VkMemoryBarrier mb = {
         .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
         .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
         .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
      };
      vkCmdPipelineBarrier(b->cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                           VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
      if (b->hold) {
         /* The batch object is free (its last submission completed): no wait uses it. */
         vkResetEvent(scr->dev, b->hold);
         vkCmdWaitEvents(b->cmd, 1, &b->hold, VK_PIPELINE_STAGE_HOST_BIT,
                         VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, NULL, 0, NULL, 0, NULL);
      }
   }
   return b->cmd;
}

bool
vkb_batch_unrecorded(const struct vkb_screen *scr)
{
   return !scr->draws.n && !(scr->cur && scr->cur->recording);
}

/* The floor's proof reads only the frame ledger: what vkb_submit recorded from frame_serial
 * (never a batch's own frame field) and completed_serial (batches retire in submission order,
 * each after its fence signalled). Invariant: the floor F is sound iff every frame <= F
 * submitted a last batch whose serial <= completed_serial, and F <= last_presented. */
static void
frame_ledger_prune(struct vkb_screen *scr)
{
   uint32_t done = 0;
   while (done < scr->frame_ledger_count &&
          scr->frame_ledger[done].last_serial <= scr->completed_serial)
      done++;
   if (done) {
      memmove(scr->frame_ledger, scr->frame_ledger + done,
              (scr->frame_ledger_count - done) * sizeof(*scr->frame_ledger));
      scr->frame_ledger_count -= done;
   }
}

static void
frame_ledger_record(struct vkb_screen *scr, uint64_t frame, uint64_t serial)
{
   if (frame <= scr->completed_frame_floor) {
      /* work submitted into a frame already declared complete */
      scr->stats.unsound_serial_complete++;
      mgu_warn("vulkan: unsound-serial-complete: batch %llu submitted for frame %llu, at or "
               "below the completed frame floor %llu",
               (unsigned long long)serial, (unsigned long long)frame,
               (unsigned long long)scr->completed_frame_floor);
   }
   struct vkb_frame_mark *last =
      scr->frame_ledger_count ? &scr->frame_ledger[scr->frame_ledger_count - 1] : NULL;
   if (last && last->frame == frame) {
      last->last_serial = serial;
      return;
   }
   struct vkb_frame_mark *m =
      mgu_array_push(scr->frame_ledger, scr->frame_ledger_count, scr->frame_ledger_cap);
   if (!m) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "frame ledger");
      return;
   }
   *m = (struct vkb_frame_mark){frame, serial};
}

static void
update_frame_floor(struct vkb_screen *scr)
{
   uint64_t candidate = scr->last_presented;
   for (struct vkb_batch *b = scr->inflight_head; b; b = b->next)
      if (b->frame_serial - 1 < candidate)
         candidate = b->frame_serial - 1;
   if (candidate <= scr->completed_frame_floor)
      return;
   /* The proof, from the ledger only: the oldest frame not known complete must be above it. */
   frame_ledger_prune(scr);
   const struct vkb_frame_mark *open = scr->frame_ledger_count ? &scr->frame_ledger[0] : NULL;
   if ((open && open->frame <= candidate) || candidate > scr->last_presented) {
      scr->stats.unsound_serial_complete++;
      mgu_warn("vulkan: unsound-serial-complete: refusing to move the completed frame floor "
               "to %llu: frame %llu's last batch %llu is not complete (completed %llu, last "
               "presented %llu)",
               (unsigned long long)candidate, open ? (unsigned long long)open->frame : 0ull,
               open ? (unsigned long long)open->last_serial : 0ull,
               (unsigned long long)scr->completed_serial, (unsigned long long)scr->last_presented);
      return;
   }
   scr->completed_frame_floor = candidate;
}

void
vkb_retire(struct vkb_screen *scr)
{
   if (!scr->dev)
      return;
   uint64_t was = scr->completed_serial;
   while (scr->inflight_head) {
      struct vkb_batch *b = scr->inflight_head;
      VkResult r = vkGetFenceStatus(scr->dev, b->fence);
      if (r == VK_NOT_READY)
         break;
      if (!vkb_check(scr, r, "vkGetFenceStatus"))
         break;
      scr->inflight_head = b->next;
      if (!scr->inflight_head)
         scr->inflight_tail = NULL;
      if (!scr->completed_serial && scr->env.rearm_exit)
         scr->env.rearm_exit(scr->env.session);
      scr->completed_serial = b->serial;
      scr->inflight_arena_bytes -= b->arena_bytes;
      batch_recycle(scr, b);
   }
   update_frame_floor(scr);
   if (scr->completed_serial != was) {
      for (unsigned i = 0; i < scr->batch_hooks.retired_count; i++)
         scr->batch_hooks.retired[i](scr);
   }
}

/* MGL_TEST_VK_HOLD_BATCH_MS: sets a submitted batch's hold event after the delay. The batch
 * cannot complete, nor its event be destroyed, before that. */
struct hold_release {
   VkDevice dev;
   VkEvent event;
   unsigned ms;
};

static void *
hold_release_main(void *arg)
{
   struct hold_release h = *(struct hold_release *)arg;
   free(arg);
   struct timespec ts = {h.ms / 1000, (long)(h.ms % 1000) * 1000000L};
   while (nanosleep(&ts, &ts) != 0)
      ;
   vkSetEvent(h.dev, h.event);
   return NULL;
}

static void
hold_release_start(struct vkb_screen *scr, struct vkb_batch *b)
{
   struct hold_release *h = malloc(sizeof(*h));
   pthread_t t;
   if (h) {
      *h = (struct hold_release){scr->dev, b->hold, scr->knobs.test_hold_batch_ms};
      if (pthread_create(&t, NULL, hold_release_main, h) == 0) {
         pthread_detach(t);
         return;
      }
      free(h);
   }
   vkSetEvent(scr->dev, b->hold); /* no thread: released at once */
}

/* MGL_TEST_VK_HOLD_BATCH_MS=wait: releases the held batches up to serial (the host waits for
 * them). Setting an event already set is harmless. */
static void
hold_release_upto(struct vkb_screen *scr, uint64_t serial)
{
   if (!scr->knobs.test_hold_until_wait)
      return;
   for (struct vkb_batch *b = scr->inflight_head; b && b->serial <= serial; b = b->next)
      if (b->hold)
         vkSetEvent(scr->dev, b->hold);
}

void
vkb_batch_release_held(struct vkb_screen *scr)
{
   hold_release_upto(scr, UINT64_MAX);
}

VkResult
vkb_batch_quiesce(struct vkb_screen *scr, uint64_t timeout_ns, unsigned *waited)
{
   *waited = 0;
   if (!scr->dev || scr->failed || scr->gpu_hung || !scr->inflight_tail)
      return VK_SUCCESS;
   for (struct vkb_batch *b = scr->inflight_head; b; b = b->next)
      (*waited)++;
   hold_release_upto(scr, UINT64_MAX);
   return vkWaitForFences(scr->dev, 1, &scr->inflight_tail->fence, VK_TRUE, timeout_ns);
}

uint64_t
vkb_submit(struct vkb_screen *scr)
{
   if (scr->failed)
      return 0;
   scr->batch_hooks.end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return 0;
   struct vkb_batch *b = scr->cur;
   /* Make every write of the batch visible to the host (readbacks, mapped buffers). */
   VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &mb, 0, NULL, 0, NULL);
   if (!batch_end_pre(scr, b) || !vkb_check(scr, vkEndCommandBuffer(cmd), "vkEndCommandBuffer"))
      return 0;
   /* the segments in order, the unused pre-pass slots left out, then the last */
   uint32_t n = 0;
   for (uint32_t i = 0; i < b->seg_count; i++)
      if (b->segs[i])
         b->segs[n++] = b->segs[i];
   b->seg_count = n;
   b->pre_at = -1;
   if (n && !batch_push_seg(scr, b, cmd))
      return 0;
   VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = n ? b->seg_count : 1,
      .pCommandBuffers = n ? b->segs : &cmd,
   };
   /* MGL_VK_FAKE_DEVICE_LOST: this submit answers as a lost device would (nothing runs) */
   const bool fake_lost =
      scr->knobs.test_device_lost_at && scr->stats.submits + 1 == scr->knobs.test_device_lost_at;
   if (!vkb_check(scr,
                  fake_lost ? VK_ERROR_DEVICE_LOST : vkQueueSubmit(scr->queue, 1, &si, b->fence),
                  "vkQueueSubmit"))
      return 0;
   if (b->hold && scr->knobs.test_hold_batch_ms)
      hold_release_start(scr, b);
   scr->inflight_arena_bytes += b->arena_bytes;
   if (scr->inflight_arena_bytes > scr->stats.inflight_arena_peak)
      scr->stats.inflight_arena_peak = scr->inflight_arena_bytes;
   frame_ledger_record(scr, scr->frame_serial, b->serial);
   b->frame_serial = scr->frame_serial + (scr->knobs.test_skew_batch_frame ? 1 : 0);
   b->next = NULL;
   if (scr->inflight_tail)
      scr->inflight_tail->next = b;
   else
      scr->inflight_head = b;
   scr->inflight_tail = b;
   scr->cur = NULL;
   scr->stats.submits++;
   vkb_binds_lost(scr);
   const uint64_t serial = b->serial;
   if (scr->env.rearm_exit && !scr->exit_warm && b->draws) {
      /* In the program's own process, once: a driver may compile as it draws (lavapipe) and
       * register exit-time destructors then. Once the first batch that draws is done, the
       * process's exit hook is registered behind them. No retiring here: the caller may still
       * read the batch's staging memory. */
      scr->exit_warm = true;
      if (vkb_wait_serial(scr, serial, UINT64_MAX, false) == VK_SUCCESS)
         scr->env.rearm_exit(scr->env.session);
   }
   return serial;
}

static uint64_t
now_ns(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Polls the fence of the newest in-flight batch up to `serial` (one queue: it signals after
 * every older one) for at most wait_spin_ns and the wait's own timeout; true when it has
 * signalled. A wait of no time is left to vkWaitForFences. */
static bool
poll_fence(struct vkb_screen *scr, uint64_t serial, uint64_t timeout_ns)
{
   if (!scr->wait_spin_ns || !timeout_ns)
      return false;
   struct vkb_batch *last = NULL;
   for (struct vkb_batch *b = scr->inflight_head; b && b->serial <= serial; b = b->next)
      last = b;
   if (!last)
      return false;
   const uint64_t budget = timeout_ns < scr->wait_spin_ns ? timeout_ns : scr->wait_spin_ns;
   const uint64_t start = now_ns();
   do {
      if (vkGetFenceStatus(scr->dev, last->fence) == VK_SUCCESS)
         return true;
   } while (now_ns() - start < budget);
   return false;
}

VkResult
vkb_wait_serial(struct vkb_screen *scr, uint64_t serial, uint64_t timeout_ns, bool retire)
{
   if (scr->failed)
      return VK_ERROR_DEVICE_LOST;
   if (serial <= scr->completed_serial)
      return VK_SUCCESS;
   if (scr->cur && serial >= scr->cur->serial) {
      if (!vkb_submit(scr))
         return VK_ERROR_DEVICE_LOST;
   }
   /* The watchdog: no wait outlasts gpu_timeout_ns. A device that has not finished by then
    * is hung (or running a hostile client's endless work) and the session is lost. */
   hold_release_upto(scr, serial);
   const bool capped = scr->gpu_timeout_ns && timeout_ns > scr->gpu_timeout_ns;
   const uint64_t wait_ns = capped ? scr->gpu_timeout_ns : timeout_ns;
   if (poll_fence(scr, serial, wait_ns)) {
      scr->stats.fence_waits_spun++;
      if (retire)
         vkb_retire(scr);
      return VK_SUCCESS;
   }
   VkFence fences[64];
   uint32_t n = 0;
   VkResult r = VK_SUCCESS;
   for (struct vkb_batch *b = scr->inflight_head; b && b->serial <= serial; b = b->next) {
      fences[n++] = b->fence;
      if (n == 64) {
         scr->stats.fence_waits_slept++;
         r = vkWaitForFences(scr->dev, n, fences, VK_TRUE, wait_ns);
         if (r != VK_SUCCESS)
            break;
         n = 0;
      }
   }
   if (r == VK_SUCCESS && n) {
      scr->stats.fence_waits_slept++;
      r = vkWaitForFences(scr->dev, n, fences, VK_TRUE, wait_ns);
   }
   if (r == VK_TIMEOUT && capped) {
      char detail[160];
      snprintf(detail, sizeof(detail),
               "GPU work did not finish within MGL_VK_GPU_TIMEOUT_MS (%llu ms)",
               (unsigned long long)(scr->gpu_timeout_ns / 1000000u));
      scr->gpu_hung = true;
      vkb_fatal(scr, MGU_FATAL_GpuTimeout, detail);
      return VK_ERROR_DEVICE_LOST;
   }
   if (r != VK_SUCCESS && r != VK_TIMEOUT) {
      vkb_check(scr, r, "vkWaitForFences");
      return r;
   }
   if (retire)
      vkb_retire(scr);
   return r;
}

static bool
is_oom(VkResult r)
{
   return r == VK_ERROR_OUT_OF_DEVICE_MEMORY || r == VK_ERROR_OUT_OF_HOST_MEMORY;
}

/* A block of host-visible memory. The device's out of memory (or MGL_TEST_VK_STAGING_MAX's)
 * is VKB_ARENA_OOM, no Fatal: the caller decides; anything else is a Fatal here. */
static enum vkb_arena_result
block_create(struct vkb_screen *scr, VkDeviceSize size, struct vkb_arena_block **out)
{
   if (scr->knobs.test_staging_max && size > scr->knobs.test_staging_max)
      return VKB_ARENA_OOM;
   struct vkb_arena_block *blk = calloc(1, sizeof(*blk));
   if (!blk)
      return VKB_ARENA_OOM;
   blk->size = size;
   VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = size,
      .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
               VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
               VK_BUFFER_USAGE_INDEX_BUFFER_BIT,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
   };
   VkResult r = vkCreateBuffer(scr->dev, &bci, NULL, &blk->buf);
   if (r != VK_SUCCESS)
      goto fail_buffer;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(scr->dev, blk->buf, &req);
   const VkMemoryPropertyFlags hv =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   int32_t type =
      vkb_find_memory(scr, req.memoryTypeBits, hv | VK_MEMORY_PROPERTY_HOST_CACHED_BIT, 0);
   if (type < 0)
      type = vkb_find_memory(scr, req.memoryTypeBits, hv, 0);
   if (type < 0) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "no host-visible coherent memory type");
      goto fail_memory;
   }
   VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = (uint32_t)type,
   };
   r = vkAllocateMemory(scr->dev, &mai, NULL, &blk->mem);
   if (r != VK_SUCCESS)
      goto fail_memory;
   if (!vkb_check(scr, vkBindBufferMemory(scr->dev, blk->buf, blk->mem, 0), "arena bind") ||
       !vkb_check(scr, vkMapMemory(scr->dev, blk->mem, 0, VK_WHOLE_SIZE, 0, (void **)&blk->map),
                  "arena map"))
      goto fail_bind;
   scr->arena_mem_bytes += blk->size;
   scr->stats.arena_blocks_made++;
   *out = blk;
   return VKB_ARENA_OK;

fail_bind:
   vkFreeMemory(scr->dev, blk->mem, NULL);
fail_memory:
   vkDestroyBuffer(scr->dev, blk->buf, NULL);
fail_buffer:
   free(blk);
   if (scr->failed)
      return VKB_ARENA_FAILED;
   if (is_oom(r))
      return VKB_ARENA_OOM;
   vkb_check(scr, r, "arena memory");
   return VKB_ARENA_FAILED;
}

/* Out of memory for a block: what the submitted batches hold comes back once they complete,
 * and the free blocks go (a large request needs room, not a block of the usual size). The
 * current batch keeps its blocks: slices of it are handed out. */
static void
arena_reclaim(struct vkb_screen *scr)
{
   if (scr->inflight_tail)
      vkb_wait_serial(scr, scr->inflight_tail->serial, UINT64_MAX, true);
   while (scr->free_blocks) {
      struct vkb_arena_block *blk = scr->free_blocks;
      scr->free_blocks = blk->next;
      block_destroy(scr, blk);
   }
}

enum vkb_arena_result
vkb_arena_try(struct vkb_screen *scr, VkDeviceSize size, VkDeviceSize align, struct vkb_alloc *out)
{
   struct vkb_batch *b = cur_batch(scr);
   if (!b)
      return VKB_ARENA_FAILED;
   if (align < 16)
      align = 16;
   struct vkb_arena_block *blk = b->blocks;
   VkDeviceSize off = blk ? align_up(blk->used, align) : 0;
   if (!blk || off + size > blk->size) {
      const VkDeviceSize want = size + align;
      if (size > UINT64_MAX / 2)
         return VKB_ARENA_OOM;
      const VkDeviceSize bytes =
         want <= VKB_ARENA_BLOCK ? VKB_ARENA_BLOCK : align_up(want, 1u << 16);
      if (want <= VKB_ARENA_BLOCK && scr->free_blocks) {
         blk = scr->free_blocks;
         scr->free_blocks = blk->next;
      } else {
         enum vkb_arena_result r = block_create(scr, bytes, &blk);
         if (r == VKB_ARENA_OOM && !scr->failed) {
            arena_reclaim(scr);
            r = scr->failed ? VKB_ARENA_FAILED : block_create(scr, bytes, &blk);
         }
         if (r != VKB_ARENA_OK)
            return scr->failed ? VKB_ARENA_FAILED : r;
      }
      blk->used = 0;
      blk->next = b->blocks;
      b->blocks = blk;
      off = 0;
   }
   blk->used = off + size;
   b->arena_bytes += size;
   out->buf = blk->buf;
   out->offset = off;
   out->block_size = blk->size;
   out->ptr = blk->map + off;
   return VKB_ARENA_OK;
}

bool
vkb_arena_alloc(struct vkb_screen *scr, VkDeviceSize size, VkDeviceSize align,
                struct vkb_alloc *out)
{
   enum vkb_arena_result r = vkb_arena_try(scr, size, align, out);
   if (r == VKB_ARENA_OOM) {
      char detail[96];
      snprintf(detail, sizeof(detail), "arena memory: %llu bytes of staging",
               (unsigned long long)size);
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, detail);
   }
   return r == VKB_ARENA_OK;
}

bool
vkb_arena_or_refuse(struct vkb_screen *scr, VkDeviceSize size, VkDeviceSize align,
                    struct vkb_alloc *out, struct mgp_handle res, const char *call)
{
   const enum vkb_arena_result r = vkb_arena_try(scr, size, align, out);
   if (r == VKB_ARENA_OOM)
      vkb_staging_oom(scr, res, size, call);
   return r == VKB_ARENA_OK;
}

void
vkb_staging_oom(struct vkb_screen *scr, struct mgp_handle res, VkDeviceSize bytes, const char *call)
{
   if (!scr->stats.staging_oom++)
      mgu_warn("vulkan: %s {%u,%u}: no staging memory for %llu bytes (arena %llu bytes): "
               "GL_OUT_OF_MEMORY, the call is not done",
               call, res.slot, res.gen, (unsigned long long)bytes,
               (unsigned long long)scr->arena_mem_bytes);
   const struct mgp_event ev = {
      .kind = MGP_EVENT_OUT_OF_MEMORY, .slot = res.slot, .gen = res.gen, .value = bytes};
   if (scr->env.event)
      scr->env.event(scr->env.session, &ev);
}

static void
defer_sized(struct vkb_screen *scr, enum vkb_garbage_kind kind, uint64_t handle, VkDeviceSize bytes)
{
   if (!handle)
      return;
   if (kind != VKB_GARBAGE_MEMORY && kind != VKB_GARBAGE_PIPELINE &&
       kind != VKB_GARBAGE_SHADER_MODULE && kind != VKB_GARBAGE_PIPELINE_LAYOUT)
      vkb_kept_sets_drop(scr); /* a kept set may name it (or its layout) */
   if (scr->gpu_hung) {
      /* The device may still use it: it goes when the device is idle (vkb_hung_garbage_finish). */
      struct vkb_garbage *g =
         mgu_array_push(scr->hung_garbage, scr->hung_garbage_count, scr->hung_garbage_cap);
      if (!g) {
         mgu_error("vulkan: a hung device's object %llu is leaked (out of memory)",
                   (unsigned long long)handle);
         return;
      }
      *g = (struct vkb_garbage){kind, handle};
      return;
   }
   struct vkb_batch *b = scr->failed ? NULL : cur_batch(scr);
   if (!b) {
      /* After a fatal the device may be gone: nothing will run, destroy now. */
      vkDeviceWaitIdle(scr->dev);
      destroy_garbage(scr, &(struct vkb_garbage){kind, handle});
      return;
   }
   struct vkb_garbage *g = mgu_array_push(b->garbage, b->garbage_count, b->garbage_cap);
   if (!g) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "garbage list");
      vkDeviceWaitIdle(scr->dev);
      destroy_garbage(scr, &(struct vkb_garbage){kind, handle});
      return;
   }
   *g = (struct vkb_garbage){kind, handle};
   if (++scr->deferred_held > scr->stats.deferred_peak)
      scr->stats.deferred_peak = scr->deferred_held;
   b->garbage_bytes += bytes;
   scr->deferred_bytes += bytes;
   if (scr->deferred_bytes > scr->stats.deferred_bytes_peak)
      scr->stats.deferred_bytes_peak = scr->deferred_bytes;
}

void
vkb_defer(struct vkb_screen *scr, enum vkb_garbage_kind kind, uint64_t handle)
{
   defer_sized(scr, kind, handle, 0);
}

void
vkb_defer_memory(struct vkb_screen *scr, VkDeviceMemory mem, VkDeviceSize bytes)
{
   defer_sized(scr, VKB_GARBAGE_MEMORY, (uint64_t)(uintptr_t)mem, bytes);
}

void
vkb_hung_garbage_finish(struct vkb_screen *scr)
{
   for (uint32_t i = 0; i < scr->hung_garbage_count; i++)
      destroy_garbage(scr, &scr->hung_garbage[i]);
   free(scr->hung_garbage);
   scr->hung_garbage = NULL;
   scr->hung_garbage_count = scr->hung_garbage_cap = 0;
}

/* No descriptor memory for a set (the pool's, the device's or the host's): the call that
 * needed it is refused whole (GL_OUT_OF_MEMORY, the event about `about`), counted and logged
 * once; the next call tries again. Anything else is the session's Fatal. */
static VkDescriptorSet
set_refused(struct vkb_screen *scr, VkResult r, const char *what, struct mgp_handle about)
{
   if (r != VK_ERROR_OUT_OF_POOL_MEMORY && r != VK_ERROR_FRAGMENTED_POOL && !is_oom(r)) {
      vkb_check(scr, r, what);
      return VK_NULL_HANDLE;
   }
   if (!scr->stats.descriptor_oom++)
      mgu_warn("vulkan: %s: VkResult %d for {%u,%u}: GL_OUT_OF_MEMORY, the call is not done", what,
               (int)r, about.slot, about.gen);
   const struct mgp_event ev = {
      .kind = MGP_EVENT_OUT_OF_MEMORY, .slot = about.slot, .gen = about.gen};
   if (scr->env.event && about.slot)
      scr->env.event(scr->env.session, &ev);
   return VK_NULL_HANDLE;
}

/* vkCreateDescriptorPool, or the test's out of memory (MGL_TEST_VK_FAIL_DESCRIPTOR_POOL). */
static VkResult
create_descriptor_pool(struct vkb_screen *scr, const VkDescriptorPoolCreateInfo *pci,
                       VkDescriptorPool *out)
{
   if (++scr->descriptor_pools_made == scr->knobs.test_fail_descriptor_pool)
      return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   return vkCreateDescriptorPool(scr->dev, pci, NULL, out);
}

/* The pool sizes of a descriptor pool of the draws' sets. */
static const VkDescriptorPoolSize set_pool_sizes[] = {
   {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1024},
   {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 256},
   {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2048},
   {VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 64},
};

void
vkb_kept_sets_drop(struct vkb_screen *scr)
{
   scr->keep_epoch++;
   scr->stats.kept_set_drops++;
}

VkDescriptorSet
vkb_alloc_kept_set(struct vkb_screen *scr, VkDescriptorSetLayout dsl, struct mgp_handle about)
{
   for (int tries = 0;; tries++) {
      if (scr->keep_pool) {
         VkDescriptorSetAllocateInfo ai = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
            .descriptorPool = scr->keep_pool,
            .descriptorSetCount = 1,
            .pSetLayouts = &dsl,
         };
         VkDescriptorSet set;
         VkResult r = vkAllocateDescriptorSets(scr->dev, &ai, &set);
         if (r == VK_SUCCESS) {
            scr->stats.descriptor_sets++;
            return set;
         }
         if ((r != VK_ERROR_OUT_OF_POOL_MEMORY && r != VK_ERROR_FRAGMENTED_POOL) || tries)
            return set_refused(scr, r, "vkAllocateDescriptorSets", about);
         /* full: its sets may be bound in this batch still, so it goes with the batch's
          * garbage, and none of them is looked up again (vkb_defer moves keep_epoch) */
         const VkDescriptorPool full = scr->keep_pool;
         scr->keep_pool = VK_NULL_HANDLE;
         VKB_DEFER(scr, VKB_GARBAGE_DESCRIPTOR_POOL, full);
      }
      VkDescriptorPoolCreateInfo pci = {
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
         .maxSets = 256,
         .poolSizeCount = sizeof(set_pool_sizes) / sizeof(set_pool_sizes[0]),
         .pPoolSizes = set_pool_sizes,
      };
      const VkResult r = create_descriptor_pool(scr, &pci, &scr->keep_pool);
      if (r != VK_SUCCESS) {
         scr->keep_pool = VK_NULL_HANDLE;
         return set_refused(scr, r, "vkCreateDescriptorPool", about);
      }
   }
}

VkDescriptorSet
vkb_alloc_set(struct vkb_screen *scr, VkDescriptorSetLayout dsl, struct mgp_handle about)
{
   struct vkb_batch *b = cur_batch(scr);
   if (!b)
      return VK_NULL_HANDLE;
   bool fresh = false;
   for (;;) {
      if (b->dpool_cur < b->dpool_count) {
         VkDescriptorSetAllocateInfo ai = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
            .descriptorPool = b->dpools[b->dpool_cur],
            .descriptorSetCount = 1,
            .pSetLayouts = &dsl,
         };
         VkDescriptorSet set;
         VkResult r = vkAllocateDescriptorSets(scr->dev, &ai, &set);
         if (r == VK_SUCCESS) {
            scr->stats.descriptor_sets++;
            return set;
         }
         if ((r != VK_ERROR_OUT_OF_POOL_MEMORY && r != VK_ERROR_FRAGMENTED_POOL) || fresh)
            return set_refused(scr, r, "vkAllocateDescriptorSets", about);
         b->dpool_cur++;
         continue;
      }
      if (!mgu_array_reserve(b->dpools, b->dpool_cap, (uint64_t)b->dpool_count + 1)) {
         vkb_fatal(scr, MGU_FATAL_OutOfMemory, "descriptor pool list");
         return VK_NULL_HANDLE;
      }
      VkDescriptorPoolCreateInfo pci = {
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
         .maxSets = 256,
         .poolSizeCount = sizeof(set_pool_sizes) / sizeof(set_pool_sizes[0]),
         .pPoolSizes = set_pool_sizes,
      };
      const VkResult r = create_descriptor_pool(scr, &pci, &b->dpools[b->dpool_count]);
      if (r != VK_SUCCESS)
         return set_refused(scr, r, "vkCreateDescriptorPool", about);
      b->dpool_count++;
      fresh = true;
   }
}

bool
vkb_serial_fence_signalled(struct vkb_screen *scr, uint64_t serial)
{
   if (serial >= scr->next_serial || (scr->cur && serial >= scr->cur->serial))
      return false; /* not submitted yet */
   for (const struct vkb_batch *b = scr->inflight_head; b; b = b->next)
      if (b->serial == serial)
         return vkGetFenceStatus(scr->dev, b->fence) == VK_SUCCESS;
   return true; /* retired: recycled only after its fence signalled */
}

uint64_t
vkb_current_serial(struct vkb_screen *scr)
{
   struct vkb_batch *b = cur_batch(scr);
   return b ? b->serial : 0;
}

void
vkb_arena_pressure_point(struct vkb_screen *scr)
{
   const bool deferred = scr->cur && (scr->cur->garbage_count >= VKB_BATCH_DEFER_LIMIT ||
                                      scr->cur->garbage_bytes > VKB_BATCH_DEFER_BYTES);
   if (scr->cur &&
       (scr->cur->arena_bytes > VKB_BATCH_ARENA_LIMIT || scr->cur->draws >= VKB_BATCH_DRAW_LIMIT ||
        scr->cur->zeroed_bytes > VKB_BATCH_ZERO_LIMIT || deferred)) {
      scr->stats.pressure_submits++;
      scr->stats.deferred_submits += deferred;
      vkb_submit(scr);
      vkb_retire(scr);
      /* a run of draws the device executes slower than they are recorded: at most
       * VKB_INFLIGHT_BATCH_LIMIT batches queued, so host memory stays bounded */
      unsigned n = 0;
      for (const struct vkb_batch *b = scr->inflight_head; b; b = b->next)
         n++;
      if (n > scr->stats.inflight_batches_peak)
         scr->stats.inflight_batches_peak = n;
      for (; n > VKB_INFLIGHT_BATCH_LIMIT && scr->inflight_head && !scr->failed; n--) {
         scr->stats.batch_throttle_waits++;
         if (vkb_wait_serial(scr, scr->inflight_head->serial, UINT64_MAX, true) != VK_SUCCESS)
            break;
      }
   }
   while (scr->inflight_arena_bytes > VKB_INFLIGHT_ARENA_LIMIT && scr->inflight_head &&
          !scr->failed) {
      scr->stats.arena_throttle_waits++;
      if (vkb_wait_serial(scr, scr->inflight_head->serial, UINT64_MAX, true) != VK_SUCCESS)
         break;
   }
   /* the objects deleted are held until the batches that may use them retire: at most
    * VKB_DEFER_LIMIT of them and VKB_DEFER_BYTES of their memory (a session's deletes cannot
    * hold the server's memory) */
   while ((scr->deferred_held > VKB_DEFER_LIMIT || scr->deferred_bytes > VKB_DEFER_BYTES) &&
          scr->inflight_head && !scr->failed) {
      scr->stats.deferred_waits++;
      if (vkb_wait_serial(scr, scr->inflight_head->serial, UINT64_MAX, true) != VK_SUCCESS)
         break;
   }
}
