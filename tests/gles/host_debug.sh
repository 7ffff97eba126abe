#!/bin/bash
# host_debug.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# MGL_GLES_HOST_DEBUG=1 makes the host context a debug context and logs the host driver's own
# messages (glb_screen.c: host_debug_on), the way to learn why a host refused a call on a driver
# stricter than Mesa's. rgb_alpha_one makes the host refuse a call (its glCopyTexSubImage2D into
# GL_RGB9_E5, a named decline) and check framebuffers it will not draw: with the knob the
# session counts host messages (gles-host-debug-messages > 0) and logs them ("gles: host
# debug:"); without it, none (0). MGL_GLES_HOST_TRACE=1 (set with the same knob) logs every host
# call's site ("gles: host call FILE:LINE"): at least as many lines as gles-host-calls counts
# (calls after the count is written are logged too), none without it; on tcp, whose server's
# count is its process's (its start-up's host calls too, not in the session's log), some.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gate_common.sh"
for knob in 1 0; do
  dir=$out/host_debug/knob$knob
  # the scenario fails one check by design (the declined copy): its results are not this gate's
  MGL_BACKEND=gles MGL_GLES_HOST_DEBUG=$knob MGL_GLES_HOST_TRACE=$knob "$here/../scenario/run_scenario.sh" "$arm" \
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
  calls=$(gate "$log" gles-host-calls)
  traced=$(cat "$dir/logs/$arm/rgb_alpha_one/"*.log | grep -c "gles: host call " || true)
  least=${calls:-0}
  [ "$arm" = tcp ] && least=1
  if [ "$knob" = 1 ] && { [ "${calls:-0}" -eq 0 ] || [ "$traced" -lt "$least" ]; }; then
    echo "host_debug: FAIL: MGL_GLES_HOST_TRACE=1, yet $traced call sites logged of ${calls:-no} host calls" >&2
    exit 1
  fi
  if [ "$knob" = 0 ] && [ "$traced" -ne 0 ]; then
    echo "host_debug: FAIL: MGL_GLES_HOST_TRACE=0, yet $traced call sites logged" >&2
    exit 1
  fi
  echo "host_debug: knob=$knob messages=$n logged=$lines host-calls=$calls traced=$traced"
done
echo "host_debug: PASS arm=$arm"
