#!/bin/bash
# list_restart_paths.sh MODE ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# How the server drew scenario restart_lists (GL_TRIANGLES with restart index 0xFFFF, GL_LINES
# with 50, GL_POINTS with 3), under the validation layer:
#   extension  the device has primitiveTopologyListRestart: only the two draws whose restart
#              index is not all-ones are rewritten (index-rewrites=2).
#   rewrite    MGL_TEST_VK_NO_LIST_RESTART=1 hides it: every list draw with restart is cut by
#              the server's index rewrite (index-rewrites=3) and the pixels are the same.
set -u
here=$(cd "$(dirname "$0")" && pwd)
mode=$1 arm=$2 exe=$3 vendor=$4 out=$5/restart_lists_$mode
case "$mode" in
  extension) unset MGL_TEST_VK_NO_LIST_RESTART; want=2 ;;
  rewrite) export MGL_TEST_VK_NO_LIST_RESTART=1; want=3 ;;
  *) echo "list_restart_paths: unknown mode $mode" >&2; exit 2 ;;
esac
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" restart_lists "$exe" "$vendor" "$out" validation >"$log" 2>&1 ||
  rc=$?
cat "$log"
[ "$rc" -eq 0 ] || { echo "list_restart_paths: FAIL: the $mode run failed" >&2; exit 1; }
gates=$(grep -rhs 'MGL-GATES' "$out/validation/logs/$arm/restart_lists" | tail -n 1)
n=$(printf '%s\n' "$gates" | tr ' ' '\n' | sed -n 's/^index-rewrites=//p' | head -n 1)
if [ "$n" != "$want" ]; then
  echo "list_restart_paths: FAIL: index-rewrites=${n:-none} (expected $want in mode $mode)" >&2
  exit 1
fi
echo "list_restart_paths: PASS $mode arm=$arm index-rewrites=$n"
