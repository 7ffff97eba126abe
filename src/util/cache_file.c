/* cache_file.c — the caches' files (cache_file.h). */
#include "cache_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool
mgu_cache_dir(const char *off_knob, const char *dir_knob, const char *sub, char *out, size_t size)
{
   const char *off = getenv(off_knob);
   if (off && !strcmp(off, "0"))
      return false;
   const char *dir = getenv(dir_knob);
   const char *xdg = getenv("XDG_CACHE_HOME");
   const char *home = getenv("HOME");
   const char *slash = sub[0] ? "/" : "";
   int n;
   if (dir && dir[0])
      n = snprintf(out, size, "%s", dir);
   else if (xdg && xdg[0] == '/') /* the XDG spec ignores a relative path */
      n = snprintf(out, size, "%s/mgl%s%s", xdg, slash, sub);
   else if (home && home[0] == '/')
      n = snprintf(out, size, "%s/.cache/mgl%s%s", home, slash, sub);
   else
      return false;
   if (n <= 0 || (size_t)n >= size)
      return false;
   while (n > 1 && out[n - 1] == '/')
      out[--n] = 0;
   return true;
}

bool
mgu_cache_make_dirs(char *path)
{
   for (char *p = path + 1;; p++) {
      if (*p != '/' && *p)
         continue;
      const char c = *p;
      *p = 0;
      const bool ok = mkdir(path, 0700) == 0 || errno == EEXIST;
      *p = c;
      if (!ok)
         return false;
      if (!c)
         return true;
   }
}

uint8_t *
mgu_cache_read(const char *path, size_t max, size_t *size, const char **why)
{
   *why = NULL;
   *size = 0;
   const int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
   if (fd < 0) {
      if (errno != ENOENT) /* none: the first run that keeps this one */
         *why = strerror(errno);
      return NULL;
   }
   uint8_t *data = NULL;
   struct stat st;
   if (fstat(fd, &st) != 0)
      *why = strerror(errno);
   else if (!S_ISREG(st.st_mode))
      *why = "not a regular file";
   else if (st.st_size < 0 || (uint64_t)st.st_size > max)
      *why = "larger than the cache's bound for a file";
   else if (!(data = malloc(st.st_size ? (size_t)st.st_size : 1)))
      *why = "out of memory";
   size_t got = 0;
   while (!*why && got < (size_t)st.st_size) {
      const ssize_t r = read(fd, data + got, (size_t)st.st_size - got);
      if (r < 0 && errno == EINTR)
         continue;
      if (r <= 0)
         *why = r < 0 ? strerror(errno) : "shorter than it said";
      else
         got += (size_t)r;
   }
   close(fd);
   if (*why) {
      free(data);
      return NULL;
   }
   *size = got;
   return data;
}

/* All of data into fd; false (errno set) otherwise */
static bool
write_all(int fd, const uint8_t *data, size_t size)
{
   while (size) {
      const ssize_t w = write(fd, data, size);
      if (w < 0 && errno == EINTR)
         continue;
      if (w <= 0) {
         if (w == 0)
            errno = EIO;
         return false;
      }
      data += w;
      size -= (size_t)w;
   }
   return true;
}

const char *
mgu_cache_write(const char *path, const void *data, size_t size, bool sync)
{
   const size_t len = strlen(path);
   char *tmp = malloc(len + 8);
   if (!tmp)
      return "out of memory";
   snprintf(tmp, len + 8, "%s.XXXXXX", path);
   const char *why = NULL;
   const int fd = mkstemp(tmp); /* 0600, a name of its own: writers at once never share one */
   if (fd < 0) {
      why = strerror(errno);
      free(tmp);
      return why;
   }
   if (!write_all(fd, data, size) || (sync && fsync(fd) != 0))
      why = strerror(errno);
   if (close(fd) != 0 && !why)
      why = strerror(errno);
   if (!why && rename(tmp, path) != 0)
      why = strerror(errno);
   if (why)
      unlink(tmp);
   free(tmp);
   return why;
}
