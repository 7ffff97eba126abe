/* stream_codec.c — the tcp arm's stream carrier and frame codec (stream.h, pipe_stream.h) over a
 * socketpair: the client side is the real carrier with its reader thread, the server side is a
 * thread using the server's frame reader, record splitter and inline resolver.
 *  - every catalog call, 5 random payloads each, crosses and decodes field by field (span bytes
 *    inline); span-out bytes the server writes come back through REPLY frames;
 *  - the server's LOG frames land in this process's server.log; SYNC is a round trip;
 *  - spans beyond a record's inline area, overflowing offsets, other segments, records whose
 *    frame disagrees with their header, bad and truncated frames are refused by name;
 *  - a blob larger than the carrier's inline limit is the stage-too-large decline, and drops
 *    that call only (shown red: the encoder used to fail itself, so every later call of that
 *    context vanished without a name);
 *  - a server that closes the connection while the client waits for a reply fails the session
 *    at once with ServerGone; a FATAL frame fails it with the server's Fatal.
 * Every phase runs under a watchdog (bounded time). Shown red: with mgt_stream_resolve_inline's
 * bounds check removed, "span past the inline area" was accepted; with the reader thread not
 * failing the session at the end of the stream, the waiting read hung (watchdog). */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "decline.h"
#include "log.h"
#include "pipe_codec.h"
#include "pipe_stream.h"
#include "ring_test_util.h"
#include "stream.h"

#define ROUNDS 5
#define MAX_RECORDS (MGP_CALL_COUNT * ROUNDS + 64)

/* What the client sent as record n (1-based), for the server thread to compare. */
struct sent {
   enum mgp_call_id call;
   _Alignas(16) uint8_t payload[4096];
   _Alignas(16) uint8_t tail[4096];
   uint32_t tail_count;
   uint8_t spans[16][256];
};

static struct sent *sent;
static pthread_mutex_t sent_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint8_t
rand8(void)
{
   return (uint8_t)splitmix64(&rng);
}

static uint8_t
reply_byte(uint64_t seq, uint64_t k)
{
   return (uint8_t)(k * 7 + seq);
}

/* ---- the server thread ---- */

struct server {
   int fd;
   uint64_t die_at;   /* close the socket when record n arrives (no reply) */
   uint64_t fatal_at; /* send FATAL{StaleHandle} at record n, then close */
   uint64_t records;
   uint64_t checked;
   uint32_t last_body, last_reply; /* the last RECORD frame's body and reply-area sizes */
   int errors;
   char first_error[256];
};

static void
server_error(struct server *s, const char *fmt, ...)
{
   if (!s->errors++) {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(s->first_error, sizeof(s->first_error), fmt, ap);
      va_end(ap);
   }
}

static void *
server_main(void *arg)
{
   struct server *s = arg;
   struct mgt_frame_buf buf = {0}, reply = {0};
   static _Thread_local struct mgp_decoded dec;
   for (;;) {
      struct mgp_frame h;
      int rc = mgt_stream_read_frame(s->fd, &h, &buf);
      if (rc == MGT_STREAM_EOF)
         break;
      if (rc != MGT_STREAM_OK) {
         server_error(s, "read_frame: %s", mgt_stream_error_name(rc));
         break;
      }
      if (h.kind == MGP_FRAME_SYNC) {
         mgt_stream_send_frame(s->fd, MGP_FRAME_SYNC_ACK, 0, h.a, NULL, 0);
         continue;
      }
      if (h.kind == MGP_FRAME_BYE) {
         mgt_stream_send_frame(s->fd, MGP_FRAME_BYE, 0, 0, NULL, 0);
         break;
      }
      if (h.kind != MGP_FRAME_RECORD) {
         server_error(s, "frame kind %u", h.kind);
         break;
      }
      uint64_t seq = ++s->records;
      if (seq == s->die_at) {
         close(s->fd);
         s->fd = -1;
         break;
      }
      if (seq == s->fatal_at) {
         const char detail[] = "a test Fatal";
         mgt_stream_send_frame(s->fd, MGP_FRAME_FATAL, 0, MGU_FATAL_StaleHandle, detail,
                               sizeof(detail));
         close(s->fd);
         s->fd = -1;
         break;
      }
      const void *record;
      struct mgt_inline_area area;
      const char *bad = mgt_stream_split_record(buf.data, h.size, h.a, &record, &area);
      if (!bad)
         bad = mgt_stream_reply_area(&area, &reply, h.b, MGP_FRAME_MAX_BODY - h.size);
      if (!bad)
         bad = mgp_decode_record(record, h.a, mgt_stream_resolve_inline, &area, &dec);
      s->last_body = h.size;
      s->last_reply = h.b;
      if (bad) {
         server_error(s, "record %llu refused: %s", (unsigned long long)seq, bad);
         break;
      }
      if (seq <= MAX_RECORDS && sent[seq].call == dec.call) {
         pthread_mutex_lock(&sent_lock);
         struct sent *e = &sent[seq];
         char where[128] = "";
         const char *name = mgp_call_info[dec.call].name;
         if (!mgp_verify_payload(dec.call, e->payload, dec.payload, where, sizeof(where)))
            server_error(s, "%s: payload differs at %s", name, where);
         else if (dec.tail_count != e->tail_count)
            server_error(s, "%s: tail count %u, sent %u", name, dec.tail_count, e->tail_count);
         else if (e->tail_count && !mgp_verify_tail(dec.call, e->tail, dec.tail, e->tail_count,
                                                    where, sizeof(where)))
            server_error(s, "%s: tail differs at %s", name, where);
         else
            s->checked++;
         pthread_mutex_unlock(&sent_lock);
      }
      /* Answer: every span the decoder resolved writable gets a pattern. */
      for (uint32_t i = 0; i < area.num_written; i++)
         for (uint64_t k = 0; k < area.written[i].size; k++)
            area.reply[area.written[i].offset + k] = reply_byte(seq, k);
      if (seq % 50 == 0) {
         char line[64];
         snprintf(line, sizeof(line), "[server] stream test line %llu", (unsigned long long)seq);
         mgt_stream_send_frame(s->fd, MGP_FRAME_LOG, 0, MGU_LOG_INFO, line,
                               (uint32_t)strlen(line) + 1);
      }
      if ((h.flags & MGP_FRAME_WANTS_REPLY) &&
          mgt_stream_send_reply(s->fd, (uint32_t)seq, &area, NULL))
         server_error(s, "send_reply failed");
   }
   mgt_frame_buf_finish(&buf);
   mgt_frame_buf_finish(&reply);
   mgp_decoded_finish(&dec); /* the decoder's copy of the last tail */
   return NULL;
}

struct pair {
   struct mgt_stream_client *client;
   struct server server;
   pthread_t thread;
};

static void
pair_start(struct pair *p, uint64_t inline_max)
{
   int sv[2];
   CHECK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0, "socketpair");
   memset(&p->server, 0, sizeof(p->server));
   p->server.fd = sv[1];
   p->client = mgt_stream_client_create(sv[0], inline_max, UINT32_MAX);
   CHECK(p->client, "client create");
}

static void
pair_run_server(struct pair *p)
{
   CHECK(pthread_create(&p->thread, NULL, server_main, &p->server) == 0, "thread");
}

static void
pair_finish(struct pair *p)
{
   mgt_stream_client_destroy(p->client);
   pthread_join(p->thread, NULL);
   if (p->server.fd >= 0)
      close(p->server.fd);
}

/* An enum-typed field set to a random value the decoder takes (below the enum's count). */
static void
valid_enum(const struct mgp_enum_ref *e, uint8_t *base)
{
   const uint32_t v = mgp_enum_ref_value(e, base) % e->limit;
   const uint8_t b1 = (uint8_t)v;
   const uint16_t b2 = (uint16_t)v;
   switch (e->size) {
   case 1: memcpy(base + e->offset, &b1, 1); break;
   case 2: memcpy(base + e->offset, &b2, 2); break;
   default: memcpy(base + e->offset, &v, 4); break;
   }
}

/* Random payload with valid spans, valid enums and a small tail, recorded as record n. */
static void
make_call(uint64_t n, enum mgp_call_id call, uint8_t *payload, uint8_t *tail, uint32_t *tail_count)
{
   const struct mgp_call_info *ci = &mgp_call_info[call];
   pthread_mutex_lock(&sent_lock);
   struct sent *e = &sent[n];
   e->call = call;
   for (uint32_t i = 0; i < ci->payload_size; i++)
      payload[i] = rand8();
   for (uint32_t i = 0; i < ci->num_spans; i++) {
      struct mgp_span *sp = (struct mgp_span *)(payload + ci->spans[i].offset);
      for (int b = 0; b < 256; b++)
         e->spans[i][b] = rand8();
      *sp = (struct mgp_span){.ptr = e->spans[i], .size = 1 + rand8() % 200};
   }
   for (uint32_t i = 0; i < ci->num_enums; i++)
      valid_enum(&ci->enums[i], payload);
   mgp_fit_call_rules(call, payload);
   *tail_count = 0;
   if (ci->tail_elem_size) {
      *tail_count = 1 + rand8() % 5;
      memcpy(payload + ci->tail_count_offset, tail_count, 4);
      for (uint32_t i = 0; i < *tail_count * ci->tail_elem_size; i++)
         tail[i] = rand8();
      for (uint32_t k = 0; k < *tail_count; k++)
         for (uint32_t i = 0; i < ci->num_tail_enums; i++)
            valid_enum(&ci->tail_enums[i], tail + (size_t)k * ci->tail_elem_size);
   }
   memcpy(e->payload, payload, ci->payload_size);
   memcpy(e->tail, tail, (size_t)*tail_count * ci->tail_elem_size);
   e->tail_count = *tail_count;
   pthread_mutex_unlock(&sent_lock);
}

static void
round_trip_all(void)
{
   watchdog_start(120);
   struct pair p;
   pair_start(&p, 1u << 20);
   pair_run_server(&p);
   struct mgp_encoder enc = {.ops = &mgt_stream_carrier_ops, .carrier = p.client, .ctx_slot = 7};
   uint64_t n = 0, replies = 0;
   for (int call = 0; call < MGP_CALL_COUNT; call++) {
      const struct mgp_call_info *ci = &mgp_call_info[call];
      for (int round = 0; round < ROUNDS; round++) {
         _Alignas(16) uint8_t payload[4096], tail[4096];
         uint32_t tail_count;
         n++;
         make_call(n, (enum mgp_call_id)call, payload, tail, &tail_count);
         mgp_encode_call(&enc, (enum mgp_call_id)call, payload, tail, tail_count);
         CHECK(!enc.failed, "%s: the encoder failed", ci->name);
         /* What the server wrote into span-out came back into the client's memory. */
         for (uint32_t i = 0; i < ci->num_spans; i++) {
            if (!ci->spans[i].out)
               continue;
            const struct mgp_span *sp = (const struct mgp_span *)(payload + ci->spans[i].offset);
            const uint8_t *got = sp->ptr;
            for (uint64_t k = 0; k < sp->size; k++)
               CHECK(got[k] == reply_byte(n, k), "%s: reply byte %llu is %u", ci->name,
                     (unsigned long long)k, got[k]);
            replies++;
         }
      }
   }
   CHECK(mgt_stream_client_sync(p.client), "sync");
   CHECK(!mgt_stream_client_failed(p.client), "the session failed");
   pair_finish(&p);
   CHECK(!p.server.errors, "server: %s", p.server.first_error);
   CHECK(p.server.checked == n, "the server checked %llu of %llu records",
         (unsigned long long)p.server.checked, (unsigned long long)n);
   printf("round trip: %llu records of %d calls decoded field by field, %llu span-out replies\n",
          (unsigned long long)n, MGP_CALL_COUNT, (unsigned long long)replies);
}

static void
logs_forwarded(const char *dir)
{
   char path[4200], line[512];
   snprintf(path, sizeof(path), "%s/server.log", dir);
   FILE *f = fopen(path, "r");
   CHECK(f, "no %s", path);
   int lines = 0;
   while (fgets(line, sizeof(line), f))
      lines += strstr(line, "[server] stream test line ") != NULL;
   fclose(f);
   CHECK(lines == MGP_CALL_COUNT * ROUNDS / 50, "%d forwarded lines in server.log, want %d", lines,
         MGP_CALL_COUNT * ROUNDS / 50);
   printf("log: %d LOG frames written to server.log\n", lines);
}

static void
server_checks(void)
{
   static _Alignas(16) uint8_t body[4096];
   static struct mgp_decoded dec;
   const void *record;
   struct mgt_inline_area area;

   /* A resource_subdata with one 64-byte span at inline offset 0. */
   enum mgp_call_id call = MGP_CALL_resource_subdata;
   const struct mgp_call_info *ci = &mgp_call_info[call];
   uint32_t size = mgp_record_size(call, 0);
   memset(body, 0, sizeof(body));
   struct mgp_record_header rh = {size, (uint16_t)call, 1};
   memcpy(body, &rh, sizeof(rh));
   uint8_t *span_at = body + sizeof(rh) + ci->spans[0].offset;
   struct mgp_span sp = {.size = 64, .seg = MGP_SEG_INLINE, .offset = 0};
   memcpy(span_at, &sp, sizeof(sp));
   uint32_t inline_at = (size + 15u) & ~15u;
   uint32_t body_size = inline_at + 64;
   CHECK(!mgt_stream_split_record(body, body_size, size, &record, &area), "good record split");
   CHECK(area.size == 64, "inline area %llu", (unsigned long long)area.size);
   CHECK(!mgp_decode_record(record, size, mgt_stream_resolve_inline, &area, &dec),
         "good record refused");

   const char *err;
#define REFUSED(expr, want, what)                                                                  \
   do {                                                                                            \
      err = (expr);                                                                                \
      CHECK(err && !strncmp(err, want, strlen(want)), "%s: %s (want %s)", what,                    \
            err ? err : "accepted", want);                                                         \
   } while (0)
   REFUSED(mgt_stream_split_record(body, size - 8, size, &record, &area), "record-size",
           "record longer than its frame");
   REFUSED(mgt_stream_split_record(body, body_size, size - 4, &record, &area), "record-size",
           "record size not a multiple of 8");
   REFUSED(mgt_stream_split_record(body, body_size, size - 8, &record, &area), "record-size",
           "frame and record header disagree");
   REFUSED(mgt_stream_split_record(body, body_size, 4, &record, &area), "record-size",
           "record shorter than its header");

   struct mgp_span evil = sp;
   evil.offset = 16; /* 16 + 64 > 64 */
   memcpy(span_at, &evil, sizeof(evil));
   mgt_stream_split_record(body, body_size, size, &record, &area);
   REFUSED(mgp_decode_record(record, size, mgt_stream_resolve_inline, &area, &dec), ci->name,
           "span past the inline area");
   evil = sp;
   evil.offset = UINT64_MAX - 8;
   memcpy(span_at, &evil, sizeof(evil));
   REFUSED(mgp_decode_record(record, size, mgt_stream_resolve_inline, &area, &dec), ci->name,
           "span offset that overflows");
   evil = sp;
   evil.seg = MGP_SEG_STAGE;
   memcpy(span_at, &evil, sizeof(evil));
   REFUSED(mgp_decode_record(record, size, mgt_stream_resolve_inline, &area, &dec), ci->name,
           "a ring segment named on a stream");
   /* The same record with no inline area at all. */
   memcpy(span_at, &sp, sizeof(sp));
   CHECK(!mgt_stream_split_record(body, size, size, &record, &area) && area.size == 0,
         "record alone");
   REFUSED(mgp_decode_record(record, size, mgt_stream_resolve_inline, &area, &dec), ci->name,
           "span without an inline area");
   /* More writable spans than a REPLY carries. */
   struct mgt_inline_area many = {.base = body, .size = 64, .reply = body, .reply_size = 64};
   for (unsigned i = 0; i < MGT_INLINE_MAX_WRITTEN; i++)
      CHECK(mgt_stream_resolve_inline(&many, MGP_SEG_REPLY, 0, 8, true), "writable span %u", i);
   CHECK(!mgt_stream_resolve_inline(&many, MGP_SEG_REPLY, 0, 8, true),
         "a 17th writable span was accepted");
   /* An answer lives in the reply area only, and inside it; nothing reads the reply area. */
   struct mgt_inline_area two = {.base = body, .size = 64, .reply = body + 64, .reply_size = 64};
   CHECK(!mgt_stream_resolve_inline(&two, MGP_SEG_INLINE, 0, 8, true),
         "a span_out in the inline area was accepted");
   CHECK(!mgt_stream_resolve_inline(&two, MGP_SEG_REPLY, 0, 8, false),
         "a span_in in the reply area was accepted");
   CHECK(!mgt_stream_resolve_inline(&two, MGP_SEG_REPLY, 8, 64, true),
         "a span_out past the reply area was accepted");
   CHECK(!mgt_stream_resolve_inline(&two, MGP_SEG_REPLY, UINT64_MAX - 8, 16, true),
         "a span_out offset that overflows was accepted");
   CHECK(mgt_stream_resolve_inline(&two, MGP_SEG_REPLY, 0, 64, true) == body + 64,
         "the whole reply area was refused");
   struct mgt_frame_buf rb = {0};
   REFUSED(mgt_stream_reply_area(&two, &rb, 12, 1024), "reply-size", "a reply area of 12 bytes");
   REFUSED(mgt_stream_reply_area(&two, &rb, 2048, 1024), "reply-size",
           "a reply area past the frame limit");
   CHECK(!mgt_stream_reply_area(&two, &rb, 1024, 1024) && two.reply_size == 1024 &&
            two.reply[0] == 0 && two.reply[1023] == 0,
         "a 1 KiB reply area: not given, or not zeroed");
   mgt_frame_buf_finish(&rb);

   /* Frames: a size not a multiple of 8, one too big, one cut short, and a clean end. */
   struct {
      struct mgp_frame h;
      uint32_t send;
      bool close_after;
      int want;
   } cases[] = {
      {{.size = 13, .kind = MGP_FRAME_RECORD}, 0, false, MGT_STREAM_BAD_SIZE},
      {{.size = MGP_FRAME_MAX_BODY + 8, .kind = MGP_FRAME_RECORD}, 0, false, MGT_STREAM_BAD_SIZE},
      {{.size = 64, .kind = MGP_FRAME_RECORD}, 8, true, MGT_STREAM_TRUNCATED},
      {{.size = 0}, 0, true, MGT_STREAM_EOF},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      int sv[2];
      CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0, "socketpair");
      if (cases[i].want != MGT_STREAM_EOF)
         CHECK(mgt_io_write_full(sv[0], &cases[i].h, sizeof(cases[i].h)) == 0, "write");
      if (cases[i].send)
         CHECK(mgt_io_write_full(sv[0], body, cases[i].send) == 0, "write");
      if (cases[i].close_after)
         shutdown(sv[0], SHUT_WR);
      struct mgt_frame_buf b = {0};
      struct mgp_frame h;
      int rc = mgt_stream_read_frame(sv[1], &h, &b);
      CHECK(rc == cases[i].want, "frame case %u: %s (want %s)", i, mgt_stream_error_name(rc),
            mgt_stream_error_name(cases[i].want));
      mgt_frame_buf_finish(&b);
      close(sv[0]);
      close(sv[1]);
   }
   printf("server checks: bad spans, records and frames refused by name\n");
}

static void
too_big_is_declined(void)
{
   watchdog_start(60);
   struct pair p;
   pair_start(&p, 1024);
   pair_run_server(&p);
   struct mgp_encoder enc = {.ops = &mgt_stream_carrier_ops, .carrier = p.client, .ctx_slot = 1};
   static uint8_t blob[4096];
   struct mgp_resource_subdata a = {.data = {.ptr = blob, .size = sizeof(blob)}};
   uint64_t before = mgu_decline_count(MGU_DECLINE_stage_too_large);
   mgp_encode_call(&enc, MGP_CALL_resource_subdata, &a, NULL, 0);
   CHECK(mgu_decline_count(MGU_DECLINE_stage_too_large) == before + 1,
         "stage-too-large was not counted");
   /* A decline drops that call, never the session: the next one goes through. */
   CHECK(!enc.failed, "the declined call failed the encoder (every later call would vanish)");
   static uint8_t px[256];
   memset(px, 0, sizeof(px));
   struct mgp_read_pixels rp = {.width = 8, .height = 8, .out = {.ptr = px, .size = sizeof(px)}};
   mgp_encode_call(&enc, MGP_CALL_read_pixels, &rp, NULL, 0);
   CHECK(!enc.failed && px[1] == reply_byte(1, 1),
         "the call after the declined one did not go through");
   /* The read sent no byte of its destination: a record alone, its answer's room in b. */
   CHECK(p.server.last_body == mgp_record_size(MGP_CALL_read_pixels, 0) &&
            p.server.last_reply == sizeof(px),
         "a read's frame: body %u bytes (record %u), reply area %u bytes (answer %zu)",
         p.server.last_body, mgp_record_size(MGP_CALL_read_pixels, 0), p.server.last_reply,
         sizeof(px));
   pair_finish(&p);
   CHECK(p.server.records == 1, "the declined call reached the server");
   printf("too big: declined as stage-too-large, the next call went through\n");
}

static void
server_dies_while_waiting(void)
{
   watchdog_start(60);
   struct pair p;
   pair_start(&p, 1u << 20);
   p.server.die_at = 3;
   pair_run_server(&p);
   struct mgp_encoder enc = {.ops = &mgt_stream_carrier_ops, .carrier = p.client, .ctx_slot = 1};
   struct mgp_u32_args flush = {0, 0};
   mgp_encode_call(&enc, MGP_CALL_flush, &flush, NULL, 0);
   mgp_encode_call(&enc, MGP_CALL_flush, &flush, NULL, 0);
   static uint8_t px[256];
   struct mgp_read_pixels rp = {.width = 8, .height = 8, .out = {.ptr = px, .size = sizeof(px)}};
   double t0 = now_s();
   mgp_encode_call(&enc, MGP_CALL_read_pixels, &rp, NULL, 0); /* record 3: no answer, ever */
   double dt = now_s() - t0;
   CHECK(enc.failed, "the read returned as if answered");
   CHECK(mgt_stream_client_fatal(p.client) == MGU_FATAL_ServerGone, "fatal %d",
         mgt_stream_client_fatal(p.client));
   CHECK(!mgt_stream_client_sync(p.client), "sync on a dead session succeeded");
   pair_finish(&p);
   printf("server gone: the waiting read returned after %.3f s, Fatal{ServerGone}\n", dt);

   pair_start(&p, 1u << 20);
   p.server.fatal_at = 2;
   pair_run_server(&p);
   enc = (struct mgp_encoder){.ops = &mgt_stream_carrier_ops, .carrier = p.client, .ctx_slot = 1};
   mgp_encode_call(&enc, MGP_CALL_flush, &flush, NULL, 0);
   mgp_encode_call(&enc, MGP_CALL_read_pixels, &rp, NULL, 0);
   CHECK(enc.failed, "the read returned as if answered");
   CHECK(mgt_stream_client_fatal(p.client) == MGU_FATAL_StaleHandle, "fatal %d",
         mgt_stream_client_fatal(p.client));
   pair_finish(&p);
   printf("server Fatal: the client's session failed with Fatal{StaleHandle}\n");
}

int
main(void)
{
   signal(SIGPIPE, SIG_IGN);
   char dir[] = "/tmp/mgl-stream-test-XXXXXX";
   CHECK(mkdtemp(dir), "mkdtemp");
   setenv("MGL_LOG_DIR", dir, 1);
   sent = calloc(MAX_RECORDS + 1, sizeof(*sent));
   CHECK(sent, "calloc");
   round_trip_all();
   logs_forwarded(dir);
   server_checks();
   too_big_is_declined();
   server_dies_while_waiting();
   free(sent);
   char cmd[128];
   snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
   if (system(cmd) != 0)
      printf("(could not remove %s)\n", dir);
   printf("stream_codec: PASS\n");
   return 0;
}
