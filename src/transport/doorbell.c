/* doorbell.c — futex doorbell; the ops table leaves room for the socket doorbell of `spawn`. */

#include "doorbell.h"

#include <errno.h>
#include <linux/futex.h>
#include <stddef.h>
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
   case EINTR:  /* a signal; the caller re-checks */
      return MGT_DOORBELL_OK;
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
