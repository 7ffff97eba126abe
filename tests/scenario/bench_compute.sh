#!/bin/bash
# bench_compute.sh ARM MGL_BENCH_EXE VENDOR_JSON OUT_DIR
#
# mgl-bench's compute dispatch cases on mgl: dispatch (glDispatchCompute and the storage
# barrier the next dispatch's read needs) and dispatch_read (the same, read back with
# glGetBufferSubData at every step) run, are not skipped (mgl lists GL_ARB_compute_shader) and
# compute what they should: mgl-bench checks the storage buffer's words after the loop
# (dispatch_read at every step) and exits non-zero, naming the word, where they are wrong.
set -u
arm=$1 exe=$2 vendor=$3 out=$4/bench_compute/$1
rm -rf "$out" && mkdir -p "$out"
export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor EGL_PLATFORM=surfaceless MGL_TRANSPORT=$arm
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
fail() { echo "bench_compute: FAIL: $*" >&2; exit 1; }
if ! MGL_LOG_DIR="$out" "$exe" --case dispatch,dispatch_read --steps 200 --csv \
    >"$out/bench.csv" 2>"$out/bench.err"; then
  cat "$out/bench.csv" "$out/bench.err"
  fail "mgl-bench failed on $arm"
fi
cat "$out/bench.csv"
grep -q skipped "$out/bench.err" && { cat "$out/bench.err"; fail "a case was skipped on $arm"; }
for row in "dispatch,$arm,.*,dispatches/s" "dispatch_read,$arm,.*,us"; do
  line=$(grep -x "$row" "$out/bench.csv") || fail "no row $row"
  v=$(cut -d, -f3 <<<"$line")
  awk -v v="$v" 'BEGIN { exit !(v > 0) }' || fail "row $line is not a positive figure"
done
echo "bench_compute: PASS arm=$arm"
