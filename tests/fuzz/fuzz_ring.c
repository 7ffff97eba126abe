/* fuzz_ring.c — libFuzzer target: the ring arms' shared memory, written by a hostile client,
 * read by the server's ring applier over the real backend (Vulkan; lavapipe here, or the GLES
 * one under MGL_FUZZ_RING_BACKEND=gles), with ASan+UBSan.
 *
 * Each input gets a fresh ring and stage memfd pair (the stage with a heap) and a fresh server
 * session, served by the inproc arm's apply thread (mgs_apply_thread_start: the server's own
 * mgt_ring_attach/mgt_stage_attach, mgt_ring_peek, the decoder and applier in
 * mgs_session_apply, the span resolver, stage release, event writer and heap stamping — the
 * code the spawn server runs too). This thread is the client: it lays the input out in the
 * shared memory as it goes, waiting for space as a client does, and wakes the applier through
 * the ring's doorbell.
 *
 * The input is a captured client stream (what the replay target takes, so the scenario lane's
 * captures seed both: seed_corpus.py) plus frames of kinds no stream has, that write shared
 * memory directly:
 *   RECORD (1)     the record (its first `a` bytes) goes into the ring as a client's producer
 *                  writes it (the ring owns the size field; a PAD record before it at the end
 *                  of the data area); its inline area goes into the stage at the next 16-aligned
 *                  position (skipping to the next lap rather than straddling the end), and
 *                  every span naming the inline area is rewritten to name that stage position;
 *                  the reply area (b bytes, at most 64 KiB) follows it, zeroed, and spans
 *                  naming it are rewritten the same way.
 *                  Spans naming the stage or the heap keep their offsets: the fuzzer's.
 *   SYNC (2)       waits until the applier consumed everything published (a client's round trip)
 *   BYE (3)        ends the input
 *   FZ_SETUP       (first frame only) the ring and stage capacities, the heap's size, and the
 *                  monotonic positions both start at (so counters wrap past 2^64)
 *   FZ_RING_RAW    body bytes at the ring's head verbatim, then head += a (any a: a lie about
 *                  how much was published, unaligned, behind the tail, beyond the capacity)
 *   FZ_SCRIBBLE    body bytes written over the last `a` bytes published, without waiting (what
 *                  a client that rewrites a record while the server reads it does: the server
 *                  must read the record once and use its copy)
 *   FZ_STAGE_RAW   body bytes at stage position a
 *   FZ_HEAP_RAW    body bytes at heap offset a
 *   FZ_HEADER      body bytes at offset a of the ring's header page (b = 1: the stage's), e.g.
 *                  head, tail, capacity, the failed word, the event area's tail. Before the
 *                  first other frame they are written before the server maps the memfds (what
 *                  attach checks), after it while the applier runs (what it must never re-read)
 *
 * The run ends when the input does: the client waits until everything published was consumed
 * or the session failed, stops the apply thread (as the inproc arm does at teardown) and
 * destroys the session; a leak is a LeakSanitizer report. */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fuzz_frames.h"
#include "fuzz_vulkan.h"
#include "event_area.h"
#include "log.h"
#include "pipe_codec.h"
#include "ring.h"
#include "stage.h"

/* apply_thread.c: the inproc arm's apply thread (entry.c hands them to the client library). */
struct mgs_apply_thread;
struct mgs_apply_thread *mgs_apply_thread_start(struct mgs_session *s, int ring_fd, int stage_fd);
void mgs_apply_thread_stop(struct mgs_apply_thread *t);

enum {
   FZ_SETUP = 0x100,
   FZ_RING_RAW = 0x101,
   FZ_SCRIBBLE = 0x102,
   FZ_STAGE_RAW = 0x103,
   FZ_HEAP_RAW = 0x104,
   FZ_HEADER = 0x105,
};

/* FZ_SETUP's body. Capacities as log2, clamped to what a client could make (and this target
 * can afford per input). */
struct fz_setup {
   uint64_t ring_pos, stage_pos;
   uint32_t ring_log2, stage_log2, heap_pages, pad;
};

#define HEAP_PAGE 4096u

struct client {
   struct mgt_ring ring;   /* the producer's side: its memfd and mapping */
   struct mgt_stage stage; /* likewise */
   uint64_t head;          /* ring bytes published, as the client counts them */
   uint64_t stage_pos;     /* stage bytes allocated */
   struct mgt_doorbell db; /* wakes the applier */
};

/* The n-th pause of a wait: short at first, then up to a millisecond (the applier may be busy
 * in the backend for a while: a spinning client would take its CPU). */
static void
pause_for(unsigned n)
{
   struct timespec ts = {0, (n < 10 ? 20 : n < 40 ? 200 : 1000) * 1000};
   nanosleep(&ts, NULL);
}

static bool
session_over(const struct client *c)
{
   return mgt_ring_failed(&c->ring) || mgt_stage_failed(&c->stage);
}

/* The applier may sleep on consumer_sleeping: wake it (the ring's own waker half). */
static void
wake_applier(struct client *c)
{
   struct mgt_ring_shared *sh = c->ring.shared;
   atomic_store_explicit(&sh->head, c->head, memory_order_seq_cst);
   if (atomic_exchange_explicit(&sh->consumer_sleeping, 0, memory_order_seq_cst))
      mgt_doorbell_wake(&c->db, &sh->consumer_sleeping, 1);
}

/* The events the server posted are taken (the client's reader would move them to its inbox). */
static void
take_events(struct client *c)
{
   struct mgt_event_area *ev = mgt_ring_event_area(&c->ring);
   atomic_store_explicit(&ev->tail, atomic_load_explicit(&ev->head, memory_order_acquire),
                         memory_order_release);
}

/* Bytes at a monotonic position of a power-of-two area, wrapping at its end. */
static void
put_wrapped(uint8_t *area, uint64_t capacity, uint64_t pos, const uint8_t *src, uint64_t n)
{
   for (uint64_t i = 0; i < n; i++)
      area[(pos + i) & (capacity - 1)] = src[i];
}

/* One round of a client's wait: events taken, a pause. Returns false when waiting longer
 * cannot help: the session is over, or the applier sleeps round after round (it sleeps only
 * after it saw the head this client published: a header the input rewrote can leave it nothing
 * to do while the counters this client waits on never move). */
static bool
wait_round(struct client *c, unsigned *round, unsigned *asleep_rounds)
{
   if (session_over(c))
      return false;
   take_events(c);
   pause_for((*round)++);
   if (atomic_load_explicit(&c->ring.shared->consumer_sleeping, memory_order_seq_cst))
      ++*asleep_rounds;
   else
      *asleep_rounds = 0;
   return *asleep_rounds < 20;
}

/* Waits until the applier freed `need` bytes of the ring; false when the session is over. */
static bool
wait_ring_space(struct client *c, uint64_t need)
{
   unsigned round = 0, rounds = 0;
   for (;;) {
      uint64_t tail = atomic_load_explicit(&c->ring.shared->tail, memory_order_acquire);
      uint64_t used = c->head - tail;
      if (used > c->ring.capacity || c->ring.capacity - used >= need)
         return true; /* a lie of ours earlier (head behind the tail) writes over anything */
      if (!wait_round(c, &round, &rounds))
         return !session_over(c); /* stuck: the bytes go in over whatever is there */
   }
}

/* Waits until everything published was consumed, or the session is over. */
static void
wait_consumed(struct client *c)
{
   unsigned round = 0, rounds = 0;
   for (;;) {
      struct mgt_ring_shared *sh = c->ring.shared;
      if (atomic_load_explicit(&sh->tail, memory_order_acquire) ==
             atomic_load_explicit(&sh->head, memory_order_acquire) ||
          !wait_round(c, &round, &rounds))
         return;
   }
}

/* The stage bytes of one record at the next 16-aligned position that does not straddle the
 * end; waits for the applier's release as a producer does. Returns the position, or UINT64_MAX
 * when they cannot be placed (more than half the stage, or the session is over). */
static uint64_t
stage_place(struct client *c, const uint8_t *bytes, uint64_t n)
{
   const uint64_t cap = c->stage.capacity;
   if (n > cap / 2)
      return UINT64_MAX;
   uint64_t at = (c->stage_pos + 15) & ~(uint64_t)15;
   if ((at & (cap - 1)) + n > cap)
      at += cap - (at & (cap - 1));
   unsigned round = 0, rounds = 0;
   for (;;) {
      uint64_t released = atomic_load_explicit(&c->stage.shared->released, memory_order_acquire);
      uint64_t used = at + n - released;
      if (used > 2 * cap || used <= cap) /* released past us: a span of ours reached ahead */
         break;
      if (!wait_round(c, &round, &rounds)) {
         if (session_over(c))
            return UINT64_MAX;
         break; /* stuck: the bytes go in over whatever is there */
      }
   }
   memcpy(c->stage.data + (at & (cap - 1)), bytes, n);
   c->stage_pos = at + n;
   return at;
}

/* A RECORD frame, laid out as a client's producer does. false: stop. */
static bool
put_record(struct client *c, const uint8_t *body, const struct mgp_frame *h)
{
   uint32_t size = h->a;
   if (size < sizeof(struct mgp_record_header) || size % 8 || size > h->size ||
       size > c->ring.capacity / 2)
      return true; /* no producer writes it: the raw frames can */
   uint8_t *rec = malloc(size);
   if (!rec)
      return false;
   memcpy(rec, body, size);
   memcpy(rec, &size, sizeof(size)); /* the ring owns the size field */

   /* The inline area into the stage, its spans renamed. */
   uint64_t inline_at = ((uint64_t)size + 15) & ~(uint64_t)15;
   uint64_t inline_size = h->size > inline_at ? h->size - inline_at : 0;
   uint64_t base = c->stage_pos;
   if (inline_size) {
      base = stage_place(c, body + inline_at, inline_size);
      if (base == UINT64_MAX && session_over(c)) {
         free(rec);
         return false;
      }
   }
   /* The reply area (b bytes) after it: room a ring client gives its span_outs. */
   uint64_t reply_base = c->stage_pos;
   if (h->b) {
      static const uint8_t zeros[1u << 16];
      reply_base = stage_place(c, zeros, h->b < sizeof(zeros) ? h->b : sizeof(zeros));
      if (reply_base == UINT64_MAX && session_over(c)) {
         free(rec);
         return false;
      }
   }
   struct mgp_record_header rh;
   memcpy(&rh, rec, sizeof(rh));
   if (rh.call < MGP_CALL_COUNT) {
      const struct mgp_call_info *ci = &mgp_call_info[rh.call];
      for (uint32_t i = 0; i < ci->num_spans; i++) {
         uint64_t at = sizeof(rh) + ci->spans[i].offset;
         struct mgp_span sp;
         if (at + sizeof(sp) > size)
            continue;
         memcpy(&sp, rec + at, sizeof(sp));
         if (sp.seg != MGP_SEG_INLINE && sp.seg != MGP_SEG_REPLY)
            continue;
         /* wraps as positions do; the server's resolver judges it */
         sp.offset += sp.seg == MGP_SEG_INLINE ? base : reply_base;
         sp.seg = MGP_SEG_STAGE;
         memcpy(rec + at, &sp, sizeof(sp));
      }
   }

   const uint64_t cap = c->ring.capacity;
   uint64_t room = cap - (c->head & (cap - 1));
   uint64_t pad = size > room ? room : 0;
   if (!wait_ring_space(c, pad + size)) {
      free(rec);
      return false;
   }
   if (pad) {
      struct mgt_ring_record_header ph = {.size = (uint32_t)pad, .kind = MGT_RING_KIND_PAD};
      put_wrapped(c->ring.data, cap, c->head, (const uint8_t *)&ph, sizeof(ph));
   }
   put_wrapped(c->ring.data, cap, c->head + pad, rec, size);
   free(rec);
   c->head += pad + size;
   wake_applier(c);
   return true;
}

static void
put_header(struct client *c, const uint8_t *body, const struct mgp_frame *h)
{
   uint8_t *base = h->b == 1 ? (uint8_t *)c->stage.shared : (uint8_t *)c->ring.shared;
   size_t len = h->b == 1 ? sizeof(struct mgt_stage_shared) : MGT_RING_HEADER_BYTES;
   size_t at = h->a % len;
   size_t n = h->size < len - at ? h->size : len - at;
   memcpy(base + at, body, n);
}

static uint32_t
clamp_log2(uint32_t v, uint32_t lo, uint32_t hi, uint32_t def)
{
   return v == 0 ? def : v < lo ? lo : v > hi ? hi : v;
}

/* What the inputs did, printed at exit: a run whose inputs never get a record applied (a
 * broken corpus, a layout the server cannot read) shows as zero. */
static unsigned long inputs_run, records_applied, sessions_failed;

static void
report_counts(void)
{
   fprintf(stderr, "fuzz-ring: %lu inputs, %lu records applied, %lu sessions failed\n", inputs_run,
           records_applied, sessions_failed);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   (void)argc;
   (void)argv;
   fuzz_vulkan_init("fuzz-ring");
   atexit(report_counts);
   return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   size_t pos = 0;
   struct fuzz_frame f;
   struct fz_setup setup = {0};
   {
      size_t p = 0;
      if (fuzz_next_frame(data, size, &p, &f) && f.h.kind == FZ_SETUP) {
         memcpy(&setup, data + f.at + sizeof(struct mgp_frame),
                f.h.size < sizeof(setup) ? f.h.size : sizeof(setup));
         pos = p;
      }
   }
   struct client c = {0};
   uint32_t ring_log2 = clamp_log2(setup.ring_log2, 12, 20, 16);
   uint32_t stage_log2 = clamp_log2(setup.stage_log2, 12, 22, 18);
   uint64_t heap = (uint64_t)(setup.heap_pages % 65) * HEAP_PAGE;
   if (mgt_ring_create(&c.ring, (size_t)1 << ring_log2) != MGT_RING_OK ||
       mgt_stage_create_with_heap(&c.stage, (size_t)1 << stage_log2, heap) != MGT_STAGE_OK) {
      fprintf(stderr, "fuzz-ring: no ring or stage memfd\n");
      abort(); /* out of descriptors or memory: the target's fault, not an input to skip */
   }
   mgt_doorbell_init_futex(&c.db);
   /* Where an honest client's counters would stand after a long session. */
   c.head = setup.ring_pos & ~(uint64_t)7;
   c.stage_pos = setup.stage_pos;
   atomic_store(&c.ring.shared->head, c.head);
   atomic_store(&c.ring.shared->tail, c.head);
   atomic_store(&c.stage.shared->released, c.stage_pos);

   /* Header writes before the server maps the memfds. */
   size_t p = pos;
   while (fuzz_next_frame(data, size, &p, &f) && f.h.kind == FZ_HEADER) {
      put_header(&c, data + f.at + sizeof(struct mgp_frame), &f.h);
      pos = p;
   }

   char err[200];
   /* MGL_FUZZ_RING_BACKEND=gles: the GLES backend applies the records instead. With
    * MGL_GLES_HIDE=robust the server reads index values to bound draws (draw_in_bounds); with
    * es32 too it would rewrite base vertices (draw_biased), but the corpus, recorded against
    * Vulkan's caps, then ends each session at its set_patch_state (no tessellation there). */
   const char *be = getenv("MGL_FUZZ_RING_BACKEND");
   fuzz_vulkan_session_begin();
   struct mgs_session *s = mgs_session_create(be && *be ? be : "vulkan", err, sizeof(err));
   if (!s) {
      fprintf(stderr, "fuzz-ring: no session: %s\n", err);
      abort(); /* the backend must start: an input that cannot run proves nothing */
   }
   struct mgs_apply_thread *t = mgs_apply_thread_start(s, c.ring.fd, c.stage.fd);
   if (t) { /* else attach refused the memfds: that was the input's whole effect */
      bool go = true;
      while (go && fuzz_next_frame(data, size, &pos, &f)) {
         const uint8_t *body = data + f.at + sizeof(struct mgp_frame);
         take_events(&c);
         switch (f.h.kind) {
         case MGP_FRAME_RECORD: go = put_record(&c, body, &f.h); break;
         case MGP_FRAME_SYNC: wait_consumed(&c); break;
         case MGP_FRAME_BYE: go = false; break;
         case FZ_RING_RAW:
            if (f.h.size <= c.ring.capacity && wait_ring_space(&c, f.h.size))
               put_wrapped(c.ring.data, c.ring.capacity, c.head, body, f.h.size);
            c.head += f.h.a;
            wake_applier(&c);
            break;
         case FZ_SCRIBBLE:
            if (f.h.size <= c.ring.capacity)
               put_wrapped(c.ring.data, c.ring.capacity, c.head - f.h.a, body, f.h.size);
            break;
         case FZ_STAGE_RAW:
            if (f.h.size <= c.stage.capacity)
               put_wrapped(c.stage.data, c.stage.capacity, f.h.a, body, f.h.size);
            break;
         case FZ_HEAP_RAW:
            if (c.stage.heap && f.h.size <= c.stage.heap_size)
               put_wrapped(c.stage.heap, c.stage.heap_size, f.h.a, body, f.h.size);
            break;
         case FZ_HEADER: put_header(&c, body, &f.h); break;
         default: break; /* a kind this client does not know */
         }
         if (session_over(&c))
            break;
      }
      wait_consumed(&c);
      mgs_apply_thread_stop(t);
   }
   inputs_run++;
   records_applied += s->records_applied;
   sessions_failed += atomic_load(&s->fatal) != 0;
   /* Under the validation layer each session's counters say what it reported: the server
    * log's MGL-GATES line, on stderr (the log file has it only with MGL_LOG_DIR). */
   const char *vv = getenv("MGL_VK_VALIDATION");
   if (vv && !strcmp(vv, "1") && s->backend->gate_counters) {
      const char *names[128];
      unsigned long long values[128];
      unsigned n = s->backend->gate_counters(s->screen, names, values, 128);
      fprintf(stderr, "fuzz-ring: MGL-GATES");
      for (unsigned i = 0; i < n && i < 128; i++)
         fprintf(stderr, " %s=%llu", names[i], values[i]);
      fprintf(stderr, "\n");
   }
   fuzz_vulkan_session_end(s, "fuzz-ring");
   mgs_session_destroy(s);
   fuzz_vulkan_note_hung();
   mgt_doorbell_finish(&c.db);
   mgt_stage_destroy(&c.stage);
   mgt_ring_destroy(&c.ring);
   return 0;
}

#ifdef MGL_FUZZ_LIBFUZZER
#include "fuzz_mutate.h"

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed);

/* The record-level mutations of the replay target, and one time in six a frame of the kinds
 * above inserted between two frames: a raw write of a few bytes somewhere in shared memory. */
size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed)
{
   struct rng r = {((uint64_t)seed << 1) | 0x9e3779b97f4a7c15ull};
   if (rng_below(&r, 6))
      return fuzz_mutate_frames(data, size, max_size, seed);
   static struct fuzz_frame fr[MAX_FRAMES];
   size_t n = parse_frames(data, size, fr, MAX_FRAMES);
   size_t at = n ? fr[rng_below(&r, (uint32_t)n)].at : 0;
   uint32_t body = 8 * (1 + rng_below(&r, 4));
   if (size + sizeof(struct mgp_frame) + body > max_size)
      return fuzz_mutate_frames(data, size, max_size, seed);
   static const uint16_t kinds[] = {FZ_RING_RAW, FZ_SCRIBBLE, FZ_STAGE_RAW, FZ_HEAP_RAW, FZ_HEADER};
   struct mgp_frame h = {.size = body, .kind = kinds[rng_below(&r, 5)]};
   switch (h.kind) {
   case FZ_RING_RAW:
      h.a = rng_below(&r, 3) ? body : edge32[rng_below(&r, sizeof(edge32) / sizeof(edge32[0]))];
      break;
   case FZ_SCRIBBLE: h.a = 8 * (1 + rng_below(&r, 64)); break;
   case FZ_HEADER:
      h.a = 8 * rng_below(&r, (uint32_t)(MGT_RING_HEADER_BYTES / 8));
      h.b = rng_below(&r, 2);
      break;
   default: h.a = (uint32_t)rng_next(&r); break;
   }
   memmove(data + at + sizeof(h) + body, data + at, size - at);
   memcpy(data + at, &h, sizeof(h));
   for (uint32_t i = 0; i < body; i += 8) {
      uint64_t v = rng_below(&r, 2) ? edge64[rng_below(&r, 8)] : rng_next(&r);
      memcpy(data + at + sizeof(h) + i, &v, 8);
   }
   return size + sizeof(h) + body;
}
#endif
