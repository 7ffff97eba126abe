#!/bin/bash
# batch_throttle.sh ARM MGL_BENCH_EXE VENDOR_JSON OUT_DIR
#
# A frame of tiny draws that the device executes slower than the app records them: 60,000
# draws of mgl-bench draw_arrays in one frame are eight batches of VKB_BATCH_DRAW_LIMIT, and
# MGL_TEST_VK_HOLD_BATCH_MS=100 keeps each on the device for 100 ms after its submit. The
# backend must wait for the oldest batch once VKB_INFLIGHT_BATCH_LIMIT (4) are queued, so host
# memory stays bounded (before, every batch stayed queued: mgl-bench blend_toggle held 0.4 GB
# after 0.5 s on lavapipe). Pass: batch-throttle-waits > 0 and inflight-batches-peak <= 5 (the
# limit plus the batch just submitted).
set -u
arm=$1 exe=$2 vendor=$3 out=$4/batch_throttle/$1
rm -rf "$out" && mkdir -p "$out"
export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor EGL_PLATFORM=surfaceless MGL_TRANSPORT=$arm
export MGL_LOG_DIR=$out MGL_TEST_VK_HOLD_BATCH_MS=100 XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
if ! "$exe" --case draw_arrays --steps 60000 >"$out/bench.txt" 2>&1; then
  cat "$out/bench.txt"
  echo "batch_throttle: FAIL: mgl-bench failed" >&2
  exit 1
fi
gates=$(grep -hs 'MGL-GATES' "$out/server.log" | tail -n 1)
get() { printf '%s\n' "$gates" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
waits=$(get batch-throttle-waits) peak=$(get inflight-batches-peak)
if [ -z "$waits" ] || [ -z "$peak" ]; then
  echo "batch_throttle: FAIL: no throttle gates: $gates" >&2
  exit 1
fi
if [ "$waits" -eq 0 ] || [ "$peak" -gt 5 ]; then
  echo "batch_throttle: FAIL: batch-throttle-waits=$waits inflight-batches-peak=$peak" >&2
  exit 1
fi
echo "batch_throttle: PASS arm=$arm batch-throttle-waits=$waits inflight-batches-peak=$peak"
