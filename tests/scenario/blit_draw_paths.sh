#!/bin/bash
# blit_draw_paths.sh ARM NAME MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR [KNOB=VALUE]
#
# Blits drawn by the Vulkan backend (vkb_blit_draw.c) where the device has no vkCmdBlitImage
# for the formats: MGL_TEST_VK_NO_BLIT_FORMATS=1 takes it from every format, so each blit that
# would be a vkCmdBlitImage (scaled, mirrored, converting, and the resolves that mirror or
# convert) is drawn instead. Scenario NAME must still pass on pixels under the validation layer,
# and the server must have drawn blits (blit-draws > 0 in its MGL-GATES line). KNOB=VALUE
# (default MGL_TEST_VK_NO_BLIT_FORMATS=1) names the knob that forces the drawn path.
set -u
here=$(cd "$(dirname "$0")" && pwd)
arm=$1 name=$2 exe=$3 vendor=$4 knob=${6:-MGL_TEST_VK_NO_BLIT_FORMATS=1}
out=$5/blit_draw_${knob%%=*}
export "${knob?}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" "$out" validation >"$log" 2>&1 || rc=$?
cat "$log"
[ "$rc" -eq 0 ] || { echo "blit_draw_paths: FAIL: $name failed with the blits drawn" >&2; exit 1; }
gates=$(grep -rhs 'MGL-GATES' "$out/validation/logs/$arm/$name" | tail -n 1)
draws=$(printf '%s\n' "$gates" | tr ' ' '\n' | sed -n 's/^blit-draws=//p' | head -n 1)
if [ -z "$draws" ] || [ "$draws" -eq 0 ]; then
  echo "blit_draw_paths: FAIL: blit-draws=${draws:-missing}: no blit of $name was drawn: $gates" >&2
  exit 1
fi
echo "blit_draw_paths: PASS arm=$arm $name blit-draws=$draws"
