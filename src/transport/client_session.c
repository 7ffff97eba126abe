/* client_session.c — the client's end of a session: picks the arm and wires the front end's MGPipe
 * tables to the server role: straight into it (monolith), through rings to an apply thread
 * (inproc) or to a child mgl-server (spawn), or as a stream to a listening mgl-server (tcp). */
#include "client_session.h"

#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "corrupt_carrier.h"
#include "event_area.h"
#include "inbox.h"
#include "log.h"
#include "pipe_codec.h"
#include "pipe_entry.h"
#include "pipe_loopback.h"
#include "pipe_stats.h"
#include "ring_spin.h"
#include "ring.h"
#include "spawn_arm.h"
#include "heap_ranges.h"
#include "stage.h"
#include "stream.h"
#include "tcp.h"

enum session_arm { ARM_MONOLITH, ARM_INPROC, ARM_SPAWN, ARM_TCP };
static const char *const arm_names[] = {"monolith", "inproc", "spawn", "tcp"};

#define SESSION_MAX_CONTEXTS 256

/* inproc and spawn: the ring and stage the client produces into. */
struct ring_carrier {
   struct mgt_ring ring;
   struct mgt_stage stage;
   uint64_t reply_seq;
   uint64_t commits; /* records committed (the producer's own count) */
   /* the heap (stage.h): a bump pointer and the ranges given back (heap_ranges.h) */
   uint64_t heap_min; /* smallest buffer placed there (MGL_IPC_HEAP_MIN) */
   struct mgt_heap_ranges heap;
   uint64_t heap_stores, heap_direct_writes, heap_direct_bytes, heap_staged_writes;
};

/* Stores start and end on this granule: the server imports their pages, and devices ask for
 * up to 64 KiB alignment of an imported host pointer. */
#define HEAP_GRANULE (64u << 10)
_Static_assert(MGP_HEAP_BLOCK_SIZE % HEAP_GRANULE == 0 &&
                  (MGP_HEAP_BLOCK_SIZE & (MGP_HEAP_BLOCK_SIZE - 1)) == 0,
               "heap blocks are a power of two of whole granules (heap_ranges.h)");

struct mgt_client {
   enum session_arm arm;
   /* "default" when MGL_TRANSPORT was unset, else "MGL_TRANSPORT": the arm-proof line says
    * which, so a report (mgl-info) can tell the default from a choice. */
   const char *arm_chosen;
   /* monolith and inproc: the server role loaded into this process */
   const struct mgl_server_entry *entry;
   struct mgs_session *server;
   const _Atomic int *server_fatal; /* the server session's Fatal word */
   struct mgp_caps caps;
   struct mgp_screen screen;
   /* monolith */
   struct mgp_tap screen_tap;
   struct mgp_tap *context_taps[SESSION_MAX_CONTEXTS];
   bool tap;
   /* inproc and spawn */
   struct ring_carrier rings;
   bool rings_made;
   struct mgs_apply_thread *thread; /* inproc */
   struct mgt_spawn spawn;          /* spawn */
   bool spawned;
   /* tcp */
   struct mgt_stream_client *stream;
   struct mgt_corrupt_carrier corrupt; /* MGL_TEST_CORRUPT_RECORD */
   /* inproc, spawn and tcp: encoders over a carrier */
   const struct mgp_carrier_ops *ops;
   void *carrier;
   struct mgp_encoder screen_encoder;
   struct mgp_encoder *context_encoders[SESSION_MAX_CONTEXTS];
   /* all */
   struct mgp_stats stats;
   bool stats_on;
   struct mgp_loopback *verify;
   bool failed;
   enum mgu_fatal fatal;
   pthread_mutex_t lock;
   /* the server's events: monolith pushes here directly, the ring arms drain their event area
    * into it (tcp keeps its own in the stream client) */
   struct mgt_inbox inbox;
   struct mgt_event_reader events; /* inproc and spawn, under events_lock */
   pthread_mutex_t events_lock;
   /* MGL_TEST_CLIENT_IGNORE_EVENTS=1 (test-only): the ring arms never take the server's events
    * out of the event area, as a stuck or hostile client would not (the server's bound); on
    * tcp and monolith the app never takes them out of the inbox (the client's own bound). */
   bool events_ignored;
   struct mgt_client *live_next; /* monolith and inproc: the sessions to quiesce at exit */
};

/* The client role's decline tally, printed when libmgl leaves the process (the server role
 * prints its own when its session ends). */
__attribute__((destructor)) static void
print_client_tally(void)
{
   enum mgu_role was = mgu_log_thread_role();
   mgu_log_set_thread_role(MGU_ROLE_CLIENT);
   mgu_decline_print_tally();
   mgu_log_set_thread_role(was);
}

/* ---- process exit (monolith and inproc) ----
 * The server role is in this process, and exit runs the Vulkan driver's exit-time destructors
 * (a software driver's compiler among them). Driver code running after them aborts the
 * process: work still in flight when a program exits without eglTerminate, or a teardown
 * that an exit handler of the program (eglTerminate in its atexit) starts late. So at exit,
 * before those destructors, each live session waits (bounded) for its submitted work, and a
 * session ended after that no longer calls into the driver (the process's end frees all).
 * Exit runs handlers last-registered first: the hook is registered when the first session
 * starts and again at a screen's first pipeline and first completed work (backend.h,
 * rearm_exit), behind what the driver registered as it compiled and ran. A program thread
 * still in GL while another calls exit is not waited for.
 *
 * The re-arm alone leaves a window on inproc: the apply thread may be inside the driver's
 * first compile or draw (which registers the driver's destructors) when the program's thread
 * calls exit, and those destructors then run first, under it. So a thread that starts a
 * session also gets a thread-exit drain, which glibc runs for the thread that calls exit
 * before any atexit handler: it waits until the apply threads have applied what was
 * published, whose first compile and draw re-arm the hook behind the driver's. It only waits,
 * so a thread that merely ends (or pthread_exit from main) loses nothing. */
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static struct mgt_client *live_sessions;
/* The hook's own lock: the apply thread re-arms under it while quiesce_at_exit, holding
 * live_lock, waits for that thread. */
static pthread_mutex_t hook_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned exit_hooks; /* registrations of quiesce_at_exit (bounded) */
static atomic_bool process_exiting;

#define EXIT_HOOKS_MAX 8u

static void
quiesce_at_exit(void)
{
   if (atomic_exchange(&process_exiting, true))
      return; /* registered more than once: the first to run did it */
   pthread_mutex_lock(&live_lock);
   for (struct mgt_client *s = live_sessions; s; s = s->live_next) {
      if (mgt_client_failed(s))
         continue;
      if (s->thread) {
         /* The apply thread must not be in the driver either: everything published is
          * applied, then it stops. Later GL calls (the program's own exit handlers) see a
          * lost context rather than a ring nobody reads. */
         mgt_client_sync(s);
         s->entry->apply_thread_stop(s->thread);
         s->thread = NULL;
         s->failed = true;
         s->fatal = MGU_FATAL_ProcessExit;
      }
      if (s->entry->session_quiesce(s->server))
         mgu_log_always("process exit: the %s session's submitted GPU work is done",
                        arm_names[s->arm]);
      else
         mgu_warn("process exit: the %s session's GPU work still runs after the wait",
                  arm_names[s->arm]);
      /* Every arm, monolith too: a GL call from an exit handler that runs after this one
       * would submit work the driver runs while its own exit handlers (LLVM's destructors,
       * lavapipe's thread joins) tear it down; lavapipe then crashed compiling a shader on its
       * queue thread (piglit arb_texture_cube_map_array-cubemap, 6 of 45 runs under load). */
      s->failed = true;
      s->fatal = MGU_FATAL_ProcessExit;
   }
   pthread_mutex_unlock(&live_lock);
}

static void
exit_hook_register(void)
{
   pthread_mutex_lock(&hook_lock);
   if (exit_hooks < EXIT_HOOKS_MAX && !atomic_load(&process_exiting) &&
       atexit(quiesce_at_exit) == 0)
      exit_hooks++;
   pthread_mutex_unlock(&hook_lock);
}

/* The server role's call at a screen's first pipeline and first completed GPU work
 * (pipe_entry.h); inproc calls it from the apply thread. */
static void
exit_hook_rearm(void)
{
   exit_hook_register();
}

/* glibc's registration of thread_local destructors (weak: a C library without it leaves the
 * drain out). They run when the thread ends, and for the thread that calls exit before the
 * atexit handlers. */
extern int __cxa_thread_atexit_impl(void (*fn)(void *), void *obj, void *dso) __attribute__((weak));
extern void *__dso_handle;

static void
drain_at_thread_exit(void *unused)
{
   (void)unused;
   if (atomic_load(&process_exiting))
      return;
   pthread_mutex_lock(&live_lock);
   for (struct mgt_client *s = live_sessions; s; s = s->live_next) {
      if (s->thread && !mgt_client_failed(s))
         mgt_client_sync(s); /* waits only: the ring's producer is the program's thread */
   }
   pthread_mutex_unlock(&live_lock);
}

static void
drain_register(void)
{
   static _Thread_local bool registered;
   if (!registered && __cxa_thread_atexit_impl)
      registered = __cxa_thread_atexit_impl(drain_at_thread_exit, NULL, &__dso_handle) == 0;
}

static void
live_add(struct mgt_client *s)
{
   pthread_mutex_lock(&live_lock);
   s->live_next = live_sessions;
   live_sessions = s;
   pthread_mutex_unlock(&live_lock);
   pthread_mutex_lock(&hook_lock);
   const bool first = !exit_hooks;
   pthread_mutex_unlock(&hook_lock);
   if (first)
      exit_hook_register();
   if (s->thread)
      drain_register();
}

static void
live_remove(struct mgt_client *s)
{
   pthread_mutex_lock(&live_lock);
   for (struct mgt_client **p = &live_sessions; *p; p = &(*p)->live_next) {
      if (*p == s) {
         *p = s->live_next;
         break;
      }
   }
   pthread_mutex_unlock(&live_lock);
}

/* ---- the ring carrier (inproc and spawn) ---- */

static void *
ring_reserve(void *carrier, uint32_t size)
{
   struct ring_carrier *c = carrier;
   void *p = mgt_ring_reserve(&c->ring, size);
   return p;
}

static void *
ring_place(void *carrier, uint64_t size, struct mgp_span *out)
{
   struct ring_carrier *c = carrier;
   uint64_t offset;
   void *ptr;
   int r = mgt_stage_alloc(&c->stage, size, 16, &offset, &ptr);
   if (r != MGT_STAGE_OK) {
      if (r == MGT_STAGE_TOO_BIG)
         MGU_DECLINE(stage_too_large, "%llu bytes do not fit the %llu-byte stage segment",
                     (unsigned long long)size, (unsigned long long)c->stage.capacity);
      return NULL;
   }
   /* The wire names staged bytes by their monotonic stage position (see apply_thread.c). */
   out->seg = MGP_SEG_STAGE;
   out->offset = mgt_stage_mark(&c->stage) - size;
   out->size = size;
   out->flags = 0;
   return ptr;
}

static void ring_take_events(struct mgt_client *s, bool wait);

/* Records a client publishes make the server post events: the client moves them into its
 * inbox as it goes (every few records, never waiting for another thread that does it), so the
 * server's backlog (event_area.h, bounded) holds no more than a burst of them, as on tcp, where
 * a reader thread takes every frame. */
#define EVENT_TAKE_EVERY 16u
/* The answer's room in the stage; the server's decoder zeroes it before the call. */
static bool
ring_place_out(void *carrier, uint64_t size, struct mgp_span *out)
{
   return ring_place(carrier, size, out) != NULL;
}

static void
ring_commit(void *carrier, bool wants_reply)
{
   struct ring_carrier *c = carrier;
   mgt_ring_commit(&c->ring);
   if (wants_reply)
      c->reply_seq = mgt_ring_records_published(&c->ring);
   if (++c->commits % EVENT_TAKE_EVERY == 0)
      ring_take_events((struct mgt_client *)((char *)c - offsetof(struct mgt_client, rings)),
                       false);
}

static bool
ring_wait_reply(void *carrier)
{
   struct ring_carrier *c = carrier;
   return mgt_ring_wait_applied(&c->ring, c->reply_seq) == MGT_RING_OK;
}

static void
ring_read_reply(void *carrier, const struct mgp_span *staged, void *dst, uint64_t size)
{
   struct ring_carrier *c = carrier;
   uint64_t off = staged->offset & (c->stage.capacity - 1);
   if (dst)
      memcpy(dst, c->stage.data + off, size);
}

static const struct mgp_carrier_ops ring_ops = {
   .reserve = ring_reserve,
   .place = ring_place,
   .place_out = ring_place_out,
   .commit = ring_commit,
   .wait_reply = ring_wait_reply,
   .read_reply = ring_read_reply,
};

static void
kick_ring(void *ctx)
{
   mgt_ring_kick(&((struct ring_carrier *)ctx)->ring);
}

static size_t
size_setting(const char *name, size_t def)
{
   const char *v = getenv(name);
   if (!v || !*v)
      return def;
   char *end;
   unsigned long long n = strtoull(v, &end, 0);
   if (*end == 'k' || *end == 'K')
      n <<= 10;
   else if (*end == 'm' || *end == 'M')
      n <<= 20;
   return n ? (size_t)n : def;
}

static bool
rings_create(struct ring_carrier *c)
{
   /* Measured defaults come with the transport benchmark; these hold a frame of mgl-demo. */
   if (mgt_ring_create(&c->ring, size_setting("MGL_IPC_RING_SIZE", 4u << 20)) != MGT_RING_OK)
      return false;
   /* The heap is address space until a store is written: its pages are allocated on touch. */
   const char *hs = getenv("MGL_IPC_HEAP_SIZE");
   uint64_t heap = hs && !strcmp(hs, "0") ? 0 : size_setting("MGL_IPC_HEAP_SIZE", 256u << 20);
   heap = (heap + HEAP_GRANULE - 1) / HEAP_GRANULE * HEAP_GRANULE;
   c->heap_min = size_setting("MGL_IPC_HEAP_MIN", 64u << 10);
   if (mgt_stage_create_with_heap(&c->stage, size_setting("MGL_IPC_STAGE_SIZE", 32u << 20), heap) !=
       MGT_STAGE_OK) {
      mgt_ring_destroy(&c->ring);
      return false;
   }
   mgt_stage_set_before_wait(&c->stage, kick_ring, c);
   mgt_heap_ranges_init(&c->heap, c->stage.heap ? c->stage.heap_size : 0);
   c->heap.block = MGP_HEAP_BLOCK_SIZE;
   const char *ra = getenv("MGL_IPC_RUN_AHEAD");
   if (ra && *ra)
      mgt_ring_set_run_ahead(&c->ring, (uint32_t)strtoul(ra, NULL, 0));
   /* A reply, glFinish or a query result polls the applied count before it sleeps. */
   mgt_ring_set_spin(&c->ring, mgt_ring_spin_setting_ns(0));
   return true;
}

static void
rings_destroy(struct ring_carrier *c)
{
   if (c->heap_stores)
      mgu_log_always("MGL-HEAP stores=%llu direct-writes=%llu direct-bytes=%llu "
                     "staged-writes=%llu",
                     (unsigned long long)c->heap_stores, (unsigned long long)c->heap_direct_writes,
                     (unsigned long long)c->heap_direct_bytes,
                     (unsigned long long)c->heap_staged_writes);
   /* How often the app's thread slept on the ring (full, or waiting for a record to be
    * applied) and on the stage: what the split arms cost the app's thread besides encoding;
    * and how many waits for an answer ended while polling (MGL_RING_SPIN_US) instead. */
   struct mgt_ring_stats rs;
   struct mgt_stage_stats ss;
   mgt_ring_get_stats(&c->ring, &rs);
   mgt_stage_get_stats(&c->stage, &ss);
   mgu_log_always("MGL-RING records=%llu wakes=%llu sleeps=%llu stage-sleeps=%llu polls-won=%llu",
                  (unsigned long long)rs.records, (unsigned long long)rs.wakes,
                  (unsigned long long)rs.sleeps, (unsigned long long)ss.sleeps,
                  (unsigned long long)rs.spun);
   mgt_heap_ranges_finish(&c->heap);
   mgt_stage_destroy(&c->stage);
   mgt_ring_destroy(&c->ring);
}

/* The screen's encoder over the session's carrier. */
static void
use_carrier(struct mgt_client *s, const struct mgp_carrier_ops *ops, void *carrier)
{
   mgt_corrupt_carrier_wrap(&s->corrupt, &ops, &carrier);
   s->ops = ops;
   s->carrier = carrier;
   s->screen_encoder = (struct mgp_encoder){.ops = ops, .carrier = carrier, .ctx_slot = 0};
   if (s->stats_on)
      s->screen_encoder.stats = &s->stats;
   s->screen = (struct mgp_screen){&mgp_encoder_screen_vtbl, &s->screen_encoder};
}

static bool
inproc_start(struct mgt_client *s, const char *backend)
{
   if (!rings_create(&s->rings)) {
      mgu_error("the inproc transport could not be set up: %s", strerror(errno));
      return false;
   }
   s->rings_made = true;
   mgt_event_reader_init(&s->events, mgt_ring_event_area(&s->rings.ring));
   s->thread = s->entry->apply_thread_start(s->server, s->rings.ring.fd, s->rings.stage.fd);
   if (!s->thread) {
      mgu_error("the inproc apply thread did not start");
      return false;
   }
   use_carrier(s, &ring_ops, &s->rings);
   mgu_log_always("session transport=inproc backend=%s pid=%d chosen=%s", backend, (int)getpid(),
                  s->arm_chosen);
   return true;
}

static bool
spawn_start(struct mgt_client *s, const char *backend)
{
   if (!rings_create(&s->rings)) {
      mgu_error("the spawn transport could not be set up: %s", strerror(errno));
      return false;
   }
   s->rings_made = true;
   mgt_event_reader_init(&s->events, mgt_ring_event_area(&s->rings.ring));
   char err[512];
   if (!mgt_spawn_start(&s->spawn, &s->rings.ring, &s->rings.stage, backend, &s->caps, err,
                        sizeof(err))) {
      mgu_error("the spawn transport did not start: %s", err);
      return false;
   }
   s->spawned = true;
   use_carrier(s, &ring_ops, &s->rings);
   mgu_log_always("session transport=spawn backend=%s pid=%d server_pid=%u server=%s chosen=%s",
                  backend, (int)getpid(), s->spawn.server_pid, s->spawn.path, s->arm_chosen);
   return true;
}

static bool
tcp_start(struct mgt_client *s, const char *hostport, const char *backend)
{
   const char *token = getenv("MGL_SERVER_TOKEN");
   if (!token || !*token)
      mgu_warn("MGL_SERVER_TOKEN is not set: mgl-server will refuse the session");
   struct mgp_welcome w;
   char err[512];
   uint64_t stage_size = size_setting("MGL_IPC_STAGE_SIZE", 32u << 20);
   int fd = mgt_tcp_connect(hostport, backend, token, (uint32_t)mgu_log_level(), stage_size, &w,
                            &s->caps, err, sizeof(err));
   if (fd < 0) {
      mgu_error("the tcp transport did not start: %s", err);
      return false;
   }
   const char *ra = getenv("MGL_IPC_RUN_AHEAD");
   uint32_t run_ahead = ra && *ra ? (uint32_t)strtoul(ra, NULL, 0) : UINT32_MAX;
   s->stream = mgt_stream_client_create(fd, stage_size, run_ahead);
   if (!s->stream) {
      mgu_error("the tcp transport did not start: out of memory");
      return false;
   }
   use_carrier(s, &mgt_stream_carrier_ops, s->stream);
   mgu_log_always("session transport=tcp backend=%s pid=%d server=%s server_pid=%u chosen=%s",
                  backend, (int)getpid(), hostport, w.server_pid, s->arm_chosen);
   return true;
}

/* ---- loading the server role ---- */

static const struct mgl_server_entry *
load_server(void)
{
   char path[PATH_MAX];
   const char *env = getenv("MGL_SERVER_LIB");
   if (env && *env) {
      snprintf(path, sizeof(path), "%s", env);
   } else {
      /* Beside the library this code is in. */
      if (!mgt_library_dir(path, sizeof(path))) {
         mgu_error("cannot find where libmgl is installed (dladdr failed)");
         return NULL;
      }
      size_t dir = strlen(path);
      snprintf(path + dir, sizeof(path) - dir, "libmgl-server.so");
   }
   void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
   if (!lib) {
      mgu_error("cannot load the server role %s: %s", path, dlerror());
      return NULL;
   }
   mgl_server_entry_fn fn = (mgl_server_entry_fn)dlsym(lib, MGL_SERVER_ENTRY_SYMBOL);
   const struct mgl_server_entry *e = fn ? fn() : NULL;
   if (!e || e->abi != MGL_SERVER_ENTRY_ABI) {
      mgu_error("%s is not an mgl server role of ABI %u", path, MGL_SERVER_ENTRY_ABI);
      return NULL;
   }
   e->set_exit_rearm(exit_hook_rearm);
   return e; /* stays loaded for the life of the process */
}

/* monolith: the server role calls this from the app's own thread, inside a backend call. */
static int
monolith_event(void *ctx, const struct mgp_event *ev)
{
   struct mgt_client *s = ctx;
   switch (mgt_inbox_push(&s->inbox, ev)) {
   case MGT_INBOX_OK: return 0;
   case MGT_INBOX_FULL:
      mgu_error("%u server events held untaken (MGL_CLIENT_EVENT_BACKLOG): "
                "Fatal{ClientEventBacklog}",
                s->inbox.limit);
      return MGU_FATAL_ClientEventBacklog;
   case MGT_INBOX_NO_MEMORY: break;
   }
   return MGU_FATAL_OutOfMemory;
}

struct mgt_client *
mgt_client_create(void)
{
   const char *arm = getenv("MGL_TRANSPORT");
   const char *backend = getenv("MGL_BACKEND");
   const char *chosen = "MGL_TRANSPORT";
   /* monolith is the default: on every machine measured (docs/BENCHMARKS.md, round 5) it is
    * at least as fast as inproc, and much faster for uploads (one copy instead of two). */
   if (!arm || !*arm) {
      arm = "monolith";
      chosen = "default";
   }
   if (!backend || !*backend)
      backend = "vulkan";
   struct mgt_client *s = calloc(1, sizeof(*s));
   if (!s)
      return NULL;
   s->arm_chosen = chosen;
   pthread_mutex_init(&s->lock, NULL);
   pthread_mutex_init(&s->events_lock, NULL);
   mgt_inbox_init(&s->inbox);
   const char *ie = getenv("MGL_TEST_CLIENT_IGNORE_EVENTS");
   s->events_ignored = ie && *ie && strcmp(ie, "0");
   if (!strcmp(arm, "monolith")) {
      s->arm = ARM_MONOLITH;
   } else if (!strcmp(arm, "inproc")) {
      s->arm = ARM_INPROC;
   } else if (!strcmp(arm, "spawn")) {
      s->arm = ARM_SPAWN;
   } else if (!strncmp(arm, "tcp://", 6)) {
      s->arm = ARM_TCP;
   } else {
      mgu_error("MGL_TRANSPORT=%s is not an arm this build has (monolith, inproc, spawn, "
                "tcp://HOST:PORT)",
                arm);
      goto fail;
   }
   const char *st = getenv("MGL_PIPE_STATS");
   s->stats_on = st && *st && strcmp(st, "0");
   if (st && !strcmp(st, "frame"))
      s->stats.per_frame = stderr;
   const char *vf = getenv("MGL_PIPE_VERIFY");
   if (vf && !strcmp(vf, "1") && s->arm == ARM_MONOLITH) {
      s->verify = malloc(sizeof(*s->verify));
      if (!s->verify || !mgp_loopback_init(s->verify, 8u << 20))
         goto fail;
   }

   /* spawn and tcp render in another process: Vulkan is never loaded here. */
   if (s->arm == ARM_MONOLITH || s->arm == ARM_INPROC) {
      s->entry = load_server();
      if (!s->entry)
         goto fail;
      char err[256] = "";
      s->server = s->entry->session_create(backend, err, sizeof(err));
      if (!s->server) {
         mgu_error("the server role did not start: %s", err);
         goto fail;
      }
      s->server_fatal = s->entry->session_fatal_word(s->server);
   }
   switch (s->arm) {
   case ARM_MONOLITH:
      s->tap = s->stats_on || s->verify;
      if (s->tap) {
         s->screen_tap = (struct mgp_tap){
            .inner_screen = s->entry->screen_vtbl(s->server),
            .inner_self = s->entry->screen_self(s->server),
            .stats = s->stats_on ? &s->stats : NULL,
            .verify = s->verify,
         };
         s->screen = (struct mgp_screen){&mgp_tap_screen_vtbl, &s->screen_tap};
      } else {
         s->screen =
            (struct mgp_screen){s->entry->screen_vtbl(s->server), s->entry->screen_self(s->server)};
      }
      s->entry->set_event_sink(s->server, monolith_event, s);
      mgu_log_always("session transport=monolith backend=%s pid=%d chosen=%s", backend,
                     (int)getpid(), s->arm_chosen);
      break;
   case ARM_INPROC:
      if (!inproc_start(s, backend))
         goto fail;
      break;
   case ARM_SPAWN:
      if (!spawn_start(s, backend))
         goto fail;
      break;
   case ARM_TCP:
      if (!tcp_start(s, arm + 6, backend))
         goto fail;
      break;
   }
   /* spawn and tcp got the caps with the welcome: no round trip to another process. The
    * server role in this process answers a get_caps record. */
   if (s->arm == ARM_MONOLITH || s->arm == ARM_INPROC)
      mgp_get_caps(&s->screen,
                   &(struct mgp_get_caps){.out = {.ptr = &s->caps, .size = sizeof(s->caps)}});
   if (mgt_client_failed(s) || s->caps.abi_version != MGP_ABI_VERSION) {
      mgu_error("the server role did not answer get_caps (abi %u)", s->caps.abi_version);
      goto fail;
   }
   /* Another process's addresses mean nothing here, whatever its caps say. */
   if (s->arm != ARM_MONOLITH && s->arm != ARM_INPROC)
      s->caps.cap_bits &= ~MGP_CAP_CLIENT_MAP;
   /* A stream has no heap: nothing of the server's memory is the client's there. */
   if (s->arm == ARM_TCP)
      s->caps.cap_bits &= ~MGP_CAP_HEAP_MAP;
   if (s->arm == ARM_MONOLITH || s->arm == ARM_INPROC)
      live_add(s);
   return s;

fail:
   mgt_client_destroy(s);
   return NULL;
}

void
mgt_client_destroy(struct mgt_client *s)
{
   if (!s)
      return;
   live_remove(s);
   if (s->stats_on)
      mgp_stats_print(&s->stats, stderr, mgt_client_transport(s));
   if (s->thread) {
      mgt_client_sync(s);
      s->entry->apply_thread_stop(s->thread);
   }
   if (s->spawned) {
      /* Everything applied, then the failed word ends the server's loop: it prints its
       * tallies and exits, and mgt_spawn_finish waits for that. */
      mgt_client_sync(s);
      mgt_ring_set_failed(&s->rings.ring);
      mgt_spawn_finish(&s->spawn);
   }
   if (s->rings_made)
      rings_destroy(&s->rings);
   mgt_stream_client_destroy(s->stream);
   for (int i = 0; i < SESSION_MAX_CONTEXTS; i++) {
      free(s->context_taps[i]);
      free(s->context_encoders[i]);
   }
   if (s->server) {
      s->entry->print_tallies(s->server);
      /* After the exit hook: the driver's exit-time destructors may have run (see above). */
      if (!atomic_load(&process_exiting))
         s->entry->session_destroy(s->server);
      else
         mgu_log_always("session ended during exit: its device is left to the process's end");
   }
   if (s->verify) {
      mgp_loopback_finish(s->verify);
      free(s->verify);
   }
   mgt_inbox_finish(&s->inbox);
   pthread_mutex_destroy(&s->events_lock);
   pthread_mutex_destroy(&s->lock);
   free(s);
}

const struct mgp_caps *
mgt_client_caps(const struct mgt_client *s)
{
   return &s->caps;
}

const struct mgp_screen *
mgt_client_screen(struct mgt_client *s)
{
   return &s->screen;
}

const char *
mgt_client_transport(const struct mgt_client *s)
{
   return arm_names[s->arm];
}

bool
mgt_client_context_create(struct mgt_client *s, struct mgp_handle ctx,
                          const struct mgp_context_desc *desc, struct mgp_context *out)
{
   if (ctx.slot == 0 || ctx.slot >= SESSION_MAX_CONTEXTS)
      return false;
   struct mgp_context_desc d = *desc;
   d.ctx = ctx;
   mgp_context_create(&s->screen, &d);
   if (mgt_client_failed(s))
      return false;
   if (s->arm == ARM_MONOLITH) {
      void *self = s->entry->context_self(s->server, ctx);
      if (!self)
         return false;
      if (!s->tap) {
         *out = (struct mgp_context){s->entry->context_vtbl(s->server), self};
         return true;
      }
      struct mgp_tap *t = calloc(1, sizeof(*t));
      if (!t)
         return false;
      *t = (struct mgp_tap){.inner_context = s->entry->context_vtbl(s->server),
                            .inner_self = self,
                            .stats = s->stats_on ? &s->stats : NULL,
                            .verify = s->verify};
      free(s->context_taps[ctx.slot]);
      s->context_taps[ctx.slot] = t;
      *out = (struct mgp_context){&mgp_tap_context_vtbl, t};
      return true;
   }
   struct mgp_encoder *e = calloc(1, sizeof(*e));
   if (!e)
      return false;
   *e = (struct mgp_encoder){.ops = s->ops,
                             .carrier = s->carrier,
                             .ctx_slot = (uint16_t)ctx.slot,
                             .stats = s->stats_on ? &s->stats : NULL};
   free(s->context_encoders[ctx.slot]);
   s->context_encoders[ctx.slot] = e;
   *out = (struct mgp_context){&mgp_encoder_context_vtbl, e};
   return true;
}

void
mgt_client_context_destroy(struct mgt_client *s, struct mgp_handle ctx)
{
   /* The context's encoder or tap stays until the session ends: a context being torn down may
    * still hold it. */
   mgp_context_destroy(&s->screen, &(struct mgp_handle_args){ctx});
}

void
mgt_client_sync(struct mgt_client *s)
{
   if (s->arm == ARM_MONOLITH || mgt_client_failed(s))
      return;
   if (s->stats_on)
      mgp_stats_round_trip(&s->stats);
   if (s->arm == ARM_TCP) {
      mgt_stream_client_sync(s->stream);
      return;
   }
   struct ring_carrier *c = &s->rings;
   mgt_ring_kick(&c->ring);
   mgt_ring_wait_applied(&c->ring, mgt_ring_records_published(&c->ring));
}

bool
mgt_client_failed(const struct mgt_client *s)
{
   struct mgt_client *m = (struct mgt_client *)s;
   if (m->failed)
      return true;
   int f = m->server_fatal ? atomic_load(m->server_fatal) : 0;
   if (!f && m->rings_made && mgt_ring_failed(&m->rings.ring)) {
      /* spawn: the server puts its Fatal's number in the failed word; a number we do not
       * know, or none, means it is gone (or the doorbell broke: the same). */
      uint32_t why = mgt_ring_fail_reason(&m->rings.ring);
      f = m->arm == ARM_SPAWN && why > 0 && why < MGU_FATAL_COUNT ? (int)why : MGU_FATAL_ServerGone;
   }
   if (!f && m->stream)
      f = mgt_stream_client_fatal(m->stream);
   if (m->screen_encoder.failed && !f)
      f = MGU_FATAL_ServerGone;
   if (f) {
      m->failed = true;
      m->fatal = (enum mgu_fatal)f;
      mgu_error("session lost: Fatal{%s}", mgu_fatal_name(m->fatal));
   }
   return m->failed;
}

enum mgt_fail_check
mgt_client_fail_words(const struct mgt_client *s, struct mgt_fail_words *w)
{
   static const _Atomic int no_server_fatal; /* spawn: the server's Fatal is in the ring word */
   *w = (struct mgt_fail_words){.client = &s->failed, .server = s->server_fatal};
   if (s->arm == ARM_MONOLITH && s->server_fatal)
      return MGT_FAIL_DIRECT;
   if ((s->arm != ARM_INPROC && s->arm != ARM_SPAWN) || !s->rings_made || s->stream)
      return MGT_FAIL_ASK;
   w->server = s->server_fatal ? s->server_fatal : &no_server_fatal;
   w->encoder = &s->screen_encoder.failed;
   w->ring = &s->rings.ring.shared->failed;
   return MGT_FAIL_RING;
}

enum mgu_fatal
mgt_client_fatal(const struct mgt_client *s)
{
   return s->fatal;
}

/* The client's own reason to end the session (a malformed event, no memory to keep one): the
 * context is lost, and on the ring arms the server is told through the failed word. */
static void
session_lose(struct mgt_client *s, enum mgu_fatal f, const char *why)
{
   if (s->failed)
      return;
   s->failed = true;
   s->fatal = f;
   mgu_error("session lost: Fatal{%s} (%s)", mgu_fatal_name(f), why);
   if (s->rings_made)
      mgt_ring_fail(&s->rings.ring, (uint32_t)f);
}

/* The ring arms: the event area into the inbox. wait: false when another thread taking them
 * already is reason enough to skip. */
static void
ring_take_events(struct mgt_client *s, bool wait)
{
   if (s->failed || s->events_ignored)
      return;
   if (wait)
      pthread_mutex_lock(&s->events_lock);
   else if (pthread_mutex_trylock(&s->events_lock))
      return;
   int rc = mgt_event_reader_drain(&s->events, &s->inbox);
   pthread_mutex_unlock(&s->events_lock);
   if (rc == MGT_EVENT_CORRUPT)
      session_lose(s, MGU_FATAL_EventMalformed, s->events.why);
   else if (rc == MGT_EVENT_NO_MEMORY)
      session_lose(s, MGU_FATAL_OutOfMemory, "keeping a server event");
   else if (rc == MGT_EVENT_INBOX_FULL)
      session_lose(s, MGU_FATAL_ClientEventBacklog,
                   "server events held untaken past MGL_CLIENT_EVENT_BACKLOG");
}

uint32_t
mgt_client_take_events(struct mgt_client *s, struct mgp_event *out, uint32_t max)
{
   if (s->events_ignored)
      return 0;
   switch (s->arm) {
   case ARM_TCP: return mgt_stream_client_take_events(s->stream, out, max);
   case ARM_INPROC:
   case ARM_SPAWN: ring_take_events(s, true); break;
   case ARM_MONOLITH: break;
   }
   /* What arrived before the session failed is still true (a fence that signalled did). */
   return mgt_inbox_take(&s->inbox, out, max);
}

/* ---- the heap (stage.h): buffer stores both sides map ---- */

bool
mgt_client_heap_place(struct mgt_client *s, uint64_t size, bool any_size, struct mgp_span *out)
{
   *out = (struct mgp_span){0};
   if (!s || !s->rings_made || !s->rings.stage.heap || !size ||
       (size < s->rings.heap_min && !any_size) || mgt_client_failed(s))
      return false;
   struct ring_carrier *c = &s->rings;
   const uint64_t need = (size + HEAP_GRANULE - 1) / HEAP_GRANULE * HEAP_GRANULE;
   uint64_t offset = 0;
   pthread_mutex_lock(&s->lock);
   /* Ranges are reusable once no GPU work can still read them: the server was quiet after
    * the record that dropped them. */
   const uint64_t quiet = atomic_load_explicit(&c->stage.table->quiet, memory_order_acquire);
   const bool placed = mgt_heap_ranges_take(&c->heap, need, quiet, &offset);
   pthread_mutex_unlock(&s->lock);
   if (!placed)
      return false;
   c->heap_stores++;
   *out = (struct mgp_span){.size = need, .seg = MGP_SEG_HEAP, .offset = offset};
   return true;
}

void
mgt_client_heap_drop(struct mgt_client *s, const struct mgp_span *store)
{
   if (!s || !store->size || store->seg != MGP_SEG_HEAP || !s->rings_made)
      return;
   struct ring_carrier *c = &s->rings;
   pthread_mutex_lock(&s->lock);
   /* On failure the range is lost to this session, nothing else. */
   (void)mgt_heap_ranges_give(&c->heap, store->offset, store->size,
                              mgt_ring_records_published(&c->ring));
   pthread_mutex_unlock(&s->lock);
}

bool
mgt_client_heap_share(struct mgt_client *s, const struct mgp_span *store, int *fd,
                      uint64_t *fd_offset, void **ptr)
{
   if (!s || !s->rings_made || !s->rings.stage.heap || s->rings.stage.fd < 0 || !store->size ||
       store->seg != MGP_SEG_HEAP)
      return false;
   struct mgt_stage *st = &s->rings.stage;
   unsigned char *p = mgt_stage_heap_resolve(st, store->offset, store->size);
   if (!p)
      return false;
   *fd = st->fd;
   *fd_offset = (uint64_t)(p - (unsigned char *)st->shared);
   *ptr = p;
   return true;
}

bool
mgt_client_heap_write(struct mgt_client *s, uint32_t slot, const struct mgp_span *store,
                      uint64_t offset, const void *data, uint64_t size)
{
   if (!s || !store->size || store->seg != MGP_SEG_HEAP || !s->rings_made ||
       slot >= MGT_HEAP_SLOTS || offset > store->size || size > store->size - offset)
      return false;
   struct ring_carrier *c = &s->rings;
   /* The server stamped the slot after applying every record we published, and found the
    * buffer unused by any recorded or in-flight GPU work; it applies nothing more until we
    * publish again. A stamp from before our last record never equals the count. */
   const uint64_t stamp = atomic_load_explicit(&c->stage.table->idle[slot], memory_order_acquire);
   if (stamp != mgt_ring_records_published(&c->ring) || mgt_client_failed(s)) {
      c->heap_staged_writes++;
      return false;
   }
   unsigned char *dst = mgt_stage_heap_resolve(&c->stage, store->offset + offset, size);
   if (!dst)
      return false;
   memcpy(dst, data, size);
   c->heap_direct_writes++;
   c->heap_direct_bytes += size;
   return true;
}
