#!/usr/bin/env bash
# gles_host_calls.sh BUILD_DIR — host GL calls per draw of the GLES backend (MGL_BACKEND=gles,
# monolith: one session in the process, so the process-wide gles-host-calls counter is the
# session's), with the shadow of host state off (MGL_GLES_SHADOW=0) and on, side by side, with
# mgl-bench's own figure of each run. A case's calls per draw are the MGL-GATES counters of a run
# minus those of a --warmup-only run (warm-up, program and texture creation left out), divided
# by the draws between. BENCH_SECONDS (default 0.3) is each case's timed length; CASES names the
# cases (default: the draw-overhead ones and demo_frame).
set -euo pipefail
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 BUILD_DIR" >&2
  exit 2
fi
B=$(cd "$1" && pwd)
BENCH=$B/bin/mgl-bench
SECS=${BENCH_SECONDS:-0.3}
CASES=${CASES:-"draw_arrays draw_elements attrib_change program_change texture1_change
  texture8_change ubo_change uniform_few_change viewport_change scissor_change blend_toggle
  depth_toggle demo_frame"}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
gate() { # gate FILE NAME — a counter of the last MGL-GATES line
  grep -h 'MGL-GATES' "$1" | tail -n 1 | tr ' ' '\n' | sed -n "s/^$2=//p"
}
run() { # run SHADOW MODE CASE — one mgl-bench process; its figures on stdout
  local extra=
  [ "$2" = warm ] && extra=--warmup-only
  rm -rf "$TMP/log"
  mkdir -p "$TMP/log"
  env __EGL_VENDOR_LIBRARY_FILENAMES="$B/mgl_vendor.json" EGL_PLATFORM=surfaceless \
    XDG_RUNTIME_DIR=/tmp MGL_TRANSPORT=monolith MGL_BACKEND=gles MGL_GLES_SHADOW="$1" \
    MGL_LOG_DIR="$TMP/log" "$BENCH" --case "$3" --seconds "$SECS" $extra 2>/dev/null
  echo "calls=$(gate "$TMP/log/server.log" gles-host-calls) draws=$(gate "$TMP/log/server.log" gles-draws)" >"$TMP/gates_$1_$2"
}
printf '%-20s %14s %14s   %s\n' case "calls/draw off" "calls/draw on" "mgl-bench figure (off | on)"
for c in $CASES; do
  line=$c
  figs=
  for sh in 0 1; do
    fig=$(run $sh full "$c" | grep -m1 "$c" || true)
    . "$TMP/gates_${sh}_full"
    cf=$calls df=$draws
    run $sh warm "$c" >/dev/null
    . "$TMP/gates_${sh}_warm"
    per=$(awk -v a="$cf" -v b="$calls" -v x="$df" -v y="$draws" \
      'BEGIN { if (x - y > 0) printf "%.2f", (a - b) / (x - y); else print "-" }')
    line="$line $per"
    figs="$figs | $fig"
  done
  set -- $line
  printf '%-20s %14s %14s   %s\n' "$1" "$2" "$3" "${figs# | }"
done
