/* fe_cso.c — content-addressed CSO caches: a hash table (content hash -> entry) over a fixed
 * pool of entries with an LRU list; payloads are kept so a hash collision can never alias two
 * CSOs. A second table (owner -> entry) finds the CSOs that name a resource, so deleting it
 * touches its own entries and not the whole pool. */
#include "fe_cso.h"

#include <stdlib.h>
#include <string.h>

#include "fe_gl.h"

static const enum mgp_handle_kind cso_handle_kind[] = {
   [FE_CSO_RENDER_STATE] = MGP_KIND_RENDER_STATE,
   [FE_CSO_VERTEX_ELEMENTS] = MGP_KIND_VERTEX_ELEMENTS,
   [FE_CSO_SAMPLER] = MGP_KIND_SAMPLER,
   [FE_CSO_SAMPLER_VIEW] = MGP_KIND_SAMPLER_VIEW,
};

struct fe_cso_cache *
fe_cso_cache_create(enum fe_cso_kind kind, uint32_t cap)
{
   struct fe_cso_cache *c = calloc(1, sizeof(*c));
   if (!c)
      return NULL;
   c->kind = kind;
   c->cap = cap;
   c->entries = calloc(cap, sizeof(*c->entries));
   c->free_entries = malloc(cap * sizeof(*c->free_entries));
   mgu_hash_table_init(&c->table);
   mgu_hash_table_init(&c->by_owner);
   /* Room for every entry: an insert never grows the tables (by_owner only where a kind's
    * payload names an owner). */
   if (!c->entries || !c->free_entries || !mgu_hash_table_reserve(&c->table, cap) ||
       (kind == FE_CSO_SAMPLER_VIEW && !mgu_hash_table_reserve(&c->by_owner, cap)))
      goto fail;
   for (uint32_t i = 0; i < cap; i++)
      c->free_entries[i] = cap - 1 - i;
   c->free_count = cap;
   return c;

fail:
   free(c->entries);
   free(c->free_entries);
   mgu_hash_table_finish(&c->table);
   mgu_hash_table_finish(&c->by_owner);
   free(c);
   return NULL;
}

/* A handle as one word; the generation makes a reused slot another owner. 0: the null handle. */
static uint64_t
owner_key(struct mgp_handle h)
{
   return ((uint64_t)h.gen << 32) | h.slot;
}

/* The resource a payload names and whose deletion must delete the CSO: a view's texture (the
 * one kind whose by_owner table create reserves). */
static uint64_t
payload_owner(enum fe_cso_kind kind, const void *payload)
{
   if (kind != FE_CSO_SAMPLER_VIEW)
      return 0;
   const struct mgp_create_sampler_view *v = payload;
   return owner_key(v->texture);
}

static void
send_create(struct fe_context *ctx, enum fe_cso_kind kind, struct mgp_handle h, const void *payload,
            size_t size)
{
   switch (kind) {
   case FE_CSO_RENDER_STATE: {
      struct mgp_create_render_state a = {.cso = h};
      memcpy(&a.state, payload, sizeof(a.state));
      mgp_create_render_state(&ctx->pipe, &a);
      break;
   }
   case FE_CSO_VERTEX_ELEMENTS: {
      struct mgp_create_vertex_elements a;
      memcpy(&a, payload, sizeof(a));
      a.cso = h;
      mgp_create_vertex_elements(&ctx->pipe, &a);
      break;
   }
   case FE_CSO_SAMPLER: {
      struct mgp_create_sampler a = {.cso = h};
      memcpy(&a.state, payload, sizeof(a.state));
      mgp_create_sampler(&ctx->pipe, &a);
      break;
   }
   case FE_CSO_SAMPLER_VIEW: {
      struct mgp_create_sampler_view a;
      memcpy(&a, payload, sizeof(a));
      a.cso = h;
      mgp_create_sampler_view(&ctx->pipe, &a);
      break;
   }
   }
   (void)size;
}

static void
send_delete(struct fe_context *ctx, enum fe_cso_kind kind, struct mgp_handle h)
{
   struct mgp_handle_args a = {.h = h};
   switch (kind) {
   case FE_CSO_RENDER_STATE: mgp_delete_render_state(&ctx->pipe, &a); break;
   case FE_CSO_VERTEX_ELEMENTS: mgp_delete_vertex_elements(&ctx->pipe, &a); break;
   case FE_CSO_SAMPLER: mgp_delete_sampler(&ctx->pipe, &a); break;
   case FE_CSO_SAMPLER_VIEW: mgp_delete_sampler_view(&ctx->pipe, &a); break;
   }
}

static void
lru_unlink(struct fe_cso_cache *c, uint32_t idx)
{
   struct fe_cso_entry *e = &c->entries[idx];
   if (e->prev)
      c->entries[e->prev - 1].next = e->next;
   else
      c->lru_head = e->next;
   if (e->next)
      c->entries[e->next - 1].prev = e->prev;
   else
      c->lru_tail = e->prev;
   e->prev = e->next = 0;
}

static void
lru_push_front(struct fe_cso_cache *c, uint32_t idx)
{
   struct fe_cso_entry *e = &c->entries[idx];
   e->prev = 0;
   e->next = c->lru_head;
   if (c->lru_head)
      c->entries[c->lru_head - 1].prev = idx + 1;
   c->lru_head = idx + 1;
   if (!c->lru_tail)
      c->lru_tail = idx + 1;
}

static void
entry_remove(struct fe_context *ctx, struct fe_cso_cache *c, uint32_t idx)
{
   struct fe_cso_entry *e = &c->entries[idx];
   mgu_hash_table_remove(&c->table, e->hash, idx);
   if (e->owner)
      mgu_hash_table_remove(&c->by_owner, e->owner, idx);
   lru_unlink(c, idx);
   send_delete(ctx, c->kind, e->handle);
   fe_share_free_handle(ctx->share, cso_handle_kind[c->kind], e->handle);
   free(e->payload);
   memset(e, 0, sizeof(*e));
   c->free_entries[c->free_count++] = idx;
   c->count--;
   c->evictions++;
}

/* Evicts the least recently used entry; one touched since it was last at the head counts as
 * used then: it goes to the head (untouched) and the next one is considered. */
static void
evict_one(struct fe_context *ctx, struct fe_cso_cache *c)
{
   uint32_t idx = c->lru_tail - 1;
   for (uint32_t n = 0; n < c->count && c->entries[idx].touched; n++) {
      c->entries[idx].touched = false;
      lru_unlink(c, idx);
      lru_push_front(c, idx);
      idx = c->lru_tail - 1;
   }
   entry_remove(ctx, c, idx);
}

struct mgp_handle
fe_cso_lookup(struct fe_context *ctx, struct fe_cso_cache *c, const void *payload, size_t size)
{
   uint32_t entry;
   return fe_cso_lookup_entry(ctx, c, payload, size, &entry);
}

struct mgp_handle
fe_cso_lookup_memo(struct fe_context *ctx, struct fe_cso_cache *c, const void *payload, size_t size,
                   struct fe_cso_memo *m)
{
   for (int i = 0; i < 2; i++) {
      /* an evicted entry is zeroed, a reused one holds another handle */
      const uint32_t idx = m->entry[i] - 1;
      if (idx < c->cap && mgp_handle_eq(c->entries[idx].handle, m->handle[i]) &&
          c->entries[idx].size == size && !memcmp(c->entries[idx].payload, payload, size)) {
         c->entries[idx].touched = true;
         return m->handle[i];
      }
   }
   uint32_t entry;
   const struct mgp_handle h = fe_cso_lookup_entry(ctx, c, payload, size, &entry);
   m->entry[1] = m->entry[0];
   m->handle[1] = m->handle[0];
   m->entry[0] = entry;
   m->handle[0] = h;
   return h;
}

/* Marks the entry only (a store, cheap enough for every unit of every draw); eviction moves
 * a marked entry to the head instead of evicting it (evict_one). */
void
fe_cso_touch(struct fe_cso_cache *c, uint32_t entry, struct mgp_handle h)
{
   if (entry - 1 < c->cap && mgp_handle_eq(c->entries[entry - 1].handle, h))
      c->entries[entry - 1].touched = true;
}

bool
fe_cso_touch_since(struct fe_cso_cache *c, uint32_t entry, struct mgp_handle h, uint64_t evictions)
{
   if (c->evictions != evictions)
      return false;
   fe_cso_touch(c, entry, h);
   return true;
}

struct mgp_handle
fe_cso_lookup_entry(struct fe_context *ctx, struct fe_cso_cache *c, const void *payload,
                    size_t size, uint32_t *entry)
{
   *entry = 0;
   uint64_t h = mgu_hash64(payload, size, 0x6d676c63736f0000ull + c->kind);
   for (uint32_t i = mgu_hash_table_find(&c->table, h); i != MGU_HASH_NONE;
        i = mgu_hash_table_find_next(&c->table, h, i)) {
      uint32_t idx = (uint32_t)c->table.slots[i].value;
      struct fe_cso_entry *e = &c->entries[idx];
      if (e->hash == h && e->size == size && !memcmp(e->payload, payload, size)) {
         e->touched = false;
         if (c->lru_head != idx + 1) {
            lru_unlink(c, idx);
            lru_push_front(c, idx);
         }
         *entry = idx + 1;
         return e->handle;
      }
   }

   if (!c->free_count)
      evict_one(ctx, c);

   void *copy = malloc(size);
   struct mgp_handle handle;
   if (!copy || !fe_share_alloc_handle(ctx->share, cso_handle_kind[c->kind], &handle)) {
      free(copy);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return mgp_handle_null();
   }
   memcpy(copy, payload, size);
   uint32_t idx = c->free_entries[--c->free_count];
   struct fe_cso_entry *e = &c->entries[idx];
   e->hash = h;
   e->handle = handle;
   e->size = (uint32_t)size;
   e->payload = copy;
   e->owner = payload_owner(c->kind, payload);
   c->count++;
   c->creates++;
   /* cannot fail: both tables reserved room for every entry at create */
   (void)mgu_hash_table_insert(&c->table, h, idx);
   if (e->owner)
      (void)mgu_hash_table_insert(&c->by_owner, e->owner, idx);
   lru_push_front(c, idx);
   send_create(ctx, c->kind, handle, payload, size);
   *entry = idx + 1;
   return handle;
}

void
fe_cso_purge_owner(struct fe_context *ctx, struct fe_cso_cache *c, struct mgp_handle owner)
{
   const uint64_t key = owner_key(owner);
   if (!c || !key)
      return;
   /* entry_remove takes the entry out of by_owner: find the first again each time */
   for (uint32_t i; (i = mgu_hash_table_find(&c->by_owner, key)) != MGU_HASH_NONE;)
      entry_remove(ctx, c, (uint32_t)c->by_owner.slots[i].value);
}

void
fe_cso_cache_destroy(struct fe_context *ctx, struct fe_cso_cache *c)
{
   if (!c)
      return;
   while (c->lru_tail)
      entry_remove(ctx, c, c->lru_tail - 1);
   free(c->entries);
   free(c->free_entries);
   mgu_hash_table_finish(&c->table);
   mgu_hash_table_finish(&c->by_owner);
   free(c);
}

uint32_t
fe_cso_count(const struct fe_cso_cache *c)
{
   return c->count;
}

uint64_t
fe_cso_creates(const struct fe_cso_cache *c)
{
   return c->creates;
}

uint64_t
fe_cso_evictions(const struct fe_cso_cache *c)
{
   return c->evictions;
}
