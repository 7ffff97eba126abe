/* fuzz_stream.c — libFuzzer target: the bytes a tcp peer sends the server, from its first byte.
 *
 * The input is the connection as the server reads it: the 256-byte hello, then frames
 * (pipe_stream.h). It travels through a real socketpair into the server's own connection code
 * (mgs_tcp_serve_connection, serve_tcp.c: the function the listener runs on a thread per
 * connection), so the hello deadline and check (token "mgl-fuzz-token", the corpus's hellos
 * carry it), the stage cap, the welcome, the frame limit, the frame loop, record splitting,
 * decoding and handle checks in mgs_session_apply, replies, sync acknowledgements, log and
 * FATAL frames are the server's, not a copy.
 *
 * Sessions run on a backend of this file's (fuzz_backend): every call the decoder accepts
 * lands in it and reads its tail and every span in full, and writes every span the server
 * writes, so a check that lets one reach past the frame is an ASan report. A Vulkan screen per
 * input would cost ~0.2 s; the replay and ring targets apply records to the real backend.
 * MGL_FUZZ_STREAM_VULKAN=1 runs the sessions on it here too (slow).
 *
 * A helper thread writes the input and drains what the server writes back (welcome, replies,
 * acknowledgements, log lines), so neither side blocks on a full socket. */
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "log.h"
#include "pipe_codec.h"
#include "../../src/server/serve_tcp.h"
#include "../../src/server/session.h" /* the server's (transport has a session.h too) */

#define FUZZ_TOKEN "mgl-fuzz-token"

static volatile uint8_t sink;

/* ---- the backend: the decoded call read and its out spans written ---------------------------- */

struct fuzz_screen {
   struct mgs_session *session; /* whose decoded record (dec) the calls read */
};

/* Calls that reached a backend: proof (the target's self-check) that inputs get through the
 * server's loop. */
static atomic_ulong calls_applied;

static void
touch_call(void *self, const void *args)
{
   struct fuzz_screen *scr = self;
   const struct mgp_decoded *d = &scr->session->dec;
   if (args != d->payload)
      return; /* not a record's: the welcome's get_caps */
   const struct mgp_call_info *ci = &mgp_call_info[d->call];
   uint8_t x = 0;
   if (d->tail_count) {
      const volatile uint8_t *b = d->tail;
      for (uint64_t i = 0, n = (uint64_t)d->tail_count * ci->tail_elem_size; i < n; i++)
         x ^= b[i];
   }
   for (uint32_t i = 0; i < ci->num_spans; i++) {
      const struct mgp_span *s = (const struct mgp_span *)(d->payload + ci->spans[i].offset);
      if (!s->size)
         continue;
      if (ci->spans[i].out) {
         memset(s->ptr, 0xA5, s->size);
      } else {
         const volatile uint8_t *b = s->ptr;
         for (uint64_t k = 0; k < s->size; k++)
            x ^= b[k];
      }
   }
   sink ^= x;
   atomic_fetch_add_explicit(&calls_applied, 1, memory_order_relaxed);
}

/* One function per call, of the call's own type, each reading the call (the tables' order and
 * types come from pipe_calls.def, so a new call is served without an edit here). */
#define X(name, payload, cls, flags)                                                               \
   static void fz_##name(void *self, const struct payload *args, const void *tail,                 \
                         uint32_t tail_count)                                                      \
   {                                                                                               \
      (void)tail;                                                                                  \
      (void)tail_count;                                                                            \
      touch_call(self, args);                                                                      \
   }
#include "pipe_calls.def"
#undef X

#define ENTRY_Screen(name) .name = fz_##name,
#define ENTRY_CtxCso(name)
#define ENTRY_CtxState(name)
#define ENTRY_CtxObject(name)
#define ENTRY_CtxVerb(name)
#define ENTRY_CtxQuery(name)
static const struct mgp_screen_vtbl fuzz_screen_vtbl = {
#define X(name, payload, cls, flags) ENTRY_##cls(name)
#include "pipe_calls.def"
#undef X
};
#undef ENTRY_Screen
#undef ENTRY_CtxCso
#undef ENTRY_CtxState
#undef ENTRY_CtxObject
#undef ENTRY_CtxVerb
#undef ENTRY_CtxQuery

#define ENTRY_Screen(name)
#define ENTRY_CtxCso(name) .name = fz_##name,
#define ENTRY_CtxState(name) .name = fz_##name,
#define ENTRY_CtxObject(name) .name = fz_##name,
#define ENTRY_CtxVerb(name) .name = fz_##name,
#define ENTRY_CtxQuery(name) .name = fz_##name,
static const struct mgp_context_vtbl fuzz_context_vtbl = {
#define X(name, payload, cls, flags) ENTRY_##cls(name)
#include "pipe_calls.def"
#undef X
};

static void *
fuzz_screen_create(const struct mgs_backend_env *env)
{
   struct fuzz_screen *scr = calloc(1, sizeof(*scr));
   if (!scr) {
      env->fatal(env->session, MGU_FATAL_BackendInit, "out of memory");
      return NULL;
   }
   scr->session = env->session;
   return scr;
}

static void
fuzz_screen_destroy(void *screen)
{
   free(screen);
}

/* Any slot the session created a context in (the session checks the generation it saw). */
static void *
fuzz_context_lookup(void *screen, struct mgp_handle ctx)
{
   (void)ctx;
   return screen;
}

static const struct mgs_backend fuzz_backend = {
   .name = "fuzz",
   .screen_create = fuzz_screen_create,
   .screen_destroy = fuzz_screen_destroy,
   .screen_vtbl = &fuzz_screen_vtbl,
   .context_vtbl = &fuzz_context_vtbl,
   .context_lookup = fuzz_context_lookup,
};

/* ---- the peer ---------------------------------------------------------------------------------- */

struct peer {
   int fd;
   const uint8_t *data;
   size_t size;
};

/* The client's end: writes the input, reads and drops everything, until the server closes. */
static void *
peer_main(void *arg)
{
   struct peer *p = arg;
   size_t sent = 0;
   uint8_t junk[65536];
   bool write_done = p->size == 0;
   if (write_done)
      shutdown(p->fd, SHUT_WR);
   for (;;) {
      struct pollfd pfd = {p->fd, POLLIN | (write_done ? 0 : POLLOUT), 0};
      if (poll(&pfd, 1, -1) < 0)
         continue;
      if (pfd.revents & POLLIN) {
         ssize_t r = recv(p->fd, junk, sizeof(junk), MSG_DONTWAIT);
         if (r == 0) {
            /* The server closed: so does the client (the server drains until it does). */
            shutdown(p->fd, SHUT_WR);
            break;
         }
      }
      if (pfd.revents & (POLLHUP | POLLERR) && !(pfd.revents & POLLIN))
         break;
      if (!write_done && (pfd.revents & POLLOUT)) {
         ssize_t w = send(p->fd, p->data + sent, p->size - sent, MSG_DONTWAIT | MSG_NOSIGNAL);
         if (w > 0)
            sent += (size_t)w;
         if (w < 0 || sent == p->size) {
            write_done = true;
            shutdown(p->fd, SHUT_WR);
         }
      }
   }
   return NULL;
}

static struct mgs_tcp_listener listener;
static unsigned long inputs_run;

/* At exit: how many calls the server's loop delivered, so a run whose inputs all stop before
 * the backend (a broken corpus, a handshake that refuses everything) shows as zero. */
static void
report_calls(void)
{
   fprintf(stderr, "fuzz-stream: %lu inputs, %lu calls reached the backend\n", inputs_run,
           atomic_load(&calls_applied));
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   (void)argc;
   (void)argv;
   setenv("MGL_LOG_LEVEL", "error", 0);
   mgs_tcp_listener_init(&listener, FUZZ_TOKEN);
   const char *vk = getenv("MGL_FUZZ_STREAM_VULKAN");
   listener.backend = vk && !strcmp(vk, "1") ? NULL : &fuzz_backend;
   atexit(report_calls);
   return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   int sv[2];
   if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
      abort(); /* out of descriptors: a leak in the target, not an input to skip */
   struct peer p = {sv[0], data, size};
   pthread_t t;
   if (pthread_create(&t, NULL, peer_main, &p))
      abort();
   if (!mgs_tcp_serve_connection(&listener, sv[1], "fuzz-peer"))
      abort();
   pthread_join(t, NULL);
   close(sv[0]);
   inputs_run++;
   return 0;
}
