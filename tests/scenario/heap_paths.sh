#!/bin/bash
# heap_paths.sh MODE ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# How buffer writes reached the server in scenario streamed_heap_subdata (ring arms):
#   direct  the default heap: the 256 KiB buffer's store is in the heap (the server imported
#           it: heap-buffers >= 1, heap-import-fallbacks=0) and the writes made while the
#           server said it was idle went straight into it (client MGL-HEAP direct-writes >= 2:
#           the two after a glFinish); the pixels pass as on every arm.
#   staged  MGL_IPC_HEAP_SIZE=0: no heap, no store placed, every write staged; same pixels.
# Both run in the validation lane: the imported store must raise no validation message.
set -u
here=$(cd "$(dirname "$0")" && pwd)
mode=$1 arm=$2 exe=$3 vendor=$4 out=$5/heap_$mode
case "$mode" in
  direct) unset MGL_IPC_HEAP_SIZE ;;
  staged) export MGL_IPC_HEAP_SIZE=0 ;;
  *) echo "heap_paths: unknown mode $mode" >&2; exit 2 ;;
esac
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
"$here/run_scenario.sh" "$arm" streamed_heap_subdata "$exe" "$vendor" "$out" validation >"$log" 2>&1 ||
  rc=$?
cat "$log"
[ "$rc" -eq 0 ] || { echo "heap_paths: FAIL: the $mode run failed" >&2; exit 1; }
logs=$out/validation/logs/$arm/streamed_heap_subdata
heap=$(grep -rhs 'MGL-HEAP' "$logs/client.log" | tail -n 1)
gates=$(grep -rhs 'MGL-GATES' "$logs/server.log" | tail -n 1)
field() { printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1; }
made=$(field "$gates" heap-buffers) fallbacks=$(field "$gates" heap-import-fallbacks)
direct=$(field "$heap" direct-writes)
if [ -z "$made" ] || [ -z "$fallbacks" ]; then
  echo "heap_paths: FAIL: no heap-buffers / heap-import-fallbacks gates: $gates" >&2
  exit 1
fi
if [ "$mode" = direct ] && { [ "$made" -lt 1 ] || [ "$fallbacks" -ne 0 ] ||
                             [ -z "$direct" ] || [ "$direct" -lt 2 ]; }; then
  echo "heap_paths: FAIL: heap-buffers=$made heap-import-fallbacks=$fallbacks" \
       "client '$heap': the writes did not go straight into the heap store" >&2
  exit 1
fi
if [ "$mode" = staged ] && { [ "$made" -ne 0 ] || [ -n "$heap" ]; }; then
  echo "heap_paths: FAIL: heap-buffers=$made client '$heap' with MGL_IPC_HEAP_SIZE=0" >&2
  exit 1
fi
echo "heap_paths: PASS $mode arm=$arm heap-buffers=$made direct-writes=${direct:-0}"
