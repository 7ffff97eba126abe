#!/bin/bash
# hang_check.sh REPLAY_EXE [ARGS...] — runs the replay target over tests/fuzz/hang: every input
# there asks for work no device finishes. It passes when the target exits 0 (no crash, no
# sanitizer report, no libFuzzer timeout) and the session was lost to the GPU watchdog.
set -u
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$@" >"$log" 2>&1
rc=$?
tail -n 20 "$log"
if [ "$rc" -ne 0 ]; then
  echo "hang_check: FAIL: the replay exited $rc" >&2
  exit 1
fi
if ! grep -q 'Fatal{GpuTimeout' "$log"; then
  echo "hang_check: FAIL: no session was lost with Fatal{GpuTimeout}" >&2
  exit 1
fi
echo "hang_check: the endless work was cut off by the watchdog"
