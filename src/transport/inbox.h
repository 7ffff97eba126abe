/* inbox.h — the client's queue of events the server sent (pipe_event.h), between whichever
 * thread receives them (the tcp reader, or the server role itself on monolith) and the app's
 * thread, which takes them when it is already touching the session (a GL call that asks, a
 * flush). Nothing is dropped: the queue grows up to its limit (MGL_CLIENT_EVENT_BACKLOG events,
 * default 1 Mi: a runaway or hostile server, or a program that never asks about its fences,
 * cannot grow the client without bound); past it, or when it cannot grow, push says so and the
 * caller fails the session (Fatal{ClientEventBacklog}, Fatal{OutOfMemory}). Every event was
 * checked before it is pushed.
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
   uint32_t limit;     /* events it may hold (MGL_CLIENT_EVENT_BACKLOG) */
   uint64_t delivered; /* events ever pushed */
   bool live;          /* between init and finish */
};

void mgt_inbox_init(struct mgt_inbox *b);
void mgt_inbox_finish(struct mgt_inbox *b); /* accepts a zeroed struct */
#define MGT_INBOX_LIMIT_DEFAULT (1u << 20)

enum mgt_inbox_push_result {
   MGT_INBOX_OK = 0,
   MGT_INBOX_FULL,      /* limit events held already: the event is not kept */
   MGT_INBOX_NO_MEMORY, /* the queue could not grow: the event is not kept */
};

/* Appends ev (already checked). */
enum mgt_inbox_push_result mgt_inbox_push(struct mgt_inbox *b, const struct mgp_event *ev);
/* Moves up to max of the oldest events into out, in arrival order; returns how many. */
uint32_t mgt_inbox_take(struct mgt_inbox *b, struct mgp_event *out, uint32_t max);
uint64_t mgt_inbox_delivered(struct mgt_inbox *b);

#endif
