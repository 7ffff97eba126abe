#!/bin/bash
# demo_vs_llvmpipe.sh MGL_DEMO PNGDIFF VENDOR_JSON OUT_DIR
# Renders mgl-demo through mgl (default arm and backend) and through Mesa llvmpipe, and compares.
#
# Tolerance: at most 0.1% of the pixels may differ, by any amount. Two rasterizers (llvmpipe's GL
# rasterizer and lavapipe's Vulkan one) may decide a pixel centre lying exactly on a shared edge
# of two cubes differently; measured here: 9 of 307200 pixels (0.003%), every one on a cube edge.
# Anything systematic (a wrong transform, lighting, texture or depth) changes far more than that.
set -eu
demo=$1 diff=$2 vendor=$3 out=$4
mkdir -p "$out/logs"
rm -f "$out"/*.png "$out"/logs/*
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
MGL_LOG_DIR=$out/logs __EGL_VENDOR_LIBRARY_FILENAMES=$vendor EGL_PLATFORM=surfaceless \
  "$demo" --frames 3 --output "$out/mgl.png" | tee "$out/mgl.txt"
grep -q 'GL_VENDOR: mgl' "$out/mgl.txt" || { echo "FAIL: the mgl run did not go through mgl" >&2; exit 1; }
EGL_PLATFORM=surfaceless "$demo" --frames 3 --output "$out/llvmpipe.png" | tee "$out/llvmpipe.txt"
grep -q 'llvmpipe' "$out/llvmpipe.txt" || { echo "FAIL: the reference run was not llvmpipe" >&2; exit 1; }
"$diff" "$out/mgl.png" "$out/llvmpipe.png" --max-bad-fraction 0.001 --diff "$out/diff.png"
