/* event_area.c — the ring arms' reverse path for the server's events (event_area.h). */
#include "event_area.h"

#include <stdlib.h>
#include <string.h>

#include "array.h"

void
mgt_event_writer_init(struct mgt_event_writer *w, struct mgt_event_area *area, uint32_t backlog_max)
{
   memset(w, 0, sizeof(*w));
   w->area = area;
   w->backlog_max = backlog_max;
   w->head = atomic_load_explicit(&area->head, memory_order_relaxed);
}

void
mgt_event_writer_finish(struct mgt_event_writer *w)
{
   free(w->backlog);
   memset(w, 0, sizeof(*w));
}

uint32_t
mgt_event_writer_backlog(const struct mgt_event_writer *w)
{
   return w->backlog_count - w->backlog_first;
}

/* Free slots, or -1 when the reader's tail is impossible. */
static int64_t
free_slots(struct mgt_event_writer *w)
{
   /* Acquire: the reader copied the slots before it moved tail past them. */
   uint64_t tail = atomic_load_explicit(&w->area->tail, memory_order_acquire);
   if (tail > w->head || w->head - tail > MGT_EVENT_SLOTS)
      return -1;
   return (int64_t)(MGT_EVENT_SLOTS - (w->head - tail));
}

static void
publish(struct mgt_event_writer *w, const struct mgp_event *ev)
{
   memcpy(&w->area->slots[w->head % MGT_EVENT_SLOTS], ev, sizeof(*ev));
   w->head++;
}

int
mgt_event_writer_flush(struct mgt_event_writer *w)
{
   if (w->error)
      return w->error;
   const uint32_t held = mgt_event_writer_backlog(w);
   if (!held)
      return MGT_EVENT_OK;
   int64_t space = free_slots(w);
   if (space < 0)
      return w->error = MGT_EVENT_CORRUPT;
   uint32_t n = (uint64_t)space < held ? (uint32_t)space : held;
   for (uint32_t i = 0; i < n; i++)
      publish(w, &w->backlog[w->backlog_first + i]);
   /* The oldest advance by index (a full backlog is not moved for each few slots freed). */
   w->backlog_first += n;
   if (w->backlog_first == w->backlog_count)
      w->backlog_first = w->backlog_count = 0;
   if (n) /* Release: the slots are written before the reader can see head cover them. */
      atomic_store_explicit(&w->area->head, w->head, memory_order_release);
   return MGT_EVENT_OK;
}

int
mgt_event_writer_post(struct mgt_event_writer *w, const struct mgp_event *ev)
{
   if (w->error)
      return w->error;
   if (w->backlog_max && mgt_event_writer_backlog(w) >= w->backlog_max) {
      /* Flushed first: the bound is on what the reader left untaken, not on a burst it has
       * room for. */
      int rc = mgt_event_writer_flush(w);
      if (rc)
         return rc;
      if (mgt_event_writer_backlog(w) >= w->backlog_max)
         return w->error = MGT_EVENT_BACKLOG_FULL;
   }
   if (w->backlog_first && w->backlog_count == w->backlog_capacity) {
      /* Room at the front: moved down once, rather than grown. */
      const uint32_t held = mgt_event_writer_backlog(w);
      memmove(w->backlog, w->backlog + w->backlog_first, (size_t)held * sizeof(*w->backlog));
      w->backlog_first = 0;
      w->backlog_count = held;
   }
   /* Behind the backlog, so events stay in order. */
   struct mgp_event *b = mgu_array_push(w->backlog, w->backlog_count, w->backlog_capacity);
   if (!b)
      return MGT_EVENT_NO_MEMORY;
   *b = *ev;
   return mgt_event_writer_flush(w);
}

void
mgt_event_reader_init(struct mgt_event_reader *r, struct mgt_event_area *area)
{
   memset(r, 0, sizeof(*r));
   r->area = area;
   r->tail = atomic_load_explicit(&area->tail, memory_order_relaxed);
}

int
mgt_event_reader_drain(struct mgt_event_reader *r, struct mgt_inbox *inbox)
{
   if (r->error)
      return r->error;
   /* Acquire: the slots up to head were written before head was. Read once; only the local
    * is used. */
   uint64_t head = atomic_load_explicit(&r->area->head, memory_order_acquire);
   if (head < r->tail || head - r->tail > MGT_EVENT_SLOTS) {
      r->why = "event area head out of range";
      return r->error = MGT_EVENT_CORRUPT;
   }
   int n = 0;
   while (r->tail < head) {
      struct mgp_event ev;
      /* Copied out before it is checked: the writer may not touch the slot before tail moves,
       * but a hostile one may, and the copy is what is checked and kept. */
      memcpy(&ev, (const void *)&r->area->slots[r->tail % MGT_EVENT_SLOTS], sizeof(ev));
      const char *bad = mgp_event_check(&ev);
      if (bad) {
         r->why = bad;
         return r->error = MGT_EVENT_CORRUPT;
      }
      const enum mgt_inbox_push_result pr = mgt_inbox_push(inbox, &ev);
      if (pr != MGT_INBOX_OK) /* not sticky; tail stays, the event is taken next time */
         return pr == MGT_INBOX_FULL ? MGT_EVENT_INBOX_FULL : MGT_EVENT_NO_MEMORY;
      r->tail++;
      n++;
   }
   if (n) /* Release: the slots are copied before the writer may reuse them. */
      atomic_store_explicit(&r->area->tail, r->tail, memory_order_release);
   return n;
}
