/* fe_cso.h — content-addressed CSO caches (docs/PIPE.md#state): the client hashes a CSO's payload,
 * finds or creates the CSO, and evicts the least recently used one with delete_* when a kind's
 * cap is reached. One cache per kind per context; handles come from the share group. */
#ifndef MGL_FE_CSO_H
#define MGL_FE_CSO_H

#include <stddef.h>
#include <stdint.h>

#include "hash.h"
#include "pipe_tables.h"

struct fe_context;

enum fe_cso_kind {
   FE_CSO_RENDER_STATE,    /* payload: struct mgp_render_state */
   FE_CSO_VERTEX_ELEMENTS, /* payload: struct mgp_create_vertex_elements, cso null */
   FE_CSO_SAMPLER,         /* payload: struct mgp_sampler_state */
   FE_CSO_SAMPLER_VIEW,    /* payload: struct mgp_create_sampler_view, cso null */
};

#define FE_CSO_CAP_RENDER_STATE 64
#define FE_CSO_CAP_VERTEX_ELEMENTS 1024
#define FE_CSO_CAP_SAMPLER 256
#define FE_CSO_CAP_SAMPLER_VIEW 4096

/* The cache's layout is fe_cso.c's; here for fe_cso_touch_held, inline (a toggle's draw). */
struct fe_cso_entry {
   uint64_t hash;
   struct mgp_handle handle;
   uint32_t prev, next; /* LRU neighbours as index + 1; 0 = none */
   uint32_t size;
   bool touched;   /* used through fe_cso_touch since it last moved to the LRU's head */
   uint64_t owner; /* owner_key of the resource the payload names; 0: none */
   void *payload;
};

struct fe_cso_cache {
   enum fe_cso_kind kind;
   uint32_t cap, count;
   struct fe_cso_entry *entries;
   uint32_t *free_entries;
   uint32_t free_count;
   struct mgu_hash_table table;    /* content hash -> entry index */
   struct mgu_hash_table by_owner; /* owner_key -> entry index, entries with an owner only */
   uint32_t lru_head, lru_tail;    /* head = most recently used */
   uint64_t creates, evictions;
};

struct fe_cso_cache *fe_cso_cache_create(enum fe_cso_kind kind, uint32_t cap);
/* Sends delete_* for every live CSO through ctx and frees the cache. Accepts NULL. */
void fe_cso_cache_destroy(struct fe_context *ctx, struct fe_cso_cache *c);

/* The CSO whose payload is these bytes: a hit touches the LRU; a miss sends create_* (after
 * evicting the least recently used entry with delete_* when full). Null handle when no handle
 * could be allocated. */
struct mgp_handle fe_cso_lookup(struct fe_context *ctx, struct fe_cso_cache *c, const void *payload,
                                size_t size);
/* fe_cso_lookup that also gives where the CSO sits in the cache (*entry, for fe_cso_touch). */
struct mgp_handle fe_cso_lookup_entry(struct fe_context *ctx, struct fe_cso_cache *c,
                                      const void *payload, size_t size, uint32_t *entry);
/* The caller's last two finds (fe_cso_lookup_memo); zeroed: none. */
struct fe_cso_memo {
   uint32_t entry[2];
   struct mgp_handle handle[2];
};
/* fe_cso_lookup that first compares the payload with the entries of the caller's last two
 * finds, without hashing (a state toggled between two values between draws); a hit there
 * touches the entry as fe_cso_touch does. */
struct mgp_handle fe_cso_lookup_memo(struct fe_context *ctx, struct fe_cso_cache *c,
                                     const void *payload, size_t size, struct fe_cso_memo *m);
/* A hit found outside the cache (a table that remembers a lookup's result) touches the entry
 * here, or the CSO ages while in use and is the next evicted: a touched entry is passed over
 * (and moved to the head) by the next eviction that reaches it. Nothing when the entry no
 * longer holds h. */
void fe_cso_touch(struct fe_cso_cache *c, uint32_t entry, struct mgp_handle h);
/* fe_cso_touch that says whether the entry still holds h (false: the CSO may be deleted). */
static inline bool
fe_cso_touch_held(struct fe_cso_cache *c, uint32_t entry, struct mgp_handle h)
{
   if (entry - 1 >= c->cap || !mgp_handle_eq(c->entries[entry - 1].handle, h))
      return false;
   c->entries[entry - 1].touched = true;
   return true;
}
/* fe_cso_touch of a hit remembered while the cache's eviction count was `evictions`: false,
 * touching nothing, when an eviction came since (it may have deleted the CSO: look it up). */
bool fe_cso_touch_since(struct fe_cso_cache *c, uint32_t entry, struct mgp_handle h,
                        uint64_t evictions);

/* Deletes every CSO that names the resource `owner` (the views of a destroyed texture), and
 * those alone: the cost is the owner's entries, not the cache's. Accepts a NULL cache. */
void fe_cso_purge_owner(struct fe_context *ctx, struct fe_cso_cache *c, struct mgp_handle owner);

uint32_t fe_cso_count(const struct fe_cso_cache *c);
uint64_t fe_cso_creates(const struct fe_cso_cache *c);
/* Grows at every eviction or purge: set-hash suppressors that named a deleted CSO resend. */
uint64_t fe_cso_evictions(const struct fe_cso_cache *c);

#endif
