/* stage.c — stage segment: bump allocator with wrap-around over a memfd mapped once per side.
 * The producer's sleep for space is the same seq_cst flag/re-check handshake as in ring.c. */

#include "stage.h"
#include "shm.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define WAKE_ALL INT32_MAX

static struct mgt_doorbell *
doorbell_of(struct mgt_stage *s)
{
   return s->doorbell ? s->doorbell : &s->own_doorbell;
}

/* The header starts with the prefix shm.c writes and checks. */
_Static_assert(
   offsetof(struct mgt_stage_shared, magic) == offsetof(struct mgt_shm_prefix, magic) &&
      offsetof(struct mgt_stage_shared, version) == offsetof(struct mgt_shm_prefix, version) &&
      offsetof(struct mgt_stage_shared, capacity) == offsetof(struct mgt_shm_prefix, capacity) &&
      offsetof(struct mgt_stage_shared, data_offset) ==
         offsetof(struct mgt_shm_prefix, data_offset) &&
      offsetof(struct mgt_stage_shared, extra_size) == offsetof(struct mgt_shm_prefix, extra_size),
   "segment header prefix");

static bool
valid_capacity(uint64_t capacity)
{
   return capacity >= MGT_STAGE_MIN_CAPACITY && capacity <= MGT_STAGE_MAX_CAPACITY &&
          (capacity & (capacity - 1)) == 0;
}

static void
reset(struct mgt_stage *s)
{
   memset(s, 0, sizeof(*s));
   s->fd = -1;
   mgt_doorbell_init_futex(&s->own_doorbell);
}

static bool
shared_failed(const struct mgt_stage *s)
{
   return atomic_load_explicit(&s->shared->failed, memory_order_seq_cst) != 0;
}

static int
set_error(struct mgt_stage *s, int err)
{
   if (!s->error)
      s->error = err;
   return s->error;
}

/* Clears a sleep flag and wakes its sleeper if it was set; the caller has just published its
 * state with a seq_cst store. */
static int
wake_flag(struct mgt_stage *s, _Atomic uint32_t *flag, int n)
{
   if (!atomic_load_explicit(flag, memory_order_seq_cst))
      return MGT_STAGE_OK;
   if (!atomic_exchange_explicit(flag, 0, memory_order_seq_cst))
      return MGT_STAGE_OK;
   atomic_fetch_add_explicit(&s->stat_wakes, 1, memory_order_relaxed);
   if (mgt_doorbell_wake(doorbell_of(s), flag, n) != MGT_DOORBELL_OK)
      return MGT_STAGE_SYSTEM;
   return MGT_STAGE_OK;
}

static int
doorbell_broken(struct mgt_stage *s)
{
   set_error(s, MGT_STAGE_SYSTEM);
   mgt_stage_set_failed(s);
   return MGT_STAGE_SYSTEM;
}

/* --- setup and teardown --- */

static uint64_t
page_size(void)
{
   long p = sysconf(_SC_PAGESIZE);
   return p > 0 ? (uint64_t)p : 4096;
}

static uint64_t
round_up(uint64_t v, uint64_t to)
{
   return (v + to - 1) / to * to;
}

int
mgt_stage_create(struct mgt_stage *s, size_t capacity)
{
   return mgt_stage_create_with_heap(s, capacity, 0);
}

int
mgt_stage_create_with_heap(struct mgt_stage *s, size_t capacity, uint64_t heap_size)
{
   reset(s);
   const uint64_t page = page_size();
   if (!valid_capacity(capacity) || heap_size % page || heap_size > MGT_STAGE_MAX_CAPACITY)
      return MGT_STAGE_INVALID;

   /* After the data area: padding to a page, the idle table, the heap on a page boundary (the
    * server imports its pages as buffer memory). */
   struct mgt_shm_map m;
   uint64_t table_rel = 0, heap_rel = 0, extra = 0;
   if (heap_size) {
      table_rel = round_up(capacity, page) - capacity;
      heap_rel = table_rel + round_up(sizeof(struct mgt_heap_table), page);
      extra = heap_rel + heap_size;
   }
   int fd = mgt_shm_create_extra("mgl-stage", sizeof(struct mgt_stage_shared), capacity, extra,
                                 MGT_STAGE_MAGIC, MGT_STAGE_VERSION, &m);
   if (fd < 0) {
      reset(s);
      return MGT_STAGE_SYSTEM;
   }
   s->shared = (struct mgt_stage_shared *)m.base;
   if (heap_size) {
      const uint64_t end = (uint64_t)(m.data - m.base) + capacity;
      s->shared->table_offset = end + table_rel;
      s->shared->heap_offset = end + heap_rel;
      s->shared->heap_size = heap_size;
      s->table = (struct mgt_heap_table *)(m.data + capacity + table_rel);
      s->heap = m.data + capacity + heap_rel;
      s->heap_size = heap_size;
   }
   s->data = m.data;
   s->map_base = m.map_base;
   s->map_len = m.map_len;
   s->capacity = capacity;
   s->fd = fd;
   s->producer = true;
   return MGT_STAGE_OK;
}

int
mgt_stage_attach(struct mgt_stage *s, int fd)
{
   reset(s);
   struct mgt_shm_map m;
   int rc = mgt_shm_attach(fd, sizeof(struct mgt_stage_shared), MGT_STAGE_MAGIC, MGT_STAGE_VERSION,
                           MGT_STAGE_MAX_CAPACITY, valid_capacity, &m);
   if (rc != MGT_SHM_OK)
      return rc;
   struct mgt_stage_shared *sh = (struct mgt_stage_shared *)m.base;
   /* The heap's place, read once and checked against the extra area we mapped. */
   const uint64_t end = (uint64_t)(m.data - m.base) + m.capacity;
   const uint64_t table_off = mgt_read_once_u64(&sh->table_offset);
   const uint64_t heap_off = mgt_read_once_u64(&sh->heap_offset);
   const uint64_t heap_size = mgt_read_once_u64(&sh->heap_size);
   if (heap_size) {
      const uint64_t len = end + m.extra_size;
      if (table_off < end || table_off % MGT_STAGE_CACHE_LINE || table_off > len ||
          sizeof(struct mgt_heap_table) > len - table_off ||
          heap_off < table_off + sizeof(struct mgt_heap_table) || heap_off % page_size() ||
          heap_off > len || heap_size != len - heap_off) {
         mgt_shm_unmap(&m);
         return MGT_STAGE_INVALID;
      }
      s->table = (struct mgt_heap_table *)(m.base + table_off);
      s->heap = m.base + heap_off;
      s->heap_size = heap_size;
   }
   s->shared = sh;
   s->data = m.data;
   s->map_base = m.map_base;
   s->map_len = m.map_len;
   s->capacity = m.capacity;
   s->producer = false;
   s->released = atomic_load_explicit(&sh->released, memory_order_relaxed);
   return MGT_STAGE_OK;
}

static void
unmap(struct mgt_stage *s)
{
   if (s->map_base)
      munmap(s->map_base, s->map_len);
}

void
mgt_stage_destroy(struct mgt_stage *s)
{
   if (!s)
      return;
   unmap(s);
   if (s->shared && s->producer && s->fd >= 0)
      close(s->fd);
   mgt_doorbell_finish(&s->own_doorbell);
   reset(s);
}

void
mgt_stage_detach(struct mgt_stage *s)
{
   if (!s)
      return;
   unmap(s);
   mgt_doorbell_finish(&s->own_doorbell);
   reset(s);
}

void
mgt_stage_detach_keep_map(struct mgt_stage *s, void **map_base, size_t *map_len)
{
   *map_base = s->map_base;
   *map_len = s->map_len;
   mgt_doorbell_finish(&s->own_doorbell);
   reset(s);
}

/* --- producer --- */

/* A token beyond what we ever allocated cannot come from an honest consumer. */
static int
refresh_released(struct mgt_stage *s)
{
   uint64_t t = atomic_load_explicit(&s->shared->released, memory_order_seq_cst);
   if (t > s->pos)
      return set_error(s, MGT_STAGE_CORRUPT);
   if (t > s->released_cache)
      s->released_cache = t;
   return MGT_STAGE_OK;
}

/* 1: the consumer released at least `need`, 0: not yet, <0: error. */
static int
check_space(struct mgt_stage *s, uint64_t need)
{
   int rc = refresh_released(s);
   if (rc)
      return rc;
   return s->released_cache >= need;
}

static int
wait_space(struct mgt_stage *s, uint64_t need)
{
   struct mgt_stage_shared *sh = s->shared;
   if (s->before_wait)
      s->before_wait(s->before_wait_ctx);
   for (;;) {
      int rc = check_space(s, need);
      if (rc)
         return rc > 0 ? MGT_STAGE_OK : rc;
      if (shared_failed(s))
         return MGT_STAGE_FAILED;

      atomic_store_explicit(&sh->producer_waiting, 1, memory_order_seq_cst);
      rc = check_space(s, need);
      if (rc || shared_failed(s)) {
         atomic_store_explicit(&sh->producer_waiting, 0, memory_order_relaxed);
         continue;
      }
      atomic_fetch_add_explicit(&s->stat_sleeps, 1, memory_order_relaxed);
      if (mgt_doorbell_wait(doorbell_of(s), &sh->producer_waiting, 1) != MGT_DOORBELL_OK)
         return doorbell_broken(s);
   }
}

static int
stage_alloc(struct mgt_stage *s, uint64_t size, uint64_t align, uint64_t *offset_out,
            void **ptr_out, bool block)
{
   if (!s->shared || !s->producer)
      return MGT_STAGE_INVALID;
   if (align == 0)
      align = 1;
   if ((align & (align - 1)) || align > s->capacity)
      return MGT_STAGE_INVALID;
   if (size > s->capacity)
      return MGT_STAGE_TOO_BIG;
   if (s->error)
      return s->error;
   if (shared_failed(s))
      return MGT_STAGE_FAILED;

   uint64_t mask = s->capacity - 1;
   /* Positions are monotonic byte counts; capacity is a power of two >= align, so aligning
    * the position aligns the offset. */
   uint64_t start = (s->pos + align - 1) & ~(align - 1);
   if (size > s->capacity - (start & mask))
      start = (s->pos + mask) & ~mask; /* skip to offset 0 of the next lap: never straddle */
   uint64_t end = start + size;

   /* Byte p reuses the slot of byte p - capacity, so every byte allocated before
    * end - capacity must be released. But skipped bytes hold no data, and the consumer's
    * tokens only reach the end of what records named: asking for a token inside a skip would
    * wait for the next allocation's record, possibly the one being built now (a deadlock).
    * So a need that falls inside a skip shrinks to the skip's start: the skip this allocation
    * makes ([pos, start)), or the last lap skip (the only one within a lap of pos). An empty
    * allocation overwrites nothing. Alignment padding is not tracked: it can only ask for up
    * to align - 1 bytes more than necessary. */
   uint64_t need = size && end > s->capacity ? end - s->capacity : 0;
   if (need > s->pos)
      need = s->pos;
   else if (need > s->skip_start && need <= s->skip_end)
      need = s->skip_start;
   if (s->released_cache < need) {
      int rc = check_space(s, need);
      if (rc == 0)
         rc = block ? wait_space(s, need) : MGT_STAGE_WOULD_BLOCK;
      else if (rc > 0)
         rc = MGT_STAGE_OK;
      if (rc)
         return rc;
   }

   if ((start & mask) == 0 && start > s->pos) {
      s->skip_start = s->pos; /* a gap up to a lap boundary */
      s->skip_end = start;
   }
   s->pos = end;
   *offset_out = start & mask;
   *ptr_out = s->data + (start & mask);
   return MGT_STAGE_OK;
}

int
mgt_stage_alloc(struct mgt_stage *s, uint64_t size, uint64_t align, uint64_t *offset_out,
                void **ptr_out)
{
   return stage_alloc(s, size, align, offset_out, ptr_out, true);
}

int
mgt_stage_try_alloc(struct mgt_stage *s, uint64_t size, uint64_t align, uint64_t *offset_out,
                    void **ptr_out)
{
   return stage_alloc(s, size, align, offset_out, ptr_out, false);
}

uint64_t
mgt_stage_mark(const struct mgt_stage *s)
{
   return s->pos;
}

void
mgt_stage_set_before_wait(struct mgt_stage *s, void (*fn)(void *ctx), void *ctx)
{
   s->before_wait = fn;
   s->before_wait_ctx = ctx;
}

/* --- consumer --- */

void
mgt_stage_release(struct mgt_stage *s, uint64_t token)
{
   if (!s->shared || s->producer || token <= s->released)
      return;
   s->released = token;
   /* Release (seq_cst includes it): our reads and reply writes of the bytes happen before the
    * producer reuses them. seq_cst for the wake-up handshake with producer_waiting. */
   atomic_store_explicit(&s->shared->released, token, memory_order_seq_cst);
   if (wake_flag(s, &s->shared->producer_waiting, 1))
      doorbell_broken(s);
}

void *
mgt_stage_heap_resolve(const struct mgt_stage *s, uint64_t offset, uint64_t size)
{
   if (!s->heap || offset > s->heap_size || size > s->heap_size - offset)
      return NULL;
   return s->heap + offset;
}

const void *
mgt_stage_resolve(const struct mgt_stage *s, uint64_t offset, uint64_t size)
{
   /* offset <= capacity first, so capacity - offset cannot wrap. */
   if (!s->data || offset > s->capacity || size > s->capacity - offset)
      return NULL;
   return s->data + offset;
}

void *
mgt_stage_resolve_writable(struct mgt_stage *s, uint64_t offset, uint64_t size)
{
   if (!s->data || offset > s->capacity || size > s->capacity - offset)
      return NULL;
   return s->data + offset;
}

/* --- both sides --- */

void
mgt_stage_set_failed(struct mgt_stage *s)
{
   if (!s || !s->shared)
      return;
   atomic_store_explicit(&s->shared->failed, 1, memory_order_seq_cst);
   wake_flag(s, &s->shared->producer_waiting, WAKE_ALL);
}

bool
mgt_stage_failed(const struct mgt_stage *s)
{
   return s && s->shared && shared_failed(s);
}

int
mgt_stage_error(const struct mgt_stage *s)
{
   if (!s->shared)
      return MGT_STAGE_INVALID;
   if (s->error)
      return s->error;
   return shared_failed(s) ? MGT_STAGE_FAILED : MGT_STAGE_OK;
}

uint64_t
mgt_stage_capacity(const struct mgt_stage *s)
{
   return s->capacity;
}

void
mgt_stage_set_doorbell(struct mgt_stage *s, struct mgt_doorbell *db)
{
   s->doorbell = db;
}

void
mgt_stage_get_stats(const struct mgt_stage *s, struct mgt_stage_stats *out)
{
   out->wakes = atomic_load_explicit(&s->stat_wakes, memory_order_relaxed);
   out->sleeps = atomic_load_explicit(&s->stat_sleeps, memory_order_relaxed);
}
