/* vkb_pipeline_disk.c — the screen's VkPipelineCache kept across runs (issue 20): loaded at
 * vkb_pipeline_cache_init from a file named by the device (vendor, device, driver version,
 * pipelineCacheUUID), so another GPU or a driver update never reads another's bytes, and
 * written back at vkb_pipeline_cache_finish when this run created pipelines the file lacked.
 * The directory is MGL_PIPELINE_CACHE_DIR, else $XDG_CACHE_HOME/mgl, else $HOME/.cache/mgl;
 * MGL_PIPELINE_CACHE=0 turns it off.
 *
 * The file is untrusted bytes (another program of the user, a half-written disk): its size is
 * bounded before it is read and its header (VkPipelineCacheHeaderVersionOne) checked here
 * before the driver sees it; anything off starts the cache empty, declined by name
 * (pipeline-cache-rejected), never a failure. A write goes to a temporary file of the
 * directory renamed into place, so a concurrent reader sees the old file or the new, never
 * half of one; a failure is declined (pipeline-cache-not-saved), never fatal.
 *
 * Who shares it: every screen of one user on one device. In the server roles (spawn, tcp) that
 * is the server's user and its cache directory, for all the sessions it serves; each loads at
 * init and writes at finish, a later writer replacing the file. That is acceptable: the cache
 * holds only pipelines the driver compiled from our own generated SPIR-V and state, a session
 * gets a hit only for a pipeline it asked the driver for itself (the driver keys by the whole
 * create info), and nothing reads the bytes back to a client. What one session can learn of
 * another is what the driver's in-process cache already tells: that a pipeline compiled fast. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decline.h"
#include "hash.h"
#include "log.h"
#include "vkb.h"

/* The largest file read, and the largest cache written: a driver's cache of a few thousand
 * pipelines is some MiB; past this it is someone else's file, or not worth a start's read. */
#define VKB_PIPELINE_CACHE_MAX_BYTES (64u << 20)
/* VkPipelineCacheHeaderVersionOne: headerSize, headerVersion, vendorID, deviceID (4 bytes
 * each, least significant first) and pipelineCacheUUID */
#define VKB_PIPELINE_CACHE_HEADER_BYTES (16u + VK_UUID_SIZE)

static uint32_t
le32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* mkdir -p with 0700 for what it makes; false (errno set) when a part is missing after it */
static bool
make_dirs(char *path)
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

/* The directory (no trailing '/'), or false when the knob turns it off or no home is known. */
static bool
cache_dir(char *out, size_t size)
{
   const char *off = getenv("MGL_PIPELINE_CACHE");
   if (off && !strcmp(off, "0"))
      return false;
   const char *dir = getenv("MGL_PIPELINE_CACHE_DIR");
   const char *xdg = getenv("XDG_CACHE_HOME");
   const char *home = getenv("HOME");
   int n;
   if (dir && dir[0])
      n = snprintf(out, size, "%s", dir);
   else if (xdg && xdg[0] == '/') /* the XDG spec ignores a relative path */
      n = snprintf(out, size, "%s/mgl", xdg);
   else if (home && home[0] == '/')
      n = snprintf(out, size, "%s/.cache/mgl", home);
   else
      return false;
   if (n <= 0 || (size_t)n >= size)
      return false;
   while (n > 1 && out[n - 1] == '/')
      out[--n] = 0;
   return true;
}

bool
vkb_pipeline_disk_path(const struct vkb_screen *scr, char *out, size_t size)
{
   char dir[768];
   if (!cache_dir(dir, sizeof(dir)))
      return false;
   const VkPhysicalDeviceProperties *pr = &scr->props;
   char uuid[2 * VK_UUID_SIZE + 1];
   for (unsigned i = 0; i < VK_UUID_SIZE; i++)
      snprintf(uuid + 2 * i, 3, "%02x", pr->pipelineCacheUUID[i]);
   const int n = snprintf(out, size, "%s/vk-%08x-%08x-%08x-%s.pcache", dir, pr->vendorID,
                          pr->deviceID, pr->driverVersion, uuid);
   return n > 0 && (size_t)n < size;
}

/* NULL when the header is this device's; else why not */
static const char *
header_mismatch(const struct vkb_screen *scr, const uint8_t *data, size_t size)
{
   if (size < VKB_PIPELINE_CACHE_HEADER_BYTES)
      return "shorter than its header";
   const uint32_t header_size = le32(data);
   if (header_size < VKB_PIPELINE_CACHE_HEADER_BYTES || header_size > size)
      return "header size out of range";
   if (le32(data + 4) != VK_PIPELINE_CACHE_HEADER_VERSION_ONE)
      return "not header version one";
   if (le32(data + 8) != scr->props.vendorID || le32(data + 12) != scr->props.deviceID)
      return "another vendor or device";
   if (memcmp(data + 16, scr->props.pipelineCacheUUID, VK_UUID_SIZE))
      return "another pipelineCacheUUID";
   return NULL;
}

static void
rejected(struct vkb_screen *scr, const char *path, const char *why)
{
   scr->stats.pipeline_cache_rejected++;
   MGU_DECLINE(pipeline_cache_rejected, "%s: %s; the pipeline cache starts empty", path, why);
}

void *
vkb_pipeline_disk_load(struct vkb_screen *scr, size_t *size)
{
   struct vkb_pipeline_cache *c = &scr->pipes;
   *size = 0;
   char path[1024];
   if (!vkb_pipeline_disk_path(scr, path, sizeof(path)))
      return NULL;
   c->path = strdup(path);
   if (!c->path)
      return NULL; /* off for this screen: not worth a failure */
   const int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
   if (fd < 0) {
      if (errno != ENOENT) /* no file: the first run on this device and driver */
         rejected(scr, path, strerror(errno));
      return NULL;
   }
   uint8_t *data = NULL;
   const char *why = NULL;
   struct stat st;
   if (fstat(fd, &st) != 0)
      why = strerror(errno);
   else if (!S_ISREG(st.st_mode))
      why = "not a regular file";
   else if (st.st_size < 0 || (uint64_t)st.st_size > VKB_PIPELINE_CACHE_MAX_BYTES)
      why = "larger than VKB_PIPELINE_CACHE_MAX_BYTES (64 MiB)";
   else if (!(data = malloc(st.st_size ? (size_t)st.st_size : 1)))
      why = "out of memory";
   size_t got = 0;
   while (!why && got < (size_t)st.st_size) {
      const ssize_t r = read(fd, data + got, (size_t)st.st_size - got);
      if (r < 0 && errno == EINTR)
         continue;
      if (r <= 0)
         why = r < 0 ? strerror(errno) : "shorter than it said";
      else
         got += (size_t)r;
   }
   close(fd);
   if (!why)
      why = header_mismatch(scr, data, got);
   if (why) {
      free(data);
      rejected(scr, path, why);
      return NULL;
   }
   *size = got;
   return data;
}

void
vkb_pipeline_disk_loaded(struct vkb_screen *scr, const void *data, size_t size)
{
   struct vkb_pipeline_cache *c = &scr->pipes;
   c->loaded_size = size;
   c->loaded_hash = size ? mgu_hash64(data, size, 0) : 0;
   scr->stats.pipeline_cache_loaded_bytes += size;
   if (size)
      mgu_info("vulkan: pipeline cache: %zu bytes from %s", size, c->path);
}

void
vkb_pipeline_disk_rejected(struct vkb_screen *scr, const char *why)
{
   rejected(scr, scr->pipes.path ? scr->pipes.path : "pipeline cache", why);
}

/* Counted in the decline tally alone: the screen's gate counters are printed before its
 * finish. */
static void
not_saved(const char *path, const char *why)
{
   MGU_DECLINE(pipeline_cache_not_saved, "%s: %s", path, why);
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

void
vkb_pipeline_disk_save(struct vkb_screen *scr)
{
   struct vkb_pipeline_cache *c = &scr->pipes;
   const unsigned long long made =
      scr->stats.pipelines_created + scr->stats.clear_pipelines_created +
      scr->stats.blit_pipelines_created + scr->stats.compute_pipelines_created;
   /* a device that failed (lost, hung) may hand back anything: the file keeps what it has */
   if (!c->path || !c->vk || !made || scr->failed)
      return;
   size_t size = 0;
   if (vkGetPipelineCacheData(scr->dev, c->vk, &size, NULL) != VK_SUCCESS) {
      not_saved(c->path, "vkGetPipelineCacheData failed");
      return;
   }
   if (size > VKB_PIPELINE_CACHE_MAX_BYTES) {
      not_saved(c->path, "larger than VKB_PIPELINE_CACHE_MAX_BYTES (64 MiB)");
      return;
   }
   uint8_t *data = malloc(size ? size : 1);
   if (!data) {
      not_saved(c->path, "out of memory");
      return;
   }
   const VkResult r = vkGetPipelineCacheData(scr->dev, c->vk, &size, data);
   const char *why = NULL;
   if (r != VK_SUCCESS)
      why = "vkGetPipelineCacheData failed";
   else if (header_mismatch(scr, data, size))
      why = "the driver's data has no header of this device"; /* it would be rejected */
   if (why || (size == c->loaded_size && mgu_hash64(data, size, 0) == c->loaded_hash)) {
      if (why)
         not_saved(c->path, why);
      free(data); /* nothing the file lacks */
      return;
   }
   const size_t len = strlen(c->path);
   char *dir = malloc(len + 1), *tmp = malloc(len + 8);
   int fd = -1;
   bool tmp_made = false;
   if (!dir || !tmp) {
      why = "out of memory";
      goto out;
   }
   memcpy(dir, c->path, len + 1);
   *strrchr(dir, '/') = 0;
   snprintf(tmp, len + 8, "%s.XXXXXX", c->path);
   if (dir[0] && !make_dirs(dir)) {
      why = strerror(errno);
      goto out;
   }
   fd = mkstemp(tmp); /* 0600, a name of its own: screens writing at once never share one */
   if (fd < 0) {
      why = strerror(errno);
      goto out;
   }
   tmp_made = true;
   if (!write_all(fd, data, size) || fsync(fd) != 0) {
      why = strerror(errno);
      goto out;
   }
   if (close(fd) != 0) {
      fd = -1;
      why = strerror(errno);
      goto out;
   }
   fd = -1;
   if (rename(tmp, c->path) != 0) {
      why = strerror(errno);
      goto out;
   }
   mgu_info("vulkan: pipeline cache: %zu bytes to %s", size, c->path);
out:
   if (fd >= 0)
      close(fd);
   if (why) {
      if (tmp_made)
         unlink(tmp);
      not_saved(c->path, why);
   }
   free(tmp);
   free(dir);
   free(data);
}
