/* session.h — the client's end of a session with the server role (one per share group).
 * The front end sees only MGPipe tables: the session decides whether they go straight into
 * a backend (monolith) or into an encoder and a ring (inproc; spawn and tcp later).
 * MGL_TRANSPORT picks the arm, MGL_BACKEND the renderer; both read once. */
#ifndef MGL_TRANSPORT_SESSION_H
#define MGL_TRANSPORT_SESSION_H

#include <stdbool.h>

#include "decline.h"
#include "pipe_event.h"
#include "pipe_tables.h"

struct mgl_session;

/* Starts the server role for a new share group and fetches its caps. Returns NULL (and logs
 * why) when no server role can be started. */
struct mgl_session *mgl_session_create(void);
void mgl_session_destroy(struct mgl_session *s); /* accepts NULL */

const struct mgp_caps *mgl_session_caps(const struct mgl_session *s);
const struct mgp_screen *mgl_session_screen(struct mgl_session *s);
/* "monolith" / "inproc" */
const char *mgl_session_transport(const struct mgl_session *s);

/* Sends context_create for ctx and fills *out with the table and self the context's calls go
 * through. */
bool mgl_session_context_create(struct mgl_session *s, struct mgp_handle ctx,
                                const struct mgp_context_desc *desc, struct mgp_context *out);
/* Sends context_destroy and releases what the session kept for ctx. */
void mgl_session_context_destroy(struct mgl_session *s, struct mgp_handle ctx);

/* Publishes everything recorded so far and waits until the server applied it (glFinish goes
 * through flush(MGP_FLUSH_FINISH) and then this). A counted round trip. */
void mgl_session_sync(struct mgl_session *s);

/* Moves up to max of the server's events (pipe_event.h) delivered so far into out, oldest
 * first; never waits. After mgl_session_sync, what the server sent while applying the records
 * before it has arrived (on the ring arms, once fewer than MGT_EVENT_SLOTS were left untaken;
 * the rest comes with the next records). A malformed event fails the session with
 * Fatal{EventMalformed}. */
uint32_t mgl_session_take_events(struct mgl_session *s, struct mgp_event *out, uint32_t max);

/* The ring arms' buffer heap (stage.h): the store of a buffer of `size` bytes placed in the
 * segment both sides map, so that its writes can be the only copy. Fills *out (seg
 * MGP_SEG_HEAP) for resource_create/respecify's store; false where there is no heap, the buffer
 * is smaller than the heap's threshold or there is no room (then the server allocates). */
bool mgl_session_heap_place(struct mgl_session *s, uint64_t size, struct mgp_span *out);
/* The store is no longer the buffer's (call after the destroy/respecify that dropped it):
 * reused once the server has no GPU work in flight. Accepts an empty span. */
void mgl_session_heap_drop(struct mgl_session *s, const struct mgp_span *store);
/* Writes size bytes at offset of the buffer in handle slot `slot` whose store is `store`,
 * straight into the store, when the server stamped the buffer idle after every record
 * published so far; false (nothing written): send them as usual. Counted either way. */
bool mgl_session_heap_write(struct mgl_session *s, uint32_t slot, const struct mgp_span *store,
                            uint64_t offset, const void *data, uint64_t size);

/* True once the session failed (server gone, Fatal): the context is lost. */
bool mgl_session_failed(const struct mgl_session *s);
enum mgu_fatal mgl_session_fatal(const struct mgl_session *s);

#endif
