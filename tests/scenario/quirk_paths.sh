#!/bin/bash
# quirk_paths.sh ARM NAME MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR QUIRK COUNTER
#
# A device workaround of the Vulkan backend's quirk table (vkb_quirks.c) on the device that
# needs it: scenario NAME must pass on pixels under the validation layer with the quirk applied
# (COUNTER > 0 in the server's MGL-GATES line), and must FAIL with MGL_VK_QUIRKS=-QUIRK, which
# shows the driver bug still exists. When NAME passes without the quirk the bug no longer
# reproduces on this driver: the test fails and says so (narrow the table's version range).
set -u
here=$(cd "$(dirname "$0")" && pwd)
arm=$1 name=$2 exe=$3 vendor=$4 quirk=$6 counter=$7
out=$5/quirk_$quirk
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" "$out/on" validation >"$log" 2>&1 || rc=$?
cat "$log"
[ "$rc" -eq 0 ] || { echo "quirk_paths: FAIL: $name failed with quirk $quirk" >&2; exit 1; }
gates=$(grep -rhs 'MGL-GATES' "$out/on/validation/logs/$arm/$name" | tail -n 1)
applied=$(printf '%s\n' "$gates" | tr ' ' '\n' | sed -n "s/^$counter=//p" | head -n 1)
if [ -z "$applied" ] || [ "$applied" -eq 0 ]; then
  echo "quirk_paths: FAIL: $counter=${applied:-missing}: quirk $quirk not applied: $gates" >&2
  exit 1
fi
rc=0
MGL_VK_QUIRKS=-$quirk "$here/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" "$out/off" \
  >"$log" 2>&1 || rc=$?
if [ "$rc" -eq 0 ]; then
  cat "$log"
  echo "quirk_paths: FAIL: $name passes with MGL_VK_QUIRKS=-$quirk: the driver bug no longer" \
       "reproduces" >&2
  exit 1
fi
echo "quirk_paths: PASS arm=$arm $name $counter=$applied; without the quirk it fails (exit $rc)"
