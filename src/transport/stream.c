/* stream.c — MGPipe frames over a socket: the tcp client carrier with its reader thread, and
 * the server's frame reader, inline resolver and reply writer (see stream.h). */
#include "stream.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "array.h"
#include "decline.h"
#include "inbox.h"
#include "log.h"
#include "rle.h"

static uint64_t
align_up(uint64_t n, uint64_t a)
{
   return (n + a - 1) & ~(a - 1);
}

/* ---- I/O ------------------------------------------------------------------------------------ */

int
mgt_io_read_full(int fd, void *buf, size_t n)
{
   uint8_t *p = buf;
   size_t got = 0;
   while (got < n) {
      ssize_t r = recv(fd, p + got, n - got, 0);
      if (r > 0) {
         got += (size_t)r;
         continue;
      }
      if (r == 0) {
         if (got == 0)
            return 0;
         errno = ECONNRESET;
         return -1;
      }
      if (errno == EINTR)
         continue;
      return -1;
   }
   return 1;
}

static int64_t
now_ms(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t
mgt_io_deadline(const char *seconds_knob, double def_seconds, double *seconds)
{
   double s = def_seconds;
   const char *v = seconds_knob ? getenv(seconds_knob) : NULL;
   if (v && *v) {
      char *end;
      double d = strtod(v, &end);
      if (end != v && !*end && d > 0 && d < 86400.0 * 365)
         s = d;
   }
   if (seconds)
      *seconds = s;
   return now_ms() + (int64_t)(s * 1000.0 + 0.5);
}

/* Waits until fd has something to read (or its peer closed): 0, or -1 with errno (ETIMEDOUT once
 * deadline_ms has passed, else poll's). A poll interrupted by a signal waits again. */
static int
poll_in_by(int fd, int64_t deadline_ms)
{
   for (;;) {
      const int64_t left = deadline_ms - now_ms();
      if (left <= 0) {
         errno = ETIMEDOUT;
         return -1;
      }
      struct pollfd pfd = {.fd = fd, .events = POLLIN};
      const int pr = poll(&pfd, 1, left > 60000 ? 60000 : (int)left);
      if (pr > 0)
         return 0;
      if (pr < 0 && errno != EINTR)
         return -1;
   }
}

int
mgt_io_read_full_by(int fd, void *buf, size_t n, int64_t deadline_ms)
{
   uint8_t *p = buf;
   size_t got = 0;
   while (got < n) {
      if (poll_in_by(fd, deadline_ms))
         return -1;
      ssize_t r = recv(fd, p + got, n - got, MSG_DONTWAIT);
      if (r > 0) {
         got += (size_t)r;
         continue;
      }
      if (r == 0) {
         if (got == 0)
            return 0;
         errno = ECONNRESET;
         return -1;
      }
      if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
         continue;
      return -1;
   }
   return 1;
}

int
mgt_io_drain_by(int fd, int64_t deadline_ms, uint64_t max_bytes, uint64_t *dropped)
{
   uint8_t junk[16384];
   *dropped = 0;
   for (;;) {
      if (*dropped >= max_bytes) {
         errno = EFBIG;
         return -1;
      }
      if (poll_in_by(fd, deadline_ms))
         return -1;
      uint64_t room = max_bytes - *dropped;
      ssize_t r = recv(fd, junk, room < sizeof(junk) ? (size_t)room : sizeof(junk), MSG_DONTWAIT);
      if (r > 0) {
         *dropped += (uint64_t)r;
         continue;
      }
      if (r == 0)
         return 0;
      if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
         continue;
      return -1;
   }
}

static int
writev_full(int fd, struct iovec *iov, int count)
{
   while (count > 0) {
      struct msghdr m = {.msg_iov = iov, .msg_iovlen = (size_t)count};
      ssize_t r = sendmsg(fd, &m, MSG_NOSIGNAL);
      if (r < 0) {
         if (errno == EINTR)
            continue;
         return -1;
      }
      size_t left = (size_t)r;
      while (count > 0 && left >= iov->iov_len) {
         left -= iov->iov_len;
         iov++;
         count--;
      }
      if (count > 0) {
         iov->iov_base = (uint8_t *)iov->iov_base + left;
         iov->iov_len -= left;
      }
   }
   return 0;
}

int
mgt_io_write_full(int fd, const void *buf, size_t n)
{
   struct iovec iov = {(void *)buf, n};
   return writev_full(fd, &iov, 1);
}

static const uint8_t zeros[16];

int
mgt_stream_send_frame(int fd, uint16_t kind, uint16_t flags, uint32_t a, const void *body,
                      uint32_t size)
{
   uint32_t padded = (uint32_t)align_up(size, 8);
   struct mgp_frame h = {.size = padded, .kind = kind, .flags = flags, .a = a, .b = 0};
   struct iovec iov[3] = {{&h, sizeof(h)}, {(void *)body, size}, {(void *)zeros, padded - size}};
   return writev_full(fd, iov, 3);
}

int
mgt_split_hostport(const char *hp, char *host, size_t host_size, char *port, size_t port_size)
{
   const char *colon;
   if (hp[0] == '[') {
      const char *close = strchr(hp, ']');
      if (!close || close[1] != ':')
         return -1;
      snprintf(host, host_size, "%.*s", (int)(close - hp - 1), hp + 1);
      colon = close + 1;
   } else {
      colon = strrchr(hp, ':');
      if (!colon)
         return -1;
      snprintf(host, host_size, "%.*s", (int)(colon - hp), hp);
   }
   snprintf(port, port_size, "%s", colon + 1);
   return host[0] && port[0] ? 0 : -1;
}

/* ---- handshake ------------------------------------------------------------------------------ */

void
mgt_hello_init(struct mgp_hello *h, uint32_t transport, const char *backend, const char *token,
               uint32_t log_level)
{
   memset(h, 0, sizeof(*h));
   h->magic = MGP_HELLO_MAGIC;
   h->abi_version = MGP_ABI_VERSION;
   /* Test-only: speak another version, to see both sides refuse it (faults lane). */
   const char *abi = getenv("MGL_TEST_HELLO_ABI");
   if (abi && *abi)
      h->abi_version = (uint32_t)strtoul(abi, NULL, 0);
   h->transport = transport;
   h->log_level = log_level;
   if (token && strlen(token) < sizeof(h->token))
      memcpy(h->token, token, strlen(token));
   snprintf(h->backend, sizeof(h->backend), "%s", backend ? backend : "vulkan");
}

const char *
mgt_token_check(const char *token, char *why, size_t why_size)
{
   size_t len = token ? strlen(token) : 0;
   if (len < MGP_TOKEN_MAX)
      return NULL;
   snprintf(why, why_size, "MGL_SERVER_TOKEN is %zu bytes long; a token has at most %u", len,
            MGP_TOKEN_MAX - 1);
   return why;
}

uint64_t
mgt_stream_frame_limit(uint64_t stage_size)
{
   uint64_t limit = stage_size + MGP_MAX_RECORD_SIZE + MGP_INLINE_ALIGN;
   return limit < stage_size || limit > MGP_FRAME_MAX_BODY ? MGP_FRAME_MAX_BODY : limit;
}

uint32_t
mgt_hello_check(const struct mgp_hello *h, uint32_t transport, const char *expected_token,
                char *reason, size_t reason_size)
{
   if (h->magic != MGP_HELLO_MAGIC || h->transport != transport) {
      snprintf(reason, reason_size, "not an mgl client (bad hello)");
      return MGP_WELCOME_BAD_HELLO;
   }
   if (expected_token) {
      size_t len = strnlen(h->token, sizeof(h->token));
      if (len == 0) {
         snprintf(reason, reason_size, "missing token (set MGL_SERVER_TOKEN to the server's)");
         return MGP_WELCOME_BAD_TOKEN;
      }
      /* Every byte of both, whatever matches: the time taken says nothing about the token. */
      char want[MGP_TOKEN_MAX] = {0};
      snprintf(want, sizeof(want), "%s", expected_token);
      unsigned diff = 0;
      for (size_t i = 0; i < MGP_TOKEN_MAX; i++)
         diff |= (unsigned)(uint8_t)(want[i] ^ h->token[i]);
      if (diff) {
         snprintf(reason, reason_size, "wrong token (MGL_SERVER_TOKEN differs from the server's)");
         return MGP_WELCOME_BAD_TOKEN;
      }
   }
   if (h->abi_version != MGP_ABI_VERSION) {
      snprintf(reason, reason_size, "client speaks MGPipe ABI %u, this server %u", h->abi_version,
               MGP_ABI_VERSION);
      return MGP_WELCOME_BAD_VERSION;
   }
   if (!memchr(h->backend, 0, sizeof(h->backend))) {
      snprintf(reason, reason_size, "malformed hello (backend name)");
      return MGP_WELCOME_BAD_HELLO;
   }
   reason[0] = '\0';
   return MGP_WELCOME_OK;
}

void
mgt_welcome_init(struct mgp_welcome *w, uint32_t status, const char *reason)
{
   memset(w, 0, sizeof(*w));
   w->magic = MGP_WELCOME_MAGIC;
   w->abi_version = MGP_ABI_VERSION;
   w->status = status;
   /* Only a peer that presented the token learns who we are. */
   w->server_pid = status == MGP_WELCOME_OK ? (uint32_t)getpid() : 0;
   snprintf(w->reason, sizeof(w->reason), "%s", reason ? reason : "");
}

bool
mgt_welcome_check(const struct mgp_welcome *w, const char *server, char *err, size_t err_size)
{
   if (w->magic != MGP_WELCOME_MAGIC) {
      snprintf(err, err_size, "%s did not answer as an mgl-server (bad welcome)", server);
      return false;
   }
   if (w->status != MGP_WELCOME_OK) {
      char reason[sizeof(w->reason)];
      snprintf(reason, sizeof(reason), "%.*s", (int)sizeof(w->reason) - 1, w->reason);
      snprintf(err, err_size, "%s refused the session: %s", server, reason);
      return false;
   }
   /* A server that welcomed us without checking our version: refuse it here. */
   if (w->abi_version != MGP_ABI_VERSION) {
      snprintf(err, err_size, "%s speaks MGPipe ABI %u, this client %u", server, w->abi_version,
               MGP_ABI_VERSION);
      return false;
   }
   if (w->caps_size != sizeof(struct mgp_caps)) {
      snprintf(err, err_size, "%s welcomed the session with %u bytes of caps, not %zu", server,
               w->caps_size, sizeof(struct mgp_caps));
      return false;
   }
   return true;
}

/* ---- reading frames ------------------------------------------------------------------------- */

static void
frame_buf_release(struct mgt_frame_buf *b)
{
   if (b->mapped)
      munmap(b->data, b->capacity);
   else
      free(b->data);
   b->data = NULL;
   b->capacity = 0;
   b->mapped = false;
}

void
mgt_frame_buf_finish(struct mgt_frame_buf *b)
{
   frame_buf_release(b);
}

void
mgt_frame_buf_trim(struct mgt_frame_buf *b)
{
   if (b->capacity > MGT_FRAME_BUF_KEEP)
      frame_buf_release(b);
}

/* A large body gets a mapping of its own: its pages exist only as the peer's bytes arrive,
 * and munmap returns them all (malloc would keep a freed large block for reuse). */
static bool
frame_buf_reserve(struct mgt_frame_buf *b, size_t n)
{
   if (n <= b->capacity && b->data)
      return true;
   size_t cap = b->capacity ? b->capacity : 4096;
   while (cap < n)
      cap *= 2;
   void *p;
   bool mapped = cap > MGT_FRAME_BUF_KEEP;
   if (mapped) {
      p = mmap(NULL, cap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED)
         return false;
   } else {
      p = aligned_alloc(16, cap);
      if (!p)
         return false;
   }
   frame_buf_release(b);
   b->data = p;
   b->capacity = cap;
   b->mapped = mapped;
   return true;
}

int
mgt_stream_read_frame(int fd, struct mgp_frame *hdr, struct mgt_frame_buf *b)
{
   return mgt_stream_read_frame_max(fd, hdr, b, MGP_FRAME_MAX_BODY);
}

int
mgt_stream_read_frame_max(int fd, struct mgp_frame *hdr, struct mgt_frame_buf *b, uint64_t max_body)
{
   int r = mgt_io_read_full(fd, hdr, sizeof(*hdr));
   if (r == 0)
      return MGT_STREAM_EOF;
   if (r < 0)
      return errno == ECONNRESET ? MGT_STREAM_TRUNCATED : MGT_STREAM_IO;
   if (hdr->size % 8 || hdr->size > MGP_FRAME_MAX_BODY || hdr->size > max_body)
      return MGT_STREAM_BAD_SIZE;
   if (!frame_buf_reserve(b, hdr->size ? hdr->size : 16))
      return MGT_STREAM_NO_MEMORY;
   if (!hdr->size)
      return MGT_STREAM_OK;
   r = mgt_io_read_full(fd, b->data, hdr->size);
   if (r == 1)
      return MGT_STREAM_OK;
   return r == 0 || errno == ECONNRESET ? MGT_STREAM_TRUNCATED : MGT_STREAM_IO;
}

const char *
mgt_stream_error_name(int rc)
{
   switch (rc) {
   case MGT_STREAM_OK: return "ok";
   case MGT_STREAM_EOF: return "connection closed";
   case MGT_STREAM_TRUNCATED: return "truncated-frame";
   case MGT_STREAM_BAD_SIZE: return "frame-size";
   case MGT_STREAM_IO: return "socket error";
   case MGT_STREAM_NO_MEMORY: return "out of memory for a frame";
   default: return "?";
   }
}

/* ---- server: records and their inline areas -------------------------------------------------- */

const char *
mgt_stream_split_record(uint8_t *body, uint32_t body_size, uint32_t record_size,
                        const void **record, struct mgt_inline_area *area)
{
   if (record_size < sizeof(struct mgp_record_header) || record_size % MGP_RECORD_ALIGN ||
       record_size > MGP_MAX_RECORD_SIZE || record_size > body_size)
      return "record-size";
   struct mgp_record_header rh;
   memcpy(&rh, body, sizeof(rh));
   if (rh.size != record_size)
      return "record-size"; /* the frame and the record disagree on where the record ends */
   uint64_t inline_at = align_up(record_size, MGP_INLINE_ALIGN);
   if (inline_at > body_size)
      inline_at = body_size; /* a record with no inline area: its spans resolve nowhere */
   *record = body;
   area->base = body + inline_at;
   area->size = body_size - inline_at;
   area->reply = NULL;
   area->reply_size = 0;
   area->num_written = 0;
   return NULL;
}

const char *
mgt_stream_reply_area(struct mgt_inline_area *area, struct mgt_frame_buf *buf, uint32_t reply_size,
                      uint64_t max)
{
   if (reply_size % 8 || reply_size > max)
      return "reply-size";
   if (!reply_size)
      return NULL;
   if (!frame_buf_reserve(buf, reply_size))
      return "reply-size (no memory for it)";
   /* Zeroed here too: bytes between the spans go back in no reply, but nothing is left over. */
   memset(buf->data, 0, reply_size);
   area->reply = buf->data;
   area->reply_size = reply_size;
   return NULL;
}

void *
mgt_stream_resolve_inline(void *ctx, uint32_t seg, uint64_t offset, uint64_t size, bool writable)
{
   struct mgt_inline_area *a = ctx;
   /* A span_in names the inline area, a span_out the reply area; offset <= size first, so
    * size - offset cannot wrap. */
   if (!writable) {
      if (seg != MGP_SEG_INLINE || offset > a->size || size > a->size - offset)
         return NULL;
      return a->base + offset;
   }
   if (seg != MGP_SEG_REPLY || offset > a->reply_size || size > a->reply_size - offset ||
       a->num_written == MGT_INLINE_MAX_WRITTEN)
      return NULL;
   a->written[a->num_written++] = (struct mgp_reply_span){offset, size};
   return a->reply + offset;
}

/* The REPLY body with every span run-length coded into b (pipe_stream.h), when it comes
 * under budget bytes; 0 otherwise. */
static uint64_t
code_reply(const struct mgt_inline_area *area, struct mgt_frame_buf *b, uint64_t budget)
{
   if (!frame_buf_reserve(b, budget))
      return 0;
   uint64_t at = 0;
   for (uint32_t i = 0; i < area->num_written; i++) {
      const struct mgp_reply_span *w = &area->written[i];
      const uint64_t head = sizeof(*w) + sizeof(uint64_t);
      if (budget - at < head)
         return 0;
      memcpy(b->data + at, w, sizeof(*w));
      const uint64_t room = budget - at - head;
      const uint64_t n =
         mgt_rle_encode(area->reply + w->offset, w->size, b->data + at + head, room);
      if (!n && w->size)
         return 0;
      memcpy(b->data + at + sizeof(*w), &n, sizeof(n));
      const uint64_t padded = align_up(n, 8);
      if (padded > room)
         return 0;
      memset(b->data + at + head + n, 0, padded - n);
      at += head + padded;
   }
   return at;
}

int
mgt_stream_send_reply(int fd, uint32_t seq, const struct mgt_inline_area *area,
                      struct mgt_frame_buf *coded)
{
   struct iovec iov[1 + 3 * MGT_INLINE_MAX_WRITTEN];
   uint64_t total = 0;
   int n = 1;
   for (uint32_t i = 0; i < area->num_written; i++) {
      const struct mgp_reply_span *w = &area->written[i];
      uint64_t pad = align_up(w->size, 8) - w->size;
      iov[n++] = (struct iovec){(void *)w, sizeof(*w)};
      iov[n++] = (struct iovec){area->reply + w->offset, w->size};
      iov[n++] = (struct iovec){(void *)zeros, pad};
      total += sizeof(*w) + w->size + pad;
   }
   if (total > MGP_FRAME_MAX_BODY)
      return -1;
   if (coded && total >= MGP_RLE_MIN_REPLY) {
      const uint64_t n = code_reply(area, coded, total - total / 8);
      if (n) {
         struct mgp_frame ch = {
            .size = (uint32_t)n, .kind = MGP_FRAME_REPLY, .flags = MGP_FRAME_RLE, .a = seq};
         struct iovec civ[2] = {{&ch, sizeof(ch)}, {coded->data, n}};
         return writev_full(fd, civ, 2);
      }
   }
   struct mgp_frame h = {.size = (uint32_t)total, .kind = MGP_FRAME_REPLY, .a = seq};
   iov[0] = (struct iovec){&h, sizeof(h)};
   return writev_full(fd, iov, n);
}

int
mgt_stream_send_event(int fd, const struct mgp_event *ev)
{
   return mgt_stream_send_frame(fd, MGP_FRAME_EVENT, 0, 0, ev, sizeof(*ev));
}

/* ---- client --------------------------------------------------------------------------------- */

#define OUT_CAPACITY (256u << 10)
#define WRITE_FAILED_WAIT_S 5

struct mgt_stream_client {
   int fd;
   uint32_t run_ahead;
   uint64_t inline_max;

   /* the app's thread: the record being built and the frames not written yet */
   _Alignas(16) uint8_t record[MGP_MAX_RECORD_SIZE];
   uint32_t record_size;
   uint8_t *inl; /* the record's inline area */
   uint64_t inl_len;
   uint32_t inl_capacity; /* inline_max keeps it far below 2^32 */
   uint64_t reply_len;    /* the record's reply area: its span_outs, nothing sent */
   uint8_t *out;
   size_t out_len;
   uint64_t records;    /* RECORD frames sent */
   uint32_t reply_want; /* the record whose REPLY wait_reply waits for */
   uint32_t syncs;

   /* shared with the reader thread, under lock */
   pthread_mutex_t lock;
   pthread_cond_t cond;
   struct mgt_frame_buf reply; /* the last REPLY's body */
   uint32_t reply_size;
   uint16_t reply_flags; /* its frame's: MGP_FRAME_RLE */
   uint32_t reply_seq;
   bool reply_arrived;
   uint32_t sync_acked;
   bool bye;
   _Atomic int failed;     /* enum mgu_fatal once failed */
   struct mgt_inbox inbox; /* the server's events; its own lock */

   pthread_t reader;
   bool reader_started;
   bool reader_done; /* under lock: the reader has read its last frame */

   /* MGL_TEST_TCP_FATAL_LAG_MS=N (test-only): the reader waits N ms before it takes a FATAL
    * frame, so a write can fail first, as it does when the reader is slow to be scheduled. */
   unsigned fatal_lag_ms;

   /* MGL_TEST_TCP_CAPTURE=PATH (test-only): a copy of every frame written, for the fuzz
    * corpus (tests/fuzz). NULL: off. */
   FILE *capture;

   /* What crossed the socket, frame headers included (bytes_in: the reader thread's), and the
    * present records sent: logged at info every PRESENT_REPORT presents and at the end. */
   uint64_t bytes_out, presents, report_out;
   _Atomic uint64_t bytes_in;
   uint64_t report_in;
};

#define PRESENT_REPORT 100u

/* One line of what crossed the socket since the last one, per present. */
static void
client_report(struct mgt_stream_client *c, uint64_t presents)
{
   const uint64_t in = atomic_load(&c->bytes_in);
   if (presents)
      mgu_info("tcp: %llu presents: %llu bytes sent, %llu received per present (totals %llu, %llu)",
               (unsigned long long)presents,
               (unsigned long long)((c->bytes_out - c->report_out) / presents),
               (unsigned long long)((in - c->report_in) / presents),
               (unsigned long long)c->bytes_out, (unsigned long long)in);
   c->report_out = c->bytes_out;
   c->report_in = in;
}

static void
client_capture(struct mgt_stream_client *c, const struct iovec *iov, int count)
{
   for (int i = 0; i < count && c->capture; i++) {
      if (iov[i].iov_len &&
          fwrite(iov[i].iov_base, 1, iov[i].iov_len, c->capture) != iov[i].iov_len) {
         mgu_warn("MGL_TEST_TCP_CAPTURE: writing the capture failed; capture stopped");
         fclose(c->capture);
         c->capture = NULL;
      }
   }
}

static void
client_fail(struct mgt_stream_client *c, enum mgu_fatal why)
{
   int none = 0;
   pthread_mutex_lock(&c->lock);
   atomic_compare_exchange_strong(&c->failed, &none, (int)why);
   pthread_cond_broadcast(&c->cond);
   pthread_mutex_unlock(&c->lock);
}

static void
log_forwarded(uint32_t level, const uint8_t *body, uint32_t size)
{
   char line[MGU_LOG_MSG_MAX + 64]; /* the server's line: its message and prefix */
   size_t n = size < sizeof(line) - 1 ? size : sizeof(line) - 1;
   memcpy(line, body, n);
   line[n] = '\0';
   enum mgu_log_level l = level > MGU_LOG_DEBUG ? MGU_LOG_DEBUG : (enum mgu_log_level)level;
   mgu_log_write_line(MGU_ROLE_SERVER, l, line);
}

static void *
reader_main(void *arg)
{
   struct mgt_stream_client *c = arg;
   struct mgt_frame_buf buf = {0};
   for (;;) {
      struct mgp_frame h;
      int rc = mgt_stream_read_frame(c->fd, &h, &buf);
      if (rc == MGT_STREAM_EOF || rc == MGT_STREAM_TRUNCATED || rc == MGT_STREAM_IO) {
         pthread_mutex_lock(&c->lock);
         bool bye = c->bye;
         pthread_mutex_unlock(&c->lock);
         if (!bye) {
            bool first = !atomic_load(&c->failed);
            const char *why = rc == MGT_STREAM_IO ? strerror(errno) : mgt_stream_error_name(rc);
            client_fail(c, MGU_FATAL_ServerGone); /* failed before the line says so */
            if (first)
               mgu_error("the connection to mgl-server ended (%s): the server is gone", why);
         }
         break;
      }
      if (rc != MGT_STREAM_OK) {
         mgu_error("mgl-server sent a bad frame (%s)", mgt_stream_error_name(rc));
         client_fail(c, MGU_FATAL_ProtocolCorruption);
         break;
      }
      atomic_fetch_add(&c->bytes_in, sizeof(h) + h.size);
      switch (h.kind) {
      case MGP_FRAME_REPLY: {
         pthread_mutex_lock(&c->lock);
         struct mgt_frame_buf t = c->reply;
         c->reply = buf;
         buf = t;
         c->reply_size = h.size;
         c->reply_flags = h.flags;
         c->reply_seq = h.a;
         c->reply_arrived = true;
         pthread_cond_broadcast(&c->cond);
         pthread_mutex_unlock(&c->lock);
         continue;
      }
      case MGP_FRAME_SYNC_ACK:
         pthread_mutex_lock(&c->lock);
         c->sync_acked = h.a;
         pthread_cond_broadcast(&c->cond);
         pthread_mutex_unlock(&c->lock);
         continue;
      case MGP_FRAME_LOG: log_forwarded(h.a, buf.data, h.size); continue;
      case MGP_FRAME_EVENT: {
         struct mgp_event ev;
         const char *bad = h.size != sizeof(ev) || h.a ? "event frame of a wrong size" : NULL;
         if (!bad) {
            memcpy(&ev, buf.data, sizeof(ev));
            bad = mgp_event_check(&ev);
         }
         if (bad) {
            mgu_error("mgl-server sent a malformed event (%s): Fatal{EventMalformed}", bad);
            client_fail(c, MGU_FATAL_EventMalformed);
            break;
         }
         const enum mgt_inbox_push_result pr = mgt_inbox_push(&c->inbox, &ev);
         if (pr == MGT_INBOX_FULL) {
            mgu_error("%u server events held untaken (MGL_CLIENT_EVENT_BACKLOG): "
                      "Fatal{ClientEventBacklog}",
                      c->inbox.limit);
            client_fail(c, MGU_FATAL_ClientEventBacklog);
            break;
         }
         if (pr != MGT_INBOX_OK) {
            mgu_error("no memory to keep a server event: Fatal{OutOfMemory}");
            client_fail(c, MGU_FATAL_OutOfMemory);
            break;
         }
         continue;
      }
      case MGP_FRAME_FATAL: {
         if (c->fatal_lag_ms)
            nanosleep(&(struct timespec){.tv_sec = c->fatal_lag_ms / 1000,
                                         .tv_nsec = (c->fatal_lag_ms % 1000) * 1000000L},
                      NULL);
         enum mgu_fatal f =
            h.a > 0 && h.a < MGU_FATAL_COUNT ? (enum mgu_fatal)h.a : MGU_FATAL_ProtocolCorruption;
         char detail[256];
         size_t n = h.size < sizeof(detail) - 1 ? h.size : sizeof(detail) - 1;
         memcpy(detail, buf.data, n);
         detail[n] = '\0';
         mgu_error("mgl-server failed the session: Fatal{%s, \"%s\"}", mgu_fatal_name(f), detail);
         client_fail(c, f);
         continue; /* the server closes next */
      }
      case MGP_FRAME_BYE:
         pthread_mutex_lock(&c->lock);
         c->bye = true;
         pthread_cond_broadcast(&c->cond);
         pthread_mutex_unlock(&c->lock);
         break;
      default:
         mgu_error("mgl-server sent a frame of unknown kind %u", h.kind);
         client_fail(c, MGU_FATAL_ProtocolCorruption);
         break;
      }
      break;
   }
   mgt_frame_buf_finish(&buf);
   pthread_mutex_lock(&c->lock);
   c->reader_done = true;
   pthread_cond_broadcast(&c->cond);
   pthread_mutex_unlock(&c->lock);
   return NULL;
}

/* A write fails once the server has closed, and a server that fails a session says why first:
 * a FATAL frame the reader may not have reached. The session's reason is the reader's verdict,
 * waited for (it comes as soon as the reader drains what arrived, bounded in case it hangs);
 * ServerGone only when the stream ended without one. */
static void
client_write_failed(struct mgt_stream_client *c, int err)
{
   struct timespec until;
   clock_gettime(CLOCK_REALTIME, &until);
   until.tv_sec += WRITE_FAILED_WAIT_S;
   pthread_mutex_lock(&c->lock);
   while (!atomic_load(&c->failed) && !c->reader_done)
      if (pthread_cond_timedwait(&c->cond, &c->lock, &until) == ETIMEDOUT)
         break;
   pthread_mutex_unlock(&c->lock);
   if (!atomic_load(&c->failed))
      mgu_error("writing to mgl-server failed (%s): the server is gone", strerror(err));
   client_fail(c, MGU_FATAL_ServerGone);
}

static bool
client_flush(struct mgt_stream_client *c)
{
   if (!c->out_len)
      return !atomic_load(&c->failed);
   client_capture(c, &(struct iovec){c->out, c->out_len}, 1);
   int rc = mgt_io_write_full(c->fd, c->out, c->out_len);
   c->bytes_out += c->out_len;
   c->out_len = 0;
   if (rc) {
      client_write_failed(c, errno);
      return false;
   }
   return !atomic_load(&c->failed);
}

/* Appends a whole frame to the buffer, or writes it straight out when it is larger. */
static bool
client_put(struct mgt_stream_client *c, struct iovec *iov, int count)
{
   size_t total = 0;
   for (int i = 0; i < count; i++)
      total += iov[i].iov_len;
   if (total > OUT_CAPACITY - c->out_len && !client_flush(c))
      return false;
   if (total <= OUT_CAPACITY - c->out_len) {
      for (int i = 0; i < count; i++) {
         if (iov[i].iov_len)
            memcpy(c->out + c->out_len, iov[i].iov_base, iov[i].iov_len);
         c->out_len += iov[i].iov_len;
      }
      return true;
   }
   client_capture(c, iov, count);
   c->bytes_out += total;
   if (writev_full(c->fd, iov, count)) {
      client_write_failed(c, errno);
      return false;
   }
   return true;
}

static void *
stream_reserve(void *carrier, uint32_t size)
{
   struct mgt_stream_client *c = carrier;
   if (atomic_load(&c->failed) || size > sizeof(c->record))
      return NULL;
   c->record_size = size;
   return c->record;
}

static void *
stream_place(void *carrier, uint64_t size, struct mgp_span *out)
{
   struct mgt_stream_client *c = carrier;
   uint64_t at = align_up(c->inl_len, MGP_INLINE_ALIGN);
   /* The inline and the reply area together stay within what one record may carry (the
    * server holds both). Each is at most inline_max, far below 2^63: no sum wraps. */
   if (size > c->inline_max || at + c->reply_len > c->inline_max - size) {
      MGU_DECLINE(stage_too_large, "%llu bytes do not fit the %llu bytes one record may carry",
                  (unsigned long long)size, (unsigned long long)c->inline_max);
      return NULL;
   }
   if (!mgu_array_reserve(c->inl, c->inl_capacity, at + size))
      return NULL;
   memset(c->inl + c->inl_len, 0, at - c->inl_len);
   c->inl_len = at + size;
   out->seg = MGP_SEG_INLINE;
   out->offset = at;
   out->size = size;
   out->flags = 0;
   return c->inl + at;
}

static bool
stream_place_out(void *carrier, uint64_t size, struct mgp_span *out)
{
   struct mgt_stream_client *c = carrier;
   uint64_t at = align_up(c->reply_len, MGP_INLINE_ALIGN);
   if (size > c->inline_max || at + align_up(c->inl_len, MGP_INLINE_ALIGN) > c->inline_max - size) {
      MGU_DECLINE(stage_too_large,
                  "an answer of %llu bytes does not fit the %llu bytes one "
                  "record may carry",
                  (unsigned long long)size, (unsigned long long)c->inline_max);
      return false;
   }
   c->reply_len = at + size;
   *out = (struct mgp_span){.seg = MGP_SEG_REPLY, .offset = at, .size = size};
   return true;
}

static bool
client_sync(struct mgt_stream_client *c)
{
   uint32_t n = ++c->syncs;
   if (!client_put(c,
                   (struct iovec[]){{&(struct mgp_frame){.kind = MGP_FRAME_SYNC, .a = n},
                                     sizeof(struct mgp_frame)}},
                   1) ||
       !client_flush(c))
      return false;
   pthread_mutex_lock(&c->lock);
   while (c->sync_acked != n && !atomic_load(&c->failed))
      pthread_cond_wait(&c->cond, &c->lock);
   bool ok = c->sync_acked == n;
   pthread_mutex_unlock(&c->lock);
   return ok;
}

static void
stream_commit(void *carrier, bool wants_reply)
{
   struct mgt_stream_client *c = carrier;
   struct mgp_record_header rh;
   memcpy(&rh, c->record, sizeof(rh));
   uint64_t rec_padded = align_up(c->record_size, MGP_INLINE_ALIGN);
   uint64_t inl_padded = align_up(c->inl_len, 8);
   if (!c->inl_len)
      rec_padded = c->record_size;
   struct mgp_frame h = {
      .size = (uint32_t)(rec_padded + inl_padded),
      .kind = MGP_FRAME_RECORD,
      .flags = wants_reply ? MGP_FRAME_WANTS_REPLY : 0,
      .a = c->record_size,
      .b = (uint32_t)align_up(c->reply_len, 8),
   };
   struct iovec iov[5] = {
      {&h, sizeof(h)},
      {c->record, c->record_size},
      {(void *)zeros, rec_padded - c->record_size},
      {c->inl, c->inl_len},
      {(void *)zeros, inl_padded - c->inl_len},
   };
   c->inl_len = 0;
   c->reply_len = 0;
   if (!client_put(c, iov, 5))
      return;
   c->records++;
   if (rh.call == MGP_CALL_present && ++c->presents % PRESENT_REPORT == 0)
      client_report(c, PRESENT_REPORT);
   if (wants_reply) {
      c->reply_want = (uint32_t)c->records;
      client_flush(c);
   } else if (c->run_ahead == 0) {
      client_sync(c);
   } else if (rh.call == MGP_CALL_flush || rh.call == MGP_CALL_present) {
      client_flush(c); /* the app asked for progress: what it recorded goes out now */
   }
}

static bool
stream_wait_reply(void *carrier)
{
   struct mgt_stream_client *c = carrier;
   if (!client_flush(c))
      return false;
   bool ok = false, out_of_order = false;
   pthread_mutex_lock(&c->lock);
   for (;;) {
      if (c->reply_arrived) {
         /* Replies come in order, one per awaited record: any other one is impossible. */
         ok = c->reply_seq == c->reply_want;
         out_of_order = !ok;
         c->reply_arrived = false;
         break;
      }
      if (atomic_load(&c->failed))
         break;
      pthread_cond_wait(&c->cond, &c->lock);
   }
   uint32_t got = c->reply_seq;
   pthread_mutex_unlock(&c->lock);
   if (out_of_order) {
      mgu_error("mgl-server answered record %u while record %u waited", got, c->reply_want);
      client_fail(c, MGU_FATAL_ProtocolCorruption);
   }
   return ok;
}

static void
stream_read_reply(void *carrier, const struct mgp_span *staged, void *dst, uint64_t size)
{
   struct mgt_stream_client *c = carrier;
   pthread_mutex_lock(&c->lock);
   const uint8_t *p = c->reply.data;
   uint64_t left = c->reply_size;
   const bool rle = (c->reply_flags & MGP_FRAME_RLE) != 0;
   bool found = false, bad_code = false;
   while (left >= sizeof(struct mgp_reply_span)) {
      struct mgp_reply_span w;
      memcpy(&w, p, sizeof(w));
      p += sizeof(w);
      left -= sizeof(w);
      uint64_t bytes = w.size; /* what follows: the span's bytes, or their code */
      if (rle) {
         if (left < sizeof(bytes))
            break;
         memcpy(&bytes, p, sizeof(bytes));
         p += sizeof(bytes);
         left -= sizeof(bytes);
      }
      if (bytes > left)
         break;
      if (w.offset == staged->offset && w.size == size) {
         if (rle)
            bad_code = dst && !mgt_rle_decode(p, bytes, dst, size);
         else if (dst)
            memcpy(dst, p, size);
         found = !bad_code;
         break;
      }
      uint64_t step = align_up(bytes, 8);
      if (step > left)
         break;
      p += step;
      left -= step;
   }
   pthread_mutex_unlock(&c->lock);
   if (bad_code) {
      mgu_error("mgl-server's reply codes the %llu-byte span at inline offset %llu badly",
                (unsigned long long)size, (unsigned long long)staged->offset);
      client_fail(c, MGU_FATAL_ProtocolCorruption);
   } else if (!found) {
      mgu_error("mgl-server's reply lacks the %llu-byte span at inline offset %llu",
                (unsigned long long)size, (unsigned long long)staged->offset);
      client_fail(c, MGU_FATAL_ProtocolCorruption);
   }
}

const struct mgp_carrier_ops mgt_stream_carrier_ops = {
   .reserve = stream_reserve,
   .place = stream_place,
   .place_out = stream_place_out,
   .commit = stream_commit,
   .wait_reply = stream_wait_reply,
   .read_reply = stream_read_reply,
};

struct mgt_stream_client *
mgt_stream_client_create(int fd, uint64_t inline_max, uint32_t run_ahead)
{
   struct mgt_stream_client *c = aligned_alloc(16, sizeof(*c));
   if (!c)
      goto fail;
   memset(c, 0, sizeof(*c));
   c->fd = fd;
   c->run_ahead = run_ahead;
   uint64_t limit = MGP_FRAME_MAX_BODY - MGP_MAX_RECORD_SIZE - MGP_INLINE_ALIGN;
   c->inline_max = inline_max && inline_max < limit ? inline_max : limit;
   c->out = malloc(OUT_CAPACITY);
   if (!c->out)
      goto fail_out;
   const char *capture = getenv("MGL_TEST_TCP_CAPTURE");
   if (capture && *capture) {
      /* One file per connection: the first writes PATH, the n-th PATH.n. */
      static atomic_uint connections;
      const unsigned nth = atomic_fetch_add(&connections, 1) + 1;
      char path[4096];
      if (nth == 1)
         snprintf(path, sizeof(path), "%s", capture);
      else
         snprintf(path, sizeof(path), "%s.%u", capture, nth);
      c->capture = fopen(path, "wbe");
      if (!c->capture)
         mgu_warn("MGL_TEST_TCP_CAPTURE: cannot open %s: %s", path, strerror(errno));
   }
   const char *lag = getenv("MGL_TEST_TCP_FATAL_LAG_MS");
   c->fatal_lag_ms = lag ? (unsigned)strtoul(lag, NULL, 10) % 10000u : 0;
   pthread_mutex_init(&c->lock, NULL);
   pthread_cond_init(&c->cond, NULL);
   mgt_inbox_init(&c->inbox);
   if (pthread_create(&c->reader, NULL, reader_main, c))
      goto fail_thread;
   c->reader_started = true;
   return c;

fail_thread:
   if (c->capture)
      fclose(c->capture);
   mgt_inbox_finish(&c->inbox);
   pthread_cond_destroy(&c->cond);
   pthread_mutex_destroy(&c->lock);
   free(c->out);
fail_out:
   free(c);
fail:
   close(fd);
   return NULL;
}

void
mgt_stream_client_destroy(struct mgt_stream_client *c)
{
   if (!c)
      return;
   if (!atomic_load(&c->failed)) {
      /* Goodbye: the server prints its tallies (they arrive as LOG frames), then BYE. */
      struct mgp_frame bye = {.kind = MGP_FRAME_BYE};
      pthread_mutex_lock(&c->lock);
      c->bye = true; /* from here on the end of the connection is expected */
      pthread_mutex_unlock(&c->lock);
      if (client_put(c, (struct iovec[]){{&bye, sizeof(bye)}}, 1))
         client_flush(c);
   }
   if (atomic_load(&c->failed))
      shutdown(c->fd, SHUT_RDWR); /* nothing more will come that matters: end the reader */
   if (c->reader_started)
      pthread_join(c->reader, NULL);
   client_report(c, c->presents % PRESENT_REPORT);
   close(c->fd);
   mgt_frame_buf_finish(&c->reply);
   mgt_inbox_finish(&c->inbox);
   pthread_cond_destroy(&c->cond);
   pthread_mutex_destroy(&c->lock);
   free(c->inl);
   free(c->out);
   if (c->capture)
      fclose(c->capture);
   free(c);
}

bool
mgt_stream_client_sync(struct mgt_stream_client *c)
{
   if (atomic_load(&c->failed))
      return false;
   return client_sync(c);
}

bool
mgt_stream_client_failed(const struct mgt_stream_client *c)
{
   return atomic_load(&((struct mgt_stream_client *)c)->failed) != 0;
}

int
mgt_stream_client_fatal(const struct mgt_stream_client *c)
{
   return atomic_load(&((struct mgt_stream_client *)c)->failed);
}

uint32_t
mgt_stream_client_take_events(struct mgt_stream_client *c, struct mgp_event *out, uint32_t max)
{
   return mgt_inbox_take(&c->inbox, out, max);
}
