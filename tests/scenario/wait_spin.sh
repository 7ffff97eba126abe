#!/bin/bash
# wait_spin.sh ARM MGL_BENCH_EXE VENDOR_JSON OUT_DIR
#
# A read-back waits for its batch by polling the fence first (MGL_VK_WAIT_SPIN_US) and sleeps in
# vkWaitForFences only when the batch has not ended by then. Three runs of mgl-bench
# readpixels_1px (a draw, then a 1x1 glReadPixels that waits for the device):
#   poll 5 s: every wait ends while polling: fence-waits-spun > 0, fence-waits-slept = 0;
#   poll 0:   every wait sleeps: fence-waits-spun = 0, fence-waits-slept > 0;
#   default:  lavapipe is a CPU device, where a poll would take a core from the device: no poll.
set -u
arm=$1 exe=$2 vendor=$3 out=$4/wait_spin/$1
rm -rf "$out" && mkdir -p "$out"
export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor EGL_PLATFORM=surfaceless MGL_TRANSPORT=$arm
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
run() { # NAME SPIN_US (empty: the default)
  mkdir -p "$out/$1"
  if ! env MGL_LOG_DIR="$out/$1" ${2:+MGL_VK_WAIT_SPIN_US=$2} \
      "$exe" --case readpixels_1px --steps 40 >"$out/$1/bench.txt" 2>&1; then
    cat "$out/$1/bench.txt"
    echo "wait_spin: FAIL: mgl-bench failed ($1)" >&2
    exit 1
  fi
  gates=$(grep -hs 'MGL-GATES' "$out/$1/server.log" | tail -n 1)
  get() { printf '%s\n' "$gates" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
  spun=$(get fence-waits-spun) slept=$(get fence-waits-slept)
  if [ -z "$spun" ] || [ -z "$slept" ]; then
    echo "wait_spin: FAIL: no fence-wait gates ($1): $gates" >&2
    exit 1
  fi
  echo "wait_spin: $1: fence-waits-spun=$spun fence-waits-slept=$slept"
}
fail() { echo "wait_spin: FAIL: $*" >&2; exit 1; }
run poll 5000000
[ "$spun" -ge 40 ] && [ "$slept" -eq 0 ] || fail "poll 5 s: spun=$spun slept=$slept"
run sleep 0
[ "$spun" -eq 0 ] && [ "$slept" -ge 40 ] || fail "poll 0: spun=$spun slept=$slept"
run default ""
[ "$spun" -eq 0 ] || fail "default on a CPU device polled: spun=$spun"
echo "wait_spin: PASS arm=$arm"
