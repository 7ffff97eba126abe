#!/bin/bash
# srgb_switch_paths.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# Scenario fbo_srgb_switch toggles GL_FRAMEBUFFER_SRGB off/on four times around draws of one
# program into one SRGB8_ALPHA8 framebuffer, after one draw into the default framebuffer. The
# switch changes the attachments' view format (UNORM or sRGB), so each format pair may make
# one pipeline, once: at most 3 draw pipelines in all, whatever the number of toggles
# (a toggle that made a pipeline every time would make 5 or more).
set -u
here=$(cd "$(dirname "$0")" && pwd)
arm=$1 exe=$2 vendor=$3 out=$4/srgb_switch
export MGL_VK_VALIDATION=1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" fbo_srgb_switch "$exe" "$vendor" "$out" validation >"$log" 2>&1 ||
  rc=$?
cat "$log"
[ "$rc" -eq 0 ] || { echo "srgb_switch_paths: FAIL: the run failed" >&2; exit 1; }
gates=$(grep -rhs 'MGL-GATES' "$out/validation/logs/$arm/fbo_srgb_switch" | tail -n 1)
created=$(printf '%s\n' "$gates" | tr ' ' '\n' | sed -n 's/^pipelines-created=//p' | head -n 1)
if [ -z "$created" ]; then
  echo "srgb_switch_paths: FAIL: no pipelines-created gate: $gates" >&2
  exit 1
fi
if [ "$created" -gt 3 ]; then
  echo "srgb_switch_paths: FAIL: pipelines-created=$created: toggles made pipelines again" >&2
  exit 1
fi
echo "srgb_switch_paths: PASS arm=$arm pipelines-created=$created"
