/* serve_tcp.c — `mgl-server --listen [HOST:]PORT`: the server end of the tcp arm.
 *
 * The listener binds loopback unless told otherwise and gives every connection a thread of its
 * own. A connection's first bytes are the hello: the token (MGL_SERVER_TOKEN) is checked before
 * anything else, and a missing or wrong one is refused with a message on both sides. An accepted
 * connection gets its own server session (its own backend screen and handle space); its records
 * arrive in frames (pipe_stream.h) and are applied in order, replies and sync acknowledgements
 * go back on the same socket, and the thread's log lines are forwarded to the client as LOG
 * frames. A bad frame or record fails that session alone: its Fatal is logged (here and, through
 * the forwarding, in the client's server.log), sent as a FATAL frame, and the connection closes;
 * every other session goes on. */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "log.h"
#include "pipe_stream.h"
#include "session.h"
#include "stream.h"

struct listener {
   char token[MGP_TOKEN_MAX];
   bool close_at_present; /* MGL_TEST_TCP_CLOSE_AT_PRESENT: test-only */
   atomic_uint next_id;
};

struct conn {
   struct listener *l;
   int fd;
   unsigned id;
   char peer[96];
   bool broken; /* a write failed: the client is gone, forward nothing more */
};

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
forward_line(void *ctx, enum mgl_log_level level, const char *line)
{
   struct conn *c = ctx;
   if (c->broken)
      return;
   if (mgt_stream_send_frame(c->fd, MGP_FRAME_LOG, 0, (uint32_t)level, line,
                             (uint32_t)strlen(line) + 1))
      c->broken = true;
}

static void
send_or_break(struct conn *c, uint16_t kind, uint32_t a, const void *body, uint32_t size)
{
   if (!c->broken && mgt_stream_send_frame(c->fd, kind, 0, a, body, size))
      c->broken = true;
}

/* The session's event sink: one EVENT frame, between the frames of this thread. */
static int
send_event(void *ctx, const struct mgp_event *ev)
{
   struct conn *c = ctx;
   send_or_break(c, MGP_FRAME_EVENT, 0, ev, sizeof(*ev));
   return 0; /* a broken connection ends the session where writes are checked */
}

/* Applies the session's frames until it ends. Returns true when the client said goodbye. */
static bool
serve_frames(struct conn *c, struct mgs_session *s)
{
   struct mgt_frame_buf buf = {0};
   uint64_t seq = 0;
   bool bye = false;
   mgs_session_set_event_sink(s, send_event, c);
   for (;;) {
      struct mgp_frame h;
      int rc = mgt_stream_read_frame(c->fd, &h, &buf);
      if (rc == MGT_STREAM_EOF) {
         mgl_info("session %u: the client closed the connection", c->id);
         break;
      }
      if (rc == MGT_STREAM_IO) {
         mgl_warn("session %u: the connection failed (%s): the client is gone", c->id,
                  strerror(errno));
         c->broken = true;
         break;
      }
      if (rc != MGT_STREAM_OK) {
         mgs_session_fatal(s, MGL_FATAL_ProtocolCorruption, mgt_stream_error_name(rc));
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
         mgs_session_fatal(s, MGL_FATAL_ProtocolCorruption, "frame-kind");
         break;
      }
      seq++;
      const void *record;
      struct mgt_inline_area area;
      const char *bad = mgt_stream_split_record(buf.data, h.size, h.a, &record, &area);
      if (bad) {
         mgs_session_fatal(s, MGL_FATAL_ProtocolCorruption, bad);
         break;
      }
      if (!mgs_session_apply(s, record, h.a, mgt_stream_resolve_inline, &area))
         break;
      if ((h.flags & MGP_FRAME_WANTS_REPLY) && !c->broken &&
          mgt_stream_send_reply(c->fd, (uint32_t)seq, &area))
         c->broken = true;
      if (c->broken) {
         mgl_warn("session %u: writing to the client failed: the client is gone", c->id);
         break;
      }
      struct mgp_record_header rh;
      memcpy(&rh, record, sizeof(rh));
      if (c->l->close_at_present && rh.call == MGP_CALL_present) {
         /* Test-only: the server drops the connection the way a network would. */
         mgl_warn("session %u: MGL_TEST_TCP_CLOSE_AT_PRESENT: closing the connection", c->id);
         shutdown(c->fd, SHUT_RDWR);
         c->broken = true;
         break;
      }
   }
   mgt_frame_buf_finish(&buf);
   return bye;
}

static void *
conn_main(void *arg)
{
   struct conn *c = arg;
   mgl_log_set_thread_role(MGL_ROLE_SERVER);
   struct mgp_hello hello;
   int r = mgt_io_read_full(c->fd, &hello, sizeof(hello));
   if (r != 1) {
      mgl_warn("connection from %s ended before its hello", c->peer);
      goto out;
   }
   char reason[240];
   uint32_t status = mgt_hello_check(&hello, MGP_HELLO_TCP, c->l->token, reason, sizeof(reason));
   struct mgs_session *s = NULL;
   if (status == MGP_WELCOME_OK) {
      char err[200] = "";
      s = mgs_session_create(hello.backend, err, sizeof(err));
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
      mgl_warn("connection from %s ended during the handshake", c->peer);
      mgs_session_destroy(s);
      goto out;
   }
   if (status != MGP_WELCOME_OK) {
      mgl_error("refused a session from %s: %s", c->peer, reason);
      goto out;
   }

   c->id = atomic_fetch_add(&c->l->next_id, 1) + 1;
   /* Many sessions share this process's server.log and decline tally: each thread's lines
    * name its session, and each session counts and logs its own declines (so its client's
    * server.log gets its first hit even when another session hit the site before). */
   char tag[32];
   snprintf(tag, sizeof(tag), "session=%u", c->id);
   mgl_log_set_thread_tag(tag);
   if (!mgs_session_use_own_tally(s))
      mgl_warn("session %u: no memory for its own decline tally: the process's serves", c->id);
   uint32_t level = hello.log_level <= MGL_LOG_DEBUG ? hello.log_level : MGL_LOG_DEBUG;
   mgl_log_set_thread_sink(forward_line, c, (enum mgl_log_level)level);
   mgl_log_always("server session transport=tcp pid=%d peer=%s session=%u backend=%s",
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
   mgl_log_set_thread_sink(NULL, NULL, MGL_LOG_ERROR);
   mgl_info("session %u from %s ended%s", c->id, c->peer, fatal ? " (failed)" : "");
   mgs_session_destroy(s);
   mgl_log_set_thread_tag(NULL);

out:
   close(c->fd);
   free(c);
   return NULL;
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
   struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                            .ai_flags = AI_PASSIVE};
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
   mgl_log_set_thread_role(MGL_ROLE_SERVER);
   char host[256], port[32];
   if (!parse_address(address, host, sizeof(host), port, sizeof(port))) {
      fprintf(stderr, "mgl-server: --listen needs [HOST:]PORT (or MGL_SERVER_PORT); got '%s'\n",
              address ? address : "");
      return 2;
   }
   static struct listener l; /* lives as long as the process: threads keep pointers to it */
   const char *token = getenv("MGL_SERVER_TOKEN");
   if (token && *token) {
      snprintf(l.token, sizeof(l.token), "%s", token);
   } else {
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
   /* Tests read this line for the port the kernel picked (PORT 0). */
   printf("mgl-server: listening on %s pid=%d\n", bound, (int)getpid());
   fflush(stdout);
   mgl_log_always("mgl-server listening on %s pid=%d", bound, (int)getpid());

   for (;;) {
      struct sockaddr_storage ss;
      socklen_t len = sizeof(ss);
      int fd = accept4(lfd, (struct sockaddr *)&ss, &len, SOCK_CLOEXEC);
      if (fd < 0) {
         if (errno == EINTR || errno == ECONNABORTED)
            continue;
         mgl_error("accept failed: %s", strerror(errno));
         if (errno == EMFILE || errno == ENFILE || errno == ENOMEM || errno == ENOBUFS) {
            sleep(1); /* out of descriptors: give sessions a moment to end */
            continue;
         }
         close(lfd);
         return 1;
      }
      int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
      struct conn *c = calloc(1, sizeof(*c));
      if (!c) {
         close(fd);
         continue;
      }
      c->l = &l;
      c->fd = fd;
      describe_addr((struct sockaddr *)&ss, c->peer, sizeof(c->peer));
      pthread_t t;
      pthread_attr_t attr;
      pthread_attr_init(&attr);
      pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
      if (pthread_create(&t, &attr, conn_main, c)) {
         mgl_error("no thread for the connection from %s", c->peer);
         close(fd);
         free(c);
      }
      pthread_attr_destroy(&attr);
   }
}
