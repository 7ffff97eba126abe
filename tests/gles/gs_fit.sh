#!/bin/bash
# gs_fit.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR   (GS_FIT=split or GS_FIT=cut)
#
# The GLES backend fits a geometry stage to the host's output limits as the host's compiler
# counts them (glb_shader.c: geometry_fit): NVIDIA's GLES refuses a points stage whose
# gl_Position, the gl_PointSize mgl writes and one float make 6 components x 204 vertices over
# its GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS of 1024 ("can only emit 170 vertices of this
# size"), and a triangle stage at GL's total that writes gl_PointSize. llvmpipe takes both, so
# MGL_TEST_GLES_GS_TOTAL_COMPONENTS=1024 makes the backend check against NVIDIA's figure:
#   split  gs_split_points passes on pixels with gles-gs-splits > 0 (2 invocations of 102
#          vertices, spv_gs_split.c); with the total at 5, under one vertex, no split fits: the
#          stage goes to the host as it came (which takes it here), gles-gs-splits-failed > 0
#          and the warning names the limit and the figures the decline would
#   cut    gs_point_size_cut passes on pixels with gles-gs-point-size-cuts > 0 (the stage
#          without its gl_PointSize stores, spv_point_size.c)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gate_common.sh"
case ${GS_FIT:-} in
split) name=gs_split_points counter=gles-gs-splits ;;
cut) name=gs_point_size_cut counter=gles-gs-point-size-cuts ;;
*) echo "gs_fit: GS_FIT must be split or cut" >&2; exit 2 ;;
esac
dir=$out/gs_fit/$name
MGL_BACKEND=gles MGL_TEST_GLES_GS_TOTAL_COMPONENTS=1024 "$here/../scenario/run_scenario.sh" \
  "$arm" "$name" "$exe" "$vendor" "$dir" >/dev/null
log=$dir/logs/$arm/$name/server.log
n=$(gate "$log" "$counter")
if [ -z "$n" ] || [ "$n" -eq 0 ]; then
  echo "gs_fit: FAIL: $name under MGL_TEST_GLES_GS_TOTAL_COMPONENTS=1024: $counter=${n:-missing}" \
    "($log)" >&2
  exit 1
fi
echo "gs_fit: $name $counter=$n"
if [ "$GS_FIT" = split ]; then
  dir=$out/gs_fit/${name}_unsplit
  MGL_BACKEND=gles MGL_TEST_GLES_GS_TOTAL_COMPONENTS=5 "$here/../scenario/run_scenario.sh" \
    "$arm" "$name" "$exe" "$vendor" "$dir" >/dev/null
  log=$dir/logs/$arm/$name/server.log
  failed=$(gate "$log" gles-gs-splits-failed)
  splits=$(gate "$log" gles-gs-splits)
  want='6 output components (built-ins included) x 204 vertices = 1224, over the host.s GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS of 5'
  # the warning is the server's: in client.log on monolith, where the backend runs in the app
  if [ "${failed:-0}" -eq 0 ] || [ "${splits:-1}" -ne 0 ] ||
    ! grep -rqs "$want" "$dir/logs/$arm/$name"; then
    echo "gs_fit: FAIL: total 5: gles-gs-splits-failed=${failed:-missing}" \
      "gles-gs-splits=${splits:-missing}, or no warning naming the limit ($log)" >&2
    exit 1
  fi
  echo "gs_fit: total 5: gles-gs-splits-failed=$failed, the limit named"
fi
echo "gs_fit: PASS arm=$arm $GS_FIT"
