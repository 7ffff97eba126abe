/* vkb_query_room.c — room in one kind of query slots: the one wait every slot kind
 * (occlusion, timestamps, pipeline statistics, primitives) shares. Below the query files that
 * use it (vkb_query, vkb_pstats, vkb_xfb), above only the batch layer, so none of them calls
 * another in a loop for it. */
#include "log.h"
#include "vkb.h"

void
vkb_query_slots_room(struct vkb_screen *scr, const struct vkb_query_room *k)
{
   if (*k->free_count >= k->want || scr->failed)
      return;
   vkb_retire(scr);
   if (k->fold)
      k->fold(scr);
   if (*k->free_count >= k->want)
      return;
   if (k->what)
      MGU_DECLINE(query_slots_server_wait, "%u %s query slots in flight", k->held, k->what);
   while (*k->free_count < k->want && !scr->failed) {
      const uint64_t oldest = k->oldest(scr);
      if (!oldest || oldest <= scr->completed_serial)
         break; /* held by active queries only, or readable yet not read (a fatal) */
      (*k->waits)++;
      if (vkb_wait_serial(scr, oldest, UINT64_MAX, true) != VK_SUCCESS)
         break;
      if (k->fold)
         k->fold(scr);
   }
}
