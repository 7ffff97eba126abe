/* pipe_stats.h — MGL_PIPE_STATS: per-call counts and bytes, bytes per draw as a histogram,
 * round trips. One struct per client session; printed at exit and, with MGL_PIPE_STATS=frame,
 * at every present. */
#ifndef MGL_PIPE_STATS_H
#define MGL_PIPE_STATS_H

#include <stdint.h>
#include <stdio.h>

#include "pipe_types.h"

#define MGP_STATS_DRAW_BUCKETS 12 /* <=16, <=32, ... , >16 KiB */

struct mgp_stats {
   uint64_t count[MGP_CALL_COUNT];
   uint64_t bytes[MGP_CALL_COUNT];
   uint64_t round_trips;
   uint64_t draw_bytes_hist[MGP_STATS_DRAW_BUCKETS];
   /* Bytes of every record since the last draw, so a draw's cost includes its state. */
   uint64_t bytes_since_draw;
   uint64_t frames;
   /* MGL_PIPE_STATS=frame: one line per present with that frame's records, bytes and draws. */
   FILE *per_frame;
   uint64_t frame_records, frame_bytes, frame_draws, frame_round_trips;
};

void mgp_stats_count(struct mgp_stats *s, enum mgp_call_id call, uint64_t bytes);
void mgp_stats_round_trip(struct mgp_stats *s);
/* Writes the table; label names the session (transport). */
void mgp_stats_print(const struct mgp_stats *s, FILE *f, const char *label);

#endif
