/* server_main.c — mgl-server: a thin main over libmgl-server.
 *
 *   mgl-server --probe [--backend NAME]   start a session, print what the backend reports
 *   mgl-server --listen [HOST:]PORT       serve tcp sessions (MGL_TRANSPORT=tcp://HOST:PORT)
 *   mgl-server --spawn-fd FD              serve one spawn session (started by libmgl itself)
 */
#include <dlfcn.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pipe_entry.h"

static void
usage(FILE *f)
{
   fprintf(f,
           "usage: mgl-server --listen [HOST:]PORT | --probe [--backend NAME] | --spawn-fd FD\n"
           "  --listen [HOST:]PORT  serve OpenGL programs that run with\n"
           "                        MGL_TRANSPORT=tcp://HOST:PORT; HOST defaults to 127.0.0.1,\n"
           "                        PORT to MGL_SERVER_PORT (0: any free port, printed).\n"
           "                        Clients must present MGL_SERVER_TOKEN (one is made up and\n"
           "                        printed when it is not set).\n"
           "  --max-sessions N      serve at most N sessions at once (MGL_SERVER_MAX_SESSIONS;\n"
           "                        default 32); one more is refused with a message\n"
           "  --probe               start a session on the backend, print its caps, exit\n"
           "  --backend NAME        renderer for --probe (vulkan or gles; default MGL_BACKEND or "
           "vulkan)\n"
           "  --spawn-fd FD         serve the spawn arm over socket FD (libmgl starts this itself\n"
           "                        for MGL_TRANSPORT=spawn)\n");
}

static const struct mgl_server_entry *
load_entry(void)
{
   char path[PATH_MAX];
   const char *lib_path = getenv("MGL_SERVER_LIB");
   if (!lib_path || !*lib_path) {
      /* Installed: beside this program; build tree: ../lib/ from bin/. */
      ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 64);
      if (n <= 0)
         return NULL;
      path[n] = 0;
      char *slash = strrchr(path, '/');
      size_t dir = (size_t)(slash + 1 - path);
      snprintf(path + dir, sizeof(path) - dir, "libmgl-server.so");
      if (access(path, R_OK) != 0)
         snprintf(path + dir, sizeof(path) - dir, "../lib/libmgl-server.so");
      lib_path = path;
   }
   void *lib = dlopen(lib_path, RTLD_NOW);
   if (!lib) {
      fprintf(stderr, "mgl-server: %s\n", dlerror());
      return NULL;
   }
   mgl_server_entry_fn fn = (mgl_server_entry_fn)dlsym(lib, MGL_SERVER_ENTRY_SYMBOL);
   const struct mgl_server_entry *e = fn ? fn() : NULL;
   if (!e || e->abi != MGL_SERVER_ENTRY_ABI) {
      fprintf(stderr, "mgl-server: %s is not a server role of ABI %u\n", lib_path,
              MGL_SERVER_ENTRY_ABI);
      return NULL;
   }
   return e;
}

static int
probe(const struct mgl_server_entry *e, const char *backend)
{
   char err[256] = "";
   struct mgs_session *s = e->session_create(backend ? backend : "vulkan", err, sizeof(err));
   if (!s) {
      fprintf(stderr, "mgl-server: %s\n", err);
      return 1;
   }
   struct mgp_caps caps;
   memset(&caps, 0, sizeof(caps));
   struct mgp_get_caps gc = {.out = {.ptr = &caps, .size = sizeof(caps)}};
   e->screen_vtbl(s)->get_caps(e->screen_self(s), &gc, NULL, 0);
   printf("backend: %s\nrenderer: %s\ndriver: %s\nmax_texture_size: %u\nmax_samples: %u\n",
          backend ? backend : "vulkan", (const char *)caps.renderer, (const char *)caps.driver,
          caps.max_texture_size, caps.max_samples);
   e->print_tallies(s);
   e->session_destroy(s);
   return 0;
}

int
main(int argc, char **argv)
{
   const char *backend = getenv("MGL_BACKEND");
   enum { NONE, PROBE, LISTEN, SPAWN } mode = NONE;
   const char *address = NULL;
   int spawn_fd = -1;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--probe")) {
         mode = PROBE;
      } else if (!strcmp(argv[i], "--listen")) {
         mode = LISTEN;
         if (i + 1 < argc && argv[i + 1][0] != '-')
            address = argv[++i];
      } else if (!strcmp(argv[i], "--spawn-fd") && i + 1 < argc) {
         mode = SPAWN;
         char *end;
         spawn_fd = (int)strtol(argv[++i], &end, 10);
         if (*end || spawn_fd < 0) {
            fprintf(stderr, "mgl-server: --spawn-fd needs a descriptor number\n");
            return 2;
         }
      } else if (!strcmp(argv[i], "--max-sessions") && i + 1 < argc) {
         setenv("MGL_SERVER_MAX_SESSIONS", argv[++i], 1); /* serve_listen reads it */
      } else if (!strcmp(argv[i], "--backend") && i + 1 < argc) {
         backend = argv[++i];
      } else if (!strcmp(argv[i], "--help")) {
         usage(stdout);
         return 0;
      } else {
         fprintf(stderr, "mgl-server: unknown option '%s'\n", argv[i]);
         usage(stderr);
         return 2;
      }
   }
   if (mode == NONE) {
      usage(stderr);
      return 2;
   }
   /* A peer that is gone is an error return from send, never a signal that ends us. */
   signal(SIGPIPE, SIG_IGN);
   const struct mgl_server_entry *e = load_entry();
   if (!e)
      return 1;
   switch (mode) {
   case PROBE: return probe(e, backend);
   case LISTEN: return e->serve_listen(address);
   case SPAWN: return e->serve_spawn(spawn_fd);
   default: return 2;
   }
}
