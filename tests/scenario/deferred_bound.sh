#!/bin/bash
# deferred_bound.sh ARM MGL_BENCH_EXE VENDOR_JSON OUT_DIR
#
# What a long session makes the server hold of the objects it deletes behind the GPU (vkb_defer:
# destroyed once the batches that may use them retire). Before, they waited in the batch being
# recorded, and a loop that deletes without flushing never submitted it: mgl-bench
# bufcreate_64KiB held every buffer it deleted (deferred-peak = steps, 100,000 of them ~62 MB of
# the server's memory), orphan_draw (glBufferData without data, an update, a draw) up to a
# batch of draws' worth (VKB_BATCH_DRAW_LIMIT) in each batch queued. Now the batch is submitted
# at VKB_BATCH_DEFER_LIMIT objects and the oldest waited for past VKB_DEFER_LIMIT (4096).
# Pass, for orphan_draw (20,000 draws) and bufcreate_64KiB (40,000 steps): deferred-peak at most
# the limit and what one call deletes (4160) and deferred-submits > 0; the largest process's peak
# RSS (the server's, on spawn) grows by less than 12 MiB from 4,000 to 40,000 bufcreate steps.
set -u
arm=$1 exe=$2
. "$(cd "$(dirname "$0")" && pwd)/../lib/bench_gate.sh"
bench_gate_start deferred_bound "$arm" "$3" "$4"
bound=4160
# run CASE STEPS: sets gates (the server's MGL-GATES line) and rss (KiB, the largest process)
run() {
  local dir=$out/$1.$2
  mkdir -p "$dir"
  rss=$(MGL_LOG_DIR=$dir python3 -c '
import resource, subprocess, sys
with open(sys.argv[1], "w") as f:
    rc = subprocess.call(sys.argv[2:], stdout=f, stderr=subprocess.STDOUT)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(rc)' "$dir/bench.txt" "$exe" --case "$1" --steps "$2") || {
    cat "$dir/bench.txt"
    fail "mgl-bench --case $1 --steps $2 failed"
  }
  gates=$(grep -hs 'MGL-GATES' "$dir/server.log" | tail -n 1)
  peak=$(field "$gates" deferred-peak) submits=$(field "$gates" deferred-submits)
  [ -n "$peak" ] && [ -n "$submits" ] || fail "no deferred-peak / deferred-submits gates: $gates"
  echo "deferred_bound: arm=$arm $1 steps=$2 deferred-peak=$peak deferred-submits=$submits" \
       "deferred-waits=$(field "$gates" deferred-waits) maxrss=${rss}KiB"
}
run orphan_draw 20000
[ "$peak" -le "$bound" ] || fail "orphan_draw: deferred-peak=$peak past $bound"
run bufcreate_64KiB 4000
rss_first=$rss
run bufcreate_64KiB 40000
[ "$peak" -le "$bound" ] || fail "bufcreate_64KiB: deferred-peak=$peak past $bound"
[ "$submits" -gt 0 ] || fail "bufcreate_64KiB: deferred-submits=0"
[ $((rss - rss_first)) -lt 12288 ] ||
  fail "bufcreate_64KiB: peak RSS ${rss_first}KiB at 4000 steps, ${rss}KiB at 40000"
echo "deferred_bound: PASS $arm"
