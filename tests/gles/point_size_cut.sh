#!/bin/bash
# point_size_cut.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# The GLES backend runs a draw that is not points on a variant of its program without the
# vertex stage's gl_PointSize writes (spv_point_size.c, GLB_VARIANT_NO_POINT_SIZE). The
# point_size_mixed scenario's pixels prove the points keep GL's sizes across the switches; this
# proves the switches happen: with the cut on, its two triangle draws, and only they, run on the
# variant (gles-point-size-cut-draws = 2); with MGL_GLES_POINT_SIZE_CUT=0, the A/B, none does
# and the scenario passes the same.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gate_common.sh"
for cut in 1 0; do
  dir=$out/point_size_cut/cut$cut
  MGL_BACKEND=gles MGL_GLES_POINT_SIZE_CUT=$cut "$here/../scenario/run_scenario.sh" "$arm" \
    point_size_mixed "$exe" "$vendor" "$dir" >/dev/null
  log=$dir/logs/$arm/point_size_mixed/server.log
  cuts=$(gate "$log" gles-point-size-cut-draws)
  draws=$(gate "$log" gles-draws)
  want=$((cut ? 2 : 0))
  if [ -z "$cuts" ] || [ "$cuts" -ne "$want" ] || [ "${draws:-0}" -ne 4 ]; then
    echo "point_size_cut: FAIL: MGL_GLES_POINT_SIZE_CUT=$cut: ${cuts:-no} draws of 4" \
      "(gles-draws=${draws:-none}) without gl_PointSize, want $want ($log)" >&2
    exit 1
  fi
  echo "point_size_cut: cut=$cut gles-point-size-cut-draws=$cuts of $draws"
done
echo "point_size_cut: PASS arm=$arm"
