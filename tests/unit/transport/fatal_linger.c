/* fatal_linger.c MODE — a hand-made tcp client (MGL_TRANSPORT=tcp://HOST:PORT, the token from
 * MGL_SERVER_TOKEN) that makes the server fail its session while the client's later bytes lie
 * unread in the server's socket, and checks what the client receives.
 *
 * A socket closed with unread bytes is reset (RST) at once, and the reset throws away what the
 * closer's send queue still holds. On loopback a frame the server sends goes straight into the
 * client's receive buffer, so the loss needs a client that cannot take it yet: here the client
 * receive buffer is small (SO_RCVBUF before connect) and filled by the answers to 512 SYNC frames
 * the client does not read, so the FATAL frame waits in the server's send queue, as it does on a
 * real network while it is in flight.
 *
 *   kind     a frame of an unknown kind after the SYNCs, then 64 KiB more frames the server never
 *            reads. The client waits (without reading) until the connection is reset or
 *            FATAL_LINGER_WAIT_MS pass, then reads: it must find the FATAL frame,
 *            Fatal{ProtocolCorruption, "frame-kind"}, then the end of the stream.
 *   size     the same with a frame header whose size is over the frame limit (the server reads
 *            none of its body): Fatal{ProtocolCorruption, "frame-size ..."}.
 *   flood    the unknown kind, then writes without end and never reads: the server must end the
 *            connection within FLOOD_MAX_SECONDS (its linger is bounded in bytes).
 *   trickle  the same, 16 bytes every 20 ms: bounded by the linger's time. */
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "decline.h"
#include "log.h"
#include "pipe_stream.h"
#include "ring_test_util.h"
#include "stream.h"

#define SYNCS 512
#define WAIT_MS 3000 /* the server's linger in the test is longer (MGL_SERVER_FATAL_LINGER) */
#define FLOOD_MAX_SECONDS 20

static int
connect_small_rcvbuf(void)
{
   const char *t = getenv("MGL_TRANSPORT");
   CHECK(t && !strncmp(t, "tcp://", 6), "MGL_TRANSPORT=tcp://HOST:PORT expected");
   char host[256], port[32];
   CHECK(!mgt_split_hostport(t + 6, host, sizeof(host), port, sizeof(port)), "bad %s", t);
   struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *res;
   CHECK(!getaddrinfo(host, port, &hints, &res), "cannot resolve %s", t);
   int fd = socket(res->ai_family, res->ai_socktype, 0);
   CHECK(fd >= 0, "socket: %s", strerror(errno));
   /* Before connect, so the window the client offers is small from the start. */
   int rcv = 4096;
   CHECK(!setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcv, sizeof(rcv)), "SO_RCVBUF");
   CHECK(!connect(fd, res->ai_addr, res->ai_addrlen), "connect %s: %s", t, strerror(errno));
   freeaddrinfo(res);

   struct mgp_hello hello;
   mgt_hello_init(&hello, MGP_HELLO_TCP, "vulkan", getenv("MGL_SERVER_TOKEN"), MGU_LOG_ERROR);
   const char *be = getenv("MGL_BACKEND");
   if (be && *be)
      snprintf(hello.backend, sizeof(hello.backend), "%s", be);
   CHECK(!mgt_io_write_full(fd, &hello, sizeof(hello)), "hello: %s", strerror(errno));
   struct mgp_welcome w;
   struct mgp_caps caps;
   char err[300];
   CHECK(mgt_io_read_full(fd, &w, sizeof(w)) == 1, "no welcome");
   CHECK(mgt_welcome_check(&w, t, err, sizeof(err)), "%s", err);
   CHECK(mgt_io_read_full(fd, &caps, sizeof(caps)) == 1, "no caps");
   return fd;
}

/* SYNC frames numbered from 1, then the bad frame, in one write. */
static void
send_syncs_and_bad_frame(int fd, const char *mode)
{
   static struct mgp_frame f[SYNCS + 1];
   for (uint32_t i = 0; i < SYNCS; i++)
      f[i] = (struct mgp_frame){.kind = MGP_FRAME_SYNC, .a = i + 1};
   if (!strcmp(mode, "size"))
      f[SYNCS] = (struct mgp_frame){.kind = MGP_FRAME_RECORD, .size = MGP_FRAME_MAX_BODY};
   else
      f[SYNCS] = (struct mgp_frame){.kind = 0x7777};
   CHECK(!mgt_io_write_full(fd, f, sizeof(f)), "write: %s", strerror(errno));
}

/* Up to 64 KiB of SYNC frames, as far as the server's buffers take them without a wait. */
static size_t
send_unread(int fd)
{
   static struct mgp_frame f[4096];
   for (uint32_t i = 0; i < 4096; i++)
      f[i] = (struct mgp_frame){.kind = MGP_FRAME_SYNC, .a = SYNCS + 1 + i};
   size_t sent = 0;
   while (sent < sizeof(f)) {
      ssize_t w = send(fd, (uint8_t *)f + sent, sizeof(f) - sent, MSG_DONTWAIT | MSG_NOSIGNAL);
      if (w <= 0)
         break;
      sent += (size_t)w;
   }
   return sent;
}

static int
late_reader(const char *mode)
{
   int fd = connect_small_rcvbuf();
   send_syncs_and_bad_frame(fd, mode);
   size_t unread = send_unread(fd);
   CHECK(unread > 0, "the server took none of the bytes after the bad frame");
   /* Wait, reading nothing, until the server's end is reset (POLLERR) or the time passes. */
   const double t0 = now_s();
   struct pollfd p = {fd, POLLRDHUP, 0};
   int pr = poll(&p, 1, WAIT_MS);
   printf("%s: sent %zu bytes after the bad frame; after %.2f s: %s%s\n", mode, unread,
          now_s() - t0,
          pr == 0                 ? "nothing"
          : (p.revents & POLLERR) ? "reset "
                                  : "",
          pr > 0 && (p.revents & POLLRDHUP) ? "hung up" : "");

   /* Now read all that arrived: SYNC_ACKs, LOG frames, and the FATAL. */
   struct mgt_frame_buf buf = {0};
   uint32_t acks = 0, fatal = 0;
   char detail[256] = "";
   int rc;
   for (;;) {
      struct mgp_frame h;
      rc = mgt_stream_read_frame(fd, &h, &buf);
      if (rc != MGT_STREAM_OK)
         break;
      if (h.kind == MGP_FRAME_SYNC_ACK)
         acks++;
      if (h.kind == MGP_FRAME_FATAL) {
         fatal = h.a;
         size_t n = h.size < sizeof(detail) - 1 ? h.size : sizeof(detail) - 1;
         memcpy(detail, buf.data, n);
         detail[n] = '\0';
      }
   }
   const char *end = rc == MGT_STREAM_EOF ? "end of stream" : strerror(errno);
   printf("%s: read %u SYNC_ACKs, FATAL %u \"%s\", then %s\n", mode, acks, fatal, detail, end);
   mgt_frame_buf_finish(&buf);
   close(fd);
   CHECK(fatal == MGU_FATAL_ProtocolCorruption,
         "no Fatal{ProtocolCorruption} frame reached the client (the stream ended: %s)", end);
   CHECK(!strncmp(detail, !strcmp(mode, "size") ? "frame-size" : "frame-kind", 10),
         "the Fatal says \"%s\"", detail);
   CHECK(acks == SYNCS, "%u SYNC_ACKs of %u", acks, SYNCS);
   CHECK(rc == MGT_STREAM_EOF, "the stream ended by %s, not by the server's end of stream", end);
   return 0;
}

static int
flood(bool trickle)
{
   int fd = connect_small_rcvbuf();
   send_syncs_and_bad_frame(fd, "kind");
   static struct mgp_frame f[4096];
   for (uint32_t i = 0; i < 4096; i++)
      f[i] = (struct mgp_frame){.kind = MGP_FRAME_SYNC, .a = i};
   const double t0 = now_s();
   unsigned long long sent = 0;
   while (now_s() - t0 < FLOOD_MAX_SECONDS) {
      if (trickle)
         nanosleep(&(struct timespec){0, 20 * 1000000L}, NULL);
      ssize_t w = send(fd, f, trickle ? 16 : sizeof(f), MSG_NOSIGNAL);
      if (w < 0 && errno == EINTR)
         continue;
      if (w < 0)
         break;
      sent += (unsigned long long)w;
   }
   const double took = now_s() - t0;
   printf("%s: %llu bytes in %.2f s, then %s\n", trickle ? "trickle" : "flood", sent, took,
          strerror(errno));
   close(fd);
   CHECK(took < FLOOD_MAX_SECONDS, "the server still took bytes after %d s", FLOOD_MAX_SECONDS);
   return 0;
}

int
main(int argc, char **argv)
{
   watchdog_start(120);
   CHECK(argc == 2, "usage: fatal_linger kind|size|flood|trickle");
   if (!strcmp(argv[1], "flood") || !strcmp(argv[1], "trickle"))
      return flood(!strcmp(argv[1], "trickle"));
   CHECK(!strcmp(argv[1], "kind") || !strcmp(argv[1], "size"), "unknown mode %s", argv[1]);
   return late_reader(argv[1]);
}
