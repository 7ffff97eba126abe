#!/bin/bash
# readback_calls.sh ARM MGL_BENCH_EXE VENDOR_JSON OUT_DIR
#
# What one glReadPixels costs the backend, counted: mgl-bench readpixels_1px (a draw, then a 1x1
# glReadPixels) run for 20 and for 60 steps; the difference of the two runs' MGL-GATES counters
# over the 40 extra steps is one step's. The minimum a read-back needs, and what each step is
# held to:
#   submits 1                    the draw and the image->staging copy share one batch
#   fence-waits-spun+slept 1     one wait for that batch (no idle wait of the queue or device)
#   image-transitions 2          the read image to TRANSFER_SRC and back for the next draw; the
#                                depth attachment's same-layout barrier is the batch's opening
#                                barrier's to do when the scope opens the batch
#   arena-blocks-made 0          the staging slice comes from a recycled, mapped block
#   render-passes-begun 1, batch-splits 0, pressure-submits 0
# On the ring arms (inproc, spawn) the client's MGL-RING line: 2 records a step (the draw and
# the read), nothing else sent for the read.
set -u
arm=$1 exe=$2 vendor=$3 out=$4/readback_calls/$1
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out" && mkdir -p "$out"
export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor EGL_PLATFORM=surfaceless MGL_TRANSPORT=$arm
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
fail() { echo "readback_calls: FAIL: $*" >&2; exit 1; }
field() { printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1; }
if [ "$arm" = tcp ]; then
  . "$here/../lib/mgl_server.sh"
  trap mgl_server_stop EXIT
fi
run() { # STEPS: sets gates and ring, the last MGL-GATES and MGL-RING lines of the run
  local d=$out/$1
  mkdir -p "$d"
  if [ "$arm" = tcp ]; then
    mgl_server_start "$(dirname "$exe")/mgl-server" "$d/server-process" || fail "no mgl-server"
    MGL_TRANSPORT=$(mgl_server_url)
  fi
  if ! MGL_LOG_DIR=$d "$exe" --case readpixels_1px --steps "$1" >"$d/bench.txt" 2>&1; then
    cat "$d/bench.txt"
    fail "mgl-bench --steps $1 failed"
  fi
  [ "$arm" = tcp ] && mgl_server_stop
  gates=$(grep -rhs 'MGL-GATES' "$d" | tail -n 1)
  ring=$(grep -hs 'MGL-RING ' "$d/client.log" | tail -n 1)
  [ -n "$gates" ] || fail "no MGL-GATES line (--steps $1)"
  case "$gates" in *gates-not-shown*) fail "counters cut from the MGL-GATES line: $gates" ;; esac
}
run 20
g1=$gates r1=$ring
run 60
g2=$gates r2=$ring
per() { # LINE1 LINE2 NAME: the counter's growth over the 40 steps, per step (exact, or "x/40")
  local a b d
  a=$(field "$1" "$3") b=$(field "$2" "$3")
  a=${a:-0} b=${b:-0}
  d=$((b - a))
  if [ $((d % 40)) -eq 0 ]; then echo $((d / 40)); else echo "$d/40"; fi
}
got=""
for n in submits image-transitions arena-blocks-made render-passes-begun batch-splits \
  pressure-submits; do
  got="$got $n=$(per "$g1" "$g2" "$n")"
done
spun=$(per "$g1" "$g2" fence-waits-spun) slept=$(per "$g1" "$g2" fence-waits-slept)
case "$spun$slept" in */*) waits="$spun+$slept" ;; *) waits=$((spun + slept)) ;; esac
got="${got# } fence-waits=$waits"
want="submits=1 image-transitions=2 arena-blocks-made=0 render-passes-begun=1 batch-splits=0"
want="$want pressure-submits=0 fence-waits=1"
case "$arm" in
  inproc | spawn)
    [ -n "$r1" ] && [ -n "$r2" ] || fail "no MGL-RING line on the ring arm $arm"
    got="$got ring-records=$(per "$r1" "$r2" records)"
    want="$want ring-records=2"
    ;;
esac
echo "readback_calls: arm=$arm per read: $got"
[ "$got" = "$want" ] || fail "arm=$arm per read '$got', expected '$want'"
echo "readback_calls: PASS arm=$arm"
