#!/bin/bash
# host_debug.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# MGL_GLES_HOST_DEBUG=1 makes the host context a debug context and logs the host driver's own
# messages (glb_screen.c: host_debug_on), the way to learn why a host refused a call on a driver
# stricter than Mesa's. rgb_alpha_one makes the host refuse a call (its glCopyTexSubImage2D into
# GL_RGB9_E5, a named decline) and check framebuffers it will not draw: with the knob the
# session counts host messages (gles-host-debug-messages > 0) and logs them ("gles: host
# debug:"); without it, none (0).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gate_common.sh"
for knob in 1 0; do
  dir=$out/host_debug/knob$knob
  # the scenario fails one check by design (the declined copy): its results are not this gate's
  MGL_BACKEND=gles MGL_GLES_HOST_DEBUG=$knob "$here/../scenario/run_scenario.sh" "$arm" \
    rgb_alpha_one "$exe" "$vendor" "$dir" >/dev/null 2>&1 || true
  log=$dir/logs/$arm/rgb_alpha_one/server.log
  n=$(gate "$log" gles-host-debug-messages)
  lines=$(cat "$dir/logs/$arm/rgb_alpha_one/"*.log | grep -c "gles: host debug:" || true)
  if [ -z "$n" ]; then
    echo "host_debug: FAIL: no gles-host-debug-messages in $log" >&2
    exit 1
  fi
  if [ "$knob" = 1 ] && { [ "$n" -eq 0 ] || [ "$lines" -eq 0 ]; }; then
    echo "host_debug: FAIL: MGL_GLES_HOST_DEBUG=1, yet $n host messages counted, $lines logged" >&2
    exit 1
  fi
  if [ "$knob" = 0 ] && { [ "$n" -ne 0 ] || [ "$lines" -ne 0 ]; }; then
    echo "host_debug: FAIL: MGL_GLES_HOST_DEBUG=0, yet $n host messages counted, $lines logged" >&2
    exit 1
  fi
  echo "host_debug: knob=$knob messages=$n logged=$lines"
done
echo "host_debug: PASS arm=$arm"
