/* vkb_draw_queue.c — the draw queue (vkb.h: struct vkb_draw_queue): draws that can share one
 * command (VK_EXT_multi_draw) wait here until a bind or the end of the scope records them. */
#include <string.h>

#include "log.h"
#include "vkb_draw.h"

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
   scr->stats.cmd_draws++;
}

/* Queues one draw behind those it can share a command with (recorded now without
 * VK_EXT_multi_draw). The state bound now is the state it draws with: every bind flushes. */
void
vkb_queue_draw(struct vkb_screen *scr, bool indexed, const struct mgp_draw_range *r,
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
   scr->stats.draws_recorded++;
   scr->cur->draws++;
   if (!scr->has_multi_draw)
      vkb_flush_draws(scr);
}
