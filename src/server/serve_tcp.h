/* serve_tcp.h — the tcp arm's server end, split so that one function serves one connection
 * from its first byte (hello, welcome, frames until the end): the listener's accept loop calls
 * it on a thread per connection, and the stream fuzz target (tests/fuzz/fuzz_stream.c) calls
 * the same function on one end of a socketpair it feeds. */
#ifndef MGL_SERVER_SERVE_TCP_H
#define MGL_SERVER_SERVE_TCP_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "backend.h"
#include "pipe_stream.h"

struct mgs_tcp_conn;

/* What every connection of one listener shares: its settings, the strangers (connections
 * without a hello yet) and the count of sessions. */
struct mgs_tcp_listener {
   char token[MGP_TOKEN_MAX];
   bool close_at_present; /* MGL_TEST_TCP_CLOSE_AT_PRESENT: test-only */
   atomic_uint next_id;
   unsigned max_pending, max_sessions;
   unsigned max_hung; /* MGL_SERVER_MAX_HUNG_SCREENS: hung devices held before sessions wait */
   uint64_t max_stage;
   /* The backend every session runs on; NULL: the one its hello names. */
   const struct mgs_backend *backend;

   pthread_mutex_t lock;
   struct mgs_tcp_conn *pending_head, *pending_tail; /* strangers, oldest first */
   unsigned pending, sessions;
   /* refusals, counted for the log lines that report them */
   uint64_t evicted, timed_out, busy;
};

/* The defaults (the caps, the stage bound) and token; the environment is not read. */
void mgs_tcp_listener_init(struct mgs_tcp_listener *l, const char *token);
/* Serves the connection on fd on the calling thread until it ends, then closes fd. peer names
 * it in the log. false: no memory to serve it (fd closed). */
bool mgs_tcp_serve_connection(struct mgs_tcp_listener *l, int fd, const char *peer);

#endif
