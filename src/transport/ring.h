/* ring.h — single-producer/single-consumer record ring in a shared memfd (docs/PIPE.md#sessions).
 *
 * The producer creates the memfd and maps it; the consumer maps the same memfd a second time
 * (mgt_ring_attach), possibly in another process. The two sides share nothing but the memfd:
 * every pointer a side hands out points into its OWN mapping, and everything the consumer reads
 * from shared memory is validated, so a hostile or broken producer can make the consumer report
 * MGT_RING_CORRUPT but never read outside its mapping.
 *
 * Records are 8-byte aligned and start with struct mgt_ring_record_header. The ring owns `size`
 * and the PAD kind only; the caller owns `kind` (any value but MGT_RING_KIND_PAD) and `aux`.
 * A record that would not fit before the end of the data area is preceded by a PAD record that
 * fills to the end; the record then starts at offset 0, so every record is contiguous.
 *
 * Threads: each side is used by one thread at a time, except mgt_ring_set_failed and
 * mgt_ring_failed, which any thread may call at any time. */
#ifndef MGT_RING_H
#define MGT_RING_H

#include <stdalign.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doorbell.h"

/* Status codes. 0 is success, everything else negative. The numbers are shared with
 * MGT_STAGE_* and MGT_DOORBELL_BROKEN so a session layer can pass any of them through. */
enum {
   MGT_RING_OK = 0,
   MGT_RING_FAILED = -1,  /* the session failed (either side set the failed word) */
   MGT_RING_CORRUPT = -2, /* the peer wrote something impossible into shared memory; sticky */
   MGT_RING_TOO_BIG = -3, /* a record larger than capacity/2 */
   MGT_RING_INVALID = -4, /* a bad argument or a bad memfd at attach */
   MGT_RING_SYSTEM = -5,  /* a system call failed (errno is kept), or the doorbell broke; sticky */
};

#define MGT_RING_MAGIC 0x5254474Du /* "MGTR" little-endian */
#define MGT_RING_VERSION 2u        /* 2: the event area (event_area.h) in the header page */
#define MGT_RING_MIN_CAPACITY 256u
#define MGT_RING_MAX_CAPACITY (1u << 30)
#define MGT_RING_KIND_PAD 0xFFFFu
#define MGT_RING_CACHE_LINE 64

/* The first 8 bytes of every record. */
struct mgt_ring_record_header {
   uint32_t size; /* total bytes including this header; multiple of 8, >= 8, <= capacity/2 */
   uint16_t kind; /* the caller's; MGT_RING_KIND_PAD is the ring's wrap padding */
   uint16_t aux;  /* the caller's */
};
_Static_assert(sizeof(struct mgt_ring_record_header) == 8, "record header is 8 bytes");

/* The start of the memfd. Each word one side writes in the hot path has its own cache line so
 * the two sides never false-share. The data area starts at data_offset (the page size, so the
 * data ends on a page boundary when capacity is a multiple of the page size). */
struct mgt_ring_shared {
   uint32_t magic;       /* MGT_RING_MAGIC */
   uint32_t version;     /* MGT_RING_VERSION */
   uint64_t capacity;    /* data bytes, a power of two */
   uint64_t data_offset; /* from the start of the memfd, multiple of 64 */
   /* Written by the producer: bytes ever published (monotonic; offset = head % capacity). */
   alignas(MGT_RING_CACHE_LINE) _Atomic uint64_t head;
   /* Written by the consumer: bytes ever consumed. */
   alignas(MGT_RING_CACHE_LINE) _Atomic uint64_t tail;
   /* 1 while the consumer is (about to be) asleep on it; the producer clears it and wakes. */
   alignas(MGT_RING_CACHE_LINE) _Atomic uint32_t consumer_sleeping;
   /* 1 while the producer is (about to be) asleep on it; the consumer clears it and wakes. */
   alignas(MGT_RING_CACHE_LINE) _Atomic uint32_t producer_waiting;
   /* Written by the producer before it sets producer_waiting: the consumer wakes it only once
    * tail has reached wake_tail and applied_seq wake_applied, so a producer waiting for room
    * sleeps once per quarter of the ring and one waiting for a record once, not once per
    * record the consumer releases. Zero (a producer that never writes them): any progress. */
   _Atomic uint64_t wake_tail;
   _Atomic uint64_t wake_applied;
   /* Written by the consumer: non-PAD records released (applied) so far. */
   alignas(MGT_RING_CACHE_LINE) _Atomic uint64_t applied_seq;
   /* Either side: nonzero once the session failed, the first reason given (mgt_ring_fail).
    * Never cleared. */
   alignas(MGT_RING_CACHE_LINE) _Atomic uint32_t failed;
};
_Static_assert(offsetof(struct mgt_ring_shared, capacity) == 8, "ring header layout");
_Static_assert(offsetof(struct mgt_ring_shared, data_offset) == 16, "ring header layout");
_Static_assert(offsetof(struct mgt_ring_shared, head) == 64, "ring header layout");
_Static_assert(offsetof(struct mgt_ring_shared, tail) == 128, "ring header layout");
_Static_assert(offsetof(struct mgt_ring_shared, consumer_sleeping) == 192, "ring header layout");
_Static_assert(offsetof(struct mgt_ring_shared, producer_waiting) == 256, "ring header layout");
_Static_assert(offsetof(struct mgt_ring_shared, wake_tail) == 264, "ring header layout");
_Static_assert(offsetof(struct mgt_ring_shared, wake_applied) == 272, "ring header layout");
_Static_assert(offsetof(struct mgt_ring_shared, applied_seq) == 320, "ring header layout");
_Static_assert(offsetof(struct mgt_ring_shared, failed) == 384, "ring header layout");
_Static_assert(sizeof(struct mgt_ring_shared) == 448, "ring header layout");

/* One side of a ring, embedded by its owner. Fields are private to ring.c except `fd`
 * (producer: the memfd to hand to the consumer) and, for tests, `shared`/`data`. */
struct mgt_ring {
   struct mgt_ring_shared *shared; /* this side's own mapping of the header */
   unsigned char *data;            /* this side's own mapping of the data area */
   void *map_base;                 /* the mapping including its guard pages */
   size_t map_len;
   uint64_t capacity; /* copied at create/attach; never re-read from shared memory */
   int fd;            /* producer: the memfd, owned; consumer: -1 */
   bool producer;
   int error;                     /* sticky MGT_RING_CORRUPT / MGT_RING_SYSTEM */
   int last_error;                /* why the last mgt_ring_reserve returned NULL */
   struct mgt_doorbell *doorbell; /* NULL: own_doorbell (futex) */
   struct mgt_doorbell own_doorbell;

   /* producer */
   uint64_t head;          /* bytes published */
   uint64_t kicked_head;   /* head at the last doorbell check */
   uint64_t tail_cache;    /* last tail read from shared memory */
   uint64_t applied_cache; /* last applied_seq read from shared memory */
   uint64_t published;     /* non-PAD records committed */
   uint64_t reserved_at;   /* byte position of the reserved record */
   uint32_t reserved_size; /* 0: nothing reserved */
   uint32_t run_ahead;     /* max published-but-unapplied records; UINT32_MAX: unlimited */

   /* both sides: how long a wait polls before it sleeps (mgt_ring_set_spin); 0: no poll */
   uint64_t spin_ns;

   /* consumer */
   uint64_t tail;         /* bytes consumed */
   uint64_t head_cache;   /* last head read from shared memory */
   uint64_t applied;      /* non-PAD records released */
   uint32_t current_size; /* size of the record peek returned; 0: none */

   /* statistics; atomic because set_failed may run on another thread */
   _Atomic uint64_t stat_wakes;  /* doorbell wakes this side issued */
   _Atomic uint64_t stat_sleeps; /* times this side went to sleep on its doorbell */
   _Atomic uint64_t stat_spun;   /* waits that ended while polling, before any sleep */
};

struct mgt_ring_stats {
   uint64_t records; /* producer: records published; consumer: records released */
   uint64_t wakes;   /* doorbell wakes this side issued (the other side's records need none) */
   uint64_t sleeps;  /* times this side slept on its doorbell */
   uint64_t spun;    /* waits that polling ended (mgt_ring_set_spin) */
};

/* --- producer --- */

/* Creates the memfd (sealed against shrinking and growing, so a consumer in another process
 * can never be hit by SIGBUS) and the producer's mapping. capacity: a power of two in
 * [MGT_RING_MIN_CAPACITY, MGT_RING_MAX_CAPACITY]. Returns MGT_RING_OK, MGT_RING_INVALID or
 * MGT_RING_SYSTEM (errno kept); on failure *r is zeroed with fd -1. */
int mgt_ring_create(struct mgt_ring *r, size_t capacity);
/* Unmaps and closes the memfd. Accepts NULL and zeroed structs. Does not fail the session. */
void mgt_ring_destroy(struct mgt_ring *r);

/* Returns contiguous space for one record of `size` bytes (multiple of 8, >= 8,
 * <= capacity/2) and fills its header's size (kind and aux are zeroed; the caller sets kind).
 * Waits while the ring is full, ringing the consumer first so deferred records get applied.
 * Returns NULL when the session failed or the side is broken (mgt_ring_error says which), or
 * when size is bad (mgt_ring_error: MGT_RING_TOO_BIG / MGT_RING_INVALID). A second reserve
 * without a commit abandons the first. */
void *mgt_ring_reserve(struct mgt_ring *r, uint32_t size);
/* Publishes the reserved record, rings the consumer if it may be asleep, then applies the
 * run-ahead limit. Returns MGT_RING_OK, or the reason a run-ahead wait ended early (the record
 * is published either way), or MGT_RING_INVALID if nothing was reserved. */
int mgt_ring_commit(struct mgt_ring *r);
/* Publishes without ringing, for batches: publish many, then mgt_ring_kick once. The run-ahead
 * limit still holds; when it makes the producer wait, it rings first. */
int mgt_ring_commit_deferred(struct mgt_ring *r);
/* Rings the consumer if it may be asleep and anything was published since the last ring. */
int mgt_ring_kick(struct mgt_ring *r);
/* Non-PAD records committed so far; record n (1-based) is applied once applied >= n. */
uint64_t mgt_ring_records_published(const struct mgt_ring *r);
/* Producer: the consumer's applied_seq as last published; consumer: its own count. */
uint64_t mgt_ring_records_applied(const struct mgt_ring *r);
/* Blocks until the consumer applied record `seq` (a counted round trip for replies): the
 * caller needs the answer now, so it polls for the side's spin time before it sleeps.
 * Returns MGT_RING_OK, MGT_RING_FAILED, MGT_RING_CORRUPT, MGT_RING_SYSTEM, or MGT_RING_INVALID
 * when seq was never published (waiting for it could never end). */
int mgt_ring_wait_applied(struct mgt_ring *r, uint64_t seq);
/* After each commit the producer waits until published-but-unapplied <= max_unapplied.
 * 0: lockstep; UINT32_MAX (the default): only ring space limits. */
void mgt_ring_set_run_ahead(struct mgt_ring *r, uint32_t max_unapplied);

/* --- consumer --- */

/* Maps the memfd a second time (never the producer's pointer) with PROT_NONE guard pages on
 * both sides, after checking the seals, magic, version, capacity and size. Does not take fd:
 * the caller may close it once this returns. Returns MGT_RING_OK, MGT_RING_INVALID (not a ring
 * memfd, or not sealed against shrinking) or MGT_RING_SYSTEM; on failure *r is zeroed. */
int mgt_ring_attach(struct mgt_ring *r, int fd);
/* Unmaps. Accepts NULL and zeroed structs. */
void mgt_ring_detach(struct mgt_ring *r);

/* The next non-PAD record, or NULL if there is none yet (or the side is failed/corrupt: see
 * mgt_ring_error). Skips PAD records itself. The record stays current until mgt_ring_release;
 * peeking again returns it again. `*size` is the validated size: decode with it, never with a
 * size re-read from the record, since a hostile producer may rewrite the bytes meanwhile. */
const void *mgt_ring_peek(struct mgt_ring *r, uint32_t *size);
/* Consumes the current record: frees its space, counts it applied and wakes a waiting
 * producer. Call it after the record is fully applied (a reply is then visible to the
 * producer's mgt_ring_wait_applied). */
void mgt_ring_release(struct mgt_ring *r);
/* Blocks until a record may be available (peek may still return NULL: call wait again),
 * polling for the side's spin time before it sleeps.
 * Returns MGT_RING_OK, MGT_RING_FAILED, or the sticky error. */
int mgt_ring_wait(struct mgt_ring *r);

/* --- both sides --- */

/* Marks the session failed in shared memory and wakes both sides' sleepers. Any thread. */
void mgt_ring_set_failed(struct mgt_ring *r);
/* The same, with a reason the other side can read (the spawn server puts its Fatal's number
 * there). The first reason stays; reason 0 means MGT_RING_FAIL_UNNAMED. */
void mgt_ring_fail(struct mgt_ring *r, uint32_t reason);
#define MGT_RING_FAIL_UNNAMED 0xFFFFFFFFu /* mgt_ring_set_failed: no reason given */
/* The reason the session failed, 0 while it has not. The peer may have written any value. */
uint32_t mgt_ring_fail_reason(const struct mgt_ring *r);
bool mgt_ring_failed(const struct mgt_ring *r);
/* MGT_RING_CORRUPT / MGT_RING_SYSTEM once seen (sticky), else MGT_RING_FAILED if the session
 * failed, else the reason the last reserve returned NULL (MGT_RING_TOO_BIG/INVALID), else OK. */
int mgt_ring_error(const struct mgt_ring *r);
uint64_t mgt_ring_capacity(const struct mgt_ring *r);
/* The largest record mgt_ring_reserve accepts (capacity / 2). */
uint32_t mgt_ring_max_record(const struct mgt_ring *r);
/* Replaces this side's doorbell (NULL: back to the built-in futex doorbell). Not owned. */
void mgt_ring_set_doorbell(struct mgt_ring *r, struct mgt_doorbell *db);
/* How long this side's waits poll before sleeping on the doorbell (ring_spin.h says why and
 * what default): the consumer's mgt_ring_wait and the producer's mgt_ring_wait_applied; the
 * producer's waits for room and for the run-ahead limit never poll. 0: no poll. */
void mgt_ring_set_spin(struct mgt_ring *r, uint64_t ns);
void mgt_ring_get_stats(const struct mgt_ring *r, struct mgt_ring_stats *out);
/* This side's mapping of the event area (event_area.h): the server writes, the client reads. */
struct mgt_event_area;
struct mgt_event_area *mgt_ring_event_area(struct mgt_ring *r);

#endif /* MGT_RING_H */
