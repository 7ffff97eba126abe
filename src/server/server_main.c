/* server_main.c — mgl-server: a thin main over libmgl-server. This build has the in-process
 * arms only; `--probe` starts a session on a backend and prints what it reports, which is how
 * a user checks that the renderer works on a machine. */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pipe_entry.h"

static void
usage(FILE *f)
{
   fprintf(f, "usage: mgl-server --probe [--backend NAME]\n"
              "  --probe          start a session on the backend, print its caps, exit\n"
              "  --backend NAME   renderer to use (vulkan; default MGL_BACKEND or vulkan)\n"
              "The spawn and tcp arms (a server in its own process) come in a later version.\n");
}

int
main(int argc, char **argv)
{
   const char *backend = getenv("MGL_BACKEND");
   int probe = 0;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--probe")) {
         probe = 1;
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
   if (!probe) {
      usage(stderr);
      return 2;
   }
   char path[PATH_MAX];
   ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 64);
   if (n <= 0)
      return 1;
   path[n] = 0;
   char *slash = strrchr(path, '/');
   snprintf(slash + 1, sizeof(path) - (size_t)(slash + 1 - path), "../lib/libmgl-server.so");
   const char *lib_path = getenv("MGL_SERVER_LIB") ? getenv("MGL_SERVER_LIB") : path;
   void *lib = dlopen(lib_path, RTLD_NOW);
   if (!lib) {
      fprintf(stderr, "mgl-server: %s\n", dlerror());
      return 1;
   }
   mgl_server_entry_fn fn = (mgl_server_entry_fn)dlsym(lib, MGL_SERVER_ENTRY_SYMBOL);
   const struct mgl_server_entry *e = fn ? fn() : NULL;
   if (!e || e->abi != MGL_SERVER_ENTRY_ABI) {
      fprintf(stderr, "mgl-server: %s is not a server role of ABI %u\n", lib_path,
              MGL_SERVER_ENTRY_ABI);
      return 1;
   }
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
