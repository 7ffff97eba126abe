/* serve_tcp.c — `mgl-server --listen [HOST:]PORT`: the server end of the tcp arm.
 *
 * The listener binds loopback unless told otherwise and gives every connection a thread of its
 * own. A connection's first bytes are the hello: the token (MGL_SERVER_TOKEN) is checked before
 * anything else, and a missing or wrong one is refused with a message on both sides. An accepted
 * connection gets its own server session (its own backend screen and handle space); its records
 * arrive in frames (pipe_stream.h) and are applied in order, replies and sync acknowledgements
 * go back on the same socket, and the thread's log lines are forwarded to the client as LOG
 * frames. A bad frame or record fails that session alone: its Fatal is logged (here and, through
 * the forwarding, in the client's server.log), sent as a FATAL frame, and the connection closes
 * once the client has had the time to read it (linger_after_fatal); every other session goes on.
 *
 * Limits (what a stranger, or one client, can make the server hold): a connection that has not
 * sent its hello is a stranger's, and strangers get MGL_SERVER_HELLO_TIMEOUT seconds for the
 * whole hello; at most MGL_SERVER_MAX_PENDING of them wait at once (one more evicts the oldest,
 * so a flood of idle sockets cannot keep a real client, whose hello comes at once, out); at
 * most --max-sessions / MGL_SERVER_MAX_SESSIONS sessions run (one more is refused BUSY in its
 * welcome); the descriptors in use are thus bounded by the two caps. A session's frames are
 * bounded by the stage size its hello named (at most MGL_SERVER_MAX_STAGE), and the buffer
 * that took a large frame is given back after it; its resource memory by
 * MGL_SERVER_SESSION_MEMORY (4 GiB unless set) and its objects of each kind by
 * MGL_SERVER_SESSION_OBJECTS (the backend enforces both, as out of memory). A session whose GPU
 * work hung leaves its device to a reaper until the work ends: while MGL_SERVER_MAX_HUNG_SCREENS
 * such devices are held, new sessions are refused BUSY. */
#include <arpa/inet.h>
#include <errno.h>
#include <malloc.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "decline.h"
#include "log.h"
#include "pipe_stream.h"
#include "serve_tcp.h"
#include "session.h"
#include "stream.h"

#define HELLO_TIMEOUT_DEFAULT 5.0 /* seconds */
#define MAX_PENDING_DEFAULT 16u
#define MAX_SESSIONS_DEFAULT 32u
#define MAX_HUNG_SCREENS_DEFAULT 4u
#define MAX_STAGE_DEFAULT (256ull << 20)
#define SESSION_MEMORY_DEFAULT "4g"
#define LINGER_DEFAULT 2.0 /* seconds */
#define LINGER_MAX_BYTES (64ull << 20)

struct mgs_tcp_conn {
   struct mgs_tcp_listener *l;
   int fd;
   unsigned id;
   char peer[96];
   bool broken; /* a write failed: the client is gone, forward nothing more */
   bool rle;    /* the client decodes run-length coded replies (its hello says so) */
   uint64_t max_frame;
   /* while a stranger (under l->lock) */
   struct mgs_tcp_conn *prev, *next;
   bool pending, evicted;
};

/* A count worth a line: the first and every power of two after it (a flood is logged a few
 * dozen times at most, never once per connection). */
static bool
worth_a_line(uint64_t n)
{
   return (n & (n - 1)) == 0;
}

static void
pending_unlink(struct mgs_tcp_listener *l, struct mgs_tcp_conn *c)
{
   if (c->prev)
      c->prev->next = c->next;
   else
      l->pending_head = c->next;
   if (c->next)
      c->next->prev = c->prev;
   else
      l->pending_tail = c->prev;
   c->prev = c->next = NULL;
   c->pending = false;
   l->pending--;
}

/* The accept loop's side: c becomes a stranger; past the cap the oldest stranger is evicted
 * (its socket shut down: its thread's hello read ends at once). */
static void
pending_add(struct mgs_tcp_listener *l, struct mgs_tcp_conn *c)
{
   pthread_mutex_lock(&l->lock);
   if (l->pending >= l->max_pending && l->pending_head) {
      struct mgs_tcp_conn *old = l->pending_head;
      pending_unlink(l, old);
      old->evicted = true;
      shutdown(old->fd, SHUT_RDWR);
      uint64_t n = ++l->evicted;
      MGU_DECLINE(server_stranger_evicted,
                  "%u connections without a hello (MGL_SERVER_MAX_PENDING): the oldest, from "
                  "%s, is closed for the newest",
                  l->max_pending, old->peer);
      if (worth_a_line(n))
         mgu_warn("closed a connection without a hello from %s: %u others wait "
                  "(MGL_SERVER_MAX_PENDING); %llu closed so far",
                  old->peer, l->max_pending, (unsigned long long)n);
   }
   c->pending = true;
   c->prev = l->pending_tail;
   c->next = NULL;
   if (l->pending_tail)
      l->pending_tail->next = c;
   else
      l->pending_head = c;
   l->pending_tail = c;
   l->pending++;
   pthread_mutex_unlock(&l->lock);
}

static void
describe_addr(const struct sockaddr *sa, char *out, size_t size)
{
   char host[INET6_ADDRSTRLEN] = "?";
   unsigned port = 0;
   if (sa->sa_family == AF_INET) {
      const struct sockaddr_in *in = (const struct sockaddr_in *)sa;
      inet_ntop(AF_INET, &in->sin_addr, host, sizeof(host));
      port = ntohs(in->sin_port);
      snprintf(out, size, "%s:%u", host, port);
   } else if (sa->sa_family == AF_INET6) {
      const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;
      inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof(host));
      port = ntohs(in6->sin6_port);
      snprintf(out, size, "[%s]:%u", host, port);
   } else {
      snprintf(out, size, "?");
   }
}

/* The log sink of a session's thread: each line also goes to the client. */
static void
forward_line(void *ctx, enum mgu_log_level level, const char *line)
{
   struct mgs_tcp_conn *c = ctx;
   if (c->broken)
      return;
   if (mgt_stream_send_frame(c->fd, MGP_FRAME_LOG, 0, (uint32_t)level, line,
                             (uint32_t)strlen(line) + 1))
      c->broken = true;
}

static void
send_or_break(struct mgs_tcp_conn *c, uint16_t kind, uint32_t a, const void *body, uint32_t size)
{
   if (!c->broken && mgt_stream_send_frame(c->fd, kind, 0, a, body, size))
      c->broken = true;
}

/* The session's event sink: one EVENT frame, between the frames of this thread. */
static int
send_event(void *ctx, const struct mgp_event *ev)
{
   struct mgs_tcp_conn *c = ctx;
   send_or_break(c, MGP_FRAME_EVENT, 0, ev, sizeof(*ev));
   return 0; /* a broken connection ends the session where writes are checked */
}

/* Applies the session's frames until it ends. Returns true when the client said goodbye. */
static bool
serve_frames(struct mgs_tcp_conn *c, struct mgs_session *s)
{
   struct mgt_frame_buf buf = {0}, reply = {0}, coded = {0};
   uint64_t seq = 0;
   bool bye = false;
   mgs_session_set_event_sink(s, send_event, c);
   for (;;) {
      mgt_frame_buf_trim(&buf); /* a large frame's memory goes back once it is done */
      mgt_frame_buf_trim(&reply);
      mgt_frame_buf_trim(&coded);
      struct mgp_frame h;
      int rc = mgt_stream_read_frame_max(c->fd, &h, &buf, c->max_frame);
      if (rc == MGT_STREAM_EOF) {
         mgu_info("session %u: the client closed the connection", c->id);
         break;
      }
      if (rc == MGT_STREAM_IO) {
         mgu_warn("session %u: the connection failed (%s): the client is gone", c->id,
                  strerror(errno));
         c->broken = true;
         break;
      }
      if (rc == MGT_STREAM_BAD_SIZE && h.size % 8 == 0) {
         char detail[128];
         snprintf(detail, sizeof(detail), "frame-size %u over %llu (the stage size's bound)",
                  h.size, (unsigned long long)c->max_frame);
         mgs_session_fatal(s, MGU_FATAL_ProtocolCorruption, detail);
         break;
      }
      if (rc != MGT_STREAM_OK) {
         mgs_session_fatal(s, MGU_FATAL_ProtocolCorruption, mgt_stream_error_name(rc));
         break;
      }
      if (h.kind == MGP_FRAME_SYNC) {
         send_or_break(c, MGP_FRAME_SYNC_ACK, h.a, NULL, 0);
         continue;
      }
      if (h.kind == MGP_FRAME_BYE) {
         bye = true;
         break;
      }
      if (h.kind != MGP_FRAME_RECORD) {
         mgs_session_fatal(s, MGU_FATAL_ProtocolCorruption, "frame-kind");
         break;
      }
      seq++;
      const void *record;
      struct mgt_inline_area area;
      const char *bad = mgt_stream_split_record(buf.data, h.size, h.a, &record, &area);
      /* The body and its reply area together stay within the frame limit. */
      if (!bad)
         bad = mgt_stream_reply_area(&area, &reply, h.b, c->max_frame - h.size);
      if (bad) {
         mgs_session_fatal(s, MGU_FATAL_ProtocolCorruption, bad);
         break;
      }
      if (!mgs_session_apply(s, record, h.a, mgt_stream_resolve_inline, &area))
         break;
      if ((h.flags & MGP_FRAME_WANTS_REPLY) && !c->broken &&
          mgt_stream_send_reply(c->fd, (uint32_t)seq, &area, c->rle ? &coded : NULL))
         c->broken = true;
      if (c->broken) {
         mgu_warn("session %u: writing to the client failed: the client is gone", c->id);
         break;
      }
      struct mgp_record_header rh;
      memcpy(&rh, record, sizeof(rh));
      if (c->l->close_at_present && rh.call == MGP_CALL_present) {
         /* Test-only: the server drops the connection the way a network would. */
         mgu_warn("session %u: MGL_TEST_TCP_CLOSE_AT_PRESENT: closing the connection", c->id);
         shutdown(c->fd, SHUT_RDWR);
         c->broken = true;
         break;
      }
   }
   mgt_frame_buf_finish(&buf);
   mgt_frame_buf_finish(&reply);
   mgt_frame_buf_finish(&coded);
   return bye;
}

/* After the FATAL frame. The client may have sent records the server will never read, and a
 * socket closed with unread bytes is reset at once: the reset throws away what the send queue
 * still holds, the FATAL frame too while the client has not taken it (in flight, or behind a
 * full receive window), and the client sees only a lost connection. So the server ends its
 * side (a FIN after the FATAL) and reads and drops the client's bytes until the client closes,
 * for at most MGL_SERVER_FATAL_LINGER seconds and LINGER_MAX_BYTES, then closes. The session
 * and its slot are already gone: a lingering connection holds its thread and descriptor only. */
static void
linger_after_fatal(struct mgs_tcp_conn *c)
{
   double seconds;
   const int64_t deadline = mgt_io_deadline("MGL_SERVER_FATAL_LINGER", LINGER_DEFAULT, &seconds);
   if (shutdown(c->fd, SHUT_WR))
      return;
   uint64_t dropped;
   if (mgt_io_drain_by(c->fd, deadline, LINGER_MAX_BYTES, &dropped) && errno != ECONNRESET)
      mgu_info("session %u: after its Fatal the client did not close within %g s "
               "(MGL_SERVER_FATAL_LINGER) or %llu bytes (%s): closed; %llu bytes dropped",
               c->id, seconds, (unsigned long long)LINGER_MAX_BYTES, strerror(errno),
               (unsigned long long)dropped);
}

/* The bytes the process's malloc has handed out and not had back (glibc's mallinfo2: arena
 * chunks in use plus chunks mapped on their own), or -1 where the C library does not say. Not the
 * heap's size: malloc keeps memory freed for reuse, so the address space it holds (VmSize) grows
 * to the most that sessions held at once and stays there, while this grows only with what is
 * never freed. Logged as each session ends, so a leak per session shows as a rising count
 * (faults.tcp.session_memory). */
static long long
heap_in_use(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
   const struct mallinfo2 mi = mallinfo2();
   return (long long)(mi.uordblks + mi.hblkhd);
#else
   return -1;
#endif
}

static void *
conn_main(void *arg)
{
   struct mgs_tcp_conn *c = arg;
   struct mgs_tcp_listener *l = c->l;
   mgu_log_set_thread_role(MGU_ROLE_SERVER);
   bool counted = false; /* holds one of l->sessions */
   struct mgs_session *s = NULL;
   struct mgp_hello hello;
   double seconds;
   int64_t deadline = mgt_io_deadline("MGL_SERVER_HELLO_TIMEOUT", HELLO_TIMEOUT_DEFAULT, &seconds);
   int r = mgt_io_read_full_by(c->fd, &hello, sizeof(hello), deadline);
   int read_errno = errno;
   pthread_mutex_lock(&l->lock);
   bool evicted = c->evicted;
   if (c->pending)
      pending_unlink(l, c);
   uint64_t timed_out = r < 0 && read_errno == ETIMEDOUT && !evicted ? ++l->timed_out : 0;
   pthread_mutex_unlock(&l->lock);
   if (evicted)
      goto out; /* counted and logged where it was evicted */
   if (timed_out) {
      MGU_DECLINE(server_hello_timeout,
                  "a connection sent no hello within %g s (MGL_SERVER_HELLO_TIMEOUT): closed",
                  seconds);
      if (worth_a_line(timed_out))
         mgu_warn("connection from %s sent no hello within %g s (MGL_SERVER_HELLO_TIMEOUT): "
                  "closed; %llu so far",
                  c->peer, seconds, (unsigned long long)timed_out);
      goto out;
   }
   if (r != 1) {
      mgu_warn("connection from %s ended before its hello", c->peer);
      goto out;
   }
   char reason[240];
   uint32_t status = mgt_hello_check(&hello, MGP_HELLO_TCP, l->token, reason, sizeof(reason));
   if (status == MGP_WELCOME_OK && hello.stage_size > l->max_stage) {
      status = MGP_WELCOME_TOO_LARGE;
      snprintf(reason, sizeof(reason),
               "the client's stage (MGL_IPC_STAGE_SIZE) is %llu bytes; this server allows at most "
               "%llu (MGL_SERVER_MAX_STAGE)",
               (unsigned long long)hello.stage_size, (unsigned long long)l->max_stage);
   }
   const unsigned hung = status == MGP_WELCOME_OK ? mgs_hung_screens() : 0;
   if (hung >= l->max_hung) {
      /* Each hung device keeps its memory until its work ends, maybe never: past the cap no
       * new screen is made, and the sessions that run go on. */
      status = MGP_WELCOME_BUSY;
      snprintf(reason, sizeof(reason),
               "the server holds %u hung GPU devices, its maximum (MGL_SERVER_MAX_HUNG_SCREENS): "
               "it starts no session until one finishes its work",
               hung);
      MGU_DECLINE(server_hung_screens_full,
                  "a session was refused: %u hung devices are held (MGL_SERVER_MAX_HUNG_SCREENS)",
                  hung);
   }
   if (status == MGP_WELCOME_OK) {
      pthread_mutex_lock(&l->lock);
      uint64_t busy = 0;
      if (l->sessions >= l->max_sessions)
         busy = ++l->busy;
      else
         l->sessions++;
      pthread_mutex_unlock(&l->lock);
      counted = !busy;
      if (busy) {
         status = MGP_WELCOME_BUSY;
         snprintf(reason, sizeof(reason),
                  "the server is serving its maximum of %u sessions (mgl-server --max-sessions)",
                  l->max_sessions);
         MGU_DECLINE(server_sessions_full,
                     "a session was refused: %u sessions run (MGL_SERVER_MAX_SESSIONS)",
                     l->max_sessions);
         if (worth_a_line(busy))
            mgu_warn("%llu sessions refused so far: %u run (MGL_SERVER_MAX_SESSIONS)",
                     (unsigned long long)busy, l->max_sessions);
      }
   }
   if (status == MGP_WELCOME_OK) {
      char err[200] = "";
      s = l->backend ? mgs_session_create_on(l->backend, err, sizeof(err))
                     : mgs_session_create(hello.backend, err, sizeof(err));
      if (!s) {
         status = MGP_WELCOME_NO_BACKEND;
         snprintf(reason, sizeof(reason), "the server role did not start: %s", err);
      }
   }
   /* The welcome, and after an OK one the caps (no get_caps round trip for the client). */
   struct {
      struct mgp_welcome w;
      struct mgp_caps caps;
   } msg;
   mgt_welcome_init(&msg.w, status, reason);
   size_t size = sizeof(msg.w);
   if (status == MGP_WELCOME_OK) {
      mgs_session_get_caps(s, &msg.caps);
      msg.w.caps_size = sizeof(msg.caps);
      size = sizeof(msg);
   }
   if (mgt_io_write_full(c->fd, &msg, size) && status == MGP_WELCOME_OK) {
      mgu_warn("connection from %s ended during the handshake", c->peer);
      goto out;
   }
   if (status != MGP_WELCOME_OK) {
      mgu_error("refused a session from %s: %s", c->peer, reason);
      goto out;
   }
   c->max_frame = mgt_stream_frame_limit(hello.stage_size ? hello.stage_size : (32u << 20));
   c->rle = (hello.features & MGP_HELLO_FEATURE_RLE_REPLIES) != 0;

   c->id = atomic_fetch_add(&c->l->next_id, 1) + 1;
   /* Many sessions share this process's server.log and decline tally: each thread's lines
    * name its session, and each session counts and logs its own declines (so its client's
    * server.log gets its first hit even when another session hit the site before). */
   char tag[32];
   snprintf(tag, sizeof(tag), "session=%u", c->id);
   mgu_log_set_thread_tag(tag);
   if (!mgs_session_use_own_tally(s))
      mgu_warn("session %u: no memory for its own decline tally: the process's serves", c->id);
   uint32_t level = hello.log_level <= MGU_LOG_DEBUG ? hello.log_level : MGU_LOG_DEBUG;
   mgu_log_set_thread_sink(forward_line, c, (enum mgu_log_level)level);
   mgu_log_always("server session transport=tcp pid=%d peer=%s session=%u backend=%s",
                  (int)getpid(), c->peer, c->id, hello.backend);
   bool bye = serve_frames(c, s);
   int fatal = atomic_load(&s->fatal);
   if (fatal)
      send_or_break(c, MGP_FRAME_FATAL, (uint32_t)fatal, s->fatal_detail,
                    (uint32_t)strlen(s->fatal_detail) + 1);
   /* The tallies reach the client's server.log too, before BYE ends its wait. */
   mgs_session_print_tallies(s);
   if (bye)
      send_or_break(c, MGP_FRAME_BYE, 0, NULL, 0);
   mgu_log_set_thread_sink(NULL, NULL, MGU_LOG_ERROR);
   mgs_session_destroy(s);
   s = NULL;
   pthread_mutex_lock(&l->lock);
   unsigned left = --l->sessions;
   counted = false;
   pthread_mutex_unlock(&l->lock);
   /* Always logged: the count of sessions the server holds, for whoever watches it. */
   mgu_log_always("session %u from %s ended%s; sessions=%u; malloc in use %lld bytes", c->id,
                  c->peer, fatal ? " (failed)" : "", left, heap_in_use());
   if (fatal && !c->broken)
      linger_after_fatal(c);
   mgu_log_set_thread_tag(NULL);

out:
   mgs_session_destroy(s);
   if (counted) {
      pthread_mutex_lock(&l->lock);
      l->sessions--;
      pthread_mutex_unlock(&l->lock);
   }
   close(c->fd);
   free(c);
   return NULL;
}

/* A stranger of l's on fd (NULL, fd closed: no memory). */
static struct mgs_tcp_conn *
conn_new(struct mgs_tcp_listener *l, int fd, const char *peer)
{
   struct mgs_tcp_conn *c = calloc(1, sizeof(*c));
   if (!c) {
      close(fd);
      return NULL;
   }
   c->l = l;
   c->fd = fd;
   snprintf(c->peer, sizeof(c->peer), "%s", peer);
   pending_add(l, c);
   return c;
}

bool
mgs_tcp_serve_connection(struct mgs_tcp_listener *l, int fd, const char *peer)
{
   struct mgs_tcp_conn *c = conn_new(l, fd, peer);
   if (c)
      conn_main(c);
   return c != NULL;
}

void
mgs_tcp_listener_init(struct mgs_tcp_listener *l, const char *token)
{
   memset(l, 0, sizeof(*l));
   snprintf(l->token, sizeof(l->token), "%s", token ? token : "");
   l->max_pending = MAX_PENDING_DEFAULT;
   l->max_sessions = MAX_SESSIONS_DEFAULT;
   l->max_hung = MAX_HUNG_SCREENS_DEFAULT;
   l->max_stage = MAX_STAGE_DEFAULT;
   pthread_mutex_init(&l->lock, NULL);
}

/* A positive count from the environment, else def. false (with a message): not a count. */
static bool
count_setting(const char *name, unsigned def, unsigned *out)
{
   const char *v = getenv(name);
   *out = def;
   if (!v || !*v)
      return true;
   char *end;
   unsigned long n = strtoul(v, &end, 10);
   if (*end || n == 0 || n > 65536) {
      fprintf(stderr, "mgl-server: %s=%s: a count from 1 to 65536\n", name, v);
      return false;
   }
   *out = (unsigned)n;
   return true;
}

/* "[HOST:]PORT", "[V6ADDR]:PORT", or NULL (MGL_SERVER_PORT); the host defaults to loopback. */
static bool
parse_address(const char *address, char *host, size_t host_size, char *port, size_t port_size)
{
   snprintf(host, host_size, "127.0.0.1");
   if (!address || !*address)
      address = getenv("MGL_SERVER_PORT");
   if (!address || !*address)
      return false;
   if (!strchr(address, ':')) {
      snprintf(port, port_size, "%s", address);
      return true;
   }
   if (address[0] == ':') { /* ":PORT" */
      snprintf(port, port_size, "%s", address + 1);
      return port[0] != '\0';
   }
   return mgt_split_hostport(address, host, host_size, port, port_size) == 0;
}

static int
bind_listener(const char *host, const char *port, char *bound, size_t bound_size)
{
   struct addrinfo hints = {
      .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE};
   struct addrinfo *res = NULL;
   int gai = getaddrinfo(host, port, &hints, &res);
   if (gai) {
      fprintf(stderr, "mgl-server: cannot resolve %s:%s: %s\n", host, port, gai_strerror(gai));
      return -1;
   }
   int fd = -1, err = 0;
   for (struct addrinfo *ai = res; ai && fd < 0; ai = ai->ai_next) {
      fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
      if (fd < 0) {
         err = errno;
         continue;
      }
      int one = 1;
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
      if (bind(fd, ai->ai_addr, ai->ai_addrlen) < 0 || listen(fd, 64) < 0) {
         err = errno;
         close(fd);
         fd = -1;
      }
   }
   freeaddrinfo(res);
   if (fd < 0) {
      fprintf(stderr, "mgl-server: cannot listen on %s:%s: %s\n", host, port, strerror(err));
      return -1;
   }
   struct sockaddr_storage ss;
   socklen_t len = sizeof(ss);
   getsockname(fd, (struct sockaddr *)&ss, &len);
   describe_addr((struct sockaddr *)&ss, bound, bound_size);
   return fd;
}

int
mgs_serve_listen(const char *address)
{
   mgu_log_set_thread_role(MGU_ROLE_SERVER);
   mgs_sessions_remote = true; /* before any connection thread: no window here is theirs */
   char host[256], port[32];
   if (!parse_address(address, host, sizeof(host), port, sizeof(port))) {
      fprintf(stderr, "mgl-server: --listen needs [HOST:]PORT (or MGL_SERVER_PORT); got '%s'\n",
              address ? address : "");
      return 2;
   }
   static struct mgs_tcp_listener l; /* lives as long as the process: threads keep pointers to it */
   const char *token = getenv("MGL_SERVER_TOKEN");
   mgs_tcp_listener_init(&l, token);
   char why[128];
   if (mgt_token_check(token, why, sizeof(why))) {
      fprintf(stderr, "mgl-server: %s\n", why); /* cut short it would refuse every client */
      return 2;
   }
   if (!count_setting("MGL_SERVER_MAX_PENDING", MAX_PENDING_DEFAULT, &l.max_pending) ||
       !count_setting("MGL_SERVER_MAX_SESSIONS", MAX_SESSIONS_DEFAULT, &l.max_sessions) ||
       !count_setting("MGL_SERVER_MAX_HUNG_SCREENS", MAX_HUNG_SCREENS_DEFAULT, &l.max_hung))
      return 2;
   const char *ms = getenv("MGL_SERVER_MAX_STAGE");
   if (ms && *ms) {
      char *end;
      unsigned long long v = strtoull(ms, &end, 0);
      unsigned shift = *end == 'k' || *end == 'K' ? 10 : *end == 'm' || *end == 'M' ? 20 : 0;
      if (shift)
         end++;
      if (*end || !v || v > (MGP_FRAME_MAX_BODY >> shift)) {
         fprintf(stderr, "mgl-server: MGL_SERVER_MAX_STAGE=%s: a size up to %u bytes\n", ms,
                 MGP_FRAME_MAX_BODY);
         return 2;
      }
      l.max_stage = (uint64_t)v << shift;
   }
   /* Sessions here share one machine: each gets a memory cap unless one was set (the backend
    * reads it; an arm serving one program leaves it uncapped). */
   setenv("MGL_SERVER_SESSION_MEMORY", SESSION_MEMORY_DEFAULT, 0);
   if (!token || !*token) {
      unsigned char raw[16];
      if (getrandom(raw, sizeof(raw), 0) != (ssize_t)sizeof(raw)) {
         fprintf(stderr, "mgl-server: no MGL_SERVER_TOKEN and no randomness to make one\n");
         return 1;
      }
      for (unsigned i = 0; i < sizeof(raw); i++)
         snprintf(l.token + 2 * i, 3, "%02x", raw[i]);
      printf("mgl-server: MGL_SERVER_TOKEN is not set; clients must set "
             "MGL_SERVER_TOKEN=%s\n",
             l.token);
   }
   const char *close_at = getenv("MGL_TEST_TCP_CLOSE_AT_PRESENT");
   l.close_at_present = close_at && *close_at && strcmp(close_at, "0");

   char bound[128];
   int lfd = bind_listener(host, port, bound, sizeof(bound));
   if (lfd < 0)
      return 1;
   /* The caps bound the descriptors: each stranger holds one, each session a few. */
   struct rlimit nofile;
   if (!getrlimit(RLIMIT_NOFILE, &nofile) && nofile.rlim_cur != RLIM_INFINITY &&
       (uint64_t)l.max_pending + 4ull * l.max_sessions + 16 > nofile.rlim_cur)
      mgu_warn("MGL_SERVER_MAX_PENDING=%u and MGL_SERVER_MAX_SESSIONS=%u may need more "
               "descriptors than ulimit -n %llu gives",
               l.max_pending, l.max_sessions, (unsigned long long)nofile.rlim_cur);
   /* Tests read this line for the port the kernel picked (PORT 0). */
   printf("mgl-server: listening on %s pid=%d\n", bound, (int)getpid());
   fflush(stdout);
   mgu_log_always("mgl-server listening on %s pid=%d", bound, (int)getpid());

   for (;;) {
      struct sockaddr_storage ss;
      socklen_t len = sizeof(ss);
      int fd = accept4(lfd, (struct sockaddr *)&ss, &len, SOCK_CLOEXEC);
      if (fd < 0) {
         if (errno == EINTR || errno == ECONNABORTED)
            continue;
         mgu_error("accept failed: %s", strerror(errno));
         if (errno == EMFILE || errno == ENFILE || errno == ENOMEM || errno == ENOBUFS) {
            sleep(1); /* out of descriptors: give sessions a moment to end */
            continue;
         }
         close(lfd);
         return 1;
      }
      int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
      char peer[96];
      describe_addr((struct sockaddr *)&ss, peer, sizeof(peer));
      struct mgs_tcp_conn *c = conn_new(&l, fd, peer);
      if (!c)
         continue;
      pthread_t t;
      pthread_attr_t attr;
      pthread_attr_init(&attr);
      pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
      if (pthread_create(&t, &attr, conn_main, c)) {
         mgu_error("no thread for the connection from %s", c->peer);
         pthread_mutex_lock(&l.lock);
         if (c->pending)
            pending_unlink(&l, c);
         pthread_mutex_unlock(&l.lock);
         close(fd);
         free(c);
      }
      pthread_attr_destroy(&attr);
   }
}
