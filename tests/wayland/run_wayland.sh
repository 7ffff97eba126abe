#!/bin/bash
# run_wayland.sh ARM EXE VENDOR_JSON OUT_DIR CASE...
#
# Starts a private headless weston and runs `EXE CASE` for each CASE through the glvnd EGL
# vendor VENDOR_JSON on transport ARM (monolith, inproc, spawn, tcp), then asserts the arm
# proof: each case's client.log names `transport=ARM`. ARM `mesa` (VENDOR_JSON "-") runs the same
# cases on Mesa llvmpipe instead: the checks hold on a driver that is not ours. ARM tcp: one
# `mgl-server --listen` serves every case.
# Which path presented (MGL-WL lines, every window at destroy): on inproc and spawn on the Vulkan
# backend the frames of the run must come from present stores (shared > 0: the server wrote them
# into the stage memfd the compositor maps as a wl_shm pool); on monolith and tcp, and with
# MGL_PRESENT=read (the read-back baseline), none may.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 5 ]; then
  echo "usage: $0 ARM EXE VENDOR_JSON OUT_DIR CASE..." >&2
  exit 2
fi
arm=$1 exe=$2 vendor=$3 out=$4
shift 4
for tool in weston weston-screenshooter; do
  command -v "$tool" >/dev/null || { echo "run_wayland: FAIL: $tool is not installed" >&2; exit 1; }
done

run_dir=$out/$arm
rm -rf "$run_dir"
mkdir -p "$run_dir"
. "$here/weston_headless.sh"
. "$here/../lib/mgl_server.sh"
cleanup() {
  weston_stop
  mgl_server_stop
}
trap cleanup EXIT
weston_start "$run_dir/weston"

if [ "$arm" = mesa ]; then
  mesa_json=
  for f in /usr/share/glvnd/egl_vendor.d/50_mesa.json /etc/glvnd/egl_vendor.d/50_mesa.json; do
    [ -f "$f" ] && mesa_json=$f && break
  done
  [ -n "$mesa_json" ] || { echo "run_wayland: FAIL: no Mesa EGL vendor file" >&2; exit 1; }
  export __EGL_VENDOR_LIBRARY_FILENAMES=$mesa_json LIBGL_ALWAYS_SOFTWARE=1
else
  if [ ! -f "$vendor" ]; then
    echo "run_wayland: FAIL: vendor JSON $vendor does not exist (is libmgl built?)" >&2
    exit 1
  fi
  export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor
  export MGL_TRANSPORT=$arm
  if [ "$arm" = tcp ]; then
    mgl_server_start "${MGL_SERVER_BIN:-$(dirname "$exe")/mgl-server}" "$run_dir/server"
    MGL_TRANSPORT=$(mgl_server_url)
  fi
fi
unset EGL_PLATFORM

fails=0
for c in "$@"; do
  log_dir=$run_dir/logs/$c
  mkdir -p "$log_dir"
  rc=0
  MGL_WL_COMPOSITOR_PID=$WESTON_PID MGL_LOG_DIR=$log_dir timeout 90 "$exe" "$c" >"$log_dir/out.txt" 2>&1 || rc=$?
  kill -CONT "$WESTON_PID" 2>/dev/null || true # a case that stopped it and then failed
  cat "$log_dir/out.txt"
  if [ "$rc" -ne 0 ]; then
    echo "run_wayland: FAIL: $c exited $rc on $arm" >&2
    for f in "$log_dir"/*.log; do
      [ -f "$f" ] && { echo "----- $f (last 20 lines)" >&2; tail -n 20 "$f" >&2; }
    done
    fails=$((fails + 1))
    continue
  fi
  if [ "$arm" != mesa ]; then
    if ! grep -Eq "(^|[[:space:]])transport=${arm}([[:space:]]|\$)" "$log_dir/client.log" 2>/dev/null; then
      echo "run_wayland: FAIL: ARM PROOF: $log_dir/client.log has no 'transport=$arm'" >&2
      fails=$((fails + 1))
      continue
    fi
    if grep -Fq 'Fatal{' "$log_dir"/*.log 2>/dev/null; then
      echo "run_wayland: FAIL: $c: a session log reports a Fatal" >&2
      grep -F 'Fatal{' "$log_dir"/*.log >&2
      fails=$((fails + 1))
      continue
    fi
  fi
  echo "run_wayland: PASS $arm $c"
done
if [ "$arm" != mesa ]; then
  read -r frames shared < <(cat "$run_dir"/logs/*/client.log 2>/dev/null |
      sed -n 's/.*MGL-WL frames=\([0-9]*\) .* shared=\([0-9]*\).*/\1 \2/p' |
      awk '{f += $1; s += $2} END {print f + 0, s + 0}')
  echo "run_wayland: frames presented $frames, from a present store $shared"
  if { [ "$arm" = inproc ] || [ "$arm" = spawn ]; } && [ "${MGL_BACKEND:-vulkan}" = vulkan ] &&
     [ "${MGL_PRESENT:-auto}" != read ]; then
    if [ "$shared" -eq 0 ]; then
      echo "run_wayland: FAIL: no frame came from a present store on $arm" >&2
      fails=$((fails + 1))
    fi
  elif [ "$shared" -ne 0 ]; then
    echo "run_wayland: FAIL: $shared frames came from a present store on $arm" >&2
    fails=$((fails + 1))
  fi
fi
if ! kill -0 "$WESTON_PID" 2>/dev/null; then
  echo "run_wayland: FAIL: weston died during the run:" >&2
  tail -n 20 "$run_dir/weston/weston.log" >&2
  exit 1
fi
[ "$fails" -eq 0 ] || { echo "run_wayland: $fails case(s) failed on $arm" >&2; exit 1; }
echo "run_wayland: PASS $arm: $*"
