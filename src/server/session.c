/* session.c — server sessions: backend choice, the Fatal funnel and record application. */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

static const struct mgs_backend *const backends[] = {&mgs_vulkan_backend, &mgs_gles_backend};

/* Sessions failed with GpuTimeout whose screen is not destroyed yet: their device is hung
 * already, before the backend counts it (at screen_destroy, when it goes to a reaper). */
static atomic_uint timed_out_live;

void
mgs_session_fatal(void *session, enum mgu_fatal name, const char *detail)
{
   struct mgs_session *s = session;
   int expected = 0;
   if (!atomic_compare_exchange_strong(&s->fatal, &expected, (int)name))
      return; /* the first Fatal names the failure */
   snprintf(s->fatal_detail, sizeof(s->fatal_detail), "%s", detail ? detail : "");
   if (name == MGU_FATAL_GpuTimeout)
      atomic_fetch_add(&timed_out_live, 1);
   mgu_error("Fatal{%s, \"%s\"}: session failed", mgu_fatal_name(name), s->fatal_detail);
}

void
mgs_session_set_event_sink(struct mgs_session *s,
                           int (*sink)(void *ctx, const struct mgp_event *ev), void *ctx)
{
   s->event_sink = sink;
   s->event_ctx = ctx;
}

void
mgs_session_post_event(void *session, const struct mgp_event *ev)
{
   struct mgs_session *s = session;
   if (atomic_load(&s->fatal))
      return; /* the session is over: the client is told by its Fatal, not by events */
   const char *bad = mgp_event_check(ev);
   if (bad) {
      mgs_session_fatal(s, MGU_FATAL_ProtocolCorruption, bad);
      return;
   }
   if (!s->event_sink) {
      mgs_session_fatal(s, MGU_FATAL_TransportSetup, "no event path for this session");
      return;
   }
   int f = s->event_sink(s->event_ctx, ev);
   if (f)
      mgs_session_fatal(s, (enum mgu_fatal)f, mgp_event_kind_name(ev->kind));
}

bool mgs_sessions_remote;

/* The client role's exit-hook re-arm, when the server role is in the program's process. */
static void (*_Atomic exit_rearm)(void);

unsigned
mgs_hung_screens(void)
{
   unsigned n = atomic_load(&timed_out_live);
   for (unsigned i = 0; i < sizeof(backends) / sizeof(backends[0]); i++)
      n += backends[i]->hung_screens ? backends[i]->hung_screens() : 0;
   return n;
}

struct mgs_session *
mgs_session_create(const char *backend, char *err, unsigned err_size)
{
   const struct mgs_backend *be = NULL;
   for (unsigned i = 0; i < sizeof(backends) / sizeof(backends[0]) && !be; i++) {
      if (!backend || !strcmp(backend, backends[i]->name))
         be = backends[i];
   }
   if (!be) {
      snprintf(err, err_size, "unknown backend '%s' (known: vulkan, gles)", backend);
      return NULL;
   }
   return mgs_session_create_on(be, err, err_size);
}

struct mgs_session *
mgs_session_create_on(const struct mgs_backend *be, char *err, unsigned err_size)
{
   struct mgs_session *s = calloc(1, sizeof(*s));
   if (!s) {
      snprintf(err, err_size, "out of memory");
      return NULL;
   }
   s->backend = be;
   struct mgs_backend_env env = {
      .fatal = mgs_session_fatal,
      .event = mgs_session_post_event,
      .rearm_exit = atomic_load(&exit_rearm) ? mgs_session_rearm_exit : NULL,
      .in_process = atomic_load(&exit_rearm) != NULL, /* only the client role's loader sets it */
      .session = s,
      .validation = getenv("MGL_VK_VALIDATION") && !strcmp(getenv("MGL_VK_VALIDATION"), "1"),
      .remote = mgs_sessions_remote,
   };
   s->screen = be->screen_create(&env);
   if (!s->screen) {
      snprintf(err, err_size, "backend %s did not start: %s", be->name,
               s->fatal_detail[0] ? s->fatal_detail : "no reason given");
      free(s);
      return NULL;
   }
   mgu_info("server session on backend %s", be->name);
   return s;
}

void
mgs_session_print_tallies(struct mgs_session *s)
{
   if (s && s->backend->gate_counters) {
      const char *names[MGS_GATES_MAX];
      unsigned long long values[MGS_GATES_MAX];
      const unsigned total = s->backend->gate_counters(s->screen, NULL, NULL, 0);
      unsigned n = s->backend->gate_counters(s->screen, names, values, MGS_GATES_MAX);
      /* One log line holds MGU_LOG_MSG_MAX bytes: the counters that do not fit are counted in
       * gates-not-shown, at the end, never cut silently (run_scenario.sh and fuzz-ring fail on that field). */
      char line[MGU_LOG_MSG_MAX];
      const size_t room = MGS_GATES_LINE_ROOM;
      size_t len = (size_t)snprintf(line, room, "MGL-GATES");
      unsigned shown = 0;
      for (; shown < n; shown++) {
         const int w = snprintf(NULL, 0, " %s=%llu", names[shown], values[shown]);
         if (w < 0 || len + (size_t)w >= room)
            break;
         len += (size_t)snprintf(line + len, room - len, " %s=%llu", names[shown], values[shown]);
      }
      if (total > shown)
         snprintf(line + len, sizeof(line) - len, " gates-not-shown=%u", total - shown);
      mgu_log_always("%s", line);
   }
   if (s && s->tally)
      mgu_decline_print_tally_of(s->tally);
   else
      mgu_decline_print_tally();
}

bool
mgs_session_use_own_tally(struct mgs_session *s)
{
   if (!s->tally)
      s->tally = calloc(1, sizeof(*s->tally));
   if (!s->tally)
      return false;
   mgu_decline_set_thread_tally(s->tally);
   return true;
}

void
mgs_session_destroy(struct mgs_session *s)
{
   if (!s)
      return;
   s->backend->screen_destroy(s->screen);
   if (atomic_load(&s->fatal) == MGU_FATAL_GpuTimeout)
      atomic_fetch_sub(&timed_out_live, 1); /* the backend counts it now, until it is freed */
   mgp_decoded_finish(&s->dec);
   if (s->tally) {
      mgu_decline_set_thread_tally(NULL); /* the thread that used it is the one ending it */
      free(s->tally);
   }
   free(s);
}

void
mgs_set_exit_rearm(void (*rearm)(void))
{
   atomic_store(&exit_rearm, rearm);
}

void
mgs_session_rearm_exit(void *session)
{
   (void)session;
   void (*rearm)(void) = atomic_load(&exit_rearm);
   if (rearm)
      rearm();
}

bool
mgs_session_quiesce(struct mgs_session *s)
{
   if (!s || atomic_load(&s->fatal) || !s->backend->quiesce)
      return true;
   return s->backend->quiesce(s->screen);
}

void
mgs_session_thread_leave(struct mgs_session *s)
{
   if (s && s->screen && s->backend->thread_leave)
      s->backend->thread_leave(s->screen);
}

bool
mgs_session_apply(struct mgs_session *s, const void *record, uint32_t size,
                  mgp_span_resolver resolve, void *resolver_ctx)
{
   struct mgp_decoded *const d = &s->dec;
   if (atomic_load(&s->fatal))
      return false;
   const char *bad = mgp_decode_record(record, size, resolve, resolver_ctx, d);
   if (bad) {
      mgs_session_fatal(s, MGU_FATAL_ProtocolCorruption, bad);
      return false;
   }
   const struct mgp_call_info *ci = &mgp_call_info[d->call];
   bool done;
   if (ci->cls == MGP_CLASS_Screen) {
      if (d->call == MGP_CALL_context_create || d->call == MGP_CALL_context_destroy) {
         struct mgp_handle h = d->call == MGP_CALL_context_create
                                  ? ((const struct mgp_context_desc *)d->payload)->ctx
                                  : ((const struct mgp_handle_args *)d->payload)->h;
         if (h.slot == 0 || h.slot >= MGS_MAX_CONTEXTS) {
            mgs_session_fatal(s, MGU_FATAL_ProtocolCorruption, ci->name);
            return false;
         }
         s->context_gen[h.slot] = d->call == MGP_CALL_context_create ? h.gen : 0;
      }
      done = mgp_dispatch_screen(s->backend->screen_vtbl, s->screen, d->call, d->payload, d->tail,
                                 d->tail_count);
   } else {
      /* Contexts are addressed by slot on the wire; the backend checks the live generation. */
      void *ctx = NULL;
      if (d->ctx_slot < MGS_MAX_CONTEXTS && s->context_gen[d->ctx_slot])
         ctx = s->backend->context_lookup(
            s->screen, (struct mgp_handle){d->ctx_slot, s->context_gen[d->ctx_slot]});
      if (!ctx) {
         mgs_session_fatal(s, MGU_FATAL_StaleHandle, ci->name);
         return false;
      }
      done = mgp_dispatch_context(s->backend->context_vtbl, ctx, d->call, d->payload, d->tail,
                                  d->tail_count);
   }
   if (!done) {
      static atomic_flag logged[MGP_CALL_COUNT];
      mgu_decline_hit(MGU_DECLINE_pipe_call_unsupported, &logged[d->call], "%s", ci->name);
   }
   s->records_applied++;
   return atomic_load(&s->fatal) == 0;
}

void
mgs_session_get_caps(struct mgs_session *s, struct mgp_caps *caps)
{
   memset(caps, 0, sizeof(*caps));
   s->backend->screen_vtbl->get_caps(
      s->screen, &(struct mgp_get_caps){.out = {.ptr = caps, .size = sizeof(*caps)}}, NULL, 0);
}
