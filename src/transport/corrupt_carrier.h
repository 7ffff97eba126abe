/* corrupt_carrier.h — MGL_TEST_CORRUPT_RECORD=CALL[:stale], a test-only knob (the faults
 * lane): the first record of CALL (a catalog name, e.g. present) in the process leaves with an
 * impossible call id, or with :stale naming a context slot that no context_create named, so a
 * test can watch a server fail the session by name. It is a carrier in front of the session's
 * real one, put there only when the knob is set: nothing of it is in the path otherwise. */
#ifndef MGT_CORRUPT_CARRIER_H
#define MGT_CORRUPT_CARRIER_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe_codec.h"

struct mgt_corrupt_carrier {
   const struct mgp_carrier_ops *inner;
   void *inner_carrier;
   int call;
   bool stale;
   uint8_t *record;
};

/* When the knob is set (and has not fired yet in this process), puts c in front of *ops and
 * *carrier. */
void mgt_corrupt_carrier_wrap(struct mgt_corrupt_carrier *c, const struct mgp_carrier_ops **ops,
                              void **carrier);

#endif
