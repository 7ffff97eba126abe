#!/bin/bash
# blits_drawn.sh ARM NAME COUNT MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# The blits the host's glBlitFramebuffer refuses are drawn (glb_blit_draw.c); the scenarios'
# pixels prove the drawing right, this proves which path each blit took: scenario NAME must pass
# on the GLES backend with exactly COUNT blits drawn (the gate gles-blits-drawn). COUNT 0 for a
# scenario whose blits the host takes shows the host's own blit stays the first choice.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -ne 6 ]; then
  echo "usage: $0 ARM NAME COUNT MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR" >&2
  exit 2
fi
arm=$1 name=$2 want=$3 exe=$4 vendor=$5 out=$6
dir=$out/blits_drawn
MGL_BACKEND=gles "$here/../scenario/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" "$dir" \
  >/dev/null
log=$dir/logs/$arm/$name/server.log
got=$(grep -h 'MGL-GATES' "$log" | tail -n 1 | tr ' ' '\n' | sed -n 's/^gles-blits-drawn=//p')
if [ "$got" != "$want" ]; then
  echo "blits_drawn: FAIL: $name drew ${got:-no} blits on arm $arm, expected $want ($log)" >&2
  exit 1
fi
echo "blits_drawn: PASS arm=$arm scenario=$name gles-blits-drawn=$got"
