/* fuzz_replay.c — libFuzzer target: recorded sessions replayed into the server's applier over
 * the real backend (Vulkan; lavapipe here), built with ASan+UBSan.
 *
 * The input is what a tcp client writes after its hello (MGL_TEST_TCP_CAPTURE=PATH records it
 * from any program, e.g. the scenario lane): RECORD frames, SYNCs and a BYE. Each input gets a
 * fresh server session, as a connection does; every RECORD frame goes through
 * mgt_stream_split_record and mgs_session_apply with mgt_stream_resolve_inline (decode, handle
 * checks, dispatch into the backend) until the session fails, the stream ends or says BYE;
 * then the session is destroyed (the backend waits for its GPU work and frees everything, so a
 * leak of the session is a LeakSanitizer report).
 *
 * The mutator (fuzz_mutate.h) works on records, not bytes, so the framing stays valid and
 * mutations reach the backend: a record's payload bytes, a field set to a value at an
 * arithmetic edge, a handle pointed at another slot, a span's size or offset, a tail grown or
 * shrunk with its count and every size around it rewritten, frames deleted, duplicated or
 * swapped, and sessions spliced together. */
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_frames.h"
#include "fuzz_vulkan.h"
#include "log.h"
#include "../../src/server/session.h" /* the server's (transport has a session.h too) */
#include "stream.h"

/* The most reply area a frame may ask here: a server's limit comes from the hello's stage
 * size; the replayed sessions' answers are far smaller. */
#define FUZZ_REPLY_MAX (4u << 20)

static int
accept_event(void *ctx, const struct mgp_event *ev)
{
   (void)ctx;
   (void)ev;
   return 0;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   (void)argc;
   (void)argv;
   fuzz_vulkan_init("fuzz-replay");
   return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   char err[200];
   fuzz_vulkan_session_begin();
   struct mgs_session *s = mgs_session_create("vulkan", err, sizeof(err));
   if (!s) {
      fprintf(stderr, "fuzz-replay: no session: %s\n", err);
      abort(); /* the backend must start: an input that cannot run proves nothing */
   }
   mgs_session_set_event_sink(s, accept_event, NULL);
   struct mgt_frame_buf buf = {0}, reply = {0};
   size_t pos = 0;
   struct fuzz_frame f;
   while (fuzz_next_frame(data, size, &pos, &f)) {
      if (f.h.kind == MGP_FRAME_SYNC)
         continue;
      if (f.h.kind != MGP_FRAME_RECORD || f.h.size % 8)
         break; /* BYE, or what the server's frame reader refuses */
      /* The body in a buffer of its own, 16-aligned as the server's frame buffer is. */
      if (f.h.size > buf.capacity) {
         mgt_frame_buf_finish(&buf);
         buf.data = aligned_alloc(16, (f.h.size + 15u) & ~15u);
         if (!buf.data)
            break;
         buf.capacity = f.h.size;
      }
      if (f.h.size)
         memcpy(buf.data, data + f.at + sizeof(struct mgp_frame), f.h.size);
      const void *record;
      struct mgt_inline_area area;
      if (!buf.data || mgt_stream_split_record(buf.data, f.h.size, f.h.a, &record, &area) ||
          mgt_stream_reply_area(&area, &reply, f.h.b, FUZZ_REPLY_MAX) ||
          !mgs_session_apply(s, record, f.h.a, mgt_stream_resolve_inline, &area))
         break;
   }
   mgt_frame_buf_finish(&buf);
   mgt_frame_buf_finish(&reply);
   fuzz_vulkan_session_end(s, "fuzz-replay");
   mgs_session_destroy(s);
   fuzz_vulkan_note_hung();
   return 0;
}

#ifdef MGL_FUZZ_LIBFUZZER
#include "fuzz_mutate.h"

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed);

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed)
{
   return fuzz_mutate_frames(data, size, max_size, seed);
}
#endif
