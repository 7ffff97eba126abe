/* spawn_arm.h — the client's end of the spawn arm (docs/PIPE.md#sessions).
 *
 * Starts `mgl-server --spawn-fd N` with one end of a SOCK_SEQPACKET socketpair, sends the
 * hello with the ring and stage memfds by SCM_RIGHTS, and reads the welcome. From then on the
 * socketpair is the doorbell of both sides (a socket doorbell on the ring and the stage), and a
 * watcher thread polls it for nothing but a hang-up: when the server's end closes (exit, crash,
 * kill -9) the ring fails at once with ServerGone (unless the server already named its Fatal
 * there), every sleeper of the app wakes, and the child is reaped. A stopped server keeps its
 * end open: the app waits, as it must for a slow server. */
#ifndef MGT_SPAWN_ARM_H
#define MGT_SPAWN_ARM_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "doorbell.h"
#include "pipe_codec.h"
#include "ring.h"
#include "stage.h"

struct mgt_spawn {
   int fd;              /* the client's end of the socketpair */
   pid_t pid;           /* the child */
   unsigned server_pid; /* what its welcome said */
   char path[4096];     /* the mgl-server that was started */
   struct mgt_doorbell doorbell;
   struct mgt_ring *ring;
   struct mgt_stage *stage;
   pthread_t watcher;
   bool watching;
   atomic_bool closing; /* mgt_spawn_finish: the server's exit is expected */
};

/* The folder libmgl.so was loaded from, with a trailing '/'. */
bool mgt_library_dir(char *out, size_t size);

/* Finds mgl-server (MGL_SERVER_PATH; else beside libmgl.so; else ../bin/ from there), starts it,
 * does the handshake (which returns the server's caps in *caps), installs the socket doorbell on ring and stage (created by the caller)
 * and starts the watcher. false with the reason in err, and nothing left running. */
bool mgt_spawn_start(struct mgt_spawn *sp, struct mgt_ring *ring, struct mgt_stage *stage,
                     const char *backend, struct mgp_caps *caps, char *err, size_t err_size);
/* After the caller failed the ring (so the server's loop ends): waits for the server to print
 * its tallies and exit, reaps it, and closes the socket. Accepts a zeroed struct. */
void mgt_spawn_finish(struct mgt_spawn *sp);

#endif /* MGT_SPAWN_ARM_H */
