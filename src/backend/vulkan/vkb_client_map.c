/* vkb_client_map.c — a persistent map that is the backend's own memory (MGP_CAP_CLIENT_MAP) or
 * the client's heap store it imported (MGP_CAP_HEAP_MAP). Above the resource and zeroing layers
 * it uses (vkb_resource, vkb_zero), which do not call it. */
#include <string.h>

#include "vkb.h"

/* map_persistent. From the answer on the client writes the store itself, so: GPU work recorded
 * before that uses it is waited for (a map without GL_MAP_UNSYNCHRONIZED_BIT shows every earlier
 * command's writes, and none of them may land on the app's writes later); the zeroing it owes is
 * paid now (a later memset would wipe them); and it keeps no CPU shadow for the rest of its
 * store's life (vkb_resource_for_use drops it; vkb_shadow_init runs only for a new store), so no
 * glBufferSubData renames it: draws always bind the memory the app writes.
 *
 * The client in this process (MGP_CAP_CLIENT_MAP) gets the memory's address. Another process's
 * client (spawn) gets MGP_MAP_HEAP_STORE where the store is its own heap span imported as the
 * buffer's memory (import_heap_store): its mapping of that span is the memory the GPU reads.
 * Such a store never had a shadow (vkb_shadow_init), so no indirect draw skips its clamp on the
 * strength of bytes the client may since have changed, and nothing here reads its bytes.
 * Declined (address 0, no flag: the client ships from its shadow) for memory the host cannot
 * reach coherently, a store of the server's own on another process's map, and a store not made
 * MAP_PERSISTENT. */
void
vkb_map_persistent(void *self, const struct mgp_map_persistent *args, const void *tail,
                   uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   struct mgp_map_answer ans = {0};
   struct vkb_resource *r = vkb_resource_for_use(scr, args->res, "map_persistent");
   const bool persistent =
      r && r->is_buffer && !r->unsupported && (r->desc.storage_flags & MGP_STORAGE_MAP_PERSISTENT);
   const bool here =
      persistent && scr->env.in_process && r->map && r->coherent && (uintptr_t)r->map % 64 == 0;
   const bool heap = persistent && !scr->env.in_process && r->heap_store && r->coherent;
   if (here || heap) {
      vkb_zero_pay(scr, r, r->zero_owed);
      if (vkb_wait_serial(scr, r->last_use, UINT64_MAX, true) == VK_SUCCESS) {
         ans.address = here ? (uint64_t)(uintptr_t)r->map : 0;
         ans.flags = here ? 0 : MGP_MAP_HEAP_STORE;
         ans.size = r->size;
         if (here)
            scr->stats.client_maps++;
         else
            scr->stats.heap_maps++;
      }
   } else if (r) {
      scr->stats.client_maps_declined++;
   }
   if (args->out.ptr && args->out.size >= sizeof(ans))
      memcpy(args->out.ptr, &ans, sizeof(ans));
}
