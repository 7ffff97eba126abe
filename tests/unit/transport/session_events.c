/* session_events.c — the server's events reach the client through a real session on the arm
 * MGL_TRANSPORT names (monolith: called into the inbox; inproc and spawn: the ring's event
 * area; tcp: EVENT frames), from the real Vulkan backend:
 *  - a fence made before any flush does not signal (nothing was submitted): no event after a
 *    sync;
 *  - after flush(FINISH) and a sync, exactly one "fence signalled" names it (slot and
 *    generation), and fence_status agrees;
 *  - a fence destroyed before its batch completed sends nothing, ever; a second live fence
 *    sends its own event once, and no event repeats.
 * Shown red: with vkb_retire not announcing fences, no event arrived on any arm; with the
 * applier's event sink not set, the server failed the session with Fatal{TransportSetup} ("no
 * event path for this session"): inproc saw it at once, spawn saw no event. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe_event.h"
#include "ring_test_util.h"
#include "client_session.h"

static uint32_t
take(struct mgt_client *s, struct mgp_event *out, uint32_t max)
{
   uint32_t n = mgt_client_take_events(s, out, max);
   CHECK(!mgt_client_failed(s), "session failed: %s", mgu_fatal_name(mgt_client_fatal(s)));
   return n;
}

static void
finish(struct mgt_client *s, const struct mgp_context *ctx)
{
   mgp_flush(ctx, &(struct mgp_u32_args){.value = MGP_FLUSH_FINISH});
   mgt_client_sync(s);
}

int
main(void)
{
   watchdog_start(120);
   struct mgt_client *s = mgt_client_create();
   CHECK(s, "no session");
   const char *arm = mgt_client_transport(s);
   const struct mgp_screen *scr = mgt_client_screen(s);
   struct mgp_context ctx;
   CHECK(mgt_client_context_create(s, (struct mgp_handle){1, 1},
                                   &(struct mgp_context_desc){.api = 0}, &ctx),
         "context");
   struct mgp_event ev[8];

   struct mgp_handle f1 = {3, 5};
   mgp_fence_create(scr, &(struct mgp_handle_args){f1});
   mgt_client_sync(s);
   CHECK(take(s, ev, 8) == 0, "%s: an event before anything was submitted", arm);

   finish(s, &ctx);
   uint32_t n = take(s, ev, 8);
   CHECK(n == 1, "%s: %u events after finish, want 1", arm, n);
   CHECK(ev[0].kind == MGP_EVENT_FENCE_SIGNALLED && ev[0].slot == 3 && ev[0].gen == 5 &&
            ev[0].value == 0,
         "%s: event kind %u slot %u gen %u", arm, ev[0].kind, ev[0].slot, ev[0].gen);
   uint32_t status = 99;
   mgp_fence_status(
      scr, &(struct mgp_fence_query){.fence = f1, .out = {.ptr = &status, .size = sizeof(status)}});
   CHECK(status == MGP_FENCE_SIGNALLED, "%s: fence_status %u", arm, status);

   struct mgp_handle f2 = {4, 1}, f3 = {5, 2};
   mgp_fence_create(scr, &(struct mgp_handle_args){f2});
   mgp_fence_create(scr, &(struct mgp_handle_args){f3});
   mgp_fence_destroy(scr, &(struct mgp_handle_args){f2});
   finish(s, &ctx);
   n = take(s, ev, 8);
   CHECK(n == 1 && ev[0].slot == 5 && ev[0].gen == 2, "%s: %u events (slot %u), want f3 only", arm,
         n, n ? ev[0].slot : 0);
   finish(s, &ctx);
   CHECK(take(s, ev, 8) == 0, "%s: an event repeated", arm);

   mgp_fence_destroy(scr, &(struct mgp_handle_args){f1});
   mgp_fence_destroy(scr, &(struct mgp_handle_args){f3});
   mgt_client_context_destroy(s, (struct mgp_handle){1, 1});
   mgt_client_sync(s);
   CHECK(!mgt_client_failed(s), "%s: session failed at the end", arm);
   printf("%s: fence events delivered once each, none for a destroyed fence\n", arm);
   mgt_client_destroy(s);
   return 0;
}
