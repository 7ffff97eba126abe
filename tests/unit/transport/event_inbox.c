/* event_inbox.c — the event record's check (pipe_event.h) and the client's inbox (inbox.h).
 *  - mgp_event_check accepts both kinds well formed and refuses, by name, each bad field;
 *  - one thread pushes 200000 events while another takes them in batches of every size from
 *    1 to 61: all arrive, in order, once each (the inbox grows from empty many times while
 *    events wait in it, unrolling a wrapped ring each time);
 *  - a zeroed inbox can be finished (destroy accepts what was never made);
 *  - the inbox holds at most its limit (MGL_CLIENT_EVENT_BACKLOG, here 5): the sixth push is
 *    refused as full and keeps nothing, and taking one makes room for one.
 * Shown red: with inbox_grow copying the ring from 0 instead of from `first`, the order check
 * failed at the first growth after a wrap. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inbox.h"
#include "pipe_event.h"
#include "ring_test_util.h"

#define COUNT 200000u

static struct mgt_inbox box;

static struct mgp_event
nth(uint32_t i)
{
   return (struct mgp_event){.kind = MGP_EVENT_QUERY_RESULT,
                             .slot = i + 1,
                             .gen = i ^ 0x55,
                             .value = (uint64_t)i * 0x9E3779B97F4A7C15ull};
}

static void *
pusher(void *arg)
{
   (void)arg;
   for (uint32_t i = 0; i < COUNT; i++) {
      struct mgp_event e = nth(i);
      CHECK(mgt_inbox_push(&box, &e) == MGT_INBOX_OK, "push %u", i);
   }
   return NULL;
}

static void
check_refuses(void)
{
   struct mgp_event ok1 = {.kind = MGP_EVENT_FENCE_SIGNALLED, .slot = 3, .gen = 1};
   struct mgp_event ok2 = {.kind = MGP_EVENT_QUERY_RESULT, .slot = 0, .gen = 2, .value = ~0ull};
   CHECK(!mgp_event_check(&ok1) && !mgp_event_check(&ok2), "a good event was refused");
   struct mgp_event bad[] = {
      {.kind = 0, .slot = 1},
      {.kind = MGP_EVENT_KIND_MAX + 1, .slot = 1},
      {.kind = MGP_EVENT_QUERY_RESULT, .reserved = 0x80000000u, .slot = 1},
      {.kind = MGP_EVENT_QUERY_RESULT, .slot = 0, .gen = 0, .value = 1},
      {.kind = MGP_EVENT_FENCE_SIGNALLED, .slot = 1, .value = 1},
   };
   for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      const char *why = mgp_event_check(&bad[i]);
      CHECK(why && why[0], "bad event %zu accepted", i);
      printf("refused: %s\n", why);
   }
   CHECK(strcmp(mgp_event_kind_name(MGP_EVENT_QUERY_RESULT), "query-result") == 0, "name");
}

static void
check_limit(void)
{
   setenv("MGL_CLIENT_EVENT_BACKLOG", "5", 1);
   struct mgt_inbox b;
   mgt_inbox_init(&b);
   CHECK(b.limit == 5, "limit %u from MGL_CLIENT_EVENT_BACKLOG=5", b.limit);
   struct mgp_event e = nth(0), out[8];
   for (int i = 0; i < 5; i++)
      CHECK(mgt_inbox_push(&b, &e) == MGT_INBOX_OK, "push %d under the limit", i);
   CHECK(mgt_inbox_push(&b, &e) == MGT_INBOX_FULL, "the sixth push was not refused as full");
   CHECK(mgt_inbox_delivered(&b) == 5, "a refused event was counted");
   CHECK(mgt_inbox_take(&b, out, 1) == 1, "take one");
   CHECK(mgt_inbox_push(&b, &e) == MGT_INBOX_OK, "no room after a take");
   CHECK(mgt_inbox_take(&b, out, 8) == 5, "five held");
   mgt_inbox_finish(&b);
   setenv("MGL_CLIENT_EVENT_BACKLOG", "0", 1);
   mgt_inbox_init(&b);
   CHECK(b.limit == MGT_INBOX_LIMIT_DEFAULT, "a zero limit kept (%u)", b.limit);
   mgt_inbox_finish(&b);
   unsetenv("MGL_CLIENT_EVENT_BACKLOG");
   printf("limit: 5 held, the sixth refused as full\n");
}

int
main(void)
{
   watchdog_start(120);
   check_refuses();
   check_limit();

   struct mgt_inbox zero;
   memset(&zero, 0, sizeof(zero));
   mgt_inbox_finish(&zero);

   mgt_inbox_init(&box);
   pthread_t t;
   CHECK(pthread_create(&t, NULL, pusher, NULL) == 0, "thread");
   static struct mgp_event got[64];
   uint32_t next = 0, batch = 1;
   while (next < COUNT) {
      uint32_t n = mgt_inbox_take(&box, got, batch);
      for (uint32_t i = 0; i < n; i++, next++) {
         struct mgp_event want = nth(next);
         CHECK(memcmp(&got[i], &want, sizeof(want)) == 0, "event %u out of order", next);
      }
      batch = batch % 61 + 1;
   }
   pthread_join(t, NULL);
   CHECK(mgt_inbox_take(&box, got, 64) == 0, "an event too many");
   CHECK(mgt_inbox_delivered(&box) == COUNT, "delivered %llu",
         (unsigned long long)mgt_inbox_delivered(&box));
   printf("inbox: %u events across two threads, in order, once each (capacity %u)\n", COUNT,
          box.capacity);
   mgt_inbox_finish(&box);
   return 0;
}
