/* pipe_event.h — the server's events: what the server tells the client without being asked
 * (docs/PIPE.md#events). One small fixed record per event; every arm carries it unchanged
 * (tcp: one EVENT frame each, see pipe_stream.h). Like pipe_codec.h this is specification:
 * every field's position is asserted.
 *
 * An event names a pipe handle the client allocated (slot and generation) and a value; it never
 * carries anything local to one process (pointers, fds, pids: rule G). The client checks every
 * event it receives with mgp_event_check; one that fails is Fatal{EventMalformed} for that
 * session, never a crash and never silently dropped.
 *
 * Kinds and their value:
 *   FENCE_SIGNALLED  handle: the fence (fence_create); value: 0. Everything submitted before
 *                    the fence completed on the GPU.
 *   QUERY_RESULT     handle: the query (query_create); value: its result (samples, a boolean,
 *                    nanoseconds, a timestamp), final and available.
 *   BUFFER_WRITTEN   handle: a buffer resource; value: (offset << 32) | size of the range the
 *                    GPU wrote (transform feedback), 0 when the range does not fit that form
 *                    (take the whole buffer). Sent when the batch that wrote it completed.
 *   OUT_OF_MEMORY    handle: a resource (resource_create/respecify); value: the bytes its
 *                    storage needed. The server could not allocate them: the resource has no
 *                    storage (a texture samples as incomplete; other uses decline by name) and
 *                    the client reports GL_OUT_OF_MEMORY; the session goes on. Also a call
 *                    refused whole for staging or descriptor memory (an upload, a read-back, a
 *                    draw): handle: its resource, or the context of a draw; value: the bytes it
 *                    needed (0: not bytes); the call was not done. */
#ifndef MGL_PIPE_EVENT_H
#define MGL_PIPE_EVENT_H

#include <stddef.h>
#include <stdint.h>

enum mgp_event_kind {
   MGP_EVENT_FENCE_SIGNALLED = 1,
   MGP_EVENT_QUERY_RESULT = 2,
   MGP_EVENT_BUFFER_WRITTEN = 3,
   MGP_EVENT_OUT_OF_MEMORY = 4,
};
#define MGP_EVENT_KIND_MAX MGP_EVENT_OUT_OF_MEMORY

struct mgp_event {
   uint32_t kind;     /* enum mgp_event_kind */
   uint32_t reserved; /* 0 */
   uint32_t slot;     /* the handle the event is about; never {0,0} */
   uint32_t gen;
   uint64_t value; /* per kind, above */
};
_Static_assert(sizeof(struct mgp_event) == 24, "event layout");
_Static_assert(offsetof(struct mgp_event, slot) == 8, "event layout");
_Static_assert(offsetof(struct mgp_event, value) == 16, "event layout");

/* Inline, so every side that reads events (the transport's readers too) has it without a
 * library of its own. */
static inline const char *
mgp_event_kind_name(uint32_t kind)
{
   switch (kind) {
   case MGP_EVENT_FENCE_SIGNALLED: return "fence-signalled";
   case MGP_EVENT_QUERY_RESULT: return "query-result";
   case MGP_EVENT_BUFFER_WRITTEN: return "buffer-written";
   case MGP_EVENT_OUT_OF_MEMORY: return "out-of-memory";
   default: return "?";
   }
}

/* NULL when ev is a well-formed event, else what is wrong with it (for the Fatal's detail). */
static inline const char *
mgp_event_check(const struct mgp_event *ev)
{
   if (ev->kind == 0 || ev->kind > MGP_EVENT_KIND_MAX)
      return "unknown event kind";
   if (ev->reserved)
      return "nonzero reserved field";
   if (ev->slot == 0 && ev->gen == 0)
      return "event about the null handle";
   /* A signalled fence carries nothing else; a value there is a peer we do not understand. */
   if (ev->kind == MGP_EVENT_FENCE_SIGNALLED && ev->value)
      return "fence-signalled with a value";
   return NULL;
}

#endif
