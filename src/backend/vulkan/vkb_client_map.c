/* vkb_client_map.c — a persistent map that is the backend's own memory (MGP_CAP_CLIENT_MAP).
 * Above the resource and zeroing layers it uses (vkb_resource, vkb_zero), which do not call
 * it. */
#include <string.h>

#include "vkb.h"

/* map_persistent (MGP_CAP_CLIENT_MAP: the client is in this process). From the answer on the
 * client writes the store itself, so: GPU work recorded before that uses it is waited for (a
 * map without GL_MAP_UNSYNCHRONIZED_BIT shows every earlier command's writes, and none of them
 * may land on the app's writes later); the zeroing it owes is paid now (a later memset would
 * wipe them); and it keeps no CPU shadow for the rest of its store's life (vkb_resource_for_use
 * drops it; vkb_shadow_init runs only for a new store), so no glBufferSubData renames it: draws
 * always bind the memory the app writes. Declined (address 0: the client ships from its shadow)
 * for memory the host cannot reach coherently and for a store not made MAP_PERSISTENT. */
void
vkb_map_persistent(void *self, const struct mgp_map_persistent *args, const void *tail,
                   uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   struct mgp_map_answer ans = {0};
   struct vkb_resource *r =
      scr->env.in_process ? vkb_resource_for_use(scr, args->res, "map_persistent") : NULL;
   if (r && r->is_buffer && !r->unsupported && r->map && r->coherent &&
       (uintptr_t)r->map % 64 == 0 && (r->desc.storage_flags & MGP_STORAGE_MAP_PERSISTENT)) {
      vkb_zero_pay(scr, r, r->zero_owed);
      if (vkb_wait_serial(scr, r->last_use, UINT64_MAX, true) == VK_SUCCESS) {
         ans.address = (uint64_t)(uintptr_t)r->map;
         ans.size = r->size;
         scr->stats.client_maps++;
      }
   } else if (r) {
      scr->stats.client_maps_declined++;
   }
   if (args->out.ptr && args->out.size >= sizeof(ans))
      memcpy(args->out.ptr, &ans, sizeof(ans));
}
