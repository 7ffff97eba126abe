/* inbox.c — the client's queue of received events (inbox.h). */
#include "inbox.h"

#include <stdlib.h>
#include <string.h>

#include "log.h"

/* MGL_CLIENT_EVENT_BACKLOG: a count from 1 to 2^31; anything else warns and keeps the default. */
static uint32_t
inbox_limit(void)
{
   const char *v = getenv("MGL_CLIENT_EVENT_BACKLOG");
   if (!v || !*v)
      return MGT_INBOX_LIMIT_DEFAULT;
   char *end;
   const unsigned long long n = strtoull(v, &end, 10);
   if (*end || !n || n > (1ull << 31) || *v == '-') {
      mgu_warn("MGL_CLIENT_EVENT_BACKLOG=%s is not a count from 1 to %llu: %u", v, 1ull << 31,
               MGT_INBOX_LIMIT_DEFAULT);
      return MGT_INBOX_LIMIT_DEFAULT;
   }
   return (uint32_t)n;
}

void
mgt_inbox_init(struct mgt_inbox *b)
{
   memset(b, 0, sizeof(*b));
   pthread_mutex_init(&b->lock, NULL);
   b->limit = inbox_limit();
   b->live = true;
}

void
mgt_inbox_finish(struct mgt_inbox *b)
{
   if (!b->live)
      return; /* zeroed: its mutex was never initialised */
   free(b->events);
   b->events = NULL;
   b->capacity = b->count = b->first = 0;
   pthread_mutex_destroy(&b->lock);
   b->live = false;
}

/* Not mgu_array: the events are a ring, and growing unrolls it into the new block. */
static bool
inbox_grow(struct mgt_inbox *b)
{
   if (b->capacity > UINT32_MAX / 2)
      return false;
   uint32_t cap = b->capacity ? b->capacity * 2 : 64;
   struct mgp_event *e = malloc((size_t)cap * sizeof(*e));
   if (!e)
      return false;
   /* Unroll the ring so the oldest event is at 0 again. */
   for (uint32_t i = 0; i < b->count; i++)
      e[i] = b->events[(b->first + i) % b->capacity];
   free(b->events);
   b->events = e;
   b->capacity = cap;
   b->first = 0;
   return true;
}

enum mgt_inbox_push_result
mgt_inbox_push(struct mgt_inbox *b, const struct mgp_event *ev)
{
   pthread_mutex_lock(&b->lock);
   enum mgt_inbox_push_result rc = MGT_INBOX_OK;
   if (b->count >= b->limit)
      rc = MGT_INBOX_FULL;
   else if (b->count == b->capacity && !inbox_grow(b))
      rc = MGT_INBOX_NO_MEMORY;
   if (rc == MGT_INBOX_OK) {
      b->events[(b->first + b->count) % b->capacity] = *ev;
      b->count++;
      b->delivered++;
   }
   pthread_mutex_unlock(&b->lock);
   return rc;
}

uint32_t
mgt_inbox_take(struct mgt_inbox *b, struct mgp_event *out, uint32_t max)
{
   pthread_mutex_lock(&b->lock);
   uint32_t n = b->count < max ? b->count : max;
   for (uint32_t i = 0; i < n; i++)
      out[i] = b->events[(b->first + i) % b->capacity];
   if (n) {
      b->first = (b->first + n) % b->capacity;
      b->count -= n;
   }
   pthread_mutex_unlock(&b->lock);
   return n;
}

uint64_t
mgt_inbox_delivered(struct mgt_inbox *b)
{
   pthread_mutex_lock(&b->lock);
   uint64_t n = b->delivered;
   pthread_mutex_unlock(&b->lock);
   return n;
}
