/* vkb_draw_queue.c — the draw queue (vkb.h: struct vkb_draw_queue): draws that can share one
 * command (VK_EXT_multi_draw) wait here until a bind or the end of the scope records them. */
#include <string.h>

#include "log.h"
#include "vkb_draw.h"

/* ---- the draw queue (vkb.h: struct vkb_draw_queue) ------------------------------------------ */

void
vkb_flush_queued_draws(struct vkb_screen *scr)
{
   struct vkb_draw_queue *q = &scr->draws;
   const uint32_t n = q->n;
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
   scr->stats.cmd_draws++;
}
