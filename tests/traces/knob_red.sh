#!/bin/bash
# knob_red.sh KNOB=VALUE RUN_TRACE_ARGS... — proof that the trace lane can fail.
#
# Runs run_trace.sh (the same arguments as its own test) with a test knob that deliberately breaks
# a state path in mgl's front end, and passes only when the trace fails on its pixels (exit 1):
# not on a crash, a hang or a missing frame (2), and not by passing (0). The knob must also have
# been seen by the session (its log line in client.log), so a knob that silently stopped
# existing cannot pass as "red".
set -u
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -ne 8 ]; then
  echo "usage: $0 KNOB=VALUE TARGET NAME TRACE EXPECTATIONS OUT_DIR VENDOR_JSON PNGDIFF" >&2
  exit 2
fi
knob=$1
shift
target=$1 name=$2 out=$5
rc=0
env "$knob" TRACE_TAG=.knob "$here/run_trace.sh" "$@" || rc=$?
log=$out/logs/$target.knob/$name/client.log
if ! grep -Fq "test knob ${knob%%=*}" "$log" 2>/dev/null; then
  echo "knob_red: FAIL: $log does not say the knob ${knob%%=*} was read" >&2
  exit 1
fi
case "$rc" in
  1) echo "knob_red: PASS: with $knob, $name on $target fails on its pixels, as it must" ;;
  0) echo "knob_red: FAIL: with $knob, $name on $target still passes: the lane cannot see it" >&2
     exit 1 ;;
  *) echo "knob_red: FAIL: with $knob, $name on $target failed with status $rc, not on" \
          "pixels (1)" >&2
     exit 1 ;;
esac
