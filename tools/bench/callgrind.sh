#!/usr/bin/env bash
# callgrind.sh BUILD_DIR — instructions per step of mgl-bench cases under callgrind, the figure
# of record on a noisy machine (docs/BENCHMARKS.md rounds 7-9): for each case and
# implementation, (Ir at --steps N2 - Ir at --steps N1) / (N2 - N1), all threads, split by ELF
# object by callgrind_sum.py ("own": libmgl.so + libmgl-server.so for mgl, Mesa's GL front end +
# zink for Zink; "lavapipe"; "whole", every object but LLVM).
# IMPLS (default "mgl zink"): mgl is BUILD_DIR on monolith, before is BEFORE_DIR's libmgl on
# monolith (this tree's mgl-bench), zink is Mesa's Zink on lavapipe; gles is BUILD_DIR on
# monolith with MGL_BACKEND=gles (on the host's Mesa llvmpipe GLES), native-gles is mgl-bench
# --es run directly on Mesa's EGL/GLES (llvmpipe), the GLES backend's peer: compare their
# "whole" (the host driver's work is in "other" for both). zink-new is another Mesa's Zink on
# the same lavapipe: ZINK_NEW_LIB names its library directory (Debian packages of a newer Mesa
# unpacked with dpkg -x, as tools/gpu/pack-zink.sh's MESA_DEBS takes them). CASES (default the draw
# cases), N1/N2 (default 1000/3000). KEEP=DIR keeps the callgrind files there. ARM (default
# monolith) is the arm mgl and gles run on: with spawn the server is another process, which
# valgrind does not follow, so the figures are the client's; with SERVER=1 (ARM=spawn, not
# ONE_PROCESS) mgl-server runs under its own callgrind (MGL_SERVER_PATH names a wrapper) and each
# case gets a row mgl-server too: the two processes' steps side by side (the spawn arm's rate is
# the slower one's); the server's count is its whole process, STEP_ONLY or not.
# STEP_ONLY=1 counts only inside mgl-bench's step() (valgrind --toggle-collect=step): what the
# timed calls cost on the calling thread, without set-up, JIT compilation or llvmpipe's
# rasterizer threads, which vary between two llvmpipe runs by more than a draw costs (the
# GLES rows: compare "whole").
# WARM_STEPS (default 1) steps run after the warm-up's frame and before the counted ones
# (mgl-bench --warm-steps), outside step(): the new frame's first step goes the whole way and
# its malloc differs between the N1 and N2 processes (draw_arrays read +-35 a step with it in
# STEP_ONLY's count, round 69). 0 counts it as before.
# ONE_PROCESS=1 runs every case of CASES in one process per implementation and step count,
# the profile dumped after each case (--dump-after='run_case*': the compiler may clone it):
# two processes per implementation instead of two per case, where valgrind's start-up and the
# host's set-up (minutes on a loaded machine) cost more than the steps. With STEP_ONLY=1 each
# dump holds its case's steps alone.
set -euo pipefail

if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 BUILD_DIR" >&2
  exit 2
fi
B=$(cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
BENCH=$B/bin/mgl-bench
MESA_VENDOR=${MESA_VENDOR_JSON:-/usr/share/glvnd/egl_vendor.d/50_mesa.json}
IMPLS=${IMPLS:-"mgl zink"}
CASES=${CASES:-"draw_arrays draw_elements attrib_change program_change texture1_change
 texture8_change ubo_change uniform_few_change uniform_many_change viewport_change scissor_change
 blend_toggle depth_toggle"}
# valgrind runs lavapipe ~50x slower: mgl would call that a hung device
export MGL_VK_GPU_TIMEOUT_MS=${MGL_VK_GPU_TIMEOUT_MS:-3600000}
N1=${N1:-1000}
N2=${N2:-3000}
WARM_STEPS=${WARM_STEPS:-1}
OUTD=${KEEP:-$(mktemp -d)}
mkdir -p "$OUTD"
SERVER=${SERVER:-0}
if [ "$SERVER" = 1 ]; then
  if [ "${ARM:-monolith}" != spawn ] || [ "${ONE_PROCESS:-0}" = 1 ]; then
    echo "$0: SERVER=1 needs ARM=spawn and no ONE_PROCESS" >&2
    exit 2
  fi
  # the spawn arm starts this instead of mgl-server; SERVER_OUT names the profile
  printf '#!/bin/sh\nexec valgrind -q --tool=callgrind --callgrind-out-file="$SERVER_OUT" %q "$@"\n' \
    "$B/bin/mgl-server" >"$OUTD/mgl-server.sh"
  chmod +x "$OUTD/mgl-server.sh"
fi

run_env() {
  local impl=$1
  shift
  case $impl in
    zink)
      env __EGL_VENDOR_LIBRARY_FILENAMES="$MESA_VENDOR" EGL_PLATFORM=surfaceless \
        XDG_RUNTIME_DIR=/tmp LIBGL_ALWAYS_SOFTWARE=1 MESA_LOADER_DRIVER_OVERRIDE=zink "$@" ;;
    zink-new)
      local zl=${ZINK_NEW_LIB:?IMPLS with zink-new needs ZINK_NEW_LIB}
      printf '{"file_format_version":"1.0.0","ICD":{"library_path":"%s/libEGL_mesa.so.0"}}\n' "$zl" \
        >"$OUTD/zink-new.json"
      env __EGL_VENDOR_LIBRARY_FILENAMES="$OUTD/zink-new.json" EGL_PLATFORM=surfaceless \
        XDG_RUNTIME_DIR=/tmp LIBGL_ALWAYS_SOFTWARE=1 MESA_LOADER_DRIVER_OVERRIDE=zink \
        LD_LIBRARY_PATH="$zl${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" LIBGL_DRIVERS_PATH="$zl/dri" "$@" ;;
    before)
      local bb=${BEFORE_DIR:?IMPLS with before needs BEFORE_DIR}
      env __EGL_VENDOR_LIBRARY_FILENAMES="$bb/mgl_vendor.json" EGL_PLATFORM=surfaceless \
        XDG_RUNTIME_DIR=/tmp MGL_SERVER_PATH="$bb/bin/mgl-server" MGL_TRANSPORT=monolith "$@" ;;
    mgl)
      env __EGL_VENDOR_LIBRARY_FILENAMES="$B/mgl_vendor.json" EGL_PLATFORM=surfaceless \
        XDG_RUNTIME_DIR=/tmp MGL_TRANSPORT=${ARM:-monolith} "$@" ;;
    gles)
      env __EGL_VENDOR_LIBRARY_FILENAMES="$B/mgl_vendor.json" EGL_PLATFORM=surfaceless \
        XDG_RUNTIME_DIR=/tmp MGL_TRANSPORT=${ARM:-monolith} MGL_BACKEND=gles "$@" ;;
    native-gles)
      env __EGL_VENDOR_LIBRARY_FILENAMES="$MESA_VENDOR" EGL_PLATFORM=surfaceless \
        XDG_RUNTIME_DIR=/tmp LIBGL_ALWAYS_SOFTWARE=1 "$@" ;;
    *) echo "$0: unknown implementation $impl" >&2; exit 2 ;;
  esac
}

printf 'case,impl,own,lavapipe,other,llvm,whole\n'
if [ "${ONE_PROCESS:-0}" = 1 ]; then
  # the cases in the order mgl-bench runs them (its table's), each dump file is one of them
  order=()
  for c in $("$BENCH" --list); do
    for w in $CASES; do [ "$w" = "$c" ] && order+=("$c"); done
  done
  list=$(IFS=,; echo "${order[*]}")
  toggle=()
  [ "${STEP_ONLY:-0}" = 1 ] && toggle=(--toggle-collect=step "--toggle-collect=step.*")
  for impl in $IMPLS; do
    es=
    [ "$impl" = native-gles ] && es=--es
    for n in $N1 $N2; do
      f=$OUTD/all.$impl.$n.callgrind
      run_env "$impl" valgrind -q --tool=callgrind "${toggle[@]}" "--dump-after=run_case*" \
        --callgrind-out-file="$f" "$BENCH" $es --case "$list" --steps "$n" \
        --warm-steps "$WARM_STEPS" >/dev/null \
        2>"$OUTD/all.$impl.$n.err" ||
        { echo "$0: $list on $impl failed" >&2; cat "$OUTD/all.$impl.$n.err" >&2; exit 1; }
    done
    for k in "${!order[@]}"; do
      a=$OUTD/all.$impl.$N1.callgrind.$((k + 1)) b=$OUTD/all.$impl.$N2.callgrind.$((k + 1))
      line=$(python3 "$HERE/callgrind_sum.py" --steps-diff=$((N2 - N1)) "$a" "$b")
      printf '%s,%s,%s\n' "${order[$k]}" "$impl" "$(sed 's/[a-z]*=//g; s/ /,/g' <<<"$line")"
    done
  done
  exit 0
fi
for c in $CASES; do
  for impl in $IMPLS; do
    for n in $N1 $N2; do
      f=$OUTD/$c.$impl.$n.callgrind
      es=
      [ "$impl" = native-gles ] && es=--es
      toggle=()
      # step, or its clone where the compiler specialised it (step.constprop.0)
      [ "${STEP_ONLY:-0}" = 1 ] && toggle=(--toggle-collect=step "--toggle-collect=step.*")
      srv=()
      [ "$SERVER" = 1 ] && [ "$impl" = mgl ] &&
        srv=(env MGL_SERVER_PATH="$OUTD/mgl-server.sh" SERVER_OUT="$OUTD/$c.mgl-server.$n.callgrind")
      run_env "$impl" "${srv[@]}" valgrind -q --tool=callgrind "${toggle[@]}" \
        --callgrind-out-file="$f" "$BENCH" $es --case "$c" --steps "$n" \
        --warm-steps "$WARM_STEPS" >/dev/null \
        2>"$OUTD/$c.$impl.$n.err" ||
        { echo "$0: $c on $impl failed" >&2; cat "$OUTD/$c.$impl.$n.err" >&2; exit 1; }
    done
    line=$(python3 "$HERE/callgrind_sum.py" --steps-diff=$((N2 - N1)) \
      "$OUTD/$c.$impl.$N1.callgrind" "$OUTD/$c.$impl.$N2.callgrind")
    printf '%s,%s,%s\n' "$c" "$impl" "$(sed 's/[a-z]*=//g; s/ /,/g' <<<"$line")"
    if [ "$SERVER" = 1 ] && [ "$impl" = mgl ]; then
      line=$(python3 "$HERE/callgrind_sum.py" --steps-diff=$((N2 - N1)) \
        "$OUTD/$c.mgl-server.$N1.callgrind" "$OUTD/$c.mgl-server.$N2.callgrind")
      printf '%s,mgl-server,%s\n' "$c" "$(sed 's/[a-z]*=//g; s/ /,/g' <<<"$line")"
    fi
  done
done
