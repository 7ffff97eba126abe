/* shm.c — creating, sealing, validating and mapping the memfd segments of rings and stages. */
#include "shm.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static size_t
page_size(void)
{
   long p = sysconf(_SC_PAGESIZE);
   return p > 0 ? (size_t)p : 4096;
}

/* Maps `len` bytes of fd shared, between two PROT_NONE guard pages, so that a stray access just
 * past either end faults instead of reading a neighbouring mapping. */
static void *
map_guarded(int fd, size_t len, void **base_out, size_t *base_len_out)
{
   size_t page = page_size();
   size_t span = (len + page - 1) / page * page;
   size_t total = span + 2 * page;
   unsigned char *base =
      mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
   if (base == MAP_FAILED)
      return NULL;
   void *p = mmap(base + page, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0);
   if (p == MAP_FAILED) {
      int e = errno;
      munmap(base, total);
      errno = e;
      return NULL;
   }
   *base_out = base;
   *base_len_out = total;
   return p;
}

int
mgt_shm_create(const char *name, size_t header_size, uint64_t capacity, uint32_t magic,
               uint32_t version, struct mgt_shm_map *out)
{
   return mgt_shm_create_extra(name, header_size, capacity, 0, magic, version, out);
}

int
mgt_shm_create_extra(const char *name, size_t header_size, uint64_t capacity, uint64_t extra,
                     uint32_t magic, uint32_t version, struct mgt_shm_map *out)
{
   memset(out, 0, sizeof(*out));
   size_t data_offset = page_size();
   while (data_offset < header_size)
      data_offset += page_size();
   size_t len = data_offset + capacity + extra;
   int e;

   int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
   if (fd < 0)
      return -1;
   if (ftruncate(fd, (off_t)len) < 0)
      goto fail_fd;
   /* A consumer in another process must never meet a shorter file than it validated (SIGBUS
    * on access); it checks F_SEAL_SHRINK at attach. */
   if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) < 0)
      goto fail_fd;
   unsigned char *base = map_guarded(fd, len, &out->map_base, &out->map_len);
   if (!base)
      goto fail_fd;

   /* The memfd starts zeroed; only the prefix needs writing. */
   struct mgt_shm_prefix *pre = (struct mgt_shm_prefix *)base;
   pre->capacity = capacity;
   pre->data_offset = data_offset;
   pre->extra_size = extra;
   pre->version = version;
   pre->magic = magic;
   out->base = base;
   out->data = base + data_offset;
   out->capacity = capacity;
   out->extra_size = extra;
   return fd;

fail_fd:
   e = errno;
   close(fd);
   memset(out, 0, sizeof(*out));
   errno = e;
   return -1;
}

int
mgt_shm_attach(int fd, size_t header_size, uint32_t magic, uint32_t version, uint64_t max_capacity,
               bool (*valid_capacity)(uint64_t), struct mgt_shm_map *out)
{
   memset(out, 0, sizeof(*out));
   struct stat st;
   if (fstat(fd, &st) < 0)
      return MGT_SHM_SYSTEM;
   /* Without F_SEAL_SHRINK the producer could truncate the file under us. F_GET_SEALS also
    * rejects anything that is not a memfd. */
   int seals = fcntl(fd, F_GET_SEALS);
   if (seals < 0 || !(seals & F_SEAL_SHRINK))
      return MGT_SHM_INVALID;
   if (st.st_size < (off_t)header_size || (uint64_t)st.st_size > max_capacity + (1u << 20))
      return MGT_SHM_INVALID;

   size_t len = (size_t)st.st_size;
   unsigned char *base = map_guarded(fd, len, &out->map_base, &out->map_len);
   if (!base) {
      memset(out, 0, sizeof(*out));
      return MGT_SHM_SYSTEM;
   }
   const struct mgt_shm_prefix *pre = (const struct mgt_shm_prefix *)base;
   /* Read each prefix field once into locals; only the locals are used from here on. */
   uint32_t m = mgt_read_once_u32(&pre->magic);
   uint32_t v = mgt_read_once_u32(&pre->version);
   uint64_t capacity = mgt_read_once_u64(&pre->capacity);
   uint64_t data_offset = mgt_read_once_u64(&pre->data_offset);
   uint64_t extra = mgt_read_once_u64(&pre->extra_size);
   if (m != magic || v != version || !valid_capacity(capacity) || data_offset < header_size ||
       (data_offset & 63) || data_offset > (1u << 20) || extra > max_capacity ||
       data_offset + capacity + extra != len) {
      munmap(out->map_base, out->map_len);
      memset(out, 0, sizeof(*out));
      return MGT_SHM_INVALID;
   }
   out->base = base;
   out->data = base + data_offset;
   out->capacity = capacity;
   out->extra_size = extra;
   return MGT_SHM_OK;
}

void
mgt_shm_unmap(struct mgt_shm_map *m)
{
   if (m->map_base)
      munmap(m->map_base, m->map_len);
   memset(m, 0, sizeof(*m));
}
