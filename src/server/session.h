/* session.h — one server-side session: a backend screen, its contexts, and the Fatal funnel.
 * The applier hands it decoded records; the monolith arm calls the backend directly. */
#ifndef MGL_SERVER_SESSION_H
#define MGL_SERVER_SESSION_H

#include <stdatomic.h>
#include <stdbool.h>

#include "backend.h"
#include "log.h"
#include "pipe_codec.h"

#define MGS_MAX_CONTEXTS 256

struct mgs_session {
   const struct mgs_backend *backend;
   void *screen;
   _Atomic int fatal; /* enum mgu_fatal; 0 while healthy */
   char fatal_detail[256];
   uint64_t records_applied;
   /* Records name their context by slot (the header has 16 bits for it); the generation of
    * each live slot comes from the context_create that made it. */
   uint32_t context_gen[MGS_MAX_CONTEXTS];
   /* Its own decline tally when it shares the process with other sessions (tcp); else NULL
    * and the process's tally serves. */
   struct mgu_decline_tally *tally;
   /* Where the session's events go: the arm serving it sets this (the ring applier's event
    * area, the tcp connection, the monolith client's inbox). Returns 0 or the Fatal that
    * delivering it failed with. */
   int (*event_sink)(void *ctx, const struct mgp_event *ev);
   void *event_ctx;
   /* The record being applied, copied out of the client's memory by the decoder. */
   struct mgp_decoded dec;
};

/* Set once by `--listen` before any session: sessions come over the network, so no window of
 * this machine's displays is theirs (the backend refuses surface_bind_window). */
extern bool mgs_sessions_remote;

/* The process is exiting with the session alive: waits, bounded, for its submitted GPU work
 * (backend.h, quiesce). No other thread may be in the session. False: work still runs. */
bool mgs_session_quiesce(struct mgs_session *s);
/* The thread that applied s's records ends (backend.h, thread_leave). */
void mgs_session_thread_leave(struct mgs_session *s);
/* The client role's exit-hook re-arm (pipe_entry.h), called through backend.h's rearm_exit. */
void mgs_set_exit_rearm(void (*rearm)(void));
void mgs_session_rearm_exit(void *session);
struct mgs_session *mgs_session_create(const char *backend, char *err, unsigned err_size);
/* The hung devices this process holds: sessions failed by GpuTimeout, and the screens the
 * backends keep for a reaper (work past the watchdog; each freed once its device is idle). */
unsigned mgs_hung_screens(void);
/* The same on a backend given by its table (a test harness's). */
struct mgs_session *mgs_session_create_on(const struct mgs_backend *be, char *err,
                                          unsigned err_size);
void mgs_session_destroy(struct mgs_session *s);
/* Prints the backend's gate counters (MGL-GATES) and the decline tally (MGL-DECLINES: the
 * session's own, else the process's) to the server log, as a session ends. */
/* The MGL-GATES line: at most MGS_GATES_MAX counters in one log line of MGS_GATES_LINE_ROOM
 * bytes; the rest are counted in gates-not-shown, which the lanes fail on. */
#define MGS_GATES_MAX 256
#define MGS_GATES_LINE_ROOM (MGU_LOG_MSG_MAX - 32)
void mgs_session_print_tallies(struct mgs_session *s);
/* Gives the session a decline tally of its own and makes it the calling thread's (the thread
 * that serves the session, until mgs_session_destroy). false: out of memory. */
bool mgs_session_use_own_tally(struct mgs_session *s);
/* The screen's caps, for the spawn/tcp welcome (the handshake carries them). */
void mgs_session_get_caps(struct mgs_session *s, struct mgp_caps *caps);
/* The funnel: first Fatal wins; logged with its name; the process goes on. */
void mgs_session_fatal(void *session, enum mgu_fatal name, const char *detail);
/* Sends ev to the client through the sink the arm set. Every event is checked first (a
 * malformed one is the server's bug: Fatal{ProtocolCorruption} here rather than on the
 * client); no sink, or a sink that fails, fails the session by name. */
void mgs_session_post_event(void *session, const struct mgp_event *ev);
void mgs_session_set_event_sink(struct mgs_session *s,
                                int (*sink)(void *ctx, const struct mgp_event *ev), void *ctx);
/* Decodes and applies one record. Returns false when the session failed. */
bool mgs_session_apply(struct mgs_session *s, const void *record, uint32_t size,
                       mgp_span_resolver resolve, void *resolver_ctx);

#endif
