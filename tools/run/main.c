/*
 * mgl-run: runs any program with mgl as its EGL vendor.
 *
 *   mgl-run [--transport ARM] [--backend NAME] [--log-dir DIR] [--stats] [--verbose]
 *           -- PROGRAM ARGS...
 *
 * It finds libmgl.so beside itself (../lib from the program's folder, the layout of the build
 * tree), writes a glvnd vendor file naming it, points __EGL_VENDOR_LIBRARY_FILENAMES at that
 * file, makes it the GLX vendor too (a folder holding only libGLX_mgl.so.0, a link to it, put
 * first on LD_LIBRARY_PATH, and __GLX_VENDOR_LIBRARY_NAME=mgl), sets the MGL_* knobs asked for
 * and replaces itself with PROGRAM. It prints nothing
 * unless asked to (--verbose) or unless it cannot do what it was asked.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *prog = "mgl-run";

static void
usage(FILE *f)
{
   fprintf(
      f,
      "usage: %s [OPTIONS] -- PROGRAM [ARGS...]\n"
      "Runs PROGRAM with mgl as its EGL and GLX vendor (libglvnd).\n"
      "  --transport ARM   monolith (default), inproc, spawn or tcp://HOST:PORT (MGL_TRANSPORT)\n"
      "  --backend NAME    renderer of the server role (MGL_BACKEND; vulkan)\n"
      "  --log-dir DIR     write client.log and server.log there (MGL_LOG_DIR)\n"
      "  --stats           print pipe statistics at exit (MGL_PIPE_STATS=1)\n"
      "  --lib PATH        the libmgl.so to load (default: ../lib/libmgl.so beside mgl-run)\n"
      "  --verbose         say what is set before running PROGRAM\n"
      "Any other MGL_* variable in the environment is passed on unchanged.\n",
      prog);
}

static bool
transport_valid(const char *arm)
{
   return !strcmp(arm, "monolith") || !strcmp(arm, "inproc") || !strcmp(arm, "spawn") ||
          (!strncmp(arm, "tcp://", 6) && strchr(arm + 6, ':') != NULL);
}

/* The library beside this program: <dir of exe>/../lib/libmgl.so. */
static bool
find_library(char *out, size_t size)
{
   char exe[PATH_MAX];
   ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
   if (n <= 0)
      return false;
   exe[n] = '\0';
   char *slash = strrchr(exe, '/');
   if (!slash)
      return false;
   *slash = '\0';
   if (snprintf(out, size, "%s/../lib/libmgl.so", exe) >= (int)size)
      return false;
   char real[PATH_MAX];
   if (!realpath(out, real))
      return false;
   snprintf(out, size, "%s", real);
   return true;
}

/* mgl-run's own folder: the runtime directory (else /tmp), per user. */
static bool
run_dir(char *base, size_t size)
{
   const char *dir = getenv("XDG_RUNTIME_DIR");
   if (dir && *dir && access(dir, W_OK) == 0)
      snprintf(base, size, "%s/mgl-run", dir);
   else
      snprintf(base, size, "/tmp/mgl-run-%u", (unsigned)getuid());
   if (mkdir(base, 0700) != 0 && errno != EEXIST) {
      fprintf(stderr, "%s: cannot create %s: %s\n", prog, base, strerror(errno));
      return false;
   }
   return true;
}

static unsigned long
path_hash(const char *lib)
{
   unsigned long h = 5381; /* djb2: only needs to tell library paths apart */
   for (const char *p = lib; *p; p++)
      h = h * 33u + (unsigned char)*p;
   return h & 0xffffffffUL;
}

/* libGLX opens "libGLX_<name>.so.0" by the library search path, so the GLX vendor is a folder
 * holding only that name, a link to lib (the same file as the EGL vendor: glibc maps it once),
 * per library path and user; the link is made beside it and renamed over it, so a concurrent
 * mgl-run never sees none. */
static bool
make_glx_dir(const char *lib, char *out, size_t size)
{
   char base[PATH_MAX];
   if (!run_dir(base, sizeof(base)))
      return false;
   if (snprintf(out, size, "%s/glx-%08lx", base, path_hash(lib)) >= (int)size)
      return false;
   if (mkdir(out, 0700) != 0 && errno != EEXIST) {
      fprintf(stderr, "%s: cannot create %s: %s\n", prog, out, strerror(errno));
      return false;
   }
   char link_path[PATH_MAX + 32], tmp[PATH_MAX + 64];
   snprintf(link_path, sizeof(link_path), "%s/libGLX_mgl.so.0", out);
   snprintf(tmp, sizeof(tmp), "%s.%d", link_path, (int)getpid());
   unlink(tmp);
   if (symlink(lib, tmp) != 0 || rename(tmp, link_path) != 0) {
      fprintf(stderr, "%s: cannot make %s: %s\n", prog, link_path, strerror(errno));
      unlink(tmp);
      return false;
   }
   return true;
}

/* glvnd only takes vendor files, so one is written per library path and user, written whole
 * then renamed so a concurrent mgl-run never reads half a file. */
static bool
write_vendor_file(const char *lib, char *out, size_t size)
{
   char base[PATH_MAX];
   if (!run_dir(base, sizeof(base)))
      return false;
   if (snprintf(out, size, "%s/vendor-%08lx.json", base, path_hash(lib)) >= (int)size)
      return false;
   char tmp[PATH_MAX + 32];
   snprintf(tmp, sizeof(tmp), "%s.%d", out, (int)getpid());
   FILE *f = fopen(tmp, "w");
   if (!f) {
      fprintf(stderr, "%s: cannot write %s: %s\n", prog, tmp, strerror(errno));
      return false;
   }
   fprintf(f, "{\"file_format_version\":\"1.0.0\",\"ICD\":{\"library_path\":\"%s\"}}\n", lib);
   bool ok = fclose(f) == 0 && rename(tmp, out) == 0;
   if (!ok) {
      fprintf(stderr, "%s: cannot write %s: %s\n", prog, out, strerror(errno));
      unlink(tmp);
   }
   return ok;
}

static void
set(const char *name, const char *value, bool verbose)
{
   setenv(name, value, 1);
   if (verbose)
      fprintf(stderr, "%s: %s=%s\n", prog, name, value);
}

int
main(int argc, char **argv)
{
   const char *transport = NULL, *backend = NULL, *log_dir = NULL, *lib_arg = NULL;
   bool stats = false, verbose = false;
   int i = 1;
   for (; i < argc; i++) {
      const char *a = argv[i];
      bool has_value = i + 1 < argc;
      if (!strcmp(a, "--")) {
         i++;
         break;
      } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(a, "--stats")) {
         stats = true;
      } else if (!strcmp(a, "--verbose")) {
         verbose = true;
      } else if (has_value && !strcmp(a, "--transport")) {
         transport = argv[++i];
      } else if (has_value && !strcmp(a, "--backend")) {
         backend = argv[++i];
      } else if (has_value && !strcmp(a, "--log-dir")) {
         log_dir = argv[++i];
      } else if (has_value && !strcmp(a, "--lib")) {
         lib_arg = argv[++i];
      } else if (a[0] == '-') {
         fprintf(stderr, "%s: unknown option or missing value: %s\n", prog, a);
         usage(stderr);
         return 2;
      } else {
         break; /* PROGRAM without "--" */
      }
   }
   if (i >= argc) {
      fprintf(stderr, "%s: no program to run\n", prog);
      usage(stderr);
      return 2;
   }
   if (transport && !transport_valid(transport)) {
      fprintf(stderr, "%s: --transport %s: not one of monolith, inproc, spawn, tcp://HOST:PORT\n",
              prog, transport);
      return 2;
   }

   char lib[PATH_MAX];
   if (lib_arg) {
      if (!realpath(lib_arg, lib)) {
         fprintf(stderr, "%s: --lib %s: %s\n", prog, lib_arg, strerror(errno));
         return 2;
      }
   } else if (!find_library(lib, sizeof(lib))) {
      fprintf(stderr, "%s: libmgl.so not found in ../lib beside this program; give --lib\n", prog);
      return 2;
   }
   char vendor[PATH_MAX];
   if (!write_vendor_file(lib, vendor, sizeof(vendor)))
      return 2;

   /* A list the user already set stays behind ours: glvnd falls back to it, which is how a
    * native driver's vendor stays reachable (FACTS/README: NVIDIA's Vulkan ICD wants its EGL
    * vendor present). */
   const char *old = getenv("__EGL_VENDOR_LIBRARY_FILENAMES");
   if (old && *old) {
      size_t len = strlen(vendor) + 1 + strlen(old) + 1;
      char *list = malloc(len);
      if (!list)
         return 2;
      snprintf(list, len, "%s:%s", vendor, old);
      set("__EGL_VENDOR_LIBRARY_FILENAMES", list, verbose);
      free(list);
   } else {
      set("__EGL_VENDOR_LIBRARY_FILENAMES", vendor, verbose);
   }
   /* GLX: libGLX finds libGLX_mgl.so.0 on the library path. */
   char glx_dir[PATH_MAX];
   if (!make_glx_dir(lib, glx_dir, sizeof(glx_dir)))
      return 2;
   const char *old_path = getenv("LD_LIBRARY_PATH");
   if (old_path && *old_path) {
      size_t len = strlen(glx_dir) + 1 + strlen(old_path) + 1;
      char *list = malloc(len);
      if (!list)
         return 2;
      snprintf(list, len, "%s:%s", glx_dir, old_path);
      set("LD_LIBRARY_PATH", list, verbose);
      free(list);
   } else {
      set("LD_LIBRARY_PATH", glx_dir, verbose);
   }
   set("__GLX_VENDOR_LIBRARY_NAME", "mgl", verbose);
   /* With a display to show windows on (X11 or Wayland) the program picks its platform as it
    * would on Mesa; without one, surfaceless is the platform that works. */
   const char *x_display = getenv("DISPLAY"), *wl_display = getenv("WAYLAND_DISPLAY");
   const bool has_display = (x_display && *x_display) || (wl_display && *wl_display);
   if (!has_display && !getenv("EGL_PLATFORM"))
      set("EGL_PLATFORM", "surfaceless", verbose);
   if (!has_display && !getenv("PIGLIT_PLATFORM"))
      set("PIGLIT_PLATFORM", "surfaceless_egl", verbose);
   if (transport)
      set("MGL_TRANSPORT", transport, verbose);
   if (backend)
      set("MGL_BACKEND", backend, verbose);
   if (log_dir)
      set("MGL_LOG_DIR", log_dir, verbose);
   if (stats)
      set("MGL_PIPE_STATS", "1", verbose);
   if (verbose)
      fprintf(stderr, "%s: running %s\n", prog, argv[i]);

   execvp(argv[i], &argv[i]);
   fprintf(stderr, "%s: cannot run %s: %s\n", prog, argv[i], strerror(errno));
   return 127;
}
