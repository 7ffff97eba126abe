/* inbox.h — the client's queue of events the server sent (pipe_event.h), between whichever
 * thread receives them (the tcp reader, or the server role itself on monolith) and the app's
 * thread, which takes them when it is already touching the session (a GL call that asks, a
 * flush). Nothing is dropped: the queue grows; when it cannot, push says so and the caller
 * fails the session (Fatal{OutOfMemory}). Every event was checked before it is pushed.
 *
 * Threads: push and take from any thread (one lock). */
#ifndef MGT_INBOX_H
#define MGT_INBOX_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "pipe_event.h"

struct mgt_inbox {
   pthread_mutex_t lock;
   struct mgp_event *events; /* a ring of capacity entries */
   uint32_t capacity, first, count;
   uint64_t delivered; /* events ever pushed */
   bool live;          /* between init and finish */
};

void mgt_inbox_init(struct mgt_inbox *b);
void mgt_inbox_finish(struct mgt_inbox *b); /* accepts a zeroed struct */
/* Appends ev (already checked). False only when the queue could not grow. */
bool mgt_inbox_push(struct mgt_inbox *b, const struct mgp_event *ev);
/* Moves up to max of the oldest events into out, in arrival order; returns how many. */
uint32_t mgt_inbox_take(struct mgt_inbox *b, struct mgp_event *out, uint32_t max);
uint64_t mgt_inbox_delivered(struct mgt_inbox *b);

#endif
