#!/bin/bash
# frame_passes.sh ARM MGL_BENCH_EXE VENDOR_JSON OUT_DIR
#
# mgl-bench's frame_1500 (tools/bench/chunk_frame.c: a 32-byte glBufferSubData into the uniform
# block before each of 96 groups of 16 draws, three passes over one framebuffer) for 8 frames,
# and its warm-up alone: the render passes the 8 timed frames began (the MGL-GATES counter
# render-passes-begun of the two runs' difference) are at most 3 a frame, and none was split
# by a buffer update (render-pass-splits). Before uniform buffers were renamed inside a pass
# (src/backend/vulkan/vkb_rename.c) each update ended the pass: 97 a frame.
set -u
arm=$1 exe=$2 vendor=$3 out=$4/frame_passes/$1
rm -rf "$out" && mkdir -p "$out/full" "$out/warm"
export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor EGL_PLATFORM=surfaceless MGL_TRANSPORT=$arm
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
frames=8
for mode in full warm; do
  extra=(--steps $frames)
  [ $mode = warm ] && extra=(--warmup-only)
  if ! MGL_LOG_DIR=$out/$mode "$exe" --case frame_1500 "${extra[@]}" >"$out/$mode/bench.txt" \
      2>"$out/$mode/stderr.txt"; then
    cat "$out/$mode/bench.txt" "$out/$mode/stderr.txt"
    echo "frame_passes: FAIL: mgl-bench ($mode) failed" >&2
    exit 1
  fi
done
gate() { # gate MODE NAME — a counter of the last MGL-GATES line of that run's server log
  grep -hs 'MGL-GATES' "$out/$1/server.log" | tail -n 1 | tr ' ' '\n' | sed -n "s/^$2=//p"
}
pf=$(gate full render-passes-begun) pw=$(gate warm render-passes-begun)
sf=$(gate full render-pass-splits) sw=$(gate warm render-pass-splits)
rf=$(gate full buffer-renames) rw=$(gate warm buffer-renames)
if [ -z "$pf" ] || [ -z "$pw" ] || [ -z "$sf" ] || [ -z "$sw" ] || [ -z "$rf" ] || [ -z "$rw" ]; then
  echo "frame_passes: FAIL: no MGL-GATES counters in $out/{full,warm}/server.log" >&2
  exit 1
fi
passes=$((pf - pw)) splits=$((sf - sw)) renames=$((rf - rw))
echo "frame_passes: arm=$arm frames=$frames render-passes=$passes splits=$splits renames=$renames"
if [ $passes -gt $((3 * frames)) ] || [ $splits -ne 0 ]; then
  echo "frame_passes: FAIL: $passes render passes ($splits split by a buffer update) in" \
    "$frames frames, want at most $((3 * frames)) and none split" >&2
  exit 1
fi
echo "frame_passes: PASS"
