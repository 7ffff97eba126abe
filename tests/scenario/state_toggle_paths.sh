#!/bin/bash
# state_toggle_paths.sh MODE ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# How the server drew scenario state_toggles (one program, one vertex layout, one framebuffer;
# blend, depth, stencil, cull, colour-mask and polygon-offset states toggled between draws):
#   dynamic   the device has extended dynamic state 1/2 (Vulkan 1.3) and 3: the scenario passes
#             with exactly one draw pipeline created, and pipelines are bound per command
#             buffer, not per draw (cmd-bind-pipeline at most a quarter of the draws).
#   pipelines MGL_TEST_VK_NO_EDS=1 keeps render state in the pipelines: the scenario still
#             passes, and each distinct state made its own pipeline (more than 8 created).
set -u
here=$(cd "$(dirname "$0")" && pwd)
mode=$1 arm=$2 exe=$3 vendor=$4 out=$5/state_toggles_$mode
case "$mode" in
  dynamic) unset MGL_TEST_VK_NO_EDS ;;
  pipelines) export MGL_TEST_VK_NO_EDS=1 ;;
  *) echo "state_toggle_paths: unknown mode $mode" >&2; exit 2 ;;
esac
export MGL_VK_VALIDATION=1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" state_toggles "$exe" "$vendor" "$out" validation >"$log" 2>&1 ||
  rc=$?
cat "$log"
[ "$rc" -eq 0 ] || { echo "state_toggle_paths: FAIL: the $mode run failed" >&2; exit 1; }
gates=$(grep -rhs 'MGL-GATES' "$out/validation/logs/$arm/state_toggles" | tail -n 1)
gate() { printf '%s\n' "$gates" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
created=$(gate pipelines-created) binds=$(gate cmd-bind-pipeline) draws=$(gate draws)
if [ -z "$created" ] || [ -z "$binds" ] || [ -z "$draws" ] || [ "$draws" -eq 0 ]; then
  echo "state_toggle_paths: FAIL: no pipelines-created / cmd-bind-pipeline / draws gates: $gates" >&2
  exit 1
fi
if [ "$mode" = dynamic ] && { [ "$created" -ne 1 ] || [ $((binds * 4)) -gt "$draws" ]; }; then
  echo "state_toggle_paths: FAIL: pipelines-created=$created cmd-bind-pipeline=$binds draws=$draws:" \
       "render state still reaches the pipelines" >&2
  exit 1
fi
if [ "$mode" = pipelines ] && [ "$created" -le 8 ]; then
  echo "state_toggle_paths: FAIL: pipelines-created=$created: MGL_TEST_VK_NO_EDS=1 did not" \
       "take the pipeline path" >&2
  exit 1
fi
echo "state_toggle_paths: PASS $mode arm=$arm pipelines-created=$created cmd-bind-pipeline=$binds draws=$draws"
