/* ring.c — SPSC record ring over a memfd mapped once per side (see ring.h for the contract).
 *
 * Sleeping without lost wake-ups is a Dekker (store-buffering) handshake on each sleep flag:
 *   sleeper: seq_cst store flag=1; seq_cst re-check of the condition; futex-wait while flag == 1
 *   waker:   seq_cst store of what it publishes (head/tail/applied/failed); seq_cst load of the
 *            flag; if set, exchange it to 0 and wake
 * With all four accesses seq_cst, at least one side sees the other's store: either the sleeper
 * sees the new state and does not sleep, or the waker sees the flag and wakes; and a wake that
 * lands before the futex call finds flag == 0, so the futex returns at once. Stores that need no
 * wake-up check (deferred commits) stay plain release stores; kick re-stores head seq_cst.
 * (seq_cst accesses rather than fences: same cost on x86, a plain xchg, and ThreadSanitizer
 * models them, while gcc refuses atomic_thread_fence under -fsanitize=thread.) */

#include "ring.h"

#include "event_area.h"
#include "shm.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define WAKE_ALL INT32_MAX

static struct mgt_doorbell *
doorbell_of(struct mgt_ring *r)
{
   return r->doorbell ? r->doorbell : &r->own_doorbell;
}

static struct mgt_ring_record_header
read_header(const unsigned char *p)
{
   uint64_t v = mgt_read_once_u64(p);
   struct mgt_ring_record_header h;
   memcpy(&h, &v, sizeof(h));
   return h;
}

static void
write_header(unsigned char *p, uint32_t size, uint16_t kind)
{
   struct mgt_ring_record_header h = {.size = size, .kind = kind, .aux = 0};
   memcpy(p, &h, sizeof(h));
}

static bool
shared_failed(const struct mgt_ring *r)
{
   return atomic_load_explicit(&r->shared->failed, memory_order_seq_cst) != 0;
}

static void
count(_Atomic uint64_t *c)
{
   atomic_fetch_add_explicit(c, 1, memory_order_relaxed);
}

static uint64_t
now_ns(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Eases the sibling hyper-thread and the memory bus while a poll spins. */
static void
cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
   __builtin_ia32_pause();
#elif defined(__aarch64__)
   __asm__ __volatile__("yield");
#endif
}

/* Clears a sleep flag and wakes its sleeper if the flag was set. The caller has just published
 * its state with a seq_cst store (see the top of the file). */
static int
wake_flag(struct mgt_ring *r, _Atomic uint32_t *flag, int n)
{
   if (!atomic_load_explicit(flag, memory_order_seq_cst))
      return MGT_RING_OK;
   if (!atomic_exchange_explicit(flag, 0, memory_order_seq_cst))
      return MGT_RING_OK; /* someone else (set_failed) already woke it */
   count(&r->stat_wakes);
   if (mgt_doorbell_wake(doorbell_of(r), flag, n) != MGT_DOORBELL_OK)
      return MGT_RING_SYSTEM;
   return MGT_RING_OK;
}

static int
set_error(struct mgt_ring *r, int err)
{
   if (!r->error)
      r->error = err;
   return r->error;
}

/* The doorbell no longer works (for a socket doorbell: the peer hung up). Nobody can be woken
 * reliably any more, so the session is over. */
static int
doorbell_broken(struct mgt_ring *r)
{
   set_error(r, MGT_RING_SYSTEM);
   mgt_ring_set_failed(r);
   return MGT_RING_SYSTEM;
}

/* --- setup and teardown --- */

/* The header starts with the prefix shm.c writes and checks. */
_Static_assert(
   offsetof(struct mgt_ring_shared, magic) == offsetof(struct mgt_shm_prefix, magic) &&
      offsetof(struct mgt_ring_shared, version) == offsetof(struct mgt_shm_prefix, version) &&
      offsetof(struct mgt_ring_shared, capacity) == offsetof(struct mgt_shm_prefix, capacity) &&
      offsetof(struct mgt_ring_shared, data_offset) == offsetof(struct mgt_shm_prefix, data_offset),
   "segment header prefix");

static bool
valid_capacity(uint64_t capacity)
{
   return capacity >= MGT_RING_MIN_CAPACITY && capacity <= MGT_RING_MAX_CAPACITY &&
          (capacity & (capacity - 1)) == 0;
}

static void
reset(struct mgt_ring *r)
{
   memset(r, 0, sizeof(*r));
   r->fd = -1;
   r->run_ahead = UINT32_MAX;
   mgt_doorbell_init_futex(&r->own_doorbell);
}

int
mgt_ring_create(struct mgt_ring *r, size_t capacity)
{
   reset(r);
   if (!valid_capacity(capacity))
      return MGT_RING_INVALID;

   struct mgt_shm_map m;
   int fd = mgt_shm_create("mgl-ring", MGT_RING_HEADER_BYTES, capacity, MGT_RING_MAGIC,
                           MGT_RING_VERSION, &m);
   if (fd < 0) {
      reset(r);
      return MGT_RING_SYSTEM;
   }
   r->shared = (struct mgt_ring_shared *)m.base;
   r->data = m.data;
   r->map_base = m.map_base;
   r->map_len = m.map_len;
   r->capacity = capacity;
   r->fd = fd;
   r->producer = true;
   return MGT_RING_OK;
}

int
mgt_ring_attach(struct mgt_ring *r, int fd)
{
   reset(r);
   struct mgt_shm_map m;
   int rc = mgt_shm_attach(fd, MGT_RING_HEADER_BYTES, MGT_RING_MAGIC, MGT_RING_VERSION,
                           MGT_RING_MAX_CAPACITY, valid_capacity, &m);
   if (rc != MGT_SHM_OK)
      return rc;
   struct mgt_ring_shared *sh = (struct mgt_ring_shared *)m.base;
   uint64_t tail = atomic_load_explicit(&sh->tail, memory_order_acquire);
   if (tail & 7) {
      mgt_shm_unmap(&m);
      return MGT_RING_INVALID;
   }
   r->shared = sh;
   r->data = m.data;
   r->map_base = m.map_base;
   r->map_len = m.map_len;
   r->capacity = m.capacity;
   r->producer = false;
   r->tail = tail;
   r->head_cache = tail;
   r->applied = atomic_load_explicit(&sh->applied_seq, memory_order_relaxed);
   return MGT_RING_OK;
}

static void
unmap(struct mgt_ring *r)
{
   if (r->map_base)
      munmap(r->map_base, r->map_len);
}

void
mgt_ring_destroy(struct mgt_ring *r)
{
   if (!r)
      return;
   unmap(r);
   /* A zeroed struct has fd 0 but no mapping: only a created ring owns its fd. */
   if (r->shared && r->producer && r->fd >= 0)
      close(r->fd);
   mgt_doorbell_finish(&r->own_doorbell);
   reset(r);
}

void
mgt_ring_detach(struct mgt_ring *r)
{
   if (!r)
      return;
   unmap(r);
   mgt_doorbell_finish(&r->own_doorbell);
   reset(r);
}

/* --- producer --- */

/* Re-reads the consumer's tail. A tail ahead of head, or more than capacity behind it, cannot
 * come from an honest consumer. */
static int
refresh_tail(struct mgt_ring *r)
{
   uint64_t t = atomic_load_explicit(&r->shared->tail, memory_order_seq_cst);
   if (r->head - t > r->capacity)
      return set_error(r, MGT_RING_CORRUPT);
   r->tail_cache = t;
   return MGT_RING_OK;
}

static int
refresh_applied(struct mgt_ring *r)
{
   uint64_t a = atomic_load_explicit(&r->shared->applied_seq, memory_order_seq_cst);
   if (a > r->published)
      return set_error(r, MGT_RING_CORRUPT);
   r->applied_cache = a;
   return MGT_RING_OK;
}

enum wait_for { WAIT_SPACE, WAIT_APPLIED };

/* 1: satisfied, 0: not yet, <0: error. Refreshes the cache it looks at. */
static int
producer_check(struct mgt_ring *r, enum wait_for what, uint64_t arg)
{
   int rc;
   if (what == WAIT_SPACE) {
      if ((rc = refresh_tail(r)))
         return rc;
      return r->capacity - (r->head - r->tail_cache) >= arg;
   }
   if ((rc = refresh_applied(r)))
      return rc;
   return r->applied_cache >= arg;
}

/* The waker's half of the handshake; head was just stored seq_cst. */
static int
ring_if_asleep(struct mgt_ring *r)
{
   r->kicked_head = r->head;
   if (wake_flag(r, &r->shared->consumer_sleeping, 1))
      return doorbell_broken(r);
   return MGT_RING_OK;
}

static int
kick(struct mgt_ring *r)
{
   if (r->kicked_head == r->head)
      return MGT_RING_OK; /* nothing new since the last check: a sleeping consumer has seen all */
   /* Re-store head seq_cst: the handshake needs a seq_cst store of what the consumer checks,
    * and commit_deferred published it with a plain release store. */
   atomic_store_explicit(&r->shared->head, r->head, memory_order_seq_cst);
   return ring_if_asleep(r);
}

/* Polls for at most spin_ns before producer_wait sleeps. While it polls producer_waiting stays
 * 0, so the consumer's publish does not ring either. 1: satisfied, 0: not by then, <0: error
 * or a failed session (the caller's loop sorts out which). */
static int
producer_poll(struct mgt_ring *r, enum wait_for what, uint64_t arg)
{
   const uint64_t start = now_ns();
   do {
      int rc = producer_check(r, what, arg);
      if (rc > 0)
         count(&r->stat_spun);
      if (rc)
         return rc;
      if (shared_failed(r))
         return MGT_RING_FAILED;
      cpu_relax();
   } while (now_ns() - start < r->spin_ns);
   return 0;
}

/* Sleeps until the consumer freed `arg` bytes (WAIT_SPACE) or applied record `arg`
 * (WAIT_APPLIED). Rings first: the consumer may be asleep with deferred records unseen, and
 * then nothing would ever wake us. The consumer wakes us only at the target set here: for room,
 * a quarter of the ring more than the record needs (a full ring otherwise costs a sleep and a
 * wake-up per record released: 800 a frame of frame_1500 on inproc), reached at the latest when
 * the consumer has taken every published byte, since the target never passes head. */
static int
producer_wait(struct mgt_ring *r, enum wait_for what, uint64_t arg, bool poll)
{
   struct mgt_ring_shared *sh = r->shared;
   int rc = kick(r);
   if (rc)
      return rc;
   if (poll && r->spin_ns && (rc = producer_poll(r, what, arg)))
      return rc > 0 ? MGT_RING_OK : rc;
   if (what == WAIT_SPACE) {
      uint64_t room = arg + r->capacity / 4 < r->capacity ? arg + r->capacity / 4 : r->capacity;
      /* the caller saw less than arg free, so head - capacity + room > tail >= 0 */
      atomic_store_explicit(&sh->wake_tail, r->head + room - r->capacity, memory_order_relaxed);
      atomic_store_explicit(&sh->wake_applied, 0, memory_order_relaxed);
   } else {
      atomic_store_explicit(&sh->wake_tail, 0, memory_order_relaxed);
      atomic_store_explicit(&sh->wake_applied, arg, memory_order_relaxed);
   }
   for (;;) {
      rc = producer_check(r, what, arg);
      if (rc)
         return rc > 0 ? MGT_RING_OK : rc;
      if (shared_failed(r))
         return MGT_RING_FAILED;

      atomic_store_explicit(&sh->producer_waiting, 1, memory_order_seq_cst);
      rc = producer_check(r, what, arg);
      if (rc || shared_failed(r)) {
         atomic_store_explicit(&sh->producer_waiting, 0, memory_order_relaxed);
         continue; /* the top of the loop sorts out which */
      }
      count(&r->stat_sleeps);
      if (mgt_doorbell_wait(doorbell_of(r), &sh->producer_waiting, 1) != MGT_DOORBELL_OK)
         return doorbell_broken(r);
   }
}

void *
mgt_ring_reserve(struct mgt_ring *r, uint32_t size)
{
   if (!r->shared || !r->producer) {
      r->last_error = MGT_RING_INVALID;
      return NULL;
   }
   if (size < sizeof(struct mgt_ring_record_header) || (size & 7)) {
      r->last_error = MGT_RING_INVALID;
      return NULL;
   }
   if (size > r->capacity / 2) {
      r->last_error = MGT_RING_TOO_BIG;
      return NULL;
   }
   if (r->error || shared_failed(r))
      return NULL;
   r->reserved_size = 0; /* abandon an earlier, uncommitted reservation */

   uint64_t mask = r->capacity - 1;
   uint64_t off = r->head & mask;
   uint64_t room = r->capacity - off;
   /* room is a multiple of 8 and > 0, so a PAD header always fits. pad + size < capacity
    * because pad < size <= capacity/2, so an empty ring always has room: no deadlock. */
   uint64_t pad = size > room ? room : 0;
   uint64_t need = pad + size;

   if (r->capacity - (r->head - r->tail_cache) < need) {
      int rc = refresh_tail(r);
      if (!rc && r->capacity - (r->head - r->tail_cache) < need)
         rc = producer_wait(r, WAIT_SPACE, need, false);
      if (rc)
         return NULL;
   }

   uint64_t at = r->head;
   if (pad) {
      write_header(r->data + off, (uint32_t)pad, MGT_RING_KIND_PAD);
      at += pad;
   }
   unsigned char *p = r->data + (at & mask);
   write_header(p, size, 0);
   r->reserved_at = at;
   r->reserved_size = size;
   r->last_error = MGT_RING_OK;
   return p;
}

static int
publish(struct mgt_ring *r, memory_order order)
{
   if (!r->shared || !r->producer || !r->reserved_size)
      return MGT_RING_INVALID;
   unsigned char *p = r->data + (r->reserved_at & (r->capacity - 1));
   struct mgt_ring_record_header h;
   memcpy(&h, p, sizeof(h));
   assert(h.kind != MGT_RING_KIND_PAD && "callers may not use the ring's PAD kind");
   h.size = r->reserved_size; /* the ring owns size, whatever the caller wrote over it */
   memcpy(p, &h, sizeof(h));

   r->head = r->reserved_at + r->reserved_size;
   r->reserved_size = 0;
   r->published++;
   /* Release (at least): the record's bytes are visible before the head that covers them. */
   atomic_store_explicit(&r->shared->head, r->head, order);
   return MGT_RING_OK;
}

static int
run_ahead_wait(struct mgt_ring *r)
{
   if (r->run_ahead == UINT32_MAX || r->published - r->applied_cache <= r->run_ahead)
      return MGT_RING_OK;
   int rc = refresh_applied(r);
   if (rc)
      return rc;
   if (r->published - r->applied_cache <= r->run_ahead)
      return MGT_RING_OK;
   return producer_wait(r, WAIT_APPLIED, r->published - r->run_ahead, false);
}

int
mgt_ring_commit(struct mgt_ring *r)
{
   int rc = publish(r, memory_order_seq_cst);
   if (rc)
      return rc;
   if ((rc = ring_if_asleep(r)))
      return rc;
   return run_ahead_wait(r);
}

int
mgt_ring_commit_deferred(struct mgt_ring *r)
{
   int rc = publish(r, memory_order_release);
   if (rc)
      return rc;
   return run_ahead_wait(r);
}

int
mgt_ring_kick(struct mgt_ring *r)
{
   if (!r->shared || !r->producer)
      return MGT_RING_INVALID;
   return kick(r);
}

uint64_t
mgt_ring_records_published(const struct mgt_ring *r)
{
   return r->published;
}

uint64_t
mgt_ring_records_applied(const struct mgt_ring *r)
{
   if (!r->shared)
      return 0;
   if (!r->producer)
      return r->applied;
   return atomic_load_explicit(&r->shared->applied_seq, memory_order_acquire);
}

int
mgt_ring_wait_applied(struct mgt_ring *r, uint64_t seq)
{
   if (!r->shared || !r->producer || seq > r->published)
      return MGT_RING_INVALID;
   if (r->error)
      return r->error;
   if (r->applied_cache >= seq)
      return MGT_RING_OK;
   int rc = refresh_applied(r);
   if (rc)
      return rc;
   if (r->applied_cache >= seq)
      return MGT_RING_OK;
   return producer_wait(r, WAIT_APPLIED, seq, true);
}

void
mgt_ring_set_run_ahead(struct mgt_ring *r, uint32_t max_unapplied)
{
   r->run_ahead = max_unapplied;
}

/* --- consumer --- */

static const void *
corrupt(struct mgt_ring *r)
{
   set_error(r, MGT_RING_CORRUPT);
   return NULL;
}

/* Publishes the consumer's progress and wakes a producer waiting for space or for an applied
 * record. */
static void
consumer_publish(struct mgt_ring *r, bool applied)
{
   struct mgt_ring_shared *sh = r->shared;
   /* Release (seq_cst includes it): our reads of the record happen before the producer may
    * overwrite it. seq_cst for the wake-up handshake with producer_waiting. */
   atomic_store_explicit(&sh->tail, r->tail, memory_order_seq_cst);
   if (applied)
      atomic_store_explicit(&sh->applied_seq, r->applied, memory_order_seq_cst);
   /* The producer wrote its targets before its seq_cst store of the flag, which this load
    * reads; a target not reached yet is reached by a later publish, which looks again. */
   if (!atomic_load_explicit(&sh->producer_waiting, memory_order_seq_cst) ||
       r->tail < atomic_load_explicit(&sh->wake_tail, memory_order_relaxed) ||
       r->applied < atomic_load_explicit(&sh->wake_applied, memory_order_relaxed))
      return;
   if (wake_flag(r, &sh->producer_waiting, 1))
      doorbell_broken(r);
}

const void *
mgt_ring_peek(struct mgt_ring *r, uint32_t *size)
{
   if (!r->shared || r->producer || r->error)
      return NULL;
   uint64_t mask = r->capacity - 1;
   if (r->current_size) {
      *size = r->current_size;
      return r->data + (r->tail & mask);
   }
   if (shared_failed(r))
      return NULL;

   for (;;) {
      uint64_t avail = r->head_cache - r->tail;
      if (avail == 0) {
         r->head_cache = atomic_load_explicit(&r->shared->head, memory_order_acquire);
         avail = r->head_cache - r->tail;
         if (avail == 0)
            return NULL;
      }
      /* An honest producer publishes whole 8-aligned records and never more than capacity
       * ahead of us (a head behind the tail also lands here, as a huge unsigned distance). */
      if (avail > r->capacity || (avail & 7))
         return corrupt(r);

      uint64_t off = r->tail & mask;
      uint64_t room = r->capacity - off; /* >= 8: off is 8-aligned and < capacity */
      struct mgt_ring_record_header h = read_header(r->data + off);
      if (h.size < sizeof(h) || (h.size & 7) || h.size > room || h.size > avail)
         return corrupt(r);
      if (h.kind == MGT_RING_KIND_PAD) {
         /* The producer pads exactly to the end of the data area, nothing else. */
         if (h.size != room)
            return corrupt(r);
         r->tail += h.size;
         consumer_publish(r, false);
         continue;
      }
      if (h.size > r->capacity / 2)
         return corrupt(r);
      r->current_size = h.size;
      *size = h.size;
      return r->data + off;
   }
}

void
mgt_ring_release(struct mgt_ring *r)
{
   if (!r->shared || r->producer || !r->current_size)
      return;
   r->tail += r->current_size;
   r->current_size = 0;
   r->applied++;
   consumer_publish(r, true);
}

/* Polls head for at most spin_ns; true once it moved (counted) or the session failed. While it
 * polls consumer_sleeping stays 0, so the producer's commits do not ring. */
static bool
consumer_poll(struct mgt_ring *r)
{
   struct mgt_ring_shared *sh = r->shared;
   const uint64_t start = now_ns();
   do {
      if (atomic_load_explicit(&sh->head, memory_order_acquire) != r->tail) {
         count(&r->stat_spun);
         return true;
      }
      if (shared_failed(r))
         return true;
      cpu_relax();
   } while (now_ns() - start < r->spin_ns);
   return false;
}

int
mgt_ring_wait(struct mgt_ring *r)
{
   if (!r->shared || r->producer)
      return MGT_RING_INVALID;
   struct mgt_ring_shared *sh = r->shared;
   bool polled = !r->spin_ns;
   for (;;) {
      if (r->error)
         return r->error;
      if (shared_failed(r))
         return MGT_RING_FAILED;
      if (r->current_size || atomic_load_explicit(&sh->head, memory_order_acquire) != r->tail)
         return MGT_RING_OK;
      if (!polled) {
         polled = true;
         if (consumer_poll(r))
            continue; /* the top of the loop says what ended it */
      }

      /* "I am going to sleep", then look again before sleeping. */
      atomic_store_explicit(&sh->consumer_sleeping, 1, memory_order_seq_cst);
      if (atomic_load_explicit(&sh->head, memory_order_seq_cst) != r->tail ||
          atomic_load_explicit(&sh->failed, memory_order_seq_cst)) {
         atomic_store_explicit(&sh->consumer_sleeping, 0, memory_order_relaxed);
         continue;
      }
      count(&r->stat_sleeps);
      if (mgt_doorbell_wait(doorbell_of(r), &sh->consumer_sleeping, 1) != MGT_DOORBELL_OK)
         return doorbell_broken(r);
   }
}

/* --- both sides --- */

void
mgt_ring_set_failed(struct mgt_ring *r)
{
   mgt_ring_fail(r, MGT_RING_FAIL_UNNAMED);
}

void
mgt_ring_fail(struct mgt_ring *r, uint32_t reason)
{
   if (!r || !r->shared)
      return;
   struct mgt_ring_shared *sh = r->shared;
   uint32_t unset = 0;
   atomic_compare_exchange_strong_explicit(&sh->failed, &unset,
                                           reason ? reason : MGT_RING_FAIL_UNNAMED,
                                           memory_order_seq_cst, memory_order_seq_cst);
   /* Wake whoever sleeps on either side; a broken doorbell cannot be helped here. */
   wake_flag(r, &sh->consumer_sleeping, WAKE_ALL);
   wake_flag(r, &sh->producer_waiting, WAKE_ALL);
}

uint32_t
mgt_ring_fail_reason(const struct mgt_ring *r)
{
   return r && r->shared ? atomic_load_explicit(&r->shared->failed, memory_order_seq_cst) : 0;
}

bool
mgt_ring_failed(const struct mgt_ring *r)
{
   return r && r->shared && shared_failed(r);
}

int
mgt_ring_error(const struct mgt_ring *r)
{
   if (!r->shared)
      return r->last_error ? r->last_error : MGT_RING_INVALID;
   if (r->error)
      return r->error;
   if (shared_failed(r))
      return MGT_RING_FAILED;
   return r->last_error;
}

uint64_t
mgt_ring_capacity(const struct mgt_ring *r)
{
   return r->capacity;
}

uint32_t
mgt_ring_max_record(const struct mgt_ring *r)
{
   return (uint32_t)(r->capacity / 2);
}

void
mgt_ring_set_doorbell(struct mgt_ring *r, struct mgt_doorbell *db)
{
   r->doorbell = db;
}

void
mgt_ring_get_stats(const struct mgt_ring *r, struct mgt_ring_stats *out)
{
   out->records = r->producer ? r->published : r->applied;
   out->wakes = atomic_load_explicit(&r->stat_wakes, memory_order_relaxed);
   out->sleeps = atomic_load_explicit(&r->stat_sleeps, memory_order_relaxed);
   out->spun = atomic_load_explicit(&r->stat_spun, memory_order_relaxed);
}

void
mgt_ring_set_spin(struct mgt_ring *r, uint64_t ns)
{
   r->spin_ns = ns;
}

struct mgt_event_area *
mgt_ring_event_area(struct mgt_ring *r)
{
   return (struct mgt_event_area *)((unsigned char *)r->shared + MGT_RING_EVENTS_OFFSET);
}
