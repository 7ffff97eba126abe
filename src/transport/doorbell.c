/* doorbell.c — the futex doorbell and the socket doorbell of `spawn` (see doorbell.h). */

#include "doorbell.h"

#include <errno.h>
#include <linux/futex.h>
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

_Static_assert(sizeof(_Atomic uint32_t) == sizeof(uint32_t),
               "futex words must be plain 32-bit words");

int
mgt_futex_wait(_Atomic uint32_t *word, uint32_t expected)
{
   /* FUTEX_WAIT, not FUTEX_WAIT_PRIVATE: the peer maps the same memfd at another address or in
    * another process, and only shared futexes are keyed by the backing file. No timeout: see
    * doorbell.h. */
   long rc = syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT, expected, NULL, NULL, 0);
   if (rc == 0)
      return MGT_DOORBELL_OK;
   switch (errno) {
   case EAGAIN: /* the word already changed: the peer rang before we slept */
   case EINTR: /* a signal; the caller re-checks */ return MGT_DOORBELL_OK;
   default: /* EFAULT, EINVAL, ENOSYS: nothing sensible can wait on this word again */
      return MGT_DOORBELL_BROKEN;
   }
}

int
mgt_futex_wake(_Atomic uint32_t *word, int count)
{
   long rc = syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE, count, NULL, NULL, 0);
   return rc < 0 ? MGT_DOORBELL_BROKEN : MGT_DOORBELL_OK;
}

static int
futex_db_wait(struct mgt_doorbell *db, _Atomic uint32_t *word, uint32_t expected)
{
   (void)db;
   return mgt_futex_wait(word, expected);
}

static int
futex_db_wake(struct mgt_doorbell *db, _Atomic uint32_t *word, int count)
{
   (void)db;
   return mgt_futex_wake(word, count);
}

static const struct mgt_doorbell_ops futex_ops = {
   .wait = futex_db_wait,
   .wake = futex_db_wake,
   .finish = NULL,
};

/* --- socket doorbell --- */

/* Reads every byte the peer sent so far. Returns how many; *gone is set when the peer closed
 * its end or the socket failed. */
static size_t
socket_drain(int fd, bool *gone)
{
   char buf[64];
   size_t total = 0;
   *gone = false;
   for (;;) {
      ssize_t n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
      if (n > 0) {
         total += (size_t)n;
         continue;
      }
      if (n < 0 && errno == EINTR)
         continue;
      *gone = n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
      return total;
   }
}

static int
socket_db_wait(struct mgt_doorbell *db, _Atomic uint32_t *word, uint32_t expected)
{
   /* The ring's handshake guarantees that a waker which saw our flag clears it before it
    * sends: so either the word already differs here, or the byte is on its way. */
   if (atomic_load_explicit(word, memory_order_seq_cst) != expected)
      return MGT_DOORBELL_OK;
   struct pollfd p = {.fd = db->fd, .events = POLLIN};
   int n = poll(&p, 1, -1); /* no timeout: a stopped peer is slow, a dead one hangs up */
   if (n < 0)
      return errno == EINTR ? MGT_DOORBELL_OK : MGT_DOORBELL_BROKEN;
   bool gone = false;
   /* A peer that rang and then went away (it applied our last record and exited) rang for a
    * reason: the caller looks again first, and meets the hang-up on its next wait. */
   if ((p.revents & POLLIN) && socket_drain(db->fd, &gone) > 0)
      return MGT_DOORBELL_OK;
   if (gone || (p.revents & (POLLHUP | POLLERR | POLLNVAL)))
      return MGT_DOORBELL_BROKEN;
   return MGT_DOORBELL_OK;
}

static int
socket_db_wake(struct mgt_doorbell *db, _Atomic uint32_t *word, int count)
{
   (void)word;
   (void)count;
   const char byte = 1;
   for (;;) {
      if (send(db->fd, &byte, 1, MSG_DONTWAIT | MSG_NOSIGNAL) == 1)
         return MGT_DOORBELL_OK;
      if (errno == EINTR)
         continue;
      /* A full socket already holds bytes the sleeper has not drained: it will wake. */
      if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOBUFS)
         return MGT_DOORBELL_OK;
      return MGT_DOORBELL_BROKEN;
   }
}

static const struct mgt_doorbell_ops socket_ops = {
   .wait = socket_db_wait,
   .wake = socket_db_wake,
   .finish = NULL,
};

void
mgt_doorbell_init_socket(struct mgt_doorbell *db, int fd)
{
   db->ops = &socket_ops;
   db->kind = MGT_DOORBELL_SOCKET;
   db->fd = fd;
   db->priv = NULL;
}

void
mgt_doorbell_init_futex(struct mgt_doorbell *db)
{
   db->ops = &futex_ops;
   db->kind = MGT_DOORBELL_FUTEX;
   db->fd = -1;
   db->priv = NULL;
}

void
mgt_doorbell_finish(struct mgt_doorbell *db)
{
   if (!db || !db->ops)
      return;
   if (db->ops->finish)
      db->ops->finish(db);
   mgt_doorbell_init_futex(db);
}

/* A zeroed doorbell (ops == NULL) is a futex doorbell, so owners need not init it. */
static const struct mgt_doorbell_ops *
ops_of(const struct mgt_doorbell *db)
{
   return db && db->ops ? db->ops : &futex_ops;
}

int
mgt_doorbell_wait(struct mgt_doorbell *db, _Atomic uint32_t *word, uint32_t expected)
{
   return ops_of(db)->wait(db, word, expected);
}

int
mgt_doorbell_wake(struct mgt_doorbell *db, _Atomic uint32_t *word, int count)
{
   return ops_of(db)->wake(db, word, count);
}
