/* shm.h — sealed memfd segments that two sides map separately: a header whose first fields are
 * struct mgt_shm_prefix, then a data area at a page-aligned offset. Each mapping sits between
 * PROT_NONE guard pages. Rings and stage segments are both built on it. */
#ifndef MGT_SHM_H
#define MGT_SHM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The fields every segment header starts with, in this order. */
struct mgt_shm_prefix {
   uint32_t magic;
   uint32_t version;
   uint64_t capacity;    /* data bytes */
   uint64_t data_offset; /* from the start of the memfd, multiple of 64 */
   uint64_t extra_size;  /* bytes after the data area (the stage's heap); the memfd ends there */
};

/* One side's mapping. */
struct mgt_shm_map {
   unsigned char *base; /* the header */
   unsigned char *data; /* the data area */
   void *map_base;      /* the mapping including its guard pages */
   size_t map_len;
   uint64_t capacity;
   uint64_t extra_size; /* bytes after the data area, at data + capacity */
};

/* Same numbers as MGT_RING_* / MGT_STAGE_*. */
enum { MGT_SHM_OK = 0, MGT_SHM_INVALID = -4, MGT_SHM_SYSTEM = -5 };

/* Creates a memfd of header_size (rounded up to a page) + capacity bytes, seals its size,
 * maps it and writes the prefix. Returns the fd, or -1 with errno set. */
int mgt_shm_create(const char *name, size_t header_size, uint64_t capacity, uint32_t magic,
                   uint32_t version, struct mgt_shm_map *out);
/* The same with `extra` bytes after the data area (zero-filled, sparse until touched). */
int mgt_shm_create_extra(const char *name, size_t header_size, uint64_t capacity, uint64_t extra,
                         uint32_t magic, uint32_t version, struct mgt_shm_map *out);
/* Maps a peer's memfd after checking it is sealed against shrinking and that its prefix is
 * consistent (data_offset + capacity + extra_size is the file's size); each prefix field is
 * read once. max_capacity bounds capacity + extra_size. Returns MGT_SHM_OK, MGT_SHM_INVALID or
 * MGT_SHM_SYSTEM. */
int mgt_shm_attach(int fd, size_t header_size, uint32_t magic, uint32_t version,
                   uint64_t max_capacity, bool (*valid_capacity)(uint64_t),
                   struct mgt_shm_map *out);
void mgt_shm_unmap(struct mgt_shm_map *m); /* accepts a zeroed map */

/* Reads a word of shared memory exactly once: the peer may rewrite it at any time, and a value
 * that was validated must be the value that is used. */
static inline uint64_t
mgt_read_once_u64(const void *p)
{
   return *(const volatile uint64_t *)p;
}

static inline uint32_t
mgt_read_once_u32(const void *p)
{
   return *(const volatile uint32_t *)p;
}

#endif
