#!/bin/bash
# ring_spin.sh ARM MGL_BENCH_EXE VENDOR_JSON OUT_DIR
#
# On the ring arms a read-back sleeps twice besides the backend's fence wait: the apply side on
# an empty ring until the client's doorbell, and the client until its answer is applied. Both
# poll first for MGL_RING_SPIN_US (default: none with 2 or fewer CPUs online, where a poll takes
# the core the other side needs). Three runs of mgl-bench readpixels_1px (a draw, then a 1x1
# glReadPixels that waits for its answer), counted by the client's MGL-RING line and the apply
# side's MGL-APPLY-RING line (polls-won: waits that a poll ended; sleeps: doorbell sleeps):
#   poll 5 s: every answer and every next record is found while polling: both polls-won >= 40,
#             the client never sleeps;
#   poll 0:   no poll: polls-won = 0 on both sides and the waits go to the doorbell (a side
#             that finds its answer or its next record already there neither polls nor
#             sleeps: how often depends on the scheduler, so no count of sleeps is asserted);
#   default:  no poll on this machine's <= 2 CPUs; more than 2: the client's answers are polled.
set -u
arm=$1 exe=$2
. "$(cd "$(dirname "$0")" && pwd)/../lib/bench_gate.sh"
bench_gate_start ring_spin "$arm" "$3" "$4"
run() { # NAME SPIN_US (empty: the default)
  mkdir -p "$out/$1"
  if ! env -u MGL_RING_SPIN_US MGL_LOG_DIR="$out/$1" ${2:+MGL_RING_SPIN_US=$2} \
      "$exe" --case readpixels_1px --steps 40 >"$out/$1/bench.txt" 2>&1; then
    cat "$out/$1/bench.txt"
    fail "mgl-bench failed ($1)"
  fi
  client=$(grep -hs 'MGL-RING ' "$out/$1/client.log" | tail -n 1)
  apply=$(grep -hs 'MGL-APPLY-RING' "$out/$1/server.log" "$out/$1/client.log" | tail -n 1)
  c_won=$(field "$client" polls-won) c_slept=$(field "$client" sleeps)
  a_won=$(field "$apply" polls-won) a_slept=$(field "$apply" sleeps)
  if [ -z "$c_won" ] || [ -z "$c_slept" ] || [ -z "$a_won" ] || [ -z "$a_slept" ]; then
    fail "no ring counters ($1): client: $client apply: $apply"
  fi
  echo "ring_spin: $1: client polls-won=$c_won sleeps=$c_slept; apply polls-won=$a_won sleeps=$a_slept"
}
run poll 5000000
[ "$c_won" -ge 40 ] && [ "$c_slept" -eq 0 ] && [ "$a_won" -ge 40 ] ||
  fail "poll 5 s: client won=$c_won slept=$c_slept, apply won=$a_won"
run sleep 0
[ "$c_won" -eq 0 ] && [ "$a_won" -eq 0 ] && [ $((c_slept + a_slept)) -gt 0 ] ||
  fail "poll 0: client won=$c_won slept=$c_slept, apply won=$a_won slept=$a_slept"
run default ""
if [ "$(getconf _NPROCESSORS_ONLN)" -le 2 ]; then
  [ "$c_won" -eq 0 ] && [ "$a_won" -eq 0 ] ||
    fail "default on $(getconf _NPROCESSORS_ONLN) CPUs polled: client won=$c_won, apply won=$a_won"
else
  [ "$c_won" -gt 0 ] || fail "default on $(getconf _NPROCESSORS_ONLN) CPUs did not poll"
fi
echo "ring_spin: PASS arm=$arm"
