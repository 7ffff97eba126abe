/* event_area.h — the reverse path of the ring arms (inproc, spawn): the server's events
 * (pipe_event.h) travel back to the client through a small area in the ring memfd's header page
 * (offset MGT_RING_EVENTS_OFFSET, mapped by both sides like the rest of the header).
 *
 * One writer (the server: the side that applies records) and one reader (the client). The
 * writer never waits for the reader: when the area's slots are full it keeps the events in a
 * backlog of its own and publishes them as the reader frees slots (mgt_event_writer_flush, which
 * the server calls whenever it applies records or finishes a batch). The reader takes events
 * when the app's thread touches the session; nothing rings a doorbell for an event. So no event
 * is dropped and neither side can block the other through this area.
 *
 * The backlog is what a client that never takes its events makes the server hold: it is bounded
 * (backlog_max events, MGL_SERVER_EVENT_BACKLOG on the server), and an event past the bound is
 * MGT_EVENT_BACKLOG_FULL, sticky: the server fails that session by name.
 *
 * Everything read from shared memory is validated: a reader seeing an impossible head or an
 * event mgp_event_check refuses reports it (the client fails the session with
 * Fatal{EventMalformed}); a writer seeing an impossible tail reports it (the server fails the
 * session with Fatal{ProtocolCorruption}). */
#ifndef MGT_EVENT_AREA_H
#define MGT_EVENT_AREA_H

#include <stdalign.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "inbox.h"
#include "pipe_event.h"

#define MGT_EVENT_SLOTS 128u

struct mgt_event_area {
   alignas(64) _Atomic uint64_t head;                   /* the writer's: events ever published */
   alignas(64) _Atomic uint64_t tail;                   /* the reader's: events ever taken */
   alignas(64) struct mgp_event slots[MGT_EVENT_SLOTS]; /* event n is in slot n % SLOTS */
};
_Static_assert(sizeof(struct mgt_event_area) == 128 + 24 * MGT_EVENT_SLOTS, "event area layout");

/* Where the area starts in the ring memfd, and the header bytes the ring maps for it. */
#define MGT_RING_EVENTS_OFFSET 512u
#define MGT_RING_HEADER_BYTES (MGT_RING_EVENTS_OFFSET + sizeof(struct mgt_event_area))

enum {
   MGT_EVENT_OK = 0,
   MGT_EVENT_CORRUPT = -2,      /* the peer wrote something impossible; sticky */
   MGT_EVENT_NO_MEMORY = -6,    /* the writer's backlog could not grow; the event is not kept */
   MGT_EVENT_BACKLOG_FULL = -7, /* the reader left backlog_max events untaken; sticky */
   MGT_EVENT_INBOX_FULL = -8,   /* the reader's inbox holds its limit (inbox.h) */
};

struct mgt_event_writer {
   struct mgt_event_area *area; /* this side's own mapping */
   uint64_t head;               /* events published */
   /* waiting for slots: backlog[backlog_first..backlog_count), oldest first */
   struct mgp_event *backlog;
   uint32_t backlog_first, backlog_count, backlog_capacity;
   uint32_t backlog_max; /* events it may hold; 0: no bound */
   int error;            /* sticky */
};

struct mgt_event_reader {
   struct mgt_event_area *area; /* this side's own mapping */
   uint64_t tail;               /* events taken */
   int error;                   /* sticky */
   const char *why;             /* what was wrong, once error is set */
};

/* The area is zero when the ring memfd is created; both sides start at 0. backlog_max: the
 * events the writer may keep while the slots are full (0: no bound). */
void mgt_event_writer_init(struct mgt_event_writer *w, struct mgt_event_area *area,
                           uint32_t backlog_max);
void mgt_event_writer_finish(struct mgt_event_writer *w); /* accepts a zeroed struct */
/* Publishes ev, or keeps it in the backlog while the slots are full. MGT_EVENT_OK,
 * MGT_EVENT_NO_MEMORY, MGT_EVENT_BACKLOG_FULL or MGT_EVENT_CORRUPT. */
int mgt_event_writer_post(struct mgt_event_writer *w, const struct mgp_event *ev);
/* Publishes what the backlog holds as far as slots are free. MGT_EVENT_OK or MGT_EVENT_CORRUPT. */
int mgt_event_writer_flush(struct mgt_event_writer *w);
/* Events held in the backlog now. */
uint32_t mgt_event_writer_backlog(const struct mgt_event_writer *w);

void mgt_event_reader_init(struct mgt_event_reader *r, struct mgt_event_area *area);
/* Moves every published event into the inbox, checked. Returns how many, or MGT_EVENT_CORRUPT
 * (r->why says what), MGT_EVENT_NO_MEMORY (the inbox could not grow) or MGT_EVENT_INBOX_FULL
 * (it holds its limit). Never waits. */
int mgt_event_reader_drain(struct mgt_event_reader *r, struct mgt_inbox *inbox);

#endif
