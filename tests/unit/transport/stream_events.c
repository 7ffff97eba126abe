/* stream_events.c — the server's events over the tcp framing (pipe_stream.h EVENT, stream.h):
 * the client side is the real stream carrier with its reader thread, the server side a thread
 * that answers SYNC with SYNC_ACK after sending the events the script gives it.
 *  - events arrive in order, unchanged, and only once: after a sync every event the server
 *    sent before its SYNC_ACK is in the client's inbox (frames are ordered), taking never
 *    waits, and taking in small batches loses none;
 *  - an event of an unknown kind, with a nonzero reserved field, about the null handle, or in
 *    a frame of the wrong size fails the session with Fatal{EventMalformed}: the client does
 *    not crash, the waiting sync returns false, and nothing of it reaches the inbox.
 * Shown red: with the reader's EVENT case removed, the first phase failed with "unknown kind
 * 20" (Fatal{ProtocolCorruption}); with mgp_event_check not called, the malformed events were
 * queued and the session stayed healthy. Every phase runs under a watchdog. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "decline.h"
#include "pipe_event.h"
#include "pipe_stream.h"
#include "ring_test_util.h"
#include "stream.h"

#define MANY 1000u

struct server {
   int fd;
   const struct mgp_event *events; /* sent before the first SYNC_ACK */
   uint32_t num_events;
   const void *raw; /* or one EVENT frame with this body instead */
   uint32_t raw_size;
};

static void *
server_main(void *arg)
{
   struct server *s = arg;
   struct mgt_frame_buf buf = {0};
   for (;;) {
      struct mgp_frame h;
      if (mgt_stream_read_frame(s->fd, &h, &buf) != MGT_STREAM_OK)
         break;
      if (h.kind == MGP_FRAME_SYNC) {
         for (uint32_t i = 0; i < s->num_events; i++)
            CHECK(mgt_stream_send_event(s->fd, &s->events[i]) == 0, "send event");
         s->num_events = 0;
         if (s->raw) {
            /* The client fails at this frame and may hang up before the ack: no more writes
             * need to succeed. */
            mgt_stream_send_frame(s->fd, MGP_FRAME_EVENT, 0, 0, s->raw, s->raw_size);
            mgt_stream_send_frame(s->fd, MGP_FRAME_SYNC_ACK, 0, h.a, NULL, 0);
            s->raw = NULL;
            continue;
         }
         CHECK(mgt_stream_send_frame(s->fd, MGP_FRAME_SYNC_ACK, 0, h.a, NULL, 0) == 0, "ack");
      } else if (h.kind == MGP_FRAME_BYE) {
         mgt_stream_send_frame(s->fd, MGP_FRAME_BYE, 0, 0, NULL, 0);
         break;
      }
   }
   mgt_frame_buf_finish(&buf);
   return NULL;
}

static struct mgt_stream_client *
start(struct server *s, pthread_t *t)
{
   int sv[2];
   CHECK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0, "socketpair");
   s->fd = sv[1];
   struct mgt_stream_client *c = mgt_stream_client_create(sv[0], 1u << 20, UINT32_MAX);
   CHECK(c, "client create");
   CHECK(pthread_create(t, NULL, server_main, s) == 0, "thread");
   return c;
}

static void
finish(struct server *s, pthread_t t, struct mgt_stream_client *c)
{
   mgt_stream_client_destroy(c);
   pthread_join(t, NULL);
   close(s->fd);
}

static void
events_arrive_in_order(void)
{
   watchdog_start(60);
   static struct mgp_event sent[MANY];
   for (uint32_t i = 0; i < MANY; i++) {
      bool fence = i % 3 == 0;
      sent[i] = (struct mgp_event){
         .kind = fence ? MGP_EVENT_FENCE_SIGNALLED : MGP_EVENT_QUERY_RESULT,
         .slot = i + 1,
         .gen = 7 + i % 5,
         .value = fence ? 0 : 0x0123456789ABCDEFull ^ ((uint64_t)i << 40) ^ i,
      };
   }
   struct server s = {.events = sent, .num_events = MANY};
   pthread_t t;
   struct mgt_stream_client *c = start(&s, &t);
   struct mgp_event got[MANY + 1];
   CHECK(mgt_stream_client_take_events(c, got, MANY) == 0, "events before the server sent any");
   CHECK(mgt_stream_client_sync(c), "sync");
   uint32_t n = 0, k;
   while ((k = mgt_stream_client_take_events(c, got + n, 7)) > 0)
      n += k; /* small batches: the inbox keeps what was not taken yet */
   CHECK(n == MANY, "%u events arrived of %u", n, MANY);
   CHECK(memcmp(got, sent, sizeof(sent)) == 0, "the events changed or came out of order");
   CHECK(mgt_stream_client_take_events(c, got, MANY) == 0, "an event came out twice");
   CHECK(!mgt_stream_client_failed(c), "the session failed");
   finish(&s, t, c);
   printf("events: %u crossed in order, unchanged, once each\n", MANY);
}

static void
malformed_is_fatal(const char *what, const void *body, uint32_t size)
{
   watchdog_start(60);
   struct mgp_event good = {.kind = MGP_EVENT_FENCE_SIGNALLED, .slot = 1, .gen = 1};
   struct server s = {.events = &good, .num_events = 1, .raw = body, .raw_size = size};
   pthread_t t;
   struct mgt_stream_client *c = start(&s, &t);
   CHECK(!mgt_stream_client_sync(c), "%s: the sync after it succeeded", what);
   CHECK(mgt_stream_client_fatal(c) == MGU_FATAL_EventMalformed, "%s: fatal %s", what,
         mgu_fatal_name(mgt_stream_client_fatal(c)));
   struct mgp_event got[4];
   uint32_t n = mgt_stream_client_take_events(c, got, 4);
   CHECK(n == 1 && memcmp(&got[0], &good, sizeof(good)) == 0,
         "%s: %u events in the inbox (only the good one before it belongs there)", what, n);
   finish(&s, t, c);
   printf("malformed (%s): Fatal{EventMalformed}, nothing queued\n", what);
}

int
main(void)
{
   signal(SIGPIPE, SIG_IGN);
   char dir[] = "/tmp/mgl-events-test-XXXXXX";
   CHECK(mkdtemp(dir), "mkdtemp");
   setenv("MGL_LOG_DIR", dir, 1);
   events_arrive_in_order();

   struct mgp_event e = {.kind = 9, .slot = 1, .gen = 1};
   malformed_is_fatal("unknown kind", &e, sizeof(e));
   e = (struct mgp_event){.kind = MGP_EVENT_QUERY_RESULT, .reserved = 1, .slot = 1, .value = 4};
   malformed_is_fatal("reserved field", &e, sizeof(e));
   e = (struct mgp_event){.kind = MGP_EVENT_QUERY_RESULT, .value = 4};
   malformed_is_fatal("null handle", &e, sizeof(e));
   e = (struct mgp_event){.kind = MGP_EVENT_FENCE_SIGNALLED, .slot = 2, .value = 1};
   malformed_is_fatal("fence with a value", &e, sizeof(e));
   uint64_t two[4] = {MGP_EVENT_FENCE_SIGNALLED, 1, 0, 0};
   malformed_is_fatal("frame of 32 bytes", two, sizeof(two));
   malformed_is_fatal("frame of 16 bytes", two, 16);

   char cmd[128];
   snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
   if (system(cmd) != 0)
      printf("(could not remove %s)\n", dir);
   return 0;
}
