/* spv_ids.c — the id look-ups a pass over a client's module makes, each in time independent of
 * the module's size: where each id is first defined (spv_defs, one walk, as spv_find_def finds
 * it), the slot of each id in the pass's per-id tables (spv_defs_slot) and the integer constants
 * a pass makes (spirv_made_const, a hash of those made). A client on a shared server sends
 * modules of ~255k words translated per variant on the apply thread, so a pass that walked the
 * module per look-up was quadratic in them, and one whose tables the declared bound sized took
 * 200 MB for a module of a few words (issue 21). */
#include "spv.h"

int
spv_id_at_cmp(const void *a, const void *b)
{
   const struct spv_id_at *x = a, *y = b;
   if (x->id != y->id)
      return x->id < y->id ? -1 : 1;
   return (x->at > y->at) - (x->at < y->at);
}

int
spv_u32_cmp(const void *a, const void *b)
{
   const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   return (x > y) - (x < y);
}

bool
spv_defs_init(struct spv_defs *d, const uint32_t *w, size_t n)
{
   *d = (struct spv_defs){.w = w, .n = n};
   if (n < 5 || n > UINT32_MAX) /* words are numbered in 32 bits */
      return false;
   /* a module of n words names fewer than n ids: those below min(bound, n) are their own slots,
    * the rest (only a hostile module's bound is past its words) take slots after them */
   const uint32_t bound = w[3];
   d->dense = bound < n ? bound : (uint32_t)n;
   uint32_t at_cap = 0, far_cap = 0, defs_cap = 0, num_defs = 0;
   struct spv_id_at *defs = NULL; /* definitions of ids past dense, in the module's order */
   bool ok = mgu_array_reserve_exact(d->at, at_cap, d->dense ? d->dense : 1u);
   struct spv_walk it = spv_walk_begin(w, n);
   while (ok && spv_walk_next(&it)) {
      d->visited += it.len;
      /* the words a pass may look up as ids in its tables: those below the bound */
      for (uint32_t k = 0; ok && d->dense < bound && k < it.nops; k++) {
         if (it.o[k] < d->dense || it.o[k] >= bound)
            continue;
         uint32_t *e = mgu_array_push(d->far, d->num_far, far_cap);
         ok = e != NULL;
         if (ok)
            *e = it.o[k];
      }
      uint32_t id;
      if ((it.op == SpvOpConstant || it.op == SpvOpVariable) && it.nops >= 2)
         id = it.o[1];
      else if (it.op >= SpvOpTypeVoid && it.op <= SpvOpTypeForwardPointer && it.nops >= 1)
         id = it.o[0];
      else
         continue;
      if (id < d->dense) {
         if (!d->at[id])
            d->at[id] = (uint32_t)it.pc;
         continue;
      }
      struct spv_id_at *e = mgu_array_push(defs, num_defs, defs_cap);
      uint32_t *f = id >= bound ? mgu_array_push(d->far, d->num_far, far_cap) : NULL;
      ok = e && (id < bound || f);
      if (e)
         *e = (struct spv_id_at){id, (uint32_t)it.pc};
      if (f)
         *f = id;
   }
   if (d->num_far) { /* NULL when none */
      qsort(d->far, d->num_far, sizeof(*d->far), spv_u32_cmp);
      uint32_t kept = 0;
      for (uint32_t i = 0; i < d->num_far; i++)
         if (!kept || d->far[i] != d->far[kept - 1u])
            d->far[kept++] = d->far[i];
      d->num_far = kept;
      d->visited += d->num_far;
   }
   /* dense + num_far: below 2n, n below 2^32 (slot `slots` is none's: one more fits) */
   const uint64_t slots = (uint64_t)d->dense + d->num_far;
   ok = ok && slots < UINT32_MAX && mgu_array_reserve_exact(d->at, at_cap, slots ? slots : 1u);
   d->slots = (uint32_t)slots;
   for (uint32_t i = 0; ok && i < num_defs; i++) {     /* in the module's order: the first wins */
      const uint32_t s = spv_defs_slot(d, defs[i].id); /* each noted above: not none */
      if (s < d->slots && !d->at[s])
         d->at[s] = defs[i].at;
   }
   d->bytes = (uint64_t)at_cap * sizeof(uint32_t) + (uint64_t)far_cap * sizeof(uint32_t) +
              (uint64_t)defs_cap * sizeof(*defs);
   free(defs);
   if (!ok)
      spv_defs_finish(d);
   return ok;
}

uint32_t
spv_defs_slot(struct spv_defs *d, uint32_t id)
{
   if (id < d->dense)
      return id;
   uint32_t lo = 0, hi = d->num_far;
   while (lo < hi) {
      const uint32_t mid = lo + (hi - lo) / 2;
      d->visited++;
      if (d->far[mid] < id)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo < d->num_far && d->far[lo] == id ? d->dense + lo : d->slots;
}

bool
spv_defs_find(struct spv_defs *d, uint32_t id, struct spv_walk *out)
{
   d->visited++;
   const uint32_t s = spv_defs_slot(d, id);
   const uint32_t at = s < d->slots ? d->at[s] : 0;
   if (!at)
      return false;
   *out = spv_walk_begin(d->w, d->n);
   out->next = at;
   return spv_walk_next(out); /* the walk that noted it read it whole */
}

void
spv_defs_finish(struct spv_defs *d)
{
   free(d->at);
   free(d->far);
   d->at = NULL;
   d->far = NULL;
   d->num_far = 0;
   d->slots = 0;
}

static uint32_t
made_hash(const struct spirv_made_consts *c, uint32_t type, uint32_t value)
{
   /* a 64-bit finalizer over the key and the table's seed (its first slots' address): a client
    * cannot pick constants that all fall in one chain of probes */
   uint64_t x = ((uint64_t)type << 32 | value) ^ c->seed;
   x ^= x >> 33;
   x *= 0xff51afd7ed558ccdull;
   x ^= x >> 33;
   x *= 0xc4ceb9fe1a85ec53ull;
   x ^= x >> 33;
   return (uint32_t)x;
}

/* The slots rebuilt for twice the constants (cap: a power of two, at most half full) */
static bool
made_rehash(struct spirv_made_consts *c)
{
   const uint32_t cap = c->slots_cap ? c->slots_cap * 2u : 64u;
   if (cap <= c->slots_cap) /* 2^31 slots: no module has that many constants */
      return false;
   uint32_t *slots = calloc(cap, sizeof(uint32_t));
   if (!slots)
      return false;
   free(c->slots);
   c->slots = slots;
   c->slots_cap = cap;
   c->seed = (uint64_t)(uintptr_t)slots * 0x9e3779b97f4a7c15ull;
   for (uint32_t i = 0; i < c->n; i++) {
      uint32_t h = made_hash(c, c->v[i][0], c->v[i][1]) & (cap - 1u);
      while (slots[h]) {
         c->probes++;
         h = (h + 1u) & (cap - 1u);
      }
      slots[h] = i + 1u;
   }
   return true;
}

uint32_t
spirv_made_const(struct spirv_made_consts *c, uint32_t *bound, uint32_t type, uint32_t value)
{
   if ((uint64_t)c->n * 2u >= c->slots_cap && !made_rehash(c))
      return 0;
   uint32_t h = made_hash(c, type, value) & (c->slots_cap - 1u);
   for (; c->slots[h]; h = (h + 1u) & (c->slots_cap - 1u)) {
      const uint32_t *e = c->v[c->slots[h] - 1u];
      c->probes++;
      if (e[0] == type && e[1] == value)
         return e[2];
   }
   uint32_t(*e)[3] = mgu_array_push(c->v, c->n, c->cap);
   if (!e)
      return 0;
   (*e)[0] = type;
   (*e)[1] = value;
   (*e)[2] = (*bound)++;
   c->slots[h] = c->n;
   return (*e)[2];
}

void
spirv_made_consts_finish(struct spirv_made_consts *c)
{
   free(c->v);
   free(c->slots);
   c->v = NULL;
   c->slots = NULL;
}
