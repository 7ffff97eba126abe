#!/bin/bash
# line_width_paths.sh MODE ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# Scenario polygon_line under the validation layer, on the two line width paths of the server:
#   wide    the device has wideLines: GL_ALIASED_LINE_WIDTH_RANGE reaches past 1 and a line of
#           width 3 covers three rows.
#   narrow  MGL_TEST_VK_NO_WIDE_LINES=1 hides the feature: the range is 1..1 and the line of
#           width 3 is drawn one row wide (GL 3.3 §3.5.2 clamps to the aliased maximum).
set -u
. "$(dirname "$0")/paths_lib.sh"
mode=$1 arm=$2 exe=$3 vendor=$4 out=$5/polygon_line_${mode}_$arm
case "$mode" in
  wide) unset MGL_TEST_VK_NO_WIDE_LINES; want='ALIASED_LINE_WIDTH_RANGE 1\.\.([2-9]|[1-9][0-9])' ;;
  narrow) export MGL_TEST_VK_NO_WIDE_LINES=1; want='ALIASED_LINE_WIDTH_RANGE 1\.\.1,' ;;
  *) echo "line_width_paths: unknown mode $mode" >&2; exit 2 ;;
esac
paths_run line_width_paths "$mode" "$arm" polygon_line "$exe" "$vendor" "$out"
if ! grep -Eq "$want" "$log"; then
  echo "line_width_paths: FAIL: no line matching '$want' (mode $mode)" >&2
  exit 1
fi
echo "line_width_paths: PASS $mode arm=$arm"
