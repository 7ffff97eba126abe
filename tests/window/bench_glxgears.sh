#!/bin/bash
# bench_glxgears.sh BUILD_DIR [RUNS] [SECONDS] — a real windowed GLX program's per-frame cost on
# every arm beside Mesa llvmpipe, interleaved in one run: glxgears (mesa-utils, 300x300 window,
# swap interval 0) under a private Xvfb, SECONDS (default 11) a run, RUNS (default 2) rounds of
# mesa, monolith, inproc, spawn, tcp. Prints one line per arm and round: frames/s and ms/frame
# (glxgears' last 5-second report), and for the mgl arms the client's records per frame (bytes
# sent to the server, round trips: MGL_PIPE_STATS=frame, the mean over the frames after the
# first 20). On the copy path (every arm on a CPU device; tcp always) each frame's round trip
# also brings the 300x300 frame back: 360,000 bytes of BGRA8 plus a 16-byte rectangle.
set -eu
. "$(dirname "$0")/bench_gears.sh"
gears_init "$@"
for r in $(seq 1 "$runs"); do
  for arm in mesa monolith inproc spawn tcp; do
    out=$tmp/$arm-$r.out
    if [ "$arm" = mesa ]; then
      gears_run "$out" 300x300 __GLX_VENDOR_LIBRARY_NAME=mesa LIBGL_ALWAYS_SOFTWARE=1
      fps=$(fps_of "$out")
      printf 'run %s %-8s %7s frames/s %7s ms/frame\n' "$r" mesa "${fps:-?}" \
        "$(awk -v f="${fps:-0}" 'BEGIN { if (f > 0) printf "%.2f", 1000 / f; else print "?" }')"
      continue
    fi
    t=$arm
    if [ "$arm" = tcp ]; then
      mgl_server_start "$build/bin/mgl-server" "$tmp/server-$r" >/dev/null
      t=$(mgl_server_url)
    fi
    gears_run_mgl "$out" 300x300 MGL_TRANSPORT="$t" MGL_PIPE_STATS=frame \
      MGL_LOG_DIR="$tmp/log-$arm-$r"
    [ "$arm" = tcp ] && mgl_server_stop
    fps=$(fps_of "$out")
    awk -v r="$r" -v arm="$arm" -v fps="${fps:-0}" '
      /^MGL-PIPE-FRAME/ {
        n++
        if (n <= 20) next
        for (i = 3; i <= NF; i++) { split($i, kv, "="); sum[kv[1]] += kv[2] }
        m++
      }
      END {
        printf "run %s %-8s %7.1f frames/s %7s ms/frame", r, arm, fps,
               (fps > 0 ? sprintf("%.2f", 1000 / fps) : "?")
        if (m) printf " | per frame: %.0f records, %.0f bytes, %.2f round trips",
                      sum["records"] / m, sum["bytes"] / m, sum["round_trips"] / m
        printf " (%d frames)\n", n
      }' "$out"
  done
done
