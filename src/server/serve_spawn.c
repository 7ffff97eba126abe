/* serve_spawn.c — `mgl-server --spawn-fd FD`: the server end of the spawn arm. The client
 * started this process with one end of a socketpair; the hello brings the ring and stage memfds
 * by SCM_RIGHTS, the welcome answers, and then the ring applier (apply.h, the same code as the
 * inproc thread) serves the one session with the socket as the doorbell. The process ends with
 * the session: after the client fails the ring (it is done), after a Fatal (its number is in
 * the ring's failed word for the client), or when the client hangs up. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "apply.h"
#include "log.h"
#include "pipe_stream.h"
#include "session.h"
#include "stream.h"

/* Receives the hello and up to two fds. Returns the number of fds received (-1: no hello). */
static int
recv_hello(int fd, struct mgp_hello *h, int fds[2])
{
   union {
      struct cmsghdr align;
      char buf[CMSG_SPACE(2 * sizeof(int))];
   } ctl;
   struct iovec iov = {h, sizeof(*h)};
   struct msghdr m = {
      .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf, .msg_controllen = sizeof(ctl.buf)};
   ssize_t n;
   do
      n = recvmsg(fd, &m, MSG_CMSG_CLOEXEC);
   while (n < 0 && errno == EINTR);
   int count = 0;
   for (struct cmsghdr *cm = CMSG_FIRSTHDR(&m); cm; cm = CMSG_NXTHDR(&m, cm)) {
      if (cm->cmsg_level != SOL_SOCKET || cm->cmsg_type != SCM_RIGHTS)
         continue;
      size_t k = (cm->cmsg_len - CMSG_LEN(0)) / sizeof(int);
      for (size_t i = 0; i < k; i++) {
         int got;
         memcpy(&got, CMSG_DATA(cm) + i * sizeof(int), sizeof(int));
         if (count < 2)
            fds[count++] = got;
         else
            close(got); /* more than asked for: not ours to keep */
      }
   }
   if (n != (ssize_t)sizeof(*h) || (m.msg_flags & MSG_CTRUNC))
      return -1 - count; /* the caller closes what came */
   return count;
}

/* The welcome, and when it is OK the caps in the same message. */
static void
answer(int fd, uint32_t status, const char *reason, struct mgs_session *s)
{
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
   ssize_t n;
   do
      n = send(fd, &msg, size, MSG_NOSIGNAL);
   while (n < 0 && errno == EINTR);
   if (status != MGP_WELCOME_OK)
      mgu_error("refused the spawn session: %s", reason);
}

int
mgs_serve_spawn(int fd)
{
   mgu_log_set_thread_role(MGU_ROLE_SERVER);
   struct ucred peer = {0};
   socklen_t len = sizeof(peer);
   getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &len);

   struct mgp_hello hello;
   int fds[2] = {-1, -1};
   int got = recv_hello(fd, &hello, fds);
   int nfds = got < 0 ? -1 - got : got;
   char reason[240];
   uint32_t status = got < 0
                        ? MGP_WELCOME_BAD_HELLO
                        : mgt_hello_check(&hello, MGP_HELLO_SPAWN, NULL, reason, sizeof(reason));
   if (got < 0)
      snprintf(reason, sizeof(reason), "not an mgl client (bad hello)");
   else if (status == MGP_WELCOME_OK && nfds != 2) {
      status = MGP_WELCOME_BAD_SEGMENTS;
      snprintf(reason, sizeof(reason), "the hello brought %d memfds, not 2", nfds);
   }
   struct mgs_session *s = NULL;
   struct mgs_ring_applier applier;
   bool attached = false;
   if (status == MGP_WELCOME_OK) {
      char err[200] = "";
      s = mgs_session_create(hello.backend, err, sizeof(err));
      if (!s) {
         status = MGP_WELCOME_NO_BACKEND;
         snprintf(reason, sizeof(reason), "the server role did not start: %s", err);
      }
   }
   if (status == MGP_WELCOME_OK) {
      attached = mgs_ring_applier_attach(&applier, s, fds[0], fds[1]);
      if (!attached) {
         status = MGP_WELCOME_BAD_SEGMENTS;
         snprintf(reason, sizeof(reason), "the ring or stage memfd does not map");
      }
   }
   for (int i = 0; i < nfds; i++)
      close(fds[i]); /* mapped (or refused): the mappings keep the memory */
   answer(fd, status, reason, s);
   if (status != MGP_WELCOME_OK) {
      mgs_session_destroy(s);
      close(fd);
      return 1;
   }

   mgu_log_always("server session transport=spawn pid=%d peer=%d backend=%s", (int)getpid(),
                  (int)peer.pid, hello.backend);
   /* The app's glvnd EGL choice is not the server's: NVIDIA's Vulkan driver refuses to start
    * (VK_ERROR_INCOMPATIBLE_DRIVER) when __EGL_VENDOR_LIBRARY_FILENAMES hides its EGL vendor. */
   if (getenv("__EGL_VENDOR_LIBRARY_FILENAMES"))
      mgu_warn("server environment: the app's __EGL_VENDOR_LIBRARY_FILENAMES reached the server "
               "(env-leak)");
   struct mgt_doorbell db;
   mgt_doorbell_init_socket(&db, fd);
   mgt_ring_set_doorbell(&applier.ring, &db);
   mgt_stage_set_doorbell(&applier.stage, &db);
   enum mgs_apply_end end = mgs_ring_applier_run(&applier);
   if (end == MGS_APPLY_CLIENT_GONE)
      mgu_warn("the client (pid %d) hung up: the session ends", (int)peer.pid);
   mgs_session_print_tallies(s);
   mgs_ring_applier_detach(&applier);
   mgs_session_destroy(s);
   close(fd); /* the client's watcher sees the hang-up and reaps this process */
   return end == MGS_APPLY_FATAL ? 3 : 0;
}
