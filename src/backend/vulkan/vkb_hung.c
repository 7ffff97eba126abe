/* vkb_hung.c — screens whose device ran GPU work past the watchdog (gpu_hung). The device still
 * runs that work, so nothing it may use is freed, or unmapped, until it is idle: the screen
 * goes to a reaper thread of its own that waits for the device and then frees it, and the ring
 * arms' heap mapping goes with it. The hung screens still held are counted, for the server's
 * cap on them (MGL_SERVER_MAX_HUNG_SCREENS). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

#include "log.h"
#include "vkb.h"

static atomic_uint hung_screens;

unsigned
vkb_hung_screens(void)
{
   return atomic_load(&hung_screens);
}

static uint64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

bool
vkb_idle_by_deadline(struct vkb_screen *scr)
{
   if (scr->gpu_hung)
      return false;
   if (!scr->dev)
      return true;
   /* The submitted batches' fences, within the watchdog's time: a device that has not done
    * them by then is hung, whether or not a wait of the session's saw it before it ended. */
   const uint64_t start = now_ns();
   VkFence fences[64];
   uint32_t n = 0;
   VkResult r = VK_SUCCESS;
   for (struct vkb_batch *b = scr->inflight_head; b && r == VK_SUCCESS; b = b->next) {
      fences[n++] = b->fence;
      if (n < 64 && b->next)
         continue;
      uint64_t wait_ns = UINT64_MAX;
      if (scr->gpu_timeout_ns) {
         const uint64_t spent = now_ns() - start;
         wait_ns = spent < scr->gpu_timeout_ns ? scr->gpu_timeout_ns - spent : 0;
      }
      r = vkWaitForFences(scr->dev, n, fences, VK_TRUE, wait_ns);
      n = 0;
   }
   if (r == VK_TIMEOUT) {
      scr->gpu_hung = true;
      mgu_warn("vulkan: GPU work did not finish within MGL_VK_GPU_TIMEOUT_MS (%llu ms) as the "
               "session ended: the device is hung",
               (unsigned long long)(scr->gpu_timeout_ns / 1000000u));
      return false;
   }
   vkDeviceWaitIdle(scr->dev); /* what no batch fence covers (presents); the batches are done */
   return true;
}

void
vkb_heap_unmap(void *screen, void *map_base, size_t map_len)
{
   struct vkb_screen *scr = screen;
   /* Also when no heap buffer lives any more: a batch may still read a destroyed one. */
   if (!vkb_idle_by_deadline(scr)) {
      scr->hung_heap_base = map_base; /* unmapped by vkb_hung_heap_finish, once idle */
      scr->hung_heap_len = map_len;
      return;
   }
   vkb_heap_blocks_unmapped(scr); /* imports of its pages go first */
   munmap(map_base, map_len);
}

void
vkb_hung_heap_finish(struct vkb_screen *scr)
{
   if (scr->hung_heap_base)
      munmap(scr->hung_heap_base, scr->hung_heap_len);
   scr->hung_heap_base = NULL;
   scr->hung_heap_len = 0;
}

struct reap {
   struct vkb_screen *scr;
   void (*destroy_idle)(struct vkb_screen *scr);
};

static void *
reap_main(void *arg)
{
   struct reap r = *(struct reap *)arg;
   free(arg);
   r.destroy_idle(r.scr); /* waits for the device however long it takes */
   const unsigned left = atomic_fetch_sub(&hung_screens, 1) - 1;
   mgu_warn("vulkan: a hung device finished its work and was freed (%u still running)", left);
   return NULL;
}

void
vkb_hung_reap(struct vkb_screen *scr, void (*destroy_idle)(struct vkb_screen *scr))
{
   /* Freeing what the device still runs would be a use after free inside the driver, and
    * waiting here would hold the session's thread as long as the work runs (forever, for an
    * endless shader). A thread of its own waits, then frees the screen. */
   const unsigned n = atomic_fetch_add(&hung_screens, 1) + 1;
   struct reap *r = malloc(sizeof(*r));
   pthread_t t;
   if (r) {
      *r = (struct reap){scr, destroy_idle};
      if (pthread_create(&t, NULL, reap_main, r) == 0) {
         pthread_detach(t);
         mgu_warn("vulkan: a hung device is left to finish its work (%u running)", n);
         return;
      }
      free(r);
   }
   /* Still counted: the device and its memory are held for good. */
   mgu_error("vulkan: no thread to reap a hung device: it is leaked");
}
