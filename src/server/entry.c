/* entry.c — libmgl-server's one export for clients that load it into their process. */
#include "log.h"
#include "pipe_entry.h"
#include "session.h"

struct mgs_apply_thread *mgs_apply_thread_start(struct mgs_session *s, int ring_fd, int stage_fd);
void mgs_apply_thread_stop(struct mgs_apply_thread *t);
int mgs_serve_spawn(int fd);
int mgs_serve_listen(const char *address);

static const struct mgp_screen_vtbl *
entry_screen_vtbl(struct mgs_session *s)
{
   return s->backend->screen_vtbl;
}

static void *
entry_screen_self(struct mgs_session *s)
{
   return s->screen;
}

static const struct mgp_context_vtbl *
entry_context_vtbl(struct mgs_session *s)
{
   return s->backend->context_vtbl;
}

static void *
entry_context_self(struct mgs_session *s, struct mgp_handle ctx)
{
   return s->backend->context_lookup(s->screen, ctx);
}

static const _Atomic int *
entry_session_fatal_word(struct mgs_session *s)
{
   return &s->fatal;
}

static void
entry_print_tallies(struct mgs_session *s)
{
   enum mgu_role was = mgu_log_thread_role();
   mgu_log_set_thread_role(MGU_ROLE_SERVER);
   mgs_session_print_tallies(s);
   mgu_log_set_thread_role(was);
}

static bool
entry_session_quiesce(struct mgs_session *s)
{
   enum mgu_role was = mgu_log_thread_role();
   mgu_log_set_thread_role(MGU_ROLE_SERVER);
   bool done = mgs_session_quiesce(s);
   mgu_log_set_thread_role(was);
   return done;
}

static const struct mgl_server_entry entry = {
   .abi = MGL_SERVER_ENTRY_ABI,
   .session_create = mgs_session_create,
   .session_destroy = mgs_session_destroy,
   .screen_vtbl = entry_screen_vtbl,
   .screen_self = entry_screen_self,
   .context_vtbl = entry_context_vtbl,
   .context_self = entry_context_self,
   .session_fatal_word = entry_session_fatal_word,
   .apply_thread_start = mgs_apply_thread_start,
   .apply_thread_stop = mgs_apply_thread_stop,
   .print_tallies = entry_print_tallies,
   .serve_spawn = mgs_serve_spawn,
   .serve_listen = mgs_serve_listen,
   .set_event_sink = mgs_session_set_event_sink,
   .session_quiesce = entry_session_quiesce,
   .set_exit_rearm = mgs_set_exit_rearm,
};

__attribute__((visibility("default"))) const struct mgl_server_entry *
mgl_server_entry(void)
{
   return &entry;
}
