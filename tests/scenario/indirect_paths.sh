#!/bin/bash
# indirect_paths.sh MODE ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# Scenario multi_draw_indirect under the validation layer, on the two paths of the server's
# draw_indirect (vkb_draw.c), told apart by the server's counters (MGL-GATES):
#   multi  the device has multiDrawIndirect: one vkCmdDraw(Indexed)Indirect per GL call whose
#          stride Vulkan takes: the scenario's 4 valid calls of 13 commands make indirect-cmds=4.
#   loop   MGL_TEST_VK_NO_MULTI_DRAW_INDIRECT=1 hides the feature: one command per GL command,
#          indirect-cmds=13, the same pixels.
#   count  scenario indirect_parameters: each of its 6 glMultiDraw*IndirectCount calls that
#          draws is one vkCmdDraw(Indexed)IndirectCount (indirect-count-cmds=6), whatever the
#          counts the GPU reads.
set -u
. "$(dirname "$0")/paths_lib.sh"
mode=$1 arm=$2 exe=$3 vendor=$4
scenario=multi_draw_indirect draws='draws=13 '
case "$mode" in
  multi) unset MGL_TEST_VK_NO_MULTI_DRAW_INDIRECT; want='indirect-cmds=4 ' ;;
  loop) export MGL_TEST_VK_NO_MULTI_DRAW_INDIRECT=1; want='indirect-cmds=13 ' ;;
  count) scenario=indirect_parameters draws='' want='indirect-cmds=6 indirect-count-cmds=6 ' ;;
  *) echo "indirect_paths: unknown mode $mode" >&2; exit 2 ;;
esac
out=$5/${scenario}_${mode}_$arm
rm -rf "$out"
paths_run indirect_paths "$mode" "$arm" "$scenario" "$exe" "$vendor" "$out"
if ! grep -rqE "MGL-GATES.* $draws$want" "$out"; then
  echo "indirect_paths: FAIL: no server counters with $draws$want(mode $mode):" >&2
  grep -rhoE "draws=[0-9]+ indirect-cmds=[0-9]+" "$out" >&2 || true
  exit 1
fi
echo "indirect_paths: PASS $mode arm=$arm"
