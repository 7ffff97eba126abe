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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache_file.h"
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

bool
vkb_pipeline_disk_path(const struct vkb_screen *scr, char *out, size_t size)
{
   char dir[768];
   if (!mgu_cache_dir("MGL_PIPELINE_CACHE", "MGL_PIPELINE_CACHE_DIR", "", dir, sizeof(dir)))
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
   const char *why = NULL;
   size_t got = 0;
   uint8_t *data = mgu_cache_read(path, VKB_PIPELINE_CACHE_MAX_BYTES, &got, &why);
   if (!data && !why)
      return NULL; /* no file: the first run on this device and driver */
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
   char *dir = malloc(len + 1);
   if (!dir) {
      why = "out of memory";
   } else {
      memcpy(dir, c->path, len + 1);
      *strrchr(dir, '/') = 0;
      if (dir[0] && !mgu_cache_make_dirs(dir))
         why = strerror(errno);
      else
         why = mgu_cache_write(c->path, data, size, true);
   }
   if (why)
      not_saved(c->path, why);
   else
      mgu_info("vulkan: pipeline cache: %zu bytes to %s", size, c->path);
   free(dir);
   free(data);
}
