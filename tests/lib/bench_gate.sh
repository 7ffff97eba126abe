# bench_gate.sh — sourced by gate scripts that run mgl-bench on one arm and read its logs'
# counters (NAME ARM MGL_BENCH_EXE VENDOR_JSON OUT_DIR).
#
#   bench_gate_start NAME ARM VENDOR OUT   sets gate_name and out (OUT/NAME/ARM, made empty),
#                                          exports the arm's environment (surfaceless EGL
#                                          through mgl's vendor file)
#   fail MESSAGE...                        prints "NAME: FAIL: MESSAGE" and exits 1
#   field LINE KEY                         the value of KEY=value in a counters line

bench_gate_start() {
  gate_name=$1
  out=$4/$1/$2
  rm -rf "$out" && mkdir -p "$out"
  export __EGL_VENDOR_LIBRARY_FILENAMES=$3 EGL_PLATFORM=surfaceless MGL_TRANSPORT=$2
  export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
}
fail() { echo "$gate_name: FAIL: $*" >&2; exit 1; }
field() { printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1; }
