/* doorbell.h — how one side of a transport sleeps until its peer says "look again", and how it
 * says that to its peer.
 *
 * The ring and the stage segment decide WHEN to sleep and WHEN to ring (they keep the "I am going
 * to sleep" flags and re-check their state so no wake-up is lost); a doorbell only knows HOW: block
 * while a 32-bit word in shared memory still holds a value, and wake whoever blocks on it.
 *
 * Two kinds behind the same ops table:
 *  - MGT_DOORBELL_FUTEX: a futex on the word itself. The word lives in a memfd that the two
 *    sides map at different addresses, possibly in different processes, so only the shared
 *    (non-_PRIVATE) futex ops are used: the kernel keys them by file and offset, not by address.
 *  - MGT_DOORBELL_SOCKET (`spawn`): one end of the socketpair the two processes share. wait
 *    re-checks the word and sleeps in poll() on the socket; wake sends one byte to the peer. So
 *    the peer's death is a hang-up seen at once: wait and wake then return MGT_DOORBELL_BROKEN,
 *    which the ring and the stage turn into a failed session. A wake only reaches the OTHER
 *    process: a thread of the sleeper's own side that fails the session must also make the
 *    socket hang up (or be the one the sleeper is waiting for), which is what the spawn
 *    session's watcher does. The bytes carry no meaning: the sleeper drains them all and
 *    re-checks its own condition, so a stale byte is at worst one spurious wake-up.
 *
 * No timeouts anywhere: a slow peer is waited for, a dead one is detected by the doorbell kind
 * (hang-up) or by whoever notices and sets the session's failed word. */
#ifndef MGT_DOORBELL_H
#define MGT_DOORBELL_H

#include <stdatomic.h>
#include <stdint.h>

enum mgt_doorbell_kind {
   MGT_DOORBELL_FUTEX = 0,
   MGT_DOORBELL_SOCKET = 1,
};

/* Results of wait/wake. The value of MGT_DOORBELL_BROKEN matches MGT_RING_SYSTEM and
 * MGT_STAGE_SYSTEM so a caller may pass it through unchanged. */
enum {
   MGT_DOORBELL_OK = 0,
   MGT_DOORBELL_BROKEN = -5, /* the doorbell itself no longer works (peer gone, bad word) */
};

struct mgt_doorbell;

struct mgt_doorbell_ops {
   /* Blocks while *word == expected. Returns MGT_DOORBELL_OK when woken, when the word already
    * differed, or spuriously (signals); the caller always re-checks its own condition. */
   int (*wait)(struct mgt_doorbell *db, _Atomic uint32_t *word, uint32_t expected);
   /* Wakes up to `count` sleepers on word (INT32_MAX: all). */
   int (*wake)(struct mgt_doorbell *db, _Atomic uint32_t *word, int count);
   /* Releases what the kind holds. May be NULL. */
   void (*finish)(struct mgt_doorbell *db);
};

/* Embedded by its user (ring, stage, session); a zero-initialised doorbell behaves as a futex
 * doorbell, so zeroed owners work without an init call. */
struct mgt_doorbell {
   const struct mgt_doorbell_ops *ops;
   enum mgt_doorbell_kind kind;
   int fd;     /* for socket kinds; -1 for the futex kind */
   void *priv; /* kind-specific */
};

void mgt_doorbell_init_futex(struct mgt_doorbell *db);
/* A socket doorbell over fd: a connected AF_UNIX socket whose peer runs the other side. The fd
 * stays the caller's (finish does not close it); it must outlive every wait and wake. */
void mgt_doorbell_init_socket(struct mgt_doorbell *db, int fd);
/* Accepts NULL and zeroed doorbells. */
void mgt_doorbell_finish(struct mgt_doorbell *db);

int mgt_doorbell_wait(struct mgt_doorbell *db, _Atomic uint32_t *word, uint32_t expected);
int mgt_doorbell_wake(struct mgt_doorbell *db, _Atomic uint32_t *word, int count);

/* The raw shared futex operations the futex kind is made of. */
int mgt_futex_wait(_Atomic uint32_t *word, uint32_t expected);
int mgt_futex_wake(_Atomic uint32_t *word, int count);

#endif /* MGT_DOORBELL_H */
