/* pipe_stats.c — counting and printing MGL_PIPE_STATS. */
#include "pipe_stats.h"

#include "pipe_codec.h"

void
mgp_stats_count(struct mgp_stats *s, enum mgp_call_id call, uint64_t bytes)
{
   s->count[call]++;
   s->bytes[call] += bytes;
   s->frame_records++;
   s->frame_bytes += bytes;
   s->bytes_since_draw += bytes;
   if (call == MGP_CALL_draw_vbo || call == MGP_CALL_draw || call == MGP_CALL_draw_words) {
      unsigned b = 0;
      uint64_t limit = 16;
      while (b + 1 < MGP_STATS_DRAW_BUCKETS && s->bytes_since_draw > limit) {
         b++;
         limit *= 2;
      }
      s->draw_bytes_hist[b]++;
      s->bytes_since_draw = 0;
      s->frame_draws++;
   } else if (call == MGP_CALL_present) {
      s->frames++;
      if (s->per_frame)
         fprintf(s->per_frame,
                 "MGL-PIPE-FRAME %llu records=%llu bytes=%llu draws=%llu round_trips=%llu\n",
                 (unsigned long long)s->frames, (unsigned long long)s->frame_records,
                 (unsigned long long)s->frame_bytes, (unsigned long long)s->frame_draws,
                 (unsigned long long)s->frame_round_trips);
      s->frame_records = s->frame_bytes = s->frame_draws = s->frame_round_trips = 0;
   }
}

void
mgp_stats_round_trip(struct mgp_stats *s)
{
   s->round_trips++;
   s->frame_round_trips++;
}

void
mgp_stats_print(const struct mgp_stats *s, FILE *f, const char *label)
{
   uint64_t total_count = 0, total_bytes = 0;
   fprintf(f, "MGL-PIPE-STATS transport=%s\n", label);
   fprintf(f, "  %-28s %12s %14s %10s\n", "call", "count", "bytes", "bytes/call");
   for (int i = 0; i < MGP_CALL_COUNT; i++) {
      if (!s->count[i])
         continue;
      total_count += s->count[i];
      total_bytes += s->bytes[i];
      fprintf(f, "  %-28s %12llu %14llu %10.1f\n", mgp_call_info[i].name,
              (unsigned long long)s->count[i], (unsigned long long)s->bytes[i],
              (double)s->bytes[i] / (double)s->count[i]);
   }
   fprintf(f, "  %-28s %12llu %14llu\n", "total", (unsigned long long)total_count,
           (unsigned long long)total_bytes);
   uint64_t draws =
      s->count[MGP_CALL_draw_vbo] + s->count[MGP_CALL_draw] + s->count[MGP_CALL_draw_words];
   fprintf(f, "  draws=%llu frames=%llu round_trips=%llu", (unsigned long long)draws,
           (unsigned long long)s->frames, (unsigned long long)s->round_trips);
   if (draws)
      fprintf(f, " bytes_per_draw=%.1f", (double)total_bytes / (double)draws);
   if (s->frames)
      fprintf(f, " round_trips_per_frame=%.2f", (double)s->round_trips / (double)s->frames);
   fprintf(f, "\n  bytes per draw (incl. its state):");
   uint64_t limit = 16;
   for (int b = 0; b < MGP_STATS_DRAW_BUCKETS; b++, limit *= 2) {
      if (!s->draw_bytes_hist[b])
         continue;
      if (b + 1 < MGP_STATS_DRAW_BUCKETS)
         fprintf(f, " <=%llu:%llu", (unsigned long long)limit,
                 (unsigned long long)s->draw_bytes_hist[b]);
      else
         fprintf(f, " more:%llu", (unsigned long long)s->draw_bytes_hist[b]);
   }
   fprintf(f, "\n");
}
