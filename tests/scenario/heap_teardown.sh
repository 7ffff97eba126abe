#!/bin/bash
# heap_teardown.sh ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# The server's teardown with GPU work still reading a heap store (ring arms): scenario
# streamed_heap_subdata ends with a draw from its heap-backed vertex buffer flushed and never
# waited for, and MGL_TEST_VK_HOLD_BATCH_MS=300 makes every batch wait 300 ms on the device
# after its submit, so that draw still runs when the session ends. The applier must wait for
# it before it unmaps the heap (f0095bf): otherwise the device reads unmapped pages, which on
# lavapipe kills the process (inproc: the app, exit 139; spawn: mgl-server, which the client
# logs as "killed by signal"). Pass: the scenario passes and no server died.
set -u
here=$(cd "$(dirname "$0")" && pwd)
arm=$1 exe=$2 vendor=$3 out=$4/heap_teardown
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
MGL_TEST_VK_HOLD_BATCH_MS=300 \
  "$here/run_scenario.sh" "$arm" streamed_heap_subdata "$exe" "$vendor" "$out" >"$log" 2>&1 ||
  rc=$?
cat "$log"
logs=$out/logs/$arm/streamed_heap_subdata
[ "$rc" -eq 0 ] || { echo "heap_teardown: FAIL: the run failed (exit $rc)" >&2; exit 1; }
grep -qs 'test knob: every batch held' "$logs/server.log" "$logs/client.log" "$log" ||
  { echo "heap_teardown: FAIL: the hold knob did not take effect" >&2; exit 1; }
if grep -hs 'killed by signal' "$logs/client.log" "$log"; then
  echo "heap_teardown: FAIL: the server died in its teardown" >&2
  exit 1
fi
echo "heap_teardown: PASS arm=$arm"
