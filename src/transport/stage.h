/* stage.h — the stage segment: a second memfd, mapped once per side, where the producer copies
 * blobs and host spans that its ring records then name by (offset, size) (docs/PIPE.md#spans).
 *
 * Space is a bump allocator over a monotonic byte counter with wrap-around. An allocation is
 * always contiguous: one that would straddle the end skips to offset 0 instead. The producer
 * reuses bytes only behind the consumer's release token: mgt_stage_mark returns a token covering
 * everything allocated so far, the producer carries it in a record, and the consumer hands it to
 * mgt_stage_release after it applied that record ("consumed up to").
 *
 * Replies travel the other way through the same segment: the producer allocates a span, names it
 * in a record, the consumer fills it through mgt_stage_resolve_writable before releasing the
 * record, and the producer reads it after mgt_ring_wait_applied. The span stays intact until the
 * producer's next allocation, so read the reply before allocating again.
 *
 * Ordering rule for producers: allocate the stage bytes BEFORE reserving the ring record that
 * names them, and install a before-wait hook (mgt_stage_set_before_wait) that kicks the ring, so
 * a producer that sleeps for stage space never waits on records the consumer was not woken for.
 * Size rule: keep the allocations of one record (with their alignment) within half the
 * capacity. Then an allocation never has to wait for bytes of the record still being built
 * (which no token can release before that record is published); a larger record may wait for
 * itself forever, until the session fails.
 *
 * The heap (optional, after the data area): buffer stores the client places and both sides
 * map (docs/PIPE.md#spans). The server backs a buffer with its span (imported host
 * memory) and, each time it has applied every published record, stamps the buffer's slot in
 * the idle table with that record count when no recorded or in-flight GPU work uses the
 * buffer. A stamp equal to the client's published count is the client's licence to write the
 * store directly: the server applies nothing before the client publishes again, and a stale
 * stamp never equals a later count. `quiet` is the count at which no GPU work at all was in
 * flight: heap bytes of stores dropped by records up to it are free for reuse.
 *
 * The stage has its own failed word (it is another memfd); a session that fails must call
 * mgt_stage_set_failed as well as mgt_ring_set_failed. Threads: as for the ring, one thread per
 * side, except mgt_stage_set_failed / mgt_stage_failed from any thread. */
#ifndef MGT_STAGE_H
#define MGT_STAGE_H

#include <stdalign.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doorbell.h"

/* Same numbers as MGT_RING_*. */
enum {
   MGT_STAGE_OK = 0,
   MGT_STAGE_FAILED = -1,      /* the session failed */
   MGT_STAGE_CORRUPT = -2,     /* the peer wrote an impossible release token; sticky */
   MGT_STAGE_TOO_BIG = -3,     /* larger than the whole segment: split it or decline */
   MGT_STAGE_INVALID = -4,     /* bad argument (alignment) or a bad memfd at attach */
   MGT_STAGE_SYSTEM = -5,      /* a system call failed, or the doorbell broke; sticky */
   MGT_STAGE_WOULD_BLOCK = -6, /* mgt_stage_try_alloc only: no space without waiting */
};

#define MGT_STAGE_MAGIC 0x5354474Du /* "MGTS" little-endian */
#define MGT_STAGE_VERSION 2u        /* 2: the heap and its idle table after the data area */
#define MGT_STAGE_MIN_CAPACITY 64u
#define MGT_STAGE_MAX_CAPACITY (UINT64_C(1) << 40)
#define MGT_STAGE_CACHE_LINE 64

struct mgt_stage_shared {
   uint32_t magic;        /* MGT_STAGE_MAGIC */
   uint32_t version;      /* MGT_STAGE_VERSION */
   uint64_t capacity;     /* data bytes, a power of two */
   uint64_t data_offset;  /* from the start of the memfd, multiple of 64 */
   uint64_t extra_size;   /* the idle table and heap, or 0 (shm.h) */
   uint64_t table_offset; /* from the start of the memfd: struct mgt_heap_table */
   uint64_t heap_offset;  /* from the start of the memfd, page-aligned */
   uint64_t heap_size;    /* bytes; 0: no heap */
   /* Written by the consumer: every byte the producer allocated before this token is free. */
   alignas(MGT_STAGE_CACHE_LINE) _Atomic uint64_t released;
   /* 1 while the producer is (about to be) asleep on it; the consumer clears it and wakes. */
   alignas(MGT_STAGE_CACHE_LINE) _Atomic uint32_t producer_waiting;
   /* Either side: nonzero once the session failed. */
   alignas(MGT_STAGE_CACHE_LINE) _Atomic uint32_t failed;
};
_Static_assert(offsetof(struct mgt_stage_shared, released) == 64, "stage header layout");
_Static_assert(offsetof(struct mgt_stage_shared, producer_waiting) == 128, "stage header layout");
_Static_assert(offsetof(struct mgt_stage_shared, failed) == 192, "stage header layout");
_Static_assert(sizeof(struct mgt_stage_shared) == 256, "stage header layout");

#define MGT_HEAP_SLOTS 4096u /* buffer handle slots the idle table covers */
struct mgt_heap_table {
   /* Written by the consumer (server): see the heap above. */
   alignas(MGT_STAGE_CACHE_LINE) _Atomic uint64_t quiet;
   alignas(MGT_STAGE_CACHE_LINE) _Atomic uint64_t idle[MGT_HEAP_SLOTS];
};

/* One side of a stage segment, embedded by its owner; fields private to stage.c except `fd`. */
struct mgt_stage {
   struct mgt_stage_shared *shared; /* this side's own mapping */
   unsigned char *data;
   void *map_base; /* the mapping including its guard pages */
   size_t map_len;
   uint64_t capacity;   /* copied at create/attach; never re-read from shared memory */
   unsigned char *heap; /* this side's mapping of the heap, NULL without one */
   uint64_t heap_size;
   struct mgt_heap_table *table; /* NULL without a heap */
   int fd;                       /* producer: the memfd, owned; consumer: -1 */
   bool producer;
   int error;                     /* sticky MGT_STAGE_CORRUPT / MGT_STAGE_SYSTEM */
   struct mgt_doorbell *doorbell; /* NULL: own_doorbell (futex) */
   struct mgt_doorbell own_doorbell;
   void (*before_wait)(void *ctx);
   void *before_wait_ctx;

   /* producer */
   uint64_t pos;            /* bytes ever allocated, including skipped ones; the mark */
   uint64_t released_cache; /* last token read from shared memory */
   uint64_t skip_start;     /* the last lap skip: [skip_start, skip_end) holds no data */
   uint64_t skip_end;

   /* consumer */
   uint64_t released; /* highest token released */

   _Atomic uint64_t stat_wakes;
   _Atomic uint64_t stat_sleeps;
};

struct mgt_stage_stats {
   uint64_t wakes;  /* doorbell wakes this side issued */
   uint64_t sleeps; /* times this side slept on its doorbell */
};

/* Producer: creates the sealed memfd and its mapping. capacity: a power of two in
 * [MGT_STAGE_MIN_CAPACITY, MGT_STAGE_MAX_CAPACITY]. Returns MGT_STAGE_OK, MGT_STAGE_INVALID or
 * MGT_STAGE_SYSTEM; on failure *s is zeroed with fd -1. */
int mgt_stage_create(struct mgt_stage *s, size_t capacity);
/* The same with a heap of heap_size bytes (a multiple of the page size; 0: none). */
int mgt_stage_create_with_heap(struct mgt_stage *s, size_t capacity, uint64_t heap_size);
/* Accepts NULL and zeroed structs. */
void mgt_stage_destroy(struct mgt_stage *s);

/* Consumer: maps the memfd a second time between guard pages after validating it, as
 * mgt_ring_attach does. Does not take fd. */
int mgt_stage_attach(struct mgt_stage *s, int fd);
/* Accepts NULL and zeroed structs. */
void mgt_stage_detach(struct mgt_stage *s);
/* As mgt_stage_detach, but the mapping stays: map_base and map_len (the heap's pages among them)
 * are the caller's to munmap, for when another party (the GPU) may still read them. */
void mgt_stage_detach_keep_map(struct mgt_stage *s, void **map_base, size_t *map_len);

/* Producer: allocates `size` contiguous bytes aligned to `align` (a power of two, at most the
 * capacity; 0 means 1) and returns their offset in the segment and a pointer into the
 * producer's mapping. Waits (calling the before-wait hook first) while the space is still
 * unreleased. Returns MGT_STAGE_OK, MGT_STAGE_TOO_BIG when size > capacity (it could never
 * fit), MGT_STAGE_INVALID, MGT_STAGE_FAILED, or a sticky error. */
int mgt_stage_alloc(struct mgt_stage *s, uint64_t size, uint64_t align, uint64_t *offset_out,
                    void **ptr_out);
/* As mgt_stage_alloc, but returns MGT_STAGE_WOULD_BLOCK instead of waiting. */
int mgt_stage_try_alloc(struct mgt_stage *s, uint64_t size, uint64_t align, uint64_t *offset_out,
                        void **ptr_out);
/* Heap spans (MGP_SEG_HEAP offsets): a pointer into THIS side's mapping of the heap, or NULL
 * when (offset, size) is not inside it. The consumer's bounds check. */
void *mgt_stage_heap_resolve(const struct mgt_stage *s, uint64_t offset, uint64_t size);

/* Producer: the release token covering every allocation made so far. */
uint64_t mgt_stage_mark(const struct mgt_stage *s);
/* Called before the producer sleeps for space; typically kicks the ring whose records name
 * the allocations, so the consumer is awake to apply them and release. */
void mgt_stage_set_before_wait(struct mgt_stage *s, void (*fn)(void *ctx), void *ctx);

/* Consumer: everything allocated before `token` may be reused. Tokens only move forward; an
 * older token is ignored. Wakes a waiting producer. */
void mgt_stage_release(struct mgt_stage *s, uint64_t token);

/* Either side: a pointer into THIS side's mapping for (offset, size), or NULL if the span is not
 * inside the data area (overflow-safe; size 0 at offset == capacity is inside). The consumer
 * gets offsets from untrusted records: this is the bounds check. */
const void *mgt_stage_resolve(const struct mgt_stage *s, uint64_t offset, uint64_t size);
/* As mgt_stage_resolve, for writing a reply into a span the producer allocated. */
void *mgt_stage_resolve_writable(struct mgt_stage *s, uint64_t offset, uint64_t size);

void mgt_stage_set_failed(struct mgt_stage *s);
bool mgt_stage_failed(const struct mgt_stage *s);
/* The sticky error, else MGT_STAGE_FAILED if the session failed, else MGT_STAGE_OK. */
int mgt_stage_error(const struct mgt_stage *s);
uint64_t mgt_stage_capacity(const struct mgt_stage *s);
void mgt_stage_set_doorbell(struct mgt_stage *s, struct mgt_doorbell *db);
void mgt_stage_get_stats(const struct mgt_stage *s, struct mgt_stage_stats *out);

#endif /* MGT_STAGE_H */
