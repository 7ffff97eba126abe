#!/bin/bash
# bench_present_stores.sh BUILD_DIR [RUNS] — frames per second with and without present stores,
# GLX and Wayland, beside Zink on lavapipe, interleaved in one run (RUNS rounds, default 3; the
# medians are what docs/BENCHMARKS.md quotes):
#   glxgears  glxgears -swapinterval 0 (300x300) under Xvfb, 11 s a run (its last 5 s report)
#   glmark2   desktop glmark2 (GLX) build and texture scenes, 4 s each, 800x600 under Xvfb
#   wl        glmark2-es2-wayland, the same scenes, in a headless weston
# Drivers: zink (LIBGL_ALWAYS_SOFTWARE=1 MESA_LOADER_DRIVER_OVERRIDE=zink), and mgl on inproc
# and spawn with present stores (ARM) and with the frame read back (ARM-read: MGL_PRESENT=read).
# For glmark2 and wl the logs' counts of frames from present stores are printed too (glmark2
# leaves its GLX window to XCloseDisplay, so there the server's present-buffer-writes count it).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/bench_gears.sh"
gears_init "$1" "${2:-3}" 11
b=$build
scenes=(-b build:use-vbo=true:duration=4 -b texture:texture-filter=linear:duration=4)
zink=(LIBGL_ALWAYS_SOFTWARE=1 MESA_LOADER_DRIVER_OVERRIDE=zink)
drivers=(zink inproc inproc-read spawn spawn-read)
mgl_env() { # DRIVER LOGDIR: the environment for mgl on that arm (or Zink)
  case $1 in
    zink) echo "${zink[@]} __GLX_VENDOR_LIBRARY_NAME=mesa" ;;
    *-read) echo "MGL_TRANSPORT=${1%-read} MGL_PRESENT=read MGL_LOG_LEVEL=info MGL_LOG_DIR=$2" ;;
    *) echo "MGL_TRANSPORT=$1 MGL_LOG_LEVEL=info MGL_LOG_DIR=$2" ;;
  esac
}
stored() { # LOGDIR: frames from present stores / frames, over GLX windows and Wayland windows
  cat "$1"/*.log 2>/dev/null | awk '
    /glx: window .* frames, .* of them from a present store/ {
      for (i = 1; i <= NF; i++) if ($i == "frames,") { f += $(i - 1); s += $(i + 1) } }
    /MGL-WL frames=/ { for (i = 1; i <= NF; i++) { split($i, kv, "=");
      if (kv[1] == "frames") f += kv[2]; if (kv[1] == "shared") s += kv[2] } }
    /present-buffer-writes=/ { for (i = 1; i <= NF; i++) { split($i, kv, "=");
      if (kv[1] == "present-buffer-writes") w += kv[2] } }
    END { printf "%d/%d (server present-buffer-writes %d)", s, f, w }'
}
score() { sed -n 's/.*glmark2 Score: *\([0-9]*\).*/\1/p' "$1" | tail -1; }
. "$here/../wayland/weston_headless.sh"
for r in $(seq 1 "$runs"); do
  for d in "${drivers[@]}"; do
    log=$tmp/log-gears-$d-$r
    mkdir -p "$log"
    # shellcheck disable=SC2046
    if [ "$d" = zink ]; then
      gears_run "$tmp/g-$d-$r" 300x300 $(mgl_env "$d" "$log")
    else
      gears_run_mgl "$tmp/g-$d-$r" 300x300 $(mgl_env "$d" "$log")
    fi
    printf 'round %s glxgears %-12s %8s fps\n' "$r" "$d" "$(fps_of "$tmp/g-$d-$r")"
  done
  for d in "${drivers[@]}"; do
    log=$tmp/log-glmark2-$d-$r
    mkdir -p "$log"
    lib=()
    [ "$d" = zink ] || lib=(LD_LIBRARY_PATH="$b/lib" __GLX_VENDOR_LIBRARY_NAME=mgl)
    # shellcheck disable=SC2046
    env "${lib[@]}" $(mgl_env "$d" "$log") xvfb-run -a -s '-screen 0 1024x768x24' \
      glmark2 "${scenes[@]}" >"$tmp/m-$d-$r" 2>&1 || true
    printf 'round %s glmark2  %-12s %8s score  stores %s\n' "$r" "$d" "$(score "$tmp/m-$d-$r")" \
      "$(stored "$log")"
  done
  weston_start "$tmp/weston-$r" >/dev/null
  for d in "${drivers[@]}"; do
    log=$tmp/log-wl-$d-$r
    mkdir -p "$log"
    vend=(__EGL_VENDOR_LIBRARY_FILENAMES="$b/mgl_vendor.json")
    [ "$d" = zink ] && vend=()
    # shellcheck disable=SC2046
    env "${vend[@]}" $(mgl_env "$d" "$log") glmark2-es2-wayland "${scenes[@]}" \
      >"$tmp/w-$d-$r" 2>&1 || true
    printf 'round %s wl       %-12s %8s score  stores %s\n' "$r" "$d" "$(score "$tmp/w-$d-$r")" \
      "$(stored "$log")"
  done
  weston_stop
done
