#!/bin/bash
# bench_tcp_bytes.sh BUILD_DIR [RUNS] [SECONDS] — what crosses the tcp arm's socket per presented
# frame, and the frame rate, for glxgears (mesa-utils, swap interval 0) in a 300x300 and a
# 1024x768 window under a private Xvfb 1024x768x24, through mgl's GLX vendor and a loopback
# `mgl-server --listen`. Each window size runs with the frame's read back sent as it is
# (MGL_TCP_COMPRESS=0) and run-length coded (MGL_TCP_COMPRESS=1, the default), interleaved in
# each of RUNS rounds (default 2), SECONDS (default 11) a run. Per run: glxgears' last frames/s
# report and the client's own count of socket bytes per present (client.log "tcp: N presents"
# lines at info level, the mean over every full 100 after the first, or the first alone).
set -eu
. "$(dirname "$0")/bench_gears.sh"
gears_init "$@"
for r in $(seq 1 "$runs"); do
  for geom in 300x300 1024x768; do
    for z in 0 1; do
      out=$tmp/$geom-$z-$r.out
      mkdir -p "$tmp/log-$geom-$z-$r"
      mgl_server_start "$build/bin/mgl-server" "$tmp/server-$geom-$z-$r" >/dev/null
      gears_run_mgl "$out" "$geom" MGL_TRANSPORT="$(mgl_server_url)" MGL_TCP_COMPRESS="$z" \
        MGL_LOG_LEVEL=info MGL_LOG_DIR="$tmp/log-$geom-$z-$r"
      mgl_server_stop
      fps=$(fps_of "$out")
      sed -n 's/.*tcp: 100 presents: \([0-9]*\) bytes sent, \([0-9]*\) received per present.*/\1 \2/p' \
        "$tmp/log-$geom-$z-$r/client.log" 2>/dev/null |
        awk -v r="$r" -v g="$geom" -v z="$z" -v fps="${fps:-?}" '
          { all_up += $1; all_down += $2; all++ }
          NR > 1 { up += $1; down += $2; n++ }
          END {
            if (!n && all) { up = all_up; down = all_down; n = all }
            printf "run %s %-8s compress=%s %7s frames/s", r, g, z, fps
            if (n) printf " | per present: %.0f bytes up, %.0f bytes down (%d x 100 presents)", up / n, down / n, n
            printf "\n"
          }'
    done
  done
done
