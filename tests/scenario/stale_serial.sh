#!/bin/bash
# stale_serial.sh MODE ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# The red-once proof of the buffer busy test (docs/PIPE.md#frame-floor), on
# streamed_subdata: MGL_TEST_FORCE_STALE_BUFFER_SERIAL=1 makes the serial term say "idle".
#   fenced    the fence term stays on: the scenario must pass, and the server's
#             buffer-fence-term-busy gate must be > 0 (the fence term is what kept it green).
#   unfenced  MGL_TEST_DISABLE_BUFFER_FENCE_TERM=1 too: the scenario must fail, and on pixels
#             ("streamed: pixel (") -- any other failure (setup, arm proof, Fatal) fails this test.
set -u
here=$(cd "$(dirname "$0")" && pwd)
mode=$1 arm=$2 exe=$3 vendor=$4 out=$5/stale_serial_$mode
export MGL_TEST_FORCE_STALE_BUFFER_SERIAL=1
case "$mode" in
  fenced) unset MGL_TEST_DISABLE_BUFFER_FENCE_TERM ;;
  unfenced) export MGL_TEST_DISABLE_BUFFER_FENCE_TERM=1 ;;
  *) echo "stale_serial: unknown mode $mode" >&2; exit 2 ;;
esac
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" streamed_subdata "$exe" "$vendor" "$out" >"$log" 2>&1 || rc=$?
cat "$log"
server_log=$out/logs/$arm/streamed_subdata/server.log
if ! grep -rqs "test knobs: buffer busy test serial term forced stale" "$out/logs/$arm/streamed_subdata"; then
  echo "stale_serial: FAIL: the server did not report the knobs (did they reach it?)" >&2
  exit 1
fi
if [ "$mode" = fenced ]; then
  [ "$rc" -eq 0 ] || { echo "stale_serial: FAIL: fenced run failed" >&2; exit 1; }
  busy=$(grep -ho 'buffer-fence-term-busy=[0-9]*' "$server_log" | tail -n 1 | cut -d= -f2)
  if [ -z "$busy" ] || [ "$busy" -eq 0 ]; then
    echo "stale_serial: FAIL: buffer-fence-term-busy=${busy:-missing}: the fence term never" \
         "kept a write ordered, so this run proves nothing" >&2
    exit 1
  fi
  echo "stale_serial: PASS fenced arm=$arm buffer-fence-term-busy=$busy"
  exit 0
fi
if [ "$rc" -eq 0 ]; then
  echo "stale_serial: FAIL: the unfenced run passed: the serial term is not what orders writes" >&2
  exit 1
fi
if ! grep -q 'mgl-scenario streamed_subdata: FAIL: streamed: pixel (' "$log" ||
   grep -q 'Fatal{' "$log"; then
  echo "stale_serial: FAIL: the unfenced run failed, but not on pixels" >&2
  exit 1
fi
echo "stale_serial: PASS unfenced arm=$arm (red on pixels, as it must be)"
