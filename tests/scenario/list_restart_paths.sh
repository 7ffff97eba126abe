#!/bin/bash
# list_restart_paths.sh MODE ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# How scenario restart_lists (GL_TRIANGLES with restart index 0xFFFF, GL_LINES with 50,
# GL_POINTS with 3) was drawn, under the validation layer:
#   extension  the device has primitiveTopologyListRestart (MGP_CAP_LIST_RESTART): the client
#              rewrites only the two draws whose restart index is not all-ones.
#   rewrite    MGL_TEST_VK_NO_LIST_RESTART=1 hides it: the client cuts every list draw with
#              restart into whole primitives itself, and the pixels are the same.
# Either way the server must decline none as a draw it cannot do (backend-draw-needs-rewrite):
# a list restart it was sent without the extension would be dropped by that name.
set -u
here=$(cd "$(dirname "$0")" && pwd)
mode=$1 arm=$2 exe=$3 vendor=$4 out=$5/restart_lists_$mode
case "$mode" in
  extension) unset MGL_TEST_VK_NO_LIST_RESTART ;;
  rewrite) export MGL_TEST_VK_NO_LIST_RESTART=1 ;;
  *) echo "list_restart_paths: unknown mode $mode" >&2; exit 2 ;;
esac
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" restart_lists "$exe" "$vendor" "$out" validation >"$log" 2>&1 ||
  rc=$?
cat "$log"
[ "$rc" -eq 0 ] || { echo "list_restart_paths: FAIL: the $mode run failed" >&2; exit 1; }
logs=$out/validation/logs/$arm/restart_lists
grep -rqs 'MGL-GATES' "$logs" ||
  { echo "list_restart_paths: FAIL: no MGL-GATES line (the session did not end cleanly)" >&2; exit 1; }
n=$(grep -rhos "MGL-DECLINES.*" "$logs" | tr ' ' '\n' | sed -n 's/^backend-draw-needs-rewrite=//p' |
  head -n 1)
if [ -n "$n" ]; then
  echo "list_restart_paths: FAIL: the server declined $n draws it cannot do (mode $mode)" >&2
  exit 1
fi
echo "list_restart_paths: PASS $mode arm=$arm"
