#!/bin/bash
# frame_ring.sh ARM MGL_BENCH_EXE VENDOR_JSON OUT_DIR
#
# mgl-bench's frame_1500 (tools/bench/chunk_frame.c: 1,536 draws a frame over 384 chunks'
# buffers, a uniform-block update per 16 draws, program and render-state switches) for 12
# frames with MGL_PIPE_STATS=frame. Pass: every frame after the warm-up and the boundary
# (MGL-PIPE-FRAME 6 on) issued 1,536 draws and no round trip, the run printed the
# frame_1500_appcpu row (the app thread's CPU per frame), and, in a 256 KiB ring (a frame is
# 171 KB) that the server drains slower than the app fills it, the app's thread slept on the ring
# at most twice per 1,000 records (client.log MGL-RING; before the ring's wake targets it slept
# every 10-30 records, woken at every record the server released).
set -u
arm=$1 exe=$2 vendor=$3 out=$4/frame_ring/$1
rm -rf "$out" && mkdir -p "$out"
export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor EGL_PLATFORM=surfaceless MGL_TRANSPORT=$arm
export MGL_LOG_DIR=$out MGL_PIPE_STATS=frame MGL_IPC_RING_SIZE=256k
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
if ! "$exe" --case frame_1500 --steps 12 >"$out/bench.txt" 2>"$out/stderr.txt"; then
  cat "$out/bench.txt" "$out/stderr.txt"
  echo "frame_ring: FAIL: mgl-bench failed" >&2
  exit 1
fi
if ! grep -q '^frame_1500_appcpu ' "$out/bench.txt"; then
  cat "$out/bench.txt"
  echo "frame_ring: FAIL: no frame_1500_appcpu row" >&2
  exit 1
fi
frames=$(awk '/^MGL-PIPE-FRAME / && $2 >= 6' "$out/stderr.txt")
n=$(printf '%s\n' "$frames" | grep -c 'draws=1536 round_trips=0$')
if [ "$n" -lt 12 ]; then
  printf '%s\n' "$frames"
  echo "frame_ring: FAIL: $n of the 12 timed frames drew 1536 with no round trip" >&2
  exit 1
fi
ring=$(grep -hs 'MGL-RING' "$out/client.log" | tail -n 1)
get() { printf '%s\n' "$ring" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
records=$(get records) sleeps=$(get sleeps)
if [ -z "$records" ] || [ -z "$sleeps" ]; then
  echo "frame_ring: FAIL: no MGL-RING line: $ring" >&2
  exit 1
fi
if [ $((sleeps * 1000)) -gt $((records * 2)) ]; then
  echo "frame_ring: FAIL: the app's thread slept $sleeps times on the ring for $records records" >&2
  exit 1
fi
echo "frame_ring: PASS arm=$arm frames=$n records=$records sleeps=$sleeps"
