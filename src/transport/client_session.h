/* client_session.h — the client's end of a session with the server role (one per share group).
 * The front end sees only MGPipe tables: the session decides whether they go straight into
 * a backend (monolith) or into an encoder and a ring (inproc; spawn and tcp later).
 * MGL_TRANSPORT picks the arm, MGL_BACKEND the renderer; both read once. */
#ifndef MGL_TRANSPORT_CLIENT_SESSION_H
#define MGL_TRANSPORT_CLIENT_SESSION_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "decline.h"
#include "pipe_event.h"
#include "pipe_tables.h"

struct mgt_client;

/* Starts the server role for a new share group and fetches its caps. Returns NULL (and logs
 * why) when no server role can be started. */
struct mgt_client *mgt_client_create(void);
void mgt_client_destroy(struct mgt_client *s); /* accepts NULL */

const struct mgp_caps *mgt_client_caps(const struct mgt_client *s);
const struct mgp_screen *mgt_client_screen(struct mgt_client *s);
/* "monolith" / "inproc" */
const char *mgt_client_transport(const struct mgt_client *s);

/* Sends context_create for ctx and fills *out with the table and self the context's calls go
 * through. */
bool mgt_client_context_create(struct mgt_client *s, struct mgp_handle ctx,
                               const struct mgp_context_desc *desc, struct mgp_context *out);
/* Sends context_destroy and releases what the session kept for ctx. */
void mgt_client_context_destroy(struct mgt_client *s, struct mgp_handle ctx);

/* Publishes everything recorded so far and waits until the server applied it (glFinish goes
 * through flush(MGP_FLUSH_FINISH) and then this). A counted round trip. */
void mgt_client_sync(struct mgt_client *s);

/* Moves up to max of the server's events (pipe_event.h) delivered so far into out, oldest
 * first; never waits. After mgt_client_sync, what the server sent while applying the records
 * before it has arrived (on the ring arms, once fewer than MGT_EVENT_SLOTS were left untaken;
 * the rest comes with the next records). A malformed event fails the session with
 * Fatal{EventMalformed}. */
uint32_t mgt_client_take_events(struct mgt_client *s, struct mgp_event *out, uint32_t max);

/* The ring arms' buffer heap (stage.h): the store of a buffer of `size` bytes placed in the
 * segment both sides map, so that its writes can be the only copy. Fills *out (seg
 * MGP_SEG_HEAP) for resource_create/respecify's store; false where there is no heap, the buffer
 * is smaller than the heap's threshold (MGL_IPC_HEAP_MIN) unless any_size (a persistent map's
 * store, worth its granule whatever its size) or there is no room (then the server allocates). */
bool mgt_client_heap_place(struct mgt_client *s, uint64_t size, bool any_size,
                           struct mgp_span *out);
/* The store is no longer the buffer's (call after the destroy/respecify that dropped it):
 * reused once the server has no GPU work in flight. Accepts an empty span. */
void mgt_client_heap_drop(struct mgt_client *s, const struct mgp_span *store);
/* Writes size bytes at offset of the buffer in handle slot `slot` whose store is `store`,
 * straight into the store, when the server stamped the buffer idle after every record
 * published so far; false (nothing written): send them as usual. Counted either way. */
bool mgt_client_heap_write(struct mgt_client *s, uint32_t slot, const struct mgp_span *store,
                           uint64_t offset, const void *data, uint64_t size);

/* A heap store as the memory another party maps: the stage's memfd (the session's own, valid
 * until mgt_client_destroy: dup it to hand it on), the store's first byte's offset in that memfd
 * and its address in this process. The window system maps the memfd to present a frame the
 * server wrote into the store (present_to_buffer). false where there is no heap or the span is
 * not inside it. */
bool mgt_client_heap_share(struct mgt_client *s, const struct mgp_span *store, int *fd,
                           uint64_t *fd_offset, void **ptr);

/* True once the session failed (server gone, Fatal): the context is lost. */
bool mgt_client_failed(const struct mgt_client *s);
/* The words mgt_client_failed reads, and nothing else: while all an arm has are 0 the session
 * has not failed, so a verb tests it with a few loads and no call (and asks mgt_client_failed,
 * which names the Fatal, only once one is set). Valid as long as the session lives. */
struct mgt_fail_words {
   const bool *client;           /* the client's own failure (set by mgt_client_failed too) */
   const _Atomic int *server;    /* the server session's Fatal (monolith, inproc) */
   const bool *encoder;          /* ring arms: the screen encoder's (a record it could not put) */
   const _Atomic uint32_t *ring; /* ring arms: the ring's failed word, set by either side */
};
enum mgt_fail_check {
   MGT_FAIL_ASK,    /* tcp: the stream's reader has more to say; ask mgt_client_failed */
   MGT_FAIL_DIRECT, /* monolith: client and server are the only words */
   MGT_FAIL_RING,   /* inproc, spawn: all four (server a constant 0 on spawn) */
};
enum mgt_fail_check mgt_client_fail_words(const struct mgt_client *s, struct mgt_fail_words *w);
/* MGT_FAIL_RING's test: whether any of the four is set. */
static inline bool
mgt_fail_words_set(const struct mgt_fail_words *w)
{
   return *w->client || *w->encoder || atomic_load(w->server) || atomic_load(w->ring);
}
enum mgu_fatal mgt_client_fatal(const struct mgt_client *s);

#endif
