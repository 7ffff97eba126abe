/* fail_words.c — on a real spawn session, the words the front end's verbs test instead of asking
 * the session (mgt_client_fail_words, fe_ctx_lost): none is set while the session lives; once
 * the server process is killed, the ring's failed word, set by the client's watch thread, says
 * so by itself, before anything asks mgt_client_failed. */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "client_session.h"
#include "ring_test_util.h"

/* The spawned mgl-server: this process's only child. */
static pid_t
server_child(void)
{
   pid_t found = 0;
   DIR *d = opendir("/proc/self/task");
   CHECK(d, "no /proc/self/task");
   for (struct dirent *t; (t = readdir(d));) {
      if (t->d_name[0] == '.')
         continue;
      char path[300];
      snprintf(path, sizeof(path), "/proc/self/task/%s/children", t->d_name);
      FILE *f = fopen(path, "r");
      if (!f)
         continue;
      int pid;
      while (fscanf(f, "%d", &pid) == 1) {
         CHECK(!found || found == pid, "more than one child (%d, %d)", (int)found, pid);
         found = pid;
      }
      fclose(f);
   }
   closedir(d);
   CHECK(found > 0, "no server child");
   return found;
}

int
main(void)
{
   watchdog_start(60);
   struct mgt_client *s = mgt_client_create();
   CHECK(s, "no session");
   const char *arm = mgt_client_transport(s);
   struct mgp_context ctx;
   CHECK(mgt_client_context_create(s, (struct mgp_handle){1, 1},
                                   &(struct mgp_context_desc){.api = 0}, &ctx),
         "context");
   mgp_flush(&ctx, &(struct mgp_u32_args){.value = MGP_FLUSH_FINISH});
   mgt_client_sync(s);
   struct mgt_fail_words w;
   CHECK(mgt_client_fail_words(s, &w) == MGT_FAIL_RING, "%s: not the ring arms' four words", arm);
   CHECK(!mgt_fail_words_set(&w), "%s: a fail word is set on a live session", arm);

   CHECK(kill(server_child(), SIGKILL) == 0, "kill");
   /* No call into the session from here until the words say it failed. */
   for (int ms = 0; ms < 20000 && !mgt_fail_words_set(&w); ms++)
      sleep_ns(1000000);
   CHECK(mgt_fail_words_set(&w), "%s: 20 s after the server was killed no fail word is set", arm);
   CHECK(!*w.client && !*w.encoder && !atomic_load(w.server) && atomic_load(w.ring),
         "%s: want the ring word alone (client %d encoder %d server %d ring %u)", arm, *w.client,
         *w.encoder, atomic_load(w.server), (unsigned)atomic_load(w.ring));
   CHECK(mgt_client_failed(s) && mgt_client_fatal(s) == MGU_FATAL_ServerGone,
         "%s: Fatal{%s}, want ServerGone", arm, mgu_fatal_name(mgt_client_fatal(s)));
   printf("%s: the server killed, the ring word alone said so before the session was asked\n", arm);
   mgt_client_destroy(s);
   return 0;
}
