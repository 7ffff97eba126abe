/* tcp.c — connect to mgl-server and do the handshake (see tcp.h). */
#include "tcp.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "stream.h"

/* A non-blocking connect on fd, finished by deadline_ms (CLOCK_MONOTONIC, as
 * mgt_io_deadline). Returns 0, or the errno that ended it (ETIMEDOUT at the deadline). */
static int
connect_by(int fd, const struct sockaddr *addr, socklen_t len, int64_t deadline_ms)
{
   if (connect(fd, addr, len) == 0)
      return 0;
   if (errno != EINPROGRESS && errno != EINTR)
      return errno;
   for (;;) {
      struct timespec ts;
      clock_gettime(CLOCK_MONOTONIC, &ts);
      const int64_t left = deadline_ms - ((int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
      if (left <= 0)
         return ETIMEDOUT;
      struct pollfd p = {.fd = fd, .events = POLLOUT};
      int n = poll(&p, 1, left > 60000 ? 60000 : (int)left);
      if (n < 0 && errno != EINTR)
         return errno;
      if (n > 0)
         break;
   }
   int so_error = 0;
   socklen_t sl = sizeof(so_error);
   if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &so_error, &sl) < 0)
      return errno;
   return so_error;
}

int
mgt_tcp_connect(const char *hostport, const char *backend, const char *token, uint32_t log_level,
                uint64_t stage_size, struct mgp_welcome *w, struct mgp_caps *caps, char *err,
                size_t err_size)
{
   char host[256], port[32];
   if (mgt_token_check(token, err, err_size))
      return -1; /* cut short, it would be refused as wrong: say what is wrong with it */
   if (mgt_split_hostport(hostport, host, sizeof(host), port, sizeof(port))) {
      snprintf(err, err_size, "MGL_TRANSPORT=tcp://%s: expected tcp://HOST:PORT", hostport);
      return -1;
   }
   struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM};
   struct addrinfo *res = NULL;
   int gai = getaddrinfo(host, port, &hints, &res);
   if (gai) {
      snprintf(err, err_size, "cannot resolve %s: %s", hostport, gai_strerror(gai));
      return -1;
   }
   /* One deadline for the whole handshake, the connect included: a peer that never answers
    * the SYN (an address that drops it, a listener whose backlog is full) would otherwise hold
    * the program for the kernel's retries, minutes. */
   double seconds;
   int64_t deadline =
      mgt_io_deadline("MGL_HANDSHAKE_TIMEOUT", MGT_HANDSHAKE_TIMEOUT_DEFAULT, &seconds);
   int fd = -1, last_errno = 0;
   bool timed_out = false;
   for (struct addrinfo *ai = res; ai && fd < 0 && !timed_out; ai = ai->ai_next) {
      fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
      if (fd < 0) {
         last_errno = errno;
         continue;
      }
      int rc = connect_by(fd, ai->ai_addr, ai->ai_addrlen, deadline);
      if (rc) {
         last_errno = rc;
         timed_out = rc == ETIMEDOUT;
         close(fd);
         fd = -1;
      }
   }
   freeaddrinfo(res);
   if (fd < 0 && timed_out) {
      snprintf(err, err_size,
               "cannot connect to mgl-server at %s: no answer to the connection within %g s "
               "(MGL_HANDSHAKE_TIMEOUT): the address drops it, or the server accepts no more",
               hostport, seconds);
      return -1;
   }
   if (fd < 0) {
      snprintf(err, err_size, "cannot connect to mgl-server at %s: %s", hostport,
               strerror(last_errno));
      return -1;
   }
   /* The stream's reads and writes block (they poll with deadlines where they must). */
   int flags = fcntl(fd, F_GETFL);
   if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
      snprintf(err, err_size, "cannot connect to mgl-server at %s: fcntl: %s", hostport,
               strerror(errno));
      goto fail;
   }
   int one = 1;
   setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));

   if (!token || !*token)
      token = "";
   struct mgp_hello hello;
   mgt_hello_init(&hello, MGP_HELLO_TCP, backend, token, log_level);
   hello.stage_size = stage_size;
   /* MGL_TCP_COMPRESS=0: every reply comes back as it is (to compare; pipe_stream.h) */
   const char *compress = getenv("MGL_TCP_COMPRESS");
   if (!compress || strcmp(compress, "0") != 0)
      hello.features |= MGP_HELLO_FEATURE_RLE_REPLIES;
   if (mgt_io_write_full(fd, &hello, sizeof(hello))) {
      snprintf(err, err_size, "sending the hello to %s failed: %s", hostport, strerror(errno));
      goto fail;
   }
   /* A peer that accepts and never answers must not hold the program: the welcome and the
    * caps come within the deadline, or the session is not made. */
   int r = mgt_io_read_full_by(fd, w, sizeof(*w), deadline);
   if (r < 0 && errno == ETIMEDOUT) {
      snprintf(err, err_size,
               "%s accepted the connection but sent no welcome within %g s "
               "(MGL_HANDSHAKE_TIMEOUT): not an mgl-server, or one that does not answer",
               hostport, seconds);
      goto fail;
   }
   if (r != 1) {
      snprintf(err, err_size, "mgl-server at %s closed the connection during the handshake%s%s",
               hostport, r < 0 ? ": " : "", r < 0 ? strerror(errno) : "");
      goto fail;
   }
   w->reason[sizeof(w->reason) - 1] = '\0';
   char server[300];
   snprintf(server, sizeof(server), "mgl-server at %s", hostport);
   if (!mgt_welcome_check(w, server, err, err_size))
      goto fail;
   r = mgt_io_read_full_by(fd, caps, sizeof(*caps), deadline);
   if (r < 0 && errno == ETIMEDOUT) {
      snprintf(err, err_size, "mgl-server at %s sent no caps within %g s (MGL_HANDSHAKE_TIMEOUT)",
               hostport, seconds);
      goto fail;
   }
   if (r != 1) {
      snprintf(err, err_size, "mgl-server at %s closed the connection before its caps%s%s",
               hostport, r < 0 ? ": " : "", r < 0 ? strerror(errno) : "");
      goto fail;
   }
   return fd;

fail:
   close(fd);
   return -1;
}
