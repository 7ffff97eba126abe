#!/bin/bash
# quirk_forced.sh ARM NAME MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR QUIRK COUNTER
#
# A device workaround of the Vulkan backend's quirk table (vkb_quirks.c) forced on a device the
# table does not name (MGL_VK_QUIRKS=QUIRK), so the lanes run the rewrite the quirk's own device
# gets: scenario NAME must pass on pixels under the validation layer with the quirk applied
# (COUNTER > 0 in the server's MGL-GATES line). quirk_paths.sh is the test for the device itself.
# A QUIRK of the form VAR=VALUE is a test knob instead (the road another device's properties
# take, e.g. MGL_TEST_VK_BORDER_SWIZZLE_FROM_IMAGE=0), set for the run the same way. A QUIRK of
# - forces nothing: a rewrite this device takes by itself (e.g. the points geometry split), its
# counter asserted the same way.
set -u
here=$(cd "$(dirname "$0")" && pwd)
arm=$1 name=$2 exe=$3 vendor=$4 quirk=$6 counter=$7
out=$5/quirk_forced_$(printf '%s' "$quirk" | tr -c 'A-Za-z0-9_-' '_')
rc=0
case $quirk in
-) "$here/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" "$out" validation || rc=$? ;;
*=*) env "$quirk" "$here/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" "$out" validation ||
  rc=$? ;;
*) MGL_VK_QUIRKS=$quirk "$here/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" "$out" validation ||
  rc=$? ;;
esac
[ "$rc" -eq 0 ] || { echo "quirk_forced: FAIL: $name failed with quirk $quirk forced" >&2; exit 1; }
gates=$(grep -rhs 'MGL-GATES' "$out/validation/logs/$arm/$name" | tail -n 1)
applied=$(printf '%s\n' "$gates" | tr ' ' '\n' | sed -n "s/^$counter=//p" | head -n 1)
if [ -z "$applied" ] || [ "$applied" -eq 0 ]; then
  echo "quirk_forced: FAIL: $counter=${applied:-missing}: quirk $quirk not applied: $gates" >&2
  exit 1
fi
echo "quirk_forced: PASS arm=$arm $name $counter=$applied"
