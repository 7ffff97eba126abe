/* spawn_arm.c — start mgl-server as a child, hand it the segments, watch it (see spawn_arm.h). */
#include "spawn_arm.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "decline.h"
#include "log.h"
#include "pipe_codec.h"
#include "pipe_stream.h"
#include "stream.h"
#include "tcp.h"

extern char **environ;

bool
mgt_library_dir(char *out, size_t size)
{
   Dl_info info;
   if (!dladdr((void *)mgt_library_dir, &info) || !info.dli_fname)
      return false;
   /* The file's own folder, not the folder of the name it was loaded by: libGLX loads it as
    * libGLX_mgl.so.0, a link that may live elsewhere (mgl-run's folder, glvnd's). */
   char real[PATH_MAX];
   snprintf(out, size, "%s", realpath(info.dli_fname, real) ? real : info.dli_fname);
   char *slash = strrchr(out, '/');
   if (slash)
      slash[1] = '\0';
   else
      snprintf(out, size, "./");
   return true;
}

static bool
find_server(char *path, size_t size)
{
   const char *env = getenv("MGL_SERVER_PATH");
   if (env && *env) {
      snprintf(path, size, "%s", env);
      return access(path, X_OK) == 0;
   }
   char dir[4096];
   if (!mgt_library_dir(dir, sizeof(dir)))
      return false;
   /* Installed: beside libmgl.so. Build tree: lib/libmgl.so and bin/mgl-server. */
   static const char *const rel[] = {"mgl-server", "../bin/mgl-server"};
   for (unsigned i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
      if ((size_t)snprintf(path, size, "%s%s", dir, rel[i]) < size && access(path, X_OK) == 0)
         return true;
   }
   if ((size_t)snprintf(path, size, "%s%s", dir, rel[0]) >= size)
      path[0] = '\0';
   return false;
}

static void
describe_status(int status, char *out, size_t size)
{
   if (WIFEXITED(status))
      snprintf(out, size, "exited with status %d", WEXITSTATUS(status));
   else if (WIFSIGNALED(status))
      snprintf(out, size, "was killed by signal %d (%s)", WTERMSIG(status),
               strsignal(WTERMSIG(status)));
   else
      snprintf(out, size, "ended (wait status 0x%x)", status);
}

static int
reap(pid_t pid)
{
   int status = 0;
   while (waitpid(pid, &status, 0) < 0) {
      if (errno != EINTR)
         return -1; /* ECHILD: the app reaps its children itself */
   }
   return status;
}

/* Polls the socket for nothing but its end: POLLHUP comes when the server's end closes, which
 * the kernel does the moment the server process ends, however it ends. */
static void *
watch_main(void *arg)
{
   struct mgt_spawn *sp = arg;
   for (;;) {
      struct pollfd p = {.fd = sp->fd, .events = 0};
      int n = poll(&p, 1, -1);
      if (n < 0 && errno == EINTR)
         continue;
      if (n < 0 || (p.revents & (POLLHUP | POLLERR | POLLNVAL)))
         break;
   }
   /* The server keeps the reason it gave (its Fatal); otherwise it is gone. */
   mgt_ring_fail(sp->ring, MGU_FATAL_ServerGone);
   mgt_stage_set_failed(sp->stage);
   int status = reap(sp->pid);
   char how[128];
   if (status < 0)
      snprintf(how, sizeof(how), "ended (reaped elsewhere)");
   else
      describe_status(status, how, sizeof(how));
   if (!atomic_load(&sp->closing))
      mgu_error("mgl-server pid %u %s: the session is lost", sp->server_pid, how);
   else if (status <= 0)
      mgu_info("mgl-server pid %u %s", sp->server_pid, how);
   else
      mgu_warn("mgl-server pid %u %s after the session ended", sp->server_pid, how);
   return NULL;
}

static bool
handshake(struct mgt_spawn *sp, int ring_fd, int stage_fd, const char *backend,
          struct mgp_caps *caps, char *err, size_t err_size)
{
   struct mgp_hello hello;
   mgt_hello_init(&hello, MGP_HELLO_SPAWN, backend, NULL, (uint32_t)mgu_log_level());
   int fds[2] = {ring_fd, stage_fd};
   union {
      struct cmsghdr align;
      char buf[CMSG_SPACE(sizeof(fds))];
   } ctl;
   memset(&ctl, 0, sizeof(ctl));
   struct iovec iov = {&hello, sizeof(hello)};
   struct msghdr m = {
      .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf, .msg_controllen = sizeof(ctl.buf)};
   struct cmsghdr *cm = CMSG_FIRSTHDR(&m);
   cm->cmsg_level = SOL_SOCKET;
   cm->cmsg_type = SCM_RIGHTS;
   cm->cmsg_len = CMSG_LEN(sizeof(fds));
   memcpy(CMSG_DATA(cm), fds, sizeof(fds));
   ssize_t n;
   do
      n = sendmsg(sp->fd, &m, MSG_NOSIGNAL);
   while (n < 0 && errno == EINTR);
   if (n != (ssize_t)sizeof(hello)) {
      snprintf(err, err_size, "sending the hello to %s failed: %s", sp->path, strerror(errno));
      return false;
   }
   /* One message: the welcome and, when it is OK, the caps. */
   struct {
      struct mgp_welcome w;
      struct mgp_caps caps;
   } msg;
   /* A child that never answers (stopped, wedged in its driver) must not hold the program. */
   double seconds;
   int64_t deadline =
      mgt_io_deadline("MGL_HANDSHAKE_TIMEOUT", MGT_HANDSHAKE_TIMEOUT_DEFAULT, &seconds);
   for (;;) {
      struct timespec ts;
      clock_gettime(CLOCK_MONOTONIC, &ts);
      int64_t left = deadline - ((int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
      if (left <= 0) {
         snprintf(err, err_size, "%s sent no welcome within %g s (MGL_HANDSHAKE_TIMEOUT)", sp->path,
                  seconds);
         kill(sp->pid, SIGKILL); /* a stopped child would never end for the reap */
         return false;
      }
      struct pollfd p = {.fd = sp->fd, .events = POLLIN};
      if (poll(&p, 1, left > 60000 ? 60000 : (int)left) > 0)
         break;
   }
   do
      n = recv(sp->fd, &msg, sizeof(msg), 0);
   while (n < 0 && errno == EINTR);
   if (n == 0 || (n < 0 && errno == ECONNRESET)) {
      char how[128];
      int status = reap(sp->pid);
      sp->pid = 0;
      if (status < 0)
         snprintf(how, sizeof(how), "ended");
      else
         describe_status(status, how, sizeof(how));
      snprintf(err, err_size, "%s %s before it answered the handshake", sp->path, how);
      return false;
   }
   if (n < (ssize_t)sizeof(msg.w)) {
      snprintf(err, err_size, "%s answered the handshake with something else (%zd bytes)", sp->path,
               n);
      return false;
   }
   if (!mgt_welcome_check(&msg.w, sp->path, err, err_size))
      return false;
   if (n != (ssize_t)sizeof(msg)) {
      snprintf(err, err_size, "%s sent %zd bytes of caps, not %zu", sp->path,
               n - (ssize_t)sizeof(msg.w), sizeof(msg.caps));
      return false;
   }
   *caps = msg.caps;
   struct mgp_welcome w = msg.w;
   sp->server_pid = w.server_pid;
   return true;
}

bool
mgt_spawn_start(struct mgt_spawn *sp, struct mgt_ring *ring, struct mgt_stage *stage,
                const char *backend, struct mgp_caps *caps, char *err, size_t err_size)
{
   memset(sp, 0, sizeof(*sp));
   sp->fd = -1;
   sp->ring = ring;
   sp->stage = stage;
   if (!find_server(sp->path, sizeof(sp->path))) {
      snprintf(err, err_size,
               "cannot find mgl-server (looked for %s; set MGL_SERVER_PATH to the program)",
               sp->path);
      return false;
   }
   int sv[2];
   if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) {
      snprintf(err, err_size, "socketpair: %s", strerror(errno));
      return false;
   }
   sp->fd = sv[0];

   /* The child gets four descriptors and no others: stdin /dev/null, stdout and stderr the
    * app's stderr, and its end of the socketpair as descriptor 3 (a copy made in the child
    * only, so no other child of the app inherits it). Whatever else the app left open without
    * CLOEXEC is closed in the child before the exec. Signals start from the defaults. */
   enum { CHILD_FD = 3 };
   char fd_arg[16];
   snprintf(fd_arg, sizeof(fd_arg), "%d", (int)CHILD_FD);
   char *argv[] = {sp->path, "--spawn-fd", fd_arg, NULL};
   posix_spawn_file_actions_t fa;
   posix_spawnattr_t attr;
   posix_spawn_file_actions_init(&fa);
   posix_spawn_file_actions_adddup2(&fa, sv[1], CHILD_FD);
   posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
   posix_spawn_file_actions_adddup2(&fa, 2, 1);
   posix_spawn_file_actions_addclosefrom_np(&fa, CHILD_FD + 1);
   posix_spawnattr_init(&attr);
   sigset_t none, all;
   sigemptyset(&none);
   sigfillset(&all);
   posix_spawnattr_setsigmask(&attr, &none);
   posix_spawnattr_setsigdefault(&attr, &all);
   posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
   /* The server gets the app's environment less the app's glvnd EGL vendor choice: that names
    * the app's EGL (mgl), not the server's, and NVIDIA's Vulkan driver refuses to start
    * (VK_ERROR_INCOMPATIBLE_DRIVER) when it hides NVIDIA's own EGL vendor. */
   size_t n_env = 0;
   while (environ[n_env])
      n_env++;
   char **envp = calloc(n_env + 1, sizeof(*envp));
   if (!envp) {
      posix_spawnattr_destroy(&attr);
      posix_spawn_file_actions_destroy(&fa);
      close(sv[1]);
      snprintf(err, err_size, "out of memory");
      goto fail;
   }
   size_t kept = 0;
   for (size_t i = 0; i < n_env; i++) {
      if (!strncmp(environ[i], "__EGL_VENDOR_LIBRARY_FILENAMES=", 31) ||
          !strncmp(environ[i], "__EGL_VENDOR_LIBRARY_DIRS=", 26))
         continue;
      envp[kept++] = environ[i];
   }
   int rc = posix_spawn(&sp->pid, sp->path, &fa, &attr, argv, envp);
   free(envp);
   posix_spawnattr_destroy(&attr);
   posix_spawn_file_actions_destroy(&fa);
   close(sv[1]);
   if (rc) {
      sp->pid = 0;
      snprintf(err, err_size, "cannot start %s: %s", sp->path, strerror(rc));
      goto fail;
   }
   if (!handshake(sp, ring->fd, stage->fd, backend, caps, err, err_size))
      goto fail;

   mgt_doorbell_init_socket(&sp->doorbell, sp->fd);
   mgt_ring_set_doorbell(ring, &sp->doorbell);
   mgt_stage_set_doorbell(stage, &sp->doorbell);
   if (pthread_create(&sp->watcher, NULL, watch_main, sp)) {
      snprintf(err, err_size, "cannot start the watcher thread");
      mgt_ring_set_doorbell(ring, NULL);
      mgt_stage_set_doorbell(stage, NULL);
      goto fail;
   }
   sp->watching = true;
   return true;

fail:
   if (sp->pid > 0) {
      /* Closing our end ends a server that is waiting for us; then it is reaped. */
      shutdown(sp->fd, SHUT_RDWR);
      reap(sp->pid);
      sp->pid = 0;
   }
   close(sp->fd);
   sp->fd = -1;
   return false;
}

void
mgt_spawn_finish(struct mgt_spawn *sp)
{
   if (!sp || !sp->ring || sp->fd < 0)
      return;
   atomic_store(&sp->closing, true);
   if (sp->watching) {
      /* The caller failed the ring: the server's loop ends, it prints its tallies and exits,
       * and its end hangs up; the watcher reaps it. A stopped server is waited for. */
      pthread_join(sp->watcher, NULL);
      sp->watching = false;
   }
   mgt_ring_set_doorbell(sp->ring, NULL);
   mgt_stage_set_doorbell(sp->stage, NULL);
   close(sp->fd);
   sp->fd = -1;
}
