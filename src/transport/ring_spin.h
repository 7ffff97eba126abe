/* ring_spin.h — how long a ring side polls before it sleeps on its doorbell (MGL_RING_SPIN_US).
 *
 * Waking from a futex or socket sleep costs tens of microseconds on a server CPU (about 50 us on
 * the H200 machine), and a read-back on the ring arms sleeps twice besides the backend's fence
 * wait: the consumer on an empty ring until the client's doorbell, the client until its answer is
 * applied. A bounded poll first skips both wake-ups when the other side answers soon; but a poll
 * takes a whole core, the one the other side needs on a machine with few, so the default is none
 * with 2 or fewer CPUs online. */
#ifndef MGT_RING_SPIN_H
#define MGT_RING_SPIN_H

#include <stdint.h>

/* The default poll where more than MGT_RING_SPIN_MIN_CPUS CPUs are online: covers a small
 * read-back's round trip on a GPU (44 us on the H200 in monolith). */
#define MGT_RING_SPIN_DEFAULT_US 100u
#define MGT_RING_SPIN_MIN_CPUS 2
#define MGT_RING_SPIN_MAX_US 10000000u /* 10 s */

/* The poll in nanoseconds: MGL_RING_SPIN_US when set (a count of microseconds, capped at
 * MGT_RING_SPIN_MAX_US; a malformed value warns and falls back to the default), else the
 * default for `online_cpus` (<= 0: ask the system). */
uint64_t mgt_ring_spin_setting_ns(long online_cpus);

#endif /* MGT_RING_SPIN_H */
