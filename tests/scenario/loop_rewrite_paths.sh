#!/bin/bash
# loop_rewrite_paths.sh MODE ARM MGL_SCENARIO_EXE VENDOR_JSON OUT_DIR
#
# Where the client's GL_LINE_LOOP / primitive-restart index rewrite (fe_prim_rewrite.c) found
# its indices, counted by MGL_PIPE_STATS (resource_readback: the one call that reads a buffer
# back) and the client's decline tally (index-rewrite-readback):
#   client  scenario restart_loop: indices in buffers the client holds copies of: no read back.
#   gpu     scenario loop_gpu_indices: a GPU-written index buffer and one too large to copy:
#           both read back (2 declines, at least 2 resource_readback calls), pixels right.
# Either way the server declines no draw it cannot do (backend-draw-needs-rewrite).
set -u
here=$(cd "$(dirname "$0")" && pwd)
mode=$1 arm=$2 exe=$3 vendor=$4
case "$mode" in
  client) name=restart_loop ;;
  gpu) name=loop_gpu_indices ;;
  *) echo "loop_rewrite_paths: unknown mode $mode" >&2; exit 2 ;;
esac
out=$5/loop_rewrite_$mode
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rc=0
MGL_PIPE_STATS=1 "$here/run_scenario.sh" "$arm" "$name" "$exe" "$vendor" "$out" >"$log" 2>&1 ||
  rc=$?
cat "$log"
fail() { echo "loop_rewrite_paths: FAIL: $*" >&2; exit 1; }
[ "$rc" -eq 0 ] || fail "scenario $name failed on arm $arm"
grep -q 'MGL-PIPE-STATS' "$log" || fail "no MGL-PIPE-STATS table"
readbacks=$(awk '$1 == "resource_readback" { print $2 }' "$log" | head -n 1)
readbacks=${readbacks:-0}
logs=$out/logs/$arm/$name
declines=$(grep -rhos "MGL-DECLINES.*" "$logs" | tr ' ' '\n')
slow=$(printf '%s\n' "$declines" | sed -n 's/^index-rewrite-readback=//p' | head -n 1)
slow=${slow:-0}
hostile=$(printf '%s\n' "$declines" | sed -n 's/^backend-draw-needs-rewrite=//p' | head -n 1)
[ -z "$hostile" ] || fail "the server declined $hostile draws it cannot do"
case "$mode" in
  client)
    [ "$readbacks" -eq 0 ] || fail "$readbacks resource_readback calls (expected none)"
    [ "$slow" -eq 0 ] || fail "index-rewrite-readback=$slow (expected none)" ;;
  gpu)
    [ "$readbacks" -ge 2 ] || fail "$readbacks resource_readback calls (expected at least 2)"
    [ "$slow" -eq 2 ] || fail "index-rewrite-readback=$slow (expected 2)" ;;
esac
echo "loop_rewrite_paths: PASS $mode arm=$arm resource_readback=$readbacks" \
  "index-rewrite-readback=$slow"
