#!/usr/bin/env bash
# glmark2_compare.sh BUILD_DIR [OUT_DIR] — glmark2-es2 scores in an 800x600 X11 window on one
# Xvfb for mgl on every arm (monolith, inproc, spawn, tcp), Mesa llvmpipe and Zink on lavapipe,
# interleaved: each round runs every scene once per driver, drivers in turn, REPS rounds
# (default 2); then piglit drawoverhead (x11_egl window, core profile) for mgl monolith,
# llvmpipe and Zink, interleaved the same way. Prints a markdown table (median over rounds,
# min-max) with the machine, the date and the load average before and after.
# SCENES (default below) are glmark2 -b benchmark strings; each gets :duration=DURATION
# (default 2 s). DRAWOVERHEAD_TESTS (default "1 7") are drawoverhead -test numbers.
set -euo pipefail

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 BUILD_DIR [OUT_DIR]" >&2
  exit 2
fi
B=$(cd "$1" && pwd)
OUT=${2:-$(mktemp -d /tmp/glmark2-compare-XXXXXX)}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
here=$(cd "$(dirname "$0")" && pwd)

# one X server for every run: re-run this script under xvfb-run
if [ -z "${GLMARK2_COMPARE_INNER:-}" ]; then
  GLMARK2_COMPARE_INNER=1 exec xvfb-run -a -s '-screen 0 1024x768x24' "$0" "$B" "$OUT"
fi

REPS=${REPS:-2}
DURATION=${DURATION:-2}
SCENES=${SCENES:-"build:use-vbo=true texture:texture-filter=linear shading:shading=phong desktop:effect=blur"}
DO_TESTS=${DRAWOVERHEAD_TESTS:-"1 7"}
PIGLIT_DIR=${PIGLIT_DIR:-/usr/lib/x86_64-linux-gnu/piglit}
MESA_JSON=${MESA_VENDOR_JSON:-/usr/share/glvnd/egl_vendor.d/50_mesa.json}
for f in "$B/bin/mgl-run" "$B/bin/mgl-server" "$B/mgl_vendor.json"; do
  [ -e "$f" ] || { echo "$0: missing $f (build first)" >&2; exit 1; }
done
command -v glmark2-es2 >/dev/null || { echo "$0: glmark2-es2 is not installed" >&2; exit 1; }
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
unset EGL_PLATFORM WAYLAND_DISPLAY MGL_TRANSPORT

. "$here/../../tests/lib/mgl_server.sh"
trap mgl_server_stop EXIT
mgl_server_start "$B/bin/mgl-server" "$OUT/tcp-server"
TCP_URL=$(mgl_server_url)

# DRIVERS (a space-separated list) picks drivers; mgl-inproc-read / mgl-spawn-read are those
# arms with MGL_PRESENT=read (the frame read back through the transport, no present stores).
read -ra DRIVERS <<<"${DRIVERS:-mgl-monolith mgl-inproc mgl-spawn mgl-tcp llvmpipe zink}"

run_driver() { # DRIVER CMD... : runs CMD with DRIVER's environment
  local d=$1
  shift
  case $d in
    mgl-tcp) MGL_LOG_DIR=$OUT/logs MGL_TRANSPORT=$TCP_URL "$B/bin/mgl-run" -- "$@" ;;
    mgl-*-read) d=${d%-read}
                MGL_PRESENT=read MGL_LOG_DIR=$OUT/logs MGL_TRANSPORT=${d#mgl-} \
                  "$B/bin/mgl-run" -- "$@" ;;
    mgl-*) MGL_LOG_DIR=$OUT/logs MGL_TRANSPORT=${d#mgl-} "$B/bin/mgl-run" -- "$@" ;;
    llvmpipe) __EGL_VENDOR_LIBRARY_FILENAMES=$MESA_JSON "$@" ;;
    zink) __EGL_VENDOR_LIBRARY_FILENAMES=$MESA_JSON LIBGL_ALWAYS_SOFTWARE=1 \
            MESA_LOADER_DRIVER_OVERRIDE=zink "$@" ;;
  esac
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
date_start=$(date -u '+%Y-%m-%d %H:%M UTC')
scores=$OUT/glmark2.tsv # round driver scene fps
: >"$scores"
read -ra scene_list <<<"$SCENES"
for r in $(seq 1 "$REPS"); do
  for s in "${scene_list[@]}"; do
    for d in "${DRIVERS[@]}"; do
      log=$OUT/glmark2-$d-r$r-${s%%:*}.out
      run_driver "$d" glmark2-es2 -b "$s:duration=$DURATION" >"$log" 2>&1 || true
      fps=$(sed -n 's/.*FPS: \([0-9]*\).*/\1/p' "$log" | tail -n 1)
      printf '%s\t%s\t%s\t%s\n' "$r" "$d" "${s%%:*}" "${fps:-x}" >>"$scores"
    done
  done
done

DO_DRIVERS=(mgl-monolith llvmpipe zink)
dos=$OUT/drawoverhead.tsv # round driver test kdraws name
: >"$dos"
for r in $(seq 1 "$REPS"); do
  for t in $DO_TESTS; do
    for d in "${DO_DRIVERS[@]}"; do
      log=$OUT/drawoverhead-$d-r$r-t$t.out
      (cd "$PIGLIT_DIR" && PIGLIT_PLATFORM=x11_egl run_driver "$d" bin/drawoverhead -auto -nocolor -test "$t") \
        >"$log" 2>&1 || true
      # "   1, DrawElements ( 1 VBO| 0 UBO|  0    ) w/ no state change,        1234, 100.0%"
      line=$(grep -E "^ *$t, " "$log" | tail -n 1 || true)
      k=$(awk -F, '{ gsub(/ /, "", $(NF-1)); print $(NF-1) }' <<<"$line")
      name=$(awk -F, '{ gsub(/^ +| +$/, "", $2); gsub(/\|/, "/", $2); gsub(/  +/, " ", $2); print $2 }' <<<"$line")
      printf '%s\t%s\t%s\t%s\t%s\n' "$r" "$d" "$t" "${k:-x}" "${name:-?}" >>"$dos"
    done
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

stat() { # median and range of the numbers on stdin ("x" for a failed run)
  sort -n | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print "-"; exit }
    if (v[1] == "x") { print "failed"; exit }
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%g (%g-%g)", m, v[1], v[NR] }'
}
{
  echo "glmark2-es2 in an 800x600 X11 window on Xvfb 1024x768x24, FPS: median (min-max) over $REPS interleaved rounds, ${DURATION} s per scene"
  echo "machine: $(nproc) cores, $(uname -r); $date_start; load average before: $load_before, after: $load_after"
  echo
  printf '| scene |'; printf ' %s |' "${DRIVERS[@]}"; echo
  printf '|---|'; printf -- '---:|%.0s' "${DRIVERS[@]}"; echo
  for s in "${scene_list[@]}"; do
    printf '| %s |' "$s"
    for d in "${DRIVERS[@]}"; do
      printf ' %s |' "$(awk -F'\t' -v d="$d" -v s="${s%%:*}" '$2 == d && $3 == s { print $4 }' "$scores" | stat)"
    done
    echo
  done
  echo
  echo "piglit drawoverhead -test N (x11_egl window, core profile), thousands of draws/s: median (min-max)"
  echo
  printf '| test |'; printf ' %s |' "${DO_DRIVERS[@]}"; echo
  printf '|---|'; printf -- '---:|%.0s' "${DO_DRIVERS[@]}"; echo
  for t in $DO_TESTS; do
    name=$(awk -F'\t' -v t="$t" '$3 == t && $5 != "?" { print $5; exit }' "$dos")
    printf '| %s %s |' "$t" "${name:-?}"
    for d in "${DO_DRIVERS[@]}"; do
      printf ' %s |' "$(awk -F'\t' -v d="$d" -v t="$t" '$2 == d && $3 == t { print $4 }' "$dos" | stat)"
    done
    echo
  done
} | tee "$OUT/table.md"
