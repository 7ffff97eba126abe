/* backend.h — what a renderer offers the server role. A backend implements the MGPipe screen
 * and context tables (NULL entries for what it does not do) and reports session-ending
 * problems through the Fatal funnel it is given; it never aborts the process. */
#ifndef MGL_SERVER_BACKEND_H
#define MGL_SERVER_BACKEND_H

#include <stdbool.h>
#include <stddef.h>

#include "decline.h"
#include "pipe_event.h"
#include "pipe_tables.h"

/* Given to a backend at screen creation. */
struct mgs_backend_env {
   /* Fails the session: lost context for the client, this screen serves nothing more. The
    * backend keeps its objects valid until screen_destroy. */
   void (*fatal)(void *session, enum mgu_fatal name, const char *detail);
   void *session;
   /* Tells the client something it did not ask (pipe_event.h: a fence signalled, a query's
    * result). From the thread that applies the session's records. */
   void (*event)(void *session, const struct mgp_event *ev);
   /* Set when the server role is in the program's process (monolith, inproc), else NULL. The
    * driver may have registered exit-time destructors since the screen started (called at its
    * first pipeline and first completed GPU work, as a driver compiles and runs; the first
    * batch that draws is waited for so that it completes): the process's exit hook is
    * registered again behind them (pipe_entry.h, set_exit_rearm). Any thread. */
   void (*rearm_exit)(void *session);
   /* The client role is in this process (monolith, inproc): an address of ours is one the
    * client may use (MGP_CAP_CLIENT_MAP). False for mgl-server, whatever its client sends. */
   bool in_process;
   bool validation; /* MGL_VK_VALIDATION=1 */
   bool remote;     /* the client is across the network: it has no window on our displays */
};

struct mgs_backend {
   const char *name;
   /* Returns the screen's self, or NULL after calling env->fatal(BackendInit, why). */
   void *(*screen_create)(const struct mgs_backend_env *env);
   void (*screen_destroy)(void *screen); /* accepts NULL */
   const struct mgp_screen_vtbl *screen_vtbl;
   const struct mgp_context_vtbl *context_vtbl;
   /* The self of a context made by context_create, or NULL for an unknown or stale handle. */
   void *(*context_lookup)(void *screen, struct mgp_handle ctx);
   /* Ring arms, each time every published record is applied: calls idle(ctx, slot) for each
    * buffer whose store is the heap span its last resource_create/respecify named and that no
    * recorded or in-flight GPU work uses (so the client may write it until it publishes
    * again). Returns true when no GPU work at all is recorded or in flight. NULL: the backend
    * never backs a buffer with a heap span. */
   bool (*heap_idle)(void *screen, void (*idle)(void *ctx, uint32_t slot), void *ctx);
   /* Ring arms, once the applier mapped the heap (before any record): base/len is its mapping,
    * the backend's to read until heap_unmap, which it may import into the device by block
    * (MGP_HEAP_BLOCK_SIZE). NULL: each heap store is taken alone. */
   void (*heap_attach)(void *screen, void *base, size_t len);
   /* Ring arms, the applier's last use of the heap: map_base/map_len is the mapping that holds
    * it, now the backend's. Submitted GPU work may still read heap stores: the backend unmaps
    * it once none runs, at once or, for a hung device, when it frees the screen (so a hung
    * device never holds the session's teardown). NULL with heap_idle NULL. */
   void (*heap_unmap)(void *screen, void *map_base, size_t map_len);
   /* The hung devices the backend still holds (screens destroyed while their device ran work
    * past the watchdog, freed once it is idle), for the server's cap on them; NULL: none. */
   unsigned (*hung_screens)(void);
   /* Counters that are gates (e.g. unsound-serial-complete): name/value pairs, or NULL. */
   unsigned (*gate_counters)(void *screen, const char **names, unsigned long long *values,
                             unsigned max);
   /* The process is exiting with the screen alive (monolith, inproc: no teardown comes): waits,
    * bounded, for the GPU work submitted so far, so that no driver thread runs it while the
    * process's libraries unload. Called with no other thread in the backend. Returns false when
    * work still runs after the wait. NULL: nothing to wait for. */
   bool (*quiesce)(void *screen);
   /* The thread that applied the session's records ends (inproc's apply thread, as it stops):
    * a backend whose host context is current per thread lets it go here, so that the thread
    * that quiesces or ends the session can take it. NULL: nothing held per thread. */
   void (*thread_leave)(void *screen);
};

extern const struct mgs_backend mgs_vulkan_backend;
extern const struct mgs_backend mgs_gles_backend; /* src/backend/gles */

#endif
