# bench_gears.sh — sourced by the glxgears benchmarks (bench_glxgears.sh, bench_tcp_bytes.sh),
# whose arguments are BUILD_DIR [RUNS] [SECONDS]:
#
#   gears_init "$@"            sets build, runs (default 2), secs (default 11) and tmp (a
#                              private folder removed at exit, with any mgl-server still running)
#   gears_run OUT GEOM VAR=VALUE...   glxgears (swap interval 0, a GEOM window at 0,0) under a
#                              private Xvfb 1024x768x24 for secs seconds, its output in OUT,
#                              with the environment given; the end by timeout is not a failure
#   gears_run_mgl OUT GEOM VAR=VALUE...   the same through mgl's GLX vendor (compat profile)
#   fps_of OUT                 glxgears' last frames/s report
. "$(dirname "${BASH_SOURCE[0]}")/../lib/mgl_server.sh"

gears_init() {
  build=$(cd "$1" && pwd) runs=${2:-2} secs=${3:-11}
  export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
  unset EGL_PLATFORM WAYLAND_DISPLAY
  tmp=$(mktemp -d)
  trap 'mgl_server_stop; rm -rf "$tmp"' EXIT
}

gears_run() {
  local out=$1 geom=$2
  shift 2
  # line-buffered: glxgears is ended by timeout, and its reports must be in the file by then
  env "$@" xvfb-run -a -s '-screen 0 1024x768x24' timeout "$secs" \
    stdbuf -oL glxgears -swapinterval 0 -geometry "$geom+0+0" >"$out" 2>&1 || true
}

gears_run_mgl() {
  local out=$1 geom=$2
  shift 2
  gears_run "$out" "$geom" LD_LIBRARY_PATH="$build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    __GLX_VENDOR_LIBRARY_NAME=mgl "$@"
}

fps_of() { sed -n 's/.* frames in .* seconds = *\([0-9.]*\) FPS/\1/p' "$1" | tail -1; }
