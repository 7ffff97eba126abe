/* ring_process.c — producer and consumer in different processes, as on `spawn`: the child
 * attaches the ring and the stage memfds itself (its own mappings, in its own address space), so
 * the futex words are only ever shared through the file: this fails if a _PRIVATE futex op
 * sneaks in. Records carry stage spans (blobs the child verifies and releases by token) and,
 * every 64th record, a reply span the child fills and the parent reads after
 * mgt_ring_wait_applied. The parent commits in deferred batches and relies on the stage's
 * before-wait hook to kick the ring, so a missing kick deadlocks (watchdog). Finally the child
 * fails the session while the parent sleeps in stage alloc and in wait_applied. */

#include "ring.h"
#include "ring_test_util.h"
#include "stage.h"

#include <sys/wait.h>

#define RING_CAP 4096u
#define STAGE_CAP 4096u
#define RECORDS 20000u
#define NO_REPLY UINT64_MAX

struct msg {
   struct mgt_ring_record_header h;
   uint64_t seq;
   uint64_t blob_off, blob_size;
   uint64_t token; /* stage release token covering this record's spans */
   uint64_t reply_off;
};

static unsigned char
blob_byte(uint64_t seq, uint64_t i)
{
   return (unsigned char)(seq * 29 + i * 13 + 1);
}

/* The child: a consumer in its own process. Exit status 0 = all verified. */
static int
child_consume(int ring_fd, int stage_fd, uint32_t run_ahead)
{
   (void)run_ahead;
   struct mgt_ring ring;
   struct mgt_stage stage;
   CHECK(mgt_ring_attach(&ring, ring_fd) == MGT_RING_OK, "child: ring attach");
   CHECK(mgt_stage_attach(&stage, stage_fd) == MGT_STAGE_OK, "child: stage attach");
   for (uint64_t seq = 0; seq < RECORDS;) {
      int rc = mgt_ring_wait(&ring);
      CHECK(rc == MGT_RING_OK, "child: wait %d", rc);
      uint32_t size;
      const unsigned char *p = mgt_ring_peek(&ring, &size);
      if (!p) {
         CHECK(mgt_ring_error(&ring) == MGT_RING_OK, "child: peek error");
         continue;
      }
      struct msg m;
      CHECK(size == sizeof(m), "child: size %u", size);
      memcpy(&m, p, sizeof(m)); /* copy out first: the producer is not trusted */
      CHECK(m.seq == seq, "child: seq %llu, expected %llu", (unsigned long long)m.seq,
            (unsigned long long)seq);
      const unsigned char *blob = mgt_stage_resolve(&stage, m.blob_off, m.blob_size);
      CHECK(blob, "child: blob out of bounds");
      for (uint64_t i = 0; i < m.blob_size; i++)
         CHECK(blob[i] == blob_byte(seq, i), "child: seq %llu blob byte %llu",
               (unsigned long long)seq, (unsigned long long)i);
      if (m.reply_off != NO_REPLY) {
         unsigned char *reply = mgt_stage_resolve_writable(&stage, m.reply_off, 16);
         CHECK(reply, "child: reply out of bounds");
         uint64_t v[2] = {seq * 3, ~seq};
         memcpy(reply, v, sizeof(v));
      }
      /* Applied: first the stage bytes go back, then the record. */
      mgt_stage_release(&stage, m.token);
      mgt_ring_release(&ring);
      seq++;
   }
   mgt_stage_detach(&stage);
   mgt_ring_detach(&ring);
   return 0;
}

static void
kick_ring(void *ctx)
{
   mgt_ring_kick(ctx);
}

static void
run_mode(const char *name, uint32_t run_ahead)
{
   struct mgt_ring ring;
   struct mgt_stage stage;
   CHECK(mgt_ring_create(&ring, RING_CAP) == MGT_RING_OK, "ring create");
   CHECK(mgt_stage_create(&stage, STAGE_CAP) == MGT_STAGE_OK, "stage create");
   mgt_ring_set_run_ahead(&ring, run_ahead);
   mgt_stage_set_before_wait(&stage, kick_ring, &ring);

   double t0 = now_s();
   fflush(stdout);
   pid_t pid = fork();
   CHECK(pid >= 0, "fork");
   if (pid == 0)
      _exit(child_consume(ring.fd, stage.fd, run_ahead));

   uint64_t rng = 0xabc, replies = 0, until_kick = 1;
   for (uint64_t seq = 0; seq < RECORDS; seq++) {
      struct msg m = {.seq = seq, .reply_off = NO_REPLY};
      void *ptr;
      m.blob_size = splitmix64(&rng) % 1024;
      /* Stage bytes first, then the ring record that names them. */
      int rc = mgt_stage_alloc(&stage, m.blob_size, 8, &m.blob_off, &ptr);
      CHECK(rc == MGT_STAGE_OK, "stage alloc %d", rc);
      for (uint64_t i = 0; i < m.blob_size; i++)
         ((unsigned char *)ptr)[i] = blob_byte(seq, i);
      void *reply_ptr = NULL;
      bool want_reply = seq % 64 == 63;
      if (want_reply) {
         CHECK(mgt_stage_alloc(&stage, 16, 8, &m.reply_off, &reply_ptr) == MGT_STAGE_OK,
               "reply alloc");
         memset(reply_ptr, 0, 16);
      }
      m.token = mgt_stage_mark(&stage);

      unsigned char *rec = mgt_ring_reserve(&ring, sizeof(m));
      CHECK(rec, "reserve: %d", mgt_ring_error(&ring));
      m.h.kind = 2;
      m.h.size = sizeof(m);
      memcpy(rec, &m, sizeof(m));
      CHECK(mgt_ring_commit_deferred(&ring) == MGT_RING_OK, "commit");
      if (--until_kick == 0) {
         mgt_ring_kick(&ring);
         until_kick = 1 + splitmix64(&rng) % 8;
      }
      if (want_reply) {
         /* A counted round trip: the reply is there once this record is applied. */
         CHECK(mgt_ring_wait_applied(&ring, mgt_ring_records_published(&ring)) == MGT_RING_OK,
               "wait_applied");
         uint64_t v[2];
         memcpy(v, reply_ptr, sizeof(v));
         CHECK(v[0] == seq * 3 && v[1] == ~seq, "reply for seq %llu", (unsigned long long)seq);
         replies++;
      }
   }
   mgt_ring_kick(&ring);
   CHECK(mgt_ring_wait_applied(&ring, RECORDS) == MGT_RING_OK, "final wait_applied");
   int status;
   CHECK(waitpid(pid, &status, 0) == pid, "waitpid");
   CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child failed (status 0x%x)", status);
   struct mgt_ring_stats st;
   mgt_ring_get_stats(&ring, &st);
   struct mgt_stage_stats ss;
   mgt_stage_get_stats(&stage, &ss);
   printf("ring_process %-14s %u records to a child process, %llu replies verified, ring "
          "wakes %llu sleeps %llu, stage sleeps %llu, %.2f s\n",
          name, RECORDS, (unsigned long long)replies, (unsigned long long)st.wakes,
          (unsigned long long)st.sleeps, (unsigned long long)ss.sleeps, now_s() - t0);
   mgt_stage_destroy(&stage);
   mgt_ring_destroy(&ring);
}

/* Waits until the other process announced it is going to sleep on `word`. */
static void
wait_until_announced(_Atomic uint32_t *word)
{
   double end = now_s() + 10.0;
   while (atomic_load(word) == 0) {
      CHECK(now_s() < end, "child: the parent never went to sleep");
      sleep_ns(1000000L);
   }
   sleep_ns(20000000L); /* and is in the futex by now */
}

/* The child fails the session while the parent is asleep: first in stage alloc (the stage's
 * failed word), then in wait_applied (the ring's). */
static void
child_fails_session(void)
{
   struct mgt_ring ring;
   struct mgt_stage stage;
   CHECK(mgt_ring_create(&ring, RING_CAP) == MGT_RING_OK, "ring create");
   CHECK(mgt_stage_create(&stage, STAGE_CAP) == MGT_STAGE_OK, "stage create");
   uint64_t off;
   void *ptr;
   CHECK(mgt_stage_alloc(&stage, STAGE_CAP, 1, &off, &ptr) == MGT_STAGE_OK, "fill stage");
   fflush(stdout);
   pid_t pid = fork();
   CHECK(pid >= 0, "fork");
   if (pid == 0) {
      struct mgt_ring r;
      struct mgt_stage s;
      CHECK(mgt_ring_attach(&r, ring.fd) == MGT_RING_OK, "child attach");
      CHECK(mgt_stage_attach(&s, stage.fd) == MGT_STAGE_OK, "child attach");
      wait_until_announced(&s.shared->producer_waiting);
      mgt_stage_set_failed(&s);
      wait_until_announced(&r.shared->producer_waiting);
      mgt_ring_set_failed(&r);
      _exit(0);
   }
   CHECK(mgt_stage_alloc(&stage, 8, 8, &off, &ptr) == MGT_STAGE_FAILED, "parent stage alloc");
   CHECK(atomic_load(&stage.stat_sleeps) >= 1, "the parent slept in stage alloc");
   CHECK(mgt_ring_reserve(&ring, 8), "reserve");
   CHECK(mgt_ring_commit(&ring) == MGT_RING_OK, "commit");
   CHECK(mgt_ring_wait_applied(&ring, 1) == MGT_RING_FAILED, "parent wait_applied");
   CHECK(atomic_load(&ring.stat_sleeps) >= 1, "the parent slept in wait_applied");
   int status;
   CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && !WEXITSTATUS(status), "child");
   printf("ring_process: the child failed the session; the parent asleep in stage alloc and in "
          "wait_applied got FAILED\n");
   mgt_stage_destroy(&stage);
   mgt_ring_destroy(&ring);
}

int
main(void)
{
   watchdog_start(60);
   run_mode("unlimited", UINT32_MAX);
   run_mode("run-ahead(4)", 4);
   run_mode("lockstep(0)", 0);
   child_fails_session();
   printf("ring_process: PASS\n");
   return 0;
}
