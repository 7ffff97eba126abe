/* fe_prim_rewrite.c — the draws a Vulkan device cannot take as GL sends them, rewritten here
 * into an index stream it can: GL_LINE_LOOP (Vulkan has no loop: a line strip that repeats
 * each loop's first index), primitive restart at an index other than the type's all-ones
 * (Vulkan restarts only there: 32-bit indices with all-ones markers), and restart in a list
 * topology on a device without list restart (MGP_CAP_LIST_RESTART absent: each run between
 * restart indices keeps its whole primitives and no marker is written).
 *
 * The indices come from the client's memory, or from the client's copy of the element buffer;
 * only a buffer the GPU wrote (or one too large to copy) is read back, a counted round trip.
 * The rewritten indices travel with the draw as client-side indices do (the server copies them
 * into its arena, no buffer write and no copy command in the stream), so the server draws an
 * ordinary indexed draw.
 *
 * A device that draws loops itself (MGP_CAP_LINE_LOOP: GLES) takes them as they are; a loop
 * is rewritten there only for a restart index other than all-ones.
 *
 * A draw of one range keeps its rewritten stream in the context's index buffer instead
 * ("the cache" below): a glDrawArrays(GL_LINE_LOOP) of n vertices is the same stream 0..n-1,0
 * wherever it starts (the start goes in as the base vertex), and an element buffer's range
 * rewrites the same while its indices are, so a repeated draw sends no indices. */
#include <stdlib.h>
#include <string.h>

#include "fe_gl.h"
#include "fe_tracker.h"
#include "log.h"

/* Rewritten indices of one draw at most (4 bytes each). */
#define REWRITE_MAX_INDICES (64ull << 20)

static bool
list_mode(uint32_t mode)
{
   return mode == MGP_PRIM_POINTS || mode == MGP_PRIM_LINES || mode == MGP_PRIM_TRIANGLES ||
          mode == MGP_PRIM_LINES_ADJACENCY || mode == MGP_PRIM_TRIANGLES_ADJACENCY;
}

static uint32_t
list_vertices(uint32_t mode)
{
   switch (mode) {
   case MGP_PRIM_POINTS: return 1;
   case MGP_PRIM_LINES: return 2;
   case MGP_PRIM_TRIANGLES: return 3;
   case MGP_PRIM_LINES_ADJACENCY: return 4;
   default: return 6;
   }
}

bool
fe_prim_rewrite_needed(struct fe_context *ctx, struct mgp_draw_vbo *a)
{
   if (a->flags & MGP_DRAW_PRIMITIVE_RESTART) {
      const uint32_t isz = a->index_size;
      const uint32_t all_ones = isz == 4 ? 0xffffffffu : (1u << (isz * 8)) - 1;
      /* An index of this size never equals a larger restart index: nothing restarts. */
      if (a->restart_index > all_ones)
         a->flags &= (uint8_t)~MGP_DRAW_PRIMITIVE_RESTART;
   }
   if (a->mode == MGP_PRIM_LINE_LOOP && !fe_line_loop_native(ctx))
      return true;
   if (!(a->flags & MGP_DRAW_PRIMITIVE_RESTART))
      return false;
   const uint32_t all_ones = a->index_size == 4 ? 0xffffffffu : (1u << (a->index_size * 8)) - 1;
   return a->restart_index != all_ones ||
          (list_mode(a->mode) && !(ctx->share->caps->cap_bits & MGP_CAP_LIST_RESTART));
}

/* src is NULL for a non-indexed draw (index = vertex number). GL compares the restart index
 * before the base vertex is added, and so does Vulkan: index_bias stays as it was. dst has room
 * for every index the ranges can make (a loop adds one per segment; a segment needs a restart
 * marker before it). */
static void
rewrite_indices(uint32_t *dst, const uint8_t *src, uint32_t isz, bool loop, bool restart,
                uint32_t restart_index, uint32_t list_vpp, const struct mgp_draw_range *ranges,
                uint32_t ndraws, uint64_t src_base, struct mgp_draw_range *out_ranges)
{
   uint32_t n = 0;
   for (uint32_t r = 0; r < ndraws; r++) {
      const uint32_t first = n;
      uint32_t seg_start = n;
      for (uint32_t i = 0; i <= ranges[r].count; i++) {
         const bool end = i == ranges[r].count;
         uint32_t v = 0;
         if (!end) {
            const uint64_t k = (uint64_t)ranges[r].start + i;
            if (!src) {
               v = (uint32_t)k;
            } else if (isz == 1) {
               v = src[k - src_base];
            } else if (isz == 2) {
               uint16_t t;
               memcpy(&t, src + 2 * (k - src_base), 2);
               v = t;
            } else {
               memcpy(&v, src + 4 * (k - src_base), 4);
            }
         }
         const bool cut = !end && src && restart && v == restart_index;
         if (!end && !cut) {
            dst[n++] = v;
            continue;
         }
         if (loop) {
            if (n - seg_start >= 2)
               dst[n++] = dst[seg_start]; /* close the loop */
            else
               n = seg_start; /* a loop of fewer than 2 vertices draws nothing */
            if (cut && n > seg_start)
               dst[n++] = 0xffffffffu;
         } else if (list_vpp) {
            n = seg_start + (n - seg_start) / list_vpp * list_vpp;
         } else if (cut) {
            dst[n++] = 0xffffffffu;
         }
         seg_start = n;
      }
      out_ranges[r] = (struct mgp_draw_range){first, n - first, ranges[r].index_bias};
   }
}

/* The source indices [lo, hi) of the draw: the app's memory, the client's copy of the element
 * buffer, or (a buffer the GPU wrote, or one too large to copy) a counted read back into
 * *owned. NULL with an error or decline recorded. */
static const uint8_t *
source_indices(struct fe_context *ctx, const struct mgp_draw_vbo *a, uint64_t lo, uint64_t hi,
               uint8_t **owned)
{
   const uint32_t isz = a->index_size;
   *owned = NULL;
   if (a->flags & MGP_DRAW_USER_INDICES)
      return (const uint8_t *)a->user_indices.ptr + lo * isz;
   struct fe_buffer *eb = ctx->vao->elements;
   if (!eb || !eb->created || hi * isz > (uint64_t)eb->size) {
      MGU_DECLINE(gl_draw_out_of_bounds, "indices [%llu, %llu) past the element buffer",
                  (unsigned long long)lo, (unsigned long long)hi);
      return NULL;
   }
   fe_drain_events(ctx); /* a GPU write that retired clears copy_valid */
   if (eb->copy_valid)
      return eb->copy + lo * isz;
   MGU_DECLINE(index_rewrite_readback,
               "%s from an element buffer the client holds no copy of "
               "(written by the GPU, or over %u bytes): its indices were read back from the "
               "server",
               a->mode == MGP_PRIM_LINE_LOOP ? "GL_LINE_LOOP" : "primitive restart",
               FE_BUFFER_COPY_MAX);
   const uint64_t bytes = (hi - lo) * isz;
   *owned = malloc(bytes ? bytes : 1);
   if (!*owned) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   fe_buffer_read(ctx, eb, lo * isz, bytes, *owned);
   return *owned;
}

/* ---- the cache ------------------------------------------------------------------------------
 * One index buffer per context, written from its start as streams are kept (a stream is never
 * written over while a draw may read it): when the next does not fit, the store is made again
 * (the old one stays the server's while draws read it) and every entry dropped. An element
 * buffer's entry keeps the source indices it rewrote and is a hit only while the buffer's
 * client copy holds those same bytes (any write, a glBufferData, a GPU write that leaves no
 * valid copy, misses), so no write path needs to know about it. */
#define CACHE_INDICES (64u << 10)            /* the store: 256 KiB */
#define CACHE_STREAM_MAX (CACHE_INDICES / 4) /* the longest stream kept */
#define CACHE_SOURCE_MAX (16u << 10)         /* source bytes compared at a hit, at most */
#define CACHE_ENTRIES FE_REWRITE_CACHE_ENTRIES

static void
cache_entry_clear(struct fe_rewrite_entry *e)
{
   free(e->src);
   *e = (struct fe_rewrite_entry){0};
}

void
fe_prim_rewrite_finish(struct fe_context *ctx)
{
   struct fe_rewrite_cache *c = &ctx->rewrite_cache;
   for (size_t i = 0; i < CACHE_ENTRIES; i++)
      cache_entry_clear(&c->entries[i]);
   if (!mgp_handle_is_null(c->res)) {
      mgp_resource_destroy(ctx->share->screen, &(struct mgp_handle_args){c->res});
      fe_share_free_handle(ctx->share, MGP_KIND_BUFFER, c->res);
      c->res = mgp_handle_null();
   }
}

/* A new store (the first, or one that replaces a full one): false without a handle. */
static bool
cache_store(struct fe_context *ctx, struct fe_rewrite_cache *c)
{
   const bool again = !mgp_handle_is_null(c->res);
   if (!again && !fe_share_alloc_handle(ctx->share, MGP_KIND_BUFFER, &c->res)) {
      c->res = mgp_handle_null();
      return false;
   }
   const struct mgp_resource_desc d = {
      .res = c->res,
      .target = MGP_RESOURCE_TARGET_BUFFER,
      .levels = 1,
      .bind_mask = MGP_BIND_INDEX | MGP_BIND_TRANSFER,
      .format = MGP_FORMAT_NONE,
      .width = CACHE_INDICES * 4,
      .height = 1,
      .depth = 1,
      .array_layers = 1,
      .usage = MGP_BUFFER_USAGE_STATIC_DRAW,
      .size = CACHE_INDICES * 4,
   };
   fe_resource_send(ctx->share, &d, again);
   for (size_t i = 0; i < CACHE_ENTRIES; i++)
      cache_entry_clear(&c->entries[i]);
   c->used = 0;
   c->next = 0;
   /* bound again at the next hit, whatever the tracker last sent */
   if (again)
      ctx->tracker.index_res = mgp_handle_null();
   return true;
}

/* The draw of one range from the cache: *a becomes an indexed draw of the context's index
 * buffer (bound here) and *ranges its one range. False: the caller rewrites as before (more
 * than one range, client-side indices, a source the client holds no copy of, a stream too long
 * to keep, or nothing to draw). */
static bool
cache_draw(struct fe_context *ctx, struct mgp_draw_vbo *a, const struct mgp_draw_range **ranges,
           bool loop, bool restart, uint32_t list_vpp)
{
   const struct mgp_draw_range *in = *ranges;
   const uint32_t isz = a->index_size;
   if (a->num_draws != 1 || (a->flags & MGP_DRAW_USER_INDICES) || in->count < 2)
      return false;
   int64_t bias = in->index_bias;
   const uint8_t *src = NULL;
   struct mgp_handle ebh = mgp_handle_null();
   uint32_t start = 0;
   const uint64_t bytes = (uint64_t)in->count * isz;
   if (!isz) {
      if (!loop)
         return false;
      bias += in->start; /* the loop's vertex numbers, 0-based, from its first vertex */
      if (bias > INT32_MAX)
         return false;
   } else {
      struct fe_buffer *eb = ctx->vao->elements;
      if (!eb || !eb->created || bytes > CACHE_SOURCE_MAX ||
          (uint64_t)in->start * isz + bytes > (uint64_t)eb->size)
         return false;
      fe_drain_events(ctx); /* a GPU write that retired clears copy_valid */
      if (!eb->copy_valid)
         return false;
      src = eb->copy + (uint64_t)in->start * isz;
      ebh = eb->res;
      start = in->start;
   }
   struct fe_rewrite_cache *c = &ctx->rewrite_cache;
   struct fe_rewrite_entry *hit = NULL;
   for (size_t i = 0; i < CACHE_ENTRIES && !hit; i++) {
      struct fe_rewrite_entry *e = &c->entries[i];
      if (e->n && e->count == in->count && e->mode == a->mode && e->index_size == isz &&
          e->start == start && mgp_handle_eq(e->eb, ebh) && e->restart == restart &&
          (!restart || e->restart_index == a->restart_index) &&
          (!isz || !memcmp(e->src, src, bytes)))
         hit = e;
   }
   if (hit) {
      c->hits++;
   } else {
      const uint64_t total = loop ? 2ull * in->count + 1 : in->count;
      if (total > CACHE_STREAM_MAX)
         return false;
      uint32_t *dst = malloc(total * 4);
      uint8_t *kept = isz ? malloc(bytes) : NULL;
      if (!dst || (isz && !kept)) {
         free(dst);
         free(kept);
         return false;
      }
      const struct mgp_draw_range one = {start, in->count, 0};
      struct mgp_draw_range out;
      rewrite_indices(dst, src, isz, loop, restart || list_vpp, a->restart_index, list_vpp, &one, 1,
                      start, &out);
      if (!out.count || (c->used + out.count > CACHE_INDICES && !cache_store(ctx, c)) ||
          (mgp_handle_is_null(c->res) && !cache_store(ctx, c))) {
         free(dst);
         free(kept);
         return false;
      }
      fe_resource_upload(ctx, c->res, (uint64_t)c->used * 4, dst, (uint64_t)out.count * 4);
      free(dst);
      if (kept)
         memcpy(kept, src, bytes);
      hit = &c->entries[c->next];
      c->next = (uint32_t)((c->next + 1) % CACHE_ENTRIES);
      cache_entry_clear(hit);
      *hit = (struct fe_rewrite_entry){
         .n = out.count,
         .offset = c->used,
         .start = start,
         .count = in->count,
         .restart_index = a->restart_index,
         .eb = ebh,
         .mode = a->mode,
         .index_size = (uint8_t)isz,
         .restart = restart,
         .src = kept,
      };
      c->used += out.count;
      c->misses++;
   }
   c->range = (struct mgp_draw_range){hit->offset, hit->n, (int32_t)bias};
   if (loop)
      a->mode = MGP_PRIM_LINE_STRIP;
   a->index_size = 4;
   a->flags &= (uint8_t) ~(MGP_DRAW_PRIMITIVE_RESTART | MGP_DRAW_USER_INDICES);
   a->user_indices = (struct mgp_span){0};
   a->restart_index = 0;
   /* the markers written are all-ones; a list without list restart has none */
   if (restart && !list_vpp) {
      a->flags |= MGP_DRAW_PRIMITIVE_RESTART;
      a->restart_index = 0xffffffffu;
   }
   fe_tracker_index_buffer(ctx, c->res, 0, 4);
   *ranges = &c->range;
   return true;
}

bool
fe_prim_rewrite(struct fe_context *ctx, struct mgp_draw_vbo *a,
                const struct mgp_draw_range **ranges, void **owned)
{
   const struct mgp_draw_range *in = *ranges;
   const uint32_t ndraws = a->num_draws, isz = a->index_size;
   const bool loop = a->mode == MGP_PRIM_LINE_LOOP;
   const bool restart = (a->flags & MGP_DRAW_PRIMITIVE_RESTART) != 0;
   const uint32_t list_vpp =
      restart && list_mode(a->mode) && !(ctx->share->caps->cap_bits & MGP_CAP_LIST_RESTART)
         ? list_vertices(a->mode)
         : 0;
   if (cache_draw(ctx, a, ranges, loop, restart, list_vpp)) {
      *owned = NULL;
      return true;
   }
   uint64_t total = 0, lo = UINT64_MAX, hi = 0;
   for (uint32_t i = 0; i < ndraws; i++) {
      total += loop ? 2ull * in[i].count + 1 : in[i].count;
      if (in[i].start < lo)
         lo = in[i].start;
      if ((uint64_t)in[i].start + in[i].count > hi)
         hi = (uint64_t)in[i].start + in[i].count;
   }
   if (!total)
      total = 1;
   if (total > REWRITE_MAX_INDICES) {
      MGU_DECLINE(gl_feature_unimplemented, "%s rewritten into %llu indices (at most %llu)",
                  loop ? "GL_LINE_LOOP" : "primitive restart", (unsigned long long)total,
                  REWRITE_MAX_INDICES);
      return false;
   }
   uint8_t *read_back = NULL;
   const uint8_t *src = NULL;
   if (isz && !(src = source_indices(ctx, a, lo, hi, &read_back)))
      return false;
   /* the ranges, then the indices (4-byte aligned after them) */
   struct mgp_draw_range *out = malloc(ndraws * sizeof(*out) + total * 4);
   if (!out) {
      free(read_back);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   uint32_t *dst = (uint32_t *)(out + ndraws);
   rewrite_indices(dst, src, isz, loop, restart || list_vpp, a->restart_index, list_vpp, in, ndraws,
                   isz ? lo : 0, out);
   uint64_t n = 0;
   for (uint32_t i = 0; i < ndraws; i++)
      if ((uint64_t)out[i].start + out[i].count > n)
         n = (uint64_t)out[i].start + out[i].count;
   if (loop)
      a->mode = MGP_PRIM_LINE_STRIP;
   a->index_size = 4;
   a->flags &= (uint8_t)~MGP_DRAW_PRIMITIVE_RESTART;
   a->flags |= MGP_DRAW_USER_INDICES;
   if (!n)
      dst[0] = 0; /* nothing is drawn; the span still has bytes */
   a->user_indices = (struct mgp_span){.ptr = dst, .size = n ? n * 4 : 4};
   a->restart_index = 0;
   /* the markers written are all-ones; a list without list restart has none */
   if (restart && !list_vpp) {
      a->flags |= MGP_DRAW_PRIMITIVE_RESTART;
      a->restart_index = 0xffffffffu;
   }
   free(read_back);
   *ranges = out;
   *owned = out;
   return true;
}
