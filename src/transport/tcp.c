/* tcp.c — connect to mgl-server and do the handshake (see tcp.h). */
#include "tcp.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "stream.h"

int
mgt_tcp_connect(const char *hostport, const char *backend, const char *token,
                uint32_t log_level, uint64_t stage_size, struct mgp_welcome *w,
                struct mgp_caps *caps, char *err, size_t err_size)
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
   int fd = -1, last_errno = 0;
   for (struct addrinfo *ai = res; ai && fd < 0; ai = ai->ai_next) {
      fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
      if (fd < 0) {
         last_errno = errno;
         continue;
      }
      int rc;
      do
         rc = connect(fd, ai->ai_addr, ai->ai_addrlen);
      while (rc < 0 && errno == EINTR);
      if (rc < 0) {
         last_errno = errno;
         close(fd);
         fd = -1;
      }
   }
   freeaddrinfo(res);
   if (fd < 0) {
      snprintf(err, err_size, "cannot connect to mgl-server at %s: %s", hostport,
               strerror(last_errno));
      return -1;
   }
   int one = 1;
   setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));

   if (!token || !*token)
      token = "";
   struct mgp_hello hello;
   mgt_hello_init(&hello, MGP_HELLO_TCP, backend, token, log_level);
   hello.stage_size = stage_size;
   if (mgt_io_write_full(fd, &hello, sizeof(hello))) {
      snprintf(err, err_size, "sending the hello to %s failed: %s", hostport, strerror(errno));
      goto fail;
   }
   /* A peer that accepts and never answers must not hold the program: the welcome and the
    * caps come within the deadline, or the session is not made. */
   double seconds;
   int64_t deadline =
      mgt_io_deadline("MGL_HANDSHAKE_TIMEOUT", MGT_HANDSHAKE_TIMEOUT_DEFAULT, &seconds);
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
