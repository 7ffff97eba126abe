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
 * ordinary indexed draw. */
#include <stdlib.h>
#include <string.h>

#include "fe_gl.h"
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
   if (a->mode == MGP_PRIM_LINE_LOOP)
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
