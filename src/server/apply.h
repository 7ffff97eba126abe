/* apply.h — the server's end of the rings: applies the records of a ring and stage pair to a
 * server session, in order. One piece of code serves both arms that use rings: the inproc
 * apply thread runs it in the app's process, `mgl-server --spawn-fd` in a process of its own
 * (with the socket doorbell on the ring and stage). */
#ifndef MGL_SERVER_APPLY_H
#define MGL_SERVER_APPLY_H

#include <stdbool.h>
#include <stdint.h>

#include "event_area.h"
#include "ring.h"
#include "session.h"
#include "stage.h"

struct mgs_ring_applier {
   struct mgs_session *session;
   struct mgt_ring ring;   /* this side's own mapping of the client's memfd */
   struct mgt_stage stage; /* likewise */
   /* Highest stage position the current record's spans reach: released after it applied. */
   uint64_t release_to;
   struct mgt_event_writer events; /* the session's events, into the ring's event area */
   uint64_t heap_stamped;          /* records applied when the idle table was last stamped */
};

enum mgs_apply_end {
   MGS_APPLY_CLOSED,      /* the client failed the ring: it is done (or gave up) */
   MGS_APPLY_FATAL,       /* the session failed; its Fatal is in the ring's failed word */
   MGS_APPLY_CLIENT_GONE, /* the doorbell broke: the client hung up */
};

/* Maps the memfds a second time (never the client's pointers). Does not take the fds. */
bool mgs_ring_applier_attach(struct mgs_ring_applier *a, struct mgs_session *s, int ring_fd,
                             int stage_fd);
void mgs_ring_applier_detach(struct mgs_ring_applier *a);
/* Applies records as they come until the session ends. On a Fatal (a bad record, a corrupt
 * ring, the backend) it puts the Fatal's number in the ring's failed word and fails the stage
 * too, so every sleeper of the client wakes and reads why. */
enum mgs_apply_end mgs_ring_applier_run(struct mgs_ring_applier *a);

#endif
