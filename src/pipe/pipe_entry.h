/* pipe_entry.h — how a program reaches the server role in libmgl-server.so: the client role
 * for monolith and inproc (the server role in its own process), and mgl-server for spawn and
 * tcp. The library exports one function, mgl_server_entry, returning this table. Defined in
 * src/pipe because both roles meet only here. */
#ifndef MGL_PIPE_ENTRY_H
#define MGL_PIPE_ENTRY_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe_event.h"
#include "pipe_tables.h"

#define MGL_SERVER_ENTRY_ABI 5u
#define MGL_SERVER_ENTRY_SYMBOL "mgl_server_entry"

struct mgs_session;
struct mgs_apply_thread;

struct mgl_server_entry {
   uint32_t abi; /* MGL_SERVER_ENTRY_ABI */
   /* A server session on the named backend ("vulkan"); NULL with a reason in err. */
   struct mgs_session *(*session_create)(const char *backend, char *err, unsigned err_size);
   void (*session_destroy)(struct mgs_session *s);
   /* monolith: the backend's own tables and selves. */
   const struct mgp_screen_vtbl *(*screen_vtbl)(struct mgs_session *s);
   void *(*screen_self)(struct mgs_session *s);
   const struct mgp_context_vtbl *(*context_vtbl)(struct mgs_session *s);
   void *(*context_self)(struct mgs_session *s, struct mgp_handle ctx);
   /* The session's Fatal word: its name (enum mgu_fatal) once the session failed, else 0. A
    * word, not a call: the client reads it at every verb. Lives as long as the session. */
   const _Atomic int *(*session_fatal_word)(struct mgs_session *s);
   /* inproc: an apply thread that maps the ring and stage memfds a second time and applies
    * their records to the session. NULL on failure. */
   struct mgs_apply_thread *(*apply_thread_start)(struct mgs_session *s, int ring_fd, int stage_fd);
   /* Stops after the records published so far (or at once if the session failed). */
   void (*apply_thread_stop)(struct mgs_apply_thread *t);
   /* Prints the backend's gate counters and the server's decline tally to the server log. */
   void (*print_tallies)(struct mgs_session *s);
   /* mgl-server --spawn-fd FD: one session over the socketpair end fd (handshake, then the
    * rings it hands over). Returns the process's exit status. */
   int (*serve_spawn)(int fd);
   /* mgl-server --listen [HOST:]PORT: serves tcp sessions until killed. address NULL: port
    * from MGL_SERVER_PORT on 127.0.0.1. Returns the exit status when it cannot serve. */
   int (*serve_listen)(const char *address);
   /* monolith: where the session's events go (pipe_event.h); sink returns 0 or the Fatal
    * delivering failed with. Called on the thread that calls the backend. */
   void (*set_event_sink)(struct mgs_session *s, int (*sink)(void *ctx, const struct mgp_event *ev),
                          void *ctx);
   /* monolith and inproc, at process exit (no teardown comes): waits, bounded, for the GPU work
    * the session submitted, so that the driver's threads are idle while the process's libraries
    * unload. The caller makes sure no other thread is in the session (inproc: its apply thread
    * stopped). False: work still runs after the wait. */
   bool (*session_quiesce)(struct mgs_session *s);
   /* monolith and inproc: rearm is called (any thread) at a screen's first pipeline and first
    * completed GPU work (its first batch that draws is waited for), so the client registers its exit hook again, behind the exit-time
    * destructors the driver registered as it compiled and ran (exit runs the last registered
    * first). */
   void (*set_exit_rearm)(void (*rearm)(void));
};

typedef const struct mgl_server_entry *(*mgl_server_entry_fn)(void);

#endif
